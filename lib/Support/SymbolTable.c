/* Symbol tables and the symbol-order rule; see SymbolTable.h. */
#include "SymbolTable.h"
#include "Array.h"

#include "dlc/Diagnostics.h"
#include "dlc/Shape.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>

void dlcSymbolTableClear(DlcSymbolTable *table) {
  free(table->names);
  table->names = NULL;
  table->count = table->capacity = 0;
}

int dlcSymbolTableFind(const DlcSymbolTable *table, MlirStringRef name) {
  for (int i = 0; i < table->count; ++i)
    if (mlirStringRefEqual(table->names[i], name))
      return i;
  return -1;
}

int dlcSymbolTableAdd(DlcSymbolTable *table, MlirStringRef name) {
  int at = dlcSymbolTableFind(table, name);
  if (at >= 0)
    return at;
  MlirStringRef *grown = dlcArrayGrow(table->names, &table->capacity,
                                      table->count + 1, sizeof(*grown));
  if (!grown)
    return -1;
  table->names = grown;
  table->names[table->count] = name;
  return table->count++;
}

static bool outOfMemory(MlirOperation func) {
  mlirEmitError(mlirOperationGetLocation(func),
                "out of memory collecting the symbols");
  return false;
}

MlirLogicalResult dlcSymbolTableRead(DlcSymbolTable *table, MlirOperation op,
                                     const char *attrName) {
  MlirAttribute list = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString(attrName));
  intptr_t n = !mlirAttributeIsNull(list) && mlirAttributeIsAArray(list)
                   ? mlirArrayAttrGetNumElements(list)
                   : -1;
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute name = mlirArrayAttrGetElement(list, i);
    if (!mlirAttributeIsAString(name) ||
        dlcSymbolTableFind(table, mlirStringAttrGetValue(name)) >= 0) {
      n = -1;
      break;
    }
    if (dlcSymbolTableAdd(table, mlirStringAttrGetValue(name)) < 0) {
      outOfMemory(op);
      return mlirLogicalResultFailure();
    }
  }
  if (n < 0) {
    char suggestion[128];
    snprintf(suggestion, sizeof(suggestion),
             "write %s = [\"M\", \"K\", ...], each symbol once", attrName);
    dlcEmitDiagnostic(op, &dlcAxisAlignmentMismatch, suggestion,
                      "'%s' is not a list of distinct symbol names", attrName);
  }
  return n >= 0 ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* Adds the symbols of `type` in order, or with `fixed` (dlc.symbols) checks
 * that each is listed. */
static bool fromType(DlcSymbolTable *table, MlirOperation func, MlirType type,
                     bool fixed) {
  DlcShape shape;
  char why[128];
  if (!mlirTypeIsARankedTensor(type) ||
      !dlcShapeFromType(type, &shape, why, sizeof(why)))
    return true;
  for (int k = 0; k < shape.rank; ++k) {
    MlirStringRef name = shape.dims[k].symbol;
    if (shape.dims[k].size >= 0 || dlcSymbolTableFind(table, name) >= 0)
      continue;
    if (fixed) {
      dlcEmitDiagnostic(func, &dlcAxisAlignmentMismatch,
                        "add the symbol to dlc.symbols",
                        "symbol '%.*s' is not listed in dlc.symbols",
                        (int)name.length, name.data);
      return false;
    }
    if (dlcSymbolTableAdd(table, name) < 0)
      return outOfMemory(func);
  }
  return true;
}

MlirLogicalResult dlcSymbolTableCollect(DlcSymbolTable *table,
                                        MlirOperation func) {
  MlirAttribute given = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("dlc.symbols"));
  bool fixed = !mlirAttributeIsNull(given);
  bool ok = !fixed || mlirLogicalResultIsSuccess(
                          dlcSymbolTableRead(table, func, "dlc.symbols"));
  MlirAttribute fnType = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type"));
  MlirType type = !mlirAttributeIsNull(fnType) && mlirAttributeIsAType(fnType)
                      ? mlirTypeAttrGetValue(fnType)
                      : (MlirType){NULL};
  bool isFunction = !mlirTypeIsNull(type) && mlirTypeIsAFunction(type);
  for (intptr_t i = 0;
       ok && isFunction && i < mlirFunctionTypeGetNumInputs(type); ++i)
    ok = fromType(table, func, mlirFunctionTypeGetInput(type, i), fixed);
  for (intptr_t i = 0;
       ok && isFunction && i < mlirFunctionTypeGetNumResults(type); ++i)
    ok = fromType(table, func, mlirFunctionTypeGetResult(type, i), fixed);
  MlirBlock body =
      mlirOperationGetNumRegions(func) > 0
          ? mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0))
          : (MlirBlock){NULL};
  for (MlirOperation op = mlirBlockIsNull(body)
                              ? (MlirOperation){NULL}
                              : mlirBlockGetFirstOperation(body);
       ok && !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    for (intptr_t i = 0; ok && i < mlirOperationGetNumResults(op); ++i)
      ok = fromType(table, func,
                    mlirValueGetType(mlirOperationGetResult(op, i)), fixed);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
