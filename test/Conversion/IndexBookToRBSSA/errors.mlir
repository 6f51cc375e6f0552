// Every diagnostic of convert-indexbook-to-rbssa, at the offending op.
// RUN: dlc-opt %s --split-input-file --convert-indexbook-to-rbssa --verify-diagnostics

// UnguardedAccess: x[i + 1] over i in [0, N) reads x[N], and no view's
// domain guards it.
func.func @shifted_read(%X: tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]> attributes {indexbook.symbols = ["N"]} {
  %x = "indexbook.leaf"(%X) {axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}}
      : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  // expected-error @+1 {{E1402 UnguardedAccess: graph input 0 is read at index d0 + 1 of dim 0 (size N), which may leave [0, N) on the iteration space, and no domain guards it; suggestion: mask the access with an indexbook.view}}
  %y = "indexbook.unary"(%x) {fn = "exp2", axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>],
      maps = [affine_map<(d0)[s0] -> (d0 + 1)>], flags = {}} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return %y : tensor<?xf32, ["N"]>
}

// -----

// UnguardedAccess: x has N elements but is read over an iteration space of
// M (its domain is narrower than the iteration space).
func.func @narrow_domain(%X: tensor<?xf32, ["N"]>, %Y: tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
    attributes {indexbook.symbols = ["N", "M"]} {
  %x = "indexbook.leaf"(%X) {axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}}
      : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %y = "indexbook.leaf"(%Y) {axes = [{name = "i0", size = "M", kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s1 - 1 >= 0)>], flags = {}}
      : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
  // expected-error @+1 {{E1402 UnguardedAccess: graph input 0 is read at index d0 of dim 0 (size N), which may leave [0, N)}}
  %s = "indexbook.binary"(%y, %x) {fn = "add", axes = [{name = "i0", size = "M", kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0)[s0, s1] -> (d0)>, affine_map<(d0)[s0, s1] -> (d0)>], flags = {}}
      : (tensor<?xf32, ["M"]>, tensor<?xf32, ["N"]>) -> tensor<?xf32, ["M"]>
  return %s : tensor<?xf32, ["M"]>
}

// -----

// NeutralInvalid: a max pool over a zero-padded input. The padding is 0 but
// the neutral element of max is -inf, so the guard cannot stand for
// "skip the point" inside the reduction.
func.func @maxpool_zero_pad(%X: tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]> attributes {indexbook.symbols = ["N"]} {
  %x = "indexbook.leaf"(%X) {axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}}
      : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %xv = "indexbook.view"(%x) {
      axes = [{name = "i0", size = "N", kind = "iter"}, {name = "i1", size = 3, kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 2 >= 0,
                                           d0 + d1 - 1 >= 0, -d0 - d1 + s0 >= 0)>],
      maps = [affine_map<(d0, d1)[s0] -> (d0 + d1 - 1)>], flags = {}}
      : (tensor<?xf32, ["N"]>) -> tensor<?x3xf32, ["N", 3]>
  // expected-error @+1 {{E1404 NeutralInvalid: a guarded value (rbssa.select, else = 0) reaches this max reduction as 0 outside its domain, but the neutral element of max is -inf; suggestion: pad with the reduction's neutral element}}
  %y = "indexbook.reduce"(%xv) {op = "max", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "N", kind = "iter"}, {name = "i1", size = 3, kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 2 >= 0)>],
      maps = [affine_map<(d0, d1)[s0] -> (d0, d1)>], flags = {}}
      : (tensor<?x3xf32, ["N", 3]>) -> tensor<?xf32, ["N"]>
  return %y : tensor<?xf32, ["N"]>
}

// -----

// NeutralInvalid: inside a sum, the zero padding is shifted by 1 before it
// is accumulated, so out-of-bounds points would add 1.
func.func @sum_shifted_pad(%X: tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]> attributes {indexbook.symbols = ["N"]} {
  %x = "indexbook.leaf"(%X) {axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}}
      : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %xv = "indexbook.view"(%x) {
      axes = [{name = "i0", size = "N", kind = "iter"}, {name = "i1", size = 3, kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 2 >= 0,
                                           d0 + d1 - 1 >= 0, -d0 - d1 + s0 >= 0)>],
      maps = [affine_map<(d0, d1)[s0] -> (d0 + d1 - 1)>], flags = {}}
      : (tensor<?xf32, ["N"]>) -> tensor<?x3xf32, ["N", 3]>
  %one = "indexbook.const"() {value = 1.0 : f32, axes = [], domain = [affine_set<()[s0] : (0 == 0)>], flags = {}}
      : () -> tensor<f32>
  %p = "indexbook.binary"(%xv, %one) {fn = "add",
      axes = [{name = "i0", size = "N", kind = "iter"}, {name = "i1", size = 3, kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 2 >= 0)>],
      maps = [affine_map<(d0, d1)[s0] -> (d0, d1)>, affine_map<(d0, d1)[s0] -> ()>], flags = {}}
      : (tensor<?x3xf32, ["N", 3]>, tensor<f32>) -> tensor<?x3xf32, ["N", 3]>
  // expected-error @+1 {{E1404 NeutralInvalid: a guarded value (rbssa.select, else = 0) reaches this sum reduction as 1 outside its domain, but the neutral element of sum is 0}}
  %y = "indexbook.reduce"(%p) {op = "sum", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "N", kind = "iter"}, {name = "i1", size = 3, kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 2 >= 0)>],
      maps = [affine_map<(d0, d1)[s0] -> (d0, d1)>], flags = {}}
      : (tensor<?x3xf32, ["N", 3]>) -> tensor<?xf32, ["N"]>
  return %y : tensor<?xf32, ["N"]>
}

// -----

// NonAssociativeTransform: a contraction (one reduce(sum) per contraction)
// whose factor is a max reduction would have to merge max into sum.
func.func @contract_of_max(%X: tensor<?x?x?xf16, ["M", "K", "J"]>, %W: tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    attributes {indexbook.symbols = ["M", "K", "J", "N"]} {
  %x = "indexbook.leaf"(%X) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}, {name = "i2", size = "J", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2, s3] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      flags = {}} : (tensor<?x?x?xf16, ["M", "K", "J"]>) -> tensor<?x?x?xf16, ["M", "K", "J"]>
  %w = "indexbook.leaf"(%W) {
      axes = [{name = "i0", size = "K", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2, s3] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s3 - 1 >= 0)>],
      flags = {}} : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["K", "N"]>
  %mx = "indexbook.reduce"(%x) {op = "max", acc_dtype = f16, reduce_axes = array<i64: 2>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}, {name = "i2", size = "J", kind = "reduce"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2, s3] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2, s3] -> (d0, d1, d2)>], flags = {}}
      : (tensor<?x?x?xf16, ["M", "K", "J"]>) -> tensor<?x?xf16, ["M", "K"]>
  // expected-error @+1 {{E1403 NonAssociativeTransform: operand 0 of this contraction is a max reduction; keeping one reduce(sum) per contraction (SRNF) would merge max into sum, which is not a legal reordering (max does not distribute over a sum of products); suggestion: end the region after the inner reduction}}
  %y = "indexbook.contract"(%mx, %w) {pattern = "matmul", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"}, {name = "i2", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2, s3] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s3 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2, s3] -> (d0, d1)>, affine_map<(d0, d1, d2)[s0, s1, s2, s3] -> (d1, d2)>],
      flags = {}} : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %y : tensor<?x?xf32, ["M", "N"]>
}

// -----

// UnsupportedOp: tiny's mod has no rbssa counterpart.
func.func @mod(%X: tensor<4xi32>) -> tensor<4xi32> attributes {indexbook.symbols = []} {
  %x = "indexbook.leaf"(%X) {axes = [{name = "i0", size = 4, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>], flags = {}} : (tensor<4xi32>) -> tensor<4xi32>
  // expected-error @+1 {{E1501 UnsupportedOp: this binary fn (mod, or idiv of floats) has no rbssa counterpart}}
  %y = "indexbook.binary"(%x, %x) {fn = "mod", axes = [{name = "i0", size = 4, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>],
      maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], flags = {}}
      : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %y : tensor<4xi32>
}

// -----

// UnsupportedOp: a domain of two pieces (rbssa.select takes one set).
func.func @two_pieces(%X: tensor<8xf32>) -> tensor<8xf32> attributes {indexbook.symbols = []} {
  %x = "indexbook.leaf"(%X) {axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>], flags = {}} : (tensor<8xf32>) -> tensor<8xf32>
  // expected-error @+1 {{E1501 UnsupportedOp: the domain is a union of 2 pieces; rbssa.select takes one integer set}}
  %xm = "indexbook.view"(%x) {axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>, affine_set<(d0) : (d0 - 6 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0) -> (d0)>], flags = {}} : (tensor<8xf32>) -> tensor<8xf32>
  return %xm : tensor<8xf32>
}

// -----

// UnsupportedOp: an op that is not IndexBook.
func.func @foreign(%X: tensor<4xf32>) -> tensor<4xf32> attributes {indexbook.symbols = []} {
  // expected-error @+1 {{E1501 UnsupportedOp: 'arith.constant' is not an IndexBook op that convert-indexbook-to-rbssa handles}}
  %c = arith.constant dense<1.0> : tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

// AxisAlignmentMismatch: a map whose dims are not the op's axes.
func.func @bad_map(%X: tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]> attributes {indexbook.symbols = ["N"]} {
  %x = "indexbook.leaf"(%X) {axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}}
      : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  // expected-error @+1 {{E1304 AxisAlignmentMismatch: a map does not run from the op's axes (and the function's symbols) to its operand's dims}}
  %y = "indexbook.unary"(%x) {fn = "exp2", axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0] -> (d1)>], flags = {}} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return %y : tensor<?xf32, ["N"]>
}

// -----

// AxisAlignmentMismatch: an axis size that is not a symbol of the function.
func.func @unknown_symbol(%X: tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]> attributes {indexbook.symbols = ["N"]} {
  %x = "indexbook.leaf"(%X) {axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}}
      : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  // expected-error @+1 {{E1304 AxisAlignmentMismatch: axis size 'P' is not one of the function's symbols [N]}}
  %y = "indexbook.unary"(%x) {fn = "exp2", axes = [{name = "i0", size = "P", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>],
      maps = [affine_map<(d0)[s0] -> (d0)>], flags = {}} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return %y : tensor<?xf32, ["N"]>
}

// -----

// An output rbssa.yield cannot store: i8 (bools, i1, it can: one byte, 0
// or 1; test/Conversion/IndexBookToRBSSA/bool-outputs.mlir).
func.func @i8_output(%X: tensor<?xf32, ["N"]>) -> tensor<?xi8, ["N"]> attributes {indexbook.symbols = ["N"]} {
  %x = "indexbook.leaf"(%X) {axes = [{kind = "iter", name = "i0", size = "N"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}}
      : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %b = "indexbook.unary"(%x) {axes = [{kind = "iter", name = "i0", size = "N"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}, fn = "cast",
      maps = [affine_map<(d0)[s0] -> (d0)>]} : (tensor<?xf32, ["N"]>) -> tensor<?xi8, ["N"]>
  // expected-error @+1 {{E1501 UnsupportedOp: output 0 has an element type rbssa.yield cannot store; suggestion: cast the output to f16, bf16, f32, f64, i32, i64 or i1}}
  return %b : tensor<?xi8, ["N"]>
}
