/* The tiny interpreter's driver (spec §6.11, §13): binds the symbols from
 * the inputs, walks the function body in order, evaluates each op into a
 * fresh tensor, checks it against the op's result type and rounds it to
 * that type, and copies out what func.return returns.
 *
 * tiny.valid is evaluated here because it looks back along the producers
 * of its operand: the validity mask of a value is the mask of its movement
 * op's source pushed through that same movement (so reads that fall into
 * padding or outside a view become 0), and every value that is not made by
 * a movement op (an argument, an ALU result, a reduce, a constant) is
 * valid everywhere: it is its own base.
 *
 * dlcInterpEvaluate also takes an rbssa region (Region.c): the symbols and
 * inputs are bound here for both. */
#include "DialectNames.h"
#include "InterpInternal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

/*===----------------------------------------------------------------------===*
 * Values to tensors
 *===----------------------------------------------------------------------===*/

typedef struct Binding {
  MlirValue value;
  DlcTensor *tensor; /* owned */
} Binding;

/* The programs are small (tens of values), so a list is enough. */
typedef struct Env {
  Binding *items;
  intptr_t count, capacity;
} Env;

static DlcTensor *envLookup(const Env *env, MlirValue value) {
  for (intptr_t i = env->count - 1; i >= 0; --i)
    if (mlirValueEqual(env->items[i].value, value))
      return env->items[i].tensor;
  return NULL;
}

/* Takes `tensor`, also on failure. */
static bool envAdd(Env *env, MlirValue value, DLC_TAKE DlcTensor *tensor) {
  if (env->count == env->capacity) {
    intptr_t capacity = env->capacity ? 2 * env->capacity : 32;
    Binding *grown = realloc(env->items, (size_t)capacity * sizeof(*grown));
    if (!grown) {
      dlcTensorDestroy(tensor);
      return false;
    }
    env->items = grown;
    env->capacity = capacity;
  }
  env->items[env->count++] = (Binding){value, tensor};
  return true;
}

static void envDestroy(Env *env) {
  for (intptr_t i = 0; i < env->count; ++i)
    dlcTensorDestroy(env->items[i].tensor);
  free(env->items);
}

/*===----------------------------------------------------------------------===*
 * One op
 *===----------------------------------------------------------------------===*/

typedef struct Interpreter {
  DlcInterpPrecision precision;
  DlcInterpProducts products;
  const DlcInterpSymbols *symbols;
  Env env;
} Interpreter;

static const struct {
  const char *name;
  int numOperands;
  DlcInterpEvalFn eval; /* NULL: evaluated by the driver (tiny.valid) */
} evaluators[] = {
    {DLC_OP_TINY_VIEW, 1, dlcInterpEvalMovement},
    {DLC_OP_TINY_RESHAPE, 1, dlcInterpEvalMovement},
    {DLC_OP_TINY_PERMUTE, 1, dlcInterpEvalMovement},
    {DLC_OP_TINY_EXPAND, 1, dlcInterpEvalMovement},
    {DLC_OP_TINY_PAD, 1, dlcInterpEvalMovement},
    {DLC_OP_TINY_SHRINK, 1, dlcInterpEvalMovement},
    {DLC_OP_TINY_FLIP, 1, dlcInterpEvalMovement},
    {DLC_OP_TINY_LOAD, 1, dlcInterpEvalMovement},
    {DLC_OP_TINY_STORE, 1, dlcInterpEvalMovement},
    {DLC_OP_TINY_VALID, 1, NULL},
    {DLC_OP_TINY_NEG, 1, dlcInterpEvalUnary},
    {DLC_OP_TINY_EXP2, 1, dlcInterpEvalUnary},
    {DLC_OP_TINY_LOG2, 1, dlcInterpEvalUnary},
    {DLC_OP_TINY_SQRT, 1, dlcInterpEvalUnary},
    {DLC_OP_TINY_RECIP, 1, dlcInterpEvalUnary},
    {DLC_OP_TINY_SIN, 1, dlcInterpEvalUnary},
    {DLC_OP_TINY_CAST, 1, dlcInterpEvalUnary},
    {DLC_OP_TINY_ADD, 2, dlcInterpEvalBinary},
    {DLC_OP_TINY_SUB, 2, dlcInterpEvalBinary},
    {DLC_OP_TINY_MUL, 2, dlcInterpEvalBinary},
    {DLC_OP_TINY_FDIV, 2, dlcInterpEvalBinary},
    {DLC_OP_TINY_MAX, 2, dlcInterpEvalBinary},
    {DLC_OP_TINY_POW, 2, dlcInterpEvalBinary},
    {DLC_OP_TINY_IDIV, 2, dlcInterpEvalBinary},
    {DLC_OP_TINY_MOD, 2, dlcInterpEvalBinary},
    {DLC_OP_TINY_CMPLT, 2, dlcInterpEvalBinary},
    {DLC_OP_TINY_CMPNE, 2, dlcInterpEvalBinary},
    {DLC_OP_TINY_WHERE, 3, dlcInterpEvalWhere},
    {DLC_OP_TINY_CONST, 0, dlcInterpEvalConst},
    {DLC_OP_TINY_REDUCE, 1, dlcInterpEvalReduce},
    {DLC_OP_TINY_CONTRACT, 2, dlcInterpEvalContract},
};

static int findEvaluator(MlirStringRef name) {
  for (size_t i = 0; i < sizeof(evaluators) / sizeof(evaluators[0]); ++i)
    if (dlcStringRefIs(name, evaluators[i].name))
      return (int)i;
  return -1;
}

/* Fills `out` for `op`: operand tensors (into `operands`), element types
 * and the concrete result shape; on success the caller releases it
 * (dlcInterpOpRelease). */
static bool describeOp(Interpreter *interp, MlirOperation op, int evaluator,
                       DlcTensor **operands, DlcInterpOp *out) {
  *out = (DlcInterpOp){.op = op,
                       .name = mlirIdentifierStr(mlirOperationGetName(op)),
                       .operands = operands,
                       .precision = interp->precision,
                       .symbols = interp->symbols};
  out->numOperands = mlirOperationGetNumOperands(op);
  if (out->numOperands != evaluators[evaluator].numOperands ||
      mlirOperationGetNumResults(op) != 1) {
    dlcInterpError(op, "expected %d operands and one result",
                   evaluators[evaluator].numOperands);
    return false;
  }
  for (intptr_t i = 0; i < out->numOperands; ++i) {
    MlirValue operand = mlirOperationGetOperand(op, i);
    operands[i] = envLookup(&interp->env, operand);
    if (!operands[i]) {
      dlcInterpError(op, "operand %ld is not a value of the function body",
                     (long)i);
      return false;
    }
    out->operandDtypes[i] = dlcInterpTensorDtype(op, mlirValueGetType(operand));
    if (out->operandDtypes[i] == DlcInterpDtypeInvalid)
      return false;
  }
  MlirType resultType = mlirValueGetType(mlirOperationGetResult(op, 0));
  out->resultDtype = dlcInterpTensorDtype(op, resultType);
  return out->resultDtype != DlcInterpDtypeInvalid &&
         dlcInterpResolveResult(op, resultType, interp->symbols, false, out);
}

static DlcTensor *ones(MlirOperation at, const DlcTensor *like) {
  DlcTensor *mask = dlcInterpCreateTensor(at, like->rank, like->shape);
  for (int64_t i = 0; mask && i < mask->numElements; ++i)
    mask->data[i] = 1.0;
  return mask;
}

/* The validity mask of `value` (see the file comment). */
static DlcTensor *validityOf(Interpreter *interp, MlirOperation at,
                             MlirValue value) {
  const DlcTensor *tensor = envLookup(&interp->env, value);
  if (!tensor) {
    dlcInterpError(at, "the operand of tiny.valid is not a value of the "
                       "function body");
    return NULL;
  }
  if (!mlirValueIsAOpResult(value))
    return ones(at, tensor);
  MlirOperation producer = mlirOpResultGetOwner(value);
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(producer));
  if (!dlcInterpIsMovement(name))
    return ones(at, tensor);
  DlcTensor *operands[3];
  DlcInterpOp movement;
  if (!describeOp(interp, producer, findEvaluator(name), operands, &movement))
    return NULL;
  DlcTensor *source =
      validityOf(interp, at, mlirOperationGetOperand(producer, 0));
  DlcTensor *mask = source ? dlcInterpApplyMovement(&movement, source) : NULL;
  dlcInterpOpRelease(&movement);
  dlcTensorDestroy(source);
  return mask;
}

/* The ALU ops whose result may be formed in a reduction's accumulator
 * type (the accumulator rule, dlcInterpWidenToAccumulator). */
static bool isArithmetic(MlirStringRef name) {
  static const char *const names[] = {
      DLC_OP_TINY_NEG,   DLC_OP_TINY_EXP2, DLC_OP_TINY_LOG2, DLC_OP_TINY_SQRT,
      DLC_OP_TINY_RECIP, DLC_OP_TINY_SIN,  DLC_OP_TINY_ADD,  DLC_OP_TINY_SUB,
      DLC_OP_TINY_MUL,   DLC_OP_TINY_FDIV, DLC_OP_TINY_MAX,  DLC_OP_TINY_POW,
  };
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); ++i)
    if (dlcStringRefIs(name, names[i]))
      return true;
  return false;
}

/* The only user of `op`'s result, or null. */
static MlirOperation onlyUser(MlirOperation op) {
  MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(op, 0));
  if (mlirOpOperandIsNull(use) ||
      !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return (MlirOperation){NULL};
  return mlirOpOperandGetOwner(use);
}

/* The type `op`'s result is rounded to: its own, or with
 * DlcInterpProductsInAccumulator the accumulator type of the tiny.reduce
 * that is its only user, seen through widening casts and permutes (the
 * product of the tinygrad form of a GEMM is then formed as tiny.contract
 * and a tensor core form it). */
static DlcInterpDtype roundingDtype(const Interpreter *interp, MlirOperation op,
                                    MlirStringRef name, DlcInterpDtype typed) {
  /* A permute between the product and the reduce keeps the product
   * unrounded too (rounding values already of the narrow type is exact). */
  if (interp->products != DlcInterpProductsInAccumulator ||
      (!isArithmetic(name) && !dlcStringRefIs(name, DLC_OP_TINY_PERMUTE)))
    return typed;
  MlirOperation user = onlyUser(op);
  for (int depth = 0; depth < 4 && !mlirOperationIsNull(user); ++depth) {
    MlirStringRef userName = mlirIdentifierStr(mlirOperationGetName(user));
    if (!dlcStringRefIs(userName, DLC_OP_TINY_CAST) &&
        !dlcStringRefIs(userName, DLC_OP_TINY_PERMUTE))
      break;
    user = onlyUser(user);
  }
  if (mlirOperationIsNull(user))
    return typed;
  MlirAttribute acc = dlcInterpGetAttr(user, "acc_dtype");
  if (!dlcStringRefIs(mlirIdentifierStr(mlirOperationGetName(user)),
                      DLC_OP_TINY_REDUCE) ||
      mlirAttributeIsNull(acc) || !mlirAttributeIsAType(acc))
    return typed;
  return dlcInterpWidenToAccumulator(
      typed, dlcInterpDtypeFromType(mlirTypeAttrGetValue(acc)));
}

/* Evaluates one op into the environment. */
static bool evaluateOp(Interpreter *interp, MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  int evaluator = findEvaluator(name);
  if (evaluator < 0) {
    dlcInterpError(op, "unsupported op '%.*s'", (int)name.length, name.data);
    return false;
  }
  DlcTensor *operands[3];
  DlcInterpOp desc;
  if (!describeOp(interp, op, evaluator, operands, &desc))
    return false;
  DlcTensor *result =
      evaluators[evaluator].eval
          ? evaluators[evaluator].eval(&desc)
          : validityOf(interp, op, mlirOperationGetOperand(op, 0));
  if (result && !dlcInterpShapesEqual(result->rank, result->shape,
                                      desc.resultRank, desc.resultShape)) {
    char computed[128], typed[128];
    dlcInterpFormatShape(result->rank, result->shape, computed,
                         sizeof(computed));
    dlcInterpFormatShape(desc.resultRank, desc.resultShape, typed,
                         sizeof(typed));
    dlcInterpError(op, "the result has shape %s but its type says %s", computed,
                   typed);
    dlcTensorDestroy(result);
    result = NULL;
  }
  dlcInterpOpRelease(&desc);
  if (!result)
    return false;
  DlcInterpDtype dtype = roundingDtype(interp, op, name, desc.resultDtype);
  for (int64_t i = 0; i < result->numElements; ++i)
    result->data[i] = dlcInterpRound(dtype, desc.precision, result->data[i]);
  if (!envAdd(&interp->env, mlirOperationGetResult(op, 0), result)) {
    dlcInterpError(op, "out of memory");
    return false;
  }
  return true;
}

/*===----------------------------------------------------------------------===*
 * The function
 *===----------------------------------------------------------------------===*/

/* Binds the block arguments to copies of the inputs, rounded to the
 * arguments' element types. */
static bool bindArguments(Interpreter *interp, MlirOperation func,
                          MlirBlock body, intptr_t numInputs,
                          DlcTensor *const *inputs) {
  if (mlirBlockGetNumArguments(body) != numInputs) {
    dlcInterpError(func,
                   "the body takes %ld arguments but %ld inputs were "
                   "given",
                   (long)mlirBlockGetNumArguments(body), (long)numInputs);
    return false;
  }
  for (intptr_t i = 0; i < numInputs; ++i) {
    MlirValue argument = mlirBlockGetArgument(body, i);
    DlcInterpDtype dtype =
        dlcInterpTensorDtype(func, mlirValueGetType(argument));
    if (dtype == DlcInterpDtypeInvalid)
      return false;
    DlcTensor *copy = dlcTensorCreateCopy(inputs[i]);
    if (!copy || !envAdd(&interp->env, argument, copy)) {
      dlcInterpError(func, "out of memory");
      return false;
    }
    for (int64_t j = 0; j < copy->numElements; ++j)
      copy->data[j] = dlcInterpRound(dtype, interp->precision, copy->data[j]);
  }
  return true;
}

/* Copies the returned values into `outputs`. */
static bool collectOutputs(Interpreter *interp, MlirOperation ret,
                           intptr_t numOutputs, DlcTensor **outputs) {
  if (mlirOperationGetNumOperands(ret) != numOutputs) {
    dlcInterpError(ret, "returns %ld values but %ld outputs were expected",
                   (long)mlirOperationGetNumOperands(ret), (long)numOutputs);
    return false;
  }
  for (intptr_t i = 0; i < numOutputs; ++i) {
    const DlcTensor *value =
        envLookup(&interp->env, mlirOperationGetOperand(ret, i));
    outputs[i] = value ? dlcTensorCreateCopy(value) : NULL;
    if (!outputs[i]) {
      dlcInterpError(ret, "cannot return value %ld", (long)i);
      return false;
    }
  }
  return true;
}

static bool evaluateBody(Interpreter *interp, MlirOperation func,
                         intptr_t numInputs, DlcTensor *const *inputs,
                         intptr_t numOutputs, DlcTensor **outputs) {
  MlirRegion region = mlirOperationGetNumRegions(func) == 1
                          ? mlirOperationGetRegion(func, 0)
                          : (MlirRegion){NULL};
  MlirBlock body = mlirRegionIsNull(region) ? (MlirBlock){NULL}
                                            : mlirRegionGetFirstBlock(region);
  if (mlirBlockIsNull(body) ||
      !mlirBlockIsNull(mlirBlockGetNextInRegion(body))) {
    dlcInterpError(func, "expected a function body of exactly one block");
    return false;
  }
  if (!bindArguments(interp, func, body, numInputs, inputs))
    return false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    if (dlcStringRefIs(name, "func.return"))
      return collectOutputs(interp, op, numOutputs, outputs);
    if (!evaluateOp(interp, op))
      return false;
  }
  dlcInterpError(func, "the function body has no func.return");
  return false;
}

MlirLogicalResult dlcInterpEvaluate(MlirOperation func,
                                    DlcInterpPrecision precision,
                                    intptr_t numInputs,
                                    DlcTensor *const *inputs,
                                    DlcInterpSymbols *symbols,
                                    intptr_t numOutputs, DlcTensor **outputs) {
  DlcInterpOptions options = {precision, DlcInterpProductsTyped};
  return dlcInterpEvaluateWithOptions(func, &options, numInputs, inputs,
                                      symbols, numOutputs, outputs);
}

MlirLogicalResult dlcInterpEvaluateWithOptions(
    MlirOperation func, const DlcInterpOptions *options, intptr_t numInputs,
    DlcTensor *const *inputs, DlcInterpSymbols *symbols, intptr_t numOutputs,
    DlcTensor **outputs) {
  DlcInterpPrecision precision = options->precision;
  for (intptr_t i = 0; i < numOutputs; ++i)
    outputs[i] = NULL;
  if (!dlcStringRefIs(mlirIdentifierStr(mlirOperationGetName(func)),
                      "func.func")) {
    dlcInterpError(func, "expected a func.func");
    return mlirLogicalResultFailure();
  }
  /* Without a caller's table, one of our own (owned, cleared below). */
  DlcInterpSymbols local = {0};
  bool ok =
      symbols || mlirLogicalResultIsSuccess(dlcInterpSymbolsInit(func, &local));
  if (!symbols)
    symbols = &local;
  ok = ok && dlcInterpBindInputs(func, numInputs, inputs, symbols);
  if (ok && dlcInterpIsRegion(func)) {
    ok = dlcInterpEvaluateRegion(func, precision, numInputs, inputs, symbols,
                                 numOutputs, outputs);
  } else if (ok) {
    Interpreter interp = {precision, options->products, symbols, {NULL, 0, 0}};
    ok = evaluateBody(&interp, func, numInputs, inputs, numOutputs, outputs);
    envDestroy(&interp.env);
  }
  dlcInterpSymbolsClear(&local);
  if (ok)
    return mlirLogicalResultSuccess();
  for (intptr_t i = 0; i < numOutputs; ++i) {
    dlcTensorDestroy(outputs[i]);
    outputs[i] = NULL;
  }
  return mlirLogicalResultFailure();
}
