// NCHW to NHWC whose static sizes allow 16-byte chunks
// (dlcMemoryTransposeWidth): 72 channels, 6 x 28 images — H·W = 168 and C
// multiples of 8, so each chunk of 8 along H·W (crossing rows of 28:
// contiguous) and along C is whole and aligned; neither is a multiple of
// the 64 x 64 tile.
module {
  func.func @nchw_to_nhwc_vec(%x: tensor<?x72x6x28xf16, ["B", 72, 6, 28]> {dlc.name = "X"}) -> (tensor<?x6x28x72xf16, ["B", 6, 28, 72]> {dlc.name = "Y"}) {
    %t = "tiny.permute"(%x) {order = array<i64: 0, 2, 3, 1>} : (tensor<?x72x6x28xf16, ["B", 72, 6, 28]>) -> tensor<?x6x28x72xf16, ["B", 6, 28, 72]>
    return %t : tensor<?x6x28x72xf16, ["B", 6, 28, 72]>
  }
}
