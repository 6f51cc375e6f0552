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
 * conflict), shifted by words and by a 16-bit funnel shift as the repack
 * kernel shifts (RepackKernel.c). Block 0 holds only the row's first 8 - s
 * elements and block 8 (thread 7's second) its last s: their neighbours'
 * elements belong to another box or tile, so they are stored in aligned
 * pieces of 2, 4 and 8 bytes; every other block is one 16-byte store. */

static MlirValue i32c(DlcBuilder *b, int64_t v) {
  return dlcConstInt(b, mlirIntegerTypeGet(b->ctx, 32), v);
}

static MlirValue i64c(DlcBuilder *b, int64_t v) {
  return dlcConstInt(b, mlirIntegerTypeGet(b->ctx, 64), v);
}

static MlirValue wordOf(DlcBuilder *b, MlirValue v, int64_t i) {
  const char *names[] = {"static_position"};
  MlirAttribute pos = mlirDenseI64ArrayGet(b->ctx, 1, &i);
  return dlcBuildValue(b, "vector.extract", 1, &v,
                       mlirIntegerTypeGet(b->ctx, 32), 1, names, &pos);
}

/* The 8 elements starting at element 8 - s of the 16 in words w[0..7]
 * (s = 1..7): words k0 = (8 - s) / 2 ... of w, funnel-shifted by 16 bits
 * when s is odd. */
static void shiftWords(DlcBuilder *b, const MlirValue w[8], MlirValue s,
                       MlirValue out[4]) {
  MlirValue t = dlcArith(b, "arith.subi", i32c(b, 8), s);
  MlirValue k0 = dlcArith(b, "arith.shrui", t, i32c(b, 1));
  MlirValue hi =
      dlcCmpI(b, "ne", dlcArith(b, "arith.andi", k0, i32c(b, 2)), i32c(b, 0));
  MlirValue odd =
      dlcCmpI(b, "ne", dlcArith(b, "arith.andi", k0, i32c(b, 1)), i32c(b, 0));
  MlirValue sh = dlcArith(
      b, "arith.muli", dlcArith(b, "arith.andi", t, i32c(b, 1)), i32c(b, 16));
  MlirValue a[6], r[5];
  for (int i = 0; i < 6; ++i)
    a[i] = dlcSelect(b, hi, w[i + 2], w[i]);
  for (int i = 0; i < 5; ++i)
    r[i] = dlcSelect(b, odd, a[i + 1], a[i]);
  for (int i = 0; i < 4; ++i) {
    MlirValue ops[] = {r[i + 1], r[i], sh};
    out[i] = dlcBuildValue(b, "llvm.intr.fshr", 3, ops, mlirValueGetType(r[i]),
                           0, NULL, NULL);
  }
}

/* Stores `value` (i16, i32, vector<2xi32> or vector<4xi32>) at global byte
 * address `at` (i64) when `cond` holds (null: always). */
static void storeAt(DlcBuilder *b, MlirValue cond, MlirValue value,
                    MlirValue at, int64_t align) {
  DlcBuilder inner = *b;
  MlirBlock then;
  if (!mlirValueIsNull(cond)) {
    dlcBuildIf(b, cond, &then);
    inner = dlcBuilderAtEnd(then, b->loc);
  }
  MlirValue ptr = dlcBuildValue(&inner, "llvm.inttoptr", 1, &at,
                                dlcType(b->ctx, "!llvm.ptr<1>"), 0, NULL, NULL);
  MlirValue ops[] = {value, ptr};
  const char *names[] = {"alignment"};
  MlirAttribute alignment =
      mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), align);
  dlcBuild(&inner, "llvm.store", 2, ops, 0, NULL, 1, names, &alignment);
  if (!mlirValueIsNull(cond))
    dlcBuild(&inner, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
}

static MlirValue pair(DlcBuilder *b, MlirValue lo, MlirValue hi) {
  MlirValue ops[] = {lo, hi};
  return dlcBuildValue(b, "vector.from_elements", 2, ops,
                       dlcType(b->ctx, "vector<2xi32>"), 0, NULL, NULL);
}

/* Word `k` (i32, 0..3) of y by selects. */
static MlirValue pickWord(DlcBuilder *b, const MlirValue y[4], MlirValue k) {
  MlirValue v = y[0];
  for (int i = 1; i < 4; ++i)
    v = dlcSelect(b, dlcCmpI(b, "eq", k, i32c(b, i)), y[i], v);
  return v;
}

static MlirValue half(DlcBuilder *b, MlirValue word, bool high) {
  if (high)
    word = dlcArith(b, "arith.shrui", word, i32c(b, 16));
  return dlcBuildValue(b, "arith.trunci", 1, &word,
                       mlirIntegerTypeGet(b->ctx, 16), 0, NULL, NULL);
}

static MlirValue bytesAt(DlcBuilder *b, MlirValue block, MlirValue elements) {
  MlirValue e = dlcBuildValue(b, "arith.extui", 1, &elements,
                              mlirIntegerTypeGet(b->ctx, 64), 0, NULL, NULL);
  return dlcArith(b, "arith.addi", block,
                  dlcArith(b, "arith.muli", e, i64c(b, 2)));
}

static MlirValue flag(DlcBuilder *b, MlirValue s, int64_t bit) {
  return dlcCmpI(b, "ne", dlcArith(b, "arith.andi", s, i32c(b, bit)),
                 i32c(b, 0));
}

/* Elements s .. 7 of y into the dst block at `block` (s = 1..7; `on`:
 * this thread stores it): the odd element alone, a word to a multiple of
 * 4 elements, then elements 4..7. */
static void storeHead(DlcBuilder *b, MlirValue on, const MlirValue y[4],
                      MlirValue block, MlirValue s) {
  MlirValue odd = flag(b, s, 1);
  storeAt(
      b, dlcArith(b, "arith.andi", on, odd),
      half(b, pickWord(b, y, dlcArith(b, "arith.shrui", s, i32c(b, 1))), true),
      bytesAt(b, block, s), 2);
  MlirValue s2 = dlcArith(b, "arith.andi",
                          dlcArith(b, "arith.addi", s, i32c(b, 1)), i32c(b, 6));
  /* s2 = 2 or 6 (mod 8): one word, y[1] or y[3]. */
  MlirValue word = dlcArith(
      b, "arith.andi", dlcArith(b, "arith.addi", s, i32c(b, 1)), i32c(b, 2));
  MlirValue aligned2 = dlcCmpI(b, "ne", word, i32c(b, 0));
  storeAt(b, dlcArith(b, "arith.andi", on, aligned2),
          dlcSelect(b, dlcCmpI(b, "ult", s, i32c(b, 4)), y[1], y[3]),
          bytesAt(b, block, s2), 4);
  storeAt(b, dlcArith(b, "arith.andi", on, dlcCmpI(b, "ule", s, i32c(b, 4))),
          pair(b, y[2], y[3]), dlcArith(b, "arith.addi", block, i64c(b, 8)), 8);
}

/* Elements 0 .. s - 1 of y into the dst block at `block` (s = 1..7). */
static void storeTail(DlcBuilder *b, MlirValue on, const MlirValue y[4],
                      MlirValue block, MlirValue s) {
  storeAt(b, dlcArith(b, "arith.andi", on, flag(b, s, 4)), pair(b, y[0], y[1]),
          block, 8);
  MlirValue four = dlcArith(b, "arith.andi", s, i32c(b, 4));
  storeAt(b, dlcArith(b, "arith.andi", on, flag(b, s, 2)),
          dlcSelect(b, flag(b, s, 4), y[2], y[0]), bytesAt(b, block, four), 4);
  MlirValue last = dlcArith(b, "arith.subi", s, i32c(b, 1));
  storeAt(b, dlcArith(b, "arith.andi", on, flag(b, s, 1)),
          half(b, pickWord(b, y, dlcArith(b, "arith.shrui", last, i32c(b, 1))),
               false),
          bytesAt(b, block, last), 2);
}

/* One row of the box: row `r` (index) of the slot, `c` (index) this
 * thread's chunk, `base` the dst's address (i64). */
static void shiftedRow(DlcBuilder *b, MlirValue src, const MlirValue *indices,
                       int numIndices, MlirValue r, MlirValue c,
                       MlirValue rowAt) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue swz = dlcArith(b, "arith.remui", r, dlcConstIndex(b, 8));
  MlirValue prevC = dlcArith(b, "arith.remui",
                             dlcArith(b, "arith.addi", c, dlcConstIndex(b, 7)),
                             dlcConstIndex(b, 8));
  MlirValue chunks[2] = {prevC, c}, w[8];
  for (int k = 0; k < 2; ++k) {
    MlirValue at =
        dlcArith(b, "arith.muli", dlcArith(b, "arith.xori", chunks[k], swz),
                 dlcConstIndex(b, 8));
    MlirValue ops[TmaMaxDstRank + 1] = {src};
    for (int i = 0; i < numIndices; ++i)
      ops[1 + i] = indices[i];
    ops[1 + numIndices] = r, ops[2 + numIndices] = at;
    const char *names[] = {"alignment"};
    MlirAttribute align = mlirIntegerAttrGet(i64, 16);
    MlirType element = /* f16 or bf16 */
        mlirShapedTypeGetElementType(mlirValueGetType(src));
    MlirValue v = dlcBuildValue(b, "vector.load", 3 + numIndices, ops,
                                mlirVectorTypeGet(1, (int64_t[]){8}, element),
                                1, names, &align);
    v = dlcBuildValue(b, "vector.bitcast", 1, &v,
                      dlcType(b->ctx, "vector<4xi32>"), 0, NULL, NULL);
    for (int i = 0; i < 4; ++i)
      w[4 * k + i] = wordOf(b, v, i);
  }
  MlirValue s64 =
      dlcArith(b, "arith.andi", dlcArith(b, "arith.shrui", rowAt, i64c(b, 1)),
               i64c(b, 7));
  MlirValue s = dlcBuildValue(b, "arith.trunci", 1, &s64, i32, 0, NULL, NULL);
  MlirValue c64 = dlcIndexCast(b, c, i64);
  /* Thread c's dst block: the row's aligned start + 16 c bytes. */
  MlirValue block =
      dlcArith(b, "arith.addi",
               dlcArith(b, "arith.subi", rowAt,
                        dlcArith(b, "arith.muli", s64, i64c(b, 2))),
               dlcArith(b, "arith.muli", c64, i64c(b, 16)));
  MlirValue shifted[4], y[4], tail[4];
  shiftWords(b, w, s, shifted);
  MlirValue aligned = dlcCmpI(b, "eq", s, i32c(b, 0));
  for (int i = 0; i < 4; ++i)
    y[i] = dlcSelect(b, aligned, w[4 + i], shifted[i]);
  MlirValue first = dlcCmpI(b, "eq", c, dlcConstIndex(b, 0));
  MlirValue whole =
      dlcArith(b, "arith.ori", aligned,
               dlcArith(b, "arith.xori", first,
                        dlcConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1)));
  MlirValue vec =
      dlcBuildValue(b, "vector.from_elements", 4, y,
                    dlcType(b->ctx, "vector<4xi32>"), 0, NULL, NULL);
  storeAt(b, whole, vec, block, 16);
  MlirValue partial = dlcArith(
      b, "arith.xori", whole, dlcConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1));
  storeHead(b, partial, y, block, s);
  /* The row's last s elements, the end of chunk 7, into block 8. */
  MlirValue cur[8] = {w[4], w[5], w[6], w[7], w[4], w[5], w[6], w[7]};
  shiftWords(b, cur, s, tail);
  MlirValue end =
      dlcArith(b, "arith.andi", dlcCmpI(b, "eq", c, dlcConstIndex(b, 7)),
               dlcArith(b, "arith.xori", aligned,
                        dlcConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1)));
  storeTail(b, end, tail, dlcArith(b, "arith.addi", block, i64c(b, 16)), s);
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
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
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
  for (int64_t pass = 0; pass < 4; ++pass) {
    MlirValue r = dlcArith(b, "arith.addi", q, dlcConstIndex(b, 16 * pass));
    MlirBlock then;
    dlcBuildIf(b, dlcCmpI(b, "ult", r, rows), &then);
    DlcBuilder inner = dlcBuilderAtEnd(then, b->loc);
    MlirValue e = dlcArith(&inner, "arith.addi", offset,
                           dlcArith(&inner, "arith.muli", r, stride));
    MlirValue rowAt =
        dlcArith(&inner, "arith.addi", base,
                 dlcArith(&inner, "arith.muli", dlcIndexCast(&inner, e, i64),
                          i64c(&inner, 2)));
    shiftedRow(&inner, src, indices, numIndices, r, c, rowAt);
    dlcBuild(&inner, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  }
  return true;
}
