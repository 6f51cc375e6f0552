/* DLC's JSON reader: jansson parses, then the document is copied into a
 * DlcJsonValue tree with each value's position; see Json.h.
 *
 * jansson keeps no positions of values, so they are recovered from the
 * text once jansson has accepted it: a valid document's values start, in
 * document order, at the tokens that are neither structural characters
 * nor object keys, and jansson keeps object members in document order. */
#include "Json.h"

#include <jansson.h>

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 64 };

/* A cursor over text jansson has accepted, at the next value's start. */
typedef struct Scan {
  const char *text;
  size_t length, pos;
  int line, column;
} Scan;

static void advance(Scan *s) {
  if (s->pos >= s->length)
    return;
  if (s->text[s->pos++] == '\n') {
    ++s->line;
    s->column = 1;
  } else {
    ++s->column;
  }
}

static int peek(const Scan *s) {
  return s->pos < s->length ? (unsigned char)s->text[s->pos] : -1;
}

static void skipString(Scan *s) {
  advance(s); /* the opening quote */
  while (s->pos < s->length && peek(s) != '"') {
    if (peek(s) == '\\')
      advance(s);
    advance(s);
  }
  advance(s);
}

static void skipFiller(Scan *s) {
  while (s->pos < s->length && strchr(" \t\r\n,:]}", peek(s)))
    advance(s);
}

/* Moves past whitespace, separators, closing brackets and object keys to
 * the next value's first character, and records where it starts. */
static void seekValue(Scan *s, int *line, int *column) {
  for (skipFiller(s); peek(s) == '"'; skipFiller(s)) {
    Scan key = *s;
    skipString(&key);
    while (key.pos < key.length && strchr(" \t\r\n", peek(&key)))
      advance(&key);
    if (peek(&key) != ':')
      break; /* a string value, not a key */
    *s = key;
  }
  *line = s->line;
  *column = s->column;
}

/* Moves past the first token of the value at the cursor: a bracket opens
 * one whose items come next; scalars are skipped whole. */
static void skipValueStart(Scan *s) {
  int c = peek(s);
  if (c == '{' || c == '[') {
    advance(s);
  } else if (c == '"') {
    skipString(s);
  } else {
    while (s->pos < s->length && !strchr(" \t\r\n,]}", peek(s)))
      advance(s);
  }
}

typedef struct Builder {
  Scan scan;
  char *error;
  size_t errorSize;
  bool failed;
} Builder;

static void failAt(Builder *b, int line, int column, const char *what) {
  if (!b->failed && b->errorSize)
    snprintf(b->error, b->errorSize, "line %d, column %d: %s", line, column,
             what);
  b->failed = true;
}

static void destroyValue(DlcJsonValue *v) {
  free(v->string);
  for (size_t i = 0; v->items && i < v->count; ++i)
    destroyValue(&v->items[i]);
  for (size_t i = 0; v->keys && i < v->count; ++i)
    free(v->keys[i]);
  free(v->items);
  free(v->keys);
}

static char *copyString(const char *text) {
  size_t n = strlen(text) + 1;
  char *copy = malloc(n);
  return copy ? memcpy(copy, text, n) : NULL;
}

static bool build(Builder *b, json_t *j, DlcJsonValue *v, int depth);

static bool buildItems(Builder *b, json_t *j, DlcJsonValue *v, int depth) {
  size_t n = json_is_array(j) ? json_array_size(j) : json_object_size(j);
  v->items = calloc(n ? n : 1, sizeof(*v->items));
  if (json_is_object(j))
    v->keys = calloc(n ? n : 1, sizeof(*v->keys));
  if (!v->items || (json_is_object(j) && !v->keys)) {
    failAt(b, v->line, v->column, "out of memory");
    return false;
  }
  if (json_is_array(j)) {
    /* Counted before building so that a failed item is destroyed too. */
    for (size_t i = 0; i < n; ++i) {
      v->count = i + 1;
      if (!build(b, json_array_get(j, i), &v->items[i], depth))
        return false;
    }
    return true;
  }
  const char *key;
  json_t *member;
  json_object_foreach(j, key, member) {
    if (!(v->keys[v->count] = copyString(key))) {
      failAt(b, v->line, v->column, "out of memory");
      return false;
    }
    /* Counted before building so that a failed member is destroyed too. */
    if (!build(b, member, &v->items[v->count++], depth))
      return false;
  }
  return true;
}

static bool build(Builder *b, json_t *j, DlcJsonValue *v, int depth) {
  seekValue(&b->scan, &v->line, &v->column);
  skipValueStart(&b->scan);
  switch (json_typeof(j)) {
  case JSON_OBJECT:
  case JSON_ARRAY:
    v->kind = json_is_object(j) ? DlcJsonValueObject : DlcJsonValueArray;
    if (depth > MAX_DEPTH) {
      failAt(b, v->line, v->column, "nesting deeper than 64");
      return false;
    }
    return buildItems(b, j, v, depth + 1);
  case JSON_STRING:
    v->kind = DlcJsonValueString;
    if (!(v->string = copyString(json_string_value(j))))
      failAt(b, v->line, v->column, "out of memory");
    return v->string != NULL;
  case JSON_INTEGER:
    v->kind = DlcJsonValueNumber;
    v->isInteger = true;
    v->integer = (int64_t)json_integer_value(j);
    v->number = (double)v->integer;
    return true;
  case JSON_REAL:
    v->kind = DlcJsonValueNumber;
    v->number = json_real_value(j);
    return true;
  case JSON_TRUE:
  case JSON_FALSE:
    v->kind = DlcJsonValueBool;
    v->boolean = json_is_true(j);
    return true;
  case JSON_NULL:
    v->kind = DlcJsonValueNull;
    return true;
  }
  return false;
}

static bool onlySpace(const char *text, size_t length) {
  for (size_t i = 0; i < length; ++i)
    if (!strchr(" \t\r\n", text[i]) || !text[i])
      return false;
  return true;
}

DlcJsonValue *dlcJsonValueParse(const char *text, size_t length, char *error,
                                size_t errorSize) {
  Builder b = {{text, length, 0, 1, 1}, error, errorSize, false};
  if (errorSize)
    error[0] = '\0';
  if (onlySpace(text, length)) { /* jansson's words for it are obscure */
    Scan end = {text, length, 0, 1, 1};
    while (end.pos < length)
      advance(&end);
    failAt(&b, end.line, end.column, "empty document");
    return NULL;
  }
  const char *nul = memchr(text, '\0', length);
  if (nul) { /* jansson would stop reading there */
    Scan at = {text, length, 0, 1, 1};
    while (at.pos < (size_t)(nul - text))
      advance(&at);
    failAt(&b, at.line, at.column, "NUL byte in the document");
    return NULL;
  }
  json_error_t why;
  json_t *doc =
      json_loadb(text, length, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, &why);
  if (!doc) {
    /* jansson's text for this one names its own API flag. */
    const char *what = json_error_code(&why) == json_error_null_character
                           ? "\\u0000 is not allowed in a string"
                           : why.text;
    failAt(&b, why.line > 0 ? why.line : 1, why.column > 0 ? why.column : 1,
           what);
    return NULL;
  }
  DlcJsonValue *root = calloc(1, sizeof(*root));
  if (!root)
    failAt(&b, 1, 1, "out of memory");
  else
    build(&b, doc, root, 0);
  json_decref(doc);
  if (b.failed) {
    dlcJsonValueDestroy(root);
    return NULL;
  }
  return root;
}

/* The rest of `file` into a NUL-terminated buffer the caller frees (its
 * length in *size); NULL with the reason in `error`. Does not close it. */
static char *readStream(FILE *file, const char *path, size_t *size, char *error,
                        size_t errorSize) {
  char *data = NULL;
  size_t used = 0, capacity = 0;
  for (;;) {
    if (used + 4096 + 1 > capacity) {
      capacity = capacity ? 2 * capacity : 8192;
      char *grown = realloc(data, capacity);
      if (!grown) {
        snprintf(error, errorSize, "out of memory reading '%s'", path);
        free(data);
        return NULL;
      }
      data = grown;
    }
    size_t got = fread(data + used, 1, capacity - used - 1, file);
    used += got;
    if (got == 0)
      break;
  }
  /* fopen succeeds on a directory and fread then fails (EISDIR): without
   * this check a directory would read as an empty file. */
  if (ferror(file)) {
    snprintf(error, errorSize, "cannot read '%s': %s", path, strerror(errno));
    free(data);
    return NULL;
  }
  data[used] = '\0';
  if (size)
    *size = used;
  return data;
}

char *dlcFileRead(const char *path, size_t *size, char *error,
                  size_t errorSize) {
  bool isStdin = strcmp(path, "-") == 0;
  FILE *file = isStdin ? stdin : fopen(path, "rb");
  if (!file) {
    snprintf(error, errorSize, "cannot open '%s': %s", path, strerror(errno));
    return NULL;
  }
  char *data = readStream(file, path, size, error, errorSize);
  if (!isStdin)
    fclose(file);
  return data;
}

DlcJsonValue *dlcJsonValueParseFile(const char *path, char *error,
                                    size_t errorSize) {
  size_t size = 0;
  char *text = dlcFileRead(path, &size, error, errorSize);
  DlcJsonValue *root =
      text ? dlcJsonValueParse(text, size, error, errorSize) : NULL;
  free(text);
  return root;
}

void dlcJsonValueDestroy(DlcJsonValue *value) {
  if (value)
    destroyValue(value);
  free(value);
}

const DlcJsonValue *dlcJsonValueGetMember(const DlcJsonValue *object,
                                          const char *key) {
  if (!object || object->kind != DlcJsonValueObject)
    return NULL;
  for (size_t i = 0; i < object->count; ++i)
    if (strcmp(object->keys[i], key) == 0)
      return &object->items[i];
  return NULL;
}

const char *dlcJsonValueKindName(DlcJsonValueKind kind) {
  switch (kind) {
  case DlcJsonValueNull:
    return "null";
  case DlcJsonValueBool:
    return "boolean";
  case DlcJsonValueNumber:
    return "number";
  case DlcJsonValueString:
    return "string";
  case DlcJsonValueArray:
    return "array";
  case DlcJsonValueObject:
    return "object";
  }
  return "?";
}
