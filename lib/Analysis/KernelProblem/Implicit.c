/* The implicit-GEMM reading of a contraction (spec §6.8.2): a convolution
 * reduces several axes (ci, kh, kw) of a product whose activation read is
 * windowed (2·ho + kh − 1) under a padding guard. It reads as
 *
 *   C[m, n] = epilogue(sum_k A[m, k] · B[n, k])
 *   m = (n, ho, wo) fused, n = co, k = (kh, kw, ci) fused
 *
 * with A a gather (KpWindow: per memref dim, integer coefficients of the
 * fused axes and a constant offset; zero outside the dim's extent) and B,
 * C and the epilogue's inputs addressed by strides as in the GEMM family
 * (C's m index split into its axes where their strides do not collapse).
 * Axis roles follow kpAxisRole's rule; the k axes are ordered by the A
 * memref dim they index, so the axis of A's unit-stride dim is innermost
 * (ci for NHWC, kw for NCHW). */
#include "AffineLinear.h"
#include "ProblemReader.h"

#include "dlc/IR.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/IntegerSet.h"

#include <stdio.h>
#include <string.h>

enum { MaxAxes = KP_READER_MAX_AXES, MaxRank = KP_MAX_RANK };

static MlirAffineMap readMap(MlirOperation read) {
  MlirAttribute a = kpAttr(read, "map");
  return !mlirAttributeIsNull(a) && mlirAttributeIsAAffineMap(a)
             ? mlirAffineMapAttrGetValue(a)
             : (MlirAffineMap){NULL};
}

/* Every result a dim or the constant 0 (a selection of axes). */
static bool plainMap(MlirOperation read) {
  MlirAffineMap map = readMap(read);
  if (mlirAffineMapIsNull(map))
    return true; /* reported by the reader */
  for (intptr_t i = 0; i < mlirAffineMapGetNumResults(map); ++i) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, i);
    if (!mlirAffineExprIsADim(e) && !(mlirAffineExprIsAConstant(e) &&
                                      mlirAffineConstantExprGetValue(e) == 0))
      return false;
  }
  return true;
}

static bool windowed(MlirOperation read, MlirOperation guard) {
  return !mlirOperationIsNull(guard) || !plainMap(read);
}

bool kpReaderIsImplicit(KpReader *r, MlirOperation read[2],
                        MlirOperation guard[2]) {
  return r->numReduce > 1 || windowed(read[0], guard[0]) ||
         windowed(read[1], guard[1]);
}

/* Which body axes the read's map uses. */
static void usedAxes(KpReader *r, MlirOperation read, const int *dims,
                     bool used[MaxAxes]) {
  memset(used, 0, sizeof(bool) * MaxAxes);
  MlirAffineMap map = readMap(read);
  if (mlirAffineMapIsNull(map))
    return;
  for (intptr_t i = 0; i < mlirAffineMapGetNumResults(map); ++i)
    for (int d = 0; d < mlirAffineMapGetNumDims(map) && d < r->rank; ++d)
      if (mlirAffineExprIsFunctionOfDim(mlirAffineMapGetResult(map, i), d))
        used[dims[d]] = true;
}

static bool addFused(KpReader *r, KpRole role, int axis) {
  KpFused *f = &r->p->fused[role];
  if (f->num == KP_MAX_FUSED)
    return kpReaderFail(r->func, "an implicit GEMM fuses at most 4 axes into "
                                 "one role");
  int it = r->iterOfAxis[axis];
  f->iter[f->num] = it >= 0 ? it : -it - 1;
  if (!kpReaderAxisSize(r, axis, &f->size[f->num]))
    return kpReaderFail(r->func, "an axis size is neither a symbol of "
                                 "rbssa.symbols nor an integer");
  r->roleOfAxis[axis] = role;
  r->fusedAt[axis] = f->num++;
  return true;
}

/* The order of memref dim `i` of A from outer to inner: row-major unless
 * the first dim has unit stride (column-major). */
static int dimOrder(const KpExtent *strides, int rank, int i) {
  bool colMajor = rank > 1 && kpExtentIs(&strides[0], 1) &&
                  !kpExtentIs(&strides[rank - 1], 1);
  return colMajor ? rank - 1 - i : i;
}

/* The k axes ordered by the outermost A dim each indexes (axes A does not
 * read first), so the one of A's unit-stride dim comes last. */
static bool orderReduced(KpReader *r, MlirOperation readA, const int *dimsA) {
  KpExtent strides[MaxRank];
  int rank = 0;
  if (!kpReaderStrides(
          r, mlirBlockArgumentGetArgNumber(mlirOperationGetOperand(readA, 0)),
          strides, &rank))
    return false;
  MlirAffineMap map = readMap(readA);
  int key[MaxAxes], axes[MaxAxes], n = 0;
  for (int d = 0; d < r->rank; ++d) {
    if (r->iterOfAxis[d] >= 0)
      continue;
    key[d] = -1;
    for (int i = 0; i < rank; ++i)
      for (int j = 0; j < mlirAffineMapGetNumDims(map) && j < r->rank; ++j)
        if (dimsA[j] == d &&
            mlirAffineExprIsFunctionOfDim(mlirAffineMapGetResult(map, i), j) &&
            (key[d] < 0 || dimOrder(strides, rank, i) < key[d]))
          key[d] = dimOrder(strides, rank, i);
    int at = n++;
    while (at > 0 && key[axes[at - 1]] > key[d]) {
      axes[at] = axes[at - 1];
      --at;
    }
    axes[at] = d;
  }
  for (int i = 0; i < n; ++i)
    if (!addFused(r, KP_K, axes[i]))
      return false;
  return true;
}

/* The product of a fused role's sizes. */
static bool fusedSize(KpReader *r, KpRole role) {
  KpProblem *p = r->p;
  const KpFused *f = &p->fused[role];
  p->size[role] = kpExtentConstant(1);
  for (int i = 0; i < f->num; ++i)
    if (!kpExtentTimes(&p->size[role], &f->size[i], &p->size[role]))
      return kpReaderFail(r->func, "the fused extent of the implicit GEMM's "
                                   "m or k has more than 4 symbols");
  p->has[role] = f->num > 0;
  p->iter[role] = f->num > 0 ? f->iter[f->num - 1] : -1;
  return true;
}

/* One stride for the fused axes of `role` when they address the tensor as
 * one index (stride[j] = stride[j+1] · size[j+1], size-1 axes skipped), or
 * 0 when the tensor does not depend on them; false otherwise. */
static bool collapse(const KpFused *f, const KpExtent *strides, KpExtent *out) {
  bool any = false;
  for (int j = 0; j < f->num; ++j)
    any |= !kpExtentIs(&strides[j], 0) && !kpExtentIs(&f->size[j], 1);
  *out = kpExtentConstant(0);
  if (!any)
    return true;
  KpExtent running;
  bool first = true;
  for (int j = f->num - 1; j >= 0; --j) {
    if (kpExtentIs(&f->size[j], 1))
      continue;
    if (first)
      *out = strides[j];
    else if (!kpExtentEqual(&strides[j], &running))
      return false;
    first = false;
    if (!kpExtentTimes(&strides[j], &f->size[j], &running))
      return false;
  }
  return true;
}

/* Assigns the stride of memref dim `stride` read along body axis `axis`. */
static bool assignStride(KpReader *r, MlirOperation at, KpTensor *t,
                         KpExtent kStride[KP_MAX_FUSED], int axis,
                         const KpExtent *stride) {
  KpRole role = r->roleOfAxis[axis];
  KpExtent *slot = role == KP_M   ? &t->mStride[r->fusedAt[axis]]
                   : role == KP_K ? &kStride[r->fusedAt[axis]]
                                  : &t->stride[role];
  if (!kpExtentIs(slot, 0))
    return kpReaderFail(at, "the read indexes one axis twice");
  *slot = *stride;
  return true;
}

static bool finishTensor(KpReader *r, MlirOperation at, KpTensor *t,
                         const KpExtent kStride[KP_MAX_FUSED]) {
  const KpProblem *p = r->p;
  t->mSplit = !collapse(&p->fused[KP_M], t->mStride, &t->stride[KP_M]);
  if (t->mSplit)
    t->stride[KP_M] = kpExtentConstant(0);
  if (!collapse(&p->fused[KP_K], kStride, &t->stride[KP_K]))
    return kpReaderFail(at, "the weights' reduced axes do not collapse into "
                            "one stride in the order of the activations' "
                            "dims (NHWC activations take KRSC weights, NCHW "
                            "ones KCRS); transpose the weights");
  return true;
}

static void clearStrides(KpTensor *t) {
  for (int role = 0; role < KP_NUM_ROLES; ++role)
    t->stride[role] = kpExtentConstant(0);
  for (int j = 0; j < KP_MAX_FUSED; ++j)
    t->mStride[j] = kpExtentConstant(0);
  t->mSplit = false;
}

bool kpImplicitTensor(KpReader *r, MlirOperation read, const int *dims,
                      KpTensor *t) {
  if (!kpReaderTensorArg(r, read, t))
    return false;
  KpExtent strides[MaxRank], kStride[KP_MAX_FUSED];
  int rank = 0;
  if (!kpReaderStrides(r, t->arg, strides, &rank))
    return false;
  MlirAffineMap map = readMap(read);
  if (mlirAffineMapIsNull(map) || mlirAffineMapGetNumResults(map) != rank)
    return kpReaderFail(read, "the read's map does not index every memref "
                              "dim");
  clearStrides(t);
  for (int j = 0; j < KP_MAX_FUSED; ++j)
    kStride[j] = kpExtentConstant(0);
  for (int i = 0; i < rank; ++i) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, i);
    if (mlirAffineExprIsAConstant(e) && mlirAffineConstantExprGetValue(e) == 0)
      continue;
    if (!mlirAffineExprIsADim(e))
      return kpReaderFail(read, "only the activations' read of an implicit "
                                "GEMM may be windowed; this read is not a "
                                "selection of axes");
    if (!assignStride(r, read, t, kStride,
                      dims[mlirAffineDimExprGetPosition(e)], &strides[i]))
      return false;
  }
  return finishTensor(r, read, t, kStride);
}

bool kpImplicitOutput(KpReader *r, MlirOperation yield, KpTensor *c) {
  KpExtent strides[MaxRank], kStride[KP_MAX_FUSED];
  int rank = 0;
  if (!kpReaderStrides(r, c->arg, strides, &rank))
    return false;
  if (rank != r->numIters)
    return kpReaderFail(yield, "the output's rank differs from rbssa.iters");
  clearStrides(c);
  for (int j = 0; j < KP_MAX_FUSED; ++j)
    kStride[j] = kpExtentConstant(0);
  for (int i = 0; i < rank; ++i)
    if (!assignStride(r, yield, c, kStride, r->axisOfIter[i], &strides[i]))
      return false;
  return finishTensor(r, yield, c, kStride);
}

/* The window's linear form of memref dim `i` over the map's dims. */
static bool dimLinear(KpReader *r, MlirOperation read, int i, DlcLinear *out) {
  MlirAffineMap map = readMap(read);
  if (!dlcLinearOf(mlirAffineMapGetResult(map, i),
                   (int)mlirAffineMapGetNumDims(map),
                   (int)mlirAffineMapGetNumSymbols(map), out))
    return kpReaderFail(read, "the activations' window index is not affine "
                              "in the axes (no div or mod)");
  for (int k = 0; k < DLC_LINEAR_MAX_SYMBOLS; ++k)
    if (out->sym[k])
      return kpReaderFail(read, "the activations' window offset depends on "
                                "a symbol");
  (void)r;
  return true;
}

/* Every constraint of the padding guard must be a bound of the window:
 * index_d >= 0 or extent_d - 1 - index_d >= 0 (symbols of the set are
 * rbssa.symbols), and the guard's else value 0. */
static bool checkGuard(KpReader *r, MlirOperation guard, MlirOperation read) {
  MlirAttribute pred = kpAttr(guard, "pred"), other = kpAttr(guard, "else");
  if (mlirAttributeIsNull(other) || !mlirAttributeIsAFloat(other) ||
      mlirFloatAttrGetValueDouble(other) != 0.0)
    return kpReaderFail(guard, "the padding guard of an implicit GEMM must "
                               "fill 0 outside the window");
  if (mlirAttributeIsNull(pred) || !mlirAttributeIsAIntegerSet(pred))
    return kpReaderFail(guard, "the guard has no integer-set pred");
  MlirIntegerSet set = mlirIntegerSetAttrGetValue(pred);
  MlirAffineMap map = readMap(read);
  if (mlirIntegerSetGetNumDims(set) != mlirAffineMapGetNumDims(map))
    return kpReaderFail(guard, "the guard's dims differ from the read's");
  const KpWindow *w = &r->p->window;
  for (intptr_t c = 0; c < mlirIntegerSetGetNumConstraints(set); ++c) {
    DlcLinear con;
    bool bound = !mlirIntegerSetIsConstraintEq(set, c) &&
                 dlcLinearOf(mlirIntegerSetGetConstraint(set, c),
                             (int)mlirIntegerSetGetNumDims(set),
                             (int)mlirIntegerSetGetNumSymbols(set), &con);
    bool matched = false;
    for (int i = 0; bound && !matched && i < w->rank; ++i) {
      DlcLinear lower, upper;
      dimLinear(r, read, i, &lower);
      upper = lower;
      const KpExtent *e = &w->dim[i].extent;
      if (!dlcLinearScale(&upper, -1))
        continue;
      upper.c -= 1;
      if (e->numSymbols == 0)
        upper.c += e->constant;
      else if (e->numSymbols == 1 && e->constant == 1 &&
               e->symbols[0] < DLC_LINEAR_MAX_SYMBOLS)
        upper.sym[e->symbols[0]] += 1;
      else
        memset(&upper, 0x7f, sizeof(upper)); /* not linear: no match */
      matched = dlcLinearEqual(&con, &lower) || dlcLinearEqual(&con, &upper);
    }
    if (!matched)
      return kpReaderFail(guard,
                          "the guard over the activations states a constraint "
                          "other than the window's bounds (0 <= index < "
                          "extent of a dim), so it is no padding");
  }
  return true;
}

/* A's window from its read (roles already assigned). */
static bool readWindow(KpReader *r, MlirOperation read, const int *dims,
                       MlirOperation guard) {
  KpProblem *p = r->p;
  if (!kpReaderTensorArg(r, read, &p->a))
    return false;
  clearStrides(&p->a);
  KpExtent strides[MaxRank];
  int rank = 0;
  if (!kpReaderStrides(r, p->a.arg, strides, &rank))
    return false;
  MlirAffineMap map = readMap(read);
  MlirAttribute shape = kpArgAttr(r->func, p->a.arg, "rbssa.shape");
  if (mlirAffineMapIsNull(map) || mlirAffineMapGetNumResults(map) != rank)
    return kpReaderFail(read, "the read's map does not index every memref "
                              "dim");
  KpWindow *w = &p->window;
  memset(w, 0, sizeof(*w));
  w->rank = rank;
  for (int i = 0; i < rank; ++i) {
    KpWindowDim *wd = &w->dim[i];
    DlcLinear lin;
    if (!dimLinear(r, read, i, &lin))
      return false;
    wd->stride = strides[i];
    wd->extent = kpExtentConstant(1);
    wd->offset = lin.c;
    /* The shape entry is known good: kpReaderStrides read it. */
    kpExtentMultiply(r->func, &wd->extent, mlirArrayAttrGetElement(shape, i));
    for (int j = 0; j < mlirAffineMapGetNumDims(map) && j < r->rank; ++j) {
      if (!lin.dim[j])
        continue;
      int axis = dims[j];
      KpRole role = r->roleOfAxis[axis]; /* m or k: A reads no n axis */
      int64_t *coef = role == KP_M ? &wd->mCoef[r->fusedAt[axis]]
                                   : &wd->kCoef[r->fusedAt[axis]];
      if (__builtin_add_overflow(*coef, lin.dim[j], coef))
        return kpReaderFail(read, "a window coefficient overflows");
    }
  }
  return mlirOperationIsNull(guard) || checkGuard(r, guard, read);
}

bool kpReadImplicit(KpReader *r, MlirOperation mul, MlirOperation read[2],
                    int dims[2][KP_MAX_RANK], MlirOperation guard[2]) {
  bool used[2][MaxAxes];
  for (int f = 0; f < 2; ++f)
    usedAxes(r, read[f], dims[f], used[f]);
  /* A is the windowed factor; without a window, the one reading more
   * output axes (the activations of a 1×1 convolution). */
  bool w0 = windowed(read[0], guard[0]), w1 = windowed(read[1], guard[1]);
  if (w0 && w1)
    return kpReaderFail(mul, "both factors of the implicit GEMM are "
                             "windowed reads");
  int outer[2] = {0, 0};
  for (int f = 0; f < 2; ++f)
    for (int d = 0; d < r->rank; ++d)
      outer[f] += used[f][d] && r->iterOfAxis[d] >= 0;
  int a = w1 || (!w0 && outer[1] > outer[0]) ? 1 : 0;
  MlirOperation readA = read[a], readB = read[1 - a];
  MlirOperation guardA = guard[a]; /* B has none: a guard makes it A */
  KpProblem *p = r->p;
  p->implicit = true;
  int nAxis = -1;
  for (int i = 0; i < r->numIters; ++i) {
    int d = r->axisOfIter[i];
    KpExtent size;
    if (!kpReaderAxisSize(r, d, &size))
      return kpReaderFail(r->func, "an axis size is neither a symbol of "
                                   "rbssa.symbols nor an integer");
    KpRole role;
    bool ok = kpAxisRole(used[a][d], used[1 - a][d], false, &role);
    if (ok && role == KP_BATCH)
      return kpReaderFail(mul, "an axis read by both factors and not reduced "
                               "(a batch or group axis) is not implemented "
                               "in an implicit GEMM");
    if (ok && role == KP_N) {
      if (nAxis >= 0)
        return kpReaderFail(mul, "several output axes are read by the "
                                 "weights only; an implicit GEMM has one n "
                                 "axis");
      nAxis = d;
      r->roleOfAxis[d] = KP_N;
      r->fusedAt[d] = 0;
      continue;
    }
    if (!ok && !kpExtentIs(&size, 1))
      return kpReaderFail(mul, "an output axis is read by neither factor");
    if (!addFused(r, KP_M, d))
      return false;
  }
  for (int d = 0; d < r->rank; ++d) {
    KpExtent size;
    if (r->iterOfAxis[d] < 0 && (!used[0][d] || !used[1][d]) &&
        !(kpReaderAxisSize(r, d, &size) && kpExtentIs(&size, 1)))
      return kpReaderFail(mul, "a reduced axis is not read by both factors");
  }
  if (!orderReduced(r, readA, dims[a]) || !fusedSize(r, KP_M) ||
      !fusedSize(r, KP_K))
    return false;
  p->has[KP_BATCH] = false;
  p->size[KP_BATCH] = kpExtentConstant(1);
  p->iter[KP_BATCH] = -1;
  p->has[KP_N] = nAxis >= 0;
  p->size[KP_N] = kpExtentConstant(1);
  p->iter[KP_N] = nAxis >= 0 ? r->iterOfAxis[nAxis] : -1;
  if (nAxis >= 0 && !kpReaderAxisSize(r, nAxis, &p->size[KP_N]))
    return kpReaderFail(r->func, "an axis size is neither a symbol of "
                                 "rbssa.symbols nor an integer");
  /* B reads no m axis: those are the axes A alone reads. */
  return readWindow(r, readA, dims[a], guardA) &&
         kpImplicitTensor(r, readB, dims[1 - a], &p->b);
}
