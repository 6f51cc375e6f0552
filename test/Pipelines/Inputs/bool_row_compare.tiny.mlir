// A row reduction followed by a compare: which elements of each row are
// below half its max (a CTA or a warp per row, the max in registers).
func.func @bool_row_compare(%X: tensor<?x?xf16, ["M", "N"]> {dlc.name = "X"})
    -> (tensor<?x?xi1, ["M", "N"]> {dlc.name = "low"}) {
  %x = "tiny.cast"(%X) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %r = "tiny.reduce"(%x) {op = "max", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %k = "tiny.reshape"(%r) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %h = "tiny.const"() {value = 0.5 : f32} : () -> tensor<f32>
  %t = "tiny.mul"(%k, %h) : (tensor<?x1xf32, ["M", 1]>, tensor<f32>) -> tensor<?x1xf32, ["M", 1]>
  %low = "tiny.cmplt"(%x, %t) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xi1, ["M", "N"]>
  return %low : tensor<?x?xi1, ["M", "N"]>
}
