// Differential test (docs/interp.md, "Differential testing"): a 7x7
// window over a symbolic H and W, so Ho = H - 6 and Wo = W - 6. Trials draw
// only sizes where every derived symbol is at least 1 (H, W >= 7, however
// small the draw, trial 1's 1 or --max-size), and each line prints the
// derived sizes the trial used. Sizes that made Ho negative once failed
// trials with E1007 and printed the derived sizes of an earlier draw
// ("H=1 W=1 Ho=31 Wo=25").
// RUN: dlc-interp %s --diff --trials 6 --seed 1 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK-COUNT-6: trial {{[0-5]}}: H={{[0-9]+}} W={{[0-9]+}} Ho={{[1-9][0-9]*}} Wo={{[1-9][0-9]*}}: max abs err {{.*}}: PASS
// CHECK-NEXT: diff @window7: 6 of 6 trials pass
// With sizes up to 4 the window still fits: the draws grow to 7.
// RUN: dlc-interp %s --diff --trials 3 --max-size 4 2>&1 | FileCheck %s --check-prefix=SMALL
// SMALL-COUNT-3: trial {{[0-2]}}: H=7 W=7 Ho=1 Wo=1: max abs err 0, max rel err 0: PASS
// A size fixed on the command line stays; when it leaves no output the
// evaluation says so and the line prints no stale derived size.
// RUN: not dlc-interp %s --diff --trials 1 H=3 2>&1 | FileCheck %s --check-prefix=FIXED
// FIXED: error: E1007 DerivedSymbolInvalid: derived symbol Ho = H - 6 is -3 at these sizes
// FIXED: trial 0: H=3 W={{[0-9]+}} Ho=? Wo=?: ERROR (the tiny function does not evaluate

#map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0, s1, s2, s3] -> (d0, d4, d2 + d5, d3 + d6)>
func.func @window7(%x: tensor<1x8x?x?xf16, [1, 8, "H", "W"]> {dlc.name = "X"}, %w: tensor<16x8x7x7xf16> {dlc.name = "W"}) -> (tensor<1x16x?x?xf32, [1, 16, "Ho", "Wo"]> {dlc.name = "Y"}) attributes {dlc.derived = {Ho = "H - 6", Wo = "W - 6"}} {
  %0 = "tiny.view"(%x) {map = #map} : (tensor<1x8x?x?xf16, [1, 8, "H", "W"]>) -> tensor<1x16x?x?x8x7x7xf16, [1, 16, "Ho", "Wo", 8, 7, 7]>
  %1 = "tiny.reshape"(%w) : (tensor<16x8x7x7xf16>) -> tensor<16x1x1x8x7x7xf16>
  %2 = "tiny.mul"(%0, %1) : (tensor<1x16x?x?x8x7x7xf16, [1, 16, "Ho", "Wo", 8, 7, 7]>, tensor<16x1x1x8x7x7xf16>) -> tensor<1x16x?x?x8x7x7xf16, [1, 16, "Ho", "Wo", 8, 7, 7]>
  %3 = "tiny.reduce"(%2) {acc_dtype = f32, axes = array<i64: 4, 5, 6>, op = "sum"} : (tensor<1x16x?x?x8x7x7xf16, [1, 16, "Ho", "Wo", 8, 7, 7]>) -> tensor<1x16x?x?xf32, [1, 16, "Ho", "Wo"]>
  return %3 : tensor<1x16x?x?xf32, [1, 16, "Ho", "Wo"]>
}
