#!/usr/bin/env bash
# Run st-3 (ON THE GPU MACHINE): the stream grid with the visit records in
# shared memory (only the producer computes the shares) against main's
# persistent kernels: D128 at S4096 (15.5 rounds) and S4224 (16: shares
# off), D64 at S2048, D256. Two passes, the order swapped.
D=gpu-st
. bench/device_common.sh
device_setup
for order in "main stream" "stream main"; do
  args=(); for v in $order; do args+=(--kernels "$v=$ROOT/$D/k/$v"); done
  PYTHONPATH=bench timeout 250 python3 bench/bench_attention.py "${args[@]}" --only full --rounds 3 \
    --problems 4x16x4096x128,4x16x4224x128,8x16x2048x64,4x16x4096x256 \
    --out $OUT/attention-${order%% *}-first.json > $OUT/attention-${order%% *}-first.txt 2>&1
  echo "order $order rc=$?"; cut -c1-300 $OUT/attention-${order%% *}-first.txt; el "attention"
done
