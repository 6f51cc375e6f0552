#!/usr/bin/env bash
# Branch gm's final check on the GPU machine (repository root; kernels in
# $D/k: new-* this branch, prev-* before the raster change, main-* main's;
# harness bundles $D/h, $D/hs): bench_gemm.py, each process one kernel
# against another (--baseline) and cuBLAS, then the harness in shards
# beside compute-sanitizer on the new kernel at narrow N.
D=${D:-gpu-gm}
. bench/device_common.sh
device_setup
GEMM_VS_TIMEOUT=120 TAILN=${TAILN:-4}
BIG=4096x4096x4096,8192x8192x8192,16384x1024x4096
gemm_vs raster new-gemm_bias_relu prev-gemm_bias_relu 16384x1024x4096,16384x2048x4096
gemm_vs raster-bf16 new-gemm_bias_relu_bf16 prev-gemm_bias_relu_bf16 16384x1024x4096
gemm_vs f16 new-gemm_bias_relu main-gemm_bias_relu $BIG
gemm_vs bf16 new-gemm_bias_relu_bf16 main-gemm_bias_relu_bf16 $BIG
el "bench done"
harness 200 60 h:6 hs:2
sanitize 120 "racecheck new-gemm_bias_relu M=700,K=100,N=300" \
  "memcheck new-gemm_bias_relu M=700,K=100,N=300"
wait
harness_report
el "all done"
