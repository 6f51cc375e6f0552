// convert-rbssa-to-plan on the §6.8.1 GEMM + bias + ReLU region: one
// plan.schedule at the start of the body carrying every §8.1 field.
// Default target sm90 (H100 SXM, mma.sync at half the dense peak) at the
// nominal size 4096^3: the search keeps 128x256x32, 8 warps of 64x64 (one
// CTA per SM), 2 stages (docs/passes/convert-rbssa-to-plan.md walks through
// the numbers).
// RUN: dlc-opt %s --convert-rbssa-to-plan | FileCheck %s
// The output verifies and round-trips.
// RUN: dlc-opt %s --convert-rbssa-to-plan | dlc-opt | FileCheck %s
// sm80 (A100) picks the same shape; only `arch` changes (barrier_model stays
// cp_async_group: the skeleton is SM80 mma.sync on both chips).
// RUN: dlc-opt %s --convert-rbssa-to-plan=arch=sm80 | FileCheck %s --check-prefix=SM80
// Re-planning replaces the plan ops of an earlier run: one schedule, and
// the candidates of the first run are gone.
// RUN: dlc-opt %s --convert-rbssa-to-plan=print-candidates=true --convert-rbssa-to-plan | FileCheck %s --check-prefix=TWICE

// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK-NEXT: "plan.schedule"() {
// CHECK-SAME: algo_choice = {matmul = "implicit_gemm"}
// CHECK-SAME: arch = "sm90"
// CHECK-SAME: async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}
// CHECK-SAME: barrier_model = "cp_async_group"
// CHECK-SAME: bind = {m.i.o = "warp.y", m.o = "block.y", n.i.o = "warp.x", n.o = "block.x"}
// CHECK-SAME: cache = [{at = "k.i", pingpong = true, tensor = "A", where = "smem"}, {at = "k.i", pingpong = true, tensor = "B", where = "smem"}]
// CHECK-SAME: epilogue = ["bias", "relu"]
// CHECK-SAME: layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}
// CHECK-SAME: local_edges = [{buffer = "reg", from = "sum_k", to = "relu"}]
// CHECK-SAME: predicate_tail = ["m", "n", "k"]
// CHECK-SAME: stages = 2 : i64
// CHECK-SAME: tile = array<i64: 128, 256, 32>
// CHECK-SAME: vectorize = {axis = "n.i.i", width = 8 : i64}
// CHECK-SAME: warp_tile = array<i64: 64, 64>}
// CHECK-SAME: : () -> ()
// CHECK-NEXT: "rbssa.read"
// CHECK-NOT: plan.
// CHECK: return

// SM80-LABEL: func.func @gemm_bias_relu
// SM80: "plan.schedule"() {{{.*}}arch = "sm80", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "cp_async_group"
// SM80-SAME: stages = 2 : i64, tile = array<i64: 128, 256, 32>
// SM80-SAME: warp_tile = array<i64: 64, 64>}

// TWICE-LABEL: func.func @gemm_bias_relu
// TWICE-NEXT: "plan.schedule"
// TWICE-NOT: "plan.
// TWICE: return
func.func @gemm_bias_relu(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16, strided<[1, ?]>> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "col_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "gemm_bias_relu",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(m, n, k)[M, K, N] -> (k, n)>} : (memref<?x?xf16, strided<[1, ?]>>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
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
