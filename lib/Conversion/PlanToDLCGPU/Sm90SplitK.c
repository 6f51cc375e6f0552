/* SM90 split-K (Skeleton.h): the launch rule for the number of splits,
 * for static sizes and as IR, and the consumers' deterministic reduction
 * of the partial accumulators, spread over the tile's CTAs.
 *
 * Workspace (i32 words; counters + partials, zero when first allocated):
 *   [0, sms)                counter of tile t (t < sms), then padding to a
 *                           multiple of 4 words (16-byte partials)
 *   [counterWords, ...)     partial of unit u = tile * S + split, u < sms,
 *                           element e of row h of the thread's fragment j
 *                           (coalesced): a 64-row tile (one consumer)
 *                           ((u * BN/8 + j) * 256 + thread) * 4 + 2 h + e,
 *                           16-byte accesses; else (((u * BN/8 + j) * 2 +
 *                           h) * 256 + thread) * 2 + e, 8-byte ones
 * Each CTA stores its partial, its consumers meet at a named barrier, and
 * consumer thread 0 releases the partials (fence.acq_rel.gpu), counts the
 * arrival on the tile's counter and polls it until all S splits are in:
 * the kernel is launched cooperatively (manifest "cooperative", every CTA
 * resident: the grid is at most one CTA per SM, Skeleton.h), so waiting
 * cannot deadlock. Then every CTA adds 1/S of the tile: its fragments
 * (thread, j) are the tile's `chunks`, split into S equal slices; P lanes
 * (a power of two, about S / 8) share a chunk, each adding a contiguous
 * run of splits in split order, and a butterfly of shuffles adds the P
 * sums in a fixed tree: the same bits whichever CTAs arrive last. The one
 * CTA that read all S partials (a tree of two levels before) spent ~5 us
 * of a ~10 us level on those reads at ~25-50 GB/s (bench/RESULTS.md runs
 * sk2-1, sk2-2); spread, each CTA reads one partial's bytes. The counter
 * counts arrivals (0..S) then departures (S..2S); the last to leave
 * resets it to zero for the next launch.
 * Threads whose rows are all past M, and fragments whose columns are all
 * past N, store nothing (the same ones in every split); their slots are
 * read and added but never reach an output. */
#include "Sm90SplitK.h"
#include "Sm90Gen.h"
#include "Sm90Workspace.h"

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

/* Counter words before the partials: one per tile (tile < sms), padded
 * so the partials start on 16 bytes. */
static int64_t counterWords(int sms) { return ((int64_t)sms + 3) / 4 * 4; }

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

/* Word offset of row h of fragment j of unit `unit` for consumer thread
 * `thread` (0..255). */
static MlirValue partialAt(Gen *g, MlirValue unit, MlirValue j, int64_t h,
                           MlirValue thread) {
  int64_t numJ = g->t->tileN / 8;
  bool wide = wideFragments(g);
  MlirValue slot =
      wide ? add(g, mul(g, unit, numJ), j)
           : add(g, mul(g, add(g, mul(g, unit, numJ), j), 2), cst(g, h));
  MlirValue word =
      mul(g, add(g, mul(g, slot, ConsumerThreads), thread), wide ? 4 : 2);
  return add(g, word, cst(g, counterWords(g->t->sms)));
}

/* Stores rows r0, r1 of fragment j of unit `unit`. */
static void storeFragment(Gen *g, const Sm90SplitK *s, MlirValue unit,
                          int64_t j, MlirValue r0, MlirValue r1) {
  const char *alignName[] = {"alignment"};
  bool wide = wideFragments(g);
  MlirAttribute alignment = alignOf(g, wide ? 16 : 8);
  MlirType i2 = vec2(g, mlirIntegerTypeGet(g->b.ctx, 32));
  for (int64_t h = 0; h < (wide ? 1 : 2); ++h) {
    MlirValue v = wide ? sm90PackRows(g, r0, r1) : bitcast(g, h ? r1 : r0, i2);
    MlirValue operands[] = {v, s->workspace,
                            partialAt(g, unit, cst(g, j), h, s->thread)};
    dlcBuild(&g->b, "vector.store", 3, operands, 0, NULL, 1, alignName,
             &alignment);
  }
}

/* rows[0], rows[1] = rows 0 and 1 of fragment j of consumer thread
 * `thread` in unit `unit`'s partial. */
static void loadChunk(Gen *g, const Sm90SplitK *s, MlirValue unit, MlirValue j,
                      MlirValue thread, MlirValue rows[2]) {
  const char *alignName[] = {"alignment"};
  bool wide = wideFragments(g);
  MlirAttribute alignment = alignOf(g, wide ? 16 : 8);
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32);
  for (int64_t h = 0; h < (wide ? 1 : 2); ++h) {
    MlirValue operands[] = {s->workspace, partialAt(g, unit, j, h, thread)};
    MlirValue v =
        dlcBuildValue(&g->b, "vector.load", 2, operands,
                      vecOf(g, wide ? 4 : 2, i32), 1, alignName, &alignment);
    if (wide)
      sm90UnpackRows(g, v, rows);
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

/* The consumers of every CTA of the tile wait here until all S partials
 * are stored, and see them after it (file comment): barrier, then
 * consumer thread 0 releases, arrives, polls (unless it was the last),
 * acquires and departs, the last to depart zeroing the counter; a second
 * barrier holds the other threads until then. */
static void waitForSplits(Gen *g, const Sm90SplitK *s) {
  int64_t threads = 128 * dlcSm90Consumers(g->t);
  MlirValue barrierId = cst(g, 1), word = s->tile;
  sm90NamedBarrier(g, barrierId, threads);
  DlcBuilder outer, inLeader;
  gemmBeginIf(g, dlcCmpI(&g->b, "eq", s->thread, cst(g, 0)), &outer);
  dlcBuildFenceAcqRelGpu(&g->b); /* release the consumers' stores */
  MlirValue arrived = dlcIndexCast(
      &g->b, dlcBuildAtomicAddI32(&g->b, s->workspace, word, 1), g->idx);
  gemmBeginIf(g, lt(g, add(g, arrived, cst(g, 1)), s->splits), &inLeader);
  dlcBuildPollAtLeast(&g->b, s->workspace, word, s->splits);
  gemmEndIf(g, inLeader);
  dlcBuildFenceAcqRelGpu(&g->b); /* acquire the other splits' stores */
  MlirValue left = dlcIndexCast(
      &g->b, dlcBuildAtomicAddI32(&g->b, s->workspace, word, 1), g->idx);
  MlirValue lastOut =
      dlcCmpI(&g->b, "eq", add(g, left, cst(g, 1)), mul(g, s->splits, 2));
  DlcBuilder inReset;
  gemmBeginIf(g, lastOut, &inReset);
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32);
  MlirValue zero[] = {dlcConstInt(&g->b, i32, 0), s->workspace, word};
  dlcBuild(&g->b, "memref.store", 3, zero, 0, NULL, 0, NULL, NULL);
  gemmEndIf(g, inReset);
  gemmEndIf(g, outer);
  sm90NamedBarrier(g, barrierId, threads);
}

/* Per lane, `rows` (two vector<2xf32>) added over the `lanes`
 * consecutive lanes sharing a chunk (a power of two up to 32, uniform): a
 * butterfly, so each step adds the same two values in either lane and all
 * of them end with the same bits. Every lane of the warp runs it. */
static void addLanes(Gen *g, MlirValue rows[2], MlirValue lanes) {
  const char *posName[] = {"static_position"}, *modeName[] = {"mode"};
  MlirAttribute xorMode = dlcAttr(g->b.ctx, "#gpu<shuffle_mode xor>");
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32);
  MlirType i1 = mlirIntegerTypeGet(g->b.ctx, 1), f2 = vec2(g, g->f32);
  MlirValue width = dlcConstInt(&g->b, i32, 32);
  for (int64_t offset = 1; offset < 32; offset *= 2) {
    MlirValue more = lt(g, cst(g, offset), lanes);
    for (int64_t h = 0; h < 2; ++h) {
      MlirValue other = rows[h];
      for (int64_t e = 0; e < 2; ++e) {
        MlirAttribute pos = mlirDenseI64ArrayGet(g->b.ctx, 1, &e);
        MlirValue x = dlcBuildValue(&g->b, "vector.extract", 1, &rows[h],
                                    g->f32, 1, posName, &pos);
        MlirValue operands[] = {x, dlcConstInt(&g->b, i32, offset), width};
        MlirType types[] = {g->f32, i1};
        MlirValue y =
            mlirOperationGetResult(dlcBuild(&g->b, "gpu.shuffle", 3, operands,
                                            2, types, 1, modeName, &xorMode),
                                   0);
        MlirValue into[] = {y, other};
        other = dlcBuildValue(&g->b, "vector.insert", 2, into, f2, 1, posName,
                              &pos);
      }
      rows[h] =
          sel(g, more, dlcArith(&g->b, "arith.addf", rows[h], other), rows[h]);
    }
  }
}

/* Partials one step of sumChunk loads before adding them (in flight
 * together): 8 of 16 bytes, 32 registers. */
enum { ChunkLoads = 8 };

/* rows = the sum, in split order from zero, of chunk (j, thread) over
 * the units first + lo .. first + hi - 1 (none when lo >= hi). A step
 * loads ChunkLoads units, past hi reloading unit hi - 1, dropped by
 * selects. */
static void sumChunk(Gen *g, const Sm90SplitK *s, MlirValue first, MlirValue lo,
                     MlirValue hi, MlirValue j, MlirValue thread,
                     MlirValue rows[2]) {
  MlirType f2 = vec2(g, g->f32);
  const char *valueName[] = {"value"};
  MlirAttribute zeros = mlirDenseElementsAttrFloatSplatGet(f2, 0.0f);
  MlirValue zero =
      dlcBuildValue(&g->b, "arith.constant", 0, NULL, f2, 1, valueName, &zeros);
  MlirValue inits[] = {zero, zero};
  MlirBlock body;
  MlirOperation loop =
      dlcBuildFor(&g->b, lo, hi, cst(g, ChunkLoads), 2, inits, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue i0 = mlirBlockGetArgument(body, 0);
  MlirValue acc[] = {mlirBlockGetArgument(body, 1),
                     mlirBlockGetArgument(body, 2)};
  MlirValue last = sub(g, hi, cst(g, 1)), loaded[ChunkLoads][2];
  for (int64_t u = 0; u < ChunkLoads; ++u) {
    MlirValue i = dlcArith(&g->b, "arith.minui", add(g, i0, cst(g, u)), last);
    loadChunk(g, s, add(g, first, i), j, thread, loaded[u]);
  }
  for (int64_t u = 0; u < ChunkLoads; ++u) {
    MlirValue in = lt(g, add(g, i0, cst(g, u)), hi);
    for (int64_t h = 0; h < 2; ++h)
      acc[h] = sel(g, in, dlcArith(&g->b, "arith.addf", acc[h], loaded[u][h]),
                   acc[h]);
  }
  dlcBuild(&g->b, "scf.yield", 2, acc, 0, NULL, 0, NULL, NULL);
  g->b = outer;
  for (int64_t h = 0; h < 2; ++h)
    rows[h] = mlirOperationGetResult(loop, h);
}

/* The epilogue on `rows`, fragment j of consumer thread `thread`: its
 * rows and columns as consumeTile (Sm90Gemm.c) gives them that thread. */
static void finishChunk(Gen *g, const Sm90SplitK *s, const MlirValue rows[2],
                        MlirValue j, MlirValue thread) {
  const char *posName[] = {"static_position"}, *valueName[] = {"value"};
  MlirValue local = remc(g, thread, 128), lane = remc(g, thread, 32);
  MlirValue row = add(g, add(g, g->m0, mul(g, divc(g, thread, 128), 64)),
                      add(g, mul(g, divc(g, local, 32), 16), divc(g, lane, 4)));
  MlirValue col =
      add(g, add(g, g->n0, mul(g, j, 8)), mul(g, remc(g, lane, 4), 2));
  DlcBuilder outer;
  gemmBeginIf(g, lt(g, row, g->size[KP_M]), &outer);
  MlirValue in[KP_MAX_INPUTS];
  gemmEpilogueInputs(g, row, col, false, in);
  MlirType fragType = gemmVectorType(g, "2x2", g->f32);
  MlirAttribute fragZeros = mlirDenseElementsAttrFloatSplatGet(fragType, 0.0f);
  MlirValue frag = dlcBuildValue(&g->b, "arith.constant", 0, NULL, fragType, 1,
                                 valueName, &fragZeros);
  for (int64_t h = 0; h < 2; ++h) {
    MlirAttribute pos = mlirDenseI64ArrayGet(g->b.ctx, 1, &h);
    MlirValue into[] = {rows[h], frag};
    frag = dlcBuildValue(&g->b, "vector.insert", 2, into, fragType, 1, posName,
                         &pos);
  }
  MlirValue token;
  MlirValue out = gemmEpilogueApply(g, frag, s->done, in, s->steps, &token);
  gemmStoreFragment(g, out, token, row, col, false, s->pairs);
  gemmEndIf(g, outer);
}

/* This CTA's slice of the tile: chunks split * C .. split * C + C - 1 of
 * the tile's numJ * threads (C = ceil(chunks / S)), a round of
 * threads / P chunks at a time, P lanes a chunk (file comment). */
static void reduceSlice(Gen *g, const Sm90SplitK *s) {
  int64_t threads = 128 * dlcSm90Consumers(g->t);
  int64_t chunks = g->t->tileN / 8 * threads;
  MlirValue first = mulv(g, s->tile, s->splits);
  MlirValue split = sub(g, s->unit, first);
  MlirValue per = dlcArith(&g->b, "arith.ceildivui", cst(g, chunks), s->splits);
  /* P = the largest power of two <= S / 8, at most 32 (a warp). */
  MlirValue lanes = cst(g, 1);
  for (int64_t p = 2; p <= 32; p *= 2)
    lanes = sel(g, lt(g, cst(g, 8 * p - 1), s->splits), cst(g, p), lanes);
  MlirValue slots = dlcArith(&g->b, "arith.divui", cst(g, threads), lanes);
  MlirValue slot = dlcArith(&g->b, "arith.divui", s->thread, lanes);
  MlirValue lane = dlcArith(&g->b, "arith.remui", s->thread, lanes);
  MlirValue run = dlcArith(&g->b, "arith.ceildivui", s->splits, lanes);
  MlirValue lo = dlcArith(&g->b, "arith.minui", mulv(g, lane, run), s->splits);
  MlirValue hi = dlcArith(&g->b, "arith.minui", add(g, lo, run), s->splits);
  MlirValue rounds = dlcArith(&g->b, "arith.ceildivui", per, slots);
  MlirBlock body;
  dlcBuildFor(&g->b, cst(g, 0), rounds, cst(g, 1), 0, NULL, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue at = add(g, mulv(g, mlirBlockGetArgument(body, 0), slots), slot);
  MlirValue chunk = add(g, mulv(g, split, per), at);
  MlirValue valid = andi(g, lt(g, at, per), lt(g, chunk, cst(g, chunks)));
  MlirValue c = dlcArith(&g->b, "arith.minui", chunk, cst(g, chunks - 1));
  MlirValue j = divc(g, c, threads), thread = remc(g, c, threads);
  MlirValue sum[2];
  sumChunk(g, s, first, lo, hi, j, thread, sum);
  addLanes(g, sum, lanes);
  DlcBuilder inBody;
  gemmBeginIf(g, andi(g, valid, dlcCmpI(&g->b, "eq", lane, cst(g, 0))),
              &inBody);
  finishChunk(g, s, sum, j, thread);
  gemmEndIf(g, inBody);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

/* Stores the thread's accumulators as partial `unit` (a thread whose
 * rows are all past M stores nothing). */
static void storePartial(Gen *g, const Sm90SplitK *s) {
  MlirValue rows[MaxRows];
  DlcBuilder outer;
  gemmBeginIf(g, lt(g, s->row, g->size[KP_M]), &outer);
  accRows(g, s, rows);
  storeRows(g, s, s->unit, rows);
  gemmEndIf(g, outer);
}

void sm90SplitKFinish(Gen *g, const Sm90SplitK *s) {
  storePartial(g, s);
  waitForSplits(g, s);
  reduceSlice(g, s);
}

/* Stream-K (Skeleton.h, "Stream-K"). The same workspace: word `slot`
 * (< sms) is CTA `slot`'s flag, partial `slot` its partial tile. The
 * named barrier is not split-K's 1: the staged epilogue's per-consumer
 * barriers 1 to 3 (128 threads, consumer c's 1 + c) run between segments
 * here. */
enum { StreamKBarrier = 4 };

void sm90StreamKStore(Gen *g, const Sm90SplitK *s) {
  int64_t threads = 128 * dlcSm90Consumers(g->t);
  storePartial(g, s);
  /* Every consumer's stores before thread 0's release of them. */
  sm90NamedBarrier(g, cst(g, StreamKBarrier), threads);
  DlcBuilder outer;
  gemmBeginIf(g, dlcCmpI(&g->b, "eq", s->thread, cst(g, 0)), &outer);
  dlcBuildFenceAcqRelGpu(&g->b);
  dlcBuildAtomicAddI32(&g->b, s->workspace, s->unit, 1);
  gemmEndIf(g, outer);
}

MlirValue sm90StreamKFixup(Gen *g, const Sm90SplitK *s) {
  int64_t threads = 128 * dlcSm90Consumers(g->t);
  /* Thread 0 waits for the flag (set long ago in practice: the partner
   * stored at the start of its range), acquires the partial and clears
   * the flag for the next launch; the barrier holds the others. */
  DlcBuilder outer;
  gemmBeginIf(g, dlcCmpI(&g->b, "eq", s->thread, cst(g, 0)), &outer);
  dlcBuildPollAtLeast(&g->b, s->workspace, s->unit, cst(g, 1));
  dlcBuildFenceAcqRelGpu(&g->b);
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32);
  MlirValue zero[] = {dlcConstInt(&g->b, i32, 0), s->workspace, s->unit};
  dlcBuild(&g->b, "memref.store", 3, zero, 0, NULL, 0, NULL, NULL);
  gemmEndIf(g, outer);
  sm90NamedBarrier(g, cst(g, StreamKBarrier), threads);
  /* acc (the tile's head, k from 0) + the partner's rest, in that order
   * whichever CTA is faster. Slots of rows past M or columns past N were
   * not stored; what they add never reaches C. */
  const char *posName[] = {"static_position"};
  MlirValue rows[MaxRows], acc = s->acc;
  accRows(g, s, rows);
  for (int64_t j = 0; j < g->t->tileN / 8; ++j) {
    MlirValue theirs[2];
    loadChunk(g, s, s->unit, cst(g, j), s->thread, theirs);
    for (int64_t h = 0; h < 2; ++h) {
      MlirValue sum = dlcArith(&g->b, "arith.addf", rows[2 * j + h], theirs[h]);
      MlirAttribute pos = mlirDenseI64ArrayGet(g->b.ctx, 2, (int64_t[]){j, h});
      MlirValue into[] = {sum, acc};
      acc = dlcBuildValue(&g->b, "vector.insert", 2, into,
                          mlirValueGetType(acc), 1, posName, &pos);
    }
  }
  return acc;
}
