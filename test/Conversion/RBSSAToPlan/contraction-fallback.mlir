// Contractions the GEMM skeletons do not take run on the memory-bound
// skeleton: a conv the implicit-GEMM model does not read (weights in another
// order than the activations, a guard that is no padding; conv-implicit.mlir
// has the ones it reads) in flat mode, a thread per output (its reduce runs
// over several loops: column mode is kept to single-loop reduces, the ones
// checked on the GPU); two axes of one GEMM role whose strides do not
// collapse into one (in an operand, the output or an epilogue input) and a
// transpose after the contraction in column mode (their reduce reads across the output's last
// axis, so a CTA takes a tile of it and its threads share the contraction by
// rows). Correct, not fast (docs/passes/convert-rbssa-to-plan.md): each is
// a W1602 GemmDeclined warning at the region naming the GEMM family's
// reason, so that the fall to the CUDA cores is never silent.
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan | FileCheck %s
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan --verify-diagnostics -o /dev/null

// NHWC activations with KCRS weights: the weights' k axes do not collapse
// into one stride in the activations' order (kh, kw, ci).
// expected-warning @+1 {{W1602 GemmDeclined: this contraction is planned on the memory-bound skeleton (CUDA cores, far below the tensor cores) because the GEMM skeletons do not take it: E1602 RegionNotPlannable: the weights' reduced axes do not collapse into one stride}}
func.func @conv_nhwc_kcrs(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x?x3x3xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", "C", 3, 3], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "conv_nhwc_kcrs",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] : (ho * 2 + kh - 1 >= 0, H - ho * 2 - kh >= 0, wo * 2 + kw - 1 >= 0, W - wo * 2 - kw >= 0)>, else = 0.0 : f16} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, ci, kh, kw)>} : (memref<?x?x3x3xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}
// CHECK-LABEL: func.func @conv_nhwc_kcrs
// CHECK: "plan.schedule"() {algo_choice = {memory = "flat"}
// CHECK-SAME: barrier_model = "none"

// -----
// A guard that is no padding (ho*2 + kh - 2 >= 0 is not a window bound).
// expected-warning @+1 {{W1602 GemmDeclined: this contraction is planned on the memory-bound skeleton (CUDA cores, far below the tensor cores) because the GEMM skeletons do not take it: E1602 RegionNotPlannable: the guard over the activations states a constraint other than the window's bounds}}
func.func @conv_guard_not_padding(
    %X: memref<?x?x?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N", "H", "W", "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x3x3x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["Co", 3, 3, "C"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?x?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N", "Ho", "Wo", "Co"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "conv_guard_not_padding",
                rbssa.iters = [{name = "n", size = "N"}, {name = "ho", size = "Ho"}, {name = "wo", size = "Wo"}, {name = "co", size = "Co"}],
                rbssa.reduce_iters = [{name = "ci", size = "C"}, {name = "kh", size = 3}, {name = "kw", size = 3}],
                rbssa.symbols = ["N", "H", "W", "C", "Co", "Ho", "Wo"]} {
  %xr = "rbssa.read"(%X) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (n, ho * 2 + kh - 1, wo * 2 + kw - 1, ci)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %x = "rbssa.select"(%xr) {pred = affine_set<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] : (ho * 2 + kh - 2 >= 0, H - ho * 2 - kh >= 0)>, else = 0.0 : f16} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %w = "rbssa.read"(%W) {map = affine_map<(n, ho, wo, co, ci, kh, kw)[N, H, W, C, Co, Ho, Wo] -> (co, kh, kw, ci)>} : (memref<?x3x3x?xf16>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>, tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 4, 5, 6>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?x3x3xf16, ["N", "Ho", "Wo", "Co", "C", 3, 3]>) -> tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["N", "Ho", "Wo", "Co"]>, memref<?x?x?x?xf16>) -> ()
  return
}
// CHECK-LABEL: func.func @conv_guard_not_padding
// CHECK: "plan.schedule"() {algo_choice = {memory = "flat"}
// CHECK-SAME: barrier_model = "none"

// -----

// Two batch axes whose strides do not collapse into one (a GEMM dimension
// is one stride): A stored [B, M, H, K], the heads inside the rows.
// expected-warning @+1 {{W1602 GemmDeclined: this contraction is planned on the memory-bound skeleton (CUDA cores, far below the tensor cores) because the GEMM skeletons do not take it: E1602 RegionNotPlannable: axes 'b' and 'h' both play batch but do not collapse into one GEMM dimension in tensor 'A' (its stride along 'b' is not the size of 'h' times its stride along 'h'); fusing axes whose strides do not collapse is not implemented}}
func.func @heads_inside_rows(
    %A: memref<?x?x?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["B", "M", "H", "K"]},
    %W: memref<?x?x?x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["B", "H", "K", "N"]},
    %C: memref<?x?x?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]})
    attributes {rbssa.region = "heads_inside_rows",
                rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["B", "H", "M", "K", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(b, h, m, n, k)[B, H, M, K, N] -> (b, m, h, k)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>
  %w = "rbssa.read"(%W) {map = affine_map<(b, h, m, n, k)[B, H, M, K, N] -> (b, h, k, n)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>
  %t = "rbssa.binary"(%a, %w) {fn = "mul"} : (tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>, tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>) -> tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 4>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  "rbssa.yield"(%acc, %C) {cast = f16, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf16>) -> ()
  return
}
// CHECK-LABEL: func.func @heads_inside_rows
// CHECK: "plan.schedule"() {algo_choice = {memory = "column"}

// -----

// The output stored [B, M, H, N] (attention's [batch, seq, heads, dim]):
// the batch collapses in A and W but not in C.
// expected-warning @+1 {{W1602 GemmDeclined: this contraction is planned on the memory-bound skeleton (CUDA cores, far below the tensor cores) because the GEMM skeletons do not take it: E1602 RegionNotPlannable: axes 'b' and 'h' both play batch but do not collapse into one GEMM dimension in tensor 'C'}}
func.func @heads_inside_output_rows(
    %A: memref<8x4x16x64xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = [8, 4, 16, 64]},
    %W: memref<8x4x64x32xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = [8, 4, 64, 32]},
    %C: memref<8x4x16x32xf16, strided<[2048, 32, 128, 1]>> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = [8, 4, 16, 32]})
    attributes {rbssa.region = "heads_inside_output_rows",
                rbssa.iters = [{name = "b", size = 8}, {name = "h", size = 4}, {name = "m", size = 16}, {name = "n", size = 32}],
                rbssa.reduce_iters = [{name = "k", size = 64}],
                rbssa.symbols = []} {
  %a = "rbssa.read"(%A) {map = affine_map<(b, h, m, n, k) -> (b, h, m, k)>} : (memref<8x4x16x64xf16>) -> tensor<8x4x16x32x64xf16>
  %w = "rbssa.read"(%W) {map = affine_map<(b, h, m, n, k) -> (b, h, k, n)>} : (memref<8x4x64x32xf16>) -> tensor<8x4x16x32x64xf16>
  %t = "rbssa.binary"(%a, %w) {fn = "mul"} : (tensor<8x4x16x32x64xf16>, tensor<8x4x16x32x64xf16>) -> tensor<8x4x16x32x64xf16>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 4>, init = 0.0 : f32, dtype = f32} : (tensor<8x4x16x32x64xf16>) -> tensor<8x4x16x32xf32>
  "rbssa.yield"(%acc, %C) {cast = f16, materialize = "gmem"} : (tensor<8x4x16x32xf32>, memref<8x4x16x32xf16, strided<[2048, 32, 128, 1]>>) -> ()
  return
}
// CHECK-LABEL: func.func @heads_inside_output_rows
// CHECK: "plan.schedule"() {algo_choice = {memory =

// -----

// An epilogue input over (h, m, n), broadcast across b only: b's stride 0
// and h's M*N do not collapse (a broadcast across both would).
// expected-warning @+1 {{W1602 GemmDeclined: this contraction is planned on the memory-bound skeleton (CUDA cores, far below the tensor cores) because the GEMM skeletons do not take it: E1602 RegionNotPlannable: axes 'b' and 'h' both play batch but do not collapse into one GEMM dimension in tensor 'R'}}
func.func @residual_per_head(
    %A: memref<?x?x?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["B", "H", "M", "K"]},
    %W: memref<?x?x?x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["B", "H", "K", "N"]},
    %R: memref<?x?x?xf32> {rbssa.name = "R", rbssa.role = "input", rbssa.shape = ["H", "M", "N"]},
    %C: memref<?x?x?x?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["B", "H", "M", "N"]})
    attributes {rbssa.region = "residual_per_head",
                rbssa.iters = [{name = "b", size = "B"}, {name = "h", size = "H"}, {name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["B", "H", "M", "K", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(b, h, m, n, k)[B, H, M, K, N] -> (b, h, m, k)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>
  %w = "rbssa.read"(%W) {map = affine_map<(b, h, m, n, k)[B, H, M, K, N] -> (b, h, k, n)>} : (memref<?x?x?x?xf16>) -> tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>
  %t = "rbssa.binary"(%a, %w) {fn = "mul"} : (tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>, tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>) -> tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 4>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "K"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %r = "rbssa.read"(%R) {map = affine_map<(b, h, m, n)[B, H, M, K, N] -> (h, m, n)>} : (memref<?x?x?xf32>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %s = "rbssa.binary"(%acc, %r) {fn = "add"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  "rbssa.yield"(%s, %C) {cast = f32, materialize = "gmem"} : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, memref<?x?x?x?xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @residual_per_head
// CHECK: "plan.schedule"() {algo_choice = {memory =

// -----
// A transpose after the contraction is no elementwise epilogue op.
// expected-warning @+1 {{W1602 GemmDeclined: this contraction is planned on the memory-bound skeleton (CUDA cores, far below the tensor cores) because the GEMM skeletons do not take it: E1602 RegionNotPlannable: this op after the contraction is not an elementwise epilogue op}}
func.func @transposed(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"]},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "M"]},
    %C: memref<?x?xf32> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "M"]})
    attributes {rbssa.region = "transposed",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "M"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n, k)[M, K] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "M", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(m, n, k)[M, K] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "M", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "M", "K"]>, tensor<?x?x?xf16, ["M", "M", "K"]>) -> tensor<?x?x?xf16, ["M", "M", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "M", "K"]>) -> tensor<?x?xf32, ["M", "M"]>
  %tr = "rbssa.transpose"(%acc) {permutation = array<i64: 1, 0>} : (tensor<?x?xf32, ["M", "M"]>) -> tensor<?x?xf32, ["M", "M"]>
  "rbssa.yield"(%tr, %C) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["M", "M"]>, memref<?x?xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @transposed
// CHECK: "plan.schedule"() {algo_choice = {memory = "column"}
// CHECK-SAME: barrier_model = "bar_sync"
// CHECK-SAME: vectorize = {axis = "{{.*}}", width = 1 : i64}

// -----
// An epilogue that ends in a comparison: a bool (i1) output, which the GEMM
// epilogues do not store (bool tiles would need byte stores in every
// epilogue); the memory-bound skeleton stores it a byte an element.
// expected-warning @+1 {{W1602 GemmDeclined: this contraction is planned on the memory-bound skeleton (CUDA cores, far below the tensor cores) because the GEMM skeletons do not take it: E1602 RegionNotPlannable: the output is i1 (the epilogue ends in a comparison), and the GEMM epilogues store f16, bf16 or f32 tiles; return the value and compare in a separate graph}}
func.func @bias_less_than_product(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"]},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"]},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"]},
    %C: memref<?x?xi1> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]})
    attributes {rbssa.region = "bias_less_than_product",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  %br = "rbssa.read"(%bias) {map = affine_map<(n)[M, K, N] -> (n)>} : (memref<?xf16>) -> tensor<?xf16, ["N"]>
  %b32 = "rbssa.cast"(%br) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %a = "rbssa.read"(%A) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(m, n, k)[M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %bb = "rbssa.broadcast_in_dim"(%b32) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %lt = "rbssa.compare"(%bb, %acc) {fn = "cmplt"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xi1, ["M", "N"]>
  "rbssa.yield"(%lt, %C) {cast = i1, materialize = "gmem"} : (tensor<?x?xi1, ["M", "N"]>, memref<?x?xi1>) -> ()
  return
}
// CHECK-LABEL: func.func @bias_less_than_product
// CHECK: "plan.schedule"() {algo_choice = {memory = "column"}
// CHECK-SAME: vectorize = {axis = "n", width = 8 : i64}
