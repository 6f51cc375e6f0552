#!/usr/bin/env bash
# Assets: examples/conv3x3_nhwc.tiny.mlir compiled for sm_80 with the plan-files gpu-c80/{t256,t128,t128s3,t128w}.plan.json (tile [128,256|128,32], warp_tile 64x64 or 64x32, stages 2|3).
# Run c80-1: the SM80 conv gather (examples/conv3x3_nhwc, PTX for sm_80, JIT on the H100) at the planner's 128x256 (255 registers, spills) against 128x128 tiles.
D=gpu-c80; chmod +x $D/dlc-run
for s in N=32,C=128,Co=256 N=32,C=64,Co=128 N=8,C=256,Co=256; do
  for v in t256 t128 t128s3 t128w; do
    echo "$s $v: $($D/dlc-run $D/$v/conv3x3_nhwc.json $s --iters 20 2>&1 | grep -E '^time' | cut -c1-80)"
  done
  for v in t128 t128s3 t128w; do $D/dlc-run $D/$v/conv3x3_nhwc.json N=3,C=24,Co=40 --ref $D/t256/conv3x3_nhwc.json --iters 0 2>&1 | grep -E "PASS|FAIL" | sed "s/^/$v: /" | cut -c1-120; done
done
