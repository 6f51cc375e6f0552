// Padded inputs: an indexbook.view's in-bounds domain becomes an
// rbssa.select whose predicate keeps the constraints the iteration box does
// not imply, with else = the zero the padding reads. Inside a reduction the
// select stays inside the reduce, where 0 is the neutral element of sum
// (§6.7 step 5); the guarded read is not an UnguardedAccess.
// RUN: dlc-opt %s --split-input-file --convert-indexbook-to-rbssa | FileCheck %s

// Conv 3x3, stride 2, pad 1 (test/Dialect/IndexBook/ops.mlir, spec §6.8.2),
// static except N. Body axes (n, i1, i2, i3, r0, r1, r2); the upper bounds
// of the window (2 * ho + kh - 1 <= 55) always hold on the 28 x 3 box and
// are dropped, the lower bounds stay.

// CHECK-DAG: #[[$W:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d1, d4, d5, d6)>
// CHECK-DAG: #[[$X:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d4, d2 * 2 + d5 - 1, d3 * 2 + d6 - 1)>
// CHECK-DAG: #[[$PAD:set[0-9]*]] = affine_set<(d0, d1, d2, d3, d4, d5, d6)[s0] : (d2 * 2 + d5 - 1 >= 0, d3 * 2 + d6 - 1 >= 0)>
// CHECK-LABEL: func.func @conv3x3_s2_p1(
// CHECK-SAME: %[[X:[^:]+]]: memref<?x64x56x56xf16> {{.*}}rbssa.shape = ["N", 64, 56, 56]}
// CHECK-SAME: %[[W:[^:]+]]: memref<128x64x3x3xf16> {{.*}}rbssa.shape = [128, 64, 3, 3]}
// CHECK-SAME: %[[Y:[^:]+]]: memref<?x128x28x28xf16> {{.*}}rbssa.role = "output", rbssa.shape = ["N", 128, 28, 28]})
// CHECK-SAME: attributes {rbssa.iters = [{name = "n", size = "N"}, {name = "i1", size = 128 : i64}, {name = "i2", size = 28 : i64}, {name = "i3", size = 28 : i64}], rbssa.reduce_iters = [{name = "r0", size = 64 : i64}, {name = "r1", size = 3 : i64}, {name = "r2", size = 3 : i64}], rbssa.region = "conv3x3_s2_p1", rbssa.symbols = ["N"]}
// CHECK-NEXT: %[[RW:.+]] = "rbssa.read"(%[[W]]) {map = #[[$W]]} : (memref<128x64x3x3xf16>) -> tensor<?x128x28x28x64x3x3xf16, ["N", 128, 28, 28, 64, 3, 3]>
// CHECK-NEXT: %[[RX:.+]] = "rbssa.read"(%[[X]]) {map = #[[$X]]} : (memref<?x64x56x56xf16>) -> tensor<?x128x28x28x64x3x3xf16, ["N", 128, 28, 28, 64, 3, 3]>
// CHECK-NEXT: %[[XP:.+]] = "rbssa.select"(%[[RX]]) {else = 0.000000e+00 : f16, pred = #[[$PAD]]}
// CHECK-NEXT: %[[P:.+]] = "rbssa.binary"(%[[RW]], %[[XP]]) {fn = "mul"}
// CHECK-NEXT: %[[ACC:.+]] = "rbssa.reduce"(%[[P]]) {axes = array<i64: 4, 5, 6>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x128x28x28x64x3x3xf16, ["N", 128, 28, 28, 64, 3, 3]>) -> tensor<?x128x28x28xf32, ["N", 128, 28, 28]>
// CHECK-NEXT: "rbssa.yield"(%[[ACC]], %[[Y]]) {cast = f16, materialize = "gmem"}
// CHECK-NEXT: return
func.func @conv3x3_s2_p1(%X: tensor<?x64x56x56xf16, ["N", 64, 56, 56]>, %W: tensor<128x64x3x3xf16>)
    -> tensor<?x128x28x28xf16, ["N", 128, 28, 28]> attributes {indexbook.symbols = ["N"]} {
  %x = "indexbook.leaf"(%X) {
      axes = [{name = "i0", size = "N", kind = "iter"}, {name = "i1", size = 64, kind = "iter"},
              {name = "i2", size = 56, kind = "iter"}, {name = "i3", size = 56, kind = "iter"}],
      domain = [affine_set<(d0, d1, d2, d3)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0,
                                                    d2 >= 0, -d2 + 55 >= 0, d3 >= 0, -d3 + 55 >= 0)>],
      flags = {}}
      : (tensor<?x64x56x56xf16, ["N", 64, 56, 56]>) -> tensor<?x64x56x56xf16, ["N", 64, 56, 56]>
  %w = "indexbook.leaf"(%W) {
      axes = [{name = "i0", size = 128, kind = "iter"}, {name = "i1", size = 64, kind = "iter"},
              {name = "i2", size = 3, kind = "iter"}, {name = "i3", size = 3, kind = "iter"}],
      domain = [affine_set<(d0, d1, d2, d3)[s0] : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0,
                                                    d2 >= 0, -d2 + 2 >= 0, d3 >= 0, -d3 + 2 >= 0)>],
      flags = {}}
      : (tensor<128x64x3x3xf16>) -> tensor<128x64x3x3xf16>
  // Xv[n, c, h, w, kh, kw] = X[n, c, 2h + kh - 1, 2w + kw - 1] where in bounds.
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
  %y = "indexbook.unary"(%yacc) {fn = "cast",
      axes = [{name = "i0", size = "N", kind = "iter"}, {name = "i1", size = 128, kind = "iter"},
              {name = "i2", size = 28, kind = "iter"}, {name = "i3", size = 28, kind = "iter"}],
      domain = [affine_set<(d0, d1, d2, d3)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 127 >= 0,
                                                    d2 >= 0, -d2 + 27 >= 0, d3 >= 0, -d3 + 27 >= 0)>],
      maps = [affine_map<(d0, d1, d2, d3)[s0] -> (d0, d1, d2, d3)>],
      flags = {}}
      : (tensor<?x128x28x28xf32, ["N", 128, 28, 28]>) -> tensor<?x128x28x28xf16, ["N", 128, 28, 28]>
  return %y : tensor<?x128x28x28xf16, ["N", 128, 28, 28]>
}

// -----

// A 1-D convolution with symbolic N and pad 1: y[n] = sum_k w[k] * xp[n + k]
// with xp = pad(x, 1, 1). Both bounds of the window can fail here and stay
// in the predicate.

// CHECK-DAG: #[[$W:map[0-9]*]] = affine_map<(d0, d1)[s0] -> (d1)>
// CHECK-DAG: #[[$X:map[0-9]*]] = affine_map<(d0, d1)[s0] -> (d0 + d1 - 1)>
// CHECK-DAG: #[[$PAD:set[0-9]*]] = affine_set<(d0, d1)[s0] : (d0 + d1 - 1 >= 0, -d0 - d1 + s0 >= 0)>
// CHECK-LABEL: func.func @conv1d_pad1(
// CHECK-SAME: attributes {rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [{name = "r0", size = 3 : i64}], rbssa.region = "conv1d_pad1", rbssa.symbols = ["N"]}
// CHECK-NEXT: %[[RW:.+]] = "rbssa.read"(%{{.*}}) {map = #[[$W]]} : (memref<3xf16>) -> tensor<?x3xf16, ["N", 3]>
// CHECK-NEXT: %[[RX:.+]] = "rbssa.read"(%{{.*}}) {map = #[[$X]]} : (memref<?xf16>) -> tensor<?x3xf16, ["N", 3]>
// CHECK-NEXT: %[[XP:.+]] = "rbssa.select"(%[[RX]]) {else = 0.000000e+00 : f16, pred = #[[$PAD]]} : (tensor<?x3xf16, ["N", 3]>) -> tensor<?x3xf16, ["N", 3]>
// CHECK-NEXT: %[[P:.+]] = "rbssa.binary"(%[[RW]], %[[XP]]) {fn = "mul"}
// CHECK-NEXT: %[[ACC:.+]] = "rbssa.reduce"(%[[P]]) {axes = array<i64: 1>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x3xf16, ["N", 3]>) -> tensor<?xf32, ["N"]>
// CHECK-NEXT: "rbssa.yield"(%[[ACC]], %{{.*}}) {cast = f32, materialize = "gmem"}
func.func @conv1d_pad1(%x: tensor<?xf16, ["N"]>, %w: tensor<3xf16>) -> tensor<?xf32, ["N"]>
    attributes {indexbook.symbols = ["N"]} {
  %lx = "indexbook.leaf"(%x) {axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}}
      : (tensor<?xf16, ["N"]>) -> tensor<?xf16, ["N"]>
  %lw = "indexbook.leaf"(%w) {axes = [{name = "i0", size = 3, kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + 2 >= 0)>], flags = {}}
      : (tensor<3xf16>) -> tensor<3xf16>
  %xv = "indexbook.view"(%lx) {
      axes = [{name = "i0", size = "N", kind = "iter"}, {name = "i1", size = 3, kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 2 >= 0,
                                           d0 + d1 - 1 >= 0, -d0 - d1 + s0 >= 0)>],
      maps = [affine_map<(d0, d1)[s0] -> (d0 + d1 - 1)>], flags = {}}
      : (tensor<?xf16, ["N"]>) -> tensor<?x3xf16, ["N", 3]>
  %y = "indexbook.contract"(%lw, %xv) {pattern = "conv2d", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "N", kind = "iter"}, {name = "i1", size = 3, kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 2 >= 0)>],
      maps = [affine_map<(d0, d1)[s0] -> (d1)>, affine_map<(d0, d1)[s0] -> (d0, d1)>], flags = {}}
      : (tensor<3xf16>, tensor<?x3xf16, ["N", 3]>) -> tensor<?xf32, ["N"]>
  return %y : tensor<?xf32, ["N"]>
}

// -----

// A padded output with no reduction: y = relu(pad(x, 1, 1)) over a static
// [8]. The select is applied in the epilogue, else 0.

// CHECK-DAG: #[[$SHIFT:map[0-9]*]] = affine_map<(d0) -> (d0 - 1)>
// CHECK-DAG: #[[$IN:set[0-9]*]] = affine_set<(d0) : (d0 - 1 >= 0, -d0 + 6 >= 0)>
// CHECK-LABEL: func.func @pad_relu(
// CHECK-SAME: %[[X:[^:]+]]: memref<6xf32>
// CHECK-SAME: %[[Y:[^:]+]]: memref<8xf32>
// CHECK-SAME: attributes {rbssa.iters = [{name = "i0", size = 8 : i64}], rbssa.reduce_iters = [], rbssa.region = "pad_relu", rbssa.symbols = []}
// CHECK-NEXT: %[[RX:.+]] = "rbssa.read"(%[[X]]) {map = #[[$SHIFT]]} : (memref<6xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[XP:.+]] = "rbssa.select"(%[[RX]]) {else = 0.000000e+00 : f32, pred = #[[$IN]]} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[R:.+]] = "rbssa.unary"(%[[XP]]) {fn = "relu"} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: "rbssa.yield"(%[[R]], %[[Y]]) {cast = f32, materialize = "gmem"} : (tensor<8xf32>, memref<8xf32>) -> ()
func.func @pad_relu(%x: tensor<6xf32>) -> tensor<8xf32> attributes {indexbook.symbols = []} {
  %lx = "indexbook.leaf"(%x) {axes = [{name = "i0", size = 6, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 5 >= 0)>], flags = {}}
      : (tensor<6xf32>) -> tensor<6xf32>
  %xp = "indexbook.view"(%lx) {axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0, d0 - 1 >= 0, -d0 + 6 >= 0)>],
      maps = [affine_map<(d0) -> (d0 - 1)>], flags = {}}
      : (tensor<6xf32>) -> tensor<8xf32>
  %zero = "indexbook.const"() {value = 0.0 : f32, axes = [], domain = [affine_set<() : (0 == 0)>], flags = {}}
      : () -> tensor<f32>
  %y = "indexbook.binary"(%xp, %zero) {fn = "max", axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], flags = {}}
      : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return %y : tensor<8xf32>
}
