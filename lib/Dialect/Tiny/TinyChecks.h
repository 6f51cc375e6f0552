/* Semantic checks of `tiny` ops beyond IRDL (internal). */
#ifndef DLC_LIB_DIALECT_TINY_TINYCHECKS_H
#define DLC_LIB_DIALECT_TINY_TINYCHECKS_H

#include "dlc/Shape.h"
#include "mlir-c/IR.h"

#include <stdbool.h>

/* Checks one op (non-tiny ops pass): symbolic shapes (E1005), right-aligned
 * broadcasting (E1001), unary shapes, accumulator dtypes (E1401); of a
 * func.func, its derived symbols (E1007) and argument and result names
 * (E1010). Emits a diagnostic at the op (a bad argument name at the
 * argument) and returns false on the first failed check. */
bool dlcTinyCheckOp(MlirOperation op);

/* Reads `type`'s shape (dlc/Shape.h), reporting E1005 MalformedShape at
 * `op` when an encoding does not name its dims. */
bool dlcTinyReadShape(MlirOperation op, MlirType type, DlcShape *shape);

/* The elementwise tiny ops whose operands broadcast right-aligned (add,
 * ..., where; NULL-terminated): the ops tiny-expand-broadcasts expands. */
extern const char *const dlcTinyBroadcastingOps[];
bool dlcTinyIsBroadcasting(MlirOperation op);

#endif
