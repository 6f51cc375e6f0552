/* tiny-expand-broadcasts: makes the implicit right-aligned broadcasting of
 * elementwise ops explicit (spec §3.3), as tinygrad does. For every
 * elementwise binary op and tiny.where, each operand whose shape differs
 * from the result's gets
 *
 *   - a tiny.reshape prepending size-1 dims when its rank is lower (the
 *     encoding gains `1` entries), then
 *   - a tiny.expand (identity broadcast_dimensions) to the result's shape,
 *     keeping its element type,
 *
 * so that afterwards every elementwise op has operands of exactly the
 * result's shape. Shapes that do not broadcast are E1001 (TinyChecks.c).
 *
 * One OpRewritePattern per op name, applied by the walk-based pattern driver
 * (mlirWalkAndApplyPatterns): the ops a pattern creates are movement ops that
 * no pattern matches, so a single visit reaches the fixpoint, and unlike the
 * greedy driver it neither folds nor erases dead ops, so IR that needs no
 * broadcast is left exactly as it was. */
#include "DialectNames.h"
#include "PassDef.h"
#include "TinyChecks.h"

#include "dlc/Shape.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "mlir-c/Rewrite.h"

static bool readShape(MlirValue value, DlcShape *shape) {
  char why[256];
  return dlcShapeFromType(mlirValueGetType(value), shape, why, sizeof(why));
}

/* True when some operand's shape differs from the result's; shapes that
 * cannot be read count as "no" (tiny-verify reports them). */
static bool needsExpansion(MlirOperation op) {
  DlcShape result, operand;
  if (!readShape(mlirOperationGetResult(op, 0), &result))
    return false;
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i) {
    if (!readShape(mlirOperationGetOperand(op, i), &operand))
      return false;
    if (!dlcShapeEqual(&operand, &result))
      return true;
  }
  return false;
}

/* Creates `name`(input) -> type and inserts it at the rewriter's insertion
 * point (before the op being rewritten); the block owns it. */
static MlirValue buildUnary(MlirRewriterBase rewriter, const char *name,
                            MlirLocation loc, MlirValue input, MlirType type,
                            intptr_t numAttributes,
                            const MlirNamedAttribute *attributes) {
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), loc);
  mlirOperationStateAddOperands(&state, 1, &input);
  mlirOperationStateAddResults(&state, 1, &type);
  if (numAttributes)
    mlirOperationStateAddAttributes(&state, numAttributes, attributes);
  MlirOperation op =
      mlirRewriterBaseInsert(rewriter, mlirOperationCreate(&state));
  return mlirOperationGetResult(op, 0);
}

/* reshape: prepends `result rank - operand rank` size-1 dims. */
static MlirValue prependOnes(MlirRewriterBase rewriter, MlirLocation loc,
                             MlirValue value, int rank) {
  MlirType type = mlirValueGetType(value);
  MlirContext ctx = mlirTypeGetContext(type);
  intptr_t oldRank = mlirShapedTypeGetRank(type);
  intptr_t pad = rank - oldRank;
  int64_t dims[DLC_MAX_RANK];
  MlirAttribute names[DLC_MAX_RANK];
  MlirAttribute encoding = mlirRankedTensorTypeGetEncoding(type);
  MlirAttribute one = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 1);
  for (intptr_t i = 0; i < rank; ++i) {
    bool padded = i < pad;
    dims[i] = padded ? 1 : mlirShapedTypeGetDimSize(type, i - pad);
    if (!mlirAttributeIsNull(encoding))
      names[i] = padded ? one : mlirArrayAttrGetElement(encoding, i - pad);
  }
  MlirAttribute newEncoding = mlirAttributeIsNull(encoding)
                                  ? encoding
                                  : mlirArrayAttrGet(ctx, rank, names);
  MlirType reshaped = mlirRankedTensorTypeGet(
      rank, dims, mlirShapedTypeGetElementType(type), newEncoding);
  return buildUnary(rewriter, DLC_OP_TINY_RESHAPE, loc, value, reshaped, 0,
                    NULL);
}

/* expand: same rank, to the result's shape and encoding. */
static MlirValue expandTo(MlirRewriterBase rewriter, MlirLocation loc,
                          MlirValue value, MlirType resultType) {
  MlirContext ctx = mlirTypeGetContext(resultType);
  intptr_t rank = mlirShapedTypeGetRank(resultType);
  int64_t dims[DLC_MAX_RANK];
  int64_t identity[DLC_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i) {
    dims[i] = mlirShapedTypeGetDimSize(resultType, i);
    identity[i] = i;
  }
  MlirType type = mlirRankedTensorTypeGet(
      rank, dims, mlirShapedTypeGetElementType(mlirValueGetType(value)),
      mlirRankedTensorTypeGetEncoding(resultType));
  MlirNamedAttribute attr = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx,
                        mlirStringRefCreateFromCString("broadcast_dimensions")),
      mlirDenseI64ArrayGet(ctx, rank, identity));
  return buildUnary(rewriter, DLC_OP_TINY_EXPAND, loc, value, type, 1, &attr);
}

static MlirLogicalResult expandOperands(MlirRewritePattern pattern,
                                        MlirOperation op,
                                        MlirPatternRewriter patternRewriter,
                                        void *userData) {
  (void)pattern;
  (void)userData;
  if (!needsExpansion(op))
    return mlirLogicalResultFailure();
  MlirRewriterBase rewriter = mlirPatternRewriterAsBase(patternRewriter);
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirType resultType = mlirValueGetType(mlirOperationGetResult(op, 0));
  DlcShape result, operand;
  readShape(mlirOperationGetResult(op, 0), &result);
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue expanded[3];
  for (intptr_t i = 0; i < n && i < 3; ++i) {
    MlirValue value = mlirOperationGetOperand(op, i);
    readShape(value, &operand);
    expanded[i] = value;
    if (dlcShapeEqual(&operand, &result))
      continue;
    mlirRewriterBaseSetInsertionPointBefore(rewriter, op);
    if (operand.rank < result.rank) {
      value = prependOnes(rewriter, loc, value, result.rank);
      readShape(value, &operand);
    }
    if (!dlcShapeEqual(&operand, &result))
      value = expandTo(rewriter, loc, value, resultType);
    expanded[i] = value;
  }
  mlirRewriterBaseStartOpModification(rewriter, op);
  for (intptr_t i = 0; i < n && i < 3; ++i)
    mlirOperationSetOperand(op, i, expanded[i]);
  mlirRewriterBaseFinalizeOpModification(rewriter, op);
  return mlirLogicalResultSuccess();
}

typedef struct {
  bool failed;
} CheckState;

/* E1001 (and E1005) for elementwise ops before anything is rewritten. */
static MlirWalkResult checkOp(MlirOperation op, void *userData) {
  CheckState *state = userData;
  if (dlcTinyIsBroadcasting(op) && !dlcTinyCheckOp(op))
    state->failed = true;
  return MlirWalkResultAdvance;
}

static void runExpandBroadcasts(MlirOperation op, MlirExternalPass pass,
                                const DlcPassOptions *options) {
  (void)options;
  CheckState state = {false};
  mlirOperationWalk(op, checkOp, &state, MlirWalkPreOrder);
  if (state.failed) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirContext ctx = mlirOperationGetContext(op);
  MlirRewritePatternSet set = mlirRewritePatternSetCreate(ctx);
  MlirRewritePatternCallbacks callbacks = {NULL, NULL, expandOperands};
  MlirStringRef generated[] = {
      mlirStringRefCreateFromCString(DLC_OP_TINY_RESHAPE),
      mlirStringRefCreateFromCString(DLC_OP_TINY_EXPAND)};
  for (const char *const *it = dlcTinyBroadcastingOps; *it; ++it)
    mlirRewritePatternSetAdd(
        set, mlirOpRewritePatternCreate(mlirStringRefCreateFromCString(*it), 1,
                                        ctx, callbacks, NULL, 2, generated));
  MlirFrozenRewritePatternSet frozen = mlirFreezeRewritePattern(set);
  /* Freezing moves the patterns out but does not free the (now empty) set
   * object itself. */
  mlirRewritePatternSetDestroy(set);
  mlirWalkAndApplyPatterns(op, frozen);
  mlirFrozenRewritePatternSetDestroy(frozen);
}

const DlcPassDef dlcTinyExpandBroadcastsPass = {
    {"tiny-expand-broadcasts",
     "Make right-aligned broadcasting explicit: reshape + expand every "
     "elementwise operand to its result's shape (E1001 if impossible)",
     "", 0, NULL},
    runExpandBroadcasts,
    NULL,
    NULL,
};
