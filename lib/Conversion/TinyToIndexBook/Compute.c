/* Compute ops of tiny (spec §4.4): elementwise ops, constants, valid,
 * reductions and contractions. Each becomes one indexbook op whose maps
 * read its operands' records through the right-aligned broadcast, so the
 * movement chains in front of it vanish into those maps. */
#include "DialectNames.h"
#include "Lowering.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

/* The record of a computed value: its own indexbook op, read directly. */
static bool defineComputed(T2iLowering *lowering, MlirOperation op,
                           MlirValue built, const T2iSpace *resultSpace) {
  if (mlirValueIsNull(built))
    return t2iOutOfMemory(op);
  T2iValue *record = t2iDefine(lowering, mlirOperationGetResult(op, 0));
  if (!record)
    return t2iOutOfMemory(op);
  record->base = built;
  record->map = t2iIdentityMap(resultSpace);
  return true;
}

/* Reads every operand of `op` through the broadcast from `space`. */
static bool readOperands(T2iLowering *lowering, MlirOperation op,
                         MlirOperation at, const T2iSpace *space,
                         MlirValue *bases, MlirAffineMap *maps) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue operand = mlirOperationGetOperand(op, i);
    DlcShape shape;
    if (!t2iShapeOf(op, operand, &shape) ||
        !t2iRead(lowering, at, operand, space, t2iBroadcastMap(space, &shape),
                 &bases[i], &maps[i]))
      return false;
  }
  return true;
}

static bool resultSpace(T2iLowering *lowering, MlirOperation op,
                        T2iSpace *space) {
  DlcShape shape;
  if (!t2iShapeOf(op, mlirOperationGetResult(op, 0), &shape))
    return false;
  t2iSpaceOfShape(lowering, &shape, space);
  return true;
}

bool t2iLowerElementwise(T2iLowering *lowering, MlirOperation op,
                         const char *ibName, MlirStringRef fn) {
  T2iSpace space;
  MlirValue bases[3];
  MlirAffineMap maps[3];
  int n = (int)mlirOperationGetNumOperands(op);
  if (n > 3 || !resultSpace(lowering, op, &space) ||
      !readOperands(lowering, op, op, &space, bases, maps))
    return false;
  const char *names[] = {"fn"};
  MlirAttribute fnAttr = mlirStringAttrGet(lowering->ctx, fn);
  T2iOpSpec spec = {.name = ibName,
                    .space = &space,
                    .rule = T2I_AXES_BY_USE,
                    .numOperands = n,
                    .operands = bases,
                    .maps = maps,
                    .resultType =
                        mlirValueGetType(mlirOperationGetResult(op, 0)),
                    .numExtra = 1,
                    .extraNames = names,
                    .extraAttrs = &fnAttr};
  return defineComputed(lowering, op, t2iEmit(lowering, op, &spec), &space);
}

static bool emitConst(T2iLowering *lowering, MlirOperation op,
                      MlirAttribute value) {
  T2iSpace space;
  if (!resultSpace(lowering, op, &space))
    return false;
  const char *names[] = {"value"};
  T2iOpSpec spec = {.name = DLC_OP_INDEXBOOK_CONST,
                    .space = &space,
                    .rule = T2I_AXES_BROADCAST,
                    .resultType =
                        mlirValueGetType(mlirOperationGetResult(op, 0)),
                    .numExtra = 1,
                    .extraNames = names,
                    .extraAttrs = &value};
  return defineComputed(lowering, op, t2iEmit(lowering, op, &spec), &space);
}

bool t2iLowerConst(T2iLowering *lowering, MlirOperation op) {
  MlirAttribute value = t2iGetAttr(op, "value");
  if (mlirAttributeIsNull(value) ||
      !(mlirAttributeIsAFloat(value) || mlirAttributeIsAInteger(value))) {
    dlcEmitDiagnostic(op, &dlcMalformedShape,
                      "give tiny.const a float or integer 'value'",
                      "'tiny.const' has no scalar 'value'");
    return false;
  }
  return emitConst(lowering, op, value);
}

/* valid(x) is true where x reads inside its base: on a masked chain it is
 * the view's domain (unary "valid"); elsewhere it is constant true. */
bool t2iLowerValid(T2iLowering *lowering, MlirOperation op) {
  MlirValue x = mlirOperationGetOperand(op, 0);
  T2iValue *record = t2iLookup(lowering, x);
  if (!record)
    return t2iMissingOperand(op);
  if (record->guards.count == 0)
    return emitConst(
        lowering, op,
        mlirIntegerAttrGet(mlirIntegerTypeGet(lowering->ctx, 1), 1));
  return t2iLowerElementwise(lowering, op, DLC_OP_INDEXBOOK_UNARY,
                             mlirStringRefCreateFromCString("valid"));
}

/* --- contractions --------------------------------------------------------- */

static bool isSumReduce(MlirOperation op) {
  MlirAttribute kind = t2iGetAttr(op, "op");
  return dlcTinyIsReduce(op) && !mlirAttributeIsNull(kind) &&
         mlirAttributeIsAString(kind) &&
         dlcStringRefIs(mlirStringAttrGetValue(kind), "sum");
}

/* `mul` whose only user is reduce(sum) is a contraction (ContractionPattern
 * of §5); by default only when both factors are movement chains of graph
 * inputs, as in tinygrad's dot (000 §0), so a product of computed values
 * stays mul + reduce for Poly-View to judge. */
static bool isContraction(T2iLowering *lowering, MlirOperation mul) {
  if (lowering->mode == T2I_CONTRACT_NONE)
    return false;
  MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(mul, 0));
  if (mlirOpOperandIsNull(use) ||
      !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)) ||
      !isSumReduce(mlirOpOperandGetOwner(use)))
    return false;
  for (int i = 0; i < 2; ++i) {
    T2iValue *factor = t2iLookup(lowering, mlirOperationGetOperand(mul, i));
    if (!factor || (lowering->mode == T2I_CONTRACT_LEAVES && !factor->fromLeaf))
      return false;
  }
  return true;
}

bool t2iLowerMul(T2iLowering *lowering, MlirOperation op) {
  if (!isContraction(lowering, op))
    return t2iLowerElementwise(lowering, op, DLC_OP_INDEXBOOK_BINARY,
                               mlirStringRefCreateFromCString("mul"));
  /* Deferred: the reduce builds the contract from the mul's operands. */
  T2iValue *record = t2iDefine(lowering, mlirOperationGetResult(op, 0));
  if (!record)
    return t2iOutOfMemory(op);
  record->mul = op;
  return true;
}

/* --- reduce ------------------------------------------------------------- */

/* The attributes copied onto the indexbook op must exist (IRDL requires
 * them, but a pass may run on unverified IR). */
static bool hasAttrs(MlirOperation op, const char *const *names) {
  for (; *names; ++names) {
    if (!mlirAttributeIsNull(t2iGetAttr(op, *names)))
      continue;
    MlirStringRef name = t2iOpName(op);
    dlcEmitDiagnostic(op, &dlcMalformedShape, "see docs/dialects/tiny.md",
                      "'%.*s' has no '%s' attribute", (int)name.length,
                      name.data, *names);
    return false;
  }
  return true;
}

typedef struct Reduction {
  MlirOperation op;
  T2iSpace space; /* the operand's (pre-deletion) axes */
  bool reduced[T2I_MAX_AXES];
  int64_t reduceAxes[T2I_MAX_AXES];
  int numReduced;
} Reduction;

static bool reduceMalformed(MlirOperation op, const char *why) {
  dlcEmitDiagnostic(op, &dlcMalformedShape,
                    "the result is the operand's shape without 'axes' "
                    "(keepdim = false)",
                    "'tiny.reduce': %s", why);
  return false;
}

/* Reads `axes`, checks the result shape, and fills the reduction. */
static bool readReduction(T2iLowering *lowering, MlirOperation op,
                          Reduction *r) {
  DlcShape operand, result;
  static const char *const required[] = {"op", "acc_dtype", NULL};
  if (!hasAttrs(op, required) ||
      !t2iShapeOf(op, mlirOperationGetOperand(op, 0), &operand) ||
      !t2iShapeOf(op, mlirOperationGetResult(op, 0), &result))
    return false;
  MlirAttribute axes = t2iGetAttr(op, "axes");
  if (mlirAttributeIsNull(axes) || !mlirAttributeIsADenseI64Array(axes))
    return reduceMalformed(op, "'axes' must be an array<i64: ...>");
  memset(r->reduced, 0, sizeof(r->reduced));
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(axes); ++i) {
    int64_t axis = mlirDenseI64ArrayGetElement(axes, i);
    if (axis < 0 || axis >= operand.rank || r->reduced[axis])
      return reduceMalformed(op,
                             "'axes' names a dim twice or outside the rank");
    r->reduced[axis] = true;
  }
  DlcShape kept = {0, {{0, {NULL, 0}}}};
  r->numReduced = 0;
  for (int k = 0; k < operand.rank; ++k) {
    if (r->reduced[k])
      r->reduceAxes[r->numReduced++] = k; /* pre-deletion ids (§4.3 rule 4) */
    else
      kept.dims[kept.rank++] = operand.dims[k];
  }
  if (!dlcShapeEqual(&kept, &result))
    return reduceMalformed(op, "the result shape is not the operand shape "
                               "without the reduced dims");
  r->op = op;
  t2iSpaceOfShape(lowering, &operand, &r->space);
  return true;
}

/* acc_dtype and reduce_axes, shared by reduce and contract. */
static void reductionAttrs(T2iLowering *lowering, const Reduction *r,
                           MlirAttribute *acc, MlirAttribute *axes) {
  *acc = t2iGetAttr(r->op, "acc_dtype");
  *axes = mlirDenseI64ArrayGet(lowering->ctx, r->numReduced, r->reduceAxes);
}

/* mul -> reduce(sum) as one indexbook.contract over the mul's axes. */
static bool emitMulContract(T2iLowering *lowering, const Reduction *r,
                            MlirOperation mul) {
  MlirValue bases[2];
  MlirAffineMap maps[2];
  if (!readOperands(lowering, mul, r->op, &r->space, bases, maps))
    return false;
  const char *names[] = {"pattern", "acc_dtype", "reduce_axes"};
  MlirAttribute attrs[3];
  attrs[0] = mlirStringAttrGet(lowering->ctx,
                               mlirStringRefCreateFromCString("matmul"));
  reductionAttrs(lowering, r, &attrs[1], &attrs[2]);
  T2iOpSpec spec = {.name = DLC_OP_INDEXBOOK_CONTRACT,
                    .space = &r->space,
                    .rule = T2I_AXES_BY_USE,
                    .reduced = r->reduced,
                    .numOperands = 2,
                    .operands = bases,
                    .maps = maps,
                    .resultType =
                        mlirValueGetType(mlirOperationGetResult(r->op, 0)),
                    .numExtra = 3,
                    .extraNames = names,
                    .extraAttrs = attrs};
  T2iSpace result;
  return resultSpace(lowering, r->op, &result) &&
         defineComputed(lowering, r->op, t2iEmit(lowering, r->op, &spec),
                        &result);
}

bool t2iLowerReduce(T2iLowering *lowering, MlirOperation op) {
  Reduction r;
  if (!readReduction(lowering, op, &r))
    return false;
  MlirValue x = mlirOperationGetOperand(op, 0);
  T2iValue *record = t2iLookup(lowering, x);
  if (!record)
    return t2iMissingOperand(op);
  if (!mlirOperationIsNull(record->mul))
    return emitMulContract(lowering, &r, record->mul);
  MlirValue base;
  MlirAffineMap map;
  if (!t2iRead(lowering, op, x, &r.space, t2iIdentityMap(&r.space), &base,
               &map))
    return false;
  const char *names[] = {"op", "acc_dtype", "reduce_axes"};
  MlirAttribute attrs[3];
  attrs[0] = t2iGetAttr(op, "op");
  reductionAttrs(lowering, &r, &attrs[1], &attrs[2]);
  T2iOpSpec spec = {.name = DLC_OP_INDEXBOOK_REDUCE,
                    .space = &r.space,
                    .rule = T2I_AXES_BY_USE,
                    .reduced = r.reduced,
                    .numOperands = 1,
                    .operands = &base,
                    .maps = &map,
                    .resultType =
                        mlirValueGetType(mlirOperationGetResult(op, 0)),
                    .numExtra = 3,
                    .extraNames = names,
                    .extraAttrs = attrs};
  T2iSpace result;
  return resultSpace(lowering, op, &result) &&
         defineComputed(lowering, op, t2iEmit(lowering, op, &spec), &result);
}

/* --- tiny.contract: an einsum over named indices ----------------------- */

typedef struct Einsum {
  MlirOperation op;
  int numOut, numAxes;
  MlirStringRef names[T2I_MAX_AXES]; /* out_idx, then reduce_idx */
  DlcDim extents[T2I_MAX_AXES];
  bool known[T2I_MAX_AXES]; /* some operand dim gave the extent */
} Einsum;

static bool einsumMalformed(const Einsum *e, const char *why) {
  dlcEmitDiagnostic(e->op, &dlcMalformedShape,
                    "lhs_idx/rhs_idx/out_idx name each operand and result "
                    "dim; reduce_idx lists the summed names",
                    "'tiny.contract': %s", why);
  return false;
}

static int einsumFind(const Einsum *e, MlirStringRef name) {
  for (int i = 0; i < e->numAxes; ++i)
    if (e->names[i].length == name.length &&
        memcmp(e->names[i].data, name.data, name.length) == 0)
      return i;
  return -1;
}

/* Reads the index list `attr` (ArrayAttr of StringAttr) of `count` names. */
static bool readNames(const Einsum *e, const char *attr, int count,
                      MlirStringRef *names) {
  MlirAttribute list = t2iGetAttr(e->op, attr);
  char why[160];
  snprintf(why, sizeof(why), "'%s' must be an array of %d strings", attr,
           count);
  if (mlirAttributeIsNull(list) || !mlirAttributeIsAArray(list) ||
      mlirArrayAttrGetNumElements(list) != count)
    return einsumMalformed(e, why);
  for (int i = 0; i < count; ++i) {
    MlirAttribute name = mlirArrayAttrGetElement(list, i);
    if (!mlirAttributeIsAString(name))
      return einsumMalformed(e, why);
    names[i] = mlirStringAttrGetValue(name);
  }
  return true;
}

/* Appends out_idx then reduce_idx as the iteration space's axes. */
static bool einsumAxes(Einsum *e, int numOut) {
  MlirAttribute reduce = t2iGetAttr(e->op, "reduce_idx");
  int numReduce = mlirAttributeIsNull(reduce) || !mlirAttributeIsAArray(reduce)
                      ? -1
                      : (int)mlirArrayAttrGetNumElements(reduce);
  if (numReduce < 0 || numOut + numReduce > T2I_MAX_AXES)
    return einsumMalformed(e, "'reduce_idx' must be an array of strings "
                              "naming at most the operands' dims");
  MlirStringRef names[T2I_MAX_AXES];
  if (!readNames(e, "out_idx", numOut, names) ||
      !readNames(e, "reduce_idx", numReduce, names + numOut))
    return false;
  e->numOut = numOut;
  e->numAxes = 0;
  for (int i = 0; i < numOut + numReduce; ++i) {
    if (einsumFind(e, names[i]) >= 0)
      return einsumMalformed(e, "a name appears twice in out_idx and "
                                "reduce_idx");
    e->names[e->numAxes] = names[i];
    e->known[e->numAxes] = false;
    e->extents[e->numAxes++] = (DlcDim){1, {NULL, 0}};
  }
  return true;
}

/* Merges the operand dims named `names` into the axes' extents: equal
 * extents agree, 1 broadcasts, anything else is E1001. */
static bool einsumExtents(Einsum *e, const DlcShape *shape,
                          const MlirStringRef *names, int *positions) {
  for (int k = 0; k < shape->rank; ++k) {
    int p = einsumFind(e, names[k]);
    if (p < 0)
      return einsumMalformed(e, "an operand index is in neither out_idx nor "
                                "reduce_idx");
    positions[k] = p;
    DlcDim dim = shape->dims[k];
    if (!e->known[p] || dlcDimIsOne(e->extents[p])) {
      e->extents[p] = e->known[p] && dlcDimIsOne(dim) ? e->extents[p] : dim;
      e->known[p] = true;
    } else if (!dlcDimIsOne(dim) && !dlcDimEqual(dim, e->extents[p])) {
      char a[64], b[64];
      dlcDimFormat(e->extents[p], a, sizeof(a));
      dlcDimFormat(dim, b, sizeof(b));
      dlcEmitDiagnostic(e->op, &dlcBroadcastMismatch,
                        "a name shared by both operands needs equal sizes",
                        "index '%.*s' has sizes %s and %s",
                        (int)names[k].length, names[k].data, a, b);
      return false;
    }
  }
  return true;
}

/* The map from the einsum space to one operand (size-1 dims read 0). */
static MlirAffineMap einsumMap(const Einsum *e, const T2iSpace *space,
                               const DlcShape *shape, const int *positions) {
  MlirAffineExpr results[DLC_MAX_RANK];
  for (int k = 0; k < shape->rank; ++k) {
    int p = positions[k];
    bool broadcast = dlcDimIsOne(shape->dims[k]) && !dlcDimIsOne(e->extents[p]);
    results[k] = broadcast ? t2iConst(space, 0) : t2iDim(space, p);
  }
  return t2iMapGet(space, shape->rank, results);
}

static bool einsumResultMatches(const Einsum *e, const DlcShape *result) {
  for (int i = 0; i < e->numAxes; ++i)
    if (!e->known[i])
      return false; /* a name no operand has */
  for (int j = 0; j < e->numOut; ++j)
    if (!dlcDimEqual(result->dims[j], e->extents[j]))
      return false;
  return true;
}

bool t2iLowerContract(T2iLowering *lowering, MlirOperation op) {
  Einsum e = {.op = op};
  DlcShape shapes[2], result;
  MlirStringRef names[2][DLC_MAX_RANK];
  int positions[2][DLC_MAX_RANK];
  static const char *const lists[2] = {"lhs_idx", "rhs_idx"};
  static const char *const required[] = {"pattern", "acc_dtype", NULL};
  if (!hasAttrs(op, required) ||
      !t2iShapeOf(op, mlirOperationGetResult(op, 0), &result) ||
      !einsumAxes(&e, result.rank))
    return false;
  for (int i = 0; i < 2; ++i)
    if (!t2iShapeOf(op, mlirOperationGetOperand(op, i), &shapes[i]) ||
        !readNames(&e, lists[i], shapes[i].rank, names[i]) ||
        !einsumExtents(&e, &shapes[i], names[i], positions[i]))
      return false;
  if (!einsumResultMatches(&e, &result))
    return einsumMalformed(&e, "the result shape is not the sizes of "
                               "out_idx, or a name has no operand dim");
  Reduction r = {.op = op, .numReduced = 0};
  if (!t2iSpaceInit(&r.space, lowering->ctx, &lowering->symbols, e.numAxes,
                    e.extents))
    return einsumMalformed(&e, "too many indices");
  for (int p = 0; p < e.numAxes; ++p) {
    r.reduced[p] = p >= e.numOut;
    if (r.reduced[p])
      r.reduceAxes[r.numReduced++] = p;
  }
  MlirValue bases[2];
  MlirAffineMap maps[2];
  for (int i = 0; i < 2; ++i)
    if (!t2iRead(lowering, op, mlirOperationGetOperand(op, i), &r.space,
                 einsumMap(&e, &r.space, &shapes[i], positions[i]), &bases[i],
                 &maps[i]))
      return false;
  const char *attrNames[] = {"pattern", "acc_dtype", "reduce_axes"};
  MlirAttribute attrs[3];
  attrs[0] = t2iGetAttr(op, "pattern");
  reductionAttrs(lowering, &r, &attrs[1], &attrs[2]);
  T2iOpSpec spec = {.name = DLC_OP_INDEXBOOK_CONTRACT,
                    .space = &r.space,
                    .rule = T2I_AXES_BY_USE,
                    .reduced = r.reduced,
                    .numOperands = 2,
                    .operands = bases,
                    .maps = maps,
                    .resultType =
                        mlirValueGetType(mlirOperationGetResult(op, 0)),
                    .numExtra = 3,
                    .extraNames = attrNames,
                    .extraAttrs = attrs};
  T2iSpace resultSpaceOut;
  t2iSpaceOfShape(lowering, &result, &resultSpaceOut);
  return defineComputed(lowering, op, t2iEmit(lowering, op, &spec),
                        &resultSpaceOut);
}
