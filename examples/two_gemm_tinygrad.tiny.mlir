// Z[M,N] = relu(X[M,K] · W1[K,H] + b1[H]) · W2[H,N], both GEMMs written as
// tinygrad writes them (reshape, permute, mul with broadcasting, reduce
// sum in f32): the twin of two_gemm.tiny.mlir, whose GEMMs are
// tiny.contract. The second reduction's body reads the first one's
// activation broadcast along n, so convert-indexbook-to-rbssa splits the
// graph there (the activation h becomes the intermediate t0), exactly as
// for the contract form; dlc-to-ptx compiles two GEMM kernels and a
// program manifest.
func.func @two_gemm_tg(%X: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"},
                       %W1: tensor<?x?xf16, ["K", "H"]> {dlc.name = "W1"},
                       %b1: tensor<?xf16, ["H"]> {dlc.name = "b1"},
                       %W2: tensor<?x?xf16, ["H", "N"]> {dlc.name = "W2"})
    -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Z"}) {
  %x = "tiny.reshape"(%X) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W1) : (tensor<?x?xf16, ["K", "H"]>) -> tensor<1x?x?xf16, [1, "K", "H"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "H"]>) -> tensor<1x?x?xf16, [1, "H", "K"]>
  %prod = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "H", "K"]>) -> tensor<?x?x?xf16, ["M", "H", "K"]>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "H", "K"]>) -> tensor<?x?xf32, ["M", "H"]>
  %b = "tiny.cast"(%b1) : (tensor<?xf16, ["H"]>) -> tensor<?xf32, ["H"]>
  %sum = "tiny.add"(%acc, %b) : (tensor<?x?xf32, ["M", "H"]>, tensor<?xf32, ["H"]>) -> tensor<?x?xf32, ["M", "H"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %relu = "tiny.max"(%sum, %zero) : (tensor<?x?xf32, ["M", "H"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "H"]>
  %h = "tiny.cast"(%relu) : (tensor<?x?xf32, ["M", "H"]>) -> tensor<?x?xf16, ["M", "H"]>
  %h3 = "tiny.reshape"(%h) : (tensor<?x?xf16, ["M", "H"]>) -> tensor<?x1x?xf16, ["M", 1, "H"]>
  %v = "tiny.reshape"(%W2) : (tensor<?x?xf16, ["H", "N"]>) -> tensor<1x?x?xf16, [1, "H", "N"]>
  %vt = "tiny.permute"(%v) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "H", "N"]>) -> tensor<1x?x?xf16, [1, "N", "H"]>
  %p2 = "tiny.mul"(%h3, %vt) : (tensor<?x1x?xf16, ["M", 1, "H"]>, tensor<1x?x?xf16, [1, "N", "H"]>) -> tensor<?x?x?xf16, ["M", "N", "H"]>
  %z32 = "tiny.reduce"(%p2) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "H"]>) -> tensor<?x?xf32, ["M", "N"]>
  %z = "tiny.cast"(%z32) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %z : tensor<?x?xf16, ["M", "N"]>
}
