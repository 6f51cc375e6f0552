// tiny.reduce becomes indexbook.reduce over its operand's axes, the reduced
// ones of kind "reduce" and listed (pre-deletion ids) in reduce_axes
// (§4.3 rule 4). Only mul -> reduce(sum) is a contraction, and by default
// only when both factors are movement chains of graph inputs; the option
// contractions=any|none widens or disables that.
// RUN: dlc-opt %s --convert-tiny-to-indexbook | dlc-opt | FileCheck %s
// RUN: dlc-opt %s --convert-tiny-to-indexbook=contractions=any | FileCheck %s --check-prefix=ANY
// RUN: dlc-opt %s --convert-tiny-to-indexbook=contractions=none | FileCheck %s --check-prefix=NONE

// CHECK-DAG: #[[$ID4:map[0-9]*]] = affine_map<(d0, d1, d2, d3)[s0, s1, s2, s3] -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[$ID2:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d0, d1)>
// CHECK-DAG: #[[$ROW:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d1)>
// CHECK-DAG: #[[$TRANSPOSE:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>
// CHECK-DAG: #[[$BOX_BHMN:set[0-9]*]] = affine_set<(d0, d1, d2, d3)[s0, s1, s2, s3] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0, d3 >= 0, -d3 + s3 - 1 >= 0)>
// CHECK-DAG: #[[$BOX_MK:set[0-9]*]] = affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>
// NONE-DAG: #[[$X_OF_T:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d2)>
// NONE-DAG: #[[$W_OF_T:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d2, d1)>
// CHECK-DAG: #[[$BOX_KM:set[0-9]*]] = affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>

// Attention's row max (spec §3.5.3): not a contraction.
// CHECK-LABEL: func.func @row_max
// CHECK: %[[S:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: %[[M:[0-9]+]] = "indexbook.reduce"(%[[S]]) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "B"}, {kind = "iter", name = "i1", size = "H"}, {kind = "iter", name = "i2", size = "M"}, {kind = "reduce", name = "i3", size = "N"}], domain = [#[[$BOX_BHMN]]], flags = {}, maps = [#[[$ID4]]], op = "max", reduce_axes = array<i64: 3>} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
// CHECK-NEXT: return %[[M]]
func.func @row_max(%s: tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]> {
  %m = "tiny.reduce"(%s) {acc_dtype = f32, axes = array<i64: 3>, op = "max"}
      : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  return %m : tensor<?x?x?xf32, ["B", "H", "M"]>
}

// mul -> reduce(max) is no contraction: binary mul, then reduce.
// CHECK-LABEL: func.func @mul_max
// CHECK: %[[A:[0-9]+]] = "indexbook.leaf"
// CHECK: %[[B:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: %[[P:[0-9]+]] = "indexbook.binary"(%[[A]], %[[B]]) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [#[[$BOX_MK]]], flags = {}, fn = "mul", maps = [#[[$ID2]], #[[$ROW]]]}
// CHECK-NEXT: %[[R:[0-9]+]] = "indexbook.reduce"(%[[P]]) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "reduce", name = "i1", size = "K"}], domain = [#[[$BOX_MK]]], flags = {}, maps = [#[[$ID2]]], op = "max", reduce_axes = array<i64: 1>}
// ANY-LABEL: func.func @mul_max
// ANY: "indexbook.binary"{{.*}}fn = "mul"
// ANY: "indexbook.reduce"{{.*}}op = "max"
func.func @mul_max(%a: tensor<?x?xf32, ["M", "K"]>, %b: tensor<?xf32, ["K"]>) -> tensor<?xf32, ["M"]> {
  %p = "tiny.mul"(%a, %b) : (tensor<?x?xf32, ["M", "K"]>, tensor<?xf32, ["K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %m = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "max"} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %m : tensor<?xf32, ["M"]>
}

// A permute in front of a reduce folds into its map; reduce_axes still
// index the reduce's own axes.
// CHECK-LABEL: func.func @min_over_rows
// CHECK: %[[Y:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: "indexbook.reduce"(%[[Y]]) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "K"}, {kind = "reduce", name = "i1", size = "M"}], domain = [#[[$BOX_KM]]], flags = {}, maps = [#[[$TRANSPOSE]]], op = "min", reduce_axes = array<i64: 1>} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["K"]>
func.func @min_over_rows(%y: tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["K"]> {
  %t = "tiny.permute"(%y) {order = array<i64: 1, 0>} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %m = "tiny.reduce"(%t) {acc_dtype = f32, axes = array<i64: 1>, op = "min"} : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?xf32, ["K"]>
  return %m : tensor<?xf32, ["K"]>
}

// A computed factor (exp2) keeps mul + reduce(sum) by default; with
// contractions=any it is a contract reading the computed value.
// CHECK-LABEL: func.func @computed_factor
// CHECK: %[[E:[0-9]+]] = "indexbook.unary"
// CHECK-NEXT: %[[P:[0-9]+]] = "indexbook.binary"(%[[E]], %{{[0-9]+}}) {{{.*}}fn = "mul"
// CHECK-NEXT: "indexbook.reduce"(%[[P]]) {{{.*}}op = "sum", reduce_axes = array<i64: 1>}
// ANY-LABEL: func.func @computed_factor
// ANY: %[[E:[0-9]+]] = "indexbook.unary"
// ANY-NEXT: "indexbook.contract"(%[[E]], %{{[0-9]+}}) {{{.*}}pattern = "matmul", reduce_axes = array<i64: 1>}
func.func @computed_factor(%a: tensor<?x?xf32, ["M", "K"]>, %b: tensor<?xf32, ["K"]>) -> tensor<?xf32, ["M"]> {
  %e = "tiny.exp2"(%a) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %p = "tiny.mul"(%e, %b) : (tensor<?x?xf32, ["M", "K"]>, tensor<?xf32, ["K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %s = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %s : tensor<?xf32, ["M"]>
}

// A product with a second user is not folded (it must exist on its own).
// CHECK-LABEL: func.func @shared_product
// CHECK: %[[P:[0-9]+]] = "indexbook.binary"{{.*}}fn = "mul"
// CHECK-NEXT: %[[S:[0-9]+]] = "indexbook.reduce"(%[[P]])
// CHECK-NEXT: return %[[S]], %[[P]]
// ANY-LABEL: func.func @shared_product
// ANY-NOT: indexbook.contract
// ANY: return
func.func @shared_product(%a: tensor<?x?xf32, ["M", "K"]>, %b: tensor<?xf32, ["K"]>) -> (tensor<?xf32, ["M"]>, tensor<?x?xf32, ["M", "K"]>) {
  %p = "tiny.mul"(%a, %b) : (tensor<?x?xf32, ["M", "K"]>, tensor<?xf32, ["K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %s = "tiny.reduce"(%p) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %s, %p : tensor<?xf32, ["M"]>, tensor<?x?xf32, ["M", "K"]>
}

// The naive GEMM of spec §4.5: a contract by default; with
// contractions=none the product T over [M, N, K] and its reduction C0.
// CHECK-LABEL: func.func @gemm_naive
// CHECK: "indexbook.contract"{{.*}}reduce_axes = array<i64: 2>
// NONE-LABEL: func.func @gemm_naive
// NONE: %[[X:[0-9]+]] = "indexbook.leaf"
// NONE: %[[W:[0-9]+]] = "indexbook.leaf"
// NONE-NEXT: %[[T:[0-9]+]] = "indexbook.binary"(%[[X]], %[[W]]) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "N"}, {kind = "iter", name = "i2", size = "K"}], domain = [#{{set[0-9]*}}], flags = {}, fn = "mul", maps = [#[[$X_OF_T]], #[[$W_OF_T]]]} : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
// NONE-NEXT: %[[C0:[0-9]+]] = "indexbook.reduce"(%[[T]]) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "N"}, {kind = "reduce", name = "i2", size = "K"}], domain = [#{{set[0-9]*}}], flags = {}, maps = [#{{map[0-9]*}}], op = "sum", reduce_axes = array<i64: 2>} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
// NONE-NEXT: return %[[C0]]
func.func @gemm_naive(%X: tensor<?x?xf16, ["M", "K"]>, %W: tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]> {
  %x = "tiny.reshape"(%X) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %t = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c0 = "tiny.reduce"(%t) {acc_dtype = f32, axes = array<i64: 2>, op = "sum"} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %c0 : tensor<?x?xf32, ["M", "N"]>
}
