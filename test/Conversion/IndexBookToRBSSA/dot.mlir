// The 1D x 2D and 2D x 1D dots (000 §11): the same single reduce as a GEMM,
// with one output axis; the vector is read over the whole body space.
// RUN: dlc-opt %s --split-input-file --convert-indexbook-to-rbssa | FileCheck %s

// y[n] = sum_k x[k] * W[k, n]. The iteration space is [K, N] with K reduced;
// the body is over (n, k): output axes first, then the reduced one.

// CHECK-DAG: #[[$X:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d1)>
// CHECK-DAG: #[[$W:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>
// CHECK-LABEL: func.func @vecmat(
// CHECK-SAME: %[[X:[^:]+]]: memref<?xf16> {{.*}}rbssa.shape = ["K"]}
// CHECK-SAME: %[[W:[^:]+]]: memref<?x?xf16> {{.*}}rbssa.shape = ["K", "N"]}
// CHECK-SAME: %[[Y:[^:]+]]: memref<?xf32> {{.*}}rbssa.role = "output", rbssa.shape = ["N"]})
// CHECK-SAME: attributes {rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [{name = "k", size = "K"}], rbssa.region = "vecmat", rbssa.symbols = ["K", "N"]}
// CHECK-NEXT: %[[RX:.+]] = "rbssa.read"(%[[X]]) {map = #[[$X]]} : (memref<?xf16>) -> tensor<?x?xf16, ["N", "K"]>
// CHECK-NEXT: %[[RW:.+]] = "rbssa.read"(%[[W]]) {map = #[[$W]]} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "K"]>
// CHECK-NEXT: %[[P:.+]] = "rbssa.binary"(%[[RX]], %[[RW]]) {fn = "mul"} : (tensor<?x?xf16, ["N", "K"]>, tensor<?x?xf16, ["N", "K"]>) -> tensor<?x?xf16, ["N", "K"]>
// CHECK-NEXT: %[[S:.+]] = "rbssa.reduce"(%[[P]]) {axes = array<i64: 1>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?xf16, ["N", "K"]>) -> tensor<?xf32, ["N"]>
// CHECK-NEXT: "rbssa.yield"(%[[S]], %[[Y]]) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
// CHECK-NEXT: return
func.func @vecmat(%x: tensor<?xf16, ["K"]>, %W: tensor<?x?xf16, ["K", "N"]>) -> tensor<?xf32, ["N"]>
    attributes {indexbook.symbols = ["K", "N"]} {
  %lx = "indexbook.leaf"(%x) {axes = [{name = "i0", size = "K", kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}}
      : (tensor<?xf16, ["K"]>) -> tensor<?xf16, ["K"]>
  %lw = "indexbook.leaf"(%W) {
      axes = [{name = "i0", size = "K", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}}
      : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["K", "N"]>
  %y = "indexbook.contract"(%lx, %lw) {pattern = "matmul", acc_dtype = f32, reduce_axes = array<i64: 0>,
      axes = [{name = "i0", size = "K", kind = "reduce"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d0)>, affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], flags = {}}
      : (tensor<?xf16, ["K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?xf32, ["N"]>
  return %y : tensor<?xf32, ["N"]>
}

// -----

// y[m] = sum_k X[m, k] * w[k], written as mul + reduce(sum) (tinygrad's
// reshape + MUL + sum(-1)), with an f16 output cast by the yield.

// CHECK-DAG: #[[$XM:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d0, d1)>
// CHECK-DAG: #[[$WV:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d1)>
// CHECK-LABEL: func.func @matvec(
// CHECK-SAME: %[[X:[^:]+]]: memref<?x?xf16> {{.*}}rbssa.shape = ["M", "K"]}
// CHECK-SAME: %[[W:[^:]+]]: memref<?xf16> {{.*}}rbssa.shape = ["K"]}
// CHECK-SAME: %[[Y:[^:]+]]: memref<?xf16> {{.*}}rbssa.role = "output", rbssa.shape = ["M"]})
// CHECK-SAME: attributes {rbssa.iters = [{name = "m", size = "M"}], rbssa.reduce_iters = [{name = "k", size = "K"}], rbssa.region = "matvec", rbssa.symbols = ["M", "K"]}
// CHECK-NEXT: %[[RX:.+]] = "rbssa.read"(%[[X]]) {map = #[[$XM]]} : (memref<?x?xf16>) -> tensor<?x?xf16, ["M", "K"]>
// CHECK-NEXT: %[[RW:.+]] = "rbssa.read"(%[[W]]) {map = #[[$WV]]} : (memref<?xf16>) -> tensor<?x?xf16, ["M", "K"]>
// CHECK-NEXT: %[[P:.+]] = "rbssa.binary"(%[[RX]], %[[RW]]) {fn = "mul"}
// CHECK-NEXT: %[[S:.+]] = "rbssa.reduce"(%[[P]]) {axes = array<i64: 1>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: "rbssa.yield"(%[[S]], %[[Y]]) {cast = f16, materialize = "gmem"} : (tensor<?xf32, ["M"]>, memref<?xf16>) -> ()
// CHECK-NEXT: return
func.func @matvec(%X: tensor<?x?xf16, ["M", "K"]>, %w: tensor<?xf16, ["K"]>) -> tensor<?xf16, ["M"]>
    attributes {indexbook.symbols = ["M", "K"]} {
  %lx = "indexbook.leaf"(%X) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %lw = "indexbook.leaf"(%w) {axes = [{name = "i0", size = "K", kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s1 - 1 >= 0)>], flags = {}}
      : (tensor<?xf16, ["K"]>) -> tensor<?xf16, ["K"]>
  %p = "indexbook.binary"(%lx, %lw) {fn = "mul",
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>, affine_map<(d0, d1)[s0, s1] -> (d1)>], flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?xf16, ["K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %s = "indexbook.reduce"(%p) {op = "sum", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  %y = "indexbook.unary"(%s) {fn = "cast", axes = [{name = "i0", size = "M", kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>],
      maps = [affine_map<(d0)[s0, s1] -> (d0)>], flags = {}}
      : (tensor<?xf32, ["M"]>) -> tensor<?xf16, ["M"]>
  return %y : tensor<?xf16, ["M"]>
}
