// Errors found while evaluating are diagnostics at the offending op, and
// dlc-interp exits non-zero.

// RUN: not dlc-interp %s --func unsupported 2>&1 | FileCheck %s --check-prefix=OP
func.func @unsupported(%x: tensor<2xf32>) -> tensor<2xf32> {
  // OP: errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: interpreter: unsupported op 'arith.addf'
  %y = arith.addf %x, %x : tensor<2xf32>
  return %y : tensor<2xf32>
}

// RUN: not dlc-interp %s --func bad_reshape N=3 2>&1 | FileCheck %s --check-prefix=RESHAPE
func.func @bad_reshape(%x: tensor<?xf32, ["N"]>) -> tensor<4xf32> {
  // RESHAPE: errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: interpreter: cannot reshape [3] (3 elements) to [4] (4)
  %y = "tiny.reshape"(%x) : (tensor<?xf32, ["N"]>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// M and N are different symbols; with sizes 3 and 4 the shapes cannot
// broadcast.
// RUN: not dlc-interp %s --func bad_broadcast M=3,N=4 2>&1 | FileCheck %s --check-prefix=BROADCAST
func.func @bad_broadcast(%a: tensor<?xf32, ["M"]>, %b: tensor<?xf32, ["N"]>) -> tensor<?xf32, ["M"]> {
  // BROADCAST: errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: E1001 BroadcastMismatch: operand shapes [3] and [4] differ at axis 0 (right-aligned) and neither size is 1
  %c = "tiny.add"(%a, %b) : (tensor<?xf32, ["M"]>, tensor<?xf32, ["N"]>) -> tensor<?xf32, ["M"]>
  return %c : tensor<?xf32, ["M"]>
}

// RUN: not dlc-interp %s --func bad_shrink N=4 2>&1 | FileCheck %s --check-prefix=SHRINK
func.func @bad_shrink(%x: tensor<?xf32, ["N"]>) -> tensor<2xf32> {
  // SHRINK: errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: interpreter: dimension 0 reads from 2 with step 2 for 2 elements, outside the source size 4
  %y = "tiny.shrink"(%x) {offsets = array<i64: 2>, steps = array<i64: 2>} : (tensor<?xf32, ["N"]>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// RUN: not dlc-interp %s --func bad_result_type 2>&1 | FileCheck %s --check-prefix=RESULT
func.func @bad_result_type(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // RESULT: errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: interpreter: the result has shape [3, 2] but its type says [2, 3]
  %y = "tiny.permute"(%x) {order = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// RUN: not dlc-interp %s --func divide_by_zero --input a=1,2 --input b=1,0 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIVIDE
func.func @divide_by_zero(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  // DIVIDE: errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: interpreter: integer division by zero
  %q = "tiny.idiv"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %q : tensor<2xi32>
}

// A symbol that no argument names has no size.
// RUN: not dlc-interp %s --func unbound_symbol 2>&1 | FileCheck %s --check-prefix=UNBOUND
func.func @unbound_symbol(%x: tensor<2xf32>) -> tensor<?xf32, ["P"]> {
  // UNBOUND: errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: interpreter: symbol 'P' is not bound: it names no dimension of the function's arguments
  %c = "tiny.const"() {value = 1.0 : f32} : () -> tensor<?xf32, ["P"]>
  return %c : tensor<?xf32, ["P"]>
}

// RUN: not dlc-interp %s --func unsupported_type 2>&1 | FileCheck %s --check-prefix=TYPE
func.func @unsupported_type(%x: tensor<2xf32>) -> tensor<2xi4> {
  // TYPE: errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: interpreter: unsupported type (expected a ranked tensor of f16, bf16, f32, f64, i1, i8, i16, i32 or i64)
  %y = "tiny.cast"(%x) : (tensor<2xf32>) -> tensor<2xi4>
  return %y : tensor<2xi4>
}

// RUN: not dlc-interp %s --func unsupported_input 2>&1 | FileCheck %s --check-prefix=INPUT
// INPUT: dlc-interp: error: argument 'x' has an element type the interpreter does not support
func.func @unsupported_input(%x: tensor<2xi4>) -> tensor<2xi4> {
  return %x : tensor<2xi4>
}

// Regression (reproducer D18): a pad near INT64_MAX overflowed the padded
// size (UBSan: signed overflow); now E1005 at the pad.
// RUN: not dlc-interp %s --func pad_overflow 2>&1 | FileCheck %s --check-prefix=PAD
func.func @pad_overflow(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // PAD: errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: E1005 MalformedShape: 'tiny.pad': dim 0 padded by 9223372036854775807 and 0 overflows int64; suggestion: pad by sizes whose sum with the operand's fits in 64 bits
  %p = "tiny.pad"(%x) {padding = array<i64: 9223372036854775807, 0, 0, 0>} : (tensor<2x3xf32>) -> tensor<4x3xf32>
  return %p : tensor<4x3xf32>
}

