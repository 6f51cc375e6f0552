// tiny.contract (einsum over named indices): GEMM + bias + ReLU in the
// CONTRACT form, vector-matrix and matrix-vector dots, and a conv2d.

// Same numbers as gemm-bias-relu.test: X.W = [[2.5, -5], [5.5, -11]].
// RUN: dlc-interp %s --func gemm_bias_relu M=2,K=2,N=2 --input A=1,2,3,4 \
// RUN:   --input B=0.5,-1,1,-2 --input bias=0.25,1 --print | FileCheck %s --check-prefix=GEMM
// GEMM: result0: f16[2, 2]
// GEMM-NEXT: result0[0] = 2.75 0
// GEMM-NEXT: result0[1] = 5.75 0
func.func @gemm_bias_relu(%A: tensor<?x?xf16, ["M", "K"]>, %B: tensor<?x?xf16, ["K", "N"]>,
                          %bias: tensor<?xf16, ["N"]>) -> tensor<?x?xf16, ["M", "N"]>
    attributes {dlc.symbols = ["M", "K", "N"]} {
  %a = "tiny.load"(%A) {map = affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>}
      : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %b = "tiny.load"(%B) {map = affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>}
      : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["K", "N"]>
  %acc = "tiny.contract"(%a, %b) {pattern = "matmul", lhs_idx = ["m", "k"], rhs_idx = ["k", "n"],
                                  out_idx = ["m", "n"], reduce_idx = ["k"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %bmn = "tiny.expand"(%bias) {broadcast_dimensions = array<i64: 1>}
      : (tensor<?xf16, ["N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %b32 = "tiny.cast"(%bmn) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c1 = "tiny.add"(%acc, %b32) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %c2 = "tiny.max"(%c1, %zero) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %c3 = "tiny.cast"(%c2) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %out = "tiny.store"(%c3) {map = affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>}
      : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %out : tensor<?x?xf16, ["M", "N"]>
}

// v[K] . W[K, N] with W = [[0, 1], [2, 3], [4, 5]]: [16, 22].
// RUN: dlc-interp %s --func dot_1d_2d K=3,N=2 --input v=1,2,3 --input W=iota --print \
// RUN:   | FileCheck %s --check-prefix=VM
// VM: result0: f32[2]
// VM-NEXT: result0 = 16 22
func.func @dot_1d_2d(%v: tensor<?xf32, ["K"]>, %W: tensor<?x?xf32, ["K", "N"]>) -> tensor<?xf32, ["N"]> {
  %y = "tiny.contract"(%v, %W) {pattern = "matmul", lhs_idx = ["k"], rhs_idx = ["k", "n"],
                                out_idx = ["n"], reduce_idx = ["k"], acc_dtype = f32}
      : (tensor<?xf32, ["K"]>, tensor<?x?xf32, ["K", "N"]>) -> tensor<?xf32, ["N"]>
  return %y : tensor<?xf32, ["N"]>
}

// A[M, K] . v[K] with A = [[0, 1, 2], [3, 4, 5]]: [8, 26].
// RUN: dlc-interp %s --func dot_2d_1d M=2,K=3 --input A=iota --input v=1,2,3 --print \
// RUN:   | FileCheck %s --check-prefix=MV
// MV: result0: f32[2]
// MV-NEXT: result0 = 8 26
func.func @dot_2d_1d(%A: tensor<?x?xf32, ["M", "K"]>, %v: tensor<?xf32, ["K"]>) -> tensor<?xf32, ["M"]> {
  %y = "tiny.contract"(%A, %v) {pattern = "matmul", lhs_idx = ["m", "k"], rhs_idx = ["k"],
                                out_idx = ["m"], reduce_idx = ["k"], acc_dtype = f32}
      : (tensor<?x?xf32, ["M", "K"]>, tensor<?xf32, ["K"]>) -> tensor<?xf32, ["M"]>
  return %y : tensor<?xf32, ["M"]>
}

// Batched, with the output indices in another order than the operands':
// C[n, b, m] = sum_k A[b, m, k] * B[b, k, n]. A = iota(2x1x2) =
// [[[0, 1]], [[2, 3]]], B = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]:
// C[., 0, 0] = [3, 4], C[., 1, 0] = [31, 36].
// RUN: dlc-interp %s --func batched --input A=iota --input B=1,2,3,4,5,6,7,8 --print \
// RUN:   | FileCheck %s --check-prefix=BATCHED
// BATCHED: result0: f32[2, 2, 1]
// BATCHED-NEXT: result0[0, 0] = 3
// BATCHED-NEXT: result0[0, 1] = 31
// BATCHED-NEXT: result0[1, 0] = 4
// BATCHED-NEXT: result0[1, 1] = 36
func.func @batched(%A: tensor<2x1x2xf32>, %B: tensor<2x2x2xf32>) -> tensor<2x2x1xf32> {
  %c = "tiny.contract"(%A, %B) {pattern = "matmul", lhs_idx = ["b", "m", "k"], rhs_idx = ["b", "k", "n"],
                                out_idx = ["n", "b", "m"], reduce_idx = ["k"], acc_dtype = f32}
      : (tensor<2x1x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x1xf32>
  return %c : tensor<2x2x1xf32>
}

// Conv 3x3, stride 2, pad 1 (spec §3.5.2) on X = iota(4x4), two output
// channels: all-ones weights (window sums) and W[kh, kw] = 3 kh + kw.
// RUN: dlc-interp %s --func conv3x3_s2_p1 N=1 --input X=iota \
// RUN:   --input W=1,1,1,1,1,1,1,1,1,0,1,2,3,4,5,6,7,8 --print | FileCheck %s --check-prefix=CONV
// CONV: result0: f32[1, 2, 2, 2]
// CONV-NEXT: result0[0, 0, 0] = 10 24
// CONV-NEXT: result0[0, 0, 1] = 51 90
// CONV-NEXT: result0[0, 1, 0] = 73 154
// CONV-NEXT: result0[0, 1, 1] = 279 438
func.func @conv3x3_s2_p1(%X: tensor<?x1x4x4xf32, ["N", 1, 4, 4]>, %W: tensor<2x1x3x3xf32>)
    -> tensor<?x2x2x2xf32, ["N", 2, 2, 2]> {
  %xp = "tiny.pad"(%X) {padding = array<i64: 0, 0, 0, 0, 1, 1, 1, 1>}
      : (tensor<?x1x4x4xf32, ["N", 1, 4, 4]>) -> tensor<?x1x6x6xf32, ["N", 1, 6, 6]>
  %xv = "tiny.view"(%xp) {map = affine_map<(d0, d1, d2, d3, d4, d5)[s0] -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>}
      : (tensor<?x1x6x6xf32, ["N", 1, 6, 6]>) -> tensor<?x1x2x2x3x3xf32, ["N", 1, 2, 2, 3, 3]>
  %y = "tiny.contract"(%W, %xv) {pattern = "conv2d", lhs_idx = ["co", "ci", "kh", "kw"],
                                 rhs_idx = ["n", "ci", "ho", "wo", "kh", "kw"],
                                 out_idx = ["n", "co", "ho", "wo"], reduce_idx = ["ci", "kh", "kw"],
                                 acc_dtype = f32}
      : (tensor<2x1x3x3xf32>, tensor<?x1x2x2x3x3xf32, ["N", 1, 2, 2, 3, 3]>)
      -> tensor<?x2x2x2xf32, ["N", 2, 2, 2]>
  return %y : tensor<?x2x2x2xf32, ["N", 2, 2, 2]>
}
