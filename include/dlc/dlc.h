/* DLC umbrella header: everything a host needs to use DLC through the MLIR
 * C API. The runtime (dlc/Runtime.h) is separate: it has no MLIR
 * dependency. */
#ifndef DLC_DLC_H
#define DLC_DLC_H

#include "dlc/Context.h"
#include "dlc/Diagnostics.h"
#include "dlc/Dialects.h"
#include "dlc/Frontend.h"
#include "dlc/IR.h"
#include "dlc/Interp.h"
#include "dlc/Json.h"
#include "dlc/Kernels.h"
#include "dlc/Passes.h"
#include "dlc/Shape.h"
#include "dlc/Support.h"
#include "dlc/Target.h"
#include "dlc/Tool.h"

#endif /* DLC_DLC_H */
