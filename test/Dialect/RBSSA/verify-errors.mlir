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
