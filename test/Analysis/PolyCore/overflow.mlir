// Regression (reproducer D19): a pad whose offsets are near INT64_MAX passed
// tiny-verify and convert-tiny-to-indexbook; dlc-poly-core's halo analysis
// then subtracted the offsets in int64 and overflowed (UBSan). Offsets and
// sizes beyond 2^61 are reported there (E1501 at the function), and such a
// tensor is now refused before, by the shape reader every pass shares: its
// static sizes hold more than 2^60 elements (E1005 at the pad).
// RUN: dlc-opt %s --split-input-file --convert-tiny-to-indexbook --dlc-poly-core --verify-diagnostics -o /dev/null
// RUN: not dlc-opt %s --split-input-file --convert-tiny-to-indexbook --dlc-poly-core 2>/dev/null | FileCheck %s

func.func @pad_near_int64_max(%x: tensor<2x3xf32>) -> tensor<9223372036854775802x3xf32> {
  // expected-error @+1 {{E1005 MalformedShape: the static dimensions hold more than 2^60 elements}}
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
