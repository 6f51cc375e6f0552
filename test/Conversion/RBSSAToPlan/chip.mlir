// chip= names a row of the target table (docs/target.md): the planner
// records it on the module as dlc.target, writes its family as the plan's
// arch, and searches with its figures. The plan it writes keeps the
// contract plan-verify checks, on every chip. arch= is an alias; a family
// name stands for its reference chip.
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --pass-pipeline='builtin.module(convert-rbssa-to-plan, plan-verify)' | FileCheck %s --check-prefix=DEFAULT
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --pass-pipeline='builtin.module(convert-rbssa-to-plan{chip=sm_80}, plan-verify)' | FileCheck %s --check-prefix=SM80
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --pass-pipeline='builtin.module(convert-rbssa-to-plan{chip=sm_86}, plan-verify)' | FileCheck %s --check-prefix=SM86
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --pass-pipeline='builtin.module(convert-rbssa-to-plan{chip=sm_89}, plan-verify)' | FileCheck %s --check-prefix=SM89
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --pass-pipeline='builtin.module(convert-rbssa-to-plan{chip=sm_90a}, plan-verify)' | FileCheck %s --check-prefix=SM90A
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --pass-pipeline='builtin.module(convert-rbssa-to-plan{arch=sm80}, plan-verify)' | FileCheck %s --check-prefix=SM80

// DEFAULT: module attributes {dlc.target = "sm_90"}
// DEFAULT: "plan.schedule"() {{{.*}}arch = "sm90"
// SM80: module attributes {dlc.target = "sm_80"}
// SM80: "plan.schedule"() {{{.*}}arch = "sm80"
// SM86: module attributes {dlc.target = "sm_86"}
// SM86: "plan.schedule"() {{{.*}}arch = "sm80"
// SM89: module attributes {dlc.target = "sm_89"}
// SM89: "plan.schedule"() {{{.*}}arch = "sm80"
// SM90A: module attributes {dlc.target = "sm_90a"}
// SM90A: "plan.schedule"() {{{.*}}arch = "sm90"

// The figures are the chip's: on an RTX A6000 (84 SMs, 155 TFLOP/s, 99 KiB
// per CTA) the search settles on 128x128x32 and estimates 1025 us for the
// 4096^3 problem; an L40S (142 SMs, 362 TFLOP/s) keeps 128x256x32 at 438 us.
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --convert-rbssa-to-plan="chip=sm_86 print-candidates=true" | FileCheck %s --check-prefix=EST86
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --convert-rbssa-to-plan="chip=sm_89 print-candidates=true" | FileCheck %s --check-prefix=EST89
// EST86: "plan.candidate"() {{{.*}}reason = "chosen: {{.*}}tile = array<i64: 128, 128, 32>, time_est_us = 1025.375 : f64
// EST89: "plan.candidate"() {{{.*}}reason = "chosen: {{.*}}tile = array<i64: 128, 256, 32>, time_est_us = 4.383750e+02 : f64
