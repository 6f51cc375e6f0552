// Contractions the GEMM skeletons do not take run on the memory-bound
// skeleton (flat mode: a thread per output point, the contraction a serial
// loop): a conv reducing three axes, two axes in one GEMM role, a transpose
// after the contraction. Correct, not fast (docs/passes/convert-rbssa-to-plan.md).
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan | FileCheck %s

// The conv of §6.8.2 reduces (ci, kh, kw); the window read sits under
// the padding's domain select.
func.func @conv3x3_s2_p1(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "Ci", "H", "W"]},
    %W: memref<?x?x3x3xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", "Ci", 3, 3]},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Co", "Ho", "Wo"]})
    attributes {rbssa.region = "conv3x3_s2_p1",
                rbssa.iters = [{name = "n", size = "N"}, {name = "co", size = "Co"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}],
                rbssa.reduce_iters = [{name = "ci", size = "Ci"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "Ci", "H", "W", "Co", "Ho", "Wo"]} {
  %w = "rbssa.read"(%W) {map = affine_map<(n, co, ho, wo, ci, kh, kw)[N, Ci, H, W, Co, Ho, Wo] -> (co, ci, kh, kw)>}
      : (memref<?x?x3x3xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %xr = "rbssa.read"(%X) {map = affine_map<(n, co, ho, wo, ci, kh, kw)[N, Ci, H, W, Co, Ho, Wo] -> (n, ci, ho * 2 + kh - 1, wo * 2 + kw - 1)>}
      : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, co, ho, wo, ci, kh, kw)[N, Ci, H, W, Co, Ho, Wo]
                                : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>,
                            else = 0.0 : f16}
      : (tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %p = "rbssa.binary"(%w, %x) {fn = "mul"}
      : (tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %y = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32}
      : (tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Co", "Ho", "Wo"]>
  "rbssa.yield"(%y, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Co", "Ho", "Wo"]>, memref<?x?x?x?xf16>) -> ()
  return
}
// CHECK-LABEL: func.func @conv3x3_s2_p1
// CHECK: "plan.schedule"() {algo_choice = {memory = "flat"}
// CHECK-SAME: barrier_model = "none"
// CHECK-SAME: vectorize = {axis = "{{.*}}", width = 1 : i64}

// -----
// Shared weights across two batch axes: g becomes the batch B is broadcast
// across, and b and m would both have to become the GEMM's M.
func.func @shared_weights_twice(
    %A: memref<?x?x?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["G", "Bt", "M", "K"]},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"]},
    %C: memref<?x?x?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["G", "Bt", "M", "N"]})
    attributes {rbssa.region = "shared_weights_twice",
                rbssa.iters = [{name = "g", size = "G"}, {name = "b", size = "Bt"}, {name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["G", "Bt", "M", "K", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(g, b, m, n, k)[G, Bt, M, K, N] -> (g, b, m, k)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?xf16, ["G", "Bt", "M", "N", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(g, b, m, n, k)[G, Bt, M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?x?x?xf16, ["G", "Bt", "M", "N", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?x?x?xf16, ["G", "Bt", "M", "N", "K"]>, tensor<?x?x?x?x?xf16, ["G", "Bt", "M", "N", "K"]>) -> tensor<?x?x?x?x?xf16, ["G", "Bt", "M", "N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 4>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?xf16, ["G", "Bt", "M", "N", "K"]>) -> tensor<?x?x?x?xf32, ["G", "Bt", "M", "N"]>
  "rbssa.yield"(%acc, %C) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["G", "Bt", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
  return
}
// CHECK-LABEL: func.func @shared_weights_twice
// CHECK: "plan.schedule"() {algo_choice = {memory = "flat"}
// CHECK-SAME: barrier_model = "none"
// CHECK-SAME: vectorize = {axis = "{{.*}}", width = 1 : i64}

// -----
// A transpose after the contraction is no elementwise epilogue op.
func.func @transposed(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"]},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "M"]},
    %C: memref<?x?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "M"]})
    attributes {rbssa.region = "transposed",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "M"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n, k)[M, K] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "M", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(m, n, k)[M, K] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "M", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "M", "K"]>, tensor<?x?x?xf16, ["M", "M", "K"]>) -> tensor<?x?x?xf16, ["M", "M", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "M", "K"]>) -> tensor<?x?xf32, ["M", "M"]>
  %tr = "rbssa.transpose"(%acc) {permutation = array<i64: 1, 0>} : (tensor<?x?xf32, ["M", "M"]>) -> tensor<?x?xf32, ["M", "M"]>
  "rbssa.yield"(%tr, %C) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "M"]>, memref<?x?xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @transposed
// CHECK: "plan.schedule"() {algo_choice = {memory = "flat"}
// CHECK-SAME: barrier_model = "none"
// CHECK-SAME: vectorize = {axis = "{{.*}}", width = 1 : i64}
