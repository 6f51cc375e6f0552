/* C API test of the runtime's programs (include/dlc/Runtime.h): a program
 * manifest read from text, its signature and parameter bindings, the sizes
 * of its intermediates, a kernel manifest seen as a program, and one run on
 * the fake CUDA driver (test/Runtime/Inputs/fakecuda): the intermediate
 * allocated once per set of sizes, the kernels launched in order, the
 * intermediate freed; one kernel launched alone on the caller's buffers
 * (with FAKECUDA_EXEC, it computes); reference data holding intermediates.
 * Output goes to stderr for FileCheck. */
// RUN: env LD_LIBRARY_PATH=%fakecuda_dir dlc-runtime-test 2>&1 | FileCheck %s

#include "RuntimeTests.h"

#include "dlc/Runtime.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char program[] =
    "{\"program\": \"p\", \"ptx\": \"p.ptx\", \"arch\": \"sm_90\",\n"
    " \"symbols\": [\"M\", \"N\"],\n"
    " \"inputs\": [{\"dtype\": \"f16\", \"name\": \"A\", \"shape\": [\"M\", "
    "\"N\"]}],\n"
    " \"outputs\": [{\"dtype\": \"f32\", \"name\": \"B\", \"shape\": "
    "[\"M\"]}],\n"
    " \"intermediates\": [{\"dtype\": \"f32\", \"name\": \"t0\", \"shape\": "
    "[\"M\", 4], \"bytes\": \"16*M\"}],\n"
    " \"kernels\": [\n"
    "  {\"kernel\": \"p_r0\", \"grid\": [\"M\"], \"block\": [32], \"flops\": "
    "\"M*N\", \"symbols\": [\"N\", \"M\"],\n"
    "   \"params\": [{\"dtype\": \"f16\", \"kind\": \"ptr\", \"name\": \"A\", "
    "\"role\": \"input\", \"shape\": [\"M\", \"N\"]},\n"
    "              {\"dtype\": \"f32\", \"kind\": \"ptr\", \"name\": \"t0\", "
    "\"role\": \"output\", \"shape\": [\"M\", 4], \"intermediate\": true},\n"
    "              {\"kind\": \"i64\", \"name\": \"M\"}]},\n"
    "  {\"kernel\": \"p_r1\", \"grid\": [1], \"block\": [64], \"flops\": "
    "\"4*M\", \"symbols\": [\"M\"],\n"
    "   \"params\": [{\"dtype\": \"f32\", \"kind\": \"ptr\", \"name\": \"t0\", "
    "\"role\": \"input\", \"shape\": [\"M\", 4]},\n"
    "              {\"dtype\": \"f32\", \"kind\": \"ptr\", \"name\": \"B\", "
    "\"role\": \"output\", \"shape\": [\"M\"]}]}]}\n";

static const char *bindName(DlcRuntimeBindKind kind) {
  return kind == DLC_RUNTIME_BIND_TENSOR   ? "tensor"
         : kind == DLC_RUNTIME_BIND_BUFFER ? "buffer"
                                           : "none";
}

static void printProgram(const DlcRuntimeProgram *p) {
  const DlcRuntimeManifest *sig = dlcRuntimeProgramGetSignature(p);
  fprintf(stderr, "program %s (program manifest: %d), %d kernels\n",
          dlcRuntimeProgramGetName(p), dlcRuntimeProgramIsProgramManifest(p),
          dlcRuntimeProgramGetNumKernels(p));
  for (int i = 0; i < dlcRuntimeManifestGetNumParams(sig); i++) {
    const DlcRuntimeParam *t = dlcRuntimeManifestGetParam(sig, i);
    if (t->kind != DLC_RUNTIME_PARAM_PTR)
      continue;
    fprintf(stderr, "  tensor %d: %s %s\n", i, t->name,
            t->role == DLC_RUNTIME_ROLE_INPUT ? "input" : "output");
  }
  for (int k = 0; k < dlcRuntimeProgramGetNumKernels(p); k++) {
    const DlcRuntimeManifest *m = dlcRuntimeProgramGetKernel(p, k);
    fprintf(stderr, "  kernel %d: %s\n", k, dlcRuntimeManifestGetKernelName(m));
    for (int i = 0; i < dlcRuntimeManifestGetNumParams(m); i++) {
      int index = -1;
      DlcRuntimeBindKind kind = dlcRuntimeProgramGetBinding(p, k, i, &index);
      fprintf(stderr, "    %s -> %s %d\n",
              dlcRuntimeManifestGetParam(m, i)->name, bindName(kind),
              kind == DLC_RUNTIME_BIND_NONE ? -1 : index);
    }
  }
}

// CHECK-LABEL: testParse
// CHECK: program p (program manifest: 1), 2 kernels
// CHECK-NEXT:   tensor 0: A input
// CHECK-NEXT:   tensor 1: B output
// CHECK-NEXT:   kernel 0: p_r0
// CHECK-NEXT:     A -> tensor 0
// CHECK-NEXT:     t0 -> buffer 0
// CHECK-NEXT:     M -> none -1
// CHECK-NEXT:   kernel 1: p_r1
// CHECK-NEXT:     t0 -> buffer 0
// CHECK-NEXT:     B -> tensor 1
// CHECK-NEXT: buffer t0: 16*M = 80 bytes for M=5
// CHECK-NEXT: flops (M*N)+(4*M) = 50
static void testParse(void) {
  fprintf(stderr, "testParse\n");
  char err[512];
  DlcRuntimeProgram *p = dlcRuntimeProgramParse(program, NULL, err, sizeof err);
  if (!p) {
    fprintf(stderr, "error: %s\n", err);
    return;
  }
  printProgram(p);
  int64_t syms[2] = {5, 6}, bytes = 0;
  if (dlcRuntimeProgramGetBufferBytes(p, 0, syms, &bytes, err, sizeof err) == 0)
    fprintf(stderr, "buffer %s: %s = %lld bytes for M=5\n",
            dlcRuntimeProgramGetBuffer(p, 0)->name,
            dlcRuntimeProgramGetBuffer(p, 0)->bytes, (long long)bytes);
  DlcRuntimeLaunchDims dims;
  if (dlcRuntimeManifestGetLaunch(dlcRuntimeProgramGetSignature(p), syms, &dims,
                                  err, sizeof err) == 0)
    fprintf(stderr, "flops (M*N)+(4*M) = %lld\n", (long long)dims.flops);
  dlcRuntimeProgramDestroy(p);
}

// CHECK-LABEL: testKernel
// CHECK: program k (program manifest: 0), 1 kernels
// CHECK-NEXT:   tensor 0: X input
// CHECK-NEXT:   tensor 1: N output
// CHECK-NEXT:   tensor 2: N input
// CHECK-NEXT:   kernel 0: k
// CHECK-NEXT:     X -> tensor 0
// CHECK-NEXT:     N -> tensor 1
// CHECK-NEXT:     N -> tensor 2
// CHECK-NEXT:     N -> none -1
// CHECK-NEXT: signature is the kernel: 1
static void testKernel(void) {
  fprintf(stderr, "testKernel\n");
  /* Bound by position, not by name: a kernel alone may repeat a name. */
  const char *kernel =
      "{\"kernel\": \"k\", \"ptx\": \"k.ptx\", \"grid\": [1], \"block\": [1], "
      "\"symbols\": [\"N\"], \"params\": ["
      "{\"dtype\": \"f32\", \"kind\": \"ptr\", \"name\": \"X\", \"role\": "
      "\"input\", \"shape\": [\"N\"]},"
      "{\"dtype\": \"f32\", \"kind\": \"ptr\", \"name\": \"N\", \"role\": "
      "\"output\", \"shape\": [\"N\"]},"
      "{\"dtype\": \"f32\", \"kind\": \"ptr\", \"name\": \"N\", \"role\": "
      "\"input\", \"shape\": [\"N\"], \"intermediate\": true},"
      "{\"kind\": \"i64\", \"name\": \"N\"}]}";
  char err[512];
  DlcRuntimeProgram *p = dlcRuntimeProgramParse(kernel, NULL, err, sizeof err);
  if (!p) {
    fprintf(stderr, "error: %s\n", err);
    return;
  }
  printProgram(p);
  fprintf(stderr, "signature is the kernel: %d\n",
          dlcRuntimeProgramGetSignature(p) == dlcRuntimeProgramGetKernel(p, 0));
  dlcRuntimeProgramDestroy(p);
}

// CHECK-LABEL: testErrors
// CHECK: error: needs string fields "program" and "ptx"
// CHECK: error: intermediate 't0': "bytes" 4*M is 20, but its shape holds 80
static void testErrors(void) {
  fprintf(stderr, "testErrors\n");
  char err[512];
  DlcRuntimeProgram *p = dlcRuntimeProgramParse(
      "{\"program\": \"p\", \"kernels\": [{}]}", NULL, err, sizeof err);
  fprintf(stderr, "error: %s\n", p ? "(none)" : err);
  dlcRuntimeProgramDestroy(p);
  const char *bad = "{\"program\": \"p\", \"ptx\": \"p.ptx\", \"symbols\": "
                    "[\"M\"], \"inputs\": [], \"outputs\": [],"
                    "\"intermediates\": [{\"dtype\": \"f32\", \"name\": "
                    "\"t0\", \"shape\": [\"M\", 4], \"bytes\": \"4*M\"}],"
                    "\"kernels\": [{\"kernel\": \"k\", \"grid\": [1], "
                    "\"block\": [1], \"params\": []}]}";
  p = dlcRuntimeProgramParse(bad, NULL, err, sizeof err);
  int64_t m = 5, bytes;
  if (p &&
      dlcRuntimeProgramGetBufferBytes(p, 0, &m, &bytes, err, sizeof err) != 0)
    fprintf(stderr, "error: %s\n", err);
  dlcRuntimeProgramDestroy(p);
}

static void printLine(const char *line, void *userData) {
  (void)userData;
  fprintf(stderr, "  %s\n", line);
}

// CHECK-LABEL: testRun
// CHECK-NEXT:   alloc t0: f32 [M, 4], 16*M = 80 bytes
// CHECK-NEXT:   launch 1/2 p_r0(A, t0, M): grid 5x1x1, block 32x1x1, 0 bytes
// CHECK-NEXT:   launch 2/2 p_r1(t0, B): grid 1x1x1, block 64x1x1, 0 bytes
//
// The same sizes again: nothing to allocate.
// CHECK-NEXT:   launch 1/2 p_r0(A, t0, M): grid 5x1x1
// CHECK-NEXT:   launch 2/2 p_r1(t0, B)
//
// New sizes: the old buffer goes, a new one comes.
// CHECK-NEXT:   free t0
// CHECK-NEXT:   alloc t0: f32 [M, 4], 16*M = 112 bytes
// CHECK-NEXT:   launch 1/2 p_r0(A, t0, M): grid 7x1x1
// CHECK-NEXT:   launch 2/2 p_r1(t0, B)
// CHECK-NEXT: timed: 1 ms
// CHECK-NEXT:   free t0
// CHECK-NEXT: done
static void testRun(void) {
  fprintf(stderr, "testRun\n");
  char err[512];
  DlcRuntimeProgram *p = dlcRuntimeProgramParse(program, NULL, err, sizeof err);
  DlcRuntime *rt = p ? dlcRuntimeCreate(0, err, sizeof err) : NULL;
  if (!rt) {
    fprintf(stderr, "error: %s\n", err);
    dlcRuntimeProgramDestroy(p);
    return;
  }
  /* The fake driver reads no PTX, but the runtime reads the file. */
  FILE *f = fopen("p.ptx", "w");
  if (f)
    fclose(f);
  DlcRuntimeExecutable *e = dlcRuntimeExecutableLoad(rt, p);
  if (!e) {
    fprintf(stderr, "error: %s\n", dlcRuntimeGetLastError(rt));
  } else {
    dlcRuntimeExecutableSetTrace(e, printLine, NULL);
    DlcRuntimeDevicePtr tensors[2] = {0, 0};
    int64_t small[2] = {5, 6}, large[2] = {7, 6};
    double ms = 0;
    if (dlcRuntimeExecutableLaunch(e, tensors, small) != 0 ||
        dlcRuntimeExecutableLaunch(e, tensors, small) != 0 ||
        dlcRuntimeExecutableLaunch(e, tensors, large) != 0 ||
        dlcRuntimeExecutableTime(e, tensors, large, 1, 3, &ms) != 0)
      fprintf(stderr, "error: %s\n", dlcRuntimeGetLastError(rt));
    fprintf(stderr, "timed: %g ms\n", ms);
    dlcRuntimeExecutableDestroy(e);
  }
  fprintf(stderr, "done\n");
  remove("p.ptx");
  dlcRuntimeDestroy(rt);
  dlcRuntimeProgramDestroy(p);
}

/* Two kernels over N floats: q_r0 writes t0, q_r1 reads A and t0. */
static const char chain[] =
    "{\"program\": \"q\", \"ptx\": \"q.ptx\", \"symbols\": [\"N\"],\n"
    " \"inputs\": [{\"dtype\": \"f32\", \"name\": \"A\", \"shape\": "
    "[\"N\"]}],\n"
    " \"outputs\": [{\"dtype\": \"f32\", \"name\": \"B\", \"shape\": "
    "[\"N\"]}],\n"
    " \"intermediates\": [{\"dtype\": \"f32\", \"name\": \"t0\", "
    "\"shape\": [\"N\"], \"bytes\": \"4*N\"}],\n"
    " \"kernels\": [\n"
    "  {\"kernel\": \"q_r0\", \"grid\": [1], \"block\": [32], "
    "\"symbols\": [\"N\"],\n"
    "   \"params\": [{\"dtype\": \"f32\", \"kind\": \"ptr\", \"name\": "
    "\"A\", \"role\": \"input\", \"shape\": [\"N\"]},\n"
    "              {\"dtype\": \"f32\", \"kind\": \"ptr\", \"name\": "
    "\"t0\", \"role\": \"output\", \"shape\": [\"N\"]},\n"
    "              {\"kind\": \"i64\", \"name\": \"N\"}]},\n"
    "  {\"kernel\": \"q_r1\", \"grid\": [1], \"block\": [32], "
    "\"symbols\": [\"N\"],\n"
    "   \"params\": [{\"dtype\": \"f32\", \"kind\": \"ptr\", \"name\": "
    "\"A\", \"role\": \"input\", \"shape\": [\"N\"]},\n"
    "              {\"dtype\": \"f32\", \"kind\": \"ptr\", \"name\": "
    "\"t0\", \"role\": \"input\", \"shape\": [\"N\"]},\n"
    "              {\"dtype\": \"f32\", \"kind\": \"ptr\", \"name\": "
    "\"B\", \"role\": \"output\", \"shape\": [\"N\"]},\n"
    "              {\"kind\": \"i64\", \"name\": \"N\"}]}]}\n";

// CHECK-LABEL: testLaunchKernel
// Launching one kernel prepares the program for the sizes (t0 allocated
// once), then launches that kernel only, on the caller's buffers: q_r1
// computes B = A + t0 from the given t0 {10, 20, 30}, not from the
// executable's.
// CHECK-NEXT:   alloc t0: f32 [N], 4*N = 12 bytes
// CHECK-NEXT:   launch 2/2 q_r1(A, t0, B, N) alone: grid 1x1x1, block 32x1x1
// CHECK-NEXT: B = 11 22 33
// CHECK-NEXT:   launch 1/2 q_r0(A, t0, N) alone: grid 1x1x1
// CHECK-NEXT: t0 = 2 4 8
// CHECK-NEXT: error: program 'q' has no kernel 2 (it has 2)
// CHECK-NEXT:   free t0
// CHECK-NEXT: done
static void testLaunchKernel(void) {
  fprintf(stderr, "testLaunchKernel\n");
  char err[512];
  DlcRuntimeProgram *p = dlcRuntimeProgramParse(chain, NULL, err, sizeof err);
  DlcRuntime *rt = p ? dlcRuntimeCreate(0, err, sizeof err) : NULL;
  FILE *f = fopen("q.ptx", "w");
  if (f)
    fclose(f);
  DlcRuntimeExecutable *e = rt ? dlcRuntimeExecutableLoad(rt, p) : NULL;
  if (!e) {
    fprintf(stderr, "error: %s\n", rt ? dlcRuntimeGetLastError(rt) : err);
  } else {
    /* The fake kernels compute: q_r0 t0 = exp2(A), q_r1 B = A + t0. */
    setenv("FAKECUDA_EXEC", "q_r0 1=exp2(0) n=2; q_r1 2=add(0,1) n=3", 1);
    dlcRuntimeExecutableSetTrace(e, printLine, NULL);
    float a[3] = {1, 2, 3}, t[3] = {10, 20, 30}, b[3] = {0, 0, 0};
    DlcRuntimeDevicePtr dev[3] = {0, 0, 0};
    int64_t n = 3;
    for (int i = 0; i < 3; i++)
      dlcRuntimeMalloc(rt, sizeof a, &dev[i]);
    dlcRuntimeCopyToDevice(rt, dev[0], a, sizeof a);
    dlcRuntimeCopyToDevice(rt, dev[1], t, sizeof t);
    if (dlcRuntimeExecutableLaunchKernel(e, 1, dev, &n) != 0 ||
        dlcRuntimeSynchronize(rt) != 0 ||
        dlcRuntimeCopyToHost(rt, b, dev[2], sizeof b) != 0)
      fprintf(stderr, "error: %s\n", dlcRuntimeGetLastError(rt));
    fprintf(stderr, "B = %g %g %g\n", b[0], b[1], b[2]);
    if (dlcRuntimeExecutableLaunchKernel(e, 0, dev, &n) != 0 ||
        dlcRuntimeCopyToHost(rt, t, dev[1], sizeof t) != 0)
      fprintf(stderr, "error: %s\n", dlcRuntimeGetLastError(rt));
    fprintf(stderr, "t0 = %g %g %g\n", t[0], t[1], t[2]);
    if (dlcRuntimeExecutableLaunchKernel(e, 2, dev, &n) != 0)
      fprintf(stderr, "error: %s\n", dlcRuntimeGetLastError(rt));
    for (int i = 0; i < 3; i++)
      dlcRuntimeFree(rt, dev[i]);
    unsetenv("FAKECUDA_EXEC");
    dlcRuntimeExecutableDestroy(e);
  }
  fprintf(stderr, "done\n");
  remove("q.ptx");
  dlcRuntimeDestroy(rt);
  dlcRuntimeProgramDestroy(p);
}

static void writeFile(const char *path, const void *data, size_t bytes) {
  FILE *f = fopen(path, "wb");
  if (f) {
    fwrite(data, 1, bytes, f);
    fclose(f);
  }
}

/* Loads refdata/ (meta.json as given) against q's signature. */
static void loadRef(const DlcRuntimeManifest *sig, const char *meta) {
  writeFile("refdata/meta.json", meta, strlen(meta));
  char err[512];
  DlcRuntimeRefData *d = dlcRuntimeRefDataLoad("refdata", sig, err, sizeof err);
  if (!d) {
    fprintf(stderr, "error: %s\n", err);
    return;
  }
  for (int i = 0; i < dlcRuntimeRefDataGetNumIntermediates(d); i++) {
    const char *name = dlcRuntimeRefDataGetIntermediateName(d, i);
    DlcRuntimeDtype t;
    int64_t count;
    const float *v = dlcRuntimeRefDataGetIntermediate(d, name, &t, &count);
    fprintf(stderr, "intermediate %s: %s x %lld = %g %g %g\n", name,
            dlcRuntimeDtypeToString(t), (long long)count, v[0], v[1], v[2]);
  }
  fprintf(stderr, "intermediates: %d, t1: %s\n",
          dlcRuntimeRefDataGetNumIntermediates(d),
          dlcRuntimeRefDataGetIntermediate(d, "t1", NULL, NULL) ? "found"
                                                                : "none");
  dlcRuntimeRefDataDestroy(d);
}

// CHECK-LABEL: testRefIntermediates
// CHECK-NEXT: intermediate t0: f32 x 3 = 2 4 8
// CHECK-NEXT: intermediates: 1, t1: none
// CHECK-NEXT: intermediates: 0, t1: none
// CHECK-NEXT: error: meta.json: intermediate 't0' needs a "shape" of sizes
// CHECK-NEXT: error: refdata/t0.bin: 12 bytes, expected 16 (4 x f32)
// CHECK-NEXT: error: meta.json: two intermediates named 't0'
static void testRefIntermediates(void) {
  fprintf(stderr, "testRefIntermediates\n");
  char err[512];
  DlcRuntimeProgram *p = dlcRuntimeProgramParse(chain, NULL, err, sizeof err);
  if (!p || (mkdir("refdata", 0777) != 0 && errno != EEXIST)) {
    fprintf(stderr, "error: %s\n", p ? "mkdir" : err);
    dlcRuntimeProgramDestroy(p);
    return;
  }
  float a[3] = {1, 2, 3}, t[3] = {2, 4, 8}, b[3] = {3, 6, 11};
  writeFile("refdata/A.bin", a, sizeof a);
  writeFile("refdata/t0.bin", t, sizeof t);
  writeFile("refdata/B.bin", b, sizeof b);
  const DlcRuntimeManifest *sig = dlcRuntimeProgramGetSignature(p);
  const char *head = "{\"symbols\": {\"N\": 3}, \"params\": ["
                     "{\"name\": \"A\", \"dtype\": \"f32\", \"role\": "
                     "\"input\"}, {\"name\": \"B\", \"dtype\": \"f32\", "
                     "\"role\": \"output\"}";
  const char *t0 = "{\"name\": \"t0\", \"dtype\": \"f32\", \"shape\": "
                   "[3], \"role\": \"intermediate\"}";
  char meta[1024];
  snprintf(meta, sizeof meta, "%s, %s]}", head, t0);
  loadRef(sig, meta);
  snprintf(meta, sizeof meta, "%s]}", head); /* as written before */
  loadRef(sig, meta);
  snprintf(meta, sizeof meta,
           "%s, {\"name\": \"t0\", \"dtype\": \"f32\", \"role\": "
           "\"intermediate\"}]}",
           head);
  loadRef(sig, meta);
  snprintf(meta, sizeof meta,
           "%s, {\"name\": \"t0\", \"dtype\": \"f32\", \"shape\": [2, "
           "2], \"role\": \"intermediate\"}]}",
           head);
  loadRef(sig, meta);
  snprintf(meta, sizeof meta, "%s, %s, %s]}", head, t0, t0);
  loadRef(sig, meta);
  remove("refdata/meta.json");
  remove("refdata/A.bin");
  remove("refdata/B.bin");
  remove("refdata/t0.bin");
  remove("refdata");
  dlcRuntimeProgramDestroy(p);
}

/* `dlc-runtime-test` runs this file's tests; `dlc-runtime-test <part>`
 * another file's (RuntimeTests.h). */
int main(int argc, char **argv) {
  if (argc > 1) {
    if (strcmp(argv[1], "expr") == 0) {
      dlcRuntimeTestExpr();
      return 0;
    }
    if (strcmp(argv[1], "half") == 0) {
      dlcRuntimeTestHalf();
      return 0;
    }
    if (argc > 2 && strcmp(argv[1], "manifest") == 0) {
      dlcRuntimeTestManifest(argv[2]);
      return 0;
    }
    if (argc > 2 && strcmp(argv[1], "refdata") == 0) {
      dlcRuntimeTestRefData(argv[2]);
      return 0;
    }
    fprintf(stderr, "dlc-runtime-test: unknown part '%s'\n", argv[1]);
    return 1;
  }
  testParse();
  testKernel();
  testErrors();
  testRun();
  testLaunchKernel();
  testRefIntermediates();
  return 0;
}
