// Y[M,N] = relu(X[M,K] · W[K,N] + bias[N]): fp16 in and out, fp32
// accumulation, M, N and K symbolic. Written as tinygrad builds it (spec
// 000 §0): reshape to insert size-1 axes, permute K last, MUL with
// right-aligned broadcasting, REDUCE(sum) over K in fp32, bias ADD, ReLU as
// MAX with 0, CAST back to fp16.
// Arguments and the result carry their graph-signature names (dlc.name):
// they name the kernel's parameters and the reference-data files.
func.func @gemm_bias_relu(%X: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"},
                          %W: tensor<?x?xf16, ["K", "N"]> {dlc.name = "W"},
                          %bias: tensor<?xf16, ["N"]> {dlc.name = "bias"})
    -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %prod = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %b = "tiny.cast"(%bias) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %sum = "tiny.add"(%acc, %b) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %relu = "tiny.max"(%sum, %zero) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %y = "tiny.cast"(%relu) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %y : tensor<?x?xf16, ["M", "N"]>
}
