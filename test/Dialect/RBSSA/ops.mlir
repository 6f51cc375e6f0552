// RUN: dlc-opt %s | dlc-opt | FileCheck %s

// Round trip of every rbssa op. The first three functions are the spec's
// §6.8 examples; the last one covers the ops they do not use.

// Affine maps and sets are printed as aliases at the top of the module, in
// order of first use.
// CHECK-DAG: #[[MAP_MK:.+]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d2)>
// CHECK-DAG: #[[MAP_KN:.+]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d2, d1)>
// CHECK-DAG: #[[MAP_N:.+]] = affine_map<(d0)[s0, s1, s2] -> (d0)>
// CHECK-DAG: #[[MAP_W:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0, s1, s2, s3, s4, s5, s6] -> (d1, d4, d5, d6)>
// CHECK-DAG: #[[MAP_X:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0, s1, s2, s3, s4, s5, s6] -> (d0, d4, d2 * 2 + d5 - 1, d3 * 2 + d6 - 1)>
// CHECK-DAG: #[[SET_PAD:.+]] = affine_set<(d0, d1, d2, d3, d4, d5, d6)[s0, s1, s2, s3, s4, s5, s6] : (d2 * 2 + d5 - 1 >= 0, d2 * -2 + s2 - d5 >= 0, d3 * 2 + d6 - 1 >= 0, d3 * -2 + s3 - d6 >= 0)>
// CHECK-DAG: #[[MAP_Q:.+]] = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3, s4] -> (d0, d1, d2, d4)>
// CHECK-DAG: #[[MAP_K:.+]] = affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3, s4] -> (d0, d1, d3, d4)>
// CHECK-DAG: #[[SET_CAUSAL:.+]] = affine_set<(d0, d1)[s0, s1] : (d0 - d1 >= 0)>
// CHECK-DAG: #[[MAP_ID:.+]] = affine_map<(d0, d1)[s0, s1] -> (d0, d1)>

// -----------------------------------------------------------------------------
// §6.8.1 GEMM + bias + ReLU (C-CON1: the reduce body multiplies two direct
// reads over (m, n, k); the bias add and ReLU are post-ewise on the acc).
// B is logically [K, N] stored column-major (strided<[1, ?]>).

// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK-SAME: %[[A:[^:]+]]: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "A", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "K"]}
// CHECK-SAME: %[[B:[^:]+]]: memref<?x?xf16, strided<[1, ?]>> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "col_major"}, rbssa.name = "B", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["K", "N"]}
// CHECK-SAME: %[[BIAS:[^:]+]]: memref<?xf16> {{.*}}rbssa.name = "bias"{{.*}}rbssa.shape = ["N"]}
// CHECK-SAME: %[[C:[^:]+]]: memref<?x?xf16> {{.*}}rbssa.name = "C", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["M", "N"]}
// CHECK-SAME: attributes {rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "k", size = "K"}], rbssa.region = "gemm_bias_relu", rbssa.symbols = ["M", "K", "N"]}
// CHECK: %[[RA:.+]] = "rbssa.read"(%[[A]]) {map = #[[MAP_MK]]} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
// CHECK: %[[RB:.+]] = "rbssa.read"(%[[B]]) {map = #[[MAP_KN]]} : (memref<?x?xf16, strided<[1, ?]>>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
// CHECK: %[[T:.+]] = "rbssa.binary"(%[[RA]], %[[RB]]) {fn = "mul"}
// CHECK: %[[ACC:.+]] = "rbssa.reduce"(%[[T]]) {axes = array<i64: 2>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK: %[[RBIAS:.+]] = "rbssa.read"(%[[BIAS]]) {map = #[[MAP_N]]} : (memref<?xf16>) -> tensor<?xf16, ["N"]>
// CHECK: %[[BIAS32:.+]] = "rbssa.cast"(%[[RBIAS]]) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
// CHECK: %[[BIASMN:.+]] = "rbssa.broadcast_in_dim"(%[[BIAS32]]) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK: %[[C1:.+]] = "rbssa.binary"(%[[ACC]], %[[BIASMN]]) {fn = "add"}
// CHECK: %[[C2:.+]] = "rbssa.unary"(%[[C1]]) {fn = "relu"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK: "rbssa.yield"(%[[C2]], %[[C]]) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf16>) -> ()
// CHECK: return
func.func @gemm_bias_relu(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16, strided<[1, ?]>> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "col_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "gemm_bias_relu",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(m, n, k)[M, K, N] -> (k, n)>} : (memref<?x?xf16, strided<[1, ?]>>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %bn = "rbssa.read"(%bias) {map = affine_map<(n)[M, K, N] -> (n)>} : (memref<?xf16>) -> tensor<?xf16, ["N"]>
  %bn32 = "rbssa.cast"(%bn) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %bmn = "rbssa.broadcast_in_dim"(%bn32) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c1 = "rbssa.binary"(%acc, %bmn) {fn = "add"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c2 = "rbssa.unary"(%c1) {fn = "relu"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%c2, %C) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf16>) -> ()
  return
}

// -----------------------------------------------------------------------------
// §6.8.2 Conv 3x3, stride 2, pad 1, one region. Body axes are
// (n, co, ho, wo, ci, kh, kw); the pad is a Select of the neutral 0 around the
// read of X, inside the reduce (§6.7 step 5). Symbols: N Ci H W Co Ho Wo.

// CHECK-LABEL: func.func @conv3x3_s2_p1
// CHECK-SAME: %[[X:[^:]+]]: memref<?x?x?x?xf16> {{.*}}rbssa.name = "X"{{.*}}rbssa.shape = ["N", "Ci", "H", "W"]}
// CHECK-SAME: %[[WT:[^:]+]]: memref<?x?x3x3xf16> {{.*}}rbssa.name = "W"{{.*}}rbssa.shape = ["Co", "Ci", 3, 3]}
// CHECK-SAME: %[[Y:[^:]+]]: memref<?x?x?x?xf16> {{.*}}rbssa.name = "Y"{{.*}}rbssa.role = "output", rbssa.shape = ["N", "Co", "Ho", "Wo"]}
// CHECK-SAME: rbssa.reduce_iters = [{name = "ci", size = "Ci"}, {name = "kh", size = 3 : i64}, {name = "kw", size = 3 : i64}], rbssa.region = "conv3x3_s2_p1", rbssa.symbols = ["N", "Ci", "H", "W", "Co", "Ho", "Wo"]
// CHECK: %[[RW:.+]] = "rbssa.read"(%[[WT]]) {map = #[[MAP_W]]} : (memref<?x?x3x3xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
// CHECK: %[[RX:.+]] = "rbssa.read"(%[[X]]) {map = #[[MAP_X]]}
// CHECK: %[[XP:.+]] = "rbssa.select"(%[[RX]]) {else = 0.000000e+00 : f16, pred = #[[SET_PAD]]}
// CHECK: %[[PROD:.+]] = "rbssa.binary"(%[[RW]], %[[XP]]) {fn = "mul"}
// CHECK: %[[YACC:.+]] = "rbssa.reduce"(%[[PROD]]) {axes = array<i64: 4, 5, 6>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Co", "Ho", "Wo"]>
// CHECK: "rbssa.yield"(%[[YACC]], %[[Y]]) {cast = f16, materialize = "gmem"}
func.func @conv3x3_s2_p1(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "Ci", "H", "W"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x?x3x3xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", "Ci", 3, 3], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Co", "Ho", "Wo"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "conv3x3_s2_p1",
                rbssa.iters = [{name = "n", size = "N"}, {name = "co", size = "Co"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}],
                rbssa.reduce_iters = [{name = "ci", size = "Ci"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "Ci", "H", "W", "Co", "Ho", "Wo"]} {
  %w = "rbssa.read"(%W) {map = affine_map<(n, co, ho, wo, ci, kh, kw)[N, Ci, H, W, Co, Ho, Wo] -> (co, ci, kh, kw)>}
      : (memref<?x?x3x3xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %xr = "rbssa.read"(%X) {map = affine_map<(n, co, ho, wo, ci, kh, kw)[N, Ci, H, W, Co, Ho, Wo] -> (n, ci, ho * 2 + kh - 1, wo * 2 + kw - 1)>}
      : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, co, ho, wo, ci, kh, kw)[N, Ci, H, W, Co, Ho, Wo]
                                : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>,
                            else = 0.0 : f16}
      : (tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %p = "rbssa.binary"(%w, %x) {fn = "mul"}
      : (tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %y = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32}
      : (tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Co", "Ho", "Wo"]>
  "rbssa.yield"(%y, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Co", "Ho", "Wo"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----------------------------------------------------------------------------
// §6.8.3 Attention up to the row softmax. The max and the sum over n are
// different reduce ops and stay separate (R4); Mrow and Z are broadcast back
// explicitly before the binary ops. P is handed to the next region
// ("deferred"). Symbols: B H M D N.

// CHECK-LABEL: func.func @attention_row_softmax
// CHECK-SAME: rbssa.region = "attention_row_softmax", rbssa.symbols = ["B", "H", "M", "D", "N"]
// CHECK: %[[Q:.+]] = "rbssa.read"(%{{.+}}) {map = #[[MAP_Q]]}
// CHECK: %[[K:.+]] = "rbssa.read"(%{{.+}}) {map = #[[MAP_K]]}
// CHECK: %[[QK:.+]] = "rbssa.binary"(%[[Q]], %[[K]]) {fn = "mul"}
// CHECK: %[[S:.+]] = "rbssa.reduce"(%[[QK]]) {axes = array<i64: 4>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"}
// CHECK: %[[MROW:.+]] = "rbssa.reduce"(%[[S]]) {axes = array<i64: 3>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
// CHECK: %[[MB:.+]] = "rbssa.broadcast_in_dim"(%[[MROW]]) {broadcast_dimensions = array<i64: 0, 1, 2>}
// CHECK: %[[S0:.+]] = "rbssa.binary"(%[[S]], %[[MB]]) {fn = "sub"}
// CHECK: %[[EA:.+]] = "rbssa.unary"(%[[S0]]) {fn = "exp"}
// CHECK: %[[Z:.+]] = "rbssa.reduce"(%[[EA]]) {axes = array<i64: 3>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"}
// CHECK: %[[ZB:.+]] = "rbssa.broadcast_in_dim"(%[[Z]]) {broadcast_dimensions = array<i64: 0, 1, 2>}
// CHECK: %[[PV:.+]] = "rbssa.binary"(%[[EA]], %[[ZB]]) {fn = "div"}
// CHECK: "rbssa.yield"(%[[PV]], %{{.+}}) {cast = f16, materialize = "deferred"}
func.func @attention_row_softmax(
    %Q: memref<?x?x?x?xf16> {rbssa.name = "Q", rbssa.role = "input", rbssa.shape = ["B", "H", "M", "D"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %K: memref<?x?x?x?xf16> {rbssa.name = "K", rbssa.role = "input", rbssa.shape = ["B", "H", "N", "D"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %P: memref<?x?x?x?xf16> {rbssa.name = "P", rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "attention_row_softmax",
                rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "d", size = "D"}],
                rbssa.symbols = ["B", "H", "M", "D", "N"]} {
  %q = "rbssa.read"(%Q) {map = affine_map<(b, h, m, n, d)[B, H, M, D, N] -> (b, h, m, d)>}
      : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "D"]>
  %k = "rbssa.read"(%K) {map = affine_map<(b, h, m, n, d)[B, H, M, D, N] -> (b, h, n, d)>}
      : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "D"]>
  %qk = "rbssa.binary"(%q, %k) {fn = "mul"}
      : (tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "D"]>, tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "D"]>) -> tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "D"]>
  %s = "rbssa.reduce"(%qk) {op = "sum", axes = array<i64: 4>, init = 0.0 : f32, dtype = f32}
      : (tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "D"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %mrow = "rbssa.reduce"(%s) {op = "max", axes = array<i64: 3>, init = 0xFF800000 : f32, dtype = f32}
      : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %mb = "rbssa.broadcast_in_dim"(%mrow) {broadcast_dimensions = array<i64: 0, 1, 2>}
      : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %s0 = "rbssa.binary"(%s, %mb) {fn = "sub"}
      : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %a = "rbssa.unary"(%s0) {fn = "exp"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %z = "rbssa.reduce"(%a) {op = "sum", axes = array<i64: 3>, init = 0.0 : f32, dtype = f32}
      : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %zb = "rbssa.broadcast_in_dim"(%z) {broadcast_dimensions = array<i64: 0, 1, 2>}
      : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %pv = "rbssa.binary"(%a, %zb) {fn = "div"}
      : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  "rbssa.yield"(%pv, %P) {cast = f16, materialize = "deferred"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----------------------------------------------------------------------------
// The remaining ops: transpose, const, compare, select_value, and select with
// a causal (m >= n) mask whose neutral is -inf.

// CHECK-LABEL: func.func @other_ops
// CHECK: %[[XT:.+]] = "rbssa.read"(%{{.+}}) {map = #[[MAP_ID]]} : (memref<?x?xf32>) -> tensor<?x?xf32, ["N", "M"]>
// CHECK: %[[TR:.+]] = "rbssa.transpose"(%[[XT]]) {permutation = array<i64: 1, 0>} : (tensor<?x?xf32, ["N", "M"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK: %[[L2E:.+]] = "rbssa.const"() {value = 1.44269502 : f32} : () -> tensor<?x?xf32, ["M", "N"]>
// CHECK: %[[SC:.+]] = "rbssa.binary"(%[[TR]], %[[L2E]]) {fn = "mul"}
// CHECK: %[[E2:.+]] = "rbssa.unary"(%[[SC]]) {fn = "exp2"}
// CHECK: %[[ZERO:.+]] = "rbssa.const"() {value = 0.000000e+00 : f32}
// CHECK: %[[MASK:.+]] = "rbssa.compare"(%[[TR]], %[[ZERO]]) {fn = "cmplt"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
// CHECK: %[[W:.+]] = "rbssa.select_value"(%[[MASK]], %[[ZERO]], %[[E2]]) : (tensor<?x?xi1, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK: %[[CAUSAL:.+]] = "rbssa.select"(%[[W]]) {else = 0xFF800000 : f32, pred = #[[SET_CAUSAL]]}
// CHECK: "rbssa.yield"(%[[CAUSAL]], %{{.+}}) {cast = f32, materialize = "gmem"}
func.func @other_ops(
    %X: memref<?x?xf32> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "M"], rbssa.alignment = 16 : i64, rbssa.noalias, rbssa.layout = {kind = "swizzled", params = {swizzle = "xor32", vec_bytes = 16 : i64}}},
    %Y: memref<?x?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 16 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "other_ops",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [],
                rbssa.symbols = ["N", "M"]} {
  %xt = "rbssa.read"(%X) {map = affine_map<(n, m)[N, M] -> (n, m)>} : (memref<?x?xf32>) -> tensor<?x?xf32, ["N", "M"]>
  %x = "rbssa.transpose"(%xt) {permutation = array<i64: 1, 0>} : (tensor<?x?xf32, ["N", "M"]>) -> tensor<?x?xf32, ["M", "N"]>
  %l2e = "rbssa.const"() {value = 1.442695 : f32} : () -> tensor<?x?xf32, ["M", "N"]>
  %sx = "rbssa.binary"(%x, %l2e) {fn = "mul"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %e = "rbssa.unary"(%sx) {fn = "exp2"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "rbssa.const"() {value = 0.0 : f32} : () -> tensor<?x?xf32, ["M", "N"]>
  %neg = "rbssa.compare"(%x, %zero) {fn = "cmplt"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  %w = "rbssa.select_value"(%neg, %zero, %e) : (tensor<?x?xi1, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c = "rbssa.select"(%w) {pred = affine_set<(m, n)[N, M] : (m - n >= 0)>, else = 0xFF800000 : f32}
      : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%c, %Y) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf32>) -> ()
  return
}

// -----------------------------------------------------------------------------
// A yield of a comparison into a bool memref (cast = i1: one byte an
// element, 0 or 1).

// CHECK-LABEL: func.func @bool_yield
// CHECK: %[[LT:.+]] = "rbssa.compare"
// CHECK: "rbssa.yield"(%[[LT]], %{{.+}}) {cast = i1, materialize = "gmem"} : (tensor<?xi1, ["N"]>, memref<?xi1>) -> ()
func.func @bool_yield(
    %X: memref<?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N"], rbssa.alignment = 16 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Z: memref<?xi1> {rbssa.name = "Z", rbssa.role = "output", rbssa.shape = ["N"], rbssa.alignment = 16 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "bool_yield",
                rbssa.iters = [{name = "n", size = "N"}],
                rbssa.reduce_iters = [],
                rbssa.symbols = ["N"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(n)[N] -> (n)>} : (memref<?xf16>) -> tensor<?xf16, ["N"]>
  %zero = "rbssa.const"() {value = 0.0 : f16} : () -> tensor<?xf16, ["N"]>
  %lt = "rbssa.compare"(%x, %zero) {fn = "cmplt"} : (tensor<?xf16, ["N"]>, tensor<?xf16, ["N"]>) -> tensor<?xi1, ["N"]>
  "rbssa.yield"(%lt, %Z) {cast = i1, materialize = "gmem"} : (tensor<?xi1, ["N"]>, memref<?xi1>) -> ()
  return
}
