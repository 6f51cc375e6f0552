// conv nhwc g32 k3x3 s1x1 p1 d1 in=f16 out=f16 epi=relu sizes=mixed
func.func @conv_g32_c16(%X: tensor<?x28x28x512xf16, ["N", 28, 28, 512]> {dlc.name = "X"},
    %W: tensor<512x3x3x16xf16> {dlc.name = "W"})
    -> (tensor<?x28x28x512xf16, ["N", 28, 28, 512]> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>} : (tensor<?x28x28x512xf16, ["N", 28, 28, 512]>) -> tensor<?x30x30x512xf16, ["N", 30, 30, 512]>
  %v2 = "tiny.reshape"(%v1) : (tensor<?x30x30x512xf16, ["N", 30, 30, 512]>) -> tensor<?x30x30x32x16xf16, ["N", 30, 30, 32, 16]>
  %v3 = "tiny.view"(%v2) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7)[s0] -> (d0, d1 * 1 + d5 * 1, d2 * 1 + d6 * 1, d3, d7)>} : (tensor<?x30x30x32x16xf16, ["N", 30, 30, 32, 16]>) -> tensor<?x28x28x32x16x3x3x16xf16, ["N", 28, 28, 32, 16, 3, 3, 16]>
  %v4 = "tiny.reshape"(%W) : (tensor<512x3x3x16xf16>) -> tensor<1x1x1x32x16x3x3x16xf16>
  %v5 = "tiny.mul"(%v3, %v4) : (tensor<?x28x28x32x16x3x3x16xf16, ["N", 28, 28, 32, 16, 3, 3, 16]>, tensor<1x1x1x32x16x3x3x16xf16>) -> tensor<?x28x28x32x16x3x3x16xf16, ["N", 28, 28, 32, 16, 3, 3, 16]>
  %v6 = "tiny.reduce"(%v5) {acc_dtype = f32, axes = array<i64: 5, 6, 7>, op = "sum"} : (tensor<?x28x28x32x16x3x3x16xf16, ["N", 28, 28, 32, 16, 3, 3, 16]>) -> tensor<?x28x28x32x16xf32, ["N", 28, 28, 32, 16]>
  %v7 = "tiny.reshape"(%v6) : (tensor<?x28x28x32x16xf32, ["N", 28, 28, 32, 16]>) -> tensor<?x28x28x512xf32, ["N", 28, 28, 512]>
  %v8 = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %v9 = "tiny.max"(%v7, %v8) : (tensor<?x28x28x512xf32, ["N", 28, 28, 512]>, tensor<f32>) -> tensor<?x28x28x512xf32, ["N", 28, 28, 512]>
  %v10 = "tiny.cast"(%v9) : (tensor<?x28x28x512xf32, ["N", 28, 28, 512]>) -> tensor<?x28x28x512xf16, ["N", 28, 28, 512]>
  return %v10 : tensor<?x28x28x512xf16, ["N", 28, 28, 512]>
}
