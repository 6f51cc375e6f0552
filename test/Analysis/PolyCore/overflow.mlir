// Regression (reproducer D19): a pad whose offsets are near INT64_MAX passes
// tiny-verify and convert-tiny-to-indexbook; dlc-poly-core's halo analysis
// then subtracted the offsets in int64 and overflowed (UBSan). Offsets and
// sizes beyond 2^61 are now reported, E1501 at the function.
// RUN: dlc-opt %s --split-input-file --convert-tiny-to-indexbook --dlc-poly-core --verify-diagnostics -o /dev/null
// RUN: not dlc-opt %s --split-input-file --convert-tiny-to-indexbook --dlc-poly-core 2>/dev/null | FileCheck %s

// expected-error @+1 {{E1501 UnsupportedOp: the halo and buffer analysis of @pad_near_int64_max needs offsets or sizes beyond 2^61, which do not fit 64-bit arithmetic; suggestion: keep tensor sizes and pad or shift offsets below 2^61}}
func.func @pad_near_int64_max(%x: tensor<2x3xf32>) -> tensor<9223372036854775802x3xf32> {
  %p = "tiny.pad"(%x) {padding = array<i64: 9223372036854775800, 0, 0, 0>} : (tensor<2x3xf32>) -> tensor<9223372036854775802x3xf32>
  return %p : tensor<9223372036854775802x3xf32>
}

// -----

// A large pad within the limit: analysed as usual.
// CHECK-LABEL: func.func @pad_below_limit
// CHECK: halo = {bytes = 12288 : i64, per_axis = {i0_2 = 1024 : i64, i1 = 0 : i64}
func.func @pad_below_limit(%x: tensor<2x3xf32>) -> tensor<1026x3xf32> {
  %p = "tiny.pad"(%x) {padding = array<i64: 1024, 0, 0, 0>} : (tensor<2x3xf32>) -> tensor<1026x3xf32>
  return %p : tensor<1026x3xf32>
}
