/* Growable arrays; see Array.h. */
#include "Array.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

void *dlcArrayGrow(void *array, int *capacity, int needed, size_t size) {
  if (needed <= *capacity)
    return array;
  int grown = *capacity > 0 ? *capacity : 8;
  while (grown < needed)
    grown = grown > INT_MAX / 2 ? INT_MAX : 2 * grown;
  if (needed < 0 || size == 0 || (size_t)grown > SIZE_MAX / size)
    return NULL;
  void *moved = realloc(array, (size_t)grown * size);
  if (moved)
    *capacity = grown;
  return moved;
}
