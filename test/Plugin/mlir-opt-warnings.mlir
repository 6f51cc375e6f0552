// DLC warnings reach upstream mlir-opt as MLIR warnings, so that
// --verify-diagnostics matches them like its own: they go through the
// context's diagnostic engine (lib/Support/EmitWarning.cpp). Before, only
// dlc-opt, which set a warning sink, saw them; mlir-opt printed them past
// its verifier and reported the expected warning as not produced.
// RUN: %mlir_opt_dlc %s --verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(dlc-to-ptx{chip=sm_80})' \
// RUN:   | FileCheck %s
// Without a verifier, MLIR prints it as a warning (the copy drops the
// expected-* line, which mlir-opt reports otherwise) and the run succeeds.
// RUN: grep -v expected-warning %s > %t.mlir
// RUN: %mlir_opt_dlc %t.mlir --pass-pipeline='builtin.module(dlc-to-ptx{chip=sm_80})' \
// RUN:   -o /dev/null 2>&1 | FileCheck --check-prefix=PRINTED %s
// PRINTED: .mlir:{{[0-9]+}}:1: warning: W1602 GemmDeclined: this contraction is planned on the memory-bound skeleton

// An f32 GEMM: the tensor-core skeletons take f16 or bf16 factors, so the
// planner sends it to the memory-bound skeleton and says so (W1602).
// CHECK: gpu.binary @dlc_kernels
// expected-warning @+1 {{W1602 GemmDeclined: this contraction is planned on the memory-bound skeleton (CUDA cores, far below the tensor cores) because the GEMM skeletons do not take it: the factors are f32 and f32}}
func.func @gemm_f32(%x: tensor<?x?xf32, ["M", "K"]> {dlc.name = "X"}, %w: tensor<?x?xf32, ["K", "N"]> {dlc.name = "W"}) -> (tensor<?x?xf32, ["M", "N"]> {dlc.name = "Y"}) {
  %0 = "tiny.reshape"(%x) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x1x?xf32, ["M", 1, "K"]>
  %1 = "tiny.permute"(%w) {order = array<i64: 1, 0>} : (tensor<?x?xf32, ["K", "N"]>) -> tensor<?x?xf32, ["N", "K"]>
  %2 = "tiny.reshape"(%1) : (tensor<?x?xf32, ["N", "K"]>) -> tensor<1x?x?xf32, [1, "N", "K"]>
  %3 = "tiny.mul"(%0, %2) : (tensor<?x1x?xf32, ["M", 1, "K"]>, tensor<1x?x?xf32, [1, "N", "K"]>) -> tensor<?x?x?xf32, ["M", "N", "K"]>
  %4 = "tiny.reduce"(%3) {acc_dtype = f32, axes = array<i64: 2>, op = "sum"} : (tensor<?x?x?xf32, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %4 : tensor<?x?xf32, ["M", "N"]>
}
