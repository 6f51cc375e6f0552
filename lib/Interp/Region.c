/* CPU playback of an RB-SSA region (spec §6.11 "CPU playback", §13): the
 * region's memref arguments get concrete buffers (inputs, then outputs, the
 * kernel ABI order), the body's rbssa ops are evaluated one at a time into
 * tensors over their axes, exactly as the tiny evaluator does for tiny ops,
 * and every rbssa.yield writes its value, cast to the output's element
 * type, into an output buffer. docs/interp.md, "rbssa regions".
 *
 * Two things are specific to regions:
 *
 *  - Poison. A read outside its memref is memory a kernel does not own.
 *    Such points are poisoned rather than read as 0; rbssa.select clears
 *    the poison where its predicate fails (its `then` is not evaluated
 *    there), every other op passes it on, and a yield that would write a
 *    poisoned element is an error at the read. So an unguarded read is
 *    caught even where the arithmetic would hide it.
 *
 *  - The accumulator type of a reduce reaches into its body: the op that
 *    forms the body (the mul of a GEMM, through the selects that guard it)
 *    is rounded to the reduce's `dtype` instead of its own element type
 *    when `dtype` is the wider float and the value has no other use. An
 *    f16 x f16 product is then formed in f32, as the MMA that the region
 *    describes forms it (docs/dialects/rbssa.md, `rbssa.reduce`), and as
 *    tiny.contract does. */
#include "DialectNames.h"
#include "InterpInternal.h"
#include "KernelProblem.h"
#include "ReduceBody.h"
#include "SymbolTable.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

/*===----------------------------------------------------------------------===*
 * Signature: memref arguments with rbssa.role and rbssa.shape
 *===----------------------------------------------------------------------===*/

bool dlcInterpIsRegion(MlirOperation func) {
  return !mlirOperationIsNull(func) &&
         !mlirAttributeIsNull(dlcInterpGetAttr(func, "rbssa.region"));
}

/* 0 for "input", 1 for "output", -1 otherwise. */
static int argRole(MlirOperation func, intptr_t index) {
  MlirAttribute role = kpArgAttr(func, (int)index, "rbssa.role");
  if (mlirAttributeIsNull(role) || !mlirAttributeIsAString(role))
    return -1;
  MlirStringRef text = mlirStringAttrGetValue(role);
  return dlcStringRefIs(text, "input")    ? 0
         : dlcStringRefIs(text, "output") ? 1
                                          : -1;
}

/* The memref arguments of `func` itself, inputs then outputs. */
static bool argumentSignature(MlirOperation func, intptr_t *numInputs,
                              intptr_t *numOutputs) {
  *numInputs = *numOutputs = 0;
  MlirType type = dlcInterpFunctionType(func);
  if (mlirTypeIsNull(type)) {
    dlcInterpError(func, "expected a func.func with a function type");
    return false;
  }
  if (mlirFunctionTypeGetNumResults(type) != 0) {
    dlcInterpError(func, "an rbssa region returns no values: its outputs are "
                         "memref arguments written by rbssa.yield");
    return false;
  }
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(type); ++i) {
    if (!mlirTypeIsAMemRef(mlirFunctionTypeGetInput(type, i))) {
      dlcInterpError(func, "region argument %ld is not a memref", (long)i);
      return false;
    }
    int role = argRole(func, i);
    if (role < 0) {
      dlcInterpError(func,
                     "region argument %ld needs 'rbssa.role' = \"input\" or "
                     "\"output\"",
                     (long)i);
      return false;
    }
    if (role == 0 && *numOutputs > 0) {
      dlcInterpError(func,
                     "region argument %ld is an input after an output; "
                     "inputs come first (the kernel ABI order)",
                     (long)i);
      return false;
    }
    ++*(role == 0 ? numInputs : numOutputs);
  }
  return true;
}

/* A fused attention region's parameters are its arguments but P
 * (Attention.c). */
bool dlcInterpRegionSignature(MlirOperation func, intptr_t *numInputs,
                              intptr_t *numOutputs) {
  if (!argumentSignature(func, numInputs, numOutputs))
    return false;
  if (!mlirOperationIsNull(dlcInterpFusedScores(func)))
    --*numInputs;
  return true;
}

MlirLogicalResult dlcInterpGetRegionArgument(MlirOperation func, intptr_t index,
                                             intptr_t *argument) {
  *argument = index;
  return mlirOperationIsNull(dlcInterpFusedScores(func)) ||
                 dlcInterpAttentionParam(func, index, argument)
             ? mlirLogicalResultSuccess()
             : mlirLogicalResultFailure();
}

static bool argumentShape(MlirOperation func, intptr_t index, DlcShape *shape);

bool dlcInterpRegionParamShape(MlirOperation func, intptr_t index,
                               DlcShape *shape) {
  intptr_t arg;
  return mlirLogicalResultIsSuccess(
             dlcInterpGetRegionArgument(func, index, &arg)) &&
         argumentShape(func, arg, shape);
}

static bool argumentShape(MlirOperation func, intptr_t index, DlcShape *shape) {
  MlirType type = mlirFunctionTypeGetInput(dlcInterpFunctionType(func), index);
  MlirAttribute dims = kpArgAttr(func, (int)index, "rbssa.shape");
  intptr_t rank = mlirShapedTypeGetRank(type);
  if (mlirAttributeIsNull(dims) || !mlirAttributeIsAArray(dims) ||
      mlirArrayAttrGetNumElements(dims) != rank || rank > DLC_MAX_RANK) {
    dlcInterpError(func,
                   "region argument %ld needs an 'rbssa.shape' array with "
                   "one entry per memref dimension (at most %d)",
                   (long)index, DLC_MAX_RANK);
    return false;
  }
  shape->rank = (int)rank;
  for (intptr_t d = 0; d < rank; ++d) {
    MlirAttribute entry = mlirArrayAttrGetElement(dims, d);
    DlcDim *dim = &shape->dims[d];
    dim->symbol = mlirStringRefCreate(NULL, 0);
    dim->size = -1;
    if (mlirAttributeIsAString(entry))
      dim->symbol = mlirStringAttrGetValue(entry);
    else if (mlirAttributeIsAInteger(entry))
      dim->size = mlirIntegerAttrGetValueInt(entry);
    bool isStatic = !mlirShapedTypeIsDynamicDim(type, d);
    if ((dim->size < 0 && dim->symbol.length == 0) ||
        (isStatic && dim->size != mlirShapedTypeGetDimSize(type, d))) {
      dlcInterpError(func,
                     "entry %ld of the 'rbssa.shape' of region argument %ld "
                     "must be a symbol name or a size, equal to the memref's "
                     "size where that is static",
                     (long)d, (long)index);
      return false;
    }
  }
  return true;
}

bool dlcInterpRegionSymbolsInit(MlirOperation func, DlcInterpSymbols *symbols) {
  DlcSymbolTable order = {0};
  bool ok = mlirLogicalResultIsSuccess(
      dlcSymbolTableRead(&order, func, "rbssa.symbols"));
  for (int i = 0; ok && i < order.count; ++i)
    ok = dlcInterpSymbolsAdd(func, symbols, order.names[i]);
  dlcSymbolTableClear(&order);
  if (!ok)
    return false;
  intptr_t numInputs, numOutputs;
  if (!dlcInterpRegionSignature(func, &numInputs, &numOutputs))
    return false;
  for (intptr_t i = 0; i < numInputs + numOutputs; ++i) {
    DlcShape shape;
    if (!dlcInterpRegionParamShape(func, i, &shape))
      return false;
    for (int d = 0; d < shape.rank; ++d) {
      MlirStringRef name = shape.dims[d].symbol;
      if (shape.dims[d].size < 0 && dlcInterpSymbolsFind(symbols, name) < 0) {
        dlcInterpError(func,
                       "symbol '%.*s' of the 'rbssa.shape' of region "
                       "argument %ld is missing from 'rbssa.symbols'",
                       (int)name.length, name.data, (long)i);
        return false;
      }
    }
  }
  return true;
}

/*===----------------------------------------------------------------------===*
 * Values
 *===----------------------------------------------------------------------===*/

typedef enum ValueKind { ValueTensor, ValueInput, ValueOutput } ValueKind;

typedef struct RegionValue {
  MlirValue value;
  ValueKind kind;
  intptr_t output;   /* ValueOutput: its position among the outputs */
  DlcTensor *tensor; /* owned; ValueTensor and ValueInput */
  /* Owned 0/1 mask of the elements that depend on a read outside its
   * memref, and that read; NULL when there are none. */
  DlcTensor *poison;
  MlirOperation poisonRead;
} RegionValue;

/* An op rounded to a reduce's accumulator type (see the file comment). */
typedef struct Promotion {
  MlirOperation op;
  DlcInterpDtype dtype;
} Promotion;

typedef struct Region {
  MlirOperation func;
  DlcInterpPrecision precision;
  const DlcInterpSymbols *symbols;
  intptr_t numInputs, numOutputs;
  DlcTensor **outputs; /* numOutputs; NULL until yielded */
  RegionValue *values;
  intptr_t count, capacity;
  Promotion *promotions;
  intptr_t numPromotions, promotionCapacity;
} Region;

static RegionValue *lookup(Region *r, MlirValue value) {
  for (intptr_t i = r->count - 1; i >= 0; --i)
    if (mlirValueEqual(r->values[i].value, value))
      return &r->values[i];
  return NULL;
}

/* Takes the tensors of `v`, also on failure. */
static bool addValue(Region *r, RegionValue v) {
  if (r->count == r->capacity) {
    intptr_t capacity = r->capacity ? 2 * r->capacity : 32;
    RegionValue *grown = realloc(r->values, (size_t)capacity * sizeof(*grown));
    if (!grown) {
      dlcTensorDestroy(v.tensor);
      dlcTensorDestroy(v.poison);
      dlcInterpError(r->func, "out of memory");
      return false;
    }
    r->values = grown;
    r->capacity = capacity;
  }
  r->values[r->count++] = v;
  return true;
}

static void regionDestroy(Region *r) {
  for (intptr_t i = 0; i < r->count; ++i) {
    dlcTensorDestroy(r->values[i].tensor);
    dlcTensorDestroy(r->values[i].poison);
  }
  free(r->values);
  free(r->promotions);
}

/*===----------------------------------------------------------------------===*
 * Accumulator types reaching into reduce bodies
 *===----------------------------------------------------------------------===*/

static DlcInterpDtype elementDtype(MlirValue value) {
  MlirType type = mlirValueGetType(value);
  return mlirTypeIsARankedTensor(type)
             ? dlcInterpDtypeFromType(mlirShapedTypeGetElementType(type))
             : DlcInterpDtypeInvalid;
}

static bool addPromotion(Region *r, MlirOperation op, DlcInterpDtype dtype) {
  if (r->numPromotions == r->promotionCapacity) {
    intptr_t capacity = r->promotionCapacity ? 2 * r->promotionCapacity : 8;
    Promotion *grown =
        realloc(r->promotions, (size_t)capacity * sizeof(*grown));
    if (!grown) {
      dlcInterpError(r->func, "out of memory");
      return false;
    }
    r->promotions = grown;
    r->promotionCapacity = capacity;
  }
  r->promotions[r->numPromotions++] = (Promotion){op, dtype};
  return true;
}

typedef struct Promoting {
  Region *region;
  DlcInterpDtype acc;
} Promoting;

static bool narrowerThanAcc(MlirValue value, void *userData) {
  const Promoting *p = userData;
  DlcInterpDtype typed = elementDtype(value);
  return dlcInterpWidenToAccumulator(typed, p->acc) != typed;
}

static bool promote(MlirOperation op, void *userData) {
  Promoting *p = userData;
  return addPromotion(p->region, op, p->acc);
}

/* Marks the ops the accumulator rule rounds to the accumulator type
 * (ReduceBody.h). */
static bool promoteBody(Region *r, MlirOperation reduce) {
  MlirAttribute attr = dlcInterpGetAttr(reduce, "dtype");
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAType(attr))
    return true; /* malformed: the reduce reports it when evaluated */
  Promoting p = {r, dlcInterpDtypeFromType(mlirTypeAttrGetValue(attr))};
  return dlcReduceBodyWiden(reduce, narrowerThanAcc, promote, &p);
}

/* The type `op`'s result is rounded to. */
static DlcInterpDtype roundingDtype(const Region *r, MlirOperation op,
                                    DlcInterpDtype typed) {
  for (intptr_t i = 0; i < r->numPromotions; ++i)
    if (mlirOperationEqual(r->promotions[i].op, op))
      return r->promotions[i].dtype;
  return typed;
}

/*===----------------------------------------------------------------------===*
 * Poison
 *===----------------------------------------------------------------------===*/

/* The union of the operands' poison, all of the result's shape (checked by
 * the evaluators): NULL when none is poisoned. */
static bool unionPoison(MlirOperation at, RegionValue *const *operands,
                        int count, const DlcTensor *result, RegionValue *out) {
  for (int k = 0; k < count; ++k) {
    const DlcTensor *p = operands[k]->poison;
    if (!p)
      continue;
    if (!out->poison) {
      out->poisonRead = operands[k]->poisonRead;
      if (!(out->poison =
                dlcInterpCreateTensor(at, result->rank, result->shape)))
        return false;
    }
    for (int64_t i = 0; i < p->numElements; ++i)
      if (p->data[i] != 0.0)
        out->poison->data[i] = 1.0;
  }
  return true;
}

/* Drops a mask that has no poisoned element left. */
static void trimPoison(RegionValue *v) {
  if (!v->poison)
    return;
  for (int64_t i = 0; i < v->poison->numElements; ++i)
    if (v->poison->data[i] != 0.0)
      return;
  dlcTensorDestroy(v->poison);
  v->poison = NULL;
}

/*===----------------------------------------------------------------------===*
 * One op
 *===----------------------------------------------------------------------===*/

typedef enum OpKind {
  OpRead,
  OpUnary,
  OpBinary,
  OpCompare,
  OpSelect,
  OpSelectValue,
  OpReduce,
  OpBroadcastInDim,
  OpTranspose,
  OpCast,
  OpConst,
  OpYield,
} OpKind;

static const struct {
  const char *name;
  int numOperands;
  OpKind kind;
} regionOps[] = {
    {DLC_OP_RBSSA_READ, 1, OpRead},
    {DLC_OP_RBSSA_UNARY, 1, OpUnary},
    {DLC_OP_RBSSA_BINARY, 2, OpBinary},
    {DLC_OP_RBSSA_COMPARE, 2, OpCompare},
    {DLC_OP_RBSSA_SELECT, 1, OpSelect},
    {DLC_OP_RBSSA_SELECT_VALUE, 3, OpSelectValue},
    {DLC_OP_RBSSA_REDUCE, 1, OpReduce},
    {DLC_OP_RBSSA_BROADCAST_IN_DIM, 1, OpBroadcastInDim},
    {DLC_OP_RBSSA_TRANSPOSE, 1, OpTranspose},
    {DLC_OP_RBSSA_CAST, 1, OpCast},
    {DLC_OP_RBSSA_CONST, 0, OpConst},
    {DLC_OP_RBSSA_YIELD, 2, OpYield},
};

static int findOp(MlirStringRef name) {
  for (size_t i = 0; i < sizeof(regionOps) / sizeof(regionOps[0]); ++i)
    if (dlcStringRefIs(name, regionOps[i].name))
      return (int)i;
  return -1;
}

/* Finds the operands of `op` in the environment: tensors, except the
 * memref of a read (an input argument). */
static bool findOperands(Region *r, MlirOperation op, OpKind kind,
                         RegionValue **operands) {
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); ++k) {
    operands[k] = lookup(r, mlirOperationGetOperand(op, k));
    ValueKind want = kind == OpRead ? ValueInput : ValueTensor;
    if (operands[k] && operands[k]->kind == want)
      continue;
    if (operands[k] && operands[k]->kind == ValueOutput)
      dlcInterpError(op,
                     "operand %ld is an output memref; a region only "
                     "reads its inputs",
                     (long)k);
    else
      dlcInterpError(op, "operand %ld is not %s", (long)k,
                     kind == OpRead ? "an input memref of the region"
                                    : "a tensor value of the region body");
    return false;
  }
  return true;
}

/* Fills `desc` for `op` (a non-yield rbssa op with one tensor result); on
 * success the caller releases it (dlcInterpOpRelease). */
static bool describeOp(Region *r, MlirOperation op, OpKind kind,
                       RegionValue **operands, DlcTensor **tensors,
                       DlcInterpOp *desc) {
  *desc = (DlcInterpOp){.op = op,
                        .name = mlirIdentifierStr(mlirOperationGetName(op)),
                        .numOperands = mlirOperationGetNumOperands(op),
                        .operands = tensors,
                        .precision = r->precision,
                        .symbols = r->symbols};
  if (!findOperands(r, op, kind, operands))
    return false;
  for (intptr_t k = 0; k < desc->numOperands; ++k) {
    tensors[k] = operands[k]->tensor;
    if (kind != OpRead &&
        (desc->operandDtypes[k] = dlcInterpTensorDtype(
             op, mlirValueGetType(mlirOperationGetOperand(op, k)))) ==
            DlcInterpDtypeInvalid)
      return false;
  }
  MlirValue result = mlirOperationGetResult(op, 0);
  desc->resultDtype = dlcInterpTensorDtype(op, mlirValueGetType(result));
  return desc->resultDtype != DlcInterpDtypeInvalid &&
         dlcInterpResolveResult(op, mlirValueGetType(result), r->symbols, true,
                                desc);
}

/* rbssa.select: `then` where `pred` holds, `else` elsewhere; the poison of
 * `then` survives only where `pred` holds. */
static bool evalSelect(const DlcInterpOp *desc, const RegionValue *then,
                       RegionValue *out) {
  double otherwise;
  if (!dlcInterpScalarAttrValue(dlcInterpGetAttr(desc->op, "else"),
                                &otherwise)) {
    dlcInterpError(desc->op, "expected a float or integer attribute 'else'");
    return false;
  }
  if (!dlcInterpShapesEqual(then->tensor->rank, then->tensor->shape,
                            desc->resultRank, desc->resultShape)) {
    dlcInterpError(desc->op, "the operand and the result differ in shape");
    return false;
  }
  DlcTensor *mask = dlcInterpEvalPredicate(desc);
  if (!mask)
    return false;
  out->tensor = dlcTensorCreateCopy(then->tensor);
  if (then->poison) {
    out->poison = dlcTensorCreateCopy(then->poison);
    out->poisonRead = then->poisonRead;
  }
  bool ok = out->tensor && (!then->poison || out->poison);
  for (int64_t i = 0; ok && i < mask->numElements; ++i) {
    if (mask->data[i] != 0.0)
      continue;
    out->tensor->data[i] = otherwise;
    if (out->poison)
      out->poison->data[i] = 0.0;
  }
  if (!ok)
    dlcInterpError(desc->op, "out of memory");
  dlcTensorDestroy(mask);
  return ok;
}

/* Computes the value (and poison) of `op` into `out`. */
static bool evalValue(Region *r, OpKind kind, const DlcInterpOp *desc,
                      RegionValue **operands, RegionValue *out) {
  int n = (int)desc->numOperands;
  switch (kind) {
  case OpRead:
    out->tensor = dlcInterpEvalRead(desc, operands[0]->tensor, &out->poison);
    out->poisonRead = desc->op;
    return out->tensor != NULL;
  case OpSelect:
    return evalSelect(desc, operands[0], out);
  case OpReduce:
  case OpBroadcastInDim:
  case OpTranspose: {
    DlcTensor *(*apply)(const DlcInterpOp *, const DlcTensor *) =
        kind == OpBroadcastInDim ? dlcInterpApplyBroadcastInDim
                                 : dlcInterpApplyTranspose;
    const DlcTensor *x = operands[0]->tensor, *p = operands[0]->poison;
    out->tensor = kind == OpReduce ? dlcInterpApplyRegionReduce(desc, x, false)
                                   : apply(desc, x);
    if (!out->tensor || !p)
      return out->tensor != NULL;
    out->poisonRead = operands[0]->poisonRead;
    out->poison = kind == OpReduce ? dlcInterpApplyRegionReduce(desc, p, true)
                                   : apply(desc, p);
    return out->poison != NULL;
  }
  case OpCast:
    if (!dlcInterpShapesEqual(operands[0]->tensor->rank,
                              operands[0]->tensor->shape, desc->resultRank,
                              desc->resultShape)) {
      dlcInterpError(desc->op, "the operand and the result differ in shape");
      return false;
    }
    /* The driver's rounding to the result type is the whole cast. */
    out->tensor = dlcTensorCreateCopy(operands[0]->tensor);
    if (!out->tensor)
      dlcInterpError(desc->op, "out of memory");
    break;
  case OpConst:
    out->tensor = dlcInterpEvalConst(desc);
    break;
  case OpUnary:
    out->tensor = dlcInterpEvalRegionUnary(desc);
    break;
  case OpBinary:
    out->tensor = dlcInterpEvalRegionBinary(desc);
    break;
  case OpCompare:
    out->tensor = dlcInterpEvalCompare(desc);
    break;
  case OpSelectValue:
    out->tensor = dlcInterpEvalSelectValue(desc);
    break;
  case OpYield:
    return false;
  }
  /* Elementwise: a point is poisoned when any operand's is (select_value
   * evaluates both sides, so both count). */
  return out->tensor && unionPoison(desc->op, operands, n, out->tensor, out);
}

/* Computes `op`'s value (checked against its type, rounded) into `out`. */
static bool computeOp(Region *r, OpKind kind, const DlcInterpOp *desc,
                      RegionValue **operands, RegionValue *out) {
  if (!evalValue(r, kind, desc, operands, out))
    return false;
  if (!dlcInterpShapesEqual(out->tensor->rank, out->tensor->shape,
                            desc->resultRank, desc->resultShape)) {
    char computed[128], typed[128];
    dlcInterpFormatShape(out->tensor->rank, out->tensor->shape, computed,
                         sizeof(computed));
    dlcInterpFormatShape(desc->resultRank, desc->resultShape, typed,
                         sizeof(typed));
    dlcInterpError(desc->op, "the result has shape %s but its type says %s",
                   computed, typed);
    return false;
  }
  DlcInterpDtype dtype = roundingDtype(r, desc->op, desc->resultDtype);
  for (int64_t i = 0; i < out->tensor->numElements; ++i)
    out->tensor->data[i] =
        dlcInterpRound(dtype, r->precision, out->tensor->data[i]);
  trimPoison(out);
  return true;
}

static bool evaluateOp(Region *r, MlirOperation op, OpKind kind) {
  if (mlirOperationGetNumResults(op) != 1) {
    dlcInterpError(op, "expected one result");
    return false;
  }
  RegionValue *operands[3];
  DlcTensor *tensors[3];
  DlcInterpOp desc;
  if (!describeOp(r, op, kind, operands, tensors, &desc))
    return false;
  RegionValue out = {.value = mlirOperationGetResult(op, 0),
                     .kind = ValueTensor};
  bool ok = computeOp(r, kind, &desc, operands, &out);
  dlcInterpOpRelease(&desc);
  if (!ok) {
    dlcTensorDestroy(out.tensor);
    dlcTensorDestroy(out.poison);
    return false;
  }
  return addValue(r, out);
}

/*===----------------------------------------------------------------------===*
 * rbssa.yield
 *===----------------------------------------------------------------------===*/

/* Reports the first poisoned element of a yielded value at the read it
 * comes from. */
static void reportPoison(const RegionValue *value, intptr_t output) {
  const DlcTensor *p = value->poison;
  int64_t index[DLC_MAX_RANK] = {0}; /* p has the output's shape (checked) */
  for (int64_t i = 0; i < p->numElements && p->data[i] == 0.0; ++i)
    dlcInterpNextIndex(p->rank, p->shape, index);
  char where[128];
  dlcInterpFormatShape(p->rank, index, where, sizeof(where));
  dlcInterpError(value->poisonRead,
                 "this read leaves its memref, and rbssa.yield writes a "
                 "value that depends on it to output %ld at %s; guard the "
                 "read with rbssa.select",
                 (long)output, where);
}

static bool evaluateYield(Region *r, MlirOperation op) {
  RegionValue *value = lookup(r, mlirOperationGetOperand(op, 0));
  RegionValue *target = lookup(r, mlirOperationGetOperand(op, 1));
  if (!value || value->kind != ValueTensor || !target ||
      target->kind != ValueOutput) {
    dlcInterpError(op, "expected a tensor value of the region body and an "
                       "output memref of the region");
    return false;
  }
  intptr_t k = target->output;
  int rank;
  int64_t shape[DLC_MAX_RANK];
  DlcInterpDtype stored;
  if (mlirLogicalResultIsFailure(dlcInterpGetParam(
          r->func, r->numInputs + k, r->symbols, &rank, shape, &stored)))
    return false;
  MlirAttribute attr = dlcInterpGetAttr(op, "cast");
  DlcInterpDtype cast = !mlirAttributeIsNull(attr) && mlirAttributeIsAType(attr)
                            ? dlcInterpDtypeFromType(mlirTypeAttrGetValue(attr))
                            : DlcInterpDtypeInvalid;
  if (cast != stored) {
    dlcInterpError(op, "'cast' must be the output memref's element type (%s)",
                   dlcInterpDtypeGetName(stored));
    return false;
  }
  const DlcTensor *v = value->tensor;
  if (!dlcInterpShapesEqual(v->rank, v->shape, rank, shape)) {
    char have[128], want[128];
    dlcInterpFormatShape(v->rank, v->shape, have, sizeof(have));
    dlcInterpFormatShape(rank, shape, want, sizeof(want));
    dlcInterpError(op, "the value has shape %s but output %ld has shape %s",
                   have, (long)k, want);
    return false;
  }
  if (r->outputs[k]) {
    dlcInterpError(op, "output %ld is written a second time", (long)k);
    return false;
  }
  if (value->poison) {
    reportPoison(value, k);
    return false;
  }
  if (!(r->outputs[k] = dlcTensorCreateCopy(v))) {
    dlcInterpError(op, "out of memory");
    return false;
  }
  for (int64_t i = 0; i < v->numElements; ++i)
    r->outputs[k]->data[i] =
        dlcInterpRound(cast, r->precision, r->outputs[k]->data[i]);
  return true;
}

/*===----------------------------------------------------------------------===*
 * The region
 *===----------------------------------------------------------------------===*/

/* Binds the memref arguments: inputs to copies of the given tensors
 * rounded to their element types, outputs to their positions. */
static bool bindArguments(Region *r, MlirBlock body, DlcTensor *const *inputs) {
  if (mlirBlockGetNumArguments(body) != r->numInputs + r->numOutputs) {
    dlcInterpError(r->func, "the body's arguments do not match the region's "
                            "signature");
    return false;
  }
  for (intptr_t i = 0; i < r->numInputs + r->numOutputs; ++i) {
    RegionValue v = {.value = mlirBlockGetArgument(body, i),
                     .kind = i < r->numInputs ? ValueInput : ValueOutput,
                     .output = i - r->numInputs};
    if (v.kind == ValueInput) {
      MlirType type = mlirValueGetType(v.value);
      DlcInterpDtype dtype =
          dlcInterpDtypeFromType(mlirShapedTypeGetElementType(type));
      if (dtype == DlcInterpDtypeInvalid) {
        dlcInterpError(r->func,
                       "region argument %ld has an element type the "
                       "interpreter does not support",
                       (long)i);
        return false;
      }
      if (!(v.tensor = dlcTensorCreateCopy(inputs[i]))) {
        dlcInterpError(r->func, "out of memory");
        return false;
      }
      for (int64_t j = 0; j < v.tensor->numElements; ++j)
        v.tensor->data[j] =
            dlcInterpRound(dtype, r->precision, v.tensor->data[j]);
    }
    if (!addValue(r, v))
      return false;
  }
  return true;
}

static bool evaluateBody(Region *r, DlcTensor *const *inputs) {
  MlirRegion region = mlirOperationGetNumRegions(r->func) == 1
                          ? mlirOperationGetRegion(r->func, 0)
                          : (MlirRegion){NULL};
  MlirBlock body = mlirRegionIsNull(region) ? (MlirBlock){NULL}
                                            : mlirRegionGetFirstBlock(region);
  if (mlirBlockIsNull(body) ||
      !mlirBlockIsNull(mlirBlockGetNextInRegion(body))) {
    dlcInterpError(r->func, "expected a region body of exactly one block");
    return false;
  }
  if (!bindArguments(r, body, inputs))
    return false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (dlcStringRefIs(mlirIdentifierStr(mlirOperationGetName(op)),
                       DLC_OP_RBSSA_REDUCE) &&
        !promoteBody(r, op))
      return false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    if (dlcStringRefIs(name, "func.return"))
      break;
    int found = findOp(name);
    if (found < 0) {
      dlcInterpError(op, "unsupported op '%.*s' in an rbssa region",
                     (int)name.length, name.data);
      return false;
    }
    if (mlirOperationGetNumOperands(op) != regionOps[found].numOperands) {
      dlcInterpError(op, "expected %d operands", regionOps[found].numOperands);
      return false;
    }
    bool ok = regionOps[found].kind == OpYield
                  ? evaluateYield(r, op)
                  : evaluateOp(r, op, regionOps[found].kind);
    if (!ok)
      return false;
  }
  for (intptr_t k = 0; k < r->numOutputs; ++k)
    if (!r->outputs[k]) {
      dlcInterpError(r->func,
                     "output %ld (region argument %ld) is never "
                     "written by an rbssa.yield",
                     (long)k, (long)(r->numInputs + k));
      return false;
    }
  return true;
}

bool dlcInterpEvaluateRegion(MlirOperation func, DlcInterpPrecision precision,
                             intptr_t numInputs, DlcTensor *const *inputs,
                             const DlcInterpSymbols *symbols,
                             intptr_t numOutputs, DlcTensor **outputs) {
  Region r = {.func = func,
              .precision = precision,
              .symbols = symbols,
              .numInputs = numInputs,
              .outputs = outputs};
  intptr_t expectedInputs, expectedOutputs;
  if (!dlcInterpRegionSignature(func, &expectedInputs, &expectedOutputs))
    return false;
  if (numInputs != expectedInputs || numOutputs != expectedOutputs) {
    dlcInterpError(func,
                   "the region has %ld inputs and %ld outputs but %ld and "
                   "%ld were given",
                   (long)expectedInputs, (long)expectedOutputs, (long)numInputs,
                   (long)numOutputs);
    return false;
  }
  MlirOperation scores = dlcInterpFusedScores(func);
  if (!mlirOperationIsNull(scores))
    return dlcInterpEvaluateAttention(func, scores, precision, numInputs,
                                      inputs, symbols, numOutputs, outputs);
  r.numOutputs = numOutputs;
  bool ok = evaluateBody(&r, inputs);
  regionDestroy(&r);
  return ok;
}
