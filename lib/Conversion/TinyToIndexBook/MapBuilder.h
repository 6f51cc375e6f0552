/* MapBuilder: the affine maps and integer sets of the tiny -> indexbook
 * lowering (internal).
 *
 * Every map and set of a function has one dim per axis of an iteration space
 * and the function's symbols (s0 = first symbol, ...; docs/conventions.md).
 * Maps compose by substitution (§4.3.7) and are simplified after every step
 * so that movement chains do not grow their expressions (§4.3 rule 7): first
 * MLIR's own simplifier, then isl's ranges over the box where each dim lies
 * in [0, extent - 1] and each symbol, a size, is >= 1 (lib/Analysis/
 * AffineIsl), which remove floordiv/mod that cannot change the value.
 *
 * All affine objects are uniqued in the context: nothing here needs
 * destroying except the guard lists (T2iGuards), which own a heap array. */
#ifndef DLC_LIB_CONVERSION_TINYTOINDEXBOOK_MAPBUILDER_H
#define DLC_LIB_CONVERSION_TINYTOINDEXBOOK_MAPBUILDER_H

#include "SymbolTable.h"

#include "dlc/Shape.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"
#include "mlir-c/IntegerSet.h"

#include <stdbool.h>
#include <stdint.h>

enum {
  /* A contraction space holds the dims of both operands at most. */
  T2I_MAX_AXES = 2 * DLC_MAX_RANK
};

/* An iteration space: the extent of each dim and the function's symbols. */
typedef struct T2iSpace {
  MlirContext ctx;
  const DlcSymbolTable *symbols; /* borrowed */
  int numDims;
  DlcDim extents[T2I_MAX_AXES];
} T2iSpace;

/* Fills `space`; returns false when an extent names a symbol that is not
 * among `symbols` or when there are too many dims. */
bool t2iSpaceInit(T2iSpace *space, MlirContext ctx,
                  const DlcSymbolTable *symbols, int numDims,
                  const DlcDim *extents);

/* An extent (static size or symbol of `space`) as an expression. */
MlirAffineExpr t2iExtentExpr(const T2iSpace *space, DlcDim extent);

MlirAffineExpr t2iDim(const T2iSpace *space, int position);
MlirAffineExpr t2iConst(const T2iSpace *space, int64_t value);

/* A map over `space` with the given results (simplified). */
MlirAffineMap t2iMapGet(const T2iSpace *space, int numResults,
                        const MlirAffineExpr *results);
MlirAffineMap t2iIdentityMap(const T2iSpace *space);

/* MLIR's simplification, then removal of floordiv/mod that the ranges of
 * `space` make constant or the identity; ceildiv becomes floordiv. */
MlirAffineExpr t2iSimplify(const T2iSpace *space, MlirAffineExpr expr);

/* outer ∘ inner: `inner` goes from `space` to outer's dims; the result goes
 * from `space` to outer's results, simplified. */
MlirAffineMap t2iCompose(const T2iSpace *space, MlirAffineMap outer,
                         MlirAffineMap inner);

/* True when every result of `map` is affine + floordiv/mod by constants. */
bool t2iMapIsAffine(MlirAffineMap map);

/* A conjunction of constraints `expr >= 0` over a space: the mask of a
 * movement chain (padding, out-of-bounds reads). */
typedef struct T2iGuards {
  int count, capacity;
  MlirAffineExpr *exprs; /* owned */
} T2iGuards;

/* Adds `expr >= 0` (simplified) unless the box of `space` implies it (isl:
 * lib/Analysis/AffineIsl) or it is already there. Returns false when out of
 * memory. */
bool t2iGuardsAdd(T2iGuards *guards, const T2iSpace *space,
                  MlirAffineExpr expr);

/* Adds the guards `0 <= index <= extent - 1` that the box does not imply. */
bool t2iGuardsAddBounds(T2iGuards *guards, const T2iSpace *space,
                        MlirAffineExpr index, DlcDim extent);

/* Re-expresses `from` (over the dims of `map`'s results) over `space`
 * through `map`, adding the result to `into`. */
bool t2iGuardsCompose(T2iGuards *into, const T2iSpace *space,
                      const T2iGuards *from, MlirAffineMap map);

void t2iGuardsFree(T2iGuards *guards);

/* The box `0 <= dk <= extent_k - 1` of `space`, conjoined with `guards`
 * (may be NULL): one piece of a domain. A rank-0 space without guards is
 * the universe `(0 == 0)`. */
MlirIntegerSet t2iDomainSet(const T2iSpace *space, const T2iGuards *guards);

/* True when every constraint of `set` is affine + floordiv/mod by
 * constants. */
bool t2iSetIsAffine(MlirIntegerSet set);

#endif
