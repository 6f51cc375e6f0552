// RUN: dlc-opt %s | dlc-opt | FileCheck %s

// Round trip of every dlcgpu op through two small skeletons (§9.1): an SM80
// warp tile (cp.async ping-pong -> ldmatrix -> mma.sync -> bias+ReLU ->
// predicated vector stores) and an SM90 warpgroup tile (TMA + mbarrier ->
// wgmma -> ReLU -> stores). Tokens follow §9.2: every load token reaches one
// wait, compute tokens feed the epilogue, the epilogue token feeds the stores.

// -----------------------------------------------------------------------------
// SM80: one warp (32 lanes) computes C[16x8] = relu(A[16xK] * Bt[8xK]^T + bias)
// with BK = 16 and two shared-memory stages. A lane copies 16 bytes (8 halves)
// per cp.async; rows past M and columns past K are zero-filled through
// src_elements, the prefetch past the last k-tile is entirely zero-filled and
// drained after the loop.

// CHECK-LABEL: func.func @sm80_gemm_bias_relu_tile
// CHECK: %[[SMA:.+]] = "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "none"} : () -> memref<2x16x16xf16, 3>
// CHECK: %[[SMB:.+]] = "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "none"} : () -> memref<2x8x16xf16, 3>
// CHECK: %[[TA0:.+]] = "dlcgpu.cp_async"(%[[SMA]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) {cache = "cg", elements = 8 : i64, operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>} : (memref<2x16x16xf16, 3>, index, index, index, memref<?x?xf16>, index, index, index) -> !dlcgpu.load_token
// CHECK: %[[TB0:.+]] = "dlcgpu.cp_async"(%[[SMB]], {{.+}}) {cache = "cg", elements = 8 : i64, operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>} : (memref<2x8x16xf16, 3>, index, index, index, memref<?x?xf16>, index, index, index) -> !dlcgpu.load_token
// CHECK: %[[G0:.+]] = "dlcgpu.commit_group"(%[[TA0]], %[[TB0]]) : (!dlcgpu.load_token, !dlcgpu.load_token) -> !dlcgpu.load_token
// CHECK: %[[AI:[0-9]+]]:2 = "dlcgpu.acc_init"() {value = 0.000000e+00 : f32} : () -> (vector<2x2xf32>, !dlcgpu.compute_token)
// CHECK: %[[R:[0-9]+]]:3 = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:[^ ]+]] = %[[AI]]#0, %[[TC:[^ ]+]] = %[[AI]]#1, %[[G:[^ ]+]] = %[[G0]]) -> (vector<2x2xf32>, !dlcgpu.compute_token, !dlcgpu.load_token)
// CHECK: %[[TA:.+]] = "dlcgpu.cp_async"(%[[SMA]], {{.+}}) {cache = "cg", elements = 8 : i64, operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>} : (memref<2x16x16xf16, 3>, {{.+}}) -> !dlcgpu.load_token
// CHECK: %[[TB:.+]] = "dlcgpu.cp_async"(%[[SMB]], {{.+}}) {cache = "cg", elements = 8 : i64, operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>} : (memref<2x8x16xf16, 3>, {{.+}}) -> !dlcgpu.load_token
// CHECK: %[[GN:.+]] = "dlcgpu.commit_group"(%[[TA]], %[[TB]])
// CHECK: "dlcgpu.wait_group"(%[[G]]) {pending = 1 : i64} : (!dlcgpu.load_token) -> ()
// CHECK: "dlcgpu.barrier"() : () -> ()
// CHECK: %[[FA:.+]] = "dlcgpu.ldmatrix"(%[[SMA]], %{{.+}}, %{{.+}}, %{{.+}}) {num = 4 : i64, trans = false} : (memref<2x16x16xf16, 3>, index, index, index) -> vector<4x2xf16>
// CHECK: %[[FB:.+]] = "dlcgpu.ldmatrix"(%[[SMB]], %{{.+}}, %{{.+}}, %{{.+}}) {num = 2 : i64, trans = false} : (memref<2x8x16xf16, 3>, index, index, index) -> vector<2x2xf16>
// CHECK: %[[MMA:[0-9]+]]:2 = "dlcgpu.mma_sync"(%[[FA]], %[[FB]], %[[ACC]]) {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> (vector<2x2xf32>, !dlcgpu.compute_token)
// CHECK: "dlcgpu.barrier"() : () -> ()
// CHECK: scf.yield %[[MMA]]#0, %[[MMA]]#1, %[[GN]]
// CHECK: "dlcgpu.wait_group"(%[[R]]#2) {pending = 0 : i64}
// CHECK: %[[EP:[0-9]+]]:2 = "dlcgpu.epilogue"(%[[R]]#0, %[[R]]#1, %{{.+}}) {overlap = false, result = 3 : i64, steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.000000e+00 : f32}, {args = array<i64>, fn = "", input = 0 : i64, kind = "load", type = f32, value = 0.000000e+00 : f32}, {args = array<i64: 0, 1>, fn = "add", input = 0 : i64, kind = "binary", type = f32, value = 0.000000e+00 : f32}, {args = array<i64: 2>, fn = "relu", input = 0 : i64, kind = "unary", type = f32, value = 0.000000e+00 : f32}]} : (vector<2x2xf32>, !dlcgpu.compute_token, vector<2x2xf16>) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
// CHECK: "dlcgpu.store_vec"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[EP]]#1) : (vector<2xf16>, memref<?x?xf16>, index, index, i1, !dlcgpu.epilogue_token) -> ()
// CHECK: "dlcgpu.store_vec"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[EP]]#1)
// CHECK: return
func.func @sm80_gemm_bias_relu_tile(%A: memref<?x?xf16>, %Bt: memref<?x?xf16>, %bias: memref<?xf16>,
                                    %C: memref<?x?xf16>, %M: index, %K: index, %N: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f16
  %lane = gpu.thread_id x
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %m0 = arith.muli %by, %c16 : index
  %n0 = arith.muli %bx, %c8 : index
  %smA = "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "none"} : () -> memref<2x16x16xf16, 3>
  %smB = "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "none"} : () -> memref<2x8x16xf16, 3>

  // cp.async coordinates of this lane: A row lane/2, B row (lane/2)%8
  // (lanes 16..31 repeat lanes 0..15 for B), column 8*(lane%2).
  %ra = arith.divui %lane, %c2 : index
  %lm2 = arith.remui %lane, %c2 : index
  %cc = arith.muli %lm2, %c8 : index
  %rb = arith.remui %ra, %c8 : index
  %gm = arith.addi %m0, %ra : index
  %gn = arith.addi %n0, %rb : index
  // A row past M / B row past N: read nothing (limit 0 instead of K).
  %ina = arith.cmpi ult, %gm, %M : index
  %inb = arith.cmpi ult, %gn, %N : index
  %ka = arith.select %ina, %K, %c0 : index
  %kb = arith.select %inb, %K, %c0 : index
  // ldmatrix row addresses of this lane: A x4 (16x16), B x2 (8x16).
  %lra = arith.remui %lane, %c16 : index
  %l16 = arith.divui %lane, %c16 : index
  %lca = arith.muli %l16, %c8 : index
  %lrb = arith.remui %lane, %c8 : index
  %l8 = arith.divui %lane, %c8 : index
  %l8m = arith.remui %l8, %c2 : index
  %lcb = arith.muli %l8m, %c8 : index
  %kp = arith.addi %K, %c15 : index
  %nk = arith.divui %kp, %c16 : index

  // Prologue: stage 0 <- k-tile 0.
  %ra0 = arith.subi %ka, %cc : index
  %ra0p = arith.maxsi %ra0, %c0 : index
  %ea0 = arith.minsi %ra0p, %c8 : index
  %rb0 = arith.subi %kb, %cc : index
  %rb0p = arith.maxsi %rb0, %c0 : index
  %eb0 = arith.minsi %rb0p, %c8 : index
  %ta0 = "dlcgpu.cp_async"(%smA, %c0, %ra, %cc, %A, %gm, %cc, %ea0) {elements = 8 : i64, cache = "cg", operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>}
      : (memref<2x16x16xf16, 3>, index, index, index, memref<?x?xf16>, index, index, index) -> !dlcgpu.load_token
  %tb0 = "dlcgpu.cp_async"(%smB, %c0, %rb, %cc, %Bt, %gn, %cc, %eb0) {elements = 8 : i64, cache = "cg", operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>}
      : (memref<2x8x16xf16, 3>, index, index, index, memref<?x?xf16>, index, index, index) -> !dlcgpu.load_token
  %g0 = "dlcgpu.commit_group"(%ta0, %tb0) : (!dlcgpu.load_token, !dlcgpu.load_token) -> !dlcgpu.load_token
  %acc0, %tc0 = "dlcgpu.acc_init"() {value = 0.0 : f32} : () -> (vector<2x2xf32>, !dlcgpu.compute_token)

  %r:3 = scf.for %kt = %c0 to %nk step %c1
      iter_args(%acc = %acc0, %tc = %tc0, %g = %g0) -> (vector<2x2xf32>, !dlcgpu.compute_token, !dlcgpu.load_token) {
    %s = arith.remui %kt, %c2 : index
    %kn = arith.addi %kt, %c1 : index
    %sn = arith.remui %kn, %c2 : index
    // Prefetch k-tile kt+1 into the other stage.
    %k0 = arith.muli %kn, %c16 : index
    %kc = arith.addi %k0, %cc : index
    %ra1 = arith.subi %ka, %kc : index
    %ra1p = arith.maxsi %ra1, %c0 : index
    %ea = arith.minsi %ra1p, %c8 : index
    %rb1 = arith.subi %kb, %kc : index
    %rb1p = arith.maxsi %rb1, %c0 : index
    %eb = arith.minsi %rb1p, %c8 : index
    %ta = "dlcgpu.cp_async"(%smA, %sn, %ra, %cc, %A, %gm, %kc, %ea) {elements = 8 : i64, cache = "cg", operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>}
        : (memref<2x16x16xf16, 3>, index, index, index, memref<?x?xf16>, index, index, index) -> !dlcgpu.load_token
    %tb = "dlcgpu.cp_async"(%smB, %sn, %rb, %cc, %Bt, %gn, %kc, %eb) {elements = 8 : i64, cache = "cg", operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>}
        : (memref<2x8x16xf16, 3>, index, index, index, memref<?x?xf16>, index, index, index) -> !dlcgpu.load_token
    %gnext = "dlcgpu.commit_group"(%ta, %tb) : (!dlcgpu.load_token, !dlcgpu.load_token) -> !dlcgpu.load_token
    // k-tile kt has landed; the prefetch may stay in flight.
    "dlcgpu.wait_group"(%g) {pending = 1 : i64} : (!dlcgpu.load_token) -> ()
    "dlcgpu.barrier"() : () -> ()
    %a = "dlcgpu.ldmatrix"(%smA, %s, %lra, %lca) {num = 4 : i64, trans = false} : (memref<2x16x16xf16, 3>, index, index, index) -> vector<4x2xf16>
    %b = "dlcgpu.ldmatrix"(%smB, %s, %lrb, %lcb) {num = 2 : i64, trans = false} : (memref<2x8x16xf16, 3>, index, index, index) -> vector<2x2xf16>
    %acc1, %tc1 = "dlcgpu.mma_sync"(%a, %b, %acc) {shape = array<i64: 16, 8, 16>}
        : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> (vector<2x2xf32>, !dlcgpu.compute_token)
    // Stage s is refilled by the next iteration's prefetch.
    "dlcgpu.barrier"() : () -> ()
    scf.yield %acc1, %tc1, %gnext : vector<2x2xf32>, !dlcgpu.compute_token, !dlcgpu.load_token
  }
  // Drain the (zero-filled) prefetch issued by the last iteration.
  "dlcgpu.wait_group"(%r#2) {pending = 0 : i64} : (!dlcgpu.load_token) -> ()

  // Epilogue on the accumulator. This lane owns columns n0 + 2*(lane%4) + {0,1}
  // of rows m0 + lane/4 and m0 + lane/4 + 8 (mma.sync m16n8 C layout).
  %q = arith.remui %lane, %c4 : index
  %q2 = arith.muli %q, %c2 : index
  %col = arith.addi %n0, %q2 : index
  %bv = vector.transfer_read %bias[%col], %zero : memref<?xf16>, vector<2xf16>
  %bfrag = vector.broadcast %bv : vector<2xf16> to vector<2x2xf16>
  %v, %te = "dlcgpu.epilogue"(%r#0, %r#1, %bfrag) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.000000e+00 : f32}, {args = array<i64>, fn = "", input = 0 : i64, kind = "load", type = f32, value = 0.000000e+00 : f32}, {args = array<i64: 0, 1>, fn = "add", input = 0 : i64, kind = "binary", type = f32, value = 0.000000e+00 : f32}, {args = array<i64: 2>, fn = "relu", input = 0 : i64, kind = "unary", type = f32, value = 0.000000e+00 : f32}], result = 3 : i64, overlap = false}
      : (vector<2x2xf32>, !dlcgpu.compute_token, vector<2x2xf16>) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  %rl = arith.divui %lane, %c4 : index
  %row0 = arith.addi %m0, %rl : index
  %row1 = arith.addi %row0, %c8 : index
  %colend = arith.addi %col, %c1 : index
  %pc = arith.cmpi ult, %colend, %N : index
  %pr0 = arith.cmpi ult, %row0, %M : index
  %pr1 = arith.cmpi ult, %row1, %M : index
  %p0 = arith.andi %pc, %pr0 : i1
  %p1 = arith.andi %pc, %pr1 : i1
  %v0 = vector.extract %v[0] : vector<2xf16> from vector<2x2xf16>
  %v1 = vector.extract %v[1] : vector<2xf16> from vector<2x2xf16>
  "dlcgpu.store_vec"(%v0, %C, %row0, %col, %p0, %te) : (vector<2xf16>, memref<?x?xf16>, index, index, i1, !dlcgpu.epilogue_token) -> ()
  "dlcgpu.store_vec"(%v1, %C, %row1, %col, %p1, %te) : (vector<2xf16>, memref<?x?xf16>, index, index, i1, !dlcgpu.epilogue_token) -> ()
  return
}

// -----------------------------------------------------------------------------
// SM90: one warpgroup (128 threads) computes C[64x128] = relu(A[64xK] *
// Bt[128xK]^T) with BK = 64, two stages, 128-byte swizzle. TMA loads one box
// per operand per stage onto the stage's mbarrier (24576 bytes); the wgmma
// step is 64x128x64; the accumulator fragment is 64 f32 per thread
// (16 n8-pieces x 2 row halves x 2 columns).

// CHECK-LABEL: func.func @sm90_gemm_relu_tile
// CHECK: %[[SMA:.+]] = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<2x64x64xf16, 3>
// CHECK: %[[SMB:.+]] = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<2x128x64xf16, 3>
// CHECK: %[[MB:.+]] = "dlcgpu.smem_alloc"() {alignment = 8 : i64, swizzle = "none"} : () -> memref<2xi64, 3>
// CHECK: "dlcgpu.mbarrier_init"(%[[MB]], %{{.+}}) {count = 1 : i64} : (memref<2xi64, 3>, index) -> ()
// CHECK: "dlcgpu.mbarrier_init"(%[[MB]], %{{.+}}) {count = 1 : i64}
// CHECK: "dlcgpu.barrier"() : () -> ()
// CHECK: "dlcgpu.mbarrier_arrive_expect_tx"(%[[MB]], %{{.+}}) {bytes = 24576 : i64} : (memref<2xi64, 3>, index) -> ()
// CHECK: %[[TA0:.+]] = "dlcgpu.tma_load"(%{{.+}}, %[[MB]], %{{.+}}, %[[SMA]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) {box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 2>} : (i64, memref<2xi64, 3>, index, memref<2x64x64xf16, 3>, index, index, index, index, index) -> !dlcgpu.load_token
// CHECK: %[[TB0:.+]] = "dlcgpu.tma_load"(%{{.+}}, %[[MB]], %{{.+}}, %[[SMB]], {{.+}}) {box = array<i64: 128, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 2>} : (i64, memref<2xi64, 3>, index, memref<2x128x64xf16, 3>, index, index, index, index, index) -> !dlcgpu.load_token
// CHECK: %[[AI:[0-9]+]]:2 = "dlcgpu.acc_init"() {value = 0.000000e+00 : f32} : () -> (vector<16x2x2xf32>, !dlcgpu.compute_token)
// CHECK: %[[R:[0-9]+]]:4 = scf.for {{.+}} iter_args(%[[ACC:[^ ]+]] = %[[AI]]#0, %[[TC:[^ ]+]] = %[[AI]]#1, %[[TA:[^ ]+]] = %[[TA0]], %[[TB:[^ ]+]] = %[[TB0]]) -> (vector<16x2x2xf32>, !dlcgpu.compute_token, !dlcgpu.load_token, !dlcgpu.load_token)
// CHECK: "dlcgpu.barrier"()
// CHECK: "dlcgpu.mbarrier_arrive_expect_tx"(%[[MB]], %{{.+}}) {bytes = 24576 : i64}
// CHECK: %[[TAN:.+]] = "dlcgpu.tma_load"(%{{.+}}, %[[MB]], %{{.+}}, %[[SMA]], {{.+}}) {box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 2>}
// CHECK: %[[TBN:.+]] = "dlcgpu.tma_load"(%{{.+}}, %[[MB]], %{{.+}}, %[[SMB]], {{.+}}) {box = array<i64: 128, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 2>}
// CHECK: "dlcgpu.mbarrier_wait"(%[[MB]], %{{.+}}, %{{.+}}, %[[TA]], %[[TB]]) : (memref<2xi64, 3>, index, i1, !dlcgpu.load_token, !dlcgpu.load_token) -> ()
// CHECK: %[[WG:[0-9]+]]:2 = "dlcgpu.wgmma"(%[[SMA]], %{{.+}}, %{{.+}}, %{{.+}}, %[[SMB]], %{{.+}}, %{{.+}}, %{{.+}}, %[[ACC]]) {operandSegmentSizes = array<i32: 1, 3, 1, 3, 1>, shape = array<i64: 64, 128, 64>, trans_a = false, trans_b = false} : (memref<2x64x64xf16, 3>, index, index, index, memref<2x128x64xf16, 3>, index, index, index, vector<16x2x2xf32>) -> (vector<16x2x2xf32>, !dlcgpu.compute_token)
// CHECK: "dlcgpu.wgmma_wait"(%[[WG]]#1) {pending = 0 : i64} : (!dlcgpu.compute_token) -> ()
// CHECK: scf.yield %[[WG]]#0, %[[WG]]#1, %[[TAN]], %[[TBN]]
// CHECK: "dlcgpu.mbarrier_wait"(%[[MB]], %{{.+}}, %{{.+}}, %[[R]]#2, %[[R]]#3)
// CHECK: %[[EP:[0-9]+]]:2 = "dlcgpu.epilogue"(%[[R]]#0, %[[R]]#1) {overlap = true, result = 1 : i64, steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.000000e+00 : f32}, {args = array<i64: 0>, fn = "relu", input = 0 : i64, kind = "unary", type = f32, value = 0.000000e+00 : f32}]} : (vector<16x2x2xf32>, !dlcgpu.compute_token) -> (vector<16x2x2xf16>, !dlcgpu.epilogue_token)
// CHECK: scf.for
// CHECK: "dlcgpu.store_vec"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[EP]]#1) : (vector<2xf16>, memref<?x?xf16>, index, index, i1, !dlcgpu.epilogue_token) -> ()
// CHECK: "dlcgpu.store_vec"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[EP]]#1)
// CHECK: return
func.func @sm90_gemm_relu_tile(%descA: i64, %descB: i64, %C: memref<?x?xf16>,
                               %M: index, %K: index, %N: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %tid = gpu.thread_id x
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %m0 = arith.muli %by, %c64 : index
  %n0 = arith.muli %bx, %c128 : index
  %smA = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<2x64x64xf16, 3>
  %smB = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<2x128x64xf16, 3>
  %mb = "dlcgpu.smem_alloc"() {alignment = 8 : i64, swizzle = "none"} : () -> memref<2xi64, 3>
  "dlcgpu.mbarrier_init"(%mb, %c0) {count = 1 : i64} : (memref<2xi64, 3>, index) -> ()
  "dlcgpu.mbarrier_init"(%mb, %c1) {count = 1 : i64} : (memref<2xi64, 3>, index) -> ()
  "dlcgpu.barrier"() : () -> ()
  %kp = arith.addi %K, %c63 : index
  %nk = arith.divui %kp, %c64 : index

  // Prologue: stage 0 <- k-tile 0.
  "dlcgpu.mbarrier_arrive_expect_tx"(%mb, %c0) {bytes = 24576 : i64} : (memref<2xi64, 3>, index) -> ()
  %ta0 = "dlcgpu.tma_load"(%descA, %mb, %c0, %smA, %c0, %c0, %c0, %m0, %c0) {box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 2>}
      : (i64, memref<2xi64, 3>, index, memref<2x64x64xf16, 3>, index, index, index, index, index) -> !dlcgpu.load_token
  %tb0 = "dlcgpu.tma_load"(%descB, %mb, %c0, %smB, %c0, %c0, %c0, %n0, %c0) {box = array<i64: 128, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 2>}
      : (i64, memref<2xi64, 3>, index, memref<2x128x64xf16, 3>, index, index, index, index, index) -> !dlcgpu.load_token
  %acc0, %tc0 = "dlcgpu.acc_init"() {value = 0.0 : f32} : () -> (vector<16x2x2xf32>, !dlcgpu.compute_token)

  %r:4 = scf.for %kt = %c0 to %nk step %c1
      iter_args(%acc = %acc0, %tc = %tc0, %ta = %ta0, %tb = %tb0)
      -> (vector<16x2x2xf32>, !dlcgpu.compute_token, !dlcgpu.load_token, !dlcgpu.load_token) {
    %s = arith.remui %kt, %c2 : index
    %kn = arith.addi %kt, %c1 : index
    %sn = arith.remui %kn, %c2 : index
    %kcoord = arith.muli %kn, %c64 : index
    %use = arith.divui %kt, %c2 : index
    %ph = arith.remui %use, %c2 : index
    %parity = arith.cmpi ne, %ph, %c0 : index
    // Every thread is done with stage sn (read by the wgmma of kt-1, waited).
    "dlcgpu.barrier"() : () -> ()
    // Prefetch k-tile kt+1 into stage sn (TMA zero-fills past K).
    "dlcgpu.mbarrier_arrive_expect_tx"(%mb, %sn) {bytes = 24576 : i64} : (memref<2xi64, 3>, index) -> ()
    %tan = "dlcgpu.tma_load"(%descA, %mb, %sn, %smA, %sn, %c0, %c0, %m0, %kcoord) {box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 2>}
        : (i64, memref<2xi64, 3>, index, memref<2x64x64xf16, 3>, index, index, index, index, index) -> !dlcgpu.load_token
    %tbn = "dlcgpu.tma_load"(%descB, %mb, %sn, %smB, %sn, %c0, %c0, %n0, %kcoord) {box = array<i64: 128, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 2>}
        : (i64, memref<2xi64, 3>, index, memref<2x128x64xf16, 3>, index, index, index, index, index) -> !dlcgpu.load_token
    // k-tile kt has landed in stage s.
    "dlcgpu.mbarrier_wait"(%mb, %s, %parity, %ta, %tb) : (memref<2xi64, 3>, index, i1, !dlcgpu.load_token, !dlcgpu.load_token) -> ()
    %acc1, %tc1 = "dlcgpu.wgmma"(%smA, %s, %c0, %c0, %smB, %s, %c0, %c0, %acc)
        {shape = array<i64: 64, 128, 64>, trans_a = false, trans_b = false, operandSegmentSizes = array<i32: 1, 3, 1, 3, 1>}
        : (memref<2x64x64xf16, 3>, index, index, index, memref<2x128x64xf16, 3>, index, index, index, vector<16x2x2xf32>)
        -> (vector<16x2x2xf32>, !dlcgpu.compute_token)
    "dlcgpu.wgmma_wait"(%tc1) {pending = 0 : i64} : (!dlcgpu.compute_token) -> ()
    scf.yield %acc1, %tc1, %tan, %tbn : vector<16x2x2xf32>, !dlcgpu.compute_token, !dlcgpu.load_token, !dlcgpu.load_token
  }
  // Drain the (zero-filled) prefetch issued by the last iteration.
  %sl = arith.remui %nk, %c2 : index
  %usel = arith.divui %nk, %c2 : index
  %phl = arith.remui %usel, %c2 : index
  %parl = arith.cmpi ne, %phl, %c0 : index
  "dlcgpu.mbarrier_wait"(%mb, %sl, %parl, %r#2, %r#3) : (memref<2xi64, 3>, index, i1, !dlcgpu.load_token, !dlcgpu.load_token) -> ()

  // Epilogue; the next tile's loads could overlap it (persistent kernels).
  %v, %te = "dlcgpu.epilogue"(%r#0, %r#1) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.000000e+00 : f32}, {args = array<i64: 0>, fn = "relu", input = 0 : i64, kind = "unary", type = f32, value = 0.000000e+00 : f32}], result = 1 : i64, overlap = true}
      : (vector<16x2x2xf32>, !dlcgpu.compute_token) -> (vector<16x2x2xf16>, !dlcgpu.epilogue_token)
  // Piece j of this thread: rows m0 + 16*warp + lane/4 (+8), columns
  // n0 + 8*j + 2*(lane%4) + {0,1}.
  %warp = arith.divui %tid, %c32 : index
  %lane = arith.remui %tid, %c32 : index
  %w16 = arith.muli %warp, %c16 : index
  %rl = arith.divui %lane, %c4 : index
  %rw = arith.addi %w16, %rl : index
  %row0 = arith.addi %m0, %rw : index
  %row1 = arith.addi %row0, %c8 : index
  %q = arith.remui %lane, %c4 : index
  %q2 = arith.muli %q, %c2 : index
  %pr0 = arith.cmpi ult, %row0, %M : index
  %pr1 = arith.cmpi ult, %row1, %M : index
  scf.for %j = %c0 to %c16 step %c1 {
    %j8 = arith.muli %j, %c8 : index
    %cj = arith.addi %n0, %j8 : index
    %col = arith.addi %cj, %q2 : index
    %colend = arith.addi %col, %c1 : index
    %pc = arith.cmpi ult, %colend, %N : index
    %p0 = arith.andi %pc, %pr0 : i1
    %p1 = arith.andi %pc, %pr1 : i1
    %v0 = vector.extract %v[%j, 0] : vector<2xf16> from vector<16x2x2xf16>
    %v1 = vector.extract %v[%j, 1] : vector<2xf16> from vector<16x2x2xf16>
    "dlcgpu.store_vec"(%v0, %C, %row0, %col, %p0, %te) : (vector<2xf16>, memref<?x?xf16>, index, index, i1, !dlcgpu.epilogue_token) -> ()
    "dlcgpu.store_vec"(%v1, %C, %row1, %col, %p1, %te) : (vector<2xf16>, memref<?x?xf16>, index, index, i1, !dlcgpu.epilogue_token) -> ()
  }
  return
}

// The SM90 flash kernel's O += P V: P in registers (register-A wgmma), V
// from shared memory MN-major.
// CHECK-LABEL: func.func @sm90_pv_register_a
// CHECK: %{{.+}}:2 = "dlcgpu.wgmma_rs"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) {shape = array<i64: 64, 64, 64>, trans_b = true} : (vector<4x4x2xf16>, memref<2x64x64xf16, 3>, index, index, index, vector<8x2x2xf32>) -> (vector<8x2x2xf32>, !dlcgpu.compute_token)
func.func @sm90_pv_register_a(%p: vector<4x4x2xf16>, %v: memref<2x64x64xf16, 3>, %s: index, %acc: vector<8x2x2xf32>) -> vector<8x2x2xf32> {
  %c0 = arith.constant 0 : index
  %o, %t = "dlcgpu.wgmma_rs"(%p, %v, %s, %c0, %c0, %acc) {shape = array<i64: 64, 64, 64>, trans_b = true}
      : (vector<4x4x2xf16>, memref<2x64x64xf16, 3>, index, index, index, vector<8x2x2xf32>) -> (vector<8x2x2xf32>, !dlcgpu.compute_token)
  "dlcgpu.wgmma_wait"(%t) {pending = 0 : i64} : (!dlcgpu.compute_token) -> ()
  return %o : vector<8x2x2xf32>
}
