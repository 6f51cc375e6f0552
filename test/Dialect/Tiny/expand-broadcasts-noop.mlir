// Already-equal shapes (and non-elementwise ops) are left exactly as they
// were: the output equals a plain round trip of the input.
// RUN: dlc-opt %s > %t.plain.mlir
// RUN: dlc-opt %s --tiny-expand-broadcasts > %t.expanded.mlir
// RUN: diff %t.plain.mlir %t.expanded.mlir
// RUN: dlc-opt %s --tiny-expand-broadcasts | FileCheck %s

// CHECK-LABEL: func.func @equal
// CHECK-NOT: tiny.reshape
// CHECK-NOT: tiny.expand
// CHECK: "tiny.add"(%arg0, %arg1)
// CHECK: "tiny.where"(%arg2, %{{.*}}, %arg1)
func.func @equal(%a: tensor<?x8xf32, ["M", 8]>, %b: tensor<?x8xf32, ["M", 8]>,
                 %c: tensor<?x8xi1, ["M", 8]>) -> tensor<?x8xf32, ["M", 8]> {
  %0 = "tiny.add"(%a, %b) : (tensor<?x8xf32, ["M", 8]>, tensor<?x8xf32, ["M", 8]>) -> tensor<?x8xf32, ["M", 8]>
  %1 = "tiny.neg"(%0) : (tensor<?x8xf32, ["M", 8]>) -> tensor<?x8xf32, ["M", 8]>
  %2 = "tiny.where"(%c, %1, %b) : (tensor<?x8xi1, ["M", 8]>, tensor<?x8xf32, ["M", 8]>, tensor<?x8xf32, ["M", 8]>) -> tensor<?x8xf32, ["M", 8]>
  return %2 : tensor<?x8xf32, ["M", 8]>
}
