/* The memory-bound skeleton's transpose mode (MemoryBound.h, Skeleton.h):
 * a CTA per TILE x TILE tile of (axis, last iter) at one point of the other
 * iters. The staged reads run along the axis and across the last iter; read
 * in place, a warp's 32 loads would touch 32 rows. Here the threads first
 * read each staged tile along the axis (a warp's loads consecutive) into
 * shared memory, then compute the points along the last iter (a warp's
 * stores consecutive), taking the staged values from the tile.
 *
 * Every point of a tile is read, clamped into the extents (so that no read
 * is out of bounds and every load of a thread is in flight at once); only
 * the points inside are stored. Tile word (l, a) of a staged read is at l *
 * (TILE + 1) + a: the first pass's warps write consecutive words, the
 * second's read words TILE + 1 apart, both without bank conflicts.
 *
 * Each pass moves scalars, or chunks of W = m->width elements where they
 * are whole and aligned (dlcMemoryTransposeWidth: the stores along the
 * last iter; dlcMemoryTransposeReadChunks: the loads along the axis). */
#include "MemoryBound.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* Batch: the points a thread computes before it stores them (16 at once
 * spilled sigmoid(X^T + Z) at 64 registers). */
enum {
  Tile = DLC_MEMORY_TRANSPOSE_TILE,
  Row = DLC_MEMORY_TRANSPOSE_TILE + 1,
  Batch = 8
};

MlirValue mbStagedRead(Mb *m, DlcBuilder *b, const KpIndexed *x) {
  for (int i = 0; i < m->numStaged; ++i) {
    if (&m->p->indexed[m->staged[i]] != x)
      continue;
    MlirValue word = dlcArith(b, "arith.addi", m->stagedSlot,
                              mbIndex(b, (int64_t)i * Tile * Row));
    MlirValue operands[] = {m->scratch, word};
    return dlcBuildValue(b, "memref.load", 2, operands, m->f32, 0, NULL, NULL);
  }
  return (MlirValue){NULL};
}

/* The iter merged into the tiled axis (dlcMemoryTransposeMerged): the
 * axis' index i is (i / width, i % width) of (merged, axis). */
typedef struct Merge {
  int axis, merged;
  int64_t width;
} Merge;

/* The CTA's tile: its first indices along the axis and the last iter, the
 * extents (the axis': the tiled length), and the loops bound by it. */
typedef struct Tiling {
  Merge merge;
  int axis, last;
  MlirValue first[KP_MAX_LOOPS], extent[KP_MAX_LOOPS];
  uint32_t tiled;
} Tiling;

/* Binds the tiled loops to axis index `a` (the merged iter and the axis
 * from it) and last-iter index `l`, both in their extents. */
static void bindTiled(Mb *m, DlcBuilder *b, const Tiling *t, MlirValue a,
                      MlirValue l) {
  const Merge *merge = &t->merge;
  m->loopValue[t->axis] = a;
  if (merge->merged >= 0) {
    MlirValue width = mbIndex(b, merge->width);
    m->loopValue[merge->merged] = dlcArith(b, "arith.divui", a, width);
    m->loopValue[t->axis] = dlcArith(b, "arith.remui", a, width);
    m->loopFrame[merge->merged] = 0;
  }
  m->loopValue[t->last] = l;
  m->loopFrame[t->axis] = m->loopFrame[t->last] = 0;
}

/* `index` clamped to at most `extent` - `back`. */
static MlirValue clampTo(DlcBuilder *b, MlirValue index, MlirValue extent,
                         int64_t back) {
  return dlcArith(b, "arith.minui", index,
                  dlcArith(b, "arith.subi", extent, mbIndex(b, back)));
}

/* The tile's point `k` of this thread (k-th of its Tile * Tile / threads)
 * when the fast index runs along the axis (`alongAxis`) or the last iter:
 * the fast one is first[] + the thread's word in the tile row, the other
 * first[] + its row, each clamped into its extent and bound; *inside: both
 * are in. Returns the point's word in a staged tile. */
static MlirValue bindPoint(Mb *m, DlcBuilder *b, const Tiling *t, int k,
                           bool alongAxis, MlirValue *inside) {
  int64_t rowsPerTrip = m->threads / Tile;
  MlirValue column = dlcArith(b, "arith.remui", m->tid, mbIndex(b, Tile));
  MlirValue row = dlcArith(b, "arith.addi",
                           dlcArith(b, "arith.divui", m->tid, mbIndex(b, Tile)),
                           mbIndex(b, k * rowsPerTrip));
  MlirValue a = alongAxis ? column : row, l = alongAxis ? row : column;
  MlirValue atA = dlcArith(b, "arith.addi", t->first[t->axis], a);
  MlirValue atL = dlcArith(b, "arith.addi", t->first[t->last], l);
  *inside =
      dlcArith(b, "arith.andi", dlcCmpI(b, "ult", atA, t->extent[t->axis]),
               dlcCmpI(b, "ult", atL, t->extent[t->last]));
  bindTiled(m, b, t, clampTo(b, atA, t->extent[t->axis], 1),
            clampTo(b, atL, t->extent[t->last], 1));
  return dlcArith(b, "arith.addi",
                  dlcArith(b, "arith.muli", l, mbIndex(b, Row)), a);
}

/* Staging by scalars: the threads run along the axis; every load before
 * the stores. */
static void stageScalars(Mb *m, DlcBuilder *b, const Tiling *t) {
  int trips = (int)(Tile * Tile / m->threads);
  MlirValue inside;
  for (int i = 0; i < m->numStaged; ++i) {
    MlirValue value[Tile * Tile / 32], word[Tile * Tile / 32];
    for (int k = 0; k < trips; ++k) {
      MlirValue slot = bindPoint(m, b, t, k, true, &inside);
      value[k] = mbLoadElement(m, b, &m->p->indexed[m->staged[i]]);
      word[k] =
          dlcArith(b, "arith.addi", slot, mbIndex(b, (int64_t)i * Tile * Row));
    }
    for (int k = 0; k < trips; ++k) {
      MlirValue operands[] = {value[k], m->scratch, word[k]};
      dlcBuild(b, "memref.store", 3, operands, 0, NULL, 0, NULL, NULL);
    }
  }
}

/* The thread's chunk in a tile row of Tile / W chunks (thread t: chunk t %
 * (Tile / W) of rows t / (Tile / W) + k·R, R = T·W / Tile a trip): its
 * first word along the row, its row, the rows a trip and the trips. */
typedef struct Chunks {
  MlirValue start, row;
  int64_t rows;
  int trips;
} Chunks;

static Chunks chunksOf(Mb *m, DlcBuilder *b) {
  int64_t lanes = Tile / m->width;
  Chunks c = {.rows = m->threads / lanes};
  c.trips = (int)(Tile / c.rows);
  c.start = dlcArith(b, "arith.muli",
                     dlcArith(b, "arith.remui", m->tid, mbIndex(b, lanes)),
                     mbIndex(b, m->width));
  c.row = dlcArith(b, "arith.divui", m->tid, mbIndex(b, lanes));
  return c;
}

/* Staging by chunks: each loaded along the axis as one vector (all of a
 * thread's before their stores), its W words stored. */
static void stageChunks(Mb *m, DlcBuilder *b, const Tiling *t) {
  Chunks c = chunksOf(m, b);
  int64_t width = m->width;
  const char *names[] = {"static_position"};
  for (int i = 0; i < m->numStaged; ++i) {
    MlirValue value[Tile], word[Tile];
    for (int k = 0; k < c.trips; ++k) {
      MlirValue l = dlcArith(b, "arith.addi", c.row, mbIndex(b, k * c.rows));
      MlirValue a = dlcArith(b, "arith.addi", t->first[t->axis], c.start);
      MlirValue at = dlcArith(b, "arith.addi", t->first[t->last], l);
      bindTiled(m, b, t, clampTo(b, a, t->extent[t->axis], width),
                clampTo(b, at, t->extent[t->last], 1));
      value[k] = mbLoadChunk(m, b, &m->p->indexed[m->staged[i]]);
      word[k] = dlcArith(b, "arith.addi",
                         dlcArith(b, "arith.muli", l, mbIndex(b, Row)),
                         dlcArith(b, "arith.addi", c.start,
                                  mbIndex(b, (int64_t)i * Tile * Row)));
    }
    for (int k = 0; k < c.trips; ++k)
      for (int64_t e = 0; e < width; ++e) {
        MlirAttribute pos = mlirDenseI64ArrayGet(m->ctx, 1, &e);
        MlirValue operands[] = {
            dlcBuildValue(b, "vector.extract", 1, &value[k], m->f32, 1, names,
                          &pos),
            m->scratch, dlcArith(b, "arith.addi", word[k], mbIndex(b, e))};
        dlcBuild(b, "memref.store", 3, operands, 0, NULL, 0, NULL, NULL);
      }
  }
}

/* Computing by scalars along the last iter, Batch points at a time: their
 * values (their reads in flight together), then the stores of those
 * inside. */
static void computeScalars(Mb *m, DlcBuilder *b, const Tiling *t) {
  const KpMemoryProblem *p = m->p;
  int trips = (int)(Tile * Tile / m->threads);
  MlirValue results[Batch][KP_MAX_OUTPUTS], in[Batch], inside;
  for (int k0 = 0; k0 < trips; k0 += Batch) {
    int n = trips - k0 < Batch ? trips - k0 : Batch;
    for (int k = 0; k < n; ++k) {
      m->stagedSlot = bindPoint(m, b, t, k0 + k, false, &in[k]);
      mbForgetAlong(m, t->tiled);
      for (int o = 0; o < p->numOutputs; ++o)
        results[k][o] = mbEmitStep(m, p->outputs[o].step);
    }
    for (int k = 0; k < n; ++k) {
      /* The point bound again, not its loop values kept from above: kept,
       * LLVM sank their clamps into the stores' branches and the kernels
       * ran 4-7 % slower (8192² 0.123 against 0.118 ms, H100, run tp-2). */
      bindPoint(m, b, t, k0 + k, false, &inside);
      mbForgetAlong(m, t->tiled);
      for (int o = 0; o < p->numOutputs; ++o) {
        m->stepValue[p->outputs[o].step] = results[k][o];
        m->stepFrame[p->outputs[o].step] = 0;
      }
      mbEmitStoresIf(m, b, in[k], p->outputs, p->numOutputs);
    }
  }
}

/* Computing by chunks along the last iter: a chunk's W points from the
 * tile, its W results stored as one vector where the chunk is inside. */
static void computeChunks(Mb *m, DlcBuilder *b, const Tiling *t) {
  const KpMemoryProblem *p = m->p;
  Chunks c = chunksOf(m, b);
  int64_t width = m->width, shape[] = {m->width};
  MlirType vector = mlirVectorTypeGet(1, shape, m->f32);
  for (int k = 0; k < c.trips; ++k) {
    MlirValue aTile = dlcArith(b, "arith.addi", c.row, mbIndex(b, k * c.rows));
    MlirValue a = dlcArith(b, "arith.addi", t->first[t->axis], aTile);
    MlirValue l = dlcArith(b, "arith.addi", t->first[t->last], c.start);
    MlirValue inside =
        dlcArith(b, "arith.andi", dlcCmpI(b, "ult", a, t->extent[t->axis]),
                 dlcCmpI(b, "ult", l, t->extent[t->last]));
    a = clampTo(b, a, t->extent[t->axis], 1);
    l = clampTo(b, l, t->extent[t->last], width);
    MlirValue results[KP_MAX_OUTPUTS][Tile];
    for (int64_t e = 0; e < width; ++e) {
      bindTiled(m, b, t, a, dlcArith(b, "arith.addi", l, mbIndex(b, e)));
      m->stagedSlot =
          dlcArith(b, "arith.addi",
                   dlcArith(b, "arith.muli",
                            dlcArith(b, "arith.addi", c.start, mbIndex(b, e)),
                            mbIndex(b, Row)),
                   aTile);
      mbForgetAlong(m, t->tiled);
      for (int o = 0; o < p->numOutputs; ++o)
        results[o][e] = mbEmitStep(m, p->outputs[o].step);
    }
    /* The chunk's first point, its W results a vector: one store each. */
    bindTiled(m, b, t, a, l);
    mbForgetAlong(m, t->tiled);
    for (int o = 0; o < p->numOutputs; ++o) {
      int step = p->outputs[o].step;
      m->stepValue[step] = dlcBuildValue(b, "vector.from_elements", width,
                                         results[o], vector, 0, NULL, NULL);
      m->stepFrame[step] = 0;
    }
    m->vecLoops = 1u << t->last;
    m->aligned = true;
    mbEmitStoresIf(m, b, inside, p->outputs, p->numOutputs);
    m->vecLoops = 0;
  }
}

void mbEmitTranspose(Mb *m) {
  const KpMemoryProblem *p = m->p;
  Tiling t;
  t.axis = dlcMemoryTransposeAxis(p);
  t.last = p->numIters - 1;
  t.merge = (Merge){t.axis, dlcMemoryTransposeMerged(p, t.axis),
                    p->loops[t.axis].size.constant};
  m->numStaged = dlcMemoryTransposeStaged(p, t.axis, m->staged);
  m->versionFrame = 0;
  DlcBuilder b = mbAt(m, 0);

  /* Block x: (the other iters' point, the axis' tile, the last's tile),
   * the last fastest. */
  KpExtent length = dlcMemoryTransposeLength(p, t.axis);
  t.extent[t.axis] = mbExtent(m, &b, &length);
  t.extent[t.last] = mbExtent(m, &b, &p->loops[t.last].size);
  MlirValue tile = mbIndex(&b, Tile);
  MlirValue lastTiles = dlcArith(&b, "arith.ceildivui", t.extent[t.last], tile);
  MlirValue axisTiles = dlcArith(&b, "arith.ceildivui", t.extent[t.axis], tile);
  MlirValue block = mbGpuId(m, &b, "gpu.block_id");
  t.first[t.last] = dlcArith(
      &b, "arith.muli", dlcArith(&b, "arith.remui", block, lastTiles), tile);
  block = dlcArith(&b, "arith.divui", block, lastTiles);
  t.first[t.axis] = dlcArith(
      &b, "arith.muli", dlcArith(&b, "arith.remui", block, axisTiles), tile);
  t.tiled = (1u << t.axis) | (1u << t.last) |
            (t.merge.merged >= 0 ? 1u << t.merge.merged : 0);
  mbBindLoops(m, &b, mbAllIters(p) & ~t.tiled,
              dlcArith(&b, "arith.divui", block, axisTiles), 0);

  bool chunks = m->width > 1 && (Tile * Tile / m->width) % m->threads == 0;
  if (chunks && dlcMemoryTransposeReadChunks(p))
    stageChunks(m, &b, &t);
  else
    stageScalars(m, &b, &t);
  dlcBuild(&b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL, NULL);
  if (chunks)
    computeChunks(m, &b, &t);
  else
    computeScalars(m, &b, &t);
}
