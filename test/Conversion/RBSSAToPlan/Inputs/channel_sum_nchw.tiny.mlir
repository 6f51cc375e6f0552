// A per-channel sum of NCHW activations (BatchNorm's statistics), X[N, C,
// P] with P = H·W: a reduce over N and P, which are not adjacent in memory
// (C between them); the reads run contiguously along P only.
module {
  func.func @channel_sum_nchw(%x: tensor<?x?x?xf16, ["N", "C", "P"]> {dlc.name = "X"}) -> (tensor<?xf32, ["C"]> {dlc.name = "S"}) {
    %c = "tiny.cast"(%x) : (tensor<?x?x?xf16, ["N", "C", "P"]>) -> tensor<?x?x?xf32, ["N", "C", "P"]>
    %r = "tiny.reduce"(%c) {acc_dtype = f32, axes = array<i64: 0, 2>, op = "sum"} : (tensor<?x?x?xf32, ["N", "C", "P"]>) -> tensor<?xf32, ["C"]>
    return %r : tensor<?xf32, ["C"]>
  }
}
