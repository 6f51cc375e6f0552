// A static transpose of f32 whose extents are no multiples of the tile
// (100 x 300): the edge tiles' points clamp their reads, store only inside.
module {
  func.func @transpose_static_f32(%x: tensor<100x300xf32> {dlc.name = "X"}) -> (tensor<300x100xf32> {dlc.name = "Y"}) {
    %t = "tiny.permute"(%x) {order = array<i64: 1, 0>} : (tensor<100x300xf32>) -> tensor<300x100xf32>
    return %t : tensor<300x100xf32>
  }
}
