// X[B,S,T,K] · W[K,N] (a weight shared across two leading axes): B, S and
// T, read by X only, collapse into one m of B*S*T rows.
func.func @linear3(%X: tensor<?x?x?x?xf16, ["B", "S", "T", "K"]> {dlc.name = "X"},
                   %W: tensor<?x?xf16, ["K", "N"]> {dlc.name = "W"})
    -> (tensor<?x?x?x?xf16, ["B", "S", "T", "N"]> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<?x?x?x?xf16, ["B", "S", "T", "K"]>) -> tensor<?x?x?x1x?xf16, ["B", "S", "T", 1, "K"]>
  %wt = "tiny.permute"(%W) {order = array<i64: 1, 0>} : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["N", "K"]>
  %p = "tiny.mul"(%x, %wt) : (tensor<?x?x?x1x?xf16, ["B", "S", "T", 1, "K"]>, tensor<?x?xf16, ["N", "K"]>) -> tensor<?x?x?x?x?xf16, ["B", "S", "T", "N", "K"]>
  %s = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 4>, acc_dtype = f32} : (tensor<?x?x?x?x?xf16, ["B", "S", "T", "N", "K"]>) -> tensor<?x?x?x?xf32, ["B", "S", "T", "N"]>
  %y = "tiny.cast"(%s) : (tensor<?x?x?x?xf32, ["B", "S", "T", "N"]>) -> tensor<?x?x?x?xf16, ["B", "S", "T", "N"]>
  return %y : tensor<?x?x?x?xf16, ["B", "S", "T", "N"]>
}
