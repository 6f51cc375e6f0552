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

/* Length of the text up to the matching `close` of the `open` at s[0];
 * 0 when unbalanced. Quotes are skipped. */
static size_t matchBracket(MlirStringRef s, char open, char close) {
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
    else if (c == close && --depth == 0)
      return i;
  }
  return 0;
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
    size_t close = matchBracket(rest, '{', '}');
    options = mlirStringRefCreate(rest.data + 1, close ? close - 1 : 0);
    rest = trim(
        mlirStringRefCreate(rest.data + close + 1, rest.length - close - 1));
  }

  /* op-name(elements): nest a pass manager under that operation. */
  if (rest.length && rest.data[0] == '(') {
    size_t close = matchBracket(rest, '(', ')');
    if (close != rest.length - 1) {
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
  if (def && def->expand) { /* a named pipeline: add what it stands for */
    DlcPassOptions *parsed =
        dlcPassOptionsCreate(def, options, sink->callback, sink->userData);
    if (!parsed)
      return mlirLogicalResultFailure();
    char expansion[2048];
    bool expanded = def->expand(parsed, expansion, sizeof(expansion));
    dlcPassOptionsDestroy(parsed);
    if (!expanded) {
      report(sink, expansion);
      return mlirLogicalResultFailure();
    }
    return dlcOpPassManagerAddPipeline(
        pm, mlirStringRefCreateFromCString(expansion), sink->callback,
        sink->userData);
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
  size_t close = rest.length ? matchBracket(rest, '(', ')') : 0;
  if (nameLength == 0 || rest.length == 0 || rest.data[0] != '(' ||
      close != rest.length - 1) {
    snprintf(message, sizeof(message),
             "pass pipeline must read 'op-name(pass, ...)', e.g. "
             "'builtin.module(tiny-verify)'; got '%.*s'",
             (int)pipeline.length, pipeline.data);
    report(&sink, message);
    return mlirLogicalResultFailure();
  }

  /* The printed pipeline of `pm` starts with its anchor. */
  char printed[256];
  DlcStringSink anchor = dlcStringSinkCreate(printed, sizeof(printed));
  mlirPrintPassPipeline(pm, dlcStringSinkAppend, &anchor);
  size_t anchorLength = strcspn(printed, "(");
  if (anchorLength != nameLength ||
      strncmp(printed, pipeline.data, nameLength) != 0) {
    snprintf(message, sizeof(message),
             "pass pipeline is anchored on '%.*s' but the pass manager runs "
             "on '%.*s'",
             (int)nameLength, pipeline.data, (int)anchorLength, printed);
    report(&sink, message);
    return mlirLogicalResultFailure();
  }
  return dlcOpPassManagerAddPipeline(
      pm, mlirStringRefCreate(rest.data + 1, close - 1), callback, userData);
}
