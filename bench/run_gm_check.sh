#!/usr/bin/env bash
# Branch gm's check on the GPU machine (from the repository root; kernels
# in $D/k, harness bundles in $D/h and $D/hs): bench_gemm.py of the new kernels
# against main's (--baseline) and cuBLAS in one process each, ncu of the
# new 16384 x 1024 x 4096 kernel, then the harness in shards beside
# compute-sanitizer racecheck and memcheck of the changed kernels.
D=${D:-gpu-gm}
. bench/device_common.sh
device_setup
GEMM_VS_TIMEOUT=120
BIG=4096x4096x4096,8192x8192x8192,16384x1024x4096
gemm_vs f16 new-gemm_bias_relu main-gemm_bias_relu $BIG
gemm_vs bf16 new-gemm_bias_relu_bf16 main-gemm_bias_relu_bf16 $BIG
gemm_vs odd tall4 tall3 4095x4097x4093,4096x4096x4096
el "bench done"
ncu_probe "new 16384x1024x4096" "sm__pipe_tensor|lts__t_bytes|gpu__time|Compute \(SM\)" \
  timeout 60 "$ncu" --clock-control none --section SpeedOfLight --metrics \
  sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_bytes.sum,gpu__time_duration.sum \
  -c 1 "$D/dlc-run" "$K/new-gemm_bias_relu/gemm_bias_relu.json" M=16384,K=4096,N=1024 \
  --iters 1 --warmup 0
el "ncu done"
harness 200 60 h:6 hs:2
sanitize 120 "racecheck new-gemm_bias_relu M=300,K=200,N=520" \
  "memcheck new-gemm_bias_relu M=300,K=200,N=520" \
  "racecheck tall4 M=600,K=150,N=300" "memcheck tall4 M=600,K=150,N=300"
wait
harness_report
el "all done"
