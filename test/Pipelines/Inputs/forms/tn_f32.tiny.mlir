// A stored [K, M] (a transposed, column-major operand), B [K, N]; f32 out
// with a residual add and a where-ReLU (tinygrad's form).
func.func @tn(%A: tensor<?x?xf16, ["K", "M"]> {dlc.name = "A"},
              %B: tensor<?x?xf16, ["K", "N"]> {dlc.name = "B"},
              %R: tensor<?x?xf32, ["M", "N"]> {dlc.name = "R"})
    -> (tensor<?x?xf32, ["M", "N"]> {dlc.name = "Y"}) {
  %a = "tiny.permute"(%A) {order = array<i64: 1, 0>} : (tensor<?x?xf16, ["K", "M"]>) -> tensor<?x?xf16, ["M", "K"]>
  %a3 = "tiny.reshape"(%a) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %b3 = "tiny.reshape"(%B) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %bt = "tiny.permute"(%b3) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p = "tiny.mul"(%a3, %bt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s = "tiny.add"(%acc, %R) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %z = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %lt = "tiny.cmplt"(%z, %s) : (tensor<f32>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  %y = "tiny.where"(%lt, %s, %z) : (tensor<?x?xi1, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  return %y : tensor<?x?xf32, ["M", "N"]>
}
