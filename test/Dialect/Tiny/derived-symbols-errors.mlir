// RUN: dlc-opt %s --split-input-file --tiny-verify --verify-diagnostics

// Every malformed dlc.derived is E1007 DerivedSymbolInvalid at the function
// (docs/conventions.md, "Derived symbols"); a pad that disagrees with its
// result's definition is E1005 MalformedShape at the pad.

// expected-error @+1 {{E1007 DerivedSymbolInvalid: derived symbol A = "B + 1": 'A' is defined through itself (the definitions form a cycle or a chain deeper than 64)}}
func.func @cycle(%x: tensor<?xf32, ["H"]>) -> tensor<?xf32, ["A"]> attributes {dlc.derived = {A = "B + 1", B = "A - 1"}} {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 0>} : (tensor<?xf32, ["H"]>) -> tensor<?xf32, ["A"]>
  return %p : tensor<?xf32, ["A"]>
}

// -----

// expected-error @+1 {{E1007 DerivedSymbolInvalid: derived symbol A = "Q + 1": 'Q' is not a symbol of the function}}
func.func @unknown(%x: tensor<?xf32, ["H"]>) -> tensor<?xf32, ["A"]> attributes {dlc.derived = {A = "Q + 1"}} {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 0>} : (tensor<?xf32, ["H"]>) -> tensor<?xf32, ["A"]>
  return %p : tensor<?xf32, ["A"]>
}

// -----

// expected-error @+1 {{E1007 DerivedSymbolInvalid: derived symbol A = "H floordiv W": floordiv, ceildiv and mod need a positive constant divisor to stay affine}}
func.func @symbolic_divisor(%x: tensor<?x?xf32, ["H", "W"]>) -> tensor<?x?xf32, ["H", "W"]> attributes {dlc.derived = {A = "H floordiv W"}} {
  return %x : tensor<?x?xf32, ["H", "W"]>
}

// -----

// expected-error @+1 {{E1007 DerivedSymbolInvalid: derived symbol A = "H mod 0": floordiv, ceildiv and mod need a positive constant divisor}}
func.func @zero_divisor(%x: tensor<?xf32, ["H"]>) -> tensor<?xf32, ["H"]> attributes {dlc.derived = {A = "H mod 0"}} {
  return %x : tensor<?xf32, ["H"]>
}

// -----

// expected-error @+1 {{E1007 DerivedSymbolInvalid: derived symbol A = "(H + 2": expected ')'}}
func.func @syntax(%x: tensor<?xf32, ["H"]>) -> tensor<?xf32, ["H"]> attributes {dlc.derived = {A = "(H + 2"}} {
  return %x : tensor<?xf32, ["H"]>
}

// -----

// expected-error @+1 {{E1007 DerivedSymbolInvalid: derived symbol A = "H + # 2": unexpected '#'}}
func.func @character(%x: tensor<?xf32, ["H"]>) -> tensor<?xf32, ["H"]> attributes {dlc.derived = {A = "H + # 2"}} {
  return %x : tensor<?xf32, ["H"]>
}

// -----

// expected-error @+1 {{E1007 DerivedSymbolInvalid: 'dlc.derived' is not a dictionary}}
func.func @not_a_dictionary(%x: tensor<?xf32, ["H"]>) -> tensor<?xf32, ["H"]> attributes {dlc.derived = ["H + 2"]} {
  return %x : tensor<?xf32, ["H"]>
}

// -----

// expected-error @+1 {{E1007 DerivedSymbolInvalid: 'dlc.derived' entry 'A' is not a symbol name mapped to a string}}
func.func @not_a_string(%x: tensor<?xf32, ["H"]>) -> tensor<?xf32, ["H"]> attributes {dlc.derived = {A = 3}} {
  return %x : tensor<?xf32, ["H"]>
}

// -----

// expected-error @+1 {{E1007 DerivedSymbolInvalid: 'dlc.symbols' lists the derived symbol 'A'}}
func.func @listed(%x: tensor<?xf32, ["H"]>) -> tensor<?xf32, ["A"]> attributes {dlc.symbols = ["H", "A"], dlc.derived = {A = "H + 1"}} {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 0>} : (tensor<?xf32, ["H"]>) -> tensor<?xf32, ["A"]>
  return %p : tensor<?xf32, ["A"]>
}

// -----

func.func @pad_disagrees(%x: tensor<?xf32, ["H"]>) -> tensor<?xf32, ["A"]> attributes {dlc.derived = {A = "H + 2"}} {
  // expected-error @+1 {{E1005 MalformedShape: padded dimension 0 is A = H + 2, but the pad gives H + 1}}
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 0>} : (tensor<?xf32, ["H"]>) -> tensor<?xf32, ["A"]>
  return %p : tensor<?xf32, ["A"]>
}
