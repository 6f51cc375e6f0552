// plan-verify reports every violation of the plan contract as E1604
// PlanContractViolation at the plan.schedule (docs/passes/plan-verify.md).
// Each case is the valid plan of verify.mlir with one thing wrong. Modules
// without dlc.target are checked against the default chip sm_90.
// RUN: dlc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(plan-verify)'

// D05: a zero tile extent (it divided by zero in the skeleton).
func.func @tile_zero(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{E1604 PlanContractViolation: field 'tile': BM = 0 is not in [1, 4096]}}
  "plan.schedule"() {
    tile = array<i64: 0, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// D05b: INT64_MIN (it overflowed tile products).
func.func @tile_int64_min(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'tile': BM = -9223372036854775808 is not in [1, 4096]}}
  "plan.schedule"() {
    tile = array<i64: -9223372036854775808, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// D05c: a negative extent (it built an unparsable memref type).
func.func @tile_negative(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'tile': BM = -128 is not in [1, 4096]}}
  "plan.schedule"() {
    tile = array<i64: -128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// D06: BK = 0 (it was accepted and divided K by zero in the kernel).
func.func @bk_zero(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'tile': BK = 0 is not in [1, 4096]}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 0>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// BK must be a multiple of the k of mma.sync m16n8k16.
func.func @bk_40(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'tile': BK = 40 is not a multiple of 16 (the k of mma.sync m16n8k16)}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 40>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// A warp tile of zero.
func.func @warp_tile_zero(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'warp_tile': WN = 0 is not in [1, 4096]}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 0>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// Warp tiles are made of 16x16 blocks.
func.func @warp_tile_24(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'warp_tile': 64x24 is not made of 16x16 blocks}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 24>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// The warp tile must divide the CTA tile.
func.func @warp_tile_divide(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{fields 'tile' and 'warp_tile': the warp tile 48x64 does not divide the CTA tile 128x128}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 48, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// 32 threads per warp tile, at most maxThreadsPerCTA of the target.
func.func @too_many_threads(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{fields 'tile' and 'warp_tile': 256 warps per CTA exceed the 1024-thread limit of sm_90}}
  "plan.schedule"() {
    tile = array<i64: 256, 256, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 16, 16>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// cp.async runs at most stages - 1 tiles ahead.
func.func @prefetch_depth(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{fields 'async' and 'stages': prefetch_depth 2 must be below stages 2}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// 16-byte vectors: 8 f16 elements at most.
func.func @vector_f16(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'vectorize': width 16 is not a power of two of at most 16 bytes (2-byte elements)}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 16 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// The element size comes from the cached operand's argument: 4 f32 at most.
func.func @vector_f32(
    %A: memref<?x?xf32> {rbssa.name = "A"},
    %B: memref<?x?xf32> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'vectorize': width 8 is not a power of two of at most 16 bytes (4-byte elements)}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// Shared memory is the target's: 3 stages of 256x64 and 64x256 f16 tiles (192
// KiB) fit an H100 but not an sm_86 (99 KiB per CTA).
module attributes {dlc.target = "sm_86"} {
  func.func @smem_sm86(
      %A: memref<?x?xf16> {rbssa.name = "A"},
      %B: memref<?x?xf16> {rbssa.name = "B"}) {
    // expected-error @+1 {{fields 'tile' and 'stages': 3 stages of 256x64 and 64x256 operand tiles take 196608 bytes of shared memory, over the 101376 bytes a CTA can have on sm_86}}
    "plan.schedule"() {
      tile = array<i64: 256, 256, 64>, stages = 3 : i64,
      bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
      cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
      vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm80",
      layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
      local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
      async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
    } : () -> ()
    return
  }
}

// -----

// arch is the family of the module's target.
module attributes {dlc.target = "sm_80"} {
  func.func @arch_mismatch(
      %A: memref<?x?xf16> {rbssa.name = "A"},
      %B: memref<?x?xf16> {rbssa.name = "B"}) {
    // expected-error @+1 {{field 'arch': "sm90" is not the family of the target sm_80 (sm80)}}
    "plan.schedule"() {
      tile = array<i64: 128, 128, 32>, stages = 2 : i64,
      bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
      cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
      vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
      layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
      local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
      async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
    } : () -> ()
    return
  }
}

// -----

// mbarrier needs TMA (Hopper).
module attributes {dlc.target = "sm_89"} {
  func.func @mbarrier_on_ada(
      %A: memref<?x?xf16> {rbssa.name = "A"},
      %B: memref<?x?xf16> {rbssa.name = "B"}) {
    // expected-error @+1 {{field 'barrier_model': "mbarrier" (TMA transaction barriers) needs TMA, which sm_89 does not have}}
    "plan.schedule"() {
      tile = array<i64: 128, 128, 32>, stages = 2 : i64,
      bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
      cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
      vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm80",
      layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
      local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
      async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "mbarrier"
    } : () -> ()
    return
  }
}

// -----

// A target the table does not know.
module attributes {dlc.target = "sm_75"} {
  func.func @unknown_target(
      %A: memref<?x?xf16> {rbssa.name = "A"},
      %B: memref<?x?xf16> {rbssa.name = "B"}) {
    // expected-error @+1 {{E1604 PlanContractViolation: the module's dlc.target is not a known chip (known: sm_80, sm_86, sm_89, sm_90, sm_90a)}}
    "plan.schedule"() {
      tile = array<i64: 128, 128, 32>, stages = 2 : i64,
      bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
      cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
      vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
      layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
      local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
      async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
    } : () -> ()
    return
  }
}

// -----

// An SM count for the kernels (device=sms=) that is not a positive integer.
module attributes {dlc.target = "sm_90a", dlc.target_sms = 0 : i64} {
  func.func @bad_target_sms(
      %A: memref<?x?xf16> {rbssa.name = "A"},
      %B: memref<?x?xf16> {rbssa.name = "B"}) {
    // expected-error @+1 {{E1604 PlanContractViolation: the module's dlc.target_sms is not a positive integer SM count}}
    "plan.schedule"() {
      tile = array<i64: 128, 128, 32>, stages = 2 : i64,
      bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
      cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
      vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
      layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
      local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
      async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
    } : () -> ()
    return
  }
}

// -----

// Inside dictionaries IRDL sees nothing: a bind to an unknown index.
func.func @bind_value(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'bind' key 'n.o' must be one of "block.x", "block.y", "block.z", "warp.x", "warp.y", "warpgroup.x", "warpgroup.y", "lane", not "thread.x"}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "thread.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// A bind value that is not a string.
func.func @bind_kind(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'bind' key 'm.o' must be a string}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = 1 : i64}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// A cache entry without pingpong.
func.func @cache_key(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'cache' entry 0 lacks the key 'pingpong'}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i"}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// A cache entry that is not a dictionary.
func.func @cache_entry(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'cache' entry 0 must be a dictionary}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = ["A"],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// vectorize with an unknown key.
func.func @vectorize_key(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'vectorize' has an unknown key 'lanes'}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64, lanes = 4 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// predicate_tail holds names.
func.func @tail_kind(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'predicate_tail' entry 1 must be a string}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", 3 : i64], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// An smem_ring edge needs its depth.
func.func @edge_depth(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'local_edges' entry 0 needs a depth (2 or 3) for smem_ring}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "A", to = "sum_k", buffer = "smem_ring"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// async has exactly three keys.
func.func @async_key(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'async' lacks the key 'epilogue_overlap'}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// Layout hints are <tensor>_swizzle or <tensor>_stride.
func.func @hint_key(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'layout_hints' has the key 'A_padding'; keys are <tensor>_swizzle or <tensor>_stride}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_padding = 8 : i64}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// A swizzle is a bool or a width.
func.func @hint_swizzle(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'layout_hints' key 'A_swizzle' must be one of "32b", "64b", "128b", not "256b"}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = "256b"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// algo_choice keys are the families.
func.func @algo_key(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{field 'algo_choice' has an unknown key 'gemm'}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {gemm = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// A contraction's implementation is implicit_gemm, the one there is (any other name was carried into the manifest's plan and compiled as implicit_gemm).
func.func @algo_winograd(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{E1604 PlanContractViolation: field 'algo_choice': matmul = "winograd" is not "implicit_gemm", the one implementation of a contraction}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "winograd"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// A reduce form beside a GEMM: only the row kernels read it.
func.func @algo_reduce_beside_matmul(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{E1604 PlanContractViolation: field 'algo_choice': reduce = "welford" is a choice of the memory family, which this plan is not}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm", reduce = "welford"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// The flash kernel's grid beside a GEMM.
func.func @algo_grid_beside_matmul(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{E1604 PlanContractViolation: field 'algo_choice': grid = "tiles" is a choice of the attention family, which this plan is not}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm", grid = "tiles"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// A count with a leading zero (the summary showed "+cluster02").
func.func @algo_leading_zero(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{E1604 PlanContractViolation: field 'algo_choice': split_k is not a whole number of splits in [1, 128]}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm", split_k = "08"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// stream_k counts rounds shared out: "0" is no stream-K, which is written by leaving it out.
func.func @algo_stream_zero(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{E1604 PlanContractViolation: field 'algo_choice': stream_k is not a whole number of rounds in [1, 4]}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm", stream_k = "0"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// More rounds shared out than DLC_PLAN_MAX_STREAM_K.
func.func @algo_stream_many(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{E1604 PlanContractViolation: field 'algo_choice': stream_k is not a whole number of rounds in [1, 4]}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm", stream_k = "5"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// A memory-bound barrier model on a tiled plan.
func.func @barrier_bar_sync_tiled(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  // expected-error @+1 {{E1604 PlanContractViolation: field 'barrier_model': "bar_sync" is a memory-bound kernel's; a tiled plan has "cp_async_group" (the SM80 skeleton) or "mbarrier" (the SM90 one)}}
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "bar_sync"
  } : () -> ()
  return
}
