#!/usr/bin/env bash
# Run rt-1 (ON THE GPU MACHINE): O's rescale at D = 128 really in the turn
# (between the S_j and P_{j-1} V_{j-1} issues, rescaleInTurn's intent):
# LLVM had hoisted the 64 FMULs above the turn's bar.sync (PTX) and ptxas
# put them after the previous PV wait; rit2 = the factors plus
# 0 * clock read after the S issue, so that they cannot move up. SASS
# marks of rit2's D128 kernel, then main against rit2, four passes.
D=gpu-ov
. bench/device_common.sh
device_setup
sass_of rit2-d128 $D/k/rit2/attn_d128_full/dlc_kernels.ptx
for pass in 1 2; do
  attention_orders $D/k 200 "main rit2" "rit2 main" -- --rounds 3 --problems 4x16x4096x128,4x16x8192x128
done
