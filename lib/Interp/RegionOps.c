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
  bool *seen = calloc(limit > 0 ? (size_t)limit : 1, sizeof(*seen));
  if (!seen) {
    dlcInterpError(op->op, "out of memory");
    return false;
  }
  bool ok = true;
  for (int i = 0; ok && i < count; ++i) {
    ok = values[i] >= 0 && values[i] < limit && !seen[values[i]];
    if (ok)
      seen[values[i]] = true;
  }
  free(seen);
  if (!ok)
    dlcInterpError(op->op, "'%s' must list distinct dimensions below %d", name,
                   limit);
  return ok;
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
  /* Owned: the result's index, then the memref's strides and index. */
  int64_t *index =
      result ? dlcInterpCreateIndex(op->op, op->resultRank + 2 * memref->rank)
             : NULL;
  int64_t *strides = NULL, *source = NULL;
  if (index) {
    strides = index + op->resultRank;
    source = strides + memref->rank;
    dlcInterpStrides(memref->rank, memref->shape, strides);
  } else {
    dlcTensorDestroy(result);
    result = NULL;
  }
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
  free(index);
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
  int64_t *index =
      mask ? dlcInterpCreateIndex(op->op, op->resultRank) : NULL; /* owned */
  if (!index) {
    dlcTensorDestroy(mask);
    mask = NULL;
  }
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
  free(index);
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
  bool *reduced; /* owned: one flag per body dim (NULL until read) */
  double init;
  DlcInterpDtype dtype;
} ReduceSpec;

static bool readReduce(const DlcInterpOp *op, const DlcTensor *body,
                       ReduceSpec *spec) {
  spec->reduced = NULL;
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
  int n = 0;
  int64_t *axes = dlcInterpReadI64Array(op->op, "axes", &n); /* owned */
  bool ok = axes && distinctBelow(op, "axes", axes, n, body->rank);
  if (ok && !(spec->reduced = calloc(body->rank > 0 ? (size_t)body->rank : 1,
                                     sizeof(*spec->reduced)))) {
    dlcInterpError(op->op, "out of memory");
    ok = false;
  }
  for (int i = 0; ok && i < n; ++i)
    spec->reduced[axes[i]] = true;
  free(axes);
  return ok;
}

/* The reduction of `body` by `spec` into `result` (of `rank` dims, their
 * sizes in `shape`); `scratch` has room for 2·body rank indices. */
static void reduceInto(const DlcInterpOp *op, const ReduceSpec *spec,
                       const DlcTensor *body, bool anyOf, int rank,
                       const int64_t *shape, int64_t *scratch,
                       DlcTensor *result) {
  int64_t *outStrides = scratch, *index = scratch + body->rank;
  dlcInterpStrides(rank, shape, outStrides);
  double init =
      anyOf ? 0.0 : dlcInterpRound(spec->dtype, op->precision, spec->init);
  for (int64_t i = 0; i < result->numElements; ++i)
    result->data[i] = init;
  /* Body order is row-major, so each result element sees its reduced
   * elements in row-major order of the reduced axes (as tiny.reduce). */
  for (int64_t i = 0; i < body->numElements; ++i) {
    int64_t out = 0;
    for (int d = 0, k = 0; d < body->rank; ++d)
      if (!spec->reduced[d])
        out += index[d] * outStrides[k++];
    double *acc = &result->data[out];
    if (anyOf) {
      *acc = fmax(*acc, body->data[i]);
    } else {
      /* Body elements are promoted (rounded) to the accumulator type, and
       * the running value is rounded to it after every step. */
      double x = dlcInterpRound(spec->dtype, op->precision, body->data[i]);
      *acc = dlcInterpRound(spec->dtype, op->precision,
                            dlcInterpReduceCombine(spec->kind, *acc, x));
    }
    dlcInterpNextIndex(body->rank, body->shape, index);
  }
}

DlcTensor *dlcInterpApplyRegionReduce(const DlcInterpOp *op,
                                      const DlcTensor *body, bool anyOf) {
  ReduceSpec spec;
  /* Owned: the kept dims' sizes, then reduceInto's scratch. */
  int64_t *shape = readReduce(op, body, &spec)
                       ? dlcInterpCreateIndex(op->op, 3 * body->rank)
                       : NULL;
  DlcTensor *result = NULL;
  int rank = 0;
  for (int d = 0; shape && d < body->rank; ++d)
    if (!spec.reduced[d])
      shape[rank++] = body->shape[d];
  if (shape &&
      !dlcInterpShapesEqual(rank, shape, op->resultRank, op->resultShape)) {
    char computed[128], typed[128];
    dlcInterpFormatShape(rank, shape, computed, sizeof(computed));
    dlcInterpFormatShape(op->resultRank, op->resultShape, typed, sizeof(typed));
    dlcInterpError(op->op,
                   "removing 'axes' from the body leaves shape %s but the "
                   "result type says %s",
                   computed, typed);
  } else if (shape && (result = dlcInterpCreateResult(op))) {
    reduceInto(op, &spec, body, anyOf, rank, shape, shape + body->rank, result);
  }
  free(shape);
  free(spec.reduced);
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
  /* Owned: x's strides, then the result's index. */
  int64_t *strides =
      result ? dlcInterpCreateIndex(op->op, x->rank + op->resultRank) : NULL;
  int64_t *index = NULL;
  if (strides) {
    index = strides + x->rank;
    dlcInterpStrides(x->rank, x->shape, strides);
  } else {
    dlcTensorDestroy(result);
    result = NULL;
  }
  for (int64_t i = 0; result && i < result->numElements; ++i) {
    int64_t offset = 0;
    for (int d = 0; d < x->rank; ++d)
      offset += (from[d] < 0 ? 0 : index[from[d]]) * strides[d];
    result->data[i] = x->data[offset];
    dlcInterpNextIndex(op->resultRank, op->resultShape, index);
  }
  free(strides);
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

/* `count` source dims' result dims (gatherDims), given: free it; NULL
 * after an error at `op`. */
static int *createFrom(const DlcInterpOp *op, int count) {
  int *from = calloc(count > 0 ? (size_t)count : 1, sizeof(*from));
  if (!from)
    dlcInterpError(op->op, "out of memory");
  return from;
}

/* The gather of broadcast_in_dim by its `n` dims (checked distinct). */
static DlcTensor *broadcastInDim(const DlcInterpOp *op, const DlcTensor *x,
                                 const int64_t *dims, int n) {
  if (n != x->rank) {
    dlcInterpError(op->op,
                   "'broadcast_dimensions' has %d entries for an operand of "
                   "rank %d",
                   n, x->rank);
    return NULL;
  }
  int *from = createFrom(op, n); /* owned */
  bool ok = from != NULL;
  for (int d = 0; ok && d < n; ++d) {
    int64_t size = op->resultShape[dims[d]];
    if (x->shape[d] != size && x->shape[d] != 1) {
      reportDim(op, x, d, (int)dims[d]);
      ok = false;
    }
    from[d] = x->shape[d] == size ? (int)dims[d] : -1;
  }
  DlcTensor *result = ok ? gatherDims(op, x, from) : NULL;
  free(from);
  return result;
}

DlcTensor *dlcInterpApplyBroadcastInDim(const DlcInterpOp *op,
                                        const DlcTensor *x) {
  int n = 0;
  int64_t *dims =
      dlcInterpReadI64Array(op->op, "broadcast_dimensions", &n); /* owned */
  DlcTensor *result =
      dims && distinctBelow(op, "broadcast_dimensions", dims, n, op->resultRank)
          ? broadcastInDim(op, x, dims, n)
          : NULL;
  free(dims);
  return result;
}

/* The gather of transpose by its `n`-entry permutation (checked
 * distinct). */
static DlcTensor *transpose(const DlcInterpOp *op, const DlcTensor *x,
                            const int64_t *perm, int n) {
  if (n != x->rank || n != op->resultRank) {
    dlcInterpError(op->op,
                   "'permutation' has %d entries for an operand of rank %d "
                   "and a result of rank %d",
                   n, x->rank, op->resultRank);
    return NULL;
  }
  /* Result dim i is operand dim perm[i]: operand dim perm[i] reads i. */
  int *from = createFrom(op, n); /* owned */
  bool ok = from != NULL;
  for (int i = 0; ok && i < n; ++i) {
    if (x->shape[perm[i]] != op->resultShape[i]) {
      reportDim(op, x, (int)perm[i], i);
      ok = false;
    }
    from[perm[i]] = i;
  }
  DlcTensor *result = ok ? gatherDims(op, x, from) : NULL;
  free(from);
  return result;
}

DlcTensor *dlcInterpApplyTranspose(const DlcInterpOp *op, const DlcTensor *x) {
  int n = 0;
  int64_t *perm = dlcInterpReadI64Array(op->op, "permutation", &n); /* owned */
  DlcTensor *result = perm && distinctBelow(op, "permutation", perm, n, x->rank)
                          ? transpose(op, x, perm, n)
                          : NULL;
  free(perm);
  return result;
}
