// RUN: dlc-opt %s --split-input-file --verify-diagnostics

// One case per IRDL constraint of the plan dialect. Each case is a full
// §8.1 plan with exactly one field wrong.

// 2 to 9 stages (§8.1's double or triple buffering, deeper TMA rings).
func.func @stages_ten() {
  // expected-error @+1 {{'10 : i64' does not satisfy the constraint}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 10 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

func.func @stages_not_i64() {
  // expected-error @+1 {{'2 : i32' does not satisfy the constraint}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i32,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

func.func @arch_unknown() {
  // expected-error @+1 {{'"sm70"' does not satisfy the constraint}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm70", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

func.func @barrier_model_unknown() {
  // expected-error @+1 {{'"named_barrier"' does not satisfy the constraint}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "named_barrier"
  } : () -> ()
  return
}

// -----

func.func @tile_not_dense() {
  // expected-error @+1 {{expected base attribute 'builtin.dense_array' but got 'builtin.array'}}
  "plan.schedule"() {
    tile = [128, 64, 64], stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// The spec's "64x64" spelling is not accepted: use array<i64: 64, 64>.
func.func @warp_tile_string() {
  // expected-error @+1 {{expected base attribute 'builtin.dense_array' but got 'builtin.string'}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = "64x64", cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

func.func @bind_not_dict() {
  // expected-error @+1 {{expected base attribute 'builtin.dictionary' but got 'builtin.array'}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64, bind = ["block.y", "block.x"],
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

func.func @cache_not_array() {
  // expected-error @+1 {{expected base attribute 'builtin.array' but got 'builtin.dictionary'}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = {tensor = "A", where = "smem", at = "k.i", pingpong = true},
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

func.func @vectorize_not_dict() {
  // expected-error @+1 {{expected base attribute 'builtin.dictionary' but got 'builtin.integer'}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}], vectorize = 8 : i64,
    predicate_tail = ["m.i.i", "n.i.i", "k.i.i"], epilogue = ["bias", "relu"], arch = "sm80",
    layout_hints = {A_swizzle = true}, algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

func.func @predicate_tail_not_array() {
  // expected-error @+1 {{expected base attribute 'builtin.array' but got 'builtin.string'}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = "m.i.i",
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

func.func @epilogue_not_array() {
  // expected-error @+1 {{expected base attribute 'builtin.array' but got 'builtin.string'}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = "relu", arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

func.func @layout_hints_not_dict() {
  // expected-error @+1 {{expected base attribute 'builtin.dictionary' but got 'builtin.array'}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = [],
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

func.func @algo_choice_not_dict() {
  // expected-error @+1 {{expected base attribute 'builtin.dictionary' but got 'builtin.string'}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = "implicit_gemm",
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

func.func @local_edges_not_array() {
  // expected-error @+1 {{expected base attribute 'builtin.array' but got 'builtin.dictionary'}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = {from = "sum_k", to = "relu", buffer = "reg"},
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

func.func @async_not_dict() {
  // expected-error @+1 {{expected base attribute 'builtin.dictionary' but got 'builtin.integer'}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}], async = true,
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

// Every §8.1 field is required.
func.func @missing_async() {
  // expected-error @+1 {{attribute "async" is expected but not provided}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    barrier_model = "cp_async_group"
  } : () -> ()
  return
}

// -----

func.func @missing_barrier_model() {
  // expected-error @+1 {{attribute "barrier_model" is expected but not provided}}
  "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true}
  } : () -> ()
  return
}

// -----

func.func @schedule_with_operand(%i: index) {
  // expected-error @+1 {{expects exactly 0 operands, but got 1}}
  "plan.schedule"(%i) {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : (index) -> ()
  return
}

// -----

func.func @schedule_with_result() {
  // expected-error @+1 {{expects exactly 0 results, but got 1}}
  %r = "plan.schedule"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group"
  } : () -> index
  return
}

// -----

func.func @candidate_missing_time() {
  // expected-error @+1 {{attribute "time_est_us" is expected but not provided}}
  "plan.candidate"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group", reason = "chosen"
  } : () -> ()
  return
}

// -----

func.func @candidate_time_not_float() {
  // expected-error @+1 {{expected base attribute 'builtin.float' but got 'builtin.integer'}}
  "plan.candidate"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group", time_est_us = 41 : i64, reason = "chosen"
  } : () -> ()
  return
}

// -----

func.func @candidate_reason_not_string() {
  // expected-error @+1 {{expected base attribute 'builtin.string' but got 'builtin.integer'}}
  "plan.candidate"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group", time_est_us = 41.25 : f64, reason = 0 : i64
  } : () -> ()
  return
}

// -----

func.func @candidate_stages_ten() {
  // expected-error @+1 {{'10 : i64' does not satisfy the constraint}}
  "plan.candidate"() {
    tile = array<i64: 128, 64, 64>, stages = 10 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm80", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group", time_est_us = 41.25 : f64, reason = "chosen"
  } : () -> ()
  return
}

// -----

func.func @candidate_arch_unknown() {
  // expected-error @+1 {{'"sm100"' does not satisfy the constraint}}
  "plan.candidate"() {
    tile = array<i64: 128, 64, 64>, stages = 2 : i64,
    bind = {m.o = "block.y", n.o = "block.x", m.i.o = "warp.y", n.i.o = "warp.x"},
    warp_tile = array<i64: 64, 64>,
    cache = [{tensor = "A", where = "smem", at = "k.i", pingpong = true}],
    vectorize = {axis = "n.i.i", width = 8 : i64}, predicate_tail = ["m.i.i", "n.i.i", "k.i.i"],
    epilogue = ["bias", "relu"], arch = "sm100", layout_hints = {A_swizzle = true},
    algo_choice = {matmul = "implicit_gemm"},
    local_edges = [{from = "sum_k", to = "relu", buffer = "reg"}],
    async = {enable = true, prefetch_depth = 2 : i64, epilogue_overlap = true},
    barrier_model = "cp_async_group", time_est_us = 41.25 : f64, reason = "chosen"
  } : () -> ()
  return
}
