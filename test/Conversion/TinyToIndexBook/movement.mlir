// Movement ops compose into their consumer's map (spec §4.3.7, §4.4):
// permute is a permutation, expand a dropped or zero dim, shrink
// offset + step * i, flip extent - 1 - i, reshape linearises and splits
// again with floordiv/mod. Maps are simplified as they compose, so a
// reshape round trip is the identity again.
// RUN: dlc-opt %s --convert-tiny-to-indexbook | dlc-opt | FileCheck %s

// CHECK-DAG: #[[$A_OF_NM8:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1] -> (d1, d0)>
// CHECK-DAG: #[[$B_OF_NM8:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1] -> (d1, 0)>
// CHECK-DAG: #[[$FLIP_SHRINK:map[0-9]*]] = affine_map<(d0, d1)[s0] -> (-d0 + 7, d1 * 2 + 1)>
// CHECK-DAG: #[[$FLIP_N:map[0-9]*]] = affine_map<(d0)[s0] -> (-d0 + s0 - 1)>
// CHECK-DAG: #[[$SPLIT:map[0-9]*]] = affine_map<(d0, d1)[s0] -> (d0 * 3 + d1)>
// CHECK-DAG: #[[$MERGE:map[0-9]*]] = affine_map<(d0, d1)[s0] -> (d0, d1 floordiv 3, d1 mod 3)>
// CHECK-DAG: #[[$ROUND_TRIP:map[0-9]*]] = affine_map<(d0, d1)[s0] -> (d0, d1)>
// CHECK-DAG: #[[$REGROUP:map[0-9]*]] = affine_map<(d0, d1)[s0] -> (d0 * 2 + d1 floordiv 6, d1 mod 6)>
// CHECK-DAG: #[[$SEMI_AFFINE:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> ((d1 + d0 * s0) floordiv s1, (d1 + d0 * s0) mod s1)>
// CHECK-DAG: #[[$TRANSPOSE:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>
// CHECK-DAG: #[[$BOX_NM8:set[0-9]*]] = affine_set<(d0, d1, d2)[s0, s1] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0, d2 >= 0, -d2 + 7 >= 0)>
// CHECK-DAG: #[[$BOX_8X3:set[0-9]*]] = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 2 >= 0)>
// CHECK-DAG: #[[$BOX_NM:set[0-9]*]] = affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>

// permute -> expand -> permute, then an add with a right-aligned [M, 1]
// operand: the 8 is a new (broadcast) axis that no map reads.
// CHECK-LABEL: func.func @permute_expand
// CHECK: %[[A:[0-9]+]] = "indexbook.leaf"
// CHECK: %[[B:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: %[[S:[0-9]+]] = "indexbook.binary"(%[[A]], %[[B]]) {axes = [{kind = "iter", name = "i0", size = "N"}, {kind = "iter", name = "i1", size = "M"}, {kind = "broadcast", name = "i2", size = 8 : i64}], domain = [#[[$BOX_NM8]]], flags = {}, fn = "add", maps = [#[[$A_OF_NM8]], #[[$B_OF_NM8]]]}
// CHECK-NEXT: return %[[S]]
func.func @permute_expand(%a: tensor<?x?xf32, ["M", "N"]>, %b: tensor<?x1xf32, ["M", 1]>) -> tensor<?x?x8xf32, ["N", "M", 8]> {
  %t = "tiny.permute"(%a) {order = array<i64: 1, 0>} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["N", "M"]>
  %e = "tiny.expand"(%t) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<?x?xf32, ["N", "M"]>) -> tensor<8x?x?xf32, [8, "N", "M"]>
  %p = "tiny.permute"(%e) {order = array<i64: 1, 2, 0>} : (tensor<8x?x?xf32, [8, "N", "M"]>) -> tensor<?x?x8xf32, ["N", "M", 8]>
  %s = "tiny.add"(%p, %b) : (tensor<?x?x8xf32, ["N", "M", 8]>, tensor<?x1xf32, ["M", 1]>) -> tensor<?x?x8xf32, ["N", "M", 8]>
  return %s : tensor<?x?x8xf32, ["N", "M", 8]>
}

// A strided shrink that stays in bounds needs no mask; flip is never an
// error (§3.4), static or symbolic.
// CHECK-LABEL: func.func @flip_shrink
// CHECK: %[[A:[0-9]+]] = "indexbook.leaf"
// CHECK: %[[N:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: %[[Y:[0-9]+]] = "indexbook.unary"(%[[A]]) {axes = [{kind = "iter", name = "i0", size = 8 : i64}, {kind = "iter", name = "i1", size = 3 : i64}], domain = [#[[$BOX_8X3]]], flags = {}, fn = "neg", maps = [#[[$FLIP_SHRINK]]]}
// CHECK-NEXT: %[[Z:[0-9]+]] = "indexbook.unary"(%[[N]]) {{{.*}}fn = "exp2", maps = [#[[$FLIP_N]]]}
// CHECK-NEXT: return %[[Y]], %[[Z]]
func.func @flip_shrink(%a: tensor<8x8xf32>, %n: tensor<?xf32, ["N"]>) -> (tensor<8x3xf32>, tensor<?xf32, ["N"]>) {
  %s = "tiny.shrink"(%a) {offsets = array<i64: 0, 1>, steps = array<i64: 1, 2>} : (tensor<8x8xf32>) -> tensor<8x3xf32>
  %f = "tiny.flip"(%s) {axes = array<i64: 0>} : (tensor<8x3xf32>) -> tensor<8x3xf32>
  %y = "tiny.neg"(%f) : (tensor<8x3xf32>) -> tensor<8x3xf32>
  %g = "tiny.flip"(%n) {axes = array<i64: 0>} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %z = "tiny.exp2"(%g) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return %y, %z : tensor<8x3xf32>, tensor<?xf32, ["N"]>
}

// Static reshapes: split [6] -> [2, 3]; merge [M, 2, 3] -> [M, 6] (the
// symbolic dim stays in place); [4, 6] -> [24] -> [4, 6] simplifies back
// to the identity; [4, 6] -> [2, 12] regroups.
// CHECK-LABEL: func.func @reshapes
// CHECK-SAME: indexbook.symbols = ["M"]
// CHECK: "indexbook.unary"(%{{[0-9]+}}) {{{.*}}fn = "neg", maps = [#[[$SPLIT]]]} : (tensor<6xf32>) -> tensor<2x3xf32>
// CHECK: "indexbook.unary"(%{{[0-9]+}}) {{{.*}}fn = "neg", maps = [#[[$MERGE]]]} : (tensor<?x2x3xf32, ["M", 2, 3]>) -> tensor<?x6xf32, ["M", 6]>
// CHECK: "indexbook.unary"(%{{[0-9]+}}) {{{.*}}fn = "neg", maps = [#[[$ROUND_TRIP]]]} : (tensor<4x6xf32>) -> tensor<4x6xf32>
// CHECK: "indexbook.unary"(%{{[0-9]+}}) {{{.*}}fn = "neg", maps = [#[[$REGROUP]]]} : (tensor<4x6xf32>) -> tensor<2x12xf32>
func.func @reshapes(%a: tensor<6xf32>, %b: tensor<?x2x3xf32, ["M", 2, 3]>, %c: tensor<4x6xf32>)
    -> (tensor<2x3xf32>, tensor<?x6xf32, ["M", 6]>, tensor<4x6xf32>, tensor<2x12xf32>) {
  %s = "tiny.reshape"(%a) : (tensor<6xf32>) -> tensor<2x3xf32>
  %s1 = "tiny.neg"(%s) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %m = "tiny.reshape"(%b) : (tensor<?x2x3xf32, ["M", 2, 3]>) -> tensor<?x6xf32, ["M", 6]>
  %m1 = "tiny.neg"(%m) : (tensor<?x6xf32, ["M", 6]>) -> tensor<?x6xf32, ["M", 6]>
  %f = "tiny.reshape"(%c) : (tensor<4x6xf32>) -> tensor<24xf32>
  %g = "tiny.reshape"(%f) : (tensor<24xf32>) -> tensor<4x6xf32>
  %g1 = "tiny.neg"(%g) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %h = "tiny.reshape"(%c) : (tensor<4x6xf32>) -> tensor<2x12xf32>
  %h1 = "tiny.neg"(%h) : (tensor<2x12xf32>) -> tensor<2x12xf32>
  return %s1, %m1, %g1, %h1 : tensor<2x3xf32>, tensor<?x6xf32, ["M", 6]>, tensor<4x6xf32>, tensor<2x12xf32>
}

// Symbolic dims that change place: the strides are symbols, so the map is
// semi-affine and the value non-SCoP (§4.3 rule 5).
// CHECK-LABEL: func.func @reshape_symbolic
// CHECK: "indexbook.unary"(%{{[0-9]+}}) {{{.*}}flags = {non_scop = true}, fn = "neg", maps = [#[[$SEMI_AFFINE]]]}
func.func @reshape_symbolic(%a: tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]> {
  %r = "tiny.reshape"(%a) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %y = "tiny.neg"(%r) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  return %y : tensor<?x?xf32, ["K", "M"]>
}

// A movement chain that is a graph output becomes an indexbook.view; an
// argument returned as is returns its leaf.
// CHECK-LABEL: func.func @return_chain
// CHECK: %[[A:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: %[[T:[0-9]+]] = "indexbook.view"(%[[A]]) {axes = [{kind = "iter", name = "i0", size = "N"}, {kind = "iter", name = "i1", size = "M"}], domain = [#[[$BOX_NM]]], flags = {}, maps = [#[[$TRANSPOSE]]]} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["N", "M"]>
// CHECK-NEXT: return %[[T]]
func.func @return_chain(%a: tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["N", "M"]> {
  %t = "tiny.permute"(%a) {order = array<i64: 1, 0>} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["N", "M"]>
  return %t : tensor<?x?xf32, ["N", "M"]>
}

// CHECK-LABEL: func.func @return_arg
// CHECK-NEXT: %[[A:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: return %[[A]]
func.func @return_arg(%a: tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]> {
  return %a : tensor<?x?xf32, ["M", "N"]>
}
