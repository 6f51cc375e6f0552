// RUN: dlc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tiny-unflatten-products), convert-tiny-to-indexbook)' --verify-diagnostics

// isl cannot hold a product of symbols (MK = M * K) as a parameter: a flat
// buffer left after tiny-unflatten-products is E1501 UnsupportedOp at the
// first op that takes or makes it (docs/conventions.md, "Products of
// symbols").

func.func @elementwise(%x: tensor<?xf32, ["MK"]>) -> tensor<?xf32, ["MK"]>
    attributes {dlc.symbols = ["M", "K"], dlc.derived = {MK = "M * K"}} {
  // expected-error @+1 {{E1501 UnsupportedOp: dimension MK = M * K is a product of symbols, which isl cannot hold as a parameter: only a flat argument or result reshaped to its factors is supported; suggestion: reshape the flat argument to a shape of its factors}}
  %n = "tiny.neg"(%x) : (tensor<?xf32, ["MK"]>) -> tensor<?xf32, ["MK"]>
  return %n : tensor<?xf32, ["MK"]>
}

// -----

func.func @two_shapes(%x: tensor<?xf32, ["MK"]>) -> (tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["K", "M"]>)
    attributes {dlc.symbols = ["M", "K"], dlc.derived = {MK = "M * K"}} {
  // expected-error @+1 {{E1501 UnsupportedOp: dimension MK = M * K is a product of symbols}}
  %a = "tiny.reshape"(%x) : (tensor<?xf32, ["MK"]>) -> tensor<?x?xf32, ["M", "K"]>
  %b = "tiny.reshape"(%x) : (tensor<?xf32, ["MK"]>) -> tensor<?x?xf32, ["K", "M"]>
  return %a, %b : tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["K", "M"]>
}

// -----

// A product made inside the function (a flat intermediate) is no boundary.
func.func @inner(%x: tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
    attributes {dlc.derived = {MK = "M * K"}} {
  // expected-error @+1 {{E1501 UnsupportedOp: dimension MK = M * K is a product of symbols}}
  %f = "tiny.reshape"(%x) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["MK"]>
  %n = "tiny.neg"(%f) : (tensor<?xf32, ["MK"]>) -> tensor<?xf32, ["MK"]>
  %r = "tiny.reshape"(%n) : (tensor<?xf32, ["MK"]>) -> tensor<?x?xf32, ["M", "K"]>
  return %r : tensor<?x?xf32, ["M", "K"]>
}
