// Poly-Core's results on an IndexBook function travel with the region built
// from it, for convert-rbssa-to-plan to read.
// RUN: dlc-opt %dlc_src_root/examples/gemm_bias_relu.tiny.mlir \
// RUN:   --pass-pipeline='builtin.module(convert-tiny-to-indexbook, dlc-poly-core{tile=128,256,32}, convert-indexbook-to-rbssa)' | FileCheck %s
// RUN: dlc-opt %dlc_src_root/examples/gemm_bias_relu.tiny.mlir \
// RUN:   --pass-pipeline='builtin.module(convert-tiny-to-indexbook, convert-indexbook-to-rbssa)' | FileCheck %s --check-prefix=NONE

// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK-SAME: polycore.analysis = {
// CHECK-SAME: parallel_axes = ["m", "n"], reduce_axes = ["k"], tail_axes = ["m", "n", "k"], tile = array<i64: 128, 256, 32>
// CHECK-SAME: rbssa.region = "gemm_bias_relu"

// NONE-LABEL: func.func @gemm_bias_relu
// NONE-NOT: polycore.analysis
// NONE: rbssa.region = "gemm_bias_relu"
