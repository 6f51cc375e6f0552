/* MapBuilder: composition and simplification of the affine maps and
 * integer sets of the tiny -> indexbook lowering (spec §4.3, §4.4). */
#include "MapBuilder.h"

#include "AffineIsl.h"

#include <stdlib.h>
#include <string.h>

bool t2iSpaceInit(T2iSpace *space, MlirContext ctx,
                  const DlcSymbolTable *symbols, int numDims,
                  const DlcDim *extents) {
  space->ctx = ctx;
  space->symbols = symbols;
  space->numDims = 0;
  if (numDims > T2I_MAX_AXES)
    return false;
  for (int k = 0; k < numDims; ++k) {
    if (extents[k].size < 0 &&
        dlcSymbolTableFind(symbols, extents[k].symbol) < 0)
      return false;
    space->extents[k] = extents[k];
  }
  space->numDims = numDims;
  return true;
}

MlirAffineExpr t2iConst(const T2iSpace *space, int64_t value) {
  return mlirAffineConstantExprGet(space->ctx, value);
}

MlirAffineExpr t2iDim(const T2iSpace *space, int position) {
  return mlirAffineDimExprGet(space->ctx, position);
}

/* Shapes are checked against the symbols before any space is built
 * (t2iSpaceInit), so an unknown symbol cannot reach here; 0 keeps the
 * expression well formed if it ever did. */
MlirAffineExpr t2iExtentExpr(const T2iSpace *space, DlcDim extent) {
  if (extent.size >= 0)
    return t2iConst(space, extent.size);
  int index = dlcSymbolTableFind(space->symbols, extent.symbol);
  return index < 0 ? t2iConst(space, 0)
                   : mlirAffineSymbolExprGet(space->ctx, index);
}

/* --- bounds (isl) ----------------------------------------------------------
 */

/* The box of `space`; `sizes` (T2I_MAX_AXES entries) backs it. */
static AffineIslBox spaceBox(const T2iSpace *space, AffineIslSize *sizes) {
  for (int k = 0; k < space->numDims; ++k) {
    DlcDim extent = space->extents[k];
    sizes[k].symbol = extent.size >= 0
                          ? -1
                          : dlcSymbolTableFind(space->symbols, extent.symbol);
    sizes[k].extent = extent.size;
  }
  /* Derived symbols bring their definitions: Ho = (Hp - 3) floordiv 2 + 1
   * bounds a strided window inside the padded extent. */
  AffineIslBox box = {space->numDims, space->symbols->count, sizes,
                      space->symbols->definitions};
  return box;
}

static bool constantOf(MlirAffineExpr expr, int64_t *value) {
  if (!mlirAffineExprIsAConstant(expr))
    return false;
  *value = mlirAffineConstantExprGetValue(expr);
  return true;
}

static int64_t floorDiv(int64_t a, int64_t q) {
  int64_t d = a / q;
  return (a % q != 0 && a < 0) ? d - 1 : d;
}

/* --- simplification ------------------------------------------------------- */

/* `lhs floordiv q` or `lhs mod q` when the range of lhs lies within one
 * multiple of q: the quotient is a constant k and the remainder lhs - k*q.
 * Returns false when the range does not allow it. */
static bool divisionIsConstant(const T2iSpace *space, MlirAffineExpr lhs,
                               int64_t q, int64_t *quotient) {
  AffineIslSize sizes[T2I_MAX_AXES];
  AffineIslBox box = spaceBox(space, sizes);
  AffineIslRange range;
  if (!affineIslBoxRange(&box, lhs, &range) || !range.hasMin || !range.hasMax ||
      floorDiv(range.min, q) != floorDiv(range.max, q))
    return false;
  *quotient = floorDiv(range.min, q);
  return true;
}

static MlirAffineExpr simplifyDivision(const T2iSpace *space,
                                       MlirAffineExpr expr, MlirAffineExpr lhs,
                                       int64_t q) {
  MlirAffineExpr rhs = t2iConst(space, q);
  if (mlirAffineExprIsACeilDiv(expr))
    lhs = mlirAffineAddExprGet(lhs, t2iConst(space, q - 1));
  bool isMod = mlirAffineExprIsAMod(expr);
  int64_t k;
  if (divisionIsConstant(space, lhs, q, &k))
    return isMod ? mlirAffineAddExprGet(lhs, t2iConst(space, -k * q))
                 : t2iConst(space, k);
  return isMod ? mlirAffineModExprGet(lhs, rhs)
               : mlirAffineFloorDivExprGet(lhs, rhs);
}

static MlirAffineExpr simplifyByRanges(const T2iSpace *space,
                                       MlirAffineExpr expr) {
  if (!mlirAffineExprIsABinary(expr))
    return expr;
  MlirAffineExpr lhs =
      simplifyByRanges(space, mlirAffineBinaryOpExprGetLHS(expr));
  MlirAffineExpr rhs =
      simplifyByRanges(space, mlirAffineBinaryOpExprGetRHS(expr));
  if (mlirAffineExprIsAAdd(expr))
    return mlirAffineAddExprGet(lhs, rhs);
  if (mlirAffineExprIsAMul(expr))
    return mlirAffineMulExprGet(lhs, rhs);
  int64_t q;
  if (constantOf(rhs, &q) && q > 0 &&
      (q < INT64_MAX / 2 || !mlirAffineExprIsACeilDiv(expr)))
    return simplifyDivision(space, expr, lhs, q);
  if (mlirAffineExprIsAMod(expr))
    return mlirAffineModExprGet(lhs, rhs);
  if (mlirAffineExprIsAFloorDiv(expr))
    return mlirAffineFloorDivExprGet(lhs, rhs);
  return mlirAffineCeilDivExprGet(lhs, rhs);
}

MlirAffineExpr t2iSimplify(const T2iSpace *space, MlirAffineExpr expr) {
  uint32_t numDims = (uint32_t)space->numDims;
  uint32_t numSymbols = (uint32_t)space->symbols->count;
  expr = mlirSimplifyAffineExpr(expr, numDims, numSymbols);
  /* A removed floordiv can expose another; a few rounds reach the fixed
   * point for any chain of movement ops seen in practice. */
  for (int round = 0; round < 4; ++round) {
    MlirAffineExpr next = mlirSimplifyAffineExpr(simplifyByRanges(space, expr),
                                                 numDims, numSymbols);
    if (mlirAffineExprEqual(next, expr))
      break;
    expr = next;
  }
  return expr;
}

MlirAffineMap t2iMapGet(const T2iSpace *space, int numResults,
                        const MlirAffineExpr *results) {
  MlirAffineExpr simplified[T2I_MAX_AXES];
  for (int i = 0; i < numResults && i < T2I_MAX_AXES; ++i)
    simplified[i] = t2iSimplify(space, results[i]);
  if (numResults > T2I_MAX_AXES)
    numResults = T2I_MAX_AXES;
  return mlirAffineMapGet(space->ctx, space->numDims, space->symbols->count,
                          numResults, simplified);
}

MlirAffineMap t2iIdentityMap(const T2iSpace *space) {
  MlirAffineExpr dims[T2I_MAX_AXES];
  for (int k = 0; k < space->numDims; ++k)
    dims[k] = t2iDim(space, k);
  return t2iMapGet(space, space->numDims, dims);
}

MlirAffineMap t2iCompose(const T2iSpace *space, MlirAffineMap outer,
                         MlirAffineMap inner) {
  MlirAffineExpr results[T2I_MAX_AXES];
  int n = (int)mlirAffineMapGetNumResults(outer);
  if (n > T2I_MAX_AXES)
    n = T2I_MAX_AXES;
  for (int i = 0; i < n; ++i)
    results[i] = mlirAffineExprCompose(mlirAffineMapGetResult(outer, i), inner);
  return t2iMapGet(space, n, results);
}

bool t2iMapIsAffine(MlirAffineMap map) {
  for (intptr_t i = 0; i < mlirAffineMapGetNumResults(map); ++i)
    if (!mlirAffineExprIsPureAffine(mlirAffineMapGetResult(map, i)))
      return false;
  return true;
}

bool t2iSetIsAffine(MlirIntegerSet set) {
  for (intptr_t i = 0; i < mlirIntegerSetGetNumConstraints(set); ++i)
    if (!mlirAffineExprIsPureAffine(mlirIntegerSetGetConstraint(set, i)))
      return false;
  return true;
}

/* --- guards and domains --------------------------------------------------- */

bool t2iGuardsAdd(T2iGuards *guards, const T2iSpace *space,
                  MlirAffineExpr expr) {
  expr = t2iSimplify(space, expr);
  AffineIslSize sizes[T2I_MAX_AXES];
  AffineIslBox box = spaceBox(space, sizes);
  if (affineIslBoxImplies(&box, expr, false))
    return true;
  for (int i = 0; i < guards->count; ++i)
    if (mlirAffineExprEqual(guards->exprs[i], expr))
      return true;
  if (guards->count == guards->capacity) {
    int capacity = guards->capacity ? 2 * guards->capacity : 8;
    MlirAffineExpr *grown =
        realloc(guards->exprs, (size_t)capacity * sizeof(*grown));
    if (!grown)
      return false;
    guards->exprs = grown;
    guards->capacity = capacity;
  }
  guards->exprs[guards->count++] = expr;
  return true;
}

bool t2iGuardsAddBounds(T2iGuards *guards, const T2iSpace *space,
                        MlirAffineExpr index, DlcDim extent) {
  /* extent - 1 - index >= 0 */
  MlirAffineExpr upper = mlirAffineAddExprGet(
      mlirAffineAddExprGet(t2iExtentExpr(space, extent), t2iConst(space, -1)),
      mlirAffineMulExprGet(index, t2iConst(space, -1)));
  return t2iGuardsAdd(guards, space, index) &&
         t2iGuardsAdd(guards, space, upper);
}

bool t2iGuardsCompose(T2iGuards *into, const T2iSpace *space,
                      const T2iGuards *from, MlirAffineMap map) {
  for (int i = 0; i < from->count; ++i)
    if (!t2iGuardsAdd(into, space, mlirAffineExprCompose(from->exprs[i], map)))
      return false;
  return true;
}

void t2iGuardsFree(T2iGuards *guards) {
  free(guards->exprs);
  guards->exprs = NULL;
  guards->count = guards->capacity = 0;
}

MlirIntegerSet t2iDomainSet(const T2iSpace *space, const T2iGuards *guards) {
  int numGuards = guards ? guards->count : 0;
  int count = 2 * space->numDims + numGuards;
  MlirAffineExpr *constraints = calloc((size_t)count + 1, sizeof(*constraints));
  bool *isEq = calloc((size_t)count + 1, sizeof(*isEq));
  MlirIntegerSet set = {NULL};
  if (!constraints || !isEq)
    goto done;
  for (int k = 0; k < space->numDims; ++k) {
    MlirAffineExpr d = t2iDim(space, k);
    MlirAffineExpr upper = mlirAffineAddExprGet(
        mlirAffineAddExprGet(t2iExtentExpr(space, space->extents[k]),
                             t2iConst(space, -1)),
        mlirAffineMulExprGet(d, t2iConst(space, -1)));
    constraints[2 * k] = d;
    constraints[2 * k + 1] = t2iSimplify(space, upper);
  }
  for (int i = 0; i < numGuards; ++i)
    constraints[2 * space->numDims + i] = guards->exprs[i];
  if (count == 0) {
    /* MLIR sets need one constraint: the universe is 0 == 0. */
    constraints[0] = t2iConst(space, 0);
    isEq[0] = true;
    count = 1;
  }
  set = mlirIntegerSetGet(space->ctx, space->numDims, space->symbols->count,
                          count, constraints, isEq);
done:
  free(constraints);
  free(isEq);
  return set;
}
