/* SM90 split-K (Skeleton.h): the launch rule for the number of splits,
 * for static sizes and as IR, and the consumers' deterministic reduction
 * of the partial accumulators.
 *
 * Workspace (i32 words; Counters + partials, zero when first allocated):
 *   [0, sms * 256)          counter of (tile, consumer thread), tile < sms
 *   [sms * 256, ...)        partial of unit u = tile * S + split, u < sms:
 *                           (((u * BN/8 + j) * 2 + h) * 256 + thread) * 2
 *                           + e: row h of the thread's fragment j, 2
 *                           floats (8-byte accesses, coalesced)
 * Each consumer thread stores its partial, fences (membar.gl) and
 * increments its counter; the thread that sees S - 1 fences, resets the
 * counter to 0 for the next launch, adds the S partials in split order and
 * runs the epilogue.
 * Threads whose rows are all past M, and fragments whose columns are all
 * past N, take no part (the same ones in every split). */
#include "Sm90SplitK.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ConsumerThreads = 256 };

static int64_t maxOne(int64_t x) { return x > 1 ? x : 1; }
static int64_t minOf(int64_t a, int64_t b) { return a < b ? a : b; }

int64_t dlcSm90Splits(int64_t tiles, int64_t kTiles, int64_t maxSplits,
                      int sms) {
  /* Only tiles fewer than the SMs split: splitting a large problem's last
   * round measured slower (bench/RESULTS.md run 22). */
  int64_t tail = tiles < sms ? tiles : 0;
  if (tail < 1 || kTiles < 1)
    return 1;
  int64_t s0 =
      minOf(maxSplits, minOf(maxOne(sms / tail),
                             maxOne(kTiles / DLC_SM90_MIN_SPLIT_KTILES)));
  int64_t kPer = maxOne((kTiles + s0 - 1) / s0);
  return maxOne((kTiles + kPer - 1) / kPer);
}

static int64_t workspaceWords(int64_t tileN, int sms) {
  /* counters, then one 128 x BN f32 partial per CTA */
  return (int64_t)sms * ConsumerThreads * (1 + tileN / 2);
}

int64_t dlcSm90WorkspaceBytes(int64_t tileN, int sms) {
  return 4 * workspaceWords(tileN, sms);
}

static MlirValue maxOneV(Gen *g, MlirValue v) {
  return dlcArith(&g->b, "arith.maxui", v, cst(g, 1));
}

void sm90SplitsValue(Gen *g, MlirValue tiles, MlirValue kTiles,
                     MlirValue *splits, MlirValue *kPer, MlirValue *whole) {
  MlirValue few = lt(g, tiles, cst(g, g->t->sms));
  MlirValue tail = sel(g, few, tiles, cst(g, 0));
  *whole = sub(g, tiles, tail);
  MlirValue bySms = maxOneV(
      g, dlcArith(&g->b, "arith.divui", cst(g, g->t->sms), maxOneV(g, tail)));
  MlirValue byK = maxOneV(g, divc(g, kTiles, DLC_SM90_MIN_SPLIT_KTILES));
  MlirValue s0 = dlcArith(&g->b, "arith.minui", cst(g, g->t->maxSplits),
                          dlcArith(&g->b, "arith.minui", bySms, byK));
  *kPer = maxOneV(g, dlcArith(&g->b, "arith.ceildivui", kTiles, s0));
  *splits = maxOneV(g, dlcArith(&g->b, "arith.ceildivui", kTiles, *kPer));
}

/* Fragments are stored and loaded as their two rows, vector<2xf32> each
 * (8 bytes): the NVVM lowering takes 1-D vectors only, and a 2x2 fragment
 * reshaped to 4 elements would become a shape_cast it cannot lower. */
static MlirType vec2(Gen *g, MlirType element) {
  return mlirVectorTypeGet(1, (int64_t[]){2}, element);
}

static MlirValue bitcast(Gen *g, MlirValue v, MlirType to) {
  return dlcBuildValue(&g->b, "vector.bitcast", 1, &v, to, 0, NULL, NULL);
}

static MlirAttribute align8(Gen *g) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(g->b.ctx, 64), 8);
}

/* Word offset of row h of fragment j of unit `unit` for this thread. */
static MlirValue partialAt(Gen *g, const Sm90SplitK *s, MlirValue unit,
                           int64_t j, int64_t h) {
  int64_t numJ = g->t->tileN / 8;
  MlirValue slot = add(g, mul(g, unit, 2 * numJ), cst(g, 2 * j + h));
  MlirValue word = mul(g, add(g, mul(g, slot, ConsumerThreads), s->thread), 2);
  return add(g, word, cst(g, (int64_t)g->t->sms * ConsumerThreads));
}

/* i1: fragment j has a column inside N. */
static MlirValue columnLive(Gen *g, int64_t j) {
  return lt(g, add(g, g->n0, cst(g, 8 * j)), g->size[KP_N]);
}

static void storePartials(Gen *g, const Sm90SplitK *s) {
  const char *posName[] = {"static_position"};
  const char *alignName[] = {"alignment"};
  MlirAttribute alignment = align8(g);
  MlirType f2 = vec2(g, g->f32), i2 = vec2(g, mlirIntegerTypeGet(g->b.ctx, 32));
  for (int64_t j = 0; j < g->t->tileN / 8; ++j) {
    MlirBlock then;
    DlcBuilder outer = g->b;
    dlcBuildIf(&g->b, columnLive(g, j), &then);
    g->b = dlcBuilderAtEnd(then, outer.loc);
    for (int64_t h = 0; h < 2; ++h) {
      int64_t at[] = {j, h};
      MlirAttribute pos = mlirDenseI64ArrayGet(g->b.ctx, 2, at);
      MlirValue v = dlcBuildValue(&g->b, "vector.extract", 1, &s->acc, f2, 1,
                                  posName, &pos);
      MlirValue operands[] = {bitcast(g, v, i2), s->workspace,
                              partialAt(g, s, s->unit, j, h)};
      dlcBuild(&g->b, "vector.store", 3, operands, 0, NULL, 1, alignName,
               &alignment);
    }
    dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    g->b = outer;
  }
}

enum { MaxRows = 64 }; /* 2 * BN / 8 for BN up to 256 */

/* Splits whose partials one step of the reduction loads before adding
 * them: MaxRows loaded values at most, so BN = 64 reads 4 splits at once,
 * 128 two, 256 one. */
static int64_t splitsPerStep(int64_t numRows) {
  return numRows >= MaxRows ? 1 : MaxRows / numRows;
}

/* The sum over splits 0..S-1 of the tile's partials, row by row of each
 * fragment, then the epilogue on each. The loop adds in split order (the
 * same sum whichever CTA arrives last) but loads a step of U splits, every
 * fragment of each, before adding: no branch between the loads, so they
 * are in flight together. A split past S reloads split S - 1 and a
 * fragment past N its unwritten slot (both inside the workspace); selects
 * drop them. */
static void reduceAndFinish(Gen *g, const Sm90SplitK *s) {
  int64_t numJ = g->t->tileN / 8, numRows = 2 * numJ;
  int64_t per = splitsPerStep(numRows);
  MlirType f2 = vec2(g, g->f32), i2 = vec2(g, mlirIntegerTypeGet(g->b.ctx, 32));
  const char *valueName[] = {"value"};
  MlirAttribute zeros = mlirDenseElementsAttrFloatSplatGet(f2, 0.0f);
  MlirValue zero =
      dlcBuildValue(&g->b, "arith.constant", 0, NULL, f2, 1, valueName, &zeros);
  MlirValue inits[MaxRows], live[MaxRows / 2];
  for (int64_t r = 0; r < numRows; ++r)
    inits[r] = zero;
  for (int64_t j = 0; j < numJ; ++j)
    live[j] = columnLive(g, j);
  MlirBlock body;
  MlirOperation loop = dlcBuildFor(&g->b, cst(g, 0), s->splits, cst(g, per),
                                   numRows, inits, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue first = mlirBlockGetArgument(body, 0);
  const char *alignName[] = {"alignment"};
  MlirAttribute alignment = align8(g);
  MlirValue lastSplit = sub(g, s->splits, cst(g, 1));
  MlirValue loaded[MaxRows], inRange[MaxRows];
  for (int64_t u = 0; u < per; ++u) {
    MlirValue split = add(g, first, cst(g, u));
    inRange[u] = lt(g, split, s->splits);
    MlirValue unit = add(g, mulv(g, s->tile, s->splits),
                         dlcArith(&g->b, "arith.minui", split, lastSplit));
    for (int64_t r = 0; r < numRows; ++r) {
      MlirValue operands[] = {s->workspace,
                              partialAt(g, s, unit, r / 2, r % 2)};
      MlirValue v = dlcBuildValue(&g->b, "vector.load", 2, operands, i2, 1,
                                  alignName, &alignment);
      loaded[u * numRows + r] = bitcast(g, v, f2);
    }
  }
  MlirValue sums[MaxRows];
  for (int64_t r = 0; r < numRows; ++r)
    sums[r] = mlirBlockGetArgument(body, 1 + r);
  for (int64_t u = 0; u < per; ++u)
    for (int64_t r = 0; r < numRows; ++r) {
      MlirValue added =
          dlcArith(&g->b, "arith.addf", sums[r], loaded[u * numRows + r]);
      sums[r] = sel(g, andi(g, inRange[u], live[r / 2]), added, sums[r]);
    }
  dlcBuild(&g->b, "scf.yield", numRows, sums, 0, NULL, 0, NULL, NULL);
  g->b = outer;
  MlirType fragType = gemmVectorType(g, "2x2", g->f32);
  MlirAttribute fragZeros = mlirDenseElementsAttrFloatSplatGet(fragType, 0.0f);
  const char *posName[] = {"static_position"};
  for (int64_t j = 0; j < numJ; ++j) {
    MlirValue frag = dlcBuildValue(&g->b, "arith.constant", 0, NULL, fragType,
                                   1, valueName, &fragZeros);
    for (int64_t h = 0; h < 2; ++h) {
      MlirAttribute pos = mlirDenseI64ArrayGet(g->b.ctx, 1, &h);
      MlirValue operands[] = {mlirOperationGetResult(loop, 2 * j + h), frag};
      frag = dlcBuildValue(&g->b, "vector.insert", 2, operands, fragType, 1,
                           posName, &pos);
    }
    gemmEpilogueFragment(g, frag, s->done, s->row,
                         add(g, s->col, cst(g, 8 * j)), s->steps, s->pairs);
  }
}

/* The atomic counter alone is relaxed, so a fence on each side orders the
 * partials with it. */
static void fenceGpu(Gen *g) { dlcBuildFenceGpu(&g->b); }

void sm90SplitKFinish(Gen *g, const Sm90SplitK *s) {
  MlirBlock active;
  DlcBuilder outer = g->b;
  dlcBuildIf(&g->b, lt(g, s->row, g->size[KP_M]), &active);
  g->b = dlcBuilderAtEnd(active, outer.loc);
  storePartials(g, s);
  fenceGpu(g); /* release the partial before counting it */
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32);
  MlirValue counter = add(g, mul(g, s->tile, ConsumerThreads), s->thread);
  MlirValue one = dlcConstInt(&g->b, i32, 1);
  MlirValue rmwOperands[] = {one, s->workspace, counter};
  const char *kindName[] = {"kind"};
  MlirAttribute kind = gemmI64(g, 1); /* arith::AtomicRMWKind::addi */
  MlirValue old = dlcBuildValue(&g->b, "memref.atomic_rmw", 3, rmwOperands, i32,
                                1, kindName, &kind);
  MlirValue last = dlcCmpI(&g->b, "eq", dlcIndexCast(&g->b, old, g->idx),
                           sub(g, s->splits, cst(g, 1)));
  MlirBlock then;
  DlcBuilder inActive = g->b;
  dlcBuildIf(&g->b, last, &then);
  g->b = dlcBuilderAtEnd(then, outer.loc);
  fenceGpu(g); /* acquire every split's partial */
  MlirValue reset[] = {dlcConstInt(&g->b, i32, 0), s->workspace, counter};
  dlcBuild(&g->b, "memref.store", 3, reset, 0, NULL, 0, NULL, NULL);
  reduceAndFinish(g, s);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = inActive;
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}
