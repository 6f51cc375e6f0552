// Hand-written SM80-style GEMM + bias + ReLU at the upstream MLIR level
// (gpu, nvgpu, vector, scf, affine, arith, memref; a few llvm ops for the ABI).
//
//   Y[M,N] = relu(X[M,K] . W[K,N] + bias[N])   fp16 in/out, fp32 accumulate,
//   X, W, Y row-major; M, K, N are runtime i64: one kernel for every size.
//
// ABI (docs/conventions.md): X, W, bias, Y as bare !llvm.ptr, then M, K, N.
// Launch: grid = [ceildiv(M,128) * ceildiv(N,128), 1, 1], block = [128, 1, 1],
//         dynamic shared memory = 70656 bytes.
//
// Structure (docs/runtime.md, "The SM80 GEMM kernel"):
//  * CTA tile 128x128x32, 4 warps as 2x2, warp tile 64x64 = 4x8
//    mma.sync m16n8k16 (f16 x f16 -> f32) tiles, accumulators in registers.
//  * Shared tiles hold 16-byte chunks XOR-swizzled so that ldmatrix.x4 (and
//    .trans for the row-major W) is free of bank conflicts:
//      A row r, chunk c  -> chunk c ^ ((r >> 1) & 3)     (rows of 32 halves)
//      B row k, chunk c  -> chunk c ^ (k & 7)                (rows of 128 halves)
//  * Path "vec" (K % 8 == 0, N % 8 == 0, X and W 16-byte aligned): a
//    4-stage ring filled by 16-byte cp.async; srcElements = clamp(K - k, 0, 8)
//    (N - n for W), 0 outside M or K, so tails are zero-filled in flight.
//  * Path "raw" (rows not 16-byte aligned, e.g. K = 4093): cp.async copies the
//    16-byte-aligned blocks around each row segment into a 2-stage raw ring;
//    after issuing the MMAs of tile t (from swizzled buffer t % 2) every
//    thread shifts its chunks of tile t+1 into place (funnel shift by o % 8
//    halves) and stores them swizzled into buffer (t+1) % 2: branch-free for
//    interior tiles, with zero fill outside the matrix for edge tiles.
//    Element-wise loads only where a base pointer is not 16-byte aligned or
//    for the buffer's last partial 16-byte block.
//  * Blocks are grouped by 8 tiles along M so that neighbours share W in L2.
//  * Epilogue on the accumulators in registers: + bias, ReLU, cast to f16,
//    predicated stores of two halves (4 bytes) when N is even.
//
// Compile to PTX with upstream passes only (one mlir-opt run; docs/runtime.md):
// RUN: mlir-opt %s --pass-pipeline='builtin.module(gpu.module(gpu.func(affine-loop-unroll{unroll-factor=-1 unroll-num-reps=4}),canonicalize,cse),gpu-lower-to-nvvm-pipeline{cubin-chip=sm_90 cubin-features=+ptx80 opt-level=3 cubin-format=isa})' \
// RUN:   | python3 %dlc_src_root/tools/extract-ptx - | FileCheck %s
// The launch description is Inputs/gemm_bias_relu_sm80.json (docs/conventions.md).
// CHECK: .extern .shared .align 16 .b8 dlc_smem[];
// CHECK: .entry gemm_bias_relu(
// CHECK-NOT: __local_depot
// CHECK: cp.async.cg.shared.global
// CHECK-DAG: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-DAG: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-DAG: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

#smem = #gpu.address_space<workgroup>
#gmem = #gpu.address_space<global>
!gdesc = !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
!sdesc = !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>

module attributes {gpu.container_module} {
  gpu.module @dlc_kernels {
    // The launch's dynamic shared memory.  Declared external so that NVPTX
    // prints `.extern .shared .align 16 .b8 dlc_smem[]`; gpu.dynamic_shared_memory
    // makes an internal global that NVPTX demotes to a 1-byte static array.
    llvm.mlir.global external @dlc_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>

    gpu.func @gemm_bias_relu(%X: !llvm.ptr, %W: !llvm.ptr, %bias: !llvm.ptr, %Y: !llvm.ptr,
        %M64: i64, %K64: i64, %N64: i64) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.maxntid = array<i32: 128, 1, 1>,
          nvvm.minctasm = 2 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %cm8 = arith.constant -8 : index
      %cT = arith.constant 128 : index
      %cBM = arith.constant 128 : index
      %cBN = arith.constant 128 : index
      %cBK = arith.constant 32 : index
      %cCA = arith.constant 4 : index
      %cCB = arith.constant 16 : index
      %cRA = arith.constant 5 : index
      %cRB = arith.constant 17 : index
      %cRA8 = arith.constant 40 : index
      %cRB8 = arith.constant 136 : index
      %cRAn = arith.constant 640 : index
      %cRBn = arith.constant 544 : index
      %cTM = arith.constant 64 : index
      %cTN = arith.constant 64 : index
      %cWN = arith.constant 2 : index
      %cS = arith.constant 4 : index
      %cSm1 = arith.constant 3 : index
      %cSR = arith.constant 2 : index
      %cSRm1 = arith.constant 1 : index
      %cG = arith.constant 8 : index
      %cAE = arith.constant 4096 : index
      %cSTAGE = arith.constant 8192 : index
      %cRAWA = arith.constant 5120 : index
      %cRAWSTAGE = arith.constant 9472 : index
      %cAsh = arith.constant 1 : index
      %cAmask = arith.constant 3 : index
      %cRAW0 = arith.constant 16384 : index
      %true = arith.constant true
      %f16_0 = arith.constant 0.0 : f16
      %zero2 = arith.constant dense<0.0> : vector<2xf32>
      %zero8 = arith.constant dense<0.0> : vector<8xf16>
      %iota8 = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
      %acc0 = arith.constant dense<0.0> : vector<4x8x2x2xf32>
      %afr0 = arith.constant dense<0.0> : vector<4x4x2xf16>
      %bfr0 = arith.constant dense<0.0> : vector<8x2x2xf16>
      %i64_0 = llvm.mlir.constant(0 : i64) : i64
      %i64_1 = llvm.mlir.constant(1 : i64) : i64
      %i64_3 = llvm.mlir.constant(3 : i64) : i64
      %i64_15 = llvm.mlir.constant(15 : i64) : i64

      %M = arith.index_cast %M64 : i64 to index
      %K = arith.index_cast %K64 : i64 to index
      %N = arith.index_cast %N64 : i64 to index
      %MK = llvm.mul %M64, %K64 : i64
      %KN = llvm.mul %K64, %N64 : i64
      %MN = llvm.mul %M64, %N64 : i64
      %MKi = arith.index_cast %MK : i64 to index
      %KNi = arith.index_cast %KN : i64 to index

      // Xm: 1-D global view of %X (MK elements).
      %Xm_p = llvm.addrspacecast %X : !llvm.ptr to !llvm.ptr<1>
      %Xm_0 = llvm.mlir.poison : !gdesc
      %Xm_1 = llvm.insertvalue %Xm_p, %Xm_0[0] : !gdesc
      %Xm_2 = llvm.insertvalue %Xm_p, %Xm_1[1] : !gdesc
      %Xm_3 = llvm.insertvalue %i64_0, %Xm_2[2] : !gdesc
      %Xm_4 = llvm.insertvalue %MK, %Xm_3[3, 0] : !gdesc
      %Xm_5 = llvm.insertvalue %i64_1, %Xm_4[4, 0] : !gdesc
      %Xm = builtin.unrealized_conversion_cast %Xm_5 : !gdesc to memref<?xf16, #gmem>
      // Wm: 1-D global view of %W (KN elements).
      %Wm_p = llvm.addrspacecast %W : !llvm.ptr to !llvm.ptr<1>
      %Wm_0 = llvm.mlir.poison : !gdesc
      %Wm_1 = llvm.insertvalue %Wm_p, %Wm_0[0] : !gdesc
      %Wm_2 = llvm.insertvalue %Wm_p, %Wm_1[1] : !gdesc
      %Wm_3 = llvm.insertvalue %i64_0, %Wm_2[2] : !gdesc
      %Wm_4 = llvm.insertvalue %KN, %Wm_3[3, 0] : !gdesc
      %Wm_5 = llvm.insertvalue %i64_1, %Wm_4[4, 0] : !gdesc
      %Wm = builtin.unrealized_conversion_cast %Wm_5 : !gdesc to memref<?xf16, #gmem>
      // Bm: 1-D global view of %bias (N64 elements).
      %Bm_p = llvm.addrspacecast %bias : !llvm.ptr to !llvm.ptr<1>
      %Bm_0 = llvm.mlir.poison : !gdesc
      %Bm_1 = llvm.insertvalue %Bm_p, %Bm_0[0] : !gdesc
      %Bm_2 = llvm.insertvalue %Bm_p, %Bm_1[1] : !gdesc
      %Bm_3 = llvm.insertvalue %i64_0, %Bm_2[2] : !gdesc
      %Bm_4 = llvm.insertvalue %N64, %Bm_3[3, 0] : !gdesc
      %Bm_5 = llvm.insertvalue %i64_1, %Bm_4[4, 0] : !gdesc
      %Bm = builtin.unrealized_conversion_cast %Bm_5 : !gdesc to memref<?xf16, #gmem>
      // Ym: 1-D global view of %Y (MN elements).
      %Ym_p = llvm.addrspacecast %Y : !llvm.ptr to !llvm.ptr<1>
      %Ym_0 = llvm.mlir.poison : !gdesc
      %Ym_1 = llvm.insertvalue %Ym_p, %Ym_0[0] : !gdesc
      %Ym_2 = llvm.insertvalue %Ym_p, %Ym_1[1] : !gdesc
      %Ym_3 = llvm.insertvalue %i64_0, %Ym_2[2] : !gdesc
      %Ym_4 = llvm.insertvalue %MN, %Ym_3[3, 0] : !gdesc
      %Ym_5 = llvm.insertvalue %i64_1, %Ym_4[4, 0] : !gdesc
      %Ym = builtin.unrealized_conversion_cast %Ym_5 : !gdesc to memref<?xf16, #gmem>

      // Shared memory, f16 and i32 views of the same bytes.  Path vec: 4 stages
      // [A 128x32 | B 32x128].  Path raw: stages 0 and 1, then 2 raw stages
      // [A 128x5 blocks | B 32x17 blocks] from element 16384 on.
      %sp = llvm.mlir.addressof @dlc_smem : !llvm.ptr<3>
      %sd0 = llvm.mlir.poison : !sdesc
      %sd1 = llvm.insertvalue %sp, %sd0[0] : !sdesc
      %sd2 = llvm.insertvalue %sp, %sd1[1] : !sdesc
      %sm = builtin.unrealized_conversion_cast %sd2 : !sdesc to memref<35328xf16, #smem>
      %smw = builtin.unrealized_conversion_cast %sd2 : !sdesc to memref<17664xi32, #smem>

      // Warp-uniform choices.  X rows are 16-byte aligned iff K % 8 == 0 and X
      // is; likewise W with N.  Y takes 4-byte stores iff N is even and Y is
      // 4-byte aligned.
      %Xi = llvm.ptrtoint %X : !llvm.ptr to i64
      %Wi = llvm.ptrtoint %W : !llvm.ptr to i64
      %Yi = llvm.ptrtoint %Y : !llvm.ptr to i64
      %Xlo = llvm.and %Xi, %i64_15 : i64
      %Wlo = llvm.and %Wi, %i64_15 : i64
      %Ylo = llvm.and %Yi, %i64_3 : i64
      %Xal = llvm.icmp "eq" %Xlo, %i64_0 : i64
      %Wal = llvm.icmp "eq" %Wlo, %i64_0 : i64
      %Yal = llvm.icmp "eq" %Ylo, %i64_0 : i64
      %Kr = arith.remui %K, %c8 : index
      %Nr = arith.remui %N, %c8 : index
      %N2 = arith.remui %N, %c2 : index
      %K8 = arith.cmpi eq, %Kr, %c0 : index
      %N8 = arith.cmpi eq, %Nr, %c0 : index
      %Nev = arith.cmpi eq, %N2, %c0 : index
      %a_vec = arith.andi %K8, %Xal : i1
      %b_vec = arith.andi %N8, %Wal : i1
      %vec = arith.andi %a_vec, %b_vec : i1
      %y_pair = arith.andi %Nev, %Yal : i1

      // Block -> (tile_m, tile_n), grouped by 8 tiles along M.
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %tiles_m = arith.ceildivui %M, %cBM : index
      %tiles_n = arith.ceildivui %N, %cBN : index
      %per_group = arith.muli %cG, %tiles_n : index
      %group = arith.divui %bid, %per_group : index
      %first_m = arith.muli %group, %cG : index
      %left_m = arith.subi %tiles_m, %first_m : index
      %group_m = arith.minui %left_m, %cG : index
      %in_group = arith.remui %bid, %per_group : index
      %tm_off = arith.remui %in_group, %group_m : index
      %tile_m = arith.addi %first_m, %tm_off : index
      %tile_n = arith.divui %in_group, %group_m : index
      %m0 = arith.muli %tile_m, %cBM : index
      %n0 = arith.muli %tile_n, %cBN : index

      %warp = arith.divui %tid, %c32 : index
      %lane = arith.remui %tid, %c32 : index
      %warp_m = arith.divui %warp, %cWN : index
      %warp_n = arith.remui %warp, %cWN : index
      %wm0 = arith.muli %warp_m, %cTM : index
      %wn0 = arith.muli %warp_n, %cTN : index
      %lane16 = arith.remui %lane, %c16 : index
      %lane_hi = arith.divui %lane, %c16 : index
      %lane8 = arith.remui %lane, %c8 : index
      %lane_q = arith.divui %lane, %c4 : index
      %lane_r = arith.remui %lane, %c4 : index
      %lane_c = arith.muli %lane_r, %c2 : index
      %wch0 = arith.divui %wn0, %c8 : index
      %wch = arith.addi %wch0, %lane_hi : index

      %ktiles = arith.ceildivui %K, %cBK : index
      %grp0 = nvgpu.device_async_create_group {}

      // Iteration `it` waits for the tile it-(stages-1) and a barrier, starts
      // copying tile `it` (into the stage freed by that barrier), then computes
      // tile it-(stages-1).
      %acc = scf.if %vec -> (vector<4x8x2x2xf32>) {
        %iters = arith.addi %ktiles, %c3 : index
        %res:2 = scf.for %it = %c0 to %iters step %c1
            iter_args(%acc_it = %acc0, %grp = %grp0) -> (vector<4x8x2x2xf32>, !nvgpu.device.async.token) {
          %steady = arith.cmpi uge, %it, %c3 : index
          scf.if %steady {
            nvgpu.device_async_wait %grp {numGroups = 2 : i32}
            gpu.barrier
          }
          %load = arith.cmpi ult, %it, %ktiles : index
          %k0 = arith.muli %it, %cBK : index
          %ls0 = arith.remui %it, %cS : index
          %ls = arith.muli %ls0, %cSTAGE : index
          scf.if %load {
            affine.for %i = 0 to 4 {
              %qo = arith.muli %i, %cT : index
              %q = arith.addi %tid, %qo : index
              %row = arith.divui %q, %cCA : index
              %ch = arith.remui %q, %cCA : index
              %grow = arith.addi %m0, %row : index
              %cc = arith.muli %ch, %c8 : index
              %col = arith.addi %k0, %cc : index
              %row_ok = arith.cmpi ult, %grow, %M : index
              %cols = arith.addi %K, %c0 : index
              %col_ok = arith.cmpi ult, %col, %cols : index
              %ok = arith.andi %row_ok, %col_ok : i1
              %left = arith.subi %cols, %col : index
              %left8 = arith.minui %left, %c8 : index
              %n = arith.select %ok, %left8, %c0 : index
              %go0 = arith.muli %grow, %cols : index
              %go = arith.addi %go0, %col : index
              %src = arith.select %ok, %go, %c0 : index
              %d_ro = arith.muli %row, %cBK : index
              %d_s0 = arith.shrui %row, %cAsh : index
              %d_s = arith.andi %d_s0, %cAmask : index
              %d_c = arith.xori %ch, %d_s : index
              %d_ce = arith.muli %d_c, %c8 : index
              %d_0 = arith.addi %ls, %d_ro : index
              %dst = arith.addi %d_0, %d_ce : index
              %t = nvgpu.device_async_copy %Xm[%src], %sm[%dst], 8, %n {bypassL1} : memref<?xf16, #gmem> to memref<35328xf16, #smem>
            }
            affine.for %i = 0 to 4 {
              %qo = arith.muli %i, %cT : index
              %q = arith.addi %tid, %qo : index
              %row = arith.divui %q, %cCB : index
              %ch = arith.remui %q, %cCB : index
              %grow = arith.addi %k0, %row : index
              %cc = arith.muli %ch, %c8 : index
              %col = arith.addi %n0, %cc : index
              %row_ok = arith.cmpi ult, %grow, %K : index
              %cols = arith.addi %N, %c0 : index
              %col_ok = arith.cmpi ult, %col, %cols : index
              %ok = arith.andi %row_ok, %col_ok : i1
              %left = arith.subi %cols, %col : index
              %left8 = arith.minui %left, %c8 : index
              %n = arith.select %ok, %left8, %c0 : index
              %go0 = arith.muli %grow, %cols : index
              %go = arith.addi %go0, %col : index
              %src = arith.select %ok, %go, %c0 : index
              %d_ro = arith.muli %row, %cBN : index
              %d_s = arith.andi %row, %c7 : index
              %d_c = arith.xori %ch, %d_s : index
              %d_ce = arith.muli %d_c, %c8 : index
              %d_b = arith.addi %ls, %cAE : index
              %d_0 = arith.addi %d_b, %d_ro : index
              %dst = arith.addi %d_0, %d_ce : index
              %t = nvgpu.device_async_copy %Wm[%src], %sm[%dst], 8, %n {bypassL1} : memref<?xf16, #gmem> to memref<35328xf16, #smem>
            }
          }
          %grp_next = nvgpu.device_async_create_group {}
          %acc_out = scf.if %steady -> (vector<4x8x2x2xf32>) {
            %cs0 = arith.subi %it, %cSm1 : index
            %cs1 = arith.remui %cs0, %cS : index
            %cs = arith.muli %cs1, %cSTAGE : index
            %cb = arith.addi %cs, %cAE : index
            %acc_k = affine.for %kk = 0 to 2 iter_args(%acc_kk = %acc_it) -> (vector<4x8x2x2xf32>) {
              // A fragments: ldmatrix.x4; lane l reads row l % 16, k-chunk 2*kk + l / 16.
              %kc2 = arith.muli %kk, %c2 : index
              %achunk = arith.addi %kc2, %lane_hi : index
              %afr = affine.for %mi = 0 to 4 iter_args(%af = %afr0) -> (vector<4x4x2xf16>) {
                %r16 = arith.muli %mi, %c16 : index
                %r0 = arith.addi %wm0, %r16 : index
                %r = arith.addi %r0, %lane16 : index
                %swr = arith.shrui %r, %cAsh : index
                %sw = arith.andi %swr, %cAmask : index
                %pc = arith.xori %achunk, %sw : index
                %pe = arith.muli %pc, %c8 : index
                %ro = arith.muli %r, %cBK : index
                %o0 = arith.addi %cs, %ro : index
                %o = arith.addi %o0, %pe : index
                %f = nvgpu.ldmatrix %sm[%o] {numTiles = 4 : i32, transpose = false} : memref<35328xf16, #smem> -> vector<4x2xf16>
                %af2 = vector.insert %f, %af[%mi] : vector<4x2xf16> into vector<4x4x2xf16>
                affine.yield %af2 : vector<4x4x2xf16>
              }
              // B fragments: ldmatrix.x4.trans covers two n8 tiles; lane l reads
              // k-row 16*kk + l % 16, n-chunk 2*nj + l / 16, swizzled by (k-row & 7) = l & 7.
              %kb0 = arith.muli %kk, %c16 : index
              %kb = arith.addi %kb0, %lane16 : index
              %kbo0 = arith.muli %kb, %cBN : index
              %kbo = arith.addi %cb, %kbo0 : index
              %bfr = affine.for %nj = 0 to 4 iter_args(%bf = %bfr0) -> (vector<8x2x2xf16>) {
                %nj2 = arith.muli %nj, %c2 : index
                %bc = arith.addi %wch, %nj2 : index
                %pc = arith.xori %bc, %lane8 : index
                %pe = arith.muli %pc, %c8 : index
                %o = arith.addi %kbo, %pe : index
                %f = nvgpu.ldmatrix %sm[%o] {numTiles = 4 : i32, transpose = true} : memref<35328xf16, #smem> -> vector<4x2xf16>
                %f0 = vector.extract %f[0] : vector<2xf16> from vector<4x2xf16>
                %f1 = vector.extract %f[1] : vector<2xf16> from vector<4x2xf16>
                %f2 = vector.extract %f[2] : vector<2xf16> from vector<4x2xf16>
                %f3 = vector.extract %f[3] : vector<2xf16> from vector<4x2xf16>
                %nj21 = arith.addi %nj2, %c1 : index
                %bf1 = vector.insert %f0, %bf[%nj2, 0] : vector<2xf16> into vector<8x2x2xf16>
                %bf2 = vector.insert %f1, %bf1[%nj2, 1] : vector<2xf16> into vector<8x2x2xf16>
                %bf3 = vector.insert %f2, %bf2[%nj21, 0] : vector<2xf16> into vector<8x2x2xf16>
                %bf4 = vector.insert %f3, %bf3[%nj21, 1] : vector<2xf16> into vector<8x2x2xf16>
                affine.yield %bf4 : vector<8x2x2xf16>
              }
              %acc_m = affine.for %mi = 0 to 4 iter_args(%am = %acc_kk) -> (vector<4x8x2x2xf32>) {
                %av = vector.extract %afr[%mi] : vector<4x2xf16> from vector<4x4x2xf16>
                %acc_n = affine.for %ni = 0 to 8 iter_args(%an = %am) -> (vector<4x8x2x2xf32>) {
                  %bv = vector.extract %bfr[%ni] : vector<2x2xf16> from vector<8x2x2xf16>
                  %cv = vector.extract %an[%mi, %ni] : vector<2x2xf32> from vector<4x8x2x2xf32>
                  %dv = nvgpu.mma.sync (%av, %bv, %cv) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
                  %an2 = vector.insert %dv, %an[%mi, %ni] : vector<2x2xf32> into vector<4x8x2x2xf32>
                  affine.yield %an2 : vector<4x8x2x2xf32>
                }
                affine.yield %acc_n : vector<4x8x2x2xf32>
              }
              affine.yield %acc_m : vector<4x8x2x2xf32>
            }
            scf.yield %acc_k : vector<4x8x2x2xf32>
          } else {
            scf.yield %acc_it : vector<4x8x2x2xf32>
          }
          scf.yield %acc_out, %grp_next : vector<4x8x2x2xf32>, !nvgpu.device.async.token
        }
        scf.yield %res#0 : vector<4x8x2x2xf32>
      } else {
        // Iteration `it`: wait + barrier; copy raw tile it; MMAs of tile it-2
        // (buffer (it-2) % 2); shift raw tile it-1 into buffer (it-1) % 2.
        %iters = arith.addi %ktiles, %cSR : index
        %res:2 = scf.for %it = %c0 to %iters step %c1
            iter_args(%acc_it = %acc0, %grp = %grp0) -> (vector<4x8x2x2xf32>, !nvgpu.device.async.token) {
          %fixing = arith.cmpi uge, %it, %cSRm1 : index
          scf.if %fixing {
            nvgpu.device_async_wait %grp {numGroups = 0 : i32}
            gpu.barrier
          }
          %load = arith.cmpi ult, %it, %ktiles : index
          %k0 = arith.muli %it, %cBK : index
          %rs0 = arith.remui %it, %cSR : index
          %rs1 = arith.muli %rs0, %cRAWSTAGE : index
          %rs = arith.addi %rs1, %cRAW0 : index
          %rsb = arith.addi %rs, %cRAWA : index
          %load_a = arith.andi %load, %Xal : i1
          %load_b = arith.andi %load, %Wal : i1
          scf.if %load_a {
            affine.for %i = 0 to 5 {
              %qo = arith.muli %i, %cT : index
              %q = arith.addi %tid, %qo : index
              %row = arith.divui %q, %cRA : index
              %j = arith.remui %q, %cRA : index
              %grow = arith.addi %m0, %row : index
              %row_ok = arith.cmpi ult, %grow, %M : index
              %ro = arith.muli %grow, %K : index
              %o = arith.addi %ro, %k0 : index
              %size = arith.addi %MKi, %c0 : index
              %blk0 = arith.andi %o, %cm8 : index
              %j8 = arith.muli %j, %c8 : index
              %start = arith.addi %blk0, %j8 : index
              %end = arith.addi %start, %c8 : index
              %in = arith.cmpi ule, %end, %size : index
              %ok = arith.andi %row_ok, %in : i1
              %dr = arith.muli %row, %cRA8 : index
              %d0 = arith.addi %rs, %dr : index
              %dst = arith.addi %d0, %j8 : index
              scf.if %ok {
                %t = nvgpu.device_async_copy %Xm[%start], %sm[%dst], 8 {bypassL1} : memref<?xf16, #gmem> to memref<35328xf16, #smem>
              }
            }
          }
          scf.if %load_b {
            affine.for %i = 0 to 5 {
              %qo = arith.muli %i, %cT : index
              %q = arith.addi %tid, %qo : index
              %q_ok = arith.cmpi ult, %q, %cRBn : index
              %row = arith.divui %q, %cRB : index
              %j = arith.remui %q, %cRB : index
              %grow = arith.addi %k0, %row : index
              %row_ok = arith.cmpi ult, %grow, %K : index
              %ro = arith.muli %grow, %N : index
              %o = arith.addi %ro, %n0 : index
              %size = arith.addi %KNi, %c0 : index
              %rq_ok = arith.andi %row_ok, %q_ok : i1
              %blk0 = arith.andi %o, %cm8 : index
              %j8 = arith.muli %j, %c8 : index
              %start = arith.addi %blk0, %j8 : index
              %end = arith.addi %start, %c8 : index
              %in = arith.cmpi ule, %end, %size : index
              %ok = arith.andi %rq_ok, %in : i1
              %dr = arith.muli %row, %cRB8 : index
              %d0 = arith.addi %rsb, %dr : index
              %dst = arith.addi %d0, %j8 : index
              scf.if %ok {
                %t = nvgpu.device_async_copy %Wm[%start], %sm[%dst], 8 {bypassL1} : memref<?xf16, #gmem> to memref<35328xf16, #smem>
              }
            }
          }
          %grp_next = nvgpu.device_async_create_group {}
          %computing = arith.cmpi uge, %it, %cSR : index
          %acc_out = scf.if %computing -> (vector<4x8x2x2xf32>) {
            %ct = arith.subi %it, %cSR : index
            %cb0 = arith.remui %ct, %c2 : index
            %cbuf = arith.muli %cb0, %cSTAGE : index
            %cb = arith.addi %cbuf, %cAE : index
            %acc_k = affine.for %kk = 0 to 2 iter_args(%acc_kk = %acc_it) -> (vector<4x8x2x2xf32>) {
              // A fragments: ldmatrix.x4; lane l reads row l % 16, k-chunk 2*kk + l / 16.
              %kc2 = arith.muli %kk, %c2 : index
              %achunk = arith.addi %kc2, %lane_hi : index
              %afr = affine.for %mi = 0 to 4 iter_args(%af = %afr0) -> (vector<4x4x2xf16>) {
                %r16 = arith.muli %mi, %c16 : index
                %r0 = arith.addi %wm0, %r16 : index
                %r = arith.addi %r0, %lane16 : index
                %swr = arith.shrui %r, %cAsh : index
                %sw = arith.andi %swr, %cAmask : index
                %pc = arith.xori %achunk, %sw : index
                %pe = arith.muli %pc, %c8 : index
                %ro = arith.muli %r, %cBK : index
                %o0 = arith.addi %cbuf, %ro : index
                %o = arith.addi %o0, %pe : index
                %f = nvgpu.ldmatrix %sm[%o] {numTiles = 4 : i32, transpose = false} : memref<35328xf16, #smem> -> vector<4x2xf16>
                %af2 = vector.insert %f, %af[%mi] : vector<4x2xf16> into vector<4x4x2xf16>
                affine.yield %af2 : vector<4x4x2xf16>
              }
              // B fragments: ldmatrix.x4.trans covers two n8 tiles; lane l reads
              // k-row 16*kk + l % 16, n-chunk 2*nj + l / 16, swizzled by (k-row & 7) = l & 7.
              %kb0 = arith.muli %kk, %c16 : index
              %kb = arith.addi %kb0, %lane16 : index
              %kbo0 = arith.muli %kb, %cBN : index
              %kbo = arith.addi %cb, %kbo0 : index
              %bfr = affine.for %nj = 0 to 4 iter_args(%bf = %bfr0) -> (vector<8x2x2xf16>) {
                %nj2 = arith.muli %nj, %c2 : index
                %bc = arith.addi %wch, %nj2 : index
                %pc = arith.xori %bc, %lane8 : index
                %pe = arith.muli %pc, %c8 : index
                %o = arith.addi %kbo, %pe : index
                %f = nvgpu.ldmatrix %sm[%o] {numTiles = 4 : i32, transpose = true} : memref<35328xf16, #smem> -> vector<4x2xf16>
                %f0 = vector.extract %f[0] : vector<2xf16> from vector<4x2xf16>
                %f1 = vector.extract %f[1] : vector<2xf16> from vector<4x2xf16>
                %f2 = vector.extract %f[2] : vector<2xf16> from vector<4x2xf16>
                %f3 = vector.extract %f[3] : vector<2xf16> from vector<4x2xf16>
                %nj21 = arith.addi %nj2, %c1 : index
                %bf1 = vector.insert %f0, %bf[%nj2, 0] : vector<2xf16> into vector<8x2x2xf16>
                %bf2 = vector.insert %f1, %bf1[%nj2, 1] : vector<2xf16> into vector<8x2x2xf16>
                %bf3 = vector.insert %f2, %bf2[%nj21, 0] : vector<2xf16> into vector<8x2x2xf16>
                %bf4 = vector.insert %f3, %bf3[%nj21, 1] : vector<2xf16> into vector<8x2x2xf16>
                affine.yield %bf4 : vector<8x2x2xf16>
              }
              %acc_m = affine.for %mi = 0 to 4 iter_args(%am = %acc_kk) -> (vector<4x8x2x2xf32>) {
                %av = vector.extract %afr[%mi] : vector<4x2xf16> from vector<4x4x2xf16>
                %acc_n = affine.for %ni = 0 to 8 iter_args(%an = %am) -> (vector<4x8x2x2xf32>) {
                  %bv = vector.extract %bfr[%ni] : vector<2x2xf16> from vector<8x2x2xf16>
                  %cv = vector.extract %an[%mi, %ni] : vector<2x2xf32> from vector<4x8x2x2xf32>
                  %dv = nvgpu.mma.sync (%av, %bv, %cv) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
                  %an2 = vector.insert %dv, %an[%mi, %ni] : vector<2x2xf32> into vector<4x8x2x2xf32>
                  affine.yield %an2 : vector<4x8x2x2xf32>
                }
                affine.yield %acc_n : vector<4x8x2x2xf32>
              }
              affine.yield %acc_m : vector<4x8x2x2xf32>
            }
            scf.yield %acc_k : vector<4x8x2x2xf32>
          } else {
            scf.yield %acc_it : vector<4x8x2x2xf32>
          }
          %ft = arith.subi %it, %cSRm1 : index
          %f_in = arith.cmpi ult, %ft, %ktiles : index
          %fix = arith.andi %fixing, %f_in : i1
          scf.if %fix {
            %cr1 = arith.remui %ft, %cSR : index
            %cr2 = arith.muli %cr1, %cRAWSTAGE : index
            %rc = arith.addi %cr2, %cRAW0 : index
            %rcb = arith.addi %rc, %cRAWA : index
            %fb0 = arith.remui %ft, %c2 : index
            %fb = arith.muli %fb0, %cSTAGE : index
            %kc0 = arith.muli %ft, %cBK : index
            %kc1 = arith.addi %kc0, %cBK : index
            %mend = arith.addi %m0, %cBM : index
            %nend = arith.addi %n0, %cBN : index
            // Interior tiles (not touching M, K, N or the buffer's end) take
            // the branch-free shift.
            %ia0 = arith.cmpi ult, %mend, %M : index
            %ia1 = arith.cmpi ule, %kc1, %K : index
            %ia2 = arith.andi %ia0, %ia1 : i1
            %int_a = arith.andi %ia2, %Xal : i1
            %ib0 = arith.cmpi ult, %kc1, %K : index
            %ib1 = arith.cmpi ule, %nend, %N : index
            %ib2 = arith.andi %ib0, %ib1 : i1
            %int_b = arith.andi %ib2, %Wal : i1
            scf.if %int_a {
              affine.for %i = 0 to 4 {
                %qo = arith.muli %i, %cT : index
                %q = arith.addi %tid, %qo : index
                %row = arith.divui %q, %cCA : index
                %ch = arith.remui %q, %cCA : index
                %grow = arith.addi %m0, %row : index
                %cc = arith.muli %ch, %c8 : index
                %col = arith.addi %kc0, %cc : index
                %row_ok = arith.cmpi ult, %grow, %M : index
                %cols = arith.addi %K, %c0 : index
                %ro = arith.muli %grow, %cols : index
                %o_row = arith.subi %col, %cc : index
                %o = arith.addi %ro, %o_row : index
                %s = arith.andi %o, %c7 : index
                %rr = arith.muli %row, %cRA8 : index
                %r0 = arith.addi %rc, %rr : index
                %e = arith.addi %r0, %cc : index
                %w = arith.shrui %e, %c1 : index
                %wh = arith.addi %w, %c4 : index
                %lo = vector.load %smw[%w] {alignment = 16} : memref<17664xi32, #smem>, vector<4xi32>
                %hi = vector.load %smw[%wh] {alignment = 16} : memref<17664xi32, #smem>, vector<4xi32>
                %w0 = vector.extract %lo[0] : i32 from vector<4xi32>
                %w1 = vector.extract %lo[1] : i32 from vector<4xi32>
                %w2 = vector.extract %lo[2] : i32 from vector<4xi32>
                %w3 = vector.extract %lo[3] : i32 from vector<4xi32>
                %w4 = vector.extract %hi[0] : i32 from vector<4xi32>
                %w5 = vector.extract %hi[1] : i32 from vector<4xi32>
                %w6 = vector.extract %hi[2] : i32 from vector<4xi32>
                %w7 = vector.extract %hi[3] : i32 from vector<4xi32>
                %s4 = arith.andi %s, %c4 : index
                %s2 = arith.andi %s, %c2 : index
                %s1 = arith.andi %s, %c1 : index
                %b1 = arith.cmpi ne, %s4, %c0 : index
                %b0 = arith.cmpi ne, %s2, %c0 : index
                %v0 = arith.select %b1, %w2, %w0 : i32
                %v1 = arith.select %b1, %w3, %w1 : i32
                %v2 = arith.select %b1, %w4, %w2 : i32
                %v3 = arith.select %b1, %w5, %w3 : i32
                %v4 = arith.select %b1, %w6, %w4 : i32
                %v5 = arith.select %b1, %w7, %w5 : i32
                %x0 = arith.select %b0, %v1, %v0 : i32
                %x1 = arith.select %b0, %v2, %v1 : i32
                %x2 = arith.select %b0, %v3, %v2 : i32
                %x3 = arith.select %b0, %v4, %v3 : i32
                %x4 = arith.select %b0, %v5, %v4 : i32
                %sh16 = arith.muli %s1, %c16 : index
                %sh = arith.index_cast %sh16 : index to i32
                %u0 = llvm.intr.fshr(%x1, %x0, %sh) : (i32, i32, i32) -> i32
                %u1 = llvm.intr.fshr(%x2, %x1, %sh) : (i32, i32, i32) -> i32
                %u2 = llvm.intr.fshr(%x3, %x2, %sh) : (i32, i32, i32) -> i32
                %u3 = llvm.intr.fshr(%x4, %x3, %sh) : (i32, i32, i32) -> i32
                %uv = vector.from_elements %u0, %u1, %u2, %u3 : vector<4xi32>
                %hv = vector.bitcast %uv : vector<4xi32> to vector<8xf16>
                %d_ro = arith.muli %row, %cBK : index
                %d_s0 = arith.shrui %row, %cAsh : index
                %d_s = arith.andi %d_s0, %cAmask : index
                %d_c = arith.xori %ch, %d_s : index
                %d_ce = arith.muli %d_c, %c8 : index
                %d_0 = arith.addi %fb, %d_ro : index
                %dst = arith.addi %d_0, %d_ce : index
                vector.store %hv, %sm[%dst] {alignment = 16} : memref<35328xf16, #smem>, vector<8xf16>
              }
            } else {
              affine.for %i = 0 to 4 {
                %qo = arith.muli %i, %cT : index
                %q = arith.addi %tid, %qo : index
                %row = arith.divui %q, %cCA : index
                %ch = arith.remui %q, %cCA : index
                %grow = arith.addi %m0, %row : index
                %cc = arith.muli %ch, %c8 : index
                %col = arith.addi %kc0, %cc : index
                %row_ok = arith.cmpi ult, %grow, %M : index
                %cols = arith.addi %K, %c0 : index
                %ro = arith.muli %grow, %cols : index
                %o_row = arith.subi %col, %cc : index
                %o = arith.addi %ro, %o_row : index
                %left = arith.subi %cols, %col : index
                %left8 = arith.minui %left, %c8 : index
                %col_ok = arith.cmpi ult, %col, %cols : index
                %ok = arith.andi %row_ok, %col_ok : i1
                %nvalid = arith.select %ok, %left8, %c0 : index
                %c_end0 = arith.addi %o, %cc : index
                %c_end = arith.addi %c_end0, %nvalid : index
                %whole = arith.andi %MKi, %cm8 : index
                %in_whole = arith.cmpi ule, %c_end, %whole : index
                %use_raw = arith.andi %Xal, %in_whole : i1
                %v = scf.if %use_raw -> (vector<8xf16>) {
                  // Halves s + 8*ch .. +8 of the raw row, s = o % 8.
                  %s = arith.andi %o, %c7 : index
                  %d = arith.addi %s, %cc : index
                  %rr = arith.muli %row, %cRA8 : index
                  %r0 = arith.addi %rc, %rr : index
                  %e = arith.addi %r0, %d : index
                  %w = arith.shrui %e, %c1 : index
                  %wi0 = arith.addi %w, %c0 : index
                  %w0 = memref.load %smw[%wi0] : memref<17664xi32, #smem>
                  %wi1 = arith.addi %w, %c1 : index
                  %w1 = memref.load %smw[%wi1] : memref<17664xi32, #smem>
                  %wi2 = arith.addi %w, %c2 : index
                  %w2 = memref.load %smw[%wi2] : memref<17664xi32, #smem>
                  %wi3 = arith.addi %w, %c3 : index
                  %w3 = memref.load %smw[%wi3] : memref<17664xi32, #smem>
                  %wi4 = arith.addi %w, %c4 : index
                  %w4 = memref.load %smw[%wi4] : memref<17664xi32, #smem>
                  %odd = arith.andi %d, %c1 : index
                  %sh16 = arith.muli %odd, %c16 : index
                  %sh = arith.index_cast %sh16 : index to i32
                  %u0 = llvm.intr.fshr(%w1, %w0, %sh) : (i32, i32, i32) -> i32
                  %u1 = llvm.intr.fshr(%w2, %w1, %sh) : (i32, i32, i32) -> i32
                  %u2 = llvm.intr.fshr(%w3, %w2, %sh) : (i32, i32, i32) -> i32
                  %u3 = llvm.intr.fshr(%w4, %w3, %sh) : (i32, i32, i32) -> i32
                  %uv = vector.from_elements %u0, %u1, %u2, %u3 : vector<4xi32>
                  %hv = vector.bitcast %uv : vector<4xi32> to vector<8xf16>
                  scf.yield %hv : vector<8xf16>
                } else {
                  // Base pointer not 16-byte aligned, or the buffer's last
                  // partial block: element by element.
                  %ve = affine.for %e = 0 to 8 iter_args(%acc8 = %zero8) -> (vector<8xf16>) {
                    %e_ok = arith.cmpi ult, %e, %nvalid : index
                    %ge0 = arith.addi %o, %cc : index
                    %ge = arith.addi %ge0, %e : index
                    %src = arith.select %e_ok, %ge, %c0 : index
                    %x = memref.load %Xm[%src] : memref<?xf16, #gmem>
                    %xz = arith.select %e_ok, %x, %f16_0 : f16
                    %acc9 = vector.insert %xz, %acc8[%e] : f16 into vector<8xf16>
                    affine.yield %acc9 : vector<8xf16>
                  }
                  scf.yield %ve : vector<8xf16>
                }
                %part = arith.cmpi ult, %nvalid, %c8 : index
                %vz = scf.if %part -> (vector<8xf16>) {
                  %nv = arith.index_cast %nvalid : index to i32
                  %nvs = vector.broadcast %nv : i32 to vector<8xi32>
                  %keep = arith.cmpi ult, %iota8, %nvs : vector<8xi32>
                  %m = arith.select %keep, %v, %zero8 : vector<8xi1>, vector<8xf16>
                  scf.yield %m : vector<8xf16>
                } else {
                  scf.yield %v : vector<8xf16>
                }
                %d_ro = arith.muli %row, %cBK : index
                %d_s0 = arith.shrui %row, %cAsh : index
                %d_s = arith.andi %d_s0, %cAmask : index
                %d_c = arith.xori %ch, %d_s : index
                %d_ce = arith.muli %d_c, %c8 : index
                %d_0 = arith.addi %fb, %d_ro : index
                %dst = arith.addi %d_0, %d_ce : index
                vector.store %vz, %sm[%dst] {alignment = 16} : memref<35328xf16, #smem>, vector<8xf16>
              }
            }
            scf.if %int_b {
              affine.for %i = 0 to 4 {
                %qo = arith.muli %i, %cT : index
                %q = arith.addi %tid, %qo : index
                %row = arith.divui %q, %cCB : index
                %ch = arith.remui %q, %cCB : index
                %grow = arith.addi %kc0, %row : index
                %cc = arith.muli %ch, %c8 : index
                %col = arith.addi %n0, %cc : index
                %row_ok = arith.cmpi ult, %grow, %K : index
                %cols = arith.addi %N, %c0 : index
                %ro = arith.muli %grow, %cols : index
                %o_row = arith.subi %col, %cc : index
                %o = arith.addi %ro, %o_row : index
                %s = arith.andi %o, %c7 : index
                %rr = arith.muli %row, %cRB8 : index
                %r0 = arith.addi %rcb, %rr : index
                %e = arith.addi %r0, %cc : index
                %w = arith.shrui %e, %c1 : index
                %wh = arith.addi %w, %c4 : index
                %lo = vector.load %smw[%w] {alignment = 16} : memref<17664xi32, #smem>, vector<4xi32>
                %hi = vector.load %smw[%wh] {alignment = 16} : memref<17664xi32, #smem>, vector<4xi32>
                %w0 = vector.extract %lo[0] : i32 from vector<4xi32>
                %w1 = vector.extract %lo[1] : i32 from vector<4xi32>
                %w2 = vector.extract %lo[2] : i32 from vector<4xi32>
                %w3 = vector.extract %lo[3] : i32 from vector<4xi32>
                %w4 = vector.extract %hi[0] : i32 from vector<4xi32>
                %w5 = vector.extract %hi[1] : i32 from vector<4xi32>
                %w6 = vector.extract %hi[2] : i32 from vector<4xi32>
                %w7 = vector.extract %hi[3] : i32 from vector<4xi32>
                %s4 = arith.andi %s, %c4 : index
                %s2 = arith.andi %s, %c2 : index
                %s1 = arith.andi %s, %c1 : index
                %b1 = arith.cmpi ne, %s4, %c0 : index
                %b0 = arith.cmpi ne, %s2, %c0 : index
                %v0 = arith.select %b1, %w2, %w0 : i32
                %v1 = arith.select %b1, %w3, %w1 : i32
                %v2 = arith.select %b1, %w4, %w2 : i32
                %v3 = arith.select %b1, %w5, %w3 : i32
                %v4 = arith.select %b1, %w6, %w4 : i32
                %v5 = arith.select %b1, %w7, %w5 : i32
                %x0 = arith.select %b0, %v1, %v0 : i32
                %x1 = arith.select %b0, %v2, %v1 : i32
                %x2 = arith.select %b0, %v3, %v2 : i32
                %x3 = arith.select %b0, %v4, %v3 : i32
                %x4 = arith.select %b0, %v5, %v4 : i32
                %sh16 = arith.muli %s1, %c16 : index
                %sh = arith.index_cast %sh16 : index to i32
                %u0 = llvm.intr.fshr(%x1, %x0, %sh) : (i32, i32, i32) -> i32
                %u1 = llvm.intr.fshr(%x2, %x1, %sh) : (i32, i32, i32) -> i32
                %u2 = llvm.intr.fshr(%x3, %x2, %sh) : (i32, i32, i32) -> i32
                %u3 = llvm.intr.fshr(%x4, %x3, %sh) : (i32, i32, i32) -> i32
                %uv = vector.from_elements %u0, %u1, %u2, %u3 : vector<4xi32>
                %hv = vector.bitcast %uv : vector<4xi32> to vector<8xf16>
                %d_ro = arith.muli %row, %cBN : index
                %d_s = arith.andi %row, %c7 : index
                %d_c = arith.xori %ch, %d_s : index
                %d_ce = arith.muli %d_c, %c8 : index
                %d_b = arith.addi %fb, %cAE : index
                %d_0 = arith.addi %d_b, %d_ro : index
                %dst = arith.addi %d_0, %d_ce : index
                vector.store %hv, %sm[%dst] {alignment = 16} : memref<35328xf16, #smem>, vector<8xf16>
              }
            } else {
              affine.for %i = 0 to 4 {
                %qo = arith.muli %i, %cT : index
                %q = arith.addi %tid, %qo : index
                %row = arith.divui %q, %cCB : index
                %ch = arith.remui %q, %cCB : index
                %grow = arith.addi %kc0, %row : index
                %cc = arith.muli %ch, %c8 : index
                %col = arith.addi %n0, %cc : index
                %row_ok = arith.cmpi ult, %grow, %K : index
                %cols = arith.addi %N, %c0 : index
                %ro = arith.muli %grow, %cols : index
                %o_row = arith.subi %col, %cc : index
                %o = arith.addi %ro, %o_row : index
                %left = arith.subi %cols, %col : index
                %left8 = arith.minui %left, %c8 : index
                %col_ok = arith.cmpi ult, %col, %cols : index
                %ok = arith.andi %row_ok, %col_ok : i1
                %nvalid = arith.select %ok, %left8, %c0 : index
                %c_end0 = arith.addi %o, %cc : index
                %c_end = arith.addi %c_end0, %nvalid : index
                %whole = arith.andi %KNi, %cm8 : index
                %in_whole = arith.cmpi ule, %c_end, %whole : index
                %use_raw = arith.andi %Wal, %in_whole : i1
                %v = scf.if %use_raw -> (vector<8xf16>) {
                  // Halves s + 8*ch .. +8 of the raw row, s = o % 8.
                  %s = arith.andi %o, %c7 : index
                  %d = arith.addi %s, %cc : index
                  %rr = arith.muli %row, %cRB8 : index
                  %r0 = arith.addi %rcb, %rr : index
                  %e = arith.addi %r0, %d : index
                  %w = arith.shrui %e, %c1 : index
                  %wi0 = arith.addi %w, %c0 : index
                  %w0 = memref.load %smw[%wi0] : memref<17664xi32, #smem>
                  %wi1 = arith.addi %w, %c1 : index
                  %w1 = memref.load %smw[%wi1] : memref<17664xi32, #smem>
                  %wi2 = arith.addi %w, %c2 : index
                  %w2 = memref.load %smw[%wi2] : memref<17664xi32, #smem>
                  %wi3 = arith.addi %w, %c3 : index
                  %w3 = memref.load %smw[%wi3] : memref<17664xi32, #smem>
                  %wi4 = arith.addi %w, %c4 : index
                  %w4 = memref.load %smw[%wi4] : memref<17664xi32, #smem>
                  %odd = arith.andi %d, %c1 : index
                  %sh16 = arith.muli %odd, %c16 : index
                  %sh = arith.index_cast %sh16 : index to i32
                  %u0 = llvm.intr.fshr(%w1, %w0, %sh) : (i32, i32, i32) -> i32
                  %u1 = llvm.intr.fshr(%w2, %w1, %sh) : (i32, i32, i32) -> i32
                  %u2 = llvm.intr.fshr(%w3, %w2, %sh) : (i32, i32, i32) -> i32
                  %u3 = llvm.intr.fshr(%w4, %w3, %sh) : (i32, i32, i32) -> i32
                  %uv = vector.from_elements %u0, %u1, %u2, %u3 : vector<4xi32>
                  %hv = vector.bitcast %uv : vector<4xi32> to vector<8xf16>
                  scf.yield %hv : vector<8xf16>
                } else {
                  // Base pointer not 16-byte aligned, or the buffer's last
                  // partial block: element by element.
                  %ve = affine.for %e = 0 to 8 iter_args(%acc8 = %zero8) -> (vector<8xf16>) {
                    %e_ok = arith.cmpi ult, %e, %nvalid : index
                    %ge0 = arith.addi %o, %cc : index
                    %ge = arith.addi %ge0, %e : index
                    %src = arith.select %e_ok, %ge, %c0 : index
                    %x = memref.load %Wm[%src] : memref<?xf16, #gmem>
                    %xz = arith.select %e_ok, %x, %f16_0 : f16
                    %acc9 = vector.insert %xz, %acc8[%e] : f16 into vector<8xf16>
                    affine.yield %acc9 : vector<8xf16>
                  }
                  scf.yield %ve : vector<8xf16>
                }
                %part = arith.cmpi ult, %nvalid, %c8 : index
                %vz = scf.if %part -> (vector<8xf16>) {
                  %nv = arith.index_cast %nvalid : index to i32
                  %nvs = vector.broadcast %nv : i32 to vector<8xi32>
                  %keep = arith.cmpi ult, %iota8, %nvs : vector<8xi32>
                  %m = arith.select %keep, %v, %zero8 : vector<8xi1>, vector<8xf16>
                  scf.yield %m : vector<8xf16>
                } else {
                  scf.yield %v : vector<8xf16>
                }
                %d_ro = arith.muli %row, %cBN : index
                %d_s = arith.andi %row, %c7 : index
                %d_c = arith.xori %ch, %d_s : index
                %d_ce = arith.muli %d_c, %c8 : index
                %d_b = arith.addi %fb, %cAE : index
                %d_0 = arith.addi %d_b, %d_ro : index
                %dst = arith.addi %d_0, %d_ce : index
                vector.store %vz, %sm[%dst] {alignment = 16} : memref<35328xf16, #smem>, vector<8xf16>
              }
            }
          }
          scf.yield %acc_out, %grp_next : vector<4x8x2x2xf32>, !nvgpu.device.async.token
        }
        scf.yield %res#0 : vector<4x8x2x2xf32>
      }

      // Epilogue on the accumulators: + bias, ReLU, f16, predicated stores.
      // Tile (mi, ni) holds rows lane/4 (+8) and columns 2*(lane%4) + {0, 1}.
      affine.for %mi = 0 to 4 {
        %r16 = arith.muli %mi, %c16 : index
        %er0 = arith.addi %m0, %wm0 : index
        %er1 = arith.addi %er0, %r16 : index
        %row0 = arith.addi %er1, %lane_q : index
        affine.for %ni = 0 to 8 {
          %c8n = arith.muli %ni, %c8 : index
          %ec0 = arith.addi %n0, %wn0 : index
          %ec1 = arith.addi %ec0, %c8n : index
          %col = arith.addi %ec1, %lane_c : index
          %col1 = arith.addi %col, %c1 : index
          %ok0 = arith.cmpi ult, %col, %N : index
          %ok1 = arith.cmpi ult, %col1, %N : index
          %bi0 = arith.select %ok0, %col, %c0 : index
          %bi1 = arith.select %ok1, %col1, %c0 : index
          %bh0 = memref.load %Bm[%bi0] : memref<?xf16, #gmem>
          %bh1 = memref.load %Bm[%bi1] : memref<?xf16, #gmem>
          %bf0 = arith.extf %bh0 : f16 to f32
          %bf1 = arith.extf %bh1 : f16 to f32
          %bv = vector.from_elements %bf0, %bf1 : vector<2xf32>
          %d = vector.extract %acc[%mi, %ni] : vector<2x2xf32> from vector<4x8x2x2xf32>
          %pair = arith.andi %ok1, %y_pair : i1
          affine.for %h = 0 to 2 {
            %h8 = arith.muli %h, %c8 : index
            %row = arith.addi %row0, %h8 : index
            %row_ok = arith.cmpi ult, %row, %M : index
            %dh = vector.extract %d[%h] : vector<2xf32> from vector<2x2xf32>
            %sum = arith.addf %dh, %bv : vector<2xf32>
            %rl = arith.maximumf %sum, %zero2 : vector<2xf32>
            %yh = arith.truncf %rl : vector<2xf32> to vector<2xf16>
            %yo0 = arith.muli %row, %N : index
            %yo = arith.addi %yo0, %col : index
            scf.if %row_ok {
              scf.if %pair {
                vector.store %yh, %Ym[%yo] {alignment = 4} : memref<?xf16, #gmem>, vector<2xf16>
              } else {
                %y0 = vector.extract %yh[0] : f16 from vector<2xf16>
                %y1 = vector.extract %yh[1] : f16 from vector<2xf16>
                %yo1 = arith.addi %yo, %c1 : index
                scf.if %ok0 {
                  memref.store %y0, %Ym[%yo] : memref<?xf16, #gmem>
                }
                scf.if %ok1 {
                  memref.store %y1, %Ym[%yo1] : memref<?xf16, #gmem>
                }
              }
            }
          }
        }
      }
      gpu.return
    }
  }
}
