// S[n] = sum over m of X[m, n] + Y[n, m]: a column reduction (X read across
// m) with a read strided along n (Y), so no vector accesses: column mode
// with scalar reads.
module {
  func.func @col_add(%x: tensor<?x?xf16, ["M", "N"]> {dlc.name = "X"}, %y: tensor<?x?xf16, ["N", "M"]> {dlc.name = "Y"}) -> (tensor<?xf32, ["N"]> {dlc.name = "S"}) {
    %yt = "tiny.permute"(%y) {order = array<i64: 1, 0>} : (tensor<?x?xf16, ["N", "M"]>) -> tensor<?x?xf16, ["M", "N"]>
    %xf = "tiny.cast"(%x) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %yf = "tiny.cast"(%yt) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %p = "tiny.add"(%xf, %yf) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %s = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 0>, op = "sum"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["N"]>
    return %s : tensor<?xf32, ["N"]>
  }
}
