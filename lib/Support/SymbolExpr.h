/* Expressions of symbols (docs/conventions.md, "Derived symbols"): the
 * text of a derived symbol's definition parsed into an MLIR affine
 * expression over symbol positions, and printed back in the manifest's
 * formula grammar (lib/Runtime/Expr.c). Internal.
 *
 * Grammar (MLIR's affine syntax over names):
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | 'floordiv' | 'ceildiv' | 'mod') unary)*
 *   unary   := '-' unary | primary
 *   primary := INT | NAME | '(' expr ')'
 * floordiv, ceildiv and mod need a positive constant divisor. A product
 * with one constant factor stays (quasi-)affine, which isl and MLIR's
 * affine maps represent exactly; a product of symbols (`M * K`, a flat
 * buffer's size) is kept as MLIR's semi-affine expression, which isl cannot
 * hold: dlcSymbolExprIsProduct tells the layers that must refuse it. */
#ifndef DLC_LIB_SUPPORT_SYMBOLEXPR_H
#define DLC_LIB_SUPPORT_SYMBOLEXPR_H

#include "mlir-c/AffineExpr.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Resolves a name met in an expression: the expression it stands for, or a
 * null expression after writing why into `why`. */
typedef MlirAffineExpr (*DlcSymbolExprResolve)(MlirStringRef name,
                                               void *userData, char *why,
                                               size_t whySize);

/* Parses `text`; a null expression when it is malformed, not affine or a
 * name does not resolve, with the reason in `why`. The expression lives in
 * `ctx` (nothing to destroy). */
MlirAffineExpr dlcSymbolExprParse(MlirContext ctx, MlirStringRef text,
                                  DlcSymbolExprResolve resolve, void *userData,
                                  char *why, size_t whySize);

/* Prints `expr` (over symbols named `names`, by position) in the
 * manifest's formula grammar: + - *, floordiv(a, b), ceildiv(a, b),
 * mod(a, b). False when `size` is too small. */
bool dlcSymbolExprFormat(MlirAffineExpr expr, const MlirStringRef *names,
                         char *buffer, size_t size);

/* The same in the grammar above (`a floordiv b`), as `dlc.derived` holds
 * it. */
bool dlcSymbolExprFormatInfix(MlirAffineExpr expr, const MlirStringRef *names,
                              char *buffer, size_t size);

/* Evaluates `expr` for symbol values `values` (by position); false when a
 * step overflows or a symbol's value is negative (unbound). */
bool dlcSymbolExprEval(MlirAffineExpr expr, const int64_t *values,
                       int64_t *out);

/* Whether `expr` multiplies symbols (not affine: isl cannot hold it). */
bool dlcSymbolExprIsProduct(MlirAffineExpr expr);

/* A product flattened for comparing element counts: the coefficient times
 * the factors, none of them a constant or a product. MLIR does not order
 * the factors of `M * K`, so two products are equal when their
 * coefficients are and their factors are the same multiset. */
typedef struct DlcSymbolProduct {
  int64_t coefficient; /* start at 1 */
  int count, capacity;
  MlirAffineExpr *factors; /* owned, any number: dlcSymbolProductClear */
} DlcSymbolProduct;

/* An empty product (coefficient 1); release with dlcSymbolProductClear. */
DlcSymbolProduct dlcSymbolProductCreate(void);
void dlcSymbolProductClear(DlcSymbolProduct *product);

/* Multiplies `product` by `e` (or by the integer `factor`); false on
 * overflow (or out of memory). */
bool dlcSymbolProductMultiply(DlcSymbolProduct *product, MlirAffineExpr e);
bool dlcSymbolProductScale(DlcSymbolProduct *product, int64_t factor);

/* Whether both products hold the same coefficient and factors. */
bool dlcSymbolProductEqual(const DlcSymbolProduct *a,
                           const DlcSymbolProduct *b);

#endif /* DLC_LIB_SUPPORT_SYMBOLEXPR_H */
