#!/usr/bin/env bash
# Run tk-1 (helper tk, issue 9): the SM90 GEMM's plan matrix at short K.
# Every kernel of bench/build_tk.sh (gpu-tk/k1: one plan file each, tile
# 128 x 128 cooperative / ping-pong, 128 x 256, 256 x 128; stages 3-6;
# the staged epilogue on and off) over 4-D bmms (K 64-512) and 2-D GEMMs
# + bias + ReLU (K 64-512), each checked against torch, then timed in
# three rotating rounds beside torch (bench_plans.py). This script and
# bench_plans.py travel in gpu-tk (not yet on main).
# (The runs called bench_plans.py inline as plans_bench, device_common.sh,
# now does.)
D=gpu-tk
. bench/device_common.sh
device_setup
K=$D/k1
PLANS_PY=$D
list() { # FORM MANIFEST-NAME: --kernel PLAN=... for every plan built
  local d
  for d in "$K/$1"-*; do
    echo "--kernel ${d#"$K/$1-"}=$d/$2.json"
  done
}
B=8x16x1024x1024x128,8x16x1024x1024x64,8x16x1024x1024x256,8x16x1024x1024x512
B=$B,4x32x2048x2048x128,4x8x2048x2048x64,4x8x2048x2048x256,8x16x512x512x64
B=$B,8x16x512x512x128,4x16x512x512x256,4x16x1024x1024x128
G=8192x8192x128,16384x1024x128,2048x2048x64,4096x4096x256,131072x1024x128
G=$G,8192x8192x512
# shellcheck disable=SC2046
ROUNDS=3 REP=60 plans_bench tk1-bmm4 bmm4 $B $(list bmm4 bmm4)
el bmm4
# shellcheck disable=SC2046
ROUNDS=3 REP=60 plans_bench tk1-gemm gemm $G $(list gemm gemm_bias_relu)
el gemm
cat "$OUT/tk1-bmm4.txt" "$OUT/tk1-gemm.txt" | grep -v "^device"
