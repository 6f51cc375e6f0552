/* Guards against two defects of MLIR 22's parser that crash any tool built
 * on it, mlir-opt included; every DLC tool parses through
 * dlcModuleCreateParse, which runs these checks first. Both scans skip
 * string literals and `//` comments.
 *
 * - X02: the parser recurses once per nesting level of brackets and
 *   overflows the C stack somewhere past 5 000 levels. Real IR nests a few
 *   dozen levels, so text nested deeper than kMaxNesting is refused.
 * - X01: nvgpu.mma.sync's verifier, which runs inside the parse (the C API
 *   cannot parse without verifying), reads mmaShape[1] and mmaShape[2]
 *   without checking the attribute's size. A literal `mmaShape = [...]`
 *   must therefore hold three elements. */
#include "ParseGuards.h"

#include "mlir-c/Diagnostics.h"

#include <stdio.h>
#include <string.h>

enum { kMaxNesting = 1000 };

/* The offset just past the string literal or `//` comment at `i`, or `i`
 * when none starts there. */
static size_t skipLiteral(MlirStringRef s, size_t i) {
  if (s.data[i] == '"') { /* backslash escapes included */
    for (++i; i < s.length && s.data[i] != '"'; ++i)
      i += s.data[i] == '\\';
    return i < s.length ? i + 1 : i;
  }
  if (s.data[i] == '/' && i + 1 < s.length && s.data[i + 1] == '/')
    while (i < s.length && s.data[i] != '\n')
      ++i;
  return i;
}

/* The offset of the first '(', '[' or '{' nested deeper than kMaxNesting,
 * or s.length. ('<' is not counted: an arrow `->` has no partner.) */
static size_t tooDeepOffset(MlirStringRef s) {
  int depth = 0;
  for (size_t i = 0; i < s.length;) {
    size_t next = skipLiteral(s, i);
    if (next != i) {
      i = next;
      continue;
    }
    char c = s.data[i];
    if ((c == '(' || c == '[' || c == '{') && ++depth > kMaxNesting)
      return i;
    if ((c == ')' || c == ']' || c == '}') && depth > 0)
      --depth;
    ++i;
  }
  return s.length;
}

static bool isIdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '$';
}

/* Whether the `mmaShape` at `i` is `mmaShape = [a, b, c]` with other than
 * three elements. */
static bool isBadMmaShape(MlirStringRef s, size_t i) {
  static const char name[] = "mmaShape";
  size_t n = sizeof(name) - 1;
  if (i + n > s.length || memcmp(s.data + i, name, n) != 0 ||
      (i > 0 && isIdentifierChar(s.data[i - 1])) ||
      (i + n < s.length && isIdentifierChar(s.data[i + n])))
    return false;
  i += n;
  while (i < s.length && (s.data[i] == ' ' || s.data[i] == '\t'))
    ++i;
  if (i >= s.length || s.data[i++] != '=')
    return false;
  while (i < s.length && (s.data[i] == ' ' || s.data[i] == '\t'))
    ++i;
  if (i >= s.length || s.data[i++] != '[')
    return false;
  int elements = 0;
  bool inElement = false;
  for (; i < s.length && s.data[i] != ']'; ++i) {
    char c = s.data[i];
    if (c == '[' || c == '"')
      return true; /* not a list of integers */
    if (c == ',')
      inElement = false;
    else if (c != ' ' && c != '\t' && c != '\n' && !inElement) {
      inElement = true;
      ++elements;
    }
  }
  return elements != 3;
}

/* The offset of the first literal `mmaShape` array without three elements,
 * or s.length. */
static size_t badMmaShapeOffset(MlirStringRef s) {
  for (size_t i = 0; i < s.length;) {
    size_t next = skipLiteral(s, i);
    if (next != i) {
      i = next;
      continue;
    }
    if (isBadMmaShape(s, i))
      return i;
    ++i;
  }
  return s.length;
}

/* Emits `message` at `offset` of `source`. */
static void reportAt(MlirContext ctx, MlirStringRef source,
                     MlirStringRef sourceName, size_t offset,
                     const char *message) {
  unsigned line = 1, column = 1;
  for (size_t i = 0; i < offset; ++i, ++column)
    if (source.data[i] == '\n') {
      ++line;
      column = 0;
    }
  mlirEmitError(mlirLocationFileLineColGet(ctx, sourceName, line, column),
                message);
}

bool dlcParseGuardsCheck(MlirContext ctx, MlirStringRef source,
                         MlirStringRef sourceName) {
  size_t at = tooDeepOffset(source);
  if (at < source.length) {
    char message[160];
    snprintf(message, sizeof(message),
             "brackets nested deeper than %d levels: DLC refuses such input "
             "before parsing, since MLIR's parser would overflow the stack",
             (int)kMaxNesting);
    reportAt(ctx, source, sourceName, at, message);
    return false;
  }
  at = badMmaShapeOffset(source);
  if (at < source.length) {
    reportAt(ctx, source, sourceName, at,
             "mmaShape must hold three integers [m, n, k]: DLC refuses "
             "other lengths before parsing, since MLIR's nvgpu.mma.sync "
             "verifier would read past them");
    return false;
  }
  return true;
}
