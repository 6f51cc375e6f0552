// A grouped convolution's packed groups (algo_choice group_pack,
// docs/passes/convert-plan-to-dlcgpu.md "Grouped convolutions on the SM90
// skeleton") that the skeleton cannot honour: another count than the
// 64 / Cg groups the problem packs, a tile other than their output
// channels, the SM80 skeleton (E1501 at the plan).
// RUN: dlc-opt %s --split-input-file --convert-plan-to-dlcgpu --verify-diagnostics

#map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d1 + d4 - 1, d2 + d5 - 1, (d3 floordiv 8) * 8 + d6)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> ((d3 floordiv 8) * 8 + d3 mod 8, d4, d5, d6)>
#map2 = affine_map<(d0)[s0] -> (d0)>
#set = affine_set<(d0, d1, d2, d3, d4, d5, d6)[s0] : (d1 + d4 - 1 >= 0, -d1 - d4 + 8 >= 0, d2 + d5 - 1 >= 0, -d2 - d5 + 8 >= 0)>
module attributes {dlc.target = "sm_90a"} {
  func.func @pack_four(%arg0: memref<?x8x8x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["N", 8, 8, 64]}, %arg1: memref<64x3x3x8xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "W", rbssa.noalias, rbssa.role = "input", rbssa.shape = [64, 3, 3, 8]}, %arg2: memref<64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "B", rbssa.noalias, rbssa.role = "input", rbssa.shape = [64]}, %arg3: memref<?x8x8x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Y", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N", 8, 8, 64]}) attributes {rbssa.iters = [{name = "n", size = "N"}, {name = "i1", size = 8 : i64}, {name = "i2", size = 8 : i64}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "r0", size = 3 : i64}, {name = "r1", size = 3 : i64}, {name = "r2", size = 8 : i64}], rbssa.region = "pack_four", rbssa.symbols = ["N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the SM90 skeleton cannot honour plan field 'algo_choice group_pack'; it implements 8 (the SM90 skeleton packs 64 / Cg groups of Cog, a multiple of 8, output channels)}}
    "plan.schedule"() {algo_choice = {conv = "implicit_gemm", group_pack = "4"}, arch = "sm90", async = {enable = true, epilogue_overlap = true, prefetch_depth = 5 : i64}, barrier_model = "mbarrier", bind = {i2.i.o = "warp.y", i2.o = "block.y", i3.g = "block.z", i3.i.o = "warp.x", i3.o = "block.x"}, cache = [{at = "r2.i", pingpong = true, tensor = "X", where = "smem"}, {at = "r2.i", pingpong = true, tensor = "W", where = "smem"}], epilogue = ["bias"], layout_hints = {W_swizzle = true, X_swizzle = true, Y_stride = "row"}, local_edges = [{buffer = "reg", from = "sum_r2", to = "bias"}], predicate_tail = ["n", "i1", "i2", "r0", "r1", "r2"], stages = 6 : i64, tile = array<i64: 128, 64, 64>, vectorize = {axis = "i3.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 64>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = #map} : (memref<?x8x8x64xf16>) -> tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>
    %1 = "rbssa.select"(%0) {else = 0.000000e+00 : f16, pred = #set} : (tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>) -> tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>
    %2 = "rbssa.read"(%arg1) {map = #map1} : (memref<64x3x3x8xf16>) -> tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>
    %3 = "rbssa.binary"(%1, %2) {fn = "mul"} : (tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>, tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>) -> tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>
    %4 = "rbssa.reduce"(%3) {axes = array<i64: 4, 5, 6>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>) -> tensor<?x8x8x64xf32, ["N", 8, 8, 64]>
    %5 = "rbssa.read"(%arg2) {map = #map2} : (memref<64xf16>) -> tensor<64xf16>
    %6 = "rbssa.cast"(%5) : (tensor<64xf16>) -> tensor<64xf32>
    %7 = "rbssa.broadcast_in_dim"(%6) {broadcast_dimensions = array<i64: 3>} : (tensor<64xf32>) -> tensor<?x8x8x64xf32, ["N", 8, 8, 64]>
    %8 = "rbssa.binary"(%4, %7) {fn = "add"} : (tensor<?x8x8x64xf32, ["N", 8, 8, 64]>, tensor<?x8x8x64xf32, ["N", 8, 8, 64]>) -> tensor<?x8x8x64xf32, ["N", 8, 8, 64]>
    "rbssa.yield"(%8, %arg3) {cast = f16, materialize = "gmem"} : (tensor<?x8x8x64xf32, ["N", 8, 8, 64]>, memref<?x8x8x64xf16>) -> ()
    return
  }
}

// -----

#map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d1 + d4 - 1, d2 + d5 - 1, (d3 floordiv 8) * 8 + d6)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> ((d3 floordiv 8) * 8 + d3 mod 8, d4, d5, d6)>
#map2 = affine_map<(d0)[s0] -> (d0)>
#set = affine_set<(d0, d1, d2, d3, d4, d5, d6)[s0] : (d1 + d4 - 1 >= 0, -d1 - d4 + 8 >= 0, d2 + d5 - 1 >= 0, -d2 - d5 + 8 >= 0)>
module attributes {dlc.target = "sm_90a"} {
  func.func @pack_wide_tile(%arg0: memref<?x8x8x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["N", 8, 8, 64]}, %arg1: memref<64x3x3x8xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "W", rbssa.noalias, rbssa.role = "input", rbssa.shape = [64, 3, 3, 8]}, %arg2: memref<64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "B", rbssa.noalias, rbssa.role = "input", rbssa.shape = [64]}, %arg3: memref<?x8x8x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Y", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N", 8, 8, 64]}) attributes {rbssa.iters = [{name = "n", size = "N"}, {name = "i1", size = 8 : i64}, {name = "i2", size = 8 : i64}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "r0", size = 3 : i64}, {name = "r1", size = 3 : i64}, {name = "r2", size = 8 : i64}], rbssa.region = "pack_wide_tile", rbssa.symbols = ["N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the SM90 skeleton cannot honour plan field 'tile'; it implements tile = [128, P·Cog, 64] with algo_choice group_pack = P (the P groups' output channels)}}
    "plan.schedule"() {algo_choice = {conv = "implicit_gemm", group_pack = "8"}, arch = "sm90", async = {enable = true, epilogue_overlap = true, prefetch_depth = 5 : i64}, barrier_model = "mbarrier", bind = {i2.i.o = "warp.y", i2.o = "block.y", i3.g = "block.z", i3.i.o = "warp.x", i3.o = "block.x"}, cache = [{at = "r2.i", pingpong = true, tensor = "X", where = "smem"}, {at = "r2.i", pingpong = true, tensor = "W", where = "smem"}], epilogue = ["bias"], layout_hints = {W_swizzle = true, X_swizzle = true, Y_stride = "row"}, local_edges = [{buffer = "reg", from = "sum_r2", to = "bias"}], predicate_tail = ["n", "i1", "i2", "r0", "r1", "r2"], stages = 6 : i64, tile = array<i64: 128, 128, 64>, vectorize = {axis = "i3.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 128>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = #map} : (memref<?x8x8x64xf16>) -> tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>
    %1 = "rbssa.select"(%0) {else = 0.000000e+00 : f16, pred = #set} : (tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>) -> tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>
    %2 = "rbssa.read"(%arg1) {map = #map1} : (memref<64x3x3x8xf16>) -> tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>
    %3 = "rbssa.binary"(%1, %2) {fn = "mul"} : (tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>, tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>) -> tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>
    %4 = "rbssa.reduce"(%3) {axes = array<i64: 4, 5, 6>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>) -> tensor<?x8x8x64xf32, ["N", 8, 8, 64]>
    %5 = "rbssa.read"(%arg2) {map = #map2} : (memref<64xf16>) -> tensor<64xf16>
    %6 = "rbssa.cast"(%5) : (tensor<64xf16>) -> tensor<64xf32>
    %7 = "rbssa.broadcast_in_dim"(%6) {broadcast_dimensions = array<i64: 3>} : (tensor<64xf32>) -> tensor<?x8x8x64xf32, ["N", 8, 8, 64]>
    %8 = "rbssa.binary"(%4, %7) {fn = "add"} : (tensor<?x8x8x64xf32, ["N", 8, 8, 64]>, tensor<?x8x8x64xf32, ["N", 8, 8, 64]>) -> tensor<?x8x8x64xf32, ["N", 8, 8, 64]>
    "rbssa.yield"(%8, %arg3) {cast = f16, materialize = "gmem"} : (tensor<?x8x8x64xf32, ["N", 8, 8, 64]>, memref<?x8x8x64xf16>) -> ()
    return
  }
}

// -----

#map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d1 + d4 - 1, d2 + d5 - 1, (d3 floordiv 8) * 8 + d6)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> ((d3 floordiv 8) * 8 + d3 mod 8, d4, d5, d6)>
#map2 = affine_map<(d0)[s0] -> (d0)>
#set = affine_set<(d0, d1, d2, d3, d4, d5, d6)[s0] : (d1 + d4 - 1 >= 0, -d1 - d4 + 8 >= 0, d2 + d5 - 1 >= 0, -d2 - d5 + 8 >= 0)>
module attributes {dlc.target = "sm_90a"} {
  func.func @pack_sm80(%arg0: memref<?x8x8x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["N", 8, 8, 64]}, %arg1: memref<64x3x3x8xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "W", rbssa.noalias, rbssa.role = "input", rbssa.shape = [64, 3, 3, 8]}, %arg2: memref<64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "B", rbssa.noalias, rbssa.role = "input", rbssa.shape = [64]}, %arg3: memref<?x8x8x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Y", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N", 8, 8, 64]}) attributes {rbssa.iters = [{name = "n", size = "N"}, {name = "i1", size = 8 : i64}, {name = "i2", size = 8 : i64}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "r0", size = 3 : i64}, {name = "r1", size = 3 : i64}, {name = "r2", size = 8 : i64}], rbssa.region = "pack_sm80", rbssa.symbols = ["N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the SM80 skeleton cannot honour plan field 'algo_choice group_pack'; it implements 1}}
    "plan.schedule"() {algo_choice = {conv = "implicit_gemm", group_pack = "8"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "cp_async_group", bind = {i2.i.o = "warp.y", i2.o = "block.y", i3.g = "block.z", i3.i.o = "warp.x", i3.o = "block.x"}, cache = [{at = "r2.i", pingpong = true, tensor = "X", where = "smem"}, {at = "r2.i", pingpong = true, tensor = "W", where = "smem"}], epilogue = ["bias"], layout_hints = {W_swizzle = true, X_swizzle = true, Y_stride = "row"}, local_edges = [{buffer = "reg", from = "sum_r2", to = "bias"}], predicate_tail = ["n", "i1", "i2", "r0", "r1", "r2"], stages = 2 : i64, tile = array<i64: 128, 64, 32>, vectorize = {axis = "i3.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = #map} : (memref<?x8x8x64xf16>) -> tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>
    %1 = "rbssa.select"(%0) {else = 0.000000e+00 : f16, pred = #set} : (tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>) -> tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>
    %2 = "rbssa.read"(%arg1) {map = #map1} : (memref<64x3x3x8xf16>) -> tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>
    %3 = "rbssa.binary"(%1, %2) {fn = "mul"} : (tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>, tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>) -> tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>
    %4 = "rbssa.reduce"(%3) {axes = array<i64: 4, 5, 6>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x8x8x64x3x3x8xf16, ["N", 8, 8, 64, 3, 3, 8]>) -> tensor<?x8x8x64xf32, ["N", 8, 8, 64]>
    %5 = "rbssa.read"(%arg2) {map = #map2} : (memref<64xf16>) -> tensor<64xf16>
    %6 = "rbssa.cast"(%5) : (tensor<64xf16>) -> tensor<64xf32>
    %7 = "rbssa.broadcast_in_dim"(%6) {broadcast_dimensions = array<i64: 3>} : (tensor<64xf32>) -> tensor<?x8x8x64xf32, ["N", 8, 8, 64]>
    %8 = "rbssa.binary"(%4, %7) {fn = "add"} : (tensor<?x8x8x64xf32, ["N", 8, 8, 64]>, tensor<?x8x8x64xf32, ["N", 8, 8, 64]>) -> tensor<?x8x8x64xf32, ["N", 8, 8, 64]>
    "rbssa.yield"(%8, %arg3) {cast = f16, materialize = "gmem"} : (tensor<?x8x8x64xf32, ["N", 8, 8, 64]>, memref<?x8x8x64xf16>) -> ()
    return
  }
}
