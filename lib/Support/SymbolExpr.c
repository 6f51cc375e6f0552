/* Expressions of symbols; see SymbolExpr.h. */
#include "SymbolExpr.h"
#include "IntDiv.h"

#include "Array.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Deeper than any definition a person or an importer writes; bounds the
 * recursion on hostile input. */
enum { MaxDepth = 64 };
static const int64_t MaxConstant = (int64_t)1 << 40;

typedef struct Parser {
  MlirContext ctx;
  const char *p, *end;
  DlcSymbolExprResolve resolve;
  void *userData;
  char *why;
  size_t whySize;
  bool failed;
  int depth;
} Parser;

static MlirAffineExpr fail(Parser *ps, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

static MlirAffineExpr fail(Parser *ps, const char *format, ...) {
  if (!ps->failed) {
    ps->failed = true;
    va_list ap;
    va_start(ap, format);
    vsnprintf(ps->why, ps->whySize, format, ap);
    va_end(ap);
  }
  return (MlirAffineExpr){NULL};
}

static void skip(Parser *ps) {
  while (ps->p < ps->end && isspace((unsigned char)*ps->p))
    ++ps->p;
}

static bool accept(Parser *ps, char c) {
  skip(ps);
  if (ps->p == ps->end || *ps->p != c)
    return false;
  ++ps->p;
  return true;
}

static bool isNameChar(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* Accepts the keyword `word` when it stands alone. */
static bool acceptWord(Parser *ps, const char *word) {
  skip(ps);
  size_t n = strlen(word);
  if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0 ||
      (ps->p + n < ps->end && isNameChar(ps->p[n])))
    return false;
  ps->p += n;
  return true;
}

static MlirAffineExpr parseExpr(Parser *ps);

static MlirAffineExpr parsePrimary(Parser *ps) {
  skip(ps);
  if (ps->p == ps->end)
    return fail(ps, "unexpected end of the expression");
  if (isdigit((unsigned char)*ps->p)) {
    int64_t v = 0;
    while (ps->p < ps->end && isdigit((unsigned char)*ps->p)) {
      v = v * 10 + (*ps->p++ - '0');
      if (v > MaxConstant)
        return fail(ps, "a constant exceeds 2^40");
    }
    return mlirAffineConstantExprGet(ps->ctx, v);
  }
  if (isalpha((unsigned char)*ps->p) || *ps->p == '_') {
    const char *start = ps->p;
    while (ps->p < ps->end && isNameChar(*ps->p))
      ++ps->p;
    MlirStringRef name = mlirStringRefCreate(start, (size_t)(ps->p - start));
    MlirAffineExpr e = ps->resolve(name, ps->userData, ps->why, ps->whySize);
    if (mlirAffineExprIsNull(e))
      ps->failed = true;
    return e;
  }
  if (accept(ps, '(')) {
    MlirAffineExpr e = parseExpr(ps);
    if (!ps->failed && !accept(ps, ')'))
      return fail(ps, "expected ')'");
    return e;
  }
  return fail(ps, "unexpected '%c'", *ps->p);
}

/* Every nesting level passes through here. */
static MlirAffineExpr parseUnary(Parser *ps) {
  if (ps->depth >= MaxDepth)
    return fail(ps, "nested deeper than %d levels", MaxDepth);
  ++ps->depth;
  MlirAffineExpr e;
  if (accept(ps, '-')) {
    e = parseUnary(ps);
    if (!ps->failed)
      e = mlirAffineMulExprGet(e, mlirAffineConstantExprGet(ps->ctx, -1));
  } else {
    e = parsePrimary(ps);
  }
  --ps->depth;
  return e;
}

static bool isConstant(MlirAffineExpr e) {
  return mlirAffineExprIsAConstant(e);
}

static MlirAffineExpr parseTerm(Parser *ps) {
  MlirAffineExpr lhs = parseUnary(ps);
  while (!ps->failed) {
    int kind = accept(ps, '*')              ? 1
               : acceptWord(ps, "floordiv") ? 2
               : acceptWord(ps, "ceildiv")  ? 3
               : acceptWord(ps, "mod")      ? 4
                                            : 0;
    if (!kind)
      break;
    MlirAffineExpr rhs = parseUnary(ps);
    if (ps->failed)
      break;
    if (kind == 1) {
      /* A product of symbols (M * K, a flat buffer's size) is kept: MLIR
       * holds it as a semi-affine expression; the layers that need affine
       * sizes refuse it (dlcSymbolExprIsProduct). */
      lhs = mlirAffineMulExprGet(lhs, rhs);
      continue;
    }
    if (!isConstant(rhs) || mlirAffineConstantExprGetValue(rhs) <= 0)
      return fail(ps, "floordiv, ceildiv and mod need a positive constant "
                      "divisor to stay affine");
    lhs = kind == 2   ? mlirAffineFloorDivExprGet(lhs, rhs)
          : kind == 3 ? mlirAffineCeilDivExprGet(lhs, rhs)
                      : mlirAffineModExprGet(lhs, rhs);
  }
  return lhs;
}

static MlirAffineExpr parseExpr(Parser *ps) {
  MlirAffineExpr lhs = parseTerm(ps);
  while (!ps->failed) {
    bool plus = accept(ps, '+');
    if (!plus && !accept(ps, '-'))
      break;
    MlirAffineExpr rhs = parseTerm(ps);
    if (ps->failed)
      break;
    if (!plus)
      rhs = mlirAffineMulExprGet(rhs, mlirAffineConstantExprGet(ps->ctx, -1));
    lhs = mlirAffineAddExprGet(lhs, rhs);
  }
  return lhs;
}

MlirAffineExpr dlcSymbolExprParse(MlirContext ctx, MlirStringRef text,
                                  DlcSymbolExprResolve resolve, void *userData,
                                  char *why, size_t whySize) {
  Parser ps = {ctx,     text.data, text.data + text.length,
               resolve, userData,  why,
               whySize, false,     0};
  MlirAffineExpr e = parseExpr(&ps);
  skip(&ps);
  if (!ps.failed && ps.p != ps.end)
    fail(&ps, "unexpected '%c'", *ps.p);
  return ps.failed ? (MlirAffineExpr){NULL} : e;
}

/*===----------------------------------------------------------------------===*
 * Printing in the manifest's grammar
 *===----------------------------------------------------------------------===*/

typedef struct Printer {
  const MlirStringRef *names;
  bool infix; /* `a floordiv b` rather than floordiv(a, b) */
  char *buffer;
  size_t size, used;
  bool overflow;
} Printer;

static void emit(Printer *pr, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

static void emit(Printer *pr, const char *format, ...) {
  if (pr->overflow)
    return;
  va_list ap;
  va_start(ap, format);
  int n = vsnprintf(pr->buffer + pr->used, pr->size - pr->used, format, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= pr->size - pr->used)
    pr->overflow = true;
  else
    pr->used += (size_t)n;
}

/* The constant factor of `e` when it is `x * c` with c < 0, else 0. */
static int64_t negativeFactor(MlirAffineExpr e) {
  if (!mlirAffineExprIsAMul(e))
    return 0;
  MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(e);
  return isConstant(rhs) && mlirAffineConstantExprGetValue(rhs) < 0
             ? mlirAffineConstantExprGetValue(rhs)
             : 0;
}

static void print(Printer *pr, MlirAffineExpr e, bool inProduct) {
  if (isConstant(e)) {
    emit(pr, "%lld", (long long)mlirAffineConstantExprGetValue(e));
    return;
  }
  if (mlirAffineExprIsASymbol(e)) {
    MlirStringRef n = pr->names[mlirAffineSymbolExprGetPosition(e)];
    emit(pr, "%.*s", (int)n.length, n.data);
    return;
  }
  MlirAffineExpr lhs = mlirAffineBinaryOpExprGetLHS(e);
  MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(e);
  if (mlirAffineExprIsAAdd(e)) {
    emit(pr, inProduct ? "(" : "");
    print(pr, lhs, false);
    int64_t c = isConstant(rhs) ? mlirAffineConstantExprGetValue(rhs) : 0;
    int64_t f = negativeFactor(rhs);
    if (c < 0) {
      emit(pr, " - %lld", (long long)-c);
    } else if (f == -1) {
      emit(pr, " - ");
      print(pr, mlirAffineBinaryOpExprGetLHS(rhs), true);
    } else {
      emit(pr, " + ");
      print(pr, rhs, false);
    }
    emit(pr, inProduct ? ")" : "");
    return;
  }
  if (mlirAffineExprIsAMul(e)) {
    print(pr, lhs, true);
    emit(pr, " * ");
    print(pr, rhs, true);
    return;
  }
  const char *op = mlirAffineExprIsAFloorDiv(e)  ? "floordiv"
                   : mlirAffineExprIsACeilDiv(e) ? "ceildiv"
                                                 : "mod";
  if (pr->infix) {
    emit(pr, inProduct ? "(" : "");
    print(pr, lhs, true);
    emit(pr, " %s ", op);
    print(pr, rhs, true);
    emit(pr, inProduct ? ")" : "");
    return;
  }
  emit(pr, "%s(", op);
  print(pr, lhs, false);
  emit(pr, ", ");
  print(pr, rhs, false);
  emit(pr, ")");
}

static bool format(MlirAffineExpr expr, const MlirStringRef *names, bool infix,
                   char *buffer, size_t size) {
  Printer pr = {names, infix, buffer, size, 0, size == 0};
  if (size)
    buffer[0] = '\0';
  print(&pr, expr, false);
  return !pr.overflow;
}

bool dlcSymbolExprFormat(MlirAffineExpr expr, const MlirStringRef *names,
                         char *buffer, size_t size) {
  return format(expr, names, false, buffer, size);
}

bool dlcSymbolExprFormatInfix(MlirAffineExpr expr, const MlirStringRef *names,
                              char *buffer, size_t size) {
  return format(expr, names, true, buffer, size);
}

/*===----------------------------------------------------------------------===*
 * Evaluation
 *===----------------------------------------------------------------------===*/

bool dlcSymbolExprEval(MlirAffineExpr e, const int64_t *values, int64_t *out) {
  if (isConstant(e)) {
    *out = mlirAffineConstantExprGetValue(e);
    return true;
  }
  if (mlirAffineExprIsASymbol(e)) {
    *out = values[mlirAffineSymbolExprGetPosition(e)];
    return *out >= 0; /* a negative size is an unbound symbol */
  }
  if (!mlirAffineExprIsABinary(e))
    return false; /* dims never occur in a definition */
  int64_t a, b;
  if (!dlcSymbolExprEval(mlirAffineBinaryOpExprGetLHS(e), values, &a) ||
      !dlcSymbolExprEval(mlirAffineBinaryOpExprGetRHS(e), values, &b))
    return false;
  if (mlirAffineExprIsAAdd(e))
    return !__builtin_add_overflow(a, b, out);
  if (mlirAffineExprIsAMul(e))
    return !__builtin_mul_overflow(a, b, out);
  if (b <= 0 || a == INT64_MIN)
    return false;
  if (mlirAffineExprIsAFloorDiv(e))
    *out = dlcFloorDiv(a, b);
  else if (mlirAffineExprIsACeilDiv(e))
    *out = -dlcFloorDiv(-a, b);
  else
    *out = a % b < 0 ? a % b + b : a % b; /* no product to overflow */
  return true;
}

/*===----------------------------------------------------------------------===*
 * Products
 *===----------------------------------------------------------------------===*/

bool dlcSymbolExprIsProduct(MlirAffineExpr expr) {
  return !mlirAffineExprIsPureAffine(expr);
}

DlcSymbolProduct dlcSymbolProductCreate(void) {
  return (DlcSymbolProduct){1, 0, 0, NULL};
}

void dlcSymbolProductClear(DlcSymbolProduct *product) {
  free(product->factors);
  *product = dlcSymbolProductCreate();
}

bool dlcSymbolProductMultiply(DlcSymbolProduct *product, MlirAffineExpr e) {
  if (isConstant(e))
    return dlcSymbolProductScale(product, mlirAffineConstantExprGetValue(e));
  if (mlirAffineExprIsAMul(e))
    return dlcSymbolProductMultiply(product, mlirAffineBinaryOpExprGetLHS(e)) &&
           dlcSymbolProductMultiply(product, mlirAffineBinaryOpExprGetRHS(e));
  MlirAffineExpr *grown =
      dlcArrayGrow(product->factors, &product->capacity, product->count + 1,
                   sizeof(MlirAffineExpr));
  if (!grown)
    return false;
  product->factors = grown;
  product->factors[product->count++] = e;
  return true;
}

bool dlcSymbolProductScale(DlcSymbolProduct *product, int64_t factor) {
  return !__builtin_mul_overflow(product->coefficient, factor,
                                 &product->coefficient);
}

bool dlcSymbolProductEqual(const DlcSymbolProduct *a,
                           const DlcSymbolProduct *b) {
  if (a->coefficient != b->coefficient || a->count != b->count)
    return false;
  bool *used = calloc((size_t)b->count + 1, sizeof(bool));
  bool equal = used != NULL;
  for (int i = 0; equal && i < a->count; ++i) {
    int j = 0;
    while (j < b->count &&
           (used[j] || !mlirAffineExprEqual(a->factors[i], b->factors[j])))
      ++j;
    equal = j < b->count;
    if (equal)
      used[j] = true;
  }
  free(used);
  return equal;
}
