// shifted_store (LowerSm90Store.c): a staged 64 x 64 box into rows that
// start anywhere on a 2-byte boundary (C's rows of N = 4097 halves). Thread
// c = tid % 8 of each 8 takes box rows q + 16 p, q = tid % 128 / 8, p =
// 0..3 (each while row < rows). Row q's address, its shift s and the
// swizzle hold for all four rows, so the selects, the chunk columns and
// the end pieces' conditions are computed once, before the rows. Per row:
// chunks c - 1 and c (both 16-byte loads of the 128-byte swizzled slot:
// chunk ^ q % 8), the 8 elements of dst block c by word selects and a
// 16-bit funnel shift, one 16-byte store where the block lies wholly in
// the row, else (thread 0 of a shifted row) the row's first 8 - s elements
// into block 0 and, from the same 8 elements (its chunk c - 1 is chunk 7),
// its last s into block 8, in aligned pieces of 2, 4 and 8 bytes.
// RUN: dlc-opt %s --convert-dlcgpu-to-gpu | FileCheck %s

// CHECK-LABEL: gpu.func @shifted
// CHECK:      nvvm.barrier
// CHECK:      memref.extract_aligned_pointer_as_index
// CHECK:      %[[TID:.*]] = gpu.thread_id x
// CHECK:      %[[LOCAL:.*]] = arith.remui %[[TID]], %{{.*}} : index
// CHECK:      %[[C:.*]] = arith.remui %[[LOCAL]], %{{.*}} : index
// CHECK:      %[[Q:.*]] = arith.divui %[[LOCAL]], %{{.*}} : index
// CHECK:      %[[SWZ:.*]] = arith.remui %[[Q]], %{{.*}} : index
// CHECK:      %[[PREV:.*]] = arith.remui
// CHECK:      %[[PX:.*]] = arith.xori %[[PREV]], %[[SWZ]] : index
// CHECK:      %[[PAT:.*]] = arith.muli %[[PX]], %{{.*}} : index
// CHECK:      %[[CX:.*]] = arith.xori %[[C]], %[[SWZ]] : index
// CHECK:      %[[CAT:.*]] = arith.muli %[[CX]], %{{.*}} : index
// CHECK:      %[[ROW:.*]] = arith.addi %[[Q]], %{{.*}} : index
// CHECK:      %[[IN:.*]] = arith.cmpi ult, %[[ROW]], %{{.*}} : index
// CHECK:      scf.if %[[IN]] {
// CHECK:        vector.load %{{.*}}[%{{.*}}, %{{.*}}, %[[ROW]], %[[PAT]]] {alignment = 16 : i64} : memref<2x4x64x64xf16, 3>, vector<8xf16>
// CHECK:        vector.load %{{.*}}[%{{.*}}, %{{.*}}, %[[ROW]], %[[CAT]]] {alignment = 16 : i64} : memref<2x4x64x64xf16, 3>, vector<8xf16>
// CHECK-COUNT-4: llvm.intr.fshr
// CHECK-NOT:    llvm.intr.fshr
// CHECK:        llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK:        llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : i16, !llvm.ptr<1>
// CHECK:        llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<1>
// CHECK:        llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xi32>, !llvm.ptr<1>
// CHECK:        llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xi32>, !llvm.ptr<1>
// CHECK:        llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<1>
// CHECK:        llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : i16, !llvm.ptr<1>
// Rows 16, 32 and 48 above it.
// CHECK-COUNT-3: arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK-NOT:    arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK:        gpu.return
func.func @shifted(%C: memref<?xf16> {rbssa.name = "C", rbssa.role = "output", rbssa.shape = ["M", "N"]},
                   %M: index {dlcgpu.symbol = "M"}, %N: index {dlcgpu.symbol = "N"})
    attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 66560 : i64, dlcgpu.symbols = ["M", "N"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<2x4x64x64xf16, 3>
  "dlcgpu.named_barrier"(%c1) {threads = 128 : i64} : (index) -> ()
  "dlcgpu.shifted_store"(%s, %c0, %c1, %C, %c0, %N, %M) {box = array<i64: 64, 64>} : (memref<2x4x64x64xf16, 3>, index, index, memref<?xf16>, index, index, index) -> ()
  return
}
