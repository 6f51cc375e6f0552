// NCHW to NHWC of 7 x 7 images with 64 channels (a ResNet stage's last
// layout): H·W = 49 is no multiple of 8, so the staged read loads scalars,
// but C is, so each chunk of 8 channels is stored as one vector
// (dlcMemoryTransposeWidth without dlcMemoryTransposeReadChunks).
module {
  func.func @nchw_to_nhwc_c64_7x7(%x: tensor<?x64x7x7xf16, ["B", 64, 7, 7]> {dlc.name = "X"}) -> (tensor<?x7x7x64xf16, ["B", 7, 7, 64]> {dlc.name = "Y"}) {
    %t = "tiny.permute"(%x) {order = array<i64: 0, 2, 3, 1>} : (tensor<?x64x7x7xf16, ["B", 64, 7, 7]>) -> tensor<?x7x7x64xf16, ["B", 7, 7, 64]>
    return %t : tensor<?x7x7x64xf16, ["B", 7, 7, 64]>
  }
}
