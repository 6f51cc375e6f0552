// torch.matmul(A[B,H,M,128], W[B,H,128,N]): test/Pipelines/Inputs/batch2/
// bmm4.tiny.mlir with K static at 128 (two k tiles a tile, the SM90
// planner's short-K rule for a batch: cooperative 128 x 128, 4 stages; run
// tk-3's checks), B, H, M and N symbolic.
func.func @bmm4(%A: tensor<?x?x?x128xf16, ["B", "H", "M", 128]> {dlc.name = "A"},
                %W: tensor<?x?x128x?xf16, ["B", "H", 128, "N"]> {dlc.name = "W"})
    -> (tensor<?x?x?x?xf16, ["B", "H", "M", "N"]> {dlc.name = "C"}) {
  %a = "tiny.reshape"(%A) : (tensor<?x?x?x128xf16, ["B", "H", "M", 128]>) -> tensor<?x?x?x1x128xf16, ["B", "H", "M", 1, 128]>
  %wt = "tiny.permute"(%W) {order = array<i64: 0, 1, 3, 2>} : (tensor<?x?x128x?xf16, ["B", "H", 128, "N"]>) -> tensor<?x?x?x128xf16, ["B", "H", "N", 128]>
  %w = "tiny.reshape"(%wt) : (tensor<?x?x?x128xf16, ["B", "H", "N", 128]>) -> tensor<?x?x1x?x128xf16, ["B", "H", 1, "N", 128]>
  %p = "tiny.mul"(%a, %w) : (tensor<?x?x?x1x128xf16, ["B", "H", "M", 1, 128]>, tensor<?x?x1x?x128xf16, ["B", "H", 1, "N", 128]>) -> tensor<?x?x?x?x128xf16, ["B", "H", "M", "N", 128]>
  %s = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 4>, acc_dtype = f32} : (tensor<?x?x?x?x128xf16, ["B", "H", "M", "N", 128]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %c = "tiny.cast"(%s) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>
  return %c : tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>
}
