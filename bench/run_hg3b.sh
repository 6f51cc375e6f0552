#!/usr/bin/env bash
# Run hg-3b: run_hg3.sh's bench again (its --only named problems by their
# printed names, so it timed none), on the warm machine.
D=gpu-hg; . bench/device_common.sh; device_setup
for order in "def=gpu-final/k/attn alt=$D/alt" "alt=$D/alt def=gpu-final/k/attn"; do
  set -- $order
  PYTHONPATH=bench timeout 200 python3 bench/bench_attention.py --kernels $1 --kernels $2 \
    --only d64,d128 --rounds 3 --out $OUT/attention-${1%%=*}-first.json > $OUT/attention-${1%%=*}-first.txt 2>&1
  echo "attention ${1%%=*} first rc=$?"; cut -c1-330 $OUT/attention-${1%%=*}-first.txt; el "attention"
done
