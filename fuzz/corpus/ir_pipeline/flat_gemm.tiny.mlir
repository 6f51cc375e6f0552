// A GEMM + bias + ReLU whose X comes flat: M*K halves, MK = "M * K" (docs/conventions.md,
// "Products of symbols"); tiny-unflatten-products renames it to [M, 1, K].
func.func @flat_gemm(%X: tensor<?xf16, ["MK"]> {dlc.name = "X"},
                     %W: tensor<?x?xf16, ["K", "N"]> {dlc.name = "W"},
                     %bias: tensor<?xf16, ["N"]> {dlc.name = "bias"})
    -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Y"})
    attributes {dlc.symbols = ["M", "K", "N"], dlc.derived = {MK = "M * K"}} {
  %x = "tiny.reshape"(%X) : (tensor<?xf16, ["MK"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %prod = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %b = "tiny.cast"(%bias) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %sum = "tiny.add"(%acc, %b) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %relu = "tiny.max"(%sum, %zero) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %y = "tiny.cast"(%relu) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %y : tensor<?x?xf16, ["M", "N"]>
}
