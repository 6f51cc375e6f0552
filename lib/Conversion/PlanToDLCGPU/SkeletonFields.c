/* The plan fields a skeleton implements one way, checked against that
 * form (docs/passes/convert-plan-to-dlcgpu.md, "The plan is a contract"):
 * a plan that states anything else is reported, not ignored.
 * dlcCheckPlanFields compares any of them with a given form (entries as
 * sets, their order carrying no meaning, but the epilogue's steps in
 * order); the flash and memory-bound contracts (PlanToDLCGPU.c) pass
 * theirs. For a GEMM or convolution,
 * dlcCheckGemmSkeletonFields takes the form both skeletons implement
 * whatever the tile (m/n tiles on blocks and warps, A and B staged in
 * shared memory per k tile, vector accesses along the output's innermost
 * axis, the epilogue in registers): the planner's, dlcPlanSkeletonFields. */
#include "../RBSSAToPlan/Plan.h"
#include "Skeleton.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Entry equality for sameSet, one per kind of entry. */
static bool samePair(const void *a, const void *b) {
  const DlcPlanPair *x = a, *y = b;
  return strcmp(x->key, y->key) == 0 && strcmp(x->value, y->value) == 0;
}

static bool sameCache(const void *a, const void *b) {
  const DlcPlanCache *x = a, *y = b;
  return strcmp(x->tensor, y->tensor) == 0 && strcmp(x->where, y->where) == 0 &&
         strcmp(x->at, y->at) == 0 && x->pingpong == y->pingpong;
}

static bool sameEdge(const void *a, const void *b) {
  const DlcPlanEdge *x = a, *y = b;
  return strcmp(x->from, y->from) == 0 && strcmp(x->to, y->to) == 0 &&
         strcmp(x->buffer, y->buffer) == 0 && x->depth == y->depth;
}

static bool sameName(const void *a, const void *b) { return strcmp(a, b) == 0; }

static bool sameHint(const void *a, const void *b) {
  const DlcPlanHint *x = a, *y = b;
  return strcmp(x->key, y->key) == 0 && x->isBool == y->isBool &&
         (x->isBool ? x->boolean == y->boolean : strcmp(x->text, y->text) == 0);
}

/* Whether arrays `have` and `want` (entries of `size` bytes) hold the same
 * entries: equal counts, and each of `want` in `have` (the planner writes
 * no entry twice). */
static bool sameSet(const void *have, int numHave, const void *want,
                    int numWant, size_t size,
                    bool (*same)(const void *, const void *)) {
  if (numHave != numWant)
    return false;
  for (int i = 0; i < numWant; ++i) {
    bool found = false;
    for (int j = 0; j < numHave && !found; ++j)
      found = same((const char *)have + (size_t)j * size,
                   (const char *)want + (size_t)i * size);
    if (!found)
      return false;
  }
  return true;
}

/* Whether name lists `have` and `want` are equal entry by entry: the
 * epilogue's steps run in its order. */
static bool sameList(const char (*have)[DLC_PLAN_NAME], int numHave,
                     const char (*want)[DLC_PLAN_NAME], int numWant) {
  if (numHave != numWant)
    return false;
  for (int i = 0; i < numWant; ++i)
    if (strcmp(have[i], want[i]) != 0)
      return false;
  return true;
}

/* The expected form of a field, as plan.schedule spells it, for the
 * diagnostic's text: appends to `text` (size `size`, `*used` of it
 * written), truncating at the end. */
static void appendf(char *text, size_t size, size_t *used, const char *format,
                    ...) {
  if (*used >= size)
    return;
  va_list args;
  va_start(args, format);
  int n = vsnprintf(text + *used, size - *used, format, args);
  va_end(args);
  *used += n > 0 ? (size_t)n : 0;
}

static void bindText(const DlcPlan *want, char *text, size_t size) {
  size_t used = 0;
  appendf(text, size, &used, "bind = {");
  for (int i = 0; i < want->numBind; ++i)
    appendf(text, size, &used, "%s%s = \"%s\"", i ? ", " : "",
            want->bind[i].key, want->bind[i].value);
  appendf(text, size, &used, "}");
}

static void cacheText(const DlcPlan *want, char *text, size_t size) {
  size_t used = 0;
  appendf(text, size, &used, "cache = [");
  for (int i = 0; i < want->numCache; ++i)
    appendf(text, size, &used,
            "%s{tensor = \"%s\", where = \"%s\", at = \"%s\", "
            "pingpong = %s}",
            i ? ", " : "", want->cache[i].tensor, want->cache[i].where,
            want->cache[i].at, want->cache[i].pingpong ? "true" : "false");
  appendf(text, size, &used, "]");
}

static void edgesText(const DlcPlan *want, char *text, size_t size) {
  size_t used = 0;
  appendf(text, size, &used, "local_edges = [");
  for (int i = 0; i < want->numLocalEdges; ++i) {
    const DlcPlanEdge *e = &want->localEdges[i];
    appendf(text, size, &used, "%s{from = \"%s\", to = \"%s\", buffer = \"%s\"",
            i ? ", " : "", e->from, e->to, e->buffer);
    if (e->depth > 0)
      appendf(text, size, &used, ", depth = %lld", (long long)e->depth);
    appendf(text, size, &used, "}");
  }
  appendf(text, size, &used, "]");
}

static void namesText(const char *field, const char (*names)[DLC_PLAN_NAME],
                      int count, char *text, size_t size) {
  size_t used = 0;
  appendf(text, size, &used, "%s = [", field);
  for (int i = 0; i < count; ++i)
    appendf(text, size, &used, "%s\"%s\"", i ? ", " : "", names[i]);
  appendf(text, size, &used, "]");
}

static void hintsText(const DlcPlan *want, char *text, size_t size) {
  size_t used = 0;
  appendf(text, size, &used, "layout_hints = {");
  for (int i = 0; i < want->numLayoutHints; ++i) {
    const DlcPlanHint *h = &want->layoutHints[i];
    if (h->isBool)
      appendf(text, size, &used, "%s%s = %s", i ? ", " : "", h->key,
              h->boolean ? "true" : "false");
    else
      appendf(text, size, &used, "%s%s = \"%s\"", i ? ", " : "", h->key,
              h->text);
  }
  appendf(text, size, &used, "}");
}

bool dlcCheckPlanFields(MlirOperation schedule, const char *skeleton,
                        const DlcPlan *plan, const DlcPlan *want,
                        unsigned fields) {
  char text[1024];
  const char *field = NULL;
  if ((fields & DLC_PLAN_FIELD_BIND) &&
      !sameSet(plan->bind, plan->numBind, want->bind, want->numBind,
               sizeof(DlcPlanPair), samePair)) {
    field = "bind";
    bindText(want, text, sizeof(text));
  } else if ((fields & DLC_PLAN_FIELD_CACHE) &&
             !sameSet(plan->cache, plan->numCache, want->cache, want->numCache,
                      sizeof(DlcPlanCache), sameCache)) {
    field = "cache";
    cacheText(want, text, sizeof(text));
  } else if ((fields & DLC_PLAN_FIELD_VECTORIZE_AXIS) &&
             strcmp(plan->vectorizeAxis, want->vectorizeAxis) != 0) {
    field = "vectorize";
    snprintf(text, sizeof(text), "vectorize.axis = \"%s\"",
             want->vectorizeAxis);
  } else if ((fields & DLC_PLAN_FIELD_LOCAL_EDGES) &&
             !sameSet(plan->localEdges, plan->numLocalEdges, want->localEdges,
                      want->numLocalEdges, sizeof(DlcPlanEdge), sameEdge)) {
    field = "local_edges";
    edgesText(want, text, sizeof(text));
  } else if ((fields & DLC_PLAN_FIELD_PREDICATE_TAIL) &&
             !sameSet(plan->predicateTail, plan->numPredicateTail,
                      want->predicateTail, want->numPredicateTail,
                      DLC_PLAN_NAME, sameName)) {
    field = "predicate_tail";
    namesText(field, want->predicateTail, want->numPredicateTail, text,
              sizeof(text));
  } else if ((fields & DLC_PLAN_FIELD_EPILOGUE) &&
             !sameList(plan->epilogue, plan->numEpilogue, want->epilogue,
                       want->numEpilogue)) {
    field = "epilogue";
    namesText(field, want->epilogue, want->numEpilogue, text, sizeof(text));
  } else if ((fields & DLC_PLAN_FIELD_LAYOUT_HINTS) &&
             !sameSet(plan->layoutHints, plan->numLayoutHints,
                      want->layoutHints, want->numLayoutHints,
                      sizeof(DlcPlanHint), sameHint)) {
    field = "layout_hints";
    hintsText(want, text, sizeof(text));
  }
  return field ? dlcCannotHonour(schedule, skeleton, field, text) : true;
}

bool dlcCheckGemmSkeletonFields(MlirOperation region, MlirOperation schedule,
                                const DlcPlan *plan, const char *skeleton) {
  DlcPlanSizes sizes = {0};
  DlcPlanRegion *r = malloc(sizeof(DlcPlanRegion));
  DlcPlan *want = calloc(1, sizeof(DlcPlan));
  /* dlcPlanRegionRead reports (E1602) a region it cannot read. */
  bool ok = r && want && dlcPlanRegionRead(region, &sizes, r);
  if (ok) {
    dlcPlanSkeletonFields(r, want);
    ok = dlcCheckPlanFields(schedule, skeleton, plan, want,
                            DLC_PLAN_FIELD_BIND | DLC_PLAN_FIELD_CACHE |
                                DLC_PLAN_FIELD_VECTORIZE_AXIS |
                                DLC_PLAN_FIELD_LOCAL_EDGES);
  }
  free(want);
  free(r);
  return ok;
}
