/* A small op builder over the MLIR C API (internal).
 *
 * The C API builds ops through MlirOperationState, which is verbose; passes
 * that create many ops (lowerings) use these helpers instead. A DlcBuilder
 * inserts each new op at its insertion point: before `before` when that is
 * non-null, else at the end of `block`. Nothing here owns IR: every op built
 * is immediately owned by its block. */
#ifndef DLC_LIB_SUPPORT_BUILDER_H
#define DLC_LIB_SUPPORT_BUILDER_H

#include "mlir-c/IR.h"

#include <stdint.h>

typedef struct DlcBuilder {
  MlirContext ctx;
  MlirLocation loc;
  MlirBlock block;
  MlirOperation before; /* null: append to `block` */
} DlcBuilder;

/* A builder inserting at the end of `block`, or right before `op`. */
DlcBuilder dlcBuilderAtEnd(MlirBlock block, MlirLocation loc);
DlcBuilder dlcBuilderBefore(MlirOperation op);

/* Creates `name` with the given operands, result types and attributes
 * (names are C strings), inserts it and returns it. */
MlirOperation dlcBuild(DlcBuilder *b, const char *name, intptr_t numOperands,
                       const MlirValue *operands, intptr_t numResults,
                       const MlirType *resultTypes, intptr_t numAttributes,
                       const char *const *attributeNames,
                       const MlirAttribute *attributes);

/* Single-result shorthand of dlcBuild. */
MlirValue dlcBuildValue(DlcBuilder *b, const char *name, intptr_t numOperands,
                        const MlirValue *operands, MlirType resultType,
                        intptr_t numAttributes,
                        const char *const *attributeNames,
                        const MlirAttribute *attributes);

/* Parses an attribute or type from text (e.g. "affine_map<(d0) -> (d0)>"),
 * null on error (diagnostics go to the context). */
MlirAttribute dlcAttr(MlirContext ctx, const char *text);
MlirType dlcType(MlirContext ctx, const char *text);

/* Attribute shorthands: a string, a 64-bit integer, and a (name, value)
 * entry of a dictionary attribute. */
MlirAttribute dlcStringAttr(MlirContext ctx, const char *s);
MlirAttribute dlcI64Attr(MlirContext ctx, int64_t value);
MlirNamedAttribute dlcNamedAttr(MlirContext ctx, const char *name,
                                MlirAttribute value);

/* arith helpers. */
MlirValue dlcConstIndex(DlcBuilder *b, int64_t value);
MlirValue dlcConstInt(DlcBuilder *b, MlirType type, int64_t value);
MlirValue dlcConstFloat(DlcBuilder *b, MlirType type, double value);
MlirValue dlcArith(DlcBuilder *b, const char *name, MlirValue lhs,
                   MlirValue rhs); /* result type = lhs type */
MlirValue dlcCmpI(DlcBuilder *b, const char *predicate, MlirValue lhs,
                  MlirValue rhs); /* "slt", "ult", "eq", ... */
MlirValue dlcSelect(DlcBuilder *b, MlirValue cond, MlirValue a, MlirValue c);
/* i1: `value` (an integer) & `mask` is not zero. */
MlirValue dlcBitSet(DlcBuilder *b, MlirValue value, int64_t mask);
MlirValue dlcIndexCast(DlcBuilder *b, MlirValue value, MlirType to);
/* membar.gl (fence.sc.gpu): orders a thread's global accesses on either
 * side of it, as a relaxed atomic counter between CTAs needs. */
void dlcBuildFenceGpu(DlcBuilder *b);
/* fence.acq_rel.gpu (llvm.fence acq_rel, syncscope "device"): the lighter
 * fence a release before a counter, or an acquire after it, needs. */
void dlcBuildFenceAcqRelGpu(DlcBuilder *b);

/* A counter word between CTAs: the old i32 value of an atomic add
 * (memref.atomic_rmw addi) of `value` to `memref`[`index`] (0 reads it),
 * and a spin (scf.while) until that word is at least `count` (index). */
MlirValue dlcBuildAtomicAddI32(DlcBuilder *b, MlirValue memref, MlirValue index,
                               int64_t value);
void dlcBuildPollAtLeast(DlcBuilder *b, MlirValue memref, MlirValue index,
                         MlirValue count);

/* An op with one region of one block (scf.for, scf.if, gpu.func ...):
 * creates the op with `numBlockArgs` block arguments, inserts it, and
 * returns its body block through `body`. */
MlirOperation
dlcBuildWithRegion(DlcBuilder *b, const char *name, intptr_t numOperands,
                   const MlirValue *operands, intptr_t numResults,
                   const MlirType *resultTypes, intptr_t numAttributes,
                   const char *const *attributeNames,
                   const MlirAttribute *attributes, intptr_t numBlockArgs,
                   const MlirType *blockArgTypes, MlirBlock *body);

/* scf.for lb..ub step with loop-carried `inits`; returns the op; the body
 * block's arguments are (iv, iter args...). The body must end with
 * scf.yield, which the caller adds (dlcBuild(b, "scf.yield", ...)). */
MlirOperation dlcBuildFor(DlcBuilder *b, MlirValue lb, MlirValue ub,
                          MlirValue step, intptr_t numInits,
                          const MlirValue *inits, MlirBlock *body);

/* scf.while with loop-carried `inits` (at most 16), the same types in
 * both regions; returns the op (its results: the values at exit). The
 * `before` block (arguments: the carried values) must end with
 * scf.condition(%continue) of the carried values, the `after` block
 * (the same arguments) with scf.yield of the next ones; the caller adds
 * both terminators. */
MlirOperation dlcBuildWhile(DlcBuilder *b, intptr_t numInits,
                            const MlirValue *inits, MlirBlock *before,
                            MlirBlock *after);

/* scf.if %cond with an empty else region and no results; returns the then
 * block, which the caller must end with scf.yield. */
MlirOperation dlcBuildIf(DlcBuilder *b, MlirValue cond, MlirBlock *thenBlock);

/* scf.if %cond -> (types...) with both blocks; each must end with an
 * scf.yield of `numResults` values. */
MlirOperation dlcBuildIfElse(DlcBuilder *b, MlirValue cond, intptr_t numResults,
                             const MlirType *types, MlirBlock *thenBlock,
                             MlirBlock *elseBlock);

#endif
