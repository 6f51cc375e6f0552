// What the IRDL verifier cannot check and Poly-View needs (docs/dialects/
// indexbook.md "What the IRDL verifier checks"): symbol counts (E1304),
// map and set shapes (E1005), ops outside indexbook (E1501).
// RUN: dlc-opt %s --split-input-file --dlc-poly-view --verify-diagnostics

func.func @axis_symbol(%x: tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]> attributes {indexbook.symbols = ["M"]} {
  // expected-error @+1 {{E1304 AxisAlignmentMismatch: axis i0 has size "N", which is not in indexbook.symbols}}
  %0 = "indexbook.leaf"(%x) {axes = [{kind = "iter", name = "i0", size = "N"}], domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return %0 : tensor<?xf32, ["N"]>
}

// -----

func.func @map_symbols(%x: tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]> attributes {indexbook.symbols = ["N"]} {
  %0 = "indexbook.leaf"(%x) {axes = [{kind = "iter", name = "i0", size = "N"}], domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  // expected-error @+1 {{E1304 AxisAlignmentMismatch: maps[0] has 0 symbols, the function 1}}
  %1 = "indexbook.unary"(%0) {axes = [{kind = "iter", name = "i0", size = "N"}], domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}, fn = "neg", maps = [affine_map<(d0) -> (d0)>]} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return %1 : tensor<?xf32, ["N"]>
}

// -----

func.func @map_results(%x: tensor<8xf32>) -> tensor<8xf32> attributes {indexbook.symbols = []} {
  %0 = "indexbook.leaf"(%x) {axes = [{kind = "iter", name = "i0", size = 8 : i64}], domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>], flags = {}} : (tensor<8xf32>) -> tensor<8xf32>
  // expected-error @+1 {{E1005 MalformedShape: maps[0] is (1 dims) -> (2 results), expected (1) -> (1)}}
  %1 = "indexbook.unary"(%0) {axes = [{kind = "iter", name = "i0", size = 8 : i64}], domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>], flags = {}, fn = "neg", maps = [affine_map<(d0) -> (d0, d0)>]} : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

func.func @domain_dims(%x: tensor<8xf32>) -> tensor<8xf32> attributes {indexbook.symbols = []} {
  // expected-error @+1 {{E1005 MalformedShape: domain piece 0 has 2 dims, the op 1 axes}}
  %0 = "indexbook.leaf"(%x) {axes = [{kind = "iter", name = "i0", size = 8 : i64}], domain = [affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0)>], flags = {}} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @reduce_axes(%x: tensor<8x4xf32>) -> tensor<8xf32> attributes {indexbook.symbols = []} {
  %0 = "indexbook.leaf"(%x) {axes = [{kind = "iter", name = "i0", size = 8 : i64}, {kind = "iter", name = "i1", size = 4 : i64}], domain = [affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 3 >= 0)>], flags = {}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  // expected-error @+1 {{E1005 MalformedShape: reduce_axes does not agree with the axes of kind "reduce"}}
  %1 = "indexbook.reduce"(%0) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = 8 : i64}, {kind = "reduce", name = "i1", size = 4 : i64}], domain = [affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 3 >= 0)>], flags = {}, maps = [affine_map<(d0, d1) -> (d0, d1)>], op = "sum", reduce_axes = array<i64: 0>} : (tensor<8x4xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

func.func @foreign_op(%x: tensor<8xf32>) -> tensor<8xf32> attributes {indexbook.symbols = []} {
  // expected-error @+1 {{E1501 UnsupportedOp: 'arith.constant' is not an indexbook op}}
  %c = arith.constant dense<1.0> : tensor<8xf32>
  return %c : tensor<8xf32>
}
