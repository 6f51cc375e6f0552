// convert-plan-to-dlcgpu on attention at head dimension 256 (the Frontend's
// causal attention with D = 256, planned for sm_90a, its plan edited to
// force the SM80 flash kernel: barrier_model "cp_async_group", tile
// [64, 64, 256]): that kernel refuses D = 256 with E1501 (O and Q's
// fragments would spill; the planner itself answers E1602 there:
// test/Pipelines/attention-d256-to-ptx.test).
// RUN: dlc-opt %s --verify-diagnostics --pass-pipeline='builtin.module(convert-plan-to-dlcgpu)'

#map = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3] -> (d0, d1, d4, d3)>
#set = affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 - d1 >= 0)>
module attributes {dlc.target = "sm_90a"} {
  func.func @attention_causal_r0(%arg0: memref<?x?x?x256xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 256]}, %arg1: memref<?x?x?x256xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 256]}, %arg2: memref<?x?x?x256xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 256]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]}) attributes {rbssa.fused_into = "attention_causal_r1", rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 256 : i64}], rbssa.region = "attention_causal_r0", rbssa.symbols = ["B", "H", "M", "N"]} {
    %0 = "rbssa.const"() {value = true} : () -> tensor<?x?xi1, ["M", "N"]>
    %1 = "rbssa.select"(%0) {else = false, pred = #set} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
    %2 = "rbssa.read"(%arg0) {map = #map} : (memref<?x?x?x256xf16>) -> tensor<?x?x?x?x256xf16, ["B", "H", "M", "N", 256]>
    %3 = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?x?x256xf16>) -> tensor<?x?x?x?x256xf16, ["B", "H", "M", "N", 256]>
    %4 = "rbssa.binary"(%2, %3) {fn = "mul"} : (tensor<?x?x?x?x256xf16, ["B", "H", "M", "N", 256]>, tensor<?x?x?x?x256xf16, ["B", "H", "M", "N", 256]>) -> tensor<?x?x?x?x256xf16, ["B", "H", "M", "N", 256]>
    %5 = "rbssa.reduce"(%4) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x256xf16, ["B", "H", "M", "N", 256]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %6 = "rbssa.const"() {value = 0xFF800000 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %7 = "rbssa.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 2, 3>} : (tensor<?x?xi1, ["M", "N"]>) -> tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>
    %8 = "rbssa.select_value"(%7, %5, %6) : (tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %9 = "rbssa.reduce"(%8) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %10 = "rbssa.broadcast_in_dim"(%9) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %11 = "rbssa.binary"(%8, %10) {fn = "sub"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %12 = "rbssa.const"() {value = 0.0901684388 : f32} : () -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %13 = "rbssa.binary"(%11, %12) {fn = "mul"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %14 = "rbssa.unary"(%13) {fn = "exp2"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %15 = "rbssa.reduce"(%14) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
    %16 = "rbssa.broadcast_in_dim"(%15) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    %17 = "rbssa.binary"(%14, %16) {fn = "div"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
    "rbssa.yield"(%17, %arg3) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
    return
  }
  func.func @attention_causal_r1(%arg0: memref<?x?x?x256xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 256]}, %arg1: memref<?x?x?x256xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 256]}, %arg2: memref<?x?x?x256xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 256]}, %arg3: memref<?x?x?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", "N"]}, %arg4: memref<?x?x?x256xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 256]}) attributes {rbssa.attention = {buffer = "t0", exp2_scale = 0.090168438851833343 : f64, fused = true, k = "K", mask = "causal", o = "O", q = "Q", qk_scale = 1.000000e+00 : f64, scores = "attention_causal_r0", softmax = "online", v = "V"}, rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "i3", size = 256 : i64}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attention_causal_r1", rbssa.symbols = ["B", "H", "M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the SM80 flash kernel cannot compute this attention: at head dimension 256 (tile width 256) O's accumulators (128 f32 registers a thread) beside Q's fragments and S spill past 255 registers}}
    "plan.schedule"() {algo_choice = {attention = "online_softmax"}, arch = "sm90", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "cp_async_group", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 64, 64, 256>, vectorize = {axis = "d", width = 8 : i64}, warp_tile = array<i64: 16, 64>} : () -> ()
    %0 = "rbssa.read"(%arg3) {map = #map} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x256x?xf16, ["B", "H", "M", 256, "N"]>
    %1 = "rbssa.read"(%arg2) {map = #map2} : (memref<?x?x?x256xf16>) -> tensor<?x?x?x256x?xf16, ["B", "H", "M", 256, "N"]>
    %2 = "rbssa.binary"(%0, %1) {fn = "mul"} : (tensor<?x?x?x256x?xf16, ["B", "H", "M", 256, "N"]>, tensor<?x?x?x256x?xf16, ["B", "H", "M", 256, "N"]>) -> tensor<?x?x?x256x?xf16, ["B", "H", "M", 256, "N"]>
    %3 = "rbssa.reduce"(%2) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x256x?xf16, ["B", "H", "M", 256, "N"]>) -> tensor<?x?x?x256xf32, ["B", "H", "M", 256]>
    "rbssa.yield"(%3, %arg4) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x256xf32, ["B", "H", "M", 256]>, memref<?x?x?x256xf16>) -> ()
    return
  }
  func.func private @attention_causal(memref<?x?x?x256xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Q", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "M", 256]}, memref<?x?x?x256xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "K", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 256]}, memref<?x?x?x256xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "V", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["B", "H", "N", 256]}, memref<?x?x?x256xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "O", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["B", "H", "M", 256]}) attributes {rbssa.program = {buffers = [], regions = ["attention_causal_r1"]}}
}
