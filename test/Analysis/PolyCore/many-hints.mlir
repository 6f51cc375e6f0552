// Seventeen GEMMs in one function (sharing X, summed): every one is staged,
// so Poly-Core lists 34 staged operands and 17 pipeline hints — where it
// once kept at most 32 of each (PC_MAX_HINTS) and dropped the rest without
// a word. The last GEMM's W (arg17) is listed.
// RUN: dlc-opt %s --convert-tiny-to-indexbook --dlc-poly-core | FileCheck %s
// CHECK-COUNT-17: {at = "v{{[0-9]+}}", depth = {{[23]}} : i64, kind = "pipeline"}
// CHECK: operands = [
// CHECK-COUNT-34: bank_ways
// CHECK-SAME: tensor = "arg17"
func.func @seventeen_gemms(%X: tensor<?x?xf16, ["M", "K"]>, %W0: tensor<?x?xf16, ["K", "N"]>, %W1: tensor<?x?xf16, ["K", "N"]>, %W2: tensor<?x?xf16, ["K", "N"]>, %W3: tensor<?x?xf16, ["K", "N"]>, %W4: tensor<?x?xf16, ["K", "N"]>, %W5: tensor<?x?xf16, ["K", "N"]>, %W6: tensor<?x?xf16, ["K", "N"]>, %W7: tensor<?x?xf16, ["K", "N"]>, %W8: tensor<?x?xf16, ["K", "N"]>, %W9: tensor<?x?xf16, ["K", "N"]>, %W10: tensor<?x?xf16, ["K", "N"]>, %W11: tensor<?x?xf16, ["K", "N"]>, %W12: tensor<?x?xf16, ["K", "N"]>, %W13: tensor<?x?xf16, ["K", "N"]>, %W14: tensor<?x?xf16, ["K", "N"]>, %W15: tensor<?x?xf16, ["K", "N"]>, %W16: tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]> {
  %x = "tiny.reshape"(%X) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w0 = "tiny.reshape"(%W0) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt0 = "tiny.permute"(%w0) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p0 = "tiny.mul"(%x, %wt0) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c0 = "tiny.reduce"(%p0) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w1 = "tiny.reshape"(%W1) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt1 = "tiny.permute"(%w1) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p1 = "tiny.mul"(%x, %wt1) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c1 = "tiny.reduce"(%p1) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w2 = "tiny.reshape"(%W2) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt2 = "tiny.permute"(%w2) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p2 = "tiny.mul"(%x, %wt2) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c2 = "tiny.reduce"(%p2) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w3 = "tiny.reshape"(%W3) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt3 = "tiny.permute"(%w3) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p3 = "tiny.mul"(%x, %wt3) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c3 = "tiny.reduce"(%p3) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w4 = "tiny.reshape"(%W4) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt4 = "tiny.permute"(%w4) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p4 = "tiny.mul"(%x, %wt4) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c4 = "tiny.reduce"(%p4) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w5 = "tiny.reshape"(%W5) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt5 = "tiny.permute"(%w5) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p5 = "tiny.mul"(%x, %wt5) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c5 = "tiny.reduce"(%p5) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w6 = "tiny.reshape"(%W6) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt6 = "tiny.permute"(%w6) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p6 = "tiny.mul"(%x, %wt6) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c6 = "tiny.reduce"(%p6) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w7 = "tiny.reshape"(%W7) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt7 = "tiny.permute"(%w7) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p7 = "tiny.mul"(%x, %wt7) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c7 = "tiny.reduce"(%p7) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w8 = "tiny.reshape"(%W8) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt8 = "tiny.permute"(%w8) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p8 = "tiny.mul"(%x, %wt8) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c8 = "tiny.reduce"(%p8) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w9 = "tiny.reshape"(%W9) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt9 = "tiny.permute"(%w9) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p9 = "tiny.mul"(%x, %wt9) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c9 = "tiny.reduce"(%p9) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w10 = "tiny.reshape"(%W10) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt10 = "tiny.permute"(%w10) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p10 = "tiny.mul"(%x, %wt10) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c10 = "tiny.reduce"(%p10) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w11 = "tiny.reshape"(%W11) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt11 = "tiny.permute"(%w11) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p11 = "tiny.mul"(%x, %wt11) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c11 = "tiny.reduce"(%p11) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w12 = "tiny.reshape"(%W12) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt12 = "tiny.permute"(%w12) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p12 = "tiny.mul"(%x, %wt12) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c12 = "tiny.reduce"(%p12) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w13 = "tiny.reshape"(%W13) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt13 = "tiny.permute"(%w13) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p13 = "tiny.mul"(%x, %wt13) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c13 = "tiny.reduce"(%p13) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w14 = "tiny.reshape"(%W14) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt14 = "tiny.permute"(%w14) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p14 = "tiny.mul"(%x, %wt14) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c14 = "tiny.reduce"(%p14) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w15 = "tiny.reshape"(%W15) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt15 = "tiny.permute"(%w15) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p15 = "tiny.mul"(%x, %wt15) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c15 = "tiny.reduce"(%p15) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %w16 = "tiny.reshape"(%W16) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt16 = "tiny.permute"(%w16) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p16 = "tiny.mul"(%x, %wt16) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %c16 = "tiny.reduce"(%p16) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s1 = "tiny.add"(%c0, %c1) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s2 = "tiny.add"(%s1, %c2) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s3 = "tiny.add"(%s2, %c3) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s4 = "tiny.add"(%s3, %c4) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s5 = "tiny.add"(%s4, %c5) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s6 = "tiny.add"(%s5, %c6) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s7 = "tiny.add"(%s6, %c7) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s8 = "tiny.add"(%s7, %c8) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s9 = "tiny.add"(%s8, %c9) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s10 = "tiny.add"(%s9, %c10) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s11 = "tiny.add"(%s10, %c11) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s12 = "tiny.add"(%s11, %c12) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s13 = "tiny.add"(%s12, %c13) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s14 = "tiny.add"(%s13, %c14) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s15 = "tiny.add"(%s14, %c15) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s16 = "tiny.add"(%s15, %c16) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %s16 : tensor<?x?xf32, ["M", "N"]>
}
