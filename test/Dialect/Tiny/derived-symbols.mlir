// Derived symbols (docs/conventions.md, "Derived symbols"): dlc.derived
// defines a symbol by an affine expression of others, with floordiv,
// ceildiv and mod by constants; tiny-verify parses and checks each one and
// every pad into a derived dimension. The IR round-trips unchanged.
// RUN: dlc-opt %s --split-input-file --tiny-verify | FileCheck %s

// A pad by 1 on both sides of H and W: Hp = H + 2.
// CHECK-LABEL: func.func @pad
// CHECK-SAME: attributes {dlc.derived = {Hp = "H + 2", Wp = "W + 2"}}
func.func @pad(%x: tensor<?x?xf32, ["H", "W"]>) -> tensor<?x?xf32, ["Hp", "Wp"]> attributes {dlc.derived = {Hp = "H + 2", Wp = "W + 2"}} {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 1, 1, 1>} : (tensor<?x?xf32, ["H", "W"]>) -> tensor<?x?xf32, ["Hp", "Wp"]>
  return %p : tensor<?x?xf32, ["Hp", "Wp"]>
}

// -----

// A chain of definitions: Ho is defined through Hp; a pad of a derived
// dimension (Hp by 2 more) agrees when the substituted definitions do.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: dlc.derived = {Ho = "(Hp - 3) floordiv 2 + 1", Hp = "H + 2", Hq = "H + 4", S = "H ceildiv 4 + H mod 4 - 2 * (H floordiv 8)"}
func.func @chain(%x: tensor<?xf32, ["H"]>) -> (tensor<?xf32, ["Hq"]>, tensor<?xf32, ["Ho"]>, tensor<?xf32, ["S"]>) attributes {dlc.derived = {Hp = "H + 2", Hq = "H + 4", Ho = "(Hp - 3) floordiv 2 + 1", S = "H ceildiv 4 + H mod 4 - 2 * (H floordiv 8)"}} {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 1>} : (tensor<?xf32, ["H"]>) -> tensor<?xf32, ["Hp"]>
  %q = "tiny.pad"(%p) {padding = array<i64: 2, 0>} : (tensor<?xf32, ["Hp"]>) -> tensor<?xf32, ["Hq"]>
  %o = "tiny.view"(%p) {map = affine_map<(d0)[s0, s1, s2, s3, s4] -> (d0 * 2)>} : (tensor<?xf32, ["Hp"]>) -> tensor<?xf32, ["Ho"]>
  %s = "tiny.view"(%x) {map = affine_map<(d0)[s0, s1, s2, s3, s4] -> (0)>} : (tensor<?xf32, ["H"]>) -> tensor<?xf32, ["S"]>
  return %q, %o, %s : tensor<?xf32, ["Hq"]>, tensor<?xf32, ["Ho"]>, tensor<?xf32, ["S"]>
}

// -----

// A free symbol may appear only in dlc.symbols (here p, the padding the
// caller chooses); a pad into a free symbol stays unchecked, as before.
// CHECK-LABEL: func.func @listed
func.func @listed(%x: tensor<?xf32, ["H"]>) -> tensor<?xf32, ["Hp"]> attributes {dlc.symbols = ["H", "p", "Hp"], dlc.derived = {L = "H + 2 * p"}} {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 1>} : (tensor<?xf32, ["H"]>) -> tensor<?xf32, ["Hp"]>
  return %p : tensor<?xf32, ["Hp"]>
}
