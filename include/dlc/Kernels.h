/* Writing a compiled module's kernels for a host: the PTX of its gpu.binary
 * and the kernel and program manifests (docs/conventions.md). */
#ifndef DLC_KERNELS_H
#define DLC_KERNELS_H

#include "dlc/Support.h"
#include "mlir-c/IR.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum DlcKernelsOutput {
  DLC_KERNELS_DIR, /* DIR/<binary>.ptx, DIR/<kernel>.json, DIR/<program>.json */
  DLC_KERNELS_PTX, /* the PTX text only, to a file ("-": stdout) */
  DLC_KERNELS_MANIFEST, /* dlc.kernels as one JSON array, to a file */
} DlcKernelsOutput;

/* Writes what `what` asks of `module` (DLC_KEEP, the output of dlc-to-ptx)
 * to `output`: a directory, created unless it exists, for DLC_KERNELS_DIR
 * (printing `wrote PATH` for each manifest), a file path or "-"/NULL for
 * stdout otherwise. Every name taken from the IR is checked to be a plain
 * file name. On failure prints `<tool>: error: <why>` to stderr and returns
 * false; never aborts on a malformed module. */
bool dlcWriteKernels(DLC_KEEP MlirOperation module, DlcKernelsOutput what,
                     const char *output, const char *tool);

#ifdef __cplusplus
}
#endif

#endif /* DLC_KERNELS_H */
