# shellcheck shell=bash
# Sourced by the bench/run_*.sh scripts ON THE GPU MACHINE (from the
# repository root; $D is the folder of kernels and bundles the call
# carried): the set-up and the sharded harness their device calls share.
#   device_setup   $OUT (default /tmp/out), unbuffered Python, $T0, the
#                  GPU's name and driver, $cs and $ncu (compute-sanitizer,
#                  ncu: on PATH or in /usr/local/cuda*/bin), $D/dlc-run
#                  executable, $ROOT (the folder it runs in) and $K
#                  ($D/k: the kernels; a script with them elsewhere sets
#                  K after)
#   el MESSAGE     MESSAGE after the seconds since device_setup
#   sass_of LABEL PTX
#                  PTX compiled by the machine's ptxas for sm_90a and
#                  disassembled (cuobjdump -sass, encodings dropped) into
#                  /tmp/LABEL.sass ($OUT/LABEL.sass too with SASS_KEEP=1),
#                  bench/sass_marks.py's condensed listing in
#                  $OUT/LABEL.marks; prints its wgmma waits (runs nb-1..7)
#   dlc_tflops KERNEL SIZES
#                  dlc-run's TFLOP/s of $K/KERNEL/gemm_bias_relu.json at
#                  SIZES (M=..,K=..,N=..; 30 launches after 5)
#   smoke LABEL KERNEL [TIMEOUT]
#                  $K/KERNEL/gemm_bias_relu.json against dlc-interp's
#                  reference $D/ref/s520 (M = 520: an odd tile-row count)
#                  by dlc-run, TIMEOUT seconds (30): a line "smoke LABEL
#                  rc=N: ..." and its status; its log in /tmp/smoke.txt
#   ncu_probe LABEL SHOW COMMAND...
#                  COMMAND (an ncu command line) with its output appended
#                  to $OUT/ncu.log under "== ncu LABEL rc=N"; prints that
#                  line, the kernels' names and the lines matching SHOW
#   conv_bench SECONDS
#                  bench_conv.py (from $BD) of $K's kernels beside cuDNN
#                  in one process, SECONDS at most: $OUT/bench.txt,
#                  $OUT/conv.json; prints "bench rc=N"
#   conv_passes SECONDS CASES
#                  bench_conv.py (bench/, --rounds 3) of $K's CASES (comma-
#                  separated) beside cuDNN, twice: $OUT/conv-{1,2}.{json,txt},
#                  each table printed
#   repeat_launches FILE TIMEOUT SCRIPT LAUNCHES CASE...
#                  splitk_repeat.py (SCRIPT) of the CASEs (manifest@sizes,
#                  every output and counter checked after each of
#                  LAUNCHES launches) into $OUT/FILE, its status last
#   checks_done FILE...
#                  `wait` for the background checks, then harness_report
#                  and $OUT/FILE...
#   harness BUDGET TIMEOUT BUNDLE:SHARDS...
#                  each bundle $D/BUNDLE (its PTX unpacked once here, not
#                  by every shard, whatever the family; $D/dlc-run, if
#                  any, copied in) run by SHARDS run_bundle.sh processes in
#                  the background, BUDGET seconds each, TIMEOUT a problem
#                  ($OUT/harness$i.txt, $shards of them in all); `wait` after;
#                  HARNESS_ITERS=N: each problem also launched N more
#                  times after its check (run_bundle.sh --iters), so that
#                  an intermittent hang shows as a timeout (run bx-3)
#   harness_report each shard's last line and failures, then all of them
#                  in $OUT/harness.txt
#   harness_logged LOG ITERS BUDGET TIMEOUT BUNDLE:SHARDS...
#                  harness of the bundles from shard 0 with
#                  HARNESS_ITERS=ITERS, `wait`, harness_report, its
#                  $OUT/harness.txt renamed $OUT/LOG
#   attention_orders DIR TIMEOUT "LABEL..." ... -- BENCH_ARGS...
#                  bench_attention.py once per quoted order of kernel
#                  labels (--kernels LABEL=$ROOT/DIR/LABEL in that
#                  order) with BENCH_ARGS, TIMEOUT seconds each:
#                  $OUT/attention-FIRST-first.{json,txt} (FIRST the
#                  order's first label); prints "order ... rc=N" and the
#                  table
#   bundle_checks BUNDLE SHARDS LIST
#                  harness of $D/BUNDLE in SHARDS shards (20 more launches a
#                  problem; $OUT/harness.txt), the same under schedule
#                  fuzzing ($OUT/harness-jitter.txt), then memcheck and
#                  racecheck of the problems LIST (bundle_sanitize)
#   bundles_plain_and_jittered BUNDLE:SHARDS...
#                  harness of each $D/BUNDLE in SHARDS shards (20 more
#                  launches a problem, 150 s a problem at most;
#                  $OUT/harness-plain.txt), then the same under schedule
#                  fuzzing ($OUT/harness-jitter.txt)
#   jitter_copies SHARDS BUNDLE_DIR...
#                  each bundle copied to $D/NAME-jt with its kernels under
#                  schedule fuzzing (bench/ptx_jitter.py; NAME: the
#                  folder's name), and "NAME-jt:SHARDS" added to the array
#                  $jittered, harness's arguments for them (run hg-4)
#   bundle_sanitize BUNDLE LIST
#                  compute-sanitizer memcheck and racecheck on the bundle
#                  $D/BUNDLE's problems LIST (run_bundle.sh --sanitize,
#                  which checks the answers too), in the background beside
#                  the shards; `wait`, then bundle_sanitize_report
#   harness_sanitized BUDGET BUNDLE SHARDS LIST
#                  harness BUDGET 60 BUNDLE:SHARDS beside bundle_sanitize
#                  BUNDLE LIST, `wait`, both reports
#   plans_bench NAME FORM SIZES KERNEL-ARG...
#                  bench_plans.py (from $PLANS_PY, default bench; bench/
#                  on PYTHONPATH) of the kernels (--kernel NAME=MANIFEST
#                  arguments) of one FORM (gemm, bmm4) at SIZES beside
#                  torch, ROUNDS (3) rotating rounds of REP ms (100):
#                  $OUT/NAME.txt and .json, 150 s at most; prints
#                  "NAME rc=N"
#   gemm_vs NAME KERNEL BASE SIZES
#                  bench_gemm.py (from $BD, default bench; --no-triton) of
#                  $K/KERNEL against $K/BASE (--baseline) and cuBLAS at
#                  SIZES in one process, GEMM_VS_TIMEOUT seconds (150),
#                  ROUNDS rounds if set (bench_gemm.py --rounds):
#                  its output appended to $OUT/bench.log, its JSON
#                  $OUT/gemm-NAME.json; prints the table's last TAILN (6)
#                  lines and any error
#   run_check DIR LABEL TIMEOUT COMMAND...
#                  COMMAND (a dlc-run check, or one under compute-sanitizer)
#                  with --iters 0, its log DIR/LABEL.txt, TIMEOUT seconds:
#                  a line "LABEL rc=N: " and its verdict lines
#   gemm_checks DIR NEW SIZES...
#                  run_check (logs in DIR) of $K/NEW-gemm_bias_relu[_bf16]:
#                  f16 against dlc-interp's references $D/ref/r520 and
#                  $D/ref/r2100, both against $K/main-... (--ref) at each
#                  of SIZES (M=..,K=..,N=..), then compute-sanitizer
#                  memcheck and racecheck of f16 at r2100
#   sanitize TIMEOUT CASE...
#                  each CASE "TOOL KERNEL SYMBOLS" (the kernel
#                  $K/KERNEL/gemm_bias_relu.json at SYMBOLS, two launches)
#                  under compute-sanitizer TOOL; a line each
device_setup() {
  OUT="${OUT:-/tmp/out}"
  mkdir -p "$OUT"
  export PYTHONUNBUFFERED=1
  T0=$(date +%s)
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  cs=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
  ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
  [ -f "$D/dlc-run" ] && chmod +x "$D/dlc-run"
  ROOT=$(pwd)
  K=$D/k
  return 0
}

el() { echo "[$(( $(date +%s) - T0 ))s] $*"; }

sass_of() {
  local px cx
  px=$(command -v ptxas || ls /usr/local/cuda*/bin/ptxas | head -1)
  cx=$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump | head -1)
  "$px" -arch=sm_90a "$2" -o "/tmp/$1.cubin" &&
    "$cx" -sass "/tmp/$1.cubin" | grep -v '^\s*/\* 0x' > "/tmp/$1.sass"
  [ -n "${SASS_KEEP:-}" ] && cp "/tmp/$1.sass" "$OUT/$1.sass"
  python3 bench/sass_marks.py "/tmp/$1.sass" > "$OUT/$1.marks"
  echo "== $1: $(wc -l < "/tmp/$1.sass") SASS lines"
  grep -n "DEPBAR" "$OUT/$1.marks"
}

dlc_tflops() {
  timeout 30 "$D/dlc-run" "$K/$1/gemm_bias_relu.json" "$2" --iters 30 --warmup 5 2>&1 \
    | grep -o '[0-9.]* TFLOP/s' | cut -d' ' -f1
}

smoke() {
  local rc
  timeout "${3:-30}" "$D/dlc-run" "$K/$2/gemm_bias_relu.json" M=520,K=200,N=300 \
    --ref-data "$D/ref/s520" > /tmp/smoke.txt 2>&1
  rc=$?
  echo "smoke $1 rc=$rc: $(grep -iE 'pass|fail|match|wrong|error|time' /tmp/smoke.txt | head -3 | paste -sd' ')"
  return $rc
}

ncu_probe() {
  local label=$1 show=$2 rc
  shift 2
  "$@" > /tmp/ncu.txt 2>&1
  rc=$?
  echo "== ncu $label rc=$rc" | tee -a "$OUT/ncu.log"
  cat /tmp/ncu.txt >> "$OUT/ncu.log"
  grep -E "^  [a-zA-Z_0-9]+.*\(|$show" /tmp/ncu.txt | grep -v "^==PROF" | sed 's/  */ /g'
}

conv_bench() {
  (cd "$BD" && timeout "$1" python3 bench_conv.py --kernels "$ROOT/$K" \
    --out "$OUT/conv.json" > "$OUT/bench.txt" 2>&1)
  echo "bench rc=$?"
}

conv_passes() {
  local pass
  for pass in 1 2; do
    (cd bench && timeout "$1" python3 bench_conv.py --kernels "$ROOT/$K" --rounds 3 \
      --only "$2" --out "$OUT/conv-$pass.json" > "$OUT/conv-$pass.txt" 2>&1)
    echo "conv pass $pass rc=$?"; cut -c1-200 "$OUT/conv-$pass.txt"; el "conv $pass"
  done
}

repeat_launches() {
  local file=$1 tmo=$2 script=$3 launches=$4
  shift 4
  timeout "$tmo" python3 "$script" --launches "$launches" "$@" > "$OUT/$file" 2>&1
  echo "repeat rc=$?" >> "$OUT/$file"
}

checks_done() {
  local f
  wait
  el "checks done"
  harness_report
  for f in "$@"; do cat "$OUT/$f"; done
}

shards=0
harness() {
  local budget=$1 tmo=$2 b n s names only gz
  shift 2
  for b in "$@"; do
    n=${b#*:}
    b=${b%:*}
    [ -f "$D/$b/problems.txt" ] || continue
    [ -f "$D/dlc-run" ] && cp "$D/dlc-run" "$D/$b/dlc-run"
    chmod +x "$D/$b/dlc-run"
    for gz in "$D/$b"/*/*.ptx.gz; do
      [ -f "$gz" ] && gzip -dc "$gz" > "${gz%.gz}"
    done
    names=$(cut -f1 "$D/$b/problems.txt")
    for s in $(seq 0 $((n - 1))); do
      only=$(echo "$names" | awk -v s=$s -v n=$n 'NR % n == s' | paste -sd,)
      bash "$D/$b/run_bundle.sh" "$D/$b" --only "$only" --budget "$budget" \
        --timeout "$tmo" --log "/tmp/hlog$shards" ${HARNESS_ITERS:+--iters "$HARNESS_ITERS"} \
        > "$OUT/harness$shards.txt" 2>&1 &
      shards=$((shards + 1))
    done
  done
}

harness_logged() {
  local log=$1 iters=$2
  shift 2
  shards=0
  HARNESS_ITERS=$iters harness "$@"
  wait
  harness_report
  mv "$OUT/harness.txt" "$OUT/$log"
}

attention_orders() {
  local dir=$1 tmo=$2 order v orders=() args
  shift 2
  while [ "$1" != "--" ]; do
    orders+=("$1")
    shift
  done
  shift
  for order in "${orders[@]}"; do
    args=()
    for v in $order; do args+=(--kernels "$v=$ROOT/$dir/$v"); done
    PYTHONPATH=bench timeout "$tmo" python3 bench/bench_attention.py "${args[@]}" "$@" \
      --out "$OUT/attention-${order%% *}-first.json" > "$OUT/attention-${order%% *}-first.txt" 2>&1
    echo "order $order rc=$?"
    cut -c1-330 "$OUT/attention-${order%% *}-first.txt"
    el "attention"
  done
}

bundle_checks() {
  harness_logged harness-plain.txt 20 110 120 "$1:$2"
  el "harness"
  jittered=()
  jitter_copies "$2" "$D/$1"
  harness_logged harness-jitter.txt 20 110 150 "${jittered[@]}"
  el "harness under jitter"
  mv "$OUT/harness-plain.txt" "$OUT/harness.txt"
  bundle_sanitize "$1" "$3"
  wait
  bundle_sanitize_report
  el "sanitizers"
}

bundles_plain_and_jittered() {
  local b
  harness_logged harness-plain.txt 20 110 150 "$@"
  el "harness"
  jittered=()
  for b in "$@"; do jitter_copies "${b#*:}" "$D/${b%:*}"; done
  harness_logged harness-jitter.txt 20 110 150 "${jittered[@]}"
  el "harness under jitter"
}

jitter_copies() {
  local n=$1 b
  shift
  for b in "$@"; do
    python3 bench/ptx_jitter.py "$b" "$D/$(basename "$b")-jt" > /dev/null
    jittered+=("$(basename "$b")-jt:$n")
  done
}

harness_report() {
  local i
  for i in $(seq 0 $((shards - 1))); do
    tail -1 "$OUT/harness$i.txt"
    grep -E "FAIL|ERROR|TIMEOUT|CRASH|SANITIZER|not run" "$OUT/harness$i.txt" | head -5
  done
  cat "$OUT"/harness[0-9]*.txt > "$OUT/harness.txt"
  rm -f "$OUT"/harness[0-9]*.txt
}

plans_bench() {
  local name=$1 form=$2 sizes=$3
  shift 3
  PYTHONPATH=$ROOT/bench timeout 150 python3 "${PLANS_PY:-bench}/bench_plans.py" \
    --form "$form" "$@" --sizes "$sizes" --rounds "${ROUNDS:-3}" --rep "${REP:-100}" \
    --json "$OUT/$name.json" > "$OUT/$name.txt" 2>&1
  echo "$name rc=$?"
}

gemm_vs() {
  local root
  root=$(pwd)
  (cd "${BD:-bench}" && timeout "${GEMM_VS_TIMEOUT:-150}" python3 bench_gemm.py \
    --no-triton --manifest "$root/$K/$2/gemm_bias_relu.json" \
    --baseline "$root/$K/$3/gemm_bias_relu.json" --sizes "$4" \
    --json "$OUT/gemm-$1.json" ${ROUNDS:+--rounds "$ROUNDS"} > /tmp/bench.txt 2>&1)
  echo "== bench $1 ($2 vs base $3) rc=$?" | tee -a "$OUT/bench.log"
  cat /tmp/bench.txt >> "$OUT/bench.log"
  grep "^|" /tmp/bench.txt | tail -"${TAILN:-6}"
  grep -iE "error|traceback" /tmp/bench.txt | head -5
}

run_check() {
  local dir=$1 label=$2 tmo=$3
  shift 3
  timeout "$tmo" "$@" --iters 0 > "$dir/$label.txt" 2>&1
  echo "$label rc=$?: $(grep -iE 'pass|fail|mismatch|error summary|racecheck summary|wrong' "$dir/$label.txt" | tail -2 | paste -sd' ' | cut -c1-200)"
}

gemm_checks() {
  local dir=$1 new=$2 e n r s t
  shift 2
  for e in gemm_bias_relu gemm_bias_relu_bf16; do
    n=$K/$new-$e/gemm_bias_relu.json
    if [ $e = gemm_bias_relu ]; then
      for r in r520 r2100; do run_check "$dir" "ref-$e-$r" 60 "$D/dlc-run" "$n" --ref-data "$D/ref/$r"; done
    fi
    for s in "$@"; do
      run_check "$dir" "vs-$e-$s" 60 "$D/dlc-run" "$n" "$s" --ref "$K/main-$e/gemm_bias_relu.json"
    done
  done
  for t in memcheck racecheck; do
    run_check "$dir" "san-$t" 240 "$cs" --tool $t --error-exitcode 99 "$D/dlc-run" \
      "$K/$new-gemm_bias_relu/gemm_bias_relu.json" --ref-data "$D/ref/r2100"
  done
}

sanitize() {
  local tmo=$1 c
  shift
  for c in "$@"; do
    set -- $c
    timeout "$tmo" "$cs" --tool "$1" --error-exitcode 99 "$D/dlc-run" \
      "$K/$2/gemm_bias_relu.json" "$3" --iters 2 --warmup 1 > /tmp/san.txt 2>&1
    echo "$1 $2 $3: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|hazard|mismatch|PASS|FAIL' /tmp/san.txt | tail -2 | paste -sd' ')"
  done
}

bundle_sanitize() {
  local tool
  san_list=$2
  for tool in memcheck racecheck; do
    bash "$D/$1/run_bundle.sh" "$D/$1" --only "$2" --sanitize $tool \
      --timeout 120 --budget 100 --log /tmp/san-$tool > "$OUT/san-$tool.txt" 2>&1 &
  done
}

harness_sanitized() {
  harness "$1" 60 "$2:$3"
  bundle_sanitize "$2" "$4"
  wait
  harness_report
  bundle_sanitize_report
}

bundle_sanitize_report() {
  local tool
  for tool in memcheck racecheck; do
    echo "== $tool ($san_list)"
    grep -E "PASS|FAIL|ERROR|SANITIZER|TIMEOUT|passed" "$OUT/san-$tool.txt" | tail -4
  done
}

# Every program $D/NAME/{sm_90a,sm_80} (bench/build_common.sh's
# program_assets) against each of its references $D/NAME/ref*: dlc-run's
# verdict line, and the totals in $pass and $fail. `program_tolerance
# NAME`, when defined, gives extra dlc-run flags for a program.
program_checks() {
  local m name chip r v tol
  pass=0 fail=0
  for m in "$D"/*/; do
    name=$(basename "$m")
    [ -d "$m/sm_90a" ] || continue
    tol=""
    declare -F program_tolerance > /dev/null && tol=$(program_tolerance "$name")
    for chip in sm_90a sm_80; do
      for r in "$m"/ref*; do
        v=$("$D/dlc-run" "$m/$chip/$name.json" --ref-data "$r" --iters 0 $tol 2>&1 | grep -E '^verdict|^check' | tail -1 | cut -c1-170)
        echo "$name $chip $(basename "$r"): $v"
        case "$v" in *PASS*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)) ;; esac
      done
    done
  done
}

# program_sanitized NAME:REF...: compute-sanitizer memcheck and racecheck
# on program $D/NAME's sm_90a model against its reference $D/NAME/REF, a
# line "NAME TOOL: ..." each (the summary and the verdict).
program_sanitized() {
  local spec name tool
  for spec in "$@"; do
    name=${spec%%:*}
    for tool in memcheck racecheck; do
      echo "$name $tool: $($cs --tool $tool "$D/dlc-run" "$D/$name/sm_90a/$name.json" --ref-data "$D/$name/${spec#*:}" --iters 0 2>&1 | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|verdict' | tr '\n' ' ')"
    done
  done
}

# timed_models "VARIANT..." NAME:SIZES...: for each model NAME at SIZES
# (symbols; empty for a static one) and each VARIANT whose
# $D/t/NAME/VARIANT/NAME.json exists (bench/build_*.sh's timing models,
# e.g. "new old"), dlc-run's median of 20 launches, a line
# "NAME SIZES VARIANT: time ..." (100 s at most each).
timed_models() {
  local variants=$1 spec n s v
  shift
  for spec in "$@"; do
    n=${spec%%:*} s=${spec#*:}
    for v in $variants; do
      [ -f "$D/t/$n/$v/$n.json" ] || continue
      echo "$n $s $v: $(timeout 100 "$D/dlc-run" "$D/t/$n/$v/$n.json" $s --iters 20 2>&1 | grep -E '^time|^program' | tail -1 | cut -c1-150)"
    done
  done
}
