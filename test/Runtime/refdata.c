/* C API test of reference data (dlcRuntimeRefDataLoad, docs/runtime.md
 * "Reference data"): meta.json checked against a kernel manifest (symbols,
 * parameters, dtypes), each tensor's file size against its shape, wider
 * expected outputs, and one error per mismatch. Output goes to stderr for
 * FileCheck. */
// RUN: rm -rf %t && mkdir -p %t
// RUN: dlc-runtime-test refdata %t 2>&1 | FileCheck %s

#include "RuntimeTests.h"

#include "dlc/Runtime.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char kernel[] =
    "{\"kernel\": \"axpy\", \"ptx\": \"axpy.ptx\", \"grid\": [1], "
    "\"block\": [32], \"symbols\": [\"N\"], \"params\": ["
    "{\"kind\": \"ptr\", \"name\": \"X\", \"role\": \"input\", \"dtype\": "
    "\"f16\", \"shape\": [\"N\"]},"
    "{\"kind\": \"ptr\", \"name\": \"Y\", \"role\": \"output\", \"dtype\": "
    "\"f16\", \"shape\": [\"N\", 2]},"
    "{\"kind\": \"i64\", \"name\": \"N\"}]}";

static void writeFile(const char *dir, const char *name, const void *data,
                      size_t bytes) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (f) {
    fwrite(data, 1, bytes, f);
    fclose(f);
  }
}

static void load(const char *label, const char *dir,
                 const DlcRuntimeManifest *m, const char *meta) {
  writeFile(dir, "meta.json", meta, strlen(meta));
  char err[512];
  DlcRuntimeRefData *d = dlcRuntimeRefDataLoad(dir, m, err, sizeof err);
  if (!d) {
    fprintf(stderr, "%s: error: %s\n", label, err);
    return;
  }
  fprintf(stderr, "%s: N = %" PRId64 "\n", label,
          dlcRuntimeRefDataGetSymbols(d)[0]);
  for (int i = 0; i < 2; i++) {
    DlcRuntimeDtype t;
    int64_t count;
    const void *data = dlcRuntimeRefDataGetTensor(d, i, &t, &count);
    fprintf(stderr, "  param %d: %s x %" PRId64, i, dlcRuntimeDtypeToString(t),
            count);
    if (t == DLC_RUNTIME_DTYPE_F16)
      fprintf(stderr, " first %g\n",
              dlcRuntimeHalfToFloat(*(const uint16_t *)data));
    else if (t == DLC_RUNTIME_DTYPE_F32)
      fprintf(stderr, " first %g\n", *(const float *)data);
    else
      fputc('\n', stderr);
  }
  dlcRuntimeRefDataDestroy(d);
}

#define PARAMS(yType)                                                          \
  "\"params\": [{\"name\": \"X\", \"dtype\": \"f16\", \"role\": \"input\"}, "  \
  "{\"name\": \"Y\", \"dtype\": \"" yType "\", \"role\": \"output\"}]"

void dlcRuntimeTestRefData(const char *dir) {
  char err[512];
  DlcRuntimeManifest *m =
      dlcRuntimeManifestParse(kernel, NULL, err, sizeof err);
  if (!m) {
    fprintf(stderr, "error: %s\n", err);
    return;
  }
  uint16_t x[3] = {0x3c00, 0x4000, 0x4200};  /* 1, 2, 3 */
  uint16_t y16[6] = {0x4400, 0, 0, 0, 0, 0}; /* 4, ... */
  float y32[6] = {4.5f, 0, 0, 0, 0, 0};
  writeFile(dir, "X.bin", x, sizeof x);
  writeFile(dir, "Y.bin", y16, sizeof y16);

  // CHECK-LABEL: f16: N = 3
  // CHECK-NEXT:   param 0: f16 x 3 first 1
  // CHECK-NEXT:   param 1: f16 x 6 first 4
  load("f16", dir, m, "{\"symbols\": {\"N\": 3}, " PARAMS("f16") "}");
  // An expected output may be wider than the parameter.
  // CHECK-LABEL: f32: N = 3
  // CHECK-NEXT:   param 0: f16 x 3 first 1
  // CHECK-NEXT:   param 1: f32 x 6 first 4.5
  writeFile(dir, "Y.bin", y32, sizeof y32);
  load("f32", dir, m, "{\"symbols\": {\"N\": 3}, " PARAMS("f32") "}");

  // Mismatches.
  // CHECK-LABEL: size: error: {{.*}}/X.bin: 6 bytes, expected 8 (4 x f16)
  load("size", dir, m, "{\"symbols\": {\"N\": 4}, " PARAMS("f32") "}");
  // CHECK-LABEL: no-symbol: error: meta.json: no value for symbol 'N'
  load("no-symbol", dir, m, "{\"symbols\": {}, " PARAMS("f32") "}");
  // CHECK-LABEL: other-symbol: error: meta.json: symbol 'K' is not a symbol
  load("other-symbol", dir, m, "{\"symbols\": {\"K\": 3}, " PARAMS("f32") "}");
  // CHECK-LABEL: negative: error: meta.json: symbol 'N' must be a
  load("negative", dir, m, "{\"symbols\": {\"N\": -3}, " PARAMS("f32") "}");
  // CHECK-LABEL: symbols-array: error: meta.json: "symbols" must be an
  load("symbols-array", dir, m, "{\"symbols\": [3], " PARAMS("f32") "}");
  // CHECK-LABEL: no-param: error: meta.json: "params" has no entry for 'Y'
  load("no-param", dir, m,
       "{\"symbols\": {\"N\": 3}, \"params\": [{\"name\": \"X\", \"dtype\": "
       "\"f16\", \"role\": \"input\"}]}");
  // CHECK-LABEL: dtype: error: meta.json: 'X' needs "dtype": "f16"
  load("dtype", dir, m,
       "{\"symbols\": {\"N\": 3}, \"params\": [{\"name\": \"X\", \"dtype\": "
       "\"f32\", \"role\": \"input\"}, {\"name\": \"Y\", \"dtype\": \"f32\", "
       "\"role\": \"output\"}]}");
  // CHECK-LABEL: role: error: meta.json: 'X' is an input of kernel 'axpy'
  load("role", dir, m,
       "{\"symbols\": {\"N\": 3}, \"params\": [{\"name\": \"X\", \"dtype\": "
       "\"f16\", \"role\": \"output\"}, {\"name\": \"Y\", \"dtype\": \"f32\", "
       "\"role\": \"output\"}]}");
  // CHECK-LABEL: syntax: error: {{.*}}meta.json: line 1, column {{[0-9]+}}:
  load("syntax", dir, m, "{\"symbols\": ");
  dlcRuntimeManifestDestroy(m);
}
