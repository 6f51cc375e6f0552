// plan-verify accepts plans that keep the contract and changes nothing
// (docs/passes/plan-verify.md). verify-errors.mlir breaks each rule.
// RUN: dlc-opt %s --split-input-file --pass-pipeline='builtin.module(plan-verify)' | FileCheck %s

// The default target (sm_90, no dlc.target): the planner's 4096^3 choice.
// CHECK-LABEL: func.func @sm90_default
// CHECK: "plan.schedule"()
// CHECK-SAME: arch = "sm90"
// CHECK-SAME: tile = array<i64: 128, 256, 32>
func.func @sm90_default(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  "plan.schedule"() {
    tile = array<i64: 128, 256, 32>, stages = 2 : i64,
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

// An A100 plan on an sm_80 module.
// CHECK-LABEL: func.func @sm80
// CHECK: "plan.schedule"()
// CHECK-SAME: arch = "sm80"
module attributes {dlc.target = "sm_80"} {
  func.func @sm80(
      %A: memref<?x?xf16> {rbssa.name = "A"},
      %B: memref<?x?xf16> {rbssa.name = "B"}) {
    "plan.schedule"() {
      tile = array<i64: 128, 128, 32>, stages = 2 : i64,
      bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
      cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
      vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm80",
      layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
      local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
      async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
    } : () -> ()
    return
  }
}

// -----

// Ada (sm_89) is of the sm80 family.
// CHECK-LABEL: func.func @sm89
// CHECK: "plan.schedule"()
// CHECK-SAME: arch = "sm80"
module attributes {dlc.target = "sm_89"} {
  func.func @sm89(
      %A: memref<?x?xf16> {rbssa.name = "A"},
      %B: memref<?x?xf16> {rbssa.name = "B"}) {
    "plan.schedule"() {
      tile = array<i64: 64, 64, 32>, stages = 2 : i64,
      bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 32, 32>,
      cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
      vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm80",
      layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
      local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
      async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
    } : () -> ()
    return
  }
}

// -----

// mbarrier on Hopper, which has TMA.
// CHECK-LABEL: func.func @sm90a_mbarrier
// CHECK: "plan.schedule"()
// CHECK-SAME: barrier_model = "mbarrier"
module attributes {dlc.target = "sm_90a"} {
  func.func @sm90a_mbarrier(
      %A: memref<?x?xf16> {rbssa.name = "A"},
      %B: memref<?x?xf16> {rbssa.name = "B"}) {
    "plan.schedule"() {
      tile = array<i64: 128, 128, 32>, stages = 2 : i64,
      bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
      cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
      vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
      layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
      local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
      async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "mbarrier"
    } : () -> ()
    return
  }
}

// -----

// f32 operands: 4 elements per 16-byte vector.
// CHECK-LABEL: func.func @f32_operands
// CHECK: "plan.schedule"()
// CHECK-SAME: width = 4 : i64
func.func @f32_operands(
    %A: memref<?x?xf32> {rbssa.name = "A"},
    %B: memref<?x?xf32> {rbssa.name = "B"}) {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 4 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// 3 stages of 256x64 and 64x256 f16 tiles (192 KiB) fit the 227 KiB of an
// H100 CTA.
// CHECK-LABEL: func.func @smem_h100
// CHECK: "plan.schedule"()
// CHECK-SAME: stages = 3 : i64
module attributes {dlc.target = "sm_90"} {
  func.func @smem_h100(
      %A: memref<?x?xf16> {rbssa.name = "A"},
      %B: memref<?x?xf16> {rbssa.name = "B"}) {
    "plan.schedule"() {
      tile = array<i64: 256, 256, 64>, stages = 3 : i64,
      bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
      cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
      vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
      layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}, algo_choice = {matmul = "implicit_gemm"},
      local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
      async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
    } : () -> ()
    return
  }
}

// -----

// An smem_ring edge with its depth, and a swizzle width.
// CHECK-LABEL: func.func @ring_edge
// CHECK: "plan.schedule"()
// CHECK-SAME: buffer = "smem_ring"
func.func @ring_edge(
    %A: memref<?x?xf16> {rbssa.name = "A"},
    %B: memref<?x?xf16> {rbssa.name = "B"}) {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 32>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"}, warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}, {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m", "n", "k"], epilogue = ["bias", "relu"], arch = "sm90",
    layout_hints = {A_swizzle = "128b", B_swizzle = false, C_stride = "col"}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "A", to = "sum_k", buffer = "smem_ring", depth = 2 : i64}],
    async = {enable = true, prefetch_depth = 1 : i64, epilogue_overlap = false}, barrier_model = "cp_async_group"
  } : () -> ()
  return
}
