#!/usr/bin/env bash
# Assets: test/Frontend/Inputs/conv_symbolic.json and conv_groups.json compiled for sm_90a with the flat residency forced to r (a scratch DLC_FLAT_RESIDENT, not kept) into gpu-fl/cs_r, gpu-fl/cg_r.
# Run fl-1: memory-bound flat kernels that reduce, at 2048/T CTAs an SM (r=8: ptxas caps them at 32 registers and spills) against 4, 2, 1 (64, 128, free).
D=gpu-fl; chmod +x $D/dlc-run
for r in 8 4 2 1; do
  echo "== r=$r"
  $D/dlc-run $D/cs_$r/conv_symbolic.json N=16,H=64,W=64 --iters 30 2>&1 | grep -E "^time|error" | head -3
  [ $r = 8 ] || $D/dlc-run $D/cs_$r/conv_symbolic.json N=3,H=17,W=13 --ref $D/cs_8/conv_symbolic.json --iters 0 2>&1 | grep -E "verdict|PASS|FAIL|mismatch" | tail -2
  $D/dlc-run $D/cg_$r/gconv.json N=65536 --iters 30 2>&1 | grep -E "^time|error" | head -3
  [ $r = 8 ] || $D/dlc-run $D/cg_$r/gconv.json N=1000 --ref $D/cg_8/gconv.json --iters 0 2>&1 | grep -E "verdict|PASS|FAIL|mismatch" | tail -2
done
