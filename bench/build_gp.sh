#!/usr/bin/env bash
# Branch gp's GPU assets (issue 10, narrow grouped convs), built here from
# this worktree's build/bin into OUT (default /work/main/gpu-gp, carried as
# gpu-gp): bench/conv_cases.py's grouped cases (the planner's and the
# forced plans), the kernels already in $PROBE (default /tmp/gpk/k: the
# probe variants, compiled by hand), the conv harness bundle with grouped
# convs (its smallest planner-packed 256-row problem in sanitize.txt),
# dlc-run and the bench scripts.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build/bin; O=${1:-/work/main/gpu-gp}; export DLC_BIN=$B
CASES=${CASES:-g32_c256_56 g32_c256_56_sm80 g32_c256_56_sm90p g32_c256_56_sm90p256 g32_c512_28 g32_c512_28_sm90p g32_c512_28_sm90p256 g4_c256_56 g8_c512_28}
PROBES=${PROBES:-g32_c256_56_sm90p_inb}
mkdir -p "$O/k"
cp $B/dlc-run "$O/"
python3 bench/conv_cases.py --out "$O/src" > /dev/null
for c in $CASES; do
  plan=(); [ -f "$O/src/$c.plan.json" ] && plan=(--plan-file "$O/src/$c.plan.json")
  rm -rf "$O/k/$c"
  $B/dlc-compile "$O/src/$c.tiny.mlir" -o "$O/k/$c" --chip sm_90a "${plan[@]}" | grep "^$c"
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
mkdir -p "$O/bench"
cp bench/run_gp.sh bench/device_common.sh bench/dlc_kernel.py bench/bench_conv.py bench/ncu_conv_probe.py "$O/bench/"
find "$O" -mindepth 2 -name dlc-run -delete
du -sh "$O"
