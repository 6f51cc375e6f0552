#!/usr/bin/env bash
# Run bn-1 (ON THE GPU MACHINE): the D = 128 flash kernel's K/V ring and
# key tile — base (main: BN 128, 3 stages, K and V released together),
# split3 (K and V with their own barriers, 3 stages), split3r (split3 at
# setmaxnreg 24 / 240), bn192 (BN 192, 2 split stages, 24 / 240): S 4096
# (21.3 key tiles of 192) and 4608 (24 of 192, 36 of 128), two passes,
# the order reversed.
D=gpu-bn
. bench/device_common.sh
device_setup
attention_orders $D 300 "base split3 split3r bn192" "bn192 split3r split3 base" -- \
  --rounds 3 --problems 4x16x4096x128,4x16x4608x128
