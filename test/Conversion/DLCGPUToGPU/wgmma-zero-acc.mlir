// wgmma on an accumulator of zeros (acc_init 0: a flash kernel's fresh
// S = Q Kᵀ) moves no zeros into the registers: they start as poison and
// the first k16 step writes them with scale-d zero (D = A·B); the later
// steps, and a wgmma on any other accumulator, accumulate (scale-d one).
// RUN: dlc-opt %s --convert-dlcgpu-to-gpu | FileCheck %s

func.func @scores() attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 16384 : i64, dlcgpu.symbols = []} {
  %c0 = arith.constant 0 : index
  %a = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<64x64xf16, 3>
  %b = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<16x64xf16, 3>
  %acc, %t0 = "dlcgpu.acc_init"() {value = 0.0 : f32} : () -> (vector<2x2x2xf32>, !dlcgpu.compute_token)
  %s, %t1 = "dlcgpu.wgmma"(%a, %c0, %c0, %b, %c0, %c0, %acc) {operandSegmentSizes = array<i32: 1, 2, 1, 2, 1>, shape = array<i64: 64, 16, 32>, trans_a = false, trans_b = false} : (memref<64x64xf16, 3>, index, index, memref<16x64xf16, 3>, index, index, vector<2x2x2xf32>) -> (vector<2x2x2xf32>, !dlcgpu.compute_token)
  %d, %t2 = "dlcgpu.wgmma"(%a, %c0, %c0, %b, %c0, %c0, %s) {operandSegmentSizes = array<i32: 1, 2, 1, 2, 1>, shape = array<i64: 64, 16, 16>, trans_a = false, trans_b = false} : (memref<64x64xf16, 3>, index, index, memref<16x64xf16, 3>, index, index, vector<2x2x2xf32>) -> (vector<2x2x2xf32>, !dlcgpu.compute_token)
  "dlcgpu.wgmma_wait"(%t2) {pending = 0 : i64} : (!dlcgpu.compute_token) -> ()
  return
}
// CHECK-LABEL: gpu.func @scores
// CHECK: [[NONE:%.*]] = llvm.mlir.poison : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK-NOT: llvm.insertvalue {{.*}} : !llvm.struct<(f32,
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: llvm.insertvalue {{.*}} : !llvm.struct<(f32,
// CHECK: nvvm.wgmma.mma_async {{.*}}, {{.*}}, [[NONE]], <m = 64, n = 16, k = 16>, D[<f32>, <zero>]
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// The second wgmma accumulates onto the first's result from its first step.
// CHECK: llvm.insertvalue {{.*}} : !llvm.struct<(f32,
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
