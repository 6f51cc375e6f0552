#!/usr/bin/env bash
# Run bw-2 (task bw): the walk under the plan-forced ping-pong (128 x 128,
# warp 128x128) and cooperative 128 x 128 schedules, new against main,
# beside the default kernels and torch.matmul, one process, rotating rounds.
D=gpu-bw; . bench/device_common.sh; device_setup
el start
PYTHONPATH=bench timeout 200 python3 bench/bench_bmm4.py --rounds 5 \
  --kernel new=$D/k/new/bmm4.json --kernel main=$D/k/main/bmm4.json \
  --kernel newpp=$D/k/new-pp/bmm4.json --kernel mainpp=$D/k/main-pp/bmm4.json \
  --kernel new128=$D/k/new-c128/bmm4.json --kernel main128=$D/k/main-c128/bmm4.json \
  --sizes 8x16x1024x1024x128,8x16x1024x1024x64,16x1x2048x2048x2048,512x1x256x256x256 \
  --json $OUT/bmm-c.json 2>&1 | tee $OUT/bmm-c.txt | grep -v '^$' | tail -30
el "bench c done"
