// D128 f16, non-causal, scale 1/sqrt(D), keep mask [N] (run d2-2)
func.func @mask_key(%Q: tensor<?x?x?x128xf16, ["B", "H", "M", 128]> {dlc.name = "Q"}, %K: tensor<?x?x?x128xf16, ["B", "H", "N", 128]> {dlc.name = "K"}, %V: tensor<?x?x?x128xf16, ["B", "H", "N", 128]> {dlc.name = "V"}, %Keep: tensor<?xi1, ["N"]> {dlc.name = "Keep"})
    -> (tensor<?x?x?x128xf16, ["B", "H", "M", 128]> {dlc.name = "O"}) {
  %s = "tiny.contract"(%Q, %K) {acc_dtype = f32, lhs_idx = ["b", "h", "m", "d"], out_idx = ["b", "h", "m", "n"], pattern = "matmul", reduce_idx = ["d"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x128xf16, ["B", "H", "M", 128]>, tensor<?x?x?x128xf16, ["B", "H", "N", 128]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>
  %sk = "tiny.where"(%Keep, %s, %ninf) : (tensor<?xi1, ["N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %mx = "tiny.reduce"(%sk) {acc_dtype = f32, axes = array<i64: 3>, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %mxe = "tiny.expand"(%mx) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %d = "tiny.sub"(%sk, %mxe) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %c = "tiny.const"() {value = 1.275174308e-01 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%d, %c) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %sum = "tiny.reduce"(%e) {acc_dtype = f32, axes = array<i64: 3>, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %sume = "tiny.expand"(%sum) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>
  %o = "tiny.contract"(%ph, %V) {acc_dtype = f32, lhs_idx = ["b", "h", "m", "n"], out_idx = ["b", "h", "m", "d"], pattern = "matmul", reduce_idx = ["n"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>, tensor<?x?x?x128xf16, ["B", "H", "N", 128]>) -> tensor<?x?x?x128xf32, ["B", "H", "M", 128]>
  %oh = "tiny.cast"(%o) : (tensor<?x?x?x128xf32, ["B", "H", "M", 128]>) -> tensor<?x?x?x128xf16, ["B", "H", "M", 128]>
  return %oh : tensor<?x?x?x128xf16, ["B", "H", "M", 128]>
}
