// bench/conv_cases.py's r50_c64_56: ResNet-50 3x3 s1 p1, C = Co = 64, N symbolic.
// conv nhwc k3x3 s1x1 p1 d1 in=f16 out=f16 epi=none sizes=mixed
func.func @r50_c64_56(%X: tensor<?x56x56x64xf16, ["N", 56, 56, 64]> {dlc.name = "X"},
    %W: tensor<64x3x3x64xf16> {dlc.name = "W"})
    -> (tensor<?x56x56x64xf16, ["N", 56, 56, 64]> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>} : (tensor<?x56x56x64xf16, ["N", 56, 56, 64]>) -> tensor<?x58x58x64xf16, ["N", 58, 58, 64]>
  %v2 = "tiny.view"(%v1) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d1 * 1 + d4 * 1, d2 * 1 + d5 * 1, d6)>} : (tensor<?x58x58x64xf16, ["N", 58, 58, 64]>) -> tensor<?x56x56x64x3x3x64xf16, ["N", 56, 56, 64, 3, 3, 64]>
  %v3 = "tiny.reshape"(%W) : (tensor<64x3x3x64xf16>) -> tensor<1x1x1x64x3x3x64xf16>
  %v4 = "tiny.mul"(%v2, %v3) : (tensor<?x56x56x64x3x3x64xf16, ["N", 56, 56, 64, 3, 3, 64]>, tensor<1x1x1x64x3x3x64xf16>) -> tensor<?x56x56x64x3x3x64xf16, ["N", 56, 56, 64, 3, 3, 64]>
  %v5 = "tiny.reduce"(%v4) {acc_dtype = f32, axes = array<i64: 4, 5, 6>, op = "sum"} : (tensor<?x56x56x64x3x3x64xf16, ["N", 56, 56, 64, 3, 3, 64]>) -> tensor<?x56x56x64xf32, ["N", 56, 56, 64]>
  %v6 = "tiny.cast"(%v5) : (tensor<?x56x56x64xf32, ["N", 56, 56, 64]>) -> tensor<?x56x56x64xf16, ["N", 56, 56, 64]>
  return %v6 : tensor<?x56x56x64xf16, ["N", 56, 56, 64]>
}
