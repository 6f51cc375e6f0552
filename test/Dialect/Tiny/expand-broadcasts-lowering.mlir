// The GEMM + bias + ReLU example lowers to the same IndexBook and the same
// rbssa with or without tiny-expand-broadcasts: the explicit reshape/expand
// chains fold into the same affine maps as the implicit broadcasts.
// RUN: dlc-opt %dlc_src_root/examples/gemm_bias_relu.tiny.mlir --convert-tiny-to-indexbook > %t.ib0.mlir
// RUN: dlc-opt %dlc_src_root/examples/gemm_bias_relu.tiny.mlir --tiny-expand-broadcasts --convert-tiny-to-indexbook > %t.ib1.mlir
// RUN: diff %t.ib0.mlir %t.ib1.mlir
// RUN: dlc-opt %dlc_src_root/examples/gemm_bias_relu.tiny.mlir --convert-tiny-to-indexbook --convert-indexbook-to-rbssa > %t.rb0.mlir
// RUN: dlc-opt %dlc_src_root/examples/gemm_bias_relu.tiny.mlir --tiny-expand-broadcasts --tiny-verify --convert-tiny-to-indexbook --convert-indexbook-to-rbssa > %t.rb1.mlir
// RUN: diff %t.rb0.mlir %t.rb1.mlir
// RUN: FileCheck %s < %t.rb1.mlir

// CHECK: %[[X:.*]] = "rbssa.read"(%arg0) {map = #map} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
// CHECK-NEXT: %[[W:.*]] = "rbssa.read"(%arg1) {map = #map1} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
// CHECK-NEXT: %[[P:.*]] = "rbssa.binary"(%[[X]], %[[W]]) {fn = "mul"}
// CHECK-NEXT: %[[ACC:.*]] = "rbssa.reduce"(%[[P]]) {axes = array<i64: 2>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"}
// CHECK-NEXT: %[[B:.*]] = "rbssa.read"(%arg2) {map = #map2} : (memref<?xf16>) -> tensor<?xf16, ["N"]>
// CHECK-NEXT: %[[B32:.*]] = "rbssa.cast"(%[[B]])
// CHECK-NEXT: %[[BMN:.*]] = "rbssa.broadcast_in_dim"(%[[B32]]) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[S:.*]] = "rbssa.binary"(%[[ACC]], %[[BMN]]) {fn = "add"}
// CHECK-NEXT: %[[R:.*]] = "rbssa.unary"(%[[S]]) {fn = "relu"}
// CHECK-NEXT: "rbssa.yield"(%[[R]], %arg3) {cast = f16, materialize = "gmem"}
