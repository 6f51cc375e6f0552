// tiny.cast rounds to nearest even when it narrows. Casting to f16/bf16 and
// back to f32 shows the value each stores.
//   0.1 -> 0.0999755859375 (f16), 0.10009765625 (bf16)
//   1 + 2^-11 is a tie between 1 and 1 + 2^-10: even is 1
//   1 + 3 * 2^-11 is a tie between 1 + 2^-10 and 1 + 2^-9: even is the latter
//   65519 rounds to 65504 (the largest f16); 65520 overflows to inf
//   1e-7 becomes the f16 subnormal 2 * 2^-24; -2.5e-8 underflows to -0
// RUN: dlc-interp %s --func f16 --input x=0.1,1.00048828125,1.00146484375,65519,65520,1e-7,-2.5e-8,3.14159 \
// RUN:   --print | FileCheck %s --check-prefix=F16
// F16: result0: f32[8]
// F16-NEXT: result0 = 0.099975586 1 1.0019531 65504 inf 1.1920929e-07 -0 3.140625
// F16-NEXT: result1: f16[8]
// F16-NEXT: result1 = 0.1 1 1.002 65504 inf 1e-07 -0 3.14
func.func @f16(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf16>) {
  %h = "tiny.cast"(%x) : (tensor<8xf32>) -> tensor<8xf16>
  %back = "tiny.cast"(%h) : (tensor<8xf16>) -> tensor<8xf32>
  return %back, %h : tensor<8xf32>, tensor<8xf16>
}

// RUN: dlc-interp %s --func bf16 --input x=0.1,1.00048828125,3.14159,1e30,-1e-3,65520 \
// RUN:   --print | FileCheck %s --check-prefix=BF16
// BF16: result0: f32[6]
// BF16-NEXT: result0 = 0.100097656 1 3.140625 1.00025555e+30 -0.0009994507 65536
func.func @bf16(%x: tensor<6xf32>) -> tensor<6xf32> {
  %h = "tiny.cast"(%x) : (tensor<6xf32>) -> tensor<6xbf16>
  %back = "tiny.cast"(%h) : (tensor<6xbf16>) -> tensor<6xf32>
  return %back : tensor<6xf32>
}

// Float to integer truncates toward zero, saturates, and wraps to the
// width; to i1 is "not zero".
// RUN: dlc-interp %s --func to_int --input x=2.7,-2.7,3e9,-0.5 --print | FileCheck %s --check-prefix=INT
// INT: result0: i32[4]
// INT-NEXT: result0 = 2 -2 -1294967296 0
// INT-NEXT: result1: i1[4]
// INT-NEXT: result1 = 1 1 1 1
func.func @to_int(%x: tensor<4xf64>) -> (tensor<4xi32>, tensor<4xi1>) {
  %i = "tiny.cast"(%x) : (tensor<4xf64>) -> tensor<4xi32>
  %b = "tiny.cast"(%x) : (tensor<4xf64>) -> tensor<4xi1>
  return %i, %b : tensor<4xi32>, tensor<4xi1>
}

// Inputs are rounded to their element type before anything else: an f16
// argument given 0.1 holds 0.0999755859375 even in f64 mode.
// RUN: dlc-interp %s --func f16_input --input x=0.1 --precision f64 --print \
// RUN:   | FileCheck %s --check-prefix=INPUT
// INPUT: result0: f64[1]
// INPUT-NEXT: result0 = 0.0999755859375
func.func @f16_input(%x: tensor<1xf16>) -> tensor<1xf64> {
  %d = "tiny.cast"(%x) : (tensor<1xf16>) -> tensor<1xf64>
  return %d : tensor<1xf64>
}
