#!/usr/bin/env bash
# Run ov-5 (ON THE GPU MACHINE): D = 256's grid and turns again, now that
# the softmax overlaps the warpgroup's own P V (runs nb-7, ov-1): main =
# the planner's (stream without a mask, persistent causal); pers = the
# persistent grid without a mask; bal = the balanced grid causal; ov = no
# ping-pong turns ("online_softmax.overlap") on main's grids. (pers and
# bal hold main's kernel for the other mask.) B4 H16 S4096 and B2 H16
# S8192, two passes, the order swapped.
D=gpu-ov
. bench/device_common.sh
device_setup
attention_orders $D/kv 300 "main pers bal ov" "ov bal pers main" -- --rounds 3 --problems 4x16x4096x256,2x16x8192x256
