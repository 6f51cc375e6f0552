/*===- Driver.c - open the CUDA driver with dlopen ---------------------===*/

#include "Driver.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

int dlcDriverOpen(DlcDriver *d, char *err, size_t errSize) {
  memset(d, 0, sizeof *d);
  d->handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!d->handle) {
    snprintf(err, errSize, "no CUDA driver (libcuda.so.1 not found)");
    return -1;
  }
  /* dlsym returns void *; a function pointer is copied out of it bytewise,
   * the one conversion ISO C leaves to POSIX. */
#define DLC_DRIVER_LOAD(name, sym, params)                                     \
  {                                                                            \
    void *fn = dlsym(d->handle, sym);                                          \
    if (!fn) {                                                                 \
      snprintf(err, errSize, "CUDA driver too old: libcuda.so.1 lacks %s",     \
               sym);                                                           \
      dlcDriverClose(d);                                                       \
      return -1;                                                               \
    }                                                                          \
    memcpy(&d->name, &fn, sizeof fn);                                          \
  }
  DLC_DRIVER_FUNCTIONS(DLC_DRIVER_LOAD)
#undef DLC_DRIVER_LOAD
  void *encode = dlsym(d->handle, "cuTensorMapEncodeTiled");
  if (encode)
    memcpy(&d->cuTensorMapEncodeTiled, &encode, sizeof encode);
  void *im2col = dlsym(d->handle, "cuTensorMapEncodeIm2col");
  if (im2col)
    memcpy(&d->cuTensorMapEncodeIm2col, &im2col, sizeof im2col);
  void *copy2d = dlsym(d->handle, "cuMemcpy2DAsync_v2");
  if (copy2d)
    memcpy(&d->cuMemcpy2DAsync, &copy2d, sizeof copy2d);
  void *launchEx = dlsym(d->handle, "cuLaunchKernelEx");
  if (launchEx)
    memcpy(&d->cuLaunchKernelEx, &launchEx, sizeof launchEx);
  return 0;
}

void dlcDriverClose(DlcDriver *d) {
  if (d->handle)
    dlclose(d->handle);
  memset(d, 0, sizeof *d);
}

const char *dlcDriverErrorString(const DlcDriver *d, CUresult r) {
  const char *s = NULL;
  if (d->cuGetErrorString && d->cuGetErrorString(r, &s) == 0 && s)
    return s;
  return "unknown CUDA error";
}
