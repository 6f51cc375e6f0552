/*===- TensorMap.c - TMA tensor maps of a kernel's launch --------------===*/

#include "TensorMap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MapBytes = 128 }; /* sizeof(CUtensorMap), 64-byte aligned */

int dlcTensorMapsInit(DlcTensorMaps *maps, const DlcDriver *drv,
                      const DlcRuntimeManifest *m, char *err, size_t errSize) {
  memset(maps, 0, sizeof *maps);
  int n = dlcRuntimeManifestGetNumParams(m);
  for (int i = 0; i < n; i++)
    maps->count +=
        dlcRuntimeManifestGetParam(m, i)->kind == DLC_RUNTIME_PARAM_TENSORMAP;
  if (maps->count == 0)
    return 0;
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
  if (!maps->param || !maps->tensorArg || !maps->address ||
      !maps->encodedBase || !maps->encodedSymbols) {
    snprintf(err, errSize, "out of memory");
    return -1;
  }
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
  CUresult r = drv->cuMemAlloc(&maps->device, (size_t)maps->count * MapBytes);
  if (r != 0) {
    snprintf(err, errSize, "cuMemAlloc for tensor maps: %s",
             dlcDriverErrorString(drv, r));
    return -1;
  }
  for (int j = 0; j < maps->count; j++)
    maps->address[j] = maps->device + (CUdeviceptr)j * MapBytes;
  return 0;
}

void dlcTensorMapsRelease(DlcTensorMaps *maps, const DlcDriver *drv) {
  if (maps->device)
    drv->cuMemFree(maps->device);
  free(maps->param);
  free(maps->tensorArg);
  free(maps->address);
  free(maps->encodedBase);
  free(maps->encodedSymbols);
  memset(maps, 0, sizeof *maps);
}

static int evalAll(const DlcRuntimeManifest *m, const char *const *exprs,
                   int count, const int64_t *symbols, uint64_t *out, char *err,
                   size_t errSize) {
  int ns = dlcRuntimeManifestGetNumSymbols(m);
  const char *names[64];
  for (int i = 0; i < ns && i < 64; i++)
    names[i] = dlcRuntimeManifestGetSymbol(m, i);
  for (int i = 0; i < count; i++) {
    int64_t v;
    if (dlcRuntimeEvalExpr(exprs[i], ns < 64 ? ns : 64, names, symbols, &v, err,
                           errSize) != 0)
      return -1;
    if (v < 1) {
      snprintf(err, errSize, "'%s' is %lld; a tensor map needs it positive",
               exprs[i], (long long)v);
      return -1;
    }
    out[i] = (uint64_t)v;
  }
  return 0;
}

static int encode(DlcTensorMaps *maps, int j, const DlcDriver *drv,
                  const DlcRuntimeManifest *m, CUdeviceptr base,
                  const int64_t *symbols, char *err, size_t errSize) {
  const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, maps->param[j]);
  uint64_t dims[3], strides[2];
  uint32_t box[3], unit[3] = {1, 1, 1};
  char why[256];
  if (evalAll(m, p->shape, p->rank, symbols, dims, why, sizeof why) != 0 ||
      evalAll(m, p->strides, p->rank - 1, symbols, strides, why, sizeof why) !=
          0) {
    snprintf(err, errSize, "tensor map '%s': %s", p->name, why);
    return -1;
  }
  /* What TMA requires, said in the problem's terms rather than as the
   * driver's CUDA_ERROR_INVALID_VALUE. */
  for (int d = 0; d + 1 < p->rank; d++)
    if (strides[d] % 16) {
      snprintf(err, errSize,
               "tensor map '%s': stride %s = %llu bytes is not a multiple "
               "of 16, which TMA needs (the SM90 skeleton reads '%s' with "
               "TMA; compile for chip=sm_90 to use the SM80 skeleton)",
               p->name, p->strides[d], (unsigned long long)strides[d],
               p->tensor);
      return -1;
    }
  if (base % 16) {
    snprintf(err, errSize,
             "tensor map '%s': '%s' starts at %#llx, not 16-byte aligned",
             p->name, p->tensor, (unsigned long long)base);
    return -1;
  }
  for (int d = 0; d < p->rank; d++)
    box[d] = (uint32_t)p->box[d];
  _Alignas(64) unsigned char map[MapBytes];
  CUresult r = drv->cuTensorMapEncodeTiled(
      map,
      p->dtype == DLC_RUNTIME_DTYPE_BF16 ? DLC_CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
                                         : DLC_CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
      (uint32_t)p->rank, (void *)(uintptr_t)base, dims, strides, box, unit,
      0 /* no interleave */, DLC_CU_TENSOR_MAP_SWIZZLE_128B,
      DLC_CU_TENSOR_MAP_L2_PROMOTION_L2_256B, 0 /* out of bounds: zeros */);
  if (r == 0)
    r = drv->cuMemcpyHtoD(maps->address[j], map, MapBytes);
  if (r != 0) {
    snprintf(err, errSize, "tensor map '%s': %s", p->name,
             dlcDriverErrorString(drv, r));
    return -1;
  }
  return 0;
}

int dlcTensorMapsUpdate(DlcTensorMaps *maps, const DlcDriver *drv,
                        const DlcRuntimeManifest *m, void *const *args,
                        const int64_t *symbols, char *err, size_t errSize) {
  int ns = dlcRuntimeManifestGetNumSymbols(m);
  for (int j = 0; j < maps->count; j++) {
    CUdeviceptr base = *(const CUdeviceptr *)args[maps->tensorArg[j]];
    int64_t *seen = maps->encodedSymbols + (size_t)j * (size_t)(ns + 1);
    if (base == maps->encodedBase[j] &&
        memcmp(seen, symbols, (size_t)ns * sizeof(int64_t)) == 0)
      continue;
    if (encode(maps, j, drv, m, base, symbols, err, errSize) != 0)
      return -1;
    maps->encodedBase[j] = base;
    memcpy(seen, symbols, (size_t)ns * sizeof(int64_t));
  }
  return 0;
}
