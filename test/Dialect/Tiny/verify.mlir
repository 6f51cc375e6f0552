// tiny-verify accepts right-aligned broadcasting with symbolic dimensions,
// FLIP (negative strides are not an error) and fp32 accumulation.
// RUN: dlc-opt %s --tiny-verify | FileCheck %s

// CHECK-LABEL: func.func @bias_add
// CHECK: "tiny.add"(%arg0, %arg1)
func.func @bias_add(%c: tensor<?x?xf32, ["M", "N"]>, %bias: tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]> {
  %0 = "tiny.add"(%c, %bias) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %0 : tensor<?x?xf32, ["M", "N"]>
}

// Size-1 dimensions broadcast against symbols on either side.
// CHECK-LABEL: func.func @ones
// CHECK: "tiny.mul"
func.func @ones(%x: tensor<?x1x?xf16, ["M", 1, "K"]>, %w: tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]> {
  %0 = "tiny.mul"(%x, %w) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  return %0 : tensor<?x?x?xf16, ["M", "N", "K"]>
}

// WHERE broadcasts all three operands.
// CHECK-LABEL: func.func @relu_where
// CHECK: "tiny.where"
func.func @relu_where(%x: tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]> {
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %pos = "tiny.cmplt"(%zero, %x) : (tensor<f32>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  %0 = "tiny.where"(%pos, %x, %zero) : (tensor<?x?xi1, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  return %0 : tensor<?x?xf32, ["M", "N"]>
}

// A negative stride is FLIP: accepted (spec §3.4).
// CHECK-LABEL: func.func @flip
// CHECK: "tiny.flip"
func.func @flip(%x: tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]> {
  %0 = "tiny.flip"(%x) {axes = array<i64: 0>} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %1 = "tiny.neg"(%0) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return %1 : tensor<?xf32, ["N"]>
}

// A half-precision sum with an fp32 accumulator is fine.
// CHECK-LABEL: func.func @sum_fp32_acc
// CHECK: "tiny.reduce"{{.*}}acc_dtype = f32
func.func @sum_fp32_acc(%x: tensor<?x?xf16, ["M", "K"]>) -> tensor<?xf32, ["M"]> {
  %0 = "tiny.reduce"(%x) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %0 : tensor<?xf32, ["M"]>
}

// A view may read outside its operand (0 there, by definition), and a
// shrink of a symbolic dimension is bounded only by 2^60.
// CHECK-LABEL: func.func @view_outside
// CHECK: "tiny.view"
// CHECK: "tiny.shrink"
func.func @view_outside(%x: tensor<4xf32>, %y: tensor<?xf32, ["N"]>) -> (tensor<6xf32>, tensor<3xf32>) {
  %0 = "tiny.view"(%x) {map = affine_map<(d0) -> (d0 - 1)>} : (tensor<4xf32>) -> tensor<6xf32>
  %1 = "tiny.shrink"(%y) {offsets = array<i64: 5>, steps = array<i64: 3>} : (tensor<?xf32, ["N"]>) -> tensor<3xf32>
  return %0, %1 : tensor<6xf32>, tensor<3xf32>
}
