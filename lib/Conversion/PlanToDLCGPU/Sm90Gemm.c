/* The SM90 GEMM skeleton (spec §9.1, §9.2; issue "Back end, part 2"),
 * emitted as dlcgpu ops over the kernel-problem model. Warp-specialized,
 * three warpgroups of 128 threads:
 *
 *   warpgroup 0, the producer (registers lowered to 40 by setmaxnreg; its
 *   warp 0 runs the loop, the other three leave, sm90BeginProducerWarp):
 *     for kt: wait until stage kt % S is empty (its previous use released);
 *             announce the stage's bytes on full[s]; TMA-load A's and B's
 *             boxes of tile kt into stage s (one elected thread issues)
 *   warpgroups 1 and 2, the consumers (registers raised to 232), each owning
 *   64 rows of the CTA's BM = 128 (a 64-row tile: warpgroup 1 alone, for
 *   M <= 64, where a second would multiply TMA's zero rows):
 *     for kt: wait for full[s]; wgmma m64nBNk16 x 4 over stage s into the
 *             fp32 accumulators; wait until one wgmma group is in flight;
 *             release stage (kt-1) % S on empty[]
 *     epilogue steps on the accumulators in registers; guarded stores
 *
 * Shared memory holds S stages of A and B, 128-byte swizzled as TMA writes
 * them and wgmma reads them. An operand whose k axis has unit stride is
 * staged K-major, [rows][64 k] (one box); one whose m or n axis has unit
 * stride is staged MN-major, [rows / 64][64 k][64] (one box per 64
 * columns), and wgmma reads it transposed. TMA zero-fills every element
 * past M, N and K, so no size needs to be a multiple of a tile; the tensor
 * maps need 16-byte aligned row and batch strides, which the runtime checks
 * when it encodes them (docs/runtime.md).
 *
 * Clusters of 2 (tiling cluster; issue 9): the two CTAs of a cluster walk
 * the tiles in pairs that share an operand (B for BN >= BM: two tiles of
 * one tile-column), in lockstep. Each loads its own other operand and half
 * of the shared one, multicast into both CTAs' stage at the same offset:
 * a full barrier still expects the whole stage's bytes, and a stage is
 * empty when the consumers of both CTAs have released it (one arrival per
 * consumer warp on each CTA's empty barrier). A pair's second tile past
 * the last tile-row (or column) still loads and multicasts its half, and
 * stores nothing (its rows or columns are past M or N). The barriers'
 * init is made visible to the cluster before any load, and neither CTA
 * leaves while the other may still signal its barriers (cluster_sync).
 *
 * A convolution (an implicit GEMM, dlcSm90Im2col) reads A through TMA's
 * im2col mode instead: per stage one [BM pixels][64 channels] box, the
 * K-major layout above, from the tile's first output pixel shifted by the
 * k tile's filter tap; the k loop runs over (kh, kw, 64-channel block).
 * Clustered (2 or 4 CTAs), a cluster's tiles are 2 or 4 pixel tiles of
 * one weight tile (BN >= BM): each CTA loads its own im2col box and its
 * share of the weights' rows, multicast, so a cluster reads each weight
 * tile once.
 *
 * The tensor maps these loads and the staged stores read are described in
 * Sm90Maps.c; the epilogue after each tile's k loop is Sm90GemmEpilogue.c. */
#include "DialectNames.h"
#include "Sm90GemmInternal.h"
#include "Sm90SplitK.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

static void planStaging(Gen *g, Staging *s, Access *x, KpRole fixed,
                        int64_t rows, MlirValue map, const DlcIm2col *im2col) {
  s->x = x;
  s->fixed = fixed;
  s->im2col = im2col;
  /* An im2col box is [pixels][channels]: K-major, one per stage. */
  s->kMajor = s->im2col || dlcSm90KMajor(x->tensor);
  s->rows = rows;
  s->map = map;
  s->batched = !s->im2col && dlcSm90MapHasBatch(x->tensor);
  int64_t kMajorShape[] = {g->t->stages, rows, BoxK};
  int64_t mnMajorShape[] = {g->t->stages, rows / BoxMN, BoxK, BoxMN};
  s->smem = s->kMajor ? sm90SwizzledAlloc(g, 3, kMajorShape)
                      : sm90SwizzledAlloc(g, 4, mnMajorShape);
}

/* The TMA loads of the k tile at `k0` of one operand into stage `stage`,
 * completing on full[stage]. Coordinates are outermost first, in
 * elements. With a cluster of `parts` CTAs (`part` the CTA's rank;
 * null: the whole operand) loads rows part·rows/parts.., multicast to
 * every CTA of the cluster. */
static void loadOperand(Gen *g, const Staging *s, MlirValue full,
                        MlirValue stage, MlirValue k0, MlirValue origin,
                        MlirValue part, int64_t clusterSize) {
  int parts = mlirValueIsNull(part) ? 1 : (int)clusterSize;
  int64_t rows = s->rows / parts; /* a K-major box's */
  int chunks = s->kMajor ? 1 : (int)(s->rows / BoxMN / parts);
  MlirValue first = parts == 1  ? cst(g, 0)
                    : s->kMajor ? mul(g, part, rows)
                                : mul(g, part, chunks);
  for (int c = 0; c < chunks; ++c) {
    MlirValue all[12];
    int n = 0;
    all[n++] = s->map;
    all[n++] = full;
    all[n++] = stage;
    if (parts > 1) /* every CTA of the cluster */
      all[n++] = dlcConstInt(&g->b, mlirIntegerTypeGet(g->b.ctx, 16),
                             (1 << parts) - 1);
    all[n++] = s->smem;
    int numDst = 0, numCoords = 0;
    MlirValue chunk = add(g, first, cst(g, c));
    all[n++] = stage, ++numDst;
    if (!s->kMajor)
      all[n++] = chunk, ++numDst;
    all[n++] = s->kMajor ? first : cst(g, 0), ++numDst;
    all[n++] = cst(g, 0), ++numDst;
    if (s->batched)
      all[n + numCoords++] = g->batch;
    if (s->kMajor) {
      all[n + numCoords++] = add(g, origin, first);
      all[n + numCoords++] = k0;
    } else {
      all[n + numCoords++] = k0;
      all[n + numCoords++] = add(g, origin, mul(g, chunk, BoxMN));
    }
    int64_t box[] = {s->kMajor ? rows : BoxK, s->kMajor ? BoxK : BoxMN};
    int32_t sizes[] = {1, 1, 1, 1, 1, numDst, numCoords};
    const char *names[] = {"box", "operandSegmentSizes"};
    MlirAttribute attrs[] = {
        mlirDenseI64ArrayGet(g->b.ctx, 2, box),
        parts > 1 ? mlirDenseI32ArrayGet(g->b.ctx, 7, sizes)
                  : mlirDenseI32ArrayGet(g->b.ctx, 6, sizes + 1)};
    MlirType t = sm90Token(g, "!dlcgpu.load_token");
    dlcBuild(&g->b,
             parts > 1 ? DLC_OP_DLCGPU_TMA_LOAD_MULTICAST
                       : DLC_OP_DLCGPU_TMA_LOAD,
             n + numCoords, all, 1, &t, 2, names, attrs);
  }
}

/* A's im2col load of filter tap (kh, kw), channels c0.. into stage
 * `stage`: the column of BM pixels from the tile's first (s->pixel), each
 * shifted by the tap (zeros where that leaves the image: the padding). */
static void loadIm2col(Gen *g, const Staging *s, MlirValue full,
                       MlirValue stage, MlirValue kh, MlirValue kw,
                       MlirValue c0) {
  const DlcIm2col *im = s->im2col;
  /* Grouped (5-D map): the group (the kernel's batch) outermost, and the
   * images' offset 0. */
  bool grouped = im->groups > 1;
  MlirValue operands[16];
  int n = 0;
  operands[n++] = s->map;
  operands[n++] = full;
  operands[n++] = stage;
  operands[n++] = s->smem;
  operands[n++] = stage;
  operands[n++] = cst(g, 0);
  operands[n++] = cst(g, 0);
  if (grouped)
    operands[n++] = g->batch;
  operands[n++] = s->pixel[0];
  operands[n++] = s->pixel[1];
  operands[n++] = s->pixel[2];
  operands[n++] = c0;
  if (grouped)
    operands[n++] = cst(g, 0);
  operands[n++] = mul(g, kh, im->dilation[0]);
  operands[n++] = mul(g, kw, im->dilation[1]);
  int32_t sizes[] = {1, 1, 1, 1, 3, grouped ? 5 : 4, grouped ? 3 : 2};
  const char *names[] = {"box", "operandSegmentSizes"};
  MlirAttribute attrs[] = {
      mlirDenseI64ArrayGet(g->b.ctx, 2, (int64_t[]){s->rows, BoxK}),
      mlirDenseI32ArrayGet(g->b.ctx, 7, sizes)};
  MlirType t = sm90Token(g, "!dlcgpu.load_token");
  dlcBuild(&g->b, DLC_OP_DLCGPU_TMA_LOAD_IM2COL, n, operands, 1, &t, 2, names,
           attrs);
}

/* Packed groups' weights kept in the ring: with no split-K and stages a
 * multiple of the taps (the packed k loop), a CTA's ring use u = tile ·
 * taps + tap puts the same tap of the same block of groups (its grid row)
 * in stage u mod stages every time, so B is loaded on a stage's first use
 * only (bench/RESULTS.md run gp-1: 8 narrow boxes a step were most of a
 * step's time). */
static bool packedWeightsKept(const Gen *g, const DlcIm2col *im) {
  return im && im->pack > 1 && g->t->maxSplits <= 1 && g->t->cluster <= 1 &&
         g->t->stages % (im->taps[0] * im->taps[1]) == 0;
}

/* The full barrier's expected bytes at use `use` of stage `stage`: A's
 * box and B's, or A's alone once the stage keeps its weights. */
static void expectStage(Gen *g, MlirValue full, MlirValue stage, MlirValue use,
                        bool kept) {
  int64_t bytes = kpElementBytes(g->p->a.element) * BoxK;
  int64_t a = g->t->tileM * bytes, both = a + g->t->tileN * bytes;
  const char *op = DLC_OP_DLCGPU_MBARRIER_ARRIVE_EXPECT_TX;
  if (!kept) {
    sm90MbarrierOp(g, op, full, stage, "bytes", both);
    return;
  }
  DlcBuilder outer = g->b;
  MlirBlock then, other;
  dlcBuildIfElse(&g->b, lt(g, use, cst(g, g->t->stages)), 0, NULL, &then,
                 &other);
  DlcBuilder after = g->b;
  g->b = dlcBuilderAtEnd(then, outer.loc);
  sm90MbarrierOp(g, op, full, stage, "bytes", both);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(other, outer.loc);
  sm90MbarrierOp(g, op, full, stage, "bytes", a);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = after;
}

/* Packed groups' B (dlcSm90ConvWeightMap): tap `tap` of each of the
 * tile's groups, Cog rows at row j·Cog of stage `stage`, from channel
 * −j·Cg of group b·pack + j (b the kernel's batch, a block of groups);
 * with `use` (packedWeightsKept) only on the stage's first use. */
static void loadPackedWeights(Gen *g, const Staging *s, const DlcIm2col *im,
                              MlirValue full, MlirValue stage, MlirValue tap,
                              MlirValue use) {
  int64_t cg = im->channels / im->pack, cog = s->rows / im->pack;
  DlcBuilder outer = g->b;
  if (!mlirValueIsNull(use)) {
    MlirBlock then;
    dlcBuildIf(&g->b, lt(g, use, cst(g, g->t->stages)), &then);
    g->b = dlcBuilderAtEnd(then, outer.loc);
  }
  MlirValue first = mul(g, g->batch, im->pack);
  for (int64_t j = 0; j < im->pack; ++j) {
    MlirValue operands[] = {
        s->map,         full,  stage,
        s->smem,        stage, cst(g, j * cog),
        cst(g, 0),      tap,   mul(g, add(g, first, cst(g, j)), cog),
        cst(g, -j * cg)};
    int32_t sizes[] = {1, 1, 1, 1, 3, 3};
    const char *names[] = {"box", "operandSegmentSizes"};
    MlirAttribute attrs[] = {
        mlirDenseI64ArrayGet(g->b.ctx, 2, (int64_t[]){cog, BoxK}),
        mlirDenseI32ArrayGet(g->b.ctx, 6, sizes)};
    MlirType t = sm90Token(g, "!dlcgpu.load_token");
    dlcBuild(&g->b, DLC_OP_DLCGPU_TMA_LOAD, 10, operands, 1, &t, 2, names,
             attrs);
  }
  if (!mlirValueIsNull(use)) {
    dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    g->b = outer;
  }
}

/* Tile-rows per rasterisation group: DLC_RASTER_GROUP, taller for tiles
 * wider than high, so that the tiles a wave of CTAs works on span about as
 * many bytes of A as of B. 4096³ at 128 x 256: a tile-row of A is 1 MiB,
 * a tile-column of B 2 MiB; 132 CTAs span 16 x 8 tiles (33 MiB of the
 * H100's 50 MiB L2) with groups of 16, 8 x 16 (41 MiB) with 8 (measured
 * 644 against 628-633 TFLOP/s, bench/RESULTS.md). */
static int64_t rasterGroup(const DlcGemmTiling *t) {
  int64_t wide = DLC_RASTER_GROUP * t->tileN / t->tileM;
  return wide > DLC_RASTER_GROUP ? wide : DLC_RASTER_GROUP;
}

/* The group (index) for `cols` tile-columns: rasterGroup's, unless a
 * group holds fewer tiles than a wave of CTAs (one per SM). Then a wave
 * spans several groups and splits one with the next wave, whose CTAs read
 * that group's rows of A from DRAM again (16384 x 1024 x 4096 at 128 x
 * 256: 4 columns, groups of 64 tiles, 4 to 12 of each wave's 33 tile-rows
 * split); a GEMM's group is then a whole wave, ceil(CTAs / cols) rows, so
 * each wave reads whole rows of A (bench/RESULTS.md run gm-3). A
 * convolution keeps rasterGroup's (not measured). */
static MlirValue rasterGroupOf(Gen *g, MlirValue cols, int64_t pairRows) {
  /* Pairs of tile-rows (a cluster sharing B): half as many units. */
  int64_t fixed = (rasterGroup(g->t) + pairRows - 1) / pairRows;
  if (g->p->implicit)
    return cst(g, fixed);
  /* A wave is the grid's CTAs (even rounds: fewer than the SMs). */
  MlirValue sms =
      dlcSm90EvenRounds(g->p, g->t)
          ? gemmGpuId(g, "gpu.grid_dim", "x")
          : cst(g, g->t->sms / (g->t->cluster > 1 ? g->t->cluster : 1));
  MlirValue few = dlcCmpI(&g->b, "ult", mul(g, cols, fixed), sms);
  MlirValue some = dlcArith(&g->b, "arith.maxui", cols, cst(g, 1));
  MlirValue wave = dlcArith(&g->b, "arith.divui",
                            add(g, sms, sub(g, some, cst(g, 1))), some);
  return sel(g, few, wave, cst(g, fixed));
}

/* One unit of a CTA's work: a tile, or with split-K one split of it. */
typedef struct Unit {
  MlirValue index;  /* the CTA's i-th unit */
  MlirValue base;   /* the ring's use count at the unit's first k step */
  MlirValue tile;   /* the tile's number before rasterisation */
  MlirValue kStart; /* first k tile, and how many */
  MlirValue kCount;
  /* Split-K: i1, the unit is a split (past the whole tiles); then the
   * split's number and its tile's, counted from the first split tile. */
  MlirValue isSplit, splitId, splitTile;
  /* Stream-K: i1, the segment is a tile's rest (k > 0: its partial goes
   * to the owner), or its head (k from 0, not to the end: the owner adds
   * the partner's rest). Null without stream-K. */
  MlirValue partial, fixup;
} Unit;

/* A CTA's stream-K work (Skeleton.h, "Stream-K"): `rounds` rounds of whole
 * tiles (the first dpTiles tiles, block + i * grid), then the k range [start,
 * end) of the k tiles of the tiles after them, numbered tile-major from
 * tile dpTiles, which meets `count` of those tiles from `first` on. */
typedef struct StreamKRange {
  MlirValue rounds, dpTiles, start, end, first, count;
} StreamKRange;

static StreamKRange streamKRange(Gen *g, const Pipeline *p, MlirValue tiles,
                                 MlirValue block, MlirValue grid) {
  StreamKRange r;
  MlirValue kTiles = p->kTiles;
  MlirValue full = divv(g, tiles, grid);
  MlirValue rem = remv(g, tiles, grid);
  /* No partial round (grid = tiles below a round): whole tiles only. */
  MlirValue shared =
      add(g, mulv(g, minv(g, full, cst(g, p->streamK)), grid), rem);
  shared = sel(g, dlcCmpI(&g->b, "eq", rem, cst(g, 0)), cst(g, 0), shared);
  r.dpTiles = sub(g, tiles, shared);
  r.rounds = divv(g, r.dpTiles, grid);
  MlirValue iters = mulv(g, shared, kTiles);
  r.start = divv(g, mulv(g, block, iters), grid);
  r.end = divv(g, mulv(g, add(g, block, cst(g, 1)), iters), grid);
  /* K = 0: no k tiles, empty ranges (and no division by zero). */
  MlirValue per = dlcArith(&g->b, "arith.maxui", kTiles, cst(g, 1));
  r.first = divv(g, r.start, per);
  r.count = sub(g, dlcArith(&g->b, "arith.ceildivui", r.end, per), r.first);
  return r;
}

/* Unit i of the CTA's stream-K work: whole tile block + i * grid for i <
 * rounds, else its segment of tile dpTiles + first + i - rounds. The
 * ring's use count runs on through the range: rounds * kTiles + the k
 * tiles of the range before the segment. */
static Unit streamKUnit(Gen *g, const Pipeline *p, const StreamKRange *r,
                        MlirValue i, MlirValue block, MlirValue grid) {
  Unit u;
  MlirValue kTiles = p->kTiles;
  MlirValue inRange = dlcCmpI(&g->b, "uge", i, r->rounds);
  MlirValue j = add(g, r->first, sub(g, i, r->rounds)); /* wraps: dropped */
  MlirValue head = mulv(g, j, kTiles);
  MlirValue from = dlcArith(&g->b, "arith.maxui", r->start, head);
  MlirValue to = minv(g, r->end, add(g, head, kTiles));
  u.index = i;
  u.tile =
      sel(g, inRange, add(g, r->dpTiles, j), add(g, block, mulv(g, i, grid)));
  u.kStart = sel(g, inRange, sub(g, from, head), cst(g, 0));
  u.kCount = sel(g, inRange, sub(g, to, from), kTiles);
  u.base = sel(g, inRange,
               add(g, mulv(g, r->rounds, kTiles), sub(g, from, r->start)),
               mulv(g, i, kTiles));
  u.isSplit = u.splitId = u.splitTile = (MlirValue){NULL};
  MlirValue zero = cst(g, 0);
  u.partial = dlcCmpI(&g->b, "ne", u.kStart, zero);
  u.fixup = andi(g, dlcCmpI(&g->b, "eq", u.kStart, zero),
                 dlcCmpI(&g->b, "ult", u.kCount, kTiles));
  return u;
}

/* Sets the origin of unit `u`'s tile (rasterised; clustered, the CTA's
 * tile of the pair) in g->m0, g->n0 and runs `body` on it. */
static void placeTile(Gen *g, const Pipeline *p, const Unit *u, MlirValue group,
                      MlirValue rows, MlirValue cols,
                      void (*body)(Gen *, const Pipeline *, const Unit *,
                                   void *),
                      void *userData) {
  int64_t c = p->cluster;
  bool shareB = c > 1 && dlcSm90ClusterSharesB(g->t);
  /* Walking every batch's tiles: the unit's batch moves every base for
   * the body (the entry's, block y = 0, again after it). */
  Gen entry = *g;
  MlirValue tile = u->tile;
  if (dlcSm90WalksBatch(g->p, g->t)) {
    MlirValue perBatch = mulv(g, rows, cols);
    gemmSetBatch(g, divv(g, tile, perBatch));
    tile = remv(g, tile, perBatch);
  }
  MlirValue tileRow, tileCol;
  gemmRasterizeGrid(g, tile, group, rows, cols, &tileRow, &tileCol);
  if (c > 1 && shareB)
    tileRow = add(g, mul(g, tileRow, c), p->rank);
  else if (c > 1)
    tileCol = add(g, mul(g, tileCol, c), p->rank);
  g->m0 = mul(g, tileRow, g->t->tileM);
  g->n0 = mul(g, tileCol, g->t->tileN);
  body(g, p, u, userData);
  g->batch = entry.batch;
  g->ta = entry.ta, g->tb = entry.tb, g->tc = entry.tc;
  memcpy(g->inputs, entry.inputs, sizeof(g->inputs));
}

/* Runs `body(g, p, unit, userData)` for the CTA's units u = block + i *
 * grid with i = first, first + every, ... (`first` null: 0): the whole
 * tiles, then with split-K the splits of the last round's tiles
 * (Skeleton.h). The producer makes every unit's ring uses in order; a
 * CTA's split is its last unit, after i whole tiles, so base = i * kTiles
 * holds for every unit; the tile's origin is set in g->m0, g->n0. */
static void
forEachTile(Gen *g, const Pipeline *p, MlirValue first, int64_t every,
            void (*body)(Gen *, const Pipeline *, const Unit *, void *),
            void *userData) {
  MlirValue rows =
      divc(g, add(g, g->size[KP_M], cst(g, g->t->tileM - 1)), g->t->tileM);
  MlirValue cols =
      divc(g, add(g, g->size[KP_N], cst(g, g->t->tileN - 1)), g->t->tileN);
  /* Clustered: the units are tile pairs (two tile-rows of a column when
   * they share B, two tile-columns of a row when they share A), walked by
   * the cluster (both CTAs have the same block / 2); the CTA's rank picks
   * its tile of the pair. */
  int64_t c = p->cluster;
  bool shareB = c > 1 && dlcSm90ClusterSharesB(g->t);
  if (c > 1) {
    if (shareB)
      rows = divc(g, add(g, rows, cst(g, c - 1)), c);
    else
      cols = divc(g, add(g, cols, cst(g, c - 1)), c);
  }
  MlirValue group = rasterGroupOf(g, cols, shareB ? c : 1);
  MlirValue block = gemmGpuId(g, "gpu.block_id", "x");
  MlirValue grid = gemmGpuId(g, "gpu.grid_dim", "x");
  if (c > 1) {
    block = divc(g, block, c);
    grid = divc(g, grid, c);
  }
  MlirValue start =
      mlirValueIsNull(first) ? block : add(g, block, mulv(g, first, grid));
  MlirBlock loop;
  MlirValue units = mulv(g, rows, cols);
  if (dlcSm90WalksBatch(g->p, g->t))
    units = mulv(g, units, g->size[KP_BATCH]);
  if (p->streamK > 0) {
    StreamKRange r = streamKRange(g, p, units, block, grid);
    dlcBuildFor(&g->b, cst(g, 0), add(g, r.rounds, r.count), cst(g, 1), 0, NULL,
                &loop);
    DlcBuilder outer = g->b;
    g->b = dlcBuilderAtEnd(loop, outer.loc);
    Unit u = streamKUnit(g, p, &r, mlirBlockGetArgument(loop, 0), block, grid);
    placeTile(g, p, &u, group, rows, cols, body, userData);
    dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    g->b = outer;
    return;
  }
  if (g->t->maxSplits > 1) /* whole + (tiles - whole) * splits */
    units = add(g, p->whole, mulv(g, sub(g, units, p->whole), p->splits));
  dlcBuildFor(&g->b, start, units, mul(g, grid, every), 0, NULL, &loop);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(loop, outer.loc);
  Unit u;
  MlirValue id = mlirBlockGetArgument(loop, 0);
  u.index = dlcArith(&g->b, "arith.divui", sub(g, id, block), grid);
  u.tile = id;
  u.kStart = cst(g, 0);
  u.kCount = p->kTiles;
  u.base = mulv(g, u.index, p->kTiles);
  u.isSplit = u.splitId = u.splitTile = (MlirValue){NULL};
  u.partial = u.fixup = (MlirValue){NULL};
  if (g->t->maxSplits > 1) {
    /* Past the whole tiles: split `splitId` of tile whole + splitTile.
     * (Before them the subtraction wraps; the selects drop its results.) */
    u.isSplit = dlcCmpI(&g->b, "uge", id, p->whole);
    u.splitId = sub(g, id, p->whole);
    u.splitTile = dlcArith(&g->b, "arith.divui", u.splitId, p->splits);
    MlirValue split = dlcArith(&g->b, "arith.remui", u.splitId, p->splits);
    u.tile = sel(g, u.isSplit, add(g, p->whole, u.splitTile), id);
    u.kStart = sel(g, u.isSplit, mulv(g, split, p->kPer), cst(g, 0));
    u.kCount = sel(
        g, u.isSplit,
        dlcArith(&g->b, "arith.minui", p->kPer, sub(g, p->kTiles, u.kStart)),
        p->kTiles);
  }
  placeTile(g, p, &u, group, rows, cols, body, userData);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

static void produceTile(Gen *g, const Pipeline *p, const Unit *u,
                        void *userData) {
  Staging *a = userData;
  const DlcIm2col *im = a->im2col;
  if (im) { /* the tile's first pixel: (n, s·ho − p, s·wo − p) */
    MlirValue axes[KP_MAX_FUSED];
    gemmSplit(g, KP_M, g->m0, axes);
    a->pixel[0] = axes[0];
    for (int d = 0; d < 2; ++d)
      a->pixel[1 + d] =
          sub(g, mul(g, axes[1 + d], im->stride[d]), cst(g, im->pad[d]));
  }
  MlirValue base = u->base;
  MlirBlock body;
  dlcBuildFor(&g->b, cst(g, 0), u->kCount, cst(g, 1), 0, NULL, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue kt = mlirBlockGetArgument(body, 0);
  MlirValue use = add(g, base, kt);
  MlirValue stage = remc(g, use, g->t->stages);
  /* Use u of a stage waits for the release of use u - 1: parity of u + 1
   * (the first use passes at once, a fresh barrier's "previous" phase). */
  sm90MbarrierWait(g, p->empty, stage,
                   sm90ParityOf(g, use, g->t->stages, true));
  bool kept = packedWeightsKept(g, im);
  expectStage(g, p->full, stage, use, kept);
  MlirValue k = add(g, u->kStart, kt);
  if (im) {
    /* k tile k is channels cb·64.. of tap (kh, kw): B's columns
     * (kh·KW + kw)·C + cb·64.. (those past C meet A's zero channels). */
    MlirValue channels = g->fusedSize[KP_K][im->channelAt];
    MlirValue blocks = divc(g, add(g, channels, cst(g, BoxK - 1)), BoxK);
    MlirValue tap = dlcArith(&g->b, "arith.divui", k, blocks);
    MlirValue c0 = mul(g, dlcArith(&g->b, "arith.remui", k, blocks), BoxK);
    loadIm2col(g, a, p->full, stage, divc(g, tap, im->taps[1]),
               remc(g, tap, im->taps[1]), c0);
    /* Clustered (the pair shares B, checkContract): each CTA's half of
     * the weights multicast; packed groups are not clustered. */
    if (im->pack > 1) /* one channel block: k is the tap */
      loadPackedWeights(g, &p->b, im, p->full, stage, tap,
                        kept ? use : (MlirValue){NULL});
    else
      loadOperand(g, &p->b, p->full, stage, add(g, mulv(g, tap, channels), c0),
                  g->n0, p->cluster > 1 ? p->rank : (MlirValue){NULL},
                  p->cluster);
  } else {
    /* Clustered: the shared operand's half multicast to both CTAs. */
    bool shareB = p->cluster > 1 && dlcSm90ClusterSharesB(g->t);
    bool shareA = p->cluster > 1 && !shareB;
    loadOperand(g, &p->a, p->full, stage, mul(g, k, BoxK), g->m0,
                shareA ? p->rank : (MlirValue){NULL}, p->cluster);
    loadOperand(g, &p->b, p->full, stage, mul(g, k, BoxK), g->n0,
                shareB ? p->rank : (MlirValue){NULL}, p->cluster);
  }
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

static void emitProducer(Gen *g, Pipeline *p) {
  sm90SetMaxRegisters(g, sm90ProducerRegisters(p->consumers), false);
  DlcBuilder outer = sm90BeginProducerWarp(g);
  forEachTile(g, p, (MlirValue){NULL}, 1, produceTile, &p->a);
  sm90EndProducerWarp(g, outer);
}

/* A consumer's release of stage `stage`: each thread on its CTA's empty
 * barrier, or clustered one arrival per warp on both CTAs' (the peer's
 * producer multicasts into this CTA's stage too). */
static void releaseStage(Gen *g, const Pipeline *p, MlirValue stage) {
  if (p->cluster <= 1) {
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_ARRIVE, p->empty, stage, NULL, 0);
    return;
  }
  for (int64_t cta = 0; cta < p->cluster; ++cta) {
    MlirValue operands[] = {p->empty, stage, cst(g, cta)};
    dlcBuild(&g->b, DLC_OP_DLCGPU_MBARRIER_ARRIVE_CLUSTER, 3, operands, 0, NULL,
             0, NULL, NULL);
  }
}

/* One wgmma of the 64 rows of A at slab `slab` (index) and all of B of
 * stage `stage` into `acc`; its results in out[0] (acc) and out[1]. */
static void wgmmaSlab(Gen *g, const Pipeline *p, MlirValue stage,
                      MlirValue slab, MlirValue acc, MlirValue out[2]) {
  Sm90Operand a = {.smem = p->a.smem, .trans = !p->a.kMajor};
  a.index[a.rank++] = stage;
  if (p->a.kMajor) {
    a.index[a.rank++] = mul(g, slab, ConsumerRows);
    a.index[a.rank++] = cst(g, 0);
  } else {
    a.index[a.rank++] = slab;
    a.index[a.rank++] = cst(g, 0);
    a.index[a.rank++] = cst(g, 0);
  }
  Sm90Operand b = {.smem = p->b.smem, .trans = !p->b.kMajor};
  b.index[b.rank++] = stage;
  int bRank = p->b.kMajor ? 2 : 3;
  for (int i = 0; i < bRank; ++i)
    b.index[b.rank++] = cst(g, 0);
  sm90Wgmma(g, &a, &b, g->t->tileN, BoxK, acc, out);
}

/* The ring stage before `stage`, wrapping. */
static MlirValue stageBefore(Gen *g, MlirValue stage) {
  return sel(g, dlcCmpI(&g->b, "eq", stage, cst(g, 0)),
             cst(g, g->t->stages - 1), sub(g, stage, cst(g, 1)));
}

/* The consumer's k loop over one tile: acc[s] (vector<BN/8 x 2 x 2>) are
 * the rows of slab `firstSlab` + s, complete when it returns. Ping-pong
 * (`consumer` not null): once the last k step's wgmmas are issued, the
 * consumer gives the other its turn (order[consumer]), before waiting for
 * them, so the other's first wgmmas queue behind them and the tensor pipe
 * does not drain at each tile (CUTLASS's pingpong kernel arrives on its
 * order barrier at the same point). */
static void emitConsumerLoop(Gen *g, const Pipeline *p, MlirValue firstSlab,
                             MlirValue base, MlirValue kCount,
                             MlirValue consumer, MlirValue acc[MaxSlabs],
                             MlirValue *doneToken) {
  int slabs = p->slabs;
  /* The ring position (stage, full-barrier parity) is carried through the
   * k loop, a step and a wrap a k tile, instead of two 64-bit divisions by
   * the stage count a k step. In ping-pong one warpgroup issues every
   * wgmma of the tile, so its scalar work is on the tensor pipe's critical
   * path (ncu: the divisions were 42 % of the k loop's samples, the tensor
   * pipe 65 % busy; carried, s2 C256 +12 %, bench/RESULTS.md run pp-3);
   * cooperative: neutral to +2.9 % (GEMM f16 4096^3, run rg-1). */
  MlirValue init[2];
  sm90AccInit(g, g->t->tileN, init);
  MlirValue carried[MaxSlabs + 3];
  for (int s = 0; s < slabs; ++s)
    carried[s] = init[0];
  carried[slabs] = init[1];
  carried[slabs + 1] = remc(g, base, g->t->stages);
  carried[slabs + 2] = sm90ParityOf(g, base, g->t->stages, false);
  int count = slabs + 3;
  MlirBlock body;
  MlirOperation loop =
      dlcBuildFor(&g->b, cst(g, 0), kCount, cst(g, 1), count, carried, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue kt = mlirBlockGetArgument(body, 0);
  MlirValue stage = mlirBlockGetArgument(body, slabs + 2);
  MlirValue parity = mlirBlockGetArgument(body, slabs + 3);
  sm90MbarrierWait(g, p->full, stage, parity);
  MlirValue next[MaxSlabs + 3];
  for (int s = 0; s < slabs; ++s) {
    MlirValue out[2];
    wgmmaSlab(g, p, stage, add(g, firstSlab, cst(g, s)),
              mlirBlockGetArgument(body, 1 + s), out);
    next[s] = out[0];
    next[slabs] = out[1];
  }
  /* This stage's groups in flight, the previous stage's done: every
   * consumer thread of it releases that stage. */
  sm90WgmmaWait(g, next[slabs], slabs);
  MlirBlock release;
  dlcBuildIf(&g->b, lt(g, cst(g, 0), kt), &release);
  DlcBuilder inLoop = g->b;
  g->b = dlcBuilderAtEnd(release, outer.loc);
  releaseStage(g, p, stageBefore(g, stage));
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = inLoop;
  /* the next stage, or past the last stage 0, parity flipped */
  MlirValue step = add(g, stage, cst(g, 1));
  MlirValue wrap = dlcCmpI(&g->b, "eq", step, cst(g, g->t->stages));
  next[slabs + 1] = sel(g, wrap, cst(g, 0), step);
  next[slabs + 2] = dlcArith(&g->b, "arith.xori", parity, wrap);
  dlcBuild(&g->b, "scf.yield", count, next, 0, NULL, 0, NULL, NULL);
  g->b = outer;
  if (!mlirValueIsNull(consumer))
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_ARRIVE, p->order, consumer, NULL,
                   0);
  /* Every group done: the tile's last stage is free for the producer,
   * which may already be loading the next tile. */
  *doneToken = sm90WgmmaWait(g, mlirOperationGetResult(loop, slabs), 0);
  /* The loop's last stage: the one before where its carried position
   * ended (no division). */
  releaseStage(g, p, stageBefore(g, mlirOperationGetResult(loop, slabs + 1)));
  for (int s = 0; s < slabs; ++s)
    acc[s] = mlirOperationGetResult(loop, s);
}

/* Ping-pong: before tile i > 0, wait until the other consumer has issued
 * the MMAs of tile i - 1 (its ((i - 1) / 2)-th, parity of that). Every
 * ring use before this tile's has then passed its full barrier, so this
 * tile's waits on it are at most one phase ahead; and none of its stages
 * can come round to one the other consumer still reads before that one's
 * release (the producer waits for it). */
static void waitTurn(Gen *g, const Pipeline *p, MlirValue index,
                     MlirValue consumer) {
  MlirBlock then;
  dlcBuildIf(&g->b, lt(g, cst(g, 0), index), &then);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(then, outer.loc);
  MlirValue other = sub(g, cst(g, 1), consumer);
  MlirValue turn = divc(g, sub(g, index, cst(g, 1)), 2);
  sm90MbarrierWait(g, p->order, other,
                   dlcCmpI(&g->b, "eq", remc(g, turn, 2), cst(g, 1)));
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

/* Stream-K: after a segment's k loop, a tile's rest stores its partial
 * for the owner; a head adds the partner's (CTA block + 1's) before the
 * epilogue; a whole tile goes straight to it (Skeleton.h, "Stream-K"). The
 * epilogue is emitted once, on the accumulators either way. */
static void finishSegment(Gen *g, const Pipeline *p, const Unit *u,
                          Fragments *f, MlirValue acc[MaxSlabs]) {
  MlirValue block = gemmGpuId(g, "gpu.block_id", "x");
  Sm90SplitK k = {
      .workspace = p->workspace,
      .acc = acc[0],
      .thread = sub(g, g->tid, cst(g, 128)),
      .row =
          add(g, add(g, g->m0, mul(g, f->firstSlab, ConsumerRows)), f->inSlab)};
  MlirBlock head, other;
  MlirType accType = mlirValueGetType(acc[0]);
  MlirOperation fixed =
      dlcBuildIfElse(&g->b, u->fixup, 1, &accType, &head, &other);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(head, outer.loc);
  k.unit = add(g, block, cst(g, 1));
  MlirValue sum = sm90StreamKFixup(g, &k);
  dlcBuild(&g->b, "scf.yield", 1, &sum, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(other, outer.loc);
  dlcBuild(&g->b, "scf.yield", 1, &acc[0], 0, NULL, 0, NULL, NULL);
  g->b = outer;
  MlirValue whole[MaxSlabs] = {mlirOperationGetResult(fixed, 0)};
  f->acc = whole;
  MlirBlock rest, tile;
  dlcBuildIfElse(&g->b, u->partial, 0, NULL, &rest, &tile);
  g->b = dlcBuilderAtEnd(rest, outer.loc);
  /* The same accumulators (a rest is no head): acc[0] kept live beside
   * them would take 128 more registers (ptxas spilled 400 bytes). */
  k.unit = block;
  k.acc = whole[0];
  sm90StreamKStore(g, &k);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(tile, outer.loc);
  sm90GemmFinishTile(g, p, f);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

static void consumeTile(Gen *g, const Pipeline *p, const Unit *u,
                        void *userData) {
  MlirValue consumer = *(MlirValue *)userData;
  MlirValue firstSlab = p->pingPong ? cst(g, 0) : mul(g, consumer, p->slabs);
  MlirValue done, acc[MaxSlabs];
  if (p->pingPong)
    waitTurn(g, p, u->index, consumer);
  emitConsumerLoop(g, p, firstSlab, u->base, u->kCount,
                   p->pingPong ? consumer : (MlirValue){NULL}, acc, &done);
  /* Thread t of the warpgroup holds rows warp*16 + lane/4 (+ 8) of each
   * 64-row slab and columns 8j + 2(lane % 4) (+ 1) of n8 block j, as
   * mma.sync does. */
  MlirValue local = remc(g, g->tid, 128), lane = remc(g, g->tid, 32);
  Fragments f = {.inSlab =
                     add(g, mul(g, divc(g, local, 32), 16), divc(g, lane, 4)),
                 .col = add(g, g->n0, mul(g, remc(g, lane, 4), 2)),
                 .firstSlab = firstSlab,
                 .consumer = consumer,
                 .acc = acc,
                 .done = done,
                 .pairs = gemmPairStores(g),
                 .steps = gemmStepsAttr(g)};
  if (p->streamK > 0) {
    finishSegment(g, p, u, &f, acc);
    return;
  }
  if (g->t->maxSplits <= 1) {
    sm90GemmFinishTile(g, p, &f);
    return;
  }
  /* Split-K, decided at launch: a unit past the whole tiles is a split
   * when there is more than one. */
  MlirBlock split, whole;
  dlcBuildIfElse(&g->b, andi(g, u->isSplit, lt(g, cst(g, 1), p->splits)), 0,
                 NULL, &split, &whole);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(split, outer.loc);
  Sm90SplitK k = {
      .workspace = p->workspace,
      .acc = acc[0],
      .done = done,
      .unit = u->splitId,
      .tile = u->splitTile,
      .splits = p->splits,
      .thread = sub(g, g->tid, cst(g, 128)),
      .row = add(g, add(g, g->m0, mul(g, firstSlab, ConsumerRows)), f.inSlab),
      .steps = f.steps,
      .pairs = f.pairs};
  sm90SplitKFinish(g, &k);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(whole, outer.loc);
  sm90GemmFinishTile(g, p, &f);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

static void emitConsumer(Gen *g, const Pipeline *p, MlirValue warpgroup) {
  MlirValue consumer = sub(g, warpgroup, cst(g, 1));
  /* A 64-row tile: the second warpgroup has no rows and exits at once
   * (uniform per warpgroup, so before setmaxnreg; 40 + 232 + its 168
   * registers a thread fit the SM's 64 K). */
  MlirBlock active;
  DlcBuilder outer = g->b;
  if (p->consumers < 2) {
    dlcBuildIf(&g->b, lt(g, consumer, cst(g, p->consumers)), &active);
    g->b = dlcBuilderAtEnd(active, outer.loc);
  }
  sm90SetMaxRegisters(g, sm90ConsumerRegisters(p->consumers), true);
  if (p->pingPong) /* every other tile, all its rows */
    forEachTile(g, p, consumer, 2, consumeTile, &consumer);
  else /* every tile, 64 of its rows */
    forEachTile(g, p, (MlirValue){NULL}, 1, consumeTile, &consumer);
  /* The staging buffer must outlive its last store's reads (only those, as
   * CUTLASS's store tail: a CTA leaves without a round trip to memory). */
  if (!mlirValueIsNull(p->staging))
    sm90GemmStoreReadWait(g, 0);
  if (p->consumers < 2) {
    dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    g->b = outer;
  }
}

int64_t dlcSm90Consumers(const DlcGemmTiling *t) {
  return dlcPlanSm90Consumers(t->tileM, t->warpM);
}

int64_t dlcSm90Threads(const DlcGemmTiling *t) {
  int64_t consumers = dlcSm90Consumers(t);
  return 128 * (1 + (consumers > 2 ? consumers : 2));
}

bool dlcSm90EvenRounds(const KpProblem *p, const DlcGemmTiling *t) {
  return !p->implicit && t->maxSplits <= 1 && t->streamK == 0 &&
         t->cluster <= 1;
}

bool dlcSm90WalksBatch(const KpProblem *p, const DlcGemmTiling *t) {
  return p->has[KP_BATCH] && dlcSm90EvenRounds(p, t);
}

bool dlcSm90ClusterSharesB(const DlcGemmTiling *t) {
  return t->tileN >= t->tileM;
}

/* i1: C's map was encoded: over C when its base and byte strides are
 * multiples of 16, else over the workspace the host copies into C (the
 * map's repack_out); the host passes 0 for a map it left unencoded
 * (docs/runtime.md, "Optional maps"). */
static MlirValue outputMapUsable(Gen *g, MlirValue map) {
  return dlcCmpI(&g->b, "ne", map,
                 dlcConstInt(&g->b, mlirValueGetType(map), 0));
}

void dlcEmitSm90Gemm(MlirOperation kernel, const KpProblem *p,
                     const DlcGemmTiling *t, int numTensors, int mapArg) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  Gen gen;
  Gen *g = &gen;
  gemmGenInit(g, kernel, p, t, numTensors);
  g->threads = dlcSm90Threads(t);

  /* A convolution reads A through an im2col map (checkSm90 has refused
   * those it cannot). */
  DlcIm2col im;
  bool conv = p->implicit && !dlcSm90Im2col(p, &im);
  Pipeline pipe;
  planStaging(g, &pipe.a, &g->ta, KP_M, t->tileM,
              mlirBlockGetArgument(entry, mapArg), conv ? &im : NULL);
  planStaging(g, &pipe.b, &g->tb, KP_N, t->tileN,
              mlirBlockGetArgument(entry, mapArg + 1), NULL);
  pipe.cluster = t->cluster > 1 ? t->cluster : 1;
  pipe.rank = (MlirValue){NULL};
  if (pipe.cluster > 1)
    pipe.rank = dlcBuildValue(&g->b, DLC_OP_DLCGPU_CLUSTER_RANK, 0, NULL,
                              g->idx, 0, NULL, NULL);
  pipe.full = sm90Barriers(g, t->stages);
  pipe.empty = sm90Barriers(g, t->stages);
  pipe.consumers = dlcSm90Consumers(t);
  pipe.pingPong = t->warpM == t->tileM && pipe.consumers == 2;
  pipe.slabs = (int)(t->warpM / ConsumerRows);
  pipe.order = (MlirValue){NULL};
  if (pipe.pingPong)
    pipe.order = sm90Barriers(g, 2);
  pipe.staging = pipe.outMap = pipe.mapUsable = (MlirValue){NULL};
  int nextArg = mapArg + 2;
  pipe.boxes = pipe.slabs * (t->tileN / BoxMN);
  pipe.slots = t->stagedBoxes > 0 ? t->stagedBoxes : pipe.boxes;
  pipe.eachBox = pipe.slots < pipe.boxes;
  if (t->stagedEpilogue) { /* C's map follows A's and B's */
    int64_t shape[] = {pipe.consumers, pipe.slots, ConsumerRows, BoxMN};
    pipe.staging = sm90SmemAlloc(
        g, sm90SmemType(g, 4, shape, kpElementType(g->b.ctx, p->c.element)),
        1024, "128b");
    pipe.outMap = mlirBlockGetArgument(entry, nextArg++);
    pipe.mapUsable = outputMapUsable(g, pipe.outMap);
  }
  /* im2col: KH·KW taps of ceil(C / 64) channel blocks each. */
  if (pipe.a.im2col)
    pipe.kTiles =
        mul(g,
            divc(g, add(g, g->fusedSize[KP_K][im.channelAt], cst(g, BoxK - 1)),
                 BoxK),
            im.taps[0] * im.taps[1]);
  else
    pipe.kTiles = divc(g, add(g, g->size[KP_K], cst(g, BoxK - 1)), BoxK);
  pipe.splits = cst(g, 1);
  pipe.kPer = pipe.kTiles;
  pipe.whole = (MlirValue){NULL};
  pipe.workspace = (MlirValue){NULL};
  pipe.streamK = t->streamK;
  if (t->streamK > 0) /* the workspace follows the maps */
    pipe.workspace = mlirBlockGetArgument(entry, nextArg);
  if (t->maxSplits > 1) { /* the workspace follows the maps */
    MlirValue rows =
        divc(g, add(g, g->size[KP_M], cst(g, t->tileM - 1)), t->tileM);
    MlirValue cols =
        divc(g, add(g, g->size[KP_N], cst(g, t->tileN - 1)), t->tileN);
    sm90SplitsValue(g, mulv(g, rows, cols), pipe.kTiles, &pipe.splits,
                    &pipe.kPer, &pipe.whole);
    pipe.workspace = mlirBlockGetArgument(entry, nextArg);
  }

  g->tid = gemmGpuId(g, "gpu.thread_id", "x");

  /* full[s]: one arrival (the producer's expect-tx) plus the bytes;
   * empty[s]: every thread of the consumers that read the stage (one
   * consumer's with ping-pong or a 64-row tile); clustered, every warp of
   * those consumers in each CTA of the cluster (releaseStage). */
  int64_t readers = pipe.pingPong ? 128 : 128 * pipe.consumers;
  for (int64_t s = 0; s < t->stages; ++s) {
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_INIT, pipe.full, cst(g, s),
                   "count", 1);
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_INIT, pipe.empty, cst(g, s),
                   "count",
                   pipe.cluster > 1 ? readers / 32 * pipe.cluster : readers);
  }
  for (int64_t consumer = 0; pipe.pingPong && consumer < 2; ++consumer)
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_INIT, pipe.order, cst(g, consumer),
                   "count", 128);
  /* Clustered: the inits visible to the other CTA before its loads and
   * releases (cluster_sync also orders this CTA's threads). */
  dlcBuild(&g->b,
           pipe.cluster > 1 ? DLC_OP_DLCGPU_CLUSTER_SYNC
                            : DLC_OP_DLCGPU_BARRIER,
           0, NULL, 0, NULL, 0, NULL, NULL);

  MlirValue warpgroup = divc(g, g->tid, 128);
  MlirBlock producer, consumers;
  dlcBuildIfElse(&g->b, dlcCmpI(&g->b, "eq", warpgroup, cst(g, 0)), 0, NULL,
                 &producer, &consumers);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(producer, outer.loc);
  emitProducer(g, &pipe);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(consumers, outer.loc);
  emitConsumer(g, &pipe, warpgroup);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
  /* No CTA leaves while its peer may still arrive on its barriers. */
  if (pipe.cluster > 1)
    dlcBuild(&g->b, DLC_OP_DLCGPU_CLUSTER_SYNC, 0, NULL, 0, NULL, 0, NULL,
             NULL);
  dlcBuild(&g->b, "func.return", 0, NULL, 0, NULL, 0, NULL, NULL);
}
