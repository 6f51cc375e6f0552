/* The fuzzer input as the tools see a file: NUL-terminated. Shared by every
 * harness (no MLIR, so the runtime harnesses use it too). */
#ifndef DLC_FUZZ_FUZZINPUT_H
#define DLC_FUZZ_FUZZINPUT_H

#include "dlc/Support.h"

#include <stddef.h>
#include <stdint.h>

/* A NUL-terminated copy of `size` bytes of `data`; the caller frees it. */
DLC_GIVE char *dlcFuzzCopyInput(const uint8_t *data, size_t size);

#endif
