// The nominal problem size (option `sizes`) steers the search: at 4096^3 a
// 128x256 CTA tile of eight 64x64 warps wins; at 1024^3 its 32 CTAs fill a
// quarter of the H100's 132 SMs, and a 128x64 tile of eight 32x32 warps
// (128 CTAs) wins. Symbols not listed keep the default 4096.
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --convert-rbssa-to-plan | FileCheck %s --check-prefix=BIG
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --convert-rbssa-to-plan=sizes=M=1024,N=1024,K=1024 | FileCheck %s --check-prefix=SMALL
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --convert-rbssa-to-plan=sizes=K=4096 | FileCheck %s --check-prefix=BIG

// BIG: "plan.schedule"() {{{.*}}stages = 2 : i64, tile = array<i64: 128, 256, 32>, {{.*}}warp_tile = array<i64: 64, 64>}
// SMALL: "plan.schedule"() {{{.*}}stages = 3 : i64, tile = array<i64: 128, 64, 32>, {{.*}}warp_tile = array<i64: 32, 32>}
