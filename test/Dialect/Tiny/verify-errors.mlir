// Every tiny-verify diagnostic, at the offending op.
// RUN: dlc-opt %s --split-input-file --tiny-verify --verify-diagnostics

// M against N: a symbolic mismatch (E1001).
func.func @symbolic_mismatch(%a: tensor<?x?xf32, ["M", "K"]>, %b: tensor<?x?xf32, ["N", "K"]>) -> tensor<?x?xf32, ["M", "K"]> {
  // expected-error @+1 {{E1001 BroadcastMismatch: operand shapes [M, K] and [N, K] differ at axis 0 (right-aligned) and neither size is 1; suggestion: expand one side}}
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

func.func @wrong_result(%a: tensor<?xf32, ["N"]>, %b: tensor<1xf32>) -> tensor<?xf32, ["M"]> {
  // expected-error @+1 {{E1001 BroadcastMismatch: result shape [M] is not the broadcast shape [N]}}
  %0 = "tiny.add"(%a, %b) : (tensor<?xf32, ["N"]>, tensor<1xf32>) -> tensor<?xf32, ["M"]>
  return %0 : tensor<?xf32, ["M"]>
}

// -----

func.func @where_mismatch(%c: tensor<3xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{E1001 BroadcastMismatch: operand shapes [3] and [4] differ at axis 0}}
  %0 = "tiny.where"(%c, %a, %b) : (tensor<3xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// IRDL makes most unary ops keep their type; cast may change the element
// type only.
func.func @cast_reshape(%a: tensor<?xf32, ["N"]>) -> tensor<?xf16, ["M"]> {
  // expected-error @+1 {{E1001 BroadcastMismatch: operand shape [N] but result shape [M]; suggestion: elementwise unary ops keep the operand's shape}}
  %0 = "tiny.cast"(%a) : (tensor<?xf32, ["N"]>) -> tensor<?xf16, ["M"]>
  return %0 : tensor<?xf16, ["M"]>
}

// -----

func.func @unnamed_dim(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{E1005 MalformedShape: dimension 0 is dynamic ('?') but has no symbol name in the encoding}}
  %0 = "tiny.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// An expression of symbols is no dimension name: it would pass as an
// opaque symbol unrelated to M and K.
func.func @expression_dim(%a: tensor<?xf32, ["M*K"]>) -> tensor<?xf32, ["M*K"]> {
  // expected-error @+1 {{E1005 MalformedShape: dimension 0 is named "M*K", which is not a symbol name (a letter or '_', then letters, digits or '_'); expressions of symbols are not dimensions yet}}
  %0 = "tiny.neg"(%a) : (tensor<?xf32, ["M*K"]>) -> tensor<?xf32, ["M*K"]>
  return %0 : tensor<?xf32, ["M*K"]>
}

// -----

func.func @short_encoding(%a: tensor<?x4xf32, ["M"]>) -> tensor<?x4xf32, ["M"]> {
  // expected-error @+1 {{E1005 MalformedShape: the encoding must be an array naming each of the 2 dimensions}}
  %0 = "tiny.neg"(%a) : (tensor<?x4xf32, ["M"]>) -> tensor<?x4xf32, ["M"]>
  return %0 : tensor<?x4xf32, ["M"]>
}

// -----

func.func @static_disagrees(%a: tensor<4xf32, [5]>) -> tensor<4xf32, [5]> {
  // expected-error @+1 {{E1005 MalformedShape: dimension 0 is static (4) but the encoding gives a different entry}}
  %0 = "tiny.neg"(%a) : (tensor<4xf32, [5]>) -> tensor<4xf32, [5]>
  return %0 : tensor<4xf32, [5]>
}

// -----

// More elements than int64 counts hold (2^64 here): refused, not wrapped.
func.func @too_many_elements(%a: tensor<4294967296x4294967296xf16, [4294967296, 4294967296]>) -> tensor<4294967296x4294967296xf16, [4294967296, 4294967296]> {
  // expected-error @+1 {{E1005 MalformedShape: the static dimensions hold more than 2^60 elements}}
  %0 = "tiny.neg"(%a) : (tensor<4294967296x4294967296xf16, [4294967296, 4294967296]>) -> tensor<4294967296x4294967296xf16, [4294967296, 4294967296]>
  return %0 : tensor<4294967296x4294967296xf16, [4294967296, 4294967296]>
}

// -----

func.func @half_acc(%x: tensor<?x?xf16, ["M", "K"]>) -> tensor<?xf16, ["M"]> {
  // expected-error @+1 {{E1401 AccDtypeMissing: a sum over half-precision values accumulates in half precision; suggestion: set acc_dtype = f32}}
  %0 = "tiny.reduce"(%x) {op = "sum", axes = array<i64: 1>, acc_dtype = f16} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?xf16, ["M"]>
  return %0 : tensor<?xf16, ["M"]>
}

// -----

func.func @contract_half_acc(%a: tensor<?x?xf16, ["M", "K"]>, %b: tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["M", "N"]> {
  // expected-error @+1 {{E1401 AccDtypeMissing}}
  %0 = "tiny.contract"(%a, %b) {pattern = "matmul", lhs_idx = ["m", "k"], rhs_idx = ["k", "n"], out_idx = ["m", "n"], reduce_idx = ["k"], acc_dtype = bf16} : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %0 : tensor<?x?xf16, ["M", "N"]>
}

// -----

// The movement ops' attributes against their shapes (docs/dialects/tiny.md
// leaves them to tiny-verify; convert-tiny-to-indexbook checks them too).
func.func @permute_range(%x: tensor<4x3xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.permute': 'order' is not a permutation of the operand dims; suggestion: list each operand dimension once}}
  %0 = "tiny.permute"(%x) {order = array<i64: 1, 5>} : (tensor<4x3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @permute_result(%x: tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.permute': the result shape is not the permuted operand shape}}
  %0 = "tiny.permute"(%x) {order = array<i64: 1, 0>} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %0 : tensor<?x?xf32, ["M", "N"]>
}

// -----

func.func @reshape_count(%x: tensor<4x3xf32>) -> tensor<13xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.reshape': the operand and result shapes hold different numbers of elements; suggestion: a reshape keeps the number of elements: check the result type}}
  %0 = "tiny.reshape"(%x) : (tensor<4x3xf32>) -> tensor<13xf32>
  return %0 : tensor<13xf32>
}

// -----

func.func @pad_negative(%x: tensor<4x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.pad': a padding amount is negative or too large; suggestion: padding amounts are >= 0 and at most 2^60 (the most elements a shape holds)}}
  %0 = "tiny.pad"(%x) {padding = array<i64: -1, -1, 0, 0>} : (tensor<4x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @pad_result(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.pad': the result shape is not the padded operand shape}}
  %0 = "tiny.pad"(%x) {padding = array<i64: 1, 1>} : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @flip_range(%x: tensor<8x3xf32>) -> tensor<8x3xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.flip': 'axes' names a dim twice or outside the rank; suggestion: list each flipped dim once}}
  %0 = "tiny.flip"(%x) {axes = array<i64: 2>} : (tensor<8x3xf32>) -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @expand_size(%x: tensor<5xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{E1001 BroadcastMismatch: operand dim 0 (5) cannot expand to result dim 1 (8); suggestion: only size-1 dims grow; add a reshape first}}
  %0 = "tiny.expand"(%x) {broadcast_dimensions = array<i64: 1>} : (tensor<5xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @shrink_step(%x: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.shrink': an offset is negative or a step is below 1}}
  %0 = "tiny.shrink"(%x) {offsets = array<i64: 0>, steps = array<i64: 0>} : (tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @view_ranks(%x: tensor<4x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.view': the map's dims and results do not match the result and operand ranks}}
  %0 = "tiny.view"(%x) {map = affine_map<(d0) -> (d0)>} : (tensor<4x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @view_divisor(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.view': the map divides by zero or a negative constant}}
  %0 = "tiny.view"(%x) {map = affine_map<(d0) -> (d0 mod 0)>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A static shrink reads inside its operand, as dlc-interp requires (the
// same check, dlcTinyShrinkFits): offset 7 + step 2 * 2 is 11 of 8.
func.func @shrink_outside(%x: tensor<8x8xf32>) -> tensor<8x3xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.shrink': dimension 1 reads from 7 with step 2 for 3 elements, outside the source size 8; suggestion: read only inside the operand: offset + step * (extent - 1) below its size}}
  %0 = "tiny.shrink"(%x) {offsets = array<i64: 0, 7>, steps = array<i64: 1, 2>} : (tensor<8x8xf32>) -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

// offset + step * 2 wraps in 64 bits (the lowered kernel read x[-2]).
func.func @shrink_wraps(%x: tensor<8xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.shrink': dimension 0 reads from 9223372036854775807 with step 9223372036854775807 for 3 elements, outside the source size 8}}
  %0 = "tiny.shrink"(%x) {offsets = array<i64: 9223372036854775807>, steps = array<i64: 9223372036854775807>} : (tensor<8xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// A symbolic source holds at most 2^60 elements.
func.func @shrink_past_shapes(%x: tensor<?xf32, ["N"]>) -> tensor<2xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.shrink': dimension 0 reads from 1152921504606846976 with step 1 for 2 elements, outside the source size 2^60 (past any dimension)}}
  %0 = "tiny.shrink"(%x) {offsets = array<i64: 1152921504606846976>, steps = array<i64: 1>} : (tensor<?xf32, ["N"]>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// A view's constants stay within 2^60: beyond it their arithmetic could
// wrap (and no index past it addresses an element).
func.func @view_big_constant(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.view': result 0 of the map holds a constant beyond 2^60, whose arithmetic could overflow 64 bits; suggestion: keep the map's constants within 2^60 (the most elements a shape holds)}}
  %0 = "tiny.view"(%x) {map = affine_map<(d0) -> (d0 * 9223372036854775807 + 9223372036854775807)>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Constants within 2^60 whose products over the result's static indices
// leave 64 bits: 15 * 2^60.
func.func @view_overflow(%x: tensor<4xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.view': result 0 of the map overflows 64 bits over the result's indices; suggestion: keep the map's offsets and strides within the operand}}
  %0 = "tiny.view"(%x) {map = affine_map<(d0) -> (d0 * 1152921504606846976)>} : (tensor<4xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
