// conv nchw k3x3 s2x2 p1 d1 in=f16 out=f16 epi=silu sizes=mixed
func.func @conv_nchw_s2(%X: tensor<?x64x28x28xf16, ["N", 64, 28, 28]> {dlc.name = "X"},
    %W: tensor<128x64x3x3xf16> {dlc.name = "W"})
    -> (tensor<?x128x14x14xf16, ["N", 128, 14, 14]> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 0, 0, 1, 1, 1, 1>} : (tensor<?x64x28x28xf16, ["N", 64, 28, 28]>) -> tensor<?x64x30x30xf16, ["N", 64, 30, 30]>
  %v2 = "tiny.view"(%v1) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d4, d2 * 2 + d5 * 1, d3 * 2 + d6 * 1)>} : (tensor<?x64x30x30xf16, ["N", 64, 30, 30]>) -> tensor<?x128x14x14x64x3x3xf16, ["N", 128, 14, 14, 64, 3, 3]>
  %v3 = "tiny.reshape"(%W) : (tensor<128x64x3x3xf16>) -> tensor<128x1x1x64x3x3xf16>
  %v4 = "tiny.mul"(%v2, %v3) : (tensor<?x128x14x14x64x3x3xf16, ["N", 128, 14, 14, 64, 3, 3]>, tensor<128x1x1x64x3x3xf16>) -> tensor<?x128x14x14x64x3x3xf16, ["N", 128, 14, 14, 64, 3, 3]>
  %v5 = "tiny.reduce"(%v4) {acc_dtype = f32, axes = array<i64: 4, 5, 6>, op = "sum"} : (tensor<?x128x14x14x64x3x3xf16, ["N", 128, 14, 14, 64, 3, 3]>) -> tensor<?x128x14x14xf32, ["N", 128, 14, 14]>
  %v6 = "tiny.const"() {value = -1.4426950408889634 : f32} : () -> tensor<f32>
  %v7 = "tiny.mul"(%v5, %v6) : (tensor<?x128x14x14xf32, ["N", 128, 14, 14]>, tensor<f32>) -> tensor<?x128x14x14xf32, ["N", 128, 14, 14]>
  %v8 = "tiny.exp2"(%v7) : (tensor<?x128x14x14xf32, ["N", 128, 14, 14]>) -> tensor<?x128x14x14xf32, ["N", 128, 14, 14]>
  %v9 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %v10 = "tiny.add"(%v8, %v9) : (tensor<?x128x14x14xf32, ["N", 128, 14, 14]>, tensor<f32>) -> tensor<?x128x14x14xf32, ["N", 128, 14, 14]>
  %v11 = "tiny.recip"(%v10) : (tensor<?x128x14x14xf32, ["N", 128, 14, 14]>) -> tensor<?x128x14x14xf32, ["N", 128, 14, 14]>
  %v12 = "tiny.mul"(%v5, %v11) : (tensor<?x128x14x14xf32, ["N", 128, 14, 14]>, tensor<?x128x14x14xf32, ["N", 128, 14, 14]>) -> tensor<?x128x14x14xf32, ["N", 128, 14, 14]>
  %v13 = "tiny.cast"(%v12) : (tensor<?x128x14x14xf32, ["N", 128, 14, 14]>) -> tensor<?x128x14x14xf16, ["N", 128, 14, 14]>
  return %v13 : tensor<?x128x14x14xf16, ["N", 128, 14, 14]>
}
