// Elementwise ALU ops in f32 (every result rounded to f32).

// RUN: dlc-interp %s --func unary --input x=0.25,1,2,4 --print | FileCheck %s --check-prefix=UNARY
// UNARY: result0: f32[4]
// UNARY-NEXT: result0 = -0.25 -1 -2 -4
// UNARY-NEXT: result1: f32[4]
// UNARY-NEXT: result1 = 1.1892071 2 4 16
// UNARY-NEXT: result2: f32[4]
// UNARY-NEXT: result2 = -2 0 1 2
// UNARY-NEXT: result3: f32[4]
// UNARY-NEXT: result3 = 0.5 1 1.4142135 2
// UNARY-NEXT: result4: f32[4]
// UNARY-NEXT: result4 = 4 1 0.5 0.25
// UNARY-NEXT: result5: f32[4]
// UNARY-NEXT: result5 = 0.24740396 0.84147096 0.9092974 -0.7568025
func.func @unary(%x: tensor<4xf32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %neg = "tiny.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %exp2 = "tiny.exp2"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %log2 = "tiny.log2"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %sqrt = "tiny.sqrt"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %recip = "tiny.recip"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %sin = "tiny.sin"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %neg, %exp2, %log2, %sqrt, %recip, %sin
      : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// a = [1, 2, 3, 4], b = [4, 3, 2, 1].
// RUN: dlc-interp %s --func binary --input a=1,2,3,4 --input b=4,3,2,1 --print \
// RUN:   | FileCheck %s --check-prefix=BINARY
// BINARY: result0: f32[4]
// BINARY-NEXT: result0 = -3 -1 1 3
// BINARY-NEXT: result1: f32[4]
// BINARY-NEXT: result1 = 0.25 0.6666667 1.5 4
// BINARY-NEXT: result2: f32[4]
// BINARY-NEXT: result2 = 4 3 3 4
// BINARY-NEXT: result3: f32[4]
// BINARY-NEXT: result3 = 1 8 9 4
func.func @binary(%a: tensor<4xf32>, %b: tensor<4xf32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %sub = "tiny.sub"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %div = "tiny.fdiv"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %max = "tiny.max"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %pow = "tiny.pow"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %sub, %div, %max, %pow : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// Integer division and remainder round toward zero (the remainder takes
// the sign of the dividend); the divisor broadcasts.
// RUN: dlc-interp %s --func integer --input a=7,-7,7,-7 --input b=2,2,-2,-2 --print \
// RUN:   | FileCheck %s --check-prefix=INTEGER
// INTEGER: result0: i32[4]
// INTEGER-NEXT: result0 = 3 -3 -3 3
// INTEGER-NEXT: result1: i32[4]
// INTEGER-NEXT: result1 = 1 -1 1 -1
func.func @integer(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %q = "tiny.idiv"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %r = "tiny.mod"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %q, %r : tensor<4xi32>, tensor<4xi32>
}

// Right-aligned broadcasting: [M, 1, N] + [K, 1] gives [M, K, N].
// RUN: dlc-interp %s --func broadcast M=2,K=2,N=3 --input x=iota --input y=10,20 --print \
// RUN:   | FileCheck %s --check-prefix=BROADCAST
// BROADCAST: result0: f32[2, 2, 3]
// BROADCAST-NEXT: result0[0, 0] = 10 11 12
// BROADCAST-NEXT: result0[0, 1] = 20 21 22
// BROADCAST-NEXT: result0[1, 0] = 13 14 15
// BROADCAST-NEXT: result0[1, 1] = 23 24 25
func.func @broadcast(%x: tensor<?x1x?xf32, ["M", 1, "N"]>, %y: tensor<?x1xf32, ["K", 1]>)
    -> tensor<?x?x?xf32, ["M", "K", "N"]> {
  %z = "tiny.add"(%x, %y) : (tensor<?x1x?xf32, ["M", 1, "N"]>, tensor<?x1xf32, ["K", 1]>)
      -> tensor<?x?x?xf32, ["M", "K", "N"]>
  return %z : tensor<?x?x?xf32, ["M", "K", "N"]>
}

// In f32 mode 0.1 + 0.2 is the f32 sum; in f64 mode, the f64 one.
// RUN: dlc-interp %s --func precision --input a=0.1 --input b=0.2 --print \
// RUN:   | FileCheck %s --check-prefix=P32
// P32: result0 = 0.3
// RUN: dlc-interp %s --func precision --input a=0.1 --input b=0.2 --precision f64 --print \
// RUN:   | FileCheck %s --check-prefix=P64
// P64: result0 = 0.30000000000000004
func.func @precision(%a: tensor<1xf64>, %b: tensor<1xf64>) -> tensor<1xf64> {
  %c = "tiny.add"(%a, %b) : (tensor<1xf64>, tensor<1xf64>) -> tensor<1xf64>
  return %c : tensor<1xf64>
}
