#!/usr/bin/env bash
# Run st-2 (ON THE GPU MACHINE): why st-1's stream grid lost 3 % at D128:
# main (persistent), stream, stream launched without the cooperative
# attribute (streamnc), main launched cooperatively (maincoop); at S4096
# (2048 tiles: 15.5 rounds of 132) and S4224 (2112 = 16 rounds: the
# stream grid's shares off at run time). Two passes, the order swapped.
D=gpu-st
. bench/device_common.sh
device_setup
attention_orders $D/k 200 "main stream streamnc maincoop" "maincoop streamnc stream main" -- --only d128_full --rounds 3 \
  --problems 4x16x4096x128,4x16x4224x128
