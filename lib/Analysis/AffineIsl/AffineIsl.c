/* MLIR affine expressions as isl objects and exact facts over a box; see
 * AffineIsl.h. */
#include "AffineIsl.h"

#include <isl/local_space.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

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

/* The positive constant divisor of a div/mod, or 0 (with *error set). */
static int64_t divisor(MlirAffineExpr rhs, bool isMod, AffineIslError *error) {
  if (!mlirAffineExprIsAConstant(rhs)) {
    *error = isMod ? AFFINE_ISL_SYMBOLIC_MOD : AFFINE_ISL_SYMBOLIC_DIV;
    return 0;
  }
  int64_t q = mlirAffineConstantExprGetValue(rhs);
  if (q <= 0) {
    *error = AFFINE_ISL_NONPOSITIVE_DIV;
    return 0;
  }
  return q;
}

__isl_give isl_aff *affineIslFromExpr(MlirAffineExpr expr,
                                      __isl_keep isl_local_space *ls,
                                      AffineIslError *error) {
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
  MlirAffineExpr lhsExpr = mlirAffineBinaryOpExprGetLHS(expr);
  MlirAffineExpr rhsExpr = mlirAffineBinaryOpExprGetRHS(expr);
  bool isMod = mlirAffineExprIsAMod(expr);
  bool isDiv =
      mlirAffineExprIsAFloorDiv(expr) || mlirAffineExprIsACeilDiv(expr);
  int64_t q = 0;
  if (isMod || isDiv) {
    q = divisor(rhsExpr, isMod, error);
    if (q == 0)
      return NULL;
  }
  isl_aff *lhs = affineIslFromExpr(lhsExpr, ls, error);
  if (!lhs)
    return NULL;
  if (isMod)
    return isl_aff_mod_val(lhs, isl_val_int_from_si(ctx, q));
  if (mlirAffineExprIsAFloorDiv(expr))
    return isl_aff_floor(
        isl_aff_scale_down_val(lhs, isl_val_int_from_si(ctx, q)));
  if (mlirAffineExprIsACeilDiv(expr))
    return isl_aff_ceil(
        isl_aff_scale_down_val(lhs, isl_val_int_from_si(ctx, q)));
  isl_aff *rhs = affineIslFromExpr(rhsExpr, ls, error);
  if (!rhs) {
    isl_aff_free(lhs);
    return NULL;
  }
  if (mlirAffineExprIsAAdd(expr))
    return isl_aff_add(lhs, rhs);
  if (mlirAffineExprIsAMul(expr)) {
    if (isl_aff_is_cst(lhs) != isl_bool_true &&
        isl_aff_is_cst(rhs) != isl_bool_true) {
      isl_aff_free(lhs);
      isl_aff_free(rhs);
      *error = AFFINE_ISL_PRODUCT;
      return NULL;
    }
    return isl_aff_mul(lhs, rhs);
  }
  isl_aff_free(lhs);
  isl_aff_free(rhs);
  *error = AFFINE_ISL_FAILED;
  return NULL;
}

/* Intersects `set` with `aff >= 0` (both taken). */
static __isl_give isl_set *withNonNegative(__isl_take isl_set *set,
                                           __isl_take isl_aff *aff) {
  return isl_set_intersect(set,
                           isl_pw_aff_nonneg_set(isl_pw_aff_from_aff(aff)));
}

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
  for (int j = 0; j < box->numDims; ++j) {
    isl_aff *d = isl_aff_var_on_domain(isl_local_space_copy(ls), isl_dim_set,
                                       (unsigned)j);
    set = withNonNegative(set, isl_aff_copy(d));
    set = withNonNegative(set, room(ls, d, box->sizes[j]));
  }
  return set;
}

/* Whether `aff` (taken) is never negative on `box` (kept): the box holds
 * no point where it is. */
static bool neverNegative(__isl_keep isl_set *box, __isl_take isl_aff *aff) {
  isl_set *below = isl_set_intersect(
      isl_set_copy(box), isl_set_from_basic_set(isl_aff_neg_basic_set(aff)));
  bool none = isl_set_is_empty(below) == isl_bool_true;
  isl_set_free(below);
  return none;
}

/* Whether `expr` (and, with `size`, size - 1 - expr) is >= 0 on the box, or
 * with `eq` == 0. One isl_ctx per question: the questions are few and the
 * callers hold no isl state. */
static bool implies(const AffineIslBox *box, MlirAffineExpr expr, bool eq,
                    const AffineIslSize *size) {
  for (int j = 0; j < box->numDims; ++j)
    if (box->sizes[j].symbol >= box->numSymbols)
      return false;
  if (size && size->symbol >= box->numSymbols)
    return false;
  isl_ctx *ctx = isl_ctx_alloc();
  if (!ctx)
    return false;
  isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
  isl_local_space *ls = isl_local_space_from_space(isl_space_set_alloc(
      ctx, (unsigned)box->numSymbols, (unsigned)box->numDims));
  AffineIslError error = AFFINE_ISL_OK;
  isl_aff *aff = affineIslFromExpr(expr, ls, &error);
  bool holds = false;
  if (aff) {
    isl_set *inside = boxSet(box, ls);
    holds = neverNegative(inside, isl_aff_copy(aff));
    if (holds && eq)
      holds = neverNegative(inside, isl_aff_neg(isl_aff_copy(aff)));
    if (holds && size)
      holds = neverNegative(inside, room(ls, isl_aff_copy(aff), *size));
    isl_set_free(inside);
    isl_aff_free(aff);
  }
  isl_local_space_free(ls);
  isl_ctx_free(ctx);
  return holds;
}

bool affineIslBoxImplies(const AffineIslBox *box, MlirAffineExpr expr,
                         bool eq) {
  return implies(box, expr, eq, NULL);
}

bool affineIslBoxKeepsInside(const AffineIslBox *box, MlirAffineExpr expr,
                             AffineIslSize size) {
  return implies(box, expr, false, &size);
}
