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
cd "$(dirname "$0")/.."
B=build/bin; O=${1:-/work/main/gpu-sc}; export DLC_BIN=$B
CASES=${CASES:-s2_c256 s2_c256_silu s2_c128_112 r50_c128_28 r50_1x1_c256_56}
VARIANTS=${VARIANTS:-0 1 2 4 7}
rm -rf "$O"; mkdir -p "$O/k"
cp $B/dlc-run "$O/"
python3 bench/conv_cases.py --out "$O/src" > /dev/null
for v in $VARIANTS; do
  for c in $CASES; do
    plan=(); [ -f "$O/src/$c.plan.json" ] && plan=(--plan-file "$O/src/$c.plan.json")
    DLC_SC_VARIANT=$v $B/dlc-compile "$O/src/$c.tiny.mlir" -o "$O/k/${c}_v$v" --chip sm_90a \
      "${plan[@]}" | grep "^$c" | cut -c1-80
    mv "$O/k/${c}_v$v/$c.json" "$O/k/${c}_v$v/${c}_v$v.json"
  done
  DLC_SC_VARIANT=$v $B/dlc-opt examples/gemm_bias_relu.tiny.mlir \
    --pass-pipeline='builtin.module(dlc-to-ptx{chip=sm_90a})' \
    | $B/dlc-translate - --emit-kernels="$O/k/g$v" > /dev/null
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
  mkdir -p "$O/ref"
  $B/dlc-interp examples/gemm_bias_relu.tiny.mlir M=520,K=200,N=300 --products accumulator \
    --write-ref "$O/ref/s520" > /dev/null
  unset DLC_SC_VARIANT
fi
mkdir -p "$O/bench"
cp bench/run_sc.sh bench/device_common.sh bench/dlc_kernel.py bench/bench_conv.py \
  bench/bench_gemm.py "$O/bench/"
find "$O" -mindepth 2 -name dlc-run -delete
du -sh "$O"
