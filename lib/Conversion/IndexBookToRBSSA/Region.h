/* State shared by the parts of convert-indexbook-to-rbssa (internal).
 *
 * The conversion builds one RB-SSA region (spec §6.7) from one IndexBook
 * function by demand: starting at each returned value, it asks for an
 * IndexBook value *at a context* — one affine expression per dim of the
 * value, over the region axes and the symbols — and emits the rbssa ops that
 * compute it there. Composing the contexts through the ops' maps is what
 * turns IndexBook's per-op AxisMaps into the composed access maps of
 * rbssa.read (C-CON1, §6.3.1).
 *
 * Region axes are global: dim `d<j>` of every context is region axis j.
 * Axes 0 .. numIters-1 are the output's (rbssa.iters); a reduction adds an
 * axis only when no existing axis of the same size is free
 * (rbssa.reduce_iters).
 *
 * Files: IndexBookToRBSSA.c (the pass, signature and yields), Emit.c (values),
 * Reduce.c (reductions, SRNF, neutral checks), Affine.c (contexts, guards,
 * bounds), Validate.c (readers, axes, attribute checks). */
#ifndef DLC_LIB_CONVERSION_INDEXBOOKTORBSSA_REGION_H
#define DLC_LIB_CONVERSION_INDEXBOOKTORBSSA_REGION_H

#include "Builder.h"
#include "SymbolTable.h"

#include "dlc/IR.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"
#include "mlir-c/IntegerSet.h"

#include <stdbool.h>
#include <stdint.h>

enum {
  RB_MAX_AXES = 24,    /* region axes (iters + reduce iters) */
  RB_MAX_RANK = 12,    /* dims of one context (an op's iteration space) */
  RB_MAX_ARGS = 32,    /* region arguments (inputs + outputs) */
  RB_MAX_GUARD = 64,   /* constraints of one guard */
  RB_MAX_DEPTH = 1000, /* nested values on one path (bounds the C stack) */
  /* Intermediate buffers of one function: as many as it can have
   * arguments beside its inputs and outputs (addCut's E1501), so that the
   * function's regions (cuts + outputs) stay within cutConsumers' 64 bits. */
  RB_MAX_CUTS = RB_MAX_ARGS
};

/* The size of a dim: a symbol index, or a static extent (symbol = -1). */
typedef struct RbSize {
  int symbol;
  int64_t extent;
} RbSize;

/* One region axis. */
typedef struct RbAxis {
  MlirAttribute size; /* StringAttr (a symbol) or IntegerAttr (i64) */
  int symbol;         /* index into the symbols; -1 when static */
  int64_t extent;     /* the static size; -1 when symbolic */
  bool reduce;        /* listed in rbssa.reduce_iters (not an output axis) */
  char name[24];
} RbAxis;

/* Where a value is needed: value dim i is read at exprs[i], an affine
 * expression over the region axes (dims) and the symbols. */
typedef struct RbContext {
  int rank;
  MlirAffineExpr exprs[RB_MAX_RANK];
} RbContext;

/* Whether two contexts read at the same expressions, dim by dim. */
bool rbContextEqual(const RbContext *a, const RbContext *b);

/* A conjunction of affine constraints over region axes (`e >= 0`, or
 * `e == 0` where eqs[i]): the points where a guarded value is defined. */
typedef struct RbGuard {
  int count;
  MlirAffineExpr exprs[RB_MAX_GUARD];
  bool eqs[RB_MAX_GUARD];
} RbGuard;

/* The dims of an rbssa value: region axes in increasing order. */
typedef struct RbSpace {
  int rank;
  int axes[RB_MAX_AXES];
} RbSpace;

typedef struct RbValue {
  MlirValue value;
  RbSpace space;
} RbValue;

typedef enum RbMemoKind {
  RB_MEMO_VALUE,     /* IndexBook `source` at `ctx` (and `target`) */
  RB_MEMO_BROADCAST, /* rbssa value `source` broadcast to `target` */
  RB_MEMO_CAST       /* rbssa value `source` cast to `elem` */
} RbMemoKind;

/* A value already emitted: IndexBook `source` at `ctx`, in body mode over
 * `target` (hasTarget) or in minimal mode; or a helper op on an rbssa
 * value, so that it too is built once. */
typedef struct RbMemo {
  RbMemoKind kind;
  MlirValue source;
  RbContext ctx;
  bool hasTarget;
  RbSpace target;
  MlirType elem; /* kind 2 */
  RbValue result;
} RbMemo;

typedef struct RbRegion {
  MlirContext ctx;
  MlirOperation source;  /* the IndexBook function */
  MlirBlock sourceBlock; /* its entry block */
  DlcBuilder b;          /* appends to the region function's body */
  /* The function's indexbook.symbols, any number, and per symbol a derived
   * symbol's definition over the others (dlc.derived, docs/conventions.md;
   * null for a free one; isl's box holds them): owned by the Program's base
   * region, borrowed by the regions built from it. */
  DlcSymbolTable symbols;
  RbAxis axes[RB_MAX_AXES];
  int numAxes;
  int numIters;
  int numInputs;
  MlirValue args[RB_MAX_ARGS]; /* memref arguments of the region */
  RbSize argSizes[RB_MAX_ARGS][RB_MAX_RANK]; /* dims of each input */
  int depth;                                 /* of the rbEmit recursion */
  /* Region boundaries (docs/passes/convert-indexbook-to-rbssa.md, "Several
   * regions"): the values of the function materialised in intermediate
   * buffers. Here cuts[i] is read from args[cutArg[i]] (-1: not an argument
   * of this region), except `self`, the cut this region computes. */
  int numCuts;
  MlirValue cuts[RB_MAX_CUTS];
  int cutArg[RB_MAX_CUTS];
  bool cutGather[RB_MAX_CUTS]; /* read here at points that are not pointwise */
  MlirValue self;              /* null unless this region computes a cut */
  /* Set, with a false return and no diagnostic, when emission finds a value
   * that must be materialised first (a region boundary): the driver adds it
   * to the cuts and builds the regions again. */
  MlirValue request;
  RbMemo *memo; /* owned */
  int numMemo, capMemo;
} RbRegion;

/* --- affine helpers (Affine.c) -------------------------------------------- */

/* out[i] = result i of `map` with its dims replaced by ctx's expressions.
 * `map` must have ctx->rank dims. */
void rbCompose(RbRegion *r, MlirAffineMap map, const RbContext *ctx,
               RbContext *out);

/* The region axes used by `exprs`, in increasing order. */
void rbUsedAxes(RbRegion *r, const MlirAffineExpr *exprs, int count,
                RbSpace *used);

/* `expr` (over region axes) rewritten over the dims of `space`
 * (region axis space->axes[p] becomes d<p>). */
MlirAffineExpr rbLocalExpr(RbRegion *r, MlirAffineExpr expr,
                           const RbSpace *space);

/* The map (space dims)[symbols] -> ctx's expressions. */
MlirAffineMap rbLocalMap(RbRegion *r, const RbContext *ctx,
                         const RbSpace *space);

/* Appends to `guard` the constraints of `piece` (dims = ctx's) read at ctx
 * that can fail on the iteration box; those the box implies are dropped (a
 * gist with the box). False when the guard is full. */
bool rbGuardAddSet(RbRegion *r, MlirIntegerSet piece, const RbContext *ctx,
                   RbGuard *guard);

/* Whether `piece` read at ctx holds on the whole iteration box. */
bool rbSetImplied(RbRegion *r, MlirIntegerSet piece, const RbContext *ctx);

/* `guard` as an integer set over the dims of `space`. */
MlirIntegerSet rbGuardSet(RbRegion *r, const RbGuard *guard,
                          const RbSpace *space);

/* Whether 0 <= expr <= size - 1 holds on every point of the iteration box
 * (`expr` over region axes; symbols >= 1). Sound, not complete: false means
 * "could not prove". */
bool rbProveInBounds(RbRegion *r, MlirAffineExpr expr, RbSize size);

/* Sorted union of two spaces; false if too many axes. */
bool rbSpaceUnion(const RbSpace *a, const RbSpace *b, RbSpace *out);
bool rbSpaceEqual(const RbSpace *a, const RbSpace *b);
bool rbSpaceContains(const RbSpace *space, int axis);
bool rbSpaceIncludes(const RbSpace *outer, const RbSpace *inner);

/* Formats an affine expression into `buffer`. */
void rbFormatExpr(MlirAffineExpr expr, char *buffer, size_t size);

/* --- values (Emit.c) ------------------------------------------------------ */

/* Emits IndexBook value `source` at `ctx`. With `target`, the result is a
 * tensor over exactly `target` (body mode: inside a reduction, reads index
 * the full body space, C-CON1); without, over the axes it depends on
 * (minimal mode: the epilogue, where broadcasts are explicit, §6.4).
 * `guarded`: an enclosing select limits the points evaluated, so reads are
 * not bounds-checked. `user` is the op reading `source` (diagnostics). */
bool rbEmit(RbRegion *r, MlirValue source, MlirOperation user,
            const RbContext *ctx, const RbSpace *target, bool guarded,
            RbValue *out);

/* The tensor type over `space` with element type `elem`. */
MlirType rbTensorType(RbRegion *r, const RbSpace *space, MlirType elem);

/* `in` as a tensor over `to` (a superset of its space): a
 * rbssa.broadcast_in_dim, or a wider rbssa.const. */
bool rbBroadcast(RbRegion *r, RbValue in, const RbSpace *to, RbValue *out);

/* `in` converted to element type `elem` (rbssa.cast when it differs). */
RbValue rbCastTo(RbRegion *r, RbValue in, MlirType elem);

/* Appends to `guard` the IndexBook domain `domain` (ArrayAttr of sets, a
 * union) of `op` read at ctx. A union of several pieces is supported only
 * when one piece covers the box (E1501 otherwise). */
bool rbDomainGuard(RbRegion *r, MlirOperation op, MlirAttribute domain,
                   const RbContext *ctx, RbGuard *guard);

/* Wraps `v` in rbssa.select {pred = guard, else = elseValue} when the guard
 * has constraints (broadcasting `v` first if the guard reads more axes). */
bool rbApplyGuard(RbRegion *r, const RbGuard *guard, RbValue *v,
                  MlirAttribute elseValue);

/* A new zeroed memo entry; NULL when out of memory (only sharing is lost). */
RbMemo *rbMemoAdd(RbRegion *r);

/* The index of `value` in r->cuts (never r->self), or -1. */
int rbCutIndex(RbRegion *r, MlirValue value);

/* Whether `value` can be materialised in an intermediate buffer: a ranked
 * tensor whose dims are sizes or function symbols, of an element type
 * rbssa.yield stores (IndexBookToRBSSA.c). No diagnostic. */
bool rbCanMaterialize(RbRegion *r, MlirValue value);

/* --- reductions (Reduce.c) ------------------------------------------------ */

/* Whether `value`, read in a reduction body over `target` through `ctx`,
 * must be materialised by an earlier region first: it depends on a
 * reduction of this region and is used along fewer axes than the body
 * (the first GEMM's activation inside the second GEMM's product, the
 * softmax P inside P V): emitted in place it would nest that reduction
 * inside this one. (Reduce.c) */
bool rbNeedsBoundary(RbRegion *r, MlirValue value, const RbContext *ctx,
                     const RbSpace *target);

/* The computed value that factor `f` re-indexes: through views (a
 * convolution's window, a broadcast) to the value they read, which is
 * what a boundary materialises (Reduce.c). */
MlirValue rbViewedValue(RbRegion *r, MlirValue f);

/* Rule 5 (ContractionCut.c): the contraction, with the elementwise
 * epilogue `operand` reads it through, that a reduction's body operand is
 * computed from (a GEMM under a LayerNorm's mean), to be materialised in
 * its own region; null when there is none or it is attention's scores. */
MlirValue rbContractionCut(RbRegion *r, MlirValue operand);

/* Rule 6 (ContractionCut.c): when the values a region yields hold a
 * contraction beside another reduction or another yield, that contraction
 * with its epilogue, to be materialised in its own region; else null. */
MlirValue rbYieldsContractionCut(RbRegion *r, const MlirValue *yields,
                                 int numYields);

/* Rule 8 (SizeCut.c): when the values a region yields are computed by
 * more ops than a kernel takes, the value of the same shape computed by
 * about half of them, to be materialised in its own region; else null. */
MlirValue rbSizeCut(RbRegion *r, const MlirValue *yields, int numYields);

/* Emits an indexbook.reduce or indexbook.contract at ctx (its kept dims):
 * SRNF (R0/R2 merging, R1 invariant hoist), domain guards with the neutral
 * element, the rbssa.reduce and a cast to the result's element type. */
bool rbEmitReduction(RbRegion *r, MlirOperation op, const RbContext *ctx,
                     RbValue *out);

/* --- readers and checks (Validate.c) -------------------------------------- */

/* Checks the attributes of an IndexBook op that IRDL cannot (map and set
 * arities, axis sizes, result rank = axes - numReduced, non_scop). */
bool rbValidateOp(RbRegion *r, MlirOperation op, int numReduced);
/* maps[i] of a validated op. */
MlirAffineMap rbMapOf(MlirOperation op, intptr_t i);
MlirAttribute rbAttr(MlirOperation op, const char *name);
/* indexbook.reduce or indexbook.contract (Reduce.c). */
bool rbIsReduction(MlirOperation op);

bool rbStringAttrIs(MlirOperation op, const char *attr, const char *value);
/* `v` through unary casts (tinygrad widens products before the reduce);
 * whether that is an indexbook.const. */
MlirValue rbPastCasts(MlirValue v);
bool rbIsConstant(MlirValue v);
MlirType rbElementType(MlirValue value);
/* The element type's zero (FloatAttr or IntegerAttr). */
MlirAttribute rbZero(MlirType elem);
/* Adds a region axis; -1 (after a diagnostic at `op`) when full. */
int rbAddAxis(RbRegion *r, MlirOperation op, MlirAttribute size, bool reduce);
/* Reads an axis size attribute (StringAttr symbol or IntegerAttr). */
bool rbAxisSize(RbRegion *r, MlirOperation op, MlirAttribute size, int *symbol,
                int64_t *extent);
/* Builds a DictionaryAttr / named attribute list helper. */
MlirAttribute rbStr(RbRegion *r, const char *text);
/* Symbol `k` of the function as a StringAttr (an rbssa.shape entry). */
MlirAttribute rbSymbolAttr(RbRegion *r, int k);

#endif
