// A GEMM plan's bind, cache, vectorize.axis and local_edges have one form
// for a region, whatever its tile (SkeletonFields.c): the one the planner
// writes. A plan stating another is reported (E1501, with the form the
// skeleton implements), not ignored. Entries compare as sets: each case's
// canonical fields pass although the printed dictionary orders bind's keys
// unlike the planner (m.o, m.i.o, n.o, n.i.o).
// RUN: dlc-opt %s --split-input-file --convert-plan-to-dlcgpu --verify-diagnostics

func.func @swapped_bind(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "swapped_bind",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  // expected-error @+1 {{E1501 UnsupportedOp: the SM80 skeleton cannot honour plan field 'bind'; it implements bind = {m.o = "block.y", m.i.o = "warp.y", n.o = "block.x", n.i.o = "warp.x"}}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 3 : i64,
    bind = {m.o = "block.x", n.o = "block.y", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
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

// -----

func.func @no_cache(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "no_cache",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  // expected-error @+1 {{E1501 UnsupportedOp: the SM80 skeleton cannot honour plan field 'cache'; it implements cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}]}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 3 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
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

// -----

func.func @vector_axis(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "vector_axis",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  // expected-error @+1 {{E1501 UnsupportedOp: the SM80 skeleton cannot honour plan field 'vectorize'; it implements vectorize.axis = "n.i.i"}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 3 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "m.i.i", width = 8 : i64},
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

// -----

func.func @smem_edge(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "smem_edge",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  // expected-error @+1 {{E1501 UnsupportedOp: the SM80 skeleton cannot honour plan field 'local_edges'; it implements local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}]}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 3 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64},
    predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "smem_ring", depth = 2 : i64}],
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
