/*===- Json.c - a small JSON reader for manifests ----------------------===*/

#include "Json.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *p;
  int line;
  int depth;
  char *err;
  size_t errSize;
  int failed;
} Parser;

static void fail(Parser *ps, const char *fmt, ...) {
  if (ps->failed)
    return;
  ps->failed = 1;
  int n = snprintf(ps->err, ps->errSize, "line %d: ", ps->line);
  if (n < 0 || (size_t)n >= ps->errSize)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(ps->err + n, ps->errSize - (size_t)n, fmt, ap);
  va_end(ap);
}

static void skipSpace(Parser *ps) {
  while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r') {
    if (*ps->p == '\n')
      ps->line++;
    ps->p++;
  }
}

static DlcJson *newNode(DlcJsonKind kind) {
  DlcJson *j = calloc(1, sizeof(DlcJson));
  if (j)
    j->kind = kind;
  return j;
}

static int appendItem(DlcJson *parent, DlcJson *item) {
  DlcJson **items =
      realloc(parent->items, (parent->count + 1) * sizeof(DlcJson *));
  if (!items)
    return -1;
  parent->items = items;
  parent->items[parent->count++] = item;
  return 0;
}

static void putUtf8(char **out, unsigned cp) {
  char *o = *out;
  if (cp < 0x80) {
    *o++ = (char)cp;
  } else if (cp < 0x800) {
    *o++ = (char)(0xC0 | (cp >> 6));
    *o++ = (char)(0x80 | (cp & 0x3F));
  } else {
    *o++ = (char)(0xE0 | (cp >> 12));
    *o++ = (char)(0x80 | ((cp >> 6) & 0x3F));
    *o++ = (char)(0x80 | (cp & 0x3F));
  }
  *out = o;
}

/* Parses a string literal at ps->p (which points at '"'). */
static char *parseString(Parser *ps) {
  const char *start = ++ps->p;
  while (*ps->p && *ps->p != '"') {
    if ((unsigned char)*ps->p < 0x20) {
      fail(ps, "control character in string");
      return NULL;
    }
    if (*ps->p == '\\' && ps->p[1])
      ps->p++;
    ps->p++;
  }
  if (*ps->p != '"') {
    fail(ps, "unterminated string");
    return NULL;
  }
  /* Each escape shrinks or keeps the length, \uXXXX gives at most 3 bytes. */
  char *s = malloc((size_t)(ps->p - start) + 1);
  if (!s) {
    fail(ps, "out of memory");
    return NULL;
  }
  char *o = s;
  for (const char *q = start; q < ps->p; q++) {
    if (*q != '\\') {
      *o++ = *q;
      continue;
    }
    q++;
    switch (*q) {
    case '"':
      *o++ = '"';
      break;
    case '\\':
      *o++ = '\\';
      break;
    case '/':
      *o++ = '/';
      break;
    case 'b':
      *o++ = '\b';
      break;
    case 'f':
      *o++ = '\f';
      break;
    case 'n':
      *o++ = '\n';
      break;
    case 'r':
      *o++ = '\r';
      break;
    case 't':
      *o++ = '\t';
      break;
    case 'u': {
      unsigned cp = 0;
      for (int i = 1; i <= 4; i++) {
        char c = q[i];
        int v = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (v < 0) {
          fail(ps, "bad \\u escape");
          free(s);
          return NULL;
        }
        cp = cp * 16 + (unsigned)v;
      }
      q += 4;
      putUtf8(&o, cp);
      break;
    }
    default:
      fail(ps, "bad escape '\\%c'", *q);
      free(s);
      return NULL;
    }
  }
  *o = '\0';
  ps->p++; /* closing quote */
  return s;
}

static DlcJson *parseValue(Parser *ps);

static DlcJson *parseContainer(Parser *ps, int isObject) {
  DlcJson *j = newNode(isObject ? DLC_JSON_OBJECT : DLC_JSON_ARRAY);
  if (!j) {
    fail(ps, "out of memory");
    return NULL;
  }
  char close = isObject ? '}' : ']';
  ps->p++;
  skipSpace(ps);
  if (*ps->p == close) {
    ps->p++;
    return j;
  }
  for (;;) {
    char *key = NULL;
    if (isObject) {
      skipSpace(ps);
      if (*ps->p != '"') {
        fail(ps, "expected a member name");
        break;
      }
      key = parseString(ps);
      if (!key)
        break;
      skipSpace(ps);
      if (*ps->p != ':') {
        fail(ps, "expected ':' after \"%s\"", key);
        free(key);
        break;
      }
      ps->p++;
    }
    DlcJson *item = parseValue(ps);
    if (!item) {
      free(key);
      break;
    }
    item->key = key;
    if (appendItem(j, item) != 0) {
      dlcJsonDestroy(item);
      fail(ps, "out of memory");
      break;
    }
    skipSpace(ps);
    if (*ps->p == ',') {
      ps->p++;
      continue;
    }
    if (*ps->p == close) {
      ps->p++;
      return j;
    }
    fail(ps, "expected ',' or '%c'", close);
    break;
  }
  dlcJsonDestroy(j);
  return NULL;
}

static DlcJson *parseNumber(Parser *ps) {
  const char *start = ps->p;
  int isInteger = 1;
  if (*ps->p == '-')
    ps->p++;
  while ((*ps->p >= '0' && *ps->p <= '9') || *ps->p == '.' || *ps->p == 'e' ||
         *ps->p == 'E' || *ps->p == '+' || *ps->p == '-') {
    if (*ps->p == '.' || *ps->p == 'e' || *ps->p == 'E')
      isInteger = 0;
    ps->p++;
  }
  char buf[64];
  size_t n = (size_t)(ps->p - start);
  if (n == 0 || n >= sizeof buf) {
    fail(ps, "bad number");
    return NULL;
  }
  memcpy(buf, start, n);
  buf[n] = '\0';
  DlcJson *j = newNode(DLC_JSON_NUMBER);
  if (!j) {
    fail(ps, "out of memory");
    return NULL;
  }
  char *end;
  errno = 0;
  j->number = strtod(buf, &end);
  if (*end != '\0') {
    fail(ps, "bad number '%s'", buf);
    free(j);
    return NULL;
  }
  if (isInteger) {
    long long v = strtoll(buf, &end, 10);
    if (*end != '\0' || errno == ERANGE) {
      fail(ps, "integer out of range '%s'", buf);
      free(j);
      return NULL;
    }
    j->isInteger = 1;
    j->integer = (int64_t)v;
  }
  return j;
}

static DlcJson *parseWord(Parser *ps, const char *word, DlcJsonKind kind,
                          int b) {
  size_t n = strlen(word);
  if (strncmp(ps->p, word, n) != 0) {
    fail(ps, "unexpected character '%c'", *ps->p);
    return NULL;
  }
  ps->p += n;
  DlcJson *j = newNode(kind);
  if (!j)
    fail(ps, "out of memory");
  else
    j->boolean = b;
  return j;
}

static DlcJson *parseValue(Parser *ps) {
  skipSpace(ps);
  if (++ps->depth > 64) {
    fail(ps, "nesting too deep");
    return NULL;
  }
  DlcJson *j = NULL;
  switch (*ps->p) {
  case '{':
    j = parseContainer(ps, 1);
    break;
  case '[':
    j = parseContainer(ps, 0);
    break;
  case '"': {
    char *s = parseString(ps);
    if (s && !(j = newNode(DLC_JSON_STRING))) {
      fail(ps, "out of memory");
      free(s);
    } else if (j) {
      j->string = s;
    }
    break;
  }
  case 't':
    j = parseWord(ps, "true", DLC_JSON_BOOL, 1);
    break;
  case 'f':
    j = parseWord(ps, "false", DLC_JSON_BOOL, 0);
    break;
  case 'n':
    j = parseWord(ps, "null", DLC_JSON_NULL, 0);
    break;
  case '\0':
    fail(ps, "unexpected end of input");
    break;
  default:
    if (*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9'))
      j = parseNumber(ps);
    else
      fail(ps, "unexpected character '%c'", *ps->p);
  }
  ps->depth--;
  return j;
}

DlcJson *dlcJsonParse(const char *text, char *err, size_t errSize) {
  Parser ps = {text, 1, 0, err, errSize, 0};
  DlcJson *j = parseValue(&ps);
  if (!j)
    return NULL;
  skipSpace(&ps);
  if (*ps.p != '\0') {
    fail(&ps, "trailing characters after the document");
    dlcJsonDestroy(j);
    return NULL;
  }
  return j;
}

void dlcJsonDestroy(DlcJson *j) {
  if (!j)
    return;
  for (size_t i = 0; i < j->count; i++)
    dlcJsonDestroy(j->items[i]);
  free(j->items);
  free(j->string);
  free(j->key);
  free(j);
}

const DlcJson *dlcJsonGet(const DlcJson *obj, const char *key) {
  if (!obj || obj->kind != DLC_JSON_OBJECT)
    return NULL;
  for (size_t i = 0; i < obj->count; i++)
    if (strcmp(obj->items[i]->key, key) == 0)
      return obj->items[i];
  return NULL;
}

char *dlcJsonReadFile(const char *path, size_t *size, char *err,
                      size_t errSize) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errSize, "cannot open '%s': %s", path, strerror(errno));
    return NULL;
  }
  char *buf = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len + 4096 + 1 > cap) {
      cap = cap ? cap * 2 : 8192;
      char *nb = realloc(buf, cap);
      if (!nb) {
        snprintf(err, errSize, "out of memory reading '%s'", path);
        free(buf);
        fclose(f);
        return NULL;
      }
      buf = nb;
    }
    size_t got = fread(buf + len, 1, cap - len - 1, f);
    len += got;
    if (got == 0)
      break;
  }
  int bad = ferror(f);
  fclose(f);
  if (bad) {
    snprintf(err, errSize, "error reading '%s'", path);
    free(buf);
    return NULL;
  }
  buf[len] = '\0';
  if (size)
    *size = len;
  return buf;
}
