// A 2-D transpose of X[M, N] (a permute the graph returns as it is): its
// read runs across the output's last axis — transpose mode.
module {
  func.func @transpose_2d(%x: tensor<?x?xf16, ["M", "N"]> {dlc.name = "X"}) -> (tensor<?x?xf16, ["N", "M"]> {dlc.name = "Y"}) {
    %t = "tiny.permute"(%x) {order = array<i64: 1, 0>} : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf16, ["N", "M"]>
    return %t : tensor<?x?xf16, ["N", "M"]>
  }
}
