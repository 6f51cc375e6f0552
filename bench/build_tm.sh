#!/usr/bin/env bash
# Branch tm's GPU assets (issues 9-11: the tensor maps' prefetch at kernel
# start), built here into OUT (default /work/main/gpu-tm, carried as
# gpu-tm) by two compilers: TAGS="tag:BIN ..." (default v0 = main's build
# in BASE_BIN, tm = this worktree's build/bin):
#   k/<case>_<tag>   bench/conv_cases.py's CASES (bench_conv.py,
#                    conv_launch.py) and k/cases.json
#   k/g<tag>         the f16 GEMM + bias + ReLU example (bench_gemm.py)
#   a/<tag>          bench/build_attention.sh's kernels (bench_attention.py)
# and with HARNESS=1 this worktree's harness bundles hg (gemm), hc (conv),
# ha (attention), COUNT problems each (the brief's mixes).
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
cd "$(dirname "$0")/.."
O=${1:-/work/main/gpu-tm}
TAGS=${TAGS:-v0:${BASE_BIN:-/work/wt-tm-base/build/bin} tm:build/bin}
CASES=${CASES:-s2_c256 s2_c128_112 s2_c256_silu r50_c128_28}
mkdir -p "$O/k" "$O/a"
cp build/bin/dlc-run "$O/"
python3 bench/conv_cases.py --out "$O/src" > /dev/null
for t in $TAGS; do
  tag=${t%%:*} B=${t#*:}
  for c in $CASES; do
    plan=(); [ -f "$O/src/$c.plan.json" ] && plan=(--plan-file "$O/src/$c.plan.json")
    rm -rf "$O/k/${c}_$tag"
    "$B/dlc-compile" "$O/src/$c.tiny.mlir" -o "$O/k/${c}_$tag" --chip sm_90a \
      "${plan[@]}" > /dev/null
    mv "$O/k/${c}_$tag/$c.json" "$O/k/${c}_$tag/${c}_$tag.json"
  done
  rm -rf "$O/k/g$tag"
  "$B/dlc-opt" examples/gemm_bias_relu.tiny.mlir \
    --pass-pipeline='builtin.module(dlc-to-ptx{chip=sm_90a})' |
    "$B/dlc-translate" - --emit-kernels="$O/k/g$tag" > /dev/null
  rm -rf "$O/a/$tag"
  DLC_BIN=$B bench/build_attention.sh "$O/a/$tag" > /dev/null
  rm -rf "$O/a/$tag/src"
done
tagged_cases  # k/cases.json (build_common.sh)
rm -rf "$O/src"
if [ "${HARNESS:-0}" = 1 ]; then
  export DLC_BIN=build/bin
  n=${COUNT:-30} s=${SEED:-1126}
  rm -rf "$O/hg" "$O/hc" "$O/ha"
  test/gpu/build_bundle.sh "$O/hg" --family gemm --chip sm_90a --staged 0.4 --count $n --seed $s > "$O/hg.log" 2>&1
  test/gpu/build_bundle.sh "$O/hc" --family conv --chip sm_90a --staged 0.3 --count $n --seed $s > "$O/hc.log" 2>&1
  test/gpu/build_bundle.sh "$O/ha" --family attention --chip sm_90a --lse 0.3 --count $n --seed $s > "$O/ha.log" 2>&1
  tail -n1 "$O"/h?.log
fi
mkdir -p "$O/bench"
cp bench/run_tm.sh bench/device_common.sh bench/dlc_kernel.py bench/timing.py \
  bench/bench_conv.py bench/bench_gemm.py bench/bench_attention.py \
  bench/conv_launch.py "$O/bench/"
find "$O" -mindepth 2 -name dlc-run -delete
du -sh "$O"
