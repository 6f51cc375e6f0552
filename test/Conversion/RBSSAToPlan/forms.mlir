// The GEMM family beyond §6.8.1: the planner names split axes after the
// region's own axes, binds a batch axis to block.z, drops the absent m of a
// vector x matrix product, predicates only axes the tile may not divide, and
// names each post-reduce op of the epilogue.
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan | FileCheck %s

// A function without rbssa.region is no region: left alone.
// CHECK-LABEL: func.func @helper
// CHECK-NOT: plan.
// CHECK: return
func.func @helper(%x: f32) -> f32 {
  return %x : f32
}

// -----

// A GEMM without epilogue: epilogue and local_edges are empty.
// CHECK-LABEL: func.func @gemm
// CHECK-NEXT: "plan.schedule"() {
// CHECK-SAME: bind = {i.i.o = "warp.y", i.o = "block.y", j.i.o = "warp.x", j.o = "block.x"}
// CHECK-SAME: cache = [{at = "r.i", pingpong = true, tensor = "X", where = "smem"}, {at = "r.i", pingpong = true, tensor = "W", where = "smem"}]
// CHECK-SAME: epilogue = [], layout_hints = {W_swizzle = true, X_swizzle = true, Y_stride = "col"}, local_edges = [], occupancy_est = {{[0-9.e+-]+}} : f64, predicate_tail = ["i", "j", "r"]
// CHECK-SAME: tile = array<i64: 128, 256, 32>, time_est_at = "MxNxK=4096x4096x4096", time_est_us = {{[0-9.e+-]+}} : f64, vectorize = {axis = "j.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 64>}
func.func @gemm(
    %A: memref<?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["M", "K"]},
    %B: memref<?x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["K", "N"]},
    %C: memref<?x?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.layout = {kind = "col_major"}})
    attributes {rbssa.region = "gemm",
                rbssa.iters = [{name = "i", size = "M"}, {name = "j", size = "N"}],
                rbssa.reduce_iters = [{name = "r", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(i, j, r)[M, K, N] -> (i, r)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(i, j, r)[M, K, N] -> (r, j)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%acc, %C) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf32>) -> ()
  return
}

// -----

// A batched GEMM (both operands carry the batch axis) with a static K of
// 64: the batch axis goes to block.z, and k, which BK = 32 divides, needs
// no tail predicate.
// CHECK-LABEL: func.func @batched
// CHECK-NEXT: "plan.schedule"() {
// CHECK-SAME: bind = {b = "block.z", m.i.o = "warp.y", m.o = "block.y", n.i.o = "warp.x", n.o = "block.x"}
// CHECK-SAME: predicate_tail = ["m", "n"]
func.func @batched(
    %A: memref<?x?x64xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["Bt", "M", 64]},
    %B: memref<?x64x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["Bt", 64, "N"]},
    %C: memref<?x?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["Bt", "M", "N"]})
    attributes {rbssa.region = "batched",
                rbssa.iters = [{name = "b", size = "Bt"}, {name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = 64}],
                rbssa.symbols = ["Bt", "M", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(b, m, n, k)[Bt, M, N] -> (b, m, k)>} : (memref<?x?x64xf16>) -> tensor<?x?x?x64xf16, ["Bt", "M", "N", 64]>
  %b = "rbssa.read"(%B) {map = affine_map<(b, m, n, k)[Bt, M, N] -> (b, k, n)>} : (memref<?x64x?xf16>) -> tensor<?x?x?x64xf16, ["Bt", "M", "N", 64]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?x64xf16, ["Bt", "M", "N", 64]>, tensor<?x?x?x64xf16, ["Bt", "M", "N", 64]>) -> tensor<?x?x?x64xf16, ["Bt", "M", "N", 64]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 3>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x64xf16, ["Bt", "M", "N", 64]>) -> tensor<?x?x?xf32, ["Bt", "M", "N"]>
  "rbssa.yield"(%acc, %C) {cast = f16, materialize = "gmem"} : (tensor<?x?x?xf32, ["Bt", "M", "N"]>, memref<?x?x?xf16>) -> ()
  return
}

// -----

// Vector x matrix (000 §11): no m axis (M = 1), a GEMV: the memory-bound
// skeleton's column mode (the GEMV rule, gemv.test; its GEMM plan, where
// nothing binds block.y, is forced by a plan-file there).
// CHECK-LABEL: func.func @vecmat
// CHECK-NEXT: "plan.schedule"() {algo_choice = {memory = "column"}
// CHECK-SAME: gemm_time_est_us =
// CHECK-SAME: tile = array<i64: 1, 1024, 1>
// CHECK-SAME: vectorize = {axis = "n", width = 8 : i64}
func.func @vecmat(
    %x: memref<?xf16> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = ["K"]},
    %W: memref<?x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["K", "N"]},
    %y: memref<?xf16> {rbssa.name = "y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "vecmat",
                rbssa.iters = [{name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["K", "N"]} {
  %a = "rbssa.read"(%x) {map = affine_map<(n, k)[K, N] -> (k)>} : (memref<?xf16>) -> tensor<?x?xf16, ["N", "K"]>
  %b = "rbssa.read"(%W) {map = affine_map<(n, k)[K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?xf16, ["N", "K"]>, tensor<?x?xf16, ["N", "K"]>) -> tensor<?x?xf16, ["N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 1>, init = 0.0 : f32, dtype = f32} : (tensor<?x?xf16, ["N", "K"]>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%acc, %y) {cast = f16, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf16>) -> ()
  return
}

// -----

// Epilogue names: a multiply by a constant is "scale", an add of a full
// [M, N] read is "residual", other unary ops keep their fn, an explicit
// cast is "cast". The local edge runs from the reduce to the last of them.
// CHECK-LABEL: func.func @epilogues
// CHECK-NEXT: "plan.schedule"() {
// CHECK-SAME: epilogue = ["scale", "residual", "silu", "cast"]
// CHECK-SAME: local_edges = [{buffer = "reg", from = "sum_k", to = "cast"}]
func.func @epilogues(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"]},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"]},
    %R: memref<?x?xf16> {rbssa.name = "R", rbssa.role = "input", rbssa.shape = ["M", "N"]},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]})
    attributes {rbssa.region = "epilogues",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(m, n, k)[M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s = "rbssa.const"() {value = 0.5 : f32} : () -> tensor<?x?xf32, ["M", "N"]>
  %c1 = "rbssa.binary"(%acc, %s) {fn = "mul"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %r = "rbssa.read"(%R) {map = affine_map<(m, n)[M, K, N] -> (m, n)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["M", "N"]>
  %r32 = "rbssa.cast"(%r) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c2 = "rbssa.binary"(%r32, %c1) {fn = "add"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c3 = "rbssa.unary"(%c2) {fn = "silu"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c4 = "rbssa.cast"(%c3) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  "rbssa.yield"(%c4, %C) {cast = f16, materialize = "gmem"} : (tensor<?x?xf16, ["M", "N"]>, memref<?x?xf16>) -> ()
  return
}
