// nn.Linear with few output tiles and a long reduction, static sizes:
// Y[128,192] = X[128,8192] · W[192,8192]ᵀ + b, f16 in and out. Two tiles
// of 128 x 128 on a chip of 132 SMs: split-K.
func.func @linear_skinny(%X: tensor<128x8192xf16> {dlc.name = "X"},
                         %W: tensor<192x8192xf16> {dlc.name = "W"},
                         %b: tensor<192xf16> {dlc.name = "b"})
    -> (tensor<128x192xf16> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<128x8192xf16>) -> tensor<128x1x8192xf16>
  %w = "tiny.reshape"(%W) : (tensor<192x8192xf16>) -> tensor<1x192x8192xf16>
  %p = "tiny.mul"(%x, %w) : (tensor<128x1x8192xf16>, tensor<1x192x8192xf16>) -> tensor<128x192x8192xf16>
  %acc = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<128x192x8192xf16>) -> tensor<128x192xf32>
  %bf = "tiny.cast"(%b) : (tensor<192xf16>) -> tensor<192xf32>
  %s = "tiny.add"(%acc, %bf) : (tensor<128x192xf32>, tensor<192xf32>) -> tensor<128x192xf32>
  %y = "tiny.cast"(%s) : (tensor<128x192xf32>) -> tensor<128x192xf16>
  return %y : tensor<128x192xf16>
}
