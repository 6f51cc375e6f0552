#!/usr/bin/env bash
# Run tk-1's kernels, built HERE (MLIR, no GPU) into /work/main/gpu-tk/k1
# (carried as gpu-tk): the SM90 GEMM's tile, ring depth and staged
# epilogue at short K (issue 9, bench/RESULTS.md run tk-1). Every plan of
# bench/plans-tk/*.json forces one kernel of the 4-D bmm
# (test/Pipelines/Inputs/batch2/bmm4.tiny.mlir) and one of the 2-D GEMM +
# bias + ReLU (examples/gemm_bias_relu.tiny.mlir), sizes symbolic, so one
# kernel serves every shape of bench/run_tk1.sh's matrix. BIN: the
# compiler (default build/bin).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/bin} O=${O:-/work/main/gpu-tk/k1}
rm -rf "$O"
mkdir -p "$O"
ptx() { # SRC PLAN OUT
  "$BIN/dlc-opt" "$1" --pass-pipeline="builtin.module(dlc-to-ptx{chip=sm_90a plan-file=bench/plans-tk/$2.json})" |
    "$BIN/dlc-translate" - --emit-kernels="$O/$3" > /dev/null
}
for f in bench/plans-tk/*.json; do
  p=$(basename "$f" .json)
  ptx test/Pipelines/Inputs/batch2/bmm4.tiny.mlir "$p" "bmm4-$p"
  ptx examples/gemm_bias_relu.tiny.mlir "$p" "gemm-$p"
done
ls "$O"
