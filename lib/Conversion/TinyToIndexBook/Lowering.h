/* State shared by the parts of convert-tiny-to-indexbook (internal).
 *
 * The lowering walks one tiny function in order and keeps, for every tiny
 * value, how an indexbook op reads it (T2iValue): a materialised indexbook
 * value `base`, the map from the tiny value's indices to base's indices,
 * and the mask (guards) that movement ops such as pad add. Movement ops only
 * update this record; compute ops build indexbook ops whose maps compose
 * their operands' records (spec §4.4). TinyToIndexBook.c drives the walk;
 * Movement.c and Compute.c lower the ops; Emit.c builds indexbook ops. */
#ifndef DLC_LIB_CONVERSION_TINYTOINDEXBOOK_LOWERING_H
#define DLC_LIB_CONVERSION_TINYTOINDEXBOOK_LOWERING_H

#include "MapBuilder.h"

#include "dlc/IR.h"
#include "dlc/Shape.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

/* Which `mul -> reduce(sum)` pairs become indexbook.contract. */
typedef enum T2iContractMode {
  T2I_CONTRACT_LEAVES, /* both factors are movement chains of graph inputs */
  T2I_CONTRACT_ANY,    /* any factors */
  T2I_CONTRACT_NONE    /* keep binary mul + reduce */
} T2iContractMode;

/* How a tiny value is read. */
typedef struct T2iValue {
  MlirValue tiny;    /* key: the tiny SSA value (or function argument) */
  MlirValue base;    /* the indexbook value actually read */
  MlirAffineMap map; /* tiny indices (+ symbols) -> base indices */
  T2iGuards guards;  /* mask over the tiny indices; empty = unmasked */
  MlirValue view;    /* indexbook.view of a masked chain, once built */
  bool fromLeaf;     /* base is an indexbook.leaf (graph input) */
  MlirOperation mul; /* non-null: a tiny.mul deferred into a contract */
} T2iValue;

typedef struct T2iLowering {
  MlirContext ctx;
  MlirOperation func;
  DlcSymbolTable symbols; /* owned */
  T2iContractMode mode;
  T2iValue **values; /* owned, as is each record (stable addresses) */
  int numValues, capValues;
  MlirOperation *created; /* owned array; the ops are owned by the block */
  int numCreated, capCreated;
} T2iLowering;

/* --- values (TinyToIndexBook.c) --- */

/* The record of `value`, or NULL when it has none. */
T2iValue *t2iLookup(T2iLowering *lowering, MlirValue value);

/* A new zeroed record for `value`; NULL when out of memory. */
T2iValue *t2iDefine(T2iLowering *lowering, MlirValue value);

/* Reads the symbolic shape of `value`'s type (E1005 at `op` otherwise). */
bool t2iShapeOf(MlirOperation op, MlirValue value, DlcShape *shape);

/* The iteration space of a shape (one dim per axis, its extents). */
void t2iSpaceOfShape(T2iLowering *lowering, const DlcShape *shape,
                     T2iSpace *space);

/* --- emission (Emit.c) --- */

typedef enum T2iAxisRule {
  T2I_AXES_BY_USE,   /* "iter" when a map reads the axis, else "broadcast" */
  T2I_AXES_ITER,     /* all "iter" (leaf) */
  T2I_AXES_BROADCAST /* all "broadcast" (const) */
} T2iAxisRule;

/* One indexbook op to build: its iteration space, operands and maps. */
typedef struct T2iOpSpec {
  const char *name; /* e.g. "indexbook.binary" */
  const T2iSpace *space;
  T2iAxisRule rule;
  const bool *reduced; /* per axis of space, or NULL */
  int numOperands;
  const MlirValue *operands;
  const MlirAffineMap *maps; /* one per operand; NULL: no `maps` attribute */
  const T2iGuards *guards;   /* mask of the domain, or NULL */
  MlirType resultType;
  int numExtra; /* further attributes (fn, op, acc_dtype, ...) */
  const char *const *extraNames;
  const MlirAttribute *extraAttrs;
} T2iOpSpec;

/* Builds the op before `before` with axes, domain, maps and flags, and
 * records it for rollback. Returns its result. */
MlirValue t2iEmit(T2iLowering *lowering, MlirOperation before,
                  const T2iOpSpec *spec);

/* How an op iterating over `space` reads the tiny value `value`, whose
 * indices are `toValue` of the iteration indices: materialises an
 * indexbook.view (before `at`) when the value is masked, and composes the
 * maps otherwise. Returns false after a diagnostic. */
bool t2iRead(T2iLowering *lowering, MlirOperation at, MlirValue value,
             const T2iSpace *space, MlirAffineMap toValue, MlirValue *base,
             MlirAffineMap *map);

/* The right-aligned broadcast map from `space` (the result's axes) to an
 * operand of shape `operand`: size-1 operand dims against larger result
 * dims read index 0; missing leading dims are dropped (§4.4 Binary). */
MlirAffineMap t2iBroadcastMap(const T2iSpace *space, const DlcShape *operand);

/* The indexbook.view of a masked value (built once, before `at`). */
MlirValue t2iMaterialize(T2iLowering *lowering, MlirOperation at,
                         MlirValue tinyValue, T2iValue *record);

/* --- op lowerings (Movement.c, Compute.c); false after a diagnostic --- */

bool t2iLowerMovement(T2iLowering *lowering, MlirOperation op);

bool t2iLowerElementwise(T2iLowering *lowering, MlirOperation op,
                         const char *ibName, MlirStringRef fn);
bool t2iLowerConst(T2iLowering *lowering, MlirOperation op);
bool t2iLowerValid(T2iLowering *lowering, MlirOperation op);
bool t2iLowerMul(T2iLowering *lowering, MlirOperation op);
bool t2iLowerReduce(T2iLowering *lowering, MlirOperation op);
bool t2iLowerContract(T2iLowering *lowering, MlirOperation op);

/* --- small helpers --- */

/* Report at `op` and return false: an operand without a record (E1501),
 * or an allocation failure. */
bool t2iMissingOperand(MlirOperation op);
bool t2iOutOfMemory(MlirOperation op);

MlirAttribute t2iGetAttr(MlirOperation op, const char *name);
MlirStringRef t2iOpName(MlirOperation op);

#endif
