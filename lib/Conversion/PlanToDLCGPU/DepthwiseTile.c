/* The depthwise convolution's tile kernel (plan algo_choice = {memory =
 * "depthwise_tile"}; docs/passes/convert-plan-to-dlcgpu.md, "Depthwise
 * convolutions"). A thread computes what the register kernel's does
 * (DepthwiseConv.c: `pixels` outputs along wo times a vector of channels),
 * but a CTA first stages its input tile — `rows` output rows of
 * colTiles * pixels outputs, their windows' rows and columns with the halo,
 * the CTA's channels — in shared memory, zero outside the image, by
 * coalesced 16-byte loads all issued before their stores; the weights
 * follow as in the register kernel. Each thread then reads its window from
 * there with no bounds check or select, each distinct vector once and
 * widened once, at a constant offset from its first pixel's.
 *
 * Why (run dw4-1, ncu on the H100): at 5x5 and 7x7 the register kernel's
 * thread holds 40 or 70 window vectors (254 registers, 12 % of the warps
 * an SM) and checks each against the image's bounds (ALU instructions 2.4x
 * cuDNN's); cuDNN's kernel issues fewer instructions at twice the
 * occupancy. Staging the tile bounds a thread's registers by its sums and
 * one window row and does the padding once per CTA. */
#include "DepthwiseGen.h"
#include "StepMath.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

enum {
  DwTileThreads = 256, /* a CTA's bound */
  /* Shared memory a CTA takes at most (input tile and weights): above it
   * the CTA keeps fewer rows. */
  DwTileMaxSmem = 96 * 1024,
  /* Loads of the input tile in flight a thread before their stores. */
  DwTileBatch = 16,
  /* A thread of a window this wide or wider computes 8 pixels, not 4: a
   * weight read serves twice the FMAs and a window row's reads 8 pixels
   * (run dw4-2, H100: 5x5 38.0 -> 34.6 us, 7x7 62.0 -> 49.1 us; 3x3 lost
   * 10-40 %, 63.3 -> 84.5 us at C256 56²). */
  DwTileWideColumns = 5
};

/* The window dims the last two pixel axes (output rows, columns) move:
 * one each, by a positive coefficient, and taps that move the window
 * forward only, along those two dims only. */
static const char *tileDims(const KpProblem *p, int *hDim, int *wDim) {
  const KpFused *f = &p->fused[KP_M];
  if (f->num < 2)
    return "it has no output row axis";
  int last = f->num - 1, row = last - 1;
  *hDim = *wDim = -1;
  for (int dim = 0; dim < p->window.rank; ++dim) {
    const KpWindowDim *wd = &p->window.dim[dim];
    int64_t reach = 0;
    for (int k = 0; k < p->fused[KP_K].num; ++k) {
      if (wd->kCoef[k] < 0)
        return "a tap moves its window backwards";
      reach += wd->kCoef[k] * (p->fused[KP_K].size[k].constant - 1);
    }
    if (wd->mCoef[row] < 0 || wd->mCoef[last] < 0 ||
        (wd->mCoef[row] && wd->mCoef[last]))
      return "an output pixel moves its window backwards or diagonally";
    int *role = wd->mCoef[row] ? hDim : wd->mCoef[last] ? wDim : NULL;
    if (role && *role >= 0)
      return "two window dims move with one output pixel axis";
    if (role)
      *role = dim;
    else if (reach != 0)
      return "its taps move the window along a dim no output pixel axis "
             "moves";
  }
  if (*hDim < 0 || *wDim < 0)
    return "its output rows and columns do not each move a window dim";
  return NULL;
}

/* The input tile's extent along window dim `dim` for `outputs` outputs
 * along pixel axis `axis`. */
static int64_t tileExtent(const KpProblem *p, int dim, int axis,
                          int64_t outputs) {
  const KpWindowDim *wd = &p->window.dim[dim];
  int64_t extent = wd->mCoef[axis] * (outputs - 1) + 1;
  for (int k = 0; k < p->fused[KP_K].num; ++k)
    extent += wd->kCoef[k] * (p->fused[KP_K].size[k].constant - 1);
  return extent;
}

static void tileShape(const KpProblem *p, DlcDepthwise *d, int64_t rows) {
  int last = p->fused[KP_M].num - 1;
  d->rows = rows;
  d->inRows = tileExtent(p, d->hDim, last - 1, rows);
  d->inCols = tileExtent(p, d->wDim, last, d->colTiles * d->pixels);
  int64_t bytes =
      d->inRows * d->inCols * d->span * d->width * kpElementBytes(p->a.element);
  d->haloBytes = (bytes + 15) / 16 * 16;
  d->tilesPerCta = rows * d->colTiles;
  d->threads = d->span * d->tilesPerCta;
}

/* The CTA's tile for d->pixels pixels a thread: a row spans the image's
 * width, up to 8 pixel tiles; its rows fill DwTileThreads threads, fewer
 * where the image has fewer or the shared memory would exceed
 * DwTileMaxSmem. Why it does not fit, or NULL. */
static const char *fitTile(const KpProblem *p, DlcDepthwise *d) {
  const KpFused *f = &p->fused[KP_M];
  int last = f->num - 1;
  int64_t wo = dwStaticOr(&f->size[last], -1);
  int64_t ho = dwStaticOr(&f->size[last - 1], -1);
  d->colTiles = wo > 0 ? (wo + d->pixels - 1) / d->pixels : 8;
  d->colTiles = d->colTiles < 8 ? d->colTiles : 8;
  int64_t rows = DwTileThreads / (d->span * d->colTiles);
  if (ho > 0 && ho < rows)
    rows = ho;
  tileShape(p, d, rows);
  while (d->rows > 1 && dlcDepthwiseSmemBytes(d) > DwTileMaxSmem)
    tileShape(p, d, d->rows - 1);
  /* The weights' copy (dwLoadWeights) has at most DwMaxTaps trips a
   * thread. */
  if ((d->taps * d->span * d->width + d->threads - 1) / d->threads > DwMaxTaps)
    return "its image is too small: a CTA has too few threads to copy its "
           "weights";
  if (dlcDepthwiseSmemBytes(d) > DwTileMaxSmem)
    return "its input tile does not fit the shared memory";
  return NULL;
}

const char *dlcDepthwiseTileProblem(const KpProblem *p, DlcDepthwise *out) {
  DlcDepthwise d;
  const char *why = dlcDepthwiseProblem(p, &d);
  if (!why)
    why = tileDims(p, &d.hDim, &d.wDim);
  if (why)
    return why;
  d.tile = true;
  /* Two CTAs an SM: ptxas fits an 8-pixel thread in 128 registers, not
   * 154-158 (7x7: 28 bytes of spill), 16 warps an SM instead of 8 (run
   * dw4-3, H100: 5x5 33.6 -> 28.6 us, 7x7 48.8 -> 43.7 us; 3x3 unchanged
   * at 90 registers, + SiLU 93.0 -> 68.0 us). */
  d.minBlocks = 2;
  d.width = (int)dwVectorWidth(p, d.channels, 8);
  d.chunks = d.channels / d.width;
  d.groups = (d.chunks + DwMaxSpan - 1) / DwMaxSpan;
  d.span = (d.chunks + d.groups - 1) / d.groups;
  int64_t columns = 1; /* the window's taps along a row */
  for (int k = 0; k < p->fused[KP_K].num; ++k)
    if (p->window.dim[d.wDim].kCoef[k] != 0)
      columns *= p->fused[KP_K].size[k].constant;
  d.pixels = columns >= DwTileWideColumns ? 8 : 4;
  const char *fits = fitTile(p, &d);
  if (fits && d.pixels == 8) {
    d.pixels = 4; /* more pixel tiles a CTA for the weights' copy */
    fits = fitTile(p, &d);
  }
  if (fits)
    return fits;
  d.reads = dwDistinctReads(p, d.taps, d.pixels);
  if (out)
    *out = d;
  return NULL;
}

/* --- the generator -------------------------------------------------------
 */

/* The pixel axes' indices of the CTA's first output (w->m), from its grid
 * index: column tiles fastest, then row tiles, then the outer axes. */
static void ctaOrigin(Dw *w, MlirValue cta) {
  const KpFused *f = &w->p->fused[KP_M];
  const DlcDepthwise *d = w->d;
  int last = f->num - 1;
  int64_t cols = d->colTiles * d->pixels;
  MlirValue colTiles =
      dwOp(w, "arith.ceildivui", dwExtent(w, &f->size[last]), dwIndex(w, cols));
  MlirValue rowTiles =
      dwOp(w, "arith.ceildivui", dwExtent(w, &f->size[last - 1]),
           dwIndex(w, d->rows));
  MlirValue tiles[] = {colTiles, rowTiles};
  dwSplitPixels(w, cta, 2, tiles, (int64_t[]){cols, d->rows});
}

/* Input-tile vector `i` ([row][col][chunk], chunk fastest: 16-byte loads
 * of consecutive channels, then the next pixel), zero outside the image
 * or past the channels; an index past the tile (`valid` false) loads
 * vector 0. */
static MlirValue tileLoad(Dw *w, MlirValue i, MlirValue cta) {
  const DlcDepthwise *d = w->d;
  const KpWindow *win = &w->p->window;
  MlirValue chunkInCta = dwOp(w, "arith.remui", i, dwIndex(w, d->span));
  MlirValue pixel = dwOp(w, "arith.divui", i, dwIndex(w, d->span));
  MlirValue col = dwOp(w, "arith.remui", pixel, dwIndex(w, d->inCols));
  MlirValue row = dwOp(w, "arith.divui", pixel, dwIndex(w, d->inCols));
  MlirValue chunk = dwChunk(w, cta, chunkInCta);
  MlirValue inside = dlcCmpI(&w->b, "ult", chunk, dwIndex(w, d->chunks));
  MlirValue off = dwOp(w, "arith.muli", chunk, dwIndex(w, d->width));
  for (int dim = 0; dim < win->rank; ++dim) {
    if (!dwDimMoves(&win->dim[dim]))
      continue; /* the channel's dim */
    MlirValue at = w->base[dim];
    if (dim == d->hDim || dim == d->wDim)
      at = dwOp(w, "arith.addi", at, dim == d->hDim ? row : col);
    dwAddDim(w, dim, at, &inside, &off);
  }
  off = dlcSelect(&w->b, inside, off, dwIndex(w, 0));
  return dwZeroOutside(w, inside,
                       dwLoadChannels(w, &w->p->a, off, true, false));
}

/* Stages the CTA's input tile in shared memory: batches of DwTileBatch
 * loads a thread, each batch's loads before its stores (the last trip's
 * tail under a guard). */
static MlirValue stageTile(Dw *w, MlirValue tid, MlirValue cta) {
  const DlcDepthwise *d = w->d;
  int64_t vectors = d->inRows * d->inCols * d->span;
  int64_t trips = (vectors + d->threads - 1) / d->threads;
  MlirType element = kpElementType(w->ctx, w->p->a.element);
  MlirValue tile = dwSmemAlloc(w, element, vectors * d->width);
  const char *names[] = {"alignment"};
  MlirAttribute align = dwAlignment(w, w->p->a.element, true);
  for (int64_t first = 0; first < trips; first += DwTileBatch) {
    int64_t batch = trips - first < DwTileBatch ? trips - first : DwTileBatch;
    MlirValue values[DwTileBatch], at[DwTileBatch], valid[DwTileBatch];
    for (int64_t r = 0; r < batch; ++r) {
      MlirValue i =
          dwOp(w, "arith.addi", tid, dwIndex(w, (first + r) * d->threads));
      valid[r] = dlcCmpI(&w->b, "ult", i, dwIndex(w, vectors));
      i = dlcSelect(&w->b, valid[r], i, dwIndex(w, 0));
      values[r] = tileLoad(w, i, cta);
      at[r] = dwOp(w, "arith.muli", i, dwIndex(w, d->width));
    }
    for (int64_t r = 0; r < batch; ++r) {
      DlcBuilder outer = w->b;
      bool tail = (first + r + 1) * d->threads > vectors;
      if (tail)
        outer = dwThen(w, valid[r]);
      MlirValue operands[] = {values[r], tile, at[r]};
      dlcBuild(&w->b, "vector.store", 3, operands, 0, NULL, 1, names, &align);
      if (tail)
        dwEndThen(w, outer);
    }
  }
  return tile;
}

/* The window vector at offsets `delta` from the thread's first pixel's,
 * widened: read from the tile at a constant offset from `first` (the
 * thread's first pixel's window in the tile), once per distinct offset. */
static MlirValue tileRead(Dw *w, MlirValue tile, MlirValue first,
                          const int64_t *delta) {
  const DlcDepthwise *d = w->d;
  int rank = w->p->window.rank;
  for (int r = 0; r < w->numReads; ++r)
    if (!memcmp(w->reads[r].delta, delta, sizeof(int64_t) * rank))
      return w->reads[r].value;
  int64_t step =
      (delta[d->hDim] * d->inCols + delta[d->wDim]) * d->span * d->width;
  MlirValue operands[] = {tile, dwOp(w, "arith.addi", first, dwIndex(w, step))};
  const char *names[] = {"alignment"};
  MlirAttribute align = dwAlignment(w, w->p->a.element, true);
  MlirValue v = dlcBuildValue(
      &w->b, "vector.load", 2, operands,
      dwVector(w, kpElementType(w->ctx, w->p->a.element)), 1, names, &align);
  v = dlcBuildValue(&w->b, "arith.extf", 1, &v, w->vf32, 0, NULL, NULL);
  DwRead *r = &w->reads[w->numReads++];
  memcpy(r->delta, delta, sizeof(int64_t) * rank);
  r->value = v;
  return v;
}

/* The k axis whose taps move the window's rows when it is the outermost
 * one longer than 1 and no other k axis moves them (the taps are then a
 * loop over it, with the other axes' taps unrolled inside), else -1. */
static int rowTapAxis(const KpProblem *p, int hDim) {
  const KpFused *k = &p->fused[KP_K];
  int axis = -1;
  for (int i = 0; i < k->num; ++i) {
    bool moves = p->window.dim[hDim].kCoef[i] != 0;
    if (moves && axis >= 0)
      return -1;
    if (moves)
      axis = i;
    else if (axis < 0 && k->size[i].constant > 1)
      return -1; /* an outer axis that is not the rows' */
  }
  return axis;
}

/* The taps `first`..`first + count - 1` of the thread's sums `acc` (in
 * tap order, the reference's), the window read at `at` (the tile's index
 * of the thread's first pixel's window at these taps' first row). */
static void sumTaps(Dw *w, MlirValue tile, const DwWeights *ws, MlirValue at,
                    MlirValue chunkInCta, MlirValue first, int64_t count,
                    MlirValue *acc) {
  const KpProblem *p = w->p;
  w->numReads = 0; /* a loop's iteration reads its own rows */
  for (int64_t t = 0; t < count; ++t) {
    MlirValue weight = dwWeightAt(w, ws, chunkInCta, first, t);
    for (int j = 0; j < w->d->pixels; ++j) {
      int64_t delta[KP_MAX_RANK];
      dwWindowDelta(p, j, t, delta);
      MlirValue fma[] = {tileRead(w, tile, at, delta), weight, acc[j]};
      acc[j] =
          dlcBuildValue(&w->b, "vector.fma", 3, fma, w->vf32, 0, NULL, NULL);
    }
  }
}

/* The thread's sums over the taps, then its pixels' epilogue and stores.
 * `ty`, `tx`: its row and pixel tile in the CTA's tile. Where the taps'
 * rows are one k axis (rowTapAxis), a loop over them: unrolled, ptxas
 * hoisted every tap's window and weight reads (199 registers at 5x5, 4
 * pixels x 8 channels); a loop bounds them by one row's. */
static void emitSums(Dw *w, MlirValue tile, const DwWeights *ws,
                     MlirValue chunkInCta, MlirValue ty, MlirValue tx) {
  const KpProblem *p = w->p;
  const DlcDepthwise *d = w->d;
  int last = p->fused[KP_M].num - 1;
  int64_t rowStep = p->window.dim[d->hDim].mCoef[last - 1];
  int64_t colStep = p->window.dim[d->wDim].mCoef[last] * d->pixels;
  int64_t vector = d->span * d->width; /* a pixel's elements in the tile */
  MlirValue pixel =
      dwOp(w, "arith.addi",
           dwOp(w, "arith.muli", ty, dwIndex(w, rowStep * d->inCols)),
           dwOp(w, "arith.muli", tx, dwIndex(w, colStep)));
  MlirValue lane = dwOp(w, "arith.muli", chunkInCta, dwIndex(w, d->width));
  MlirValue at = dwOp(w, "arith.addi",
                      dwOp(w, "arith.muli", pixel, dwIndex(w, vector)), lane);
  MlirValue acc[DwMaxPixels];
  for (int j = 0; j < d->pixels; ++j)
    acc[j] = dlcStepSplat(&w->b, w->vf32, 0.0);
  int axis = rowTapAxis(p, d->hDim);
  if (axis < 0) {
    sumTaps(w, tile, ws, at, chunkInCta, dwIndex(w, 0), d->taps, acc);
    dwStorePixels(w, acc);
    return;
  }
  int64_t rows = p->fused[KP_K].size[axis].constant;
  int64_t inner = d->taps / rows;
  MlirBlock body;
  MlirOperation loop = dlcBuildFor(&w->b, dwIndex(w, 0), dwIndex(w, rows),
                                   dwIndex(w, 1), d->pixels, acc, &body);
  DlcBuilder outer = w->b;
  w->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue r = mlirBlockGetArgument(body, 0);
  int64_t rowElements = p->window.dim[d->hDim].kCoef[axis] * d->inCols * vector;
  MlirValue rowAt = dwOp(w, "arith.addi", at,
                         dwOp(w, "arith.muli", r, dwIndex(w, rowElements)));
  MlirValue rowTap = dwOp(w, "arith.muli", r, dwIndex(w, inner));
  for (int j = 0; j < d->pixels; ++j)
    acc[j] = mlirBlockGetArgument(body, j + 1);
  sumTaps(w, tile, ws, rowAt, chunkInCta, rowTap, inner, acc);
  dlcBuild(&w->b, "scf.yield", d->pixels, acc, 0, NULL, 0, NULL, NULL);
  w->b = outer;
  for (int j = 0; j < d->pixels; ++j)
    acc[j] = mlirOperationGetResult(loop, j);
  dwStorePixels(w, acc);
}

void dlcEmitDepthwiseTile(MlirOperation kernel, const KpProblem *p,
                          const DlcDepthwise *d, int numTensors) {
  Dw *w = dwCreate(kernel, p, d, numTensors);
  const KpFused *f = &p->fused[KP_M];
  int last = f->num - 1;
  MlirValue tid = dwGpuId(w, "gpu.thread_id", "x");
  MlirValue ctaY = dwGpuId(w, "gpu.block_id", "y");
  ctaOrigin(w, dwGpuId(w, "gpu.block_id", "x"));
  dwWindowOrigin(w);
  MlirValue tile = stageTile(w, tid, ctaY);
  DwWeights ws;
  dwLoadWeights(w, tid, ctaY, true, &ws);
  dwStoreWeights(w, &ws);
  dlcBuild(&w->b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL, NULL);
  MlirValue chunkInCta = dwOp(w, "arith.remui", tid, dwIndex(w, d->span));
  MlirValue tileIndex = dwOp(w, "arith.divui", tid, dwIndex(w, d->span));
  MlirValue ty = dwOp(w, "arith.divui", tileIndex, dwIndex(w, d->colTiles));
  MlirValue tx = dwOp(w, "arith.remui", tileIndex, dwIndex(w, d->colTiles));
  MlirValue chunk = dwChunk(w, ctaY, chunkInCta);
  w->c0 = dwOp(w, "arith.muli", chunk, dwIndex(w, d->width));
  w->m[last - 1] = dwOp(w, "arith.addi", w->m[last - 1], ty);
  w->m[last] = dwOp(w, "arith.addi", w->m[last],
                    dwOp(w, "arith.muli", tx, dwIndex(w, d->pixels)));
  MlirValue active = dwOp(
      w, "arith.andi", dlcCmpI(&w->b, "ult", chunk, dwIndex(w, d->chunks)),
      dlcCmpI(&w->b, "ult", w->m[last - 1], dwExtent(w, &f->size[last - 1])));
  DlcBuilder outer = dwThen(w, active);
  emitSums(w, tile, &ws, chunkInCta, ty, tx);
  dwEndThen(w, outer);
  dlcBuild(&w->b, "func.return", 0, NULL, 0, NULL, 0, NULL, NULL);
  free(w);
}
