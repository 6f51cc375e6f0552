/* Which work tiles (query tile, batch row) a CTA of the SM90 flash kernel
 * visits, and in which order (the plan's algo_choice grid; Skeleton.h):
 *
 *   "tiles": a CTA per work tile, query tile = block id x, batch row =
 *     block id y (one visit);
 *   "persistent": at most one CTA per SM, each visiting units
 *     i, i + G, i + 2G, ... (i = block id x, G = grid size) of W work
 *     tiles each. Without a causal mask W = 1 and the tiles go batch row
 *     by batch row, query tiles fastest (the order the tiles grid is
 *     dispatched in: the CTAs at work share a few heads' K and V in L2).
 *     With one W = 2: a batch row's query tiles are taken in the order
 *     n-1, 0, n-2, 1, ..., so a unit pairs the tile with the most key tiles
 *     with the one with the fewest and every unit costs about n + 1 key
 *     tiles: the static assignment is balanced where the tiles grid's
 *     1..n key tiles a CTA leave the last wave ragged;
 *   "balanced" (causal only; the planner's choice there: +1 to +2 % over
 *     "persistent" at both bench sizes, bench/RESULTS.md run ft-1): at
 *     most one CTA per SM; "persistent"'s pairs for the batch rows the
 *     first R = max(ceil(units / G) - 2, 0) rounds cover whole, then the
 *     rows left (the tail: about two rounds of pairs, whose K and V stay
 *     in L2) as single tiles, heaviest first (every row's longest tile,
 *     then the next longest, ...): first one to each CTA whose last round
 *     of pairs was a unit short, then in a snake over the CTAs (round r:
 *     CTA c takes position c for r even, G - 1 - c for r odd), so the
 *     last rounds even out what the pairs' 7.76 rounds a CTA (B8 H16
 *     S2048) leave ragged. Each CTA computes its visits from its block
 *     id, the grid size and the sizes: no counter, no hand-over;
 *   "dynamic" (a plan choice; slower than "persistent" at every bench
 *     size, bench/RESULTS.md runs fa8-1, fa8-2): at most one CTA per SM;
 *     CTA i first visits tile i, then whichever tile a counter in the
 *     workspace hands it next (G + the counter's old value): the first
 *     free CTA takes the next tile. Tiles
 *     are numbered heaviest first within sections of batch rows whose K
 *     and V fit in L2 (a section's longest query tiles of each row, then
 *     the next longest, ...; the last section has the rows left over), so
 *     that the light tiles end the launch and a section's K/V is read
 *     from DRAM about once (the FlashAttention-3 scheduler's order).
 *     The producer (warp 0 of warpgroup 0, sm90BeginProducerWarp) takes
 *     the next tile at the start of a visit (its latency under the
 *     visit's loads) and hands it to its other threads at the visit's
 *     end (named barrier ProducerBarrier); it
 *     tells the consumers each visit's tile in shared memory before it
 *     arrives on qFull, and after the last visit a tile past the end.
 *     The launch that takes the last tile resets the counter to 0 for the
 *     next launch (the runtime zeroes the workspace when it allocates it).
 *
 *   "stream" (no causal mask; the planner's choice at D = 128: +1 %
 *     over "persistent", a tie at D = 64, bench/RESULTS.md run st-3; at
 *     D = 256 +2 % then, behind since the softmax overlap, runs ov-5,
 *     ov-6): at most one CTA per SM.
 *     Where the G CTAs would leave the last round of the T work tiles
 *     ragged (T mod G > 0, T > G), the tiles of all rounds but the last
 *     two are dealt as "persistent" deals them, and the rest (G + T mod G
 *     tiles) are shared out by key tiles: CTA c takes key tiles
 *     [c U / G, (c + 1) U / G) of their U = (G + T mod G) n in a row (n
 *     key tiles a work tile), at least n, so a work tile is split
 *     between two CTAs at most: the one holding its first key tile
 *     (`takes`, the CTA's last piece) and the next one (`gives`, its
 *     first piece), which hands its partial O, m and l over through the
 *     workspace (Sm90FlashStream.c). Every CTA then does about T n / G
 *     key tiles where "persistent" has some do ceil(T / G) n (B4 H16
 *     S4096 D128: 2048 tiles on 132 SMs, 15.52 rounds run as 16).
 *
 * On the static persistent grids ("persistent", "balanced", "stream") only
 * the producer computes the visits: it writes each one's record (query
 * tile, batch row; on "stream" also the first key tile, the key tiles and
 * the hand-over's workspace slot) to shared memory before it arrives on
 * the visit's qFull, where the consumers read it. Computed by every
 * warpgroup, the schedule's values stayed live through the consumers' key
 * loop: the stream grid's cost 5 % at D128 (run st-2), and without them
 * "balanced" is +1 to +2 % at D128 causal and "persistent" +2 to +6 % at
 * D256 causal (run rec-1).
 *
 * All run the same per-tile code; a persistent CTA carries its K/V ring
 * position and the Q buffer's phase from one visit to the next. */
#include "Sm90FlashSchedule.h"
#include "DialectNames.h"
#include "Sm90FlashStream.h"
#include "Sm90Gen.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>

/* K and V bytes of an L2 section. FlashAttention-3's 32 MiB cost 6 % on
 * the H100 without a causal mask, where the order does not balance
 * anything (every CTA in a different head); 8 MiB (about the heads the
 * static grid has in flight) is within 1 % of it (runs fa8-1, fa8-2). */
#define SECTION_BYTES (8LL << 20)
/* A visit record's words (on "stream"; 2 elsewhere) and the words between
 * the records of the two Q buffers (16-byte loads). */
enum { Record = 8, RecordWords = 5 };
/* The producer's own named barrier (the consumers' turns use 1 .. 3). */
enum { ProducerBarrier = 4, ProducerThreads = SM90_PRODUCER_THREADS };

static int64_t unitTiles(const KpAttention *a) {
  return a->mask == KP_ATTN_MASK_CAUSAL ? 2 : 1;
}

void dlcFlashGridText(const KpAttention *a, DlcAttnGrid grid, const char *lq,
                      int64_t tileM, const char *batches, int sms, char *x,
                      size_t xSize, char *y, size_t ySize) {
  if (grid == DLC_ATTN_GRID_TILES) {
    snprintf(x, xSize, "ceildiv(%s, %lld)", lq, (long long)tileM);
    snprintf(y, ySize, "%s", batches);
    return;
  }
  /* The balanced grid's tail deals single tiles: a CTA per tile where
   * there are fewer tiles than SMs. */
  if (grid == DLC_ATTN_GRID_DYNAMIC || grid == DLC_ATTN_GRID_BALANCED ||
      unitTiles(a) == 1)
    snprintf(x, xSize, "min(ceildiv(%s, %lld)*%s, %d)", lq, (long long)tileM,
             batches, sms);
  else
    snprintf(x, xSize, "min(ceildiv(ceildiv(%s, %lld)*%s, %lld), %d)", lq,
             (long long)tileM, batches, (long long)unitTiles(a), sms);
  snprintf(y, ySize, "1");
}

int64_t dlcFlashWorkspaceBytes(const DlcAttnTiling *t, int sms) {
  if (t->grid == DLC_ATTN_GRID_STREAM)
    return dlcFlashStreamWorkspaceBytes(t, sms);
  return t->grid == DLC_ATTN_GRID_DYNAMIC ? 4 : 0;
}

static MlirValue batchRows(Fa *f) {
  Gen *g = &f->g;
  MlirValue batches = cst(g, 1);
  for (int b = 0; b < f->a->numBatch; ++b)
    batches = mulv(g, batches, gemmExtent(g, &f->a->batchSize[b]));
  return batches;
}

/* The dynamic grid's state: batch rows and tiles (given), section rows,
 * counter, slots. */
static void dynamicInit(Fa *f, FlashSchedule *s, MlirValue rows,
                        MlirValue tiles) {
  Gen *g = &f->g;
  s->rows = rows;
  s->tiles = tiles;
  /* Rows whose K and V (Lk x D each) fit in SECTION_BYTES, 1 at least. */
  int64_t rowBytes = 2 * f->d * kpElementBytes(f->a->k.t.element);
  MlirValue kv =
      dlcArith(&g->b, "arith.maxui", mul(g, f->lk, rowBytes), cst(g, 1));
  MlirValue fit = dlcArith(&g->b, "arith.divui", cst(g, SECTION_BYTES), kv);
  s->section =
      dlcArith(&g->b, "arith.maxui",
               dlcArith(&g->b, "arith.minui", fit, s->rows), cst(g, 1));
  s->counter =
      mlirBlockGetArgument(g->entry, mlirBlockGetNumArguments(g->entry) - 1);
  s->slots =
      sm90SmemAlloc(g, sm90SmemType(g, 1, (int64_t[]){3}, g->f32), 4, "none");
}

/* Work tiles this CTA visits when units i, i + G, ... below `units` of W
 * tiles each (`tiles` in all: with W = 2 and an odd count the last unit
 * has one) are dealt round-robin. */
static MlirValue roundRobinVisits(Fa *f, const FlashSchedule *s,
                                  MlirValue units, MlirValue tiles) {
  Gen *g = &f->g;
  int64_t w = unitTiles(f->a);
  /* Units i, i + G, ... below `units` (i < G; (units - i) + (G - 1) is
   * not negative even where units < G, as the balanced grid's pairs may
   * be). */
  MlirValue mine = divv(
      g, add(g, sub(g, units, s->cta), sub(g, s->ctas, cst(g, 1))), s->ctas);
  MlirValue visits = mul(g, mine, w);
  if (w == 2) {
    MlirValue last = add(g, s->cta, mulv(g, sub(g, mine, cst(g, 1)), s->ctas));
    MlirValue odd = dlcCmpI(&g->b, "eq", remc(g, tiles, 2), cst(g, 1));
    MlirValue shortUnit =
        andi(g, odd, dlcCmpI(&g->b, "eq", last, sub(g, units, cst(g, 1))));
    visits = sub(g, visits, sel(g, shortUnit, cst(g, 1), cst(g, 0)));
  }
  return visits;
}

/* The balanced grid (causal, W = 2): the pairs' round-robin over the
 * batch rows that the first R = max(ceil(units / G) - 2, 0) rounds cover
 * whole, then the tail of the rows left (at most two rounds and a row of
 * pairs: ~29 rows of 16 tiles at B8 H16 S2048 D64, whose K and V stay in
 * L2), heaviest first: its first tiles one each to the CTAs whose last
 * round of pairs was a unit short, the rest in a snake (round r: CTA c
 * takes position c for r even, G - 1 - c for r odd). In a model of equal
 * cost per key tile the busiest CTA does 1.004-1.009x the mean work at
 * B8 H16 S2048 D64 causal and 1.009-1.012x at B4 H16 S4096 D128, against
 * the pairs' 1.031x. */
static void balancedInit(Fa *f, FlashSchedule *s, MlirValue rows,
                         MlirValue tiles, MlirValue units) {
  Gen *g = &f->g;
  MlirValue one = cst(g, 1), last = sub(g, s->ctas, one);
  MlirValue rounds = divv(g, add(g, units, last), s->ctas);
  MlirValue early =
      dlcArith(&g->b, "arith.maxsi", sub(g, rounds, cst(g, 2)), cst(g, 0));
  /* 2 R G < tiles: the tail has a row at least. */
  s->tailFirst = divv(g, mul(g, mulv(g, early, s->ctas), 2), s->qTiles);
  s->tailRows = sub(g, rows, s->tailFirst);
  MlirValue pairTiles = mulv(g, s->tailFirst, s->qTiles);
  MlirValue pairUnits = divc(g, add(g, pairTiles, one), 2);
  s->pairVisits = roundRobinVisits(f, s, pairUnits, pairTiles);
  MlirValue tail = sub(g, tiles, pairTiles);
  MlirValue start = remv(g, pairUnits, s->ctas);
  MlirValue fills = minv(g, remv(g, sub(g, s->ctas, start), s->ctas), tail);
  s->fillTile = sub(g, s->cta, start);
  s->fill = andi(g, dlcCmpI(&g->b, "uge", s->cta, start),
                 dlcCmpI(&g->b, "ult", s->fillTile, fills));
  s->snakeFirst = fills;
  /* The snake's full rounds, and the last one's first `partial`
   * positions (c for an even round, G - 1 - c for an odd one). */
  MlirValue snake = sub(g, tail, fills);
  MlirValue full = divv(g, snake, s->ctas);
  MlirValue partial = remv(g, snake, s->ctas);
  MlirValue evenRound = dlcCmpI(&g->b, "eq", remc(g, full, 2), cst(g, 0));
  MlirValue at = sel(g, evenRound, s->cta, sub(g, last, s->cta));
  MlirValue inPartial = dlcCmpI(&g->b, "ult", at, partial);
  MlirValue snakeVisits = add(g, full, sel(g, inPartial, one, cst(g, 0)));
  s->visits = add(g, add(g, s->pairVisits, sel(g, s->fill, one, cst(g, 0))),
                  snakeVisits);
}

/* The stream grid (file comment): the whole tiles' visits, then this
 * CTA's share of the rest, where the last round would be ragged (else
 * "persistent"'s round robin). */
static void streamInit(Fa *f, FlashSchedule *s, MlirValue tiles) {
  Gen *g = &f->g;
  MlirValue one = cst(g, 1);
  s->workspace =
      mlirBlockGetArgument(g->entry, mlirBlockGetNumArguments(g->entry) - 1);
  s->keyTiles = flashKeyTiles(f, cst(g, 0));
  /* Divisors at least 1 (Lk = 0: no key tiles, nothing shared). */
  MlirValue n = s->keyUnits = dlcArith(&g->b, "arith.maxui", s->keyTiles, one);
  MlirValue rounds = divv(g, tiles, s->ctas);
  MlirValue shares =
      andi(g,
           andi(g, dlcCmpI(&g->b, "ne", remv(g, tiles, s->ctas), cst(g, 0)),
                dlcCmpI(&g->b, "uge", rounds, one)),
           dlcCmpI(&g->b, "uge", s->keyTiles, cst(g, 2)));
  MlirValue early = sel(g, shares, sub(g, rounds, one), cst(g, 0));
  s->streamFirst = mulv(g, early, s->ctas);
  MlirValue units = mulv(g, sub(g, tiles, s->streamFirst), n);
  s->lo = divv(g, mulv(g, s->cta, units), s->ctas);
  s->hi = divv(g, mulv(g, add(g, s->cta, one), units), s->ctas);
  MlirValue pieces =
      add(g, sub(g, divv(g, sub(g, s->hi, one), n), divv(g, s->lo, n)), one);
  s->wholeVisits = sel(g, shares, early, roundRobinVisits(f, s, tiles, tiles));
  s->visits = add(g, s->wholeVisits, sel(g, shares, pieces, cst(g, 0)));
}

/* The piece's hand-over roles from its first key tile and key tiles. */
static void streamRoles(Fa *f, const FlashSchedule *s, FlashVisit *v) {
  Gen *g = &f->g;
  MlirValue zero = cst(g, 0);
  v->gives = dlcCmpI(&g->b, "sgt", v->kFirst, zero);
  v->takes = andi(g, dlcCmpI(&g->b, "eq", v->kFirst, zero),
                  dlcCmpI(&g->b, "slt", v->keyTiles, s->keyTiles));
}

/* The stream grid's visit `visit` (the producer's): a whole tile of the
 * round robin, or piece `visit - wholeVisits` of the CTA's share (file
 * comment). */
static void streamTile(Fa *f, const FlashSchedule *s, FlashVisit *v) {
  Gen *g = &f->g;
  MlirValue zero = cst(g, 0), n = s->keyUnits;
  MlirValue shared = dlcCmpI(&g->b, "uge", v->visit, s->wholeVisits);
  MlirValue t = add(g, divv(g, s->lo, n), sub(g, v->visit, s->wholeVisits));
  MlirValue start = mulv(g, t, n);
  MlirValue first = dlcArith(&g->b, "arith.maxsi", sub(g, s->lo, start), zero);
  MlirValue end = dlcArith(&g->b, "arith.minsi", sub(g, s->hi, start), n);
  v->kFirst = sel(g, shared, first, zero);
  v->keyTiles = sel(g, shared, sub(g, end, first), s->keyTiles);
  streamRoles(f, s, v);
  MlirValue pos = sel(g, shared, add(g, s->streamFirst, t),
                      add(g, s->cta, mulv(g, v->visit, s->ctas)));
  v->qTile = dlcArith(&g->b, "arith.remui", pos, s->qTiles);
  v->batch = dlcArith(&g->b, "arith.divui", pos, s->qTiles);
}

void flashScheduleInit(Fa *f, FlashSchedule *s) {
  Gen *g = &f->g;
  s->grid = f->t->grid;
  s->persistent = s->grid != DLC_ATTN_GRID_TILES;
  s->cta = gemmGpuId(g, "gpu.block_id", "x");
  if (!s->persistent) {
    s->visits = cst(g, 1);
    return;
  }
  MlirValue batches = batchRows(f);
  s->qTiles = divc(g, add(g, f->lq, cst(g, f->t->tileM - 1)), f->t->tileM);
  s->ctas = gemmGpuId(g, "gpu.grid_dim", "x");
  MlirValue tiles = mulv(g, s->qTiles, batches);
  if (flashGridIsStatic(s->grid))
    s->slots = sm90SmemAlloc(
        g,
        sm90SmemType(g, 1, (int64_t[]){Record * DLC_FLASH_MAX_Q_SLOTS}, g->f32),
        16, "none");
  if (s->grid == DLC_ATTN_GRID_DYNAMIC) {
    dynamicInit(f, s, batches, tiles);
    return;
  }
  int64_t w = unitTiles(f->a);
  MlirValue units = divc(g, add(g, tiles, cst(g, w - 1)), w);
  if (s->grid == DLC_ATTN_GRID_BALANCED)
    balancedInit(f, s, batches, tiles, units);
  else if (s->grid == DLC_ATTN_GRID_STREAM)
    streamInit(f, s, tiles);
  else
    s->visits = roundRobinVisits(f, s, units, tiles);
}

/* Work tile of visit `visit` of the round-robin units: query tile and
 * flattened batch row (flashBindBatch's). */
static void roundRobinTile(Fa *f, const FlashSchedule *s, MlirValue visit,
                           MlirValue *qTile, MlirValue *batch) {
  Gen *g = &f->g;
  int64_t w = unitTiles(f->a);
  MlirValue unit = add(g, s->cta, mulv(g, divc(g, visit, w), s->ctas));
  MlirValue pos = add(g, mul(g, unit, w), remc(g, visit, w));
  MlirValue r = dlcArith(&g->b, "arith.remui", pos, s->qTiles);
  *batch = dlcArith(&g->b, "arith.divui", pos, s->qTiles);
  if (w == 1) {
    *qTile = r;
    return;
  }
  /* With n odd a unit spans two batch rows (the middle tile of one and the
   * longest of the next) and the pattern repeats every n units: a grid of
   * a multiple of n CTAs (132 = 12 x 11 at BM = 192, Lq = 2048) gave the
   * same CTAs that unit on every visit (1.53x the mean work; three
   * consumers at D = 64: 258 -> 302 TFLOP/s with the fix, run fa6-2).
   * An odd row starts at its middle tile instead: the middle tiles of two
   * rows make a unit and every other unit pairs longest with shortest. */
  MlirValue shift =
      andi(g, dlcCmpI(&g->b, "eq", remc(g, s->qTiles, 2), cst(g, 1)),
           dlcCmpI(&g->b, "eq", remc(g, *batch, 2), cst(g, 1)));
  r = sel(g, shift,
          dlcArith(&g->b, "arith.remui",
                   add(g, r, sub(g, s->qTiles, cst(g, 1))), s->qTiles),
          r);
  /* r = 2p: tile n-1-p (longest first), r = 2p + 1: tile p. */
  MlirValue half = divc(g, r, 2);
  MlirValue even = dlcCmpI(&g->b, "eq", remc(g, r, 2), cst(g, 0));
  *qTile = sel(g, even, sub(g, sub(g, s->qTiles, cst(g, 1)), half), half);
}

/* Position `at` of batch rows first .. first + rows - 1 taken heaviest
 * first: query tile n - 1 - at / rows of row first + at mod rows (the
 * longest tile of every row, then the next longest, ...). */
static void heaviestFirst(Fa *f, const FlashSchedule *s, MlirValue at,
                          MlirValue first, MlirValue rows, MlirValue *qTile,
                          MlirValue *batch) {
  Gen *g = &f->g;
  MlirValue block = divv(g, at, rows);
  *batch = add(g, first, remv(g, at, rows));
  *qTile = sub(g, sub(g, s->qTiles, cst(g, 1)), block);
}

/* The balanced grid's tail tile of visit `visit` (>= the pairs' visits):
 * the fill tile first where the CTA has one, then snake round r: position
 * snakeFirst + r G + (c or G - 1 - c). */
static void tailTile(Fa *f, const FlashSchedule *s, MlirValue visit,
                     MlirValue *qTile, MlirValue *batch) {
  Gen *g = &f->g;
  MlirValue zero = cst(g, 0), one = cst(g, 1);
  MlirValue j = sub(g, visit, s->pairVisits);
  MlirValue round = sub(g, j, sel(g, s->fill, one, zero));
  MlirValue even = dlcCmpI(&g->b, "eq", remc(g, round, 2), zero);
  MlirValue place = sel(g, even, s->cta, sub(g, sub(g, s->ctas, one), s->cta));
  MlirValue snake =
      add(g, add(g, s->snakeFirst, mulv(g, round, s->ctas)), place);
  MlirValue isFill = andi(g, s->fill, dlcCmpI(&g->b, "eq", j, zero));
  heaviestFirst(f, s, sel(g, isFill, s->fillTile, snake), s->tailFirst,
                s->tailRows, qTile, batch);
}

/* The balanced grid's tile of visit `visit`: the pairs' or the tail's,
 * each computed only on its side of an scf.if. */
static void balancedTile(Fa *f, const FlashSchedule *s, MlirValue visit,
                         MlirValue *qTile, MlirValue *batch) {
  Gen *g = &f->g;
  MlirType types[] = {g->idx, g->idx};
  MlirBlock pairs, tail;
  DlcBuilder outer = g->b;
  MlirOperation branch =
      dlcBuildIfElse(&g->b, dlcCmpI(&g->b, "ult", visit, s->pairVisits), 2,
                     types, &pairs, &tail);
  MlirValue tile[2];
  g->b = dlcBuilderAtEnd(pairs, outer.loc);
  roundRobinTile(f, s, visit, &tile[0], &tile[1]);
  dlcBuild(&g->b, "scf.yield", 2, tile, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(tail, outer.loc);
  tailTile(f, s, visit, &tile[0], &tile[1]);
  dlcBuild(&g->b, "scf.yield", 2, tile, 0, NULL, 0, NULL, NULL);
  g->b = outer;
  *qTile = mlirOperationGetResult(branch, 0);
  *batch = mlirOperationGetResult(branch, 1);
}

/* Work tile of visit `visit` of a static grid: query tile and flattened
 * batch row (flashBindBatch's). */
static void staticTile(Fa *f, const FlashSchedule *s, MlirValue visit,
                       MlirValue *qTile, MlirValue *batch) {
  Gen *g = &f->g;
  if (!s->persistent) {
    *qTile = s->cta;
    *batch = gemmGpuId(g, "gpu.block_id", "y");
  } else if (s->grid == DLC_ATTN_GRID_BALANCED)
    balancedTile(f, s, visit, qTile, batch);
  else
    roundRobinTile(f, s, visit, qTile, batch);
}

/* Work tile number `t` of the dynamic grid: section t / (W n) of W batch
 * rows (the last one's rows: those left), inside it heaviest first. */
static void dynamicTile(Fa *f, const FlashSchedule *s, MlirValue t,
                        MlirValue *qTile, MlirValue *batch) {
  Gen *g = &f->g;
  MlirValue span = mulv(g, s->section, s->qTiles);
  MlirValue index = dlcArith(&g->b, "arith.divui", t, span);
  MlirValue first = mulv(g, index, s->section);
  MlirValue rows =
      dlcArith(&g->b, "arith.minui", s->section, sub(g, s->rows, first));
  MlirValue at = sub(g, t, mulv(g, index, span));
  heaviestFirst(f, s, at, first, rows, qTile, batch);
}

/* i32 bits of index `v` as the f32 a slot holds, and back. */
static MlirValue toSlot(Gen *g, MlirValue v) {
  MlirValue bits = dlcIndexCast(&g->b, v, mlirIntegerTypeGet(g->b.ctx, 32));
  return dlcBuildValue(&g->b, "arith.bitcast", 1, &bits, g->f32, 0, NULL, NULL);
}

static MlirValue loadSlot(Gen *g, const FlashSchedule *s, MlirValue slot) {
  MlirValue at[] = {s->slots, slot};
  MlirValue v =
      dlcBuildValue(&g->b, "memref.load", 2, at, g->f32, 0, NULL, NULL);
  MlirValue bits =
      dlcBuildValue(&g->b, "arith.bitcast", 1, &v,
                    mlirIntegerTypeGet(g->b.ctx, 32), 0, NULL, NULL);
  return dlcIndexCast(&g->b, bits, g->idx);
}

static void storeSlot(Gen *g, const FlashSchedule *s, MlirValue slot,
                      MlirValue v) {
  MlirValue operands[] = {toSlot(g, v), s->slots, slot};
  dlcBuild(&g->b, "memref.store", 3, operands, 0, NULL, 0, NULL, NULL);
}

/* Word k of the record for Q buffer `qSlot` (8 words apart: 16-byte
 * loads). */
static MlirValue recordWord(Gen *g, MlirValue qSlot, int64_t k) {
  return add(g, mul(g, qSlot, Record), cst(g, k));
}

/* The consumers' visit: its record, once qFull says it is written. */
static void readRecord(Fa *f, const FlashSchedule *s, FlashVisit *v) {
  Gen *g = &f->g;
  MlirValue qSlot = remc(g, v->visit, s->qSlots);
  sm90MbarrierWait(g, s->qFull, qSlot,
                   sm90ParityOf(g, v->visit, s->qSlots, false));
  v->qTile = loadSlot(g, s, recordWord(g, qSlot, 0));
  v->batch = loadSlot(g, s, recordWord(g, qSlot, 1));
  if (s->grid != DLC_ATTN_GRID_STREAM)
    return;
  v->kFirst = loadSlot(g, s, recordWord(g, qSlot, 2));
  v->keyTiles = loadSlot(g, s, recordWord(g, qSlot, 3));
  v->slot = loadSlot(g, s, recordWord(g, qSlot, 4));
  streamRoles(f, s, v);
}

/* Opens `if (thread 0 of the producer)`; `outer` for gemmEndIf. */
static void ifLeader(Gen *g, DlcBuilder *outer) {
  gemmBeginIf(g,
              dlcCmpI(&g->b, "eq", remc(g, g->tid, ProducerThreads), cst(g, 0)),
              outer);
}

/* Thread 0 of the producer takes a tile from the counter: its old value
 * (i32; 0 in the other threads). */
static MlirValue takeTile(Gen *g, const FlashSchedule *s) {
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32);
  MlirBlock then, otherwise;
  DlcBuilder outer = g->b;
  MlirOperation branch = dlcBuildIfElse(
      &g->b, dlcCmpI(&g->b, "eq", remc(g, g->tid, ProducerThreads), cst(g, 0)),
      1, &i32, &then, &otherwise);
  g->b = dlcBuilderAtEnd(then, outer.loc);
  MlirValue operands[] = {dlcConstInt(&g->b, i32, 1), s->counter, cst(g, 0)};
  const char *kindName[] = {"kind"};
  MlirAttribute kind = gemmI64(g, 1); /* arith::AtomicRMWKind::addi */
  MlirValue old = dlcBuildValue(&g->b, "memref.atomic_rmw", 3, operands, i32, 1,
                                kindName, &kind);
  dlcBuild(&g->b, "scf.yield", 1, &old, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(otherwise, outer.loc);
  MlirValue zero = dlcConstInt(&g->b, i32, 0);
  dlcBuild(&g->b, "scf.yield", 1, &zero, 0, NULL, 0, NULL, NULL);
  g->b = outer;
  return mlirOperationGetResult(branch, 0);
}

/* The producer tells the consumers the tile of visit `visit` (past the
 * end after the last one): once Q's buffer is free (every consumer has
 * read the last tile's slot), thread 0 writes the slot and arrives on
 * qFull, which releases the write. `bytes`: the Q load qFull expects
 * (0 after the last visit: the arrival completes the phase). */
static void announce(Fa *f, const FlashSchedule *s, MlirValue visit,
                     MlirValue tile, bool last) {
  Gen *g = &f->g;
  sm90MbarrierWait(g, s->qEmpty, cst(g, 0), sm90ParityOf(g, visit, 1, true));
  DlcBuilder outer;
  ifLeader(g, &outer);
  storeSlot(g, s, cst(g, 0), tile);
  gemmEndIf(g, outer);
  if (last)
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_ARRIVE_EXPECT_TX, s->qFull,
                   cst(g, 0), "bytes", 0);
}

static void dynamicBegin(Fa *f, const FlashSchedule *s, FlashVisit *v) {
  Gen *g = &f->g;
  MlirValue zero = cst(g, 0);
  MlirValue inits[] = {zero, zero, v->producer ? s->cta : zero};
  MlirBlock before, after;
  v->outer = g->b;
  v->loop = dlcBuildWhile(&g->b, 3, inits, &before, &after);
  g->b = dlcBuilderAtEnd(before, v->outer.loc);
  MlirValue args[3];
  for (int i = 0; i < 3; ++i)
    args[i] = mlirBlockGetArgument(before, i);
  if (!v->producer) {
    /* The producer's word for this visit: a tile, or past the end. */
    sm90MbarrierWait(g, s->qFull, zero, sm90ParityOf(g, args[0], 1, false));
    args[2] = loadSlot(g, s, zero);
  }
  MlirValue go = lt(g, args[2], s->tiles);
  MlirValue operands[] = {go, args[0], args[1], args[2]};
  dlcBuild(&g->b, "scf.condition", 4, operands, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(after, v->outer.loc);
  v->visit = mlirBlockGetArgument(after, 0);
  v->carried = mlirBlockGetArgument(after, 1);
  v->tile = mlirBlockGetArgument(after, 2);
  if (v->producer) {
    v->taken = takeTile(g, s);
    announce(f, s, v->visit, v->tile, false);
  }
  dynamicTile(f, s, v->tile, &v->qTile, &v->batch);
}

/* The producer's next tile: thread 0 resets the counter if it took the
 * launch's last number (the counter has then counted every take: one
 * per visit of every CTA) and writes G + its old value to the visit's
 * slot; the named barrier hands it to the other threads (two slots: a
 * thread still reading the last one cannot see it overwritten). */
static MlirValue nextTile(Fa *f, const FlashSchedule *s, FlashVisit *v) {
  Gen *g = &f->g;
  MlirValue slot = add(g, remc(g, v->visit, 2), cst(g, 1));
  MlirValue taken = dlcIndexCast(&g->b, v->taken, g->idx);
  DlcBuilder outer;
  ifLeader(g, &outer);
  MlirBlock reset;
  DlcBuilder leader = g->b;
  dlcBuildIf(&g->b, dlcCmpI(&g->b, "eq", taken, sub(g, s->tiles, cst(g, 1))),
             &reset);
  g->b = dlcBuilderAtEnd(reset, leader.loc);
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32);
  MlirValue operands[] = {dlcConstInt(&g->b, i32, 0), s->counter, cst(g, 0)};
  dlcBuild(&g->b, "memref.store", 3, operands, 0, NULL, 0, NULL, NULL);
  gemmEndIf(g, leader);
  storeSlot(g, s, slot, add(g, taken, s->ctas));
  gemmEndIf(g, outer);
  sm90NamedBarrier(g, cst(g, ProducerBarrier), ProducerThreads);
  return loadSlot(g, s, slot);
}

static void dynamicEnd(Fa *f, const FlashSchedule *s, FlashVisit *v,
                       MlirValue carried) {
  Gen *g = &f->g;
  MlirValue next[] = {add(g, v->visit, cst(g, 1)), carried,
                      v->producer ? nextTile(f, s, v) : v->tile};
  dlcBuild(&g->b, "scf.yield", 3, next, 0, NULL, 0, NULL, NULL);
  g->b = v->outer;
  /* After the producer's last visit: a tile past the end. */
  if (v->producer)
    announce(f, s, mlirOperationGetResult(v->loop, 0),
             mlirOperationGetResult(v->loop, 2), true);
}

void flashScheduleBegin(Fa *f, const FlashSchedule *s, bool producer,
                        FlashVisit *v) {
  Gen *g = &f->g;
  v->producer = producer;
  v->kFirst = v->keyTiles = v->gives = v->takes = v->slot = (MlirValue){NULL};
  if (s->grid == DLC_ATTN_GRID_DYNAMIC) {
    dynamicBegin(f, s, v);
    return;
  }
  MlirValue zero = cst(g, 0);
  MlirBlock loop;
  v->loop = dlcBuildFor(&g->b, zero, s->visits, cst(g, 1), 1, &zero, &loop);
  v->outer = g->b;
  g->b = dlcBuilderAtEnd(loop, v->outer.loc);
  v->visit = mlirBlockGetArgument(loop, 0);
  v->carried = mlirBlockGetArgument(loop, 1);
  if (flashGridIsStatic(s->grid) && !producer)
    readRecord(f, s, v);
  else if (s->grid == DLC_ATTN_GRID_STREAM)
    streamTile(f, s, v);
  else
    staticTile(f, s, v->visit, &v->qTile, &v->batch);
}

void flashScheduleEnd(Fa *f, const FlashSchedule *s, FlashVisit *v,
                      MlirValue carried) {
  Gen *g = &f->g;
  if (s->grid == DLC_ATTN_GRID_DYNAMIC) {
    dynamicEnd(f, s, v, carried);
    return;
  }
  dlcBuild(&g->b, "scf.yield", 1, &carried, 0, NULL, 0, NULL, NULL);
  g->b = v->outer;
}

void flashScheduleTell(Fa *f, const FlashSchedule *s, const FlashVisit *v,
                       MlirValue qSlot) {
  if (!flashGridIsStatic(s->grid))
    return;
  Gen *g = &f->g;
  DlcBuilder outer;
  ifLeader(g, &outer);
  /* The hand-over's workspace slot: the CTA's own where the piece gives,
   * the next CTA's where it takes (read per visit, the consumers'
   * addresses of it are not loop invariants that LLVM would hoist and
   * keep live through their key loop: 35 64-bit addresses at D128). */
  MlirValue slot = {NULL};
  if (s->grid == DLC_ATTN_GRID_STREAM)
    slot = sel(g, v->gives, s->cta, add(g, s->cta, cst(g, 1)));
  MlirValue words[RecordWords] = {v->qTile, v->batch, v->kFirst, v->keyTiles,
                                  slot};
  int64_t count = s->grid == DLC_ATTN_GRID_STREAM ? RecordWords : 2;
  for (int64_t k = 0; k < count; ++k)
    storeSlot(g, s, recordWord(g, qSlot, k), words[k]);
  gemmEndIf(g, outer);
}

bool flashGridIsStatic(DlcAttnGrid grid) {
  return grid == DLC_ATTN_GRID_PERSISTENT || grid == DLC_ATTN_GRID_BALANCED ||
         grid == DLC_ATTN_GRID_STREAM;
}
