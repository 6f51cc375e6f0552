// sigmoid(X^T + Z) in f32 (tinygrad's recip(1 + exp2(-x log2 e))), X stored [B, M, N] (f16) and Z [B, N, M] (f32):
// X's read is staged, Z's is made in place (contiguous along the last axis).
module {
  func.func @transpose_add_sigmoid(%x: tensor<?x?x?xf16, ["B", "M", "N"]> {dlc.name = "X"}, %z: tensor<?x?x?xf32, ["B", "N", "M"]> {dlc.name = "Z"}) -> (tensor<?x?x?xf32, ["B", "N", "M"]> {dlc.name = "Y"}) {
    %t = "tiny.permute"(%x) {order = array<i64: 0, 2, 1>} : (tensor<?x?x?xf16, ["B", "M", "N"]>) -> tensor<?x?x?xf16, ["B", "N", "M"]>
    %c = "tiny.cast"(%t) : (tensor<?x?x?xf16, ["B", "N", "M"]>) -> tensor<?x?x?xf32, ["B", "N", "M"]>
    %s = "tiny.add"(%c, %z) : (tensor<?x?x?xf32, ["B", "N", "M"]>, tensor<?x?x?xf32, ["B", "N", "M"]>) -> tensor<?x?x?xf32, ["B", "N", "M"]>
    %k = "tiny.const"() {value = -1.4426950408889634 : f32} : () -> tensor<f32>
    %n = "tiny.mul"(%s, %k) : (tensor<?x?x?xf32, ["B", "N", "M"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "N", "M"]>
    %e = "tiny.exp2"(%n) : (tensor<?x?x?xf32, ["B", "N", "M"]>) -> tensor<?x?x?xf32, ["B", "N", "M"]>
    %one = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
    %d = "tiny.add"(%e, %one) : (tensor<?x?x?xf32, ["B", "N", "M"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "N", "M"]>
    %r = "tiny.recip"(%d) : (tensor<?x?x?xf32, ["B", "N", "M"]>) -> tensor<?x?x?xf32, ["B", "N", "M"]>
    return %r : tensor<?x?x?xf32, ["B", "N", "M"]>
  }
}
