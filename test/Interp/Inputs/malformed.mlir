func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = "tiny.neg"(%x) : (tensor<2xf32>) -> 
}
