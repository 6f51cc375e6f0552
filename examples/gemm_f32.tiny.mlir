// An f32 GEMM, Y = X·W: the GEMM skeletons multiply f16 or bf16 factors, so
// the planner sends it to the memory-bound skeleton (column mode: a CTA per
// row of X and tile of 32 columns, its threads sharing the k loop by rows).
// Correct on every size; not fast.
module {
  func.func @gemm_f32(%x: tensor<?x?xf32, ["M", "K"]> {dlc.name = "X"}, %w: tensor<?x?xf32, ["K", "N"]> {dlc.name = "W"}) -> (tensor<?x?xf32, ["M", "N"]> {dlc.name = "Y"}) {
    %0 = "tiny.reshape"(%x) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x1x?xf32, ["M", 1, "K"]>
    %1 = "tiny.permute"(%w) {order = array<i64: 1, 0>} : (tensor<?x?xf32, ["K", "N"]>) -> tensor<?x?xf32, ["N", "K"]>
    %2 = "tiny.reshape"(%1) : (tensor<?x?xf32, ["N", "K"]>) -> tensor<1x?x?xf32, [1, "N", "K"]>
    %3 = "tiny.mul"(%0, %2) : (tensor<?x1x?xf32, ["M", 1, "K"]>, tensor<1x?x?xf32, [1, "N", "K"]>) -> tensor<?x?x?xf32, ["M", "N", "K"]>
    %4 = "tiny.reduce"(%3) {acc_dtype = f32, axes = array<i64: 2>, op = "sum"} : (tensor<?x?x?xf32, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
    return %4 : tensor<?x?xf32, ["M", "N"]>
  }
}
