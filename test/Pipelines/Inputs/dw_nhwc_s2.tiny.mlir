// conv nhwc g12 depthwise k5x5 s2x2 p2 d1 in=bf16 out=f32 epi=silu sizes=mixed
func.func @dws2(%X: tensor<?x9x9x12xbf16, ["N", 9, 9, 12]> {dlc.name = "X"},
    %W: tensor<12x5x5x1xbf16> {dlc.name = "W"})
    -> (tensor<?x5x5x12xf32, ["N", 5, 5, 12]> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 2, 2, 2, 2, 0, 0>} : (tensor<?x9x9x12xbf16, ["N", 9, 9, 12]>) -> tensor<?x13x13x12xbf16, ["N", 13, 13, 12]>
  %v2 = "tiny.reshape"(%v1) : (tensor<?x13x13x12xbf16, ["N", 13, 13, 12]>) -> tensor<?x13x13x12x1xbf16, ["N", 13, 13, 12, 1]>
  %v3 = "tiny.view"(%v2) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7)[s0] -> (d0, d1 * 2 + d5 * 1, d2 * 2 + d6 * 1, d3, d7)>} : (tensor<?x13x13x12x1xbf16, ["N", 13, 13, 12, 1]>) -> tensor<?x5x5x12x1x5x5x1xbf16, ["N", 5, 5, 12, 1, 5, 5, 1]>
  %v4 = "tiny.reshape"(%W) : (tensor<12x5x5x1xbf16>) -> tensor<1x1x1x12x1x5x5x1xbf16>
  %v5 = "tiny.mul"(%v3, %v4) : (tensor<?x5x5x12x1x5x5x1xbf16, ["N", 5, 5, 12, 1, 5, 5, 1]>, tensor<1x1x1x12x1x5x5x1xbf16>) -> tensor<?x5x5x12x1x5x5x1xbf16, ["N", 5, 5, 12, 1, 5, 5, 1]>
  %v6 = "tiny.reduce"(%v5) {acc_dtype = f32, axes = array<i64: 5, 6, 7>, op = "sum"} : (tensor<?x5x5x12x1x5x5x1xbf16, ["N", 5, 5, 12, 1, 5, 5, 1]>) -> tensor<?x5x5x12x1xf32, ["N", 5, 5, 12, 1]>
  %v7 = "tiny.reshape"(%v6) : (tensor<?x5x5x12x1xf32, ["N", 5, 5, 12, 1]>) -> tensor<?x5x5x12xf32, ["N", 5, 5, 12]>
  %v8 = "tiny.const"() {value = -1.4426950408889634 : f32} : () -> tensor<f32>
  %v9 = "tiny.mul"(%v7, %v8) : (tensor<?x5x5x12xf32, ["N", 5, 5, 12]>, tensor<f32>) -> tensor<?x5x5x12xf32, ["N", 5, 5, 12]>
  %v10 = "tiny.exp2"(%v9) : (tensor<?x5x5x12xf32, ["N", 5, 5, 12]>) -> tensor<?x5x5x12xf32, ["N", 5, 5, 12]>
  %v11 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %v12 = "tiny.add"(%v10, %v11) : (tensor<?x5x5x12xf32, ["N", 5, 5, 12]>, tensor<f32>) -> tensor<?x5x5x12xf32, ["N", 5, 5, 12]>
  %v13 = "tiny.recip"(%v12) : (tensor<?x5x5x12xf32, ["N", 5, 5, 12]>) -> tensor<?x5x5x12xf32, ["N", 5, 5, 12]>
  %v14 = "tiny.mul"(%v7, %v13) : (tensor<?x5x5x12xf32, ["N", 5, 5, 12]>, tensor<?x5x5x12xf32, ["N", 5, 5, 12]>) -> tensor<?x5x5x12xf32, ["N", 5, 5, 12]>
  return %v14 : tensor<?x5x5x12xf32, ["N", 5, 5, 12]>
}
