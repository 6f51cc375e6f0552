/* A hash index from strings to positions (internal).
 *
 * Lookups by name over a growing list (an object's keys in the JSON reader,
 * the Frontend importer's tensors) must stay linear in the document: a
 * scan per lookup made imports quadratic (reproducer D12). The map borrows
 * its keys — they must outlive it and not move — and stores for each the
 * caller's index into its own array. Open addressing, FNV-1a, kept at most
 * half full. */
#ifndef DLC_LIB_SUPPORT_STRINGMAP_H
#define DLC_LIB_SUPPORT_STRINGMAP_H

#include <stdbool.h>
#include <stddef.h>

typedef struct DlcStringMapSlot {
  const char *key; /* borrowed; NULL: empty slot */
  size_t value;
} DlcStringMapSlot;

/* Zero-initialised ({0}) is an empty map. */
typedef struct DlcStringMap {
  DlcStringMapSlot *slots; /* owned */
  size_t capacity, count;  /* capacity: 0 or a power of two */
} DlcStringMap;

/* The value stored for `key`, or DLC_STRING_MAP_NONE. */
#define DLC_STRING_MAP_NONE ((size_t)-1)
size_t dlcStringMapFind(const DlcStringMap *map, const char *key);

/* Stores `key` (borrowed) with `value`, replacing an earlier value of the
 * same key. False when out of memory (the map is unchanged). */
bool dlcStringMapInsert(DlcStringMap *map, const char *key, size_t value);

/* Frees the slots; the map is empty again. */
void dlcStringMapClear(DlcStringMap *map);

#endif
