/* Frontend ops → tiny (spec §10.1), one lowering per op:
 *
 *   GEMM         tiny.contract (pattern matmul), acc_dtype accumulator
 *   Elementwise  add/sub/mul/div/max: the binary op (promoted, broadcast);
 *                relu = max(x, 0); neg; exp = exp2(x·log2 e);
 *                sigmoid = recip(1 + exp2(-x·log2 e)); silu = x·sigmoid(x)
 *   Conv2D       pad + view (the affine window) + mul + reduce(sum)
 *   Attention    contract(Q, Kᵀ), optional causal where, row softmax
 *                (max, sub, exp2, sum, fdiv), cast, contract(P, V)
 *   Reduce       tiny.reduce (keepdim through tiny.reshape)
 *   LayerNorm    mean and variance by reduce(sum), sqrt + recip, scale/shift
 *
 * docs/frontend.md shows the tiny each produces. */
#include "DialectNames.h"
#include "FrontendInternal.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const double kLog2E = 1.4426950408889634;
static const double kLn2 = 0.6931471805599453;

/* Bounds on stride, dilation and padding: with sizes below 2^40
 * (ImportFrontend.c) no size arithmetic here can overflow. */
static const int64_t kMaxAttr = (int64_t)1 << 20;

static MlirType f32(FeImporter *im) { return mlirF32TypeGet(im->ctx); }

static void inputPath(const FeNode *node, size_t i, char *buffer, size_t size) {
  snprintf(buffer, size, "%s.inputs[%zu]", node->path, i);
}

/* Requires input `i` to have rank `rank` (or at least `rank` when
 * `atLeast`). */
static bool expectRank(FeImporter *im, const FeNode *node, size_t i, int rank,
                       bool atLeast, const char *what) {
  int actual = node->inputs[i].shape.rank;
  if (actual == rank || (atLeast && actual > rank))
    return true;
  char path[FE_PATH_SIZE + 32], shape[256];
  inputPath(node, i, path, sizeof(path));
  dlcShapeFormat(&node->inputs[i].shape, shape, sizeof(shape));
  feError(im, &node->inputsJson->items[i], path,
          "%s: %s \"%.100s\" must have rank %s%d, found %s", node->op, what,
          node->inputNames[i], atLeast ? "at least " : "", rank, shape);
  return false;
}

/* Requires dimension `da` of input `a` to equal dimension `db` of input
 * `b` (E1304 AxisAlignmentMismatch otherwise). */
static bool expectSameDim(FeImporter *im, const FeNode *node, size_t a, int da,
                          size_t b, int db, const char *what) {
  DlcDim x = node->inputs[a].shape.dims[da], y = node->inputs[b].shape.dims[db];
  if (dlcDimEqual(x, y))
    return true;
  char xs[64], ys[64], path[FE_PATH_SIZE + 16];
  dlcDimFormat(x, xs, sizeof(xs));
  dlcDimFormat(y, ys, sizeof(ys));
  snprintf(path, sizeof(path), "%s.inputs", node->path);
  feCodedError(im, node->inputsJson, path, &dlcAxisAlignmentMismatch,
               "check the symbol names and sizes in \"tensors\"",
               "%s: %s differs: %s (dim %d of \"%.100s\") against %s (dim %d "
               "of \"%.100s\")",
               node->op, what, xs, da, node->inputNames[a], ys, db,
               node->inputNames[b]);
  return false;
}

/* The accumulator of a sum: acc_dtype (default fp32); half precision over
 * half-precision inputs is E1401 AccDtypeMissing. */
static bool readAccumulator(FeImporter *im, const FeNode *node, MlirType input,
                            MlirType *acc) {
  *acc = f32(im);
  if (!feAttrDtype(im, node, "acc_dtype", acc))
    return false;
  if (!feIsHalf(input) || !feIsHalf(*acc))
    return true;
  char path[FE_PATH_SIZE + 64];
  feAttrPath(node, "acc_dtype", path, sizeof(path));
  feCodedError(im, feAttrJson(node, "acc_dtype"), path, &dlcAccDtypeMissing,
               "set acc_dtype to fp32 so the sum accumulates in fp32",
               "a sum over half-precision values accumulates in half "
               "precision");
  return false;
}

/* Batch index names of a contraction: "b", "h" for rank 4 (as §3.5.3),
 * "b" for rank 3, else "b0", "b1", ... */
static void batchNames(int count, char names[][16]) {
  for (int i = 0; i < count; ++i) {
    if (count <= 2)
      snprintf(names[i], 16, "%s", i == 0 ? "b" : "h");
    else
      snprintf(names[i], 16, "b%d", i);
  }
}

/* --- GEMM ----------------------------------------------------------------- */

static bool lowerGemm(FeImporter *im, const FeNode *node, FeValue *out) {
  bool transA = false, transB = false;
  if (!feAttrBool(im, node, "trans_a", &transA) ||
      !feAttrBool(im, node, "trans_b", &transB) ||
      !expectRank(im, node, 0, 2, true, "A") ||
      !expectRank(im, node, 1, node->inputs[0].shape.rank, false,
                  "B (A's rank)"))
    return false;
  FeValue a = node->inputs[0], b = node->inputs[1];
  int r = a.shape.rank, batch = r - 2;
  for (int i = 0; i < batch; ++i)
    if (!expectSameDim(im, node, 0, i, 1, i, "a batch dimension"))
      return false;
  int aM = transA ? r - 1 : r - 2, aK = transA ? r - 2 : r - 1;
  int bK = transB ? r - 1 : r - 2, bN = transB ? r - 2 : r - 1;
  if (!expectSameDim(im, node, 0, aK, 1, bK, "the contracted dimension K"))
    return false;
  MlirType element = fePromote(im, a.element, b.element), acc;
  if (!readAccumulator(im, node, element, &acc))
    return false;

  char bn[DLC_MAX_RANK][16];
  batchNames(batch, bn);
  const char *lhs[DLC_MAX_RANK + 1], *rhs[DLC_MAX_RANK + 1],
      *res[DLC_MAX_RANK + 1], *red[] = {"k", NULL};
  DlcShape shape = {0};
  for (int i = 0; i < batch; ++i) {
    lhs[i] = rhs[i] = res[i] = bn[i];
    shape.dims[shape.rank++] = a.shape.dims[i];
  }
  lhs[aM] = "m";
  lhs[aK] = "k";
  rhs[bK] = "k";
  rhs[bN] = "n";
  res[batch] = "m";
  res[batch + 1] = "n";
  lhs[r] = rhs[r] = res[r] = NULL;
  shape.dims[shape.rank++] = a.shape.dims[aM];
  shape.dims[shape.rank++] = b.shape.dims[bN];
  a = feCast(im, a, element);
  b = feCast(im, b, element);
  *out = feContract(im, a, b, lhs, rhs, res, red, "matmul", acc, &shape);
  return true;
}

/* --- Elementwise ---------------------------------------------------------- */

typedef enum { EwBinary, EwRelu, EwNeg, EwExp, EwSigmoid, EwSilu } EwKind;

typedef struct {
  const char *fn;
  int arity;
  EwKind kind;
  const char *tinyOp; /* EwBinary */
} EwDef;

static const EwDef ewDefs[] = {
    {"add", 2, EwBinary, DLC_OP_TINY_ADD},
    {"sub", 2, EwBinary, DLC_OP_TINY_SUB},
    {"mul", 2, EwBinary, DLC_OP_TINY_MUL},
    {"div", 2, EwBinary, DLC_OP_TINY_FDIV},
    {"max", 2, EwBinary, DLC_OP_TINY_MAX},
    {"relu", 1, EwRelu, NULL},
    {"neg", 1, EwNeg, NULL},
    {"exp", 1, EwExp, NULL},
    {"sigmoid", 1, EwSigmoid, NULL},
    {"silu", 1, EwSilu, NULL},
};

static FeValue mulConst(FeImporter *im, const FeNode *node, FeValue x,
                        double c) {
  FeValue out = x;
  feBinary(im, node, DLC_OP_TINY_MUL, x, feConst(im, c, x.element), &out);
  return out;
}

/* 1 / (1 + 2^(-x·log2 e)) */
static FeValue sigmoid(FeImporter *im, const FeNode *node, FeValue x) {
  FeValue e = feUnary(im, DLC_OP_TINY_EXP2, mulConst(im, node, x, -kLog2E));
  FeValue d = e;
  feBinary(im, node, DLC_OP_TINY_ADD, e, feConst(im, 1.0, x.element), &d);
  return feUnary(im, DLC_OP_TINY_RECIP, d);
}

static bool lowerElementwise(FeImporter *im, const FeNode *node, FeValue *out) {
  const EwDef *def = NULL;
  for (size_t i = 0; i < sizeof(ewDefs) / sizeof(ewDefs[0]) && !def; ++i)
    if (strcmp(ewDefs[i].fn, node->fn) == 0)
      def = &ewDefs[i];
  char path[FE_PATH_SIZE + 16];
  if (!def) {
    snprintf(path, sizeof(path), "%s.fn", node->path);
    feError(im, node->fnJson, path,
            "unknown Elementwise fn \"%.60s\" (expected one of add, sub, mul, "
            "div, max, relu, silu, exp, neg, sigmoid)",
            node->fn);
    return false;
  }
  if (node->numInputs != (size_t)def->arity) {
    snprintf(path, sizeof(path), "%s.inputs", node->path);
    feError(im, node->inputsJson, path,
            "Elementwise \"%s\" takes %d input%s, found %zu", def->fn,
            def->arity, def->arity == 1 ? "" : "s", node->numInputs);
    return false;
  }
  FeValue x = node->inputs[0], x32 = x;
  if (def->kind == EwExp || def->kind == EwSigmoid || def->kind == EwSilu)
    x32 = feCast(im, x, f32(im)); /* transcendentals of halves in f32 */
  switch (def->kind) {
  case EwBinary:
    return feBinary(im, node, def->tinyOp, x, node->inputs[1], out);
  case EwRelu:
    return feBinary(im, node, DLC_OP_TINY_MAX, x, feConst(im, 0.0, x.element),
                    out);
  case EwNeg:
    *out = feUnary(im, DLC_OP_TINY_NEG, x);
    return true;
  case EwExp:
    *out = feUnary(im, DLC_OP_TINY_EXP2, mulConst(im, node, x32, kLog2E));
    break;
  case EwSigmoid:
    *out = sigmoid(im, node, x32);
    break;
  case EwSilu:
    feBinary(im, node, DLC_OP_TINY_MUL, x32, sigmoid(im, node, x32), out);
    break;
  }
  *out = feCast(im, *out, x.element);
  return !im->failed;
}

/* --- Reduce --------------------------------------------------------------- */

static bool lowerReduce(FeImporter *im, const FeNode *node, FeValue *out) {
  FeValue x = node->inputs[0];
  char path[FE_PATH_SIZE + 16];
  bool isSum = strcmp(node->fn, "sum") == 0;
  if (!isSum && strcmp(node->fn, "max") != 0 && strcmp(node->fn, "min") != 0) {
    snprintf(path, sizeof(path), "%s.fn", node->path);
    feError(im, node->fnJson, path,
            "unknown Reduce fn \"%.60s\" (expected sum, max or min)", node->fn);
    return false;
  }
  if (!feAttrJson(node, "axes")) {
    feError(im, node->attrs ? node->attrs : node->json, node->path,
            "Reduce needs attrs.axes");
    return false;
  }
  int64_t axes[DLC_MAX_RANK];
  int numAxes = 0;
  bool keepdim = false;
  MlirType acc = x.element;
  if (x.shape.rank == 0) {
    feError(im, &node->inputsJson->items[0], node->path,
            "Reduce of a rank-0 tensor");
    return false;
  }
  if (!feAttrAxes(im, node, "axes", x.shape.rank, axes, &numAxes) ||
      !feAttrBool(im, node, "keepdim", &keepdim))
    return false;
  /* max and min are exact in any type; a sum of halves needs fp32. */
  if (isSum && !readAccumulator(im, node, x.element, &acc))
    return false;
  if (!isSum && !feAttrDtype(im, node, "acc_dtype", &acc))
    return false;
  *out = feReduce(im, node->fn, x, axes, numAxes, acc);
  if (keepdim) {
    DlcShape kept = x.shape;
    for (int i = 0; i < numAxes; ++i) {
      kept.dims[axes[i]].size = 1;
      kept.dims[axes[i]].symbol = mlirStringRefCreate(NULL, 0);
    }
    *out = feReshape(im, *out, &kept);
  }
  return true;
}

/* --- Conv2D --------------------------------------------------------------- */

/* The output size of one spatial dimension: static when the input is,
 * the input's own symbol for a "same" convolution (stride 1, padding
 * d·(k-1)), else a derived symbol (H + 2p - span) floordiv s + 1: the
 * output tensor's declared symbol when it names a new one, else "<input
 * symbol>o" (made unique with 2, 3, ...). */
static bool spatialSize(FeImporter *im, const FeNode *node, int axis, DlcDim in,
                        int64_t k, int64_t stride, int64_t padLo, int64_t padHi,
                        int64_t dilation, DlcDim *out) {
  int64_t span = dilation * (k - 1) + 1;
  if (in.size >= 0) {
    int64_t padded = in.size + padLo + padHi;
    if (padded < span) {
      feError(im, node->inputsJson, node->path,
              "Conv2D: the %lld-wide window (kernel %lld, dilation %lld) does "
              "not fit the padded input size %lld of dim %d",
              (long long)span, (long long)k, (long long)dilation,
              (long long)padded, axis);
      return false;
    }
    out->size = (padded - span) / stride + 1;
    out->symbol = mlirStringRefCreate(NULL, 0);
    return true;
  }
  if (stride == 1 && padLo + padHi == span - 1) {
    *out = in;
    return true;
  }
  /* (H + padLo + padHi - span) floordiv stride + 1, a derived symbol named
   * by the output tensor's declaration when it names a new one. */
  MlirAffineExpr size = mlirAffineAddExprGet(
      mlirAffineFloorDivExprGet(
          mlirAffineAddExprGet(
              feDimExpr(im, in),
              mlirAffineConstantExprGet(im->ctx, padLo + padHi - span)),
          mlirAffineConstantExprGet(im->ctx, stride)),
      mlirAffineConstantExprGet(im->ctx, 1));
  const FeTensor *t = feFindTensor(im, node->outputNames[0]);
  char name[96];
  if (t && t->declared && t->declShape.rank == 4 &&
      t->declShape.dims[axis].size < 0 && !t->declProduct[axis] &&
      !feHasSymbol(im, t->declShape.dims[axis].symbol))
    snprintf(name, sizeof(name), "%.*s",
             (int)t->declShape.dims[axis].symbol.length > 80
                 ? 80
                 : (int)t->declShape.dims[axis].symbol.length,
             t->declShape.dims[axis].symbol.data);
  else
    snprintf(name, sizeof(name), "%.*so",
             (int)in.symbol.length > 80 ? 80 : (int)in.symbol.length,
             in.symbol.data);
  return feDeriveDim(im, size, name, node->json, node->path, out);
}

/* "d2 * 2 + d5 * 2 - 1" for output dim `o`, window dim `k`. */
static void windowExpr(char *buffer, size_t size, int o, int64_t stride, int k,
                       int64_t dilation, int64_t offset) {
  size_t used = (size_t)snprintf(buffer, size, "d%d", o);
  if (stride != 1)
    used += (size_t)snprintf(buffer + used, size - used, " * %lld",
                             (long long)stride);
  used += (size_t)snprintf(buffer + used, size - used, " + d%d", k);
  if (dilation != 1)
    used += (size_t)snprintf(buffer + used, size - used, " * %lld",
                             (long long)dilation);
  if (offset > 0)
    snprintf(buffer + used, size - used, " - %lld", (long long)offset);
}

/* groups = 1: X's channels are W's dim 1. groups = g > 1: X has g·Cg
 * static channels, W [Co, Cg, ...] with Co static and a multiple of g. */
static bool checkGroups(FeImporter *im, const FeNode *node, int64_t groups) {
  char path[FE_PATH_SIZE + 64];
  if (groups == 1)
    return expectSameDim(im, node, 0, 1, 1, 1, "the input channel count");
  DlcDim c = node->inputs[0].shape.dims[1], cg = node->inputs[1].shape.dims[1];
  DlcDim co = node->inputs[1].shape.dims[0];
  feAttrPath(node, "groups", path, sizeof(path));
  if (groups < 1 || groups > kMaxAttr) {
    feError(im, feAttrJson(node, "groups"), path, "must be in [1, %lld]",
            (long long)kMaxAttr);
    return false;
  }
  if (c.size < 0 || cg.size < 0 || co.size < 0 || c.size != groups * cg.size ||
      co.size % groups != 0) {
    feError(im, feAttrJson(node, "groups"), path,
            "groups = %lld needs static channel counts with X's channels = "
            "groups * W's dim 1 and W's dim 0 a multiple of groups",
            (long long)groups);
    return false;
  }
  return true;
}

/* A bias [Co] added as [Co, 1, 1] (the third input, when given). */
static bool addBias(FeImporter *im, const FeNode *node, FeValue *out) {
  if (node->numInputs != 3)
    return true;
  DlcDim one = {1, {NULL, 0}};
  DlcShape bShape = {3, {node->inputs[2].shape.dims[0], one, one}};
  FeValue bias = feReshape(im, node->inputs[2], &bShape);
  return feBinary(im, node, DLC_OP_TINY_ADD, *out, bias, out);
}

static DlcDim staticDim(int64_t size) { return (DlcDim){size, {NULL, 0}}; }

/* A grouped convolution: the group is an axis of its own, read by X and
 * W alike (the implicit GEMM's batch role), then merged back into Co:
 *   Xg = Xp as [n, g, cg, hp, wp]
 *   Xv[n, g, cog, ho, wo, ci, kh, kw] = Xg[n, g, ci, sh*ho + dh*kh, ...]
 *   Wg = W as [1, g, cog, 1, 1, ci, kh, kw];  Y = sum(Xv * Wg) as [n, co, ..]
 * (a depthwise convolution is Cg = 1). */
static bool groupedProduct(FeImporter *im, const FeNode *node, int64_t groups,
                           FeValue xp, FeValue w, DlcDim ho, DlcDim wo,
                           const int64_t *stride, const int64_t *dilation,
                           const int64_t *offset, MlirType acc, FeValue *out) {
  int64_t cg = w.shape.dims[1].size, co = w.shape.dims[0].size;
  DlcDim g = staticDim(groups), cog = staticDim(co / groups),
         one = staticDim(1);
  DlcShape xgShape = {
      5,
      {xp.shape.dims[0], g, staticDim(cg), xp.shape.dims[2], xp.shape.dims[3]}};
  FeValue xg = feReshape(im, xp, &xgShape);
  char hExpr[96], wExpr[96], results[256];
  windowExpr(hExpr, sizeof(hExpr), 3, stride[0], 6, dilation[0], offset[0]);
  windowExpr(wExpr, sizeof(wExpr), 4, stride[1], 7, dilation[1], offset[1]);
  snprintf(results, sizeof(results), "d0, d1, d5, %s, %s", hExpr, wExpr);
  DlcShape window = {8,
                     {xp.shape.dims[0], g, cog, ho, wo, staticDim(cg),
                      w.shape.dims[2], w.shape.dims[3]}};
  FeValue xv = feView(im, xg, &window, results);
  DlcShape wShape = {
      8,
      {one, g, cog, one, one, staticDim(cg), w.shape.dims[2], w.shape.dims[3]}};
  FeValue wg = feReshape(im, w, &wShape);
  FeValue product;
  if (!feBinary(im, node, DLC_OP_TINY_MUL, xv, wg, &product))
    return false;
  const int64_t axes[] = {5, 6, 7};
  FeValue y = feReduce(im, "sum", product, axes, 3, acc);
  DlcShape yShape = {4, {xp.shape.dims[0], staticDim(co), ho, wo}};
  *out = feReshape(im, y, &yShape);
  return true;
}

static bool lowerConv2D(FeImporter *im, const FeNode *node, FeValue *out) {
  int64_t stride[2] = {1, 1}, dilation[2] = {1, 1}, pad[4] = {0, 0, 0, 0};
  int64_t groups = 1;
  int given;
  char path[FE_PATH_SIZE + 64];
  if (!feAttrInts(im, node, "stride", 2, 0, stride, &given) ||
      !feAttrInts(im, node, "dilation", 2, 0, dilation, &given) ||
      !feAttrInts(im, node, "pad", 2, 4, pad, &given) ||
      !feAttrInt(im, node, "groups", &groups))
    return false;
  /* pad: p, [ph, pw] or [top, bottom, left, right]. */
  if (given != 4) {
    int64_t ph = pad[0], pw = pad[1];
    pad[0] = pad[1] = ph;
    pad[2] = pad[3] = pw;
  }
  const char *keys[] = {"stride", "dilation"};
  const int64_t *values[] = {stride, dilation};
  for (int k = 0; k < 2; ++k)
    if (values[k][0] < 1 || values[k][1] < 1 || values[k][0] > kMaxAttr ||
        values[k][1] > kMaxAttr) {
      feAttrPath(node, keys[k], path, sizeof(path));
      feError(im, feAttrJson(node, keys[k]), path, "must be in [1, %lld]",
              (long long)kMaxAttr);
      return false;
    }
  for (int i = 0; i < 4; ++i)
    if (pad[i] < 0 || pad[i] > kMaxAttr) {
      feAttrPath(node, "pad", path, sizeof(path));
      feError(im, feAttrJson(node, "pad"), path, "must be in [0, %lld]",
              (long long)kMaxAttr);
      return false;
    }
  if (!expectRank(im, node, 0, 4, false, "the input X (NCHW)") ||
      !expectRank(im, node, 1, 4, false, "the weight W (OIHW)") ||
      !checkGroups(im, node, groups))
    return false;
  FeValue x = node->inputs[0], w = node->inputs[1];
  int64_t kh = w.shape.dims[2].size, kw = w.shape.dims[3].size;
  if (kh < 0 || kw < 0) {
    inputPath(node, 1, path, sizeof(path));
    feError(im, &node->inputsJson->items[1], path,
            "Conv2D: the kernel size (dims 2 and 3 of the weight) must be "
            "static");
    return false;
  }
  if (node->numInputs == 3) {
    if (!expectRank(im, node, 2, 1, false, "the bias") ||
        !expectSameDim(im, node, 2, 0, 1, 0, "the output channel count"))
      return false;
  }
  MlirType element = fePromote(im, x.element, w.element), acc;
  if (!readAccumulator(im, node, element, &acc))
    return false;

  DlcDim ho, wo;
  if (!spatialSize(im, node, 2, x.shape.dims[2], kh, stride[0], pad[0], pad[1],
                   dilation[0], &ho) ||
      !spatialSize(im, node, 3, x.shape.dims[3], kw, stride[1], pad[2], pad[3],
                   dilation[1], &wo))
    return false;

  /* Static spatial dims are padded by tiny.pad; a symbolic one cannot be
   * (H + 2 is not a symbol), so its low padding becomes an offset in the
   * window map and the high side reads out of bounds, which is 0 too. */
  x = feCast(im, x, element);
  w = feCast(im, w, element);
  int64_t padding[8] = {0};
  int64_t offset[2] = {0, 0};
  bool anyPad = false;
  for (int s = 0; s < 2; ++s) {
    if (x.shape.dims[2 + s].size >= 0) {
      padding[4 + 2 * s] = pad[2 * s];
      padding[5 + 2 * s] = pad[2 * s + 1];
      anyPad |= pad[2 * s] || pad[2 * s + 1];
    } else {
      offset[s] = pad[2 * s];
    }
  }
  FeValue xp = anyPad ? fePad(im, x, padding, NULL) : x;
  if (groups > 1)
    return groupedProduct(im, node, groups, xp, w, ho, wo, stride, dilation,
                          offset, acc, out) &&
           addBias(im, node, out);

  /* Xv[n, co, ho, wo, ci, kh, kw] = Xp[n, ci, sh*ho + dh*kh, sw*wo + dw*kw] */
  char hExpr[96], wExpr[96], results[256];
  windowExpr(hExpr, sizeof(hExpr), 2, stride[0], 5, dilation[0], offset[0]);
  windowExpr(wExpr, sizeof(wExpr), 3, stride[1], 6, dilation[1], offset[1]);
  snprintf(results, sizeof(results), "d0, d4, %s, %s", hExpr, wExpr);
  DlcShape window = {7,
                     {x.shape.dims[0], w.shape.dims[0], ho, wo, x.shape.dims[1],
                      w.shape.dims[2], w.shape.dims[3]}};
  FeValue xv = feView(im, xp, &window, results);

  /* W[co, ci, kh, kw] as [co, 1, 1, ci, kh, kw]: broadcasts over n, ho, wo. */
  DlcDim one = {1, {NULL, 0}};
  DlcShape wShape = {6,
                     {w.shape.dims[0], one, one, w.shape.dims[1],
                      w.shape.dims[2], w.shape.dims[3]}};
  FeValue wr = feReshape(im, w, &wShape);
  FeValue product;
  if (!feBinary(im, node, DLC_OP_TINY_MUL, xv, wr, &product))
    return false;
  const int64_t axes[] = {4, 5, 6};
  *out = feReduce(im, "sum", product, axes, 3, acc);
  return addBias(im, node, out);
}

/* --- Attention ------------------------------------------------------------ */

/* Expands `x` (the leading `x.rank` dims of `to`) to `to`. */
static FeValue expandLeading(FeImporter *im, FeValue x, const DlcShape *to) {
  int64_t dims[DLC_MAX_RANK];
  for (int i = 0; i < x.shape.rank; ++i)
    dims[i] = i;
  return feExpand(im, x, to, dims);
}

static bool lowerAttention(FeImporter *im, const FeNode *node, FeValue *out) {
  bool causal = false, scaleGiven = false, lse = false;
  double scale = 1.0;
  char path[FE_PATH_SIZE + 64];
  if (!feAttrBool(im, node, "causal", &causal) ||
      !feAttrBool(im, node, "lse", &lse) ||
      !feAttrNumber(im, node, "scale", &scale, &scaleGiven) ||
      !expectRank(im, node, 0, 2, true, "Q") ||
      !expectRank(im, node, 1, node->inputs[0].shape.rank, false,
                  "K (Q's rank)") ||
      !expectRank(im, node, 2, node->inputs[0].shape.rank, false,
                  "V (Q's rank)"))
    return false;
  if (node->numOutputs != (lse ? 2u : 1u)) {
    snprintf(path, sizeof(path), "%s.outputs", node->path);
    feError(im, dlcJsonValueGetMember(node->json, "outputs"), path,
            "Attention has %s output%s (O%s), found %zu", lse ? "two" : "one",
            lse ? "s" : "",
            lse ? " and LSE, as attrs.lse is true"
                : "; add attrs.lse: true "
                  "for a second (LSE)",
            node->numOutputs);
    return false;
  }
  FeValue q = node->inputs[0], k = node->inputs[1], v = node->inputs[2];
  int r = q.shape.rank, batch = r - 2;
  for (int i = 0; i < batch; ++i)
    if (!expectSameDim(im, node, 0, i, 1, i, "a batch dimension") ||
        !expectSameDim(im, node, 0, i, 2, i, "a batch dimension"))
      return false;
  if (!expectSameDim(im, node, 0, r - 1, 1, r - 1, "the head dimension D") ||
      !expectSameDim(im, node, 1, r - 2, 2, r - 2, "the key count N"))
    return false;
  DlcDim d = q.shape.dims[r - 1];
  if (!scaleGiven) {
    if (d.size < 0) {
      feError(im, node->attrs ? node->attrs : node->json, node->path,
              "Attention needs attrs.scale when the head dimension is "
              "symbolic (the default is 1/sqrt(D))");
      return false;
    }
    scale = 1.0 / sqrt((double)d.size);
  }
  if (!(scale != 0.0 && isfinite(scale))) {
    feAttrPath(node, "scale", path, sizeof(path));
    feError(im, feAttrJson(node, "scale"), path,
            "must be a finite non-zero number");
    return false;
  }
  MlirType element = fePromote(im, q.element, k.element), acc;
  if (!readAccumulator(im, node, element, &acc))
    return false;

  /* S[.., m, n] = Σ_d Q[.., m, d] · K[.., n, d] */
  char bn[DLC_MAX_RANK][16];
  batchNames(batch, bn);
  const char *qIdx[DLC_MAX_RANK + 1], *kIdx[DLC_MAX_RANK + 1],
      *sIdx[DLC_MAX_RANK + 1], *vIdx[DLC_MAX_RANK + 1], *oIdx[DLC_MAX_RANK + 1];
  const char *reduceD[] = {"d", NULL}, *reduceN[] = {"n", NULL};
  DlcShape sShape = {0}, rowShape = {0}, oShape = {0};
  for (int i = 0; i < batch; ++i) {
    qIdx[i] = kIdx[i] = sIdx[i] = vIdx[i] = oIdx[i] = bn[i];
    sShape.dims[sShape.rank++] = q.shape.dims[i];
  }
  qIdx[batch] = "m", qIdx[batch + 1] = "d";
  kIdx[batch] = "n", kIdx[batch + 1] = "d";
  sIdx[batch] = "m", sIdx[batch + 1] = "n";
  vIdx[batch] = "n", vIdx[batch + 1] = "d";
  oIdx[batch] = "m", oIdx[batch + 1] = "d";
  qIdx[r] = kIdx[r] = sIdx[r] = vIdx[r] = oIdx[r] = NULL;
  rowShape = sShape;
  rowShape.dims[rowShape.rank++] = q.shape.dims[r - 2];
  sShape = rowShape;
  sShape.dims[sShape.rank++] = k.shape.dims[r - 2];
  oShape = rowShape;
  oShape.dims[oShape.rank++] = v.shape.dims[r - 1];
  q = feCast(im, q, element);
  k = feCast(im, k, element);
  FeValue s =
      feContract(im, q, k, qIdx, kIdx, sIdx, reduceD, "matmul", acc, &sShape);
  s = feCast(im, s, f32(im));

  /* softmax(scale·S) = exp2((S - max S)·scale·log2 e) / Σ ...: a positive
   * scale folds into the exp2 factor; a negative one is applied first. */
  double factor = kLog2E * scale;
  if (scale < 0) {
    s = mulConst(im, node, s, scale);
    factor = kLog2E;
  }
  if (causal) {
    /* mask[m, n] = valid(view(ones[M])[m, n] = ones[m - n]): in bounds
     * exactly when n <= m (top-left aligned, as PyTorch's is_causal). */
    DlcShape mShape = {1, {q.shape.dims[r - 2]}};
    DlcShape mnShape = {2, {q.shape.dims[r - 2], k.shape.dims[r - 2]}};
    FeValue ones = feConstShaped(im, 1.0, f32(im), &mShape);
    FeValue mask = feValid(im, feView(im, ones, &mnShape, "d0 - d1"));
    s = feWhere(im, mask, s, feConst(im, -INFINITY, f32(im)));
  }
  int64_t last = r - 1;
  FeValue rowMax = feReduce(im, "max", s, &last, 1, f32(im));
  FeValue shifted, probs, p;
  if (!feBinary(im, node, DLC_OP_TINY_SUB, s,
                expandLeading(im, rowMax, &sShape), &shifted))
    return false;
  FeValue a =
      feUnary(im, DLC_OP_TINY_EXP2, mulConst(im, node, shifted, factor));
  FeValue z = feReduce(im, "sum", a, &last, 1, f32(im));
  if (!feBinary(im, node, DLC_OP_TINY_FDIV, a, expandLeading(im, z, &sShape),
                &probs))
    return false;
  /* O[.., m, d] = Σ_n P[.., m, n] · V[.., n, d], P in V's type (§3.5.3). */
  p = feCast(im, probs, v.element);
  out[0] =
      feContract(im, p, v, sIdx, vIdx, oIdx, reduceN, "matmul", acc, &oShape);
  if (lse) {
    /* LSE[.., m] = ln Σ_n exp(scale·S) in natural-log units (what SDPA and
     * FlashAttention return). With z = Σ exp2((S - max)·factor) as above,
     * ln Σ exp(scale·S) = (max·factor + log2 z)·ln 2 for either sign of
     * scale (a negative one is already in S and factor = log2 e). */
    FeValue logZ = feUnary(im, DLC_OP_TINY_LOG2, z);
    FeValue sum;
    if (!feBinary(im, node, DLC_OP_TINY_ADD, mulConst(im, node, rowMax, factor),
                  logZ, &sum))
      return false;
    out[1] = mulConst(im, node, sum, kLn2);
  }
  return !im->failed;
}

/* --- LayerNorm ------------------------------------------------------------ */

static bool lowerLayerNorm(FeImporter *im, const FeNode *node, FeValue *out) {
  FeValue x = node->inputs[0];
  int64_t axis = -1;
  double eps = 1e-5;
  bool epsGiven;
  char path[FE_PATH_SIZE + 64];
  if (!feAttrInt(im, node, "axis", &axis) ||
      !feAttrNumber(im, node, "eps", &eps, &epsGiven) ||
      !expectRank(im, node, 0, 1, true, "the input"))
    return false;
  int r = x.shape.rank;
  if (axis < -r || axis >= r) {
    feAttrPath(node, "axis", path, sizeof(path));
    feError(im, feAttrJson(node, "axis"), path, "expected an axis in [%d, %d]",
            -r, r - 1);
    return false;
  }
  if (axis < 0)
    axis += r;
  if (!(eps >= 0) || !isfinite(eps)) {
    feAttrPath(node, "eps", path, sizeof(path));
    feError(im, feAttrJson(node, "eps"), path, "must be a finite number >= 0");
    return false;
  }
  /* The normalised dims are [axis, r); gamma and beta have their shape. */
  DlcShape normShape = {0}, outer = {0};
  for (int i = 0; i < r; ++i) {
    if (i < axis)
      outer.dims[outer.rank++] = x.shape.dims[i];
    else
      normShape.dims[normShape.rank++] = x.shape.dims[i];
  }
  for (size_t i = 1; i < node->numInputs; ++i) {
    if (!expectRank(im, node, i, normShape.rank, false,
                    i == 1 ? "the scale (gamma)" : "the shift (beta)"))
      return false;
    for (int j = 0; j < normShape.rank; ++j)
      if (!expectSameDim(im, node, 0, (int)axis + j, i, j,
                         "a normalised dimension"))
        return false;
  }
  int64_t axes[DLC_MAX_RANK];
  int numAxes = 0;
  int64_t count = 1;
  for (int i = (int)axis; i < r; ++i) {
    axes[numAxes++] = i;
    int64_t size = x.shape.dims[i].size;
    /* Beyond 2^53 the reciprocal is not worth a constant: count it. */
    count = size < 0 || count < 0 || count > ((int64_t)1 << 53) / size
                ? -1
                : count * size;
  }
  FeValue x32 = feCast(im, x, f32(im));
  /* n = the element count of the normalised dims: a constant when static,
   * else Σ 1 over them. */
  FeValue n = {{NULL}, {NULL}, {0}};
  if (count < 0) {
    FeValue ones = feConstShaped(im, 1.0, f32(im), &normShape);
    int64_t all[DLC_MAX_RANK];
    for (int i = 0; i < normShape.rank; ++i)
      all[i] = i;
    n = feReduce(im, "sum", ones, all, normShape.rank, f32(im));
  }
  FeValue sum = feReduce(im, "sum", x32, axes, numAxes, f32(im));
  FeValue mean, centred, square, variance, shifted, y;
  if (count < 0) {
    if (!feBinary(im, node, DLC_OP_TINY_FDIV, sum, n, &mean))
      return false;
  } else {
    mean = mulConst(im, node, sum, 1.0 / (double)count);
  }
  if (!feBinary(im, node, DLC_OP_TINY_SUB, x32,
                expandLeading(im, mean, &x.shape), &centred) ||
      !feBinary(im, node, DLC_OP_TINY_MUL, centred, centred, &square))
    return false;
  FeValue sq = feReduce(im, "sum", square, axes, numAxes, f32(im));
  if (count < 0) {
    if (!feBinary(im, node, DLC_OP_TINY_FDIV, sq, n, &variance))
      return false;
  } else {
    variance = mulConst(im, node, sq, 1.0 / (double)count);
  }
  if (!feBinary(im, node, DLC_OP_TINY_ADD, variance, feConst(im, eps, f32(im)),
                &shifted))
    return false;
  FeValue rstd =
      feUnary(im, DLC_OP_TINY_RECIP, feUnary(im, DLC_OP_TINY_SQRT, shifted));
  if (!feBinary(im, node, DLC_OP_TINY_MUL, centred,
                expandLeading(im, rstd, &x.shape), &y))
    return false;
  if (node->numInputs > 1 &&
      !feBinary(im, node, DLC_OP_TINY_MUL, y, node->inputs[1], &y))
    return false;
  if (node->numInputs > 2 &&
      !feBinary(im, node, DLC_OP_TINY_ADD, y, node->inputs[2], &y))
    return false;
  *out = y;
  return true;
}

/* Reshape: the same row-major elements in the shape its output declares
 * (tensors.<output>), e.g. a flat input of M*K elements as [M, K]
 * (docs/conventions.md, "Products of symbols"). */
static bool lowerReshape(FeImporter *im, const FeNode *node, FeValue *out) {
  FeValue x = node->inputs[0];
  char path[FE_PATH_SIZE + 16];
  snprintf(path, sizeof(path), "%s.outputs[0]", node->path);
  FeTensor *t = feFindTensor(im, node->outputNames[0]);
  if (!t || !t->declared) {
    feError(im, node->outputJsons[0], path,
            "Reshape takes its shape from its output's declaration: declare "
            "\"%.100s\" in \"tensors\"",
            node->outputNames[0]);
    return false;
  }
  if (!feResolveDeclared(im, t))
    return false;
  if (!dlcSymbolTableSameElementCount(im->ctx, &im->symbols, &x.shape,
                                      &t->declShape)) {
    char from[256], to[256];
    dlcShapeFormat(&x.shape, from, sizeof(from));
    dlcShapeFormat(&t->declShape, to, sizeof(to));
    feCodedError(im, node->outputJsons[0], path, &dlcMalformedShape,
                 "declare the output with as many elements as the input",
                 "Reshape of %s to %s changes the number of elements", from,
                 to);
    return false;
  }
  *out = feReshape(im, x, &t->declShape);
  return true;
}

/* --- the op table --------------------------------------------------------- */

static const char *const gemmAttrs[] = {"acc_dtype", "trans_a", "trans_b",
                                        NULL};
static const char *const noAttrs[] = {NULL};
static const char *const convAttrs[] = {"stride",    "pad",    "dilation",
                                        "acc_dtype", "groups", NULL};
static const char *const attentionAttrs[] = {"causal", "scale", "acc_dtype",
                                             "lse", NULL};
static const char *const reduceAttrs[] = {"axes", "keepdim", "acc_dtype", NULL};
static const char *const layerNormAttrs[] = {"axis", "eps", NULL};

static const FeOpDef opDefs[] = {
    {"GEMM", 2, 2, false, gemmAttrs, lowerGemm, 1},
    {"Elementwise", 1, 2, true, noAttrs, lowerElementwise, 1},
    {"Conv2D", 2, 3, false, convAttrs, lowerConv2D, 1},
    {"Attention", 3, 3, false, attentionAttrs, lowerAttention, 2},
    {"Reduce", 1, 1, true, reduceAttrs, lowerReduce, 1},
    {"LayerNorm", 1, 3, false, layerNormAttrs, lowerLayerNorm, 1},
    {"Reshape", 1, 1, false, noAttrs, lowerReshape, 1},
};

const char feOpNames[] =
    "GEMM, Elementwise, Conv2D, Attention, Reduce, LayerNorm, Reshape";

const FeOpDef *feLookupOp(const char *name) {
  for (size_t i = 0; i < sizeof(opDefs) / sizeof(opDefs[0]); ++i)
    if (strcmp(opDefs[i].name, name) == 0)
      return &opDefs[i];
  return NULL;
}
