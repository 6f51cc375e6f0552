// LayerNorm over the rows of X[M, N] with weight g[N] and bias b[N], f16 in
// and out, f32 inside; inv_n = 1/N (tiny has no size-to-float op, so the
// caller passes it, as an exporter of a symbolic width would):
//   mean = sum(x) inv_n, var = sum((x - mean)^2) inv_n,
//   y = (x - mean) rsqrt(var + 1e-5) g + b.
// One region: a CTA per row, mean and variance reduced cooperatively.
module {
  func.func @layernorm(%x: tensor<?x?xf16, ["M", "N"]> {dlc.name = "X"}, %g: tensor<?xf16, ["N"]> {dlc.name = "g"}, %b: tensor<?xf16, ["N"]> {dlc.name = "b"}, %n: tensor<f32> {dlc.name = "inv_n"}) -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Y"}) {
    %0 = "tiny.cast"(%x) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %1 = "tiny.reduce"(%0) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
    %2 = "tiny.mul"(%1, %n) : (tensor<?xf32, ["M"]>, tensor<f32>) -> tensor<?xf32, ["M"]>
    %3 = "tiny.expand"(%2) {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "N"]>
    %4 = "tiny.sub"(%0, %3) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %5 = "tiny.mul"(%4, %4) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %6 = "tiny.reduce"(%5) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
    %7 = "tiny.mul"(%6, %n) : (tensor<?xf32, ["M"]>, tensor<f32>) -> tensor<?xf32, ["M"]>
    %8 = "tiny.const"() {value = 1.0e-05 : f32} : () -> tensor<f32>
    %9 = "tiny.add"(%7, %8) : (tensor<?xf32, ["M"]>, tensor<f32>) -> tensor<?xf32, ["M"]>
    %10 = "tiny.sqrt"(%9) : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
    %11 = "tiny.recip"(%10) : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
    %12 = "tiny.expand"(%11) {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "N"]>
    %13 = "tiny.mul"(%4, %12) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %14 = "tiny.cast"(%g) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
    %15 = "tiny.mul"(%13, %14) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %16 = "tiny.cast"(%b) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
    %17 = "tiny.add"(%15, %16) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
    %18 = "tiny.cast"(%17) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
    return %18 : tensor<?x?xf16, ["M", "N"]>
  }
}
