// tiny.reduce: sum, max and min over chosen axes (keepdim = false), with
// x = [[1, -2, 3], [-4, 5, -6]].
// RUN: dlc-interp %s --func reduce --input x=1,-2,3,-4,5,-6 --print | FileCheck %s
// CHECK: result0: f32[2]
// CHECK-NEXT: result0 = 2 -5
// CHECK-NEXT: result1: f32[2]
// CHECK-NEXT: result1 = 3 5
// CHECK-NEXT: result2: f32[3]
// CHECK-NEXT: result2 = -4 -2 -6
// CHECK-NEXT: result3: f32[]
// CHECK-NEXT: result3 = -3
// CHECK-NEXT: result4: f16[]
// CHECK-NEXT: result4 = 5
func.func @reduce(%x: tensor<2x3xf32>)
    -> (tensor<2xf32>, tensor<2xf32>, tensor<3xf32>, tensor<f32>, tensor<f16>) {
  %sum = "tiny.reduce"(%x) {op = "sum", axes = array<i64: 1>, acc_dtype = f32}
      : (tensor<2x3xf32>) -> tensor<2xf32>
  %max = "tiny.reduce"(%x) {op = "max", axes = array<i64: 1>, acc_dtype = f32}
      : (tensor<2x3xf32>) -> tensor<2xf32>
  %min = "tiny.reduce"(%x) {op = "min", axes = array<i64: 0>, acc_dtype = f32}
      : (tensor<2x3xf32>) -> tensor<3xf32>
  %all = "tiny.reduce"(%x) {op = "sum", axes = array<i64: 0, 1>, acc_dtype = f32}
      : (tensor<2x3xf32>) -> tensor<f32>
  %hmax = "tiny.reduce"(%x) {op = "max", axes = array<i64: 1, 0>, acc_dtype = f16}
      : (tensor<2x3xf32>) -> tensor<f16>
  return %sum, %max, %min, %all, %hmax : tensor<2xf32>, tensor<2xf32>, tensor<3xf32>, tensor<f32>, tensor<f16>
}

// The accumulator is rounded to acc_dtype after every step: in fp16,
// 2048 + 1 ties back to 2048 (fp16 spacing is 2 there), so the fp16 sum of
// [2048, 1, 1, 1] is 2048 while the fp32 one is 2051.
// RUN: dlc-interp %s --func accumulate --input x=2048,1,1,1 --print \
// RUN:   | FileCheck %s --check-prefix=ACC
// ACC: result0: f32[]
// ACC-NEXT: result0 = 2048
// ACC-NEXT: result1: f32[]
// ACC-NEXT: result1 = 2051
func.func @accumulate(%x: tensor<4xf32>) -> (tensor<f32>, tensor<f32>) {
  %h = "tiny.reduce"(%x) {op = "sum", axes = array<i64: 0>, acc_dtype = f16}
      : (tensor<4xf32>) -> tensor<f32>
  %s = "tiny.reduce"(%x) {op = "sum", axes = array<i64: 0>, acc_dtype = f32}
      : (tensor<4xf32>) -> tensor<f32>
  return %h, %s : tensor<f32>, tensor<f32>
}

// Reducing an empty axis gives the neutral element: 0, -inf, +inf.
// RUN: dlc-interp %s --func neutral N=0 --print | FileCheck %s --check-prefix=NEUTRAL
// NEUTRAL: result0: f32[2]
// NEUTRAL-NEXT: result0 = 0 0
// NEUTRAL-NEXT: result1: f32[2]
// NEUTRAL-NEXT: result1 = -inf -inf
// NEUTRAL-NEXT: result2: f32[2]
// NEUTRAL-NEXT: result2 = inf inf
func.func @neutral(%x: tensor<2x?xf32, [2, "N"]>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %s = "tiny.reduce"(%x) {op = "sum", axes = array<i64: 1>, acc_dtype = f32}
      : (tensor<2x?xf32, [2, "N"]>) -> tensor<2xf32>
  %mx = "tiny.reduce"(%x) {op = "max", axes = array<i64: 1>, acc_dtype = f32}
      : (tensor<2x?xf32, [2, "N"]>) -> tensor<2xf32>
  %mn = "tiny.reduce"(%x) {op = "min", axes = array<i64: 1>, acc_dtype = f32}
      : (tensor<2x?xf32, [2, "N"]>) -> tensor<2xf32>
  return %s, %mx, %mn : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
