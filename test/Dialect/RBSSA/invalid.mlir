// RUN: dlc-opt %s --split-input-file --verify-diagnostics

// One case per IRDL constraint of the rbssa dialect.

func.func @read_source_not_memref(%a: tensor<?x?xf16, ["M", "K"]>) {
  // expected-error @+1 {{expected base type 'builtin.memref' but got 'builtin.tensor'}}
  %r = "rbssa.read"(%a) {map = affine_map<(m, k)[M, K] -> (m, k)>} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  return
}

// -----

func.func @read_result_not_tensor(%a: memref<?x?xf16>) {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.vector'}}
  %r = "rbssa.read"(%a) {map = affine_map<(m, k)[M, K] -> (m, k)>} : (memref<?x?xf16>) -> vector<4x4xf16>
  return
}

// -----

func.func @read_missing_map(%a: memref<?x?xf16>) {
  // expected-error @+1 {{attribute "map" is expected but not provided}}
  %r = "rbssa.read"(%a) : (memref<?x?xf16>) -> tensor<?x?xf16, ["M", "K"]>
  return
}

// -----

func.func @read_map_is_a_set(%a: memref<?x?xf16>) {
  // expected-error @+1 {{expected base attribute 'builtin.affine_map' but got 'builtin.integer_set'}}
  %r = "rbssa.read"(%a) {map = affine_set<(m, k)[M, K] : (m >= 0)>} : (memref<?x?xf16>) -> tensor<?x?xf16, ["M", "K"]>
  return
}

// -----

func.func @read_two_sources(%a: memref<?x?xf16>) {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "rbssa.read"(%a, %a) {map = affine_map<(m, k)[M, K] -> (m, k)>} : (memref<?x?xf16>, memref<?x?xf16>) -> tensor<?x?xf16, ["M", "K"]>
  return
}

// -----

func.func @unary_unknown_fn(%x: tensor<?xf32, ["N"]>) {
  // expected-error @+1 {{'"softmax"' does not satisfy the constraint}}
  %r = "rbssa.unary"(%x) {fn = "softmax"} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return
}

// -----

func.func @unary_changes_type(%x: tensor<?xf16, ["N"]>) {
  // expected-error @+1 {{expected 'tensor<?xf16, ["N"]>' but got 'tensor<?xf32, ["N"]>'}}
  %r = "rbssa.unary"(%x) {fn = "exp"} : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  return
}

// -----

// Symbolic broadcast mismatch (E1001 at the IR level): M against N.
func.func @binary_symbol_mismatch(%x: tensor<?xf32, ["M"]>, %y: tensor<?xf32, ["N"]>) {
  // expected-error @+1 {{expected 'tensor<?xf32, ["M"]>' but got 'tensor<?xf32, ["N"]>'}}
  %r = "rbssa.binary"(%x, %y) {fn = "add"} : (tensor<?xf32, ["M"]>, tensor<?xf32, ["N"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

// Implicit broadcasting is not allowed: insert rbssa.broadcast_in_dim.
func.func @binary_implicit_broadcast(%x: tensor<?x?xf32, ["M", "N"]>, %y: tensor<?xf32, ["N"]>) {
  // expected-error @+1 {{expected 'tensor<?x?xf32, ["M", "N"]>' but got 'tensor<?xf32, ["N"]>'}}
  %r = "rbssa.binary"(%x, %y) {fn = "add"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return
}

// -----

func.func @binary_compare_fn(%x: tensor<?xf32, ["N"]>) {
  // expected-error @+1 {{'"cmplt"' does not satisfy the constraint}}
  %r = "rbssa.binary"(%x, %x) {fn = "cmplt"} : (tensor<?xf32, ["N"]>, tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return
}

// -----

func.func @binary_one_operand(%x: tensor<?xf32, ["N"]>) {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "rbssa.binary"(%x) {fn = "add"} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return
}

// -----

func.func @binary_missing_fn(%x: tensor<?xf32, ["N"]>) {
  // expected-error @+1 {{attribute "fn" is expected but not provided}}
  %r = "rbssa.binary"(%x, %x) : (tensor<?xf32, ["N"]>, tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return
}

// -----

func.func @compare_unknown_fn(%x: tensor<?xf32, ["N"]>) {
  // expected-error @+1 {{'"add"' does not satisfy the constraint}}
  %r = "rbssa.compare"(%x, %x) {fn = "add"} : (tensor<?xf32, ["N"]>, tensor<?xf32, ["N"]>) -> tensor<?xi1, ["N"]>
  return
}

// -----

func.func @compare_operands_differ(%x: tensor<?xf32, ["N"]>, %y: tensor<?xf16, ["N"]>) {
  // expected-error @+1 {{expected 'tensor<?xf32, ["N"]>' but got 'tensor<?xf16, ["N"]>'}}
  %r = "rbssa.compare"(%x, %y) {fn = "cmpne"} : (tensor<?xf32, ["N"]>, tensor<?xf16, ["N"]>) -> tensor<?xi1, ["N"]>
  return
}

// -----

func.func @select_pred_is_a_map(%x: tensor<?xf16, ["N"]>) {
  // expected-error @+1 {{expected base attribute 'builtin.integer_set' but got 'builtin.affine_map'}}
  %r = "rbssa.select"(%x) {pred = affine_map<(n)[N] -> (n)>, else = 0.0 : f16} : (tensor<?xf16, ["N"]>) -> tensor<?xf16, ["N"]>
  return
}

// -----

func.func @select_else_not_a_number(%x: tensor<?xf16, ["N"]>) {
  // expected-error @+1 {{'"-inf"' does not satisfy the constraint}}
  %r = "rbssa.select"(%x) {pred = affine_set<(n)[N] : (n >= 0)>, else = "-inf"} : (tensor<?xf16, ["N"]>) -> tensor<?xf16, ["N"]>
  return
}

// -----

func.func @select_missing_else(%x: tensor<?xf16, ["N"]>) {
  // expected-error @+1 {{attribute "else" is expected but not provided}}
  %r = "rbssa.select"(%x) {pred = affine_set<(n)[N] : (n >= 0)>} : (tensor<?xf16, ["N"]>) -> tensor<?xf16, ["N"]>
  return
}

// -----

func.func @select_changes_type(%x: tensor<?xf16, ["N"]>) {
  // expected-error @+1 {{expected 'tensor<?xf16, ["N"]>' but got 'tensor<?xf32, ["N"]>'}}
  %r = "rbssa.select"(%x) {pred = affine_set<(n)[N] : (n >= 0)>, else = 0.0 : f16} : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  return
}

// -----

func.func @select_value_branches_differ(%p: tensor<?xi1, ["N"]>, %a: tensor<?xf32, ["N"]>, %b: tensor<?xf16, ["N"]>) {
  // expected-error @+1 {{expected 'tensor<?xf32, ["N"]>' but got 'tensor<?xf16, ["N"]>'}}
  %r = "rbssa.select_value"(%p, %a, %b) : (tensor<?xi1, ["N"]>, tensor<?xf32, ["N"]>, tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  return
}

// -----

func.func @select_value_two_operands(%a: tensor<?xf32, ["N"]>) {
  // expected-error @+1 {{expects exactly 3 operands, but got 2}}
  %r = "rbssa.select_value"(%a, %a) : (tensor<?xf32, ["N"]>, tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return
}

// -----

func.func @reduce_unknown_op(%t: tensor<?x?xf32, ["M", "K"]>) {
  // expected-error @+1 {{'"prod"' does not satisfy the constraint}}
  %r = "rbssa.reduce"(%t) {op = "prod", axes = array<i64: 1>, init = 1.0 : f32, dtype = f32} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

func.func @reduce_axes_not_dense(%t: tensor<?x?xf32, ["M", "K"]>) {
  // expected-error @+1 {{expected base attribute 'builtin.dense_array' but got 'builtin.array'}}
  %r = "rbssa.reduce"(%t) {op = "sum", axes = [1], init = 0.0 : f32, dtype = f32} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

func.func @reduce_bad_dtype(%t: tensor<?x?xf32, ["M", "K"]>) {
  // expected-error @+1 {{'f8E4M3FN' does not satisfy the constraint}}
  %r = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 1>, init = 0.0 : f32, dtype = f8E4M3FN} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

// AccDtypeMissing at the IR level: the accumulation type is mandatory.
func.func @reduce_missing_dtype(%t: tensor<?x?xf32, ["M", "K"]>) {
  // expected-error @+1 {{attribute "dtype" is expected but not provided}}
  %r = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 1>, init = 0.0 : f32} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

func.func @reduce_missing_init(%t: tensor<?x?xf32, ["M", "K"]>) {
  // expected-error @+1 {{attribute "init" is expected but not provided}}
  %r = "rbssa.reduce"(%t) {op = "max", axes = array<i64: 1>, dtype = f32} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

func.func @reduce_body_is_memref(%m: memref<?x?xf32>) {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.memref'}}
  %r = "rbssa.reduce"(%m) {op = "sum", axes = array<i64: 1>, init = 0.0 : f32, dtype = f32} : (memref<?x?xf32>) -> tensor<?xf32, ["M"]>
  return
}

// -----

func.func @broadcast_dims_not_dense(%x: tensor<?xf32, ["N"]>) {
  // expected-error @+1 {{expected base attribute 'builtin.dense_array' but got 'builtin.array'}}
  %r = "rbssa.broadcast_in_dim"(%x) {broadcast_dimensions = [1]} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return
}

// -----

func.func @transpose_missing_permutation(%x: tensor<?x?xf32, ["M", "N"]>) {
  // expected-error @+1 {{attribute "permutation" is expected but not provided}}
  %r = "rbssa.transpose"(%x) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["N", "M"]>
  return
}

// -----

func.func @cast_to_vector(%x: tensor<4xf16>) {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.vector'}}
  %r = "rbssa.cast"(%x) : (tensor<4xf16>) -> vector<4xf32>
  return
}

// -----

func.func @const_string_value() {
  // expected-error @+1 {{'"zero"' does not satisfy the constraint}}
  %r = "rbssa.const"() {value = "zero"} : () -> tensor<?xf32, ["N"]>
  return
}

// -----

func.func @const_with_operand(%x: tensor<?xf32, ["N"]>) {
  // expected-error @+1 {{expects exactly 0 operands, but got 1}}
  %r = "rbssa.const"(%x) {value = 0.0 : f32} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return
}

// -----

func.func @yield_unknown_materialize(%v: tensor<?xf32, ["N"]>, %out: memref<?xf16>) {
  // expected-error @+1 {{'"smem"' does not satisfy the constraint}}
  "rbssa.yield"(%v, %out) {cast = f16, materialize = "smem"} : (tensor<?xf32, ["N"]>, memref<?xf16>) -> ()
  return
}

// -----

func.func @yield_bad_cast(%v: tensor<?xf32, ["N"]>, %out: memref<?xf16>) {
  // expected-error @+1 {{'f8E4M3FN' does not satisfy the constraint}}
  "rbssa.yield"(%v, %out) {cast = f8E4M3FN, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf16>) -> ()
  return
}

// -----

func.func @yield_to_tensor(%v: tensor<?xf32, ["N"]>) {
  // expected-error @+1 {{expected base type 'builtin.memref' but got 'builtin.tensor'}}
  "rbssa.yield"(%v, %v) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, tensor<?xf32, ["N"]>) -> ()
  return
}

// -----

func.func @yield_has_result(%v: tensor<?xf32, ["N"]>, %out: memref<?xf16>) {
  // expected-error @+1 {{expects exactly 0 results, but got 1}}
  %r = "rbssa.yield"(%v, %out) {cast = f16, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf16>) -> tensor<?xf32, ["N"]>
  return
}
