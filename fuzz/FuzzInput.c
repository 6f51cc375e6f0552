#include "FuzzInput.h"

#include <stdlib.h>
#include <string.h>

char *dlcFuzzCopyInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text)
    abort();
  if (size)
    memcpy(text, data, size);
  text[size] = '\0';
  return text;
}
