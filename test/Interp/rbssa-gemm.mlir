// CPU playback of an rbssa region (docs/interp.md, "rbssa regions"): the
// GEMM + bias + ReLU region of spec §6.8.1 on the numbers of
// gemm-bias-relu.test, X.W = [[2.5, -5], [5.5, -11]], + bias [0.25, 1],
// then ReLU. Parameters are named by rbssa.name; inputs come first.
// RUN: dlc-interp %s --func gemm_bias_relu M=2,K=2,N=2 --input A=1,2,3,4 \
// RUN:   --input B=0.5,-1,1,-2 --input bias=0.25,1 --print-inputs | FileCheck %s
// CHECK: A: f16[2, 2]
// CHECK-NEXT: A[0] = 1 2
// CHECK-NEXT: A[1] = 3 4
// CHECK-NEXT: B: f16[2, 2]
// CHECK: bias: f16[2]
// CHECK-NEXT: bias = 0.25 1
// CHECK-NEXT: C: f16[2, 2]
// CHECK-NEXT: C[0] = 2.75 0
// CHECK-NEXT: C[1] = 5.75 0

// The physical layout (B column-major: strided memref, rbssa.layout) does
// not change values: buffers are logical, row-major tensors.
// RUN: dlc-interp %s --func gemm_bias_relu_colmajor M=2,K=2,N=2 --input A=1,2,3,4 \
// RUN:   --input B=0.5,-1,1,-2 --input bias=0.25,1 --print | FileCheck %s --check-prefix=COLMAJOR
// COLMAJOR: C: f16[2, 2]
// COLMAJOR-NEXT: C[0] = 2.75 0
// COLMAJOR-NEXT: C[1] = 5.75 0

// Random inputs and reference data work as for tiny programs (odd sizes).
// RUN: rm -rf %t && dlc-interp %s --func gemm_bias_relu M=17,K=65,N=33 --write-ref %t
// RUN: FileCheck %s --check-prefix=META < %t/meta.json
// META: {"symbols": {"M": 17, "K": 65, "N": 33}, "seed": 1, "params": [
// META-NEXT: {"name": "A", "dtype": "f16", "shape": [17, 65], "role": "input", "file": "A.bin"},
// META-NEXT: {"name": "B", "dtype": "f16", "shape": [65, 33], "role": "input", "file": "B.bin"},
// META-NEXT: {"name": "bias", "dtype": "f16", "shape": [33], "role": "input", "file": "bias.bin"},
// META-NEXT: {"name": "C", "dtype": "f16", "shape": [17, 33], "role": "output", "file": "C.bin"}

func.func @gemm_bias_relu(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %B: memref<?x?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "gemm_bias_relu",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(m, n, k)[M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %bn = "rbssa.read"(%bias) {map = affine_map<(n)[M, K, N] -> (n)>} : (memref<?xf16>) -> tensor<?xf16, ["N"]>
  %bn32 = "rbssa.cast"(%bn) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %bmn = "rbssa.broadcast_in_dim"(%bn32) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c1 = "rbssa.binary"(%acc, %bmn) {fn = "add"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c2 = "rbssa.unary"(%c1) {fn = "relu"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%c2, %C) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf16>) -> ()
  return
}

func.func @gemm_bias_relu_colmajor(
    %A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"]},
    %B: memref<?x?xf16, strided<[1, ?]>> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.layout = {kind = "col_major"}},
    %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"]},
    %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]})
    attributes {rbssa.region = "gemm_bias_relu_colmajor",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  %a = "rbssa.read"(%A) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %b = "rbssa.read"(%B) {map = affine_map<(m, n, k)[M, K, N] -> (k, n)>} : (memref<?x?xf16, strided<[1, ?]>>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %t = "rbssa.binary"(%a, %b) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %bn = "rbssa.read"(%bias) {map = affine_map<(n)[M, K, N] -> (n)>} : (memref<?xf16>) -> tensor<?xf16, ["N"]>
  %bn32 = "rbssa.cast"(%bn) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %bmn = "rbssa.broadcast_in_dim"(%bn32) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c1 = "rbssa.binary"(%acc, %bmn) {fn = "add"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c2 = "rbssa.unary"(%c1) {fn = "relu"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%c2, %C) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf16>) -> ()
  return
}
