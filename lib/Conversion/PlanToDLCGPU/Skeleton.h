/* What convert-plan-to-dlcgpu hands a skeleton generator (internal): the
 * kernel-problem model, the plan's tiling, and the kernel function whose
 * body the generator fills. */
#ifndef DLC_LIB_CONVERSION_PLANTODLCGPU_SKELETON_H
#define DLC_LIB_CONVERSION_PLANTODLCGPU_SKELETON_H

#include "KernelProblem.h"
#include "Target.h"

#include "mlir-c/IR.h"

#include <stdint.h>

/* The plan's choices a GEMM skeleton reads (plan.schedule). */
typedef struct DlcGemmTiling {
  int64_t tileM, tileN, tileK; /* CTA tile */
  int64_t warpM, warpN;        /* warp tile */
  int64_t stages;
} DlcGemmTiling;

/* Fills the body of `kernel` with the SM80 skeleton (§9.1). The kernel's
 * arguments are the region's tensors as flat memref<?xT> (in region
 * argument order, `numTensors` of them) then one index per symbol of
 * rbssa.symbols. Grid: x = CTA tiles of C, y = the batch. */
void dlcEmitSm80Gemm(MlirOperation kernel, const KpProblem *problem,
                     const DlcGemmTiling *tiling, int numTensors);

/* Threads of a CTA for `tiling`: 32 per warp tile. */
int64_t dlcGemmThreads(const DlcGemmTiling *tiling);

#endif
