// A bool input (a mask from torch): where(P, X, Y), and the result's sign
// as a second bool.
func.func @bool_mask_input(%P: tensor<?x?xi1, ["M", "N"]> {dlc.name = "P"},
                           %X: tensor<?x?xf16, ["M", "N"]> {dlc.name = "X"},
                           %Y: tensor<?x?xf16, ["M", "N"]> {dlc.name = "Y"})
    -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Z"},
        tensor<?x?xi1, ["M", "N"]> {dlc.name = "neg"}) {
  %z = "tiny.where"(%P, %X, %Y) : (tensor<?x?xi1, ["M", "N"]>, tensor<?x?xf16, ["M", "N"]>, tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %c = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f16>
  %n = "tiny.cmplt"(%z, %c) : (tensor<?x?xf16, ["M", "N"]>, tensor<f16>) -> tensor<?x?xi1, ["M", "N"]>
  return %z, %n : tensor<?x?xf16, ["M", "N"]>, tensor<?x?xi1, ["M", "N"]>
}
