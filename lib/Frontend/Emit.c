/* tiny op emitters for the Frontend importer: each builds one tiny op (as
 * docs/dialects/tiny.md defines it) at the importer's insertion point and
 * returns the new value with its symbolic shape. */
#include "DialectNames.h"
#include "FrontendInternal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

MlirType feTensorType(FeImporter *im, const DlcShape *shape, MlirType element) {
  int64_t sizes[DLC_MAX_RANK];
  MlirAttribute names[DLC_MAX_RANK];
  bool symbolic = false;
  MlirType i64 = mlirIntegerTypeGet(im->ctx, 64);
  for (int i = 0; i < shape->rank; ++i) {
    const DlcDim *d = &shape->dims[i];
    if (d->size >= 0) {
      sizes[i] = d->size;
      names[i] = mlirIntegerAttrGet(i64, d->size);
    } else {
      sizes[i] = mlirShapedTypeGetDynamicSize();
      names[i] = mlirStringAttrGet(im->ctx, d->symbol);
      symbolic = true;
    }
  }
  /* A fully static shape needs no encoding (docs/conventions.md). */
  MlirAttribute encoding = symbolic
                               ? mlirArrayAttrGet(im->ctx, shape->rank, names)
                               : mlirAttributeGetNull();
  return mlirRankedTensorTypeGet(shape->rank, sizes, element, encoding);
}

bool feIsHalf(MlirType element) {
  return mlirTypeIsAF16(element) || mlirTypeIsABF16(element);
}

MlirType fePromote(FeImporter *im, MlirType a, MlirType b) {
  return mlirTypeEqual(a, b) ? a : mlirF32TypeGet(im->ctx);
}

const char *feElementName(MlirType element) {
  if (mlirTypeIsAF16(element))
    return "f16";
  if (mlirTypeIsABF16(element))
    return "bf16";
  if (mlirTypeIsAF32(element))
    return "f32";
  if (mlirTypeIsAInteger(element) && mlirIntegerTypeGetWidth(element) == 1)
    return "i1";
  return "?";
}

/* One single-result op with `n` operands; the result has `shape`. */
static FeValue build(FeImporter *im, const char *name, intptr_t n,
                     const FeValue *operands, const DlcShape *shape,
                     MlirType element, intptr_t numAttrs,
                     const char *const *attrNames, const MlirAttribute *attrs) {
  MlirValue values[3];
  for (intptr_t i = 0; i < n; ++i)
    values[i] = operands[i].value;
  FeValue out;
  out.shape = *shape;
  out.element = element;
  out.value =
      dlcBuildValue(&im->b, name, n, values, feTensorType(im, shape, element),
                    numAttrs, attrNames, attrs);
  return out;
}

FeValue feCast(FeImporter *im, FeValue x, MlirType element) {
  if (mlirTypeEqual(x.element, element))
    return x;
  return build(im, DLC_OP_TINY_CAST, 1, &x, &x.shape, element, 0, NULL, NULL);
}

FeValue feUnary(FeImporter *im, const char *op, FeValue x) {
  return build(im, op, 1, &x, &x.shape, x.element, 0, NULL, NULL);
}

FeValue feConstShaped(FeImporter *im, double value, MlirType element,
                      const DlcShape *shape) {
  const char *names[] = {"value"};
  /* An integer or i1 constant holds an IntegerAttr (tinygrad's bool and int
   * CONSTs). */
  MlirAttribute attr = mlirTypeIsAInteger(element)
                           ? mlirIntegerAttrGet(element, (int64_t)value)
                           : mlirFloatAttrDoubleGet(im->ctx, element, value);
  return build(im, DLC_OP_TINY_CONST, 0, NULL, shape, element, 1, names, &attr);
}

FeValue feConst(FeImporter *im, double value, MlirType element) {
  DlcShape scalar = {0};
  return feConstShaped(im, value, element, &scalar);
}

bool feBinary(FeImporter *im, const FeNode *node, const char *op, FeValue a,
              FeValue b, FeValue *out) {
  char path[FE_PATH_SIZE + 16];
  snprintf(path, sizeof(path), "%s.inputs", node->path);
  return feBinaryAt(im, node->inputsJson, path, op, a, b, out);
}

bool feBinaryAt(FeImporter *im, const DlcJsonValue *at, const char *path,
                const char *op, FeValue a, FeValue b, FeValue *out) {
  DlcShape shape;
  int badAxis = 0;
  if (!dlcShapeBroadcast(&a.shape, &b.shape, &shape, &badAxis)) {
    char lhs[256], rhs[256];
    dlcShapeFormat(&a.shape, lhs, sizeof(lhs));
    dlcShapeFormat(&b.shape, rhs, sizeof(rhs));
    /* tiny-verify's wording (lib/Dialect/Tiny/TinyChecks.c). */
    feCodedError(im, at, path, &dlcBroadcastMismatch,
                 "expand one side (tiny.expand) so the dimensions agree, or "
                 "revisit the order of operations",
                 "operand shapes %s and %s differ at axis %d (right-aligned) "
                 "and neither size is 1",
                 lhs, rhs, badAxis);
    return false;
  }
  MlirType element = fePromote(im, a.element, b.element);
  bool compare =
      strcmp(op, DLC_OP_TINY_CMPLT) == 0 || strcmp(op, DLC_OP_TINY_CMPNE) == 0;
  /* One statement each: the casts are emitted in operand order. */
  FeValue operands[2];
  operands[0] = feCast(im, a, element);
  operands[1] = feCast(im, b, element);
  *out =
      build(im, op, 2, operands, &shape,
            compare ? mlirIntegerTypeGet(im->ctx, 1) : element, 0, NULL, NULL);
  return true;
}

static MlirAttribute denseI64(FeImporter *im, int n, const int64_t *values) {
  return mlirDenseI64ArrayGet(im->ctx, n, values);
}

FeValue feReduce(FeImporter *im, const char *kind, FeValue x,
                 const int64_t *axes, int numAxes, MlirType acc) {
  DlcShape shape = {0};
  for (int i = 0; i < x.shape.rank; ++i) {
    bool reduced = false;
    for (int j = 0; j < numAxes; ++j)
      reduced |= axes[j] == i;
    if (!reduced)
      shape.dims[shape.rank++] = x.shape.dims[i];
  }
  const char *names[] = {"acc_dtype", "axes", "op"};
  MlirAttribute attrs[] = {
      mlirTypeAttrGet(acc), denseI64(im, numAxes, axes),
      mlirStringAttrGet(im->ctx, mlirStringRefCreateFromCString(kind))};
  return build(im, DLC_OP_TINY_REDUCE, 1, &x, &shape, acc, 3, names, attrs);
}

FeValue feExpand(FeImporter *im, FeValue x, const DlcShape *to,
                 const int64_t *broadcastDims) {
  const char *names[] = {"broadcast_dimensions"};
  MlirAttribute attr = denseI64(im, x.shape.rank, broadcastDims);
  return build(im, DLC_OP_TINY_EXPAND, 1, &x, to, x.element, 1, names, &attr);
}

FeValue feReshape(FeImporter *im, FeValue x, const DlcShape *to) {
  return build(im, DLC_OP_TINY_RESHAPE, 1, &x, to, x.element, 0, NULL, NULL);
}

FeValue fePad(FeImporter *im, FeValue x, const int64_t *padding,
              const DlcShape *to) {
  DlcShape shape = x.shape;
  for (int i = 0; !to && i < shape.rank; ++i)
    shape.dims[i].size += padding[2 * i] + padding[2 * i + 1];
  if (to)
    shape = *to;
  const char *names[] = {"padding"};
  MlirAttribute attr = denseI64(im, 2 * x.shape.rank, padding);
  return build(im, DLC_OP_TINY_PAD, 1, &x, &shape, x.element, 1, names, &attr);
}

FeValue fePermute(FeImporter *im, FeValue x, const int64_t *order) {
  DlcShape shape = x.shape;
  for (int i = 0; i < shape.rank; ++i)
    shape.dims[i] = x.shape.dims[order[i]];
  const char *names[] = {"order"};
  MlirAttribute attr = denseI64(im, x.shape.rank, order);
  return build(im, DLC_OP_TINY_PERMUTE, 1, &x, &shape, x.element, 1, names,
               &attr);
}

FeValue feShrink(FeImporter *im, FeValue x, const int64_t *offsets,
                 const DlcShape *to) {
  int64_t steps[DLC_MAX_RANK];
  for (int i = 0; i < x.shape.rank; ++i)
    steps[i] = 1;
  const char *names[] = {"offsets", "steps"};
  MlirAttribute attrs[] = {denseI64(im, x.shape.rank, offsets),
                           denseI64(im, x.shape.rank, steps)};
  return build(im, DLC_OP_TINY_SHRINK, 1, &x, to, x.element, 2, names, attrs);
}

FeValue feFlip(FeImporter *im, FeValue x, const int64_t *axes, int numAxes) {
  const char *names[] = {"axes"};
  MlirAttribute attr = denseI64(im, numAxes, axes);
  return build(im, DLC_OP_TINY_FLIP, 1, &x, &x.shape, x.element, 1, names,
               &attr);
}

FeValue feView(FeImporter *im, FeValue x, const DlcShape *to,
               const char *results) {
  /* A placeholder map of the right dims; the symbols come at the end. */
  char text[128];
  size_t used = (size_t)snprintf(text, sizeof(text), "affine_map<(");
  for (int i = 0; i < to->rank && used < sizeof(text); ++i)
    used += (size_t)snprintf(text + used, sizeof(text) - used, "%sd%d",
                             i ? ", " : "", i);
  if (used < sizeof(text))
    snprintf(text + used, sizeof(text) - used, ") -> ()>");
  const char *names[] = {"map"};
  MlirAttribute attr = dlcAttr(im->ctx, text);
  FeValue out =
      build(im, DLC_OP_TINY_VIEW, 1, &x, to, x.element, 1, names, &attr);
  if (im->numMaps == im->capacityMaps) {
    size_t capacity = im->capacityMaps ? 2 * im->capacityMaps : 8;
    FePendingMap *grown = realloc(im->maps, capacity * sizeof(FePendingMap));
    if (!grown) {
      feError(im, NULL, NULL, "out of memory");
      return out;
    }
    im->maps = grown;
    im->capacityMaps = capacity;
  }
  FePendingMap *pending = &im->maps[im->numMaps];
  pending->op = mlirOpResultGetOwner(out.value);
  pending->numDims = to->rank;
  pending->results = strdup(results);
  if (!pending->results)
    feError(im, NULL, NULL, "out of memory");
  else
    ++im->numMaps;
  return out;
}

FeValue feValid(FeImporter *im, FeValue x) {
  return build(im, DLC_OP_TINY_VALID, 1, &x, &x.shape,
               mlirIntegerTypeGet(im->ctx, 1), 0, NULL, NULL);
}

FeValue feWhere(FeImporter *im, FeValue cond, FeValue a, FeValue b) {
  DlcShape ab, shape;
  int badAxis;
  /* Callers pass shapes that broadcast. */
  if (!dlcShapeBroadcast(&a.shape, &b.shape, &ab, &badAxis) ||
      !dlcShapeBroadcast(&cond.shape, &ab, &shape, &badAxis))
    shape = a.shape;
  FeValue operands[3] = {cond, a, b};
  return build(im, DLC_OP_TINY_WHERE, 3, operands, &shape, a.element, 0, NULL,
               NULL);
}

static MlirAttribute nameList(FeImporter *im, const char *const *names) {
  MlirAttribute items[2 * DLC_MAX_RANK];
  intptr_t n = 0;
  for (; names[n] && n < 2 * DLC_MAX_RANK; ++n)
    items[n] =
        mlirStringAttrGet(im->ctx, mlirStringRefCreateFromCString(names[n]));
  return mlirArrayAttrGet(im->ctx, n, items);
}

FeValue feContract(FeImporter *im, FeValue lhs, FeValue rhs,
                   const char *const *lhsIdx, const char *const *rhsIdx,
                   const char *const *outIdx, const char *const *reduceIdx,
                   const char *pattern, MlirType acc, const DlcShape *out) {
  const char *names[] = {"acc_dtype", "lhs_idx",    "out_idx",
                         "pattern",   "reduce_idx", "rhs_idx"};
  MlirAttribute attrs[] = {
      mlirTypeAttrGet(acc),
      nameList(im, lhsIdx),
      nameList(im, outIdx),
      mlirStringAttrGet(im->ctx, mlirStringRefCreateFromCString(pattern)),
      nameList(im, reduceIdx),
      nameList(im, rhsIdx)};
  FeValue operands[2] = {lhs, rhs};
  return build(im, DLC_OP_TINY_CONTRACT, 2, operands, out, acc, 6, names,
               attrs);
}

bool feFinishMaps(FeImporter *im) {
  for (size_t i = 0; i < im->numMaps; ++i) {
    const FePendingMap *m = &im->maps[i];
    size_t size = 64 + strlen(m->results) + 8 * (size_t)m->numDims +
                  8 * (size_t)im->symbols.count;
    char *text = malloc(size);
    if (!text) {
      feError(im, NULL, NULL, "out of memory");
      return false;
    }
    size_t used = (size_t)snprintf(text, size, "affine_map<(");
    for (int d = 0; d < m->numDims; ++d)
      used +=
          (size_t)snprintf(text + used, size - used, "%sd%d", d ? ", " : "", d);
    used += (size_t)snprintf(text + used, size - used, ")");
    for (int s = 0; s < im->symbols.count; ++s)
      used += (size_t)snprintf(text + used, size - used, "%ss%d",
                               s ? ", " : "[", s);
    snprintf(text + used, size - used, "%s -> (%s)>",
             im->symbols.count ? "]" : "", m->results);
    MlirAttribute map = dlcAttr(im->ctx, text);
    free(text);
    if (mlirAttributeIsNull(map))
      return false; /* the parser's diagnostic was reported */
    mlirOperationSetAttributeByName(m->op,
                                    mlirStringRefCreateFromCString("map"), map);
  }
  return true;
}

void feDestroyMaps(FeImporter *im) {
  for (size_t i = 0; i < im->numMaps; ++i)
    free(im->maps[i].results);
  free(im->maps);
  im->maps = NULL;
  im->numMaps = im->capacityMaps = 0;
}
