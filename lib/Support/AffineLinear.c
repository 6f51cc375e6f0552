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

bool dlcLinearOf(MlirAffineExpr e, int numDims, int numSymbols,
                 DlcLinear *out) {
  memset(out, 0, sizeof(*out));
  if (mlirAffineExprIsAConstant(e)) {
    out->c = mlirAffineConstantExprGetValue(e);
    return true;
  }
  if (mlirAffineExprIsADim(e)) {
    intptr_t j = mlirAffineDimExprGetPosition(e);
    if (j < 0 || j >= numDims || j >= DLC_LINEAR_MAX_DIMS)
      return false;
    out->dim[j] = 1;
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
  if (mlirAffineExprIsAAdd(e))
    return dlcLinearOf(mlirAffineBinaryOpExprGetLHS(e), numDims, numSymbols,
                       out) &&
           dlcLinearOf(mlirAffineBinaryOpExprGetRHS(e), numDims, numSymbols,
                       &rhs) &&
           dlcLinearAdd(out, &rhs);
  if (mlirAffineExprIsAMul(e)) {
    if (!dlcLinearOf(mlirAffineBinaryOpExprGetLHS(e), numDims, numSymbols,
                     out) ||
        !dlcLinearOf(mlirAffineBinaryOpExprGetRHS(e), numDims, numSymbols,
                     &rhs))
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
