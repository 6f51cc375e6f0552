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
 *   2 * sigmoid(2 * y) - 1                            -> tanh(y)
 *   0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))),
 *   x * sigmoid(2 sqrt(2/pi) * (x + 0.044715 * x^3))  -> gelu_tanh(x)
 *
 * Each pattern replaces its root only; ops it looked through are erased
 * once nothing else uses them. Constants must be rbssa.const splats equal
 * to the expected value within a relative 1e-6 (exporters print log2 e with
 * different digits). The tanh-form GELU (tinygrad's, PyTorch's
 * approximate="tanh") is gelu_tanh, not gelu: rbssa's gelu is the erf form
 * and differs from it by up to 5e-4. The GELU matcher reads products as
 * a constant times factors (any association, negations and divisions by
 * constants), so the constants may be split or merged as exporters write
 * them. The planner and the skeletons need none of this (the
 * kernel-problem model takes any elementwise epilogue); folding gives
 * shorter IR and one instruction sequence per activation. */
#include "DialectNames.h"
#include "PassDef.h"

#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Rewrite.h"

#include <math.h>
#include <string.h>

static const double kLog2E = 1.4426950408889634;
static const double kSqrt2OverPi = 0.79788456080286535588;
static const double kGeluCubic = 0.044715; /* the GELU paper's constant */

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

/* The value of a float rbssa.const splat. */
static bool constOf(MlirValue v, double *c) {
  MlirOperation op = def(v);
  if (!dlcOperationIsA(op, DLC_OP_RBSSA_CONST))
    return false;
  MlirAttribute a = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAFloat(a))
    return false;
  *c = mlirFloatAttrGetValueDouble(a);
  return true;
}

/* c equals the expected value within a relative 1e-6 (0 exactly). */
static bool near(double c, double value) {
  return value == 0.0 ? c == 0.0 : fabs(c - value) <= 1e-6 * fabs(value);
}

static bool isConst(MlirValue v, double value) {
  double c;
  return constOf(v, &c) && near(c, value);
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
      mlirOperationStateGet(mlirStringRefCreateFromCString(DLC_OP_RBSSA_UNARY),
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
  enum { MaxDead = 48 }; /* a GELU is computed through 20 ops */
  MlirOperation dead[MaxDead];
  int numDead = 0;
  dead[numDead++] = root;
  for (int i = 0; i < numDead; ++i)
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(dead[i]); ++k) {
      /* x itself stays: the new op reads it. */
      MlirValue o = operand(dead[i], (int)k);
      MlirOperation d = def(o);
      bool seen = mlirOperationIsNull(d) || mlirValueEqual(o, x) ||
                  dlcOperationIsA(d, DLC_OP_RBSSA_READ) ||
                  dlcOperationIsA(d, DLC_OP_RBSSA_REDUCE) || numDead == MaxDead;
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
    MlirOperation sigmoid =
        defIs(operand(op, 1 - i), DLC_OP_RBSSA_UNARY, "sigmoid");
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
  MlirOperation lt = defIs(operand(op, 0), DLC_OP_RBSSA_COMPARE, "cmplt");
  MlirOperation gt = defIs(operand(op, 0), DLC_OP_RBSSA_COMPARE, "cmpgt");
  bool relu = (!mlirOperationIsNull(lt) && isConst(operand(lt, 0), 0.0) &&
               mlirValueEqual(operand(lt, 1), x)) ||
              (!mlirOperationIsNull(gt) && isConst(operand(gt, 1), 0.0) &&
               mlirValueEqual(operand(gt, 0), x));
  return relu ? replaceWithUnary(rewriter, op, "relu", x)
              : mlirLogicalResultFailure();
}

static bool matchExp2Sigmoid(MlirValue v, void *userData) {
  MlirValue *x = userData;
  MlirOperation e2 = defIs(v, DLC_OP_RBSSA_UNARY, "exp2");
  MlirOperation e = defIs(v, DLC_OP_RBSSA_UNARY, "exp");
  double scale = -kLog2E;
  if (!mlirOperationIsNull(e2)) {
    MlirOperation m = defIs(operand(e2, 0), DLC_OP_RBSSA_BINARY, "mul");
    *x = mlirOperationIsNull(m) ? (MlirValue){NULL}
                                : otherThan(m, matchConst, &scale);
    if (mlirValueIsNull(*x)) { /* exp2(-(x * log2 e)) */
      MlirOperation n = defIs(operand(e2, 0), DLC_OP_RBSSA_UNARY, "neg");
      MlirOperation m2 = mlirOperationIsNull(n)
                             ? (MlirOperation){NULL}
                             : defIs(operand(n, 0), DLC_OP_RBSSA_BINARY, "mul");
      double log2e = kLog2E;
      *x = mlirOperationIsNull(m2) ? (MlirValue){NULL}
                                   : otherThan(m2, matchConst, &log2e);
    }
  } else if (!mlirOperationIsNull(e)) { /* exp(-x) */
    MlirOperation n = defIs(operand(e, 0), DLC_OP_RBSSA_UNARY, "neg");
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
  MlirOperation add = defIs(operand(op, 0), DLC_OP_RBSSA_BINARY, "add");
  if (!fnIs(op, "recip") || mlirOperationIsNull(add))
    return mlirLogicalResultFailure();
  double one = 1.0;
  MlirValue e = otherThan(add, matchConst, &one), x = {NULL};
  if (mlirValueIsNull(e) || !matchExp2Sigmoid(e, &x))
    return mlirLogicalResultFailure();
  return replaceWithUnary(rewriter, op, "sigmoid", x);
}

/* --- tanh and GELU ------------------------------------------------------ */

/* The argument of a sigmoid, folded (unary sigmoid) or not yet (tinygrad's
 * recip(1 + exp2(a * -log2 e))); null otherwise. */
static MlirValue sigmoidArg(MlirValue v) {
  MlirOperation s = defIs(v, DLC_OP_RBSSA_UNARY, "sigmoid");
  if (!mlirOperationIsNull(s))
    return operand(s, 0);
  MlirOperation r = defIs(v, DLC_OP_RBSSA_UNARY, "recip");
  MlirOperation add = mlirOperationIsNull(r)
                          ? (MlirOperation){NULL}
                          : defIs(operand(r, 0), DLC_OP_RBSSA_BINARY, "add");
  double one = 1.0;
  MlirValue e = mlirOperationIsNull(add) ? (MlirValue){NULL}
                                         : otherThan(add, matchConst, &one);
  MlirValue a = {NULL};
  return !mlirValueIsNull(e) && matchExp2Sigmoid(e, &a) ? a : (MlirValue){NULL};
}

/* A product read as coef · factors[0] · ... (through binary mul, unary
 * neg and division by a constant), stopping at `stop`, which is a factor. */
enum { MaxFactors = 6 };
typedef struct Product {
  double coef;
  int n;
  MlirValue factors[MaxFactors];
} Product;

static bool flattenInto(MlirValue v, MlirValue stop, Product *p, int depth) {
  double c;
  if (constOf(v, &c)) {
    p->coef *= c;
    return true;
  }
  if (depth < 16 && !mlirValueEqual(v, stop)) {
    MlirOperation m = defIs(v, DLC_OP_RBSSA_BINARY, "mul");
    if (!mlirOperationIsNull(m))
      return flattenInto(operand(m, 0), stop, p, depth + 1) &&
             flattenInto(operand(m, 1), stop, p, depth + 1);
    MlirOperation n = defIs(v, DLC_OP_RBSSA_UNARY, "neg");
    if (!mlirOperationIsNull(n)) {
      p->coef = -p->coef;
      return flattenInto(operand(n, 0), stop, p, depth + 1);
    }
    MlirOperation d = defIs(v, DLC_OP_RBSSA_BINARY, "div");
    if (!mlirOperationIsNull(d) && constOf(operand(d, 1), &c) && c != 0.0) {
      p->coef /= c;
      return flattenInto(operand(d, 0), stop, p, depth + 1);
    }
  }
  if (p->n == MaxFactors)
    return false;
  p->factors[p->n++] = v;
  return true;
}

static bool flatten(MlirValue v, MlirValue stop, Product *p) {
  p->coef = 1.0;
  p->n = 0;
  return flattenInto(v, stop, p, 0);
}

/* p is coef · x^power. */
static bool isPowerOf(const Product *p, MlirValue x, int power) {
  if (p->n == 1 && power == 3) { /* pow(x, 3) */
    MlirOperation pw = defIs(p->factors[0], DLC_OP_RBSSA_BINARY, "pow");
    if (!mlirOperationIsNull(pw) && mlirValueEqual(operand(pw, 0), x) &&
        isConst(operand(pw, 1), 3.0))
      return true;
  }
  if (p->n != power)
    return false;
  for (int i = 0; i < p->n; ++i)
    if (!mlirValueEqual(p->factors[i], x))
      return false;
  return true;
}

/* u = scale · k · (x + 0.044715 x^3), in any association: u is a constant
 * times one factor, an add of a multiple of x and a multiple of x^3 with
 * the right ratio. */
static bool isGeluInner(const Product *u, MlirValue x, double k) {
  MlirOperation add = u->n == 1
                          ? defIs(u->factors[0], DLC_OP_RBSSA_BINARY, "add")
                          : (MlirOperation){NULL};
  if (mlirOperationIsNull(add))
    return false;
  for (int i = 0; i < 2; ++i) {
    Product lin, cube;
    if (flatten(operand(add, i), x, &lin) && isPowerOf(&lin, x, 1) &&
        flatten(operand(add, 1 - i), x, &cube) && isPowerOf(&cube, x, 3))
      return near(u->coef * lin.coef, k) &&
             near(u->coef * cube.coef, k * kGeluCubic);
  }
  return false;
}

/* tanh(u) as written: unary tanh(u), or 2 * sigmoid(2u) - 1 (tinygrad)
 * as sub(.., 1) or add(.., -1); u is read (as a product) into *u. */
static bool tanhArg(MlirValue v, MlirValue x, Product *u) {
  MlirOperation t = defIs(v, DLC_OP_RBSSA_UNARY, "tanh");
  if (!mlirOperationIsNull(t))
    return flatten(operand(t, 0), x, u);
  MlirOperation sub = defIs(v, DLC_OP_RBSSA_BINARY, "sub");
  MlirOperation add = defIs(v, DLC_OP_RBSSA_BINARY, "add");
  double minusOne = -1.0;
  MlirValue twice = !mlirOperationIsNull(sub) && isConst(operand(sub, 1), 1.0)
                        ? operand(sub, 0)
                    : !mlirOperationIsNull(add)
                        ? otherThan(add, matchConst, &minusOne)
                        : (MlirValue){NULL};
  Product s;
  if (mlirValueIsNull(twice) || !flatten(twice, x, &s) || s.n != 1 ||
      !near(s.coef, 2.0))
    return false;
  MlirValue a = sigmoidArg(s.factors[0]);
  if (mlirValueIsNull(a) || !flatten(a, x, u))
    return false;
  u->coef /= 2.0;
  return true;
}

/* Whether root = gelu_tanh(x), with root read as R · x · S: either
 * S = c0 + c1 · tanh(u) with R c0 = R c1 = 1/2 and u = k (x + c x^3), or
 * S = sigmoid(2u) with R = 1 (0.5 (1 + tanh u) = sigmoid(2u)). */
static bool isGeluTanhOf(MlirValue root, MlirValue x) {
  Product p;
  if (!flatten(root, x, &p) || p.n != 2)
    return false;
  int xi = mlirValueEqual(p.factors[0], x)   ? 0
           : mlirValueEqual(p.factors[1], x) ? 1
                                             : -1;
  if (xi < 0)
    return false;
  MlirValue s = p.factors[1 - xi];
  Product u;
  MlirValue a = sigmoidArg(s);
  if (!mlirValueIsNull(a))
    return near(p.coef, 1.0) && flatten(a, x, &u) &&
           isGeluInner(&u, x, 2.0 * kSqrt2OverPi);
  MlirOperation add = defIs(s, DLC_OP_RBSSA_BINARY, "add");
  if (mlirOperationIsNull(add))
    return false;
  for (int i = 0; i < 2; ++i) {
    double c0;
    Product t;
    if (constOf(operand(add, i), &c0) && flatten(operand(add, 1 - i), x, &t) &&
        t.n == 1 && near(p.coef * c0, 0.5) && near(p.coef * t.coef, 0.5) &&
        tanhArg(t.factors[0], x, &u))
      return isGeluInner(&u, x, kSqrt2OverPi);
  }
  return false;
}

/* The values a product is computed through (mul, neg, div by a constant
 * operands, and their results): where x may be. */
static void candidates(MlirValue v, MlirValue *out, int *n, int cap,
                       int depth) {
  double c;
  if (*n == cap || depth > 16 || constOf(v, &c))
    return;
  for (int i = 0; i < *n; ++i)
    if (mlirValueEqual(out[i], v))
      return;
  out[(*n)++] = v;
  MlirOperation m = defIs(v, DLC_OP_RBSSA_BINARY, "mul");
  MlirOperation n1 = defIs(v, DLC_OP_RBSSA_UNARY, "neg");
  MlirOperation d = defIs(v, DLC_OP_RBSSA_BINARY, "div");
  if (!mlirOperationIsNull(m)) {
    candidates(operand(m, 0), out, n, cap, depth + 1);
    candidates(operand(m, 1), out, n, cap, depth + 1);
  } else if (!mlirOperationIsNull(n1)) {
    candidates(operand(n1, 0), out, n, cap, depth + 1);
  } else if (!mlirOperationIsNull(d)) {
    candidates(operand(d, 0), out, n, cap, depth + 1);
  }
}

/* The tanh-form GELU (rooted at its last binary mul) -> gelu_tanh(x). x is
 * one of the values the root's product is built from (the accumulator, or
 * a scaled one: tinygrad's gelu of 0.5 * acc). */
static MlirLogicalResult foldGelu(MlirRewritePattern pattern, MlirOperation op,
                                  MlirPatternRewriter rewriter,
                                  void *userData) {
  (void)pattern;
  (void)userData;
  if (!fnIs(op, "mul"))
    return mlirLogicalResultFailure();
  enum { MaxCandidates = 12 };
  MlirValue xs[MaxCandidates];
  int n = 0;
  candidates(operand(op, 0), xs, &n, MaxCandidates, 0);
  candidates(operand(op, 1), xs, &n, MaxCandidates, 0);
  MlirValue root = mlirOperationGetResult(op, 0);
  for (int i = 0; i < n; ++i)
    if (isGeluTanhOf(root, xs[i]))
      return replaceWithUnary(rewriter, op, "gelu_tanh", xs[i]);
  return mlirLogicalResultFailure();
}

/* 2 * sigmoid(2y) - 1 -> tanh(y) (tinygrad's tanh), where sigmoid's
 * argument is a product of y and 2 (so y is a value to read). */
static MlirLogicalResult foldTanh(MlirRewritePattern pattern, MlirOperation op,
                                  MlirPatternRewriter rewriter,
                                  void *userData) {
  (void)pattern;
  (void)userData;
  double minusOne = -1.0, two = 2.0;
  MlirValue twice = fnIs(op, "sub") && isConst(operand(op, 1), 1.0)
                        ? operand(op, 0)
                    : fnIs(op, "add") ? otherThan(op, matchConst, &minusOne)
                                      : (MlirValue){NULL};
  MlirOperation m = mlirValueIsNull(twice)
                        ? (MlirOperation){NULL}
                        : defIs(twice, DLC_OP_RBSSA_BINARY, "mul");
  MlirValue s = mlirOperationIsNull(m) ? (MlirValue){NULL}
                                       : otherThan(m, matchConst, &two);
  MlirValue a = mlirValueIsNull(s) ? (MlirValue){NULL} : sigmoidArg(s);
  MlirOperation m2 = mlirValueIsNull(a) ? (MlirOperation){NULL}
                                        : defIs(a, DLC_OP_RBSSA_BINARY, "mul");
  MlirValue y = mlirOperationIsNull(m2) ? (MlirValue){NULL}
                                        : otherThan(m2, matchConst, &two);
  return mlirValueIsNull(y) ? mlirLogicalResultFailure()
                            : replaceWithUnary(rewriter, op, "tanh", y);
}

static void addPattern(
    MlirRewritePatternSet set, MlirContext ctx, const char *root,
    MlirLogicalResult (*matchAndRewrite)(MlirRewritePattern, MlirOperation,
                                         MlirPatternRewriter, void *)) {
  MlirRewritePatternCallbacks callbacks = {NULL, NULL, matchAndRewrite};
  MlirStringRef generated = mlirStringRefCreateFromCString(DLC_OP_RBSSA_UNARY);
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
  addPattern(set, ctx, DLC_OP_RBSSA_BINARY, foldBinary);
  addPattern(set, ctx, DLC_OP_RBSSA_SELECT_VALUE, foldSelect);
  addPattern(set, ctx, DLC_OP_RBSSA_UNARY, foldRecip);
  addPattern(set, ctx, DLC_OP_RBSSA_BINARY, foldTanh);
  addPattern(set, ctx, DLC_OP_RBSSA_BINARY, foldGelu);
  MlirFrozenRewritePatternSet frozen = mlirFreezeRewritePattern(set);
  mlirRewritePatternSetDestroy(set);
  MlirGreedyRewriteDriverConfig config = mlirGreedyRewriteDriverConfigCreate();
  mlirApplyPatternsAndFoldGreedilyWithOp(op, frozen, config);
  mlirGreedyRewriteDriverConfigDestroy(config);
  mlirFrozenRewritePatternSetDestroy(frozen);
}

const DlcPassDef dlcRBSSAFoldActivationsPass = {
    {"rbssa-fold-activations",
     "Fold decomposed activations (max/where ReLU, tinygrad's sigmoid, "
     "SiLU, tanh and tanh-form GELU) into rbssa.unary "
     "relu/sigmoid/silu/tanh/gelu_tanh",
     "", 0, NULL},
    runFoldActivations,
    NULL,
    NULL,
};
