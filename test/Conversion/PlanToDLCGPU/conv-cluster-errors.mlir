// Thread-block clusters on the SM90 conv path that the skeleton cannot
// honour (docs/passes/convert-plan-to-dlcgpu.md, "Clusters"): a conv's
// cluster shares the weight tile only (BN >= BM: a 128 x 64 tile would
// share the im2col activation), not packed groups' weights (one box per
// group), and 4 CTAs only on a convolution (E1501 at the plan).
// RUN: dlc-opt %s --split-input-file --convert-plan-to-dlcgpu --verify-diagnostics

#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4 - 1, d2 * 2 + d5 - 1, d6)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>
#set = affine_set<(d0, d1, d2, d3, d4, d5, d6) : (d1 * 2 + d4 - 1 >= 0, d2 * 2 + d5 - 1 >= 0)>
module attributes {dlc.target = "sm_90a"} {
  func.func @conv_s2(%arg0: memref<2x56x56x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = [2, 56, 56, 64]}, %arg1: memref<128x3x3x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "W", rbssa.noalias, rbssa.role = "input", rbssa.shape = [128, 3, 3, 64]}, %arg2: memref<2x28x28x128xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Y", rbssa.noalias, rbssa.role = "output", rbssa.shape = [2, 28, 28, 128]}) attributes {rbssa.iters = [{name = "i0", size = 2 : i64}, {name = "i1", size = 28 : i64}, {name = "i2", size = 28 : i64}, {name = "i3", size = 128 : i64}], rbssa.reduce_iters = [{name = "r0", size = 3 : i64}, {name = "r1", size = 3 : i64}, {name = "r2", size = 64 : i64}], rbssa.region = "conv_s2", rbssa.symbols = []} {
    // expected-error @+1 {{E1501 UnsupportedOp: the SM90 skeleton cannot honour plan field 'algo_choice cluster'; it implements cluster = "2" on the SM90 skeleton of a GEMM whose shared operand, B when BN >= BM, else A, is at least 128 rows, halved into whole 64-row boxes where it is staged MN-major (128 or 256, not 192), or "2" or "4" on a convolution (groups not packed) whose weight tile, BN >= BM, is at least 128 rows; else 1}}
    "plan.schedule"() {algo_choice = {cluster = "2", conv = "implicit_gemm"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 3 : i64}, barrier_model = "mbarrier", bind = {i2.i.o = "warp.y", i2.o = "block.y", i3.i.o = "warp.x", i3.o = "block.x"}, cache = [{at = "r2.i", pingpong = true, tensor = "X", where = "smem"}, {at = "r2.i", pingpong = true, tensor = "W", where = "smem"}], epilogue = [], layout_hints = {W_swizzle = true, X_swizzle = true, Y_stride = "row"}, local_edges = [], predicate_tail = ["i0", "i1", "i2", "r0", "r1", "r2"], stages = 4 : i64, tile = array<i64: 128, 64, 64>, vectorize = {axis = "i3.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 64>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = #map} : (memref<2x56x56x64xf16>) -> tensor<2x28x28x128x3x3x64xf16>
    %1 = "rbssa.select"(%0) {else = 0.000000e+00 : f16, pred = #set} : (tensor<2x28x28x128x3x3x64xf16>) -> tensor<2x28x28x128x3x3x64xf16>
    %2 = "rbssa.read"(%arg1) {map = #map1} : (memref<128x3x3x64xf16>) -> tensor<2x28x28x128x3x3x64xf16>
    %3 = "rbssa.binary"(%1, %2) {fn = "mul"} : (tensor<2x28x28x128x3x3x64xf16>, tensor<2x28x28x128x3x3x64xf16>) -> tensor<2x28x28x128x3x3x64xf16>
    %4 = "rbssa.reduce"(%3) {axes = array<i64: 4, 5, 6>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<2x28x28x128x3x3x64xf16>) -> tensor<2x28x28x128xf32>
    "rbssa.yield"(%4, %arg2) {cast = f16, materialize = "gmem"} : (tensor<2x28x28x128xf32>, memref<2x28x28x128xf16>) -> ()
    return
  }
}


// -----

#map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d1 + d4 - 1, d2 + d5 - 1, (d3 floordiv 16) * 8 + d6)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> ((d3 floordiv 16) * 16 + d3 mod 16, d4, d5, d6)>
#set = affine_set<(d0, d1, d2, d3, d4, d5, d6)[s0] : (d1 + d4 - 1 >= 0, -d1 - d4 + 56 >= 0, d2 + d5 - 1 >= 0, -d2 - d5 + 56 >= 0)>
module attributes {dlc.target = "sm_90a"} {
  func.func @conv_g8_pack(%arg0: memref<?x56x56x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["N", 56, 56, 64]}, %arg1: memref<128x3x3x8xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "W", rbssa.noalias, rbssa.role = "input", rbssa.shape = [128, 3, 3, 8]}, %arg2: memref<?x56x56x128xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Y", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N", 56, 56, 128]}) attributes {rbssa.iters = [{name = "n", size = "N"}, {name = "i1", size = 56 : i64}, {name = "i2", size = 56 : i64}, {name = "i3", size = 128 : i64}], rbssa.reduce_iters = [{name = "r0", size = 3 : i64}, {name = "r1", size = 3 : i64}, {name = "r2", size = 8 : i64}], rbssa.region = "conv_g8_pack", rbssa.symbols = ["N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the SM90 skeleton cannot honour plan field 'algo_choice cluster'; it implements cluster = "2" on the SM90 skeleton of a GEMM whose shared operand, B when BN >= BM, else A, is at least 128 rows, halved into whole 64-row boxes where it is staged MN-major (128 or 256, not 192), or "2" or "4" on a convolution (groups not packed) whose weight tile, BN >= BM, is at least 128 rows; else 1}}
    "plan.schedule"() {algo_choice = {cluster = "2", conv = "implicit_gemm", group_pack = "8"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 3 : i64}, barrier_model = "mbarrier", bind = {i2.i.o = "warp.y", i2.o = "block.y", i3.g = "block.z", i3.i.o = "warp.x", i3.o = "block.x"}, cache = [{at = "r2.i", pingpong = true, tensor = "X", where = "smem"}, {at = "r2.i", pingpong = true, tensor = "W", where = "smem"}], epilogue = [], layout_hints = {W_swizzle = true, X_swizzle = true, Y_stride = "row"}, local_edges = [], predicate_tail = ["n", "i1", "i2", "r0", "r1", "r2"], stages = 4 : i64, tile = array<i64: 128, 128, 64>, vectorize = {axis = "i3.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 128>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = #map} : (memref<?x56x56x64xf16>) -> tensor<?x56x56x128x3x3x8xf16, ["N", 56, 56, 128, 3, 3, 8]>
    %1 = "rbssa.select"(%0) {else = 0.000000e+00 : f16, pred = #set} : (tensor<?x56x56x128x3x3x8xf16, ["N", 56, 56, 128, 3, 3, 8]>) -> tensor<?x56x56x128x3x3x8xf16, ["N", 56, 56, 128, 3, 3, 8]>
    %2 = "rbssa.read"(%arg1) {map = #map1} : (memref<128x3x3x8xf16>) -> tensor<?x56x56x128x3x3x8xf16, ["N", 56, 56, 128, 3, 3, 8]>
    %3 = "rbssa.binary"(%1, %2) {fn = "mul"} : (tensor<?x56x56x128x3x3x8xf16, ["N", 56, 56, 128, 3, 3, 8]>, tensor<?x56x56x128x3x3x8xf16, ["N", 56, 56, 128, 3, 3, 8]>) -> tensor<?x56x56x128x3x3x8xf16, ["N", 56, 56, 128, 3, 3, 8]>
    %4 = "rbssa.reduce"(%3) {axes = array<i64: 4, 5, 6>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x56x56x128x3x3x8xf16, ["N", 56, 56, 128, 3, 3, 8]>) -> tensor<?x56x56x128xf32, ["N", 56, 56, 128]>
    "rbssa.yield"(%4, %arg2) {cast = f16, materialize = "gmem"} : (tensor<?x56x56x128xf32, ["N", 56, 56, 128]>, memref<?x56x56x128xf16>) -> ()
    return
  }
}


// -----

module attributes {dlc.target = "sm_90a"} {
func.func @cluster_four_gemm(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "cluster_four_gemm",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  // expected-error @+1 {{E1501 UnsupportedOp: the SM90 skeleton cannot honour plan field 'algo_choice cluster'; it implements cluster = "2" on the SM90 skeleton of a GEMM whose shared operand, B when BN >= BM, else A, is at least 128 rows, halved into whole 64-row boxes where it is staged MN-major (128 or 256, not 192), or "2" or "4" on a convolution (groups not packed) whose weight tile, BN >= BM, is at least 128 rows; else 1}}
  "plan.schedule"() {
    tile = array<i64: 128, 256, 64>, stages = 4 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 256>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64},
    predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"},
    algo_choice = {matmul = "implicit_gemm", cluster = "4"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 3 : i64, epilogue_overlap = false},
    barrier_model = "mbarrier"} : () -> ()
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
}
