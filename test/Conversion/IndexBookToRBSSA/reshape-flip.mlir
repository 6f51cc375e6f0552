// A row-major reshape composed with a flip reads in bounds: the index
// `e - q * (e floordiv q)` is `e mod q`, which isl's bounds see (the
// interval bounds before them raised a false E1402 UnguardedAccess).
// RUN: dlc-opt %s --split-input-file --convert-tiny-to-indexbook --convert-indexbook-to-rbssa | FileCheck %s

// CHECK-DAG: #[[FLAT:.*]] = affine_map<(d0) -> (d0 floordiv 6, -d0 + (d0 floordiv 6) * 6 + 5)>
// CHECK-LABEL: func.func @flip_then_flatten
// CHECK: "rbssa.read"(%arg0) {map = #[[FLAT]]} : (memref<4x6xf32>) -> tensor<24xf32>
func.func @flip_then_flatten(%x: tensor<4x6xf32>) -> tensor<24xf32> {
  %f = "tiny.flip"(%x) {axes = array<i64: 1>} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = "tiny.reshape"(%f) : (tensor<4x6xf32>) -> tensor<24xf32>
  %e = "tiny.exp2"(%r) : (tensor<24xf32>) -> tensor<24xf32>
  return %e : tensor<24xf32>
}

// -----

// CHECK-DAG: #[[RF:.*]] = affine_map<(d0, d1) -> ((d0 * 6 - d1 + 5) floordiv 4, d0 * 6 - d1 - ((d0 * 6 - d1 + 5) floordiv 4) * 4 + 5)>
// CHECK-LABEL: func.func @reshape_then_flip
// CHECK: "rbssa.read"(%arg0) {map = #[[RF]]} : (memref<6x4xf32>) -> tensor<4x6xf32>
func.func @reshape_then_flip(%x: tensor<6x4xf32>) -> tensor<4x6xf32> {
  %r = "tiny.reshape"(%x) : (tensor<6x4xf32>) -> tensor<4x6xf32>
  %f = "tiny.flip"(%r) {axes = array<i64: 1>} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %e = "tiny.exp2"(%f) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %e : tensor<4x6xf32>
}

// -----

// CHECK-DAG: #[[FR:.*]] = affine_map<(d0, d1) -> ((d0 * 6 + d1) floordiv 4, d0 * -6 - d1 + ((d0 * 6 + d1) floordiv 4) * 4 + 3)>
// CHECK-LABEL: func.func @flip_then_reshape
// CHECK: "rbssa.read"(%arg0) {map = #[[FR]]} : (memref<6x4xf32>) -> tensor<4x6xf32>
func.func @flip_then_reshape(%x: tensor<6x4xf32>) -> tensor<4x6xf32> {
  %f = "tiny.flip"(%x) {axes = array<i64: 1>} : (tensor<6x4xf32>) -> tensor<6x4xf32>
  %r = "tiny.reshape"(%f) : (tensor<6x4xf32>) -> tensor<4x6xf32>
  %e = "tiny.exp2"(%r) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %e : tensor<4x6xf32>
}
