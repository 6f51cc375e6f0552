#!/usr/bin/env bash
# Builds HERE (MLIR, no GPU) the kernels bench_small.py and splitk_repeat.py
# run: examples/gemm_bias_relu.tiny.mlir (symbolic M, N, K) planned for each
# small shape through convert-rbssa-to-plan's sizes= (the layers of
# dlc-to-ptx spelled out), plus two plan-file variants for comparison:
# "whole" (split_k 1, the planner's large-problem plan: what every size got
# before split-K was chosen) and "split32" (BN 256 with a split bound of 32,
# the configuration of bench/RESULTS.md run 22's M = 1 timeout).
# --gemv: instead, run gemv-1's kernels (bench/run_gemv_device.sh): the GEMV
# plans (the symbolic example at M = 1, examples/gemv_forms.tiny.mlir), the
# split-K plan a plan-file keeps for M = 1, split_k sweeps of the two small
# shapes, 2048 x 2048 x 64, 4095 x 4097 x 4093 planned for its size
# (128 x 128) and for the nominal 4096 (128 x 256).
# With --gemv also the launch-time GEMV versions (tiny-symbol-versions,
# docs/runtime.md "Versions"): sN1v and sM1v, the example planned as sN1
# and sM1 with versions=N=1 or M=1 (at N = 1 or M = 1 the runtime launches the
# version; each with the one version its size-1 dim needs), and ver, the
# example at its nominal sizes with both.
# --probe: instead, the split-K probe kernels (bench/run_small_probe.sh,
# bench/run_sk_probe.sh): 64 x 64 x 65536 with split_k 1 .. 128 and with 6
# stages at split_k 32 (run small-1 built split_k 8, 16, 64 and 8 stages
# with main's compiler).
# --tiles: instead, run sk-2's tile comparison at 64 x 64 x 65536: the
# 128 x 64 tile of main's plan (t128, 64 splits), the 64 x 64 one with 16,
# 32, 64 and 128 splits (t64s16 ..), and the 64 x 64 tile on the symbolic
# example's nominal sizes (t64big: whole tiles staged) for the checks; and
# 127 x 129 x 8191's 128 x 64 tile in 8 and 16 splits (t128s8, t128s16).
#   bench/build_small.sh OUTDIR [--gemv | --probe | --tiles]  (tools from $DLC_BIN, default build/bin)
set -euo pipefail
out="${1:?usage: bench/build_small.sh OUTDIR}"
bin="${DLC_BIN:-build/bin}"
src="$(dirname "$0")/../examples/gemm_bias_relu.tiny.mlir"
mkdir -p "$out"
# shellcheck source=bench/build_common.sh
. "$(dirname "$0")/build_common.sh"
compile() { # $1: name, $2: planner options[, $3: source[, $4: versions=]]
  rm -rf "$out/$1"
  "$bin/dlc-opt" "${3:-$src}" --pass-pipeline="$(sm90a_layers "$2" "${4:-}")" -o "$out/$1.mlir"
  "$bin/dlc-translate" "$out/$1.mlir" --emit-kernels="$out/$1" > /dev/null
  rm -f "$out/$1.mlir"
  for j in "$out/$1"/*.json; do
    echo "$1/$(basename "$j"): $(grep -o '"plan": "[^"]*"' "$j") $(grep -o '"grid": \[[^]]*\]' "$j")"
  done
}
splits() { # $1: name, $2: split_k, $3: sizes
  echo "{\"algo_choice\": {\"matmul\": \"implicit_gemm\", \"split_k\": \"$2\"}}" > "$out/$1.plan.json"
  compile "$1" "sizes=$3 plan-file=$out/$1.plan.json"
}
if [ "${2:-}" = --probe ]; then # runs small-1/2's split-K probe kernels
  for sk in 1 8 16 32 64 128; do splits "sk$sk" "$sk" "M=64,N=64,K=65536"; done
  echo '{"barrier_model": "mbarrier", "tile": [128, 64, 64], "warp_tile": [64, 64], "stages": 6, "algo_choice": {"matmul": "implicit_gemm", "split_k": "32"}}' > "$out/st6.plan.json"
  compile st6 "sizes=M=64,N=64,K=65536 plan-file=$out/st6.plan.json"
  exit 0
fi
tile() { # $1: name, $2: tile, $3: warp tile, $4: split_k, $5: planner options
  echo "{\"tile\": $2, \"warp_tile\": \"$3\", \"stages\": 8, \"algo_choice\": {\"matmul\": \"implicit_gemm\", \"split_k\": \"$4\"}}" > "$out/$1.plan.json"
  compile "$1" "$5 plan-file=$out/$1.plan.json"
}
if [ "${2:-}" = --tiles ]; then
  tile t128 "[128, 64, 64]" 64x64 64 "sizes=M=64,N=64,K=65536"
  for sk in 16 32 64 128; do tile "t64s$sk" "[64, 64, 64]" 64x64 "$sk" "sizes=M=64,N=64,K=65536"; done
  tile t64big "[64, 64, 64]" 64x64 1 ""
  for sk in 8 16; do tile "t128s$sk" "[128, 64, 64]" 64x64 "$sk" "sizes=M=127,N=129,K=8191"; done
  exit 0
fi
if [ "${2:-}" = --gemv ]; then
  compile sM1 "sizes=M=1,N=4096,K=4096"
  splits sM1_splitk 4 "M=1,N=4096,K=4096"
  compile gf "" "$(dirname "$0")/../examples/gemv_forms.tiny.mlir"
  compile sN1 "sizes=M=4096,N=1,K=4096"
  compile sN1v "sizes=M=4096,N=1,K=4096" "$src" N=1
  compile sM1v "sizes=M=1,N=4096,K=4096" "$src" M=1
  compile ver "" "$src" N=1,M=1
  compile s127 "sizes=M=127,N=129,K=8191"
  splits s127_s32 32 "M=127,N=129,K=8191"
  compile s64 "sizes=M=64,N=64,K=65536"
  splits s64_s16 16 "M=64,N=64,K=65536"
  splits s64_s64 64 "M=64,N=64,K=65536"
  compile s2048 "sizes=M=2048,N=2048,K=64"
  compile odd "sizes=M=4095,N=4097,K=4093"
  compile nominal ""
  exit 0
fi
for s in 127x129x8191 64x64x65536 1x4096x4096 4096x1x4096 2048x2048x64; do
  IFS=x read -r m n k <<< "$s"
  compile "s$s" "sizes=M=$m,N=$n,K=$k"
done
echo '{"algo_choice": {"matmul": "implicit_gemm", "split_k": "1"}}' > "$out/whole.json"
echo '{"algo_choice": {"matmul": "implicit_gemm", "split_k": "32"}}' > "$out/split32.json"
compile whole "plan-file=$out/whole.json"
compile split32 "plan-file=$out/split32.json"
