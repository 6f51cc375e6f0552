// The staged epilogue's ops (LowerSm90Store.c): a TMA store of one 64 x 64
// box of the staging buffer (thread 0 of the warpgroup issues it; every
// thread commits its bulk group), the waits on those groups (until read,
// or until done), the proxy fence and a named barrier of one warpgroup.
// RUN: dlc-opt %s --convert-dlcgpu-to-gpu | FileCheck %s

// CHECK-LABEL: gpu.func @stage
// CHECK:      nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK:      %[[ID:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK:      %[[COUNT:.*]] = arith.constant 128 : i32
// CHECK:      nvvm.barrier id = %[[ID]] number_of_threads = %[[COUNT]]
// CHECK:      vector.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] {alignment = 4 : i64} : memref<2x4x64x64xf16, 3>, vector<2xf16>
// CHECK:      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK:      %[[PTR:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
// CHECK:      %[[MAP:.*]] = builtin.unrealized_conversion_cast %[[PTR]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK:      %[[BOX:.*]] = memref.subview %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] [1, 1, 64, 64] [1, 1, 1, 1] : memref<2x4x64x64xf16, 3> to memref<64x64xf16, strided<[64, 1], offset: ?>, 3>
// CHECK:      %[[TID:.*]] = gpu.thread_id x
// CHECK:      %[[LOCAL:.*]] = arith.remui %[[TID]], %{{.*}} : index
// CHECK:      %[[ONE:.*]] = arith.cmpi eq, %[[LOCAL]], %{{.*}} : index
// The coordinates innermost first: column n0, then row m0.
// CHECK:      nvgpu.tma.async.store %[[BOX]] to %[[MAP]][%[[N0:.*]], %[[M0:.*]]], predicate = %[[ONE]] : memref<64x64xf16, strided<[64, 1], offset: ?>, 3> -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK:      nvvm.cp.async.bulk.wait_group 0{{$}}
func.func @stage(%C: memref<?x?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]},
                 %M: index {dlcgpu.symbol = "M"}, %N: index {dlcgpu.symbol = "N"},
                 %desc: i64 {dlcgpu.tensormap = {box = array<i64: 64, 64>, dims = ["N", "M"], dtype = "f16", optional = true, strides = ["2*N"], swizzle = "128b", tensor = "C"}})
    attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 66560 : i64, dlcgpu.symbols = ["M", "N"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %v = arith.constant dense<1.0> : vector<2xf16>
  %s = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<2x4x64x64xf16, 3>
  "dlcgpu.tma_store_wait"() {pending = 0 : i64, read = true} : () -> ()
  "dlcgpu.named_barrier"(%c1) {threads = 128 : i64} : (index) -> ()
  vector.store %v, %s[%c0, %c1, %c0, %c0] {alignment = 4 : i64} : memref<2x4x64x64xf16, 3>, vector<2xf16>
  "dlcgpu.fence_async_shared"() : () -> ()
  "dlcgpu.named_barrier"(%c1) {threads = 128 : i64} : (index) -> ()
  "dlcgpu.tma_store"(%desc, %s, %c0, %c1, %c0, %c0, %c64, %c0) {box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 1, 4, 2>} : (i64, memref<2x4x64x64xf16, 3>, index, index, index, index, index, index) -> ()
  "dlcgpu.tma_store_wait"() {pending = 0 : i64, read = false} : () -> ()
  return
}
