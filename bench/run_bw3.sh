#!/usr/bin/env bash
# Run bw-3 (for the lead; task bw): which kernel hung in run bw-2. Each of
# the six bmm4 kernels (default 128x256 cooperative, plan-forced ping-pong
# 128x128 and cooperative 128x128; new = branch bw's walk, main = grid y)
# alone in its own process at 8x16x1024x1024x128, 20 s each: "rc=124"
# marks the one that hangs under repeated launches.
D=gpu-bw; . bench/device_common.sh; device_setup
for k in new main new-pp main-pp new-c128 main-c128; do
  PYTHONPATH=bench timeout 20 python3 bench/bench_bmm4.py --rounds 1 \
    --kernel x=$D/k/$k/bmm4.json --sizes 8x16x1024x1024x128 > $OUT/h-$k.txt 2>&1
  echo "$k rc=$? $(grep -h 'TFLOP/s' $OUT/h-$k.txt | tail -1)"
done
el done
