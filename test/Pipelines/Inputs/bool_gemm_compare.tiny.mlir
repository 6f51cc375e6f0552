// A GEMM whose epilogue ends in a comparison (bias < X·W): the GEMM
// skeletons decline it (W1602) and it runs on the memory-bound skeleton.
func.func @bool_gemm_compare(%X: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"},
                   %W: tensor<?x?xf16, ["K", "N"]> {dlc.name = "W"},
                   %bias: tensor<?xf16, ["N"]> {dlc.name = "bias"})
    -> (tensor<?x?xi1, ["M", "N"]> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %prod = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %b = "tiny.cast"(%bias) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %lt = "tiny.cmplt"(%b, %acc) : (tensor<?xf32, ["N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  return %lt : tensor<?x?xi1, ["M", "N"]>
}
