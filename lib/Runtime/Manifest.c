/*===- Manifest.c - read kernel manifests (docs/conventions.md) --------===*/

#include "Json.h"
#include "dlc/Runtime.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct DlcRuntimeManifest {
  char *kernel;
  char *ptxPath;
  char *arch;
  int numSymbols;
  char **symbols;
  int numParams;
  DlcRuntimeParam *params; /* strings and shapes owned here */
  char *grid[3];
  char *block[3];
  char *smem;  /* expression, "0" when absent */
  char *flops; /* expression, NULL when absent */
};

static const struct {
  const char *name;
  DlcRuntimeDtype type;
  size_t size;
} kDtypes[] = {
    {"f16", DLC_RUNTIME_DTYPE_F16, 2}, {"bf16", DLC_RUNTIME_DTYPE_BF16, 2},
    {"f32", DLC_RUNTIME_DTYPE_F32, 4}, {"f64", DLC_RUNTIME_DTYPE_F64, 8},
    {"i32", DLC_RUNTIME_DTYPE_I32, 4}, {"i64", DLC_RUNTIME_DTYPE_I64, 8},
};

DlcRuntimeDtype dlcRuntimeDtypeFromString(const char *s) {
  for (size_t i = 0; i < sizeof kDtypes / sizeof kDtypes[0]; i++)
    if (strcmp(s, kDtypes[i].name) == 0)
      return kDtypes[i].type;
  return DLC_RUNTIME_DTYPE_INVALID;
}

const char *dlcRuntimeDtypeToString(DlcRuntimeDtype t) {
  for (size_t i = 0; i < sizeof kDtypes / sizeof kDtypes[0]; i++)
    if (kDtypes[i].type == t)
      return kDtypes[i].name;
  return "invalid";
}

size_t dlcRuntimeDtypeSize(DlcRuntimeDtype t) {
  for (size_t i = 0; i < sizeof kDtypes / sizeof kDtypes[0]; i++)
    if (kDtypes[i].type == t)
      return kDtypes[i].size;
  return 0;
}

static void setErr(char *err, size_t errSize, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errSize, fmt, ap);
  va_end(ap);
}

static char *dupStr(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

/* An expression field may be a JSON integer or a string. */
static char *exprOf(const DlcJson *j) {
  if (j && j->kind == DLC_JSON_STRING)
    return dupStr(j->string);
  if (j && j->kind == DLC_JSON_NUMBER && j->isInteger) {
    char buf[32];
    snprintf(buf, sizeof buf, "%" PRId64, j->integer);
    return dupStr(buf);
  }
  return NULL;
}

static const char *stringField(const DlcJson *obj, const char *key) {
  const DlcJson *j = dlcJsonGet(obj, key);
  return j && j->kind == DLC_JSON_STRING ? j->string : NULL;
}

void dlcRuntimeManifestDestroy(DlcRuntimeManifest *m) {
  if (!m)
    return;
  free(m->kernel);
  free(m->ptxPath);
  free(m->arch);
  for (int i = 0; i < m->numSymbols; i++)
    free(m->symbols[i]);
  free(m->symbols);
  for (int i = 0; i < m->numParams; i++) {
    DlcRuntimeParam *p = &m->params[i];
    free((char *)p->name);
    for (int d = 0; d < p->rank; d++)
      free((char *)p->shape[d]);
    free((char **)p->shape);
  }
  free(m->params);
  for (int d = 0; d < 3; d++) {
    free(m->grid[d]);
    free(m->block[d]);
  }
  free(m->smem);
  free(m->flops);
  free(m);
}

static int readParam(DlcRuntimeManifest *m, const DlcJson *j,
                     DlcRuntimeParam *p, char *err, size_t errSize) {
  const char *name = stringField(j, "name");
  const char *kind = stringField(j, "kind");
  if (!name || !kind) {
    setErr(err, errSize, "params[%d]: needs string \"name\" and \"kind\"",
           m->numParams);
    return -1;
  }
  if (!(p->name = dupStr(name)))
    return -1;
  if (strcmp(kind, "i64") == 0) {
    p->kind = DLC_RUNTIME_PARAM_I64;
    p->dtype = DLC_RUNTIME_DTYPE_I64;
    if (dlcRuntimeManifestFindSymbol(m, name) < 0) {
      setErr(err, errSize, "param '%s': an i64 parameter must name a symbol",
             name);
      return -1;
    }
    return 0;
  }
  if (strcmp(kind, "ptr") != 0) {
    setErr(err, errSize,
           "param '%s': kind must be \"ptr\" or \"i64\", not \"%s\"", name,
           kind);
    return -1;
  }
  p->kind = DLC_RUNTIME_PARAM_PTR;
  const char *dtype = stringField(j, "dtype");
  const char *role = stringField(j, "role");
  const DlcJson *shape = dlcJsonGet(j, "shape");
  if (!dtype || (p->dtype = dlcRuntimeDtypeFromString(dtype)) ==
                    DLC_RUNTIME_DTYPE_INVALID) {
    setErr(err, errSize, "param '%s': missing or unknown \"dtype\"", name);
    return -1;
  }
  if (!role || (strcmp(role, "input") != 0 && strcmp(role, "output") != 0)) {
    setErr(err, errSize, "param '%s': \"role\" must be \"input\" or \"output\"",
           name);
    return -1;
  }
  p->role = strcmp(role, "input") == 0 ? DLC_RUNTIME_ROLE_INPUT
                                       : DLC_RUNTIME_ROLE_OUTPUT;
  if (!shape || shape->kind != DLC_JSON_ARRAY) {
    setErr(err, errSize, "param '%s': \"shape\" must be an array", name);
    return -1;
  }
  char **dims = calloc(shape->count ? shape->count : 1, sizeof(char *));
  if (!dims)
    return -1;
  p->shape = (const char *const *)dims;
  for (size_t d = 0; d < shape->count; d++) {
    if (!(dims[d] = exprOf(shape->items[d]))) {
      setErr(err, errSize, "param '%s': shape entries are symbols or integers",
             name);
      return -1;
    }
    p->rank++;
  }
  return 0;
}

static int readDims(const DlcJson *root, const char *key, char *out[3],
                    int required, char *err, size_t errSize) {
  const DlcJson *j = dlcJsonGet(root, key);
  if (!j && !required) {
    for (int d = 0; d < 3; d++)
      out[d] = dupStr("1");
    return 0;
  }
  if (!j || j->kind != DLC_JSON_ARRAY || j->count < 1 || j->count > 3) {
    setErr(err, errSize, "\"%s\" must be an array of 1 to 3 expressions", key);
    return -1;
  }
  for (size_t d = 0; d < 3; d++) {
    out[d] = d < j->count ? exprOf(j->items[d]) : dupStr("1");
    if (!out[d]) {
      setErr(err, errSize, "\"%s\"[%zu]: expected an integer or an expression",
             key, d);
      return -1;
    }
  }
  return 0;
}

static int readManifest(DlcRuntimeManifest *m, const DlcJson *root,
                        const char *baseDir, char *err, size_t errSize) {
  if (root->kind != DLC_JSON_OBJECT) {
    setErr(err, errSize, "a manifest is a JSON object");
    return -1;
  }
  const char *kernel = stringField(root, "kernel");
  const char *ptx = stringField(root, "ptx");
  const char *arch = stringField(root, "arch");
  if (!kernel || !ptx) {
    setErr(err, errSize, "needs string fields \"kernel\" and \"ptx\"");
    return -1;
  }
  m->kernel = dupStr(kernel);
  m->arch = dupStr(arch ? arch : "");
  if (baseDir && *baseDir && ptx[0] != '/') {
    size_t n = strlen(baseDir) + strlen(ptx) + 2;
    if ((m->ptxPath = malloc(n)))
      snprintf(m->ptxPath, n, "%s/%s", baseDir, ptx);
  } else {
    m->ptxPath = dupStr(ptx);
  }
  if (!m->kernel || !m->arch || !m->ptxPath)
    return -1; /* out of memory */

  const DlcJson *syms = dlcJsonGet(root, "symbols");
  if (syms && syms->kind != DLC_JSON_ARRAY) {
    setErr(err, errSize, "\"symbols\" must be an array of names");
    return -1;
  }
  size_t ns = syms ? syms->count : 0;
  m->symbols = calloc(ns ? ns : 1, sizeof(char *));
  for (size_t i = 0; m->symbols && i < ns; i++) {
    if (syms->items[i]->kind != DLC_JSON_STRING) {
      setErr(err, errSize, "\"symbols\"[%zu] is not a string", i);
      return -1;
    }
    if (dlcRuntimeManifestFindSymbol(m, syms->items[i]->string) >= 0) {
      setErr(err, errSize, "symbol '%s' listed twice", syms->items[i]->string);
      return -1;
    }
    if (!(m->symbols[m->numSymbols] = dupStr(syms->items[i]->string)))
      return -1;
    m->numSymbols++;
  }
  if (!m->symbols)
    return -1;

  const DlcJson *params = dlcJsonGet(root, "params");
  if (!params || params->kind != DLC_JSON_ARRAY) {
    setErr(err, errSize, "\"params\" must be an array");
    return -1;
  }
  m->params =
      calloc(params->count ? params->count : 1, sizeof(DlcRuntimeParam));
  if (!m->params)
    return -1;
  for (size_t i = 0; i < params->count; i++) {
    int rc =
        readParam(m, params->items[i], &m->params[m->numParams], err, errSize);
    m->numParams++; /* counted even on error so that destroy frees it */
    if (rc != 0)
      return -1;
  }
  if (readDims(root, "grid", m->grid, 1, err, errSize) != 0 ||
      readDims(root, "block", m->block, 1, err, errSize) != 0)
    return -1;
  const DlcJson *smem = dlcJsonGet(root, "dynamic_smem_bytes");
  m->smem = smem ? exprOf(smem) : dupStr("0");
  if (!m->smem) {
    setErr(err, errSize,
           "\"dynamic_smem_bytes\" must be an integer or an expression");
    return -1;
  }
  const DlcJson *flops = dlcJsonGet(root, "flops");
  if (flops && !(m->flops = exprOf(flops))) {
    setErr(err, errSize, "\"flops\" must be an integer or an expression");
    return -1;
  }
  return 0;
}

DlcRuntimeManifest *dlcRuntimeManifestParse(const char *json,
                                            const char *baseDir, char *err,
                                            size_t errSize) {
  DlcJson *root = dlcJsonParse(json, err, errSize);
  if (!root)
    return NULL;
  DlcRuntimeManifest *m = calloc(1, sizeof *m);
  if (!m) {
    dlcJsonDestroy(root);
    setErr(err, errSize, "out of memory");
    return NULL;
  }
  if (err && errSize)
    err[0] = '\0';
  int rc = readManifest(m, root, baseDir, err, errSize);
  dlcJsonDestroy(root);
  if (rc != 0) {
    if (err && errSize && !err[0])
      setErr(err, errSize, "out of memory");
    dlcRuntimeManifestDestroy(m);
    return NULL;
  }
  return m;
}

DlcRuntimeManifest *dlcRuntimeManifestLoad(const char *path, char *err,
                                           size_t errSize) {
  char *text = dlcJsonReadFile(path, NULL, err, errSize);
  if (!text)
    return NULL;
  char *dir = dupStr(path);
  char *slash = dir ? strrchr(dir, '/') : NULL;
  if (slash)
    *slash = '\0';
  char inner[512];
  DlcRuntimeManifest *m =
      dlcRuntimeManifestParse(text, slash ? dir : NULL, inner, sizeof inner);
  if (!m)
    setErr(err, errSize, "%s: %s", path, inner);
  free(dir);
  free(text);
  return m;
}

const char *dlcRuntimeManifestGetKernelName(const DlcRuntimeManifest *m) {
  return m->kernel;
}
const char *dlcRuntimeManifestGetPtxPath(const DlcRuntimeManifest *m) {
  return m->ptxPath;
}
const char *dlcRuntimeManifestGetArch(const DlcRuntimeManifest *m) {
  return m->arch;
}
int dlcRuntimeManifestGetNumSymbols(const DlcRuntimeManifest *m) {
  return m->numSymbols;
}
const char *dlcRuntimeManifestGetSymbol(const DlcRuntimeManifest *m, int i) {
  return i >= 0 && i < m->numSymbols ? m->symbols[i] : NULL;
}
int dlcRuntimeManifestGetNumParams(const DlcRuntimeManifest *m) {
  return m->numParams;
}
const DlcRuntimeParam *dlcRuntimeManifestGetParam(const DlcRuntimeManifest *m,
                                                  int i) {
  return i >= 0 && i < m->numParams ? &m->params[i] : NULL;
}

int dlcRuntimeManifestFindSymbol(const DlcRuntimeManifest *m,
                                 const char *name) {
  for (int i = 0; i < m->numSymbols; i++)
    if (strcmp(m->symbols[i], name) == 0)
      return i;
  return -1;
}

static int eval(const DlcRuntimeManifest *m, const char *expr,
                const int64_t *symbols, int64_t *out, char *err,
                size_t errSize) {
  return dlcRuntimeEvalExpr(expr, m->numSymbols,
                            (const char *const *)m->symbols, symbols, out, err,
                            errSize);
}

int dlcRuntimeManifestGetLaunch(const DlcRuntimeManifest *m,
                                const int64_t *symbols,
                                DlcRuntimeLaunchDims *out, char *err,
                                size_t errSize) {
  for (int d = 0; d < 3; d++) {
    if (eval(m, m->grid[d], symbols, &out->grid[d], err, errSize) != 0 ||
        eval(m, m->block[d], symbols, &out->block[d], err, errSize) != 0)
      return -1;
    if (out->grid[d] < 1 || out->grid[d] > INT32_MAX || out->block[d] < 1 ||
        out->block[d] > 1024) {
      setErr(err, errSize,
             "launch dims out of range: grid[%d]=%" PRId64
             " block[%d]=%" PRId64,
             d, out->grid[d], d, out->block[d]);
      return -1;
    }
  }
  if (eval(m, m->smem, symbols, &out->dynamicSmemBytes, err, errSize) != 0)
    return -1;
  out->flops = 0;
  if (m->flops && eval(m, m->flops, symbols, &out->flops, err, errSize) != 0)
    return -1;
  return 0;
}

int dlcRuntimeManifestGetParamDim(const DlcRuntimeManifest *m, int i, int dim,
                                  const int64_t *symbols, int64_t *out,
                                  char *err, size_t errSize) {
  const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
  if (!p || p->kind != DLC_RUNTIME_PARAM_PTR || dim < 0 || dim >= p->rank) {
    setErr(err, errSize, "parameter %d has no dimension %d", i, dim);
    return -1;
  }
  if (eval(m, p->shape[dim], symbols, out, err, errSize) != 0)
    return -1;
  if (*out < 0) {
    setErr(err, errSize, "param '%s': negative size %" PRId64 " in dim %d",
           p->name, *out, dim);
    return -1;
  }
  return 0;
}

int dlcRuntimeManifestGetParamElements(const DlcRuntimeManifest *m, int i,
                                       const int64_t *symbols, int64_t *out,
                                       char *err, size_t errSize) {
  const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
  if (!p || p->kind != DLC_RUNTIME_PARAM_PTR) {
    setErr(err, errSize, "parameter %d is not a pointer parameter", i);
    return -1;
  }
  int64_t n = 1;
  for (int d = 0; d < p->rank; d++) {
    int64_t v;
    if (dlcRuntimeManifestGetParamDim(m, i, d, symbols, &v, err, errSize) != 0)
      return -1;
    if (__builtin_mul_overflow(n, v, &n)) {
      setErr(err, errSize, "param '%s': too many elements", p->name);
      return -1;
    }
  }
  *out = n;
  return 0;
}
