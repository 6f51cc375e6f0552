#!/usr/bin/env bash
# Run st-2 (ON THE GPU MACHINE): why st-1's stream grid lost 3 % at D128:
# main (persistent), stream, stream launched without the cooperative
# attribute (streamnc), main launched cooperatively (maincoop); at S4096
# (2048 tiles: 15.5 rounds of 132) and S4224 (2112 = 16 rounds: the
# stream grid's shares off at run time). Two passes, the order swapped.
D=gpu-st
. bench/device_common.sh
device_setup
for order in "main stream streamnc maincoop" "maincoop streamnc stream main"; do
  args=(); for v in $order; do args+=(--kernels "$v=$ROOT/$D/k/$v"); done
  PYTHONPATH=bench timeout 200 python3 bench/bench_attention.py "${args[@]}" --only d128_full --rounds 3 \
    --problems 4x16x4096x128,4x16x4224x128 \
    --out $OUT/attention-${order%% *}-first.json > $OUT/attention-${order%% *}-first.txt 2>&1
  echo "order $order rc=$?"; cut -c1-400 $OUT/attention-${order%% *}-first.txt; el "attention"
done
