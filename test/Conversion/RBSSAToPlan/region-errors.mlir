// Regions the planner cannot plan are an E1602 RegionNotPlannable error at
// the offending op; the planner handles the GEMM family (one reduce {op =
// "sum"} over one axis of mul(read A, read B), elementwise ops after it, one
// yield) and the memory-bound family (memory-plan.test), and contractions the GEMM skeletons do not take go
// to the memory-bound skeleton (contraction-fallback.mlir).
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan --verify-diagnostics

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

// The memory-bound family accumulates in f16, bf16 or f32.
func.func @sum_f64(%X: memref<?x?xf32> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["M", "N"]},
                   %Y: memref<?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["M"]})
    attributes {rbssa.region = "sum_f64", rbssa.iters = [{name = "m", size = "M"}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.symbols = ["M", "N"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(m, n)[M, N] -> (m, n)>} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "N"]>
  // expected-error @+1 {{E1602 RegionNotPlannable: the reduce accumulates in a type other than f16, bf16 and f32}}
  %y = "rbssa.reduce"(%x) {op = "sum", axes = array<i64: 1>, init = 0.0 : f64, dtype = f64} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  "rbssa.yield"(%y, %Y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["M"]>, memref<?xf32>) -> ()
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

// ... and computes in f16, bf16, f32 and i1.
func.func @add_i32(%X: memref<?xi32> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N"]},
                   %Y: memref<?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "add_i32", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  // expected-error @+1 {{E1602 RegionNotPlannable: this value's type is not f16, bf16, f32 or i1}}
  %x = "rbssa.read"(%X) {map = affine_map<(n)[N] -> (n)>} : (memref<?xi32>) -> tensor<?xi32, ["N"]>
  %y = "rbssa.cast"(%x) : (tensor<?xi32, ["N"]>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%y, %Y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// -----

// An empty axis name.
// expected-error @+1 {{E1602 RegionNotPlannable: entry 0 of rbssa.iters is not {name = "...", size = "SYM" or N}}}
func.func @empty_name(%Y: memref<?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "empty_name", rbssa.iters = [{name = "", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  return
}

// -----

// A region without a contraction must yield something.
// expected-error @+1 {{E1602 RegionNotPlannable: the region yields nothing}}
func.func @yields_nothing(%X: memref<?xf32> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N"]})
    attributes {rbssa.region = "yields_nothing", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  return
}

// -----

// A read's map indexes every memref dim, one dim per axis of its value.
func.func @short_map(%X: memref<?x?xf32> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "N"]},
                     %Y: memref<?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "short_map", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  // expected-error @+1 {{E1602 RegionNotPlannable: the read's map does not match its memref and value}}
  %x = "rbssa.read"(%X) {map = affine_map<(n)[N] -> (n)>} : (memref<?x?xf32>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%x, %Y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// -----

// A region named by a non-string (rbssa-verify refuses it too) is refused,
// not read as a string.
// expected-error @+1 {{E1602 RegionNotPlannable: rbssa.region is not a string}}
func.func @region_int(%X: memref<?xf32> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N"]},
                      %Y: memref<?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = 5, rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(n)[N] -> (n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%x, %Y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// -----

// A reduce that reduces nothing (rbssa-verify refuses it too) is refused:
// its kept dimensions would outnumber its result's.
func.func @reduce_no_axes(%X: memref<?x?xf32> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["M", "N"]},
                          %Y: memref<?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["M"]})
    attributes {rbssa.region = "reduce_no_axes", rbssa.iters = [{name = "m", size = "M"}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.symbols = ["M", "N"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(m, n)[M, N] -> (m, n)>} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "N"]>
  // expected-error @+1 {{E1602 RegionNotPlannable: the reduce's result does not have its operand's dimensions minus one or more reduced axes}}
  %s = "rbssa.reduce"(%x) {op = "sum", axes = array<i64>, init = 0.0 : f32, dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  "rbssa.yield"(%s, %Y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["M"]>, memref<?xf32>) -> ()
  return
}

// -----

// A select's set has one dim per dimension of its value, a transpose's
// permutation names each operand dimension once (rbssa-verify refuses both
// too): the memory-bound reader refuses them instead of reading past them.
func.func @select_dims(%X: memref<?x?xf32> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["M", "N"]},
                       %Y: memref<?x?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["M", "N"]})
    attributes {rbssa.region = "select_dims", rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["M", "N"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(m, n)[M, N] -> (m, n)>} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "N"]>
  // expected-error @+1 {{E1602 RegionNotPlannable: the select's pred does not have one dim per dimension of its value}}
  %s = "rbssa.select"(%x) {pred = affine_set<(m)[M, N] : (m >= 0)>, else = 0.0 : f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%s, %Y) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf32>) -> ()
  return
}

// -----

func.func @transpose_twice(%X: memref<?x?xf32> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "N"]},
                           %Y: memref<?x?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "N"]})
    attributes {rbssa.region = "transpose_twice", rbssa.iters = [{name = "i", size = "N"}, {name = "j", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(i, j)[N] -> (i, j)>} : (memref<?x?xf32>) -> tensor<?x?xf32, ["N", "N"]>
  // expected-error @+1 {{E1602 RegionNotPlannable: the broadcast or transpose has no valid dimensions}}
  %t = "rbssa.transpose"(%x) {permutation = array<i64: 0, 0>} : (tensor<?x?xf32, ["N", "N"]>) -> tensor<?x?xf32, ["N", "N"]>
  "rbssa.yield"(%t, %Y) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["N", "N"]>, memref<?x?xf32>) -> ()
  return
}
