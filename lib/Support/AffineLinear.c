/* Linear forms of pure affine expressions (AffineLinear.h). */
#include "AffineLinear.h"

#include "Array.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static bool addChecked(int64_t a, int64_t b, int64_t *out) {
  return !__builtin_add_overflow(a, b, out);
}

static bool mulChecked(int64_t a, int64_t b, int64_t *out) {
  return !__builtin_mul_overflow(a, b, out);
}

static int numCoefs(const DlcLinear *l) { return l->numDims + l->numSymbols; }

void dlcLinearRelease(DlcLinear *l) {
  free(l->dim);
  memset(l, 0, sizeof(*l));
}

/* `l` as the zero form over numDims dims and numSymbols symbols. */
static bool resize(DlcLinear *l, int numDims, int numSymbols) {
  if (numDims < 0 || numSymbols < 0 || numDims > INT_MAX - numSymbols)
    return false;
  int needed = numDims + numSymbols;
  if (needed > l->capacity) {
    int64_t *grown =
        dlcArrayGrow(l->dim, &l->capacity, needed, sizeof(*l->dim));
    if (!grown)
      return false;
    l->dim = grown;
  }
  l->numDims = numDims;
  l->numSymbols = numSymbols;
  l->sym = l->dim ? l->dim + numDims : NULL;
  if (needed)
    memset(l->dim, 0, (size_t)needed * sizeof(*l->dim));
  l->c = 0;
  return true;
}

bool dlcLinearIsConstant(const DlcLinear *l) {
  for (int j = 0; j < numCoefs(l); ++j)
    if (l->dim[j])
      return false;
  return true;
}

bool dlcLinearCopy(DlcLinear *dst, const DlcLinear *src) {
  if (!resize(dst, src->numDims, src->numSymbols))
    return false;
  if (numCoefs(src))
    memcpy(dst->dim, src->dim, (size_t)numCoefs(src) * sizeof(*src->dim));
  dst->c = src->c;
  return true;
}

bool dlcLinearAdd(DlcLinear *a, const DlcLinear *b) {
  if (a->numDims != b->numDims || a->numSymbols != b->numSymbols)
    return false;
  for (int j = 0; j < numCoefs(a); ++j)
    if (!addChecked(a->dim[j], b->dim[j], &a->dim[j]))
      return false;
  return addChecked(a->c, b->c, &a->c);
}

bool dlcLinearScale(DlcLinear *a, int64_t factor) {
  for (int j = 0; j < numCoefs(a); ++j)
    if (!mulChecked(a->dim[j], factor, &a->dim[j]))
      return false;
  return mulChecked(a->c, factor, &a->c);
}

/* Coefficient `i` of `n` in `coef`, 0 past the end. */
static int64_t coefAt(const int64_t *coef, int n, int i) {
  return i < n ? coef[i] : 0;
}

bool dlcLinearEqual(const DlcLinear *a, const DlcLinear *b) {
  if (a->c != b->c)
    return false;
  int dims = a->numDims > b->numDims ? a->numDims : b->numDims;
  for (int j = 0; j < dims; ++j)
    if (coefAt(a->dim, a->numDims, j) != coefAt(b->dim, b->numDims, j))
      return false;
  int syms = a->numSymbols > b->numSymbols ? a->numSymbols : b->numSymbols;
  for (int k = 0; k < syms; ++k)
    if (coefAt(a->sym, a->numSymbols, k) != coefAt(b->sym, b->numSymbols, k))
      return false;
  return true;
}

/* `e` over (dims, symbols) into `out`, already the zero form of its size,
 * with `split` (or NULL) reading its dim as q·g + r, g and r the extra
 * dims numDims and numDims + 1. */
static bool linearOf(MlirAffineExpr e, int numDims, int numSymbols,
                     const DlcLinearSplit *split, DlcLinear *out) {
  if (mlirAffineExprIsAConstant(e)) {
    out->c = mlirAffineConstantExprGetValue(e);
    return true;
  }
  if (mlirAffineExprIsADim(e)) {
    intptr_t j = mlirAffineDimExprGetPosition(e);
    if (j < 0 || j >= numDims)
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
    if (k < 0 || k >= numSymbols)
      return false;
    out->sym[k] = 1;
    return true;
  }
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
  bool add = mlirAffineExprIsAAdd(e);
  if (!add && !mlirAffineExprIsAMul(e))
    return false;
  DlcLinear rhs = {0}; /* owned here */
  bool ok = resize(&rhs, out->numDims, out->numSymbols) &&
            linearOf(l, numDims, numSymbols, split, out) &&
            linearOf(r, numDims, numSymbols, split, &rhs);
  if (ok && add) {
    ok = dlcLinearAdd(out, &rhs);
  } else if (ok && dlcLinearIsConstant(&rhs)) {
    ok = dlcLinearScale(out, rhs.c);
  } else if (ok && dlcLinearIsConstant(out)) {
    int64_t factor = out->c;
    DlcLinear swap = *out; /* out takes rhs's coefficients, rhs out's */
    *out = rhs;
    rhs = swap;
    ok = dlcLinearScale(out, factor);
  } else {
    ok = false; /* semi-affine */
  }
  dlcLinearRelease(&rhs);
  return ok;
}

bool dlcLinearOf(MlirAffineExpr e, int numDims, int numSymbols,
                 DlcLinear *out) {
  return resize(out, numDims, numSymbols) &&
         linearOf(e, numDims, numSymbols, NULL, out);
}

bool dlcLinearOfSplit(MlirAffineExpr e, int numDims, int numSymbols,
                      const DlcLinearSplit *split, DlcLinear *out) {
  if ((split && split->q < 1) || numDims > INT_MAX - 2 ||
      !resize(out, numDims + 2, numSymbols))
    return false;
  return linearOf(e, numDims, numSymbols, split, out);
}
