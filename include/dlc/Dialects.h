/* Registration of the five DLC dialects (tiny, indexbook, rbssa, plan,
 * dlcgpu). They are IRDL definitions embedded in the library at build time,
 * so any MLIR host (C, C++ or Python) can load them with one call. */
#ifndef DLC_DIALECTS_H
#define DLC_DIALECTS_H

#include "dlc/Support.h"
#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Loads every DLC dialect into `ctx` (DLC_KEEP). The IRDL dialect is loaded
 * as needed. Idempotent: a dialect already present is left alone. Returns
 * failure, with diagnostics emitted through the context, if a definition
 * does not parse. */
MlirLogicalResult dlcRegisterAllDialects(DLC_KEEP MlirContext ctx);

/* Number of DLC dialects, and the name of the i-th, in pipeline order
 * (tiny, indexbook, rbssa, plan, dlcgpu). The string is static; an index
 * outside 0..dlcGetNumDialects()-1 gives a null string ({NULL, 0}). */
int dlcGetNumDialects(void);
MlirStringRef dlcGetDialectName(int index);

/* The IRDL source text of the i-th dialect (static storage, NUL-ended);
 * {NULL, 0} for an index out of range. */
MlirStringRef dlcGetDialectSource(int index);

#ifdef __cplusplus
}
#endif

#endif /* DLC_DIALECTS_H */
