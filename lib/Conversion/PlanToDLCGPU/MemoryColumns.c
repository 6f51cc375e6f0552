/* The memory-bound skeleton's column mode (MemoryBound.h): a CTA per
 * column tile of the last iter and point of the others. A thread is a
 * chunk of the tile (DLC_MEMORY_COLUMN_LANES of them a warp's row, read
 * along the last iter by vectors) and a row: the CTA's rows share each
 * reduce's loop (columnCombine gives every thread its columns' results),
 * and the tile's first row stores. Column reductions: sum over M of
 * [M, N]. */
#include "MemoryBound.h"

/* Every thread computes its chunk's outputs (the reduces are the CTA's,
 * with barriers); the threads of row 0 store them. */
static void emitColumnOutputs(Mb *m) {
  int last = m->p->numIters - 1;
  if (m->width > 1)
    m->vecLoops |= 1u << last;
  for (int i = 0; i < m->p->numOutputs; ++i)
    mbEmitStep(m, m->p->outputs[i].step);
  DlcBuilder b = mbAt(m, m->versionFrame);
  MlirValue store = dlcCmpI(&b, "eq", m->rowTid, mbIndex(&b, 0));
  if (m->width == 1) /* vector stores are masked instead */
    store = dlcArith(&b, "arith.andi", store, m->colInside);
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
  m->wholeTile = (MlirValue){NULL};
}
