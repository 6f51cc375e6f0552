// SRNF R1 (spec §6.6): a factor of the reduction body that does not depend on
// the reduced axes is hoisted out of the reduce and applied to its result,
// where this is exact for the op: sum of mul(a, b) -> a * sum b, sum of
// fdiv(b, a) -> (sum b) / a, max/min of add(a, b) -> a + max b and of
// sub(b, a) -> (max b) - a. Inputs: convert-tiny-to-indexbook of
// test/Interp/diff/hoist.mlir.
// RUN: dlc-opt %s --split-input-file --convert-indexbook-to-rbssa | FileCheck %s

// y[m] = sum_k s[m] * X[m, k] (a contraction, as tiny's mul + reduce
// becomes): the body is the read of X alone; s multiplies the accumulator.

// CHECK-LABEL: func.func @sum_scale(
// CHECK-NEXT: %[[X:.+]] = "rbssa.read"(%arg0) {map = #{{.*}}} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "K"]>
// CHECK-NEXT: %[[S:.+]] = "rbssa.reduce"(%[[X]]) {axes = array<i64: 1>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: %[[F:.+]] = "rbssa.read"(%arg1) {map = #{{.*}}} : (memref<?xf32>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: %[[Y:.+]] = "rbssa.binary"(%[[F]], %[[S]]) {fn = "mul"} : (tensor<?xf32, ["M"]>, tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: "rbssa.yield"(%[[Y]], %arg2)

func.func @sum_scale(%arg0: tensor<?x?xf32, ["M", "K"]>, %arg1: tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]> attributes {indexbook.symbols = ["M", "K"]} {
  %0 = "indexbook.leaf"(%arg0) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %1 = "indexbook.leaf"(%arg1) {axes = [{kind = "iter", name = "i0", size = "M"}], domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}} : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
  %2 = "indexbook.contract"(%1, %0) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "reduce", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}, maps = [affine_map<(d0, d1)[s0, s1] -> (d0)>, affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], pattern = "matmul", reduce_axes = array<i64: 1>} : (tensor<?xf32, ["M"]>, tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %2 : tensor<?xf32, ["M"]>
}

// -----

// y[m] = sum_k X[m, k] / s[m]: the sum of X, then divided by s.

// CHECK-LABEL: func.func @sum_div(
// CHECK-NEXT: %[[X:.+]] = "rbssa.read"(%arg0) {map = #{{.*}}} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "K"]>
// CHECK-NEXT: %[[S:.+]] = "rbssa.reduce"(%[[X]]) {axes = array<i64: 1>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"}
// CHECK-NEXT: %[[F:.+]] = "rbssa.read"(%arg1) {map = #{{.*}}} : (memref<?xf32>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: %[[Y:.+]] = "rbssa.binary"(%[[S]], %[[F]]) {fn = "div"} : (tensor<?xf32, ["M"]>, tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: "rbssa.yield"(%[[Y]], %arg2)

func.func @sum_div(%arg0: tensor<?x?xf32, ["M", "K"]>, %arg1: tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]> attributes {indexbook.symbols = ["M", "K"]} {
  %0 = "indexbook.leaf"(%arg0) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %1 = "indexbook.leaf"(%arg1) {axes = [{kind = "iter", name = "i0", size = "M"}], domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}} : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
  %2 = "indexbook.binary"(%0, %1) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}, fn = "fdiv", maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>, affine_map<(d0, d1)[s0, s1] -> (d0)>]} : (tensor<?x?xf32, ["M", "K"]>, tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %3 = "indexbook.reduce"(%2) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "reduce", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}, maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], op = "sum", reduce_axes = array<i64: 1>} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %3 : tensor<?xf32, ["M"]>
}

// -----

// y[m] = max_k (c[m] + X[m, k]) = c[m] + max_k X[m, k].

// CHECK-LABEL: func.func @max_add(
// CHECK-NEXT: %[[X:.+]] = "rbssa.read"(%arg0) {map = #{{.*}}} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "K"]>
// CHECK-NEXT: %[[S:.+]] = "rbssa.reduce"(%[[X]]) {axes = array<i64: 1>, dtype = f32, init = 0xFF800000 : f32, op = "max"}
// CHECK-NEXT: %[[F:.+]] = "rbssa.read"(%arg1) {map = #{{.*}}} : (memref<?xf32>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: %[[Y:.+]] = "rbssa.binary"(%[[F]], %[[S]]) {fn = "add"}
// CHECK-NEXT: "rbssa.yield"(%[[Y]], %arg2)

func.func @max_add(%arg0: tensor<?x?xf32, ["M", "K"]>, %arg1: tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]> attributes {indexbook.symbols = ["M", "K"]} {
  %0 = "indexbook.leaf"(%arg0) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %1 = "indexbook.leaf"(%arg1) {axes = [{kind = "iter", name = "i0", size = "M"}], domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}} : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
  %2 = "indexbook.binary"(%1, %0) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}, fn = "add", maps = [affine_map<(d0, d1)[s0, s1] -> (d0)>, affine_map<(d0, d1)[s0, s1] -> (d0, d1)>]} : (tensor<?xf32, ["M"]>, tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %3 = "indexbook.reduce"(%2) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "reduce", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}, maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], op = "max", reduce_axes = array<i64: 1>} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %3 : tensor<?xf32, ["M"]>
}

// -----

// y[m] = min_k (X[m, k] - c[m]) = (min_k X[m, k]) - c[m].

// CHECK-LABEL: func.func @min_sub(
// CHECK-NEXT: %[[X:.+]] = "rbssa.read"(%arg0) {map = #{{.*}}} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "K"]>
// CHECK-NEXT: %[[S:.+]] = "rbssa.reduce"(%[[X]]) {axes = array<i64: 1>, dtype = f32, init = 0x7F800000 : f32, op = "min"}
// CHECK-NEXT: %[[F:.+]] = "rbssa.read"(%arg1) {map = #{{.*}}} : (memref<?xf32>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: %[[Y:.+]] = "rbssa.binary"(%[[S]], %[[F]]) {fn = "sub"}
// CHECK-NEXT: "rbssa.yield"(%[[Y]], %arg2)

func.func @min_sub(%arg0: tensor<?x?xf32, ["M", "K"]>, %arg1: tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]> attributes {indexbook.symbols = ["M", "K"]} {
  %0 = "indexbook.leaf"(%arg0) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %1 = "indexbook.leaf"(%arg1) {axes = [{kind = "iter", name = "i0", size = "M"}], domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}} : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
  %2 = "indexbook.binary"(%0, %1) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}, fn = "sub", maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>, affine_map<(d0, d1)[s0, s1] -> (d0)>]} : (tensor<?x?xf32, ["M", "K"]>, tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %3 = "indexbook.reduce"(%2) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "reduce", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}, maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], op = "min", reduce_axes = array<i64: 1>} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %3 : tensor<?xf32, ["M"]>
}

// -----

// y[m, n] = sum_k s[m] * (b[n] * X[m, k]) in f16, accumulated in f32: both
// factors are hoisted, the inner one (b) applied first, each cast to the
// accumulator type and broadcast to the result's axes.

// CHECK-LABEL: func.func @chain(
// CHECK-NEXT: %[[X:.+]] = "rbssa.read"(%arg0) {map = #{{.*}}} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
// CHECK-NEXT: %[[S:.+]] = "rbssa.reduce"(%[[X]]) {axes = array<i64: 2>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[B:.+]] = "rbssa.read"(%arg2) {map = #{{.*}}} : (memref<?xf16>) -> tensor<?xf16, ["N"]>
// CHECK-NEXT: %[[B32:.+]] = "rbssa.cast"(%[[B]]) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
// CHECK-NEXT: %[[BB:.+]] = "rbssa.broadcast_in_dim"(%[[B32]]) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[Y1:.+]] = "rbssa.binary"(%[[BB]], %[[S]]) {fn = "mul"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[SM:.+]] = "rbssa.read"(%arg1) {map = #{{.*}}} : (memref<?xf16>) -> tensor<?xf16, ["M"]>
// CHECK-NEXT: %[[SM32:.+]] = "rbssa.cast"(%[[SM]]) : (tensor<?xf16, ["M"]>) -> tensor<?xf32, ["M"]>
// CHECK-NEXT: %[[SB:.+]] = "rbssa.broadcast_in_dim"(%[[SM32]]) {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32, ["M"]>) -> tensor<?x?xf32, ["M", "N"]>
// CHECK-NEXT: %[[Y2:.+]] = "rbssa.binary"(%[[SB]], %[[Y1]]) {fn = "mul"}
// CHECK-NEXT: "rbssa.yield"(%[[Y2]], %arg3) {cast = f16, materialize = "gmem"}

func.func @chain(%arg0: tensor<?x?xf16, ["M", "K"]>, %arg1: tensor<?xf16, ["M"]>, %arg2: tensor<?xf16, ["N"]>) -> tensor<?x?xf16, ["M", "N"]> attributes {indexbook.symbols = ["M", "K", "N"]} {
  %0 = "indexbook.leaf"(%arg0) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %1 = "indexbook.leaf"(%arg1) {axes = [{kind = "iter", name = "i0", size = "M"}], domain = [affine_set<(d0)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}} : (tensor<?xf16, ["M"]>) -> tensor<?xf16, ["M"]>
  %2 = "indexbook.leaf"(%arg2) {axes = [{kind = "iter", name = "i0", size = "N"}], domain = [affine_set<(d0)[s0, s1, s2] : (d0 >= 0, -d0 + s2 - 1 >= 0)>], flags = {}} : (tensor<?xf16, ["N"]>) -> tensor<?xf16, ["N"]>
  %3 = "indexbook.binary"(%2, %0) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "N"}, {kind = "iter", name = "i2", size = "K"}], domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0, d2 >= 0, -d2 + s1 - 1 >= 0)>], flags = {}, fn = "mul", maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1)>, affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d2)>]} : (tensor<?xf16, ["N"]>, tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %4 = "indexbook.binary"(%1, %3) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "N"}, {kind = "iter", name = "i2", size = "K"}], domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0, d2 >= 0, -d2 + s1 - 1 >= 0)>], flags = {}, fn = "mul", maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0)>, affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1, d2)>]} : (tensor<?xf16, ["M"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %5 = "indexbook.reduce"(%4) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "N"}, {kind = "reduce", name = "i2", size = "K"}], domain = [affine_set<(d0, d1, d2)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0, d2 >= 0, -d2 + s1 - 1 >= 0)>], flags = {}, maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1, d2)>], op = "sum", reduce_axes = array<i64: 2>} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %6 = "indexbook.unary"(%5) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "N"}], domain = [affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s2 - 1 >= 0)>], flags = {}, fn = "cast", maps = [affine_map<(d0, d1)[s0, s1, s2] -> (d0, d1)>]} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %6 : tensor<?x?xf16, ["M", "N"]>
}

// -----

// Not hoisted: both factors of y[m] = sum_k X[m, k] * w[k] depend on k (a
// contraction in C-CON1 form stays a product of reads inside the reduce).

// CHECK-LABEL: func.func @sum_dep(
// CHECK-NEXT: %[[X:.+]] = "rbssa.read"(%arg0) {map = #{{.*}}} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "K"]>
// CHECK-NEXT: %[[W:.+]] = "rbssa.read"(%arg1) {map = #{{.*}}} : (memref<?xf32>) -> tensor<?x?xf32, ["M", "K"]>
// CHECK-NEXT: %[[P:.+]] = "rbssa.binary"(%[[X]], %[[W]]) {fn = "mul"}
// CHECK-NEXT: %[[S:.+]] = "rbssa.reduce"(%[[P]]) {axes = array<i64: 1>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"}
// CHECK-NEXT: "rbssa.yield"(%[[S]], %arg2)

func.func @sum_dep(%arg0: tensor<?x?xf32, ["M", "K"]>, %arg1: tensor<?xf32, ["K"]>) -> tensor<?xf32, ["M"]> attributes {indexbook.symbols = ["M", "K"]} {
  %0 = "indexbook.leaf"(%arg0) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %1 = "indexbook.leaf"(%arg1) {axes = [{kind = "iter", name = "i0", size = "K"}], domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s1 - 1 >= 0)>], flags = {}} : (tensor<?xf32, ["K"]>) -> tensor<?xf32, ["K"]>
  %2 = "indexbook.contract"(%0, %1) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "reduce", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}, maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>, affine_map<(d0, d1)[s0, s1] -> (d1)>], pattern = "matmul", reduce_axes = array<i64: 1>} : (tensor<?x?xf32, ["M", "K"]>, tensor<?xf32, ["K"]>) -> tensor<?xf32, ["M"]>
  return %2 : tensor<?xf32, ["M"]>
}

// -----

// Not hoisted: max_k (s[m] * X[m, k]) is not s[m] * max_k X[m, k] when s[m]
// is negative, so the product stays inside the max.

// CHECK-LABEL: func.func @max_mul(
// CHECK-NEXT: %[[F:.+]] = "rbssa.read"(%arg1) {map = #{{.*}}} : (memref<?xf32>) -> tensor<?x?xf32, ["M", "K"]>
// CHECK-NEXT: %[[X:.+]] = "rbssa.read"(%arg0) {map = #{{.*}}} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "K"]>
// CHECK-NEXT: %[[P:.+]] = "rbssa.binary"(%[[F]], %[[X]]) {fn = "mul"}
// CHECK-NEXT: %[[S:.+]] = "rbssa.reduce"(%[[P]]) {axes = array<i64: 1>, dtype = f32, init = 0xFF800000 : f32, op = "max"}
// CHECK-NEXT: "rbssa.yield"(%[[S]], %arg2)

func.func @max_mul(%arg0: tensor<?x?xf32, ["M", "K"]>, %arg1: tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]> attributes {indexbook.symbols = ["M", "K"]} {
  %0 = "indexbook.leaf"(%arg0) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %1 = "indexbook.leaf"(%arg1) {axes = [{kind = "iter", name = "i0", size = "M"}], domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}} : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
  %2 = "indexbook.binary"(%1, %0) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}, fn = "mul", maps = [affine_map<(d0, d1)[s0, s1] -> (d0)>, affine_map<(d0, d1)[s0, s1] -> (d0, d1)>]} : (tensor<?xf32, ["M"]>, tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %3 = "indexbook.reduce"(%2) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "reduce", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}, maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], op = "max", reduce_axes = array<i64: 1>} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %3 : tensor<?xf32, ["M"]>
}

// -----

// Not hoisted: max_k (c[m] - X[m, k]) = c[m] - min_k X[m, k] would change
// the reduction's op.

// CHECK-LABEL: func.func @max_rsub(
// CHECK-NEXT: %[[F:.+]] = "rbssa.read"(%arg1) {map = #{{.*}}} : (memref<?xf32>) -> tensor<?x?xf32, ["M", "K"]>
// CHECK-NEXT: %[[X:.+]] = "rbssa.read"(%arg0) {map = #{{.*}}} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "K"]>
// CHECK-NEXT: %[[P:.+]] = "rbssa.binary"(%[[F]], %[[X]]) {fn = "sub"}
// CHECK-NEXT: %[[S:.+]] = "rbssa.reduce"(%[[P]]) {axes = array<i64: 1>, dtype = f32, init = 0xFF800000 : f32, op = "max"}
// CHECK-NEXT: "rbssa.yield"(%[[S]], %arg2)

func.func @max_rsub(%arg0: tensor<?x?xf32, ["M", "K"]>, %arg1: tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]> attributes {indexbook.symbols = ["M", "K"]} {
  %0 = "indexbook.leaf"(%arg0) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %1 = "indexbook.leaf"(%arg1) {axes = [{kind = "iter", name = "i0", size = "M"}], domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}} : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
  %2 = "indexbook.binary"(%1, %0) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}, fn = "sub", maps = [affine_map<(d0, d1)[s0, s1] -> (d0)>, affine_map<(d0, d1)[s0, s1] -> (d0, d1)>]} : (tensor<?xf32, ["M"]>, tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %3 = "indexbook.reduce"(%2) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "reduce", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}, maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], op = "max", reduce_axes = array<i64: 1>} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %3 : tensor<?xf32, ["M"]>
}

// -----

// Not hoisted: sum_k (c[m] + X[m, k]) is K * c[m] + sum_k X[m, k], not an
// invariant hoist.

// CHECK-LABEL: func.func @sum_add(
// CHECK-NEXT: %[[F:.+]] = "rbssa.read"(%arg1) {map = #{{.*}}} : (memref<?xf32>) -> tensor<?x?xf32, ["M", "K"]>
// CHECK-NEXT: %[[X:.+]] = "rbssa.read"(%arg0) {map = #{{.*}}} : (memref<?x?xf32>) -> tensor<?x?xf32, ["M", "K"]>
// CHECK-NEXT: %[[P:.+]] = "rbssa.binary"(%[[F]], %[[X]]) {fn = "add"}
// CHECK-NEXT: %[[S:.+]] = "rbssa.reduce"(%[[P]]) {axes = array<i64: 1>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"}
// CHECK-NEXT: "rbssa.yield"(%[[S]], %arg2)

func.func @sum_add(%arg0: tensor<?x?xf32, ["M", "K"]>, %arg1: tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]> attributes {indexbook.symbols = ["M", "K"]} {
  %0 = "indexbook.leaf"(%arg0) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %1 = "indexbook.leaf"(%arg1) {axes = [{kind = "iter", name = "i0", size = "M"}], domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}} : (tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
  %2 = "indexbook.binary"(%1, %0) {axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "iter", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}, fn = "add", maps = [affine_map<(d0, d1)[s0, s1] -> (d0)>, affine_map<(d0, d1)[s0, s1] -> (d0, d1)>]} : (tensor<?xf32, ["M"]>, tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %3 = "indexbook.reduce"(%2) {acc_dtype = f32, axes = [{kind = "iter", name = "i0", size = "M"}, {kind = "reduce", name = "i1", size = "K"}], domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>], flags = {}, maps = [affine_map<(d0, d1)[s0, s1] -> (d0, d1)>], op = "sum", reduce_axes = array<i64: 1>} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %3 : tensor<?xf32, ["M"]>
}
