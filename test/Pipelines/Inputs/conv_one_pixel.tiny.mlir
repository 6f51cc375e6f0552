// A conv with one output pixel (N = 1, Ho = Wo = 1): Y has one row, no row stride for a tensor map.
// conv nhwc k3x3 s1x2 p1 d1 in=bf16 out=bf16 epi=none sizes=static
func.func @one_pixel(%X: tensor<1x1x2x256xbf16> {dlc.name = "X"},
    %W: tensor<128x3x3x256xbf16> {dlc.name = "W"})
    -> (tensor<1x1x1x128xbf16> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>} : (tensor<1x1x2x256xbf16>) -> tensor<1x3x4x256xbf16>
  %v2 = "tiny.view"(%v1) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 1 + d4 * 1, d2 * 2 + d5 * 1, d6)>} : (tensor<1x3x4x256xbf16>) -> tensor<1x1x1x128x3x3x256xbf16>
  %v3 = "tiny.reshape"(%W) : (tensor<128x3x3x256xbf16>) -> tensor<1x1x1x128x3x3x256xbf16>
  %v4 = "tiny.mul"(%v2, %v3) : (tensor<1x1x1x128x3x3x256xbf16>, tensor<1x1x1x128x3x3x256xbf16>) -> tensor<1x1x1x128x3x3x256xbf16>
  %v5 = "tiny.reduce"(%v4) {acc_dtype = f32, axes = array<i64: 4, 5, 6>, op = "sum"} : (tensor<1x1x1x128x3x3x256xbf16>) -> tensor<1x1x1x128xf32>
  %v6 = "tiny.cast"(%v5) : (tensor<1x1x1x128xf32>) -> tensor<1x1x1x128xbf16>
  return %v6 : tensor<1x1x1x128xbf16>
}
