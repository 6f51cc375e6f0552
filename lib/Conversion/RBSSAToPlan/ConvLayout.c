/* The planner's layout-transform rule for convolutions (issue "Back end,
 * part 3"; docs/passes/convert-rbssa-to-plan.md, "NCHW convolutions"): an
 * NCHW activation with KCRS weights runs either on the SM80 skeleton,
 * which gathers A element by element, or transposed into NHWC / KRSC
 * intermediates by two regions of the program (ConvLayoutSplit.c) and then
 * on the SM90 implicit GEMM (A through TMA im2col). This file estimates
 * both sides. */
#include "../PlanToDLCGPU/Skeleton.h"
#include "Plan.h"

#include <math.h>
#include <stdlib.h>

/* The transform's share of DRAM bandwidth (16-byte reads and writes of 64
 * x 64 tiles: run conv-2 measured 2.3-2.8 TB/s on the H100's 3.35; the
 * transform regions moved 105 MB in 35.2 us on the H200, 3.0 of its 4.8,
 * run lt-3) and the cost of a launch on the stream (one counted: the
 * weights' kernel is short). */
static const double TransformShare = 0.75;
static const double LaunchUs = 2.0;
/* The SM80 gather of an NCHW activation loads one element per copy (its
 * unit-stride axis is w, not the reduced channel): 3x3 s2 N32 C256 56² →
 * 256 ran at 54.6 TFLOP/s on the H100 (bench/RESULTS.md run 24), 542 µs
 * for M·K·ceil(Co / 256) = 57.8 M gathered elements, about 800 elements
 * per SM per µs. */
static const double GatheredPerSmUs = 800.0;

/* dlcPlanConvTransposed, and the conv's im2col reading in *im. */
static bool convTransposed(MlirOperation func, int args[DLC_PLAN_CONV_LAYOUT],
                           DlcIm2col *im) {
  if (!kpRegionHasContraction(func))
    return false;
  /* Probed quietly: a region the model does not read is no such conv
   * (planning it reports why). */
  MlirContext ctx = mlirOperationGetContext(func);
  DlcFirstDiagnostic why = {0};
  MlirDiagnosticHandlerID quiet = mlirContextAttachDiagnosticHandler(
      ctx, dlcDiagnosticKeepFirst, &why, NULL);
  KpProblem *p = malloc(sizeof(KpProblem));
  bool transposed = p && kpProblemRead(func, p) && p->implicit &&
                    !dlcSm90Im2col(p, im) && im->transposed;
  mlirContextDetachDiagnosticHandler(ctx, quiet);
  if (transposed)
    args[0] = p->a.arg, args[1] = p->b.arg;
  free(p);
  return transposed;
}

bool dlcPlanConvTransposed(MlirOperation func, int args[DLC_PLAN_CONV_LAYOUT]) {
  DlcIm2col im;
  return convTransposed(func, args, &im);
}

bool dlcPlanConvLayout(MlirOperation func, const DlcTarget *target,
                       const DlcPlanProblem *problem, int64_t sm80TileN,
                       DlcConvLayoutCost *out) {
  int args[DLC_PLAN_CONV_LAYOUT];
  DlcIm2col im;
  if (!convTransposed(func, args, &im))
    return false;
  /* Images at the nominal batch: M = N·Ho·Wo. */
  double images = problem->m / (double)(im.out[0] * im.out[1]);
  double a = images * (double)(im.channels * im.extent[0] * im.extent[1]);
  double b = problem->n * problem->k;
  out->bytes = 2.0 * 2.0 * (a + b); /* read and written, 2-byte elements */
  out->transformUs =
      out->bytes / (TransformShare * target->dramTBs * 1e6) + LaunchUs;
  int64_t bn = sm80TileN > 0 ? sm80TileN : 128;
  out->gathered = problem->m * problem->k * ceil(problem->n / (double)bn);
  out->gatherUs = fmax(out->gathered / (GatheredPerSmUs * target->sms),
                       problem->dramBytes / (target->dramTBs * 1e6));
  return true;
}
