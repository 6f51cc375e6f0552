/* A small, strict JSON reader (RFC 8259) with value positions; see Json.h. */
#include "Json.h"
#include "StringMap.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 64 };

typedef struct Parser {
  const char *text;
  size_t length;
  size_t pos;
  int line;
  size_t lineStart; /* offset of the current line's first byte */
  char *error;
  size_t errorSize;
  bool failed;
} Parser;

static int column(const Parser *p) { return (int)(p->pos - p->lineStart) + 1; }

static void vfailAt(Parser *p, int line, int col, const char *format,
                    va_list args) {
  if (p->failed)
    return;
  p->failed = true;
  char what[256];
  vsnprintf(what, sizeof(what), format, args);
  if (p->errorSize)
    snprintf(p->error, p->errorSize, "line %d, column %d: %s", line, col, what);
}

/* Reports an error at the cursor (only the first error is kept). */
static void fail(Parser *p, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
static void fail(Parser *p, const char *format, ...) {
  va_list args;
  va_start(args, format);
  vfailAt(p, p->line, column(p), format, args);
  va_end(args);
}

/* Reports an error at an earlier position. */
static void failAt(Parser *p, int line, int col, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
static void failAt(Parser *p, int line, int col, const char *format, ...) {
  va_list args;
  va_start(args, format);
  vfailAt(p, line, col, format, args);
  va_end(args);
}

static int peek(const Parser *p) {
  return p->pos < p->length ? (unsigned char)p->text[p->pos] : -1;
}

static void skipSpace(Parser *p) {
  while (p->pos < p->length) {
    char c = p->text[p->pos];
    if (c == '\n') {
      ++p->line;
      p->lineStart = p->pos + 1;
    } else if (c != ' ' && c != '\t' && c != '\r') {
      return;
    }
    ++p->pos;
  }
}

/* Describes the character at the cursor for "expected X, found Y". */
static const char *found(const Parser *p, char *buffer, size_t size) {
  int c = peek(p);
  if (c < 0)
    return "end of input";
  if (c >= 0x20 && c < 0x7f)
    snprintf(buffer, size, "'%c'", c);
  else
    snprintf(buffer, size, "byte 0x%02x", c);
  return buffer;
}

static void destroyValue(DlcJsonValue *v) {
  if (!v)
    return;
  free(v->string);
  for (size_t i = 0; i < v->count; ++i) {
    destroyValue(&v->items[i]);
    if (v->keys)
      free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
}

/* --- strings ----------------------------------------------------------------
 */

typedef struct {
  char *data;
  size_t used, size;
} Buffer;

static bool bufferPush(Buffer *b, char c) {
  if (b->used + 1 >= b->size) {
    size_t size = b->size ? 2 * b->size : 32;
    char *grown = realloc(b->data, size);
    if (!grown)
      return false;
    b->data = grown;
    b->size = size;
  }
  b->data[b->used++] = c;
  b->data[b->used] = '\0';
  return true;
}

static bool pushUtf8(Buffer *b, unsigned code) {
  bool ok = true;
  if (code < 0x80) {
    ok &= bufferPush(b, (char)code);
  } else if (code < 0x800) {
    ok &= bufferPush(b, (char)(0xc0 | (code >> 6)));
    ok &= bufferPush(b, (char)(0x80 | (code & 0x3f)));
  } else if (code < 0x10000) {
    ok &= bufferPush(b, (char)(0xe0 | (code >> 12)));
    ok &= bufferPush(b, (char)(0x80 | ((code >> 6) & 0x3f)));
    ok &= bufferPush(b, (char)(0x80 | (code & 0x3f)));
  } else {
    ok &= bufferPush(b, (char)(0xf0 | (code >> 18)));
    ok &= bufferPush(b, (char)(0x80 | ((code >> 12) & 0x3f)));
    ok &= bufferPush(b, (char)(0x80 | ((code >> 6) & 0x3f)));
    ok &= bufferPush(b, (char)(0x80 | (code & 0x3f)));
  }
  return ok;
}

static bool readHex4(Parser *p, unsigned *out) {
  unsigned value = 0;
  for (int i = 0; i < 4; ++i) {
    int c = peek(p);
    unsigned digit;
    if (c >= '0' && c <= '9')
      digit = (unsigned)(c - '0');
    else if (c >= 'a' && c <= 'f')
      digit = (unsigned)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F')
      digit = (unsigned)(c - 'A' + 10);
    else {
      fail(p, "expected 4 hexadecimal digits after \\u");
      return false;
    }
    value = value * 16 + digit;
    ++p->pos;
  }
  *out = value;
  return true;
}

/* Parses a string at the opening quote; returns it malloc'ed or NULL. */
static char *parseString(Parser *p) {
  Buffer b = {NULL, 0, 0};
  ++p->pos;                   /* the opening quote */
  if (!bufferPush(&b, 'x')) { /* allocate, then empty */
    fail(p, "out of memory");
    return NULL;
  }
  b.used = 0;
  b.data[0] = '\0';
  for (;;) {
    int c = peek(p);
    if (c < 0) {
      fail(p, "unterminated string");
      break;
    }
    if (c == '"') {
      ++p->pos;
      return b.data;
    }
    if (c < 0x20) {
      fail(p, "control character 0x%02x in a string (escape it)", c);
      break;
    }
    ++p->pos;
    if (c != '\\') {
      if (!bufferPush(&b, (char)c)) {
        fail(p, "out of memory");
        break;
      }
      continue;
    }
    int e = peek(p);
    ++p->pos;
    char simple = 0;
    switch (e) {
    case '"':
      simple = '"';
      break;
    case '\\':
      simple = '\\';
      break;
    case '/':
      simple = '/';
      break;
    case 'b':
      simple = '\b';
      break;
    case 'f':
      simple = '\f';
      break;
    case 'n':
      simple = '\n';
      break;
    case 'r':
      simple = '\r';
      break;
    case 't':
      simple = '\t';
      break;
    case 'u':
      break;
    default:
      --p->pos;
      fail(p, "invalid escape in a string");
      break;
    }
    if (p->failed)
      break;
    if (simple) {
      if (!bufferPush(&b, simple)) {
        fail(p, "out of memory");
        break;
      }
      continue;
    }
    unsigned code;
    if (!readHex4(p, &code))
      break;
    if (code >= 0xd800 && code < 0xdc00) {
      unsigned low;
      if (peek(p) != '\\' || p->pos + 1 >= p->length ||
          p->text[p->pos + 1] != 'u') {
        fail(p, "unpaired UTF-16 surrogate in \\u escape");
        break;
      }
      p->pos += 2;
      if (!readHex4(p, &low))
        break;
      if (low < 0xdc00 || low >= 0xe000) {
        fail(p, "unpaired UTF-16 surrogate in \\u escape");
        break;
      }
      code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
    } else if (code >= 0xdc00 && code < 0xe000) {
      fail(p, "unpaired UTF-16 surrogate in \\u escape");
      break;
    }
    if (code == 0) {
      fail(p, "\\u0000 is not allowed in a string");
      break;
    }
    if (!pushUtf8(&b, code)) {
      fail(p, "out of memory");
      break;
    }
  }
  free(b.data);
  return NULL;
}

/* --- numbers ----------------------------------------------------------------
 */

static bool isDigit(int c) { return c >= '0' && c <= '9'; }

static void parseNumber(Parser *p, DlcJsonValue *v) {
  size_t start = p->pos;
  bool integral = true;
  if (peek(p) == '-')
    ++p->pos;
  if (peek(p) == '0') {
    ++p->pos;
    if (isDigit(peek(p))) {
      fail(p, "leading zeros are not allowed in a number");
      return;
    }
  } else if (isDigit(peek(p))) {
    while (isDigit(peek(p)))
      ++p->pos;
  } else {
    fail(p, "expected a digit");
    return;
  }
  if (peek(p) == '.') {
    integral = false;
    ++p->pos;
    if (!isDigit(peek(p))) {
      fail(p, "expected a digit after '.'");
      return;
    }
    while (isDigit(peek(p)))
      ++p->pos;
  }
  if (peek(p) == 'e' || peek(p) == 'E') {
    integral = false;
    ++p->pos;
    if (peek(p) == '+' || peek(p) == '-')
      ++p->pos;
    if (!isDigit(peek(p))) {
      fail(p, "expected a digit in the exponent");
      return;
    }
    while (isDigit(peek(p)))
      ++p->pos;
  }
  char text[64];
  size_t n = p->pos - start;
  if (n >= sizeof(text)) {
    fail(p, "number too long");
    return;
  }
  memcpy(text, p->text + start, n);
  text[n] = '\0';
  v->kind = DlcJsonValueNumber;
  v->number = strtod(text, NULL);
  if (integral) {
    errno = 0;
    long long i = strtoll(text, NULL, 10);
    if (errno == 0) {
      v->isInteger = true;
      v->integer = (int64_t)i;
    }
  }
}

/* --- values -----------------------------------------------------------------
 */

static bool parseValue(Parser *p, DlcJsonValue *v, int depth);

static bool matchWord(Parser *p, const char *word) {
  size_t n = strlen(word);
  if (p->length - p->pos < n || memcmp(p->text + p->pos, word, n) != 0)
    return false;
  p->pos += n;
  return true;
}

static bool growItems(Parser *p, DlcJsonValue *v, size_t *capacity,
                      bool withKeys) {
  if (v->count < *capacity)
    return true;
  size_t size = *capacity ? 2 * *capacity : 4;
  DlcJsonValue *items = realloc(v->items, size * sizeof(*items));
  if (!items) {
    fail(p, "out of memory");
    return false;
  }
  v->items = items;
  if (withKeys) {
    char **keys = realloc(v->keys, size * sizeof(*keys));
    if (!keys) {
      fail(p, "out of memory");
      return false;
    }
    v->keys = keys;
  }
  *capacity = size;
  return true;
}

static bool parseArray(Parser *p, DlcJsonValue *v, int depth) {
  size_t capacity = 0;
  v->kind = DlcJsonValueArray;
  ++p->pos; /* '[' */
  skipSpace(p);
  if (peek(p) == ']') {
    ++p->pos;
    return true;
  }
  for (;;) {
    if (!growItems(p, v, &capacity, false))
      return false;
    DlcJsonValue *item = &v->items[v->count];
    memset(item, 0, sizeof(*item));
    ++v->count; /* counted first so that an error frees it */
    if (!parseValue(p, item, depth + 1))
      return false;
    skipSpace(p);
    char where[16];
    if (peek(p) == ',') {
      ++p->pos;
      skipSpace(p);
      if (peek(p) == ']') {
        fail(p, "trailing ',' in an array");
        return false;
      }
      continue;
    }
    if (peek(p) == ']') {
      ++p->pos;
      return true;
    }
    fail(p, "expected ',' or ']' in an array, found %s",
         found(p, where, sizeof(where)));
    return false;
  }
}

/* Reads the members of an object; `seen` indexes its keys so that the
 * duplicate check stays linear in the object's size. */
static bool parseMembers(Parser *p, DlcJsonValue *v, int depth,
                         DlcStringMap *seen) {
  size_t capacity = 0;
  v->kind = DlcJsonValueObject;
  ++p->pos; /* '{' */
  skipSpace(p);
  if (peek(p) == '}') {
    ++p->pos;
    return true;
  }
  for (;;) {
    char where[16];
    if (peek(p) != '"') {
      fail(p, "expected a string key in an object, found %s",
           found(p, where, sizeof(where)));
      return false;
    }
    int keyLine = p->line, keyColumn = column(p);
    char *key = parseString(p);
    if (!key)
      return false;
    if (dlcStringMapFind(seen, key) != DLC_STRING_MAP_NONE) {
      failAt(p, keyLine, keyColumn, "duplicate key \"%s\" in an object", key);
      free(key);
      return false;
    }
    if (!growItems(p, v, &capacity, true) ||
        !dlcStringMapInsert(seen, key, v->count)) {
      if (!p->failed)
        fail(p, "out of memory");
      free(key);
      return false;
    }
    DlcJsonValue *item = &v->items[v->count];
    memset(item, 0, sizeof(*item));
    v->keys[v->count] = key;
    ++v->count;
    skipSpace(p);
    if (peek(p) != ':') {
      fail(p, "expected ':' after an object key, found %s",
           found(p, where, sizeof(where)));
      return false;
    }
    ++p->pos;
    skipSpace(p);
    if (!parseValue(p, item, depth + 1))
      return false;
    skipSpace(p);
    if (peek(p) == ',') {
      ++p->pos;
      skipSpace(p);
      if (peek(p) == '}') {
        fail(p, "trailing ',' in an object");
        return false;
      }
      continue;
    }
    if (peek(p) == '}') {
      ++p->pos;
      return true;
    }
    fail(p, "expected ',' or '}' in an object, found %s",
         found(p, where, sizeof(where)));
    return false;
  }
}

static bool parseObject(Parser *p, DlcJsonValue *v, int depth) {
  DlcStringMap seen = {0};
  bool ok = parseMembers(p, v, depth, &seen);
  dlcStringMapClear(&seen);
  return ok;
}

static bool parseValue(Parser *p, DlcJsonValue *v, int depth) {
  char where[16];
  skipSpace(p);
  v->line = p->line;
  v->column = column(p);
  if (depth > MAX_DEPTH) {
    fail(p, "nesting deeper than %d", MAX_DEPTH);
    return false;
  }
  int c = peek(p);
  switch (c) {
  case '{':
    return parseObject(p, v, depth);
  case '[':
    return parseArray(p, v, depth);
  case '"':
    v->kind = DlcJsonValueString;
    v->string = parseString(p);
    return v->string != NULL;
  case 't':
  case 'f':
  case 'n':
    if (matchWord(p, "true") || matchWord(p, "false")) {
      v->kind = DlcJsonValueBool;
      v->boolean = c == 't';
      return true;
    }
    if (matchWord(p, "null")) {
      v->kind = DlcJsonValueNull;
      return true;
    }
    break;
  default:
    if (c == '-' || isDigit(c)) {
      parseNumber(p, v);
      return !p->failed;
    }
    break;
  }
  fail(p, "expected a JSON value, found %s", found(p, where, sizeof(where)));
  return false;
}

DlcJsonValue *dlcJsonValueParse(const char *text, size_t length, char *error,
                                size_t errorSize) {
  Parser p = {text, length, 0, 1, 0, error, errorSize, false};
  if (errorSize)
    error[0] = '\0';
  DlcJsonValue *root = calloc(1, sizeof(*root));
  if (!root) {
    fail(&p, "out of memory");
    return NULL;
  }
  skipSpace(&p);
  if (p.pos == p.length) {
    fail(&p, "empty document");
  } else if (memchr(text, '\0', length)) {
    fail(&p, "NUL byte in the document");
  } else if (parseValue(&p, root, 0)) {
    skipSpace(&p);
    if (p.pos != p.length) {
      char where[16];
      fail(&p, "unexpected %s after the JSON value",
           found(&p, where, sizeof(where)));
    }
  }
  if (p.failed) {
    dlcJsonValueDestroy(root);
    return NULL;
  }
  return root;
}

DlcJsonValue *dlcJsonValueParseFile(const char *path, char *error,
                                    size_t errorSize) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    snprintf(error, errorSize, "cannot open: %s", strerror(errno));
    return NULL;
  }
  Buffer b = {NULL, 0, 0};
  char chunk[4096];
  size_t n;
  bool ok = true;
  while (ok && (n = fread(chunk, 1, sizeof(chunk), file)) > 0) {
    for (size_t i = 0; ok && i < n; ++i)
      ok = bufferPush(&b, chunk[i]);
  }
  if (ferror(file)) {
    snprintf(error, errorSize, "cannot read: %s", strerror(errno));
    ok = false;
  } else if (!ok) {
    snprintf(error, errorSize, "out of memory");
  }
  fclose(file);
  DlcJsonValue *root =
      ok ? dlcJsonValueParse(b.data ? b.data : "", b.used, error, errorSize)
         : NULL;
  free(b.data);
  return root;
}

void dlcJsonValueDestroy(DlcJsonValue *value) {
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
