/* Reading an rbssa region for the planner: its axes and tensors
 * (docs/dialects/rbssa.md), the contraction (a reduce {op = "sum"} over one
 * axis of mul(read A, read B), C-CON1), the axis roles m / n / batch / k
 * derived from the reads' maps, and the epilogue chain from the reduce to
 * the yield (§6.7 step 7). Anything else is E1602 RegionNotPlannable. */
#include "KernelProblem.h"
#include "Plan.h"
#include "SymbolTable.h"

#include "dlc/IR.h"

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

/* Copies a name into `dst`; false (with a truncated or empty copy) when it
 * is empty, too long or holds a NUL. An empty StringRef may have a null
 * data pointer, which memcpy and memchr may not be given. */
static bool copyRef(char dst[DLC_PLAN_NAME], MlirStringRef s) {
  dst[0] = '\0';
  if (s.length == 0)
    return false;
  size_t n = s.length < DLC_PLAN_NAME - 1 ? s.length : DLC_PLAN_NAME - 1;
  memcpy(dst, s.data, n);
  dst[n] = '\0';
  return s.length < DLC_PLAN_NAME && memchr(s.data, '\0', s.length) == NULL;
}

/* The string attribute `name` of `op` copied into `dst`; false if absent. */
static bool getString(MlirOperation op, const char *name,
                      char dst[DLC_PLAN_NAME]) {
  MlirAttribute a = dlcOperationAttrGet(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return false;
  return copyRef(dst, mlirStringAttrGetValue(a));
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
  MlirAttribute list = dlcOperationAttrGet(func, attrName);
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
    MlirAttribute name = dlcDictionaryAttrGet(entry, "name");
    MlirAttribute size = dlcDictionaryAttrGet(entry, "size");
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
  MlirAttribute argAttrs = dlcOperationAttrGet(func, "arg_attrs");
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

/* The contraction and its epilogue from the kernel-problem model: the
 * axis roles, the operands and the plan's names of the epilogue steps. */
static bool readProblem(MlirOperation func, DlcPlanRegion *r) {
  KpProblem *p = malloc(sizeof(KpProblem));
  bool ok = p && kpProblemRead(func, p);
  if (ok) {
    r->batchIter = p->has[KP_BATCH] ? p->iter[KP_BATCH] : -1;
    r->mIter = p->has[KP_M] ? p->iter[KP_M] : -1;
    r->nIter = p->has[KP_N] ? p->iter[KP_N] : -1;
    r->kIter = p->iter[KP_K];
    for (int role = KP_BATCH; role <= KP_N; ++role) {
      const KpFused *f = &p->collapsed[role];
      bool one = p->implicit || f->num == 0; /* the role's iter, or none */
      r->numRoleIters[role] = one ? p->has[role] : f->num;
      for (int i = 0; i < r->numRoleIters[role]; ++i)
        r->roleIters[role][i] = one ? p->iter[role] : f->iter[i];
    }
    r->tensorA = p->a.arg;
    r->tensorB = p->b.arg;
    r->tensorC = p->c.arg;
    r->implicit = p->implicit;
    r->groupWidth = p->implicit ? p->groupWidth : 0;
    r->numFusedM = p->implicit ? p->fused[KP_M].num : 0;
    r->numFusedK = p->implicit ? p->fused[KP_K].num : 0;
    for (int i = 0; i < r->numFusedM; ++i)
      r->fusedM[i] = p->fused[KP_M].iter[i];
    for (int i = 0; i < r->numFusedK; ++i)
      r->fusedK[i] = p->fused[KP_K].iter[i];
    const char *names[DLC_PLAN_MAX_EPILOGUE + 1];
    int n = kpEpilogueNames(p, names, DLC_PLAN_MAX_EPILOGUE + 1);
    if (n > DLC_PLAN_MAX_EPILOGUE) {
      dlcEmitDiagnostic(func, &dlcRegionNotPlannable, kSuggestion,
                        "the epilogue has more than %d ops",
                        DLC_PLAN_MAX_EPILOGUE);
      ok = false;
    }
    for (int i = 0; ok && i < n; ++i)
      dlcPlanCopyName(r->epilogue[r->numEpilogue++], names[i]);
    snprintf(r->reduceName, sizeof(r->reduceName), "sum_%.40s",
             r->reduceIters[r->kIter].name);
  }
  free(p);
  return ok;
}

/* --- polycore.analysis ------------------------------------------------------
 */

static const char *const kAnalysisSuggestion =
    "re-run dlc-poly-core on the IndexBook this region came from, or drop "
    "the polycore.analysis attribute to plan without it";

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
  MlirAttribute a = dlcOperationAttrGet(r->func, "polycore.analysis");
  if (mlirAttributeIsNull(a))
    return true;
  if (!mlirAttributeIsADictionary(a))
    return badAnalysis(r, "is not a dictionary");
  DlcPlanAnalysis *an = &r->analysis;
  an->present = true;

  MlirAttribute computeAt = dlcDictionaryAttrGet(a, "compute_at");
  MlirAttribute ok = dlcDictionaryAttrGet(computeAt, "ok");
  MlirAttribute whole = dlcDictionaryAttrGet(computeAt, "whole_axes");
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
  MlirAttribute halo =
      dlcDictionaryAttrGet(dlcDictionaryAttrGet(computeAt, "halo"), "bytes");
  if (!mlirAttributeIsNull(halo) &&
      (!intValue(halo, &an->haloBytes) || an->haloBytes < 0 ||
       an->haloBytes > (1 << 30)))
    return badAnalysis(r, "has a compute_at.halo.bytes that is not a size");

  MlirAttribute tile = dlcDictionaryAttrGet(a, "tile");
  if (mlirAttributeIsNull(tile) || !mlirAttributeIsADenseI64Array(tile) ||
      mlirDenseArrayGetNumElements(tile) != 3)
    return badAnalysis(r, "has no tile = array<i64: BM, BN, BK>");
  for (int i = 0; i < 3; ++i)
    an->tile[i] = mlirDenseI64ArrayGetElement(tile, i);

  MlirAttribute tails = dlcDictionaryAttrGet(a, "tail_axes");
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

  MlirAttribute minBuffer = dlcDictionaryAttrGet(a, "min_buffer");
  if (!mlirAttributeIsNull(minBuffer) &&
      (!intValue(dlcDictionaryAttrGet(minBuffer, "depth"), &an->minDepth) ||
       an->minDepth < 1 || an->minDepth > 3))
    return badAnalysis(r, "has a min_buffer.depth that is not 1, 2 or 3");

  MlirAttribute operands = dlcDictionaryAttrGet(a, "operands");
  if (!isArray(operands) ||
      mlirArrayAttrGetNumElements(operands) > DLC_PLAN_MAX_ENTRIES)
    return badAnalysis(r, "has no operands array (at most 8 entries)");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(operands); ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(operands, i);
    DlcPlanAnalysisOperand *op = &an->operands[an->numOperands++];
    MlirAttribute tensor = dlcDictionaryAttrGet(e, "tensor"),
                  buffer = dlcDictionaryAttrGet(e, "buffer");
    MlirAttribute hint = dlcDictionaryAttrGet(e, "bank_hint");
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
    intValue(dlcDictionaryAttrGet(e, "depth"), &op->depth);
    char text[DLC_PLAN_NAME] = "";
    if (isString(hint))
      copyRef(text, mlirStringAttrGetValue(hint));
    op->swizzle = strcmp(text, "xor_swizzle") == 0;
  }

  MlirAttribute anchorAttr = dlcDictionaryAttrGet(a, "anchor");
  MlirAttribute edges = dlcDictionaryAttrGet(a, "edges");
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
    MlirAttribute from = dlcDictionaryAttrGet(e, "from"),
                  to = dlcDictionaryAttrGet(e, "to"),
                  buffer = dlcDictionaryAttrGet(e, "buffer");
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

/* The nominal sizes of `func`'s symbols: `given` (sizes=, 4096 for a free
 * symbol it does not list), preceded by each derived symbol's value from
 * those by its definition (dlc.derived), so that the cost model and the
 * estimate's "at" describe one real problem (a padded conv's Ho follows
 * from its H). A derived symbol the table cannot evaluate, or beyond the
 * capacity, keeps the default. */
static void deriveNominal(MlirOperation func, const DlcPlanSizes *given,
                          DlcPlanSizes *out) {
  *out = *given;
  MlirAttribute list = dlcOperationAttrGet(func, "rbssa.symbols");
  if (mlirAttributeIsNull(dlcOperationAttrGet(func, "dlc.derived")) ||
      mlirAttributeIsNull(list) || !mlirAttributeIsAArray(list))
    return;
  intptr_t n = mlirArrayAttrGetNumElements(list);
  MlirStringRef *names = malloc((size_t)n * sizeof(*names) + 1);
  DlcSymbolTable table = {0};
  bool ok = names != NULL;
  for (intptr_t i = 0; ok && i < n; ++i) {
    MlirAttribute name = mlirArrayAttrGetElement(list, i);
    ok = mlirAttributeIsAString(name);
    if (ok)
      names[i] = mlirStringAttrGetValue(name);
  }
  ok = ok && mlirLogicalResultIsSuccess(
                 dlcSymbolTableFromNames(&table, func, names, (int)n));
  free(names);
  int64_t *values =
      ok ? malloc((size_t)table.count * sizeof(*values) + 1) : NULL;
  for (int i = 0; values && i < table.count; ++i) {
    char text[DLC_PLAN_NAME];
    values[i] =
        dlcSymbolTableIsDerived(&table, i) || !copyRef(text, table.names[i])
            ? -1
            : nominalSize(given, text);
  }
  if (values && dlcSymbolTableEvaluate(&table, values)) {
    int count = 0;
    enum { Capacity = DLC_PLAN_MAX_AXES * 2 };
    for (int i = 0; i < table.count && count < Capacity; ++i)
      if (dlcSymbolTableIsDerived(&table, i) &&
          copyRef(out->symbol[count], table.names[i]))
        out->value[count++] = values[i];
    for (int i = 0; i < given->count && count < Capacity; ++i, ++count) {
      memcpy(out->symbol[count], given->symbol[i], DLC_PLAN_NAME);
      out->value[count] = given->value[i];
    }
    out->count = count;
  }
  free(values);
  dlcSymbolTableClear(&table);
}

/* Whether string attribute `a` (`what` of `func`, e.g. "tensor name"; an
 * absent or non-string one passes: the reader reports it) is a plan name
 * (dlcIsName, the rule tiny-verify checks a dlc.name by); emits E1602
 * naming it when it is not. */
static bool nameFits(MlirOperation func, MlirAttribute a, const char *what) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return true;
  MlirStringRef s = mlirStringAttrGetValue(a);
  if (dlcIsName(s))
    return true;
  if (s.length > DLC_NAME_MAX)
    dlcEmitDiagnostic(func, &dlcRegionNotPlannable,
                      "shorten the name (a dlc.name, a symbol, an index or "
                      "the function name) to under 48 characters",
                      "the %s '%.40s...' has %lld characters; the GEMM "
                      "planner takes names of at most %d",
                      what, s.data, (long long)s.length, DLC_NAME_MAX);
  else
    dlcEmitDiagnostic(func, &dlcRegionNotPlannable,
                      "rename it (a dlc.name, a symbol, an index or the "
                      "function name)",
                      "the %s '%.*s' is not a name the planner takes "
                      "(" DLC_NAME_RULE ")",
                      what, (int)s.length, s.data);
  return false;
}

bool dlcPlanRegionNamesFit(MlirOperation func) {
  bool ok =
      nameFits(func, dlcOperationAttrGet(func, "rbssa.region"), "region name");
  static const char *const axes[] = {"rbssa.iters", "rbssa.reduce_iters"};
  for (int k = 0; ok && k < 2; ++k) {
    MlirAttribute list = dlcOperationAttrGet(func, axes[k]);
    intptr_t n = !mlirAttributeIsNull(list) && mlirAttributeIsAArray(list)
                     ? mlirArrayAttrGetNumElements(list)
                     : 0;
    for (intptr_t i = 0; ok && i < n; ++i) {
      MlirAttribute e = mlirArrayAttrGetElement(list, i);
      if (!mlirAttributeIsADictionary(e))
        continue;
      ok = nameFits(func,
                    mlirDictionaryAttrGetElementByName(
                        e, mlirStringRefCreateFromCString("name")),
                    "index") &&
           nameFits(func,
                    mlirDictionaryAttrGetElementByName(
                        e, mlirStringRefCreateFromCString("size")),
                    "symbol");
    }
  }
  MlirAttribute args = dlcOperationAttrGet(func, "arg_attrs");
  intptr_t n = !mlirAttributeIsNull(args) && mlirAttributeIsAArray(args)
                   ? mlirArrayAttrGetNumElements(args)
                   : 0;
  for (intptr_t i = 0; ok && i < n; ++i) {
    MlirAttribute dict = mlirArrayAttrGetElement(args, i);
    if (!mlirAttributeIsADictionary(dict))
      continue;
    ok = nameFits(func,
                  mlirDictionaryAttrGetElementByName(
                      dict, mlirStringRefCreateFromCString("rbssa.name")),
                  "tensor name");
    MlirAttribute shape = mlirDictionaryAttrGetElementByName(
        dict, mlirStringRefCreateFromCString("rbssa.shape"));
    intptr_t rank = !mlirAttributeIsNull(shape) && mlirAttributeIsAArray(shape)
                        ? mlirArrayAttrGetNumElements(shape)
                        : 0;
    for (intptr_t d = 0; ok && d < rank; ++d)
      ok = nameFits(func, mlirArrayAttrGetElement(shape, d), "symbol");
  }
  return ok;
}

bool dlcPlanRegionRead(MlirOperation func, const DlcPlanSizes *given,
                       DlcPlanRegion *r) {
  DlcPlanSizes nominal;
  const DlcPlanSizes *sizes = &nominal;
  deriveNominal(func, given, &nominal);
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

  return readProblem(func, r) && readAnalysis(r);
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
