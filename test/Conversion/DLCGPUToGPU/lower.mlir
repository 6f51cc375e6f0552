// Each dlcgpu op becomes its upstream counterpart; the kernel moves into a
// gpu.module with the bare-pointer ABI and its manifest entry is recorded.
// RUN: dlc-opt %s --convert-dlcgpu-to-gpu | FileCheck %s

// The entry also carries the plan line and the estimate (dlcgpu.plan,
// dlcgpu.estimate) for dlc-run --log.
// CHECK-LABEL: module attributes {dlc.kernels = [{block = array<i64: 32, 1, 1>, dynamic_smem_bytes = 1536 : i64, estimate = {at = "MxNxK=4096x4096x4096", occupancy = 5.000000e-01 : f64, us = 1.250000e+01 : f64}, flops = "2*M*N*K", grid = ["ceildiv(N, 16)", "ceildiv(M, 16)", "1"], kernel = "tile",
// CHECK-SAME: params = [{dtype = "f16", kind = "ptr", name = "A", role = "input", shape = ["M", "K"]}, {dtype = "f16", kind = "ptr", name = "bias", role = "input", shape = ["N"]}, {dtype = "f16", kind = "ptr", name = "C", role = "output", shape = ["M", "N"]}, {kind = "i64", name = "M"}, {kind = "i64", name = "K"}, {kind = "i64", name = "N"}]
// CHECK-SAME: plan = "matmul:tile sm80 tile 16x16x16", symbols = ["M", "K", "N"]}], gpu.container_module}
// CHECK: gpu.module @dlc_kernels {
// The launch's dynamic shared memory, declared once per gpu.module.
// CHECK: llvm.mlir.global external @dlc_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK: gpu.func @tile(%[[PA:.*]]: !llvm.ptr, %[[PB:.*]]: !llvm.ptr, %[[PC:.*]]: !llvm.ptr, %[[M:.*]]: i64, %[[K:.*]]: i64, %[[N:.*]]: i64) kernel attributes {known_block_size = array<i32: 32, 1, 1>, nvvm.maxntid = array<i32: 32, 1, 1>}
// The descriptor of A[M, K]: sizes (M, K), strides (K, 1), global memory.
// CHECK: %[[KSTRIDE:.*]] = llvm.mul %{{.*}}, %[[K]] : i64
// CHECK: %[[AG:.*]] = llvm.addrspacecast %[[PA]] : !llvm.ptr to !llvm.ptr<1>
// CHECK: llvm.insertvalue %[[M]], %{{.*}}[3, 0]
// CHECK: llvm.insertvalue %[[KSTRIDE]], %{{.*}}[4, 0]
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr<1>, ptr<1>, i64, array<2 x i64>, array<2 x i64>)> to memref<?x?xf16, #gpu.address_space<global>>
// Each buffer is a view at its offset: 1024 bytes of %s, then %s2.
// CHECK: %[[BASE:.*]] = llvm.mlir.addressof @dlc_smem : !llvm.ptr<3>
// CHECK: %[[P:.*]] = llvm.getelementptr %[[BASE]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.insertvalue %[[P]], %{{.*}}[0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<3 x i64>, array<3 x i64>)>
// CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr<3>, ptr<3>, i64, array<3 x i64>, array<3 x i64>)> to memref<2x16x16xf16, 3>
// CHECK: %[[BASE2:.*]] = llvm.mlir.addressof @dlc_smem : !llvm.ptr<3>
// CHECK: llvm.getelementptr %[[BASE2]][1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<1x16x16xf16, 3>
// CHECK: %[[T:.*]] = nvgpu.device_async_copy %[[A]][%{{.*}}, %{{.*}}], %[[S]][%{{.*}}, %{{.*}}, %{{.*}}], 8, %{{.*}} {bypassL1} : memref<?x?xf16, #gpu.address_space<global>> to memref<2x16x16xf16, 3>
// CHECK: %[[G:.*]] = nvgpu.device_async_create_group %[[T]]
// CHECK: nvgpu.device_async_wait %[[G]] {numGroups = 1 : i32}
// A group whose copies sat in branches commits without tokens:
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: gpu.barrier
// CHECK: %[[FA:.*]] = nvgpu.ldmatrix %[[S]][%{{.*}}, %{{.*}}, %{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<2x16x16xf16, 3> -> vector<4x2xf16>
// CHECK: %[[FB:.*]] = nvgpu.ldmatrix %[[S]][%{{.*}}, %{{.*}}, %{{.*}}] {numTiles = 2 : i32, transpose = true} : memref<2x16x16xf16, 3> -> vector<2x2xf16>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<2x2xf32>
// CHECK: %[[D:.*]] = nvgpu.mma.sync(%[[FA]], %[[FB]], %[[ZERO]]) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// Epilogue: + bias (extended to f32), max with 0, truncation to f16.
// CHECK: %[[BIAS:.*]] = arith.extf %{{.*}} : vector<2x2xf16> to vector<2x2xf32>
// CHECK: %[[ADD:.*]] = arith.addf %[[D]], %[[BIAS]] : vector<2x2xf32>
// CHECK: %[[RELU:.*]] = arith.maximumf %[[ADD]], %{{.*}} : vector<2x2xf32>
// CHECK: %[[OUT:.*]] = arith.truncf %[[RELU]] : vector<2x2xf32> to vector<2x2xf16>
// CHECK: %[[ROW:.*]] = vector.extract %[[OUT]][0] : vector<2xf16> from vector<2x2xf16>
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: vector.store %[[ROW]], %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 4 : i64} : memref<?x?xf16, #gpu.address_space<global>>, vector<2xf16>
// CHECK: gpu.return
// CHECK-NOT: dlcgpu.
func.func @tile(%A: memref<?x?xf16> {rbssa.name = "A", rbssa.role = "input", rbssa.shape = ["M", "K"]},
                %bias: memref<?xf16> {rbssa.name = "bias", rbssa.role = "input", rbssa.shape = ["N"]},
                %C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]},
                %M: index {dlcgpu.symbol = "M"}, %K: index {dlcgpu.symbol = "K"}, %N: index {dlcgpu.symbol = "N"})
    attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "2*M*N*K",
                dlcgpu.grid = ["ceildiv(N, 16)", "ceildiv(M, 16)", "1"], dlcgpu.smem_bytes = 1536 : i64,
                dlcgpu.plan = "matmul:tile sm80 tile 16x16x16",
                dlcgpu.estimate = {us = 12.5 : f64, occupancy = 0.5 : f64, at = "MxNxK=4096x4096x4096"},
                dlcgpu.symbols = ["M", "K", "N"]} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %true = arith.constant true
  %s = "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "none"} : () -> memref<2x16x16xf16, 3>
  %s2 = "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "none"} : () -> memref<1x16x16xf16, 3>
  %t = "dlcgpu.cp_async"(%s, %c0, %c0, %c0, %A, %c0, %c0, %c8) {elements = 8 : i64, cache = "cg", operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>} : (memref<2x16x16xf16, 3>, index, index, index, memref<?x?xf16>, index, index, index) -> !dlcgpu.load_token
  %g = "dlcgpu.commit_group"(%t) : (!dlcgpu.load_token) -> !dlcgpu.load_token
  "dlcgpu.wait_group"(%g) {pending = 1 : i64} : (!dlcgpu.load_token) -> ()
  %g2 = "dlcgpu.commit_group"() : () -> !dlcgpu.load_token
  "dlcgpu.wait_group"(%g2) {pending = 0 : i64} : (!dlcgpu.load_token) -> ()
  "dlcgpu.barrier"() : () -> ()
  %a = "dlcgpu.ldmatrix"(%s, %c0, %c0, %c0) {num = 4 : i64, trans = false} : (memref<2x16x16xf16, 3>, index, index, index) -> vector<4x2xf16>
  %b = "dlcgpu.ldmatrix"(%s, %c0, %c0, %c8) {num = 2 : i64, trans = true} : (memref<2x16x16xf16, 3>, index, index, index) -> vector<2x2xf16>
  %acc, %tc0 = "dlcgpu.acc_init"() {value = 0.0 : f32} : () -> (vector<2x2xf32>, !dlcgpu.compute_token)
  %d, %tc = "dlcgpu.mma_sync"(%a, %b, %acc) {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> (vector<2x2xf32>, !dlcgpu.compute_token)
  %bv = vector.load %bias[%c0] : memref<?xf16>, vector<2xf16>
  %bf = vector.broadcast %bv : vector<2xf16> to vector<2x2xf16>
  %o, %te = "dlcgpu.epilogue"(%d, %tc, %bf) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.000000e+00 : f32}, {args = array<i64>, fn = "", input = 0 : i64, kind = "load", type = f32, value = 0.000000e+00 : f32}, {args = array<i64: 0, 1>, fn = "add", input = 0 : i64, kind = "binary", type = f32, value = 0.000000e+00 : f32}, {args = array<i64: 2>, fn = "relu", input = 0 : i64, kind = "unary", type = f32, value = 0.000000e+00 : f32}], result = 3 : i64, overlap = false} : (vector<2x2xf32>, !dlcgpu.compute_token, vector<2x2xf16>) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  %row = vector.extract %o[0] : vector<2xf16> from vector<2x2xf16>
  "dlcgpu.store_vec"(%row, %C, %c0, %c0, %true, %te) : (vector<2xf16>, memref<?x?xf16>, index, index, i1, !dlcgpu.epilogue_token) -> ()
  return
}
