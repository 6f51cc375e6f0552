// convert-plan-to-dlcgpu on an attention region (the flash skeletons,
// FlashAttention.c and Sm90FlashAttention.c): the plan must be the
// skeleton's shape (the SM90 one also needs TMA and wgmma), the region must
// have Q, K, V and O as arguments, the model's scores region must exist,
// and the plan's algo_choice lse must match the model's LSE output; the
// SM90 one's algo_choice attention and grid must name what it implements.
// RUN: dlc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-plan-to-dlcgpu)'

// A tile the skeleton does not implement.
#map = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d4, d3)>
#set = affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 - d1 >= 0)>
module attributes {dlc.target = "sm_90"} {
  func.func @attention_causal_r0(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]}) attributes {rbssa.fused_into = "attention_causal_r1", rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 64 : i64}], rbssa.region = "attention_causal_r0", rbssa.symbols = ["B", "H", "M", "N"]} {
    %0 = "rbssa.const"() {value = true} : () -> tensor<?x?xi1, ["M", "N"]>
    %1 = "rbssa.select"(%0) {else = false, pred = #set} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
    %2 = "rbssa.read"(%arg0) {map = #map} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %3 = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %4 = "rbssa.binary"(%2, %3) {fn = "mul"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>, tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %5 = "rbssa.reduce"(%4) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %6 = "rbssa.const"() {value = 0xFF800000 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %7 = "rbssa.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 2, 3>} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>
    %8 = "rbssa.select_value"(%7, %5, %6) : (tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %9 = "rbssa.reduce"(%8) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %10 = "rbssa.broadcast_in_dim"(%9) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %11 = "rbssa.binary"(%8, %10) {fn = "sub"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %12 = "rbssa.const"() {value = 0.180336878 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %13 = "rbssa.binary"(%11, %12) {fn = "mul"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %14 = "rbssa.unary"(%13) {fn = "exp2"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %15 = "rbssa.reduce"(%14) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %16 = "rbssa.broadcast_in_dim"(%15) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %17 = "rbssa.binary"(%14, %16) {fn = "div"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    "rbssa.yield"(%17, %arg3) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
    return
  }
  func.func @attention_causal_r1(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", "N"]}, %arg4: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.attention = {buffer = "t0", exp2_scale = 0.18033687770366669 : f64, fused = true, k = "K", mask = "causal", o = "O", q = "Q", qk_scale = 1.000000e+00 : f64, scores = "attention_causal_r0", softmax = "online", v = "V"}, rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attention_causal_r1", rbssa.symbols = ["B", "H", "M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the flash-attention skeleton cannot honour plan field 'tile'; it implements tile = [64, 64, Dt] (Dt: D padded to 64 or 128), warp_tile = [16, 64], stages = 2, barrier_model = "cp_async_group" (SM80) or "mbarrier" (SM90)}}
    "plan.schedule"() {algo_choice = {attention = "online_softmax"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "cp_async_group", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 128, 64, 64>, vectorize = {axis = "d", width = 8 : i64}, warp_tile = array<i64: 16, 64>} : () -> ()
    %0 = "rbssa.read"(%arg3) {map = #map} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %1 = "rbssa.read"(%arg2) {map = #map2} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>, tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64xf32, ["B", "H", "M", 64]>
    "rbssa.yield"(%3, %arg4) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x64xf32, ["B", "H", "M", 64]>, memref<?x?x?x64xf16>) -> ()
    return
  }
  func.func private @attention_causal(memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.program = {buffers = [], regions = ["attention_causal_r1"]}}
}


// -----
// The output region has no argument named Q.
#map = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d4, d3)>
#set = affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 - d1 >= 0)>
module attributes {dlc.target = "sm_90"} {
  func.func @attention_causal_r0(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]}) attributes {rbssa.fused_into = "attention_causal_r1", rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 64 : i64}], rbssa.region = "attention_causal_r0", rbssa.symbols = ["B", "H", "M", "N"]} {
    %0 = "rbssa.const"() {value = true} : () -> tensor<?x?xi1, ["M", "N"]>
    %1 = "rbssa.select"(%0) {else = false, pred = #set} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
    %2 = "rbssa.read"(%arg0) {map = #map} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %3 = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %4 = "rbssa.binary"(%2, %3) {fn = "mul"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>, tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %5 = "rbssa.reduce"(%4) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %6 = "rbssa.const"() {value = 0xFF800000 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %7 = "rbssa.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 2, 3>} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>
    %8 = "rbssa.select_value"(%7, %5, %6) : (tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %9 = "rbssa.reduce"(%8) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %10 = "rbssa.broadcast_in_dim"(%9) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %11 = "rbssa.binary"(%8, %10) {fn = "sub"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %12 = "rbssa.const"() {value = 0.180336878 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %13 = "rbssa.binary"(%11, %12) {fn = "mul"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %14 = "rbssa.unary"(%13) {fn = "exp2"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %15 = "rbssa.reduce"(%14) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %16 = "rbssa.broadcast_in_dim"(%15) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %17 = "rbssa.binary"(%14, %16) {fn = "div"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    "rbssa.yield"(%17, %arg3) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
    return
  }
  // expected-error @+1 {{E1501 UnsupportedOp: the attention region has no argument for q}}
  func.func @attention_causal_r1(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q2", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", "N"]}, %arg4: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.attention = {buffer = "t0", exp2_scale = 0.18033687770366669 : f64, fused = true, k = "K", mask = "causal", o = "O", q = "Q", qk_scale = 1.000000e+00 : f64, scores = "attention_causal_r0", softmax = "online", v = "V"}, rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attention_causal_r1", rbssa.symbols = ["B", "H", "M", "N"]} {
    "plan.schedule"() {algo_choice = {attention = "online_softmax"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "cp_async_group", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 64, 64, 64>, vectorize = {axis = "d", width = 8 : i64}, warp_tile = array<i64: 16, 64>} : () -> ()
    %0 = "rbssa.read"(%arg3) {map = #map} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %1 = "rbssa.read"(%arg2) {map = #map2} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>, tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64xf32, ["B", "H", "M", 64]>
    "rbssa.yield"(%3, %arg4) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x64xf32, ["B", "H", "M", 64]>, memref<?x?x?x64xf16>) -> ()
    return
  }
  func.func private @attention_causal(memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.program = {buffers = [], regions = ["attention_causal_r1"]}}
}


// -----
// The model names a scores region the module does not have.
#map = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d4, d3)>
#set = affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 - d1 >= 0)>
module attributes {dlc.target = "sm_90"} {
  func.func @attention_causal_r0(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]}) attributes {rbssa.fused_into = "attention_causal_r1", rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 64 : i64}], rbssa.region = "attention_causal_r0", rbssa.symbols = ["B", "H", "M", "N"]} {
    %0 = "rbssa.const"() {value = true} : () -> tensor<?x?xi1, ["M", "N"]>
    %1 = "rbssa.select"(%0) {else = false, pred = #set} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
    %2 = "rbssa.read"(%arg0) {map = #map} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %3 = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %4 = "rbssa.binary"(%2, %3) {fn = "mul"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>, tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %5 = "rbssa.reduce"(%4) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %6 = "rbssa.const"() {value = 0xFF800000 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %7 = "rbssa.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 2, 3>} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>
    %8 = "rbssa.select_value"(%7, %5, %6) : (tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %9 = "rbssa.reduce"(%8) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %10 = "rbssa.broadcast_in_dim"(%9) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %11 = "rbssa.binary"(%8, %10) {fn = "sub"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %12 = "rbssa.const"() {value = 0.180336878 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %13 = "rbssa.binary"(%11, %12) {fn = "mul"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %14 = "rbssa.unary"(%13) {fn = "exp2"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %15 = "rbssa.reduce"(%14) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %16 = "rbssa.broadcast_in_dim"(%15) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %17 = "rbssa.binary"(%14, %16) {fn = "div"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    "rbssa.yield"(%17, %arg3) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
    return
  }
  // expected-error @+1 {{E1501 UnsupportedOp: the attention region cannot be compiled: its scores region is not in the module}}
  func.func @attention_causal_r1(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", "N"]}, %arg4: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.attention = {buffer = "t0", exp2_scale = 0.18033687770366669 : f64, fused = true, k = "K", mask = "causal", o = "O", q = "Q", qk_scale = 1.000000e+00 : f64, scores = "nope", softmax = "online", v = "V"}, rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attention_causal_r1", rbssa.symbols = ["B", "H", "M", "N"]} {
    "plan.schedule"() {algo_choice = {attention = "online_softmax"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "cp_async_group", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 64, 64, 64>, vectorize = {axis = "d", width = 8 : i64}, warp_tile = array<i64: 16, 64>} : () -> ()
    %0 = "rbssa.read"(%arg3) {map = #map} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %1 = "rbssa.read"(%arg2) {map = #map2} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>, tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64xf32, ["B", "H", "M", 64]>
    "rbssa.yield"(%3, %arg4) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x64xf32, ["B", "H", "M", 64]>, memref<?x?x?x64xf16>) -> ()
    return
  }
  func.func private @attention_causal(memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.program = {buffers = [], regions = ["attention_causal_r1"]}}
}

// -----
// The SM90 flash skeleton (barrier_model "mbarrier") on a chip without wgmma.
#map = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d4, d3)>
#set = affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 - d1 >= 0)>
module attributes {dlc.target = "sm_90"} {
  func.func @attention_causal_r0(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]}) attributes {rbssa.fused_into = "attention_causal_r1", rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 64 : i64}], rbssa.region = "attention_causal_r0", rbssa.symbols = ["B", "H", "M", "N"]} {
    %0 = "rbssa.const"() {value = true} : () -> tensor<?x?xi1, ["M", "N"]>
    %1 = "rbssa.select"(%0) {else = false, pred = #set} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
    %2 = "rbssa.read"(%arg0) {map = #map} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %3 = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %4 = "rbssa.binary"(%2, %3) {fn = "mul"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>, tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %5 = "rbssa.reduce"(%4) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %6 = "rbssa.const"() {value = 0xFF800000 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %7 = "rbssa.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 2, 3>} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>
    %8 = "rbssa.select_value"(%7, %5, %6) : (tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %9 = "rbssa.reduce"(%8) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %10 = "rbssa.broadcast_in_dim"(%9) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %11 = "rbssa.binary"(%8, %10) {fn = "sub"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %12 = "rbssa.const"() {value = 0.180336878 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %13 = "rbssa.binary"(%11, %12) {fn = "mul"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %14 = "rbssa.unary"(%13) {fn = "exp2"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %15 = "rbssa.reduce"(%14) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %16 = "rbssa.broadcast_in_dim"(%15) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %17 = "rbssa.binary"(%14, %16) {fn = "div"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    "rbssa.yield"(%17, %arg3) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
    return
  }
  func.func @attention_causal_r1(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", "N"]}, %arg4: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.attention = {buffer = "t0", exp2_scale = 0.18033687770366669 : f64, fused = true, k = "K", mask = "causal", o = "O", q = "Q", qk_scale = 1.000000e+00 : f64, scores = "attention_causal_r0", softmax = "online", v = "V"}, rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attention_causal_r1", rbssa.symbols = ["B", "H", "M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: barrier_model = "mbarrier" selects the SM90 flash skeleton, which needs TMA and wgmma; sm_90 does not have them}}
    "plan.schedule"() {algo_choice = {attention = "online_softmax"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "mbarrier", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 128, 128, 64>, vectorize = {axis = "d", width = 8 : i64}, warp_tile = array<i64: 64, 128>} : () -> ()
    %0 = "rbssa.read"(%arg3) {map = #map} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %1 = "rbssa.read"(%arg2) {map = #map2} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>, tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64xf32, ["B", "H", "M", 64]>
    "rbssa.yield"(%3, %arg4) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x64xf32, ["B", "H", "M", 64]>, memref<?x?x?x64xf16>) -> ()
    return
  }
  func.func private @attention_causal(memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.program = {buffers = [], regions = ["attention_causal_r1"]}}
}



// -----
// A tile the SM90 flash skeleton does not implement (BN = 192).
#map = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d4, d3)>
#set = affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 - d1 >= 0)>
module attributes {dlc.target = "sm_90a"} {
  func.func @attention_causal_r0(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]}) attributes {rbssa.fused_into = "attention_causal_r1", rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 64 : i64}], rbssa.region = "attention_causal_r0", rbssa.symbols = ["B", "H", "M", "N"]} {
    %0 = "rbssa.const"() {value = true} : () -> tensor<?x?xi1, ["M", "N"]>
    %1 = "rbssa.select"(%0) {else = false, pred = #set} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
    %2 = "rbssa.read"(%arg0) {map = #map} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %3 = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %4 = "rbssa.binary"(%2, %3) {fn = "mul"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>, tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %5 = "rbssa.reduce"(%4) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %6 = "rbssa.const"() {value = 0xFF800000 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %7 = "rbssa.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 2, 3>} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>
    %8 = "rbssa.select_value"(%7, %5, %6) : (tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %9 = "rbssa.reduce"(%8) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %10 = "rbssa.broadcast_in_dim"(%9) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %11 = "rbssa.binary"(%8, %10) {fn = "sub"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %12 = "rbssa.const"() {value = 0.180336878 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %13 = "rbssa.binary"(%11, %12) {fn = "mul"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %14 = "rbssa.unary"(%13) {fn = "exp2"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %15 = "rbssa.reduce"(%14) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %16 = "rbssa.broadcast_in_dim"(%15) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %17 = "rbssa.binary"(%14, %16) {fn = "div"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    "rbssa.yield"(%17, %arg3) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
    return
  }
  func.func @attention_causal_r1(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", "N"]}, %arg4: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.attention = {buffer = "t0", exp2_scale = 0.18033687770366669 : f64, fused = true, k = "K", mask = "causal", o = "O", q = "Q", qk_scale = 1.000000e+00 : f64, scores = "attention_causal_r0", softmax = "online", v = "V"}, rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attention_causal_r1", rbssa.symbols = ["B", "H", "M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the SM90 flash-attention skeleton cannot honour plan field 'tile'; it implements tile = [BM, BN, Dt] (Dt: D padded to 64, 128 or 256) with BM 128 (or 192 at Dt = 64), BN 64 or 128, warp_tile = [64, BN], at least 2 stages that fit the shared memory}}
    "plan.schedule"() {algo_choice = {attention = "online_softmax"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "mbarrier", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 128, 192, 64>, vectorize = {axis = "d", width = 8 : i64}, warp_tile = array<i64: 64, 192>} : () -> ()
    %0 = "rbssa.read"(%arg3) {map = #map} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %1 = "rbssa.read"(%arg2) {map = #map2} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>, tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64xf32, ["B", "H", "M", 64]>
    "rbssa.yield"(%3, %arg4) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x64xf32, ["B", "H", "M", 64]>, memref<?x?x?x64xf16>) -> ()
    return
  }
  func.func private @attention_causal(memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.program = {buffers = [], regions = ["attention_causal_r1"]}}
}



// -----

// A plan that has the epilogue write a log-sum-exp the region does not
// have (rbssa.attention names no lse).
#map = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d4, d3)>
#set = affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 - d1 >= 0)>
module attributes {dlc.target = "sm_90"} {
  func.func @attention_causal_r0(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]}) attributes {rbssa.fused_into = "attention_causal_r1", rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 64 : i64}], rbssa.region = "attention_causal_r0", rbssa.symbols = ["B", "H", "M", "N"]} {
    %0 = "rbssa.const"() {value = true} : () -> tensor<?x?xi1, ["M", "N"]>
    %1 = "rbssa.select"(%0) {else = false, pred = #set} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
    %2 = "rbssa.read"(%arg0) {map = #map} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %3 = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %4 = "rbssa.binary"(%2, %3) {fn = "mul"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>, tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %5 = "rbssa.reduce"(%4) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %6 = "rbssa.const"() {value = 0xFF800000 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %7 = "rbssa.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 2, 3>} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>
    %8 = "rbssa.select_value"(%7, %5, %6) : (tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %9 = "rbssa.reduce"(%8) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %10 = "rbssa.broadcast_in_dim"(%9) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %11 = "rbssa.binary"(%8, %10) {fn = "sub"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %12 = "rbssa.const"() {value = 0.180336878 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %13 = "rbssa.binary"(%11, %12) {fn = "mul"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %14 = "rbssa.unary"(%13) {fn = "exp2"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %15 = "rbssa.reduce"(%14) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %16 = "rbssa.broadcast_in_dim"(%15) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %17 = "rbssa.binary"(%14, %16) {fn = "div"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    "rbssa.yield"(%17, %arg3) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
    return
  }
  func.func @attention_causal_r1(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", "N"]}, %arg4: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.attention = {buffer = "t0", exp2_scale = 0.18033687770366669 : f64, fused = true, k = "K", mask = "causal", o = "O", q = "Q", qk_scale = 1.000000e+00 : f64, scores = "attention_causal_r0", softmax = "online", v = "V"}, rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attention_causal_r1", rbssa.symbols = ["B", "H", "M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the flash-attention skeleton cannot honour plan field 'algo_choice lse'; it implements absent (the region writes no LSE)}}
    "plan.schedule"() {algo_choice = {attention = "online_softmax", lse = "epilogue"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "cp_async_group", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 64, 64, 64>, vectorize = {axis = "d", width = 8 : i64}, warp_tile = array<i64: 16, 64>} : () -> ()
    %0 = "rbssa.read"(%arg3) {map = #map} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %1 = "rbssa.read"(%arg2) {map = #map2} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>, tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64xf32, ["B", "H", "M", 64]>
    "rbssa.yield"(%3, %arg4) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x64xf32, ["B", "H", "M", 64]>, memref<?x?x?x64xf16>) -> ()
    return
  }
  func.func private @attention_causal(memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.program = {buffers = [], regions = ["attention_causal_r1"]}}
}

// -----
// A consumer schedule the SM90 flash skeleton does not implement.
#map = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d4, d3)>
#set = affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 - d1 >= 0)>
module attributes {dlc.target = "sm_90a"} {
  func.func @attention_causal_r0(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]}) attributes {rbssa.fused_into = "attention_causal_r1", rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 64 : i64}], rbssa.region = "attention_causal_r0", rbssa.symbols = ["B", "H", "M", "N"]} {
    %0 = "rbssa.const"() {value = true} : () -> tensor<?x?xi1, ["M", "N"]>
    %1 = "rbssa.select"(%0) {else = false, pred = #set} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
    %2 = "rbssa.read"(%arg0) {map = #map} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %3 = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %4 = "rbssa.binary"(%2, %3) {fn = "mul"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>, tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %5 = "rbssa.reduce"(%4) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %6 = "rbssa.const"() {value = 0xFF800000 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %7 = "rbssa.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 2, 3>} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>
    %8 = "rbssa.select_value"(%7, %5, %6) : (tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %9 = "rbssa.reduce"(%8) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %10 = "rbssa.broadcast_in_dim"(%9) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %11 = "rbssa.binary"(%8, %10) {fn = "sub"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %12 = "rbssa.const"() {value = 0.180336878 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %13 = "rbssa.binary"(%11, %12) {fn = "mul"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %14 = "rbssa.unary"(%13) {fn = "exp2"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %15 = "rbssa.reduce"(%14) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %16 = "rbssa.broadcast_in_dim"(%15) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %17 = "rbssa.binary"(%14, %16) {fn = "div"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    "rbssa.yield"(%17, %arg3) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
    return
  }
  func.func @attention_causal_r1(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", "N"]}, %arg4: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.attention = {buffer = "t0", exp2_scale = 0.18033687770366669 : f64, fused = true, k = "K", mask = "causal", o = "O", q = "Q", qk_scale = 1.000000e+00 : f64, scores = "attention_causal_r0", softmax = "online", v = "V"}, rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attention_causal_r1", rbssa.symbols = ["B", "H", "M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the SM90 flash-attention skeleton cannot honour plan field 'algo_choice attention'; it implements "online_softmax" (two consumers in ping-pong turns) or "online_softmax.overlap" (without the turns) with tile BM 128, "online_softmax.m192" (three consumers in turns) with BM 192}}
    "plan.schedule"() {algo_choice = {attention = "online_softmax.serial"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "mbarrier", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 128, 128, 64>, vectorize = {axis = "d", width = 8 : i64}, warp_tile = array<i64: 64, 128>} : () -> ()
    %0 = "rbssa.read"(%arg3) {map = #map} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %1 = "rbssa.read"(%arg2) {map = #map2} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>, tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64xf32, ["B", "H", "M", 64]>
    "rbssa.yield"(%3, %arg4) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x64xf32, ["B", "H", "M", 64]>, memref<?x?x?x64xf16>) -> ()
    return
  }
  func.func private @attention_causal(memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.program = {buffers = [], regions = ["attention_causal_r1"]}}
}

// -----
// A grid the SM90 flash skeleton does not implement.
#map = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d4, d3)>
#set = affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 - d1 >= 0)>
module attributes {dlc.target = "sm_90a"} {
  func.func @attention_causal_r0(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]}) attributes {rbssa.fused_into = "attention_causal_r1", rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 64 : i64}], rbssa.region = "attention_causal_r0", rbssa.symbols = ["B", "H", "M", "N"]} {
    %0 = "rbssa.const"() {value = true} : () -> tensor<?x?xi1, ["M", "N"]>
    %1 = "rbssa.select"(%0) {else = false, pred = #set} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
    %2 = "rbssa.read"(%arg0) {map = #map} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %3 = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %4 = "rbssa.binary"(%2, %3) {fn = "mul"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>, tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %5 = "rbssa.reduce"(%4) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %6 = "rbssa.const"() {value = 0xFF800000 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %7 = "rbssa.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 2, 3>} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>
    %8 = "rbssa.select_value"(%7, %5, %6) : (tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %9 = "rbssa.reduce"(%8) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %10 = "rbssa.broadcast_in_dim"(%9) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %11 = "rbssa.binary"(%8, %10) {fn = "sub"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %12 = "rbssa.const"() {value = 0.180336878 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %13 = "rbssa.binary"(%11, %12) {fn = "mul"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %14 = "rbssa.unary"(%13) {fn = "exp2"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %15 = "rbssa.reduce"(%14) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %16 = "rbssa.broadcast_in_dim"(%15) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %17 = "rbssa.binary"(%14, %16) {fn = "div"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    "rbssa.yield"(%17, %arg3) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
    return
  }
  func.func @attention_causal_r1(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", "N"]}, %arg4: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.attention = {buffer = "t0", exp2_scale = 0.18033687770366669 : f64, fused = true, k = "K", mask = "causal", o = "O", q = "Q", qk_scale = 1.000000e+00 : f64, scores = "attention_causal_r0", softmax = "online", v = "V"}, rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attention_causal_r1", rbssa.symbols = ["B", "H", "M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the SM90 flash-attention skeleton cannot honour plan field 'algo_choice grid'; it implements "tiles" (a CTA per query tile and batch row), "persistent" (a CTA per SM looping over them), "dynamic" (a CTA per SM taking them from a counter, heaviest first), with a causal mask "balanced" (persistent's pairs, the last rounds one tile at a time) or without one "stream" (persistent's rounds, the last two shared out by key tiles)}}
    "plan.schedule"() {algo_choice = {attention = "online_softmax", grid = "snake"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "mbarrier", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 128, 128, 64>, vectorize = {axis = "d", width = 8 : i64}, warp_tile = array<i64: 64, 128>} : () -> ()
    %0 = "rbssa.read"(%arg3) {map = #map} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %1 = "rbssa.read"(%arg2) {map = #map2} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>, tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64xf32, ["B", "H", "M", 64]>
    "rbssa.yield"(%3, %arg4) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x64xf32, ["B", "H", "M", 64]>, memref<?x?x?x64xf16>) -> ()
    return
  }
  func.func private @attention_causal(memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.program = {buffers = [], regions = ["attention_causal_r1"]}}
}

// -----
// "stream" with a causal mask: its shares assume every work tile has the
// same key tiles.
#map = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d4, d3)>
#set = affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 - d1 >= 0)>
module attributes {dlc.target = "sm_90a"} {
  func.func @attention_causal_r0(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]}) attributes {rbssa.fused_into = "attention_causal_r1", rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 64 : i64}], rbssa.region = "attention_causal_r0", rbssa.symbols = ["B", "H", "M", "N"]} {
    %0 = "rbssa.const"() {value = true} : () -> tensor<?x?xi1, ["M", "N"]>
    %1 = "rbssa.select"(%0) {else = false, pred = #set} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
    %2 = "rbssa.read"(%arg0) {map = #map} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %3 = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %4 = "rbssa.binary"(%2, %3) {fn = "mul"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>, tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %5 = "rbssa.reduce"(%4) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %6 = "rbssa.const"() {value = 0xFF800000 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %7 = "rbssa.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 2, 3>} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>
    %8 = "rbssa.select_value"(%7, %5, %6) : (tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %9 = "rbssa.reduce"(%8) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %10 = "rbssa.broadcast_in_dim"(%9) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %11 = "rbssa.binary"(%8, %10) {fn = "sub"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %12 = "rbssa.const"() {value = 0.180336878 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %13 = "rbssa.binary"(%11, %12) {fn = "mul"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %14 = "rbssa.unary"(%13) {fn = "exp2"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %15 = "rbssa.reduce"(%14) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %16 = "rbssa.broadcast_in_dim"(%15) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %17 = "rbssa.binary"(%14, %16) {fn = "div"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    "rbssa.yield"(%17, %arg3) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
    return
  }
  func.func @attention_causal_r1(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", "N"]}, %arg4: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.attention = {buffer = "t0", exp2_scale = 0.18033687770366669 : f64, fused = true, k = "K", mask = "causal", o = "O", q = "Q", qk_scale = 1.000000e+00 : f64, scores = "attention_causal_r0", softmax = "online", v = "V"}, rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attention_causal_r1", rbssa.symbols = ["B", "H", "M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the SM90 flash-attention skeleton cannot honour plan field 'algo_choice grid'; it implements "tiles" (a CTA per query tile and batch row), "persistent" (a CTA per SM looping over them), "dynamic" (a CTA per SM taking them from a counter, heaviest first), with a causal mask "balanced" (persistent's pairs, the last rounds one tile at a time) or without one "stream" (persistent's rounds, the last two shared out by key tiles)}}
    "plan.schedule"() {algo_choice = {attention = "online_softmax", grid = "stream"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "mbarrier", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 128, 128, 64>, vectorize = {axis = "d", width = 8 : i64}, warp_tile = array<i64: 64, 128>} : () -> ()
    %0 = "rbssa.read"(%arg3) {map = #map} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %1 = "rbssa.read"(%arg2) {map = #map2} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>, tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64xf32, ["B", "H", "M", 64]>
    "rbssa.yield"(%3, %arg4) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x64xf32, ["B", "H", "M", 64]>, memref<?x?x?x64xf16>) -> ()
    return
  }
  func.func private @attention_causal(memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.program = {buffers = [], regions = ["attention_causal_r1"]}}
}

// -----
// Three consumers (online_softmax.m192) on a 128-row tile: the schedule
// and the tile disagree.
#map = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d4, d3)>
#set = affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 - d1 >= 0)>
module attributes {dlc.target = "sm_90a"} {
  func.func @attention_causal_r0(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]}) attributes {rbssa.fused_into = "attention_causal_r1", rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 64 : i64}], rbssa.region = "attention_causal_r0", rbssa.symbols = ["B", "H", "M", "N"]} {
    %0 = "rbssa.const"() {value = true} : () -> tensor<?x?xi1, ["M", "N"]>
    %1 = "rbssa.select"(%0) {else = false, pred = #set} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
    %2 = "rbssa.read"(%arg0) {map = #map} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %3 = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %4 = "rbssa.binary"(%2, %3) {fn = "mul"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>, tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %5 = "rbssa.reduce"(%4) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %6 = "rbssa.const"() {value = 0xFF800000 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %7 = "rbssa.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 2, 3>} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>
    %8 = "rbssa.select_value"(%7, %5, %6) : (tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %9 = "rbssa.reduce"(%8) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %10 = "rbssa.broadcast_in_dim"(%9) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %11 = "rbssa.binary"(%8, %10) {fn = "sub"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %12 = "rbssa.const"() {value = 0.180336878 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %13 = "rbssa.binary"(%11, %12) {fn = "mul"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %14 = "rbssa.unary"(%13) {fn = "exp2"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %15 = "rbssa.reduce"(%14) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %16 = "rbssa.broadcast_in_dim"(%15) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %17 = "rbssa.binary"(%14, %16) {fn = "div"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    "rbssa.yield"(%17, %arg3) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
    return
  }
  func.func @attention_causal_r1(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", "N"]}, %arg4: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.attention = {buffer = "t0", exp2_scale = 0.18033687770366669 : f64, fused = true, k = "K", mask = "causal", o = "O", q = "Q", qk_scale = 1.000000e+00 : f64, scores = "attention_causal_r0", softmax = "online", v = "V"}, rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attention_causal_r1", rbssa.symbols = ["B", "H", "M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the SM90 flash-attention skeleton cannot honour plan field 'algo_choice attention'; it implements "online_softmax" (two consumers in ping-pong turns) or "online_softmax.overlap" (without the turns) with tile BM 128, "online_softmax.m192" (three consumers in turns) with BM 192}}
    "plan.schedule"() {algo_choice = {attention = "online_softmax.m192"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "mbarrier", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 128, 128, 64>, vectorize = {axis = "d", width = 8 : i64}, warp_tile = array<i64: 64, 128>} : () -> ()
    %0 = "rbssa.read"(%arg3) {map = #map} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %1 = "rbssa.read"(%arg2) {map = #map2} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>, tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64xf32, ["B", "H", "M", 64]>
    "rbssa.yield"(%3, %arg4) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x64xf32, ["B", "H", "M", 64]>, memref<?x?x?x64xf16>) -> ()
    return
  }
  func.func private @attention_causal(memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.program = {buffers = [], regions = ["attention_causal_r1"]}}
}

// -----
// The flash kernel stages K and V itself: a plan cache is reported.
#map = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d4, d3)>
#set = affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 - d1 >= 0)>
module attributes {dlc.target = "sm_90a"} {
  func.func @attention_causal_r0(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]}) attributes {rbssa.fused_into = "attention_causal_r1", rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 64 : i64}], rbssa.region = "attention_causal_r0", rbssa.symbols = ["B", "H", "M", "N"]} {
    %0 = "rbssa.const"() {value = true} : () -> tensor<?x?xi1, ["M", "N"]>
    %1 = "rbssa.select"(%0) {else = false, pred = #set} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
    %2 = "rbssa.read"(%arg0) {map = #map} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %3 = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %4 = "rbssa.binary"(%2, %3) {fn = "mul"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>, tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %5 = "rbssa.reduce"(%4) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %6 = "rbssa.const"() {value = 0xFF800000 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %7 = "rbssa.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 2, 3>} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>
    %8 = "rbssa.select_value"(%7, %5, %6) : (tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %9 = "rbssa.reduce"(%8) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %10 = "rbssa.broadcast_in_dim"(%9) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %11 = "rbssa.binary"(%8, %10) {fn = "sub"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %12 = "rbssa.const"() {value = 0.180336878 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %13 = "rbssa.binary"(%11, %12) {fn = "mul"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %14 = "rbssa.unary"(%13) {fn = "exp2"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %15 = "rbssa.reduce"(%14) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %16 = "rbssa.broadcast_in_dim"(%15) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %17 = "rbssa.binary"(%14, %16) {fn = "div"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    "rbssa.yield"(%17, %arg3) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
    return
  }
  func.func @attention_causal_r1(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", "N"]}, %arg4: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.attention = {buffer = "t0", exp2_scale = 0.18033687770366669 : f64, fused = true, k = "K", mask = "causal", o = "O", q = "Q", qk_scale = 1.000000e+00 : f64, scores = "attention_causal_r0", softmax = "online", v = "V"}, rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attention_causal_r1", rbssa.symbols = ["B", "H", "M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the flash-attention skeleton cannot honour plan field 'cache'; it implements cache = []}}
    "plan.schedule"() {algo_choice = {attention = "online_softmax"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "mbarrier", bind = {}, cache = [{at = "n.i", pingpong = true, tensor = "K", where = "smem"}], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 128, 128, 64>, vectorize = {axis = "d", width = 8 : i64}, warp_tile = array<i64: 64, 128>} : () -> ()
    %0 = "rbssa.read"(%arg3) {map = #map} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %1 = "rbssa.read"(%arg2) {map = #map2} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>, tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64xf32, ["B", "H", "M", 64]>
    "rbssa.yield"(%3, %arg4) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x64xf32, ["B", "H", "M", 64]>, memref<?x?x?x64xf16>) -> ()
    return
  }
  func.func private @attention_causal(memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.program = {buffers = [], regions = ["attention_causal_r1"]}}
}

// -----
// Its K/V ring is `stages` deep: prefetch_depth must be stages - 1.
#map = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d4, d3)>
#set = affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 - d1 >= 0)>
module attributes {dlc.target = "sm_90a"} {
  func.func @attention_causal_r0(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]}) attributes {rbssa.fused_into = "attention_causal_r1", rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 64 : i64}], rbssa.region = "attention_causal_r0", rbssa.symbols = ["B", "H", "M", "N"]} {
    %0 = "rbssa.const"() {value = true} : () -> tensor<?x?xi1, ["M", "N"]>
    %1 = "rbssa.select"(%0) {else = false, pred = #set} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
    %2 = "rbssa.read"(%arg0) {map = #map} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %3 = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %4 = "rbssa.binary"(%2, %3) {fn = "mul"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>, tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %5 = "rbssa.reduce"(%4) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %6 = "rbssa.const"() {value = 0xFF800000 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %7 = "rbssa.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 2, 3>} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>
    %8 = "rbssa.select_value"(%7, %5, %6) : (tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %9 = "rbssa.reduce"(%8) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %10 = "rbssa.broadcast_in_dim"(%9) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %11 = "rbssa.binary"(%8, %10) {fn = "sub"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %12 = "rbssa.const"() {value = 0.180336878 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %13 = "rbssa.binary"(%11, %12) {fn = "mul"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %14 = "rbssa.unary"(%13) {fn = "exp2"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %15 = "rbssa.reduce"(%14) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %16 = "rbssa.broadcast_in_dim"(%15) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %17 = "rbssa.binary"(%14, %16) {fn = "div"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    "rbssa.yield"(%17, %arg3) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
    return
  }
  func.func @attention_causal_r1(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", "N"]}, %arg4: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.attention = {buffer = "t0", exp2_scale = 0.18033687770366669 : f64, fused = true, k = "K", mask = "causal", o = "O", q = "Q", qk_scale = 1.000000e+00 : f64, scores = "attention_causal_r0", softmax = "online", v = "V"}, rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attention_causal_r1", rbssa.symbols = ["B", "H", "M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the flash-attention skeleton cannot honour plan field 'async'; it implements enable = true, prefetch_depth = stages - 1, epilogue_overlap = false}}
    "plan.schedule"() {algo_choice = {attention = "online_softmax"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "mbarrier", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 3 : i64, tile = array<i64: 128, 128, 64>, vectorize = {axis = "d", width = 8 : i64}, warp_tile = array<i64: 64, 128>} : () -> ()
    %0 = "rbssa.read"(%arg3) {map = #map} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %1 = "rbssa.read"(%arg2) {map = #map2} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>, tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64xf32, ["B", "H", "M", 64]>
    "rbssa.yield"(%3, %arg4) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x64xf32, ["B", "H", "M", 64]>, memref<?x?x?x64xf16>) -> ()
    return
  }
  func.func private @attention_causal(memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.program = {buffers = [], regions = ["attention_causal_r1"]}}
}

// -----
// The balanced grid without a causal mask: every work tile costs the same,
// there is nothing to balance.
#map = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d4, d3)>
module attributes {dlc.target = "sm_90a"} {
  func.func @attn_d64_full_r0(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]}) attributes {rbssa.fused_into = "attn_d64_full_r1", rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 64 : i64}], rbssa.region = "attn_d64_full_r0", rbssa.symbols = ["B", "H", "M", "N"]} {
    %0 = "rbssa.read"(%arg0) {map = #map} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %1 = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>, tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x64xf16, ["B", "H", "M", "N", 64]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %4 = "rbssa.reduce"(%3) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %5 = "rbssa.broadcast_in_dim"(%4) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %6 = "rbssa.binary"(%3, %5) {fn = "sub"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %7 = "rbssa.const"() {value = 0.180336878 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %8 = "rbssa.binary"(%6, %7) {fn = "mul"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %9 = "rbssa.unary"(%8) {fn = "exp2"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %10 = "rbssa.reduce"(%9) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %11 = "rbssa.broadcast_in_dim"(%10) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %12 = "rbssa.binary"(%9, %11) {fn = "div"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    "rbssa.yield"(%12, %arg3) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
    return
  }
  func.func @attn_d64_full_r1(%arg0: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, %arg1: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg2: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", "N"]}, %arg4: memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.attention = {buffer = "t0", exp2_scale = 0.18033687770366669 : f64, fused = true, k = "K", mask = "none", o = "O", q = "Q", qk_scale = 1.000000e+00 : f64, scores = "attn_d64_full_r0", softmax = "online", v = "V"}, rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "i3", size = 64 : i64}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attn_d64_full_r1", rbssa.symbols = ["B", "H", "M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the SM90 flash-attention skeleton cannot honour plan field 'algo_choice grid'; it implements "tiles" (a CTA per query tile and batch row), "persistent" (a CTA per SM looping over them), "dynamic" (a CTA per SM taking them from a counter, heaviest first), with a causal mask "balanced" (persistent's pairs, the last rounds one tile at a time) or without one "stream" (persistent's rounds, the last two shared out by key tiles)}}
    "plan.schedule"() {algo_choice = {attention = "online_softmax.m192", grid = "balanced"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 3 : i64}, barrier_model = "mbarrier", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 4 : i64, tile = array<i64: 192, 128, 64>, vectorize = {axis = "d", width = 8 : i64}, warp_tile = array<i64: 64, 128>} : () -> ()
    %0 = "rbssa.read"(%arg3) {map = #map} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %1 = "rbssa.read"(%arg2) {map = #map2} : (memref<?x?x?x64xf16>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>, tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x64x?xf16, ["B", "H", "M", 64, "N"]>) -> tensor<?x?x?x64xf32, ["B", "H", "M", 64]>
    "rbssa.yield"(%3, %arg4) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x64xf32, ["B", "H", "M", 64]>, memref<?x?x?x64xf16>) -> ()
    return
  }
  func.func private @attn_d64_full(memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 64]}, memref<?x?x?x64xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 64]}) attributes {rbssa.program = {buffers = [], regions = ["attn_d64_full_r1"]}}
}

