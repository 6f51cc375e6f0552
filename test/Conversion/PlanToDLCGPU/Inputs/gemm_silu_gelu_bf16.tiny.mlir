// Y[B,M,N] = gelu_tanh(silu(A[M,K] · W[B,N,K] + bias[M])): bf16 in and out, f32
// accumulation, A shared across the batch, B/M/N symbolic, K = 56; written
// as tinygrad decomposes SiLU and GELU (exp2, recip). The GPU harness's p030
// (seed 71), whose unrolled epilogue took ptxas 83 s (bench/RESULTS.md run 28).
func.func @gemm_silu_gelu(%A: tensor<56x?xbf16, [56, "M"]> {dlc.name = "A"},
    %W: tensor<?x?x56xbf16, ["B", "N", 56]> {dlc.name = "W"},
    %bias_m: tensor<?xf16, ["M"]> {dlc.name = "bias_m"})
    -> (tensor<?x?x?xbf16, ["B", "M", "N"]> {dlc.name = "Y"}) {
  %v1 = "tiny.permute"(%A) {order = array<i64: 1, 0>} : (tensor<56x?xbf16, [56, "M"]>) -> tensor<?x56xbf16, ["M", 56]>
  %v2 = "tiny.reshape"(%v1) : (tensor<?x56xbf16, ["M", 56]>) -> tensor<?x1x56xbf16, ["M", 1, 56]>
  %v3 = "tiny.reshape"(%W) : (tensor<?x?x56xbf16, ["B", "N", 56]>) -> tensor<?x1x?x56xbf16, ["B", 1, "N", 56]>
  %v4 = "tiny.reshape"(%v2) : (tensor<?x1x56xbf16, ["M", 1, 56]>) -> tensor<1x?x1x56xbf16, [1, "M", 1, 56]>
  %v5 = "tiny.mul"(%v4, %v3) : (tensor<1x?x1x56xbf16, [1, "M", 1, 56]>, tensor<?x1x?x56xbf16, ["B", 1, "N", 56]>) -> tensor<?x?x?x56xbf16, ["B", "M", "N", 56]>
  %v6 = "tiny.cast"(%v5) : (tensor<?x?x?x56xbf16, ["B", "M", "N", 56]>) -> tensor<?x?x?x56xf32, ["B", "M", "N", 56]>
  %v7 = "tiny.reduce"(%v6) {op = "sum", axes = array<i64: 3>, acc_dtype = f32} : (tensor<?x?x?x56xf32, ["B", "M", "N", 56]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v8 = "tiny.cast"(%bias_m) : (tensor<?xf16, ["M"]>) -> tensor<?xf32, ["M"]>
  %v9 = "tiny.reshape"(%v8) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %v10 = "tiny.add"(%v7, %v9) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<?x1xf32, ["M", 1]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v11 = "tiny.const"() {value = -1.4426950408889634 : f32} : () -> tensor<f32>
  %v12 = "tiny.mul"(%v10, %v11) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v13 = "tiny.exp2"(%v12) : (tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v14 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %v15 = "tiny.add"(%v13, %v14) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v16 = "tiny.recip"(%v15) : (tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v17 = "tiny.mul"(%v10, %v16) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v18 = "tiny.mul"(%v17, %v17) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v19 = "tiny.mul"(%v18, %v17) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v20 = "tiny.const"() {value = 0.044715 : f32} : () -> tensor<f32>
  %v21 = "tiny.mul"(%v19, %v20) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v22 = "tiny.add"(%v17, %v21) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v23 = "tiny.const"() {value = 0.7978845608028654 : f32} : () -> tensor<f32>
  %v24 = "tiny.mul"(%v22, %v23) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v25 = "tiny.const"() {value = 2.0 : f32} : () -> tensor<f32>
  %v26 = "tiny.mul"(%v24, %v25) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v27 = "tiny.const"() {value = -1.4426950408889634 : f32} : () -> tensor<f32>
  %v28 = "tiny.mul"(%v26, %v27) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v29 = "tiny.exp2"(%v28) : (tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v30 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %v31 = "tiny.add"(%v29, %v30) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v32 = "tiny.recip"(%v31) : (tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v33 = "tiny.const"() {value = 2.0 : f32} : () -> tensor<f32>
  %v34 = "tiny.mul"(%v32, %v33) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v35 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %v36 = "tiny.sub"(%v34, %v35) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v37 = "tiny.const"() {value = 0.5 : f32} : () -> tensor<f32>
  %v38 = "tiny.mul"(%v17, %v37) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v39 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %v40 = "tiny.add"(%v36, %v39) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<f32>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v41 = "tiny.mul"(%v38, %v40) : (tensor<?x?x?xf32, ["B", "M", "N"]>, tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "M", "N"]>
  %v42 = "tiny.cast"(%v41) : (tensor<?x?x?xf32, ["B", "M", "N"]>) -> tensor<?x?x?xbf16, ["B", "M", "N"]>
  return %v42 : tensor<?x?x?xbf16, ["B", "M", "N"]>
}
