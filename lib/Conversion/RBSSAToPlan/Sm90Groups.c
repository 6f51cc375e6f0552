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

/* Rounds of bm x bn tiles (per block of `pack` groups, the persistent
 * grid's x) times k steps (KH·KW taps of ceil(channels / 64) blocks) at
 * the measured step cost; never below DRAM. The narrow rows' extra cost
 * is a step's, whatever its height: a packed tile's P weight boxes are
 * the same for 128 or 256 rows of A. */
static double groupedUs(const DlcTarget *target, const DlcPlanProblem *problem,
                        const Grouped *gr, int64_t pack, int64_t bm,
                        int64_t bn) {
  double blocks = problem->batch / (double)pack;
  double tiles = ceil(problem->m / (double)bm) * ceil(problem->n * pack / bn);
  double rounds = blocks * ceil(tiles / target->sms);
  double kTiles = (double)(gr->im.taps[0] * gr->im.taps[1]) *
                  ceil((double)(gr->im.channels * pack) / 64.0);
  double narrow = 8.0 / (double)gr->im.channels;
  double rowUs = (double)bn * 64 * 2 /
                 (target->peakTflops * 1e6 / target->sms) * kStepCost;
  double stepUs =
      rowUs * ((double)bm +
               128.0 * (pack > 1 ? kNarrowPacked * (double)pack : kNarrowOne) *
                   narrow * narrow);
  double dramUs = problem->dramBytes / (target->dramTBs * 1e6);
  return fmax(rounds * kTiles * stepUs, dramUs);
}

/* A packed tile's height: 256 rows (two consumers of 128) share a step's
 * P weight boxes where 128 rows do not use them enough (run gp-1), unless
 * the taller tiles leave more rounds. */
static int64_t packedM(const DlcTarget *target, const DlcPlanProblem *problem,
                       const Grouped *gr) {
  int64_t bn = gr->pack * gr->cog;
  return groupedUs(target, problem, gr, gr->pack, 256, bn) <
                 groupedUs(target, problem, gr, gr->pack, 128, bn)
             ? 256
             : 128;
}

static void setGrouped(const DlcTarget *target, const DlcPlanProblem *problem,
                       const Grouped *gr, bool packed, DlcPlan *plan) {
  int64_t bn = packed ? gr->pack * gr->cog : oneGroupN(gr);
  int64_t bm = packed && bn <= 128 ? packedM(target, problem, gr) : 128;
  dlcPlanSm90SetTile(target, bm, bn, gr->staged, false, plan);
  dlcPlanDropAlgoChoice(plan, "group_pack");
  if (packed && plan->numAlgoChoice < DLC_PLAN_MAX_ENTRIES) {
    DlcPlanPair *pair = &plan->algoChoice[plan->numAlgoChoice++];
    dlcPlanCopyName(pair->key, "group_pack");
    snprintf(pair->value, sizeof(pair->value), "%lld", (long long)gr->pack);
  }
}

bool dlcPlanSm90Grouped(MlirOperation func, const DlcTarget *target,
                        const DlcPlanProblem *problem, double sm80Us,
                        DlcPlan *plan) {
  Grouped gr;
  if (!readGrouped(func, target, &gr))
    return false;
  double one = groupedUs(target, problem, &gr, 1, 128, oneGroupN(&gr));
  int64_t bn = gr.pack * gr.cog;
  double packed =
      gr.pack > 1
          ? groupedUs(target, problem, &gr, gr.pack,
                      bn <= 128 ? packedM(target, problem, &gr) : 128, bn)
          : INFINITY;
  if (fmin(one, packed) < sm80Us * kSm80Under)
    setGrouped(target, problem, &gr, packed < one, plan);
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
    setGrouped(target, problem, &gr, packed, &c->plan);
    int64_t pack = packed ? gr.pack : 1;
    bool isChosen = sm90 && dlcPlanGroupPack(chosen) == pack;
    c->timeUs =
        groupedUs(target, problem, &gr, pack, c->plan.tile[0], c->plan.tile[1]);
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
