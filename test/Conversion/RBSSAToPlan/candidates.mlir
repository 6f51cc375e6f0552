// print-candidates=true leaves the whole search as plan.candidate ops after
// the schedule, in the order of the candidate table (10 tilings x stages
// {2, 3}), each with the cost model's time_est_us and why it was chosen,
// kept or rejected. On sm80 (A100: 163 KiB smem per CTA) the 256x128x64
// three-stage point needs 144 KiB and hits the 80% smem STOP rule; points
// above 48 KiB exceed what the search keeps to (larger rings measured slower)
// (convert-plan-to-dlcgpu). The 8-warp CTAs whose registers leave one CTA
// per SM are kept: the register STOP rule only stops CTAs of fewer than 8
// warps, and no 4-warp point of the table reaches it. The per-k-step barrier
// (85 cycles) favours the larger k-step of 128x256x32, which ties 256x128x32
// on time, smem and stages and wins by coming first in the table.
// RUN: dlc-opt %S/Inputs/gemm_bias_relu.mlir --convert-rbssa-to-plan="arch=sm80 print-candidates=true" | FileCheck %s

// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK-NEXT: "plan.schedule"() {{{.*}}stages = 2 : i64, tile = array<i64: 128, 256, 32>{{.*}}warp_tile = array<i64: 64, 64>}
// The candidates carry every field of the schedule.
// CHECK-NEXT: "plan.candidate"() {
// CHECK-SAME: algo_choice = {matmul = "implicit_gemm"}, arch = "sm80", async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}, barrier_model = "cp_async_group"
// CHECK-SAME: bind = {m.i.o = "warp.y", m.o = "block.y", n.i.o = "warp.x", n.o = "block.x"}
// CHECK-SAME: cache = [{at = "k.i", pingpong = true, tensor = "A", where = "smem"}, {at = "k.i", pingpong = true, tensor = "B", where = "smem"}]
// CHECK-SAME: epilogue = ["bias", "relu"], layout_hints = {A_swizzle = true, B_swizzle = true, C_stride = "row"}
// CHECK-SAME: local_edges = [{buffer = "reg", from = "sum_k", to = "relu"}], predicate_tail = ["m", "n", "k"]
// CHECK-SAME: reason = "kept: compute-bound, occ 0.95, pipeline eff 0.86, 2 CTA/SM", stages = 2 : i64, tile = array<i64: 128, 128, 32>, time_est_us = 5.417500e+02 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 64>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "kept: compute-bound, occ 0.95, pipeline eff 0.86, 2 CTA/SM", stages = 3 : i64, tile = array<i64: 128, 128, 32>, time_est_us = 5.417500e+02 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 64>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "kept: compute-bound, occ 0.95, pipeline eff 0.55, 1 CTA/SM", stages = 2 : i64, tile = array<i64: 128, 128, 32>, time_est_us = 8.468750e+02 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 32>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "kept: compute-bound, occ 0.95, pipeline eff 0.86, 1 CTA/SM", stages = 3 : i64, tile = array<i64: 128, 128, 32>, time_est_us = 5.420000e+02 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 32>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "chosen: lowest time_est (tie broken by smem, then stages); compute-bound, occ 0.95, pipeline eff 0.92, 1 CTA/SM", stages = 2 : i64, tile = array<i64: 128, 256, 32>, time_est_us = 503.1875 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 64>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "rejected: smem 72 KiB exceeds the 48 KiB the search keeps to (larger rings measured slower)", stages = 3 : i64, tile = array<i64: 128, 256, 32>, time_est_us = 503.1875 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 64>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "kept: compute-bound, occ 0.95, pipeline eff 0.92, 1 CTA/SM", stages = 2 : i64, tile = array<i64: 256, 128, 32>, time_est_us = 503.1875 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 64>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "rejected: smem 72 KiB exceeds the 48 KiB the search keeps to (larger rings measured slower)", stages = 3 : i64, tile = array<i64: 256, 128, 32>, time_est_us = 503.1875 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 64>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "kept: compute-bound, occ 0.90, pipeline eff 0.67, 3 CTA/SM", stages = 2 : i64, tile = array<i64: 128, 64, 32>, time_est_us = 731.4375 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 32>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "kept: compute-bound, occ 0.90, pipeline eff 0.67, 3 CTA/SM", stages = 3 : i64, tile = array<i64: 128, 64, 32>, time_est_us = 731.4375 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 32>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "kept: compute-bound, occ 0.95, pipeline eff 0.48, 2 CTA/SM", stages = 2 : i64, tile = array<i64: 128, 64, 32>, time_est_us = 9.675000e+02 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 32, 32>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "kept: compute-bound, occ 0.95, pipeline eff 0.55, 2 CTA/SM", stages = 3 : i64, tile = array<i64: 128, 64, 32>, time_est_us = 8.513750e+02 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 32, 32>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "kept: compute-bound, occ 0.90, pipeline eff 0.67, 3 CTA/SM", stages = 2 : i64, tile = array<i64: 64, 128, 32>, time_est_us = 731.4375 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 32, 64>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "kept: compute-bound, occ 0.90, pipeline eff 0.67, 3 CTA/SM", stages = 3 : i64, tile = array<i64: 64, 128, 32>, time_est_us = 731.4375 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 32, 64>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "kept: compute-bound, occ 0.95, pipeline eff 0.40, 5 CTA/SM", stages = 2 : i64, tile = array<i64: 64, 64, 32>, time_est_us = 1160.375 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 32, 32>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "kept: compute-bound, occ 0.95, pipeline eff 0.40, 5 CTA/SM", stages = 3 : i64, tile = array<i64: 64, 64, 32>, time_est_us = 1160.375 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 32, 32>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "rejected: smem 64 KiB exceeds the 48 KiB the search keeps to (larger rings measured slower)", stages = 2 : i64, tile = array<i64: 128, 128, 64>, time_est_us = 503.1875 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 64>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "rejected: smem 96 KiB exceeds the 48 KiB the search keeps to (larger rings measured slower)", stages = 3 : i64, tile = array<i64: 128, 128, 64>, time_est_us = 1006.375 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 64>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "rejected: smem 96 KiB exceeds the 48 KiB the search keeps to (larger rings measured slower)", stages = 2 : i64, tile = array<i64: 256, 128, 64>, time_est_us = 4.838750e+02 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 64>}
// CHECK-NEXT: "plan.candidate"() {{{.*}}reason = "rejected: smem 144 KiB is 88% of the 163 KiB per-CTA limit (> 80%)", stages = 3 : i64, tile = array<i64: 256, 128, 64>, time_est_us = 4.838750e+02 : f64, vectorize = {axis = "n.i.i", width = 8 : i64}, warp_tile = array<i64: 64, 64>}
// CHECK-NEXT: "rbssa.read"
