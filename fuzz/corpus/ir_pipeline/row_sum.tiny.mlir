// Row sums of X[M, N] (f16 in, f32 accumulation and output): a CTA per row.
module {
  func.func @row_sum(%x: tensor<?x?xf16, ["M", "N"]> {dlc.name = "X"}) -> (tensor<?xf32, ["M"]> {dlc.name = "S"}) {
    %0 = "tiny.reduce"(%x) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["M"]>
    return %0 : tensor<?xf32, ["M"]>
  }
}
