// Diagnostics of convert-tiny-to-indexbook, each at the offending op. The
// tiny checks (E1001, E1005, E1401) are the shared ones of tiny-verify; a
// failed function is left unchanged.
// RUN: dlc-opt %s --split-input-file --convert-tiny-to-indexbook --verify-diagnostics

// M against N (right-aligned): E1001 through the tiny checks.
func.func @broadcast_mismatch(%a: tensor<?x?xf32, ["M", "K"]>, %b: tensor<?x?xf32, ["N", "K"]>) -> tensor<?x?xf32, ["M", "K"]> {
  // expected-error @+1 {{E1001 BroadcastMismatch: operand shapes [M, K] and [N, K] differ at axis 0 (right-aligned) and neither size is 1}}
  %0 = "tiny.add"(%a, %b) : (tensor<?x?xf32, ["M", "K"]>, tensor<?x?xf32, ["N", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  return %0 : tensor<?x?xf32, ["M", "K"]>
}

// -----

// A sum over fp16 accumulated in fp16, in the tinygrad dot form that would
// otherwise become a contraction: E1401.
func.func @acc_dtype_missing(%x: tensor<?x?xf16, ["M", "K"]>, %w: tensor<?xf16, ["K"]>) -> tensor<?xf16, ["M"]> {
  %p = "tiny.mul"(%x, %w) : (tensor<?x?xf16, ["M", "K"]>, tensor<?xf16, ["K"]>) -> tensor<?x?xf16, ["M", "K"]>
  // expected-error @+1 {{E1401 AccDtypeMissing: a sum over half-precision values accumulates in half precision; suggestion: set acc_dtype = f32}}
  %s = "tiny.reduce"(%p) {acc_dtype = f16, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?xf16, ["M"]>
  return %s : tensor<?xf16, ["M"]>
}

// -----

func.func @contract_acc_dtype(%a: tensor<4x8xbf16>, %b: tensor<8x2xbf16>) -> tensor<4x2xbf16> {
  // expected-error @+1 {{E1401 AccDtypeMissing}}
  %c = "tiny.contract"(%a, %b) {acc_dtype = bf16, lhs_idx = ["m", "k"], out_idx = ["m", "n"],
                                pattern = "matmul", reduce_idx = ["k"], rhs_idx = ["k", "n"]}
      : (tensor<4x8xbf16>, tensor<8x2xbf16>) -> tensor<4x2xbf16>
  return %c : tensor<4x2xbf16>
}

// -----

// An op outside tiny has no lowering: E1501, naming the op.
func.func @unsupported(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{E1501 UnsupportedOp: 'arith.addf' has no lowering to indexbook; suggestion: express it with tiny ops}}
  %0 = arith.addf %a, %b : tensor<4xf32>
  %1 = "tiny.neg"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

func.func @reshape_count(%a: tensor<6xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.reshape': the operand and result shapes hold different numbers of elements}}
  %0 = "tiny.reshape"(%a) : (tensor<6xf32>) -> tensor<4xf32>
  %1 = "tiny.neg"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

func.func @reshape_symbols(%a: tensor<?x4xf32, ["M", 4]>) -> tensor<?x4xf32, ["N", 4]> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.reshape': the operand and result shapes hold different numbers of elements}}
  %0 = "tiny.reshape"(%a) : (tensor<?x4xf32, ["M", 4]>) -> tensor<?x4xf32, ["N", 4]>
  return %0 : tensor<?x4xf32, ["N", 4]>
}

// -----

func.func @expand_mismatch(%a: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{E1001 BroadcastMismatch: operand dim 0 (3) cannot expand to result dim 1 (4)}}
  %0 = "tiny.expand"(%a) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @permute_bad(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.permute': 'order' is not a permutation of the operand dims}}
  %0 = "tiny.permute"(%a) {order = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @pad_shape(%a: tensor<4xf32>) -> tensor<7xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.pad': the result shape is not the padded operand shape}}
  %0 = "tiny.pad"(%a) {padding = array<i64: 1, 1>} : (tensor<4xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

func.func @reduce_shape(%a: tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["N"]> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.reduce': the result shape is not the operand shape without the reduced dims}}
  %0 = "tiny.reduce"(%a) {acc_dtype = f32, axes = array<i64: 1>, op = "max"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["N"]>
  return %0 : tensor<?xf32, ["N"]>
}

// -----

// A map whose symbols do not follow the signature's: E1304.
func.func @view_symbols(%a: tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]> {
  // expected-error @+1 {{E1304 AxisAlignmentMismatch: the map of 'tiny.view' has 0 symbols but the function has 1}}
  %0 = "tiny.view"(%a) {map = affine_map<(d0) -> (d0)>} : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
  return %0 : tensor<?xf32, ["M"]>
}

// -----

// expected-error @+1 {{E1304 AxisAlignmentMismatch: symbol 'N' is not listed in dlc.symbols}}
func.func @symbols_incomplete(%a: tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
    attributes {dlc.symbols = ["M"]} {
  return %a : tensor<?x?xf32, ["M", "N"]>
}

// -----

func.func @contract_sizes(%a: tensor<4x8xf32>, %b: tensor<6x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{E1001 BroadcastMismatch: index 'k' has sizes 8 and 6; suggestion: a name shared by both operands needs equal sizes}}
  %c = "tiny.contract"(%a, %b) {acc_dtype = f32, lhs_idx = ["m", "k"], out_idx = ["m", "n"],
                                pattern = "matmul", reduce_idx = ["k"], rhs_idx = ["k", "n"]}
      : (tensor<4x8xf32>, tensor<6x2xf32>) -> tensor<4x2xf32>
  return %c : tensor<4x2xf32>
}

// -----

func.func @contract_names(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.contract': an operand index is in neither out_idx nor reduce_idx}}
  %c = "tiny.contract"(%a, %b) {acc_dtype = f32, lhs_idx = ["m", "k"], out_idx = ["m", "n"],
                                pattern = "matmul", reduce_idx = ["j"], rhs_idx = ["k", "n"]}
      : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  return %c : tensor<4x2xf32>
}

// -----

// expected-error @+1 {{E1005 MalformedShape: a value is not a ranked tensor}}
func.func @scalar_argument(%a: f32) -> f32 {
  return %a : f32
}

// -----

// Affine division needs a positive divisor (§4.3 rule 6).
func.func @divide_by_zero(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{E1005 MalformedShape: 'tiny.view': the map divides by zero or a negative constant}}
  %v = "tiny.view"(%x) {map = affine_map<(d0) -> (d0 floordiv 0)>} : (tensor<8xf32>) -> tensor<8xf32>
  return %v : tensor<8xf32>
}
