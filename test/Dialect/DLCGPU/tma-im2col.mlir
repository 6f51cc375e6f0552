// RUN: dlc-opt %s | dlc-opt | FileCheck %s

// Round trip of tma_load_im2col (the SM90 conv's A, docs/dialects/dlcgpu.md):
// a column of 128 pixels from (n, h, w), 64 channels from c, shifted by the
// filter tap (kh, kw), into stage s of A's ring, completing on bars[s].

// CHECK-LABEL: func.func @im2col
// CHECK: %{{.+}} = "dlcgpu.tma_load_im2col"(%arg0, %[[MB:.+]], %arg1, %[[SM:.+]], %arg1, %{{.+}}, %{{.+}}, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7) {box = array<i64: 128, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 4, 2>} : (i64, memref<4xi64, 3>, index, memref<4x128x64xf16, 3>, index, index, index, index, index, index, index, index, index) -> !dlcgpu.load_token
// CHECK: "dlcgpu.mbarrier_wait"(%[[MB]], %arg1, %{{.+}}, %{{.+}}) : (memref<4xi64, 3>, index, i1, !dlcgpu.load_token) -> ()
func.func @im2col(%desc: i64, %s: index, %n: index, %h: index, %w: index,
                  %c: index, %kh: index, %kw: index, %parity: i1) {
  %c0 = arith.constant 0 : index
  %sm = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<4x128x64xf16, 3>
  %mb = "dlcgpu.smem_alloc"() {alignment = 8 : i64, swizzle = "none"} : () -> memref<4xi64, 3>
  %t = "dlcgpu.tma_load_im2col"(%desc, %mb, %s, %sm, %s, %c0, %c0, %n, %h, %w, %c, %kh, %kw) {box = array<i64: 128, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 4, 2>} : (i64, memref<4xi64, 3>, index, memref<4x128x64xf16, 3>, index, index, index, index, index, index, index, index, index) -> !dlcgpu.load_token
  "dlcgpu.mbarrier_wait"(%mb, %s, %parity, %t) : (memref<4xi64, 3>, index, i1, !dlcgpu.load_token) -> ()
  return
}
