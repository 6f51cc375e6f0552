#!/usr/bin/env bash
# Run cc-1 (ON THE GPU MACHINE, repository root): the planner's ping-pong
# convs against the same schedule in clusters of 2 and 4 (gpu-cc:
# `CASES="s2_c256 s2_c256_pc2 s2_c256_pc4 s2_c256_c2 s2_c256_silu
# s2_c256_silu_pc2 s2_c128_112 s2_c128_112_pc2 s2_c128_112_pc4"
# TAGS=v0:- bench/build_cv3.sh gpu-cc`), bench_conv.py with cuDNN in the
# same process, three rotating rounds, two passes; then
# ncu at the card's own clocks (`--clock-control none`: run cv3-2 found
# the flushed bench at 1980 MHz, where ncu's locked clock hides how the
# memory side keeps up) of main's kernel, its cluster of 2 and cuDNN's.
D=gpu-cc
. bench/device_common.sh
device_setup
K=$D/k
ONE="s2_c256_v0,s2_c256_pc2_v0,s2_c256_pc4_v0,s2_c256_c2_v0,s2_c256_silu_v0,s2_c256_silu_pc2_v0,s2_c128_112_v0,s2_c128_112_pc2_v0,s2_c128_112_pc4_v0"
for pass in 1 2; do
  (cd bench && timeout 200 python3 bench_conv.py --kernels "$ROOT/$K" --rounds 3 \
    --only "$ONE" --out "$OUT/conv-$pass.json" > "$OUT/conv-$pass.txt" 2>&1)
  echo "conv pass $pass rc=$?"; cut -c1-200 "$OUT/conv-$pass.txt"; el "conv $pass"
done
NCU="s2_c256_v0 s2_c256_pc2_v0 cudnn:s2_c256_v0" NCU_LINES=40 \
  NCU_OPTS="--clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis --section LaunchStats" \
  D=$D bash $D/bench/run_cv3.sh 2>&1 | grep -v "^\s*$" | head -150
