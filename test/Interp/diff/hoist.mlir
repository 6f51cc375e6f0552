// Differential tests (docs/interp.md, "Differential testing") of SRNF R1,
// the invariant hoist of convert-indexbook-to-rbssa
// (docs/passes/convert-indexbook-to-rbssa.md, "Reductions"): a factor of a
// reduction body that does not depend on the reduced axis is applied to the
// accumulator after the reduce (test/Conversion/IndexBookToRBSSA/hoist.mlir
// checks the form); tiny-eval and rbssa-eval must agree.

// sum_k s[m] * X[m, k]: a contraction with an invariant factor; s multiplies
// the row sum after the reduce.
// RUN: dlc-interp %s --func sum_scale --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=SCALE
// SCALE-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} K={{[0-9]+}}: max abs err {{.*}}: PASS
// SCALE-NEXT: diff @sum_scale: 5 of 5 trials pass
func.func @sum_scale(%X: tensor<?x?xf32, ["M", "K"]>, %s: tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]> {
  %sr = "tiny.reshape"(%s) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %se = "tiny.expand"(%sr) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "K"]>
  %p = "tiny.mul"(%se, %X) : (tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %y = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %y : tensor<?xf32, ["M"]>
}

// sum_k X[m, k] / s[m]: the row sum divided by s.
// RUN: dlc-interp %s --func sum_div --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=DIV
// DIV-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} K={{[0-9]+}}: max abs err {{.*}}: PASS
// DIV-NEXT: diff @sum_div: 5 of 5 trials pass
func.func @sum_div(%X: tensor<?x?xf32, ["M", "K"]>, %s: tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]> {
  %sr = "tiny.reshape"(%s) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %se = "tiny.expand"(%sr) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "K"]>
  %p = "tiny.fdiv"(%X, %se) : (tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %y = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %y : tensor<?xf32, ["M"]>
}

// max_k (c[m] + X[m, k]): c added to the row max.
// RUN: dlc-interp %s --func max_add --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=MAXADD
// MAXADD-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} K={{[0-9]+}}: max abs err {{.*}}: PASS
// MAXADD-NEXT: diff @max_add: 5 of 5 trials pass
func.func @max_add(%X: tensor<?x?xf32, ["M", "K"]>, %c: tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]> {
  %cr = "tiny.reshape"(%c) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %ce = "tiny.expand"(%cr) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "K"]>
  %p = "tiny.add"(%ce, %X) : (tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %y = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "max"} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %y : tensor<?xf32, ["M"]>
}

// min_k (X[m, k] - c[m]): c subtracted from the row min.
// RUN: dlc-interp %s --func min_sub --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=MINSUB
// MINSUB-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} K={{[0-9]+}}: max abs err {{.*}}: PASS
// MINSUB-NEXT: diff @min_sub: 5 of 5 trials pass
func.func @min_sub(%X: tensor<?x?xf32, ["M", "K"]>, %c: tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]> {
  %cr = "tiny.reshape"(%c) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %ce = "tiny.expand"(%cr) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "K"]>
  %p = "tiny.sub"(%X, %ce) : (tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %y = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "min"} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %y : tensor<?xf32, ["M"]>
}

// sum_k s[m] * (b[n] * X[m, k]) in f16, accumulated in f32: two factors
// hoisted, applied in f32 after the reduce.
// RUN: dlc-interp %s --func chain --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=CHAIN
// CHAIN-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} K={{[0-9]+}} N={{[0-9]+}}: max abs err {{.*}}: PASS
// CHAIN-NEXT: diff @chain: 5 of 5 trials pass
func.func @chain(%X: tensor<?x?xf16, ["M", "K"]>, %s: tensor<?xf16, ["M"]>, %b: tensor<?xf16, ["N"]>) -> tensor<?x?xf16, ["M", "N"]> {
  %sr = "tiny.reshape"(%s) : (tensor<?xf16, ["M"]>) -> tensor<?x1x1xf16, ["M", 1, 1]>
  %se = "tiny.expand"(%sr) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x1x1xf16, ["M", 1, 1]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %br = "tiny.reshape"(%b) : (tensor<?xf16, ["N"]>) -> tensor<1x?x1xf16, [1, "N", 1]>
  %be = "tiny.expand"(%br) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<1x?x1xf16, [1, "N", 1]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %xr = "tiny.reshape"(%X) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %xe = "tiny.expand"(%xr) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x1x?xf16, ["M", 1, "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %q = "tiny.mul"(%be, %xe) : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %p = "tiny.mul"(%se, %q) : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %y = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 2>, op = "sum"} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %h = "tiny.cast"(%y) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %h : tensor<?x?xf16, ["M", "N"]>
}

// max_k (s[m] * X[m, k]) is not hoisted (s may be negative); still exact.
// RUN: dlc-interp %s --func max_mul --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=MAXMUL
// MAXMUL-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} K={{[0-9]+}}: max abs err {{.*}}: PASS
// MAXMUL-NEXT: diff @max_mul: 5 of 5 trials pass
func.func @max_mul(%X: tensor<?x?xf32, ["M", "K"]>, %s: tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]> {
  %sr = "tiny.reshape"(%s) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %se = "tiny.expand"(%sr) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "K"]>
  %p = "tiny.mul"(%se, %X) : (tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %y = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "max"} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %y : tensor<?xf32, ["M"]>
}
