/* Linear forms of pure affine expressions (AffineLinear.h). */
#include "AffineLinear.h"

#include <string.h>

static bool addChecked(int64_t a, int64_t b, int64_t *out) {
  return !__builtin_add_overflow(a, b, out);
}

static bool mulChecked(int64_t a, int64_t b, int64_t *out) {
  return !__builtin_mul_overflow(a, b, out);
}

bool dlcLinearIsConstant(const DlcLinear *l) {
  for (int j = 0; j < DLC_LINEAR_MAX_DIMS; ++j)
    if (l->dim[j])
      return false;
  for (int k = 0; k < DLC_LINEAR_MAX_SYMBOLS; ++k)
    if (l->sym[k])
      return false;
  return true;
}

bool dlcLinearAdd(DlcLinear *a, const DlcLinear *b) {
  for (int j = 0; j < DLC_LINEAR_MAX_DIMS; ++j)
    if (!addChecked(a->dim[j], b->dim[j], &a->dim[j]))
      return false;
  for (int k = 0; k < DLC_LINEAR_MAX_SYMBOLS; ++k)
    if (!addChecked(a->sym[k], b->sym[k], &a->sym[k]))
      return false;
  return addChecked(a->c, b->c, &a->c);
}

bool dlcLinearScale(DlcLinear *a, int64_t factor) {
  for (int j = 0; j < DLC_LINEAR_MAX_DIMS; ++j)
    if (!mulChecked(a->dim[j], factor, &a->dim[j]))
      return false;
  for (int k = 0; k < DLC_LINEAR_MAX_SYMBOLS; ++k)
    if (!mulChecked(a->sym[k], factor, &a->sym[k]))
      return false;
  return mulChecked(a->c, factor, &a->c);
}

bool dlcLinearEqual(const DlcLinear *a, const DlcLinear *b) {
  return memcmp(a, b, sizeof(*a)) == 0;
}

/* `e` over (dims, symbols) with `split` (or NULL) reading its dim as
 * q·g + r, g and r the extra dims numDims and numDims + 1. */
static bool linearOf(MlirAffineExpr e, int numDims, int numSymbols,
                     const DlcLinearSplit *split, DlcLinear *out) {
  memset(out, 0, sizeof(*out));
  if (mlirAffineExprIsAConstant(e)) {
    out->c = mlirAffineConstantExprGetValue(e);
    return true;
  }
  if (mlirAffineExprIsADim(e)) {
    intptr_t j = mlirAffineDimExprGetPosition(e);
    if (j < 0 || j >= numDims || j >= DLC_LINEAR_MAX_DIMS)
      return false;
    if (split && j == split->dim) {
      out->dim[numDims] = split->q;
      out->dim[numDims + 1] = 1;
    } else {
      out->dim[j] = 1;
    }
    return true;
  }
  if (mlirAffineExprIsASymbol(e)) {
    intptr_t k = mlirAffineSymbolExprGetPosition(e);
    if (k < 0 || k >= numSymbols || k >= DLC_LINEAR_MAX_SYMBOLS)
      return false;
    out->sym[k] = 1;
    return true;
  }
  DlcLinear rhs;
  MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(e);
  MlirAffineExpr r = mlirAffineBinaryOpExprGetRHS(e);
  if (split && (mlirAffineExprIsAFloorDiv(e) || mlirAffineExprIsAMod(e))) {
    /* Only the split dim's own quotient and remainder are linear. */
    if (!mlirAffineExprIsADim(l) ||
        mlirAffineDimExprGetPosition(l) != split->dim ||
        !mlirAffineExprIsAConstant(r) ||
        mlirAffineConstantExprGetValue(r) != split->q)
      return false;
    out->dim[numDims + (mlirAffineExprIsAMod(e) ? 1 : 0)] = 1;
    return true;
  }
  if (mlirAffineExprIsAAdd(e))
    return linearOf(l, numDims, numSymbols, split, out) &&
           linearOf(r, numDims, numSymbols, split, &rhs) &&
           dlcLinearAdd(out, &rhs);
  if (mlirAffineExprIsAMul(e)) {
    if (!linearOf(l, numDims, numSymbols, split, out) ||
        !linearOf(r, numDims, numSymbols, split, &rhs))
      return false;
    if (dlcLinearIsConstant(&rhs))
      return dlcLinearScale(out, rhs.c);
    if (!dlcLinearIsConstant(out))
      return false; /* semi-affine */
    int64_t factor = out->c;
    *out = rhs;
    return dlcLinearScale(out, factor);
  }
  return false;
}

bool dlcLinearOf(MlirAffineExpr e, int numDims, int numSymbols,
                 DlcLinear *out) {
  return linearOf(e, numDims, numSymbols, NULL, out);
}

bool dlcLinearOfSplit(MlirAffineExpr e, int numDims, int numSymbols,
                      const DlcLinearSplit *split, DlcLinear *out) {
  if (split->q < 1 || numDims + 2 > DLC_LINEAR_MAX_DIMS)
    return false;
  return linearOf(e, numDims, numSymbols, split, out);
}
