// Tail axes for a tile (spec §4.6, §7.1): an axis needs predication when
// its extent is symbolic or not a multiple of its tile. The odd GEMM of
// DESIGN.md (4095 x 4097 x 4093) has all three; 4096^3 has none; a tile
// option changes the answer (4096 % 96 != 0).
// RUN: dlc-opt %s --convert-tiny-to-indexbook --dlc-poly-core | FileCheck %s
// RUN: dlc-opt %s --convert-tiny-to-indexbook --dlc-poly-core=tile=96,128,64 | FileCheck %s --check-prefix=TILE

// CHECK-LABEL: func.func @odd
// CHECK-SAME: tail_axes = ["m", "n", "k"], tile = array<i64: 128, 128, 32>, tiles = {k = 32 : i64, m = 128 : i64, n = 128 : i64}
// CHECK-LABEL: func.func @aligned
// CHECK-SAME: tail_axes = [], tile = array<i64: 128, 128, 32>
// TILE-LABEL: func.func @aligned
// TILE-SAME: tail_axes = ["m"], tile = array<i64: 96, 128, 64>, tiles = {k = 64 : i64, m = 96 : i64, n = 128 : i64}
func.func @odd(%x: tensor<4095x4093xf16>, %w: tensor<4093x4097xf16>) -> tensor<4095x4097xf32> {
  %acc = "tiny.contract"(%x, %w) {acc_dtype = f32, lhs_idx = ["m", "k"], out_idx = ["m", "n"], pattern = "matmul", reduce_idx = ["k"], rhs_idx = ["k", "n"]}
      : (tensor<4095x4093xf16>, tensor<4093x4097xf16>) -> tensor<4095x4097xf32>
  return %acc : tensor<4095x4097xf32>
}
func.func @aligned(%x: tensor<4096x4096xf16>, %w: tensor<4096x4096xf16>) -> tensor<4096x4096xf32> {
  %acc = "tiny.contract"(%x, %w) {acc_dtype = f32, lhs_idx = ["m", "k"], out_idx = ["m", "n"], pattern = "matmul", reduce_idx = ["k"], rhs_idx = ["k", "n"]}
      : (tensor<4096x4096xf16>, tensor<4096x4096xf16>) -> tensor<4096x4096xf32>
  return %acc : tensor<4096x4096xf32>
}
