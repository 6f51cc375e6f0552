/* Poly-Core results: polycore.* attributes and the §7.1 JSON report.
 *
 * Each statement gets polycore.parallel_axes and polycore.reduce_axes; the
 * function gets polycore.analysis, one dictionary with the §7.1 fields
 * (parallel_axes, reduce_axes, tail_axes, compute_at {ok, halo {bytes,
 * per_axis}}, min_buffer {buffer, depth}) and the hints. The JSON report
 * holds the same plus the dependence relations. docs/analysis.md. */
#include "Builder.h"
#include "PolyCore.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

/* --- shared facts ------------------------------------------------------------
 */

static bool isParallel(const PcAnalysis *pc, int value, int a) {
  const PvValue *v = &pc->fn->values[value];
  return v->axes[a].kind != 'r' && !pc->carried[value][a];
}

static const char *valueName(const PcAnalysis *pc, int value) {
  return pc->fn->values[value].name;
}

static int64_t haloRadius(const PcAnalysis *pc, int a) {
  return pc->haloLo[a] > pc->haloHi[a] ? pc->haloLo[a] : pc->haloHi[a];
}

static const char *bankHint(const PcOperand *op) {
  return op->ways <= 1 ? "none" : "xor_swizzle";
}

/* --- attributes ----------------------------------------------------------- */

/* Names of the axes of `value` selected by `pick` (0 parallel, 1 reduce,
 * 2 tail of the anchor). */
static MlirAttribute axisList(MlirContext ctx, const PcAnalysis *pc, int value,
                              int pick) {
  const PvValue *v = &pc->fn->values[value];
  MlirAttribute items[PV_MAX_RANK];
  int n = 0;
  for (int a = 0; a < v->rank; ++a) {
    bool take = pick == 0   ? isParallel(pc, value, a)
                : pick == 1 ? v->axes[a].kind == 'r'
                            : pc->tiling.tail[a];
    if (take)
      items[n++] = dlcStringAttr(ctx, v->axisName[a]);
  }
  return mlirArrayAttrGet(ctx, n, items);
}

static MlirAttribute dict(MlirContext ctx, int n,
                          const MlirNamedAttribute *entries) {
  return mlirDictionaryAttrGet(ctx, n, entries);
}

static MlirAttribute computeAtAttr(MlirContext ctx, const PcAnalysis *pc) {
  const PvFunction *fn = pc->fn;
  const PvValue *v = &fn->values[pc->anchor];
  MlirNamedAttribute perAxis[PV_MAX_RANK];
  for (int a = 0; a < v->rank; ++a)
    perAxis[a] =
        dlcNamedAttr(ctx, v->axisName[a], dlcI64Attr(ctx, haloRadius(pc, a)));
  MlirNamedAttribute halo[] = {
      dlcNamedAttr(ctx, "bytes", dlcI64Attr(ctx, pc->haloBytes)),
      dlcNamedAttr(ctx, "per_axis", dict(ctx, v->rank, perAxis)),
  };
  MlirAttribute whole[PV_MAX_RANK];
  int n = 0;
  for (int c = 0; c < fn->numClasses && n < PV_MAX_RANK; ++c)
    if (pc->wholeClass[c])
      whole[n++] = dlcStringAttr(ctx, fn->classes[c].name);
  MlirNamedAttribute fields[] = {
      dlcNamedAttr(ctx, "ok", mlirBoolAttrGet(ctx, pc->computeAtOk)),
      dlcNamedAttr(ctx, "whole_axes", mlirArrayAttrGet(ctx, n, whole)),
      dlcNamedAttr(ctx, "halo", dict(ctx, 2, halo)),
  };
  return dict(ctx, 3, fields);
}

static MlirAttribute hintsAttr(MlirContext ctx, const PcAnalysis *pc) {
  MlirAttribute *items = malloc((size_t)(pc->numHints + 1) * sizeof(*items));
  if (!items)
    return mlirArrayAttrGet(ctx, 0, NULL);
  for (int i = 0; i < pc->numHints; ++i) {
    const PcHint *h = &pc->hints[i];
    MlirNamedAttribute fields[4];
    int n = 0;
    fields[n++] = dlcNamedAttr(ctx, "kind", dlcStringAttr(ctx, h->kind));
    if (h->other < 0) {
      fields[n++] =
          dlcNamedAttr(ctx, "at", dlcStringAttr(ctx, valueName(pc, h->at)));
      fields[n++] = dlcNamedAttr(ctx, "depth", dlcI64Attr(ctx, h->depth));
    } else {
      fields[n++] =
          dlcNamedAttr(ctx, "after", dlcStringAttr(ctx, valueName(pc, h->at)));
      fields[n++] = dlcNamedAttr(ctx, "before",
                                 dlcStringAttr(ctx, valueName(pc, h->other)));
      fields[n++] = dlcNamedAttr(
          ctx, "axis", dlcStringAttr(ctx, pc->fn->classes[h->cls].name));
    }
    items[i] = dict(ctx, n, fields);
  }
  MlirAttribute list = mlirArrayAttrGet(ctx, pc->numHints, items);
  free(items);
  return list;
}

static MlirAttribute operandsAttr(MlirContext ctx, const PcAnalysis *pc) {
  MlirAttribute *items = malloc((size_t)(pc->numOperands + 1) * sizeof(*items));
  if (!items)
    return mlirArrayAttrGet(ctx, 0, NULL);
  for (int i = 0; i < pc->numOperands; ++i) {
    const PcOperand *op = &pc->operands[i];
    MlirNamedAttribute fields[] = {
        dlcNamedAttr(ctx, "tensor",
                     dlcStringAttr(ctx, valueName(pc, op->base))),
        dlcNamedAttr(ctx, "at", dlcStringAttr(ctx, valueName(pc, op->at))),
        dlcNamedAttr(ctx, "buffer",
                     dlcStringAttr(ctx, pcBufferName(PC_SMEM_RING))),
        dlcNamedAttr(ctx, "depth", dlcI64Attr(ctx, op->depth)),
        dlcNamedAttr(ctx, "tile",
                     mlirDenseI64ArrayGet(ctx, op->rank, op->tile)),
        dlcNamedAttr(ctx, "bank_ways", dlcI64Attr(ctx, op->ways)),
        dlcNamedAttr(ctx, "bank_hint", dlcStringAttr(ctx, bankHint(op))),
    };
    items[i] = dict(ctx, 7, fields);
  }
  MlirAttribute list = mlirArrayAttrGet(ctx, pc->numOperands, items);
  free(items);
  return list;
}

static MlirAttribute edgesAttr(MlirContext ctx, const PcAnalysis *pc) {
  MlirAttribute *items = calloc((size_t)pc->numEdges + 1, sizeof(*items));
  if (!items)
    return mlirArrayAttrGet(ctx, 0, NULL);
  for (int e = 0; e < pc->numEdges; ++e) {
    const PcEdge *edge = &pc->edges[e];
    MlirNamedAttribute fields[] = {
        dlcNamedAttr(ctx, "from",
                     dlcStringAttr(ctx, valueName(pc, edge->from))),
        dlcNamedAttr(ctx, "to", dlcStringAttr(ctx, valueName(pc, edge->to))),
        dlcNamedAttr(ctx, "buffer",
                     dlcStringAttr(ctx, pcBufferName(edge->buffer))),
    };
    items[e] = dict(ctx, 3, fields);
  }
  MlirAttribute result = mlirArrayAttrGet(ctx, pc->numEdges, items);
  free(items);
  return result;
}

void pcAttachAttributes(const PcAnalysis *pc) {
  const PvFunction *fn = pc->fn;
  MlirContext ctx = mlirOperationGetContext(fn->func);
  for (int i = 0; i < fn->numValues; ++i) {
    if (!pc->isStatement[i])
      continue;
    MlirOperation op = fn->values[i].op;
    mlirOperationSetAttributeByName(
        op, mlirStringRefCreateFromCString("polycore.parallel_axes"),
        axisList(ctx, pc, i, 0));
    mlirOperationSetAttributeByName(
        op, mlirStringRefCreateFromCString("polycore.reduce_axes"),
        axisList(ctx, pc, i, 1));
  }
  if (pc->anchor < 0)
    return;
  const PvValue *v = &fn->values[pc->anchor];
  MlirNamedAttribute tiles[PV_MAX_RANK];
  for (int a = 0; a < v->rank; ++a)
    tiles[a] =
        dlcNamedAttr(ctx, v->axisName[a], dlcI64Attr(ctx, pc->tiling.tile[a]));
  MlirNamedAttribute buffer[] = {
      dlcNamedAttr(ctx, "buffer",
                   dlcStringAttr(ctx, pcBufferName(pc->minBuffer))),
      dlcNamedAttr(ctx, "depth", dlcI64Attr(ctx, pc->depth)),
  };
  MlirNamedAttribute fields[] = {
      dlcNamedAttr(ctx, "anchor", dlcStringAttr(ctx, v->name)),
      dlcNamedAttr(ctx, "tile", mlirDenseI64ArrayGet(ctx, 3, pc->tileOption)),
      dlcNamedAttr(ctx, "tiles", dict(ctx, v->rank, tiles)),
      dlcNamedAttr(ctx, "parallel_axes", axisList(ctx, pc, pc->anchor, 0)),
      dlcNamedAttr(ctx, "reduce_axes", axisList(ctx, pc, pc->anchor, 1)),
      dlcNamedAttr(ctx, "tail_axes", axisList(ctx, pc, pc->anchor, 2)),
      dlcNamedAttr(ctx, "affine_closed",
                   mlirBoolAttrGet(ctx, pc->affineClosed)),
      dlcNamedAttr(ctx, "compute_at", computeAtAttr(ctx, pc)),
      dlcNamedAttr(ctx, "min_buffer", dict(ctx, 2, buffer)),
      dlcNamedAttr(ctx, "edges", edgesAttr(ctx, pc)),
      dlcNamedAttr(ctx, "operands", operandsAttr(ctx, pc)),
      dlcNamedAttr(ctx, "barriers", hintsAttr(ctx, pc)),
  };
  mlirOperationSetAttributeByName(
      fn->func, mlirStringRefCreateFromCString("polycore.analysis"),
      dict(ctx, (int)(sizeof(fields) / sizeof(fields[0])), fields));
}

/* --- JSON ------------------------------------------------------------------
 */

static void line(FILE *out, int indent, const char *key) {
  fprintf(out, ",\n%*s", indent, "");
  pvJsonString(out, key);
  fputs(": ", out);
}

static void writeAxes(FILE *out, const PcAnalysis *pc, int value, int pick) {
  const PvValue *v = &pc->fn->values[value];
  fputc('[', out);
  bool first = true;
  for (int a = 0; a < v->rank; ++a) {
    bool take = pick == 0   ? isParallel(pc, value, a)
                : pick == 1 ? v->axes[a].kind == 'r'
                : pick == 2 ? pc->tiling.tail[a]
                            : pc->carried[value][a];
    if (!take)
      continue;
    fputs(first ? "" : ", ", out);
    pvJsonString(out, v->axisName[a]);
    first = false;
  }
  fputc(']', out);
}

static void writeStrings(FILE *out, const char *const *items, int n) {
  fputc('[', out);
  for (int i = 0; i < n; ++i) {
    fputs(i ? ", " : "", out);
    pvJsonString(out, items[i]);
  }
  fputc(']', out);
}

/* The anchor's reads composed through the views down to their base
 * tensors, restricted to where they are in bounds (gisted against the
 * anchor's box: what remains is the pad guard). */
static void writeAnchorReads(FILE *out, const PcAnalysis *pc) {
  const PvFunction *fn = pc->fn;
  const PvValue *v = &fn->values[pc->anchor];
  fputc('[', out);
  for (int k = 0; k < v->numOperands; ++k) {
    PcRead read;
    pcComposeRead(fn, v, k, &read);
    isl_map *map = isl_map_intersect_domain(
        isl_map_from_multi_aff(isl_multi_aff_copy(read.access)),
        isl_set_copy(read.guard));
    map = isl_map_coalesce(isl_map_gist_domain(map, isl_set_copy(v->box)));
    fputs(k ? ", " : "", out);
    fputs("{\"tensor\": ", out);
    pvJsonString(out, fn->values[read.base].name);
    fputs(", \"map\": ", out);
    char *text = pvMapText(map);
    pvJsonString(out, text ? text : "");
    free(text);
    fputc('}', out);
    isl_map_free(map);
    pcReadClear(&read);
  }
  fputc(']', out);
}

static void writeComputeAt(FILE *out, const PcAnalysis *pc) {
  const PvFunction *fn = pc->fn;
  const PvValue *v = &fn->values[pc->anchor];
  fprintf(out, "{\"ok\": %s, \"whole_axes\": [",
          pc->computeAtOk ? "true" : "false");
  bool first = true;
  for (int c = 0; c < fn->numClasses; ++c)
    if (pc->wholeClass[c]) {
      fputs(first ? "" : ", ", out);
      pvJsonString(out, fn->classes[c].name);
      first = false;
    }
  fprintf(out, "], \"halo\": {\"bytes\": %lld, \"per_axis\": {",
          (long long)pc->haloBytes);
  for (int a = 0; a < v->rank; ++a) {
    fputs(a ? ", " : "", out);
    pvJsonString(out, v->axisName[a]);
    fprintf(out, ": %lld", (long long)haloRadius(pc, a));
  }
  fputs("}, \"offsets\": {", out);
  first = true;
  for (int a = 0; a < v->rank; ++a) {
    if (!pc->haloLo[a] && !pc->haloHi[a])
      continue;
    fputs(first ? "" : ", ", out);
    pvJsonString(out, v->axisName[a]);
    fprintf(out, ": [%lld, %lld]", (long long)-pc->haloLo[a],
            (long long)pc->haloHi[a]);
    first = false;
  }
  fputs("}}", out);
  if (pc->numBoundaryReads)
    fprintf(out, ", \"boundary_reads\": %d", pc->numBoundaryReads);
  fputc('}', out);
}

static void writeEdges(FILE *out, const PcAnalysis *pc) {
  const PvFunction *fn = pc->fn;
  fputc('[', out);
  for (int e = 0; e < pc->numEdges; ++e) {
    const PcEdge *edge = &pc->edges[e];
    fputs(e ? ", " : "", out);
    fputs("{\"from\": ", out);
    pvJsonString(out, valueName(pc, edge->from));
    fputs(", \"to\": ", out);
    pvJsonString(out, valueName(pc, edge->to));
    fputs(", \"buffer\": ", out);
    pvJsonString(out, pcBufferName(edge->buffer));
    if (edge->numCrossing) {
      const char *names[PV_MAX_RANK];
      for (int c = 0; c < edge->numCrossing; ++c)
        names[c] = fn->classes[edge->crossing[c]].name;
      fputs(", \"crosses\": ", out);
      writeStrings(out, names, edge->numCrossing);
    }
    if (edge->liveClass >= 0) {
      fputs(", \"live_across\": ", out);
      pvJsonString(out, fn->classes[edge->liveClass].name);
    }
    fputc('}', out);
  }
  fputc(']', out);
}

static void writeOperands(FILE *out, const PcAnalysis *pc, bool banks) {
  fputc('[', out);
  for (int i = 0; i < pc->numOperands; ++i) {
    const PcOperand *op = &pc->operands[i];
    fputs(i ? ", " : "", out);
    fputs("{\"tensor\": ", out);
    pvJsonString(out, valueName(pc, op->base));
    fputs(", \"at\": ", out);
    pvJsonString(out, valueName(pc, op->at));
    if (!banks) {
      fprintf(out, ", \"buffer\": \"smem_ring\", \"depth\": %d}", op->depth);
      continue;
    }
    fputs(", \"tile\": [", out);
    for (int j = 0; j < op->rank; ++j)
      fprintf(out, "%s%lld", j ? ", " : "", (long long)op->tile[j]);
    fprintf(out, "], \"row_bytes\": %lld, \"ways\": %d, \"hint\": ",
            (long long)op->rowBytes, op->ways);
    pvJsonString(out, bankHint(op));
    if (op->ways > 1 && op->waysPadded <= 1)
      fputs(", \"pad_bytes\": 16", out);
    fputc('}', out);
  }
  fputc(']', out);
}

static void writeBarriers(FILE *out, const PcAnalysis *pc) {
  fputc('[', out);
  for (int i = 0; i < pc->numHints; ++i) {
    const PcHint *h = &pc->hints[i];
    fputs(i ? ", " : "", out);
    fputs("{\"kind\": ", out);
    pvJsonString(out, h->kind);
    if (h->other < 0) {
      fputs(", \"at\": ", out);
      pvJsonString(out, valueName(pc, h->at));
      fprintf(out,
              ", \"depth\": %d, \"sm80\": [\"cp.async.commit_group\", "
              "\"cp.async.wait_group %d\", \"bar.sync\"], \"sm90\": "
              "[\"mbarrier.arrive.expect_tx\", \"mbarrier.try_wait.parity\"]}",
              h->depth, h->depth - 2);
      continue;
    }
    fputs(", \"after\": ", out);
    pvJsonString(out, valueName(pc, h->at));
    fputs(", \"before\": ", out);
    pvJsonString(out, valueName(pc, h->other));
    fputs(", \"axis\": ", out);
    pvJsonString(out, pc->fn->classes[h->cls].name);
    fputs(", \"sm80\": [\"bar.sync\"], \"sm90\": [\"bar.sync\"]}", out);
  }
  fputc(']', out);
}

static void writeRelations(FILE *out, const PcAnalysis *pc, int indent) {
  static const char *const kinds[PC_NUM_KINDS] = {"true", "anti", "output"};
  fputc('[', out);
  bool first = true;
  for (int kind = 0; kind < PC_NUM_KINDS; ++kind)
    for (int i = 0; i < pc->numPairs; ++i) {
      const PcPair *pair = &pc->pairs[i];
      if (!pair->deps[kind])
        continue;
      fprintf(out, "%s\n%*s{\"kind\": \"%s\", \"from\": ", first ? "" : ",",
              indent + 2, "", kinds[kind]);
      pvJsonString(out, valueName(pc, pair->from));
      fputs(", \"to\": ", out);
      pvJsonString(out, valueName(pc, pair->to));
      fputs(", \"map\": ", out);
      isl_map *map = isl_map_coalesce(isl_map_gist_params(
          isl_map_copy(pair->deps[kind]), isl_set_copy(pc->fn->context)));
      char *text = pvMapText(map);
      pvJsonString(out, text ? text : "");
      free(text);
      isl_map_free(map);
      fputc('}', out);
      first = false;
    }
  if (!first)
    fprintf(out, "\n%*s", indent, "");
  fputc(']', out);
}

void pcWriteJson(FILE *out, const PcAnalysis *pc, int indent) {
  const PvFunction *fn = pc->fn;
  int in = indent + 4;
  fprintf(out, "{\n%*s\"analysis\": {\n%*s\"function\": ", indent + 2, "", in,
          "");
  pvJsonString(out, fn->name);
  if (pc->anchor < 0) {
    fprintf(out, "\n%*s}\n%*s}", indent + 2, "", indent, "");
    return;
  }
  const PvValue *v = &fn->values[pc->anchor];
  line(out, in, "anchor");
  pvJsonString(out, v->name);
  line(out, in, "tile");
  fprintf(out, "[%lld, %lld, %lld]", (long long)pc->tileOption[0],
          (long long)pc->tileOption[1], (long long)pc->tileOption[2]);
  line(out, in, "tiles");
  fputc('{', out);
  for (int a = 0; a < v->rank; ++a) {
    fputs(a ? ", " : "", out);
    pvJsonString(out, v->axisName[a]);
    fprintf(out, ": %lld", (long long)pc->tiling.tile[a]);
  }
  fputc('}', out);
  line(out, in, "parallel_axes");
  writeAxes(out, pc, pc->anchor, 0);
  line(out, in, "reduce_axes");
  writeAxes(out, pc, pc->anchor, 1);
  line(out, in, "tail_axes");
  writeAxes(out, pc, pc->anchor, 2);
  line(out, in, "affine_closed");
  fputs(pc->affineClosed ? "true" : "false", out);
  line(out, in, "anchor_reads");
  writeAnchorReads(out, pc);
  line(out, in, "compute_at");
  writeComputeAt(out, pc);
  line(out, in, "min_buffer");
  fprintf(out, "{\"buffer\": \"%s\", \"depth\": %d}",
          pcBufferName(pc->minBuffer), pc->depth);
  line(out, in, "dependences");
  fprintf(out, "{\"true\": %d, \"anti\": %d, \"output\": %d}",
          pc->numDeps[PC_TRUE], pc->numDeps[PC_ANTI], pc->numDeps[PC_OUTPUT]);
  line(out, in, "statements");
  fputc('[', out);
  bool first = true;
  for (int i = 0; i < fn->numValues; ++i) {
    if (!pc->isStatement[i])
      continue;
    fprintf(out, "%s\n%*s{\"name\": ", first ? "" : ",", in + 2, "");
    pvJsonString(out, fn->values[i].name);
    fputs(", \"parallel_axes\": ", out);
    writeAxes(out, pc, i, 0);
    fputs(", \"reduce_axes\": ", out);
    writeAxes(out, pc, i, 1);
    fputs(", \"carried\": ", out);
    writeAxes(out, pc, i, 3);
    fputc('}', out);
    first = false;
  }
  if (!first)
    fprintf(out, "\n%*s", in, "");
  fputc(']', out);
  line(out, in, "edges");
  writeEdges(out, pc);
  line(out, in, "operands");
  writeOperands(out, pc, false);
  line(out, in, "barriers");
  writeBarriers(out, pc);
  line(out, in, "bank_conflicts");
  writeOperands(out, pc, true);
  line(out, in, "relations");
  writeRelations(out, pc, in);
  fprintf(out, "\n%*s}\n%*s}", indent + 2, "", indent, "");
}
