// rbssa-verify: each malformed region is E1605 RegionMalformed at the
// offending op, with the reason and a suggestion.
// RUN: dlc-opt %s --split-input-file --rbssa-verify --verify-diagnostics

// expected-error @+1 {{E1605 RegionMalformed: rbssa.symbols is not an array of symbol names}}
func.func @symbols(%C: memref<4xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = [4]})
    attributes {rbssa.region = "symbols", rbssa.iters = [{name = "i", size = 4}], rbssa.reduce_iters = [], rbssa.symbols = [1]} {
  return
}

// -----

// expected-error @+1 {{E1605 RegionMalformed: rbssa.iters is not an array of {name, size = symbol of rbssa.symbols or integer}}}
func.func @iters(%C: memref<?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "iters", rbssa.iters = [{name = "i", size = "Q"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  return
}

// -----

// expected-error @+1 {{E1605 RegionMalformed: argument #0 needs rbssa.name, rbssa.role ("input" or "output") and an rbssa.shape entry per dimension}}
func.func @shape(%C: memref<?x4xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["N", 5]})
    attributes {rbssa.region = "shape", rbssa.iters = [], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  return
}

// -----

// expected-error @+1 {{E1605 RegionMalformed: rbssa.layout kind is not row_major, col_major or swizzled}}
func.func @layout(%C: memref<?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["N"], rbssa.layout = {kind = "diagonal"}})
    attributes {rbssa.region = "layout", rbssa.iters = [], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  return
}

// -----

func.func @read_map(%A: memref<?xf32> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["N"]},
                    %C: memref<?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "read_map", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  // expected-error @+1 {{E1605 RegionMalformed: the read's map needs one dim per result dimension and one result per memref dimension}}
  %a = "rbssa.read"(%A) {map = affine_map<(n)[N] -> (n, n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%a, %C) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// -----

func.func @reduce_axes(%A: memref<?x?xf32> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "N"]},
                       %C: memref<?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M"]})
    attributes {rbssa.region = "reduce_axes", rbssa.iters = [{name = "m", size = "M"}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.symbols = ["M", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n)[M, N] -> (m, n)>} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "N"]>
  // expected-error @+1 {{E1605 RegionMalformed: the reduce's axes are not increasing dimensions of its operand}}
  %r = "rbssa.reduce"(%a) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  "rbssa.yield"(%r, %C) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["M"]>, memref<?xf32>) -> ()
  return
}

// -----

func.func @yield_input(%A: memref<?xf32> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["N"]},
                       %C: memref<?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "yield_input", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(n)[N] -> (n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%a, %C) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  // expected-error @+1 {{E1605 RegionMalformed: the yield's destination is not an argument with rbssa.role = "output"}}
  "rbssa.yield"(%a, %A) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// -----

func.func @yield_twice(%A: memref<?xf32> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["N"]},
                       %C: memref<?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "yield_twice", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(n)[N] -> (n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%a, %C) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  // expected-error @+1 {{E1605 RegionMalformed: this output is yielded a second time}}
  "rbssa.yield"(%a, %C) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// -----

// expected-error @+1 {{E1605 RegionMalformed: output argument #1 is never yielded}}
func.func @never_yielded(%A: memref<?xf32> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["N"]},
                         %C: memref<?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "never_yielded", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  return
}


// -----

// The region's name is a string: the planner and the kernels name it.
// expected-error @+1 {{E1605 RegionMalformed: rbssa.region is not a string (the region's name)}}
func.func @region_int(%C: memref<4xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = [4]})
    attributes {rbssa.region = 5, rbssa.iters = [{name = "i", size = 4}], rbssa.reduce_iters = [], rbssa.symbols = []} {
  return
}

// -----

func.func @reduce_no_axes(%A: memref<?x?xf32> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "N"]},
                          %C: memref<?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M"]})
    attributes {rbssa.region = "reduce_no_axes", rbssa.iters = [{name = "m", size = "M"}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.symbols = ["M", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n)[M, N] -> (m, n)>} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "N"]>
  // expected-error @+1 {{E1605 RegionMalformed: the reduce has no axes (it would reduce nothing)}}
  %r = "rbssa.reduce"(%a) {op = "sum", axes = array<i64>, init = 0.0 : f32, dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  "rbssa.yield"(%r, %C) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["M"]>, memref<?xf32>) -> ()
  return
}

// -----

func.func @reduce_rank(%A: memref<?x?xf32> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "N"]},
                       %C: memref<?x?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]})
    attributes {rbssa.region = "reduce_rank", rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["M", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n)[M, N] -> (m, n)>} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "N"]>
  // expected-error @+1 {{E1605 RegionMalformed: the reduce's result does not have its operand's dimensions minus the reduced axes}}
  %r = "rbssa.reduce"(%a) {op = "sum", axes = array<i64: 1>, init = 0.0 : f32, dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%r, %C) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf32>) -> ()
  return
}

// -----

func.func @transpose_twice(%A: memref<?x?xf32> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "N"]},
                           %C: memref<?x?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]})
    attributes {rbssa.region = "transpose_twice", rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["M", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n)[M, N] -> (m, n)>} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "N"]>
  // expected-error @+1 {{E1605 RegionMalformed: the transpose's permutation is not a permutation of its operand's dimensions onto its result's (result dim i is operand dim permutation[i], of equal size)}}
  %t = "rbssa.transpose"(%a) {permutation = array<i64: 0, 0>} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%t, %C) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf32>) -> ()
  return
}

// -----

// A transpose's result dims are its operand's, permuted: [1, 0] of [M, N]
// is [N, M].
func.func @transpose_sizes(%A: memref<?x?xf32> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "N"]},
                           %C: memref<?x?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]})
    attributes {rbssa.region = "transpose_sizes", rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["M", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n)[M, N] -> (m, n)>} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "N"]>
  // expected-error @+1 {{E1605 RegionMalformed: the transpose's permutation is not a permutation}}
  %t = "rbssa.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%t, %C) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf32>) -> ()
  return
}

// -----

func.func @broadcast_range(%B: memref<?xf32> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["N"]},
                           %C: memref<?x?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]})
    attributes {rbssa.region = "broadcast_range", rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["M", "N"]} {
  %b = "rbssa.read"(%B) {map = affine_map<(n)[M, N] -> (n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  // expected-error @+1 {{E1605 RegionMalformed: the broadcast's broadcast_dimensions are not distinct dimensions of its result, one per operand dimension and of its size (or 1)}}
  %bmn = "rbssa.broadcast_in_dim"(%b) {broadcast_dimensions = array<i64: 7>} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%bmn, %C) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf32>) -> ()
  return
}

// -----

// Operand dim 0 (N) cannot become result dim 0 (M).
func.func @broadcast_sizes(%B: memref<?xf32> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["N"]},
                           %C: memref<?x?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]})
    attributes {rbssa.region = "broadcast_sizes", rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["M", "N"]} {
  %b = "rbssa.read"(%B) {map = affine_map<(n)[M, N] -> (n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  // expected-error @+1 {{E1605 RegionMalformed: the broadcast's broadcast_dimensions are not distinct dimensions of its result}}
  %bmn = "rbssa.broadcast_in_dim"(%b) {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%bmn, %C) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf32>) -> ()
  return
}

// -----

func.func @select_dims(%A: memref<?x?xf32> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "N"]},
                       %C: memref<?x?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]})
    attributes {rbssa.region = "select_dims", rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["M", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n)[M, N] -> (m, n)>} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "N"]>
  // expected-error @+1 {{E1605 RegionMalformed: the select's pred needs one dim per dimension of its value}}
  %s = "rbssa.select"(%a) {pred = affine_set<(m)[M, N] : (m >= 0)>, else = 0.0 : f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%s, %C) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf32>) -> ()
  return
}

// -----

func.func @select_symbols(%A: memref<?xf32> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["N"]},
                          %C: memref<?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "select_symbols", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(n)[N] -> (n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  // expected-error @+1 {{E1605 RegionMalformed: the select's pred has more symbols than rbssa.symbols}}
  %s = "rbssa.select"(%a) {pred = affine_set<(n)[N, Q] : (Q - n - 1 >= 0)>, else = 0.0 : f32} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%s, %C) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}
