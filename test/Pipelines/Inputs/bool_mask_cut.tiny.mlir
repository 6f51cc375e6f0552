// A mask materialised between two kernels: the reshape that swaps the
// symbolic dims is non-SCoP (a region boundary), so the mask m goes through
// an i1 intermediate buffer (one byte an element).
func.func @bool_mask_cut(%A: tensor<?x?xf32, ["M", "K"]> {dlc.name = "A"},
                         %B: tensor<?x?xf32, ["M", "K"]> {dlc.name = "B"},
                         %C: tensor<?x?xf32, ["K", "M"]> {dlc.name = "C"})
    -> (tensor<?x?xf32, ["K", "M"]> {dlc.name = "Y"}) {
  %m = "tiny.cmplt"(%A, %B) : (tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xi1, ["M", "K"]>
  %r = "tiny.reshape"(%m) : (tensor<?x?xi1, ["M", "K"]>) -> tensor<?x?xi1, ["K", "M"]>
  %z = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %y = "tiny.where"(%r, %C, %z) : (tensor<?x?xi1, ["K", "M"]>, tensor<?x?xf32, ["K", "M"]>, tensor<f32>) -> tensor<?x?xf32, ["K", "M"]>
  return %y : tensor<?x?xf32, ["K", "M"]>
}
