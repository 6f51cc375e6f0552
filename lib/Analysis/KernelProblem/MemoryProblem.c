/* Reading the memory-bound kernel-problem model from an rbssa region
 * (MemoryProblem.h). Each yield's value is walked back to the reads; along
 * the way every value carries, per dimension, the loop it runs along. The
 * yield's value runs along the iters in order; a reduce gives its reduced
 * dimensions fresh loops; broadcast_in_dim and transpose move the loops of
 * their dimensions. A value met again at the same loops is the same step. */
#include "MemoryProblem.h"
#include "DialectNames.h"
#include "ReduceBody.h"

#include "dlc/Diagnostics.h"
#include "dlc/IR.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IntegerSet.h"

#include <stdio.h>
#include <string.h>

enum { MaxMemo = 2 * KP_MAX_STEPS, MaxDepth = 4 * KP_MAX_STEPS };

static const char *const kSuggestion =
    "the memory-bound family takes reads, elementwise ops (rbssa.unary, "
    "binary, compare, select_value, cast, const), domain selects, "
    "broadcasts, transposes and reduces (sum, max, min) of f16, bf16, f32 "
    "and i1 values, yielded along rbssa.iters";

typedef struct Reader {
  MlirOperation func;
  MlirBlock body;
  KpMemoryProblem *p;
  int numMemo;
  MlirValue memoValue[MaxMemo];
  int memoLoops[MaxMemo][KP_MAX_RANK];
  int memoStep[MaxMemo];
} Reader;

static bool fail(MlirOperation op, const char *why) {
  dlcEmitDiagnostic(op, &dlcRegionNotPlannable, kSuggestion, "%s", why);
  return false;
}

static int rankOf(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAShaped(t) ? (int)mlirShapedTypeGetRank(t) : 0;
}

static bool isArgument(Reader *r, MlirValue v) {
  return mlirValueIsABlockArgument(v) &&
         mlirBlockEqual(mlirBlockArgumentGetOwner(v), r->body);
}

/* The extent of dimension `d` of a value: its static size, or the symbol
 * its tensor encoding names. */
static bool dimExtent(Reader *r, MlirValue v, int d, KpExtent *out) {
  MlirType t = mlirValueGetType(v);
  *out = kpExtentConstant(1);
  int64_t size = mlirShapedTypeGetDimSize(t, d);
  if (!mlirShapedTypeIsDynamicSize(size)) {
    out->constant = size;
    return true;
  }
  MlirAttribute encoding = mlirRankedTensorTypeGetEncoding(t);
  return !mlirAttributeIsNull(encoding) && mlirAttributeIsAArray(encoding) &&
         d < mlirArrayAttrGetNumElements(encoding) &&
         kpExtentMultiply(r->func, out, mlirArrayAttrGetElement(encoding, d));
}

static int addStep(Reader *r, MlirOperation at, KpStep step) {
  KpMemoryProblem *p = r->p;
  if (p->numSteps == KP_MAX_STEPS) {
    fail(at, "the region has more steps than the memory-bound skeleton "
             "takes (64, counting a value once per loop it runs along)");
    return -1;
  }
  p->steps[p->numSteps] = step;
  return p->numSteps++;
}

static int addIndexed(Reader *r, MlirOperation at, const int *loops, int rank) {
  KpMemoryProblem *p = r->p;
  if (p->numIndexed == KP_MAX_INDEXED) {
    fail(at, "the region reads more often than the memory-bound skeleton "
             "takes (32 reads and selects)");
    return -1;
  }
  KpIndexed *x = &p->indexed[p->numIndexed];
  memset(x, 0, sizeof(*x));
  x->rank = rank;
  memcpy(x->loops, loops, (size_t)rank * sizeof(int));
  return p->numIndexed++;
}

/* The loops an affine map or set over `loops` uses. */
static uint32_t usedLoops(MlirAffineExpr (*get)(void *, intptr_t), void *object,
                          intptr_t count, const int *loops, int rank) {
  uint32_t used = 0;
  for (intptr_t i = 0; i < count; ++i)
    for (int d = 0; d < rank; ++d)
      if (mlirAffineExprIsFunctionOfDim(get(object, i), d))
        used |= 1u << loops[d];
  return used;
}

static MlirAffineExpr mapResult(void *map, intptr_t i) {
  return mlirAffineMapGetResult(*(MlirAffineMap *)map, i);
}

static MlirAffineExpr setConstraint(void *set, intptr_t i) {
  return mlirIntegerSetGetConstraint(*(MlirIntegerSet *)set, i);
}

static int stepOf(Reader *r, MlirValue v, const int *loops, int depth);

static int readStep(Reader *r, MlirOperation read, const int *loops,
                    KpStep step) {
  MlirValue source = mlirOperationGetOperand(read, 0);
  MlirAttribute map = dlcOperationAttrGet(read, "map");
  if (!isArgument(r, source))
    return fail(read, "the read is not of a region argument"), -1;
  if (mlirAttributeIsNull(map) || !mlirAttributeIsAAffineMap(map))
    return fail(read, "the read has no affine map"), -1;
  int rank = rankOf(mlirOperationGetResult(read, 0));
  int i = addIndexed(r, read, loops, rank);
  if (i < 0)
    return -1;
  KpIndexed *x = &r->p->indexed[i];
  x->map = map;
  x->arg = (int)mlirBlockArgumentGetArgNumber(source);
  if (!kpElementOf(mlirValueGetType(source), &x->element))
    return fail(read, "the read's memref is not f16, bf16, f32 or i1"), -1;
  const char *why = kpArgStrides(r->func, x->arg, x->strides, &x->memrefRank);
  if (why)
    return fail(read, why), -1;
  MlirAffineMap m = mlirAffineMapAttrGetValue(map);
  if (mlirAffineMapGetNumResults(m) != x->memrefRank ||
      mlirAffineMapGetNumDims(m) != rank)
    return fail(read, "the read's map does not match its memref and value"), -1;
  step.kind = KP_STEP_LOAD;
  step.input = i;
  step.loops = usedLoops(mapResult, &m, x->memrefRank, loops, rank);
  return addStep(r, read, step);
}

/* rbssa.select(x) {pred, else}: the domain over the value's loops. */
static int guardStep(Reader *r, MlirOperation op, const int *loops, KpStep step,
                     int depth) {
  MlirAttribute set = dlcOperationAttrGet(op, "pred");
  MlirAttribute otherwise = dlcOperationAttrGet(op, "else");
  if (mlirAttributeIsNull(set) || !mlirAttributeIsAIntegerSet(set) ||
      mlirAttributeIsNull(otherwise))
    return fail(op, "the select has no integer-set pred or else value"), -1;
  int rank = rankOf(mlirOperationGetResult(op, 0));
  MlirIntegerSet s = mlirIntegerSetAttrGetValue(set);
  if (mlirIntegerSetGetNumDims(s) != rank)
    return fail(op, "the select's pred does not have one dim per dimension "
                    "of its value"),
           -1;
  step.args[0] = stepOf(r, mlirOperationGetOperand(op, 0), loops, depth + 1);
  if (step.args[0] < 0)
    return -1;
  int i = addIndexed(r, op, loops, rank);
  if (i < 0)
    return -1;
  r->p->indexed[i].set = set;
  step.kind = KP_STEP_GUARD;
  step.input = i;
  step.value = mlirAttributeIsAFloat(otherwise)
                   ? mlirFloatAttrGetValueDouble(otherwise)
               : mlirAttributeIsAInteger(otherwise)
                   ? (double)mlirIntegerAttrGetValueInt(otherwise)
                   : 0.0;
  step.loops = r->p->steps[step.args[0]].loops |
               usedLoops(setConstraint, &s, mlirIntegerSetGetNumConstraints(s),
                         loops, rank);
  return addStep(r, op, step);
}

/* The accumulator rule (ReduceBody.h), as the interpreter applies it: the
 * step forming a reduce's body computes in the accumulator's type (a
 * depthwise convolution's f16 products summed in f32 are not rounded to
 * f16 first). */
typedef struct Widening {
  Reader *reader;
  KpElement acc;
} Widening;

static bool narrowerThanAcc(MlirValue value, void *userData) {
  const Widening *w = userData;
  KpElement typed;
  return w->acc == KP_F32 && kpElementOf(mlirValueGetType(value), &typed) &&
         (typed == KP_F16 || typed == KP_BF16);
}

static bool widenStep(MlirOperation op, void *userData) {
  const Widening *w = userData;
  MlirValue v = mlirOperationGetResult(op, 0);
  for (int i = 0; i < w->reader->numMemo; ++i)
    if (mlirValueEqual(w->reader->memoValue[i], v))
      w->reader->p->steps[w->reader->memoStep[i]].type = w->acc;
  return true;
}

/* rbssa.reduce: the result's loops go to the kept dimensions in order, each
 * reduced dimension gets a fresh loop. */
static int reduceStep(Reader *r, MlirOperation op, const int *loops,
                      KpStep step, int depth) {
  MlirAttribute axes = dlcOperationAttrGet(op, "axes");
  MlirAttribute fn = dlcOperationAttrGet(op, "op");
  MlirAttribute init = dlcOperationAttrGet(op, "init");
  MlirAttribute dtype = dlcOperationAttrGet(op, "dtype");
  MlirValue x = mlirOperationGetOperand(op, 0);
  int rank = rankOf(x);
  if (mlirAttributeIsNull(axes) || !mlirAttributeIsADenseI64Array(axes) ||
      mlirAttributeIsNull(fn) || !mlirAttributeIsAString(fn) ||
      mlirAttributeIsNull(init) || mlirAttributeIsNull(dtype) ||
      !mlirAttributeIsAType(dtype))
    return fail(op, "the reduce lacks axes, op, init or dtype"), -1;
  if (rank > KP_MAX_RANK)
    return fail(op, "the reduce's operand has more than 12 dims"), -1;
  MlirStringRef name = mlirStringAttrGetValue(fn);
  snprintf(step.fn, sizeof(step.fn), "%.*s", (int)name.length, name.data);
  if (strcmp(step.fn, "sum") && strcmp(step.fn, "max") &&
      strcmp(step.fn, "min"))
    return fail(op, "the reduce is not a sum, max or min"), -1;
  if (!kpElementOf(mlirTypeAttrGetValue(dtype), &step.type) ||
      step.type == KP_I1)
    return fail(op, "the reduce accumulates in a type other than f16, bf16 "
                    "and f32"),
           -1;
  step.value =
      mlirAttributeIsAFloat(init) ? mlirFloatAttrGetValueDouble(init) : 0.0;
  KpMemoryProblem *p = r->p;
  bool reduced[KP_MAX_RANK] = {false};
  int numReduced = 0;
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(axes); ++i) {
    int64_t a = mlirDenseI64ArrayGetElement(axes, i);
    if (a < 0 || a >= rank)
      return fail(op, "the reduce's axes are out of range"), -1;
    numReduced += !reduced[a];
    reduced[a] = true;
  }
  /* The kept dimensions take the result's loops one for one. */
  if (numReduced == 0 ||
      rankOf(mlirOperationGetResult(op, 0)) != rank - numReduced)
    return fail(op, "the reduce's result does not have its operand's "
                    "dimensions minus one or more reduced axes"),
           -1;
  /* The step's index is known before its body's: reserve it. */
  step.kind = KP_STEP_REDUCE;
  int self = addStep(r, op, step);
  if (self < 0)
    return -1;
  int inner[KP_MAX_RANK], kept = 0;
  for (int d = 0; d < rank; ++d) {
    if (!reduced[d]) {
      inner[d] = loops[kept++];
      continue;
    }
    if (p->numLoops == KP_MAX_LOOPS)
      return fail(op, "the region reduces more axes than the memory-bound "
                      "skeleton takes (16 loops)"),
             -1;
    KpLoop *l = &p->loops[p->numLoops];
    l->reduce = self;
    if (!dimExtent(r, x, d, &l->size))
      return fail(op, "a reduced dimension's size is neither static nor a "
                      "symbol of rbssa.symbols"),
             -1;
    p->steps[self].reduced |= 1u << p->numLoops;
    inner[d] = p->numLoops++;
  }
  int body = stepOf(r, x, inner, depth + 1);
  if (body < 0)
    return -1;
  p->steps[self].args[0] = body;
  p->steps[self].loops = p->steps[body].loops & ~p->steps[self].reduced;
  Widening w = {r, step.type};
  dlcReduceBodyWiden(op, narrowerThanAcc, widenStep, &w);
  return self;
}

/* broadcast_in_dim and transpose: the operand's loops from the result's. */
static int moveStep(Reader *r, MlirOperation op, const int *loops, int depth) {
  bool transpose = dlcRbssaIsTranspose(op);
  MlirAttribute a = dlcOperationAttrGet(op, transpose ? "permutation"
                                                      : "broadcast_dimensions");
  MlirValue x = mlirOperationGetOperand(op, 0);
  int rank = rankOf(mlirOperationGetResult(op, 0)), xRank = rankOf(x);
  int n = transpose ? rank : xRank;
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a) ||
      mlirDenseArrayGetNumElements(a) != n || rank > KP_MAX_RANK ||
      xRank > KP_MAX_RANK)
    return fail(op, "the broadcast or transpose has no valid dimensions"), -1;
  int next[KP_MAX_RANK];
  uint32_t seen = 0; /* each dimension once: next[] is then all set */
  for (int i = 0; i < n; ++i) {
    int64_t j = mlirDenseI64ArrayGetElement(a, i);
    if (j < 0 || j >= (transpose ? xRank : rank) || (seen >> j & 1))
      return fail(op, "the broadcast or transpose has no valid dimensions"), -1;
    seen |= 1u << j;
    if (transpose)
      next[j] = loops[i];
    else
      next[i] = loops[j];
  }
  return stepOf(r, x, next, depth + 1);
}

static int buildStep(Reader *r, MlirValue v, const int *loops, int depth) {
  MlirOperation op = kpProducer(v);
  KpStep step = {.kind = KP_STEP_CONST, .type = KP_F32, .args = {-1, -1, -1}};
  if (mlirOperationIsNull(op))
    return fail(r->func, "a tensor value is a block argument"), -1;
  if (!kpElementOf(mlirValueGetType(v), &step.type)) {
    fail(op, "this value's type is not f16, bf16, f32 or i1");
    return -1;
  }
  if (dlcRbssaIsRead(op))
    return readStep(r, op, loops, step);
  if (dlcRbssaIsSelect(op))
    return guardStep(r, op, loops, step, depth);
  if (dlcRbssaIsReduce(op))
    return reduceStep(r, op, loops, step, depth);
  if (dlcRbssaIsBroadcastInDim(op) || dlcRbssaIsTranspose(op))
    return moveStep(r, op, loops, depth);
  if (dlcRbssaIsConst(op)) {
    MlirAttribute value = dlcOperationAttrGet(op, "value");
    if (!mlirAttributeIsNull(value) && mlirAttributeIsAFloat(value))
      step.value = mlirFloatAttrGetValueDouble(value);
    else if (!mlirAttributeIsNull(value) && mlirAttributeIsAInteger(value))
      step.value = (double)mlirIntegerAttrGetValueInt(value);
    else
      return fail(op, "a constant is neither a float nor an integer"), -1;
    return addStep(r, op, step);
  }
  int n = kpElementwiseStep(op, &step);
  if (n < 0)
    return fail(op, "the op has no fn string, or one too long to name"), -1;
  if (n == 0)
    return fail(op, "this op is not one the memory-bound skeleton computes"),
           -1;
  for (int i = 0; i < n; ++i) {
    step.args[i] = stepOf(r, mlirOperationGetOperand(op, i), loops, depth + 1);
    if (step.args[i] < 0)
      return -1;
    step.loops |= r->p->steps[step.args[i]].loops;
  }
  if (step.kind == KP_STEP_CAST && r->p->steps[step.args[0]].type == step.type)
    return step.args[0];
  return addStep(r, op, step);
}

/* The step computing `v` along `loops`, memoised: a value met again at the
 * same loops (fan-out) is one step. */
static int stepOf(Reader *r, MlirValue v, const int *loops, int depth) {
  int rank = rankOf(v);
  for (int i = 0; i < r->numMemo; ++i)
    if (mlirValueEqual(r->memoValue[i], v) &&
        memcmp(r->memoLoops[i], loops, (size_t)rank * sizeof(int)) == 0)
      return r->memoStep[i];
  if (depth > MaxDepth || rank > KP_MAX_RANK) {
    fail(kpProducer(v), "the region is deeper than the memory-bound skeleton "
                        "takes");
    return -1;
  }
  int step = buildStep(r, v, loops, depth);
  if (step >= 0 && r->numMemo < MaxMemo) {
    r->memoValue[r->numMemo] = v;
    memcpy(r->memoLoops[r->numMemo], loops, (size_t)rank * sizeof(int));
    r->memoStep[r->numMemo++] = step;
  }
  return step;
}

static bool readOutput(Reader *r, MlirOperation yield, int depth) {
  KpMemoryProblem *p = r->p;
  MlirValue value = mlirOperationGetOperand(yield, 0);
  MlirValue out = mlirOperationGetOperand(yield, 1);
  if (!isArgument(r, out))
    return fail(yield, "the yield's output is not a region argument");
  if (p->numOutputs == KP_MAX_OUTPUTS)
    return fail(yield, "the region has more outputs than the memory-bound "
                       "skeleton takes (8)");
  KpOutput *o = &p->outputs[p->numOutputs];
  o->arg = (int)mlirBlockArgumentGetArgNumber(out);
  if (!kpElementOf(mlirValueGetType(out), &o->element))
    return fail(yield, "the output is not f16, bf16, f32 or i1");
  int rank;
  const char *why = kpArgStrides(r->func, o->arg, o->strides, &rank);
  if (why)
    return fail(yield, why);
  if (rank != p->numIters || rankOf(value) != p->numIters)
    return fail(yield, "the yielded value and its memref do not run along "
                       "rbssa.iters");
  int loops[KP_MAX_RANK];
  for (int i = 0; i < rank; ++i)
    loops[i] = i;
  o->step = stepOf(r, value, loops, depth);
  if (o->step < 0)
    return false;
  p->numOutputs++;
  return true;
}

MlirStringRef kpMemoryVectorAxis(MlirOperation regionFunc) {
  MlirAttribute iters = dlcOperationAttrGet(regionFunc, "rbssa.iters");
  intptr_t count = !mlirAttributeIsNull(iters) && mlirAttributeIsAArray(iters)
                       ? mlirArrayAttrGetNumElements(iters)
                       : 0;
  MlirAttribute last = count > 0 ? mlirArrayAttrGetElement(iters, count - 1)
                                 : (MlirAttribute){NULL};
  MlirAttribute name =
      !mlirAttributeIsNull(last) && mlirAttributeIsADictionary(last)
          ? mlirDictionaryAttrGetElementByName(
                last, mlirStringRefCreateFromCString("name"))
          : (MlirAttribute){NULL};
  return !mlirAttributeIsNull(name) && mlirAttributeIsAString(name)
             ? mlirStringAttrGetValue(name)
             : mlirStringRefCreateFromCString("i");
}

static bool readIters(Reader *r) {
  MlirAttribute iters = dlcOperationAttrGet(r->func, "rbssa.iters");
  if (mlirAttributeIsNull(iters) || !mlirAttributeIsAArray(iters))
    return fail(r->func, "region function has no rbssa.iters array attribute");
  KpMemoryProblem *p = r->p;
  p->numIters = (int)mlirArrayAttrGetNumElements(iters);
  if (p->numIters > KP_MAX_RANK)
    return fail(r->func, "the region has more than 12 iters");
  for (int i = 0; i < p->numIters; ++i) {
    MlirAttribute it = mlirArrayAttrGetElement(iters, i);
    bool dict = mlirAttributeIsADictionary(it);
    MlirAttribute name = dict ? mlirDictionaryAttrGetElementByName(
                                    it, mlirStringRefCreateFromCString("name"))
                              : (MlirAttribute){NULL};
    MlirAttribute size = dict ? mlirDictionaryAttrGetElementByName(
                                    it, mlirStringRefCreateFromCString("size"))
                              : (MlirAttribute){NULL};
    /* The planner names split axes after them (docs/dialects/rbssa.md). */
    if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name) ||
        mlirStringAttrGetValue(name).length == 0 || mlirAttributeIsNull(size) ||
        (mlirAttributeIsAString(size) &&
         mlirStringAttrGetValue(size).length == 0)) {
      char why[96];
      snprintf(why, sizeof(why),
               "entry %d of rbssa.iters is not {name = \"...\", size = "
               "\"SYM\" or N}",
               i);
      return fail(r->func, why);
    }
    p->loops[i].reduce = -1;
    p->loops[i].size = kpExtentConstant(1);
    if (!kpExtentMultiply(r->func, &p->loops[i].size, size))
      return fail(r->func, "an iter's size is neither static nor a symbol "
                           "of rbssa.symbols");
  }
  p->numLoops = p->numIters;
  return true;
}

/* Every argument is a tensor of the signature (docs/dialects/rbssa.md). */
static bool readArguments(Reader *r) {
  MlirAttribute all = dlcOperationAttrGet(r->func, "arg_attrs");
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(r->body); ++i) {
    MlirAttribute dict = !mlirAttributeIsNull(all) &&
                                 mlirAttributeIsAArray(all) &&
                                 i < mlirArrayAttrGetNumElements(all)
                             ? mlirArrayAttrGetElement(all, i)
                             : (MlirAttribute){NULL};
    bool ok =
        !mlirAttributeIsNull(dict) && mlirAttributeIsADictionary(dict) &&
        mlirTypeIsAMemRef(mlirValueGetType(mlirBlockGetArgument(r->body, i)));
    const char *names[] = {"rbssa.name", "rbssa.role", "rbssa.shape"};
    for (int k = 0; ok && k < 3; ++k)
      ok = !mlirAttributeIsNull(mlirDictionaryAttrGetElementByName(
          dict, mlirStringRefCreateFromCString(names[k])));
    if (!ok) {
      char why[96];
      snprintf(why, sizeof(why),
               "argument #%d is not a memref with rbssa.name, rbssa.role and "
               "rbssa.shape",
               (int)i);
      return fail(r->func, why);
    }
  }
  return true;
}

bool kpMemoryProblemRead(MlirOperation func, KpMemoryProblem *p) {
  memset(p, 0, sizeof(*p));
  p->func = func;
  Reader r = {.func = func, .p = p};
  r.body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (!readIters(&r) || !readArguments(&r))
    return false;
  for (MlirOperation op = mlirBlockGetFirstOperation(r.body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (dlcRbssaIsYield(op) && !readOutput(&r, op, 0))
      return false;
  if (p->numOutputs == 0)
    return fail(func, "the region yields nothing");
  return true;
}

/* --- the contraction test ----------------------------------------------- */

/* The read `v` comes from through casts, transposes, broadcasts and
 * domain selects; null when it is computed. */
static MlirOperation readBehind(MlirValue v) {
  for (int depth = 0; depth < MaxDepth; ++depth) {
    MlirOperation op = kpProducer(v);
    if (dlcRbssaIsRead(op))
      return op;
    if (!dlcRbssaIsCast(op) && !dlcRbssaIsTranspose(op) &&
        !dlcRbssaIsBroadcastInDim(op) && !dlcRbssaIsSelect(op))
      return (MlirOperation){NULL};
    v = mlirOperationGetOperand(op, 0);
  }
  return (MlirOperation){NULL};
}

bool kpRegionHasContraction(MlirOperation func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute fn = dlcOperationAttrGet(op, "op");
    if (!dlcRbssaIsReduce(op) || mlirAttributeIsNull(fn) ||
        !mlirAttributeIsAString(fn) ||
        !mlirStringRefEqual(mlirStringAttrGetValue(fn),
                            mlirStringRefCreateFromCString("sum")))
      continue;
    MlirValue x = mlirOperationGetOperand(op, 0);
    MlirOperation mul = kpProducer(x);
    while (dlcRbssaIsCast(mul) || dlcRbssaIsTranspose(mul))
      mul = kpProducer(mlirOperationGetOperand(mul, 0));
    MlirAttribute mfn = mlirOperationIsNull(mul)
                            ? (MlirAttribute){NULL}
                            : dlcOperationAttrGet(mul, "fn");
    if (!dlcRbssaIsBinary(mul) || mlirAttributeIsNull(mfn) ||
        !mlirStringRefEqual(mlirStringAttrGetValue(mfn),
                            mlirStringRefCreateFromCString("mul")))
      continue;
    /* Two different reads: a product of tensors, not a square (RMSNorm's
     * x·x) or a scaled value. */
    MlirOperation a = readBehind(mlirOperationGetOperand(mul, 0));
    MlirOperation b = readBehind(mlirOperationGetOperand(mul, 1));
    if (!mlirOperationIsNull(a) && !mlirOperationIsNull(b) &&
        !mlirOperationEqual(a, b))
      return true;
  }
  return false;
}

/* --- facts for the planner and the skeleton ---------------------------- */

bool kpMemoryRowMode(const KpMemoryProblem *p) {
  if (p->numIters == 0)
    return false;
  uint32_t outer = (1u << (p->numIters - 1)) - 1; /* numIters >= 1 */
  bool any = false;
  for (int i = 0; i < p->numSteps; ++i) {
    const KpStep *s = &p->steps[i];
    if (s->kind != KP_STEP_REDUCE)
      continue;
    any = true;
    if (s->loops & ~outer)
      return false;
  }
  return any;
}

bool kpMemoryPointsText(const KpMemoryProblem *p, bool outerOnly, char *out,
                        size_t size) {
  KpExtent total = kpExtentConstant(1);
  int n = outerOnly && p->numIters > 0 ? p->numIters - 1 : p->numIters;
  for (int i = 0; i < n; ++i) {
    const KpExtent *e = &p->loops[i].size;
    if (__builtin_mul_overflow(total.constant, e->constant, &total.constant) ||
        total.numSymbols + e->numSymbols > KP_MAX_FACTORS)
      return false;
    for (int s = 0; s < e->numSymbols; ++s)
      total.symbols[total.numSymbols++] = e->symbols[s];
  }
  kpExtentText(p->func, &total, out, size);
  return true;
}
