// SRNF (spec §6.6): directly nested reductions of one op become one reduce.
// RUN: dlc-opt %s --split-input-file --convert-indexbook-to-rbssa | FileCheck %s

// R0: y[m] = sum_k (sum_j X[m, k, j]) is one reduce over (k, j).

// CHECK-DAG: #[[$X:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1, d2)>
// CHECK-LABEL: func.func @sum_of_sum(
// CHECK-SAME: attributes {rbssa.iters = [{name = "m", size = "M"}], rbssa.reduce_iters = [{name = "k", size = "K"}, {name = "j", size = "J"}], rbssa.region = "sum_of_sum", rbssa.symbols = ["M", "K", "J"]}
// CHECK-NEXT: %[[RX:.+]] = "rbssa.read"(%{{.*}}) {map = #[[$X]]} : (memref<?x?x?xf32>) -> tensor<?x?x?xf32, ["M", "K", "J"]>
// CHECK-NEXT: %[[S:.+]] = "rbssa.reduce"(%[[RX]]) {axes = array<i64: 1, 2>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?xf32, ["M", "K", "J"]>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: "rbssa.yield"(%[[S]], %{{.*}})
// CHECK-NOT: rbssa.reduce
func.func @sum_of_sum(%X: tensor<?x?x?xf32, ["M", "K", "J"]>) -> tensor<?xf32, ["M"]>
    attributes {indexbook.symbols = ["M", "K", "J"]} {
  %x = "indexbook.leaf"(%X) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}, {name = "i2", size = "J", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      flags = {}} : (tensor<?x?x?xf32, ["M", "K", "J"]>) -> tensor<?x?x?xf32, ["M", "K", "J"]>
  %inner = "indexbook.reduce"(%x) {op = "sum", acc_dtype = f32, reduce_axes = array<i64: 2>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}, {name = "i2", size = "J", kind = "reduce"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1, d2)>], flags = {}}
      : (tensor<?x?x?xf32, ["M", "K", "J"]>) -> tensor<?x?xf32, ["M", "K"]>
  %outer = "indexbook.reduce"(%inner) {op = "sum", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>], flags = {}}
      : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %outer : tensor<?xf32, ["M"]>
}

// -----

// R2: y[m, n] = sum_k (sum_j X[m, k, j]) * W[k, n]. The sum factor of the
// contraction distributes over the product: one reduce over (k, j) of
// mul(read X, read W), still one reduce per contraction.

// CHECK-DAG: #[[$X:map[0-9]*]] = affine_map<(d0, d1, d2, d3)[s0, s1, s2, s3] -> (d0, d2, d3)>
// CHECK-DAG: #[[$W:map[0-9]*]] = affine_map<(d0, d1, d2, d3)[s0, s1, s2, s3] -> (d2, d1)>
// CHECK-LABEL: func.func @contract_of_sum(
// CHECK-SAME: attributes {rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "k", size = "K"}, {name = "j", size = "J"}]
// CHECK-NEXT: %[[RX:.+]] = "rbssa.read"(%{{.*}}) {map = #[[$X]]} : (memref<?x?x?xf16>) -> tensor<?x?x?x?xf16, ["M", "N", "K", "J"]>
// CHECK-NEXT: %[[RW:.+]] = "rbssa.read"(%{{.*}}) {map = #[[$W]]} : (memref<?x?xf16>) -> tensor<?x?x?x?xf16, ["M", "N", "K", "J"]>
// CHECK-NEXT: %[[P:.+]] = "rbssa.binary"(%[[RX]], %[[RW]]) {fn = "mul"}
// CHECK-NEXT: %[[S:.+]] = "rbssa.reduce"(%[[P]]) {axes = array<i64: 2, 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf16, ["M", "N", "K", "J"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: "rbssa.yield"(%[[S]], %{{.*}})
// CHECK-NOT: rbssa.reduce
func.func @contract_of_sum(%X: tensor<?x?x?xf16, ["M", "K", "J"]>, %W: tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    attributes {indexbook.symbols = ["M", "K", "J", "N"]} {
  %x = "indexbook.leaf"(%X) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}, {name = "i2", size = "J", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2, s3] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      flags = {}} : (tensor<?x?x?xf16, ["M", "K", "J"]>) -> tensor<?x?x?xf16, ["M", "K", "J"]>
  %w = "indexbook.leaf"(%W) {
      axes = [{name = "i0", size = "K", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s3 - 1 >= 0)>],
      flags = {}} : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["K", "N"]>
  %s = "indexbook.reduce"(%x) {op = "sum", acc_dtype = f32, reduce_axes = array<i64: 2>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}, {name = "i2", size = "J", kind = "reduce"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2, s3] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2, s3] -> (d0, d1, d2)>], flags = {}}
      : (tensor<?x?x?xf16, ["M", "K", "J"]>) -> tensor<?x?xf32, ["M", "K"]>
  %y = "indexbook.contract"(%s, %w) {pattern = "matmul", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"}, {name = "i2", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2, s3] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s3 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2, s3] -> (d0, d1)>, affine_map<(d0, d1, d2)[s0, s1, s2, s3] -> (d1, d2)>],
      flags = {}} : (tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %y : tensor<?x?xf32, ["M", "N"]>
}

// -----

// Not merged: the inner sum accumulates in f64, the outer in f32; merging
// would change the accumulation, so the two reduces stay nested.

// CHECK-LABEL: func.func @sum_of_f64_sum(
// CHECK: %[[IN:.+]] = "rbssa.reduce"(%{{.*}}) {axes = array<i64: 2>, dtype = f64, init = 0.000000e+00 : f64, op = "sum"} : (tensor<?x?x?xf32, ["M", "K", "J"]>) -> tensor<?x?xf64, ["M", "K"]>
// CHECK-NEXT: %[[OUT:.+]] = "rbssa.reduce"(%[[IN]]) {axes = array<i64: 1>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?xf64, ["M", "K"]>) -> tensor<?xf32, ["M"]>
func.func @sum_of_f64_sum(%X: tensor<?x?x?xf32, ["M", "K", "J"]>) -> tensor<?xf32, ["M"]>
    attributes {indexbook.symbols = ["M", "K", "J"]} {
  %x = "indexbook.leaf"(%X) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}, {name = "i2", size = "J", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      flags = {}} : (tensor<?x?x?xf32, ["M", "K", "J"]>) -> tensor<?x?x?xf32, ["M", "K", "J"]>
  %inner = "indexbook.reduce"(%x) {op = "sum", acc_dtype = f64, reduce_axes = array<i64: 2>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}, {name = "i2", size = "J", kind = "reduce"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1, d2)>], flags = {}}
      : (tensor<?x?x?xf32, ["M", "K", "J"]>) -> tensor<?x?xf64, ["M", "K"]>
  %outer = "indexbook.reduce"(%inner) {op = "sum", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>], flags = {}}
      : (tensor<?x?xf64, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %outer : tensor<?xf32, ["M"]>
}
