// Masked movement chains (spec §4.4 pad, §4.5 "Conv"): a pad, or a view
// that may read outside its operand, becomes one indexbook.view whose domain
// is the box plus the in-bounds guards (the padding piece is the rest of
// the box and reads 0). Guards that hold on the whole box are dropped.
// RUN: dlc-opt %s --convert-tiny-to-indexbook | dlc-opt | FileCheck %s

// CHECK-DAG: #[[$PAD2:map[0-9]*]] = affine_map<(d0, d1) -> (d0 - 1, d1 - 2)>
// CHECK-DAG: #[[$IN_PAD2:set[0-9]*]] = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 8 >= 0, d0 - 1 >= 0, -d0 + 4 >= 0, d1 - 2 >= 0, -d1 + 7 >= 0)>
// CHECK-DAG: #[[$BOX_6X9:set[0-9]*]] = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 8 >= 0)>
// CHECK-DAG: #[[$PAD_H:map[0-9]*]] = affine_map<(d0, d1)[s0, s1, s2] -> (d0 - 1, d1)>
// CHECK-DAG: #[[$IN_PAD_H:set[0-9]*]] = affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s2 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d0 - 1 >= 0, -d0 + s0 >= 0)>
// CHECK-DAG: #[[$PAD1:map[0-9]*]] = affine_map<(d0) -> (d0 - 1)>
// CHECK-DAG: #[[$IN_PAD1:set[0-9]*]] = affine_set<(d0) : (d0 >= 0, -d0 + 9 >= 0, d0 - 1 >= 0, -d0 + 8 >= 0)>
// CHECK-DAG: #[[$ID1:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$SCALAR1:map[0-9]*]] = affine_map<(d0) -> ()>
// CHECK-DAG: #[[$SHIFT:map[0-9]*]] = affine_map<(d0, d1) -> (d0 * 3 + d1 - 2)>
// CHECK-DAG: #[[$FLAT:map[0-9]*]] = affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s2 + d1)>
// CHECK-DAG: #[[$IN_FLAT:set[0-9]*]] = affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0, -(d0 * s2) + s0 - d1 - 1 >= 0)>
// CHECK-DAG: #[[$IN_SHIFT:set[0-9]*]] = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0, d0 * 3 + d1 - 2 >= 0, d0 * -3 - d1 + 9 >= 0)>

// Static pad, read by an elementwise op through the view.
// CHECK-LABEL: func.func @pad_static
// CHECK-SAME: indexbook.symbols = []
// CHECK: %[[X:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: %[[P:[0-9]+]] = "indexbook.view"(%[[X]]) {axes = [{kind = "iter", name = "i0", size = 6 : i64}, {kind = "iter", name = "i1", size = 9 : i64}], domain = [#[[$IN_PAD2]]], flags = {}, maps = [#[[$PAD2]]]} : (tensor<4x6xf32>) -> tensor<6x9xf32>
// CHECK-NEXT: %[[Y:[0-9]+]] = "indexbook.unary"(%[[P]]) {axes = [{kind = "iter", name = "i0", size = 6 : i64}, {kind = "iter", name = "i1", size = 9 : i64}], domain = [#[[$BOX_6X9]]], flags = {}, fn = "exp2", maps = [#{{map[0-9]*}}]}
// CHECK-NEXT: return %[[Y]]
func.func @pad_static(%x: tensor<4x6xf32>) -> tensor<6x9xf32> {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 1, 2, 1>} : (tensor<4x6xf32>) -> tensor<6x9xf32>
  %y = "tiny.exp2"(%p) : (tensor<6x9xf32>) -> tensor<6x9xf32>
  return %y : tensor<6x9xf32>
}

// Symbolic pad H -> Hp: the new extent is a new symbol (after the
// arguments' ones); reads are bounded by the operand's own H (s0).
// CHECK-LABEL: func.func @pad_symbolic
// CHECK-SAME: indexbook.symbols = ["H", "W", "Hp"]
// CHECK: %[[X:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: %[[P:[0-9]+]] = "indexbook.view"(%[[X]]) {axes = [{kind = "iter", name = "i0", size = "Hp"}, {kind = "iter", name = "i1", size = "W"}], domain = [#[[$IN_PAD_H]]], flags = {}, maps = [#[[$PAD_H]]]}
// CHECK-NEXT: return %[[P]]
func.func @pad_symbolic(%x: tensor<?x?xf32, ["H", "W"]>) -> tensor<?x?xf32, ["Hp", "W"]> {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 1, 0, 0>} : (tensor<?x?xf32, ["H", "W"]>) -> tensor<?x?xf32, ["Hp", "W"]>
  return %p : tensor<?x?xf32, ["Hp", "W"]>
}

// where(valid(pad), pad, -inf): valid is the view's domain; both readers
// share the one view.
// CHECK-LABEL: func.func @pad_valid
// CHECK: %[[X:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: %[[P:[0-9]+]] = "indexbook.view"(%[[X]]) {axes = [{kind = "iter", name = "i0", size = 10 : i64}], domain = [#[[$IN_PAD1]]], flags = {}, maps = [#[[$PAD1]]]}
// CHECK-NEXT: %[[OK:[0-9]+]] = "indexbook.unary"(%[[P]]) {{{.*}}fn = "valid", maps = [#[[$ID1]]]} : (tensor<10xf32>) -> tensor<10xi1>
// CHECK-NEXT: %[[NINF:[0-9]+]] = "indexbook.const"() {axes = [], {{.*}}value = 0xFF800000 : f32}
// CHECK-NEXT: %[[Y:[0-9]+]] = "indexbook.ternary"(%[[OK]], %[[P]], %[[NINF]]) {{{.*}}fn = "where", maps = [#[[$ID1]], #[[$ID1]], #[[$SCALAR1]]]}
// CHECK-NEXT: return %[[Y]]
func.func @pad_valid(%x: tensor<8xf32>) -> tensor<10xf32> {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 1>} : (tensor<8xf32>) -> tensor<10xf32>
  %m = "tiny.valid"(%p) : (tensor<10xf32>) -> tensor<10xi1>
  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>
  %y = "tiny.where"(%m, %p, %ninf) : (tensor<10xi1>, tensor<10xf32>, tensor<f32>) -> tensor<10xf32>
  return %y : tensor<10xf32>
}

// valid of an unmasked value is a constant true.
// CHECK-LABEL: func.func @valid_unmasked
// CHECK: %[[T:[0-9]+]] = "indexbook.const"() {axes = [{kind = "broadcast", name = "i0", size = 8 : i64}], domain = [#{{set[0-9]*}}], flags = {}, value = true} : () -> tensor<8xi1>
// CHECK-NEXT: return %[[T]]
func.func @valid_unmasked(%x: tensor<8xf32>) -> tensor<8xi1> {
  %m = "tiny.valid"(%x) : (tensor<8xf32>) -> tensor<8xi1>
  return %m : tensor<8xi1>
}

// A pad then a view that reads past the end: the pad's lower guard and the
// view's upper guard compose into one piece.
// CHECK-LABEL: func.func @pad_then_view
// CHECK: %[[X:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: %[[V:[0-9]+]] = "indexbook.view"(%[[X]]) {axes = [{kind = "iter", name = "i0", size = 4 : i64}, {kind = "iter", name = "i1", size = 4 : i64}], domain = [#[[$IN_SHIFT]]], flags = {}, maps = [#[[$SHIFT]]]}
// CHECK-NEXT: "indexbook.unary"(%[[V]]) {{{.*}}fn = "neg"
func.func @pad_then_view(%x: tensor<8xf32>) -> tensor<4x4xf32> {
  %p = "tiny.pad"(%x) {padding = array<i64: 2, 0>} : (tensor<8xf32>) -> tensor<10xf32>
  %v = "tiny.view"(%p) {map = affine_map<(d0, d1) -> (d0 * 3 + d1)>} : (tensor<10xf32>) -> tensor<4x4xf32>
  %y = "tiny.neg"(%v) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}

// A flat F[L] read as [M, K] (docs/dialects/indexbook.md @misc): i0 * K is
// semi-affine, so the view is non-SCoP; only the upper guard (L may be
// shorter than M * K) is kept, as the lower one holds for non-negatives.
// CHECK-LABEL: func.func @flat_view
// CHECK-SAME: indexbook.symbols = ["L", "M", "K"]
// CHECK: %[[F:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: %[[V:[0-9]+]] = "indexbook.view"(%[[F]]) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [#[[$IN_FLAT]]], flags = {non_scop = true}, maps = [#[[$FLAT]]]}
// CHECK-NEXT: "indexbook.unary"(%[[V]]) {{{.*}}flags = {}, fn = "exp2"
func.func @flat_view(%x: tensor<?xf32, ["L"]>) -> tensor<?x?xf32, ["M", "K"]> {
  %v = "tiny.view"(%x) {map = affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s2 + d1)>} : (tensor<?xf32, ["L"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e = "tiny.exp2"(%v) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  return %e : tensor<?x?xf32, ["M", "K"]>
}
