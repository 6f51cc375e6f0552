/* A small JSON reader for the compiler side of DLC (internal).
 *
 * Enough JSON for plan files (§8.1) and other small inputs a pass reads:
 * RFC 8259 objects, arrays, strings (all escapes, \uXXXX with surrogate
 * pairs, encoded as UTF-8), numbers, true, false, null. A document becomes
 * one tree owned by its root; every value records the line and column where
 * it starts, so callers can point at the offending value in an error.
 *
 * Deliberately strict: duplicate object keys, trailing commas, comments,
 * NUL characters (also as \u0000), leading zeros, nesting deeper than 64 and
 * trailing text are errors. Errors read "line L, column C: <what>".
 *
 * lib/Runtime has its own reader (DlcJson, dlcJsonParse): the runtime must
 * stay free of MLIR and of libDLC, and this one must not collide with it when
 * both libraries are linked into one tool, hence the DlcJsonValue names. */
#ifndef DLC_LIB_SUPPORT_JSON_H
#define DLC_LIB_SUPPORT_JSON_H

#include "dlc/Support.h"

#include "dlc/Json.h" /* the writer: dlcJsonWriteString */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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
  int line, column; /* where the value starts, from 1 */
  bool boolean;     /* Bool */
  double number;    /* Number */
  bool isInteger;   /* Number written without fraction or exponent that
                       fits in int64_t */
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
 * reason into `error` (the system's message for an unreadable file). */
DLC_GIVE DlcJsonValue *dlcJsonValueParseFile(const char *path, char *error,
                                             size_t errorSize);

/* Frees a tree returned by a parse function (NULL is fine). */
void dlcJsonValueDestroy(DLC_TAKE DlcJsonValue *value);

/* The member `key` of an object; NULL when absent or not an object. */
DLC_KEEP const DlcJsonValue *dlcJsonValueGetMember(const DlcJsonValue *object,
                                                   const char *key);

/* "null", "boolean", "number", "string", "array" or "object". */
const char *dlcJsonValueKindName(DlcJsonValueKind kind);

#endif
