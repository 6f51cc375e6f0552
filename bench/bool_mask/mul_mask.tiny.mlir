// Run lm-1: X * P over a flat tensor of E elements, f16 X and a torch.bool
// mask P cast to f16 (torch's x * mask). One elementwise kernel.
func.func @mul_mask(%P: tensor<?xi1, ["E"]> {dlc.name = "P"},
                    %X: tensor<?xf16, ["E"]> {dlc.name = "X"})
    -> (tensor<?xf16, ["E"]> {dlc.name = "Z"}) {
  %m = "tiny.cast"(%P) : (tensor<?xi1, ["E"]>) -> tensor<?xf16, ["E"]>
  %z = "tiny.mul"(%X, %m) : (tensor<?xf16, ["E"]>, tensor<?xf16, ["E"]>) -> tensor<?xf16, ["E"]>
  return %z : tensor<?xf16, ["E"]>
}
