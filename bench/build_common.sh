# shellcheck shell=bash
# Sourced by the bench/build_*.sh scripts HERE (MLIR, no GPU): the set-up
# and steps their GPU assets share (device_common.sh is the device side).
#   build_setup NAME [OUT] [keep]
#                  from the repository root: $B (build/bin, also DLC_BIN
#                  for test/gpu/build_bundle.sh), $O (OUT, default
#                  /work/main/gpu-NAME, carried as gpu-NAME) emptied unless
#                  `keep`, $O/k, dlc-run in $O
#   ptx_example NAME EXAMPLE [PLAN]
#                  examples/EXAMPLE.tiny.mlir through dlc-to-ptx (chip
#                  sm_90a, plan-file PLAN if given) into $O/k/NAME
#   conv_sources   bench/conv_cases.py's cases (tiny files, plan files,
#                  cases.json) into $O/src
#   conv_case CASE [NAME]
#                  $O/src/CASE.tiny.mlir (with its plan file if it has
#                  one) by dlc-compile --chip sm_90a into $O/k/NAME (CASE):
#                  its summary line
#   smoke_ref      the smoke check's reference (device_common.sh's smoke):
#                  dlc-interp of examples/gemm_bias_relu.tiny.mlir at
#                  M=520,K=200,N=300 into $O/ref/s520
#   interp_refs M:K:N...
#                  dlc-interp's references of examples/gemm_bias_relu at
#                  each size into $O/ref/rM
#   tagged_cases   $O/k/cases.json: for every kernel folder $O/k/<case>_<tag>,
#                  its case from $O/src/cases.json under the folder's name
#                  (folders of no case, e.g. GEMMs, left out)
#   sm90a_layers PLANNER-OPTIONS [VERSIONS]
#                  dlc-to-ptx's passes one by one for chip sm_90a, with
#                  PLANNER-OPTIONS given to convert-rbssa-to-plan (e.g.
#                  sizes=M=..,N=..,K=..: the nominal sizes dlc-to-ptx
#                  cannot pass) and tiny-symbol-versions first if
#                  VERSIONS: a --pass-pipeline value
#   program_assets LINES
#                  for each line FILE:SIZES1:SIZES2 ("-": static, one set;
#                  FILE a Frontend JSON or NAME.tiny.mlir of function NAME)
#                  the model by dlc-compile for sm_90a and sm_80 into
#                  $O/NAME/CHIP, and dlc-interp's references (accumulator
#                  products) into $O/NAME/ref1, ref2: the device's
#                  program_checks (device_common.sh) runs them
#   sm90a_bundle NAME ARGS...
#                  test/gpu/build_bundle.sh $O/NAME --chip sm_90a ARGS...:
#                  its last summary line (the log's last lines and exit 1
#                  when it fails)
#   pack_bench FILE...
#                  bench/FILE... and device_common.sh into $O/bench (the
#                  device runs main's checkout: a branch's scripts travel
#                  with its kernels), dlc-run copies below $O deleted
#                  (device_common.sh's harness copies $D/dlc-run in), the
#                  size of $O
sm90a_layers() {
  echo "builtin.module(${2:+tiny-symbol-versions{versions=$2\}, }func.func(tiny-verify), func.func(tiny-expand-broadcasts), convert-tiny-to-indexbook, convert-indexbook-to-rbssa, func.func(rbssa-fold-activations), rbssa-fuse-attention, rbssa-verify, convert-rbssa-to-plan{chip=sm_90a $1}, plan-verify, convert-plan-to-dlcgpu, dlcgpu-verify, dlc-gpu-to-ptx{chip=sm_90a})"
}

build_setup() {
  cd "$(dirname "${BASH_SOURCE[0]}")/.." || return 1
  B=build/bin
  O=${2:-/work/main/gpu-$1}
  export DLC_BIN=$B
  [ "${3:-}" = keep ] || rm -rf "$O"
  mkdir -p "$O/k"
  cp $B/dlc-run "$O/"
}

ptx_example() {
  $B/dlc-opt "examples/$2.tiny.mlir" \
    --pass-pipeline="builtin.module(dlc-to-ptx{chip=sm_90a${3:+ plan-file=$3}})" \
    | $B/dlc-translate - --emit-kernels="$O/k/$1" > /dev/null
}

conv_sources() {
  python3 bench/conv_cases.py --out "$O/src" > /dev/null
}

conv_case() {
  local plan=()
  [ -f "$O/src/$1.plan.json" ] && plan=(--plan-file "$O/src/$1.plan.json")
  $B/dlc-compile "$O/src/$1.tiny.mlir" -o "$O/k/${2:-$1}" --chip sm_90a "${plan[@]}" | grep "^$1"
}

smoke_ref() {
  mkdir -p "$O/ref"
  $B/dlc-interp examples/gemm_bias_relu.tiny.mlir M=520,K=200,N=300 --products accumulator \
    --write-ref "$O/ref/s520" > /dev/null
}

program_assets() {
  local line file s1 s2 name chip k sizes
  for line in $1; do
    IFS=: read -r file s1 s2 <<< "$line"
    name=$(basename "$file" .json)
    name=${name%.tiny.mlir}
    for chip in sm_90a sm_80; do
      "$B/dlc-compile" "$file" -o "$O/$name/$chip" --chip "$chip" --dump=tiny > /dev/null
    done
    k=1
    for sizes in $s1 $s2; do
      [ "$sizes" = - ] && sizes=""
      "$B/dlc-interp" "$O/$name/sm_90a/$name.tiny.mlir" $sizes --products accumulator \
        --write-ref "$O/$name/ref$k" > /dev/null
      k=$((k + 1))
      [ "$s1" = - ] && break
    done
    echo "$name: $(ls "$O/$name/sm_90a"/*.json | wc -l) manifests"
  done
}

sm90a_bundle() {
  local name=$1
  shift
  test/gpu/build_bundle.sh "$O/$name" --chip sm_90a "$@" > "$O/$name.log" 2>&1 ||
    { tail -5 "$O/$name.log"; exit 1; }
  echo "$name: $(grep -E '^compiled' "$O/$name.log" | tail -1)"
  rm -f "$O/$name.log"
}

pack_bench() {
  local f
  mkdir -p "$O/bench"
  for f in "$@" device_common.sh; do cp "bench/$f" "$O/bench/"; done
  find "$O" -mindepth 2 -name dlc-run -delete
  du -sh "$O"
}

interp_refs() {
  local r m k n
  mkdir -p "$O/ref"
  for r in "$@"; do
    IFS=: read -r m k n <<< "$r"
    $B/dlc-interp examples/gemm_bias_relu.tiny.mlir M=$m,K=$k,N=$n --products accumulator \
      --write-ref "$O/ref/r$m" > /dev/null
  done
}

tagged_cases() {
  python3 - "$O" <<'PY'
import json, os, sys
o = sys.argv[1]
src = {c["name"]: c for c in json.load(open(o + "/src/cases.json"))}
names = sorted(n for n in os.listdir(o + "/k") if os.path.isdir(o + "/k/" + n))
cases = [dict(src[n.rsplit("_", 1)[0]], name=n) for n in names
         if n.rsplit("_", 1)[0] in src]
json.dump(cases, open(o + "/k/cases.json", "w"), indent=1)
PY
}
