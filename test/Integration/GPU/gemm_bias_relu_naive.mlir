// Naive GEMM + bias + ReLU: the independent GPU reference for large sizes.
//
//   Y[M,N] = relu(X[M,K] . W[K,N] + bias[N])   fp16 in/out, fp32 accumulate
//
// One thread per output element, a plain fp32 loop over k in order, no
// shared memory, no tensor cores.  Same ABI as the fast kernel
// (docs/conventions.md): X, W, bias, Y as bare !llvm.ptr, then M, K, N (i64).
// Launch: grid = [ceildiv(N,16), ceildiv(M,16), 1], block = [16, 16, 1].
//
// RUN: mlir-opt %s --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90 cubin-features=+ptx80 opt-level=3 cubin-format=isa" \
// RUN:   | python3 %dlc_src_root/tools/extract-ptx - | FileCheck %s
// The launch description is Inputs/gemm_bias_relu_naive.json.
// CHECK: .entry gemm_bias_relu_naive(
// CHECK: fma.rn.f32
// CHECK-NOT: mma.sync

#gmem = #gpu.address_space<global>
!gdesc = !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>

module attributes {gpu.container_module} {
  gpu.module @dlc_kernels {
    gpu.func @gemm_bias_relu_naive(%X: !llvm.ptr, %W: !llvm.ptr, %bias: !llvm.ptr, %Y: !llvm.ptr,
                                   %M64: i64, %K64: i64, %N64: i64) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %i64_0 = llvm.mlir.constant(0 : i64) : i64
      %i64_1 = llvm.mlir.constant(1 : i64) : i64
      %M = arith.index_cast %M64 : i64 to index
      %K = arith.index_cast %K64 : i64 to index
      %N = arith.index_cast %N64 : i64 to index

      // Each bare pointer becomes a 1-D global memref: the bare-pointer
      // calling convention refuses dynamic memrefs, so the descriptor is
      // built here (size = number of elements, stride 1).
      %MK = llvm.mul %M64, %K64 : i64
      %KN = llvm.mul %K64, %N64 : i64
      %MN = llvm.mul %M64, %N64 : i64
      %Xg = llvm.addrspacecast %X : !llvm.ptr to !llvm.ptr<1>
      %Xd0 = llvm.mlir.poison : !gdesc
      %Xd1 = llvm.insertvalue %Xg, %Xd0[0] : !gdesc
      %Xd2 = llvm.insertvalue %Xg, %Xd1[1] : !gdesc
      %Xd3 = llvm.insertvalue %i64_0, %Xd2[2] : !gdesc
      %Xd4 = llvm.insertvalue %MK, %Xd3[3, 0] : !gdesc
      %Xd5 = llvm.insertvalue %i64_1, %Xd4[4, 0] : !gdesc
      %Xm = builtin.unrealized_conversion_cast %Xd5 : !gdesc to memref<?xf16, #gmem>
      %Wg = llvm.addrspacecast %W : !llvm.ptr to !llvm.ptr<1>
      %Wd0 = llvm.mlir.poison : !gdesc
      %Wd1 = llvm.insertvalue %Wg, %Wd0[0] : !gdesc
      %Wd2 = llvm.insertvalue %Wg, %Wd1[1] : !gdesc
      %Wd3 = llvm.insertvalue %i64_0, %Wd2[2] : !gdesc
      %Wd4 = llvm.insertvalue %KN, %Wd3[3, 0] : !gdesc
      %Wd5 = llvm.insertvalue %i64_1, %Wd4[4, 0] : !gdesc
      %Wm = builtin.unrealized_conversion_cast %Wd5 : !gdesc to memref<?xf16, #gmem>
      %Bg = llvm.addrspacecast %bias : !llvm.ptr to !llvm.ptr<1>
      %Bd0 = llvm.mlir.poison : !gdesc
      %Bd1 = llvm.insertvalue %Bg, %Bd0[0] : !gdesc
      %Bd2 = llvm.insertvalue %Bg, %Bd1[1] : !gdesc
      %Bd3 = llvm.insertvalue %i64_0, %Bd2[2] : !gdesc
      %Bd4 = llvm.insertvalue %N64, %Bd3[3, 0] : !gdesc
      %Bd5 = llvm.insertvalue %i64_1, %Bd4[4, 0] : !gdesc
      %Bm = builtin.unrealized_conversion_cast %Bd5 : !gdesc to memref<?xf16, #gmem>
      %Yg = llvm.addrspacecast %Y : !llvm.ptr to !llvm.ptr<1>
      %Yd0 = llvm.mlir.poison : !gdesc
      %Yd1 = llvm.insertvalue %Yg, %Yd0[0] : !gdesc
      %Yd2 = llvm.insertvalue %Yg, %Yd1[1] : !gdesc
      %Yd3 = llvm.insertvalue %i64_0, %Yd2[2] : !gdesc
      %Yd4 = llvm.insertvalue %MN, %Yd3[3, 0] : !gdesc
      %Yd5 = llvm.insertvalue %i64_1, %Yd4[4, 0] : !gdesc
      %Ym = builtin.unrealized_conversion_cast %Yd5 : !gdesc to memref<?xf16, #gmem>

      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %n0 = arith.muli %bx, %c16 : index
      %n = arith.addi %n0, %tx : index
      %m0 = arith.muli %by, %c16 : index
      %m = arith.addi %m0, %ty : index
      %m_ok = arith.cmpi ult, %m, %M : index
      %n_ok = arith.cmpi ult, %n, %N : index
      %ok = arith.andi %m_ok, %n_ok : i1
      scf.if %ok {
        %xrow = arith.muli %m, %K : index
        %acc = scf.for %k = %c0 to %K step %c1 iter_args(%s = %zero) -> (f32) {
          %xi = arith.addi %xrow, %k : index
          %wrow = arith.muli %k, %N : index
          %wi = arith.addi %wrow, %n : index
          %x = memref.load %Xm[%xi] : memref<?xf16, #gmem>
          %w = memref.load %Wm[%wi] : memref<?xf16, #gmem>
          %xf = arith.extf %x : f16 to f32
          %wf = arith.extf %w : f16 to f32
          %s2 = llvm.intr.fma(%xf, %wf, %s) : (f32, f32, f32) -> f32
          scf.yield %s2 : f32
        }
        %b = memref.load %Bm[%n] : memref<?xf16, #gmem>
        %bf = arith.extf %b : f16 to f32
        %sum = arith.addf %acc, %bf : f32
        %r = arith.maximumf %sum, %zero : f32
        %y = arith.truncf %r : f32 to f16
        %yrow = arith.muli %m, %N : index
        %yi = arith.addi %yrow, %n : index
        memref.store %y, %Ym[%yi] : memref<?xf16, #gmem>
      }
      gpu.return
    }
  }
}
