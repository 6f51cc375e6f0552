/* convert-rbssa-to-plan: the planner of spec §10 step 6.
 *
 * For every rbssa region function (a func.func with rbssa.region) it reads
 * the contraction and its epilogue (RegionInfo.c), estimates a fixed space
 * of 20 tilings with the §11 cost model for a nominal problem size
 * (CostModel.c), keeps the fastest point that passes the STOP rules, and
 * writes every §8.1 field as one plan.schedule op at the start of the body.
 * A plan-file (§8.1 JSON, PlanJson.c) overrides fields of the choice;
 * print-plan writes the result as JSON; print-candidates leaves the whole
 * search as plan.candidate ops. docs/passes/convert-rbssa-to-plan.md. */
#include "../PlanToDLCGPU/Skeleton.h"
#include "Builder.h"
#include "DialectNames.h"
#include "FunctionList.h"
#include "MemoryProblem.h"
#include "PassDef.h"
#include "Plan.h"
#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- options -----------------------------------------------------------------
 */

typedef struct Options {
  const DlcTarget *table;  /* the chip's row of the target table */
  const DlcTarget *target; /* points at `targetFigures` */
  DlcTarget targetFigures; /* the chip's row with device= overrides */
  DlcPlanSizes sizes;
  bool printCandidates;
  const char *planFile;  /* "" = none */
  const char *printPlan; /* "" = none, "-" = stdout */
} Options;

/* One entry of a comma-separated option value such as "M=4096,N=4096". */
typedef struct OptionEntry {
  const char *text;
  int length;
  const char *eq; /* its '=', NULL when it has none */
} OptionEntry;

/* Steps `*p` past the next entry (blanks and commas between entries are
 * skipped); false when none is left. */
static bool nextEntry(const char **p, OptionEntry *e) {
  while (**p == ' ' || **p == ',')
    ++*p;
  if (!**p)
    return false;
  e->text = *p;
  while (**p && **p != ',')
    ++*p;
  e->length = (int)(*p - e->text);
  e->eq = memchr(e->text, '=', (size_t)e->length);
  return true;
}

/* "M=4096,N=4096,K=4096" (whitespace around entries is allowed). */
static bool parseSizes(const char *text, DlcPlanSizes *sizes, char *error,
                       size_t errorSize) {
  sizes->count = 0;
  const char *p = text;
  OptionEntry e;
  while (nextEntry(&p, &e)) {
    const char *entry = e.text, *eq = e.eq;
    int length = e.length;
    char symbol[DLC_PLAN_NAME];
    size_t symbolLength = eq ? (size_t)(eq - entry) : 0;
    while (symbolLength && entry[symbolLength - 1] == ' ')
      --symbolLength;
    char *end = NULL;
    errno = 0;
    long long value = eq ? strtoll(eq + 1, &end, 10) : 0;
    while (end && end < p && *end == ' ')
      ++end;
    if (!eq || symbolLength == 0 || symbolLength >= DLC_PLAN_NAME ||
        end == eq + 1 || end != p || errno != 0 || value < 1 ||
        value > (1LL << 40)) {
      snprintf(error, errorSize,
               "option 'sizes': \"%.*s\" is not SYMBOL=SIZE with a positive "
               "SIZE (e.g. sizes=M=4096,N=4096,K=4096)",
               length > 60 ? 60 : length, entry);
      return false;
    }
    if (sizes->count == (int)(sizeof(sizes->value) / sizeof(sizes->value[0]))) {
      snprintf(error, errorSize, "option 'sizes': more than %d symbols",
               sizes->count);
      return false;
    }
    memcpy(symbol, entry, symbolLength);
    symbol[symbolLength] = '\0';
    dlcPlanCopyName(sizes->symbol[sizes->count], symbol);
    sizes->value[sizes->count++] = value;
  }
  return true;
}

/* The device figures `device=` may override, by name. */
static double *deviceFigure(DlcTarget *d, const char *name, size_t length,
                            int **integer) {
  static const struct {
    const char *name;
    size_t doubleOffset, intOffset; /* one of them, the other SIZE_MAX */
  } figures[] = {
      {"sms", SIZE_MAX, offsetof(DlcTarget, sms)},
      {"clock-ghz", offsetof(DlcTarget, clockGHz), SIZE_MAX},
      {"peak-tflops", offsetof(DlcTarget, peakTflops), SIZE_MAX},
      {"mma-sync-fraction", offsetof(DlcTarget, mmaSyncFraction), SIZE_MAX},
      {"dram-tbs", offsetof(DlcTarget, dramTBs), SIZE_MAX},
      {"l2-tbs", offsetof(DlcTarget, l2TBs), SIZE_MAX},
      {"smem-per-sm", SIZE_MAX, offsetof(DlcTarget, smemPerSM)},
      {"smem-per-cta", SIZE_MAX, offsetof(DlcTarget, smemPerCTA)},
      {"regs-per-sm", SIZE_MAX, offsetof(DlcTarget, regsPerSM)},
      {"load-latency-cycles", SIZE_MAX, offsetof(DlcTarget, loadLatencyCycles)},
  };
  for (size_t i = 0; i < sizeof(figures) / sizeof(figures[0]); ++i) {
    if (strlen(figures[i].name) != length ||
        strncmp(figures[i].name, name, length) != 0)
      continue;
    if (figures[i].intOffset != SIZE_MAX) {
      *integer = (int *)((char *)d + figures[i].intOffset);
      return NULL;
    }
    *integer = NULL;
    return (double *)((char *)d + figures[i].doubleOffset);
  }
  *integer = NULL;
  return NULL;
}

/* "sms=114,peak-tflops=756": replaces figures of the chip's table row. */
static bool parseDevice(const char *text, const DlcTarget *row, DlcTarget *d,
                        char *error, size_t errorSize) {
  const char *p = text;
  OptionEntry e;
  while (nextEntry(&p, &e)) {
    const char *entry = e.text, *eq = e.eq;
    int length = e.length;
    int *integer = NULL;
    double *real =
        eq ? deviceFigure(d, entry, (size_t)(eq - entry), &integer) : NULL;
    char *end = NULL;
    double value = eq ? strtod(eq + 1, &end) : 0;
    /* An integer figure is bounded before the cast (out of range is UB). */
    if (!eq || (!real && !integer) || end != p || !(value > 0) ||
        (integer && (value > INT_MAX || value != (double)(int)value))) {
      snprintf(error, errorSize,
               "option 'device': \"%.*s\" is not FIGURE=VALUE with a known "
               "figure and a positive value (figures: sms, clock-ghz, "
               "peak-tflops, mma-sync-fraction, dram-tbs, l2-tbs, smem-per-sm, "
               "smem-per-cta, regs-per-sm, load-latency-cycles)",
               length > 60 ? 60 : length, entry);
      return false;
    }
    /* plan-verify and the kernels check shared memory against the chip's
     * row (docs/target.md): a CTA cannot be promised more. */
    if (integer == &d->smemPerCTA && value > row->smemPerCTA) {
      snprintf(error, errorSize,
               "option 'device': \"%.*s\" is more shared memory a CTA than "
               "%s has (%d bytes); device= describes another product of the "
               "chip, whose CTAs have at most that",
               length > 60 ? 60 : length, entry, row->chip, row->smemPerCTA);
      return false;
    }
    if (integer)
      *integer = (int)value;
    else
      *real = value;
  }
  return true;
}

/* The target of `chip=`, or of its alias `arch=` (the family names sm80 and
 * sm90 are accepted as their reference chips). */
static bool readTarget(const DlcPassOptions *options, Options *o, char *error,
                       size_t errorSize) {
  const char *chip = dlcPassOptionsGet(options, "chip");
  const char *arch = dlcPassOptionsGet(options, "arch");
  const char *option = "chip";
  if (arch[0] && dlcPassOptionsIsSet(options, "chip") &&
      dlcTargetLookup(arch) != dlcTargetLookup(chip)) {
    snprintf(error, errorSize,
             "options 'chip' and 'arch': \"%.40s\" and \"%.40s\" name "
             "different chips; 'arch' is an alias of 'chip', give one",
             chip, arch);
    return false;
  }
  if (arch[0]) {
    chip = arch;
    option = "arch";
  }
  o->table = dlcTargetLookup(chip);
  if (!o->table) {
    char chips[128];
    dlcTargetListChips(chips, sizeof(chips));
    snprintf(error, errorSize,
             "option '%s': \"%.40s\" is not a known chip (known: %s)", option,
             chip, chips);
    return false;
  }
  o->targetFigures = *o->table;
  o->target = &o->targetFigures;
  return true;
}

static bool readOptions(const DlcPassOptions *options, Options *o, char *error,
                        size_t errorSize) {
  if (!readTarget(options, o, error, errorSize) ||
      !parseDevice(dlcPassOptionsGet(options, "device"), o->table,
                   &o->targetFigures, error, errorSize))
    return false;
  const char *candidates = dlcPassOptionsGet(options, "print-candidates");
  if (strcmp(candidates, "true") == 0 || strcmp(candidates, "1") == 0) {
    o->printCandidates = true;
  } else if (strcmp(candidates, "false") == 0 || strcmp(candidates, "0") == 0) {
    o->printCandidates = false;
  } else {
    snprintf(error, errorSize,
             "option 'print-candidates': \"%.40s\" is not true or false",
             candidates);
    return false;
  }
  o->planFile = dlcPassOptionsGet(options, "plan-file");
  o->printPlan = dlcPassOptionsGet(options, "print-plan");
  return parseSizes(dlcPassOptionsGet(options, "sizes"), &o->sizes, error,
                    errorSize);
}

/* --- plan -> attributes ------------------------------------------------------
 */

/* Builds `name` (no operands, no results) with the plan's fields and
 * `extra` more attributes, before `before`. */
static void buildPlanOp(MlirOperation before, MlirLocation loc,
                        const char *name, const DlcPlan *plan,
                        const MlirNamedAttribute *extra, int numExtra) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirNamedAttribute attrs[DLC_PLAN_NUM_FIELDS + 3];
  dlcPlanScheduleAttributes(ctx, plan, attrs);
  for (int i = 0; i < numExtra; ++i)
    attrs[DLC_PLAN_NUM_FIELDS + i] = extra[i];
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), loc);
  mlirOperationStateAddAttributes(&state, DLC_PLAN_NUM_FIELDS + numExtra,
                                  attrs);
  MlirOperation op = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before,
                                      op);
}

/* --- the pass ----------------------------------------------------------------
 */

/* A region the planner plans: a scores region fused into its attention
 * output region (rbssa-fuse-attention) has no kernel of its own. */
static bool isPlannedRegion(MlirOperation func) {
  return !mlirAttributeIsNull(mlirOperationGetAttributeByName(
             func, mlirStringRefCreateFromCString("rbssa.region"))) &&
         mlirAttributeIsNull(mlirOperationGetAttributeByName(
             func, mlirStringRefCreateFromCString("rbssa.fused_into")));
}

/* Erases plan ops left by an earlier run: the pass re-plans. */
static void eraseOldPlan(MlirBlock body) {
  MlirOperation op = mlirBlockGetFirstOperation(body);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (dlcPlanIsSchedule(op) || dlcPlanIsCandidate(op)) {
      mlirOperationRemoveFromParent(op);
      mlirOperationDestroy(op);
    }
    op = next;
  }
}

/* A plan-file's entries (the root object, or the items of a root array)
 * and their count: the one walk of the plan-file readers below. */
static const DlcJsonValue *planFileEntries(const DlcJsonValue *root,
                                           size_t *count) {
  bool isArray = root->kind == DlcJsonValueArray;
  *count = isArray ? root->count : 1;
  return isArray ? root->items : root;
}

/* The "region" an entry names: a string member, else NULL. */
static const DlcJsonValue *entryRegion(const DlcJsonValue *entry) {
  const DlcJsonValue *region = entry->kind == DlcJsonValueObject
                                   ? dlcJsonValueGetMember(entry, "region")
                                   : NULL;
  return region && region->kind == DlcJsonValueString ? region : NULL;
}

/* The plan-file entries that apply to region `name`: the root object, or
 * the objects of a root array, without "region" or with this name. */
static bool applyPlanFile(const DlcJsonValue *root, const char *path,
                          const DlcPlanRegion *region, const DlcTarget *target,
                          DlcPlan *plan, bool *used) {
  char error[768];
  bool isArray = root->kind == DlcJsonValueArray, statesAsync = false,
       statesStages = false, statesAlgo = false;
  int64_t plannedN = plan->tile[1];
  const char *family = NULL; /* the planner's: "matmul" or "conv" */
  for (int f = 0; f < DLC_PLAN_PATTERN_FAMILIES; ++f)
    if (dlcPlanAlgoChoice(plan, dlcPlanAlgoFamilies[f]))
      family = dlcPlanAlgoFamilies[f];
  size_t count;
  const DlcJsonValue *entries = planFileEntries(root, &count);
  for (size_t i = 0; i < count; ++i) {
    const DlcJsonValue *entry = &entries[i];
    if (entry->kind != DlcJsonValueObject) {
      dlcEmitDiagnostic(region->func, &dlcPlanFileInvalid,
                        "write one §8.1 object, or an array of them",
                        "plan-file '%s': %s (%s at line %d, column %d) is "
                        "not a plan object",
                        path, isArray ? "an array entry" : "the document",
                        dlcJsonValueKindName(entry->kind), entry->line,
                        entry->column);
      return false;
    }
    const DlcJsonValue *name = dlcJsonValueGetMember(entry, "region");
    if (name && name->kind != DlcJsonValueString) {
      dlcEmitDiagnostic(region->func, &dlcPlanFileInvalid,
                        "write \"region\": \"<rbssa.region>\"",
                        "plan-file '%s': field 'region' must be a string "
                        "(line %d, column %d)",
                        path, name->line, name->column);
      return false;
    }
    if (name && strcmp(name->string, region->name) != 0)
      continue;
    used[i] = true;
    statesAsync |= dlcJsonValueGetMember(entry, "async") != NULL;
    statesStages |= dlcJsonValueGetMember(entry, "stages") != NULL;
    statesAlgo |= dlcJsonValueGetMember(entry, "algo_choice") != NULL;
    if (!dlcPlanApplyJson(entry, region, plan, error, sizeof(error))) {
      dlcEmitDiagnostic(region->func, &dlcPlanFileInvalid,
                        "fix the plan-file; docs/passes/"
                        "convert-rbssa-to-plan.md lists every field",
                        "plan-file '%s': %s", path, error);
      return false;
    }
  }
  /* A stated algo_choice replaces the planner's whole, so it names the
   * region's family and no other: naming "attention" or "memory" does not
   * make a contraction one, and a summary without a family misleads. */
  for (int f = 0; statesAlgo && family && f < DLC_PLAN_PATTERN_FAMILIES; ++f)
    if ((dlcPlanAlgoChoice(plan, dlcPlanAlgoFamilies[f]) != NULL) !=
        (strcmp(dlcPlanAlgoFamilies[f], family) == 0)) {
      dlcEmitDiagnostic(region->func, &dlcPlanFileInvalid,
                        "keep the family and its \"implicit_gemm\" in "
                        "\"algo_choice\", the choices beside it",
                        "plan-file '%s' for region '%s': field 'algo_choice' "
                        "must name the region's family \"%s\" and no other "
                        "(%s)",
                        path, region->name, family,
                        strcmp(dlcPlanAlgoFamilies[f], family) == 0
                            ? "it is missing"
                            : dlcPlanAlgoFamilies[f]);
      return false;
    }
  /* The planner's staged epilogue (async.epilogue_overlap) stays while
   * the plan-file leaves an SM90 plan with room for the staged C tiles (as
   * Sm90Plan.c sizes them); a plan-file stating "async" decides. */
  if (plan->asyncEpilogueOverlap && !statesAsync &&
      (strcmp(plan->barrierModel, "mbarrier") != 0 ||
       dlcPlanStageBytes(plan, 2, target->smemPerCTA) >
           target->smemPerCTA - DLC_PLAN_SMEM_RESERVE))
    plan->asyncEpilogueOverlap = false;
  /* The planner's packed groups (algo_choice group_pack, Sm90Groups.c)
   * stay while the plan-file leaves the SM90 plan its packed tile; a
   * plan-file stating algo_choice decides. */
  if (!statesAlgo && dlcPlanGroupPack(plan) > 1 &&
      (strcmp(plan->barrierModel, "mbarrier") != 0 ||
       plan->tile[1] != plannedN))
    dlcPlanDropAlgoChoice(plan, "group_pack");
  /* Likewise the planner's SM90 ring (8 stages of a small problem's
   * narrow tile) shrinks to what fits a wider tile the file states. */
  while (!statesStages && strcmp(plan->barrierModel, "mbarrier") == 0 &&
         plan->stages > 2 &&
         dlcPlanStageBytes(plan, 2, target->smemPerCTA) >
             target->smemPerCTA - DLC_PLAN_SMEM_RESERVE) {
    --plan->stages;
    if (!statesAsync)
      plan->asyncPrefetchDepth = plan->stages - 1;
  }
  if (!dlcPlanValidate(plan, region, target, error, sizeof(error))) {
    dlcEmitDiagnostic(region->func, &dlcPlanFileInvalid,
                      "fix the plan-file; docs/passes/"
                      "convert-rbssa-to-plan.md lists every field",
                      "plan-file '%s' for region '%s': %s", path, region->name,
                      error);
    return false;
  }
  return true;
}

/* Whether a plan-file entry names region `name` (entries without a
 * "region" apply to GEMM regions only). */
static bool planFileNames(const DlcJsonValue *root, const char *name) {
  size_t count;
  const DlcJsonValue *entries = planFileEntries(root, &count);
  for (size_t i = 0; i < count; ++i) {
    const DlcJsonValue *region = entryRegion(&entries[i]);
    if (region && strcmp(region->string, name) == 0)
      return true;
  }
  return false;
}

/* Whether an entry of the plan-file applies to region `name`: one without
 * "region", or naming it (as applyPlanFile reads them). */
static bool planFileApplies(const DlcJsonValue *root, const char *name) {
  size_t count;
  const DlcJsonValue *entries = planFileEntries(root, &count);
  for (size_t i = 0; i < count; ++i) {
    const DlcJsonValue *region = entryRegion(&entries[i]);
    if (!region || strcmp(region->string, name) == 0)
      return true;
  }
  return false;
}

/* `func`'s rbssa.region, copied into `name` (cut at DLC_PLAN_NAME - 1
 * characters, as plan-file region names are bounded). */
void dlcPlanRegionName(MlirOperation func, char name[DLC_PLAN_NAME]) {
  MlirStringRef id = mlirStringAttrGetValue(mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("rbssa.region")));
  snprintf(name, DLC_PLAN_NAME, "%.*s", (int)id.length, id.data);
}

/* What a plan-file may force of a memory-bound plan (the rest of it is
 * that skeleton's one shape): the mode, the reduce form, the CTA's threads
 * and the vector width (0: the mode's widest, at most 8). `statesReduce`
 * and `named`: whether a plan-file entry gave the reduce form, and named
 * the region at all. */
typedef struct MemoryChoice {
  DlcMemoryMode mode;
  DlcMemoryReduce reduce;
  int64_t threads;
  int width;
  bool statesReduce, named;
} MemoryChoice;

/* E1601 at `func` for plan-file `path`'s entry `at`. */
static bool memoryEntryInvalid(MlirOperation func, const char *path,
                               const DlcJsonValue *at, const char *suggestion,
                               const char *why) {
  dlcEmitDiagnostic(func, &dlcPlanFileInvalid, suggestion,
                    "plan-file '%s' (line %d): %s", path, at->line, why);
  return false;
}

/* One member of an "algo_choice" object of a memory-bound entry:
 * "memory" (a mode the region fits) or "reduce" (a form). */
static bool memoryAlgoChoice(MlirOperation func, const char *path,
                             const char *key, const DlcJsonValue *v,
                             const KpMemoryProblem *p, MemoryChoice *c) {
  char why[200];
  bool isMode = strcmp(key, "memory") == 0;
  if ((!isMode && strcmp(key, "reduce") != 0) || v->kind != DlcJsonValueString)
    return memoryEntryInvalid(
        func, path, v,
        "write \"algo_choice\": {\"memory\": MODE, \"reduce\": FORM}",
        "a memory-bound plan's algo_choice takes the strings \"memory\" "
        "and \"reduce\"");
  DlcMemoryMode mode;
  /* The depthwise kernels are a convolution's (depthwiseChosen): a
   * region planned here is none, and dlcMemoryModeFits has no rule of
   * theirs (depthwise_tile on a LayerNorm failed later, an E1602 at one of
   * its ops). */
  if (isMode &&
      (!dlcMemoryModeFromName(v->string, &mode) ||
       mode == DLC_MEMORY_DEPTHWISE || mode == DLC_MEMORY_DEPTHWISE_TILE ||
       !dlcMemoryModeFits(p, mode))) {
    snprintf(why, sizeof(why),
             "algo_choice memory = \"%.40s\" is not a mode this region fits",
             v->string);
    return memoryEntryInvalid(
        func, path, v,
        "\"flat\" fits every region; \"row\" needs every reduce uniform "
        "along the last iter, \"point\" and \"column\" a reduce, "
        "\"transpose\" a read across the last iter along another",
        why);
  }
  if (isMode) {
    c->mode = mode;
    return true;
  }
  if (!dlcMemoryReduceFromName(v->string, &c->reduce)) {
    snprintf(why, sizeof(why),
             "algo_choice reduce = \"%.40s\" is not a reduce form", v->string);
    return memoryEntryInvalid(
        func, path, v, "write \"passes\", \"welford\" or \"online\"", why);
  }
  c->statesReduce = true;
  return true;
}

/* The plan-file entries naming memory-bound region `func` (`p` its
 * problem; entries without "region" apply to GEMM regions only) force
 * `c`'s fields: "algo_choice" {"memory", "reduce"}, "tile" [1, T, 1] (T
 * threads, a multiple of 32 up to the target's CTA) and "vectorize"
 * {"width": W} (1, 2, 4 or 8). Any other field, or a value out of those
 * ranges, is an E1601 (memoryChoiceFits checks the choices together). */
static bool memoryPlanFile(MlirOperation func, const Options *o,
                           const DlcJsonValue *planFile, bool *used,
                           const KpMemoryProblem *p, MemoryChoice *c) {
  char region[DLC_PLAN_NAME];
  dlcPlanRegionName(func, region);
  size_t count = 0;
  const DlcJsonValue *entries =
      planFile ? planFileEntries(planFile, &count) : NULL;
  for (size_t i = 0; i < count; ++i) {
    const DlcJsonValue *e = &entries[i], *name = entryRegion(e);
    if (!name || strcmp(name->string, region) != 0)
      continue;
    used[i] = c->named = true;
    for (size_t m = 0; m < e->count; ++m) {
      const char *key = e->keys[m];
      const DlcJsonValue *v = &e->items[m];
      bool ok = true;
      if (strcmp(key, "region") == 0)
        continue;
      if (strcmp(key, "algo_choice") == 0 && v->kind == DlcJsonValueObject) {
        for (size_t a = 0; ok && a < v->count; ++a)
          ok = memoryAlgoChoice(func, o->planFile, v->keys[a], &v->items[a], p,
                                c);
      } else if (strcmp(key, "tile") == 0) {
        bool shape = v->kind == DlcJsonValueArray && v->count == 3;
        for (size_t d = 0; shape && d < 3; ++d)
          shape =
              v->items[d].kind == DlcJsonValueNumber && v->items[d].isInteger;
        int64_t t = shape ? v->items[1].integer : 0;
        if (!shape || v->items[0].integer != 1 || v->items[2].integer != 1 ||
            t < 32 || t > o->target->maxThreadsPerCTA || t % 32 != 0)
          ok = memoryEntryInvalid(
              func, o->planFile, v,
              "write \"tile\": [1, T, 1], T threads a CTA",
              "a memory-bound plan's tile is [1, T, 1] with T a multiple of "
              "32 up to the target's threads a CTA");
        else
          c->threads = t;
      } else if (strcmp(key, "vectorize") == 0 &&
                 v->kind == DlcJsonValueObject) {
        const DlcJsonValue *w = dlcJsonValueGetMember(v, "width");
        const DlcJsonValue *axis = dlcJsonValueGetMember(v, "axis");
        bool one =
            v->count == 1 + (axis != NULL) &&
            (!axis ||
             (axis->kind == DlcJsonValueString &&
              mlirStringRefEqual(mlirStringRefCreateFromCString(axis->string),
                                 kpMemoryVectorAxis(func))));
        int64_t n =
            w && w->kind == DlcJsonValueNumber && w->isInteger ? w->integer : 0;
        if (!one || n < 1 || n > 8 || (n & (n - 1)) != 0)
          ok = memoryEntryInvalid(
              func, o->planFile, v, "write \"vectorize\": {\"width\": W}",
              "a memory-bound plan's vectorize width is 1, 2, 4 or 8 (along "
              "the last iter, its axis if given)");
        else
          c->width = (int)n;
      } else {
        char why[160];
        if (strcmp(key, "algo_choice") == 0 || strcmp(key, "vectorize") == 0)
          snprintf(why, sizeof(why), "field '%s' must be an object, not %s",
                   key, dlcJsonValueKindName(v->kind));
        else
          snprintf(why, sizeof(why),
                   "field '%.40s' does not apply to a memory-bound plan", key);
        ok = memoryEntryInvalid(
            func, o->planFile, v,
            "force algo_choice (memory, reduce), tile [1, T, 1] or "
            "vectorize width; the rest is the skeleton's one shape",
            why);
      }
      if (!ok)
        return false;
    }
  }
  return true;
}

/* Whether a plan-file's choices `c` (with the planner's for what it left)
 * fit together: the width within the mode's widest access, the reduce
 * form one the mode, the region and the CTA can compute; E1601 if not. */
static bool memoryChoiceFits(MlirOperation func, const Options *o,
                             const DlcJsonValue *planFile,
                             const KpMemoryProblem *p, const MemoryChoice *c,
                             int widest) {
  char why[200];
  if (c->width > widest) {
    snprintf(why, sizeof(why),
             "vectorize width %d: this region's %s kernel reads and writes "
             "by at most %d",
             c->width, dlcMemoryModeName(c->mode), widest);
    return memoryEntryInvalid(func, o->planFile, planFile,
                              "force a smaller width", why);
  }
  if (c->mode == DLC_MEMORY_TRANSPOSE &&
      c->threads % DLC_MEMORY_TRANSPOSE_TILE != 0) {
    snprintf(why, sizeof(why),
             "tile [1, %lld, 1]: a transpose kernel's rows of the tile are "
             "%d threads each",
             (long long)c->threads, DLC_MEMORY_TRANSPOSE_TILE);
    return memoryEntryInvalid(func, o->planFile, planFile,
                              "force a multiple of 64 threads", why);
  }
  if (!dlcMemoryReduceFits(p, c->mode, c->reduce, c->threads)) {
    snprintf(why, sizeof(why),
             "algo_choice reduce = \"%s\" needs row mode, the region's pair "
             "of that form and at most %d warps a CTA",
             dlcMemoryReduceName(c->reduce),
             dlcMemoryReduceMaxWarps(c->reduce));
    return memoryEntryInvalid(func, o->planFile, planFile,
                              "force \"passes\" or leave reduce to the planner",
                              why);
  }
  return true;
}

/* A region without a contraction: the memory-bound skeleton (MemoryBound.c
 * of convert-plan-to-dlcgpu) in the mode dlcMemoryModeChoose picks, with
 * the widest vector access it allows and CTAs of DLC_MEMORY_THREADS (row
 * and point kernels size theirs at launch, at most it); a GEMV's plan
 * (`gemv`, or NULL) gives its own mode and CTA size. */
static bool planMemoryRegion(MlirOperation func, const Options *o,
                             const DlcJsonValue *planFile, bool *used,
                             const DlcPlanGemv *gemv, DlcPlan *plan) {
  KpMemoryProblem *p = malloc(sizeof(KpMemoryProblem));
  if (!p || !kpMemoryProblemRead(func, p)) {
    free(p);
    return false;
  }
  MemoryChoice c = {.mode = gemv ? (DlcMemoryMode)gemv->mode
                                 : dlcMemoryModeChoose(p),
                    .threads = gemv ? gemv->threads : DLC_MEMORY_THREADS,
                    .width = gemv ? gemv->width : 0};
  bool ok = !planFile || memoryPlanFile(func, o, planFile, used, p, &c);
  /* What the plan-file left, the planner's for its mode. */
  int widest = dlcMemoryBoundVectorWidth(p, c.mode);
  if (!c.width)
    c.width = widest > 8 ? 8 : widest;
  if (!c.statesReduce)
    c.reduce = dlcMemoryReduceChoose(p, c.mode);
  if (!ok || (c.named && !memoryChoiceFits(func, o, planFile, p, &c, widest))) {
    free(p);
    return false;
  }
  MlirStringRef lastName = kpMemoryVectorAxis(func);
  free(p);
  memset(plan, 0, sizeof(*plan));
  plan->tile[0] = 1, plan->tile[1] = c.threads, plan->tile[2] = 1;
  plan->warpTile[0] = 1, plan->warpTile[1] = 32;
  plan->stages = 2;
  snprintf(plan->vectorizeAxis, DLC_PLAN_NAME, "%.*s", (int)lastName.length,
           lastName.data);
  plan->vectorizeWidth = c.width;
  dlcPlanCopyName(plan->arch, o->target->family);
  plan->numAlgoChoice = 1;
  dlcPlanCopyName(plan->algoChoice[0].key, "memory");
  dlcPlanCopyName(plan->algoChoice[0].value, dlcMemoryModeName(c.mode));
  if (c.reduce != DLC_REDUCE_PASSES) {
    plan->numAlgoChoice = 2;
    dlcPlanCopyName(plan->algoChoice[1].key, "reduce");
    dlcPlanCopyName(plan->algoChoice[1].value, dlcMemoryReduceName(c.reduce));
  }
  dlcPlanCopyName(plan->barrierModel,
                  c.mode == DLC_MEMORY_FLAT ? "none" : "bar_sync");
  return true;
}

/* Whether `v` is an "algo_choice" object of the attention plan-file
 * entry: members "attention" (the SM90 consumers' schedule) and "grid"
 * (the SM90 kernel's grid), names, copied into algo / grid. */
static bool attentionAlgoChoice(const DlcJsonValue *v, char algo[DLC_PLAN_NAME],
                                char grid[DLC_PLAN_NAME]) {
  if (v->kind != DlcJsonValueObject || v->count == 0)
    return false;
  for (size_t m = 0; m < v->count; ++m) {
    const DlcJsonValue *name = &v->items[m];
    bool isAlgo = strcmp(v->keys[m], "attention") == 0;
    if ((!isAlgo && strcmp(v->keys[m], "grid") != 0) ||
        name->kind != DlcJsonValueString || !dlcPlanIsName(name->string))
      return false;
  }
  for (size_t m = 0; m < v->count; ++m)
    dlcPlanCopyName(strcmp(v->keys[m], "grid") == 0 ? grid : algo,
                    v->items[m].string);
  return true;
}

/* The skeleton a plan-file entry naming attention region `func` forces:
 * its fields (besides "region") are "barrier_model", "cp_async_group"
 * for the SM80 flash kernel or "mbarrier" for the SM90 one, and
 * "algo_choice": {"attention": NAME, "grid": NAME}, the SM90 consumers'
 * schedule and grid, either or both (convert-plan-to-dlcgpu checks the
 * NAMEs; the rest of the plan is that skeleton's one shape). `*sm90`,
 * `algo` and `grid` are left alone when no entry names the region; false
 * after an E1601 for any other field. */
static bool attentionPlanFileChoice(MlirOperation func,
                                    const DlcJsonValue *planFile,
                                    const char *path, bool *used, bool *sm90,
                                    char algo[DLC_PLAN_NAME],
                                    char grid[DLC_PLAN_NAME]) {
  MlirStringRef name = mlirStringAttrGetValue(mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("rbssa.region")));
  size_t count = 0;
  const DlcJsonValue *entries =
      planFile ? planFileEntries(planFile, &count) : NULL;
  for (size_t i = 0; i < count; ++i) {
    const DlcJsonValue *entry = &entries[i];
    const DlcJsonValue *region = entryRegion(entry);
    if (!region || strlen(region->string) != name.length ||
        strncmp(region->string, name.data, name.length) != 0)
      continue;
    used[i] = true;
    for (size_t k = 0; k < entry->count; ++k) {
      const DlcJsonValue *v = &entry->items[k];
      if (strcmp(entry->keys[k], "region") == 0)
        continue;
      bool model = strcmp(entry->keys[k], "barrier_model") == 0;
      if (model && v->kind == DlcJsonValueString &&
          (strcmp(v->string, "cp_async_group") == 0 ||
           strcmp(v->string, "mbarrier") == 0)) {
        *sm90 = strcmp(v->string, "mbarrier") == 0;
        continue;
      }
      if (strcmp(entry->keys[k], "algo_choice") == 0 &&
          attentionAlgoChoice(v, algo, grid))
        continue;
      dlcEmitDiagnostic(func, &dlcPlanFileInvalid,
                        "write only \"barrier_model\": \"cp_async_group\" "
                        "(the SM80 flash kernel) or \"mbarrier\" (the SM90 "
                        "one) and \"algo_choice\": {\"attention\": NAME, "
                        "\"grid\": NAME}; "
                        "the rest is the skeleton's shape "
                        "(docs/passes/convert-rbssa-to-plan.md)",
                        "plan-file '%s': field '%s' (line %d, column %d) is "
                        "not read for attention region '%.*s'",
                        path, entry->keys[k], v->line, v->column,
                        (int)name.length, name.data);
      return false;
    }
  }
  return true;
}

/* The SM90 flash plan's shape for consumer schedule `algo`: BM the
 * schedule's (128 where the name is unknown: the converter rejects it),
 * BN 128, and a third K/V stage where it fits (slack for the consumers'
 * drift, whose releases the producer waits for), a fourth at D = 64
 * (three consumers, run fa5-3: +0.7 % non-causal, +2.5 % causal; two,
 * with the persistent grid's second Q buffer, run fa10-4: +2.3 to +4.5 %
 * causal). The fit is checked with the persistent grid's footprint, the
 * largest. */
static void sm90AttentionShape(const Options *o, const KpAttention *a,
                               const char *algo, DlcPlan *plan) {
  int64_t rows = dlcAttnScheduleRows(algo);
  plan->tile[0] = rows ? rows : 128, plan->stages = 2;
  plan->tile[1] = dlcSm90AttentionKeyTile(plan->tile[2]);
  for (int64_t stages = plan->tile[2] == 64 ? 4 : 3; stages > 2; --stages) {
    DlcAttnTiling deep = {plan->tile[0],     plan->tile[1],
                          plan->tile[2],     stages,
                          DLC_ATTN_PINGPONG, DLC_ATTN_GRID_PERSISTENT};
    if (dlcSm90AttentionSmemBytes(&deep, kpElementBytes(a->q.t.element)) <=
        o->target->smemPerCTA) {
      plan->stages = stages;
      return;
    }
  }
}

/* An extent with its symbols at the planner's default size. */
static double extentAtDefault(const KpExtent *e) {
  double v = (double)e->constant;
  for (int i = 0; i < e->numSymbols; ++i)
    v *= DLC_PLAN_DEFAULT_SIZE;
  return v;
}

/* Where print-candidates puts a region's candidates: right after its
 * plan.schedule, the region function's first op. */
static MlirOperation afterSchedule(MlirOperation func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  return mlirOperationGetNextInBlock(mlirBlockGetFirstOperation(body));
}

/* One plan.candidate (print-candidates) before `before`: `plan` with its
 * estimate and why it was chosen or kept. */
static void buildCandidate(MlirOperation before, MlirLocation loc,
                           const DlcPlan *plan, double timeUs,
                           const char *reason) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirNamedAttribute extra[] = {
      dlcNamedAttr(ctx, "time_est_us",
                   mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), timeUs)),
      dlcNamedAttr(ctx, "reason", dlcStringAttr(ctx, reason)),
  };
  buildPlanOp(before, loc, DLC_OP_PLAN_CANDIDATE, plan, extra, 2);
}

/* print-candidates for an SM90 flash plan: after the schedule, each
 * consumer schedule the skeleton implements for this head dimension (three
 * consumers at D = 64 only), the plan's own marked chosen. time_est_us:
 * 4 · batch · Lq · Lk · D FLOPs (symbols at the default size) at the
 * share of the tensor peak each schedule reached on the H200 (runs fa4-2,
 * fa5-3; D = 256 on the H100, run d256-3; the choice follows those
 * measurements, not this estimate). */
static void printAttentionCandidates(MlirOperation func, const Options *o,
                                     const KpAttention *a,
                                     const DlcPlan *chosen) {
  static const struct {
    const char *algo, *what;
    double share[3]; /* of the peak at D = 64, 128, 256 */
  } schedules[] = {
      {"online_softmax.m192",
       "three consumers of 64 rows in turns (D = 64)",
       {0.446, 0, 0}},
      {"online_softmax",
       "two consumers of 64 rows in ping-pong turns",
       {0.405, 0.568, 0.575}},
      {"online_softmax.overlap",
       "two consumers, no turns",
       {0.354, 0.55, 0.577}},
  };
  int64_t dt = kpAttentionTileDim(a->size[KP_K].constant);
  int column = dt == 64 ? 0 : dt == 256 ? 2 : 1;
  double flops = 4.0 * extentAtDefault(&a->size[KP_M]) *
                 extentAtDefault(&a->size[KP_N]) *
                 extentAtDefault(&a->size[KP_K]);
  for (int b = 0; b < a->numBatch; ++b)
    flops *= extentAtDefault(&a->batchSize[b]);
  MlirOperation after = afterSchedule(func);
  MlirLocation loc = mlirOperationGetLocation(func);
  const char *picked = dlcPlanAlgoChoice(chosen, "attention");
  for (size_t i = 0; i < sizeof(schedules) / sizeof(schedules[0]); ++i) {
    double share = schedules[i].share[column];
    if (share == 0)
      continue;
    DlcPlan plan = *chosen;
    dlcPlanCopyName(plan.algoChoice[0].value, schedules[i].algo);
    sm90AttentionShape(o, a, schedules[i].algo, &plan);
    plan.warpTile[1] = plan.tile[1];
    char reason[160];
    snprintf(reason, sizeof(reason), "%s: %s",
             strcmp(picked, schedules[i].algo) == 0 ? "chosen" : "kept",
             schedules[i].what);
    double us = flops / (o->target->peakTflops * 1e6 * share);
    buildCandidate(after, loc, &plan, us, reason);
  }
}

/* An attention output region (rbssa.attention, rbssa-fuse-attention): on
 * a chip with TMA and wgmma, the SM90 flash skeleton (Sm90FlashAttention.c
 * of convert-plan-to-dlcgpu) where it takes the problem: BM = 192 query
 * rows at D = 64 without a causal mask, else 128 (64 per consumer
 * warpgroup; the schedule's
 * algo_choice names it), BN = 128 keys per K/V tile, three
 * stages where they fit the shared memory (else two), barrier_model
 * "mbarrier"; else the SM80 one (FlashAttention.c):
 * BM = 64 (16 per warp), BN = 64, two K/V buffers. BK is the head
 * dimension; both run the online softmax. */
static bool planAttentionRegion(MlirOperation func, const Options *o,
                                const DlcJsonValue *planFile, bool *used,
                                DlcPlan *plan) {
  MlirOperation scores = kpAttentionScores(func);
  KpAttention a;
  const char *why = mlirOperationIsNull(scores)
                        ? "its scores region is not in the module"
                        : kpAttentionReadFused(scores, func, &a);
  if (why) {
    dlcEmitDiagnostic(func, &dlcRegionNotPlannable,
                      "run rbssa-fuse-attention on the unmodified program",
                      "the region carries rbssa.attention but %s", why);
    return false;
  }
  memset(plan, 0, sizeof(*plan));
  /* SM90 (the FlashAttention-3 structure) where the chip has TMA and
   * wgmma and the skeleton takes the problem; else the SM80 kernel; a
   * plan-file may force either (convert-plan-to-dlcgpu then says why the
   * SM90 one cannot be honoured, if it cannot). */
  bool sm90 = o->target->hasWgmma && o->target->hasTma &&
              kpAttentionOnlineProblem(&a) == NULL &&
              dlcSm90AttentionProblem(&a) == NULL;
  char algo[DLC_PLAN_NAME] = "";
  char grid[DLC_PLAN_NAME] = "";
  if (!attentionPlanFileChoice(func, planFile, o->planFile, used, &sm90, algo,
                               grid))
    return false;
  /* The SM80 kernel's registers do not take D = 256: refused here rather
   * than left to spill (or to two unfused regions). */
  if (!sm90 && !dlcFlashAttentionTakes(func, &dlcRegionNotPlannable,
                                       "compile for chip=sm_90a (the SM90 "
                                       "flash skeleton takes D = 256 with "
                                       "16-byte-aligned rows of Q, K and V)",
                                       &a))
    return false;
  /* A forced grid stays in the plan even beside the SM80 kernel, whose
   * converter then refuses it rather than the plan dropping it unsaid. */
  bool forcedGrid = grid[0] != '\0';
  /* The tile width: D padded to 64, 128 or 256 (kpAttentionTileDim; 0
   * for a symbolic D, which neither kernel takes). The kernels' tiles,
   * registers and schedules are those of the tile width. */
  int64_t dt =
      a.size[KP_K].numSymbols ? 0 : kpAttentionTileDim(a.size[KP_K].constant);
  if (!forcedGrid)
    dlcPlanCopyName(grid, a.mask == KP_ATTN_MASK_CAUSAL
                              ? (dt == 256 ? DLC_ATTN_D256_CAUSAL_GRID
                                           : DLC_ATTN_DEFAULT_CAUSAL_GRID)
                          : dt == 128 ? DLC_ATTN_D128_GRID
                                      : DLC_ATTN_DEFAULT_GRID);
  /* Unforced: at D = 64 without a causal mask three consumers of 64 rows
   * (O's accumulator leaves them room at 160 registers; run fa5-5, the
   * persistent grid: 457 against two's 418 TFLOP/s), else two (causal at
   * D = 64: three 229, two 342 in run fa5-5). */
  if (!algo[0])
    dlcPlanCopyName(algo, sm90 && dt == 64 && a.mask != KP_ATTN_MASK_CAUSAL
                              ? "online_softmax.m192"
                              : "online_softmax");
  plan->tile[0] = 64, plan->tile[1] = 64, plan->stages = 2;
  plan->tile[2] = dt;
  if (sm90)
    sm90AttentionShape(o, &a, algo, plan);
  plan->warpTile[0] = sm90 ? 64 : 16, plan->warpTile[1] = plan->tile[1];
  plan->asyncEnable = true;
  plan->asyncPrefetchDepth = plan->stages - 1;
  dlcPlanCopyName(plan->vectorizeAxis, "d");
  plan->vectorizeWidth = 8;
  dlcPlanCopyName(plan->arch, o->target->family);
  plan->numAlgoChoice = 1;
  dlcPlanCopyName(plan->algoChoice[0].key, "attention");
  dlcPlanCopyName(plan->algoChoice[0].value, algo);
  if (a.hasLse) { /* one f32 a query row, stored by the epilogue */
    plan->numAlgoChoice = 2;
    dlcPlanCopyName(plan->algoChoice[1].key, "lse");
    dlcPlanCopyName(plan->algoChoice[1].value, "epilogue");
  }
  if (sm90 || forcedGrid) { /* the SM90 kernel's grid (Sm90FlashSchedule.c) */
    DlcPlanPair *choice = &plan->algoChoice[plan->numAlgoChoice++];
    dlcPlanCopyName(choice->key, "grid");
    dlcPlanCopyName(choice->value, grid);
  }
  dlcPlanCopyName(plan->barrierModel, sm90 ? "mbarrier" : "cp_async_group");
  MlirBlock regionBody =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  eraseOldPlan(regionBody);
  buildPlanOp(mlirBlockGetFirstOperation(regionBody),
              mlirOperationGetLocation(func), DLC_OP_PLAN_SCHEDULE, plan, NULL,
              0);
  if (o->printCandidates && sm90)
    printAttentionCandidates(func, o, &a, plan);
  return true;
}

/* Whether the GEMM skeletons take the contraction of `func`: the planner's
 * region facts and the kernel-problem model read it (one axis per role, or
 * an implicit GEMM) and both factors are f16 or both bf16. Probed quietly:
 * a contraction they do not take (f32 factors, two axes in one role of a
 * GEMM, KCRS weights with NHWC activations) goes to the memory-bound
 * skeleton, whose serial loops compute any contraction. */
static bool gemmSkeletonsTake(MlirOperation func, const DlcPlanSizes *sizes,
                              DlcFirstDiagnostic *why) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirDiagnosticHandlerID quiet = mlirContextAttachDiagnosticHandler(
      ctx, dlcDiagnosticKeepFirst, why, NULL);
  DlcPlanRegion *region = malloc(sizeof(DlcPlanRegion));
  KpProblem *p = malloc(sizeof(KpProblem));
  bool read = region && p && dlcPlanRegionRead(func, sizes, region) &&
              kpProblemRead(func, p);
  bool takes = read && (p->a.element == KP_F16 || p->a.element == KP_BF16) &&
               p->a.element == p->b.element;
  if (read && !takes && !why->seen) {
    why->seen = true;
    why->loc = mlirOperationGetLocation(func);
    snprintf(why->message, sizeof(why->message),
             "the factors are %s and %s; the tensor-core skeletons take f16 "
             "or bf16 factors of one type",
             kpElementName(p->a.element), kpElementName(p->b.element));
  }
  free(p);
  free(region);
  mlirContextDetachDiagnosticHandler(ctx, quiet);
  return takes;
}

/* W1602 at `func`: its contraction goes to the memory-bound skeleton
 * (CUDA cores) because the GEMM family declined it for `why` (its first
 * diagnostic, without the GEMM family's generic suggestion), so that a
 * user who expected the tensor cores learns it and the reason. */
static void warnGemmDeclined(MlirOperation func,
                             const DlcFirstDiagnostic *why) {
  const char *reason = why->seen ? why->message : "no reason given";
  const char *cut = strstr(reason, "; suggestion: ");
  int length = cut ? (int)(cut - reason) : (int)strlen(reason);
  dlcEmitDiagnostic(
      func, &dlcGemmDeclined,
      "change what the reason names to get a tensor-core plan "
      "(docs/passes/convert-rbssa-to-plan.md, \"Contractions the GEMM "
      "skeletons do not take\")",
      "this contraction is planned on the memory-bound skeleton (CUDA cores, "
      "far below the tensor cores) because the GEMM skeletons do not take "
      "it: %.*s",
      length, reason);
}

/* Whether the memory-bound model reads `func` (probed quietly). */
static bool memoryModelTakes(MlirOperation func) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirDiagnosticHandlerID quiet =
      mlirContextAttachDiagnosticHandler(ctx, dlcDiagnosticDrop, NULL, NULL);
  KpMemoryProblem *p = malloc(sizeof(KpMemoryProblem));
  bool takes = p && kpMemoryProblemRead(func, p);
  free(p);
  mlirContextDetachDiagnosticHandler(ctx, quiet);
  return takes;
}

/* A depthwise or grouped convolution (an implicit GEMM with a batch role)
 * whose tensor-core estimate loses to the memory-bound skeleton's (each
 * output a serial KH·KW·Cg dot product on the CUDA cores): the narrow n
 * of a group wastes most of an MMA tile. A plan-file entry for the region
 * keeps the GEMM plan it describes. */
static bool memoryBoundCheaper(MlirOperation func, const Options *o,
                               const DlcJsonValue *planFile,
                               const DlcPlanRegion *region,
                               const DlcPlanProblem *problem,
                               const DlcCandidate *gemm) {
  if (!region->implicit || problem->batch <= 1)
    return false;
  char name[DLC_PLAN_NAME];
  dlcPlanRegionName(func, name);
  if (planFile && planFileNames(planFile, name))
    return false;
  return dlcPlanMemoryBoundUs(o->target, problem) < gemm->timeUs &&
         memoryModelTakes(func);
}

/* The memory-bound plan of a contraction memoryBoundCheaper or the GEMV
 * rule (`gemv`, else NULL) chose, with its estimate `us` and the
 * tensor-core plan's it beat, `gemmUs`. */
static bool planMemoryInstead(MlirOperation func, const Options *o,
                              const DlcPlanProblem *problem,
                              const DlcPlanGemv *gemv, double us, double gemmUs,
                              DlcPlan *plan) {
  if (!planMemoryRegion(func, o, NULL, NULL, gemv, plan))
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirContext ctx = mlirOperationGetContext(func);
  char at[160];
  snprintf(at, sizeof(at), "batch=%.0f MxNxK=%.0fx%.0fx%.0f", problem->batch,
           problem->m, problem->n, problem->k);
  MlirNamedAttribute estimate[] = {
      dlcNamedAttr(ctx, "time_est_us",
                   mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), us)),
      dlcNamedAttr(ctx, "time_est_at", dlcStringAttr(ctx, at)),
      dlcNamedAttr(ctx, "gemm_time_est_us",
                   mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), gemmUs)),
  };
  eraseOldPlan(body);
  buildPlanOp(mlirBlockGetFirstOperation(body), mlirOperationGetLocation(func),
              DLC_OP_PLAN_SCHEDULE, plan, estimate, 3);
  return true;
}

/* Whether a GEMV-like contraction (GemvPlan.c) runs on the memory-bound
 * skeleton: its estimate is no slower than the tensor-core `plan`'s (ties
 * go to it: a tensor-core tile computes 128 rows for one), and no
 * plan-file entry applies to the region (one keeps the GEMM plan it
 * describes). */
static bool gemvCheaper(MlirOperation func, const Options *o,
                        const DlcJsonValue *planFile,
                        const DlcPlanProblem *problem, const DlcPlan *plan,
                        const DlcCandidate *chosen, DlcPlanGemv *gemv,
                        double *gemmUs) {
  char name[DLC_PLAN_NAME];
  dlcPlanRegionName(func, name);
  if (planFile && planFileApplies(planFile, name))
    return false;
  MlirContext ctx = mlirOperationGetContext(func);
  MlirDiagnosticHandlerID quiet =
      mlirContextAttachDiagnosticHandler(ctx, dlcDiagnosticDrop, NULL, NULL);
  bool takes = dlcPlanGemv(func, o->target, problem, gemv);
  mlirContextDetachDiagnosticHandler(ctx, quiet);
  *gemmUs = strcmp(plan->barrierModel, "mbarrier") == 0
                ? dlcPlanSm90Us(o->target, problem, plan)
                : chosen->timeUs;
  return takes && gemv->timeUs <= *gemmUs;
}

/* print-candidates for a GEMV plan: the memory-bound plan chosen, then the
 * SM90 tiles it beat (`gemm`, the tensor-core plan), each kept. */
static void printGemvCandidates(MlirOperation func, const Options *o,
                                const DlcPlanProblem *problem,
                                const DlcPlan *gemm, const DlcPlan *chosen,
                                const DlcPlanGemv *gemv) {
  MlirOperation first = afterSchedule(func);
  MlirLocation loc = mlirOperationGetLocation(func);
  char reason[220];
  snprintf(reason, sizeof(reason), "chosen: %s", gemv->reason);
  buildCandidate(first, loc, chosen, gemv->timeUs, reason);
  DlcPlanSm90Candidate sm90[DLC_PLAN_SM90_CANDIDATES];
  int n = dlcPlanSm90Candidates(func, o->target, problem, gemm, sm90);
  for (int i = 0; i < n; ++i) {
    const char *why = sm90[i].reason;
    if (strncmp(why, "chosen: ", 8) == 0) /* the GEMM plan's own choice */
      snprintf(reason, sizeof(reason), "kept: %s", why + 8);
    else
      snprintf(reason, sizeof(reason), "%s", why);
    buildCandidate(first, loc, &sm90[i].plan, sm90[i].timeUs, reason);
  }
}

/* Plans one region; on success `*plan` holds the schedule. */
/* The memory-bound mode a plan-file entry naming `func`'s region forces
 * through "algo_choice": {"memory": MODE} (the entry is marked used), or
 * NULL: a contraction then keeps the tensor-core plan an entry describes. */
static const char *planFileMemoryMode(MlirOperation func,
                                      const DlcJsonValue *planFile,
                                      bool *used) {
  char name[DLC_PLAN_NAME];
  dlcPlanRegionName(func, name);
  size_t count = 0;
  const DlcJsonValue *entries =
      planFile ? planFileEntries(planFile, &count) : NULL;
  for (size_t i = 0; i < count; ++i) {
    const DlcJsonValue *region = entryRegion(&entries[i]);
    const DlcJsonValue *algo =
        region && strcmp(region->string, name) == 0
            ? dlcJsonValueGetMember(&entries[i], "algo_choice")
            : NULL;
    const DlcJsonValue *mode = algo && algo->kind == DlcJsonValueObject
                                   ? dlcJsonValueGetMember(algo, "memory")
                                   : NULL;
    if (mode && mode->kind == DlcJsonValueString) {
      used[i] = true;
      return mode->string;
    }
  }
  return NULL;
}

/* The depthwise rule (DepthwisePlan.c): whether a depthwise kernel takes
 * the contraction of `func` (`*dw` its plan: the register or the tile
 * kernel, whichever's estimate is lower, ties to the register kernel;
 * `*other` the other one's, its mode -1 where it cannot compute the
 * region) and either a plan-file entry forces it or its estimate is no
 * slower than both the tensor-core plan's (`gemmUs`) and the flat
 * memory-bound one's (`flatUs`). A plan-file entry forcing a depthwise
 * kernel where it cannot compute the region is an E1601. */
static bool depthwiseChosen(MlirOperation func, const Options *o,
                            const char *forced, const DlcJsonValue *planFile,
                            const DlcPlanProblem *problem, double gemmUs,
                            double flatUs, DlcPlanGemv *dw, DlcPlanGemv *other,
                            bool *failed) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirDiagnosticHandlerID quiet =
      mlirContextAttachDiagnosticHandler(ctx, dlcDiagnosticDrop, NULL, NULL);
  DlcPlanGemv kernels[2];
  bool takes[2];
  DlcMemoryMode modes[2] = {DLC_MEMORY_DEPTHWISE, DLC_MEMORY_DEPTHWISE_TILE};
  for (int i = 0; i < 2; ++i) {
    snprintf(kernels[i].reason, sizeof(kernels[i].reason),
             "it has no group role");
    takes[i] = problem->batch > 1 && dlcPlanDepthwise(func, o->target, problem,
                                                      modes[i], &kernels[i]);
  }
  mlirContextDetachDiagnosticHandler(ctx, quiet);
  bool forceTile = forced && strcmp(forced, "depthwise_tile") == 0;
  int pick = forceTile ||
             (takes[1] && (!takes[0] || kernels[1].timeUs < kernels[0].timeUs));
  if (forced && strcmp(forced, "depthwise") == 0)
    pick = 0;
  *dw = kernels[pick];
  *other = kernels[1 - pick];
  if (!takes[1 - pick])
    other->mode = -1;
  if (forced && (forceTile || strcmp(forced, "depthwise") == 0)) {
    if (!takes[pick]) {
      dlcEmitDiagnostic(func, &dlcPlanFileInvalid,
                        "force \"flat\" or give a tensor-core plan: the "
                        "depthwise kernels need one channel a group, a static "
                        "channel count and NHWC activations and output",
                        "plan-file '%s': algo_choice memory = \"%s\" for a "
                        "region the depthwise %s cannot compute: %s",
                        o->planFile, forced,
                        forceTile ? "tile kernel" : "kernel", dw->reason);
      *failed = true;
    }
    return takes[pick];
  }
  if (forced && strcmp(forced, "flat") != 0) {
    dlcEmitDiagnostic(func, &dlcPlanFileInvalid,
                      "write algo_choice memory = \"depthwise\", "
                      "\"depthwise_tile\" or \"flat\"",
                      "plan-file '%s': algo_choice memory = \"%s\" does not "
                      "apply to a convolution",
                      o->planFile, forced);
    *failed = true;
    return false;
  }
  char name[DLC_PLAN_NAME];
  dlcPlanRegionName(func, name);
  if (forced || (planFile && planFileNames(planFile, name)))
    return false;
  return takes[pick] && dw->timeUs <= gemmUs && dw->timeUs <= flatUs;
}

/* print-candidates for a depthwise plan: the plan chosen, the other
 * depthwise kernel where it can compute the region, the flat memory-bound
 * plan and the tensor-core plan it beat. */
static void printDepthwiseCandidates(
    MlirOperation func, const Options *o, const DlcPlanProblem *problem,
    const DlcPlan *chosen, const DlcPlanGemv *dw, const DlcPlanGemv *other,
    const DlcPlanRegion *region, const DlcCandidate *gemm) {
  MlirOperation first = afterSchedule(func);
  MlirLocation loc = mlirOperationGetLocation(func);
  char reason[260];
  snprintf(reason, sizeof(reason), "chosen: %s", dw->reason);
  buildCandidate(first, loc, chosen, dw->timeUs, reason);
  DlcPlan alternative;
  if (other->mode >= 0 &&
      planMemoryRegion(func, o, NULL, NULL, other, &alternative))
    buildCandidate(first, loc, &alternative, other->timeUs, other->reason);
  DlcPlan flat;
  if (planMemoryRegion(func, o, NULL, NULL, NULL, &flat)) {
    buildCandidate(first, loc, &flat, dlcPlanMemoryBoundUs(o->target, problem),
                   "flat memory-bound plan: a thread per output chunk, each "
                   "reading its whole window");
  }
  DlcPlan point;
  dlcPlanFromCandidate(region, o->target->family, gemm, &point);
  snprintf(reason, sizeof(reason), "tensor-core plan: %s", gemm->reason);
  buildCandidate(first, loc, &point, gemm->timeUs, reason);
}

static bool planRegion(MlirOperation func, const Options *o,
                       const DlcJsonValue *planFile, bool *used,
                       DlcPlan *plan) {
  /* The plans, plan-file entries and kernels name the region by its
   * rbssa.region (dlcPlanRegionName reads it as a string). */
  MlirAttribute regionName = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("rbssa.region"));
  if (!mlirAttributeIsAString(regionName)) {
    dlcEmitDiagnostic(func, &dlcRegionNotPlannable,
                      "give the region a name: rbssa.region = \"<name>\" "
                      "(docs/dialects/rbssa.md)",
                      "rbssa.region is not a string");
    return false;
  }
  /* A contraction the GEMM skeletons cannot take runs on the memory-bound
   * skeleton when its model reads it; otherwise, and for a region carrying
   * Poly-Core's analysis (made for a GEMM plan), the GEMM family's
   * diagnostics say why. */
  /* Attention fused by rbssa-fuse-attention; an unfused one (its model
   * recorded with fused = false) is two ordinary regions. */
  MlirAttribute attention = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("rbssa.attention"));
  MlirAttribute fused = dlcDictionaryAttrGet(attention, "fused");
  if (!mlirAttributeIsNull(fused) && mlirAttributeIsABool(fused) &&
      mlirBoolAttrGetValue(fused))
    return planAttentionRegion(func, o, planFile, used, plan);
  bool analysed = !mlirAttributeIsNull(mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("polycore.analysis")));
  bool contraction = kpRegionHasContraction(func);
  if (contraction && !dlcPlanRegionNamesFit(func))
    return false;
  DlcFirstDiagnostic declined = {0};
  bool memory = !contraction ||
                (!analysed && !gemmSkeletonsTake(func, &o->sizes, &declined) &&
                 memoryModelTakes(func));
  if (memory) {
    if (contraction)
      warnGemmDeclined(func, &declined);
    if (!planMemoryRegion(func, o, planFile, used, NULL, plan))
      return false;
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
    eraseOldPlan(body);
    buildPlanOp(mlirBlockGetFirstOperation(body),
                mlirOperationGetLocation(func), DLC_OP_PLAN_SCHEDULE, plan,
                NULL, 0);
    return true;
  }
  DlcPlanRegion region;
  if (!dlcPlanRegionRead(func, &o->sizes, &region))
    return false;
  DlcPlanProblem problem;
  dlcPlanProblemFromRegion(&region, &problem);
  DlcCandidate candidates[DLC_PLAN_MAX_CANDIDATES];
  int chosen = 0;
  int n = dlcPlanSearch(o->target, &problem, candidates, &chosen);
  const char *forced = planFileMemoryMode(func, planFile, used);
  double flatUs = dlcPlanMemoryBoundUs(o->target, &problem);
  DlcPlanGemv dw, otherDw;
  bool failed = false;
  if (depthwiseChosen(func, o, forced, planFile, &problem,
                      candidates[chosen].timeUs, flatUs, &dw, &otherDw,
                      &failed)) {
    if (!planMemoryInstead(func, o, &problem, &dw, dw.timeUs,
                           candidates[chosen].timeUs, plan))
      return false;
    if (o->printCandidates)
      printDepthwiseCandidates(func, o, &problem, plan, &dw, &otherDw, &region,
                               &candidates[chosen]);
    return true;
  }
  if (failed)
    return false;
  if (forced && strcmp(forced, "flat") == 0)
    return planMemoryInstead(func, o, &problem, NULL, flatUs,
                             candidates[chosen].timeUs, plan);
  if (memoryBoundCheaper(func, o, planFile, &region, &problem,
                         &candidates[chosen]))
    return planMemoryInstead(func, o, &problem, NULL,
                             dlcPlanMemoryBoundUs(o->target, &problem),
                             candidates[chosen].timeUs, plan);
  dlcPlanFromCandidate(&region, o->target->family, &candidates[chosen], plan);
  if (!dlcPlanSm90Grouped(func, o->target, &problem, candidates[chosen].timeUs,
                          plan))
    dlcPlanSm90(func, o->target, &problem, plan);
  if (planFile &&
      !applyPlanFile(planFile, o->planFile, &region, o->target, plan, used))
    return false;
  /* Split-K for a problem with fewer tiles than SMs, unless the plan-file
   * states split_k (Sm90Plan.c). */
  dlcPlanSm90SplitK(func, o->target, &problem, plan);
  /* How whole tiles of C go into rows TMA cannot store (Sm90Output.c). */
  dlcPlanSm90Output(func, o->target, &problem, plan);
  DlcPlanGemv gemv;
  double gemmUs;
  if (gemvCheaper(func, o, planFile, &problem, plan, &candidates[chosen], &gemv,
                  &gemmUs)) {
    DlcPlan gemm = *plan;
    if (!planMemoryInstead(func, o, &problem, &gemv, gemv.timeUs, gemmUs, plan))
      return false;
    if (o->printCandidates)
      printGemvCandidates(func, o, &problem, &gemm, plan, &gemv);
    return true;
  }

  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  eraseOldPlan(body);
  MlirOperation first = mlirBlockGetFirstOperation(body);
  MlirLocation loc = mlirOperationGetLocation(func);
  MlirContext ctx = mlirLocationGetContext(loc);
  /* The cost model's estimate describes the chosen candidate (its tile,
   * warp tile and stages): a plan the SM90 rules or a plan file changed
   * there carries none. */
  const DlcCandidate *c = &candidates[chosen];
  bool estimated = plan->stages == c->stages &&
                   !memcmp(plan->tile, c->tile, sizeof(c->tile)) &&
                   !memcmp(plan->warpTile, c->warpTile, sizeof(c->warpTile));
  char batch[48] = "", at[160];
  if (problem.batch > 1)
    snprintf(batch, sizeof(batch), "batch=%.0f ", problem.batch);
  snprintf(at, sizeof(at), "%sMxNxK=%.0fx%.0fx%.0f", batch, problem.m,
           problem.n, problem.k);
  MlirType f64 = mlirF64TypeGet(ctx);
  MlirNamedAttribute estimate[] = {
      dlcNamedAttr(ctx, "time_est_us",
                   mlirFloatAttrDoubleGet(ctx, f64, c->timeUs)),
      dlcNamedAttr(ctx, "occupancy_est",
                   mlirFloatAttrDoubleGet(ctx, f64, c->occupancy)),
      dlcNamedAttr(ctx, "time_est_at", dlcStringAttr(ctx, at)),
  };
  buildPlanOp(first, loc, DLC_OP_PLAN_SCHEDULE, plan, estimate,
              estimated ? 3 : 0);
  if (!o->printCandidates)
    return true;
  for (int i = 0; i < n; ++i) {
    DlcPlan point;
    dlcPlanFromCandidate(&region, o->target->family, &candidates[i], &point);
    buildCandidate(first, loc, &point, candidates[i].timeUs,
                   candidates[i].reason);
  }
  /* The SM90 tiles the planner compared, after the SM80 search's. */
  DlcPlanSm90Candidate sm90[DLC_PLAN_SM90_CANDIDATES];
  int numSm90 = dlcPlanSm90GroupedCandidates(
      func, o->target, &problem, candidates[chosen].timeUs, plan, sm90);
  if (numSm90 < 0)
    numSm90 = dlcPlanSm90Candidates(func, o->target, &problem, plan, sm90);
  for (int i = 0; i < numSm90; ++i) {
    buildCandidate(first, loc, &sm90[i].plan, sm90[i].timeUs, sm90[i].reason);
  }
  return true;
}

/* The barrier_model a plan-file entry that applies to region `name`
 * states (an entry naming it, or one without "region"), or NULL. */
static const char *planFileBarrier(const DlcJsonValue *root, const char *name) {
  size_t count;
  const DlcJsonValue *entries = planFileEntries(root, &count);
  for (size_t i = 0; i < count; ++i) {
    const DlcJsonValue *region = entryRegion(&entries[i]);
    const DlcJsonValue *barrier =
        entries[i].kind == DlcJsonValueObject
            ? dlcJsonValueGetMember(&entries[i], "barrier_model")
            : NULL;
    if ((!region || strcmp(region->string, name) == 0) && barrier &&
        barrier->kind == DlcJsonValueString)
      return barrier->string;
  }
  return NULL;
}

/* Whether NCHW convolution `func` (dlcPlanConvTransposed; *layout false
 * for any other region) takes the layout transform and the SM90
 * skeleton: as a plan-file entry for it states barrier_model, else as the
 * planner chooses for the NCHW region without the plan-file — which
 * leaves that plan in `func` (*probed), its candidates the record of the
 * choice. The plan-file applies to the region the choice makes: after the
 * transform, one reading the intermediates (as print-plan writes it). */
static bool chooseConvLayout(MlirOperation func, const Options *o,
                             const DlcJsonValue *planFile, bool *used,
                             bool *layout, bool *probed) {
  int args[DLC_PLAN_CONV_LAYOUT];
  *layout = *probed = false;
  if (!mlirAttributeIsAString(dlcOperationAttrGet(func, "rbssa.region")) ||
      !dlcPlanConvTransposed(func, args))
    return true;
  char name[DLC_PLAN_NAME];
  dlcPlanRegionName(func, name);
  const char *forced = planFile ? planFileBarrier(planFile, name) : NULL;
  if (forced) {
    *layout = strcmp(forced, "mbarrier") == 0;
    return true;
  }
  DlcPlan probe;
  if (!planRegion(func, o, NULL, used, &probe))
    return false;
  *probed = true;
  *layout = strcmp(probe.barrierModel, "mbarrier") == 0;
  return true;
}

/* Plans convolution `func` again once it reads the NHWC / KRSC
 * intermediates (its plan names the tensors it reads). The candidates of
 * the first planning stay: they record the choice of the transform. */
static bool replanConv(MlirOperation func, const Options *o,
                       const DlcJsonValue *planFile, bool *used,
                       DlcPlan *plan) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  intptr_t count = 0;
  MlirOperation *kept = dlcBlockOpsCollect(body, dlcPlanIsCandidate, &count);
  for (intptr_t i = 0; i < count; ++i)
    mlirOperationRemoveFromParent(kept[i]);
  Options silent = *o;
  silent.printCandidates = false;
  bool ok = planRegion(func, &silent, planFile, used, plan);
  MlirOperation at = mlirBlockGetFirstOperation(body);
  for (intptr_t i = 0; i < count; ++i) {
    if (ok)
      mlirBlockInsertOwnedOperationAfter(body, at, kept[i]);
    else
      mlirOperationDestroy(kept[i]);
    at = kept[i];
  }
  free(kept);
  return ok;
}

static bool writePlans(const char *path, const DlcPlan *plans,
                       char (*names)[DLC_PLAN_NAME], int count,
                       MlirOperation at) {
  bool toStdout = strcmp(path, "-") == 0;
  FILE *out = toStdout ? stdout : fopen(path, "w");
  if (!out) {
    dlcEmitDiagnostic(at, &dlcPlanOptionInvalid,
                      "give print-plan a writable path, or - for stdout",
                      "option 'print-plan': cannot open '%s': %s", path,
                      strerror(errno));
    return false;
  }
  if (count == 1) {
    dlcPlanWriteJson(out, names[0], &plans[0], 0);
  } else {
    fputs("[", out);
    for (int i = 0; i < count; ++i) {
      fputs(i ? ",\n  " : "\n  ", out);
      dlcPlanWriteJson(out, names[i], &plans[i], 2);
    }
    fputs(count ? "\n]" : "]", out);
  }
  fputc('\n', out);
  bool ok = !ferror(out);
  if (toStdout)
    fflush(out);
  else
    ok &= fclose(out) == 0;
  if (!ok)
    dlcEmitDiagnostic(at, &dlcPlanOptionInvalid,
                      "give print-plan a writable path, or - for stdout",
                      "option 'print-plan': writing '%s' failed", path);
  return ok;
}

static void runRBSSAToPlan(MlirOperation root, MlirExternalPass pass,
                           const DlcPassOptions *options) {
  DlcFunctionList regions = {0};
  dlcFunctionListCollect(&regions, root, isPlannedRegion);
  MlirOperation at = regions.count ? regions.funcs[0] : root;
  Options o;
  memset(&o, 0, sizeof(o));
  char error[512];
  DlcJsonValue *planFile = NULL;
  DlcPlan *plans = NULL;
  char(*names)[DLC_PLAN_NAME] = NULL;
  bool *used = NULL;
  bool ok = !regions.outOfMemory;

  if (ok && !readOptions(options, &o, error, sizeof(error))) {
    dlcEmitDiagnostic(at, &dlcPlanOptionInvalid,
                      "see --list-passes for the options of "
                      "convert-rbssa-to-plan",
                      "%s", error);
    ok = false;
  }
  /* The module is compiled for this chip from here on: the skeletons and
   * the manifest read it back (lib/Target/Target.h). */
  if (ok) {
    MlirContext ctx = mlirOperationGetContext(root);
    mlirOperationSetAttributeByName(
        root, mlirStringRefCreateFromCString(DLC_TARGET_ATTR),
        dlcStringAttr(ctx, o.table->chip));
    /* device=sms= names another product of the chip: its SM count sizes
     * the kernels' grids too (persistent, split-K's cooperative one). */
    MlirStringRef sms = mlirStringRefCreateFromCString(DLC_TARGET_SMS_ATTR);
    if (o.targetFigures.sms != o.table->sms)
      mlirOperationSetAttributeByName(
          root, sms,
          mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), o.targetFigures.sms));
    else
      mlirOperationRemoveAttributeByName(root, sms);
  }
  if (ok && o.planFile[0]) {
    planFile = dlcJsonValueParseFile(o.planFile, error, sizeof(error));
    if (!planFile) {
      dlcEmitDiagnostic(at, &dlcPlanFileInvalid,
                        "give plan-file a readable §8.1 JSON file",
                        "plan-file '%s': %s", o.planFile, error);
      ok = false;
    }
  }
  size_t numEntries = 0;
  const DlcJsonValue *entries =
      planFile ? planFileEntries(planFile, &numEntries) : NULL;
  /* Each region, and the layout transforms a convolution may add. */
  size_t capacity = (size_t)regions.count * (DLC_PLAN_CONV_LAYOUT + 1) + 1;
  if (ok) {
    plans = calloc(capacity, sizeof(*plans));
    names = calloc(capacity, sizeof(*names));
    used = calloc(numEntries + 1, sizeof(*used));
    ok = plans && names && used;
  }
  int planned = 0;
  for (int i = 0; ok && i < regions.count; ++i) {
    MlirOperation func = regions.funcs[i];
    /* An NCHW convolution on the SM90 skeleton reads NHWC / KRSC
     * intermediates that regions before it write (ConvLayoutSplit.c). */
    DlcPlan plan;
    DlcConvLayoutSplit split;
    bool layout = false, probed = false;
    ok = chooseConvLayout(func, &o, planFile, used, &layout, &probed);
    layout = ok && layout && dlcPlanConvLayoutSplit(func, &split);
    for (int t = 0; ok && layout && t < DLC_PLAN_CONV_LAYOUT; ++t) {
      MlirOperation transform = split.transforms[t];
      if (split.reused[t])
        continue;
      ok = planRegion(transform, &o, planFile, used, &plans[planned]);
      dlcPlanRegionName(transform, names[planned++]);
    }
    if (ok)
      ok = layout && probed ? replanConv(func, &o, planFile, used, &plan)
                            : planRegion(func, &o, planFile, used, &plan);
    if (!ok)
      break;
    /* The plan keeps the name the region was planned under (plan-file
     * entries name it so); the program may rename the region. */
    dlcPlanRegionName(func, names[planned]);
    if (layout)
      dlcPlanConvLayoutProgram(func, &split);
    plans[planned++] = plan;
  }
  /* An entry naming a region that does not exist is a typo; one without
   * "region" that no region took (they apply to the contractions planned
   * on the tensor cores) would be ignored without a word. */
  for (size_t i = 0; ok && i < numEntries; ++i) {
    const DlcJsonValue *entry = &entries[i];
    const DlcJsonValue *name = entryRegion(entry);
    if (!used[i] && name) {
      dlcEmitDiagnostic(at, &dlcPlanFileInvalid,
                        "name an rbssa.region of this module",
                        "plan-file '%s': the entry for region '%.60s' (line "
                        "%d) matches no region",
                        o.planFile, name->string, entry->line);
      ok = false;
    } else if (!used[i]) {
      dlcEmitDiagnostic(at, &dlcPlanFileInvalid,
                        "give the entry \"region\": \"<rbssa.region>\" to "
                        "force a memory-bound, depthwise or attention "
                        "region's plan",
                        "plan-file '%s': the entry without \"region\" (line "
                        "%d) applies to no region: such entries apply to the "
                        "contractions planned on the tensor cores, and this "
                        "module has none",
                        o.planFile, entry->line);
      ok = false;
    }
  }
  if (ok && o.printPlan[0])
    ok = writePlans(o.printPlan, plans, names, planned, at);

  dlcJsonValueDestroy(planFile);
  free(used);
  free(names);
  free(plans);
  dlcFunctionListClear(&regions);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const DlcPassOptionInfo kOptions[] = {
    {"chip",
     "target chip, a row of the target table (docs/target.md): its limits "
     "and figures steer the search, its family is the plan's arch, and it "
     "is recorded on the module as " DLC_TARGET_ATTR,
     DLC_TARGET_DEFAULT_CHIP},
    {"arch", "alias of chip (a family name stands for its reference chip)", ""},
    {"device",
     "override figures of the chip's table row, FIGURE=VALUE,... (sms, "
     "clock-ghz, peak-tflops, mma-sync-fraction, dram-tbs, l2-tbs, "
     "smem-per-sm, smem-per-cta, regs-per-sm, load-latency-cycles)",
     ""},
    {"sizes",
     "nominal sizes for the cost model, SYMBOL=SIZE,...; unlisted symbols "
     "are 4096",
     "M=4096,N=4096,K=4096"},
    {"plan-file",
     "a §8.1 JSON plan whose fields replace the chosen ones (validated)", ""},
    {"print-plan", "write the chosen plans as §8.1 JSON to PATH (- = stdout)",
     ""},
    {"print-candidates",
     "leave every evaluated point as a plan.candidate op (true/false)",
     "false"},
};

const DlcPassDef dlcConvertRBSSAToPlanPass = {
    {"convert-rbssa-to-plan",
     "Choose a §8.1 schedule for every rbssa region with the §11 cost model "
     "and write it as plan.schedule",
     "builtin.module", (int)(sizeof(kOptions) / sizeof(kOptions[0])), kOptions},
    runRBSSAToPlan,
};
