/* tiny.reduce and tiny.contract. Both accumulate in their acc_dtype: the
 * running value is rounded to acc_dtype (under the precision mode) after
 * every step, so an fp32 accumulator over fp16 inputs behaves as on the
 * GPU. Elements are visited in row-major order of the reduced indices,
 * which fixes the summation order. */
#include "InterpInternal.h"

#include "mlir-c/BuiltinAttributes.h"

#include <math.h>
#include <stdlib.h>

/* Reads the acc_dtype attribute; errors at the op when missing. */
static DlcInterpDtype accumulatorDtype(const DlcInterpOp *op) {
  MlirAttribute attr = dlcInterpGetAttr(op->op, "acc_dtype");
  DlcInterpDtype dtype = DlcInterpDtypeInvalid;
  if (!mlirAttributeIsNull(attr) && mlirAttributeIsAType(attr))
    dtype = dlcInterpDtypeFromType(mlirTypeAttrGetValue(attr));
  if (dtype == DlcInterpDtypeInvalid)
    dlcInterpError(op->op, "expected a supported element type 'acc_dtype'");
  return dtype;
}

/*===----------------------------------------------------------------------===*
 * tiny.reduce
 *===----------------------------------------------------------------------===*/

bool dlcInterpReadReduceKind(const DlcInterpOp *op, DlcInterpReduceKind *kind) {
  MlirAttribute attr = dlcInterpGetAttr(op->op, "op");
  MlirStringRef name = mlirStringRefCreate(NULL, 0);
  if (!mlirAttributeIsNull(attr) && mlirAttributeIsAString(attr))
    name = mlirStringAttrGetValue(attr);
  if (dlcStringRefIs(name, "sum"))
    *kind = DlcInterpReduceSum;
  else if (dlcStringRefIs(name, "max"))
    *kind = DlcInterpReduceMax;
  else if (dlcStringRefIs(name, "min"))
    *kind = DlcInterpReduceMin;
  else {
    dlcInterpError(op->op, "expected 'op' to be \"sum\", \"max\" or \"min\"");
    return false;
  }
  return true;
}

/* The neutral element: 0, -inf, +inf. The smallest and largest values of
 * an integer accumulator stand in for the infinities. */
static double neutral(DlcInterpReduceKind kind, DlcInterpDtype acc) {
  if (kind == DlcInterpReduceSum)
    return 0.0;
  double sign = kind == DlcInterpReduceMax ? -1.0 : 1.0;
  if (dlcInterpDtypeIsFloat(acc))
    return sign * INFINITY;
  if (acc == DlcInterpDtypeI1)
    return kind == DlcInterpReduceMax ? 0.0 : 1.0;
  int bits = (int)dlcInterpDtypeGetSize(acc) * 8;
  double limit = ldexp(1.0, bits - 1);
  return kind == DlcInterpReduceMax ? -limit : limit - 1.0;
}

double dlcInterpReduceCombine(DlcInterpReduceKind kind, double acc, double x) {
  switch (kind) {
  case DlcInterpReduceSum:
    return acc + x;
  case DlcInterpReduceMax:
    return x > acc ? x : acc;
  case DlcInterpReduceMin:
    return x < acc ? x : acc;
  }
  return acc;
}

DlcTensor *dlcInterpEvalReduce(const DlcInterpOp *op) {
  DlcInterpReduceKind kind;
  DlcInterpDtype acc = DlcInterpDtypeInvalid;
  if (!dlcInterpReadReduceKind(op, &kind) ||
      (acc = accumulatorDtype(op)) == DlcInterpDtypeInvalid)
    return NULL;
  const DlcTensor *x = op->operands[0];
  int64_t axes[DLC_MAX_RANK];
  int n = dlcInterpGetI64Array(op->op, "axes", axes, DLC_MAX_RANK);
  if (n < 0)
    return NULL;
  bool reduced[DLC_MAX_RANK] = {false};
  for (int i = 0; i < n; ++i) {
    if (axes[i] < 0 || axes[i] >= x->rank || reduced[axes[i]]) {
      dlcInterpError(op->op, "'axes' must list distinct dimensions below %d",
                     x->rank);
      return NULL;
    }
    reduced[axes[i]] = true;
  }
  /* keepdim = false: the reduced axes disappear from the result. */
  int rank = 0;
  int64_t shape[DLC_MAX_RANK], outStrides[DLC_MAX_RANK];
  for (int d = 0; d < x->rank; ++d)
    if (!reduced[d])
      shape[rank++] = x->shape[d];
  DlcTensor *result = dlcInterpCreateTensor(op->op, rank, shape);
  if (!result)
    return NULL;
  dlcInterpStrides(rank, shape, outStrides);
  for (int64_t i = 0; i < result->numElements; ++i)
    result->data[i] = dlcInterpRound(acc, op->precision, neutral(kind, acc));

  /* Input order is row-major, so each output sees its reduced elements in
   * row-major order of the reduced axes. */
  int64_t index[DLC_MAX_RANK] = {0};
  for (int64_t i = 0; i < x->numElements; ++i) {
    int64_t out = 0;
    for (int d = 0, k = 0; d < x->rank; ++d)
      if (!reduced[d])
        out += index[d] * outStrides[k++];
    result->data[out] = dlcInterpRound(
        acc, op->precision,
        dlcInterpReduceCombine(kind, result->data[out], x->data[i]));
    dlcInterpNextIndex(x->rank, x->shape, index);
  }
  return result;
}

/*===----------------------------------------------------------------------===*
 * tiny.contract: einsum over named indices
 *===----------------------------------------------------------------------===*/

enum { MaxIndices = 4 * DLC_MAX_RANK };

/* The named indices of a contraction: out_idx first, then reduce_idx, each
 * with its extent and its stride into lhs and rhs (the sum of the strides
 * of every operand dim it names, so a repeated name reads a diagonal). */
typedef struct Contraction {
  int numOut, numReduce;
  MlirStringRef names[MaxIndices];
  int64_t extents[MaxIndices];
  int64_t strides[2][MaxIndices];
} Contraction;

/* Reads the string array `name` into `names`; -1 after an error. */
static int readNames(const DlcInterpOp *op, const char *name,
                     MlirStringRef *names, int capacity) {
  MlirAttribute attr = dlcInterpGetAttr(op->op, name);
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAArray(attr) ||
      mlirArrayAttrGetNumElements(attr) > capacity) {
    dlcInterpError(op->op, "expected '%s' to be an array of index names", name);
    return -1;
  }
  int n = (int)mlirArrayAttrGetNumElements(attr);
  for (int i = 0; i < n; ++i) {
    MlirAttribute element = mlirArrayAttrGetElement(attr, i);
    if (!mlirAttributeIsAString(element)) {
      dlcInterpError(op->op, "expected '%s' to be an array of index names",
                     name);
      return -1;
    }
    names[i] = mlirStringAttrGetValue(element);
  }
  return n;
}

static int findIndex(const Contraction *c, MlirStringRef name) {
  for (int i = 0; i < c->numOut + c->numReduce; ++i)
    if (mlirStringRefEqual(c->names[i], name))
      return i;
  return -1;
}

/* Reads out_idx then reduce_idx as the contraction's indices. */
static bool readIndexLists(const DlcInterpOp *op, Contraction *c) {
  c->numOut = readNames(op, "out_idx", c->names, DLC_MAX_RANK);
  if (c->numOut < 0)
    return false;
  if (c->numOut != op->resultRank) {
    dlcInterpError(op->op, "'out_idx' names %d indices for a result of rank %d",
                   c->numOut, op->resultRank);
    return false;
  }
  MlirStringRef reduce[MaxIndices];
  c->numReduce = readNames(op, "reduce_idx", reduce, MaxIndices - c->numOut);
  if (c->numReduce < 0)
    return false;
  for (int i = 0; i < c->numReduce + c->numOut; ++i) {
    MlirStringRef name = i < c->numOut ? c->names[i] : reduce[i - c->numOut];
    for (int j = 0; j < i; ++j)
      if (mlirStringRefEqual(c->names[j], name)) {
        dlcInterpError(op->op,
                       "index '%.*s' is listed twice in out_idx and "
                       "reduce_idx",
                       (int)name.length, name.data);
        return false;
      }
    c->names[i] = name;
    c->extents[i] = -1;
    c->strides[0][i] = c->strides[1][i] = 0;
  }
  return true;
}

/* Gives every index named by operand `k` its extent and stride. */
static bool bindOperand(const DlcInterpOp *op, Contraction *c, int k,
                        const char *attrName) {
  const DlcTensor *x = op->operands[k];
  MlirStringRef names[DLC_MAX_RANK];
  int n = readNames(op, attrName, names, DLC_MAX_RANK);
  if (n < 0)
    return false;
  if (n != x->rank) {
    dlcInterpError(op->op, "'%s' names %d indices for an operand of rank %d",
                   attrName, n, x->rank);
    return false;
  }
  int64_t strides[DLC_MAX_RANK];
  dlcInterpStrides(x->rank, x->shape, strides);
  for (int d = 0; d < n; ++d) {
    int i = findIndex(c, names[d]);
    if (i < 0) {
      dlcInterpError(op->op,
                     "index '%.*s' of '%s' is in neither out_idx nor "
                     "reduce_idx",
                     (int)names[d].length, names[d].data, attrName);
      return false;
    }
    if (c->extents[i] >= 0 && c->extents[i] != x->shape[d]) {
      dlcInterpError(op->op,
                     "index '%.*s' has extent %lld in '%s' but %lld "
                     "elsewhere",
                     (int)names[d].length, names[d].data,
                     (long long)x->shape[d], attrName,
                     (long long)c->extents[i]);
      return false;
    }
    c->extents[i] = x->shape[d];
    c->strides[k][i] += strides[d];
  }
  return true;
}

static bool buildContraction(const DlcInterpOp *op, Contraction *c) {
  if (!readIndexLists(op, c) || !bindOperand(op, c, 0, "lhs_idx") ||
      !bindOperand(op, c, 1, "rhs_idx"))
    return false;
  for (int i = 0; i < c->numOut + c->numReduce; ++i)
    if (c->extents[i] < 0) {
      dlcInterpError(op->op, "index '%.*s' names no operand dimension",
                     (int)c->names[i].length, c->names[i].data);
      return false;
    }
  return true;
}

/* Offsets into lhs (k = 0) and rhs (k = 1) of every point of the reduce
 * space, in row-major order of reduce_idx: the inner loop only adds them. */
static int64_t *reduceOffsets(const DlcInterpOp *op, const Contraction *c,
                              int64_t *count) {
  const int64_t *extents = c->extents + c->numOut;
  *count = 1;
  bool overflow = false;
  for (int i = 0; i < c->numReduce; ++i)
    overflow |= __builtin_mul_overflow(*count, extents[i], count) ||
                *count > ((int64_t)1 << 34);
  int64_t *offsets =
      overflow
          ? NULL
          : malloc(2 * (size_t)(*count > 0 ? *count : 1) * sizeof(int64_t));
  if (!offsets) {
    dlcInterpError(op->op, "the reduce space is too large");
    return NULL;
  }
  int64_t index[MaxIndices] = {0};
  for (int64_t r = 0; r < *count; ++r) {
    offsets[2 * r] = offsets[2 * r + 1] = 0;
    for (int i = 0; i < c->numReduce; ++i) {
      offsets[2 * r] += index[i] * c->strides[0][c->numOut + i];
      offsets[2 * r + 1] += index[i] * c->strides[1][c->numOut + i];
    }
    dlcInterpNextIndex(c->numReduce, extents, index);
  }
  return offsets;
}

DlcTensor *dlcInterpEvalContract(const DlcInterpOp *op) {
  DlcInterpDtype acc = accumulatorDtype(op);
  Contraction c;
  if (acc == DlcInterpDtypeInvalid || !buildContraction(op, &c))
    return NULL;
  int64_t count;
  int64_t *offsets = reduceOffsets(op, &c, &count);
  if (!offsets)
    return NULL;
  DlcTensor *result = dlcInterpCreateTensor(op->op, c.numOut, c.extents);
  if (!result) {
    free(offsets);
    return NULL;
  }
  const double *lhs = op->operands[0]->data, *rhs = op->operands[1]->data;
  int64_t index[DLC_MAX_RANK] = {0};
  for (int64_t o = 0; o < result->numElements; ++o) {
    int64_t lhsBase = 0, rhsBase = 0;
    for (int i = 0; i < c.numOut; ++i) {
      lhsBase += index[i] * c.strides[0][i];
      rhsBase += index[i] * c.strides[1][i];
    }
    /* The product is formed in the accumulator type, as a tensor core
     * does, then added to the running sum. */
    double sum = 0.0;
    for (int64_t r = 0; r < count; ++r) {
      double product = dlcInterpRound(acc, op->precision,
                                      lhs[lhsBase + offsets[2 * r]] *
                                          rhs[rhsBase + offsets[2 * r + 1]]);
      sum = dlcInterpRound(acc, op->precision, sum + product);
    }
    result->data[o] = sum;
    dlcInterpNextIndex(c.numOut, c.extents, index);
  }
  free(offsets);
  return result;
}
