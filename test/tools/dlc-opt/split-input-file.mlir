// Each chunk is parsed on its own; locations keep the file's line numbers.
// RUN: dlc-opt %s --split-input-file | FileCheck %s
// RUN: not dlc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tiny-verify))' 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-LABEL: func.func @first
// CHECK: // -----
// CHECK-LABEL: func.func @second
func.func @first() {
  return
}

// -----

func.func @second(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {
  // ERR: split-input-file.mlir:[[@LINE+1]]:8: error: E1001 BroadcastMismatch
  %0 = "tiny.add"(%a, %b) : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
