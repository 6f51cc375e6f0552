/* The row-copy kernel a host runs around an SM90 kernel whose tensor has a
 * row stride TMA cannot take (docs/runtime.md, "Repack"): rows of `cols`
 * 2-byte elements, `sp` elements apart from src, to rows `dp` apart in
 * dst, either side starting anywhere on a 2-byte boundary. Before the
 * kernel it copies an operand into a workspace of 16-byte rows (A and B of
 * a GEMM); after it, the whole tiles of an output the kernel stored by TMA
 * into such a workspace back into C ("repack_out", a plan with algo_choice
 * output = "copy"; with "direct" the kernel stores those rows itself,
 * LowerSm90Store.c's shifted_store). Both assemble a dst block by the
 * same row shift (RowShift.c): the text declares @dlc_repack_shift and
 * the lowering builds its body (dlcRepackDefine). One launch copies up
 * to two tensors: block z picks tensor 0 or 1. Block 256, any grid: the
 * gridDim.x x gridDim.y blocks of a z slice split the tensor's items
 * evenly and walk their share in trips of dlcRepackKernelItems; the
 * manifest's "repack_items" tells the runtime, which launches one block
 * per trip's worth (TensorMap.c).
 *
 * An item is one aligned 16-byte block of a dst row: nb = (2 cols + 29) /
 * 16 + 1 of them a row (the most a row of cols elements touches at any
 * alignment, plus one that only loads); row = item / nb through a double
 * reciprocal and one correction. Every item loads the aligned 16-byte src
 * block holding the first byte its dst block needs, when that src block
 * holds a byte of the row; the next src block is the next item's, taken
 * from the next lane by shfl.down, so each src byte is loaded once. Lane
 * 31 of a warp only loads (31 items a warp); a trip is three slots of
 * 8 warps x 31 items, every slot's load issued before the first store
 * (ptxas: 59 registers, 4 blocks an SM). The 16 bytes are the pair's
 * 32-bit words picked by m / 4 and funnel-shifted by 16 bits when m / 2 is
 * odd, m the offset of the src byte in its block (2-byte alignment makes
 * every shift 0 or 16 bits: prmt; @dlc_repack_shift, RowShift.c's); a
 * dst block wholly inside the row is one 16-byte store, one at a row's end
 * only its elements (a mask carried with m). The src block crossing the
 * tensor's end is read 2 bytes at a time, so nothing past the tensor is read;
 * reads before its start stay in the 16-byte block of its first byte, inside
 * its allocation.
 *
 * On the H100 (bench/RESULTS.md run odd2-1), 4095 x 4093 + 4093 x 4097
 * in: 51.8 us (2.59 TB/s; torch's copy of as many bytes 49.4 us, 2.71),
 * C's 4095 x 4096 back 29.8 us (2.25; torch 27.9, 2.40). The previous
 * kernel (two 16-byte loads a dst block, blocks of 1024 16-byte blocks by
 * up to 2048 rows) took 60.9 / 35.4 us; this one under that grid 54.9 /
 * 31.5, with two slots 52.6 / 29.5 and four 53.8 / 30.7 one trip a
 * block, a persistent grid of 4 blocks an SM 58.7 / 33.8. */
#include "DLCGPUToGPU.h"
#include "LowerSkeleton.h"

#include "mlir-c/BuiltinTypes.h"

const char dlcRepackKernelName[] = "dlc_repack_b16";

/* The items a block copies a trip: 3 slots x 8 warps x 31 (the text's
 * step, 744, and its slot offsets 248 and 496). */
const int dlcRepackKernelItems = 3 * 8 * 31;

const char dlcRepackKernelText[] =
    "gpu.module @dlc_repack_holder {\n"
    "func.func private @dlc_repack_load(%g: !llvm.ptr<1>, %i: i64, %owner: i1, "
    "%nb: i64, %rcp: f64, %rows: i64, %cols: i64, %sp: i64, %dp: i64, %sBase: "
    "i64, %dBase: i64, %srcEnd: i64) -> (vector<4xi32>, i64, i32) attributes "
    "{llvm.linkage = #llvm.linkage<internal>} {\n"
    "  %z = arith.constant 0 : i64\n"
    "  %one = arith.constant 1 : i64\n"
    "  %two = arith.constant 2 : i64\n"
    "  %eight = arith.constant 8 : i64\n"
    "  %fifteen = arith.constant 15 : i64\n"
    "  %sixteen = arith.constant 16 : i64\n"
    "  %mask = arith.constant -16 : i64\n"
    "  %e0 = arith.constant 0 : i32\n"
    "  %e1 = arith.constant 1 : i32\n"
    "  %e8 = arith.constant 8 : i32\n"
    "  %zero4 = arith.constant dense<0> : vector<4xi32>\n"
    "  %zero8 = arith.constant dense<0> : vector<8xi16>\n"
    "  %c0i = arith.constant 0 : index\n"
    "  %c1i = arith.constant 1 : index\n"
    "  %c8i = arith.constant 8 : index\n"
    "  %if = arith.uitofp %i : i64 to f64\n"
    "  %qf = arith.mulf %if, %rcp : f64\n"
    "  %r0 = arith.fptoui %qf : f64 to i64\n"
    "  %p0 = arith.muli %r0, %nb : i64\n"
    "  %k0 = arith.subi %i, %p0 : i64\n"
    "  %under = arith.cmpi slt, %k0, %z : i64\n"
    "  %r1m = arith.subi %r0, %one : i64\n"
    "  %k1p = arith.addi %k0, %nb : i64\n"
    "  %r1 = arith.select %under, %r1m, %r0 : i64\n"
    "  %k1 = arith.select %under, %k1p, %k0 : i64\n"
    "  %over = arith.cmpi sge, %k1, %nb : i64\n"
    "  %r2p = arith.addi %r1, %one : i64\n"
    "  %k2m = arith.subi %k1, %nb : i64\n"
    "  %row = arith.select %over, %r2p, %r1 : i64\n"
    "  %k = arith.select %over, %k2m, %k1 : i64\n"
    "  %srcRow = arith.muli %row, %sp : i64\n"
    "  %dstRow = arith.muli %row, %dp : i64\n"
    "  %dstBytes = arith.muli %dstRow, %two : i64\n"
    "  %rowAt = arith.addi %dBase, %dstBytes : i64\n"
    "  %lead = arith.andi %rowAt, %fifteen : i64\n"
    "  %leadE = arith.shrui %lead, %one : i64\n"
    "  %k8 = arith.muli %k, %eight : i64\n"
    "  %j = arith.subi %k8, %leadE : i64\n"
    "  %k16 = arith.muli %k, %sixteen : i64\n"
    "  %blockOff = arith.subi %dstBytes, %lead : i64\n"
    "  %aOff = arith.addi %blockOff, %k16 : i64\n"
    "  %srcBytes = arith.muli %srcRow, %two : i64\n"
    "  %rowS = arith.addi %sBase, %srcBytes : i64\n"
    "  %rowBytes = arith.muli %cols, %two : i64\n"
    "  %rowE = arith.addi %rowS, %rowBytes : i64\n"
    "  %jB = arith.muli %j, %two : i64\n"
    "  %s = arith.addi %rowS, %jB : i64\n"
    "  %m = arith.andi %s, %fifteen : i64\n"
    "  %q = arith.andi %s, %mask : i64\n"
    "  %q16 = arith.addi %q, %sixteen : i64\n"
    "  %rowOk = arith.cmpi ult, %row, %rows : i64\n"
    "  %after = arith.cmpi ugt, %q16, %rowS : i64\n"
    "  %before = arith.cmpi ult, %q, %rowE : i64\n"
    "  %ovl0 = arith.andi %rowOk, %after : i1\n"
    "  %ovl = arith.andi %ovl0, %before : i1\n"
    "  %inEnd = arith.cmpi ule, %q16, %srcEnd : i64\n"
    "  %ld16 = arith.andi %ovl, %inEnd : i1\n"
    "  %qOff = arith.subi %q, %sBase : i64\n"
    "  %p = llvm.getelementptr %g[%qOff] : (!llvm.ptr<1>, i64) -> "
    "!llvm.ptr<1>, i8\n"
    "  %w = scf.if %ld16 -> (vector<4xi32>) {\n"
    "    %v = llvm.load %p {alignment = 16 : i64} : !llvm.ptr<1> -> "
    "vector<4xi32>\n"
    "    scf.yield %v : vector<4xi32>\n"
    "  } else {\n"
    "    %v = scf.if %ovl -> (vector<4xi32>) {\n"
    "      %h = scf.for %e = %c0i to %c8i step %c1i iter_args(%acc = %zero8) "
    "-> (vector<8xi16>) {\n"
    "        %e64 = arith.index_cast %e : index to i64\n"
    "        %e2 = arith.muli %e64, %two : i64\n"
    "        %at = arith.addi %q, %e2 : i64\n"
    "        %inT = arith.cmpi ult, %at, %srcEnd : i64\n"
    "        %x = scf.if %inT -> (i16) {\n"
    "          %o = arith.addi %qOff, %e2 : i64\n"
    "          %pe = llvm.getelementptr %g[%o] : (!llvm.ptr<1>, i64) -> "
    "!llvm.ptr<1>, i8\n"
    "          %xe = llvm.load %pe {alignment = 2 : i64} : !llvm.ptr<1> -> "
    "i16\n"
    "          scf.yield %xe : i16\n"
    "        } else {\n"
    "          %c0h = arith.constant 0 : i16\n"
    "          scf.yield %c0h : i16\n"
    "        }\n"
    "        %ins = vector.insert %x, %acc [%e] : i16 into vector<8xi16>\n"
    "        scf.yield %ins : vector<8xi16>\n"
    "      }\n"
    "      %hv = vector.bitcast %h : vector<8xi16> to vector<4xi32>\n"
    "      scf.yield %hv : vector<4xi32>\n"
    "    } else {\n"
    "      scf.yield %zero4 : vector<4xi32>\n"
    "    }\n"
    "    scf.yield %v : vector<4xi32>\n"
    "  }\n"
    "  %neg = arith.subi %z, %j : i64\n"
    "  %loE = arith.maxsi %neg, %z : i64\n"
    "  %left = arith.subi %cols, %j : i64\n"
    "  %hiE0 = arith.minsi %left, %eight : i64\n"
    "  %hiE = arith.maxsi %hiE0, %z : i64\n"
    "  %lo32 = arith.trunci %loE : i64 to i32\n"
    "  %hi32 = arith.trunci %hiE : i64 to i32\n"
    "  %upto = arith.shli %e1, %hi32 : i32\n"
    "  %uptoM = arith.subi %upto, %e1 : i32\n"
    "  %below = arith.shli %e1, %lo32 : i32\n"
    "  %belowM = arith.subi %below, %e1 : i32\n"
    "  %nbelow = arith.constant -1 : i32\n"
    "  %notB = arith.xori %belowM, %nbelow : i32\n"
    "  %bits0 = arith.andi %uptoM, %notB : i32\n"
    "  %store = arith.andi %owner, %rowOk : i1\n"
    "  %bits = arith.select %store, %bits0, %e0 : i32\n"
    "  %m32 = arith.trunci %m : i64 to i32\n"
    "  %bits8 = arith.shli %bits, %e8 : i32\n"
    "  %code = arith.ori %bits8, %m32 : i32\n"
    "  return %w, %aOff, %code : vector<4xi32>, i64, i32\n"
    "}\n"
    "func.func private @dlc_repack_shift(i32, i32, i32, i32, i32, i32, i32, "
    "i32, i32) -> vector<4xi32> attributes {llvm.linkage = "
    "#llvm.linkage<internal>}\n"
    "func.func private @dlc_repack_store(%d: !llvm.ptr<1>, %w: vector<4xi32>, "
    "%aOff: i64, %code: i32) attributes {llvm.linkage = "
    "#llvm.linkage<internal>} {\n"
    "  %e0 = arith.constant 0 : i32\n"
    "  %e1 = arith.constant 1 : i32\n"
    "  %e8 = arith.constant 8 : i32\n"
    "  %e32 = arith.constant 32 : i32\n"
    "  %all = arith.constant 65280 : i32\n"
    "  %c0i = arith.constant 0 : index\n"
    "  %c1i = arith.constant 1 : index\n"
    "  %c8i = arith.constant 8 : index\n"
    "  %two = arith.constant 2 : i64\n"
    "  %x0 = vector.extract %w[0] : i32 from vector<4xi32>\n"
    "  %x1 = vector.extract %w[1] : i32 from vector<4xi32>\n"
    "  %x2 = vector.extract %w[2] : i32 from vector<4xi32>\n"
    "  %x3 = vector.extract %w[3] : i32 from vector<4xi32>\n"
    "  %x4, %v4 = gpu.shuffle down %x0, %e1, %e32 : i32\n"
    "  %x5, %v5 = gpu.shuffle down %x1, %e1, %e32 : i32\n"
    "  %x6, %v6 = gpu.shuffle down %x2, %e1, %e32 : i32\n"
    "  %x7, %v7 = gpu.shuffle down %x3, %e1, %e32 : i32\n"
    "  %bits = arith.andi %code, %all : i32\n"
    "  %any = arith.cmpi ne, %bits, %e0 : i32\n"
    "  scf.if %any {\n"
    "    %y = func.call @dlc_repack_shift(%x0, %x1, %x2, %x3, %x4, %x5, %x6, "
    "%x7, %code) : (i32, i32, i32, i32, i32, i32, i32, i32, i32) -> "
    "vector<4xi32>\n"
    "    %pq = llvm.getelementptr %d[%aOff] : (!llvm.ptr<1>, i64) -> "
    "!llvm.ptr<1>, i8\n"
    "    %whole = arith.cmpi eq, %bits, %all : i32\n"
    "    scf.if %whole {\n"
    "      llvm.store %y, %pq {alignment = 16 : i64} : vector<4xi32>, "
    "!llvm.ptr<1>\n"
    "    } else {\n"
    "      %h = vector.bitcast %y : vector<4xi32> to vector<8xi16>\n"
    "      scf.for %e = %c0i to %c8i step %c1i {\n"
    "        %e32i = arith.index_cast %e : index to i32\n"
    "        %bitAt = arith.addi %e32i, %e8 : i32\n"
    "        %bit = arith.shrui %code, %bitAt : i32\n"
    "        %b = arith.andi %bit, %e1 : i32\n"
    "        %on = arith.cmpi ne, %b, %e0 : i32\n"
    "        scf.if %on {\n"
    "          %x = vector.extract %h[%e] : i16 from vector<8xi16>\n"
    "          %e64 = arith.index_cast %e : index to i64\n"
    "          %e2b = arith.muli %e64, %two : i64\n"
    "          %pe = llvm.getelementptr %pq[%e2b] : (!llvm.ptr<1>, i64) -> "
    "!llvm.ptr<1>, i8\n"
    "          llvm.store %x, %pe {alignment = 2 : i64} : i16, !llvm.ptr<1>\n"
    "        }\n"
    "      }\n"
    "    }\n"
    "  }\n"
    "  return\n"
    "}\n"
    "gpu.func @dlc_repack_b16(%src0: !llvm.ptr, %dst0: !llvm.ptr, %rows0: i64, "
    "%cols0: i64, %sp0: i64, %dp0: i64, %src1: !llvm.ptr, %dst1: !llvm.ptr, "
    "%rows1: i64, %cols1: i64, %sp1: i64, %dp1: i64) kernel attributes "
    "{nvvm.maxntid = array<i32: 256, 1, 1>} {\n"
    "  %bx = gpu.block_id x\n"
    "  %by = gpu.block_id y\n"
    "  %bz = gpu.block_id z\n"
    "  %gx = gpu.grid_dim x\n"
    "  %gy = gpu.grid_dim y\n"
    "  %tx = gpu.thread_id x\n"
    "  %c0i = arith.constant 0 : index\n"
    "  %one = arith.constant 1 : i64\n"
    "  %two = arith.constant 2 : i64\n"
    "  %sixteen = arith.constant 16 : i64\n"
    "  %c29 = arith.constant 29 : i64\n"
    "  %c31 = arith.constant 31 : i64\n"
    "  %c32 = arith.constant 32 : i64\n"
    "  %onef = arith.constant 1.0 : f64\n"
    "  %first = arith.cmpi eq, %bz, %c0i : index\n"
    "  %src = llvm.select %first, %src0, %src1 : i1, !llvm.ptr\n"
    "  %dst = llvm.select %first, %dst0, %dst1 : i1, !llvm.ptr\n"
    "  %rows = arith.select %first, %rows0, %rows1 : i64\n"
    "  %cols = arith.select %first, %cols0, %cols1 : i64\n"
    "  %sp = arith.select %first, %sp0, %sp1 : i64\n"
    "  %dp = arith.select %first, %dp0, %dp1 : i64\n"
    "  %g = llvm.addrspacecast %src : !llvm.ptr to !llvm.ptr<1>\n"
    "  %d = llvm.addrspacecast %dst : !llvm.ptr to !llvm.ptr<1>\n"
    "  %sBase = llvm.ptrtoint %g : !llvm.ptr<1> to i64\n"
    "  %dBase = llvm.ptrtoint %d : !llvm.ptr<1> to i64\n"
    "  %bytes = arith.muli %cols, %two : i64\n"
    "  %nbUp = arith.addi %bytes, %c29 : i64\n"
    "  %nb0 = arith.divui %nbUp, %sixteen : i64\n"
    "  %nb = arith.addi %nb0, %one : i64\n"
    "  %total = arith.muli %rows, %nb : i64\n"
    "  %nbf = arith.uitofp %nb : i64 to f64\n"
    "  %rcp = arith.divf %onef, %nbf : f64\n"
    "  %lastRow = arith.subi %rows, %one : i64\n"
    "  %lastAt = arith.muli %lastRow, %sp : i64\n"
    "  %endEl = arith.addi %lastAt, %cols : i64\n"
    "  %endBy = arith.muli %endEl, %two : i64\n"
    "  %srcEnd = arith.addi %sBase, %endBy : i64\n"
    "  %ctaI = arith.muli %by, %gx : index\n"
    "  %cta0 = arith.addi %ctaI, %bx : index\n"
    "  %ctasI = arith.muli %gx, %gy : index\n"
    "  %cta = arith.index_cast %cta0 : index to i64\n"
    "  %ctas = arith.index_cast %ctasI : index to i64\n"
    "  %loM = arith.muli %cta, %total : i64\n"
    "  %lo = arith.divui %loM, %ctas : i64\n"
    "  %cta1 = arith.addi %cta, %one : i64\n"
    "  %hiM = arith.muli %cta1, %total : i64\n"
    "  %hi = arith.divui %hiM, %ctas : i64\n"
    "  %t = arith.index_cast %tx : index to i64\n"
    "  %lane = arith.remui %t, %c32 : i64\n"
    "  %warp = arith.divui %t, %c32 : i64\n"
    "  %loader = arith.cmpi eq, %lane, %c31 : i64\n"
    "  %w31 = arith.muli %warp, %c31 : i64\n"
    "  %mine = arith.addi %w31, %lane : i64\n"
    "  %step = arith.constant 744 : i64\n"
    "  %true = arith.constant true\n"
    "  %notLoader = arith.xori %loader, %true : i1\n"
    "  scf.for %t0 = %lo to %hi step %step : i64 {\n"
    "    %o0 = arith.constant 0 : i64\n"
    "    %x0 = arith.addi %t0, %o0 : i64\n"
    "    %i0 = arith.addi %x0, %mine : i64\n"
    "    %in0 = arith.cmpi ult, %i0, %hi : i64\n"
    "    %own0 = arith.andi %in0, %notLoader : i1\n"
    "    %w0, %a0, %m0 = func.call @dlc_repack_load(%g, %i0, %own0, %nb, %rcp, "
    "%rows, %cols, %sp, %dp, %sBase, %dBase, %srcEnd) : (!llvm.ptr<1>, i64, "
    "i1, i64, f64, i64, i64, i64, i64, i64, i64, i64) -> (vector<4xi32>, i64, "
    "i32)\n"
    "    %o1 = arith.constant 248 : i64\n"
    "    %x1 = arith.addi %t0, %o1 : i64\n"
    "    %i1 = arith.addi %x1, %mine : i64\n"
    "    %in1 = arith.cmpi ult, %i1, %hi : i64\n"
    "    %own1 = arith.andi %in1, %notLoader : i1\n"
    "    %w1, %a1, %m1 = func.call @dlc_repack_load(%g, %i1, %own1, %nb, %rcp, "
    "%rows, %cols, %sp, %dp, %sBase, %dBase, %srcEnd) : (!llvm.ptr<1>, i64, "
    "i1, i64, f64, i64, i64, i64, i64, i64, i64, i64) -> (vector<4xi32>, i64, "
    "i32)\n"
    "    %o2 = arith.constant 496 : i64\n"
    "    %x2 = arith.addi %t0, %o2 : i64\n"
    "    %i2 = arith.addi %x2, %mine : i64\n"
    "    %in2 = arith.cmpi ult, %i2, %hi : i64\n"
    "    %own2 = arith.andi %in2, %notLoader : i1\n"
    "    %w2, %a2, %m2 = func.call @dlc_repack_load(%g, %i2, %own2, %nb, %rcp, "
    "%rows, %cols, %sp, %dp, %sBase, %dBase, %srcEnd) : (!llvm.ptr<1>, i64, "
    "i1, i64, f64, i64, i64, i64, i64, i64, i64, i64) -> (vector<4xi32>, i64, "
    "i32)\n"
    "    func.call @dlc_repack_store(%d, %w0, %a0, %m0) : (!llvm.ptr<1>, "
    "vector<4xi32>, i64, i32) -> ()\n"
    "    func.call @dlc_repack_store(%d, %w1, %a1, %m1) : (!llvm.ptr<1>, "
    "vector<4xi32>, i64, i32) -> ()\n"
    "    func.call @dlc_repack_store(%d, %w2, %a2, %m2) : (!llvm.ptr<1>, "
    "vector<4xi32>, i64, i32) -> ()\n"
    "  }\n"
    "  gpu.return\n"
    "}\n"
    "}\n";

/* @dlc_repack_shift(w0, ..., w7, code): the dst block's 16 bytes from the
 * item's src block (w0..w3) and the next lane's (w4..w7), from byte m of
 * the first (code's low byte): element m / 2, the row shift's offset
 * (RowShift.c). */
void dlcRepackDefine(MlirOperation func) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirLocation loc = mlirOperationGetLocation(func);
  MlirType types[9];
  MlirLocation locs[9];
  for (int i = 0; i < 9; ++i)
    types[i] = mlirIntegerTypeGet(ctx, 32), locs[i] = loc;
  MlirBlock body = mlirBlockCreate(9, types, locs);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(func, 0), body);
  DlcBuilder b = dlcBuilderAtEnd(body, loc);
  MlirValue w[8], y[4];
  for (int i = 0; i < 8; ++i)
    w[i] = mlirBlockGetArgument(body, i);
  MlirValue code = mlirBlockGetArgument(body, 8);
  MlirValue m = dlcArith(&b, "arith.shrui", code,
                         dlcConstInt(&b, mlirValueGetType(code), 1));
  DlcRowShift k = dlcRowShiftAt(&b, m);
  dlcRowShiftWords(&b, &k, w, y);
  MlirValue v = dlcBuildValue(&b, "vector.from_elements", 4, y,
                              dlcType(ctx, "vector<4xi32>"), 0, NULL, NULL);
  dlcBuild(&b, "func.return", 1, &v, 0, NULL, 0, NULL, NULL);
}
