// wgmma_rs (register-A wgmma) lowers to nvvm.wgmma.fence, one inline-PTX
// wgmma.mma_async per k16 step (A's four b32 registers, each two f16
// bitcast from the fragment; B's descriptor, MN-major: leading offset
// 8 KiB, 16 rows of 128 bytes per step) and a commit_group.
// RUN: dlc-opt %s --convert-dlcgpu-to-gpu | FileCheck %s

func.func @pv() attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 17408 : i64, dlcgpu.symbols = []} {
  %c0 = arith.constant 0 : index
  %v = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<2x64x64xf16, 3>
  %p = arith.constant dense<1.0> : vector<2x4x2xf16>
  %acc, %t0 = "dlcgpu.acc_init"() {value = 0.0 : f32} : () -> (vector<2x2x2xf32>, !dlcgpu.compute_token)
  %d, %t = "dlcgpu.wgmma_rs"(%p, %v, %c0, %c0, %c0, %acc) {shape = array<i64: 64, 16, 32>, trans_b = true} : (vector<2x4x2xf16>, memref<2x64x64xf16, 3>, index, index, index, vector<2x2x2xf32>) -> (vector<2x2x2xf32>, !dlcgpu.compute_token)
  "dlcgpu.wgmma_wait"(%t) {pending = 0 : i64} : (!dlcgpu.compute_token) -> ()
  return
}
// CHECK-LABEL: gpu.func @pv
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: vector.extract %{{.*}}[0, 0] : vector<2xf16> from vector<2x4x2xf16>
// CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: arith.ori %{{.*}}, %c4611686293338849280_i64 : i64
// CHECK: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {$0, $1, $2, $3, $4, $5, $6, $7}, {$16, $17, $18, $19}, $20, 1, 1, 1, 1;", "=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,r,r,r,r,l" {{.*}} : (f32, f32, f32, f32, f32, f32, f32, f32, i32, i32, i32, i32, i64) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: vector.extract %{{.*}}[1, 0] : vector<2xf16> from vector<2x4x2xf16>
// CHECK: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16
// CHECK-NOT: llvm.inline_asm
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
