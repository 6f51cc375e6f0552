// A row-centred copy of a flat M*K buffer into a flat M*K buffer: both the
// argument and the result are renamed to [M, K] (tiny-unflatten-products).
func.func @flat_center(%X: tensor<?xf16, ["MK"]> {dlc.name = "X"})
    -> (tensor<?xf16, ["MK"]> {dlc.name = "Y"})
    attributes {dlc.symbols = ["M", "K"], dlc.derived = {MK = "M * K"}} {
  %x = "tiny.reshape"(%X) : (tensor<?xf16, ["MK"]>) -> tensor<?x?xf16, ["M", "K"]>
  %c = "tiny.cast"(%x) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %s = "tiny.reduce"(%c) {acc_dtype = f32, axes = array<i64: 1>, op = "max"} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  %e = "tiny.expand"(%s) {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %d = "tiny.sub"(%c, %e) : (tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %h = "tiny.cast"(%d) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %y = "tiny.reshape"(%h) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?xf16, ["MK"]>
  return %y : tensor<?xf16, ["MK"]>
}
