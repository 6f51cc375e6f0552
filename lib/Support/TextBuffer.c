/* The growing text buffer of TextBuffer.h. */
#include "TextBuffer.h"

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
