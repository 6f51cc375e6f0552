// A[B,S,M,K] · W[B,K,N] (W shared across S, batched over B): S and M both
// read by A only, behind a true batch B, collapse into one m of S*M rows.
func.func @bmm_m2(%A: tensor<?x?x?x?xf16, ["B", "S", "M", "K"]> {dlc.name = "A"},
                  %W: tensor<?x?x?xf16, ["B", "K", "N"]> {dlc.name = "W"})
    -> (tensor<?x?x?x?xf32, ["B", "S", "M", "N"]> {dlc.name = "C"}) {
  %a = "tiny.reshape"(%A) : (tensor<?x?x?x?xf16, ["B", "S", "M", "K"]>) -> tensor<?x?x?x1x?xf16, ["B", "S", "M", 1, "K"]>
  %wt = "tiny.permute"(%W) {order = array<i64: 0, 2, 1>} : (tensor<?x?x?xf16, ["B", "K", "N"]>) -> tensor<?x?x?xf16, ["B", "N", "K"]>
  %w = "tiny.reshape"(%wt) : (tensor<?x?x?xf16, ["B", "N", "K"]>) -> tensor<?x1x1x?x?xf16, ["B", 1, 1, "N", "K"]>
  %p = "tiny.mul"(%a, %w) : (tensor<?x?x?x1x?xf16, ["B", "S", "M", 1, "K"]>, tensor<?x1x1x?x?xf16, ["B", 1, 1, "N", "K"]>) -> tensor<?x?x?x?x?xf16, ["B", "S", "M", "N", "K"]>
  %s = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 4>, acc_dtype = f32} : (tensor<?x?x?x?x?xf16, ["B", "S", "M", "N", "K"]>) -> tensor<?x?x?x?xf32, ["B", "S", "M", "N"]>
  return %s : tensor<?x?x?x?xf32, ["B", "S", "M", "N"]>
}
