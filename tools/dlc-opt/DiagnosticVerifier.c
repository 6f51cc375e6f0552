/* Expectation comments:  // expected-(error|warning|note|remark)[ @(+N|-N)]
 * {{text}} A diagnostic matches an expectation of the same severity on the same
 * line whose text it contains. Every diagnostic must be expected and every
 * expectation met. */
#include "DiagnosticVerifier.h"

#include "dlc/Diagnostics.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirDiagnosticSeverity severity;
  int line;
  char *text;
  bool seen;
} Entry;

typedef struct {
  Entry *items;
  int count, capacity;
} EntryList;

struct DiagnosticVerifier {
  const char *fileName;
  int firstLine, lastLine; /* the source's lines, in the whole file */
  EntryList expected;
  EntryList emitted;
};

static const struct {
  const char *word;
  MlirDiagnosticSeverity severity;
} kinds[] = {{"expected-error", MlirDiagnosticError},
             {"expected-warning", MlirDiagnosticWarning},
             {"expected-note", MlirDiagnosticNote},
             {"expected-remark", MlirDiagnosticRemark}};

static bool push(EntryList *list, MlirDiagnosticSeverity severity, int line,
                 const char *text, size_t length) {
  if (list->count == list->capacity) {
    int capacity = list->capacity ? 2 * list->capacity : 16;
    Entry *items = realloc(list->items, (size_t)capacity * sizeof(Entry));
    if (!items)
      return false;
    list->items = items;
    list->capacity = capacity;
  }
  char *copy = strndup(text, length);
  if (!copy)
    return false;
  list->items[list->count++] = (Entry){severity, line, copy, false};
  return true;
}

static void clear(EntryList *list) {
  for (int i = 0; i < list->count; ++i)
    free(list->items[i].text);
  free(list->items);
}

/* Parses one expectation starting right after its keyword. */
static bool parseExpectation(DiagnosticVerifier *verifier, const char *p,
                             MlirDiagnosticSeverity severity, int line) {
  int target = line;
  while (*p == ' ' || *p == '\t')
    ++p;
  if (*p == '@') {
    ++p;
    char *end = NULL;
    errno = 0;
    long long offset = strtoll(p, &end, 10);
    if (end == p || (*p != '+' && *p != '-')) {
      fprintf(stderr,
              "%s:%d: error: expected '@+N' or '@-N' after "
              "expected-%s\n",
              verifier->fileName, line, dlcDiagnosticSeverityName(severity));
      return false;
    }
    /* Compared before adding, so no offset can overflow (D11). */
    if (errno == ERANGE || offset < verifier->firstLine - line ||
        offset > verifier->lastLine - line) {
      fprintf(stderr,
              "%s:%d: error: expected-%s @%.*s points outside the input "
              "(lines %d to %d)\n",
              verifier->fileName, line, dlcDiagnosticSeverityName(severity),
              (int)(end - p), p, verifier->firstLine, verifier->lastLine);
      return false;
    }
    target = line + (int)offset;
    p = end;
  }
  while (*p == ' ' || *p == '\t')
    ++p;
  const char *close = strncmp(p, "{{", 2) == 0 ? strstr(p + 2, "}}") : NULL;
  if (!close) {
    fprintf(stderr, "%s:%d: error: expected '{{text}}' in expected-%s\n",
            verifier->fileName, line, dlcDiagnosticSeverityName(severity));
    return false;
  }
  return push(&verifier->expected, severity, target, p + 2,
              (size_t)(close - (p + 2)));
}

DiagnosticVerifier *diagnosticVerifierCreate(const char *fileName,
                                             const char *source,
                                             int lineOffset) {
  DiagnosticVerifier *verifier = calloc(1, sizeof(*verifier));
  if (!verifier)
    return NULL;
  verifier->fileName = fileName;
  /* The lines holding text: a final newline starts no line. */
  int lines = 0;
  for (const char *p = source; *p; ++p)
    lines += *p == '\n' || p[1] == '\0';
  verifier->firstLine = lineOffset + 1;
  verifier->lastLine = lineOffset + (lines ? lines : 1);
  int line = lineOffset + 1;
  for (const char *p = source; *p; ++p) {
    if (*p == '\n') {
      ++line;
      continue;
    }
    if (*p != 'e' || strncmp(p, "expected-", 9) != 0)
      continue;
    for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); ++k) {
      size_t n = strlen(kinds[k].word);
      if (strncmp(p, kinds[k].word, n) != 0 || isalnum((unsigned char)p[n]))
        continue;
      if (!parseExpectation(verifier, p + n, kinds[k].severity, line)) {
        diagnosticVerifierDestroy(verifier);
        return NULL;
      }
      p += n - 1;
      break;
    }
  }
  return verifier;
}

void diagnosticVerifierDestroy(DiagnosticVerifier *verifier) {
  if (!verifier)
    return;
  clear(&verifier->expected);
  clear(&verifier->emitted);
  free(verifier);
}

void diagnosticVerifierRecord(DiagnosticVerifier *verifier,
                              MlirDiagnosticSeverity severity, int line,
                              const char *message) {
  push(&verifier->emitted, severity, line, message, strlen(message));
}

bool diagnosticVerifierCheck(DiagnosticVerifier *verifier, FILE *err) {
  bool ok = true;
  for (int i = 0; i < verifier->emitted.count; ++i) {
    Entry *emitted = &verifier->emitted.items[i];
    Entry *match = NULL;
    for (int j = 0; j < verifier->expected.count && !match; ++j) {
      Entry *expected = &verifier->expected.items[j];
      if (!expected->seen && expected->severity == emitted->severity &&
          expected->line == emitted->line &&
          strstr(emitted->text, expected->text))
        match = expected;
    }
    if (match) {
      match->seen = true;
      continue;
    }
    fprintf(err, "%s:%d: error: unexpected %s: %s\n", verifier->fileName,
            emitted->line, dlcDiagnosticSeverityName(emitted->severity),
            emitted->text);
    ok = false;
  }
  for (int j = 0; j < verifier->expected.count; ++j) {
    Entry *expected = &verifier->expected.items[j];
    if (expected->seen)
      continue;
    fprintf(err, "%s:%d: error: expected %s \"%s\" was not produced\n",
            verifier->fileName, expected->line,
            dlcDiagnosticSeverityName(expected->severity), expected->text);
    ok = false;
  }
  return ok;
}
