// Plan from analysis: a region function carrying Poly-Core's
// polycore.analysis (docs/analysis.md) takes its constraints from it
// (docs/passes/convert-rbssa-to-plan.md, "Plan from analysis"). The
// analyses are written by hand after dlc-poly-core{tile=128,256,32} on
// examples/gemm_bias_relu.tiny.mlir, renamed to this region's tensors.
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan | FileCheck %s
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan=print-candidates=true | FileCheck %s --check-prefix=CAND
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan=print-plan=%t.json -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: sed -n '/^\/\/ LAST/,$p' %s > %t.last.mlir
// RUN: dlc-opt %t.last.mlir --convert-rbssa-to-plan=plan-file=%t.json | FileCheck %s --check-prefix=BACK

// Poly-Core's own analysis: tail axes m, n, k for 128x256x32; cache from the
// two smem_ring operands; A_swizzle from A's xor_swizzle hint, B_swizzle
// false for B's "none"; local_edges from the analysis's edges, the anchor v3
// renamed sum_k and the accumulator's chain v5, v7 renamed bias, relu (v4,
// v6, the bias and ReLU's zero, keep Poly-Core's names). min_buffer.depth 3
// does not force 3 stages: the measured-best 2 stages stay, and the reasons
// of the 2-stage candidates record the depth.
// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK-NEXT: "plan.schedule"() {
// CHECK-SAME: async = {enable = true, epilogue_overlap = false, prefetch_depth = 1 : i64}
// CHECK-SAME: cache = [{at = "k.i", pingpong = true, tensor = "A", where = "smem"}, {at = "k.i", pingpong = true, tensor = "B", where = "smem"}]
// CHECK-SAME: layout_hints = {A_swizzle = true, B_swizzle = false, C_stride = "row"}
// CHECK-SAME: local_edges = [{buffer = "reg", from = "sum_k", to = "bias"}, {buffer = "reg", from = "v4", to = "bias"}, {buffer = "reg", from = "bias", to = "relu"}, {buffer = "reg", from = "v6", to = "relu"}, {buffer = "reg", from = "relu", to = "C"}]
// CHECK-SAME: predicate_tail = ["m", "n", "k"], stages = 2 : i64, tile = array<i64: 128, 256, 32>
// CAND-LABEL: func.func @gemm_bias_relu
// CAND: reason = "kept: compute-bound, occ 0.97, pipeline eff 0.86, 2 CTA/SM; below Poly-Core ring depth 3", stages = 2 : i64, tile = array<i64: 128, 128, 32>
// CAND: reason = "kept: compute-bound, occ 0.97, pipeline eff 0.86, 2 CTA/SM", stages = 3 : i64, tile = array<i64: 128, 128, 32>
// CAND: reason = "chosen: lowest time_est (tie broken by smem, then stages); compute-bound, occ 0.97, pipeline eff 0.92, 1 CTA/SM; below Poly-Core ring depth 3", stages = 2 : i64, tile = array<i64: 128, 256, 32>
func.func @gemm_bias_relu(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "gemm_bias_relu",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"],
                polycore.analysis = {affine_closed = true, anchor = "v3", barriers = [{at = "v3", depth = 3 : i64, kind = "pipeline"}], compute_at = {halo = {bytes = 0 : i64, per_axis = {k = 0 : i64, m = 0 : i64, n = 0 : i64}}, ok = true, whole_axes = []}, edges = [{buffer = "reg", from = "v3", to = "v5"}, {buffer = "reg", from = "v4", to = "v5"}, {buffer = "reg", from = "v5", to = "v7"}, {buffer = "reg", from = "v6", to = "v7"}, {buffer = "reg", from = "v7", to = "C"}], min_buffer = {buffer = "reg", depth = 3 : i64}, operands = [{at = "v3", bank_hint = "xor_swizzle", bank_ways = 4 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "A", tile = array<i64: 128, 32>}, {at = "v3", bank_hint = "none", bank_ways = 8 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "B", tile = array<i64: 32, 256>}], parallel_axes = ["m", "n"], reduce_axes = ["k"], tail_axes = ["m", "n", "k"], tile = array<i64: 128, 256, 32>, tiles = {k = 32 : i64, m = 128 : i64, n = 256 : i64}}} {
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

// Static sizes the tile divides: Poly-Core finds no tail axis, so none is
// predicated.
// CHECK-LABEL: func.func @gemm_static
// CHECK-NEXT: "plan.schedule"() {{{.*}}predicate_tail = [], stages = 2 : i64, tile = array<i64: 128, 256, 32>
func.func @gemm_static(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = [4096, 4096], rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = [4096, 4096], rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = [4096], rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = [4096, 4096], rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "gemm_static",
                rbssa.iters = [{name = "m", size = 4096}, {name = "n", size = 4096}],
                rbssa.reduce_iters = [{name = "k", size = 4096}],
                rbssa.symbols = ["M", "K", "N"],
                polycore.analysis = {affine_closed = true, anchor = "v3", barriers = [{at = "v3", depth = 3 : i64, kind = "pipeline"}], compute_at = {halo = {bytes = 0 : i64, per_axis = {k = 0 : i64, m = 0 : i64, n = 0 : i64}}, ok = true, whole_axes = []}, edges = [{buffer = "reg", from = "v3", to = "v5"}, {buffer = "reg", from = "v4", to = "v5"}, {buffer = "reg", from = "v5", to = "v7"}, {buffer = "reg", from = "v6", to = "v7"}, {buffer = "reg", from = "v7", to = "C"}], min_buffer = {buffer = "reg", depth = 3 : i64}, operands = [{at = "v3", bank_hint = "xor_swizzle", bank_ways = 4 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "A", tile = array<i64: 128, 32>}, {at = "v3", bank_hint = "xor_swizzle", bank_ways = 8 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "B", tile = array<i64: 32, 256>}], parallel_axes = ["m", "n"], reduce_axes = ["k"], tail_axes = [], tile = array<i64: 128, 256, 32>, tiles = {k = 32 : i64, m = 128 : i64, n = 256 : i64}}} {
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

// The analysis decides the tail axes for its tile, even where the region's
// sizes are symbolic (without it, m, n and k would all be predicated).
// CHECK-LABEL: func.func @gemm_k_tail
// CHECK-NEXT: "plan.schedule"() {{{.*}}predicate_tail = ["k"], stages = 2 : i64, tile = array<i64: 128, 256, 32>
func.func @gemm_k_tail(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "gemm_k_tail",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"],
                polycore.analysis = {affine_closed = true, anchor = "v3", barriers = [{at = "v3", depth = 3 : i64, kind = "pipeline"}], compute_at = {halo = {bytes = 0 : i64, per_axis = {k = 0 : i64, m = 0 : i64, n = 0 : i64}}, ok = true, whole_axes = []}, edges = [{buffer = "reg", from = "v3", to = "v5"}, {buffer = "reg", from = "v4", to = "v5"}, {buffer = "reg", from = "v5", to = "v7"}, {buffer = "reg", from = "v6", to = "v7"}, {buffer = "reg", from = "v7", to = "C"}], min_buffer = {buffer = "reg", depth = 3 : i64}, operands = [{at = "v3", bank_hint = "xor_swizzle", bank_ways = 4 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "A", tile = array<i64: 128, 32>}, {at = "v3", bank_hint = "xor_swizzle", bank_ways = 8 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "B", tile = array<i64: 32, 256>}], parallel_axes = ["m", "n"], reduce_axes = ["k"], tail_axes = ["k"], tile = array<i64: 128, 256, 32>, tiles = {k = 32 : i64, m = 128 : i64, n = 256 : i64}}} {
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

// An analysis made for another tile (128x128x32): the tail axes are
// recomputed for the chosen 128x256x32 with Poly-Core's rule (tile > 1 and a
// symbolic extent or one the tile does not divide): only k (4090).
// CHECK-LABEL: func.func @gemm_other_tile
// CHECK-NEXT: "plan.schedule"() {{{.*}}predicate_tail = ["k"], stages = 2 : i64, tile = array<i64: 128, 256, 32>
func.func @gemm_other_tile(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = [4096, 4090], rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = [4090, 4096], rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = [4096], rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = [4096, 4096], rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "gemm_other_tile",
                rbssa.iters = [{name = "m", size = 4096}, {name = "n", size = 4096}],
                rbssa.reduce_iters = [{name = "k", size = 4090}],
                rbssa.symbols = ["M", "K", "N"],
                polycore.analysis = {affine_closed = true, anchor = "v3", barriers = [{at = "v3", depth = 3 : i64, kind = "pipeline"}], compute_at = {halo = {bytes = 0 : i64, per_axis = {k = 0 : i64, m = 0 : i64, n = 0 : i64}}, ok = true, whole_axes = []}, edges = [{buffer = "reg", from = "v3", to = "v5"}, {buffer = "reg", from = "v4", to = "v5"}, {buffer = "reg", from = "v5", to = "v7"}, {buffer = "reg", from = "v6", to = "v7"}, {buffer = "reg", from = "v7", to = "C"}], min_buffer = {buffer = "reg", depth = 3 : i64}, operands = [{at = "v3", bank_hint = "xor_swizzle", bank_ways = 4 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "A", tile = array<i64: 128, 32>}, {at = "v3", bank_hint = "xor_swizzle", bank_ways = 8 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "B", tile = array<i64: 32, 256>}], parallel_axes = ["m", "n"], reduce_axes = ["k"], tail_axes = ["m", "n", "k"], tile = array<i64: 128, 128, 32>, tiles = {k = 32 : i64, m = 128 : i64, n = 256 : i64}}} {
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

// Halo bytes are staged with every stage: 8192 B push 128x256x32 at 2 stages
// to 64 KiB, over the search's 48 KiB, and 128x128x32 (48 KiB) wins.
// CHECK-LABEL: func.func @gemm_halo
// CHECK-NEXT: "plan.schedule"() {{{.*}}stages = 2 : i64, tile = array<i64: 128, 128, 32>{{.*}}warp_tile = array<i64: 64, 64>}
// CAND-LABEL: func.func @gemm_halo
// CAND: reason = "chosen: lowest time_est; compute-bound, occ 0.97, pipeline eff 0.86, 2 CTA/SM", stages = 2 : i64, tile = array<i64: 128, 128, 32>
// CAND: reason = "rejected: smem 72 KiB (incl. halo 3x8192 B) exceeds the 48 KiB the search keeps to (larger rings measured slower)", stages = 3 : i64, tile = array<i64: 128, 128, 32>
// CAND: reason = "rejected: smem 64 KiB (incl. halo 2x8192 B) exceeds the 48 KiB the search keeps to (larger rings measured slower)", stages = 2 : i64, tile = array<i64: 128, 256, 32>
func.func @gemm_halo(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "gemm_halo",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"],
                polycore.analysis = {affine_closed = true, anchor = "v3", barriers = [{at = "v3", depth = 2 : i64, kind = "pipeline"}], compute_at = {halo = {bytes = 8192 : i64, per_axis = {k = 0 : i64, m = 0 : i64, n = 0 : i64}}, ok = true, whole_axes = []}, edges = [{buffer = "reg", from = "v3", to = "v5"}, {buffer = "reg", from = "v4", to = "v5"}, {buffer = "reg", from = "v5", to = "v7"}, {buffer = "reg", from = "v6", to = "v7"}, {buffer = "reg", from = "v7", to = "C"}], min_buffer = {buffer = "reg", depth = 2 : i64}, operands = [{at = "v3", bank_hint = "xor_swizzle", bank_ways = 4 : i64, buffer = "smem_ring", depth = 2 : i64, tensor = "A", tile = array<i64: 128, 32>}, {at = "v3", bank_hint = "xor_swizzle", bank_ways = 8 : i64, buffer = "smem_ring", depth = 2 : i64, tensor = "B", tile = array<i64: 32, 256>}], parallel_axes = ["m", "n"], reduce_axes = ["k"], tail_axes = ["m", "n", "k"], tile = array<i64: 128, 256, 32>, tiles = {k = 32 : i64, m = 128 : i64, n = 256 : i64}}} {
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

// smem and gmem edges of the analysis become local_edges as they are (and
// print-plan writes them, the last chunk's plan remaining; a plan-file
// accepts them back).
// LAST chunk: the plan-file round trip reads from here.
// BACK: local_edges = [{buffer = "gmem", from = "sum_k", to = "bias"}, {buffer = "smem", from = "v4", to = "bias"}
// CHECK-LABEL: func.func @gemm_gmem
// CHECK-NEXT: "plan.schedule"() {{{.*}}local_edges = [{buffer = "gmem", from = "sum_k", to = "bias"}, {buffer = "smem", from = "v4", to = "bias"}, {buffer = "reg", from = "bias", to = "relu"}
// JSON: "region": "gemm_gmem",
// JSON: "local_edges": [{"from": "sum_k", "to": "bias", "buffer": "gmem"}, {"from": "v4", "to": "bias", "buffer": "smem"},
func.func @gemm_gmem(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "gemm_gmem",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"],
                polycore.analysis = {affine_closed = true, anchor = "v3", barriers = [{at = "v3", depth = 3 : i64, kind = "pipeline"}], compute_at = {halo = {bytes = 0 : i64, per_axis = {k = 0 : i64, m = 0 : i64, n = 0 : i64}}, ok = true, whole_axes = []}, edges = [{buffer = "gmem", from = "v3", to = "v5"}, {buffer = "smem", from = "v4", to = "v5"}, {buffer = "reg", from = "v5", to = "v7"}, {buffer = "reg", from = "v6", to = "v7"}, {buffer = "reg", from = "v7", to = "C"}], min_buffer = {buffer = "reg", depth = 3 : i64}, operands = [{at = "v3", bank_hint = "xor_swizzle", bank_ways = 4 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "A", tile = array<i64: 128, 32>}, {at = "v3", bank_hint = "xor_swizzle", bank_ways = 8 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "B", tile = array<i64: 32, 256>}], parallel_axes = ["m", "n"], reduce_axes = ["k"], tail_axes = ["m", "n", "k"], tile = array<i64: 128, 256, 32>, tiles = {k = 32 : i64, m = 128 : i64, n = 256 : i64}}} {
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
