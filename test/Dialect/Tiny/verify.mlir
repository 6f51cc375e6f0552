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
