/* rbssa-fold-activations: activations as graph exporters decompose them,
 * folded back into rbssa.unary by rewrite patterns (issue "Back end, part
 * 1"; tinygrad writes ReLU as where(0 < x, x, 0) or max(x, 0) and sigmoid
 * as recip(1 + exp2(x * -log2 e))):
 *
 *   max(x, 0), max(0, x)                              -> relu(x)
 *   select_value(cmplt(0, x), x, 0)                   -> relu(x)
 *   select_value(cmpgt(x, 0), x, 0)                   -> relu(x)
 *   recip(1 + exp2(x * -log2 e)), recip(exp2(..) + 1) -> sigmoid(x)
 *   recip(1 + exp(-x)), recip(exp(-x) + 1)            -> sigmoid(x)
 *   x * sigmoid(x), sigmoid(x) * x                    -> silu(x)
 *
 * Each pattern replaces its root only; ops it looked through are erased
 * once nothing else uses them. Constants must be rbssa.const splats equal
 * to the expected value within a relative 1e-6 (exporters print log2 e with
 * different digits). GELU is not folded: rbssa's gelu is the erf form
 * (docs/dialects/rbssa.md), and tinygrad's is the tanh approximation. The
 * planner and the skeletons need none of this (the kernel-problem model
 * takes any elementwise epilogue); folding gives shorter IR and one
 * instruction sequence per activation. */
#include "PassDef.h"

#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Rewrite.h"

#include <math.h>
#include <string.h>

static const double kLog2E = 1.4426950408889634;

static MlirOperation def(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v)
                                 : (MlirOperation){NULL};
}

static bool fnIs(MlirOperation op, const char *fn) {
  MlirAttribute a =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("fn"));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) &&
         mlirStringRefEqual(mlirStringAttrGetValue(a),
                            mlirStringRefCreateFromCString(fn));
}

/* `v` is `op`'s (unary/binary/compare) result with function `fn`. */
static MlirOperation defIs(MlirValue v, const char *name, const char *fn) {
  MlirOperation op = def(v);
  return dlcOperationIsA(op, name) && fnIs(op, fn) ? op : (MlirOperation){NULL};
}

static bool isConst(MlirValue v, double value) {
  MlirOperation op = def(v);
  if (!dlcOperationIsA(op, "rbssa.const"))
    return false;
  MlirAttribute a = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAFloat(a))
    return false;
  double c = mlirFloatAttrGetValueDouble(a);
  return value == 0.0 ? c == 0.0 : fabs(c - value) <= 1e-6 * fabs(value);
}

static MlirValue operand(MlirOperation op, int i) {
  return mlirOperationGetOperand(op, i);
}

/* The operand of binary `op` other than the one `match` accepts; null when
 * neither does. */
static MlirValue otherThan(MlirOperation op, bool (*match)(MlirValue, void *),
                           void *userData) {
  if (match(operand(op, 1), userData))
    return operand(op, 0);
  if (match(operand(op, 0), userData))
    return operand(op, 1);
  return (MlirValue){NULL};
}

static bool matchConst(MlirValue v, void *value) {
  return isConst(v, *(const double *)value);
}

/* Replaces `root` by rbssa.unary {fn} of `x`, then erases the ops it was
 * computed through that have no other use (IRDL ops are not known to be
 * free of effects, so nothing else removes them). */
static MlirLogicalResult replaceWithUnary(MlirPatternRewriter patternRewriter,
                                          MlirOperation root, const char *fn,
                                          MlirValue x) {
  MlirRewriterBase rewriter = mlirPatternRewriterAsBase(patternRewriter);
  MlirType type = mlirValueGetType(mlirOperationGetResult(root, 0));
  if (!mlirTypeEqual(type, mlirValueGetType(x)))
    return mlirLogicalResultFailure();
  MlirContext ctx = mlirOperationGetContext(root);
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString("rbssa.unary"),
                            mlirOperationGetLocation(root));
  MlirNamedAttribute attr = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("fn")),
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(fn)));
  mlirOperationStateAddOperands(&state, 1, &x);
  mlirOperationStateAddResults(&state, 1, &type);
  mlirOperationStateAddAttributes(&state, 1, &attr);
  mlirRewriterBaseSetInsertionPointBefore(rewriter, root);
  MlirOperation unary =
      mlirRewriterBaseInsert(rewriter, mlirOperationCreate(&state));
  /* The ops root was computed through (its operand tree, a few levels),
   * erased once nothing uses them, users before producers. */
  enum { MaxDead = 16 };
  MlirOperation dead[MaxDead];
  int numDead = 0;
  dead[numDead++] = root;
  for (int i = 0; i < numDead; ++i)
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(dead[i]); ++k) {
      MlirOperation d = def(operand(dead[i], (int)k));
      bool seen = mlirOperationIsNull(d) || dlcOperationIsA(d, "rbssa.read") ||
                  dlcOperationIsA(d, "rbssa.reduce") || numDead == MaxDead;
      for (int j = 0; !seen && j < numDead; ++j)
        seen = mlirOperationEqual(dead[j], d);
      if (!seen)
        dead[numDead++] = d;
    }
  mlirRewriterBaseReplaceOpWithOperation(rewriter, root, unary);
  for (bool progress = true; progress;) {
    progress = false;
    for (int i = 1; i < numDead; ++i) {
      if (mlirOperationIsNull(dead[i]) ||
          !mlirOpOperandIsNull(
              mlirValueGetFirstUse(mlirOperationGetResult(dead[i], 0))))
        continue;
      mlirRewriterBaseEraseOp(rewriter, dead[i]);
      dead[i] = (MlirOperation){NULL};
      progress = true;
    }
  }
  return mlirLogicalResultSuccess();
}

/* max(x, 0), max(0, x) -> relu(x); x * sigmoid(x) -> silu(x). */
static MlirLogicalResult foldBinary(MlirRewritePattern pattern,
                                    MlirOperation op,
                                    MlirPatternRewriter rewriter,
                                    void *userData) {
  (void)pattern;
  (void)userData;
  double zero = 0.0;
  if (fnIs(op, "max")) {
    MlirValue x = otherThan(op, matchConst, &zero);
    return mlirValueIsNull(x) ? mlirLogicalResultFailure()
                              : replaceWithUnary(rewriter, op, "relu", x);
  }
  if (!fnIs(op, "mul"))
    return mlirLogicalResultFailure();
  for (int i = 0; i < 2; ++i) {
    MlirOperation sigmoid = defIs(operand(op, 1 - i), "rbssa.unary", "sigmoid");
    if (!mlirOperationIsNull(sigmoid) &&
        mlirValueEqual(operand(sigmoid, 0), operand(op, i)))
      return replaceWithUnary(rewriter, op, "silu", operand(op, i));
  }
  return mlirLogicalResultFailure();
}

/* select_value(cmplt(0, x), x, 0), select_value(cmpgt(x, 0), x, 0). */
static MlirLogicalResult foldSelect(MlirRewritePattern pattern,
                                    MlirOperation op,
                                    MlirPatternRewriter rewriter,
                                    void *userData) {
  (void)pattern;
  (void)userData;
  MlirValue x = operand(op, 1);
  if (!isConst(operand(op, 2), 0.0))
    return mlirLogicalResultFailure();
  MlirOperation lt = defIs(operand(op, 0), "rbssa.compare", "cmplt");
  MlirOperation gt = defIs(operand(op, 0), "rbssa.compare", "cmpgt");
  bool relu = (!mlirOperationIsNull(lt) && isConst(operand(lt, 0), 0.0) &&
               mlirValueEqual(operand(lt, 1), x)) ||
              (!mlirOperationIsNull(gt) && isConst(operand(gt, 1), 0.0) &&
               mlirValueEqual(operand(gt, 0), x));
  return relu ? replaceWithUnary(rewriter, op, "relu", x)
              : mlirLogicalResultFailure();
}

static bool matchExp2Sigmoid(MlirValue v, void *userData) {
  MlirValue *x = userData;
  MlirOperation e2 = defIs(v, "rbssa.unary", "exp2");
  MlirOperation e = defIs(v, "rbssa.unary", "exp");
  double scale = -kLog2E;
  if (!mlirOperationIsNull(e2)) {
    MlirOperation m = defIs(operand(e2, 0), "rbssa.binary", "mul");
    *x = mlirOperationIsNull(m) ? (MlirValue){NULL}
                                : otherThan(m, matchConst, &scale);
    if (mlirValueIsNull(*x)) { /* exp2(-(x * log2 e)) */
      MlirOperation n = defIs(operand(e2, 0), "rbssa.unary", "neg");
      MlirOperation m2 = mlirOperationIsNull(n)
                             ? (MlirOperation){NULL}
                             : defIs(operand(n, 0), "rbssa.binary", "mul");
      double log2e = kLog2E;
      *x = mlirOperationIsNull(m2) ? (MlirValue){NULL}
                                   : otherThan(m2, matchConst, &log2e);
    }
  } else if (!mlirOperationIsNull(e)) { /* exp(-x) */
    MlirOperation n = defIs(operand(e, 0), "rbssa.unary", "neg");
    *x = mlirOperationIsNull(n) ? (MlirValue){NULL} : operand(n, 0);
  } else {
    *x = (MlirValue){NULL};
  }
  return !mlirValueIsNull(*x);
}

/* recip(1 + e) with e = exp2(x * -log2 e) or exp(-x) -> sigmoid(x). */
static MlirLogicalResult foldRecip(MlirRewritePattern pattern, MlirOperation op,
                                   MlirPatternRewriter rewriter,
                                   void *userData) {
  (void)pattern;
  (void)userData;
  MlirOperation add = defIs(operand(op, 0), "rbssa.binary", "add");
  if (!fnIs(op, "recip") || mlirOperationIsNull(add))
    return mlirLogicalResultFailure();
  double one = 1.0;
  MlirValue e = otherThan(add, matchConst, &one), x = {NULL};
  if (mlirValueIsNull(e) || !matchExp2Sigmoid(e, &x))
    return mlirLogicalResultFailure();
  return replaceWithUnary(rewriter, op, "sigmoid", x);
}

static void addPattern(
    MlirRewritePatternSet set, MlirContext ctx, const char *root,
    MlirLogicalResult (*matchAndRewrite)(MlirRewritePattern, MlirOperation,
                                         MlirPatternRewriter, void *)) {
  MlirRewritePatternCallbacks callbacks = {NULL, NULL, matchAndRewrite};
  MlirStringRef generated = mlirStringRefCreateFromCString("rbssa.unary");
  mlirRewritePatternSetAdd(
      set, mlirOpRewritePatternCreate(mlirStringRefCreateFromCString(root), 1,
                                      ctx, callbacks, NULL, 1, &generated));
}

static void runFoldActivations(MlirOperation op, MlirExternalPass pass,
                               const DlcPassOptions *options) {
  (void)pass;
  (void)options;
  MlirContext ctx = mlirOperationGetContext(op);
  MlirRewritePatternSet set = mlirRewritePatternSetCreate(ctx);
  addPattern(set, ctx, "rbssa.binary", foldBinary);
  addPattern(set, ctx, "rbssa.select_value", foldSelect);
  addPattern(set, ctx, "rbssa.unary", foldRecip);
  MlirFrozenRewritePatternSet frozen = mlirFreezeRewritePattern(set);
  mlirRewritePatternSetDestroy(set);
  MlirGreedyRewriteDriverConfig config = mlirGreedyRewriteDriverConfigCreate();
  mlirApplyPatternsAndFoldGreedilyWithOp(op, frozen, config);
  mlirGreedyRewriteDriverConfigDestroy(config);
  mlirFrozenRewritePatternSetDestroy(frozen);
}

const DlcPassDef dlcRBSSAFoldActivationsPass = {
    {"rbssa-fold-activations",
     "Fold decomposed activations (max/where ReLU, tinygrad's sigmoid and "
     "SiLU) into rbssa.unary relu/sigmoid/silu",
     "", 0, NULL},
    runFoldActivations,
    NULL,
    NULL,
};
