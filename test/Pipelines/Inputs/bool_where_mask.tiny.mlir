// A masked fill that returns its mask too: m = X < Y, V = where(m, X, 0).
func.func @bool_where_mask(%X: tensor<?x?xf16, ["M", "N"]> {dlc.name = "X"},
                           %Y: tensor<?x?xf16, ["M", "N"]> {dlc.name = "Y"})
    -> (tensor<?x?xi1, ["M", "N"]> {dlc.name = "mask"},
        tensor<?x?xf16, ["M", "N"]> {dlc.name = "V"}) {
  %m = "tiny.cmplt"(%X, %Y) : (tensor<?x?xf16, ["M", "N"]>, tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  %z = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f16>
  %v = "tiny.where"(%m, %X, %z) : (tensor<?x?xi1, ["M", "N"]>, tensor<?x?xf16, ["M", "N"]>, tensor<f16>) -> tensor<?x?xf16, ["M", "N"]>
  return %m, %v : tensor<?x?xi1, ["M", "N"]>, tensor<?x?xf16, ["M", "N"]>
}
