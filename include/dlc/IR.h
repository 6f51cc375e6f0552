/* Small IR helpers missing from the MLIR C API. */
#ifndef DLC_IR_H
#define DLC_IR_H

#include "dlc/Support.h"
#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parses `source` as mlir-opt does: a top-level builtin.module is taken as
 * is, other top-level ops are wrapped in an implicit module. `sourceName`
 * becomes the file name of every location. Returns a null module (after
 * emitting diagnostics) if the text does not parse. */
DLC_GIVE MlirModule dlcModuleCreateParse(DLC_KEEP MlirContext ctx,
                                         MlirStringRef source,
                                         MlirStringRef sourceName);

#ifdef __cplusplus
}
#endif

#endif /* DLC_IR_H */
