/* C API test of the runtime's manifest expressions (dlcRuntimeEvalExpr)
 * and checked buffer sizes (dlcRuntimeDtypeBytes,
 * dlcRuntimeManifestGetParamElements). Regressions: D08, an expression
 * nested 200 000 deep overflowed the stack; D07, 2^62 f32 elements wrapped
 * to 0 bytes. Output goes to stderr for FileCheck. */
// RUN: dlc-runtime-test expr 2>&1 | FileCheck %s

#include "RuntimeTests.h"

#include "dlc/Runtime.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void eval(const char *expr) {
  const char *names[] = {"M", "N"};
  const int64_t values[] = {100, 7};
  char err[256];
  int64_t v = 0;
  if (dlcRuntimeEvalExpr(expr, 2, names, values, &v, err, sizeof err) == 0)
    fprintf(stderr, "%.40s = %" PRId64 "\n", expr, v);
  else
    fprintf(stderr, "error: %s\n", err);
}

/* `prefix` repeated `n` times, then `middle`, then `suffix` n times. */
static char *nested(const char *prefix, const char *middle, const char *suffix,
                    int n) {
  size_t p = strlen(prefix), m = strlen(middle), s = strlen(suffix);
  char *text = malloc((size_t)n * (p + s) + m + 1);
  if (!text)
    return NULL;
  char *at = text;
  for (int i = 0; i < n; ++i, at += p)
    memcpy(at, prefix, p);
  memcpy(at, middle, m), at += m;
  for (int i = 0; i < n; ++i, at += s)
    memcpy(at, suffix, s);
  *at = '\0';
  return text;
}

static void evalNested(const char *prefix, const char *middle,
                       const char *suffix, int n) {
  char *text = nested(prefix, middle, suffix, n);
  if (text)
    eval(text);
  free(text);
}

// CHECK-LABEL: testValues
// CHECK-NEXT: ceildiv(M, 128) * N = 7
// CHECK-NEXT: min(M, N) - -3 = 10
// CHECK-NEXT: error: in '9223372036854775807 + 1': overflow
// CHECK-NEXT: error: in 'ceildiv(M, 0)': ceildiv by 0
// Derived symbols' formulas (docs/conventions.md): floordiv and mod round
// toward minus infinity.
// CHECK-NEXT: floordiv(M - 3, 2) + 1 = 49
// CHECK-NEXT: floordiv(-7, 2) = -4
// CHECK-NEXT: mod(-7, 2) + mod(M, 7) = 3
// CHECK-NEXT: error: in 'floordiv(M, 0)': floordiv by 0
// CHECK-NEXT: error: in 'mod(M, -1)': mod by -1
// Near the int64 limits (found by fuzz/expr): exact, no overflow.
// CHECK-NEXT: mod(-9223372036854775807, 3) = 2
// CHECK-NEXT: floordiv(-9223372036854775807, 3) = -3074457345618258603
static void testValues(void) {
  fprintf(stderr, "testValues\n");
  eval("ceildiv(M, 128) * N");
  eval("min(M, N) - -3");
  eval("9223372036854775807 + 1");
  eval("ceildiv(M, 0)");
  eval("floordiv(M - 3, 2) + 1");
  eval("floordiv(-7, 2)");
  eval("mod(-7, 2) + mod(M, 7)");
  eval("floordiv(M, 0)");
  eval("mod(M, -1)");
  eval("mod(-9223372036854775807, 3)");
  eval("floordiv(-9223372036854775807, 3)");
}

// Nesting up to 64 levels evaluates; deeper is an error, not a stack
// overflow, however deep (D08: 200 000).
// CHECK-LABEL: testDepth
// CHECK-NEXT: ---------------------------------------- = 100
// CHECK-NEXT: (((((((((((((((((((((((((((((((((((((((( = 100
// CHECK-NEXT: error: in
// '-----------------------------------------------------------...': nested
// deeper than 64 levels CHECK-NEXT: error: in
// '((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((...': nested
// deeper than 64 levels CHECK-NEXT: error: in
// '((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((...': nested
// deeper than 64 levels CHECK-NEXT: error: in
// 'min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(...': nested
// deeper than 64 levels
static void testDepth(void) {
  fprintf(stderr, "testDepth\n");
  evalNested("--", "M", "", 31); /* 63 levels with the primary */
  evalNested("(", "M", ")", 63);
  evalNested("-", "M", "", 200000);
  evalNested("(", "M", ")", 64);
  evalNested("(", "M", ")", 200000);
  evalNested("min(", "M", ", N)", 100000);
}

// A buffer's byte size is checked where it is computed (D07): 2^62 f32
// elements do not wrap to 0 bytes.
// CHECK-LABEL: testBytes
// CHECK-NEXT: 2^61 f32: -1
// CHECK-NEXT: 2^60 f32: 4611686018427387904
// CHECK-NEXT: 2^60 f64: -1
// CHECK-NEXT: -1 f16: -1
// CHECK-NEXT: X: error: param 'X': too many f32 elements (more than INT64_MAX
// bytes) CHECK-NEXT: Y: 4096 elements
static void testBytes(void) {
  fprintf(stderr, "testBytes\n");
  int64_t e60 = INT64_C(1) << 60;
  fprintf(stderr, "2^61 f32: %" PRId64 "\n",
          dlcRuntimeDtypeBytes(DLC_RUNTIME_DTYPE_F32, 2 * e60));
  fprintf(stderr, "2^60 f32: %" PRId64 "\n",
          dlcRuntimeDtypeBytes(DLC_RUNTIME_DTYPE_F32, e60));
  fprintf(stderr, "2^60 f64: %" PRId64 "\n",
          dlcRuntimeDtypeBytes(DLC_RUNTIME_DTYPE_F64, e60));
  fprintf(stderr, "-1 f16: %" PRId64 "\n",
          dlcRuntimeDtypeBytes(DLC_RUNTIME_DTYPE_F16, -1));
  const char *kernel =
      "{\"kernel\": \"k\", \"ptx\": \"k.ptx\", \"symbols\": [\"M\"],"
      " \"params\": [{\"name\": \"X\", \"kind\": \"ptr\", \"dtype\": \"f32\","
      " \"shape\": [4611686018427387904], \"role\": \"input\"},"
      " {\"name\": \"Y\", \"kind\": \"ptr\", \"dtype\": \"f32\", \"shape\": "
      "[\"M\", 64], \"role\": \"output\"}, {\"name\": \"M\", \"kind\": "
      "\"i64\"}], \"grid\": [1, 1, 1], \"block\": [32, 1, 1]}";
  char err[256];
  DlcRuntimeProgram *p = dlcRuntimeProgramParse(kernel, NULL, err, sizeof err);
  if (!p) {
    fprintf(stderr, "parse: %s\n", err);
    return;
  }
  const DlcRuntimeManifest *m = dlcRuntimeProgramGetSignature(p);
  int64_t sizes[] = {64};
  for (int i = 0; i < 2; ++i) {
    int64_t n;
    if (dlcRuntimeManifestGetParamElements(m, i, sizes, &n, err, sizeof err))
      fprintf(stderr, "%s: error: %s\n", dlcRuntimeManifestGetParam(m, i)->name,
              err);
    else
      fprintf(stderr, "%s: %" PRId64 " elements\n",
              dlcRuntimeManifestGetParam(m, i)->name, n);
  }
  dlcRuntimeProgramDestroy(p);
}

void dlcRuntimeTestExpr(void) {
  testValues();
  testDepth();
  testBytes();
}
