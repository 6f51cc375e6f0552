// Vector-matrix and matrix-vector products (spec 000 §11) in tinygrad's
// forms: reshape/expand/permute, mul, reduce(sum) over the last axis. Each
// becomes one indexbook.contract; the vector's map drops the axis it lacks.
// RUN: dlc-opt %s --convert-tiny-to-indexbook | dlc-opt | FileCheck %s

// CHECK-DAG: #[[$K_OF_NK:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d1)>
// CHECK-DAG: #[[$KN_OF_NK:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>
// CHECK-DAG: #[[$ID2:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d0, d1)>
// CHECK-DAG: #[[$BOX_NK:set[0-9]*]] = affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
// CHECK-DAG: #[[$BOX_MK:set[0-9]*]] = affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>

// y[N] = x[K] . W[K, N]: x -> [1, K] -> expand [N, K]; W -> permute [N, K].
// CHECK-LABEL: func.func @vecmat
// CHECK-SAME: indexbook.symbols = ["K", "N"]
// CHECK: %[[X:[0-9]+]] = "indexbook.leaf"
// CHECK: %[[W:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: %[[Y:[0-9]+]] = "indexbook.contract"(%[[X]], %[[W]]) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "N"}, {kind = "reduce", name = "i1", size = "K"}], domain = [#[[$BOX_NK]]], flags = {}, maps = [#[[$K_OF_NK]], #[[$KN_OF_NK]]], pattern = "matmul", reduce_axes = array<i64: 1>} : (tensor<?xf16, ["K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?xf32, ["N"]>
// CHECK-NEXT: return %[[Y]]
func.func @vecmat(%x: tensor<?xf16, ["K"]>, %W: tensor<?x?xf16, ["K", "N"]>) -> tensor<?xf32, ["N"]> {
  %xr = "tiny.reshape"(%x) : (tensor<?xf16, ["K"]>) -> tensor<1x?xf16, [1, "K"]>
  %xe = "tiny.expand"(%xr) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x?xf16, [1, "K"]>) -> tensor<?x?xf16, ["N", "K"]>
  %wt = "tiny.permute"(%W) {order = array<i64: 1, 0>} : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["N", "K"]>
  %p = "tiny.mul"(%xe, %wt) : (tensor<?x?xf16, ["N", "K"]>, tensor<?x?xf16, ["N", "K"]>) -> tensor<?x?xf16, ["N", "K"]>
  %y = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf16, ["N", "K"]>) -> tensor<?xf32, ["N"]>
  return %y : tensor<?xf32, ["N"]>
}

// y[M] = X[M, K] . w[K]: w -> [1, K] -> expand [M, K].
// CHECK-LABEL: func.func @matvec
// CHECK-SAME: indexbook.symbols = ["M", "K"]
// CHECK: %[[X:[0-9]+]] = "indexbook.leaf"
// CHECK: %[[W:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: %[[Y:[0-9]+]] = "indexbook.contract"(%[[X]], %[[W]]) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "reduce", name = "i1", size = "K"}], domain = [#[[$BOX_MK]]], flags = {}, maps = [#[[$ID2]], #[[$K_OF_NK]]], pattern = "matmul", reduce_axes = array<i64: 1>} : (tensor<?x?xf16, ["M", "K"]>, tensor<?xf16, ["K"]>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: return %[[Y]]
func.func @matvec(%X: tensor<?x?xf16, ["M", "K"]>, %w: tensor<?xf16, ["K"]>) -> tensor<?xf32, ["M"]> {
  %wr = "tiny.reshape"(%w) : (tensor<?xf16, ["K"]>) -> tensor<1x?xf16, [1, "K"]>
  %we = "tiny.expand"(%wr) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x?xf16, [1, "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %p = "tiny.mul"(%X, %we) : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %y = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %y : tensor<?xf32, ["M"]>
}

// tinygrad's exact 1D x 2D form (no reshape for a 1-D x): the mul itself
// broadcasts x right-aligned.
// CHECK-LABEL: func.func @vecmat_implicit
// CHECK: %[[X:[0-9]+]] = "indexbook.leaf"
// CHECK: %[[W:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: %[[Y:[0-9]+]] = "indexbook.contract"(%[[X]], %[[W]]) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "N"}, {kind = "reduce", name = "i1", size = "K"}], domain = [#[[$BOX_NK]]], flags = {}, maps = [#[[$K_OF_NK]], #[[$KN_OF_NK]]], pattern = "matmul", reduce_axes = array<i64: 1>}
func.func @vecmat_implicit(%x: tensor<?xf16, ["K"]>, %W: tensor<?x?xf16, ["K", "N"]>) -> tensor<?xf32, ["N"]> {
  %wt = "tiny.permute"(%W) {order = array<i64: 1, 0>} : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["N", "K"]>
  %p = "tiny.mul"(%x, %wt) : (tensor<?xf16, ["K"]>, tensor<?x?xf16, ["N", "K"]>) -> tensor<?x?xf16, ["N", "K"]>
  %y = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf16, ["N", "K"]>) -> tensor<?xf32, ["N"]>
  return %y : tensor<?xf32, ["N"]>
}
