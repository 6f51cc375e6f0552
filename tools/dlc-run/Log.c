/*===- Log.c - the spec §13 measurement rows (dlc-run --log) -----------===*\
|* One CSV row per kernel appended to the log: what ran (kernel, device,     *|
|* sizes), its work (FLOPs, compulsory bytes), the compiler's view (the    *|
|* cost model's occupancy and estimate, and at which sizes; the plan line) *|
|* and the measured median time.  See docs/runtime.md, "Measurement log".  *|
\*===----------------------------------------------------------------------===*/

#include "Check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char kHeader[] =
    "kernel,device,sizes,flops,bytes,occupancy_est,estimate_us,estimate_at,"
    "actual_us,tflops,gbps,plan\n";

void dlcRunKernelSymbols(const DlcRuntimeProgram *p, int k,
                         const int64_t *progSyms, int64_t *out) {
  const DlcRuntimeManifest *m = dlcRuntimeProgramGetKernel(p, k);
  const DlcRuntimeManifest *sig = dlcRuntimeProgramGetSignature(p);
  for (int i = 0; i < dlcRuntimeManifestGetNumSymbols(m); i++)
    out[i] = progSyms[dlcRuntimeManifestFindSymbol(
        sig, dlcRuntimeManifestGetSymbol(m, i))];
}

/* A CSV field: quoted, inner quotes doubled (RFC 4180). */
static void field(FILE *f, const char *text) {
  fputc('"', f);
  for (const char *c = text ? text : ""; *c; c++) {
    if (*c == '"')
      fputc('"', f);
    fputc(*c, f);
  }
  fputc('"', f);
}

/* Bytes every pointer parameter of kernel manifest m takes: each input
 * read once and each output written once (the compulsory traffic). */
static int compulsoryBytes(const DlcRuntimeManifest *m, const int64_t *syms,
                           int64_t *out) {
  char err[512];
  *out = 0;
  for (int i = 0; i < dlcRuntimeManifestGetNumParams(m); i++) {
    const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
    int64_t n;
    if (p->kind != DLC_RUNTIME_PARAM_PTR)
      continue;
    if (dlcRuntimeManifestGetParamElements(m, i, syms, &n, err, sizeof err) !=
        0) {
      fprintf(stderr, "dlc-run: --log: %s\n", err);
      return -1;
    }
    *out += dlcRuntimeDtypeBytes(p->dtype, n);
  }
  return 0;
}

/* One row; `ms` the kernel's median time. */
static int writeRow(FILE *f, const LogRun *r, int k, const int64_t *syms,
                    double ms) {
  const DlcRuntimeManifest *m = dlcRuntimeProgramGetKernel(r->p, k);
  const DlcRuntimeManifest *sig = dlcRuntimeProgramGetSignature(r->p);
  DlcRuntimeLaunchDims dims;
  int64_t bytes;
  char err[512], sizes[512] = "";
  if (dlcRuntimeManifestGetLaunch(m, syms, &dims, err, sizeof err) != 0) {
    fprintf(stderr, "dlc-run: --log: %s\n", err);
    return -1;
  }
  if (compulsoryBytes(m, syms, &bytes) != 0)
    return -1;
  for (int i = 0, n = 0;
       i < dlcRuntimeManifestGetNumSymbols(sig) && n < (int)sizeof sizes; i++)
    n +=
        snprintf(sizes + n, sizeof sizes - (size_t)n, "%s%s=%" PRId64,
                 i ? " " : "", dlcRuntimeManifestGetSymbol(sig, i), r->syms[i]);
  field(f, dlcRuntimeManifestGetKernelName(m));
  fputc(',', f);
  field(f, r->device);
  fputc(',', f);
  field(f, sizes);
  fprintf(f, ",%" PRId64 ",%" PRId64 ",", dims.flops, bytes);
  double us, occupancy;
  const char *at;
  if (dlcRuntimeManifestGetEstimate(m, &us, &occupancy, &at) == 0) {
    fprintf(f, "%.4g,%.4g,", occupancy, us);
    field(f, at);
  } else {
    fputs(",,", f);
  }
  double seconds = ms * 1e-3;
  fprintf(f, ",%.4f,%.2f,%.2f,", ms * 1e3, (double)dims.flops / seconds / 1e12,
          (double)bytes / seconds / 1e9);
  field(f, dlcRuntimeManifestGetPlan(m));
  fputc('\n', f);
  return 0;
}

int dlcRunAppendLog(const LogRun *r) {
  FILE *f = fopen(r->path, "a");
  if (!f) {
    fprintf(stderr, "dlc-run: --log: cannot open '%s' for appending\n",
            r->path);
    return -1;
  }
  int rc = 0;
  if (ftell(f) == 0)
    fputs(kHeader, f);
  int nk = dlcRuntimeProgramGetNumKernels(r->p);
  for (int k = 0; rc == 0 && k < nk; k++) {
    const DlcRuntimeManifest *m = dlcRuntimeProgramGetKernel(r->p, k);
    int64_t *syms =
        calloc((size_t)dlcRuntimeManifestGetNumSymbols(m) + 1, sizeof(int64_t));
    double ms = r->programMs;
    if (!syms) {
      fprintf(stderr, "dlc-run: out of memory\n");
      rc = -1;
      break;
    }
    dlcRunKernelSymbols(r->p, k, r->syms, syms);
    /* A program's kernels are timed one by one; a lone kernel's time is
     * the program's. */
    if (nk > 1 &&
        dlcRuntimeExecutableTimeKernel(r->exe, k, r->tensors, r->syms,
                                       r->warmup, r->iters, &ms) != 0) {
      fprintf(stderr, "dlc-run: --log: timing kernel %d: %s\n", k,
              dlcRuntimeGetLastError(r->rt));
      rc = -1;
    }
    if (rc == 0)
      rc = writeRow(f, r, k, syms, ms);
    free(syms);
  }
  if (fclose(f) != 0 && rc == 0) {
    fprintf(stderr, "dlc-run: --log: cannot write '%s'\n", r->path);
    rc = -1;
  }
  if (rc == 0)
    printf("log: appended %d row%s to %s\n", nk, nk == 1 ? "" : "s", r->path);
  return rc;
}
