// The multi-head bmm with epilogue inputs over the whole output (a residual
// R[B,H,M,N], its batch strides collapsing like C's) and over N only (a
// bias broadcast across both batch axes: stride 0 in each), then ReLU.
func.func @bmm4_epilogue(%A: tensor<?x?x?x?xf16, ["B", "H", "M", "K"]> {dlc.name = "A"},
                         %W: tensor<?x?x?x?xf16, ["B", "H", "K", "N"]> {dlc.name = "W"},
                         %R: tensor<?x?x?x?xf16, ["B", "H", "M", "N"]> {dlc.name = "R"},
                         %bias: tensor<?xf32, ["N"]> {dlc.name = "bias"})
    -> (tensor<?x?x?x?xf16, ["B", "H", "M", "N"]> {dlc.name = "C"}) {
  %a = "tiny.reshape"(%A) : (tensor<?x?x?x?xf16, ["B", "H", "M", "K"]>) -> tensor<?x?x?x1x?xf16, ["B", "H", "M", 1, "K"]>
  %wt = "tiny.permute"(%W) {order = array<i64: 0, 1, 3, 2>} : (tensor<?x?x?x?xf16, ["B", "H", "K", "N"]>) -> tensor<?x?x?x?xf16, ["B", "H", "N", "K"]>
  %w = "tiny.reshape"(%wt) : (tensor<?x?x?x?xf16, ["B", "H", "N", "K"]>) -> tensor<?x?x1x?x?xf16, ["B", "H", 1, "N", "K"]>
  %p = "tiny.mul"(%a, %w) : (tensor<?x?x?x1x?xf16, ["B", "H", "M", 1, "K"]>, tensor<?x?x1x?x?xf16, ["B", "H", 1, "N", "K"]>) -> tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>
  %s = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 4>, acc_dtype = f32} : (tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %rf = "tiny.cast"(%R) : (tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %x = "tiny.add"(%s, %rf) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %y = "tiny.add"(%x, %bias) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %z = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %r = "tiny.max"(%y, %z) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %c = "tiny.cast"(%r) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>
  return %c : tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>
}
