#!/usr/bin/env bash
# Run bx-3's kernels, built HERE (MLIR, no GPU) into /work/main/gpu-bx/k3
# (carried as gpu-bx): the kernels that hung in runs 41 and bx-1, by this
# compiler (producer loop on one warp) and, as "old-*", by OLD_BIN (a
# compiler before it: branch bw's build), forced by bench/plans-bx/*.json;
# the default bmm4 and GEMM kernels of both for the speed check.
set -euo pipefail
cd "$(dirname "$0")/.."
NEW=build/bin OLD=${OLD_BIN:-/work/wt-bw/build/bin} O=/work/main/gpu-bx/k3
rm -rf $O; mkdir -p $O
ptx() { # BIN SRC PLAN OUT
  local opt="chip=sm_90a"; [ -n "$3" ] && opt="$opt plan-file=bench/plans-bx/$3.json"
  $1/dlc-opt $2 --pass-pipeline="builtin.module(dlc-to-ptx{$opt})" | $1/dlc-translate - --emit-kernels=$O/$4 > /dev/null
}
bmm=test/Pipelines/Inputs/batch2/bmm4.tiny.mlir gemm=examples/gemm_bias_relu.tiny.mlir
for p in c128 pp c128-s4; do
  ptx $NEW $gemm $p gemm-$p
  ptx $NEW $bmm $p bmm4-$p
done
ptx $NEW $bmm "" bmm4
ptx $OLD $bmm "" old-bmm4
ptx $NEW $gemm "" gemm
ptx $OLD $gemm "" old-gemm
ls $O
