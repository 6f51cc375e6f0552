/* The one way a growable array grows (internal): doubling from 8, with the
 * element count checked, so every table that may hold "as many as the input
 * has" (symbols, regions, values) has no fixed cap. */
#ifndef DLC_LIB_SUPPORT_ARRAY_H
#define DLC_LIB_SUPPORT_ARRAY_H

#include <stddef.h>

/* Makes room for `needed` (at least 1) elements of `size` bytes in `array`
 * (owned, may be NULL) of `*capacity` elements. Returns the array, moved or
 * not, with
 * `*capacity` updated; NULL when out of memory or `needed` is too large, and
 * then `array` and `*capacity` are left as they were (still owned by the
 * caller). */
void *dlcArrayGrow(void *array, int *capacity, int needed, size_t size);

#endif /* DLC_LIB_SUPPORT_ARRAY_H */
