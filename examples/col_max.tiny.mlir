// Column maxima over the middle axis of X[B, M, N] (f16, accumulated in
// f32): column mode with an outer axis, a CTA per (b, tile of 64 columns).
module {
  func.func @col_max(%x: tensor<?x?x?xf16, ["B", "M", "N"]> {dlc.name = "X"}) -> (tensor<?x?xf16, ["B", "N"]> {dlc.name = "Mx"}) {
    %0 = "tiny.cast"(%x) : (tensor<?x?x?xf16, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
    %1 = "tiny.reduce"(%0) {acc_dtype = f32, axes = array<i64: 1>, op = "max"} : (tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?xf32, ["B", "N"]>
    %2 = "tiny.cast"(%1) : (tensor<?x?xf32, ["B", "N"]>) -> tensor<?x?xf16, ["B", "N"]>
    return %2 : tensor<?x?xf16, ["B", "N"]>
  }
}
