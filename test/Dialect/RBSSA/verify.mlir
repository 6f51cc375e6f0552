// rbssa-verify accepts the regions convert-indexbook-to-rbssa makes and the
// §6.8.1 hand-written region (column-major B), and changes nothing.
// RUN: dlc-opt %S/../../Conversion/RBSSAToPlan/Inputs/gemm_bias_relu.mlir --rbssa-verify | FileCheck %s --check-prefix=HAND
// HAND-LABEL: func.func @gemm_bias_relu
// HAND: "rbssa.yield"
// RUN: dlc-opt %dlc_src_root/examples/two_gemm.tiny.mlir --pass-pipeline='builtin.module(func.func(tiny-verify), func.func(tiny-expand-broadcasts), convert-tiny-to-indexbook, convert-indexbook-to-rbssa, rbssa-verify)' | FileCheck %s --check-prefix=LOWERED
// LOWERED-COUNT-2: "rbssa.yield"
