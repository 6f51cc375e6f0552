// A comparison returned as a bool tensor (torch.bool: one byte, 0 or 1).
func.func @bool_compare(%X: tensor<?xf16, ["N"]> {dlc.name = "X"},
                        %Y: tensor<?xf16, ["N"]> {dlc.name = "Y"})
    -> (tensor<?xi1, ["N"]> {dlc.name = "Z"}) {
  %z = "tiny.cmplt"(%X, %Y) : (tensor<?xf16, ["N"]>, tensor<?xf16, ["N"]>) -> tensor<?xi1, ["N"]>
  return %z : tensor<?xi1, ["N"]>
}
