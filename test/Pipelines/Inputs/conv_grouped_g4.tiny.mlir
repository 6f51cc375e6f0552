// conv nhwc g4 k3x3 s1x1 p1 d1 in=f16 out=f16 epi=bias sizes=mixed
func.func @conv_g4_c256(%X: tensor<?x14x14x256xf16, ["N", 14, 14, 256]> {dlc.name = "X"},
    %W: tensor<256x3x3x64xf16> {dlc.name = "W"},
    %B: tensor<256xf16> {dlc.name = "B"})
    -> (tensor<?x14x14x256xf16, ["N", 14, 14, 256]> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>} : (tensor<?x14x14x256xf16, ["N", 14, 14, 256]>) -> tensor<?x16x16x256xf16, ["N", 16, 16, 256]>
  %v2 = "tiny.reshape"(%v1) : (tensor<?x16x16x256xf16, ["N", 16, 16, 256]>) -> tensor<?x16x16x4x64xf16, ["N", 16, 16, 4, 64]>
  %v3 = "tiny.view"(%v2) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7)[s0] -> (d0, d1 * 1 + d5 * 1, d2 * 1 + d6 * 1, d3, d7)>} : (tensor<?x16x16x4x64xf16, ["N", 16, 16, 4, 64]>) -> tensor<?x14x14x4x64x3x3x64xf16, ["N", 14, 14, 4, 64, 3, 3, 64]>
  %v4 = "tiny.reshape"(%W) : (tensor<256x3x3x64xf16>) -> tensor<1x1x1x4x64x3x3x64xf16>
  %v5 = "tiny.mul"(%v3, %v4) : (tensor<?x14x14x4x64x3x3x64xf16, ["N", 14, 14, 4, 64, 3, 3, 64]>, tensor<1x1x1x4x64x3x3x64xf16>) -> tensor<?x14x14x4x64x3x3x64xf16, ["N", 14, 14, 4, 64, 3, 3, 64]>
  %v6 = "tiny.reduce"(%v5) {acc_dtype = f32, axes = array<i64: 5, 6, 7>, op = "sum"} : (tensor<?x14x14x4x64x3x3x64xf16, ["N", 14, 14, 4, 64, 3, 3, 64]>) -> tensor<?x14x14x4x64xf32, ["N", 14, 14, 4, 64]>
  %v7 = "tiny.reshape"(%v6) : (tensor<?x14x14x4x64xf32, ["N", 14, 14, 4, 64]>) -> tensor<?x14x14x256xf32, ["N", 14, 14, 256]>
  %v8 = "tiny.cast"(%B) : (tensor<256xf16>) -> tensor<256xf32>
  %v9 = "tiny.add"(%v7, %v8) : (tensor<?x14x14x256xf32, ["N", 14, 14, 256]>, tensor<256xf32>) -> tensor<?x14x14x256xf32, ["N", 14, 14, 256]>
  %v10 = "tiny.cast"(%v9) : (tensor<?x14x14x256xf32, ["N", 14, 14, 256]>) -> tensor<?x14x14x256xf16, ["N", 14, 14, 256]>
  return %v10 : tensor<?x14x14x256xf16, ["N", 14, 14, 256]>
}
