// Attention with a log-sum-exp output (rbssa-fuse-attention's LSE cases,
// fuse-attention.test): grouped-query attention with a bias over every
// axis of S and a key mask, taken in; and an LSE whose max factor is not the
// softmax's exp2 factor, left as its own region; the natural-log form
// ln Σ exp(k (L - max)) + k max (ln as log2 · ln 2, k = c ln 2 = 0.125),
// taken in; and the same with k = 1 (the scale on the scores, c = log2 e).
func.func @lse_gqa_bias_mask(%Q: tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]> {dlc.name = "Q"}, %K: tensor<?x?x?x64xbf16, ["B", "H", "N", 64]> {dlc.name = "K"}, %V: tensor<?x?x?x64xbf16, ["B", "H", "N", 64]> {dlc.name = "V"}, %Bias: tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]> {dlc.name = "Bias"}, %Keep: tensor<?xi1, ["N"]> {dlc.name = "Keep"})
    -> (tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]> {dlc.name = "O"}, tensor<?x?x?x?xf32, ["B", "H", "G", "M"]> {dlc.name = "LSE"}) {
  %s = "tiny.contract"(%Q, %K) {acc_dtype = f32, lhs_idx = ["b", "h", "g", "m", "d"], out_idx = ["b", "h", "g", "m", "n"], pattern = "matmul", reduce_idx = ["d"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]>, tensor<?x?x?x64xbf16, ["B", "H", "N", 64]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %sb = "tiny.add"(%s, %Bias) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>
  %sk = "tiny.where"(%Keep, %sb, %ninf) : (tensor<?xi1, ["N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %mx = "tiny.reduce"(%sk) {acc_dtype = f32, axes = array<i64: 4>, op = "max"} : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %mxe = "tiny.expand"(%mx) {broadcast_dimensions = array<i64: 0, 1, 2, 3>} : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %d = "tiny.sub"(%sk, %mxe) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %c = "tiny.const"() {value = 1.803368801e-01 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%d, %c) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %sum = "tiny.reduce"(%e) {acc_dtype = f32, axes = array<i64: 4>, op = "sum"} : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %sume = "tiny.expand"(%sum) {broadcast_dimensions = array<i64: 0, 1, 2, 3>} : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xbf16, ["B", "H", "G", "M", "N"]>
  %o = "tiny.contract"(%ph, %V) {acc_dtype = f32, lhs_idx = ["b", "h", "g", "m", "n"], out_idx = ["b", "h", "g", "m", "d"], pattern = "matmul", reduce_idx = ["n"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x?x?xbf16, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x64xbf16, ["B", "H", "N", 64]>) -> tensor<?x?x?x?x64xf32, ["B", "H", "G", "M", 64]>
  %oh = "tiny.cast"(%o) : (tensor<?x?x?x?x64xf32, ["B", "H", "G", "M", 64]>) -> tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]>
  %l2 = "tiny.log2"(%sum) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %mc = "tiny.mul"(%mx, %c) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %lsum = "tiny.add"(%mc, %l2) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>, tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %ln2 = "tiny.const"() {value = 6.931471806e-01 : f32} : () -> tensor<f32>
  %lse = "tiny.mul"(%lsum, %ln2) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  return %oh, %lse : tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]>, tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
}

func.func @lse_other_scale(%Q: tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]> {dlc.name = "Q"}, %K: tensor<?x?x?x64xbf16, ["B", "H", "N", 64]> {dlc.name = "K"}, %V: tensor<?x?x?x64xbf16, ["B", "H", "N", 64]> {dlc.name = "V"}, %Bias: tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]> {dlc.name = "Bias"}, %Keep: tensor<?xi1, ["N"]> {dlc.name = "Keep"})
    -> (tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]> {dlc.name = "O"}, tensor<?x?x?x?xf32, ["B", "H", "G", "M"]> {dlc.name = "LSE"}) {
  %s = "tiny.contract"(%Q, %K) {acc_dtype = f32, lhs_idx = ["b", "h", "g", "m", "d"], out_idx = ["b", "h", "g", "m", "n"], pattern = "matmul", reduce_idx = ["d"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]>, tensor<?x?x?x64xbf16, ["B", "H", "N", 64]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %sb = "tiny.add"(%s, %Bias) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>
  %sk = "tiny.where"(%Keep, %sb, %ninf) : (tensor<?xi1, ["N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %mx = "tiny.reduce"(%sk) {acc_dtype = f32, axes = array<i64: 4>, op = "max"} : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %mxe = "tiny.expand"(%mx) {broadcast_dimensions = array<i64: 0, 1, 2, 3>} : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %d = "tiny.sub"(%sk, %mxe) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %c = "tiny.const"() {value = 1.803368801e-01 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%d, %c) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %sum = "tiny.reduce"(%e) {acc_dtype = f32, axes = array<i64: 4>, op = "sum"} : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %sume = "tiny.expand"(%sum) {broadcast_dimensions = array<i64: 0, 1, 2, 3>} : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xbf16, ["B", "H", "G", "M", "N"]>
  %o = "tiny.contract"(%ph, %V) {acc_dtype = f32, lhs_idx = ["b", "h", "g", "m", "n"], out_idx = ["b", "h", "g", "m", "d"], pattern = "matmul", reduce_idx = ["n"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x?x?xbf16, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x64xbf16, ["B", "H", "N", 64]>) -> tensor<?x?x?x?x64xf32, ["B", "H", "G", "M", 64]>
  %oh = "tiny.cast"(%o) : (tensor<?x?x?x?x64xf32, ["B", "H", "G", "M", 64]>) -> tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]>
  %l2 = "tiny.log2"(%sum) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %c2 = "tiny.const"() {value = 2.500000e-01 : f32} : () -> tensor<f32>
  %mc = "tiny.mul"(%mx, %c2) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %lsum = "tiny.add"(%mc, %l2) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>, tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %ln2 = "tiny.const"() {value = 6.931471806e-01 : f32} : () -> tensor<f32>
  %lse = "tiny.mul"(%lsum, %ln2) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  return %oh, %lse : tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]>, tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
}

func.func @lse_natural(%Q: tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]> {dlc.name = "Q"}, %K: tensor<?x?x?x64xbf16, ["B", "H", "N", 64]> {dlc.name = "K"}, %V: tensor<?x?x?x64xbf16, ["B", "H", "N", 64]> {dlc.name = "V"}, %Bias: tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]> {dlc.name = "Bias"}, %Keep: tensor<?xi1, ["N"]> {dlc.name = "Keep"})
    -> (tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]> {dlc.name = "O"}, tensor<?x?x?x?xf32, ["B", "H", "G", "M"]> {dlc.name = "LSE"}) {
  %s = "tiny.contract"(%Q, %K) {acc_dtype = f32, lhs_idx = ["b", "h", "g", "m", "d"], out_idx = ["b", "h", "g", "m", "n"], pattern = "matmul", reduce_idx = ["d"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]>, tensor<?x?x?x64xbf16, ["B", "H", "N", 64]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %sb = "tiny.add"(%s, %Bias) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>
  %sk = "tiny.where"(%Keep, %sb, %ninf) : (tensor<?xi1, ["N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %mx = "tiny.reduce"(%sk) {acc_dtype = f32, axes = array<i64: 4>, op = "max"} : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %mxe = "tiny.expand"(%mx) {broadcast_dimensions = array<i64: 0, 1, 2, 3>} : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %d = "tiny.sub"(%sk, %mxe) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %c = "tiny.const"() {value = 1.803368801e-01 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%d, %c) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %sum = "tiny.reduce"(%e) {acc_dtype = f32, axes = array<i64: 4>, op = "sum"} : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %sume = "tiny.expand"(%sum) {broadcast_dimensions = array<i64: 0, 1, 2, 3>} : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xbf16, ["B", "H", "G", "M", "N"]>
  %o = "tiny.contract"(%ph, %V) {acc_dtype = f32, lhs_idx = ["b", "h", "g", "m", "n"], out_idx = ["b", "h", "g", "m", "d"], pattern = "matmul", reduce_idx = ["n"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x?x?xbf16, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x64xbf16, ["B", "H", "N", 64]>) -> tensor<?x?x?x?x64xf32, ["B", "H", "G", "M", 64]>
  %oh = "tiny.cast"(%o) : (tensor<?x?x?x?x64xf32, ["B", "H", "G", "M", 64]>) -> tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]>
  %l2 = "tiny.log2"(%sum) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %ln2 = "tiny.const"() {value = 6.931471806e-01 : f32} : () -> tensor<f32>
  %lnsum = "tiny.mul"(%l2, %ln2) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %k = "tiny.const"() {value = 1.250000e-01 : f32} : () -> tensor<f32>
  %mk = "tiny.mul"(%mx, %k) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %lse = "tiny.add"(%mk, %lnsum) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>, tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  return %oh, %lse : tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]>, tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
}

func.func @lse_natural_unit(%Q: tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]> {dlc.name = "Q"}, %K: tensor<?x?x?x64xbf16, ["B", "H", "N", 64]> {dlc.name = "K"}, %V: tensor<?x?x?x64xbf16, ["B", "H", "N", 64]> {dlc.name = "V"}, %Bias: tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]> {dlc.name = "Bias"}, %Keep: tensor<?xi1, ["N"]> {dlc.name = "Keep"})
    -> (tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]> {dlc.name = "O"}, tensor<?x?x?x?xf32, ["B", "H", "G", "M"]> {dlc.name = "LSE"}) {
  %s = "tiny.contract"(%Q, %K) {acc_dtype = f32, lhs_idx = ["b", "h", "g", "m", "d"], out_idx = ["b", "h", "g", "m", "n"], pattern = "matmul", reduce_idx = ["d"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]>, tensor<?x?x?x64xbf16, ["B", "H", "N", 64]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %qk = "tiny.const"() {value = 1.250000e-01 : f32} : () -> tensor<f32>
  %ss = "tiny.mul"(%s, %qk) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %sb = "tiny.add"(%ss, %Bias) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>
  %sk = "tiny.where"(%Keep, %sb, %ninf) : (tensor<?xi1, ["N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %mx = "tiny.reduce"(%sk) {acc_dtype = f32, axes = array<i64: 4>, op = "max"} : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %mxe = "tiny.expand"(%mx) {broadcast_dimensions = array<i64: 0, 1, 2, 3>} : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %d = "tiny.sub"(%sk, %mxe) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %c = "tiny.const"() {value = 1.442695041e+00 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%d, %c) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %sum = "tiny.reduce"(%e) {acc_dtype = f32, axes = array<i64: 4>, op = "sum"} : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %sume = "tiny.expand"(%sum) {broadcast_dimensions = array<i64: 0, 1, 2, 3>} : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?x?x?x?xf32, ["B", "H", "G", "M", "N"]>) -> tensor<?x?x?x?x?xbf16, ["B", "H", "G", "M", "N"]>
  %o = "tiny.contract"(%ph, %V) {acc_dtype = f32, lhs_idx = ["b", "h", "g", "m", "n"], out_idx = ["b", "h", "g", "m", "d"], pattern = "matmul", reduce_idx = ["n"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x?x?xbf16, ["B", "H", "G", "M", "N"]>, tensor<?x?x?x64xbf16, ["B", "H", "N", 64]>) -> tensor<?x?x?x?x64xf32, ["B", "H", "G", "M", 64]>
  %oh = "tiny.cast"(%o) : (tensor<?x?x?x?x64xf32, ["B", "H", "G", "M", 64]>) -> tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]>
  %l2 = "tiny.log2"(%sum) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %ln2 = "tiny.const"() {value = 6.931471806e-01 : f32} : () -> tensor<f32>
  %lnsum = "tiny.mul"(%l2, %ln2) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  %lse = "tiny.add"(%lnsum, %mx) : (tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>, tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
  return %oh, %lse : tensor<?x?x?x?x64xbf16, ["B", "H", "G", "M", 64]>, tensor<?x?x?x?xf32, ["B", "H", "G", "M"]>
}
