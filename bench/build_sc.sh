#!/usr/bin/env bash
# Branch sc's GPU assets (issue 10: the SM90 skeleton's producer loop and
# consumer release), built here from this worktree's build/bin into OUT
# (default /work/main/gpu-sc, carried as gpu-sc). Build first with
# bench/sc-variants.patch applied (`git apply`): the switch DLC_SC_VARIANT
# exists only there (the variants were measured and dropped,
# bench/RESULTS.md run sc-1..2). Each kernel is built once per
# DLC_SC_VARIANT (a bit mask:
# 1 only warp 0 of the producer warpgroup runs the load loop, 2 one
# empty-barrier arrival per consumer warp without a cluster, 4 the ring's
# stage and parity in 32-bit arithmetic; 0 is main's kernel): the conv
# cases of bench/conv_cases.py as k/<case>_v<V>, the f16 GEMM + bias +
# ReLU as k/g<V>; then with VARIANTS_H (default 7) the GEMM and conv
# harness bundles and the sanitizer's references.
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup sc "${1:-}"
CASES=${CASES:-s2_c256 s2_c256_silu s2_c128_112 r50_c128_28 r50_1x1_c256_56}
VARIANTS=${VARIANTS:-0 1 2 4 7}
conv_sources
for v in $VARIANTS; do
  for c in $CASES; do
    DLC_SC_VARIANT=$v conv_case $c ${c}_v$v | cut -c1-80
    mv "$O/k/${c}_v$v/$c.json" "$O/k/${c}_v$v/${c}_v$v.json"
  done
  DLC_SC_VARIANT=$v ptx_example g$v gemm_bias_relu
done
python3 - "$O" "$CASES" "$VARIANTS" <<'PY'
import json, sys
o, keep, variants = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
src = {c["name"]: c for c in json.load(open(o + "/src/cases.json"))}
# Case by case, the variants side by side (the same clocks for each).
cases = [dict(src[c], name="%s_v%s" % (c, v)) for c in keep for v in variants]
json.dump(cases, open(o + "/k/cases.json", "w"), indent=1)
PY
rm -rf "$O/src"
if [ "${HARNESS:-1}" = 1 ]; then
  export DLC_SC_VARIANT=${VARIANTS_H:-7}
  test/gpu/build_bundle.sh "$O/hg" --family gemm --count "${COUNT_G:-44}" --seed "${SEED:-1126}" \
    --chip sm_90a --staged 0.4 --whole 0.4 > "$O/hg.log" 2>&1
  tail -1 "$O/hg.log"
  test/gpu/build_bundle.sh "$O/hc" --family conv --count "${COUNT_C:-32}" --seed "${SEED:-1126}" \
    --chip sm_90a --staged 0.3 > "$O/hc.log" 2>&1
  tail -1 "$O/hc.log"
  smoke_ref
  unset DLC_SC_VARIANT
fi
pack_bench run_sc.sh dlc_kernel.py bench_conv.py bench_gemm.py
