/* The checks of tiny's movement ops that IRDL cannot express
 * (docs/dialects/tiny.md, "What the IRDL verifier checks"), part of
 * dlcTinyCheckOp: so tiny-verify makes them, and so does
 * convert-tiny-to-indexbook before it builds an op's map (Movement.c
 * repeats the structural ones as it reads the attributes).
 *
 *  - permute: `order` is a permutation of the operand's dims, the result
 *    the permuted shape;
 *  - reshape: static shapes hold the same number of elements;
 *  - expand: one strictly increasing result dim per operand dim, of equal
 *    size or grown from 1 (E1001 otherwise);
 *  - flip: `axes` name distinct dims of the operand;
 *  - pad: two amounts per dim, each from 0 to 2^60, and a static result
 *    dim the padded operand dim;
 *  - shrink: offsets >= 0 and steps >= 1, the last index read (computed
 *    without wrapping) inside a static source, below 2^60 otherwise
 *    (dlcTinyShrinkFits, which dlc-interp applies too);
 *  - view, load, store: a map from the result's indices to the operand's,
 *    dividing by positive constants, with no constant beyond 2^60 and no
 *    sum or product that leaves 64 bits over the result's static extents.
 *    A view may read outside its operand (0 there, by definition).
 * 2^60 is DLC_SHAPE_MAX_ELEMENTS, the most elements any shape holds: an
 * index or extent past it addresses nothing. Every violation is E1005
 * MalformedShape at the op. */
#include "DialectNames.h"
#include "IntDiv.h"
#include "TinyChecks.h"

#include "dlc/Diagnostics.h"
#include "dlc/IR.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"

#include <stdarg.h>
#include <stdio.h>

static bool malformed(MlirOperation op, const char *suggestion,
                      const char *whyFormat, ...)
    __attribute__((format(printf, 3, 4)));

/* E1005 at `op`: "'tiny.<op>': <why>". */
static bool malformed(MlirOperation op, const char *suggestion,
                      const char *whyFormat, ...) {
  char why[256];
  va_list ap;
  va_start(ap, whyFormat);
  vsnprintf(why, sizeof(why), whyFormat, ap);
  va_end(ap);
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  dlcEmitDiagnostic(op, &dlcMalformedShape, suggestion, "'%.*s': %s",
                    (int)name.length, name.data, why);
  return false;
}

/* Reads the i64 array attribute `name` of exactly `expected` entries (at
 * most 2 * DLC_MAX_RANK) into `values`. */
static bool readArray(MlirOperation op, const char *name, int expected,
                      int64_t *values) {
  MlirAttribute attr = dlcOperationAttrGet(op, name);
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsADenseI64Array(attr))
    return malformed(op, "write the attribute as array<i64: ...>",
                     "'%s' must be an array<i64: ...>", name);
  intptr_t count = mlirDenseArrayGetNumElements(attr);
  if (count != expected)
    return malformed(op, "give one entry per dimension of the operand",
                     "'%s' has %ld entries but %d are needed", name,
                     (long)count, expected);
  for (int i = 0; i < expected; ++i)
    values[i] = mlirDenseI64ArrayGetElement(attr, i);
  return true;
}

static bool sameRank(MlirOperation op, const DlcShape *x, const DlcShape *r,
                     const char *what) {
  return x->rank == r->rank ||
         malformed(op, what, "the result rank differs from the operand rank");
}

static bool checkPermute(MlirOperation op, const DlcShape *x,
                         const DlcShape *r) {
  int64_t order[DLC_MAX_RANK];
  bool seen[DLC_MAX_RANK] = {false};
  if (!readArray(op, "order", x->rank, order) ||
      !sameRank(op, x, r, "a permutation keeps the rank"))
    return false;
  for (int j = 0; j < x->rank; ++j) {
    if (order[j] < 0 || order[j] >= x->rank || seen[order[j]])
      return malformed(op, "list each operand dimension once",
                       "'order' is not a permutation of the operand dims");
    seen[order[j]] = true;
    if (!dlcDimEqual(r->dims[j], x->dims[order[j]]))
      return malformed(op, "result dim j must be operand dim order[j]",
                       "the result shape is not the permuted operand shape");
  }
  return true;
}

/* Static shapes only: a symbolic reshape (a flat [MK] to [M, 1, K]) is
 * the lowering's to match against the derived symbols. */
static bool checkReshape(MlirOperation op, const DlcShape *x,
                         const DlcShape *r) {
  int64_t nx = 1, nr = 1; /* within 2^60: dlcShapeFromType checked */
  for (int k = 0; k < x->rank; ++k) {
    if (x->dims[k].size < 0)
      return true;
    nx *= x->dims[k].size;
  }
  for (int k = 0; k < r->rank; ++k) {
    if (r->dims[k].size < 0)
      return true;
    nr *= r->dims[k].size;
  }
  return nx == nr ||
         malformed(op,
                   "a reshape keeps the number of elements: check the "
                   "result type",
                   "the operand and result shapes hold different numbers of "
                   "elements");
}

static bool checkExpand(MlirOperation op, const DlcShape *x,
                        const DlcShape *r) {
  int64_t to[DLC_MAX_RANK];
  if (!readArray(op, "broadcast_dimensions", x->rank, to))
    return false;
  for (int k = 0; k < x->rank; ++k) {
    if (to[k] < 0 || to[k] >= r->rank || (k > 0 && to[k] <= to[k - 1]))
      return malformed(op,
                       "list strictly increasing result dims, one per "
                       "operand dim",
                       "'broadcast_dimensions' is not strictly increasing "
                       "within the result rank");
    DlcDim from = x->dims[k], into = r->dims[to[k]];
    if (!dlcDimIsOne(from) && !dlcDimEqual(from, into)) {
      char a[64], b[64];
      dlcDimFormat(from, a, sizeof(a));
      dlcDimFormat(into, b, sizeof(b));
      dlcEmitDiagnostic(op, &dlcBroadcastMismatch,
                        "only size-1 dims grow; add a reshape first",
                        "operand dim %d (%s) cannot expand to result dim %d "
                        "(%s)",
                        k, a, (int)to[k], b);
      return false;
    }
  }
  return true;
}

static bool checkFlip(MlirOperation op, const DlcShape *x) {
  MlirAttribute axes = dlcOperationAttrGet(op, "axes");
  bool flipped[DLC_MAX_RANK] = {false};
  if (mlirAttributeIsNull(axes) || !mlirAttributeIsADenseI64Array(axes))
    return malformed(op, "write the attribute as array<i64: ...>",
                     "'axes' must be an array<i64: ...>");
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(axes); ++i) {
    int64_t axis = mlirDenseI64ArrayGetElement(axes, i);
    if (axis < 0 || axis >= x->rank || flipped[axis])
      return malformed(op, "list each flipped dim once",
                       "'axes' names a dim twice or outside the rank");
    flipped[axis] = true;
  }
  return true;
}

static bool checkPad(MlirOperation op, const DlcShape *x, const DlcShape *r) {
  int64_t padding[2 * DLC_MAX_RANK];
  if (!readArray(op, "padding", 2 * x->rank, padding) ||
      !sameRank(op, x, r, "padding keeps the rank"))
    return false;
  for (int k = 0; k < x->rank; ++k) {
    int64_t lo = padding[2 * k], hi = padding[2 * k + 1];
    if (lo < 0 || hi < 0 || lo > DLC_SHAPE_MAX_ELEMENTS ||
        hi > DLC_SHAPE_MAX_ELEMENTS)
      return malformed(op,
                       "padding amounts are >= 0 and at most 2^60 (the most "
                       "elements a shape holds)",
                       "a padding amount is negative or too large");
    /* No overflow: each term is at most 2^60. A padded symbolic extent is
     * a symbol of its own (checked against dlc.derived by checkDerived). */
    DlcDim from = x->dims[k], into = r->dims[k];
    bool bad = lo + hi == 0 ? !dlcDimEqual(from, into)
                            : from.size >= 0 && into.size >= 0 &&
                                  from.size + lo + hi != into.size;
    if (bad)
      return malformed(op, "result dim k is operand dim k + lo_k + hi_k",
                       "the result shape is not the padded operand shape");
  }
  return true;
}

/* TinyChecks.h; dlc-interp's shrink applies it to the actual sizes. */
bool dlcTinyShrinkFits(int64_t offset, int64_t step, int64_t count,
                       int64_t size) {
  if (offset < 0 || step < 1)
    return false;
  if (count == 0)
    return true;
  int64_t span, last;
  return !__builtin_mul_overflow(step, count < 0 ? 0 : count - 1, &span) &&
         !__builtin_add_overflow(offset, span, &last) &&
         last < (size < 0 ? DLC_SHAPE_MAX_ELEMENTS : size) &&
         (count > 0 || step <= DLC_SHAPE_MAX_ELEMENTS);
}

static bool checkShrink(MlirOperation op, const DlcShape *x,
                        const DlcShape *r) {
  int64_t offsets[DLC_MAX_RANK], steps[DLC_MAX_RANK];
  if (!readArray(op, "offsets", x->rank, offsets) ||
      !readArray(op, "steps", x->rank, steps) ||
      !sameRank(op, x, r, "a shrink keeps the rank"))
    return false;
  for (int k = 0; k < x->rank; ++k) {
    if (offsets[k] < 0 || steps[k] < 1)
      return malformed(op, "offsets are >= 0 and steps >= 1",
                       "an offset is negative or a step is below 1");
    if (dlcTinyShrinkFits(offsets[k], steps[k], r->dims[k].size,
                          x->dims[k].size))
      continue;
    char count[64], size[64] = "2^60 (past any dimension)";
    dlcDimFormat(r->dims[k], count, sizeof(count));
    if (x->dims[k].size >= 0)
      dlcDimFormat(x->dims[k], size, sizeof(size));
    return malformed(op,
                     "read only inside the operand: offset + step * "
                     "(extent - 1) below its size",
                     "dimension %d reads from %lld with step %lld for %s "
                     "elements, outside the source size %s",
                     k, (long long)offsets[k], (long long)steps[k], count,
                     size);
  }
  return true;
}

/* The values an affine expression takes over a box of indices: [lo, hi],
 * or unknown where a symbolic extent or a symbol enters. */
typedef struct Range {
  bool known;
  int64_t lo, hi;
} Range;

typedef enum MapFault {
  MAP_OK,
  MAP_BIG_CONSTANT, /* a constant beyond 2^60 */
  MAP_DIVISOR,      /* floordiv, ceildiv or mod by a non-positive constant */
  MAP_OVERFLOW      /* a sum or product leaves 64 bits */
} MapFault;

static bool add(Range a, Range b, Range *out) {
  return !__builtin_add_overflow(a.lo, b.lo, &out->lo) &&
         !__builtin_add_overflow(a.hi, b.hi, &out->hi);
}

static bool mul(Range a, Range b, Range *out) {
  int64_t corners[4];
  if (__builtin_mul_overflow(a.lo, b.lo, &corners[0]) ||
      __builtin_mul_overflow(a.lo, b.hi, &corners[1]) ||
      __builtin_mul_overflow(a.hi, b.lo, &corners[2]) ||
      __builtin_mul_overflow(a.hi, b.hi, &corners[3]))
    return false;
  out->lo = out->hi = corners[0];
  for (int i = 1; i < 4; ++i) {
    out->lo = corners[i] < out->lo ? corners[i] : out->lo;
    out->hi = corners[i] > out->hi ? corners[i] : out->hi;
  }
  return true;
}

/* The range of `e` with dim i in [0, extent_i - 1] of `box` (static
 * extents; a symbolic one, or a symbol, makes it unknown). */
static MapFault rangeOf(MlirAffineExpr e, const DlcShape *box, Range *out) {
  *out = (Range){false, 0, 0};
  if (mlirAffineExprIsAConstant(e)) {
    int64_t c = mlirAffineConstantExprGetValue(e);
    if (c > DLC_SHAPE_MAX_ELEMENTS || c < -DLC_SHAPE_MAX_ELEMENTS)
      return MAP_BIG_CONSTANT;
    *out = (Range){true, c, c};
    return MAP_OK;
  }
  if (mlirAffineExprIsADim(e)) {
    intptr_t d = mlirAffineDimExprGetPosition(e);
    if (d < box->rank && box->dims[d].size >= 0)
      *out =
          (Range){true, 0, box->dims[d].size > 0 ? box->dims[d].size - 1 : 0};
    return MAP_OK;
  }
  if (!mlirAffineExprIsABinary(e))
    return MAP_OK; /* a symbol */
  Range a, b;
  MapFault fault = rangeOf(mlirAffineBinaryOpExprGetLHS(e), box, &a);
  if (fault == MAP_OK)
    fault = rangeOf(mlirAffineBinaryOpExprGetRHS(e), box, &b);
  if (fault != MAP_OK)
    return fault;
  if (mlirAffineExprIsAAdd(e) || mlirAffineExprIsAMul(e)) {
    if (a.known && b.known) {
      if (!(mlirAffineExprIsAAdd(e) ? add(a, b, out) : mul(a, b, out)))
        return MAP_OVERFLOW;
      out->known = true;
    }
    return MAP_OK;
  }
  /* floordiv, ceildiv, mod: by a positive constant (a symbolic divisor
   * leaves the value non-SCoP, not wrong). */
  if (!mlirAffineExprIsAConstant(mlirAffineBinaryOpExprGetRHS(e)))
    return MAP_OK;
  int64_t c = b.lo;
  if (c <= 0)
    return MAP_DIVISOR;
  if (mlirAffineExprIsAMod(e))
    *out = (Range){true, 0, c - 1};
  else if (a.known && mlirAffineExprIsAFloorDiv(e))
    *out = (Range){true, dlcFloorDiv(a.lo, c), dlcFloorDiv(a.hi, c)};
  else if (a.known)
    *out = (Range){true, dlcCeilDiv(a.lo, c), dlcCeilDiv(a.hi, c)};
  return MAP_OK;
}

static bool checkMap(MlirOperation op, const DlcShape *x, const DlcShape *r) {
  MlirAttribute attr = dlcOperationAttrGet(op, "map");
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAAffineMap(attr))
    return malformed(op, "give the op a 'map' affine_map attribute",
                     "'map' is not an affine map");
  MlirAffineMap map = mlirAffineMapAttrGetValue(attr);
  if (mlirAffineMapGetNumDims(map) != r->rank ||
      mlirAffineMapGetNumResults(map) != x->rank)
    return malformed(op,
                     "the map goes from the result's indices to the "
                     "operand's indices",
                     "the map's dims and results do not match the result "
                     "and operand ranks");
  for (int k = 0; k < x->rank; ++k) {
    Range range;
    switch (rangeOf(mlirAffineMapGetResult(map, k), r, &range)) {
    case MAP_OK:
      continue;
    case MAP_DIVISOR:
      return malformed(op, "divide only by positive constants or symbols",
                       "the map divides by zero or a negative constant");
    case MAP_BIG_CONSTANT:
      return malformed(op,
                       "keep the map's constants within 2^60 (the most "
                       "elements a shape holds)",
                       "result %d of the map holds a constant beyond 2^60, "
                       "whose arithmetic could overflow 64 bits",
                       k);
    case MAP_OVERFLOW:
      return malformed(op,
                       "keep the map's offsets and strides within the "
                       "operand",
                       "result %d of the map overflows 64 bits over the "
                       "result's indices",
                       k);
    }
  }
  return true;
}

static const char *const movementOps[] = {
    DLC_OP_TINY_VIEW,    DLC_OP_TINY_RESHAPE,
    DLC_OP_TINY_PERMUTE, DLC_OP_TINY_EXPAND,
    DLC_OP_TINY_PAD,     DLC_OP_TINY_SHRINK,
    DLC_OP_TINY_FLIP,    DLC_OP_TINY_LOAD,
    DLC_OP_TINY_STORE,   NULL};

bool dlcTinyIsMovement(MlirStringRef name) {
  return dlcStringRefIsOneOf(name, movementOps);
}

bool dlcTinyCheckMovement(MlirOperation op) {
  if (!dlcTinyIsMovement(mlirIdentifierStr(mlirOperationGetName(op))))
    return true;
  DlcShape x, r;
  if (!dlcTinyReadShape(op, mlirValueGetType(mlirOperationGetOperand(op, 0)),
                        &x) ||
      !dlcTinyReadShape(op, mlirValueGetType(mlirOperationGetResult(op, 0)),
                        &r))
    return false;
  if (dlcTinyIsPermute(op))
    return checkPermute(op, &x, &r);
  if (dlcTinyIsReshape(op))
    return checkReshape(op, &x, &r);
  if (dlcTinyIsExpand(op))
    return checkExpand(op, &x, &r);
  if (dlcTinyIsFlip(op))
    return checkFlip(op, &x);
  if (dlcTinyIsPad(op))
    return checkPad(op, &x, &r);
  if (dlcTinyIsShrink(op))
    return checkShrink(op, &x, &r);
  return checkMap(op, &x, &r); /* view, load, store */
}
