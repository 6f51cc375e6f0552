// What convert-dlcgpu-to-gpu cannot lower is reported at the op.
// RUN: dlc-opt %s --split-input-file --convert-dlcgpu-to-gpu --verify-diagnostics

// A kernel argument that is no tensor, symbol or tensor-map address.
// expected-error @+1 {{E1501 UnsupportedOp: a kernel argument is none of these; suggestion: give a kernel tensors (memrefs), then symbols (index), then tensor-map addresses (i64 with dlcgpu.tensormap)}}
func.func @vector_arg(%acc: vector<16x2x2xf32>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// wgmma steps k in 16s: a k of 24 has no lowering.
func.func @wgmma_k24() attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 32768 : i64, dlcgpu.symbols = []} {
  %c0 = arith.constant 0 : index
  %s = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<2x64x64xf16, 3>
  %acc, %t0 = "dlcgpu.acc_init"() {value = 0.0 : f32} : () -> (vector<16x2x2xf32>, !dlcgpu.compute_token)
  // expected-error @+1 {{E1501 UnsupportedOp: wgmma's shape, accumulators or indices do not fit; suggestion: use shape [64, N, k*16] with N/8 x 2 x 2 accumulators and index every dimension of a and b}}
  %d, %t = "dlcgpu.wgmma"(%s, %c0, %c0, %c0, %s, %c0, %c0, %c0, %acc) {shape = array<i64: 64, 128, 24>, trans_a = false, trans_b = false, operandSegmentSizes = array<i32: 1, 3, 1, 3, 1>} : (memref<2x64x64xf16, 3>, index, index, index, memref<2x64x64xf16, 3>, index, index, index, vector<16x2x2xf32>) -> (vector<16x2x2xf32>, !dlcgpu.compute_token)
  return
}

// -----

// expected-error @+1 {{E1501 UnsupportedOp: argument 0 dimension 0 has no symbolic size}}
func.func @unnamed(%A: memref<?xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// A TMA map has at most 5 dimensions: a load with 6 coordinates (into a
// rank-6 stage ring) has no lowering.
func.func @tma_six_coords(%desc: i64 {dlcgpu.tensormap = {box = array<i64: 64, 64>, dims = ["64", "64"], dtype = "f16", strides = ["128"], swizzle = "128b", tensor = "X"}}) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 32768 : i64, dlcgpu.symbols = []} {
  %c0 = arith.constant 0 : index
  %s = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<1x1x1x1x64x64xf16, 3>
  %mb = "dlcgpu.smem_alloc"() {alignment = 8 : i64, swizzle = "none"} : () -> memref<1xi64, 3>
  // expected-error @+1 {{E1501 UnsupportedOp: tma_load's indices, coordinates and box do not fit its destination; suggestion: index every dimension of the destination (at most 8), give at most 5 coordinates and a 2-D box}}
  %t = "dlcgpu.tma_load"(%desc, %mb, %c0, %s, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0) {box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 6, 6>} : (i64, memref<1xi64, 3>, index, memref<1x1x1x1x64x64xf16, 3>, index, index, index, index, index, index, index, index, index, index, index, index) -> !dlcgpu.load_token
  return
}

// -----

// wgmma_rs takes A as k/16 x 4 x 2 registers: fragments for k = 32 under a
// shape of k = 64 have no lowering.
func.func @wgmma_rs_short_a() attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 17408 : i64, dlcgpu.symbols = []} {
  %c0 = arith.constant 0 : index
  %v = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<2x64x64xf16, 3>
  %p = arith.constant dense<1.0> : vector<2x4x2xf16>
  %acc, %t0 = "dlcgpu.acc_init"() {value = 0.0 : f32} : () -> (vector<8x2x2xf32>, !dlcgpu.compute_token)
  // expected-error @+1 {{E1501 UnsupportedOp: wgmma_rs's shape, A fragments, accumulators or indices do not fit; suggestion: use shape [64, N, k*16] (N <= 256) with N/8 x 2 x 2 accumulators, A as k/16 x 4 x 2 f16 or bf16, and index every dimension of b}}
  %d, %t = "dlcgpu.wgmma_rs"(%p, %v, %c0, %c0, %c0, %acc) {shape = array<i64: 64, 64, 64>, trans_b = true} : (vector<2x4x2xf16>, memref<2x64x64xf16, 3>, index, index, index, vector<8x2x2xf32>) -> (vector<8x2x2xf32>, !dlcgpu.compute_token)
  return
}

// -----

// A shifted store takes [64][64] boxes of 2-byte elements: a box of 32 rows
// has no lowering.
func.func @shifted_store_box(%C: memref<?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]}, %M: index {dlcgpu.symbol = "M"}, %N: index {dlcgpu.symbol = "N"}) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 9216 : i64, dlcgpu.symbols = ["M", "N"]} {
  %c0 = arith.constant 0 : index
  %s = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<1x32x64xf16, 3>
  // expected-error @+1 {{E1501 UnsupportedOp: shifted_store's box, indices or tensors do not fit it; suggestion: store a [64][64] box of 2-byte elements, indexing every dimension of the source above the box, into a flat tensor of the same element type}}
  "dlcgpu.shifted_store"(%s, %c0, %C, %c0, %N, %M) {box = array<i64: 32, 64>} : (memref<1x32x64xf16, 3>, index, memref<?xf16>, index, index, index) -> ()
  return
}

// -----

// A TMA store indexes every dimension of its source: one index short has
// no lowering.
func.func @tma_store_short(%desc: i64 {dlcgpu.tensormap = {box = array<i64: 64, 64>, dims = ["64", "64"], dtype = "f16", strides = ["128"], swizzle = "128b", tensor = "X"}}) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 9216 : i64, dlcgpu.symbols = []} {
  %c0 = arith.constant 0 : index
  %s = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<1x64x64xf16, 3>
  // expected-error @+1 {{E1501 UnsupportedOp: tma_store's indices, coordinates and box do not fit its source; suggestion: index every dimension of the source (at most 8), give 2 to 5 coordinates and a 2-D box}}
  "dlcgpu.tma_store"(%desc, %s, %c0, %c0, %c0, %c0) {box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 1, 2, 2>} : (i64, memref<1x64x64xf16, 3>, index, index, index, index) -> ()
  return
}

// -----

// A cluster arrival's barriers must be a barrier group (smem_alloc of i64).
func.func @arrive_cluster_not_barriers(%mb: memref<2xi64, 3>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.cluster = array<i64: 2, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["2", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{E1501 UnsupportedOp: the barriers are not a dlcgpu.smem_alloc of i64; suggestion: allocate barriers with dlcgpu.smem_alloc of i64}}
  "dlcgpu.mbarrier_arrive_cluster"(%mb, %c0, %c1) : (memref<2xi64, 3>, index, index) -> ()
  return
}

// -----

// A buffer's alignment is a power of two of at most 1 KiB (dlcgpu-verify
// says so too): 0 would divide by zero, -128 overlap the buffers.
func.func @smem_align_zero() attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 2048 : i64, dlcgpu.symbols = []} {
  %s = "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "none"} : () -> memref<2x16x16xf16, 3>
  // expected-error @+1 {{E1606 SkeletonMalformed: smem_alloc's alignment 0 is not a power of two from 1 to 1024 bytes; suggestion: give smem_alloc an alignment of 8, 16, 128 or 1024 bytes (docs/dialects/dlcgpu.md)}}
  %s2 = "dlcgpu.smem_alloc"() {alignment = 0 : i64, swizzle = "none"} : () -> memref<1x16x16xf16, 3>
  return
}

// -----

func.func @smem_align_negative() attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 2048 : i64, dlcgpu.symbols = []} {
  %s = "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "none"} : () -> memref<2x16x16xf16, 3>
  // expected-error @+1 {{E1606 SkeletonMalformed: smem_alloc's alignment -128 is not a power of two from 1 to 1024 bytes}}
  %s2 = "dlcgpu.smem_alloc"() {alignment = -128 : i64, swizzle = "none"} : () -> memref<1x16x16xf16, 3>
  return
}

// -----

// The epilogue's program indexes its steps and extra operands by number:
// the lowering checks them as dlcgpu-verify does (a result past the steps).
func.func @epilogue_result() attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  %bias = arith.constant dense<1.0> : vector<2x2xf16>
  %a, %tc = "dlcgpu.acc_init"() {value = 0.0 : f32} : () -> (vector<2x2xf32>, !dlcgpu.compute_token)
  // expected-error @+1 {{E1606 SkeletonMalformed: the epilogue's result is not one of its steps}}
  %o, %te = "dlcgpu.epilogue"(%a, %tc, %bias) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.0 : f32}, {args = array<i64>, fn = "", input = 0 : i64, kind = "load", type = f32, value = 0.0 : f32}, {args = array<i64: 0, 1>, fn = "add", input = 0 : i64, kind = "binary", type = f32, value = 0.0 : f32}], result = 9 : i64, overlap = false} : (vector<2x2xf32>, !dlcgpu.compute_token, vector<2x2xf16>) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  return
}

// -----

// A step's argument that is no earlier step.
func.func @epilogue_arg() attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  %bias = arith.constant dense<1.0> : vector<2x2xf16>
  %a, %tc = "dlcgpu.acc_init"() {value = 0.0 : f32} : () -> (vector<2x2xf32>, !dlcgpu.compute_token)
  // expected-error @+1 {{E1606 SkeletonMalformed: epilogue step 2 is not {kind, type, fn, args (as many earlier steps as it takes), input (< 1 extra operands), value}}}
  %o, %te = "dlcgpu.epilogue"(%a, %tc, %bias) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.0 : f32}, {args = array<i64>, fn = "", input = 0 : i64, kind = "load", type = f32, value = 0.0 : f32}, {args = array<i64: 0, 100>, fn = "add", input = 0 : i64, kind = "binary", type = f32, value = 0.0 : f32}], result = 2 : i64, overlap = false} : (vector<2x2xf32>, !dlcgpu.compute_token, vector<2x2xf16>) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  return
}

// -----

// A load of an extra operand the epilogue does not have.
func.func @epilogue_load() attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  %bias = arith.constant dense<1.0> : vector<2x2xf16>
  %a, %tc = "dlcgpu.acc_init"() {value = 0.0 : f32} : () -> (vector<2x2xf32>, !dlcgpu.compute_token)
  // expected-error @+1 {{E1606 SkeletonMalformed: epilogue step 1 is not}}
  %o, %te = "dlcgpu.epilogue"(%a, %tc, %bias) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.0 : f32}, {args = array<i64>, fn = "", input = 5 : i64, kind = "load", type = f32, value = 0.0 : f32}], result = 1 : i64, overlap = false} : (vector<2x2xf32>, !dlcgpu.compute_token, vector<2x2xf16>) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  return
}

// -----

// An rbssa region is not a dlcgpu kernel: run on an earlier layer the pass
// (and dlc-gpu-to-ptx after it) had exited 0 with llvm.funcs still holding
// rbssa ops and no PTX.
func.func @region(%X: memref<?xf32> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["N"]},
                  %Y: memref<?xf32> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["N"]})
    attributes {rbssa.region = "region", rbssa.iters = [{name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.symbols = ["N"]} {
  // expected-error @+1 {{E1501 UnsupportedOp: 'rbssa.read' is an op of the rbssa layer, which convert-dlcgpu-to-gpu does not lower (it takes dlcgpu kernels); suggestion: run dlc-to-ptx, or the layers before: convert-rbssa-to-plan and the passes after it (docs/dlc-opt.md)}}
  %x = "rbssa.read"(%X) {map = affine_map<(n)[N] -> (n)>} : (memref<?xf32>) -> tensor<?xf32, ["N"]>
  "rbssa.yield"(%x, %Y) {cast = f32, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xf32>) -> ()
  return
}

// -----

func.func @graph(%X: tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]> {
  // expected-error @+1 {{'tiny.neg' is an op of the tiny layer, which convert-dlcgpu-to-gpu does not lower (it takes dlcgpu kernels); suggestion: run dlc-to-ptx, or the layers before: convert-tiny-to-indexbook and the passes after it}}
  %y = "tiny.neg"(%X) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return %y : tensor<?xf32, ["N"]>
}

// -----

// The buffers are placed one after another in the launch's dynamic shared
// memory: past dlcgpu.smem_bytes they would overlap what follows.
func.func @smem_too_small() attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 1024 : i64, dlcgpu.symbols = []} {
  %s = "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "none"} : () -> memref<2x16x16xf16, 3>
  // expected-error @+1 {{E1606 SkeletonMalformed: the kernel's shared buffers need 1536 bytes of dynamic shared memory up to here, but it launches with dlcgpu.smem_bytes = 1024; suggestion: raise dlcgpu.smem_bytes to what the buffers need, or allocate less}}
  %s2 = "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "none"} : () -> memref<1x16x16xf16, 3>
  return
}
