// GEMM + bias + ReLU in tinygrad's reference form (examples/
// gemm_bias_relu.tiny.mlir, spec 000 §0): reshape/permute vanish into the
// maps, mul -> reduce(sum) over graph inputs becomes one indexbook.contract
// over [M, N, K] with K reduced, then bias add, max with 0 and cast.
// RUN: dlc-opt %dlc_src_root/examples/gemm_bias_relu.tiny.mlir --convert-tiny-to-indexbook | dlc-opt | FileCheck %s

// CHECK-DAG: #[[$X_OF_MNK:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d2)>
// CHECK-DAG: #[[$W_OF_MNK:map[0-9]*]] = affine_map<(d0, d1, d2)[s0, s1, s2] -> (d2, d1)>
// CHECK-DAG: #[[$ID1:map[0-9]*]] = affine_map<(d0)[s0, s1, s2] -> (d0)>
// CHECK-DAG: #[[$ID2:map[0-9]*]] = affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>
// CHECK-DAG: #[[$BIAS:map[0-9]*]] = affine_map<(d0, d1)[s0, s1, s2] -> (d1)>
// CHECK-DAG: #[[$SCALAR:map[0-9]*]] = affine_map<(d0, d1)[s0, s1, s2] -> ()>
// CHECK-DAG: #[[$BOX_MK:set[0-9]*]] = affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>
// CHECK-DAG: #[[$BOX_KN:set[0-9]*]] = affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>
// CHECK-DAG: #[[$BOX_N:set[0-9]*]] = affine_set<(d0)[s0, s1, s2] : (d0 >= 0, -d0 + s2 - 1 >= 0)>
// CHECK-DAG: #[[$BOX_MNK:set[0-9]*]] = affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0, d2 >= 0, -d2 + s1 - 1 >= 0)>
// CHECK-DAG: #[[$BOX_MN:set[0-9]*]] = affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>
// CHECK-DAG: #[[$UNIVERSE:set[0-9]*]] = affine_set<()[s0, s1, s2] : (0 == 0)>

// Symbols in first-appearance order: X[M, K], W[K, N], bias[N].
// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"}, %[[W:[a-z0-9]+]]: tensor<?x?xf16, ["K", "N"]> {dlc.name = "W"}, %[[BIAS:[a-z0-9]+]]: tensor<?xf16, ["N"]> {dlc.name = "bias"}) -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Y"})
// CHECK-SAME: attributes {indexbook.symbols = ["M", "K", "N"]}
// CHECK-NOT: tiny.
// CHECK: %[[LX:[0-9]+]] = "indexbook.leaf"(%[[X]]) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [#[[$BOX_MK]]], flags = {}}
// CHECK: %[[LW:[0-9]+]] = "indexbook.leaf"(%[[W]]) {axes = [{kind = "iter", name = "i0", size = "K"}, {kind = "iter", name = "i1", size = "N"}], domain = [#[[$BOX_KN]]], flags = {}}
// CHECK: %[[LB:[0-9]+]] = "indexbook.leaf"(%[[BIAS]]) {axes = [{kind = "iter", name = "i0", size = "N"}], domain = [#[[$BOX_N]]], flags = {}}
// The product lives on [M, N, K] (the mul's shape); K is reduced.
// CHECK: %[[ACC:[0-9]+]] = "indexbook.contract"(%[[LX]], %[[LW]]) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "N"}, {kind = "reduce", name = "i2", size = "K"}], domain = [#[[$BOX_MNK]]], flags = {}, maps = [#[[$X_OF_MNK]], #[[$W_OF_MNK]]], pattern = "matmul", reduce_axes = array<i64: 2>} : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK: %[[B32:[0-9]+]] = "indexbook.unary"(%[[LB]]) {axes = [{kind = "iter", name = "i0", size = "N"}], domain = [#[[$BOX_N]]], flags = {}, fn = "cast", maps = [#[[$ID1]]]} : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
// The bias broadcasts right-aligned: its map drops i0.
// CHECK: %[[SUM:[0-9]+]] = "indexbook.binary"(%[[ACC]], %[[B32]]) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "N"}], domain = [#[[$BOX_MN]]], flags = {}, fn = "add", maps = [#[[$ID2]], #[[$BIAS]]]}
// CHECK: %[[ZERO:[0-9]+]] = "indexbook.const"() {axes = [], domain = [#[[$UNIVERSE]]], flags = {}, value = 0.000000e+00 : f32} : () -> tensor<f32>
// CHECK: %[[RELU:[0-9]+]] = "indexbook.binary"(%[[SUM]], %[[ZERO]]) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "N"}], domain = [#[[$BOX_MN]]], flags = {}, fn = "max", maps = [#[[$ID2]], #[[$SCALAR]]]}
// CHECK: %[[Y:[0-9]+]] = "indexbook.unary"(%[[RELU]]) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "N"}], domain = [#[[$BOX_MN]]], flags = {}, fn = "cast", maps = [#[[$ID2]]]} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
// CHECK-NOT: tiny.
// CHECK: return %[[Y]] : tensor<?x?xf16, ["M", "N"]>
