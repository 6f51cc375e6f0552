/*===- Runtime.c - devices, memory, kernel load, launch and timing -----===*/

#include "dlc/Runtime.h"
#include "Driver.h"
#include "Json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct DlcRuntime {
  DlcDriver drv;
  CUdevice device;
  CUcontext ctx;
  int maxSmemOptin;
  char name[256];
  char error[4096];
};

struct DlcRuntimeKernel {
  DlcRuntime *rt;              /* kept */
  const DlcRuntimeManifest *m; /* kept */
  CUmodule module;
  CUfunction function;
  int smemLimit; /* bytes the function may take dynamically */
};

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

DlcRuntimeKernel *dlcRuntimeKernelLoad(DlcRuntime *rt,
                                       const DlcRuntimeManifest *m) {
  char err[512];
  char *ptx =
      dlcJsonReadFile(dlcRuntimeManifestGetPtxPath(m), NULL, err, sizeof err);
  if (!ptx) {
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
  int rc = loadModule(k, ptx);
  free(ptx);
  const char *name = dlcRuntimeManifestGetKernelName(m);
  if (rc == 0) {
    char what[300];
    snprintf(what, sizeof what, "cuModuleGetFunction('%s')", name);
    rc = check(rt, rt->drv.cuModuleGetFunction(&k->function, k->module, name),
               what);
  }
  if (rc != 0) {
    dlcRuntimeKernelDestroy(k);
    return NULL;
  }
  return k;
}

void dlcRuntimeKernelDestroy(DlcRuntimeKernel *k) {
  if (!k)
    return;
  if (k->module)
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

/* Fills args (one pointer per parameter) and the launch dims. */
static int prepare(DlcRuntimeKernel *k, const DlcRuntimeDevicePtr *ptrs,
                   const int64_t *symbols, void **args,
                   DlcRuntimeLaunchDims *dims) {
  DlcRuntime *rt = k->rt;
  const DlcRuntimeManifest *m = k->m;
  char err[512];
  if (dlcRuntimeManifestGetLaunch(m, symbols, dims, err, sizeof err) != 0) {
    setError(rt, "kernel '%s': %s", dlcRuntimeManifestGetKernelName(m), err);
    return -1;
  }
  int np = 0;
  for (int i = 0; i < dlcRuntimeManifestGetNumParams(m); i++) {
    const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
    if (p->kind == DLC_RUNTIME_PARAM_PTR)
      args[i] = (void *)&ptrs[np++];
    else
      args[i] = (void *)&symbols[dlcRuntimeManifestFindSymbol(m, p->name)];
  }
  return ensureSmem(k, dims->dynamicSmemBytes);
}

static int launch(DlcRuntimeKernel *k, void **args,
                  const DlcRuntimeLaunchDims *d) {
  CUresult r = k->rt->drv.cuLaunchKernel(
      k->function, (unsigned)d->grid[0], (unsigned)d->grid[1],
      (unsigned)d->grid[2], (unsigned)d->block[0], (unsigned)d->block[1],
      (unsigned)d->block[2], (unsigned)d->dynamicSmemBytes, NULL, args, NULL);
  return check(k->rt, r, "cuLaunchKernel");
}

int dlcRuntimeKernelLaunch(DlcRuntimeKernel *k, const DlcRuntimeDevicePtr *ptrs,
                           const int64_t *symbols) {
  int n = dlcRuntimeManifestGetNumParams(k->m);
  void **args = calloc((size_t)n + 1, sizeof(void *));
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

int dlcRuntimeKernelTime(DlcRuntimeKernel *k, const DlcRuntimeDevicePtr *ptrs,
                         const int64_t *symbols, int warmup, int iters,
                         double *medianMs) {
  DlcRuntime *rt = k->rt;
  DlcDriver *d = &rt->drv;
  if (iters < 1) {
    setError(rt, "timing needs at least one iteration");
    return -1;
  }
  int n = dlcRuntimeManifestGetNumParams(k->m);
  void **args = calloc((size_t)n + 1, sizeof(void *));
  CUevent *ev = calloc(2 * (size_t)iters, sizeof(CUevent));
  double *ms = calloc((size_t)iters, sizeof(double));
  DlcRuntimeLaunchDims dims;
  int rc = -1, made = 0;
  if (!args || !ev || !ms) {
    setError(rt, "out of memory");
    goto done;
  }
  if (prepare(k, ptrs, symbols, args, &dims) != 0)
    goto done;
  for (; made < 2 * iters; made++)
    if (check(rt, d->cuEventCreate(&ev[made], 0), "cuEventCreate") != 0)
      goto done;
  for (int i = 0; i < warmup; i++)
    if (launch(k, args, &dims) != 0)
      goto done;
  for (int i = 0; i < iters; i++)
    if (check(rt, d->cuEventRecord(ev[2 * i], NULL), "cuEventRecord") != 0 ||
        launch(k, args, &dims) != 0 ||
        check(rt, d->cuEventRecord(ev[2 * i + 1], NULL), "cuEventRecord") != 0)
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
  free(args);
  return rc;
}
