/* The growing text buffer and the formatted strings of TextBuffer.h. */
#include "TextBuffer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dlcTextBufferAppend(MlirStringRef chunk, void *userData) {
  DlcTextBuffer *b = userData;
  if (b->size + chunk.length + 1 > b->capacity) {
    size_t capacity = 2 * (b->size + chunk.length + 1);
    char *grown = realloc(b->data, capacity);
    if (!grown)
      return;
    b->data = grown;
    b->capacity = capacity;
  }
  memcpy(b->data + b->size, chunk.data, chunk.length);
  b->size += chunk.length;
  b->data[b->size] = '\0';
}

char *dlcFormat(const char *format, ...) {
  va_list args;
  va_start(args, format);
  int length = vsnprintf(NULL, 0, format, args);
  va_end(args);
  char *out = length < 0 ? NULL : malloc((size_t)length + 1);
  if (out) {
    va_start(args, format);
    vsnprintf(out, (size_t)length + 1, format, args);
    va_end(args);
  }
  return out;
}
