// The dot forms of 000 §11 are GEMMs with an absent axis: a vector·matrix
// has no M (grid y is 1), a matrix·vector no N (grid x is 1). Both use the
// element-wise copy path (1-D rows are not 16-byte aligned).
// RUN: dlc-opt %s --split-input-file --convert-plan-to-dlcgpu | FileCheck %s

// CHECK-LABEL: func.func @vecmat(
// CHECK-SAME: dlcgpu.flops = "2*N*K"
// CHECK-SAME: dlcgpu.grid = ["1*ceildiv(N, 64)", "1", "1"]
// CHECK: "dlcgpu.mma_sync"
// CHECK: "dlcgpu.epilogue"({{.*}}) {overlap = false, result = 0 : i64, steps = [{{{.*}}kind = "acc"{{.*}}}]}
// CHECK: "dlcgpu.store_vec"({{.*}}) : (vector<2xf16>, memref<?xf16>, index, i1, !dlcgpu.epilogue_token) -> ()
func.func @vecmat(
    %x: memref<?xf16> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = ["K"]},
    %W: memref<?x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["K", "N"]},
    %y: memref<?xf16> {rbssa.name = "y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "vecmat", rbssa.iters = [{name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}], rbssa.symbols = ["K", "N"]} {
  "plan.schedule"() {tile = array<i64: 64, 64, 32>, stages = 2 : i64, bind = {n.o = "block.x", n.i.o = "warp.x"}, warp_tile = array<i64: 32, 32>,
    cache = [{tensor = "x", where = "smem", at = "k.i", pingpong = true}, {tensor = "W", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["n", "k"], epilogue = [],
    arch = "sm90", layout_hints = {}, algo_choice = {matmul = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"} : () -> ()
  %a = "rbssa.read"(%x) {map = affine_map<(n, k)[K, N] -> (k)>} : (memref<?xf16>) -> tensor<?x?xf16, ["N", "K"]>
  %b = "rbssa.read"(%W) {map = affine_map<(n, k)[K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?xf16, ["N", "K"]>, tensor<?x?xf16, ["N", "K"]>) -> tensor<?x?xf16, ["N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 1>, init = 0.0 : f32, dtype = f32} : (tensor<?x?xf16, ["N", "K"]>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%acc, %y) {cast = f16, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf16>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @matvec(
// CHECK-SAME: dlcgpu.flops = "2*M*K"
// CHECK-SAME: dlcgpu.grid = ["ceildiv(M, 64)*1", "1", "1"]
// CHECK: "dlcgpu.epilogue"({{.*}}) {overlap = false, result = 1 : i64, steps = [{{{.*}}kind = "acc"{{.*}}}, {args = array<i64: 0>, fn = "relu"{{.*}}}]}
// CHECK: "dlcgpu.store_vec"({{.*}}) : (vector<2xf16>, memref<?xf16>, index, i1, !dlcgpu.epilogue_token) -> ()
func.func @matvec(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"]},
    %v: memref<?xf16> {rbssa.name = "v", rbssa.role = "input", rbssa.shape = ["K"]},
    %y: memref<?xf16> {rbssa.name = "y", rbssa.role = "output", rbssa.shape = ["M"]})
    attributes {rbssa.region = "matvec", rbssa.iters = [{name = "m", size = "M"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}], rbssa.symbols = ["M", "K"]} {
  "plan.schedule"() {tile = array<i64: 64, 64, 32>, stages = 2 : i64, bind = {m.o = "block.y", m.i.o = "warp.y"}, warp_tile = array<i64: 32, 32>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "v", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "m.i.i", width = 8 : i64}, predicate_tail = ["m", "k"], epilogue = ["relu"],
    arch = "sm90", layout_hints = {}, algo_choice = {matmul = "implicit_gemm"}, local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"} : () -> ()
  %a = "rbssa.read"(%A) {map = affine_map<(m, k)[M, K] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["M", "K"]>
  %b = "rbssa.read"(%v) {map = affine_map<(m, k)[M, K] -> (k)>} : (memref<?xf16>) -> tensor<?x?xf16, ["M", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 1>, init = 0.0 : f32, dtype = f32} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  %r = "rbssa.unary"(%acc) {fn = "relu"} : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
  "rbssa.yield"(%r, %y) {cast = f16, materialize = "gmem"} : (tensor<?xf32, ["M"]>, memref<?xf16>) -> ()
  return
}
