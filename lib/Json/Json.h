/* DLC's one JSON reader, shared by the compiler library and the runtime.
 *
 * Parsing is jansson's (Debian's libjansson): RFC 8259, strict — duplicate
 * object keys, trailing commas, comments, NUL characters (also as \u0000),
 * invalid UTF-8, leading zeros, integers beyond int64 and trailing text are
 * errors. The document is then copied into one DlcJsonValue tree owned by
 * its root, in which every value records the line and column where it
 * starts, so that callers can point at the offending value in an error.
 * Nesting deeper than 64 is an error. Errors read "line L, column C: <what>".
 *
 * Plain C with no MLIR: dlc-run links it too (docs/runtime.md says how
 * jansson travels with it). The writer is dlc/Json.h. */
#ifndef DLC_LIB_JSON_JSON_H
#define DLC_LIB_JSON_JSON_H

#include "dlc/Support.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum DlcJsonValueKind {
  DlcJsonValueNull,
  DlcJsonValueBool,
  DlcJsonValueNumber,
  DlcJsonValueString,
  DlcJsonValueArray,
  DlcJsonValueObject,
} DlcJsonValueKind;

typedef struct DlcJsonValue {
  DlcJsonValueKind kind;
  int line, column; /* where the value starts, from 1 (column in bytes) */
  bool boolean;     /* Bool */
  double number;    /* Number */
  bool isInteger;   /* Number written without fraction or exponent */
  int64_t integer;  /* its value when isInteger */
  char *string;     /* String: UTF-8, NUL-terminated */
  size_t count;     /* Array, Object: number of items */
  struct DlcJsonValue *items; /* Array elements, Object member values */
  char **keys;                /* Object: keys[i] names items[i] */
} DlcJsonValue;

/* Parses one JSON document of `length` bytes. Returns NULL on error and
 * writes "line L, column C: <what>" into `error` (of `errorSize` bytes). */
DLC_GIVE DlcJsonValue *dlcJsonValueParse(const char *text, size_t length,
                                         char *error, size_t errorSize);

/* Reads and parses the file at `path`. On error returns NULL and writes the
 * reason into `error` (dlcFileRead's for a file that cannot be read). */
DLC_GIVE DlcJsonValue *dlcJsonValueParseFile(const char *path, char *error,
                                             size_t errorSize);

/* Frees a tree returned by a parse function (NULL is fine). */
void dlcJsonValueDestroy(DLC_TAKE DlcJsonValue *value);

/* The member `key` of an object; NULL when absent or not an object. */
DLC_KEEP const DlcJsonValue *dlcJsonValueGetMember(const DlcJsonValue *object,
                                                   const char *key);

/* "null", "boolean", "number", "string", "array" or "object". */
const char *dlcJsonValueKindName(DlcJsonValueKind kind);

/* Reads the whole file at `path` ("-" is stdin; any bytes) into a
 * NUL-terminated buffer the caller frees, its length in *size when size is
 * not NULL. On error returns NULL with "cannot open '<path>': <why>" (or
 * "cannot read", e.g. for a directory) in error. DLC's one whole-file
 * reader: the tools' dlcToolReadFile and the runtime use it. */
DLC_GIVE char *dlcFileRead(const char *path, size_t *size, char *error,
                           size_t errorSize);

#endif /* DLC_LIB_JSON_JSON_H */
