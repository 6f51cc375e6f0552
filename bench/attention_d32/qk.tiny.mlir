// Run lm-1: the scores S = Q Kᵀ of attention at D = 32 alone (f32 out), a
// batched GEMM over (B, H): the first of the three kernels an unfused
// attention takes when S is materialised (bench/bench_attention_d32.py).
func.func @qk(%Q: tensor<?x?x?x32xf16, ["B", "H", "M", 32]> {dlc.name = "Q"}, %K: tensor<?x?x?x32xf16, ["B", "H", "N", 32]> {dlc.name = "K"})
    -> (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]> {dlc.name = "S"}) {
  %s = "tiny.contract"(%Q, %K) {acc_dtype = f32, lhs_idx = ["b", "h", "m", "d"], out_idx = ["b", "h", "m", "n"], pattern = "matmul", reduce_idx = ["d"], rhs_idx = ["b", "h", "n", "d"]} : (tensor<?x?x?x32xf16, ["B", "H", "M", 32]>, tensor<?x?x?x32xf16, ["B", "H", "N", 32]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  return %s : tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
}
