/* C API test of the kernel-manifest reader (dlcRuntimeManifestParse and
 * dlcRuntimeManifestLoad, docs/conventions.md): fields, symbols, parameters,
 * launch dimensions evaluated for symbol values, the ptx path resolved
 * against the manifest's folder, and one error per malformed field. Output
 * goes to stderr for FileCheck. */
// RUN: rm -rf %t && mkdir -p %t
// RUN: dlc-runtime-test manifest %t 2>&1 | FileCheck %s

#include "RuntimeTests.h"

#include "dlc/Runtime.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char gemm[] =
    "{\"kernel\": \"gemm\", \"ptx\": \"gemm.ptx\", \"arch\": \"sm_80\",\n"
    " \"symbols\": [\"M\", \"N\"],\n"
    " \"grid\": [\"ceildiv(N, 128)\", \"ceildiv(M, 64)\"], \"block\": [128],\n"
    " \"dynamic_smem_bytes\": 49152, \"flops\": \"2*M*N*64\",\n"
    " \"params\": [\n"
    "  {\"kind\": \"ptr\", \"name\": \"A\", \"role\": \"input\", \"dtype\": "
    "\"f16\", \"shape\": [\"M\", 64]},\n"
    "  {\"kind\": \"ptr\", \"name\": \"C\", \"role\": \"output\", \"dtype\": "
    "\"bf16\", \"shape\": [\"M\", \"N\"]},\n"
    "  {\"kind\": \"i64\", \"name\": \"N\"}]}\n";

static void printManifest(const DlcRuntimeManifest *m) {
  fprintf(stderr, "kernel %s ptx %s arch %s\n",
          dlcRuntimeManifestGetKernelName(m), dlcRuntimeManifestGetPtxPath(m),
          dlcRuntimeManifestGetArch(m));
  for (int i = 0; i < dlcRuntimeManifestGetNumSymbols(m); i++)
    fprintf(stderr, "  symbol %d: %s\n", i, dlcRuntimeManifestGetSymbol(m, i));
  int64_t symbols[2] = {100, 300}; /* M, N */
  char err[256];
  for (int i = 0; i < dlcRuntimeManifestGetNumParams(m); i++) {
    const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
    int64_t elements = -1;
    if (dlcRuntimeManifestGetParamElements(m, i, symbols, &elements, err,
                                           sizeof err) != 0)
      fprintf(stderr, "  param %s: %s\n", p->name, err);
    else
      fprintf(stderr, "  param %s: %s x %" PRId64 "\n", p->name,
              dlcRuntimeDtypeToString(p->dtype), elements);
  }
  DlcRuntimeLaunchDims d;
  if (dlcRuntimeManifestGetLaunch(m, symbols, &d, err, sizeof err) != 0) {
    fprintf(stderr, "  launch: %s\n", err);
    return;
  }
  fprintf(stderr,
          "  grid %" PRId64 "x%" PRId64 "x%" PRId64 " block %" PRId64
          "x%" PRId64 "x%" PRId64 " smem %" PRId64 " flops %" PRId64 "\n",
          d.grid[0], d.grid[1], d.grid[2], d.block[0], d.block[1], d.block[2],
          d.dynamicSmemBytes, d.flops);
}

static void parse(const char *label, const char *json) {
  char err[256];
  DlcRuntimeManifest *m = dlcRuntimeManifestParse(json, "dir", err, sizeof err);
  fprintf(stderr, "%s: %s\n", label, m ? "ok" : err);
  dlcRuntimeManifestDestroy(m);
}

/* A one-parameter manifest whose parameter is `param`. */
static void parseParam(const char *label, const char *param) {
  char json[512];
  snprintf(json, sizeof json,
           "{\"kernel\": \"k\", \"ptx\": \"k.ptx\", \"grid\": [1], "
           "\"block\": [1], \"symbols\": [\"N\"], \"params\": [%s]}",
           param);
  parse(label, json);
}

void dlcRuntimeTestManifest(const char *dir) {
  // CHECK-LABEL: kernel gemm ptx dir/gemm.ptx arch sm_80
  // CHECK-NEXT:   symbol 0: M
  // CHECK-NEXT:   symbol 1: N
  // CHECK-NEXT:   param A: f16 x 6400
  // CHECK-NEXT:   param C: bf16 x 30000
  // CHECK-NEXT:   param N: parameter 2 is not a pointer parameter
  // CHECK-NEXT:   grid 3x2x1 block 128x1x1 smem 49152 flops 3840000
  char err[256];
  DlcRuntimeManifest *m = dlcRuntimeManifestParse(gemm, "dir", err, sizeof err);
  if (m)
    printManifest(m);
  else
    fprintf(stderr, "error: %s\n", err);
  // A grid y past CUDA's 65535 (grid x may go to 2^31 - 1).
  // CHECK-LABEL: grid-y: grid[1]=65536 ('ceildiv(M, 64)' at these sizes) is
  // more than the 65535 a grid's y and z may be: split the batch into several
  // launches CHECK-NEXT: grid-x: grid 100000x1x1
  DlcRuntimeLaunchDims dims;
  int64_t tall[2] = {64 * 65536, 100}, wide[2] = {64, 128 * 100000};
  if (m && dlcRuntimeManifestGetLaunch(m, tall, &dims, err, sizeof err) != 0)
    fprintf(stderr, "grid-y: %s\n", err);
  if (m && dlcRuntimeManifestGetLaunch(m, wide, &dims, err, sizeof err) == 0)
    fprintf(stderr, "grid-x: grid %" PRId64 "x%" PRId64 "x%" PRId64 "\n",
            dims.grid[0], dims.grid[1], dims.grid[2]);
  dlcRuntimeManifestDestroy(m);

  // From a file: the ptx path is its folder's.
  // CHECK-LABEL: file: ok, ptx {{.*}}/gemm.ptx
  char path[512];
  snprintf(path, sizeof path, "%s/gemm.json", dir);
  FILE *f = fopen(path, "w");
  if (f) {
    fputs(gemm, f);
    fclose(f);
  }
  m = dlcRuntimeManifestLoad(path, err, sizeof err);
  fprintf(stderr, "file: %s, ptx %s\n", m ? "ok" : err,
          m ? dlcRuntimeManifestGetPtxPath(m) : "-");
  dlcRuntimeManifestDestroy(m);
  // CHECK-LABEL: missing: cannot open '{{.*}}/none.json': No such file
  snprintf(path, sizeof path, "%s/none.json", dir);
  m = dlcRuntimeManifestLoad(path, err, sizeof err);
  fprintf(stderr, "missing: %s\n", m ? "ok" : err);
  dlcRuntimeManifestDestroy(m);

  // The document.
  // CHECK-LABEL: syntax: line 2, column 1: '}' expected near end of file
  parse("syntax", "{\"kernel\": \"k\"\n");
  // CHECK-LABEL: not-object: a manifest is a JSON object
  parse("not-object", "[1]");
  // CHECK-LABEL: no-ptx: needs string fields "kernel" and "ptx"
  parse("no-ptx", "{\"kernel\": \"k\"}");
  // CHECK-LABEL: params: "params" must be an array
  parse("params", "{\"kernel\": \"k\", \"ptx\": \"k.ptx\", \"grid\": [1], "
                  "\"block\": [1], \"params\": {}}");
  // CHECK-LABEL: grid: "grid" must be an array of 1 to 3 expressions
  parse("grid", "{\"kernel\": \"k\", \"ptx\": \"k.ptx\", \"grid\": [1, 1, 1, "
                "1], \"block\": [1], \"params\": []}");
  // Derived symbols: computed from the free ones; one given must agree.
  // CHECK-LABEL: derived: Hp = 9 (H + 2), Ho = 3 (floordiv(H - 2, 2) + 1)
  // CHECK-NEXT: derived-given: Hp=10 contradicts its definition Hp = H + 2 = 9
  // CHECK-NEXT: derived-chain: derived symbol Ho: in 'Hp - 1': unknown symbol
  // 'Hp' CHECK-NEXT: derived-unknown: "derived".Q: each entry names a symbol
  // and gives its formula as a string CHECK-NEXT: derived-kind: "derived" must
  // be an object {symbol: formula}
  m = dlcRuntimeManifestParse(
      "{\"kernel\": \"k\", \"ptx\": \"k.ptx\", \"grid\": [1], \"block\": "
      "[1], \"symbols\": [\"H\", \"Hp\", \"Ho\"], \"derived\": {\"Hp\": "
      "\"H + 2\", \"Ho\": \"floordiv(H - 2, 2) + 1\"}, \"params\": []}",
      "dir", err, sizeof err);
  int64_t values[3] = {7, 0, 0};
  int given[3] = {1, 0, 0};
  if (m &&
      dlcRuntimeManifestDeriveSymbols(m, values, given, err, sizeof err) == 0)
    fprintf(stderr, "derived: Hp = %lld (%s), Ho = %lld (%s)\n",
            (long long)values[1], dlcRuntimeManifestGetDerived(m, 1),
            (long long)values[2], dlcRuntimeManifestGetDerived(m, 2));
  values[1] = 10, given[1] = 1;
  if (m &&
      dlcRuntimeManifestDeriveSymbols(m, values, given, err, sizeof err) != 0)
    fprintf(stderr, "derived-given: %s\n", err);
  dlcRuntimeManifestDestroy(m);
  m = dlcRuntimeManifestParse(
      "{\"kernel\": \"k\", \"ptx\": \"k.ptx\", \"grid\": [1], \"block\": "
      "[1], \"symbols\": [\"H\", \"Hp\", \"Ho\"], \"derived\": {\"Hp\": "
      "\"H + 2\", \"Ho\": \"Hp - 1\"}, \"params\": []}",
      "dir", err, sizeof err);
  if (m &&
      dlcRuntimeManifestDeriveSymbols(m, values, NULL, err, sizeof err) != 0)
    fprintf(stderr, "derived-chain: %s\n", err);
  dlcRuntimeManifestDestroy(m);
  parse("derived-unknown",
        "{\"kernel\": \"k\", \"ptx\": \"k.ptx\", \"grid\": [1], "
        "\"block\": [1], \"symbols\": [\"N\"], \"derived\": {\"Q\": "
        "\"N\"}, \"params\": []}");
  parse("derived-kind",
        "{\"kernel\": \"k\", \"ptx\": \"k.ptx\", \"grid\": [1], "
        "\"block\": [1], \"symbols\": [\"N\"], \"derived\": [], "
        "\"params\": []}");
  // CHECK-LABEL: twice: symbol 'N' listed twice
  parse("twice",
        "{\"kernel\": \"k\", \"ptx\": \"k.ptx\", \"grid\": [1], "
        "\"block\": [1], \"symbols\": [\"N\", \"N\"], \"params\": []}");

  // Parameters.
  // CHECK-LABEL: unnamed: params[0]: needs string "name" and "kind"
  parseParam("unnamed", "{\"kind\": \"ptr\"}");
  // CHECK-LABEL: i64: param 'X': an i64 parameter must name a symbol
  parseParam("i64", "{\"kind\": \"i64\", \"name\": \"X\"}");
  // CHECK-LABEL: role: param 'A': "role" must be "input" or "output"
  parseParam("role", "{\"kind\": \"ptr\", \"name\": \"A\", \"role\": \"both\", "
                     "\"dtype\": \"f16\", \"shape\": [\"N\"]}");
  // CHECK-LABEL: dtype: param 'A': missing or unknown "dtype"
  parseParam("dtype", "{\"kind\": \"ptr\", \"name\": \"A\", \"role\": "
                      "\"input\", \"dtype\": \"f8\", \"shape\": [\"N\"]}");
  // CHECK-LABEL: shape: param 'A': "shape" must be an array
  parseParam("shape", "{\"kind\": \"ptr\", \"name\": \"A\", \"role\": "
                      "\"input\", \"dtype\": \"f16\", \"shape\": \"N\"}");
  // CHECK-LABEL: dim: param 'A': shape entries are symbols or integers
  parseParam("dim", "{\"kind\": \"ptr\", \"name\": \"A\", \"role\": "
                    "\"input\", \"dtype\": \"f16\", \"shape\": [true]}");
  // CHECK-LABEL: intermediate: param 'A': "intermediate" must be true or false
  parseParam("intermediate",
             "{\"kind\": \"ptr\", \"name\": \"A\", \"role\": \"input\", "
             "\"dtype\": \"f16\", \"shape\": [\"N\"], \"intermediate\": 1}");
}
