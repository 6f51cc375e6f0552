// DLC and upstream passes mix in one pipeline, in order, with nesting.
// RUN: dlc-opt %s --pass-pipeline='builtin.module(tiny-verify, func.func(canonicalize, cse), tiny-verify)' \
// RUN:   --mlir-print-ir-after-all 2>&1 | FileCheck %s

// CHECK: IR Dump After tiny-verify (tiny-verify) ('builtin.module' operation)
// CHECK: arith.addi
// CHECK: IR Dump After Canonicalizer (canonicalize) ('func.func' operation: @dead_add)
// CHECK-NOT: arith.addi
// CHECK: IR Dump After CSE (cse) ('func.func' operation: @dead_add)
// CHECK: IR Dump After tiny-verify (tiny-verify) ('builtin.module' operation)
// The final output (stdout, printed last): the dead arith.addi is gone.
// CHECK: func.func @dead_add
// CHECK-NOT: arith.addi
// CHECK: return %arg0
func.func @dead_add(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %a : i32
}
