// conv nchw k3x3 s1x1 p1 d1 in=f16 out=f16 epi=none sizes=mixed
func.func @conv_nchw_small(%X: tensor<1x8x8x8xf16> {dlc.name = "X"},
    %W: tensor<8x8x3x3xf16> {dlc.name = "W"})
    -> (tensor<1x8x8x8xf16> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 0, 0, 1, 1, 1, 1>} : (tensor<1x8x8x8xf16>) -> tensor<1x8x10x10xf16>
  %v2 = "tiny.view"(%v1) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 1 + d5 * 1, d3 * 1 + d6 * 1)>} : (tensor<1x8x10x10xf16>) -> tensor<1x8x8x8x8x3x3xf16>
  %v3 = "tiny.reshape"(%W) : (tensor<8x8x3x3xf16>) -> tensor<8x1x1x8x3x3xf16>
  %v4 = "tiny.mul"(%v2, %v3) : (tensor<1x8x8x8x8x3x3xf16>, tensor<8x1x1x8x3x3xf16>) -> tensor<1x8x8x8x8x3x3xf16>
  %v5 = "tiny.reduce"(%v4) {acc_dtype = f32, axes = array<i64: 4, 5, 6>, op = "sum"} : (tensor<1x8x8x8x8x3x3xf16>) -> tensor<1x8x8x8xf32>
  %v6 = "tiny.cast"(%v5) : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf16>
  return %v6 : tensor<1x8x8x8xf16>
}
