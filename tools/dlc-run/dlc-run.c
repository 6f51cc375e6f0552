/*===- dlc-run.c - launch, check and time a DLC kernel or program ------===*\
|*                                                                          *|
|* dlc-run KERNEL.json M=4095,N=4097,K=4093 [--ref REF.json]                *|
|*         [--ref-data DIR] [--iters N] [--warmup N] [--seed S] [--device D]*|
|*         [--atol A] [--rtol R] [--verbose] [--log=FILE.csv]               *|
|*                                                                          *|
|* Fills the inputs with random values in [-1, 1] (never zero), poisons the *|
|* outputs with NaN, launches once, compares every output with a reference  *|
|* (another kernel on the GPU, or tensors written by the CPU interpreter),  *|
|* then times N launches and prints the median and TFLOP/s.  A program      *|
|* manifest (several kernels) runs the same way: its intermediates are      *|
|* allocated, its kernels launched in order, the whole program checked and  *|
|* timed, and the intermediates freed; when the reference data holds the    *|
|* intermediates, each kernel is also checked alone (KernelCheck.c), and    *|
|* those checks decide.  --log appends the spec §13 measurement row of     *|
|* each kernel to a CSV file (Log.c).                                       *|
|* Exit status: 0 pass, 1 mismatch, 2 error.  See docs/runtime.md.          *|
\*===----------------------------------------------------------------------===*/

#include "Check.h"
#include "dlc/Runtime.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *manifest;
  const char *sizes;
  const char *ref;
  const char *refData;
  const char *log; /* --log=FILE.csv, NULL: none */
  int iters, warmup, device, verbose;
  uint64_t seed;
} Options;

/* Buffers of one kernel's pointer parameters, indexed like its params. */
typedef struct {
  int n;
  DlcRuntimeDevicePtr *dev;  /* device buffer per param (0 for i64) */
  int64_t *count;            /* elements per param (bytes fit int64) */
  DlcRuntimeDevicePtr *ptrs; /* pointer params in order, for launches */
} Buffers;

static void usage(FILE *f) {
  fprintf(
      f,
      "usage: dlc-run KERNEL.json [SYM=V,...] [--ref REF.json] [--ref-data "
      "DIR]\n"
      "               [--iters N] [--warmup N] [--seed S] [--device D] "
      "[--atol A] [--rtol R] [--verbose]\n"
      "  KERNEL.json      a kernel manifest, or a program manifest (several\n"
      "                   kernels launched in order)\n"
      "  SYM=V,...        symbol values, e.g. M=4095,N=4097,K=4093 (all the\n"
      "                   kernel's symbols; optional with --ref-data)\n"
      "  --ref REF.json   check against another kernel (same params) on the "
      "GPU\n"
      "  --ref-data DIR   launch with DIR's inputs, check against its outputs\n"
      "                   (and, when DIR holds a program's intermediates, "
      "each\n"
      "                   kernel alone against them, which decides)\n"
      "  --iters N        timed launches, median reported (default 20; 0: "
      "none)\n"
      "  --warmup N       untimed launches first (default 5)\n"
      "  --seed S         seed of the random inputs (default 1)\n"
      "  --device D       CUDA device ordinal (default 0)\n"
      "  --atol A, --rtol R  the check's tolerances, |y - ref| <= A + R*|ref| "
      "+\n"
      "                   ulp(ref) (default 1e-3 each; at most 1)\n"
      "  --verbose        print each allocation of an intermediate, each\n"
      "                   launch and each free of the checked run\n"
      "  --log=FILE.csv   append one measurement row per kernel (spec "
      "13):\n"
      "                   FLOPs, bytes, estimate, time, plan\n");
}

static int parseInt(const char *s, long long lo, long long hi, long long *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (!*s || *end || errno || v < lo || v > hi)
    return -1;
  *out = v;
  return 0;
}

static int parseArgs(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  o->iters = 20;
  o->warmup = 5;
  o->seed = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    long long v;
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      usage(stdout);
      exit(0);
    }
    int takesValue = strcmp(a, "--ref") == 0 || strcmp(a, "--ref-data") == 0 ||
                     strcmp(a, "--iters") == 0 || strcmp(a, "--warmup") == 0 ||
                     strcmp(a, "--seed") == 0 || strcmp(a, "--device") == 0 ||
                     strcmp(a, "--atol") == 0 || strcmp(a, "--rtol") == 0;
    if (takesValue && i + 1 >= argc) {
      fprintf(stderr, "dlc-run: %s needs a value\n", a);
      return -1;
    }
    if (strcmp(a, "--verbose") == 0 || strcmp(a, "-v") == 0) {
      o->verbose = 1;
    } else if (strncmp(a, "--log=", 6) == 0) {
      o->log = a + 6;
      if (!o->log[0]) {
        fprintf(stderr, "dlc-run: --log needs a file name (--log=FILE.csv)\n");
        return -1;
      }
    } else if (strcmp(a, "--ref") == 0) {
      o->ref = argv[++i];
    } else if (strcmp(a, "--ref-data") == 0) {
      o->refData = argv[++i];
    } else if (strcmp(a, "--iters") == 0 || strcmp(a, "--warmup") == 0 ||
               strcmp(a, "--device") == 0) {
      if (parseInt(argv[i + 1], 0, 1000000, &v) != 0) {
        fprintf(stderr, "dlc-run: %s wants a non-negative integer, not '%s'\n",
                a, argv[i + 1]);
        return -1;
      }
      if (strcmp(a, "--iters") == 0)
        o->iters = (int)v;
      else if (strcmp(a, "--warmup") == 0)
        o->warmup = (int)v;
      else
        o->device = (int)v;
      i++;
    } else if (strcmp(a, "--atol") == 0 || strcmp(a, "--rtol") == 0) {
      char *end;
      errno = 0;
      double t = strtod(argv[i + 1], &end);
      if (!*argv[i + 1] || *end || errno || !(t >= 0 && t <= 1)) {
        fprintf(stderr, "dlc-run: %s wants a number in [0, 1], not '%s'\n", a,
                argv[i + 1]);
        return -1;
      }
      *(strcmp(a, "--atol") == 0 ? &dlcRunAtol : &dlcRunRtol) = t;
      i++;
    } else if (strcmp(a, "--seed") == 0) {
      if (parseInt(argv[++i], 0, INT64_MAX, &v) != 0) {
        fprintf(stderr, "dlc-run: --seed wants a non-negative integer\n");
        return -1;
      }
      o->seed = (uint64_t)v;
    } else if (a[0] == '-') {
      fprintf(stderr, "dlc-run: unknown option '%s'\n", a);
      return -1;
    } else if (!o->manifest) {
      o->manifest = a;
    } else if (!o->sizes) {
      o->sizes = a;
    } else {
      fprintf(stderr, "dlc-run: unexpected argument '%s'\n", a);
      return -1;
    }
  }
  if (!o->manifest) {
    fprintf(stderr, "dlc-run: no kernel manifest given\n");
    return -1;
  }
  if (o->log && o->iters == 0) {
    fprintf(stderr, "dlc-run: --log records timed runs: give --iters >= 1\n");
    return -1;
  }
  return 0;
}

/* Whether every symbol of `m` that is not derived has a value (seen[i];
 * `seen` null: none given). If not, names the missing ones in one message
 * (a static kernel has none to give). Checked after the manifest loads,
 * so that a missing file is reported as such. */
static bool haveAllSymbols(const DlcRuntimeManifest *m, const char *kind,
                           const int *seen) {
  int ns = dlcRuntimeManifestGetNumSymbols(m), missing = 0;
  for (int i = 0; i < ns; i++) {
    if (dlcRuntimeManifestGetDerived(m, i) || (seen && seen[i]))
      continue;
    if (missing++ == 0)
      fprintf(stderr, "dlc-run: %s '%s' needs a value for each symbol: give ",
              kind, dlcRuntimeManifestGetKernelName(m));
    fprintf(stderr, "%s%s=<value>", missing > 1 ? "," : "",
            dlcRuntimeManifestGetSymbol(m, i));
  }
  if (missing)
    fprintf(stderr, seen ? "\n" : ", or --ref-data DIR\n");
  return missing == 0;
}

/* Parses "M=1,N=2" into symbol values (manifest order) and marks them in
 * seen[]; every symbol is needed unless `partial`.  `kind` is "kernel" or
 * "program", for messages. */
static int parseSizes(const char *sizes, const DlcRuntimeManifest *m,
                      const char *kind, int64_t *syms, int *seen, int partial) {
  char *copy = malloc(strlen(sizes) + 1);
  int rc = -1;
  if (!copy)
    goto done;
  strcpy(copy, sizes);
  for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
    char *eq = strchr(tok, '=');
    long long v;
    if (!eq) {
      fprintf(stderr, "dlc-run: bad size '%s' (want NAME=VALUE)\n", tok);
      goto done;
    }
    *eq = '\0';
    int idx = dlcRuntimeManifestFindSymbol(m, tok);
    if (idx < 0) {
      fprintf(stderr, "dlc-run: '%s' is not a symbol of %s '%s'\n", tok, kind,
              dlcRuntimeManifestGetKernelName(m));
      goto done;
    }
    if (parseInt(eq + 1, 1, INT32_MAX, &v) != 0) {
      fprintf(stderr, "dlc-run: %s=%s: sizes are integers >= 1\n", tok, eq + 1);
      goto done;
    }
    syms[idx] = v;
    seen[idx] = 1;
  }
  rc = partial || haveAllSymbols(m, kind, seen) ? 0 : -1;
done:
  free(copy);
  return rc;
}

/*===--------------------------- host values -----------------------------===*/

static uint64_t nextRandom(uint64_t *s) { /* xorshift64* */
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 2685821657736338717ull;
}

/* Uniform in [-1, 1], never zero after rounding to the parameter's type. */
static void fillRandom(void *data, DlcRuntimeDtype t, int64_t n,
                       uint64_t *state) {
  for (int64_t i = 0; i < n; i++) {
    double u = (double)(nextRandom(state) >> 11) * 0x1p-53 * 2.0 - 1.0;
    float f = (float)u;
    switch (t) {
    case DLC_RUNTIME_DTYPE_F16: {
      uint16_t h = dlcRuntimeFloatToHalf(f);
      if ((h & 0x7FFF) == 0)
        h = (uint16_t)(h | 0x1400); /* +-2^-10 */
      ((uint16_t *)data)[i] = h;
      break;
    }
    case DLC_RUNTIME_DTYPE_BF16: {
      uint32_t b;
      memcpy(&b, &f, 4);
      uint16_t h = (uint16_t)((b + 0x7FFF + ((b >> 16) & 1)) >> 16);
      ((uint16_t *)data)[i] = (h & 0x7FFF) ? h : (uint16_t)(h | 0x3A80);
      break;
    }
    case DLC_RUNTIME_DTYPE_F32:
      ((float *)data)[i] = f != 0.0f ? f : 0x1p-10f;
      break;
    case DLC_RUNTIME_DTYPE_F64:
      ((double *)data)[i] = u != 0.0 ? u : 0x1p-10;
      break;
    case DLC_RUNTIME_DTYPE_I32:
      ((int32_t *)data)[i] = (int32_t)(u * 8) | 1;
      break;
    case DLC_RUNTIME_DTYPE_I64:
      ((int64_t *)data)[i] = (int64_t)(u * 8) | 1;
      break;
    case DLC_RUNTIME_DTYPE_I1: /* mostly 1: a mask keeping most keys */
      ((uint8_t *)data)[i] = u > -0.5;
      break;
    default:
      break;
    }
  }
}

/*===------------------------------ buffers ------------------------------===*/

static void freeBuffers(DlcRuntime *rt, Buffers *b) {
  for (int i = 0; i < b->n; i++)
    if (b->dev && b->dev[i])
      dlcRuntimeFree(rt, b->dev[i]);
  free(b->dev);
  free(b->count);
  free(b->ptrs);
  memset(b, 0, sizeof *b);
}

/* Allocates every pointer parameter; when `share` is given, inputs reuse its
 * buffers by parameter name (same kernel signature) and only outputs are new.
 * Outputs are poisoned with 0xFF bytes (NaN for floating point). */
static int allocBuffers(DlcRuntime *rt, const DlcRuntimeManifest *m,
                        const int64_t *syms, Buffers *b,
                        const DlcRuntimeManifest *sm, const Buffers *share) {
  b->n = dlcRuntimeManifestGetNumParams(m);
  b->dev = calloc((size_t)b->n + 1, sizeof *b->dev);
  b->count = calloc((size_t)b->n + 1, sizeof *b->count);
  b->ptrs = calloc((size_t)b->n + 1, sizeof *b->ptrs);
  if (!b->dev || !b->count || !b->ptrs) {
    fprintf(stderr, "dlc-run: out of memory\n");
    return -1;
  }
  int np = 0;
  for (int i = 0; i < b->n; i++) {
    const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
    if (p->kind != DLC_RUNTIME_PARAM_PTR)
      continue;
    char err[512];
    if (dlcRuntimeManifestGetParamElements(m, i, syms, &b->count[i], err,
                                           sizeof err) != 0) {
      fprintf(stderr, "dlc-run: %s\n", err);
      return -1;
    }
    DlcRuntimeDevicePtr mine = 0;
    if (share && p->role == DLC_RUNTIME_ROLE_INPUT) {
      for (int j = 0; j < share->n; j++)
        if (strcmp(dlcRuntimeManifestGetParam(sm, j)->name, p->name) == 0)
          mine = share->dev[j];
    } else {
      size_t bytes = (size_t)dlcRuntimeDtypeBytes(p->dtype, b->count[i]);
      if (dlcRuntimeMalloc(rt, bytes, &b->dev[i]) != 0 ||
          (p->role == DLC_RUNTIME_ROLE_OUTPUT &&
           dlcRuntimeMemset8(rt, b->dev[i], 0xFF, bytes) != 0)) {
        fprintf(stderr, "dlc-run: %s\n", dlcRuntimeGetLastError(rt));
        return -1;
      }
      mine = b->dev[i];
    }
    b->ptrs[np++] = mine;
  }
  return 0;
}

/* The parameters before the first tensor map. */
static int untilTensorMaps(const DlcRuntimeManifest *m) {
  int n = 0;
  while (n < dlcRuntimeManifestGetNumParams(m) &&
         dlcRuntimeManifestGetParam(m, n)->kind != DLC_RUNTIME_PARAM_TENSORMAP)
    n++;
  return n;
}

/* The reference kernel must take the same parameters (name, kind, dtype,
 * role) and the same symbols as the kernel under test. */
static int sameSignature(const DlcRuntimeManifest *a,
                         const DlcRuntimeManifest *b) {
  /* Tensor maps (SM90) are the kernel's own business: they come last and
   * are not compared, so an SM90 kernel can be checked against an SM80 one. */
  if (untilTensorMaps(a) != untilTensorMaps(b) ||
      dlcRuntimeManifestGetNumSymbols(a) != dlcRuntimeManifestGetNumSymbols(b))
    return 0;
  for (int i = 0; i < dlcRuntimeManifestGetNumSymbols(a); i++)
    if (strcmp(dlcRuntimeManifestGetSymbol(a, i),
               dlcRuntimeManifestGetSymbol(b, i)) != 0)
      return 0;
  for (int i = 0; i < untilTensorMaps(a); i++) {
    const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(a, i);
    const DlcRuntimeParam *q = dlcRuntimeManifestGetParam(b, i);
    if (strcmp(p->name, q->name) != 0 || p->kind != q->kind ||
        p->dtype != q->dtype || p->role != q->role)
      return 0;
  }
  return 1;
}

/* Pointer parameter i's dimensions under `syms` as "[64, 64]"; -1 with
 * the message in `text` when one cannot be evaluated. */
static int shapeText(const DlcRuntimeManifest *m, int i, const int64_t *syms,
                     char *text, size_t size) {
  const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
  size_t used = (size_t)snprintf(text, size, "[");
  for (int d = 0; d < p->rank && used < size; d++) {
    int64_t v;
    if (dlcRuntimeManifestGetParamDim(m, i, d, syms, &v, text, size) != 0)
      return -1;
    used += (size_t)snprintf(text + used, size - used, "%s%" PRId64,
                             d ? ", " : "", v);
  }
  if (used < size)
    snprintf(text + used, size - used, "]");
  return 0;
}

/* Whether pointer parameter i has the same shape in `a` and `b` under
 * `syms`: outputs are compared over the kernel's element count and inputs
 * shared by name, so a reference of another shape would be read past its
 * buffers. Prints why not. */
static int sameShape(const DlcRuntimeManifest *a, const DlcRuntimeManifest *b,
                     int i, const int64_t *syms, const char *ref) {
  char x[256], y[256];
  if (shapeText(a, i, syms, x, sizeof x) != 0 ||
      shapeText(b, i, syms, y, sizeof y) != 0) {
    fprintf(stderr, "dlc-run: --ref %s: %s\n", ref,
            shapeText(a, i, syms, x, sizeof x) != 0 ? x : y);
    return 0;
  }
  if (strcmp(x, y) == 0)
    return 1;
  fprintf(stderr,
          "dlc-run: --ref %s: parameter '%s' has shape %s in '%s' but %s in "
          "'%s'\n",
          ref, dlcRuntimeManifestGetParam(a, i)->name, y,
          dlcRuntimeManifestGetKernelName(b), x,
          dlcRuntimeManifestGetKernelName(a));
  return 0;
}

/*===-------------------------------- main -------------------------------===*/

/* The program under test and the --ref one; `m` and `refM` are their
 * signatures (the graph tensors and symbols; for a kernel manifest, the
 * kernel's own parameters). */
typedef struct {
  Options o;
  DlcRuntimeProgram *p, *refP;
  const DlcRuntimeManifest *m, *refM;
  DlcRuntimeRefData *rd;
  DlcRuntime *rt;
  DlcRuntimeExecutable *exe, *refExe;
  Buffers buf, refBuf;
  int64_t *syms;
  void **host; /* host copy of each pointer param (inputs, then outputs) */
  /* Check each kernel alone: a program whose reference data holds its
   * intermediates (KernelCheck.c). */
  int perKernel;
  int refBad, dataBad, kernelsBad; /* mismatches: --ref, --ref-data, alone */
} Run;

/* Derived symbols (docs/conventions.md) follow from the free ones; a value
 * given for one (check[i], or every one from reference data) must agree. */
static int deriveSymbols(Run *r, const int *check) {
  char err[512];
  int ns = dlcRuntimeManifestGetNumSymbols(r->m);
  int *all = NULL;
  if (!check && r->rd) {
    if (!(all = calloc((size_t)ns + 1, sizeof(int))))
      return -1;
    for (int i = 0; i < ns; i++)
      all[i] = 1;
    check = all;
  }
  int rc =
      dlcRuntimeManifestDeriveSymbols(r->m, r->syms, check, err, sizeof err);
  if (rc != 0)
    fprintf(stderr, "dlc-run: %s\n", err);
  free(all);
  return rc;
}

static int downloadOutputs(Run *r, const Buffers *b, void **host) {
  for (int i = 0; i < b->n; i++) {
    const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(r->m, i);
    if (p->kind != DLC_RUNTIME_PARAM_PTR || p->role != DLC_RUNTIME_ROLE_OUTPUT)
      continue;
    size_t bytes = (size_t)dlcRuntimeDtypeBytes(p->dtype, b->count[i]);
    free(host[i]);
    if (!(host[i] = malloc(bytes ? bytes : 1)) ||
        dlcRuntimeCopyToHost(r->rt, host[i], b->dev[i], bytes) != 0) {
      fprintf(stderr, "dlc-run: reading %s back: %s\n", p->name,
              host[i] ? dlcRuntimeGetLastError(r->rt) : "out of memory");
      return -1;
    }
  }
  return 0;
}

static const char *kindOf(const DlcRuntimeProgram *p) {
  return dlcRuntimeProgramIsProgramManifest(p) ? "program" : "kernel";
}

static void printTrace(const char *line, void *userData) {
  (void)userData;
  printf("  %s\n", line);
}

/* What needs no GPU is checked before the driver loads, so that a bad
 * manifest says so on any machine: the PTX file can be read, and the
 * launch dims evaluate to a launch (printHeader evaluates them again). */
static int checkBeforeDriver(Run *r) {
  const char *ptx = dlcRuntimeManifestGetPtxPath(r->m);
  FILE *f = fopen(ptx, "rb");
  int readable = f && (fgetc(f) != EOF || !ferror(f));
  int why = errno;
  if (f)
    fclose(f);
  if (!readable) {
    fprintf(stderr, "dlc-run: %s '%s': cannot read its PTX '%s': %s\n",
            kindOf(r->p), dlcRuntimeManifestGetKernelName(r->m), ptx,
            strerror(why));
    return -1;
  }
  char err[512];
  DlcRuntimeLaunchDims dims;
  if (dlcRuntimeManifestGetLaunch(r->m, r->syms, &dims, err, sizeof err) != 0) {
    fprintf(stderr, "dlc-run: %s\n", err);
    return -1;
  }
  return 0;
}

static int setUp(Run *r) {
  char err[1024];
  if (!(r->p = dlcRuntimeProgramLoad(r->o.manifest, err, sizeof err))) {
    fprintf(stderr, "dlc-run: %s\n", err);
    return -1;
  }
  r->m = dlcRuntimeProgramGetSignature(r->p);
  int ns = dlcRuntimeManifestGetNumSymbols(r->m);
  int np = dlcRuntimeManifestGetNumParams(r->m);
  r->syms = calloc((size_t)ns + 1, sizeof(int64_t));
  r->host = calloc((size_t)np + 1, sizeof(void *));
  if (!r->syms || !r->host)
    return -1;
  if (r->o.refData) {
    if (!(r->rd = dlcRuntimeRefDataLoad(r->o.refData, r->m, err, sizeof err))) {
      fprintf(stderr, "dlc-run: --ref-data %s: %s\n", r->o.refData, err);
      return -1;
    }
    memcpy(r->syms, dlcRuntimeRefDataGetSymbols(r->rd),
           (size_t)ns * sizeof(int64_t));
  }
  if (r->o.sizes) {
    /* With reference data the sizes are optional; those given must agree. */
    int64_t *given = calloc((size_t)ns + 1, sizeof(int64_t));
    int *seen = calloc((size_t)ns + 1, sizeof(int));
    int rc = given && seen ? parseSizes(r->o.sizes, r->m, kindOf(r->p), given,
                                        seen, r->rd != NULL)
                           : -1;
    for (int i = 0; rc == 0 && i < ns; i++) {
      if (r->rd && seen[i] && given[i] != r->syms[i] &&
          !dlcRuntimeManifestGetDerived(r->m, i)) {
        fprintf(stderr,
                "dlc-run: %s=%" PRId64 " but the reference data has %" PRId64
                "\n",
                dlcRuntimeManifestGetSymbol(r->m, i), given[i], r->syms[i]);
        rc = -1;
      }
      if (!r->rd || seen[i])
        r->syms[i] = given[i];
    }
    for (int i = 0; rc == 0 && i < ns; i++)
      seen[i] |= r->rd != NULL;
    rc = rc == 0 ? deriveSymbols(r, seen) : -1;
    free(given);
    free(seen);
    if (rc != 0)
      return -1;
  } else if (!r->rd && !haveAllSymbols(r->m, kindOf(r->p), NULL)) {
    return -1;
  } else if (deriveSymbols(r, NULL) != 0) {
    return -1;
  }
  if (r->o.ref) {
    if (!(r->refP = dlcRuntimeProgramLoad(r->o.ref, err, sizeof err))) {
      fprintf(stderr, "dlc-run: --ref: %s\n", err);
      return -1;
    }
    r->refM = dlcRuntimeProgramGetSignature(r->refP);
    if (!sameSignature(r->m, r->refM)) {
      fprintf(stderr,
              "dlc-run: --ref %s: %s '%s' does not take the same parameters "
              "and symbols as '%s'\n",
              r->o.ref, kindOf(r->refP),
              dlcRuntimeManifestGetKernelName(r->refM),
              dlcRuntimeManifestGetKernelName(r->m));
      return -1;
    }
    for (int i = 0; i < untilTensorMaps(r->m); i++)
      if (dlcRuntimeManifestGetParam(r->m, i)->kind == DLC_RUNTIME_PARAM_PTR &&
          !sameShape(r->m, r->refM, i, r->syms, r->o.ref))
        return -1;
  }
  if (checkBeforeDriver(r) != 0)
    return -1;
  if (!(r->rt = dlcRuntimeCreate(r->o.device, err, sizeof err))) {
    fprintf(stderr, "dlc-run: %s\n", err);
    return -1;
  }
  if (!(r->exe = dlcRuntimeExecutableLoad(r->rt, r->p)) ||
      (r->refP && !(r->refExe = dlcRuntimeExecutableLoad(r->rt, r->refP)))) {
    fprintf(stderr, "dlc-run: %s\n", dlcRuntimeGetLastError(r->rt));
    return -1;
  }
  if (r->o.verbose)
    dlcRuntimeExecutableSetTrace(r->exe, printTrace, NULL);
  return 0;
}

static int uploadInputs(Run *r) {
  uint64_t state = r->o.seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
  for (int i = 0; i < r->buf.n; i++) {
    const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(r->m, i);
    if (p->kind != DLC_RUNTIME_PARAM_PTR || p->role != DLC_RUNTIME_ROLE_INPUT)
      continue;
    size_t bytes = (size_t)dlcRuntimeDtypeBytes(p->dtype, r->buf.count[i]);
    const void *src =
        r->rd ? dlcRuntimeRefDataGetTensor(r->rd, i, NULL, NULL) : NULL;
    if (!src) {
      if (!(r->host[i] = malloc(bytes ? bytes : 1)))
        return -1;
      fillRandom(r->host[i], p->dtype, r->buf.count[i], &state);
      src = r->host[i];
    }
    if (dlcRuntimeCopyToDevice(r->rt, r->buf.dev[i], src, bytes) != 0) {
      fprintf(stderr, "dlc-run: %s\n", dlcRuntimeGetLastError(r->rt));
      return -1;
    }
  }
  return 0;
}

static int launchAndWait(Run *r, DlcRuntimeExecutable *e, const Buffers *b,
                         const char *what) {
  if (dlcRuntimeExecutableLaunch(e, b->ptrs, r->syms) != 0 ||
      dlcRuntimeSynchronize(r->rt) != 0) {
    fprintf(stderr, "dlc-run: %s: %s\n", what, dlcRuntimeGetLastError(r->rt));
    return -1;
  }
  return 0;
}

/* Compares the outputs of the chained run; sets r->refBad and
 * r->dataBad.  Returns 0, or -1 on an error. */
static int checkOutputs(Run *r) {
  int rc = 0;
  void **refHost = NULL;
  /* With the per-kernel check this is not the verdict, and says so. */
  const char *label =
      r->perKernel ? "end-to-end (chained, intermediates rounded by the GPU): "
                   : "";
  if (r->refExe) {
    refHost = calloc((size_t)r->buf.n + 1, sizeof(void *));
    if (!refHost ||
        allocBuffers(r->rt, r->refM, r->syms, &r->refBuf, r->m, &r->buf) != 0 ||
        launchAndWait(r, r->refExe, &r->refBuf, "reference kernel") != 0 ||
        downloadOutputs(r, &r->refBuf, refHost) != 0) {
      rc = -1;
      goto done;
    }
  }
  for (int i = 0; i < r->buf.n; i++) {
    const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(r->m, i);
    if (p->kind != DLC_RUNTIME_PARAM_PTR || p->role != DLC_RUNTIME_ROLE_OUTPUT)
      continue;
    int64_t cols = dlcRunLastDim(r->m, i, r->syms);
    if (refHost) {
      char against[300];
      snprintf(against, sizeof against, "%s (GPU)",
               dlcRuntimeManifestGetKernelName(r->refM));
      r->refBad |= dlcRunCompare("", p->name, r->host[i], p->dtype, refHost[i],
                                 p->dtype, r->buf.count[i], cols, against, 0);
    }
    if (r->rd) {
      DlcRuntimeDtype t;
      const void *want = dlcRuntimeRefDataGetTensor(r->rd, i, &t, NULL);
      char against[300];
      snprintf(against, sizeof against, "%s (reference data, %s)", r->o.refData,
               dlcRuntimeDtypeToString(t));
      r->dataBad |= dlcRunCompare(label, p->name, r->host[i], p->dtype, want, t,
                                  r->buf.count[i], cols, against, 1);
    }
    if (!refHost && !r->rd) {
      int64_t nonfinite = 0;
      for (int64_t e = 0; e < r->buf.count[i]; e++)
        nonfinite += !isfinite(dlcRunValueAt(r->host[i], p->dtype, e));
      printf("%s: not checked (give --ref or --ref-data); %" PRId64
             " of %" PRId64 " elements not finite\n",
             p->name, nonfinite, r->buf.count[i]);
    }
  }
done:
  for (int i = 0; refHost && i < r->buf.n; i++)
    free(refHost[i]);
  free(refHost);
  return rc;
}

/* Each kernel alone on the reference data (KernelCheck.c); sets
 * r->kernelsBad.  Returns 0, or -1 on an error. */
static int checkKernels(Run *r) {
  printf("per-kernel check (each kernel alone, every input it reads from the "
         "reference data):\n");
  KernelCheck c = {r->rt, r->p, r->exe, r->rd, r->o.refData, r->syms};
  int rc = dlcRunCheckKernels(&c);
  if (rc < 0)
    return -1;
  r->kernelsBad = rc;
  return 0;
}

/* Prints the rule and what decided; returns 1 on a mismatch, else 0.  With
 * the per-kernel check, the kernels alone decide (and --ref, a check of its
 * own): a chained output off by the propagated rounding of an intermediate
 * is no kernel's error. */
static int verdict(Run *r) {
  if (r->refExe || r->rd)
    printf("rule: |y - ref| <= %g + %g*|ref| + ulp(ref) in the output type "
           "(i1: y == ref)\n",
           dlcRunAtol, dlcRunRtol);
  if (!r->perKernel) {
    if (r->rd && dlcRuntimeProgramGetNumBuffers(r->p) > 0)
      printf("per-kernel check: not run (the reference data has no "
             "intermediates); the end-to-end check decides\n");
    return r->refBad | r->dataBad;
  }
  if (r->kernelsBad)
    printf("verdict: FAIL (a kernel's output differs from the reference data "
           "on reference inputs)\n");
  else if (r->refBad)
    printf("verdict: FAIL (the outputs differ from the --ref program's)\n");
  else if (r->dataBad)
    printf("verdict: PASS (every kernel passes alone; the end-to-end "
           "mismatches are the rounding of the intermediates on the GPU "
           "propagated through the next kernels, not a kernel error)\n");
  else
    printf("verdict: PASS (every kernel passes alone, and end to end)\n");
  return r->refBad | r->kernelsBad;
}

static void tearDown(Run *r) {
  if (r->rt) {
    freeBuffers(r->rt, &r->refBuf);
    freeBuffers(r->rt, &r->buf);
  }
  for (int i = 0; r->host && r->m && i < dlcRuntimeManifestGetNumParams(r->m);
       i++)
    free(r->host[i]);
  free(r->host);
  free(r->syms);
  dlcRuntimeExecutableDestroy(r->refExe);
  dlcRuntimeExecutableDestroy(r->exe); /* frees the intermediates */
  dlcRuntimeDestroy(r->rt);
  dlcRuntimeRefDataDestroy(r->rd);
  dlcRuntimeProgramDestroy(r->refP);
  dlcRuntimeProgramDestroy(r->p);
}

/* "kernel K on GPU: M=.. ; grid .." or "program P on GPU: M=.. ; 2
 * kernels, 1 intermediate"; dims gets the flops (the sum over the kernels
 * for a program). */
static int printHeader(Run *r, DlcRuntimeLaunchDims *dims) {
  char err[512];
  if (dlcRuntimeManifestGetLaunch(r->m, r->syms, dims, err, sizeof err) != 0) {
    fprintf(stderr, "dlc-run: %s\n", err);
    return -1;
  }
  printf("%s %s on %s:", kindOf(r->p), dlcRuntimeManifestGetKernelName(r->m),
         dlcRuntimeGetDeviceName(r->rt));
  for (int i = 0; i < dlcRuntimeManifestGetNumSymbols(r->m); i++)
    printf(" %s=%" PRId64, dlcRuntimeManifestGetSymbol(r->m, i), r->syms[i]);
  if (dlcRuntimeProgramIsProgramManifest(r->p)) {
    int nk = dlcRuntimeProgramGetNumKernels(r->p);
    int nb = dlcRuntimeProgramGetNumBuffers(r->p);
    printf("; %d kernel%s, %d intermediate%s\n", nk, nk == 1 ? "" : "s", nb,
           nb == 1 ? "" : "s");
    return 0;
  }
  printf("; grid %" PRId64 "x%" PRId64 "x%" PRId64 ", block %" PRId64
         "x%" PRId64 "x%" PRId64 ", %" PRId64 " bytes shared\n",
         dims->grid[0], dims->grid[1], dims->grid[2], dims->block[0],
         dims->block[1], dims->block[2], dims->dynamicSmemBytes);
  return 0;
}

int main(int argc, char **argv) {
  Run r;
  memset(&r, 0, sizeof r);
  if (parseArgs(argc, argv, &r.o) != 0) {
    fprintf(stderr, "dlc-run: try 'dlc-run --help'\n");
    return 2;
  }
  int status = 2;
  if (setUp(&r) != 0 ||
      allocBuffers(r.rt, r.m, r.syms, &r.buf, NULL, NULL) != 0 ||
      uploadInputs(&r) != 0)
    goto done;
  if (r.rd && dlcRuntimeProgramGetNumKernels(r.p) > 1 &&
      (r.perKernel = dlcRunHasIntermediates(r.p, r.rd, r.syms, r.o.refData)) <
          0)
    goto done;

  DlcRuntimeLaunchDims dims;
  if (printHeader(&r, &dims) != 0 ||
      launchAndWait(&r, r.exe, &r.buf, kindOf(r.p)) != 0 ||
      downloadOutputs(&r, &r.buf, r.host) != 0)
    goto done;
  if (checkOutputs(&r) != 0 || (r.perKernel && checkKernels(&r) != 0))
    goto done;
  int check = verdict(&r);
  if (r.o.iters > 0) {
    double ms;
    if (dlcRuntimeExecutableTime(r.exe, r.buf.ptrs, r.syms, r.o.warmup,
                                 r.o.iters, &ms) != 0) {
      fprintf(stderr, "dlc-run: timing: %s\n", dlcRuntimeGetLastError(r.rt));
      goto done;
    }
    printf("time: median %.4f ms of %d %s (after %d warm-up)", ms, r.o.iters,
           dlcRuntimeProgramIsProgramManifest(r.p) ? "runs of the program"
                                                   : "launches",
           r.o.warmup);
    if (dims.flops > 0)
      printf(", %.1f TFLOP/s", (double)dims.flops / (ms * 1e-3) / 1e12);
    printf("\n");
    LogRun log = {r.o.log,
                  r.rt,
                  r.p,
                  r.exe,
                  r.buf.ptrs,
                  r.syms,
                  dlcRuntimeGetDeviceName(r.rt),
                  r.o.warmup,
                  r.o.iters,
                  ms};
    if (r.o.log && dlcRunAppendLog(&log) != 0)
      goto done;
  }
  status = check ? 1 : 0;
done:
  tearDown(&r);
  return status;
}
