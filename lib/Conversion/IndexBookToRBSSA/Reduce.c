/* Reductions of convert-indexbook-to-rbssa: indexbook.reduce and
 * indexbook.contract become one rbssa.reduce in SRNF (spec §6.6, §6.7
 * steps 4 and 5).
 *
 *  - The body is emitted in body mode over the kept axes plus the reduced
 *    ones, so reads index the reduction directly (C-CON1): a GEMM is
 *    reduce(sum){mul(read A[m,k], read B[k,n])}.
 *  - A reduced axis reuses an existing region axis of the same size that
 *    the result does not depend on (the `n` of a row max over [m, n]), so
 *    a value read both inside the reduction and in the epilogue is one SSA
 *    value; otherwise it gets a fresh axis (rbssa.reduce_iters).
 *  - SRNF merging: a reduction directly reducing a single-use reduction of
 *    the same op and accumulator becomes one reduce over both axis sets
 *    (R0; for a contraction, a sum factor is merged by distributivity, R2).
 *    Different ops are never merged (R4). A contraction whose factor is a
 *    max/min reduction cannot stay one reduce per contraction: merging max
 *    into sum is not a legal transform (NonAssociativeTransform, E1403).
 *  - Invariant hoist (R1): a factor of the body that reads none of the
 *    reduced axes is applied to the reduce's result instead, where that is
 *    exact for the op (a * sum b, (sum b) / a, a + max b, (max b) - a).
 *  - A reduction over static size-1 axes only (unguarded) is its operand
 *    in the accumulator type: no reduce is emitted.
 *  - The domain of each merged level becomes one rbssa.select inside the
 *    reduce whose else is the neutral element; any other select in the body
 *    must reach the reduce as the neutral element too (NeutralInvalid,
 *    E1404), so that skipping out-of-domain points stays exact. */
#include "Array.h"
#include "DialectNames.h"
#include "Region.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_LEVELS = 8 };

/* One reduction folded into the rbssa.reduce. */
typedef struct Level {
  MlirOperation op;
  RbContext iter; /* the op's iteration axes (pre-deletion) over region axes */
  int child[2];   /* the level of a merged operand, or -1 */
} Level;

/* One invariant factor hoisted out of the reduce (R1): operand `factor` of
 * the indexbook.binary `op` does not depend on the reduced axes, and is
 * applied to the accumulator after the reduce. */
enum { MAX_HOISTS = 4 };
typedef struct Hoist {
  MlirOperation op;
  intptr_t factor;
  RbContext ctx; /* the factor's context */
} Hoist;

typedef struct Plan {
  Level levels[MAX_LEVELS];
  int numLevels;
  const char *op; /* "sum", "max" or "min" */
  MlirType acc;
  RbSpace present; /* the axes the result depends on */
  RbSpace reduced; /* region axes reduced by all levels */
  RbGuard guard;   /* conjunction of the levels' domains */
  /* R1: the hoisted factors, outermost first, and what remains of the
   * body (the operand of the innermost hoisted binary) at its context. */
  int numHoists;
  Hoist hoists[MAX_HOISTS];
  MlirValue body;
  RbContext bodyCtx;
  /* A unit reduction's product is formed in the accumulator type, as the
   * accumulator rule forms an rbssa.reduce's (docs/interp.md). */
  bool widenProduct;
} Plan;

static const char *reductionOp(MlirOperation op) {
  static const char *const ops[] = {"sum", "max", "min", NULL};
  if (dlcIndexbookIsContract(op))
    return "sum"; /* mul -> reduce(sum), §5 ContractionPattern */
  for (int i = 0; ops[i]; ++i)
    if (rbStringAttrIs(op, "op", ops[i]))
      return ops[i];
  return NULL;
}

bool rbIsReduction(MlirOperation op) {
  return dlcIndexbookIsReduce(op) || dlcIndexbookIsContract(op);
}

static MlirType accOf(MlirOperation op) {
  MlirAttribute acc = rbAttr(op, "acc_dtype");
  return !mlirAttributeIsNull(acc) && mlirAttributeIsAType(acc)
             ? mlirTypeAttrGetValue(acc)
             : (MlirType){NULL};
}

static bool singleUse(MlirValue value) {
  MlirOpOperand use = mlirValueGetFirstUse(value);
  return !mlirOpOperandIsNull(use) &&
         mlirOpOperandIsNull(mlirOpOperandGetNextUse(use));
}

/* Reads reduce_axes into `reduced` (one flag per entry of `axes`). */
static bool readReduceAxes(MlirOperation op, bool *reduced, int *numReduced) {
  MlirAttribute axes = rbAttr(op, "axes");
  MlirAttribute list = rbAttr(op, "reduce_axes");
  intptr_t numAxes =
      mlirAttributeIsAArray(axes) ? mlirArrayAttrGetNumElements(axes) : -1;
  bool ok = numAxes >= 0 && numAxes <= RB_MAX_RANK &&
            mlirAttributeIsADenseI64Array(list);
  memset(reduced, 0, RB_MAX_RANK * sizeof(bool));
  *numReduced = 0;
  for (intptr_t i = 0; ok && i < mlirDenseArrayGetNumElements(list); ++i) {
    int64_t a = mlirDenseI64ArrayGetElement(list, i);
    ok = a >= 0 && a < numAxes && !reduced[a];
    if (ok) {
      reduced[a] = true;
      ++*numReduced;
    }
  }
  if (!ok)
    dlcEmitDiagnostic(op, &dlcAxisAlignmentMismatch,
                      "list distinct positions of `axes` in reduce_axes",
                      "reduce_axes does not name distinct entries of `axes`");
  return ok;
}

/* A region axis for a reduced axis of size `size`: an existing one of the
 * same size that neither the result nor another reduced axis uses (sharing
 * values with the epilogue), else a fresh reduce iter. */
static int chooseAxis(RbRegion *r, MlirOperation op, Plan *plan,
                      MlirAttribute size) {
  int symbol;
  int64_t extent;
  if (!rbAxisSize(r, op, size, &symbol, &extent))
    return -1;
  int axis = -1;
  for (int j = 0; j < r->numAxes && axis < 0; ++j) {
    const RbAxis *a = &r->axes[j];
    if (a->symbol == symbol && (symbol >= 0 || a->extent == extent) &&
        !rbSpaceContains(&plan->present, j) &&
        !rbSpaceContains(&plan->reduced, j))
      axis = j;
  }
  if (axis < 0)
    axis = rbAddAxis(r, op, size, true);
  RbSpace one = {1, {axis}};
  if (axis >= 0 && !rbSpaceUnion(&plan->reduced, &one, &plan->reduced))
    return -1;
  return axis;
}

static bool nonAssociative(MlirOperation op, intptr_t operand,
                           const char *inner) {
  dlcEmitDiagnostic(
      op, &dlcNonAssociativeTransform,
      "end the region after the inner reduction (materialize it), or write "
      "the product as binary mul + reduce sum so the reductions stay "
      "separate (R4)",
      "operand %ld of this contraction is a %s reduction; keeping one "
      "reduce(sum) per contraction (SRNF) would merge %s into sum, which is "
      "not a legal reordering (%s does not distribute over a sum of "
      "products)",
      (long)operand, inner, inner, inner);
  return false;
}

static int planLevel(RbRegion *r, Plan *plan, MlirOperation op,
                     const RbContext *kept);

/* Plans operand i of level `index`: merged into the reduce (R0/R2) when it
 * is a single-use reduction of the same op and accumulator. */
static bool planOperand(RbRegion *r, Plan *plan, int index, intptr_t i) {
  Level *level = &plan->levels[index];
  level->child[i] = -1;
  MlirValue x = mlirOperationGetOperand(level->op, i);
  if (!mlirValueIsAOpResult(x) || !rbIsReduction(mlirOpResultGetOwner(x)))
    return true;
  MlirOperation def = mlirOpResultGetOwner(x);
  const char *inner = reductionOp(def);
  if (!inner)
    return true; /* reported when emitted */
  bool contract = dlcIndexbookIsContract(level->op);
  if (contract && strcmp(inner, "sum") != 0)
    return nonAssociative(level->op, i, inner);
  MlirType acc = accOf(def);
  if (strcmp(inner, plan->op) != 0 || !singleUse(x) || mlirTypeIsNull(acc) ||
      !mlirTypeEqual(acc, plan->acc))
    return true; /* kept as a separate reduction (R4, or shared) */
  RbContext ctx;
  rbCompose(r, rbMapOf(level->op, i), &level->iter, &ctx);
  int child = planLevel(r, plan, def, &ctx);
  plan->levels[index].child[i] = child;
  return child >= 0;
}

static int planLevel(RbRegion *r, Plan *plan, MlirOperation op,
                     const RbContext *kept) {
  bool reduced[RB_MAX_RANK];
  int numReduced;
  if (plan->numLevels == MAX_LEVELS) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp, "split the reduction",
                      "more than %d nested reductions merge here", MAX_LEVELS);
    return -1;
  }
  if (!readReduceAxes(op, reduced, &numReduced) ||
      !rbValidateOp(r, op, numReduced))
    return -1;
  int index = plan->numLevels++;
  Level *level = &plan->levels[index];
  level->op = op;
  MlirAttribute axes = rbAttr(op, "axes");
  level->iter.rank = (int)mlirArrayAttrGetNumElements(axes);
  for (int a = 0, k = 0; a < level->iter.rank; ++a) {
    if (!reduced[a]) {
      level->iter.exprs[a] = kept->exprs[k++];
      continue;
    }
    MlirAttribute size = mlirDictionaryAttrGetElementByName(
        mlirArrayAttrGetElement(axes, a),
        mlirStringRefCreateFromCString("size"));
    int axis = chooseAxis(r, op, plan, size);
    if (axis < 0)
      return -1;
    level->iter.exprs[a] = mlirAffineDimExprGet(r->ctx, axis);
  }
  if (!rbDomainGuard(r, op, rbAttr(op, "domain"), &level->iter, &plan->guard))
    return -1;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (!planOperand(r, plan, index, i))
      return -1;
  return index;
}

/* Whether `value` depends on a reduction (stopping at leaves and cuts). */
static bool dependsOnReduction(RbRegion *r, MlirValue value) {
  enum { CAP = 4096 };
  MlirOperation *stack = malloc(2 * CAP * sizeof(MlirOperation));
  if (!stack)
    return false;
  MlirOperation *seen = stack + CAP;
  int top = 0, numSeen = 0;
  bool found = false;
  stack[top++] = mlirOpResultGetOwner(value);
  while (top > 0 && !found) {
    MlirOperation op = stack[--top];
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
      MlirValue x = mlirOperationGetOperand(op, i);
      if (!mlirValueIsAOpResult(x) || rbCutIndex(r, x) >= 0)
        continue;
      MlirOperation def = mlirOpResultGetOwner(x);
      if (rbIsReduction(def)) {
        found = true;
        break;
      }
      bool old = false;
      for (int k = 0; k < numSeen && !old; ++k)
        old = mlirOperationEqual(seen[k], def);
      if (old || dlcIndexbookIsLeaf(def) || numSeen == CAP || top == CAP)
        continue;
      seen[numSeen++] = def;
      stack[top++] = def;
    }
  }
  free(stack);
  return found;
}

/* A region boundary (docs/passes, "Several regions"): an operand of a
 * reduction body that is computed from another reduction but does not
 * depend on every axis of the body (P of attention, [m, n], in the body of
 * P V over [m, d, n]) would be recomputed along the missing axes, each
 * time with its reductions complete: it is materialised instead, and the
 * region ends with it. A reduction itself is emitted once and broadcast. */
bool rbNeedsBoundary(RbRegion *r, MlirValue value, const RbContext *ctx,
                     const RbSpace *target) {
  if (!mlirValueIsAOpResult(value) || rbCutIndex(r, value) >= 0 ||
      (!mlirValueIsNull(r->self) && mlirValueEqual(value, r->self)))
    return false;
  MlirOperation def = mlirOpResultGetOwner(value);
  if (rbIsReduction(def) || dlcIndexbookIsLeaf(def) || dlcIndexbookIsConst(def))
    return false;
  RbSpace used;
  rbUsedAxes(r, ctx->exprs, ctx->rank, &used);
  if (rbSpaceEqual(&used, target) || !rbSpaceIncludes(target, &used))
    return false;
  return r->numCuts < RB_MAX_CUTS && rbCanMaterialize(r, value) &&
         dependsOnReduction(r, value);
}

/* inner = maps[i] of elementwise `op` composed with ctx (over its result's
 * dims); false, silently, for a map of another arity (reported when the op
 * is emitted). */
static bool composeOperand(RbRegion *r, MlirOperation op, intptr_t i,
                           const RbContext *ctx, RbContext *inner) {
  MlirAttribute maps = rbAttr(op, "maps");
  if (mlirAttributeIsNull(maps) || !mlirAttributeIsAArray(maps) ||
      mlirArrayAttrGetNumElements(maps) != mlirOperationGetNumOperands(op))
    return false;
  MlirAttribute m = mlirArrayAttrGetElement(maps, i);
  if (!mlirAttributeIsAAffineMap(m))
    return false;
  MlirAffineMap map = mlirAffineMapAttrGetValue(m);
  if (mlirAffineMapGetNumDims(map) != ctx->rank ||
      mlirAffineMapGetNumSymbols(map) != r->symbols.count ||
      mlirAffineMapGetNumResults(map) > RB_MAX_RANK)
    return false;
  rbCompose(r, map, ctx, inner);
  return true;
}

/* Whether `value`, read at `ctx`, is computed (through elementwise ops) from
 * a reduction of this region whose result is read along one of `axes`.
 * `budget` bounds the walk of a DAG with fan-out (a GELU reads x four
 * times); running out answers no, the rule's answer before it existed. */
static bool readsReductionAlong(RbRegion *r, MlirValue value,
                                const RbContext *ctx, const RbSpace *axes,
                                int *budget) {
  if (!mlirValueIsAOpResult(value) || rbCutIndex(r, value) >= 0 ||
      --*budget < 0)
    return false;
  MlirOperation op = mlirOpResultGetOwner(value);
  if (rbIsReduction(op)) {
    RbSpace used;
    rbUsedAxes(r, ctx->exprs, ctx->rank, &used);
    for (int i = 0; i < used.rank; ++i)
      if (rbSpaceContains(axes, used.axes[i]))
        return true;
    return false;
  }
  if (dlcIndexbookIsLeaf(op))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    RbContext inner;
    if (composeOperand(r, op, i, ctx, &inner) &&
        readsReductionAlong(r, mlirOperationGetOperand(op, i), &inner, axes,
                            budget))
      return true;
  }
  return false;
}

/* The computed value that factor `f` re-indexes: through views (a
 * convolution's window, a broadcast over the next contraction's other
 * axes) to the value they read. That value is what a boundary
 * materialises: the view's points repeat it (a chained conv's second
 * window read each of the first conv's outputs 9 times over, broadcast
 * over 16 output channels: a buffer and its work 144x the value's), and
 * the next region reads it back through the view's map. */
MlirValue rbViewedValue(RbRegion *r, MlirValue f) {
  for (;;) {
    MlirOperation def = mlirOpResultGetOwner(f);
    if (!dlcIndexbookIsView(def))
      return f;
    MlirValue x = mlirOperationGetOperand(def, 0);
    if (!mlirValueIsAOpResult(x) || rbCutIndex(r, x) >= 0 ||
        dlcIndexbookIsLeaf(mlirOpResultGetOwner(x)) ||
        dlcIndexbookIsConst(mlirOpResultGetOwner(x)) || !rbCanMaterialize(r, x))
      return f;
    f = x;
  }
}

/* A region boundary of the second kind (docs/passes, "Several regions"):
 * a sum of products is a contraction, and a contraction's factors come
 * from memory. A factor computed from a reduction of this region whose
 * result varies along the reduced axes — the first GEMM's activation in a
 * GEMV over the hidden axis, Σ_h relu(X W1)[m, h] w2[h], which reads it
 * over every axis of the body, so rbNeedsBoundary does not fire — would
 * nest that reduction inside this one: it is materialised first. A square
 * (x · x at one context: a variance) and a plain reduction of such a value
 * (softmax's max and sum, §15.3) are no contraction and stay fused.
 * Returns the value to materialise (the factor, or the value its views
 * read: rbViewedValue), or null. */
static MlirValue contractionBoundary(RbRegion *r, const Plan *plan, int index) {
  const Level *level = &plan->levels[index];
  MlirValue factors[2] = {{NULL}, {NULL}};
  RbContext contexts[2];
  if (strcmp(plan->op, "sum") != 0)
    return (MlirValue){NULL};
  bool hoisted = index == 0 && plan->numHoists > 0;
  if (!hoisted && dlcIndexbookIsContract(level->op)) {
    for (int i = 0; i < 2; ++i)
      if (level->child[i] < 0) { /* not merged (R2) */
        factors[i] = mlirOperationGetOperand(level->op, i);
        rbCompose(r, rbMapOf(level->op, i), &level->iter, &contexts[i]);
      }
  } else {
    /* The body of a sum, through casts (tinygrad widens the product before
     * the reduce), to a binary mul whose operands are the factors. */
    MlirValue v = hoisted ? plan->body : mlirOperationGetOperand(level->op, 0);
    RbContext c = plan->bodyCtx;
    if (!hoisted) {
      if (level->child[0] >= 0)
        return (MlirValue){NULL};
      rbCompose(r, rbMapOf(level->op, 0), &level->iter, &c);
    }
    for (int hops = 0; hops < 8 && mlirValueIsNull(factors[0]); ++hops) {
      if (!mlirValueIsAOpResult(v) || rbCutIndex(r, v) >= 0)
        return (MlirValue){NULL};
      MlirOperation op = mlirOpResultGetOwner(v);
      RbContext inner;
      if (dlcIndexbookIsUnary(op) && rbStringAttrIs(op, "fn", "cast") &&
          composeOperand(r, op, 0, &c, &inner)) {
        v = mlirOperationGetOperand(op, 0);
        c = inner;
        continue;
      }
      if (!dlcIndexbookIsBinary(op) || !rbStringAttrIs(op, "fn", "mul") ||
          mlirOperationGetNumOperands(op) != 2)
        return (MlirValue){NULL};
      for (int i = 0; i < 2; ++i) {
        if (!composeOperand(r, op, i, &c, &contexts[i]))
          return (MlirValue){NULL};
        factors[i] = mlirOperationGetOperand(op, i);
      }
    }
    if (mlirValueIsNull(factors[0]) ||
        (mlirValueEqual(factors[0], factors[1]) &&
         rbContextEqual(&contexts[0], &contexts[1])))
      return (MlirValue){NULL}; /* no product, or a square */
  }
  for (int i = 0; i < 2; ++i) {
    MlirValue f = factors[i];
    if (mlirValueIsNull(f) || !mlirValueIsAOpResult(f) ||
        rbCutIndex(r, f) >= 0 ||
        (!mlirValueIsNull(r->self) && mlirValueEqual(f, r->self)))
      continue;
    MlirOperation def = mlirOpResultGetOwner(f);
    if (dlcIndexbookIsLeaf(def) || dlcIndexbookIsConst(def))
      continue;
    int budget = 512;
    if (readsReductionAlong(r, f, &contexts[i], &plan->reduced, &budget) &&
        r->numCuts < RB_MAX_CUTS && rbCanMaterialize(r, f))
      return rbViewedValue(r, f);
  }
  return (MlirValue){NULL};
}

/* --- R1: invariant hoist ------------------------------------------------- */

static MlirType elementOf(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) : t;
}

/* Which operand of `op`, a binary the reduction's body is, may be hoisted
 * out of a reduction `plan->op` (-1: none), where the move is exact in real
 * arithmetic for every value of the factor:
 *   sum:     mul(a, b), mul(b, a) -> a * sum b;  fdiv(b, a) -> (sum b) / a
 *   max/min: add(a, b), add(b, a) -> a + max b;  sub(b, a)  -> (max b) - a
 * Never a factor of max/min (a negative one swaps them), nor a - b (max
 * would become min). The operands and result share one element type; an
 * integer sum keeps the accumulator's type (two's complement is a ring,
 * so the hoist stays exact when it wraps); max/min are float only (a
 * wrapping integer add is not monotone; a float add is, so rounding
 * commutes with max). */
static int hoistableOperand(const Plan *plan, MlirOperation op) {
  if (dlcIndexbookIsContract(op)) {
    /* sum of mul(a, b); operands of different types are multiplied in
     * the accumulator type, as the hoisted factor is. */
    MlirType a = elementOf(mlirOperationGetOperand(op, 0));
    MlirType b = elementOf(mlirOperationGetOperand(op, 1));
    bool flt = mlirTypeIsAFloat(a) && mlirTypeIsAFloat(b);
    return flt || (mlirTypeEqual(a, plan->acc) && mlirTypeEqual(b, plan->acc))
               ? 2
               : -1;
  }
  MlirType t = elementOf(mlirOperationGetResult(op, 0));
  if (!mlirTypeEqual(elementOf(mlirOperationGetOperand(op, 0)), t) ||
      !mlirTypeEqual(elementOf(mlirOperationGetOperand(op, 1)), t))
    return -1;
  bool flt = mlirTypeIsAFloat(t);
  if (strcmp(plan->op, "sum") == 0) {
    if (rbStringAttrIs(op, "fn", "mul") &&
        (flt || (mlirTypeIsAInteger(t) && mlirTypeEqual(t, plan->acc))))
      return 2; /* either */
    return flt && rbStringAttrIs(op, "fn", "fdiv") ? 1 : -1;
  }
  if (!flt)
    return -1;
  if (rbStringAttrIs(op, "fn", "add"))
    return 2;
  return rbStringAttrIs(op, "fn", "sub") ? 1 : -1;
}

/* Whether `ctx` reads none of the reduced axes. */
static bool invariant(RbRegion *r, const Plan *plan, const RbContext *ctx) {
  RbSpace used;
  rbUsedAxes(r, ctx->exprs, ctx->rank, &used);
  for (int i = 0; i < used.rank; ++i)
    if (rbSpaceContains(&plan->reduced, used.axes[i]))
      return false;
  return true;
}

/* Records operand `factor` of `op` (operand contexts `operands`) as
 * hoisted; the body goes on with the other operand. */
static void addHoist(Plan *plan, MlirOperation op, int factor,
                     const RbContext *operands, MlirValue *value,
                     RbContext *ctx) {
  Hoist *h = &plan->hoists[plan->numHoists++];
  h->op = op;
  h->factor = factor;
  h->ctx = operands[factor];
  *value = mlirOperationGetOperand(op, 1 - factor);
  *ctx = operands[1 - factor];
}

/* The invariant operand of a two-operand op (operand 1 first), or -1. */
static int invariantOperand(RbRegion *r, const Plan *plan, int which,
                            const RbContext *operands) {
  for (int i = 1; i >= 0; --i)
    if ((which == 2 || which == i) && invariant(r, plan, &operands[i]))
      return i;
  return -1;
}

/* R1 (§6.6, Depends(g, K) = false => g(Reduce(op, K){E})): peels from the
 * body of a plain reduction (one level, no domain guard) the binaries with
 * an invariant operand, recording them in plan->hoists; a contraction with
 * an invariant factor is the first. A contraction of two factors that both
 * depend on the reduced axes (a GEMM, C-CON1) has nothing to hoist. False
 * after a diagnostic (an invalid op). */
static bool planHoists(RbRegion *r, Plan *plan) {
  const Level *level = &plan->levels[0];
  plan->numHoists = 0;
  intptr_t n = mlirOperationGetNumOperands(level->op);
  if (plan->numLevels != 1 || plan->guard.count > 0 || n > 2)
    return true;
  MlirValue value = mlirOperationGetOperand(level->op, 0);
  RbContext ctx;
  rbCompose(r, rbMapOf(level->op, 0), &level->iter, &ctx);
  if (n == 2) {
    int which = hoistableOperand(plan, level->op);
    RbContext operands[2];
    for (intptr_t i = 0; i < 2; ++i)
      rbCompose(r, rbMapOf(level->op, i), &level->iter, &operands[i]);
    int factor = which < 0 ? -1 : invariantOperand(r, plan, which, operands);
    if (factor < 0)
      return true;
    addHoist(plan, level->op, factor, operands, &value, &ctx);
  }
  while (plan->numHoists < MAX_HOISTS && mlirValueIsAOpResult(value) &&
         rbCutIndex(r, value) < 0 &&
         dlcIndexbookIsBinary(mlirOpResultGetOwner(value))) {
    MlirOperation op = mlirOpResultGetOwner(value);
    if (mlirOperationGetNumOperands(op) != 2)
      break; /* reported when emitted */
    int which = hoistableOperand(plan, op);
    if (which < 0)
      break;
    if (!rbValidateOp(r, op, 0))
      return false;
    /* Points outside the binary's own domain hold 0, not the product. */
    RbGuard own;
    own.count = 0;
    if (!rbDomainGuard(r, op, rbAttr(op, "domain"), &ctx, &own))
      return false;
    if (own.count > 0)
      break;
    RbContext operands[2];
    for (intptr_t i = 0; i < 2; ++i)
      rbCompose(r, rbMapOf(op, i), &ctx, &operands[i]);
    int factor = invariantOperand(r, plan, which, operands);
    if (factor < 0)
      break;
    addHoist(plan, op, factor, operands, &value, &ctx);
  }
  plan->body = value;
  plan->bodyCtx = ctx;
  return true;
}

/* Applies the hoisted factors to the reduce's result `acc`, innermost
 * first, each in the accumulator type and in its binary's operand order. */
static bool applyHoists(RbRegion *r, const Plan *plan, RbValue *acc) {
  for (int k = plan->numHoists - 1; k >= 0; --k) {
    const Hoist *h = &plan->hoists[k];
    RbValue f;
    if (!rbEmit(r, mlirOperationGetOperand(h->op, h->factor), h->op, &h->ctx,
                NULL, false, &f))
      return false;
    r->b.loc = mlirOperationGetLocation(h->op);
    f = rbCastTo(r, f, rbElementType(acc->value));
    if (!rbBroadcast(r, f, &acc->space, &f)) {
      dlcEmitDiagnostic(h->op, &dlcUnsupportedOp, "split the computation",
                        "the hoisted factor does not fit the reduction");
      return false;
    }
    const char *fn =
        dlcIndexbookIsContract(h->op) || rbStringAttrIs(h->op, "fn", "mul")
            ? "mul"
        : rbStringAttrIs(h->op, "fn", "fdiv") ? "div"
        : rbStringAttrIs(h->op, "fn", "add")  ? "add"
                                              : "sub";
    const char *names[] = {"fn"};
    MlirAttribute fnAttr = rbStr(r, fn);
    MlirValue operands[2];
    operands[h->factor] = f.value;
    operands[1 - h->factor] = acc->value;
    acc->value = dlcBuildValue(&r->b, DLC_OP_RBSSA_BINARY, 2, operands,
                               mlirValueGetType(acc->value), 1, names, &fnAttr);
  }
  return true;
}

/* The body of level `index` over `target`: its operand, or the product of
 * its two factors for a contraction. */
static bool emitBody(RbRegion *r, Plan *plan, int index, const RbSpace *target,
                     RbValue *out) {
  const Level *level = &plan->levels[index];
  RbValue f[2];
  intptr_t n = mlirOperationGetNumOperands(level->op);
  if (index == 0 && plan->numHoists > 0)
    n = 1; /* R1: the body is what remains once the factors are hoisted */
  MlirValue factor = contractionBoundary(r, plan, index);
  if (!mlirValueIsNull(factor)) {
    r->request = factor; /* no diagnostic: the driver splits here */
    return false;
  }
  for (intptr_t i = 0; i < n; ++i) {
    if (level->child[i] >= 0) {
      if (!emitBody(r, plan, level->child[i], target, &f[i]))
        return false;
      continue;
    }
    RbContext ctx;
    MlirValue operand = mlirOperationGetOperand(level->op, i);
    MlirOperation user = level->op;
    if (index == 0 && plan->numHoists > 0) {
      operand = plan->body;
      ctx = plan->bodyCtx;
      user = plan->hoists[plan->numHoists - 1].op;
    } else {
      rbCompose(r, rbMapOf(level->op, i), &level->iter, &ctx);
    }
    if (rbNeedsBoundary(r, operand, &ctx, target)) {
      r->request = operand; /* no diagnostic: the driver splits here */
      return false;
    }
    MlirValue contraction = rbContractionCut(r, operand);
    if (!mlirValueIsNull(contraction)) {
      r->request = contraction; /* rule 5: its own implicit-GEMM region */
      return false;
    }
    if (!rbEmit(r, operand, user, &ctx, target, plan->guard.count > 0, &f[i]))
      return false;
  }
  if (n == 1) {
    *out = f[0];
    return true;
  }
  r->b.loc = mlirOperationGetLocation(level->op);
  if (plan->widenProduct ||
      !mlirTypeEqual(rbElementType(f[0].value), rbElementType(f[1].value))) {
    f[0] = rbCastTo(r, f[0], plan->acc);
    f[1] = rbCastTo(r, f[1], plan->acc);
  }
  const char *names[] = {"fn"};
  MlirAttribute mul = rbStr(r, "mul");
  MlirValue operands[] = {f[0].value, f[1].value};
  out->value = dlcBuildValue(&r->b, DLC_OP_RBSSA_BINARY, 2, operands,
                             mlirValueGetType(f[0].value), 1, names, &mul);
  out->space = *target;
  return true;
}

/* --- neutral elements ----------------------------------------------------- */

static double neutralOf(const char *op) {
  if (strcmp(op, "max") == 0)
    return -INFINITY;
  if (strcmp(op, "min") == 0)
    return INFINITY;
  return 0.0;
}

static MlirAttribute neutralAttr(MlirType elem, const char *op) {
  if (mlirTypeIsAFloat(elem))
    return mlirFloatAttrDoubleGet(mlirTypeGetContext(elem), elem,
                                  neutralOf(op));
  if (!mlirTypeIsAInteger(elem))
    return mlirAttributeGetNull();
  unsigned width = mlirIntegerTypeGetWidth(elem);
  int64_t lowest = width >= 64 ? INT64_MIN : -((int64_t)1 << (width - 1));
  int64_t highest = width >= 64 ? INT64_MAX : ((int64_t)1 << (width - 1)) - 1;
  int64_t value = strcmp(op, "max") == 0   ? lowest
                  : strcmp(op, "min") == 0 ? highest
                                           : 0;
  return mlirIntegerAttrGet(elem, value);
}

/* What a value holds at the points a given select masks out: a known
 * constant or unknown; `dep` says whether the select flows into it (a value
 * that does not depend on the select is irrelevant to it). */
typedef enum { OUT_KNOWN, OUT_UNKNOWN } OutKind;
typedef struct Out {
  OutKind kind;
  double value;
  bool dep;
} Out;

static double attrValue(MlirAttribute a) {
  if (mlirAttributeIsAFloat(a))
    return mlirFloatAttrGetValueDouble(a);
  return mlirAttributeIsAInteger(a) ? (double)mlirIntegerAttrGetValueInt(a)
                                    : NAN;
}

static Out known(double value, bool dep) {
  return (Out){OUT_KNOWN, value, dep};
}
static const Out independent = {OUT_UNKNOWN, 0.0, false};
static const Out unknown = {OUT_UNKNOWN, 0.0, true};

static MlirOperation defOf(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v)
                                 : (MlirOperation){NULL};
}

/* Memo of one walk from a select: a body is a DAG, so each op is visited
 * once (a walk without it is exponential in the fan-out). Grows with the
 * body (dlcArrayGrow), as does the list of the body's selects; `failed`
 * when memory ran out. */
typedef struct WalkEntry {
  MlirOperation op;
  Out out;
} WalkEntry;

typedef struct Walk {
  MlirOperation select;
  int n, capacity;
  WalkEntry *seen; /* owned */
  int numSelects, capacitySelects;
  MlirOperation *selects; /* owned: collectSelects' */
  bool failed;
} Walk;

static void walkClear(Walk *w) {
  free(w->seen);
  free(w->selects);
}

/* Appends (op, o) to the memo; false (and `failed`) when it cannot grow. */
static bool walkAdd(Walk *w, MlirOperation op, Out o) {
  WalkEntry *seen =
      dlcArrayGrow(w->seen, &w->capacity, w->n + 1, sizeof(WalkEntry));
  if (!seen) {
    w->failed = true;
    return false;
  }
  w->seen = seen;
  w->seen[w->n++] = (WalkEntry){op, o};
  return true;
}

static Out outside(MlirValue v, Walk *w, int depth);

static Out outsideUnary(MlirOperation op, Walk *w, int depth) {
  Out x = outside(mlirOperationGetOperand(op, 0), w, depth + 1);
  if (!x.dep || x.kind != OUT_KNOWN || dlcRbssaIsCast(op) ||
      dlcRbssaIsBroadcastInDim(op))
    return x.dep ? x : independent;
  if (rbStringAttrIs(op, "fn", "neg"))
    return known(-x.value, true);
  if (rbStringAttrIs(op, "fn", "relu"))
    return known(x.value > 0 ? x.value : 0.0, true);
  if (rbStringAttrIs(op, "fn", "abs"))
    return known(fabs(x.value), true);
  if (rbStringAttrIs(op, "fn", "exp2")) /* exp2(-inf) = 0: a masked score */
    return known(exp2(x.value), true);
  if (rbStringAttrIs(op, "fn", "exp"))
    return known(exp(x.value), true);
  return unknown;
}

static Out outsideBinary(MlirOperation op, Walk *w, int depth) {
  Out a = outside(mlirOperationGetOperand(op, 0), w, depth + 1);
  Out b = outside(mlirOperationGetOperand(op, 1), w, depth + 1);
  if (!a.dep && !b.dep)
    return independent;
  bool mul = rbStringAttrIs(op, "fn", "mul");
  bool add = rbStringAttrIs(op, "fn", "add");
  bool sub = rbStringAttrIs(op, "fn", "sub");
  /* An infinity plus or minus a value that does not depend on the domain
   * (assumed finite: a row's max, a scale) stays that infinity: a masked
   * score minus its row's max is still -inf. */
  if ((add || sub) && a.kind == OUT_KNOWN && isinf(a.value) && !b.dep)
    return known(a.value, true);
  if ((add || sub) && b.kind == OUT_KNOWN && isinf(b.value) && !a.dep)
    return known(sub ? -b.value : b.value, true);
  /* 0 over a value that does not depend on the domain (assumed nonzero:
   * a row's sum) is 0. */
  if (rbStringAttrIs(op, "fn", "div") && a.kind == OUT_KNOWN &&
      a.value == 0.0 && !b.dep)
    return known(0.0, true);
  /* 0 absorbs a product: a zero-padded factor keeps a sum exact. */
  if (mul && ((a.kind == OUT_KNOWN && a.value == 0.0) ||
              (b.kind == OUT_KNOWN && b.value == 0.0)))
    return known(0.0, true);
  if (a.kind != OUT_KNOWN || b.kind != OUT_KNOWN)
    return unknown;
  if (mul)
    return known(a.value * b.value, true);
  if (rbStringAttrIs(op, "fn", "add"))
    return known(a.value + b.value, true);
  if (rbStringAttrIs(op, "fn", "sub"))
    return known(a.value - b.value, true);
  if (rbStringAttrIs(op, "fn", "max"))
    return known(fmax(a.value, b.value), true);
  if (rbStringAttrIs(op, "fn", "min"))
    return known(fmin(a.value, b.value), true);
  return unknown;
}

static Out outsideOp(MlirOperation op, Walk *w, int depth) {
  if (mlirOperationEqual(op, w->select))
    return known(attrValue(rbAttr(op, "else")), true);
  if (dlcRbssaIsConst(op)) /* the same value everywhere */
    return known(attrValue(rbAttr(op, "value")), false);
  if (dlcRbssaIsRead(op) || dlcRbssaIsReduce(op))
    return independent;
  if (dlcRbssaIsSelect(op)) {
    /* Points masked by `select` may lie inside or outside this one. */
    Out t = outside(mlirOperationGetOperand(op, 0), w, depth + 1);
    double e = attrValue(rbAttr(op, "else"));
    if (!t.dep)
      return independent;
    return t.kind == OUT_KNOWN && t.value == e ? t : unknown;
  }
  if (dlcRbssaIsSelectValue(op)) {
    /* A condition known outside the domain picks one branch there (a
     * masked score: where(valid, s, -inf) is -inf where the mask is). */
    Out c = outside(mlirOperationGetOperand(op, 0), w, depth + 1);
    Out t = outside(mlirOperationGetOperand(op, 1), w, depth + 1);
    Out e = outside(mlirOperationGetOperand(op, 2), w, depth + 1);
    if (!c.dep && !t.dep && !e.dep)
      return independent;
    if (c.kind != OUT_KNOWN)
      return unknown;
    Out picked = c.value != 0.0 ? t : e;
    return picked.kind == OUT_KNOWN ? known(picked.value, true) : unknown;
  }
  if (dlcRbssaIsUnary(op) || dlcRbssaIsCast(op) || dlcRbssaIsBroadcastInDim(op))
    return outsideUnary(op, w, depth);
  if (dlcRbssaIsBinary(op))
    return outsideBinary(op, w, depth);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (outside(mlirOperationGetOperand(op, i), w, depth + 1).dep)
      return unknown;
  return independent;
}

static Out outside(MlirValue v, Walk *w, int depth) {
  MlirOperation op = defOf(v);
  if (mlirOperationIsNull(op))
    return independent;
  for (int i = 0; i < w->n; ++i)
    if (mlirOperationEqual(w->seen[i].op, op))
      return w->seen[i].out;
  if (depth > RB_MAX_DEPTH || w->failed)
    return unknown; /* too deep to analyse: not proven neutral */
  Out o = outsideOp(op, w, depth);
  walkAdd(w, op, o);
  return o;
}

/* The rbssa.select ops feeding `v` inside one reduction body, appended to
 * w->selects; w->seen records the ops visited. */
static void collectSelects(MlirValue v, Walk *w, int depth) {
  MlirOperation op = defOf(v);
  if (mlirOperationIsNull(op) || w->failed || dlcRbssaIsRead(op) ||
      dlcRbssaIsConst(op) || dlcRbssaIsReduce(op))
    return;
  for (int i = 0; i < w->n; ++i)
    if (mlirOperationEqual(w->seen[i].op, op))
      return;
  if (depth > RB_MAX_DEPTH || !walkAdd(w, op, unknown)) {
    w->failed = true;
    return;
  }
  if (dlcRbssaIsSelect(op)) {
    MlirOperation *grown =
        dlcArrayGrow(w->selects, &w->capacitySelects, w->numSelects + 1,
                     sizeof(MlirOperation));
    if (!grown) {
      w->failed = true;
      return;
    }
    w->selects = grown;
    w->selects[w->numSelects++] = op;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    collectSelects(mlirOperationGetOperand(op, i), w, depth + 1);
}

static bool checkNeutral(const Plan *plan, MlirOperation op, MlirValue body) {
  Walk w = {0};
  collectSelects(body, &w, 0);
  if (w.failed) {
    walkClear(&w);
    dlcEmitDiagnostic(op, &dlcUnsupportedOp, "split the reduction body",
                      "the reduction body is too deep to check its guards "
                      "(more than %d nested values on one path)",
                      RB_MAX_DEPTH);
    return false;
  }
  double neutral = neutralOf(plan->op);
  for (int i = 0; i < w.numSelects; ++i) {
    MlirOperation select = w.selects[i];
    w.select = select;
    w.n = 0;
    Out o = outside(body, &w, 0);
    if (o.kind == OUT_KNOWN && o.value == neutral)
      continue;
    char got[64];
    if (o.kind == OUT_KNOWN)
      snprintf(got, sizeof(got), "%g", o.value);
    else
      snprintf(got, sizeof(got), "a value not known to be neutral");
    dlcEmitDiagnostic(
        op, &dlcNeutralInvalid,
        "pad with the reduction's neutral element (0 for sum, -inf for max, "
        "+inf for min), or end the region before the reduction",
        "a guarded value (rbssa.select, else = %g) reaches this %s reduction "
        "as %s outside its domain, but the neutral element of %s is %g",
        attrValue(rbAttr(select, "else")), plan->op, got, plan->op, neutral);
    walkClear(&w);
    return false;
  }
  walkClear(&w);
  return true;
}

/* --- the reduce ----------------------------------------------------------- */

static bool buildReduce(RbRegion *r, const Plan *plan, MlirOperation op,
                        RbValue body, RbValue *out) {
  int64_t positions[RB_MAX_AXES];
  int n = 0;
  for (int p = 0; p < body.space.rank; ++p)
    if (rbSpaceContains(&plan->reduced, body.space.axes[p]))
      positions[n++] = p;
  MlirAttribute init = neutralAttr(plan->acc, plan->op);
  if (mlirAttributeIsNull(init)) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "accumulate in f16, bf16, f32, f64, i32 or i64",
                      "no neutral element for this accumulator type");
    return false;
  }
  const char *names[] = {"op", "axes", "init", "dtype"};
  MlirAttribute attrs[] = {rbStr(r, plan->op),
                           mlirDenseI64ArrayGet(r->ctx, n, positions), init,
                           mlirTypeAttrGet(plan->acc)};
  out->value = dlcBuildValue(&r->b, DLC_OP_RBSSA_REDUCE, 1, &body.value,
                             rbTensorType(r, &plan->present, plan->acc), 4,
                             names, attrs);
  out->space = plan->present;
  return true;
}

/* A contraction's result spans every output iter, the static size-1 ones
 * too: maps drop those as constant 0 (a batch of 1), and without them the
 * body would lack an iter the kernel-problem readers (GEMM, implicit GEMM,
 * depthwise) count on — body axes = rbssa.iters + rbssa.reduce_iters. */
static bool addUnitIters(RbRegion *r, RbSpace *present) {
  for (int j = 0; j < r->numAxes; ++j) {
    const RbAxis *a = &r->axes[j];
    RbSpace one = {1, {j}};
    if (!a->reduce && a->symbol < 0 && a->extent == 1 &&
        !rbSpaceContains(present, j) && !rbSpaceUnion(present, &one, present))
      return false;
  }
  return true;
}

/* Whether something between `v` and the region's leaves keeps a reduce
 * over static size-1 axes (unitReduction): an indexbook.view (its domain,
 * a padding, guards its reads by the reduced axes too, which a body built
 * without them cannot hold), another reduction of the region (its result
 * may span the reduced axes: a contraction keeps its unit iters,
 * addUnitIters) or, with `cuts`, an earlier region's value. Graph inputs
 * end the walk; past `*budget` ops the answer is yes. */
static bool keepsReduce(RbRegion *r, MlirValue v, bool cuts, int *budget) {
  if (!mlirValueIsAOpResult(v))
    return false;
  if (rbCutIndex(r, v) >= 0)
    return cuts;
  MlirOperation op = mlirOpResultGetOwner(v);
  if (dlcIndexbookIsLeaf(op))
    return false;
  if (rbIsReduction(op) || dlcIndexbookIsView(op) || --*budget < 0)
    return true;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (keepsReduce(r, mlirOperationGetOperand(op, i), cuts, budget))
      return true;
  return false;
}

/* Whether the ALU op forming a reduce level's body (below single-use casts
 * and views) computes in a float narrower than the accumulator: an
 * rbssa.reduce forms it in the accumulator type (the accumulator rule),
 * which a body without the reduce would not — tinygrad's GEMM form, a
 * bf16 mul cast to f32 and summed over K = 1. */
static bool narrowBodyOp(const Plan *plan) {
  for (int l = 0; l < plan->numLevels; ++l) {
    MlirOperation op = plan->levels[l].op;
    if (dlcIndexbookIsContract(op))
      continue; /* its product: widenProduct */
    MlirValue v = mlirOperationGetOperand(op, 0);
    while (mlirValueIsAOpResult(v)) {
      MlirOperation def = mlirOpResultGetOwner(v);
      bool pass =
          dlcIndexbookIsView(def) ||
          (dlcIndexbookIsUnary(def) && rbStringAttrIs(def, "fn", "cast"));
      if (pass) {
        v = mlirOperationGetOperand(def, 0);
        continue;
      }
      MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(v));
      if ((dlcIndexbookIsBinary(def) || dlcIndexbookIsUnary(def)) &&
          mlirTypeIsAFloat(elem) && mlirTypeIsAFloat(plan->acc) &&
          mlirFloatTypeGetWidth(elem) < mlirFloatTypeGetWidth(plan->acc))
        return true;
      break;
    }
  }
  return false;
}

/* Whether every reduced axis is static of size 1 and no domain guards
 * the body (a 1x1 window of a depthwise conv, a sum over a kept dim): no
 * level's domain, and no view's on the way to the leaves (a padded 1x1
 * window keeps its rbssa.reduce). Two more keep it (attention over a
 * single key, Lk = 1: E1501 "the value does not fit the reduction body"
 * before): a body computed from another reduction (the row max and sum of
 * the scores contraction, which spans the reduced axis, so a body without
 * that axis cannot hold it), and a contraction of an earlier region's
 * value (P·V), which rbssa-fuse-attention recognises by its reduce. */
static bool unitReduction(RbRegion *r, const Plan *plan) {
  for (int p = 0; p < plan->reduced.rank; ++p) {
    const RbAxis *a = &r->axes[plan->reduced.axes[p]];
    if (a->symbol >= 0 || a->extent != 1)
      return false;
  }
  if (plan->reduced.rank == 0 || plan->guard.count > 0 || narrowBodyOp(plan))
    return false;
  int budget = 256;
  for (int l = 0; l < plan->numLevels; ++l) {
    MlirOperation op = plan->levels[l].op;
    bool cuts = dlcIndexbookIsContract(op);
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
      if (keepsReduce(r, mlirOperationGetOperand(op, i), cuts, &budget))
        return false;
  }
  return true;
}

/* The rbssa.reduce of `plan` (its body over the kept and reduced axes,
 * guarded by the levels' domains), before the hoisted factors. */
static bool emitReduce(RbRegion *r, Plan *plan, MlirOperation op,
                       RbValue *out) {
  RbSpace target;
  RbValue body;
  if (!rbSpaceUnion(&plan->present, &plan->reduced, &target) ||
      !emitBody(r, plan, 0, &target, &body))
    return false;
  r->b.loc = mlirOperationGetLocation(op);
  if (!checkNeutral(plan, op, body.value))
    return false;
  /* Out-of-domain points are skipped: they contribute the neutral element,
   * and the select stays inside the reduce (§6.7 step 5). */
  MlirAttribute neutral = neutralAttr(rbElementType(body.value), plan->op);
  if (plan->guard.count > 0 && mlirAttributeIsNull(neutral)) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp, "use a float or integer body",
                      "no neutral element for the body's element type");
    return false;
  }
  if (!rbApplyGuard(r, &plan->guard, &body, neutral)) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp, "split the reduction",
                      "the guard needs more than %d axes", RB_MAX_AXES);
    return false;
  }
  return buildReduce(r, plan, op, body, out);
}

/* Rule 7 (docs/passes, "Several regions"): a reduction along an output
 * iter other than the innermost — softmax over the first axis of [M, N],
 * its column max broadcast back over m — is needed complete at every
 * output point, and no memory-bound plan gives a CTA a whole column: each
 * CTA would redo it over all M rows (O(M²N) reads). Its result is
 * materialised by a region of its own (a column reduction). Returns that
 * result, or null. A reduction along the innermost iters (a row softmax,
 * LayerNorm, a GroupNorm over its trailing axes) is the row plans' and
 * stays. */
static MlirValue acrossOuterIter(RbRegion *r, const Plan *plan,
                                 MlirOperation op) {
  MlirValue none = {NULL}, result = mlirOperationGetResult(op, 0);
  if (dlcIndexbookIsContract(op) || r->numCuts >= RB_MAX_CUTS ||
      rbCutIndex(r, result) >= 0 ||
      (!mlirValueIsNull(r->self) && mlirValueEqual(result, r->self)))
    return none;
  /* An output iter reduced here with a kept iter inside it: the reduced
   * iters are not a trailing block (a GroupNorm's trailing axes are). */
  for (int i = 0; i < plan->reduced.rank; ++i) {
    int axis = plan->reduced.axes[i];
    if (axis >= r->numIters || r->axes[axis].reduce)
      continue;
    for (int inner = axis + 1; inner < r->numIters; ++inner)
      if (!rbSpaceContains(&plan->reduced, inner))
        return rbCanMaterialize(r, result) ? result : none;
  }
  return none;
}

bool rbEmitReduction(RbRegion *r, MlirOperation op, const RbContext *ctx,
                     RbValue *out) {
  Plan plan;
  memset(&plan, 0, sizeof(plan));
  plan.op = reductionOp(op);
  plan.acc = accOf(op);
  if (!plan.op || mlirTypeIsNull(plan.acc)) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "give the reduction op sum, max or min and an acc_dtype",
                      "unknown reduction");
    return false;
  }
  rbUsedAxes(r, ctx->exprs, ctx->rank, &plan.present);
  if (dlcIndexbookIsContract(op) && !addUnitIters(r, &plan.present))
    return false;
  if (planLevel(r, &plan, op, ctx) < 0 || !planHoists(r, &plan))
    return false;
  MlirValue across = acrossOuterIter(r, &plan, op);
  if (!mlirValueIsNull(across)) {
    r->request = across; /* rule 7: no diagnostic, the driver splits here */
    return false;
  }
  if (unitReduction(r, &plan)) {
    /* Nothing to reduce: the operand at index 0 of every reduced axis. */
    plan.widenProduct = true;
    RbValue body;
    if (!emitBody(r, &plan, 0, &plan.present, &body))
      return false;
    *out = rbCastTo(r, body, plan.acc);
  } else if (!emitReduce(r, &plan, op, out)) {
    return false;
  }
  if (!applyHoists(r, &plan, out))
    return false;
  *out = rbCastTo(r, *out, rbElementType(mlirOperationGetResult(op, 0)));
  return true;
}
