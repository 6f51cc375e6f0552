// Regions the planner cannot tile are an E1602 RegionNotPlannable error at
// the offending op; the planner handles the GEMM family (one reduce {op =
// "sum"} over one axis of mul(read A, read B), elementwise ops after it, one
// yield).
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan --verify-diagnostics

// No reduce: nothing to tile with a GEMM skeleton.
// expected-error @+1 {{E1602 RegionNotPlannable: region 'add' has no reduce, so no contraction to tile}}
func.func @add(%X: memref<?xf32> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N"]},
               %Y: memref<?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "add", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(n)[N] -> (n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  %y = "rbssa.binary"(%x, %x) {fn = "add"} : (tensor<?xf32, ["N"]>, tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%y, %Y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// -----

// A max reduction is no contraction.
func.func @rowmax(%X: memref<?x?xf32> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["M", "N"]},
                  %Y: memref<?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["M"]})
    attributes {rbssa.region = "rowmax", rbssa.iters = [{name = "m", size = "M"}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.symbols = ["M", "N"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(m, n)[M, N] -> (m, n)>} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "N"]>
  // expected-error @+1 {{E1602 RegionNotPlannable: the reduce is not a sum, so it is no contraction}}
  %y = "rbssa.reduce"(%x) {op = "max", axes = array<i64: 1>, init = 0xFF800000 : f32, dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  "rbssa.yield"(%y, %Y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["M"]>, memref<?xf32>) -> ()
  return
}

// -----

// The conv of §6.8.2 reduces (ci, kh, kw) and tiles (n, ho, wo) as one M:
// implicit GEMM over several axes is not implemented.
func.func @conv3x3_s2_p1(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "Ci", "H", "W"]},
    %W: memref<?x?x3x3xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", "Ci", 3, 3]},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Co", "Ho", "Wo"]})
    attributes {rbssa.region = "conv3x3_s2_p1",
                rbssa.iters = [{name = "n", size = "N"}, {name = "co", size = "Co"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}],
                rbssa.reduce_iters = [{name = "ci", size = "Ci"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "Ci", "H", "W", "Co", "Ho", "Wo"]} {
  %w = "rbssa.read"(%W) {map = affine_map<(n, co, ho, wo, ci, kh, kw)[N, Ci, H, W, Co, Ho, Wo] -> (co, ci, kh, kw)>}
      : (memref<?x?x3x3xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %xr = "rbssa.read"(%X) {map = affine_map<(n, co, ho, wo, ci, kh, kw)[N, Ci, H, W, Co, Ho, Wo] -> (n, ci, ho * 2 + kh - 1, wo * 2 + kw - 1)>}
      : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, co, ho, wo, ci, kh, kw)[N, Ci, H, W, Co, Ho, Wo]
                                : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>,
                            else = 0.0 : f16}
      : (tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %p = "rbssa.binary"(%w, %x) {fn = "mul"}
      : (tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  // expected-error @+1 {{E1602 RegionNotPlannable: the contraction reduces 3 axes; the planner handles one (implicit GEMM over several axes is not implemented)}}
  %y = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32}
      : (tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Co", "Ho", "Wo"]>
  "rbssa.yield"(%y, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Co", "Ho", "Wo"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----

// Shared weights across two batch axes: g becomes the batch B is broadcast
// across, and b and m would both have to become the GEMM's M.
func.func @shared_weights_twice(
    %A: memref<?x?x?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["G", "Bt", "M", "K"]},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"]},
    %C: memref<?x?x?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["G", "Bt", "M", "N"]})
    attributes {rbssa.region = "shared_weights_twice",
                rbssa.iters = [{name = "g", size = "G"}, {name = "b", size = "Bt"}, {name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["G", "Bt", "M", "K", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(g, b, m, n, k)[G, Bt, M, K, N] -> (g, b, m, k)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?xf16, ["G", "Bt", "M", "N", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(g, b, m, n, k)[G, Bt, M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?x?x?xf16, ["G", "Bt", "M", "N", "K"]>
  // expected-error @+1 {{E1602 RegionNotPlannable: axes 'b' and 'm' both play m (read by A only); fusing several axes into one GEMM dimension is not implemented}}
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?x?x?xf16, ["G", "Bt", "M", "N", "K"]>, tensor<?x?x?x?x?xf16, ["G", "Bt", "M", "N", "K"]>) -> tensor<?x?x?x?x?xf16, ["G", "Bt", "M", "N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 4>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?xf16, ["G", "Bt", "M", "N", "K"]>) -> tensor<?x?x?x?xf32, ["G", "Bt", "M", "N"]>
  "rbssa.yield"(%acc, %C) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["G", "Bt", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----

// The attention scores of §6.8.3 go on into a max and a sum: a second
// reduce in the region.
func.func @attention_row_softmax(
    %Q: memref<?x?xf16> {rbssa.name = "Q", rbssa.role = "input", rbssa.shape = ["M", "D"]},
    %K: memref<?x?xf16> {rbssa.name = "K", rbssa.role = "input", rbssa.shape = ["N", "D"]},
    %P: memref<?xf32> {rbssa.name = "P", rbssa.role = "output", rbssa.shape = ["M"]})
    attributes {rbssa.region = "attention_row_softmax",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "d", size = "D"}],
                rbssa.symbols = ["M", "D", "N"]} {
  %q = "rbssa.read"(%Q) {map = affine_map<(m, n, d)[M, D, N] -> (m, d)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "D"]>
  %k = "rbssa.read"(%K) {map = affine_map<(m, n, d)[M, D, N] -> (n, d)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "D"]>
  %qk = "rbssa.binary"(%q, %k) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "N", "D"]>, tensor<?x?x?xf16, ["M", "N", "D"]>) -> tensor<?x?x?xf16, ["M", "N", "D"]>
  %s = "rbssa.reduce"(%qk) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "D"]>) -> tensor<?x?xf32, ["M", "N"]>
  // expected-error @+1 {{E1602 RegionNotPlannable: a second reduce in the region; the planner handles one contraction per region}}
  %mrow = "rbssa.reduce"(%s) {op = "max", axes = array<i64: 1>, init = 0xFF800000 : f32, dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  "rbssa.yield"(%mrow, %P) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["M"]>, memref<?xf32>) -> ()
  return
}

// -----

// A transpose after the contraction is no elementwise epilogue op.
func.func @transposed(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"]},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "M"]},
    %C: memref<?x?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "M"]})
    attributes {rbssa.region = "transposed",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "M"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n, k)[M, K] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "M", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(m, n, k)[M, K] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "M", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "M", "K"]>, tensor<?x?x?xf16, ["M", "M", "K"]>) -> tensor<?x?x?xf16, ["M", "M", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "M", "K"]>) -> tensor<?x?xf32, ["M", "M"]>
  // expected-error @+1 {{E1602 RegionNotPlannable: this op after the contraction is not an elementwise epilogue op}}
  %tr = "rbssa.transpose"(%acc) {permutation = array<i64: 1, 0>} : (tensor<?x?xf32, ["M", "M"]>) -> tensor<?x?xf32, ["M", "M"]>
  "rbssa.yield"(%tr, %C) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "M"]>, memref<?x?xf32>) -> ()
  return
}

// -----

// The region attributes and argument attributes of docs/dialects/rbssa.md
// are required.
// expected-error @+1 {{E1602 RegionNotPlannable: region function has no rbssa.iters array attribute}}
func.func @no_iters(%Y: memref<?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "no_iters"} {
  return
}

// -----

// expected-error @+1 {{E1602 RegionNotPlannable: argument #0 is not a memref with rbssa.name, rbssa.role and rbssa.shape}}
func.func @no_name(%Y: memref<?xf32> {rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "no_name", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  return
}

// -----

// Regression (reproducer D23): an empty size name was copied with
// memcpy(dst, NULL, 0) (UBSan) and, in release builds, planned silently.
// expected-error @+1 {{E1602 RegionNotPlannable: entry 0 of rbssa.iters is not {name = "...", size = "SYM" or N}}}
func.func @empty_size(%Y: memref<?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "empty_size", rbssa.iters = [{name = "n", size = ""}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  return
}

// -----

// An empty axis name.
// expected-error @+1 {{E1602 RegionNotPlannable: entry 0 of rbssa.iters is not {name = "...", size = "SYM" or N}}}
func.func @empty_name(%Y: memref<?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "empty_name", rbssa.iters = [{name = "", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  return
}
