// Attention in the forms rbssa-fuse-attention recognises beyond
// test/Analysis/Inputs/attention.tiny.mlir (exp2, no mask) and the
// Frontend's causal op: a scale and an additive bias on the scores, a key
// mask tensor, the exponent's constant on the left, bf16; and grouped-query
// attention (G query heads per K/V head: K and V have no G axis).
func.func @attention_bias_mask(%Q: tensor<?x?x64xbf16, ["H", "M", 64]> {dlc.name = "Q"},
                               %K: tensor<?x?x64xbf16, ["H", "N", 64]> {dlc.name = "K"},
                               %V: tensor<?x?x64xbf16, ["H", "N", 64]> {dlc.name = "V"},
                               %Bias: tensor<?x?xf32, ["M", "N"]> {dlc.name = "Bias"},
                               %Keep: tensor<?xi1, ["N"]> {dlc.name = "Keep"})
    -> (tensor<?x?x64xbf16, ["H", "M", 64]> {dlc.name = "O"}) {
  %s = "tiny.contract"(%Q, %K) {pattern = "matmul", lhs_idx = ["h", "m", "d"], rhs_idx = ["h", "n", "d"],
                                out_idx = ["h", "m", "n"], reduce_idx = ["d"], acc_dtype = f32}
      : (tensor<?x?x64xbf16, ["H", "M", 64]>, tensor<?x?x64xbf16, ["H", "N", 64]>) -> tensor<?x?x?xf32, ["H", "M", "N"]>
  %c = "tiny.const"() {value = 0.125 : f32} : () -> tensor<f32>
  %ss = "tiny.mul"(%s, %c) : (tensor<?x?x?xf32, ["H", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["H", "M", "N"]>
  %sb = "tiny.add"(%ss, %Bias) : (tensor<?x?x?xf32, ["H", "M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?x?xf32, ["H", "M", "N"]>
  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>
  %sm = "tiny.where"(%Keep, %sb, %ninf) : (tensor<?xi1, ["N"]>, tensor<?x?x?xf32, ["H", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["H", "M", "N"]>
  %mx = "tiny.reduce"(%sm) {op = "max", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf32, ["H", "M", "N"]>) -> tensor<?x?xf32, ["H", "M"]>
  %mxe = "tiny.reshape"(%mx) : (tensor<?x?xf32, ["H", "M"]>) -> tensor<?x?x1xf32, ["H", "M", 1]>
  %d = "tiny.sub"(%sm, %mxe) : (tensor<?x?x?xf32, ["H", "M", "N"]>, tensor<?x?x1xf32, ["H", "M", 1]>) -> tensor<?x?x?xf32, ["H", "M", "N"]>
  %l2e = "tiny.const"() {value = 1.44269504 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%l2e, %d) : (tensor<f32>, tensor<?x?x?xf32, ["H", "M", "N"]>) -> tensor<?x?x?xf32, ["H", "M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?x?xf32, ["H", "M", "N"]>) -> tensor<?x?x?xf32, ["H", "M", "N"]>
  %sum = "tiny.reduce"(%e) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf32, ["H", "M", "N"]>) -> tensor<?x?xf32, ["H", "M"]>
  %sume = "tiny.reshape"(%sum) : (tensor<?x?xf32, ["H", "M"]>) -> tensor<?x?x1xf32, ["H", "M", 1]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?x?xf32, ["H", "M", "N"]>, tensor<?x?x1xf32, ["H", "M", 1]>) -> tensor<?x?x?xf32, ["H", "M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?x?xf32, ["H", "M", "N"]>) -> tensor<?x?x?xbf16, ["H", "M", "N"]>
  %o = "tiny.contract"(%ph, %V) {pattern = "matmul", lhs_idx = ["h", "m", "n"], rhs_idx = ["h", "n", "d"],
                                 out_idx = ["h", "m", "d"], reduce_idx = ["n"], acc_dtype = f32}
      : (tensor<?x?x?xbf16, ["H", "M", "N"]>, tensor<?x?x64xbf16, ["H", "N", 64]>) -> tensor<?x?x64xf32, ["H", "M", 64]>
  %oh = "tiny.cast"(%o) : (tensor<?x?x64xf32, ["H", "M", 64]>) -> tensor<?x?x64xbf16, ["H", "M", 64]>
  return %oh : tensor<?x?x64xbf16, ["H", "M", 64]>
}

func.func @attention_gqa(%Q: tensor<?x?x?x64xf16, ["H", "G", "M", 64]> {dlc.name = "Q"}, %K: tensor<?x?x64xf16, ["H", "N", 64]> {dlc.name = "K"}, %V: tensor<?x?x64xf16, ["H", "N", 64]> {dlc.name = "V"}) -> (tensor<?x?x?x64xf16, ["H", "G", "M", 64]> {dlc.name = "O"}) {
  %s = "tiny.contract"(%Q, %K) {acc_dtype = f32, lhs_idx = ["h", "g", "m", "d"], out_idx = ["h", "g", "m", "n"], pattern = "matmul", reduce_idx = ["d"], rhs_idx = ["h", "n", "d"]} : (tensor<?x?x?x64xf16, ["H", "G", "M", 64]>, tensor<?x?x64xf16, ["H", "N", 64]>) -> tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>
  %mx = "tiny.reduce"(%s) {acc_dtype = f32, axes = array<i64: 3>, op = "max"} : (tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>) -> tensor<?x?x?xf32, ["H", "G", "M"]>
  %mxe = "tiny.expand"(%mx) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["H", "G", "M"]>) -> tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>
  %d = "tiny.sub"(%s, %mxe) : (tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>, tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>) -> tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>
  %c = "tiny.const"() {value = 0.18033688 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%d, %c) : (tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>) -> tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>
  %sum = "tiny.reduce"(%e) {acc_dtype = f32, axes = array<i64: 3>, op = "sum"} : (tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>) -> tensor<?x?x?xf32, ["H", "G", "M"]>
  %sume = "tiny.expand"(%sum) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["H", "G", "M"]>) -> tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>, tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>) -> tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?x?x?xf32, ["H", "G", "M", "N"]>) -> tensor<?x?x?x?xf16, ["H", "G", "M", "N"]>
  %o = "tiny.contract"(%ph, %V) {acc_dtype = f32, lhs_idx = ["h", "g", "m", "n"], out_idx = ["h", "g", "m", "d"], pattern = "matmul", reduce_idx = ["n"], rhs_idx = ["h", "n", "d"]} : (tensor<?x?x?x?xf16, ["H", "G", "M", "N"]>, tensor<?x?x64xf16, ["H", "N", 64]>) -> tensor<?x?x?x64xf32, ["H", "G", "M", 64]>
  %oh = "tiny.cast"(%o) : (tensor<?x?x?x64xf32, ["H", "G", "M", 64]>) -> tensor<?x?x?x64xf16, ["H", "G", "M", 64]>
  return %oh : tensor<?x?x?x64xf16, ["H", "G", "M", 64]>
}
