// Convolution regions the implicit-GEMM model cannot read, under a
// hand-written conv plan, are reported at the offending op with E1602 and
// the reason (docs/kernel-problem.md, "Implicit GEMM"); a conv planned for
// the SM90 skeleton that its im2col map cannot describe is E1501.
// RUN: dlc-opt %s --split-input-file --convert-plan-to-dlcgpu --verify-diagnostics

func.func @kcrs_with_nhwc(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x?x3x3xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", "C", 3, 3], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "kcrs_with_nhwc",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {wo.o = "block.y", co.o = "block.x", wo.i.o = "warp.y", co.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "X", where = "smem", at = "ci.i", pingpong = true}, {tensor = "W", where = "smem", at = "ci.i", pingpong = true}],
    vectorize = {axis = "co.i.i", width = 8 : i64},
    predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"], epilogue = [], arch = "sm90",
    layout_hints = {X_swizzle = true, W_swizzle = true, Y_stride = "row"},
    algo_choice = {conv = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group"} : () -> ()
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>, else = 0.0 : f16} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  // expected-error @+1 {{E1602 RegionNotPlannable: the weights' reduced axes do not collapse into one stride}}
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, ci, kh, kw)>} : (memref<?x?x3x3xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----

func.func @guard_not_padding(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x3x3x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 3, 3, "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "guard_not_padding",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {wo.o = "block.y", co.o = "block.x", wo.i.o = "warp.y", co.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "X", where = "smem", at = "ci.i", pingpong = true}, {tensor = "W", where = "smem", at = "ci.i", pingpong = true}],
    vectorize = {axis = "co.i.i", width = 8 : i64},
    predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"], epilogue = [], arch = "sm90",
    layout_hints = {X_swizzle = true, W_swizzle = true, Y_stride = "row"},
    algo_choice = {conv = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group"} : () -> ()
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  // expected-error @+1 {{E1602 RegionNotPlannable: the guard over the activations states a constraint other than the window's bounds}}
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] : (ho * 2 + kh - 2 >= 0, H - ho * 2 - kh >= 0)>, else = 0.0 : f16} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, kh, kw, ci)>} : (memref<?x3x3x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----

func.func @guard_fills_one(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x3x3x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 3, 3, "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "guard_fills_one",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {wo.o = "block.y", co.o = "block.x", wo.i.o = "warp.y", co.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "X", where = "smem", at = "ci.i", pingpong = true}, {tensor = "W", where = "smem", at = "ci.i", pingpong = true}],
    vectorize = {axis = "co.i.i", width = 8 : i64},
    predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"], epilogue = [], arch = "sm90",
    layout_hints = {X_swizzle = true, W_swizzle = true, Y_stride = "row"},
    algo_choice = {conv = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group"} : () -> ()
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  // expected-error @+1 {{E1602 RegionNotPlannable: the padding guard of an implicit GEMM must fill 0 outside the window}}
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>, else = 1.0 : f16} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, kh, kw, ci)>} : (memref<?x3x3x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----

func.func @group_symbolic_co(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x3x3x8xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 3, 3, 8], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "group_symbolic_co",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = 8}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {wo.o = "block.y", co.o = "block.x", wo.i.o = "warp.y", co.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "X", where = "smem", at = "ci.i", pingpong = true}, {tensor = "W", where = "smem", at = "ci.i", pingpong = true}],
    vectorize = {axis = "co.i.i", width = 8 : i64},
    predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"], epilogue = [], arch = "sm90",
    layout_hints = {X_swizzle = true, W_swizzle = true, Y_stride = "row"},
    algo_choice = {conv = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group"} : () -> ()
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, (co floordiv 4) * 8 + ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>, else = 0.0 : f16} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, kh, kw, ci)>} : (memref<?x3x3x8xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  // expected-error @+1 {{E1602 RegionNotPlannable: a grouped convolution needs a static output channel count, a multiple of the group width}}
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----

func.func @group_within(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x3x3x8xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 3, 3, 8], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "group_within",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = 16}],
                rbssa.reduce_iters = [{name = "ci", size = 8}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {wo.o = "block.y", co.o = "block.x", wo.i.o = "warp.y", co.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "X", where = "smem", at = "ci.i", pingpong = true}, {tensor = "W", where = "smem", at = "ci.i", pingpong = true}],
    vectorize = {axis = "co.i.i", width = 8 : i64},
    predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"], epilogue = [], arch = "sm90",
    layout_hints = {X_swizzle = true, W_swizzle = true, Y_stride = "row"},
    algo_choice = {conv = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group"} : () -> ()
  // expected-error @+1 {{E1602 RegionNotPlannable: the activations' read depends on the output channel within its group}}
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, (co floordiv 4) * 8 + co mod 4 + ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>, else = 0.0 : f16} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, kh, kw, ci)>} : (memref<?x3x3x8xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----

func.func @two_weight_axes(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x?x3x3x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["G", "Co", 3, 3, "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "G", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "two_weight_axes",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "g", size = "G"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo", "G"]} {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {wo.o = "block.y", co.o = "block.x", wo.i.o = "warp.y", co.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "X", where = "smem", at = "ci.i", pingpong = true}, {tensor = "W", where = "smem", at = "ci.i", pingpong = true}],
    vectorize = {axis = "co.i.i", width = 8 : i64},
    predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"], epilogue = [], arch = "sm90",
    layout_hints = {X_swizzle = true, W_swizzle = true, Y_stride = "row"},
    algo_choice = {conv = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group"} : () -> ()
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, g, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo, G] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "G", "Co", "C", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, g, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo, G] : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>, else = 0.0 : f16} : (tensor<?x?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "G", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "G", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, g, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo, G] -> (g, co, kh, kw, ci)>} : (memref<?x?x3x3x?xf16>) -> tensor<?x?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "G", "Co", "C", 3, 3]>
  // expected-error @+1 {{E1602 RegionNotPlannable: several output axes are read by the weights only}}
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "G", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "G", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "G", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 5, 6, 7>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "G", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?xf32, ["N", "Ho", "Wo", "G", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?x?xf32, ["N", "Ho", "Wo", "G", "Co"]>, memref<?x?x?x?x?xf16>) -> ()
  return
}

// -----

func.func @reduced_unread(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x3x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 3, "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "reduced_unread",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {wo.o = "block.y", co.o = "block.x", wo.i.o = "warp.y", co.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "X", where = "smem", at = "ci.i", pingpong = true}, {tensor = "W", where = "smem", at = "ci.i", pingpong = true}],
    vectorize = {axis = "co.i.i", width = 8 : i64},
    predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"], epilogue = [], arch = "sm90",
    layout_hints = {X_swizzle = true, W_swizzle = true, Y_stride = "row"},
    algo_choice = {conv = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group"} : () -> ()
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>, else = 0.0 : f16} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, kh, ci)>} : (memref<?x3x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  // expected-error @+1 {{E1602 RegionNotPlannable: a reduced axis is not read by both factors}}
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----

func.func @both_windowed(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x5x3x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 5, 3, "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "both_windowed",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {wo.o = "block.y", co.o = "block.x", wo.i.o = "warp.y", co.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "X", where = "smem", at = "ci.i", pingpong = true}, {tensor = "W", where = "smem", at = "ci.i", pingpong = true}],
    vectorize = {axis = "co.i.i", width = 8 : i64},
    predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"], epilogue = [], arch = "sm90",
    layout_hints = {X_swizzle = true, W_swizzle = true, Y_stride = "row"},
    algo_choice = {conv = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group"} : () -> ()
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>, else = 0.0 : f16} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, kh * 2, kw, ci)>} : (memref<?x5x3x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  // expected-error @+1 {{E1602 RegionNotPlannable: both factors of the implicit GEMM are windowed reads}}
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----

func.func @window_floordiv(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x3x3x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 3, 3, "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "window_floordiv",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {wo.o = "block.y", co.o = "block.x", wo.i.o = "warp.y", co.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "X", where = "smem", at = "ci.i", pingpong = true}, {tensor = "W", where = "smem", at = "ci.i", pingpong = true}],
    vectorize = {axis = "co.i.i", width = 8 : i64},
    predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"], epilogue = [], arch = "sm90",
    layout_hints = {X_swizzle = true, W_swizzle = true, Y_stride = "row"},
    algo_choice = {conv = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group"} : () -> ()
  // expected-error @+1 {{E1602 RegionNotPlannable: the activations' window index is not affine in the axes}}
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, (ho * 2 + kh) floordiv 2, wo * 2 + kw - 1, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, kh, kw, ci)>} : (memref<?x3x3x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %p = "rbssa.binary"(%xr, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----

func.func @window_symbol(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x3x3x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 3, 3, "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "window_symbol",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {wo.o = "block.y", co.o = "block.x", wo.i.o = "warp.y", co.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "X", where = "smem", at = "ci.i", pingpong = true}, {tensor = "W", where = "smem", at = "ci.i", pingpong = true}],
    vectorize = {axis = "co.i.i", width = 8 : i64},
    predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"], epilogue = [], arch = "sm90",
    layout_hints = {X_swizzle = true, W_swizzle = true, Y_stride = "row"},
    algo_choice = {conv = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group"} : () -> ()
  // expected-error @+1 {{E1602 RegionNotPlannable: the activations' window offset depends on a symbol}}
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, ho * 2 + kh - 1, wo + kw + W, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, kh, kw, ci)>} : (memref<?x3x3x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %p = "rbssa.binary"(%xr, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----

func.func @axis_unread(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x3x3x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 3, 3, "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["G", "N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "axis_unread",
                rbssa.iters = [{name = "g", size = "G"}, {name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo", "G"]} {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {wo.o = "block.y", co.o = "block.x", wo.i.o = "warp.y", co.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "X", where = "smem", at = "ci.i", pingpong = true}, {tensor = "W", where = "smem", at = "ci.i", pingpong = true}],
    vectorize = {axis = "co.i.i", width = 8 : i64},
    predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"], epilogue = [], arch = "sm90",
    layout_hints = {X_swizzle = true, W_swizzle = true, Y_stride = "row"},
    algo_choice = {conv = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group"} : () -> ()
  %xr = "rbssa.read"(%X) {map = affine_map<(g, n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo, G] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x?x3x3xf16, ["G", "N", "Ho", "Wo", "Co", "C", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(g, n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo, G] : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>, else = 0.0 : f16} : (tensor<?x?x?x?x?x?x3x3xf16, ["G", "N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x?x3x3xf16, ["G", "N", "Ho", "Wo", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(g, n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo, G] -> (co, kh, kw, ci)>} : (memref<?x3x3x?xf16>) -> tensor<?x?x?x?x?x?x3x3xf16, ["G", "N", "Ho", "Wo", "Co", "C", 3, 3]>
  // expected-error @+1 {{E1602 RegionNotPlannable: an output axis is read by neither factor}}
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x?x3x3xf16, ["G", "N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x?x3x3xf16, ["G", "N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x?x3x3xf16, ["G", "N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 5, 6, 7>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x?x3x3xf16, ["G", "N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?xf32, ["G", "N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?x?xf32, ["G", "N", "Ho", "Wo", "Co"]>, memref<?x?x?x?x?xf16>) -> ()
  return
}

// -----

func.func @five_reduced(
    %X: memref<?x?x?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C", "D", "E"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x3x3x?x?x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 3, 3, "C", "D", "E"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "five_reduced",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}, {name = "d", size = "D"}, {name = "e", size = "E"}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo", "D", "E"]} {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {wo.o = "block.y", co.o = "block.x", wo.i.o = "warp.y", co.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "X", where = "smem", at = "ci.i", pingpong = true}, {tensor = "W", where = "smem", at = "ci.i", pingpong = true}],
    vectorize = {axis = "co.i.i", width = 8 : i64},
    predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"], epilogue = [], arch = "sm90",
    layout_hints = {X_swizzle = true, W_swizzle = true, Y_stride = "row"},
    algo_choice = {conv = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group"} : () -> ()
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw, d, e)[N, H, W, C, Co, Ho, Wo, D, E] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, ci, d, e)>} : (memref<?x?x?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3x?x?xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3, "D", "E"]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, co, ci, kh, kw, d, e)[N, H, W, C, Co, Ho, Wo, D, E] : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>, else = 0.0 : f16} : (tensor<?x?x?x?x?x3x3x?x?xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3, "D", "E"]>) -> tensor<?x?x?x?x?x3x3x?x?xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3, "D", "E"]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw, d, e)[N, H, W, C, Co, Ho, Wo, D, E] -> (co, kh, kw, ci, d, e)>} : (memref<?x3x3x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3x?x?xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3, "D", "E"]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3x?x?xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3, "D", "E"]>, tensor<?x?x?x?x?x3x3x?x?xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3, "D", "E"]>) -> tensor<?x?x?x?x?x3x3x?x?xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3, "D", "E"]>
  // expected-error @+1 {{E1602 RegionNotPlannable: the contraction reduces 5 axes; an implicit GEMM fuses at most 4}}
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6, 7, 8>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3x?x?xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3, "D", "E"]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----

func.func @residual_windowed(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x3x3x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 3, 3, "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %R: memref<?x?x?x?xf16> {rbssa.name = "R", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "residual_windowed",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {wo.o = "block.y", co.o = "block.x", wo.i.o = "warp.y", co.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "X", where = "smem", at = "ci.i", pingpong = true}, {tensor = "W", where = "smem", at = "ci.i", pingpong = true}],
    vectorize = {axis = "co.i.i", width = 8 : i64},
    predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"], epilogue = ["residual"], arch = "sm90",
    layout_hints = {X_swizzle = true, W_swizzle = true, Y_stride = "row"},
    algo_choice = {conv = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group"} : () -> ()
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>, else = 0.0 : f16} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, kh, kw, ci)>} : (memref<?x3x3x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  // expected-error @+1 {{E1602 RegionNotPlannable: only the activations' read of an implicit GEMM may be windowed}}
  %r = "rbssa.read"(%R) {map = affine_map<(n, ho, wo, co)[N, H, W, C, Co, Ho, Wo] -> (n, ho * 2, wo * 2, co)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?xf16, ["N", "Ho", "Wo", "Co"]>
  %r32 = "rbssa.cast"(%r) : (tensor<?x?x?x?xf16, ["N", "Ho", "Wo", "Co"]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  %sum = "rbssa.binary"(%acc, %r32) {fn = "add"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%sum, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----

// chip=sm_90a: a conv planned for the SM90 skeleton whose spatial sizes are
// symbols: the im2col map's pixel box corners would be too.
module attributes {dlc.target = "sm_90a"} {
func.func @sm90_plan(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x3x3x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 3, 3, "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "sm90_plan",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  // expected-error @+1 {{E1501 UnsupportedOp: the SM90 skeleton reads a convolution's activation through a TMA im2col map, which cannot describe this one: H, W, the output's H and W or the kernel size is symbolic (the map's pixel box is static)}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 64>, stages = 2 : i64,
    bind = {wo.o = "block.y", co.o = "block.x", wo.i.o = "warp.y", co.i.o = "warp.x"},
    warp_tile = array<i64: 64, 128>,
    cache = [{tensor = "X", where = "smem", at = "ci.i", pingpong = true}, {tensor = "W", where = "smem", at = "ci.i", pingpong = true}],
    vectorize = {axis = "co.i.i", width = 8 : i64},
    predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"], epilogue = [], arch = "sm90",
    layout_hints = {X_swizzle = true, W_swizzle = true, Y_stride = "row"},
    algo_choice = {conv = "implicit_gemm"}, local_edges = [],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "mbarrier"} : () -> ()
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>, else = 0.0 : f16} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, kh, kw, ci)>} : (memref<?x3x3x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}
}
