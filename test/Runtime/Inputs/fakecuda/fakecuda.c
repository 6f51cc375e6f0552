/* A fake libcuda.so.1 for lit: dlc-run's host-side paths without a GPU.
 * "Device memory" is host memory, launches do nothing (unless FAKECUDA_EXEC
 * says what a kernel computes, above cuLaunchKernel), events report 1 ms.
 * With FAKECUDA_LOG set, module loads, allocations, frees and launches are
 * printed to stderr, so a test can check what the runtime asked the driver
 * for. Adapted from the audit's fake driver (shared/repro/fakecuda). The
 * driver's types, structures and constants are the runtime's own
 * (lib/Runtime/Driver.h, cuda.h's layouts), so the two cannot disagree. */
#include "Driver.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
/* The SM count is FAKECUDA_COOP_SMS's (a smaller GPU) or an H100's; every
 * other attribute the runtime asks is the opt-in shared memory. */
CUresult cuDeviceGetAttribute(int *v, int a, int d) {
  (void)d;
  const char *sms = getenv("FAKECUDA_COOP_SMS");
  if (a == DLC_CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
    *v = sms ? (int)strtol(sms, NULL, 10) : 132;
  else
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
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr d, const void *s, size_t b,
                              void *stream) {
  (void)stream;
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
/* printf at `*at` of `text`, never past `size`. */
static void put(char *text, size_t size, size_t *at, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
static void put(char *text, size_t size, size_t *at, const char *format, ...) {
  if (*at + 1 >= size)
    return;
  va_list args;
  va_start(args, format);
  int n = vsnprintf(text + *at, size - *at, format, args);
  va_end(args);
  if (n > 0)
    *at = *at + (size_t)n < size ? *at + (size_t)n : size - 1;
}

/* What both kinds of tensor map log first: "<kind> type T swizzle S dims
 * ... strides ..." (rank - 1 byte strides). */
static size_t putMapHead(char *text, size_t size, const char *kind, int type,
                         int swizzle, uint32_t rank, const uint64_t *dims,
                         const uint64_t *strides) {
  size_t at = 0;
  put(text, size, &at, "%s type %d swizzle %d dims", kind, type, swizzle);
  for (uint32_t d = 0; d < rank; d++)
    put(text, size, &at, " %llu", (unsigned long long)dims[d]);
  put(text, size, &at, " strides");
  for (uint32_t d = 0; d + 1 < rank; d++)
    put(text, size, &at, " %llu", (unsigned long long)strides[d]);
  return at;
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
  char text[320];
  size_t at = putMapHead(text, sizeof text, "tensormap", type, swizzle, rank,
                         dims, strides);
  put(text, sizeof text, &at, " box");
  for (uint32_t d = 0; d < rank; d++)
    put(text, sizeof text, &at, " %u", box[d]);
  logLine("%s", text);
  memset(map, 0x7e, 128);
  return 0;
}
/* An im2col map is logged likewise, with its corners, pixel box and
 * traversal strides. */
CUresult cuTensorMapEncodeIm2col(void *map, int type, uint32_t rank,
                                 void *address, const uint64_t *dims,
                                 const uint64_t *strides, const int *lower,
                                 const int *upper, uint32_t channels,
                                 uint32_t pixels,
                                 const uint32_t *elementStrides, int interleave,
                                 int swizzle, int l2, int oob) {
  (void)address;
  (void)interleave;
  (void)l2;
  (void)oob;
  char text[320];
  size_t at = putMapHead(text, sizeof text, "im2col map", type, swizzle, rank,
                         dims, strides);
  put(text, sizeof text, &at, " corners");
  for (uint32_t d = 0; d + 2 < rank; d++)
    put(text, sizeof text, &at, " %d:%d", lower[d], upper[d]);
  put(text, sizeof text, &at, " channels %u pixels %u element_strides",
      channels, pixels);
  for (uint32_t d = 0; d < rank; d++)
    put(text, sizeof text, &at, " %u", elementStrides[d]);
  logLine("%s", text);
  memset(map, 0x7e, 128);
  return 0;
}
/* Device to device only. */
#ifndef FAKECUDA_NO_MEMCPY2D
CUresult cuMemcpy2DAsync_v2(const DlcMemcpy2D *c, void *stream) {
  (void)stream;
  for (size_t row = 0; row < c->Height; row++)
    memcpy((char *)(uintptr_t)c->dstDevice + row * c->dstPitch,
           (const char *)(uintptr_t)c->srcDevice + row * c->srcPitch,
           c->WidthInBytes);
  logLine("memcpy2d %zu rows of %zu bytes, pitch %zu -> %zu", c->Height,
          c->WidthInBytes, c->srcPitch, c->dstPitch);
  return 0;
}
#endif
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
/* The f32 array a pointer parameter points to ("device" memory is host
 * memory here). */
static float *arrayAt(void **params, long i) {
  uint64_t address = *(const uint64_t *)params[i];
  return (float *)(uintptr_t)address;
}

/* Runs one FAKECUDA_EXEC entry without its name, "OUT=OP(A[,B])[*S]
 * n=I[*J...]" (see runFake); 1 when it does not parse. */
static int runEntry(const char *entry, void **params) {
  char *end;
  const char *p = entry;
  long out = strtol(p, &end, 10), in[2] = {-1, -1};
  if (end == p || *end != '=')
    return 1;
  p = end + 1;
  size_t opLength = strcspn(p, "(");
  if (!p[opLength] || opLength == 0 || opLength > 8)
    return 1;
  char op[9];
  memcpy(op, p, opLength);
  op[opLength] = '\0';
  p += opLength;
  int numIn = 0;
  do {
    in[numIn++] = strtol(p + 1, &end, 10);
    p = end;
  } while (*p == ',' && numIn < 2);
  if (*p++ != ')')
    return 1;
  double scale = 1.0;
  if (*p == '*') {
    scale = strtod(p + 1, &end);
    p = end;
  }
  if (strncmp(p, " n=", 3) != 0)
    return 1;
  int64_t n = 1;
  p += 2;
  do {
    long i = strtol(p + 1, &end, 10);
    if (end == p + 1)
      return 1;
    n *= *(const int64_t *)params[i];
    p = end;
  } while (*p == '*');
  if (*p)
    return 1;
  int unary = strcmp(op, "exp2") == 0 || strcmp(op, "neg") == 0 ||
              strcmp(op, "copy") == 0;
  if (numIn != (unary ? 1 : 2))
    return 1;
  float *o = arrayAt(params, out), *a = arrayAt(params, in[0]);
  float *b = unary ? NULL : arrayAt(params, in[1]);
  /* lt, lt2: a bool output, one byte an element: a < b as 1, or as 2 (a
   * kernel that stores a bool's byte wrong). */
  if (strcmp(op, "lt") == 0 || strcmp(op, "lt2") == 0) {
    uint8_t *bytes = (uint8_t *)o;
    for (int64_t i = 0; i < n; i++)
      bytes[i] = a[i] < b[i] ? (op[2] ? 2 : 1) : 0;
    return 0;
  }
  for (int64_t i = 0; i < n; i++) {
    double x = a[i], y = b ? b[i] : 0.0, r;
    if (strcmp(op, "exp2") == 0)
      r = exp2f(a[i]);
    else if (strcmp(op, "neg") == 0)
      r = -x;
    else if (strcmp(op, "copy") == 0)
      r = x;
    else if (strcmp(op, "add") == 0)
      r = x + y;
    else if (strcmp(op, "sub") == 0)
      r = x - y;
    else if (strcmp(op, "mul") == 0)
      r = x * y;
    else
      return 1;
    o[i] = (float)(r * scale);
  }
  return 0;
}

/* FAKECUDA_EXEC: kernels that compute, so that a test can check real
 * outputs.  A ';'-separated list of "NAME OUT=OP(A[,B])[*S] n=I[*J...]":
 * kernel NAME writes the f32 array at launch parameter OUT element-wise
 * from the f32 arrays at parameters A and B, n elements, n the product of
 * the i64 parameters I, J, ...; OP is exp2, neg, copy (one operand), add,
 * sub or mul (two); S multiplies the result (a kernel slightly or badly
 * off); OP lt (lt2) writes OUT as bools, a byte an element: 1 (2) where
 * A < B, else 0.  Several entries may name one kernel.  Other kernels compute
 * nothing.  Returns 0, or 1 (CUDA_ERROR_INVALID_VALUE) on a bad entry. */
static int runFake(const char *name, void **params) {
  const char *all = getenv("FAKECUDA_EXEC");
  size_t length = strlen(name);
  for (const char *s = all; s && *s;) {
    s += strspn(s, " ;");
    size_t n = strcspn(s, ";");
    if (n > length && strncmp(s, name, length) == 0 && s[length] == ' ') {
      char entry[256];
      snprintf(entry, sizeof entry, "%.*s", (int)(n - length - 1),
               s + length + 1);
      if (runEntry(entry, params) != 0) {
        fprintf(stderr, "fakecuda: bad FAKECUDA_EXEC entry '%.*s'\n", (int)n,
                s);
        return 1;
      }
    }
    s += n;
  }
  return 0;
}

CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned smem,
                        void *s, void **params, void **extra) {
  (void)extra;
  /* FAKECUDA_LOG_ARGS=n: the first n parameters as 64-bit values (the
   * pointers come first in DLC's kernel ABI). */
  char args[512] = "";
  const char *n = getenv("FAKECUDA_LOG_ARGS");
  for (int i = 0, at = 0; n && i < atoi(n) && at < 480; i++)
    at += snprintf(args + at, sizeof args - (size_t)at, " %#llx",
                   (unsigned long long)*(const uint64_t *)params[i]);
  /* A stream other than the default one is named (a host's stream). */
  char stream[48] = "";
  if (s)
    snprintf(stream, sizeof stream, " stream %p", s);
  logLine("launch %s grid %u,%u,%u block %u,%u,%u smem %u%s%s%s",
          (const char *)f, gx, gy, gz, bx, by, bz, smem, n ? " args" : "", args,
          stream);
  return runFake((const char *)f, params);
}
/* A cooperative launch (a manifest's "cooperative": true) is logged as
 * one and otherwise runs as cuLaunchKernel. */
CUresult cuLaunchCooperativeKernel(void *f, unsigned gx, unsigned gy,
                                   unsigned gz, unsigned bx, unsigned by,
                                   unsigned bz, unsigned smem, void *s,
                                   void **params) {
  logLine("cooperative launch %s", (const char *)f);
  /* FAKECUDA_COOP_SMS=N: a GPU that holds at most N CTAs at once. */
  const char *sms = getenv("FAKECUDA_COOP_SMS");
  if (sms && (unsigned long)gx * gy * gz > strtoul(sms, NULL, 10))
    return DLC_CU_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE;
  return cuLaunchKernel(f, gx, gy, gz, bx, by, bz, smem, s, params, NULL);
}
/* A launch with attributes (a thread-block cluster): its cluster dims and
 * whether it is cooperative are logged, then it runs as cuLaunchKernel. */
CUresult cuLaunchKernelEx(const DlcLaunchConfig *c, void *f, void **params,
                          void **extra) {
  char what[96] = "";
  for (unsigned i = 0; i < c->numAttrs; i++) {
    size_t at = strlen(what);
    const DlcLaunchAttribute *a = &c->attrs[i];
    if (a->id == DLC_CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
      snprintf(what + at, sizeof what - at, " cluster %u,%u,%u",
               a->value.clusterDim.x, a->value.clusterDim.y,
               a->value.clusterDim.z);
    else if (a->id == DLC_CU_LAUNCH_ATTRIBUTE_COOPERATIVE &&
             a->value.cooperative)
      snprintf(what + at, sizeof what - at, " cooperative");
  }
  logLine("launch-ex %s%s", (const char *)f, what);
  return cuLaunchKernel(f, c->gridDimX, c->gridDimY, c->gridDimZ, c->blockDimX,
                        c->blockDimY, c->blockDimZ, c->sharedMemBytes,
                        c->hStream, params, extra);
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
