/* The memory-bound skeleton's column mode (MemoryBound.h): a CTA per
 * column tile of the last iter and point of the others. A thread is a
 * chunk of the tile (DLC_MEMORY_COLUMN_LANES of them a warp's row, read
 * along the last iter by vectors) and a row: the CTA's rows share each
 * reduce's loop (columnCombine gives every thread its columns' results),
 * and the tile's first row stores. Column reductions: sum over M of
 * [M, N]. */
#include "MemoryBound.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* Every thread computes its chunk's outputs (the reduces are the CTA's,
 * with barriers); the threads of row 0 store them. */
static void emitColumnOutputs(Mb *m) {
  int last = m->p->numIters - 1;
  m->splitLast = (MlirValue){NULL}; /* this version's reduce sets it */
  if (m->width > 1)
    m->vecLoops |= 1u << last;
  for (int i = 0; i < m->p->numOutputs; ++i)
    mbEmitStep(m, m->p->outputs[i].step);
  DlcBuilder b = mbAt(m, m->versionFrame);
  MlirValue store = dlcCmpI(&b, "eq", m->rowTid, mbIndex(&b, 0));
  if (m->width == 1) /* vector stores are masked instead */
    store = dlcArith(&b, "arith.andi", store, m->colInside);
  if (!mlirValueIsNull(m->splitLast)) /* a split's CTA: the last stores */
    store = dlcArith(&b, "arith.andi", store, m->splitLast);
  mbEmitStoresIf(m, &b, store, m->p->outputs, m->p->numOutputs);
  m->vecLoops &= ~(1u << last);
}

/* Column mode: block x = outer point * tiles + tile; thread = row *
 * DLC_MEMORY_COLUMN_LANES + chunk. No thread leaves early: the reduces'
 * barriers need all of them (chunks past the last iter are masked). */
void mbEmitColumns(Mb *m) {
  DlcBuilder b = mbAt(m, 0);
  int last = m->p->numIters - 1;
  int64_t tileWidth = (int64_t)DLC_MEMORY_COLUMN_LANES * m->width;
  MlirValue lanes = mbIndex(&b, DLC_MEMORY_COLUMN_LANES);
  m->colLane = dlcArith(&b, "arith.remui", m->tid, lanes);
  m->rowTid = dlcArith(&b, "arith.divui", m->tid, lanes);
  MlirValue extent = mbExtent(m, &b, &m->p->loops[last].size);
  MlirValue tiles =
      dlcArith(&b, "arith.ceildivui", extent, mbIndex(&b, tileWidth));
  MlirValue bid = mbGpuId(m, &b, "gpu.block_id");
  MlirValue tile = dlcArith(&b, "arith.remui", bid, tiles);
  mbBindLoops(m, &b, mbAllIters(m->p) >> 1,
              dlcArith(&b, "arith.divui", bid, tiles), 0);
  MlirValue tileStart =
      dlcArith(&b, "arith.muli", tile, mbIndex(&b, tileWidth));
  MlirValue column =
      dlcArith(&b, "arith.addi", tileStart,
               dlcArith(&b, "arith.muli", m->colLane, mbIndex(&b, m->width)));
  m->colInside = dlcCmpI(&b, "ult", column, extent);
  /* Scalar reads of a chunk past the end read the last column instead
   * (never stored); vector ones are masked. */
  m->loopValue[last] =
      m->width > 1
          ? column
          : dlcArith(&b, "arith.minui", column,
                     dlcArith(&b, "arith.subi", extent, mbIndex(&b, 1)));
  m->loopFrame[last] = 0;
  /* The aligned version also needs the whole tile inside the last iter. */
  if (m->width > 1)
    m->wholeTile = dlcCmpI(
        &b, "ule",
        dlcArith(&b, "arith.addi", tileStart, mbIndex(&b, tileWidth)), extent);
  mbEmitVersions(m, 1u << last, emitColumnOutputs);
  m->splitLast = (MlirValue){NULL};
  m->wholeTile = (MlirValue){NULL};
}

/* --- the split over grid y (Skeleton.h) -------------------------------- */

MlirValue mbGridY(Mb *m, DlcBuilder *b, const char *op) {
  const char *names[] = {"dimension"};
  MlirAttribute dim = dlcAttr(m->ctx, "#gpu<dim y>");
  return dlcBuildValue(b, op, 0, NULL, m->idx, 1, names, &dim);
}

/* Split s of S takes ceildiv(count, S) rows rounded up to a sweep of the
 * CTA's rows (point mode: of its threads' chunks), from s times that. */
void mbSplitRange(Mb *m, DlcBuilder *b, MlirValue begin, MlirValue end,
                  MlirValue *lo, MlirValue *hi) {
  MlirValue splits = mbGridY(m, b, "gpu.grid_dim");
  MlirValue split = mbGridY(m, b, "gpu.block_id");
  MlirValue count =
      mlirValueIsNull(begin) ? end : dlcArith(b, "arith.subi", end, begin);
  MlirValue sweep = mbIndex(b, m->mode == DLC_MEMORY_COLUMN
                                   ? m->threads / DLC_MEMORY_COLUMN_LANES
                                   : m->threads * m->width);
  MlirValue per =
      dlcArith(b, "arith.muli",
               dlcArith(b, "arith.ceildivui",
                        dlcArith(b, "arith.ceildivui", count, splits), sweep),
               sweep);
  *lo =
      dlcArith(b, "arith.minui", dlcArith(b, "arith.muli", split, per), count);
  *hi = dlcArith(b, "arith.minui", dlcArith(b, "arith.addi", *lo, per), count);
  if (!mlirValueIsNull(begin)) {
    *lo = dlcArith(b, "arith.addi", begin, *lo);
    *hi = dlcArith(b, "arith.addi", begin, *hi);
  }
}

/* The workspace word of (tile `unit`, split `split`)'s partial of this
 * thread's chunk (point mode: the point's one partial). */
static MlirValue partialWord(Mb *m, DlcBuilder *b, MlirValue unit,
                             MlirValue split) {
  bool column = m->mode == DLC_MEMORY_COLUMN;
  /* A point's partial is one word a split, its splits' words adjacent. */
  int64_t slot =
      column ? (DLC_MEMORY_COLUMN_LANES * (int64_t)m->width + 31) / 32 * 32 : 1;
  /* Column mode packs a tile's S splits after the tile before it (S
   * tiles' CTAs stay within 2 SMs where S > 1); a point's take
   * DLC_MEMORY_POINT_MAX_SPLITS words. */
  MlirValue splits = column ? mbGridY(m, b, "gpu.grid_dim")
                            : mbIndex(b, DLC_MEMORY_POINT_MAX_SPLITS);
  MlirValue at =
      dlcArith(b, "arith.addi", dlcArith(b, "arith.muli", unit, splits), split);
  at = dlcArith(b, "arith.muli", at, mbIndex(b, slot));
  if (column)
    at = dlcArith(b, "arith.addi", at,
                  dlcArith(b, "arith.muli", m->colLane, mbIndex(b, m->width)));
  return dlcArith(b, "arith.addi", at, mbIndex(b, 2 * (int64_t)m->sms));
}

/* The thread's partial (a vector of the width, or a scalar) as i32 words
 * at `word`, or read back from there. */
static MlirType wordsType(Mb *m, MlirValue like) {
  if (!mlirTypeIsAVector(mlirValueGetType(like)))
    return m->i32;
  int64_t shape[] = {m->width};
  return mlirVectorTypeGet(1, shape, m->i32);
}

/* A chunk's partial words are 16-byte aligned (or 4 * width). */
static MlirAttribute alignment(Mb *m) {
  int64_t bytes = 4 * (int64_t)m->width;
  return mlirIntegerAttrGet(mlirIntegerTypeGet(m->ctx, 64),
                            bytes < 16 ? bytes : 16);
}

void mbStorePartial(Mb *m, DlcBuilder *b, MlirValue v, MlirValue word) {
  MlirType t = wordsType(m, v);
  MlirValue bits = dlcBuildValue(b, "arith.bitcast", 1, &v, t, 0, NULL, NULL);
  MlirValue operands[] = {bits, m->workspace, word};
  MlirAttribute align = alignment(m);
  dlcBuild(b, mlirTypeIsAVector(t) ? "vector.store" : "memref.store", 3,
           operands, 0, NULL, mlirTypeIsAVector(t),
           (const char *[]){"alignment"}, &align);
}

MlirValue mbLoadPartial(Mb *m, DlcBuilder *b, MlirValue like, MlirValue word) {
  MlirType t = wordsType(m, like);
  MlirValue operands[] = {m->workspace, word};
  MlirAttribute align = alignment(m);
  MlirValue bits = dlcBuildValue(
      b, mlirTypeIsAVector(t) ? "vector.load" : "memref.load", 2, operands, t,
      mlirTypeIsAVector(t), (const char *[]){"alignment"}, &align);
  return dlcBuildValue(b, "arith.bitcast", 1, &bits, mlirValueGetType(like), 0,
                       NULL, NULL);
}

/* With S > 1: row 0 of the CTA stores its columns' partial and fences; a
 * barrier; thread 0 counts the CTA's arrival on the tile's counter (the
 * last resets it) and leaves the answer in the scratch's last slot; a
 * barrier; in the last CTA every thread fences and combines the S partials
 * (column mode: in split order; point mode: its share of them, then the
 * CTA's tree). Other CTAs keep their partial (never stored). */
MlirValue mbSplitCombine(Mb *m, DlcBuilder *b, const KpStep *step,
                         MlirValue partial) {
  const char *fn = step->fn;
  MlirValue splits = mbGridY(m, b, "gpu.grid_dim");
  MlirValue split = mbGridY(m, b, "gpu.block_id");
  MlirValue unit = mbGpuId(m, b, "gpu.block_id");
  MlirType types[] = {mlirValueGetType(partial), m->i1};
  MlirBlock then, otherwise;
  MlirOperation several = dlcBuildIfElse(
      b, dlcCmpI(b, "ugt", splits, mbIndex(b, 1)), 2, types, &then, &otherwise);
  DlcBuilder e = dlcBuilderAtEnd(otherwise, m->loc);
  MlirValue alone[] = {partial, dlcConstInt(&e, m->i1, 1)};
  dlcBuild(&e, "scf.yield", 2, alone, 0, NULL, 0, NULL, NULL);

  DlcBuilder t = dlcBuilderAtEnd(then, m->loc);
  MlirBlock store;
  dlcBuildIf(&t, dlcCmpI(&t, "eq", m->rowTid, mbIndex(&t, 0)), &store);
  DlcBuilder s = dlcBuilderAtEnd(store, m->loc);
  mbStorePartial(m, &s, partial, partialWord(m, &s, unit, split));
  dlcBuildFenceGpu(&s); /* release the partial before it is counted */
  dlcBuild(&s, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  dlcBuild(&t, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL, NULL);
  int flagSlot =
      dlcMemoryBoundScratchFloats(m->p, m->mode, m->threads, m->width) - 1;
  MlirValue flagAt = mbIndex(&t, flagSlot);
  MlirBlock count;
  dlcBuildIf(&t, dlcCmpI(&t, "eq", m->tid, mbIndex(&t, 0)), &count);
  DlcBuilder c = dlcBuilderAtEnd(count, m->loc);
  dlcBuildFenceGpu(&c);
  MlirValue old = dlcBuildAtomicAddI32(&c, m->workspace, unit, 1);
  MlirValue last = dlcCmpI(&c, "eq", dlcIndexCast(&c, old, m->idx),
                           dlcArith(&c, "arith.subi", splits, mbIndex(&c, 1)));
  MlirBlock reset;
  dlcBuildIf(&c, last, &reset);
  DlcBuilder r = dlcBuilderAtEnd(reset, m->loc);
  MlirValue zero[] = {dlcConstInt(&r, m->i32, 0), m->workspace, unit};
  dlcBuild(&r, "memref.store", 3, zero, 0, NULL, 0, NULL, NULL);
  dlcBuild(&r, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  MlirValue flag[] = {dlcSelect(&c, last, dlcConstFloat(&c, m->f32, 1.0),
                                dlcConstFloat(&c, m->f32, 0.0)),
                      m->scratch, flagAt};
  dlcBuild(&c, "memref.store", 3, flag, 0, NULL, 0, NULL, NULL);
  dlcBuild(&c, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  dlcBuild(&t, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL, NULL);
  MlirValue flagOperands[] = {m->scratch, flagAt};
  MlirValue seen =
      dlcBuildValue(&t, "memref.load", 2, flagOperands, m->f32, 0, NULL, NULL);
  MlirValue isLast = dlcBuildValue(
      &t, "arith.cmpf", 2, (MlirValue[]){seen, dlcConstFloat(&t, m->f32, 0.0)},
      m->i1, 1, (const char *[]){"predicate"},
      (MlirAttribute[]){
          mlirIntegerAttrGet(mlirIntegerTypeGet(m->ctx, 64), 6)}); /* one */
  MlirBlock sum, keep;
  MlirOperation gather = dlcBuildIfElse(&t, isLast, 1, types, &sum, &keep);
  DlcBuilder k = dlcBuilderAtEnd(keep, m->loc);
  dlcBuild(&k, "scf.yield", 1, &partial, 0, NULL, 0, NULL, NULL);
  DlcBuilder g = dlcBuilderAtEnd(sum, m->loc);
  dlcBuildFenceGpu(&g); /* acquire every split's partial */
  MlirValue identity = dlcConstFloat(&g, m->f32, mbIdentityOf(fn));
  MlirValue init = mlirTypeIsAVector(types[0])
                       ? dlcBuildValue(&g, "vector.broadcast", 1, &identity,
                                       types[0], 0, NULL, NULL)
                       : identity;
  /* Column mode: every thread its columns' S partials in split order; a
   * point's S partials are spread over the CTA's threads, then its tree. */
  bool column = m->mode == DLC_MEMORY_COLUMN;
  MlirBlock body;
  MlirOperation loop =
      dlcBuildFor(&g, column ? mbIndex(&g, 0) : m->rowTid, splits,
                  mbIndex(&g, column ? 1 : m->threads), 1, &init, &body);
  DlcBuilder l = dlcBuilderAtEnd(body, m->loc);
  MlirValue x = mbLoadPartial(
      m, &l, partial, partialWord(m, &l, unit, mlirBlockGetArgument(body, 0)));
  MlirValue acc = mbRoundStep(
      m, &l, step, mbCombine(m, &l, fn, mlirBlockGetArgument(body, 1), x));
  dlcBuild(&l, "scf.yield", 1, &acc, 0, NULL, 0, NULL, NULL);
  MlirValue total = mlirOperationGetResult(loop, 0);
  if (!column)
    total = mbCtaCombine(m, &g, step, total);
  dlcBuild(&g, "scf.yield", 1, &total, 0, NULL, 0, NULL, NULL);
  MlirValue out[] = {mlirOperationGetResult(gather, 0), isLast};
  dlcBuild(&t, "scf.yield", 2, out, 0, NULL, 0, NULL, NULL);
  m->splitLast = mlirOperationGetResult(several, 1);
  return mlirOperationGetResult(several, 0);
}
