// The conv of conv_pad_derived.tiny.mlir after two elementwise chains over
// rank-8 tensors of 16 symbols of their own, so the convolution's symbols
// (N, H, W and the derived ones) come after the 16th of the function.
func.func @many_symbols_conv(%e0: tensor<?x?x?x?x?x?x?x?xf32, ["E0_0", "E0_1", "E0_2", "E0_3", "E0_4", "E0_5", "E0_6", "E0_7"]> {dlc.name = "e0"}, %e1: tensor<?x?x?x?x?x?x?x?xf32, ["E1_0", "E1_1", "E1_2", "E1_3", "E1_4", "E1_5", "E1_6", "E1_7"]> {dlc.name = "e1"},
                       %X: tensor<?x8x?x?xf16, ["N", 8, "H", "W"]> {dlc.name = "X"},
                       %Wt: tensor<16x8x3x3xf16> {dlc.name = "Wt"})
    -> (tensor<?x?x?x?x?x?x?x?xf32, ["E0_0", "E0_1", "E0_2", "E0_3", "E0_4", "E0_5", "E0_6", "E0_7"]> {dlc.name = "x0"}, tensor<?x?x?x?x?x?x?x?xf32, ["E1_0", "E1_1", "E1_2", "E1_3", "E1_4", "E1_5", "E1_6", "E1_7"]> {dlc.name = "x1"}, tensor<?x16x?x?xf16, ["N", 16, "Ho", "Wo"]> {dlc.name = "Y"})
    attributes {dlc.derived = {Hp = "H + 2", Wp = "W + 2", Ho = "(Hp - 3) floordiv 2 + 1", Wo = "(Wp - 3) floordiv 2 + 1"}} {
  %x0 = "tiny.exp2"(%e0) : (tensor<?x?x?x?x?x?x?x?xf32, ["E0_0", "E0_1", "E0_2", "E0_3", "E0_4", "E0_5", "E0_6", "E0_7"]>) -> tensor<?x?x?x?x?x?x?x?xf32, ["E0_0", "E0_1", "E0_2", "E0_3", "E0_4", "E0_5", "E0_6", "E0_7"]>
  %x1 = "tiny.exp2"(%e1) : (tensor<?x?x?x?x?x?x?x?xf32, ["E1_0", "E1_1", "E1_2", "E1_3", "E1_4", "E1_5", "E1_6", "E1_7"]>) -> tensor<?x?x?x?x?x?x?x?xf32, ["E1_0", "E1_1", "E1_2", "E1_3", "E1_4", "E1_5", "E1_6", "E1_7"]>
  %xp = "tiny.pad"(%X) {padding = array<i64: 0, 0, 0, 0, 1, 1, 1, 1>}
      : (tensor<?x8x?x?xf16, ["N", 8, "H", "W"]>) -> tensor<?x8x?x?xf16, ["N", 8, "Hp", "Wp"]>
  %xv = "tiny.view"(%xp) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19, s20, s21, s22] -> (d0, d4, d2 * 2 + d5, d3 * 2 + d6)>}
      : (tensor<?x8x?x?xf16, ["N", 8, "Hp", "Wp"]>) -> tensor<?x16x?x?x8x3x3xf16, ["N", 16, "Ho", "Wo", 8, 3, 3]>
  %wv = "tiny.view"(%Wt) {map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19, s20, s21, s22] -> (d1, d4, d5, d6)>}
      : (tensor<16x8x3x3xf16>) -> tensor<?x16x?x?x8x3x3xf16, ["N", 16, "Ho", "Wo", 8, 3, 3]>
  %prod = "tiny.mul"(%wv, %xv)
      : (tensor<?x16x?x?x8x3x3xf16, ["N", 16, "Ho", "Wo", 8, 3, 3]>, tensor<?x16x?x?x8x3x3xf16, ["N", 16, "Ho", "Wo", 8, 3, 3]>)
      -> tensor<?x16x?x?x8x3x3xf16, ["N", 16, "Ho", "Wo", 8, 3, 3]>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 4, 5, 6>, acc_dtype = f32}
      : (tensor<?x16x?x?x8x3x3xf16, ["N", 16, "Ho", "Wo", 8, 3, 3]>) -> tensor<?x16x?x?xf32, ["N", 16, "Ho", "Wo"]>
  %y = "tiny.cast"(%acc) : (tensor<?x16x?x?xf32, ["N", 16, "Ho", "Wo"]>) -> tensor<?x16x?x?xf16, ["N", 16, "Ho", "Wo"]>
  return %x0, %x1, %y : tensor<?x?x?x?x?x?x?x?xf32, ["E0_0", "E0_1", "E0_2", "E0_3", "E0_4", "E0_5", "E0_6", "E0_7"]>, tensor<?x?x?x?x?x?x?x?xf32, ["E1_0", "E1_1", "E1_2", "E1_3", "E1_4", "E1_5", "E1_6", "E1_7"]>, tensor<?x16x?x?xf16, ["N", 16, "Ho", "Wo"]>
}
