// in=bf16 D=40 causal=1 scale=rsqrtD batch=B+H gqa=0 bias=mn-f32 maskt=none Dt=64 lse=0 grid=balanced sms=1 m192=1
func.func @a045(%Q: tensor<?x?x?x40xbf16, ["B", "H", "M", 40]> {dlc.name = "Q"}, %K: tensor<?x?x?x40xbf16, ["B", "H", "N", 40]> {dlc.name = "K"}, %V: tensor<?x?x?x40xbf16, ["B", "H", "N", 40]> {dlc.name = "V"}, %Bias: tensor<?x?xf32, ["M", "N"]> {dlc.name = "Bias"})
    -> (tensor<?x?x?x40xbf16, ["B", "H", "M", 40]> {dlc.name = "O"}) {
  %s = "tiny.contract"(%Q, %K) {acc_dtype = f32, lhs_idx = ["b", "h", "m", "d"], out_idx = ["b", "h", "m", "n"], pattern = "matmul", reduce_idx = ["d"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x40xbf16, ["B", "H", "M", 40]>, tensor<?x?x?x40xbf16, ["B", "H", "N", 40]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %sb = "tiny.add"(%s, %Bias) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %one = "tiny.const"() {value = 1.000000e+00 : f32} : () -> tensor<?xf32, ["M"]>
  %view = "tiny.view"(%one) {map = affine_map<(d0, d1)[s0, s1, s2, s3] -> (d0 - d1)>} : (tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "N"]>
  %valid = "tiny.valid"(%view) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>
  %sm = "tiny.where"(%valid, %sb, %ninf) : (tensor<?x?xi1, ["M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %mx = "tiny.reduce"(%sm) {acc_dtype = f32, axes = array<i64: 3>, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %mxe = "tiny.expand"(%mx) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %d = "tiny.sub"(%sm, %mxe) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %c = "tiny.const"() {value = 2.281101149e-01 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%d, %c) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %sum = "tiny.reduce"(%e) {acc_dtype = f32, axes = array<i64: 3>, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %sume = "tiny.expand"(%sum) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xbf16, ["B", "H", "M", "N"]>
  %o = "tiny.contract"(%ph, %V) {acc_dtype = f32, lhs_idx = ["b", "h", "m", "n"], out_idx = ["b", "h", "m", "d"], pattern = "matmul", reduce_idx = ["n"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x?xbf16, ["B", "H", "M", "N"]>, tensor<?x?x?x40xbf16, ["B", "H", "N", 40]>) -> tensor<?x?x?x40xf32, ["B", "H", "M", 40]>
  %oh = "tiny.cast"(%o) : (tensor<?x?x?x40xf32, ["B", "H", "M", 40]>) -> tensor<?x?x?x40xbf16, ["B", "H", "M", 40]>
  return %oh : tensor<?x?x?x40xbf16, ["B", "H", "M", 40]>
}
