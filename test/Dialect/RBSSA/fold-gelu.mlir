// rbssa-fold-activations on GELU: the tanh form (tinygrad's gelu, PyTorch's
// approximate="tanh") becomes rbssa.unary gelu_tanh whatever the
// association of its products and the digits of its constants; tinygrad's
// tanh (2 sigmoid(2y) - 1) becomes tanh. A wrong constant leaves GELU
// decomposed.
// RUN: dlc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(rbssa-fold-activations))' | FileCheck %s

// tinygrad: 0.5 x (1 + (2 sigmoid(2 sqrt(2/pi) (x + 0.044715 x^3)) - 1)),
// sigmoid(z) = recip(1 + exp2(z * -log2 e)), constants as f32 prints them.
// Every op it was computed through is erased.
// CHECK-LABEL: func.func @tinygrad_gelu
// CHECK-NEXT: %[[G:.*]] = "rbssa.unary"(%arg0) {fn = "gelu_tanh"}
// CHECK-NEXT: return %[[G]]
func.func @tinygrad_gelu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %half = "rbssa.const"() {value = 5.000000e-01 : f32} : () -> tensor<4xf32>
  %one = "rbssa.const"() {value = 1.000000e+00 : f32} : () -> tensor<4xf32>
  %two = "rbssa.const"() {value = 2.000000e+00 : f32} : () -> tensor<4xf32>
  %cub = "rbssa.const"() {value = 4.471500e-02 : f32} : () -> tensor<4xf32>
  %k = "rbssa.const"() {value = 0.797884583 : f32} : () -> tensor<4xf32>
  %nl = "rbssa.const"() {value = -1.44269502 : f32} : () -> tensor<4xf32>
  %x2 = "rbssa.binary"(%x, %x) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %x3 = "rbssa.binary"(%x2, %x) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t1 = "rbssa.binary"(%x3, %cub) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t2 = "rbssa.binary"(%x, %t1) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y = "rbssa.binary"(%t2, %k) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y2 = "rbssa.binary"(%y, %two) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %z = "rbssa.binary"(%y2, %nl) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %e = "rbssa.unary"(%z) {fn = "exp2"} : (tensor<4xf32>) -> tensor<4xf32>
  %d = "rbssa.binary"(%e, %one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %sig = "rbssa.unary"(%d) {fn = "recip"} : (tensor<4xf32>) -> tensor<4xf32>
  %sig2 = "rbssa.binary"(%sig, %two) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %th = "rbssa.binary"(%sig2, %one) {fn = "sub"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %th1 = "rbssa.binary"(%th, %one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %hs = "rbssa.binary"(%x, %half) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %g = "rbssa.binary"(%hs, %th1) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %g : tensor<4xf32>
}

// -----

// The GELU of a scaled value (bcast_gelu_perm: gelu(0.5 acc)): x is the
// product 0.5 acc, not acc.
// CHECK-LABEL: func.func @gelu_of_scaled
// CHECK-NEXT: %[[H:.*]] = "rbssa.const"() {value = 5.000000e-01 : f32}
// CHECK-NEXT: %[[S:.*]] = "rbssa.binary"(%arg0, %[[H]]) {fn = "mul"}
// CHECK-NEXT: %[[G:.*]] = "rbssa.unary"(%[[S]]) {fn = "gelu_tanh"}
// CHECK-NEXT: return %[[G]]
func.func @gelu_of_scaled(%a: tensor<4xf32>) -> tensor<4xf32> {
  %sh = "rbssa.const"() {value = 5.000000e-01 : f32} : () -> tensor<4xf32>
  %s = "rbssa.binary"(%a, %sh) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %half = "rbssa.const"() {value = 5.000000e-01 : f32} : () -> tensor<4xf32>
  %one = "rbssa.const"() {value = 1.000000e+00 : f32} : () -> tensor<4xf32>
  %two = "rbssa.const"() {value = 2.000000e+00 : f32} : () -> tensor<4xf32>
  %cub = "rbssa.const"() {value = 4.471500e-02 : f32} : () -> tensor<4xf32>
  %k = "rbssa.const"() {value = 0.797884583 : f32} : () -> tensor<4xf32>
  %nl = "rbssa.const"() {value = -1.44269502 : f32} : () -> tensor<4xf32>
  %x2 = "rbssa.binary"(%s, %s) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %x3 = "rbssa.binary"(%x2, %s) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t1 = "rbssa.binary"(%x3, %cub) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t2 = "rbssa.binary"(%s, %t1) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y = "rbssa.binary"(%t2, %k) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y2 = "rbssa.binary"(%y, %two) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %z = "rbssa.binary"(%y2, %nl) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %e = "rbssa.unary"(%z) {fn = "exp2"} : (tensor<4xf32>) -> tensor<4xf32>
  %d = "rbssa.binary"(%e, %one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %sig = "rbssa.unary"(%d) {fn = "recip"} : (tensor<4xf32>) -> tensor<4xf32>
  %sig2 = "rbssa.binary"(%sig, %two) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %th = "rbssa.binary"(%sig2, %one) {fn = "sub"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %th1 = "rbssa.binary"(%th, %one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %hs = "rbssa.binary"(%s, %half) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %g = "rbssa.binary"(%hs, %th1) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %g : tensor<4xf32>
}

// -----

// A named tanh, pow(x, 3), the inner product distributed (k x + k c x^3),
// x (0.5 + 0.5 tanh(u)), constants printed with 6 digits.
// CHECK-LABEL: func.func @tanh_gelu_distributed
// CHECK-NEXT: %[[G:.*]] = "rbssa.unary"(%arg0) {fn = "gelu_tanh"}
// CHECK-NEXT: return %[[G]]
func.func @tanh_gelu_distributed(%x: tensor<4xf32>) -> tensor<4xf32> {
  %three = "rbssa.const"() {value = 3.0 : f32} : () -> tensor<4xf32>
  %k = "rbssa.const"() {value = 0.797885 : f32} : () -> tensor<4xf32>
  %kc = "rbssa.const"() {value = 0.0356774 : f32} : () -> tensor<4xf32>
  %half = "rbssa.const"() {value = 0.5 : f32} : () -> tensor<4xf32>
  %x3 = "rbssa.binary"(%x, %three) {fn = "pow"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a = "rbssa.binary"(%k, %x) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %bb = "rbssa.binary"(%x3, %kc) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %uu = "rbssa.binary"(%a, %bb) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = "rbssa.unary"(%uu) {fn = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  %ht = "rbssa.binary"(%half, %t) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s = "rbssa.binary"(%half, %ht) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %g = "rbssa.binary"(%x, %s) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %g : tensor<4xf32>
}

// -----

// The sigmoid form, 0.5 (1 + tanh u) = sigmoid(2u): x sigmoid(1.5957691 (x +
// 0.044715 x x x)), the constant divided rather than multiplied.
// CHECK-LABEL: func.func @sigmoid_gelu
// CHECK-NEXT: %[[G:.*]] = "rbssa.unary"(%arg0) {fn = "gelu_tanh"}
// CHECK-NEXT: return %[[G]]
func.func @sigmoid_gelu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %k2 = "rbssa.const"() {value = 1.5957691 : f32} : () -> tensor<4xf32>
  %inv = "rbssa.const"() {value = 22.36386 : f32} : () -> tensor<4xf32>
  %x2 = "rbssa.binary"(%x, %x) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %x3 = "rbssa.binary"(%x, %x2) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t1 = "rbssa.binary"(%x3, %inv) {fn = "div"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t2 = "rbssa.binary"(%t1, %x) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y = "rbssa.binary"(%k2, %t2) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %sg = "rbssa.unary"(%y) {fn = "sigmoid"} : (tensor<4xf32>) -> tensor<4xf32>
  %g = "rbssa.binary"(%sg, %x) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %g : tensor<4xf32>
}

// -----

// tinygrad's tanh alone: 2 sigmoid(2y) - 1 -> tanh(y), as sub(.., 1) and
// as add(-1, ..).
// CHECK-LABEL: func.func @tinygrad_tanh
// CHECK-NEXT: %[[A:.*]] = "rbssa.unary"(%arg0) {fn = "tanh"}
// CHECK-NEXT: %[[B:.*]] = "rbssa.unary"(%arg1) {fn = "tanh"}
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @tinygrad_tanh(%y: tensor<4xf32>, %w: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %two = "rbssa.const"() {value = 2.0 : f32} : () -> tensor<4xf32>
  %one = "rbssa.const"() {value = 1.0 : f32} : () -> tensor<4xf32>
  %m1 = "rbssa.const"() {value = -1.0 : f32} : () -> tensor<4xf32>
  %y2 = "rbssa.binary"(%y, %two) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s = "rbssa.unary"(%y2) {fn = "sigmoid"} : (tensor<4xf32>) -> tensor<4xf32>
  %s2 = "rbssa.binary"(%two, %s) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = "rbssa.binary"(%s2, %one) {fn = "sub"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %w2 = "rbssa.binary"(%two, %w) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r = "rbssa.unary"(%w2) {fn = "sigmoid"} : (tensor<4xf32>) -> tensor<4xf32>
  %r2 = "rbssa.binary"(%r, %two) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %v = "rbssa.binary"(%m1, %r2) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %t, %v : tensor<4xf32>, tensor<4xf32>
}

// -----

// An intermediate with another use (x^3) stays.
// CHECK-LABEL: func.func @gelu_shared_cube
// CHECK: %[[X2:.*]] = "rbssa.binary"(%arg0, %arg0) {fn = "mul"}
// CHECK-NEXT: %[[X3:.*]] = "rbssa.binary"(%[[X2]], %arg0) {fn = "mul"}
// CHECK: %[[G:.*]] = "rbssa.unary"(%arg0) {fn = "gelu_tanh"}
// CHECK-NEXT: return %[[G]], %[[X3]]
func.func @gelu_shared_cube(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %half = "rbssa.const"() {value = 5.000000e-01 : f32} : () -> tensor<4xf32>
  %one = "rbssa.const"() {value = 1.000000e+00 : f32} : () -> tensor<4xf32>
  %two = "rbssa.const"() {value = 2.000000e+00 : f32} : () -> tensor<4xf32>
  %cub = "rbssa.const"() {value = 4.471500e-02 : f32} : () -> tensor<4xf32>
  %k = "rbssa.const"() {value = 0.797884583 : f32} : () -> tensor<4xf32>
  %nl = "rbssa.const"() {value = -1.44269502 : f32} : () -> tensor<4xf32>
  %x2 = "rbssa.binary"(%x, %x) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %x3 = "rbssa.binary"(%x2, %x) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t1 = "rbssa.binary"(%x3, %cub) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t2 = "rbssa.binary"(%x, %t1) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y = "rbssa.binary"(%t2, %k) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y2 = "rbssa.binary"(%y, %two) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %z = "rbssa.binary"(%y2, %nl) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %e = "rbssa.unary"(%z) {fn = "exp2"} : (tensor<4xf32>) -> tensor<4xf32>
  %d = "rbssa.binary"(%e, %one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %sig = "rbssa.unary"(%d) {fn = "recip"} : (tensor<4xf32>) -> tensor<4xf32>
  %sig2 = "rbssa.binary"(%sig, %two) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %th = "rbssa.binary"(%sig2, %one) {fn = "sub"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %th1 = "rbssa.binary"(%th, %one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %hs = "rbssa.binary"(%x, %half) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %g = "rbssa.binary"(%hs, %th1) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %g, %x3 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Near misses stay decomposed: the cubic constant 0.0447, sqrt(2/pi) as
// 0.7979, a half of 0.4, and "quick GELU" x sigmoid(1.702 x). (tinygrad's
// tanh inside them still folds: it is exact.)
// CHECK-LABEL: func.func @gelu_near_misses
// CHECK-NOT: gelu
// CHECK: return
func.func @gelu_near_misses(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a_half = "rbssa.const"() {value = 5.000000e-01 : f32} : () -> tensor<4xf32>
  %a_one = "rbssa.const"() {value = 1.000000e+00 : f32} : () -> tensor<4xf32>
  %a_two = "rbssa.const"() {value = 2.000000e+00 : f32} : () -> tensor<4xf32>
  %a_cub = "rbssa.const"() {value = 0.0447 : f32} : () -> tensor<4xf32>
  %a_k = "rbssa.const"() {value = 0.797884583 : f32} : () -> tensor<4xf32>
  %a_nl = "rbssa.const"() {value = -1.44269502 : f32} : () -> tensor<4xf32>
  %a_x2 = "rbssa.binary"(%x, %x) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a_x3 = "rbssa.binary"(%a_x2, %x) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a_t1 = "rbssa.binary"(%a_x3, %a_cub) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a_t2 = "rbssa.binary"(%x, %a_t1) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a_y = "rbssa.binary"(%a_t2, %a_k) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a_y2 = "rbssa.binary"(%a_y, %a_two) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a_z = "rbssa.binary"(%a_y2, %a_nl) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a_e = "rbssa.unary"(%a_z) {fn = "exp2"} : (tensor<4xf32>) -> tensor<4xf32>
  %a_d = "rbssa.binary"(%a_e, %a_one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a_sig = "rbssa.unary"(%a_d) {fn = "recip"} : (tensor<4xf32>) -> tensor<4xf32>
  %a_sig2 = "rbssa.binary"(%a_sig, %a_two) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a_th = "rbssa.binary"(%a_sig2, %a_one) {fn = "sub"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a_th1 = "rbssa.binary"(%a_th, %a_one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a_hs = "rbssa.binary"(%x, %a_half) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a_g = "rbssa.binary"(%a_hs, %a_th1) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b_half = "rbssa.const"() {value = 5.000000e-01 : f32} : () -> tensor<4xf32>
  %b_one = "rbssa.const"() {value = 1.000000e+00 : f32} : () -> tensor<4xf32>
  %b_two = "rbssa.const"() {value = 2.000000e+00 : f32} : () -> tensor<4xf32>
  %b_cub = "rbssa.const"() {value = 4.471500e-02 : f32} : () -> tensor<4xf32>
  %b_k = "rbssa.const"() {value = 0.7979 : f32} : () -> tensor<4xf32>
  %b_nl = "rbssa.const"() {value = -1.44269502 : f32} : () -> tensor<4xf32>
  %b_x2 = "rbssa.binary"(%x, %x) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b_x3 = "rbssa.binary"(%b_x2, %x) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b_t1 = "rbssa.binary"(%b_x3, %b_cub) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b_t2 = "rbssa.binary"(%x, %b_t1) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b_y = "rbssa.binary"(%b_t2, %b_k) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b_y2 = "rbssa.binary"(%b_y, %b_two) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b_z = "rbssa.binary"(%b_y2, %b_nl) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b_e = "rbssa.unary"(%b_z) {fn = "exp2"} : (tensor<4xf32>) -> tensor<4xf32>
  %b_d = "rbssa.binary"(%b_e, %b_one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b_sig = "rbssa.unary"(%b_d) {fn = "recip"} : (tensor<4xf32>) -> tensor<4xf32>
  %b_sig2 = "rbssa.binary"(%b_sig, %b_two) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b_th = "rbssa.binary"(%b_sig2, %b_one) {fn = "sub"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b_th1 = "rbssa.binary"(%b_th, %b_one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b_hs = "rbssa.binary"(%x, %b_half) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b_g = "rbssa.binary"(%b_hs, %b_th1) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c_half = "rbssa.const"() {value = 0.4 : f32} : () -> tensor<4xf32>
  %c_one = "rbssa.const"() {value = 1.000000e+00 : f32} : () -> tensor<4xf32>
  %c_two = "rbssa.const"() {value = 2.000000e+00 : f32} : () -> tensor<4xf32>
  %c_cub = "rbssa.const"() {value = 4.471500e-02 : f32} : () -> tensor<4xf32>
  %c_k = "rbssa.const"() {value = 0.797884583 : f32} : () -> tensor<4xf32>
  %c_nl = "rbssa.const"() {value = -1.44269502 : f32} : () -> tensor<4xf32>
  %c_x2 = "rbssa.binary"(%x, %x) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c_x3 = "rbssa.binary"(%c_x2, %x) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c_t1 = "rbssa.binary"(%c_x3, %c_cub) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c_t2 = "rbssa.binary"(%x, %c_t1) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c_y = "rbssa.binary"(%c_t2, %c_k) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c_y2 = "rbssa.binary"(%c_y, %c_two) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c_z = "rbssa.binary"(%c_y2, %c_nl) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c_e = "rbssa.unary"(%c_z) {fn = "exp2"} : (tensor<4xf32>) -> tensor<4xf32>
  %c_d = "rbssa.binary"(%c_e, %c_one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c_sig = "rbssa.unary"(%c_d) {fn = "recip"} : (tensor<4xf32>) -> tensor<4xf32>
  %c_sig2 = "rbssa.binary"(%c_sig, %c_two) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c_th = "rbssa.binary"(%c_sig2, %c_one) {fn = "sub"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c_th1 = "rbssa.binary"(%c_th, %c_one) {fn = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c_hs = "rbssa.binary"(%x, %c_half) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c_g = "rbssa.binary"(%c_hs, %c_th1) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %q = "rbssa.const"() {value = 1.702 : f32} : () -> tensor<4xf32>
  %qx = "rbssa.binary"(%x, %q) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %qs = "rbssa.unary"(%qx) {fn = "sigmoid"} : (tensor<4xf32>) -> tensor<4xf32>
  %qg = "rbssa.binary"(%x, %qs) {fn = "mul"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %a_g, %b_g, %c_g, %qg : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
