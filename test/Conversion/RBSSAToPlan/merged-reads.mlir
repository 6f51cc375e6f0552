// A contraction operand read through a contiguous reshape that merged
// axes ([S, 4, 64] -> [S, 256], [2, 3, 5, K] -> [30, K]) reaches the
// region as the quotient and remainder of the merged index. Where the
// argument is contiguous along the merged dims, the kernel-problem model
// reads the pair as one dim (docs/kernel-problem.md, "Merged reads") and
// the contraction is a GEMM on tensor cores; otherwise it stays on the
// memory-bound skeleton with a W1602 naming why.
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan | FileCheck %s
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan --verify-diagnostics -o /dev/null
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan=chip=sm_90a --convert-plan-to-dlcgpu 2>/dev/null | FileCheck %s --check-prefix=MAP

// The heads of X merged into K: (k floordiv 64, k mod 64) over dims 1, 2 of
// a row-major [S, 4, 64] are k with stride 1; X is an [S, 256] operand.
// CHECK-LABEL: func.func @merged_k
// CHECK: "plan.schedule"() {algo_choice = {matmul = "implicit_gemm"}
// MAP-LABEL: @merged_k
// MAP: dlcgpu.tensormap = {box = array<i64: 64, {{[0-9]+}}>, dims = ["256", "S"], dtype = "f16", strides = ["512"], swizzle = "128b", tensor = "X"}
func.func @merged_k(
    %X: memref<?x4x64xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["S", 4, 64], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<256x128xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = [256, 128], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x128xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["S", 128], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "merged_k",
                rbssa.iters = [{name = "s", size = "S"}, {name = "n", size = 128}],
                rbssa.reduce_iters = [{name = "k", size = 256}],
                rbssa.symbols = ["S"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(s, n, k)[S] -> (s, k floordiv 64, k mod 64)>} : (memref<?x4x64xf16>) -> tensor<?x128x256xf16, ["S", 128, 256]>
  %w = "rbssa.read"(%W) {map = affine_map<(s, n, k)[S] -> (k, n)>} : (memref<256x128xf16>) -> tensor<?x128x256xf16, ["S", 128, 256]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x128x256xf16, ["S", 128, 256]>, tensor<?x128x256xf16, ["S", 128, 256]>) -> tensor<?x128x256xf16, ["S", 128, 256]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x128x256xf16, ["S", 128, 256]>) -> tensor<?x128xf32, ["S", 128]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x128xf32, ["S", 128]>, memref<?x128xf16>) -> ()
  return
}

// -----

// Three leading axes merged into M: (m floordiv 15, (m floordiv 5) mod 3,
// m mod 5) over [2, 3, 5, 96] is m with stride 96; X is a [30, 96] operand.
// CHECK-LABEL: func.func @merged_m3
// CHECK: "plan.schedule"() {algo_choice = {matmul = "implicit_gemm"}
// MAP-LABEL: @merged_m3
// MAP: dlcgpu.tensormap = {box = array<i64: 64, {{[0-9]+}}>, dims = ["96", "30"], dtype = "f16", strides = ["192"], swizzle = "128b", tensor = "X"}
func.func @merged_m3(
    %X: memref<2x3x5x96xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = [2, 3, 5, 96], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<96x40xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = [96, 40], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<30x40xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = [30, 40], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "merged_m3",
                rbssa.iters = [{name = "m", size = 30}, {name = "n", size = 40}],
                rbssa.reduce_iters = [{name = "k", size = 96}],
                rbssa.symbols = []} {
  %x = "rbssa.read"(%X) {map = affine_map<(m, n, k) -> (m floordiv 15, (m floordiv 5) mod 3, m mod 5, k)>} : (memref<2x3x5x96xf16>) -> tensor<30x40x96xf16>
  %w = "rbssa.read"(%W) {map = affine_map<(m, n, k) -> (k, n)>} : (memref<96x40xf16>) -> tensor<30x40x96xf16>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<30x40x96xf16>, tensor<30x40x96xf16>) -> tensor<30x40x96xf16>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<30x40x96xf16>) -> tensor<30x40xf32>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<30x40xf32>, memref<30x40xf16>) -> ()
  return
}

// -----

// Column-major X: dims 0 and 1 are not contiguous (the outer stride is 1),
// so the pair is no merged index and the read stays a reshape.
// expected-warning @+1 {{W1602 GemmDeclined: this contraction is planned on the memory-bound skeleton (CUDA cores, far below the tensor cores) because the GEMM skeletons do not take it: E1602 RegionNotPlannable: a factor reads axis 'm' as its quotient and remainder by 8: neither a grouped convolution}}
func.func @not_contiguous(
    %X: memref<2x8x64xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = [2, 8, 64], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "col_major"}},
    %W: memref<64x32xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = [64, 32], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<16x32xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = [16, 32], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "not_contiguous",
                rbssa.iters = [{name = "m", size = 16}, {name = "n", size = 32}],
                rbssa.reduce_iters = [{name = "k", size = 64}],
                rbssa.symbols = []} {
  %x = "rbssa.read"(%X) {map = affine_map<(m, n, k) -> (m floordiv 8, m mod 8, k)>} : (memref<2x8x64xf16>) -> tensor<16x32x64xf16>
  %w = "rbssa.read"(%W) {map = affine_map<(m, n, k) -> (k, n)>} : (memref<64x32xf16>) -> tensor<16x32x64xf16>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<16x32x64xf16>, tensor<16x32x64xf16>) -> tensor<16x32x64xf16>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<16x32x64xf16>) -> tensor<16x32xf32>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<16x32xf32>, memref<16x32xf16>) -> ()
  return
}
// CHECK-LABEL: func.func @not_contiguous
// CHECK: "plan.schedule"() {algo_choice = {memory =

// -----

// The remainder's divisor is not the inner dim's extent (m mod 4 over a dim
// of 8): no merged index.
// expected-warning @+1 {{W1602 GemmDeclined: this contraction is planned on the memory-bound skeleton (CUDA cores, far below the tensor cores) because the GEMM skeletons do not take it: E1602 RegionNotPlannable: a factor reads axis 'm' as its quotient and remainder by 4: neither}}
func.func @other_divisor(
    %X: memref<4x8x64xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = [4, 8, 64], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<64x32xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = [64, 32], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<16x32xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = [16, 32], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "other_divisor",
                rbssa.iters = [{name = "m", size = 16}, {name = "n", size = 32}],
                rbssa.reduce_iters = [{name = "k", size = 64}],
                rbssa.symbols = []} {
  %x = "rbssa.read"(%X) {map = affine_map<(m, n, k) -> (m floordiv 4, m mod 4, k)>} : (memref<4x8x64xf16>) -> tensor<16x32x64xf16>
  %w = "rbssa.read"(%W) {map = affine_map<(m, n, k) -> (k, n)>} : (memref<64x32xf16>) -> tensor<16x32x64xf16>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<16x32x64xf16>, tensor<16x32x64xf16>) -> tensor<16x32x64xf16>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<16x32x64xf16>) -> tensor<16x32xf32>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<16x32xf32>, memref<16x32xf16>) -> ()
  return
}
// CHECK-LABEL: func.func @other_divisor
// CHECK: "plan.schedule"() {algo_choice = {memory =
