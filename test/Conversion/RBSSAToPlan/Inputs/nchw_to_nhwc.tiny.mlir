// NCHW to NHWC (a layout change before a channels-last convolution): the
// read runs along W and across C, the output's last axis.
module {
  func.func @nchw_to_nhwc(%x: tensor<?x?x?x?xf16, ["B", "C", "H", "W"]> {dlc.name = "X"}) -> (tensor<?x?x?x?xf16, ["B", "H", "W", "C"]> {dlc.name = "Y"}) {
    %t = "tiny.permute"(%x) {order = array<i64: 0, 2, 3, 1>} : (tensor<?x?x?x?xf16, ["B", "C", "H", "W"]>) -> tensor<?x?x?x?xf16, ["B", "H", "W", "C"]>
    return %t : tensor<?x?x?x?xf16, ["B", "H", "W", "C"]>
  }
}
