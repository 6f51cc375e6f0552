/* Checks of `dlcgpu` ops beyond IRDL that dlcgpu-verify makes and
 * convert-dlcgpu-to-gpu repeats before it reads the op, since a pipeline
 * may run the lowering without the verifier (internal). */
#ifndef DLC_LIB_DIALECT_DLCGPU_DLCGPUCHECKS_H
#define DLC_LIB_DIALECT_DLCGPU_DLCGPUCHECKS_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/* Whether an smem_alloc may ask for `alignment` bytes: a power of two of
 * at most 1 KiB (the most the lowering can place a buffer on). */
static inline bool dlcDlcgpuSmemAlignmentValid(int64_t alignment) {
  return alignment > 0 && alignment <= 1024 &&
         (alignment & (alignment - 1)) == 0;
}

/* Checks dlcgpu.epilogue `op`'s step program (docs/kernel-problem.md):
 * each step a {kind, type, fn, args, input, value} of a known kind with as
 * many args as it takes, all earlier steps, a load's input an extra
 * operand, and `result` a step. Emits E1606 SkeletonMalformed at `op` and
 * returns false on the first violation. */
bool dlcDlcgpuCheckEpilogue(MlirOperation op);

#endif
