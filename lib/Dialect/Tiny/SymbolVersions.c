/* tiny-symbol-versions{versions="N=1,M=1"}: launch-time versions of a
 * symbolic function (docs/passes/tiny-symbol-versions.md).
 *
 * A kernel compiled for every N must read W[K, N] along K with the stride
 * N, so a GEMM whose N is 1 at launch runs the general (tensor-core) plan.
 * For each binding SYM=VALUE and each function whose arguments name SYM,
 * the pass adds a copy `<func>_<SYM><VALUE>` in which SYM is the static
 * size VALUE (every type's dimension named SYM), so the planner sees, e.g.,
 * a GEMV. The module's `dlc.versions` records each copy (kernel, version,
 * when = {SYM = VALUE}); convert-dlcgpu-to-gpu turns that into the
 * general kernel's manifest entry `"versions"`, and the runtime launches
 * the copy when the symbols match.
 *
 * Only functions of one reduce or contract (one kernel) and without
 * dlc.derived get versions: a version names one kernel, and a derived
 * symbol's formula over SYM would have to be rewritten too. */
#include "Builder.h"
#include "DialectNames.h"
#include "FunctionList.h"
#include "PassDef.h"
#include "SymbolTable.h"

#include "dlc/Diagnostics.h"
#include "dlc/IR.h"
#include "dlc/Shape.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MaxBindings = 8 };

typedef struct {
  char symbol[64];
  int64_t value;
} Binding;

/* "N=1,M=1" into `out`; false with the reason in `why`. */
static bool parseBindings(const char *text, Binding *out, int *count, char *why,
                          size_t whySize) {
  *count = 0;
  const char *p = text;
  while (*p) {
    const char *eq = strchr(p, '=');
    const char *end = strchr(p, ',');
    if (!end)
      end = p + strlen(p);
    char *after = NULL;
    errno = 0;
    long long v = eq && eq < end ? strtoll(eq + 1, &after, 10) : 0;
    size_t n = eq && eq < end ? (size_t)(eq - p) : 0;
    /* A size past 2^60 is no shape's (E1005's bound), and strtoll's
     * saturated LLONG_MAX would pass for one. */
    if (*count == MaxBindings || n == 0 || n >= sizeof(out->symbol) ||
        after != end || errno == ERANGE || v < 1 || v > (1LL << 60) ||
        !dlcIsSymbolName((MlirStringRef){p, n})) {
      snprintf(why, whySize,
               "\"%.*s\" is not SYMBOL=VALUE (a symbol name and a positive "
               "integer up to 2^60; at most %d bindings)",
               (int)(end - p), p, MaxBindings);
      return false;
    }
    memcpy(out[*count].symbol, p, n);
    out[*count].symbol[n] = '\0';
    out[*count].value = v;
    ++*count;
    p = *end ? end + 1 : end;
  }
  return true;
}

static MlirBlock bodyOf(MlirOperation func) {
  return mlirOperationGetNumRegions(func) == 0
             ? (MlirBlock){NULL}
             : mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

/* Whether attribute `a` holds the string `symbol` (an attribute that names
 * the symbol would keep naming it in the copy). */
static bool attrNames(MlirAttribute a, MlirStringRef symbol) {
  if (mlirAttributeIsAString(a))
    return mlirStringRefEqual(mlirStringAttrGetValue(a), symbol);
  if (mlirAttributeIsAArray(a)) {
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(a); ++i)
      if (attrNames(mlirArrayAttrGetElement(a, i), symbol))
        return true;
  } else if (mlirAttributeIsADictionary(a)) {
    for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(a); ++i)
      if (attrNames(mlirDictionaryAttrGetElement(a, i).attribute, symbol))
        return true;
  }
  return false;
}

/* Whether `func` can have a version binding `symbol`: its arguments name
 * it, no op attribute does, it has one reduce or contract and no derived
 * symbols. */
static bool versionable(MlirOperation func, MlirStringRef symbol) {
  MlirBlock body = bodyOf(func);
  if (mlirBlockIsNull(body) ||
      !mlirAttributeIsNull(mlirOperationGetAttributeByName(
          func, mlirStringRefCreateFromCString("dlc.derived"))))
    return false;
  bool named = false;
  for (intptr_t a = 0; a < mlirBlockGetNumArguments(body); ++a)
    named |= dlcTypeNamesSymbol(mlirValueGetType(mlirBlockGetArgument(body, a)),
                                symbol);
  int reduces = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       named && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    reduces += dlcOperationIsA(op, DLC_OP_TINY_REDUCE) ||
               dlcOperationIsA(op, DLC_OP_TINY_CONTRACT);
    for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i)
      if (attrNames(mlirOperationGetAttribute(op, i).attribute, symbol))
        return false;
  }
  return named && reduces == 1;
}

/* `type` with every dimension named `symbol` of static size `value`. */
static MlirType bindType(MlirType type, MlirStringRef symbol, int64_t value) {
  if (!dlcTypeNamesSymbol(type, symbol))
    return type;
  MlirContext ctx = mlirTypeGetContext(type);
  MlirAttribute encoding = mlirRankedTensorTypeGetEncoding(type);
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t dims[DLC_MAX_RANK];
  MlirAttribute names[DLC_MAX_RANK];
  MlirAttribute size = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), value);
  for (intptr_t i = 0; i < rank; ++i) {
    MlirAttribute name = mlirArrayAttrGetElement(encoding, i);
    bool bound = mlirAttributeIsAString(name) &&
                 mlirStringRefEqual(mlirStringAttrGetValue(name), symbol);
    dims[i] = bound ? value : mlirShapedTypeGetDimSize(type, i);
    names[i] = bound ? size : name;
  }
  return mlirRankedTensorTypeGet(rank, dims, mlirShapedTypeGetElementType(type),
                                 mlirArrayAttrGet(ctx, rank, names));
}

/* An affine map over the function's graph symbols (a tiny.view's `map`:
 * one symbol per graph symbol, in signature order, docs/conventions.md)
 * with symbol `at` of `count` bound: `value` in its place, the later
 * symbols one position down. A map over another number of symbols is
 * left as it is (the verifiers report it). */
static MlirAttribute bindMap(MlirAttribute attr, int at, int count,
                             int64_t value) {
  MlirAffineMap map = mlirAffineMapAttrGetValue(attr);
  intptr_t dims = mlirAffineMapGetNumDims(map);
  intptr_t results = mlirAffineMapGetNumResults(map);
  if (mlirAffineMapGetNumSymbols(map) != count || results > DLC_MAX_RANK)
    return attr;
  MlirContext ctx = mlirAffineMapGetContext(map);
  map =
      mlirAffineMapReplace(map, mlirAffineSymbolExprGet(ctx, at),
                           mlirAffineConstantExprGet(ctx, value), dims, count);
  for (int j = at + 1; j < count; ++j) /* upwards: no symbol met twice */
    map =
        mlirAffineMapReplace(map, mlirAffineSymbolExprGet(ctx, j),
                             mlirAffineSymbolExprGet(ctx, j - 1), dims, count);
  MlirAffineExpr exprs[DLC_MAX_RANK];
  for (intptr_t r = 0; r < results; ++r)
    exprs[r] = mlirAffineMapGetResult(map, r);
  return mlirAffineMapAttrGet(
      mlirAffineMapGet(ctx, dims, count - 1, results, exprs));
}

/* `list` (dlc.symbols: an array of names) without `symbol`. */
static MlirAttribute dropName(MlirAttribute list, MlirStringRef symbol) {
  intptr_t n = mlirArrayAttrGetNumElements(list), kept = 0;
  MlirAttribute *names = malloc((size_t)n * sizeof(*names) + 1);
  if (!names)
    abort(); /* out of memory: MLIR itself cannot go on either */
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute name = mlirArrayAttrGetElement(list, i);
    if (!mlirAttributeIsAString(name) ||
        !mlirStringRefEqual(mlirStringAttrGetValue(name), symbol))
      names[kept++] = name;
  }
  MlirAttribute out =
      mlirArrayAttrGet(mlirAttributeGetContext(list), kept, names);
  free(names);
  return out;
}

/* The copy's graph symbols lose `symbol` (position `at` of `count`, from
 * the function's table): its ops' affine maps (bindMap) and its
 * `dlc.symbols` list, when it has one. */
static void bindSymbolUses(MlirOperation func, MlirStringRef symbol, int at,
                           int count, int64_t value) {
  MlirStringRef listName = mlirStringRefCreateFromCString("dlc.symbols");
  MlirAttribute list = mlirOperationGetAttributeByName(func, listName);
  if (!mlirAttributeIsNull(list) && mlirAttributeIsAArray(list))
    mlirOperationSetAttributeByName(func, listName, dropName(list, symbol));
  for (MlirOperation op = mlirBlockGetFirstOperation(bodyOf(func));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i) {
      MlirNamedAttribute named = mlirOperationGetAttribute(op, i);
      if (mlirAttributeIsAAffineMap(named.attribute))
        mlirOperationSetAttributeByName(
            op, mlirIdentifierStr(named.name),
            bindMap(named.attribute, at, count, value));
    }
}

/* Binds the symbol in every argument and result type of `func` (a copy)
 * and in its function type. */
static void bindFunction(MlirOperation func, MlirStringRef symbol,
                         int64_t value) {
  MlirBlock body = bodyOf(func);
  intptr_t ni = mlirBlockGetNumArguments(body);
  for (intptr_t a = 0; a < ni; ++a) {
    MlirValue arg = mlirBlockGetArgument(body, a);
    mlirValueSetType(arg, bindType(mlirValueGetType(arg), symbol, value));
  }
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r) {
      MlirValue v = mlirOperationGetResult(op, r);
      mlirValueSetType(v, bindType(mlirValueGetType(v), symbol, value));
    }
  dlcFunctionTypeUpdate(func);
}

/* Whether the module holds a function named `name`. */
static bool hasFunction(MlirBlock module, const char *name) {
  for (MlirOperation op = mlirBlockGetFirstOperation(module);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute s = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("sym_name"));
    if (!mlirAttributeIsNull(s) && mlirAttributeIsAString(s) &&
        mlirStringRefEqual(mlirStringAttrGetValue(s),
                           mlirStringRefCreateFromCString(name)))
      return true;
  }
  return false;
}

/* Adds `func`'s version for `bind` after `*after` (then the version); its
 * dlc.versions entry, or a null attribute when the function gets none. */
static MlirAttribute addVersion(MlirBlock module, MlirOperation func,
                                const Binding *bind, MlirOperation *after) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirStringRef symbol = mlirStringRefCreateFromCString(bind->symbol);
  MlirAttribute base = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_name"));
  if (!dlcOperationIsA(func, "func.func") || !versionable(func, symbol) ||
      mlirAttributeIsNull(base) || !mlirAttributeIsAString(base))
    return mlirAttributeGetNull();
  MlirStringRef baseName = mlirStringAttrGetValue(base);
  char name[256];
  int w = snprintf(name, sizeof(name), "%.*s_%s%lld", (int)baseName.length,
                   baseName.data, bind->symbol, (long long)bind->value);
  if (w < 0 || (size_t)w >= sizeof(name) || hasFunction(module, name))
    return mlirAttributeGetNull();
  /* The symbol's position among the function's graph symbols, which its
   * maps count (none: the verifiers will report the function). */
  DlcSymbolTable table = {0};
  int at = -1, count = 0;
  if (mlirLogicalResultIsSuccess(dlcSymbolTableCollect(&table, func)))
    at = dlcSymbolTableFind(&table, symbol), count = table.count;
  dlcSymbolTableClear(&table);
  MlirOperation copy = mlirOperationClone(func);
  mlirOperationSetAttributeByName(copy,
                                  mlirStringRefCreateFromCString("sym_name"),
                                  dlcStringAttr(ctx, name));
  bindFunction(copy, symbol, bind->value);
  if (at >= 0)
    bindSymbolUses(copy, symbol, at, count, bind->value);
  mlirBlockInsertOwnedOperationAfter(module, *after, copy);
  *after = copy;
  MlirNamedAttribute when = dlcNamedAttr(
      ctx, bind->symbol,
      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), bind->value));
  MlirNamedAttribute fields[] = {
      dlcNamedAttr(ctx, "kernel", base),
      dlcNamedAttr(ctx, "version", dlcStringAttr(ctx, name)),
      dlcNamedAttr(ctx, "when", mlirDictionaryAttrGet(ctx, 1, &when))};
  return mlirDictionaryAttrGet(ctx, 3, fields);
}

/* Whether `func` is the version of an entry of `versions` (an earlier
 * run's dlc.versions, or null). */
static bool isVersion(MlirAttribute versions, MlirOperation func) {
  MlirAttribute name = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_name"));
  for (intptr_t i = 0;
       !mlirAttributeIsNull(versions) && mlirAttributeIsAArray(versions) &&
       !mlirAttributeIsNull(name) && i < mlirArrayAttrGetNumElements(versions);
       ++i) {
    MlirAttribute entry = mlirArrayAttrGetElement(versions, i);
    MlirAttribute version = dlcDictionaryAttrGet(entry, "version");
    if (!mlirAttributeIsNull(version) && mlirAttributeEqual(version, name))
      return true;
  }
  return false;
}

static void runSymbolVersions(MlirOperation module, MlirExternalPass pass,
                              const DlcPassOptions *options) {
  Binding binds[MaxBindings];
  int numBinds = 0;
  char why[256];
  if (!parseBindings(dlcPassOptionsGet(options, "versions"), binds, &numBinds,
                     why, sizeof(why))) {
    dlcEmitDiagnostic(module, &dlcPassOptionInvalid,
                      "write versions=SYM=VALUE[,SYM=VALUE...], e.g. "
                      "versions=N=1",
                      "tiny-symbol-versions: option 'versions': %s", why);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  /* The functions first: versions are inserted among them. */
  intptr_t n = 0;
  MlirOperation *funcs = dlcBlockOpsCollect(body, NULL, &n);
  /* Entries of an earlier run stay first (their copies are functions now:
   * no second copy of a name is made). */
  MlirAttribute old = mlirOperationGetAttributeByName(
      module, mlirStringRefCreateFromCString("dlc.versions"));
  intptr_t numOld = !mlirAttributeIsNull(old) && mlirAttributeIsAArray(old)
                        ? mlirArrayAttrGetNumElements(old)
                        : 0;
  MlirAttribute *entries =
      malloc((size_t)(numOld + n * MaxBindings) * sizeof(*entries) + 1);
  if (!entries)
    abort(); /* out of memory: MLIR itself cannot go on either */
  intptr_t numEntries = 0;
  for (; numEntries < numOld; ++numEntries)
    entries[numEntries] = mlirArrayAttrGetElement(old, numEntries);
  for (intptr_t f = 0; f < n; ++f) {
    if (isVersion(old, funcs[f]))
      continue; /* a version has no versions (the runtime refuses them) */
    MlirOperation after = funcs[f];
    for (int b = 0; b < numBinds; ++b) {
      MlirAttribute e = addVersion(body, funcs[f], &binds[b], &after);
      if (!mlirAttributeIsNull(e))
        entries[numEntries++] = e;
    }
  }
  if (numEntries > numOld)
    mlirOperationSetAttributeByName(
        module, mlirStringRefCreateFromCString("dlc.versions"),
        mlirArrayAttrGet(mlirOperationGetContext(module), numEntries, entries));
  free(entries);
  free(funcs);
}

static const DlcPassOptionInfo options[] = {
    {"versions",
     "SYM=VALUE bindings, comma-separated: each function naming SYM gets a "
     "copy with SYM = VALUE, launched when the symbols match",
     ""},
};

const DlcPassDef dlcTinySymbolVersionsPass = {
    {"tiny-symbol-versions",
     "Add launch-time versions of symbolic functions: a copy with a symbol "
     "bound to a value (N = 1: a GEMV), recorded in dlc.versions",
     "builtin.module", 1, options},
    runSymbolVersions,
    NULL,
    NULL,
};
