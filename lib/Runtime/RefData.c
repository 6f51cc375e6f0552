/*===- RefData.c - reference tensors written by the CPU interpreter ----===*\
|* DIR/meta.json names the symbol values and, for every pointer parameter   *|
|* of the kernel (ABI order), the dtype, shape, role and file of a raw      *|
|* little-endian row-major tensor, DIR/<param>.bin by default.  Inputs are  *|
|* the values to launch with; outputs the expected results.  Entries of     *|
|* role "intermediate" (a program's buffers between kernels) are kept by    *|
|* name for the per-kernel check.  The format is fixed in                   *|
|* docs/conventions.md, "Reference data".                                   *|
\*===----------------------------------------------------------------------===*/

#include "Json.h"
#include "dlc/Runtime.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  DlcRuntimeDtype dtype;
  int64_t count;
  void *data;
  char *name; /* intermediates only */
} Tensor;

struct DlcRuntimeRefData {
  int numSymbols;
  int64_t *symbols;
  int numParams;
  Tensor *tensors; /* one per manifest parameter; data NULL for i64 ones */
  int numIntermediates;
  Tensor *intermediates; /* the entries of role "intermediate", file order */
};

static void setErr(char *err, size_t errSize, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errSize, fmt, ap);
  va_end(ap);
}

void dlcRuntimeRefDataDestroy(DlcRuntimeRefData *d) {
  if (!d)
    return;
  for (int i = 0; i < d->numParams; i++)
    free(d->tensors[i].data);
  free(d->tensors);
  for (int i = 0; i < d->numIntermediates; i++) {
    free(d->intermediates[i].data);
    free(d->intermediates[i].name);
  }
  free(d->intermediates);
  free(d->symbols);
  free(d);
}

static int readSymbols(DlcRuntimeRefData *d, const DlcJsonValue *meta,
                       const DlcRuntimeManifest *m, char *err, size_t errSize) {
  const DlcJsonValue *syms = dlcJsonValueGetMember(meta, "symbols");
  if (!syms || syms->kind != DlcJsonValueObject) {
    setErr(err, errSize,
           "meta.json: \"symbols\" must be an object {\"M\": 17, ...}");
    return -1;
  }
  for (size_t i = 0; i < syms->count; i++) {
    const DlcJsonValue *s = &syms->items[i];
    const char *key = syms->keys[i];
    int idx = dlcRuntimeManifestFindSymbol(m, key);
    if (idx < 0) {
      setErr(err, errSize,
             "meta.json: symbol '%s' is not a symbol of kernel '%s'", key,
             dlcRuntimeManifestGetKernelName(m));
      return -1;
    }
    if (s->kind != DlcJsonValueNumber || !s->isInteger || s->integer < 0) {
      setErr(err, errSize,
             "meta.json: symbol '%s' must be a non-negative integer", key);
      return -1;
    }
    d->symbols[idx] = s->integer;
  }
  /* A derived symbol may be left out (dlc-interp writes the free ones):
   * its formula gives it, and one given must agree. */
  int *given = calloc((size_t)d->numSymbols + 1, sizeof(int));
  int derived = 0;
  for (int i = 0; given && i < d->numSymbols; i++) {
    given[i] =
        dlcJsonValueGetMember(syms, dlcRuntimeManifestGetSymbol(m, i)) ? 1 : 0;
    derived |= dlcRuntimeManifestGetDerived(m, i) != NULL;
    if (!given[i] && !dlcRuntimeManifestGetDerived(m, i)) {
      setErr(err, errSize, "meta.json: no value for symbol '%s'",
             dlcRuntimeManifestGetSymbol(m, i));
      free(given);
      return -1;
    }
  }
  char why[256];
  int rc = !given    ? -1
           : derived ? dlcRuntimeManifestDeriveSymbols(m, d->symbols, given,
                                                       why, sizeof(why))
                     : 0;
  if (rc != 0)
    setErr(err, errSize, "meta.json: %s", given ? why : "out of memory");
  free(given);
  return rc;
}

static const DlcJsonValue *findParam(const DlcJsonValue *params,
                                     const char *name) {
  for (size_t i = 0; i < params->count; i++) {
    const DlcJsonValue *n = dlcJsonValueGetMember(&params->items[i], "name");
    if (n && n->kind == DlcJsonValueString && strcmp(n->string, name) == 0)
      return &params->items[i];
  }
  return NULL;
}

/* Reads the entry's file ("file", else <name>.bin) into t->data; it must
 * hold exactly t->count elements of t->dtype. */
static int readData(Tensor *t, const char *dir, const DlcJsonValue *file,
                    const char *name, char *err, size_t errSize) {
  char path[4096];
  if (file && file->kind == DlcJsonValueString)
    snprintf(path, sizeof path, "%s/%s", dir, file->string);
  else
    snprintf(path, sizeof path, "%s/%s.bin", dir, name);
  size_t size;
  t->data = dlcFileRead(path, &size, err, errSize);
  if (!t->data)
    return -1;
  int64_t bytes = dlcRuntimeDtypeBytes(t->dtype, t->count);
  if (bytes < 0) {
    setErr(err, errSize, "%s: %" PRId64 " x %s take more than INT64_MAX bytes",
           path, t->count, dlcRuntimeDtypeToString(t->dtype));
    return -1;
  }
  if (size != (size_t)bytes) {
    setErr(err, errSize,
           "%s: %zu bytes, expected %" PRId64 " (%" PRId64 " x %s)", path, size,
           bytes, t->count, dlcRuntimeDtypeToString(t->dtype));
    return -1;
  }
  return 0;
}

static int readTensor(Tensor *t, const char *dir, const DlcJsonValue *entry,
                      const DlcRuntimeManifest *m, int i,
                      const int64_t *symbols, char *err, size_t errSize) {
  const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
  const DlcJsonValue *dt = dlcJsonValueGetMember(entry, "dtype");
  const DlcJsonValue *file = dlcJsonValueGetMember(entry, "file");
  const DlcJsonValue *shape = dlcJsonValueGetMember(entry, "shape");
  const DlcJsonValue *role = dlcJsonValueGetMember(entry, "role");
  const char *want = p->role == DLC_RUNTIME_ROLE_INPUT ? "input" : "output";
  /* A kernel of a program run alone: its buffer is in the folder as the
   * program's intermediate. */
  int asIntermediate = p->intermediate && role &&
                       role->kind == DlcJsonValueString &&
                       strcmp(role->string, "intermediate") == 0;
  if (role && !asIntermediate &&
      (role->kind != DlcJsonValueString || strcmp(role->string, want) != 0)) {
    setErr(err, errSize, "meta.json: '%s' is an %s of kernel '%s'", p->name,
           want, dlcRuntimeManifestGetKernelName(m));
    return -1;
  }
  t->dtype = dt && dt->kind == DlcJsonValueString
                 ? dlcRuntimeDtypeFromString(dt->string)
                 : DLC_RUNTIME_DTYPE_INVALID;
  int ok = t->dtype == p->dtype || (p->role == DLC_RUNTIME_ROLE_OUTPUT &&
                                    (t->dtype == DLC_RUNTIME_DTYPE_F32 ||
                                     t->dtype == DLC_RUNTIME_DTYPE_F64));
  if (!ok) {
    setErr(err, errSize, "meta.json: '%s' needs \"dtype\": \"%s\"%s", p->name,
           dlcRuntimeDtypeToString(p->dtype),
           p->role == DLC_RUNTIME_ROLE_OUTPUT ? " (or f32/f64 for an output)"
                                              : "");
    return -1;
  }
  if (dlcRuntimeManifestGetParamElements(m, i, symbols, &t->count, err,
                                         errSize) != 0)
    return -1;
  if (shape) {
    int64_t n = 1;
    /* A flat buffer the kernel reads in its factors' shape (the manifest's
     * "flat") may come flat: [M*K] for [M, 1, K]. */
    int flat = dlcRuntimeManifestGetParamFlat(m, i) != NULL &&
               shape->kind == DlcJsonValueArray && shape->count == 1;
    int good = shape->kind == DlcJsonValueArray &&
               ((int)shape->count == p->rank || flat);
    for (size_t d = 0; good && d < shape->count; d++) {
      const DlcJsonValue *e = &shape->items[d];
      good = e->kind == DlcJsonValueNumber && e->isInteger && e->integer >= 0;
      n *= good ? e->integer : 1;
    }
    if (!good || n != t->count) {
      setErr(err, errSize,
             "meta.json: shape of '%s' does not match the kernel's "
             "(%" PRId64 " elements for these symbols)",
             p->name, t->count);
      return -1;
    }
  }
  return readData(t, dir, file, p->name, err, errSize);
}

/* An entry of role "intermediate": it names no manifest parameter, so its
 * own "shape" gives the element count (checked by the caller against the
 * program's buffer). */
static int readIntermediate(Tensor *t, const char *dir,
                            const DlcJsonValue *entry, char *err,
                            size_t errSize) {
  const DlcJsonValue *name = dlcJsonValueGetMember(entry, "name");
  const DlcJsonValue *dt = dlcJsonValueGetMember(entry, "dtype");
  const DlcJsonValue *shape = dlcJsonValueGetMember(entry, "shape");
  if (!name || name->kind != DlcJsonValueString) {
    setErr(err, errSize, "meta.json: an intermediate needs a string \"name\"");
    return -1;
  }
  if (!(t->name = malloc(strlen(name->string) + 1))) {
    setErr(err, errSize, "out of memory");
    return -1;
  }
  strcpy(t->name, name->string);
  t->dtype = dt && dt->kind == DlcJsonValueString
                 ? dlcRuntimeDtypeFromString(dt->string)
                 : DLC_RUNTIME_DTYPE_INVALID;
  if (t->dtype == DLC_RUNTIME_DTYPE_INVALID) {
    setErr(err, errSize, "meta.json: intermediate '%s' needs a \"dtype\"",
           t->name);
    return -1;
  }
  int good = shape && shape->kind == DlcJsonValueArray;
  t->count = 1;
  for (size_t d = 0; good && d < shape->count; d++) {
    const DlcJsonValue *e = &shape->items[d];
    good = e->kind == DlcJsonValueNumber && e->isInteger && e->integer >= 0 &&
           !__builtin_mul_overflow(t->count, e->integer, &t->count) &&
           dlcRuntimeDtypeBytes(t->dtype, t->count) >= 0;
  }
  if (!good) {
    setErr(err, errSize,
           "meta.json: intermediate '%s' needs a \"shape\" of sizes", t->name);
    return -1;
  }
  return readData(t, dir, dlcJsonValueGetMember(entry, "file"), t->name, err,
                  errSize);
}

static int isIntermediate(const DlcJsonValue *entry) {
  const DlcJsonValue *role = dlcJsonValueGetMember(entry, "role");
  return role && role->kind == DlcJsonValueString &&
         strcmp(role->string, "intermediate") == 0;
}

/* Every entry of role "intermediate", in file order. */
static int readIntermediates(DlcRuntimeRefData *d, const char *dir,
                             const DlcJsonValue *params, char *err,
                             size_t errSize) {
  size_t n = 0;
  for (size_t i = 0; i < params->count; i++)
    n += isIntermediate(&params->items[i]);
  if (n == 0)
    return 0;
  if (!(d->intermediates = calloc(n, sizeof(Tensor)))) {
    setErr(err, errSize, "out of memory");
    return -1;
  }
  for (size_t i = 0; i < params->count; i++) {
    if (!isIntermediate(&params->items[i]))
      continue;
    Tensor *t = &d->intermediates[d->numIntermediates++];
    if (readIntermediate(t, dir, &params->items[i], err, errSize) != 0)
      return -1;
    for (int j = 0; j + 1 < d->numIntermediates; j++)
      if (strcmp(d->intermediates[j].name, t->name) == 0) {
        setErr(err, errSize, "meta.json: two intermediates named '%s'",
               t->name);
        return -1;
      }
  }
  return 0;
}

DlcRuntimeRefData *dlcRuntimeRefDataLoad(const char *dir,
                                         const DlcRuntimeManifest *m, char *err,
                                         size_t errSize) {
  char path[4096];
  snprintf(path, sizeof path, "%s/meta.json", dir);
  char *text = dlcFileRead(path, NULL, err, errSize);
  if (!text)
    return NULL;
  char inner[512];
  DlcJsonValue *meta =
      dlcJsonValueParse(text, strlen(text), inner, sizeof inner);
  free(text);
  if (!meta) {
    setErr(err, errSize, "%s: %s", path, inner);
    return NULL;
  }
  DlcRuntimeRefData *d = calloc(1, sizeof *d);
  int n = dlcRuntimeManifestGetNumParams(m);
  if (d) {
    d->numSymbols = dlcRuntimeManifestGetNumSymbols(m);
    d->numParams = n;
    d->symbols = calloc((size_t)d->numSymbols + 1, sizeof(int64_t));
    d->tensors = calloc((size_t)n + 1, sizeof(Tensor));
  }
  int rc = -1;
  if (!d || !d->symbols || !d->tensors) {
    setErr(err, errSize, "out of memory");
  } else if (readSymbols(d, meta, m, err, errSize) == 0) {
    const DlcJsonValue *params = dlcJsonValueGetMember(meta, "params");
    if (!params || params->kind != DlcJsonValueArray) {
      setErr(err, errSize, "meta.json: \"params\" must be an array of tensors");
      params = NULL;
    }
    rc = params ? 0 : -1;
    for (int i = 0; rc == 0 && i < n; i++) {
      const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
      if (p->kind != DLC_RUNTIME_PARAM_PTR)
        continue;
      const DlcJsonValue *entry = findParam(params, p->name);
      if (!entry) {
        setErr(err, errSize, "meta.json: \"params\" has no entry for '%s'",
               p->name);
        rc = -1;
      } else {
        rc = readTensor(&d->tensors[i], dir, entry, m, i, d->symbols, err,
                        errSize);
      }
    }
    if (rc == 0)
      rc = readIntermediates(d, dir, params, err, errSize);
  }
  dlcJsonValueDestroy(meta);
  if (rc != 0) {
    dlcRuntimeRefDataDestroy(d);
    return NULL;
  }
  return d;
}

const int64_t *dlcRuntimeRefDataGetSymbols(const DlcRuntimeRefData *d) {
  return d->symbols;
}

const void *dlcRuntimeRefDataGetTensor(const DlcRuntimeRefData *d, int i,
                                       DlcRuntimeDtype *dtype, int64_t *count) {
  if (i < 0 || i >= d->numParams || !d->tensors[i].data)
    return NULL;
  if (dtype)
    *dtype = d->tensors[i].dtype;
  if (count)
    *count = d->tensors[i].count;
  return d->tensors[i].data;
}

int dlcRuntimeRefDataGetNumIntermediates(const DlcRuntimeRefData *d) {
  return d->numIntermediates;
}

const char *dlcRuntimeRefDataGetIntermediateName(const DlcRuntimeRefData *d,
                                                 int i) {
  return i >= 0 && i < d->numIntermediates ? d->intermediates[i].name : NULL;
}

const void *dlcRuntimeRefDataGetIntermediate(const DlcRuntimeRefData *d,
                                             const char *name,
                                             DlcRuntimeDtype *dtype,
                                             int64_t *count) {
  for (int i = 0; i < d->numIntermediates; i++) {
    const Tensor *t = &d->intermediates[i];
    if (strcmp(t->name, name) != 0)
      continue;
    if (dtype)
      *dtype = t->dtype;
    if (count)
      *count = t->count;
    return t->data;
  }
  return NULL;
}
