// A cast to bool (x != 0) as the output's final cast: the yield's cast = i1
// of an f32 value.
func.func @bool_cast(%X: tensor<?x?xf32, ["M", "N"]> {dlc.name = "X"})
    -> (tensor<?x?xi1, ["M", "N"]> {dlc.name = "nonzero"}) {
  %z = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %r = "tiny.max"(%X, %z) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %b = "tiny.cast"(%r) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  return %b : tensor<?x?xi1, ["M", "N"]>
}
