// Plans asking for stream-K (algo_choice stream_k) where the SM90
// skeleton cannot honour it are reported at the plan with E1501: the
// SM80 skeleton, the ping-pong schedule, split-K, clusters.
// RUN: dlc-opt %s --split-input-file --convert-plan-to-dlcgpu --verify-diagnostics

// Stream-K is the SM90 cooperative kernel's: an SM80 plan cannot honour it.
module attributes {dlc.target = "sm_90a"} {
func.func @stream_sm80(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "stream_sm80",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  // expected-error @+1 {{E1501 UnsupportedOp: the SM80 skeleton cannot honour plan field 'algo_choice stream_k'; it implements stream_k only on the SM90 cooperative schedule (warp_tile [64, BN]) of a 64- or 128-row tile of a GEMM without a batch axis, split_k or a cluster; else leave it out}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 3 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64},
    predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"},
    algo_choice = {matmul = "implicit_gemm", stream_k = "1"},
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
}

// -----

// ... nor the ping-pong schedule (a consumer owns whole tiles).
module attributes {dlc.target = "sm_90a"} {
func.func @stream_pingpong(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "stream_pingpong",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  // expected-error @+1 {{E1501 UnsupportedOp: the SM90 skeleton cannot honour plan field 'algo_choice stream_k'; it implements stream_k only on the SM90 cooperative schedule (warp_tile [64, BN]) of a 64- or 128-row tile of a GEMM without a batch axis, split_k or a cluster; else leave it out}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 64>, stages = 4 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 128, 128>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64},
    predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"},
    algo_choice = {matmul = "implicit_gemm", stream_k = "1"},
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

// -----

// ... nor beside split-K (a tile's k range is split once).
module attributes {dlc.target = "sm_90a"} {
func.func @stream_split(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "stream_split",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  // expected-error @+1 {{E1501 UnsupportedOp: the SM90 skeleton cannot honour plan field 'algo_choice stream_k'; it implements stream_k only on the SM90 cooperative schedule (warp_tile [64, BN]) of a 64- or 128-row tile of a GEMM without a batch axis, split_k or a cluster; else leave it out}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 64>, stages = 4 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 128>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64},
    predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"},
    algo_choice = {matmul = "implicit_gemm", split_k = "4", stream_k = "1"},
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

// -----

// ... nor with clusters (a pair walks its tiles in lockstep).
module attributes {dlc.target = "sm_90a"} {
func.func @stream_cluster(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "stream_cluster",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  // expected-error @+1 {{E1501 UnsupportedOp: the SM90 skeleton cannot honour plan field 'algo_choice stream_k'; it implements stream_k only on the SM90 cooperative schedule (warp_tile [64, BN]) of a 64- or 128-row tile of a GEMM without a batch axis, split_k or a cluster; else leave it out}}
  "plan.schedule"() {
    tile = array<i64: 128, 256, 64>, stages = 4 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 256>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64},
    predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"},
    algo_choice = {matmul = "implicit_gemm", cluster = "2", stream_k = "2"},
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
