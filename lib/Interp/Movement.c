/* Movement ops: tiny.view, reshape, permute, expand, pad, shrink, flip, and
 * the map-driven tiny.load / tiny.store. Each is a gather: every result
 * element reads one source element, and a read outside the source gives 0
 * (padding, out-of-bounds view reads). The source tensor is passed apart
 * from the op so tiny.valid can push a validity mask (1 = in bounds)
 * through the very same movement. */
#include "DialectNames.h"
#include "InterpInternal.h"
#include "TinyChecks.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

/* Maps a result index to a source index; false on an evaluation error
 * (already reported). */
typedef bool (*SourceIndexFn)(const void *state, const int64_t *index,
                              int64_t *source);

static bool inBounds(const DlcTensor *x, const int64_t *source) {
  for (int i = 0; i < x->rank; ++i)
    if (source[i] < 0 || source[i] >= x->shape[i])
      return false;
  return true;
}

/* Builds a result of `shape` with result[i] = x[sourceOf(i)], or 0 where
 * that falls outside x. */
static DlcTensor *gather(const DlcInterpOp *op, int rank, const int64_t *shape,
                         const DlcTensor *x, SourceIndexFn sourceOf,
                         const void *state) {
  DlcTensor *result = dlcInterpCreateTensor(op->op, rank, shape);
  if (!result)
    return NULL;
  int64_t strides[DLC_MAX_RANK], index[DLC_MAX_RANK] = {0};
  int64_t source[DLC_MAX_RANK] = {0};
  dlcInterpStrides(x->rank, x->shape, strides);
  for (int64_t i = 0; i < result->numElements; ++i) {
    if (!sourceOf(state, index, source)) {
      dlcTensorDestroy(result);
      return NULL;
    }
    if (inBounds(x, source)) {
      int64_t offset = 0;
      for (int d = 0; d < x->rank; ++d)
        offset += source[d] * strides[d];
      result->data[i] = x->data[offset];
    }
    dlcInterpNextIndex(rank, shape, index);
  }
  return result;
}

/*===----------------------------------------------------------------------===*
 * tiny.view, tiny.load, tiny.store: result[i] = x[map(i, symbols)]
 *===----------------------------------------------------------------------===*/

typedef struct MapState {
  MlirOperation op;
  DlcInterpAffineMap map;
  const int64_t *symbols;
} MapState;

static bool sourceThroughMap(const void *state, const int64_t *index,
                             int64_t *source) {
  MapState *s = (MapState *)state;
  if (dlcInterpAffineMapEval(&s->map, index, s->symbols, source))
    return true;
  dlcInterpError(s->op, "the map divides by a non-positive value or "
                        "overflows at this index");
  return false;
}

static DlcTensor *applyMap(const DlcInterpOp *op, const DlcTensor *x) {
  MlirAffineMap affine;
  if (!dlcInterpGetMap(op, x->rank, "source", &affine))
    return NULL;
  MapState state = {op->op, {0}, op->symbols->values};
  DlcTensor *result = NULL;
  if (dlcInterpAffineMapCompile(op->op, affine, &state.map))
    result = gather(op, op->resultRank, op->resultShape, x, sourceThroughMap,
                    &state);
  dlcInterpAffineMapDestroy(&state.map);
  return result;
}

/*===----------------------------------------------------------------------===*
 * tiny.reshape: the same elements in row-major order
 *===----------------------------------------------------------------------===*/

static DlcTensor *applyReshape(const DlcInterpOp *op, const DlcTensor *x) {
  DlcTensor *result = dlcInterpCreateResult(op);
  if (!result)
    return NULL;
  if (result->numElements != x->numElements) {
    char from[128], to[128];
    dlcInterpFormatShape(x->rank, x->shape, from, sizeof(from));
    dlcInterpFormatShape(op->resultRank, op->resultShape, to, sizeof(to));
    dlcInterpError(op->op, "cannot reshape %s (%lld elements) to %s (%lld)",
                   from, (long long)x->numElements, to,
                   (long long)result->numElements);
    dlcTensorDestroy(result);
    return NULL;
  }
  if (x->numElements > 0)
    memcpy(result->data, x->data, (size_t)x->numElements * sizeof(double));
  return result;
}

/*===----------------------------------------------------------------------===*
 * tiny.permute: result dim j is source dim order[j]
 *===----------------------------------------------------------------------===*/

typedef struct PermuteState {
  int rank;
  int64_t order[DLC_MAX_RANK];
} PermuteState;

static bool sourceThroughPermute(const void *state, const int64_t *index,
                                 int64_t *source) {
  const PermuteState *s = state;
  for (int j = 0; j < s->rank; ++j)
    source[s->order[j]] = index[j];
  return true;
}

static DlcTensor *applyPermute(const DlcInterpOp *op, const DlcTensor *x) {
  PermuteState state;
  state.rank = dlcInterpGetI64Array(op->op, "order", state.order, DLC_MAX_RANK);
  if (state.rank < 0)
    return NULL;
  bool seen[DLC_MAX_RANK] = {false};
  bool ok = state.rank == x->rank;
  for (int j = 0; ok && j < state.rank; ++j) {
    int64_t d = state.order[j];
    ok = d >= 0 && d < x->rank && !seen[d];
    if (ok)
      seen[d] = true;
  }
  if (!ok) {
    dlcInterpError(op->op, "'order' must be a permutation of 0..%d",
                   x->rank - 1);
    return NULL;
  }
  int64_t shape[DLC_MAX_RANK];
  for (int j = 0; j < state.rank; ++j)
    shape[j] = x->shape[state.order[j]];
  return gather(op, state.rank, shape, x, sourceThroughPermute, &state);
}

/*===----------------------------------------------------------------------===*
 * tiny.expand: source dim i is result dim broadcast_dimensions[i]
 *===----------------------------------------------------------------------===*/

typedef struct ExpandState {
  const DlcTensor *x;
  int64_t dims[DLC_MAX_RANK];
} ExpandState;

static bool sourceThroughExpand(const void *state, const int64_t *index,
                                int64_t *source) {
  const ExpandState *s = state;
  for (int i = 0; i < s->x->rank; ++i)
    source[i] = s->x->shape[i] == 1 ? 0 : index[s->dims[i]];
  return true;
}

static DlcTensor *applyExpand(const DlcInterpOp *op, const DlcTensor *x) {
  ExpandState state = {x, {0}};
  int n = dlcInterpGetI64Array(op->op, "broadcast_dimensions", state.dims,
                               DLC_MAX_RANK);
  if (n < 0)
    return NULL;
  if (n != x->rank) {
    dlcInterpError(op->op,
                   "'broadcast_dimensions' has %d entries for a source of "
                   "rank %d",
                   n, x->rank);
    return NULL;
  }
  for (int i = 0; i < n; ++i) {
    int64_t d = state.dims[i];
    if (d < 0 || d >= op->resultRank || (i > 0 && d <= state.dims[i - 1])) {
      dlcInterpError(op->op, "'broadcast_dimensions' must increase strictly "
                             "within the result rank");
      return NULL;
    }
    if (x->shape[i] != 1 && x->shape[i] != op->resultShape[d]) {
      dlcInterpError(op->op,
                     "source dim %d has size %lld; expected 1 or %lld (result "
                     "dim %lld)",
                     i, (long long)x->shape[i], (long long)op->resultShape[d],
                     (long long)d);
      return NULL;
    }
  }
  return gather(op, op->resultRank, op->resultShape, x, sourceThroughExpand,
                &state);
}

/*===----------------------------------------------------------------------===*
 * tiny.pad: padding = [lo0, hi0, lo1, hi1, ...], zeros outside
 *===----------------------------------------------------------------------===*/

typedef struct PadState {
  int rank;
  int64_t padding[2 * DLC_MAX_RANK];
} PadState;

static bool sourceThroughPad(const void *state, const int64_t *index,
                             int64_t *source) {
  const PadState *s = state;
  for (int i = 0; i < s->rank; ++i)
    source[i] = index[i] - s->padding[2 * i];
  return true;
}

static DlcTensor *applyPad(const DlcInterpOp *op, const DlcTensor *x) {
  PadState state = {x->rank, {0}};
  int n =
      dlcInterpGetI64Array(op->op, "padding", state.padding, 2 * DLC_MAX_RANK);
  if (n < 0)
    return NULL;
  if (n != 2 * x->rank) {
    dlcInterpError(op->op,
                   "'padding' has %d entries; expected %d (lo, hi "
                   "per dimension)",
                   n, 2 * x->rank);
    return NULL;
  }
  int64_t shape[DLC_MAX_RANK];
  for (int i = 0; i < x->rank; ++i) {
    if (state.padding[2 * i] < 0 || state.padding[2 * i + 1] < 0) {
      dlcInterpError(op->op, "'padding' entries must be >= 0");
      return NULL;
    }
    if (__builtin_add_overflow(x->shape[i], state.padding[2 * i], &shape[i]) ||
        __builtin_add_overflow(shape[i], state.padding[2 * i + 1], &shape[i])) {
      dlcEmitDiagnostic(op->op, &dlcMalformedShape,
                        "pad by sizes whose sum with the operand's fits in "
                        "64 bits",
                        "'tiny.pad': dim %d padded by %lld and %lld "
                        "overflows int64",
                        i, (long long)state.padding[2 * i],
                        (long long)state.padding[2 * i + 1]);
      return NULL;
    }
  }
  return gather(op, x->rank, shape, x, sourceThroughPad, &state);
}

/*===----------------------------------------------------------------------===*
 * tiny.shrink: result dim j, index t reads offsets[j] + steps[j] * t
 *===----------------------------------------------------------------------===*/

typedef struct ShrinkState {
  int rank;
  int64_t offsets[DLC_MAX_RANK];
  int64_t steps[DLC_MAX_RANK];
} ShrinkState;

static bool sourceThroughShrink(const void *state, const int64_t *index,
                                int64_t *source) {
  const ShrinkState *s = state;
  for (int j = 0; j < s->rank; ++j)
    source[j] = s->offsets[j] + s->steps[j] * index[j];
  return true;
}

/* The last element read along `dim` must lie inside the source (the
 * check tiny-verify makes of static shapes). */
static bool shrinkDimFits(const ShrinkState *s, const int64_t *shape,
                          const DlcTensor *x, int dim) {
  return dlcTinyShrinkFits(s->offsets[dim], s->steps[dim], shape[dim],
                           x->shape[dim]);
}

static DlcTensor *applyShrink(const DlcInterpOp *op, const DlcTensor *x) {
  ShrinkState state;
  int n = dlcInterpGetI64Array(op->op, "offsets", state.offsets, DLC_MAX_RANK);
  int m =
      n < 0 ? -1
            : dlcInterpGetI64Array(op->op, "steps", state.steps, DLC_MAX_RANK);
  if (m < 0)
    return NULL;
  if (n != x->rank || m != x->rank || op->resultRank != x->rank) {
    dlcInterpError(op->op,
                   "'offsets' and 'steps' need one entry per "
                   "dimension of source and result (rank %d)",
                   x->rank);
    return NULL;
  }
  state.rank = n;
  for (int j = 0; j < n; ++j) {
    if (!shrinkDimFits(&state, op->resultShape, x, j)) {
      dlcInterpError(op->op,
                     "dimension %d reads from %lld with step %lld for %lld "
                     "elements, outside the source size %lld",
                     j, (long long)state.offsets[j], (long long)state.steps[j],
                     (long long)op->resultShape[j], (long long)x->shape[j]);
      return NULL;
    }
  }
  return gather(op, op->resultRank, op->resultShape, x, sourceThroughShrink,
                &state);
}

/*===----------------------------------------------------------------------===*
 * tiny.flip: reverse the listed axes
 *===----------------------------------------------------------------------===*/

typedef struct FlipState {
  const DlcTensor *x;
  bool flipped[DLC_MAX_RANK];
} FlipState;

static bool sourceThroughFlip(const void *state, const int64_t *index,
                              int64_t *source) {
  const FlipState *s = state;
  for (int i = 0; i < s->x->rank; ++i)
    source[i] = s->flipped[i] ? s->x->shape[i] - 1 - index[i] : index[i];
  return true;
}

static DlcTensor *applyFlip(const DlcInterpOp *op, const DlcTensor *x) {
  FlipState state = {x, {false}};
  int64_t axes[DLC_MAX_RANK];
  int n = dlcInterpGetI64Array(op->op, "axes", axes, DLC_MAX_RANK);
  if (n < 0)
    return NULL;
  for (int i = 0; i < n; ++i) {
    if (axes[i] < 0 || axes[i] >= x->rank || state.flipped[axes[i]]) {
      dlcInterpError(op->op, "'axes' must list distinct dimensions below %d",
                     x->rank);
      return NULL;
    }
    state.flipped[axes[i]] = true;
  }
  return gather(op, x->rank, x->shape, x, sourceThroughFlip, &state);
}

/*===----------------------------------------------------------------------===*
 * Dispatch
 *===----------------------------------------------------------------------===*/

typedef DlcTensor *(*MovementFn)(const DlcInterpOp *op, const DlcTensor *x);

static const struct {
  const char *name;
  MovementFn apply;
} movements[] = {
    {DLC_OP_TINY_VIEW, applyMap},        {DLC_OP_TINY_LOAD, applyMap},
    {DLC_OP_TINY_STORE, applyMap},       {DLC_OP_TINY_RESHAPE, applyReshape},
    {DLC_OP_TINY_PERMUTE, applyPermute}, {DLC_OP_TINY_EXPAND, applyExpand},
    {DLC_OP_TINY_PAD, applyPad},         {DLC_OP_TINY_SHRINK, applyShrink},
    {DLC_OP_TINY_FLIP, applyFlip},
};

static MovementFn findMovement(MlirStringRef name) {
  for (size_t i = 0; i < sizeof(movements) / sizeof(movements[0]); ++i)
    if (dlcStringRefIs(name, movements[i].name))
      return movements[i].apply;
  return NULL;
}

bool dlcInterpIsMovement(MlirStringRef name) {
  return findMovement(name) != NULL;
}

DlcTensor *dlcInterpApplyMovement(const DlcInterpOp *op, const DlcTensor *x) {
  MovementFn apply = findMovement(op->name);
  if (!apply) {
    dlcInterpError(op->op, "not a movement op");
    return NULL;
  }
  return apply(op, x);
}

DlcTensor *dlcInterpEvalMovement(const DlcInterpOp *op) {
  return dlcInterpApplyMovement(op, op->operands[0]);
}
