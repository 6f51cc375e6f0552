// RUN: dlc-opt %s --split-input-file --verify-diagnostics

// Negative tests: one per constraint that the IRDL definition of `tiny`
// enforces (dialects/tiny.irdl.mlir).

//===--- Attributes: presence and kind ---===//

func.func @view_without_map(%x: tensor<?x?xf16, ["M", "K"]>) {
  // expected-error @+1 {{'tiny.view' op attribute "map" is expected but not provided}}
  %v = "tiny.view"(%x) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["K", "M"]>
  return
}

// -----

func.func @view_map_not_affine(%x: tensor<?x?xf16, ["M", "K"]>) {
  // expected-error @+1 {{expected base attribute 'builtin.affine_map' but got 'builtin.array'}}
  %v = "tiny.view"(%x) {map = [1, 0]} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["K", "M"]>
  return
}

// -----

func.func @permute_order_not_dense_array(%x: tensor<?x?xf16, ["M", "K"]>) {
  // expected-error @+1 {{expected base attribute 'builtin.dense_array' but got 'builtin.array'}}
  %p = "tiny.permute"(%x) {order = [1, 0]} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["K", "M"]>
  return
}

// -----

func.func @expand_without_broadcast_dimensions(%b: tensor<?xf16, ["N"]>) {
  // expected-error @+1 {{'tiny.expand' op attribute "broadcast_dimensions" is expected but not provided}}
  %e = "tiny.expand"(%b) : (tensor<?xf16, ["N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return
}

// -----

func.func @pad_padding_not_dense_array(%x: tensor<6x6xf16>) {
  // expected-error @+1 {{expected base attribute 'builtin.dense_array' but got 'builtin.integer'}}
  %p = "tiny.pad"(%x) {padding = 1 : i64} : (tensor<6x6xf16>) -> tensor<8x8xf16>
  return
}

// -----

func.func @shrink_without_steps(%x: tensor<8x8xf16>) {
  // expected-error @+1 {{'tiny.shrink' op attribute "steps" is expected but not provided}}
  %s = "tiny.shrink"(%x) {offsets = array<i64: 0, 1>} : (tensor<8x8xf16>) -> tensor<8x3xf16>
  return
}

// -----

func.func @flip_without_axes(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tiny.flip' op attribute "axes" is expected but not provided}}
  %f = "tiny.flip"(%x) : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @const_value_not_a_number() {
  // expected-error @+1 {{'"zero"' does not satisfy the constraint}}
  %z = "tiny.const"() {value = "zero"} : () -> tensor<f32>
  return
}

// -----

func.func @const_without_value() {
  // expected-error @+1 {{'tiny.const' op attribute "value" is expected but not provided}}
  %z = "tiny.const"() : () -> tensor<f32>
  return
}

// -----

func.func @reduce_unknown_op(%x: tensor<?x?xf16, ["M", "N"]>) {
  // expected-error @+1 {{'"prod"' does not satisfy the constraint}}
  %s = "tiny.reduce"(%x) {op = "prod", axes = array<i64: 1>, acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

func.func @reduce_axes_not_dense_array(%x: tensor<?x?xf16, ["M", "N"]>) {
  // expected-error @+1 {{expected base attribute 'builtin.dense_array' but got 'builtin.array'}}
  %s = "tiny.reduce"(%x) {op = "sum", axes = [1], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

func.func @reduce_acc_dtype_unsupported(%x: tensor<?x?xf16, ["M", "N"]>) {
  // expected-error @+1 {{'i8' does not satisfy the constraint}}
  %s = "tiny.reduce"(%x) {op = "sum", axes = array<i64: 1>, acc_dtype = i8}
      : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

func.func @reduce_acc_dtype_is_a_string(%x: tensor<?x?xf16, ["M", "N"]>) {
  // expected-error @+1 {{'"f32"' does not satisfy the constraint}}
  %s = "tiny.reduce"(%x) {op = "sum", axes = array<i64: 1>, acc_dtype = "f32"}
      : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

func.func @reduce_without_acc_dtype(%x: tensor<?x?xf16, ["M", "N"]>) {
  // expected-error @+1 {{'tiny.reduce' op attribute "acc_dtype" is expected but not provided}}
  %s = "tiny.reduce"(%x) {op = "sum", axes = array<i64: 1>}
      : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

func.func @contract_unknown_pattern(%a: tensor<?x?xf16, ["M", "K"]>, %b: tensor<?x?xf16, ["K", "N"]>) {
  // expected-error @+1 {{'"conv3d"' does not satisfy the constraint}}
  %c = "tiny.contract"(%a, %b) {pattern = "conv3d", lhs_idx = ["m", "k"], rhs_idx = ["k", "n"],
                                out_idx = ["m", "n"], reduce_idx = ["k"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return
}

// -----

func.func @contract_index_list_not_array(%a: tensor<?x?xf16, ["M", "K"]>, %b: tensor<?x?xf16, ["K", "N"]>) {
  // expected-error @+1 {{expected base attribute 'builtin.array' but got 'builtin.string'}}
  %c = "tiny.contract"(%a, %b) {pattern = "matmul", lhs_idx = "mk", rhs_idx = ["k", "n"],
                                out_idx = ["m", "n"], reduce_idx = ["k"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return
}

// -----

func.func @contract_without_reduce_idx(%a: tensor<?x?xf16, ["M", "K"]>, %b: tensor<?x?xf16, ["K", "N"]>) {
  // expected-error @+1 {{'tiny.contract' op attribute "reduce_idx" is expected but not provided}}
  %c = "tiny.contract"(%a, %b) {pattern = "matmul", lhs_idx = ["m", "k"], rhs_idx = ["k", "n"],
                                out_idx = ["m", "n"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return
}

// -----

func.func @store_without_map(%y: tensor<?x?xf16, ["M", "N"]>) {
  // expected-error @+1 {{'tiny.store' op attribute "map" is expected but not provided}}
  %o = "tiny.store"(%y) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return
}

// -----

//===--- Operand and result types ---===//

func.func @load_from_memref(%m: memref<?x?xf16>) {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.memref'}}
  %a = "tiny.load"(%m) {map = affine_map<(d0, d1)[s0, s1] -> (d0, d1)>}
      : (memref<?x?xf16>) -> tensor<?x?xf16, ["M", "K"]>
  return
}

// -----

func.func @reshape_to_unranked(%x: tensor<6x6xf16>) {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.unranked_tensor'}}
  %r = "tiny.reshape"(%x) : (tensor<6x6xf16>) -> tensor<*xf16>
  return
}

// -----

func.func @cast_to_scalar(%x: tensor<?xf32, ["N"]>) {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.f16'}}
  %h = "tiny.cast"(%x) : (tensor<?xf32, ["N"]>) -> f16
  return
}

// -----

// Unary ops keep their operand's type: element type, shape and dim names.
func.func @neg_changes_element_type(%x: tensor<?xf32, ["N"]>) {
  // expected-error @+1 {{expected 'tensor<?xf32, ["N"]>' but got 'tensor<?xf16, ["N"]>'}}
  %y = "tiny.neg"(%x) : (tensor<?xf32, ["N"]>) -> tensor<?xf16, ["N"]>
  return
}

// -----

func.func @exp2_renames_dim(%x: tensor<?xf32, ["N"]>) {
  // expected-error @+1 {{expected 'tensor<?xf32, ["N"]>' but got 'tensor<?xf32, ["M"]>'}}
  %y = "tiny.exp2"(%x) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

func.func @flip_changes_shape(%x: tensor<8x3xf32>) {
  // expected-error @+1 {{expected 'tensor<8x3xf32>' but got 'tensor<3x8xf32>'}}
  %f = "tiny.flip"(%x) {axes = array<i64: 0>} : (tensor<8x3xf32>) -> tensor<3x8xf32>
  return
}

// -----

//===--- Operand, result and region counts ---===//

func.func @add_one_operand(%a: tensor<4xf32>) {
  // expected-error @+1 {{op expects exactly 2 operands, but got 1}}
  %z = "tiny.add"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @where_two_operands(%c: tensor<4xi1>, %a: tensor<4xf32>) {
  // expected-error @+1 {{op expects exactly 3 operands, but got 2}}
  %y = "tiny.where"(%c, %a) : (tensor<4xi1>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @const_with_operand(%a: tensor<4xf32>) {
  // expected-error @+1 {{op expects exactly 0 operands, but got 1}}
  %z = "tiny.const"(%a) {value = 0.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @valid_two_operands(%a: tensor<4xf32>) {
  // expected-error @+1 {{op expects exactly 1 operands, but got 2}}
  %m = "tiny.valid"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @cmplt_without_result(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{op expects exactly 1 results, but got 0}}
  "tiny.cmplt"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}

// -----

func.func @sub_two_results(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{op expects exactly 1 results, but got 2}}
  %z:2 = "tiny.sub"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

// Ops hold no regions (DESIGN.md decision 3): a reduce body is not a block.
func.func @reduce_with_region(%x: tensor<?x?xf16, ["M", "N"]>) {
  // expected-error @+1 {{'tiny.reduce' op unexpected number of regions: expected 0 but got 1}}
  %s = "tiny.reduce"(%x) ({
  }) {op = "sum", axes = array<i64: 1>, acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  return
}
