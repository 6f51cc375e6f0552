// nn.Linear with static sizes: Y[4096,4096] = X[4096,4096] · W[4096,4096]ᵀ + b
// (W stored [N, K], as PyTorch keeps it), f16 in and out.
func.func @linear(%X: tensor<4096x4096xf16> {dlc.name = "X"},
                  %W: tensor<4096x4096xf16> {dlc.name = "W"},
                  %b: tensor<4096xf16> {dlc.name = "b"})
    -> (tensor<4096x4096xf16> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<4096x4096xf16>) -> tensor<4096x1x4096xf16>
  %w = "tiny.reshape"(%W) : (tensor<4096x4096xf16>) -> tensor<1x4096x4096xf16>
  %p = "tiny.mul"(%x, %w) : (tensor<4096x1x4096xf16>, tensor<1x4096x4096xf16>) -> tensor<4096x4096x4096xf16>
  %acc = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<4096x4096x4096xf16>) -> tensor<4096x4096xf32>
  %bf = "tiny.cast"(%b) : (tensor<4096xf16>) -> tensor<4096xf32>
  %s = "tiny.add"(%acc, %bf) : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  %y = "tiny.cast"(%s) : (tensor<4096x4096xf32>) -> tensor<4096x4096xf16>
  return %y : tensor<4096x4096xf16>
}
