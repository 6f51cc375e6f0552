// Both operands transposed (A stored [K, M], B stored [N, K]), mixed static
// and symbolic sizes (K = 96), a per-row bias and a clamp; f16 out.
func.func @tt(%A: tensor<96x?xf16, [96, "M"]> {dlc.name = "A"},
              %B: tensor<?x96xf16, ["N", 96]> {dlc.name = "B"},
              %c: tensor<?xf32, ["M"]> {dlc.name = "c"})
    -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Y"}) {
  %a = "tiny.permute"(%A) {order = array<i64: 1, 0>} : (tensor<96x?xf16, [96, "M"]>) -> tensor<?x96xf16, ["M", 96]>
  %a3 = "tiny.reshape"(%a) : (tensor<?x96xf16, ["M", 96]>) -> tensor<?x1x96xf16, ["M", 1, 96]>
  %b3 = "tiny.reshape"(%B) : (tensor<?x96xf16, ["N", 96]>) -> tensor<1x?x96xf16, [1, "N", 96]>
  %p = "tiny.mul"(%a3, %b3) : (tensor<?x1x96xf16, ["M", 1, 96]>, tensor<1x?x96xf16, [1, "N", 96]>) -> tensor<?x?x96xf16, ["M", "N", 96]>
  %acc = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x96xf16, ["M", "N", 96]>) -> tensor<?x?xf32, ["M", "N"]>
  %c2 = "tiny.reshape"(%c) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %s = "tiny.add"(%acc, %c2) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "N"]>
  %lo = "tiny.const"() {value = -1.0 : f32} : () -> tensor<f32>
  %hi = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %m1 = "tiny.max"(%s, %lo) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %gt = "tiny.cmplt"(%hi, %m1) : (tensor<f32>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  %m2 = "tiny.where"(%gt, %hi, %m1) : (tensor<?x?xi1, ["M", "N"]>, tensor<f32>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %y = "tiny.cast"(%m2) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %y : tensor<?x?xf16, ["M", "N"]>
}
