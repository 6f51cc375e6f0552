/* SM90 split-K (Skeleton.h): the launch rule for the number of splits,
 * for static sizes and as IR, and the consumers' deterministic reduction
 * of the partial accumulators, a tree of two levels.
 *
 * Workspace (i32 words; counters + partials, zero when first allocated):
 *   [0, 2 sms)              counter of (group, consumer): word first * 2 +
 *                           consumer, `first` the group's first unit
 *   [2 sms, 4 sms)          counter of (tile, consumer)
 *   [4 sms, ...)            partial of unit u = tile * S + split, u < sms,
 *                           element e of row h of the thread's fragment j
 *                           (coalesced): a 64-row tile (one consumer)
 *                           ((u * BN/8 + j) * 256 + thread) * 4 + 2 h + e,
 *                           16-byte accesses; else (((u * BN/8 + j) * 2 +
 *                           h) * 256 + thread) * 2 + e, 8-byte ones
 * The S splits of a tile form groups of DLC_SM90_SPLIT_GROUP consecutive
 * splits. Each consumer warpgroup stores its partial, meets at a named
 * barrier, and its thread 0 releases the partials (fence.acq_rel.gpu) and
 * counts the arrival on the group's counter: one fence and one atomic a
 * warpgroup, not a thread (a fence.sc per thread cost ~0.7 us per split,
 * bench/RESULTS.md run small-1). With several groups the last warpgroup
 * of a group adds the group's partials in split order into the group's
 * first slot and counts that on the tile's counter, and the last group's
 * adds the group sums in group order; a tile of one group (S <= 8) adds
 * its partials in split order at once. Then the epilogue.
 * The sum is the same whichever CTAs arrive last; a reduction reads G +
 * S / G partials instead of S. The last arrival resets each counter for
 * the next launch.
 * Threads whose rows are all past M, and fragments whose columns are all
 * past N, store and load nothing (the same ones in every split). */
#include "Sm90SplitK.h"
#include "Sm90Gen.h"

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

/* Counter words before the partials: (group, consumer) then (tile,
 * consumer), each indexed by a unit or tile below sms. */
static int64_t counterWords(int sms) { return 4 * (int64_t)sms; }

static int64_t workspaceWords(int64_t tileN, int sms) {
  /* counters, then one 128 x BN f32 partial per CTA */
  return counterWords(sms) + (int64_t)sms * ConsumerThreads * (tileN / 2);
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

/* Fragments are held as their two rows, vector<2xf32> each: the NVVM
 * lowering takes 1-D vectors only, and a 2x2 fragment reshaped to 4
 * elements would become a shape_cast it cannot lower. A 64-row tile moves
 * a fragment as one 16-byte vector<4xi32> packed element by element: its
 * last arrival read 8 partials with 8-byte loads in 5.1 us, with 16-byte
 * ones in 3.1 (64 x 64 x 65536: 26.6 -> 24.6 us at 64 splits); the
 * 128-row tile's two consumers measured 2.7 us slower with them at
 * 127 x 129 x 8191 and keep 8-byte rows (bench/RESULTS.md run sk2-2). */
static bool wideFragments(Gen *g) { return dlcSm90Consumers(g->t) == 1; }

static MlirType vecOf(Gen *g, int64_t n, MlirType element) {
  return mlirVectorTypeGet(1, (int64_t[]){n}, element);
}

static MlirType vec2(Gen *g, MlirType element) { return vecOf(g, 2, element); }

static MlirValue bitcast(Gen *g, MlirValue v, MlirType to) {
  return dlcBuildValue(&g->b, "vector.bitcast", 1, &v, to, 0, NULL, NULL);
}

static MlirAttribute alignOf(Gen *g, int64_t bytes) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(g->b.ctx, 64), bytes);
}

/* Word offset of row h of fragment j of unit `unit` for this thread
 * (wide rows 16-byte aligned: the counters are 4 sms words). */
static MlirValue partialAt(Gen *g, const Sm90SplitK *s, MlirValue unit,
                           int64_t j, int64_t h) {
  int64_t numJ = g->t->tileN / 8;
  bool wide = wideFragments(g);
  MlirValue slot = add(g, mul(g, unit, wide ? numJ : 2 * numJ),
                       cst(g, wide ? j : 2 * j + h));
  MlirValue word = add(
      g, mul(g, add(g, mul(g, slot, ConsumerThreads), s->thread), wide ? 4 : 2),
      cst(g, wide ? 2 * h : 0));
  return add(g, word, cst(g, counterWords(g->t->sms)));
}

/* vector<4xi32>: rows r0 and r1 (vector<2xf32>) as one 16-byte value,
 * built from their i32 bitcasts: the same chain over the f32 rows of one
 * accumulator fragment folds into a 2x2 -> 4 shape_cast. */
static MlirValue pack(Gen *g, MlirValue r0, MlirValue r1) {
  const char *valueName[] = {"value"}, *posName[] = {"static_position"};
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32), i4 = vecOf(g, 4, i32);
  MlirValue halves[] = {bitcast(g, r0, vec2(g, i32)),
                        bitcast(g, r1, vec2(g, i32))};
  MlirAttribute zeros =
      mlirDenseElementsAttrSplatGet(i4, mlirIntegerAttrGet(i32, 0));
  MlirValue v =
      dlcBuildValue(&g->b, "arith.constant", 0, NULL, i4, 1, valueName, &zeros);
  for (int64_t e = 0; e < 4; ++e) {
    MlirAttribute from = mlirDenseI64ArrayGet(g->b.ctx, 1, (int64_t[]){e % 2});
    MlirAttribute to = mlirDenseI64ArrayGet(g->b.ctx, 1, &e);
    MlirValue x = dlcBuildValue(&g->b, "vector.extract", 1, &halves[e / 2], i32,
                                1, posName, &from);
    MlirValue operands[] = {x, v};
    v = dlcBuildValue(&g->b, "vector.insert", 2, operands, i4, 1, posName, &to);
  }
  return v;
}

/* The two rows (vector<2xf32>) of a loaded vector<4xi32>. */
static void unpack(Gen *g, MlirValue v, MlirValue rows[2]) {
  const char *valueName[] = {"value"}, *posName[] = {"static_position"};
  MlirType f2 = vec2(g, g->f32);
  MlirValue f = bitcast(g, v, vecOf(g, 4, g->f32));
  MlirAttribute zeros = mlirDenseElementsAttrFloatSplatGet(f2, 0.0f);
  for (int64_t h = 0; h < 2; ++h) {
    rows[h] = dlcBuildValue(&g->b, "arith.constant", 0, NULL, f2, 1, valueName,
                            &zeros);
    for (int64_t e = 0; e < 2; ++e) {
      MlirAttribute from =
          mlirDenseI64ArrayGet(g->b.ctx, 1, (int64_t[]){2 * h + e});
      MlirAttribute to = mlirDenseI64ArrayGet(g->b.ctx, 1, &e);
      MlirValue x = dlcBuildValue(&g->b, "vector.extract", 1, &f, g->f32, 1,
                                  posName, &from);
      MlirValue operands[] = {x, rows[h]};
      rows[h] = dlcBuildValue(&g->b, "vector.insert", 2, operands, f2, 1,
                              posName, &to);
    }
  }
}

/* Stores rows r0, r1 of fragment j of unit `unit`. */
static void storeFragment(Gen *g, const Sm90SplitK *s, MlirValue unit,
                          int64_t j, MlirValue r0, MlirValue r1) {
  const char *alignName[] = {"alignment"};
  bool wide = wideFragments(g);
  MlirAttribute alignment = alignOf(g, wide ? 16 : 8);
  MlirType i2 = vec2(g, mlirIntegerTypeGet(g->b.ctx, 32));
  for (int64_t h = 0; h < (wide ? 1 : 2); ++h) {
    MlirValue v = wide ? pack(g, r0, r1) : bitcast(g, h ? r1 : r0, i2);
    MlirValue operands[] = {v, s->workspace, partialAt(g, s, unit, j, h)};
    dlcBuild(&g->b, "vector.store", 3, operands, 0, NULL, 1, alignName,
             &alignment);
  }
}

/* rows[0], rows[1] = rows 0 and 1 of fragment j of unit `unit`. */
static void loadFragment(Gen *g, const Sm90SplitK *s, MlirValue unit, int64_t j,
                         MlirValue rows[2]) {
  const char *alignName[] = {"alignment"};
  bool wide = wideFragments(g);
  MlirAttribute alignment = alignOf(g, wide ? 16 : 8);
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32);
  for (int64_t h = 0; h < (wide ? 1 : 2); ++h) {
    MlirValue operands[] = {s->workspace, partialAt(g, s, unit, j, h)};
    MlirValue v =
        dlcBuildValue(&g->b, "vector.load", 2, operands,
                      vecOf(g, wide ? 4 : 2, i32), 1, alignName, &alignment);
    if (wide)
      unpack(g, v, rows);
    else
      rows[h] = bitcast(g, v, vec2(g, g->f32));
  }
}

/* i1: fragment j has a column inside N. */
static MlirValue columnLive(Gen *g, int64_t j) {
  return lt(g, add(g, g->n0, cst(g, 8 * j)), g->size[KP_N]);
}

enum { MaxRows = 64 }; /* 2 * BN / 8 for BN up to 256 */

/* The thread's accumulators as rows[2 * j + h]: row h of fragment j, two
 * floats. */
static void accRows(Gen *g, const Sm90SplitK *s, MlirValue rows[MaxRows]) {
  const char *posName[] = {"static_position"};
  for (int64_t r = 0; r < g->t->tileN / 4; ++r) {
    int64_t at[] = {r / 2, r % 2};
    MlirAttribute pos = mlirDenseI64ArrayGet(g->b.ctx, 2, at);
    rows[r] = dlcBuildValue(&g->b, "vector.extract", 1, &s->acc,
                            vec2(g, g->f32), 1, posName, &pos);
  }
}

/* Stores `rows` as the partial of unit `unit` (fragments inside N). */
static void storeRows(Gen *g, const Sm90SplitK *s, MlirValue unit,
                      const MlirValue rows[MaxRows]) {
  for (int64_t j = 0; j < g->t->tileN / 8; ++j) {
    MlirBlock then;
    DlcBuilder outer = g->b;
    dlcBuildIf(&g->b, columnLive(g, j), &then);
    g->b = dlcBuilderAtEnd(then, outer.loc);
    storeFragment(g, s, unit, j, rows[2 * j], rows[2 * j + 1]);
    dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    g->b = outer;
  }
}

/* Splits whose partials one step of the reduction loads before adding
 * them: MaxRows loaded values at most, so BN = 64 reads 4 splits at once,
 * 128 two, 256 one. */
static int64_t splitsPerStep(int64_t numRows) {
  return numRows >= MaxRows ? 1 : MaxRows / numRows;
}

/* sums = the partials of units first + i * stride, i = 0 .. count - 1,
 * added in that order from zero. A step loads U units, every fragment of
 * each, before adding: no branch between the loads, so they are in flight
 * together. A unit past count reloads unit count - 1 and a fragment past
 * N its unwritten slot (both inside the workspace); selects drop them. */
static void sumUnits(Gen *g, const Sm90SplitK *s, MlirValue first,
                     MlirValue stride, MlirValue count,
                     MlirValue sums[MaxRows]) {
  int64_t numJ = g->t->tileN / 8, numRows = 2 * numJ;
  int64_t per = splitsPerStep(numRows);
  MlirType f2 = vec2(g, g->f32);
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
  MlirOperation loop =
      dlcBuildFor(&g->b, cst(g, 0), count, cst(g, per), numRows, inits, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue i0 = mlirBlockGetArgument(body, 0);
  MlirValue lastI = sub(g, count, cst(g, 1));
  MlirValue loaded[MaxRows], inRange[MaxRows];
  for (int64_t u = 0; u < per; ++u) {
    MlirValue i = add(g, i0, cst(g, u));
    inRange[u] = lt(g, i, count);
    MlirValue unit = add(
        g, first, mulv(g, dlcArith(&g->b, "arith.minui", i, lastI), stride));
    for (int64_t j = 0; j < numJ; ++j)
      loadFragment(g, s, unit, j, &loaded[u * numRows + 2 * j]);
  }
  MlirValue acc[MaxRows];
  for (int64_t r = 0; r < numRows; ++r)
    acc[r] = mlirBlockGetArgument(body, 1 + r);
  for (int64_t u = 0; u < per; ++u)
    for (int64_t r = 0; r < numRows; ++r) {
      MlirValue added =
          dlcArith(&g->b, "arith.addf", acc[r], loaded[u * numRows + r]);
      acc[r] = sel(g, andi(g, inRange[u], live[r / 2]), added, acc[r]);
    }
  dlcBuild(&g->b, "scf.yield", numRows, acc, 0, NULL, 0, NULL, NULL);
  g->b = outer;
  for (int64_t r = 0; r < numRows; ++r)
    sums[r] = mlirOperationGetResult(loop, r);
}

/* Fragments whose epilogue inputs are read together, before their
 * stores (as the whole tiles' epilogue batches them, Sm90Gemm.c): read a
 * fragment at a time, each read waited behind the previous fragment's
 * stores, which may alias it (64 x 64 x 65536: 30.9 -> 28.7 us batched,
 * bench/RESULTS.md run sk-2). */
enum { InputBatch = 8 };

/* The epilogue inputs of fragments j0 .. j0 + InputBatch - 1 (guarded),
 * in[i * numInputs + k]. */
static void batchInputs(Gen *g, const Sm90SplitK *s, int64_t j0,
                        MlirValue in[InputBatch * KP_MAX_INPUTS]) {
  int n = g->p->numInputs;
  for (int64_t i = 0; i < InputBatch && j0 + i < g->t->tileN / 8; ++i)
    gemmEpilogueInputs(g, s->row, add(g, s->col, cst(g, 8 * (j0 + i))), false,
                       &in[i * n]);
}

/* The epilogue on the reduced rows, a batch of fragments at a time. */
static void finishRows(Gen *g, const Sm90SplitK *s,
                       const MlirValue rows[MaxRows]) {
  MlirType fragType = gemmVectorType(g, "2x2", g->f32);
  const char *valueName[] = {"value"};
  MlirAttribute fragZeros = mlirDenseElementsAttrFloatSplatGet(fragType, 0.0f);
  const char *posName[] = {"static_position"};
  int n = g->p->numInputs;
  for (int64_t j0 = 0; j0 < g->t->tileN / 8; j0 += InputBatch) {
    MlirValue in[InputBatch * KP_MAX_INPUTS];
    batchInputs(g, s, j0, in);
    for (int64_t i = 0; i < InputBatch && j0 + i < g->t->tileN / 8; ++i) {
      int64_t j = j0 + i;
      MlirValue frag = dlcBuildValue(&g->b, "arith.constant", 0, NULL, fragType,
                                     1, valueName, &fragZeros);
      for (int64_t h = 0; h < 2; ++h) {
        MlirAttribute pos = mlirDenseI64ArrayGet(g->b.ctx, 1, &h);
        MlirValue operands[] = {rows[2 * j + h], frag};
        frag = dlcBuildValue(&g->b, "vector.insert", 2, operands, fragType, 1,
                             posName, &pos);
      }
      MlirValue col = add(g, s->col, cst(g, 8 * j)), token;
      MlirValue out =
          gemmEpilogueApply(g, frag, s->done, &in[i * n], s->steps, &token);
      gemmStoreFragment(g, out, token, s->row, col, false, s->pairs);
    }
  }
}

/* i1, the same in the whole warpgroup: whether it is the last of `count`
 * arrivals on counter word `word`. Its threads' stores before it are
 * released, and the other arrivals' acquired when it is the last:
 * named barrier, then thread 0 fences, counts, fences again if last (and
 * resets the counter) and publishes the answer in shared memory; a second
 * barrier hands it to every thread. */
static MlirValue arrive(Gen *g, const Sm90SplitK *s, MlirValue word,
                        MlirValue count) {
  MlirValue barrierId = add(g, s->consumer, cst(g, 1));
  sm90NamedBarrier(g, barrierId, 128);
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32);
  MlirBlock leader;
  DlcBuilder outer = g->b;
  dlcBuildIf(&g->b, dlcCmpI(&g->b, "eq", remc(g, s->thread, 128), cst(g, 0)),
             &leader);
  g->b = dlcBuilderAtEnd(leader, outer.loc);
  dlcBuildFenceAcqRelGpu(&g->b); /* release the warpgroup's stores */
  MlirValue rmwOperands[] = {dlcConstInt(&g->b, i32, 1), s->workspace, word};
  const char *kindName[] = {"kind"};
  MlirAttribute kind = gemmI64(g, 1); /* arith::AtomicRMWKind::addi */
  MlirValue old = dlcBuildValue(&g->b, "memref.atomic_rmw", 3, rmwOperands, i32,
                                1, kindName, &kind);
  MlirValue last = dlcCmpI(&g->b, "eq", dlcIndexCast(&g->b, old, g->idx),
                           sub(g, count, cst(g, 1)));
  MlirBlock reset;
  DlcBuilder inLeader = g->b;
  dlcBuildIf(&g->b, last, &reset);
  g->b = dlcBuilderAtEnd(reset, outer.loc);
  MlirValue zero[] = {dlcConstInt(&g->b, i32, 0), s->workspace, word};
  dlcBuild(&g->b, "memref.store", 3, zero, 0, NULL, 0, NULL, NULL);
  dlcBuildFenceAcqRelGpu(&g->b); /* acquire the other arrivals' stores */
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = inLeader;
  MlirValue flag[] = {sel(g, last, dlcConstFloat(&g->b, g->f32, 1.0),
                          dlcConstFloat(&g->b, g->f32, 0.0)),
                      s->flags, s->consumer};
  dlcBuild(&g->b, "memref.store", 3, flag, 0, NULL, 0, NULL, NULL);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
  sm90NamedBarrier(g, barrierId, 128);
  MlirValue at[] = {s->flags, s->consumer};
  MlirValue seen =
      dlcBuildValue(&g->b, "memref.load", 2, at, g->f32, 0, NULL, NULL);
  const char *predName[] = {"predicate"};
  MlirAttribute one = gemmI64(g, 6); /* arith::CmpFPredicate::one */
  return dlcBuildValue(&g->b, "arith.cmpf", 2,
                       (MlirValue[]){seen, dlcConstFloat(&g->b, g->f32, 0.0)},
                       mlirIntegerTypeGet(g->b.ctx, 1), 1, predName, &one);
}

/* Opens `if (the thread's rows are inside M)`; endIf closes it. */
static void ifLive(Gen *g, const Sm90SplitK *s, MlirBlock *then,
                   DlcBuilder *outer) {
  *outer = g->b;
  dlcBuildIf(&g->b, lt(g, s->row, g->size[KP_M]), then);
  g->b = dlcBuilderAtEnd(*then, outer->loc);
}

static void endIf(Gen *g, DlcBuilder outer) {
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

void sm90SplitKFinish(Gen *g, const Sm90SplitK *s) {
  /* Warpgroups with a row inside M, all their threads (the barriers). */
  MlirBlock active, then;
  DlcBuilder outer = g->b, inner;
  dlcBuildIf(&g->b, lt(g, s->slabRow, g->size[KP_M]), &active);
  g->b = dlcBuilderAtEnd(active, outer.loc);
  MlirValue rows[MaxRows];
  ifLive(g, s, &then, &inner);
  accRows(g, s, rows);
  storeRows(g, s, s->unit, rows);
  endIf(g, inner);
  int64_t groupSize = DLC_SM90_SPLIT_GROUP;
  MlirValue firstSplit = mulv(g, s->tile, s->splits);
  MlirValue group = divc(g, sub(g, s->unit, firstSplit), groupSize);
  MlirValue first = add(g, firstSplit, mul(g, group, groupSize));
  MlirValue size = dlcArith(&g->b, "arith.minui", cst(g, groupSize),
                            sub(g, s->splits, mul(g, group, groupSize)));
  MlirValue groups =
      divc(g, add(g, s->splits, cst(g, groupSize - 1)), groupSize);
  MlirValue several = lt(g, cst(g, 1), groups);
  MlirBlock groupLast;
  DlcBuilder inActive = g->b;
  dlcBuildIf(&g->b, arrive(g, s, add(g, mul(g, first, 2), s->consumer), size),
             &groupLast);
  g->b = dlcBuilderAtEnd(groupLast, outer.loc);
  /* Several groups: the group's sum into its first slot, counted on the
   * tile's counter. One group (S <= 8) goes on at once. */
  MlirType i1 = mlirIntegerTypeGet(g->b.ctx, 1);
  MlirBlock twoLevels, oneLevel;
  MlirOperation counted =
      dlcBuildIfElse(&g->b, several, 1, &i1, &twoLevels, &oneLevel);
  DlcBuilder inGroup = g->b;
  g->b = dlcBuilderAtEnd(twoLevels, outer.loc);
  ifLive(g, s, &then, &inner);
  MlirValue sums[MaxRows];
  sumUnits(g, s, first, cst(g, 1), size, sums);
  storeRows(g, s, first, sums);
  endIf(g, inner);
  MlirValue tileWord =
      add(g, mul(g, add(g, cst(g, g->t->sms), s->tile), 2), s->consumer);
  MlirValue lastOfTile = arrive(g, s, tileWord, groups);
  dlcBuild(&g->b, "scf.yield", 1, &lastOfTile, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(oneLevel, outer.loc);
  MlirValue yes = dlcConstInt(&g->b, i1, 1);
  dlcBuild(&g->b, "scf.yield", 1, &yes, 0, NULL, 0, NULL, NULL);
  g->b = inGroup;
  /* The last: the group sums in group order, or the one group's partials
   * in split order; then the epilogue (one copy). */
  MlirBlock tileLast;
  DlcBuilder inGroupLast = g->b;
  dlcBuildIf(&g->b, mlirOperationGetResult(counted, 0), &tileLast);
  g->b = dlcBuilderAtEnd(tileLast, outer.loc);
  ifLive(g, s, &then, &inner);
  sumUnits(g, s, firstSplit, sel(g, several, cst(g, groupSize), cst(g, 1)),
           sel(g, several, groups, s->splits), sums);
  finishRows(g, s, sums);
  endIf(g, inner);
  endIf(g, inGroupLast);
  endIf(g, inActive);
  endIf(g, outer);
}
