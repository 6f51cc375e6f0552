// conv nhwc g64 depthwise k5x5 s1x1 p2 d1 in=f16 out=f16 epi=silu sizes=mixed
func.func @dw5(%X: tensor<?x28x28x64xf16, ["N", 28, 28, 64]> {dlc.name = "X"},
    %W: tensor<64x5x5x1xf16> {dlc.name = "W"})
    -> (tensor<?x28x28x64xf16, ["N", 28, 28, 64]> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 2, 2, 2, 2, 0, 0>} : (tensor<?x28x28x64xf16, ["N", 28, 28, 64]>) -> tensor<?x32x32x64xf16, ["N", 32, 32, 64]>
  %v2 = "tiny.reshape"(%v1) : (tensor<?x32x32x64xf16, ["N", 32, 32, 64]>) -> tensor<?x32x32x64x1xf16, ["N", 32, 32, 64, 1]>
  %v3 = "tiny.view"(%v2) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7)[s0] -> (d0, d1 * 1 + d5 * 1, d2 * 1 + d6 * 1, d3, d7)>} : (tensor<?x32x32x64x1xf16, ["N", 32, 32, 64, 1]>) -> tensor<?x28x28x64x1x5x5x1xf16, ["N", 28, 28, 64, 1, 5, 5, 1]>
  %v4 = "tiny.reshape"(%W) : (tensor<64x5x5x1xf16>) -> tensor<1x1x1x64x1x5x5x1xf16>
  %v5 = "tiny.mul"(%v3, %v4) : (tensor<?x28x28x64x1x5x5x1xf16, ["N", 28, 28, 64, 1, 5, 5, 1]>, tensor<1x1x1x64x1x5x5x1xf16>) -> tensor<?x28x28x64x1x5x5x1xf16, ["N", 28, 28, 64, 1, 5, 5, 1]>
  %v6 = "tiny.reduce"(%v5) {acc_dtype = f32, axes = array<i64: 5, 6, 7>, op = "sum"} : (tensor<?x28x28x64x1x5x5x1xf16, ["N", 28, 28, 64, 1, 5, 5, 1]>) -> tensor<?x28x28x64x1xf32, ["N", 28, 28, 64, 1]>
  %v7 = "tiny.reshape"(%v6) : (tensor<?x28x28x64x1xf32, ["N", 28, 28, 64, 1]>) -> tensor<?x28x28x64xf32, ["N", 28, 28, 64]>
  %v8 = "tiny.const"() {value = -1.4426950408889634 : f32} : () -> tensor<f32>
  %v9 = "tiny.mul"(%v7, %v8) : (tensor<?x28x28x64xf32, ["N", 28, 28, 64]>, tensor<f32>) -> tensor<?x28x28x64xf32, ["N", 28, 28, 64]>
  %v10 = "tiny.exp2"(%v9) : (tensor<?x28x28x64xf32, ["N", 28, 28, 64]>) -> tensor<?x28x28x64xf32, ["N", 28, 28, 64]>
  %v11 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %v12 = "tiny.add"(%v10, %v11) : (tensor<?x28x28x64xf32, ["N", 28, 28, 64]>, tensor<f32>) -> tensor<?x28x28x64xf32, ["N", 28, 28, 64]>
  %v13 = "tiny.recip"(%v12) : (tensor<?x28x28x64xf32, ["N", 28, 28, 64]>) -> tensor<?x28x28x64xf32, ["N", 28, 28, 64]>
  %v14 = "tiny.mul"(%v7, %v13) : (tensor<?x28x28x64xf32, ["N", 28, 28, 64]>, tensor<?x28x28x64xf32, ["N", 28, 28, 64]>) -> tensor<?x28x28x64xf32, ["N", 28, 28, 64]>
  %v15 = "tiny.cast"(%v14) : (tensor<?x28x28x64xf32, ["N", 28, 28, 64]>) -> tensor<?x28x28x64xf16, ["N", 28, 28, 64]>
  return %v15 : tensor<?x28x28x64xf16, ["N", 28, 28, 64]>
}
