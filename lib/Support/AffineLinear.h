/* Linear forms of pure affine expressions (internal): c + sum(dim[j] * d_j)
 * + sum(sym[k] * s_k), with overflow-checked arithmetic. Used by the
 * kernel-problem model's implicit-GEMM windows (lib/Analysis/KernelProblem).
 * A form holds as many coefficients as its expression's map has dims and
 * symbols: no cap. */
#ifndef DLC_LIB_SUPPORT_AFFINELINEAR_H
#define DLC_LIB_SUPPORT_AFFINELINEAR_H

#include "mlir-c/AffineExpr.h"

#include <stdbool.h>
#include <stdint.h>

/* A zeroed struct (`DlcLinear l = {0};`) is an empty form; every form a
 * function fills owns its coefficients until dlcLinearRelease. */
typedef struct DlcLinear {
  int64_t *dim; /* owned: numDims dim coefficients, then the symbols' */
  int64_t *sym; /* borrowed view: dim + numDims */
  int numDims, numSymbols;
  int capacity; /* coefficients `dim` has room for */
  int64_t c;
} DlcLinear;

/* Frees `l`'s coefficients; `l` is empty again. */
void dlcLinearRelease(DlcLinear *l);

/* Flattens `e` (no div, mod or ceildiv; a product needs one constant
 * side) over `numDims` dims and `numSymbols` symbols into `out` (resized to
 * them, still owned by the caller); false when it is not linear, names a
 * dim or symbol out of range, a coefficient overflows or memory runs out. */
bool dlcLinearOf(MlirAffineExpr e, int numDims, int numSymbols, DlcLinear *out);

/* A dim read as q·g + r (0 <= r < q): a grouped convolution's output
 * channel, whose group g = d floordiv q selects the input channels. */
typedef struct DlcLinearSplit {
  int dim;
  int64_t q;
} DlcLinearSplit;

/* dlcLinearOf over numDims + 2 dims, with `split->dim` (when `split` is
 * not NULL) replaced by q·g + r, g and r becoming dims numDims and
 * numDims + 1; `d floordiv q` and `d mod q` of that dim are then linear
 * (g, r), any other div or mod is not. Without a split the two extra dims
 * stay 0 (slots a caller may fill). */
bool dlcLinearOfSplit(MlirAffineExpr e, int numDims, int numSymbols,
                      const DlcLinearSplit *split, DlcLinear *out);

bool dlcLinearIsConstant(const DlcLinear *l);
/* dst = src (dst resized; false when memory runs out). */
bool dlcLinearCopy(DlcLinear *dst, const DlcLinear *src);
/* a += b (same dims and symbols); a *= factor (false on overflow). */
bool dlcLinearAdd(DlcLinear *a, const DlcLinear *b);
bool dlcLinearScale(DlcLinear *a, int64_t factor);
/* Whether a and b are the same form, a coefficient one has and the other
 * lacks counting as 0. */
bool dlcLinearEqual(const DlcLinear *a, const DlcLinear *b);

#endif
