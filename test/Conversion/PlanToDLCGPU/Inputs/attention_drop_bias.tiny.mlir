// Attention with a per-head f16 bias and a per-(head, query, key) drop mask
// (true drops the key: where(drop, -inf, s)), f16, D = 64, batch and heads.
func.func @attention_drop_bias(%Q: tensor<?x?x?x64xf16, ["B", "H", "M", 64]> {dlc.name = "Q"},
                               %K: tensor<?x?x?x64xf16, ["B", "H", "N", 64]> {dlc.name = "K"},
                               %V: tensor<?x?x?x64xf16, ["B", "H", "N", 64]> {dlc.name = "V"},
                               %Bias: tensor<?x?x?xf16, ["H", "M", "N"]> {dlc.name = "Bias"},
                               %Drop: tensor<?x?x?x?xi1, ["B", "H", "M", "N"]> {dlc.name = "Drop"})
    -> (tensor<?x?x?x64xf16, ["B", "H", "M", 64]> {dlc.name = "O"}) {
  %s = "tiny.contract"(%Q, %K) {pattern = "matmul", lhs_idx = ["b", "h", "m", "d"], rhs_idx = ["b", "h", "n", "d"],
                                out_idx = ["b", "h", "m", "n"], reduce_idx = ["d"], acc_dtype = f32}
      : (tensor<?x?x?x64xf16, ["B", "H", "M", 64]>, tensor<?x?x?x64xf16, ["B", "H", "N", 64]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %bf = "tiny.cast"(%Bias) : (tensor<?x?x?xf16, ["H", "M", "N"]>) -> tensor<?x?x?xf32, ["H", "M", "N"]>
  %sb = "tiny.add"(%bf, %s) : (tensor<?x?x?xf32, ["H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>
  %sm = "tiny.where"(%Drop, %ninf, %sb) : (tensor<?x?x?x?xi1, ["B", "H", "M", "N"]>, tensor<f32>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %mx = "tiny.reduce"(%sm) {op = "max", axes = array<i64: 3>, acc_dtype = f32} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %mxe = "tiny.reshape"(%mx) : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x1xf32, ["B", "H", "M", 1]>
  %d = "tiny.sub"(%sm, %mxe) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x1xf32, ["B", "H", "M", 1]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %c = "tiny.const"() {value = 0.18033688 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%d, %c) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %sum = "tiny.reduce"(%e) {op = "sum", axes = array<i64: 3>, acc_dtype = f32} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %sume = "tiny.reshape"(%sum) : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x1xf32, ["B", "H", "M", 1]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x1xf32, ["B", "H", "M", 1]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>
  %o = "tiny.contract"(%ph, %V) {pattern = "matmul", lhs_idx = ["b", "h", "m", "n"], rhs_idx = ["b", "h", "n", "d"],
                                 out_idx = ["b", "h", "m", "d"], reduce_idx = ["n"], acc_dtype = f32}
      : (tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>, tensor<?x?x?x64xf16, ["B", "H", "N", 64]>) -> tensor<?x?x?x64xf32, ["B", "H", "M", 64]>
  %oh = "tiny.cast"(%o) : (tensor<?x?x?x64xf32, ["B", "H", "M", 64]>) -> tensor<?x?x?x64xf16, ["B", "H", "M", 64]>
  return %oh : tensor<?x?x?x64xf16, ["B", "H", "M", 64]>
}
