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
 * (ci for NHWC, kw for NCHW). A grouped convolution reads its input
 * channel as (co floordiv Cog)·Cg + ci: the output-channel axis co splits
 * into the batch role (the group) and n (the channel in the group), and
 * each tensor's stride along co into a batch stride and an n stride. */
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
  MlirAttribute a = dlcOperationAttrGet(read, "map");
  return !mlirAttributeIsNull(a) && mlirAttributeIsAAffineMap(a)
             ? mlirAffineMapAttrGetValue(a)
             : (MlirAffineMap){NULL};
}

/* The read's view (ReadView.c), quietly: false when the read is not of a
 * readable region argument, which the reader reports where it reads it. */
static bool viewOf(KpReader *r, MlirOperation read, KpReadView *view) {
  MlirValue source = mlirOperationGetOperand(read, 0);
  return mlirValueIsABlockArgument(source) &&
         mlirBlockEqual(mlirBlockArgumentGetOwner(source), r->body) &&
         kpReadViewOf(r->func, read, (int)mlirBlockArgumentGetArgNumber(source),
                      view) == NULL;
}

/* Every dim of the view an axis or the constant 0 (a selection of axes). */
static bool plainRead(KpReader *r, MlirOperation read) {
  KpReadView view;
  return !viewOf(r, read, &view) || kpReadViewIsSelection(&view);
}

static bool windowed(KpReader *r, MlirOperation read, MlirOperation guard) {
  return !mlirOperationIsNull(guard) || !plainRead(r, read);
}

bool kpReaderIsImplicit(KpReader *r, MlirOperation read[2],
                        MlirOperation guard[2]) {
  return r->numReduce > 1 || windowed(r, read[0], guard[0]) ||
         windowed(r, read[1], guard[1]);
}

/* A `d floordiv q` or `d mod q` (q constant) in `e`: its map dim and q. */
static bool findSplit(MlirAffineExpr e, int *dim, int64_t *q) {
  if (!mlirAffineExprIsABinary(e))
    return false;
  MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(e);
  MlirAffineExpr r = mlirAffineBinaryOpExprGetRHS(e);
  if ((mlirAffineExprIsAFloorDiv(e) || mlirAffineExprIsAMod(e)) &&
      mlirAffineExprIsADim(l) && mlirAffineExprIsAConstant(r)) {
    *dim = (int)mlirAffineDimExprGetPosition(l);
    *q = mlirAffineConstantExprGetValue(r);
    return true;
  }
  return findSplit(l, dim, q) || findSplit(r, dim, q);
}

/* The group split of a grouped convolution: the one output axis whose
 * quotient or remainder by a constant a factor reads (r->groupAxis, or -1
 * when none; findSplit sees the first such term of each result). Whether the
 * split reads as a group is checked where the roles and strides are read. */
static bool findGroup(KpReader *r, MlirOperation read[2],
                      int dims[2][KP_MAX_RANK]) {
  r->groupAxis = -1;
  r->groupWidth = 0;
  for (int f = 0; f < 2; ++f) {
    KpReadView view;
    for (int i = 0; viewOf(r, read[f], &view) && i < view.rank; ++i) {
      int dim;
      int64_t q;
      if (!findSplit(view.expr[i], &dim, &q))
        continue;
      int axis = dim >= 0 && dim < r->rank ? dims[f][dim] : -1;
      if (axis < 0 || r->iterOfAxis[axis] < 0 || q < 2)
        continue; /* no group: the window's reading reports it */
      if (r->groupAxis >= 0 && (r->groupAxis != axis || r->groupWidth != q))
        return kpReaderFail(read[f],
                            "a factor's read divides an axis other than "
                            "one output channel axis by one group width "
                            "(a grouped convolution reads its input "
                            "channel as (co floordiv Cog) * Cg + ci)");
      r->groupAxis = axis;
      r->groupWidth = q;
    }
  }
  return true;
}

/* Dim `i` of the read's view as a linear form into `out` (owned by the
 * caller) over the map's dims and two more, numDims (batch) and
 * numDims + 1 (n): with a group split, the group axis's quotient and
 * remainder. */
static bool mapLinear(KpReader *r, const KpReadView *v, const int *dims, int i,
                      DlcLinear *out) {
  int numDims = v->numDims, numSymbols = v->numSymbols;
  MlirAffineExpr e = v->expr[i];
  for (int j = 0; r->groupAxis >= 0 && j < numDims && j < r->rank; ++j)
    if (dims[j] == r->groupAxis) {
      DlcLinearSplit split = {j, r->groupWidth};
      return dlcLinearOfSplit(e, numDims, numSymbols, &split, out);
    }
  return dlcLinearOfSplit(e, numDims, numSymbols, NULL, out);
}

/* Whether dim `i` of the read's view is the group axis alone (a grouped
 * convolution's weights read co as (co floordiv Cog)·Cog + co mod Cog). */
static bool groupAlone(KpReader *r, const KpReadView *v, const int *dims,
                       int i) {
  DlcLinear lin = {0}; /* owned here */
  int numDims = v->numDims;
  bool alone =
      r->groupAxis >= 0 && mapLinear(r, v, dims, i, &lin) && lin.c == 0;
  for (int j = 0; alone && j < numDims; ++j)
    alone = lin.dim[j] == 0;
  for (int k = 0; alone && k < lin.numSymbols; ++k)
    alone = lin.sym[k] == 0;
  dlcLinearRelease(&lin);
  return alone;
}

/* windowed(), with the group axis alone counting as a plain selection. */
static bool factorWindowed(KpReader *r, MlirOperation read, const int *dims,
                           MlirOperation guard) {
  if (!windowed(r, read, guard))
    return false;
  KpReadView view;
  if (!mlirOperationIsNull(guard) || !viewOf(r, read, &view))
    return true;
  for (int i = 0; i < view.rank; ++i) {
    MlirAffineExpr e = view.expr[i];
    bool plain =
        mlirAffineExprIsADim(e) || (mlirAffineExprIsAConstant(e) &&
                                    mlirAffineConstantExprGetValue(e) == 0);
    if (!plain && !groupAlone(r, &view, dims, i))
      return true;
  }
  return false;
}

/* Output axis `d` takes `role` (batch or n), of which an implicit GEMM
 * has one axis, not fused: `*axis` records it; a second one fails with
 * `several`. */
static bool takeSoleAxis(KpReader *r, MlirOperation mul, int d, KpRole role,
                         int *axis, const char *several) {
  if (*axis >= 0)
    return kpReaderFail(mul, several);
  *axis = d;
  r->roleOfAxis[d] = role;
  r->fusedAt[d] = 0;
  return true;
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
  KpReadView view;
  if (!kpReaderView(
          r, readA,
          (int)mlirBlockArgumentGetArgNumber(mlirOperationGetOperand(readA, 0)),
          &view))
    return false;
  const KpExtent *strides = view.stride;
  int rank = view.rank;
  int key[MaxAxes], axes[MaxAxes], n = 0;
  for (int d = 0; d < r->rank; ++d) {
    if (r->iterOfAxis[d] >= 0)
      continue;
    key[d] = -1;
    for (int i = 0; i < rank; ++i)
      for (int j = 0; j < view.numDims && j < r->rank; ++j)
        if (dimsA[j] == d && mlirAffineExprIsFunctionOfDim(view.expr[i], j) &&
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
  if (axis == r->groupAxis) { /* co = groupWidth·batch + n */
    if (!kpExtentIs(&t->stride[KP_N], 0) ||
        !kpExtentIs(&t->stride[KP_BATCH], 0))
      return kpReaderFail(at, "the read indexes one axis twice");
    KpExtent width = kpExtentConstant(r->groupWidth);
    t->stride[KP_N] = *stride;
    return kpExtentTimes(stride, &width, &t->stride[KP_BATCH]) ||
           kpReaderFail(at, "a group stride overflows");
  }
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

/* Result `i` of a weight or epilogue read as the group axis alone, in its
 * split form (the weights' (co floordiv Cog)·Cog + co mod Cog): its parts
 * add the batch and n strides. */
static bool groupTerm(KpReader *r, const KpReadView *v, const int *dims, int i,
                      KpTensor *t, const KpExtent *stride) {
  DlcLinear lin = {0}; /* owned here */
  int numDims = v->numDims;
  if (!groupAlone(r, v, dims, i) || !mapLinear(r, v, dims, i, &lin)) {
    dlcLinearRelease(&lin);
    return false;
  }
  KpExtent parts[2];
  bool ok = true;
  for (int part = 0; ok && part < 2; ++part) {
    KpExtent coef = kpExtentConstant(lin.dim[numDims + part]);
    ok = kpExtentTimes(stride, &coef, &parts[part]);
  }
  dlcLinearRelease(&lin);
  if (!ok)
    return false;
  if (!kpExtentIs(&t->stride[KP_BATCH], 0) || !kpExtentIs(&t->stride[KP_N], 0))
    return false;
  t->stride[KP_BATCH] = parts[0];
  t->stride[KP_N] = parts[1];
  return true;
}

bool kpImplicitTensor(KpReader *r, MlirOperation read, const int *dims,
                      KpTensor *t) {
  KpReadView view;
  if (!kpReaderTensorArg(r, read, t) || !kpReaderView(r, read, t->arg, &view))
    return false;
  KpExtent kStride[KP_MAX_FUSED];
  clearStrides(t);
  for (int j = 0; j < KP_MAX_FUSED; ++j)
    kStride[j] = kpExtentConstant(0);
  for (int i = 0; i < view.rank; ++i) {
    MlirAffineExpr e = view.expr[i];
    if (mlirAffineExprIsAConstant(e) && mlirAffineConstantExprGetValue(e) == 0)
      continue;
    if (!mlirAffineExprIsADim(e)) {
      if (!groupTerm(r, &view, dims, i, t, &view.stride[i]))
        return kpReaderFail(read, "only the activations' read of an implicit "
                                  "GEMM may be windowed; this read is not a "
                                  "selection of axes");
      continue;
    }
    if (!assignStride(r, read, t, kStride,
                      dims[mlirAffineDimExprGetPosition(e)], &view.stride[i]))
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

/* The window's linear form of memref dim `i` over the map's dims, into
 * `out` (owned by the caller). */
static bool dimLinear(KpReader *r, MlirOperation read, const KpReadView *v,
                      const int *dims, int i, DlcLinear *out) {
  if (!mapLinear(r, v, dims, i, out))
    return kpReaderFail(read, "the activations' window index is not affine "
                              "in the axes (no div or mod but a grouped "
                              "convolution's co floordiv Cog)");
  for (int k = 0; k < out->numSymbols; ++k)
    if (out->sym[k])
      return kpReaderFail(read, "the activations' window offset depends on "
                                "a symbol");
  return true;
}

/* Every constraint of the padding guard must be a bound of the window:
 * index_d >= 0 or extent_d - 1 - index_d >= 0 (symbols of the set are
 * rbssa.symbols), and the guard's else value 0. */
static bool checkGuard(KpReader *r, MlirOperation guard, MlirOperation read,
                       const KpReadView *v, const int *dims) {
  MlirAttribute pred = dlcOperationAttrGet(guard, "pred"),
                other = dlcOperationAttrGet(guard, "else");
  if (mlirAttributeIsNull(other) || !mlirAttributeIsAFloat(other) ||
      mlirFloatAttrGetValueDouble(other) != 0.0)
    return kpReaderFail(guard, "the padding guard of an implicit GEMM must "
                               "fill 0 outside the window");
  if (mlirAttributeIsNull(pred) || !mlirAttributeIsAIntegerSet(pred))
    return kpReaderFail(guard, "the guard has no integer-set pred");
  MlirIntegerSet set = mlirIntegerSetAttrGetValue(pred);
  if (mlirIntegerSetGetNumDims(set) != v->numDims)
    return kpReaderFail(guard, "the guard's dims differ from the read's");
  const KpWindow *w = &r->p->window;
  DlcLinear con = {0}, lower = {0}, upper = {0}; /* owned here */
  bool ok = true;
  for (intptr_t c = 0; ok && c < mlirIntegerSetGetNumConstraints(set); ++c) {
    bool bound = !mlirIntegerSetIsConstraintEq(set, c) &&
                 dlcLinearOf(mlirIntegerSetGetConstraint(set, c),
                             (int)mlirIntegerSetGetNumDims(set),
                             (int)mlirIntegerSetGetNumSymbols(set), &con);
    bool matched = false;
    for (int i = 0; bound && !matched && i < w->rank; ++i) {
      /* readWindow read every dim's form: dimLinear succeeds. */
      if (!dimLinear(r, read, v, dims, i, &lower) ||
          !dlcLinearCopy(&upper, &lower) || !dlcLinearScale(&upper, -1))
        continue;
      upper.c -= 1;
      const KpExtent *e = &w->dim[i].extent;
      bool linear = true; /* extent - 1 - index is a linear form */
      if (e->numSymbols == 0)
        upper.c += e->constant;
      else if (e->numSymbols == 1 && e->constant == 1 &&
               e->symbols[0] < upper.numSymbols)
        upper.sym[e->symbols[0]] += 1;
      else
        linear = false;
      matched = dlcLinearEqual(&con, &lower) ||
                (linear && dlcLinearEqual(&con, &upper));
    }
    if (!matched)
      ok = kpReaderFail(guard,
                        "the guard over the activations states a constraint "
                        "other than the window's bounds (0 <= index < "
                        "extent of a dim), so it is no padding");
  }
  dlcLinearRelease(&con);
  dlcLinearRelease(&lower);
  dlcLinearRelease(&upper);
  return ok;
}

/* The batch part of a window dim (the numDims slot: a grouped
 * convolution's group, a depthwise one's channel) moves A by whole
 * channels (A's batch stride); the channel in the group must not index
 * it. */
static bool groupOffset(KpReader *r, MlirOperation read, int numDims,
                        DlcLinear *lin, const KpExtent *stride) {
  int64_t group = lin->dim[numDims], within = lin->dim[numDims + 1];
  lin->dim[numDims] = lin->dim[numDims + 1] = 0;
  if (within != 0)
    return kpReaderFail(read, "the activations' read depends on the output "
                              "channel within its group; a grouped "
                              "convolution reads only the group");
  if (group == 0)
    return true;
  KpExtent coef = kpExtentConstant(group);
  if (!kpExtentIs(&r->p->a.stride[KP_BATCH], 0) ||
      !kpExtentTimes(stride, &coef, &r->p->a.stride[KP_BATCH]))
    return kpReaderFail(read, "the group indexes several dims of the "
                              "activations");
  return true;
}

/* Window dim `i` of A from dim `i` of its read's view, `lin` the caller's
 * scratch form. */
static bool windowDim(KpReader *r, MlirOperation read, const KpReadView *v,
                      const int *dims, int i, DlcLinear *lin) {
  KpWindowDim *wd = &r->p->window.dim[i];
  if (!dimLinear(r, read, v, dims, i, lin))
    return false;
  wd->stride = v->stride[i];
  wd->extent = v->extent[i];
  wd->offset = lin->c;
  int numDims = v->numDims;
  for (int j = 0; j < numDims && j < r->rank; ++j) {
    if (!lin->dim[j])
      continue;
    int axis = dims[j];
    KpRole role = r->roleOfAxis[axis]; /* m or k: A reads no n axis */
    if (role == KP_BATCH) {            /* moves A like a group (groupOffset) */
      lin->dim[numDims] += lin->dim[j];
      continue;
    }
    int64_t *coef = role == KP_M ? &wd->mCoef[r->fusedAt[axis]]
                                 : &wd->kCoef[r->fusedAt[axis]];
    if (__builtin_add_overflow(*coef, lin->dim[j], coef))
      return kpReaderFail(read, "a window coefficient overflows");
  }
  return groupOffset(r, read, numDims, lin, &v->stride[i]);
}

/* A's window from its read (roles already assigned). */
static bool readWindow(KpReader *r, MlirOperation read, const int *dims,
                       MlirOperation guard) {
  KpProblem *p = r->p;
  if (!kpReaderTensorArg(r, read, &p->a))
    return false;
  clearStrides(&p->a);
  KpReadView view;
  if (!kpReaderView(r, read, p->a.arg, &view))
    return false;
  KpWindow *w = &p->window;
  memset(w, 0, sizeof(*w));
  w->rank = view.rank;
  DlcLinear lin = {0}; /* owned here: one dim's form at a time */
  bool ok = true;
  for (int i = 0; ok && i < view.rank; ++i)
    ok = windowDim(r, read, &view, dims, i, &lin);
  dlcLinearRelease(&lin);
  return ok && (mlirOperationIsNull(guard) ||
                checkGuard(r, guard, read, &view, dims));
}

/* The group split's sizes: Co = groups · groupWidth (Co static). */
static bool splitGroups(KpReader *r, MlirOperation mul) {
  KpProblem *p = r->p;
  p->groupWidth = 0;
  if (r->groupAxis < 0)
    return true;
  const KpExtent *co = &p->size[KP_N];
  if (co->numSymbols != 0 || co->constant % r->groupWidth != 0)
    return kpReaderFail(mul, "a grouped convolution needs a static output "
                             "channel count, a multiple of the group width");
  p->groupWidth = r->groupWidth;
  p->has[KP_BATCH] = true;
  p->size[KP_BATCH] = kpExtentConstant(co->constant / r->groupWidth);
  p->size[KP_N] = kpExtentConstant(r->groupWidth);
  p->iter[KP_BATCH] = p->iter[KP_N];
  return true;
}

bool kpReadImplicit(KpReader *r, MlirOperation mul, MlirOperation read[2],
                    int dims[2][KP_MAX_RANK], MlirOperation guard[2]) {
  bool used[2][MaxAxes];
  for (int f = 0; f < 2; ++f)
    usedAxes(r, read[f], dims[f], used[f]);
  /* A is the windowed factor; without a window, the one reading more
   * output axes (the activations of a 1×1 convolution). */
  if (!findGroup(r, read, dims))
    return false;
  bool w0 = factorWindowed(r, read[0], dims[0], guard[0]);
  bool w1 = factorWindowed(r, read[1], dims[1], guard[1]);
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
  int nAxis = -1, batchAxis = -1;
  for (int i = 0; i < r->numIters; ++i) {
    int d = r->axisOfIter[i];
    KpExtent size;
    if (!kpReaderAxisSize(r, d, &size))
      return kpReaderFail(r->func, "an axis size is neither a symbol of "
                                   "rbssa.symbols nor an integer");
    KpRole role;
    /* A reads only the group of a grouped output channel: n. */
    bool ok = kpAxisRole(used[a][d] && d != r->groupAxis, used[1 - a][d], false,
                         &role);
    if (d == r->groupAxis && (!ok || role != KP_N)) {
      char axis[KP_NAME], why[384];
      kpReaderAxisName(r, d, axis, sizeof(axis));
      snprintf(why, sizeof(why),
               "a factor reads axis '%s' as its quotient and remainder by "
               "%lld: neither a grouped convolution (its output channel axis, "
               "read so by the weights only) nor a reshape that merged dims "
               "contiguous in the tensor (docs/kernel-problem.md, \"Merged "
               "reads\")",
               axis, (long long)r->groupWidth);
      return kpReaderFail(mul, why);
    }
    if (ok && role == KP_BATCH) { /* a depthwise conv's channel */
      if (!takeSoleAxis(r, mul, d, KP_BATCH, &batchAxis,
                        "several output axes are read by both factors; an "
                        "implicit GEMM has one batch axis"))
        return false;
      continue;
    }
    if (ok && role == KP_N) {
      if (!takeSoleAxis(r, mul, d, KP_N, &nAxis,
                        "several output axes are read by the weights only; "
                        "an implicit GEMM has one n axis"))
        return false;
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
  if (batchAxis >= 0 && r->groupAxis >= 0)
    return kpReaderFail(mul, "a grouped convolution with another axis read "
                             "by both factors is not implemented");
  if (batchAxis >= 0) {
    p->has[KP_BATCH] = true;
    p->iter[KP_BATCH] = r->iterOfAxis[batchAxis];
    if (!kpReaderAxisSize(r, batchAxis, &p->size[KP_BATCH]))
      return kpReaderFail(r->func, "an axis size is neither a symbol of "
                                   "rbssa.symbols nor an integer");
  }
  if (!splitGroups(r, mul))
    return false;
  /* B reads no m axis: those are the axes A alone reads. */
  return readWindow(r, readA, dims[a], guardA) &&
         kpImplicitTensor(r, readB, dims[1 - a], &p->b);
}
