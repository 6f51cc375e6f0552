// RUN: dlc-opt %s --convert-tiny-to-indexbook --verify-diagnostics

// Without tiny-unflatten-products (dlc-to-ptx runs it), even an unused
// product definition would reach isl's parameters: E1501 at the function
// (as for an unused flat argument, which no reshape renames).

// expected-error @+1 {{E1501 UnsupportedOp: derived symbol MK is a product of symbols, which isl cannot hold as a parameter; suggestion: reshape each flat argument to a shape of its factors as its only use and run tiny-unflatten-products first (dlc-to-ptx does), or drop the definition}}
func.func @unused(%x: tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
    attributes {dlc.derived = {MK = "M * K"}} {
  %n = "tiny.neg"(%x) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  return %n : tensor<?x?xf32, ["M", "K"]>
}
