#!/usr/bin/env bash
# Assets: `CASES="s2_c256 s2_c256_silu s2_c256_s256 s2_c256_s256r2 s2_c256_b256 s2_c256_silu_s256 s2_c256_silu_s256r2 s2_c256_silu_b256" TAGS=v0:- bench/build_cv3.sh gpu-sk`, built on a tree whose PlanToDLCGPU.c let stream-K take a convolution (not kept).
# Run sk256-1: the 3x3 s2 C256 conv on a 128 x 256 tile, whole (b256) or with stream-K over its last 1 or 2 rounds (s256, s256r2), against the planner's 128 x 128 ping-pong; checks against main's kernel at N = 3 and 32 (dlc-run --ref), memcheck and racecheck of s256.
D=gpu-sk
. bench/device_common.sh
device_setup
for v in s256 s256r2 b256; do for n in 3 32; do
  timeout 60 "$D/dlc-run" "$K/s2_c256_${v}_v0/s2_c256_${v}_v0.json" N=$n --ref "$K/s2_c256_v0/s2_c256_v0.json" --iters 0 2>&1 | tail -1 | sed "s/^/$v N=$n: /"
done; done
ALL=$(python3 -c "import json;print(','.join(c['name'] for c in json.load(open('$K/cases.json'))))")
conv_passes 240 "$ALL"
for t in memcheck racecheck; do
  timeout 150 $cs --tool $t --error-exitcode 99 "$D/dlc-run" "$K/s2_c256_s256_v0/s2_c256_s256_v0.json" N=3 --ref "$K/s2_c256_v0/s2_c256_v0.json" --iters 1 --warmup 0 > /tmp/san.txt 2>&1
  echo "$t s256 N=3 rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|PASS|FAIL' /tmp/san.txt | tail -2 | paste -sd' ')"
done
