/* Reading the attention family of the kernel-problem model from a pair of
 * rbssa regions (AttentionProblem.h; spec §15.3, §6.8.3).
 *
 * The scores region's yield is walked back through the row softmax (div
 * by the broadcast row sum of exp2/exp of the value minus the broadcast
 * row max), the mask (a select to -inf) and an optional bias and scale to
 * the QKᵀ contraction; the output region's yield back to the P·V
 * contraction. Every value on the logits chain runs over the scores
 * region's iters in order (they are what it yields); a contraction's body
 * axes are its iters with the reduced axis where the reduce places it.
 * Axes are then matched across the two regions through P's buffer: its
 * dimension j is the scores region's iter j and whatever loop the output
 * region's read of P selects there. */
#include "AttentionProblem.h"
#include "DialectNames.h"
#include "ProblemReader.h"

#include "dlc/IR.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IntegerSet.h"

#include <math.h>
#include <string.h>

static const double Ln2 = 0.69314718055994531, Log2E = 1.4426950408889634;

enum { MaxRank = KP_MAX_RANK, MaxLoops = 2 * KP_MAX_RANK };

/* The role an attention axis plays for a tensor's strides: a KpRole, or a
 * batch axis (Batch0 + index), or none. */
enum { NoAxis = -1, Batch0 = 100 };

static bool isFn(MlirOperation op, const char *name, const char *fn) {
  if (!dlcOperationIsA(op, name))
    return false;
  MlirAttribute a = dlcOperationAttrGet(op, "fn");
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) &&
         mlirStringRefEqual(mlirStringAttrGetValue(a),
                            mlirStringRefCreateFromCString(fn));
}

static bool reduceIs(MlirOperation op, const char *kind) {
  if (!dlcRbssaIsReduce(op))
    return false;
  MlirAttribute a = dlcOperationAttrGet(op, "op");
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) &&
         mlirStringRefEqual(mlirStringAttrGetValue(a),
                            mlirStringRefCreateFromCString(kind));
}

static MlirValue skipCasts(MlirValue v) {
  while (dlcRbssaIsCast(kpProducer(v)))
    v = mlirOperationGetOperand(kpProducer(v), 0);
  return v;
}

static bool constant(MlirValue v, double *value) {
  MlirOperation op = kpProducer(skipCasts(v));
  MlirAttribute a = dlcRbssaIsConst(op) ? dlcOperationAttrGet(op, "value")
                                        : mlirAttributeGetNull();
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAFloat(a))
    return false;
  *value = mlirFloatAttrGetValueDouble(a);
  return true;
}

static bool isMinusInf(MlirValue v) {
  double x;
  return constant(v, &x) && isinf(x) && x < 0;
}

static int rankOf(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAShaped(t) ? (int)mlirShapedTypeGetRank(t) : -1;
}

/* The one rbssa.yield of a region. */
static MlirOperation findYield(MlirOperation func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation found = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (dlcRbssaIsYield(op)) {
      if (!mlirOperationIsNull(found))
        return (MlirOperation){NULL};
      found = op;
    }
  return found;
}

static int numEntries(MlirOperation func, const char *name) {
  MlirAttribute a = dlcOperationAttrGet(func, name);
  return !mlirAttributeIsNull(a) && mlirAttributeIsAArray(a)
             ? (int)mlirArrayAttrGetNumElements(a)
             : -1;
}

/* The extent of loop `loop` of a region (its iters, then reduce iters). */
static bool loopSize(MlirOperation func, int loop, KpExtent *out) {
  int numIters = numEntries(func, "rbssa.iters");
  MlirAttribute list = dlcOperationAttrGet(
      func, loop < numIters ? "rbssa.iters" : "rbssa.reduce_iters");
  MlirAttribute entry =
      mlirArrayAttrGetElement(list, loop < numIters ? loop : loop - numIters);
  MlirAttribute size = dlcDictionaryAttrGet(entry, "size");
  *out = kpExtentConstant(1);
  return kpExtentMultiply(func, out, size);
}

/* The region argument a value is (or -1). */
static int argOf(MlirOperation func, MlirValue v) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (!mlirValueIsABlockArgument(v) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(v), body))
    return -1;
  return (int)mlirBlockArgumentGetArgNumber(v);
}

/* A contraction's body axes as loops: the loops of its result in order
 * (the region's iters, or for a log-sum-exp region also the key axis, a
 * reduce iter there: `numIters` of them), the one reduced axis (at
 * `axes[0]`) loop numIters; `*reducedSize` its size entry (the region may
 * have other reduce iters, e.g. tinygrad's index counts). */
static bool contractionDims(MlirOperation reduce, int numIters,
                            int dims[MaxRank], MlirAttribute *reducedSize) {
  MlirAttribute axes = dlcOperationAttrGet(reduce, "axes");
  int rank = rankOf(mlirOperationGetOperand(reduce, 0));
  if (mlirAttributeIsNull(axes) || !mlirAttributeIsADenseI64Array(axes) ||
      mlirDenseArrayGetNumElements(axes) != 1 || rank != numIters + 1 ||
      rank > MaxRank)
    return false;
  int64_t at = mlirDenseI64ArrayGetElement(axes, 0);
  MlirType type = mlirValueGetType(mlirOperationGetOperand(reduce, 0));
  MlirAttribute names = mlirRankedTensorTypeGetEncoding(type);
  if (at < 0 || at >= rank)
    return false;
  if (!mlirAttributeIsNull(names)) {
    if (!mlirAttributeIsAArray(names) ||
        mlirArrayAttrGetNumElements(names) != rank)
      return false;
    *reducedSize = mlirArrayAttrGetElement(names, at);
  } else if (!mlirShapedTypeIsDynamicDim(type, at)) {
    /* All static (no axis names): the size is the type's. */
    *reducedSize =
        mlirIntegerAttrGet(mlirIntegerTypeGet(mlirTypeGetContext(type), 64),
                           mlirShapedTypeGetDimSize(type, at));
  } else {
    return false;
  }
  for (int d = 0, next = 0; d < rank; ++d)
    dims[d] = d == at ? numIters : next++;
  return at >= 0 && at < rank;
}

/* The two factors of a sum-of-products reduce, traced to their reads; the
 * reads' result axes as loops in readDims. */
static bool contraction(MlirOperation func, int numIters, MlirOperation reduce,
                        MlirOperation read[2], int readDims[2][MaxRank],
                        MlirAttribute *reducedSize) {
  int dims[MaxRank];
  if (!reduceIs(reduce, "sum") ||
      !contractionDims(reduce, numIters, dims, reducedSize))
    return false;
  MlirValue body = mlirOperationGetOperand(reduce, 0);
  MlirOperation mul = kpProducer(skipCasts(body));
  if (!isFn(mul, DLC_OP_RBSSA_BINARY, "mul"))
    return false;
  for (int f = 0; f < 2; ++f) {
    memcpy(readDims[f], dims, sizeof(dims));
    read[f] = kpReaderTrace(mlirOperationGetOperand(mul, f), readDims[f], NULL);
    if (mlirOperationIsNull(read[f]) ||
        argOf(func, mlirOperationGetOperand(read[f], 0)) < 0)
      return false;
  }
  return true;
}

/* Whether the read (result axes `dims` as loops) selects loop `loop`. */
static bool readsLoop(MlirOperation read, const int *dims, int loop) {
  MlirAffineMap map =
      mlirAffineMapAttrGetValue(dlcOperationAttrGet(read, "map"));
  for (intptr_t i = 0; i < mlirAffineMapGetNumResults(map); ++i) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, i);
    if (mlirAffineExprIsADim(e) &&
        dims[mlirAffineDimExprGetPosition(e)] == loop)
      return true;
  }
  return false;
}

/* Every role stride of `t`, and its batch strides, 0 (not indexed). */
static void clearRoleStrides(KpAttnTensor *t) {
  for (int r = 0; r < KP_NUM_ROLES; ++r)
    t->t.stride[r] = kpExtentConstant(0);
  for (int b = 0; b < KP_ATTN_MAX_BATCH; ++b)
    t->batch[b] = kpExtentConstant(0);
}

/* `stride` for `role`: a KpRole, or Batch0 + i for batch axis i. */
static void setRoleStride(KpAttnTensor *t, int role, KpExtent stride) {
  if (role >= Batch0)
    t->batch[role - Batch0] = stride;
  else
    t->t.stride[role] = stride;
}

/* Fills `t` from a read: each map result selects a loop whose role
 * (roleOfLoop: a KpRole, Batch0 + i, or NoAxis) receives the stride of
 * that memref dimension. */
static const char *tensorOf(MlirOperation func, MlirOperation read,
                            const int *dims, const int *roleOfLoop,
                            KpAttnTensor *t) {
  memset(t, 0, sizeof(*t));
  t->t.arg = argOf(func, mlirOperationGetOperand(read, 0));
  if (!kpElementOf(mlirValueGetType(mlirOperationGetOperand(read, 0)),
                   &t->t.element))
    return "an operand's element type is not f16, bf16, f32 or i1";
  KpExtent strides[MaxRank];
  int rank;
  const char *why = kpArgStrides(func, t->t.arg, strides, &rank);
  if (why)
    return why;
  MlirAttribute mapAttr = dlcOperationAttrGet(read, "map");
  if (mlirAttributeIsNull(mapAttr) || !mlirAttributeIsAAffineMap(mapAttr) ||
      mlirAffineMapGetNumResults(mlirAffineMapAttrGetValue(mapAttr)) != rank)
    return "a read's map does not index every memref dimension";
  MlirAffineMap map = mlirAffineMapAttrGetValue(mapAttr);
  clearRoleStrides(t);
  bool seen[Batch0 + KP_ATTN_MAX_BATCH] = {false};
  for (int i = 0; i < rank; ++i) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, i);
    if (mlirAffineExprIsAConstant(e) && mlirAffineConstantExprGetValue(e) == 0)
      continue;
    if (!mlirAffineExprIsADim(e))
      return "a read's map is not a selection of axes";
    int role = roleOfLoop[dims[mlirAffineDimExprGetPosition(e)]];
    if (role == NoAxis || seen[role])
      return "a read selects an axis the attention form does not give it, "
             "or one axis twice";
    seen[role] = true;
    setRoleStride(t, role, strides[i]);
  }
  return NULL;
}

/* --- the scores region ---------------------------------------------------- */

typedef struct Scores {
  MlirOperation func;
  int numIters;
  int nLoop; /* the softmax axis (an iter) */
  int roleOfLoop[MaxLoops];
} Scores;

/* `red` = reduce `kind` of `of` over the softmax axis. */
static bool rowReduce(Scores *s, MlirOperation red, const char *kind,
                      MlirValue of) {
  MlirAttribute axes = reduceIs(red, kind) ? dlcOperationAttrGet(red, "axes")
                                           : mlirAttributeGetNull();
  if (mlirAttributeIsNull(axes) || mlirDenseArrayGetNumElements(axes) != 1 ||
      !mlirValueEqual(mlirOperationGetOperand(red, 0), of))
    return false;
  int axis = (int)mlirDenseI64ArrayGetElement(axes, 0);
  if (s->nLoop >= 0 && axis != s->nLoop)
    return false;
  s->nLoop = axis;
  return true;
}

/* `v` = broadcast_in_dim(reduce `kind` of `of` over the softmax axis). */
static bool rowReduceOf(Scores *s, MlirValue v, const char *kind,
                        MlirValue of) {
  MlirOperation bc = kpProducer(v);
  return dlcRbssaIsBroadcastInDim(bc) &&
         rowReduce(s, kpProducer(mlirOperationGetOperand(bc, 0)), kind, of);
}

/* Whether set constraint `c` of `set` (dims as loops) is m - n >= 0, or,
 * where the query axis has one static row (`mIsZero`: m folded to 0, so
 * the set no longer names it), -n >= 0. */
static bool isCausalSet(MlirIntegerSet set, const int *dims, int mLoop,
                        int nLoop, bool mIsZero) {
  if (mlirIntegerSetGetNumConstraints(set) != 1 ||
      mlirIntegerSetIsConstraintEq(set, 0))
    return false;
  MlirContext ctx = mlirIntegerSetGetContext(set);
  int mDim = -1, nDim = -1;
  for (int d = 0; d < mlirIntegerSetGetNumDims(set); ++d) {
    if (dims[d] == mLoop)
      mDim = d;
    if (dims[d] == nLoop)
      nDim = d;
  }
  if (nDim < 0 || (mDim < 0 && !mIsZero))
    return false;
  MlirAffineExpr minusN = mlirAffineMulExprGet(
      mlirAffineDimExprGet(ctx, nDim), mlirAffineConstantExprGet(ctx, -1));
  MlirAffineExpr want =
      mDim < 0 ? minusN
               : mlirAffineAddExprGet(mlirAffineDimExprGet(ctx, mDim), minusN);
  return mlirAffineExprEqual(mlirIntegerSetGetConstraint(set, 0), want);
}

/* Whether the query axis (loop `mLoop`) has one static row. */
static bool oneQueryRow(const Scores *s, int mLoop) {
  KpExtent rows;
  return mLoop >= 0 && loopSize(s->func, mLoop, &rows) && kpExtentIs(&rows, 1);
}

/* The loop whose index plus one `v` is, or -1: tinygrad writes an index
 * as a count, reduce sum over j of the valid points of {x - j >= 0} (a
 * view of ones), which is x + 1 when j runs over x's extent. */
static int countedIndex(MlirOperation func, MlirValue v, const int *dims) {
  int d[MaxRank];
  memcpy(d, dims, sizeof(d));
  MlirOperation red = kpTraceSource(v, d, NULL);
  MlirAttribute axes = reduceIs(red, "sum") ? dlcOperationAttrGet(red, "axes")
                                            : mlirAttributeGetNull();
  if (mlirAttributeIsNull(axes) || mlirDenseArrayGetNumElements(axes) != 1)
    return -1;
  int at = (int)mlirDenseI64ArrayGetElement(axes, 0);
  MlirValue in = mlirOperationGetOperand(red, 0);
  int rank = rankOf(in);
  if (rank < 1 || rank > MaxRank || at < 0 || at >= rank)
    return -1;
  int inner[MaxRank];
  for (int i = 0, next = 0; i < rank; ++i)
    inner[i] = i == at ? -2 : d[next++]; /* -2: the counter j */
  MlirOperation sel = kpTraceSource(in, inner, NULL);
  MlirAttribute pred = dlcRbssaIsSelect(sel) ? dlcOperationAttrGet(sel, "pred")
                                             : mlirAttributeGetNull();
  if (mlirAttributeIsNull(pred) || !mlirAttributeIsAIntegerSet(pred))
    return -1;
  MlirIntegerSet set = mlirIntegerSetAttrGetValue(pred);
  int j = -1;
  for (int i = 0; i < mlirIntegerSetGetNumDims(set); ++i)
    if (inner[i] == -2)
      j = i;
  if (j < 0 || mlirIntegerSetGetNumConstraints(set) != 1 ||
      mlirIntegerSetIsConstraintEq(set, 0))
    return -1;
  MlirContext ctx = mlirIntegerSetGetContext(set);
  MlirAffineExpr minusJ = mlirAffineMulExprGet(
      mlirAffineDimExprGet(ctx, j), mlirAffineConstantExprGet(ctx, -1));
  for (int x = 0; x < mlirIntegerSetGetNumDims(set); ++x) {
    MlirAffineExpr want =
        mlirAffineAddExprGet(mlirAffineDimExprGet(ctx, x), minusJ);
    if (x == j || inner[x] < 0 ||
        !mlirAffineExprEqual(mlirIntegerSetGetConstraint(set, 0), want))
      continue;
    /* j must run over x's extent: the same size entry. */
    MlirType t = mlirValueGetType(in);
    MlirAttribute names = mlirRankedTensorTypeGetEncoding(t);
    MlirAttribute iters = dlcOperationAttrGet(func, "rbssa.iters");
    if (mlirAttributeIsNull(names) || !mlirAttributeIsAArray(names) ||
        mlirArrayAttrGetNumElements(names) != rank ||
        mlirAttributeIsNull(iters) || !mlirAttributeIsAArray(iters) ||
        inner[x] >= mlirArrayAttrGetNumElements(iters))
      return -1;
    MlirAttribute entry = mlirArrayAttrGetElement(iters, inner[x]);
    MlirAttribute size = dlcDictionaryAttrGet(entry, "size");
    return mlirAttributeEqual(mlirArrayAttrGetElement(names, at), size)
               ? inner[x]
               : -1;
  }
  return -1;
}

/* A comparison of two counted indices that is "n is in m's future"
 * (masked, `keepsTrue` false) or "n is not" (kept). */
static bool isCausalCompare(MlirOperation func, MlirOperation cmp,
                            const int *dims, int mLoop, int nLoop,
                            bool keepsTrue) {
  if (!dlcRbssaIsCompare(cmp))
    return false;
  int x = countedIndex(func, mlirOperationGetOperand(cmp, 0), dims);
  int y = countedIndex(func, mlirOperationGetOperand(cmp, 1), dims);
  /* future: m < n; kept: m >= n */
  bool mn = x == mLoop && y == nLoop, nm = x == nLoop && y == mLoop;
  if (keepsTrue)
    return (mn && isFn(cmp, DLC_OP_RBSSA_COMPARE, "cmpge")) ||
           (nm && isFn(cmp, DLC_OP_RBSSA_COMPARE, "cmple"));
  return (mn && isFn(cmp, DLC_OP_RBSSA_COMPARE, "cmplt")) ||
         (nm && isFn(cmp, DLC_OP_RBSSA_COMPARE, "cmpgt"));
}

/* The mask condition `cond` (over the iters): the valid points of an
 * index set (rbssa.select of a true constant) or a bool tensor read. */
static const char *readMaskCondition(Scores *s, MlirValue cond, int mLoop,
                                     KpAttention *a) {
  int dims[MaxRank];
  for (int d = 0; d < MaxRank; ++d)
    dims[d] = d;
  MlirOperation src = kpTraceSource(cond, dims, NULL);
  if (dlcRbssaIsCompare(src)) {
    if (!isCausalCompare(s->func, src, dims, mLoop, s->nLoop, a->maskKeepsTrue))
      return "the mask compares other values than the query and key "
             "indices (causal)";
    a->mask = KP_ATTN_MASK_CAUSAL;
    return NULL;
  }
  if (dlcRbssaIsSelect(src)) {
    MlirAttribute pred = dlcOperationAttrGet(src, "pred");
    MlirAttribute otherwise = dlcOperationAttrGet(src, "else");
    MlirOperation c = kpProducer(mlirOperationGetOperand(src, 0));
    MlirAttribute value = dlcRbssaIsConst(c) ? dlcOperationAttrGet(c, "value")
                                             : mlirAttributeGetNull();
    if (mlirAttributeIsNull(pred) || !mlirAttributeIsAIntegerSet(pred) ||
        mlirAttributeIsNull(value) || !mlirAttributeIsABool(value) ||
        !mlirBoolAttrGetValue(value) || mlirAttributeIsNull(otherwise) ||
        !mlirAttributeIsABool(otherwise) || mlirBoolAttrGetValue(otherwise))
      return "the mask is a select that is not the valid points of a set";
    if (!a->maskKeepsTrue ||
        !isCausalSet(mlirIntegerSetAttrGetValue(pred), dims, mLoop, s->nLoop,
                     oneQueryRow(s, mLoop)))
      return "the mask's index set is not causal (m - n >= 0)";
    a->mask = KP_ATTN_MASK_CAUSAL;
    return NULL;
  }
  if (dlcRbssaIsRead(src)) {
    a->mask = KP_ATTN_MASK_TENSOR;
    const char *why =
        tensorOf(s->func, src, dims, s->roleOfLoop, &a->maskTensor);
    if (!why && a->maskTensor.t.element != KP_I1)
      why = "the mask tensor is not i1";
    return why;
  }
  return "the mask is neither an index set nor a bool tensor";
}

/* Peels the mask off the logits `v`; `*scores` is what it masks. */
static const char *readMask(Scores *s, MlirValue v, int mLoop, KpAttention *a,
                            MlirValue *scores) {
  MlirOperation op = kpProducer(v);
  *scores = v;
  a->mask = KP_ATTN_MASK_NONE;
  if (dlcRbssaIsSelectValue(op)) {
    MlirValue x = mlirOperationGetOperand(op, 1);
    MlirValue y = mlirOperationGetOperand(op, 2);
    if (!isMinusInf(x) && !isMinusInf(y))
      return "a select on the scores does not fill -inf";
    a->maskKeepsTrue = isMinusInf(y);
    *scores = a->maskKeepsTrue ? x : y;
    return readMaskCondition(s, mlirOperationGetOperand(op, 0), mLoop, a);
  }
  if (dlcRbssaIsSelect(op)) {
    MlirAttribute pred = dlcOperationAttrGet(op, "pred");
    MlirAttribute otherwise = dlcOperationAttrGet(op, "else");
    if (mlirAttributeIsNull(pred) || !mlirAttributeIsAIntegerSet(pred) ||
        mlirAttributeIsNull(otherwise) || !mlirAttributeIsAFloat(otherwise) ||
        !isinf(mlirFloatAttrGetValueDouble(otherwise)) ||
        mlirFloatAttrGetValueDouble(otherwise) > 0)
      return "a guard on the scores does not fill -inf";
    int dims[MaxRank];
    for (int d = 0; d < MaxRank; ++d)
      dims[d] = d;
    if (!isCausalSet(mlirIntegerSetAttrGetValue(pred), dims, mLoop, s->nLoop,
                     oneQueryRow(s, mLoop)))
      return "the guard's index set is not causal (m - n >= 0)";
    a->mask = KP_ATTN_MASK_CAUSAL;
    *scores = mlirOperationGetOperand(op, 0);
  }
  return NULL;
}

/* Peels a constant scale and an additive bias (once each, either order)
 * off the scores; `*acc` is the contraction's reduce. */
static const char *readScaleBias(Scores *s, MlirValue v, KpAttention *a,
                                 MlirOperation *acc) {
  a->qkScale = 1.0;
  a->hasBias = false;
  bool scaled = false;
  for (;;) {
    v = skipCasts(v);
    MlirOperation op = kpProducer(v);
    double c;
    if (!scaled && isFn(op, DLC_OP_RBSSA_BINARY, "mul") &&
        (constant(mlirOperationGetOperand(op, 1), &c) ||
         constant(mlirOperationGetOperand(op, 0), &c))) {
      bool right = constant(mlirOperationGetOperand(op, 1), &c);
      a->qkScale = c;
      scaled = true;
      v = mlirOperationGetOperand(op, right ? 0 : 1);
    } else if (!a->hasBias && isFn(op, DLC_OP_RBSSA_BINARY, "add")) {
      int f = -1, dims[2][MaxRank];
      MlirOperation read[2];
      for (int i = 0; i < 2; ++i) {
        for (int d = 0; d < MaxRank; ++d)
          dims[i][d] = d;
        read[i] = kpReaderTrace(mlirOperationGetOperand(op, i), dims[i], NULL);
        if (!mlirOperationIsNull(read[i]) && f < 0)
          f = i;
      }
      if (f < 0)
        return "a sum on the scores adds no tensor (bias)";
      const char *why =
          tensorOf(s->func, read[f], dims[f], s->roleOfLoop, &a->bias);
      if (why)
        return why;
      a->hasBias = true;
      v = mlirOperationGetOperand(op, 1 - f);
    } else {
      *acc = op;
      return reduceIs(op, "sum") ? NULL
                                 : "the scores are not a contraction, a "
                                   "constant scale and a bias";
    }
  }
}

/* S = Q Kᵀ: the factor reading the softmax axis is K. */
static const char *readQK(Scores *s, MlirOperation reduce, KpAttention *a) {
  MlirOperation read[2];
  int dims[2][MaxRank];
  MlirAttribute dSize;
  if (!contraction(s->func, s->numIters, reduce, read, dims, &dSize))
    return "the scores are not one sum over one axis of a product of two "
           "reads";
  int kf = readsLoop(read[1], dims[1], s->nLoop) ? 1 : 0;
  int qf = 1 - kf;
  if (!readsLoop(read[kf], dims[kf], s->nLoop) ||
      readsLoop(read[qf], dims[qf], s->nLoop))
    return "exactly one factor of QKᵀ must read the softmax axis";
  /* The query row is the last axis Q reads and K does not; others like it
   * (the query heads sharing a K/V head: grouped-query attention) are
   * batch axes along which K and V are broadcast. */
  int numBatch = 0, mLoop = -1;
  for (int loop = 0; loop < s->numIters; ++loop)
    if (readsLoop(read[qf], dims[qf], loop) &&
        !readsLoop(read[kf], dims[kf], loop))
      mLoop = loop;
  for (int loop = 0; loop <= s->numIters; ++loop) {
    bool byQ = readsLoop(read[qf], dims[qf], loop);
    bool byK = readsLoop(read[kf], dims[kf], loop);
    KpRole role;
    if (!kpAxisRole(byQ, byK, loop == s->numIters, &role))
      return "an axis of QKᵀ is read by neither factor, or the reduced one "
             "by one only";
    if (role == KP_M && loop != mLoop)
      role = KP_BATCH;
    if (role == KP_BATCH) {
      if (numBatch == KP_ATTN_MAX_BATCH)
        return "more than three batch axes";
      s->roleOfLoop[loop] = Batch0 + numBatch;
      if (!loopSize(s->func, loop, &a->batchSize[numBatch]))
        return "a batch axis has no known size";
      ++numBatch;
      continue;
    }
    s->roleOfLoop[loop] = role;
    if (loop == s->numIters) {
      a->size[KP_K] = kpExtentConstant(1);
      if (!kpExtentMultiply(s->func, &a->size[KP_K], dSize))
        return "the head dimension has no known size";
    } else if (!loopSize(s->func, loop, &a->size[role]))
      return "an axis of QKᵀ has no known size";
  }
  if (mLoop < 0)
    return "QKᵀ has no query axis";
  a->numBatch = numBatch;
  const char *why = tensorOf(s->func, read[qf], dims[qf], s->roleOfLoop, &a->q);
  return why ? why
             : tensorOf(s->func, read[kf], dims[kf], s->roleOfLoop, &a->k);
}

static const char *readLogits(Scores *s, MlirValue logits, KpAttention *a,
                              int *mLoop);

static const char *readScores(Scores *s, KpAttention *a, int *buffer,
                              int *mLoop) {
  MlirOperation yield = findYield(s->func);
  if (mlirOperationIsNull(yield))
    return "the scores region has not exactly one yield";
  MlirAttribute mat = dlcOperationAttrGet(yield, "materialize");
  if (mlirAttributeIsNull(mat) || !mlirAttributeIsAString(mat) ||
      !mlirStringRefEqual(mlirStringAttrGetValue(mat),
                          mlirStringRefCreateFromCString("deferred")))
    return "the first region does not hand P over deferred";
  *buffer = argOf(s->func, mlirOperationGetOperand(yield, 1));
  if (*buffer < 0 ||
      !kpElementOf(mlirValueGetType(mlirOperationGetOperand(yield, 1)),
                   &a->pElement) ||
      a->pElement == KP_F32 || a->pElement == KP_I1)
    return "P is not yielded into an f16 or bf16 argument";
  MlirValue v = skipCasts(mlirOperationGetOperand(yield, 0));
  if (rankOf(v) != s->numIters)
    return "P does not run over the region's iters";
  /* P = e / rowsum(e) */
  MlirOperation div = kpProducer(v);
  if (!isFn(div, DLC_OP_RBSSA_BINARY, "div"))
    return "P is not a division by a row sum";
  MlirValue e = mlirOperationGetOperand(div, 0);
  if (!rowReduceOf(s, mlirOperationGetOperand(div, 1), "sum", e))
    return "P is not divided by the row sum of its numerator";
  /* e = exp2(c * (l - rowmax(l))) or exp(l - rowmax(l)) */
  MlirOperation ex = kpProducer(e);
  MlirValue d;
  if (isFn(ex, DLC_OP_RBSSA_UNARY, "exp")) {
    a->expScale = Log2E;
    d = mlirOperationGetOperand(ex, 0);
  } else if (isFn(ex, DLC_OP_RBSSA_UNARY, "exp2")) {
    MlirValue x = mlirOperationGetOperand(ex, 0);
    MlirOperation mul = kpProducer(x);
    double c;
    a->expScale = 1.0;
    d = x;
    if (isFn(mul, DLC_OP_RBSSA_BINARY, "mul")) {
      bool right = constant(mlirOperationGetOperand(mul, 1), &c);
      if (right || constant(mlirOperationGetOperand(mul, 0), &c)) {
        a->expScale = c;
        d = mlirOperationGetOperand(mul, right ? 0 : 1);
      }
    }
  } else {
    return "the softmax numerator is not exp or exp2";
  }
  MlirOperation sub = kpProducer(d);
  if (!isFn(sub, DLC_OP_RBSSA_BINARY, "sub"))
    return "the softmax does not subtract the row max";
  MlirValue logits = mlirOperationGetOperand(sub, 0);
  if (!rowReduceOf(s, mlirOperationGetOperand(sub, 1), "max", logits))
    return "the softmax does not subtract the row max of its logits";
  if (!(a->expScale > 0))
    return "the softmax's exponent scale is not positive";
  return readLogits(s, logits, a, mLoop);
}

/* The logits L = mask(scale · Q Kᵀ + bias) into `a` (the contraction's
 * roles first: the mask and bias are read by them). */
static const char *readLogits(Scores *s, MlirValue logits, KpAttention *a,
                              int *mLoop) {
  MlirValue scores;
  MlirOperation acc = {NULL};
  a->mask = KP_ATTN_MASK_NONE;
  {
    /* Peel the mask without reading it, find the contraction, then read
     * the mask with the axis roles known. */
    MlirOperation op = kpProducer(logits);
    scores = logits;
    if (dlcRbssaIsSelectValue(op))
      scores = isMinusInf(mlirOperationGetOperand(op, 2))
                   ? mlirOperationGetOperand(op, 1)
                   : mlirOperationGetOperand(op, 2);
    else if (dlcRbssaIsSelect(op))
      scores = mlirOperationGetOperand(op, 0);
    MlirValue walk = scores;
    for (;;) { /* to the reduce, through scale and bias */
      MlirOperation w = kpProducer(skipCasts(walk));
      if (reduceIs(w, "sum")) {
        acc = w;
        break;
      }
      if (!isFn(w, DLC_OP_RBSSA_BINARY, "mul") &&
          !isFn(w, DLC_OP_RBSSA_BINARY, "add"))
        return "the scores are not a contraction, a constant scale and a "
               "bias";
      double c;
      MlirValue x = mlirOperationGetOperand(w, 0);
      int dims[MaxRank] = {0};
      bool leftOther =
          constant(x, &c) || !mlirOperationIsNull(kpReaderTrace(x, dims, NULL));
      walk = mlirOperationGetOperand(w, leftOther ? 1 : 0);
    }
  }
  for (int i = 0; i < MaxLoops; ++i)
    s->roleOfLoop[i] = NoAxis;
  const char *why = readQK(s, acc, a);
  if (why)
    return why;
  *mLoop = -1;
  for (int loop = 0; loop < s->numIters; ++loop)
    if (s->roleOfLoop[loop] == KP_M)
      *mLoop = loop;
  MlirValue masked;
  if ((why = readMask(s, logits, *mLoop, a, &masked)))
    return why;
  MlirOperation reduce = {NULL};
  if ((why = readScaleBias(s, masked, a, &reduce)))
    return why;
  return mlirOperationEqual(reduce, acc)
             ? NULL
             : "the scores are not a contraction, a constant scale and a "
               "bias";
}

/* --- the output region ---------------------------------------------------- */

/* O = P V: P's dimension j is scores iter j; the loop the read of P
 * selects there gets that iter's role. */
static const char *readOutput(const Scores *s, MlirOperation func,
                              MlirAttribute bufferName, KpAttention *a) {
  MlirOperation yield = findYield(func);
  if (mlirOperationIsNull(yield))
    return "the output region has not exactly one yield";
  MlirOperation reduce =
      kpProducer(skipCasts(mlirOperationGetOperand(yield, 0)));
  MlirOperation read[2];
  int dims[2][MaxRank];
  MlirAttribute nSize;
  if (!contraction(func, numEntries(func, "rbssa.iters"), reduce, read, dims,
                   &nSize))
    return "the output region is not one sum over one axis of a product of "
           "two reads";
  int pf = -1;
  for (int f = 0; f < 2; ++f) {
    int arg = argOf(func, mlirOperationGetOperand(read[f], 0));
    if (mlirAttributeEqual(kpArgAttr(func, arg, "rbssa.name"), bufferName))
      pf = f;
  }
  if (pf < 0)
    return "the output region's contraction does not read P";
  a->buffer = argOf(func, mlirOperationGetOperand(read[pf], 0));
  int numIters = numEntries(func, "rbssa.iters");
  int roleOfLoop[MaxLoops];
  for (int i = 0; i < MaxLoops; ++i)
    roleOfLoop[i] = NoAxis;
  MlirAffineMap pMap =
      mlirAffineMapAttrGetValue(dlcOperationAttrGet(read[pf], "map"));
  if (mlirAffineMapGetNumResults(pMap) != s->numIters)
    return "P is not read over every one of its dimensions";
  for (int j = 0; j < s->numIters; ++j) {
    MlirAffineExpr e = mlirAffineMapGetResult(pMap, j);
    if (!mlirAffineExprIsADim(e))
      return "P is not read by a selection of axes";
    int loop = dims[pf][mlirAffineDimExprGetPosition(e)];
    int role = s->roleOfLoop[j];
    /* the softmax axis must be the one reduced; the others iters */
    if ((role == KP_N) != (loop == numIters) || roleOfLoop[loop] != NoAxis)
      return "P V does not sum over the softmax axis";
    roleOfLoop[loop] = role;
  }
  int vf = 1 - pf, dvLoop = -1;
  for (int loop = 0; loop < numIters; ++loop)
    if (roleOfLoop[loop] == NoAxis) {
      if (dvLoop >= 0 || !readsLoop(read[vf], dims[vf], loop))
        return "O has other axes than P's rows and V's columns";
      dvLoop = loop;
    }
  if (dvLoop < 0 || !loopSize(func, dvLoop, &a->valueDim))
    return "V has no column axis of known size";
  roleOfLoop[dvLoop] = KP_K;
  const char *why = tensorOf(func, read[vf], dims[vf], roleOfLoop, &a->v);
  if (why)
    return why;
  /* O: the yield writes the iters in order. */
  int out = argOf(func, mlirOperationGetOperand(yield, 1));
  KpExtent strides[MaxRank];
  int rank;
  if (out < 0 || (why = kpArgStrides(func, out, strides, &rank)))
    return why ? why : "O is not a region argument";
  if (rank != numIters)
    return "O's rank is not the number of iters";
  memset(&a->o, 0, sizeof(a->o));
  a->o.t.arg = out;
  if (!kpElementOf(mlirValueGetType(mlirOperationGetOperand(yield, 1)),
                   &a->o.t.element))
    return "O's element type is not f16, bf16 or f32";
  clearRoleStrides(&a->o);
  for (int loop = 0; loop < numIters; ++loop) {
    int role = roleOfLoop[loop];
    setRoleStride(&a->o, role >= Batch0 || role == KP_K ? role : KP_M,
                  strides[loop]);
  }
  return NULL;
}

const char *kpAttentionRead(MlirOperation scores, MlirOperation output,
                            KpAttention *a) {
  memset(a, 0, sizeof(*a));
  a->scores = scores;
  a->output = output;
  if (!mlirAttributeEqual(dlcOperationAttrGet(scores, "rbssa.symbols"),
                          dlcOperationAttrGet(output, "rbssa.symbols")))
    return "the two regions do not share their symbols";
  Scores s = {.func = scores, .nLoop = -1};
  s.numIters = numEntries(scores, "rbssa.iters");
  if (s.numIters < 2 || s.numIters + 1 > MaxLoops)
    return "the scores region has fewer than two iters";
  int buffer, mLoop;
  const char *why = readScores(&s, a, &buffer, &mLoop);
  if (why)
    return why;
  if (s.roleOfLoop[s.nLoop] != KP_N)
    return "the softmax axis is not the key axis of QKᵀ";
  why = readOutput(&s, output, kpArgAttr(scores, buffer, "rbssa.name"), a);
  if (why)
    return why;
  if (a->q.t.element != a->k.t.element || a->q.t.element != a->v.t.element ||
      (a->q.t.element != KP_F16 && a->q.t.element != KP_BF16))
    return "Q, K and V are not all f16 or all bf16";
  return NULL;
}

int64_t kpAttentionTileDim(int64_t d) {
  if (d < 8 || d > 256 || d % 8 != 0)
    return 0;
  return d <= 64 ? 64 : d <= 128 ? 128 : 256;
}

/* Whether a stride is a multiple of 8 elements (16 bytes of f16). */
static bool multipleOf8(const KpExtent *e) { return e->constant % 8 == 0; }

const char *kpAttentionOnlineProblem(const KpAttention *a) {
  /* A bias or mask tensor is read per S tile by element loads, so any
   * strides do; the bias is widened to f32, the mask read as i1. */
  if (a->hasBias && a->bias.t.element == KP_I1)
    return "the bias is a boolean tensor";
  if (a->mask == KP_ATTN_MASK_TENSOR && a->maskTensor.t.element != KP_I1)
    return "the mask tensor is not i1";
  if (a->size[KP_K].numSymbols || a->valueDim.numSymbols)
    return "the head dimension is symbolic (the flash kernels' tiles, "
           "registers and loads are compiled for a constant one)";
  if (a->valueDim.constant != a->size[KP_K].constant)
    return "V's head dimension differs from Q's and K's";
  if (kpAttentionTileDim(a->size[KP_K].constant) == 0)
    return a->size[KP_K].constant > 256
               ? "the head dimension is over 256 (the flash kernels' O "
                 "accumulator is at most 256 columns)"
               : "the head dimension is not a multiple of 8 (the flash "
                 "kernels load rows in 16-byte pieces)";
  const KpAttnTensor *in[] = {&a->q, &a->k, &a->v};
  KpRole row[] = {KP_M, KP_N, KP_N};
  for (int i = 0; i < 3; ++i) {
    bool aligned = kpExtentIs(&in[i]->t.stride[KP_K], 1) &&
                   multipleOf8(&in[i]->t.stride[row[i]]);
    for (int b = 0; b < a->numBatch; ++b)
      aligned = aligned && multipleOf8(&in[i]->batch[b]);
    if (!aligned)
      return "Q, K and V need unit-stride columns and rows and batches at "
             "16-byte boundaries (16-byte cp.async)";
  }
  return NULL;
}

/* --- the log-sum-exp region ----------------------------------------------- */

/* `v` = x · c or c · x with c a constant. */
static bool scaledBy(MlirValue v, MlirValue *x, double *c) {
  MlirOperation op = kpProducer(skipCasts(v));
  if (!isFn(op, DLC_OP_RBSSA_BINARY, "mul"))
    return false;
  for (int i = 0; i < 2; ++i)
    if (constant(mlirOperationGetOperand(op, i), c)) {
      *x = mlirOperationGetOperand(op, 1 - i);
      return true;
    }
  return false;
}

/* Constants of the graph are f32: equal to single precision. */
static bool near(double x, double y) { return fabs(x - y) <= 1e-6 * fabs(y); }

/* Whether `x` of `xFunc` and `y` of `yFunc` are one tensor read alike. */
static bool sameTensor(MlirOperation xFunc, const KpAttnTensor *x,
                       MlirOperation yFunc, const KpAttnTensor *y) {
  MlirAttribute xName = kpArgAttr(xFunc, x->t.arg, "rbssa.name");
  bool same =
      !mlirAttributeIsNull(xName) &&
      mlirAttributeEqual(xName, kpArgAttr(yFunc, y->t.arg, "rbssa.name")) &&
      x->t.element == y->t.element;
  for (int r = 0; same && r < KP_NUM_ROLES; ++r)
    same = kpExtentEqual(&x->t.stride[r], &y->t.stride[r]);
  for (int b = 0; same && b < KP_ATTN_MAX_BATCH; ++b)
    same = kpExtentEqual(&x->batch[b], &y->batch[b]);
  return same;
}

/* Whether `b` (logits read from region `lse`) are the scores of `a`. */
static bool sameScores(const KpAttention *a, const KpAttention *b,
                       MlirOperation lse) {
  bool same = a->numBatch == b->numBatch && a->mask == b->mask &&
              a->hasBias == b->hasBias && near(b->qkScale, a->qkScale) &&
              sameTensor(a->scores, &a->q, lse, &b->q) &&
              sameTensor(a->scores, &a->k, lse, &b->k);
  for (int b2 = 0; same && b2 < a->numBatch; ++b2)
    same = kpExtentEqual(&a->batchSize[b2], &b->batchSize[b2]);
  for (int r = KP_M; same && r <= KP_K; ++r)
    same = kpExtentEqual(&a->size[r], &b->size[r]);
  if (same && a->hasBias)
    same = sameTensor(a->scores, &a->bias, lse, &b->bias);
  if (same && a->mask == KP_ATTN_MASK_TENSOR)
    same = a->maskKeepsTrue == b->maskKeepsTrue &&
           sameTensor(a->scores, &a->maskTensor, lse, &b->maskTensor);
  return same;
}

/* `v` = ln x as log2(x) · ln 2 (the tiny dialect has no natural log). */
static bool naturalLogOf(MlirValue v, MlirValue *x) {
  MlirValue y;
  double c;
  if (!scaledBy(v, &y, &c) || !near(c, Ln2))
    return false;
  MlirOperation op = kpProducer(skipCasts(y));
  if (!isFn(op, DLC_OP_RBSSA_UNARY, "log2"))
    return false;
  *x = mlirOperationGetOperand(op, 0);
  return true;
}

/* The two forms of the LSE: the base-2 one
 * (c · max + log2 sum) · ln 2, and the natural-log one
 * ln sum + k · max (k = c · ln 2; no factor for k = 1): the max, the sum
 * and c of the max in *maxV, *sumV, *c. */
static const char *readLseForm(MlirValue v, MlirValue *maxV, MlirValue *sumV,
                               double *c) {
  MlirValue x, other = {NULL};
  double ln2;
  *sumV = (MlirValue){NULL};
  MlirOperation add = kpProducer(skipCasts(v));
  if (isFn(add, DLC_OP_RBSSA_BINARY, "add")) { /* ln sum + k · max */
    for (int i = 0; i < 2 && mlirValueIsNull(*sumV); ++i)
      if (naturalLogOf(mlirOperationGetOperand(add, i), sumV))
        other = mlirOperationGetOperand(add, 1 - i);
    if (mlirValueIsNull(*sumV))
      return "the value is not ln of a sum plus the max";
    double k = 1.0;
    if (!scaledBy(other, maxV, &k))
      *maxV = other;
    *c = k * Log2E;
    return NULL;
  }
  if (!scaledBy(v, &x, &ln2) || !near(ln2, Ln2))
    return "the value is not a base-2 log times ln 2, nor ln of a sum plus "
           "the max";
  add = kpProducer(skipCasts(x));
  for (int i = 0; i < 2 && isFn(add, DLC_OP_RBSSA_BINARY, "add"); ++i) {
    MlirOperation log2 = kpProducer(skipCasts(mlirOperationGetOperand(add, i)));
    if (isFn(log2, DLC_OP_RBSSA_UNARY, "log2") && mlirValueIsNull(*sumV)) {
      *sumV = mlirOperationGetOperand(log2, 0);
      other = mlirOperationGetOperand(add, 1 - i);
    }
  }
  if (mlirValueIsNull(*sumV) || !scaledBy(other, maxV, c))
    return "the value is not c · max + log2 of a sum";
  return NULL;
}

/* The LSE value, (c · max + log2 Σ exp2(c · (L − max))) · ln 2 or
 * ln Σ exp(k · (L − max)) + k · max (readLseForm; exp written as exp2 of
 * c · (L − max), c = k · log2 e): L and the two factors c in exp2's
 * domain (the max's, the exponent's). */
static const char *readLseValue(Scores *s, MlirValue v, MlirValue *logits,
                                double c[2]) {
  MlirValue maxV, log2Of, d;
  const char *why = readLseForm(v, &maxV, &log2Of, &c[0]);
  if (why)
    return why;
  MlirOperation max = kpProducer(skipCasts(maxV));
  MlirOperation sum = kpProducer(skipCasts(log2Of));
  *logits = reduceIs(max, "max") ? mlirOperationGetOperand(max, 0)
                                 : (MlirValue){NULL};
  if (mlirValueIsNull(*logits) || !rowReduce(s, max, "max", *logits) ||
      !reduceIs(sum, "sum") ||
      !rowReduce(s, sum, "sum", mlirOperationGetOperand(sum, 0)))
    return "the max and the sum are not row reductions over one axis";
  MlirOperation ex = kpProducer(mlirOperationGetOperand(sum, 0));
  if (!isFn(ex, DLC_OP_RBSSA_UNARY, "exp2") ||
      !scaledBy(mlirOperationGetOperand(ex, 0), &d, &c[1]))
    return "the sum is not of exp2(c · (L − max))";
  MlirOperation sub = kpProducer(skipCasts(d));
  if (!isFn(sub, DLC_OP_RBSSA_BINARY, "sub") ||
      !mlirValueEqual(mlirOperationGetOperand(sub, 0), *logits) ||
      !rowReduceOf(s, mlirOperationGetOperand(sub, 1), "max", *logits))
    return "the exponent does not subtract the row max of the logits";
  return NULL;
}

const char *kpAttentionLseRead(MlirOperation region, KpAttention *a) {
  if (!mlirAttributeEqual(dlcOperationAttrGet(region, "rbssa.symbols"),
                          dlcOperationAttrGet(a->scores, "rbssa.symbols")))
    return "the region does not share the attention's symbols";
  MlirOperation yield = findYield(region);
  int numIters = numEntries(region, "rbssa.iters");
  /* The logits run over the iters and the key axis, a reduce iter here. */
  Scores s = {.func = region, .numIters = numIters + 1, .nLoop = -1};
  if (mlirOperationIsNull(yield) || numIters < 1 || s.numIters >= MaxLoops ||
      rankOf(mlirOperationGetOperand(yield, 0)) != numIters)
    return "the region does not yield one value over its iters";
  MlirValue logits;
  double c[2];
  const char *why = readLseValue(
      &s, skipCasts(mlirOperationGetOperand(yield, 0)), &logits, c);
  if (why)
    return why;
  if (s.nLoop != numIters || !near(c[0], a->expScale) ||
      !near(c[1], a->expScale))
    return "the key axis or the exponent scale is not the softmax's";
  KpAttention b;
  memset(&b, 0, sizeof(b));
  b.scores = region;
  int mLoop;
  if ((why = readLogits(&s, logits, &b, &mLoop)))
    return why;
  if (s.roleOfLoop[s.nLoop] != KP_N || !sameScores(a, &b, region))
    return "the logits are not the attention's scores";
  /* LSE: the yield writes the iters (batch axes and m) in order. */
  KpAttnTensor t;
  memset(&t, 0, sizeof(t));
  t.t.arg = argOf(region, mlirOperationGetOperand(yield, 1));
  KpExtent strides[MaxRank];
  int rank;
  if (t.t.arg < 0 ||
      !kpElementOf(mlirValueGetType(mlirOperationGetOperand(yield, 1)),
                   &t.t.element) ||
      t.t.element != KP_F32 || kpArgStrides(region, t.t.arg, strides, &rank) ||
      rank != numIters)
    return "the log-sum-exp is not written to an f32 argument over the iters";
  clearRoleStrides(&t);
  for (int loop = 0; loop < numIters; ++loop) {
    int role = s.roleOfLoop[loop];
    if (role != KP_M && role < Batch0)
      return "the log-sum-exp runs over other axes than the batch and query";
    setRoleStride(&t, role, strides[loop]);
  }
  a->hasLse = true;
  a->lseRegion = region;
  a->lse = t;
  return NULL;
}

const char *kpAttentionReadFused(MlirOperation scores, MlirOperation output,
                                 KpAttention *a) {
  const char *why = kpAttentionRead(scores, output, a);
  MlirAttribute name = dlcDictionaryAttrGet(
      dlcOperationAttrGet(output, "rbssa.attention"), "lse_region");
  if (why || mlirAttributeIsNull(name))
    return why;
  MlirOperation region = kpFindRegion(mlirOperationGetBlock(output), name);
  return mlirOperationIsNull(region)
             ? "its log-sum-exp region is not in the module"
             : kpAttentionLseRead(region, a);
}

MlirOperation kpFindRegion(MlirBlock body, MlirAttribute name) {
  for (MlirOperation op = mlirBlockIsNull(body)
                              ? (MlirOperation){NULL}
                              : mlirBlockGetFirstOperation(body);
       !mlirAttributeIsNull(name) && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (dlcOperationIsA(op, "func.func") &&
        mlirAttributeEqual(dlcOperationAttrGet(op, "rbssa.region"), name))
      return op;
  return (MlirOperation){NULL};
}

MlirOperation kpAttentionScores(MlirOperation output) {
  MlirAttribute name = dlcDictionaryAttrGet(
      dlcOperationAttrGet(output, "rbssa.attention"), "scores");
  return kpFindRegion(mlirOperationGetBlock(output), name);
}
