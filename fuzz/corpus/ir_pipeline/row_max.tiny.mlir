// Row maxima of X[M, N] (f16 in, f16 output): a CTA per row.
module {
  func.func @row_max(%x: tensor<?x?xf16, ["M", "N"]> {dlc.name = "X"}) -> (tensor<?xf16, ["M"]> {dlc.name = "Mx"}) {
    %0 = "tiny.reduce"(%x) {acc_dtype = f16, axes = array<i64: 1>, op = "max"} : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf16, ["M"]>
    return %0 : tensor<?xf16, ["M"]>
  }
}
