#!/usr/bin/env bash
# Run ov-4 (ON THE GPU MACHINE): head dimensions 160 and 192 (computed at
# tile width 256, so with the overlap since ov-1) before (main at
# f23774f) and after (ovl), B4 H16 S4096, two passes, the order swapped.
D=gpu-ov
. bench/device_common.sh
device_setup
attention_orders $D/kp 200 "main ovl" "ovl main" -- --rounds 3 --problems 4x16x4096x160,4x16x4096x192
