/* Symbolic shapes: reading the encoding that names each dimension, and the
 * right-aligned broadcast rule of §3.3. */
#include "dlc/Shape.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

bool dlcTypeNamesSymbol(MlirType type, MlirStringRef symbol) {
  DlcShape shape;
  char why[128];
  if (!mlirTypeIsARankedTensor(type) ||
      !dlcShapeFromType(type, &shape, why, sizeof(why)))
    return false;
  for (int k = 0; k < shape.rank; ++k)
    if (shape.dims[k].size < 0 &&
        mlirStringRefEqual(shape.dims[k].symbol, symbol))
      return true;
  return false;
}

bool dlcIsSymbolName(MlirStringRef s) {
  if (s.length == 0 || !(isalpha((unsigned char)s.data[0]) || s.data[0] == '_'))
    return false;
  for (size_t i = 1; i < s.length; ++i)
    if (!(isalnum((unsigned char)s.data[i]) || s.data[i] == '_'))
      return false;
  return true;
}

bool dlcShapeFromType(MlirType type, DlcShape *shape, char *why,
                      size_t whySize) {
  if (!mlirTypeIsARankedTensor(type) && !mlirTypeIsAMemRef(type)) {
    snprintf(why, whySize, "expected a ranked tensor or memref type");
    return false;
  }
  intptr_t rank = mlirShapedTypeGetRank(type);
  if (rank > DLC_MAX_RANK) {
    snprintf(why, whySize, "rank %ld exceeds DLC's limit of %d", (long)rank,
             DLC_MAX_RANK);
    return false;
  }
  shape->rank = (int)rank;
  return dlcShapeReadDims(type, shape->dims, why, whySize);
}

bool dlcShapeReadDims(MlirType type, DlcDim *dims, char *why, size_t whySize) {
  bool isTensor = mlirTypeIsARankedTensor(type);
  if (!isTensor && !mlirTypeIsAMemRef(type)) {
    snprintf(why, whySize, "expected a ranked tensor or memref type");
    return false;
  }
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirAttribute encoding =
      isTensor ? mlirRankedTensorTypeGetEncoding(type) : mlirAttributeGetNull();
  bool hasNames = !mlirAttributeIsNull(encoding);
  if (hasNames && (!mlirAttributeIsAArray(encoding) ||
                   mlirArrayAttrGetNumElements(encoding) != rank)) {
    snprintf(why, whySize,
             "the encoding must be an array naming each of the %ld "
             "dimensions",
             (long)rank);
    return false;
  }
  for (intptr_t i = 0; i < rank; ++i) {
    DlcDim *dim = &dims[i];
    dim->symbol = mlirStringRefCreate(NULL, 0);
    dim->size = mlirShapedTypeIsDynamicDim(type, i)
                    ? -1
                    : mlirShapedTypeGetDimSize(type, i);
    MlirAttribute name = hasNames ? mlirArrayAttrGetElement(encoding, i)
                                  : mlirAttributeGetNull();
    if (dim->size < 0) {
      if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name)) {
        snprintf(why, whySize,
                 "dimension %ld is dynamic ('?') but has no symbol name in "
                 "the encoding",
                 (long)i);
        return false;
      }
      dim->symbol = mlirStringAttrGetValue(name);
      if (!dlcIsSymbolName(dim->symbol)) {
        /* An expression ("M*K", "H+2") would pass as an opaque name with
         * no relation to its symbols: refused until expressions are part
         * of the convention (docs/conventions.md). */
        snprintf(why, whySize,
                 "dimension %ld is named \"%.*s\", which is not a symbol "
                 "name (a letter or '_', then letters, digits or '_'); "
                 "expressions of symbols are not dimensions yet",
                 (long)i,
                 (int)(dim->symbol.length > 60 ? 60 : dim->symbol.length),
                 dim->symbol.data);
        return false;
      }
      continue;
    }
    if (!mlirAttributeIsNull(name) &&
        (!mlirAttributeIsAInteger(name) ||
         mlirIntegerAttrGetValueInt(name) != dim->size)) {
      snprintf(why, whySize,
               "dimension %ld is static (%lld) but the encoding gives a "
               "different entry",
               (long)i, (long long)dim->size);
      return false;
    }
  }
  /* Element and byte counts are int64 everywhere (kernel problems,
   * manifests, the runtime): the static dimensions alone must leave room
   * for 8-byte elements. */
  int64_t elements = 1;
  for (intptr_t i = 0; i < rank; ++i)
    if (dims[i].size > 0 &&
        (__builtin_mul_overflow(elements, dims[i].size, &elements) ||
         elements > DLC_SHAPE_MAX_ELEMENTS)) {
      snprintf(why, whySize,
               "the static dimensions hold more than 2^60 elements");
      return false;
    }
  return true;
}

bool dlcDimIsOne(DlcDim dim) { return dim.size == 1; }

bool dlcDimEqual(DlcDim a, DlcDim b) {
  if (a.size >= 0 || b.size >= 0)
    return a.size == b.size;
  return a.symbol.length == b.symbol.length &&
         memcmp(a.symbol.data, b.symbol.data, a.symbol.length) == 0;
}

bool dlcShapeEqual(const DlcShape *a, const DlcShape *b) {
  if (a->rank != b->rank)
    return false;
  for (int i = 0; i < a->rank; ++i)
    if (!dlcDimEqual(a->dims[i], b->dims[i]))
      return false;
  return true;
}

bool dlcShapeBroadcast(const DlcShape *a, const DlcShape *b, DlcShape *out,
                       int *badAxis) {
  const DlcDim one = {1, {NULL, 0}};
  int rank = a->rank > b->rank ? a->rank : b->rank;
  out->rank = rank;
  for (int i = 0; i < rank; ++i) {
    int ia = a->rank - rank + i, ib = b->rank - rank + i;
    DlcDim da = ia >= 0 ? a->dims[ia] : one;
    DlcDim db = ib >= 0 ? b->dims[ib] : one;
    if (dlcDimEqual(da, db) || dlcDimIsOne(db)) {
      out->dims[i] = da;
    } else if (dlcDimIsOne(da)) {
      out->dims[i] = db;
    } else {
      *badAxis = i;
      return false;
    }
  }
  return true;
}

void dlcDimFormat(DlcDim dim, char *buffer, size_t size) {
  if (dim.size >= 0)
    snprintf(buffer, size, "%lld", (long long)dim.size);
  else
    snprintf(buffer, size, "%.*s", (int)dim.symbol.length, dim.symbol.data);
}

void dlcShapeFormat(const DlcShape *shape, char *buffer, size_t size) {
  size_t used = 0;
  used += (size_t)snprintf(buffer, size, "[");
  for (int i = 0; i < shape->rank && used < size; ++i) {
    char dim[64];
    dlcDimFormat(shape->dims[i], dim, sizeof(dim));
    used += (size_t)snprintf(buffer + used, size - used, "%s%s", i ? ", " : "",
                             dim);
  }
  if (used < size)
    snprintf(buffer + used, size - used, "]");
}
