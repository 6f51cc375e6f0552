// NCHW to NHWC of static images whose width is no multiple of the tile
// (70 channels of 13 x 28): transpose mode tiles H·W = 364 as one axis
// (a point's h and w are its index divided by and modulo 28), so a tile's
// 64 points along it span rows of W, and its tails clamp and mask.
module {
  func.func @nchw_to_nhwc_static(%x: tensor<?x70x13x28xf16, ["B", 70, 13, 28]> {dlc.name = "X"}) -> (tensor<?x13x28x70xf16, ["B", 13, 28, 70]> {dlc.name = "Y"}) {
    %t = "tiny.permute"(%x) {order = array<i64: 0, 2, 3, 1>} : (tensor<?x70x13x28xf16, ["B", 70, 13, 28]>) -> tensor<?x13x28x70xf16, ["B", 13, 28, 70]>
    return %t : tensor<?x13x28x70xf16, ["B", 13, 28, 70]>
  }
}
