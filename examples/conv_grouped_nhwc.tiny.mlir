// A grouped 3x3 convolution (ResNeXt-like: 32 groups of 8 input and 8 output
// channels), NHWC [N, 56, 56, 256], KRSC weights [256, 3, 3, 8], written as
// bench/conv_cases.py writes it: the group an axis of X and W, merged back
// into Co. An implicit GEMM whose batch role is the group (M = N*56*56,
// N = 8, K = 9*8): docs/kernel-problem.md, "Grouped convolutions".
func.func @conv_grouped_nhwc(%X: tensor<?x56x56x256xf16, ["N", 56, 56, 256]> {dlc.name = "X"},
    %W: tensor<256x3x3x8xf16> {dlc.name = "W"})
    -> (tensor<?x56x56x256xf16, ["N", 56, 56, 256]> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>} : (tensor<?x56x56x256xf16, ["N", 56, 56, 256]>) -> tensor<?x58x58x256xf16, ["N", 58, 58, 256]>
  %v2 = "tiny.reshape"(%v1) : (tensor<?x58x58x256xf16, ["N", 58, 58, 256]>) -> tensor<?x58x58x32x8xf16, ["N", 58, 58, 32, 8]>
  %v3 = "tiny.view"(%v2) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7)[s0] -> (d0, d1 * 1 + d5 * 1, d2 * 1 + d6 * 1, d3, d7)>} : (tensor<?x58x58x32x8xf16, ["N", 58, 58, 32, 8]>) -> tensor<?x56x56x32x8x3x3x8xf16, ["N", 56, 56, 32, 8, 3, 3, 8]>
  %v4 = "tiny.reshape"(%W) : (tensor<256x3x3x8xf16>) -> tensor<1x1x1x32x8x3x3x8xf16>
  %v5 = "tiny.mul"(%v3, %v4) : (tensor<?x56x56x32x8x3x3x8xf16, ["N", 56, 56, 32, 8, 3, 3, 8]>, tensor<1x1x1x32x8x3x3x8xf16>) -> tensor<?x56x56x32x8x3x3x8xf16, ["N", 56, 56, 32, 8, 3, 3, 8]>
  %v6 = "tiny.reduce"(%v5) {acc_dtype = f32, axes = array<i64: 5, 6, 7>, op = "sum"} : (tensor<?x56x56x32x8x3x3x8xf16, ["N", 56, 56, 32, 8, 3, 3, 8]>) -> tensor<?x56x56x32x8xf32, ["N", 56, 56, 32, 8]>
  %v7 = "tiny.reshape"(%v6) : (tensor<?x56x56x32x8xf32, ["N", 56, 56, 32, 8]>) -> tensor<?x56x56x256xf32, ["N", 56, 56, 256]>
  %v8 = "tiny.cast"(%v7) : (tensor<?x56x56x256xf32, ["N", 56, 56, 256]>) -> tensor<?x56x56x256xf16, ["N", 56, 56, 256]>
  return %v8 : tensor<?x56x56x256xf16, ["N", 56, 56, 256]>
}
