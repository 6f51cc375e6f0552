/*===- Expr.c - integer expressions of manifests -----------------------===*\
|* grammar:  expr    := term (('+' | '-') term)*                            *|
|*           term    := unary ('*' unary)*                                  *|
|*           unary   := '-' unary | primary                                 *|
|*           primary := INT | NAME | ('ceildiv' | 'min') '(' expr ',' expr ')'
*|
|*                    | '(' expr ')'                                        *|
|* Arithmetic is int64 with overflow checks; nesting (parentheses, calls,  *|
|* unary minus) is limited to MaxDepth so that no input exhausts the stack.*|
\*===----------------------------------------------------------------------===*/

#include "dlc/Runtime.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Deeper than any formula the compiler writes (a few levels). */
enum { MaxDepth = 64 };

typedef struct {
  const char *expr;
  const char *p;
  int numSymbols;
  const char *const *names;
  const int64_t *values;
  char *err;
  size_t errSize;
  int failed;
  int depth; /* parseUnary calls in progress */
} Eval;

static void fail(Eval *ev, const char *fmt, ...) {
  if (ev->failed)
    return;
  ev->failed = 1;
  /* Long expressions are quoted by their first 60 characters. */
  int n = snprintf(ev->err, ev->errSize, "in '%.60s%s': ", ev->expr,
                   strlen(ev->expr) > 60 ? "..." : "");
  if (n < 0 || (size_t)n >= ev->errSize)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(ev->err + n, ev->errSize - (size_t)n, fmt, ap);
  va_end(ap);
}

static void skip(Eval *ev) {
  while (isspace((unsigned char)*ev->p))
    ev->p++;
}

static int accept(Eval *ev, char c) {
  skip(ev);
  if (*ev->p != c)
    return 0;
  ev->p++;
  return 1;
}

static int64_t parseExpr(Eval *ev);

static int64_t ceilDiv(Eval *ev, int64_t a, int64_t b) {
  if (b <= 0) {
    fail(ev, "ceildiv by %lld", (long long)b);
    return 0;
  }
  int64_t q = a / b; /* truncates toward zero */
  return (a % b != 0 && a > 0) ? q + 1 : q;
}

/* floordiv and mod of derived symbols (docs/conventions.md): rounding
 * toward minus infinity, a positive divisor. */
static int64_t floorDiv(Eval *ev, int64_t a, int64_t b, bool wantMod) {
  if (b <= 0) {
    fail(ev, "%s by %lld", wantMod ? "mod" : "floordiv", (long long)b);
    return 0;
  }
  /* a % b and a / b never overflow for b > 0; the adjustments neither. */
  int64_t r = a % b;
  return wantMod ? (r < 0 ? r + b : r) : (r < 0 ? a / b - 1 : a / b);
}

static int64_t parsePrimary(Eval *ev) {
  skip(ev);
  if (isdigit((unsigned char)*ev->p)) {
    int64_t v = 0;
    while (isdigit((unsigned char)*ev->p)) {
      if (__builtin_mul_overflow(v, 10, &v) ||
          __builtin_add_overflow(v, *ev->p - '0', &v)) {
        fail(ev, "integer too large");
        return 0;
      }
      ev->p++;
    }
    return v;
  }
  if (isalpha((unsigned char)*ev->p) || *ev->p == '_') {
    const char *start = ev->p;
    while (isalnum((unsigned char)*ev->p) || *ev->p == '_')
      ev->p++;
    size_t len = (size_t)(ev->p - start);
    bool isCeilDiv = len == 7 && strncmp(start, "ceildiv", 7) == 0;
    bool isMin = len == 3 && strncmp(start, "min", 3) == 0;
    bool isFloorDiv = len == 8 && strncmp(start, "floordiv", 8) == 0;
    bool isMod = len == 3 && strncmp(start, "mod", 3) == 0;
    if ((isCeilDiv || isMin || isFloorDiv || isMod) && accept(ev, '(')) {
      const char *name = isMin        ? "min"
                         : isFloorDiv ? "floordiv"
                         : isMod      ? "mod"
                                      : "ceildiv";
      int64_t a = parseExpr(ev);
      if (!accept(ev, ',')) {
        fail(ev, "expected ',' in %s", name);
        return 0;
      }
      int64_t b = parseExpr(ev);
      if (!accept(ev, ')')) {
        fail(ev, "expected ')' after %s arguments", name);
        return 0;
      }
      if (isFloorDiv || isMod)
        return floorDiv(ev, a, b, isMod);
      return isMin ? (a < b ? a : b) : ceilDiv(ev, a, b);
    }
    for (int i = 0; i < ev->numSymbols; i++)
      if (strlen(ev->names[i]) == len && strncmp(ev->names[i], start, len) == 0)
        return ev->values[i];
    fail(ev, "unknown symbol '%.*s'", (int)len, start);
    return 0;
  }
  if (accept(ev, '(')) {
    int64_t v = parseExpr(ev);
    if (!accept(ev, ')'))
      fail(ev, "expected ')'");
    return v;
  }
  if (*ev->p)
    fail(ev, "unexpected '%c'", *ev->p);
  else
    fail(ev, "unexpected end");
  return 0;
}

/* Every nesting level passes through here: the one place to bound the
 * recursion. */
static int64_t parseUnary(Eval *ev) {
  if (ev->depth >= MaxDepth) {
    fail(ev, "nested deeper than %d levels", MaxDepth);
    return 0;
  }
  ev->depth++;
  int64_t v;
  if (accept(ev, '-')) {
    v = parseUnary(ev);
    if (v == INT64_MIN)
      fail(ev, "overflow");
    v = v == INT64_MIN ? 0 : -v;
  } else {
    v = parsePrimary(ev);
  }
  ev->depth--;
  return v;
}

static int64_t parseTerm(Eval *ev) {
  int64_t v = parseUnary(ev);
  while (!ev->failed && accept(ev, '*')) {
    int64_t r = parseUnary(ev);
    if (__builtin_mul_overflow(v, r, &v))
      fail(ev, "overflow");
  }
  return v;
}

static int64_t parseExpr(Eval *ev) {
  int64_t v = parseTerm(ev);
  while (!ev->failed) {
    if (accept(ev, '+')) {
      int64_t r = parseTerm(ev);
      if (__builtin_add_overflow(v, r, &v))
        fail(ev, "overflow");
    } else if (accept(ev, '-')) {
      int64_t r = parseTerm(ev);
      if (__builtin_sub_overflow(v, r, &v))
        fail(ev, "overflow");
    } else {
      break;
    }
  }
  return v;
}

int dlcRuntimeEvalExpr(const char *expr, int numSymbols,
                       const char *const *names, const int64_t *values,
                       int64_t *out, char *err, size_t errSize) {
  Eval ev = {expr, expr, numSymbols, names, values, err, errSize, 0, 0};
  int64_t v = parseExpr(&ev);
  skip(&ev);
  if (!ev.failed && *ev.p != '\0')
    fail(&ev, "unexpected '%c'", *ev.p);
  if (ev.failed)
    return -1;
  *out = v;
  return 0;
}
