// Conv 3x3, stride 2, after a tiny.pad of the symbolic H and W by 1 (NCHW,
// KCRS): the padded and output sizes are derived symbols (dlc.derived),
// Ho = (Hp - 3) floordiv 2 + 1 = (H - 1) floordiv 2 + 1.
func.func @conv_pad_s2(%X: tensor<?x8x?x?xf16, ["N", 8, "H", "W"]> {dlc.name = "X"},
                       %Wt: tensor<16x8x3x3xf16> {dlc.name = "Wt"})
    -> (tensor<?x16x?x?xf16, ["N", 16, "Ho", "Wo"]> {dlc.name = "Y"})
    attributes {dlc.derived = {Hp = "H + 2", Wp = "W + 2", Ho = "(Hp - 3) floordiv 2 + 1", Wo = "(Wp - 3) floordiv 2 + 1"}} {
  %xp = "tiny.pad"(%X) {padding = array<i64: 0, 0, 0, 0, 1, 1, 1, 1>}
      : (tensor<?x8x?x?xf16, ["N", 8, "H", "W"]>) -> tensor<?x8x?x?xf16, ["N", 8, "Hp", "Wp"]>
  %xv = "tiny.view"(%xp) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0, s1, s2, s3, s4, s5, s6] -> (d0, d4, d2 * 2 + d5, d3 * 2 + d6)>}
      : (tensor<?x8x?x?xf16, ["N", 8, "Hp", "Wp"]>) -> tensor<?x16x?x?x8x3x3xf16, ["N", 16, "Ho", "Wo", 8, 3, 3]>
  %wv = "tiny.view"(%Wt) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0, s1, s2, s3, s4, s5, s6] -> (d1, d4, d5, d6)>}
      : (tensor<16x8x3x3xf16>) -> tensor<?x16x?x?x8x3x3xf16, ["N", 16, "Ho", "Wo", 8, 3, 3]>
  %prod = "tiny.mul"(%wv, %xv)
      : (tensor<?x16x?x?x8x3x3xf16, ["N", 16, "Ho", "Wo", 8, 3, 3]>, tensor<?x16x?x?x8x3x3xf16, ["N", 16, "Ho", "Wo", 8, 3, 3]>)
      -> tensor<?x16x?x?x8x3x3xf16, ["N", 16, "Ho", "Wo", 8, 3, 3]>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 4, 5, 6>, acc_dtype = f32}
      : (tensor<?x16x?x?x8x3x3xf16, ["N", 16, "Ho", "Wo", 8, 3, 3]>) -> tensor<?x16x?x?xf32, ["N", 16, "Ho", "Wo"]>
  %y = "tiny.cast"(%acc) : (tensor<?x16x?x?xf32, ["N", 16, "Ho", "Wo"]>) -> tensor<?x16x?x?xf16, ["N", 16, "Ho", "Wo"]>
  return %y : tensor<?x16x?x?xf16, ["N", 16, "Ho", "Wo"]>
}
