// A per-channel sum of NHWC activations (BatchNorm's statistics in
// channels-last): a reduce over N, H and W, whose reads run along C, the
// output axis — column mode over the flattened rows N·H·W.
module {
  func.func @channel_sum_nhwc(%x: tensor<?x?x?x?xf16, ["N", "H", "W", "C"]> {dlc.name = "X"}) -> (tensor<?xf32, ["C"]> {dlc.name = "S"}) {
    %c = "tiny.cast"(%x) : (tensor<?x?x?x?xf16, ["N", "H", "W", "C"]>) -> tensor<?x?x?x?xf32, ["N", "H", "W", "C"]>
    %r = "tiny.reduce"(%c) {acc_dtype = f32, axes = array<i64: 0, 1, 2>, op = "sum"} : (tensor<?x?x?x?xf32, ["N", "H", "W", "C"]>) -> tensor<?xf32, ["C"]>
    return %r : tensor<?xf32, ["C"]>
  }
}
