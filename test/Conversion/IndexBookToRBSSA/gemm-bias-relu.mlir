// GEMM + bias + ReLU (spec §6.8.1) from both IndexBook forms: the
// contraction (indexbook.contract) and the naive mul + reduce(sum). Both give
// the same region: one reduce over direct reads (C-CON1), the bias add and
// ReLU as an epilogue on the f32 accumulator (R3), the cast to f16 in the
// yield.
// RUN: dlc-opt %s --split-input-file --convert-indexbook-to-rbssa | FileCheck %s

// CHECK-DAG: #[[$A_MAP:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d2)>
// CHECK-DAG: #[[$B_MAP:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d2, d1)>
// CHECK-DAG: #[[$BIAS_MAP:map[0-9]*]] = affine_map<(d0)[s0, s1, s2] -> (d0)>

// CHECK-LABEL: func.func @gemm_bias_relu(
// CHECK-SAME: %[[A:[^:]+]]: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "A", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "K"]}
// CHECK-SAME: %[[B:[^:]+]]: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "B", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["K", "N"]}
// CHECK-SAME: %[[BIAS:[^:]+]]: memref<?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "bias", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["N"]}
// CHECK-SAME: %[[C:[^:]+]]: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "C", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["M", "N"]})
// CHECK-SAME: attributes {rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "k", size = "K"}], rbssa.region = "gemm_bias_relu", rbssa.symbols = ["M", "K", "N"]}
// CHECK-NEXT: %[[RA:.+]] = "rbssa.read"(%[[A]]) {map = #[[$A_MAP]]} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
// CHECK-NEXT: %[[RB:.+]] = "rbssa.read"(%[[B]]) {map = #[[$B_MAP]]} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
// CHECK-NEXT: %[[T:.+]] = "rbssa.binary"(%[[RA]], %[[RB]]) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
// CHECK-NEXT: %[[ACC:.+]] = "rbssa.reduce"(%[[T]]) {axes = array<i64: 2>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[RBIAS:.+]] = "rbssa.read"(%[[BIAS]]) {map = #[[$BIAS_MAP]]} : (memref<?xf16>) -> tensor<?xf16, ["N"]>
// CHECK-NEXT: %[[BIAS32:.+]] = "rbssa.cast"(%[[RBIAS]]) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
// CHECK-NEXT: %[[BIASMN:.+]] = "rbssa.broadcast_in_dim"(%[[BIAS32]]) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[C1:.+]] = "rbssa.binary"(%[[ACC]], %[[BIASMN]]) {fn = "add"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[C2:.+]] = "rbssa.unary"(%[[C1]]) {fn = "relu"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: "rbssa.yield"(%[[C2]], %[[C]]) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf16>) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NOT: indexbook.
func.func @gemm_bias_relu(%A: tensor<?x?xf16, ["M", "K"]> {dlc.name = "A"}, %B: tensor<?x?xf16, ["K", "N"]> {dlc.name = "B"},
                          %bias: tensor<?xf16, ["N"]> {dlc.name = "bias"}) -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "C"})
    attributes {indexbook.symbols = ["M", "K", "N"]} {
  %a = "indexbook.leaf"(%A) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %b = "indexbook.leaf"(%B) {
      axes = [{name = "i0", size = "K", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      flags = {}}
      : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["K", "N"]>
  %lbias = "indexbook.leaf"(%bias) {
      axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1, s2] : (d0 >= 0, -d0 + s2 - 1 >= 0)>],
      flags = {}}
      : (tensor<?xf16, ["N"]>) -> tensor<?xf16, ["N"]>
  %acc = "indexbook.contract"(%a, %b) {pattern = "matmul", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"},
              {name = "i2", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1)>,
              affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1, d2)>],
      flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // cast(expand(bias)): i0 is a broadcast axis.
  %b32 = "indexbook.unary"(%lbias) {fn = "cast",
      axes = [{name = "i0", size = "M", kind = "broadcast"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d1)>],
      flags = {}}
      : (tensor<?xf16, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c1 = "indexbook.binary"(%acc, %b32) {fn = "add",
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>, affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>],
      flags = {}}
      : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "indexbook.const"() {value = 0.0 : f32, axes = [],
      domain = [affine_set<()[s0, s1, s2] : (0 == 0)>], flags = {}} : () -> tensor<f32>
  // ReLU is max(x, 0) with a rank-0 constant.
  %c2 = "indexbook.binary"(%c1, %zero) {fn = "max",
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>, affine_map<(d0, d1)[s0, s1, s2] -> ()>],
      flags = {}}
      : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %c3 = "indexbook.unary"(%c2) {fn = "cast",
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>],
      flags = {}}
      : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %c3 : tensor<?x?xf16, ["M", "N"]>
}

// -----

// The naive form (spec §4.5 T and C0): T[i0, i1, i2] = A[i0, i1] * B[i1, i2]
// over [M, K, N], then sum over i1. Without dlc.name, tensors are named
// arg<i> and result<i>. The bias is added without a cast (f32 bias), and
// max(x, 0.5) is a binary max with a constant splatted over the
// accumulator's axes.

// CHECK-DAG: #[[$A_MAP:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d2)>
// CHECK-DAG: #[[$B_MAP:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d2, d1)>
// CHECK-DAG: #[[$BIAS_MAP:map[0-9]*]] = affine_map<(d0)[s0, s1, s2] -> (d0)>

// CHECK-LABEL: func.func @gemm_naive(
// CHECK-SAME: %[[A:[^:]+]]: memref<?x?xf16> {{.*}}rbssa.name = "arg0"
// CHECK-SAME: %[[B:[^:]+]]: memref<?x?xf16> {{.*}}rbssa.name = "arg1"
// CHECK-SAME: %[[BIAS:[^:]+]]: memref<?xf32> {{.*}}rbssa.name = "arg2"
// CHECK-SAME: %[[C:[^:]+]]: memref<?x?xf16> {{.*}}rbssa.name = "result0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["M", "N"]})
// CHECK-SAME: attributes {rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "k", size = "K"}], rbssa.region = "gemm_naive", rbssa.symbols = ["M", "K", "N"]}
// CHECK-NEXT: %[[RA:.+]] = "rbssa.read"(%[[A]]) {map = #[[$A_MAP]]} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
// CHECK-NEXT: %[[RB:.+]] = "rbssa.read"(%[[B]]) {map = #[[$B_MAP]]} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
// CHECK-NEXT: %[[T:.+]] = "rbssa.binary"(%[[RA]], %[[RB]]) {fn = "mul"}
// CHECK-NEXT: %[[ACC:.+]] = "rbssa.reduce"(%[[T]]) {axes = array<i64: 2>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[RBIAS:.+]] = "rbssa.read"(%[[BIAS]]) {map = #[[$BIAS_MAP]]} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
// CHECK-NEXT: %[[BIASMN:.+]] = "rbssa.broadcast_in_dim"(%[[RBIAS]]) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[C1:.+]] = "rbssa.binary"(%[[ACC]], %[[BIASMN]]) {fn = "add"}
// CHECK-NEXT: %[[HALF:.+]] = "rbssa.const"() {value = 5.000000e-01 : f32} : () -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[C2:.+]] = "rbssa.binary"(%[[C1]], %[[HALF]]) {fn = "max"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: "rbssa.yield"(%[[C2]], %[[C]]) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf16>) -> ()
// CHECK-NEXT: return
func.func @gemm_naive(%A: tensor<?x?xf16, ["M", "K"]>, %B: tensor<?x?xf16, ["K", "N"]>, %bias: tensor<?xf32, ["N"]>)
    -> tensor<?x?xf16, ["M", "N"]> attributes {indexbook.symbols = ["M", "K", "N"]} {
  %a = "indexbook.leaf"(%A) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %b = "indexbook.leaf"(%B) {
      axes = [{name = "i0", size = "K", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      flags = {}}
      : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["K", "N"]>
  %T = "indexbook.binary"(%a, %b) {fn = "mul",
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"},
              {name = "i2", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1)>,
              affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1, d2)>],
      flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?x?xf16, ["M", "K", "N"]>
  %C0 = "indexbook.reduce"(%T) {op = "sum", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"},
              {name = "i2", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1, d2)>],
      flags = {}}
      : (tensor<?x?x?xf16, ["M", "K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %lbias = "indexbook.leaf"(%bias) {
      axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1, s2] : (d0 >= 0, -d0 + s2 - 1 >= 0)>],
      flags = {}}
      : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %c1 = "indexbook.binary"(%C0, %lbias) {fn = "add",
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>, affine_map<(d0, d1)[s0, s1, s2] -> (d1)>],
      flags = {}}
      : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %half = "indexbook.const"() {value = 0.5 : f32, axes = [],
      domain = [affine_set<()[s0, s1, s2] : (0 == 0)>], flags = {}} : () -> tensor<f32>
  %c2 = "indexbook.binary"(%c1, %half) {fn = "max",
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>, affine_map<(d0, d1)[s0, s1, s2] -> ()>],
      flags = {}}
      : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %c3 = "indexbook.unary"(%c2) {fn = "cast",
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>],
      flags = {}}
      : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %c3 : tensor<?x?xf16, ["M", "N"]>
}
