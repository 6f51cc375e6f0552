// dlc-interp prints the same outputs before and after tiny-expand-broadcasts.
// RUN: dlc-interp %s M=2,N=3 --input 0=1,-2,3,-4,5,-6 --input 1=10,20,30 \
// RUN:   --input 2=1,0,1 --input 3=0.5 --print > %t.before
// RUN: dlc-opt %s --tiny-expand-broadcasts > %t.mlir
// RUN: dlc-interp %t.mlir M=2,N=3 --input 0=1,-2,3,-4,5,-6 --input 1=10,20,30 \
// RUN:   --input 2=1,0,1 --input 3=0.5 --print > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s < %t.after
// RUN: FileCheck %s --check-prefix=IR < %t.mlir

// y = where(c, x * s + b, max(x, 0)) with x [M, N], b [N], c [N], s scalar
// (inputs by index: argument names do not survive printing).
// CHECK: result0: f32[2, 3]
// CHECK-NEXT: result0[0] = 10.5 0 31.5
// CHECK-NEXT: result0[1] = 8 5 27

// IR-COUNT-4: "tiny.expand"
// IR-NOT: "tiny.expand"
func.func @f(%x: tensor<?x?xf32, ["M", "N"]>, %b: tensor<?xf32, ["N"]>, %c: tensor<?xi1, ["N"]>,
             %s: tensor<f32>) -> tensor<?x?xf32, ["M", "N"]> {
  %0 = "tiny.mul"(%x, %s) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %1 = "tiny.add"(%0, %b) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %2 = "tiny.max"(%x, %zero) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %3 = "tiny.where"(%c, %1, %2) : (tensor<?xi1, ["N"]>, tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %3 : tensor<?x?xf32, ["M", "N"]>
}
