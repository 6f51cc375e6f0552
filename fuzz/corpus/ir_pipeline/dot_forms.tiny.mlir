// The dot forms of spec 000 §11 in tinygrad's shape: vector·matrix and
// matrix·vector, fp16 in and out, fp32 accumulation, sizes symbolic. Each
// function becomes one kernel (a GEMM with M or N absent).
func.func @vecmat(%x: tensor<?xf16, ["K"]> {dlc.name = "x"},
                  %W: tensor<?x?xf16, ["K", "N"]> {dlc.name = "W"})
    -> (tensor<?xf16, ["N"]> {dlc.name = "y"}) {
  %xr = "tiny.reshape"(%x) : (tensor<?xf16, ["K"]>) -> tensor<1x?xf16, [1, "K"]>
  %xe = "tiny.expand"(%xr) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x?xf16, [1, "K"]>) -> tensor<?x?xf16, ["N", "K"]>
  %wt = "tiny.permute"(%W) {order = array<i64: 1, 0>} : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["N", "K"]>
  %p = "tiny.mul"(%xe, %wt) : (tensor<?x?xf16, ["N", "K"]>, tensor<?x?xf16, ["N", "K"]>) -> tensor<?x?xf16, ["N", "K"]>
  %s = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf16, ["N", "K"]>) -> tensor<?xf32, ["N"]>
  %y = "tiny.cast"(%s) : (tensor<?xf32, ["N"]>) -> tensor<?xf16, ["N"]>
  return %y : tensor<?xf16, ["N"]>
}

func.func @matvec(%X: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"},
                  %w: tensor<?xf16, ["K"]> {dlc.name = "w"})
    -> (tensor<?xf16, ["M"]> {dlc.name = "y"}) {
  %wr = "tiny.reshape"(%w) : (tensor<?xf16, ["K"]>) -> tensor<1x?xf16, [1, "K"]>
  %we = "tiny.expand"(%wr) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x?xf16, [1, "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %p = "tiny.mul"(%X, %we) : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %s = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  %y = "tiny.cast"(%s) : (tensor<?xf32, ["M"]>) -> tensor<?xf16, ["M"]>
  return %y : tensor<?xf16, ["M"]>
}
