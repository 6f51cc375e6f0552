// GEMV shapes, fp16 in and out, fp32 accumulation, static sizes: the
// planner's GEMV rule puts each on the memory-bound skeleton
// (docs/passes/convert-rbssa-to-plan.md, "GEMV shapes").
//   gemv_m1    y[1,N] = relu(x[1,K] · W[K,N] + bias[N])  column mode
//   linear_m1  y[1,N] = x[1,K] · W[N,K]ᵀ + bias[N]       point mode
//              (nn.Linear's weight: a CTA per output, along K)
//   gemv_n1    y[M,1] = relu(X[M,K] · w[K,1] + bias[1])  row mode
func.func @gemv_m1(%X: tensor<1x4096xf16> {dlc.name = "X"},
                   %W: tensor<4096x4096xf16> {dlc.name = "W"},
                   %bias: tensor<4096xf16> {dlc.name = "bias"})
    -> (tensor<1x4096xf16> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<1x4096xf16>) -> tensor<1x1x4096xf16>
  %w = "tiny.reshape"(%W) : (tensor<4096x4096xf16>) -> tensor<1x4096x4096xf16>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x4096x4096xf16>) -> tensor<1x4096x4096xf16>
  %prod = "tiny.mul"(%x, %wt) : (tensor<1x1x4096xf16>, tensor<1x4096x4096xf16>) -> tensor<1x4096x4096xf16>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<1x4096x4096xf16>) -> tensor<1x4096xf32>
  %b = "tiny.cast"(%bias) : (tensor<4096xf16>) -> tensor<4096xf32>
  %sum = "tiny.add"(%acc, %b) : (tensor<1x4096xf32>, tensor<4096xf32>) -> tensor<1x4096xf32>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %relu = "tiny.max"(%sum, %zero) : (tensor<1x4096xf32>, tensor<f32>) -> tensor<1x4096xf32>
  %y = "tiny.cast"(%relu) : (tensor<1x4096xf32>) -> tensor<1x4096xf16>
  return %y : tensor<1x4096xf16>
}

func.func @linear_m1(%X: tensor<1x4096xf16> {dlc.name = "X"},
                     %W: tensor<4096x4096xf16> {dlc.name = "W"},
                     %bias: tensor<4096xf16> {dlc.name = "bias"})
    -> (tensor<1x4096xf16> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<1x4096xf16>) -> tensor<1x1x4096xf16>
  %w = "tiny.reshape"(%W) : (tensor<4096x4096xf16>) -> tensor<1x4096x4096xf16>
  %prod = "tiny.mul"(%x, %w) : (tensor<1x1x4096xf16>, tensor<1x4096x4096xf16>) -> tensor<1x4096x4096xf16>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<1x4096x4096xf16>) -> tensor<1x4096xf32>
  %b = "tiny.cast"(%bias) : (tensor<4096xf16>) -> tensor<4096xf32>
  %sum = "tiny.add"(%acc, %b) : (tensor<1x4096xf32>, tensor<4096xf32>) -> tensor<1x4096xf32>
  %y = "tiny.cast"(%sum) : (tensor<1x4096xf32>) -> tensor<1x4096xf16>
  return %y : tensor<1x4096xf16>
}

func.func @gemv_n1(%X: tensor<4096x4096xf16> {dlc.name = "X"},
                   %W: tensor<4096x1xf16> {dlc.name = "W"},
                   %bias: tensor<1xf16> {dlc.name = "bias"})
    -> (tensor<4096x1xf16> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<4096x4096xf16>) -> tensor<4096x1x4096xf16>
  %w = "tiny.reshape"(%W) : (tensor<4096x1xf16>) -> tensor<1x4096x1xf16>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x4096x1xf16>) -> tensor<1x1x4096xf16>
  %prod = "tiny.mul"(%x, %wt) : (tensor<4096x1x4096xf16>, tensor<1x1x4096xf16>) -> tensor<4096x1x4096xf16>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<4096x1x4096xf16>) -> tensor<4096x1xf32>
  %b = "tiny.cast"(%bias) : (tensor<1xf16>) -> tensor<1xf32>
  %sum = "tiny.add"(%acc, %b) : (tensor<4096x1xf32>, tensor<1xf32>) -> tensor<4096x1xf32>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %relu = "tiny.max"(%sum, %zero) : (tensor<4096x1xf32>, tensor<f32>) -> tensor<4096x1xf32>
  %y = "tiny.cast"(%relu) : (tensor<4096x1xf32>) -> tensor<4096x1xf16>
  return %y : tensor<4096x1xf16>
}
