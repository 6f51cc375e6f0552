/*===- Driver.h - the CUDA driver API, opened with dlopen (internal) -*- C
-*-===*\
|* The few driver entry points DLC uses, declared here so that no CUDA      *|
|* header is needed to build.  Types and constants follow cuda.h.            *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_RUNTIME_DRIVER_H
#define DLC_RUNTIME_DRIVER_H

#include <stddef.h>
#include <stdint.h>

typedef int CUresult; /* CUDA_SUCCESS == 0 */
typedef int CUdevice;
typedef uint64_t CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef int CUjit_option;

enum {
  DLC_CU_JIT_INFO_LOG_BUFFER = 3,
  DLC_CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  DLC_CU_JIT_ERROR_LOG_BUFFER = 5,
  DLC_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  DLC_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
  DLC_CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  DLC_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
};

/* X(name, symbol in libcuda, parameter list) */
#define DLC_DRIVER_FUNCTIONS(X)                                                \
  X(cuInit, "cuInit", (unsigned flags))                                        \
  X(cuGetErrorString, "cuGetErrorString", (CUresult e, const char **s))        \
  X(cuDeviceGetCount, "cuDeviceGetCount", (int *count))                        \
  X(cuDeviceGet, "cuDeviceGet", (CUdevice * d, int ordinal))                   \
  X(cuDeviceGetName, "cuDeviceGetName", (char *name, int len, CUdevice d))     \
  X(cuDeviceGetAttribute, "cuDeviceGetAttribute",                              \
    (int *v, int attr, CUdevice d))                                            \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain",                      \
    (CUcontext * c, CUdevice d))                                               \
  X(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2", (CUdevice d))   \
  X(cuCtxSetCurrent, "cuCtxSetCurrent", (CUcontext c))                         \
  X(cuCtxSynchronize, "cuCtxSynchronize", (void))                              \
  X(cuMemAlloc, "cuMemAlloc_v2", (CUdeviceptr * p, size_t bytes))              \
  X(cuMemFree, "cuMemFree_v2", (CUdeviceptr p))                                \
  X(cuMemcpyHtoD, "cuMemcpyHtoD_v2",                                           \
    (CUdeviceptr dst, const void *src, size_t bytes))                          \
  X(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2",                                 \
    (CUdeviceptr dst, const void *src, size_t bytes, CUstream s))              \
  X(cuMemcpyDtoH, "cuMemcpyDtoH_v2",                                           \
    (void *dst, CUdeviceptr src, size_t bytes))                                \
  X(cuMemsetD8, "cuMemsetD8_v2", (CUdeviceptr dst, unsigned char v, size_t n)) \
  X(cuModuleLoadDataEx, "cuModuleLoadDataEx",                                  \
    (CUmodule * m, const void *image, unsigned n, CUjit_option *opts,          \
     void **vals))                                                             \
  X(cuModuleUnload, "cuModuleUnload", (CUmodule m))                            \
  X(cuModuleGetFunction, "cuModuleGetFunction",                                \
    (CUfunction * f, CUmodule m, const char *name))                            \
  X(cuFuncSetAttribute, "cuFuncSetAttribute",                                  \
    (CUfunction f, int attr, int value))                                       \
  X(cuLaunchKernel, "cuLaunchKernel",                                          \
    (CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,         \
     unsigned by, unsigned bz, unsigned smem, CUstream s, void **params,       \
     void **extra))                                                            \
  X(cuLaunchCooperativeKernel, "cuLaunchCooperativeKernel",                    \
    (CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,         \
     unsigned by, unsigned bz, unsigned smem, CUstream s, void **params))      \
  X(cuEventCreate, "cuEventCreate", (CUevent * e, unsigned flags))             \
  X(cuEventDestroy, "cuEventDestroy_v2", (CUevent e))                          \
  X(cuEventRecord, "cuEventRecord", (CUevent e, CUstream s))                   \
  X(cuEventSynchronize, "cuEventSynchronize", (CUevent e))                     \
  X(cuEventElapsedTime, "cuEventElapsedTime", (float *ms, CUevent a, CUevent b))

/* cuTensorMapEncodeTiled (CUDA 12+): optional, so that a driver without
 * it still runs every kernel that takes no TMA tensor map.  Enumerations
 * as in cuda.h. */
enum {
  DLC_CU_TENSOR_MAP_DATA_TYPE_FLOAT16 = 6,
  DLC_CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 = 9,
  DLC_CU_TENSOR_MAP_SWIZZLE_128B = 3,
  DLC_CU_TENSOR_MAP_L2_PROMOTION_L2_256B = 3,
};
typedef CUresult (*DlcTensorMapEncodeTiled)(
    void *map, int dataType, uint32_t rank, void *globalAddress,
    const uint64_t *globalDim, const uint64_t *globalStrides,
    const uint32_t *boxDim, const uint32_t *elementStrides, int interleave,
    int swizzle, int l2Promotion, int oobFill);

/* cuTensorMapEncodeIm2col (CUDA 12+), optional likewise: a convolution's
 * activation read by TMA's im2col mode. */
typedef CUresult (*DlcTensorMapEncodeIm2col)(
    void *map, int dataType, uint32_t rank, void *globalAddress,
    const uint64_t *globalDim, const uint64_t *globalStrides,
    const int *pixelBoxLowerCorner, const int *pixelBoxUpperCorner,
    uint32_t channelsPerPixel, uint32_t pixelsPerColumn,
    const uint32_t *elementStrides, int interleave, int swizzle,
    int l2Promotion, int oobFill);

/* cuMemcpy2DAsync's argument (cuda.h's CUDA_MEMCPY2D). */
typedef struct {
  size_t srcXInBytes, srcY;
  int srcMemoryType; /* 2: device */
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
} DlcMemcpy2D;
enum { DLC_CU_MEMORYTYPE_DEVICE = 2 };
/* cuLaunchCooperativeKernel's answer to a grid that cannot be resident at
 * once (cuda.h's CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE). */
enum { DLC_CU_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE = 720 };
typedef CUresult (*DlcMemcpy2DAsync)(const DlcMemcpy2D *copy, CUstream s);

/* cuLaunchKernelEx (CUDA 12+), optional likewise: a launch with
 * attributes, for a thread-block cluster. Layouts as cuda.h's
 * CUlaunchAttribute (an id, padding to 8 bytes, a 64-byte value) and
 * CUlaunchConfig. */
enum {
  DLC_CU_LAUNCH_ATTRIBUTE_COOPERATIVE = 2,
  DLC_CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4,
};
typedef struct {
  int id;
  char pad[4];
  union {
    char pad[64];
    int cooperative;
    struct {
      unsigned x, y, z;
    } clusterDim;
  } value;
} DlcLaunchAttribute;
typedef struct {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  DlcLaunchAttribute *attrs;
  unsigned numAttrs;
} DlcLaunchConfig;
typedef CUresult (*DlcLaunchKernelEx)(const DlcLaunchConfig *config,
                                      CUfunction f, void **params,
                                      void **extra);

typedef struct {
  void *handle;
#define DLC_DRIVER_FIELD(name, sym, params) CUresult(*name) params;
  DLC_DRIVER_FUNCTIONS(DLC_DRIVER_FIELD)
#undef DLC_DRIVER_FIELD
  DlcTensorMapEncodeTiled cuTensorMapEncodeTiled;   /* NULL when absent */
  DlcTensorMapEncodeIm2col cuTensorMapEncodeIm2col; /* NULL when absent */
  DlcMemcpy2DAsync cuMemcpy2DAsync;                 /* NULL when absent */
  DlcLaunchKernelEx cuLaunchKernelEx;               /* NULL when absent */
} DlcDriver;

/* Opens libcuda.so.1 and resolves every entry point; -1 with a message. */
int dlcDriverOpen(DlcDriver *d, char *err, size_t errSize);
void dlcDriverClose(DlcDriver *d);
/* "CUDA_ERROR_...: text" for a driver result. */
const char *dlcDriverErrorString(const DlcDriver *d, CUresult r);

#endif /* DLC_RUNTIME_DRIVER_H */
