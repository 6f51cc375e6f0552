// conv nhwc g24 depthwise k1x1 s1x1 p0 d1 in=f16 out=f16 epi=none sizes=mixed
func.func @dw1x1(%X: tensor<?x13x11x24xf16, ["N", 13, 11, 24]> {dlc.name = "X"},
    %W: tensor<24x1x1x1xf16> {dlc.name = "W"})
    -> (tensor<?x13x11x24xf16, ["N", 13, 11, 24]> {dlc.name = "Y"}) {
  %v1 = "tiny.reshape"(%X) : (tensor<?x13x11x24xf16, ["N", 13, 11, 24]>) -> tensor<?x13x11x24x1xf16, ["N", 13, 11, 24, 1]>
  %v2 = "tiny.view"(%v1) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7)[s0] -> (d0, d1 * 1 + d5 * 1, d2 * 1 + d6 * 1, d3, d7)>} : (tensor<?x13x11x24x1xf16, ["N", 13, 11, 24, 1]>) -> tensor<?x13x11x24x1x1x1x1xf16, ["N", 13, 11, 24, 1, 1, 1, 1]>
  %v3 = "tiny.reshape"(%W) : (tensor<24x1x1x1xf16>) -> tensor<1x1x1x24x1x1x1x1xf16>
  %v4 = "tiny.mul"(%v2, %v3) : (tensor<?x13x11x24x1x1x1x1xf16, ["N", 13, 11, 24, 1, 1, 1, 1]>, tensor<1x1x1x24x1x1x1x1xf16>) -> tensor<?x13x11x24x1x1x1x1xf16, ["N", 13, 11, 24, 1, 1, 1, 1]>
  %v5 = "tiny.reduce"(%v4) {acc_dtype = f32, axes = array<i64: 5, 6, 7>, op = "sum"} : (tensor<?x13x11x24x1x1x1x1xf16, ["N", 13, 11, 24, 1, 1, 1, 1]>) -> tensor<?x13x11x24x1xf32, ["N", 13, 11, 24, 1]>
  %v6 = "tiny.reshape"(%v5) : (tensor<?x13x11x24x1xf32, ["N", 13, 11, 24, 1]>) -> tensor<?x13x11x24xf32, ["N", 13, 11, 24]>
  %v7 = "tiny.cast"(%v6) : (tensor<?x13x11x24xf32, ["N", 13, 11, 24]>) -> tensor<?x13x11x24xf16, ["N", 13, 11, 24]>
  return %v7 : tensor<?x13x11x24xf16, ["N", 13, 11, 24]>
}
