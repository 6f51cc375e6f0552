/* Textual pass pipelines with DLC and upstream passes mixed.
 *
 * Grammar (as mlir-opt's):  pipeline := op-name '(' elements ')'
 *                           elements := element (',' element)*
 *                           element  := name ('{' options '}')? ('(' elements
 * ')')? An element with a parenthesised list nests a pass manager under that op
 * name; a DLC pass name creates the DLC pass; anything else is handed to
 * MLIR's own parser (mlirOpPassManagerAddPipeline), options and all. */
#include "PassDef.h"
#include "dlc/IR.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirStringCallback callback;
  void *userData;
} ErrorSink;

static void report(const ErrorSink *sink, const char *message) {
  if (sink->callback)
    sink->callback(mlirStringRefCreateFromCString(message), sink->userData);
}

static MlirStringRef trim(MlirStringRef s) {
  while (s.length && isspace((unsigned char)s.data[0])) {
    ++s.data;
    --s.length;
  }
  while (s.length && isspace((unsigned char)s.data[s.length - 1]))
    --s.length;
  return s;
}

static bool isNameChar(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.' ||
         c == '$';
}

/* Finds the `close` matching the `open` at s[0]: its index in `*at`, or
 * false when there is none (an index of 0 cannot mean "unbalanced": it is
 * the last index of a one-character text, D13). Quotes are skipped. */
static bool matchBracket(MlirStringRef s, char open, char close, size_t *at) {
  int depth = 0;
  bool quoted = false;
  for (size_t i = 0; i < s.length; ++i) {
    char c = s.data[i];
    if (c == '"')
      quoted = !quoted;
    if (quoted)
      continue;
    if (c == open)
      ++depth;
    else if (c == close && --depth == 0) {
      *at = i;
      return true;
    }
  }
  return false;
}

/* Whether `rest` is exactly one bracketed group "(...)" ; `*close` is the
 * index of its ')'. */
static bool isParenthesized(MlirStringRef rest, size_t *close) {
  return rest.length && rest.data[0] == '(' &&
         matchBracket(rest, '(', ')', close) && *close == rest.length - 1;
}

/* The operation name `pm` runs on (its printed pipeline reads
 * "anchor(...)"), written into `out`. */
static MlirStringRef anchorOf(MlirOpPassManager pm, char *out, size_t size) {
  DlcStringSink printed = dlcStringSinkCreate(out, size);
  mlirPrintPassPipeline(pm, dlcStringSinkAppend, &printed);
  return mlirStringRefCreate(out, strcspn(out, "("));
}

/* Whether DLC pass (or named pipeline) `def` may be added to `pm`: a pass
 * anchored on one operation runs only on a pass manager of that operation
 * (MLIR aborts the process otherwise, D16). */
static bool checkAnchor(MlirOpPassManager pm, const DlcPassDef *def,
                        const ErrorSink *sink) {
  char printed[256];
  MlirStringRef anchor = anchorOf(pm, printed, sizeof(printed));
  if (!def->info.anchor[0] ||
      mlirStringRefEqual(anchor,
                         mlirStringRefCreateFromCString(def->info.anchor)))
    return true;
  char message[512];
  snprintf(message, sizeof(message),
           "'%s' runs on '%s', but it is nested under '%.*s'; move it out of "
           "'%.*s(...)'",
           def->info.argument, def->info.anchor, (int)anchor.length,
           anchor.data, (int)anchor.length, anchor.data);
  report(sink, message);
  return false;
}

static MlirLogicalResult addElement(MlirOpPassManager pm, MlirStringRef element,
                                    const ErrorSink *sink);

MlirLogicalResult dlcOpPassManagerAddPipeline(MlirOpPassManager pm,
                                              MlirStringRef elements,
                                              MlirStringCallback callback,
                                              void *userData) {
  ErrorSink sink = {callback, userData};
  size_t start = 0;
  int depth = 0;
  bool quoted = false;
  for (size_t i = 0; i <= elements.length; ++i) {
    char c = i < elements.length ? elements.data[i] : ',';
    if (c == '"')
      quoted = !quoted;
    if (quoted)
      continue;
    if (c == '(' || c == '{')
      ++depth;
    else if (c == ')' || c == '}')
      --depth;
    if (depth < 0) {
      report(&sink, "unbalanced ')' or '}' in pass pipeline");
      return mlirLogicalResultFailure();
    }
    if (c != ',' || depth != 0)
      continue;
    MlirStringRef element =
        trim(mlirStringRefCreate(elements.data + start, i - start));
    start = i + 1;
    if (element.length == 0) {
      if (elements.length == 0)
        break;
      report(&sink, "empty element in pass pipeline");
      return mlirLogicalResultFailure();
    }
    if (mlirLogicalResultIsFailure(addElement(pm, element, &sink)))
      return mlirLogicalResultFailure();
  }
  if (depth != 0 || quoted) {
    report(&sink, "unbalanced '(' or '{' in pass pipeline");
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult addElement(MlirOpPassManager pm, MlirStringRef element,
                                    const ErrorSink *sink) {
  size_t nameLength = 0;
  while (nameLength < element.length && isNameChar(element.data[nameLength]))
    ++nameLength;
  MlirStringRef name = mlirStringRefCreate(element.data, nameLength);
  MlirStringRef rest = trim(mlirStringRefCreate(element.data + nameLength,
                                                element.length - nameLength));
  char message[512];
  if (nameLength == 0) {
    snprintf(message, sizeof(message),
             "expected a pass or operation name in '%.*s'", (int)element.length,
             element.data);
    report(sink, message);
    return mlirLogicalResultFailure();
  }

  MlirStringRef options = mlirStringRefCreate(NULL, 0);
  if (rest.length && rest.data[0] == '{') {
    size_t close;
    if (!matchBracket(rest, '{', '}', &close)) {
      report(sink, "unbalanced '{' in pass pipeline");
      return mlirLogicalResultFailure();
    }
    options = mlirStringRefCreate(rest.data + 1, close - 1);
    rest = trim(
        mlirStringRefCreate(rest.data + close + 1, rest.length - close - 1));
  }

  /* op-name(elements): nest a pass manager under that operation. */
  if (rest.length && rest.data[0] == '(') {
    size_t close;
    if (!isParenthesized(rest, &close)) {
      snprintf(message, sizeof(message), "unexpected text after '%.*s(...)'",
               (int)name.length, name.data);
      report(sink, message);
      return mlirLogicalResultFailure();
    }
    MlirOpPassManager nested = mlirOpPassManagerGetNestedUnder(pm, name);
    return dlcOpPassManagerAddPipeline(
        nested, mlirStringRefCreate(rest.data + 1, close - 1), sink->callback,
        sink->userData);
  }
  if (rest.length) {
    snprintf(message, sizeof(message), "unexpected text '%.*s' after '%.*s'",
             (int)rest.length, rest.data, (int)name.length, name.data);
    report(sink, message);
    return mlirLogicalResultFailure();
  }

  const DlcPassDef *def = dlcLookupPass(name.data, name.length);
  if (def && !checkAnchor(pm, def, sink))
    return mlirLogicalResultFailure();
  if (def && def->expand) { /* a named pipeline: add what it stands for */
    DlcPassOptions *parsed =
        dlcPassOptionsCreate(def, options, sink->callback, sink->userData);
    if (!parsed)
      return mlirLogicalResultFailure();
    char error[512] = "out of memory";
    char *expansion = def->expand(parsed, error, sizeof(error));
    dlcPassOptionsDestroy(parsed);
    if (!expansion) {
      report(sink, error);
      return mlirLogicalResultFailure();
    }
    MlirLogicalResult added = dlcOpPassManagerAddPipeline(
        pm, mlirStringRefCreateFromCString(expansion), sink->callback,
        sink->userData);
    free(expansion);
    return added;
  }
  if (def) {
    MlirPass pass =
        dlcCreatePass(name, options, sink->callback, sink->userData);
    if (!pass.ptr)
      return mlirLogicalResultFailure();
    mlirOpPassManagerAddOwnedPass(pm, pass);
    return mlirLogicalResultSuccess();
  }
  return mlirOpPassManagerAddPipeline(pm, element, sink->callback,
                                      sink->userData);
}

MlirLogicalResult dlcParsePassPipeline(MlirOpPassManager pm,
                                       MlirStringRef pipeline,
                                       MlirStringCallback callback,
                                       void *userData) {
  ErrorSink sink = {callback, userData};
  char message[512];
  pipeline = trim(pipeline);
  size_t nameLength = 0;
  while (nameLength < pipeline.length && isNameChar(pipeline.data[nameLength]))
    ++nameLength;
  MlirStringRef rest = trim(mlirStringRefCreate(pipeline.data + nameLength,
                                                pipeline.length - nameLength));
  size_t close;
  if (nameLength == 0 || !isParenthesized(rest, &close)) {
    snprintf(message, sizeof(message),
             "pass pipeline must read 'op-name(pass, ...)', e.g. "
             "'builtin.module(tiny-verify)'; got '%.*s'",
             (int)pipeline.length, pipeline.data);
    report(&sink, message);
    return mlirLogicalResultFailure();
  }

  char printed[256];
  MlirStringRef anchor = anchorOf(pm, printed, sizeof(printed));
  if (!mlirStringRefEqual(anchor,
                          mlirStringRefCreate(pipeline.data, nameLength))) {
    snprintf(message, sizeof(message),
             "pass pipeline is anchored on '%.*s' but the pass manager runs "
             "on '%.*s'",
             (int)nameLength, pipeline.data, (int)anchor.length, anchor.data);
    report(&sink, message);
    return mlirLogicalResultFailure();
  }
  return dlcOpPassManagerAddPipeline(
      pm, mlirStringRefCreate(rest.data + 1, close - 1), callback, userData);
}
