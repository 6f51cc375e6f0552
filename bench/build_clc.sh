#!/usr/bin/env bash
# Branch clc's GPU assets (issue 10, clusters on the conv path), built here
# from this worktree's build/bin into OUT (default /work/main/gpu-clc,
# carried by the device call as gpu-clc): bench/conv_cases.py's main
# plans and their clustered variants (*_c2, *_c4), the conv harness bundle
# with a share of clustered problems (two of them, the smallest of each
# cluster size, listed in sanitize.txt for compute-sanitizer; HARNESS=0:
# none), dlc-run and this branch's bench scripts.
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup clc "${1:-}"
CASES=${CASES:-s2_c256 s2_c256_c2 s2_c256_c4 s2_c256_silu s2_c256_silu_c2 s2_c128_112 s2_c128_112_c2 s2_c128_112_c4 r50_c128_28 r50_c128_28_c2 r50_c256_14 r50_c256_14_c2}
conv_sources
for c in $CASES; do conv_case $c; done
python3 - "$O" $CASES <<'PY'
import json, sys
o, keep = sys.argv[1], sys.argv[2:]
cases = [c for c in json.load(open(o + "/src/cases.json")) if c["name"] in keep]
json.dump(cases, open(o + "/k/cases.json", "w"), indent=1)
PY
rm -rf "$O/src"
if [ "${HARNESS:-1}" = 1 ]; then
test/gpu/build_bundle.sh "$O/h" --family conv --count "${COUNT:-48}" --seed "${SEED:-1026}" \
  --chip sm_90a --staged 0.3 --cluster 0.45 > "$O/h.log" 2>&1
tail -2 "$O/h.log"
# The smallest clustered problem of each size, for compute-sanitizer.
python3 - "$O/h/src/index.json" > "$O/sanitize.txt" <<'PY'
import json, sys
best = {}
for e in json.load(open(sys.argv[1])):
    for c in ["cluster2", "cluster4"]:
        if "plan=" + c in e["features"]:
            d = dict(kv.split("=") for kv in e["dims"].split())
            size = int(d["N"]) * int(d["Ho"]) * int(d["Wo"]) * int(d["Co"])
            if c not in best or size < best[c][0]:
                best[c] = (size, e["file"].split(".")[0])
print(",".join(v[1] for v in best.values()))
PY
cat "$O/sanitize.txt"
fi
pack_bench run_clc.sh dlc_kernel.py bench_conv.py
