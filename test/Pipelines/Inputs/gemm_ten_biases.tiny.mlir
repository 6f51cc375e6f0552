// Y[M,N] = X·W + b0 + … + b9: a GEMM whose epilogue reads ten tensors
// (more than the kernel-problem model once held: 8).
func.func @gemm_ten_biases(%X: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"},
  %W: tensor<?x?xf16, ["K", "N"]> {dlc.name = "W"},
  %b0: tensor<?xf16, ["N"]> {dlc.name = "b0"},
  %b1: tensor<?xf16, ["N"]> {dlc.name = "b1"},
  %b2: tensor<?xf16, ["N"]> {dlc.name = "b2"},
  %b3: tensor<?xf16, ["N"]> {dlc.name = "b3"},
  %b4: tensor<?xf16, ["N"]> {dlc.name = "b4"},
  %b5: tensor<?xf16, ["N"]> {dlc.name = "b5"},
  %b6: tensor<?xf16, ["N"]> {dlc.name = "b6"},
  %b7: tensor<?xf16, ["N"]> {dlc.name = "b7"},
  %b8: tensor<?xf16, ["N"]> {dlc.name = "b8"},
  %b9: tensor<?xf16, ["N"]> {dlc.name = "b9"})
    -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %prod = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %s0 = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c0 = "tiny.cast"(%b0) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %s1 = "tiny.add"(%s0, %c0) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c1 = "tiny.cast"(%b1) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %s2 = "tiny.add"(%s1, %c1) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c2 = "tiny.cast"(%b2) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %s3 = "tiny.add"(%s2, %c2) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c3 = "tiny.cast"(%b3) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %s4 = "tiny.add"(%s3, %c3) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c4 = "tiny.cast"(%b4) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %s5 = "tiny.add"(%s4, %c4) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c5 = "tiny.cast"(%b5) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %s6 = "tiny.add"(%s5, %c5) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c6 = "tiny.cast"(%b6) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %s7 = "tiny.add"(%s6, %c6) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c7 = "tiny.cast"(%b7) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %s8 = "tiny.add"(%s7, %c7) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c8 = "tiny.cast"(%b8) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %s9 = "tiny.add"(%s8, %c8) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c9 = "tiny.cast"(%b9) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %s10 = "tiny.add"(%s9, %c9) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %y = "tiny.cast"(%s10) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %y : tensor<?x?xf16, ["M", "N"]>
}
