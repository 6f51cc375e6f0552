// rbssa-fold-activations: decomposed activations (as tinygrad and other
// exporters write them) become rbssa.unary relu / sigmoid / silu; near
// misses stay as they are.
// RUN: dlc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(rbssa-fold-activations))' | FileCheck %s

// CHECK-LABEL: func.func @max_relu
// CHECK-NEXT: %[[R:.*]] = "rbssa.unary"(%arg0) {fn = "relu"}
// CHECK-NEXT: %[[S:.*]] = "rbssa.unary"(%arg0) {fn = "relu"}
// CHECK-NEXT: return %[[R]], %[[S]]
func.func @max_relu(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %z = "rbssa.const"() {value = 0.0 : f32} : () -> tensor<4xf32>
  %r = "rbssa.binary"(%x, %z) {fn = "max"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s = "rbssa.binary"(%z, %x) {fn = "max"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r, %s : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @where_relu
// CHECK-NEXT: %[[R:.*]] = "rbssa.unary"(%arg0) {fn = "relu"}
// CHECK-NEXT: return %[[R]]
func.func @where_relu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = "rbssa.const"() {value = 0.0 : f32} : () -> tensor<4xf32>
  %c = "rbssa.compare"(%z, %x) {fn = "cmplt"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %r = "rbssa.select_value"(%c, %x, %z) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @where_gt_relu
// CHECK-NEXT: %[[R:.*]] = "rbssa.unary"(%arg0) {fn = "relu"}
// CHECK-NEXT: return %[[R]]
func.func @where_gt_relu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = "rbssa.const"() {value = 0.0 : f32} : () -> tensor<4xf32>
  %c = "rbssa.compare"(%x, %z) {fn = "cmpgt"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %r = "rbssa.select_value"(%c, %x, %z) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// tinygrad's sigmoid: recip(1 + exp2(x * -1/ln 2)), log2 e printed with
// fewer digits; and SiLU as x * sigmoid(x).
// CHECK-LABEL: func.func @tinygrad_silu
// CHECK-NEXT: %[[R:.*]] = "rbssa.unary"(%arg0) {fn = "silu"}
// CHECK-NEXT: return %[[R]]
func.func @tinygrad_silu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = "rbssa.const"() {value = -1.44269502 : f32} : () -> tensor<4xf32>
  %one = "rbssa.const"() {value = 1.0 : f32} : () -> tensor<4xf32>
  %t = "rbssa.binary"(%x, %c) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %e = "rbssa.unary"(%t) {fn = "exp2"} : (tensor<4xf32>) -> tensor<4xf32>
  %d = "rbssa.binary"(%e, %one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s = "rbssa.unary"(%d) {fn = "recip"} : (tensor<4xf32>) -> tensor<4xf32>
  %y = "rbssa.binary"(%x, %s) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @exp_sigmoid
// CHECK-NEXT: %[[R:.*]] = "rbssa.unary"(%arg0) {fn = "sigmoid"}
// CHECK-NEXT: return %[[R]]
func.func @exp_sigmoid(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = "rbssa.const"() {value = 1.0 : f32} : () -> tensor<4xf32>
  %n = "rbssa.unary"(%x) {fn = "neg"} : (tensor<4xf32>) -> tensor<4xf32>
  %e = "rbssa.unary"(%n) {fn = "exp"} : (tensor<4xf32>) -> tensor<4xf32>
  %d = "rbssa.binary"(%one, %e) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s = "rbssa.unary"(%d) {fn = "recip"} : (tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// An intermediate with another use stays; only the root is replaced.
// CHECK-LABEL: func.func @shared_intermediate
// CHECK: %[[E:.*]] = "rbssa.unary"(%{{.*}}) {fn = "exp2"}
// CHECK: "rbssa.unary"(%arg0) {fn = "sigmoid"}
// CHECK: return %{{.*}}, %[[E]]
func.func @shared_intermediate(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = "rbssa.const"() {value = -1.4426950408889634 : f32} : () -> tensor<4xf32>
  %one = "rbssa.const"() {value = 1.0 : f32} : () -> tensor<4xf32>
  %t = "rbssa.binary"(%x, %c) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %e = "rbssa.unary"(%t) {fn = "exp2"} : (tensor<4xf32>) -> tensor<4xf32>
  %d = "rbssa.binary"(%e, %one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s = "rbssa.unary"(%d) {fn = "recip"} : (tensor<4xf32>) -> tensor<4xf32>
  return %s, %e : tensor<4xf32>, tensor<4xf32>
}

// -----

// Near misses: max with a non-zero constant, a select keeping the other
// branch, a sigmoid with the wrong scale, x * sigmoid(y).
// CHECK-LABEL: func.func @near_misses
// CHECK-NOT: fn = "relu"
// CHECK-NOT: fn = "sigmoid"
// CHECK-NOT: fn = "silu"
// CHECK: return
func.func @near_misses(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %z = "rbssa.const"() {value = 0.0 : f32} : () -> tensor<4xf32>
  %h = "rbssa.const"() {value = 0.5 : f32} : () -> tensor<4xf32>
  %one = "rbssa.const"() {value = 1.0 : f32} : () -> tensor<4xf32>
  %m = "rbssa.binary"(%x, %h) {fn = "max"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c = "rbssa.compare"(%z, %x) {fn = "cmplt"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %w = "rbssa.select_value"(%c, %z, %x) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = "rbssa.binary"(%y, %h) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %e = "rbssa.unary"(%t) {fn = "exp2"} : (tensor<4xf32>) -> tensor<4xf32>
  %d = "rbssa.binary"(%e, %one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s = "rbssa.unary"(%d) {fn = "recip"} : (tensor<4xf32>) -> tensor<4xf32>
  %u = "rbssa.binary"(%x, %s) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %m, %w, %u : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
