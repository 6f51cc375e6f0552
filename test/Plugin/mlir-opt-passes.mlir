// Single DLC passes run in upstream mlir-opt with the plugin, nested like
// any pass, next to upstream ones; their diagnostics reach mlir-opt's
// --verify-diagnostics. Every DLC pass and pipeline is listed by --help.
// RUN: %mlir_opt_dlc %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(func.func(tiny-verify, canonicalize), convert-tiny-to-indexbook)' \
// RUN:   | FileCheck %s
// RUN: %mlir_opt_dlc --help | FileCheck --check-prefix=HELP %s
// HELP-DAG: --convert-tiny-to-indexbook
// HELP-DAG: --convert-rbssa-to-plan
// HELP-DAG: --dlc-gpu-to-ptx
// HELP-DAG: --dlc-to-ptx
// HELP-DAG: --rbssa-fold-activations
// HELP-DAG: --tiny-verify

// CHECK-LABEL: func.func @neg
// CHECK: "indexbook.
func.func @neg(%a: tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]> {
  %0 = "tiny.neg"(%a) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return %0 : tensor<?xf32, ["N"]>
}

// -----

func.func @mismatch(%a: tensor<?xf32, ["M"]>, %b: tensor<?xf32, ["N"]>) -> tensor<?xf32, ["M"]> {
  // expected-error @+1 {{E1001 BroadcastMismatch: operand shapes [M] and [N] differ at axis 0}}
  %0 = "tiny.add"(%a, %b) : (tensor<?xf32, ["M"]>, tensor<?xf32, ["N"]>) -> tensor<?xf32, ["M"]>
  return %0 : tensor<?xf32, ["M"]>
}
