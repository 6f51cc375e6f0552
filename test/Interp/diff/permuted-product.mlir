// A product kept in f16 and permuted before the reduce (tinygrad reduces
// leading axes): with accumulator products the permute does not round the
// product back to f16 either, so the tiny program agrees with the rbssa
// region (which folds the permute into the read maps) and with the GPU.
// Typed products differ from both by far more than the tolerance here.
// RUN: dlc-interp %s --diff --trials 3 | FileCheck %s
// CHECK: diff @permuted_product: 3 of 3 trials pass
// RUN: dlc-interp %s --products typed --input A=iota --input W=iota --print > %t.typed
// RUN: dlc-interp %s --products accumulator --input A=iota --input W=iota --print > %t.acc
// RUN: not diff %t.typed %t.acc > /dev/null
func.func @permuted_product(%A: tensor<4x512xf16> {dlc.name = "A"}, %W: tensor<512x4xf16> {dlc.name = "W"})
    -> (tensor<4x4xf32> {dlc.name = "Y"}) {
  %a = "tiny.reshape"(%A) : (tensor<4x512xf16>) -> tensor<4x1x512xf16>
  %w = "tiny.reshape"(%W) : (tensor<512x4xf16>) -> tensor<1x512x4xf16>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x512x4xf16>) -> tensor<1x4x512xf16>
  %p = "tiny.mul"(%a, %wt) : (tensor<4x1x512xf16>, tensor<1x4x512xf16>) -> tensor<4x4x512xf16>
  %pk = "tiny.permute"(%p) {order = array<i64: 2, 0, 1>} : (tensor<4x4x512xf16>) -> tensor<512x4x4xf16>
  %y = "tiny.reduce"(%pk) {op = "sum", axes = array<i64: 0>, acc_dtype = f32} : (tensor<512x4x4xf16>) -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}
