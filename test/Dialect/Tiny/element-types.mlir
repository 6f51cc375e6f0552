// The element types tiny-verify accepts: one type per arithmetic op
// (integers included), i1 masks from comparisons and valid, a where over an
// i1 condition, neg of an integer, and a cast between any two types.
// RUN: dlc-opt %s --tiny-verify | FileCheck %s

// CHECK-LABEL: func.func @accepted(
// CHECK: tiny.idiv
// CHECK: tiny.neg
// CHECK: tiny.cmplt
// CHECK: tiny.valid
// CHECK: tiny.where
// CHECK: tiny.cast
func.func @accepted(%i: tensor<4xi32>, %a: tensor<4xf16>, %b: tensor<f16>) -> tensor<4xf32> {
  %0 = "tiny.idiv"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = "tiny.neg"(%0) : (tensor<4xi32>) -> tensor<4xi32>
  %2 = "tiny.cmplt"(%a, %b) : (tensor<4xf16>, tensor<f16>) -> tensor<4xi1>
  %3 = "tiny.valid"(%a) : (tensor<4xf16>) -> tensor<4xi1>
  %4 = "tiny.where"(%2, %a, %b) : (tensor<4xi1>, tensor<4xf16>, tensor<f16>) -> tensor<4xf16>
  %5 = "tiny.cast"(%4) : (tensor<4xf16>) -> tensor<4xf32>
  return %5 : tensor<4xf32>
}
