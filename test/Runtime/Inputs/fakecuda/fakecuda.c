/* A fake libcuda.so.1 for lit: dlc-run's host-side paths without a GPU.
 * "Device memory" is host memory, launches do nothing, events report 1 ms.
 * With FAKECUDA_LOG set, module loads, allocations, frees and launches are
 * printed to stderr, so a test can check what the runtime asked the driver
 * for. Adapted from the audit's fake driver (shared/repro/fakecuda). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef uint64_t CUdeviceptr;

static void logLine(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void logLine(const char *fmt, ...) {
  if (!getenv("FAKECUDA_LOG"))
    return;
  va_list ap;
  va_start(ap, fmt);
  fputs("fakecuda: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

CUresult cuInit(unsigned f) {
  (void)f;
  return 0;
}
CUresult cuGetErrorString(CUresult e, const char **s) {
  (void)e;
  *s = "fake error";
  return 0;
}
CUresult cuDeviceGetCount(int *c) {
  *c = 1;
  return 0;
}
CUresult cuDeviceGet(int *d, int o) {
  *d = o;
  return 0;
}
CUresult cuDeviceGetName(char *n, int len, int d) {
  (void)d;
  snprintf(n, (size_t)len, "FakeGPU");
  return 0;
}
CUresult cuDeviceGetAttribute(int *v, int a, int d) {
  (void)a;
  (void)d;
  *v = 232448;
  return 0;
}
CUresult cuDevicePrimaryCtxRetain(void **c, int d) {
  (void)d;
  *c = (void *)1;
  return 0;
}
CUresult cuDevicePrimaryCtxRelease_v2(int d) {
  (void)d;
  return 0;
}
CUresult cuCtxSetCurrent(void *c) {
  (void)c;
  return 0;
}
CUresult cuCtxSynchronize(void) { return 0; }
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t b) {
  if (b > ((size_t)1 << 33))
    return 2; /* CUDA_ERROR_OUT_OF_MEMORY */
  void *m = malloc(b);
  if (!m)
    return 2;
  *p = (CUdeviceptr)(uintptr_t)m;
  logLine("alloc %zu bytes at %#llx", b, (unsigned long long)*p);
  return 0;
}
CUresult cuMemFree_v2(CUdeviceptr p) {
  free((void *)(uintptr_t)p);
  logLine("free %#llx", (unsigned long long)p);
  return 0;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *s, size_t b) {
  memcpy((void *)(uintptr_t)d, s, b);
  return 0;
}
CUresult cuMemcpyDtoH_v2(void *d, CUdeviceptr s, size_t b) {
  memcpy(d, (void *)(uintptr_t)s, b);
  return 0;
}
CUresult cuMemsetD8_v2(CUdeviceptr d, unsigned char v, size_t n) {
  memset((void *)(uintptr_t)d, v, n);
  return 0;
}
/* A tensor map is logged (rank, dims, byte strides, box) and its 128
 * bytes filled with a marker. */
CUresult cuTensorMapEncodeTiled(void *map, int type, uint32_t rank,
                                void *address, const uint64_t *dims,
                                const uint64_t *strides, const uint32_t *box,
                                const uint32_t *elementStrides, int interleave,
                                int swizzle, int l2, int oob) {
  (void)address;
  (void)elementStrides;
  (void)interleave;
  (void)l2;
  (void)oob;
  char text[256];
  int at = snprintf(text, sizeof text, "tensormap type %d swizzle %d dims",
                    type, swizzle);
  for (uint32_t d = 0; d < rank && at < 200; d++)
    at += snprintf(text + at, sizeof text - (size_t)at, " %llu",
                   (unsigned long long)dims[d]);
  at += snprintf(text + at, sizeof text - (size_t)at, " strides");
  for (uint32_t d = 0; d + 1 < rank && at < 220; d++)
    at += snprintf(text + at, sizeof text - (size_t)at, " %llu",
                   (unsigned long long)strides[d]);
  at += snprintf(text + at, sizeof text - (size_t)at, " box");
  for (uint32_t d = 0; d < rank && at < 240; d++)
    at += snprintf(text + at, sizeof text - (size_t)at, " %u", box[d]);
  logLine("%s", text);
  memset(map, 0x7e, 128);
  return 0;
}
/* cuda.h's CUDA_MEMCPY2D, device to device only. */
typedef struct {
  size_t srcXInBytes, srcY;
  int srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  void *srcArray;
  size_t srcPitch;
  size_t dstXInBytes, dstY;
  int dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  void *dstArray;
  size_t dstPitch;
  size_t WidthInBytes, Height;
} FakeMemcpy2D;
CUresult cuMemcpy2DAsync_v2(const FakeMemcpy2D *c, void *stream) {
  (void)stream;
  for (size_t row = 0; row < c->Height; row++)
    memcpy((char *)(uintptr_t)c->dstDevice + row * c->dstPitch,
           (const char *)(uintptr_t)c->srcDevice + row * c->srcPitch,
           c->WidthInBytes);
  logLine("memcpy2d %zu rows of %zu bytes, pitch %zu -> %zu", c->Height,
          c->WidthInBytes, c->srcPitch, c->dstPitch);
  return 0;
}
CUresult cuModuleLoadDataEx(void **m, const void *img, unsigned n, int *o,
                            void **v) {
  (void)img;
  (void)n;
  (void)o;
  (void)v;
  *m = (void *)1;
  logLine("module load");
  return 0;
}
CUresult cuModuleUnload(void *m) {
  (void)m;
  logLine("module unload");
  return 0;
}
/* A function handle is its name, so that launches can say which. */
enum { MaxFunctions = 64 };
static char functions[MaxFunctions][128];
static int numFunctions;
CUresult cuModuleGetFunction(void **f, void *m, const char *name) {
  (void)m;
  /* FAKECUDA_MISSING=NAME: the module has no function NAME. */
  const char *missing = getenv("FAKECUDA_MISSING");
  if (missing && strcmp(missing, name) == 0)
    return 500; /* CUDA_ERROR_NOT_FOUND */
  for (int i = 0; i < numFunctions; i++)
    if (strcmp(functions[i], name) == 0) {
      *f = functions[i];
      return 0;
    }
  if (numFunctions == MaxFunctions)
    return 1;
  snprintf(functions[numFunctions], sizeof functions[0], "%s", name);
  *f = functions[numFunctions++];
  return 0;
}
CUresult cuFuncSetAttribute(void *f, int a, int v) {
  (void)f;
  (void)a;
  (void)v;
  return 0;
}
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned smem,
                        void *s, void **params, void **extra) {
  (void)s;
  (void)extra;
  /* FAKECUDA_LOG_ARGS=n: the first n parameters as 64-bit values (the
   * pointers come first in DLC's kernel ABI). */
  char args[512] = "";
  const char *n = getenv("FAKECUDA_LOG_ARGS");
  for (int i = 0, at = 0; n && i < atoi(n) && at < 480; i++)
    at += snprintf(args + at, sizeof args - (size_t)at, " %#llx",
                   (unsigned long long)*(const uint64_t *)params[i]);
  logLine("launch %s grid %u,%u,%u block %u,%u,%u smem %u%s%s", (const char *)f,
          gx, gy, gz, bx, by, bz, smem, n ? " args" : "", args);
  return 0;
}
CUresult cuEventCreate(void **e, unsigned f) {
  (void)f;
  *e = malloc(1);
  return 0;
}
CUresult cuEventDestroy_v2(void *e) {
  free(e);
  return 0;
}
CUresult cuEventRecord(void *e, void *s) {
  (void)e;
  (void)s;
  return 0;
}
CUresult cuEventSynchronize(void *e) {
  (void)e;
  return 0;
}
CUresult cuEventElapsedTime(float *ms, void *a, void *b) {
  (void)a;
  (void)b;
  *ms = 1.0f;
  return 0;
}
