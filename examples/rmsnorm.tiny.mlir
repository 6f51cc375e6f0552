// RMSNorm over the rows of X[M, N] with a weight g[N]:
// y = x * rsqrt(mean(x^2) + eps) * g, f16 in and out, f32 inside.
module {
  func.func @rmsnorm(%x: tensor<?x?xf16, ["M", "N"]> {dlc.name = "X"}, %g: tensor<?xf16, ["N"]> {dlc.name = "g"}, %n: tensor<f32> {dlc.name = "inv_n"}) -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Y"}) {
    %0 = "tiny.cast"(%x) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %1 = "tiny.mul"(%0, %0) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %2 = "tiny.reduce"(%1) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
    %3 = "tiny.mul"(%2, %n) : (tensor<?xf32, ["M"]>, tensor<f32>) -> tensor<?xf32, ["M"]>
    %4 = "tiny.const"() {value = 1.0e-05 : f32} : () -> tensor<f32>
    %5 = "tiny.add"(%3, %4) : (tensor<?xf32, ["M"]>, tensor<f32>) -> tensor<?xf32, ["M"]>
    %6 = "tiny.sqrt"(%5) : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
    %7 = "tiny.recip"(%6) : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
    %8 = "tiny.expand"(%7) {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "N"]>
    %9 = "tiny.mul"(%0, %8) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %10 = "tiny.cast"(%g) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
    %11 = "tiny.mul"(%9, %10) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %12 = "tiny.cast"(%11) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
    return %12 : tensor<?x?xf16, ["M", "N"]>
  }
}
