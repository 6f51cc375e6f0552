#!/usr/bin/env bash
# Run st-5 (ON THE GPU MACHINE): the stream grid's hand-over slot read
# from the visit record (its workspace addresses no longer loop
# invariants LLVM hoists into the consumers' key loop) against main
# (st-4's kernels): D128, D128 causal (same code path but the record's
# extra word), D256; two passes, the order swapped; then the harness of a
# stream-grid bundle (gpu-st/hs) plainly and under schedule fuzzing, and
# memcheck / racecheck on SAN.
D=gpu-st
. bench/device_common.sh
device_setup
attention_orders $D/k 200 "main slot" "slot main" -- --rounds 3 --problems 4x16x4096x128,4x16x4096x256
bundle_checks hs 6 "${SAN:-a000}"
