#!/usr/bin/env bash
# Run bx-4 (lead): the flash kernel's dynamic and balanced grids after the
# producer-warp fix: each checked against dlc-interp's reference with 500
# more launches, then 1000 launches at B 4 H 16 S 4096 (30 s at most).
D=gpu-bx; . bench/device_common.sh; device_setup; K=$D/k4
for p in attention-dynamic attention-three-dynamic attention-balanced; do
  timeout 60 $D/dlc-run $K/$p/attention_causal.json --ref-data $K/ref --iters 500 > $OUT/$p-check.txt 2>&1
  echo "$p check rc=$? $(grep -hiE 'pass|fail|wrong|TFLOP' $OUT/$p-check.txt | tail -2 | paste -sd' ')"
  timeout 30 $D/dlc-run $K/$p/attention_causal.json B=4,H=16,M=4096,N=4096 --iters 1000 --warmup 20 > $OUT/$p-big.txt 2>&1
  echo "$p big rc=$? $(grep -h 'TFLOP' $OUT/$p-big.txt | tail -1)"
done
el done
