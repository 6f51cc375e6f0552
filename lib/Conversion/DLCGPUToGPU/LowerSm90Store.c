/* dlcgpu → upstream for the SM90 staged epilogue's ops (a tile written to
 * shared memory, then stored by TMA while the consumers go on):
 *
 *   tma_store           nvgpu.tma.async.store of a subview of the staging
 *                       buffer, by thread 0 of the warpgroup, then
 *                       nvvm.cp.async.bulk.commit.group (an empty group in
 *                       every other thread)
 *   tma_store_wait      nvvm.cp.async.bulk.wait_group [read]
 *   fence_async_shared  nvvm.fence.proxy async.shared::cta
 *   named_barrier       nvvm.barrier id, number_of_threads
 *   shifted_store       the warpgroup's 16-byte stores of a staged box into
 *                       rows of any 2-byte alignment (below) */
#include "LowerSkeleton.h"
#include "dlc/IR.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* tma_store(desc, src, src_indices..., coords...). */
bool dlcLowerTmaStore(MlirOperation op, DlcBuilder *b) {
  MlirAttribute segments = dlcOperationAttrGet(op, "operandSegmentSizes");
  int numSrc = mlirDenseI32ArrayGetElement(segments, 2);
  int numCoords = mlirDenseI32ArrayGetElement(segments, 3);
  MlirAttribute boxAttr = dlcOperationAttrGet(op, "box");
  MlirValue src = mlirOperationGetOperand(op, 1);
  int rank = (int)mlirShapedTypeGetRank(mlirValueGetType(src));
  if (numSrc != rank || numCoords < 2 || numCoords > rank ||
      numCoords > TmaMaxCoords || rank > TmaMaxDstRank ||
      mlirDenseArrayGetNumElements(boxAttr) != 2) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "index every dimension of the source (at most 8), give "
                      "2 to 5 coordinates and a 2-D box",
                      "tma_store's indices, coordinates and box do not fit "
                      "its source");
    return false;
  }
  int64_t box[TmaMaxCoords];
  dlcTmaBoxFromAttr(boxAttr, numCoords, box);
  MlirValue map =
      dlcTmaDescriptor(b, mlirOperationGetOperand(op, 0), numCoords, box,
                       mlirShapedTypeGetElementType(mlirValueGetType(src)));
  MlirValue indices[TmaMaxDstRank];
  for (int d = 0; d < rank; ++d)
    indices[d] = mlirOperationGetOperand(op, 2 + d);
  MlirValue view = dlcTmaBoxView(b, src, indices, numCoords, box);
  /* nvgpu counts coordinates innermost first. */
  MlirValue operands[2 + TmaMaxCoords + 1] = {view, map};
  int n = 2;
  for (int i = numCoords - 1; i >= 0; --i)
    operands[n++] = mlirOperationGetOperand(op, 2 + numSrc + i);
  operands[n++] = dlcElectedThread(b, 128);
  const char *names[] = {"operandSegmentSizes"};
  MlirAttribute storeSegments =
      mlirDenseI32ArrayGet(b->ctx, 4, (int32_t[]){1, 1, numCoords, 1});
  dlcBuild(b, "nvgpu.tma.async.store", n, operands, 0, NULL, 1, names,
           &storeSegments);
  dlcBuild(b, "nvvm.cp.async.bulk.commit.group", 0, NULL, 0, NULL, 0, NULL,
           NULL);
  return true;
}

void dlcLowerTmaStoreWait(MlirOperation op, DlcBuilder *b) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  const char *names[] = {"group", "read"};
  MlirAttribute attrs[] = {
      mlirIntegerAttrGet(
          i32, mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "pending"))),
      mlirUnitAttrGet(b->ctx)};
  bool read = mlirBoolAttrGetValue(dlcOperationAttrGet(op, "read"));
  dlcBuild(b, "nvvm.cp.async.bulk.wait_group", 0, NULL, 0, NULL, read ? 2 : 1,
           names, attrs);
}

void dlcLowerFenceAsyncShared(DlcBuilder *b) {
  const char *names[] = {"kind", "space"};
  MlirAttribute attrs[] = {dlcAttr(b->ctx, "#nvvm.proxy_kind<async.shared>"),
                           dlcAttr(b->ctx, "#nvvm.shared_space<cta>")};
  dlcBuild(b, "nvvm.fence.proxy", 0, NULL, 0, NULL, 2, names, attrs);
}

void dlcLowerNamedBarrier(MlirOperation op, DlcBuilder *b) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue id = mlirOperationGetOperand(op, 0);
  MlirValue operands[] = {
      dlcBuildValue(b, "arith.index_cast", 1, &id, i32, 0, NULL, NULL),
      dlcConstInt(
          b, i32,
          mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "threads")))};
  const char *names[] = {"operandSegmentSizes"};
  MlirAttribute segments =
      mlirDenseI32ArrayGet(b->ctx, 3, (int32_t[]){1, 1, 0});
  dlcBuild(b, "nvvm.barrier", 2, operands, 0, NULL, 1, names, &segments);
}

/* --- shifted_store: a staged box into rows TMA cannot store ---------------
 *
 * Thread t of the warpgroup takes chunk c = t % 8 (8 elements, 16 bytes)
 * of box rows t / 8 + 16 p, p = 0..3. A row starting `s` elements past a
 * 16-byte boundary (s = 0..7, from its address) touches 8 dst blocks when
 * s = 0, else 9: thread c stores block c, elements 8c - s .. 8c - s + 7 of
 * the row, which are the last s of chunk c - 1 and the first 8 - s of chunk
 * c (both read from the slot, each row's 128 bytes once a load: no bank
 * conflict), shifted by words and by a 16-bit funnel shift (the row
 * shift, RowShift.c, the repack kernel's too). Block 0 holds only the
 * row's first 8 - s
 * elements and block 8 its last s: their neighbours' elements belong to
 * another box or tile, so thread 0 stores both in aligned pieces of 2, 4
 * and 8 bytes, from the same 8 elements (its chunk c - 1 is chunk 7, whose
 * last s elements are block 8's); every other block is one 16-byte store.
 * Rows 16 apart start at the same shift (16 * stride is a multiple of 8)
 * and swizzle, so everything but the loaded data is computed once. */

static MlirValue i32c(DlcBuilder *b, int64_t v) {
  return dlcConstInt(b, mlirIntegerTypeGet(b->ctx, 32), v);
}

static MlirValue i64c(DlcBuilder *b, int64_t v) {
  return dlcConstInt(b, mlirIntegerTypeGet(b->ctx, 64), v);
}

static MlirValue andi(DlcBuilder *b, MlirValue x, MlirValue y) {
  return dlcArith(b, "arith.andi", x, y);
}

static MlirValue wordOf(DlcBuilder *b, MlirValue v, int64_t i) {
  const char *names[] = {"static_position"};
  MlirAttribute pos = mlirDenseI64ArrayGet(b->ctx, 1, &i);
  return dlcBuildValue(b, "vector.extract", 1, &v,
                       mlirIntegerTypeGet(b->ctx, 32), 1, names, &pos);
}

/* What a thread's stores of a row depend on besides the data: the same
 * for its four rows. */
enum { EndPieces = 6 };
typedef struct Shift {
  DlcRowShift shift;  /* chunks c - 1, c to block c (RowShift.c) */
  MlirValue aligned;  /* s = 0 */
  MlirValue whole;    /* this thread's block lies in the row */
  MlirValue blockOff; /* i64: this thread's block from the row start */
  /* The ends' pieces (storeEnds): whether thread 0 stores piece i, at
   * byte `at[i]` from its block; which words the odd elements, the
   * word-sized pieces take. */
  MlirValue on[EndPieces], at[EndPieces];
  MlirValue headWord[4], tailWord[4]; /* i1: word i holds the odd one */
  MlirValue low, upper;               /* i1: s < 4, s >= 4 */
} Shift;

/* Stores `value` (i16, i32, vector<2xi32> or vector<4xi32>) at global byte
 * address `at` (i64) when `cond` holds. */
static void storeAt(DlcBuilder *b, MlirValue cond, MlirValue value,
                    MlirValue at, int64_t align) {
  MlirBlock then;
  dlcBuildIf(b, cond, &then);
  DlcBuilder inner = dlcBuilderAtEnd(then, b->loc);
  MlirValue ptr = dlcBuildValue(&inner, "llvm.inttoptr", 1, &at,
                                dlcType(b->ctx, "!llvm.ptr<1>"), 0, NULL, NULL);
  MlirValue ops[] = {value, ptr};
  const char *names[] = {"alignment"};
  MlirAttribute alignment =
      mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), align);
  dlcBuild(&inner, "llvm.store", 2, ops, 0, NULL, 1, names, &alignment);
  dlcBuild(&inner, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
}

static MlirValue pair(DlcBuilder *b, MlirValue lo, MlirValue hi) {
  MlirValue ops[] = {lo, hi};
  return dlcBuildValue(b, "vector.from_elements", 2, ops,
                       dlcType(b->ctx, "vector<2xi32>"), 0, NULL, NULL);
}

/* Word i of y where which[i] holds (which[0] unused: word 0 else). */
static MlirValue pickWord(DlcBuilder *b, const MlirValue y[4],
                          const MlirValue which[4]) {
  MlirValue v = y[0];
  for (int i = 1; i < 4; ++i)
    v = dlcSelect(b, which[i], y[i], v);
  return v;
}

static MlirValue half(DlcBuilder *b, MlirValue word, bool high) {
  if (high)
    word = dlcArith(b, "arith.shrui", word, i32c(b, 16));
  return dlcBuildValue(b, "arith.trunci", 1, &word,
                       mlirIntegerTypeGet(b->ctx, 16), 0, NULL, NULL);
}

/* 2 * `elements` (i32) + `extra` bytes, as i64. */
static MlirValue bytesOf(DlcBuilder *b, MlirValue elements, int64_t extra) {
  MlirValue e = dlcBuildValue(b, "arith.extui", 1, &elements,
                              mlirIntegerTypeGet(b->ctx, 64), 0, NULL, NULL);
  return dlcArith(b, "arith.addi", dlcArith(b, "arith.muli", e, i64c(b, 2)),
                  i64c(b, extra));
}

/* The ends' pieces of a row starting s = 1..7 elements past a 16-byte
 * boundary, for thread 0 (`ends`): elements s .. 7 into block 0 (the odd
 * one alone, a word to a multiple of 4 elements, then elements 4..7),
 * elements 0 .. s - 1 into block 8, 128 bytes on (elements 0..3, a word,
 * the last one alone). */
static void planEnds(DlcBuilder *b, MlirValue s, MlirValue ends, Shift *k) {
  MlirValue one = i32c(b, 1), s1 = dlcArith(b, "arith.addi", s, one);
  MlirValue last = dlcArith(b, "arith.subi", s, one);
  MlirValue conds[EndPieces] = {
      dlcBitSet(b, s, 1), dlcBitSet(b, s1, 2), dlcCmpI(b, "ule", s, i32c(b, 4)),
      dlcBitSet(b, s, 4), dlcBitSet(b, s, 2),  dlcBitSet(b, s, 1)};
  MlirValue at[EndPieces] = {bytesOf(b, s, 0),
                             bytesOf(b, andi(b, s1, i32c(b, 6)), 0),
                             i64c(b, 8),
                             i64c(b, 128),
                             bytesOf(b, andi(b, s, i32c(b, 4)), 128),
                             bytesOf(b, last, 128)};
  for (int i = 0; i < EndPieces; ++i)
    k->on[i] = andi(b, ends, conds[i]), k->at[i] = at[i];
  MlirValue hw = dlcArith(b, "arith.shrui", s, one);
  MlirValue tw = dlcArith(b, "arith.shrui", last, one);
  for (int i = 1; i < 4; ++i) {
    k->headWord[i] = dlcCmpI(b, "eq", hw, i32c(b, i));
    k->tailWord[i] = dlcCmpI(b, "eq", tw, i32c(b, i));
  }
  k->low = dlcCmpI(b, "ult", s, i32c(b, 4));
  k->upper = dlcBitSet(b, s, 4);
}

/* The ends' pieces (planEnds) from y, elements 8 - s .. of chunks 7 and
 * 0, with block 0 at `block`. */
static void storeEnds(DlcBuilder *b, const Shift *k, const MlirValue y[4],
                      MlirValue block) {
  MlirValue value[EndPieces] = {half(b, pickWord(b, y, k->headWord), true),
                                dlcSelect(b, k->low, y[1], y[3]),
                                pair(b, y[2], y[3]),
                                pair(b, y[0], y[1]),
                                dlcSelect(b, k->upper, y[2], y[0]),
                                half(b, pickWord(b, y, k->tailWord), false)};
  static const int64_t align[EndPieces] = {2, 4, 8, 8, 4, 2};
  for (int i = 0; i < EndPieces; ++i)
    storeAt(b, k->on[i], value[i], dlcArith(b, "arith.addi", block, k->at[i]),
            align[i]);
}

/* The thread's part of one row: row `r` (index) of the slot, its chunks'
 * columns `cols` (c - 1's, c's), the row's address `rowAt` (i64). */
static void shiftedRow(DlcBuilder *b, MlirValue src, const MlirValue *indices,
                       int numIndices, MlirValue r, const MlirValue cols[2],
                       const Shift *k, MlirValue rowAt) {
  MlirType element = /* f16 or bf16 */
      mlirShapedTypeGetElementType(mlirValueGetType(src));
  MlirValue w[8];
  for (int h = 0; h < 2; ++h) {
    MlirValue ops[TmaMaxDstRank + 1] = {src};
    for (int i = 0; i < numIndices; ++i)
      ops[1 + i] = indices[i];
    ops[1 + numIndices] = r, ops[2 + numIndices] = cols[h];
    const char *names[] = {"alignment"};
    MlirAttribute align =
        mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 16);
    MlirValue v = dlcBuildValue(b, "vector.load", 3 + numIndices, ops,
                                mlirVectorTypeGet(1, (int64_t[]){8}, element),
                                1, names, &align);
    v = dlcBuildValue(b, "vector.bitcast", 1, &v,
                      dlcType(b->ctx, "vector<4xi32>"), 0, NULL, NULL);
    for (int i = 0; i < 4; ++i)
      w[4 * h + i] = wordOf(b, v, i);
  }
  MlirValue shifted[4], y[4];
  dlcRowShiftWords(b, &k->shift, w, shifted);
  for (int i = 0; i < 4; ++i)
    y[i] = dlcSelect(b, k->aligned, w[4 + i], shifted[i]);
  MlirValue block = dlcArith(b, "arith.addi", rowAt, k->blockOff);
  storeAt(b, k->whole,
          dlcBuildValue(b, "vector.from_elements", 4, y,
                        dlcType(b->ctx, "vector<4xi32>"), 0, NULL, NULL),
          block, 16);
  storeEnds(b, k, y, block);
}

/* shifted_store(src, src_indices..., dst, offset, stride, rows). */
bool dlcLowerShiftedStore(MlirOperation op, DlcBuilder *b) {
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue src = mlirOperationGetOperand(op, 0);
  MlirValue dst = mlirOperationGetOperand(op, n - 4);
  MlirType srcType = mlirValueGetType(src), dstType = mlirValueGetType(dst);
  int rank = (int)mlirShapedTypeGetRank(srcType);
  int numIndices = (int)n - 5;
  MlirAttribute boxAttr = dlcOperationAttrGet(op, "box");
  MlirType element = mlirShapedTypeGetElementType(srcType);
  if (numIndices != rank - 2 || rank < 2 || rank > TmaMaxDstRank ||
      mlirDenseArrayGetNumElements(boxAttr) != 2 ||
      mlirDenseI64ArrayGetElement(boxAttr, 0) != 64 ||
      mlirDenseI64ArrayGetElement(boxAttr, 1) != 64 ||
      mlirShapedTypeGetDimSize(srcType, rank - 1) != 64 ||
      mlirShapedTypeGetDimSize(srcType, rank - 2) != 64 ||
      !(mlirTypeIsAF16(element) || mlirTypeIsABF16(element)) ||
      mlirShapedTypeGetRank(dstType) != 1 ||
      !mlirTypeEqual(mlirShapedTypeGetElementType(dstType), element)) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "store a [64][64] box of 2-byte elements, indexing every "
                      "dimension of the source above the box, into a flat "
                      "tensor of the same element type",
                      "shifted_store's box, indices or tensors do not fit it");
    return false;
  }
  MlirValue indices[TmaMaxDstRank];
  for (int i = 0; i < numIndices; ++i)
    indices[i] = mlirOperationGetOperand(op, 1 + i);
  MlirValue offset = mlirOperationGetOperand(op, n - 3);
  MlirValue stride = mlirOperationGetOperand(op, n - 2);
  MlirValue rows = mlirOperationGetOperand(op, n - 1);
  MlirType i1 = mlirIntegerTypeGet(b->ctx, 1);
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue yes = dlcConstInt(b, i1, 1);
  MlirValue base = dlcIndexCast(
      b,
      dlcBuildValue(b, "memref.extract_aligned_pointer_as_index", 1, &dst,
                    mlirIndexTypeGet(b->ctx), 0, NULL, NULL),
      i64);
  MlirAttribute x = dlcAttr(b->ctx, "#gpu<dim x>");
  const char *dimName[] = {"dimension"};
  MlirValue tid = dlcBuildValue(b, "gpu.thread_id", 0, NULL,
                                mlirIndexTypeGet(b->ctx), 1, dimName, &x);
  MlirValue local = dlcArith(b, "arith.remui", tid, dlcConstIndex(b, 128));
  MlirValue c = dlcArith(b, "arith.remui", local, dlcConstIndex(b, 8));
  MlirValue q = dlcArith(b, "arith.divui", local, dlcConstIndex(b, 8));
  /* Row q's address; rows q + 16 p share its shift and swizzle. */
  MlirValue rowAt = dlcArith(
      b, "arith.addi", base,
      dlcArith(b, "arith.muli",
               dlcIndexCast(b,
                            dlcArith(b, "arith.addi", offset,
                                     dlcArith(b, "arith.muli", q, stride)),
                            i64),
               i64c(b, 2)));
  MlirValue step =
      dlcArith(b, "arith.muli", dlcIndexCast(b, stride, i64), i64c(b, 2 * 16));
  MlirValue s64 =
      andi(b, dlcArith(b, "arith.shrui", rowAt, i64c(b, 1)), i64c(b, 7));
  Shift k;
  MlirValue sh = dlcBuildValue(b, "arith.trunci", 1, &s64, i32, 0, NULL, NULL);
  /* Block c's first element is element 8 - s of chunk c - 1 (read mod 8:
   * s = 0 takes chunk c whole, k.aligned). */
  k.shift = dlcRowShiftAt(b, dlcArith(b, "arith.subi", i32c(b, 8), sh));
  k.aligned = dlcCmpI(b, "eq", sh, i32c(b, 0));
  MlirValue first = dlcCmpI(b, "eq", c, dlcConstIndex(b, 0));
  k.whole = dlcArith(b, "arith.ori", k.aligned,
                     dlcArith(b, "arith.xori", first, yes));
  planEnds(b, sh, dlcArith(b, "arith.xori", k.whole, yes), &k);
  k.blockOff =
      dlcArith(b, "arith.subi",
               dlcArith(b, "arith.muli", dlcIndexCast(b, c, i64), i64c(b, 16)),
               dlcArith(b, "arith.muli", s64, i64c(b, 2)));
  MlirValue swz = dlcArith(b, "arith.remui", q, dlcConstIndex(b, 8));
  MlirValue prevC = dlcArith(b, "arith.remui",
                             dlcArith(b, "arith.addi", c, dlcConstIndex(b, 7)),
                             dlcConstIndex(b, 8));
  MlirValue cols[2];
  MlirValue chunks[2] = {prevC, c};
  for (int h = 0; h < 2; ++h)
    cols[h] =
        dlcArith(b, "arith.muli", dlcArith(b, "arith.xori", chunks[h], swz),
                 dlcConstIndex(b, 8));
  for (int64_t pass = 0; pass < 4; ++pass) {
    MlirValue r = dlcArith(b, "arith.addi", q, dlcConstIndex(b, 16 * pass));
    MlirBlock then;
    dlcBuildIf(b, dlcCmpI(b, "ult", r, rows), &then);
    DlcBuilder inner = dlcBuilderAtEnd(then, b->loc);
    MlirValue at =
        dlcArith(&inner, "arith.addi", rowAt,
                 dlcArith(&inner, "arith.muli", step, i64c(&inner, pass)));
    shiftedRow(&inner, src, indices, numIndices, r, cols, &k, at);
    dlcBuild(&inner, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  }
  return true;
}
