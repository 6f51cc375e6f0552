/* The planner's rule for grouped convolutions on the SM90 skeleton
 * (docs/passes/convert-rbssa-to-plan.md, "Depthwise and grouped
 * convolutions"): the group is the implicit GEMM's batch role, and a CTA
 * tile computes either one group (n = Cog) or, for narrow groups, 64 / Cg
 * of them at once (algo_choice group_pack: block-diagonal weights, every
 * channel of A's 64-channel k tile used; 128 or 256 rows). Both are estimated
 * against the SM80 skeleton's plan, whose estimate the caller gives. */
#include "../PlanToDLCGPU/Skeleton.h"
#include "Plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A k step of a grouped conv's 128 x 64 tile (its TMA loads and 64-deep
 * MMAs) against the tensor pipe's peak: 0.39-0.40 us where the peak's is
 * 0.14 on the H200, Cg = 64 (bench/RESULTS.md run grp-1). */
static const double kStepCost = 2.8;
/* Narrow groups' rows cost more a step: one group a tile reads Cg-channel
 * pixels (0.49 us a step at Cg = 16, 0.99 at 8: run grp-1), a packed tile
 * P boxes of Cg-wide weight rows (0.56 us at P = 4, Cg = 16; 1.45 at P =
 * 8, Cg = 8: run grp-2); fitted as 1 + c·(8 / Cg)², with c = 1.5 for one
 * group and 0.34·P packed. A packed 256-row step adds the same (run gp-1,
 * H100: 1.74 us at P = 8, 0.88 at P = 4; this rule 1.85 and 0.92). */
static const double kNarrowOne = 1.5, kNarrowPacked = 0.34;
/* A packed step whose weights the ring keeps (no B boxes) still costs
 * 1.54x a 128-row step's base: 0.60 us at P = 8 and 0.57 at P = 4 on the
 * H100 (run gp-2), whatever Cg. */
static const double kKept = 0.54;
/* The SM80 plan's estimate of these convs under its measured time: 1.8 -
 * 2.2x at Cg = 8, 16 and 64 (runs grp-1, grp-2). */
static const double kSm80Under = 2.0;

/* A grouped conv the SM90 skeleton takes (its B staged by TMA, A through
 * the 5-D im2col map), read as `im`, with its packing (1: none). */
typedef struct Grouped {
  DlcIm2col im;
  int64_t pack, cog;
  bool staged;
} Grouped;

static bool readGrouped(MlirOperation func, const DlcTarget *target,
                        Grouped *out) {
  if (!target->hasWgmma)
    return false;
  KpProblem *p = malloc(sizeof(KpProblem));
  bool ok = p && kpProblemRead(func, p) && p->implicit && p->has[KP_BATCH] &&
            (p->a.element == KP_F16 || p->a.element == KP_BF16) &&
            p->a.element == p->b.element && !dlcSm90Im2col(p, &out->im) &&
            out->im.groups > 1 && out->im.channels > 0 &&
            !dlcSm90StagingProblem(&p->b, KP_N) &&
            kpExtentIs(&p->size[KP_N], p->size[KP_N].constant);
  if (ok) {
    out->pack = dlcSm90GroupPack(p, &out->im);
    out->cog = p->size[KP_N].constant;
    out->staged = !dlcSm90StagedEpilogueProblem(p);
  }
  free(p);
  return ok;
}

/* One group a tile: 64 columns for Cog <= 64, else 128. */
static int64_t oneGroupN(const Grouped *gr) { return gr->cog <= 64 ? 64 : 128; }

/* Rounds of the plan's bm x bn tiles (per block of `pack` groups, the
 * persistent grid's x) times k steps (KH·KW taps of ceil(channels / 64)
 * blocks) at the measured step cost; never below DRAM. The narrow rows'
 * extra cost is a step's, whatever its height: a packed tile's P weight
 * boxes are the same for 128 or 256 rows of A, and none once a ring of a
 * multiple of the taps keeps them (convert-plan-to-dlcgpu.md). */
static double groupedUs(const DlcTarget *target, const DlcPlanProblem *problem,
                        const Grouped *gr, int64_t pack, const DlcPlan *plan) {
  int64_t bm = plan->tile[0], bn = plan->tile[1];
  int64_t taps = gr->im.taps[0] * gr->im.taps[1];
  double blocks = problem->batch / (double)pack;
  double tiles = ceil(problem->m / (double)bm) * ceil(problem->n * pack / bn);
  double rounds = blocks * ceil(tiles / target->sms);
  double kTiles = (double)taps * ceil((double)(gr->im.channels * pack) / 64.0);
  double narrow = 8.0 / (double)gr->im.channels;
  double extra = pack == 1 ? kNarrowOne * narrow * narrow
                 : plan->stages % taps != 0
                     ? kNarrowPacked * (double)pack * narrow * narrow
                     : kKept;
  double rowUs = (double)bn * 64 * 2 /
                 (target->peakTflops * 1e6 / target->sms) * kStepCost;
  double stepUs = rowUs * ((double)bm + 128.0 * extra);
  double dramUs = problem->dramBytes / (target->dramTBs * 1e6);
  return fmax(rounds * kTiles * stepUs, dramUs);
}

static void setPack(int64_t pack, DlcPlan *plan) {
  dlcPlanDropAlgoChoice(plan, "group_pack");
  if (pack > 1 && plan->numAlgoChoice < DLC_PLAN_MAX_ENTRIES) {
    DlcPlanPair *pair = &plan->algoChoice[plan->numAlgoChoice++];
    dlcPlanCopyName(pair->key, "group_pack");
    snprintf(pair->value, sizeof(pair->value), "%lld", (long long)pack);
  }
}

/* A ring of stages a multiple of the taps (the most that fit, direct
 * epilogue), which keeps a packed tile's weights; false if none fits. */
static bool keepWeights(const DlcTarget *target, const Grouped *gr,
                        DlcPlan *plan) {
  int64_t taps = gr->im.taps[0] * gr->im.taps[1];
  plan->asyncEpilogueOverlap = false;
  for (int64_t s = DLC_PLAN_MAX_STAGES / taps * taps; s >= 2 && s >= taps;
       s -= taps) {
    plan->stages = s;
    plan->asyncPrefetchDepth = s - 1;
    if (dlcPlanStageBytes(plan, 2, target->smemPerCTA) <=
        target->smemPerCTA - DLC_PLAN_SMEM_RESERVE)
      return true;
  }
  return false;
}

/* The packed plan: 128 x P·Cog tiles, 256 rows (two consumers of 128,
 * P·Cog <= 128) sharing a step's P weight boxes between twice the rows,
 * or 128 rows with a ring that keeps the weights (no boxes past a stage's
 * first use), whichever the estimate makes fastest (run gp-1). */
static double packedPlan(const DlcTarget *target, const DlcPlanProblem *problem,
                         const Grouped *gr, DlcPlan *plan) {
  int64_t bn = gr->pack * gr->cog;
  DlcPlan base = *plan;
  dlcPlanSm90SetTile(target, 128, bn, gr->staged, false, &base);
  setPack(gr->pack, &base);
  DlcPlan best = base;
  double bestUs = groupedUs(target, problem, gr, gr->pack, &best);
  for (int i = 0; i < 2; ++i) {
    DlcPlan c = base;
    if (i == 0 && bn <= 128)
      dlcPlanSm90SetTile(target, 256, bn, gr->staged, false, &c);
    else if (i == 0 || !keepWeights(target, gr, &c))
      continue;
    double us = groupedUs(target, problem, gr, gr->pack, &c);
    if (us < bestUs)
      best = c, bestUs = us;
  }
  *plan = best;
  return bestUs;
}

/* Sets `plan` to one group a tile or the packed plan; its estimate. */
static double setGrouped(const DlcTarget *target, const DlcPlanProblem *problem,
                         const Grouped *gr, bool packed, DlcPlan *plan) {
  if (packed)
    return packedPlan(target, problem, gr, plan);
  dlcPlanSm90SetTile(target, 128, oneGroupN(gr), gr->staged, false, plan);
  setPack(1, plan);
  return groupedUs(target, problem, gr, 1, plan);
}

bool dlcPlanSm90Grouped(MlirOperation func, const DlcTarget *target,
                        const DlcPlanProblem *problem, double sm80Us,
                        DlcPlan *plan) {
  Grouped gr;
  if (!readGrouped(func, target, &gr))
    return false;
  DlcPlan one = *plan, packed = *plan;
  double oneUs = setGrouped(target, problem, &gr, false, &one);
  double packedUs =
      gr.pack > 1 ? setGrouped(target, problem, &gr, true, &packed) : INFINITY;
  if (fmin(oneUs, packedUs) < sm80Us * kSm80Under)
    *plan = packedUs < oneUs ? packed : one;
  return true;
}

int dlcPlanSm90GroupedCandidates(
    MlirOperation func, const DlcTarget *target, const DlcPlanProblem *problem,
    double sm80Us, const DlcPlan *chosen,
    DlcPlanSm90Candidate out[DLC_PLAN_SM90_CANDIDATES]) {
  Grouped gr;
  if (!readGrouped(func, target, &gr))
    return -1;
  bool sm90 = strcmp(chosen->barrierModel, "mbarrier") == 0;
  int count = gr.pack > 1 ? 2 : 1;
  for (int i = 0; i < count; ++i) {
    bool packed = i == 1;
    DlcPlanSm90Candidate *c = &out[i];
    c->plan = *chosen;
    c->timeUs = setGrouped(target, problem, &gr, packed, &c->plan);
    int64_t pack = packed ? gr.pack : 1;
    bool isChosen = sm90 && dlcPlanGroupPack(chosen) == pack;
    snprintf(c->reason, sizeof(c->reason),
             "%s: SM90 %lldx%lld, %lld group%s a tile (estimate): %.0f "
             "blocks of groups, %lld k tiles of 64 channels; the SM80 plan's "
             "estimate %.3g us, measured about %.1fx that",
             isChosen ? "chosen" : "kept", (long long)c->plan.tile[0],
             (long long)c->plan.tile[1], (long long)pack, pack > 1 ? "s" : "",
             problem->batch / pack, (long long)(gr.im.taps[0] * gr.im.taps[1]),
             sm80Us, kSm80Under);
  }
  return count;
}
