// Softmax over the rows of X[M, N] (f16 in and out, f32 inside), as
// tinygrad writes it: max, exp2((x - max) * log2 e), sum, times its reciprocal.
// One region: a CTA per row, the max and the sum reduced cooperatively.
module {
  func.func @softmax(%x: tensor<?x?xf16, ["M", "N"]> {dlc.name = "X"}) -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Y"}) {
    %0 = "tiny.cast"(%x) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %1 = "tiny.reduce"(%0) {acc_dtype = f32, axes = array<i64: 1>, op = "max"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
    %2 = "tiny.expand"(%1) {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "N"]>
    %3 = "tiny.sub"(%0, %2) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %4 = "tiny.const"() {value = 1.44269502 : f32} : () -> tensor<f32>
    %5 = "tiny.mul"(%3, %4) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
    %6 = "tiny.exp2"(%5) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %7 = "tiny.reduce"(%6) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
    %8 = "tiny.expand"(%7) {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "N"]>
    %r = "tiny.recip"(%8) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %9 = "tiny.mul"(%6, %r) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %10 = "tiny.cast"(%9) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
    return %10 : tensor<?x?xf16, ["M", "N"]>
  }
}
