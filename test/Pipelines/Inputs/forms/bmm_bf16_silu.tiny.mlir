// Batched bf16 GEMM with SiLU as tinygrad writes it:
// Y[B,M,N] = silu(sum_k X[B,M,K] · W[B,K,N]), x * recip(1 + exp2(x * -log2 e)),
// the product widened to f32 before the reduce; bf16 out.
func.func @bmm_silu(%X: tensor<?x?x?xbf16, ["B", "M", "K"]> {dlc.name = "X"},
                    %W: tensor<?x?x?xbf16, ["B", "K", "N"]> {dlc.name = "W"})
    -> (tensor<?x?x?xbf16, ["B", "M", "N"]> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<?x?x?xbf16, ["B", "M", "K"]>) -> tensor<?x?x1x?xbf16, ["B", "M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?x?xbf16, ["B", "K", "N"]>) -> tensor<?x1x?x?xbf16, ["B", 1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 1, 3, 2>} : (tensor<?x1x?x?xbf16, ["B", 1, "K", "N"]>) -> tensor<?x1x?x?xbf16, ["B", 1, "N", "K"]>
  %p = "tiny.mul"(%x, %wt) : (tensor<?x?x1x?xbf16, ["B", "M", 1, "K"]>, tensor<?x1x?x?xbf16, ["B", 1, "N", "K"]>) -> tensor<?x?x?x?xbf16, ["B", "M", "N", "K"]>
  %pf = "tiny.cast"(%p) : (tensor<?x?x?x?xbf16, ["B", "M", "N", "K"]>) -> tensor<?x?x?x?xf32, ["B", "M", "N", "K"]>
  %acc = "tiny.reduce"(%pf) {op = "sum", axes = array<i64: 3>, acc_dtype = f32} : (tensor<?x?x?x?xf32, ["B", "M", "N", "K"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %c = "tiny.const"() {value = -1.4426950408889634 : f32} : () -> tensor<f32>
  %one = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %t = "tiny.mul"(%acc, %c) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %e = "tiny.exp2"(%t) : (tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %d = "tiny.add"(%e, %one) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %r = "tiny.recip"(%d) : (tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %s = "tiny.mul"(%acc, %r) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %y = "tiny.cast"(%s) : (tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xbf16, ["B", "M", "N"]>
  return %y : tensor<?x?x?xbf16, ["B", "M", "N"]>
}
