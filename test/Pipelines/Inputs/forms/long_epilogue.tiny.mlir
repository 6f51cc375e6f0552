// A long epilogue (more than 16 named steps; the plan used to stop at 16): layout=kmkn in=f16 out=f16 batch=sharedA sizes=static move=tinygrad bcast=implicit form=permreduce16 epilogue=gelu+clamp+fanout side=-
// (Its GELU now folds to one step, gelu_tanh, by rbssa-fold-activations:
// p230_poly below keeps more than 16.)
func.func @p230(%A: tensor<129x54xf16> {dlc.name = "A"},
    %W: tensor<4x129x96xf16> {dlc.name = "W"})
    -> (tensor<4x54x96xf16> {dlc.name = "Y"}) {
  %v1 = "tiny.permute"(%A) {order = array<i64: 1, 0>} : (tensor<129x54xf16>) -> tensor<54x129xf16>
  %v2 = "tiny.reshape"(%v1) : (tensor<54x129xf16>) -> tensor<54x1x129xf16>
  %v3 = "tiny.reshape"(%W) : (tensor<4x129x96xf16>) -> tensor<4x1x129x96xf16>
  %v4 = "tiny.permute"(%v3) {order = array<i64: 0, 1, 3, 2>} : (tensor<4x1x129x96xf16>) -> tensor<4x1x96x129xf16>
  %v5 = "tiny.mul"(%v2, %v4) : (tensor<54x1x129xf16>, tensor<4x1x96x129xf16>) -> tensor<4x54x96x129xf16>
  %v6 = "tiny.permute"(%v5) {order = array<i64: 3, 0, 1, 2>} : (tensor<4x54x96x129xf16>) -> tensor<129x4x54x96xf16>
  %v7 = "tiny.reduce"(%v6) {op = "sum", axes = array<i64: 0>, acc_dtype = f32} : (tensor<129x4x54x96xf16>) -> tensor<4x54x96xf32>
  %v8 = "tiny.mul"(%v7, %v7) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v9 = "tiny.mul"(%v8, %v7) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v10 = "tiny.const"() {value = 0.044715 : f32} : () -> tensor<f32>
  %v11 = "tiny.mul"(%v9, %v10) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v12 = "tiny.add"(%v7, %v11) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v13 = "tiny.const"() {value = 0.7978845608028654 : f32} : () -> tensor<f32>
  %v14 = "tiny.mul"(%v12, %v13) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v15 = "tiny.const"() {value = 2.0 : f32} : () -> tensor<f32>
  %v16 = "tiny.mul"(%v14, %v15) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v17 = "tiny.const"() {value = -1.4426950408889634 : f32} : () -> tensor<f32>
  %v18 = "tiny.mul"(%v16, %v17) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v19 = "tiny.exp2"(%v18) : (tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v20 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %v21 = "tiny.add"(%v19, %v20) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v22 = "tiny.recip"(%v21) : (tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v23 = "tiny.const"() {value = 2.0 : f32} : () -> tensor<f32>
  %v24 = "tiny.mul"(%v22, %v23) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v25 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %v26 = "tiny.sub"(%v24, %v25) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v27 = "tiny.const"() {value = 0.5 : f32} : () -> tensor<f32>
  %v28 = "tiny.mul"(%v7, %v27) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v29 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %v30 = "tiny.add"(%v26, %v29) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v31 = "tiny.mul"(%v28, %v30) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v32 = "tiny.const"() {value = -1.0 : f32} : () -> tensor<f32>
  %v33 = "tiny.max"(%v31, %v32) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v34 = "tiny.neg"(%v33) : (tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v35 = "tiny.const"() {value = -1.0 : f32} : () -> tensor<f32>
  %v36 = "tiny.max"(%v34, %v35) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v37 = "tiny.neg"(%v36) : (tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v38 = "tiny.const"() {value = -1.4426950408889634 : f32} : () -> tensor<f32>
  %v39 = "tiny.mul"(%v37, %v38) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v40 = "tiny.exp2"(%v39) : (tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v41 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %v42 = "tiny.add"(%v40, %v41) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v43 = "tiny.recip"(%v42) : (tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v44 = "tiny.mul"(%v37, %v43) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v45 = "tiny.add"(%v44, %v37) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v46 = "tiny.cast"(%v45) : (tensor<4x54x96xf32>) -> tensor<4x54x96xf16>
  return %v46 : tensor<4x54x96xf16>
}

// The same GEMM whose epilogue is a degree-8 polynomial (Horner: 16
// steps that fold to nothing) instead of the GELU, which folds to one
// step (gelu_tanh): the plan still has more than 16 named steps.
func.func @p230_poly(%A: tensor<129x54xf16> {dlc.name = "A"},
    %W: tensor<4x129x96xf16> {dlc.name = "W"})
    -> (tensor<4x54x96xf16> {dlc.name = "Y"}) {
  %v1 = "tiny.permute"(%A) {order = array<i64: 1, 0>} : (tensor<129x54xf16>) -> tensor<54x129xf16>
  %v2 = "tiny.reshape"(%v1) : (tensor<54x129xf16>) -> tensor<54x1x129xf16>
  %v3 = "tiny.reshape"(%W) : (tensor<4x129x96xf16>) -> tensor<4x1x129x96xf16>
  %v4 = "tiny.permute"(%v3) {order = array<i64: 0, 1, 3, 2>} : (tensor<4x1x129x96xf16>) -> tensor<4x1x96x129xf16>
  %v5 = "tiny.mul"(%v2, %v4) : (tensor<54x1x129xf16>, tensor<4x1x96x129xf16>) -> tensor<4x54x96x129xf16>
  %v6 = "tiny.permute"(%v5) {order = array<i64: 3, 0, 1, 2>} : (tensor<4x54x96x129xf16>) -> tensor<129x4x54x96xf16>
  %v7 = "tiny.reduce"(%v6) {op = "sum", axes = array<i64: 0>, acc_dtype = f32} : (tensor<129x4x54x96xf16>) -> tensor<4x54x96xf32>
  %p0 = "tiny.mul"(%v7, %v7) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %c0 = "tiny.const"() {value = 0.5 : f32} : () -> tensor<f32>
  %h0 = "tiny.add"(%p0, %c0) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %p1 = "tiny.mul"(%h0, %v7) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %c1 = "tiny.const"() {value = -0.25 : f32} : () -> tensor<f32>
  %h1 = "tiny.add"(%p1, %c1) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %p2 = "tiny.mul"(%h1, %v7) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %c2 = "tiny.const"() {value = 0.125 : f32} : () -> tensor<f32>
  %h2 = "tiny.add"(%p2, %c2) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %p3 = "tiny.mul"(%h2, %v7) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %c3 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %h3 = "tiny.add"(%p3, %c3) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %p4 = "tiny.mul"(%h3, %v7) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %c4 = "tiny.const"() {value = -0.5 : f32} : () -> tensor<f32>
  %h4 = "tiny.add"(%p4, %c4) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %p5 = "tiny.mul"(%h4, %v7) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %c5 = "tiny.const"() {value = 0.75 : f32} : () -> tensor<f32>
  %h5 = "tiny.add"(%p5, %c5) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %p6 = "tiny.mul"(%h5, %v7) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %c6 = "tiny.const"() {value = 0.0625 : f32} : () -> tensor<f32>
  %h6 = "tiny.add"(%p6, %c6) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %p7 = "tiny.mul"(%h6, %v7) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %c7 = "tiny.const"() {value = 2.0 : f32} : () -> tensor<f32>
  %v31 = "tiny.add"(%p7, %c7) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v32 = "tiny.const"() {value = -1.0 : f32} : () -> tensor<f32>
  %v33 = "tiny.max"(%v31, %v32) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v34 = "tiny.neg"(%v33) : (tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v35 = "tiny.const"() {value = -1.0 : f32} : () -> tensor<f32>
  %v36 = "tiny.max"(%v34, %v35) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v37 = "tiny.neg"(%v36) : (tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v38 = "tiny.const"() {value = -1.4426950408889634 : f32} : () -> tensor<f32>
  %v39 = "tiny.mul"(%v37, %v38) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v40 = "tiny.exp2"(%v39) : (tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v41 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
  %v42 = "tiny.add"(%v40, %v41) : (tensor<4x54x96xf32>, tensor<f32>) -> tensor<4x54x96xf32>
  %v43 = "tiny.recip"(%v42) : (tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v44 = "tiny.mul"(%v37, %v43) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v45 = "tiny.add"(%v44, %v37) : (tensor<4x54x96xf32>, tensor<4x54x96xf32>) -> tensor<4x54x96xf32>
  %v46 = "tiny.cast"(%v45) : (tensor<4x54x96xf32>) -> tensor<4x54x96xf16>
  return %v46 : tensor<4x54x96xf16>
}
