/* The accumulator rule of rbssa regions (docs/interp.md, "The accumulator
 * rule"), shared by the reference interpreter and the memory-bound
 * kernel-problem model so that both compute a reduction's body alike: the
 * op that forms the body of a reduce and has no other use is rounded to the
 * reduce's accumulator type, not its own. Internal to the library. */
#ifndef DLC_LIB_SUPPORT_REDUCEBODY_H
#define DLC_LIB_SUPPORT_REDUCEBODY_H

#include "mlir-c/IR.h"

#include <stdbool.h>

/* Whether `value`'s element type is narrower than the accumulator's. */
typedef bool (*DlcReduceBodyNarrow)(MlirValue value, void *userData);
/* Called for each op the rule widens; false stops the walk (an error). */
typedef bool (*DlcReduceBodyVisit)(MlirOperation op, void *userData);

/* Walks the body of `reduce` (an rbssa.reduce) from its operand down
 * through single-use casts and transposes (which do not round it) and
 * single-use selects, calling `visit` on each select and on the rbssa
 * binary or unary op that forms the body, while `narrow` holds. Returns
 * false only when `visit` does. */
bool dlcReduceBodyWiden(MlirOperation reduce, DlcReduceBodyNarrow narrow,
                        DlcReduceBodyVisit visit, void *userData);

#endif
