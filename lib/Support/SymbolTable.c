/* Symbol tables and the symbol-order rule; see SymbolTable.h. */
#include "SymbolTable.h"
#include "Array.h"
#include "SymbolExpr.h"

#include "dlc/Diagnostics.h"
#include "dlc/Shape.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dlcSymbolTableClear(DlcSymbolTable *table) {
  free(table->names);
  free(table->definitions);
  table->names = NULL;
  table->definitions = NULL;
  table->count = table->capacity = 0;
}

int dlcSymbolTableFind(const DlcSymbolTable *table, MlirStringRef name) {
  for (int i = 0; i < table->count; ++i)
    if (mlirStringRefEqual(table->names[i], name))
      return i;
  return -1;
}

/* Appends `name` with `definition` (null: free); -1 when out of memory. */
static int append(DlcSymbolTable *table, MlirStringRef name,
                  MlirAffineExpr definition) {
  if (table->count == table->capacity) {
    int capacity = table->capacity ? 2 * table->capacity : 8;
    MlirStringRef *names =
        realloc(table->names, (size_t)capacity * sizeof(*names));
    if (!names)
      return -1;
    table->names = names;
    MlirAffineExpr *definitions =
        realloc(table->definitions, (size_t)capacity * sizeof(*definitions));
    if (!definitions)
      return -1;
    table->definitions = definitions;
    table->capacity = capacity;
  }
  table->names[table->count] = name;
  table->definitions[table->count] = definition;
  return table->count++;
}

int dlcSymbolTableAdd(DlcSymbolTable *table, MlirStringRef name) {
  int at = dlcSymbolTableFind(table, name);
  return at >= 0 ? at : append(table, name, (MlirAffineExpr){NULL});
}

int dlcSymbolTableAddDerived(DlcSymbolTable *table, MlirStringRef name,
                             MlirAffineExpr definition) {
  return dlcSymbolTableFind(table, name) >= 0 ? -1
                                              : append(table, name, definition);
}

int dlcSymbolTableFindDefinition(const DlcSymbolTable *table,
                                 MlirAffineExpr definition) {
  for (int i = 0; i < table->count; ++i)
    if (dlcSymbolTableIsDerived(table, i) &&
        mlirAffineExprEqual(table->definitions[i], definition))
      return i;
  return -1;
}

MlirAffineExpr dlcSymbolTableExpr(MlirContext ctx, const DlcSymbolTable *table,
                                  int i) {
  return dlcSymbolTableIsDerived(table, i) ? table->definitions[i]
                                           : mlirAffineSymbolExprGet(ctx, i);
}

MlirAttribute dlcSymbolTableDerivedAttr(MlirContext ctx,
                                        const DlcSymbolTable *table) {
  int n = table->count - dlcSymbolTableNumFree(table);
  MlirNamedAttribute *fields = malloc((size_t)n * sizeof(*fields) + 1);
  if (!fields || n == 0) {
    free(fields);
    return mlirAttributeGetNull();
  }
  int k = 0;
  bool ok = true;
  for (int i = 0; ok && i < table->count; ++i) {
    char text[1024];
    if (!dlcSymbolTableIsDerived(table, i))
      continue;
    ok = dlcSymbolExprFormatInfix(table->definitions[i], table->names, text,
                                  sizeof(text));
    fields[k++] = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, table->names[i]),
        mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(text)));
  }
  MlirAttribute dict =
      ok ? mlirDictionaryAttrGet(ctx, k, fields) : mlirAttributeGetNull();
  free(fields);
  return dict;
}

bool dlcSymbolTableIsDerived(const DlcSymbolTable *table, int i) {
  return i >= 0 && i < table->count &&
         !mlirAffineExprIsNull(table->definitions[i]);
}

int dlcSymbolTableNumFree(const DlcSymbolTable *table) {
  int n = 0;
  for (int i = 0; i < table->count; ++i)
    n += !dlcSymbolTableIsDerived(table, i);
  return n;
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
    /* dlc.symbols lists free symbols only: a derived one follows from its
     * definition (dlc.derived); the lower layers' lists hold both. */
    if (strcmp(attrName, "dlc.symbols") == 0 &&
        dlcSymbolIsDerivedIn(op, mlirStringAttrGetValue(name))) {
      dlcEmitDiagnostic(op, &dlcDerivedSymbolInvalid,
                        "list only free symbols in dlc.symbols; a derived "
                        "symbol's value follows from its definition",
                        "'dlc.symbols' lists the derived symbol '%.*s'",
                        (int)mlirStringAttrGetValue(name).length,
                        mlirStringAttrGetValue(name).data);
      return mlirLogicalResultFailure();
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
    if (shape.dims[k].size >= 0 || dlcSymbolTableFind(table, name) >= 0 ||
        dlcSymbolIsDerivedIn(func, name))
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
  if (!ok)
    return mlirLogicalResultFailure();
  return dlcSymbolTableDefine(table, func);
}

/*===----------------------------------------------------------------------===*
 * Derived symbols
 *===----------------------------------------------------------------------===*/

static MlirAttribute derivedAttr(MlirOperation func) {
  return mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("dlc.derived"));
}

bool dlcSymbolIsDerivedIn(MlirOperation func, MlirStringRef name) {
  MlirAttribute dict = derivedAttr(func);
  return !mlirAttributeIsNull(dict) && mlirAttributeIsADictionary(dict) &&
         !mlirAttributeIsNull(mlirDictionaryAttrGetElementByName(dict, name));
}

/* Definitions are followed at most this deep (a chain of derived symbols
 * each defined by the next): bounds the recursion on hostile input. */
enum { MaxChain = 64 };

/* Resolving the definitions of one `dlc.derived` dictionary. */
typedef struct Definitions {
  MlirContext ctx;
  MlirAttribute dict;
  const DlcSymbolTable *free;
  int *state; /* per entry: 0 unseen, 1 being parsed, 2 done */
  MlirAffineExpr *exprs;
  int depth;
} Definitions;

static MlirAffineExpr define(Definitions *d, intptr_t i, char *why,
                             size_t whySize);

static MlirAffineExpr resolveName(MlirStringRef name, void *userData, char *why,
                                  size_t whySize) {
  Definitions *d = userData;
  for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(d->dict); ++i) {
    MlirNamedAttribute entry = mlirDictionaryAttrGetElement(d->dict, i);
    if (mlirStringRefEqual(mlirIdentifierStr(entry.name), name))
      return define(d, i, why, whySize);
  }
  int at = dlcSymbolTableFind(d->free, name);
  if (at >= 0)
    return mlirAffineSymbolExprGet(d->ctx, at);
  snprintf(why, whySize,
           "'%.*s' is not a symbol of the function (no argument, result or "
           "value has a dimension of that name, dlc.symbols does not list "
           "it, and dlc.derived does not define it)",
           (int)(name.length > 40 ? 40 : name.length), name.data);
  return (MlirAffineExpr){NULL};
}

/* The definition of entry `i` over free symbol positions. */
static MlirAffineExpr define(Definitions *d, intptr_t i, char *why,
                             size_t whySize) {
  MlirNamedAttribute entry = mlirDictionaryAttrGetElement(d->dict, i);
  MlirStringRef name = mlirIdentifierStr(entry.name);
  if (d->state[i] == 2)
    return d->exprs[i];
  if (d->state[i] == 1 || d->depth >= MaxChain) {
    snprintf(why, whySize,
             "'%.*s' is defined through itself (the definitions form a "
             "cycle or a chain deeper than %d)",
             (int)(name.length > 40 ? 40 : name.length), name.data, MaxChain);
    return (MlirAffineExpr){NULL};
  }
  if (!mlirAttributeIsAString(entry.attribute)) {
    snprintf(why, whySize, "the definition of '%.*s' is not a string",
             (int)(name.length > 40 ? 40 : name.length), name.data);
    return (MlirAffineExpr){NULL};
  }
  d->state[i] = 1;
  ++d->depth;
  MlirAffineExpr e =
      dlcSymbolExprParse(d->ctx, mlirStringAttrGetValue(entry.attribute),
                         resolveName, d, why, whySize);
  --d->depth;
  d->state[i] = mlirAffineExprIsNull(e) ? 1 : 2;
  d->exprs[i] = e;
  return e;
}

static const char derivedSuggestion[] =
    "define each derived symbol once, by an expression of the function's "
    "symbols: + and -, *, floordiv, ceildiv and mod by a positive constant, "
    "without cycles (dlc.derived = {Hp = \"H + 2\"})";

/* Checks the attribute's form; emits E1007 when it is not a dictionary of
 * symbol names to strings. */
static bool checkForm(MlirOperation func, MlirAttribute dict) {
  if (!mlirAttributeIsADictionary(dict)) {
    dlcEmitDiagnostic(func, &dlcDerivedSymbolInvalid, derivedSuggestion,
                      "'dlc.derived' is not a dictionary");
    return false;
  }
  for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(dict); ++i) {
    MlirNamedAttribute entry = mlirDictionaryAttrGetElement(dict, i);
    MlirStringRef name = mlirIdentifierStr(entry.name);
    if (!dlcIsSymbolName(name) || !mlirAttributeIsAString(entry.attribute)) {
      dlcEmitDiagnostic(func, &dlcDerivedSymbolInvalid, derivedSuggestion,
                        "'dlc.derived' entry '%.*s' is not a symbol name "
                        "mapped to a string",
                        (int)(name.length > 40 ? 40 : name.length), name.data);
      return false;
    }
  }
  return true;
}

MlirLogicalResult dlcSymbolTableDefine(DlcSymbolTable *table,
                                       MlirOperation func) {
  MlirAttribute dict = derivedAttr(func);
  if (mlirAttributeIsNull(dict))
    return mlirLogicalResultSuccess();
  if (!checkForm(func, dict))
    return mlirLogicalResultFailure();
  intptr_t n = mlirDictionaryAttrGetNumElements(dict);
  Definitions d = {mlirOperationGetContext(func),
                   dict,
                   table,
                   calloc((size_t)n + 1, sizeof(int)),
                   calloc((size_t)n + 1, sizeof(MlirAffineExpr)),
                   0};
  bool ok = d.state && d.exprs;
  if (!ok)
    outOfMemory(func);
  char why[256];
  for (intptr_t i = 0; ok && i < n; ++i) {
    MlirNamedAttribute entry = mlirDictionaryAttrGetElement(dict, i);
    MlirStringRef name = mlirIdentifierStr(entry.name);
    if (dlcSymbolTableFind(table, name) >= 0) {
      snprintf(why, sizeof(why), "'%.*s' is also a free symbol",
               (int)(name.length > 40 ? 40 : name.length), name.data);
      ok = false;
    } else {
      ok = !mlirAffineExprIsNull(define(&d, i, why, sizeof(why)));
    }
    if (!ok) {
      MlirStringRef text = mlirAttributeIsAString(entry.attribute)
                               ? mlirStringAttrGetValue(entry.attribute)
                               : mlirStringRefCreate("", 0);
      dlcEmitDiagnostic(func, &dlcDerivedSymbolInvalid, derivedSuggestion,
                        "derived symbol %.*s = \"%.*s\": %s",
                        (int)(name.length > 40 ? 40 : name.length), name.data,
                        (int)(text.length > 80 ? 80 : text.length), text.data,
                        why);
    }
  }
  for (intptr_t i = 0; ok && i < n; ++i)
    if (append(table,
               mlirIdentifierStr(mlirDictionaryAttrGetElement(dict, i).name),
               d.exprs[i]) < 0)
      ok = outOfMemory(func);
  free(d.state);
  free(d.exprs);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

MlirLogicalResult dlcSymbolTableFromNames(DlcSymbolTable *table,
                                          MlirOperation func,
                                          const MlirStringRef *names,
                                          int count) {
  for (int i = 0; i < count; ++i)
    if (!dlcSymbolIsDerivedIn(func, names[i]) &&
        dlcSymbolTableAdd(table, names[i]) < 0)
      return outOfMemory(func), mlirLogicalResultFailure();
  return dlcSymbolTableDefine(table, func);
}

bool dlcSymbolTableFormatDefinition(const DlcSymbolTable *table, int i,
                                    char *buffer, size_t size) {
  return dlcSymbolTableIsDerived(table, i) &&
         dlcSymbolExprFormat(table->definitions[i], table->names, buffer, size);
}

bool dlcSymbolTableEvaluate(const DlcSymbolTable *table, int64_t *values) {
  for (int i = 0; i < table->count; ++i)
    if (dlcSymbolTableIsDerived(table, i) &&
        !dlcSymbolExprEval(table->definitions[i], values, &values[i]))
      return false;
  return true;
}

bool dlcSymbolTableIsProduct(const DlcSymbolTable *table, int i) {
  return dlcSymbolTableIsDerived(table, i) &&
         dlcSymbolExprIsProduct(table->definitions[i]);
}

int dlcSymbolTableFindProductIn(const DlcSymbolTable *table, MlirType type) {
  DlcShape shape;
  char why[128];
  if (!mlirTypeIsARankedTensor(type) ||
      !dlcShapeFromType(type, &shape, why, sizeof(why)))
    return -1;
  for (int k = 0; k < shape.rank; ++k) {
    int at = shape.dims[k].size < 0
                 ? dlcSymbolTableFind(table, shape.dims[k].symbol)
                 : -1;
    if (dlcSymbolTableIsProduct(table, at))
      return at;
  }
  return -1;
}

/* The element count of `shape` as a product over the free symbols, into
 * `out` (created by the caller); false for a symbol not in `table` or an
 * overflow. */
static bool shapeProduct(MlirContext ctx, const DlcSymbolTable *table,
                         const DlcShape *shape, DlcSymbolProduct *out) {
  for (int k = 0; k < shape->rank; ++k) {
    if (shape->dims[k].size >= 0) {
      if (!dlcSymbolProductScale(out, shape->dims[k].size))
        return false;
      continue;
    }
    int at = dlcSymbolTableFind(table, shape->dims[k].symbol);
    if (at < 0 ||
        !dlcSymbolProductMultiply(out, dlcSymbolTableExpr(ctx, table, at)))
      return false;
  }
  return true;
}

bool dlcSymbolTableSameElementCount(MlirContext ctx,
                                    const DlcSymbolTable *table,
                                    const DlcShape *a, const DlcShape *b) {
  DlcSymbolProduct pa = dlcSymbolProductCreate(), pb = dlcSymbolProductCreate();
  bool same = shapeProduct(ctx, table, a, &pa) &&
              shapeProduct(ctx, table, b, &pb) &&
              dlcSymbolProductEqual(&pa, &pb);
  dlcSymbolProductClear(&pa);
  dlcSymbolProductClear(&pb);
  return same;
}
