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
 *     1..n key tiles a CTA leave the last wave ragged.
 *
 * Both run the same per-tile code; a persistent CTA carries its K/V ring
 * position and the Q buffer's phase from one visit to the next. */
#include "Sm90FlashSchedule.h"

#include <stdio.h>

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
  if (unitTiles(a) == 1)
    snprintf(x, xSize, "min(ceildiv(%s, %lld)*%s, %d)", lq, (long long)tileM,
             batches, sms);
  else
    snprintf(x, xSize, "min(ceildiv(ceildiv(%s, %lld)*%s, %lld), %d)", lq,
             (long long)tileM, batches, (long long)unitTiles(a), sms);
  snprintf(y, ySize, "1");
}

void flashScheduleInit(Fa *f, FlashSchedule *s) {
  Gen *g = &f->g;
  s->persistent = f->t->grid == DLC_ATTN_GRID_PERSISTENT;
  s->cta = gemmGpuId(g, "gpu.block_id", "x");
  if (!s->persistent) {
    s->visits = cst(g, 1);
    return;
  }
  const KpAttention *a = f->a;
  int64_t w = unitTiles(a);
  MlirValue batches = cst(g, 1);
  for (int b = 0; b < a->numBatch; ++b)
    batches = mulv(g, batches, gemmExtent(g, &a->batchSize[b]));
  s->qTiles = divc(g, add(g, f->lq, cst(g, f->t->tileM - 1)), f->t->tileM);
  s->ctas = gemmGpuId(g, "gpu.grid_dim", "x");
  MlirValue tiles = mulv(g, s->qTiles, batches);
  MlirValue units = divc(g, add(g, tiles, cst(g, w - 1)), w);
  /* Units i, i + G, ... below `units` (i < G <= units). */
  MlirValue mine = dlcArith(
      &g->b, "arith.divui",
      add(g, sub(g, units, s->cta), sub(g, s->ctas, cst(g, 1))), s->ctas);
  s->visits = mul(g, mine, w);
  if (w == 2) {
    /* With an odd count of work tiles the last unit has one. */
    MlirValue last = add(g, s->cta, mulv(g, sub(g, mine, cst(g, 1)), s->ctas));
    MlirValue odd = dlcCmpI(&g->b, "eq", remc(g, tiles, 2), cst(g, 1));
    MlirValue shortUnit =
        andi(g, odd, dlcCmpI(&g->b, "eq", last, sub(g, units, cst(g, 1))));
    s->visits = sub(g, s->visits, sel(g, shortUnit, cst(g, 1), cst(g, 0)));
  }
}

void flashScheduleTile(Fa *f, const FlashSchedule *s, MlirValue visit,
                       MlirValue *qTile, MlirValue *batch) {
  Gen *g = &f->g;
  if (!s->persistent) {
    *qTile = s->cta;
    *batch = gemmGpuId(g, "gpu.block_id", "y");
    return;
  }
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
