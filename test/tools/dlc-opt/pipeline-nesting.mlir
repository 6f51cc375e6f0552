// Nested pass managers: a DLC pass under func.func, an upstream pass under
// gpu.module, options passed through to upstream passes.
// RUN: dlc-opt %s --pass-pipeline='builtin.module(func.func(tiny-verify), gpu.module(canonicalize{max-iterations=2}))' \
// RUN:   --mlir-print-ir-before-all 2>&1 | FileCheck %s

// CHECK: IR Dump Before tiny-verify (tiny-verify) ('func.func' operation: @host)
// CHECK: IR Dump Before Canonicalizer (canonicalize) ('gpu.module' operation: @kernels)
// CHECK: arith.muli
// The final output: the canonicalizer ran inside the gpu.module.
// CHECK: gpu.module @kernels
// CHECK-NOT: arith.muli
// CHECK: gpu.return
func.func @host() {
  return
}
gpu.module @kernels {
  gpu.func @k(%x: i32) kernel {
    %0 = arith.muli %x, %x : i32
    gpu.return
  }
}
