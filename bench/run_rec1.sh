#!/usr/bin/env bash
# Run rec-1 (ON THE GPU MACHINE): the producer's visit records for every
# static persistent grid (persistent, balanced, stream: only the producer
# computes the visits, the consumers read each one's record), against
# main (records on the stream grid only); recb: D = 256 causal on the
# balanced grid with records (it spilled 36 bytes without them).
# bench_attention.py, every problem, two passes of three rounds, the
# order swapped.
D=gpu-x
. bench/device_common.sh
device_setup
for order in "main rec recb" "recb rec main"; do
  args=(); for v in $order; do args+=(--kernels "$v=$ROOT/$D/$v"); done
  PYTHONPATH=bench timeout 280 python3 bench/bench_attention.py "${args[@]}" --rounds 3 \
    --out $OUT/attention-${order%% *}-first.json > $OUT/attention-${order%% *}-first.txt 2>&1
  echo "order $order rc=$?"; cut -c1-260 $OUT/attention-${order%% *}-first.txt; el "attention"
done
