#!/usr/bin/env bash
# Run bx-4's kernels, built HERE into /work/main/gpu-bx/k4 (carried as
# gpu-bx): the SM90 flash kernel on the plan-forced dynamic grid (two and
# three consumers, whose producer hands tiles on by a 32-thread named
# barrier since the producer-warp fix) and on the balanced grid, with
# dlc-interp's end-to-end reference at B 2, H 3, M = N = 611.
set -euo pipefail
cd "$(dirname "$0")/.."
O=/work/main/gpu-bx/k4
rm -rf $O; mkdir -p $O
build/bin/dlc-translate --import-frontend test/Frontend/Inputs/attention_causal.json -o $O/ac.tiny.mlir
for p in attention-dynamic attention-three-dynamic attention-balanced; do
  build/bin/dlc-compile $O/ac.tiny.mlir -o $O/$p --chip sm_90a \
    --plan-file test/Pipelines/Inputs/$p.json > /dev/null
done
build/bin/dlc-interp $O/ac.tiny.mlir B=2,H=3,M=611,N=611 --write-ref $O/ref > /dev/null 2>&1
ls $O
