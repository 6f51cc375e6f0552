// Softmax over static rows of 32768 halves (examples/softmax.tiny.mlir with
// M = 512, N = 32768): a CTA per row, the online max and sum (MemoryFused.c).
module {
  func.func @softmax_32768(%x: tensor<512x32768xf16> {dlc.name = "X"}) -> (tensor<512x32768xf16> {dlc.name = "Y"}) {
    %0 = "tiny.cast"(%x) : (tensor<512x32768xf16>) -> tensor<512x32768xf32>
    %1 = "tiny.reduce"(%0) {acc_dtype = f32, axes = array<i64: 1>, op = "max"} : (tensor<512x32768xf32>) -> tensor<512xf32>
    %2 = "tiny.expand"(%1) {broadcast_dimensions = array<i64: 0>} : (tensor<512xf32>) -> tensor<512x32768xf32>
    %3 = "tiny.sub"(%0, %2) : (tensor<512x32768xf32>, tensor<512x32768xf32>) -> tensor<512x32768xf32>
    %4 = "tiny.const"() {value = 1.44269502 : f32} : () -> tensor<f32>
    %5 = "tiny.mul"(%3, %4) : (tensor<512x32768xf32>, tensor<f32>) -> tensor<512x32768xf32>
    %6 = "tiny.exp2"(%5) : (tensor<512x32768xf32>) -> tensor<512x32768xf32>
    %7 = "tiny.reduce"(%6) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<512x32768xf32>) -> tensor<512xf32>
    %8 = "tiny.expand"(%7) {broadcast_dimensions = array<i64: 0>} : (tensor<512xf32>) -> tensor<512x32768xf32>
    %r = "tiny.recip"(%8) : (tensor<512x32768xf32>) -> tensor<512x32768xf32>
    %9 = "tiny.mul"(%6, %r) : (tensor<512x32768xf32>, tensor<512x32768xf32>) -> tensor<512x32768xf32>
    %10 = "tiny.cast"(%9) : (tensor<512x32768xf32>) -> tensor<512x32768xf16>
    return %10 : tensor<512x32768xf16>
  }
}
