#!/usr/bin/env bash
# Run ov-6 (ON THE GPU MACHINE): D = 256 without a mask, the planner's
# stream grid (main) against the persistent grid (pers), four passes
# alternating (run ov-5 read pers +1.6 % at S4096, +1.2 % at S8192 with a
# 3 % spread between readings of one PTX).
D=gpu-ov
. bench/device_common.sh
device_setup
for pass in 1 2; do
  attention_orders $D/kv 200 "main pers" "pers main" -- --rounds 3 --only full --problems 4x16x4096x256,2x16x8192x256
done
