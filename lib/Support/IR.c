/* dlcModuleCreateParse: parsing with a buffer name and mlir-opt's implicit
 * module.
 *
 * mlirOperationCreateParse keeps the buffer name in every location but
 * wants exactly one top-level op. When the text does not start with a
 * module, "module {" is inserted before its first op (after comments and
 * attribute/type aliases) and "}" appended: line numbers are unchanged. */
#include "dlc/IR.h"
#include "ParseGuards.h"

#include "mlir-c/BuiltinAttributes.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Skips blanks, `//` comments and `#alias = ...` / `!alias = ...` lines;
 * returns the offset of the first top-level op. */
static size_t firstOpOffset(MlirStringRef source) {
  size_t i = 0;
  while (i < source.length) {
    char c = source.data[i];
    if (isspace((unsigned char)c)) {
      ++i;
    } else if ((c == '/' && i + 1 < source.length &&
                source.data[i + 1] == '/') ||
               c == '#' || c == '!') {
      while (i < source.length && source.data[i] != '\n')
        ++i;
    } else {
      break;
    }
  }
  return i;
}

static bool startsWith(MlirStringRef s, size_t at, const char *word) {
  size_t n = strlen(word);
  return at + n <= s.length && memcmp(s.data + at, word, n) == 0 &&
         (at + n == s.length || !isalnum((unsigned char)s.data[at + n]));
}

MlirModule dlcModuleCreateParse(MlirContext ctx, MlirStringRef source,
                                MlirStringRef sourceName) {
  if (!dlcParseGuardsCheck(ctx, source, sourceName))
    return (MlirModule){NULL};
  size_t at = firstOpOffset(source);
  bool hasModule = startsWith(source, at, "module") ||
                   startsWith(source, at, "\"builtin.module\"");
  if (hasModule) {
    MlirOperation op = mlirOperationCreateParse(ctx, source, sourceName);
    return mlirOperationIsNull(op) ? (MlirModule){NULL}
                                   : mlirModuleFromOperation(op);
  }
  static const char open[] = "module {", close[] = "\n}";
  size_t length = source.length + sizeof(open) + sizeof(close);
  char *wrapped = malloc(length);
  if (!wrapped)
    return (MlirModule){NULL};
  memcpy(wrapped, source.data, at);
  memcpy(wrapped + at, open, sizeof(open) - 1);
  memcpy(wrapped + at + sizeof(open) - 1, source.data + at, source.length - at);
  memcpy(wrapped + source.length + sizeof(open) - 1, close, sizeof(close));
  MlirOperation op = mlirOperationCreateParse(
      ctx, mlirStringRefCreateFromCString(wrapped), sourceName);
  free(wrapped);
  return mlirOperationIsNull(op) ? (MlirModule){NULL}
                                 : mlirModuleFromOperation(op);
}

DlcStringSink dlcStringSinkCreate(char *buffer, size_t size) {
  DlcStringSink sink = {buffer, size, 0};
  if (size)
    buffer[0] = '\0';
  return sink;
}

void dlcStringSinkAppend(MlirStringRef chunk, void *userData) {
  DlcStringSink *sink = userData;
  if (sink->used + 1 >= sink->size)
    return;
  size_t room = sink->size - 1 - sink->used;
  size_t n = chunk.length < room ? chunk.length : room;
  memcpy(sink->buffer + sink->used, chunk.data, n);
  sink->used += n;
  sink->buffer[sink->used] = '\0';
}

bool dlcStringRefIs(MlirStringRef text, const char *expected) {
  return strlen(expected) == text.length &&
         (text.length == 0 || memcmp(expected, text.data, text.length) == 0);
}

bool dlcStringRefIsOneOf(MlirStringRef text, const char *const *list) {
  for (; *list; ++list)
    if (dlcStringRefIs(text, *list))
      return true;
  return false;
}

bool dlcOperationIsA(MlirOperation op, const char *name) {
  return !mlirOperationIsNull(op) &&
         mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                            mlirStringRefCreateFromCString(name));
}

MlirAttribute dlcOperationAttrGet(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op,
                                         mlirStringRefCreateFromCString(name));
}

MlirAttribute dlcDictionaryAttrGet(MlirAttribute dict, const char *name) {
  return !mlirAttributeIsNull(dict) && mlirAttributeIsADictionary(dict)
             ? mlirDictionaryAttrGetElementByName(
                   dict, mlirStringRefCreateFromCString(name))
             : mlirAttributeGetNull();
}

bool dlcIsName(MlirStringRef name) {
  if (name.length == 0 || name.length > DLC_NAME_MAX)
    return false;
  for (size_t i = 0; i < name.length; ++i) {
    char c = name.data[i]; /* not isalnum: ASCII whatever the locale */
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
          (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-'))
      return false;
  }
  return true;
}
