/* The GEMM family as the SM80 skeleton sees it (internal to
 * convert-plan-to-dlcgpu): which region argument plays A, B, bias and C,
 * which symbols size M, N, K, the epilogue, and the plan's tiling. */
#ifndef DLC_LIB_CONVERSION_PLANTODLCGPU_GEMMPROBLEM_H
#define DLC_LIB_CONVERSION_PLANTODLCGPU_GEMMPROBLEM_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

enum { DLC_MAX_EPILOGUE = 8 };

typedef enum DlcEpilogueOp {
  DLC_EPILOGUE_BIAS, /* + bias[n] */
  DLC_EPILOGUE_RELU, /* max(x, 0) */
} DlcEpilogueOp;

/* C[M,N] = epilogue(A[M,K] · B[K,N]); a missing M or N axis (the 1D dot
 * forms) has size 1. Argument indices refer to the region function. */
typedef struct DlcGemmProblem {
  int argA, argB, argBias, argC; /* argBias < 0: no bias */
  bool hasM, hasN;               /* false: that axis is absent (size 1) */
  int symM, symN, symK;          /* index into the region's symbol list */
  int numEpilogue;
  DlcEpilogueOp epilogue[DLC_MAX_EPILOGUE];
} DlcGemmProblem;

/* The plan's choices the skeleton needs. */
typedef struct DlcGemmTiling {
  int64_t tileM, tileN, tileK; /* CTA tile */
  int64_t warpM, warpN;        /* warp tile */
  int64_t stages;
} DlcGemmTiling;

/* Recognises the GEMM family in an rbssa region (reduce(sum) of mul of two
 * reads, then bias/relu, then a yield). Emits E1501 UnsupportedOp at the
 * offending op and returns false otherwise. */
bool dlcMatchGemm(MlirOperation regionFunc, DlcGemmProblem *problem);

/* Fills the body of `kernel` (a func.func whose arguments are the region's
 * memrefs then one index per symbol) with the SM80 skeleton (§9.1). */
void dlcEmitSm80Gemm(MlirOperation kernel, const DlcGemmProblem *problem,
                     const DlcGemmTiling *tiling, int numMemrefs);

#endif
