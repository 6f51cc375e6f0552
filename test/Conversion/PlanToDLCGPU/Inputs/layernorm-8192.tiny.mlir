// LayerNorm over static rows of 8192 halves (examples/layernorm.tiny.mlir
// with M = 512, N = 8192): register rows of a CTA, the row read once.
module {
  func.func @layernorm_8192(%x: tensor<512x8192xf16> {dlc.name = "X"}, %g: tensor<8192xf16> {dlc.name = "g"}, %b: tensor<8192xf16> {dlc.name = "b"}, %n: tensor<f32> {dlc.name = "inv_n"}) -> (tensor<512x8192xf16> {dlc.name = "Y"}) {
    %0 = "tiny.cast"(%x) : (tensor<512x8192xf16>) -> tensor<512x8192xf32>
    %1 = "tiny.reduce"(%0) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<512x8192xf32>) -> tensor<512xf32>
    %2 = "tiny.mul"(%1, %n) : (tensor<512xf32>, tensor<f32>) -> tensor<512xf32>
    %3 = "tiny.expand"(%2) {broadcast_dimensions = array<i64: 0>} : (tensor<512xf32>) -> tensor<512x8192xf32>
    %4 = "tiny.sub"(%0, %3) : (tensor<512x8192xf32>, tensor<512x8192xf32>) -> tensor<512x8192xf32>
    %5 = "tiny.mul"(%4, %4) : (tensor<512x8192xf32>, tensor<512x8192xf32>) -> tensor<512x8192xf32>
    %6 = "tiny.reduce"(%5) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<512x8192xf32>) -> tensor<512xf32>
    %7 = "tiny.mul"(%6, %n) : (tensor<512xf32>, tensor<f32>) -> tensor<512xf32>
    %8 = "tiny.const"() {value = 1.0e-05 : f32} : () -> tensor<f32>
    %9 = "tiny.add"(%7, %8) : (tensor<512xf32>, tensor<f32>) -> tensor<512xf32>
    %10 = "tiny.sqrt"(%9) : (tensor<512xf32>) -> tensor<512xf32>
    %11 = "tiny.recip"(%10) : (tensor<512xf32>) -> tensor<512xf32>
    %12 = "tiny.expand"(%11) {broadcast_dimensions = array<i64: 0>} : (tensor<512xf32>) -> tensor<512x8192xf32>
    %13 = "tiny.mul"(%4, %12) : (tensor<512x8192xf32>, tensor<512x8192xf32>) -> tensor<512x8192xf32>
    %14 = "tiny.cast"(%g) : (tensor<8192xf16>) -> tensor<8192xf32>
    %15 = "tiny.mul"(%13, %14) : (tensor<512x8192xf32>, tensor<8192xf32>) -> tensor<512x8192xf32>
    %16 = "tiny.cast"(%b) : (tensor<8192xf16>) -> tensor<8192xf32>
    %17 = "tiny.add"(%15, %16) : (tensor<512x8192xf32>, tensor<8192xf32>) -> tensor<512x8192xf32>
    %18 = "tiny.cast"(%17) : (tensor<512x8192xf32>) -> tensor<512x8192xf16>
    return %18 : tensor<512x8192xf16>
  }
}
