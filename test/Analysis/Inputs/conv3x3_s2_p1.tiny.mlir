// Conv 3x3, stride 2, pad 1 (spec §3.5.2, §4.5, §10 step 1) as tinygrad
// writes it: pad, a strided window view, mul with the broadcast weights,
// reduce(sum) over (ci, kh, kw). Y[n, co, ho, wo] = sum W[co, ci, kh, kw] *
// Xp[n, ci, 2ho + kh, 2wo + kw], Xp = X padded by 1: fp16, fp32 accumulation.
func.func @conv3x3_s2_p1(%X: tensor<?x64x56x56xf16, ["N", 64, 56, 56]> {dlc.name = "X"},
                         %W: tensor<128x64x3x3xf16> {dlc.name = "W"})
    -> (tensor<?x128x28x28xf16, ["N", 128, 28, 28]> {dlc.name = "Y"}) {
  %xp = "tiny.pad"(%X) {padding = array<i64: 0, 0, 0, 0, 1, 1, 1, 1>}
      : (tensor<?x64x56x56xf16, ["N", 64, 56, 56]>) -> tensor<?x64x58x58xf16, ["N", 64, 58, 58]>
  // xv[n, co, ho, wo, ci, kh, kw] = xp[n, ci, 2ho + kh, 2wo + kw] (co broadcast)
  %xv = "tiny.view"(%xp) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d4, d2 * 2 + d5, d3 * 2 + d6)>}
      : (tensor<?x64x58x58xf16, ["N", 64, 58, 58]>) -> tensor<?x128x28x28x64x3x3xf16, ["N", 128, 28, 28, 64, 3, 3]>
  // wv[n, co, ho, wo, ci, kh, kw] = W[co, ci, kh, kw] (n, ho, wo broadcast)
  %wv = "tiny.view"(%W) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d1, d4, d5, d6)>}
      : (tensor<128x64x3x3xf16>) -> tensor<?x128x28x28x64x3x3xf16, ["N", 128, 28, 28, 64, 3, 3]>
  %prod = "tiny.mul"(%wv, %xv)
      : (tensor<?x128x28x28x64x3x3xf16, ["N", 128, 28, 28, 64, 3, 3]>, tensor<?x128x28x28x64x3x3xf16, ["N", 128, 28, 28, 64, 3, 3]>)
      -> tensor<?x128x28x28x64x3x3xf16, ["N", 128, 28, 28, 64, 3, 3]>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 4, 5, 6>, acc_dtype = f32}
      : (tensor<?x128x28x28x64x3x3xf16, ["N", 128, 28, 28, 64, 3, 3]>) -> tensor<?x128x28x28xf32, ["N", 128, 28, 28]>
  %y = "tiny.cast"(%acc) : (tensor<?x128x28x28xf32, ["N", 128, 28, 28]>) -> tensor<?x128x28x28xf16, ["N", 128, 28, 28]>
  return %y : tensor<?x128x28x28xf16, ["N", 128, 28, 28]>
}
