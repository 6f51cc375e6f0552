#!/usr/bin/env bash
# The README's main command: installs what is missing, builds, and compiles
# the bundled GEMM + bias + ReLU program from `tiny` to PTX, printing the IR
# of every layer on the way (spec §13 --dump) and writing the PTX and the
# kernel manifest into out/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
dir="$("$root/scripts/build.sh" | tail -n 1)"
opt="$dir/bin/dlc-opt"
example="${1:-$root/examples/gemm_bias_relu.tiny.mlir}"
out="$root/out"
mkdir -p "$out"

layer() { # name, input, pipeline
  echo
  echo "==================== $1 ===================="
  "$opt" "$2" --pass-pipeline="builtin.module($3)" -o "$out/$1.mlir"
  cat "$out/$1.mlir"
}

echo "==================== tiny (broadcasts made explicit) ===================="
"$opt" "$example" --tiny-verify --tiny-expand-broadcasts | tee "$out/tiny.mlir"
layer indexbook "$out/tiny.mlir" "convert-tiny-to-indexbook"
layer rbssa "$out/indexbook.mlir" "convert-indexbook-to-rbssa"
layer plan "$out/rbssa.mlir" "convert-rbssa-to-plan{print-plan=$out/plan.json}"
echo "-- the chosen plan as JSON (spec §8.1): $out/plan.json"
cat "$out/plan.json"
echo
echo "==================== dlcgpu (first 60 lines of $out/dlcgpu.mlir) ===================="
"$opt" "$out/plan.mlir" --pass-pipeline="builtin.module(convert-plan-to-dlcgpu, canonicalize, cse)" -o "$out/dlcgpu.mlir"
head -n 60 "$out/dlcgpu.mlir"
echo "..."
"$opt" "$out/plan.mlir" --pass-pipeline="builtin.module(convert-plan-to-dlcgpu, dlc-gpu-to-ptx)" -o "$out/compiled.mlir"
"$dir/bin/dlc-translate" "$out/compiled.mlir" --emit-kernels="$out"
echo
echo "==================== PTX ($out/dlc_kernels.ptx) ===================="
grep -cE "mma.sync.aligned.m16n8k16" "$out/dlc_kernels.ptx" | xargs echo "mma.sync.aligned.m16n8k16 instructions:"
grep -cE "ldmatrix.sync" "$out/dlc_kernels.ptx" | xargs echo "ldmatrix instructions:"
grep -cE "cp.async.cg" "$out/dlc_kernels.ptx" | xargs echo "cp.async instructions:"
echo
echo "Run it on a GPU machine with: dlc-run $out/gemm_bias_relu.json M=4095,N=4097,K=4093"
