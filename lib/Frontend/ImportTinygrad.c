/* tinygrad UOp graph import (spec §3: tiny is tinygrad-compatible): reads a
 * list of UOps ({op, dtype, src, arg}, topologically ordered, ending in a
 * SINK) and builds one tiny func.func: BUFFER/PARAM UOps become its
 * arguments in order, the SINK's sources its results, and every other UOp
 * one tiny op (or none: DETACH, CONTIGUOUS, a same-shape RESHAPE). The
 * format, the mapping and the errors are in docs/frontend.md, "tinygrad UOp
 * graphs"; python/dlc/tinygrad_export.py writes such graphs. */
#include "DialectNames.h"
#include "FrontendInternal.h"

#include "dlc/Frontend.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One UOp being imported. */
typedef struct Uop {
  const DlcJsonValue *json, *src, *arg;
  const char *op;
  size_t index;
  char path[FE_PATH_SIZE]; /* "uops[3]" */
  MlirType element;        /* its dtype; null when it has none */
  bool weak;
} Uop;

/* Every UOp the importer reads (docs/frontend.md, "tinygrad UOp graphs"). */
static const char *const kKnown[] = {
    "BUFFER",    "PARAM",   "DEFINE_VAR",  "CONST",      "STACK",
    "VECTORIZE", "RESHAPE", "PERMUTE",     "EXPAND",     "PAD",
    "SHRINK",    "FLIP",    "REDUCE_AXIS", "REDUCE",     "ADD",
    "SUB",       "MUL",     "MAX",         "FDIV",       "IDIV",
    "MOD",       "POW",     "CMPLT",       "CMPNE",      "WHERE",
    "NEG",       "EXP2",    "LOG2",        "SQRT",       "RECIPROCAL",
    "SIN",       "CAST",    "DETACH",      "CONTIGUOUS", "CONTIGUOUS_BACKWARD",
    "SINK",      "DEVICE",  "UNIQUE",      NULL};

static const char kFormat[] =
    "write the graph as docs/frontend.md describes (the exporter "
    "python/dlc/tinygrad_export.py does)";

/* E1006 GraphMalformed: the graph breaks the format (docs/frontend.md). */
static bool malformed(FeImporter *im, const DlcJsonValue *at, const char *path,
                      const char *why) {
  feCodedError(im, at, path, &dlcGraphMalformed, kFormat, "%s", why);
  return false;
}

static bool unsupported(FeImporter *im, const Uop *u, const char *suggestion,
                        const char *why) {
  feCodedError(im, u->json, u->path, &dlcUnsupportedOp, suggestion, "%s: %s",
               u->op, why);
  return false;
}

/* --- dtypes ----------------------------------------------------------------
 */

static bool parseDtype(FeImporter *im, const char *s, MlirType *out) {
  if (!strcmp(s, "half") || !strcmp(s, "float16") || !strcmp(s, "f16"))
    *out = mlirF16TypeGet(im->ctx);
  else if (!strcmp(s, "bfloat16") || !strcmp(s, "__bf16") || !strcmp(s, "bf16"))
    *out = mlirBF16TypeGet(im->ctx);
  else if (!strcmp(s, "float") || !strcmp(s, "float32") || !strcmp(s, "f32"))
    *out = mlirF32TypeGet(im->ctx);
  else if (!strcmp(s, "bool"))
    *out = mlirIntegerTypeGet(im->ctx, 1);
  else if (!strcmp(s, "int") || !strcmp(s, "int32"))
    *out = mlirIntegerTypeGet(im->ctx, 32);
  else if (!strcmp(s, "long") || !strcmp(s, "int64"))
    *out = mlirIntegerTypeGet(im->ctx, 64);
  else
    return false;
  return true;
}

/* --- sources and shape operands --------------------------------------------
 */

/* The FeUop of source `i` of `u` (after checking it exists). */
static FeUop *source(FeImporter *im, const Uop *u, size_t i) {
  return &im->uops[(size_t)u->src->items[i].integer];
}

/* Source `i` as a tensor, or NULL after an error; a CONST's value may not
 * be built yet (see materialize). */
static FeUop *sourceUop(FeImporter *im, const Uop *u, size_t i) {
  FeUop *s = source(im, u, i);
  if (s->kind == FE_UOP_TENSOR)
    return s;
  char path[FE_PATH_SIZE + 32];
  snprintf(path, sizeof(path), "%s.src[%zu]", u->path, i);
  malformed(im, &u->src->items[i], path,
            "this source is not a tensor (a DEFINE_VAR, a shape or a "
            "device may only be a shape operand or a BUFFER's source)");
  return NULL;
}

/* A CONST becomes a tiny.const where it is first used as a tensor in its
 * own dtype, so that CONSTs used only as shape entries or adopted by a
 * weak operand's partner leave no dead op. */
static void materialize(FeImporter *im, FeUop *s) {
  if (s->isConst && !s->value.value.ptr)
    s->value = feConst(im, s->constant, s->value.element);
}

/* Source `i` as a tensor value, or NULL after an error. */
static FeUop *tensorSource(FeImporter *im, const Uop *u, size_t i) {
  FeUop *s = sourceUop(im, u, i);
  if (s)
    materialize(im, s);
  return s;
}

static bool needSources(FeImporter *im, const Uop *u, size_t lo, size_t hi) {
  if (u->src->count >= lo && u->src->count <= hi)
    return true;
  char why[128], path[FE_PATH_SIZE + 8];
  snprintf(path, sizeof(path), "%s.src", u->path);
  if (lo == hi)
    snprintf(why, sizeof(why), "%s takes %zu source%s, found %zu", u->op, lo,
             lo == 1 ? "" : "s", u->src->count);
  else
    snprintf(why, sizeof(why), "%s takes %zu to %zu sources, found %zu", u->op,
             lo, hi, u->src->count);
  return malformed(im, u->src, path, why);
}

/* The dimension an earlier DEFINE_VAR (its symbol) or CONST (a positive
 * integer) stands for; false for any other UOp. */
static bool dimOfUop(const FeUop *u, DlcDim *out) {
  if (u->kind == FE_UOP_SYMBOL) {
    out->size = -1;
    out->symbol = u->symbol;
    return true;
  }
  if (u->kind == FE_UOP_TENSOR && u->isConst && u->constant >= 1 &&
      u->constant <= (double)((int64_t)1 << 40) &&
      u->constant == (double)(int64_t)u->constant) {
    out->size = (int64_t)u->constant;
    out->symbol = mlirStringRefCreate(NULL, 0);
    return true;
  }
  return false;
}

/* One shape entry: a positive integer, a symbol name, an affine expression
 * of symbols ("H+2*p", a derived symbol; "M*K" is not affine: E1501), or
 * {"uop": i} naming a CONST or a DEFINE_VAR. */
static bool readDim(FeImporter *im, const DlcJsonValue *d, const char *path,
                    DlcDim *out) {
  out->size = -1;
  out->symbol = mlirStringRefCreate(NULL, 0);
  if (d->kind == DlcJsonValueNumber && d->isInteger && d->integer > 0 &&
      d->integer <= ((int64_t)1 << 40)) {
    out->size = d->integer;
    return true;
  }
  if (d->kind == DlcJsonValueString && feIsIdentifier(d->string)) {
    out->symbol = feInternSymbol(im, d->string);
    return true;
  }
  if (d->kind == DlcJsonValueString)
    return feDimFromText(im, d->string, d, path, out);
  const DlcJsonValue *ref = d->kind == DlcJsonValueObject && d->count == 1
                                ? dlcJsonValueGetMember(d, "uop")
                                : NULL;
  if (ref && ref->kind == DlcJsonValueNumber && ref->isInteger &&
      ref->integer >= 0 && (size_t)ref->integer < im->numUops &&
      dimOfUop(&im->uops[ref->integer], out))
    return true;
  return malformed(im, d, path,
                   "a dimension is a positive integer, a symbol name or "
                   "{\"uop\": i} naming an earlier CONST or DEFINE_VAR");
}

/* A list of dims from a JSON array. */
static bool readDims(FeImporter *im, const DlcJsonValue *list, const char *path,
                     DlcShape *out) {
  if (list->kind != DlcJsonValueArray)
    return malformed(im, list, path, "a shape is an array of dimensions");
  if (list->count > DLC_MAX_RANK) {
    char why[96];
    snprintf(why, sizeof(why), "rank %zu exceeds DLC's limit of %d",
             list->count, DLC_MAX_RANK);
    return malformed(im, list, path, why);
  }
  out->rank = (int)list->count;
  for (size_t i = 0; i < list->count; ++i) {
    char sub[FE_PATH_SIZE + 32];
    snprintf(sub, sizeof(sub), "%s[%zu]", path, i);
    if (!readDim(im, &list->items[i], sub, &out->dims[i]))
      return false;
  }
  return true;
}

/* The target shape of a movement op: its "arg" (an array), or its second
 * source (a STACK/VECTORIZE of CONSTs and DEFINE_VARs). */
static bool shapeOperand(FeImporter *im, const Uop *u, DlcShape *out) {
  if (u->src->count == 2) {
    const FeUop *s = source(im, u, 1);
    if (s->kind == FE_UOP_SHAPE) {
      *out = s->shape;
      return true;
    }
    char path[FE_PATH_SIZE + 16];
    snprintf(path, sizeof(path), "%s.src[1]", u->path);
    return malformed(im, &u->src->items[1], path,
                     "a shape operand is a STACK or VECTORIZE of CONSTs and "
                     "DEFINE_VARs");
  }
  char path[FE_PATH_SIZE + 8];
  snprintf(path, sizeof(path), "%s.arg", u->path);
  if (!u->arg)
    return malformed(im, u->json, u->path,
                     "a movement op needs its shape: \"arg\" or a second "
                     "source");
  return readDims(im, u->arg, path, out);
}

/* [[lo, hi], ...], one pair per axis: lo a non-negative integer, hi one
 * too or (SHRINK of a symbolic dimension to all of it) its symbol, which
 * sets hiSymbol[i]. */
static bool readPairs(FeImporter *im, const Uop *u, const DlcShape *x,
                      int64_t *lo, int64_t *hi, bool *hiSymbol) {
  char path[FE_PATH_SIZE + 8];
  snprintf(path, sizeof(path), "%s.arg", u->path);
  const DlcJsonValue *a = u->arg;
  bool ok = a && a->kind == DlcJsonValueArray && a->count == (size_t)x->rank;
  for (size_t i = 0; ok && i < a->count; ++i) {
    const DlcJsonValue *p = &a->items[i];
    ok = p->kind == DlcJsonValueArray && p->count == 2 &&
         p->items[0].kind == DlcJsonValueNumber && p->items[0].isInteger &&
         p->items[0].integer >= 0 && p->items[0].integer <= (1 << 30);
    if (!ok)
      break;
    lo[i] = p->items[0].integer;
    const DlcJsonValue *h = &p->items[1];
    hiSymbol[i] = false;
    if (h->kind == DlcJsonValueNumber && h->isInteger && h->integer >= 0 &&
        h->integer <= (1 << 30)) {
      hi[i] = h->integer;
    } else {
      DlcDim d;
      char sub[FE_PATH_SIZE + 64];
      snprintf(sub, sizeof(sub), "%s[%zu][1]", path, i);
      if (!readDim(im, h, sub, &d))
        return false;
      ok = d.size < 0 && dlcDimEqual(d, x->dims[i]);
      hiSymbol[i] = true;
      hi[i] = 0;
    }
  }
  if (ok)
    return true;
  char why[200];
  snprintf(why, sizeof(why),
           "%s takes one [lo, hi] pair per axis (%d axes): integers from 0 "
           "to 2^30, or hi the axis's own symbol",
           u->op, x->rank);
  return malformed(im, a ? a : u->json, path, why);
}

/* --- the shape arithmetic of movement ops -----------------------------------
 */

static bool shapeError(FeImporter *im, const Uop *u, const char *suggestion,
                       const char *what, const DlcShape *from,
                       const DlcShape *to) {
  char a[256], b[256];
  dlcShapeFormat(from, a, sizeof(a));
  dlcShapeFormat(to, b, sizeof(b));
  feCodedError(im, u->json, u->path, &dlcMalformedShape, suggestion,
               "%s: %s %s to %s", u->op, what, a, b);
  return false;
}

/* --- UOps ----------------------------------------------------------------- */

static bool symbolKnown(const FeImporter *im, const DlcShape *s,
                        MlirStringRef *unknown) {
  for (int i = 0; i < s->rank; ++i)
    if (s->dims[i].size < 0 && !feHasSymbol(im, s->dims[i].symbol)) {
      *unknown = s->dims[i].symbol;
      return false;
    }
  return true;
}

static bool movement(FeImporter *im, const Uop *u, FeValue x, FeValue *out) {
  DlcShape to;
  int rank = x.shape.rank;
  if (!strcmp(u->op, "RESHAPE") || !strcmp(u->op, "EXPAND")) {
    if (!shapeOperand(im, u, &to))
      return false;
    MlirStringRef unknown;
    if (!symbolKnown(im, &to, &unknown)) {
      char why[200];
      snprintf(why, sizeof(why),
               "symbol \"%.*s\" is in no input's shape, so no caller "
               "passes its value",
               (int)unknown.length > 80 ? 80 : (int)unknown.length,
               unknown.data);
      return malformed(im, u->json, u->path, why);
    }
    if (dlcShapeEqual(&to, &x.shape)) {
      *out = x;
      return true;
    }
    if (!strcmp(u->op, "RESHAPE")) {
      if (!dlcSymbolTableSameElementCount(im->ctx, &im->symbols, &x.shape, &to))
        return shapeError(im, u,
                          "reshape to a shape of the same number of "
                          "elements",
                          "cannot reshape", &x.shape, &to);
      *out = feReshape(im, x, &to);
      return true;
    }
    int64_t identity[DLC_MAX_RANK];
    for (int i = 0; i < rank; ++i) {
      identity[i] = i;
      if (to.rank != rank || (!dlcDimIsOne(x.shape.dims[i]) &&
                              !dlcDimEqual(x.shape.dims[i], to.dims[i])))
        return shapeError(im, u,
                          "EXPAND keeps the rank and grows size-1 "
                          "dimensions only (RESHAPE first)",
                          "cannot expand", &x.shape, &to);
    }
    *out = feExpand(im, x, &to, identity);
    return true;
  }
  if (!strcmp(u->op, "PERMUTE")) {
    int64_t order[DLC_MAX_RANK];
    bool seen[DLC_MAX_RANK] = {false};
    bool ok = u->arg && u->arg->kind == DlcJsonValueArray &&
              u->arg->count == (size_t)rank;
    for (int i = 0; ok && i < rank; ++i) {
      const DlcJsonValue *v = &u->arg->items[i];
      ok = v->kind == DlcJsonValueNumber && v->isInteger && v->integer >= 0 &&
           v->integer < rank && !seen[v->integer];
      if (ok)
        seen[order[i] = v->integer] = true;
    }
    if (!ok) {
      char why[96], path[FE_PATH_SIZE + 8];
      snprintf(why, sizeof(why), "PERMUTE's arg is a permutation of 0..%d",
               rank - 1);
      snprintf(path, sizeof(path), "%s.arg", u->path);
      return malformed(im, u->arg ? u->arg : u->json, path, why);
    }
    *out = fePermute(im, x, order);
    return true;
  }
  if (!strcmp(u->op, "FLIP")) {
    int64_t axes[DLC_MAX_RANK];
    int n = 0;
    bool ok = u->arg && u->arg->kind == DlcJsonValueArray &&
              u->arg->count == (size_t)rank;
    for (int i = 0; ok && i < rank; ++i) {
      ok = u->arg->items[i].kind == DlcJsonValueBool;
      if (ok && u->arg->items[i].boolean)
        axes[n++] = i;
    }
    if (!ok) {
      char path[FE_PATH_SIZE + 8];
      snprintf(path, sizeof(path), "%s.arg", u->path);
      return malformed(im, u->arg ? u->arg : u->json, path,
                       "FLIP's arg is one boolean per axis");
    }
    *out = n ? feFlip(im, x, axes, n) : x;
    return true;
  }
  /* PAD and SHRINK: integer pairs; a symbolic dimension keeps its size. */
  int64_t lo[DLC_MAX_RANK], hi[DLC_MAX_RANK];
  bool hiSymbol[DLC_MAX_RANK];
  if (!readPairs(im, u, &x.shape, lo, hi, hiSymbol))
    return false;
  bool pad = !strcmp(u->op, "PAD");
  to = x.shape;
  for (int i = 0; i < rank; ++i) {
    DlcDim d = x.shape.dims[i];
    bool whole = pad ? lo[i] + hi[i] == 0 : lo[i] == 0 && hiSymbol[i];
    if (d.size < 0 && whole)
      continue;
    if (d.size < 0 && (pad || hiSymbol[i])) {
      /* H + lo + hi, or H - lo: a derived symbol (docs/conventions.md). */
      char base[96];
      snprintf(base, sizeof(base), "%.*s_%s%lld",
               (int)(d.symbol.length > 60 ? 60 : d.symbol.length),
               d.symbol.data, pad ? "pad" : "from",
               (long long)(pad ? lo[i] + hi[i] : lo[i]));
      MlirAffineExpr size = mlirAffineAddExprGet(
          feDimExpr(im, d),
          mlirAffineConstantExprGet(im->ctx, pad ? lo[i] + hi[i] : -lo[i]));
      if (!feDeriveDim(im, size, base, u->json, u->path, &to.dims[i]))
        return false;
      continue;
    }
    if (d.size < 0 || hiSymbol[i])
      return unsupported(im, u,
                         "shrink a symbolic dimension to [lo, its symbol], "
                         "or give the result dimension its own symbol",
                         "the result would keep a constant part of a "
                         "symbolic dimension, which may exceed it");
    if (pad) {
      to.dims[i].size = d.size + lo[i] + hi[i];
    } else if (lo[i] >= hi[i] || hi[i] > d.size) {
      char why[160], path[FE_PATH_SIZE + 8];
      snprintf(why, sizeof(why),
               "SHRINK of axis %d: [%lld, %lld] is not a non-empty part of "
               "0..%lld",
               i, (long long)lo[i], (long long)hi[i], (long long)d.size);
      snprintf(path, sizeof(path), "%s.arg", u->path);
      return malformed(im, u->arg, path, why);
    } else {
      to.dims[i].size = hi[i] - lo[i];
    }
  }
  if (pad) {
    int64_t padding[2 * DLC_MAX_RANK];
    for (int i = 0; i < rank; ++i) {
      padding[2 * i] = lo[i];
      padding[2 * i + 1] = hi[i];
    }
    *out = fePad(im, x, padding, &to);
  } else {
    *out = feShrink(im, x, lo, &to);
  }
  return true;
}

/* REDUCE_AXIS / REDUCE: arg [op, [axes]] with op ADD or MAX; the reduced
 * axes stay as size 1 (tinygrad keeps them), so tiny.reduce (which drops
 * them) is followed by a reshape. */
static bool reduce(FeImporter *im, const Uop *u, FeValue x, FeValue *out) {
  const DlcJsonValue *a = u->arg;
  const char *kind = NULL;
  bool ok = a && a->kind == DlcJsonValueArray && a->count == 2 &&
            a->items[0].kind == DlcJsonValueString &&
            a->items[1].kind == DlcJsonValueArray;
  if (ok && !strcmp(a->items[0].string, "ADD"))
    kind = "sum";
  else if (ok && !strcmp(a->items[0].string, "MAX"))
    kind = "max";
  int64_t axes[DLC_MAX_RANK];
  bool seen[DLC_MAX_RANK] = {false};
  int n = 0;
  for (size_t i = 0; ok && i < a->items[1].count; ++i) {
    const DlcJsonValue *v = &a->items[1].items[i];
    ok = v->kind == DlcJsonValueNumber && v->isInteger && v->integer >= 0 &&
         v->integer < x.shape.rank && !seen[v->integer];
    if (ok)
      seen[axes[n++] = v->integer] = true;
  }
  char path[FE_PATH_SIZE + 8];
  snprintf(path, sizeof(path), "%s.arg", u->path);
  if (!ok || n == 0)
    return malformed(im, a ? a : u->json, path,
                     "a reduce's arg is [op, [axes]]: op ADD or MAX, distinct "
                     "axes of the source");
  if (!kind)
    return unsupported(im, u, "reduce with ADD or MAX",
                       "only ADD and MAX reductions lower to tiny.reduce");
  for (int i = 1; i < n; ++i) /* tiny.reduce wants them sorted */
    for (int j = i; j > 0 && axes[j] < axes[j - 1]; --j) {
      int64_t t = axes[j];
      axes[j] = axes[j - 1];
      axes[j - 1] = t;
    }
  MlirType acc = u->element.ptr ? u->element : x.element;
  FeValue r = feReduce(im, kind, feCast(im, x, acc), axes, n, acc);
  DlcShape kept = x.shape;
  for (int i = 0; i < n; ++i) {
    kept.dims[axes[i]].size = 1;
    kept.dims[axes[i]].symbol = mlirStringRefCreate(NULL, 0);
  }
  *out = feReshape(im, r, &kept);
  return true;
}

/* A weak operand takes the other's dtype (a CONST is built in it). */
static FeValue adopt(FeImporter *im, FeUop *s, MlirType element) {
  if (!element.ptr || mlirTypeEqual(s->value.element, element)) {
    materialize(im, s);
    return s->value;
  }
  if (s->isConst && s->value.shape.rank == 0)
    return feConst(im, s->constant, element);
  return feCast(im, s->value, element);
}

/* The operands of an ALU op in one dtype: weak ones adopt the strong one's;
 * two strong ones must agree (tinygrad casts explicitly). */
static bool aluOperands(FeImporter *im, const Uop *u, size_t first, size_t n,
                        FeValue *values, bool *allWeak) {
  FeUop *s[3];
  MlirType strong = {NULL};
  *allWeak = true;
  for (size_t i = 0; i < n; ++i) {
    if (!(s[i] = sourceUop(im, u, first + i)))
      return false;
    if (s[i]->weak)
      continue;
    *allWeak = false;
    if (!strong.ptr) {
      strong = s[i]->value.element;
    } else if (!mlirTypeEqual(strong, s[i]->value.element)) {
      char why[160];
      snprintf(why, sizeof(why),
               "%s: operands of dtypes %s and %s (tinygrad casts one "
               "explicitly; add a CAST)",
               u->op, feElementName(strong),
               feElementName(s[i]->value.element));
      return malformed(im, u->src, u->path, why);
    }
  }
  for (size_t i = 0; i < n; ++i)
    values[i] = adopt(im, s[i], strong);
  return true;
}

static const char *const kBinary[][2] = {
    {"ADD", DLC_OP_TINY_ADD},     {"SUB", DLC_OP_TINY_SUB},
    {"MUL", DLC_OP_TINY_MUL},     {"MAX", DLC_OP_TINY_MAX},
    {"FDIV", DLC_OP_TINY_FDIV},   {"IDIV", DLC_OP_TINY_IDIV},
    {"MOD", DLC_OP_TINY_MOD},     {"POW", DLC_OP_TINY_POW},
    {"CMPLT", DLC_OP_TINY_CMPLT}, {"CMPNE", DLC_OP_TINY_CMPNE}};
static const char *const kUnary[][2] = {
    {"NEG", DLC_OP_TINY_NEG},   {"EXP2", DLC_OP_TINY_EXP2},
    {"LOG2", DLC_OP_TINY_LOG2}, {"SQRT", DLC_OP_TINY_SQRT},
    {"SIN", DLC_OP_TINY_SIN},   {"RECIPROCAL", DLC_OP_TINY_RECIP}};

static const char *lookup(const char *const (*table)[2], size_t n,
                          const char *op) {
  for (size_t i = 0; i < n; ++i)
    if (!strcmp(table[i][0], op))
      return table[i][1];
  return NULL;
}

/* E1501 for a UOp outside kKnown, naming those the importer reads. */
static bool checkKnown(FeImporter *im, const Uop *u) {
  for (const char *const *k = kKnown; *k; ++k)
    if (!strcmp(*k, u->op))
      return true;
  char known[600];
  size_t used = 0;
  for (const char *const *k = kKnown; *k && used < sizeof(known); ++k)
    used += (size_t)snprintf(known + used, sizeof(known) - used, "%s%s",
                             k == kKnown ? "" : ", ", *k);
  char why[700];
  snprintf(why, sizeof(why), "unknown UOp (DLC imports %s)", known);
  return unsupported(im, u,
                     "rewrite the graph with the supported UOps (or extend "
                     "lib/Frontend/ImportTinygrad.c)",
                     why);
}

/* Lowers a UOp of kKnown that is neither an input nor the SINK into
 * `self`. */
static bool lowerUop(FeImporter *im, const Uop *u, FeUop *self) {
  const char *tiny;
  self->kind = FE_UOP_TENSOR;
  if (!strcmp(u->op, "DEVICE") || !strcmp(u->op, "UNIQUE")) {
    self->kind = FE_UOP_NONE;
    return true;
  }
  if (!strcmp(u->op, "DEFINE_VAR")) {
    const DlcJsonValue *a = u->arg;
    const DlcJsonValue *name =
        a && a->kind == DlcJsonValueArray && a->count ? &a->items[0] : a;
    if (!name || name->kind != DlcJsonValueString ||
        !feIsIdentifier(name->string))
      return malformed(im, a ? a : u->json, u->path,
                       "DEFINE_VAR's arg is [name, min, max] (or the name), "
                       "the name an identifier");
    self->kind = FE_UOP_SYMBOL;
    self->symbol = feInternSymbol(im, name->string);
    return true;
  }
  if (!strcmp(u->op, "STACK") || !strcmp(u->op, "VECTORIZE")) {
    self->kind = FE_UOP_SHAPE;
    if (u->src->count > DLC_MAX_RANK)
      return malformed(im, u->src, u->path, "a shape of more than 8 entries");
    self->shape.rank = (int)u->src->count;
    for (size_t i = 0; i < u->src->count; ++i)
      if (!dimOfUop(source(im, u, i), &self->shape.dims[i])) {
        char path[FE_PATH_SIZE + 32];
        snprintf(path, sizeof(path), "%s.src[%zu]", u->path, i);
        return malformed(im, &u->src->items[i], path,
                         "a shape's entries are CONSTs (positive integers) "
                         "and DEFINE_VARs");
      }
    return true;
  }
  if (!strcmp(u->op, "CONST")) {
    const DlcJsonValue *a = u->arg;
    if (!u->element.ptr || !a ||
        (a->kind != DlcJsonValueNumber && a->kind != DlcJsonValueBool))
      return malformed(im, a ? a : u->json, u->path,
                       "CONST needs a dtype and a number (or boolean) arg");
    self->isConst = true;
    self->constant =
        a->kind == DlcJsonValueBool ? (a->boolean ? 1.0 : 0.0) : a->number;
    self->weak = u->weak;
    self->value.element = u->element; /* built when used: materialize */
    return true;
  }
  if ((tiny = lookup(kBinary, sizeof(kBinary) / sizeof(kBinary[0]), u->op))) {
    FeValue v[2];
    bool weak;
    if (!needSources(im, u, 2, 2) || !aluOperands(im, u, 0, 2, v, &weak))
      return false;
    char path[FE_PATH_SIZE + 8];
    snprintf(path, sizeof(path), "%s.src", u->path);
    self->weak = weak;
    return feBinaryAt(im, u->src, path, tiny, v[0], v[1], &self->value);
  }
  if (!strcmp(u->op, "WHERE")) {
    FeValue v[2];
    bool weak;
    const FeUop *cond;
    if (!needSources(im, u, 3, 3) || !(cond = tensorSource(im, u, 0)) ||
        !aluOperands(im, u, 1, 2, v, &weak))
      return false;
    DlcShape all;
    int bad;
    if (!mlirTypeIsAInteger(cond->value.element) ||
        mlirIntegerTypeGetWidth(cond->value.element) != 1)
      return malformed(im, u->src, u->path, "WHERE's condition is a bool");
    /* A pair that does not broadcast is reported by feBinaryAt, which
     * builds nothing for it: the values' pair first, then the condition
     * against their shape. */
    FeValue ab = v[0];
    if (!dlcShapeBroadcast(&v[0].shape, &v[1].shape, &ab.shape, &bad) ||
        !dlcShapeBroadcast(&cond->value.shape, &ab.shape, &all, &bad)) {
      FeValue ignored;
      char path[FE_PATH_SIZE + 8];
      snprintf(path, sizeof(path), "%s.src", u->path);
      bool values = dlcShapeBroadcast(&v[0].shape, &v[1].shape, &all, &bad);
      return values ? feBinaryAt(im, u->src, path, DLC_OP_TINY_WHERE,
                                 cond->value, ab, &ignored)
                    : feBinaryAt(im, u->src, path, DLC_OP_TINY_WHERE, v[0],
                                 v[1], &ignored);
    }
    self->weak = weak;
    self->value = feWhere(im, cond->value, v[0], v[1]);
    return true;
  }
  /* One tensor source from here on. */
  const FeUop *x;
  if (!needSources(im, u, 1,
                   !strcmp(u->op, "RESHAPE") || !strcmp(u->op, "EXPAND") ? 2
                                                                         : 1) ||
      !(x = tensorSource(im, u, 0)))
    return false;
  self->weak = x->weak;
  if ((tiny = lookup(kUnary, sizeof(kUnary) / sizeof(kUnary[0]), u->op))) {
    self->value = feUnary(im, tiny, x->value);
    return true;
  }
  if (!strcmp(u->op, "CAST")) {
    if (!u->element.ptr)
      return malformed(im, u->json, u->path, "CAST needs a dtype");
    self->weak = false;
    self->value = feCast(im, x->value, u->element);
    return true;
  }
  if (!strcmp(u->op, "DETACH") || !strcmp(u->op, "CONTIGUOUS") ||
      !strcmp(u->op, "CONTIGUOUS_BACKWARD")) {
    *self = *x;
    return true;
  }
  if (!strcmp(u->op, "REDUCE_AXIS") || !strcmp(u->op, "REDUCE"))
    return reduce(im, u, x->value, &self->value);
  /* The movement ops remain (checkKnown let no other UOp through). */
  self->isConst =
      x->isConst && x->value.shape.rank == 0 && !strcmp(u->op, "RESHAPE");
  self->constant = x->constant;
  return movement(im, u, x->value, &self->value);
}

/* Reads the common fields of uops[index]; src indices must point back. */
static bool readUop(FeImporter *im, const DlcJsonValue *json, size_t index,
                    Uop *u) {
  static const char *const keys[] = {"op",   "dtype", "src", "arg",
                                     "weak", "name",  NULL};
  static const DlcJsonValue empty = {.kind = DlcJsonValueArray};
  memset(u, 0, sizeof(*u));
  u->json = json;
  u->index = index;
  snprintf(u->path, sizeof(u->path), "uops[%zu]", index);
  if (!feExpectKind(im, json, u->path, DlcJsonValueObject) ||
      !feCheckKeys(im, json, u->path, keys))
    return false;
  const DlcJsonValue *op =
      feMember(im, json, u->path, "op", DlcJsonValueString, true);
  const DlcJsonValue *dtype =
      op ? feMember(im, json, u->path, "dtype", DlcJsonValueString, false)
         : NULL;
  const DlcJsonValue *weak =
      im->failed ? NULL
                 : feMember(im, json, u->path, "weak", DlcJsonValueBool, false);
  u->src = im->failed
               ? NULL
               : feMember(im, json, u->path, "src", DlcJsonValueArray, false);
  if (im->failed)
    return false;
  u->op = op->string;
  u->arg = dlcJsonValueGetMember(json, "arg");
  if (u->arg && u->arg->kind == DlcJsonValueNull)
    u->arg = NULL;
  u->weak = weak && weak->boolean;
  if (!u->src)
    u->src = &empty;
  char path[FE_PATH_SIZE + 32];
  if (dtype && !parseDtype(im, dtype->string, &u->element)) {
    snprintf(path, sizeof(path), "%s.dtype", u->path);
    char why[160];
    snprintf(why, sizeof(why),
             "unknown dtype \"%.40s\" (expected half, bfloat16, float, bool, "
             "int or long)",
             dtype->string);
    return malformed(im, dtype, path, why);
  }
  for (size_t i = 0; i < u->src->count; ++i) {
    const DlcJsonValue *s = &u->src->items[i];
    snprintf(path, sizeof(path), "%s.src[%zu]", u->path, i);
    if (s->kind != DlcJsonValueNumber || !s->isInteger || s->integer < 0 ||
        (size_t)s->integer >= index)
      return malformed(im, s, path,
                       "a source is the index of an earlier UOp (the list is "
                       "in topological order)");
  }
  return true;
}

static bool isInput(const char *op) {
  return !strcmp(op, "BUFFER") || !strcmp(op, "PARAM");
}

/* An input's name and shape: arg {"name": N, "shape": [...]} or, as
 * tinygrad's BUFFER, a size (a flat buffer named "buf<i>", written into
 * `numbered`). `*name` borrows N whole from the document, or `numbered`. */
static bool readInput(FeImporter *im, const DlcJsonValue *uops, const Uop *u,
                      char *numbered, size_t numberedSize, const char **name,
                      DlcShape *shape) {
  const DlcJsonValue *a = u->arg;
  char path[FE_PATH_SIZE + 16];
  snprintf(path, sizeof(path), "%s.arg", u->path);
  if (!u->element.ptr)
    return malformed(im, u->json, u->path, "an input needs a dtype");
  if (a && a->kind == DlcJsonValueObject) {
    static const char *const keys[] = {"name", "shape", NULL};
    if (!feCheckKeys(im, a, path, keys))
      return false;
    const DlcJsonValue *n =
        feMember(im, a, path, "name", DlcJsonValueString, true);
    const DlcJsonValue *s =
        n ? feMember(im, a, path, "shape", DlcJsonValueArray, true) : NULL;
    if (!s)
      return false;
    if (!feIsIdentifier(n->string))
      return malformed(im, n, path, "an input's name is an identifier");
    if (!feCheckTensorName(im, n, path, n->string))
      return false;
    *name = n->string;
    snprintf(path, sizeof(path), "%s.arg.shape", u->path);
    for (size_t d = 0; d < s->count; ++d)
      if (s->items[d].kind == DlcJsonValueString &&
          !feAddProductFactors(im, s->items[d].string, &s->items[d], path))
        return false;
    return readDims(im, s, path, shape);
  }
  snprintf(numbered, numberedSize, "buf%zu", u->index);
  *name = numbered;
  shape->rank = 1;
  if (a && a->kind == DlcJsonValueString &&
      !feAddProductFactors(im, a->string, a, path))
    return false;
  return a ? readDim(im, a, path, &shape->dims[0])
           : malformed(im, u->json, u->path,
                       "an input's arg is {\"name\", \"shape\"} or a size");
}

/* The func.func over the inputs (BUFFER/PARAM UOps in order). */
static MlirOperation createFunction(FeImporter *im, const DlcJsonValue *uops,
                                    const DlcJsonValue *name,
                                    MlirModule module) {
  enum { MaxInputs = 64 };
  MlirType types[MaxInputs];
  MlirAttribute attrs[MaxInputs];
  size_t inputAt[MaxInputs];
  size_t n = 0;
  for (size_t i = 0; i < uops->count; ++i) {
    const DlcJsonValue *op = dlcJsonValueGetMember(&uops->items[i], "op");
    if (!op || op->kind != DlcJsonValueString || !isInput(op->string))
      continue;
    Uop u;
    char numbered[32];     /* "buf<i>" */
    const char *inputName; /* borrowed: the document's or `numbered` */
    DlcShape shape;
    if (!readUop(im, &uops->items[i], i, &u) ||
        !readInput(im, uops, &u, numbered, sizeof(numbered), &inputName,
                   &shape))
      return (MlirOperation){NULL};
    if (n == MaxInputs) {
      malformed(im, u.json, u.path, "more than 64 inputs");
      return (MlirOperation){NULL};
    }
    for (int d = 0; d < shape.rank; ++d)
      if (shape.dims[d].size < 0 &&
          !feAddSymbol(im, shape.dims[d].symbol, u.json, u.path))
        return (MlirOperation){NULL};
    types[n] = feTensorType(im, &shape, u.element);
    attrs[n] = feNameDictionary(im, inputName);
    im->uops[i].kind = FE_UOP_TENSOR;
    im->uops[i].value.element = u.element;
    im->uops[i].value.shape = shape;
    inputAt[n++] = i;
  }
  im->numArgumentSymbols = im->symbols.count;
  MlirAttribute funcAttrs[] = {
      mlirStringAttrGet(im->ctx, mlirStringRefCreateFromCString(
                                     name ? name->string : "main")),
      mlirTypeAttrGet(
          mlirFunctionTypeGet(im->ctx, (intptr_t)n, types, 0, NULL)),
      mlirArrayAttrGet(im->ctx, (intptr_t)n, attrs),
  };
  const char *names[] = {"sym_name", "function_type", "arg_attrs"};
  DlcBuilder b =
      dlcBuilderAtEnd(mlirModuleGetBody(module), feJsonLocation(im, uops));
  MlirBlock body;
  MlirOperation func =
      dlcBuildWithRegion(&b, "func.func", 0, NULL, 0, NULL, n ? 3 : 2, names,
                         funcAttrs, (intptr_t)n, types, &body);
  im->b = dlcBuilderAtEnd(body, b.loc);
  for (size_t i = 0; i < n; ++i)
    im->uops[inputAt[i]].value.value = mlirBlockGetArgument(body, (intptr_t)i);
  return func;
}

/* SINK: its sources are the results, named by its arg (a list of names)
 * or out0, out1, ... */
static bool finishFunction(FeImporter *im, const Uop *u, MlirOperation func) {
  enum { MaxOutputs = 16 };
  MlirValue values[MaxOutputs];
  MlirType types[MaxOutputs];
  MlirAttribute attrs[MaxOutputs];
  size_t n = u->src->count;
  if (n == 0 || n > MaxOutputs)
    return malformed(im, u->json, u->path,
                     "the SINK has 1 to 16 sources (the graph's outputs)");
  const DlcJsonValue *names = u->arg;
  if (names && (names->kind != DlcJsonValueArray || names->count != n))
    return malformed(im, names, u->path,
                     "the SINK's arg names each output (a list of as many "
                     "names as sources)");
  for (size_t i = 0; i < n; ++i) {
    const FeUop *s = tensorSource(im, u, i);
    if (!s)
      return false;
    char name[32];
    snprintf(name, sizeof(name), "out%zu", i);
    const char *text = name;
    if (names) {
      const DlcJsonValue *v = &names->items[i];
      if (v->kind != DlcJsonValueString || !feIsIdentifier(v->string))
        return malformed(im, v, u->path, "an output name is an identifier");
      if (!feCheckTensorName(im, v, u->path, v->string))
        return false;
      text = v->string;
    }
    values[i] = s->value.value;
    types[i] = mlirValueGetType(values[i]);
    attrs[i] = feNameDictionary(im, text);
  }
  return feReturn(im, func, u->json, (intptr_t)n, values, types, attrs) &&
         feFinishSymbols(im, func) && feFinishMaps(im);
}

static MlirModule importGraph(FeImporter *im, const DlcJsonValue *root) {
  static const char *const rootKeys[] = {"name", "uops", NULL};
  if (!feExpectKind(im, root, "document", DlcJsonValueObject) ||
      !feCheckKeys(im, root, "document", rootKeys))
    return (MlirModule){NULL};
  const DlcJsonValue *name =
      feMember(im, root, "", "name", DlcJsonValueString, false);
  const DlcJsonValue *uops =
      im->failed ? NULL
                 : feMember(im, root, "", "uops", DlcJsonValueArray, true);
  if (!uops)
    return (MlirModule){NULL};
  if (name && !feIsIdentifier(name->string)) {
    malformed(im, name, "name", "the graph name is an identifier");
    return (MlirModule){NULL};
  }
  const DlcJsonValue *last = uops->count ? &uops->items[uops->count - 1] : NULL;
  const DlcJsonValue *lastOp = last ? dlcJsonValueGetMember(last, "op") : NULL;
  if (!lastOp || lastOp->kind != DlcJsonValueString ||
      strcmp(lastOp->string, "SINK")) {
    char path[FE_PATH_SIZE];
    snprintf(path, sizeof(path), "uops[%zu]",
             uops->count ? uops->count - 1 : 0);
    malformed(im, last ? last : uops, uops->count ? path : "uops",
              "the last UOp is the SINK whose sources are the outputs");
    return (MlirModule){NULL};
  }
  im->uops = calloc(uops->count, sizeof(FeUop));
  im->numUops = uops->count;
  if (!im->uops) {
    feError(im, uops, "uops", "out of memory");
    return (MlirModule){NULL};
  }
  /* DEFINE_VARs first (they emit nothing): input shapes may name them. */
  for (size_t i = 0; i < uops->count; ++i) {
    const DlcJsonValue *op = dlcJsonValueGetMember(&uops->items[i], "op");
    Uop u;
    if (op && op->kind == DlcJsonValueString &&
        !strcmp(op->string, "DEFINE_VAR") &&
        (!readUop(im, &uops->items[i], i, &u) ||
         !lowerUop(im, &u, &im->uops[i])))
      return (MlirModule){NULL};
  }
  MlirModule module = mlirModuleCreateEmpty(feJsonLocation(im, root));
  MlirOperation func = createFunction(im, uops, name, module);
  bool ok = !mlirOperationIsNull(func);
  for (size_t i = 0; ok && i < uops->count; ++i) {
    Uop u;
    ok = readUop(im, &uops->items[i], i, &u);
    if (!ok || !(ok = checkKnown(im, &u)) || isInput(u.op) ||
        !strcmp(u.op, "DEFINE_VAR"))
      continue;
    im->b.loc = feJsonLocation(im, u.json);
    if (!strcmp(u.op, "SINK"))
      ok = i + 1 == uops->count
               ? finishFunction(im, &u, func)
               : malformed(im, u.json, u.path, "a graph has one SINK, last");
    else
      ok = lowerUop(im, &u, &im->uops[i]) && !im->failed;
  }
  return feFinishModule(im, module, ok);
}

MlirModule dlcImportTinygradJson(MlirContext ctx, MlirStringRef json,
                                 MlirStringRef sourceName,
                                 MlirStringCallback errorCallback,
                                 void *userData) {
  return feImport(ctx, json, sourceName, errorCallback, userData, importGraph,
                  &dlcGraphMalformed, kFormat);
}
