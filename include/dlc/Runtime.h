/*===- dlc/Runtime.h - load and launch DLC kernels (no MLIR) -----*- C -*-===*\
|*                                                                            *|
|* The DLC runtime opens the CUDA driver (libcuda.so.1) with dlopen at run    *|
|* time, loads the PTX a DLC kernel manifest names, launches it with the      *|
|* grid/block/shared memory the manifest computes from the symbols, and       *|
|* times it with events.  It needs no CUDA headers, no CUDA toolkit and no    *|
|* MLIR: on a machine without a driver dlcRuntimeCreate fails with            *|
|* "no CUDA driver (libcuda.so.1 not found)".                                 *|
|*                                                                            *|
|* Ownership is written on each signature, isl-style:                         *|
|*   DLC_GIVE  the caller owns the returned object and destroys it;           *|
|*   DLC_TAKE  the callee consumes the argument (even on error);              *|
|*   DLC_KEEP  borrowed: the callee neither frees nor keeps it, or (for a     *|
|*             returned pointer) it lives as long as its owner.               *|
|* Functions returning int give 0 on success and -1 on failure; the message   *|
|* is then in dlcRuntimeGetLastError (or in the err buffer passed in, for the *|
|* functions that run before a runtime exists).                               *|
|*                                                                            *|
|* See docs/runtime.md for the manifest, the reference-data format and       *|
|* dlc-run.                                                                   *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_RUNTIME_H
#define DLC_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef DLC_GIVE
#define DLC_GIVE
#define DLC_TAKE
#define DLC_KEEP
#endif

/* A device address (CUdeviceptr). */
typedef uint64_t DlcRuntimeDevicePtr;

/*===-------------------------- half precision ---------------------------===*/

/* IEEE binary16 <-> binary32, round to nearest even; NaN and Inf kept. */
float dlcRuntimeHalfToFloat(uint16_t h);
uint16_t dlcRuntimeFloatToHalf(float f);

/*===------------------------- integer expressions -----------------------===*/

/* Evaluates a manifest expression: integers, symbol names, + - *, unary -,
 * parentheses and ceildiv(a, b).  names[i] has the value values[i].
 * Returns 0 and sets *out, or -1 with a message in err. */
int dlcRuntimeEvalExpr(DLC_KEEP const char *expr, int numSymbols,
                       DLC_KEEP const char *const *names,
                       DLC_KEEP const int64_t *values, int64_t *out, char *err,
                       size_t errSize);

/*===----------------------------- manifests -----------------------------===*/

typedef struct DlcRuntimeManifest DlcRuntimeManifest;

typedef enum {
  DLC_RUNTIME_DTYPE_INVALID = 0,
  DLC_RUNTIME_DTYPE_F16,
  DLC_RUNTIME_DTYPE_BF16,
  DLC_RUNTIME_DTYPE_F32,
  DLC_RUNTIME_DTYPE_F64,
  DLC_RUNTIME_DTYPE_I32,
  DLC_RUNTIME_DTYPE_I64
} DlcRuntimeDtype;

typedef enum {
  DLC_RUNTIME_PARAM_PTR,
  DLC_RUNTIME_PARAM_I64
} DlcRuntimeParamKind;
typedef enum {
  DLC_RUNTIME_ROLE_NONE,
  DLC_RUNTIME_ROLE_INPUT,
  DLC_RUNTIME_ROLE_OUTPUT
} DlcRuntimeRole;

/* One kernel parameter, in ABI order.  All strings are owned by the
 * manifest.  For kind I64 only `name` is set (a symbol name). */
typedef struct {
  const char *name;
  DlcRuntimeParamKind kind;
  DlcRuntimeDtype dtype;
  DlcRuntimeRole role;
  int rank;
  const char *const *shape; /* rank expressions ("M", "64", ...) */
} DlcRuntimeParam;

/* The launch a manifest asks for, evaluated for given symbol values. */
typedef struct {
  int64_t grid[3];
  int64_t block[3];
  int64_t dynamicSmemBytes;
  int64_t flops; /* 0 when the manifest has no "flops" */
} DlcRuntimeLaunchDims;

/* Reads and checks a manifest (docs/conventions.md).  The "ptx" path is
 * resolved against the manifest's directory.  NULL on error (message in err).
 */
DLC_GIVE DlcRuntimeManifest *dlcRuntimeManifestLoad(DLC_KEEP const char *path,
                                                    char *err, size_t errSize);
/* The same from text; baseDir resolves a relative "ptx" (NULL: as is). */
DLC_GIVE DlcRuntimeManifest *
dlcRuntimeManifestParse(DLC_KEEP const char *json, DLC_KEEP const char *baseDir,
                        char *err, size_t errSize);
void dlcRuntimeManifestDestroy(DLC_TAKE DlcRuntimeManifest *m);

DLC_KEEP const char *
dlcRuntimeManifestGetKernelName(DLC_KEEP const DlcRuntimeManifest *m);
DLC_KEEP const char *
dlcRuntimeManifestGetPtxPath(DLC_KEEP const DlcRuntimeManifest *m);
DLC_KEEP const char *
dlcRuntimeManifestGetArch(DLC_KEEP const DlcRuntimeManifest *m);
int dlcRuntimeManifestGetNumSymbols(DLC_KEEP const DlcRuntimeManifest *m);
DLC_KEEP const char *
dlcRuntimeManifestGetSymbol(DLC_KEEP const DlcRuntimeManifest *m, int i);
/* Index of a symbol by name, or -1. */
int dlcRuntimeManifestFindSymbol(DLC_KEEP const DlcRuntimeManifest *m,
                                 DLC_KEEP const char *name);
int dlcRuntimeManifestGetNumParams(DLC_KEEP const DlcRuntimeManifest *m);
DLC_KEEP const DlcRuntimeParam *
dlcRuntimeManifestGetParam(DLC_KEEP const DlcRuntimeManifest *m, int i);

/* symbols[i] is the value of symbol i (manifest symbol order). */
int dlcRuntimeManifestGetLaunch(DLC_KEEP const DlcRuntimeManifest *m,
                                DLC_KEEP const int64_t *symbols,
                                DlcRuntimeLaunchDims *out, char *err,
                                size_t errSize);
/* Size of dimension `dim` of pointer parameter i. */
int dlcRuntimeManifestGetParamDim(DLC_KEEP const DlcRuntimeManifest *m, int i,
                                  int dim, DLC_KEEP const int64_t *symbols,
                                  int64_t *out, char *err, size_t errSize);
/* Number of elements of pointer parameter i (product of its shape). */
int dlcRuntimeManifestGetParamElements(DLC_KEEP const DlcRuntimeManifest *m,
                                       int i, DLC_KEEP const int64_t *symbols,
                                       int64_t *out, char *err, size_t errSize);

/* "f16" -> DLC_RUNTIME_DTYPE_F16, ...; INVALID when unknown. */
DlcRuntimeDtype dlcRuntimeDtypeFromString(DLC_KEEP const char *s);
DLC_KEEP const char *dlcRuntimeDtypeToString(DlcRuntimeDtype t);
size_t dlcRuntimeDtypeSize(DlcRuntimeDtype t);

/*===------------------------ reference data (CPU) -----------------------===*/

/* A directory of raw little-endian tensors named after the parameters plus
 * meta.json (docs/runtime.md, "Reference data"), typically written by the
 * CPU interpreter.  Loading checks it against a manifest. */
typedef struct DlcRuntimeRefData DlcRuntimeRefData;

DLC_GIVE DlcRuntimeRefData *
dlcRuntimeRefDataLoad(DLC_KEEP const char *dir,
                      DLC_KEEP const DlcRuntimeManifest *m, char *err,
                      size_t errSize);
void dlcRuntimeRefDataDestroy(DLC_TAKE DlcRuntimeRefData *d);
/* Symbol values in manifest symbol order (numSymbols entries). */
DLC_KEEP const int64_t *
dlcRuntimeRefDataGetSymbols(DLC_KEEP const DlcRuntimeRefData *d);
/* Data of pointer parameter i (manifest index): its dtype, element count and
 * bytes.  For an output these are the expected values; the dtype may then be
 * wider than the parameter's (f32, f64). */
DLC_KEEP const void *
dlcRuntimeRefDataGetTensor(DLC_KEEP const DlcRuntimeRefData *d, int i,
                           DlcRuntimeDtype *dtype, int64_t *count);

/*===------------------------------ devices ------------------------------===*/

typedef struct DlcRuntime DlcRuntime;

/* Opens the driver, initialises it and makes the primary context of
 * `device` current on this thread.  NULL on error (message in err), e.g.
 * "no CUDA driver (libcuda.so.1 not found)". */
DLC_GIVE DlcRuntime *dlcRuntimeCreate(int device, char *err, size_t errSize);
void dlcRuntimeDestroy(DLC_TAKE DlcRuntime *rt);
DLC_KEEP const char *dlcRuntimeGetLastError(DLC_KEEP const DlcRuntime *rt);
DLC_KEEP const char *dlcRuntimeGetDeviceName(DLC_KEEP const DlcRuntime *rt);

int dlcRuntimeMalloc(DLC_KEEP DlcRuntime *rt, size_t bytes,
                     DlcRuntimeDevicePtr *out);
int dlcRuntimeFree(DLC_KEEP DlcRuntime *rt, DlcRuntimeDevicePtr p);
int dlcRuntimeCopyToDevice(DLC_KEEP DlcRuntime *rt, DlcRuntimeDevicePtr dst,
                           DLC_KEEP const void *src, size_t bytes);
int dlcRuntimeCopyToHost(DLC_KEEP DlcRuntime *rt, void *dst,
                         DlcRuntimeDevicePtr src, size_t bytes);
int dlcRuntimeMemset8(DLC_KEEP DlcRuntime *rt, DlcRuntimeDevicePtr dst,
                      unsigned char value, size_t bytes);
int dlcRuntimeSynchronize(DLC_KEEP DlcRuntime *rt);

/*===------------------------------ kernels ------------------------------===*/

typedef struct DlcRuntimeKernel DlcRuntimeKernel;

/* Loads the manifest's PTX (cuModuleLoadDataEx, with the JIT log in the error
 * message on failure), finds the kernel and raises its dynamic shared memory
 * limit (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) to what the
 * manifest asks for when that exceeds 48 KiB.  The kernel keeps `m`, which
 * must outlive it, and `rt`. */
DLC_GIVE DlcRuntimeKernel *
dlcRuntimeKernelLoad(DLC_KEEP DlcRuntime *rt,
                     DLC_KEEP const DlcRuntimeManifest *m);
void dlcRuntimeKernelDestroy(DLC_TAKE DlcRuntimeKernel *k);

/* Launches on the default stream.  ptrs holds one device pointer per
 * pointer parameter, in parameter order; symbols the symbol values in
 * manifest symbol order (the i64 parameters are taken from them by name).
 * Asynchronous: errors of the kernel itself show at the next synchronize. */
int dlcRuntimeKernelLaunch(DLC_KEEP DlcRuntimeKernel *k,
                           DLC_KEEP const DlcRuntimeDevicePtr *ptrs,
                           DLC_KEEP const int64_t *symbols);

/* warmup untimed launches, then iters launches each between two events;
 * *medianMs is the median of the iters times (milliseconds). */
int dlcRuntimeKernelTime(DLC_KEEP DlcRuntimeKernel *k,
                         DLC_KEEP const DlcRuntimeDevicePtr *ptrs,
                         DLC_KEEP const int64_t *symbols, int warmup, int iters,
                         double *medianMs);

#ifdef __cplusplus
}
#endif

#endif /* DLC_RUNTIME_H */
