#!/usr/bin/env bash
# Builds HERE (MLIR, no GPU) the kernels bench_small.py and splitk_repeat.py
# run: examples/gemm_bias_relu.tiny.mlir (symbolic M, N, K) planned for each
# small shape through convert-rbssa-to-plan's sizes= (the layers of
# dlc-to-ptx spelled out), plus two plan-file variants for comparison:
# "whole" (split_k 1, the planner's large-problem plan: what every size got
# before split-K was chosen) and "split32" (BN 256 with a split bound of 32,
# the configuration of bench/RESULTS.md run 22's M = 1 timeout).
#   bench/build_small.sh OUTDIR        (tools from $DLC_BIN, default build/bin)
set -euo pipefail
out="${1:?usage: bench/build_small.sh OUTDIR}"
bin="${DLC_BIN:-build/bin}"
src="$(dirname "$0")/../examples/gemm_bias_relu.tiny.mlir"
mkdir -p "$out"
layers() { # $1: planner options
  echo "builtin.module(func.func(tiny-verify), func.func(tiny-expand-broadcasts), convert-tiny-to-indexbook, convert-indexbook-to-rbssa, func.func(rbssa-fold-activations), rbssa-fuse-attention, rbssa-verify, convert-rbssa-to-plan{chip=sm_90a $1}, plan-verify, convert-plan-to-dlcgpu, dlcgpu-verify, dlc-gpu-to-ptx{chip=sm_90a})"
}
compile() { # $1: name, $2: planner options
  rm -rf "$out/$1"
  "$bin/dlc-opt" "$src" --pass-pipeline="$(layers "$2")" -o "$out/$1.mlir"
  "$bin/dlc-translate" "$out/$1.mlir" --emit-kernels="$out/$1" > /dev/null
  rm -f "$out/$1.mlir"
  echo "$1: $(grep -o '"plan": "[^"]*"' "$out/$1/gemm_bias_relu.json") $(grep -o '"grid": \[[^]]*\]' "$out/$1/gemm_bias_relu.json")"
}
for s in 127x129x8191 64x64x65536 1x4096x4096 4096x1x4096 2048x2048x64; do
  IFS=x read -r m n k <<< "$s"
  compile "s$s" "sizes=M=$m,N=$n,K=$k"
done
echo '{"algo_choice": {"matmul": "implicit_gemm", "split_k": "1"}}' > "$out/whole.json"
echo '{"algo_choice": {"matmul": "implicit_gemm", "split_k": "32"}}' > "$out/split32.json"
compile whole "plan-file=$out/whole.json"
compile split32 "plan-file=$out/split32.json"
