// An SM90 plan on a convolution that still reads NCHW activations and KCRS
// weights is E1501 at the plan: the skeleton reads NHWC / KRSC, which
// convert-rbssa-to-plan's layout transform provides (ConvLayoutSplit.c;
// here the plan was written without it).
// RUN: dlc-opt %s --convert-plan-to-dlcgpu --verify-diagnostics
#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5 - 1, d3 + d6 - 1)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#set = affine_set<(d0, d1, d2, d3, d4, d5, d6) : (d2 + d5 - 1 >= 0, -d2 - d5 + 8 >= 0, d3 + d6 - 1 >= 0, -d3 - d6 + 8 >= 0)>
module attributes {dlc.target = "sm_90a"} {
  func.func @conv_nchw_small(%arg0: memref<1x8x8x8xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = [1, 8, 8, 8]}, %arg1: memref<8x8x3x3xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "W", rbssa.noalias, rbssa.role = "input", rbssa.shape = [8, 8, 3, 3]}, %arg2: memref<1x8x8x8xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Y", rbssa.noalias, rbssa.role = "output", rbssa.shape = [1, 8, 8, 8]}) attributes {rbssa.iters = [{name = "i0", size = 1 : i64}, {name = "i1", size = 8 : i64}, {name = "i2", size = 8 : i64}, {name = "i3", size = 8 : i64}], rbssa.reduce_iters = [{name = "r0", size = 8 : i64}, {name = "r1", size = 3 : i64}, {name = "r2", size = 3 : i64}], rbssa.region = "conv_nchw_small", rbssa.symbols = []} {
    // expected-error @+1 {{E1501 UnsupportedOp: the SM90 skeleton reads a convolution's activation as NHWC and its weights as KRSC, and this region reads NCHW / KCRS ones}}
    "plan.schedule"() {algo_choice = {conv = "implicit_gemm"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 3 : i64}, barrier_model = "mbarrier", bind = {i1.i.o = "warp.x", i1.o = "block.x", i3.i.o = "warp.y", i3.o = "block.y"}, cache = [{at = "r0.i", pingpong = true, tensor = "X", where = "smem"}, {at = "r0.i", pingpong = true, tensor = "W", where = "smem"}], epilogue = [], layout_hints = {W_swizzle = true, X_swizzle = true, Y_stride = "row"}, local_edges = [], predicate_tail = ["i0", "i2", "i3", "i1", "r1", "r2", "r0"], stages = 4 : i64, tile = array<i64: 128, 64, 64>, vectorize = {axis = "i3.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 64>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = #map} : (memref<1x8x8x8xf16>) -> tensor<1x8x8x8x8x3x3xf16>
    %1 = "rbssa.select"(%0) {else = 0.000000e+00 : f16, pred = #set} : (tensor<1x8x8x8x8x3x3xf16>) -> tensor<1x8x8x8x8x3x3xf16>
    %2 = "rbssa.read"(%arg1) {map = #map1} : (memref<8x8x3x3xf16>) -> tensor<1x8x8x8x8x3x3xf16>
    %3 = "rbssa.binary"(%1, %2) {fn = "mul"} : (tensor<1x8x8x8x8x3x3xf16>, tensor<1x8x8x8x8x3x3xf16>) -> tensor<1x8x8x8x8x3x3xf16>
    %4 = "rbssa.reduce"(%3) {axes = array<i64: 4, 5, 6>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<1x8x8x8x8x3x3xf16>) -> tensor<1x8x8x8xf32>
    "rbssa.yield"(%4, %arg2) {cast = f16, materialize = "gmem"} : (tensor<1x8x8x8xf32>, memref<1x8x8x8xf16>) -> ()
    return
  }
}

