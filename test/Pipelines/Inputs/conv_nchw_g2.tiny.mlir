// conv nchw g2 k3x3 s1x1 p1 d1 in=f16 out=f16 epi=none sizes=mixed
func.func @conv_nchw_g2(%X: tensor<?x16x8x8xf16, ["N", 16, 8, 8]> {dlc.name = "X"},
    %W: tensor<16x8x3x3xf16> {dlc.name = "W"})
    -> (tensor<?x16x8x8xf16, ["N", 16, 8, 8]> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 0, 0, 1, 1, 1, 1>} : (tensor<?x16x8x8xf16, ["N", 16, 8, 8]>) -> tensor<?x16x10x10xf16, ["N", 16, 10, 10]>
  %v2 = "tiny.reshape"(%v1) : (tensor<?x16x10x10xf16, ["N", 16, 10, 10]>) -> tensor<?x2x8x10x10xf16, ["N", 2, 8, 10, 10]>
  %v3 = "tiny.view"(%v2) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7)[s0] -> (d0, d1, d5, d3 * 1 + d6 * 1, d4 * 1 + d7 * 1)>} : (tensor<?x2x8x10x10xf16, ["N", 2, 8, 10, 10]>) -> tensor<?x2x8x8x8x8x3x3xf16, ["N", 2, 8, 8, 8, 8, 3, 3]>
  %v4 = "tiny.reshape"(%W) : (tensor<16x8x3x3xf16>) -> tensor<1x2x8x1x1x8x3x3xf16>
  %v5 = "tiny.mul"(%v3, %v4) : (tensor<?x2x8x8x8x8x3x3xf16, ["N", 2, 8, 8, 8, 8, 3, 3]>, tensor<1x2x8x1x1x8x3x3xf16>) -> tensor<?x2x8x8x8x8x3x3xf16, ["N", 2, 8, 8, 8, 8, 3, 3]>
  %v6 = "tiny.reduce"(%v5) {acc_dtype = f32, axes = array<i64: 5, 6, 7>, op = "sum"} : (tensor<?x2x8x8x8x8x3x3xf16, ["N", 2, 8, 8, 8, 8, 3, 3]>) -> tensor<?x2x8x8x8xf32, ["N", 2, 8, 8, 8]>
  %v7 = "tiny.reshape"(%v6) : (tensor<?x2x8x8x8xf32, ["N", 2, 8, 8, 8]>) -> tensor<?x16x8x8xf32, ["N", 16, 8, 8]>
  %v8 = "tiny.cast"(%v7) : (tensor<?x16x8x8xf32, ["N", 16, 8, 8]>) -> tensor<?x16x8x8xf16, ["N", 16, 8, 8]>
  return %v8 : tensor<?x16x8x8xf16, ["N", 16, 8, 8]>
}
