/* A context ready for DLC, in one call, for hosts that do not manage MLIR
 * registration themselves (the Python package, small C hosts). */
#ifndef DLC_CONTEXT_H
#define DLC_CONTEXT_H

#include "dlc/Support.h"
#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Creates a context with every upstream dialect registered, the LLVM IR
 * translations that gpu-module-to-binary needs, and the five DLC dialects
 * loaded; also registers the upstream passes (process-wide, once per
 * process) so pipelines resolve their names. Safe to call from several
 * threads at once. Destroy it with mlirContextDestroy. Returns a null
 * context if a DLC dialect fails to load (reported through MLIR's default
 * diagnostic handler). */
DLC_GIVE MlirContext dlcContextCreate(void);

#ifdef __cplusplus
}
#endif

#endif /* DLC_CONTEXT_H */
