/* The two halves of convert-dlcgpu-to-gpu (internal). */
#ifndef DLC_LIB_CONVERSION_DLCGPUTOGPU_DLCGPUTOGPU_H
#define DLC_LIB_CONVERSION_DLCGPUTOGPU_DLCGPUTOGPU_H

#include "mlir-c/IR.h"

#include <stdbool.h>

/* Moves every func.func marked dlcgpu.kernel into `gpuModule` as a
 * gpu.func kernel with the bare-pointer ABI (DESIGN.md decision 7): one
 * !llvm.ptr per memref, then one i64 per symbol; memref descriptors are
 * rebuilt inside the kernel. */
bool dlcOutlineKernels(MlirOperation module, MlirOperation gpuModule);

/* Rewrites the dlcgpu ops inside `gpuModule` into nvgpu, gpu, arith,
 * vector, memref and scf ops; shared memory becomes memref.globals. */
bool dlcLowerSkeletonOps(MlirOperation gpuModule);

#endif
