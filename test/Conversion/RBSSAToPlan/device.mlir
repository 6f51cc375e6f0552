// The device table's figures can be overridden (device=FIGURE=VALUE,...):
// a chip with 40000 bytes of shared memory per CTA stops the 48 KiB
// 128x256x32 plan (80% rule) and the search settles on 128x64x32; more SMs
// and a faster clock change the estimates the candidates carry.
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --convert-rbssa-to-plan | FileCheck %s --check-prefix=TABLE
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --convert-rbssa-to-plan=device=smem-per-cta=40000 | FileCheck %s --check-prefix=SMALL
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --convert-rbssa-to-plan="device=sms=264,clock-ghz=1.83 print-candidates=true" | FileCheck %s --check-prefix=BIG

// TABLE: "plan.schedule"
// TABLE-SAME: tile = array<i64: 128, 256, 32>
// SMALL: "plan.schedule"
// SMALL-SAME: tile = array<i64: 128, 64, 32>
// BIG: "plan.schedule"
// BIG-SAME: tile = array<i64: 128, 256, 32>
// BIG: "plan.candidate"() {{{.*}}reason = "chosen: {{.*}}time_est_us = 2.985000e+02
// The table's own estimate for the same point, for comparison:
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --convert-rbssa-to-plan=print-candidates=true | FileCheck %s --check-prefix=TABLE-EST
// TABLE-EST: "plan.candidate"() {{{.*}}reason = "chosen: {{.*}}time_est_us = 3.103750e+02
