#!/usr/bin/env bash
# d256: the SM90 flash kernel at head dimension 256, in one call (run
# d256-1): the attention harness (bundle, build_bundle.sh --family
# attention --chip sm_90a --d256 0.75 --lse 0.3 --balanced 0.15) beside
# compute-sanitizer memcheck + racecheck on D = 256 causal problems with
# tails ($SAN), then bench_attention.py's D = 256 problems (B4 H16 S4096,
# B2 H16 S8192, causal and not, fp16) against SDPA's default, flash and
# cuDNN backends in the same process (three rotating rounds; kernels by
# bench/build_attention.sh into attn/), then ncu's speed of light and the
# tensor pipe of the B4 H16 S4096 non-causal kernel and SDPA's.
# Assets and this branch's bench scripts in gpu-d256, carried.
D=gpu-d256
. bench/device_common.sh
device_setup
A=$ROOT/$D/attn
harness_sanitized 150 bundle 8 "${SAN:?set SAN to the problems to sanitize}"
el "harness"
cd $D/bench
timeout 200 python3 bench_attention.py --kernels dlc=$A --rounds 3 --only d256 \
  --out $OUT/att-a.json > $OUT/att-a.txt 2>&1
echo "bench rc=$?"; cut -c1-400 $OUT/att-a.txt; el "bench"
ncu_probe d256 "Duration|Compute \(SM\) Throughput|Memory Throughput|Registers Per|tensor_op|Achieved Occupancy" \
  timeout 150 "$ncu" -k regex:"attn_d256|flash|fmha|cudnn" -c 2 --section SpeedOfLight --section Occupancy \
  --section LaunchStats --metrics sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active \
  python3 bench_attention.py --kernels dlc=$A --profile --only d256_full
el "done"
