// The GEMM+bias+ReLU region with its plan becomes one SM80 kernel in dlcgpu ops.
// RUN: dlc-opt %s --convert-plan-to-dlcgpu | FileCheck %s

// CHECK-LABEL: func.func @gemm_bias_relu(
// Tensors are flat memrefs addressed through the problem's strides.
// CHECK-SAME: memref<?xf16> {rbssa.alignment = 128 : i64, {{.*}}rbssa.name = "A"
// CHECK-SAME: %{{.*}}: index {dlcgpu.symbol = "M"}, %{{.*}}: index {dlcgpu.symbol = "K"}, %{{.*}}: index {dlcgpu.symbol = "N"})
// CHECK-SAME: dlcgpu.block = array<i64: 256, 1, 1>
// The cost model's estimate the planner left on the schedule, and the
// plan's summary line, go to the manifest (docs/conventions.md).
// CHECK-SAME: dlcgpu.estimate = {at = "MxNxK=4096x4096x4096", occupancy = 7.500000e-01 : f64, us = 4.125000e+02 : f64}
// CHECK-SAME: dlcgpu.flops = "2*M*N*K"
// CHECK-SAME: dlcgpu.grid = ["ceildiv(M, 128)*ceildiv(N, 128)", "1", "1"]
// CHECK-SAME: dlcgpu.kernel
// 64x32 warps: 64 accumulators + 80 registers each x 256 threads leave
// room for one CTA per SM only.
// CHECK-SAME: dlcgpu.min_blocks_per_sm = 1 : i64
// CHECK-SAME: dlcgpu.plan = "matmul:implicit_gemm sm90 tile 128x128x32 stages 3 warp 64x32 vec 8 barrier cp_async_group"
// CHECK-SAME: dlcgpu.smem_bytes = 49152 : i64
// Three stages of a 128x32 A tile (64-byte rows) and a 32x128 B tile.
// CHECK: "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "64b"} : () -> memref<3x128x32xf16, 3>
// CHECK: "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "128b"} : () -> memref<3x32x128xf16, 3>
// CHECK: gpu.thread_id  x
// The 1-D grid is rasterised in groups of 8 tile-rows.
// CHECK: gpu.block_id  x
// CHECK: %[[INIT:.*]]:2 = "dlcgpu.acc_init"() {value = 0.000000e+00 : f32} : () -> (vector<2x2xf32>, !dlcgpu.compute_token)
// The copy form is chosen once per launch: 16-byte aligned rows take the
// cp.async loop, the others the element loop; both yield the accumulators.
// CHECK: %[[ACC:.*]]:16 = scf.if %{{[0-9]+}} -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>) {
// Prologue: two tiles in flight, each a commit group.
// CHECK: "dlcgpu.cp_async"({{.*}}) {cache = "cg", elements = 8 : i64, operandSegmentSizes = array<i32: 1, 3, 1, 1, 1>}
// CHECK: "dlcgpu.commit_group"() : () -> !dlcgpu.load_token
// CHECK: "dlcgpu.commit_group"() : () -> !dlcgpu.load_token
// A 64x32 warp tile: 4 x 4 accumulators and the newest group's token
// carried by the k loop; one barrier per k tile.
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(
// CHECK-SAME: -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, !dlcgpu.load_token) {
// CHECK: "dlcgpu.wait_group"(%[[TOK:[a-z0-9_]+]]) {pending = 1 : i64} : (!dlcgpu.load_token) -> ()
// CHECK-NEXT: "dlcgpu.barrier"()
// CHECK: "dlcgpu.cp_async"
// CHECK: %[[G:.*]] = "dlcgpu.commit_group"()
// CHECK: "dlcgpu.ldmatrix"({{.*}}) {num = 4 : i64, trans = false} : (memref<3x128x32xf16, 3>, index, index, index) -> vector<4x2xf16>
// CHECK: "dlcgpu.ldmatrix"({{.*}}) {num = 4 : i64, trans = true} : (memref<3x32x128xf16, 3>, index, index, index) -> vector<4x2xf16>
// CHECK-COUNT-16: "dlcgpu.mma_sync"({{.*}}) {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> (vector<2x2xf32>, !dlcgpu.compute_token)
// CHECK-NOT: "dlcgpu.barrier"()
// CHECK: scf.yield {{.*}}, %[[G]] :
// CHECK: "dlcgpu.wait_group"(%{{.*}}#16) {pending = 0 : i64}
// CHECK: scf.yield
// The element loop: no cp.async; loads of the next tile into registers,
// the MMAs, then the stores into the stage everyone has left.
// CHECK: } else {
// CHECK-NOT: "dlcgpu.cp_async"
// CHECK: memref.load %arg0
// CHECK: vector.store {{.*}} : memref<3x128x32xf16, 3>, vector<8xf16>
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(
// CHECK-SAME: -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>) {
// CHECK-NEXT: "dlcgpu.barrier"()
// CHECK: memref.load %arg1
// CHECK-COUNT-16: "dlcgpu.mma_sync"
// CHECK: vector.store {{.*}} : memref<3x32x128xf16, 3>, vector<8xf16>
// CHECK-NOT: "dlcgpu.barrier"()
// CHECK: scf.yield
// CHECK: scf.yield
// CHECK: }
// Drain, then the epilogue on the accumulators and guarded stores.
// CHECK: memref.load %arg2
// The epilogue program: acc, the bias load (widened to f32), add, relu.
// CHECK: "dlcgpu.epilogue"(%[[ACC]]#0, %[[INIT]]#1, %{{.*}}) {overlap = false, result = 3 : i64, steps = [{{{.*}}kind = "acc"{{.*}}}, {{{.*}}kind = "load"{{.*}}}, {args = array<i64: 0, 1>, fn = "add"{{.*}}kind = "binary"{{.*}}}, {args = array<i64: 2>, fn = "relu"{{.*}}kind = "unary"{{.*}}}]} : (vector<2x2xf32>, !dlcgpu.compute_token, vector<2x2xf32>) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
// CHECK: "dlcgpu.store_vec"({{.*}}) : (vector<2xf16>, memref<?xf16>, index, i1, !dlcgpu.epilogue_token) -> ()
// CHECK: "dlcgpu.store_vec"({{.*}}) : (vector<1xf16>, memref<?xf16>, index, i1, !dlcgpu.epilogue_token) -> ()
// CHECK: return
// CHECK-NOT: rbssa.

func.func @gemm_bias_relu(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "gemm_bias_relu",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  "plan.schedule"() {
    time_est_us = 412.5 : f64, occupancy_est = 0.75 : f64, time_est_at = "MxNxK=4096x4096x4096",
    tile = array<i64: 128, 128, 32>, stages = 3 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 32>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64},
    predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group"} : () -> ()
  %a = "rbssa.read"(%A) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(m, n, k)[M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %bn = "rbssa.read"(%bias) {map = affine_map<(n)[M, K, N] -> (n)>} : (memref<?xf16>) -> tensor<?xf16, ["N"]>
  %bn32 = "rbssa.cast"(%bn) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %bmn = "rbssa.broadcast_in_dim"(%bn32) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c1 = "rbssa.binary"(%acc, %bmn) {fn = "add"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c2 = "rbssa.unary"(%c1) {fn = "relu"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%c2, %C) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf16>) -> ()
  return
}
