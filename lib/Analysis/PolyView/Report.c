/* Poly-View results: polyview.* attributes on the ops and the §5.2 JSON.
 *
 * Every op gets polyview.domain (its simplified domain, isl syntax),
 * polyview.pieces and polyview.accesses (one isl map per operand); a
 * region boundary gets polyview.boundary (why), a ContractionPattern
 * polyview.pattern. The JSON dump has one block per op (§5.2 "blocks"),
 * the producer -> consumer edges and the axis names. docs/analysis.md. */
#include "Builder.h"
#include "DialectNames.h"
#include "PolyView.h"

#include "dlc/Json.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "dlc/Diagnostics.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void pvJsonString(FILE *out, const char *text) {
  dlcJsonWriteString(out, text ? text : "");
}

static const char *opName(const PvValue *v) {
  static const char *const names[] = {
      DLC_OP_INDEXBOOK_LEAF,   DLC_OP_INDEXBOOK_CONST,
      DLC_OP_INDEXBOOK_VIEW,   DLC_OP_INDEXBOOK_UNARY,
      DLC_OP_INDEXBOOK_BINARY, DLC_OP_INDEXBOOK_TERNARY,
      DLC_OP_INDEXBOOK_REDUCE, DLC_OP_INDEXBOOK_CONTRACT};
  return names[v->kind];
}

/* The mul of a detected mul -> reduce(sum) pattern, if `index` is one. */
static int patternOfMul(const PvFunction *fn, int index) {
  for (int i = 0; i < fn->numValues; ++i)
    if (fn->values[i].pattern.found && fn->values[i].pattern.mul == index)
      return i;
  return -1;
}

/* The implicit "else" piece of a domain (§4.5): the box minus the domain,
 * where a view reads padding and a reduction skips points; NULL when empty
 * (the caller frees the text). */
static char *elsePiece(const PvFunction *fn, const PvValue *v) {
  if (!v->box || !v->domain)
    return NULL;
  isl_set *rest =
      isl_set_subtract(isl_set_copy(v->box), isl_set_copy(v->domain));
  char *text = NULL;
  if (rest && isl_set_is_empty(rest) == isl_bool_false) {
    rest = isl_set_coalesce(isl_set_remove_redundancies(
        isl_set_gist_params(rest, isl_set_copy(fn->context))));
    text = pvSetText(rest);
  }
  isl_set_free(rest);
  return text;
}

/* --- attributes ----------------------------------------------------------- */

static void setAttr(MlirOperation op, const char *name, MlirAttribute value) {
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString(name),
                                  value);
}

/* The largest index a window reaches, when all its sizes are static. */
static bool windowMax(const PvValue *v, const PvWindow *w, int64_t *max) {
  const PvAxis *o = &v->axes[w->out], *r = &v->axes[w->window];
  if (o->symbol >= 0 || r->symbol >= 0)
    return false;
  *max =
      w->stride * (o->extent - 1) + w->dilation * (r->extent - 1) + w->offset;
  return true;
}

/* Over-reads of a window into the padding: below 0 and past the base
 * tensor's last index (when static). */
static void overRead(const PvFunction *fn, const PvValue *v, const PvWindow *w,
                     int64_t *lo, int64_t *hi, bool *hiKnown) {
  const PvValue *base = &fn->values[v->pattern.base[w->operand]];
  const PvAxis *x = &base->axes[base->resultAxis[w->dim]];
  *lo = w->offset < 0 ? -w->offset : 0;
  int64_t max = 0;
  *hiKnown = x->symbol < 0 && windowMax(v, w, &max);
  *hi = *hiKnown && max > x->extent - 1 ? max - (x->extent - 1) : 0;
}

static MlirAttribute namesArray(MlirContext ctx, const PvValue *v,
                                bool reduce) {
  MlirAttribute items[PV_MAX_RANK];
  int n = 0;
  for (int a = 0; a < v->rank; ++a)
    if ((v->axes[a].kind == 'r') == reduce)
      items[n++] = dlcStringAttr(ctx, v->axisName[a]);
  return mlirArrayAttrGet(ctx, n, items);
}

static MlirAttribute indexArray(MlirContext ctx, const PvFunction *fn,
                                const PvValue *v, int operand) {
  isl_size n = isl_multi_aff_dim(v->pattern.access[operand], isl_dim_out);
  MlirAttribute items[PV_MAX_RANK];
  for (isl_size j = 0; j < n && j < PV_MAX_RANK; ++j) {
    char text[128];
    pvPatternIndexText(fn, v, operand, (int)j, text, sizeof(text));
    items[j] = dlcStringAttr(ctx, text);
  }
  return mlirArrayAttrGet(ctx, n < 0 ? 0 : (n > PV_MAX_RANK ? PV_MAX_RANK : n),
                          items);
}

/* What the report says of one window, as attribute and as JSON. */
typedef struct WindowFacts {
  char key[32];   /* "lhs[1]": the operand dim it indexes */
  char expr[128]; /* the index expression */
  int64_t lo, hi; /* over-read before and after the extent */
  bool hiKnown;
} WindowFacts;

static void windowFacts(const PvFunction *fn, const PvValue *v,
                        const PvWindow *w, WindowFacts *f) {
  snprintf(f->key, sizeof(f->key), "%s[%d]", w->operand ? "rhs" : "lhs",
           w->dim);
  pvPatternIndexText(fn, v, w->operand, w->dim, f->expr, sizeof(f->expr));
  overRead(fn, v, w, &f->lo, &f->hi, &f->hiKnown);
}

static MlirAttribute patternAttr(MlirContext ctx, const PvFunction *fn,
                                 const PvValue *v) {
  const PvPattern *pt = &v->pattern;
  MlirNamedAttribute offsets[PV_MAX_WINDOWS];
  for (int i = 0; i < pt->numWindows; ++i) {
    const PvWindow *w = &pt->windows[i];
    WindowFacts f;
    windowFacts(fn, v, w, &f);
    MlirNamedAttribute over[] = {
        dlcNamedAttr(ctx, "lo", dlcI64Attr(ctx, f.lo)),
        dlcNamedAttr(ctx, "hi", dlcI64Attr(ctx, f.hi))};
    MlirNamedAttribute fields[] = {
        dlcNamedAttr(ctx, "expr", dlcStringAttr(ctx, f.expr)),
        dlcNamedAttr(ctx, "out", dlcStringAttr(ctx, v->axisName[w->out])),
        dlcNamedAttr(ctx, "window", dlcStringAttr(ctx, v->axisName[w->window])),
        dlcNamedAttr(ctx, "stride", dlcI64Attr(ctx, w->stride)),
        dlcNamedAttr(ctx, "dilation", dlcI64Attr(ctx, w->dilation)),
        dlcNamedAttr(ctx, "offset", dlcI64Attr(ctx, w->offset)),
        dlcNamedAttr(ctx, "over_read",
                     mlirDictionaryAttrGet(ctx, f.hiKnown ? 2 : 1, over)),
    };
    offsets[i] = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(f.key)),
        mlirDictionaryAttrGet(ctx, 7, fields));
  }
  MlirNamedAttribute fields[9];
  int n = 0;
  fields[n++] = dlcNamedAttr(ctx, "kind",
                             dlcStringAttr(ctx, pt->conv ? "conv" : "matmul"));
  fields[n++] = dlcNamedAttr(ctx, "lhs",
                             dlcStringAttr(ctx, fn->values[pt->base[0]].name));
  fields[n++] = dlcNamedAttr(ctx, "rhs",
                             dlcStringAttr(ctx, fn->values[pt->base[1]].name));
  fields[n++] = dlcNamedAttr(ctx, "lhs_idx", indexArray(ctx, fn, v, 0));
  fields[n++] = dlcNamedAttr(ctx, "rhs_idx", indexArray(ctx, fn, v, 1));
  fields[n++] = dlcNamedAttr(ctx, "out_idx", namesArray(ctx, v, false));
  fields[n++] = dlcNamedAttr(ctx, "reduce_idx", namesArray(ctx, v, true));
  fields[n++] =
      dlcNamedAttr(ctx, "affine_offsets",
                   mlirDictionaryAttrGet(ctx, pt->numWindows, offsets));
  if (pt->fromMul)
    fields[n++] =
        dlcNamedAttr(ctx, "mul", dlcStringAttr(ctx, fn->values[pt->mul].name));
  return mlirDictionaryAttrGet(ctx, n, fields);
}

void pvAttachAttributes(const PvFunction *fn) {
  for (int i = 0; i < fn->numValues; ++i) {
    const PvValue *v = &fn->values[i];
    MlirContext ctx = mlirOperationGetContext(v->op);
    if (!v->scop) {
      setAttr(v->op, "polyview.boundary", dlcStringAttr(ctx, v->boundary));
      continue;
    }
    char *text = pvSetText(v->simple);
    setAttr(v->op, "polyview.domain", dlcStringAttr(ctx, text ? text : ""));
    free(text);
    setAttr(v->op, "polyview.pieces", dlcI64Attr(ctx, v->pieces));
    char *rest = elsePiece(fn, v);
    if (rest)
      setAttr(v->op, "polyview.else", dlcStringAttr(ctx, rest));
    free(rest);
    MlirAttribute accesses[PV_MAX_OPERANDS];
    int n = 0;
    for (int k = 0; k < v->numOperands && v->kind != PV_LEAF; ++k) {
      char *map = pvAccessText(v->access[k]);
      accesses[n++] = dlcStringAttr(ctx, map ? map : "");
      free(map);
    }
    if (v->kind != PV_LEAF && v->kind != PV_CONST)
      setAttr(v->op, "polyview.accesses", mlirArrayAttrGet(ctx, n, accesses));
    if (v->pattern.found)
      setAttr(v->op, "polyview.pattern", patternAttr(ctx, fn, v));
  }
}

/* --- JSON ------------------------------------------------------------------
 */

static void indentBy(FILE *out, int indent) { fprintf(out, "%*s", indent, ""); }

static void writeIsl(FILE *out, char *text) {
  pvJsonString(out, text ? text : "");
  free(text);
}

static void writeNames(FILE *out, const PvValue *v, bool reduce) {
  fputc('[', out);
  bool first = true;
  for (int a = 0; a < v->rank; ++a)
    if ((v->axes[a].kind == 'r') == reduce) {
      fputs(first ? "" : ", ", out);
      pvJsonString(out, v->axisName[a]);
      first = false;
    }
  fputc(']', out);
}

static void writeIndices(FILE *out, const PvFunction *fn, const PvValue *v,
                         int operand) {
  isl_size n = isl_multi_aff_dim(v->pattern.access[operand], isl_dim_out);
  fputc('[', out);
  for (isl_size j = 0; j < n; ++j) {
    char text[128];
    pvPatternIndexText(fn, v, operand, (int)j, text, sizeof(text));
    fputs(j ? ", " : "", out);
    pvJsonString(out, text);
  }
  fputc(']', out);
}

static void writePattern(FILE *out, const PvFunction *fn, const PvValue *v) {
  const PvPattern *pt = &v->pattern;
  fputs("{\"pattern\": ", out);
  pvJsonString(out, pt->conv ? "conv" : "matmul");
  fputs(", \"lhs\": ", out);
  pvJsonString(out, fn->values[pt->base[0]].name);
  fputs(", \"rhs\": ", out);
  pvJsonString(out, fn->values[pt->base[1]].name);
  fputs(", \"lhs_idx\": ", out);
  writeIndices(out, fn, v, 0);
  fputs(", \"rhs_idx\": ", out);
  writeIndices(out, fn, v, 1);
  fputs(", \"out_idx\": ", out);
  writeNames(out, v, false);
  fputs(", \"reduce_idx\": ", out);
  writeNames(out, v, true);
  fputs(", \"affine_offsets\": {", out);
  for (int i = 0; i < pt->numWindows; ++i) {
    const PvWindow *w = &pt->windows[i];
    WindowFacts f;
    windowFacts(fn, v, w, &f);
    fputs(i ? ", " : "", out);
    pvJsonString(out, f.key);
    fputs(": {\"expr\": ", out);
    pvJsonString(out, f.expr);
    fputs(", \"out\": ", out);
    pvJsonString(out, v->axisName[w->out]);
    fputs(", \"window\": ", out);
    pvJsonString(out, v->axisName[w->window]);
    fprintf(out,
            ", \"stride\": %lld, \"dilation\": %lld, \"offset\": %lld, "
            "\"over_read\": {\"lo\": %lld",
            (long long)w->stride, (long long)w->dilation, (long long)w->offset,
            (long long)f.lo);
    if (f.hiKnown)
      fprintf(out, ", \"hi\": %lld", (long long)f.hi);
    fputs("}}", out);
  }
  fputc('}', out);
  if (pt->fromMul) {
    fputs(", \"mul\": ", out);
    pvJsonString(out, fn->values[pt->mul].name);
  }
  fputc('}', out);
}

static void writeBlock(FILE *out, const PvFunction *fn, int index, int indent) {
  const PvValue *v = &fn->values[index];
  indentBy(out, indent);
  fputs("{\n", out);
  indentBy(out, indent + 2);
  fputs("\"name\": ", out);
  pvJsonString(out, v->name);
  fputs(",\n", out);
  indentBy(out, indent + 2);
  fputs("\"op\": ", out);
  pvJsonString(out, opName(v));
  if (v->fn[0]) {
    fputs(", \"fn\": ", out);
    pvJsonString(out, v->fn);
  }
  fputs(",\n", out);
  indentBy(out, indent + 2);
  fputs("\"kind\": ", out);
  int owner = patternOfMul(fn, index);
  pvJsonString(out, !v->scop           ? "region_boundary"
                    : v->pattern.found ? "contraction_pattern"
                    : owner >= 0       ? "contraction_operand"
                                       : "statement");
  if (!v->scop) {
    fputs(",\n", out);
    indentBy(out, indent + 2);
    fputs("\"boundary\": ", out);
    pvJsonString(out, v->boundary);
    fputc('\n', out);
    indentBy(out, indent);
    fputc('}', out);
    return;
  }
  fputs(",\n", out);
  indentBy(out, indent + 2);
  fputs("\"domain\": {\"set\": ", out);
  writeIsl(out, pvSetText(v->simple));
  fprintf(out, ", \"pieces\": %d", v->pieces);
  char *rest = elsePiece(fn, v);
  if (rest) {
    fputs(", \"else\": ", out);
    writeIsl(out, rest);
  }
  fputs("},\n", out);
  indentBy(out, indent + 2);
  fputs("\"accesses\": [", out);
  for (int k = 0; k < v->numOperands; ++k) {
    fputs(k ? ", " : "", out);
    fputs("{\"tensor\": ", out);
    pvJsonString(out, fn->values[v->operand[k]].name);
    fputs(", \"map\": ", out);
    writeIsl(out, pvAccessText(v->access[k]));
    fputc('}', out);
  }
  isl_multi_aff *write = pvWriteAccess(fn, v);
  fputs(v->numOperands ? ", " : "", out);
  fputs("{\"tensor\": ", out);
  pvJsonString(out, v->name);
  fputs(", \"map\": ", out);
  writeIsl(out, pvAccessText(write));
  fputs(", \"write\": true}]", out);
  isl_multi_aff_free(write);
  if (v->pattern.found) {
    fputs(",\n", out);
    indentBy(out, indent + 2);
    fputs("\"attrs\": ", out);
    writePattern(out, fn, v);
  } else if (owner >= 0) {
    fputs(",\n", out);
    indentBy(out, indent + 2);
    fputs("\"attrs\": {\"contraction\": ", out);
    pvJsonString(out, fn->values[owner].name);
    fputc('}', out);
  }
  fputc('\n', out);
  indentBy(out, indent);
  fputc('}', out);
}

void pvWriteJson(FILE *out, const PvFunction *fn, int indent) {
  fputs("{\n", out);
  indentBy(out, indent + 2);
  fputs("\"poly_view\": {\n", out);
  int in = indent + 4;
  indentBy(out, in);
  fputs("\"function\": ", out);
  pvJsonString(out, fn->name);
  fputs(",\n", out);
  indentBy(out, in);
  fputs("\"params\": [", out);
  for (int p = 0; p < fn->symbols.count; ++p) {
    fputs(p ? ", " : "", out);
    dlcJsonWriteStringRef(out, fn->symbols.names[p]);
  }
  fputs("],\n", out);
  indentBy(out, in);
  fputs("\"context\": ", out);
  writeIsl(out, pvSetText(fn->context));
  fputs(",\n", out);
  indentBy(out, in);
  fputs("\"axes\": {", out);
  for (int c = 0; c < fn->numClasses; ++c) {
    char size[PV_NAME];
    pvSizeText(fn, fn->classes[c].symbol, fn->classes[c].extent, size,
               sizeof(size));
    fputs(c ? ", " : "", out);
    pvJsonString(out, fn->classes[c].name);
    fputs(": ", out);
    if (fn->classes[c].symbol >= 0)
      pvJsonString(out, size);
    else
      fputs(size, out);
  }
  fputs("},\n", out);
  indentBy(out, in);
  fputs("\"inputs\": [", out);
  bool first = true;
  for (int i = 0; i < fn->numValues; ++i)
    if (fn->values[i].kind == PV_LEAF) {
      fputs(first ? "" : ", ", out);
      pvJsonString(out, fn->values[i].name);
      first = false;
    }
  fputs("],\n", out);
  indentBy(out, in);
  fputs("\"blocks\": [", out);
  first = true;
  for (int i = 0; i < fn->numValues; ++i) {
    if (fn->values[i].kind == PV_LEAF)
      continue;
    fputs(first ? "\n" : ",\n", out);
    writeBlock(out, fn, i, in + 2);
    first = false;
  }
  if (!first) {
    fputc('\n', out);
    indentBy(out, in);
  }
  fputs("],\n", out);
  indentBy(out, in);
  fputs("\"edges\": [", out);
  first = true;
  for (int i = 0; i < fn->numValues; ++i)
    for (int k = 0; k < fn->values[i].numOperands; ++k) {
      int p = fn->values[i].operand[k];
      if (p < 0)
        continue;
      fputs(first ? "" : ", ", out);
      fputs("{\"from\": ", out);
      pvJsonString(out, fn->values[p].name);
      fputs(", \"to\": ", out);
      pvJsonString(out, fn->values[i].name);
      fputc('}', out);
      first = false;
    }
  fputs("]\n", out);
  indentBy(out, indent + 2);
  fputs("}\n", out);
  indentBy(out, indent);
  fputc('}', out);
}

/* --- report files ----------------------------------------------------------
 */

bool pvReportBegin(PvReport *report, const char *path, int count,
                   MlirOperation at) {
  *report = (PvReport){NULL, path, at, count, 0};
  if (!path[0])
    return true;
  report->out = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
  if (!report->out) {
    dlcEmitDiagnostic(at, &dlcAnalysisOptionInvalid,
                      "give the option a writable path, or - for stdout",
                      "option 'report': cannot open '%s': %s", path,
                      strerror(errno));
    return false;
  }
  if (count != 1)
    fputs("[", report->out);
  return true;
}

int pvReportEntry(PvReport *report) {
  if (report->count == 1)
    return 0;
  fputs(report->written++ ? ",\n  " : "\n  ", report->out);
  return 2;
}

bool pvReportEnd(PvReport *report) {
  FILE *out = report->out;
  if (!out)
    return true;
  fputs(report->count == 1 ? "\n" : report->written ? "\n]\n" : "]\n", out);
  bool ok = !ferror(out);
  if (out == stdout)
    ok &= fflush(out) == 0;
  else
    ok &= fclose(out) == 0;
  if (!ok)
    dlcEmitDiagnostic(report->at, &dlcAnalysisOptionInvalid,
                      "give the option a writable path, or - for stdout",
                      "option 'report': writing '%s' failed", report->path);
  return ok;
}
