/* Building indexbook ops: the common attributes axes, domain, maps and flags
 * (docs/dialects/indexbook.md), and how an op reads a tiny value. */
#include "DialectNames.h"
#include "Lowering.h"

#include "Builder.h"
#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <stdio.h>
#include <stdlib.h>

static MlirAttribute stringAttr(MlirContext ctx, const char *text) {
  return mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(text));
}

static MlirNamedAttribute named(MlirContext ctx, const char *name,
                                MlirAttribute value) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), value);
}

/* An axis is "iter" when some operand map reads it; otherwise its value
 * does not depend on it and it is a broadcast axis (§4.3 rule 3). */
static bool axisIsRead(const T2iOpSpec *spec, int axis) {
  for (int i = 0; i < spec->numOperands; ++i) {
    MlirAffineMap map = spec->maps[i];
    for (intptr_t r = 0; r < mlirAffineMapGetNumResults(map); ++r)
      if (mlirAffineExprIsFunctionOfDim(mlirAffineMapGetResult(map, r), axis))
        return true;
  }
  return false;
}

static const char *axisKind(const T2iOpSpec *spec, int axis) {
  if (spec->reduced && spec->reduced[axis])
    return "reduce";
  switch (spec->rule) {
  case T2I_AXES_ITER:
    return "iter";
  case T2I_AXES_BROADCAST:
    return "broadcast";
  case T2I_AXES_BY_USE:
    break;
  }
  return spec->maps && axisIsRead(spec, axis) ? "iter" : "broadcast";
}

/* {kind = ..., name = "iK", size = "M" | 64} */
static MlirAttribute axisAttr(const T2iOpSpec *spec, int axis) {
  MlirContext ctx = spec->space->ctx;
  DlcDim extent = spec->space->extents[axis];
  char name[16];
  snprintf(name, sizeof(name), "i%d", axis);
  MlirAttribute size =
      extent.size >= 0
          ? mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), extent.size)
          : mlirStringAttrGet(ctx, extent.symbol);
  MlirNamedAttribute entries[] = {
      named(ctx, "kind", stringAttr(ctx, axisKind(spec, axis))),
      named(ctx, "name", stringAttr(ctx, name)),
      named(ctx, "size", size),
  };
  return mlirDictionaryAttrGet(ctx, 3, entries);
}

static MlirAttribute axesAttr(const T2iOpSpec *spec) {
  MlirAttribute axes[T2I_MAX_AXES];
  for (int k = 0; k < spec->space->numDims; ++k)
    axes[k] = axisAttr(spec, k);
  return mlirArrayAttrGet(spec->space->ctx, spec->space->numDims, axes);
}

static MlirAttribute mapsAttr(const T2iOpSpec *spec) {
  MlirAttribute maps[3];
  int n = spec->numOperands < 3 ? spec->numOperands : 3;
  for (int i = 0; i < n; ++i)
    maps[i] = mlirAffineMapAttrGet(spec->maps[i]);
  return mlirArrayAttrGet(spec->space->ctx, n, maps);
}

/* Outside affine + floordiv the value is not a SCoP: Poly-View excludes it
 * and a Region boundary falls here (§4.3 rule 5). */
static MlirAttribute flagsAttr(const T2iOpSpec *spec, MlirIntegerSet domain) {
  MlirContext ctx = spec->space->ctx;
  bool affine = t2iSetIsAffine(domain);
  for (int i = 0; spec->maps && i < spec->numOperands; ++i)
    affine = affine && t2iMapIsAffine(spec->maps[i]);
  if (affine)
    return mlirDictionaryAttrGet(ctx, 0, NULL);
  MlirNamedAttribute nonScop = named(ctx, "non_scop", mlirBoolAttrGet(ctx, 1));
  return mlirDictionaryAttrGet(ctx, 1, &nonScop);
}

static bool recordCreated(T2iLowering *lowering, MlirOperation op) {
  if (lowering->numCreated == lowering->capCreated) {
    int capacity = lowering->capCreated ? 2 * lowering->capCreated : 32;
    MlirOperation *grown =
        realloc(lowering->created, (size_t)capacity * sizeof(*grown));
    if (!grown)
      return false;
    lowering->created = grown;
    lowering->capCreated = capacity;
  }
  lowering->created[lowering->numCreated++] = op;
  return true;
}

MlirValue t2iEmit(T2iLowering *lowering, MlirOperation before,
                  const T2iOpSpec *spec) {
  MlirValue none = {NULL};
  MlirIntegerSet domain = t2iDomainSet(spec->space, spec->guards);
  if (mlirIntegerSetIsNull(domain))
    return none;
  enum { MaxAttrs = 12 };
  const char *names[MaxAttrs] = {"axes", "domain", "flags"};
  MlirAttribute attrs[MaxAttrs];
  MlirAttribute domainAttr = mlirIntegerSetAttrGet(domain);
  attrs[0] = axesAttr(spec);
  attrs[1] = mlirArrayAttrGet(lowering->ctx, 1, &domainAttr);
  attrs[2] = flagsAttr(spec, domain);
  int n = 3;
  if (spec->maps) {
    names[n] = "maps";
    attrs[n++] = mapsAttr(spec);
  }
  for (int i = 0; i < spec->numExtra && n < MaxAttrs; ++i, ++n) {
    names[n] = spec->extraNames[i];
    attrs[n] = spec->extraAttrs[i];
  }
  DlcBuilder builder = dlcBuilderBefore(before);
  MlirOperation op =
      dlcBuild(&builder, spec->name, spec->numOperands, spec->operands, 1,
               &spec->resultType, n, names, attrs);
  if (!recordCreated(lowering, op)) {
    mlirOperationDestroy(op);
    return none;
  }
  return mlirOperationGetResult(op, 0);
}

MlirAffineMap t2iBroadcastMap(const T2iSpace *space, const DlcShape *operand) {
  MlirAffineExpr results[DLC_MAX_RANK];
  int offset = space->numDims - operand->rank;
  for (int k = 0; k < operand->rank; ++k) {
    int j = offset + k;
    bool broadcast = j < 0 || (dlcDimIsOne(operand->dims[k]) &&
                               !dlcDimIsOne(space->extents[j]));
    results[k] = broadcast ? t2iConst(space, 0) : t2iDim(space, j);
  }
  return t2iMapGet(space, operand->rank, results);
}

MlirValue t2iMaterialize(T2iLowering *lowering, MlirOperation at,
                         MlirValue tinyValue, T2iValue *record) {
  if (!mlirValueIsNull(record->view))
    return record->view;
  DlcShape shape;
  if (!t2iShapeOf(at, tinyValue, &shape))
    return record->view;
  T2iSpace space;
  t2iSpaceOfShape(lowering, &shape, &space);
  T2iOpSpec spec = {.name = DLC_OP_INDEXBOOK_VIEW,
                    .space = &space,
                    .rule = T2I_AXES_BY_USE,
                    .numOperands = 1,
                    .operands = &record->base,
                    .maps = &record->map,
                    .guards = &record->guards,
                    .resultType = mlirValueGetType(tinyValue)};
  record->view = t2iEmit(lowering, at, &spec);
  return record->view;
}

bool t2iRead(T2iLowering *lowering, MlirOperation at, MlirValue value,
             const T2iSpace *space, MlirAffineMap toValue, MlirValue *base,
             MlirAffineMap *map) {
  T2iValue *record = t2iLookup(lowering, value);
  if (!record)
    return t2iMissingOperand(at);
  if (record->guards.count > 0) {
    /* A mask cannot live in a map: the masked chain becomes a view. */
    *base = t2iMaterialize(lowering, at, value, record);
    *map = toValue;
  } else {
    *base = record->base;
    *map = t2iCompose(space, record->map, toValue);
  }
  return !mlirValueIsNull(*base) || t2iOutOfMemory(at);
}

bool t2iMissingOperand(MlirOperation op) {
  MlirStringRef name = t2iOpName(op);
  dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                    "define every operand with a tiny op or take it as a "
                    "function argument",
                    "an operand of '%.*s' is not a tiny value",
                    (int)name.length, name.data);
  return false;
}

bool t2iOutOfMemory(MlirOperation op) {
  mlirEmitError(mlirOperationGetLocation(op),
                "convert-tiny-to-indexbook: out of memory");
  return false;
}
