// Differential test (docs/interp.md, "Differential testing"): a 3x3
// convolution, stride 2, pad 1, then SiLU (spec §15.2), in tinygrad's
// form: pad, a strided window view (affine map), a broadcasting MUL in f16,
// REDUCE(sum) over (ci, kh, kw) in f32, and SiLU as x * recip(1 +
// exp2(-x * log2(e))). N, Ci and Co are symbols; the spatial sizes are
// static (an odd 7x7 input and an 8x6 one).
// RUN: dlc-interp %s --func conv7x7 --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=ODD
// ODD-COUNT-5: trial {{[0-4]}}: N={{[0-9]+}} Ci={{[0-9]+}} Co={{[0-9]+}}: max abs err {{.*}}: PASS
// ODD-NEXT: diff @conv7x7: 5 of 5 trials pass
// RUN: dlc-interp %s --func conv8x6 --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=EVEN
// EVEN-COUNT-5: trial {{[0-4]}}: N={{[0-9]+}} Ci={{[0-9]+}} Co={{[0-9]+}}: max abs err {{.*}}: PASS
// EVEN-NEXT: diff @conv8x6: 5 of 5 trials pass

func.func @conv7x7(%X: tensor<?x?x7x7xf16, ["N", "Ci", 7, 7]>, %W: tensor<?x?x3x3xf16, ["Co", "Ci", 3, 3]>)
    -> tensor<?x?x4x4xf16, ["N", "Co", 4, 4]> {
  %xp = "tiny.pad"(%X) {padding = array<i64: 0, 0, 0, 0, 1, 1, 1, 1>}
      : (tensor<?x?x7x7xf16, ["N", "Ci", 7, 7]>) -> tensor<?x?x9x9xf16, ["N", "Ci", 9, 9]>
  // [n, 1, ho, wo, ci, kh, kw] reads xp[n, ci, 2 ho + kh, 2 wo + kw].
  %xv = "tiny.view"(%xp) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0, s1, s2] -> (d0, d4, d2 * 2 + d5, d3 * 2 + d6)>}
      : (tensor<?x?x9x9xf16, ["N", "Ci", 9, 9]>) -> tensor<?x1x4x4x?x3x3xf16, ["N", 1, 4, 4, "Ci", 3, 3]>
  %w = "tiny.reshape"(%W) : (tensor<?x?x3x3xf16, ["Co", "Ci", 3, 3]>) -> tensor<1x?x1x1x?x3x3xf16, [1, "Co", 1, 1, "Ci", 3, 3]>
  %p = "tiny.mul"(%xv, %w) : (tensor<?x1x4x4x?x3x3xf16, ["N", 1, 4, 4, "Ci", 3, 3]>, tensor<1x?x1x1x?x3x3xf16, [1, "Co", 1, 1, "Ci", 3, 3]>)
      -> tensor<?x?x4x4x?x3x3xf16, ["N", "Co", 4, 4, "Ci", 3, 3]>
  %acc = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, acc_dtype = f32}
      : (tensor<?x?x4x4x?x3x3xf16, ["N", "Co", 4, 4, "Ci", 3, 3]>) -> tensor<?x?x4x4xf32, ["N", "Co", 4, 4]>
  // silu(y) = y / (1 + 2^(-y log2 e))
  %nl2e = "tiny.const"() {value = -1.44269504 : f32} : () -> tensor<f32>
  %one = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %t = "tiny.mul"(%acc, %nl2e) : (tensor<?x?x4x4xf32, ["N", "Co", 4, 4]>, tensor<f32>) -> tensor<?x?x4x4xf32, ["N", "Co", 4, 4]>
  %e = "tiny.exp2"(%t) : (tensor<?x?x4x4xf32, ["N", "Co", 4, 4]>) -> tensor<?x?x4x4xf32, ["N", "Co", 4, 4]>
  %d = "tiny.add"(%e, %one) : (tensor<?x?x4x4xf32, ["N", "Co", 4, 4]>, tensor<f32>) -> tensor<?x?x4x4xf32, ["N", "Co", 4, 4]>
  %r = "tiny.recip"(%d) : (tensor<?x?x4x4xf32, ["N", "Co", 4, 4]>) -> tensor<?x?x4x4xf32, ["N", "Co", 4, 4]>
  %s = "tiny.mul"(%acc, %r) : (tensor<?x?x4x4xf32, ["N", "Co", 4, 4]>, tensor<?x?x4x4xf32, ["N", "Co", 4, 4]>) -> tensor<?x?x4x4xf32, ["N", "Co", 4, 4]>
  %y = "tiny.cast"(%s) : (tensor<?x?x4x4xf32, ["N", "Co", 4, 4]>) -> tensor<?x?x4x4xf16, ["N", "Co", 4, 4]>
  return %y : tensor<?x?x4x4xf16, ["N", "Co", 4, 4]>
}

func.func @conv8x6(%X: tensor<?x?x8x6xf16, ["N", "Ci", 8, 6]>, %W: tensor<?x?x3x3xf16, ["Co", "Ci", 3, 3]>)
    -> tensor<?x?x4x3xf16, ["N", "Co", 4, 3]> {
  %xp = "tiny.pad"(%X) {padding = array<i64: 0, 0, 0, 0, 1, 1, 1, 1>}
      : (tensor<?x?x8x6xf16, ["N", "Ci", 8, 6]>) -> tensor<?x?x10x8xf16, ["N", "Ci", 10, 8]>
  %xv = "tiny.view"(%xp) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0, s1, s2] -> (d0, d4, d2 * 2 + d5, d3 * 2 + d6)>}
      : (tensor<?x?x10x8xf16, ["N", "Ci", 10, 8]>) -> tensor<?x1x4x3x?x3x3xf16, ["N", 1, 4, 3, "Ci", 3, 3]>
  %w = "tiny.reshape"(%W) : (tensor<?x?x3x3xf16, ["Co", "Ci", 3, 3]>) -> tensor<1x?x1x1x?x3x3xf16, [1, "Co", 1, 1, "Ci", 3, 3]>
  %p = "tiny.mul"(%xv, %w) : (tensor<?x1x4x3x?x3x3xf16, ["N", 1, 4, 3, "Ci", 3, 3]>, tensor<1x?x1x1x?x3x3xf16, [1, "Co", 1, 1, "Ci", 3, 3]>)
      -> tensor<?x?x4x3x?x3x3xf16, ["N", "Co", 4, 3, "Ci", 3, 3]>
  %acc = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, acc_dtype = f32}
      : (tensor<?x?x4x3x?x3x3xf16, ["N", "Co", 4, 3, "Ci", 3, 3]>) -> tensor<?x?x4x3xf32, ["N", "Co", 4, 3]>
  %nl2e = "tiny.const"() {value = -1.44269504 : f32} : () -> tensor<f32>
  %one = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %t = "tiny.mul"(%acc, %nl2e) : (tensor<?x?x4x3xf32, ["N", "Co", 4, 3]>, tensor<f32>) -> tensor<?x?x4x3xf32, ["N", "Co", 4, 3]>
  %e = "tiny.exp2"(%t) : (tensor<?x?x4x3xf32, ["N", "Co", 4, 3]>) -> tensor<?x?x4x3xf32, ["N", "Co", 4, 3]>
  %d = "tiny.add"(%e, %one) : (tensor<?x?x4x3xf32, ["N", "Co", 4, 3]>, tensor<f32>) -> tensor<?x?x4x3xf32, ["N", "Co", 4, 3]>
  %r = "tiny.recip"(%d) : (tensor<?x?x4x3xf32, ["N", "Co", 4, 3]>) -> tensor<?x?x4x3xf32, ["N", "Co", 4, 3]>
  %s = "tiny.mul"(%acc, %r) : (tensor<?x?x4x3xf32, ["N", "Co", 4, 3]>, tensor<?x?x4x3xf32, ["N", "Co", 4, 3]>) -> tensor<?x?x4x3xf32, ["N", "Co", 4, 3]>
  %y = "tiny.cast"(%s) : (tensor<?x?x4x3xf32, ["N", "Co", 4, 3]>) -> tensor<?x?x4x3xf16, ["N", "Co", 4, 3]>
  return %y : tensor<?x?x4x3xf16, ["N", "Co", 4, 3]>
}
