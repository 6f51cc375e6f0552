/* The interpreter's error helper and attribute readers. Errors go through
 * the context's diagnostic engine, so hosts see them like any MLIR error. */
#include "InterpInternal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void dlcInterpError(MlirOperation op, const char *format, ...) {
  char message[1024];
  int used = snprintf(message, sizeof(message), "interpreter: ");
  va_list args;
  va_start(args, format);
  vsnprintf(message + used, sizeof(message) - (size_t)used, format, args);
  va_end(args);
  mlirEmitError(mlirOperationGetLocation(op), message);
}

MlirAttribute dlcInterpGetAttr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op,
                                         mlirStringRefCreateFromCString(name));
}

int dlcInterpGetI64Array(MlirOperation op, const char *name, int64_t *values,
                         int capacity) {
  MlirAttribute attr = dlcInterpGetAttr(op, name);
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsADenseI64Array(attr)) {
    dlcInterpError(op, "expected attribute '%s' to be an array<i64: ...>",
                   name);
    return -1;
  }
  intptr_t n = mlirDenseArrayGetNumElements(attr);
  if (n > capacity) {
    dlcInterpError(op, "attribute '%s' has %ld entries; at most %d expected",
                   name, (long)n, capacity);
    return -1;
  }
  for (intptr_t i = 0; i < n; ++i)
    values[i] = mlirDenseI64ArrayGetElement(attr, i);
  return (int)n;
}

int64_t *dlcInterpReadI64Array(MlirOperation op, const char *name, int *count) {
  MlirAttribute attr = dlcInterpGetAttr(op, name);
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsADenseI64Array(attr)) {
    dlcInterpError(op, "expected attribute '%s' to be an array<i64: ...>",
                   name);
    return NULL;
  }
  intptr_t n = mlirDenseArrayGetNumElements(attr);
  int64_t *values = n <= INT_MAX ? dlcInterpCreateIndex(op, (int)n) : NULL;
  for (intptr_t i = 0; values && i < n; ++i)
    values[i] = mlirDenseI64ArrayGetElement(attr, i);
  *count = (int)n;
  return values;
}

bool dlcInterpScalarAttrValue(MlirAttribute attr, double *value) {
  if (mlirAttributeIsNull(attr))
    return false;
  if (mlirAttributeIsAFloat(attr)) {
    *value = mlirFloatAttrGetValueDouble(attr);
    return true;
  }
  if (!mlirAttributeIsAInteger(attr))
    return false;
  /* The C API asserts on the wrong reader for the signedness. */
  MlirType type = mlirAttributeGetType(attr);
  if (mlirTypeIsAInteger(type) && mlirIntegerTypeIsUnsigned(type))
    *value = (double)mlirIntegerAttrGetValueUInt(attr);
  else if (mlirTypeIsAInteger(type) && mlirIntegerTypeIsSigned(type))
    *value = (double)mlirIntegerAttrGetValueSInt(attr);
  else
    *value = (double)mlirIntegerAttrGetValueInt(attr);
  return true;
}

bool dlcInterpGetMap(const DlcInterpOp *op, int sourceRank, const char *source,
                     MlirAffineMap *map) {
  MlirAttribute attr = dlcInterpGetAttr(op->op, "map");
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAAffineMap(attr)) {
    dlcInterpError(op->op, "expected an affine_map attribute 'map'");
    return false;
  }
  *map = mlirAffineMapAttrGetValue(attr);
  intptr_t dims = mlirAffineMapGetNumDims(*map);
  intptr_t results = mlirAffineMapGetNumResults(*map);
  intptr_t symbols = mlirAffineMapGetNumSymbols(*map);
  if (dims != op->resultRank || results != sourceRank ||
      symbols > op->symbols->count) {
    dlcInterpError(op->op,
                   "the map has %ld dims, %ld results and %ld symbols; "
                   "expected %d dims (result rank), %d results (%s rank) "
                   "and at most %d symbols",
                   (long)dims, (long)results, (long)symbols, op->resultRank,
                   sourceRank, source, op->symbols->count);
    return false;
  }
  return true;
}
