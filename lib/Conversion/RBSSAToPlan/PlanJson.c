/* The §8.1 JSON form of a plan: writing it (print-plan) and applying a
 * plan-file (every field given replaces the chosen one, after validation).
 * Differences from the spec's example: a leading "region" member names the
 * region a plan belongs to; "warp_tile" is written "64x64" as in the spec
 * and read as "64x64" or [64, 64]. */
#include "Plan.h"

#include "dlc/Json.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* --- writing -----------------------------------------------------------------
 */

static void writeName(FILE *out, const char *name) {
  dlcJsonWriteString(out, name);
}

static void writePairs(FILE *out, const DlcPlanPair *pairs, int count) {
  fputc('{', out);
  for (int i = 0; i < count; ++i) {
    fputs(i ? ", " : "", out);
    writeName(out, pairs[i].key);
    fputs(": ", out);
    writeName(out, pairs[i].value);
  }
  fputc('}', out);
}

static void writeNames(FILE *out, const char (*names)[DLC_PLAN_NAME],
                       int count) {
  fputc('[', out);
  for (int i = 0; i < count; ++i) {
    fputs(i ? ", " : "", out);
    writeName(out, names[i]);
  }
  fputc(']', out);
}

static void writeBool(FILE *out, bool value) {
  fputs(value ? "true" : "false", out);
}

void dlcPlanWriteJson(FILE *out, const char *regionName, const DlcPlan *plan,
                      int indent) {
  const char *pad = "                "; /* up to 16 spaces */
  int in = indent < 14 ? indent + 2 : 16;
  fprintf(out, "{\n%.*s\"region\": ", in, pad);
  writeName(out, regionName);
  fprintf(out, ",\n%.*s\"tile\": [%lld, %lld, %lld]", in, pad,
          (long long)plan->tile[0], (long long)plan->tile[1],
          (long long)plan->tile[2]);
  /* A memory-bound plan: the fields a plan-file may force of it (the rest
   * is the skeleton's one shape), so that the file plans it again. */
  if (dlcPlanAlgoChoice(plan, "memory")) {
    fprintf(out, ",\n%.*s\"vectorize\": {\"axis\": ", in, pad);
    writeName(out, plan->vectorizeAxis);
    fprintf(out, ", \"width\": %lld}", (long long)plan->vectorizeWidth);
    fprintf(out, ",\n%.*s\"algo_choice\": ", in, pad);
    writePairs(out, plan->algoChoice, plan->numAlgoChoice);
    fprintf(out, "\n%.*s}", indent < 16 ? indent : 16, pad);
    return;
  }
  fprintf(out, ",\n%.*s\"stages\": %lld", in, pad, (long long)plan->stages);
  fprintf(out, ",\n%.*s\"bind\": ", in, pad);
  writePairs(out, plan->bind, plan->numBind);
  fprintf(out, ",\n%.*s\"warp_tile\": \"%lldx%lld\"", in, pad,
          (long long)plan->warpTile[0], (long long)plan->warpTile[1]);
  fprintf(out, ",\n%.*s\"cache\": [", in, pad);
  for (int i = 0; i < plan->numCache; ++i) {
    const DlcPlanCache *c = &plan->cache[i];
    fputs(i ? ", {\"tensor\": " : "{\"tensor\": ", out);
    writeName(out, c->tensor);
    fputs(", \"where\": ", out);
    writeName(out, c->where);
    fputs(", \"at\": ", out);
    writeName(out, c->at);
    fputs(", \"pingpong\": ", out);
    writeBool(out, c->pingpong);
    fputc('}', out);
  }
  fprintf(out, "],\n%.*s\"vectorize\": {\"axis\": ", in, pad);
  writeName(out, plan->vectorizeAxis);
  fprintf(out, ", \"width\": %lld}", (long long)plan->vectorizeWidth);
  fprintf(out, ",\n%.*s\"predicate_tail\": ", in, pad);
  writeNames(out, plan->predicateTail, plan->numPredicateTail);
  fprintf(out, ",\n%.*s\"epilogue\": ", in, pad);
  writeNames(out, plan->epilogue, plan->numEpilogue);
  fprintf(out, ",\n%.*s\"arch\": ", in, pad);
  writeName(out, plan->arch);
  fprintf(out, ",\n%.*s\"layout_hints\": {", in, pad);
  for (int i = 0; i < plan->numLayoutHints; ++i) {
    const DlcPlanHint *h = &plan->layoutHints[i];
    fputs(i ? ", " : "", out);
    writeName(out, h->key);
    fputs(": ", out);
    if (h->isBool)
      writeBool(out, h->boolean);
    else
      writeName(out, h->text);
  }
  fprintf(out, "},\n%.*s\"algo_choice\": ", in, pad);
  writePairs(out, plan->algoChoice, plan->numAlgoChoice);
  fprintf(out, ",\n%.*s\"local_edges\": [", in, pad);
  for (int i = 0; i < plan->numLocalEdges; ++i) {
    const DlcPlanEdge *e = &plan->localEdges[i];
    fputs(i ? ", {\"from\": " : "{\"from\": ", out);
    writeName(out, e->from);
    fputs(", \"to\": ", out);
    writeName(out, e->to);
    fputs(", \"buffer\": ", out);
    writeName(out, e->buffer);
    if (e->depth > 0)
      fprintf(out, ", \"depth\": %lld", (long long)e->depth);
    fputc('}', out);
  }
  fprintf(out, "],\n%.*s\"async\": {\"enable\": ", in, pad);
  writeBool(out, plan->asyncEnable);
  fprintf(out, ", \"prefetch_depth\": %lld, \"epilogue_overlap\": ",
          (long long)plan->asyncPrefetchDepth);
  writeBool(out, plan->asyncEpilogueOverlap);
  fprintf(out, "},\n%.*s\"barrier_model\": ", in, pad);
  writeName(out, plan->barrierModel);
  fprintf(out, "\n%.*s}", indent < 16 ? indent : 16, pad);
}

/* --- reading -----------------------------------------------------------------
 */

typedef struct Reader {
  const DlcPlanRegion *region;
  char *error;
  size_t errorSize;
} Reader;

/* Formats "field 'F': <what> (line L, column C)"; always returns false. */
static bool bad(Reader *rd, const char *field, const DlcJsonValue *at,
                const char *format, ...) __attribute__((format(printf, 4, 5)));
static bool bad(Reader *rd, const char *field, const DlcJsonValue *at,
                const char *format, ...) {
  char what[256];
  va_list args;
  va_start(args, format);
  vsnprintf(what, sizeof(what), format, args);
  va_end(args);
  if (at)
    snprintf(rd->error, rd->errorSize, "field '%s' %s (line %d, column %d)",
             field, what, at->line, at->column);
  else
    snprintf(rd->error, rd->errorSize, "field '%s' %s", field, what);
  return false;
}

static bool readName(Reader *rd, const char *field, const DlcJsonValue *v,
                     char dst[DLC_PLAN_NAME]) {
  if (!v || v->kind != DlcJsonValueString)
    return bad(rd, field, v, "must be a string, not %s",
               v ? dlcJsonValueKindName(v->kind) : "missing");
  if (!dlcPlanIsName(v->string))
    return bad(rd, field, v,
               "has \"%.60s\", which is not a name (" DLC_NAME_RULE ")",
               v->string);
  return dlcPlanCopyName(dst, v->string);
}

static bool readOneOf(Reader *rd, const char *field, const DlcJsonValue *v,
                      char dst[DLC_PLAN_NAME], const char *const *allowed,
                      const char *list) {
  char name[DLC_PLAN_NAME];
  if (!readName(rd, field, v, name))
    return false;
  if (dlcPlanIsOneOf(name, allowed))
    return dlcPlanCopyName(dst, name);
  return bad(rd, field, v, "must be one of %s, not \"%s\"", list, name);
}

static bool readInt(Reader *rd, const char *field, const DlcJsonValue *v,
                    int64_t min, int64_t max, int64_t *out) {
  if (!v || v->kind != DlcJsonValueNumber || !v->isInteger)
    return bad(rd, field, v, "must be an integer, not %s",
               !v                              ? "missing"
               : v->kind == DlcJsonValueNumber ? "a non-integer or huge number"
                                               : dlcJsonValueKindName(v->kind));
  if (v->integer < min || v->integer > max)
    return bad(rd, field, v, "must be in [%lld, %lld], not %lld",
               (long long)min, (long long)max, (long long)v->integer);
  *out = v->integer;
  return true;
}

static bool readBool(Reader *rd, const char *field, const DlcJsonValue *v,
                     bool *out) {
  if (!v || v->kind != DlcJsonValueBool)
    return bad(rd, field, v, "must be true or false, not %s",
               v ? dlcJsonValueKindName(v->kind) : "missing");
  *out = v->boolean;
  return true;
}

static bool readAxdlcPlanIsName(Reader *rd, const char *field,
                                const DlcJsonValue *v,
                                char dst[DLC_PLAN_NAME]) {
  if (!readName(rd, field, v, dst))
    return false;
  if (!dlcPlanRegionHasAxis(rd->region, dst))
    return bad(rd, field, v,
               "names \"%s\", which is no axis of region '%s' nor a split "
               "of one (axis, axis.o, axis.i, axis.i.o, ...)",
               dst, rd->region->name);
  return true;
}

/* An object whose keys are all in `allowed` (NULL-terminated) and that has
 * every key of `required`. */
static bool checkKeys(Reader *rd, const char *field, const DlcJsonValue *v,
                      const char *const *allowed, int numRequired) {
  if (!v || v->kind != DlcJsonValueObject)
    return bad(rd, field, v, "must be an object, not %s",
               v ? dlcJsonValueKindName(v->kind) : "missing");
  for (size_t i = 0; i < v->count; ++i) {
    bool known = false;
    for (const char *const *a = allowed; *a; ++a)
      known |= strcmp(*a, v->keys[i]) == 0;
    if (!known)
      return bad(rd, field, &v->items[i], "has an unknown key \"%.60s\"",
                 v->keys[i]);
  }
  for (int i = 0; i < numRequired; ++i)
    if (!dlcJsonValueGetMember(v, allowed[i]))
      return bad(rd, field, v, "lacks the key \"%s\"", allowed[i]);
  return true;
}

static bool readArray(Reader *rd, const char *field, const DlcJsonValue *v,
                      size_t max) {
  if (!v || v->kind != DlcJsonValueArray)
    return bad(rd, field, v, "must be an array, not %s",
               v ? dlcJsonValueKindName(v->kind) : "missing");
  if (v->count > max)
    return bad(rd, field, v, "has %zu entries; at most %zu are supported",
               v->count, max);
  return true;
}

static bool readTile(Reader *rd, const DlcJsonValue *v, DlcPlan *plan) {
  if (!v || v->kind != DlcJsonValueArray || v->count != 3)
    return bad(rd, "tile", v, "must be an array of 3 integers [BM, BN, BK]");
  for (int i = 0; i < 3; ++i)
    if (!readInt(rd, "tile", &v->items[i], 1, DLC_PLAN_MAX_TILE,
                 &plan->tile[i]))
      return false;
  return true;
}

static bool readWarpTile(Reader *rd, const DlcJsonValue *v, DlcPlan *plan) {
  if (v && v->kind == DlcJsonValueString) {
    long long wm = 0, wn = 0;
    int used = 0;
    if (sscanf(v->string, "%lldx%lld%n", &wm, &wn, &used) != 2 ||
        (size_t)used != strlen(v->string) || wm < 1 || wn < 1 ||
        wm > DLC_PLAN_MAX_TILE || wn > DLC_PLAN_MAX_TILE)
      return bad(rd, "warp_tile", v,
                 "must read \"WMxWN\" with positive integers, not \"%.40s\"",
                 v->string);
    plan->warpTile[0] = wm;
    plan->warpTile[1] = wn;
    return true;
  }
  if (!v || v->kind != DlcJsonValueArray || v->count != 2)
    return bad(rd, "warp_tile", v,
               "must be \"WMxWN\" or an array of 2 integers [WM, WN]");
  for (int i = 0; i < 2; ++i)
    if (!readInt(rd, "warp_tile", &v->items[i], 1, DLC_PLAN_MAX_TILE,
                 &plan->warpTile[i]))
      return false;
  return true;
}

static bool readBind(Reader *rd, const DlcJsonValue *v, DlcPlan *plan) {
  if (!v || v->kind != DlcJsonValueObject)
    return bad(rd, "bind", v, "must be an object {axis: index}");
  if (v->count > DLC_PLAN_MAX_ENTRIES)
    return bad(rd, "bind", v, "has more than %d entries", DLC_PLAN_MAX_ENTRIES);
  plan->numBind = 0;
  for (size_t i = 0; i < v->count; ++i) {
    DlcPlanPair *p = &plan->bind[plan->numBind++];
    if (!dlcPlanIsName(v->keys[i]) ||
        !dlcPlanRegionHasAxis(rd->region, v->keys[i]))
      return bad(rd, "bind", &v->items[i],
                 "binds \"%.60s\", which is no axis of region '%s' nor a "
                 "split of one",
                 v->keys[i], rd->region->name);
    dlcPlanCopyName(p->key, v->keys[i]);
    if (!readOneOf(rd, "bind", &v->items[i], p->value, dlcPlanBindValues,
                   "block.{x,y,z}, warp.{x,y}, warpgroup.{x,y}, lane"))
      return false;
  }
  return true;
}

static bool isInputTensor(const DlcPlanRegion *r, const char *name) {
  for (int i = 0; i < r->numTensors; ++i)
    if (!r->tensors[i].isOutput && strcmp(r->tensors[i].name, name) == 0)
      return true;
  return false;
}

static bool readCache(Reader *rd, const DlcJsonValue *v, DlcPlan *plan) {
  static const char *const keys[] = {"tensor", "where", "at", "pingpong", NULL};
  if (!readArray(rd, "cache", v, DLC_PLAN_MAX_ENTRIES))
    return false;
  plan->numCache = 0;
  for (size_t i = 0; i < v->count; ++i) {
    const DlcJsonValue *e = &v->items[i];
    DlcPlanCache *c = &plan->cache[plan->numCache++];
    if (!checkKeys(rd, "cache", e, keys, 4) ||
        !readName(rd, "cache", dlcJsonValueGetMember(e, "tensor"), c->tensor) ||
        !readOneOf(rd, "cache", dlcJsonValueGetMember(e, "where"), c->where,
                   dlcPlanCacheWhere, "\"smem\"") ||
        !readAxdlcPlanIsName(rd, "cache", dlcJsonValueGetMember(e, "at"),
                             c->at) ||
        !readBool(rd, "cache", dlcJsonValueGetMember(e, "pingpong"),
                  &c->pingpong))
      return false;
    if (!isInputTensor(rd->region, c->tensor))
      return bad(rd, "cache", dlcJsonValueGetMember(e, "tensor"),
                 "names tensor \"%s\", which is no input of region '%s'",
                 c->tensor, rd->region->name);
  }
  return true;
}

static bool readVectorize(Reader *rd, const DlcJsonValue *v, DlcPlan *plan) {
  static const char *const keys[] = {"axis", "width", NULL};
  return checkKeys(rd, "vectorize", v, keys, 2) &&
         readAxdlcPlanIsName(rd, "vectorize", dlcJsonValueGetMember(v, "axis"),
                             plan->vectorizeAxis) &&
         readInt(rd, "vectorize", dlcJsonValueGetMember(v, "width"), 1, 16,
                 &plan->vectorizeWidth);
}

static bool readPredicateTail(Reader *rd, const DlcJsonValue *v,
                              DlcPlan *plan) {
  if (!readArray(rd, "predicate_tail", v, DLC_PLAN_MAX_ENTRIES))
    return false;
  plan->numPredicateTail = 0;
  for (size_t i = 0; i < v->count; ++i)
    if (!readAxdlcPlanIsName(rd, "predicate_tail", &v->items[i],
                             plan->predicateTail[plan->numPredicateTail++]))
      return false;
  return true;
}

/* The epilogue is the region's, not a choice: it must match. */
static bool readEpilogue(Reader *rd, const DlcJsonValue *v, DlcPlan *plan) {
  const DlcPlanRegion *r = rd->region;
  if (!readArray(rd, "epilogue", v, DLC_PLAN_MAX_EPILOGUE))
    return false;
  bool same = v->count == (size_t)r->numEpilogue;
  for (size_t i = 0; same && i < v->count; ++i)
    same = v->items[i].kind == DlcJsonValueString &&
           strcmp(v->items[i].string, r->epilogue[i]) == 0;
  if (!same) {
    char list[256] = "";
    for (int i = 0; i < r->numEpilogue; ++i) {
      size_t used = strlen(list);
      snprintf(list + used, sizeof(list) - used, "%s\"%s\"", i ? ", " : "",
               r->epilogue[i]);
    }
    return bad(rd, "epilogue", v,
               "must list the post-reduce ops of region '%s' in order: [%s]",
               r->name, list);
  }
  plan->numEpilogue = r->numEpilogue;
  memcpy(plan->epilogue, r->epilogue, sizeof(plan->epilogue));
  return true;
}

static bool endsWith(const char *s, const char *suffix, size_t *prefix) {
  size_t n = strlen(s), m = strlen(suffix);
  if (n <= m || strcmp(s + n - m, suffix) != 0)
    return false;
  *prefix = n - m;
  return true;
}

static bool isTensorPrefix(const DlcPlanRegion *r, const char *key,
                           size_t length) {
  for (int i = 0; i < r->numTensors; ++i)
    if (strlen(r->tensors[i].name) == length &&
        strncmp(r->tensors[i].name, key, length) == 0)
      return true;
  return false;
}

static bool readLayoutHints(Reader *rd, const DlcJsonValue *v, DlcPlan *plan) {
  if (!v || v->kind != DlcJsonValueObject)
    return bad(rd, "layout_hints", v, "must be an object");
  if (v->count > DLC_PLAN_MAX_ENTRIES)
    return bad(rd, "layout_hints", v, "has more than %d entries",
               DLC_PLAN_MAX_ENTRIES);
  plan->numLayoutHints = 0;
  for (size_t i = 0; i < v->count; ++i) {
    const char *key = v->keys[i];
    const DlcJsonValue *e = &v->items[i];
    DlcPlanHint *h = &plan->layoutHints[plan->numLayoutHints++];
    size_t prefix = 0;
    bool swizzle = endsWith(key, "_swizzle", &prefix);
    if (!dlcPlanIsName(key) ||
        (!swizzle && !endsWith(key, "_stride", &prefix)) ||
        !isTensorPrefix(rd->region, key, prefix))
      return bad(rd, "layout_hints", e,
                 "has the key \"%.60s\"; keys are <tensor>_swizzle or "
                 "<tensor>_stride for a tensor of region '%s'",
                 key, rd->region->name);
    dlcPlanCopyName(h->key, key);
    h->isBool = swizzle && e->kind == DlcJsonValueBool;
    if (h->isBool) {
      h->boolean = e->boolean;
    } else if (swizzle) {
      if (!readOneOf(rd, "layout_hints", e, h->text, dlcPlanSwizzles,
                     "true, false, \"32b\", \"64b\", \"128b\""))
        return false;
    } else if (!readOneOf(rd, "layout_hints", e, h->text, dlcPlanStrides,
                          "\"row\", \"col\"")) {
      return false;
    }
  }
  return true;
}

static bool readAlgoChoice(Reader *rd, const DlcJsonValue *v, DlcPlan *plan) {
  if (!checkKeys(rd, "algo_choice", v, dlcPlanAlgoFamilies, 0))
    return false;
  plan->numAlgoChoice = 0;
  for (size_t i = 0; i < v->count; ++i) {
    DlcPlanPair *p = &plan->algoChoice[plan->numAlgoChoice++];
    dlcPlanCopyName(p->key, v->keys[i]);
    if (!readName(rd, "algo_choice", &v->items[i], p->value))
      return false;
  }
  return true;
}

static bool readLocalEdges(Reader *rd, const DlcJsonValue *v, DlcPlan *plan) {
  static const char *const keys[] = {"from", "to", "buffer", "depth", NULL};
  if (!readArray(rd, "local_edges", v, DLC_PLAN_MAX_ENTRIES))
    return false;
  plan->numLocalEdges = 0;
  for (size_t i = 0; i < v->count; ++i) {
    const DlcJsonValue *e = &v->items[i];
    DlcPlanEdge *edge = &plan->localEdges[plan->numLocalEdges++];
    if (!checkKeys(rd, "local_edges", e, keys, 3) ||
        !readName(rd, "local_edges", dlcJsonValueGetMember(e, "from"),
                  edge->from) ||
        !readName(rd, "local_edges", dlcJsonValueGetMember(e, "to"),
                  edge->to) ||
        !readOneOf(rd, "local_edges", dlcJsonValueGetMember(e, "buffer"),
                   edge->buffer, dlcPlanEdgeBuffers,
                   "\"reg\", \"smem\", \"gmem\", \"smem_ring\""))
      return false;
    const DlcJsonValue *depth = dlcJsonValueGetMember(e, "depth");
    bool ring = strcmp(edge->buffer, "smem_ring") == 0;
    if (ring && !depth)
      return bad(rd, "local_edges", e, "needs a depth (2 or 3) for smem_ring");
    if (!ring && depth)
      return bad(rd, "local_edges", depth,
                 "has a depth, which only smem_ring "
                 "takes");
    edge->depth = 0;
    if (depth && !readInt(rd, "local_edges", depth, 2, 3, &edge->depth))
      return false;
  }
  return true;
}

static bool readAsync(Reader *rd, const DlcJsonValue *v, DlcPlan *plan) {
  static const char *const keys[] = {"enable", "prefetch_depth",
                                     "epilogue_overlap", NULL};
  return checkKeys(rd, "async", v, keys, 3) &&
         readBool(rd, "async", dlcJsonValueGetMember(v, "enable"),
                  &plan->asyncEnable) &&
         readInt(rd, "async", dlcJsonValueGetMember(v, "prefetch_depth"), 0,
                 DLC_PLAN_MAX_STAGES - 1, &plan->asyncPrefetchDepth) &&
         readBool(rd, "async", dlcJsonValueGetMember(v, "epilogue_overlap"),
                  &plan->asyncEpilogueOverlap);
}

/* A chip family of the target table ("sm80", "sm90"). */
static bool readArch(Reader *rd, const DlcJsonValue *v, DlcPlan *plan) {
  char name[DLC_PLAN_NAME], families[64];
  if (!readName(rd, "arch", v, name))
    return false;
  if (dlcTargetIsFamily(name))
    return dlcPlanCopyName(plan->arch, name);
  dlcTargetListFamilies(families, sizeof(families));
  return bad(rd, "arch", v, "must be a chip family (%s), not \"%s\"", families,
             name);
}

bool dlcPlanApplyJson(const DlcJsonValue *entry, const DlcPlanRegion *region,
                      DlcPlan *plan, char *error, size_t errorSize) {
  Reader rd = {region, error, errorSize};
  for (size_t i = 0; i < entry->count; ++i) {
    const char *key = entry->keys[i];
    const DlcJsonValue *v = &entry->items[i];
    bool ok;
    if (strcmp(key, "region") == 0)
      ok = true; /* selects the region; read by the pass */
    else if (strcmp(key, "tile") == 0)
      ok = readTile(&rd, v, plan);
    else if (strcmp(key, "stages") == 0) {
      ok = v->kind == DlcJsonValueNumber && v->isInteger && v->integer >= 2 &&
           v->integer <= DLC_PLAN_MAX_STAGES;
      if (ok)
        plan->stages = v->integer;
      else if (v->kind == DlcJsonValueNumber && v->isInteger)
        bad(&rd, "stages", v,
            "must be 2 to %d, the range plan.schedule "
            "allows, not %lld",
            DLC_PLAN_MAX_STAGES, (long long)v->integer);
      else
        bad(&rd, "stages", v, "must be an integer from 2 to %d, not %s",
            DLC_PLAN_MAX_STAGES,
            v->kind == DlcJsonValueNumber ? "a non-integer or huge number"
                                          : dlcJsonValueKindName(v->kind));
    } else if (strcmp(key, "bind") == 0)
      ok = readBind(&rd, v, plan);
    else if (strcmp(key, "warp_tile") == 0)
      ok = readWarpTile(&rd, v, plan);
    else if (strcmp(key, "cache") == 0)
      ok = readCache(&rd, v, plan);
    else if (strcmp(key, "vectorize") == 0)
      ok = readVectorize(&rd, v, plan);
    else if (strcmp(key, "predicate_tail") == 0)
      ok = readPredicateTail(&rd, v, plan);
    else if (strcmp(key, "epilogue") == 0)
      ok = readEpilogue(&rd, v, plan);
    else if (strcmp(key, "arch") == 0)
      ok = readArch(&rd, v, plan);
    else if (strcmp(key, "layout_hints") == 0)
      ok = readLayoutHints(&rd, v, plan);
    else if (strcmp(key, "algo_choice") == 0)
      ok = readAlgoChoice(&rd, v, plan);
    else if (strcmp(key, "local_edges") == 0)
      ok = readLocalEdges(&rd, v, plan);
    else if (strcmp(key, "async") == 0)
      ok = readAsync(&rd, v, plan);
    else if (strcmp(key, "barrier_model") == 0)
      ok = readOneOf(
          &rd, "barrier_model", v, plan->barrierModel, dlcPlanBarrierModels,
          "\"cp_async_group\", \"mbarrier\", \"bar_sync\", \"none\"");
    else {
      snprintf(error, errorSize,
               "unknown field '%.60s' (line %d, column %d); the §8.1 fields "
               "are tile, stages, bind, warp_tile, cache, vectorize, "
               "predicate_tail, epilogue, arch, layout_hints, algo_choice, "
               "local_edges, async, barrier_model (and region)",
               key, v->line, v->column);
      ok = false;
    }
    if (!ok)
      return false;
  }
  /* prefetch_depth follows stages unless the file sets async itself. */
  if (dlcJsonValueGetMember(entry, "stages") &&
      !dlcJsonValueGetMember(entry, "async"))
    plan->asyncPrefetchDepth = plan->stages - 1;
  return true;
}

/* --- consistency ------------------------------------------------------------
 */

bool dlcPlanValidate(const DlcPlan *plan, const DlcPlanRegion *region,
                     const DlcTarget *target, char *error, size_t errorSize) {
  return dlcPlanCheck(plan, target,
                      region->tensors[region->tensorA].elementBytes, error,
                      errorSize);
}
