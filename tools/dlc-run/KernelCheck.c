/*===- KernelCheck.c - check each kernel of a program alone -------------===*\
|*                                                                          *|
|* The chained run of a program cannot tell a wrong kernel from an          *|
|* intermediate that the GPU rounded differently: an f16 t0 one ulp off     *|
|* after a differently ordered f32 sum is right, yet the next kernel        *|
|* propagates (and may amplify) the difference.  So each kernel is also     *|
|* run alone on the reference data's values of everything it reads (graph  *|
|* inputs and the intermediates the CPU computed) and its outputs are       *|
|* compared with the reference data: the standard way to verify a chain.    *|
|* See docs/runtime.md, "Per-kernel check".                                 *|
\*===----------------------------------------------------------------------===*/

#include "Check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dlcRunHasIntermediates(const DlcRuntimeProgram *p,
                           const DlcRuntimeRefData *rd, const int64_t *syms,
                           const char *refDir) {
  const char *missing = NULL;
  int found = 0;
  for (int b = 0; b < dlcRuntimeProgramGetNumBuffers(p); b++) {
    const DlcRuntimeBuffer *buf = dlcRuntimeProgramGetBuffer(p, b);
    DlcRuntimeDtype t;
    int64_t count, bytes;
    char err[512];
    if (!dlcRuntimeRefDataGetIntermediate(rd, buf->name, &t, &count)) {
      missing = missing ? missing : buf->name;
      continue;
    }
    found++;
    if (dlcRuntimeProgramGetBufferBytes(p, b, syms, &bytes, err, sizeof err)) {
      fprintf(stderr, "dlc-run: %s\n", err);
      return -1;
    }
    size_t size = dlcRuntimeDtypeSize(buf->dtype);
    /* It is a kernel's input in the check: nothing wider will do. */
    if (t != buf->dtype || count != bytes / (int64_t)size) {
      fprintf(stderr,
              "dlc-run: --ref-data %s: intermediate '%s' is %" PRId64
              " x %s, but the program's buffer holds %" PRId64 " x %s\n",
              refDir, buf->name, count, dlcRuntimeDtypeToString(t),
              bytes / (int64_t)size, dlcRuntimeDtypeToString(buf->dtype));
      return -1;
    }
  }
  if (found && missing) {
    fprintf(stderr,
            "dlc-run: --ref-data %s: has intermediates of the program but "
            "not '%s'\n",
            refDir, missing);
    return -1;
  }
  return found ? 1 : 0;
}

/* The device buffers of one kernel's check, indexed like its params. */
typedef struct {
  int n;
  DlcRuntimeDevicePtr *dev;  /* scratch per pointer param, 0 otherwise */
  DlcRuntimeDevicePtr *ptrs; /* the pointer params in order, for the launch */
  int64_t *count;            /* elements per pointer param */
  int64_t *syms;             /* the kernel's symbol order */
} Scratch;

static void freeScratch(DlcRuntime *rt, Scratch *s) {
  for (int i = 0; s->dev && i < s->n; i++)
    if (s->dev[i])
      dlcRuntimeFree(rt, s->dev[i]);
  free(s->dev);
  free(s->ptrs);
  free(s->count);
  free(s->syms);
}

/* The reference data of parameter i of kernel k: the graph tensor or the
 * intermediate it is bound to. */
static const void *refFor(const KernelCheck *c, int k, int i,
                          DlcRuntimeDtype *t) {
  int index;
  DlcRuntimeBindKind kind = dlcRuntimeProgramGetBinding(c->p, k, i, &index);
  if (kind == DLC_RUNTIME_BIND_TENSOR)
    return dlcRuntimeRefDataGetTensor(c->rd, index, t, NULL);
  if (kind == DLC_RUNTIME_BIND_BUFFER)
    return dlcRuntimeRefDataGetIntermediate(
        c->rd, dlcRuntimeProgramGetBuffer(c->p, index)->name, t, NULL);
  return NULL;
}

/* Inputs filled from the reference data, outputs poisoned (NaN for
 * floating point), so that an element the kernel does not write fails. */
static int allocScratch(const KernelCheck *c, int k, Scratch *s) {
  const DlcRuntimeManifest *m = dlcRuntimeProgramGetKernel(c->p, k);
  int ns = dlcRuntimeManifestGetNumSymbols(m);
  s->n = dlcRuntimeManifestGetNumParams(m);
  s->dev = calloc((size_t)s->n + 1, sizeof *s->dev);
  s->ptrs = calloc((size_t)s->n + 1, sizeof *s->ptrs);
  s->count = calloc((size_t)s->n + 1, sizeof *s->count);
  s->syms = calloc((size_t)ns + 1, sizeof *s->syms);
  if (!s->dev || !s->ptrs || !s->count || !s->syms) {
    fprintf(stderr, "dlc-run: out of memory\n");
    return -1;
  }
  dlcRunKernelSymbols(c->p, k, c->syms, s->syms);
  for (int i = 0, np = 0; i < s->n; i++) {
    const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
    if (p->kind != DLC_RUNTIME_PARAM_PTR)
      continue;
    char err[512];
    if (dlcRuntimeManifestGetParamElements(m, i, s->syms, &s->count[i], err,
                                           sizeof err) != 0) {
      fprintf(stderr, "dlc-run: kernel %s: %s\n",
              dlcRuntimeManifestGetKernelName(m), err);
      return -1;
    }
    size_t bytes = (size_t)dlcRuntimeDtypeBytes(p->dtype, s->count[i]);
    DlcRuntimeDtype t = DLC_RUNTIME_DTYPE_INVALID;
    const void *ref = refFor(c, k, i, &t);
    int input = p->role == DLC_RUNTIME_ROLE_INPUT;
    if (input && (!ref || t != p->dtype)) {
      fprintf(stderr, "dlc-run: --ref-data %s: no %s values for '%s'\n",
              c->refDir, dlcRuntimeDtypeToString(p->dtype), p->name);
      return -1;
    }
    if (dlcRuntimeMalloc(c->rt, bytes, &s->dev[i]) != 0 ||
        (input ? dlcRuntimeCopyToDevice(c->rt, s->dev[i], ref, bytes)
               : dlcRuntimeMemset8(c->rt, s->dev[i], 0xFF, bytes)) != 0) {
      fprintf(stderr, "dlc-run: %s\n", dlcRuntimeGetLastError(c->rt));
      return -1;
    }
    s->ptrs[np++] = s->dev[i];
  }
  return 0;
}

/* Reads each output of kernel k back and compares it: one line each. */
static int compareOutputs(const KernelCheck *c, int k, const Scratch *s) {
  const DlcRuntimeManifest *m = dlcRuntimeProgramGetKernel(c->p, k);
  char prefix[300];
  snprintf(prefix, sizeof prefix,
           "kernel %s: ", dlcRuntimeManifestGetKernelName(m));
  int bad = 0;
  for (int i = 0; i < s->n; i++) {
    const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
    if (p->kind != DLC_RUNTIME_PARAM_PTR || p->role != DLC_RUNTIME_ROLE_OUTPUT)
      continue;
    size_t bytes = (size_t)dlcRuntimeDtypeBytes(p->dtype, s->count[i]);
    void *got = malloc(bytes ? bytes : 1);
    if (!got || dlcRuntimeCopyToHost(c->rt, got, s->dev[i], bytes) != 0) {
      fprintf(stderr, "dlc-run: reading %s back: %s\n", p->name,
              got ? dlcRuntimeGetLastError(c->rt) : "out of memory");
      free(got);
      return -1;
    }
    DlcRuntimeDtype t = DLC_RUNTIME_DTYPE_INVALID;
    const void *want = refFor(c, k, i, &t);
    if (!want) {
      fprintf(stderr, "dlc-run: --ref-data %s: no expected values for '%s'\n",
              c->refDir, p->name);
      free(got);
      return -1;
    }
    char against[300];
    snprintf(against, sizeof against, "%s (reference data, %s)", c->refDir,
             dlcRuntimeDtypeToString(t));
    bad |= dlcRunCompare(prefix, p->name, got, p->dtype, want, t, s->count[i],
                         dlcRunLastDim(m, i, s->syms), against, 1);
    free(got);
  }
  return bad;
}

int dlcRunCheckKernels(const KernelCheck *c) {
  int bad = 0;
  for (int k = 0; k < dlcRuntimeProgramGetNumKernels(c->p); k++) {
    Scratch s;
    memset(&s, 0, sizeof s);
    int rc = allocScratch(c, k, &s);
    if (rc == 0 &&
        (dlcRuntimeExecutableLaunchKernel(c->exe, k, s.ptrs, c->syms) != 0 ||
         dlcRuntimeSynchronize(c->rt) != 0)) {
      fprintf(
          stderr, "dlc-run: kernel %s alone: %s\n",
          dlcRuntimeManifestGetKernelName(dlcRuntimeProgramGetKernel(c->p, k)),
          dlcRuntimeGetLastError(c->rt));
      rc = -1;
    }
    if (rc == 0)
      rc = compareOutputs(c, k, &s);
    freeScratch(c->rt, &s);
    if (rc < 0)
      return -1;
    bad |= rc;
  }
  return bad;
}
