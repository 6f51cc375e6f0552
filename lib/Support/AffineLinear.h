/* Linear forms of pure affine expressions (internal): c + sum(dim[j] * d_j)
 * + sum(sym[k] * s_k), with overflow-checked arithmetic. Shared by
 * convert-indexbook-to-rbssa's bounds and the kernel-problem model's
 * implicit-GEMM windows (lib/Analysis/KernelProblem). */
#ifndef DLC_LIB_SUPPORT_AFFINELINEAR_H
#define DLC_LIB_SUPPORT_AFFINELINEAR_H

#include "mlir-c/AffineExpr.h"

#include <stdbool.h>
#include <stdint.h>

enum {
  DLC_LINEAR_MAX_DIMS = 24,    /* dims of the expression's map */
  DLC_LINEAR_MAX_SYMBOLS = 16, /* symbols of the expression's map */
};

typedef struct DlcLinear {
  int64_t dim[DLC_LINEAR_MAX_DIMS];
  int64_t sym[DLC_LINEAR_MAX_SYMBOLS];
  int64_t c;
} DlcLinear;

/* Flattens `e` (no div, mod or ceildiv; a product needs one constant
 * side) over `numDims` dims and `numSymbols` symbols into `out`; false
 * when it is not linear, names a dim or symbol out of range, or a
 * coefficient overflows. */
bool dlcLinearOf(MlirAffineExpr e, int numDims, int numSymbols, DlcLinear *out);

/* A dim read as q·g + r (0 <= r < q): a grouped convolution's output
 * channel, whose group g = d floordiv q selects the input channels. */
typedef struct DlcLinearSplit {
  int dim;
  int64_t q;
} DlcLinearSplit;

/* dlcLinearOf with `split->dim` replaced by q·g + r, g and r becoming dims
 * numDims and numDims + 1; `d floordiv q` and `d mod q` of that dim are
 * then linear (g, r), any other div or mod is not. */
bool dlcLinearOfSplit(MlirAffineExpr e, int numDims, int numSymbols,
                      const DlcLinearSplit *split, DlcLinear *out);

bool dlcLinearIsConstant(const DlcLinear *l);
/* a += b; a *= factor (false on overflow). */
bool dlcLinearAdd(DlcLinear *a, const DlcLinear *b);
bool dlcLinearScale(DlcLinear *a, int64_t factor);
bool dlcLinearEqual(const DlcLinear *a, const DlcLinear *b);

#endif
