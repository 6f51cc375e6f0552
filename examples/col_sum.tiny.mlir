// Column sums of X[M, N] (f16 in, f32 accumulation and output): a reduction
// over the outer axis. Column mode: a CTA per tile of 64 columns, its 32
// rows of threads sharing the sum over M, a CTA-level tree at the end.
module {
  func.func @col_sum(%x: tensor<?x?xf16, ["M", "N"]> {dlc.name = "X"}) -> (tensor<?xf32, ["N"]> {dlc.name = "S"}) {
    %0 = "tiny.reduce"(%x) {acc_dtype = f32, axes = array<i64: 0>, op = "sum"} : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["N"]>
    return %0 : tensor<?xf32, ["N"]>
  }
}
