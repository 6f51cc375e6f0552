/* Recognising the GEMM family in an rbssa region: reduce(sum) over k of
 * mul(read A, read B), then an epilogue of bias adds and ReLUs, then a yield
 * into the output memref (spec §6.8.1, C-CON1). The dot forms of 000 §11
 * (vector·matrix, matrix·vector) are GEMMs with M or N absent. */
#include "GemmProblem.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

static bool isOp(MlirOperation op, const char *name) {
  if (mlirOperationIsNull(op))
    return false;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == strlen(name) && memcmp(n.data, name, n.length) == 0;
}

static bool stringAttrIs(MlirOperation op, const char *attr,
                         const char *value) {
  MlirAttribute a =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(attr));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return false;
  MlirStringRef s = mlirStringAttrGetValue(a);
  return s.length == strlen(value) && memcmp(s.data, value, s.length) == 0;
}

static MlirOperation producer(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v)
                                 : (MlirOperation){NULL};
}

/* Skips rbssa.cast ops (dtype changes are implicit in the skeleton). */
static MlirValue throughCasts(MlirValue v) {
  while (isOp(producer(v), "rbssa.cast"))
    v = mlirOperationGetOperand(producer(v), 0);
  return v;
}

static int argNumber(MlirValue v) {
  return mlirValueIsABlockArgument(v) ? (int)mlirBlockArgumentGetArgNumber(v)
                                      : -1;
}

/* The dims a read's map selects, as positions; -1 for anything else. */
static int readDims(MlirOperation read, int dims[2]) {
  MlirAttribute attr = mlirOperationGetAttributeByName(
      read, mlirStringRefCreateFromCString("map"));
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAAffineMap(attr))
    return -1;
  MlirAffineMap map = mlirAffineMapAttrGetValue(attr);
  intptr_t n = mlirAffineMapGetNumResults(map);
  if (n < 1 || n > 2)
    return -1;
  for (intptr_t i = 0; i < n; ++i) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, i);
    dims[i] =
        mlirAffineExprIsADim(e) ? (int)mlirAffineDimExprGetPosition(e) : -1;
  }
  return (int)n;
}

/* Index of symbol `name` in the region's rbssa.symbols, -1 if absent. */
static int symbolIndex(MlirOperation func, MlirStringRef name) {
  MlirAttribute symbols = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("rbssa.symbols"));
  if (mlirAttributeIsNull(symbols) || !mlirAttributeIsAArray(symbols))
    return -1;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(symbols); ++i) {
    MlirAttribute s = mlirArrayAttrGetElement(symbols, i);
    if (mlirAttributeIsAString(s) &&
        mlirStringRefEqual(mlirStringAttrGetValue(s), name))
      return (int)i;
  }
  return -1;
}

/* The symbol naming dimension `dim` of region argument `arg`. */
static int argDimSymbol(MlirOperation func, int arg, int dim) {
  MlirAttribute shape = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("arg_attrs"));
  if (mlirAttributeIsNull(shape) || !mlirAttributeIsAArray(shape) ||
      arg >= mlirArrayAttrGetNumElements(shape))
    return -1;
  MlirAttribute dict = mlirArrayAttrGetElement(shape, arg);
  MlirAttribute dims = mlirDictionaryAttrGetElementByName(
      dict, mlirStringRefCreateFromCString("rbssa.shape"));
  if (mlirAttributeIsNull(dims) || !mlirAttributeIsAArray(dims) ||
      dim >= mlirArrayAttrGetNumElements(dims))
    return -1;
  MlirAttribute name = mlirArrayAttrGetElement(dims, dim);
  return mlirAttributeIsAString(name)
             ? symbolIndex(func, mlirStringAttrGetValue(name))
             : -1;
}

static bool unsupported(MlirOperation op, const char *why) {
  dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                    "the SM80 skeleton covers the GEMM family (reduce(sum) of "
                    "mul of two reads, then bias and relu); split the region "
                    "or extend convert-plan-to-dlcgpu",
                    "%s", why);
  return false;
}

/* Is `v` a bias: broadcast_in_dim of a 1-D read along the n axis? */
static int biasArgument(MlirValue v) {
  MlirOperation bcast = producer(throughCasts(v));
  if (!isOp(bcast, "rbssa.broadcast_in_dim"))
    return -1;
  MlirOperation read =
      producer(throughCasts(mlirOperationGetOperand(bcast, 0)));
  int dims[2];
  if (!isOp(read, "rbssa.read") || readDims(read, dims) != 1)
    return -1;
  return argNumber(mlirOperationGetOperand(read, 0));
}

static bool isZeroConst(MlirValue v) {
  MlirOperation c = producer(throughCasts(v));
  if (!isOp(c, "rbssa.const"))
    return false;
  MlirAttribute value = mlirOperationGetAttributeByName(
      c, mlirStringRefCreateFromCString("value"));
  return !mlirAttributeIsNull(value) && mlirAttributeIsAFloat(value) &&
         mlirFloatAttrGetValueDouble(value) == 0.0;
}

/* Walks from the yielded value back to the reduce, collecting the
 * epilogue (in reverse); returns the reduce op or null after a diagnostic. */
static MlirOperation matchEpilogue(MlirValue v, DlcGemmProblem *p) {
  DlcEpilogueOp reversed[DLC_MAX_EPILOGUE];
  int n = 0;
  for (;;) {
    v = throughCasts(v);
    MlirOperation op = producer(v);
    if (isOp(op, "rbssa.reduce"))
      break;
    if (n == DLC_MAX_EPILOGUE) {
      unsupported(op, "the epilogue is longer than the skeleton supports");
      return (MlirOperation){NULL};
    }
    if (isOp(op, "rbssa.unary") && stringAttrIs(op, "fn", "relu")) {
      reversed[n++] = DLC_EPILOGUE_RELU;
      v = mlirOperationGetOperand(op, 0);
    } else if (isOp(op, "rbssa.binary") && stringAttrIs(op, "fn", "max") &&
               isZeroConst(mlirOperationGetOperand(op, 1))) {
      reversed[n++] = DLC_EPILOGUE_RELU;
      v = mlirOperationGetOperand(op, 0);
    } else if (isOp(op, "rbssa.binary") && stringAttrIs(op, "fn", "add") &&
               biasArgument(mlirOperationGetOperand(op, 1)) >= 0) {
      p->argBias = biasArgument(mlirOperationGetOperand(op, 1));
      reversed[n++] = DLC_EPILOGUE_BIAS;
      v = mlirOperationGetOperand(op, 0);
    } else {
      unsupported(mlirOperationIsNull(op) ? producer(v) : op,
                  "this op is not a GEMM epilogue op (bias add, relu)");
      return (MlirOperation){NULL};
    }
  }
  p->numEpilogue = n;
  for (int i = 0; i < n; ++i)
    p->epilogue[i] = reversed[n - 1 - i];
  return producer(v);
}

/* Assigns A and B from the two reads of the reduce body. */
static bool matchOperands(MlirOperation func, MlirOperation reduce,
                          DlcGemmProblem *p) {
  MlirOperation mul =
      producer(throughCasts(mlirOperationGetOperand(reduce, 0)));
  if (!stringAttrIs(reduce, "op", "sum") || !isOp(mul, "rbssa.binary") ||
      !stringAttrIs(mul, "fn", "mul"))
    return unsupported(reduce, "the reduction is not a sum of a product");
  MlirAttribute axes = mlirOperationGetAttributeByName(
      reduce, mlirStringRefCreateFromCString("axes"));
  if (mlirAttributeIsNull(axes) || !mlirAttributeIsADenseI64Array(axes) ||
      mlirDenseArrayGetNumElements(axes) != 1)
    return unsupported(reduce, "the reduction is not over exactly one axis");
  int k = (int)mlirDenseI64ArrayGetElement(axes, 0);

  MlirOperation reads[2];
  int dims[2][2], rank[2];
  for (int i = 0; i < 2; ++i) {
    reads[i] = producer(throughCasts(mlirOperationGetOperand(mul, i)));
    if (!isOp(reads[i], "rbssa.read"))
      return unsupported(mul, "a factor of the product is not a direct read "
                              "(C-CON1)");
    rank[i] = readDims(reads[i], dims[i]);
    if (rank[i] < 0)
      return unsupported(reads[i], "the read's map is not a plain "
                                   "selection of axes");
  }
  /* A reads (m, k) or (k); B reads (k, n) or (k). */
  for (int swap = 0; swap < 2; ++swap) {
    int a = swap, b = 1 - swap;
    bool aOk = (rank[a] == 2 && dims[a][1] == k && dims[a][0] != k) ||
               (rank[a] == 1 && dims[a][0] == k);
    bool bOk = (rank[b] == 2 && dims[b][0] == k && dims[b][1] != k) ||
               (rank[b] == 1 && dims[b][0] == k);
    if (!aOk || !bOk || (rank[a] == 1 && rank[b] == 1))
      continue;
    p->argA = argNumber(mlirOperationGetOperand(reads[a], 0));
    p->argB = argNumber(mlirOperationGetOperand(reads[b], 0));
    p->hasM = rank[a] == 2;
    p->hasN = rank[b] == 2;
    p->symK = argDimSymbol(func, p->argA, p->hasM ? 1 : 0);
    p->symM = p->hasM ? argDimSymbol(func, p->argA, 0) : -1;
    p->symN = p->hasN ? argDimSymbol(func, p->argB, 1) : -1;
    if (p->argA < 0 || p->argB < 0 || p->symK < 0 || (p->hasM && p->symM < 0) ||
        (p->hasN && p->symN < 0))
      return unsupported(mul, "the factors are not region arguments with "
                              "symbolic shapes (rbssa.shape)");
    return true;
  }
  return unsupported(mul, "the reads do not index A[m, k] and B[k, n] "
                          "(transposed operands are not supported yet)");
}

bool dlcMatchGemm(MlirOperation func, DlcGemmProblem *p) {
  memset(p, 0, sizeof(*p));
  p->argBias = -1;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation yield = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!isOp(op, "rbssa.yield"))
      continue;
    if (!mlirOperationIsNull(yield))
      return unsupported(op, "the region has more than one output");
    yield = op;
  }
  if (mlirOperationIsNull(yield))
    return unsupported(func, "the region yields nothing");
  p->argC = argNumber(mlirOperationGetOperand(yield, 1));
  MlirOperation reduce = matchEpilogue(mlirOperationGetOperand(yield, 0), p);
  if (mlirOperationIsNull(reduce) || !matchOperands(func, reduce, p))
    return false;
  /* The skeleton multiplies fp16 fragments and stores fp16. */
  MlirBlock args = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  int halves[] = {p->argA, p->argB, p->argC};
  for (int i = 0; i < 3; ++i) {
    MlirType type = mlirValueGetType(mlirBlockGetArgument(args, halves[i]));
    if (!mlirTypeIsAF16(mlirShapedTypeGetElementType(type)))
      return unsupported(i == 2 ? yield : func,
                         "the SM80 skeleton reads and writes fp16 tensors "
                         "(cast the output to f16)");
  }
  return true;
}
