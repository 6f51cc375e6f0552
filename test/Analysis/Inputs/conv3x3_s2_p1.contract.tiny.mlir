// Conv 3x3, stride 2, pad 1 in the CONTRACT form of spec §3.5.2: the padded
// window view Xv[n, ci, ho, wo, kh, kw] = Xp[n, ci, 2ho + kh, 2wo + kw] and
// a tiny.contract {pattern = "conv2d"} over [n, co, ho, wo, ci, kh, kw].
func.func @conv3x3_s2_p1(%X: tensor<?x64x56x56xf16, ["N", 64, 56, 56]> {dlc.name = "X"},
                         %W: tensor<128x64x3x3xf16> {dlc.name = "W"})
    -> (tensor<?x128x28x28xf16, ["N", 128, 28, 28]> {dlc.name = "Y"}) {
  %xp = "tiny.pad"(%X) {padding = array<i64: 0, 0, 0, 0, 1, 1, 1, 1>}
      : (tensor<?x64x56x56xf16, ["N", 64, 56, 56]>) -> tensor<?x64x58x58xf16, ["N", 64, 58, 58]>
  %xv = "tiny.view"(%xp) {map = affine_map<(d0, d1, d2, d3, d4, d5)[s0] -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>}
      : (tensor<?x64x58x58xf16, ["N", 64, 58, 58]>) -> tensor<?x64x28x28x3x3xf16, ["N", 64, 28, 28, 3, 3]>
  %y = "tiny.contract"(%W, %xv) {acc_dtype = f32, lhs_idx = ["co", "ci", "kh", "kw"],
         out_idx = ["n", "co", "ho", "wo"], pattern = "conv2d", reduce_idx = ["ci", "kh", "kw"],
         rhs_idx = ["n", "ci", "ho", "wo", "kh", "kw"]}
      : (tensor<128x64x3x3xf16>, tensor<?x64x28x28x3x3xf16, ["N", 64, 28, 28, 3, 3]>)
      -> tensor<?x128x28x28xf32, ["N", 128, 28, 28]>
  %h = "tiny.cast"(%y) : (tensor<?x128x28x28xf32, ["N", 128, 28, 28]>) -> tensor<?x128x28x28xf16, ["N", 128, 28, 28]>
  return %h : tensor<?x128x28x28xf16, ["N", 128, 28, 28]>
}
