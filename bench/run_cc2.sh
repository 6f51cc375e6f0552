#!/usr/bin/env bash
# Run cc2-1: assets gpu-cc2/new (dlc-compile test/Frontend/Inputs/conv_symbolic.json --chip sm_90a), old4/old8 (the earlier lowering at 64/32 registers), ref* (dlc-interp --write-ref).
# Run cc2-1: chained convs (test/Frontend/Inputs/conv_symbolic.json) with the boundary behind the window (Z materialised; the first conv an implicit GEMM) against the earlier lowering (its first region flat, at 64 and at 32 registers): dlc-run against dlc-interp's reference data, then time.
D=gpu-cc2; chmod +x $D/dlc-run
for r in ref1 ref2; do $D/dlc-run $D/new/conv_symbolic.json --ref-data $D/$r --iters 0 2>&1 | grep -E "verdict|FAIL|mismatch" | tail -2 | sed "s/^/$r: /"; done
for s in N=16,H=64,W=64 N=32,H=112,W=112; do
  for v in new old4 old8; do echo "$s $v: $($D/dlc-run $D/$v/conv_symbolic.json $s --iters 20 2>&1 | grep -E '^time' | cut -c1-70)"; done
done

# Run cc2-2 (gpu-cc2/run2.sh): references by dlc-interp gpu-cc2/cs.mlir SIZES --products accumulator --write-ref gpu-cc2/refK
D=gpu-cc2; chmod +x $D/dlc-run
for k in new new80; do for r in ref1 ref2 ref3 ref4; do
  echo "$k $r: $($D/dlc-run $D/$k/conv_symbolic.json --ref-data $D/$r --iters 0 2>&1 | grep -E '^verdict' | cut -c1-120)"
done; done
