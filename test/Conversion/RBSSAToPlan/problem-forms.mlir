// The planner reads the kernel-problem model: fan-out, transposed operands,
// static sizes, a batch axis and general epilogue steps are all plannable.
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan | FileCheck %s

// The accumulator feeds two ops: a branching epilogue (fan-out) is one
// program of steps.
// CHECK-LABEL: func.func @fanout
// CHECK: "plan.schedule"() {{.*}}epilogue = ["mul"]
func.func @fanout(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"]},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"]},
    %C: memref<?x?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]})
    attributes {rbssa.region = "fanout",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(m, n, k)[M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %sq = "rbssa.binary"(%acc, %acc) {fn = "mul"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%sq, %C) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf32>) -> ()
  return
}



// -----

// Shared weights: the axis b is read by A only; with m it collapses into
// one m of Bt*M rows.
// CHECK-LABEL: func.func @shared_weights
// CHECK: "plan.schedule"()
// CHECK-SAME: bind = {m.i.o = "warp.y", m.o = "block.y", n.i.o = "warp.x", n.o = "block.x"}
// CHECK-SAME: predicate_tail = ["b", "m", "n", "k"]
func.func @shared_weights(
    %A: memref<?x?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["Bt", "M", "K"]},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"]},
    %C: memref<?x?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["Bt", "M", "N"]})
    attributes {rbssa.region = "shared_weights",
                rbssa.iters = [{name = "b", size = "Bt"}, {name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["Bt", "M", "K", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(b, m, n, k)[Bt, M, K, N] -> (b, m, k)>} : (memref<?x?x?xf16>) -> tensor<?x?x?x?xf16, ["Bt", "M", "N", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(b, m, n, k)[Bt, M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?x?xf16, ["Bt", "M", "N", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?x?xf16, ["Bt", "M", "N", "K"]>, tensor<?x?x?x?xf16, ["Bt", "M", "N", "K"]>) -> tensor<?x?x?x?xf16, ["Bt", "M", "N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 3>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?xf16, ["Bt", "M", "N", "K"]>) -> tensor<?x?x?xf32, ["Bt", "M", "N"]>
  "rbssa.yield"(%acc, %C) {cast = f16, materialize = "gmem"} : (tensor<?x?x?xf32, ["Bt", "M", "N"]>, memref<?x?x?xf16>) -> ()
  return
}

// -----

// Shared weights across two leading axes: g, b and m, read by A only,
// collapse into one m of G*Bt*M rows (docs/kernel-problem.md, "Collapsed
// roles"); the tail names all three.
// CHECK-LABEL: func.func @shared_weights_twice
// CHECK: "plan.schedule"() {algo_choice = {matmul = "implicit_gemm"}
// CHECK-SAME: bind = {m.i.o = "warp.y", m.o = "block.y", n.i.o = "warp.x", n.o = "block.x"}
// CHECK-SAME: predicate_tail = ["g", "b", "m", "n", "k"]
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

// -----

// Shared weights with a bias along m alone: b and m do not collapse in the
// bias (its stride along b is 0, along m 1), so b becomes a batch B and
// the bias are broadcast across (grid z).
// CHECK-LABEL: func.func @shared_weights_bias_m
// CHECK: "plan.schedule"() {algo_choice = {matmul = "implicit_gemm"}
// CHECK-SAME: bind = {b = "block.z", m.i.o = "warp.y", m.o = "block.y", n.i.o = "warp.x", n.o = "block.x"}
// CHECK-SAME: epilogue = ["bias"]
func.func @shared_weights_bias_m(
    %A: memref<?x?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["Bt", "M", "K"]},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"]},
    %bias: memref<?xf32> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["M"]},
    %C: memref<?x?x?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["Bt", "M", "N"]})
    attributes {rbssa.region = "shared_weights_bias_m",
                rbssa.iters = [{name = "b", size = "Bt"}, {name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["Bt", "M", "K", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(b, m, n, k)[Bt, M, K, N] -> (b, m, k)>} : (memref<?x?x?xf16>) -> tensor<?x?x?x?xf16, ["Bt", "M", "N", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(b, m, n, k)[Bt, M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?x?xf16, ["Bt", "M", "N", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?x?xf16, ["Bt", "M", "N", "K"]>, tensor<?x?x?x?xf16, ["Bt", "M", "N", "K"]>) -> tensor<?x?x?x?xf16, ["Bt", "M", "N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 3>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?xf16, ["Bt", "M", "N", "K"]>) -> tensor<?x?x?xf32, ["Bt", "M", "N"]>
  %r = "rbssa.read"(%bias) {map = affine_map<(b, m, n)[Bt, M, K, N] -> (m)>} : (memref<?xf32>) -> tensor<?x?x?xf32, ["Bt", "M", "N"]>
  %s = "rbssa.binary"(%acc, %r) {fn = "add"} : (tensor<?x?x?xf32, ["Bt", "M", "N"]>, tensor<?x?x?xf32, ["Bt", "M", "N"]>) -> tensor<?x?x?xf32, ["Bt", "M", "N"]>
  "rbssa.yield"(%s, %C) {cast = f32, materialize = "gmem"} : (tensor<?x?x?xf32, ["Bt", "M", "N"]>, memref<?x?x?xf32>) -> ()
  return
}
