/* The §14 diagnostics JSON of dlc-opt (see DiagnosticsJson.h). */
#include "DiagnosticsJson.h"

#include "dlc/Diagnostics.h"
#include "dlc/Json.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirDiagnosticSeverity severity;
  /* Owned strings; NULL is written as null. */
  char *code, *kind, *at, *atOp, *why, *suggestion, *location;
} Entry;

struct DiagnosticsJson {
  const char *path;
  MlirOperation module;
  Entry *entries;
  size_t count, capacity;
};

DiagnosticsJson *diagnosticsJsonCreate(const char *path) {
  DiagnosticsJson *json = calloc(1, sizeof(*json));
  if (json)
    json->path = path;
  return json;
}

static void freeEntry(Entry *e) {
  free(e->code);
  free(e->kind);
  free(e->at);
  free(e->atOp);
  free(e->why);
  free(e->suggestion);
  free(e->location);
}

void diagnosticsJsonDestroy(DiagnosticsJson *json) {
  if (!json)
    return;
  for (size_t i = 0; i < json->count; ++i)
    freeEntry(&json->entries[i]);
  free(json->entries);
  free(json);
}

void diagnosticsJsonSetModule(DiagnosticsJson *json, MlirOperation module) {
  if (json)
    json->module = module;
}

static char *copyRange(const char *begin, size_t length) {
  char *s = malloc(length + 1);
  if (s) {
    memcpy(s, begin, length);
    s[length] = '\0';
  }
  return s;
}

static char *copyString(const char *s) { return copyRange(s, strlen(s)); }

/* "<code> <Kind>: <why>; suggestion: <suggestion>" (lib/Support/
 * Diagnostics.c): a code is a letter E or W and four digits. */
static bool splitDlcMessage(const char *message, Entry *e) {
  const char *p = message;
  if (!((p[0] == 'E' || p[0] == 'W') && isdigit((unsigned char)p[1]) &&
        isdigit((unsigned char)p[2]) && isdigit((unsigned char)p[3]) &&
        isdigit((unsigned char)p[4]) && p[5] == ' '))
    return false;
  const char *kind = p + 6, *k = kind;
  while (isalnum((unsigned char)*k))
    ++k;
  if (k == kind || k[0] != ':' || k[1] != ' ')
    return false;
  const char *why = k + 2;
  /* The suggestion is the text after the last separator: `why` may quote
   * another message. */
  const char *sep = NULL;
  for (const char *s = strstr(why, "; suggestion: "); s;
       s = strstr(s + 1, "; suggestion: "))
    sep = s;
  e->code = copyRange(p, 5);
  e->kind = copyRange(kind, (size_t)(k - kind));
  if (sep) {
    e->why = copyRange(why, (size_t)(sep - why));
    e->suggestion = copyString(sep + strlen("; suggestion: "));
  } else {
    e->why = copyString(why);
  }
  return true;
}

/* --- the op a diagnostic is attached to ---------------------------------- */

typedef struct {
  MlirLocation loc;
  MlirOperation found;
} FindState;

static MlirWalkResult findByLocation(MlirOperation op, void *userData) {
  FindState *state = userData;
  if (!mlirLocationEqual(mlirOperationGetLocation(op), state->loc))
    return MlirWalkResultAdvance;
  state->found = op;
  return MlirWalkResultInterrupt;
}

/* The spec's layer of an op, from its dialect (§1). */
static const char *layerOf(const char *opName, size_t dialectLength) {
  static const struct {
    const char *dialect, *layer;
  } layers[] = {{"tiny", "Tiny"},
                {"indexbook", "IndexBook"},
                {"rbssa", "RB-SSA"},
                {"plan", "Plan"},
                {"dlcgpu", "GPU"}};
  for (size_t i = 0; i < sizeof(layers) / sizeof(layers[0]); ++i)
    if (strlen(layers[i].dialect) == dialectLength &&
        memcmp(layers[i].dialect, opName, dialectLength) == 0)
      return layers[i].layer;
  return NULL;
}

/* Sets at_op and at from an op name such as "tiny.mul". */
static void setOp(Entry *e, const char *name, size_t length) {
  free(e->atOp);
  free(e->at);
  e->atOp = copyRange(name, length);
  const char *dot = memchr(name, '.', length);
  size_t dialectLength = dot ? (size_t)(dot - name) : length;
  const char *layer = layerOf(name, dialectLength);
  e->at = layer ? copyString(layer) : copyRange(name, dialectLength);
}

/* "see current operation: %0 = "tiny.mul"(...)" or "... = arith.addi ..."
 * names the op of a verifier error. A quoted (generic) name is taken whole
 * as MLIR printed it, escapes included (D25: `tiny.a\22b` was cut at the
 * escaped quote). */
static void setOpFromNote(Entry *e, const char *note) {
  const char *p = note + strlen("see current operation:");
  while (*p == ' ')
    ++p;
  const char *eq = strstr(p, " = ");
  if (*p == '%' && eq)
    p = eq + 3;
  bool quoted = *p == '"';
  const char *begin = p + quoted, *end = begin;
  if (quoted) { /* generic form: up to the closing quote, escapes kept */
    while (*end && *end != '"')
      end += end[0] == '\\' && end[1] ? 2 : 1;
  } else {
    while (*end && (isalnum((unsigned char)*end) || *end == '_' ||
                    *end == '.' || *end == '$'))
      ++end;
  }
  if (end > begin && memchr(begin, '.', (size_t)(end - begin)))
    setOp(e, begin, (size_t)(end - begin));
}

void diagnosticsJsonRecord(DiagnosticsJson *json,
                           MlirDiagnosticSeverity severity, MlirLocation loc,
                           const char *where, const char *message) {
  if (!json)
    return;
  if (severity == MlirDiagnosticNote &&
      strncmp(message, "see current operation:", 22) == 0) {
    if (json->count && !json->entries[json->count - 1].atOp)
      setOpFromNote(&json->entries[json->count - 1], message);
    return;
  }
  if (json->count == json->capacity) {
    size_t capacity = json->capacity ? 2 * json->capacity : 16;
    Entry *grown = realloc(json->entries, capacity * sizeof(Entry));
    if (!grown)
      return;
    json->entries = grown;
    json->capacity = capacity;
  }
  Entry *e = &json->entries[json->count++];
  memset(e, 0, sizeof(*e));
  e->severity = severity;
  if (!splitDlcMessage(message, e))
    e->why = copyString(message);
  e->location = copyString(where);
  if (!mlirOperationIsNull(json->module)) {
    FindState state = {loc, {NULL}};
    mlirOperationWalk(json->module, findByLocation, &state, MlirWalkPreOrder);
    if (!mlirOperationIsNull(state.found)) {
      MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(state.found));
      setOp(e, name.data, name.length);
    }
  }
}

/* --- writing -------------------------------------------------------------- */

/* A JSON string (valid UTF-8 whatever bytes a message quotes, D25), or
 * null. */
static void writeString(FILE *out, const char *s) {
  if (s)
    dlcJsonWriteString(out, s);
  else
    fputs("null", out);
}

bool diagnosticsJsonWrite(DiagnosticsJson *json, FILE *err) {
  FILE *out = strcmp(json->path, "-") == 0 ? stdout : fopen(json->path, "w");
  if (!out) {
    fprintf(err, "dlc-opt: error: cannot open diagnostics file '%s': %s\n",
            json->path, strerror(errno));
    return false;
  }
  fputs("{\"diagnostics\": [", out);
  for (size_t i = 0; i < json->count; ++i) {
    const Entry *e = &json->entries[i];
    fputs(i ? ",\n  " : "\n  ", out);
    const char *keys[] = {"code",  "kind", "severity",   "at",
                          "at_op", "why",  "suggestion", "location"};
    const char *values[] = {
        e->code,       e->kind,    dlcDiagnosticSeverityName(e->severity),
        e->at,         e->atOp,    e->why,
        e->suggestion, e->location};
    fputc('{', out);
    for (int k = 0; k < 8; ++k) {
      fprintf(out, "%s\"%s\": ", k ? ", " : "", keys[k]);
      writeString(out, values[k]);
    }
    fputc('}', out);
  }
  fputs(json->count ? "\n]}\n" : "]}\n", out);
  bool ok = !ferror(out);
  if (out != stdout)
    ok = fclose(out) == 0 && ok;
  if (!ok)
    fprintf(err, "dlc-opt: error: cannot write diagnostics file '%s'\n",
            json->path);
  return ok;
}
