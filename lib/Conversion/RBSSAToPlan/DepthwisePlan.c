/* The planner's depthwise rule (docs/passes/convert-rbssa-to-plan.md,
 * "Depthwise and grouped convolutions"): a convolution whose groups have
 * one input and one output channel is a KH·KW dot product per output, bound
 * by memory; the depthwise kernel (convert-plan-to-dlcgpu's
 * DepthwiseConv.c) reads each window vector once for several pixels and
 * the weights once per CTA. */
#include "../PlanToDLCGPU/Skeleton.h"
#include "KernelProblem.h"
#include "Plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

bool dlcPlanDepthwise(MlirOperation func, const DlcTarget *target,
                      const DlcPlanProblem *problem, DlcPlanGemv *out) {
  KpProblem *p = malloc(sizeof(KpProblem));
  DlcDepthwise d;
  const char *why = !p                        ? "out of memory"
                    : !kpProblemRead(func, p) ? "the implicit-GEMM model does "
                                                "not read it"
                                              : dlcDepthwiseProblem(p, &d);
  free(p);
  if (why) {
    snprintf(out->reason, sizeof(out->reason), "%s", why);
    return false;
  }
  /* The slowest of the FMAs on the CUDA cores, the window's distinct
   * vectors through L1/L2 (d.reads per d.pixels outputs) and every tensor
   * once from DRAM. */
  double outputs = problem->batch * problem->m;
  double computeUs = 2 * outputs * problem->k / (target->fp32Tflops * 1e6);
  double l2Us = outputs * (double)d.reads / d.pixels * problem->bytesA /
                (target->l2TBs * 1e6);
  double dramUs = problem->dramBytes / (target->dramTBs * 1e6);
  double us = fmax(computeUs, fmax(l2Us, dramUs));
  out->mode = DLC_MEMORY_DEPTHWISE;
  out->width = d.width;
  out->threads = DLC_MEMORY_THREADS;
  out->timeUs = round(us * 16) / 16; /* 1/16 us steps */
  snprintf(out->reason, sizeof(out->reason),
           "depthwise kernel: %d pixels x %d channels a thread, %lld window "
           "vectors for %lld taps, weights in shared memory; at the DRAM "
           "bandwidth",
           d.pixels, d.width, (long long)d.reads, (long long)d.taps);
  return true;
}
