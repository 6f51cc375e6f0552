#!/usr/bin/env bash
# Branch gp's GPU assets (issue 10, narrow grouped convs), built here from
# this worktree's build/bin into OUT (default /work/main/gpu-gp, carried as
# gpu-gp): bench/conv_cases.py's grouped cases (the planner's and the
# forced plans), the kernels already in $PROBE (default /tmp/gpk/k: run
# gp-1's hand-compiled probe; PROBES=none for none), the conv harness
# bundle with grouped convs (HARNESS=0: none; run gp-2's draw, its
# sanitizer problems in sanitize.txt), dlc-run and the bench scripts.
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup gp "${1:-}" keep
CASES=${CASES:-g32_c256_56 g32_c256_56_sm80 g32_c256_56_sm90p g32_c256_56_sm90p256 g32_c512_28 g32_c512_28_sm90p g32_c512_28_sm90p256 g4_c256_56 g8_c512_28}
PROBES=${PROBES:-g32_c256_56_sm90p_inb}
[ "$PROBES" = none ] && PROBES=""
conv_sources
for c in $CASES; do
  rm -rf "$O/k/$c"
  conv_case $c
done
for c in $PROBES; do
  rm -rf "$O/k/$c"; cp -r "${PROBE:-/tmp/gpk/k}/$c" "$O/k/$c"
done
python3 - "$O" $CASES $PROBES <<'PY'
import json, sys
o, keep = sys.argv[1], sys.argv[2:]
cases = {c["name"]: c for c in json.load(open(o + "/src/cases.json"))}
out = []
for k in keep:
    base = k[:-4] if k.endswith("_inb") else k
    out.append(dict(cases[base], name=k))
json.dump(out, open(o + "/k/cases.json", "w"), indent=1)
PY
rm -rf "$O/src"
if [ "${HARNESS:-1}" = 1 ]; then
  rm -rf "$O/h"
  test/gpu/build_bundle.sh "$O/h" --family conv --count 80 --seed 2614 \
    --chip sm_90a --grouped 0.8 > "$O/h.log" 2>&1
  tail -1 "$O/h.log"
  echo c075,c004 > "$O/sanitize.txt" # 3x3 on 9 stages, 5x1 on 5: kept
fi
pack_bench run_gp.sh dlc_kernel.py bench_conv.py ncu_conv_probe.py
