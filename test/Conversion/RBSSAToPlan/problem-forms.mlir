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

// Shared weights: the batch axis b is read by A only; B is broadcast across
// it (batch stride 0).
// CHECK-LABEL: func.func @shared_weights
// CHECK: "plan.schedule"()
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

// Shared weights across two leading axes: g and b, read by A only, become
// one batch of G*Bt GEMMs B is broadcast across (stride 0 in both, so they
// collapse); grid z walks both.
// CHECK-LABEL: func.func @shared_weights_twice
// CHECK: "plan.schedule"() {algo_choice = {matmul = "implicit_gemm"}
// CHECK-SAME: bind = {b = "block.z", g = "block.z", m.i.o = "warp.y", m.o = "block.y", n.i.o = "warp.x", n.o = "block.x"}
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
