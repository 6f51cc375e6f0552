// torch.matmul(A[B,H,M,K], W[B,H,K,N]): the multi-head bmm, two batch axes
// that collapse into one batch of B*H GEMMs.
func.func @bmm4(%A: tensor<?x?x?x?xf16, ["B", "H", "M", "K"]> {dlc.name = "A"},
                %W: tensor<?x?x?x?xf16, ["B", "H", "K", "N"]> {dlc.name = "W"})
    -> (tensor<?x?x?x?xf16, ["B", "H", "M", "N"]> {dlc.name = "C"}) {
  %a = "tiny.reshape"(%A) : (tensor<?x?x?x?xf16, ["B", "H", "M", "K"]>) -> tensor<?x?x?x1x?xf16, ["B", "H", "M", 1, "K"]>
  %wt = "tiny.permute"(%W) {order = array<i64: 0, 1, 3, 2>} : (tensor<?x?x?x?xf16, ["B", "H", "K", "N"]>) -> tensor<?x?x?x?xf16, ["B", "H", "N", "K"]>
  %w = "tiny.reshape"(%wt) : (tensor<?x?x?x?xf16, ["B", "H", "N", "K"]>) -> tensor<?x?x1x?x?xf16, ["B", "H", 1, "N", "K"]>
  %p = "tiny.mul"(%a, %w) : (tensor<?x?x?x1x?xf16, ["B", "H", "M", 1, "K"]>, tensor<?x?x1x?x?xf16, ["B", "H", 1, "N", "K"]>) -> tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>
  %s = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 4>, acc_dtype = f32} : (tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %c = "tiny.cast"(%s) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>
  return %c : tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>
}
