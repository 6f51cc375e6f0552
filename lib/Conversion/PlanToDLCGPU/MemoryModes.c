/* The memory-bound skeleton's answers to the planner and the pass
 * (Skeleton.h): which modes fit a region and which the planner picks, how
 * wide its vector accesses can be, the shared memory it needs. */
#include "MemoryBound.h"
#include "PlanSchedule.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <string.h>

/* The loops a vector kernel runs by chunks: the last iter (row, column,
 * flat) and every cooperative reduce's (single) reduced loop (row,
 * point). */
uint32_t mbVectorLoops(const KpMemoryProblem *p, DlcMemoryMode mode) {
  uint32_t loops = mode == DLC_MEMORY_POINT || p->numIters == 0
                       ? 0
                       : 1u << (p->numIters - 1);
  bool reducesByChunks = mode == DLC_MEMORY_ROW || mode == DLC_MEMORY_POINT;
  for (int s = 0; reducesByChunks && s < p->numSteps; ++s)
    if (p->steps[s].kind == KP_STEP_REDUCE)
      loops |= p->steps[s].reduced;
  return loops;
}

bool dlcMemoryBoundSharedLength(const KpMemoryProblem *p, DlcMemoryMode mode,
                                KpExtent *length) {
  if (mode == DLC_MEMORY_ROW && p->numIters > 0) {
    *length = p->loops[p->numIters - 1].size;
    return true;
  }
  for (int s = 0; mode == DLC_MEMORY_POINT && s < p->numSteps; ++s) {
    if (p->steps[s].kind != KP_STEP_REDUCE)
      continue;
    /* Its reduced loops flattened (mbBindLoops): their product. */
    *length = kpExtentConstant(1);
    for (int l = 0; l < p->numLoops; ++l)
      if ((p->steps[s].reduced & (1u << l)) &&
          !kpExtentTimes(length, &p->loops[l].size, length))
        return false;
    return true;
  }
  return false;
}

int dlcMemoryLongWarpRows(const KpMemoryProblem *p, DlcMemoryMode mode,
                          int width) {
  return mode == DLC_MEMORY_POINT && width > 1 &&
                 kpRegionHasContraction(p->func)
             ? width
             : 0;
}

int dlcMemoryBoundScratchFloats(const KpMemoryProblem *p, DlcMemoryMode mode,
                                int64_t threads, int width) {
  if (mode == DLC_MEMORY_TRANSPOSE) {
    int staged[DLC_MEMORY_TRANSPOSE_MAX_STAGED];
    int tile = DLC_MEMORY_TRANSPOSE_TILE;
    return dlcMemoryTransposeStaged(p, dlcMemoryTransposeAxis(p), staged) *
           tile * (tile + 1);
  }
  int reduces = mode != DLC_MEMORY_FLAT ? dlcMemoryReduceCount(p) : 0;
  if (mode == DLC_MEMORY_COLUMN)
    return reduces * (int)(threads / 32) * DLC_MEMORY_COLUMN_LANES * width +
           dlcMemoryColumnSplits(p);
  /* A split's last CTA combines the partials by a tree of its own (32
   * slots), its flag takes the last slot; a split row's CTAs each combine
   * every reduce's partials by one. */
  if (dlcMemoryRowSplits(p, mode))
    return 2 * 32 * reduces;
  return 32 * reduces + (dlcMemoryPointSplits(p, mode) ? 33 : 0);
}

/* The one reduce of a region, -1 when it has none or several. */
static int onlyReduce(const KpMemoryProblem *p) {
  int found = -1;
  for (int s = 0; s < p->numSteps; ++s)
    if (p->steps[s].kind == KP_STEP_REDUCE) {
      if (found >= 0)
        return -1;
      found = s;
    }
  return found;
}

/* Not a contraction's column kernel (a GEMV): split over K it ran 2x
 * slower than whole (1 x 4096 x 4096: 38.3 against 18.3 us, H200,
 * bench/RESULTS.md run 27): its partials and last-CTA sum cost more than
 * the 64 column CTAs of 1024 threads lose. */
bool dlcMemoryColumnSplits(const KpMemoryProblem *p) {
  int r = onlyReduce(p);
  return r >= 0 && p->numIters > 0 && !kpRegionHasContraction(p->func);
}

/* Counters for 2 * SMs units, then `splits` partial slots of `slot` words
 * each. */
static int64_t splitWorkspaceBytes(int64_t splits, int64_t slot, int sms) {
  int64_t units = 2 * (int64_t)sms;
  return 4 * (units + units * splits * slot);
}

int64_t dlcMemoryColumnWorkspaceBytes(const KpMemoryProblem *p, int width,
                                      int sms) {
  /* (Tile u, split s) at u * S + s: S tiles' partials within 2 SMs. */
  int64_t slot = (DLC_MEMORY_COLUMN_LANES * (int64_t)width + 31) / 32 * 32;
  return dlcMemoryColumnSplits(p) ? splitWorkspaceBytes(1, slot, sms) : 0;
}

/* What a point's and a row's splits both need: no contraction, a shared
 * length that may reach one split's (a static one under it leaves S = 1
 * whatever the points), and reduces whose partials combine (sum, max,
 * min). */
static bool splittable(const KpMemoryProblem *p, DlcMemoryMode mode) {
  KpExtent length;
  if (kpRegionHasContraction(p->func) ||
      !dlcMemoryBoundSharedLength(p, mode, &length) ||
      (length.numSymbols == 0 &&
       length.constant < DLC_MEMORY_POINT_SPLIT_LENGTH))
    return false;
  for (int s = 0; s < p->numSteps; ++s) {
    const char *fn = p->steps[s].fn;
    if (p->steps[s].kind == KP_STEP_REDUCE && strcmp(fn, "sum") != 0 &&
        strcmp(fn, "max") != 0 && strcmp(fn, "min") != 0)
      return false;
  }
  return true;
}

bool dlcMemoryPointSplits(const KpMemoryProblem *p, DlcMemoryMode mode) {
  return mode == DLC_MEMORY_POINT && onlyReduce(p) >= 0 && splittable(p, mode);
}

/* Whether `ctas` CTAs an SM leave every static point (of the first
 * `iters` iters) two splits at least: else S = 1 and the kernel needs no
 * split code. (The product stops growing past the bound, which it already
 * answers.) */
static bool staticPointsSplit(const KpMemoryProblem *p, int iters, int ctas,
                              int sms) {
  int64_t most = ctas * (int64_t)sms;
  int64_t points = 1;
  for (int l = 0; l < iters; ++l) {
    if (p->loops[l].size.numSymbols > 0)
      return true;
    if (points <= most)
      points *= p->loops[l].size.constant;
  }
  return most / (points + 1) >= 2;
}

int64_t dlcMemoryPointWorkspaceBytes(const KpMemoryProblem *p,
                                     DlcMemoryMode mode, int sms) {
  if (!dlcMemoryPointSplits(p, mode) ||
      !staticPointsSplit(p, p->numIters, DLC_MEMORY_POINT_SPLIT_CTAS, sms))
    return 0;
  return splitWorkspaceBytes(DLC_MEMORY_POINT_MAX_SPLITS, 1, sms);
}

int dlcMemoryReduceCount(const KpMemoryProblem *p) {
  int n = 0;
  for (int s = 0; s < p->numSteps; ++s)
    n += p->steps[s].kind == KP_STEP_REDUCE;
  return n;
}

bool dlcMemoryRowSplits(const KpMemoryProblem *p, DlcMemoryMode mode) {
  int reduces = dlcMemoryReduceCount(p);
  return mode == DLC_MEMORY_ROW && reduces > 0 &&
         reduces <= DLC_MEMORY_ROW_SPLIT_REDUCES && splittable(p, mode);
}

/* Rows that split are fewer than SMs (S >= 2 needs rows + 1 <= CTAS * SMs
 * / 2), so their counters fit the first 2 * SMs words, and their partials
 * take MAX_SPLITS words a slot a row after them: a slot a reduce, and one
 * more for a Welford pair's state (three values for two reduces). CTAs of
 * more than 512 threads do not split (two an SM must be resident). */
int64_t dlcMemoryRowWorkspaceBytes(const KpMemoryProblem *p, DlcMemoryMode mode,
                                   int64_t threads, int sms) {
  if (threads > 512 || !dlcMemoryRowSplits(p, mode) ||
      !staticPointsSplit(p, p->numIters - 1, DLC_MEMORY_ROW_SPLIT_CTAS, sms))
    return 0;
  int64_t rows = DLC_MEMORY_ROW_SPLIT_CTAS * (int64_t)sms / 2;
  int64_t slots = dlcMemoryReduceCount(p) + 1;
  return 4 *
         (2 * (int64_t)sms + rows * slots * (int64_t)DLC_MEMORY_ROW_MAX_SPLITS);
}

void dlcMemorySplitGridY(DlcMemoryMode mode, const char *points,
                         const char *length, int sms, char *out, size_t size) {
  bool row = mode == DLC_MEMORY_ROW;
  int ctas = row ? DLC_MEMORY_ROW_SPLIT_CTAS : DLC_MEMORY_POINT_SPLIT_CTAS;
  int most = row ? DLC_MEMORY_ROW_MAX_SPLITS : DLC_MEMORY_POINT_MAX_SPLITS;
  char x[400];
  snprintf(x, sizeof(x), "floordiv(%d, %s + 1)", ctas * sms, points);
  snprintf(out, size, "min(min(%d, %s + 1 - min(%s, 1)), ceildiv(%s + 1, %d))",
           most, x, x, length, DLC_MEMORY_POINT_SPLIT_LENGTH);
}

void dlcMemoryColumnGridY(const KpMemoryProblem *p, const char *units, int sms,
                          char *out, size_t size) {
  if (!dlcMemoryColumnSplits(p)) {
    snprintf(out, size, "1");
    return;
  }
  /* The rows: the reduced loops' product (their flattened index). */
  const KpStep *r = &p->steps[onlyReduce(p)];
  KpExtent product = kpExtentConstant(1);
  for (int l = 0; l < p->numLoops; ++l)
    if ((r->reduced & (1u << l)) &&
        !kpExtentTimes(&product, &p->loops[l].size, &product)) {
      snprintf(out, size, "1"); /* too many symbols to split by */
      return;
    }
  char rows[200];
  kpExtentText(p->func, &product, rows, sizeof(rows));
  /* X = floordiv(2 SMs, tiles + 1), then max(X, 1) as X + 1 - min(X, 1)
   * (the manifest's expressions have no max): S tiles' CTAs never pass
   * 2 SMs, one round of 1024-thread CTAs. */
  char x[400];
  snprintf(x, sizeof(x), "floordiv(%d, %s + 1)", 2 * sms, units);
  snprintf(out, size, "min(min(%d, %s + 1 - min(%s, 1)), ceildiv(%s + 1, %d))",
           DLC_MEMORY_COLUMN_MAX_SPLITS, x, x, rows,
           DLC_MEMORY_COLUMN_SPLIT_ROWS);
}

/* Whether map result `e` is dim `dim` itself or plus terms free of it (a
 * shrink's offset). */
static bool plainDim(MlirAffineExpr e, int dim) {
  if (mlirAffineExprIsADim(e))
    return true;
  if (!mlirAffineExprIsAAdd(e))
    return false;
  MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(e);
  MlirAffineExpr r = mlirAffineBinaryOpExprGetRHS(e);
  return (mlirAffineExprIsADim(l) && !mlirAffineExprIsFunctionOfDim(r, dim)) ||
         (mlirAffineExprIsADim(r) && !mlirAffineExprIsFunctionOfDim(l, dim));
}

/* Whether read `x` runs along `loop` with unit stride: the loop indexes one
 * of its dims, which appears in one map result, as itself or plus terms
 * free of it, of a memref dim of stride 1. */
static bool contiguousAlong(const KpIndexed *x, int loop) {
  int dim = -1;
  for (int d = 0; d < x->rank; ++d)
    if (x->loops[d] == loop) {
      if (dim >= 0)
        return false;
      dim = d;
    }
  if (dim < 0 || mlirAttributeIsNull(x->map))
    return false;
  MlirAffineMap map = mlirAffineMapAttrGetValue(x->map);
  int uses = 0;
  for (int i = 0; i < x->memrefRank; ++i) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, i);
    if (!mlirAffineExprIsFunctionOfDim(e, dim))
      continue;
    ++uses;
    if (!plainDim(e, dim) || !kpExtentIs(&x->strides[i], 1))
      return false;
  }
  return uses == 1;
}

/* Whether read `x` is contiguous along the flattened index of `loops`
 * (several reduced loops, outermost first, the last fastest, as
 * mbBindLoops binds them): each loop a plain dim (plainDim) of its own
 * memref dim, the dims consecutive in the loops' order, the innermost of
 * unit stride and each outer stride the next loop's extent times its
 * stride — a global average pool's (h, w) over NCHW, a sum over the last
 * two axes. */
static bool contiguousAcross(const KpMemoryProblem *p, const KpIndexed *x,
                             uint32_t loops) {
  if (mlirAttributeIsNull(x->map))
    return false;
  MlirAffineMap map = mlirAffineMapAttrGetValue(x->map);
  int prevDim = -1, prevLoop = -1;
  for (int l = 0; l < p->numLoops; ++l) {
    if (!(loops & (1u << l)))
      continue;
    int dim = -1, result = -1;
    for (int d = 0; d < x->rank; ++d)
      if (x->loops[d] == l)
        dim = dim < 0 ? d : -2;
    for (int i = 0; dim >= 0 && i < x->memrefRank; ++i) {
      MlirAffineExpr e = mlirAffineMapGetResult(map, i);
      if (!mlirAffineExprIsFunctionOfDim(e, dim))
        continue;
      if (result >= 0 || !plainDim(e, dim))
        return false;
      result = i;
    }
    if (result < 0 || (prevDim >= 0 && result != prevDim + 1))
      return false;
    KpExtent want;
    if (prevDim >= 0 &&
        (!kpExtentTimes(&p->loops[l].size, &x->strides[result], &want) ||
         !kpExtentEqual(&want, &x->strides[prevDim])))
      return false;
    prevDim = result;
    prevLoop = l;
  }
  return prevLoop >= 0 && kpExtentIs(&x->strides[prevDim], 1);
}

/* Whether load step `load` is one a transpose kernel tiling (axis, last
 * iter) stages: a float read along both, contiguous along the axis and not
 * along the last iter. */
static bool stagedRead(const KpMemoryProblem *p, const KpStep *load, int axis) {
  const KpIndexed *x = &p->indexed[load->input];
  int last = p->numIters - 1;
  return load->kind == KP_STEP_LOAD && x->element != KP_I1 &&
         (load->loops & (1u << last)) && contiguousAlong(x, axis) &&
         !contiguousAlong(x, last);
}

int dlcMemoryTransposeStaged(const KpMemoryProblem *p, int axis,
                             int staged[DLC_MEMORY_TRANSPOSE_MAX_STAGED]) {
  int n = 0;
  for (int s = 0; s < p->numSteps && n < DLC_MEMORY_TRANSPOSE_MAX_STAGED; ++s) {
    if (!stagedRead(p, &p->steps[s], axis))
      continue;
    bool known = false;
    for (int i = 0; i < n; ++i)
      known |= staged[i] == p->steps[s].input;
    if (!known)
      staged[n++] = p->steps[s].input;
  }
  return n;
}

/* Transpose mode needs iters only (no reduce: its threads compute single
 * points), no guard (a staged read is made at every point of the tile,
 * where a guarded one may be out of bounds) and row-major outputs; its
 * axis is the iter most staged reads run along. */
int dlcMemoryTransposeAxis(const KpMemoryProblem *p) {
  int last = p->numIters - 1;
  if (p->numIters < 2 || p->numLoops != p->numIters)
    return -1;
  for (int s = 0; s < p->numSteps; ++s)
    if (p->steps[s].kind == KP_STEP_GUARD || p->steps[s].kind == KP_STEP_REDUCE)
      return -1;
  for (int i = 0; i < p->numOutputs; ++i)
    if (!kpExtentIs(&p->outputs[i].strides[last], 1))
      return -1;
  int best = -1, most = 0;
  for (int axis = 0; axis < last; ++axis) {
    int staged[DLC_MEMORY_TRANSPOSE_MAX_STAGED];
    int n = dlcMemoryTransposeStaged(p, axis, staged);
    if (n > most)
      best = axis, most = n;
  }
  return best;
}

int dlcMemoryTransposeMerged(const KpMemoryProblem *p, int axis) {
  if (axis < 1)
    return -1;
  const KpExtent *a = &p->loops[axis].size, *o = &p->loops[axis - 1].size;
  bool fits = a->numSymbols == 0 && o->numSymbols == 0 &&
              a->constant <= INT32_MAX && o->constant <= INT32_MAX;
  return fits && a->constant % DLC_MEMORY_TRANSPOSE_TILE ? axis - 1 : -1;
}

KpExtent dlcMemoryTransposeLength(const KpMemoryProblem *p, int axis) {
  int merged = dlcMemoryTransposeMerged(p, axis);
  return merged < 0 ? p->loops[axis].size
                    : kpExtentConstant(p->loops[merged].size.constant *
                                       p->loops[axis].size.constant);
}

bool dlcMemoryTransposeGridText(const KpMemoryProblem *p, char *out,
                                size_t size) {
  int axis = dlcMemoryTransposeAxis(p), last = p->numIters - 1;
  int merged = dlcMemoryTransposeMerged(p, axis);
  KpExtent outer = kpExtentConstant(1),
           length = dlcMemoryTransposeLength(p, axis);
  for (int l = 0; l < last; ++l)
    if (l != axis && l != merged &&
        !kpExtentTimes(&outer, &p->loops[l].size, &outer))
      return false;
  char o[200], a[96], n[96];
  kpExtentText(p->func, &outer, o, sizeof(o));
  kpExtentText(p->func, &length, a, sizeof(a));
  kpExtentText(p->func, &p->loops[last].size, n, sizeof(n));
  snprintf(out, size, "%s%sceildiv(%s, %d)*ceildiv(%s, %d)",
           kpExtentIs(&outer, 1) ? "" : o, kpExtentIs(&outer, 1) ? "" : "*", a,
           DLC_MEMORY_TRANSPOSE_TILE, n, DLC_MEMORY_TRANSPOSE_TILE);
  return true;
}

uint32_t mbFlatVectorLoops(const KpMemoryProblem *p, DlcMemoryMode mode) {
  if (mode != DLC_MEMORY_POINT)
    return 0;
  for (int s = 0; s < p->numSteps; ++s)
    if (p->steps[s].kind == KP_STEP_REDUCE &&
        __builtin_popcount(p->steps[s].reduced) > 1)
      return p->steps[s].reduced;
  return 0;
}

/* Whether the first index of every chunk of `width` along the tiled axis
 * (and of the last iter) gives read `x` an aligned offset and its chunk
 * contiguous addresses: every map result a plain dim, static strides that
 * are multiples of the width except the axis' (1) and a merged iter's
 * (the axis' extent: contiguous across the two). */
static bool chunksAligned(const KpMemoryProblem *p, const KpIndexed *x,
                          int axis, int merged, int width) {
  if (kpElementBytes(x->element) * width != 16 || mlirAttributeIsNull(x->map))
    return false;
  MlirAffineMap map = mlirAffineMapAttrGetValue(x->map);
  for (int r = 0; r < x->memrefRank; ++r) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, r);
    if (!mlirAffineExprIsADim(e) || x->strides[r].numSymbols)
      return false;
    int loop = x->loops[mlirAffineDimExprGetPosition(e)];
    int64_t stride = x->strides[r].constant;
    if (loop == axis
            ? stride != 1
            : stride % width != 0 &&
                  !(loop == merged && stride == p->loops[axis].size.constant))
      return false;
  }
  return true;
}

/* Chunks of 16 bytes of halves. */
enum { TransposeChunk = 8 };

int dlcMemoryTransposeWidth(const KpMemoryProblem *p) {
  int axis = dlcMemoryTransposeAxis(p), last = p->numIters - 1;
  if (axis < 0)
    return 1;
  const KpExtent *n = &p->loops[last].size;
  if (n->numSymbols || n->constant % TransposeChunk)
    return 1;
  int staged[DLC_MEMORY_TRANSPOSE_MAX_STAGED];
  int numStaged = dlcMemoryTransposeStaged(p, axis, staged);
  for (int s = 0; s < p->numSteps; ++s) {
    bool isStaged = false;
    for (int i = 0; i < numStaged; ++i)
      isStaged |= p->steps[s].input == staged[i];
    if (p->steps[s].kind == KP_STEP_LOAD && !isStaged)
      return 1;
  }
  for (int o = 0; o < p->numOutputs; ++o) {
    const KpOutput *out = &p->outputs[o];
    if (kpElementBytes(out->element) * TransposeChunk != 16)
      return 1;
    for (int i = 0; i < last; ++i)
      if (out->strides[i].numSymbols ||
          out->strides[i].constant % TransposeChunk)
        return 1;
  }
  return TransposeChunk;
}

bool dlcMemoryTransposeReadChunks(const KpMemoryProblem *p) {
  int axis = dlcMemoryTransposeAxis(p);
  int merged = dlcMemoryTransposeMerged(p, axis);
  KpExtent length = dlcMemoryTransposeLength(p, axis);
  if (length.numSymbols || length.constant % TransposeChunk)
    return false;
  int staged[DLC_MEMORY_TRANSPOSE_MAX_STAGED];
  int numStaged = dlcMemoryTransposeStaged(p, axis, staged);
  for (int i = 0; i < numStaged; ++i)
    if (!chunksAligned(p, &p->indexed[staged[i]], axis, merged, TransposeChunk))
      return false;
  return true;
}

int dlcMemoryBoundVectorWidth(const KpMemoryProblem *p, DlcMemoryMode mode) {
  if (mode == DLC_MEMORY_TRANSPOSE)
    return dlcMemoryTransposeWidth(p);
  uint32_t loops = mbVectorLoops(p, mode);
  uint32_t flat = mbFlatVectorLoops(p, mode);
  int minBytes = 4;
  for (int s = 0; s < p->numSteps; ++s) {
    const KpStep *step = &p->steps[s];
    bool oneLoop = __builtin_popcount(step->reduced) == 1;
    /* Row and point reduces run by chunks of their one reduced loop (point
     * reduces: or of their loops flattened, all the same ones), column
     * reduces by rows (vectors along the last iter), flat reduces by
     * elements. */
    if (step->kind == KP_STEP_GUARD ||
        (step->kind == KP_STEP_REDUCE &&
         (mode == DLC_MEMORY_FLAT ||
          (mode != DLC_MEMORY_COLUMN && !oneLoop && !flat) ||
          (flat && step->reduced != flat))))
      return 1;
    if (step->kind != KP_STEP_LOAD || !(step->loops & loops))
      continue;
    const KpIndexed *x = &p->indexed[step->input];
    uint32_t along = step->loops & loops;
    bool contiguous = flat ? along == flat && contiguousAcross(p, x, flat)
                           : __builtin_popcount(along) == 1 &&
                                 contiguousAlong(x, __builtin_ctz(along));
    if (!contiguous)
      return 1;
    if (kpElementBytes(x->element) < minBytes)
      minBytes = kpElementBytes(x->element);
  }
  for (int i = 0; mode != DLC_MEMORY_POINT && i < p->numOutputs; ++i) {
    const KpOutput *o = &p->outputs[i];
    if (p->numIters == 0 || !kpExtentIs(&o->strides[p->numIters - 1], 1))
      return 1;
    if (kpElementBytes(o->element) < minBytes)
      minBytes = kpElementBytes(o->element);
  }
  return 16 / minBytes;
}

/* The plan names the modes (dlcPlanMemoryModes, in DlcMemoryMode order). */
const char *dlcMemoryModeName(DlcMemoryMode mode) {
  return dlcPlanMemoryModes[mode];
}

bool dlcMemoryModeFromName(const char *name, DlcMemoryMode *mode) {
  for (int i = 0; dlcPlanMemoryModes[i]; ++i)
    if (strcmp(name, dlcPlanMemoryModes[i]) == 0) {
      *mode = (DlcMemoryMode)i;
      return true;
    }
  return false;
}

bool dlcMemoryModeFits(const KpMemoryProblem *p, DlcMemoryMode mode) {
  /* Flat and row modes walk the last iter; a scalar output has none. */
  if (mode == DLC_MEMORY_FLAT)
    return p->numIters > 0;
  if (mode == DLC_MEMORY_TRANSPOSE)
    return dlcMemoryTransposeAxis(p) >= 0;
  if (mode == DLC_MEMORY_ROW)
    return kpMemoryRowMode(p);
  if (mode == DLC_MEMORY_COLUMN) {
    /* A reduce, and iters to tile by columns. */
    for (int s = 0; p->numIters > 0 && s < p->numSteps; ++s)
      if (p->steps[s].kind == KP_STEP_REDUCE)
        return true;
    return false;
  }
  bool any = p->numIters == 0; /* one point: a CTA computes it */
  for (int s = 0; s < p->numSteps; ++s)
    if (p->steps[s].kind == KP_STEP_REDUCE) {
      any = true;
      if (p->steps[s].loops & ~mbAllIters(p))
        return false;
    }
  return any;
}

/* Column mode shares each reduce among a CTA's 32 rows of threads, four
 * elements a row per trip. */
enum { ColumnModeTrip = 32 * 4 };

/* Whether flat mode (a thread per output) should take reduces that read
 * across the last iter: when every reduce is shorter than one trip of
 * column mode (a depthwise convolution's 3×3 window), most of its rows
 * would idle; and when a contraction's reduce runs over several loops (a
 * convolution's window and channels, whose flat kernels the GPU harness
 * checked). Other reduces over several loops (a per-channel sum over N, H
 * and W of NHWC) take column mode: one flattened loop of rows, split over
 * grid y like a single one (before, flat: a thread per channel, 1 CTA for
 * 256 channels; bench/RESULTS.md run cs-3). */
static bool reducesAreShort(const KpMemoryProblem *p);

static bool reducesStayFlat(const KpMemoryProblem *p) {
  for (int s = 0; s < p->numSteps; ++s)
    if (p->steps[s].kind == KP_STEP_REDUCE &&
        __builtin_popcount(p->steps[s].reduced) > 1 &&
        kpRegionHasContraction(p->func))
      return true;
  return reducesAreShort(p);
}

/* Whether every reduce is shorter than one trip of column mode (a
 * depthwise convolution's 3×3 window, a 7×7 average pool). */
static bool reducesAreShort(const KpMemoryProblem *p) {
  bool allShort = true;
  for (int s = 0; s < p->numSteps; ++s) {
    const KpStep *step = &p->steps[s];
    if (step->kind != KP_STEP_REDUCE)
      continue;
    int64_t elements = 1;
    for (int l = 0; l < p->numLoops; ++l)
      if (step->reduced & (1u << l)) {
        const KpExtent *size = &p->loops[l].size;
        elements =
            size->numSymbols ? ColumnModeTrip : elements * size->constant;
      }
    allShort = allShort && elements < ColumnModeTrip;
  }
  return allShort;
}

/* Whether the last iter is static and at most DLC_MEMORY_NARROW_COLUMNS
 * wide, and the region has no contraction: a column kernel's tile of 64
 * columns would idle most of its lanes. */
static bool narrowColumns(const KpMemoryProblem *p) {
  const KpExtent *last = &p->loops[p->numIters - 1].size;
  return last->numSymbols == 0 && last->constant <= DLC_MEMORY_NARROW_COLUMNS &&
         !kpRegionHasContraction(p->func);
}

/* Whether a transpose kernel's tile would be mostly full: its two extents
 * symbolic or at least DLC_MEMORY_TRANSPOSE_MIN_EXTENT (NCHW to NHWC of 3
 * channels reads well enough flat: its warps touch 3 rows). */
static bool transposeTileFills(const KpMemoryProblem *p, int axis) {
  KpExtent length = dlcMemoryTransposeLength(p, axis);
  const KpExtent *a = &length;
  const KpExtent *n = &p->loops[p->numIters - 1].size;
  return (a->numSymbols || a->constant >= DLC_MEMORY_TRANSPOSE_MIN_EXTENT) &&
         (n->numSymbols || n->constant >= DLC_MEMORY_TRANSPOSE_MIN_EXTENT);
}

DlcMemoryMode dlcMemoryModeChoose(const KpMemoryProblem *p) {
  if (p->numIters == 0)
    return DLC_MEMORY_POINT;
  int axis = dlcMemoryTransposeAxis(p);
  if (axis >= 0 && transposeTileFills(p, axis))
    return DLC_MEMORY_TRANSPOSE;
  /* A row whose last iter is static 1 (a reduction with keepdim) is a
   * point: point mode shares the reduced length, not that 1, so a long
   * row gets a CTA (and splits) as without keepdim. */
  const KpExtent *last = &p->loops[p->numIters - 1].size;
  bool unitLast = last->numSymbols == 0 && last->constant == 1;
  if (dlcMemoryModeFits(p, DLC_MEMORY_ROW) &&
      !(unitLast && dlcMemoryModeFits(p, DLC_MEMORY_POINT)))
    return DLC_MEMORY_ROW;
  DlcMemoryMode across =
      reducesStayFlat(p) ? DLC_MEMORY_FLAT : DLC_MEMORY_COLUMN;
  if (!dlcMemoryModeFits(p, DLC_MEMORY_POINT))
    return dlcMemoryModeFits(p, DLC_MEMORY_COLUMN) ? across : DLC_MEMORY_FLAT;
  /* Narrow columns: a CTA per output point (strided scalar reads, split
   * over grid y) instead. */
  if (across == DLC_MEMORY_COLUMN && narrowColumns(p))
    return DLC_MEMORY_POINT;
  /* A CTA per point pays off where its threads read along the reduction
   * (over several loops: along their flattened index, contiguous across
   * them or at least along the innermost — a per-channel sum over N and
   * H·W of NCHW, scalar reads in runs of H·W); a column reduction's CTA
   * reads across it (column mode). */
  for (int s = 0; s < p->numSteps; ++s) {
    const KpStep *step = &p->steps[s];
    if (step->kind != KP_STEP_LOAD)
      continue;
    for (int r = 0; r < p->numSteps; ++r) {
      uint32_t along = p->steps[r].reduced & step->loops;
      const KpIndexed *x = &p->indexed[step->input];
      /* (Contiguous across several loops is contiguous along the
       * innermost.) */
      int innermost = along ? 31 - __builtin_clz(along) : -1;
      if (p->steps[r].kind == KP_STEP_REDUCE && along &&
          (!contiguousAlong(x, innermost) ||
           (__builtin_popcount(along) > 1 &&
            (along != p->steps[r].reduced || reducesAreShort(p)))))
        return across;
    }
  }
  return DLC_MEMORY_POINT;
}
