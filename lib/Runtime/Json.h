/*===- Json.h - a small JSON reader for manifests (internal) -----*- C -*-===*\
|* Enough JSON for DLC manifests and reference-data meta files: objects,     *|
|* arrays, strings (with \uXXXX escapes for the Basic Multilingual Plane),   *|
|* numbers, true, false, null.  The whole document becomes one tree.        *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_RUNTIME_JSON_H
#define DLC_RUNTIME_JSON_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
  DLC_JSON_NULL,
  DLC_JSON_BOOL,
  DLC_JSON_NUMBER,
  DLC_JSON_STRING,
  DLC_JSON_ARRAY,
  DLC_JSON_OBJECT
} DlcJsonKind;

typedef struct DlcJson {
  DlcJsonKind kind;
  int boolean;
  double number;
  int isInteger;          /* a number written without '.', 'e' or 'E' */
  int64_t integer;        /* its value when isInteger */
  char *string;           /* DLC_JSON_STRING */
  char *key;              /* member name, for a member of an object */
  struct DlcJson **items; /* elements (array) or members (object) */
  size_t count;
} DlcJson;

/* Parses a whole document; NULL on error with "line L: ..." in err. */
DlcJson *dlcJsonParse(const char *text, char *err, size_t errSize);
void dlcJsonDestroy(DlcJson *j);
/* Member of an object, or NULL (also when obj is not an object). */
const DlcJson *dlcJsonGet(const DlcJson *obj, const char *key);
/* Reads a whole file into a NUL-terminated buffer the caller frees. */
char *dlcJsonReadFile(const char *path, size_t *size, char *err,
                      size_t errSize);

#endif /* DLC_RUNTIME_JSON_H */
