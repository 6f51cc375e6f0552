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
  return readContraction(reduce, body, r) && readEpilogue(reduce, body, r);
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
