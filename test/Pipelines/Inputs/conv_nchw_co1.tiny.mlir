// conv nchw k5x5 s1x2 p1 d1 in=f16 out=f16 epi=relu sizes=static
func.func @conv_nchw_co1(%X: tensor<1x32x14x28xf16> {dlc.name = "X"},
    %W: tensor<1x32x5x5xf16> {dlc.name = "W"})
    -> (tensor<1x1x12x13xf16> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 0, 0, 1, 1, 1, 1>} : (tensor<1x32x14x28xf16>) -> tensor<1x32x16x30xf16>
  %v2 = "tiny.view"(%v1) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 1 + d5 * 1, d3 * 2 + d6 * 1)>} : (tensor<1x32x16x30xf16>) -> tensor<1x1x12x13x32x5x5xf16>
  %v3 = "tiny.reshape"(%W) : (tensor<1x32x5x5xf16>) -> tensor<1x1x1x32x5x5xf16>
  %v4 = "tiny.mul"(%v2, %v3) : (tensor<1x1x12x13x32x5x5xf16>, tensor<1x1x1x32x5x5xf16>) -> tensor<1x1x12x13x32x5x5xf16>
  %v5 = "tiny.reduce"(%v4) {acc_dtype = f32, axes = array<i64: 4, 5, 6>, op = "sum"} : (tensor<1x1x12x13x32x5x5xf16>) -> tensor<1x1x12x13xf32>
  %v6 = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %v7 = "tiny.max"(%v5, %v6) : (tensor<1x1x12x13xf32>, tensor<f32>) -> tensor<1x1x12x13xf32>
  %v8 = "tiny.cast"(%v7) : (tensor<1x1x12x13xf32>) -> tensor<1x1x12x13xf16>
  return %v8 : tensor<1x1x12x13xf16>
}
