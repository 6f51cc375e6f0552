// RUN: dlc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tiny-verify, tiny-unflatten-products))' | FileCheck %s

// tiny-unflatten-products (docs/conventions.md, "Products of symbols"): a
// flat argument of a product size, reshaped only to one shape of its
// factors, takes that shape (the reshapes go); dlc.flat keeps the size
// formula for the manifest; the product symbol no type names any more
// leaves dlc.derived (the affine ones stay).

// CHECK-LABEL: func.func @flat_arg(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<?x?xf32, ["M", "K"]> {dlc.flat = "M * K", dlc.name = "X"}
// CHECK-SAME: attributes {dlc.derived = {Kp = "K + 2"}, dlc.symbols = ["M", "K"]}
// CHECK-NOT: tiny.reshape
// CHECK: "tiny.neg"(%[[X]])
// CHECK: "tiny.exp2"(%[[X]])
func.func @flat_arg(%x: tensor<?xf32, ["MK"]> {dlc.name = "X"}) -> (tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["M", "K"]>)
    attributes {dlc.symbols = ["M", "K"], dlc.derived = {MK = "M * K", Kp = "K + 2"}} {
  %a = "tiny.reshape"(%x) : (tensor<?xf32, ["MK"]>) -> tensor<?x?xf32, ["M", "K"]>
  %b = "tiny.reshape"(%x) : (tensor<?xf32, ["MK"]>) -> tensor<?x?xf32, ["M", "K"]>
  %n = "tiny.neg"(%a) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e = "tiny.exp2"(%b) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  return %n, %e : tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["M", "K"]>
}

// -----

// A returned reshape to a flat size returns its operand; the factors may
// be in any order, with integers among them (B * 4 * N against [N, 2, B, 2]).
// CHECK-LABEL: func.func @flat_result(
// CHECK-SAME: -> (tensor<?x2x?x2xf32, ["N", 2, "B", 2]> {dlc.flat = "N * B * 4", dlc.name = "Y"})
// CHECK-NOT: dlc.derived
// CHECK: %[[N:.+]] = "tiny.neg"
// CHECK-NEXT: return %[[N]] : tensor<?x2x?x2xf32, ["N", 2, "B", 2]>
func.func @flat_result(%x: tensor<?x2x?x2xf32, ["N", 2, "B", 2]>) -> (tensor<?xf32, ["BN4"]> {dlc.name = "Y"})
    attributes {dlc.derived = {BN4 = "B * 4 * N"}} {
  %n = "tiny.neg"(%x) : (tensor<?x2x?x2xf32, ["N", 2, "B", 2]>) -> tensor<?x2x?x2xf32, ["N", 2, "B", 2]>
  %r = "tiny.reshape"(%n) : (tensor<?x2x?x2xf32, ["N", 2, "B", 2]>) -> tensor<?xf32, ["BN4"]>
  return %r : tensor<?xf32, ["BN4"]>
}

// -----

// Reshaped to two shapes, or used otherwise, a flat argument stays, and so
// does its definition (convert-tiny-to-indexbook refuses it, E1501).
// CHECK-LABEL: func.func @two_shapes(
// CHECK-SAME: tensor<?xf32, ["MK"]>
// CHECK-SAME: dlc.derived = {MK = "M * K"}
// CHECK-COUNT-2: tiny.reshape
func.func @two_shapes(%x: tensor<?xf32, ["MK"]>) -> (tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["K", "M"]>)
    attributes {dlc.symbols = ["M", "K"], dlc.derived = {MK = "M * K"}} {
  %a = "tiny.reshape"(%x) : (tensor<?xf32, ["MK"]>) -> tensor<?x?xf32, ["M", "K"]>
  %b = "tiny.reshape"(%x) : (tensor<?xf32, ["MK"]>) -> tensor<?x?xf32, ["K", "M"]>
  return %a, %b : tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["K", "M"]>
}

// -----

// A reshape to a shape of another element count is no renaming.
// CHECK-LABEL: func.func @other_count(
// CHECK-SAME: tensor<?xf32, ["MK"]>
// CHECK: tiny.reshape
func.func @other_count(%x: tensor<?xf32, ["MK"]>) -> tensor<?x?xf32, ["M", "M"]>
    attributes {dlc.symbols = ["M", "K"], dlc.derived = {MK = "M * K"}} {
  %a = "tiny.reshape"(%x) : (tensor<?xf32, ["MK"]>) -> tensor<?x?xf32, ["M", "M"]>
  return %a : tensor<?x?xf32, ["M", "M"]>
}

// -----

// Without a product symbol the pass changes nothing.
// CHECK-LABEL: func.func @affine_only(
// CHECK-SAME: attributes {dlc.derived = {Hp = "H + 2"}}
// CHECK: tiny.pad
func.func @affine_only(%x: tensor<?xf32, ["H"]>) -> tensor<?xf32, ["Hp"]>
    attributes {dlc.derived = {Hp = "H + 2"}} {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 1>} : (tensor<?xf32, ["H"]>) -> tensor<?xf32, ["Hp"]>
  return %p : tensor<?xf32, ["Hp"]>
}
