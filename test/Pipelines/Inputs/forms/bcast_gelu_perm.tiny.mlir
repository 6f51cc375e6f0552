// A batch of activations against one shared weight (B broadcast across the
// batch), written as tinygrad writes it: the reduced axis permuted to the
// front before REDUCE (tinygrad reduces leading axes), a scale by 0.5, and
// GELU in tinygrad's tanh form, 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715
// x^3))) with tanh(y) = 2 sigmoid(2y) - 1 and sigmoid(z) = recip(1 +
// exp2(-z log2 e)); f32 out.
func.func @bcast_gelu(%X: tensor<?x?x?xf16, ["B", "M", "K"]> {dlc.name = "X"},
                      %W: tensor<?x?xf16, ["K", "N"]> {dlc.name = "W"})
    -> (tensor<?x?x?xf32, ["B", "M", "N"]> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<?x?x?xf16, ["B", "M", "K"]>) -> tensor<?x?x1x?xf16, ["B", "M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x1x?x?xf16, [1, 1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 1, 3, 2>} : (tensor<1x1x?x?xf16, [1, 1, "K", "N"]>) -> tensor<1x1x?x?xf16, [1, 1, "N", "K"]>
  %p = "tiny.mul"(%x, %wt) : (tensor<?x?x1x?xf16, ["B", "M", 1, "K"]>, tensor<1x1x?x?xf16, [1, 1, "N", "K"]>) -> tensor<?x?x?x?xf16, ["B", "M", "N", "K"]>
  %pf = "tiny.cast"(%p) : (tensor<?x?x?x?xf16, ["B", "M", "N", "K"]>) -> tensor<?x?x?x?xf32, ["B", "M", "N", "K"]>
  %pk = "tiny.permute"(%pf) {order = array<i64: 3, 0, 1, 2>} : (tensor<?x?x?x?xf32, ["B", "M", "N", "K"]>) -> tensor<?x?x?x?xf32, ["K", "B", "M", "N"]>
  %acc = "tiny.reduce"(%pk) {op = "sum", axes = array<i64: 0>, acc_dtype = f32} : (tensor<?x?x?x?xf32, ["K", "B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %half = "tiny.const"() {value = 0.5 : f32} : () -> tensor<f32>
  %one = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %two = "tiny.const"() {value = 2.0 : f32} : () -> tensor<f32>
  %c3 = "tiny.const"() {value = 0.044715 : f32} : () -> tensor<f32>
  %k = "tiny.const"() {value = 0.7978845608028654 : f32} : () -> tensor<f32>
  %nl = "tiny.const"() {value = -1.4426950408889634 : f32} : () -> tensor<f32>
  %s = "tiny.mul"(%acc, %half) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %s2 = "tiny.mul"(%s, %s) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %s3 = "tiny.mul"(%s2, %s) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %t1 = "tiny.mul"(%s3, %c3) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %t2 = "tiny.add"(%s, %t1) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %y = "tiny.mul"(%t2, %k) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %y2 = "tiny.mul"(%y, %two) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %z = "tiny.mul"(%y2, %nl) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %e = "tiny.exp2"(%z) : (tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %d = "tiny.add"(%e, %one) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %sig = "tiny.recip"(%d) : (tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %sig2 = "tiny.mul"(%sig, %two) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %th = "tiny.sub"(%sig2, %one) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %th1 = "tiny.add"(%th, %one) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %hs = "tiny.mul"(%s, %half) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %g = "tiny.mul"(%hs, %th1) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  return %g : tensor<?x?x?xf32, ["B", "M", "N"]>
}
