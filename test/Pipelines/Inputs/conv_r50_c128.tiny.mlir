// ResNet-50's 3x3 s1 p1 C = Co = 128 at 28², batch N symbolic (bench/conv_cases.py's r50_c128_28).
// conv nhwc k3x3 s1x1 p1 d1 in=f16 out=f16 epi=none sizes=mixed
func.func @r50_c128_28(%X: tensor<?x28x28x128xf16, ["N", 28, 28, 128]> {dlc.name = "X"},
    %W: tensor<128x3x3x128xf16> {dlc.name = "W"})
    -> (tensor<?x28x28x128xf16, ["N", 28, 28, 128]> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>} : (tensor<?x28x28x128xf16, ["N", 28, 28, 128]>) -> tensor<?x30x30x128xf16, ["N", 30, 30, 128]>
  %v2 = "tiny.view"(%v1) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d1 * 1 + d4 * 1, d2 * 1 + d5 * 1, d6)>} : (tensor<?x30x30x128xf16, ["N", 30, 30, 128]>) -> tensor<?x28x28x128x3x3x128xf16, ["N", 28, 28, 128, 3, 3, 128]>
  %v3 = "tiny.reshape"(%W) : (tensor<128x3x3x128xf16>) -> tensor<1x1x1x128x3x3x128xf16>
  %v4 = "tiny.mul"(%v2, %v3) : (tensor<?x28x28x128x3x3x128xf16, ["N", 28, 28, 128, 3, 3, 128]>, tensor<1x1x1x128x3x3x128xf16>) -> tensor<?x28x28x128x3x3x128xf16, ["N", 28, 28, 128, 3, 3, 128]>
  %v5 = "tiny.reduce"(%v4) {acc_dtype = f32, axes = array<i64: 4, 5, 6>, op = "sum"} : (tensor<?x28x28x128x3x3x128xf16, ["N", 28, 28, 128, 3, 3, 128]>) -> tensor<?x28x28x128xf32, ["N", 28, 28, 128]>
  %v6 = "tiny.cast"(%v5) : (tensor<?x28x28x128xf32, ["N", 28, 28, 128]>) -> tensor<?x28x28x128xf16, ["N", 28, 28, 128]>
  return %v6 : tensor<?x28x28x128xf16, ["N", 28, 28, 128]>
}
