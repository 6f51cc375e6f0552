// Errors of the rbssa region playback (docs/interp.md, "rbssa regions"):
// MLIR diagnostics at the offending op and a non-zero exit, never a crash.

// A read outside its memref (x[n + 1] over n < N) that reaches a yield
// unguarded: an error at the read, naming the first output point.
// RUN: not dlc-interp %s --func unguarded N=4 2>&1 | FileCheck %s --check-prefix=UNGUARDED
// UNGUARDED: rbssa-errors.mlir:[[@LINE+4]]:{{[0-9]+}}: error: interpreter: this read leaves its memref, and rbssa.yield writes a value that depends on it to output 0 at [3]; guard the read with rbssa.select
func.func @unguarded(%x: memref<?xf32> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = ["N"]},
                     %y: memref<?xf32> {rbssa.name = "y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "unguarded", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  %r = "rbssa.read"(%x) {map = affine_map<(n)[N] -> (n + 1)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  %e = "rbssa.unary"(%r) {fn = "exp"} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%e, %y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// The same read under an rbssa.select whose predicate keeps it inside is
// fine: the shifted copy with a 0 at the end.
// RUN: dlc-interp %s --func guarded N=4 --input x=iota --print | FileCheck %s --check-prefix=GUARDED
// GUARDED: y = 1 2 3 0
func.func @guarded(%x: memref<?xf32> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = ["N"]},
                   %y: memref<?xf32> {rbssa.name = "y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "guarded", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  %r = "rbssa.read"(%x) {map = affine_map<(n)[N] -> (n + 1)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  %g = "rbssa.select"(%r) {pred = affine_set<(n)[N] : (N - n - 2 >= 0)>, else = 0.0 : f32} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%g, %y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// select_value evaluates both sides, so masking by data does not guard a
// read: still an error at the read.
// RUN: not dlc-interp %s --func data_mask N=4 2>&1 | FileCheck %s --check-prefix=DATA-MASK
// DATA-MASK: rbssa-errors.mlir:[[@LINE+4]]:{{[0-9]+}}: error: interpreter: this read leaves its memref, and rbssa.yield writes a value that depends on it to output 0 at [3]
func.func @data_mask(%x: memref<?xf32> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = ["N"]},
                     %y: memref<?xf32> {rbssa.name = "y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "data_mask", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  %r = "rbssa.read"(%x) {map = affine_map<(n)[N] -> (n + 1)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  %zero = "rbssa.const"() {value = 0.0 : f32} : () -> tensor<?xf32, ["N"]>
  %false = "rbssa.const"() {value = false} : () -> tensor<?xi1, ["N"]>
  %s = "rbssa.select_value"(%false, %r, %zero) : (tensor<?xi1, ["N"]>, tensor<?xf32, ["N"]>, tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%s, %y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// yield's cast must be the output memref's element type.
// RUN: not dlc-interp %s --func bad_cast N=2 2>&1 | FileCheck %s --check-prefix=CAST
// CAST: rbssa-errors.mlir:[[@LINE+5]]:{{[0-9]+}}: error: interpreter: 'cast' must be the output memref's element type (f16)
func.func @bad_cast(%x: memref<?xf32> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = ["N"]},
                    %y: memref<?xf16> {rbssa.name = "y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "bad_cast", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  %r = "rbssa.read"(%x) {map = affine_map<(n)[N] -> (n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%r, %y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf16>) -> ()
  return
}

// Every output is written exactly once.
// RUN: not dlc-interp %s --func unwritten N=2 2>&1 | FileCheck %s --check-prefix=UNWRITTEN
// UNWRITTEN: rbssa-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: interpreter: output 1 (region argument 2) is never written by an rbssa.yield
func.func @unwritten(%x: memref<?xf32> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = ["N"]},
                     %y: memref<?xf32> {rbssa.name = "y", rbssa.role = "output", rbssa.shape = ["N"]},
                     %z: memref<?xf32> {rbssa.name = "z", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "unwritten", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  %r = "rbssa.read"(%x) {map = affine_map<(n)[N] -> (n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%r, %y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}
// RUN: not dlc-interp %s --func twice N=2 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: rbssa-errors.mlir:[[@LINE+6]]:{{[0-9]+}}: error: interpreter: output 0 is written a second time
func.func @twice(%x: memref<?xf32> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = ["N"]},
                 %y: memref<?xf32> {rbssa.name = "y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "twice", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  %r = "rbssa.read"(%x) {map = affine_map<(n)[N] -> (n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%r, %y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  "rbssa.yield"(%r, %y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// A region reads its inputs only.
// RUN: not dlc-interp %s --func read_output N=2 2>&1 | FileCheck %s --check-prefix=READ-OUTPUT
// READ-OUTPUT: rbssa-errors.mlir:[[@LINE+4]]:{{[0-9]+}}: error: interpreter: operand 0 is an output memref; a region only reads its inputs
func.func @read_output(%x: memref<?xf32> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = ["N"]},
                       %y: memref<?xf32> {rbssa.name = "y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "read_output", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  %r = "rbssa.read"(%y) {map = affine_map<(n)[N] -> (n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%r, %y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// Only rbssa ops (and func.return) may appear in a region.
// RUN: not dlc-interp %s --func foreign N=2 2>&1 | FileCheck %s --check-prefix=FOREIGN
// FOREIGN: rbssa-errors.mlir:[[@LINE+5]]:{{[0-9]+}}: error: interpreter: unsupported op 'tiny.neg' in an rbssa region
func.func @foreign(%x: memref<?xf32> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = ["N"]},
                   %y: memref<?xf32> {rbssa.name = "y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "foreign", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  %r = "rbssa.read"(%x) {map = affine_map<(n)[N] -> (n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  %n = "tiny.neg"(%r) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%n, %y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// Integer division by zero.
// RUN: not dlc-interp %s --func div_zero --input a=1,2 --input b=1,0 2>&1 | FileCheck %s --check-prefix=DIV-ZERO
// DIV-ZERO: rbssa-errors.mlir:[[@LINE+7]]:{{[0-9]+}}: error: interpreter: integer division by zero
func.func @div_zero(%a: memref<2xi32> {rbssa.name = "a", rbssa.role = "input", rbssa.shape = [2]},
                    %b: memref<2xi32> {rbssa.name = "b", rbssa.role = "input", rbssa.shape = [2]},
                    %q: memref<2xi32> {rbssa.name = "q", rbssa.role = "output", rbssa.shape = [2]})
    attributes {rbssa.region = "div_zero", rbssa.iters = [{name = "i", size = 2}], rbssa.reduce_iters = [], rbssa.symbols = []} {
  %x = "rbssa.read"(%a) {map = affine_map<(i) -> (i)>} : (memref<2xi32>) -> tensor<2xi32>
  %y = "rbssa.read"(%b) {map = affine_map<(i) -> (i)>} : (memref<2xi32>) -> tensor<2xi32>
  %d = "rbssa.binary"(%x, %y) {fn = "div"} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  "rbssa.yield"(%d, %q) {cast = i32, materialize = "gmem"} : (tensor<2xi32>, memref<2xi32>) -> ()
  return
}

// A broadcast whose operand dim fits neither its result dim nor 1.
// RUN: not dlc-interp %s --func bad_broadcast M=2,N=3 2>&1 | FileCheck %s --check-prefix=BROADCAST
// BROADCAST: rbssa-errors.mlir:[[@LINE+7]]:{{[0-9]+}}: error: interpreter: operand dim 0 (of shape [3]) does not fit result dim 0 (of shape [2, 3])
func.func @bad_broadcast(%x: memref<?xf32> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = ["N"]},
                         %m: memref<?xf32> {rbssa.name = "m", rbssa.role = "input", rbssa.shape = ["M"]},
                         %y: memref<?x?xf32> {rbssa.name = "y", rbssa.role = "output", rbssa.shape = ["M", "N"]})
    attributes {rbssa.region = "bad_broadcast", rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [], rbssa.symbols = ["M", "N"]} {
  %r = "rbssa.read"(%x) {map = affine_map<(n)[M, N] -> (n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  %b = "rbssa.broadcast_in_dim"(%r) {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%b, %y) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf32>) -> ()
  return
}

// The signature: rbssa.symbols lists every symbol of the rbssa.shapes, and
// every argument has a role.
// RUN: not dlc-interp %s --func unlisted N=2 2>&1 | FileCheck %s --check-prefix=UNLISTED
// UNLISTED: rbssa-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: interpreter: symbol 'N' of the 'rbssa.shape' of region argument 0 is missing from 'rbssa.symbols'
func.func @unlisted(%x: memref<?xf32> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = ["N"]},
                    %y: memref<?xf32> {rbssa.name = "y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "unlisted", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = []} {
  return
}
// RUN: not dlc-interp %s --func no_role 2>&1 | FileCheck %s --check-prefix=NO-ROLE
// NO-ROLE: rbssa-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: interpreter: region argument 1 needs 'rbssa.role' = "input" or "output"
func.func @no_role(%x: memref<2xf32> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = [2]},
                   %y: memref<2xf32> {rbssa.name = "y", rbssa.shape = [2]})
    attributes {rbssa.region = "no_role", rbssa.iters = [{name = "i", size = 2}], rbssa.reduce_iters = [], rbssa.symbols = []} {
  return
}
