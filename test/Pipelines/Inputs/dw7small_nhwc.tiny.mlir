// conv nhwc g64 depthwise k7x7 s1x1 p3 d1 in=f16 out=f16 epi=none sizes=mixed
func.func @dw7small(%X: tensor<?x2x2x64xf16, ["N", 2, 2, 64]> {dlc.name = "X"},
    %W: tensor<64x7x7x1xf16> {dlc.name = "W"})
    -> (tensor<?x2x2x64xf16, ["N", 2, 2, 64]> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 3, 3, 3, 3, 0, 0>} : (tensor<?x2x2x64xf16, ["N", 2, 2, 64]>) -> tensor<?x8x8x64xf16, ["N", 8, 8, 64]>
  %v2 = "tiny.reshape"(%v1) : (tensor<?x8x8x64xf16, ["N", 8, 8, 64]>) -> tensor<?x8x8x64x1xf16, ["N", 8, 8, 64, 1]>
  %v3 = "tiny.view"(%v2) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7)[s0] -> (d0, d1 * 1 + d5 * 1, d2 * 1 + d6 * 1, d3, d7)>} : (tensor<?x8x8x64x1xf16, ["N", 8, 8, 64, 1]>) -> tensor<?x2x2x64x1x7x7x1xf16, ["N", 2, 2, 64, 1, 7, 7, 1]>
  %v4 = "tiny.reshape"(%W) : (tensor<64x7x7x1xf16>) -> tensor<1x1x1x64x1x7x7x1xf16>
  %v5 = "tiny.mul"(%v3, %v4) : (tensor<?x2x2x64x1x7x7x1xf16, ["N", 2, 2, 64, 1, 7, 7, 1]>, tensor<1x1x1x64x1x7x7x1xf16>) -> tensor<?x2x2x64x1x7x7x1xf16, ["N", 2, 2, 64, 1, 7, 7, 1]>
  %v6 = "tiny.reduce"(%v5) {acc_dtype = f32, axes = array<i64: 5, 6, 7>, op = "sum"} : (tensor<?x2x2x64x1x7x7x1xf16, ["N", 2, 2, 64, 1, 7, 7, 1]>) -> tensor<?x2x2x64x1xf32, ["N", 2, 2, 64, 1]>
  %v7 = "tiny.reshape"(%v6) : (tensor<?x2x2x64x1xf32, ["N", 2, 2, 64, 1]>) -> tensor<?x2x2x64xf32, ["N", 2, 2, 64]>
  %v8 = "tiny.cast"(%v7) : (tensor<?x2x2x64xf32, ["N", 2, 2, 64]>) -> tensor<?x2x2x64xf16, ["N", 2, 2, 64]>
  return %v8 : tensor<?x2x2x64xf16, ["N", 2, 2, 64]>
}
