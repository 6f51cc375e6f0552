/* Reading the kernel-problem model from an rbssa region (spec §6.8.1,
 * C-CON1; DESIGN.md decision 10).
 *
 * The yield's value is walked back to the one reduce {op = "sum"}; between
 * them every op becomes an epilogue step. The reduce's operand is followed
 * through casts and transposes to a binary mul whose two factors are
 * followed through casts, transposes and broadcasts to reads of region
 * arguments. Along the way each value carries `dims`: for each of its
 * dimensions, the axis of the region it runs along. A read's map then says,
 * per axis, which memref dimension (and so which stride) it indexes. */
#include "KernelProblem.h"
#include "DialectNames.h"
#include "ProblemReader.h"

#include "dlc/Diagnostics.h"
#include "dlc/IR.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  MaxRank = KP_MAX_RANK,
  MaxAxes = KP_READER_MAX_AXES,
  MaxMemo = KP_READER_MAX_MEMO
};

static const char *const kSuggestion =
    "the GEMM family is one reduce {op = \"sum\"} over one axis of a product "
    "of two reads (through casts and transposes), or an implicit GEMM (a "
    "convolution: several reduced axes, a windowed read under its padding "
    "guard), then elementwise ops, then one yield";

typedef KpReader Reader;

bool kpReaderFail(MlirOperation op, const char *why) {
  dlcEmitDiagnostic(op, &dlcRegionNotPlannable, kSuggestion, "%s", why);
  return false;
}

static bool fail(MlirOperation op, const char *why) {
  return kpReaderFail(op, why);
}

MlirOperation kpProducer(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v)
                                 : (MlirOperation){NULL};
}

static bool copyString(MlirAttribute a, char *out, size_t size) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return false;
  MlirStringRef s = mlirStringAttrGetValue(a);
  snprintf(out, size, "%.*s", (int)s.length, s.data);
  return s.length < size;
}

int kpElementwiseStep(MlirOperation op, KpStep *step) {
  if (dlcRbssaIsUnary(op) || dlcRbssaIsBinary(op) || dlcRbssaIsCompare(op)) {
    step->kind = dlcRbssaIsUnary(op)    ? KP_STEP_UNARY
                 : dlcRbssaIsBinary(op) ? KP_STEP_BINARY
                                        : KP_STEP_COMPARE;
    if (!copyString(dlcOperationAttrGet(op, "fn"), step->fn, sizeof(step->fn)))
      return -1;
    return step->kind == KP_STEP_UNARY ? 1 : 2;
  }
  if (dlcRbssaIsSelectValue(op)) {
    step->kind = KP_STEP_SELECT;
    return 3;
  }
  if (dlcRbssaIsCast(op)) {
    step->kind = KP_STEP_CAST;
    return 1;
  }
  return 0;
}

/* --- extents ---------------------------------------------------------------
 */

bool kpExtentIs(const KpExtent *e, int64_t value) {
  return e->numSymbols == 0 && e->constant == value;
}

static int compareInt(const void *a, const void *b) {
  return *(const int *)a - *(const int *)b;
}

bool kpExtentEqual(const KpExtent *a, const KpExtent *b) {
  if (a->constant != b->constant || a->numSymbols != b->numSymbols)
    return false;
  if (a->constant == 0)
    return true;
  int x[KP_MAX_FACTORS], y[KP_MAX_FACTORS];
  memcpy(x, a->symbols, sizeof(x));
  memcpy(y, b->symbols, sizeof(y));
  qsort(x, (size_t)a->numSymbols, sizeof(int), compareInt);
  qsort(y, (size_t)b->numSymbols, sizeof(int), compareInt);
  return memcmp(x, y, (size_t)a->numSymbols * sizeof(int)) == 0;
}

bool kpExtentTimes(const KpExtent *a, const KpExtent *b, KpExtent *out) {
  KpExtent r = *a;
  if (a->numSymbols + b->numSymbols > KP_MAX_FACTORS ||
      __builtin_mul_overflow(a->constant, b->constant, &r.constant))
    return false;
  for (int i = 0; i < b->numSymbols; ++i)
    r.symbols[r.numSymbols++] = b->symbols[i];
  *out = r;
  return true;
}

KpExtent kpExtentConstant(int64_t value) {
  KpExtent e = {value, 0, {0}};
  return e;
}

static KpExtent constant(int64_t value) { return kpExtentConstant(value); }

static int symbolIndex(MlirOperation func, MlirStringRef name) {
  MlirAttribute symbols = dlcOperationAttrGet(func, "rbssa.symbols");
  if (mlirAttributeIsNull(symbols) || !mlirAttributeIsAArray(symbols))
    return -1;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(symbols); ++i) {
    MlirAttribute s = mlirArrayAttrGetElement(symbols, i);
    if (mlirAttributeIsAString(s) &&
        mlirStringRefEqual(mlirStringAttrGetValue(s), name))
      return (int)i;
  }
  return -1;
}

/* `e` times a size entry (a symbol name or an integer); false when the
 * entry is neither or the product does not fit. */
bool kpExtentMultiply(MlirOperation func, KpExtent *e, MlirAttribute entry) {
  if (!mlirAttributeIsNull(entry) && mlirAttributeIsAInteger(entry)) {
    int64_t v = mlirIntegerAttrGetValueInt(entry);
    return v >= 0 && !__builtin_mul_overflow(e->constant, v, &e->constant);
  }
  if (mlirAttributeIsNull(entry) || !mlirAttributeIsAString(entry) ||
      e->numSymbols == KP_MAX_FACTORS)
    return false;
  int s = symbolIndex(func, mlirStringAttrGetValue(entry));
  if (s < 0)
    return false;
  e->symbols[e->numSymbols++] = s;
  return true;
}

void kpExtentText(MlirOperation func, const KpExtent *e, char *out,
                  size_t size) {
  MlirAttribute symbols = dlcOperationAttrGet(func, "rbssa.symbols");
  size_t used = 0;
  out[0] = '\0';
  if (e->constant != 1 || e->numSymbols == 0)
    used += (size_t)snprintf(out, size, "%lld", (long long)e->constant);
  for (int i = 0; i < e->numSymbols && used < size; ++i) {
    MlirStringRef s =
        mlirStringAttrGetValue(mlirArrayAttrGetElement(symbols, e->symbols[i]));
    used += (size_t)snprintf(out + used, size - used, "%s%.*s", used ? "*" : "",
                             (int)s.length, s.data);
  }
}

/* --- element types -----------------------------------------------------------
 */

bool kpElementOf(MlirType type, KpElement *out) {
  if (mlirTypeIsAShaped(type))
    type = mlirShapedTypeGetElementType(type);
  if (mlirTypeIsAF16(type))
    *out = KP_F16;
  else if (mlirTypeIsABF16(type))
    *out = KP_BF16;
  else if (mlirTypeIsAF32(type))
    *out = KP_F32;
  else if (mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) == 1)
    *out = KP_I1;
  else
    return false;
  return true;
}

int kpElementBytes(KpElement e) { return e == KP_F32 ? 4 : e == KP_I1 ? 1 : 2; }

const char *kpElementName(KpElement e) {
  static const char *const names[] = {"f16", "bf16", "f32", "i1"};
  return names[e];
}

MlirType kpElementType(MlirContext ctx, KpElement e) {
  switch (e) {
  case KP_F16:
    return mlirF16TypeGet(ctx);
  case KP_BF16:
    return mlirBF16TypeGet(ctx);
  case KP_F32:
    return mlirF32TypeGet(ctx);
  default:
    return mlirIntegerTypeGet(ctx, 1);
  }
}

static const char *const kRoleNames[] = {"batch", "m (read by A only)",
                                         "n (read by B only)", "k"};

/* --- tensor arguments
 * ---------------------------------------------------------
 */

MlirAttribute kpArgAttr(MlirOperation func, int arg, const char *name) {
  MlirAttribute all = dlcOperationAttrGet(func, "arg_attrs");
  if (arg < 0 || mlirAttributeIsNull(all) || !mlirAttributeIsAArray(all) ||
      arg >= mlirArrayAttrGetNumElements(all))
    return (MlirAttribute){NULL};
  return dlcDictionaryAttrGet(mlirArrayAttrGetElement(all, arg), name);
}

static bool layoutKindIs(MlirOperation func, int arg, const char *kind) {
  MlirAttribute layout = kpArgAttr(func, arg, "rbssa.layout");
  char text[KP_NAME] = "row_major"; /* the default of docs/dialects/rbssa.md */
  if (!mlirAttributeIsNull(layout) && mlirAttributeIsADictionary(layout))
    copyString(mlirDictionaryAttrGetElementByName(
                   layout, mlirStringRefCreateFromCString("kind")),
               text, sizeof(text));
  return strcmp(text, kind) == 0;
}

/* The element strides of argument `arg`'s memref dimensions: the static
 * strides of a strided layout, else row- or column-major over rbssa.shape
 * as rbssa.layout states. NULL, or why not. */
const char *kpArgStrides(MlirOperation func, int arg,
                         KpExtent strides[KP_MAX_RANK], int *rank) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (arg < 0 || arg >= mlirBlockGetNumArguments(body))
    return "an argument index is out of range";
  MlirValue v = mlirBlockGetArgument(body, arg);
  MlirType type = mlirValueGetType(v);
  MlirAttribute shape = kpArgAttr(func, arg, "rbssa.shape");
  if (!mlirTypeIsAMemRef(type) || mlirAttributeIsNull(shape) ||
      !mlirAttributeIsAArray(shape) ||
      mlirArrayAttrGetNumElements(shape) != mlirShapedTypeGetRank(type) ||
      mlirShapedTypeGetRank(type) > KP_MAX_RANK)
    return "an argument is not a memref of rank <= 12 with an rbssa.shape";
  int n = (int)mlirShapedTypeGetRank(type);
  *rank = n;
  MlirAttribute layout = mlirMemRefTypeGetLayout(type);
  bool staticStrides = mlirAttributeIsAStridedLayout(layout);
  for (int d = 0; staticStrides && d < n; ++d)
    staticStrides = !mlirShapedTypeIsDynamicStrideOrOffset(
        mlirStridedLayoutAttrGetStride(layout, d));
  if (staticStrides) {
    for (int d = 0; d < n; ++d)
      strides[d] = constant(mlirStridedLayoutAttrGetStride(layout, d));
    return mlirStridedLayoutAttrGetOffset(layout) == 0
               ? NULL
               : "an argument's strided layout has an offset";
  }
  bool colMajor = layoutKindIs(func, arg, "col_major");
  if (!colMajor && !layoutKindIs(func, arg, "row_major"))
    return "an argument's layout is neither row_major, col_major nor a "
           "static strided layout";
  KpExtent running = constant(1);
  for (int i = 0; i < n; ++i) {
    int d = colMajor ? i : n - 1 - i;
    strides[d] = running;
    /* The outermost size is no stride's factor (a rank-5 tensor of
     * symbolic sizes has strides of at most four symbols): it is only
     * checked, on a scratch extent. */
    KpExtent probe = constant(1);
    if (!kpExtentMultiply(func, i < n - 1 ? &running : &probe,
                          mlirArrayAttrGetElement(shape, d)))
      return "an argument's rbssa.shape entry is neither a symbol of "
             "rbssa.symbols nor a size";
  }
  return NULL;
}

bool kpReaderStrides(Reader *r, int arg, KpExtent strides[MaxRank], int *rank) {
  const char *why = kpArgStrides(r->func, arg, strides, rank);
  return why ? fail(r->func, why) : true;
}

MlirOperation kpTraceSource(MlirValue v, int dims[KP_MAX_RANK],
                            MlirOperation *guard) {
  if (guard)
    *guard = (MlirOperation){NULL};
  for (;;) {
    MlirOperation op = kpProducer(v);
    MlirType type = mlirValueGetType(v);
    int rank = mlirTypeIsAShaped(type) ? (int)mlirShapedTypeGetRank(type) : 0;
    if (dlcRbssaIsCast(op)) {
      /* seen through */
    } else if (guard && mlirOperationIsNull(*guard) && dlcRbssaIsSelect(op) &&
               dlcRbssaIsRead(kpProducer(mlirOperationGetOperand(op, 0)))) {
      *guard = op; /* the padding guard of an implicit GEMM's window */
    } else if (dlcRbssaIsTranspose(op) || dlcRbssaIsBroadcastInDim(op)) {
      bool transpose = dlcRbssaIsTranspose(op);
      MlirAttribute a = dlcOperationAttrGet(
          op, transpose ? "permutation" : "broadcast_dimensions");
      MlirValue x = mlirOperationGetOperand(op, 0);
      int xRank = (int)mlirShapedTypeGetRank(mlirValueGetType(x));
      if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a) ||
          mlirDenseArrayGetNumElements(a) != (transpose ? rank : xRank) ||
          rank > MaxRank || xRank > MaxRank)
        return (MlirOperation){NULL};
      int next[MaxRank];
      uint32_t seen = 0; /* each dimension once: next[] is then all set */
      for (int i = 0; i < (transpose ? rank : xRank); ++i) {
        int64_t j = mlirDenseI64ArrayGetElement(a, i);
        if (j < 0 || j >= (transpose ? xRank : rank) || (seen >> j & 1))
          return (MlirOperation){NULL};
        seen |= 1u << j;
        if (transpose)
          next[j] = dims[i];
        else
          next[i] = dims[j];
      }
      memcpy(dims, next, sizeof(next));
    } else {
      return op; /* a read, another op, or null (a block argument) */
    }
    v = mlirOperationGetOperand(op, 0);
  }
}

MlirOperation kpReaderTrace(MlirValue v, int dims[MaxRank],
                            MlirOperation *guard) {
  MlirOperation op = kpTraceSource(v, dims, guard);
  return dlcRbssaIsRead(op) ? op : (MlirOperation){NULL};
}

bool kpReaderTensorArg(Reader *r, MlirOperation read, KpTensor *t) {
  MlirValue source = mlirOperationGetOperand(read, 0);
  if (!mlirValueIsABlockArgument(source) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(source), r->body))
    return fail(read, "the read is not of a region argument");
  t->arg = (int)mlirBlockArgumentGetArgNumber(source);
  if (!kpElementOf(mlirValueGetType(source), &t->element) ||
      t->element == KP_I1)
    return fail(read, "the GEMM family reads f16, bf16 and f32 tensors");
  return true;
}

/* Why axes `outer` and `inner` of one role do not collapse in tensor
 * argument `arg`, as an E1602 at `at`. */
static bool failCollapse(Reader *r, MlirOperation at, int arg, KpRole role,
                         int outer, int inner) {
  char why[512], first[KP_NAME], second[KP_NAME], tensor[KP_NAME] = "?";
  kpReaderAxisName(r, outer, first, sizeof(first));
  kpReaderAxisName(r, inner, second, sizeof(second));
  copyString(kpArgAttr(r->func, arg, "rbssa.name"), tensor, sizeof(tensor));
  snprintf(why, sizeof(why),
           "axes '%s' and '%s' both play %s but do not collapse into one "
           "GEMM dimension in tensor '%s' (its stride along '%s' is not "
           "the size of '%s' times its stride along '%s'); fusing axes "
           "whose strides do not collapse is not implemented",
           first, second, kRoleNames[role], tensor, first, second, second);
  return fail(at, why);
}

/* The role strides of tensor argument `arg` from its stride along each
 * axis (0: not indexed): a role of several axes takes its innermost's,
 * when each outer stride is the next axis' size times its stride (or both
 * are 0, a broadcast). */
static bool collapseStrides(Reader *r, MlirOperation at, int arg,
                            const KpExtent *axisStride, KpTensor *t) {
  for (int role = 0; role < KP_NUM_ROLES; ++role) {
    int n = r->numRoleAxes[role];
    const int *axes = r->roleAxes[role];
    t->stride[role] = n ? axisStride[axes[n - 1]] : constant(0);
    for (int j = 0; j + 1 < n; ++j) {
      const KpExtent *outer = &axisStride[axes[j]];
      const KpExtent *inner = &axisStride[axes[j + 1]];
      KpExtent size, want;
      if (kpExtentIs(outer, 0) && kpExtentIs(inner, 0))
        continue;
      if (!kpReaderAxisSize(r, axes[j + 1], &size) ||
          !kpExtentTimes(&size, inner, &want) || !kpExtentEqual(&want, outer))
        return failCollapse(r, at, arg, (KpRole)role, axes[j], axes[j + 1]);
    }
  }
  return true;
}

/* Fills `t` from a read whose result axes are `dims`: per axis, the stride
 * of the memref dimension (of the read's view: merged dims are one) its
 * map selects, then per role. */
static bool tensorFromRead(Reader *r, MlirOperation read, const int *dims,
                           KpTensor *t) {
  KpReadView view;
  if (!kpReaderTensorArg(r, read, t) || !kpReaderView(r, read, t->arg, &view))
    return false;
  KpExtent axisStride[MaxAxes];
  bool seen[MaxAxes] = {false};
  for (int d = 0; d < r->rank; ++d)
    axisStride[d] = constant(0);
  for (int i = 0; i < view.rank; ++i) {
    MlirAffineExpr e = view.expr[i];
    if (mlirAffineExprIsAConstant(e) && mlirAffineConstantExprGetValue(e) == 0)
      continue; /* a broadcast size-1 dimension */
    if (!mlirAffineExprIsADim(e))
      return fail(read, "the read's map is not a selection of axes (a "
                        "reshaped or windowed access is no GEMM operand)");
    int axis = dims[mlirAffineDimExprGetPosition(e)];
    if (seen[axis])
      return fail(read, "the read indexes one axis twice");
    seen[axis] = true;
    axisStride[axis] = view.stride[i];
  }
  return collapseStrides(r, read, t->arg, axisStride, t);
}

/* --- the contraction --------------------------------------------------------
 */

/* Body axes to iters, from the reduce's `axes` (result = body minus axes,
 * in order). */
static bool readAxes(Reader *r, MlirOperation reduce) {
  MlirAttribute iters = dlcOperationAttrGet(r->func, "rbssa.iters");
  MlirAttribute reduceIters =
      dlcOperationAttrGet(r->func, "rbssa.reduce_iters");
  MlirAttribute axes = dlcOperationAttrGet(reduce, "axes");
  if (mlirAttributeIsNull(iters) || !mlirAttributeIsAArray(iters) ||
      mlirAttributeIsNull(reduceIters) || !mlirAttributeIsAArray(reduceIters))
    return fail(r->func, "region function has no rbssa.iters and "
                         "rbssa.reduce_iters arrays");
  r->numIters = (int)mlirArrayAttrGetNumElements(iters);
  r->numReduce = (int)mlirArrayAttrGetNumElements(reduceIters);
  r->rank = r->numIters + r->numReduce;
  MlirType bodyType = mlirValueGetType(mlirOperationGetOperand(reduce, 0));
  if (r->numIters > MaxRank || r->numReduce > MaxRank ||
      !mlirTypeIsARankedTensor(bodyType) ||
      mlirShapedTypeGetRank(bodyType) != r->rank || mlirAttributeIsNull(axes) ||
      !mlirAttributeIsADenseI64Array(axes) ||
      mlirDenseArrayGetNumElements(axes) != r->numReduce)
    return fail(reduce, "the reduce body's axes do not match rbssa.iters and "
                        "rbssa.reduce_iters");
  if (r->numReduce > KP_MAX_FUSED) {
    char why[160];
    snprintf(why, sizeof(why),
             "the contraction reduces %d axes; an implicit GEMM fuses at "
             "most %d",
             r->numReduce, KP_MAX_FUSED);
    return fail(reduce, why);
  }
  bool reduced[MaxAxes] = {false};
  for (int j = 0; j < r->numReduce; ++j) {
    int64_t d = mlirDenseI64ArrayGetElement(axes, j);
    if (d < 0 || d >= r->rank || reduced[d])
      return fail(reduce, "reduce axes are not distinct positions of the "
                          "body");
    reduced[d] = true;
    r->iterOfAxis[d] = -j - 1;
  }
  for (int d = 0, next = 0; d < r->rank; ++d)
    if (!reduced[d]) {
      r->axisOfIter[next] = d;
      r->iterOfAxis[d] = next++;
    }
  return true;
}

bool kpReaderAxisSize(Reader *r, int axis, KpExtent *out) {
  int it = r->iterOfAxis[axis];
  MlirAttribute list = dlcOperationAttrGet(
      r->func, it >= 0 ? "rbssa.iters" : "rbssa.reduce_iters");
  MlirAttribute entry = mlirArrayAttrGetElement(list, it >= 0 ? it : -it - 1);
  MlirAttribute size = dlcDictionaryAttrGet(entry, "size");
  *out = constant(1);
  return kpExtentMultiply(r->func, out, size);
}

/* The name of body axis `axis` (rbssa.iters / rbssa.reduce_iters). */
void kpReaderAxisName(Reader *r, int axis, char *out, size_t size) {
  int it = r->iterOfAxis[axis];
  MlirAttribute list = dlcOperationAttrGet(
      r->func, it >= 0 ? "rbssa.iters" : "rbssa.reduce_iters");
  MlirAttribute entry = mlirArrayAttrGetElement(list, it >= 0 ? it : -it - 1);
  snprintf(out, size, "?");
  if (mlirAttributeIsADictionary(entry))
    copyString(mlirDictionaryAttrGetElementByName(
                   entry, mlirStringRefCreateFromCString("name")),
               out, size);
}

bool kpAxisRole(bool readByA, bool readByB, bool reduced, KpRole *role) {
  if (reduced)
    *role = KP_K;
  else
    *role = readByA && readByB ? KP_BATCH : readByA ? KP_M : KP_N;
  return reduced ? readByA && readByB : readByA || readByB;
}

/* The size, innermost iter and collapsed axes of `role` from its axes. */
static bool readRoleSize(Reader *r, KpRole role) {
  KpProblem *p = r->p;
  KpFused *f = &p->collapsed[role];
  p->has[role] = r->numRoleAxes[role] > 0;
  p->size[role] = constant(1);
  p->iter[role] = -1;
  f->num = r->numRoleAxes[role];
  for (int j = 0; j < f->num; ++j) {
    int axis = r->roleAxes[role][j];
    int it = r->iterOfAxis[axis];
    f->iter[j] = p->iter[role] = it >= 0 ? it : -it - 1;
    if (!kpReaderAxisSize(r, axis, &f->size[j]) ||
        !kpExtentTimes(&p->size[role], &f->size[j], &p->size[role]))
      return fail(r->func, "an axis size is neither a symbol of rbssa.symbols "
                           "nor an integer, or a collapsed role's size has "
                           "too many symbols");
  }
  return true;
}

/* Axis roles from which factor reads each axis, then the factors. */
static bool readFactors(Reader *r, MlirOperation mul, MlirValue factor[2],
                        const int *mulDims) {
  MlirOperation read[2], guard[2];
  int dims[2][MaxRank];
  for (int f = 0; f < 2; ++f) {
    memcpy(dims[f], mulDims, sizeof(dims[f]));
    read[f] = kpReaderTrace(factor[f], dims[f], &guard[f]);
    if (mlirOperationIsNull(read[f]))
      return fail(mul, "a factor of the product is not a read of a region "
                       "argument (through casts, transposes and broadcasts; "
                       "C-CON1)");
  }
  if (kpReaderIsImplicit(r, read, guard))
    return kpReadImplicit(r, mul, read, dims, guard);
  /* Which axes each factor's map uses. */
  bool used[2][MaxAxes] = {{false}};
  for (int f = 0; f < 2; ++f) {
    MlirAttribute mapAttr = dlcOperationAttrGet(read[f], "map");
    if (mlirAttributeIsNull(mapAttr) || !mlirAttributeIsAAffineMap(mapAttr))
      return fail(read[f], "the read has no affine map");
    MlirAffineMap map = mlirAffineMapAttrGetValue(mapAttr);
    for (intptr_t i = 0; i < mlirAffineMapGetNumResults(map); ++i) {
      MlirAffineExpr e = mlirAffineMapGetResult(map, i);
      for (int d = 0; d < mlirAffineMapGetNumDims(map) && d < MaxRank; ++d)
        if (mlirAffineExprIsFunctionOfDim(e, d))
          used[f][dims[f][d]] = true;
    }
  }
  int *num = r->numRoleAxes;
  KpRole broadcastFrom =
      KP_K; /* m or n: the role whose outer axes became the batch */
  bool unit[MaxAxes] = {false};
  for (int d = 0; d < r->rank; ++d) {
    KpRole role;
    KpExtent extent;
    if (!kpAxisRole(used[0][d], used[1][d], r->iterOfAxis[d] < 0, &role)) {
      /* An axis of static extent 1 need not be read (its index is the
       * constant 0): it takes a free role below. */
      if (kpReaderAxisSize(r, d, &extent) && kpExtentIs(&extent, 1)) {
        unit[d] = true;
        continue;
      }
      return fail(mul, r->iterOfAxis[d] < 0
                           ? "the reduced axis is not read by both factors"
                           : "an output axis is read by neither factor");
    }
    /* In the second reading, a second axis read by one factor only, with
     * no batch read by both: the outer one is a batch the other factor is
     * broadcast across (its batch stride is 0), and so are all but the
     * innermost of several (torch.matmul's A[B, H, M, K] · W[K, N]).
     * Otherwise several axes of a role collapse into one
     * (collapseStrides). */
    if (r->broadcastBatch && (role == KP_M || role == KP_N) && num[role] == 1 &&
        (num[KP_BATCH] == 0 || broadcastFrom == role)) {
      r->roleAxes[KP_BATCH][num[KP_BATCH]++] = r->roleAxes[role][0];
      r->roleOfAxis[r->roleAxes[role][0]] = KP_BATCH;
      num[role] = 0;
      broadcastFrom = role;
    }
    if (num[role] == KP_MAX_FUSED) {
      char why[160];
      snprintf(why, sizeof(why), "more than %d axes play %s", KP_MAX_FUSED,
               kRoleNames[role]);
      return fail(mul, why);
    }
    r->roleAxes[role][num[role]++] = d;
    r->roleOfAxis[d] = role;
  }
  for (int d = 0; d < r->rank; ++d) {
    static const KpRole freeRoles[] = {KP_K, KP_M, KP_N, KP_BATCH};
    for (int i = r->iterOfAxis[d] < 0 ? 0 : 1; unit[d] && i < 4; ++i)
      if (num[freeRoles[i]] == 0 && (i == 0) == (r->iterOfAxis[d] < 0)) {
        r->roleAxes[freeRoles[i]][num[freeRoles[i]]++] = d;
        r->roleOfAxis[d] = freeRoles[i];
        unit[d] = false;
      }
    /* Else its index is 0 in every tensor: no role needs it. */
  }
  KpProblem *p = r->p;
  for (int role = 0; role < KP_NUM_ROLES; ++role)
    if (!readRoleSize(r, (KpRole)role))
      return false;
  return tensorFromRead(r, read[0], dims[0], &p->a) &&
         tensorFromRead(r, read[1], dims[1], &p->b);
}

/* The reduce operand through casts and transposes to the product. */
static bool readContraction(Reader *r, MlirOperation reduce) {
  char op[KP_NAME] = "";
  copyString(dlcOperationAttrGet(reduce, "op"), op, sizeof(op));
  if (strcmp(op, "sum") != 0)
    return fail(reduce, "the reduce is not a sum, so it is no contraction");
  if (!readAxes(r, reduce))
    return false;
  int dims[MaxRank];
  for (int d = 0; d < r->rank; ++d)
    dims[d] = d;
  MlirValue v = mlirOperationGetOperand(reduce, 0);
  MlirOperation mul = kpProducer(v);
  while (dlcRbssaIsCast(mul) || dlcRbssaIsTranspose(mul)) {
    if (dlcRbssaIsTranspose(mul)) {
      MlirAttribute perm = dlcOperationAttrGet(mul, "permutation");
      if (mlirAttributeIsNull(perm) || !mlirAttributeIsADenseI64Array(perm) ||
          mlirDenseArrayGetNumElements(perm) != r->rank)
        return fail(mul, "malformed transpose");
      int next[MaxRank];
      for (int i = 0; i < r->rank; ++i) {
        int64_t j = mlirDenseI64ArrayGetElement(perm, i);
        if (j < 0 || j >= r->rank)
          return fail(mul, "malformed transpose");
        next[j] = dims[i];
      }
      memcpy(dims, next, sizeof(next));
    }
    mul = kpProducer(mlirOperationGetOperand(mul, 0));
  }
  char fn[KP_NAME] = "";
  if (dlcRbssaIsBinary(mul))
    copyString(dlcOperationAttrGet(mul, "fn"), fn, sizeof(fn));
  if (strcmp(fn, "mul") != 0)
    return fail(reduce, "the reduce body is not a binary {fn = \"mul\"}");
  MlirValue factors[2] = {mlirOperationGetOperand(mul, 0),
                          mlirOperationGetOperand(mul, 1)};
  r->acc = mlirOperationGetResult(reduce, 0);
  return readFactors(r, mul, factors, dims);
}

/* --- the epilogue program
 * ------------------------------------------------------
 */

static int addStep(Reader *r, MlirOperation at, KpStep step) {
  KpProblem *p = r->p;
  if (p->numSteps == KP_MAX_STEPS) {
    char why[96];
    snprintf(why, sizeof(why),
             "the epilogue has more steps than the skeletons take (%d)",
             KP_MAX_STEPS);
    fail(at, why);
    return -1;
  }
  p->steps[p->numSteps] = step;
  return p->numSteps++;
}

/* A tensor the epilogue reads, at the value's axes `dims` (iters). */
static int loadStep(Reader *r, MlirValue v, const int *iterDims) {
  int dims[MaxRank];
  MlirType type = mlirValueGetType(v);
  int rank = (int)mlirShapedTypeGetRank(type);
  for (int i = 0; i < rank; ++i)
    dims[i] = r->axisOfIter[iterDims[i]];
  MlirOperation read = kpReaderTrace(v, dims, NULL);
  if (mlirOperationIsNull(read)) {
    fail(kpProducer(v), "this value of the epilogue is neither computed from "
                        "the accumulator nor a read of a region argument");
    return -1;
  }
  KpProblem *p = r->p;
  if (p->numInputs == KP_MAX_INPUTS) {
    char why[96];
    snprintf(why, sizeof(why), "the epilogue reads more than %d tensors",
             KP_MAX_INPUTS);
    fail(read, why);
    return -1;
  }
  KpTensor *t = &p->inputs[p->numInputs];
  if (!(p->implicit ? kpImplicitTensor(r, read, dims, t)
                    : tensorFromRead(r, read, dims, t)))
    return -1;
  KpStep step = {.kind = KP_STEP_LOAD, .type = KP_F32, .input = p->numInputs++};
  kpElementOf(type, &step.type);
  return addStep(r, read, step);
}

static int stepOf(Reader *r, MlirValue v, const int *dims, int depth);

/* Operand `i` of `op` as a step at the same axes. */
static int operandStep(Reader *r, MlirOperation op, int i, const int *dims,
                       int depth) {
  return stepOf(r, mlirOperationGetOperand(op, i), dims, depth + 1);
}

static bool dependsOnAcc(Reader *r, MlirValue v, int depth) {
  if (mlirValueEqual(v, r->acc))
    return true;
  MlirOperation op = kpProducer(v);
  if (mlirOperationIsNull(op) || depth > KP_MAX_STEPS)
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (dependsOnAcc(r, mlirOperationGetOperand(op, i), depth + 1))
      return true;
  return false;
}

static int buildStep(Reader *r, MlirValue v, const int *dims, int depth) {
  MlirOperation op = kpProducer(v);
  KpStep step = {.kind = KP_STEP_CONST, .type = KP_F32, .args = {-1, -1, -1}};
  if (!kpElementOf(mlirValueGetType(v), &step.type)) {
    fail(op, "the epilogue computes in a type other than f16, bf16, f32 "
             "and i1");
    return -1;
  }
  if (mlirValueEqual(v, r->acc))
    return 0;
  if (dlcRbssaIsConst(op)) {
    MlirAttribute value = dlcOperationAttrGet(op, "value");
    if (mlirAttributeIsNull(value) || !mlirAttributeIsAFloat(value)) {
      fail(op, "an epilogue constant is not a float");
      return -1;
    }
    step.value = mlirFloatAttrGetValueDouble(value);
    return addStep(r, op, step);
  }
  if (!dependsOnAcc(r, v, 0))
    return loadStep(r, v, dims);
  int n = kpElementwiseStep(op, &step);
  if (n < 0) {
    fail(op, "the epilogue op has no fn string, or one too long to name");
    return -1;
  }
  if (n == 0 && (dlcRbssaIsBroadcastInDim(op) || dlcRbssaIsTranspose(op))) {
    fail(op, "this op after the contraction is not an elementwise epilogue "
             "op (the accumulator is broadcast or transposed)");
    return -1;
  }
  if (n == 0) {
    fail(op, "this op after the contraction is not an elementwise epilogue "
             "op");
    return -1;
  }
  for (int i = 0; i < n; ++i)
    if ((step.args[i] = operandStep(r, op, i, dims, depth)) < 0)
      return -1;
  /* A cast of a value already of that type is no step. */
  if (step.kind == KP_STEP_CAST && r->p->steps[step.args[0]].type == step.type)
    return step.args[0];
  return addStep(r, op, step);
}

/* The step computing `v` at axes `dims`, memoised so a value used twice
 * (fan-out) is one step. */
static int stepOf(Reader *r, MlirValue v, const int *dims, int depth) {
  int rank = (int)mlirShapedTypeGetRank(mlirValueGetType(v));
  for (int i = 0; i < r->numMemo; ++i)
    if (mlirValueEqual(r->memoValue[i], v) &&
        memcmp(r->memoDims[i], dims, (size_t)rank * sizeof(int)) == 0)
      return r->memoStep[i];
  if (depth > KP_MAX_STEPS) {
    fail(kpProducer(v), "the epilogue is deeper than the skeletons take");
    return -1;
  }
  int next[MaxRank];
  memcpy(next, dims, (size_t)rank * sizeof(int));
  int step = buildStep(r, v, next, depth);
  if (step >= 0 && r->numMemo < MaxMemo) {
    r->memoValue[r->numMemo] = v;
    memcpy(r->memoDims[r->numMemo], dims, (size_t)rank * sizeof(int));
    r->memoStep[r->numMemo++] = step;
  }
  return step;
}

/* The output: the yield's memref, indexed by the iters in order. */
static bool readOutput(Reader *r, MlirOperation yield) {
  MlirValue out = mlirOperationGetOperand(yield, 1);
  KpTensor *c = &r->p->c;
  if (!mlirValueIsABlockArgument(out) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(out), r->body))
    return fail(yield, "the yield's output is not a region argument");
  c->arg = (int)mlirBlockArgumentGetArgNumber(out);
  if (!kpElementOf(mlirValueGetType(out), &c->element))
    return fail(yield, "the output is not f16, bf16 or f32");
  /* Bool tiles would need byte stores in every epilogue (SM80 vectors, SM90
   * TMA boxes): not cheap, so the planner falls back (W1602). */
  if (c->element == KP_I1)
    return fail(yield, "the output is i1 (the epilogue ends in a "
                       "comparison), and the GEMM epilogues store f16, bf16 "
                       "or f32 tiles; return the value and compare in a "
                       "separate graph");
  if (r->p->implicit)
    return kpImplicitOutput(r, yield, c);
  KpExtent strides[MaxRank];
  int rank;
  if (!kpReaderStrides(r, c->arg, strides, &rank))
    return false;
  if (rank != r->numIters)
    return fail(yield, "the output's rank differs from rbssa.iters");
  KpExtent axisStride[MaxAxes];
  for (int d = 0; d < r->rank; ++d)
    axisStride[d] = constant(0);
  for (int i = 0; i < rank; ++i)
    axisStride[r->axisOfIter[i]] = strides[i];
  return collapseStrides(r, yield, c->arg, axisStride, c);
}

/* One reading of the problem (kpProblemRead): `broadcastBatch` as the
 * reader's. */
static bool readProblem(MlirOperation func, KpProblem *p, bool broadcastBatch) {
  memset(p, 0, sizeof(*p));
  p->func = func;
  Reader reader = {.func = func, .p = p, .broadcastBatch = broadcastBatch};
  Reader *r = &reader;
  r->body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(r->body))
    return fail(func, "region function has no body");
  MlirOperation reduce = {NULL}, yield = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(r->body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (dlcRbssaIsReduce(op)) {
      if (!mlirOperationIsNull(reduce))
        return fail(op, "a second reduce in the region; the planner handles "
                        "one contraction per region");
      reduce = op;
    } else if (dlcRbssaIsYield(op)) {
      if (!mlirOperationIsNull(yield))
        return fail(op, "a second yield in the region; a GEMM region has "
                        "one output");
      yield = op;
    }
  }
  if (mlirOperationIsNull(reduce)) {
    char name[KP_NAME] = "?", why[128];
    copyString(dlcOperationAttrGet(func, "rbssa.region"), name, sizeof(name));
    snprintf(why, sizeof(why),
             "region '%s' has no reduce, so no contraction to tile", name);
    return fail(func, why);
  }
  if (mlirOperationIsNull(yield))
    return fail(func, "the region yields nothing");
  if (!readContraction(r, reduce) || !readOutput(r, yield))
    return false;
  p->steps[0] =
      (KpStep){.kind = KP_STEP_ACC, .type = KP_F32, .args = {-1, -1, -1}};
  p->numSteps = 1;
  int dims[MaxRank];
  for (int i = 0; i < r->numIters; ++i)
    dims[i] = i;
  MlirValue value = mlirOperationGetOperand(yield, 0);
  if (mlirShapedTypeGetRank(mlirValueGetType(value)) != r->numIters)
    return fail(yield, "the yielded value's rank differs from rbssa.iters");
  p->result = stepOf(r, value, dims, 0);
  if (p->result < 0)
    return false;
  if (p->steps[p->result].type == KP_I1)
    return fail(yield, "the region yields a comparison");
  return true;
}

/* Several axes one factor alone reads collapse into its role where every
 * tensor allows (X[B, S, K] · W[K, N]: one GEMM of B·S rows, 1.05-1.11x
 * the batch of B GEMMs at 8 x 512 and 4 x 1000 rows on the H100, equal
 * at odd small ones: bench/RESULTS.md run mb-2); that first reading is
 * quiet, and where it fails (a bias along S alone) the outer axes become
 * a batch the other factor is broadcast across. */
bool kpProblemRead(MlirOperation func, KpProblem *p) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirDiagnosticHandlerID quiet =
      mlirContextAttachDiagnosticHandler(ctx, dlcDiagnosticDrop, NULL, NULL);
  bool collapsed = readProblem(func, p, false);
  mlirContextDetachDiagnosticHandler(ctx, quiet);
  return collapsed || readProblem(func, p, true);
}

static const char *const kStepKinds[] = {"acc",    "load",    "const",  "unary",
                                         "binary", "compare", "select", "cast",
                                         "guard",  "reduce"};

const char *kpStepKindName(KpStepKind kind) { return kStepKinds[kind]; }

/* Only the epilogue's kinds: dlcgpu.epilogue has no guards or reduces. */
bool kpStepKindFromName(MlirStringRef name, KpStepKind *kind) {
  for (int k = 0; k <= KP_STEP_CAST; ++k)
    if (mlirStringRefEqual(name,
                           mlirStringRefCreateFromCString(kStepKinds[k]))) {
      *kind = (KpStepKind)k;
      return true;
    }
  return false;
}

/* --- names for the plan
 * ---------------------------------------------------------
 */

static bool isLoad(const KpProblem *p, int s) {
  return s >= 0 && p->steps[s].kind == KP_STEP_LOAD;
}

const char *kpStepName(const KpProblem *p, int i) {
  const KpStep *s = &p->steps[i];
  switch (s->kind) {
  case KP_STEP_UNARY:
    return s->fn;
  case KP_STEP_COMPARE:
    return NULL; /* part of the select it feeds */
  case KP_STEP_SELECT:
    return "where";
  case KP_STEP_CAST:
    return "cast";
  case KP_STEP_BINARY: {
    int other = isLoad(p, s->args[1])   ? s->args[1]
                : isLoad(p, s->args[0]) ? s->args[0]
                                        : -1;
    bool byConst = p->steps[s->args[0]].kind == KP_STEP_CONST ||
                   p->steps[s->args[1]].kind == KP_STEP_CONST;
    if (strcmp(s->fn, "add") == 0 && other >= 0) {
      const KpTensor *t = &p->inputs[p->steps[other].input];
      bool full = (t->mSplit || !kpExtentIs(&t->stride[KP_M], 0)) &&
                  !kpExtentIs(&t->stride[KP_N], 0);
      return full ? "residual" : "bias";
    }
    if (strcmp(s->fn, "mul") == 0 && (other >= 0 || byConst))
      return "scale";
    return s->fn;
  }
  default:
    return NULL;
  }
}

int kpEpilogueNames(const KpProblem *p, const char **names, int capacity) {
  int n = 0;
  for (int i = 1; i < p->numSteps; ++i) {
    const char *name = kpStepName(p, i);
    if (name && n < capacity)
      names[n++] = name;
  }
  return n;
}
