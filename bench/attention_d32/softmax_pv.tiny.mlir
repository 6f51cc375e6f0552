// Run lm-1: the rest of attention at D = 32 from materialised scores S
// (f32): P = softmax(S / sqrt(32)) in f16 (the Frontend's form: max, exp2
// of the scaled difference, sum, division), then O = P V. Two regions: a
// row softmax and a batched GEMM (bench/bench_attention_d32.py).
func.func @softmax_pv(%S: tensor<?x?x?x?xf32, ["B", "H", "M", "N"]> {dlc.name = "S"}, %V: tensor<?x?x?x32xf16, ["B", "H", "N", 32]> {dlc.name = "V"})
    -> (tensor<?x?x?x32xf16, ["B", "H", "M", 32]> {dlc.name = "O"}) {
  %mx = "tiny.reduce"(%S) {acc_dtype = f32, axes = array<i64: 3>, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %mxe = "tiny.expand"(%mx) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %d = "tiny.sub"(%S, %mxe) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %c = "tiny.const"() {value = 0.255034864 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%d, %c) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %sum = "tiny.reduce"(%e) {acc_dtype = f32, axes = array<i64: 3>, op = "sum"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %sume = "tiny.expand"(%sum) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>
  %o = "tiny.contract"(%ph, %V) {acc_dtype = f32, lhs_idx = ["b", "h", "m", "n"], out_idx = ["b", "h", "m", "d"], pattern = "matmul", reduce_idx = ["n"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>, tensor<?x?x?x32xf16, ["B", "H", "N", 32]>) -> tensor<?x?x?x32xf32, ["B", "H", "M", 32]>
  %oh = "tiny.cast"(%o) : (tensor<?x?x?x32xf32, ["B", "H", "M", 32]>) -> tensor<?x?x?x32xf16, ["B", "H", "M", 32]>
  return %oh : tensor<?x?x?x32xf16, ["B", "H", "M", 32]>
}
