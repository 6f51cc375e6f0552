// A static 3x3 stride-2 pad-1 NHWC convolution (KRSC weights), C = 12.
func.func @conv_c12(%X: tensor<2x56x56x12xf16, [2, 56, 56, 12]> {dlc.name = "X"},
    %W: tensor<128x3x3x12xf16, [128, 3, 3, 12]> {dlc.name = "W"})
    -> (tensor<2x28x28x128xf16, [2, 28, 28, 128]> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>} : (tensor<2x56x56x12xf16, [2, 56, 56, 12]>) -> tensor<2x58x58x12xf16, [2, 58, 58, 12]>
  %v2 = "tiny.view"(%v1) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)>} : (tensor<2x58x58x12xf16, [2, 58, 58, 12]>) -> tensor<2x28x28x128x3x3x12xf16, [2, 28, 28, 128, 3, 3, 12]>
  %v3 = "tiny.reshape"(%W) : (tensor<128x3x3x12xf16, [128, 3, 3, 12]>) -> tensor<1x1x1x128x3x3x12xf16, [1, 1, 1, 128, 3, 3, 12]>
  %v4 = "tiny.mul"(%v2, %v3) : (tensor<2x28x28x128x3x3x12xf16, [2, 28, 28, 128, 3, 3, 12]>, tensor<1x1x1x128x3x3x12xf16, [1, 1, 1, 128, 3, 3, 12]>) -> tensor<2x28x28x128x3x3x12xf16, [2, 28, 28, 128, 3, 3, 12]>
  %v5 = "tiny.reduce"(%v4) {acc_dtype = f32, axes = array<i64: 4, 5, 6>, op = "sum"} : (tensor<2x28x28x128x3x3x12xf16, [2, 28, 28, 128, 3, 3, 12]>) -> tensor<2x28x28x128xf32, [2, 28, 28, 128]>
  %v10 = "tiny.cast"(%v5) : (tensor<2x28x28x128xf32, [2, 28, 28, 128]>) -> tensor<2x28x28x128xf16, [2, 28, 28, 128]>
  return %v10 : tensor<2x28x28x128xf16, [2, 28, 28, 128]>
}
