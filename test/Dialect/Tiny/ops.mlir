// RUN: dlc-opt %s | dlc-opt | FileCheck %s

// Round trip of every tiny op (generic form: IRDL ops have no custom syntax).
// Maps print as aliases at the top of the output.

// CHECK-DAG: #[[$TRANSPOSE:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>
// CHECK-DAG: #[[$ID2:map[0-9]*]] = affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>
// CHECK-DAG: #[[$WINDOW:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5)[s0] -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
// CHECK-DAG: #[[$FLAT:map[0-9]*]] = affine_map<(d0)[s0] -> (d0 floordiv 4, d0 mod 4)>

//===----------------------------------------------------------------------===//
// Movement
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @movement
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf16, ["M", "K"]>, %[[BIAS:.*]]: tensor<?xf16, ["K"]>, %[[S:.*]]: tensor<6x6xf16>)
func.func @movement(%x: tensor<?x?xf16, ["M", "K"]>, %bias: tensor<?xf16, ["K"]>,
                    %s: tensor<6x6xf16>)
    -> (tensor<?x?xf16, ["K", "M"]>, tensor<?x?xf16, ["K", "M"]>, tensor<36xf16>,
        tensor<?x?xf16, ["M", "K"]>, tensor<8x3xf16>, tensor<8x8xi1>) {
  // CHECK: %[[V:.*]] = "tiny.view"(%[[X]]) {map = #[[$TRANSPOSE]]} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["K", "M"]>
  %v = "tiny.view"(%x) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>}
      : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["K", "M"]>
  // CHECK: %[[P:.*]] = "tiny.permute"(%[[X]]) {order = array<i64: 1, 0>} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["K", "M"]>
  %p = "tiny.permute"(%x) {order = array<i64: 1, 0>}
      : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["K", "M"]>
  // CHECK: %[[R:.*]] = "tiny.reshape"(%[[S]]) : (tensor<6x6xf16>) -> tensor<36xf16>
  %r = "tiny.reshape"(%s) : (tensor<6x6xf16>) -> tensor<36xf16>
  // CHECK: %[[E:.*]] = "tiny.expand"(%[[BIAS]]) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf16, ["K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %e = "tiny.expand"(%bias) {broadcast_dimensions = array<i64: 1>}
      : (tensor<?xf16, ["K"]>) -> tensor<?x?xf16, ["M", "K"]>
  // CHECK: %[[PD:.*]] = "tiny.pad"(%[[S]]) {padding = array<i64: 1, 1, 1, 1>} : (tensor<6x6xf16>) -> tensor<8x8xf16>
  %pd = "tiny.pad"(%s) {padding = array<i64: 1, 1, 1, 1>}
      : (tensor<6x6xf16>) -> tensor<8x8xf16>
  // CHECK: %[[SH:.*]] = "tiny.shrink"(%[[PD]]) {offsets = array<i64: 0, 1>, steps = array<i64: 1, 2>} : (tensor<8x8xf16>) -> tensor<8x3xf16>
  %sh = "tiny.shrink"(%pd) {offsets = array<i64: 0, 1>, steps = array<i64: 1, 2>}
      : (tensor<8x8xf16>) -> tensor<8x3xf16>
  // CHECK: %[[F:.*]] = "tiny.flip"(%[[SH]]) {axes = array<i64: 0>} : (tensor<8x3xf16>) -> tensor<8x3xf16>
  %f = "tiny.flip"(%sh) {axes = array<i64: 0>} : (tensor<8x3xf16>) -> tensor<8x3xf16>
  // CHECK: %[[OK:.*]] = "tiny.valid"(%[[PD]]) : (tensor<8x8xf16>) -> tensor<8x8xi1>
  %ok = "tiny.valid"(%pd) : (tensor<8x8xf16>) -> tensor<8x8xi1>
  // CHECK: return %[[V]], %[[P]], %[[R]], %[[E]], %[[F]], %[[OK]]
  return %v, %p, %r, %e, %f, %ok
      : tensor<?x?xf16, ["K", "M"]>, tensor<?x?xf16, ["K", "M"]>, tensor<36xf16>,
        tensor<?x?xf16, ["M", "K"]>, tensor<8x3xf16>, tensor<8x8xi1>
}

// A view with floordiv/mod (reshape of a padded row, §4.4): MLIR prints
// `d0 - (d0 floordiv 4) * 4` as `d0 mod 4`.
// CHECK-LABEL: func.func @view_floordiv
// CHECK: "tiny.view"(%{{.*}}) {map = #[[$FLAT]]} : (tensor<3x4xf32>) -> tensor<12xf32>
func.func @view_floordiv(%x: tensor<3x4xf32>) -> tensor<12xf32> {
  %v = "tiny.view"(%x) {map = affine_map<(d0)[s0] -> (d0 floordiv 4, d0 - (d0 floordiv 4) * 4)>}
      : (tensor<3x4xf32>) -> tensor<12xf32>
  return %v : tensor<12xf32>
}

//===----------------------------------------------------------------------===//
// Elementwise unary
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @unary
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32, ["N"]>)
func.func @unary(%x: tensor<?xf32, ["N"]>) -> tensor<?xf16, ["N"]> {
  // CHECK: %[[A:.*]] = "tiny.neg"(%[[X]]) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %a = "tiny.neg"(%x) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  // CHECK: %[[B:.*]] = "tiny.exp2"(%[[A]]) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %b = "tiny.exp2"(%a) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  // CHECK: %[[C:.*]] = "tiny.log2"(%[[B]]) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %c = "tiny.log2"(%b) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  // CHECK: %[[D:.*]] = "tiny.sqrt"(%[[C]]) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %d = "tiny.sqrt"(%c) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  // CHECK: %[[E:.*]] = "tiny.recip"(%[[D]]) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %e = "tiny.recip"(%d) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  // CHECK: %[[F:.*]] = "tiny.sin"(%[[E]]) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %f = "tiny.sin"(%e) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  // CHECK: %[[G:.*]] = "tiny.cast"(%[[F]]) : (tensor<?xf32, ["N"]>) -> tensor<?xf16, ["N"]>
  %g = "tiny.cast"(%f) : (tensor<?xf32, ["N"]>) -> tensor<?xf16, ["N"]>
  // CHECK: return %[[G]]
  return %g : tensor<?xf16, ["N"]>
}

//===----------------------------------------------------------------------===//
// Elementwise binary (right-aligned broadcasting)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @binary
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xf32, ["M", "N"]>, %[[B:.*]]: tensor<?xf32, ["N"]>)
func.func @binary(%a: tensor<?x?xf32, ["M", "N"]>, %b: tensor<?xf32, ["N"]>)
    -> (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xi1, ["M", "N"]>, tensor<?x?xi1, ["M", "N"]>) {
  // CHECK: %[[ADD:.*]] = "tiny.add"(%[[A]], %[[B]]) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %add = "tiny.add"(%a, %b) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // CHECK: %[[SUB:.*]] = "tiny.sub"(%[[ADD]], %[[B]]) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %sub = "tiny.sub"(%add, %b) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // CHECK: %[[MUL:.*]] = "tiny.mul"(%[[SUB]], %[[A]]) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %mul = "tiny.mul"(%sub, %a) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // CHECK: %[[DIV:.*]] = "tiny.fdiv"(%[[MUL]], %[[B]]) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %div = "tiny.fdiv"(%mul, %b) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // CHECK: %[[MAX:.*]] = "tiny.max"(%[[DIV]], %[[A]]) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %max = "tiny.max"(%div, %a) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // CHECK: %[[POW:.*]] = "tiny.pow"(%[[MAX]], %[[B]]) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %pow = "tiny.pow"(%max, %b) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // CHECK: %[[LT:.*]] = "tiny.cmplt"(%[[POW]], %[[B]]) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xi1, ["M", "N"]>
  %lt = "tiny.cmplt"(%pow, %b) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xi1, ["M", "N"]>
  // CHECK: %[[NE:.*]] = "tiny.cmpne"(%[[POW]], %[[A]]) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  %ne = "tiny.cmpne"(%pow, %a) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  // CHECK: return %[[POW]], %[[LT]], %[[NE]]
  return %pow, %lt, %ne : tensor<?x?xf32, ["M", "N"]>, tensor<?x?xi1, ["M", "N"]>, tensor<?x?xi1, ["M", "N"]>
}

// CHECK-LABEL: func.func @integer_binary
// CHECK-SAME: (%[[A:.*]]: tensor<?xi32, ["N"]>, %[[B:.*]]: tensor<i32>)
func.func @integer_binary(%a: tensor<?xi32, ["N"]>, %b: tensor<i32>) -> tensor<?xi32, ["N"]> {
  // CHECK: %[[Q:.*]] = "tiny.idiv"(%[[A]], %[[B]]) : (tensor<?xi32, ["N"]>, tensor<i32>) -> tensor<?xi32, ["N"]>
  %q = "tiny.idiv"(%a, %b) : (tensor<?xi32, ["N"]>, tensor<i32>) -> tensor<?xi32, ["N"]>
  // CHECK: %[[R:.*]] = "tiny.mod"(%[[Q]], %[[B]]) : (tensor<?xi32, ["N"]>, tensor<i32>) -> tensor<?xi32, ["N"]>
  %r = "tiny.mod"(%q, %b) : (tensor<?xi32, ["N"]>, tensor<i32>) -> tensor<?xi32, ["N"]>
  // CHECK: return %[[R]]
  return %r : tensor<?xi32, ["N"]>
}

//===----------------------------------------------------------------------===//
// Ternary and constant
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @where_const
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32, ["N"]>)
func.func @where_const(%x: tensor<?xf32, ["N"]>) -> (tensor<?xf32, ["N"]>, tensor<4xi32>, tensor<2x3xbf16>) {
  // CHECK: %[[Z:.*]] = "tiny.const"() {value = 0.000000e+00 : f32} : () -> tensor<f32>
  %z = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  // CHECK: %[[C:.*]] = "tiny.cmplt"(%[[Z]], %[[X]])
  %c = "tiny.cmplt"(%z, %x) : (tensor<f32>, tensor<?xf32, ["N"]>) -> tensor<?xi1, ["N"]>
  // CHECK: %[[W:.*]] = "tiny.where"(%[[C]], %[[X]], %[[Z]]) : (tensor<?xi1, ["N"]>, tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
  %w = "tiny.where"(%c, %x, %z) : (tensor<?xi1, ["N"]>, tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
  // CHECK: %[[I:.*]] = "tiny.const"() {value = 7 : i32} : () -> tensor<4xi32>
  %i = "tiny.const"() {value = 7 : i32} : () -> tensor<4xi32>
  // CHECK: %[[H:.*]] = "tiny.const"() {value = -1.500000e+00 : bf16} : () -> tensor<2x3xbf16>
  %h = "tiny.const"() {value = -1.5 : bf16} : () -> tensor<2x3xbf16>
  // CHECK: return %[[W]], %[[I]], %[[H]]
  return %w, %i, %h : tensor<?xf32, ["N"]>, tensor<4xi32>, tensor<2x3xbf16>
}

//===----------------------------------------------------------------------===//
// Reduce
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @reduce
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x?xf16, ["B", "M", "N"]>)
func.func @reduce(%x: tensor<?x?x?xf16, ["B", "M", "N"]>)
    -> (tensor<?x?xf32, ["B", "M"]>, tensor<?xf32, ["M"]>, tensor<?x?xf16, ["M", "N"]>) {
  // CHECK: "tiny.reduce"(%[[X]]) {acc_dtype = f32, axes = array<i64: 2>, op = "sum"} : (tensor<?x?x?xf16, ["B", "M", "N"]>) -> tensor<?x?xf32, ["B", "M"]>
  %s = "tiny.reduce"(%x) {op = "sum", axes = array<i64: 2>, acc_dtype = f32}
      : (tensor<?x?x?xf16, ["B", "M", "N"]>) -> tensor<?x?xf32, ["B", "M"]>
  // CHECK: "tiny.reduce"(%[[X]]) {acc_dtype = f32, axes = array<i64: 0, 2>, op = "max"} : (tensor<?x?x?xf16, ["B", "M", "N"]>) -> tensor<?xf32, ["M"]>
  %m = "tiny.reduce"(%x) {op = "max", axes = array<i64: 0, 2>, acc_dtype = f32}
      : (tensor<?x?x?xf16, ["B", "M", "N"]>) -> tensor<?xf32, ["M"]>
  // CHECK: "tiny.reduce"(%[[X]]) {acc_dtype = f16, axes = array<i64: 0>, op = "min"} : (tensor<?x?x?xf16, ["B", "M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %n = "tiny.reduce"(%x) {op = "min", axes = array<i64: 0>, acc_dtype = f16}
      : (tensor<?x?x?xf16, ["B", "M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %s, %m, %n : tensor<?x?xf32, ["B", "M"]>, tensor<?xf32, ["M"]>, tensor<?x?xf16, ["M", "N"]>
}

//===----------------------------------------------------------------------===//
// Load / store and a whole program: GEMM + bias + ReLU (spec §3.5.1)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xf16, ["M", "K"]>, %[[B:.*]]: tensor<?x?xf16, ["K", "N"]>, %[[BIAS:.*]]: tensor<?xf16, ["N"]>) -> tensor<?x?xf16, ["M", "N"]>
// CHECK-SAME: dlc.symbols = ["M", "K", "N"]
func.func @gemm_bias_relu(%A: tensor<?x?xf16, ["M", "K"]>, %B: tensor<?x?xf16, ["K", "N"]>,
                          %bias: tensor<?xf16, ["N"]>) -> tensor<?x?xf16, ["M", "N"]>
    attributes {dlc.symbols = ["M", "K", "N"]} {
  // CHECK: %[[LA:.*]] = "tiny.load"(%[[A]]) {map = #[[$ID2]]} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %a = "tiny.load"(%A) {map = affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>}
      : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  // CHECK: %[[LB:.*]] = "tiny.load"(%[[B]]) {map = #[[$ID2]]} : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["K", "N"]>
  %b = "tiny.load"(%B) {map = affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>}
      : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["K", "N"]>
  // CHECK: %[[ACC:.*]] = "tiny.contract"(%[[LA]], %[[LB]]) {acc_dtype = f32, lhs_idx = ["m", "k"], out_idx = ["m", "n"], pattern = "matmul", reduce_idx = ["k"], rhs_idx = ["k", "n"]} : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %acc = "tiny.contract"(%a, %b) {pattern = "matmul", lhs_idx = ["m", "k"], rhs_idx = ["k", "n"],
                                  out_idx = ["m", "n"], reduce_idx = ["k"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // CHECK: %[[BMN:.*]] = "tiny.expand"(%[[BIAS]]) {broadcast_dimensions = array<i64: 1>}
  %bmn = "tiny.expand"(%bias) {broadcast_dimensions = array<i64: 1>}
      : (tensor<?xf16, ["N"]>) -> tensor<?x?xf16, ["M", "N"]>
  // CHECK: %[[B32:.*]] = "tiny.cast"(%[[BMN]])
  %b32 = "tiny.cast"(%bmn) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // CHECK: %[[C1:.*]] = "tiny.add"(%[[ACC]], %[[B32]])
  %c1 = "tiny.add"(%acc, %b32) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // CHECK: %[[ZERO:.*]] = "tiny.const"() {value = 0.000000e+00 : f32} : () -> tensor<f32>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  // CHECK: %[[C2:.*]] = "tiny.max"(%[[C1]], %[[ZERO]])
  %c2 = "tiny.max"(%c1, %zero) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  // CHECK: %[[C3:.*]] = "tiny.cast"(%[[C2]]) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %c3 = "tiny.cast"(%c2) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  // CHECK: %[[OUT:.*]] = "tiny.store"(%[[C3]]) {map = #[[$ID2]]} : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %out = "tiny.store"(%c3) {map = affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>}
      : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  // CHECK: return %[[OUT]]
  return %out : tensor<?x?xf16, ["M", "N"]>
}

//===----------------------------------------------------------------------===//
// Conv 3x3, stride 2, pad 1 (spec §3.5.2): pad + windowed view + contract
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @conv3x3_s2_p1
// CHECK-SAME: (%[[X:.*]]: tensor<?x64x56x56xf16, ["N", 64, 56, 56]>, %[[W:.*]]: tensor<128x64x3x3xf16>)
func.func @conv3x3_s2_p1(%X: tensor<?x64x56x56xf16, ["N", 64, 56, 56]>, %W: tensor<128x64x3x3xf16>)
    -> tensor<?x128x28x28xf16, ["N", 128, 28, 28]> {
  // CHECK: %[[XP:.*]] = "tiny.pad"(%[[X]]) {padding = array<i64: 0, 0, 0, 0, 1, 1, 1, 1>} : (tensor<?x64x56x56xf16, ["N", 64, 56, 56]>) -> tensor<?x64x58x58xf16, ["N", 64, 58, 58]>
  %xp = "tiny.pad"(%X) {padding = array<i64: 0, 0, 0, 0, 1, 1, 1, 1>}
      : (tensor<?x64x56x56xf16, ["N", 64, 56, 56]>) -> tensor<?x64x58x58xf16, ["N", 64, 58, 58]>
  // Xv[n, ci, ho, wo, kh, kw] = Xp[n, ci, 2*ho + kh, 2*wo + kw]
  // CHECK: %[[XV:.*]] = "tiny.view"(%[[XP]]) {map = #[[$WINDOW]]} : (tensor<?x64x58x58xf16, ["N", 64, 58, 58]>) -> tensor<?x64x28x28x3x3xf16, ["N", 64, 28, 28, 3, 3]>
  %xv = "tiny.view"(%xp) {map = affine_map<(d0, d1, d2, d3, d4, d5)[s0] -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>}
      : (tensor<?x64x58x58xf16, ["N", 64, 58, 58]>) -> tensor<?x64x28x28x3x3xf16, ["N", 64, 28, 28, 3, 3]>
  // CHECK: %[[Y:.*]] = "tiny.contract"(%[[W]], %[[XV]]) {acc_dtype = f32, lhs_idx = ["co", "ci", "kh", "kw"], out_idx = ["n", "co", "ho", "wo"], pattern = "conv2d", reduce_idx = ["ci", "kh", "kw"], rhs_idx = ["n", "ci", "ho", "wo", "kh", "kw"]}
  %yacc = "tiny.contract"(%W, %xv) {pattern = "conv2d", lhs_idx = ["co", "ci", "kh", "kw"],
                                    rhs_idx = ["n", "ci", "ho", "wo", "kh", "kw"],
                                    out_idx = ["n", "co", "ho", "wo"], reduce_idx = ["ci", "kh", "kw"],
                                    acc_dtype = f32}
      : (tensor<128x64x3x3xf16>, tensor<?x64x28x28x3x3xf16, ["N", 64, 28, 28, 3, 3]>)
      -> tensor<?x128x28x28xf32, ["N", 128, 28, 28]>
  // CHECK: %[[YH:.*]] = "tiny.cast"(%[[Y]])
  %y = "tiny.cast"(%yacc) : (tensor<?x128x28x28xf32, ["N", 128, 28, 28]>) -> tensor<?x128x28x28xf16, ["N", 128, 28, 28]>
  // CHECK: return %[[YH]]
  return %y : tensor<?x128x28x28xf16, ["N", 128, 28, 28]>
}

//===----------------------------------------------------------------------===//
// Attention up to the row softmax (spec §3.5.3)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @attention_row_softmax
// CHECK-SAME: (%[[Q:.*]]: tensor<?x?x?x128xf16, ["B", "H", "M", 128]>, %[[K:.*]]: tensor<?x?x?x128xf16, ["B", "H", "N", 128]>)
func.func @attention_row_softmax(%Q: tensor<?x?x?x128xf16, ["B", "H", "M", 128]>,
                                 %K: tensor<?x?x?x128xf16, ["B", "H", "N", 128]>)
    -> tensor<?x?x?x?xf16, ["B", "H", "M", "N"]> {
  // CHECK: %[[S:.*]] = "tiny.contract"(%[[Q]], %[[K]]) {acc_dtype = f32, lhs_idx = ["b", "h", "m", "d"], out_idx = ["b", "h", "m", "n"], pattern = "matmul", reduce_idx = ["d"], rhs_idx = ["b", "h", "n", "d"]}
  %s = "tiny.contract"(%Q, %K) {pattern = "matmul", lhs_idx = ["b", "h", "m", "d"], rhs_idx = ["b", "h", "n", "d"],
                                out_idx = ["b", "h", "m", "n"], reduce_idx = ["d"], acc_dtype = f32}
      : (tensor<?x?x?x128xf16, ["B", "H", "M", 128]>, tensor<?x?x?x128xf16, ["B", "H", "N", 128]>)
      -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  // CHECK: %[[MROW:.*]] = "tiny.reduce"(%[[S]]) {acc_dtype = f32, axes = array<i64: 3>, op = "max"}
  %mrow = "tiny.reduce"(%s) {op = "max", axes = array<i64: 3>, acc_dtype = f32}
      : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  // CHECK: %[[MX:.*]] = "tiny.expand"(%[[MROW]]) {broadcast_dimensions = array<i64: 0, 1, 2>}
  %mx = "tiny.expand"(%mrow) {broadcast_dimensions = array<i64: 0, 1, 2>}
      : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  // CHECK: %[[S0:.*]] = "tiny.sub"(%[[S]], %[[MX]])
  %s0 = "tiny.sub"(%s, %mx) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>)
      -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  // CHECK: %[[LOG2E:.*]] = "tiny.const"() {value = 1.44269502 : f32} : () -> tensor<f32>
  %log2e = "tiny.const"() {value = 1.442695 : f32} : () -> tensor<f32>
  // CHECK: %[[S1:.*]] = "tiny.mul"(%[[S0]], %[[LOG2E]])
  %s1 = "tiny.mul"(%s0, %log2e) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<f32>)
      -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  // CHECK: %[[E:.*]] = "tiny.exp2"(%[[S1]])
  %e = "tiny.exp2"(%s1) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  // CHECK: %[[Z:.*]] = "tiny.reduce"(%[[E]]) {acc_dtype = f32, axes = array<i64: 3>, op = "sum"}
  %z = "tiny.reduce"(%e) {op = "sum", axes = array<i64: 3>, acc_dtype = f32}
      : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  // CHECK: %[[ZX:.*]] = "tiny.expand"(%[[Z]]) {broadcast_dimensions = array<i64: 0, 1, 2>}
  %zx = "tiny.expand"(%z) {broadcast_dimensions = array<i64: 0, 1, 2>}
      : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  // CHECK: %[[P:.*]] = "tiny.fdiv"(%[[E]], %[[ZX]])
  %p = "tiny.fdiv"(%e, %zx) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>)
      -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  // CHECK: %[[PH:.*]] = "tiny.cast"(%[[P]])
  %ph = "tiny.cast"(%p) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>
  // CHECK: return %[[PH]]
  return %ph : tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>
}
