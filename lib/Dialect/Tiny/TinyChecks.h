/* Semantic checks of `tiny` ops beyond IRDL (internal). */
#ifndef DLC_LIB_DIALECT_TINY_TINYCHECKS_H
#define DLC_LIB_DIALECT_TINY_TINYCHECKS_H

#include "dlc/Shape.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/* Checks one op (non-tiny ops pass): symbolic shapes (E1005), right-aligned
 * broadcasting (E1001), unary shapes, movement ops' attributes (E1005),
 * accumulator dtypes (E1401); of a func.func, its derived symbols (E1007)
 * and argument and result names (E1010). Emits a diagnostic at the op (a
 * bad argument name at the argument) and returns false on the first
 * failed check. */
bool dlcTinyCheckOp(MlirOperation op);

/* The movement ops' checks (MovementChecks.c; other ops pass): permute,
 * reshape, expand, flip, pad and shrink attributes against the shapes,
 * view/load/store maps that divide by positive constants and whose
 * constants and static arithmetic stay within 2^60 and 64 bits (E1005, or
 * E1001 for an expand). Part of dlcTinyCheckOp. */
bool dlcTinyCheckMovement(MlirOperation op);

/* Whether `name` is a tiny movement op (view, reshape, permute, expand,
 * pad, shrink, flip, load, store): the one list the checks and the
 * lowering to IndexBook share. */
bool dlcTinyIsMovement(MlirStringRef name);

/* Whether a tiny.shrink dimension reading `count` elements (< 0: a
 * symbolic count; its first element is checked) from `offset` by `step`
 * stays inside a source dimension of `size` elements (< 0: symbolic,
 * bounded by DLC_SHAPE_MAX_ELEMENTS): offset >= 0, step >= 1, and the last
 * index, offset + step * (count - 1) computed without wrapping, below the
 * size. Shared by tiny-verify and dlc-interp. */
bool dlcTinyShrinkFits(int64_t offset, int64_t step, int64_t count,
                       int64_t size);

/* Reads `type`'s shape (dlc/Shape.h), reporting E1005 MalformedShape at
 * `op` when an encoding does not name its dims. */
bool dlcTinyReadShape(MlirOperation op, MlirType type, DlcShape *shape);

/* The elementwise tiny ops whose operands broadcast right-aligned (add,
 * ..., where; NULL-terminated): the ops tiny-expand-broadcasts expands. */
extern const char *const dlcTinyBroadcastingOps[];
bool dlcTinyIsBroadcasting(MlirOperation op);

#endif
