// plan — Schedule Plan (spec §8): how one RB-SSA region is implemented.
//
// The planner (§10 step 6, cost model §11) places one `plan.schedule` inside
// the rbssa region function it schedules; the GPU-skeleton generator
// (§10 step 7) reads it and injects it into the dlcgpu template. It may also
// leave the candidates it evaluated as `plan.candidate` ops next to the
// schedule, so the search can be printed and tested.
// See docs/dialects/plan.md for the meaning of every field.
//
// Both ops carry every §8.1 field as a required attribute (IRDL attributes
// are always required). IRDL checks each field's attribute kind and the
// closed enumerations (stages, arch, barrier_model); it cannot look inside
// arrays and dictionaries (entry kinds, keys, lengths), nor relate fields
// (arch "sm80" <-> barrier_model "cp_async_group"); a DLC verifier pass
// (plan-verify) must check those.

irdl.dialect @plan {

  // Schedule: the chosen plan of the enclosing rbssa region.
  //   "plan.schedule"() {tile = array<i64: 128, 64, 64>, stages = 2 : i64, arch = "sm80", barrier_model = "cp_async_group", ...} : () -> ()
  irdl.operation @schedule {
    %tile = irdl.base "#builtin.dense_array"
    %s2 = irdl.is 2 : i64
    %s3 = irdl.is 3 : i64
    %s4 = irdl.is 4 : i64
    %s5 = irdl.is 5 : i64
    %s6 = irdl.is 6 : i64
    %s7 = irdl.is 7 : i64
    %s8 = irdl.is 8 : i64
    %s9 = irdl.is 9 : i64
    %stages = irdl.any_of(%s2, %s3, %s4, %s5, %s6, %s7, %s8, %s9)
    %bind = irdl.base "#builtin.dictionary"
    %warp_tile = irdl.base "#builtin.dense_array"
    %cache = irdl.base "#builtin.array"
    %vectorize = irdl.base "#builtin.dictionary"
    %predicate_tail = irdl.base "#builtin.array"
    %epilogue = irdl.base "#builtin.array"
    %sm80 = irdl.is "sm80"
    %sm90 = irdl.is "sm90"
    %arch = irdl.any_of(%sm80, %sm90)
    %layout_hints = irdl.base "#builtin.dictionary"
    %algo_choice = irdl.base "#builtin.dictionary"
    %local_edges = irdl.base "#builtin.array"
    %async = irdl.base "#builtin.dictionary"
    %cpag = irdl.is "cp_async_group"
    %mbar = irdl.is "mbarrier"
    %barsync = irdl.is "bar_sync"
    %nobarrier = irdl.is "none"
    %barrier_model = irdl.any_of(%cpag, %mbar, %barsync, %nobarrier)
    irdl.attributes {
      "tile" = %tile,
      "stages" = %stages,
      "bind" = %bind,
      "warp_tile" = %warp_tile,
      "cache" = %cache,
      "vectorize" = %vectorize,
      "predicate_tail" = %predicate_tail,
      "epilogue" = %epilogue,
      "arch" = %arch,
      "layout_hints" = %layout_hints,
      "algo_choice" = %algo_choice,
      "local_edges" = %local_edges,
      "async" = %async,
      "barrier_model" = %barrier_model
    }
  }

  // Candidate: one point of the search space as evaluated by the cost
  // model: the same fields as plan.schedule, plus the estimated time in
  // microseconds and why it was kept or rejected (STOP conditions, §11).
  //   "plan.candidate"() {tile = array<i64: 128, 128, 64>, stages = 3 : i64, ..., time_est_us = 41.5 : f64, reason = "chosen"} : () -> ()
  irdl.operation @candidate {
    %tile = irdl.base "#builtin.dense_array"
    %s2 = irdl.is 2 : i64
    %s3 = irdl.is 3 : i64
    %s4 = irdl.is 4 : i64
    %s5 = irdl.is 5 : i64
    %s6 = irdl.is 6 : i64
    %s7 = irdl.is 7 : i64
    %s8 = irdl.is 8 : i64
    %s9 = irdl.is 9 : i64
    %stages = irdl.any_of(%s2, %s3, %s4, %s5, %s6, %s7, %s8, %s9)
    %bind = irdl.base "#builtin.dictionary"
    %warp_tile = irdl.base "#builtin.dense_array"
    %cache = irdl.base "#builtin.array"
    %vectorize = irdl.base "#builtin.dictionary"
    %predicate_tail = irdl.base "#builtin.array"
    %epilogue = irdl.base "#builtin.array"
    %sm80 = irdl.is "sm80"
    %sm90 = irdl.is "sm90"
    %arch = irdl.any_of(%sm80, %sm90)
    %layout_hints = irdl.base "#builtin.dictionary"
    %algo_choice = irdl.base "#builtin.dictionary"
    %local_edges = irdl.base "#builtin.array"
    %async = irdl.base "#builtin.dictionary"
    %cpag = irdl.is "cp_async_group"
    %mbar = irdl.is "mbarrier"
    %barsync = irdl.is "bar_sync"
    %nobarrier = irdl.is "none"
    %barrier_model = irdl.any_of(%cpag, %mbar, %barsync, %nobarrier)
    %time = irdl.base "#builtin.float"
    %reason = irdl.base "#builtin.string"
    irdl.attributes {
      "tile" = %tile,
      "stages" = %stages,
      "bind" = %bind,
      "warp_tile" = %warp_tile,
      "cache" = %cache,
      "vectorize" = %vectorize,
      "predicate_tail" = %predicate_tail,
      "epilogue" = %epilogue,
      "arch" = %arch,
      "layout_hints" = %layout_hints,
      "algo_choice" = %algo_choice,
      "local_edges" = %local_edges,
      "async" = %async,
      "barrier_model" = %barrier_model,
      "time_est_us" = %time,
      "reason" = %reason
    }
  }
}
