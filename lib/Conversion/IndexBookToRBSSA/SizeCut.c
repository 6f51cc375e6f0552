/* Region boundary rule 8 of convert-indexbook-to-rbssa (docs/passes,
 * "Several regions"): a region too large for one kernel.
 *
 * The skeletons take a bounded program a kernel (KP_MAX_STEPS steps: the
 * memory-bound family's elementwise and reduce steps, the GEMM family's
 * epilogue). A longer chain — seventy elementwise ops an exporter wrote
 * out — is cut where it computes about half of its expected steps: that
 * value is materialised by a region of its own and
 * read back by the rest, which is cut again while it is still too large. */
#include "DialectNames.h"
#include "KernelProblem.h"
#include "Region.h"

#include "dlc/Shape.h"

#include <stdlib.h>

enum {
  /* Expected steps (stepWeight) in a region above which it is cut: loads,
   * constants and broadcasts take steps too. */
  RB_MAX_REGION_STEPS = KP_MAX_STEPS * 3 / 4,
  CONE_CAP = 1024 /* ops one walk visits */
};

static bool hasConstOperand(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (rbIsConstant(mlirOperationGetOperand(op, i)))
      return true;
  return false;
}

/* Whether a cast `op` is expected to take no step of its own: it widens
 * a read (one cast of each, however often the graph spells it), or is part
 * of an activation the fold takes — an op of a constant reads its result,
 * or made its operand (silu's cast of x before x · c). */
static bool castIsFree(MlirOperation op) {
  MlirValue x = mlirOperationGetOperand(op, 0);
  if (!mlirValueIsAOpResult(x) || dlcIndexbookIsLeaf(mlirOpResultGetOwner(x)) ||
      hasConstOperand(mlirOpResultGetOwner(x)))
    return true;
  for (MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(op, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
    if (hasConstOperand(mlirOpOperandGetOwner(use)))
      return true;
  return false;
}

/* Whether `v` (past casts) is the result of an op of a constant. */
static bool madeByConstOp(MlirValue v) {
  v = rbPastCasts(v);
  return mlirValueIsAOpResult(v) && !rbIsConstant(v) &&
         hasConstOperand(mlirOpResultGetOwner(v));
}

/* Whether an operand of `op` is: x · c₁ · c₂ is a chain no activation
 * spells. */
static bool readsConstOp(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (madeByConstOp(mlirOperationGetOperand(op, i)))
      return true;
  return false;
}

/* The steps op `op` is expected to become: rbssa-fold-activations makes
 * an activation one step (silu's x · c, exp2, + 1, recip and · x are one
 * "silu"), so an op of a constant (unless it reads another's result), a
 * unary op right after one (past casts), the casts next to them and those
 * of reads count nothing — an estimate from below, which cuts a long chain
 * of its own ops and leaves a GEMM's activations in its epilogue. Another
 * cast is a step of its own in both skeletons (a rounding, or a widening
 * of a rounded value): a chain of f16 ops computed in f32, cast · op ·
 * cast a link, was E1602 from 22 links, and x · c₁ · c₂ ... (two steps a
 * link, the op and its constant) from 32. */
static int stepWeight(MlirOperation op) {
  if (dlcIndexbookIsUnary(op) && rbStringAttrIs(op, "fn", "cast"))
    return castIsFree(op) ? 0 : 1;
  if (hasConstOperand(op))
    return readsConstOp(op) ? 2 : 0; /* the op and its constant */
  if (dlcIndexbookIsUnary(op) && madeByConstOp(mlirOperationGetOperand(op, 0)))
    return 0;
  return 1;
}

static int stepsOf(const MlirOperation *ops, int n) {
  int steps = 0;
  for (int i = 0; i < n; ++i)
    steps += stepWeight(ops[i]);
  return steps;
}

/* The ops `roots` are computed from in this region (not past cuts, leaves
 * and constants), at most CONE_CAP into `ops`; their count, or -1 when
 * there are more. */
static int coneOf(RbRegion *r, const MlirValue *roots, int numRoots,
                  MlirOperation *ops) {
  int n = 0, top = 0;
  MlirValue *stack = malloc(CONE_CAP * sizeof(MlirValue));
  if (!stack)
    return -1;
  for (int i = 0; i < numRoots && top < CONE_CAP; ++i)
    stack[top++] = roots[i];
  while (top > 0) {
    MlirValue v = stack[--top];
    if (!mlirValueIsAOpResult(v))
      continue;
    bool root = false;
    for (int i = 0; i < numRoots && !root; ++i)
      root = mlirValueEqual(v, roots[i]);
    if (!root && rbCutIndex(r, v) >= 0)
      continue;
    MlirOperation def = mlirOpResultGetOwner(v);
    if (dlcIndexbookIsLeaf(def) || dlcIndexbookIsConst(def))
      continue;
    bool seen = false;
    for (int i = 0; i < n && !seen; ++i)
      seen = mlirOperationEqual(ops[i], def);
    if (seen)
      continue;
    if (n == CONE_CAP) {
      n = -1;
      break;
    }
    ops[n++] = def;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
      if (top < CONE_CAP)
        stack[top++] = mlirOperationGetOperand(def, i);
  }
  free(stack);
  return n;
}

/* Whether `v` has the shape of one of the yields (the region's iteration
 * space): its region is then one of the same kind. */
static bool yieldShaped(MlirValue v, const MlirValue *yields, int numYields) {
  DlcShape shape, yieldShape;
  char why[64];
  if (!dlcShapeFromType(mlirValueGetType(v), &shape, why, sizeof(why)))
    return false;
  for (int y = 0; y < numYields; ++y)
    if (dlcShapeFromType(mlirValueGetType(yields[y]), &yieldShape, why,
                         sizeof(why)) &&
        dlcShapeEqual(&shape, &yieldShape))
      return true;
  return false;
}

MlirValue rbSizeCut(RbRegion *r, const MlirValue *yields, int numYields) {
  MlirValue best = {NULL};
  if (r->numCuts >= RB_MAX_CUTS)
    return best;
  MlirOperation *all = malloc(2 * CONE_CAP * sizeof(MlirOperation));
  if (!all)
    return best;
  MlirOperation *scratch = all + CONE_CAP;
  int n = coneOf(r, yields, numYields, all);
  int total = n < 0 ? 0 : stepsOf(all, n);
  int bestGap = total;
  for (int i = 0; total > RB_MAX_REGION_STEPS && i < n; ++i) {
    if (mlirOperationGetNumResults(all[i]) != 1)
      continue;
    MlirValue v = mlirOperationGetResult(all[i], 0);
    bool yielded = false;
    for (int y = 0; y < numYields && !yielded; ++y)
      yielded = mlirValueEqual(v, yields[y]);
    if (yielded || rbCutIndex(r, v) >= 0 || !rbCanMaterialize(r, v) ||
        !yieldShaped(v, yields, numYields))
      continue;
    int ops = coneOf(r, &v, 1, scratch);
    int size = ops < 0 ? 0 : stepsOf(scratch, ops);
    int gap = abs(2 * size - total);
    if (size > 0 && size < total && gap < bestGap) {
      bestGap = gap;
      best = v;
    }
  }
  free(all);
  return best;
}
