// A version binds the symbol in the function's affine maps too: a
// tiny.view's map has one symbol per graph symbol in signature order
// (docs/conventions.md), so the copy's maps lose the bound one — its uses
// become the value, the later symbols move down one position — and its
// `dlc.symbols` list drops it. (Before, a convolution's `--versions N=32`
// stopped in convert-tiny-to-indexbook with E1304 "the map of 'tiny.view'
// has 1 symbols but the function has 0".)
// RUN: dlc-opt %s --pass-pipeline='builtin.module(tiny-symbol-versions{versions=N=4,K=5}, func.func(tiny-verify))' | FileCheck %s
// The copies compute what the function computes at those sizes.
// RUN: dlc-opt %s --pass-pipeline='builtin.module(tiny-symbol-versions{versions=N=4,K=5})' -o %t.mlir
// RUN: dlc-interp %t.mlir --func flip N=4,K=5 --print > %t.general
// RUN: dlc-interp %t.mlir --func flip_N4 K=5 --print > %t.n4
// RUN: dlc-interp %t.mlir --func flip_K5 N=4 --print > %t.k5
// RUN: diff %t.general %t.n4
// RUN: diff %t.general %t.k5
// RUN: dlc-interp %t.mlir --func flip_N4 --diff --trials 3 | FileCheck %s --check-prefix=DIFF
// RUN: dlc-interp %t.mlir --func flip_K5 --diff --trials 3 | FileCheck %s --check-prefix=DIFF
// DIFF: 3 of 3 trials pass

// CHECK:       #[[GENERAL:.*]] = affine_map<(d0, d1)[s0, s1] -> (-d0 + s0 - 1, -d1 + s1 - 1)>
// CHECK:       #[[N4:.*]] = affine_map<(d0, d1)[s0] -> (-d0 + 3, -d1 + s0 - 1)>
// CHECK:       #[[K5:.*]] = affine_map<(d0, d1)[s0] -> (-d0 + s0 - 1, -d1 + 4)>
// CHECK-LABEL: func.func @flip(
// CHECK:         "tiny.view"(%{{.*}}) {map = #[[GENERAL]]}
// CHECK-LABEL: func.func @flip_N4(
// CHECK-SAME:    dlc.symbols = ["K"]
// CHECK:         "tiny.view"(%{{.*}}) {map = #[[N4]]}
// CHECK-LABEL: func.func @flip_K5(
// CHECK-SAME:    dlc.symbols = ["N"]
// CHECK:         "tiny.view"(%{{.*}}) {map = #[[K5]]}
func.func @flip(%X: tensor<?x?xf32, ["N", "K"]> {dlc.name = "X"},
                %Y: tensor<?x?xf32, ["N", "K"]> {dlc.name = "Y"})
    -> (tensor<?xf32, ["N"]> {dlc.name = "Z"})
    attributes {dlc.symbols = ["N", "K"]} {
  %v = "tiny.view"(%X) {map = affine_map<(d0, d1)[s0, s1] -> (s0 - 1 - d0, s1 - 1 - d1)>} : (tensor<?x?xf32, ["N", "K"]>) -> tensor<?x?xf32, ["N", "K"]>
  %p = "tiny.mul"(%v, %Y) : (tensor<?x?xf32, ["N", "K"]>, tensor<?x?xf32, ["N", "K"]>) -> tensor<?x?xf32, ["N", "K"]>
  %r = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["N", "K"]>) -> tensor<?xf32, ["N"]>
  return %r : tensor<?xf32, ["N"]>
}
