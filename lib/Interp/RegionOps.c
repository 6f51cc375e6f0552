/* The rbssa ops (docs/dialects/rbssa.md) on concrete tensors: the read of a
 * memref through an affine map, the elementwise unary, binary and compare
 * ops, the domain predicate of rbssa.select, the data select, reduce,
 * broadcast_in_dim and transpose. rbssa has no implicit broadcasting
 * (§6.4): the operands of an elementwise op have the result's shape. Each
 * evaluator computes in f64 from operands already rounded to their types;
 * the region driver (Region.c) rounds the result and tracks poison. */
#include "DialectNames.h"
#include "InterpInternal.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/IntegerSet.h"

#include <math.h>
#include <stdlib.h>

/*===----------------------------------------------------------------------===*
 * Shared helpers
 *===----------------------------------------------------------------------===*/

/* The string attribute `name` of `op`, or an empty reference. */
static MlirStringRef stringAttr(const DlcInterpOp *op, const char *name) {
  MlirAttribute attr = dlcInterpGetAttr(op->op, name);
  if (!mlirAttributeIsNull(attr) && mlirAttributeIsAString(attr))
    return mlirStringAttrGetValue(attr);
  return mlirStringRefCreate(NULL, 0);
}

/* Every operand has the result's shape: rbssa broadcasts only through
 * rbssa.broadcast_in_dim (E1001 otherwise). */
static bool checkOperandShapes(const DlcInterpOp *op) {
  for (intptr_t k = 0; k < op->numOperands; ++k) {
    const DlcTensor *x = op->operands[k];
    if (dlcInterpShapesEqual(x->rank, x->shape, op->resultRank,
                             op->resultShape))
      continue;
    char have[128], want[128];
    dlcInterpFormatShape(x->rank, x->shape, have, sizeof(have));
    dlcInterpFormatShape(op->resultRank, op->resultShape, want, sizeof(want));
    dlcEmitDiagnostic(
        op->op, &dlcBroadcastMismatch,
        "make the broadcast explicit with " DLC_OP_RBSSA_BROADCAST_IN_DIM,
        "operand %ld has shape %s but the result has shape %s; "
        "rbssa operands are never broadcast implicitly",
        (long)k, have, want);
    return false;
  }
  return true;
}

static bool isIntegerDtype(DlcInterpDtype dtype) {
  return dtype != DlcInterpDtypeInvalid && !dlcInterpDtypeIsFloat(dtype);
}

/* Checks that `perm` lists `rank` distinct positions below `limit`. */
static bool distinctBelow(const DlcInterpOp *op, const char *name,
                          const int64_t *values, int count, int limit) {
  bool seen[DLC_MAX_RANK] = {false};
  for (int i = 0; i < count; ++i) {
    if (values[i] < 0 || values[i] >= limit || seen[values[i]]) {
      dlcInterpError(op->op, "'%s' must list distinct dimensions below %d",
                     name, limit);
      return false;
    }
    seen[values[i]] = true;
  }
  return true;
}

/* Compiles `affine` for `op`, checking that every symbol it uses has a
 * size. */
static bool compileMap(const DlcInterpOp *op, MlirAffineMap affine,
                       DlcInterpAffineMap *map) {
  if (!dlcInterpAffineMapCompile(op->op, affine, map))
    return false;
  int unbound = dlcInterpAffineMapFindUnbound(map, op->symbols->values);
  if (unbound < 0)
    return true;
  MlirStringRef name = op->symbols->names[unbound];
  dlcInterpError(op->op, "symbol '%.*s' has no size", (int)name.length,
                 name.data);
  return false;
}

/*===----------------------------------------------------------------------===*
 * rbssa.read: result[i] = memref[map(i, symbols)]
 *===----------------------------------------------------------------------===*/

static bool inBounds(const DlcTensor *x, const int64_t *index) {
  for (int d = 0; d < x->rank; ++d)
    if (index[d] < 0 || index[d] >= x->shape[d])
      return false;
  return true;
}

DlcTensor *dlcInterpEvalRead(const DlcInterpOp *op, const DlcTensor *memref,
                             DlcTensor **poison) {
  *poison = NULL;
  MlirAffineMap affine;
  if (!dlcInterpGetMap(op, memref->rank, "memref", &affine))
    return NULL;
  DlcInterpAffineMap map;
  DlcTensor *result = NULL;
  if (compileMap(op, affine, &map))
    result = dlcInterpCreateResult(op);
  int64_t strides[DLC_MAX_RANK], index[DLC_MAX_RANK] = {0};
  int64_t source[DLC_MAX_RANK] = {0};
  dlcInterpStrides(memref->rank, memref->shape, strides);
  for (int64_t i = 0; result && i < result->numElements; ++i) {
    if (!dlcInterpAffineMapEval(&map, index, op->symbols->values, source)) {
      dlcInterpError(op->op, "the map divides by a non-positive value or "
                             "overflows at this point");
      dlcTensorDestroy(result);
      dlcTensorDestroy(*poison);
      result = *poison = NULL;
      break;
    }
    if (inBounds(memref, source)) {
      int64_t offset = 0;
      for (int d = 0; d < memref->rank; ++d)
        offset += source[d] * strides[d];
      result->data[i] = memref->data[offset];
    } else {
      /* Outside the memref: a kernel would read memory it does not own.
       * The point is poisoned; only an rbssa.select may mask it. */
      if (!*poison && !(*poison = dlcInterpCreateTensor(op->op, result->rank,
                                                        result->shape))) {
        dlcTensorDestroy(result);
        result = NULL;
        break;
      }
      (*poison)->data[i] = 1.0;
    }
    dlcInterpNextIndex(op->resultRank, op->resultShape, index);
  }
  dlcInterpAffineMapDestroy(&map);
  return result;
}

/*===----------------------------------------------------------------------===*
 * rbssa.unary
 *===----------------------------------------------------------------------===*/

typedef double (*UnaryFn)(double);

static double negate(double x) { return -x; }
static double reciprocal(double x) { return 1.0 / x; }
static double rsqrt(double x) { return 1.0 / sqrt(x); }
static double relu(double x) { return fmax(x, 0.0); } /* as tiny.max(x, 0) */
static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }
static double silu(double x) { return x / (1.0 + exp(-x)); }
/* The exact (erf) GELU, not the tanh approximation. */
static double gelu(double x) {
  return 0.5 * x * (1.0 + erf(x * 0.70710678118654752440));
}
/* The tanh approximation (tinygrad's gelu, PyTorch's approximate="tanh"),
 * as rbssa-fold-activations folds it. */
static double geluTanh(double x) {
  return 0.5 * x *
         (1.0 + tanh(0.79788456080286535588 * (x + 0.044715 * x * x * x)));
}

static const struct {
  const char *name;
  UnaryFn fn;
} unaryFns[] = {
    {"neg", negate},
    {"abs", fabs},
    {"exp", exp},
    {"exp2", exp2},
    {"log", log},
    {"log2", log2},
    {"sqrt", sqrt},
    {"rsqrt", rsqrt},
    {"recip", reciprocal},
    {"sin", sin},
    {"cos", cos},
    {"tanh", tanh},
    {"sigmoid", sigmoid},
    {"relu", relu},
    {"silu", silu},
    {"gelu", gelu},
    {"gelu_tanh", geluTanh},
};

DlcTensor *dlcInterpEvalRegionUnary(const DlcInterpOp *op) {
  MlirStringRef name = stringAttr(op, "fn");
  UnaryFn fn = NULL;
  for (size_t i = 0; i < sizeof(unaryFns) / sizeof(unaryFns[0]); ++i)
    if (dlcStringRefIs(name, unaryFns[i].name))
      fn = unaryFns[i].fn;
  if (!fn) {
    dlcInterpError(op->op, "unknown unary 'fn' \"%.*s\"", (int)name.length,
                   name.data ? name.data : "");
    return NULL;
  }
  if (!checkOperandShapes(op))
    return NULL;
  const DlcTensor *x = op->operands[0];
  DlcTensor *result = dlcInterpCreateResult(op);
  for (int64_t i = 0; result && i < x->numElements; ++i)
    result->data[i] = fn(x->data[i]);
  return result;
}

/*===----------------------------------------------------------------------===*
 * rbssa.binary and rbssa.compare
 *===----------------------------------------------------------------------===*/

typedef enum BinaryFn {
  FnAdd,
  FnSub,
  FnMul,
  FnDiv,
  FnMax,
  FnMin,
  FnPow,
  FnLt,
  FnLe,
  FnEq,
  FnNe,
  FnGt,
  FnGe,
} BinaryFn;

static const struct {
  const char *name;
  BinaryFn fn;
  bool compare;
} binaryFns[] = {
    {"add", FnAdd, false}, {"sub", FnSub, false}, {"mul", FnMul, false},
    {"div", FnDiv, false}, {"max", FnMax, false}, {"min", FnMin, false},
    {"pow", FnPow, false}, {"cmplt", FnLt, true}, {"cmple", FnLe, true},
    {"cmpeq", FnEq, true}, {"cmpne", FnNe, true}, {"cmpgt", FnGt, true},
    {"cmpge", FnGe, true},
};

/* One element; false on an integer division by zero. Integer division
 * rounds toward zero (C, tinygrad IDIV, which the lowering maps to div). */
static bool applyBinary(BinaryFn fn, bool integer, double a, double b,
                        double *out) {
  switch (fn) {
  case FnAdd:
    *out = a + b;
    break;
  case FnSub:
    *out = a - b;
    break;
  case FnMul:
    *out = a * b;
    break;
  case FnDiv:
    if (!integer) {
      *out = a / b;
      break;
    }
    if (b == 0.0)
      return false;
    /* INT64_MIN / -1 would trap; the operands are whole numbers. */
    *out = b == -1.0 ? -a : (double)((int64_t)a / (int64_t)b);
    break;
  case FnMax:
    *out = fmax(a, b);
    break;
  case FnMin:
    *out = fmin(a, b);
    break;
  case FnPow:
    *out = pow(a, b);
    break;
  case FnLt:
    *out = a < b;
    break;
  case FnLe:
    *out = a <= b;
    break;
  case FnEq:
    *out = a == b;
    break;
  case FnNe:
    *out = a != b;
    break;
  case FnGt:
    *out = a > b;
    break;
  case FnGe:
    *out = a >= b;
    break;
  }
  return true;
}

static DlcTensor *evalBinary(const DlcInterpOp *op, bool compare) {
  MlirStringRef name = stringAttr(op, "fn");
  int found = -1;
  for (size_t i = 0; i < sizeof(binaryFns) / sizeof(binaryFns[0]); ++i)
    if (binaryFns[i].compare == compare &&
        dlcStringRefIs(name, binaryFns[i].name))
      found = (int)i;
  if (found < 0) {
    dlcInterpError(op->op, "unknown %s 'fn' \"%.*s\"",
                   compare ? "comparison" : "binary", (int)name.length,
                   name.data ? name.data : "");
    return NULL;
  }
  if (!checkOperandShapes(op))
    return NULL;
  bool integer = isIntegerDtype(op->operandDtypes[0]) &&
                 isIntegerDtype(op->operandDtypes[1]);
  const DlcTensor *lhs = op->operands[0], *rhs = op->operands[1];
  DlcTensor *result = dlcInterpCreateResult(op);
  for (int64_t i = 0; result && i < result->numElements; ++i)
    if (!applyBinary(binaryFns[found].fn, integer, lhs->data[i], rhs->data[i],
                     &result->data[i])) {
      dlcInterpError(op->op, "integer division by zero");
      dlcTensorDestroy(result);
      return NULL;
    }
  return result;
}

DlcTensor *dlcInterpEvalRegionBinary(const DlcInterpOp *op) {
  return evalBinary(op, false);
}

DlcTensor *dlcInterpEvalCompare(const DlcInterpOp *op) {
  return evalBinary(op, true);
}

/*===----------------------------------------------------------------------===*
 * rbssa.select (the domain predicate) and rbssa.select_value
 *===----------------------------------------------------------------------===*/

DlcTensor *dlcInterpEvalPredicate(const DlcInterpOp *op) {
  MlirAttribute attr = dlcInterpGetAttr(op->op, "pred");
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAIntegerSet(attr)) {
    dlcInterpError(op->op, "expected an affine_set attribute 'pred'");
    return NULL;
  }
  MlirIntegerSet set = mlirIntegerSetAttrGetValue(attr);
  intptr_t dims = mlirIntegerSetGetNumDims(set);
  intptr_t symbols = mlirIntegerSetGetNumSymbols(set);
  intptr_t count = mlirIntegerSetGetNumConstraints(set);
  if (dims != op->resultRank || symbols > op->symbols->count) {
    dlcInterpError(op->op,
                   "the set has %ld dims and %ld symbols; expected %d dims "
                   "(result rank) and at most %d symbols (rbssa.symbols)",
                   (long)dims, (long)symbols, op->resultRank,
                   op->symbols->count);
    return NULL;
  }
  /* The constraints as the results of one map, evaluated per point. */
  MlirAffineExpr *exprs = malloc((size_t)(count + 1) * sizeof(*exprs));
  bool *isEq = malloc((size_t)(count + 1) * sizeof(*isEq));
  DlcInterpAffineMap map = {0};
  DlcTensor *mask = NULL;
  int64_t *values = malloc((size_t)(count + 1) * sizeof(*values));
  if (!exprs || !isEq || !values) {
    dlcInterpError(op->op, "out of memory");
  } else {
    for (intptr_t c = 0; c < count; ++c) {
      exprs[c] = mlirIntegerSetGetConstraint(set, c);
      isEq[c] = mlirIntegerSetIsConstraintEq(set, c);
    }
    MlirAffineMap affine = mlirAffineMapGet(mlirOperationGetContext(op->op),
                                            dims, symbols, count, exprs);
    if (compileMap(op, affine, &map))
      mask = dlcInterpCreateResult(op);
  }
  int64_t index[DLC_MAX_RANK] = {0};
  for (int64_t i = 0; mask && i < mask->numElements; ++i) {
    if (!dlcInterpAffineMapEval(&map, index, op->symbols->values, values)) {
      dlcInterpError(op->op, "the predicate divides by a non-positive value "
                             "or overflows at this point");
      dlcTensorDestroy(mask);
      mask = NULL;
      break;
    }
    bool holds = true;
    for (intptr_t c = 0; holds && c < count; ++c)
      holds = isEq[c] ? values[c] == 0 : values[c] >= 0;
    mask->data[i] = holds;
    dlcInterpNextIndex(op->resultRank, op->resultShape, index);
  }
  dlcInterpAffineMapDestroy(&map);
  free(values);
  free(isEq);
  free(exprs);
  return mask;
}

DlcTensor *dlcInterpEvalSelectValue(const DlcInterpOp *op) {
  if (!checkOperandShapes(op))
    return NULL;
  DlcTensor *result = dlcInterpCreateResult(op);
  for (int64_t i = 0; result && i < result->numElements; ++i)
    result->data[i] = op->operands[0]->data[i] != 0.0
                          ? op->operands[1]->data[i]
                          : op->operands[2]->data[i];
  return result;
}

/*===----------------------------------------------------------------------===*
 * rbssa.reduce
 *===----------------------------------------------------------------------===*/

/* The reduce's attributes: op, axes (as a flag per body dim), init, and
 * the accumulator type. */
typedef struct ReduceSpec {
  DlcInterpReduceKind kind;
  bool reduced[DLC_MAX_RANK];
  double init;
  DlcInterpDtype dtype;
} ReduceSpec;

static bool readReduce(const DlcInterpOp *op, const DlcTensor *body,
                       ReduceSpec *spec) {
  if (!dlcInterpReadReduceKind(op, &spec->kind))
    return false;
  MlirAttribute dtype = dlcInterpGetAttr(op->op, "dtype");
  spec->dtype = !mlirAttributeIsNull(dtype) && mlirAttributeIsAType(dtype)
                    ? dlcInterpDtypeFromType(mlirTypeAttrGetValue(dtype))
                    : DlcInterpDtypeInvalid;
  if (spec->dtype == DlcInterpDtypeInvalid) {
    dlcInterpError(op->op, "expected a supported element type 'dtype'");
    return false;
  }
  if (!dlcInterpScalarAttrValue(dlcInterpGetAttr(op->op, "init"),
                                &spec->init)) {
    dlcInterpError(op->op, "expected a float or integer attribute 'init'");
    return false;
  }
  int64_t axes[DLC_MAX_RANK];
  int n = dlcInterpGetI64Array(op->op, "axes", axes, DLC_MAX_RANK);
  if (n < 0 || !distinctBelow(op, "axes", axes, n, body->rank))
    return false;
  for (int d = 0; d < DLC_MAX_RANK; ++d)
    spec->reduced[d] = false;
  for (int i = 0; i < n; ++i)
    spec->reduced[axes[i]] = true;
  return true;
}

DlcTensor *dlcInterpApplyRegionReduce(const DlcInterpOp *op,
                                      const DlcTensor *body, bool anyOf) {
  ReduceSpec spec;
  if (!readReduce(op, body, &spec))
    return NULL;
  int rank = 0;
  int64_t shape[DLC_MAX_RANK], outStrides[DLC_MAX_RANK];
  for (int d = 0; d < body->rank; ++d)
    if (!spec.reduced[d])
      shape[rank++] = body->shape[d];
  if (!dlcInterpShapesEqual(rank, shape, op->resultRank, op->resultShape)) {
    char computed[128], typed[128];
    dlcInterpFormatShape(rank, shape, computed, sizeof(computed));
    dlcInterpFormatShape(op->resultRank, op->resultShape, typed, sizeof(typed));
    dlcInterpError(op->op,
                   "removing 'axes' from the body leaves shape %s but the "
                   "result type says %s",
                   computed, typed);
    return NULL;
  }
  DlcTensor *result = dlcInterpCreateResult(op);
  if (!result)
    return NULL;
  dlcInterpStrides(rank, shape, outStrides);
  double init =
      anyOf ? 0.0 : dlcInterpRound(spec.dtype, op->precision, spec.init);
  for (int64_t i = 0; i < result->numElements; ++i)
    result->data[i] = init;
  /* Body order is row-major, so each result element sees its reduced
   * elements in row-major order of the reduced axes (as tiny.reduce). */
  int64_t index[DLC_MAX_RANK] = {0};
  for (int64_t i = 0; i < body->numElements; ++i) {
    int64_t out = 0;
    for (int d = 0, k = 0; d < body->rank; ++d)
      if (!spec.reduced[d])
        out += index[d] * outStrides[k++];
    double *acc = &result->data[out];
    if (anyOf) {
      *acc = fmax(*acc, body->data[i]);
    } else {
      /* Body elements are promoted (rounded) to the accumulator type, and
       * the running value is rounded to it after every step. */
      double x = dlcInterpRound(spec.dtype, op->precision, body->data[i]);
      *acc = dlcInterpRound(spec.dtype, op->precision,
                            dlcInterpReduceCombine(spec.kind, *acc, x));
    }
    dlcInterpNextIndex(body->rank, body->shape, index);
  }
  return result;
}

/*===----------------------------------------------------------------------===*
 * rbssa.broadcast_in_dim and rbssa.transpose: gathers
 *===----------------------------------------------------------------------===*/

/* result[i] = x[source(i)] where source dim d reads result dim from[d], or
 * index 0 when from[d] < 0 (a size-1 dim that is broadcast). */
static DlcTensor *gatherDims(const DlcInterpOp *op, const DlcTensor *x,
                             const int *from) {
  DlcTensor *result = dlcInterpCreateResult(op);
  int64_t strides[DLC_MAX_RANK], index[DLC_MAX_RANK] = {0};
  dlcInterpStrides(x->rank, x->shape, strides);
  for (int64_t i = 0; result && i < result->numElements; ++i) {
    int64_t offset = 0;
    for (int d = 0; d < x->rank; ++d)
      offset += (from[d] < 0 ? 0 : index[from[d]]) * strides[d];
    result->data[i] = x->data[offset];
    dlcInterpNextIndex(op->resultRank, op->resultShape, index);
  }
  return result;
}

static void reportDim(const DlcInterpOp *op, const DlcTensor *x, int d,
                      int resultDim) {
  char have[128], want[128];
  dlcInterpFormatShape(x->rank, x->shape, have, sizeof(have));
  dlcInterpFormatShape(op->resultRank, op->resultShape, want, sizeof(want));
  dlcInterpError(op->op,
                 "operand dim %d (of shape %s) does not fit result dim %d "
                 "(of shape %s)",
                 d, have, resultDim, want);
}

DlcTensor *dlcInterpApplyBroadcastInDim(const DlcInterpOp *op,
                                        const DlcTensor *x) {
  int64_t dims[DLC_MAX_RANK];
  int n =
      dlcInterpGetI64Array(op->op, "broadcast_dimensions", dims, DLC_MAX_RANK);
  if (n < 0 ||
      !distinctBelow(op, "broadcast_dimensions", dims, n, op->resultRank))
    return NULL;
  if (n != x->rank) {
    dlcInterpError(op->op,
                   "'broadcast_dimensions' has %d entries for an operand of "
                   "rank %d",
                   n, x->rank);
    return NULL;
  }
  int from[DLC_MAX_RANK];
  for (int d = 0; d < n; ++d) {
    int64_t size = op->resultShape[dims[d]];
    if (x->shape[d] != size && x->shape[d] != 1) {
      reportDim(op, x, d, (int)dims[d]);
      return NULL;
    }
    from[d] = x->shape[d] == size ? (int)dims[d] : -1;
  }
  return gatherDims(op, x, from);
}

DlcTensor *dlcInterpApplyTranspose(const DlcInterpOp *op, const DlcTensor *x) {
  int64_t perm[DLC_MAX_RANK];
  int n = dlcInterpGetI64Array(op->op, "permutation", perm, DLC_MAX_RANK);
  if (n < 0 || !distinctBelow(op, "permutation", perm, n, x->rank))
    return NULL;
  if (n != x->rank || n != op->resultRank) {
    dlcInterpError(op->op,
                   "'permutation' has %d entries for an operand of rank %d "
                   "and a result of rank %d",
                   n, x->rank, op->resultRank);
    return NULL;
  }
  /* Result dim i is operand dim perm[i]: operand dim perm[i] reads i. */
  int from[DLC_MAX_RANK];
  for (int i = 0; i < n; ++i) {
    if (x->shape[perm[i]] != op->resultShape[i]) {
      reportDim(op, x, (int)perm[i], i);
      return NULL;
    }
    from[perm[i]] = i;
  }
  return gatherDims(op, x, from);
}
