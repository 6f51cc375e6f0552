/* C API test of the runtime's programs (include/dlc/Runtime.h): a program
 * manifest read from text, its signature and parameter bindings, the sizes
 * of its intermediates, a kernel manifest seen as a program, and one run on
 * the fake CUDA driver (test/Runtime/Inputs/fakecuda): the intermediate
 * allocated once per set of sizes, the kernels launched in order, the
 * intermediate freed. Output goes to stderr for FileCheck. */
// RUN: env LD_LIBRARY_PATH=%fakecuda_dir dlc-runtime-test 2>&1 | FileCheck %s

#include "dlc/Runtime.h"

#include <stdio.h>

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

int main(void) {
  testParse();
  testKernel();
  testErrors();
  testRun();
  return 0;
}
