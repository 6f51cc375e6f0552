/*===- Runtime.c - devices, memory, kernel load, launch and timing -----===*/

#include "dlc/Runtime.h"
#include "Driver.h"
#include "Json.h"
#include "TensorMap.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct DlcRuntime {
  DlcDriver drv;
  CUdevice device;
  CUcontext ctx;
  CUstream stream; /* launches, events and repacks; NULL: the default */
  int maxSmemOptin;
  char name[256];
  char error[4096];
};

struct DlcRuntimeKernel {
  DlcRuntime *rt;              /* kept */
  const DlcRuntimeManifest *m; /* kept */
  CUmodule module;             /* owned when ownsModule */
  int ownsModule;
  CUfunction function;
  int smemLimit;          /* bytes the function may take dynamically */
  DlcTensorMaps maps;     /* its TMA tensor maps (SM90), none for most */
  CUdeviceptr workspace;  /* owned: its workspace parameter's memory */
  size_t workspaceBytes;  /* allocated, zeroed when allocated */
  const int64_t *symbols; /* kept from prepare for the maps, borrowed */
  /* Launch-time versions (the manifest's "versions"), owned, sharing the
   * module; `chosen` is the one prepare picked (NULL: this kernel). A
   * version's symbols, in its own order, are `ownSymbols`, owned. */
  int numVersions;
  struct DlcRuntimeKernel **versions;
  struct DlcRuntimeKernel *chosen;
  int64_t *ownSymbols;
};

/* Argument slots a launch of `m` needs: its parameters or a version's,
 * whichever has more. */
static size_t argSlots(const DlcRuntimeManifest *m) {
  int n = dlcRuntimeManifestGetNumParams(m);
  for (int v = 0; v < dlcRuntimeManifestGetNumVersions(m); v++) {
    int nv = dlcRuntimeManifestGetNumParams(dlcRuntimeManifestGetVersion(m, v));
    n = nv > n ? nv : n;
  }
  return (size_t)n + 1;
}

static void setError(DlcRuntime *rt, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(rt->error, sizeof rt->error, fmt, ap);
  va_end(ap);
}

/* Checks a driver result; on failure records "what: CUDA error N (text)". */
static int check(DlcRuntime *rt, CUresult r, const char *what) {
  if (r == 0)
    return 0;
  setError(rt, "%s: CUDA error %d (%s)", what, r,
           dlcDriverErrorString(&rt->drv, r));
  return -1;
}

DlcRuntime *dlcRuntimeCreate(int device, char *err, size_t errSize) {
  DlcRuntime *rt = calloc(1, sizeof *rt);
  if (!rt) {
    snprintf(err, errSize, "out of memory");
    return NULL;
  }
  if (dlcDriverOpen(&rt->drv, err, errSize) != 0) {
    free(rt);
    return NULL;
  }
  int count = 0;
  DlcDriver *d = &rt->drv;
  if (check(rt, d->cuInit(0), "cuInit") == 0 &&
      check(rt, d->cuDeviceGetCount(&count), "cuDeviceGetCount") == 0) {
    if (device < 0 || device >= count)
      setError(rt, "no CUDA device %d (the driver sees %d)", device, count);
    else if (check(rt, d->cuDeviceGet(&rt->device, device), "cuDeviceGet") ==
                 0 &&
             check(rt,
                   d->cuDeviceGetName(rt->name, sizeof rt->name, rt->device),
                   "cuDeviceGetName") == 0 &&
             check(
                 rt,
                 d->cuDeviceGetAttribute(
                     &rt->maxSmemOptin,
                     DLC_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                     rt->device),
                 "cuDeviceGetAttribute") == 0 &&
             check(rt, d->cuDevicePrimaryCtxRetain(&rt->ctx, rt->device),
                   "cuDevicePrimaryCtxRetain") == 0) {
      if (check(rt, d->cuCtxSetCurrent(rt->ctx), "cuCtxSetCurrent") == 0)
        return rt;
      d->cuDevicePrimaryCtxRelease(rt->device);
      rt->ctx = NULL;
    }
  }
  snprintf(err, errSize, "%s", rt->error);
  dlcDriverClose(&rt->drv);
  free(rt);
  return NULL;
}

void dlcRuntimeDestroy(DlcRuntime *rt) {
  if (!rt)
    return;
  if (rt->ctx)
    rt->drv.cuDevicePrimaryCtxRelease(rt->device);
  dlcDriverClose(&rt->drv);
  free(rt);
}

const char *dlcRuntimeGetLastError(const DlcRuntime *rt) { return rt->error; }

void dlcRuntimeSetStream(DlcRuntime *rt, void *stream) {
  rt->stream = (CUstream)stream;
}
void *dlcRuntimeGetStream(const DlcRuntime *rt) { return rt->stream; }
const char *dlcRuntimeGetDeviceName(const DlcRuntime *rt) { return rt->name; }

int dlcRuntimeMalloc(DlcRuntime *rt, size_t bytes, DlcRuntimeDevicePtr *out) {
  CUdeviceptr p = 0;
  char what[64];
  snprintf(what, sizeof what, "cuMemAlloc(%zu bytes)", bytes);
  if (check(rt, rt->drv.cuMemAlloc(&p, bytes ? bytes : 1), what) != 0)
    return -1;
  *out = p;
  return 0;
}

int dlcRuntimeFree(DlcRuntime *rt, DlcRuntimeDevicePtr p) {
  return p ? check(rt, rt->drv.cuMemFree(p), "cuMemFree") : 0;
}

int dlcRuntimeCopyToDevice(DlcRuntime *rt, DlcRuntimeDevicePtr dst,
                           const void *src, size_t bytes) {
  return check(rt, rt->drv.cuMemcpyHtoD(dst, src, bytes), "cuMemcpyHtoD");
}

int dlcRuntimeCopyToHost(DlcRuntime *rt, void *dst, DlcRuntimeDevicePtr src,
                         size_t bytes) {
  return check(rt, rt->drv.cuMemcpyDtoH(dst, src, bytes), "cuMemcpyDtoH");
}

int dlcRuntimeMemset8(DlcRuntime *rt, DlcRuntimeDevicePtr dst,
                      unsigned char value, size_t bytes) {
  return check(rt, rt->drv.cuMemsetD8(dst, value, bytes), "cuMemsetD8");
}

int dlcRuntimeSynchronize(DlcRuntime *rt) {
  return check(rt, rt->drv.cuCtxSynchronize(),
               "kernel execution (cuCtxSynchronize)");
}

/*===------------------------------ kernels ------------------------------===*/

static int loadModule(DlcRuntimeKernel *k, const char *ptx) {
  DlcRuntime *rt = k->rt;
  char errLog[8192];
  errLog[0] = '\0';
  CUjit_option opts[2] = {DLC_CU_JIT_ERROR_LOG_BUFFER,
                          DLC_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[2] = {errLog, (void *)(uintptr_t)sizeof errLog};
  CUresult r = rt->drv.cuModuleLoadDataEx(&k->module, ptx, 2, opts, vals);
  if (r != 0) {
    setError(rt, "cuModuleLoadDataEx(%s): CUDA error %d (%s)%s%s",
             dlcRuntimeManifestGetPtxPath(k->m), r,
             dlcDriverErrorString(&rt->drv, r), errLog[0] ? "\n" : "", errLog);
    k->module = NULL;
    return -1;
  }
  return 0;
}

/* The kernel of `m` in `shared`, a module already loaded by another
 * kernel (which must outlive this one), or else in its own module. */
static DlcRuntimeKernel *
kernelCreate(DlcRuntime *rt, const DlcRuntimeManifest *m, CUmodule shared) {
  char err[512];
  char *ptx = shared ? NULL
                     : dlcFileRead(dlcRuntimeManifestGetPtxPath(m), NULL, err,
                                   sizeof err);
  if (!shared && !ptx) {
    setError(rt, "%s", err);
    return NULL;
  }
  DlcRuntimeKernel *k = calloc(1, sizeof *k);
  if (!k) {
    free(ptx);
    setError(rt, "out of memory");
    return NULL;
  }
  k->rt = rt;
  k->m = m;
  k->smemLimit = 48 * 1024;
  k->module = shared;
  int rc = shared ? 0 : loadModule(k, ptx);
  k->ownsModule = !shared && rc == 0;
  free(ptx);
  const char *name = dlcRuntimeManifestGetKernelName(m);
  if (rc == 0) {
    char what[300];
    snprintf(what, sizeof what, "cuModuleGetFunction('%s')", name);
    rc = check(rt, rt->drv.cuModuleGetFunction(&k->function, k->module, name),
               what);
  }
  if (rc == 0 &&
      dlcTensorMapsInit(&k->maps, &rt->drv, m, k->module, err, sizeof err)) {
    setError(rt, "%s", err);
    rc = -1;
  }
  int nv = dlcRuntimeManifestGetNumVersions(m);
  if (rc == 0 && nv > 0 &&
      !(k->versions = calloc((size_t)nv, sizeof(*k->versions)))) {
    setError(rt, "out of memory");
    rc = -1;
  }
  for (; rc == 0 && k->numVersions < nv; k->numVersions++) {
    const DlcRuntimeManifest *vm =
        dlcRuntimeManifestGetVersion(m, k->numVersions);
    DlcRuntimeKernel *v = kernelCreate(rt, vm, k->module);
    k->versions[k->numVersions] = v;
    if (!v)
      rc = -1;
    else if (!(v->ownSymbols =
                   calloc((size_t)dlcRuntimeManifestGetNumSymbols(vm) + 1,
                          sizeof(int64_t)))) {
      setError(rt, "out of memory");
      rc = -1;
    }
  }
  if (rc != 0) {
    dlcRuntimeKernelDestroy(k);
    return NULL;
  }
  return k;
}

DlcRuntimeKernel *dlcRuntimeKernelLoad(DlcRuntime *rt,
                                       const DlcRuntimeManifest *m) {
  return kernelCreate(rt, m, NULL);
}

void dlcRuntimeKernelDestroy(DlcRuntimeKernel *k) {
  if (!k)
    return;
  /* Versions first: they share this kernel's module. */
  for (int v = 0; v < k->numVersions; v++)
    dlcRuntimeKernelDestroy(k->versions[v]);
  free(k->versions);
  free(k->ownSymbols);
  dlcTensorMapsRelease(&k->maps, &k->rt->drv);
  if (k->workspace)
    k->rt->drv.cuMemFree(k->workspace);
  if (k->module && k->ownsModule)
    k->rt->drv.cuModuleUnload(k->module);
  free(k);
}

/* Raises the function's dynamic shared memory limit when a launch needs
 * more than it allows (the default is 48 KiB). */
static int ensureSmem(DlcRuntimeKernel *k, int64_t bytes) {
  DlcRuntime *rt = k->rt;
  if (bytes <= k->smemLimit)
    return 0;
  if (bytes > rt->maxSmemOptin) {
    setError(
        rt,
        "kernel '%s' needs %lld bytes of dynamic shared memory; %s allows %d",
        dlcRuntimeManifestGetKernelName(k->m), (long long)bytes, rt->name,
        rt->maxSmemOptin);
    return -1;
  }
  if (check(rt,
            rt->drv.cuFuncSetAttribute(
                k->function,
                DLC_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                (int)bytes),
            "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)") != 0)
    return -1;
  k->smemLimit = (int)bytes;
  return 0;
}

/* Allocates the kernel's workspace, zeroed, when its launch needs more
 * than it has (SM90 split-K leaves its counters zeroed for the next
 * launch, so it is zeroed once). */
static int ensureWorkspace(DlcRuntimeKernel *k, const int64_t *symbols) {
  char err[512];
  int64_t bytes;
  if (dlcRuntimeManifestGetWorkspaceBytes(k->m, symbols, &bytes, err,
                                          sizeof err) != 0) {
    setError(k->rt, "kernel '%s': %s", dlcRuntimeManifestGetKernelName(k->m),
             err);
    return -1;
  }
  if ((size_t)bytes <= k->workspaceBytes)
    return 0;
  if (k->workspace)
    k->rt->drv.cuMemFree(k->workspace);
  k->workspace = 0;
  k->workspaceBytes = 0;
  if (check(k->rt, k->rt->drv.cuMemAlloc(&k->workspace, (size_t)bytes),
            "cuMemAlloc(workspace)") != 0 ||
      check(k->rt, k->rt->drv.cuMemsetD8(k->workspace, 0, (size_t)bytes),
            "cuMemsetD8(workspace)") != 0)
    return -1;
  k->workspaceBytes = (size_t)bytes;
  return 0;
}

/* Fills args (one pointer per parameter, argSlots of them) and the
 * launch dims, for the version the symbols choose. */
static int prepare(DlcRuntimeKernel *k, const DlcRuntimeDevicePtr *ptrs,
                   const int64_t *symbols, void **args,
                   DlcRuntimeLaunchDims *dims) {
  DlcRuntime *rt = k->rt;
  const DlcRuntimeManifest *m = k->m;
  char err[512];
  int version;
  if (dlcRuntimeManifestChooseVersion(m, symbols, &version, err, sizeof err)) {
    setError(rt, "kernel '%s': %s", dlcRuntimeManifestGetKernelName(m), err);
    return -1;
  }
  k->chosen = version >= 0 ? k->versions[version] : NULL;
  if (k->chosen) {
    const DlcRuntimeManifest *vm = k->chosen->m;
    for (int s = 0; s < dlcRuntimeManifestGetNumSymbols(vm); s++)
      k->chosen->ownSymbols[s] = symbols[dlcRuntimeManifestFindSymbol(
          m, dlcRuntimeManifestGetSymbol(vm, s))];
    return prepare(k->chosen, ptrs, k->chosen->ownSymbols, args, dims);
  }
  if (dlcRuntimeManifestGetLaunch(m, symbols, dims, err, sizeof err) != 0) {
    setError(rt, "kernel '%s': %s", dlcRuntimeManifestGetKernelName(m), err);
    return -1;
  }
  if (ensureWorkspace(k, symbols) != 0)
    return -1;
  int np = 0, nm = 0;
  for (int i = 0; i < dlcRuntimeManifestGetNumParams(m); i++) {
    const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
    if (p->kind == DLC_RUNTIME_PARAM_PTR)
      args[i] = (void *)&ptrs[np++];
    else if (p->kind == DLC_RUNTIME_PARAM_TENSORMAP)
      args[i] = dlcTensorMapsArg(&k->maps, m, nm++);
    else if (p->kind == DLC_RUNTIME_PARAM_WORKSPACE)
      args[i] = (void *)&k->workspace;
    else
      args[i] = (void *)&symbols[dlcRuntimeManifestFindSymbol(m, p->name)];
  }
  k->symbols = symbols;
  return ensureSmem(k, dims->dynamicSmemBytes);
}

/* Whether the launch asks for a thread-block cluster. */
static bool clustered(const DlcRuntimeLaunchDims *d) {
  return d->cluster[0] * d->cluster[1] * d->cluster[2] > 1;
}

/* Whether a clustered launch can be made: the driver has cuLaunchKernelEx
 * and the grid is whole clusters; -1 with the runtime's error set. */
static int checkCluster(DlcRuntimeKernel *k, const DlcRuntimeLaunchDims *d) {
  const char *name = dlcRuntimeManifestGetKernelName(k->m);
  if (!k->rt->drv.cuLaunchKernelEx) {
    setError(k->rt,
             "kernel '%s' asks for a thread-block cluster, but the driver "
             "has no cuLaunchKernelEx (CUDA 12 or newer)",
             name);
    return -1;
  }
  for (int i = 0; i < 3; i++)
    if (d->grid[i] % d->cluster[i] != 0) {
      setError(k->rt,
               "kernel '%s': grid dim %d (%" PRId64 ") is not a multiple of "
               "its cluster's (%" PRId64 ")",
               name, i, d->grid[i], d->cluster[i]);
      return -1;
    }
  return 0;
}

/* A clustered launch: cuLaunchKernelEx with the cluster dims (and the
 * cooperative attribute). */
static CUresult launchCluster(DlcRuntimeKernel *k,
                              const DlcRuntimeLaunchDims *d,
                              const unsigned g[3], const unsigned b[3],
                              unsigned smem, void **args) {
  DlcLaunchAttribute attrs[2];
  memset(attrs, 0, sizeof attrs);
  attrs[0].id = DLC_CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attrs[0].value.clusterDim.x = (unsigned)d->cluster[0];
  attrs[0].value.clusterDim.y = (unsigned)d->cluster[1];
  attrs[0].value.clusterDim.z = (unsigned)d->cluster[2];
  attrs[1].id = DLC_CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
  attrs[1].value.cooperative = 1;
  DlcLaunchConfig config = {.gridDimX = g[0],
                            .gridDimY = g[1],
                            .gridDimZ = g[2],
                            .blockDimX = b[0],
                            .blockDimY = b[1],
                            .blockDimZ = b[2],
                            .sharedMemBytes = smem,
                            .hStream = k->rt->stream,
                            .attrs = attrs,
                            .numAttrs = d->cooperative ? 2 : 1};
  return k->rt->drv.cuLaunchKernelEx(&config, k->function, args, NULL);
}

/* The tensor maps are encoded here, not in prepare: a program refills the
 * pointers its prepared arguments point to before each launch. */
static int launch(DlcRuntimeKernel *k, void **args,
                  const DlcRuntimeLaunchDims *d) {
  char err[512];
  if (k->chosen)
    k = k->chosen;
  if (k->maps.count &&
      dlcTensorMapsUpdate(&k->maps, &k->rt->drv, k->rt->stream, k->m, args,
                          k->symbols, err, sizeof err)) {
    setError(k->rt, "kernel '%s': %s", dlcRuntimeManifestGetKernelName(k->m),
             err);
    return -1;
  }
  unsigned g[3] = {(unsigned)d->grid[0], (unsigned)d->grid[1],
                   (unsigned)d->grid[2]},
           b[3] = {(unsigned)d->block[0], (unsigned)d->block[1],
                   (unsigned)d->block[2]},
           smem = (unsigned)d->dynamicSmemBytes;
  if (clustered(d) && checkCluster(k, d) != 0)
    return -1;
  const char *what;
  CUresult r;
  if (clustered(d)) {
    what = "cuLaunchKernelEx";
    r = launchCluster(k, d, g, b, smem, args);
  } else if (d->cooperative) {
    what = "cuLaunchCooperativeKernel";
    r = k->rt->drv.cuLaunchCooperativeKernel(k->function, g[0], g[1], g[2],
                                             b[0], b[1], b[2], smem,
                                             k->rt->stream, args);
  } else {
    what = "cuLaunchKernel";
    r = k->rt->drv.cuLaunchKernel(k->function, g[0], g[1], g[2], b[0], b[1],
                                  b[2], smem, k->rt->stream, args, NULL);
  }
  /* Cooperative: the driver refuses a grid that cannot be resident at
   * once (CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE) instead of letting its
   * waiting CTAs hang. */
  if (r == DLC_CU_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE) {
    int sms = 0;
    if (k->rt->drv.cuDeviceGetAttribute(
            &sms, DLC_CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
            k->rt->device) != 0)
      sms = 0;
    setError(k->rt,
             "kernel '%s': its %u CTAs wait for each other (split-K, "
             "stream-K, the flash kernel's stream grid or split rows) and "
             "cannot all be "
             "resident on this GPU (%d SMs) at once (%s): it was planned for "
             "its target's SM count (manifest \"arch\": %s); compile it for "
             "this GPU (convert-rbssa-to-plan or dlc-to-ptx device=sms=%d), "
             "or force a plan without them in a plan file (algo_choice "
             "split_k = \"1\", no stream_k; attention: grid = "
             "\"persistent\")",
             dlcRuntimeManifestGetKernelName(k->m), g[0] * g[1] * g[2], sms,
             dlcDriverErrorString(&k->rt->drv, r),
             dlcRuntimeManifestGetArch(k->m), sms);
    return -1;
  }
  if (check(k->rt, r, what) != 0)
    return -1;
  if (k->maps.count && dlcTensorMapsFinish(&k->maps, &k->rt->drv, k->rt->stream,
                                           k->m, err, sizeof err) != 0) {
    setError(k->rt, "kernel '%s': %s", dlcRuntimeManifestGetKernelName(k->m),
             err);
    return -1;
  }
  return 0;
}

int dlcRuntimeKernelLaunch(DlcRuntimeKernel *k, const DlcRuntimeDevicePtr *ptrs,
                           const int64_t *symbols) {
  void **args = calloc(argSlots(k->m), sizeof(void *));
  DlcRuntimeLaunchDims dims;
  int rc = -1;
  if (!args)
    setError(k->rt, "out of memory");
  else if (prepare(k, ptrs, symbols, args, &dims) == 0)
    rc = launch(k, args, &dims);
  free(args);
  return rc;
}

static int cmpDouble(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* warmup untimed calls of run(userData), then iters calls each between
 * two events; the median of the iters times. */
static int timeRuns(DlcRuntime *rt, int (*run)(void *userData), void *userData,
                    int warmup, int iters, double *medianMs) {
  DlcDriver *d = &rt->drv;
  if (iters < 1) {
    setError(rt, "timing needs at least one iteration");
    return -1;
  }
  CUevent *ev = calloc(2 * (size_t)iters, sizeof(CUevent));
  double *ms = calloc((size_t)iters, sizeof(double));
  int rc = -1, made = 0;
  if (!ev || !ms) {
    setError(rt, "out of memory");
    goto done;
  }
  for (; made < 2 * iters; made++)
    if (check(rt, d->cuEventCreate(&ev[made], 0), "cuEventCreate") != 0)
      goto done;
  for (int i = 0; i < warmup; i++)
    if (run(userData) != 0)
      goto done;
  for (int i = 0; i < iters; i++)
    if (check(rt, d->cuEventRecord(ev[2 * i], rt->stream), "cuEventRecord") !=
            0 ||
        run(userData) != 0 ||
        check(rt, d->cuEventRecord(ev[2 * i + 1], rt->stream),
              "cuEventRecord") != 0)
      goto done;
  if (check(rt, d->cuEventSynchronize(ev[2 * iters - 1]), "kernel execution") !=
      0)
    goto done;
  for (int i = 0; i < iters; i++) {
    float t;
    if (check(rt, d->cuEventElapsedTime(&t, ev[2 * i], ev[2 * i + 1]),
              "cuEventElapsedTime") != 0)
      goto done;
    ms[i] = t;
  }
  qsort(ms, (size_t)iters, sizeof(double), cmpDouble);
  *medianMs =
      iters % 2 ? ms[iters / 2] : 0.5 * (ms[iters / 2 - 1] + ms[iters / 2]);
  rc = 0;
done:
  for (int i = 0; i < made; i++)
    d->cuEventDestroy(ev[i]);
  free(ms);
  free(ev);
  return rc;
}

/* One prepared launch of a kernel, for timeRuns. */
typedef struct {
  DlcRuntimeKernel *k;
  void **args;
  DlcRuntimeLaunchDims dims;
} PreparedLaunch;

static int runPrepared(void *userData) {
  PreparedLaunch *l = userData;
  return launch(l->k, l->args, &l->dims);
}

int dlcRuntimeKernelTime(DlcRuntimeKernel *k, const DlcRuntimeDevicePtr *ptrs,
                         const int64_t *symbols, int warmup, int iters,
                         double *medianMs) {
  PreparedLaunch l = {.k = k, .args = calloc(argSlots(k->m), sizeof(void *))};
  int rc = -1;
  if (!l.args)
    setError(k->rt, "out of memory");
  else if (prepare(k, ptrs, symbols, l.args, &l.dims) == 0)
    rc = timeRuns(k->rt, runPrepared, &l, warmup, iters, medianMs);
  free(l.args);
  return rc;
}

/*===------------------------- programs on a device ----------------------===*/

/* One kernel of a program, with its launch prepared once per set of
 * symbol values: `args` points into `ptrs` and `syms`, which each run
 * refills, so a run costs the driver calls only. */
typedef struct {
  DlcRuntimeKernel *k; /* may share the module of an earlier kernel */
  DlcRuntimeDevicePtr *ptrs;
  int64_t *syms; /* the kernel's symbol order */
  void **args;
  DlcRuntimeLaunchDims dims;
} ProgramKernel;

struct DlcRuntimeExecutable {
  DlcRuntime *rt;             /* kept */
  const DlcRuntimeProgram *p; /* kept */
  const DlcRuntimeManifest *sig;
  int numKernels;
  ProgramKernel *kernels; /* launch order */
  int *ptrOrdinal;        /* signature param -> index into `tensors` */
  DlcRuntimeDevicePtr *buffers;
  int64_t *preparedFor; /* the symbols of buffers and launches; NULL: none */
  DlcRuntimeTraceCallback trace;
  void *traceData;
};

static void trace(DlcRuntimeExecutable *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void trace(DlcRuntimeExecutable *e, const char *fmt, ...) {
  if (!e->trace)
    return;
  char line[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  e->trace(line, e->traceData);
}

/* Kernels reading one PTX file share its module: it is loaded (and JIT
 * compiled) once. */
static int loadKernel(DlcRuntimeExecutable *e, int k) {
  const DlcRuntimeManifest *m = dlcRuntimeProgramGetKernel(e->p, k);
  ProgramKernel *pk = &e->kernels[k];
  CUmodule shared = NULL;
  for (int j = 0; j < k && !shared; j++)
    if (e->kernels[j].k->ownsModule &&
        strcmp(dlcRuntimeManifestGetPtxPath(e->kernels[j].k->m),
               dlcRuntimeManifestGetPtxPath(m)) == 0)
      shared = e->kernels[j].k->module;
  size_t np = (size_t)dlcRuntimeManifestGetNumParams(m) + 1;
  pk->ptrs = calloc(np, sizeof(DlcRuntimeDevicePtr));
  pk->args = calloc(argSlots(m), sizeof(void *));
  pk->syms =
      calloc((size_t)dlcRuntimeManifestGetNumSymbols(m) + 1, sizeof(int64_t));
  if (!pk->ptrs || !pk->args || !pk->syms) {
    setError(e->rt, "out of memory");
    return -1;
  }
  return (pk->k = kernelCreate(e->rt, m, shared)) ? 0 : -1;
}

DlcRuntimeExecutable *dlcRuntimeExecutableLoad(DlcRuntime *rt,
                                               const DlcRuntimeProgram *p) {
  DlcRuntimeExecutable *e = calloc(1, sizeof *e);
  const DlcRuntimeManifest *sig = dlcRuntimeProgramGetSignature(p);
  int numParams = dlcRuntimeManifestGetNumParams(sig);
  if (e) {
    e->rt = rt;
    e->p = p;
    e->sig = sig;
    e->kernels = calloc((size_t)dlcRuntimeProgramGetNumKernels(p) + 1,
                        sizeof(ProgramKernel));
    e->ptrOrdinal = calloc((size_t)numParams + 1, sizeof(int));
    e->buffers = calloc((size_t)dlcRuntimeProgramGetNumBuffers(p) + 1,
                        sizeof(DlcRuntimeDevicePtr));
  }
  if (!e || !e->kernels || !e->ptrOrdinal || !e->buffers) {
    setError(rt, "out of memory");
    dlcRuntimeExecutableDestroy(e);
    return NULL;
  }
  for (int i = 0, np = 0; i < numParams; i++)
    if (dlcRuntimeManifestGetParam(sig, i)->kind == DLC_RUNTIME_PARAM_PTR)
      e->ptrOrdinal[i] = np++;
  for (; e->numKernels < dlcRuntimeProgramGetNumKernels(p); e->numKernels++)
    if (loadKernel(e, e->numKernels) != 0) {
      e->numKernels++; /* destroyed with the others */
      dlcRuntimeExecutableDestroy(e);
      return NULL;
    }
  return e;
}

void dlcRuntimeExecutableDestroy(DlcRuntimeExecutable *e) {
  if (!e)
    return;
  dlcRuntimeExecutableRelease(e);
  /* Backwards: a kernel sharing a module comes after its owner. */
  for (int k = e->numKernels - 1; k >= 0; k--) {
    ProgramKernel *pk = &e->kernels[k];
    dlcRuntimeKernelDestroy(pk->k);
    free(pk->ptrs);
    free(pk->args);
    free(pk->syms);
  }
  free(e->kernels);
  free(e->ptrOrdinal);
  free(e->buffers);
  free(e);
}

void dlcRuntimeExecutableSetTrace(DlcRuntimeExecutable *e,
                                  DlcRuntimeTraceCallback callback,
                                  void *userData) {
  e->trace = callback;
  e->traceData = userData;
}

int dlcRuntimeExecutableRelease(DlcRuntimeExecutable *e) {
  if (!e->preparedFor)
    return 0;
  free(e->preparedFor);
  e->preparedFor = NULL;
  int numBuffers = dlcRuntimeProgramGetNumBuffers(e->p);
  if (numBuffers == 0)
    return 0;
  /* A kernel still running may use them. */
  int rc = dlcRuntimeSynchronize(e->rt);
  for (int b = 0; b < numBuffers; b++) {
    if (!e->buffers[b])
      continue;
    trace(e, "free %s", dlcRuntimeProgramGetBuffer(e->p, b)->name);
    rc |= dlcRuntimeFree(e->rt, e->buffers[b]);
    e->buffers[b] = 0;
  }
  return rc ? -1 : 0;
}

/* "[M, H]" into buf. */
static void formatShape(const DlcRuntimeBuffer *b, char *buf, size_t size) {
  size_t n = (size_t)snprintf(buf, size, "[");
  for (int d = 0; d < b->rank && n < size; d++)
    n +=
        (size_t)snprintf(buf + n, size - n, "%s%s", d ? ", " : "", b->shape[d]);
  if (n < size)
    snprintf(buf + n, size - n, "]");
}

static int allocateBuffer(DlcRuntimeExecutable *e, int b,
                          const int64_t *symbols) {
  const DlcRuntimeBuffer *buf = dlcRuntimeProgramGetBuffer(e->p, b);
  int64_t bytes;
  char err[512], shape[256];
  if (dlcRuntimeProgramGetBufferBytes(e->p, b, symbols, &bytes, err,
                                      sizeof err) != 0) {
    setError(e->rt, "%s", err);
    return -1;
  }
  formatShape(buf, shape, sizeof shape);
  trace(e, "alloc %s: %s %s, %s = %lld bytes", buf->name,
        dlcRuntimeDtypeToString(buf->dtype), shape, buf->bytes,
        (long long)bytes);
  /* Poisoned like the outputs: a kernel reading what no kernel wrote sees
   * NaN. */
  return dlcRuntimeMalloc(e->rt, (size_t)bytes, &e->buffers[b]) != 0 ||
                 dlcRuntimeMemset8(e->rt, e->buffers[b], 0xFF, (size_t)bytes) !=
                     0
             ? -1
             : 0;
}

/* The symbols of kernel k by name, its launch dims and arguments. */
static int prepareKernel(DlcRuntimeExecutable *e, int k,
                         const int64_t *symbols) {
  ProgramKernel *pk = &e->kernels[k];
  const DlcRuntimeManifest *m = pk->k->m;
  for (int s = 0; s < dlcRuntimeManifestGetNumSymbols(m); s++)
    pk->syms[s] = symbols[dlcRuntimeManifestFindSymbol(
        e->sig, dlcRuntimeManifestGetSymbol(m, s))];
  return prepare(pk->k, pk->ptrs, pk->syms, pk->args, &pk->dims);
}

int dlcRuntimeExecutableAllocate(DlcRuntimeExecutable *e,
                                 const int64_t *symbols) {
  int ns = dlcRuntimeManifestGetNumSymbols(e->sig);
  if (e->preparedFor &&
      memcmp(e->preparedFor, symbols, (size_t)ns * sizeof(int64_t)) == 0)
    return 0;
  if (dlcRuntimeExecutableRelease(e) != 0)
    return -1;
  int rc = 0;
  for (int b = 0; rc == 0 && b < dlcRuntimeProgramGetNumBuffers(e->p); b++)
    rc = allocateBuffer(e, b, symbols);
  for (int k = 0; rc == 0 && k < e->numKernels; k++)
    rc = prepareKernel(e, k, symbols);
  /* Recorded even on failure, so that Release frees what was allocated. */
  if ((e->preparedFor = calloc((size_t)ns + 1, sizeof(int64_t))))
    memcpy(e->preparedFor, symbols, (size_t)ns * sizeof(int64_t));
  if (rc != 0 || !e->preparedFor) {
    if (!e->preparedFor)
      setError(e->rt, "out of memory");
    char keep[sizeof e->rt->error];
    memcpy(keep, e->rt->error, sizeof keep);
    dlcRuntimeExecutableRelease(e);
    memcpy(e->rt->error, keep, sizeof keep);
    return -1;
  }
  return 0;
}

/* "launch 1/2 mlp_r0(X, W1, b1, W2, t0, M, K, H, N): grid ...", with
 * `how` after the parameters (" alone" for a kernel launched by itself). */
static void traceLaunch(DlcRuntimeExecutable *e, int k, const char *how) {
  if (!e->trace)
    return;
  const ProgramKernel *pk = &e->kernels[k];
  const DlcRuntimeManifest *m = pk->k->m;
  char line[900];
  size_t n =
      (size_t)snprintf(line, sizeof line, "launch %d/%d %s(", k + 1,
                       e->numKernels, dlcRuntimeManifestGetKernelName(m));
  for (int i = 0; i < dlcRuntimeManifestGetNumParams(m) && n < sizeof line; i++)
    n += (size_t)snprintf(line + n, sizeof line - n, "%s%s", i ? ", " : "",
                          dlcRuntimeManifestGetParam(m, i)->name);
  const DlcRuntimeLaunchDims *d = &pk->dims;
  const DlcRuntimeKernel *v = pk->k->chosen;
  trace(e,
        "%.900s)%s%s%s: grid %lldx%lldx%lld, block %lldx%lldx%lld, %lld bytes "
        "shared",
        line, how, v ? " as version " : "",
        v ? dlcRuntimeManifestGetKernelName(v->m) : "", (long long)d->grid[0],
        (long long)d->grid[1], (long long)d->grid[2], (long long)d->block[0],
        (long long)d->block[1], (long long)d->block[2],
        (long long)d->dynamicSmemBytes);
}

/* Binds kernel k's pointers to the tensors and buffers, then launches. */
static int launchKernel(DlcRuntimeExecutable *e, int k,
                        const DlcRuntimeDevicePtr *tensors) {
  ProgramKernel *pk = &e->kernels[k];
  for (int i = 0, n = 0; i < dlcRuntimeManifestGetNumParams(pk->k->m); i++) {
    int index;
    DlcRuntimeBindKind kind = dlcRuntimeProgramGetBinding(e->p, k, i, &index);
    if (kind == DLC_RUNTIME_BIND_TENSOR)
      pk->ptrs[n++] = tensors[e->ptrOrdinal[index]];
    else if (kind == DLC_RUNTIME_BIND_BUFFER)
      pk->ptrs[n++] = e->buffers[index];
  }
  traceLaunch(e, k, "");
  return launch(pk->k, pk->args, &pk->dims);
}

int dlcRuntimeExecutableLaunch(DlcRuntimeExecutable *e,
                               const DlcRuntimeDevicePtr *tensors,
                               const int64_t *symbols) {
  if (dlcRuntimeExecutableAllocate(e, symbols) != 0)
    return -1;
  for (int k = 0; k < e->numKernels; k++)
    if (launchKernel(e, k, tensors) != 0)
      return -1;
  return 0;
}

int dlcRuntimeExecutableLaunchKernel(DlcRuntimeExecutable *e, int kernel,
                                     const DlcRuntimeDevicePtr *ptrs,
                                     const int64_t *symbols) {
  if (kernel < 0 || kernel >= e->numKernels) {
    setError(e->rt, "program '%s' has no kernel %d (it has %d)",
             dlcRuntimeProgramGetName(e->p), kernel, e->numKernels);
    return -1;
  }
  /* The prepared arguments point into pk->ptrs and pk->syms: refilling the
   * pointers is all a launch on other buffers needs. */
  if (dlcRuntimeExecutableAllocate(e, symbols) != 0)
    return -1;
  ProgramKernel *pk = &e->kernels[kernel];
  for (int i = 0, n = 0; i < dlcRuntimeManifestGetNumParams(pk->k->m); i++)
    if (dlcRuntimeManifestGetParam(pk->k->m, i)->kind ==
        DLC_RUNTIME_PARAM_PTR) {
      pk->ptrs[n] = ptrs[n];
      n++;
    }
  traceLaunch(e, kernel, " alone");
  return launch(pk->k, pk->args, &pk->dims);
}

/* One run of a program, for timeRuns. */
typedef struct {
  DlcRuntimeExecutable *e;
  const DlcRuntimeDevicePtr *tensors;
  const int64_t *symbols;
} ProgramRun;

static int runProgram(void *userData) {
  ProgramRun *r = userData;
  return dlcRuntimeExecutableLaunch(r->e, r->tensors, r->symbols);
}

/* One launch of one kernel of a program, for timeRuns. */
/* Times `run`: the executable's buffers allocated before the clock
 * starts, the timed runs not traced. */
static int timeUntraced(DlcRuntimeExecutable *e, const int64_t *symbols,
                        int (*run)(void *userData), void *userData, int warmup,
                        int iters, double *medianMs) {
  if (dlcRuntimeExecutableAllocate(e, symbols) != 0)
    return -1;
  DlcRuntimeTraceCallback saved = e->trace;
  e->trace = NULL;
  int rc = timeRuns(e->rt, run, userData, warmup, iters, medianMs);
  e->trace = saved;
  return rc;
}

typedef struct {
  DlcRuntimeExecutable *e;
  int k;
  const DlcRuntimeDevicePtr *tensors;
} KernelRun;

static int runKernel(void *userData) {
  KernelRun *r = userData;
  return launchKernel(r->e, r->k, r->tensors);
}

int dlcRuntimeExecutableTimeKernel(DlcRuntimeExecutable *e, int kernel,
                                   const DlcRuntimeDevicePtr *tensors,
                                   const int64_t *symbols, int warmup,
                                   int iters, double *medianMs) {
  if (kernel < 0 || kernel >= e->numKernels) {
    setError(e->rt, "program '%s' has no kernel %d (it has %d)",
             dlcRuntimeProgramGetName(e->p), kernel, e->numKernels);
    return -1;
  }
  KernelRun run = {e, kernel, tensors};
  return timeUntraced(e, symbols, runKernel, &run, warmup, iters, medianMs);
}

int dlcRuntimeExecutableTime(DlcRuntimeExecutable *e,
                             const DlcRuntimeDevicePtr *tensors,
                             const int64_t *symbols, int warmup, int iters,
                             double *medianMs) {
  ProgramRun run = {e, tensors, symbols};
  return timeUntraced(e, symbols, runProgram, &run, warmup, iters, medianMs);
}
