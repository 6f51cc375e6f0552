// Differential tests (docs/interp.md, "Differential testing"): the three dot
// forms, each in tinygrad's form (reshape/expand/permute, a broadcasting
// MUL in f32, REDUCE(sum)) and in the CONTRACT form.

// RUN: dlc-interp %s --func vecmat --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=VECMAT
// VECMAT-COUNT-5: trial {{[0-4]}}: K={{[0-9]+}} N={{[0-9]+}}: max abs err {{.*}}: PASS
// VECMAT-NEXT: diff @vecmat: 5 of 5 trials pass
func.func @vecmat(%x: tensor<?xf32, ["K"]>, %W: tensor<?x?xf32, ["K", "N"]>) -> tensor<?xf32, ["N"]> {
  %xr = "tiny.reshape"(%x) : (tensor<?xf32, ["K"]>) -> tensor<1x?xf32, [1, "K"]>
  %xe = "tiny.expand"(%xr) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x?xf32, [1, "K"]>) -> tensor<?x?xf32, ["N", "K"]>
  %wt = "tiny.permute"(%W) {order = array<i64: 1, 0>} : (tensor<?x?xf32, ["K", "N"]>) -> tensor<?x?xf32, ["N", "K"]>
  %p = "tiny.mul"(%xe, %wt) : (tensor<?x?xf32, ["N", "K"]>, tensor<?x?xf32, ["N", "K"]>) -> tensor<?x?xf32, ["N", "K"]>
  %y = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf32, ["N", "K"]>) -> tensor<?xf32, ["N"]>
  return %y : tensor<?xf32, ["N"]>
}

// RUN: dlc-interp %s --func matvec --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=MATVEC
// MATVEC-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} K={{[0-9]+}}: max abs err {{.*}}: PASS
// MATVEC-NEXT: diff @matvec: 5 of 5 trials pass
func.func @matvec(%X: tensor<?x?xf32, ["M", "K"]>, %w: tensor<?xf32, ["K"]>) -> tensor<?xf32, ["M"]> {
  %p = "tiny.mul"(%X, %w) : (tensor<?x?xf32, ["M", "K"]>, tensor<?xf32, ["K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %y = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %y : tensor<?xf32, ["M"]>
}

// RUN: dlc-interp %s --func vecvec --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=VECVEC
// VECVEC-COUNT-5: trial {{[0-4]}}: K={{[0-9]+}}: max abs err {{.*}}: PASS
// VECVEC-NEXT: diff @vecvec: 5 of 5 trials pass
func.func @vecvec(%x: tensor<?xf32, ["K"]>, %y: tensor<?xf32, ["K"]>) -> tensor<f32> {
  %p = "tiny.mul"(%x, %y) : (tensor<?xf32, ["K"]>, tensor<?xf32, ["K"]>) -> tensor<?xf32, ["K"]>
  %s = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 0>, op = "sum"} : (tensor<?xf32, ["K"]>) -> tensor<f32>
  return %s : tensor<f32>
}

// The CONTRACT forms, with f16 operands and an f16 result.
// RUN: dlc-interp %s --func vecmat_contract --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=VECMAT-C
// VECMAT-C-COUNT-5: trial {{[0-4]}}: K={{[0-9]+}} N={{[0-9]+}}: max abs err {{.*}}: PASS
// VECMAT-C-NEXT: diff @vecmat_contract: 5 of 5 trials pass
func.func @vecmat_contract(%v: tensor<?xf16, ["K"]>, %W: tensor<?x?xf16, ["K", "N"]>) -> tensor<?xf16, ["N"]> {
  %y = "tiny.contract"(%v, %W) {pattern = "matmul", lhs_idx = ["k"], rhs_idx = ["k", "n"],
                                out_idx = ["n"], reduce_idx = ["k"], acc_dtype = f32}
      : (tensor<?xf16, ["K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?xf32, ["N"]>
  %h = "tiny.cast"(%y) : (tensor<?xf32, ["N"]>) -> tensor<?xf16, ["N"]>
  return %h : tensor<?xf16, ["N"]>
}

// RUN: dlc-interp %s --func matvec_contract --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=MATVEC-C
// MATVEC-C-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} K={{[0-9]+}}: max abs err {{.*}}: PASS
// MATVEC-C-NEXT: diff @matvec_contract: 5 of 5 trials pass
func.func @matvec_contract(%A: tensor<?x?xf16, ["M", "K"]>, %v: tensor<?xf16, ["K"]>) -> tensor<?xf16, ["M"]> {
  %y = "tiny.contract"(%A, %v) {pattern = "matmul", lhs_idx = ["m", "k"], rhs_idx = ["k"],
                                out_idx = ["m"], reduce_idx = ["k"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?xf16, ["K"]>) -> tensor<?xf32, ["M"]>
  %h = "tiny.cast"(%y) : (tensor<?xf32, ["M"]>) -> tensor<?xf16, ["M"]>
  return %h : tensor<?xf16, ["M"]>
}

// RUN: dlc-interp %s --func vecvec_contract --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=VECVEC-C
// VECVEC-C-COUNT-5: trial {{[0-4]}}: K={{[0-9]+}}: max abs err {{.*}}: PASS
// VECVEC-C-NEXT: diff @vecvec_contract: 5 of 5 trials pass
func.func @vecvec_contract(%x: tensor<?xf16, ["K"]>, %y: tensor<?xf16, ["K"]>) -> tensor<f32> {
  %s = "tiny.contract"(%x, %y) {pattern = "matmul", lhs_idx = ["k"], rhs_idx = ["k"],
                                out_idx = [], reduce_idx = ["k"], acc_dtype = f32}
      : (tensor<?xf16, ["K"]>, tensor<?xf16, ["K"]>) -> tensor<f32>
  return %s : tensor<f32>
}
