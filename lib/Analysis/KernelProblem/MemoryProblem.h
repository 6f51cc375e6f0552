/* The kernel-problem model of the memory-bound family (DESIGN.md decision
 * 10; docs/kernel-problem.md): an rbssa region without a contraction —
 * elementwise and movement chains, reductions, several reductions in one
 * region (LayerNorm, softmax) — read once and shared by the planner and the
 * memory-bound skeleton.
 *
 * Every value of the region becomes a step (KernelProblem.h's KpStep)
 * evaluated at a point of the region's *loops*: first the iters (the
 * output axes, loop i = rbssa.iters[i]), then one loop per axis a reduce
 * reduces. A value used at two different points (LayerNorm's x - mean,
 * inside the variance's reduction and in the output) is two steps. Each
 * step records the loops it depends on, so a generator knows where it can
 * be computed: a reduce's result depends on the loops of its body minus the
 * ones it reduces.
 *
 * Internal to the library (module prefix `kp`). A KpMemoryProblem holds
 * borrowed MLIR handles only; it owns nothing and needs no destroy. */
#ifndef DLC_LIB_ANALYSIS_KERNELPROBLEM_MEMORYPROBLEM_H
#define DLC_LIB_ANALYSIS_KERNELPROBLEM_MEMORYPROBLEM_H

#include "KernelProblem.h"

enum {
  KP_MAX_LOOPS = 16,   /* iters and reduced axes of one region */
  KP_MAX_INDEXED = 32, /* reads and guards */
  KP_MAX_OUTPUTS = 8,
};

/* A loop of the evaluation: an output axis, or an axis a reduce step
 * reduces (`reduce` >= 0: that step). */
typedef struct KpLoop {
  KpExtent size;
  int reduce;
} KpLoop;

/* An access of the evaluation: an rbssa.read (`map`, of region argument
 * `arg`, element `element`, memref `strides`) or an rbssa.select's domain
 * (`set`). Axis i of the value runs along loop `loops[i]`. */
typedef struct KpIndexed {
  MlirAttribute map; /* AffineMapAttr, or null */
  MlirAttribute set; /* IntegerSetAttr, or null */
  int rank;
  int loops[KP_MAX_RANK];
  int arg;
  KpElement element;
  int memrefRank;
  KpExtent strides[KP_MAX_RANK];
} KpIndexed;

/* One yield: the value of step `step` stored as `element` at the iters'
 * point (memref dim i is iter i). */
typedef struct KpOutput {
  int arg;
  KpElement element;
  int step;
  KpExtent strides[KP_MAX_RANK];
} KpOutput;

/* The steps use KernelProblem.h's KpStep, with these kinds:
 *   KP_STEP_LOAD    indexed[input] (a read), widened to f32;
 *   KP_STEP_CONST, _UNARY, _BINARY, _COMPARE, _SELECT, _CAST as there;
 *   KP_STEP_GUARD   indexed[input] (a domain) holds ? args[0] : value;
 *   KP_STEP_REDUCE  fn ("sum", "max", "min") of args[0] over the loops in
 *                   `reduced`, from `value`, accumulated in `type`.
 * `loops` is the set of loops the step's value depends on (bit i: loop i). */
typedef struct KpMemoryProblem {
  MlirOperation func; /* the region, borrowed */
  int numIters;       /* loops [0, numIters) are the iters */
  int numLoops;
  KpLoop loops[KP_MAX_LOOPS];
  int numIndexed;
  KpIndexed indexed[KP_MAX_INDEXED];
  int numSteps;
  KpStep steps[KP_MAX_STEPS];
  int numOutputs;
  KpOutput outputs[KP_MAX_OUTPUTS];
} KpMemoryProblem;

/* Whether `regionFunc` has a contraction (a reduce {op = "sum"} of a binary
 * mul whose factors are read along different axes): the GEMM family, read
 * by kpProblemRead; the rest is this family. */
bool kpRegionHasContraction(MlirOperation regionFunc);

/* The axis the memory-bound kernels vectorize along: the name of
 * `regionFunc`'s last rbssa.iters entry, "i" for a region without iters
 * (borrowed from the attribute). The plan's vectorize.axis. */
MlirStringRef kpMemoryVectorAxis(MlirOperation regionFunc);

/* Reads the memory-bound problem of `regionFunc`. On failure emits E1602
 * RegionNotPlannable at the offending op, naming what is not covered, and
 * returns false. */
bool kpMemoryProblemRead(MlirOperation regionFunc, KpMemoryProblem *problem);

/* Whether one CTA per point of the outer iters (all but the last) can
 * compute the region, each reduce cooperatively over the CTA's threads:
 * there is a reduce, and no reduce result depends on the last iter or on
 * another reduce's loops. Otherwise each thread computes one output point,
 * with reductions as serial loops. */
bool kpMemoryRowMode(const KpMemoryProblem *problem);

/* The number of points of the iters, or of the outer iters (all but the
 * last), as text over the symbols ("M*N", "4096"); false when the product
 * has more than KP_MAX_FACTORS symbols or overflows. */
bool kpMemoryPointsText(const KpMemoryProblem *problem, bool outerOnly,
                        char *out, size_t size);

#endif
