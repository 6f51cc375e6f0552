// A broadcast mismatch nobody expects (run with --tiny-verify).
func.func @g(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {
  %0 = "tiny.add"(%a, %b) : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
