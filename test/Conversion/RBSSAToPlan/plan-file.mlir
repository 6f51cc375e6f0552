// plan-file: the fields a §8.1 JSON file gives replace the chosen ones (after
// validation); the other fields keep the search's choice. prefetch_depth
// follows an overridden `stages` unless the file sets `async` itself.
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --convert-rbssa-to-plan=plan-file=%S/Inputs/override.json | FileCheck %s
// An array of entries, each naming its region, overrides region by region.
// RUN: dlc-opt %S/Inputs/two_regions.mlir --convert-rbssa-to-plan=plan-file=%S/Inputs/per-region.json | FileCheck %s --check-prefix=PER-REGION

// Inputs/override.json: tile, stages, warp_tile "64x32", layout_hints with a
// TMA-style swizzle name, predicate_tail on split axes.
// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK-NEXT: "plan.schedule"() {
// CHECK-SAME: algo_choice = {matmul = "implicit_gemm"}, arch = "sm90"
// CHECK-SAME: async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}
// CHECK-SAME: bind = {m.i.o = "warp.y", m.o = "block.y", n.i.o = "warp.x", n.o = "block.x"}
// CHECK-SAME: epilogue = ["bias", "relu"]
// CHECK-SAME: layout_hints = {A_swizzle = "128b", B_swizzle = false, C_stride = "row"}
// CHECK-SAME: predicate_tail = ["m.i.i", "n.i.i", "k.i.i"]
// CHECK-SAME: stages = 2 : i64
// CHECK-SAME: tile = array<i64: 128, 64, 32>
// CHECK-SAME: warp_tile = array<i64: 64, 32>}

// Inputs/per-region.json: async off for gemm_bias_relu, a 64x64 tile for gemm.
// PER-REGION-LABEL: func.func @gemm_bias_relu
// PER-REGION-NEXT: "plan.schedule"() {
// PER-REGION-SAME: async = {enable = false, epilogue_overlap = false, prefetch_depth = 0 : i64}
// PER-REGION-SAME: stages = 2 : i64, tile = array<i64: 128, 256, 32>
// PER-REGION-SAME: warp_tile = array<i64: 64, 64>}
// PER-REGION-LABEL: func.func @gemm
// PER-REGION-NEXT: "plan.schedule"() {
// PER-REGION-SAME: async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}
// PER-REGION-SAME: stages = 2 : i64, tile = array<i64: 64, 64, 32>
// PER-REGION-SAME: warp_tile = array<i64: 32, 32>}
