// RUN: dlc-opt %s | dlc-opt | FileCheck %s

// Round trip of plan.schedule and plan.candidate. The schedule of
// @gemm_bias_relu mirrors the spec's §8.1 GEMM/SM80 example field by field
// (warp_tile "64x64" becomes array<i64: 64, 64>). The region bodies are
// elided: only the plan ops matter here.

// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK-SAME: rbssa.region = "gemm_bias_relu"
// CHECK: "plan.schedule"() {
// CHECK-SAME: algo_choice = {matmul = "implicit_gemm"}
// CHECK-SAME: arch = "sm80"
// CHECK-SAME: async = {enable = true, epilogue_overlap = true, prefetch_depth = 2 : i64}
// CHECK-SAME: barrier_model = "cp_async_group"
// CHECK-SAME: bind = {m.i.o = "warp.y", m.o = "block.y", n.i.o = "warp.x", n.o = "block.x"}
// CHECK-SAME: cache = [{at = "k.i", pingpong = true, tensor = "A", where = "smem"}, {at = "k.i", pingpong = true, tensor = "B", where = "smem"}]
// CHECK-SAME: epilogue = ["bias", "relu"]
// CHECK-SAME: layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}
// CHECK-SAME: local_edges = [{buffer = "reg", from = "sum_k", to = "relu"}]
// CHECK-SAME: predicate_tail = ["m.i.i", "n.i.i", "k.i.i"]
// CHECK-SAME: stages = 2 : i64
// CHECK-SAME: tile = array<i64: 128, 64, 64>
// CHECK-SAME: vectorize = {axis = "n.i.i", width = 8 : i64}
// CHECK-SAME: warp_tile = array<i64: 64, 64>
// CHECK-SAME: } : () -> ()
// CHECK: "plan.candidate"() {
// CHECK-SAME: algo_choice = {matmul = "implicit_gemm"}
// CHECK-SAME: arch = "sm80"
// CHECK-SAME: async = {enable = true, epilogue_overlap = true, prefetch_depth = 2 : i64}
// CHECK-SAME: barrier_model = "cp_async_group"
// CHECK-SAME: bind = {m.i.o = "warp.y", m.o = "block.y", n.i.o = "warp.x", n.o = "block.x"}
// CHECK-SAME: cache = [{at = "k.i", pingpong = true, tensor = "A", where = "smem"}, {at = "k.i", pingpong = true, tensor = "B", where = "smem"}]
// CHECK-SAME: epilogue = ["bias", "relu"]
// CHECK-SAME: layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}
// CHECK-SAME: local_edges = [{buffer = "reg", from = "sum_k", to = "relu"}]
// CHECK-SAME: predicate_tail = ["m.i.i", "n.i.i", "k.i.i"]
// CHECK-SAME: reason = "chosen: lowest time_est"
// CHECK-SAME: stages = 2 : i64
// CHECK-SAME: tile = array<i64: 128, 64, 64>
// CHECK-SAME: time_est_us = 4.125000e+01 : f64
// CHECK-SAME: vectorize = {axis = "n.i.i", width = 8 : i64}
// CHECK-SAME: warp_tile = array<i64: 64, 64>
// CHECK-SAME: } : () -> ()
// CHECK: "plan.candidate"() {
// CHECK-SAME: algo_choice = {matmul = "implicit_gemm"}
// CHECK-SAME: arch = "sm80"
// CHECK-SAME: async = {enable = true, epilogue_overlap = true, prefetch_depth = 2 : i64}
// CHECK-SAME: barrier_model = "cp_async_group"
// CHECK-SAME: bind = {m.i.o = "warp.y", m.o = "block.y", n.i.o = "warp.x", n.o = "block.x"}
// CHECK-SAME: cache = [{at = "k.i", pingpong = true, tensor = "A", where = "smem"}, {at = "k.i", pingpong = true, tensor = "B", where = "smem"}]
// CHECK-SAME: epilogue = ["bias", "relu"]
// CHECK-SAME: layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}
// CHECK-SAME: local_edges = [{buffer = "reg", from = "sum_k", to = "relu"}]
// CHECK-SAME: predicate_tail = ["m.i.i", "n.i.i", "k.i.i"]
// CHECK-SAME: reason = "rejected: smem_per_CTA above 80% of the limit"
// CHECK-SAME: stages = 3 : i64
// CHECK-SAME: tile = array<i64: 256, 128, 64>
// CHECK-SAME: time_est_us = 3.850000e+01 : f64
// CHECK-SAME: vectorize = {axis = "n.i.i", width = 8 : i64}
// CHECK-SAME: warp_tile = array<i64: 64, 64>
// CHECK-SAME: } : () -> ()
// CHECK: "plan.candidate"() {
// CHECK-SAME: algo_choice = {matmul = "implicit_gemm"}
// CHECK-SAME: arch = "sm80"
// CHECK-SAME: async = {enable = false, epilogue_overlap = false, prefetch_depth = 1 : i64}
// CHECK-SAME: barrier_model = "cp_async_group"
// CHECK-SAME: bind = {m.i.o = "warp.y", m.o = "block.y", n.i.o = "warp.x", n.o = "block.x"}
// CHECK-SAME: cache = [{at = "k.i", pingpong = true, tensor = "A", where = "smem"}, {at = "k.i", pingpong = true, tensor = "B", where = "smem"}]
// CHECK-SAME: epilogue = ["bias", "relu"]
// CHECK-SAME: layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}
// CHECK-SAME: local_edges = [{buffer = "reg", from = "sum_k", to = "relu"}]
// CHECK-SAME: predicate_tail = ["m.i.i", "n.i.i", "k.i.i"]
// CHECK-SAME: reason = "kept: slower (no async overlap)"
// CHECK-SAME: stages = 2 : i64
// CHECK-SAME: tile = array<i64: 128, 64, 64>
// CHECK-SAME: time_est_us = 4.790000e+01 : f64
// CHECK-SAME: vectorize = {axis = "n.i.i", width = 8 : i64}
// CHECK-SAME: warp_tile = array<i64: 64, 64>
// CHECK-SAME: } : () -> ()
// CHECK: return
func.func @gemm_bias_relu(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"]},
    %B: memref<?x?xf16, strided<[1, ?]>> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"]},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"]},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]})
    attributes {rbssa.region = "gemm_bias_relu",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  // ... rbssa ops of §6.8.1 ...
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>,
    stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true},
             {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64},
    predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"],
    arch = "sm80",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> ()
  "plan.candidate"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true},
             {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64},
    predicate_tail = ["m.i.i", "n.i.i", "k.i.i"], epilogue = ["bias", "relu"], arch = "sm80",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group",
    time_est_us = 41.25, reason = "chosen: lowest time_est"
  } : () -> ()
  "plan.candidate"() {
    tile = array<i64: 256, 128, 64>, stages = 3 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true},
             {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64},
    predicate_tail = ["m.i.i", "n.i.i", "k.i.i"], epilogue = ["bias", "relu"], arch = "sm80",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group",
    time_est_us = 38.5, reason = "rejected: smem_per_CTA above 80% of the limit"
  } : () -> ()
  "plan.candidate"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true},
             {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64},
    predicate_tail = ["m.i.i", "n.i.i", "k.i.i"], epilogue = ["bias", "relu"], arch = "sm80",
    layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = false, prefetch_depth = 1 : i64, epilogue_overlap = false},
    barrier_model = "cp_async_group",
    time_est_us = 47.9, reason = "kept: slower (no async overlap)"
  } : () -> ()
  return
}

// An SM90 schedule (conv 3x3 + SiLU of §15.2 would look the same with
// algo_choice conv): TMA + mbarrier, three stages, warpgroup tile 64x128,
// an SMEM ring between two values.

// CHECK-LABEL: func.func @gemm_sm90
// CHECK: "plan.schedule"() {
// CHECK-SAME: algo_choice = {matmul = "tma_wgmma"}
// CHECK-SAME: arch = "sm90"
// CHECK-SAME: async = {enable = true, epilogue_overlap = true, prefetch_depth = 2 : i64}
// CHECK-SAME: barrier_model = "mbarrier"
// CHECK-SAME: bind = {m.i.o = "warpgroup.y", m.o = "block.y", n.o = "block.x"}
// CHECK-SAME: cache = [{at = "k.i", pingpong = true, tensor = "A", where = "smem"}, {at = "k.i", pingpong = true, tensor = "B", where = "smem"}]
// CHECK-SAME: epilogue = []
// CHECK-SAME: layout_hints = {A_swizzle = "128b", B_swizzle = "128b", C_stride = "row"}
// CHECK-SAME: local_edges = [{buffer = "smem_ring", depth = 3 : i64, from = "read_A", to = "sum_k"}]
// CHECK-SAME: predicate_tail = ["m.i.i", "n.i.i"]
// CHECK-SAME: stages = 3 : i64
// CHECK-SAME: tile = array<i64: 128, 128, 64>
// CHECK-SAME: vectorize = {axis = "n.i.i", width = 8 : i64}
// CHECK-SAME: warp_tile = array<i64: 64, 128>
// CHECK-SAME: } : () -> ()
// CHECK: return
func.func @gemm_sm90(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>)
    attributes {rbssa.region = "gemm_sm90", rbssa.symbols = ["M", "K", "N"]} {
  "plan.schedule"() {
    tile = array<i64: 128, 128, 64>,
    stages = 3 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warpgroup.y"},
    warp_tile = array<i64: 64, 128>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true},
             {tensor = "B", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64},
    predicate_tail = ["m.i.i", "n.i.i"],
    epilogue = [],
    arch = "sm90",
    layout_hints = {A_swizzle = "128b", B_swizzle = "128b", C_stride = "row"},
    algo_choice = {matmul = "tma_wgmma"},
    local_edges = [{from = "read_A", to = "sum_k", buffer = "smem_ring", depth = 3 : i64}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "mbarrier"
  } : () -> ()
  return
}
