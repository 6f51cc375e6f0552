#!/usr/bin/env bash
# Branch pp's GPU assets (issues 9/10: the SM90 ping-pong schedule), built
# here with this worktree's build/bin into OUT (default /work/main/gpu-pp,
# carried as gpu-pp), kept between calls so that two compiler states can
# be built side by side:  build_pp.sh TAG [OUT]
# compiles with the current compiler, under the suffix TAG (no "_"),
#   k/<case>_pp<S><TAG>  conv_cases.py's CASES (default s2_c256
#                        s2_c256_silu) ping-pong 128 x PPBN (128; warp_tile =
#                        tile) with S stages for S in PP (default "5 6")
#   k/<case>_co<TAG>     the same cases as the planner chooses (CO=1)
#   k/g<name><TAG>       the f16 GEMM + bias + ReLU example the same ways
#                        (gpp<S><TAG>, gco<TAG>), unless GEMM=0 (set it
#                        with PPBN: the GEMM's name does not say BN, and a
#                        128 x 64 build under gpp6f misled runs pp-4 to pp-7)
# and bench/run_pp.sh with the scripts it uses into OUT/bench.
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
TAG=$1
build_setup pp "${2:-}" keep
CASES=${CASES:-s2_c256 s2_c256_silu}
conv_sources
# CASE: $O/src/CASE.tiny.mlir (with CASE.plan.json if written) into $O/k/CASE
pp_case() {
  local plan=()
  [ -f "$O/src/$1.plan.json" ] && plan=(--plan-file "$O/src/$1.plan.json")
  $B/dlc-compile "$O/src/$1.tiny.mlir" -o "$O/k/$1" --chip sm_90a "${plan[@]}" \
    | grep -E "^s|^r" | cut -c1-40,108-140 | sed "s/^/$1: /"
  mv "$O/k/$1/${1%_*}.json" "$O/k/$1/$1.json" # bench_conv.py's name
}
pp_plan() { echo "{\"tile\": [128, ${PPBN:-128}, 64], \"warp_tile\": [128, ${PPBN:-128}], \"stages\": $1}"; }
for s in ${PP:-5 6}; do
  pp_plan "$s" > "$O/src/pp$s.plan.json"
  [ "${GEMM:-1}" = 1 ] && ptx_example "gpp$s$TAG" gemm_bias_relu "$O/src/pp$s.plan.json"
  for c in $CASES; do
    cp "$O/src/pp$s.plan.json" "$O/src/${c}_pp$s$TAG.plan.json"
    cp "$O/src/$c.tiny.mlir" "$O/src/${c}_pp$s$TAG.tiny.mlir"
    rm -rf "$O/k/${c}_pp$s$TAG"
    pp_case "${c}_pp$s$TAG"
  done
done
if [ "${CO:-0}" = 1 ]; then
  [ "${GEMM:-1}" = 1 ] && ptx_example "gco$TAG" gemm_bias_relu
  for c in $CASES; do
    cp "$O/src/$c.tiny.mlir" "$O/src/${c}_co$TAG.tiny.mlir"
    rm -rf "$O/k/${c}_co$TAG"
    pp_case "${c}_co$TAG"
  done
fi
tagged_cases
rm -rf "$O/src"
# REFS="NAME:SIZES ...": dlc-interp's reference of the f16 GEMM example at
# SIZES into $O/ref/NAME (run_pp.sh's CHECK)
for r in ${REFS:-}; do
  mkdir -p "$O/ref"
  $B/dlc-interp examples/gemm_bias_relu.tiny.mlir "${r#*:}" --products accumulator \
    --write-ref "$O/ref/${r%%:*}" > /dev/null
done
pack_bench run_pp.sh dlc_kernel.py bench_conv.py bench_gemm.py timing.py ncu_conv.py ncu_hot.py
