// tiny.cmplt, tiny.cmpne and tiny.where with right-aligned broadcasting:
// |x| as where(x < 0, -x, x), and a clamp of x from below by a row of
// limits.
// RUN: dlc-interp %s --input x=-1,0.5,-0.25,2,3,-4 --input lo=0,1 --print | FileCheck %s
// CHECK: result0: f32[3, 2]
// CHECK-NEXT: result0[0] = 1 0.5
// CHECK-NEXT: result0[1] = 0.25 2
// CHECK-NEXT: result0[2] = 3 4
// CHECK-NEXT: result1: i1[3, 2]
// CHECK-NEXT: result1[0] = 1 0
// CHECK-NEXT: result1[1] = 1 0
// CHECK-NEXT: result1[2] = 0 1
// CHECK-NEXT: result2: f32[3, 2]
// CHECK-NEXT: result2[0] = 0 1
// CHECK-NEXT: result2[1] = 0 2
// CHECK-NEXT: result2[2] = 3 1
// CHECK-NEXT: result3: i1[3, 2]
// CHECK-NEXT: result3[0] = 1 1
// CHECK-NEXT: result3[1] = 1 0
// CHECK-NEXT: result3[2] = 1 1
func.func @where(%x: tensor<3x2xf32>, %lo: tensor<2xf32>)
    -> (tensor<3x2xf32>, tensor<3x2xi1>, tensor<3x2xf32>, tensor<3x2xi1>) {
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %neg = "tiny.cmplt"(%x, %zero) : (tensor<3x2xf32>, tensor<f32>) -> tensor<3x2xi1>
  %mx = "tiny.neg"(%x) : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %abs = "tiny.where"(%neg, %mx, %x) : (tensor<3x2xi1>, tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %below = "tiny.cmplt"(%x, %lo) : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xi1>
  %clamp = "tiny.where"(%below, %lo, %x) : (tensor<3x2xi1>, tensor<2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %two = "tiny.const"() {value = 2.0 : f32} : () -> tensor<1xf32>
  %ne = "tiny.cmpne"(%x, %two) : (tensor<3x2xf32>, tensor<1xf32>) -> tensor<3x2xi1>
  return %abs, %neg, %clamp, %ne : tensor<3x2xf32>, tensor<3x2xi1>, tensor<3x2xf32>, tensor<3x2xi1>
}
