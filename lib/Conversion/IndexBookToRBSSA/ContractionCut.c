/* Region boundary rule 5 of convert-indexbook-to-rbssa (docs/passes,
 * "Several regions"): a contraction read inside another reduction's body.
 *
 * A GEMM or convolution whose result (with its elementwise epilogue) is
 * read by a row reduction — a LayerNorm after a projection, a row sum or
 * max of a GEMM, a global average pool after a conv — would otherwise stay
 * in the reduction's region: that region is memory-bound and recomputes
 * the contraction on CUDA cores for each of its reductions, in every CTA.
 * The contraction is materialised instead, with the epilogue the reduction
 * reads, so that its region is an implicit GEMM of its own.
 *
 * Rule 6, the same at a region's yields: a contraction beside another
 * reduction in an epilogue (two GEMMs added, SwiGLU's silu(X·Wg) ·
 * (X·Wu), a conv shortcut added to a conv) or beside another yield (the
 * pre-activation returned with the activation, an unrelated output of the
 * same shape) is materialised too: the GEMM skeletons take one contraction
 * and one yield a region. Attention's P·V under an epilogue is
 * materialised alone, so that the flash kernel (no epilogue) still fuses.
 *
 * Attention's scores are the exception: S = Q·Kᵀ read by the softmax's row
 * max, whose P feeds the P·V contraction, stays in the softmax's region,
 * the form rbssa-fuse-attention fuses into one flash kernel. */
#include "DialectNames.h"
#include "Region.h"

enum {
  MAX_FOUND = 4,    /* reductions told apart under one value */
  WALK_BUDGET = 512 /* ops visited by one walk (a DAG with fan-out) */
};

/* Whether reduction `op` is a contraction: an indexbook.contract, or a sum
 * of a product (through casts) of two factors, neither a constant (a mean
 * written as Σ x · 1/n is a plain sum) nor both the same value at the same
 * points (a square: a variance). */
static bool isContraction(MlirOperation op) {
  if (dlcIndexbookIsContract(op))
    return true;
  if (!dlcIndexbookIsReduce(op) || !rbStringAttrIs(op, "op", "sum") ||
      mlirOperationGetNumOperands(op) != 1)
    return false;
  MlirValue body = rbPastCasts(mlirOperationGetOperand(op, 0));
  if (!mlirValueIsAOpResult(body))
    return false;
  MlirOperation mul = mlirOpResultGetOwner(body);
  if (!dlcIndexbookIsBinary(mul) || !rbStringAttrIs(mul, "fn", "mul") ||
      mlirOperationGetNumOperands(mul) != 2)
    return false;
  MlirValue a = mlirOperationGetOperand(mul, 0);
  MlirValue b = mlirOperationGetOperand(mul, 1);
  bool square = mlirValueEqual(a, b) &&
                mlirAffineMapEqual(rbMapOf(mul, 0), rbMapOf(mul, 1));
  return !square && !rbIsConstant(a) && !rbIsConstant(b);
}

/* Whether `op` is a contraction's product: a contract, or a binary mul
 * whose result (through casts) a sum reduces. `operand` is the factor. */
static bool isContractionFactorUse(MlirOperation op) {
  if (dlcIndexbookIsContract(op))
    return true;
  if (!dlcIndexbookIsBinary(op) || !rbStringAttrIs(op, "fn", "mul"))
    return false;
  MlirValue v = mlirOperationGetResult(op, 0);
  for (int hops = 0; hops < 8; ++hops) {
    MlirOpOperand use = mlirValueGetFirstUse(v);
    if (mlirOpOperandIsNull(use))
      return false;
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (dlcIndexbookIsReduce(user) && rbStringAttrIs(user, "op", "sum"))
      return isContraction(user);
    if (!dlcIndexbookIsUnary(user) || !rbStringAttrIs(user, "fn", "cast"))
      return false;
    v = mlirOperationGetResult(user, 0);
  }
  return false;
}

/* Whether contraction `c` is attention's scores: its result reaches a max
 * reduction (the softmax's row max) and, past it, a factor of another
 * contraction (P of P·V). A forward walk over the IndexBook users. */
static bool isAttentionScores(MlirOperation c) {
  MlirOperation stack[WALK_BUDGET];
  int top = 0, visited = 0;
  bool max = false, factor = false;
  stack[top++] = c;
  while (top > 0 && visited++ < WALK_BUDGET && !(max && factor)) {
    MlirOperation op = stack[--top];
    for (intptr_t k = 0; k < mlirOperationGetNumResults(op); ++k)
      for (MlirOpOperand use =
               mlirValueGetFirstUse(mlirOperationGetResult(op, k));
           !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
        MlirOperation user = mlirOpOperandGetOwner(use);
        max |= dlcIndexbookIsReduce(user) && rbStringAttrIs(user, "op", "max");
        factor |=
            !mlirOperationEqual(user, c) && max && isContractionFactorUse(user);
        if (top < WALK_BUDGET)
          stack[top++] = user;
      }
  }
  return max && factor;
}

/* The distinct reductions `v` is computed from, not looking inside them
 * nor past cuts, leaves and constants: up to MAX_FOUND in `found`; the
 * count, or MAX_FOUND + 1 when there are more or the walk ran out. */
static int reductionsUnder(RbRegion *r, MlirValue v, MlirOperation *found,
                           int *budget) {
  int n = 0;
  MlirValue stack[WALK_BUDGET];
  int top = 0;
  stack[top++] = v;
  while (top > 0) {
    MlirValue x = stack[--top];
    if (!mlirValueIsAOpResult(x) || rbCutIndex(r, x) >= 0)
      continue;
    if (--*budget < 0)
      return MAX_FOUND + 1;
    MlirOperation def = mlirOpResultGetOwner(x);
    if (dlcIndexbookIsLeaf(def) || dlcIndexbookIsConst(def))
      continue;
    if (rbIsReduction(def)) {
      bool seen = false;
      for (int i = 0; i < n && !seen; ++i)
        seen = mlirOperationEqual(found[i], def);
      if (!seen && n == MAX_FOUND)
        return MAX_FOUND + 1;
      if (!seen)
        found[n++] = def;
      continue;
    }
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i) {
      if (top == WALK_BUDGET)
        return MAX_FOUND + 1;
      stack[top++] = mlirOperationGetOperand(def, i);
    }
  }
  return n;
}

/* Top-down from `operand`, the first value computed from exactly one
 * reduction, a contraction that is not attention's scores: the
 * contraction with the epilogue `operand` reads it through. */
MlirValue rbContractionCut(RbRegion *r, MlirValue operand) {
  MlirValue none = {NULL};
  if (r->numCuts >= RB_MAX_CUTS)
    return none;
  MlirValue stack[MAX_FOUND * 4];
  int top = 0, budget = WALK_BUDGET;
  stack[top++] = operand;
  while (top > 0) {
    MlirValue v = stack[--top];
    if (!mlirValueIsAOpResult(v) || rbCutIndex(r, v) >= 0 ||
        (!mlirValueIsNull(r->self) && mlirValueEqual(v, r->self)))
      continue;
    MlirOperation found[MAX_FOUND];
    int n = reductionsUnder(r, v, found, &budget);
    if (n == 0 || budget < 0)
      continue;
    if (n == 1 && isContraction(found[0])) {
      if (isAttentionScores(found[0]))
        continue;
      MlirValue cut = rbViewedValue(r, v);
      if (rbCanMaterialize(r, cut) && rbCutIndex(r, cut) < 0)
        return cut;
      continue;
    }
    MlirOperation def = mlirOpResultGetOwner(v);
    if (rbIsReduction(def)) /* its own body is checked when emitted */
      continue;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
      if (top < (int)(sizeof(stack) / sizeof(stack[0])))
        stack[top++] = mlirOperationGetOperand(def, i);
  }
  return none;
}

/* Whether cut `p` is a softmax: computed from a max reduction (P of
 * attention, which rule 3 materialised). */
static bool isSoftmaxCut(RbRegion *r, MlirValue p) {
  MlirOperation def = mlirOpResultGetOwner(p);
  int budget = WALK_BUDGET;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i) {
    MlirOperation found[MAX_FOUND];
    int n = reductionsUnder(r, mlirOperationGetOperand(def, i), found, &budget);
    for (int k = 0; k < n && k < MAX_FOUND; ++k)
      if (dlcIndexbookIsReduce(found[k]) &&
          rbStringAttrIs(found[k], "op", "max"))
        return true;
  }
  return false;
}

/* Attention's P·V (contraction `c`, one factor a softmax cut) under an
 * epilogue in `yield` (a residual, an activation): P·V alone is
 * materialised, so that rbssa-fuse-attention finds the pair it fuses (the
 * flash kernel has no epilogue) and a memory-bound region applies the
 * rest. Null otherwise. */
static MlirValue attentionOutputCut(RbRegion *r, MlirOperation c,
                                    MlirValue yield) {
  MlirValue none = {NULL}, result = mlirOperationGetResult(c, 0);
  if (mlirValueEqual(rbPastCasts(yield), result) || r->numCuts >= RB_MAX_CUTS ||
      !rbCanMaterialize(r, result))
    return none;
  MlirOperation product = c;
  if (!dlcIndexbookIsContract(c)) {
    MlirValue body = rbPastCasts(mlirOperationGetOperand(c, 0));
    product = mlirOpResultGetOwner(body);
  }
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(product); ++i) {
    /* The factor through casts and views to a cut, if it is one. */
    MlirValue f = mlirOperationGetOperand(product, i);
    for (int hops = 0; hops < 16 && mlirValueIsAOpResult(f); ++hops) {
      if (rbCutIndex(r, f) >= 0) {
        if (isSoftmaxCut(r, f))
          return result;
        break;
      }
      MlirOperation def = mlirOpResultGetOwner(f);
      if (!dlcIndexbookIsView(def) &&
          !(dlcIndexbookIsUnary(def) && rbStringAttrIs(def, "fn", "cast")))
        break;
      f = mlirOperationGetOperand(def, 0);
    }
  }
  return none;
}

/* The epilogue of contraction `c` every use shares: from its result, on
 * through each value's one use while that is an elementwise op computed
 * from `c` alone (a cast, a bias, an activation). Where the value forks —
 * `C` under relu(C) and silu(C), `C + b` returned and under relu(C + b) —
 * is what to materialise once. */
static MlirValue sharedEpilogue(RbRegion *r, MlirOperation c) {
  MlirValue v = mlirOperationGetResult(c, 0);
  for (int hops = 0; hops < RB_MAX_CUTS * 4; ++hops) {
    MlirOpOperand use = mlirValueGetFirstUse(v);
    if (mlirOpOperandIsNull(use) ||
        !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
      break;
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (!(dlcIndexbookIsUnary(user) || dlcIndexbookIsBinary(user) ||
          dlcIndexbookIsTernary(user)) ||
        mlirOperationGetNumResults(user) != 1)
      break;
    MlirValue next = mlirOperationGetResult(user, 0);
    MlirOperation found[MAX_FOUND];
    int budget = WALK_BUDGET;
    if (reductionsUnder(r, next, found, &budget) != 1 ||
        !rbCanMaterialize(r, next))
      break;
    v = next;
  }
  return v;
}

MlirValue rbYieldsContractionCut(RbRegion *r, const MlirValue *yields,
                                 int numYields) {
  MlirValue none = {NULL};
  MlirOperation all[MAX_FOUND];
  int readBy[MAX_FOUND] = {0}; /* how many yields each of `all` is under */
  int total = 0, budget = WALK_BUDGET;
  bool contraction = false;
  for (int y = 0; y < numYields; ++y) {
    MlirOperation found[MAX_FOUND];
    int n = reductionsUnder(r, yields[y], found, &budget);
    if (n > MAX_FOUND)
      return none; /* too large to tell: left as it was */
    for (int i = 0; i < n; ++i) {
      int k = 0;
      while (k < total && !mlirOperationEqual(all[k], found[i]))
        ++k;
      if (k == total) {
        if (total == MAX_FOUND)
          return none;
        all[total++] = found[i];
        contraction |= isContraction(found[i]);
      }
      ++readBy[k];
    }
  }
  /* One contraction alone, under one yield: a GEMM and its epilogue
   * (attention's P·V with an epilogue: P·V alone, for the flash kernel). */
  if (contraction && total == 1 && numYields == 1)
    return attentionOutputCut(r, all[0], yields[0]);
  if (!contraction || (total < 2 && numYields < 2))
    return none;
  /* A contraction several yields read: its shared epilogue once. */
  for (int i = 0; i < total; ++i) {
    if (readBy[i] < 2 || !isContraction(all[i]) || isAttentionScores(all[i]))
      continue;
    MlirValue cut = sharedEpilogue(r, all[i]);
    if (r->numCuts < RB_MAX_CUTS && rbCanMaterialize(r, cut) &&
        rbCutIndex(r, cut) < 0)
      return cut;
  }
  for (int y = 0; y < numYields; ++y) {
    MlirValue cut = rbContractionCut(r, yields[y]);
    if (!mlirValueIsNull(cut))
      return cut;
  }
  return none;
}
