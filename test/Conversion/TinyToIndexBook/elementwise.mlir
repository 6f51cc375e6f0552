// Elementwise ops become indexbook.unary/binary/ternary with fn = the tiny
// op's name; broadcasting is right-aligned and explicit in the maps: a
// missing leading dim is dropped, a size-1 dim reads index 0, a rank-0
// operand has no results (spec §4.4 Binary, §4.3 rule 3).
// RUN: dlc-opt %s --convert-tiny-to-indexbook | dlc-opt | FileCheck %s

// CHECK-DAG: #[[$ID3:map[0-9]*]] = affine_map<(d0, d1, d2)[s0] -> (d0, d1, d2)>
// CHECK-DAG: #[[$ROW3:map[0-9]*]] = affine_map<(d0, d1, d2)[s0] -> (d2)>
// CHECK-DAG: #[[$ONE3:map[0-9]*]] = affine_map<(d0, d1, d2)[s0] -> (0, d2)>
// CHECK-DAG: #[[$SCALAR3:map[0-9]*]] = affine_map<(d0, d1, d2)[s0] -> ()>
// CHECK-DAG: #[[$BOX:set[0-9]*]] = affine_set<(d0, d1, d2)[s0] : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0, d2 >= 0, -d2 + 3 >= 0)>

// CHECK-LABEL: func.func @broadcasts
// CHECK-SAME: indexbook.symbols = ["N"]
// CHECK: %[[A:[0-9]+]] = "indexbook.leaf"
// CHECK: %[[B:[0-9]+]] = "indexbook.leaf"
// CHECK: %[[C:[0-9]+]] = "indexbook.leaf"
// CHECK-NEXT: %[[S:[0-9]+]] = "indexbook.binary"(%[[A]], %[[B]]) {axes = [{kind = "iter", name = "i0", size = 2 : i64}, {kind = "iter", name = "i1", size = "N"}, {kind = "iter", name = "i2", size = 4 : i64}], domain = [#[[$BOX]]], flags = {}, fn = "sub", maps = [#[[$ID3]], #[[$ROW3]]]}
// CHECK-NEXT: %[[Q:[0-9]+]] = "indexbook.binary"(%[[S]], %[[C]]) {{{.*}}fn = "fdiv", maps = [#[[$ID3]], #[[$ONE3]]]}
// CHECK-NEXT: %[[H:[0-9]+]] = "indexbook.const"() {axes = [], {{.*}}value = 5.000000e-01 : f32}
// CHECK-NEXT: %[[LT:[0-9]+]] = "indexbook.binary"(%[[Q]], %[[H]]) {{{.*}}fn = "cmplt", maps = [#[[$ID3]], #[[$SCALAR3]]]} : (tensor<2x?x4xf32, [2, "N", 4]>, tensor<f32>) -> tensor<2x?x4xi1, [2, "N", 4]>
// CHECK-NEXT: %[[W:[0-9]+]] = "indexbook.ternary"(%[[LT]], %[[Q]], %[[B]]) {{{.*}}fn = "where", maps = [#[[$ID3]], #[[$ID3]], #[[$ROW3]]]}
// CHECK-NEXT: %[[E:[0-9]+]] = "indexbook.unary"(%[[W]]) {{{.*}}fn = "sqrt", maps = [#[[$ID3]]]}
// CHECK-NEXT: %[[I:[0-9]+]] = "indexbook.const"() {axes = [{kind = "broadcast", name = "i0", size = 4 : i64}], {{.*}}value = 7 : i32} : () -> tensor<4xi32>
// CHECK-NEXT: return %[[E]], %[[I]]
func.func @broadcasts(%a: tensor<2x?x4xf32, [2, "N", 4]>, %b: tensor<4xf32>, %c: tensor<1x4xf32>)
    -> (tensor<2x?x4xf32, [2, "N", 4]>, tensor<4xi32>) {
  %s = "tiny.sub"(%a, %b) : (tensor<2x?x4xf32, [2, "N", 4]>, tensor<4xf32>) -> tensor<2x?x4xf32, [2, "N", 4]>
  %q = "tiny.fdiv"(%s, %c) : (tensor<2x?x4xf32, [2, "N", 4]>, tensor<1x4xf32>) -> tensor<2x?x4xf32, [2, "N", 4]>
  %h = "tiny.const"() {value = 0.5 : f32} : () -> tensor<f32>
  %lt = "tiny.cmplt"(%q, %h) : (tensor<2x?x4xf32, [2, "N", 4]>, tensor<f32>) -> tensor<2x?x4xi1, [2, "N", 4]>
  %w = "tiny.where"(%lt, %q, %b) : (tensor<2x?x4xi1, [2, "N", 4]>, tensor<2x?x4xf32, [2, "N", 4]>, tensor<4xf32>) -> tensor<2x?x4xf32, [2, "N", 4]>
  %e = "tiny.sqrt"(%w) : (tensor<2x?x4xf32, [2, "N", 4]>) -> tensor<2x?x4xf32, [2, "N", 4]>
  %i = "tiny.const"() {value = 7 : i32} : () -> tensor<4xi32>
  return %e, %i : tensor<2x?x4xf32, [2, "N", 4]>, tensor<4xi32>
}
