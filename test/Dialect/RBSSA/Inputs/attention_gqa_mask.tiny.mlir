// Grouped-query attention (G query heads per K/V head) with a bias and a
// boolean mask over every axis of S: rank-5 tensors of symbolic sizes.
func.func @attention_gqa_mask(%Q: tensor<?x?x?x?x128xbf16, ["B", "H", "G", "M", 128]> {dlc.name = "Q"}, %K: tensor<?x?x?x128xbf16, ["B", "H", "N", 128]> {dlc.name = "K"}, %V: tensor<?x?x?x128xbf16, ["B", "H", "N", 128]> {dlc.name = "V"}, %Bias: tensor<?x?x?x?x?xbf16, ["B", "H", "G", "M", "N"]> {dlc.name = "Bias"}, %Keep: tensor<?x?x?x?x?xi1, ["B", "H", "G", "M", "N"]> {dlc.name = "Keep"})
    -> (tensor<?x?x?x?x128xbf16, ["B", "H", "G", "M", 128]> {dlc.name = "O"}) {
  %s = "tiny.contract"(%Q, %K) {acc_dtype = f32, lhs_idx = ["b", "h", "g", "m", "d"], out_idx = ["b", "h", "g", "m", "n"], pattern = "matmul", reduce_idx = ["d"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x?x128xbf16, ["B", "H", "G", "M", 128]>, tensor<?x?x?x128xbf16, ["B", "H", "N", 128]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %bc = "tiny.cast"(%Bias) : (tensor<?x?x?x?x?xbf16, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %sb = "tiny.add"(%s, %bc) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>
  %sk = "tiny.where"(%Keep, %sb, %ninf) : (tensor<?x?x?x?x?xi1, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %mx = "tiny.reduce"(%sk) {acc_dtype = f32, axes = array<i64: 4>, op = "max"} : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %mxe = "tiny.expand"(%mx) {broadcast_dimensions = array<i64: 0, 1, 2, 3>} : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %d = "tiny.sub"(%sk, %mxe) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %c = "tiny.const"() {value = 1.275174308e-01 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%d, %c) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %sum = "tiny.reduce"(%e) {acc_dtype = f32, axes = array<i64: 4>, op = "sum"} : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %sume = "tiny.expand"(%sum) {broadcast_dimensions = array<i64: 0, 1, 2, 3>} : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xbf16, ["B", "H", "G", "M", "N"]>
  %o = "tiny.contract"(%ph, %V) {acc_dtype = f32, lhs_idx = ["b", "h", "g", "m", "n"], out_idx = ["b", "h", "g", "m", "d"], pattern = "matmul", reduce_idx = ["n"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x?x?xbf16, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x128xbf16, ["B", "H", "N", 128]>) -> tensor<?x?x?x?x128xf32, ["B", "H", "G", "M", 128]>
  %oh = "tiny.cast"(%o) : (tensor<?x?x?x?x128xf32, ["B", "H", "G", "M", 128]>) -> tensor<?x?x?x?x128xbf16, ["B", "H", "G", "M", 128]>
  return %oh : tensor<?x?x?x?x128xbf16, ["B", "H", "G", "M", 128]>
}
