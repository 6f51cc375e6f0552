// Row sums (f32) and row maxima (f16) of X[M, N]: two outputs of one
// region, both reduced cooperatively by a CTA per row.
module {
  func.func @row_reduce(%x: tensor<?x?xf16, ["M", "N"]> {dlc.name = "X"}) -> (tensor<?xf32, ["M"]> {dlc.name = "S"}, tensor<?xf16, ["M"]> {dlc.name = "Mx"}) {
    %0 = "tiny.reduce"(%x) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["M"]>
    %1 = "tiny.reduce"(%x) {acc_dtype = f16, axes = array<i64: 1>, op = "max"} : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf16, ["M"]>
    return %0, %1 : tensor<?xf32, ["M"]>, tensor<?xf16, ["M"]>
  }
}
