// The issue-10 conv + SiLU (bench/conv_cases.py s2_c256_silu): 3x3 s2 p1,
// NHWC N x 56 x 56 x 256 -> 256, KRSC weights, f16, N symbolic; SiLU as
// tinygrad decomposes it (exp2, recip).
func.func @s2_c256_silu(%X: tensor<?x56x56x256xf16, ["N", 56, 56, 256]> {dlc.name = "X"},
    %W: tensor<256x3x3x256xf16> {dlc.name = "W"})
    -> (tensor<?x28x28x256xf16, ["N", 28, 28, 256]> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>} : (tensor<?x56x56x256xf16, ["N", 56, 56, 256]>) -> tensor<?x58x58x256xf16, ["N", 58, 58, 256]>
  %v2 = "tiny.view"(%v1) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d1 * 2 + d4 * 1, d2 * 2 + d5 * 1, d6)>} : (tensor<?x58x58x256xf16, ["N", 58, 58, 256]>) -> tensor<?x28x28x256x3x3x256xf16, ["N", 28, 28, 256, 3, 3, 256]>
  %v3 = "tiny.reshape"(%W) : (tensor<256x3x3x256xf16>) -> tensor<1x1x1x256x3x3x256xf16>
  %v4 = "tiny.mul"(%v2, %v3) : (tensor<?x28x28x256x3x3x256xf16, ["N", 28, 28, 256, 3, 3, 256]>, tensor<1x1x1x256x3x3x256xf16>) -> tensor<?x28x28x256x3x3x256xf16, ["N", 28, 28, 256, 3, 3, 256]>
  %v5 = "tiny.reduce"(%v4) {acc_dtype = f32, axes = array<i64: 4, 5, 6>, op = "sum"} : (tensor<?x28x28x256x3x3x256xf16, ["N", 28, 28, 256, 3, 3, 256]>) -> tensor<?x28x28x256xf32, ["N", 28, 28, 256]>
  %v6 = "tiny.const"() {value = -1.4426950408889634 : f32} : () -> tensor<f32>
  %v7 = "tiny.mul"(%v5, %v6) : (tensor<?x28x28x256xf32, ["N", 28, 28, 256]>, tensor<f32>) -> tensor<?x28x28x256xf32, ["N", 28, 28, 256]>
  %v8 = "tiny.exp2"(%v7) : (tensor<?x28x28x256xf32, ["N", 28, 28, 256]>) -> tensor<?x28x28x256xf32, ["N", 28, 28, 256]>
  %v9 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %v10 = "tiny.add"(%v8, %v9) : (tensor<?x28x28x256xf32, ["N", 28, 28, 256]>, tensor<f32>) -> tensor<?x28x28x256xf32, ["N", 28, 28, 256]>
  %v11 = "tiny.recip"(%v10) : (tensor<?x28x28x256xf32, ["N", 28, 28, 256]>) -> tensor<?x28x28x256xf32, ["N", 28, 28, 256]>
  %v12 = "tiny.mul"(%v5, %v11) : (tensor<?x28x28x256xf32, ["N", 28, 28, 256]>, tensor<?x28x28x256xf32, ["N", 28, 28, 256]>) -> tensor<?x28x28x256xf32, ["N", 28, 28, 256]>
  %v13 = "tiny.cast"(%v12) : (tensor<?x28x28x256xf32, ["N", 28, 28, 256]>) -> tensor<?x28x28x256xf16, ["N", 28, 28, 256]>
  return %v13 : tensor<?x28x28x256xf16, ["N", 28, 28, 256]>
}
