#!/usr/bin/env bash
# ON THE GPU MACHINE, from the repository root: fa10's one call — the SM90
# flash kernels with a share of P's exp2 on the FMA pipe (algo_choice exp2
# polyK) timed beside main's and SDPA (default, flash, cuDNN), then checked.
# mt / mtm: a scratch build (not committed) whose row max runs as four
# chains a row instead of one, with the default exp2 / with "mufu".
# $1 holds dlc-run, bench/ (this branch's bench_attention.py, dlc_kernel.py,
# device_common.sh), k/{main,new,p1,p2,p3}/ (bench/build_attention.sh with
# main's compiler and this branch's; pK: plan file exp2 = "polyK" on the
# four bench models), sass/*.cubin (ptxas here) and hb/ (build_bundle.sh
# --family attention --chip sm_90a --lse 0.3 --many 0.3).
set -u
D="$(cd "${1:?usage: run_fa10.sh DIR}" && pwd)"
. "$D/bench/device_common.sh"
device_setup
cuobj=$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump 2>/dev/null | head -1)
for c in "$D"/sass/*.cubin; do
  "$cuobj" -sass "$c" > /tmp/s.txt 2>/dev/null
  echo "SASS $(basename "$c"): $(grep -cE '^ +/\*[0-9a-f]{4}\*/' /tmp/s.txt) instr," \
    "MUFU.EX2 $(grep -c 'MUFU.EX2' /tmp/s.txt), FFMA $(grep -c ' FFMA' /tmp/s.txt)," \
    "FMNMX $(grep -c 'FMNMX' /tmp/s.txt), FRND $(grep -c 'FRND' /tmp/s.txt), F2I $(grep -c 'F2I' /tmp/s.txt)," \
    "IMAD $(grep -c 'IMAD' /tmp/s.txt), SHF/SHL $(grep -cE ' SHF| SHL' /tmp/s.txt)"
done
cd "$D/bench"
if [ -d "$K/qdb" ]; then # run fa10-4: two Q buffers, four K/V stages
  el "bench a"
  timeout 150 python3 bench_attention.py --kernels "main=$K/main" --kernels "qdb=$K/qdb" \
    --kernels "st4=$K/st4" --kernels "qst4=$K/qst4" --out "$OUT/attention-a.json" 2>&1 | grep -v Warn
  el "bench b"
  timeout 80 python3 bench_attention.py --kernels "qst4=$K/qst4" --kernels "st4=$K/st4" \
    --kernels "qdb=$K/qdb" --kernels "main=$K/main" --only d64 --out "$OUT/attention-b.json" 2>&1 | grep -v Warn
  el "bench c"
  timeout 80 python3 bench_attention.py --kernels "main=$K/main" --kernels "qdb=$K/qdb" \
    --kernels "st4=$K/st4" --kernels "qst4=$K/qst4" --only d64 --out "$OUT/attention-c.json" 2>&1 | grep -v Warn
elif [ -d "$K/ones" ]; then # run fa10-2: the row sums by the P V wgmma
  el "bench a"
  timeout 120 python3 bench_attention.py --kernels "main=$K/main" --kernels "ones=$K/ones" \
    --out "$OUT/attention-a.json" 2>&1 | grep -v Warn
  el "bench b"
  timeout 60 python3 bench_attention.py --kernels "ones=$K/ones" --kernels "main=$K/main" \
    --only d64 --out "$OUT/attention-b.json" 2>&1 | grep -v Warn
  el "bench c"
  timeout 60 python3 bench_attention.py --kernels "main=$K/main" --kernels "ones=$K/ones" \
    --only d64 --out "$OUT/attention-c.json" 2>&1 | grep -v Warn
else # run fa10-1: exp2 on the FMA pipe, four max chains
  el "bench a"
  timeout 150 python3 bench_attention.py --kernels "main=$K/main" --kernels "new=$K/new" \
    --kernels "p1=$K/p1" --kernels "p2=$K/p2" --kernels "p3=$K/p3" --kernels "mt=$K/mt" \
    --kernels "mtm=$K/mtm" --out "$OUT/attention-a.json" 2>&1 | grep -v Warn
  el "bench b"
  timeout 100 python3 bench_attention.py --kernels "mtm=$K/mtm" --kernels "mt=$K/mt" \
    --kernels "p2=$K/p2" --kernels "new=$K/new" --kernels "main=$K/main" --only d64 \
    --out "$OUT/attention-b.json" 2>&1 | grep -v Warn
fi
cd - > /dev/null
el "harness + sanitizers ($SAN)"
for h in hb hbA hbB; do [ -d "$D/$h" ] && cp "$D/dlc-run" "$D/$h/dlc-run"; done
if [ -d "$D/hb" ]; then harness 60 30 hb:8; else harness 60 30 hbA:5 hbB:3; fi
H=$D/hb; [ -d "$H" ] || H=$D/hbA
for c in $SAN; do
  for tool in memcheck racecheck; do
    bash "$H/run_bundle.sh" "$H" --only "$c" --sanitize $tool --timeout 90 2>&1 | tail -2 | paste -sd' ' | sed "s/^/$tool $c: /"
  done
done > "$OUT/sanitize.txt" 2>&1 &
checks_done sanitize.txt
el "done"
