/* tiny-unflatten-products: a flat buffer whose size is a product of
 * symbols (`MK = "M * K"` in dlc.derived) is renamed to the shape it is
 * reshaped to (docs/conventions.md, "Products of symbols").
 *
 * isl cannot hold a product of parameters, so no layer below tiny can take
 * MK. But a function argument is a contiguous row-major buffer, and a
 * reshape keeps the row-major order: an argument of type [MK] whose every
 * use is one tiny.reshape to [M, K] *is* a buffer of type [M, K]. The pass
 * gives the argument that type and drops the reshapes; symmetrically, a
 * returned tiny.reshape of [M, K] to [MK] returns its operand. Both keep
 * the element count (dlcSymbolTableSameElementCount). No index arithmetic
 * is needed: the flat form stays only at the function boundary, where the
 * argument's `dlc.flat` attribute keeps its size formula ("M * K") for the
 * manifest.
 *
 * Afterwards a product symbol no type names is dropped from dlc.derived;
 * one still named (any other use of the flat buffer) stays, and
 * convert-tiny-to-indexbook refuses it with E1501 at the op. */
#include "DialectNames.h"
#include "FunctionList.h"
#include "PassDef.h"
#include "SymbolExpr.h"
#include "SymbolTable.h"

#include "dlc/Shape.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <stdlib.h>

static bool shapeOf(MlirType type, DlcShape *shape) {
  char why[128];
  return mlirTypeIsARankedTensor(type) &&
         dlcShapeFromType(type, shape, why, sizeof(why));
}

static bool namesProduct(const DlcSymbolTable *table, MlirType type) {
  return dlcSymbolTableFindProductIn(table, type) >= 0;
}

/* Whether a reshape from `from` to `to` may be a renaming: `to` names no
 * product symbol and holds as many elements. */
static bool isRenaming(MlirContext ctx, const DlcSymbolTable *table,
                       MlirType from, MlirType to) {
  DlcShape a, b;
  return !namesProduct(table, to) && shapeOf(from, &a) && shapeOf(to, &b) &&
         dlcSymbolTableSameElementCount(ctx, table, &a, &b);
}

/* The one type every use of `arg` reshapes it to, or null when some use is
 * not such a reshape or two reshapes differ. */
static MlirType reshapedType(MlirValue arg) {
  MlirType type = {NULL};
  for (MlirOpOperand use = mlirValueGetFirstUse(arg); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (!dlcOperationIsA(user, DLC_OP_TINY_RESHAPE))
      return (MlirType){NULL};
    MlirType to = mlirValueGetType(mlirOperationGetResult(user, 0));
    if (!mlirTypeIsNull(type) && !mlirTypeEqual(type, to))
      return (MlirType){NULL};
    type = to;
  }
  return type;
}

/* Sets `dlc.flat` (the flat size formula, "M * K") in entry `i` of `func`'s
 * `key` (arg_attrs or res_attrs, `n` entries). */
static void recordFlatSize(MlirOperation func, const char *key, intptr_t n,
                           intptr_t i, const DlcSymbolTable *table,
                           MlirType flat) {
  DlcShape shape;
  if (!shapeOf(flat, &shape))
    return;
  char formula[256] = "", dim[128];
  size_t used = 0;
  for (int k = 0; k < shape.rank; ++k) {
    int at = shape.dims[k].size < 0
                 ? dlcSymbolTableFind(table, shape.dims[k].symbol)
                 : -1;
    if (!dlcSymbolTableIsDerived(table, at))
      at = -1;
    if (at >= 0) {
      if (!dlcSymbolTableFormatDefinition(table, at, dim, sizeof(dim)))
        return;
    } else {
      dlcDimFormat(shape.dims[k], dim, sizeof(dim));
    }
    bool group = at >= 0 && shape.rank > 1;
    int w = snprintf(formula + used, sizeof(formula) - used, "%s%s%s%s",
                     k ? " * " : "", group ? "(" : "", dim, group ? ")" : "");
    if (w < 0 || (size_t)w >= sizeof(formula) - used)
      return;
    used += (size_t)w;
  }
  MlirContext ctx = mlirOperationGetContext(func);
  MlirStringRef attrs = mlirStringRefCreateFromCString(key);
  MlirAttribute old = mlirOperationGetAttributeByName(func, attrs);
  MlirAttribute *dicts = malloc((size_t)n * sizeof(*dicts) + 1);
  if (!dicts)
    return;
  for (intptr_t a = 0; a < n; ++a) {
    MlirAttribute d = !mlirAttributeIsNull(old) && mlirAttributeIsAArray(old) &&
                              a < mlirArrayAttrGetNumElements(old)
                          ? mlirArrayAttrGetElement(old, a)
                          : mlirDictionaryAttrGet(ctx, 0, NULL);
    if (a == i) {
      intptr_t m = mlirDictionaryAttrGetNumElements(d);
      MlirNamedAttribute *fields = malloc((size_t)(m + 1) * sizeof(*fields));
      if (!fields) {
        free(dicts);
        return;
      }
      MlirStringRef key = mlirStringRefCreateFromCString("dlc.flat");
      intptr_t kept = 0;
      for (intptr_t f = 0; f < m; ++f) /* a stale dlc.flat is replaced */
        if (!mlirStringRefEqual(
                mlirIdentifierStr(mlirDictionaryAttrGetElement(d, f).name),
                key))
          fields[kept++] = mlirDictionaryAttrGetElement(d, f);
      fields[kept] = mlirNamedAttributeGet(
          mlirIdentifierGet(ctx, key),
          mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(formula)));
      d = mlirDictionaryAttrGet(ctx, kept + 1, fields);
      free(fields);
    }
    dicts[a] = d;
  }
  mlirOperationSetAttributeByName(func, attrs, mlirArrayAttrGet(ctx, n, dicts));
  free(dicts);
}

/* Renames each flat argument reshaped only to one shape; true when one
 * changed. */
static bool renameArguments(MlirOperation func, const DlcSymbolTable *table) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  bool changed = false;
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i) {
    MlirValue arg = mlirBlockGetArgument(body, i);
    MlirType flat = mlirValueGetType(arg);
    if (!namesProduct(table, flat))
      continue;
    MlirType to = reshapedType(arg);
    if (mlirTypeIsNull(to) || !isRenaming(ctx, table, flat, to))
      continue;
    /* The reshapes, collected first: each one's users take the argument,
     * so its use list grows. */
    intptr_t n = 0;
    for (MlirOpOperand use = mlirValueGetFirstUse(arg);
         !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
      ++n;
    MlirOperation *reshapes = malloc((size_t)n * sizeof(*reshapes) + 1);
    if (!reshapes)
      return changed;
    n = 0;
    for (MlirOpOperand use = mlirValueGetFirstUse(arg);
         !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
      reshapes[n++] = mlirOpOperandGetOwner(use);
    recordFlatSize(func, "arg_attrs", mlirBlockGetNumArguments(body), i, table,
                   flat);
    mlirValueSetType(arg, to);
    for (intptr_t r = 0; r < n; ++r) {
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(reshapes[r], 0),
                                    arg);
      mlirOperationDestroy(reshapes[r]);
    }
    free(reshapes);
    changed = true;
  }
  return changed;
}

/* Returns the [M, K] operand of each returned reshape to a flat [MK]. */
static bool renameResults(MlirOperation func, const DlcSymbolTable *table) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation ret = mlirBlockGetTerminator(body);
  bool changed = false;
  for (intptr_t i = 0;
       !mlirOperationIsNull(ret) && i < mlirOperationGetNumOperands(ret); ++i) {
    MlirValue v = mlirOperationGetOperand(ret, i);
    if (!namesProduct(table, mlirValueGetType(v)) || !mlirValueIsAOpResult(v))
      continue;
    MlirOperation reshape = mlirOpResultGetOwner(v);
    if (!dlcOperationIsA(reshape, DLC_OP_TINY_RESHAPE))
      continue;
    MlirValue x = mlirOperationGetOperand(reshape, 0);
    if (!isRenaming(ctx, table, mlirValueGetType(v), mlirValueGetType(x)))
      continue;
    recordFlatSize(func, "res_attrs", mlirOperationGetNumOperands(ret), i,
                   table, mlirValueGetType(v));
    mlirOperationSetOperand(ret, i, x);
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(v)))
      mlirOperationDestroy(reshape);
    changed = true;
  }
  return changed;
}

/* Whether a type in `func` (argument, result of an op) names `name`. */
static bool isNamed(MlirOperation func, MlirStringRef name) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (intptr_t a = 0; a < mlirBlockGetNumArguments(body); ++a)
    if (dlcTypeNamesSymbol(mlirValueGetType(mlirBlockGetArgument(body, a)),
                           name))
      return true;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
      if (dlcTypeNamesSymbol(mlirValueGetType(mlirOperationGetResult(op, r)),
                             name))
        return true;
  return false;
}

/* Drops the product symbols no type names from dlc.derived, unless one is
 * still named (its definition may then rest on the others). */
static void dropUnnamedProducts(MlirOperation func,
                                const DlcSymbolTable *table) {
  MlirStringRef key = mlirStringRefCreateFromCString("dlc.derived");
  MlirAttribute dict = mlirOperationGetAttributeByName(func, key);
  for (int i = 0; i < table->count; ++i)
    if (dlcSymbolTableIsProduct(table, i) && isNamed(func, table->names[i]))
      return;
  intptr_t n = mlirDictionaryAttrGetNumElements(dict);
  MlirNamedAttribute *kept = malloc((size_t)n * sizeof(*kept) + 1);
  if (!kept)
    return;
  intptr_t k = 0;
  for (intptr_t e = 0; e < n; ++e) {
    MlirNamedAttribute entry = mlirDictionaryAttrGetElement(dict, e);
    int at = dlcSymbolTableFind(table, mlirIdentifierStr(entry.name));
    if (!dlcSymbolTableIsProduct(table, at))
      kept[k++] = entry;
  }
  if (k == 0)
    mlirOperationRemoveAttributeByName(func, key);
  else
    mlirOperationSetAttributeByName(
        func, key,
        mlirDictionaryAttrGet(mlirOperationGetContext(func), k, kept));
  free(kept);
}

static void runUnflattenProducts(MlirOperation func, MlirExternalPass pass,
                                 const DlcPassOptions *options) {
  (void)options;
  if (mlirAttributeIsNull(mlirOperationGetAttributeByName(
          func, mlirStringRefCreateFromCString("dlc.derived"))) ||
      mlirOperationGetNumRegions(func) == 0 ||
      mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0))))
    return;
  DlcSymbolTable table = {0};
  if (mlirLogicalResultIsFailure(dlcSymbolTableCollect(&table, func))) {
    dlcSymbolTableClear(&table);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  bool hasProduct = false;
  for (int i = 0; i < table.count; ++i)
    hasProduct |= dlcSymbolTableIsProduct(&table, i);
  if (hasProduct) {
    bool changed = renameArguments(func, &table);
    changed |= renameResults(func, &table);
    if (changed)
      dlcFunctionTypeUpdate(func);
    dropUnnamedProducts(func, &table);
  }
  dlcSymbolTableClear(&table);
}

const DlcPassDef dlcTinyUnflattenProductsPass = {
    {"tiny-unflatten-products",
     "Rename a flat argument of a product-of-symbols size (MK = M * K) "
     "that is only reshaped to the reshape's shape, and a returned reshape "
     "to such a size to its operand",
     "func.func", 0, NULL},
    runUnflattenProducts,
    NULL,
    NULL,
};
