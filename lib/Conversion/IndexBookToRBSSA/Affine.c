/* Affine helpers of convert-indexbook-to-rbssa: composing contexts through
 * IndexBook maps and domains, renumbering region axes into an rbssa value's
 * dims, and proving simple bounds over the iteration box.
 *
 * Bounds are isl's (lib/Analysis/AffineIsl), exact for quasi-affine
 * expressions, with every symbol a size (>= 1). The conversion uses them to
 * drop guard constraints the iteration box already implies (a gist with the
 * box) and to find reads that may leave their memref (UnguardedAccess,
 * E1402). */
#include "Region.h"

#include "AffineIsl.h"

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
  return mlirAffineMapGet(r->ctx, r->numAxes, r->symbols.count, ctx->rank,
                          (MlirAffineExpr *)ctx->exprs);
}

static AffineIslBox regionBox(const RbRegion *r, AffineIslSize *sizes);

/* `e` with each x floordiv c and x mod c whose x stays in [0, c) on the
 * iteration box folded to 0 and x. A reshape that splits an axis and one
 * that merges it back compose to (i·48 + j) floordiv 48, which MLIR makes
 * i + j floordiv 48 but, not knowing that j < 48, no simpler: on the box it
 * is i, and the read a plain selection again. */
static MlirAffineExpr foldOnBox(const AffineIslBox *box, MlirAffineExpr e) {
  if (!mlirAffineExprIsABinary(e))
    return e;
  MlirAffineExpr lhs = foldOnBox(box, mlirAffineBinaryOpExprGetLHS(e));
  MlirAffineExpr rhs = foldOnBox(box, mlirAffineBinaryOpExprGetRHS(e));
  bool div = mlirAffineExprIsAFloorDiv(e), mod = mlirAffineExprIsAMod(e);
  if ((div || mod) && mlirAffineExprIsAConstant(rhs) &&
      mlirAffineConstantExprGetValue(rhs) > 0) {
    AffineIslSize within = {-1, mlirAffineConstantExprGetValue(rhs)};
    if (affineIslBoxKeepsInside(box, lhs, within))
      return div ? mlirAffineConstantExprGet(mlirAffineExprGetContext(e), 0)
                 : lhs;
  }
  if (mlirAffineExprIsAAdd(e))
    return mlirAffineAddExprGet(lhs, rhs);
  if (mlirAffineExprIsAMul(e))
    return mlirAffineMulExprGet(lhs, rhs);
  if (div)
    return mlirAffineFloorDivExprGet(lhs, rhs);
  if (mod)
    return mlirAffineModExprGet(lhs, rhs);
  return mlirAffineCeilDivExprGet(lhs, rhs);
}

/* Whether `e` has a floordiv or mod (foldOnBox has work). */
static bool hasDivision(MlirAffineExpr e) {
  if (!mlirAffineExprIsABinary(e))
    return false;
  return mlirAffineExprIsAFloorDiv(e) || mlirAffineExprIsAMod(e) ||
         hasDivision(mlirAffineBinaryOpExprGetLHS(e)) ||
         hasDivision(mlirAffineBinaryOpExprGetRHS(e));
}

void rbCompose(RbRegion *r, MlirAffineMap map, const RbContext *ctx,
               RbContext *out) {
  MlirAffineMap with = contextMap(r, ctx);
  AffineIslSize sizes[RB_MAX_AXES];
  AffineIslBox box;
  bool boxBuilt = false; /* only a division needs it */
  intptr_t n = mlirAffineMapGetNumResults(map);
  out->rank = (int)n;
  for (intptr_t i = 0; i < n; ++i) {
    MlirAffineExpr e =
        mlirAffineExprCompose(mlirAffineMapGetResult(map, i), with);
    if (hasDivision(e)) {
      if (!boxBuilt)
        box = regionBox(r, sizes);
      boxBuilt = true;
      e = foldOnBox(&box, e);
    }
    out->exprs[i] = e;
  }
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
  MlirAffineMap local = mlirAffineMapGet(r->ctx, space->rank, r->symbols.count,
                                         r->numAxes, replacements);
  return mlirAffineExprCompose(expr, local);
}

MlirAffineMap rbLocalMap(RbRegion *r, const RbContext *ctx,
                         const RbSpace *space) {
  MlirAffineExpr exprs[RB_MAX_RANK];
  for (int i = 0; i < ctx->rank; ++i)
    exprs[i] = rbLocalExpr(r, ctx->exprs[i], space);
  return mlirAffineMapGet(r->ctx, space->rank, r->symbols.count, ctx->rank,
                          exprs);
}

/* --- bounds (isl) ----------------------------------------------------------
 */

/* The region's iteration box; `sizes` (RB_MAX_AXES entries) backs it. */
static AffineIslBox regionBox(const RbRegion *r, AffineIslSize *sizes) {
  for (int j = 0; j < r->numAxes; ++j) {
    sizes[j].symbol = r->axes[j].symbol;
    sizes[j].extent = r->axes[j].extent;
  }
  AffineIslBox box = {r->numAxes, r->symbols.count, sizes,
                      r->symbols.definitions};
  return box;
}

/* Whether constraint `e >= 0` (or `e == 0`) holds on the whole box. */
static bool alwaysHolds(RbRegion *r, MlirAffineExpr e, bool eq) {
  AffineIslSize sizes[RB_MAX_AXES];
  AffineIslBox box = regionBox(r, sizes);
  return affineIslBoxImplies(&box, e, eq);
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
  return mlirIntegerSetGet(r->ctx, space->rank, r->symbols.count, guard->count,
                           local, guard->eqs);
}

bool rbProveInBounds(RbRegion *r, MlirAffineExpr expr, RbSize size) {
  AffineIslSize sizes[RB_MAX_AXES];
  AffineIslBox box = regionBox(r, sizes);
  AffineIslSize within = {size.symbol, size.extent};
  return affineIslBoxKeepsInside(&box, expr, within);
}

/* --- printing ------------------------------------------------------------- */

void rbFormatExpr(MlirAffineExpr expr, char *buffer, size_t size) {
  if (size == 0)
    return;
  DlcStringSink sink = dlcStringSinkCreate(buffer, size);
  mlirAffineExprPrint(expr, dlcStringSinkAppend, &sink);
}
