// A 3x3 convolution, stride 1, pad 1, NHWC activations [N, 56, 56, C] and
// KRSC weights [Co, 3, 3, C], then bias and ReLU, in the Frontend's form
// (pad, a window view, a broadcasting mul, a reduce over (kh, kw, ci)).
// It compiles to an implicit GEMM on the SM80 skeleton (M = N*56*56,
// N = Co, K = 9*C): docs/kernel-problem.md, "Implicit GEMM".
func.func @conv3x3_nhwc(%X: tensor<?x56x56x?xf16, ["N", 56, 56, "C"]> {dlc.name = "X"},
    %W: tensor<?x3x3x?xf16, ["Co", 3, 3, "C"]> {dlc.name = "W"},
    %B: tensor<?xf16, ["Co"]> {dlc.name = "B"})
    -> (tensor<?x56x56x?xf16, ["N", 56, 56, "Co"]> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>} : (tensor<?x56x56x?xf16, ["N", 56, 56, "C"]>) -> tensor<?x58x58x?xf16, ["N", 58, 58, "C"]>
  %v2 = "tiny.view"(%v1) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0, s1, s2] -> (d0, d1 * 1 + d4 * 1, d2 * 1 + d5 * 1, d6)>} : (tensor<?x58x58x?xf16, ["N", 58, 58, "C"]>) -> tensor<?x56x56x?x3x3x?xf16, ["N", 56, 56, "Co", 3, 3, "C"]>
  %v3 = "tiny.reshape"(%W) : (tensor<?x3x3x?xf16, ["Co", 3, 3, "C"]>) -> tensor<1x1x1x?x3x3x?xf16, [1, 1, 1, "Co", 3, 3, "C"]>
  %v4 = "tiny.mul"(%v2, %v3) : (tensor<?x56x56x?x3x3x?xf16, ["N", 56, 56, "Co", 3, 3, "C"]>, tensor<1x1x1x?x3x3x?xf16, [1, 1, 1, "Co", 3, 3, "C"]>) -> tensor<?x56x56x?x3x3x?xf16, ["N", 56, 56, "Co", 3, 3, "C"]>
  %v5 = "tiny.reduce"(%v4) {acc_dtype = f32, axes = array<i64: 4, 5, 6>, op = "sum"} : (tensor<?x56x56x?x3x3x?xf16, ["N", 56, 56, "Co", 3, 3, "C"]>) -> tensor<?x56x56x?xf32, ["N", 56, 56, "Co"]>
  %v6 = "tiny.cast"(%B) : (tensor<?xf16, ["Co"]>) -> tensor<?xf32, ["Co"]>
  %v7 = "tiny.add"(%v5, %v6) : (tensor<?x56x56x?xf32, ["N", 56, 56, "Co"]>, tensor<?xf32, ["Co"]>) -> tensor<?x56x56x?xf32, ["N", 56, 56, "Co"]>
  %v8 = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %v9 = "tiny.max"(%v7, %v8) : (tensor<?x56x56x?xf32, ["N", 56, 56, "Co"]>, tensor<f32>) -> tensor<?x56x56x?xf32, ["N", 56, 56, "Co"]>
  %v10 = "tiny.cast"(%v9) : (tensor<?x56x56x?xf32, ["N", 56, 56, "Co"]>) -> tensor<?x56x56x?xf16, ["N", 56, 56, "Co"]>
  return %v10 : tensor<?x56x56x?xf16, ["N", 56, 56, "Co"]>
}
