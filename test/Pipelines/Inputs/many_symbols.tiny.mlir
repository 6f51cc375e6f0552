func.func @many_symbols(%e0: tensor<?x?x?x?x?x?x?x?xf32, ["E0_0", "E0_1", "E0_2", "E0_3", "E0_4", "E0_5", "E0_6", "E0_7"]> {dlc.name = "e0"},
    %e1: tensor<?x?x?x?x?x?x?x?xf32, ["E1_0", "E1_1", "E1_2", "E1_3", "E1_4", "E1_5", "E1_6", "E1_7"]> {dlc.name = "e1"},
    %e2: tensor<?x?x?x?x?x?x?x?xf32, ["E2_0", "E2_1", "E2_2", "E2_3", "E2_4", "E2_5", "E2_6", "E2_7"]> {dlc.name = "e2"},
    %e3: tensor<?x?x?x?x?x?x?x?xf32, ["E3_0", "E3_1", "E3_2", "E3_3", "E3_4", "E3_5", "E3_6", "E3_7"]> {dlc.name = "e3"},
    %X: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"},
    %W: tensor<?x?xf16, ["K", "N"]> {dlc.name = "W"})
    -> (tensor<?x?x?x?x?x?x?x?xf32, ["E0_0", "E0_1", "E0_2", "E0_3", "E0_4", "E0_5", "E0_6", "E0_7"]> {dlc.name = "x0"}, tensor<?x?x?x?x?x?x?x?xf32, ["E1_0", "E1_1", "E1_2", "E1_3", "E1_4", "E1_5", "E1_6", "E1_7"]> {dlc.name = "x1"}, tensor<?x?x?x?x?x?x?x?xf32, ["E2_0", "E2_1", "E2_2", "E2_3", "E2_4", "E2_5", "E2_6", "E2_7"]> {dlc.name = "x2"}, tensor<?x?x?x?x?x?x?x?xf32, ["E3_0", "E3_1", "E3_2", "E3_3", "E3_4", "E3_5", "E3_6", "E3_7"]> {dlc.name = "x3"}, tensor<?x?xf16, ["M", "N"]> {dlc.name = "Y"}) {
  %x0 = "tiny.exp2"(%e0) : (tensor<?x?x?x?x?x?x?x?xf32, ["E0_0", "E0_1", "E0_2", "E0_3", "E0_4", "E0_5", "E0_6", "E0_7"]>) -> tensor<?x?x?x?x?x?x?x?xf32, ["E0_0", "E0_1", "E0_2", "E0_3", "E0_4", "E0_5", "E0_6", "E0_7"]>
  %x1 = "tiny.exp2"(%e1) : (tensor<?x?x?x?x?x?x?x?xf32, ["E1_0", "E1_1", "E1_2", "E1_3", "E1_4", "E1_5", "E1_6", "E1_7"]>) -> tensor<?x?x?x?x?x?x?x?xf32, ["E1_0", "E1_1", "E1_2", "E1_3", "E1_4", "E1_5", "E1_6", "E1_7"]>
  %x2 = "tiny.exp2"(%e2) : (tensor<?x?x?x?x?x?x?x?xf32, ["E2_0", "E2_1", "E2_2", "E2_3", "E2_4", "E2_5", "E2_6", "E2_7"]>) -> tensor<?x?x?x?x?x?x?x?xf32, ["E2_0", "E2_1", "E2_2", "E2_3", "E2_4", "E2_5", "E2_6", "E2_7"]>
  %x3 = "tiny.exp2"(%e3) : (tensor<?x?x?x?x?x?x?x?xf32, ["E3_0", "E3_1", "E3_2", "E3_3", "E3_4", "E3_5", "E3_6", "E3_7"]>) -> tensor<?x?x?x?x?x?x?x?xf32, ["E3_0", "E3_1", "E3_2", "E3_3", "E3_4", "E3_5", "E3_6", "E3_7"]>
  %x = "tiny.reshape"(%X) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %prod = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
    %sum = "tiny.neg"(%acc) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %relu = "tiny.max"(%sum, %zero) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %y = "tiny.cast"(%relu) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %x0, %x1, %x2, %x3, %y : tensor<?x?x?x?x?x?x?x?xf32, ["E0_0", "E0_1", "E0_2", "E0_3", "E0_4", "E0_5", "E0_6", "E0_7"]>, tensor<?x?x?x?x?x?x?x?xf32, ["E1_0", "E1_1", "E1_2", "E1_3", "E1_4", "E1_5", "E1_6", "E1_7"]>, tensor<?x?x?x?x?x?x?x?xf32, ["E2_0", "E2_1", "E2_2", "E2_3", "E2_4", "E2_5", "E2_6", "E2_7"]>, tensor<?x?x?x?x?x?x?x?xf32, ["E3_0", "E3_1", "E3_2", "E3_3", "E3_4", "E3_5", "E3_6", "E3_7"]>, tensor<?x?xf16, ["M", "N"]>
}
