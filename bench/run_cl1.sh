#!/usr/bin/env bash
# Run cl-1 (2026-11-27, lead): assets by `CASES="s2_c256 s2_c256_pc2" TAGS=v0:- bench/build_cv3.sh gpu-cl`.
# s2 C256: the planner's kernel, its cluster of 2, cuDNN — ncu with source counters at the card's clocks, then a bench pass
D=gpu-cl
NCU="s2_c256_v0 s2_c256_pc2_v0 cudnn:s2_c256_v0" NCU_LINES=40 \
 NCU_OPTS="--clock-control none --section SourceCounters --section WarpStateStats --section SpeedOfLight --section MemoryWorkloadAnalysis" \
 BENCH="s2_c256_v0,s2_c256_pc2_v0" D=$D bash $D/bench/run_cv3.sh 2>&1 | grep -v "^\s*$" | head -150
for k in s2_c256_v0 s2_c256_pc2_v0 cudnn_s2_c256_v0; do
  echo "=== hot $k"; python3 $D/bench/ncu_hot.py /tmp/ncu/$k.csv --top 30 2>&1 | head -90
done
