func.func @f(%x: tensor<4xf32>) {
  %0 = "tiny.frobnicate"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
