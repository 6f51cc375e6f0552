// tiny.contract (the CONTRACT form of spec §3.5.1/§3.5.2): the iteration
// space is out_idx then reduce_idx; each operand is read through the
// positions of its index names; loads, stores and expands vanish into maps.
// RUN: dlc-opt %s --convert-tiny-to-indexbook | dlc-opt | FileCheck %s

// CHECK-DAG: #[[$A_OF_MNK:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d2)>
// CHECK-DAG: #[[$B_OF_MNK:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d2, d1)>
// CHECK-DAG: #[[$BIAS_MN:map[0-9]*]] = affine_map<(d0, d1)[s0, s1, s2] -> (d1)>
// CHECK-DAG: #[[$ID2:map[0-9]*]] = affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>
// CHECK-DAG: #[[$SCALAR:map[0-9]*]] = affine_map<(d0, d1)[s0, s1, s2] -> ()>
// CHECK-DAG: #[[$BOX_MNK:set[0-9]*]] = affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0, d2 >= 0, -d2 + s1 - 1 >= 0)>
// CHECK-DAG: #[[$BOX_MN:set[0-9]*]] = affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>
// CHECK-DAG: #[[$WINDOW:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5)[s0] -> (d0, d1, d2 * 2 + d4 - 1, d3 * 2 + d5 - 1)>
// CHECK-DAG: #[[$W_OF_IT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d1, d4, d5, d6)>
// CHECK-DAG: #[[$XV_OF_IT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d4, d2, d3, d5, d6)>
// CHECK-DAG: #[[$INBOUNDS:set[0-9]*]] = affine_set<(d0, d1, d2, d3, d4, d5)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 27 >= 0, d3 >= 0, -d3 + 27 >= 0, d4 >= 0, -d4 + 2 >= 0, d5 >= 0, -d5 + 2 >= 0, d2 * 2 + d4 - 1 >= 0, d3 * 2 + d5 - 1 >= 0)>
// CHECK-DAG: #[[$CONV_BOX:set[0-9]*]] = affine_set<(d0, d1, d2, d3, d4, d5, d6)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 127 >= 0, d2 >= 0, -d2 + 27 >= 0, d3 >= 0, -d3 + 27 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 2 >= 0, d6 >= 0, -d6 + 2 >= 0)>

// docs/dialects/tiny.md @gemm_bias_relu, with dlc.symbols.
// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK-SAME: indexbook.symbols = ["M", "K", "N"]
// CHECK: %[[LA:[0-9]+]] = "indexbook.leaf"
// CHECK: %[[LB:[0-9]+]] = "indexbook.leaf"
// CHECK: %[[LBIAS:[0-9]+]] = "indexbook.leaf"
// CHECK: %[[ACC:[0-9]+]] = "indexbook.contract"(%[[LA]], %[[LB]]) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "N"}, {kind = "reduce", name = "i2", size = "K"}], domain = [#[[$BOX_MNK]]], flags = {}, maps = [#[[$A_OF_MNK]], #[[$B_OF_MNK]]], pattern = "matmul", reduce_axes = array<i64: 2>}
// expand(bias) then cast: i0 is a broadcast axis.
// CHECK: %[[B32:[0-9]+]] = "indexbook.unary"(%[[LBIAS]]) {axes = [{kind = "broadcast", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "N"}], domain = [#[[$BOX_MN]]], flags = {}, fn = "cast", maps = [#[[$BIAS_MN]]]} : (tensor<?xf16, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK: %[[C1:[0-9]+]] = "indexbook.binary"(%[[ACC]], %[[B32]]) {{{.*}}fn = "add", maps = [#[[$ID2]], #[[$ID2]]]}
// CHECK: %[[ZERO:[0-9]+]] = "indexbook.const"()
// CHECK: %[[C2:[0-9]+]] = "indexbook.binary"(%[[C1]], %[[ZERO]]) {{{.*}}fn = "max", maps = [#[[$ID2]], #[[$SCALAR]]]}
// CHECK: %[[C3:[0-9]+]] = "indexbook.unary"(%[[C2]]) {{{.*}}fn = "cast", maps = [#[[$ID2]]]}
// The identity store returns the computed value itself.
// CHECK-NEXT: return %[[C3]]
func.func @gemm_bias_relu(%A: tensor<?x?xf16, ["M", "K"]>, %B: tensor<?x?xf16, ["K", "N"]>,
                          %bias: tensor<?xf16, ["N"]>) -> tensor<?x?xf16, ["M", "N"]>
    attributes {dlc.symbols = ["M", "K", "N"]} {
  %a = "tiny.load"(%A) {map = affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>}
      : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %b = "tiny.load"(%B) {map = affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>}
      : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["K", "N"]>
  %acc = "tiny.contract"(%a, %b) {acc_dtype = f32, lhs_idx = ["m", "k"], out_idx = ["m", "n"],
                                  pattern = "matmul", reduce_idx = ["k"], rhs_idx = ["k", "n"]}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %bmn = "tiny.expand"(%bias) {broadcast_dimensions = array<i64: 1>}
      : (tensor<?xf16, ["N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %b32 = "tiny.cast"(%bmn) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c1 = "tiny.add"(%acc, %b32)
      : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %c2 = "tiny.max"(%c1, %zero) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %c3 = "tiny.cast"(%c2) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %out = "tiny.store"(%c3) {map = affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>}
      : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %out : tensor<?x?xf16, ["M", "N"]>
}

// Conv 3x3, stride 2, pad 1 (spec §3.5.2, §4.5): pad + window view form one
// masked indexbook.view (only the lower guards: the upper ones hold on the
// whole box), read by a conv2d contract over [n, co, ho, wo, ci, kh, kw].
// CHECK-LABEL: func.func @conv3x3_s2_p1
// CHECK-SAME: indexbook.symbols = ["N"]
// CHECK: %[[X:[0-9]+]] = "indexbook.leaf"
// CHECK: %[[W:[0-9]+]] = "indexbook.leaf"
// CHECK: %[[XV:[0-9]+]] = "indexbook.view"(%[[X]]) {axes = [{kind = "iter", name = "i0", size = "N"}, {kind = "iter", name = "i1", size = 64 : i64}, {kind = "iter", name = "i2", size = 28 : i64}, {kind = "iter", name = "i3", size = 28 : i64}, {kind = "iter", name = "i4", size = 3 : i64}, {kind = "iter", name = "i5", size = 3 : i64}], domain = [#[[$INBOUNDS]]], flags = {}, maps = [#[[$WINDOW]]]} : (tensor<?x64x56x56xf16, ["N", 64, 56, 56]>) -> tensor<?x64x28x28x3x3xf16, ["N", 64, 28, 28, 3, 3]>
// CHECK: %[[Y:[0-9]+]] = "indexbook.contract"(%[[W]], %[[XV]]) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "N"}, {kind = "iter", name = "i1", size = 128 : i64}, {kind = "iter", name = "i2", size = 28 : i64}, {kind = "iter", name = "i3", size = 28 : i64}, {kind = "reduce", name = "i4", size = 64 : i64}, {kind = "reduce", name = "i5", size = 3 : i64}, {kind = "reduce", name = "i6", size = 3 : i64}], domain = [#[[$CONV_BOX]]], flags = {}, maps = [#[[$W_OF_IT]], #[[$XV_OF_IT]]], pattern = "conv2d", reduce_axes = array<i64: 4, 5, 6>}
// CHECK: %[[H:[0-9]+]] = "indexbook.unary"(%[[Y]]) {{{.*}}fn = "cast"
// CHECK: return %[[H]]
func.func @conv3x3_s2_p1(%X: tensor<?x64x56x56xf16, ["N", 64, 56, 56]>, %W: tensor<128x64x3x3xf16>)
    -> tensor<?x128x28x28xf16, ["N", 128, 28, 28]> {
  %xp = "tiny.pad"(%X) {padding = array<i64: 0, 0, 0, 0, 1, 1, 1, 1>}
      : (tensor<?x64x56x56xf16, ["N", 64, 56, 56]>) -> tensor<?x64x58x58xf16, ["N", 64, 58, 58]>
  %xv = "tiny.view"(%xp) {map = affine_map<(d0, d1, d2, d3, d4, d5)[s0] -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>}
      : (tensor<?x64x58x58xf16, ["N", 64, 58, 58]>) -> tensor<?x64x28x28x3x3xf16, ["N", 64, 28, 28, 3, 3]>
  %y = "tiny.contract"(%W, %xv) {acc_dtype = f32, lhs_idx = ["co", "ci", "kh", "kw"],
         out_idx = ["n", "co", "ho", "wo"], pattern = "conv2d", reduce_idx = ["ci", "kh", "kw"],
         rhs_idx = ["n", "ci", "ho", "wo", "kh", "kw"]}
      : (tensor<128x64x3x3xf16>, tensor<?x64x28x28x3x3xf16, ["N", 64, 28, 28, 3, 3]>)
      -> tensor<?x128x28x28xf32, ["N", 128, 28, 28]>
  %h = "tiny.cast"(%y) : (tensor<?x128x28x28xf32, ["N", 128, 28, 28]>) -> tensor<?x128x28x28xf16, ["N", 128, 28, 28]>
  return %h : tensor<?x128x28x28xf16, ["N", 128, 28, 28]>
}
