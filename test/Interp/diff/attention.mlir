// Differential tests (docs/interp.md, "Differential testing"): attention
// with a row softmax and a causal mask (spec §6.8.3, §15.3): S = Q K^T
// accumulated in f32, masked to -inf where the key is in the query's
// future, P = softmax over the keys (max, sub, exp2 of the scaled value,
// sum, fdiv), and for the full form O = P V. The lowering makes the softmax
// one region; the full form two (P yielded "deferred", then P V), which
// --diff evaluates in sequence.

// RUN: dlc-interp %s --func softmax_causal --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=SOFTMAX
// SOFTMAX-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} D={{[0-9]+}} N={{[0-9]+}}: max abs err {{.*}}: PASS
// SOFTMAX-NEXT: diff @softmax_causal: 5 of 5 trials pass
// The mask is causal: row m keeps keys 0..m (M = 3, N = 4).
// RUN: dlc-interp %s --func softmax_causal M=3,N=4,D=2 --input Q=0,0,0,0,0,0 --input K=iota --print \
// RUN:   | FileCheck %s --check-prefix=CAUSAL
// CAUSAL: result0: f16[3, 4]
// CAUSAL-NEXT: result0[0] = 1 0 0 0
// CAUSAL-NEXT: result0[1] = 0.5 0.5 0 0
// CAUSAL-NEXT: result0[2] = 0.3333 0.3333 0.3333 0
func.func @softmax_causal(%Q: tensor<?x?xf16, ["M", "D"]>, %K: tensor<?x?xf16, ["N", "D"]>) -> tensor<?x?xf16, ["M", "N"]> {
  // S = Q K^T / sqrt(D) in tinygrad's form (the scale is folded into Q).
  %q = "tiny.reshape"(%Q) : (tensor<?x?xf16, ["M", "D"]>) -> tensor<?x1x?xf16, ["M", 1, "D"]>
  %k = "tiny.reshape"(%K) : (tensor<?x?xf16, ["N", "D"]>) -> tensor<1x?x?xf16, [1, "N", "D"]>
  %qk = "tiny.mul"(%q, %k) : (tensor<?x1x?xf16, ["M", 1, "D"]>, tensor<1x?x?xf16, [1, "N", "D"]>) -> tensor<?x?x?xf16, ["M", "N", "D"]>
  %s = "tiny.reduce"(%qk) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "D"]>) -> tensor<?x?xf32, ["M", "N"]>
  // The causal mask from index views: rows[m, n] = #{j < M : 0 <= m - j}
  // = m + 1 and cols[m, n] = #{j < N : 0 <= n - j} = n + 1 (tiny.valid of a
  // view of a constant counts the in-bounds points); key n is in the future
  // of query m where rows < cols.
  %one_m = "tiny.const"() {value = 1.0 : f32} : () -> tensor<?xf32, ["M"]>
  %rv = "tiny.view"(%one_m) {map = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0 - d2)>} : (tensor<?xf32, ["M"]>) -> tensor<?x?x?xf32, ["M", "N", "M"]>
  %rvalid = "tiny.valid"(%rv) : (tensor<?x?x?xf32, ["M", "N", "M"]>) -> tensor<?x?x?xi1, ["M", "N", "M"]>
  %rf = "tiny.cast"(%rvalid) : (tensor<?x?x?xi1, ["M", "N", "M"]>) -> tensor<?x?x?xf32, ["M", "N", "M"]>
  %rows = "tiny.reduce"(%rf) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf32, ["M", "N", "M"]>) -> tensor<?x?xf32, ["M", "N"]>
  %one_n = "tiny.const"() {value = 1.0 : f32} : () -> tensor<?xf32, ["N"]>
  %cv = "tiny.view"(%one_n) {map = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1 - d2)>} : (tensor<?xf32, ["N"]>) -> tensor<?x?x?xf32, ["M", "N", "N"]>
  %cvalid = "tiny.valid"(%cv) : (tensor<?x?x?xf32, ["M", "N", "N"]>) -> tensor<?x?x?xi1, ["M", "N", "N"]>
  %cf = "tiny.cast"(%cvalid) : (tensor<?x?x?xi1, ["M", "N", "N"]>) -> tensor<?x?x?xf32, ["M", "N", "N"]>
  %cols = "tiny.reduce"(%cf) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf32, ["M", "N", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %future = "tiny.cmplt"(%rows, %cols) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>
  %sm = "tiny.where"(%future, %ninf, %s) : (tensor<?x?xi1, ["M", "N"]>, tensor<f32>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // Row softmax: p = 2^((s - max) log2 e) / sum.
  %mx = "tiny.reduce"(%sm) {op = "max", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %mxe = "tiny.reshape"(%mx) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %d = "tiny.sub"(%sm, %mxe) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "N"]>
  %l2e = "tiny.const"() {value = 1.44269504 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%d, %l2e) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %sum = "tiny.reduce"(%e) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %sume = "tiny.reshape"(%sum) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %ph : tensor<?x?xf16, ["M", "N"]>
}

// RUN: dlc-interp %s --func attention_causal --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=FULL
// FULL-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} D={{[0-9]+}} N={{[0-9]+}}: max abs err {{.*}}: PASS
// FULL-NEXT: diff @attention_causal: 5 of 5 trials pass
func.func @attention_causal(%Q: tensor<?x?xf16, ["M", "D"]>, %K: tensor<?x?xf16, ["N", "D"]>, %V: tensor<?x?xf16, ["N", "D"]>)
    -> tensor<?x?xf16, ["M", "D"]> {
  %s = "tiny.contract"(%Q, %K) {pattern = "matmul", lhs_idx = ["m", "d"], rhs_idx = ["n", "d"],
                                out_idx = ["m", "n"], reduce_idx = ["d"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "D"]>, tensor<?x?xf16, ["N", "D"]>) -> tensor<?x?xf32, ["M", "N"]>
  // The causal mask from index views: rows[m, n] = #{j < M : 0 <= m - j}
  // = m + 1 and cols[m, n] = #{j < N : 0 <= n - j} = n + 1 (tiny.valid of a
  // view of a constant counts the in-bounds points); key n is in the future
  // of query m where rows < cols.
  %one_m = "tiny.const"() {value = 1.0 : f32} : () -> tensor<?xf32, ["M"]>
  %rv = "tiny.view"(%one_m) {map = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0 - d2)>} : (tensor<?xf32, ["M"]>) -> tensor<?x?x?xf32, ["M", "N", "M"]>
  %rvalid = "tiny.valid"(%rv) : (tensor<?x?x?xf32, ["M", "N", "M"]>) -> tensor<?x?x?xi1, ["M", "N", "M"]>
  %rf = "tiny.cast"(%rvalid) : (tensor<?x?x?xi1, ["M", "N", "M"]>) -> tensor<?x?x?xf32, ["M", "N", "M"]>
  %rows = "tiny.reduce"(%rf) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf32, ["M", "N", "M"]>) -> tensor<?x?xf32, ["M", "N"]>
  %one_n = "tiny.const"() {value = 1.0 : f32} : () -> tensor<?xf32, ["N"]>
  %cv = "tiny.view"(%one_n) {map = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1 - d2)>} : (tensor<?xf32, ["N"]>) -> tensor<?x?x?xf32, ["M", "N", "N"]>
  %cvalid = "tiny.valid"(%cv) : (tensor<?x?x?xf32, ["M", "N", "N"]>) -> tensor<?x?x?xi1, ["M", "N", "N"]>
  %cf = "tiny.cast"(%cvalid) : (tensor<?x?x?xi1, ["M", "N", "N"]>) -> tensor<?x?x?xf32, ["M", "N", "N"]>
  %cols = "tiny.reduce"(%cf) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf32, ["M", "N", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %future = "tiny.cmplt"(%rows, %cols) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>
  %sm = "tiny.where"(%future, %ninf, %s) : (tensor<?x?xi1, ["M", "N"]>, tensor<f32>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // Row softmax: p = 2^((s - max) log2 e) / sum.
  %mx = "tiny.reduce"(%sm) {op = "max", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %mxe = "tiny.reshape"(%mx) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %d = "tiny.sub"(%sm, %mxe) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "N"]>
  %l2e = "tiny.const"() {value = 1.44269504 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%d, %l2e) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %sum = "tiny.reduce"(%e) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %sume = "tiny.reshape"(%sum) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %o = "tiny.contract"(%ph, %V) {pattern = "matmul", lhs_idx = ["m", "n"], rhs_idx = ["n", "d"],
                                 out_idx = ["m", "d"], reduce_idx = ["n"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "N"]>, tensor<?x?xf16, ["N", "D"]>) -> tensor<?x?xf32, ["M", "D"]>
  %oh = "tiny.cast"(%o) : (tensor<?x?xf32, ["M", "D"]>) -> tensor<?x?xf16, ["M", "D"]>
  return %oh : tensor<?x?xf16, ["M", "D"]>
}

// A key mask input (i1, broadcast over the queries). A row whose keys are
// all masked is NaN on both sides (0/0), which --diff counts as agreeing.
// RUN: dlc-interp %s --func softmax_key_mask --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=KEYMASK
// KEYMASK-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} D={{[0-9]+}} N={{[0-9]+}}: max abs err {{.*}}: PASS
// KEYMASK-NEXT: diff @softmax_key_mask: 5 of 5 trials pass
func.func @softmax_key_mask(%Q: tensor<?x?xf16, ["M", "D"]>, %K: tensor<?x?xf16, ["N", "D"]>, %keep: tensor<?xi1, ["N"]>)
    -> tensor<?x?xf16, ["M", "N"]> {
  %s = "tiny.contract"(%Q, %K) {pattern = "matmul", lhs_idx = ["m", "d"], rhs_idx = ["n", "d"],
                                out_idx = ["m", "n"], reduce_idx = ["d"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "D"]>, tensor<?x?xf16, ["N", "D"]>) -> tensor<?x?xf32, ["M", "N"]>
  // A key mask given as an input, broadcast over the queries.
  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>
  %sm = "tiny.where"(%keep, %s, %ninf) : (tensor<?xi1, ["N"]>, tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  // Row softmax: p = 2^((s - max) log2 e) / sum.
  %mx = "tiny.reduce"(%sm) {op = "max", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %mxe = "tiny.reshape"(%mx) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %d = "tiny.sub"(%sm, %mxe) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "N"]>
  %l2e = "tiny.const"() {value = 1.44269504 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%d, %l2e) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %sum = "tiny.reduce"(%e) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %sume = "tiny.reshape"(%sum) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %ph : tensor<?x?xf16, ["M", "N"]>
}

// The simplest causal mask, where(valid(view), s, -inf): the neutral-element
// check of convert-indexbook-to-rbssa follows the guard through the data
// select (the mask picks -inf, max's neutral, at the masked points) and
// through -inf minus the row max and exp2 (0, the sum's neutral), so the
// softmax lowers and agrees (docs/passes/convert-indexbook-to-rbssa.md).
// RUN: dlc-interp %s --func softmax_valid_mask --diff --trials 5 --seed 1 | FileCheck %s --check-prefix=VALIDMASK
// VALIDMASK-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} D={{[0-9]+}} N={{[0-9]+}}: max abs err {{.*}}: PASS
// VALIDMASK-NEXT: diff @softmax_valid_mask: 5 of 5 trials pass
func.func @softmax_valid_mask(%Q: tensor<?x?xf16, ["M", "D"]>, %K: tensor<?x?xf16, ["N", "D"]>) -> tensor<?x?xf16, ["M", "N"]> {
  %s = "tiny.contract"(%Q, %K) {pattern = "matmul", lhs_idx = ["m", "d"], rhs_idx = ["n", "d"],
                                out_idx = ["m", "n"], reduce_idx = ["d"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "D"]>, tensor<?x?xf16, ["N", "D"]>) -> tensor<?x?xf32, ["M", "N"]>
  // The causal mask straight from tiny.valid: the view (m, n) -> m - n of
  // a length-M constant stays inside it exactly where n <= m.
  %z = "tiny.const"() {value = 0.0 : f32} : () -> tensor<?xf32, ["M"]>
  %zv = "tiny.view"(%z) {map = affine_map<(d0, d1)[s0, s1, s2] -> (d0 - d1)>} : (tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "N"]>
  %past = "tiny.valid"(%zv) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>
  %sm = "tiny.where"(%past, %s, %ninf) : (tensor<?x?xi1, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  // Row softmax: p = 2^((s - max) log2 e) / sum.
  %mx = "tiny.reduce"(%sm) {op = "max", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %mxe = "tiny.reshape"(%mx) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %d = "tiny.sub"(%sm, %mxe) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "N"]>
  %l2e = "tiny.const"() {value = 1.44269504 : f32} : () -> tensor<f32>
  %ds = "tiny.mul"(%d, %l2e) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %e = "tiny.exp2"(%ds) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %sum = "tiny.reduce"(%e) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %sume = "tiny.reshape"(%sum) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %ph : tensor<?x?xf16, ["M", "N"]>
}
