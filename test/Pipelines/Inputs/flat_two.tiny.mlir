// A flat X into a GEMM whose result leaves flat (Y, M*N) and is summed per row
// (S) by a second kernel: a program whose manifest keeps the flat sizes.
func.func @flat_two(%X: tensor<?xf16, ["MK"]> {dlc.name = "X"},
                    %W: tensor<?x?xf16, ["K", "N"]> {dlc.name = "W"})
    -> (tensor<?xf16, ["MN"]> {dlc.name = "Y"}, tensor<?xf32, ["M"]> {dlc.name = "S"})
    attributes {dlc.symbols = ["M", "K", "N"], dlc.derived = {MK = "M * K", MN = "M * N"}} {
  %x = "tiny.reshape"(%X) : (tensor<?xf16, ["MK"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %prod = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %y = "tiny.cast"(%acc) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %yc = "tiny.cast"(%y) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s = "tiny.reduce"(%yc) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %yf = "tiny.reshape"(%y) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf16, ["MN"]>
  return %yf, %s : tensor<?xf16, ["MN"]>, tensor<?xf32, ["M"]>
}
