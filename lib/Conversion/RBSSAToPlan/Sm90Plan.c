/* The planner's SM90 rules (docs/passes/convert-rbssa-to-plan.md, "arch
 * and barrier_model", "split_k"): the skeleton and its tile on a chip with
 * wgmma, split-K, and the alternatives print-candidates shows. */
#include "../PlanToDLCGPU/Skeleton.h"
#include "Plan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The wave rule's cost of tile width `bn`: waves of tiles over the SMs
 * times the tile width, 128 counted a tenth dearer per column (half the B
 * reuse). */
static double waveCost(const DlcTarget *target, const DlcPlanProblem *problem,
                       int64_t bn) {
  double tiles = ceil(problem->m / 128) *
                 (problem->batch > 0 ? problem->batch : 1) *
                 ceil(problem->n / (double)bn);
  return ceil(tiles / target->sms) * (double)bn * (bn == 128 ? 1.1 : 1.0);
}

static void setTile(const DlcTarget *target, int64_t bn, DlcPlan *plan) {
  int64_t stageBytes = (128 + bn) * 64 * 2;
  int64_t stages = (target->smemPerCTA - 2048) / stageBytes;
  plan->tile[0] = 128, plan->tile[1] = bn, plan->tile[2] = 64;
  plan->warpTile[0] = 64, plan->warpTile[1] = bn;
  plan->stages = stages > 6 ? 6 : stages;
  plan->asyncPrefetchDepth = plan->stages - 1;
  dlcPlanCopyName(plan->barrierModel, "mbarrier");
}

/* On a chip with wgmma (sm_90a), the SM90 skeleton takes every problem
 * whose operands are f16/bf16 and TMA can stage (Skeleton.h): tile
 * [128, BN, 64] with BN = 256 or 128, whichever the wave rule costs less,
 * and as many stages as shared memory holds (at most 6). The SM80 search's
 * candidates stay the alternative a plan-file can force. An implicit GEMM
 * (a convolution) takes it when TMA's im2col mode can read its activation
 * (dlcSm90Im2col: NHWC, C % 8 == 0, ...); any other stays on the SM80
 * skeleton, whose copies gather. */
void dlcPlanSm90(MlirOperation func, const DlcTarget *target,
                 const DlcPlanProblem *problem, DlcPlan *plan) {
  if (!target->hasWgmma)
    return;
  KpProblem *p = malloc(sizeof(KpProblem));
  bool ok = p && kpProblemRead(func, p) &&
            (p->a.element == KP_F16 || p->a.element == KP_BF16) &&
            p->a.element == p->b.element &&
            (p->implicit ? !dlcSm90Im2col(p, NULL)
                         : !dlcSm90StagingProblem(&p->a, KP_M)) &&
            !dlcSm90StagingProblem(&p->b, KP_N);
  bool implicit = ok && p->implicit;
  free(p);
  if (!ok)
    return;
  /* A convolution's M per image is small (Ho·Wo) and its batch a symbol
   * the nominal sizes overstate: 256-wide tiles left SMs idle (3x3 s2
   * N32 C256 56² → 256 on the H100: 399 TFLOP/s at BN = 256, 470 at 128,
   * bench/RESULTS.md run 24), so it takes 128, or 64 for at most
   * 64 output channels (ResNet's first stages), which would waste half of
   * a 128-wide tile. */
  int64_t widest = implicit ? 128 : 256;
  int64_t narrowest = implicit && problem->n <= 64 ? 64 : 128;
  int64_t bestN = widest;
  double best = -1;
  for (int64_t bn = widest; bn >= narrowest; bn /= 2) {
    double cost = waveCost(target, problem, bn);
    if (best < 0 || cost < best)
      best = cost, bestN = bn;
  }
  setTile(target, bestN, plan);
}

/* The split count the plan states for tile width `bn`: 0 when split-K
 * does not apply (a batch axis, or no model), DLC_SM90_MAX_SPLITS for
 * symbolic sizes (the kernel picks at launch), else the launch rule's
 * count for the sizes. */
static int64_t splitsFor(MlirOperation func, const DlcTarget *target,
                         const DlcPlanProblem *problem, int64_t bn) {
  KpProblem *p = malloc(sizeof(KpProblem));
  bool ok = p && kpProblemRead(func, p) && !p->has[KP_BATCH];
  bool symbolic = ok && (p->size[KP_M].numSymbols || p->size[KP_N].numSymbols ||
                         p->size[KP_K].numSymbols);
  free(p);
  if (!ok)
    return 0;
  double tiles = ceil(problem->m / 128) * ceil(problem->n / (double)bn);
  return symbolic
             ? DLC_SM90_MAX_SPLITS
             : dlcSm90Splits((int64_t)tiles, (int64_t)ceil(problem->k / 64),
                             DLC_SM90_MAX_SPLITS, target->sms);
}

/* Split-K (Skeleton.h) for an SM90 cooperative plan, unless the plan-file
 * states split_k: a static problem gets its count (none when it is 1), a
 * symbolic one the bound under which the kernel picks at launch; a batch
 * keeps whole tiles. */
void dlcPlanSm90SplitK(MlirOperation func, const DlcTarget *target,
                       const DlcPlanProblem *problem, DlcPlan *plan) {
  for (int i = 0; i < plan->numAlgoChoice; ++i)
    if (strcmp(plan->algoChoice[i].key, "split_k") == 0)
      return; /* stated by the plan-file */
  if (strcmp(plan->barrierModel, "mbarrier") != 0 || plan->warpTile[0] != 64 ||
      plan->numAlgoChoice >= DLC_PLAN_MAX_ENTRIES)
    return;
  int64_t splits = splitsFor(func, target, problem, plan->tile[1]);
  if (splits <= 1)
    return;
  DlcPlanPair *pair = &plan->algoChoice[plan->numAlgoChoice++];
  dlcPlanCopyName(pair->key, "split_k");
  snprintf(pair->value, sizeof(pair->value), "%lld", (long long)splits);
}

int dlcPlanSm90Candidates(MlirOperation func, const DlcTarget *target,
                          const DlcPlanProblem *problem, const DlcPlan *chosen,
                          DlcPlanSm90Candidate out[2]) {
  if (strcmp(chosen->barrierModel, "mbarrier") != 0)
    return 0;
  double kTiles = ceil(problem->k / 64);
  double tiles128 =
      ceil(problem->m / 128) * (problem->batch > 0 ? problem->batch : 1);
  for (int i = 0; i < 2; ++i) {
    int64_t bn = i == 0 ? 256 : 128;
    DlcPlanSm90Candidate *c = &out[i];
    c->plan = *chosen;
    setTile(target, bn, &c->plan);
    c->plan.numAlgoChoice = 0;
    for (int a = 0; a < chosen->numAlgoChoice; ++a)
      if (strcmp(chosen->algoChoice[a].key, "split_k") != 0)
        c->plan.algoChoice[c->plan.numAlgoChoice++] = chosen->algoChoice[a];
    /* Split-K is not chosen by default (convert-rbssa-to-plan): the
     * candidates are whole tiles too. */
    /* Waves of tiles at the tensor pipe's peak per SM; with split-K the
     * tail round takes one split's share of k; never below the DRAM time.
     * (BN = 128 is counted a tenth dearer, as the wave rule does.) */
    double tiles = tiles128 * ceil(problem->n / (double)bn);
    double tileUs = kTiles * 128.0 * (double)bn * 64 * 2 /
                    (target->peakTflops * 1e6 / target->sms) *
                    (bn == 128 ? 1.1 : 1.0);
    int64_t splits = dlcSm90Splits(
        (int64_t)tiles, (int64_t)kTiles,
        dlcPlanSplitK(&c->plan) > 0 ? dlcPlanSplitK(&c->plan) : 1, target->sms);
    double full = floor(tiles / target->sms);
    double tail = tiles - full * target->sms;
    double waves = splits > 1 ? full + ceil(kTiles / splits) / kTiles
                              : ceil(tiles / target->sms);
    double dramUs = problem->dramBytes / (target->dramTBs * 1e6);
    c->timeUs = fmax(waves * tileUs, dramUs);
    bool isChosen = bn == chosen->tile[1];
    int n =
        snprintf(c->reason, sizeof(c->reason),
                 "%s: SM90 128x%lld (wave rule cost %.0f): %.0f tiles on "
                 "%d SMs, %.0f full rounds and %.0f tiles in the last",
                 isChosen ? "chosen" : "kept", (long long)bn,
                 waveCost(target, problem, bn), tiles, target->sms, full, tail);
    if (splits > 1 && n > 0 && (size_t)n < sizeof(c->reason))
      snprintf(c->reason + n, sizeof(c->reason) - (size_t)n,
               ", split along k in %lld splits of %.0f k tiles",
               (long long)splits, ceil(kTiles / splits));
  }
  return 2;
}
