// Differential tests of several regions (docs/passes/convert-indexbook-to-
// rbssa.md, "Several regions"): the lowering splits each function into a
// program of regions run in order, and --diff evaluates them in sequence
// through their intermediate buffers. Attention (two regions, P deferred)
// is in attention.mlir.

// A non-SCoP value (a reshape that swaps symbolic dims: semi-affine map)
// ends a region: exp2(a) is materialised (gmem: read through a
// semi-affine map), the next region reads it back.
// RUN: dlc-interp %s --func reshape_symbolic --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=NONSCOP
// NONSCOP-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} K={{[0-9]+}}: max abs err 0, max rel err 0: PASS
// NONSCOP-NEXT: diff @reshape_symbolic: 5 of 5 trials pass
func.func @reshape_symbolic(%a: tensor<?x?xf32, ["M", "K"]>, %b: tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]> {
  %e = "tiny.exp2"(%a) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r = "tiny.reshape"(%e) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %y = "tiny.neg"(%r) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %z = "tiny.add"(%y, %b) : (tensor<?x?xf32, ["K", "M"]>, tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  return %z : tensor<?x?xf32, ["K", "M"]>
}

// Outputs of different shapes: one region per shape.
// RUN: dlc-interp %s --func two_shapes --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=SHAPES
// SHAPES-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} N={{[0-9]+}}: max abs err {{.*}}: PASS
// SHAPES-NEXT: diff @two_shapes: 5 of 5 trials pass
func.func @two_shapes(%x: tensor<?x?xf32, ["M", "N"]>) -> (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["M"]>) {
  %e = "tiny.exp2"(%x) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s = "tiny.reduce"(%e) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  return %e, %s : tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["M"]>
}
