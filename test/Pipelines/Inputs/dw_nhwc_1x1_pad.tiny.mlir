// conv nhwc g16 depthwise k1x1 s1x1 p1 d1 in=f16 out=f16 epi=none sizes=mixed (a padded 1x1 window: test/Conversion/IndexBookToRBSSA/unit-iters.test)
func.func @dw1x1pad(%X: tensor<?x9x9x16xf16, ["N", 9, 9, 16]> {dlc.name = "X"},
    %W: tensor<16x1x1x1xf16> {dlc.name = "W"})
    -> (tensor<?x11x11x16xf16, ["N", 11, 11, 16]> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>} : (tensor<?x9x9x16xf16, ["N", 9, 9, 16]>) -> tensor<?x11x11x16xf16, ["N", 11, 11, 16]>
  %v2 = "tiny.reshape"(%v1) : (tensor<?x11x11x16xf16, ["N", 11, 11, 16]>) -> tensor<?x11x11x16x1xf16, ["N", 11, 11, 16, 1]>
  %v3 = "tiny.view"(%v2) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7)[s0] -> (d0, d1 * 1 + d5 * 1, d2 * 1 + d6 * 1, d3, d7)>} : (tensor<?x11x11x16x1xf16, ["N", 11, 11, 16, 1]>) -> tensor<?x11x11x16x1x1x1x1xf16, ["N", 11, 11, 16, 1, 1, 1, 1]>
  %v4 = "tiny.reshape"(%W) : (tensor<16x1x1x1xf16>) -> tensor<1x1x1x16x1x1x1x1xf16>
  %v5 = "tiny.mul"(%v3, %v4) : (tensor<?x11x11x16x1x1x1x1xf16, ["N", 11, 11, 16, 1, 1, 1, 1]>, tensor<1x1x1x16x1x1x1x1xf16>) -> tensor<?x11x11x16x1x1x1x1xf16, ["N", 11, 11, 16, 1, 1, 1, 1]>
  %v6 = "tiny.reduce"(%v5) {acc_dtype = f32, axes = array<i64: 5, 6, 7>, op = "sum"} : (tensor<?x11x11x16x1x1x1x1xf16, ["N", 11, 11, 16, 1, 1, 1, 1]>) -> tensor<?x11x11x16x1xf32, ["N", 11, 11, 16, 1]>
  %v7 = "tiny.reshape"(%v6) : (tensor<?x11x11x16x1xf32, ["N", 11, 11, 16, 1]>) -> tensor<?x11x11x16xf32, ["N", 11, 11, 16]>
  %v8 = "tiny.cast"(%v7) : (tensor<?x11x11x16xf32, ["N", 11, 11, 16]>) -> tensor<?x11x11x16xf16, ["N", 11, 11, 16]>
  return %v8 : tensor<?x11x11x16xf16, ["N", 11, 11, 16]>
}
