// dlcgpu-verify accepts the round-trip examples of every op and the SM80
// kernel convert-plan-to-dlcgpu generates, and changes nothing.
// RUN: dlc-opt %S/ops.mlir --split-input-file --dlcgpu-verify | FileCheck %s --check-prefix=OPS
// OPS: "dlcgpu.mma_sync"
// RUN: dlc-opt %dlc_src_root/examples/gemm_bias_relu.tiny.mlir --pass-pipeline='builtin.module(func.func(tiny-verify), func.func(tiny-expand-broadcasts), convert-tiny-to-indexbook, convert-indexbook-to-rbssa, convert-rbssa-to-plan, convert-plan-to-dlcgpu, dlcgpu-verify)' | FileCheck %s --check-prefix=GEN
// GEN: "dlcgpu.epilogue"
