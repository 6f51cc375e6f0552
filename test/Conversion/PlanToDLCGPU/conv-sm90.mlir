// An NHWC convolution on the SM90 skeleton (docs/passes/convert-plan-to-dlcgpu.md,
// "Convolutions on the SM90 skeleton"): A through tma_load_im2col at the
// tile's first pixel (n, 2·ho − 1, 2·wo − 1) and channel block, shifted by
// the tap (kh, kw); B by the tiled map at k = (kh·3 + kw)·64 + 64·cb; the
// kernel's A map is the im2col one the manifest describes.
// RUN: dlc-opt %s --convert-rbssa-to-plan='chip=sm_90a' --convert-plan-to-dlcgpu | FileCheck %s

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

// CHECK-LABEL: func.func @conv3x3_nhwc_static(
// CHECK-SAME: dlcgpu.tensormap = {box = array<i64: 64, 128>, dims = ["64", "56", "56", "N"], dtype = "f16", element_strides = array<i64: 1, 2, 2, 1>, lower = array<i64: -1, -1>, mode = "im2col", strides = ["128", "7168", "401408"], swizzle = "128b", tensor = "X", upper = array<i64: -2, -2>}
// CHECK-SAME: dlcgpu.tensormap = {box = array<i64: 64, 128>, dims = ["576", "128"], dtype = "f16", strides = ["1152"], swizzle = "128b", tensor = "W"}
// CHECK: "dlcgpu.mbarrier_arrive_expect_tx"({{.+}}) {bytes = 32768 : i64}
// CHECK: "dlcgpu.tma_load_im2col"({{.+}}) {box = array<i64: 128, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 4, 2>} : (i64, memref<6xi64, 3>, index, memref<6x128x64xf16, 3>, index, index, index, index, index, index, index, index, index) -> !dlcgpu.load_token
// CHECK: "dlcgpu.tma_load"({{.+}}) {box = array<i64: 128, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 2>}
// CHECK: "dlcgpu.wgmma"({{.+}}) {operandSegmentSizes = array<i32: 1, 3, 1, 3, 1>, shape = array<i64: 64, 128, 64>, trans_a = false, trans_b = false}
