/* A hash index from strings to positions (StringMap.h). */
#include "StringMap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hashOf(const char *key) {
  uint64_t h = 0xcbf29ce484222325u; /* FNV-1a, 64 bits */
  for (const unsigned char *p = (const unsigned char *)key; *p; ++p)
    h = (h ^ *p) * 0x100000001b3u;
  return h;
}

/* The slot holding `key`, or the empty slot where it would go. */
static DlcStringMapSlot *slotOf(DlcStringMapSlot *slots, size_t capacity,
                                const char *key) {
  size_t i = (size_t)hashOf(key) & (capacity - 1);
  while (slots[i].key && strcmp(slots[i].key, key) != 0)
    i = (i + 1) & (capacity - 1);
  return &slots[i];
}

size_t dlcStringMapFind(const DlcStringMap *map, const char *key) {
  if (map->capacity == 0)
    return DLC_STRING_MAP_NONE;
  const DlcStringMapSlot *slot = slotOf(map->slots, map->capacity, key);
  return slot->key ? slot->value : DLC_STRING_MAP_NONE;
}

static bool grow(DlcStringMap *map) {
  size_t capacity = map->capacity ? 2 * map->capacity : 16;
  DlcStringMapSlot *slots = calloc(capacity, sizeof(DlcStringMapSlot));
  if (!slots)
    return false;
  for (size_t i = 0; i < map->capacity; ++i)
    if (map->slots[i].key)
      *slotOf(slots, capacity, map->slots[i].key) = map->slots[i];
  free(map->slots);
  map->slots = slots;
  map->capacity = capacity;
  return true;
}

bool dlcStringMapInsert(DlcStringMap *map, const char *key, size_t value) {
  if (2 * (map->count + 1) > map->capacity && !grow(map))
    return false;
  DlcStringMapSlot *slot = slotOf(map->slots, map->capacity, key);
  if (!slot->key)
    ++map->count;
  *slot = (DlcStringMapSlot){key, value};
  return true;
}

void dlcStringMapClear(DlcStringMap *map) {
  free(map->slots);
  *map = (DlcStringMap){NULL, 0, 0};
}
