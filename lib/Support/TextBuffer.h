/* A growing, NUL-terminated text buffer that MLIR printing callbacks append
 * to (attribute and diagnostic text, file contents), and formatted new
 * strings. Internal to the library. Ownership: the buffer owns `data`; the
 * holder frees it. */
#ifndef DLC_LIB_SUPPORT_TEXTBUFFER_H
#define DLC_LIB_SUPPORT_TEXTBUFFER_H

#include "mlir-c/Support.h"

#include <stddef.h>

typedef struct DlcTextBuffer {
  char *data; /* NULL until the first append; owned */
  size_t size, capacity;
} DlcTextBuffer;

/* An MlirStringCallback: appends `chunk` to the DlcTextBuffer `userData`.
 * Without memory the chunk is dropped (the text comes back short). */
void dlcTextBufferAppend(MlirStringRef chunk, void *userData);

/* printf into a new string, given to the caller (free it); NULL without
 * memory. */
char *dlcFormat(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif /* DLC_LIB_SUPPORT_TEXTBUFFER_H */
