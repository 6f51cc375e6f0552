// max over axes 0 and 2 of a static X[4, 6, 1001] (f32): 6 points, each
// over 4 runs of 1001 contiguous elements.
module {
  func.func @channel_max_static(%x: tensor<4x6x1001xf32> {dlc.name = "X"}) -> (tensor<6xf32> {dlc.name = "Y"}) {
    %r = "tiny.reduce"(%x) {acc_dtype = f32, axes = array<i64: 0, 2>, op = "max"} : (tensor<4x6x1001xf32>) -> tensor<6xf32>
    return %r : tensor<6xf32>
  }
}
