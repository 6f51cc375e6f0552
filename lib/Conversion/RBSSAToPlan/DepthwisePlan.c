/* The planner's depthwise rule (docs/passes/convert-rbssa-to-plan.md,
 * "Depthwise and grouped convolutions"): a convolution whose groups have
 * one input and one output channel is a KH·KW dot product per output, bound
 * by memory; the depthwise kernels (convert-plan-to-dlcgpu's
 * DepthwiseConv.c, DepthwiseTile.c) read each window vector once for
 * several pixels and the weights once per CTA — the register kernel from
 * global memory into each thread's registers, the tile kernel from the
 * CTA's input tile staged in shared memory. */
#include "../PlanToDLCGPU/Skeleton.h"
#include "KernelProblem.h"
#include "Plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The register kernel: the slowest of the FMAs on the CUDA cores, the
 * window's distinct vectors through L1/L2 (d.reads per d.pixels outputs)
 * and every tensor once from DRAM. */
static double registerUs(const DlcTarget *target, const DlcPlanProblem *pr,
                         const DlcDepthwise *d, double computeUs,
                         double dramUs) {
  double outputs = pr->batch * pr->m;
  double l2Us = outputs * (double)d->reads / d->pixels * pr->bytesA /
                (target->l2TBs * 1e6);
  return fmax(computeUs, fmax(l2Us, dramUs));
}

/* The tile kernel: the slowest of the FMAs, the CTAs' input tiles (with
 * their halos) through L2, the threads' window and weight reads from
 * shared memory, and DRAM. */
static double tileUs(const DlcTarget *target, const DlcPlanProblem *pr,
                     const DlcDepthwise *d, double computeUs, double dramUs) {
  double ctas =
      pr->m / (double)(d->rows * d->colTiles * d->pixels) * (double)d->groups;
  double l2Us = ctas * (double)d->haloBytes / (target->l2TBs * 1e6);
  double threads = pr->m / d->pixels * (double)d->chunks;
  double smemBytes = threads * ((double)d->reads * d->width * pr->bytesA +
                                d->taps * d->width * 4);
  double smemUs = smemBytes / ((double)target->smemBytesPerClock * target->sms *
                               target->clockGHz * 1e3);
  return fmax(fmax(computeUs, smemUs), fmax(l2Us, dramUs));
}

bool dlcPlanDepthwise(MlirOperation func, const DlcTarget *target,
                      const DlcPlanProblem *problem, int mode,
                      DlcPlanGemv *out) {
  KpProblem *p = malloc(sizeof(KpProblem));
  DlcDepthwise d;
  bool tile = mode == DLC_MEMORY_DEPTHWISE_TILE;
  const char *why = !p                        ? "out of memory"
                    : !kpProblemRead(func, p) ? "the implicit-GEMM model does "
                                                "not read it"
                    : tile                    ? dlcDepthwiseTileProblem(p, &d)
                                              : dlcDepthwiseProblem(p, &d);
  free(p);
  if (why) {
    snprintf(out->reason, sizeof(out->reason), "%s", why);
    return false;
  }
  double outputs = problem->batch * problem->m;
  double computeUs = 2 * outputs * problem->k / (target->fp32Tflops * 1e6);
  double dramUs = problem->dramBytes / (target->dramTBs * 1e6);
  double us = tile ? tileUs(target, problem, &d, computeUs, dramUs)
                   : registerUs(target, problem, &d, computeUs, dramUs);
  out->mode = mode;
  out->width = d.width;
  out->threads = DLC_MEMORY_THREADS;
  out->timeUs = round(us * 16) / 16; /* 1/16 us steps */
  if (tile)
    snprintf(out->reason, sizeof(out->reason),
             "depthwise tile kernel: %lld x %lld input tile of %lld channels "
             "in shared memory a CTA (%lld rows x %lld pixels), %d pixels x "
             "%d channels a thread, %lld taps",
             (long long)d.inRows, (long long)d.inCols,
             (long long)(d.span * d.width), (long long)d.rows,
             (long long)(d.colTiles * d.pixels), d.pixels, d.width,
             (long long)d.taps);
  else
    snprintf(out->reason, sizeof(out->reason),
             "depthwise kernel: %d pixels x %d channels a thread, %lld window "
             "vectors for %lld taps, weights in shared memory; at the DRAM "
             "bandwidth",
             d.pixels, d.width, (long long)d.reads, (long long)d.taps);
  return true;
}
