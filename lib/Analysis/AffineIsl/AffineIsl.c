/* MLIR affine expressions as isl objects and exact facts over a box; see
 * AffineIsl.h. */
#include "AffineIsl.h"

#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <string.h>

const char *affineIslErrorText(AffineIslError error) {
  switch (error) {
  case AFFINE_ISL_OK:
    return "affine";
  case AFFINE_ISL_PRODUCT:
    return "a product of two non-constant terms is not affine";
  case AFFINE_ISL_SYMBOLIC_DIV:
    return "a floordiv/ceildiv by a non-constant divisor is not "
           "quasi-affine";
  case AFFINE_ISL_SYMBOLIC_MOD:
    return "a mod by a non-constant divisor has no div form";
  case AFFINE_ISL_NONPOSITIVE_DIV:
    return "a divisor is not positive";
  case AFFINE_ISL_FAILED:
    return "isl could not represent the expression";
  }
  return "?";
}

/* Terms outside the quasi-affine fragment, while a box question is asked:
 * each becomes a fresh set dim (past the box's own dims) about which only
 * what its operands make certain is known. */
typedef struct Abstraction {
  isl_set *facts;     /* the box, then each term's facts (owned) */
  unsigned next, end; /* the next free term dim; one past the last */
} Abstraction;

static __isl_give isl_aff *fromExpr(MlirAffineExpr expr,
                                    __isl_keep isl_local_space *ls,
                                    AffineIslError *error, Abstraction *abs);

__isl_give isl_aff *affineIslFromExpr(MlirAffineExpr expr,
                                      __isl_keep isl_local_space *ls,
                                      AffineIslError *error) {
  return fromExpr(expr, ls, error, NULL);
}

/* Intersects `set` with `aff >= 0` (both taken). */
static __isl_give isl_set *withNonNegative(__isl_take isl_set *set,
                                           __isl_take isl_aff *aff) {
  return isl_set_intersect(set,
                           isl_pw_aff_nonneg_set(isl_pw_aff_from_aff(aff)));
}

/* Whether `aff` (taken) is never negative on `set` (kept): the set holds
 * no point where it is. */
static bool neverNegative(__isl_keep isl_set *set, __isl_take isl_aff *aff) {
  isl_set *below = isl_set_intersect(
      isl_set_copy(set), isl_set_from_basic_set(isl_aff_neg_basic_set(aff)));
  bool none = isl_set_is_empty(below) == isl_bool_true;
  isl_set_free(below);
  return none;
}

/* `a op b` (both taken) as a fresh term t, with the facts signs give: t in
 * [0, b - 1] for a mod by b >= 1; t >= 0 for a product of non-negatives
 * and for a division of a >= 0 by b >= 1 (and t <= a for a floordiv). */
static __isl_give isl_aff *abstractTerm(Abstraction *abs,
                                        __isl_keep isl_local_space *ls,
                                        MlirAffineExpr expr,
                                        __isl_take isl_aff *a,
                                        __isl_take isl_aff *b) {
  if (abs->next == abs->end) {
    isl_aff_free(a);
    isl_aff_free(b);
    return NULL;
  }
  isl_aff *t =
      isl_aff_var_on_domain(isl_local_space_copy(ls), isl_dim_set, abs->next++);
  bool aNonNegative = neverNegative(abs->facts, isl_aff_copy(a));
  bool bNonNegative = neverNegative(abs->facts, isl_aff_copy(b));
  bool bPositive =
      neverNegative(abs->facts, isl_aff_add_constant_si(isl_aff_copy(b), -1));
  bool isMul = mlirAffineExprIsAMul(expr);
  if (mlirAffineExprIsAMod(expr) && bPositive) {
    abs->facts = withNonNegative(abs->facts, isl_aff_copy(t));
    abs->facts = withNonNegative(
        abs->facts, isl_aff_sub(isl_aff_add_constant_si(isl_aff_copy(b), -1),
                                isl_aff_copy(t)));
  } else if (aNonNegative && (isMul ? bNonNegative : bPositive)) {
    abs->facts = withNonNegative(abs->facts, isl_aff_copy(t));
    if (mlirAffineExprIsAFloorDiv(expr))
      abs->facts = withNonNegative(
          abs->facts, isl_aff_sub(isl_aff_copy(a), isl_aff_copy(t)));
  }
  isl_aff_free(a);
  isl_aff_free(b);
  return t;
}

/* A div or mod of `lhs` (taken) by the constant `rhsExpr`. */
static __isl_give isl_aff *divide(MlirAffineExpr expr, MlirAffineExpr rhsExpr,
                                  __isl_take isl_aff *lhs,
                                  AffineIslError *error) {
  int64_t q = mlirAffineConstantExprGetValue(rhsExpr);
  if (q <= 0) {
    *error = AFFINE_ISL_NONPOSITIVE_DIV;
    isl_aff_free(lhs);
    return NULL;
  }
  isl_val *divisor = isl_val_int_from_si(isl_aff_get_ctx(lhs), q);
  if (mlirAffineExprIsAMod(expr))
    return isl_aff_mod_val(lhs, divisor);
  lhs = isl_aff_scale_down_val(lhs, divisor);
  return mlirAffineExprIsAFloorDiv(expr) ? isl_aff_floor(lhs)
                                         : isl_aff_ceil(lhs);
}

static __isl_give isl_aff *fromExpr(MlirAffineExpr expr,
                                    __isl_keep isl_local_space *ls,
                                    AffineIslError *error, Abstraction *abs) {
  isl_ctx *ctx = isl_local_space_get_ctx(ls);
  if (mlirAffineExprIsAConstant(expr))
    return isl_aff_val_on_domain(
        isl_local_space_copy(ls),
        isl_val_int_from_si(ctx, mlirAffineConstantExprGetValue(expr)));
  if (mlirAffineExprIsADim(expr))
    return isl_aff_var_on_domain(isl_local_space_copy(ls), isl_dim_set,
                                 (unsigned)mlirAffineDimExprGetPosition(expr));
  if (mlirAffineExprIsASymbol(expr))
    return isl_aff_var_on_domain(
        isl_local_space_copy(ls), isl_dim_param,
        (unsigned)mlirAffineSymbolExprGetPosition(expr));
  if (!mlirAffineExprIsABinary(expr)) {
    *error = AFFINE_ISL_FAILED;
    return NULL;
  }
  MlirAffineExpr rhsExpr = mlirAffineBinaryOpExprGetRHS(expr);
  bool isMul = mlirAffineExprIsAMul(expr);
  bool isMod = mlirAffineExprIsAMod(expr);
  bool isDiv = !isMul && !isMod && !mlirAffineExprIsAAdd(expr);
  bool constantDivisor = mlirAffineExprIsAConstant(rhsExpr);
  if ((isMod || isDiv) && !constantDivisor && !abs) {
    *error = isMod ? AFFINE_ISL_SYMBOLIC_MOD : AFFINE_ISL_SYMBOLIC_DIV;
    return NULL;
  }
  isl_aff *lhs = fromExpr(mlirAffineBinaryOpExprGetLHS(expr), ls, error, abs);
  if (!lhs)
    return NULL;
  if ((isMod || isDiv) && constantDivisor)
    return divide(expr, rhsExpr, lhs, error);
  isl_aff *rhs = fromExpr(rhsExpr, ls, error, abs);
  if (!rhs) {
    isl_aff_free(lhs);
    return NULL;
  }
  if (!isMul && !isMod && !isDiv)
    return isl_aff_add(lhs, rhs);
  if (isMul && (isl_aff_is_cst(lhs) == isl_bool_true ||
                isl_aff_is_cst(rhs) == isl_bool_true))
    return isl_aff_mul(lhs, rhs);
  if (abs)
    return abstractTerm(abs, ls, expr, lhs, rhs);
  isl_aff_free(lhs);
  isl_aff_free(rhs);
  *error = AFFINE_ISL_PRODUCT;
  return NULL;
}

/* --- questions over a box --------------------------------------------------
 */

/* size - 1 - d over `ls`: d <= size - 1. */
static __isl_give isl_aff *room(__isl_keep isl_local_space *ls,
                                __isl_take isl_aff *d, AffineIslSize size) {
  isl_ctx *ctx = isl_local_space_get_ctx(ls);
  isl_aff *last =
      size.symbol >= 0
          ? isl_aff_var_on_domain(isl_local_space_copy(ls), isl_dim_param,
                                  (unsigned)size.symbol)
          : isl_aff_val_on_domain(isl_local_space_copy(ls),
                                  isl_val_int_from_si(ctx, size.extent));
  return isl_aff_sub(isl_aff_add_constant_si(last, -1), d);
}

/* The box as an isl_set of the space of `ls` (kept). */
static __isl_give isl_set *boxSet(const AffineIslBox *box,
                                  __isl_keep isl_local_space *ls) {
  isl_set *set = isl_set_universe(isl_local_space_get_space(ls));
  for (int k = 0; k < box->numSymbols; ++k)
    set = withNonNegative(set,
                          isl_aff_add_constant_si(
                              isl_aff_var_on_domain(isl_local_space_copy(ls),
                                                    isl_dim_param, (unsigned)k),
                              -1));
  for (int k = 0; box->definitions && k < box->numSymbols; ++k) {
    AffineIslError error = AFFINE_ISL_OK;
    isl_aff *def = mlirAffineExprIsNull(box->definitions[k])
                       ? NULL
                       : fromExpr(box->definitions[k], ls, &error, NULL);
    if (!def)
      continue; /* free, or not quasi-affine: no fact */
    isl_aff *s = isl_aff_var_on_domain(isl_local_space_copy(ls), isl_dim_param,
                                       (unsigned)k);
    set = withNonNegative(set, isl_aff_sub(isl_aff_copy(s), isl_aff_copy(def)));
    set = withNonNegative(set, isl_aff_sub(def, s));
  }
  for (int j = 0; j < box->numDims; ++j) {
    isl_aff *d = isl_aff_var_on_domain(isl_local_space_copy(ls), isl_dim_set,
                                       (unsigned)j);
    set = withNonNegative(set, isl_aff_copy(d));
    set = withNonNegative(set, room(ls, d, box->sizes[j]));
  }
  return set;
}

/* The binary ops of `e`: an upper bound on the terms it may abstract. */
static unsigned countBinary(MlirAffineExpr e) {
  if (!mlirAffineExprIsABinary(e))
    return 0;
  return 1 + countBinary(mlirAffineBinaryOpExprGetLHS(e)) +
         countBinary(mlirAffineBinaryOpExprGetRHS(e));
}

/* One question: `expr` over the box, in its own isl_ctx (the questions are
 * few and the callers hold no isl state). */
typedef struct Question {
  isl_ctx *ctx;
  isl_local_space *ls;
  Abstraction abs; /* abs.facts: the box and the abstracted terms' facts */
  isl_aff *aff;    /* expr; NULL when it is not even abstractly affine */
} Question;

static bool ask(Question *q, const AffineIslBox *box, MlirAffineExpr expr) {
  memset(q, 0, sizeof(*q));
  for (int j = 0; j < box->numDims; ++j)
    if (box->sizes[j].symbol >= box->numSymbols)
      return false;
  if (!(q->ctx = isl_ctx_alloc()))
    return false;
  isl_options_set_on_error(q->ctx, ISL_ON_ERROR_CONTINUE);
  unsigned terms = countBinary(expr);
  q->ls = isl_local_space_from_space(isl_space_set_alloc(
      q->ctx, (unsigned)box->numSymbols, (unsigned)box->numDims + terms));
  q->abs.facts = boxSet(box, q->ls);
  q->abs.next = (unsigned)box->numDims;
  q->abs.end = (unsigned)box->numDims + terms;
  AffineIslError error = AFFINE_ISL_OK;
  q->aff = fromExpr(expr, q->ls, &error, &q->abs);
  return q->aff && q->abs.facts;
}

static void finish(Question *q) {
  isl_aff_free(q->aff);
  isl_set_free(q->abs.facts);
  isl_local_space_free(q->ls);
  if (q->ctx)
    isl_ctx_free(q->ctx);
}

bool affineIslBoxImplies(const AffineIslBox *box, MlirAffineExpr expr,
                         bool eq) {
  Question q;
  bool holds =
      ask(&q, box, expr) && neverNegative(q.abs.facts, isl_aff_copy(q.aff)) &&
      (!eq || neverNegative(q.abs.facts, isl_aff_neg(isl_aff_copy(q.aff))));
  finish(&q);
  return holds;
}

bool affineIslBoxKeepsInside(const AffineIslBox *box, MlirAffineExpr expr,
                             AffineIslSize size) {
  Question q;
  bool holds =
      size.symbol < box->numSymbols && ask(&q, box, expr) &&
      neverNegative(q.abs.facts, isl_aff_copy(q.aff)) &&
      neverNegative(q.abs.facts, room(q.ls, isl_aff_copy(q.aff), size));
  if (size.symbol < box->numSymbols)
    finish(&q);
  return holds;
}

/* The extreme of q->aff over the box (all symbol values), when finite. */
static bool extreme(Question *q, bool max, int64_t *out) {
  isl_val *v = max ? isl_set_max_val(q->abs.facts, q->aff)
                   : isl_set_min_val(q->abs.facts, q->aff);
  bool finite =
      v && isl_val_is_int(v) == isl_bool_true && isl_val_get_den_si(v) == 1;
  if (finite)
    *out = (int64_t)isl_val_get_num_si(v);
  isl_val_free(v);
  return finite;
}

bool affineIslBoxRange(const AffineIslBox *box, MlirAffineExpr expr,
                       AffineIslRange *range) {
  memset(range, 0, sizeof(*range));
  Question q;
  bool ok = ask(&q, box, expr);
  if (ok) {
    range->hasMin = extreme(&q, false, &range->min);
    range->hasMax = extreme(&q, true, &range->max);
  }
  finish(&q);
  return ok;
}
