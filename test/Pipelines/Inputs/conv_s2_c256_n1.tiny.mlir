// 3x3 s2 p1 C256 56² → 256 at N = 1 static (bench/conv_cases.py's s2_c256_n1).
// conv nhwc k3x3 s2x2 p1 d1 in=f16 out=f16 epi=none sizes=mixed
func.func @s2_c256(%X: tensor<1x56x56x256xf16> {dlc.name = "X"},
    %W: tensor<256x3x3x256xf16> {dlc.name = "W"})
    -> (tensor<1x28x28x256xf16> {dlc.name = "Y"}) {
  %v1 = "tiny.pad"(%X) {padding = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>} : (tensor<1x56x56x256xf16>) -> tensor<1x58x58x256xf16>
  %v2 = "tiny.view"(%v1) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4 * 1, d2 * 2 + d5 * 1, d6)>} : (tensor<1x58x58x256xf16>) -> tensor<1x28x28x256x3x3x256xf16>
  %v3 = "tiny.reshape"(%W) : (tensor<256x3x3x256xf16>) -> tensor<1x1x1x256x3x3x256xf16>
  %v4 = "tiny.mul"(%v2, %v3) : (tensor<1x28x28x256x3x3x256xf16>, tensor<1x1x1x256x3x3x256xf16>) -> tensor<1x28x28x256x3x3x256xf16>
  %v5 = "tiny.reduce"(%v4) {acc_dtype = f32, axes = array<i64: 4, 5, 6>, op = "sum"} : (tensor<1x28x28x256x3x3x256xf16>) -> tensor<1x28x28x256xf32>
  %v6 = "tiny.cast"(%v5) : (tensor<1x28x28x256xf32>) -> tensor<1x28x28x256xf16>
  return %v6 : tensor<1x28x28x256xf16>
}
