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
 * parentheses, ceildiv(a, b), floordiv(a, b), mod(a, b) and min(a, b). names[i]
 * has the value values[i]. Returns 0 and sets *out, or -1 with a message in
 * err. */
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
  DLC_RUNTIME_DTYPE_I64,
  DLC_RUNTIME_DTYPE_I1 /* one byte, 0 or 1 (an attention mask) */
} DlcRuntimeDtype;

typedef enum {
  DLC_RUNTIME_PARAM_PTR,
  DLC_RUNTIME_PARAM_I64,
  DLC_RUNTIME_PARAM_TENSORMAP, /* a TMA tensor map over a ptr parameter */
  DLC_RUNTIME_PARAM_WORKSPACE  /* scratch memory the runtime provides */
} DlcRuntimeParamKind;
typedef enum {
  DLC_RUNTIME_ROLE_NONE,
  DLC_RUNTIME_ROLE_INPUT,
  DLC_RUNTIME_ROLE_OUTPUT
} DlcRuntimeRole;

/* One kernel parameter, in ABI order.  All strings are owned by the
 * manifest.  For kind I64 only `name` is set (a symbol name).  For kind
 * TENSORMAP (docs/conventions.md, "Tensor maps"): `tensor` names the ptr
 * parameter it maps, `shape` holds its `rank` dimensions innermost first,
 * `strides` the byte strides of dimensions 1.. (rank - 1 expressions),
 * `box` the box innermost first; the kernel receives the device address
 * of the encoded 128-byte map (`byValue`: the map itself). An im2col map
 * (`im2col`, "mode": "im2col") has 3 to 5 dims (C, W, H, N for a 2-D conv),
 * `box` = {channels per pixel, pixels per column}, rank - 2 pixel box corners
 * `lower`/`upper` (W first) and rank `elementStrides` (the traversal strides).
 * For kind WORKSPACE (SM90 split-K), `bytes` is its size: the runtime allocates
 * it zeroed, keeps it across the kernel's launches (the kernel leaves it zeroed
 * where it must be) and passes its address. */
typedef struct {
  const char *name;
  DlcRuntimeParamKind kind;
  DlcRuntimeDtype dtype;
  DlcRuntimeRole role;
  int rank;
  const char *const *shape; /* rank expressions ("M", "64", ...) */
  int intermediate;   /* "intermediate": true: a buffer between two kernels */
  const char *tensor; /* TENSORMAP */
  const char *const *strides; /* TENSORMAP: rank - 1 expressions */
  int64_t box[5];             /* TENSORMAP: rank entries (im2col: 2) */
  const char *bytes;          /* WORKSPACE: an expression */
  int im2col;                 /* TENSORMAP: "mode": "im2col" */
  /* TENSORMAP, "optional": true: encoded over the tensor when its base
   * and strides are 16-byte multiples, else over a padded workspace copied
   * into it after the launch when `repackOut` is set (rows, cols of the
   * region to copy), else not at all (C's map of the SM90 staged
   * epilogue; the kernel gets 0 for an unencoded map). */
  int optional;
  const char *repackOut[2];  /* TENSORMAP: NULL, or rows, cols */
  int lower[3], upper[3];    /* im2col */
  int64_t elementStrides[5]; /* im2col */
  /* TENSORMAP of kind "tensormap_value": the kernel takes the 128-byte map
   * itself as a __grid_constant__ parameter, not its device address (never
   * an optional map, whose 0 the kernel tests). */
  int byValue;
} DlcRuntimeParam;

/* The launch a manifest asks for, evaluated for given symbol values. */
typedef struct {
  int64_t grid[3];
  int64_t block[3];
  int64_t dynamicSmemBytes;
  int64_t flops; /* 0 when the manifest has no "flops" */
  /* "cooperative": true, or "split" with grid y > 1: the CTAs wait for
   * each other (SM90 split-K, split rows), so the launch is cooperative
   * (all resident, or an error). */
  int cooperative;
  /* "cluster": CTAs a thread-block cluster spans in each grid dim ({1, 1,
   * 1}: no cluster); the grid is a multiple of it. */
  int64_t cluster[3];
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
/* The compiler's summary of the kernel's plan ("plan"), or NULL. */
DLC_KEEP const char *
dlcRuntimeManifestGetPlan(DLC_KEEP const DlcRuntimeManifest *m);
/* The items a block of the module's repack kernel copies ("repack_items",
 * docs/runtime.md "Repack"): the runtime launches one block per that many;
 * 0 when the manifest has none (an older compiler's kernel: the
 * row-structured grid). */
int64_t dlcRuntimeManifestGetRepackItems(DLC_KEEP const DlcRuntimeManifest *m);
/* The cost model's estimate ("estimate", docs/conventions.md): its time in
 * microseconds and occupancy at the nominal sizes `*at` names
 * ("MxNxK=4096x4096x4096"); -1 when the manifest has none. */
int dlcRuntimeManifestGetEstimate(DLC_KEEP const DlcRuntimeManifest *m,
                                  double *us, double *occupancy,
                                  DLC_KEEP const char **at);
int dlcRuntimeManifestGetNumSymbols(DLC_KEEP const DlcRuntimeManifest *m);
DLC_KEEP const char *
dlcRuntimeManifestGetSymbol(DLC_KEEP const DlcRuntimeManifest *m, int i);
/* The size formula ("M * K") of pointer parameter `i` when the caller's
 * buffer is flat and the kernel reads it in the factors' shape (the
 * manifest's "flat", docs/conventions.md "Products of symbols"), or NULL. */
DLC_KEEP const char *
dlcRuntimeManifestGetParamFlat(DLC_KEEP const DlcRuntimeManifest *m, int i);
/* The formula of a derived symbol ("H + 2", over the free symbols), or NULL
 * for a free one (docs/conventions.md, "Derived symbols"). */
DLC_KEEP const char *
dlcRuntimeManifestGetDerived(DLC_KEEP const DlcRuntimeManifest *m, int i);
/* Computes every derived symbol of symbols[] (manifest order) from the free
 * ones there. Where given[i] is set (given may be NULL), the value already
 * in symbols[i] must agree. 0, or -1 with a message. */
int dlcRuntimeManifestDeriveSymbols(DLC_KEEP const DlcRuntimeManifest *m,
                                    int64_t *symbols, DLC_KEEP const int *given,
                                    char *err, size_t errSize);
/* Evaluates manifest expression `expr` over the manifest's symbols, any
 * number of them (symbols[i]: the value of symbol i, manifest order).
 * 0, or -1 with a message. */
int dlcRuntimeManifestEval(DLC_KEEP const DlcRuntimeManifest *m,
                           DLC_KEEP const char *expr,
                           DLC_KEEP const int64_t *symbols, int64_t *out,
                           char *err, size_t errSize);
/* Launch-time versions ("versions", docs/runtime.md): kernels of the same
 * PTX file and pointer parameters that replace this one when every symbol
 * their "when" names has the value given (N = 1: a GEMV version of a
 * symbolic GEMM). Each version's manifest is owned by `m`. */
int dlcRuntimeManifestGetNumVersions(DLC_KEEP const DlcRuntimeManifest *m);
DLC_KEEP const DlcRuntimeManifest *
dlcRuntimeManifestGetVersion(DLC_KEEP const DlcRuntimeManifest *m, int i);
/* The first version whose "when" holds for symbols[] (manifest order) in
 * *version, or -1 for the kernel itself. 0, or -1 with a message. */
int dlcRuntimeManifestChooseVersion(DLC_KEEP const DlcRuntimeManifest *m,
                                    DLC_KEEP const int64_t *symbols,
                                    int *version, char *err, size_t errSize);
/* Index of a symbol by name, or -1. */
int dlcRuntimeManifestFindSymbol(DLC_KEEP const DlcRuntimeManifest *m,
                                 DLC_KEEP const char *name);
int dlcRuntimeManifestGetNumParams(DLC_KEEP const DlcRuntimeManifest *m);
DLC_KEEP const DlcRuntimeParam *
dlcRuntimeManifestGetParam(DLC_KEEP const DlcRuntimeManifest *m, int i);

/* The bytes of the manifest's workspace parameter (0 when it has none).
 * -1 with a message. */
int dlcRuntimeManifestGetWorkspaceBytes(DLC_KEEP const DlcRuntimeManifest *m,
                                        DLC_KEEP const int64_t *symbols,
                                        int64_t *bytes, char *err,
                                        size_t errSize);

/* symbols[i] is the value of symbol i (manifest symbol order). */
int dlcRuntimeManifestGetLaunch(DLC_KEEP const DlcRuntimeManifest *m,
                                DLC_KEEP const int64_t *symbols,
                                DlcRuntimeLaunchDims *out, char *err,
                                size_t errSize);
/* Size of dimension `dim` of pointer parameter i. */
int dlcRuntimeManifestGetParamDim(DLC_KEEP const DlcRuntimeManifest *m, int i,
                                  int dim, DLC_KEEP const int64_t *symbols,
                                  int64_t *out, char *err, size_t errSize);
/* Number of elements of pointer parameter i (product of its shape); -1
 * also when they take more than INT64_MAX bytes (dlcRuntimeDtypeBytes),
 * so that the caller's byte size cannot wrap. */
int dlcRuntimeManifestGetParamElements(DLC_KEEP const DlcRuntimeManifest *m,
                                       int i, DLC_KEEP const int64_t *symbols,
                                       int64_t *out, char *err, size_t errSize);

/* "f16" -> DLC_RUNTIME_DTYPE_F16, ...; INVALID when unknown. */
DlcRuntimeDtype dlcRuntimeDtypeFromString(DLC_KEEP const char *s);
DLC_KEEP const char *dlcRuntimeDtypeToString(DlcRuntimeDtype t);
size_t dlcRuntimeDtypeSize(DlcRuntimeDtype t);
/* Bytes of `count` elements of `t`, or -1 when count is negative or the
 * size exceeds INT64_MAX (the one checked size formula). */
int64_t dlcRuntimeDtypeBytes(DlcRuntimeDtype t, int64_t count);

/*===------------------------------ programs -----------------------------===*/

/* A program (docs/conventions.md, "Program manifest"): kernels launched in
 * order over the program's graph tensors and intermediate buffers, which
 * each kernel's pointer parameters name.  A kernel manifest loads as a
 * program of that one kernel, whose pointer parameters are its tensors. */
typedef struct DlcRuntimeProgram DlcRuntimeProgram;

/* One intermediate buffer; strings owned by the program. */
typedef struct {
  const char *name;
  DlcRuntimeDtype dtype;
  int rank;
  const char *const *shape; /* rank expressions over the symbols */
  const char *bytes;        /* its size in bytes, an expression */
} DlcRuntimeBuffer;

/* Reads a program manifest or a kernel manifest and checks that every
 * kernel's pointer parameters name a graph tensor or an intermediate of the
 * same dtype and shape, that no kernel writes a graph input, that each
 * intermediate is written before it is read and that each kernel's symbols
 * are the program's.  NULL on error (message in err). */
DLC_GIVE DlcRuntimeProgram *dlcRuntimeProgramLoad(DLC_KEEP const char *path,
                                                  char *err, size_t errSize);
/* The same from text; baseDir resolves a relative "ptx" (NULL: as is). */
DLC_GIVE DlcRuntimeProgram *dlcRuntimeProgramParse(DLC_KEEP const char *json,
                                                   DLC_KEEP const char *baseDir,
                                                   char *err, size_t errSize);
void dlcRuntimeProgramDestroy(DLC_TAKE DlcRuntimeProgram *p);

DLC_KEEP const char *
dlcRuntimeProgramGetName(DLC_KEEP const DlcRuntimeProgram *p);
/* Whether the file was a program manifest (not a single kernel's). */
int dlcRuntimeProgramIsProgramManifest(DLC_KEEP const DlcRuntimeProgram *p);
/* The program's signature, as a manifest without a launch of its own: its
 * symbols (the order of every symbol array of this API) and its graph
 * tensors as pointer parameters, inputs then outputs; "flops" is the sum of
 * the kernels'.  For a kernel manifest it is that manifest.  Reference data
 * and the caller's tensors follow it. */
DLC_KEEP const DlcRuntimeManifest *
dlcRuntimeProgramGetSignature(DLC_KEEP const DlcRuntimeProgram *p);
int dlcRuntimeProgramGetNumKernels(DLC_KEEP const DlcRuntimeProgram *p);
/* Kernel i in launch order. */
DLC_KEEP const DlcRuntimeManifest *
dlcRuntimeProgramGetKernel(DLC_KEEP const DlcRuntimeProgram *p, int i);
int dlcRuntimeProgramGetNumBuffers(DLC_KEEP const DlcRuntimeProgram *p);
DLC_KEEP const DlcRuntimeBuffer *
dlcRuntimeProgramGetBuffer(DLC_KEEP const DlcRuntimeProgram *p, int i);
/* Bytes of buffer i for these symbol values (program symbol order). */
int dlcRuntimeProgramGetBufferBytes(DLC_KEEP const DlcRuntimeProgram *p, int i,
                                    DLC_KEEP const int64_t *symbols,
                                    int64_t *out, char *err, size_t errSize);

typedef enum {
  DLC_RUNTIME_BIND_NONE,   /* an i64 parameter */
  DLC_RUNTIME_BIND_TENSOR, /* a pointer parameter of the signature */
  DLC_RUNTIME_BIND_BUFFER  /* an intermediate buffer */
} DlcRuntimeBindKind;

/* What parameter `param` of kernel `kernel` is bound to: *index is the
 * signature's parameter index (TENSOR) or the buffer index (BUFFER). */
DlcRuntimeBindKind
dlcRuntimeProgramGetBinding(DLC_KEEP const DlcRuntimeProgram *p, int kernel,
                            int param, int *index);

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
/* The entries of role "intermediate": a program's buffers between kernels,
 * as the CPU computed them from the same inputs (the per-kernel check of
 * docs/runtime.md).  They name no parameter of the manifest the data was
 * loaded against, so only their own "shape" and file size are checked
 * here; the caller compares dtype and count with the program's buffer. */
int dlcRuntimeRefDataGetNumIntermediates(DLC_KEEP const DlcRuntimeRefData *d);
/* Name of intermediate entry i (file order), or NULL. */
DLC_KEEP const char *
dlcRuntimeRefDataGetIntermediateName(DLC_KEEP const DlcRuntimeRefData *d,
                                     int i);
/* Data of the intermediate entry named `name`, its dtype and element count;
 * NULL when the folder has none of that name. */
DLC_KEEP const void *
dlcRuntimeRefDataGetIntermediate(DLC_KEEP const DlcRuntimeRefData *d,
                                 DLC_KEEP const char *name,
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

/* The stream (a CUstream, borrowed) that every later launch, timing event
 * and TMA repack of this runtime goes to; NULL, the default, is the legacy
 * default stream.  A host sharing the device with a framework passes the
 * framework's current stream (torch.cuda.current_stream().cuda_stream), so
 * that the kernels are ordered after the work that produced their inputs.
 * The stream must belong to the device's primary context. */
void dlcRuntimeSetStream(DLC_KEEP DlcRuntime *rt, DLC_KEEP void *stream);
DLC_KEEP void *dlcRuntimeGetStream(DLC_KEEP const DlcRuntime *rt);

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

/* Launches on the runtime's stream (dlcRuntimeSetStream).  ptrs holds one
 * device pointer per pointer parameter, in parameter order; symbols the symbol
 * values in manifest symbol order (the i64 parameters are taken from them by
 * name). Asynchronous: errors of the kernel itself show at the next
 * synchronize. */
int dlcRuntimeKernelLaunch(DLC_KEEP DlcRuntimeKernel *k,
                           DLC_KEEP const DlcRuntimeDevicePtr *ptrs,
                           DLC_KEEP const int64_t *symbols);

/* warmup untimed launches, then iters launches each between two events;
 * *medianMs is the median of the iters times (milliseconds). */
int dlcRuntimeKernelTime(DLC_KEEP DlcRuntimeKernel *k,
                         DLC_KEEP const DlcRuntimeDevicePtr *ptrs,
                         DLC_KEEP const int64_t *symbols, int warmup, int iters,
                         double *medianMs);

/*===------------------------- programs on a device ----------------------===*/

/* A program loaded on a device: its PTX module loaded once, every kernel
 * found, and its intermediate buffers once allocated. */
typedef struct DlcRuntimeExecutable DlcRuntimeExecutable;

/* Receives one line per allocation, launch and free (no newline). */
typedef void (*DlcRuntimeTraceCallback)(DLC_KEEP const char *line,
                                        void *userData);

/* Loads the program's kernels.  The executable keeps `p`, which must
 * outlive it, and `rt`.  NULL on error (dlcRuntimeGetLastError). */
DLC_GIVE DlcRuntimeExecutable *
dlcRuntimeExecutableLoad(DLC_KEEP DlcRuntime *rt,
                         DLC_KEEP const DlcRuntimeProgram *p);
/* Frees the intermediates and unloads the module. */
void dlcRuntimeExecutableDestroy(DLC_TAKE DlcRuntimeExecutable *e);
/* Trace lines go to `callback` from now on (NULL: none, the default). */
void dlcRuntimeExecutableSetTrace(DLC_KEEP DlcRuntimeExecutable *e,
                                  DlcRuntimeTraceCallback callback,
                                  void *userData);

/* Allocates every intermediate for these symbol values (program order),
 * poisoned with 0xFF bytes; buffers allocated for other values are freed
 * first, for the same values this does nothing. */
int dlcRuntimeExecutableAllocate(DLC_KEEP DlcRuntimeExecutable *e,
                                 DLC_KEEP const int64_t *symbols);
/* Frees the intermediates (after synchronizing the device). */
int dlcRuntimeExecutableRelease(DLC_KEEP DlcRuntimeExecutable *e);

/* Launches every kernel in order on the runtime's stream.  tensors holds one
 * device pointer per pointer parameter of the signature (graph inputs, then
 * outputs); each kernel's pointer parameters are bound to them and to the
 * intermediates (allocated first when needed), its i64 parameters to the
 * symbols by name.  Asynchronous, like dlcRuntimeKernelLaunch. */
int dlcRuntimeExecutableLaunch(DLC_KEEP DlcRuntimeExecutable *e,
                               DLC_KEEP const DlcRuntimeDevicePtr *tensors,
                               DLC_KEEP const int64_t *symbols);

/* Launches kernel `kernel` alone (launch order) on buffers of the caller's:
 * ptrs holds one device pointer per pointer parameter of that kernel, in
 * its parameter order, whatever each is bound to in the program (graph
 * tensor or intermediate); symbols in program symbol order.  The launches
 * are prepared (and the intermediates allocated) for these symbols first,
 * as dlcRuntimeExecutableAllocate does.  To check one kernel of a chain on
 * reference inputs.  Asynchronous, like dlcRuntimeKernelLaunch. */
int dlcRuntimeExecutableLaunchKernel(DLC_KEEP DlcRuntimeExecutable *e,
                                     int kernel,
                                     DLC_KEEP const DlcRuntimeDevicePtr *ptrs,
                                     DLC_KEEP const int64_t *symbols);

/* warmup untimed runs of the whole program, then iters runs each between
 * two events (first launch to last); *medianMs is the median. */
int dlcRuntimeExecutableTime(DLC_KEEP DlcRuntimeExecutable *e,
                             DLC_KEEP const DlcRuntimeDevicePtr *tensors,
                             DLC_KEEP const int64_t *symbols, int warmup,
                             int iters, double *medianMs);

/* The same for kernel `kernel` (launch order) alone, bound as in the
 * program to `tensors` and the intermediates (which hold what the last run
 * left): its time within the program, for the per-kernel measurement rows
 * of dlc-run --log. */
int dlcRuntimeExecutableTimeKernel(DLC_KEEP DlcRuntimeExecutable *e, int kernel,
                                   DLC_KEEP const DlcRuntimeDevicePtr *tensors,
                                   DLC_KEEP const int64_t *symbols, int warmup,
                                   int iters, double *medianMs);

#ifdef __cplusplus
}
#endif

#endif /* DLC_RUNTIME_H */
