// A polycore.analysis that forbids fusing the region into the GEMM
// skeleton's tiles, or that does not match the region, is E1602
// RegionNotPlannable (docs/passes/convert-rbssa-to-plan.md, "Plan from
// analysis").
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan --verify-diagnostics

// compute_at.ok = false: some dependence forbids compute-at.
// expected-error @+1 {{E1602 RegionNotPlannable: region 'not_ok': Poly-Core finds compute-at illegal}}
func.func @not_ok(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "not_ok",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"],
                polycore.analysis = {affine_closed = true, anchor = "v3", barriers = [{at = "v3", depth = 3 : i64, kind = "pipeline"}], compute_at = {halo = {bytes = 0 : i64, per_axis = {k = 0 : i64, m = 0 : i64, n = 0 : i64}}, ok = false, whole_axes = []}, edges = [{buffer = "reg", from = "v3", to = "v5"}, {buffer = "reg", from = "v4", to = "v5"}, {buffer = "reg", from = "v5", to = "v7"}, {buffer = "reg", from = "v6", to = "v7"}, {buffer = "reg", from = "v7", to = "C"}], min_buffer = {buffer = "reg", depth = 3 : i64}, operands = [{at = "v3", bank_hint = "xor_swizzle", bank_ways = 4 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "A", tile = array<i64: 128, 32>}, {at = "v3", bank_hint = "xor_swizzle", bank_ways = 8 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "B", tile = array<i64: 32, 256>}], parallel_axes = ["m", "n"], reduce_axes = ["k"], tail_axes = ["m", "n", "k"], tile = array<i64: 128, 256, 32>, tiles = {k = 32 : i64, m = 128 : i64, n = 256 : i64}}} {
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

// A whole axis (a reduction along n after the GEMM): one CTA would have to
// walk all of n.
// expected-error @+1 {{E1602 RegionNotPlannable: region 'whole': Poly-Core keeps 'n' whole}}
func.func @whole(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "whole",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"],
                polycore.analysis = {affine_closed = true, anchor = "v3", barriers = [{at = "v3", depth = 3 : i64, kind = "pipeline"}], compute_at = {halo = {bytes = 0 : i64, per_axis = {k = 0 : i64, m = 0 : i64, n = 0 : i64}}, ok = false, whole_axes = ["n"]}, edges = [{buffer = "reg", from = "v3", to = "v5"}, {buffer = "reg", from = "v4", to = "v5"}, {buffer = "reg", from = "v5", to = "v7"}, {buffer = "reg", from = "v6", to = "v7"}, {buffer = "reg", from = "v7", to = "C"}], min_buffer = {buffer = "reg", depth = 3 : i64}, operands = [{at = "v3", bank_hint = "xor_swizzle", bank_ways = 4 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "A", tile = array<i64: 128, 32>}, {at = "v3", bank_hint = "xor_swizzle", bank_ways = 8 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "B", tile = array<i64: 32, 256>}], parallel_axes = ["m", "n"], reduce_axes = ["k"], tail_axes = ["m", "n", "k"], tile = array<i64: 128, 256, 32>, tiles = {k = 32 : i64, m = 128 : i64, n = 256 : i64}}} {
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

// An operand the region does not have.
// expected-error @+1 {{E1602 RegionNotPlannable: region 'bad_operand': polycore.analysis stages operand 'X', which is not an input of the region}}
func.func @bad_operand(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "bad_operand",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"],
                polycore.analysis = {affine_closed = true, anchor = "v3", barriers = [{at = "v3", depth = 3 : i64, kind = "pipeline"}], compute_at = {halo = {bytes = 0 : i64, per_axis = {k = 0 : i64, m = 0 : i64, n = 0 : i64}}, ok = true, whole_axes = []}, edges = [{buffer = "reg", from = "v3", to = "v5"}, {buffer = "reg", from = "v4", to = "v5"}, {buffer = "reg", from = "v5", to = "v7"}, {buffer = "reg", from = "v6", to = "v7"}, {buffer = "reg", from = "v7", to = "C"}], min_buffer = {buffer = "reg", depth = 3 : i64}, operands = [{at = "v3", bank_hint = "xor_swizzle", bank_ways = 4 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "X", tile = array<i64: 128, 32>}, {at = "v3", bank_hint = "xor_swizzle", bank_ways = 8 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "B", tile = array<i64: 32, 256>}], parallel_axes = ["m", "n"], reduce_axes = ["k"], tail_axes = ["m", "n", "k"], tile = array<i64: 128, 256, 32>, tiles = {k = 32 : i64, m = 128 : i64, n = 256 : i64}}} {
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

// A tail axis the region does not have.
// expected-error @+1 {{E1602 RegionNotPlannable: region 'bad_tail': polycore.analysis tail axis 0 is not an axis of the region}}
func.func @bad_tail(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "bad_tail",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"],
                polycore.analysis = {affine_closed = true, anchor = "v3", barriers = [{at = "v3", depth = 3 : i64, kind = "pipeline"}], compute_at = {halo = {bytes = 0 : i64, per_axis = {k = 0 : i64, m = 0 : i64, n = 0 : i64}}, ok = true, whole_axes = []}, edges = [{buffer = "reg", from = "v3", to = "v5"}, {buffer = "reg", from = "v4", to = "v5"}, {buffer = "reg", from = "v5", to = "v7"}, {buffer = "reg", from = "v6", to = "v7"}, {buffer = "reg", from = "v7", to = "C"}], min_buffer = {buffer = "reg", depth = 3 : i64}, operands = [{at = "v3", bank_hint = "xor_swizzle", bank_ways = 4 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "A", tile = array<i64: 128, 32>}, {at = "v3", bank_hint = "xor_swizzle", bank_ways = 8 : i64, buffer = "smem_ring", depth = 3 : i64, tensor = "B", tile = array<i64: 32, 256>}], parallel_axes = ["m", "n"], reduce_axes = ["k"], tail_axes = ["i0"], tile = array<i64: 128, 256, 32>, tiles = {k = 32 : i64, m = 128 : i64, n = 256 : i64}}} {
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
