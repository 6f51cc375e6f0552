// Chains of tinygrad-form GEMMs (mul of reshaped and permuted operands,
// then REDUCE sum), where the second reduction reads the first one's
// activation as a factor: convert-indexbook-to-rbssa must end a region at
// that activation (docs/passes/convert-indexbook-to-rbssa.md, "Several
// regions"). Used by tinygrad-chains.mlir and
// test/Pipelines/two-gemm-tinygrad-to-ptx.test.

// Z = relu(X W1 + b1) W2 with both products widened to f32 by a cast and
// permuted so the reduced axis leads (tinygrad reduces leading axes), and
// ReLU as where(0 < x, x, 0).
func.func @mlp_cast_perm(%X: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"},
                         %W1: tensor<?x?xf16, ["K", "H"]> {dlc.name = "W1"},
                         %b1: tensor<?xf16, ["H"]> {dlc.name = "b1"},
                         %W2: tensor<?x?xf16, ["H", "N"]> {dlc.name = "W2"})
    -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Z"}) {
  %x = "tiny.reshape"(%X) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W1) : (tensor<?x?xf16, ["K", "H"]>) -> tensor<1x?x?xf16, [1, "K", "H"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "H"]>) -> tensor<1x?x?xf16, [1, "H", "K"]>
  %prod = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "H", "K"]>) -> tensor<?x?x?xf16, ["M", "H", "K"]>
  %pf = "tiny.cast"(%prod) : (tensor<?x?x?xf16, ["M", "H", "K"]>) -> tensor<?x?x?xf32, ["M", "H", "K"]>
  %pk = "tiny.permute"(%pf) {order = array<i64: 2, 0, 1>} : (tensor<?x?x?xf32, ["M", "H", "K"]>) -> tensor<?x?x?xf32, ["K", "M", "H"]>
  %acc = "tiny.reduce"(%pk) {op = "sum", axes = array<i64: 0>, acc_dtype = f32} : (tensor<?x?x?xf32, ["K", "M", "H"]>) -> tensor<?x?xf32, ["M", "H"]>
  %b = "tiny.cast"(%b1) : (tensor<?xf16, ["H"]>) -> tensor<?xf32, ["H"]>
  %sum = "tiny.add"(%acc, %b) : (tensor<?x?xf32, ["M", "H"]>, tensor<?xf32, ["H"]>) -> tensor<?x?xf32, ["M", "H"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %c = "tiny.cmplt"(%zero, %sum) : (tensor<f32>, tensor<?x?xf32, ["M", "H"]>) -> tensor<?x?xi1, ["M", "H"]>
  %relu = "tiny.where"(%c, %sum, %zero) : (tensor<?x?xi1, ["M", "H"]>, tensor<?x?xf32, ["M", "H"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "H"]>
  %h = "tiny.cast"(%relu) : (tensor<?x?xf32, ["M", "H"]>) -> tensor<?x?xf16, ["M", "H"]>
  %h3 = "tiny.reshape"(%h) : (tensor<?x?xf16, ["M", "H"]>) -> tensor<?x1x?xf16, ["M", 1, "H"]>
  %v = "tiny.reshape"(%W2) : (tensor<?x?xf16, ["H", "N"]>) -> tensor<1x?x?xf16, [1, "H", "N"]>
  %vt = "tiny.permute"(%v) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "H", "N"]>) -> tensor<1x?x?xf16, [1, "N", "H"]>
  %p2 = "tiny.mul"(%h3, %vt) : (tensor<?x1x?xf16, ["M", 1, "H"]>, tensor<1x?x?xf16, [1, "N", "H"]>) -> tensor<?x?x?xf16, ["M", "N", "H"]>
  %p2f = "tiny.cast"(%p2) : (tensor<?x?x?xf16, ["M", "N", "H"]>) -> tensor<?x?x?xf32, ["M", "N", "H"]>
  %p2k = "tiny.permute"(%p2f) {order = array<i64: 2, 0, 1>} : (tensor<?x?x?xf32, ["M", "N", "H"]>) -> tensor<?x?x?xf32, ["H", "M", "N"]>
  %z32 = "tiny.reduce"(%p2k) {op = "sum", axes = array<i64: 0>, acc_dtype = f32} : (tensor<?x?x?xf32, ["H", "M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %z = "tiny.cast"(%z32) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %z : tensor<?x?xf16, ["M", "N"]>
}

// y = relu(X W1) w2: a GEMM, then a GEMV over the hidden axis. The second
// reduction reads the activation over every axis of its body ([m, h]), so
// only the contraction rule ends the region there.
func.func @gemm_gemv(%X: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"},
                     %W1: tensor<?x?xf16, ["K", "H"]> {dlc.name = "W1"},
                     %w2: tensor<?xf16, ["H"]> {dlc.name = "w2"})
    -> (tensor<?xf16, ["M"]> {dlc.name = "y"}) {
  %x = "tiny.reshape"(%X) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W1) : (tensor<?x?xf16, ["K", "H"]>) -> tensor<1x?x?xf16, [1, "K", "H"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "H"]>) -> tensor<1x?x?xf16, [1, "H", "K"]>
  %prod = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "H", "K"]>) -> tensor<?x?x?xf16, ["M", "H", "K"]>
  %pf = "tiny.cast"(%prod) : (tensor<?x?x?xf16, ["M", "H", "K"]>) -> tensor<?x?x?xf32, ["M", "H", "K"]>
  %acc = "tiny.reduce"(%pf) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf32, ["M", "H", "K"]>) -> tensor<?x?xf32, ["M", "H"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %relu = "tiny.max"(%acc, %zero) : (tensor<?x?xf32, ["M", "H"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "H"]>
  %h = "tiny.cast"(%relu) : (tensor<?x?xf32, ["M", "H"]>) -> tensor<?x?xf16, ["M", "H"]>
  %v = "tiny.reshape"(%w2) : (tensor<?xf16, ["H"]>) -> tensor<1x?xf16, [1, "H"]>
  %p2 = "tiny.mul"(%h, %v) : (tensor<?x?xf16, ["M", "H"]>, tensor<1x?xf16, [1, "H"]>) -> tensor<?x?xf16, ["M", "H"]>
  %p2f = "tiny.cast"(%p2) : (tensor<?x?xf16, ["M", "H"]>) -> tensor<?x?xf32, ["M", "H"]>
  %y32 = "tiny.reduce"(%p2f) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "H"]>) -> tensor<?xf32, ["M"]>
  %y = "tiny.cast"(%y32) : (tensor<?xf32, ["M"]>) -> tensor<?xf16, ["M"]>
  return %y : tensor<?xf16, ["M"]>
}
