// RUN: dlc-opt %s | dlc-opt | FileCheck %s

// Round trip of every indexbook op (generic form). Maps and sets print as
// aliases at the top of the output; the ones the checks rely on:

// CHECK-DAG: #[[$BOX_MK:set[0-9]*]] = affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>
// CHECK-DAG: #[[$BOX_KN:set[0-9]*]] = affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>
// CHECK-DAG: #[[$BOX_MKN:set[0-9]*]] = affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>
// CHECK-DAG: #[[$A_OF_T:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1)>
// CHECK-DAG: #[[$B_OF_T:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1, d2)>
// CHECK-DAG: #[[$ID3:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1, d2)>
// CHECK-DAG: #[[$BCAST_N:map[0-9]*]] = affine_map<(d0, d1)[s0, s1, s2] -> (d1)>
// CHECK-DAG: #[[$TO_SCALAR:map[0-9]*]] = affine_map<(d0, d1)[s0, s1, s2] -> ()>
// CHECK-DAG: #[[$WINDOW:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5)[s0] -> (d0, d1, d2 * 2 + d4 - 1, d3 * 2 + d5 - 1)>
// CHECK-DAG: #[[$INBOUNDS:set[0-9]*]] = affine_set<(d0, d1, d2, d3, d4, d5)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 27 >= 0, d3 >= 0, -d3 + 27 >= 0, d4 >= 0, -d4 + 2 >= 0, d5 >= 0, -d5 + 2 >= 0, d2 * 2 + d4 - 1 >= 0, d2 * -2 - d4 + 56 >= 0, d3 * 2 + d5 - 1 >= 0, d3 * -2 - d5 + 56 >= 0)>
// CHECK-DAG: #[[$W_OF_IT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d1, d4, d5, d6)>
// CHECK-DAG: #[[$XV_OF_IT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d4, d2, d3, d5, d6)>
// CHECK-DAG: #[[$UNFLATTEN:map[0-9]*]] = affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s2 + d1)>
// CHECK-DAG: #[[$LEFT:set[0-9]*]] = affine_set<(d0)[s0, s1, s2] : (d0 >= 0, -d0 + 1 >= 0)>
// CHECK-DAG: #[[$RIGHT:set[0-9]*]] = affine_set<(d0)[s0, s1, s2] : (d0 - 6 >= 0, -d0 + 7 >= 0)>
// CHECK-DAG: #[[$UNIVERSE:set[0-9]*]] = affine_set<()[s0, s1, s2] : (0 == 0)>

//===----------------------------------------------------------------------===//
// GEMM, naive form: the spec's §4.5 T and C0.
//   T[i0, i1, i2] = A[i0, i1] * B[i1, i2]      axes M, K, N
//   C0[i0, i2]    = sum over i1 of T            reduce_axes = [1]
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @gemm_naive
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<?x?xf16, ["M", "K"]>, %[[B:[a-z0-9]+]]: tensor<?x?xf16, ["K", "N"]>)
// CHECK-SAME: indexbook.symbols = ["M", "K", "N"]
func.func @gemm_naive(%A: tensor<?x?xf16, ["M", "K"]>, %B: tensor<?x?xf16, ["K", "N"]>)
    -> tensor<?x?xf32, ["M", "N"]> attributes {indexbook.symbols = ["M", "K", "N"]} {
  // CHECK: %[[LA:.*]] = "indexbook.leaf"(%[[A]]) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [#[[$BOX_MK]]], flags = {}} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %a = "indexbook.leaf"(%A) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  // CHECK: %[[LB:.*]] = "indexbook.leaf"(%[[B]]) {axes = [{kind = "iter", name = "i0", size = "K"}, {kind = "iter", name = "i1", size = "N"}], domain = [#[[$BOX_KN]]], flags = {}} : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["K", "N"]>
  %b = "indexbook.leaf"(%B) {
      axes = [{name = "i0", size = "K", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      flags = {}}
      : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["K", "N"]>
  // CHECK: %[[T:.*]] = "indexbook.binary"(%[[LA]], %[[LB]]) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}, {kind = "iter", name = "i2", size = "N"}], domain = [#[[$BOX_MKN]]], flags = {}, fn = "mul", maps = [#[[$A_OF_T]], #[[$B_OF_T]]]} : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?x?xf16, ["M", "K", "N"]>
  %T = "indexbook.binary"(%a, %b) {fn = "mul",
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"},
              {name = "i2", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1)>,
              affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1, d2)>],
      flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?x?xf16, ["M", "K", "N"]>
  // CHECK: %[[C0:.*]] = "indexbook.reduce"(%[[T]]) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "reduce", name = "i1", size = "K"}, {kind = "iter", name = "i2", size = "N"}], domain = [#[[$BOX_MKN]]], flags = {}, maps = [#[[$ID3]]], op = "sum", reduce_axes = array<i64: 1>} : (tensor<?x?x?xf16, ["M", "K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %C0 = "indexbook.reduce"(%T) {op = "sum", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"},
              {name = "i2", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1, d2)>],
      flags = {}}
      : (tensor<?x?x?xf16, ["M", "K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // CHECK: return %[[C0]]
  return %C0 : tensor<?x?xf32, ["M", "N"]>
}

//===----------------------------------------------------------------------===//
// GEMM + bias + ReLU (tiny: test/Dialect/Tiny/ops.mlir @gemm_bias_relu),
// contraction form: the expand of the bias and the loads/store vanish into
// maps; the constant 0 is rank 0 and read through a map with no results.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK-SAME: indexbook.symbols = ["M", "K", "N"]
func.func @gemm_bias_relu(%A: tensor<?x?xf16, ["M", "K"]>, %B: tensor<?x?xf16, ["K", "N"]>,
                          %bias: tensor<?xf16, ["N"]>) -> tensor<?x?xf16, ["M", "N"]>
    attributes {indexbook.symbols = ["M", "K", "N"]} {
  // CHECK: %[[LA:.*]] = "indexbook.leaf"
  %a = "indexbook.leaf"(%A) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  // CHECK: %[[LB:.*]] = "indexbook.leaf"
  %b = "indexbook.leaf"(%B) {
      axes = [{name = "i0", size = "K", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      flags = {}}
      : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["K", "N"]>
  // CHECK: %[[LBIAS:.*]] = "indexbook.leaf"(%{{.*}}) {axes = [{kind = "iter", name = "i0", size = "N"}]
  %lbias = "indexbook.leaf"(%bias) {
      axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1, s2] : (d0 >= 0, -d0 + s2 - 1 >= 0)>],
      flags = {}}
      : (tensor<?xf16, ["N"]>) -> tensor<?xf16, ["N"]>
  // CHECK: %[[ACC:.*]] = "indexbook.contract"(%[[LA]], %[[LB]]) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "reduce", name = "i1", size = "K"}, {kind = "iter", name = "i2", size = "N"}], domain = [#[[$BOX_MKN]]], flags = {}, maps = [#[[$A_OF_T]], #[[$B_OF_T]]], pattern = "matmul", reduce_axes = array<i64: 1>} : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %acc = "indexbook.contract"(%a, %b) {pattern = "matmul", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"},
              {name = "i2", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1)>,
              affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1, d2)>],
      flags = {}}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // cast(expand(bias)): i0 is a broadcast axis (no input map uses d0).
  // CHECK: %[[B32:.*]] = "indexbook.unary"(%[[LBIAS]]) {axes = [{kind = "broadcast", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "N"}], domain = [#[[$BOX_MN:set[0-9]*]]], flags = {}, fn = "cast", maps = [#[[$BCAST_N]]]} : (tensor<?xf16, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %b32 = "indexbook.unary"(%lbias) {fn = "cast",
      axes = [{name = "i0", size = "M", kind = "broadcast"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d1)>],
      flags = {}}
      : (tensor<?xf16, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // CHECK: %[[C1:.*]] = "indexbook.binary"(%[[ACC]], %[[B32]]) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "N"}], domain = [#[[$BOX_MN]]], flags = {}, fn = "add", maps = [#[[$ID2:map[0-9]*]], #[[$ID2]]]}
  %c1 = "indexbook.binary"(%acc, %b32) {fn = "add",
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>, affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>],
      flags = {}}
      : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  // CHECK: %[[ZERO:.*]] = "indexbook.const"() {axes = [], domain = [#[[$UNIVERSE]]], flags = {}, value = 0.000000e+00 : f32} : () -> tensor<f32>
  %zero = "indexbook.const"() {value = 0.0 : f32, axes = [],
      domain = [affine_set<()[s0, s1, s2] : (0 == 0)>], flags = {}} : () -> tensor<f32>
  // CHECK: %[[C2:.*]] = "indexbook.binary"(%[[C1]], %[[ZERO]]) {{{.*}}fn = "max", maps = [#[[$ID2]], #[[$TO_SCALAR]]]}
  %c2 = "indexbook.binary"(%c1, %zero) {fn = "max",
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>, affine_map<(d0, d1)[s0, s1, s2] -> ()>],
      flags = {}}
      : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  // CHECK: %[[C3:.*]] = "indexbook.unary"(%[[C2]]) {{{.*}}fn = "cast", maps = [#[[$ID2]]]} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %c3 = "indexbook.unary"(%c2) {fn = "cast",
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>],
      flags = {}}
      : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  // CHECK: return %[[C3]]
  return %c3 : tensor<?x?xf16, ["M", "N"]>
}

//===----------------------------------------------------------------------===//
// Conv 3x3, stride 2, pad 1 (spec §4.5 "Conv"): the masked view Xv keeps the
// in-bounds piece; the pad piece is the rest of the box (reads as 0).
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @conv3x3_s2_p1
// CHECK-SAME: indexbook.symbols = ["N"]
func.func @conv3x3_s2_p1(%X: tensor<?x64x56x56xf16, ["N", 64, 56, 56]>, %W: tensor<128x64x3x3xf16>)
    -> tensor<?x128x28x28xf16, ["N", 128, 28, 28]> attributes {indexbook.symbols = ["N"]} {
  // CHECK: %[[X:.*]] = "indexbook.leaf"
  %x = "indexbook.leaf"(%X) {
      axes = [{name = "i0", size = "N", kind = "iter"}, {name = "i1", size = 64, kind = "iter"},
              {name = "i2", size = 56, kind = "iter"}, {name = "i3", size = 56, kind = "iter"}],
      domain = [affine_set<(d0, d1, d2, d3)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0,
                                                    d2 >= 0, -d2 + 55 >= 0, d3 >= 0, -d3 + 55 >= 0)>],
      flags = {}}
      : (tensor<?x64x56x56xf16, ["N", 64, 56, 56]>) -> tensor<?x64x56x56xf16, ["N", 64, 56, 56]>
  // CHECK: %[[W:.*]] = "indexbook.leaf"
  %w = "indexbook.leaf"(%W) {
      axes = [{name = "i0", size = 128, kind = "iter"}, {name = "i1", size = 64, kind = "iter"},
              {name = "i2", size = 3, kind = "iter"}, {name = "i3", size = 3, kind = "iter"}],
      domain = [affine_set<(d0, d1, d2, d3)[s0] : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0,
                                                    d2 >= 0, -d2 + 2 >= 0, d3 >= 0, -d3 + 2 >= 0)>],
      flags = {}}
      : (tensor<128x64x3x3xf16>) -> tensor<128x64x3x3xf16>
  // Xv[n, c, h, w, kh, kw] = X[n, c, 2h + kh - 1, 2w + kw - 1] where in bounds.
  // CHECK: %[[XV:.*]] = "indexbook.view"(%[[X]]) {axes = [{kind = "iter", name = "i0", size = "N"}, {kind = "iter", name = "i1", size = 64 : i64}, {kind = "iter", name = "i2", size = 28 : i64}, {kind = "iter", name = "i3", size = 28 : i64}, {kind = "iter", name = "i4", size = 3 : i64}, {kind = "iter", name = "i5", size = 3 : i64}], domain = [#[[$INBOUNDS]]], flags = {}, maps = [#[[$WINDOW]]]} : (tensor<?x64x56x56xf16, ["N", 64, 56, 56]>) -> tensor<?x64x28x28x3x3xf16, ["N", 64, 28, 28, 3, 3]>
  %xv = "indexbook.view"(%x) {
      axes = [{name = "i0", size = "N", kind = "iter"}, {name = "i1", size = 64, kind = "iter"},
              {name = "i2", size = 28, kind = "iter"}, {name = "i3", size = 28, kind = "iter"},
              {name = "i4", size = 3, kind = "iter"}, {name = "i5", size = 3, kind = "iter"}],
      domain = [affine_set<(d0, d1, d2, d3, d4, d5)[s0] :
                  (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 27 >= 0,
                   d3 >= 0, -d3 + 27 >= 0, d4 >= 0, -d4 + 2 >= 0, d5 >= 0, -d5 + 2 >= 0,
                   d2 * 2 + d4 - 1 >= 0, d2 * -2 - d4 + 56 >= 0,
                   d3 * 2 + d5 - 1 >= 0, d3 * -2 - d5 + 56 >= 0)>],
      maps = [affine_map<(d0, d1, d2, d3, d4, d5)[s0] -> (d0, d1, d2 * 2 + d4 - 1, d3 * 2 + d5 - 1)>],
      flags = {}}
      : (tensor<?x64x56x56xf16, ["N", 64, 56, 56]>) -> tensor<?x64x28x28x3x3xf16, ["N", 64, 28, 28, 3, 3]>
  // Iteration space [n, co, ho, wo, ci, kh, kw]; ci, kh, kw are reduced.
  // CHECK: %[[Y:.*]] = "indexbook.contract"(%[[W]], %[[XV]]) {{{.*}}kind = "reduce", name = "i4", size = 64 : i64}, {kind = "reduce", name = "i5", size = 3 : i64}, {kind = "reduce", name = "i6", size = 3 : i64}], domain = [#[[$CONV_BOX:set[0-9]*]]], flags = {}, maps = [#[[$W_OF_IT]], #[[$XV_OF_IT]]], pattern = "conv2d", reduce_axes = array<i64: 4, 5, 6>} : (tensor<128x64x3x3xf16>, tensor<?x64x28x28x3x3xf16, ["N", 64, 28, 28, 3, 3]>) -> tensor<?x128x28x28xf32, ["N", 128, 28, 28]>
  %yacc = "indexbook.contract"(%w, %xv) {pattern = "conv2d", acc_dtype = f32,
      reduce_axes = array<i64: 4, 5, 6>,
      axes = [{name = "i0", size = "N", kind = "iter"}, {name = "i1", size = 128, kind = "iter"},
              {name = "i2", size = 28, kind = "iter"}, {name = "i3", size = 28, kind = "iter"},
              {name = "i4", size = 64, kind = "reduce"}, {name = "i5", size = 3, kind = "reduce"},
              {name = "i6", size = 3, kind = "reduce"}],
      domain = [affine_set<(d0, d1, d2, d3, d4, d5, d6)[s0] :
                  (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 127 >= 0, d2 >= 0, -d2 + 27 >= 0,
                   d3 >= 0, -d3 + 27 >= 0, d4 >= 0, -d4 + 63 >= 0, d5 >= 0, -d5 + 2 >= 0,
                   d6 >= 0, -d6 + 2 >= 0)>],
      maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d1, d4, d5, d6)>,
              affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d4, d2, d3, d5, d6)>],
      flags = {}}
      : (tensor<128x64x3x3xf16>, tensor<?x64x28x28x3x3xf16, ["N", 64, 28, 28, 3, 3]>)
      -> tensor<?x128x28x28xf32, ["N", 128, 28, 28]>
  // CHECK: %[[YH:.*]] = "indexbook.unary"(%[[Y]]) {{{.*}}fn = "cast"
  %y = "indexbook.unary"(%yacc) {fn = "cast",
      axes = [{name = "i0", size = "N", kind = "iter"}, {name = "i1", size = 128, kind = "iter"},
              {name = "i2", size = 28, kind = "iter"}, {name = "i3", size = 28, kind = "iter"}],
      domain = [affine_set<(d0, d1, d2, d3)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 127 >= 0,
                                                    d2 >= 0, -d2 + 27 >= 0, d3 >= 0, -d3 + 27 >= 0)>],
      maps = [affine_map<(d0, d1, d2, d3)[s0] -> (d0, d1, d2, d3)>],
      flags = {}}
      : (tensor<?x128x28x28xf32, ["N", 128, 28, 28]>) -> tensor<?x128x28x28xf16, ["N", 128, 28, 28]>
  // CHECK: return %[[YH]]
  return %y : tensor<?x128x28x28xf16, ["N", 128, 28, 28]>
}

//===----------------------------------------------------------------------===//
// Remaining forms: unary valid on a masked view, a two-piece domain,
// ternary where, an integer constant, reduce max/min through a permuting
// map, and a non-SCoP map (floordiv-free but semi-affine: d0 * s1).
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @misc
// CHECK-SAME: indexbook.symbols = ["L", "M", "K"]
func.func @misc(%X: tensor<8xf32>, %F: tensor<?xf32, ["L"]>, %Y: tensor<?x?xf32, ["M", "K"]>)
    -> (tensor<8xi1>, tensor<8xf32>, tensor<?x?xf32, ["M", "K"]>, tensor<?xf32, ["K"]>, tensor<?xf32, ["M"]>)
    attributes {indexbook.symbols = ["L", "M", "K"]} {
  // CHECK: %[[X:.*]] = "indexbook.leaf"
  %x = "indexbook.leaf"(%X) {axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1, s2] : (d0 >= 0, -d0 + 7 >= 0)>], flags = {}}
      : (tensor<8xf32>) -> tensor<8xf32>
  // Keeps x[0..1] and x[6..7]: the domain is the union of its two pieces.
  // CHECK: %[[XM:.*]] = "indexbook.view"(%[[X]]) {axes = [{kind = "iter", name = "i0", size = 8 : i64}], domain = [#[[$LEFT]], #[[$RIGHT]]], flags = {}, maps = [#{{map[0-9]*}}]} : (tensor<8xf32>) -> tensor<8xf32>
  %xm = "indexbook.view"(%x) {axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1, s2] : (d0 >= 0, -d0 + 1 >= 0)>,
                affine_set<(d0)[s0, s1, s2] : (d0 - 6 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0)[s0, s1, s2] -> (d0)>], flags = {}}
      : (tensor<8xf32>) -> tensor<8xf32>
  // CHECK: %[[OK:.*]] = "indexbook.unary"(%[[XM]]) {{{.*}}fn = "valid"{{.*}} : (tensor<8xf32>) -> tensor<8xi1>
  %ok = "indexbook.unary"(%xm) {fn = "valid", axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1, s2] : (d0 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0)[s0, s1, s2] -> (d0)>], flags = {}}
      : (tensor<8xf32>) -> tensor<8xi1>
  // CHECK: %[[NEG:.*]] = "indexbook.const"() {{{.*}}value = -1 : i32} : () -> tensor<i32>
  %neg1 = "indexbook.const"() {value = -1 : i32, axes = [],
      domain = [affine_set<()[s0, s1, s2] : (0 == 0)>], flags = {}} : () -> tensor<i32>
  // CHECK: %[[NEGF:.*]] = "indexbook.unary"(%[[NEG]]) {axes = [{kind = "broadcast", name = "i0", size = 8 : i64}]{{.*}}fn = "cast"
  %neg1f = "indexbook.unary"(%neg1) {fn = "cast", axes = [{name = "i0", size = 8, kind = "broadcast"}],
      domain = [affine_set<(d0)[s0, s1, s2] : (d0 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0)[s0, s1, s2] -> ()>], flags = {}}
      : (tensor<i32>) -> tensor<8xf32>
  // CHECK: %[[SEL:.*]] = "indexbook.ternary"(%[[OK]], %[[XM]], %[[NEGF]]) {{{.*}}fn = "where"{{.*}} : (tensor<8xi1>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %sel = "indexbook.ternary"(%ok, %xm, %neg1f) {fn = "where", axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1, s2] : (d0 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0)[s0, s1, s2] -> (d0)>, affine_map<(d0)[s0, s1, s2] -> (d0)>,
              affine_map<(d0)[s0, s1, s2] -> (d0)>], flags = {}}
      : (tensor<8xi1>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  // A flat input F[L] read as [M, K] (L >= M * K): the map i0 * K + i1
  // multiplies an axis by a symbol, which isl cannot represent, so the value
  // is marked non-SCoP (a Region boundary).
  // CHECK: %[[F:.*]] = "indexbook.leaf"
  %f = "indexbook.leaf"(%F) {axes = [{name = "i0", size = "L", kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0)>],
      flags = {}}
      : (tensor<?xf32, ["L"]>) -> tensor<?xf32, ["L"]>
  // CHECK: %[[E:.*]] = "indexbook.unary"(%[[F]]) {{{.*}}flags = {non_scop = true}, fn = "exp2", maps = [#[[$UNFLATTEN]]]} : (tensor<?xf32, ["L"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e = "indexbook.unary"(%f) {fn = "exp2",
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s2 + d1)>], flags = {non_scop = true}}
      : (tensor<?xf32, ["L"]>) -> tensor<?x?xf32, ["M", "K"]>
  // CHECK: %[[Y:.*]] = "indexbook.leaf"
  %y = "indexbook.leaf"(%Y) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      flags = {}}
      : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  // max over M of Y: iteration space [K, M] reads Y through a transpose.
  // CHECK: %[[CMAX:.*]] = "indexbook.reduce"(%[[Y]]) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "K"}, {kind = "reduce", name = "i1", size = "M"}]{{.*}}op = "max", reduce_axes = array<i64: 1>} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["K"]>
  %cmax = "indexbook.reduce"(%y) {op = "max", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "K", kind = "iter"}, {name = "i1", size = "M", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s2 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d1, d0)>], flags = {}}
      : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["K"]>
  // CHECK: %[[RMIN:.*]] = "indexbook.reduce"(%[[Y]]) {acc_dtype = f32, {{.*}}op = "min", reduce_axes = array<i64: 1>} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  %rmin = "indexbook.reduce"(%y) {op = "min", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>], flags = {}}
      : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  // CHECK: return %[[OK]], %[[SEL]], %[[E]], %[[CMAX]], %[[RMIN]]
  return %ok, %sel, %e, %cmax, %rmin
      : tensor<8xi1>, tensor<8xf32>, tensor<?x?xf32, ["M", "K"]>, tensor<?xf32, ["K"]>, tensor<?xf32, ["M"]>
}
