// Y[M,N] = relu(X[M,128] · W[128,N] + bias[N]): examples/gemm_bias_relu.tiny.mlir
// with K static at 128 (two k tiles a tile, the SM90 planner's short-K
// rule at any M and N past a round of tiles; run tk-3), M and N
// symbolic.
func.func @gemm_bias_relu(%X: tensor<?x128xf16, ["M", 128]> {dlc.name = "X"},
                          %W: tensor<128x?xf16, [128, "N"]> {dlc.name = "W"},
                          %bias: tensor<?xf16, ["N"]> {dlc.name = "bias"})
    -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<?x128xf16, ["M", 128]>) -> tensor<?x1x128xf16, ["M", 1, 128]>
  %w = "tiny.reshape"(%W) : (tensor<128x?xf16, [128, "N"]>) -> tensor<1x128x?xf16, [1, 128, "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x128x?xf16, [1, 128, "N"]>) -> tensor<1x?x128xf16, [1, "N", 128]>
  %prod = "tiny.mul"(%x, %wt) : (tensor<?x1x128xf16, ["M", 1, 128]>, tensor<1x?x128xf16, [1, "N", 128]>) -> tensor<?x?x128xf16, ["M", "N", 128]>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x128xf16, ["M", "N", 128]>) -> tensor<?x?xf32, ["M", "N"]>
  %b = "tiny.cast"(%bias) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %sum = "tiny.add"(%acc, %b) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %relu = "tiny.max"(%sum, %zero) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %y = "tiny.cast"(%relu) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %y : tensor<?x?xf16, ["M", "N"]>
}
