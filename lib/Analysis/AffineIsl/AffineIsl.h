/* MLIR affine expressions as isl objects, and exact facts about them over
 * an iteration box (spec §5.2 "式の lowering").
 *
 * dims become the set dims of the local space, symbols its parameters.
 * `e floordiv q` becomes floor(e / q), an existentially quantified div in
 * isl; `e mod q` its equivalent div form e - q * floor(e / q) (isl_aff_mod);
 * `ceildiv` ceil(e / q). Only products with a constant and divisors that
 * are positive constants stay in the quasi-affine fragment; anything else
 * is reported (AffineIslError).
 *
 * Poly-View builds its isl model with it; convert-tiny-to-indexbook and
 * convert-indexbook-to-rbssa ask it which guards a box already implies and
 * which reads stay in bounds (isl decides these exactly, where interval
 * arithmetic could not see that e - q * (e floordiv q) is e mod q). */
#ifndef DLC_LIB_ANALYSIS_AFFINEISL_AFFINEISL_H
#define DLC_LIB_ANALYSIS_AFFINEISL_AFFINEISL_H

#include "mlir-c/AffineExpr.h"

#include <isl/aff.h>
#include <isl/ctx.h>

#include <stdbool.h>
#include <stdint.h>

/* Why an expression could not be converted. */
typedef enum AffineIslError {
  AFFINE_ISL_OK,
  AFFINE_ISL_PRODUCT,         /* a product of two non-constant terms */
  AFFINE_ISL_SYMBOLIC_DIV,    /* floordiv / ceildiv by a non-constant */
  AFFINE_ISL_SYMBOLIC_MOD,    /* mod by a non-constant */
  AFFINE_ISL_NONPOSITIVE_DIV, /* a constant divisor <= 0 */
  AFFINE_ISL_FAILED           /* isl failed */
} AffineIslError;

/* A sentence saying why (for AFFINE_ISL_OK: "affine"). */
const char *affineIslErrorText(AffineIslError error);

/* `expr` (dims = the set dims of `ls`, symbols = its params) as an isl_aff.
 * NULL on failure, with the reason in *error. */
__isl_give isl_aff *affineIslFromExpr(MlirAffineExpr expr,
                                      __isl_keep isl_local_space *ls,
                                      AffineIslError *error);

/* The size of one box dim: a symbol's position, or a static extent
 * (symbol = -1). */
typedef struct AffineIslSize {
  int symbol;
  int64_t extent;
} AffineIslSize;

/* The box 0 <= d_j <= size_j - 1 over `numDims` dims, every one of the
 * `numSymbols` symbols a size (>= 1). A derived symbol (docs/conventions.md)
 * has its defining equality s_k = definitions[k] (an expression of the
 * other symbols; null for a free one, or no array at all). Borrowed
 * arrays. */
typedef struct AffineIslBox {
  int numDims, numSymbols;
  const AffineIslSize *sizes;
  const MlirAffineExpr *definitions; /* NULL, or numSymbols entries */
} AffineIslBox;

/* Whether `expr >= 0` (with `eq`: `expr == 0`) holds at every point of the
 * box for every value of the symbols. Exact for quasi-affine expressions.
 * In any other, each product of non-constants or division by a non-constant
 * stands for an unknown term of which only its operands' signs tell (a mod
 * by b >= 1 lies in [0, b - 1]; a product of non-negatives, or a division
 * of a non-negative by a positive, is non-negative): what follows from
 * that is proven, nothing else. */
bool affineIslBoxImplies(const AffineIslBox *box, MlirAffineExpr expr, bool eq);

/* Whether 0 <= expr <= size - 1 at every point of the box. */
bool affineIslBoxKeepsInside(const AffineIslBox *box, MlirAffineExpr expr,
                             AffineIslSize size);

/* The least and greatest values of `expr` over the box and every value of
 * the symbols, where finite (has*: false when unbounded). Returns false
 * when `expr` could not be converted (then nothing is known). */
typedef struct AffineIslRange {
  bool hasMin, hasMax;
  int64_t min, max;
} AffineIslRange;
bool affineIslBoxRange(const AffineIslBox *box, MlirAffineExpr expr,
                       AffineIslRange *range);

#endif /* DLC_LIB_ANALYSIS_AFFINEISL_AFFINEISL_H */
