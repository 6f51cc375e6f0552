// tiny-expand-broadcasts: every elementwise operand whose shape differs from
// the result's gets a tiny.reshape (prepending size-1 dims) and/or a
// tiny.expand (identity broadcast_dimensions) to the result's shape. The
// output passes tiny-verify.
// RUN: dlc-opt %s --split-input-file --tiny-expand-broadcasts --tiny-verify | FileCheck %s

// Bias [N] + [M, N]: reshape to [1, N], expand to [M, N].
// CHECK-LABEL: func.func @bias
// CHECK-SAME: (%[[ACC:.*]]: tensor<?x?xf32, ["M", "N"]>, %[[B:.*]]: tensor<?xf32, ["N"]>)
// CHECK: %[[R:.*]] = "tiny.reshape"(%[[B]]) : (tensor<?xf32, ["N"]>) -> tensor<1x?xf32, [1, "N"]>
// CHECK-NEXT: %[[E:.*]] = "tiny.expand"(%[[R]]) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x?xf32, [1, "N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: "tiny.add"(%[[ACC]], %[[E]]) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
func.func @bias(%acc: tensor<?x?xf32, ["M", "N"]>, %b: tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]> {
  %0 = "tiny.add"(%acc, %b) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %0 : tensor<?x?xf32, ["M", "N"]>
}

// -----

// A scalar constant (rank 0) on the left of a symbolic [M, N].
// CHECK-LABEL: func.func @scalar
// CHECK: %[[C:.*]] = "tiny.const"() {value = 2.000000e+00 : f32} : () -> tensor<f32>
// CHECK-NEXT: %[[R:.*]] = "tiny.reshape"(%[[C]]) : (tensor<f32>) -> tensor<1x1xf32>
// CHECK-NEXT: %[[E:.*]] = "tiny.expand"(%[[R]]) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x1xf32>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: "tiny.mul"(%[[E]], %arg0)
func.func @scalar(%x: tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]> {
  %c = "tiny.const"() {value = 2.0 : f32} : () -> tensor<f32>
  %0 = "tiny.mul"(%c, %x) : (tensor<f32>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %0 : tensor<?x?xf32, ["M", "N"]>
}

// -----

// Same rank, size-1 dims on both sides: expand only, no reshape. The
// comparison's operands are expanded in their own element type (f32); the
// result stays i1.
// CHECK-LABEL: func.func @size_one
// CHECK-NOT: tiny.reshape
// CHECK: %[[A:.*]] = "tiny.expand"(%arg0) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<4x1xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %[[B:.*]] = "tiny.expand"(%arg1) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: "tiny.cmplt"(%[[A]], %[[B]]) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xi1>
func.func @size_one(%a: tensor<4x1xf32>, %b: tensor<1x3xf32>) -> tensor<4x3xi1> {
  %0 = "tiny.cmplt"(%a, %b) : (tensor<4x1xf32>, tensor<1x3xf32>) -> tensor<4x3xi1>
  return %0 : tensor<4x3xi1>
}

// -----

// where with three different shapes: cond [N] (i1), a [M, 1], b scalar.
// CHECK-LABEL: func.func @where3
// CHECK: %[[CR:.*]] = "tiny.reshape"(%arg0) : (tensor<?xi1, ["N"]>) -> tensor<1x?xi1, [1, "N"]>
// CHECK-NEXT: %[[CE:.*]] = "tiny.expand"(%[[CR]]) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x?xi1, [1, "N"]>) -> tensor<?x?xi1, ["M", "N"]>
// CHECK-NEXT: %[[AE:.*]] = "tiny.expand"(%arg1) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[BR:.*]] = "tiny.reshape"(%arg2) : (tensor<f32>) -> tensor<1x1xf32>
// CHECK-NEXT: %[[BE:.*]] = "tiny.expand"(%[[BR]]) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x1xf32>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: "tiny.where"(%[[CE]], %[[AE]], %[[BE]]) : (tensor<?x?xi1, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
func.func @where3(%c: tensor<?xi1, ["N"]>, %a: tensor<?x1xf32, ["M", 1]>, %b: tensor<f32>) -> tensor<?x?xf32, ["M", "N"]> {
  %0 = "tiny.where"(%c, %a, %b) : (tensor<?xi1, ["N"]>, tensor<?x1xf32, ["M", 1]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  return %0 : tensor<?x?xf32, ["M", "N"]>
}

// -----

// Symbolic dims with a rank gap of two and a mixed static/symbolic shape:
// [K, 64] against [B, H, 1, 64] (reshape + expand for the first; the
// second only expands its size-1 dim to K). Then [1, K, 64] against
// [K, 64]: a reshape alone reaches the result's shape, no expand.
// CHECK-LABEL: func.func @symbolic
// CHECK: %[[R:.*]] = "tiny.reshape"(%arg0) : (tensor<?x64xf16, ["K", 64]>) -> tensor<1x1x?x64xf16, [1, 1, "K", 64]>
// CHECK-NEXT: %[[E:.*]] = "tiny.expand"(%[[R]]) {broadcast_dimensions = array<i64: 0, 1, 2, 3>} : (tensor<1x1x?x64xf16, [1, 1, "K", 64]>) -> tensor<?x?x?x64xf16, ["B", "H", "K", 64]>
// CHECK-NEXT: %[[F:.*]] = "tiny.expand"(%arg1) {broadcast_dimensions = array<i64: 0, 1, 2, 3>} : (tensor<?x?x1x64xf16, ["B", "H", 1, 64]>) -> tensor<?x?x?x64xf16, ["B", "H", "K", 64]>
// CHECK-NEXT: "tiny.sub"(%[[E]], %[[F]])
// CHECK: %[[R2:.*]] = "tiny.reshape"(%arg0) : (tensor<?x64xf16, ["K", 64]>) -> tensor<1x?x64xf16, [1, "K", 64]>
// CHECK-NOT: tiny.expand
// CHECK: "tiny.max"(%arg2, %[[R2]])
func.func @symbolic(%x: tensor<?x64xf16, ["K", 64]>, %y: tensor<?x?x1x64xf16, ["B", "H", 1, 64]>,
                    %z: tensor<1x?x64xf16, [1, "K", 64]>)
    -> (tensor<?x?x?x64xf16, ["B", "H", "K", 64]>, tensor<1x?x64xf16, [1, "K", 64]>) {
  %0 = "tiny.sub"(%x, %y) : (tensor<?x64xf16, ["K", 64]>, tensor<?x?x1x64xf16, ["B", "H", 1, 64]>) -> tensor<?x?x?x64xf16, ["B", "H", "K", 64]>
  %1 = "tiny.max"(%z, %x) : (tensor<1x?x64xf16, [1, "K", 64]>, tensor<?x64xf16, ["K", 64]>) -> tensor<1x?x64xf16, [1, "K", 64]>
  return %0, %1 : tensor<?x?x?x64xf16, ["B", "H", "K", 64]>, tensor<1x?x64xf16, [1, "K", 64]>
}
