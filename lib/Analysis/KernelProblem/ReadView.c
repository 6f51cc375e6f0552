/* A read as the GEMM-family readers see it (ProblemReader.h, KpReadView).
 *
 * A contiguous reshape that merged axes before a contraction ([B, S, K] →
 * [B·S, K], the heads of [S, H, D] → [S, H·D]) reaches the region as a read
 * of the unmerged argument through the quotient and remainder of the
 * merged index: X[(m floordiv S), (m mod S), k]. Where the argument is
 * contiguous along the two dims (the outer stride is the inner size times
 * the inner stride), the pair addresses the same elements as one dim read
 * at m with the inner stride; the view holds that one dim, so the operand
 * is a GEMM operand (a plain selection of axes) again. */
#include "ProblemReader.h"

#include "dlc/IR.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"

static MlirAffineExpr constantExpr(MlirAffineExpr like, int64_t value) {
  return mlirAffineConstantExprGet(mlirAffineExprGetContext(like), value);
}

/* `e` as (x floordiv q) mod m (m 0 when there is no mod) with q, m
 * constants; false otherwise. */
static bool quotientOf(MlirAffineExpr e, MlirAffineExpr *x, int64_t *q,
                       int64_t *m) {
  *m = 0;
  if (mlirAffineExprIsAMod(e)) {
    MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(e);
    if (!mlirAffineExprIsAConstant(rhs))
      return false;
    *m = mlirAffineConstantExprGetValue(rhs);
    e = mlirAffineBinaryOpExprGetLHS(e);
  }
  if (!mlirAffineExprIsAFloorDiv(e))
    return false;
  MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(e);
  if (!mlirAffineExprIsAConstant(rhs))
    return false;
  *x = mlirAffineBinaryOpExprGetLHS(e);
  *q = mlirAffineConstantExprGetValue(rhs);
  return true;
}

/* Whether view dims i and i + 1 are the digits of one index: the outer
 * (x floordiv (w·c)) [mod m], the inner (x floordiv w) mod c, with c the
 * inner dim's static extent and the outer stride c times the inner one.
 * Then `*merged` is (x floordiv w) [mod m·c], the pair's index. The
 * expressions are compared as MLIR builds them (simplified: x floordiv 1
 * is x), which is the form a reshape's composed map has. */
static bool mergesInto(const KpReadView *v, int i, MlirAffineExpr *merged) {
  const KpExtent *extent = &v->extent[i + 1];
  int64_t c = extent->constant, q, m;
  MlirAffineExpr x;
  if (extent->numSymbols != 0 || c < 2 || !quotientOf(v->expr[i], &x, &q, &m) ||
      q < c || q % c != 0 || m < 0)
    return false;
  MlirAffineExpr digit = mlirAffineFloorDivExprGet(x, constantExpr(x, q / c));
  if (!mlirAffineExprEqual(mlirAffineModExprGet(digit, constantExpr(x, c)),
                           v->expr[i + 1]))
    return false;
  KpExtent want;
  int64_t mc;
  if (!kpExtentTimes(extent, &v->stride[i + 1], &want) ||
      !kpExtentEqual(&want, &v->stride[i]) || __builtin_mul_overflow(m, c, &mc))
    return false;
  *merged = m ? mlirAffineModExprGet(digit, constantExpr(x, mc)) : digit;
  return true;
}

const char *kpReadViewOf(MlirOperation func, MlirOperation read, int arg,
                         KpReadView *v) {
  const char *why = kpArgStrides(func, arg, v->stride, &v->rank);
  if (why)
    return why;
  MlirAttribute mapAttr = dlcOperationAttrGet(read, "map");
  if (mlirAttributeIsNull(mapAttr) || !mlirAttributeIsAAffineMap(mapAttr))
    return "the read has no affine map";
  MlirAffineMap map = mlirAffineMapAttrGetValue(mapAttr);
  if (mlirAffineMapGetNumResults(map) != v->rank)
    return "the read's map does not index every memref dim";
  v->numDims = (int)mlirAffineMapGetNumDims(map);
  v->numSymbols = (int)mlirAffineMapGetNumSymbols(map);
  MlirAttribute shape = kpArgAttr(func, arg, "rbssa.shape");
  for (int i = 0; i < v->rank; ++i) {
    v->expr[i] = mlirAffineMapGetResult(map, i);
    v->extent[i] = kpExtentConstant(1);
    /* kpArgStrides read every entry; only an overflow fails here. */
    if (!kpExtentMultiply(func, &v->extent[i],
                          mlirArrayAttrGetElement(shape, i)))
      return "an argument's rbssa.shape entry does not fit an extent";
  }
  /* Innermost pair first, so that a dim merged at i can merge again with
   * i - 1 (a merge of three or more axes). */
  for (int i = v->rank - 2; i >= 0; --i) {
    MlirAffineExpr merged;
    KpExtent extent;
    if (!mergesInto(v, i, &merged) ||
        !kpExtentTimes(&v->extent[i], &v->extent[i + 1], &extent))
      continue;
    v->expr[i] = merged;
    v->extent[i] = extent;
    v->stride[i] = v->stride[i + 1];
    for (int j = i + 1; j + 1 < v->rank; ++j) {
      v->expr[j] = v->expr[j + 1];
      v->extent[j] = v->extent[j + 1];
      v->stride[j] = v->stride[j + 1];
    }
    --v->rank;
  }
  return NULL;
}

bool kpReaderView(KpReader *r, MlirOperation read, int arg, KpReadView *v) {
  const char *why = kpReadViewOf(r->func, read, arg, v);
  return why ? kpReaderFail(read, why) : true;
}

bool kpReadViewIsSelection(const KpReadView *v) {
  for (int i = 0; i < v->rank; ++i) {
    MlirAffineExpr e = v->expr[i];
    if (!mlirAffineExprIsADim(e) && !(mlirAffineExprIsAConstant(e) &&
                                      mlirAffineConstantExprGetValue(e) == 0))
      return false;
  }
  return true;
}
