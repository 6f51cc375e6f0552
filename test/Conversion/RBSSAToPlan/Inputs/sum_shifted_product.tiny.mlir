// sum(X[:, 1:, :] * Y) over the last two axes: X's rows start one row in,
// so the two reads' misalignments differ wherever 1001 halves do not fill
// whole vectors — a GEMV-like point kernel's masked version over flattened
// loops (a contraction: not split).
module {
  func.func @sum_shifted_product(%x: tensor<3x10x1001xf16> {dlc.name = "X"}, %y: tensor<3x9x1001xf16> {dlc.name = "Y"}) -> (tensor<3xf32> {dlc.name = "S"}) {
    %s = "tiny.shrink"(%x) {offsets = array<i64: 0, 1, 0>, steps = array<i64: 1, 1, 1>} : (tensor<3x10x1001xf16>) -> tensor<3x9x1001xf16>
    %p = "tiny.mul"(%s, %y) : (tensor<3x9x1001xf16>, tensor<3x9x1001xf16>) -> tensor<3x9x1001xf16>
    %c = "tiny.cast"(%p) : (tensor<3x9x1001xf16>) -> tensor<3x9x1001xf32>
    %r = "tiny.reduce"(%c) {acc_dtype = f32, axes = array<i64: 1, 2>, op = "sum"} : (tensor<3x9x1001xf32>) -> tensor<3xf32>
    return %r : tensor<3xf32>
  }
}
