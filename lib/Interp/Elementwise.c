/* Elementwise ops: unary ALU ops and tiny.cast, binary ALU ops with
 * right-aligned broadcasting (§3.3), tiny.where, and the splat tiny.const.
 * Each computes in f64 from operands already rounded to their types; the
 * driver then rounds the result to the result type (which is all tiny.cast
 * does). */
#include "DialectNames.h"
#include "InterpInternal.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>

/*===----------------------------------------------------------------------===*
 * Right-aligned broadcasting
 *===----------------------------------------------------------------------===*/

/* The broadcast shape of an op's operands, and for each operand the
 * strides that read it at a result index (0 along broadcast dims). */
typedef struct Broadcast {
  int rank;
  int64_t shape[DLC_MAX_RANK];
  int64_t strides[3][DLC_MAX_RANK];
} Broadcast;

static void reportMismatch(const DlcInterpOp *op, const Broadcast *b,
                           const DlcTensor *x, int axis) {
  char joined[128], next[128];
  dlcInterpFormatShape(b->rank, b->shape, joined, sizeof(joined));
  dlcInterpFormatShape(x->rank, x->shape, next, sizeof(next));
  dlcEmitDiagnostic(op->op, &dlcBroadcastMismatch,
                    "give the inputs sizes that agree, or expand one side "
                    "(tiny.expand)",
                    "operand shapes %s and %s differ at axis %d "
                    "(right-aligned) and neither size is 1",
                    joined, next, axis);
}

/* Joins operand `x` into the broadcast shape; false on a mismatch. */
static bool joinShape(const DlcInterpOp *op, Broadcast *b, const DlcTensor *x) {
  int rank = b->rank > x->rank ? b->rank : x->rank;
  int64_t shape[DLC_MAX_RANK];
  for (int i = 0; i < rank; ++i) {
    int ib = b->rank - rank + i, ix = x->rank - rank + i;
    int64_t sb = ib >= 0 ? b->shape[ib] : 1, sx = ix >= 0 ? x->shape[ix] : 1;
    if (sb != sx && sb != 1 && sx != 1) {
      reportMismatch(op, b, x, i);
      return false;
    }
    shape[i] = sb == 1 ? sx : sb;
  }
  b->rank = rank;
  for (int i = 0; i < rank; ++i)
    b->shape[i] = shape[i];
  return true;
}

static bool broadcastOperands(const DlcInterpOp *op, Broadcast *b) {
  b->rank = 0;
  for (intptr_t k = 0; k < op->numOperands; ++k)
    if (!joinShape(op, b, op->operands[k]))
      return false;
  for (intptr_t k = 0; k < op->numOperands; ++k) {
    const DlcTensor *x = op->operands[k];
    int64_t strides[DLC_MAX_RANK];
    dlcInterpStrides(x->rank, x->shape, strides);
    for (int i = 0; i < b->rank; ++i) {
      int ix = x->rank - b->rank + i;
      b->strides[k][i] = ix >= 0 && x->shape[ix] != 1 ? strides[ix] : 0;
    }
  }
  return true;
}

static int64_t offsetOf(const Broadcast *b, int k, const int64_t *index) {
  int64_t offset = 0;
  for (int i = 0; i < b->rank; ++i)
    offset += index[i] * b->strides[k][i];
  return offset;
}

/*===----------------------------------------------------------------------===*
 * Unary
 *===----------------------------------------------------------------------===*/

typedef double (*UnaryFn)(double);

static double negate(double x) { return -x; }
static double reciprocal(double x) { return 1.0 / x; }
static double identity(double x) { return x; }

static const struct {
  const char *name;
  UnaryFn fn;
} unaryOps[] = {
    {DLC_OP_TINY_NEG, negate},       {DLC_OP_TINY_EXP2, exp2},
    {DLC_OP_TINY_LOG2, log2},        {DLC_OP_TINY_SQRT, sqrt},
    {DLC_OP_TINY_RECIP, reciprocal}, {DLC_OP_TINY_SIN, sin},
    {DLC_OP_TINY_CAST, identity},
};

DlcTensor *dlcInterpEvalUnary(const DlcInterpOp *op) {
  UnaryFn fn = NULL;
  for (size_t i = 0; i < sizeof(unaryOps) / sizeof(unaryOps[0]); ++i)
    if (dlcStringRefIs(op->name, unaryOps[i].name))
      fn = unaryOps[i].fn;
  if (!fn) {
    dlcInterpError(op->op, "not a unary op");
    return NULL;
  }
  const DlcTensor *x = op->operands[0];
  DlcTensor *result = dlcInterpCreateTensor(op->op, x->rank, x->shape);
  if (!result)
    return NULL;
  for (int64_t i = 0; i < x->numElements; ++i)
    result->data[i] = fn(x->data[i]);
  return result;
}

/*===----------------------------------------------------------------------===*
 * Binary
 *===----------------------------------------------------------------------===*/

typedef enum BinaryKind {
  BinaryAdd,
  BinarySub,
  BinaryMul,
  BinaryFDiv,
  BinaryMax,
  BinaryPow,
  BinaryIDiv,
  BinaryMod,
  BinaryCmpLt,
  BinaryCmpNe,
} BinaryKind;

static const struct {
  const char *name;
  BinaryKind kind;
} binaryOps[] = {
    {DLC_OP_TINY_ADD, BinaryAdd},     {DLC_OP_TINY_SUB, BinarySub},
    {DLC_OP_TINY_MUL, BinaryMul},     {DLC_OP_TINY_FDIV, BinaryFDiv},
    {DLC_OP_TINY_MAX, BinaryMax},     {DLC_OP_TINY_POW, BinaryPow},
    {DLC_OP_TINY_IDIV, BinaryIDiv},   {DLC_OP_TINY_MOD, BinaryMod},
    {DLC_OP_TINY_CMPLT, BinaryCmpLt}, {DLC_OP_TINY_CMPNE, BinaryCmpNe},
};

/* Integer division and remainder round toward zero (C, tinygrad IDIV);
 * the operands are whole numbers already. False on a zero divisor. */
static bool integerDivide(BinaryKind kind, double a, double b, double *out) {
  int64_t x = (int64_t)a, y = (int64_t)b;
  if (y == 0)
    return false;
  if (y == -1) /* INT64_MIN / -1 would trap */
    *out = kind == BinaryIDiv ? -a : 0.0;
  else
    *out = (double)(kind == BinaryIDiv ? x / y : x % y);
  return true;
}

/* One element; false on an integer division by zero. */
static bool applyBinary(BinaryKind kind, bool integer, double a, double b,
                        double *out) {
  switch (kind) {
  case BinaryAdd:
    *out = a + b;
    return true;
  case BinarySub:
    *out = a - b;
    return true;
  case BinaryMul:
    *out = a * b;
    return true;
  case BinaryFDiv:
    *out = a / b;
    return true;
  case BinaryMax:
    *out = fmax(a, b);
    return true;
  case BinaryPow:
    *out = pow(a, b);
    return true;
  case BinaryCmpLt:
    *out = a < b;
    return true;
  case BinaryCmpNe:
    *out = a != b;
    return true;
  case BinaryIDiv:
  case BinaryMod:
    break;
  }
  if (integer)
    return integerDivide(kind, a, b, out);
  *out = kind == BinaryIDiv ? trunc(a / b) : fmod(a, b);
  return true;
}

static bool isInteger(DlcInterpDtype dtype) {
  return dtype != DlcInterpDtypeInvalid && !dlcInterpDtypeIsFloat(dtype);
}

DlcTensor *dlcInterpEvalBinary(const DlcInterpOp *op) {
  BinaryKind kind = BinaryAdd;
  for (size_t i = 0; i < sizeof(binaryOps) / sizeof(binaryOps[0]); ++i)
    if (dlcStringRefIs(op->name, binaryOps[i].name))
      kind = binaryOps[i].kind;
  bool integer =
      isInteger(op->operandDtypes[0]) && isInteger(op->operandDtypes[1]);
  Broadcast b;
  if (!broadcastOperands(op, &b))
    return NULL;
  DlcTensor *result = dlcInterpCreateTensor(op->op, b.rank, b.shape);
  if (!result)
    return NULL;
  const DlcTensor *lhs = op->operands[0], *rhs = op->operands[1];
  int64_t index[DLC_MAX_RANK] = {0};
  for (int64_t i = 0; i < result->numElements; ++i) {
    double x = lhs->data[offsetOf(&b, 0, index)];
    double y = rhs->data[offsetOf(&b, 1, index)];
    if (!applyBinary(kind, integer, x, y, &result->data[i])) {
      dlcInterpError(op->op, "integer division by zero");
      dlcTensorDestroy(result);
      return NULL;
    }
    dlcInterpNextIndex(b.rank, b.shape, index);
  }
  return result;
}

/*===----------------------------------------------------------------------===*
 * tiny.where and tiny.const
 *===----------------------------------------------------------------------===*/

DlcTensor *dlcInterpEvalWhere(const DlcInterpOp *op) {
  Broadcast b;
  if (!broadcastOperands(op, &b))
    return NULL;
  DlcTensor *result = dlcInterpCreateTensor(op->op, b.rank, b.shape);
  if (!result)
    return NULL;
  int64_t index[DLC_MAX_RANK] = {0};
  for (int64_t i = 0; i < result->numElements; ++i) {
    bool cond = op->operands[0]->data[offsetOf(&b, 0, index)] != 0.0;
    int pick = cond ? 1 : 2;
    result->data[i] = op->operands[pick]->data[offsetOf(&b, pick, index)];
    dlcInterpNextIndex(b.rank, b.shape, index);
  }
  return result;
}

DlcTensor *dlcInterpEvalConst(const DlcInterpOp *op) {
  MlirAttribute attr = dlcInterpGetAttr(op->op, "value");
  double value;
  if (!dlcInterpScalarAttrValue(attr, &value)) {
    dlcInterpError(op->op, "expected a float or integer attribute 'value'");
    return NULL;
  }
  DlcTensor *result = dlcInterpCreateResult(op);
  if (!result)
    return NULL;
  for (int64_t i = 0; i < result->numElements; ++i)
    result->data[i] = value;
  return result;
}
