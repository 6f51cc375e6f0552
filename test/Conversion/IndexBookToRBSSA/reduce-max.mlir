// Row reductions with max, then elementwise ops on the result (R3, R4).
// RUN: dlc-opt %s --split-input-file --convert-indexbook-to-rbssa | FileCheck %s

// Y[m, n] = X[m, n] - max_n' X[m, n']. The max reduces over an N-sized axis
// that its result does not depend on, so it reuses the output axis n: the
// read of X is one SSA value, used by the reduce and by the subtraction
// (§6.7 step 6), and no reduce iter is added. The row max is broadcast back
// explicitly (§6.4).

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d0, d1)>
// CHECK-LABEL: func.func @sub_rowmax(
// CHECK-SAME: %[[X:[^:]+]]: memref<?x?xf32> {{.*}}rbssa.name = "X"
// CHECK-SAME: %[[Y:[^:]+]]: memref<?x?xf32> {{.*}}rbssa.name = "Y"
// CHECK-SAME: attributes {rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.region = "sub_rowmax", rbssa.symbols = ["M", "N"]}
// CHECK-NEXT: %[[RX:.+]] = "rbssa.read"(%[[X]]) {map = #[[$ID]]} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[MX:.+]] = "rbssa.reduce"(%[[RX]]) {axes = array<i64: 1>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: %[[MXB:.+]] = "rbssa.broadcast_in_dim"(%[[MX]]) {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[D:.+]] = "rbssa.binary"(%[[RX]], %[[MXB]]) {fn = "sub"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: "rbssa.yield"(%[[D]], %[[Y]]) {cast = f32, materialize = "gmem"}
// CHECK-NEXT: return
func.func @sub_rowmax(%X: tensor<?x?xf32, ["M", "N"]> {dlc.name = "X"})
    -> (tensor<?x?xf32, ["M", "N"]> {dlc.name = "Y"}) attributes {indexbook.symbols = ["M", "N"]} {
  %x = "indexbook.leaf"(%X) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      flags = {}} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %mx = "indexbook.reduce"(%x) {op = "max", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], flags = {}}
      : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %y = "indexbook.binary"(%x, %mx) {fn = "sub",
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>, affine_map<(d0, d1)[s0, s1] -> (d0)>], flags = {}}
      : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %y : tensor<?x?xf32, ["M", "N"]>
}

// -----

// y[m] = exp2(r) * r with r = max_n X[m, n]: the output has no N axis, so
// the max gets a reduce iter n; its result fans out to two uses and is
// computed once (§6.7 step 6); exp2 and mul are the epilogue on it (R3).

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d0, d1)>
// CHECK-LABEL: func.func @rowmax_fanout(
// CHECK-SAME: attributes {rbssa.iters = [{name = "m", size = "M"}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "rowmax_fanout", rbssa.symbols = ["M", "N"]}
// CHECK-NEXT: %[[RX:.+]] = "rbssa.read"(%{{.*}}) {map = #[[$ID]]} : (memref<?x?xf16>) -> tensor<?x?xf16, ["M", "N"]>
// CHECK-NEXT: %[[MX:.+]] = "rbssa.reduce"(%[[RX]]) {axes = array<i64: 1>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: %[[E:.+]] = "rbssa.unary"(%[[MX]]) {fn = "exp2"} : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: %[[P:.+]] = "rbssa.binary"(%[[E]], %[[MX]]) {fn = "mul"} : (tensor<?xf32, ["M"]>, tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: "rbssa.yield"(%[[P]], %{{.*}}) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["M"]>, memref<?xf32>) -> ()
// CHECK-NOT: rbssa.reduce
func.func @rowmax_fanout(%X: tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["M"]>
    attributes {indexbook.symbols = ["M", "N"]} {
  %x = "indexbook.leaf"(%X) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      flags = {}} : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %mx = "indexbook.reduce"(%x) {op = "max", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], flags = {}}
      : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %e = "indexbook.unary"(%mx) {fn = "exp2", axes = [{name = "i0", size = "M", kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>],
      maps = [affine_map<(d0)[s0, s1] -> (d0)>], flags = {}}
      : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
  %y = "indexbook.binary"(%e, %mx) {fn = "mul", axes = [{name = "i0", size = "M", kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>],
      maps = [affine_map<(d0)[s0, s1] -> (d0)>, affine_map<(d0)[s0, s1] -> (d0)>], flags = {}}
      : (tensor<?xf32, ["M"]>, tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
  return %y : tensor<?xf32, ["M"]>
}

// -----

// y[m] = relu(max_n (A B)[m, n]): a max over a GEMM. Rule 5 (docs/passes,
// "Several regions"): the GEMM is materialised in its own region, an
// implicit GEMM for the planner, and the max reads it back (in one region
// the memory-bound skeleton recomputed the GEMM on CUDA cores). Different
// reduce ops are never merged (R4); ReLU is applied to the max's
// accumulator.

// CHECK-DAG: #[[$A:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d2)>
// CHECK-DAG: #[[$B:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d2, d1)>
// CHECK-LABEL: func.func @max_of_gemm_r0(
// CHECK-SAME: rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["M", "N"]}
// CHECK-SAME: attributes {rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "k", size = "K"}], rbssa.region = "max_of_gemm_r0", rbssa.symbols = ["M", "K", "N"]}
// CHECK-NEXT: %[[RA:.+]] = "rbssa.read"(%{{.*}}) {map = #[[$A]]} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
// CHECK-NEXT: %[[RB:.+]] = "rbssa.read"(%{{.*}}) {map = #[[$B]]} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
// CHECK-NEXT: %[[T:.+]] = "rbssa.binary"(%[[RA]], %[[RB]]) {fn = "mul"}
// CHECK-NEXT: %[[S:.+]] = "rbssa.reduce"(%[[T]]) {axes = array<i64: 2>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: "rbssa.yield"(%[[S]], %{{.*}}) {cast = f32, materialize = "deferred"}
// CHECK-LABEL: func.func @max_of_gemm_r1(
// CHECK-SAME: rbssa.name = "t0", rbssa.noalias, rbssa.role = "input"
// CHECK-NEXT: %[[C:.+]] = "rbssa.read"(%{{.*}}) {map = #{{.*}}} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[MX:.+]] = "rbssa.reduce"(%[[C]]) {axes = array<i64: 1>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: %[[R:.+]] = "rbssa.unary"(%[[MX]]) {fn = "relu"} : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: "rbssa.yield"(%[[R]], %{{.*}}) {cast = f32, materialize = "gmem"}
// CHECK: rbssa.program = {buffers = [{consumers = ["max_of_gemm_r1"], dtype = f32, materialize = "deferred", name = "t0", producer = "max_of_gemm_r0", shape = ["M", "N"]}], regions = ["max_of_gemm_r0", "max_of_gemm_r1"]}
func.func @max_of_gemm(%A: tensor<?x?xf16, ["M", "K"]>, %B: tensor<?x?xf16, ["K", "N"]>) -> tensor<?xf32, ["M"]>
    attributes {indexbook.symbols = ["M", "K", "N"]} {
  %a = "indexbook.leaf"(%A) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      flags = {}} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %b = "indexbook.leaf"(%B) {
      axes = [{name = "i0", size = "K", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      flags = {}} : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["K", "N"]>
  %c = "indexbook.contract"(%a, %b) {pattern = "matmul", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"},
              {name = "i2", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1)>, affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1, d2)>],
      flags = {}} : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %mx = "indexbook.reduce"(%c) {op = "max", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>], flags = {}}
      : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %zero = "indexbook.const"() {value = 0.0 : f32, axes = [],
      domain = [affine_set<()[s0, s1, s2] : (0 == 0)>], flags = {}} : () -> tensor<f32>
  %y = "indexbook.binary"(%zero, %mx) {fn = "max", axes = [{name = "i0", size = "M", kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0)>],
      maps = [affine_map<(d0)[s0, s1, s2] -> ()>, affine_map<(d0)[s0, s1, s2] -> (d0)>], flags = {}}
      : (tensor<f32>, tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
  return %y : tensor<?xf32, ["M"]>
}
