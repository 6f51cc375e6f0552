#!/usr/bin/env bash
# Branch cv3's GPU assets (issue 10: per-instruction stall attribution of
# the 3x3 s2 convs, the clock per variant), built here from this
# worktree's build/bin into OUT (default /work/main/gpu-cv3, carried as
# gpu-cv3): bench/conv_cases.py's CASES compiled once per TAG (CASES=
# none: no conv), each tag a
# compiler state named by the caller (TAGS="v0:ENV v1:ENV ...": the
# environment the compiler runs under, e.g. DLC_SC_VARIANT=1 with
# bench/sc-variants.patch applied; "-" for none) as k/<case>_<tag>; with
# HARNESS=1 the conv harness bundle (the brief's mix) as h/.
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
cd "$(dirname "$0")/.."
B=build/bin; O=${1:-/work/main/gpu-cv3}; export DLC_BIN=$B
CASES=${CASES:-s2_c256 s2_c128_112}; [ "$CASES" = none ] && CASES=
TAGS=${TAGS:-v0:-}
mkdir -p "$O/k"
cp $B/dlc-run "$O/"
python3 bench/conv_cases.py --out "$O/src" > /dev/null
for t in $TAGS; do
  tag=${t%%:*}; env=${t#*:}; [ "$env" = - ] && env=
  for c in $CASES; do
    plan=(); [ -f "$O/src/$c.plan.json" ] && plan=(--plan-file "$O/src/$c.plan.json")
    rm -rf "$O/k/${c}_$tag"
    env $env $B/dlc-compile "$O/src/$c.tiny.mlir" -o "$O/k/${c}_$tag" --chip sm_90a \
      "${plan[@]}" | grep "^$c" | cut -c1-80
    mv "$O/k/${c}_$tag/$c.json" "$O/k/${c}_$tag/${c}_$tag.json"
  done
done
tagged_cases  # k/cases.json (build_common.sh)
rm -rf "$O/src"
# GEMM=TAG: the f16 GEMM + bias + ReLU example as k/g<TAG>
if [ -n "${GEMM:-}" ]; then
  rm -rf "$O/k/g$GEMM"
  $B/dlc-opt examples/gemm_bias_relu.tiny.mlir \
    --pass-pipeline='builtin.module(dlc-to-ptx{chip=sm_90a})' \
    | $B/dlc-translate - --emit-kernels="$O/k/g$GEMM" > /dev/null
fi
if [ "${HARNESS:-0}" = 1 ]; then
  rm -rf "$O/h" "$O/hg"
  test/gpu/build_bundle.sh "$O/h" --family conv --count "${COUNT:-56}" --seed "${SEED:-1127}" \
    --chip sm_90a --staged 0.3 --transform 0.2 > "$O/h.log" 2>&1
  tail -1 "$O/h.log"
  test/gpu/build_bundle.sh "$O/hg" --family gemm --count "${COUNT_G:-24}" --seed "${SEED:-1127}" \
    --chip sm_90a --staged 0.4 --whole 0.4 > "$O/hg.log" 2>&1
  tail -1 "$O/hg.log"
fi
mkdir -p "$O/bench"
cp bench/run_cv3.sh bench/device_common.sh bench/dlc_kernel.py bench/bench_conv.py \
  bench/bench_gemm.py bench/ncu_conv.py bench/conv_clocks.py bench/conv_launch.py "$O/bench/"
find "$O" -mindepth 2 -name dlc-run -delete
du -sh "$O"
