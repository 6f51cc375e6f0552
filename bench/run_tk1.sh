#!/usr/bin/env bash
# Run tk-1 (helper tk, issue 9): the SM90 GEMM's plan matrix at short K.
# Every kernel of bench/build_tk.sh (gpu-tk/k1: one plan file each, tile
# 128 x 128 cooperative / ping-pong, 128 x 256, 256 x 128; stages 3-6;
# the staged epilogue on and off) over 4-D bmms (K 64-512) and 2-D GEMMs
# + bias + ReLU (K 64-512), each checked against torch, then timed in
# three rotating rounds beside torch (bench_plans.py). This script and
# bench_plans.py travel in gpu-tk (not yet on main).
D=gpu-tk
. bench/device_common.sh
device_setup
K=$D/k1
export PYTHONPATH=$ROOT/bench
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
timeout 200 python3 $D/bench_plans.py --form bmm4 $(list bmm4 bmm4) \
  --sizes $B --rounds 3 --rep 60 --json "$OUT/tk1-bmm4.json" > "$OUT/tk1-bmm4.txt" 2>&1
echo "bmm4 rc=$?"
el bmm4
# shellcheck disable=SC2046
timeout 150 python3 $D/bench_plans.py --form gemm $(list gemm gemm_bias_relu) \
  --sizes $G --rounds 3 --rep 60 --json "$OUT/tk1-gemm.json" > "$OUT/tk1-gemm.txt" 2>&1
echo "gemm rc=$?"
el gemm
cat "$OUT/tk1-bmm4.txt" "$OUT/tk1-gemm.txt" | grep -v "^device"
