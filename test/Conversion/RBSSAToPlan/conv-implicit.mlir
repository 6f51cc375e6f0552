// Convolutions plan as implicit GEMMs (docs/passes/convert-rbssa-to-plan.md,
// "Implicit GEMM"): m fuses (n, ho, wo), k fuses the reduced axes with the
// one of the activations' unit-stride dim innermost (kw for NCHW, ci for
// NHWC), every fused axis is a predicated tail, and the SM80 skeleton is
// chosen on sm_90a unless TMA's im2col mode can read the activations (NHWC,
// static sizes, C % 8 == 0: the SM90 skeleton). print-candidates
// leaves the §11 estimates of the M = N·Ho·Wo, N = Co, K = C·KH·KW problem.
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan | FileCheck %s
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan='chip=sm_90a' | FileCheck %s --check-prefix=SM90A
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan='print-candidates=true sizes=N=32,H=56,W=56,C=256,Ci=256,Co=256,Ho=28,Wo=28' | FileCheck %s --check-prefix=CAND

// The conv of §6.8.2 reduces (ci, kh, kw); the window read sits under
// the padding's domain select.
func.func @conv3x3_s2_p1(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "Ci", "H", "W"]},
    %W: memref<?x?x3x3xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", "Ci", 3, 3]},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Co", "Ho", "Wo"]})
    attributes {rbssa.region = "conv3x3_s2_p1",
                rbssa.iters = [{name = "n", size = "N"}, {name = "co", size = "Co"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}],
                rbssa.reduce_iters = [{name = "ci", size = "Ci"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "Ci", "H", "W", "Co", "Ho", "Wo"]} {
  %w = "rbssa.read"(%W) {map = affine_map<(n, co, ho, wo, ci, kh, kw)[N, Ci, H, W, Co, Ho, Wo] -> (co, ci, kh, kw)>}
      : (memref<?x?x3x3xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %xr = "rbssa.read"(%X) {map = affine_map<(n, co, ho, wo, ci, kh, kw)[N, Ci, H, W, Co, Ho, Wo] -> (n, ci, ho * 2 + kh - 1, wo * 2 + kw - 1)>}
      : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, co, ho, wo, ci, kh, kw)[N, Ci, H, W, Co, Ho, Wo]
                                : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>,
                            else = 0.0 : f16}
      : (tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %p = "rbssa.binary"(%w, %x) {fn = "mul"}
      : (tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>
  %y = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32}
      : (tensor<?x?x?x?x?x3x3xf16, ["N", "Co", "Ho", "Wo", "Ci", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Co", "Ho", "Wo"]>
  "rbssa.yield"(%y, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Co", "Ho", "Wo"]>, memref<?x?x?x?xf16>) -> ()
  return
}

// CHECK-LABEL: func.func @conv3x3_s2_p1
// CHECK: "plan.schedule"() {algo_choice = {conv = "implicit_gemm"}
// CHECK-SAME: barrier_model = "cp_async_group"
// CHECK-SAME: cache = [{at = "kw.i", pingpong = true, tensor = "X", where = "smem"}, {at = "kw.i", pingpong = true, tensor = "W", where = "smem"}]
// CHECK-SAME: predicate_tail = ["n", "ho", "wo", "co", "ci", "kh", "kw"]
// SM90A-LABEL: func.func @conv3x3_s2_p1
// SM90A: barrier_model = "cp_async_group"
// CAND-LABEL: func.func @conv3x3_s2_p1
// CAND: "plan.schedule"() {algo_choice = {conv = "implicit_gemm"}
// CAND: "plan.candidate"() {algo_choice = {conv = "implicit_gemm"}{{.*}}reason = "chosen: lowest time_est{{.*}}time_est_us = {{[0-9.e+]+}} : f64
// CAND: "plan.candidate"()

// -----
// NHWC activations with KRSC weights: k = (kh, kw, ci), ci innermost.
func.func @conv3x3_nhwc(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x3x3x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 3, 3, "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "conv3x3_nhwc",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>, else = 0.0 : f16} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, kh, kw, ci)>} : (memref<?x3x3x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}
// CHECK-LABEL: func.func @conv3x3_nhwc
// A symbolic C: the SM80 gather on sm_90a too.
// SM90A-LABEL: func.func @conv3x3_nhwc
// SM90A: barrier_model = "cp_async_group"
// CHECK: "plan.schedule"() {algo_choice = {conv = "implicit_gemm"}
// CHECK-SAME: cache = [{at = "ci.i", pingpong = true, tensor = "X", where = "smem"}, {at = "ci.i", pingpong = true, tensor = "W", where = "smem"}]
// CHECK-SAME: predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"]
// CHECK-SAME: vectorize = {axis = "co.i.i", width = 8 : i64}

// -----
// A 1x1 convolution (kh and kw of size 1, no padding guard).
func.func @conv1x1_nhwc(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x1x1x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 1, 1, "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "conv1x1_nhwc",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 1}, {name = "kw", size = 1}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, ho + kh, wo + kw, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x1x1xf16, ["N", "Ho", "Wo", "Co", "C", 1, 1]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, kh, kw, ci)>} : (memref<?x1x1x?xf16>) -> tensor<?x?x?x?x?x1x1xf16, ["N", "Ho", "Wo", "Co", "C", 1, 1]>
  %p = "rbssa.binary"(%xr, %w) {fn = "mul"} : (tensor<?x?x?x?x?x1x1xf16, ["N", "Ho", "Wo", "Co", "C", 1, 1]>, tensor<?x?x?x?x?x1x1xf16, ["N", "Ho", "Wo", "Co", "C", 1, 1]>) -> tensor<?x?x?x?x?x1x1xf16, ["N", "Ho", "Wo", "Co", "C", 1, 1]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x1x1xf16, ["N", "Ho", "Wo", "Co", "C", 1, 1]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}
// CHECK-LABEL: func.func @conv1x1_nhwc
// CHECK: "plan.schedule"() {algo_choice = {conv = "implicit_gemm"}
// CHECK-SAME: predicate_tail = ["n", "ho", "wo", "co", "kh", "kw", "ci"]

// -----
// NHWC, static H, W, C = 64: on sm_90a the SM90 skeleton (A through TMA
// im2col), a 128-wide staged tile in ping-pong (warp_tile = tile: each
// consumer warpgroup owns whole tiles).
func.func @conv3x3_nhwc_static(
    %X: memref<?x56x56x64xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", 56, 56, 64], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<128x3x3x64xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = [128, 3, 3, 64], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x28x28x128xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", 28, 28, 128], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "conv3x3_nhwc_static",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = 28}, {name = "wo", size = 28}, {name = "co", size = 128}],
                rbssa.reduce_iters = [{name = "ci", size = 64}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N"]} {
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, ci)>} : (memref<?x56x56x64xf16>) -> tensor<?x28x28x128x64x3x3xf16, ["N", 28, 28, 128, 64, 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, co, ci, kh, kw)[N] : (ho * 2 + kh - 1 >= 0, 56 - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, 56 - wo * 2 - kw >= 0)>, else = 0.0 : f16} : (tensor<?x28x28x128x64x3x3xf16, ["N", 28, 28, 128, 64, 3, 3]>) -> tensor<?x28x28x128x64x3x3xf16, ["N", 28, 28, 128, 64, 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N] -> (co, kh, kw, ci)>} : (memref<128x3x3x64xf16>) -> tensor<?x28x28x128x64x3x3xf16, ["N", 28, 28, 128, 64, 3, 3]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x28x28x128x64x3x3xf16, ["N", 28, 28, 128, 64, 3, 3]>, tensor<?x28x28x128x64x3x3xf16, ["N", 28, 28, 128, 64, 3, 3]>) -> tensor<?x28x28x128x64x3x3xf16, ["N", 28, 28, 128, 64, 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x28x28x128x64x3x3xf16, ["N", 28, 28, 128, 64, 3, 3]>) -> tensor<?x28x28x128xf32, ["N", 28, 28, 128]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x28x28x128xf32, ["N", 28, 28, 128]>, memref<?x28x28x128xf16>) -> ()
  return
}
// CHECK-LABEL: func.func @conv3x3_nhwc_static
// CHECK: barrier_model = "cp_async_group"
// SM90A-LABEL: func.func @conv3x3_nhwc_static
// SM90A: "plan.schedule"() {algo_choice = {conv = "implicit_gemm"}, arch = "sm90"
// SM90A-SAME: barrier_model = "mbarrier"
// SM90A-SAME: stages = 6 : i64, tile = array<i64: 128, 128, 64>
// SM90A-SAME: warp_tile = array<i64: 128, 128>
