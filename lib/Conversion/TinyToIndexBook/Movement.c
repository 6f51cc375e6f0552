/* Movement ops of tiny (spec §3.1 View UOps, §4.4): each becomes an affine
 * map from its result's indices to its operand's indices, composed into the
 * operand's record; nothing is emitted. Ops that may read outside their
 * operand (view, load, store, pad, shrink) add guards for the indices that
 * the ranges cannot prove in bounds: those guards are the mask of the chain
 * (the in-bounds piece of §4.5 "Conv"). reshape, permute, expand and flip
 * stay in bounds by construction once their shapes are checked. */
#include "DialectNames.h"
#include "Lowering.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>

/* One movement op: result indices -> operand indices. */
typedef struct Move {
  MlirOperation op;
  const T2iSpace *space; /* the result's indices */
  const DlcShape *operand;
  const DlcShape *result;
  MlirAffineExpr src[DLC_MAX_RANK]; /* operand index k over `space` */
  bool inBounds;                    /* true: no guards needed */
} Move;

static bool malformed(const Move *move, const char *suggestion,
                      const char *why) {
  MlirStringRef name = t2iOpName(move->op);
  dlcEmitDiagnostic(move->op, &dlcMalformedShape, suggestion, "'%.*s': %s",
                    (int)name.length, name.data, why);
  return false;
}

/* Reads the dense i64 array attribute `name` (at most `max` entries). */
static bool readArray(const Move *move, const char *name, int64_t *values,
                      int max, int *count) {
  MlirAttribute attr = t2iGetAttr(move->op, name);
  char why[128];
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsADenseI64Array(attr) ||
      mlirDenseArrayGetNumElements(attr) > max) {
    snprintf(why, sizeof(why),
             "'%s' must be an array<i64: ...> of at most %d "
             "entries",
             name, max);
    return malformed(move, "write the attribute as array<i64: ...>", why);
  }
  *count = (int)mlirDenseArrayGetNumElements(attr);
  for (int i = 0; i < *count; ++i)
    values[i] = mlirDenseI64ArrayGetElement(attr, i);
  return true;
}

/* Reads an array with exactly `expected` entries. */
static bool readArrayOf(const Move *move, const char *name, int64_t *values,
                        int expected) {
  int count = 0;
  if (!readArray(move, name, values, 2 * DLC_MAX_RANK, &count))
    return false;
  if (count == expected)
    return true;
  char why[128];
  snprintf(why, sizeof(why), "'%s' has %d entries but %d are needed", name,
           count, expected);
  return malformed(move, "give one entry per dimension of the operand", why);
}

/* --- view, load, store: an explicit map -------------------------------- */

/* floordiv, ceildiv and mod need a positive divisor (§4.3 rule 6; MLIR
 * leaves the others undefined). A symbolic divisor is allowed: it makes
 * the value non-SCoP. */
static bool divisorsArePositive(MlirAffineExpr expr) {
  if (!mlirAffineExprIsABinary(expr))
    return true;
  MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(expr);
  bool divides = mlirAffineExprIsAFloorDiv(expr) ||
                 mlirAffineExprIsACeilDiv(expr) || mlirAffineExprIsAMod(expr);
  if (divides && mlirAffineExprIsAConstant(rhs) &&
      mlirAffineConstantExprGetValue(rhs) <= 0)
    return false;
  return divisorsArePositive(mlirAffineBinaryOpExprGetLHS(expr)) &&
         divisorsArePositive(rhs);
}

static bool explicitMap(Move *move) {
  MlirAttribute attr = t2iGetAttr(move->op, "map");
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAAffineMap(attr))
    return malformed(move, "give the op a 'map' affine_map attribute",
                     "'map' is not an affine map");
  MlirAffineMap map = mlirAffineMapAttrGetValue(attr);
  if (mlirAffineMapGetNumSymbols(map) != move->space->symbols->count) {
    MlirStringRef name = t2iOpName(move->op);
    dlcEmitDiagnostic(
        move->op, &dlcAxisAlignmentMismatch,
        "give the map one symbol per graph symbol, in signature order "
        "(docs/conventions.md)",
        "the map of '%.*s' has %ld symbols but the function has %d",
        (int)name.length, name.data, (long)mlirAffineMapGetNumSymbols(map),
        move->space->symbols->count);
    return false;
  }
  if (mlirAffineMapGetNumDims(map) != move->result->rank ||
      mlirAffineMapGetNumResults(map) != move->operand->rank)
    return malformed(move,
                     "the map goes from the result's indices to the "
                     "operand's indices",
                     "the map's dims and results do not match the result "
                     "and operand ranks");
  for (int k = 0; k < move->operand->rank; ++k) {
    move->src[k] = mlirAffineMapGetResult(map, k);
    if (!divisorsArePositive(move->src[k]))
      return malformed(move, "divide only by positive constants or symbols",
                       "the map divides by zero or a negative constant");
  }
  move->inBounds = false;
  return true;
}

/* --- reshape: linearise, then split again (§4.4) ------------------------ */

/* Re-expresses the operand dims `xs[0..nx)` from the result dims
 * `rs[0..nr)` of one group with the same number of elements: the result
 * index is linearised row-major, L = sum(d_j * stride_j), and operand dim k
 * reads (L floordiv stride_k) mod size_k; the outermost dim needs no mod and
 * the innermost no floordiv. Symbolic extents give semi-affine (non-SCoP)
 * strides. */
static void splitGroup(Move *move, const int *xs, int nx, const int *rs,
                       int nr) {
  const T2iSpace *space = move->space;
  MlirAffineExpr linear = t2iConst(space, 0), stride = t2iConst(space, 1);
  for (int j = nr - 1; j >= 0; --j) {
    linear = mlirAffineAddExprGet(
        linear, mlirAffineMulExprGet(t2iDim(space, rs[j]), stride));
    stride = mlirAffineMulExprGet(
        stride, t2iExtentExpr(space, move->result->dims[rs[j]]));
  }
  stride = t2iConst(space, 1);
  for (int i = nx - 1; i >= 0; --i) {
    DlcDim extent = move->operand->dims[xs[i]];
    MlirAffineExpr index =
        i == nx - 1 ? linear : mlirAffineFloorDivExprGet(linear, stride);
    if (i > 0)
      index = mlirAffineModExprGet(index, t2iExtentExpr(space, extent));
    move->src[xs[i]] = index;
    stride = mlirAffineMulExprGet(stride, t2iExtentExpr(space, extent));
  }
}

/* Product of the static extents among dims `ds[0..n)` of `shape`; false on
 * overflow. */
static bool countElements(const DlcShape *shape, const int *ds, int n,
                          int64_t *product) {
  *product = 1;
  for (int i = 0; i < n; ++i) {
    DlcDim dim = shape->dims[ds[i]];
    if (dim.size >= 0 && __builtin_mul_overflow(*product, dim.size, product))
      return false;
  }
  return true;
}

static int countSymbol(const DlcShape *shape, const int *ds, int n,
                       DlcDim symbol) {
  int count = 0;
  for (int i = 0; i < n; ++i)
    if (shape->dims[ds[i]].size < 0 && dlcDimEqual(shape->dims[ds[i]], symbol))
      ++count;
  return count;
}

/* True when both dim lists have the same number of elements: equal static
 * products and the same symbols, counted with multiplicity. */
static bool sameElementCount(const Move *move, const int *xs, int nx,
                             const int *rs, int nr) {
  int64_t px, pr;
  if (!countElements(move->operand, xs, nx, &px) ||
      !countElements(move->result, rs, nr, &pr) || px != pr)
    return false;
  for (int i = 0; i < nx; ++i) {
    DlcDim dim = move->operand->dims[xs[i]];
    if (dim.size < 0 && countSymbol(move->operand, xs, nx, dim) !=
                            countSymbol(move->result, rs, nr, dim))
      return false;
  }
  for (int j = 0; j < nr; ++j)
    if (move->result->dims[rs[j]].size < 0 &&
        countSymbol(move->operand, xs, nx, move->result->dims[rs[j]]) == 0)
      return false;
  return true;
}

/* Extends a static group from xs[0], rs[0] until both sides hold the same
 * product; returns the group's sizes through nxOut/nrOut, or false when a
 * symbol or the end is reached first. */
static bool staticGroup(const Move *move, const int *xs, int nx, const int *rs,
                        int nr, int *nxOut, int *nrOut) {
  int i = 0, j = 0;
  int64_t px = move->operand->dims[xs[0]].size;
  int64_t pr = move->result->dims[rs[0]].size;
  if (px < 0 || pr < 0)
    return false;
  while (px != pr) {
    const DlcShape *shape = px < pr ? move->operand : move->result;
    int *at = px < pr ? &i : &j;
    const int *ds = px < pr ? xs : rs;
    int64_t *product = px < pr ? &px : &pr;
    if (++*at >= (px < pr ? nx : nr))
      return false;
    int64_t size = shape->dims[ds[*at]].size;
    if (size < 0 || __builtin_mul_overflow(*product, size, product))
      return false;
  }
  *nxOut = i + 1;
  *nrOut = j + 1;
  return true;
}

/* Size-1 dims carry no elements: an operand one reads index 0 and a result
 * one is never read. The rest is matched left to right: a symbolic dim with
 * the same symbol, or a static group of equal product; what cannot be
 * matched that way forms one last group with symbolic strides. */
static bool reshapeMap(Move *move) {
  int xs[DLC_MAX_RANK], rs[DLC_MAX_RANK], nx = 0, nr = 0;
  for (int k = 0; k < move->operand->rank; ++k) {
    if (dlcDimIsOne(move->operand->dims[k]))
      move->src[k] = t2iConst(move->space, 0);
    else
      xs[nx++] = k;
  }
  for (int j = 0; j < move->result->rank; ++j)
    if (!dlcDimIsOne(move->result->dims[j]))
      rs[nr++] = j;
  int p = 0, q = 0;
  while (p < nx && q < nr) {
    DlcDim a = move->operand->dims[xs[p]], b = move->result->dims[rs[q]];
    int gx = 1, gr = 1;
    bool matched =
        (a.size < 0 || b.size < 0)
            ? dlcDimEqual(a, b)
            : staticGroup(move, xs + p, nx - p, rs + q, nr - q, &gx, &gr);
    if (!matched)
      break;
    splitGroup(move, xs + p, gx, rs + q, gr);
    p += gx;
    q += gr;
  }
  if (!sameElementCount(move, xs + p, nx - p, rs + q, nr - q))
    return malformed(move,
                     "a reshape keeps the number of elements: check the "
                     "result type",
                     "the operand and result shapes hold different numbers "
                     "of elements");
  if (p < nx)
    splitGroup(move, xs + p, nx - p, rs + q, nr - q);
  move->inBounds = true;
  return true;
}

/* --- permute, expand, flip: in bounds by construction ------------------- */

static bool permuteMap(Move *move) {
  int rank = move->operand->rank;
  int64_t order[2 * DLC_MAX_RANK];
  bool seen[DLC_MAX_RANK] = {false};
  if (!readArrayOf(move, "order", order, rank))
    return false;
  if (move->result->rank != rank)
    return malformed(move, "a permutation keeps the rank",
                     "the result rank differs from the operand rank");
  for (int j = 0; j < rank; ++j) {
    if (order[j] < 0 || order[j] >= rank || seen[order[j]])
      return malformed(move, "list each operand dimension once",
                       "'order' is not a permutation of the operand dims");
    seen[order[j]] = true;
    if (!dlcDimEqual(move->result->dims[j], move->operand->dims[order[j]]))
      return malformed(move, "result dim j must be operand dim order[j]",
                       "the result shape is not the permuted operand shape");
    move->src[order[j]] = t2iDim(move->space, j);
  }
  move->inBounds = true;
  return true;
}

static bool expandMap(Move *move) {
  int rank = move->operand->rank;
  int64_t to[2 * DLC_MAX_RANK];
  if (!readArrayOf(move, "broadcast_dimensions", to, rank))
    return false;
  for (int k = 0; k < rank; ++k) {
    if (to[k] < 0 || to[k] >= move->result->rank ||
        (k > 0 && to[k] <= to[k - 1]))
      return malformed(move,
                       "list strictly increasing result dims, one per "
                       "operand dim",
                       "'broadcast_dimensions' is not strictly increasing "
                       "within the result rank");
    DlcDim from = move->operand->dims[k], into = move->result->dims[to[k]];
    if (!dlcDimIsOne(from) && !dlcDimEqual(from, into)) {
      char a[64], b[64];
      dlcDimFormat(from, a, sizeof(a));
      dlcDimFormat(into, b, sizeof(b));
      dlcEmitDiagnostic(move->op, &dlcBroadcastMismatch,
                        "only size-1 dims grow; add a reshape first",
                        "operand dim %d (%s) cannot expand to result dim %d "
                        "(%s)",
                        k, a, (int)to[k], b);
      return false;
    }
    /* A size-1 dim that grows reads index 0 (§4.4 expand). */
    bool grows = dlcDimIsOne(from) && !dlcDimIsOne(into);
    move->src[k] =
        grows ? t2iConst(move->space, 0) : t2iDim(move->space, (int)to[k]);
  }
  move->inBounds = true;
  return true;
}

static bool flipMap(Move *move) {
  int rank = move->operand->rank, count = 0;
  int64_t axes[2 * DLC_MAX_RANK];
  bool flipped[DLC_MAX_RANK] = {false};
  if (!readArray(move, "axes", axes, 2 * DLC_MAX_RANK, &count))
    return false;
  if (!dlcShapeEqual(move->operand, move->result))
    return malformed(move, "a flip keeps the shape",
                     "the result shape differs from the operand shape");
  for (int i = 0; i < count; ++i) {
    if (axes[i] < 0 || axes[i] >= rank || flipped[axes[i]])
      return malformed(move, "list each flipped dim once",
                       "'axes' names a dim twice or outside the rank");
    flipped[axes[i]] = true;
  }
  /* A negative stride: index extent - 1 - i (§3.4, never an error). */
  for (int k = 0; k < rank; ++k) {
    MlirAffineExpr d = t2iDim(move->space, k);
    move->src[k] =
        flipped[k] ? mlirAffineAddExprGet(
                         mlirAffineAddExprGet(
                             t2iExtentExpr(move->space, move->operand->dims[k]),
                             t2iConst(move->space, -1)),
                         mlirAffineMulExprGet(d, t2iConst(move->space, -1)))
                   : d;
  }
  move->inBounds = true;
  return true;
}

/* --- pad, shrink: may leave the operand, guarded ------------------------ */

static bool padMap(Move *move) {
  int rank = move->operand->rank;
  int64_t padding[2 * DLC_MAX_RANK];
  if (!readArrayOf(move, "padding", padding, 2 * rank))
    return false;
  if (move->result->rank != rank)
    return malformed(move, "padding keeps the rank",
                     "the result rank differs from the operand rank");
  for (int k = 0; k < rank; ++k) {
    int64_t lo = padding[2 * k], hi = padding[2 * k + 1];
    DlcDim from = move->operand->dims[k], into = move->result->dims[k];
    int64_t grown;
    if (lo < 0 || hi < 0 || __builtin_add_overflow(lo, hi, &grown))
      return malformed(move, "padding amounts are >= 0",
                       "a padding amount is negative or too large");
    /* A symbolic padded extent is a new symbol (e.g. H -> Hp) whose
     * relation to the operand's is unknown: only static extents, or no
     * padding at all, can be checked. The guards below bound the reads by
     * the operand's own extent either way. */
    bool bad;
    if (grown == 0)
      bad = !dlcDimEqual(from, into);
    else if (from.size >= 0 && into.size >= 0)
      bad = __builtin_add_overflow(from.size, grown, &grown) ||
            grown != into.size;
    else
      bad = false;
    if (bad)
      return malformed(move, "result dim k is operand dim k + lo_k + hi_k",
                       "the result shape is not the padded operand shape");
    move->src[k] = mlirAffineAddExprGet(t2iDim(move->space, k),
                                        t2iConst(move->space, -lo));
  }
  move->inBounds = false;
  return true;
}

static bool shrinkMap(Move *move) {
  int rank = move->operand->rank;
  int64_t offsets[2 * DLC_MAX_RANK], steps[2 * DLC_MAX_RANK];
  if (!readArrayOf(move, "offsets", offsets, rank) ||
      !readArrayOf(move, "steps", steps, rank))
    return false;
  if (move->result->rank != rank)
    return malformed(move, "a shrink keeps the rank",
                     "the result rank differs from the operand rank");
  for (int k = 0; k < rank; ++k) {
    if (offsets[k] < 0 || steps[k] < 1)
      return malformed(move, "offsets are >= 0 and steps >= 1",
                       "an offset is negative or a step is below 1");
    move->src[k] = mlirAffineAddExprGet(
        mlirAffineMulExprGet(t2iDim(move->space, k),
                             t2iConst(move->space, steps[k])),
        t2iConst(move->space, offsets[k]));
  }
  move->inBounds = false;
  return true;
}

static bool buildMove(Move *move) {
  if (dlcTinyIsReshape(move->op))
    return reshapeMap(move);
  if (dlcTinyIsPermute(move->op))
    return permuteMap(move);
  if (dlcTinyIsExpand(move->op))
    return expandMap(move);
  if (dlcTinyIsFlip(move->op))
    return flipMap(move);
  if (dlcTinyIsPad(move->op))
    return padMap(move);
  if (dlcTinyIsShrink(move->op))
    return shrinkMap(move);
  return explicitMap(move); /* view, load, store */
}

/* The result's record: the operand's base, read through operand-map ∘
 * move, with the operand's mask carried over and the move's own guards.
 * False only when out of memory. */
static bool recordMove(T2iLowering *lowering, const Move *move,
                       const T2iValue *from, MlirValue result) {
  MlirAffineMap moveMap =
      t2iMapGet(move->space, move->operand->rank, move->src);
  T2iValue *to = t2iDefine(lowering, result);
  if (!to)
    return false;
  to->base = from->base;
  to->fromLeaf = from->fromLeaf;
  to->map = t2iCompose(move->space, from->map, moveMap);
  if (!t2iGuardsCompose(&to->guards, move->space, &from->guards, moveMap))
    return false;
  for (int k = 0; !move->inBounds && k < move->operand->rank; ++k)
    if (!t2iGuardsAddBounds(&to->guards, move->space,
                            mlirAffineMapGetResult(moveMap, k),
                            move->operand->dims[k]))
      return false;
  return true;
}

bool t2iLowerMovement(T2iLowering *lowering, MlirOperation op) {
  MlirValue operand = mlirOperationGetOperand(op, 0);
  MlirValue result = mlirOperationGetResult(op, 0);
  DlcShape operandShape, resultShape;
  if (!t2iShapeOf(op, operand, &operandShape) ||
      !t2iShapeOf(op, result, &resultShape))
    return false;
  const T2iValue *from = t2iLookup(lowering, operand);
  if (!from)
    return t2iMissingOperand(op);
  T2iSpace space;
  t2iSpaceOfShape(lowering, &resultShape, &space);
  Move move = {op, &space, &operandShape, &resultShape, {{NULL}}, false};
  if (!buildMove(&move))
    return false;
  return recordMove(lowering, &move, from, result) || t2iOutOfMemory(op);
}
