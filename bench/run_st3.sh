#!/usr/bin/env bash
# Run st-3 (ON THE GPU MACHINE): the stream grid with the visit records in
# shared memory (only the producer computes the shares) against main's
# persistent kernels: D128 at S4096 (15.5 rounds) and S4224 (16: shares
# off), D64 at S2048, D256. Two passes, the order swapped.
D=gpu-st
. bench/device_common.sh
device_setup
attention_orders $D/k 250 "main stream" "stream main" -- --only full --rounds 3 \
  --problems 4x16x4096x128,4x16x4224x128,8x16x2048x64,4x16x4096x256
