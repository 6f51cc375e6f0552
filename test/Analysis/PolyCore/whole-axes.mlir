// Compute-at across a reduction (spec §7.1): r[m] = sum over n of
// (X . W)[m, n] reads the GEMM point to point (no dependence crosses n),
// but it accumulates along n, one of the anchor's parallel axes: n cannot
// be split across CTAs in a fused kernel, so it is a whole axis and
// compute-at at the GEMM tile is not legal.
// RUN: dlc-opt %s --convert-tiny-to-indexbook --dlc-poly-core=report=%t.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON --input-file %t.json
// CHECK-LABEL: func.func @gemm_rowsum
// CHECK-SAME: compute_at = {halo = {{{.*}}}, ok = false, whole_axes = ["n"]}
// CHECK-SAME: edges = [{buffer = "reg", from = "v2", to = "v3"}]
// CHECK: "indexbook.reduce"(%2) {{.*}}polycore.parallel_axes = ["m"], polycore.reduce_axes = ["n"]
// JSON: "compute_at": {"ok": false, "whole_axes": ["n"],
// JSON: {"name": "v3", "parallel_axes": ["m"], "reduce_axes": ["n"], "carried": ["n"]}
func.func @gemm_rowsum(%x: tensor<?x?xf16, ["M", "K"]>, %w: tensor<?x?xf16, ["K", "N"]>) -> tensor<?xf32, ["M"]> {
  %c = "tiny.contract"(%x, %w) {acc_dtype = f32, lhs_idx = ["m", "k"], out_idx = ["m", "n"], pattern = "matmul", reduce_idx = ["k"], rhs_idx = ["k", "n"]}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %r = "tiny.reduce"(%c) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  return %r : tensor<?xf32, ["M"]>
}
