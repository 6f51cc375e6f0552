/*===- TensorMap.h - TMA tensor maps of a kernel's launch (internal) -*- C
-*-===*\
|* The SM90 skeleton reads its operands through TMA tensor maps that the   *|
|* host encodes with cuTensorMapEncodeTiled over the operand's buffer and   *|
|* passes by device address or by value (docs/conventions.md, "Tensor     *|
|* maps").                                                                  *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_RUNTIME_TENSORMAP_H
#define DLC_RUNTIME_TENSORMAP_H

#include "Driver.h"
#include "dlc/Runtime.h"

/* The maps of one kernel: a device buffer of 128 bytes per map passed by
 * address, a host one per map passed by value, and what each was last
 * encoded for. */
typedef struct DlcTensorMaps {
  int count;
  int *param;               /* the tensormap parameter of map j */
  int *tensorArg;           /* the parameter index of the tensor it maps */
  CUdeviceptr device;       /* 128 bytes per map passed by address; owned */
  CUdeviceptr *address;     /* map j's device slot; 0: passed by value */
  CUdeviceptr *encodedBase; /* 0: not encoded */
  int64_t *encodedSymbols;  /* count x numSymbols */
  /* A map whose tensor has a row stride TMA cannot take reads a padded
   * copy instead, refreshed before every launch (docs/runtime.md). */
  DlcMemcpy2D *repack; /* Height 0: none */
  /* An output map over a padded workspace ("repack_out") has its region
   * copied into the tensor after every launch (Height 0: none). */
  DlcMemcpy2D *unpack;
  /* What the kernel gets for map j: its address, or 0 for an optional map
   * left unencoded. */
  CUdeviceptr *arg;
  /* count x 128 bytes, 64-byte aligned; owned: the encoded maps passed by
   * value (kind "tensormap_value"), which the launch's parameters point
   * to (the driver copies them at the launch). */
  unsigned char *host;
  /* The module's repack kernel (dlc_repack_b16, which the compiler adds
   * next to every SM90 kernel); NULL: cuMemcpy2DAsync copies instead. */
  CUfunction repackKernel;
  /* The manifest's "repack_items": the repack kernel takes any grid, a
   * block per this many items; 0: an older kernel's row-structured grid. */
  int64_t repackItems;
  CUdeviceptr *workspace;
  size_t *workspaceBytes;
} DlcTensorMaps;

/* The launch parameter of map j: its 128 bytes when it is passed by value,
 * else its device address (or 0). */
void *dlcTensorMapsArg(DlcTensorMaps *maps, const DlcRuntimeManifest *m, int j);

/* Finds the kernel's tensormap parameters and allocates their device
 * buffer (nothing when it has none).  -1 with a message. */
int dlcTensorMapsInit(DlcTensorMaps *maps, const DlcDriver *drv,
                      const DlcRuntimeManifest *m, CUmodule module, char *err,
                      size_t errSize);
void dlcTensorMapsRelease(DlcTensorMaps *maps, const DlcDriver *drv);

/* Encodes (again) every map whose tensor's base address (read through
 * args, the launch's parameter pointers) or symbols changed since its last
 * encoding, and copies it to its device buffer; then queues the repacks
 * (on `stream`, the launch's, before the launch).  -1 with a message. */
int dlcTensorMapsUpdate(DlcTensorMaps *maps, const DlcDriver *drv,
                        CUstream stream, const DlcRuntimeManifest *m,
                        void *const *args, const int64_t *symbols, char *err,
                        size_t errSize);

/* Queues the copies back of outputs stored through a workspace (after the
 * launch, on its stream).  -1 with a message. */
int dlcTensorMapsFinish(DlcTensorMaps *maps, const DlcDriver *drv,
                        CUstream stream, const DlcRuntimeManifest *m, char *err,
                        size_t errSize);

#endif
