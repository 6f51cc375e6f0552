/*===- Manifest.c - read kernel manifests (docs/conventions.md) --------===*/

#include "Json.h"
#include "dlc/Runtime.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct DlcRuntimeManifest {
  char *kernel;
  char *ptxPath;
  char *arch;
  int numSymbols;
  char **symbols;
  char **derived; /* per symbol: its formula over the free ones, or NULL */
  int numParams;
  DlcRuntimeParam *params; /* strings and shapes owned here */
  char **flat; /* per param: a renamed flat buffer's size ("M * K"), or NULL */
  char *grid[3];
  char *block[3];
  char *smem;  /* expression, "0" when absent */
  char *flops; /* expression, NULL when absent */
  /* "cooperative": true: launched with every CTA resident; "split": so
   * where grid y is more than 1 (a split row's CTAs wait for each other). */
  enum { CooperativeNever, CooperativeAlways, CooperativeSplit } cooperative;
  int64_t cluster[3]; /* "cluster": CTAs a cluster spans a dim, else 1s */
  char *plan;      /* "plan": the compiler's summary line, NULL when absent */
  int hasEstimate; /* "estimate": the cost model's, at `estimateAt` */
  double estimateUs, estimateOccupancy;
  char *estimateAt;
  int64_t repackItems; /* "repack_items": items a repack block copies, 0 */
  int numVersions;     /* "versions": launch-time versions, in order */
  struct Version {
    DlcRuntimeManifest *m; /* owned: the version's own manifest */
    int numWhen;
    int *whenSymbol;  /* index of a symbol of this manifest */
    char **whenValue; /* expression its value must equal */
  } * versions;
};

static const struct {
  const char *name;
  DlcRuntimeDtype type;
  size_t size;
} kDtypes[] = {
    {"f16", DLC_RUNTIME_DTYPE_F16, 2}, {"bf16", DLC_RUNTIME_DTYPE_BF16, 2},
    {"f32", DLC_RUNTIME_DTYPE_F32, 4}, {"f64", DLC_RUNTIME_DTYPE_F64, 8},
    {"i32", DLC_RUNTIME_DTYPE_I32, 4}, {"i64", DLC_RUNTIME_DTYPE_I64, 8},
    {"i1", DLC_RUNTIME_DTYPE_I1, 1},
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

int64_t dlcRuntimeDtypeBytes(DlcRuntimeDtype t, int64_t count) {
  int64_t bytes;
  if (count < 0 ||
      __builtin_mul_overflow(count, (int64_t)dlcRuntimeDtypeSize(t), &bytes))
    return -1;
  return bytes;
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
static char *exprOf(const DlcJsonValue *j) {
  if (j && j->kind == DlcJsonValueString)
    return dupStr(j->string);
  if (j && j->kind == DlcJsonValueNumber && j->isInteger) {
    char buf[32];
    snprintf(buf, sizeof buf, "%" PRId64, j->integer);
    return dupStr(buf);
  }
  return NULL;
}

static const char *stringField(const DlcJsonValue *obj, const char *key) {
  const DlcJsonValue *j = dlcJsonValueGetMember(obj, key);
  return j && j->kind == DlcJsonValueString ? j->string : NULL;
}

void dlcRuntimeManifestDestroy(DlcRuntimeManifest *m) {
  if (!m)
    return;
  free(m->kernel);
  free(m->ptxPath);
  free(m->arch);
  for (int i = 0; i < m->numSymbols; i++) {
    free(m->symbols[i]);
    free(m->derived ? m->derived[i] : NULL);
  }
  free(m->symbols);
  free(m->derived);
  for (int i = 0; m->flat && i < m->numParams; i++)
    free(m->flat[i]);
  free(m->flat);
  for (int i = 0; i < m->numParams; i++) {
    DlcRuntimeParam *p = &m->params[i];
    free((char *)p->name);
    for (int d = 0; d < p->rank; d++)
      free((char *)p->shape[d]);
    free((char **)p->shape);
    free((char *)p->tensor);
    free((char *)p->bytes);
    for (int d = 0; p->strides && d < p->rank; d++)
      free((char *)p->strides[d]);
    free((char **)p->strides);
    for (int d = 0; d < 2; d++)
      free((char *)p->repackOut[d]);
  }
  free(m->params);
  for (int d = 0; d < 3; d++) {
    free(m->grid[d]);
    free(m->block[d]);
  }
  free(m->smem);
  free(m->flops);
  free(m->plan);
  free(m->estimateAt);
  for (int v = 0; v < m->numVersions; v++) {
    struct Version *x = &m->versions[v];
    dlcRuntimeManifestDestroy(x->m);
    for (int w = 0; w < x->numWhen; w++)
      free(x->whenValue[w]);
    free(x->whenSymbol);
    free(x->whenValue);
  }
  free(m->versions);
  free(m);
}

static int readTensorFields(const DlcJsonValue *j, DlcRuntimeParam *p,
                            char *err, size_t errSize);
static int readTensorMap(const DlcRuntimeManifest *m, const DlcJsonValue *j,
                         DlcRuntimeParam *p, char *err, size_t errSize);

static int readParam(DlcRuntimeManifest *m, const DlcJsonValue *j,
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
  if (strcmp(kind, "tensormap") == 0 || strcmp(kind, "tensormap_value") == 0) {
    p->byValue = strcmp(kind, "tensormap_value") == 0;
    return readTensorMap(m, j, p, err, errSize);
  }
  if (strcmp(kind, "workspace") == 0) {
    p->kind = DLC_RUNTIME_PARAM_WORKSPACE;
    const DlcJsonValue *bytes = dlcJsonValueGetMember(j, "bytes");
    if (!bytes || !(p->bytes = exprOf(bytes))) {
      setErr(err, errSize,
             "param '%s': a workspace needs \"bytes\", an integer or an "
             "expression",
             name);
      return -1;
    }
    return 0;
  }
  if (strcmp(kind, "ptr") != 0) {
    setErr(err, errSize,
           "param '%s': kind must be \"ptr\", \"i64\", \"tensormap\", "
           "\"tensormap_value\" or \"workspace\", not \"%s\"",
           name, kind);
    return -1;
  }
  p->kind = DLC_RUNTIME_PARAM_PTR;
  const char *role = stringField(j, "role");
  if (!role || (strcmp(role, "input") != 0 && strcmp(role, "output") != 0)) {
    setErr(err, errSize, "param '%s': \"role\" must be \"input\" or \"output\"",
           name);
    return -1;
  }
  p->role = strcmp(role, "input") == 0 ? DLC_RUNTIME_ROLE_INPUT
                                       : DLC_RUNTIME_ROLE_OUTPUT;
  const DlcJsonValue *intermediate = dlcJsonValueGetMember(j, "intermediate");
  if (intermediate && intermediate->kind != DlcJsonValueBool) {
    setErr(err, errSize, "param '%s': \"intermediate\" must be true or false",
           name);
    return -1;
  }
  p->intermediate = intermediate && intermediate->boolean;
  return readTensorFields(j, p, err, errSize);
}

/* A pointer parameter's optional "flat" (a flat buffer's size, "M * K":
 * docs/conventions.md, "Products of symbols") into m->flat[i]. */
static int readFlat(DlcRuntimeManifest *m, int i, const DlcJsonValue *j) {
  const char *flat = stringField(j, "flat");
  return !flat || (m->flat[i] = dupStr(flat)) ? 0 : -1;
}

/* dtype and shape of a pointer parameter whose name is read. */
static int readTensorFields(const DlcJsonValue *j, DlcRuntimeParam *p,
                            char *err, size_t errSize) {
  const char *name = p->name;
  const char *dtype = stringField(j, "dtype");
  const DlcJsonValue *shape = dlcJsonValueGetMember(j, "shape");
  if (!dtype || (p->dtype = dlcRuntimeDtypeFromString(dtype)) ==
                    DLC_RUNTIME_DTYPE_INVALID) {
    setErr(err, errSize, "param '%s': missing or unknown \"dtype\"", name);
    return -1;
  }
  if (!shape || shape->kind != DlcJsonValueArray) {
    setErr(err, errSize, "param '%s': \"shape\" must be an array", name);
    return -1;
  }
  char **dims = calloc(shape->count ? shape->count : 1, sizeof(char *));
  if (!dims)
    return -1;
  p->shape = (const char *const *)dims;
  for (size_t d = 0; d < shape->count; d++) {
    if (!(dims[d] = exprOf(&shape->items[d]))) {
      setErr(err, errSize, "param '%s': shape entries are symbols or integers",
             name);
      return -1;
    }
    p->rank++;
  }
  return 0;
}

/* `count` integers of `key` from `lo` to `hi` into out[]; false if absent
 * or out of range. */
static bool readInts(const DlcJsonValue *j, const char *key, size_t count,
                     int64_t lo, int64_t hi, int64_t *out) {
  const DlcJsonValue *a = dlcJsonValueGetMember(j, key);
  if (!a || a->kind != DlcJsonValueArray || a->count != count)
    return false;
  for (size_t i = 0; i < count; i++) {
    const DlcJsonValue *v = &a->items[i];
    if (v->kind != DlcJsonValueNumber || !v->isInteger || v->integer < lo ||
        v->integer > hi)
      return false;
    out[i] = v->integer;
  }
  return true;
}

/* An im2col map's corners (rank - 2 of each, in a 3-D map's wider range:
 * the driver checks the rank's own) and traversal strides. */
static int readIm2col(const DlcJsonValue *j, DlcRuntimeParam *p, size_t rank,
                      char *err, size_t errSize) {
  int64_t lower[3], upper[3];
  p->im2col = 1;
  if (!readInts(j, "box", 2, 1, 256, p->box) ||
      !readInts(j, "lower", rank - 2, -32768, 32767, lower) ||
      !readInts(j, "upper", rank - 2, -32768, 32767, upper) ||
      !readInts(j, "element_strides", rank, 1, 8, p->elementStrides)) {
    setErr(err, errSize,
           "param '%s': an im2col tensor map needs \"box\" [channels, "
           "pixels] (1 to 256), %zu \"lower\" and \"upper\" corners and %zu "
           "\"element_strides\" (1 to 8)",
           p->name, rank - 2, rank);
    return -1;
  }
  for (size_t i = 0; i + 2 < rank; i++) {
    p->lower[i] = (int)lower[i];
    p->upper[i] = (int)upper[i];
  }
  return 0;
}

/* "transpose" named a layout transform the runtime ran before the launch;
 * the compiler now plans it as kernels of the program
 * (docs/passes/convert-rbssa-to-plan.md, "NCHW convolutions"). A manifest
 * that still asks for it would have its map read the untransformed
 * tensor. */
static int refuseTranspose(const DlcJsonValue *j, DlcRuntimeParam *p, char *err,
                           size_t errSize) {
  if (!dlcJsonValueGetMember(j, "transpose"))
    return 0;
  setErr(err, errSize,
         "param '%s': \"transpose\" (a layout transform the runtime ran "
         "before the launch) is no longer supported: recompile, the compiler "
         "now makes it kernels of the program",
         p->name);
  return -1;
}

static int readRepackOut(const DlcJsonValue *j, DlcRuntimeParam *p, char *err,
                         size_t errSize) {
  const DlcJsonValue *t = dlcJsonValueGetMember(j, "repack_out");
  if (!t)
    return 0;
  bool ok = p->optional && t->kind == DlcJsonValueArray && t->count == 2;
  for (size_t i = 0; ok && i < 2; i++)
    ok = (p->repackOut[i] = exprOf(&t->items[i])) != NULL;
  if (!ok)
    setErr(err, errSize,
           "param '%s': \"repack_out\" is [rows, cols], two expressions, on "
           "an optional map",
           p->name);
  return ok ? 0 : -1;
}

/* A TMA tensor map (docs/conventions.md, "Tensor maps"): the ptr
 * parameter it maps (an earlier one), dtype f16/bf16, dims innermost
 * first, byte strides of dims 1.., the box and the 128-byte swizzle; an
 * im2col map ("mode": "im2col") has 3 to 5 dims and its own box fields. */
static int readTensorMap(const DlcRuntimeManifest *m, const DlcJsonValue *j,
                         DlcRuntimeParam *p, char *err, size_t errSize) {
  p->kind = DLC_RUNTIME_PARAM_TENSORMAP;
  const char *tensor = stringField(j, "tensor");
  const char *swizzle = stringField(j, "swizzle");
  const char *mode = stringField(j, "mode");
  const DlcJsonValue *dims = dlcJsonValueGetMember(j, "dims");
  const DlcJsonValue *strides = dlcJsonValueGetMember(j, "strides");
  const DlcJsonValue *box = dlcJsonValueGetMember(j, "box");
  const char *dtype = stringField(j, "dtype");
  const DlcJsonValue *optional = dlcJsonValueGetMember(j, "optional");
  bool im2col = mode && strcmp(mode, "im2col") == 0;
  size_t minRank = im2col ? 3 : 2, maxRank = 5;
  p->dtype =
      dtype ? dlcRuntimeDtypeFromString(dtype) : DLC_RUNTIME_DTYPE_INVALID;
  int mapped = -1;
  for (int i = 0; tensor && i < m->numParams; i++)
    if (m->params[i].kind == DLC_RUNTIME_PARAM_PTR &&
        strcmp(m->params[i].name, tensor) == 0)
      mapped = i;
  if (mapped < 0 || !swizzle || strcmp(swizzle, "128b") != 0 ||
      (mode && !im2col && strcmp(mode, "tiled") != 0) ||
      (p->dtype != DLC_RUNTIME_DTYPE_F16 &&
       p->dtype != DLC_RUNTIME_DTYPE_BF16) ||
      m->params[mapped].dtype != p->dtype || !dims ||
      dims->kind != DlcJsonValueArray || dims->count < minRank ||
      dims->count > maxRank || !strides || strides->kind != DlcJsonValueArray ||
      strides->count + 1 != dims->count || !box ||
      box->kind != DlcJsonValueArray ||
      box->count != (im2col ? 2 : dims->count) ||
      (optional &&
       (optional->kind != DlcJsonValueBool || im2col || p->byValue))) {
    setErr(err, errSize,
           "param '%s': a tensor map needs \"tensor\" (an earlier ptr "
           "parameter of its dtype), \"dtype\" f16 or bf16, 2 to 5 \"dims\" "
           "(an im2col one 3 to 5), one \"strides\" entry fewer, as many "
           "\"box\" entries (im2col: 2), \"swizzle\": \"128b\" and "
           "\"mode\", if any, \"tiled\" or \"im2col\" (\"optional\", if "
           "any, true or false, on a tiled map of kind \"tensormap\")",
           p->name);
    return -1;
  }
  p->optional = optional && optional->boolean;
  char **d = calloc(dims->count, sizeof(char *));
  char **s = calloc(dims->count, sizeof(char *));
  p->shape = (const char *const *)d;
  p->strides = (const char *const *)s;
  if (!d || !s || !(p->tensor = dupStr(tensor)))
    return -1;
  for (size_t i = 0; i < dims->count; i++) {
    const DlcJsonValue *b = im2col ? NULL : &box->items[i];
    if (!(d[i] = exprOf(&dims->items[i])) ||
        (i + 1 < dims->count && !(s[i] = exprOf(&strides->items[i]))) ||
        (b && (b->kind != DlcJsonValueNumber || !b->isInteger ||
               b->integer < 1 || b->integer > 256))) {
      setErr(err, errSize,
             "param '%s': dims and strides are expressions, box entries "
             "integers from 1 to 256",
             p->name);
      p->rank = (int)i + (d[i] != NULL);
      return -1;
    }
    if (b)
      p->box[i] = b->integer;
    p->rank++;
  }
  if (refuseTranspose(j, p, err, errSize) != 0 ||
      readRepackOut(j, p, err, errSize) != 0)
    return -1;
  return im2col ? readIm2col(j, p, dims->count, err, errSize) : 0;
}

static int readDims(const DlcJsonValue *root, const char *key, char *out[3],
                    int required, char *err, size_t errSize) {
  const DlcJsonValue *j = dlcJsonValueGetMember(root, key);
  if (!j && !required) {
    for (int d = 0; d < 3; d++)
      out[d] = dupStr("1");
    return 0;
  }
  if (!j || j->kind != DlcJsonValueArray || j->count < 1 || j->count > 3) {
    setErr(err, errSize, "\"%s\" must be an array of 1 to 3 expressions", key);
    return -1;
  }
  for (size_t d = 0; d < 3; d++) {
    out[d] = d < j->count ? exprOf(&j->items[d]) : dupStr("1");
    if (!out[d]) {
      setErr(err, errSize, "\"%s\"[%zu]: expected an integer or an expression",
             key, d);
      return -1;
    }
  }
  return 0;
}

/* "ptx" resolved against the manifest's folder. */
static char *ptxPathOf(const char *ptx, const char *baseDir) {
  if (!baseDir || !*baseDir || ptx[0] == '/')
    return dupStr(ptx);
  size_t n = strlen(baseDir) + strlen(ptx) + 2;
  char *path = malloc(n);
  if (path)
    snprintf(path, n, "%s/%s", baseDir, ptx);
  return path;
}

static int readSymbols(DlcRuntimeManifest *m, const DlcJsonValue *root,
                       char *err, size_t errSize);

/* The optional "plan" (a string) and "estimate" ({"us": number,
 * "occupancy": number, "at": string}) the compiler records for the §13
 * log. */
/* "cluster": [x, y, z], the CTAs of a thread-block cluster in each grid
 * dim (at most 8 in all: the portable cluster size); absent: 1, 1, 1. */
static int readCluster(DlcRuntimeManifest *m, const DlcJsonValue *root,
                       char *err, size_t errSize) {
  for (int d = 0; d < 3; d++)
    m->cluster[d] = 1;
  if (!dlcJsonValueGetMember(root, "cluster"))
    return 0;
  if (!readInts(root, "cluster", 3, 1, 8, m->cluster) ||
      m->cluster[0] * m->cluster[1] * m->cluster[2] > 8) {
    setErr(err, errSize,
           "\"cluster\" must be 3 integers from 1 to 8 whose product is at "
           "most 8 (the CTAs of a thread-block cluster in each grid dim)");
    return -1;
  }
  return 0;
}

static int readPlan(DlcRuntimeManifest *m, const DlcJsonValue *root, char *err,
                    size_t errSize) {
  const DlcJsonValue *plan = dlcJsonValueGetMember(root, "plan");
  if (plan &&
      (plan->kind != DlcJsonValueString || !(m->plan = dupStr(plan->string)))) {
    setErr(err, errSize, "\"plan\" must be a string");
    return -1;
  }
  const DlcJsonValue *estimate = dlcJsonValueGetMember(root, "estimate");
  if (!estimate)
    return 0;
  if (estimate->kind != DlcJsonValueObject)
    estimate = NULL;
  const DlcJsonValue *us =
      estimate ? dlcJsonValueGetMember(estimate, "us") : NULL;
  const DlcJsonValue *occupancy =
      estimate ? dlcJsonValueGetMember(estimate, "occupancy") : NULL;
  const char *at = estimate ? stringField(estimate, "at") : NULL;
  if (!us || us->kind != DlcJsonValueNumber || !occupancy ||
      occupancy->kind != DlcJsonValueNumber || !at ||
      !(m->estimateAt = dupStr(at))) {
    setErr(err, errSize,
           "\"estimate\" must be {\"us\": number, \"occupancy\": number, "
           "\"at\": string}");
    return -1;
  }
  m->hasEstimate = 1;
  m->estimateUs = us->number;
  m->estimateOccupancy = occupancy->number;
  return 0;
}

static int readVersions(DlcRuntimeManifest *m, const DlcJsonValue *versions,
                        const char *baseDir, char *err, size_t errSize);

/* A kernel manifest; `parent` is the program manifest holding it (its
 * "ptx" and "arch" are the kernel's unless the kernel states its own), or
 * NULL. */
static int readManifest(DlcRuntimeManifest *m, const DlcJsonValue *root,
                        const DlcJsonValue *parent, const char *baseDir,
                        char *err, size_t errSize) {
  if (root->kind != DlcJsonValueObject) {
    setErr(err, errSize, "a manifest is a JSON object");
    return -1;
  }
  const char *kernel = stringField(root, "kernel");
  const char *ptx = stringField(root, "ptx");
  const char *arch = stringField(root, "arch");
  if (parent && !ptx)
    ptx = stringField(parent, "ptx");
  if (parent && !arch)
    arch = stringField(parent, "arch");
  if (!kernel || !ptx) {
    setErr(err, errSize, "needs string fields \"kernel\" and \"ptx\"");
    return -1;
  }
  m->kernel = dupStr(kernel);
  m->arch = dupStr(arch ? arch : "");
  m->ptxPath = ptxPathOf(ptx, baseDir);
  if (!m->kernel || !m->arch || !m->ptxPath ||
      readSymbols(m, root, err, errSize) != 0)
    return -1; /* out of memory, or the message is set */

  const DlcJsonValue *params = dlcJsonValueGetMember(root, "params");
  if (!params || params->kind != DlcJsonValueArray) {
    setErr(err, errSize, "\"params\" must be an array");
    return -1;
  }
  m->params =
      calloc(params->count ? params->count : 1, sizeof(DlcRuntimeParam));
  m->flat = calloc(params->count ? params->count : 1, sizeof(char *));
  if (!m->params || !m->flat)
    return -1;
  for (size_t i = 0; i < params->count; i++) {
    int rc =
        readParam(m, &params->items[i], &m->params[m->numParams], err, errSize);
    m->numParams++; /* counted even on error so that destroy frees it */
    if (rc != 0)
      return -1;
    if (readFlat(m, (int)i, &params->items[i]) != 0)
      return -1;
  }
  if (readDims(root, "grid", m->grid, 1, err, errSize) != 0 ||
      readDims(root, "block", m->block, 1, err, errSize) != 0)
    return -1;
  const DlcJsonValue *smem = dlcJsonValueGetMember(root, "dynamic_smem_bytes");
  m->smem = smem ? exprOf(smem) : dupStr("0");
  if (!m->smem) {
    setErr(err, errSize,
           "\"dynamic_smem_bytes\" must be an integer or an expression");
    return -1;
  }
  const DlcJsonValue *flops = dlcJsonValueGetMember(root, "flops");
  if (flops && !(m->flops = exprOf(flops))) {
    setErr(err, errSize, "\"flops\" must be an integer or an expression");
    return -1;
  }
  const DlcJsonValue *cooperative = dlcJsonValueGetMember(root, "cooperative");
  bool splitOnly = cooperative && cooperative->kind == DlcJsonValueString &&
                   strcmp(cooperative->string, "split") == 0;
  if (cooperative && cooperative->kind != DlcJsonValueBool && !splitOnly) {
    setErr(err, errSize,
           "\"cooperative\" must be a bool or \"split\" (cooperative where "
           "grid y is more than 1)");
    return -1;
  }
  m->cooperative = splitOnly                             ? CooperativeSplit
                   : cooperative && cooperative->boolean ? CooperativeAlways
                                                         : CooperativeNever;
  if (readCluster(m, root, err, errSize) != 0)
    return -1;
  if (readPlan(m, root, err, errSize) != 0)
    return -1;
  const DlcJsonValue *items = dlcJsonValueGetMember(root, "repack_items");
  if (items && (items->kind != DlcJsonValueNumber || !items->isInteger ||
                items->integer < 1 || items->integer > (1 << 20))) {
    setErr(err, errSize,
           "\"repack_items\" must be an integer from 1 to 1048576 (the "
           "items a block of the repack kernel copies)");
    return -1;
  }
  m->repackItems = items ? items->integer : 0;
  const DlcJsonValue *versions = dlcJsonValueGetMember(root, "versions");
  if (versions && parent) {
    setErr(err, errSize, "a program's kernel has no \"versions\"");
    return -1;
  }
  return versions ? readVersions(m, versions, baseDir, err, errSize) : 0;
}

/* "derived" (optional): {name: formula} for symbols whose value follows
 * from the free ones (docs/conventions.md, "Derived symbols"). Each names a
 * symbol; its formula may name only free symbols (checked when evaluated). */
static int readDerived(DlcRuntimeManifest *m, const DlcJsonValue *root,
                       char *err, size_t errSize) {
  const DlcJsonValue *d = dlcJsonValueGetMember(root, "derived");
  if (!(m->derived = calloc((size_t)m->numSymbols + 1, sizeof(char *))))
    return -1;
  if (!d)
    return 0;
  if (d->kind != DlcJsonValueObject) {
    setErr(err, errSize, "\"derived\" must be an object {symbol: formula}");
    return -1;
  }
  for (size_t i = 0; i < d->count; i++) {
    const char *name = d->keys[i];
    int at = dlcRuntimeManifestFindSymbol(m, name);
    if (at < 0 || d->items[i].kind != DlcJsonValueString) {
      setErr(err, errSize,
             "\"derived\".%s: each entry names a symbol and gives its "
             "formula as a string",
             name);
      return -1;
    }
    if (!(m->derived[at] = dupStr(d->items[i].string)))
      return -1;
  }
  return 0;
}

/* "symbols": distinct names. */
static int readSymbols(DlcRuntimeManifest *m, const DlcJsonValue *root,
                       char *err, size_t errSize) {
  const DlcJsonValue *syms = dlcJsonValueGetMember(root, "symbols");
  if (syms && syms->kind != DlcJsonValueArray) {
    setErr(err, errSize, "\"symbols\" must be an array of names");
    return -1;
  }
  size_t ns = syms ? syms->count : 0;
  m->symbols = calloc(ns ? ns : 1, sizeof(char *));
  for (size_t i = 0; m->symbols && i < ns; i++) {
    if (syms->items[i].kind != DlcJsonValueString) {
      setErr(err, errSize, "\"symbols\"[%zu] is not a string", i);
      return -1;
    }
    if (dlcRuntimeManifestFindSymbol(m, syms->items[i].string) >= 0) {
      setErr(err, errSize, "symbol '%s' listed twice", syms->items[i].string);
      return -1;
    }
    if (!(m->symbols[m->numSymbols] = dupStr(syms->items[i].string)))
      return -1;
    m->numSymbols++;
  }
  return m->symbols ? readDerived(m, root, err, errSize) : -1;
}

/* Whether a reader that returned `rc` succeeded; a failure that wrote no
 * message into `err` ran out of memory, and now says so. */
static bool readSucceeded(int rc, char *err, size_t errSize) {
  if (rc != 0 && err && errSize && !err[0])
    setErr(err, errSize, "out of memory");
  return rc == 0;
}

/* A manifest parser (dlcRuntimeManifestParse, dlcRuntimeProgramParse). */
typedef void *(*ParseFn)(const char *json, const char *baseDir, char *err,
                         size_t errSize);

/* Reads the file at `path` and parses it with `parse`, relative paths in it
 * taken from the file's folder; an error names the file. */
static void *loadFile(const char *path, ParseFn parse, char *err,
                      size_t errSize) {
  char *text = dlcFileRead(path, NULL, err, errSize);
  if (!text)
    return NULL;
  char *dir = dupStr(path);
  char *slash = dir ? strrchr(dir, '/') : NULL;
  if (slash)
    *slash = '\0';
  char inner[512];
  void *parsed = parse(text, slash ? dir : NULL, inner, sizeof inner);
  if (!parsed)
    setErr(err, errSize, "%s: %s", path, inner);
  free(dir);
  free(text);
  return parsed;
}

/* A kernel manifest from text; a version's (`isVersion`) may have no
 * versions of its own, refused before any is read (a version naming its
 * kernel would recurse for ever). */
static DlcRuntimeManifest *parseKernel(const char *json, const char *baseDir,
                                       bool isVersion, char *err,
                                       size_t errSize) {
  DlcJsonValue *root = dlcJsonValueParse(json, strlen(json), err, errSize);
  if (!root)
    return NULL;
  if (isVersion && root->kind == DlcJsonValueObject &&
      dlcJsonValueGetMember(root, "versions")) {
    dlcJsonValueDestroy(root);
    setErr(err, errSize, "a version has no \"versions\" of its own");
    return NULL;
  }
  DlcRuntimeManifest *m = calloc(1, sizeof *m);
  if (!m) {
    dlcJsonValueDestroy(root);
    setErr(err, errSize, "out of memory");
    return NULL;
  }
  if (err && errSize)
    err[0] = '\0';
  int rc = readManifest(m, root, NULL, baseDir, err, errSize);
  dlcJsonValueDestroy(root);
  if (!readSucceeded(rc, err, errSize)) {
    dlcRuntimeManifestDestroy(m);
    return NULL;
  }
  return m;
}

DlcRuntimeManifest *dlcRuntimeManifestParse(const char *json,
                                            const char *baseDir, char *err,
                                            size_t errSize) {
  return parseKernel(json, baseDir, false, err, errSize);
}

static void *parseManifest(const char *json, const char *baseDir, char *err,
                           size_t errSize) {
  return parseKernel(json, baseDir, false, err, errSize);
}

static void *parseVersion(const char *json, const char *baseDir, char *err,
                          size_t errSize) {
  return parseKernel(json, baseDir, true, err, errSize);
}

DlcRuntimeManifest *dlcRuntimeManifestLoad(const char *path, char *err,
                                           size_t errSize) {
  return loadFile(path, parseManifest, err, errSize);
}

/* Whether version `v` can stand in for `m`: the same PTX file (one module
 * serves both), the same pointer parameters in order (name and dtype),
 * symbols all of `m`'s (parseVersion refused versions of its own). */
static int checkVersion(const DlcRuntimeManifest *m,
                        const DlcRuntimeManifest *v, char *err,
                        size_t errSize) {
  const char *why = NULL;
  if (strcmp(m->ptxPath, v->ptxPath) != 0)
    why = "is in another PTX file";
  for (int s = 0; !why && s < v->numSymbols; s++)
    if (dlcRuntimeManifestFindSymbol(m, v->symbols[s]) < 0)
      why = "has a symbol the kernel has not";
  int i = 0, j = 0;
  while (!why) {
    while (i < m->numParams && m->params[i].kind != DLC_RUNTIME_PARAM_PTR)
      i++;
    while (j < v->numParams && v->params[j].kind != DLC_RUNTIME_PARAM_PTR)
      j++;
    if (i == m->numParams && j == v->numParams)
      break;
    if (i == m->numParams || j == v->numParams ||
        strcmp(m->params[i].name, v->params[j].name) != 0 ||
        m->params[i].dtype != v->params[j].dtype)
      why = "has other pointer parameters than the kernel";
    i++;
    j++;
  }
  if (why)
    setErr(err, errSize, "version '%s' %s", v->kernel, why);
  return why ? -1 : 0;
}

/* "versions": [{"kernel": name, "when": {symbol: value, ...}}, ...]: each
 * version's manifest is <name>.json beside this one (docs/runtime.md,
 * "Versions"). */
static int readVersions(DlcRuntimeManifest *m, const DlcJsonValue *versions,
                        const char *baseDir, char *err, size_t errSize) {
  const char *shape = "\"versions\" must be an array of {\"kernel\": name, "
                      "\"when\": {symbol: value}}";
  if (versions->kind != DlcJsonValueArray) {
    setErr(err, errSize, "%s", shape);
    return -1;
  }
  m->versions = calloc(versions->count + 1, sizeof(*m->versions));
  if (!m->versions)
    return -1;
  for (size_t i = 0; i < versions->count; i++) {
    const DlcJsonValue *item = &versions->items[i];
    const char *kernel =
        item->kind == DlcJsonValueObject ? stringField(item, "kernel") : NULL;
    const DlcJsonValue *when =
        kernel ? dlcJsonValueGetMember(item, "when") : NULL;
    if (!when || when->kind != DlcJsonValueObject || when->count == 0 ||
        strchr(kernel, '/')) {
      setErr(err, errSize, "%s", shape);
      return -1;
    }
    struct Version *x = &m->versions[m->numVersions++];
    x->whenSymbol = calloc(when->count, sizeof(int));
    x->whenValue = calloc(when->count, sizeof(char *));
    if (!x->whenSymbol || !x->whenValue)
      return -1;
    for (size_t w = 0; w < when->count; w++) {
      x->whenSymbol[w] = dlcRuntimeManifestFindSymbol(m, when->keys[w]);
      x->whenValue[x->numWhen] = exprOf(&when->items[w]);
      if (!x->whenValue[x->numWhen++] || x->whenSymbol[w] < 0) {
        setErr(err, errSize,
               "\"versions\"[%zu].when: '%s' must be a symbol of the kernel "
               "and its value an integer or an expression",
               i, when->keys[w]);
        return -1;
      }
    }
    char *name = malloc(strlen(kernel) + 6);
    if (!name)
      return -1;
    sprintf(name, "%s.json", kernel);
    char *path = ptxPathOf(name, baseDir);
    free(name);
    char inner[512] = "";
    x->m = path ? loadFile(path, parseVersion, inner, sizeof inner) : NULL;
    free(path);
    if (!x->m) {
      setErr(err, errSize, "\"versions\"[%zu]: %s", i, inner);
      return -1;
    }
    if (checkVersion(m, x->m, err, errSize) != 0)
      return -1;
  }
  return 0;
}

int dlcRuntimeManifestGetNumVersions(const DlcRuntimeManifest *m) {
  return m->numVersions;
}

const DlcRuntimeManifest *
dlcRuntimeManifestGetVersion(const DlcRuntimeManifest *m, int i) {
  return i >= 0 && i < m->numVersions ? m->versions[i].m : NULL;
}

int dlcRuntimeManifestChooseVersion(const DlcRuntimeManifest *m,
                                    const int64_t *symbols, int *version,
                                    char *err, size_t errSize) {
  *version = -1;
  for (int v = 0; v < m->numVersions && *version < 0; v++) {
    const struct Version *x = &m->versions[v];
    bool holds = true;
    for (int w = 0; holds && w < x->numWhen; w++) {
      int64_t value;
      if (dlcRuntimeManifestEval(m, x->whenValue[w], symbols, &value, err,
                                 errSize) != 0)
        return -1;
      holds = symbols[x->whenSymbol[w]] == value;
    }
    if (holds)
      *version = v;
  }
  return 0;
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
const char *dlcRuntimeManifestGetPlan(const DlcRuntimeManifest *m) {
  return m->plan;
}
int64_t dlcRuntimeManifestGetRepackItems(const DlcRuntimeManifest *m) {
  return m->repackItems;
}
int dlcRuntimeManifestGetEstimate(const DlcRuntimeManifest *m, double *us,
                                  double *occupancy, const char **at) {
  if (!m->hasEstimate)
    return -1;
  *us = m->estimateUs;
  *occupancy = m->estimateOccupancy;
  *at = m->estimateAt;
  return 0;
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

const char *dlcRuntimeManifestGetParamFlat(const DlcRuntimeManifest *m, int i) {
  return i >= 0 && i < m->numParams && m->flat ? m->flat[i] : NULL;
}

const char *dlcRuntimeManifestGetDerived(const DlcRuntimeManifest *m, int i) {
  return i >= 0 && i < m->numSymbols && m->derived ? m->derived[i] : NULL;
}

int dlcRuntimeManifestDeriveSymbols(const DlcRuntimeManifest *m,
                                    int64_t *symbols, const int *given,
                                    char *err, size_t errSize) {
  /* The formulas see the free symbols only. */
  const char **names = calloc((size_t)m->numSymbols + 1, sizeof(char *));
  int64_t *values = calloc((size_t)m->numSymbols + 1, sizeof(int64_t));
  int numFree = 0, rc = names && values ? 0 : -1;
  for (int i = 0; rc == 0 && i < m->numSymbols; i++)
    if (!m->derived[i]) {
      names[numFree] = m->symbols[i];
      values[numFree++] = symbols[i];
    }
  for (int i = 0; rc == 0 && i < m->numSymbols; i++) {
    int64_t v;
    char why[256];
    if (!m->derived[i])
      continue;
    if (dlcRuntimeEvalExpr(m->derived[i], numFree, names, values, &v, why,
                           sizeof why) != 0) {
      setErr(err, errSize, "derived symbol %s: %s", m->symbols[i], why);
      rc = -1;
    } else if (given && given[i] && symbols[i] != v) {
      setErr(err, errSize,
             "%s=%" PRId64 " contradicts its definition %s = %s = %" PRId64,
             m->symbols[i], symbols[i], m->symbols[i], m->derived[i], v);
      rc = -1;
    } else if (v < 0) {
      setErr(err, errSize, "derived symbol %s = %s is negative (%" PRId64 ")",
             m->symbols[i], m->derived[i], v);
      rc = -1;
    } else {
      symbols[i] = v;
    }
  }
  free(names);
  free(values);
  return rc;
}

int dlcRuntimeManifestFindSymbol(const DlcRuntimeManifest *m,
                                 const char *name) {
  for (int i = 0; i < m->numSymbols; i++)
    if (strcmp(m->symbols[i], name) == 0)
      return i;
  return -1;
}

int dlcRuntimeManifestEval(const DlcRuntimeManifest *m, const char *expr,
                           const int64_t *symbols, int64_t *out, char *err,
                           size_t errSize) {
  return dlcRuntimeEvalExpr(expr, m->numSymbols,
                            (const char *const *)m->symbols, symbols, out, err,
                            errSize);
}

int dlcRuntimeManifestGetWorkspaceBytes(const DlcRuntimeManifest *m,
                                        const int64_t *symbols, int64_t *bytes,
                                        char *err, size_t errSize) {
  *bytes = 0;
  for (int i = 0; i < m->numParams; i++) {
    const DlcRuntimeParam *p = &m->params[i];
    int64_t need;
    if (p->kind != DLC_RUNTIME_PARAM_WORKSPACE)
      continue;
    if (dlcRuntimeManifestEval(m, p->bytes, symbols, &need, err, errSize) != 0)
      return -1;
    if (need < 0) {
      setErr(err, errSize, "workspace '%s': \"bytes\" is %" PRId64, p->name,
             need);
      return -1;
    }
    if (need > *bytes)
      *bytes = need;
  }
  return 0;
}

int dlcRuntimeManifestGetLaunch(const DlcRuntimeManifest *m,
                                const int64_t *symbols,
                                DlcRuntimeLaunchDims *out, char *err,
                                size_t errSize) {
  for (int d = 0; d < 3; d++) {
    if (dlcRuntimeManifestEval(m, m->grid[d], symbols, &out->grid[d], err,
                               errSize) != 0 ||
        dlcRuntimeManifestEval(m, m->block[d], symbols, &out->block[d], err,
                               errSize) != 0)
      return -1;
    if (out->grid[d] < 1 || out->grid[d] > INT32_MAX || out->block[d] < 1 ||
        out->block[d] > 1024) {
      setErr(err, errSize,
             "launch dims out of range: grid[%d]=%" PRId64
             " block[%d]=%" PRId64,
             d, out->grid[d], d, out->block[d]);
      return -1;
    }
    /* CUDA's limit on a grid's y and z (x goes to 2^31 - 1): a kernel
     * whose grid y is a batch (SM80 GEMMs, grouped convolutions) cannot
     * launch a larger one, and the driver would only say "invalid
     * argument". */
    if (d > 0 && out->grid[d] > 65535) {
      setErr(err, errSize,
             "grid[%d]=%" PRId64 " ('%s' at these sizes) is more than the "
             "65535 a grid's y and z may be: split the batch into several "
             "launches",
             d, out->grid[d], m->grid[d]);
      return -1;
    }
  }
  if (dlcRuntimeManifestEval(m, m->smem, symbols, &out->dynamicSmemBytes, err,
                             errSize) != 0)
    return -1;
  if (out->dynamicSmemBytes < 0) {
    setErr(err, errSize,
           "\"dynamic_smem_bytes\" '%s' is %" PRId64 "; a launch needs it at "
           "least 0",
           m->smem, out->dynamicSmemBytes);
    return -1;
  }
  out->cooperative = m->cooperative == CooperativeAlways ||
                     (m->cooperative == CooperativeSplit && out->grid[1] > 1);
  memcpy(out->cluster, m->cluster, sizeof out->cluster);
  out->flops = 0;
  if (m->flops && dlcRuntimeManifestEval(m, m->flops, symbols, &out->flops, err,
                                         errSize) != 0)
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
  if (dlcRuntimeManifestEval(m, p->shape[dim], symbols, out, err, errSize) != 0)
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
    if (__builtin_mul_overflow(n, v, &n) ||
        dlcRuntimeDtypeBytes(p->dtype, n) < 0) {
      setErr(err, errSize,
             "param '%s': too many %s elements (more than INT64_MAX bytes)",
             p->name, dlcRuntimeDtypeToString(p->dtype));
      return -1;
    }
  }
  *out = n;
  return 0;
}

/*===------------------------------ programs -----------------------------===*/

/* Parameter bindings are coded as one int per kernel parameter: the
 * signature's parameter index (>= 0), BIND_NONE for an i64 parameter, or
 * BIND_BUFFER0 - b for buffer b. */
enum { BIND_NONE = -1, BIND_BUFFER0 = -2 };

struct DlcRuntimeProgram {
  char *name;
  int isProgram; /* read from a program manifest */
  DlcRuntimeManifest *signature;
  int numKernels;
  DlcRuntimeManifest **kernels; /* kernels[0] is `signature` unless isProgram */
  int **bindings;               /* per kernel, per parameter */
  int numBuffers;
  DlcRuntimeBuffer *buffers; /* strings owned here */
};

void dlcRuntimeProgramDestroy(DlcRuntimeProgram *p) {
  if (!p)
    return;
  for (int k = 0; k < p->numKernels; k++) {
    if (p->kernels[k] != p->signature)
      dlcRuntimeManifestDestroy(p->kernels[k]);
    free(p->bindings ? p->bindings[k] : NULL);
  }
  free(p->kernels);
  free(p->bindings);
  for (int b = 0; b < p->numBuffers; b++) {
    DlcRuntimeBuffer *buf = &p->buffers[b];
    free((char *)buf->name);
    for (int d = 0; d < buf->rank; d++)
      free((char *)buf->shape[d]);
    free((char **)buf->shape);
    free((char *)buf->bytes);
  }
  free(p->buffers);
  dlcRuntimeManifestDestroy(p->signature);
  free(p->name);
  free(p);
}

/* The graph tensors of "inputs" or "outputs" ({name, dtype, shape}) as
 * pointer parameters of the signature. */
static int readTensors(DlcRuntimeManifest *sig, const DlcJsonValue *root,
                       const char *key, DlcRuntimeRole role, char *err,
                       size_t errSize) {
  const DlcJsonValue *list = dlcJsonValueGetMember(root, key);
  if (!list || list->kind != DlcJsonValueArray) {
    setErr(err, errSize, "\"%s\" must be an array of tensors", key);
    return -1;
  }
  for (size_t i = 0; i < list->count; i++) {
    DlcRuntimeParam *p = &sig->params[sig->numParams++];
    const char *name = stringField(&list->items[i], "name");
    p->kind = DLC_RUNTIME_PARAM_PTR;
    p->role = role;
    if (!name) {
      setErr(err, errSize, "\"%s\"[%zu] needs a string \"name\"", key, i);
      return -1;
    }
    if (!(p->name = dupStr(name)) ||
        readTensorFields(&list->items[i], p, err, errSize) != 0 ||
        readFlat(sig, sig->numParams - 1, &list->items[i]) != 0)
      return -1;
  }
  return 0;
}

/* "(f0)+(f1)+...": the program's flops, NULL when a kernel has none. */
static char *sumOfFlops(const DlcRuntimeProgram *p) {
  size_t n = 1;
  for (int k = 0; k < p->numKernels; k++) {
    if (!p->kernels[k]->flops)
      return NULL;
    n += strlen(p->kernels[k]->flops) + 3;
  }
  char *sum = malloc(n);
  size_t at = 0;
  for (int k = 0; sum && k < p->numKernels; k++)
    at += (size_t)snprintf(sum + at, n - at, "%s(%s)", k ? "+" : "",
                           p->kernels[k]->flops);
  return sum;
}

/* The signature of a program manifest: symbols, inputs, outputs; flops
 * is filled once the kernels are read. */
static int readSignature(DlcRuntimeProgram *p, const DlcJsonValue *root,
                         const char *baseDir, char *err, size_t errSize) {
  DlcRuntimeManifest *sig = p->signature = calloc(1, sizeof *sig);
  const DlcJsonValue *in = dlcJsonValueGetMember(root, "inputs");
  const DlcJsonValue *out = dlcJsonValueGetMember(root, "outputs");
  size_t n = (in && in->kind == DlcJsonValueArray ? in->count : 0) +
             (out && out->kind == DlcJsonValueArray ? out->count : 0);
  const char *ptx = stringField(root, "ptx");
  const char *arch = stringField(root, "arch");
  if (!sig || !(sig->params = calloc(n + 1, sizeof(DlcRuntimeParam))) ||
      !(sig->flat = calloc(n + 1, sizeof(char *))))
    return -1;
  if (!ptx) {
    setErr(err, errSize, "needs string fields \"program\" and \"ptx\"");
    return -1;
  }
  if (!(sig->kernel = dupStr(p->name)) ||
      !(sig->ptxPath = ptxPathOf(ptx, baseDir)) ||
      !(sig->arch = dupStr(arch ? arch : "")) ||
      readSymbols(sig, root, err, errSize) != 0 ||
      readTensors(sig, root, "inputs", DLC_RUNTIME_ROLE_INPUT, err, errSize) !=
          0 ||
      readTensors(sig, root, "outputs", DLC_RUNTIME_ROLE_OUTPUT, err,
                  errSize) != 0)
    return -1;
  for (int d = 0; d < 3; d++)
    if (!(sig->grid[d] = dupStr("1")) || !(sig->block[d] = dupStr("1")))
      return -1;
  return (sig->smem = dupStr("0")) ? 0 : -1;
}

/* elements x dtype size of a shape, as an expression. */
static char *bytesOfShape(DlcRuntimeDtype t, int rank,
                          const char *const *shape) {
  size_t n = 24;
  for (int d = 0; d < rank; d++)
    n += strlen(shape[d]) + 3;
  char *bytes = malloc(n);
  size_t at =
      bytes ? (size_t)snprintf(bytes, n, "%zu", dlcRuntimeDtypeSize(t)) : 0;
  for (int d = 0; bytes && d < rank; d++)
    at += (size_t)snprintf(bytes + at, n - at, "*(%s)", shape[d]);
  return bytes;
}

/* "intermediates": {name, dtype, shape, bytes (optional)}. */
static int readBuffers(DlcRuntimeProgram *p, const DlcJsonValue *root,
                       char *err, size_t errSize) {
  const DlcJsonValue *list = dlcJsonValueGetMember(root, "intermediates");
  if (list && list->kind != DlcJsonValueArray) {
    setErr(err, errSize, "\"intermediates\" must be an array of buffers");
    return -1;
  }
  size_t n = list ? list->count : 0;
  if (!(p->buffers = calloc(n + 1, sizeof(DlcRuntimeBuffer))))
    return -1;
  for (size_t i = 0; i < n; i++) {
    DlcRuntimeBuffer *b = &p->buffers[p->numBuffers++];
    DlcRuntimeParam t = {0};
    const char *name = stringField(&list->items[i], "name");
    const DlcJsonValue *bytes = dlcJsonValueGetMember(&list->items[i], "bytes");
    if (!name) {
      setErr(err, errSize, "\"intermediates\"[%zu] needs a string \"name\"", i);
      return -1;
    }
    t.name = b->name = dupStr(name);
    int rc = b->name ? readTensorFields(&list->items[i], &t, err, errSize) : -1;
    b->dtype = t.dtype;
    b->rank = t.rank;
    b->shape = t.shape;
    if (rc != 0)
      return -1;
    b->bytes =
        bytes ? exprOf(bytes) : bytesOfShape(b->dtype, b->rank, b->shape);
    if (!b->bytes) {
      setErr(err, errSize,
             "intermediate '%s': \"bytes\" must be an integer or an "
             "expression",
             name);
      return -1;
    }
  }
  return 0;
}

static int sameShape(const DlcRuntimeParam *a, int rank,
                     const char *const *shape) {
  if (a->rank != rank)
    return 0;
  for (int d = 0; d < rank; d++)
    if (strcmp(a->shape[d], shape[d]) != 0)
      return 0;
  return 1;
}

/* Binds pointer parameter `param` of kernel k by name; `written` marks the
 * buffers some earlier kernel writes. */
static int bindParam(DlcRuntimeProgram *p, int k, int param, int *written,
                     char *err, size_t errSize) {
  const DlcRuntimeManifest *m = p->kernels[k];
  const DlcRuntimeParam *q = &m->params[param];
  const DlcRuntimeManifest *sig = p->signature;
  int tensor = -1, buffer = -1;
  for (int i = 0; i < sig->numParams; i++)
    if (strcmp(sig->params[i].name, q->name) == 0)
      tensor = i;
  for (int b = 0; b < p->numBuffers; b++)
    if (strcmp(p->buffers[b].name, q->name) == 0)
      buffer = b;
  const char *why = NULL;
  int rank = 0;
  const char *const *shape = NULL;
  DlcRuntimeDtype dtype = DLC_RUNTIME_DTYPE_INVALID;
  if (tensor >= 0) {
    const DlcRuntimeParam *t = &sig->params[tensor];
    rank = t->rank, shape = t->shape, dtype = t->dtype;
    p->bindings[k][param] = tensor;
    if (q->role == DLC_RUNTIME_ROLE_OUTPUT && t->role == DLC_RUNTIME_ROLE_INPUT)
      why = "writes a graph input";
    else if (q->intermediate)
      why = "is an intermediate but names a graph tensor";
  } else if (buffer >= 0) {
    const DlcRuntimeBuffer *b = &p->buffers[buffer];
    rank = b->rank, shape = b->shape, dtype = b->dtype;
    p->bindings[k][param] = BIND_BUFFER0 - buffer;
    if (q->role == DLC_RUNTIME_ROLE_OUTPUT)
      written[buffer] = 1;
    else if (!written[buffer])
      why = "reads an intermediate that no earlier kernel writes";
  } else {
    why = "names no graph tensor or intermediate of the program";
  }
  if (!why && (dtype != q->dtype || !sameShape(q, rank, shape)))
    why = "has another dtype or shape than the program's tensor of that name";
  if (why)
    setErr(err, errSize, "kernel '%s': parameter '%s' %s", m->kernel, q->name,
           why);
  return why ? -1 : 0;
}

/* Graph tensors and intermediates are found by name: one name, one. */
static int checkNames(const DlcRuntimeProgram *p, char *err, size_t errSize) {
  const DlcRuntimeManifest *sig = p->signature;
  int n = sig->numParams + p->numBuffers;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) {
      const char *a = i < sig->numParams ? sig->params[i].name
                                         : p->buffers[i - sig->numParams].name;
      const char *b = j < sig->numParams ? sig->params[j].name
                                         : p->buffers[j - sig->numParams].name;
      if (strcmp(a, b) == 0) {
        setErr(err, errSize, "two tensors of the program are named '%s'", a);
        return -1;
      }
    }
  return 0;
}

/* Binds every parameter of every kernel; symbols must be the program's. */
static int bindKernels(DlcRuntimeProgram *p, char *err, size_t errSize) {
  int *written = calloc((size_t)p->numBuffers + 1, sizeof(int));
  if (!written ||
      !(p->bindings = calloc((size_t)p->numKernels, sizeof(int *)))) {
    free(written);
    return -1;
  }
  int rc = 0;
  for (int k = 0; rc == 0 && k < p->numKernels; k++) {
    const DlcRuntimeManifest *m = p->kernels[k];
    if (!(p->bindings[k] = malloc(((size_t)m->numParams + 1) * sizeof(int)))) {
      rc = -1;
      break;
    }
    for (int s = 0; rc == 0 && s < m->numSymbols; s++)
      if (dlcRuntimeManifestFindSymbol(p->signature, m->symbols[s]) < 0) {
        setErr(err, errSize, "kernel '%s': symbol '%s' is not the program's",
               m->kernel, m->symbols[s]);
        rc = -1;
      }
    for (int i = 0; rc == 0 && i < m->numParams; i++) {
      p->bindings[k][i] = BIND_NONE;
      if (m->params[i].kind == DLC_RUNTIME_PARAM_PTR)
        rc = bindParam(p, k, i, written, err, errSize);
    }
  }
  free(written);
  return rc;
}

static int readProgram(DlcRuntimeProgram *p, const DlcJsonValue *root,
                       const char *baseDir, char *err, size_t errSize) {
  const char *name = stringField(root, "program");
  const DlcJsonValue *kernels = dlcJsonValueGetMember(root, "kernels");
  if (!name) {
    setErr(err, errSize, "needs string fields \"program\" and \"ptx\"");
    return -1;
  }
  if (!kernels || kernels->kind != DlcJsonValueArray || kernels->count == 0) {
    setErr(err, errSize, "\"kernels\" must be a non-empty array of kernels");
    return -1;
  }
  if (!(p->name = dupStr(name)) ||
      readSignature(p, root, baseDir, err, errSize) != 0 ||
      readBuffers(p, root, err, errSize) != 0 ||
      checkNames(p, err, errSize) != 0 ||
      !(p->kernels = calloc(kernels->count, sizeof(DlcRuntimeManifest *))))
    return -1;
  for (size_t k = 0; k < kernels->count; k++) {
    DlcRuntimeManifest *m = p->kernels[p->numKernels++] = calloc(1, sizeof *m);
    char inner[400] = "";
    if (!m || readManifest(m, &kernels->items[k], root, baseDir, inner,
                           sizeof inner) != 0) {
      setErr(err, errSize, "\"kernels\"[%zu]: %s", k,
             inner[0] ? inner : "out of memory");
      return -1;
    }
  }
  if (bindKernels(p, err, errSize) != 0)
    return -1;
  p->signature->flops = sumOfFlops(p);
  return 0;
}

/* A kernel manifest as a program of one kernel over its own parameters. */
static int wrapKernel(DlcRuntimeProgram *p, DlcRuntimeManifest *m) {
  p->signature = m;
  p->numKernels = 1;
  p->kernels = calloc(1, sizeof(DlcRuntimeManifest *));
  p->bindings = calloc(1, sizeof(int *));
  if (!p->kernels || !p->bindings ||
      !(p->bindings[0] = calloc((size_t)m->numParams + 1, sizeof(int))) ||
      !(p->name = dupStr(m->kernel)))
    return -1;
  p->kernels[0] = m;
  for (int i = 0; i < m->numParams; i++)
    p->bindings[0][i] =
        m->params[i].kind == DLC_RUNTIME_PARAM_PTR ? i : BIND_NONE;
  return 0;
}

DlcRuntimeProgram *dlcRuntimeProgramParse(const char *json, const char *baseDir,
                                          char *err, size_t errSize) {
  DlcJsonValue *root = dlcJsonValueParse(json, strlen(json), err, errSize);
  if (!root)
    return NULL;
  DlcRuntimeProgram *p = calloc(1, sizeof *p);
  DlcRuntimeManifest *m = NULL;
  if (err && errSize)
    err[0] = '\0';
  int rc = -1;
  if (p && root->kind == DlcJsonValueObject &&
      dlcJsonValueGetMember(root, "kernels")) {
    p->isProgram = 1;
    rc = readProgram(p, root, baseDir, err, errSize);
  } else if (p && (m = calloc(1, sizeof *m))) {
    rc = readManifest(m, root, NULL, baseDir, err, errSize);
    if (rc == 0)
      rc = wrapKernel(p, m);
    else
      dlcRuntimeManifestDestroy(m);
  }
  dlcJsonValueDestroy(root);
  if (!readSucceeded(rc, err, errSize)) {
    dlcRuntimeProgramDestroy(p);
    return NULL;
  }
  return p;
}

static void *parseProgram(const char *json, const char *baseDir, char *err,
                          size_t errSize) {
  return dlcRuntimeProgramParse(json, baseDir, err, errSize);
}

DlcRuntimeProgram *dlcRuntimeProgramLoad(const char *path, char *err,
                                         size_t errSize) {
  return loadFile(path, parseProgram, err, errSize);
}

const char *dlcRuntimeProgramGetName(const DlcRuntimeProgram *p) {
  return p->name;
}
int dlcRuntimeProgramIsProgramManifest(const DlcRuntimeProgram *p) {
  return p->isProgram;
}
const DlcRuntimeManifest *
dlcRuntimeProgramGetSignature(const DlcRuntimeProgram *p) {
  return p->signature;
}
int dlcRuntimeProgramGetNumKernels(const DlcRuntimeProgram *p) {
  return p->numKernels;
}
const DlcRuntimeManifest *dlcRuntimeProgramGetKernel(const DlcRuntimeProgram *p,
                                                     int i) {
  return i >= 0 && i < p->numKernels ? p->kernels[i] : NULL;
}
int dlcRuntimeProgramGetNumBuffers(const DlcRuntimeProgram *p) {
  return p->numBuffers;
}
const DlcRuntimeBuffer *dlcRuntimeProgramGetBuffer(const DlcRuntimeProgram *p,
                                                   int i) {
  return i >= 0 && i < p->numBuffers ? &p->buffers[i] : NULL;
}

int dlcRuntimeProgramGetBufferBytes(const DlcRuntimeProgram *p, int i,
                                    const int64_t *symbols, int64_t *out,
                                    char *err, size_t errSize) {
  const DlcRuntimeBuffer *b = dlcRuntimeProgramGetBuffer(p, i);
  if (!b) {
    setErr(err, errSize, "the program has no intermediate %d", i);
    return -1;
  }
  /* The size formula must agree with the shape: a manifest whose "bytes"
   * undercounts would let a kernel write past the buffer. */
  char *fromShape = bytesOfShape(b->dtype, b->rank, b->shape);
  int64_t want = 0;
  int rc = fromShape ? 0 : -1;
  if (rc == 0)
    rc = dlcRuntimeManifestEval(p->signature, b->bytes, symbols, out, err,
                                errSize) != 0 ||
                 dlcRuntimeManifestEval(p->signature, fromShape, symbols, &want,
                                        err, errSize) != 0
             ? -1
             : 0;
  free(fromShape);
  if (rc == 0 && (*out != want || *out < 0)) {
    setErr(err, errSize,
           "intermediate '%s': \"bytes\" %s is %" PRId64
           ", but its shape holds %" PRId64 " bytes",
           b->name, b->bytes, *out, want);
    rc = -1;
  }
  return rc;
}

DlcRuntimeBindKind dlcRuntimeProgramGetBinding(const DlcRuntimeProgram *p,
                                               int kernel, int param,
                                               int *index) {
  const DlcRuntimeManifest *m = dlcRuntimeProgramGetKernel(p, kernel);
  int bind = m && param >= 0 && param < m->numParams
                 ? p->bindings[kernel][param]
                 : BIND_NONE;
  if (bind == BIND_NONE)
    return DLC_RUNTIME_BIND_NONE;
  *index = bind >= 0 ? bind : BIND_BUFFER0 - bind;
  return bind >= 0 ? DLC_RUNTIME_BIND_TENSOR : DLC_RUNTIME_BIND_BUFFER;
}
