/* Symbols of a tiny graph: their order (docs/conventions.md, "Symbol
 * order"), binding them from the shapes of concrete inputs, and concrete
 * shapes of types under the bound sizes. */
#include "Array.h"
#include "InterpInternal.h"
#include "SymbolExpr.h"
#include "SymbolTable.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dlcInterpSymbolsFind(const DlcInterpSymbols *symbols, MlirStringRef name) {
  for (int i = 0; i < symbols->count; ++i)
    if (mlirStringRefEqual(symbols->names[i], name))
      return i;
  return -1;
}

MlirType dlcInterpFunctionType(MlirOperation func) {
  MlirAttribute attr = dlcInterpGetAttr(func, "function_type");
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAType(attr))
    return (MlirType){NULL};
  MlirType type = mlirTypeAttrGetValue(attr);
  return mlirTypeIsAFunction(type) ? type : (MlirType){NULL};
}

void dlcInterpSymbolsClear(DlcInterpSymbols *symbols) {
  free(symbols->names);
  free(symbols->values);
  *symbols = (DlcInterpSymbols){0};
}

/* Room for `needed` symbols in both arrays, which share one capacity. */
static bool reserve(DlcInterpSymbols *symbols, int needed) {
  int namesCapacity = symbols->capacity, valuesCapacity = symbols->capacity;
  MlirStringRef *names =
      dlcArrayGrow(symbols->names, &namesCapacity, needed, sizeof(*names));
  if (names)
    symbols->names = names;
  int64_t *values = names ? dlcArrayGrow(symbols->values, &valuesCapacity,
                                         needed, sizeof(*values))
                          : NULL;
  if (!values)
    return false;
  symbols->values = values;
  symbols->capacity = namesCapacity;
  return true;
}

MlirLogicalResult dlcInterpSymbolsCopy(const DlcInterpSymbols *from,
                                       DlcInterpSymbols *to) {
  *to = (DlcInterpSymbols){0};
  if (from->count > 0 && !reserve(to, from->count)) {
    dlcInterpSymbolsClear(to);
    return mlirLogicalResultFailure();
  }
  if (from->count > 0) {
    memcpy(to->names, from->names, (size_t)from->count * sizeof(*to->names));
    memcpy(to->values, from->values, (size_t)from->count * sizeof(*to->values));
  }
  to->count = from->count;
  return mlirLogicalResultSuccess();
}

bool dlcInterpSymbolsAdd(MlirOperation func, DlcInterpSymbols *symbols,
                         MlirStringRef name) {
  if (dlcInterpSymbolsFind(symbols, name) >= 0)
    return true;
  if (!reserve(symbols, symbols->count + 1)) {
    dlcInterpError(func, "out of memory binding symbol '%.*s'",
                   (int)name.length, name.data);
    return false;
  }
  symbols->names[symbols->count] = name;
  symbols->values[symbols->count++] = -1;
  return true;
}

/* Reads a type's symbolic shape, reporting E1005 at `at` when malformed. */
/* E1005 at `at` for a shape that cannot be read; false. */
static bool reportShape(MlirOperation at, const char *why) {
  dlcEmitDiagnostic(at, &dlcMalformedShape,
                    "name every '?' dimension in the tensor encoding, e.g. "
                    "tensor<?x64xf16, [\"M\", 64]>",
                    "%s", why);
  return false;
}

static bool readShape(MlirOperation at, MlirType type, DlcShape *shape) {
  char why[256];
  if (mlirTypeIsARankedTensor(type) &&
      dlcShapeFromType(type, shape, why, sizeof(why)))
    return true;
  return reportShape(at, mlirTypeIsARankedTensor(type)
                             ? why
                             : "expected a ranked tensor type");
}

/* Whether `name` is a dimension of one of the function's argument types. */
static bool namesArgumentDim(MlirType type, MlirStringRef name) {
  char why[128];
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(type); ++i) {
    DlcShape shape;
    MlirType input = mlirFunctionTypeGetInput(type, i);
    if (!mlirTypeIsARankedTensor(input) ||
        !dlcShapeFromType(input, &shape, why, sizeof(why)))
      continue;
    for (int d = 0; d < shape.rank; ++d)
      if (shape.dims[d].size < 0 &&
          mlirStringRefEqual(shape.dims[d].symbol, name))
        return true;
  }
  return false;
}

MlirLogicalResult dlcInterpSymbolsInit(MlirOperation func,
                                       DlcInterpSymbols *symbols) {
  *symbols = (DlcInterpSymbols){0};
  if (dlcInterpIsRegion(func))
    return dlcInterpRegionSymbolsInit(func, symbols)
               ? mlirLogicalResultSuccess()
               : mlirLogicalResultFailure();
  MlirType type = dlcInterpFunctionType(func);
  if (mlirTypeIsNull(type)) {
    dlcInterpError(func, "expected a func.func with a function type");
    return mlirLogicalResultFailure();
  }
  /* The order rule is SymbolTable.c's, shared with convert-tiny-to-
   * indexbook. Without dlc.symbols, the symbols no argument names (met
   * only in results or the body) come last there and are left out here:
   * inputs cannot bind them, so naming one is an error at its use. */
  DlcSymbolTable order = {0};
  bool explicitOrder =
      !mlirAttributeIsNull(dlcInterpGetAttr(func, "dlc.symbols"));
  bool ok = mlirLogicalResultIsSuccess(dlcSymbolTableCollect(&order, func));
  for (int i = 0; ok && i < order.count; ++i)
    if (explicitOrder || namesArgumentDim(type, order.names[i]) ||
        dlcSymbolTableIsDerived(&order, i))
      ok = dlcInterpSymbolsAdd(func, symbols, order.names[i]);
  dlcSymbolTableClear(&order);
  for (intptr_t i = 0; ok && i < mlirFunctionTypeGetNumInputs(type); ++i) {
    DlcShape shape;
    ok = readShape(func, mlirFunctionTypeGetInput(type, i), &shape);
  }
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

MlirLogicalResult dlcInterpResolveShape(MlirOperation at, MlirType type,
                                        const DlcInterpSymbols *symbols,
                                        int *rank, int64_t *sizes) {
  DlcShape shape;
  if (!readShape(at, type, &shape) ||
      !dlcInterpResolveDims(at, &shape, symbols, rank, sizes))
    return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

/* The sizes of `rank` symbolic `dims` under bound `symbols`. */
static bool resolveDims(MlirOperation at, int rank, const DlcDim *dims,
                        const DlcInterpSymbols *symbols, int64_t *sizes) {
  for (int d = 0; d < rank; ++d) {
    sizes[d] = dims[d].size;
    if (sizes[d] >= 0)
      continue;
    MlirStringRef name = dims[d].symbol;
    int index = symbols ? dlcInterpSymbolsFind(symbols, name) : -1;
    if (index < 0) {
      dlcInterpError(at,
                     "symbol '%.*s' is not bound: it names no dimension of "
                     "the function's arguments",
                     (int)name.length, name.data);
      return false;
    }
    if (symbols->values[index] < 0) {
      dlcInterpError(at, "symbol '%.*s' has no size", (int)name.length,
                     name.data);
      return false;
    }
    sizes[d] = symbols->values[index];
  }
  return true;
}

bool dlcInterpResolveDims(MlirOperation at, const DlcShape *shape,
                          const DlcInterpSymbols *symbols, int *rank,
                          int64_t *sizes) {
  *rank = shape->rank;
  return resolveDims(at, shape->rank, shape->dims, symbols, sizes);
}

bool dlcInterpResolveResult(MlirOperation at, MlirType type,
                            const DlcInterpSymbols *symbols, bool anyRank,
                            DlcInterpOp *desc) {
  DlcShape graph; /* a graph tensor: the tiny evaluators' rank limit */
  if (!anyRank && !readShape(at, type, &graph))
    return false;
  if (!mlirTypeIsARankedTensor(type))
    return reportShape(at, "expected a ranked tensor type");
  intptr_t rank = mlirShapedTypeGetRank(type);
  /* Sized from the type: a region's values have as many dims as it has
   * axes, which may be more than a graph tensor's DLC_MAX_RANK. */
  size_t count = rank > 0 ? (size_t)rank : 1;
  DlcDim *dims = malloc(count * sizeof(*dims));
  int64_t *sizes = malloc(count * sizeof(*sizes)); /* given to desc */
  char why[256];
  bool ok = dims && sizes && rank <= INT_MAX;
  if (!ok)
    dlcInterpError(at, "out of memory");
  else if (!dlcShapeReadDims(type, dims, why, sizeof(why)))
    ok = reportShape(at, why);
  ok = ok && resolveDims(at, (int)rank, dims, symbols, sizes);
  free(dims);
  if (!ok) {
    free(sizes);
    return false;
  }
  desc->resultRank = (int)rank;
  desc->resultShape = sizes;
  return true;
}

void dlcInterpOpRelease(DlcInterpOp *desc) {
  free(desc->resultShape);
  desc->resultShape = NULL;
}

bool dlcInterpSymbolIsDerived(MlirOperation func,
                              const DlcInterpSymbols *symbols, int i) {
  return i >= 0 && i < symbols->count &&
         dlcSymbolIsDerivedIn(func, symbols->names[i]);
}

/* Derived symbol `at`'s definition as text, for messages. */
static void definitionText(const DlcSymbolTable *table, int at, char *out,
                           size_t size) {
  if (!dlcSymbolTableFormatDefinition(table, at, out, size))
    snprintf(out, size, "its definition");
}

/* Sets derived symbol `k` to `value`; with `check`, a value it already has
 * must agree. */
static bool setDerived(MlirOperation func, DlcInterpSymbols *symbols, int k,
                       int64_t value, bool check, const DlcSymbolTable *table,
                       int at) {
  if (!check || symbols->values[k] < 0 || symbols->values[k] == value) {
    symbols->values[k] = value;
    return true;
  }
  char formula[256];
  definitionText(table, at, formula, sizeof(formula));
  dlcEmitDiagnostic(func, &dlcAxisAlignmentMismatch,
                    "pass only the free symbols; a derived symbol's size "
                    "follows from its definition in dlc.derived",
                    "derived symbol %.*s is %lld, but %.*s = %s gives %lld",
                    (int)symbols->names[k].length, symbols->names[k].data,
                    (long long)symbols->values[k],
                    (int)symbols->names[k].length, symbols->names[k].data,
                    formula, (long long)value);
  return false;
}

MlirLogicalResult dlcInterpSymbolsDerive(MlirOperation func,
                                         DlcInterpSymbols *symbols,
                                         bool check) {
  if (mlirAttributeIsNull(dlcInterpGetAttr(func, "dlc.derived")))
    return mlirLogicalResultSuccess();
  DlcSymbolTable table = {0};
  bool ok = mlirLogicalResultIsSuccess(
      dlcSymbolTableFromNames(&table, func, symbols->names, symbols->count));
  /* dlc.derived may define more symbols than the list holds. */
  int64_t *values = malloc((size_t)table.count * sizeof(*values) + 1);
  ok = ok && values;
  for (int i = 0; ok && i < table.count; ++i) {
    /* The table's free symbols are the list's, in order (FromNames). */
    int k = dlcInterpSymbolsFind(symbols, table.names[i]);
    values[i] =
        dlcSymbolTableIsDerived(&table, i) || k < 0 ? -1 : symbols->values[k];
  }
  for (int i = 0; ok && i < table.count; ++i) {
    int64_t v;
    int k = dlcInterpSymbolsFind(symbols, table.names[i]);
    /* Unbound free symbols leave it unbound: a use reports it. */
    if (k >= 0 && dlcSymbolTableIsDerived(&table, i) &&
        dlcSymbolExprEval(table.definitions[i], values, &v)) {
      if (v < 0) { /* it would read as unbound: "no size for symbol" */
        char formula[256];
        definitionText(&table, i, formula, sizeof(formula));
        dlcEmitDiagnostic(func, &dlcDerivedSymbolInvalid,
                          "give free symbols whose derived sizes are not "
                          "negative (e.g. an input at least as large as "
                          "the window)",
                          "derived symbol %.*s = %s is %lld at these sizes: "
                          "a size cannot be negative",
                          (int)symbols->names[k].length, symbols->names[k].data,
                          formula, (long long)v);
        ok = false;
        break;
      }
      ok = setDerived(func, symbols, k, v, check, &table, i);
    }
  }
  free(values);
  dlcSymbolTableClear(&table);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* Where a symbol got its size, for messages: an argument and dimension, or
 * the caller (argument -1). */
typedef struct BindingOrigin {
  intptr_t argument;
  int dim;
} BindingOrigin;

static void formatOrigin(BindingOrigin origin, char *buffer, size_t size) {
  if (origin.argument < 0)
    snprintf(buffer, size, "as given");
  else
    snprintf(buffer, size, "from argument %ld, dimension %d",
             (long)origin.argument, origin.dim);
}

static const char alignSuggestion[] =
    "give inputs whose shapes match the function signature, with one size "
    "per symbol";

/* Checks one input dimension against its type's dimension, binding the
 * symbol on first sight. */
static bool bindDim(MlirOperation func, DlcInterpSymbols *symbols,
                    BindingOrigin *origins, DlcDim dim, int64_t actual,
                    BindingOrigin here) {
  if (dim.size >= 0) {
    if (dim.size == actual)
      return true;
    dlcEmitDiagnostic(func, &dlcAxisAlignmentMismatch, alignSuggestion,
                      "argument %ld has size %lld in dimension %d but its "
                      "type says %lld",
                      (long)here.argument, (long long)actual, here.dim,
                      (long long)dim.size);
    return false;
  }
  int index = dlcInterpSymbolsFind(symbols, dim.symbol);
  if (index < 0) {
    dlcInterpError(func, "symbol '%.*s' is not in the symbol list",
                   (int)dim.symbol.length, dim.symbol.data);
    return false;
  }
  if (symbols->values[index] < 0) {
    symbols->values[index] = actual;
    origins[index] = here;
    return true;
  }
  if (symbols->values[index] == actual)
    return true;
  char first[96];
  formatOrigin(origins[index], first, sizeof(first));
  dlcEmitDiagnostic(func, &dlcAxisAlignmentMismatch, alignSuggestion,
                    "symbol %.*s is %lld (%s) but argument %ld has size %lld "
                    "in dimension %d",
                    (int)dim.symbol.length, dim.symbol.data,
                    (long long)symbols->values[index], first,
                    (long)here.argument, (long long)actual, here.dim);
  return false;
}

bool dlcInterpBindInputs(MlirOperation func, intptr_t numInputs,
                         DlcTensor *const *inputs, DlcInterpSymbols *symbols) {
  intptr_t expected, numOutputs;
  if (mlirLogicalResultIsFailure(
          dlcInterpGetSignature(func, &expected, &numOutputs)))
    return false;
  if (numInputs != expected) {
    dlcInterpError(func, "the function takes %ld inputs but %ld were given",
                   (long)expected, (long)numInputs);
    return false;
  }
  /* Owned; one per symbol, for messages. */
  BindingOrigin *origins = malloc(
      (size_t)(symbols->count > 0 ? symbols->count : 1) * sizeof(*origins));
  if (!origins) {
    dlcInterpError(func, "out of memory binding the inputs");
    return false;
  }
  for (int i = 0; i < symbols->count; ++i)
    origins[i] = (BindingOrigin){-1, 0};
  bool ok = true;
  for (intptr_t i = 0; ok && i < numInputs; ++i) {
    DlcShape shape;
    ok = dlcInterpParamShape(func, i, &shape);
    if (ok && (!inputs[i] || inputs[i]->rank != shape.rank)) {
      dlcEmitDiagnostic(func, &dlcAxisAlignmentMismatch, alignSuggestion,
                        "argument %ld has rank %d but its type has rank %d",
                        (long)i, inputs[i] ? inputs[i]->rank : -1, shape.rank);
      ok = false;
    }
    for (int d = 0; ok && d < shape.rank; ++d)
      ok = bindDim(func, symbols, origins, shape.dims[d], inputs[i]->shape[d],
                   (BindingOrigin){i, d});
  }
  free(origins);
  return ok && mlirLogicalResultIsSuccess(
                   dlcInterpSymbolsDerive(func, symbols, true));
}

/*===----------------------------------------------------------------------===*
 * Parameters: inputs then outputs, in the kernel ABI order
 *===----------------------------------------------------------------------===*/

MlirLogicalResult dlcInterpGetSignature(MlirOperation func, intptr_t *numInputs,
                                        intptr_t *numOutputs) {
  *numInputs = *numOutputs = 0;
  if (dlcInterpIsRegion(func))
    return dlcInterpRegionSignature(func, numInputs, numOutputs)
               ? mlirLogicalResultSuccess()
               : mlirLogicalResultFailure();
  MlirType type = dlcInterpFunctionType(func);
  if (mlirTypeIsNull(type)) {
    dlcInterpError(func, "expected a func.func with a function type");
    return mlirLogicalResultFailure();
  }
  *numInputs = mlirFunctionTypeGetNumInputs(type);
  *numOutputs = mlirFunctionTypeGetNumResults(type);
  return mlirLogicalResultSuccess();
}

bool dlcInterpParamShape(MlirOperation func, intptr_t index, DlcShape *shape) {
  if (dlcInterpIsRegion(func))
    return dlcInterpRegionParamShape(func, index, shape);
  MlirType type = dlcInterpFunctionType(func);
  intptr_t numInputs = mlirFunctionTypeGetNumInputs(type);
  MlirType param = index < numInputs
                       ? mlirFunctionTypeGetInput(type, index)
                       : mlirFunctionTypeGetResult(type, index - numInputs);
  return readShape(func, param, shape);
}

MlirLogicalResult dlcInterpGetParam(MlirOperation func, intptr_t index,
                                    const DlcInterpSymbols *symbols, int *rank,
                                    int64_t *shape, DlcInterpDtype *dtype) {
  intptr_t numInputs, numOutputs;
  DlcShape symbolic;
  if (mlirLogicalResultIsFailure(
          dlcInterpGetSignature(func, &numInputs, &numOutputs)))
    return mlirLogicalResultFailure();
  if (index < 0 || index >= numInputs + numOutputs) {
    dlcInterpError(func, "there is no parameter %ld", (long)index);
    return mlirLogicalResultFailure();
  }
  if (!dlcInterpParamShape(func, index, &symbolic) ||
      !dlcInterpResolveDims(func, &symbolic, symbols, rank, shape))
    return mlirLogicalResultFailure();
  intptr_t arg = index;
  /* A region's parameters are memref arguments (a fused attention
   * region's, all but P). */
  if (dlcInterpIsRegion(func) &&
      mlirLogicalResultIsFailure(dlcInterpGetRegionArgument(func, index, &arg)))
    return mlirLogicalResultFailure();
  MlirType type = dlcInterpFunctionType(func);
  index = arg;
  MlirType param = index < mlirFunctionTypeGetNumInputs(type)
                       ? mlirFunctionTypeGetInput(type, index)
                       : mlirFunctionTypeGetResult(
                             type, index - mlirFunctionTypeGetNumInputs(type));
  *dtype = dlcInterpDtypeFromType(mlirShapedTypeGetElementType(param));
  if (*dtype == DlcInterpDtypeInvalid) {
    dlcInterpError(func,
                   "parameter %ld has an element type the interpreter does "
                   "not support",
                   (long)index);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}
