// RUN: dlc-opt %s --split-input-file --verify-diagnostics

// Negative tests: one per constraint that the IRDL definition of `indexbook`
// enforces (dialects/indexbook.irdl.mlir).

//===--- leaf ---===//

func.func @leaf_changes_type(%A: tensor<?x?xf16, ["M", "K"]>) attributes {indexbook.symbols = ["M", "K"]} {
  // expected-error @+1 {{expected 'tensor<?x?xf16, ["M", "K"]>' but got 'tensor<?x?xf32, ["M", "K"]>'}}
  %a = "indexbook.leaf"(%A) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  return
}

// -----

func.func @leaf_without_domain(%A: tensor<?xf16, ["M"]>) attributes {indexbook.symbols = ["M"]} {
  // expected-error @+1 {{'indexbook.leaf' op attribute "domain" is expected but not provided}}
  %a = "indexbook.leaf"(%A) {axes = [{name = "i0", size = "M", kind = "iter"}], flags = {}}
      : (tensor<?xf16, ["M"]>) -> tensor<?xf16, ["M"]>
  return
}

// -----

func.func @leaf_domain_not_a_union(%A: tensor<?xf16, ["M"]>) attributes {indexbook.symbols = ["M"]} {
  // expected-error @+1 {{expected base attribute 'builtin.array' but got 'builtin.integer_set'}}
  %a = "indexbook.leaf"(%A) {axes = [{name = "i0", size = "M", kind = "iter"}],
      domain = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, flags = {}}
      : (tensor<?xf16, ["M"]>) -> tensor<?xf16, ["M"]>
  return
}

// -----

func.func @leaf_axes_not_an_array(%A: tensor<?xf16, ["M"]>) attributes {indexbook.symbols = ["M"]} {
  // expected-error @+1 {{expected base attribute 'builtin.array' but got 'builtin.dictionary'}}
  %a = "indexbook.leaf"(%A) {axes = {name = "i0", size = "M", kind = "iter"},
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}}
      : (tensor<?xf16, ["M"]>) -> tensor<?xf16, ["M"]>
  return
}

// -----

func.func @leaf_flags_not_a_dictionary(%A: tensor<?xf16, ["M"]>) attributes {indexbook.symbols = ["M"]} {
  // expected-error @+1 {{expected base attribute 'builtin.dictionary' but got 'builtin.unit'}}
  %a = "indexbook.leaf"(%A) {axes = [{name = "i0", size = "M", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags}
      : (tensor<?xf16, ["M"]>) -> tensor<?xf16, ["M"]>
  return
}

// -----

func.func @leaf_of_memref(%A: memref<?xf16>) attributes {indexbook.symbols = ["M"]} {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.memref'}}
  %a = "indexbook.leaf"(%A) {axes = [{name = "i0", size = "M", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}}
      : (memref<?xf16>) -> memref<?xf16>
  return
}

// -----

//===--- const ---===//

func.func @const_with_operand(%x: tensor<f32>) attributes {indexbook.symbols = []} {
  // expected-error @+1 {{op expects exactly 0 operands, but got 1}}
  %z = "indexbook.const"(%x) {value = 0.0 : f32, axes = [], domain = [affine_set<() : (0 == 0)>], flags = {}}
      : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @const_value_not_a_number() attributes {indexbook.symbols = []} {
  // expected-error @+1 {{'[0.000000e+00 : f32]' does not satisfy the constraint}}
  %z = "indexbook.const"() {value = [0.0 : f32], axes = [], domain = [affine_set<() : (0 == 0)>], flags = {}}
      : () -> tensor<f32>
  return
}

// -----

//===--- view ---===//

func.func @view_maps_not_an_array(%x: tensor<8xf32>) attributes {indexbook.symbols = []} {
  // expected-error @+1 {{expected base attribute 'builtin.array' but got 'builtin.affine_map'}}
  %v = "indexbook.view"(%x) {axes = [{name = "i0", size = 10, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 - 1 >= 0, -d0 + 8 >= 0)>],
      maps = affine_map<(d0) -> (d0 - 1)>, flags = {}}
      : (tensor<8xf32>) -> tensor<10xf32>
  return
}

// -----

func.func @view_two_inputs(%x: tensor<8xf32>) attributes {indexbook.symbols = []} {
  // expected-error @+1 {{op expects exactly 1 operands, but got 2}}
  %v = "indexbook.view"(%x, %x) {axes = [{name = "i0", size = 10, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 - 1 >= 0, -d0 + 8 >= 0)>],
      maps = [affine_map<(d0) -> (d0 - 1)>, affine_map<(d0) -> (d0 - 1)>], flags = {}}
      : (tensor<8xf32>, tensor<8xf32>) -> tensor<10xf32>
  return
}

// -----

//===--- unary / binary / ternary ---===//

func.func @unary_with_binary_fn(%x: tensor<8xf32>) attributes {indexbook.symbols = []} {
  // expected-error @+1 {{'"add"' does not satisfy the constraint}}
  %y = "indexbook.unary"(%x) {fn = "add", axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0) -> (d0)>], flags = {}}
      : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @unary_without_maps(%x: tensor<8xf32>) attributes {indexbook.symbols = []} {
  // expected-error @+1 {{'indexbook.unary' op attribute "maps" is expected but not provided}}
  %y = "indexbook.unary"(%x) {fn = "neg", axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>], flags = {}}
      : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @binary_with_unknown_fn(%x: tensor<8xf32>) attributes {indexbook.symbols = []} {
  // expected-error @+1 {{'"relu"' does not satisfy the constraint}}
  %y = "indexbook.binary"(%x, %x) {fn = "relu", axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], flags = {}}
      : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @binary_three_operands(%x: tensor<8xf32>) attributes {indexbook.symbols = []} {
  // expected-error @+1 {{op expects exactly 2 operands, but got 3}}
  %y = "indexbook.binary"(%x, %x, %x) {fn = "add", axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], flags = {}}
      : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @ternary_with_other_fn(%c: tensor<8xi1>, %x: tensor<8xf32>) attributes {indexbook.symbols = []} {
  // expected-error @+1 {{expected '"where"' but got '"select"'}}
  %y = "indexbook.ternary"(%c, %x, %x) {fn = "select", axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], flags = {}}
      : (tensor<8xi1>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @ternary_two_operands(%c: tensor<8xi1>, %x: tensor<8xf32>) attributes {indexbook.symbols = []} {
  // expected-error @+1 {{op expects exactly 3 operands, but got 2}}
  %y = "indexbook.ternary"(%c, %x) {fn = "where", axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], flags = {}}
      : (tensor<8xi1>, tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

//===--- reduce ---===//

func.func @reduce_unknown_op(%t: tensor<?x?xf32, ["M", "K"]>) attributes {indexbook.symbols = ["M", "K"]} {
  // expected-error @+1 {{'"mean"' does not satisfy the constraint}}
  %r = "indexbook.reduce"(%t) {op = "mean", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], flags = {}}
      : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

func.func @reduce_axes_not_dense_array(%t: tensor<?x?xf32, ["M", "K"]>) attributes {indexbook.symbols = ["M", "K"]} {
  // expected-error @+1 {{expected base attribute 'builtin.dense_array' but got 'builtin.array'}}
  %r = "indexbook.reduce"(%t) {op = "sum", acc_dtype = f32, reduce_axes = [1],
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], flags = {}}
      : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

// AccDtypeMissing at the IR level: acc_dtype is required.
func.func @reduce_without_acc_dtype(%t: tensor<?x?xf32, ["M", "K"]>) attributes {indexbook.symbols = ["M", "K"]} {
  // expected-error @+1 {{'indexbook.reduce' op attribute "acc_dtype" is expected but not provided}}
  %r = "indexbook.reduce"(%t) {op = "sum", reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], flags = {}}
      : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

func.func @reduce_acc_dtype_unsupported(%t: tensor<?x?xf32, ["M", "K"]>) attributes {indexbook.symbols = ["M", "K"]} {
  // expected-error @+1 {{'i1' does not satisfy the constraint}}
  %r = "indexbook.reduce"(%t) {op = "sum", acc_dtype = i1, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], flags = {}}
      : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

//===--- contract ---===//

func.func @contract_unknown_pattern(%a: tensor<?x?xf16, ["M", "K"]>, %b: tensor<?x?xf16, ["K", "N"]>)
    attributes {indexbook.symbols = ["M", "K", "N"]} {
  // expected-error @+1 {{'"attention"' does not satisfy the constraint}}
  %c = "indexbook.contract"(%a, %b) {pattern = "attention", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"},
              {name = "i2", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1)>, affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1, d2)>],
      flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return
}

// -----

func.func @contract_one_operand(%a: tensor<?x?xf16, ["M", "K"]>) attributes {indexbook.symbols = ["M", "K"]} {
  // expected-error @+1 {{op expects exactly 2 operands, but got 1}}
  %c = "indexbook.contract"(%a) {pattern = "matmul", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return
}

// -----

func.func @contract_without_flags(%a: tensor<?x?xf16, ["M", "K"]>, %b: tensor<?x?xf16, ["K", "N"]>)
    attributes {indexbook.symbols = ["M", "K", "N"]} {
  // expected-error @+1 {{'indexbook.contract' op attribute "flags" is expected but not provided}}
  %c = "indexbook.contract"(%a, %b) {pattern = "matmul", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"},
              {name = "i2", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1)>, affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1, d2)>]}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return
}

// -----

func.func @contract_result_not_tensor(%a: tensor<?x?xf16, ["M", "K"]>, %b: tensor<?x?xf16, ["K", "N"]>)
    attributes {indexbook.symbols = ["M", "K", "N"]} {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.memref'}}
  %c = "indexbook.contract"(%a, %b) {pattern = "matmul", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"},
              {name = "i2", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1)>, affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1, d2)>],
      flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> memref<?x?xf32>
  return
}

// -----

//===--- no regions (DESIGN.md decision 3) ---===//

func.func @reduce_with_body(%t: tensor<?x?xf32, ["M", "K"]>) attributes {indexbook.symbols = ["M", "K"]} {
  // expected-error @+1 {{'indexbook.reduce' op unexpected number of regions: expected 0 but got 1}}
  %r = "indexbook.reduce"(%t) ({
  }) {op = "sum", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], flags = {}}
      : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return
}
