/* The two halves of convert-dlcgpu-to-gpu (internal). */
#ifndef DLC_LIB_CONVERSION_DLCGPUTOGPU_DLCGPUTOGPU_H
#define DLC_LIB_CONVERSION_DLCGPUTOGPU_DLCGPUTOGPU_H

#include "Builder.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

/* Moves every func.func marked dlcgpu.kernel into `gpuModule` as a
 * gpu.func kernel with the bare-pointer ABI (DESIGN.md decision 7): one
 * !llvm.ptr per memref, then one i64 per symbol; memref descriptors are
 * rebuilt inside the kernel. */
bool dlcOutlineKernels(MlirOperation module, MlirOperation gpuModule);

/* The kernel attribute listing the tensor-map arguments passed by value
 * (array<i64>: argument numbers), which dlc-tensormap-params turns into
 * 128-byte __grid_constant__ parameters once the gpu.func is an llvm.func
 * (the NVVM dialect takes nvvm.grid_constant on llvm.func only). */
extern const char dlcByValueMapsAttr[];

/* Sets `dlc.programs` on `module`, one entry per rbssa.program declaration
 * (a graph split into kernels): launch order, symbols, graph tensors and
 * intermediate buffers, for the program manifest (ProgramManifest.c). Run
 * after dlcOutlineKernels; false after a diagnostic. */
bool dlcRecordPrograms(MlirOperation module);

/* Adds to each kernel's `dlc.kernels` entry the launch-time versions that
 * tiny-symbol-versions recorded in `dlc.versions` ("versions": [{kernel,
 * when}], VersionManifest.c). Run after dlcOutlineKernels; false after a
 * diagnostic. */
bool dlcRecordVersions(MlirOperation module);

/* The dlc.kernels entry of kernel `name` (a string attribute), or null. */
MlirAttribute dlcFindKernelEntry(MlirAttribute kernels, MlirAttribute name);

/* The items the repack kernel (RepackKernel.c) copies a block in one trip:
 * the manifest's "repack_items" of a kernel with tensor maps. */
extern const int dlcRepackKernelItems;

/* The manifest's name of an element type ("f16", "bf16", "f32", "f64",
 * "i1", "i32", "i64"), or NULL. */
const char *dlcManifestDtype(MlirType type);

/* Rewrites the dlcgpu ops inside `gpuModule` into nvgpu, gpu, arith,
 * vector, memref and scf ops; shared memory becomes memref.globals. */
bool dlcLowerSkeletonOps(MlirOperation gpuModule);

/* An i64 llvm.mlir.constant. */
MlirValue dlcLlvmI64(DlcBuilder *b, int64_t value);

/* A memref of `memrefType` over `ptr` (an !llvm.ptr<addressSpace>), offset
 * 0, with the given i64 sizes and strides (one per dimension), built as an
 * LLVM descriptor behind an unrealized_conversion_cast. */
MlirValue dlcBuildMemrefOverPointer(DlcBuilder *b, MlirType memrefType,
                                    MlirValue ptr, int addressSpace,
                                    const MlirValue *sizes,
                                    const MlirValue *strides);

#endif
