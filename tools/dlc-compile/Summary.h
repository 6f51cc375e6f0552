/* dlc-compile's per-kernel summary table: the plan each kernel was built
 * from (read at the plan layer) beside its launch facts (dlc.kernels). */
#ifndef DLC_TOOLS_DLC_COMPILE_SUMMARY_H
#define DLC_TOOLS_DLC_COMPILE_SUMMARY_H

#include "mlir-c/IR.h"

/* The plans of the module at the plan layer: an array attribute (owned by
 * the context) of {region, tile, mode, vector} dictionaries, one per
 * region's plan.schedule. */
MlirAttribute summaryCollectPlans(MlirContext ctx, MlirOperation module);

/* Prints the table to stdout: one row per dlc.kernels entry of the compiled
 * `module`, with the plan of its region from `plans`. */
void summaryPrint(MlirOperation module, MlirAttribute plans);

#endif /* DLC_TOOLS_DLC_COMPILE_SUMMARY_H */
