/* Shared declarations of the CPU reference interpreter's files. Nothing
 * here is public API; see include/dlc/Interp.h. */
#ifndef DLC_LIB_INTERP_INTERPINTERNAL_H
#define DLC_LIB_INTERP_INTERPINTERNAL_H

#include "dlc/IR.h"
#include "dlc/Interp.h"

#include "mlir-c/AffineMap.h"

/* One op being evaluated: the op, its operand tensors and the concrete
 * shape of its result (from the result type under the bound symbols). */
typedef struct DlcInterpOp {
  MlirOperation op;
  MlirStringRef name;
  intptr_t numOperands;
  DlcTensor *const *operands; /* borrowed; numOperands of them */
  DlcInterpDtype operandDtypes[3];
  int resultRank;
  int64_t *resultShape; /* owned: resultRank sizes (dlcInterpOpRelease) */
  DlcInterpDtype resultDtype;
  DlcInterpPrecision precision;
  const DlcInterpSymbols *symbols; /* all bound */
} DlcInterpOp;

/* An op evaluator: returns the new result tensor (unrounded: the driver
 * rounds it to the result type), or NULL after emitting a diagnostic. */
typedef DlcTensor *(*DlcInterpEvalFn)(const DlcInterpOp *op);

/* --- diagnostics (InterpSupport.c) --- */

/* Emits "interpreter: <message>" as an error at `op`. */
void dlcInterpError(MlirOperation op, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* --- element types (Dtype.c) --- */

/* The element type of a ranked tensor type, with an error at `op` (and
 * DlcInterpDtypeInvalid) if the interpreter cannot hold it. */
DlcInterpDtype dlcInterpTensorDtype(MlirOperation op, MlirType type);

/* The accumulator rule (docs/interp.md, "Precision"): the op that forms a
 * reduction's body and has no other use is rounded to the accumulator type
 * `acc` when that is the wider float type, not to its own type `typed`: its
 * value goes straight into the accumulator, as a tensor core's product
 * does, and is never stored. Returns the type to round to. */
DlcInterpDtype dlcInterpWidenToAccumulator(DlcInterpDtype typed,
                                           DlcInterpDtype acc);

/* --- tensors and indices (Tensor.c) --- */

/* Creates a tensor for `op`'s result shape, emitting an error on failure. */
DlcTensor *dlcInterpCreateResult(const DlcInterpOp *op);

/* Like dlcTensorCreate, emitting an error at `at` on failure. */
DlcTensor *dlcInterpCreateTensor(MlirOperation at, int rank,
                                 const int64_t *shape);

/* A zeroed array of `count` indices (at least one slot), given: free it;
 * NULL after an error at `at`. Index arrays are sized from the value they
 * walk, so a region value of any rank evaluates. */
int64_t *dlcInterpCreateIndex(MlirOperation at, int count);

/* Row-major strides of a shape. */
void dlcInterpStrides(int rank, const int64_t *shape, int64_t *strides);

/* Advances the multi-index `index` within `shape` in row-major order;
 * returns false after the last index (leaving it all zeros). */
bool dlcInterpNextIndex(int rank, const int64_t *shape, int64_t *index);

bool dlcInterpShapesEqual(int rankA, const int64_t *a, int rankB,
                          const int64_t *b);

/* Formats as "[2, 3]". */
void dlcInterpFormatShape(int rank, const int64_t *shape, char *buffer,
                          size_t size);

/* --- attributes (InterpSupport.c) --- */

/* Reads the DenseI64ArrayAttr `name` of `op` into `values` (at most
 * `capacity`); errors and returns -1 when missing or malformed. */
int dlcInterpGetI64Array(MlirOperation op, const char *name, int64_t *values,
                         int capacity);

/* The DenseI64ArrayAttr `name` of `op`, however long, as a new array
 * (given: free it) of `*count` entries; NULL after an error at `op`. */
int64_t *dlcInterpReadI64Array(MlirOperation op, const char *name, int *count);

/* The attribute `name` of `op`, or a null attribute. */
MlirAttribute dlcInterpGetAttr(MlirOperation op, const char *name);

/* The op of a tiny.reduce or rbssa.reduce (attribute `op`). */
typedef enum DlcInterpReduceKind {
  DlcInterpReduceSum,
  DlcInterpReduceMax,
  DlcInterpReduceMin
} DlcInterpReduceKind;

/* Reads attribute `op` ("sum", "max" or "min"); false after an error. */
bool dlcInterpReadReduceKind(const DlcInterpOp *op, DlcInterpReduceKind *kind);

/* One step of the reduction: acc + x, max or min. */
double dlcInterpReduceCombine(DlcInterpReduceKind kind, double acc, double x);

/* The affine map attribute `map` of `op`, checked to take the op's result
 * indices (and at most the bound symbols) to `sourceRank` indices of its
 * `source` (named in the error, e.g. "source" or "memref"). False after an
 * error at the op. */
bool dlcInterpGetMap(const DlcInterpOp *op, int sourceRank, const char *source,
                     MlirAffineMap *map);

/* --- symbols and parameters (Symbols.c) --- */

/* The concrete shape of `type`, a ranked tensor, under bound `symbols`
 * into desc->resultRank and desc->resultShape (which desc then owns);
 * errors at `at` (E1005 for a malformed shape). With `anyRank` (an rbssa
 * region's value, of one dim per region axis) the rank has no limit;
 * without it (a tiny value) it is at most DLC_MAX_RANK. */
bool dlcInterpResolveResult(MlirOperation at, MlirType type,
                            const DlcInterpSymbols *symbols, bool anyRank,
                            DlcInterpOp *desc);
/* Frees what `desc` owns (its result shape). */
void dlcInterpOpRelease(DlcInterpOp *desc);

/* The function type of a func.func, or a null type. */
MlirType dlcInterpFunctionType(MlirOperation func);

/* Concrete sizes of a symbolic shape under bound `symbols`; errors at `at`
 * when a symbol is unknown or unbound. */
bool dlcInterpResolveDims(MlirOperation at, const DlcShape *shape,
                          const DlcInterpSymbols *symbols, int *rank,
                          int64_t *sizes);

/* The symbolic shape of parameter `index` (inputs, then outputs) of a tiny
 * function or a region; errors at `func`. */
bool dlcInterpParamShape(MlirOperation func, intptr_t index, DlcShape *shape);

/* Checks the inputs' shapes against the argument types and binds the
 * symbols still unbound (E1304 AxisAlignmentMismatch at `func` on a
 * mismatch). */
bool dlcInterpBindInputs(MlirOperation func, intptr_t numInputs,
                         DlcTensor *const *inputs, DlcInterpSymbols *symbols);

/* --- affine maps (AffineEval.c) --- */

/* An affine map flattened into nodes, children before parents, so it can
 * be evaluated per element without calling into MLIR. */
typedef struct DlcInterpAffineNode {
  int kind;
  int lhs, rhs;  /* node indices of binary operands */
  int64_t value; /* constant, or dim/symbol position */
} DlcInterpAffineNode;

typedef struct DlcInterpAffineMap {
  int numDims, numSymbols, numResults;
  int numNodes, capacity;
  DlcInterpAffineNode *nodes;
  int *results;    /* node index of each result */
  int64_t *values; /* scratch: one value per node */
} DlcInterpAffineMap;

/* Flattens `map`; errors at `op` on failure. Destroy with
 * dlcInterpAffineMapDestroy even when it fails. */
bool dlcInterpAffineMapCompile(MlirOperation op, MlirAffineMap map,
                               DlcInterpAffineMap *out);
void dlcInterpAffineMapDestroy(DlcInterpAffineMap *map);

/* The position of a symbol the map uses whose size is not bound (< 0 in
 * `symbols`), or -1. */
int dlcInterpAffineMapFindUnbound(const DlcInterpAffineMap *map,
                                  const int64_t *symbols);

/* Evaluates the map at `dims` with `symbols` into `results`. Returns false
 * on a division or modulo by a non-positive value, or on overflow. */
bool dlcInterpAffineMapEval(DlcInterpAffineMap *map, const int64_t *dims,
                            const int64_t *symbols, int64_t *results);

/* --- op evaluators --- */

/* Movement.c: view, reshape, permute, expand, pad, shrink, flip, load and
 * store. They take the source tensor apart from `op` so that tiny.valid can
 * push a validity mask through the same movement. */
bool dlcInterpIsMovement(MlirStringRef name);
DlcTensor *dlcInterpApplyMovement(const DlcInterpOp *op, const DlcTensor *x);
DlcTensor *dlcInterpEvalMovement(const DlcInterpOp *op);

/* Elementwise.c */
DlcTensor *dlcInterpEvalUnary(const DlcInterpOp *op);
DlcTensor *dlcInterpEvalBinary(const DlcInterpOp *op);
DlcTensor *dlcInterpEvalWhere(const DlcInterpOp *op);
DlcTensor *dlcInterpEvalConst(const DlcInterpOp *op);

/* Reduce.c */
DlcTensor *dlcInterpEvalReduce(const DlcInterpOp *op);
DlcTensor *dlcInterpEvalContract(const DlcInterpOp *op);

/* --- rbssa regions (Region.c) --- */

/* The symbols of a region: `rbssa.symbols`, all unbound; every symbol of
 * an `rbssa.shape` must be listed. */
bool dlcInterpRegionSymbolsInit(MlirOperation func, DlcInterpSymbols *symbols);

/* Adds `name` (borrowed) unbound unless present; the table grows (an error
 * at `func` only without memory). */
bool dlcInterpSymbolsAdd(MlirOperation func, DlcInterpSymbols *symbols,
                         MlirStringRef name);

/* Counts a region's input and output memref arguments (inputs first). */
bool dlcInterpRegionSignature(MlirOperation func, intptr_t *numInputs,
                              intptr_t *numOutputs);

/* The `rbssa.shape` of parameter `index` (argument `index`, or for a
 * fused attention region its arguments but P), checked against its
 * memref type. */
bool dlcInterpRegionParamShape(MlirOperation func, intptr_t index,
                               DlcShape *shape);

/* dlcInterpEvaluate for a region: `symbols` is initialised and its inputs
 * bound already; fills `outputs` (all NULL on failure). */
bool dlcInterpEvaluateRegion(MlirOperation func, DlcInterpPrecision precision,
                             intptr_t numInputs, DlcTensor *const *inputs,
                             const DlcInterpSymbols *symbols,
                             intptr_t numOutputs, DlcTensor **outputs);

/* --- fused attention (Attention.c) --- */

/* The scores region a fused attention region (rbssa.attention with fused
 * = true) was fused with, from its module; null for any other region. */
MlirOperation dlcInterpFusedScores(MlirOperation func);

/* The argument of the fused region `func` that parameter `index` is
 * (its arguments but P). False after an error at `func`. */
bool dlcInterpAttentionParam(MlirOperation func, intptr_t index, intptr_t *arg);

/* dlcInterpEvaluateRegion for a fused region: O from the model
 * (kpAttentionRead of the pair) under the interpreter's precision rules;
 * `inputs` are its parameters, bound already. */
bool dlcInterpEvaluateAttention(MlirOperation func, MlirOperation scores,
                                DlcInterpPrecision precision,
                                intptr_t numInputs, DlcTensor *const *inputs,
                                const DlcInterpSymbols *symbols,
                                intptr_t numOutputs, DlcTensor **outputs);

/* RegionOps.c: the rbssa ops. Each returns a new tensor (unrounded: the
 * region driver rounds it to the result type) or NULL after an error at
 * the op. The gathers and the reduction take their source apart from `op`
 * so the driver can push a poison mask (1 = depends on a read outside its
 * memref) through the very same op. */

/* rbssa.read of `memref`; `*poison` receives a 0/1 mask of the points that
 * read outside the memref (NULL when there are none). */
DlcTensor *dlcInterpEvalRead(const DlcInterpOp *op, const DlcTensor *memref,
                             DlcTensor **poison);
/* rbssa.unary, binary and compare (operands of the result's shape). */
DlcTensor *dlcInterpEvalRegionUnary(const DlcInterpOp *op);
DlcTensor *dlcInterpEvalRegionBinary(const DlcInterpOp *op);
DlcTensor *dlcInterpEvalCompare(const DlcInterpOp *op);
/* The 0/1 mask of rbssa.select's `pred` over the result's points. */
DlcTensor *dlcInterpEvalPredicate(const DlcInterpOp *op);
/* rbssa.select_value: pred ? then : else. */
DlcTensor *dlcInterpEvalSelectValue(const DlcInterpOp *op);
/* rbssa.reduce of `body`; with `anyOf`, the 0/1 "any element is 1" of a
 * mask over the same axes instead of the op's arithmetic. */
DlcTensor *dlcInterpApplyRegionReduce(const DlcInterpOp *op,
                                      const DlcTensor *body, bool anyOf);
DlcTensor *dlcInterpApplyBroadcastInDim(const DlcInterpOp *op,
                                        const DlcTensor *x);
DlcTensor *dlcInterpApplyTranspose(const DlcInterpOp *op, const DlcTensor *x);

/* The value of a FloatAttr or IntegerAttr (read as its signedness says);
 * false for any other attribute. */
bool dlcInterpScalarAttrValue(MlirAttribute attr, double *value);

#endif /* DLC_LIB_INTERP_INTERPINTERNAL_H */
