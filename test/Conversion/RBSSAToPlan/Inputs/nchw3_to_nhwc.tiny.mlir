// NCHW to NHWC of three channels (an RGB image): a transpose kernel's tile
// would idle 61 of its 64 columns, and flat mode's warps read three rows
// each — flat mode.
module {
  func.func @nchw3_to_nhwc(%x: tensor<?x3x?x?xf16, ["B", 3, "H", "W"]> {dlc.name = "X"}) -> (tensor<?x?x?x3xf16, ["B", "H", "W", 3]> {dlc.name = "Y"}) {
    %t = "tiny.permute"(%x) {order = array<i64: 0, 2, 3, 1>} : (tensor<?x3x?x?xf16, ["B", 3, "H", "W"]>) -> tensor<?x?x?x3xf16, ["B", "H", "W", 3]>
    return %t : tensor<?x?x?x3xf16, ["B", "H", "W", 3]>
  }
}
