/* plan.schedule <-> DlcPlan, and the checks every plan must pass (spec
 * §8.1; the contract of DESIGN.md decision 10). IRDL checks each field's
 * attribute kind and the closed enumerations of stages, arch and
 * barrier_model; everything inside arrays and dictionaries, and every
 * relation between fields, is checked here, once, for the planner and for
 * plan-verify. */
#include "PlanSchedule.h"
#include "Builder.h"

#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *const dlcPlanBindValues[] = {
    "block.x",     "block.y",     "block.z", "warp.x", "warp.y",
    "warpgroup.x", "warpgroup.y", "lane",    NULL};
const char *const dlcPlanCacheWhere[] = {"smem", NULL};
const char *const dlcPlanEdgeBuffers[] = {"reg", "smem", "gmem", "smem_ring",
                                          NULL};
const char *const dlcPlanBarrierModels[] = {"cp_async_group", "mbarrier",
                                            "bar_sync", "none", NULL};
const char *const dlcPlanSwizzles[] = {"32b", "64b", "128b", NULL};
const char *const dlcPlanStrides[] = {"row", "col", NULL};
const char *const dlcPlanMemoryModes[] = {
    "flat",           "row",       "point", "column", "depthwise",
    "depthwise_tile", "transpose", NULL};
const char *const dlcPlanMemoryReduces[] = {"passes", "welford", "online",
                                            NULL};
const char *const dlcPlanAlgoFamilies[] = {
    "matmul", "conv",       "attention", "memory", "split_k",  "lse", "reduce",
    "grid",   "group_pack", "cluster",   "output", "stream_k", NULL};

const char *const dlcPlanOutputs[] = {"copy", "direct", NULL};

bool dlcPlanIsOneOf(const char *name, const char *const *set) {
  for (; *set; ++set)
    if (strcmp(*set, name) == 0)
      return true;
  return false;
}

bool dlcPlanIsName(const char *s) {
  return dlcIsName(mlirStringRefCreateFromCString(s));
}

/* --- writing ---------------------------------------------------------------
 */

static MlirAttribute pairsDict(MlirContext ctx, const DlcPlanPair *pairs,
                               int count) {
  MlirNamedAttribute entries[DLC_PLAN_MAX_ENTRIES];
  for (int i = 0; i < count; ++i)
    entries[i] =
        dlcNamedAttr(ctx, pairs[i].key, dlcStringAttr(ctx, pairs[i].value));
  return mlirDictionaryAttrGet(ctx, count, entries);
}

static MlirAttribute namesArray(MlirContext ctx,
                                const char (*names)[DLC_PLAN_NAME], int count) {
  MlirAttribute items[DLC_PLAN_MAX_EPILOGUE];
  for (int i = 0; i < count; ++i)
    items[i] = dlcStringAttr(ctx, names[i]);
  return mlirArrayAttrGet(ctx, count, items);
}

static MlirAttribute cacheArray(MlirContext ctx, const DlcPlan *plan) {
  MlirAttribute caches[DLC_PLAN_MAX_ENTRIES];
  for (int i = 0; i < plan->numCache; ++i) {
    const DlcPlanCache *c = &plan->cache[i];
    MlirNamedAttribute e[] = {
        dlcNamedAttr(ctx, "tensor", dlcStringAttr(ctx, c->tensor)),
        dlcNamedAttr(ctx, "where", dlcStringAttr(ctx, c->where)),
        dlcNamedAttr(ctx, "at", dlcStringAttr(ctx, c->at)),
        dlcNamedAttr(ctx, "pingpong", mlirBoolAttrGet(ctx, c->pingpong)),
    };
    caches[i] = mlirDictionaryAttrGet(ctx, 4, e);
  }
  return mlirArrayAttrGet(ctx, plan->numCache, caches);
}

static MlirAttribute hintsDict(MlirContext ctx, const DlcPlan *plan) {
  MlirNamedAttribute hints[DLC_PLAN_MAX_ENTRIES];
  for (int i = 0; i < plan->numLayoutHints; ++i) {
    const DlcPlanHint *h = &plan->layoutHints[i];
    hints[i] = dlcNamedAttr(ctx, h->key,
                            h->isBool ? mlirBoolAttrGet(ctx, h->boolean)
                                      : dlcStringAttr(ctx, h->text));
  }
  return mlirDictionaryAttrGet(ctx, plan->numLayoutHints, hints);
}

static MlirAttribute edgesArray(MlirContext ctx, const DlcPlan *plan) {
  MlirAttribute edges[DLC_PLAN_MAX_ENTRIES];
  for (int i = 0; i < plan->numLocalEdges; ++i) {
    const DlcPlanEdge *e = &plan->localEdges[i];
    MlirNamedAttribute fields[] = {
        dlcNamedAttr(ctx, "from", dlcStringAttr(ctx, e->from)),
        dlcNamedAttr(ctx, "to", dlcStringAttr(ctx, e->to)),
        dlcNamedAttr(ctx, "buffer", dlcStringAttr(ctx, e->buffer)),
        dlcNamedAttr(ctx, "depth", dlcI64Attr(ctx, e->depth)),
    };
    edges[i] = mlirDictionaryAttrGet(ctx, e->depth > 0 ? 4 : 3, fields);
  }
  return mlirArrayAttrGet(ctx, plan->numLocalEdges, edges);
}

void dlcPlanScheduleAttributes(MlirContext ctx, const DlcPlan *plan,
                               MlirNamedAttribute out[DLC_PLAN_NUM_FIELDS]) {
  int n = 0;
  out[n++] =
      dlcNamedAttr(ctx, "tile", mlirDenseI64ArrayGet(ctx, 3, plan->tile));
  out[n++] = dlcNamedAttr(ctx, "stages", dlcI64Attr(ctx, plan->stages));
  out[n++] =
      dlcNamedAttr(ctx, "bind", pairsDict(ctx, plan->bind, plan->numBind));
  out[n++] = dlcNamedAttr(ctx, "warp_tile",
                          mlirDenseI64ArrayGet(ctx, 2, plan->warpTile));
  out[n++] = dlcNamedAttr(ctx, "cache", cacheArray(ctx, plan));
  MlirNamedAttribute vec[] = {
      dlcNamedAttr(ctx, "axis", dlcStringAttr(ctx, plan->vectorizeAxis)),
      dlcNamedAttr(ctx, "width", dlcI64Attr(ctx, plan->vectorizeWidth)),
  };
  out[n++] = dlcNamedAttr(ctx, "vectorize", mlirDictionaryAttrGet(ctx, 2, vec));
  out[n++] = dlcNamedAttr(
      ctx, "predicate_tail",
      namesArray(ctx, plan->predicateTail, plan->numPredicateTail));
  out[n++] = dlcNamedAttr(ctx, "epilogue",
                          namesArray(ctx, plan->epilogue, plan->numEpilogue));
  out[n++] = dlcNamedAttr(ctx, "arch", dlcStringAttr(ctx, plan->arch));
  out[n++] = dlcNamedAttr(ctx, "layout_hints", hintsDict(ctx, plan));
  out[n++] =
      dlcNamedAttr(ctx, "algo_choice",
                   pairsDict(ctx, plan->algoChoice, plan->numAlgoChoice));
  out[n++] = dlcNamedAttr(ctx, "local_edges", edgesArray(ctx, plan));
  MlirNamedAttribute async[] = {
      dlcNamedAttr(ctx, "enable", mlirBoolAttrGet(ctx, plan->asyncEnable)),
      dlcNamedAttr(ctx, "prefetch_depth",
                   dlcI64Attr(ctx, plan->asyncPrefetchDepth)),
      dlcNamedAttr(ctx, "epilogue_overlap",
                   mlirBoolAttrGet(ctx, plan->asyncEpilogueOverlap)),
  };
  out[n++] = dlcNamedAttr(ctx, "async", mlirDictionaryAttrGet(ctx, 3, async));
  out[n++] = dlcNamedAttr(ctx, "barrier_model",
                          dlcStringAttr(ctx, plan->barrierModel));
}

/* --- reading ---------------------------------------------------------------
 */

typedef struct Reader {
  char *error;
  size_t errorSize;
} Reader;

/* Formats "field 'F' <what>"; always returns false. */
static bool bad(Reader *rd, const char *field, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static bool bad(Reader *rd, const char *field, const char *format, ...) {
  char what[256];
  va_list args;
  va_start(args, format);
  vsnprintf(what, sizeof(what), format, args);
  va_end(args);
  snprintf(rd->error, rd->errorSize, "field '%s' %s", field, what);
  return false;
}

/* Formats "field 'F': <what>"; always returns false. */
static bool wrong(Reader *rd, const char *field, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static bool wrong(Reader *rd, const char *field, const char *format, ...) {
  char what[256];
  va_list args;
  va_start(args, format);
  vsnprintf(what, sizeof(what), format, args);
  va_end(args);
  snprintf(rd->error, rd->errorSize, "field '%s': %s", field, what);
  return false;
}

/* Copies a string attribute that is a plan name into `dst`; `what` says
 * where it sits ("entry 1 key 'at'"). */
static bool readName(Reader *rd, const char *field, const char *what,
                     MlirAttribute a, char dst[DLC_PLAN_NAME]) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return bad(rd, field, "%s%smust be a string", what, *what ? " " : "");
  MlirStringRef s = mlirStringAttrGetValue(a);
  int length = s.length < DLC_PLAN_NAME ? (int)s.length : DLC_PLAN_NAME - 1;
  snprintf(dst, DLC_PLAN_NAME, "%.*s", length, s.data);
  if (s.length >= DLC_PLAN_NAME || !dlcPlanIsName(dst))
    return bad(
        rd, field, "%s%shas \"%.*s\", which is not a name (" DLC_NAME_RULE ")",
        what, *what ? " " : "", (int)(s.length > 60 ? 60 : s.length), s.data);
  return true;
}

static bool readOneOf(Reader *rd, const char *field, const char *what,
                      MlirAttribute a, char dst[DLC_PLAN_NAME],
                      const char *const *set) {
  if (!readName(rd, field, what, a, dst))
    return false;
  if (dlcPlanIsOneOf(dst, set))
    return true;
  char list[160] = "";
  for (const char *const *s = set; *s; ++s) {
    size_t used = strlen(list);
    snprintf(list + used, sizeof(list) - used, "%s\"%s\"", s == set ? "" : ", ",
             *s);
  }
  return bad(rd, field, "%s%smust be one of %s, not \"%s\"", what,
             *what ? " " : "", list, dst);
}

static bool readInt(Reader *rd, const char *field, const char *what,
                    MlirAttribute a, int64_t *out) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a) ||
      !mlirTypeIsAInteger(mlirAttributeGetType(a)) ||
      mlirIntegerTypeGetWidth(mlirAttributeGetType(a)) > 64)
    return bad(rd, field, "%s%smust be an integer", what, *what ? " " : "");
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

static bool readBool(Reader *rd, const char *field, const char *what,
                     MlirAttribute a, bool *out) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsABool(a))
    return bad(rd, field, "%s%smust be true or false", what, *what ? " " : "");
  *out = mlirBoolAttrGetValue(a);
  return true;
}

/* A dictionary whose keys are all in `keys` (NULL-terminated) and that has
 * the first `numRequired` of them. */
static bool checkKeys(Reader *rd, const char *field, const char *what,
                      MlirAttribute dict, const char *const *keys,
                      int numRequired) {
  const char *sep = *what ? " " : "";
  if (mlirAttributeIsNull(dict) || !mlirAttributeIsADictionary(dict))
    return bad(rd, field, "%s%smust be a dictionary", what, sep);
  for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(dict); ++i) {
    MlirStringRef key =
        mlirIdentifierStr(mlirDictionaryAttrGetElement(dict, i).name);
    bool known = false;
    for (const char *const *k = keys; *k && !known; ++k)
      known =
          strlen(*k) == key.length && strncmp(*k, key.data, key.length) == 0;
    if (!known)
      return bad(rd, field, "%s%shas an unknown key '%.*s'", what, sep,
                 (int)(key.length > 60 ? 60 : key.length), key.data);
  }
  for (int i = 0; i < numRequired; ++i)
    if (mlirAttributeIsNull(dlcDictionaryAttrGet(dict, keys[i])))
      return bad(rd, field, "%s%slacks the key '%s'", what, sep, keys[i]);
  return true;
}

/* An array attribute of at most `max` entries. */
static bool checkArray(Reader *rd, const char *field, MlirAttribute a,
                       intptr_t max) {
  if (!mlirAttributeIsAArray(a))
    return bad(rd, field, "must be an array");
  if (mlirArrayAttrGetNumElements(a) > max)
    return bad(rd, field, "has %lld entries; at most %lld are supported",
               (long long)mlirArrayAttrGetNumElements(a), (long long)max);
  return true;
}

static bool readI64Array(Reader *rd, const char *field, MlirAttribute a,
                         intptr_t count, int64_t *out, const char *form) {
  if (!mlirAttributeIsADenseI64Array(a) ||
      mlirDenseArrayGetNumElements(a) != count)
    return bad(rd, field, "must be array<i64: %s>", form);
  for (intptr_t i = 0; i < count; ++i)
    out[i] = mlirDenseI64ArrayGetElement(a, i);
  return true;
}

static bool readNames(Reader *rd, const char *field, MlirAttribute a,
                      char (*names)[DLC_PLAN_NAME], int *count, int max) {
  if (!checkArray(rd, field, a, max))
    return false;
  *count = (int)mlirArrayAttrGetNumElements(a);
  char what[32];
  for (int i = 0; i < *count; ++i) {
    snprintf(what, sizeof(what), "entry %d", i);
    if (!readName(rd, field, what, mlirArrayAttrGetElement(a, i), names[i]))
      return false;
  }
  return true;
}

/* A dictionary of name -> string, the value one of `values` when given and
 * the key one of `keys` when given. */
static bool readPairs(Reader *rd, const char *field, MlirAttribute a,
                      DlcPlanPair *pairs, int *count, const char *const *keys,
                      const char *const *values) {
  if (!mlirAttributeIsADictionary(a))
    return bad(rd, field, "must be a dictionary");
  if (keys && !checkKeys(rd, field, "", a, keys, 0))
    return false;
  if (mlirDictionaryAttrGetNumElements(a) > DLC_PLAN_MAX_ENTRIES)
    return bad(rd, field, "has more than %d entries", DLC_PLAN_MAX_ENTRIES);
  *count = (int)mlirDictionaryAttrGetNumElements(a);
  for (int i = 0; i < *count; ++i) {
    MlirNamedAttribute e = mlirDictionaryAttrGetElement(a, i);
    MlirStringRef key = mlirIdentifierStr(e.name);
    snprintf(pairs[i].key, DLC_PLAN_NAME, "%.*s",
             (int)(key.length < DLC_PLAN_NAME ? key.length : 0), key.data);
    if (!dlcPlanIsName(pairs[i].key))
      return bad(rd, field, "has the key '%.*s', which is not a name",
                 (int)(key.length > 60 ? 60 : key.length), key.data);
    char what[96];
    snprintf(what, sizeof(what), "key '%s'", pairs[i].key);
    if (values
            ? !readOneOf(rd, field, what, e.attribute, pairs[i].value, values)
            : !readName(rd, field, what, e.attribute, pairs[i].value))
      return false;
  }
  return true;
}

static bool readCache(Reader *rd, MlirAttribute a, DlcPlan *plan) {
  static const char *const keys[] = {"tensor", "where", "at", "pingpong", NULL};
  if (!checkArray(rd, "cache", a, DLC_PLAN_MAX_ENTRIES))
    return false;
  plan->numCache = (int)mlirArrayAttrGetNumElements(a);
  for (int i = 0; i < plan->numCache; ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(a, i);
    DlcPlanCache *c = &plan->cache[i];
    char what[32];
    snprintf(what, sizeof(what), "entry %d", i);
    if (!checkKeys(rd, "cache", what, e, keys, 4))
      return false;
    snprintf(what, sizeof(what), "entry %d key 'tensor'", i);
    if (!readName(rd, "cache", what, dlcDictionaryAttrGet(e, "tensor"),
                  c->tensor))
      return false;
    snprintf(what, sizeof(what), "entry %d key 'where'", i);
    if (!readOneOf(rd, "cache", what, dlcDictionaryAttrGet(e, "where"),
                   c->where, dlcPlanCacheWhere))
      return false;
    snprintf(what, sizeof(what), "entry %d key 'at'", i);
    if (!readName(rd, "cache", what, dlcDictionaryAttrGet(e, "at"), c->at))
      return false;
    snprintf(what, sizeof(what), "entry %d key 'pingpong'", i);
    if (!readBool(rd, "cache", what, dlcDictionaryAttrGet(e, "pingpong"),
                  &c->pingpong))
      return false;
  }
  return true;
}

static bool readVectorize(Reader *rd, MlirAttribute a, DlcPlan *plan) {
  static const char *const keys[] = {"axis", "width", NULL};
  return checkKeys(rd, "vectorize", "", a, keys, 2) &&
         readName(rd, "vectorize", "key 'axis'",
                  dlcDictionaryAttrGet(a, "axis"), plan->vectorizeAxis) &&
         readInt(rd, "vectorize", "key 'width'",
                 dlcDictionaryAttrGet(a, "width"), &plan->vectorizeWidth);
}

/* Keys <tensor>_swizzle (a bool or a swizzle width) and <tensor>_stride. */
static bool readLayoutHints(Reader *rd, MlirAttribute a, DlcPlan *plan) {
  if (!mlirAttributeIsADictionary(a))
    return bad(rd, "layout_hints", "must be a dictionary");
  if (mlirDictionaryAttrGetNumElements(a) > DLC_PLAN_MAX_ENTRIES)
    return bad(rd, "layout_hints", "has more than %d entries",
               DLC_PLAN_MAX_ENTRIES);
  plan->numLayoutHints = (int)mlirDictionaryAttrGetNumElements(a);
  for (int i = 0; i < plan->numLayoutHints; ++i) {
    MlirNamedAttribute e = mlirDictionaryAttrGetElement(a, i);
    MlirStringRef key = mlirIdentifierStr(e.name);
    DlcPlanHint *h = &plan->layoutHints[i];
    snprintf(h->key, sizeof(h->key), "%.*s",
             (int)(key.length < DLC_PLAN_NAME ? key.length : 0), key.data);
    size_t n = strlen(h->key);
    bool swizzle = n > 8 && strcmp(h->key + n - 8, "_swizzle") == 0;
    bool stride = n > 7 && strcmp(h->key + n - 7, "_stride") == 0;
    if (!dlcPlanIsName(h->key) || (!swizzle && !stride))
      return bad(rd, "layout_hints",
                 "has the key '%.*s'; keys are <tensor>_swizzle or "
                 "<tensor>_stride",
                 (int)(key.length > 60 ? 60 : key.length), key.data);
    char what[96];
    snprintf(what, sizeof(what), "key '%s'", h->key);
    h->isBool = swizzle && mlirAttributeIsABool(e.attribute);
    if (h->isBool)
      h->boolean = mlirBoolAttrGetValue(e.attribute);
    else if (!readOneOf(rd, "layout_hints", what, e.attribute, h->text,
                        swizzle ? dlcPlanSwizzles : dlcPlanStrides))
      return false;
  }
  return true;
}

static bool readLocalEdges(Reader *rd, MlirAttribute a, DlcPlan *plan) {
  static const char *const keys[] = {"from", "to", "buffer", "depth", NULL};
  if (!checkArray(rd, "local_edges", a, DLC_PLAN_MAX_ENTRIES))
    return false;
  plan->numLocalEdges = (int)mlirArrayAttrGetNumElements(a);
  for (int i = 0; i < plan->numLocalEdges; ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(a, i);
    DlcPlanEdge *edge = &plan->localEdges[i];
    char what[32];
    snprintf(what, sizeof(what), "entry %d", i);
    if (!checkKeys(rd, "local_edges", what, e, keys, 3) ||
        !readName(rd, "local_edges", what, dlcDictionaryAttrGet(e, "from"),
                  edge->from) ||
        !readName(rd, "local_edges", what, dlcDictionaryAttrGet(e, "to"),
                  edge->to) ||
        !readOneOf(rd, "local_edges", what, dlcDictionaryAttrGet(e, "buffer"),
                   edge->buffer, dlcPlanEdgeBuffers))
      return false;
    MlirAttribute depth = dlcDictionaryAttrGet(e, "depth");
    bool ring = strcmp(edge->buffer, "smem_ring") == 0;
    edge->depth = 0;
    if (ring != !mlirAttributeIsNull(depth))
      return bad(rd, "local_edges", "entry %d %s", i,
                 ring ? "needs a depth (2 or 3) for smem_ring"
                      : "has a depth, which only smem_ring takes");
    if (ring && (!readInt(rd, "local_edges", what, depth, &edge->depth) ||
                 edge->depth < 2 || edge->depth > 3))
      return bad(rd, "local_edges", "entry %d needs a depth of 2 or 3", i);
  }
  return true;
}

static bool readAsync(Reader *rd, MlirAttribute a, DlcPlan *plan) {
  static const char *const keys[] = {"enable", "prefetch_depth",
                                     "epilogue_overlap", NULL};
  return checkKeys(rd, "async", "", a, keys, 3) &&
         readBool(rd, "async", "key 'enable'",
                  dlcDictionaryAttrGet(a, "enable"), &plan->asyncEnable) &&
         readInt(rd, "async", "key 'prefetch_depth'",
                 dlcDictionaryAttrGet(a, "prefetch_depth"),
                 &plan->asyncPrefetchDepth) &&
         readBool(rd, "async", "key 'epilogue_overlap'",
                  dlcDictionaryAttrGet(a, "epilogue_overlap"),
                  &plan->asyncEpilogueOverlap);
}

static const char *const kFields[DLC_PLAN_NUM_FIELDS] = {
    "tile",        "stages",         "bind",     "warp_tile",    "cache",
    "vectorize",   "predicate_tail", "epilogue", "arch",         "layout_hints",
    "algo_choice", "local_edges",    "async",    "barrier_model"};

/* The algo_choice naming the plan's pattern family (its keys are sorted:
 * "cluster" comes before "matmul"); the first one when none does. */
static int familyChoice(const DlcPlan *plan) {
  for (int i = 0; i < plan->numAlgoChoice; ++i)
    for (int f = 0; f < DLC_PLAN_PATTERN_FAMILIES; ++f)
      if (strcmp(plan->algoChoice[i].key, dlcPlanAlgoFamilies[f]) == 0)
        return i;
  return 0;
}

void dlcPlanSummary(const DlcPlan *plan, char *buffer, size_t size) {
  char family[3 * DLC_PLAN_NAME + 16] = "-";
  int first = familyChoice(plan);
  if (plan->numAlgoChoice > 0)
    snprintf(family, sizeof(family), "%s:%s", plan->algoChoice[first].key,
             plan->algoChoice[first].value);
  /* A row kernel's one-pass reduce pair: "memory:row+welford"; a GEMM's
   * clusters: "matmul:implicit_gemm+cluster2". */
  for (int i = 0; i < plan->numAlgoChoice; ++i) {
    const char *key = i == first ? "" : plan->algoChoice[i].key;
    size_t used = strlen(family);
    if (strcmp(key, "reduce") == 0)
      snprintf(family + used, sizeof(family) - used, "+%s",
               plan->algoChoice[i].value);
    else if (strcmp(key, "cluster") == 0 &&
             strcmp(plan->algoChoice[i].value, "1") != 0)
      snprintf(family + used, sizeof(family) - used, "+cluster%s",
               plan->algoChoice[i].value);
  }
  snprintf(buffer, size,
           "%s %s tile %lldx%lldx%lld stages %lld warp %lldx%lld vec %lld "
           "barrier %s",
           family, plan->arch, (long long)plan->tile[0],
           (long long)plan->tile[1], (long long)plan->tile[2],
           (long long)plan->stages, (long long)plan->warpTile[0],
           (long long)plan->warpTile[1], (long long)plan->vectorizeWidth,
           plan->barrierModel);
}

bool dlcPlanScheduleRead(MlirOperation op, DlcPlan *plan, char *error,
                         size_t errorSize) {
  Reader rd = {error, errorSize};
  memset(plan, 0, sizeof(*plan));
  MlirAttribute f[DLC_PLAN_NUM_FIELDS];
  for (int i = 0; i < DLC_PLAN_NUM_FIELDS; ++i) {
    f[i] = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString(kFields[i]));
    if (mlirAttributeIsNull(f[i]))
      return bad(&rd, kFields[i],
                 "is missing (plan.schedule carries every "
                 "§8.1 field)");
  }
  return readI64Array(&rd, "tile", f[0], 3, plan->tile, "BM, BN, BK") &&
         readInt(&rd, "stages", "", f[1], &plan->stages) &&
         readPairs(&rd, "bind", f[2], plan->bind, &plan->numBind, NULL,
                   dlcPlanBindValues) &&
         readI64Array(&rd, "warp_tile", f[3], 2, plan->warpTile, "WM, WN") &&
         readCache(&rd, f[4], plan) && readVectorize(&rd, f[5], plan) &&
         readNames(&rd, "predicate_tail", f[6], plan->predicateTail,
                   &plan->numPredicateTail, DLC_PLAN_MAX_ENTRIES) &&
         readNames(&rd, "epilogue", f[7], plan->epilogue, &plan->numEpilogue,
                   DLC_PLAN_MAX_EPILOGUE) &&
         readName(&rd, "arch", "", f[8], plan->arch) &&
         readLayoutHints(&rd, f[9], plan) &&
         readPairs(&rd, "algo_choice", f[10], plan->algoChoice,
                   &plan->numAlgoChoice, dlcPlanAlgoFamilies, NULL) &&
         readLocalEdges(&rd, f[11], plan) && readAsync(&rd, f[12], plan) &&
         readOneOf(&rd, "barrier_model", "", f[13], plan->barrierModel,
                   dlcPlanBarrierModels);
}

/* --- checking --------------------------------------------------------------
 */

bool dlcPlanIsMemoryBound(const DlcPlan *plan) {
  for (int i = 0; i < plan->numAlgoChoice; ++i)
    if (strcmp(plan->algoChoice[i].key, "memory") == 0)
      return true;
  return false;
}

/* algo_choice `key` = "N", a whole number in [1, most]: N; 1 when
 * absent, -1 otherwise. */
static int64_t algoCount(const DlcPlan *plan, const char *key, int64_t most) {
  for (int i = 0; i < plan->numAlgoChoice; ++i)
    if (strcmp(plan->algoChoice[i].key, key) == 0) {
      const char *v = plan->algoChoice[i].value;
      int64_t n = 0;
      if (*v == '0')
        return -1; /* "0", or a leading zero the plan's summary would show */
      for (; *v >= '0' && *v <= '9' && n <= most; ++v)
        n = 10 * n + (*v - '0');
      return *v || n < 1 || n > most ? -1 : n;
    }
  return 1;
}

int64_t dlcPlanSplitK(const DlcPlan *plan) {
  return algoCount(plan, "split_k", DLC_PLAN_MAX_SPLITS);
}

int64_t dlcPlanStreamK(const DlcPlan *plan) {
  if (!dlcPlanAlgoChoice(plan, "stream_k"))
    return 0;
  return algoCount(plan, "stream_k", DLC_PLAN_MAX_STREAM_K);
}

int64_t dlcPlanCluster(const DlcPlan *plan) {
  return algoCount(plan, "cluster", DLC_PLAN_MAX_CLUSTER);
}

int64_t dlcPlanGroupPack(const DlcPlan *plan) {
  return algoCount(plan, "group_pack", DLC_PLAN_MAX_GROUP_PACK);
}

int dlcPlanOutput(const DlcPlan *plan) {
  const char *v = dlcPlanAlgoChoice(plan, "output");
  if (!v)
    return 0;
  return !dlcPlanIsOneOf(v, dlcPlanOutputs) ? -1 : strcmp(v, "direct") == 0;
}

void dlcPlanDropAlgoChoice(DlcPlan *plan, const char *family) {
  int n = 0;
  for (int i = 0; i < plan->numAlgoChoice; ++i)
    if (strcmp(plan->algoChoice[i].key, family) != 0)
      plan->algoChoice[n++] = plan->algoChoice[i];
  plan->numAlgoChoice = n;
}

const char *dlcPlanAlgoChoice(const DlcPlan *plan, const char *family) {
  for (int i = 0; i < plan->numAlgoChoice; ++i)
    if (strcmp(plan->algoChoice[i].key, family) == 0)
      return plan->algoChoice[i].value;
  return NULL;
}

bool dlcPlanIsAttention(const DlcPlan *plan) {
  return dlcPlanAlgoChoice(plan, "attention") != NULL;
}

int64_t dlcPlanSm90Consumers(int64_t tileM, int64_t warpM) {
  if (tileM <= 64)
    return 1;
  return warpM >= tileM ? 2 : tileM / warpM;
}

/* An SM90 plan's staged epilogue: its consumer warpgroups
 * (dlcPlanSm90Consumers) and the 64 x 64 boxes of C each writes per tile (BN /
 * 64 per 64-row slab it holds: one cooperative, two for a 256-row tile or
 * ping-pong, warp tile [BM, BN]). */
static bool stagedShape(const DlcPlan *plan, int64_t *consumers,
                        int64_t *boxes) {
  if (!plan->asyncEpilogueOverlap || strcmp(plan->barrierModel, "mbarrier"))
    return false;
  *consumers = dlcPlanSm90Consumers(plan->tile[0], plan->warpTile[0]);
  *boxes = plan->warpTile[0] / 64 * (plan->tile[1] / 64);
  return *boxes > 0;
}

int64_t dlcPlanStagedBoxes(const DlcPlan *plan, int elementBytes,
                           int64_t smemPerCTA) {
  int64_t consumers, boxes;
  if (dlcPlanIsMemoryBound(plan) || dlcPlanIsAttention(plan) ||
      !stagedShape(plan, &consumers, &boxes))
    return 0;
  int64_t ring = plan->stages * (plan->tile[0] + plan->tile[1]) * plan->tile[2];
  int64_t room = (smemPerCTA - DLC_PLAN_SMEM_RESERVE) / elementBytes - ring;
  int64_t box = consumers * 64 * 64;
  for (int64_t slots = boxes; slots >= 2; --slots)
    if (boxes % slots == 0 && slots * box <= room)
      return slots;
  return boxes; /* does not fit: the plan's check says so */
}

int64_t dlcPlanStageBytes(const DlcPlan *plan, int elementBytes,
                          int64_t smemPerCTA) {
  if (dlcPlanIsMemoryBound(plan))
    return 0; /* nothing is staged */
  int64_t bm = plan->tile[0], bn = plan->tile[1], bk = plan->tile[2];
  if (dlcPlanIsAttention(plan)) /* the Q tile, then K and V per stage */
    return (bm * bk + plan->stages * 2 * bn * bk) * elementBytes;
  /* An SM90 staged epilogue also holds boxes of C's rows of each consumer
   * (2-byte elements, as the operands'). */
  int64_t consumers = 0, boxes = 0;
  int64_t staged =
      stagedShape(plan, &consumers, &boxes)
          ? consumers * dlcPlanStagedBoxes(plan, elementBytes, smemPerCTA) *
                64 * 64 * elementBytes
          : 0;
  return plan->stages * (bm * bk + bk * bn) * elementBytes + staged;
}

/* Extents are bounded first, so no product below can overflow. */
static bool checkExtents(Reader *rd, const DlcPlan *plan) {
  static const char *const tileNames[] = {"BM", "BN", "BK"};
  static const char *const warpNames[] = {"WM", "WN"};
  for (int i = 0; i < 3; ++i)
    if (plan->tile[i] < 1 || plan->tile[i] > DLC_PLAN_MAX_TILE)
      return wrong(rd, "tile", "%s = %lld is not in [1, %d]", tileNames[i],
                   (long long)plan->tile[i], DLC_PLAN_MAX_TILE);
  for (int i = 0; i < 2; ++i)
    if (plan->warpTile[i] < 1 || plan->warpTile[i] > DLC_PLAN_MAX_TILE)
      return wrong(rd, "warp_tile", "%s = %lld is not in [1, %d]", warpNames[i],
                   (long long)plan->warpTile[i], DLC_PLAN_MAX_TILE);
  if (plan->stages < 2 || plan->stages > DLC_PLAN_MAX_STAGES)
    return wrong(rd, "stages", "%lld is not between 2 and %d",
                 (long long)plan->stages, DLC_PLAN_MAX_STAGES);
  return true;
}

/* The mma.sync skeleton's own shape rules. */
static bool checkShape(Reader *rd, const DlcPlan *plan, int elementBytes) {
  int64_t bm = plan->tile[0], bn = plan->tile[1], bk = plan->tile[2];
  int64_t wm = plan->warpTile[0], wn = plan->warpTile[1];
  if (bk % 16 != 0)
    return wrong(rd, "tile",
                 "BK = %lld is not a multiple of 16 (the k of mma.sync "
                 "m16n8k16)",
                 (long long)bk);
  if (wm % 16 != 0 || wn % 16 != 0)
    return wrong(rd, "warp_tile",
                 "%lldx%lld is not made of 16x16 blocks (mma.sync m16n8k16 "
                 "fed by ldmatrix.x4)",
                 (long long)wm, (long long)wn);
  if (bm % wm != 0 || bn % wn != 0) {
    snprintf(rd->error, rd->errorSize,
             "fields 'tile' and 'warp_tile': the warp tile %lldx%lld does "
             "not divide the CTA tile %lldx%lld",
             (long long)wm, (long long)wn, (long long)bm, (long long)bn);
    return false;
  }
  if (plan->asyncPrefetchDepth < 0 ||
      plan->asyncPrefetchDepth >= plan->stages) {
    snprintf(rd->error, rd->errorSize,
             "fields 'async' and 'stages': prefetch_depth %lld must be below "
             "stages %lld",
             (long long)plan->asyncPrefetchDepth, (long long)plan->stages);
    return false;
  }
  int64_t w = plan->vectorizeWidth;
  if (w < 1 || (w & (w - 1)) != 0 || w * elementBytes > 16)
    return wrong(rd, "vectorize",
                 "width %lld is not a power of two of at most 16 bytes "
                 "(%d-byte elements)",
                 (long long)w, elementBytes);
  return true;
}

/* The memory-bound skeleton's shape rules (docs/dialects/plan.md): one row
 * per CTA, whole warps, scalar accesses, a mode it implements. */
static bool checkMemoryShape(Reader *rd, const DlcPlan *plan) {
  const char *mode = NULL;
  for (int i = 0; i < plan->numAlgoChoice; ++i)
    if (strcmp(plan->algoChoice[i].key, "memory") == 0)
      mode = plan->algoChoice[i].value;
  if (!mode || !dlcPlanIsOneOf(mode, dlcPlanMemoryModes))
    return wrong(rd, "algo_choice",
                 "memory = \"%s\" is not \"row\", \"point\", \"column\", "
                 "\"flat\", \"transpose\", \"depthwise\" or "
                 "\"depthwise_tile\"",
                 mode ? mode : "");
  for (int i = 0; i < plan->numAlgoChoice; ++i)
    if (strcmp(plan->algoChoice[i].key, "reduce") == 0 &&
        !dlcPlanIsOneOf(plan->algoChoice[i].value, dlcPlanMemoryReduces))
      return wrong(rd, "algo_choice",
                   "reduce = \"%s\" is not \"passes\", \"welford\" or "
                   "\"online\"",
                   plan->algoChoice[i].value);
  if (plan->tile[0] != 1 || plan->tile[2] != 1 || plan->tile[1] % 32 != 0 ||
      plan->warpTile[0] != 1 || plan->warpTile[1] != 32)
    return wrong(rd, "tile",
                 "a memory-bound plan has tile = [1, T, 1] with T threads a "
                 "multiple of 32 and warp_tile = [1, 32] (here [%lld, %lld, "
                 "%lld], [%lld, %lld])",
                 (long long)plan->tile[0], (long long)plan->tile[1],
                 (long long)plan->tile[2], (long long)plan->warpTile[0],
                 (long long)plan->warpTile[1]);
  int64_t w = plan->vectorizeWidth;
  if (w < 1 || w > 8 || (w & (w - 1)) != 0)
    return wrong(rd, "vectorize",
                 "width %lld: the memory-bound skeleton accesses 1, 2, 4 or "
                 "8 elements at a time",
                 (long long)w);
  return true;
}

/* The target's limits and features. */
static bool checkTarget(Reader *rd, const DlcPlan *plan, const DlcTarget *t,
                        int elementBytes) {
  int64_t warps =
      (plan->tile[0] / plan->warpTile[0]) * (plan->tile[1] / plan->warpTile[1]);
  if (32 * warps > t->maxThreadsPerCTA) {
    snprintf(rd->error, rd->errorSize,
             "fields 'tile' and 'warp_tile': %lld warps per CTA exceed the "
             "%d-thread limit of %s",
             (long long)warps, t->maxThreadsPerCTA, t->chip);
    return false;
  }
  int64_t smem = dlcPlanStageBytes(plan, elementBytes, t->smemPerCTA);
  if (smem > t->smemPerCTA) {
    snprintf(rd->error, rd->errorSize,
             "fields 'tile' and 'stages': %lld stages of %lldx%lld and "
             "%lldx%lld operand tiles take %lld bytes of shared memory, over "
             "the %d bytes a CTA can have on %s",
             (long long)plan->stages, (long long)plan->tile[0],
             (long long)plan->tile[2], (long long)plan->tile[2],
             (long long)plan->tile[1], (long long)smem, t->smemPerCTA, t->chip);
    return false;
  }
  if (strcmp(plan->arch, t->family) != 0)
    return wrong(rd, "arch", "\"%s\" is not the family of the target %s (%s)",
                 plan->arch, t->chip, t->family);
  if (strcmp(plan->barrierModel, "mbarrier") == 0 && !t->hasTma)
    return wrong(rd, "barrier_model",
                 "\"mbarrier\" (TMA transaction barriers) needs TMA, which %s "
                 "does not have; use \"cp_async_group\"",
                 t->chip);
  return true;
}

/* The choices no skeleton would read, which would otherwise be carried
 * silently into the plan and its summary: a contraction's implementation
 * other than the one there is, or a choice beside a family that has no
 * use for it (reduce forms are the row kernels', lse and grid the flash
 * kernel's). */
static bool checkAlgoChoice(Reader *rd, const DlcPlan *plan) {
  static const struct {
    const char *key, *family;
  } beside[] = {
      {"reduce", "memory"}, {"lse", "attention"}, {"grid", "attention"}};
  for (int i = 0; i < plan->numAlgoChoice; ++i) {
    const char *key = plan->algoChoice[i].key, *v = plan->algoChoice[i].value;
    if ((strcmp(key, "matmul") == 0 || strcmp(key, "conv") == 0) &&
        strcmp(v, "implicit_gemm") != 0)
      return wrong(rd, "algo_choice",
                   "%s = \"%s\" is not \"implicit_gemm\", the one "
                   "implementation of a contraction",
                   key, v);
    for (size_t b = 0; b < sizeof(beside) / sizeof(beside[0]); ++b)
      if (strcmp(key, beside[b].key) == 0 &&
          !dlcPlanAlgoChoice(plan, beside[b].family))
        return wrong(rd, "algo_choice",
                     "%s = \"%s\" is a choice of the %s family, which this "
                     "plan is not",
                     key, v, beside[b].family);
  }
  return true;
}

bool dlcPlanCheck(const DlcPlan *plan, const DlcTarget *target,
                  int elementBytes, char *error, size_t errorSize) {
  Reader rd = {error, errorSize};
  if (!checkAlgoChoice(&rd, plan))
    return false;
  if (dlcPlanSplitK(plan) < 0)
    return wrong(&rd, "algo_choice",
                 "split_k is not a whole number of splits in [1, %d]",
                 DLC_PLAN_MAX_SPLITS);
  if (dlcPlanStreamK(plan) < 0)
    return wrong(&rd, "algo_choice",
                 "stream_k is not a whole number of rounds in [1, %d]",
                 DLC_PLAN_MAX_STREAM_K);
  int64_t cluster = dlcPlanCluster(plan);
  if (cluster < 0 || (cluster & (cluster - 1)))
    return wrong(&rd, "algo_choice",
                 "cluster is not 1, 2 or 4 CTAs (a power of two up to %d)",
                 DLC_PLAN_MAX_CLUSTER);
  if (dlcPlanCluster(plan) > 1 && dlcPlanSplitK(plan) > 1)
    return wrong(&rd, "algo_choice",
                 "cluster %lld with split_k %lld: a split tile's CTAs are "
                 "not paired; drop one of them",
                 (long long)dlcPlanCluster(plan),
                 (long long)dlcPlanSplitK(plan));
  if (dlcPlanGroupPack(plan) < 0)
    return wrong(&rd, "algo_choice",
                 "group_pack is not a whole number of groups in [1, %d]",
                 DLC_PLAN_MAX_GROUP_PACK);
  if (dlcPlanOutput(plan) < 0)
    return wrong(&rd, "algo_choice",
                 "output is \"%s\", not \"copy\" or \"direct\"",
                 dlcPlanAlgoChoice(plan, "output"));
  /* "bar_sync" and "none" are the memory-bound kernels' only: on a
   * tiled plan they sent it to the SM80 skeleton, whose refusal named the
   * tile instead. */
  if (!dlcPlanIsMemoryBound(plan) &&
      strcmp(plan->barrierModel, "cp_async_group") != 0 &&
      strcmp(plan->barrierModel, "mbarrier") != 0)
    return wrong(&rd, "barrier_model",
                 "\"%s\" is a memory-bound kernel's; a tiled plan has "
                 "\"cp_async_group\" (the SM80 skeleton) or \"mbarrier\" "
                 "(the SM90 one)",
                 plan->barrierModel);
  return checkExtents(&rd, plan) &&
         (dlcPlanIsMemoryBound(plan) ? checkMemoryShape(&rd, plan)
                                     : checkShape(&rd, plan, elementBytes)) &&
         checkTarget(&rd, plan, target, elementBytes);
}
