// conv nhwc g24 depthwise k3x3 s1x1 p1 d1 in=f16 out=f16 epi=bias_relu, a static batch of 1
func.func @dwn1(%X: tensor<1x13x11x24xf16> {dlc.name = "X"},
    %W: tensor<24x3x3x1xf16> {dlc.name = "W"},
    %B: tensor<24xf16> {dlc.name = "B"})
    -> (tensor<1x13x11x24xf16> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>} : (tensor<1x13x11x24xf16>) -> tensor<1x15x13x24xf16>
  %v2 = "tiny.reshape"(%v1) : (tensor<1x15x13x24xf16>) -> tensor<1x15x13x24x1xf16>
  %v3 = "tiny.view"(%v2) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7)-> (d0, d1 * 1 + d5 * 1, d2 * 1 + d6 * 1, d3, d7)>} : (tensor<1x15x13x24x1xf16>) -> tensor<1x13x11x24x1x3x3x1xf16>
  %v4 = "tiny.reshape"(%W) : (tensor<24x3x3x1xf16>) -> tensor<1x1x1x24x1x3x3x1xf16>
  %v5 = "tiny.mul"(%v3, %v4) : (tensor<1x13x11x24x1x3x3x1xf16>, tensor<1x1x1x24x1x3x3x1xf16>) -> tensor<1x13x11x24x1x3x3x1xf16>
  %v6 = "tiny.reduce"(%v5) {acc_dtype = f32, axes = array<i64: 5, 6, 7>, op = "sum"} : (tensor<1x13x11x24x1x3x3x1xf16>) -> tensor<1x13x11x24x1xf32>
  %v7 = "tiny.reshape"(%v6) : (tensor<1x13x11x24x1xf32>) -> tensor<1x13x11x24xf32>
  %v8 = "tiny.cast"(%B) : (tensor<24xf16>) -> tensor<24xf32>
  %v9 = "tiny.add"(%v7, %v8) : (tensor<1x13x11x24xf32>, tensor<24xf32>) -> tensor<1x13x11x24xf32>
  %v10 = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %v11 = "tiny.max"(%v9, %v10) : (tensor<1x13x11x24xf32>, tensor<f32>) -> tensor<1x13x11x24xf32>
  %v12 = "tiny.cast"(%v11) : (tensor<1x13x11x24xf32>) -> tensor<1x13x11x24xf16>
  return %v12 : tensor<1x13x11x24xf16>
}
