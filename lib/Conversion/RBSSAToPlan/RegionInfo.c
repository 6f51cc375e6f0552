/* Reading an rbssa region for the planner: its axes and tensors
 * (docs/dialects/rbssa.md), the contraction (a reduce {op = "sum"} over one
 * axis of mul(read A, read B), C-CON1), the axis roles m / n / batch / k
 * derived from the reads' maps, and the epilogue chain from the reduce to
 * the yield (§6.7 step 7). Anything else is E1602 RegionNotPlannable. */
#include "Plan.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static const char *const kSuggestion =
    "the planner handles the GEMM family: one reduce {op = \"sum\"} over one "
    "axis of mul(read A, read B), then elementwise ops, then one yield; give "
    "other regions a plan.schedule by hand";

bool dlcPlanCopyName(char dst[DLC_PLAN_NAME], const char *text) {
  size_t n = strlen(text);
  if (n >= DLC_PLAN_NAME) {
    memcpy(dst, text, DLC_PLAN_NAME - 1);
    dst[DLC_PLAN_NAME - 1] = '\0';
    return false;
  }
  memcpy(dst, text, n + 1);
  return true;
}

static bool copyRef(char dst[DLC_PLAN_NAME], MlirStringRef s) {
  size_t n = s.length < DLC_PLAN_NAME - 1 ? s.length : DLC_PLAN_NAME - 1;
  memcpy(dst, s.data, n);
  dst[n] = '\0';
  return s.length < DLC_PLAN_NAME && memchr(s.data, '\0', s.length) == NULL;
}

static bool isOp(MlirOperation op, const char *name) {
  if (mlirOperationIsNull(op))
    return false;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == strlen(name) && memcmp(n.data, name, n.length) == 0;
}

static MlirAttribute getAttr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op,
                                         mlirStringRefCreateFromCString(name));
}

/* The string attribute `name` of `op` copied into `dst`; false if absent. */
static bool getString(MlirOperation op, const char *name,
                      char dst[DLC_PLAN_NAME]) {
  MlirAttribute a = getAttr(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return false;
  return copyRef(dst, mlirStringAttrGetValue(a));
}

static MlirOperation producer(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v)
                                 : (MlirOperation){NULL};
}

static int64_t nominalSize(const DlcPlanSizes *sizes, const char *text) {
  char *end = NULL;
  long long value = strtoll(text, &end, 10);
  if (end != text && *end == '\0')
    return (int64_t)value;
  for (int i = 0; i < sizes->count; ++i)
    if (strcmp(sizes->symbol[i], text) == 0)
      return sizes->value[i];
  return DLC_PLAN_DEFAULT_SIZE;
}

/* A size entry (StringAttr symbol or IntegerAttr) as text. */
static bool sizeText(MlirAttribute a, char dst[DLC_PLAN_NAME]) {
  if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a))
    return copyRef(dst, mlirStringAttrGetValue(a));
  if (!mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a)) {
    snprintf(dst, DLC_PLAN_NAME, "%lld",
             (long long)mlirIntegerAttrGetValueInt(a));
    return true;
  }
  return false;
}

/* rbssa.iters / rbssa.reduce_iters: [{name = "m", size = "M"}, ...]. */
static bool readAxes(MlirOperation func, const char *attrName,
                     const DlcPlanSizes *sizes, DlcPlanAxis *axes, int *count) {
  MlirAttribute list = getAttr(func, attrName);
  if (mlirAttributeIsNull(list) || !mlirAttributeIsAArray(list)) {
    dlcEmitDiagnostic(func, &dlcRegionNotPlannable, kSuggestion,
                      "region function has no %s array attribute", attrName);
    return false;
  }
  intptr_t n = mlirArrayAttrGetNumElements(list);
  if (n > DLC_PLAN_MAX_AXES) {
    dlcEmitDiagnostic(func, &dlcRegionNotPlannable, kSuggestion,
                      "%s has %d axes; at most %d are supported", attrName,
                      (int)n, DLC_PLAN_MAX_AXES);
    return false;
  }
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute entry = mlirArrayAttrGetElement(list, i);
    MlirAttribute name =
        mlirAttributeIsADictionary(entry)
            ? mlirDictionaryAttrGetElementByName(
                  entry, mlirStringRefCreateFromCString("name"))
            : (MlirAttribute){NULL};
    MlirAttribute size =
        mlirAttributeIsADictionary(entry)
            ? mlirDictionaryAttrGetElementByName(
                  entry, mlirStringRefCreateFromCString("size"))
            : (MlirAttribute){NULL};
    if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name) ||
        !copyRef(axes[i].name, mlirStringAttrGetValue(name)) ||
        !sizeText(size, axes[i].size)) {
      dlcEmitDiagnostic(func, &dlcRegionNotPlannable, kSuggestion,
                        "entry %d of %s is not {name = \"...\", size = "
                        "\"SYM\" or N}",
                        (int)i, attrName);
      return false;
    }
    axes[i].nominal = nominalSize(sizes, axes[i].size);
  }
  *count = (int)n;
  return true;
}

static int elementBytes(MlirType type) {
  if (mlirTypeIsAF16(type) || mlirTypeIsABF16(type))
    return 2;
  if (mlirTypeIsAF32(type))
    return 4;
  if (mlirTypeIsAF64(type))
    return 8;
  if (mlirTypeIsAInteger(type)) {
    unsigned width = mlirIntegerTypeGetWidth(type);
    return width >= 8 ? (int)(width / 8) : 1;
  }
  return 2;
}

/* The memref arguments and their rbssa.* argument attributes. */
static bool readTensors(MlirOperation func, MlirBlock body,
                        const DlcPlanSizes *sizes, DlcPlanRegion *r) {
  intptr_t n = mlirBlockGetNumArguments(body);
  MlirAttribute argAttrs = getAttr(func, "arg_attrs");
  if (n > DLC_PLAN_MAX_TENSORS) {
    dlcEmitDiagnostic(func, &dlcRegionNotPlannable, kSuggestion,
                      "region has %d arguments; at most %d are supported",
                      (int)n, DLC_PLAN_MAX_TENSORS);
    return false;
  }
  for (intptr_t i = 0; i < n; ++i) {
    DlcPlanTensor *t = &r->tensors[i];
    MlirType type = mlirValueGetType(mlirBlockGetArgument(body, i));
    MlirAttribute dict = !mlirAttributeIsNull(argAttrs) &&
                                 mlirAttributeIsAArray(argAttrs) &&
                                 i < mlirArrayAttrGetNumElements(argAttrs)
                             ? mlirArrayAttrGetElement(argAttrs, i)
                             : (MlirAttribute){NULL};
    if (!mlirAttributeIsNull(dict) && !mlirAttributeIsADictionary(dict))
      dict = (MlirAttribute){NULL};
#define ARG_ATTR(key)                                                          \
  (mlirAttributeIsNull(dict) ? (MlirAttribute){NULL}                           \
                             : mlirDictionaryAttrGetElementByName(             \
                                   dict, mlirStringRefCreateFromCString(key)))
    MlirAttribute name = ARG_ATTR("rbssa.name");
    MlirAttribute role = ARG_ATTR("rbssa.role");
    MlirAttribute shape = ARG_ATTR("rbssa.shape");
    MlirAttribute layout = ARG_ATTR("rbssa.layout");
#undef ARG_ATTR
    if (!mlirTypeIsAMemRef(type) || mlirAttributeIsNull(name) ||
        !mlirAttributeIsAString(name) || mlirAttributeIsNull(role) ||
        !mlirAttributeIsAString(role) || mlirAttributeIsNull(shape) ||
        !mlirAttributeIsAArray(shape) ||
        !copyRef(t->name, mlirStringAttrGetValue(name))) {
      dlcEmitDiagnostic(func, &dlcRegionNotPlannable, kSuggestion,
                        "argument #%d is not a memref with rbssa.name, "
                        "rbssa.role and rbssa.shape",
                        (int)i);
      return false;
    }
    t->isOutput = mlirStringRefEqual(mlirStringAttrGetValue(role),
                                     mlirStringRefCreateFromCString("output"));
    t->colMajor = false;
    if (!mlirAttributeIsNull(layout) && mlirAttributeIsADictionary(layout)) {
      MlirAttribute kind = mlirDictionaryAttrGetElementByName(
          layout, mlirStringRefCreateFromCString("kind"));
      t->colMajor =
          !mlirAttributeIsNull(kind) && mlirAttributeIsAString(kind) &&
          mlirStringRefEqual(mlirStringAttrGetValue(kind),
                             mlirStringRefCreateFromCString("col_major"));
    }
    t->elementBytes = elementBytes(mlirShapedTypeGetElementType(type));
    t->nominalElements = 1;
    for (intptr_t d = 0; d < mlirArrayAttrGetNumElements(shape); ++d) {
      char text[DLC_PLAN_NAME];
      if (!sizeText(mlirArrayAttrGetElement(shape, d), text)) {
        dlcEmitDiagnostic(func, &dlcRegionNotPlannable, kSuggestion,
                          "rbssa.shape of argument '%s' has an entry that is "
                          "neither a symbol nor an integer",
                          t->name);
        return false;
      }
      t->nominalElements *= (double)nominalSize(sizes, text);
    }
  }
  r->numTensors = (int)n;
  return true;
}

/* Follows casts and guards (select) from a mul operand to its read. */
static MlirOperation contractionRead(MlirValue v, int *selects) {
  for (;;) {
    MlirOperation op = producer(v);
    if (isOp(op, "rbssa.cast")) {
      v = mlirOperationGetOperand(op, 0);
    } else if (isOp(op, "rbssa.select")) {
      ++*selects;
      v = mlirOperationGetOperand(op, 0);
    } else {
      return isOp(op, "rbssa.read") ? op : (MlirOperation){NULL};
    }
  }
}

/* Which body dims the read's map uses; false on a malformed read. */
static bool readUses(MlirOperation read, intptr_t rank, bool used[]) {
  MlirAttribute attr = getAttr(read, "map");
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAAffineMap(attr))
    return false;
  MlirAffineMap map = mlirAffineMapAttrGetValue(attr);
  if (mlirAffineMapGetNumDims(map) != rank)
    return false;
  for (intptr_t d = 0; d < rank; ++d) {
    used[d] = false;
    for (intptr_t i = 0; i < mlirAffineMapGetNumResults(map); ++i)
      if (mlirAffineExprIsFunctionOfDim(mlirAffineMapGetResult(map, i), d))
        used[d] = true;
  }
  return true;
}

static int argIndex(MlirValue v, MlirBlock body) {
  if (!mlirValueIsABlockArgument(v) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(v), body))
    return -1;
  return (int)mlirBlockArgumentGetArgNumber(v);
}

/* The contraction: roles of the axes and of the two operands. */
static bool readContraction(MlirOperation reduce, MlirBlock body,
                            DlcPlanRegion *r) {
  char op[DLC_PLAN_NAME];
  if (!getString(reduce, "op", op) || strcmp(op, "sum") != 0) {
    dlcEmitDiagnostic(reduce, &dlcRegionNotPlannable, kSuggestion,
                      "the reduce is not a sum, so it is no contraction");
    return false;
  }
  MlirValue bodyValue = mlirOperationGetOperand(reduce, 0);
  MlirOperation mul = producer(bodyValue);
  char fn[DLC_PLAN_NAME];
  if (!isOp(mul, "rbssa.binary") || !getString(mul, "fn", fn) ||
      strcmp(fn, "mul") != 0) {
    dlcEmitDiagnostic(reduce, &dlcRegionNotPlannable, kSuggestion,
                      "the reduce body is not a binary {fn = \"mul\"}");
    return false;
  }
  MlirOperation readA =
      contractionRead(mlirOperationGetOperand(mul, 0), &r->numSelects);
  MlirOperation readB =
      contractionRead(mlirOperationGetOperand(mul, 1), &r->numSelects);
  if (mlirOperationIsNull(readA) || mlirOperationIsNull(readB)) {
    dlcEmitDiagnostic(mul, &dlcRegionNotPlannable, kSuggestion,
                      "an operand of the contraction's mul is not a read "
                      "(through casts and selects) of a region argument");
    return false;
  }
  r->tensorA = argIndex(mlirOperationGetOperand(readA, 0), body);
  r->tensorB = argIndex(mlirOperationGetOperand(readB, 0), body);
  if (r->tensorA < 0 || r->tensorB < 0) {
    dlcEmitDiagnostic(mul, &dlcRegionNotPlannable, kSuggestion,
                      "an operand of the contraction does not read a region "
                      "argument");
    return false;
  }

  MlirType bodyType = mlirValueGetType(bodyValue);
  MlirAttribute axes = getAttr(reduce, "axes");
  intptr_t rank =
      mlirTypeIsARankedTensor(bodyType) ? mlirShapedTypeGetRank(bodyType) : -1;
  if (rank != r->numIters + r->numReduceIters || mlirAttributeIsNull(axes) ||
      !mlirAttributeIsADenseI64Array(axes) ||
      mlirDenseArrayGetNumElements(axes) != r->numReduceIters) {
    dlcEmitDiagnostic(reduce, &dlcRegionNotPlannable, kSuggestion,
                      "the reduce body's axes do not match rbssa.iters (%d) "
                      "and rbssa.reduce_iters (%d)",
                      r->numIters, r->numReduceIters);
    return false;
  }
  /* Body dim d is reduce axis j when axes[j] = d (in order), else the next
   * output axis (§6.3 reduce: result = body minus axes, in order). */
  int role[2 * DLC_PLAN_MAX_AXES]; /* >= 0: iter; < 0: -(reduce iter) - 1 */
  bool isReduced[2 * DLC_PLAN_MAX_AXES] = {false};
  for (intptr_t j = 0; j < r->numReduceIters; ++j) {
    int64_t d = mlirDenseI64ArrayGetElement(axes, j);
    if (d < 0 || d >= rank || isReduced[d] ||
        (j > 0 && d <= mlirDenseI64ArrayGetElement(axes, j - 1))) {
      dlcEmitDiagnostic(reduce, &dlcRegionNotPlannable, kSuggestion,
                        "reduce axes are not increasing positions of the "
                        "body");
      return false;
    }
    isReduced[d] = true;
    role[d] = -(int)j - 1;
  }
  for (intptr_t d = 0, next = 0; d < rank; ++d)
    if (!isReduced[d])
      role[d] = (int)next++;

  bool usedA[2 * DLC_PLAN_MAX_AXES], usedB[2 * DLC_PLAN_MAX_AXES];
  if (!readUses(readA, rank, usedA) || !readUses(readB, rank, usedB)) {
    dlcEmitDiagnostic(mul, &dlcRegionNotPlannable, kSuggestion,
                      "a read of the contraction has no map over the body's "
                      "%d axes",
                      (int)rank);
    return false;
  }
  if (r->numReduceIters != 1) {
    dlcEmitDiagnostic(reduce, &dlcRegionNotPlannable, kSuggestion,
                      "the contraction reduces %d axes; the planner handles "
                      "one (implicit GEMM over several axes is not "
                      "implemented)",
                      r->numReduceIters);
    return false;
  }
  r->mIter = r->nIter = r->batchIter = -1;
  r->kIter = 0;
  for (intptr_t d = 0; d < rank; ++d) {
    const char *name =
        role[d] >= 0 ? r->iters[role[d]].name : r->reduceIters[0].name;
    if (role[d] < 0) {
      if (!usedA[d] || !usedB[d]) {
        dlcEmitDiagnostic(mul, &dlcRegionNotPlannable, kSuggestion,
                          "reduce axis '%s' is not read by both operands",
                          name);
        return false;
      }
      continue;
    }
    int *slot = usedA[d] && usedB[d] ? &r->batchIter
                : usedA[d]           ? &r->mIter
                : usedB[d]           ? &r->nIter
                                     : NULL;
    const char *group = usedA[d] && usedB[d] ? "batch"
                        : usedA[d]           ? "m (read by A only)"
                                             : "n (read by B only)";
    if (!slot) {
      dlcEmitDiagnostic(mul, &dlcRegionNotPlannable, kSuggestion,
                        "output axis '%s' is read by neither operand", name);
      return false;
    }
    if (*slot >= 0) {
      dlcEmitDiagnostic(mul, &dlcRegionNotPlannable, kSuggestion,
                        "axes '%s' and '%s' both play %s; fusing several "
                        "axes into one GEMM dimension is not implemented",
                        r->iters[*slot].name, name, group);
      return false;
    }
    *slot = role[d];
  }
  if (r->mIter < 0 && r->nIter < 0) {
    dlcEmitDiagnostic(mul, &dlcRegionNotPlannable, kSuggestion,
                      "the contraction has neither an m nor an n axis");
    return false;
  }
  snprintf(r->reduceName, sizeof(r->reduceName), "sum_%.40s",
           r->reduceIters[0].name);
  return true;
}

/* Strips rbssa.cast ops. */
static MlirOperation producerThroughCasts(MlirValue v) {
  MlirOperation op = producer(v);
  while (isOp(op, "rbssa.cast"))
    op = producer(mlirOperationGetOperand(op, 0));
  return op;
}

/* The epilogue name of `op`, which consumes the chain value `v`; false when
 * `op` is no elementwise epilogue op. */
static bool epilogueName(MlirOperation op, MlirValue v,
                         char name[DLC_PLAN_NAME]) {
  char fn[DLC_PLAN_NAME];
  if (isOp(op, "rbssa.unary"))
    return getString(op, "fn", name);
  if (isOp(op, "rbssa.cast"))
    return dlcPlanCopyName(name, "cast");
  if (isOp(op, "rbssa.select"))
    return dlcPlanCopyName(name, "mask");
  if (!isOp(op, "rbssa.binary") || !getString(op, "fn", fn))
    return false;
  MlirValue lhs = mlirOperationGetOperand(op, 0);
  MlirValue other =
      mlirValueEqual(lhs, v) ? mlirOperationGetOperand(op, 1) : lhs;
  MlirOperation source = producerThroughCasts(other);
  bool broadcast = isOp(source, "rbssa.broadcast_in_dim");
  if (strcmp(fn, "add") == 0 && broadcast)
    return dlcPlanCopyName(name, "bias");
  if (strcmp(fn, "add") == 0 && isOp(source, "rbssa.read"))
    return dlcPlanCopyName(name, "residual");
  if (strcmp(fn, "mul") == 0 && (broadcast || isOp(source, "rbssa.const")))
    return dlcPlanCopyName(name, "scale");
  return dlcPlanCopyName(name, fn);
}

/* From the reduce to the yield: one use after another (§6.7 step 7). */
static bool readEpilogue(MlirOperation reduce, MlirBlock body,
                         DlcPlanRegion *r) {
  MlirValue v = mlirOperationGetResult(reduce, 0);
  MlirOperation at = reduce;
  for (;;) {
    MlirOpOperand use = mlirValueGetFirstUse(v);
    if (mlirOpOperandIsNull(use)) {
      dlcEmitDiagnostic(at, &dlcRegionNotPlannable, kSuggestion,
                        "this value after the contraction is never yielded");
      return false;
    }
    if (!mlirOpOperandIsNull(mlirOpOperandGetNextUse(use))) {
      dlcEmitDiagnostic(at, &dlcRegionNotPlannable, kSuggestion,
                        "this value after the contraction has several uses; "
                        "a branching epilogue is not supported");
      return false;
    }
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (isOp(user, "rbssa.yield")) {
      if (mlirOpOperandGetOperandNumber(use) != 0) {
        dlcEmitDiagnostic(user, &dlcRegionNotPlannable, kSuggestion,
                          "the yield's output is not a region argument");
        return false;
      }
      r->tensorC = argIndex(mlirOperationGetOperand(user, 1), body);
      if (r->tensorC < 0) {
        dlcEmitDiagnostic(user, &dlcRegionNotPlannable, kSuggestion,
                          "the yield's output is not a region argument");
        return false;
      }
      return true;
    }
    if (r->numEpilogue == DLC_PLAN_MAX_EPILOGUE ||
        mlirOperationGetNumResults(user) != 1 ||
        !epilogueName(user, v, r->epilogue[r->numEpilogue])) {
      dlcEmitDiagnostic(user, &dlcRegionNotPlannable, kSuggestion,
                        "this op after the contraction is not an elementwise "
                        "epilogue op");
      return false;
    }
    ++r->numEpilogue;
    v = mlirOperationGetResult(user, 0);
    at = user;
  }
}

/* --- polycore.analysis ------------------------------------------------------
 */

static const char *const kAnalysisSuggestion =
    "re-run dlc-poly-core on the IndexBook this region came from, or drop "
    "the polycore.analysis attribute to plan without it";

static MlirAttribute member(MlirAttribute dict, const char *name) {
  if (mlirAttributeIsNull(dict) || !mlirAttributeIsADictionary(dict))
    return (MlirAttribute){NULL};
  return mlirDictionaryAttrGetElementByName(
      dict, mlirStringRefCreateFromCString(name));
}

static bool isString(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a);
}

static bool isArray(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsAArray(a);
}

static bool intValue(MlirAttribute a, int64_t *out) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

static bool badAnalysis(const DlcPlanRegion *r, const char *what) {
  dlcEmitDiagnostic(r->func, &dlcRegionNotPlannable, kAnalysisSuggestion,
                    "region '%s': polycore.analysis %s", r->name, what);
  return false;
}

static int findTensor(const DlcPlanRegion *r, const char *name) {
  for (int i = 0; i < r->numTensors; ++i)
    if (strcmp(r->tensors[i].name, name) == 0)
      return i;
  return -1;
}

/* Poly-Core names values after the IndexBook (v<k>, the returned tensor);
 * the plan names them by role (docs/dialects/plan.md). The anchor is the
 * contraction, sum_<k>; the chain of single edges from it to the output is
 * the epilogue, named in order when it has as many values as the region's
 * epilogue; other names stay. */
typedef struct RawEdge {
  char from[DLC_PLAN_NAME], to[DLC_PLAN_NAME], buffer[DLC_PLAN_NAME];
  bool onChain;
} RawEdge;

enum { kMaxRawEdges = 64 };

static void translateEdges(DlcPlanRegion *r, const char *anchor, RawEdge *raw,
                           int numRaw) {
  char chain[DLC_PLAN_MAX_EPILOGUE + 2][DLC_PLAN_NAME];
  int numChain = 0;
  dlcPlanCopyName(chain[numChain++], anchor);
  int chainEdges[DLC_PLAN_MAX_EPILOGUE + 2];
  for (;;) {
    int next = -1, outs = 0;
    for (int i = 0; i < numRaw; ++i)
      if (strcmp(raw[i].from, chain[numChain - 1]) == 0) {
        next = i;
        ++outs;
      }
    if (outs != 1 || numChain == DLC_PLAN_MAX_EPILOGUE + 2)
      break;
    chainEdges[numChain - 1] = next;
    dlcPlanCopyName(chain[numChain++], raw[next].to);
  }
  /* chain = anchor, epilogue values..., output (no out edge). */
  bool named = numChain - 2 == r->numEpilogue;
  for (int i = 0; i < numChain - 1; ++i)
    raw[chainEdges[i]].onChain = true;
  for (int i = 0; i < numRaw; ++i) {
    char *ends[2] = {raw[i].from, raw[i].to};
    for (int e = 0; e < 2; ++e) {
      if (strcmp(ends[e], anchor) == 0) {
        dlcPlanCopyName(ends[e], r->reduceName);
        continue;
      }
      for (int c = 1; named && c < numChain - 1; ++c)
        if (strcmp(ends[e], chain[c]) == 0) {
          dlcPlanCopyName(ends[e], r->epilogue[c - 1]);
          break;
        }
    }
  }
  /* At most DLC_PLAN_MAX_ENTRIES edges: the accumulator's chain first. */
  bool all = numRaw <= DLC_PLAN_MAX_ENTRIES;
  DlcPlanAnalysis *a = &r->analysis;
  for (int i = 0; i < numRaw && a->numEdges < DLC_PLAN_MAX_ENTRIES; ++i)
    if (all || raw[i].onChain) {
      DlcPlanEdge *e = &a->edges[a->numEdges++];
      dlcPlanCopyName(e->from, raw[i].from);
      dlcPlanCopyName(e->to, raw[i].to);
      dlcPlanCopyName(e->buffer, raw[i].buffer);
      e->depth = 0;
    }
}

/* Reads the function's polycore.analysis, if any (docs/analysis.md). A
 * fusion Poly-Core finds illegal, or an analysis that does not match the
 * region, is E1602. */
static bool readAnalysis(DlcPlanRegion *r) {
  MlirAttribute a = getAttr(r->func, "polycore.analysis");
  if (mlirAttributeIsNull(a))
    return true;
  if (!mlirAttributeIsADictionary(a))
    return badAnalysis(r, "is not a dictionary");
  DlcPlanAnalysis *an = &r->analysis;
  an->present = true;

  MlirAttribute computeAt = member(a, "compute_at");
  MlirAttribute ok = member(computeAt, "ok");
  MlirAttribute whole = member(computeAt, "whole_axes");
  if (mlirAttributeIsNull(ok) || !mlirAttributeIsABool(ok) || !isArray(whole))
    return badAnalysis(r, "has no compute_at = {ok, whole_axes, ...}");
  if (mlirArrayAttrGetNumElements(whole) > 0) {
    char axes[128] = "";
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(whole); ++i) {
      MlirAttribute e = mlirArrayAttrGetElement(whole, i);
      char name[DLC_PLAN_NAME] = "?";
      if (isString(e))
        copyRef(name, mlirStringAttrGetValue(e));
      size_t used = strlen(axes);
      snprintf(axes + used, sizeof(axes) - used, "%s'%s'", i ? ", " : "", name);
    }
    dlcEmitDiagnostic(r->func, &dlcRegionNotPlannable, kSuggestion,
                      "region '%s': Poly-Core keeps %s whole (compute_at "
                      "whole_axes): one CTA must walk the whole axis, which "
                      "the GEMM skeleton's tiling does not do",
                      r->name, axes);
    return false;
  }
  if (!mlirBoolAttrGetValue(ok)) {
    dlcEmitDiagnostic(r->func, &dlcRegionNotPlannable, kSuggestion,
                      "region '%s': Poly-Core finds compute-at illegal "
                      "(compute_at.ok = false): the epilogue cannot be "
                      "fused into the contraction's tiles",
                      r->name);
    return false;
  }
  an->haloBytes = 0;
  MlirAttribute halo = member(member(computeAt, "halo"), "bytes");
  if (!mlirAttributeIsNull(halo) &&
      (!intValue(halo, &an->haloBytes) || an->haloBytes < 0 ||
       an->haloBytes > (1 << 30)))
    return badAnalysis(r, "has a compute_at.halo.bytes that is not a size");

  MlirAttribute tile = member(a, "tile");
  if (mlirAttributeIsNull(tile) || !mlirAttributeIsADenseI64Array(tile) ||
      mlirDenseArrayGetNumElements(tile) != 3)
    return badAnalysis(r, "has no tile = array<i64: BM, BN, BK>");
  for (int i = 0; i < 3; ++i)
    an->tile[i] = mlirDenseI64ArrayGetElement(tile, i);

  MlirAttribute tails = member(a, "tail_axes");
  if (!isArray(tails) || mlirArrayAttrGetNumElements(tails) > DLC_PLAN_MAX_AXES)
    return badAnalysis(r, "has no tail_axes array");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(tails); ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(tails, i);
    char *name = an->tailAxes[an->numTailAxes++];
    if (!isString(e) || !copyRef(name, mlirStringAttrGetValue(e)) ||
        strchr(name, '.') || !dlcPlanRegionHasAxis(r, name)) {
      dlcEmitDiagnostic(r->func, &dlcRegionNotPlannable, kAnalysisSuggestion,
                        "region '%s': polycore.analysis tail axis %d is not "
                        "an axis of the region (rbssa.iters, "
                        "rbssa.reduce_iters)",
                        r->name, (int)i);
      return false;
    }
  }

  MlirAttribute minBuffer = member(a, "min_buffer");
  if (!mlirAttributeIsNull(minBuffer) &&
      (!intValue(member(minBuffer, "depth"), &an->minDepth) ||
       an->minDepth < 1 || an->minDepth > 3))
    return badAnalysis(r, "has a min_buffer.depth that is not 1, 2 or 3");

  MlirAttribute operands = member(a, "operands");
  if (!isArray(operands) ||
      mlirArrayAttrGetNumElements(operands) > DLC_PLAN_MAX_ENTRIES)
    return badAnalysis(r, "has no operands array (at most 8 entries)");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(operands); ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(operands, i);
    DlcPlanAnalysisOperand *op = &an->operands[an->numOperands++];
    MlirAttribute tensor = member(e, "tensor"), buffer = member(e, "buffer");
    MlirAttribute hint = member(e, "bank_hint");
    if (!isString(tensor) ||
        !copyRef(op->tensor, mlirStringAttrGetValue(tensor)) ||
        !isString(buffer) ||
        !copyRef(op->buffer, mlirStringAttrGetValue(buffer)))
      return badAnalysis(r, "has an operands entry without tensor and buffer");
    int t = findTensor(r, op->tensor);
    if (t < 0 || r->tensors[t].isOutput) {
      dlcEmitDiagnostic(r->func, &dlcRegionNotPlannable, kAnalysisSuggestion,
                        "region '%s': polycore.analysis stages operand '%s', "
                        "which is not an input of the region",
                        r->name, op->tensor);
      return false;
    }
    op->depth = 0;
    intValue(member(e, "depth"), &op->depth);
    char text[DLC_PLAN_NAME] = "";
    if (isString(hint))
      copyRef(text, mlirStringAttrGetValue(hint));
    op->swizzle = strcmp(text, "xor_swizzle") == 0;
  }

  MlirAttribute anchorAttr = member(a, "anchor");
  MlirAttribute edges = member(a, "edges");
  char anchor[DLC_PLAN_NAME];
  if (!isString(anchorAttr) ||
      !copyRef(anchor, mlirStringAttrGetValue(anchorAttr)) || !isArray(edges))
    return badAnalysis(r, "has no anchor and edges");
  intptr_t numRaw = mlirArrayAttrGetNumElements(edges);
  if (numRaw > kMaxRawEdges)
    return badAnalysis(r, "has more than 64 edges");
  RawEdge raw[kMaxRawEdges];
  for (intptr_t i = 0; i < numRaw; ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(edges, i);
    MlirAttribute from = member(e, "from"), to = member(e, "to"),
                  buffer = member(e, "buffer");
    raw[i].onChain = false;
    if (!isString(from) ||
        !copyRef(raw[i].from, mlirStringAttrGetValue(from)) || !isString(to) ||
        !copyRef(raw[i].to, mlirStringAttrGetValue(to)) || !isString(buffer) ||
        !copyRef(raw[i].buffer, mlirStringAttrGetValue(buffer)) ||
        (strcmp(raw[i].buffer, "reg") != 0 &&
         strcmp(raw[i].buffer, "smem") != 0 &&
         strcmp(raw[i].buffer, "gmem") != 0))
      return badAnalysis(r, "has an edge that is not {from, to, buffer = "
                            "\"reg\" | \"smem\" | \"gmem\"}");
  }
  translateEdges(r, anchor, raw, (int)numRaw);
  return true;
}

bool dlcPlanRegionRead(MlirOperation func, const DlcPlanSizes *sizes,
                       DlcPlanRegion *r) {
  memset(r, 0, sizeof(*r));
  r->func = func;
  r->tensorA = r->tensorB = r->tensorC = -1;
  if (!getString(func, "rbssa.region", r->name)) {
    dlcEmitDiagnostic(func, &dlcRegionNotPlannable, kSuggestion,
                      "rbssa.region is not a short string");
    return false;
  }
  MlirRegion region = mlirOperationGetRegion(func, 0);
  MlirBlock body = mlirRegionGetFirstBlock(region);
  if (mlirBlockIsNull(body)) {
    dlcEmitDiagnostic(func, &dlcRegionNotPlannable, kSuggestion,
                      "region function has no body");
    return false;
  }
  if (!readAxes(func, "rbssa.iters", sizes, r->iters, &r->numIters) ||
      !readAxes(func, "rbssa.reduce_iters", sizes, r->reduceIters,
                &r->numReduceIters) ||
      !readTensors(func, body, sizes, r))
    return false;

  MlirOperation reduce = {NULL};
  int numReduces = 0, numYields = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (isOp(op, "rbssa.reduce")) {
      if (++numReduces == 2) {
        dlcEmitDiagnostic(op, &dlcRegionNotPlannable, kSuggestion,
                          "a second reduce in the region; the planner "
                          "handles one contraction per region");
        return false;
      }
      reduce = op;
    }
    numYields += isOp(op, "rbssa.yield");
  }
  if (numReduces == 0) {
    dlcEmitDiagnostic(func, &dlcRegionNotPlannable, kSuggestion,
                      "region '%s' has no reduce, so no contraction to tile",
                      r->name);
    return false;
  }
  if (numYields != 1) {
    dlcEmitDiagnostic(func, &dlcRegionNotPlannable, kSuggestion,
                      "region '%s' has %d yields; the planner handles one "
                      "output",
                      r->name, numYields);
    return false;
  }
  return readContraction(reduce, body, r) && readEpilogue(reduce, body, r) &&
         readAnalysis(r);
}

bool dlcPlanRegionHasAxis(const DlcPlanRegion *r, const char *name) {
  const char *dot = strchr(name, '.');
  size_t baseLength = dot ? (size_t)(dot - name) : strlen(name);
  bool found = false;
  for (int i = 0; i < r->numIters + r->numReduceIters; ++i) {
    const char *axis = i < r->numIters ? r->iters[i].name
                                       : r->reduceIters[i - r->numIters].name;
    if (strlen(axis) == baseLength && strncmp(axis, name, baseLength) == 0)
      found = true;
  }
  if (!found)
    return false;
  /* Split suffixes: ".o" (tile index) or ".i" (inside the tile), repeated. */
  for (const char *p = dot; p && *p; p += 2)
    if (p[0] != '.' || (p[1] != 'o' && p[1] != 'i') ||
        (p[2] != '\0' && p[2] != '.'))
      return false;
  return true;
}
