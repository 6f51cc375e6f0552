// The thread-block cluster ops (LowerSm90Ops.c, docs/dialects/dlcgpu.md
// "Clusters"): the CTA's rank, the cluster barrier after the barriers'
// init, a TMA load multicast to the CTAs of a mask (nvgpu's
// multicast_mask), and a consumer warp's release of a stage in a CTA of
// the cluster (lane 0 arrives through the mapped shared::cluster address).
// RUN: dlc-opt %s --convert-dlcgpu-to-gpu | FileCheck %s

// CHECK-LABEL: gpu.func @paired
// CHECK:      %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK:      nvvm.fence.mbarrier.init
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK:      %[[MAP:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>
// CHECK:      %[[BOX:.*]] = memref.subview %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] [1, 128, 64] [1, 1, 1] : memref<4x256x64xf16, 3> to memref<128x64xf16, strided<[64, 1], offset: ?>, 3>
// CHECK:      nvgpu.tma.async.load %[[MAP]][%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}] to %[[BOX]] multicast_mask = %[[MASK:.*]], predicate = %{{.*}} : <tensor = memref<128x64xf16, 3>
// CHECK:      %[[TID:.*]] = gpu.thread_id x
// CHECK:      %[[LANE:.*]] = arith.remui %[[TID]], %{{.*}} : index
// CHECK:      %[[FIRST:.*]] = arith.cmpi eq, %[[LANE]], %{{.*}} : index
// CHECK:      scf.if %[[FIRST]] {
// CHECK:        %[[BAR:.*]] = nvgpu.mbarrier.get %{{.*}}[%{{.*}}] : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4> -> i32
// CHECK:        %[[LOCAL:.*]] = llvm.inttoptr %[[BAR]] : i32 to !llvm.ptr<3>
// CHECK:        %[[PEER:.*]] = nvvm.mapa %[[LOCAL]], %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK:        nvvm.mbarrier.arrive %[[PEER]] : !llvm.ptr<7>
// CHECK:      }
func.func @paired(%B: memref<?xf16> {rbssa.name = "B", rbssa.role = "input", rbssa.shape = ["N", "K"]},
                  %N: index {dlcgpu.symbol = "N"}, %K: index {dlcgpu.symbol = "K"},
                  %desc: i64 {dlcgpu.tensormap = {box = array<i64: 64, 128>, dims = ["K", "N"], dtype = "f16", strides = ["2*K"], swizzle = "128b", tensor = "B"}})
    attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.cluster = array<i64: 2, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["2", "1", "1"], dlcgpu.smem_bytes = 132096 : i64, dlcgpu.symbols = ["N", "K"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %mask = arith.constant 3 : i16
  %mb = "dlcgpu.smem_alloc"() {alignment = 8 : i64, swizzle = "none"} : () -> memref<4xi64, 3>
  %sm = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<4x256x64xf16, 3>
  %rank = "dlcgpu.cluster_rank"() : () -> index
  "dlcgpu.mbarrier_init"(%mb, %c0) {count = 1 : i64} : (memref<4xi64, 3>, index) -> ()
  "dlcgpu.cluster_sync"() : () -> ()
  %row = arith.muli %rank, %c128 : index
  "dlcgpu.mbarrier_arrive_expect_tx"(%mb, %c0) {bytes = 32768 : i64} : (memref<4xi64, 3>, index) -> ()
  %t = "dlcgpu.tma_load_multicast"(%desc, %mb, %c0, %mask, %sm, %c0, %row, %c0, %row, %c0) {box = array<i64: 128, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 3, 2>} : (i64, memref<4xi64, 3>, index, i16, memref<4x256x64xf16, 3>, index, index, index, index, index) -> !dlcgpu.load_token
  %false = arith.constant false
  "dlcgpu.mbarrier_wait"(%mb, %c0, %false, %t) : (memref<4xi64, 3>, index, i1, !dlcgpu.load_token) -> ()
  %peer = arith.subi %c1, %rank : index
  "dlcgpu.mbarrier_arrive_cluster"(%mb, %c0, %peer) : (memref<4xi64, 3>, index, index) -> ()
  "dlcgpu.cluster_sync"() : () -> ()
  return
}

// The PTX holds the rank register, the init fence and cluster barrier, the
// multicast bulk tensor copy and the remote release.
// RUN: rm -rf %t && dlc-opt %s --pass-pipeline='builtin.module(dlc-gpu-to-ptx{chip=sm_90a})' -o %t.mlir
// RUN: dlc-translate %t.mlir --emit-kernels=%t > /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t/dlc_kernels.ptx
// PTX: mov.u32 {{.*}}%cluster_ctarank;
// PTX: fence.mbarrier_init.release.cluster;
// PTX-NEXT: barrier.cluster.arrive;
// PTX-NEXT: barrier.cluster.wait;
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster
// PTX: mapa.shared::cluster.u64
// PTX-NEXT: mbarrier.arrive.shared::cluster.b64 _,
