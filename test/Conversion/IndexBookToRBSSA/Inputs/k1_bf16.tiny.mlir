// tinygrad GEMM form at K = 1: a bf16 mul cast to f32 and summed over one static axis (GPU harness problem p043 of seed 1126, run sc-2)
func.func @k1_bf16(%A: tensor<160x1xbf16> {dlc.name = "A"},
    %W: tensor<1x289xbf16> {dlc.name = "W"},
    %bias_n: tensor<289xbf16> {dlc.name = "bias_n"})
    -> (tensor<160x289xf16> {dlc.name = "Y"}) {
  %v1 = "tiny.reshape"(%A) : (tensor<160x1xbf16>) -> tensor<160x1x1xbf16>
  %v2 = "tiny.reshape"(%W) : (tensor<1x289xbf16>) -> tensor<1x1x289xbf16>
  %v3 = "tiny.permute"(%v2) {order = array<i64: 0, 2, 1>} : (tensor<1x1x289xbf16>) -> tensor<1x289x1xbf16>
  %v4 = "tiny.mul"(%v1, %v3) : (tensor<160x1x1xbf16>, tensor<1x289x1xbf16>) -> tensor<160x289x1xbf16>
  %v5 = "tiny.cast"(%v4) : (tensor<160x289x1xbf16>) -> tensor<160x289x1xf32>
  %v6 = "tiny.permute"(%v5) {order = array<i64: 2, 0, 1>} : (tensor<160x289x1xf32>) -> tensor<1x160x289xf32>
  %v7 = "tiny.reduce"(%v6) {op = "sum", axes = array<i64: 0>, acc_dtype = f32} : (tensor<1x160x289xf32>) -> tensor<160x289xf32>
  %v8 = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %v9 = "tiny.max"(%v7, %v8) : (tensor<160x289xf32>, tensor<f32>) -> tensor<160x289xf32>
  %v10 = "tiny.cast"(%bias_n) : (tensor<289xbf16>) -> tensor<289xf32>
  %v11 = "tiny.add"(%v9, %v10) : (tensor<160x289xf32>, tensor<289xf32>) -> tensor<160x289xf32>
  %v12 = "tiny.cast"(%v11) : (tensor<160x289xf32>) -> tensor<160x289xf16>
  return %v12 : tensor<160x289xf16>
}
