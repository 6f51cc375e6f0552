// Shapes that do not broadcast are E1001 (the tiny-verify check), and the
// pass rewrites nothing.
// RUN: dlc-opt %s --split-input-file --tiny-expand-broadcasts --verify-diagnostics

func.func @symbolic_mismatch(%a: tensor<?x?xf32, ["M", "K"]>, %b: tensor<?x?xf32, ["N", "K"]>) -> tensor<?x?xf32, ["M", "K"]> {
  // expected-error @+1 {{E1001 BroadcastMismatch: operand shapes [M, K] and [N, K] differ at axis 0 (right-aligned) and neither size is 1}}
  %0 = "tiny.add"(%a, %b) : (tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["N", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  return %0 : tensor<?x?xf32, ["M", "K"]>
}

// -----

func.func @static_mismatch(%a: tensor<4x3xf32>, %b: tensor<4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{E1001 BroadcastMismatch: operand shapes [4, 3] and [4] differ at axis 1}}
  %0 = "tiny.mul"(%a, %b) : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @where_mismatch(%c: tensor<3xi1>, %a: tensor<2x4xf32>, %b: tensor<f32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{E1001 BroadcastMismatch: operand shapes [3] and [2, 4] differ at axis 1}}
  %0 = "tiny.where"(%c, %a, %b) : (tensor<3xi1>, tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @wrong_result(%a: tensor<?xf32, ["N"]>, %b: tensor<1xf32>) -> tensor<?xf32, ["M"]> {
  // expected-error @+1 {{E1001 BroadcastMismatch: result shape [M] is not the broadcast shape [N]}}
  %0 = "tiny.add"(%a, %b) : (tensor<?xf32, ["N"]>, tensor<1xf32>) -> tensor<?xf32, ["M"]>
  return %0 : tensor<?xf32, ["M"]>
}
