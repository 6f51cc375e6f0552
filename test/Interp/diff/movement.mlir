// Differential tests (docs/interp.md, "Differential testing"): chains of
// movement ops (reshape, permute, flip, pad, shrink, expand) folded by the
// lowering into the affine maps and guards of rbssa reads and selects.

// reshape [M, 12] -> [M, 3, 4], permute to [4, M, 3], flip M, pad the
// static dims (one row before, one column each side), a stride-2 shrink of
// the columns, then an ADD with a second input.
// RUN: dlc-interp %s --func chain --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=CHAIN
// CHAIN-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}}: max abs err {{.*}}: PASS
// CHAIN-NEXT: diff @chain: 5 of 5 trials pass
func.func @chain(%x: tensor<?x12xf32, ["M", 12]>, %y: tensor<4x?x3xf32, [4, "M", 3]>) -> tensor<4x?x3xf32, [4, "M", 3]> {
  %r = "tiny.reshape"(%x) : (tensor<?x12xf32, ["M", 12]>) -> tensor<?x3x4xf32, ["M", 3, 4]>
  %p = "tiny.permute"(%r) {order = array<i64: 2, 0, 1>} : (tensor<?x3x4xf32, ["M", 3, 4]>) -> tensor<4x?x3xf32, [4, "M", 3]>
  %f = "tiny.flip"(%p) {axes = array<i64: 1>} : (tensor<4x?x3xf32, [4, "M", 3]>) -> tensor<4x?x3xf32, [4, "M", 3]>
  %pd = "tiny.pad"(%f) {padding = array<i64: 1, 0, 0, 0, 1, 1>} : (tensor<4x?x3xf32, [4, "M", 3]>) -> tensor<5x?x5xf32, [5, "M", 5]>
  %s = "tiny.shrink"(%pd) {offsets = array<i64: 0, 0, 0>, steps = array<i64: 1, 1, 2>} : (tensor<5x?x5xf32, [5, "M", 5]>) -> tensor<4x?x3xf32, [4, "M", 3]>
  %a = "tiny.add"(%s, %y) : (tensor<4x?x3xf32, [4, "M", 3]>, tensor<4x?x3xf32, [4, "M", 3]>) -> tensor<4x?x3xf32, [4, "M", 3]>
  return %a : tensor<4x?x3xf32, [4, "M", 3]>
}

// A bias [N] reshaped to [1, N], expanded to [M, N], flipped both ways and
// multiplied in f16.
// RUN: dlc-interp %s --func expand_chain --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=EXPAND
// EXPAND-COUNT-5: trial {{[0-4]}}: N={{[0-9]+}} M={{[0-9]+}}: max abs err {{.*}}: PASS
// EXPAND-NEXT: diff @expand_chain: 5 of 5 trials pass
func.func @expand_chain(%b: tensor<?xf16, ["N"]>, %x: tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]> {
  %r = "tiny.reshape"(%b) : (tensor<?xf16, ["N"]>) -> tensor<1x?xf16, [1, "N"]>
  %e = "tiny.expand"(%r) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x?xf16, [1, "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %f = "tiny.flip"(%e) {axes = array<i64: 0, 1>} : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %m = "tiny.mul"(%f, %x) : (tensor<?x?xf16, ["M", "N"]>, tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %m : tensor<?x?xf16, ["M", "N"]>
}

// permute [M, 6] -> [6, M], pad two rows before and one after, take every
// other row from row 1 (a padding row, then source rows 1, 3, 5), flip M,
// permute back: the output mixes padding zeros and data.
// RUN: dlc-interp %s --func pad_shrink --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=PAD
// PAD-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}}: max abs err {{.*}}: PASS
// PAD-NEXT: diff @pad_shrink: 5 of 5 trials pass
func.func @pad_shrink(%x: tensor<?x6xf32, ["M", 6]>) -> tensor<?x4xf32, ["M", 4]> {
  %t = "tiny.permute"(%x) {order = array<i64: 1, 0>} : (tensor<?x6xf32, ["M", 6]>) -> tensor<6x?xf32, [6, "M"]>
  %pd = "tiny.pad"(%t) {padding = array<i64: 2, 1, 0, 0>} : (tensor<6x?xf32, [6, "M"]>) -> tensor<9x?xf32, [9, "M"]>
  %s = "tiny.shrink"(%pd) {offsets = array<i64: 1, 0>, steps = array<i64: 2, 1>} : (tensor<9x?xf32, [9, "M"]>) -> tensor<4x?xf32, [4, "M"]>
  %f = "tiny.flip"(%s) {axes = array<i64: 1>} : (tensor<4x?xf32, [4, "M"]>) -> tensor<4x?xf32, [4, "M"]>
  %b = "tiny.permute"(%f) {order = array<i64: 1, 0>} : (tensor<4x?xf32, [4, "M"]>) -> tensor<?x4xf32, ["M", 4]>
  return %b : tensor<?x4xf32, ["M", 4]>
}

// flip the columns, a stride-4 shrink from column 1, reshape in a size-1
// dim, expand it to 2 and sum it back (each value doubled).
// RUN: dlc-interp %s --func strided --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=STRIDED
// STRIDED-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}}: max abs err {{.*}}: PASS
// STRIDED-NEXT: diff @strided: 5 of 5 trials pass
func.func @strided(%x: tensor<?x10xf32, ["M", 10]>) -> tensor<?x3xf32, ["M", 3]> {
  %f = "tiny.flip"(%x) {axes = array<i64: 1>} : (tensor<?x10xf32, ["M", 10]>) -> tensor<?x10xf32, ["M", 10]>
  %s = "tiny.shrink"(%f) {offsets = array<i64: 0, 1>, steps = array<i64: 1, 4>} : (tensor<?x10xf32, ["M", 10]>) -> tensor<?x3xf32, ["M", 3]>
  %r = "tiny.reshape"(%s) : (tensor<?x3xf32, ["M", 3]>) -> tensor<?x3x1xf32, ["M", 3, 1]>
  %e = "tiny.expand"(%r) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x3x1xf32, ["M", 3, 1]>) -> tensor<?x3x2xf32, ["M", 3, 2]>
  %sum = "tiny.reduce"(%e) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x3x2xf32, ["M", 3, 2]>) -> tensor<?x3xf32, ["M", 3]>
  return %sum : tensor<?x3xf32, ["M", 3]>
}

// A pad of a symbolic dim names a new symbol for the padded size ("Np"),
// which only an intermediate value has: the interpreter binds symbols from
// the arguments only, so --diff reports the tiny side as an error (exit 1)
// rather than skipping it.
// RUN: not dlc-interp %s --func symbolic_pad --diff --trials 1 --seed 1 2>&1 | FileCheck %s --check-prefix=SYMPAD
// SYMPAD: error: interpreter: symbol 'Np' is not bound: it names no dimension of the function's arguments
// SYMPAD: trial 0: M={{[0-9]+}} N={{[0-9]+}}: ERROR (the tiny function does not evaluate; see the diagnostics on stderr)
// SYMPAD: diff @symbolic_pad: 0 of 1 trials pass
func.func @symbolic_pad(%x: tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]> {
  %t = "tiny.permute"(%x) {order = array<i64: 1, 0>} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["N", "M"]>
  %pd = "tiny.pad"(%t) {padding = array<i64: 2, 1, 0, 0>} : (tensor<?x?xf32, ["N", "M"]>) -> tensor<?x?xf32, ["Np", "M"]>
  %s = "tiny.shrink"(%pd) {offsets = array<i64: 1, 0>, steps = array<i64: 1, 1>} : (tensor<?x?xf32, ["Np", "M"]>) -> tensor<?x?xf32, ["N", "M"]>
  %b = "tiny.permute"(%s) {order = array<i64: 1, 0>} : (tensor<?x?xf32, ["N", "M"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %b : tensor<?x?xf32, ["M", "N"]>
}
