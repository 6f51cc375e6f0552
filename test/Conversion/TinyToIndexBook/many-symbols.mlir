// A function of more symbols than the 16 this pass once capped: the table
// grows (lib/Support/SymbolTable.c), in the order of docs/conventions.md.
// RUN: dlc-opt %s --convert-tiny-to-indexbook | FileCheck %s

// CHECK-LABEL: func.func @many_symbols
// CHECK-SAME: indexbook.symbols = ["S0", "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "S11", "S12", "S13", "S14", "S15", "S16", "S17", "S18", "S19"]
func.func @many_symbols(%x0: tensor<?x?xf32, ["S0", "S1"]>, %x1: tensor<?x?xf32, ["S2", "S3"]>, %x2: tensor<?x?xf32, ["S4", "S5"]>, %x3: tensor<?x?xf32, ["S6", "S7"]>, %x4: tensor<?x?xf32, ["S8", "S9"]>, %x5: tensor<?x?xf32, ["S10", "S11"]>, %x6: tensor<?x?xf32, ["S12", "S13"]>, %x7: tensor<?x?xf32, ["S14", "S15"]>, %x8: tensor<?x?xf32, ["S16", "S17"]>, %x9: tensor<?x?xf32, ["S18", "S19"]>) -> tensor<?x?xf32, ["S18", "S19"]> {
  %e = "tiny.exp2"(%x9) : (tensor<?x?xf32, ["S18", "S19"]>) -> tensor<?x?xf32, ["S18", "S19"]>
  return %e : tensor<?x?xf32, ["S18", "S19"]>
}
