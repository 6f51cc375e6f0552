/*===- TensorMap.c - TMA tensor maps of a kernel's launch --------------===*/

#include "TensorMap.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MapBytes = 128 }; /* sizeof(CUtensorMap), 64-byte aligned */

int dlcTensorMapsInit(DlcTensorMaps *maps, const DlcDriver *drv,
                      const DlcRuntimeManifest *m, CUmodule module, char *err,
                      size_t errSize) {
  memset(maps, 0, sizeof *maps);
  int n = dlcRuntimeManifestGetNumParams(m);
  for (int i = 0; i < n; i++)
    maps->count +=
        dlcRuntimeManifestGetParam(m, i)->kind == DLC_RUNTIME_PARAM_TENSORMAP;
  if (maps->count == 0)
    return 0;
  for (int i = 0; i < n; i++) {
    const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
    if (p->kind == DLC_RUNTIME_PARAM_TENSORMAP && p->im2col &&
        !drv->cuTensorMapEncodeIm2col) {
      snprintf(err, errSize,
               "kernel '%s' takes a TMA im2col tensor map, but this CUDA "
               "driver has no cuTensorMapEncodeIm2col (CUDA 12 or newer has "
               "it)",
               dlcRuntimeManifestGetKernelName(m));
      return -1;
    }
  }
  if (!drv->cuTensorMapEncodeTiled) {
    snprintf(err, errSize,
             "kernel '%s' takes TMA tensor maps, but this CUDA driver has no "
             "cuTensorMapEncodeTiled (CUDA 12 or newer has it)",
             dlcRuntimeManifestGetKernelName(m));
    return -1;
  }
  int ns = dlcRuntimeManifestGetNumSymbols(m);
  maps->param = calloc((size_t)maps->count, sizeof(int));
  maps->tensorArg = calloc((size_t)maps->count, sizeof(int));
  maps->address = calloc((size_t)maps->count, sizeof(CUdeviceptr));
  maps->encodedBase = calloc((size_t)maps->count, sizeof(CUdeviceptr));
  maps->encodedSymbols =
      calloc((size_t)maps->count * (size_t)(ns + 1), sizeof(int64_t));
  maps->repack = calloc((size_t)maps->count, sizeof(DlcMemcpy2D));
  maps->unpack = calloc((size_t)maps->count, sizeof(DlcMemcpy2D));
  maps->arg = calloc((size_t)maps->count, sizeof(CUdeviceptr));
  maps->workspace = calloc((size_t)maps->count, sizeof(CUdeviceptr));
  maps->workspaceBytes = calloc((size_t)maps->count, sizeof(size_t));
  maps->host = aligned_alloc(64, (size_t)maps->count * MapBytes);
  if (!maps->param || !maps->tensorArg || !maps->address ||
      !maps->encodedBase || !maps->encodedSymbols || !maps->repack ||
      !maps->unpack || !maps->arg || !maps->workspace ||
      !maps->workspaceBytes || !maps->host) {
    snprintf(err, errSize, "out of memory");
    return -1;
  }
  memset(maps->host, 0, (size_t)maps->count * MapBytes);
  for (int i = 0, j = 0; i < n; i++) {
    const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
    if (p->kind != DLC_RUNTIME_PARAM_TENSORMAP)
      continue;
    maps->param[j] = i;
    for (int t = 0; t < n; t++)
      if (dlcRuntimeManifestGetParam(m, t)->kind == DLC_RUNTIME_PARAM_PTR &&
          strcmp(dlcRuntimeManifestGetParam(m, t)->name, p->tensor) == 0)
        maps->tensorArg[j] = t;
    j++;
  }
  /* Device slots only for the maps passed by address; a map passed by
   * value lives in its host slot (address 0). */
  int slots = 0;
  for (int j = 0; j < maps->count; j++)
    slots += !dlcRuntimeManifestGetParam(m, maps->param[j])->byValue;
  if (slots > 0) {
    CUresult r = drv->cuMemAlloc(&maps->device, (size_t)slots * MapBytes);
    if (r != 0) {
      snprintf(err, errSize, "cuMemAlloc for tensor maps: %s",
               dlcDriverErrorString(drv, r));
      return -1;
    }
  }
  for (int j = 0, slot = 0; j < maps->count; j++)
    if (!dlcRuntimeManifestGetParam(m, maps->param[j])->byValue)
      maps->address[j] = maps->arg[j] =
          maps->device + (CUdeviceptr)slot++ * MapBytes;
  if (drv->cuModuleGetFunction(&maps->repackKernel, module, "dlc_repack_b16"))
    maps->repackKernel = NULL;
  maps->repackItems = dlcRuntimeManifestGetRepackItems(m);
  return 0;
}

void *dlcTensorMapsArg(DlcTensorMaps *maps, const DlcRuntimeManifest *m,
                       int j) {
  if (dlcRuntimeManifestGetParam(m, maps->param[j])->byValue)
    return maps->host + (size_t)j * MapBytes;
  return &maps->arg[j];
}

void dlcTensorMapsRelease(DlcTensorMaps *maps, const DlcDriver *drv) {
  if (maps->device)
    drv->cuMemFree(maps->device);
  for (int j = 0; maps->workspace && j < maps->count; j++)
    if (maps->workspace[j])
      drv->cuMemFree(maps->workspace[j]);
  free(maps->repack);
  free(maps->unpack);
  free(maps->arg);
  free(maps->host);
  free(maps->workspace);
  free(maps->workspaceBytes);
  free(maps->param);
  free(maps->tensorArg);
  free(maps->address);
  free(maps->encodedBase);
  free(maps->encodedSymbols);
  memset(maps, 0, sizeof *maps);
}

/* Evaluates `count` expressions at `symbols`, each at least `least`. */
static int evalAtLeast(const DlcRuntimeManifest *m, const char *const *exprs,
                       int count, const int64_t *symbols, int64_t least,
                       uint64_t *out, char *err, size_t errSize) {
  for (int i = 0; i < count; i++) {
    int64_t v;
    if (dlcRuntimeManifestEval(m, exprs[i], symbols, &v, err, errSize) != 0)
      return -1;
    if (v < least) {
      snprintf(err, errSize, "'%s' is %lld; a tensor map needs it %s", exprs[i],
               (long long)v, least > 0 ? "positive" : "at least 0");
      return -1;
    }
    out[i] = (uint64_t)v;
  }
  return 0;
}

static int evalAll(const DlcRuntimeManifest *m, const char *const *exprs,
                   int count, const int64_t *symbols, uint64_t *out, char *err,
                   size_t errSize) {
  return evalAtLeast(m, exprs, count, symbols, 1, out, err, errSize);
}

static int dataType(const DlcRuntimeParam *p) {
  return p->dtype == DLC_RUNTIME_DTYPE_BF16
             ? DLC_CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
             : DLC_CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
}

/* Copies the encoded map to its device slot, or to its host slot when it
 * is passed by value. */
static int upload(DlcTensorMaps *maps, int j, const DlcDriver *drv,
                  CUstream stream, const DlcRuntimeParam *p, const void *map,
                  CUresult r, char *err, size_t errSize) {
  if (r == 0 && p->byValue) {
    memcpy(maps->host + (size_t)j * MapBytes, map, MapBytes);
    return 0;
  }
  /* On the launch's stream: a kernel queued earlier on it still reads the
   * old map (pageable memory is staged before the call returns). */
  if (r == 0)
    r = drv->cuMemcpyHtoDAsync(maps->address[j], map, MapBytes, stream);
  if (r != 0) {
    snprintf(err, errSize, "tensor map '%s': %s", p->name,
             dlcDriverErrorString(drv, r));
    return -1;
  }
  return 0;
}

/* An im2col map (a convolution's NHWC activation): the planner takes only
 * C a multiple of 8, so its strides are 16-byte multiples; there is no
 * repack (C % 8 != 0 stays on the SM80 gather). */
static int encodeIm2col(DlcTensorMaps *maps, int j, const DlcDriver *drv,
                        CUstream stream, const DlcRuntimeParam *p,
                        CUdeviceptr base, const uint64_t *dims,
                        const uint64_t *strides, bool aligned, char *err,
                        size_t errSize) {
  if (!aligned || base % 16) {
    snprintf(err, errSize,
             "im2col tensor map '%s': '%s' must start 16-byte aligned with "
             "strides of 16-byte multiples (C a multiple of 8)",
             p->name, p->tensor);
    return -1;
  }
  uint32_t elementStrides[5];
  for (int d = 0; d < p->rank; d++)
    elementStrides[d] = (uint32_t)p->elementStrides[d];
  _Alignas(64) unsigned char map[MapBytes];
  CUresult r = drv->cuTensorMapEncodeIm2col(
      map, dataType(p), (uint32_t)p->rank, (void *)(uintptr_t)base, dims,
      strides, p->lower, p->upper, (uint32_t)p->box[0], (uint32_t)p->box[1],
      elementStrides, 0 /* no interleave */, DLC_CU_TENSOR_MAP_SWIZZLE_128B,
      DLC_CU_TENSOR_MAP_L2_PROMOTION_L2_256B, 0 /* out of bounds: zeros */);
  return upload(maps, j, drv, stream, p, map, r, err, errSize);
}

/* Reports a stride TMA cannot take (`strideText`, `bytes` evaluated) and
 * why the runtime cannot repack the map instead; -1. */
static int unrepackable(char *err, size_t errSize, const DlcRuntimeParam *p,
                        const char *strideText, uint64_t bytes, const char *why,
                        ...) __attribute__((format(printf, 6, 7)));
static int unrepackable(char *err, size_t errSize, const DlcRuntimeParam *p,
                        const char *strideText, uint64_t bytes, const char *why,
                        ...) {
  int used = snprintf(err, errSize,
                      "tensor map '%s': stride %s = %llu bytes is not a "
                      "multiple of 16",
                      p->name, strideText, (unsigned long long)bytes);
  if (used >= 0 && (size_t)used < errSize) {
    va_list args;
    va_start(args, why);
    vsnprintf(err + used, errSize - (size_t)used, why, args);
    va_end(args);
  }
  return -1;
}

/* Map j's workspace of at least `need` bytes (kept across launches, grown
 * when the sizes grow).  -1 with a message. */
static int ensureWorkspace(DlcTensorMaps *maps, int j, const DlcDriver *drv,
                           const DlcRuntimeParam *p, size_t need, char *err,
                           size_t errSize) {
  if (maps->workspaceBytes[j] >= need)
    return 0;
  if (maps->workspace[j])
    drv->cuMemFree(maps->workspace[j]);
  maps->workspace[j] = 0;
  maps->workspaceBytes[j] = 0;
  CUresult r = drv->cuMemAlloc(&maps->workspace[j], need);
  if (r != 0) {
    snprintf(err, errSize, "tensor map '%s': workspace: %s", p->name,
             dlcDriverErrorString(drv, r));
    return -1;
  }
  maps->workspaceBytes[j] = need;
  return 0;
}

static int encodeTiled(DlcTensorMaps *maps, int j, const DlcDriver *drv,
                       CUstream stream, const DlcRuntimeParam *p,
                       CUdeviceptr base, const uint64_t *dims,
                       const uint64_t *strides, char *err, size_t errSize);

/* An output map over a workspace of rows padded to 16 bytes, and the copy
 * of its whole-tile region ("repack_out": rows, cols) into the tensor
 * after every launch. */
static int planUnpack(DlcTensorMaps *maps, int j, const DlcDriver *drv,
                      CUstream stream, const DlcRuntimeManifest *m,
                      const DlcRuntimeParam *p, CUdeviceptr base,
                      const uint64_t *dims, const uint64_t *strides,
                      const int64_t *symbols, char *err, size_t errSize) {
  uint64_t region[2];
  char why[256];
  if (evalAtLeast(m, p->repackOut, 2, symbols, 0, region, why, sizeof why) !=
      0) {
    snprintf(err, errSize, "tensor map '%s': repack_out: %s", p->name, why);
    return -1;
  }
  uint64_t pitch = (dims[0] * 2 + 15) / 16 * 16;
  if (ensureWorkspace(maps, j, drv, p, (size_t)(pitch * dims[1]), err,
                      errSize) != 0)
    return -1;
  DlcMemcpy2D *copy = &maps->unpack[j];
  copy->srcMemoryType = copy->dstMemoryType = DLC_CU_MEMORYTYPE_DEVICE;
  copy->srcDevice = maps->workspace[j];
  copy->srcPitch = (size_t)pitch;
  copy->dstDevice = base;
  copy->dstPitch = (size_t)strides[0];
  copy->WidthInBytes = (size_t)(region[1] < dims[0] ? region[1] : dims[0]) * 2;
  copy->Height = (size_t)(region[0] < dims[1] ? region[0] : dims[1]);
  if (copy->WidthInBytes == 0) /* no whole tile: nothing to copy back */
    copy->Height = 0;
  uint64_t padded[1] = {pitch};
  return encodeTiled(maps, j, drv, stream, p, maps->workspace[j], dims, padded,
                     err, errSize);
}

static int encode(DlcTensorMaps *maps, int j, const DlcDriver *drv,
                  CUstream stream, const DlcRuntimeManifest *m,
                  CUdeviceptr base, const int64_t *symbols, char *err,
                  size_t errSize) {
  const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, maps->param[j]);
  uint64_t dims[5], strides[4];
  char why[256];
  if (evalAll(m, p->shape, p->rank, symbols, dims, why, sizeof why) != 0 ||
      evalAll(m, p->strides, p->rank - 1, symbols, strides, why, sizeof why) !=
          0) {
    snprintf(err, errSize, "tensor map '%s': %s", p->name, why);
    return -1;
  }
  /* TMA needs 16-byte row and batch strides. A tensor without them (a row
   * of K = 4093 halves) is copied to a workspace whose rows are padded to
   * 16 bytes, at copy-engine bandwidth, and the map reads the copy. */
  memset(&maps->repack[j], 0, sizeof maps->repack[j]);
  memset(&maps->unpack[j], 0, sizeof maps->unpack[j]);
  maps->arg[j] = maps->address[j];
  bool aligned = true;
  for (int d = 0; d + 1 < p->rank; d++)
    aligned &= strides[d] % 16 == 0;
  if (p->im2col)
    return encodeIm2col(maps, j, drv, stream, p, base, dims, strides, aligned,
                        err, errSize);
  /* An optional map (an output's) TMA cannot take over its tensor is
   * encoded over a padded workspace when the manifest names the region
   * to copy back ("repack_out", a 2-D map), else left unencoded: the
   * kernel gets 0 and then does not read it. */
  if (p->optional && (!aligned || base % 16)) {
    if (!p->repackOut[0] || p->rank != 2 || base % 2 || strides[0] % 2 ||
        !maps->repackKernel) {
      maps->arg[j] = 0;
      return 0;
    }
    return planUnpack(maps, j, drv, stream, m, p, base, dims, strides, symbols,
                      err, errSize);
  }
  if (!aligned) {
    int bytes =
        p->dtype == DLC_RUNTIME_DTYPE_BF16 || p->dtype == DLC_RUNTIME_DTYPE_F16
            ? 2
            : 4;
    uint64_t width = dims[0] * (uint64_t)bytes, rows = dims[1];
    uint64_t srcPitch = strides[0];
    int bad = 0; /* the first stride TMA cannot take */
    while (bad + 2 < p->rank && strides[bad] % 16 == 0)
      ++bad;
    /* Batches of one row each are rows of the batch stride; batches of
     * several are more rows when they follow one another. */
    if (p->rank > 3) {
      return unrepackable(err, errSize, p, p->strides[bad], strides[bad],
                          ", which TMA needs, and the runtime repacks only "
                          "maps of 2 or 3 dims");
    }
    if (p->rank == 3 && dims[1] == 1) {
      rows = dims[2];
      srcPitch = strides[1];
    } else if (p->rank == 3 && strides[1] == strides[0] * dims[1]) {
      rows *= dims[2];
    } else if (p->rank == 3) {
      return unrepackable(err, errSize, p, p->strides[bad], strides[bad],
                          ", which TMA needs, and the batches of '%s' are not "
                          "contiguous rows the runtime could repack",
                          p->tensor);
    }
    uint64_t pitch = (width + 15) / 16 * 16;
    if (!maps->repackKernel && !drv->cuMemcpy2DAsync) {
      return unrepackable(err, errSize, p, p->strides[bad], strides[bad],
                          " and this CUDA driver cannot repack it (no "
                          "cuMemcpy2DAsync)");
    }
    if (ensureWorkspace(maps, j, drv, p, (size_t)(pitch * rows), err,
                        errSize) != 0)
      return -1;
    DlcMemcpy2D *copy = &maps->repack[j];
    copy->srcMemoryType = copy->dstMemoryType = DLC_CU_MEMORYTYPE_DEVICE;
    copy->srcDevice = base;
    copy->srcPitch = (size_t)srcPitch;
    copy->dstDevice = maps->workspace[j];
    copy->dstPitch = (size_t)pitch;
    copy->WidthInBytes = (size_t)width;
    copy->Height = (size_t)rows;
    base = maps->workspace[j];
    strides[0] = pitch;
    if (p->rank == 3)
      strides[1] = pitch * dims[1];
  }
  return encodeTiled(maps, j, drv, stream, p, base, dims, strides, err,
                     errSize);
}

static int encodeTiled(DlcTensorMaps *maps, int j, const DlcDriver *drv,
                       CUstream stream, const DlcRuntimeParam *p,
                       CUdeviceptr base, const uint64_t *dims,
                       const uint64_t *strides, char *err, size_t errSize) {
  if (base % 16) {
    snprintf(err, errSize,
             "tensor map '%s': '%s' starts at %#llx, not 16-byte aligned",
             p->name, p->tensor, (unsigned long long)base);
    return -1;
  }
  uint32_t box[5], unit[5] = {1, 1, 1, 1, 1};
  for (int d = 0; d < p->rank; d++)
    box[d] = (uint32_t)p->box[d];
  _Alignas(64) unsigned char map[MapBytes];
  CUresult r = drv->cuTensorMapEncodeTiled(
      map, dataType(p), (uint32_t)p->rank, (void *)(uintptr_t)base, dims,
      strides, box, unit, 0 /* no interleave */, DLC_CU_TENSOR_MAP_SWIZZLE_128B,
      DLC_CU_TENSOR_MAP_L2_PROMOTION_L2_256B, 0 /* out of bounds: zeros */);
  return upload(maps, j, drv, stream, p, map, r, err, errSize);
}

/* One launch of dlc_repack_b16(src0, dst0, rows0, cols0, sp0, dp0, src1,
 * dst1, rows1, cols1, sp1, dp1), pitches in 2-byte elements, over `a` and
 * `b` (NULL: `a` alone), block 256, z = 1 or 2 (docs/runtime.md, "Repack").
 * With the manifest's "repack_items" the kernel takes any grid, its blocks
 * splitting a tensor's items (rows x ((2 cols + 29) / 16 + 1) 16-byte
 * blocks) evenly: one block per repack_items of the larger tensor, one
 * trip each (4095 x 4093 + 4093 x 4097 in 51.8 us on the H100, 54.9 with
 * the grid below; a persistent grid of 4 blocks an SM 58.7;
 * bench/RESULTS.md run odd2-1). Without it, an older compiler's kernel:
 * (ceildiv(ceildiv(cols, 8) + 2, 1024): a block column per 1024 16-byte
 * blocks of a row, rows up to RepackGridRows). */
/* Rows of the older grid; each block walks rows y, y + 2048, ... A narrow
 * row leaves most of a block idle, so one block per row (up to 65535) was
 * launch-bound: 127 x 129 x 8191 (A 127 rows of 8191, B 8191 of 129)
 * copied in 46.0 us at 65535, 30.9 at 2048, 38.5 at 512, 88.5 at 128, with
 * 4095 x 4097 x 4093's copies unchanged (81.2 / 80.2 / 84.3 / 158.6 us;
 * bench/RESULTS.md run 29, H200). */
enum { RepackGridRows = 2048 };

/* The repack kernel's items of one copy (docs/runtime.md, "Repack"). */
static int64_t repackItemsOf(int64_t rows, int64_t cols) {
  return rows * ((2 * cols + 29) / 16 + 1);
}

static CUresult launchRepacks(const DlcTensorMaps *maps, const DlcDriver *drv,
                              CUstream stream, const DlcMemcpy2D *a,
                              const DlcMemcpy2D *b) {
  const DlcMemcpy2D *copies[2] = {a, b ? b : a};
  CUdeviceptr src[2], dst[2];
  int64_t rows[2], cols[2], sp[2], dp[2];
  for (int i = 0; i < 2; ++i) {
    src[i] = copies[i]->srcDevice, dst[i] = copies[i]->dstDevice;
    rows[i] = (int64_t)copies[i]->Height;
    cols[i] = (int64_t)copies[i]->WidthInBytes / 2;
    sp[i] = (int64_t)copies[i]->srcPitch / 2;
    dp[i] = (int64_t)copies[i]->dstPitch / 2;
  }
  int64_t maxRows = rows[0] > rows[1] ? rows[0] : rows[1];
  int64_t maxCols = cols[0] > cols[1] ? cols[0] : cols[1];
  int64_t gridX = ((maxCols + 7) / 8 + 2 + 1023) / 1024;
  int64_t gridY = maxRows < RepackGridRows ? maxRows : RepackGridRows;
  if (maps->repackItems > 0) {
    int64_t items0 = repackItemsOf(rows[0], cols[0]);
    int64_t items1 = repackItemsOf(rows[1], cols[1]);
    int64_t items = items0 > items1 ? items0 : items1;
    gridX = (items + maps->repackItems - 1) / maps->repackItems;
    gridX = gridX < 1 ? 1 : gridX > INT32_MAX ? INT32_MAX : gridX;
    gridY = 1;
  }
  void *params[] = {&src[0], &dst[0], &rows[0], &cols[0], &sp[0], &dp[0],
                    &src[1], &dst[1], &rows[1], &cols[1], &sp[1], &dp[1]};
  return drv->cuLaunchKernel(maps->repackKernel, (unsigned)gridX,
                             (unsigned)gridY, b ? 2 : 1, 256, 1, 1, 0, stream,
                             params, NULL);
}

/* The host-side work around a launch: repacks before it, copies back after
 * it. */
typedef enum Work { WorkRepack, WorkUnpack } Work;

static bool hasWork(const DlcTensorMaps *maps, Work w, int j) {
  switch (w) {
  case WorkRepack:
    return maps->repack[j].Height != 0;
  case WorkUnpack:
    return maps->unpack[j].Height != 0;
  }
  return false;
}

/* One launch of work `w` for maps a and b (-1: a alone). */
static CUresult launchWork(DlcTensorMaps *maps, const DlcDriver *drv,
                           CUstream stream, Work w, int a, int b) {
  switch (w) {
  case WorkRepack:
    return maps->repackKernel
               ? launchRepacks(maps, drv, stream, &maps->repack[a],
                               b < 0 ? NULL : &maps->repack[b])
               : drv->cuMemcpy2DAsync(&maps->repack[a], stream);
  case WorkUnpack:
    return launchRepacks(maps, drv, stream, &maps->unpack[a],
                         b < 0 ? NULL : &maps->unpack[b]);
  }
  return 0;
}

/* Work `w` for every map that has it, two maps to a launch where a kernel
 * does it (one cuMemcpy2DAsync each otherwise); -1 with "`what` 'tensor':
 * the driver's error". */
static int runWork(DlcTensorMaps *maps, const DlcDriver *drv, CUstream stream,
                   const DlcRuntimeManifest *m, Work w, const char *what,
                   char *err, size_t errSize) {
  bool pairs = w != WorkRepack || maps->repackKernel;
  int pending = -1;
  for (int j = 0; j <= maps->count; j++) {
    if (j < maps->count && !hasWork(maps, w, j))
      continue;
    if (j < maps->count && pairs && pending < 0) {
      pending = j;
      continue;
    }
    if (j == maps->count && pending < 0)
      break;
    int a = pairs ? pending : j;
    CUresult r =
        launchWork(maps, drv, stream, w, a, pairs && j < maps->count ? j : -1);
    if (r != 0) {
      snprintf(err, errSize, "%s '%s': %s", what,
               dlcRuntimeManifestGetParam(m, maps->param[a])->tensor,
               dlcDriverErrorString(drv, r));
      return -1;
    }
    pending = -1;
  }
  return 0;
}

int dlcTensorMapsUpdate(DlcTensorMaps *maps, const DlcDriver *drv,
                        CUstream stream, const DlcRuntimeManifest *m,
                        void *const *args, const int64_t *symbols, char *err,
                        size_t errSize) {
  int ns = dlcRuntimeManifestGetNumSymbols(m);
  for (int j = 0; j < maps->count; j++) {
    CUdeviceptr base = *(const CUdeviceptr *)args[maps->tensorArg[j]];
    int64_t *seen = maps->encodedSymbols + (size_t)j * (size_t)(ns + 1);
    if (base == maps->encodedBase[j] &&
        memcmp(seen, symbols, (size_t)ns * sizeof(int64_t)) == 0)
      continue;
    if (encode(maps, j, drv, stream, m, base, symbols, err, errSize) != 0)
      return -1;
    maps->encodedBase[j] = base;
    memcpy(seen, symbols, (size_t)ns * sizeof(int64_t));
  }
  /* The repacks, two maps' to a launch of the repack kernel (a GEMM's A
   * and B), else one cuMemcpy2DAsync each. */
  return runWork(maps, drv, stream, m, WorkRepack, "repacking", err, errSize);
}

int dlcTensorMapsFinish(DlcTensorMaps *maps, const DlcDriver *drv,
                        CUstream stream, const DlcRuntimeManifest *m, char *err,
                        size_t errSize) {
  return runWork(maps, drv, stream, m, WorkUnpack, "copying back", err,
                 errSize);
}
