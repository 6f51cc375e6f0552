// Memory-bound plans the skeleton cannot honour are E1501 at the plan,
// naming the field (docs/passes/convert-plan-to-dlcgpu.md).
// RUN: dlc-opt %s --split-input-file --convert-plan-to-dlcgpu --verify-diagnostics

// A column max cannot be computed a CTA per row: its reduce runs along the
// last iter.
module attributes {dlc.target = "sm_90"} {
  func.func @colmax(%arg0: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "N"]}, %arg1: memref<?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Mx", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N"]}) attributes {rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [{name = "m", size = "M"}], rbssa.region = "colmax", rbssa.symbols = ["M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: memory = "row" needs every reduce to be uniform along the iters a CTA shares (row: the last one), and this region's are not}}
    "plan.schedule"() {algo_choice = {memory = "row"}, arch = "sm90", async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}, barrier_model = "bar_sync", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 1, 256, 1>, vectorize = {axis = "n", width = 1 : i64}, warp_tile = array<i64: 1, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "M"]>
    %1 = "rbssa.reduce"(%0) {axes = array<i64: 1>, dtype = f16, init = 0xFC00 : f16, op = "max"} : (tensor<?x?xf16, ["N", "M"]>) -> tensor<?xf16, ["N"]>
    "rbssa.yield"(%1, %arg1) {cast = f16, materialize = "gmem"} : (tensor<?xf16, ["N"]>, memref<?xf16>) -> ()
    return
  }
}

// -----

// The column is read with stride N: no vector accesses along the last iter.
module attributes {dlc.target = "sm_90"} {
  func.func @colmax(%arg0: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "N"]}, %arg1: memref<?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Mx", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N"]}) attributes {rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [{name = "m", size = "M"}], rbssa.region = "colmax", rbssa.symbols = ["M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the memory-bound skeleton cannot access this region by vectors of 8 elements (at most 1: reads along the vector loops must be contiguous and outputs row-major)}}
    "plan.schedule"() {algo_choice = {memory = "flat"}, arch = "sm90", async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}, barrier_model = "none", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 1, 256, 1>, vectorize = {axis = "n", width = 8 : i64}, warp_tile = array<i64: 1, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "M"]>
    %1 = "rbssa.reduce"(%0) {axes = array<i64: 1>, dtype = f16, init = 0xFC00 : f16, op = "max"} : (tensor<?x?xf16, ["N", "M"]>) -> tensor<?xf16, ["N"]>
    "rbssa.yield"(%1, %arg1) {cast = f16, materialize = "gmem"} : (tensor<?xf16, ["N"]>, memref<?xf16>) -> ()
    return
  }
}

// -----

// A flat kernel has no CTA barrier.
module attributes {dlc.target = "sm_90"} {
  func.func @colmax(%arg0: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "N"]}, %arg1: memref<?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Mx", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N"]}) attributes {rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [{name = "m", size = "M"}], rbssa.region = "colmax", rbssa.symbols = ["M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the memory-bound skeleton cannot honour plan field 'barrier_model'; it implements "bar_sync" in row and point modes, "none" in flat mode}}
    "plan.schedule"() {algo_choice = {memory = "flat"}, arch = "sm90", async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}, barrier_model = "bar_sync", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 1, 256, 1>, vectorize = {axis = "n", width = 1 : i64}, warp_tile = array<i64: 1, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "M"]>
    %1 = "rbssa.reduce"(%0) {axes = array<i64: 1>, dtype = f16, init = 0xFC00 : f16, op = "max"} : (tensor<?x?xf16, ["N", "M"]>) -> tensor<?xf16, ["N"]>
    "rbssa.yield"(%1, %arg1) {cast = f16, materialize = "gmem"} : (tensor<?xf16, ["N"]>, memref<?xf16>) -> ()
    return
  }
}

// -----

// Nothing is staged.
module attributes {dlc.target = "sm_90"} {
  func.func @colmax(%arg0: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "N"]}, %arg1: memref<?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Mx", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N"]}) attributes {rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [{name = "m", size = "M"}], rbssa.region = "colmax", rbssa.symbols = ["M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the memory-bound skeleton cannot honour plan field 'stages/async'; it implements stages = 2 with async disabled (nothing is staged)}}
    "plan.schedule"() {algo_choice = {memory = "flat"}, arch = "sm90", async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}, barrier_model = "none", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 3 : i64, tile = array<i64: 1, 256, 1>, vectorize = {axis = "n", width = 1 : i64}, warp_tile = array<i64: 1, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "M"]>
    %1 = "rbssa.reduce"(%0) {axes = array<i64: 1>, dtype = f16, init = 0xFC00 : f16, op = "max"} : (tensor<?x?xf16, ["N", "M"]>) -> tensor<?xf16, ["N"]>
    "rbssa.yield"(%1, %arg1) {cast = f16, materialize = "gmem"} : (tensor<?xf16, ["N"]>, memref<?xf16>) -> ()
    return
  }
}

// -----

// plan-verify's rules for memory-bound plans: the mode,
module attributes {dlc.target = "sm_90"} {
  func.func @colmax(%arg0: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "N"]}, %arg1: memref<?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Mx", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N"]}) attributes {rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [{name = "m", size = "M"}], rbssa.region = "colmax", rbssa.symbols = ["M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: field 'algo_choice': memory = "tiles" is not "row", "point", "column", "flat", "transpose", "depthwise" or "depthwise_tile"}}
    "plan.schedule"() {algo_choice = {memory = "tiles"}, arch = "sm90", async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}, barrier_model = "none", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 1, 256, 1>, vectorize = {axis = "n", width = 1 : i64}, warp_tile = array<i64: 1, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "M"]>
    %1 = "rbssa.reduce"(%0) {axes = array<i64: 1>, dtype = f16, init = 0xFC00 : f16, op = "max"} : (tensor<?x?xf16, ["N", "M"]>) -> tensor<?xf16, ["N"]>
    "rbssa.yield"(%1, %arg1) {cast = f16, materialize = "gmem"} : (tensor<?xf16, ["N"]>, memref<?xf16>) -> ()
    return
  }
}

// -----

// algo_choice reduce names one of the skeleton's forms of a reduce pair.
module attributes {dlc.target = "sm_90"} {
  func.func @colmax(%arg0: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "N"]}, %arg1: memref<?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Mx", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N"]}) attributes {rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [{name = "m", size = "M"}], rbssa.region = "colmax", rbssa.symbols = ["M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: field 'algo_choice': reduce = "twopass" is not "passes", "welford" or "online"}}
    "plan.schedule"() {algo_choice = {memory = "flat", reduce = "twopass"}, arch = "sm90", async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}, barrier_model = "none", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 1, 256, 1>, vectorize = {axis = "n", width = 1 : i64}, warp_tile = array<i64: 1, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "M"]>
    %1 = "rbssa.reduce"(%0) {axes = array<i64: 1>, dtype = f16, init = 0xFC00 : f16, op = "max"} : (tensor<?x?xf16, ["N", "M"]>) -> tensor<?xf16, ["N"]>
    "rbssa.yield"(%1, %arg1) {cast = f16, materialize = "gmem"} : (tensor<?xf16, ["N"]>, memref<?xf16>) -> ()
    return
  }
}

// -----

// the tile,
module attributes {dlc.target = "sm_90"} {
  func.func @colmax(%arg0: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "N"]}, %arg1: memref<?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Mx", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N"]}) attributes {rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [{name = "m", size = "M"}], rbssa.region = "colmax", rbssa.symbols = ["M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: field 'tile': a memory-bound plan has tile = [1, T, 1] with T threads a multiple of 32 and warp_tile = [1, 32] (here [2, 256, 1], [1, 32])}}
    "plan.schedule"() {algo_choice = {memory = "flat"}, arch = "sm90", async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}, barrier_model = "none", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 2, 256, 1>, vectorize = {axis = "n", width = 1 : i64}, warp_tile = array<i64: 1, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "M"]>
    %1 = "rbssa.reduce"(%0) {axes = array<i64: 1>, dtype = f16, init = 0xFC00 : f16, op = "max"} : (tensor<?x?xf16, ["N", "M"]>) -> tensor<?xf16, ["N"]>
    "rbssa.yield"(%1, %arg1) {cast = f16, materialize = "gmem"} : (tensor<?xf16, ["N"]>, memref<?xf16>) -> ()
    return
  }
}

// -----

// the vector width.
module attributes {dlc.target = "sm_90"} {
  func.func @colmax(%arg0: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "N"]}, %arg1: memref<?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Mx", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N"]}) attributes {rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [{name = "m", size = "M"}], rbssa.region = "colmax", rbssa.symbols = ["M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: field 'vectorize': width 16: the memory-bound skeleton accesses 1, 2, 4 or 8 elements at a time}}
    "plan.schedule"() {algo_choice = {memory = "flat"}, arch = "sm90", async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}, barrier_model = "none", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 1, 256, 1>, vectorize = {axis = "n", width = 16 : i64}, warp_tile = array<i64: 1, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "M"]>
    %1 = "rbssa.reduce"(%0) {axes = array<i64: 1>, dtype = f16, init = 0xFC00 : f16, op = "max"} : (tensor<?x?xf16, ["N", "M"]>) -> tensor<?xf16, ["N"]>
    "rbssa.yield"(%1, %arg1) {cast = f16, materialize = "gmem"} : (tensor<?xf16, ["N"]>, memref<?xf16>) -> ()
    return
  }
}

// -----

// Column mode tiles a reduce's output by columns: an elementwise region has
// no reduce.
module attributes {dlc.target = "sm_90"} {
  func.func @scale(%arg0: memref<?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["N"]}, %arg1: memref<?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Y", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N"]}) attributes {rbssa.iters = [{name = "n", size = "N"}], rbssa.region = "scale", rbssa.symbols = ["N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: memory = "column" needs a reduce and output iters to tile by columns, and this region has no reduce}}
    "plan.schedule"() {algo_choice = {memory = "column"}, arch = "sm90", async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}, barrier_model = "bar_sync", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 1, 256, 1>, vectorize = {axis = "n", width = 1 : i64}, warp_tile = array<i64: 1, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = affine_map<(d0)[s0] -> (d0)>} : (memref<?xf16>) -> tensor<?xf16, ["N"]>
    %1 = "rbssa.binary"(%0, %0) {fn = "add"} : (tensor<?xf16, ["N"]>, tensor<?xf16, ["N"]>) -> tensor<?xf16, ["N"]>
    "rbssa.yield"(%1, %arg1) {cast = f16, materialize = "gmem"} : (tensor<?xf16, ["N"]>, memref<?xf16>) -> ()
    return
  }
}

// -----

// The skeleton maps points to threads itself: the plan binds nothing.
module attributes {dlc.target = "sm_90"} {
  func.func @colmax(%arg0: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "N"]}, %arg1: memref<?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Mx", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N"]}) attributes {rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [{name = "m", size = "M"}], rbssa.region = "colmax", rbssa.symbols = ["M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the memory-bound skeleton cannot honour plan field 'bind'; it implements bind = {}}}
    "plan.schedule"() {algo_choice = {memory = "flat"}, arch = "sm90", async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}, barrier_model = "none", bind = {n = "block.x"}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 1, 256, 1>, vectorize = {axis = "n", width = 1 : i64}, warp_tile = array<i64: 1, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "M"]>
    %1 = "rbssa.reduce"(%0) {axes = array<i64: 1>, dtype = f16, init = 0xFC00 : f16, op = "max"} : (tensor<?x?xf16, ["N", "M"]>) -> tensor<?xf16, ["N"]>
    "rbssa.yield"(%1, %arg1) {cast = f16, materialize = "gmem"} : (tensor<?xf16, ["N"]>, memref<?xf16>) -> ()
    return
  }
}

// -----

// Vector accesses run along the last iter (n), not the reduced m.
module attributes {dlc.target = "sm_90"} {
  func.func @colmax(%arg0: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "N"]}, %arg1: memref<?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Mx", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N"]}) attributes {rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [{name = "m", size = "M"}], rbssa.region = "colmax", rbssa.symbols = ["M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the memory-bound skeleton cannot honour plan field 'vectorize'; it implements vectorize.axis = "n"}}
    "plan.schedule"() {algo_choice = {memory = "flat"}, arch = "sm90", async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}, barrier_model = "none", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 1, 256, 1>, vectorize = {axis = "m", width = 1 : i64}, warp_tile = array<i64: 1, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "M"]>
    %1 = "rbssa.reduce"(%0) {axes = array<i64: 1>, dtype = f16, init = 0xFC00 : f16, op = "max"} : (tensor<?x?xf16, ["N", "M"]>) -> tensor<?xf16, ["N"]>
    "rbssa.yield"(%1, %arg1) {cast = f16, materialize = "gmem"} : (tensor<?xf16, ["N"]>, memref<?xf16>) -> ()
    return
  }
}

// -----

// reduce = "welford" asks for a mean and variance in one pass; a softmax's
// pair is a max and an exp-sum (its one-pass form is "online").
module attributes {dlc.target = "sm_90a"} {
  func.func @softmax_rows(%arg0: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "N"]}, %arg1: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Y", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["M", "N"]}) attributes {rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.region = "softmax_rows", rbssa.symbols = ["M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the memory-bound skeleton cannot honour plan field 'algo_choice reduce'; it implements "welford" only in row mode, on a region whose pair of reduces has that form, with at most 21 warps a CTA; else "passes"}}
    "plan.schedule"() {algo_choice = {memory = "row", reduce = "welford"}, arch = "sm90", async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}, barrier_model = "bar_sync", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 1, 256, 1>, vectorize = {axis = "n", width = 8 : i64}, warp_tile = array<i64: 1, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = affine_map<(d0, d1)[s0, s1] -> (d0, d1)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["M", "N"]>
    %1 = "rbssa.reduce"(%0) {axes = array<i64: 1>, dtype = f16, init = 0xFC00 : f16, op = "max"} : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf16, ["M"]>
    %2 = "rbssa.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 0>} : (tensor<?xf16, ["M"]>) -> tensor<?x?xf16, ["M", "N"]>
    %3 = "rbssa.binary"(%0, %2) {fn = "sub"} : (tensor<?x?xf16, ["M", "N"]>, tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
    %4 = "rbssa.cast"(%3) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %5 = "rbssa.const"() {value = 1.44269502 : f32} : () -> tensor<?x?xf32, ["M", "N"]>
    %6 = "rbssa.binary"(%4, %5) {fn = "mul"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %7 = "rbssa.unary"(%6) {fn = "exp2"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %8 = "rbssa.cast"(%7) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
    %9 = "rbssa.cast"(%8) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %10 = "rbssa.reduce"(%8) {axes = array<i64: 1>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["M"]>
    %11 = "rbssa.broadcast_in_dim"(%10) {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "N"]>
    %12 = "rbssa.binary"(%9, %11) {fn = "div"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    "rbssa.yield"(%12, %arg1) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf16>) -> ()
    return
  }
}


// -----

// Transpose mode computes single points: a region that reduces does not
// fit it.
module attributes {dlc.target = "sm_90"} {
  func.func @colmax(%arg0: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "N"]}, %arg1: memref<?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Mx", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N"]}) attributes {rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [{name = "m", size = "M"}], rbssa.region = "colmax", rbssa.symbols = ["M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: memory = "transpose" needs a region of iters only (no reduce, no guarded read), row-major outputs and a read across the last iter along another iter, and this region has not}}
    "plan.schedule"() {algo_choice = {memory = "transpose"}, arch = "sm90", async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}, barrier_model = "bar_sync", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 1, 256, 1>, vectorize = {axis = "n", width = 1 : i64}, warp_tile = array<i64: 1, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "M"]>
    %1 = "rbssa.reduce"(%0) {axes = array<i64: 1>, dtype = f16, init = 0xFC00 : f16, op = "max"} : (tensor<?x?xf16, ["N", "M"]>) -> tensor<?xf16, ["N"]>
    "rbssa.yield"(%1, %arg1) {cast = f16, materialize = "gmem"} : (tensor<?xf16, ["N"]>, memref<?xf16>) -> ()
    return
  }
}

// -----

// A transpose tile's rows are 64 threads: a CTA of 96 cannot hold them.
module attributes {dlc.target = "sm_90"} {
  func.func @transpose_2d(%arg0: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "X", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "N"]}, %arg1: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Y", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N", "M"]}) attributes {rbssa.iters = [{name = "n", size = "N"}, {name = "m", size = "M"}], rbssa.reduce_iters = [], rbssa.region = "transpose_2d", rbssa.symbols = ["M", "N"]} {
    // expected-error @+1 {{E1501 UnsupportedOp: the memory-bound skeleton cannot honour plan field 'tile'; it implements [1, T, 1] with T a multiple of 64 in transpose mode (a tile row is 64 threads)}}
    "plan.schedule"() {algo_choice = {memory = "transpose"}, arch = "sm90", async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}, barrier_model = "bar_sync", bind = {}, cache = [], epilogue = [], layout_hints = {}, local_edges = [], predicate_tail = [], stages = 2 : i64, tile = array<i64: 1, 96, 1>, vectorize = {axis = "m", width = 1 : i64}, warp_tile = array<i64: 1, 32>} : () -> ()
    %0 = "rbssa.read"(%arg0) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["N", "M"]>
    "rbssa.yield"(%0, %arg1) {cast = f16, materialize = "gmem"} : (tensor<?x?xf16, ["N", "M"]>, memref<?x?xf16>) -> ()
    return
  }
}
