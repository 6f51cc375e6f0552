// Region boundaries in chains of tinygrad-form reductions (mul + REDUCE
// sum, Inputs/tinygrad_chains.tiny.mlir): a reduction whose factor is the
// activation of an earlier reduction of the graph starts a new region,
// whether the factor is read along fewer axes than the body (the second
// GEMM of a two-layer MLP, with cast-widened and permuted products) or
// along all of them (a GEMV over the hidden axis).
// RUN: dlc-opt %S/Inputs/tinygrad_chains.tiny.mlir --pass-pipeline='builtin.module(func.func(tiny-verify), func.func(tiny-expand-broadcasts), convert-tiny-to-indexbook, convert-indexbook-to-rbssa)' | FileCheck %s --check-prefix=SPLIT
// SPLIT-LABEL: func.func @mlp_cast_perm_r0(
// SPLIT-SAME:  rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["M", "H"]
// SPLIT-SAME:  rbssa.iters = [{name = "m", size = "M"}, {name = "h", size = "H"}], rbssa.reduce_iters = [{name = "k", size = "K"}], rbssa.region = "mlp_cast_perm_r0"
// SPLIT:       "rbssa.reduce"
// SPLIT-NOT:   "rbssa.reduce"
// SPLIT:       "rbssa.yield"
// SPLIT-LABEL: func.func @mlp_cast_perm_r1(
// SPLIT-SAME:  rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "H"]
// SPLIT-SAME:  rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "h", size = "H"}], rbssa.region = "mlp_cast_perm_r1"
// SPLIT:       "rbssa.reduce"
// SPLIT-NOT:   "rbssa.reduce"
// SPLIT:       "rbssa.yield"
// SPLIT-LABEL: func.func private @mlp_cast_perm(
// SPLIT-SAME:  rbssa.program = {buffers = [{consumers = ["mlp_cast_perm_r1"], dtype = f16, materialize = "deferred", name = "t0", producer = "mlp_cast_perm_r0", shape = ["M", "H"]}], regions = ["mlp_cast_perm_r0", "mlp_cast_perm_r1"]}
// SPLIT-LABEL: func.func @gemm_gemv_r0(
// SPLIT-SAME:  rbssa.reduce_iters = [{name = "k", size = "K"}], rbssa.region = "gemm_gemv_r0"
// SPLIT-LABEL: func.func @gemm_gemv_r1(
// SPLIT-SAME:  rbssa.iters = [{name = "m", size = "M"}], rbssa.reduce_iters = [{name = "h", size = "H"}], rbssa.region = "gemm_gemv_r1"
// SPLIT-LABEL: func.func private @gemm_gemv(
// SPLIT-SAME:  rbssa.program = {buffers = [{consumers = ["gemm_gemv_r1"], dtype = f16, materialize = "deferred", name = "t0", producer = "gemm_gemv_r0", shape = ["M", "H"]}], regions = ["gemm_gemv_r0", "gemm_gemv_r1"]}

// The regions evaluated in sequence agree with the graph.
// RUN: dlc-interp %S/Inputs/tinygrad_chains.tiny.mlir --func mlp_cast_perm --diff --trials 4 | FileCheck %s --check-prefix=DIFF1
// DIFF1: diff @mlp_cast_perm: 4 of 4 trials pass
// RUN: dlc-interp %S/Inputs/tinygrad_chains.tiny.mlir --func gemm_gemv --diff --trials 4 | FileCheck %s --check-prefix=DIFF2
// DIFF2: diff @gemm_gemv: 4 of 4 trials pass

// A reduction of a GEMM's activation that is no contraction — a row sum
// of it, a sum of its squares (a variance) — is rule 5's: the GEMM with the
// epilogue the reduction reads (the ReLU) is materialised in a region of
// its own, an implicit GEMM, and the reduction reads it back (one region
// recomputed the GEMM on CUDA cores for the reduction). A single GEMM with
// its epilogue stays one region (no program).
// RUN: dlc-opt %s --pass-pipeline='builtin.module(func.func(tiny-verify), func.func(tiny-expand-broadcasts), convert-tiny-to-indexbook, convert-indexbook-to-rbssa)' | FileCheck %s --check-prefix=FUSED
// FUSED-LABEL: func.func @rowsum_relu_r0(
// FUSED:       "rbssa.reduce"({{.*}}op = "sum"{{.*}}-> tensor<?x?xf32, ["M", "N"]>
// FUSED-NEXT:  "rbssa.unary"({{.*}}) {fn = "relu"}
// FUSED-NEXT:  "rbssa.yield"
// FUSED-LABEL: func.func @rowsum_relu_r1(
// FUSED:       "rbssa.reduce"({{.*}}op = "sum"{{.*}}(tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
// FUSED-LABEL: func.func private @rowsum_relu(
// FUSED-SAME:  rbssa.program = {buffers = [{consumers = ["rowsum_relu_r1"], dtype = f32, materialize = "deferred", name = "t0", producer = "rowsum_relu_r0", shape = ["M", "N"]}], regions = ["rowsum_relu_r0", "rowsum_relu_r1"]}
// FUSED-LABEL: func.func private @sumsq_relu(
// FUSED-SAME:  rbssa.program = {buffers = [{consumers = ["sumsq_relu_r1"], dtype = f32, materialize = "deferred", name = "t0", producer = "sumsq_relu_r0", shape = ["M", "N"]}], regions = ["sumsq_relu_r0", "sumsq_relu_r1"]}
// FUSED-LABEL: func.func @gemm_relu(
// FUSED-SAME:  rbssa.region = "gemm_relu"
// FUSED-NOT:   rbssa.program
// RUN: dlc-interp %s --func sumsq_relu --diff --trials 4 | FileCheck %s --check-prefix=DIFF3
// DIFF3: diff @sumsq_relu: 4 of 4 trials pass

func.func @rowsum_relu(%X: tensor<?x?xf32, ["M", "K"]>, %W: tensor<?x?xf32, ["K", "N"]>) -> tensor<?xf32, ["M"]> {
  %x = "tiny.reshape"(%X) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x1x?xf32, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?xf32, ["K", "N"]>) -> tensor<1x?x?xf32, [1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf32, [1, "K", "N"]>) -> tensor<1x?x?xf32, [1, "N", "K"]>
  %p = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf32, ["M", 1, "K"]>, tensor<1x?x?xf32, [1, "N", "K"]>) -> tensor<?x?x?xf32, ["M", "N", "K"]>
  %acc = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf32, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %r = "tiny.max"(%acc, %zero) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %s = "tiny.reduce"(%r) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  return %s : tensor<?xf32, ["M"]>
}

func.func @sumsq_relu(%X: tensor<?x?xf32, ["M", "K"]>, %W: tensor<?x?xf32, ["K", "N"]>) -> tensor<?xf32, ["M"]> {
  %x = "tiny.reshape"(%X) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x1x?xf32, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?xf32, ["K", "N"]>) -> tensor<1x?x?xf32, [1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf32, [1, "K", "N"]>) -> tensor<1x?x?xf32, [1, "N", "K"]>
  %p = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf32, ["M", 1, "K"]>, tensor<1x?x?xf32, [1, "N", "K"]>) -> tensor<?x?x?xf32, ["M", "N", "K"]>
  %acc = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf32, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %r = "tiny.max"(%acc, %zero) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %sq = "tiny.mul"(%r, %r) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s = "tiny.reduce"(%sq) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  return %s : tensor<?xf32, ["M"]>
}

func.func @gemm_relu(%X: tensor<?x?xf16, ["M", "K"]>, %W: tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["M", "N"]> {
  %x = "tiny.reshape"(%X) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %pf = "tiny.cast"(%p) : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf32, ["M", "N", "K"]>
  %acc = "tiny.reduce"(%pf) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf32, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %r = "tiny.max"(%acc, %zero) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %y = "tiny.cast"(%r) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %y : tensor<?x?xf16, ["M", "N"]>
}
