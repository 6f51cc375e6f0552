/* The planner's GEMV rule (docs/passes/convert-rbssa-to-plan.md, "GEMV
 * shapes"): a contraction with M = 1 or N = 1 (static, or through sizes=)
 * reads each weight element once for one multiply-add, so it runs at the
 * DRAM's pace on the memory-bound skeleton, which reads the weight by
 * 16-byte vectors and reduces in f32 with the epilogue fused: column mode
 * for x · W (a CTA per 64 output columns, its rows of threads sharing K),
 * point or row mode for W · x (a CTA per output, its threads along K). */
#include "../PlanToDLCGPU/Skeleton.h"
#include "MemoryProblem.h"
#include "Plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Chunks each thread has in flight per trip of a cooperative loop. */
static int unrollOf(DlcMemoryMode mode) {
  return mode == DLC_MEMORY_COLUMN  ? DLC_MEMORY_UNROLL_COLUMN
         : mode == DLC_MEMORY_POINT ? DLC_MEMORY_UNROLL_POINT
                                    : DLC_MEMORY_UNROLL_ROW;
}

/* The DRAM time of the problem, or, when its CTAs cannot keep enough loads
 * in flight to reach the DRAM bandwidth (Little's law: bytes in flight
 * over the load latency), the time at the rate they can. */
static double gemvUs(const DlcTarget *target, const DlcPlanProblem *problem,
                     double ctas, int64_t threads, DlcMemoryMode mode) {
  double resident = fmin(
      ctas, target->sms * floor(target->maxThreadsPerSM / (double)threads));
  double inFlight = resident * (double)threads * 16 * unrollOf(mode);
  double latencyUs = target->loadLatencyCycles / (target->clockGHz * 1e3);
  double rate = fmin(target->dramTBs * 1e6, inFlight / latencyUs);
  return round(problem->dramBytes / rate * 16) / 16; /* 1/16 us steps */
}

bool dlcPlanGemv(MlirOperation func, const DlcTarget *target,
                 const DlcPlanProblem *problem, DlcPlanGemv *out) {
  if (problem->batch > 1 || (problem->m != 1 && problem->n != 1))
    return false;
  KpMemoryProblem *p = malloc(sizeof(KpMemoryProblem));
  if (!p || !kpMemoryProblemRead(func, p)) {
    free(p);
    return false;
  }
  /* A CTA per output rather than per row where both fit: row mode shares
   * the last iter (N = 1) among a row's threads and runs K serially by
   * elements; point mode shares K, read by vectors. */
  DlcMemoryMode mode = dlcMemoryModeChoose(p);
  if (mode == DLC_MEMORY_ROW && dlcMemoryModeFits(p, DLC_MEMORY_POINT))
    mode = DLC_MEMORY_POINT;
  int width = dlcMemoryBoundVectorWidth(p, mode);
  free(p);
  /* The weight must be read by 16-byte vectors (f16/bf16: 8 elements), and
   * a column tile must be full: with N = 1 through sizes= the symbolic
   * stride N keeps W's reads across K scalar, and column mode would run
   * one column of each 64-wide tile. Point and row modes read along K (W
   * stored [N, K] for M = 1, or N = 1). */
  double tile = (double)DLC_MEMORY_COLUMN_LANES * width;
  bool column =
      mode == DLC_MEMORY_COLUMN && problem->m == 1 && problem->n >= tile;
  bool along = mode == DLC_MEMORY_POINT || mode == DLC_MEMORY_ROW;
  if (width < 8 || (!column && !along))
    return false;
  /* Column mode has few CTAs (N / 64): each takes a whole CTA of threads
   * to keep enough loads in flight. Point mode has a CTA per output, row
   * mode (N = 1) one per row. */
  out->mode = mode;
  out->width = width;
  out->threads = column ? target->maxThreadsPerCTA : DLC_MEMORY_THREADS;
  double ctas = column                   ? ceil(problem->n / tile)
                : mode == DLC_MEMORY_ROW ? problem->m
                                         : problem->m * problem->n;
  out->timeUs = gemvUs(target, problem, ctas, out->threads, mode);
  snprintf(out->reason, sizeof(out->reason),
           "GEMV on the memory-bound skeleton (%s mode): %.0f CTAs of %lld "
           "threads, %d-element vectors, at the DRAM bandwidth or the loads "
           "its CTAs keep in flight",
           dlcMemoryModeName(mode), ctas, (long long)out->threads, width);
  return true;
}
