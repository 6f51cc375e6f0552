// Run lm-1: where(P, X, Y) over a flat tensor of E elements, a torch.bool
// mask P (one byte an element) and f16 X, Y. One elementwise kernel.
func.func @where_mask(%P: tensor<?xi1, ["E"]> {dlc.name = "P"},
                      %X: tensor<?xf16, ["E"]> {dlc.name = "X"},
                      %Y: tensor<?xf16, ["E"]> {dlc.name = "Y"})
    -> (tensor<?xf16, ["E"]> {dlc.name = "Z"}) {
  %z = "tiny.where"(%P, %X, %Y) : (tensor<?xi1, ["E"]>, tensor<?xf16, ["E"]>, tensor<?xf16, ["E"]>) -> tensor<?xf16, ["E"]>
  return %z : tensor<?xf16, ["E"]>
}
