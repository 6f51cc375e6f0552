/* Affine helpers of convert-indexbook-to-rbssa: composing contexts through
 * IndexBook maps and domains, renumbering region axes into an rbssa value's
 * dims, and proving simple bounds over the iteration box.
 *
 * Bounds use interval arithmetic on linear forms: on a box, the extremes of
 * a linear expression are the sums of its terms' extremes, so a pure affine
 * expression is bounded exactly; floordiv/mod/ceildiv are bounded soundly.
 * Bounds are linear in the symbols, and every symbol is a size (>= 1). The
 * conversion uses them to drop guard constraints the iteration box already
 * implies (a gist with the box) and to find reads that may leave their
 * memref (UnguardedAccess, E1402). */
#include "AffineLinear.h"
#include "Region.h"

#include "dlc/IR.h"

#include <stdio.h>
#include <string.h>

/* --- spaces --------------------------------------------------------------- */

bool rbSpaceEqual(const RbSpace *a, const RbSpace *b) {
  if (a->rank != b->rank)
    return false;
  for (int i = 0; i < a->rank; ++i)
    if (a->axes[i] != b->axes[i])
      return false;
  return true;
}

bool rbSpaceContains(const RbSpace *space, int axis) {
  for (int i = 0; i < space->rank; ++i)
    if (space->axes[i] == axis)
      return true;
  return false;
}

bool rbSpaceIncludes(const RbSpace *outer, const RbSpace *inner) {
  for (int i = 0; i < inner->rank; ++i)
    if (!rbSpaceContains(outer, inner->axes[i]))
      return false;
  return true;
}

bool rbSpaceUnion(const RbSpace *a, const RbSpace *b, RbSpace *out) {
  RbSpace u = {0, {0}};
  int i = 0, j = 0;
  while (i < a->rank || j < b->rank) {
    int next;
    if (j >= b->rank || (i < a->rank && a->axes[i] < b->axes[j]))
      next = a->axes[i++];
    else if (i >= a->rank || b->axes[j] < a->axes[i])
      next = b->axes[j++];
    else {
      next = a->axes[i++];
      ++j;
    }
    if (u.rank == RB_MAX_AXES)
      return false;
    u.axes[u.rank++] = next;
  }
  *out = u;
  return true;
}

/* --- composition ---------------------------------------------------------- */

/* The map (region axes)[symbols] -> ctx's expressions, used to substitute
 * ctx into an expression over the context's dims. */
static MlirAffineMap contextMap(RbRegion *r, const RbContext *ctx) {
  return mlirAffineMapGet(r->ctx, r->numAxes, r->numSymbols, ctx->rank,
                          (MlirAffineExpr *)ctx->exprs);
}

void rbCompose(RbRegion *r, MlirAffineMap map, const RbContext *ctx,
               RbContext *out) {
  MlirAffineMap with = contextMap(r, ctx);
  intptr_t n = mlirAffineMapGetNumResults(map);
  out->rank = (int)n;
  for (intptr_t i = 0; i < n; ++i)
    out->exprs[i] = mlirAffineExprCompose(mlirAffineMapGetResult(map, i), with);
}

void rbUsedAxes(RbRegion *r, const MlirAffineExpr *exprs, int count,
                RbSpace *used) {
  used->rank = 0;
  for (int axis = 0; axis < r->numAxes; ++axis)
    for (int i = 0; i < count; ++i)
      if (mlirAffineExprIsFunctionOfDim(exprs[i], axis)) {
        used->axes[used->rank++] = axis;
        break;
      }
}

MlirAffineExpr rbLocalExpr(RbRegion *r, MlirAffineExpr expr,
                           const RbSpace *space) {
  if (r->numAxes == 0)
    return expr;
  MlirAffineExpr replacements[RB_MAX_AXES];
  for (int axis = 0; axis < r->numAxes; ++axis)
    replacements[axis] = mlirAffineConstantExprGet(r->ctx, 0);
  for (int p = 0; p < space->rank; ++p)
    replacements[space->axes[p]] = mlirAffineDimExprGet(r->ctx, p);
  MlirAffineMap local = mlirAffineMapGet(r->ctx, space->rank, r->numSymbols,
                                         r->numAxes, replacements);
  return mlirAffineExprCompose(expr, local);
}

MlirAffineMap rbLocalMap(RbRegion *r, const RbContext *ctx,
                         const RbSpace *space) {
  MlirAffineExpr exprs[RB_MAX_RANK];
  for (int i = 0; i < ctx->rank; ++i)
    exprs[i] = rbLocalExpr(r, ctx->exprs[i], space);
  return mlirAffineMapGet(r->ctx, space->rank, r->numSymbols, ctx->rank, exprs);
}

/* --- linear forms and bounds ---------------------------------------------- */

/* c + sum(sym[k] * s_k): a bound, linear in the symbols. */
typedef struct SymLin {
  int64_t sym[RB_MAX_SYMBOLS];
  int64_t c;
} SymLin;

typedef DlcLinear Lin;
_Static_assert((int)RB_MAX_AXES <= (int)DLC_LINEAR_MAX_DIMS &&
                   (int)RB_MAX_SYMBOLS <= (int)DLC_LINEAR_MAX_SYMBOLS,
               "region axes and symbols fit a linear form");

static bool addChecked(int64_t a, int64_t b, int64_t *out) {
  return !__builtin_add_overflow(a, b, out);
}

static bool mulChecked(int64_t a, int64_t b, int64_t *out) {
  return !__builtin_mul_overflow(a, b, out);
}

/* Flattens a pure affine expression (no div/mod) into a linear form. */
static bool flatten(RbRegion *r, MlirAffineExpr e, Lin *out) {
  return dlcLinearOf(e, r->numAxes, r->numSymbols, out);
}

static bool symIsConstant(const SymLin *f) {
  for (int k = 0; k < RB_MAX_SYMBOLS; ++k)
    if (f->sym[k])
      return false;
  return true;
}

/* f >= 0 for all symbol values >= 1. */
static bool symNonNegative(const SymLin *f) {
  int64_t atOne = f->c;
  for (int k = 0; k < RB_MAX_SYMBOLS; ++k) {
    if (f->sym[k] < 0 || !addChecked(atOne, f->sym[k], &atOne))
      return false;
  }
  return atOne >= 0;
}

static bool symAddScaled(SymLin *a, const SymLin *b, int64_t factor) {
  int64_t t;
  for (int k = 0; k < RB_MAX_SYMBOLS; ++k)
    if (!mulChecked(b->sym[k], factor, &t) ||
        !addChecked(a->sym[k], t, &a->sym[k]))
      return false;
  return mulChecked(b->c, factor, &t) && addChecked(a->c, t, &a->c);
}

/* [0, size - 1] of region axis j, as symbolic bounds. */
static void axisRange(RbRegion *r, int j, SymLin *lo, SymLin *hi) {
  memset(lo, 0, sizeof(*lo));
  memset(hi, 0, sizeof(*hi));
  if (r->axes[j].symbol >= 0) {
    hi->sym[r->axes[j].symbol] = 1;
    hi->c = -1;
  } else {
    hi->c = r->axes[j].extent - 1;
  }
}

static bool linearBounds(RbRegion *r, const Lin *l, SymLin *lo, SymLin *hi) {
  memset(lo, 0, sizeof(*lo));
  memset(hi, 0, sizeof(*hi));
  for (int k = 0; k < RB_MAX_SYMBOLS; ++k)
    lo->sym[k] = hi->sym[k] = l->sym[k];
  lo->c = hi->c = l->c;
  for (int j = 0; j < r->numAxes; ++j) {
    if (!l->dim[j])
      continue;
    SymLin aLo, aHi;
    axisRange(r, j, &aLo, &aHi);
    /* a*d over [0, size-1]: the size end goes to hi when a > 0. */
    SymLin *end = l->dim[j] > 0 ? hi : lo;
    if (!symAddScaled(end, &aHi, l->dim[j]))
      return false;
  }
  return true;
}

static int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b; /* b > 0: no overflow */
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

static int64_t ceilDiv(int64_t a, int64_t b) {
  return a > 0 ? (a - 1) / b + 1 : a / b; /* division truncates toward 0 */
}

static bool exprBounds(RbRegion *r, MlirAffineExpr e, SymLin *lo, SymLin *hi,
                       int depth);

/* Bounds of lhs floordiv/ceildiv/mod c, from the bounds of lhs. */
static bool divBounds(RbRegion *r, MlirAffineExpr e, SymLin *lo, SymLin *hi,
                      int depth) {
  MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(e);
  if (!mlirAffineExprIsAConstant(rhs))
    return false;
  int64_t c = mlirAffineConstantExprGetValue(rhs);
  if (c <= 0)
    return false;
  memset(lo, 0, sizeof(*lo));
  memset(hi, 0, sizeof(*hi));
  if (mlirAffineExprIsAMod(e)) {
    hi->c = c - 1;
    return true;
  }
  SymLin nLo, nHi;
  if (!exprBounds(r, mlirAffineBinaryOpExprGetLHS(e), &nLo, &nHi, depth + 1))
    return false;
  bool ceil = mlirAffineExprIsACeilDiv(e);
  if (symIsConstant(&nLo))
    lo->c = ceil ? ceilDiv(nLo.c, c) : floorDiv(nLo.c, c);
  else if (!symNonNegative(&nLo))
    return false; /* lo stays 0: x >= 0 implies x div c >= 0 */
  if (symIsConstant(&nHi)) {
    hi->c = ceil ? ceilDiv(nHi.c, c) : floorDiv(nHi.c, c);
    return true;
  }
  if (!symNonNegative(&nHi))
    return false;
  *hi = nHi; /* x >= 0 implies x div c <= x */
  return true;
}

static bool exprBounds(RbRegion *r, MlirAffineExpr e, SymLin *lo, SymLin *hi,
                       int depth) {
  if (depth > 32)
    return false;
  Lin l;
  if (flatten(r, e, &l))
    return linearBounds(r, &l, lo, hi);
  if (mlirAffineExprIsAFloorDiv(e) || mlirAffineExprIsACeilDiv(e) ||
      mlirAffineExprIsAMod(e))
    return divBounds(r, e, lo, hi, depth);
  SymLin aLo, aHi, bLo, bHi;
  if (mlirAffineExprIsAAdd(e)) {
    if (!exprBounds(r, mlirAffineBinaryOpExprGetLHS(e), &aLo, &aHi,
                    depth + 1) ||
        !exprBounds(r, mlirAffineBinaryOpExprGetRHS(e), &bLo, &bHi, depth + 1))
      return false;
    *lo = aLo;
    *hi = aHi;
    return symAddScaled(lo, &bLo, 1) && symAddScaled(hi, &bHi, 1);
  }
  if (mlirAffineExprIsAMul(e)) {
    MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(e);
    if (!mlirAffineExprIsAConstant(rhs) ||
        !exprBounds(r, mlirAffineBinaryOpExprGetLHS(e), &aLo, &aHi, depth + 1))
      return false;
    int64_t c = mlirAffineConstantExprGetValue(rhs);
    memset(lo, 0, sizeof(*lo));
    memset(hi, 0, sizeof(*hi));
    return c >= 0 ? symAddScaled(lo, &aLo, c) && symAddScaled(hi, &aHi, c)
                  : symAddScaled(lo, &aHi, c) && symAddScaled(hi, &aLo, c);
  }
  return false;
}

/* Whether constraint `e >= 0` (or `e == 0`) holds on the whole box. */
static bool alwaysHolds(RbRegion *r, MlirAffineExpr e, bool eq) {
  SymLin lo, hi;
  if (!exprBounds(r, e, &lo, &hi, 0))
    return false;
  if (!eq)
    return symNonNegative(&lo);
  return symIsConstant(&lo) && symIsConstant(&hi) && lo.c == 0 && hi.c == 0;
}

bool rbGuardAddSet(RbRegion *r, MlirIntegerSet piece, const RbContext *ctx,
                   RbGuard *guard) {
  MlirAffineMap with = contextMap(r, ctx);
  intptr_t n = mlirIntegerSetGetNumConstraints(piece);
  for (intptr_t i = 0; i < n; ++i) {
    MlirAffineExpr e =
        mlirAffineExprCompose(mlirIntegerSetGetConstraint(piece, i), with);
    bool eq = mlirIntegerSetIsConstraintEq(piece, i);
    if (alwaysHolds(r, e, eq))
      continue;
    if (guard->count == RB_MAX_GUARD)
      return false;
    guard->exprs[guard->count] = e;
    guard->eqs[guard->count++] = eq;
  }
  return true;
}

bool rbSetImplied(RbRegion *r, MlirIntegerSet piece, const RbContext *ctx) {
  RbGuard g;
  g.count = 0;
  return rbGuardAddSet(r, piece, ctx, &g) && g.count == 0;
}

MlirIntegerSet rbGuardSet(RbRegion *r, const RbGuard *guard,
                          const RbSpace *space) {
  MlirAffineExpr local[RB_MAX_GUARD];
  for (int i = 0; i < guard->count; ++i)
    local[i] = rbLocalExpr(r, guard->exprs[i], space);
  return mlirIntegerSetGet(r->ctx, space->rank, r->numSymbols, guard->count,
                           local, guard->eqs);
}

bool rbProveInBounds(RbRegion *r, MlirAffineExpr expr, RbSize size) {
  SymLin lo, hi;
  if (!exprBounds(r, expr, &lo, &hi, 0) || !symNonNegative(&lo))
    return false;
  /* size - 1 - hi >= 0 */
  SymLin room;
  memset(&room, 0, sizeof(room));
  if (size.symbol >= 0) {
    room.sym[size.symbol] = 1;
    room.c = -1;
  } else {
    room.c = size.extent - 1;
  }
  return symAddScaled(&room, &hi, -1) && symNonNegative(&room);
}

/* --- printing ------------------------------------------------------------- */

void rbFormatExpr(MlirAffineExpr expr, char *buffer, size_t size) {
  if (size == 0)
    return;
  DlcStringSink sink = dlcStringSinkCreate(buffer, size);
  mlirAffineExprPrint(expr, dlcStringSinkAppend, &sink);
}
