#!/usr/bin/env bash
# Run ov-2 (ON THE GPU MACHINE): D = 128 alone, main's kernels against the
# overlap (ovl), four passes alternating the order, to resolve run ov-1's
# D128 spread (+2.1 % then -3.0 %).
D=gpu-ov
. bench/device_common.sh
device_setup
for pass in 1 2; do
  attention_orders $D/k 200 "main ovl" "ovl main" -- --rounds 3 --problems 4x16x4096x128,4x16x8192x128
done
