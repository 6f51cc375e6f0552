/* The planner's choice of how an SM90 staged epilogue stores the whole
 * tiles of a C whose rows TMA cannot store, a row stride or base that is
 * not a multiple of 16 bytes (N = 4097 halves; algo_choice output,
 * docs/passes/convert-rbssa-to-plan.md "output"): "copy", by TMA into a
 * padded workspace the runtime's repack kernel copies into C after the
 * kernel, or "direct", by the consumers' own 16-byte stores assembled
 * across each row's shift (shifted_store). A symbolic row stride may turn
 * out either way at launch, so the estimate is of the misaligned case at
 * the planner's sizes. */
#include "../PlanToDLCGPU/Skeleton.h"
#include "Plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The copy back's bandwidth against the chip's DRAM figure: the repack
 * kernel moved C's 4095 x 4096 (67 MB read and written) in 29.9 us on the
 * H100, 2.25 TB/s of its 3.35 (bench/RESULTS.md run odd2-2). */
static const double kCopyShare = 0.67;

/* What the consumers' stores add to a round of 256 x 128 tiles over TMA's
 * (reading the staged box back from shared memory, shifting, 16-byte and
 * partial stores, the box's barriers): bench/RESULTS.md run odd3-1. */
static const double kDirectRoundUs = 2.2;

/* Whether `func`'s C may have rows TMA cannot store: 2-byte elements in
 * rows of one stride (the staged epilogue's C) whose row stride is not
 * known to be a multiple of 16 bytes. */
static bool rowsMayShift(MlirOperation func) {
  KpProblem *p = malloc(sizeof(KpProblem));
  bool may = p && kpProblemRead(func, p) && p->has[KP_M] &&
             kpElementBytes(p->c.element) == 2 &&
             !(p->c.stride[KP_M].numSymbols == 0 &&
               p->c.stride[KP_M].constant % 8 == 0);
  free(p);
  return may;
}

bool dlcPlanSm90OutputUs(MlirOperation func, const DlcTarget *target,
                         const DlcPlanProblem *problem, const DlcPlan *plan,
                         double *copyUs, double *directUs) {
  if (strcmp(plan->barrierModel, "mbarrier") != 0 ||
      !plan->asyncEpilogueOverlap || !rowsMayShift(func))
    return false;
  double batch = problem->batch > 0 ? problem->batch : 1;
  double tileM = (double)plan->tile[0], tileN = (double)plan->tile[1];
  double tiles = ceil(problem->m / tileM) * ceil(problem->n / tileN) * batch;
  /* Whole tiles' rows read and written once. */
  double bytes =
      2.0 * 2.0 * batch * problem->m * floor(problem->n / tileN) * tileN;
  *copyUs = bytes / (target->dramTBs * 1e6 * kCopyShare);
  *directUs = ceil(tiles / target->sms) * kDirectRoundUs * tileM * tileN /
              (256.0 * 128.0);
  return true;
}

void dlcPlanSm90Output(MlirOperation func, const DlcTarget *target,
                       const DlcPlanProblem *problem, DlcPlan *plan) {
  double copyUs, directUs;
  if (dlcPlanAlgoChoice(plan, "output") ||
      plan->numAlgoChoice >= DLC_PLAN_MAX_ENTRIES ||
      !dlcPlanSm90OutputUs(func, target, problem, plan, &copyUs, &directUs))
    return;
  DlcPlanPair *pair = &plan->algoChoice[plan->numAlgoChoice++];
  dlcPlanCopyName(pair->key, "output");
  dlcPlanCopyName(pair->value, directUs < copyUs ? "direct" : "copy");
}
