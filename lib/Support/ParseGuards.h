/* Input that would crash MLIR's own parser, refused before it is parsed
 * (internal; docs/dlc-opt.md, "Limits inherited from upstream MLIR"). */
#ifndef DLC_LIB_SUPPORT_PARSEGUARDS_H
#define DLC_LIB_SUPPORT_PARSEGUARDS_H

#include "dlc/Support.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

/* Checks `source` (borrowed) for the upstream defects DLC can see in the
 * text; on the first one, emits an error at its line and column of
 * `sourceName` and returns false. */
bool dlcParseGuardsCheck(DLC_KEEP MlirContext ctx, MlirStringRef source,
                         MlirStringRef sourceName);

#endif
