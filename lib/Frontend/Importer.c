/* What the two graph importers share (Frontend JSON, ImportFrontend.c;
 * tinygrad UOp graphs, ImportTinygrad.c): error lines with JSON positions,
 * MLIR diagnostics forwarded to the same callback, the graph's symbols,
 * JSON field checks, the final verification and the import session (JSON
 * parse, dialects, cleanup). */
#include "FrontendInternal.h"
#include "SymbolExpr.h"
#include "TextBuffer.h"
#include "TinyChecks.h"

#include "dlc/Dialects.h"
#include "dlc/Frontend.h"
#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Func.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- errors --------------------------------------------------------------- */

static void sendLine(FeImporter *im, const char *line) {
  if (im->errorCallback)
    im->errorCallback(mlirStringRefCreateFromCString(line), im->userData);
}

/* "<source>:<line>:<col>: error: <path>: <what>" (no path: no "<path>: "). */
static void reportAt(FeImporter *im, int line, int col, const char *path,
                     const char *what) {
  im->failed = true;
  const char *sep = path && path[0] ? ": " : "";
  const char *p = path ? path : "";
  int n =
      snprintf(NULL, 0, "%.*s:%d:%d: error: %s%s%s", (int)im->sourceName.length,
               im->sourceName.data, line, col, p, sep, what);
  char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (!text)
    return;
  snprintf(text, (size_t)n + 1, "%.*s:%d:%d: error: %s%s%s",
           (int)im->sourceName.length, im->sourceName.data, line, col, p, sep,
           what);
  sendLine(im, text);
  free(text);
}

static void vreport(FeImporter *im, const DlcJsonValue *at, const char *path,
                    const char *format, va_list args) {
  if (im->failed)
    return;
  char what[1024];
  vsnprintf(what, sizeof(what), format, args);
  reportAt(im, at ? at->line : 1, at ? at->column : 1, path, what);
}

void feError(FeImporter *im, const DlcJsonValue *at, const char *path,
             const char *format, ...) {
  va_list args;
  va_start(args, format);
  vreport(im, at, path, format, args);
  va_end(args);
}

void feCodedError(FeImporter *im, const DlcJsonValue *at, const char *path,
                  const DlcDiagnosticCode *code, const char *suggestion,
                  const char *format, ...) {
  if (im->failed)
    return;
  char why[768];
  va_list args;
  va_start(args, format);
  vsnprintf(why, sizeof(why), format, args);
  va_end(args);
  feError(im, at, path, "%s %s: %s; suggestion: %s", code->code, code->kind,
          why, suggestion);
}

/* An error of the document's format: coded when the importer says so
 * (im->formatCode, the tinygrad importer's E1006), plain otherwise (the
 * Frontend importer's). */
static void formatError(FeImporter *im, const DlcJsonValue *at,
                        const char *path, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

static void formatError(FeImporter *im, const DlcJsonValue *at,
                        const char *path, const char *format, ...) {
  char what[768];
  va_list args;
  va_start(args, format);
  vsnprintf(what, sizeof(what), format, args);
  va_end(args);
  if (im->formatCode)
    feCodedError(im, at, path, im->formatCode, im->formatSuggestion, "%s",
                 what);
  else
    feError(im, at, path, "%s", what);
}

/* MLIR diagnostics raised while importing (attribute parsing, the final
 * verification) go to the same callback, formatted like DLC's tools. */
static void forward(FeImporter *im, MlirDiagnostic diagnostic) {
  MlirDiagnosticSeverity severity = mlirDiagnosticGetSeverity(diagnostic);
  char where[512];
  dlcLocationFormat(mlirDiagnosticGetLocation(diagnostic), where,
                    sizeof(where));
  DlcTextBuffer message = {NULL, 0, 0};
  mlirDiagnosticPrint(diagnostic, dlcTextBufferAppend, &message);
  char *line =
      dlcFormat("%s: %s: %s", where, dlcDiagnosticSeverityName(severity),
                message.data ? message.data : "");
  if (line)
    sendLine(im, line);
  free(line);
  free(message.data);
  if (severity == MlirDiagnosticError)
    im->failed = true;
  for (intptr_t i = 0; i < mlirDiagnosticGetNumNotes(diagnostic); ++i)
    forward(im, mlirDiagnosticGetNote(diagnostic, i));
}

static MlirLogicalResult forwardDiagnostic(MlirDiagnostic diagnostic,
                                           void *userData) {
  forward(userData, diagnostic);
  return mlirLogicalResultSuccess();
}

MlirStringRef feInternSymbol(FeImporter *im, const char *name) {
  return mlirStringAttrGetValue(
      mlirStringAttrGet(im->ctx, mlirStringRefCreateFromCString(name)));
}

bool feHasSymbol(const FeImporter *im, MlirStringRef symbol) {
  return dlcSymbolTableFind(&im->symbols, symbol) >= 0;
}

bool feAddSymbol(FeImporter *im, MlirStringRef symbol, const DlcJsonValue *at,
                 const char *path) {
  if (dlcSymbolTableAdd(&im->symbols, symbol) >= 0)
    return true;
  formatError(im, at, path, "out of memory");
  return false;
}

/* --- derived symbols ------------------------------------------------------ */

MlirAffineExpr feDimExpr(FeImporter *im, DlcDim d) {
  if (d.size >= 0)
    return mlirAffineConstantExprGet(im->ctx, d.size);
  int at = dlcSymbolTableFind(&im->symbols, d.symbol);
  return at < 0 ? (MlirAffineExpr){NULL}
                : dlcSymbolTableExpr(im->ctx, &im->symbols, at);
}

bool feDeriveDim(FeImporter *im, MlirAffineExpr definition, const char *base,
                 const DlcJsonValue *at, const char *path, DlcDim *out) {
  out->size = -1;
  if (mlirAffineExprIsAConstant(definition)) {
    out->size = mlirAffineConstantExprGetValue(definition);
    out->symbol = mlirStringRefCreate(NULL, 0);
    return true;
  }
  int known = mlirAffineExprIsASymbol(definition)
                  ? (int)mlirAffineSymbolExprGetPosition(definition)
                  : dlcSymbolTableFindDefinition(&im->symbols, definition);
  if (known >= 0) {
    out->symbol = im->symbols.names[known];
    return true;
  }
  char name[96];
  snprintf(name, sizeof(name), "%.80s", base);
  size_t length = strlen(name);
  for (int n = 2; feHasSymbol(im, feInternSymbol(im, name)); ++n)
    snprintf(name + length, sizeof(name) - length, "%d", n);
  out->symbol = feInternSymbol(im, name);
  if (dlcSymbolTableAddDerived(&im->symbols, out->symbol, definition) >= 0)
    return true;
  formatError(im, at, path, "out of memory");
  return false;
}

/* A name in a shape expression: a symbol of the graph. */
static MlirAffineExpr resolveShapeName(MlirStringRef name, void *userData,
                                       char *why, size_t whySize) {
  FeImporter *im = userData;
  int at = dlcSymbolTableFind(&im->symbols, name);
  if (at >= 0)
    return dlcSymbolTableExpr(im->ctx, &im->symbols, at);
  snprintf(why, whySize, "'%.*s' is not a symbol of an input's shape",
           (int)(name.length > 40 ? 40 : name.length), name.data);
  return (MlirAffineExpr){NULL};
}

bool feDimFromText(FeImporter *im, const char *text, const DlcJsonValue *at,
                   const char *path, DlcDim *out) {
  char why[200];
  MlirAffineExpr e =
      dlcSymbolExprParse(im->ctx, mlirStringRefCreateFromCString(text),
                         resolveShapeName, im, why, sizeof(why));
  if (mlirAffineExprIsNull(e)) {
    feCodedError(im, at, path, &dlcUnsupportedOp,
                 "write a dimension as an affine expression of the inputs' "
                 "symbols (+, -, * by a constant, floordiv/ceildiv/mod by a "
                 "positive constant), or give it a symbol of its own",
                 "dimension \"%.80s\": %s", text, why);
    return false;
  }
  /* The name says what it stands for: "H+2*p" -> "H_2_p". */
  char base[64];
  size_t n = 0;
  for (const char *c = text; *c && n + 1 < sizeof(base); ++c)
    if (isalnum((unsigned char)*c) || *c == '_')
      base[n++] = *c;
    else if (n > 0 && base[n - 1] != '_')
      base[n++] = '_';
  while (n > 0 && base[n - 1] == '_')
    --n;
  base[n] = '\0';
  if (!isalpha((unsigned char)base[0]))
    snprintf(base, sizeof(base), "dim");
  return feDeriveDim(im, e, base, at, path, out);
}

bool feIsProductText(const char *text) {
  if (!strchr(text, '*'))
    return false;
  for (const char *c = text; *c; ++c)
    if (!isalnum((unsigned char)*c) && *c != '_' && *c != '*' && *c != ' ')
      return false;
  return true;
}

bool feAddProductFactors(FeImporter *im, const char *text,
                         const DlcJsonValue *at, const char *path) {
  char buffer[256];
  if (!feIsProductText(text) ||
      snprintf(buffer, sizeof(buffer), "%s", text) >= (int)sizeof(buffer))
    return true;
  for (char *save = NULL, *f = strtok_r(buffer, "* ", &save); f;
       f = strtok_r(NULL, "* ", &save)) {
    if (!feIsIdentifier(f) || feHasSymbol(im, feInternSymbol(im, f)))
      continue;
    if (!feAddSymbol(im, feInternSymbol(im, f), at, path))
      return false;
    im->productSymbols = true;
  }
  return true;
}

bool feFinishSymbols(FeImporter *im, MlirOperation func) {
  MlirAttribute derived = dlcSymbolTableDerivedAttr(im->ctx, &im->symbols);
  if (!mlirAttributeIsNull(derived))
    mlirOperationSetAttributeByName(
        func, mlirStringRefCreateFromCString("dlc.derived"), derived);
  else if (dlcSymbolTableNumFree(&im->symbols) < im->symbols.count) {
    feError(im, NULL, NULL, "a derived dimension's definition is too long");
    return false;
  }
  /* Symbols a Conv2D introduced are not in the argument types: state the
   * order explicitly (docs/conventions.md). */
  int numFree = dlcSymbolTableNumFree(&im->symbols);
  if (numFree <= im->numArgumentSymbols && !im->productSymbols)
    return true;
  MlirAttribute *names = malloc((size_t)numFree * sizeof(*names));
  if (!names) {
    feError(im, NULL, NULL, "out of memory");
    return false;
  }
  int n = 0;
  for (int i = 0; i < im->symbols.count; ++i)
    if (!dlcSymbolTableIsDerived(&im->symbols, i))
      names[n++] = mlirStringAttrGet(im->ctx, im->symbols.names[i]);
  mlirOperationSetAttributeByName(func,
                                  mlirStringRefCreateFromCString("dlc.symbols"),
                                  mlirArrayAttrGet(im->ctx, n, names));
  free(names);
  return true;
}

/* --- generic field checks ------------------------------------------------- */

static const char *article(DlcJsonValueKind kind) {
  return kind == DlcJsonValueArray || kind == DlcJsonValueObject ? "an" : "a";
}

/* Requires `value` to be of `kind`. */
bool feExpectKind(FeImporter *im, const DlcJsonValue *value, const char *path,
                  DlcJsonValueKind kind) {
  if (value->kind == kind)
    return true;
  formatError(im, value, path, "expected %s %s, found %s %s", article(kind),
              dlcJsonValueKindName(kind), article(value->kind),
              dlcJsonValueKindName(value->kind));
  return false;
}

/* Rejects members of `object` not in `allowed` (NULL-terminated). */
bool feCheckKeys(FeImporter *im, const DlcJsonValue *object, const char *path,
                 const char *const *allowed) {
  for (size_t i = 0; i < object->count; ++i) {
    bool known = false;
    for (const char *const *k = allowed; *k && !known; ++k)
      known = strcmp(*k, object->keys[i]) == 0;
    if (known)
      continue;
    char list[256] = "";
    size_t used = 0;
    for (const char *const *k = allowed; *k && used < sizeof(list); ++k)
      used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s",
                               k == allowed ? "" : ", ", *k);
    if (!allowed[0])
      snprintf(list, sizeof(list), "none");
    formatError(im, &object->items[i], path,
                "unknown field \"%.100s\" (expected: %s)", object->keys[i],
                list);
    return false;
  }
  return true;
}

/* The member `key` of `object` (of `kind`); NULL when absent (an error when
 * `required`) or ill-typed (always an error: check im->failed). */
const DlcJsonValue *feMember(FeImporter *im, const DlcJsonValue *object,
                             const char *path, const char *key,
                             DlcJsonValueKind kind, bool required) {
  const DlcJsonValue *value = dlcJsonValueGetMember(object, key);
  char sub[FE_PATH_SIZE + 64];
  snprintf(sub, sizeof(sub), "%s%s%s", path, path[0] ? "." : "", key);
  if (!value) {
    if (required)
      formatError(im, object, path[0] ? path : NULL, "missing field \"%s\"",
                  key);
    return NULL;
  }
  return feExpectKind(im, value, sub, kind) ? value : NULL;
}

bool feIsIdentifier(const char *s) {
  return dlcIsSymbolName(mlirStringRefCreateFromCString(s));
}

bool feCheckTensorName(FeImporter *im, const DlcJsonValue *at, const char *path,
                       const char *name) {
  size_t length = strlen(name);
  if (dlcIsName(mlirStringRefCreate(name, length)))
    return true;
  feCodedError(im, at, path, &dlcNameInvalid,
               "rename the tensor: its name names a kernel parameter, a plan "
               "entry and a reference-data file",
               "\"%.60s\"%s is not a tensor name%s (" DLC_NAME_RULE ")", name,
               length > 60 ? "..." : "",
               length > DLC_NAME_MAX ? ": it is too long" : "");
  return false;
}

MlirAttribute feNameDictionary(FeImporter *im, const char *name) {
  MlirNamedAttribute entry = mlirNamedAttributeGet(
      mlirIdentifierGet(im->ctx, mlirStringRefCreateFromCString("dlc.name")),
      mlirStringAttrGet(im->ctx, mlirStringRefCreateFromCString(name)));
  return mlirDictionaryAttrGet(im->ctx, 1, &entry);
}

MlirLocation feJsonLocation(FeImporter *im, const DlcJsonValue *at) {
  return mlirLocationFileLineColGet(im->ctx, im->sourceName, (unsigned)at->line,
                                    (unsigned)at->column);
}

static MlirWalkResult checkTinyOp(MlirOperation op, void *userData) {
  bool *ok = userData;
  if (!dlcTinyCheckOp(op))
    *ok = false;
  return MlirWalkResultAdvance;
}

/* The result must be valid IR and pass tiny-verify's checks; a failure here
 * is an importer bug, reported like any other diagnostic. */
static bool verifyModule(FeImporter *im, MlirModule module) {
  MlirOperation op = mlirModuleGetOperation(module);
  if (!mlirOperationVerify(op)) {
    im->failed = true;
    return false;
  }
  bool ok = true;
  mlirOperationWalk(op, checkTinyOp, &ok, MlirWalkPreOrder);
  return ok && !im->failed;
}

bool feReturn(FeImporter *im, MlirOperation func, const DlcJsonValue *at,
              intptr_t n, const MlirValue *values, const MlirType *types,
              const MlirAttribute *resAttrs) {
  im->b.loc = feJsonLocation(im, at);
  dlcBuild(&im->b, "func.return", n, values, 0, NULL, 0, NULL, NULL);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  intptr_t numArgs = mlirBlockGetNumArguments(body);
  MlirType *args = calloc(numArgs > 0 ? (size_t)numArgs : 1, sizeof(MlirType));
  if (!args)
    return false;
  for (intptr_t i = 0; i < numArgs; ++i)
    args[i] = mlirValueGetType(mlirBlockGetArgument(body, i));
  mlirOperationSetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type"),
      mlirTypeAttrGet(mlirFunctionTypeGet(im->ctx, numArgs, args, n, types)));
  mlirOperationSetAttributeByName(func,
                                  mlirStringRefCreateFromCString("res_attrs"),
                                  mlirArrayAttrGet(im->ctx, n, resAttrs));
  free(args);
  return true;
}

MlirModule feFinishModule(FeImporter *im, MlirModule module, bool built) {
  if (built && verifyModule(im, module))
    return module;
  mlirModuleDestroy(module);
  return (MlirModule){NULL};
}

/* "line L, column C: what" from the JSON reader. */
static void reportSyntaxError(FeImporter *im, const char *error) {
  int line = 1, col = 1, consumed = 0;
  if (sscanf(error, "line %d, column %d: %n", &line, &col, &consumed) != 2 ||
      consumed == 0) {
    consumed = 0;
    line = col = 1;
  }
  char what[1100];
  if (im->formatCode)
    snprintf(what, sizeof(what),
             "%s %s: malformed JSON: %.500s; suggestion: %s",
             im->formatCode->code, im->formatCode->kind, error + consumed,
             im->formatSuggestion);
  else
    snprintf(what, sizeof(what), "malformed JSON: %.500s", error + consumed);
  reportAt(im, line, col, NULL, what);
}

MlirModule feImport(MlirContext ctx, MlirStringRef json,
                    MlirStringRef sourceName, MlirStringCallback errorCallback,
                    void *userData, FeImportFn importDocument,
                    const DlcDiagnosticCode *formatCode,
                    const char *formatSuggestion) {
  FeImporter im;
  memset(&im, 0, sizeof(im));
  im.formatCode = formatCode;
  im.formatSuggestion = formatSuggestion;
  im.ctx = ctx;
  im.sourceName = sourceName;
  im.errorCallback = errorCallback;
  im.userData = userData;
  MlirDiagnosticHandlerID handler =
      mlirContextAttachDiagnosticHandler(ctx, forwardDiagnostic, &im, NULL);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__func__(), ctx);
  MlirModule module = {NULL};
  if (mlirLogicalResultIsSuccess(dlcRegisterAllDialects(ctx))) {
    char error[512];
    DlcJsonValue *root =
        dlcJsonValueParse(json.data ? json.data : "",
                          json.data ? json.length : 0, error, sizeof(error));
    if (!root)
      reportSyntaxError(&im, error);
    else
      module = importDocument(&im, root);
    dlcJsonValueDestroy(root);
  }
  mlirContextDetachDiagnosticHandler(ctx, handler);
  feDestroyMaps(&im);
  dlcStringMapClear(&im.tensorIndex);
  dlcSymbolTableClear(&im.symbols);
  free(im.tensors);
  free(im.uops);
  return module;
}

MlirModule dlcImportGraphJson(MlirContext ctx, MlirStringRef json,
                              MlirStringRef sourceName,
                              MlirStringCallback errorCallback,
                              void *userData) {
  char error[8];
  DlcJsonValue *root =
      dlcJsonValueParse(json.data ? json.data : "", json.data ? json.length : 0,
                        error, sizeof(error));
  bool tinygrad = root && dlcJsonValueGetMember(root, "uops") != NULL;
  dlcJsonValueDestroy(root);
  return (tinygrad ? dlcImportTinygradJson : dlcImportFrontendJson)(
      ctx, json, sourceName, errorCallback, userData);
}
