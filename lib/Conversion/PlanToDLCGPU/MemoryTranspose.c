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
 * second's read words TILE + 1 apart, both without bank conflicts. */
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

/* The tile's point `k` of this thread (k-th of its Tile * Tile / threads)
 * when the fast index runs along `fast`: binds `fast` to first[fast] +
 * the thread's word in the tile row, `slow` to first[slow] + its row,
 * each clamped into its extent; *inside: both are in. Returns the point's
 * word in a staged tile. (The last iter is the later loop of the two.) */
static MlirValue bindPoint(Mb *m, DlcBuilder *b, int k, int fast, int slow,
                           const MlirValue *first, const MlirValue *extent,
                           const Merge *merge, MlirValue *inside) {
  int64_t rowsPerTrip = m->threads / Tile;
  MlirValue column = dlcArith(b, "arith.remui", m->tid, mbIndex(b, Tile));
  MlirValue row = dlcArith(b, "arith.addi",
                           dlcArith(b, "arith.divui", m->tid, mbIndex(b, Tile)),
                           mbIndex(b, k * rowsPerTrip));
  MlirValue at[2] = {column, row};
  int loops[2] = {fast, slow};
  *inside = dlcConstInt(b, m->i1, 1);
  for (int i = 0; i < 2; ++i) {
    int l = loops[i];
    MlirValue point = dlcArith(b, "arith.addi", first[l], at[i]);
    *inside =
        dlcArith(b, "arith.andi", *inside, dlcCmpI(b, "ult", point, extent[l]));
    m->loopValue[l] =
        dlcArith(b, "arith.minui", point,
                 dlcArith(b, "arith.subi", extent[l], mbIndex(b, 1)));
    m->loopFrame[l] = 0;
    if (l == merge->axis && merge->merged >= 0) {
      MlirValue width = mbIndex(b, merge->width), at = m->loopValue[l];
      m->loopValue[merge->merged] = dlcArith(b, "arith.divui", at, width);
      m->loopValue[l] = dlcArith(b, "arith.remui", at, width);
      m->loopFrame[merge->merged] = 0;
    }
  }
  /* Word (l, a): l along the last iter (the fast index in the second
   * pass), a along the axis. */
  MlirValue l = fast > slow ? column : row, a = fast > slow ? row : column;
  return dlcArith(b, "arith.addi",
                  dlcArith(b, "arith.muli", l, mbIndex(b, Row)), a);
}

/* Binds the tiled loops to axis index `a` (the merged iter and the axis
 * from it) and last-iter index `l`, both in their extents. */
static void bindTiled(Mb *m, DlcBuilder *b, const Merge *merge, int last,
                      MlirValue a, MlirValue l) {
  m->loopValue[merge->axis] = a;
  if (merge->merged >= 0) {
    MlirValue width = mbIndex(b, merge->width);
    m->loopValue[merge->merged] = dlcArith(b, "arith.divui", a, width);
    m->loopValue[merge->axis] = dlcArith(b, "arith.remui", a, width);
    m->loopFrame[merge->merged] = 0;
  }
  m->loopValue[last] = l;
  m->loopFrame[merge->axis] = m->loopFrame[last] = 0;
}

/* `index` clamped to at most `extent` - `back`. */
static MlirValue clampTo(DlcBuilder *b, MlirValue index, MlirValue extent,
                         int64_t back) {
  return dlcArith(b, "arith.minui", index,
                  dlcArith(b, "arith.subi", extent, mbIndex(b, back)));
}

/* Both passes by chunks of W = m->width elements (dlcMemoryTransposeWidth:
 * whole and aligned along the axis and the last iter). A tile row is
 * Tile / W chunks: thread t takes chunk t % (Tile / W) of rows t / (Tile /
 * W) + k·R (R = T·W / Tile rows a trip). Staging loads each chunk along
 * the axis as one vector (all of a thread's before their stores) and
 * stores its W words; the second pass computes a chunk's W points along
 * the last iter from the tile and stores them as one vector. */
static void emitChunks(Mb *m, DlcBuilder *b, const Merge *merge, int last,
                       const MlirValue *first, const MlirValue *extent,
                       uint32_t tiled) {
  const KpMemoryProblem *p = m->p;
  int axis = merge->axis;
  int64_t width = m->width, lanes = Tile / width, rows = m->threads / lanes;
  int trips = (int)(Tile / rows);
  MlirValue lane = dlcArith(b, "arith.remui", m->tid, mbIndex(b, lanes));
  MlirValue row = dlcArith(b, "arith.divui", m->tid, mbIndex(b, lanes));
  MlirValue chunk = dlcArith(b, "arith.muli", lane, mbIndex(b, width));
  const char *names[] = {"static_position"};
  for (int i = 0; i < m->numStaged; ++i) {
    MlirValue value[Tile], word[Tile];
    for (int k = 0; k < trips; ++k) {
      MlirValue l = dlcArith(b, "arith.addi", row, mbIndex(b, k * rows));
      MlirValue a = dlcArith(b, "arith.addi", first[axis], chunk);
      MlirValue at = dlcArith(b, "arith.addi", first[last], l);
      bindTiled(m, b, merge, last, clampTo(b, a, extent[axis], width),
                clampTo(b, at, extent[last], 1));
      value[k] = mbLoadChunk(m, b, &p->indexed[m->staged[i]]);
      word[k] = dlcArith(b, "arith.addi",
                         dlcArith(b, "arith.muli", l, mbIndex(b, Row)),
                         dlcArith(b, "arith.addi", chunk,
                                  mbIndex(b, (int64_t)i * Tile * Row)));
    }
    for (int k = 0; k < trips; ++k)
      for (int64_t e = 0; e < width; ++e) {
        MlirAttribute pos = mlirDenseI64ArrayGet(m->ctx, 1, &e);
        MlirValue operands[] = {
            dlcBuildValue(b, "vector.extract", 1, &value[k], m->f32, 1, names,
                          &pos),
            m->scratch, dlcArith(b, "arith.addi", word[k], mbIndex(b, e))};
        dlcBuild(b, "memref.store", 3, operands, 0, NULL, 0, NULL, NULL);
      }
  }
  dlcBuild(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL, NULL);

  int64_t shape[] = {width};
  MlirType vector = mlirVectorTypeGet(1, shape, m->f32);
  for (int k = 0; k < trips; ++k) {
    MlirValue aTile = dlcArith(b, "arith.addi", row, mbIndex(b, k * rows));
    MlirValue a = dlcArith(b, "arith.addi", first[axis], aTile);
    MlirValue l = dlcArith(b, "arith.addi", first[last], chunk);
    MlirValue inside =
        dlcArith(b, "arith.andi", dlcCmpI(b, "ult", a, extent[axis]),
                 dlcCmpI(b, "ult", l, extent[last]));
    a = clampTo(b, a, extent[axis], 1);
    l = clampTo(b, l, extent[last], width);
    MlirValue results[KP_MAX_OUTPUTS][Tile];
    for (int64_t e = 0; e < width; ++e) {
      bindTiled(m, b, merge, last, a,
                dlcArith(b, "arith.addi", l, mbIndex(b, e)));
      m->stagedSlot =
          dlcArith(b, "arith.addi",
                   dlcArith(b, "arith.muli",
                            dlcArith(b, "arith.addi", chunk, mbIndex(b, e)),
                            mbIndex(b, Row)),
                   aTile);
      mbForgetAlong(m, tiled);
      for (int o = 0; o < p->numOutputs; ++o)
        results[o][e] = mbEmitStep(m, p->outputs[o].step);
    }
    /* The chunk's first point, its W results a vector: one store each. */
    bindTiled(m, b, merge, last, a, l);
    mbForgetAlong(m, tiled);
    for (int o = 0; o < p->numOutputs; ++o) {
      int step = p->outputs[o].step;
      m->stepValue[step] = dlcBuildValue(b, "vector.from_elements", width,
                                         results[o], vector, 0, NULL, NULL);
      m->stepFrame[step] = 0;
    }
    m->vecLoops = 1u << last;
    m->aligned = true;
    mbEmitStoresIf(m, b, inside, p->outputs, p->numOutputs);
    m->vecLoops = 0;
  }
}

void mbEmitTranspose(Mb *m) {
  const KpMemoryProblem *p = m->p;
  int axis = dlcMemoryTransposeAxis(p), last = p->numIters - 1;
  m->numStaged = dlcMemoryTransposeStaged(p, axis, m->staged);
  m->versionFrame = 0;
  DlcBuilder b = mbAt(m, 0);

  /* Block x: (the other iters' point, the axis' tile, the last's tile),
   * the last fastest. */
  Merge merge = {axis, dlcMemoryTransposeMerged(p, axis),
                 p->loops[axis].size.constant};
  KpExtent length = dlcMemoryTransposeLength(p, axis);
  MlirValue extent[KP_MAX_LOOPS], first[KP_MAX_LOOPS];
  extent[axis] = mbExtent(m, &b, &length);
  extent[last] = mbExtent(m, &b, &p->loops[last].size);
  MlirValue tile = mbIndex(&b, Tile);
  MlirValue lastTiles = dlcArith(&b, "arith.ceildivui", extent[last], tile);
  MlirValue axisTiles = dlcArith(&b, "arith.ceildivui", extent[axis], tile);
  MlirValue block = mbGpuId(m, &b, "gpu.block_id");
  first[last] = dlcArith(&b, "arith.muli",
                         dlcArith(&b, "arith.remui", block, lastTiles), tile);
  block = dlcArith(&b, "arith.divui", block, lastTiles);
  first[axis] = dlcArith(&b, "arith.muli",
                         dlcArith(&b, "arith.remui", block, axisTiles), tile);
  uint32_t tiled = (1u << axis) | (1u << last) |
                   (merge.merged >= 0 ? 1u << merge.merged : 0);
  mbBindLoops(m, &b, mbAllIters(p) & ~tiled,
              dlcArith(&b, "arith.divui", block, axisTiles), 0);

  if (m->width > 1 && (Tile * Tile / m->width) % m->threads == 0) {
    emitChunks(m, &b, &merge, last, first, extent, tiled);
    return;
  }
  /* Stage: the threads run along the axis; every load before the stores. */
  int trips = (int)(Tile * Tile / m->threads);
  MlirValue inside;
  for (int i = 0; i < m->numStaged; ++i) {
    MlirValue value[Tile * Tile / 32], word[Tile * Tile / 32];
    for (int k = 0; k < trips; ++k) {
      MlirValue slot =
          bindPoint(m, &b, k, axis, last, first, extent, &merge, &inside);
      value[k] = mbLoadElement(m, &b, &p->indexed[m->staged[i]]);
      word[k] = dlcArith(&b, "arith.addi", slot,
                         mbIndex(&b, (int64_t)i * Tile * Row));
    }
    for (int k = 0; k < trips; ++k) {
      MlirValue operands[] = {value[k], m->scratch, word[k]};
      dlcBuild(&b, "memref.store", 3, operands, 0, NULL, 0, NULL, NULL);
    }
  }
  dlcBuild(&b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL, NULL);

  /* Compute along the last iter, Batch points at a time: their values
   * (their reads in flight together), then the stores of those inside. */
  MlirValue results[Batch][KP_MAX_OUTPUTS], in[Batch];
  for (int k0 = 0; k0 < trips; k0 += Batch) {
    int n = trips - k0 < Batch ? trips - k0 : Batch;
    for (int k = 0; k < n; ++k) {
      m->stagedSlot =
          bindPoint(m, &b, k0 + k, last, axis, first, extent, &merge, &in[k]);
      mbForgetAlong(m, tiled);
      for (int o = 0; o < p->numOutputs; ++o)
        results[k][o] = mbEmitStep(m, p->outputs[o].step);
    }
    for (int k = 0; k < n; ++k) {
      /* The point bound again, not its loop values kept from above: kept,
       * LLVM sank their clamps into the stores' branches and the kernels
       * ran 4-7 % slower (8192² 0.123 against 0.118 ms, H100, run tp-2). */
      bindPoint(m, &b, k0 + k, last, axis, first, extent, &merge, &inside);
      mbForgetAlong(m, tiled);
      for (int o = 0; o < p->numOutputs; ++o) {
        m->stepValue[p->outputs[o].step] = results[k][o];
        m->stepFrame[p->outputs[o].step] = 0;
      }
      mbEmitStoresIf(m, &b, in[k], p->outputs, p->numOutputs);
    }
  }
}
