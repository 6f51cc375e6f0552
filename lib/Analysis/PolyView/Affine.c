/* Poly-View: MLIR affine expressions, maps and integer sets as isl objects
 * (spec §5.2 "式の lowering").
 *
 * dims become the set dims of the local space, symbols its parameters.
 * `e floordiv q` becomes floor(e / q), an existentially quantified div in
 * isl; `e mod q` its equivalent div form e - q * floor(e / q) (isl_aff_mod);
 * `ceildiv` ceil(e / q). Only products with a constant and divisors that
 * are positive constants stay in the quasi-affine fragment; anything else
 * is reported (AffineIslError) and the op becomes a region boundary. */
#include "PolyView.h"

#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/IntegerSet.h"

#include <isl/constraint.h>
#include <isl/local_space.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

__isl_give isl_multi_aff *pvMultiAffFromMap(MlirAffineMap map,
                                            __isl_take isl_space *domain,
                                            __isl_take isl_space *range,
                                            AffineIslError *error) {
  *error = AFFINE_ISL_OK;
  isl_local_space *ls = isl_local_space_from_space(isl_space_copy(domain));
  isl_space *space = isl_space_map_from_domain_and_range(domain, range);
  intptr_t n = mlirAffineMapGetNumResults(map);
  isl_aff_list *list = isl_aff_list_alloc(isl_local_space_get_ctx(ls), (int)n);
  for (intptr_t i = 0; i < n && list; ++i) {
    isl_aff *aff = affineIslFromExpr(mlirAffineMapGetResult(map, i), ls, error);
    if (!aff) {
      list = isl_aff_list_free(list);
      break;
    }
    list = isl_aff_list_add(list, aff);
  }
  isl_local_space_free(ls);
  if (!list) {
    isl_space_free(space);
    if (*error == AFFINE_ISL_OK)
      *error = AFFINE_ISL_FAILED;
    return NULL;
  }
  isl_multi_aff *result = isl_multi_aff_from_aff_list(space, list);
  if (!result)
    *error = AFFINE_ISL_FAILED;
  return result;
}

/* One IntegerSet as a basic set over `ls`. */
static __isl_give isl_basic_set *
basicSetFromIntegerSet(MlirIntegerSet set, __isl_keep isl_local_space *ls,
                       AffineIslError *error) {
  isl_basic_set *result = isl_basic_set_universe(isl_local_space_get_space(ls));
  intptr_t n = mlirIntegerSetGetNumConstraints(set);
  for (intptr_t i = 0; i < n && result; ++i) {
    isl_aff *aff =
        affineIslFromExpr(mlirIntegerSetGetConstraint(set, i), ls, error);
    if (!aff)
      return isl_basic_set_free(result);
    isl_aff *zero = isl_aff_zero_on_domain(isl_local_space_copy(ls));
    isl_basic_set *c = mlirIntegerSetIsConstraintEq(set, i)
                           ? isl_aff_eq_basic_set(aff, zero)
                           : isl_aff_ge_basic_set(aff, zero);
    result = isl_basic_set_intersect(result, c);
  }
  if (!result && *error == AFFINE_ISL_OK)
    *error = AFFINE_ISL_FAILED;
  return result;
}

__isl_give isl_set *pvSetFromPieces(MlirAttribute pieces,
                                    __isl_take isl_space *space,
                                    AffineIslError *error) {
  *error = AFFINE_ISL_OK;
  isl_local_space *ls = isl_local_space_from_space(isl_space_copy(space));
  isl_set *result = isl_set_empty(space);
  intptr_t n = mlirArrayAttrGetNumElements(pieces);
  for (intptr_t i = 0; i < n && result; ++i) {
    MlirIntegerSet set =
        mlirIntegerSetAttrGetValue(mlirArrayAttrGetElement(pieces, i));
    isl_basic_set *piece = basicSetFromIntegerSet(set, ls, error);
    if (!piece) {
      result = isl_set_free(result);
      break;
    }
    result = isl_set_union(result, isl_set_from_basic_set(piece));
  }
  isl_local_space_free(ls);
  if (!result && *error == AFFINE_ISL_OK)
    *error = AFFINE_ISL_FAILED;
  return result;
}

bool pvExprHasMod(MlirAffineExpr expr) {
  if (mlirAffineExprIsAMod(expr))
    return true;
  if (!mlirAffineExprIsABinary(expr))
    return false;
  return pvExprHasMod(mlirAffineBinaryOpExprGetLHS(expr)) ||
         pvExprHasMod(mlirAffineBinaryOpExprGetRHS(expr));
}

void pvExprText(MlirAffineExpr expr, char *out, size_t size) {
  DlcStringSink sink = dlcStringSinkCreate(out, size);
  mlirAffineExprPrint(expr, dlcStringSinkAppend, &sink);
}

int64_t pvAffCoefficient(__isl_keep isl_aff *aff, int dim) {
  isl_val *v = dim < 0 ? isl_aff_get_constant_val(aff)
                       : isl_aff_get_coefficient_val(aff, isl_dim_in, dim);
  int64_t result = 0;
  if (v && isl_val_is_int(v) == isl_bool_true)
    result = isl_val_get_num_si(v);
  isl_val_free(v);
  return result;
}

/* Whether `aff` (borrowed) is an integer expression of the axes alone:
 * no divisions, denominator 1, no parameter terms. */
static bool integralOverAxes(__isl_keep isl_aff *aff) {
  if (!aff || isl_aff_dim(aff, isl_dim_div) != 0)
    return false;
  isl_val *den = isl_aff_get_denominator_val(aff);
  bool integral = den && isl_val_is_one(den) == isl_bool_true;
  isl_val_free(den);
  if (!integral)
    return false;
  isl_size nParams = isl_aff_dim(aff, isl_dim_param);
  for (isl_size p = 0; p < nParams; ++p) {
    isl_val *c = isl_aff_get_coefficient_val(aff, isl_dim_param, (int)p);
    bool zero = c && isl_val_is_zero(c) == isl_bool_true;
    isl_val_free(c);
    if (!zero)
      return false;
  }
  return true;
}

bool pvAffText(__isl_keep isl_aff *aff, const char *const *names, char *out,
               size_t size) {
  if (size)
    out[0] = '\0';
  if (!integralOverAxes(aff))
    return false;
  size_t used = 0;
  isl_size nDims = isl_aff_dim(aff, isl_dim_in);
  bool first = true;
  for (isl_size d = 0; d < nDims; ++d) {
    int64_t c = pvAffCoefficient(aff, (int)d);
    if (c == 0)
      continue;
    const char *sign = first ? (c < 0 ? "-" : "") : (c < 0 ? " - " : " + ");
    int64_t a = c < 0 ? -c : c;
    int n = a == 1 ? snprintf(out + used, size - used, "%s%s", sign, names[d])
                   : snprintf(out + used, size - used, "%s%lld*%s", sign,
                              (long long)a, names[d]);
    if (n < 0 || (size_t)n >= size - used)
      return false;
    used += (size_t)n;
    first = false;
  }
  int64_t k = pvAffCoefficient(aff, -1);
  if (k != 0 || first) {
    int n = first ? snprintf(out + used, size - used, "%lld", (long long)k)
                  : snprintf(out + used, size - used, " %c %lld",
                             k < 0 ? '-' : '+', (long long)(k < 0 ? -k : k));
    if (n < 0 || (size_t)n >= size - used)
      return false;
  }
  return true;
}

char *pvSetText(__isl_keep isl_set *set) {
  return set ? isl_set_to_str(set) : NULL;
}

char *pvMapText(__isl_keep isl_map *map) {
  return map ? isl_map_to_str(map) : NULL;
}

char *pvAccessText(__isl_keep isl_multi_aff *access) {
  if (!access)
    return NULL;
  isl_size n = isl_multi_aff_dim(access, isl_dim_out);
  bool divs = false;
  for (isl_size j = 0; j < n; ++j) {
    isl_aff *aff = isl_multi_aff_get_at(access, (int)j);
    divs |= aff && isl_aff_dim(aff, isl_dim_div) > 0;
    isl_aff_free(aff);
  }
  if (divs)
    return isl_multi_aff_to_str(access);
  isl_map *map = isl_map_from_multi_aff(isl_multi_aff_copy(access));
  char *text = isl_map_to_str(map);
  isl_map_free(map);
  return text;
}

bool pvAffAxisTerms(__isl_keep isl_aff *aff, int rank, int axes[2],
                    int64_t coef[2], int *numTerms, int64_t *constant) {
  if (!integralOverAxes(aff))
    return false;
  int n = 0;
  for (int a = 0; a < rank; ++a) {
    int64_t c = pvAffCoefficient(aff, a);
    if (c == 0)
      continue;
    if (n == 2)
      return false;
    axes[n] = a;
    coef[n++] = c;
  }
  *numTerms = n;
  *constant = pvAffCoefficient(aff, -1);
  return true;
}
