// CPU playback of rbssa regions (docs/interp.md, "rbssa regions"), one op
// family at a time, on small known values.

// rbssa.select guards a padded read inside a reduction (a 1-D convolution,
// pad 1): y[n] = sum_k w[k] * x[n + k - 1], 0 outside x. With x = iota(4)
// and w = [1, 10, 100]: [100, 210, 321, 32].
// RUN: dlc-interp %s --func conv1d_pad N=4 --input x=iota --input w=1,10,100 --print \
// RUN:   | FileCheck %s --check-prefix=PAD
// PAD: y: f32[4]
// PAD-NEXT: y = 100 210 321 32
func.func @conv1d_pad(%x: memref<?xf32> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = ["N"]},
                      %w: memref<3xf32> {rbssa.name = "w", rbssa.role = "input", rbssa.shape = [3]},
                      %y: memref<?xf32> {rbssa.name = "y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "conv1d_pad", rbssa.iters = [{name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = 3}], rbssa.symbols = ["N"]} {
  %xr = "rbssa.read"(%x) {map = affine_map<(n, k)[N] -> (n + k - 1)>} : (memref<?xf32>) -> tensor<?x3xf32, ["N", 3]>
  %xs = "rbssa.select"(%xr) {pred = affine_set<(n, k)[N] : (n + k - 1 >= 0, N - n - k >= 0)>, else = 0.0 : f32}
      : (tensor<?x3xf32, ["N", 3]>) -> tensor<?x3xf32, ["N", 3]>
  %wr = "rbssa.read"(%w) {map = affine_map<(n, k)[N] -> (k)>} : (memref<3xf32>) -> tensor<?x3xf32, ["N", 3]>
  %p = "rbssa.binary"(%wr, %xs) {fn = "mul"} : (tensor<?x3xf32, ["N", 3]>, tensor<?x3xf32, ["N", 3]>) -> tensor<?x3xf32, ["N", 3]>
  %s = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 1>, init = 0.0 : f32, dtype = f32} : (tensor<?x3xf32, ["N", 3]>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%s, %y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// transpose, compare, select_value, const, broadcast_in_dim, and reduce
// max/min from their init. x = [[1, -2, 3], [-4, 5, -6]] is read as
// [N, M] and transposed back; |x| is select_value(x > 0, x, -x); the row
// max starts from 4 (so row 0 gives 4); the column min of x - rowmax.
// RUN: dlc-interp %s --func misc M=2,N=3 --input x=1,-2,3,-4,5,-6 --print | FileCheck %s --check-prefix=MISC
// MISC: abs: f32[2, 3]
// MISC-NEXT: abs[0] = 1 2 3
// MISC-NEXT: abs[1] = 4 5 6
// MISC-NEXT: rowmax: f32[2]
// MISC-NEXT: rowmax = 4 5
// MISC-NEXT: colmin: f16[3]
// MISC-NEXT: colmin = -9 -6 -11
func.func @misc(%x: memref<?x?xf32> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = ["M", "N"]},
                %abs: memref<?x?xf32> {rbssa.name = "abs", rbssa.role = "output", rbssa.shape = ["M", "N"]},
                %rowmax: memref<?xf32> {rbssa.name = "rowmax", rbssa.role = "output", rbssa.shape = ["M"]},
                %colmin: memref<?xf16> {rbssa.name = "colmin", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "misc", rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [], rbssa.symbols = ["M", "N"]} {
  %xt = "rbssa.read"(%x) {map = affine_map<(n, m)[M, N] -> (m, n)>} : (memref<?x?xf32>) -> tensor<?x?xf32, ["N", "M"]>
  %t = "rbssa.transpose"(%xt) {permutation = array<i64: 1, 0>} : (tensor<?x?xf32, ["N", "M"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "rbssa.const"() {value = 0.0 : f32} : () -> tensor<?x?xf32, ["M", "N"]>
  %pos = "rbssa.compare"(%t, %zero) {fn = "cmpgt"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  %neg = "rbssa.unary"(%t) {fn = "neg"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %a = "rbssa.select_value"(%pos, %t, %neg) : (tensor<?x?xi1, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%a, %abs) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf32>) -> ()
  %mx = "rbssa.reduce"(%t) {op = "max", axes = array<i64: 1>, init = 4.0 : f32, dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  "rbssa.yield"(%mx, %rowmax) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["M"]>, memref<?xf32>) -> ()
  %mxb = "rbssa.broadcast_in_dim"(%mx) {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "N"]>
  %d = "rbssa.binary"(%t, %mxb) {fn = "sub"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %mn = "rbssa.reduce"(%d) {op = "min", axes = array<i64: 0>, init = 0x7F800000 : f32, dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%mn, %colmin) {cast = f16, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf16>) -> ()
  return
}

// Unary functions (silu, gelu (erf form), gelu_tanh, tanh, sigmoid, rsqrt) at
// x = [-2, -0.5, 0.5, 3] (rsqrt of [0.25, 4, 2, 16]).
// RUN: dlc-interp %s --func unary --input x=-2,-0.5,0.5,3 --input y=0.25,4,2,16 --print \
// RUN:   | FileCheck %s --check-prefix=UNARY
// UNARY: silu = -0.23840584 -0.18877034 0.31122968 2.8577223
// UNARY: gelu = -0.045500264 -0.15426877 0.34573123 2.9959502
// UNARY: gelu_tanh = -0.045402307 -0.154286 0.345714 2.9963627
// UNARY: tanh = -0.9640276 -0.46211717 0.46211717 0.9950548
// UNARY: sigmoid = 0.11920292 0.37754068 0.62245935 0.95257413
// UNARY: rsqrt = 2 0.5 0.70710677 0.25
func.func @unary(%x: memref<4xf32> {rbssa.name = "x", rbssa.role = "input", rbssa.shape = [4]},
                 %y: memref<4xf32> {rbssa.name = "y", rbssa.role = "input", rbssa.shape = [4]},
                 %silu: memref<4xf32> {rbssa.name = "silu", rbssa.role = "output", rbssa.shape = [4]},
                 %gelu: memref<4xf32> {rbssa.name = "gelu", rbssa.role = "output", rbssa.shape = [4]},
                 %gelut: memref<4xf32> {rbssa.name = "gelu_tanh", rbssa.role = "output", rbssa.shape = [4]},
                 %tanh: memref<4xf32> {rbssa.name = "tanh", rbssa.role = "output", rbssa.shape = [4]},
                 %sigmoid: memref<4xf32> {rbssa.name = "sigmoid", rbssa.role = "output", rbssa.shape = [4]},
                 %rsqrt: memref<4xf32> {rbssa.name = "rsqrt", rbssa.role = "output", rbssa.shape = [4]})
    attributes {rbssa.region = "unary", rbssa.iters = [{name = "i", size = 4}], rbssa.reduce_iters = [], rbssa.symbols = []} {
  %v = "rbssa.read"(%x) {map = affine_map<(i) -> (i)>} : (memref<4xf32>) -> tensor<4xf32>
  %w = "rbssa.read"(%y) {map = affine_map<(i) -> (i)>} : (memref<4xf32>) -> tensor<4xf32>
  %a = "rbssa.unary"(%v) {fn = "silu"} : (tensor<4xf32>) -> tensor<4xf32>
  "rbssa.yield"(%a, %silu) {cast = f32, materialize = "gmem"} : (tensor<4xf32>, memref<4xf32>) -> ()
  %b = "rbssa.unary"(%v) {fn = "gelu"} : (tensor<4xf32>) -> tensor<4xf32>
  "rbssa.yield"(%b, %gelu) {cast = f32, materialize = "gmem"} : (tensor<4xf32>, memref<4xf32>) -> ()
  %bt = "rbssa.unary"(%v) {fn = "gelu_tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  "rbssa.yield"(%bt, %gelut) {cast = f32, materialize = "gmem"} : (tensor<4xf32>, memref<4xf32>) -> ()
  %c = "rbssa.unary"(%v) {fn = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  "rbssa.yield"(%c, %tanh) {cast = f32, materialize = "gmem"} : (tensor<4xf32>, memref<4xf32>) -> ()
  %d = "rbssa.unary"(%v) {fn = "sigmoid"} : (tensor<4xf32>) -> tensor<4xf32>
  "rbssa.yield"(%d, %sigmoid) {cast = f32, materialize = "gmem"} : (tensor<4xf32>, memref<4xf32>) -> ()
  %e = "rbssa.unary"(%w) {fn = "rsqrt"} : (tensor<4xf32>) -> tensor<4xf32>
  "rbssa.yield"(%e, %rsqrt) {cast = f32, materialize = "gmem"} : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}

// Integer div rounds toward zero: [-7, 7] / [2, -2] = [-3, -3].
// RUN: dlc-interp %s --func idiv --input a=-7,7 --input b=2,-2 --print | FileCheck %s --check-prefix=IDIV
// IDIV: q: i32[2]
// IDIV-NEXT: q = -3 -3
func.func @idiv(%a: memref<2xi32> {rbssa.name = "a", rbssa.role = "input", rbssa.shape = [2]},
                %b: memref<2xi32> {rbssa.name = "b", rbssa.role = "input", rbssa.shape = [2]},
                %q: memref<2xi32> {rbssa.name = "q", rbssa.role = "output", rbssa.shape = [2]})
    attributes {rbssa.region = "idiv", rbssa.iters = [{name = "i", size = 2}], rbssa.reduce_iters = [], rbssa.symbols = []} {
  %x = "rbssa.read"(%a) {map = affine_map<(i) -> (i)>} : (memref<2xi32>) -> tensor<2xi32>
  %y = "rbssa.read"(%b) {map = affine_map<(i) -> (i)>} : (memref<2xi32>) -> tensor<2xi32>
  %d = "rbssa.binary"(%x, %y) {fn = "div"} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  "rbssa.yield"(%d, %q) {cast = i32, materialize = "gmem"} : (tensor<2xi32>, memref<2xi32>) -> ()
  return
}
