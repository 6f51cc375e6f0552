// Z[M,N] = relu(X[M,K] · W1[K,H] + b1[H]) · W2[H,N]: a two-layer MLP, fp16
// in and out, fp32 accumulation, M, K, H and N symbolic. The hidden
// activation is needed whole by the second GEMM's reduction over H, so
// convert-indexbook-to-rbssa splits the graph into two regions (two GEMM
// kernels) with the intermediate buffer t0[M, H] between them, described by
// rbssa.program; dlc-translate writes the program manifest two_gemm.json
// (docs/conventions.md, "Program manifest").
// The GEMMs are written as tiny.contract (exact products accumulated in
// fp32, as tensor cores compute them), so that dlc-interp's reference data
// matches the compiled kernels (docs/conventions.md, "Numerics of
// contractions").
func.func @two_gemm(%X: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"},
                    %W1: tensor<?x?xf16, ["K", "H"]> {dlc.name = "W1"},
                    %b1: tensor<?xf16, ["H"]> {dlc.name = "b1"},
                    %W2: tensor<?x?xf16, ["H", "N"]> {dlc.name = "W2"})
    -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Z"}) {
  %acc = "tiny.contract"(%X, %W1) {pattern = "matmul", lhs_idx = ["m", "k"], rhs_idx = ["k", "h"],
                                   out_idx = ["m", "h"], reduce_idx = ["k"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "H"]>) -> tensor<?x?xf32, ["M", "H"]>
  %b = "tiny.cast"(%b1) : (tensor<?xf16, ["H"]>) -> tensor<?xf32, ["H"]>
  %sum = "tiny.add"(%acc, %b) : (tensor<?x?xf32, ["M", "H"]>, tensor<?xf32, ["H"]>) -> tensor<?x?xf32, ["M", "H"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %relu = "tiny.max"(%sum, %zero) : (tensor<?x?xf32, ["M", "H"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "H"]>
  %h = "tiny.cast"(%relu) : (tensor<?x?xf32, ["M", "H"]>) -> tensor<?x?xf16, ["M", "H"]>
  %z32 = "tiny.contract"(%h, %W2) {pattern = "matmul", lhs_idx = ["m", "h"], rhs_idx = ["h", "n"],
                                   out_idx = ["m", "n"], reduce_idx = ["h"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "H"]>, tensor<?x?xf16, ["H", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %z = "tiny.cast"(%z32) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %z : tensor<?x?xf16, ["M", "N"]>
}
