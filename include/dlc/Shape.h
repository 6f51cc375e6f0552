/* Symbolic shapes (docs/conventions.md): a ranked tensor whose encoding names
 * each dimension, e.g. tensor<?x64xf16, ["M", 64]>. */
#ifndef DLC_SHAPE_H
#define DLC_SHAPE_H

#include "dlc/Support.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { DLC_MAX_RANK = 8 };

/* The most elements the static dimensions of one shape may hold: 2^60, so
 * that byte counts of 8-byte elements fit int64 (dlcShapeReadDims). */
#define DLC_SHAPE_MAX_ELEMENTS ((int64_t)1 << 60)

/* One dimension: a static size, or a symbol (size < 0, `symbol` borrowed
 * from the context's attribute storage). */
typedef struct DlcDim {
  int64_t size;
  MlirStringRef symbol;
} DlcDim;

typedef struct DlcShape {
  int rank;
  DlcDim dims[DLC_MAX_RANK];
} DlcShape;

/* Reads the shape of a ranked tensor or memref type. On failure returns
 * false and writes the reason into `why` (of `whySize` bytes). */
bool dlcShapeFromType(MlirType type, DlcShape *shape, char *why,
                      size_t whySize);

/* dlcShapeFromType's reading of the dims, for a type of any rank: `dims`
 * has room for the type's rank (mlirShapedTypeGetRank) entries. */
bool dlcShapeReadDims(MlirType type, DlcDim *dims, char *why, size_t whySize);

/* Whether `type` is a ranked tensor one of whose dynamic dims is named
 * `symbol`. */
bool dlcTypeNamesSymbol(MlirType type, MlirStringRef symbol);

/* A symbol name: a letter or '_', then letters, digits or '_' (an encoding
 * entry that is not one, "M*K", is refused by dlcShapeFromType). */
bool dlcIsSymbolName(MlirStringRef name);

bool dlcDimIsOne(DlcDim dim);
bool dlcDimEqual(DlcDim a, DlcDim b);
bool dlcShapeEqual(const DlcShape *a, const DlcShape *b);

/* Right-aligned broadcast of `a` and `b` into `out` (§3.3). Returns false
 * when two dimensions differ and neither is 1; `*badAxis` then holds the
 * result axis at fault. */
bool dlcShapeBroadcast(const DlcShape *a, const DlcShape *b, DlcShape *out,
                       int *badAxis);

/* Formats as "[M, K, 64]". */
void dlcShapeFormat(const DlcShape *shape, char *buffer, size_t size);
void dlcDimFormat(DlcDim dim, char *buffer, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* DLC_SHAPE_H */
