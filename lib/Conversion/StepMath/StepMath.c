/* The kernel-problem step functions (rbssa.unary / binary / compare and
 * rounding) as arith ops and NVVM intrinsics, on f32 scalars or vectors of
 * f32 of any shape. Shared by the lowering of dlcgpu.epilogue
 * (convert-dlcgpu-to-gpu) and the memory-bound skeleton
 * (convert-plan-to-dlcgpu), so a function is computed the same way in every
 * kernel.
 *
 * Scalar transcendental functions go straight to PTX instructions through
 * NVVM intrinsics (ex2.approx, lg2.approx, sqrt.rn, sin/cos.approx): the
 * upstream lowering of the math dialect calls libdevice, which a PTX-only
 * build without the CUDA toolkit cannot link. Everything else is composed
 * from them and arith. */
#include "StepMath.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

MlirValue dlcStepSplat(DlcBuilder *b, MlirType type, double value) {
  MlirType e = dlcStepElementOf(type);
  bool integer = mlirTypeIsAInteger(e);
  if (!mlirTypeIsAVector(type))
    return integer ? dlcConstInt(b, type, (int64_t)value)
                   : dlcConstFloat(b, type, value);
  MlirAttribute element = integer ? mlirIntegerAttrGet(e, (int64_t)value)
                                  : mlirFloatAttrDoubleGet(b->ctx, e, value);
  MlirAttribute dense = mlirDenseElementsAttrSplatGet(type, element);
  const char *names[] = {"value"};
  return dlcBuildValue(b, "arith.constant", 0, NULL, type, 1, names, &dense);
}

MlirType dlcStepElementOf(MlirType type) {
  return mlirTypeIsAVector(type) ? mlirShapedTypeGetElementType(type) : type;
}

MlirType dlcStepWithElement(MlirType type, MlirType element) {
  if (!mlirTypeIsAVector(type))
    return element;
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t dims[8];
  for (intptr_t d = 0; d < rank && d < 8; ++d)
    dims[d] = mlirShapedTypeGetDimSize(type, d);
  return mlirVectorTypeGet(rank, dims, element);
}

static MlirValue intrinsic(DlcBuilder *b, const char *intrin, MlirValue x) {
  const char *names[] = {"intrin", "op_bundle_sizes", "operandSegmentSizes"};
  MlirAttribute attrs[] = {
      mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString(intrin)),
      mlirDenseI32ArrayGet(b->ctx, 0, NULL),
      mlirDenseI32ArrayGet(b->ctx, 2, (int32_t[]){1, 0})};
  return dlcBuildValue(b, "llvm.call_intrinsic", 1, &x, mlirValueGetType(x), 3,
                       names, attrs);
}

static MlirValue fconst(DlcBuilder *b, MlirType type, double v) {
  return dlcConstFloat(b, type, v);
}
static MlirValue fmul(DlcBuilder *b, MlirValue x, MlirValue y) {
  return dlcArith(b, "arith.mulf", x, y);
}
static MlirValue fadd(DlcBuilder *b, MlirValue x, MlirValue y) {
  return dlcArith(b, "arith.addf", x, y);
}
static MlirValue fdiv(DlcBuilder *b, MlirValue x, MlirValue y) {
  return dlcArith(b, "arith.divf", x, y);
}

/* i1: x < 0 (ordered: false for NaN). */
static MlirValue isNegative(DlcBuilder *b, MlirValue x) {
  MlirType t = mlirValueGetType(x);
  return dlcBuildValue(
      b, "arith.cmpf", 2, (MlirValue[]){x, dlcConstFloat(b, t, 0.0)},
      mlirIntegerTypeGet(b->ctx, 1), 1, (const char *[]){"predicate"},
      (MlirAttribute[]){mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 4)});
}

/* |r| with the sign of x (r >= 0). */
static MlirValue withSignOf(DlcBuilder *b, MlirValue r, MlirValue x) {
  MlirValue minus =
      dlcBuildValue(b, "arith.negf", 1, &r, mlirValueGetType(x), 0, NULL, NULL);
  return dlcSelect(b, isNegative(b, x), minus, r);
}

static const double kLog2E = 1.4426950408889634, kLn2 = 0.6931471805599453;
/* dlcStepExp2Ftz's function among scalarUnary's (no rbssa name has a dot). */
static const char kExp2Ftz[] = "exp2.ftz";

static MlirValue scalarExp(DlcBuilder *b, MlirValue x) {
  MlirType t = mlirValueGetType(x);
  return intrinsic(b, "llvm.nvvm.ex2.approx.f32",
                   fmul(b, x, fconst(b, t, kLog2E)));
}

/* a * b + c, one rounding (fma.rn.f32). */
static MlirValue ffma(DlcBuilder *b, MlirValue x, MlirValue y, MlirValue z) {
  const char *names[] = {"intrin", "op_bundle_sizes", "operandSegmentSizes"};
  MlirAttribute attrs[] = {
      mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString("llvm.fma")),
      mlirDenseI32ArrayGet(b->ctx, 0, NULL),
      mlirDenseI32ArrayGet(b->ctx, 2, (int32_t[]){3, 0})};
  return dlcBuildValue(b, "llvm.call_intrinsic", 3, (MlirValue[]){x, y, z},
                       mlirValueGetType(x), 3, names, attrs);
}

/* 1 / (1 + e^-x) with one MUFU op: e = e^-|x| by ex2.approx.ftz (in
 * [0, 1]), 1 / d for d = 1 + e in [1, 2] on the FMA pipe (24/17 - 8/17 d,
 * within 1/17, then two Newton steps: within 1.3e-5), and for x < 0
 * sigmoid(x) = e / d (no cancellation). The MUFU unit does 16 results a
 * clock per SM against 128 for FMAs: depthwise 3x3 C256 + SiLU 74.1 ->
 * 63.1 us against ex2 + rcp.approx (H200, bench/RESULTS.md run silu-3);
 * an IEEE division (rcp.rn) cost the SM90 conv + SiLU 11 us (run nhwc-1). */
static MlirValue scalarSigmoid(DlcBuilder *b, MlirValue x) {
  MlirType t = mlirValueGetType(x);
  MlirValue e =
      intrinsic(b, "llvm.nvvm.ex2.approx.ftz.f32",
                fmul(b, intrinsic(b, "llvm.fabs", x), fconst(b, t, -kLog2E)));
  MlirValue d = fadd(b, fconst(b, t, 1.0), e);
  MlirValue minusD = dlcBuildValue(b, "arith.negf", 1, &d, t, 0, NULL, NULL);
  MlirValue r =
      ffma(b, d, fconst(b, t, -8.0 / 17.0), fconst(b, t, 24.0 / 17.0));
  for (int step = 0; step < 2; ++step) /* r += r (1 - d r) */
    r = ffma(b, r, ffma(b, minusD, r, fconst(b, t, 1.0)), r);
  return dlcSelect(b, isNegative(b, x), fmul(b, e, r), r);
}

/* sign(x) (1 - 2 / (e^2|x| + 1)). */
static MlirValue scalarTanh(DlcBuilder *b, MlirValue x) {
  MlirType t = mlirValueGetType(x);
  MlirValue ax = intrinsic(b, "llvm.fabs", x);
  MlirValue e = intrinsic(b, "llvm.nvvm.ex2.approx.f32",
                          fmul(b, ax, fconst(b, t, 2.0 * kLog2E)));
  MlirValue r =
      dlcArith(b, "arith.subf", fconst(b, t, 1.0),
               fdiv(b, fconst(b, t, 2.0), fadd(b, e, fconst(b, t, 1.0))));
  return withSignOf(b, r, x);
}

/* erf by Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7). */
static MlirValue scalarErf(DlcBuilder *b, MlirValue x) {
  static const double a[] = {0.254829592, -0.284496736, 1.421413741,
                             -1.453152027, 1.061405429};
  MlirType t = mlirValueGetType(x);
  MlirValue ax = intrinsic(b, "llvm.fabs", x);
  MlirValue tt =
      fdiv(b, fconst(b, t, 1.0),
           fadd(b, fconst(b, t, 1.0), fmul(b, ax, fconst(b, t, 0.3275911))));
  MlirValue poly = fconst(b, t, a[4]);
  for (int i = 3; i >= 0; --i)
    poly = fadd(b, fmul(b, poly, tt), fconst(b, t, a[i]));
  poly = fmul(b, poly, tt);
  MlirValue e = scalarExp(b, fmul(b, fconst(b, t, -1.0), fmul(b, ax, ax)));
  MlirValue r = dlcArith(b, "arith.subf", fconst(b, t, 1.0), fmul(b, poly, e));
  return withSignOf(b, r, x);
}

/* The tanh-form GELU, 0.5 x (1 + tanh u) with u = sqrt(2/pi) (x + 0.044715
 * x^3), as x sigmoid(2u): one ex2 and no 1 + tanh cancellation. */
static MlirValue scalarGeluTanh(DlcBuilder *b, MlirValue x) {
  MlirType t = mlirValueGetType(x);
  const double k2 = 2.0 * 0.79788456080286535588;
  MlirValue x2 = fmul(b, x, x);
  MlirValue poly =
      fadd(b, fconst(b, t, k2), fmul(b, fconst(b, t, k2 * 0.044715), x2));
  return fmul(b, x, scalarSigmoid(b, fmul(b, x, poly)));
}

/* One scalar element of rbssa.unary `fn`; null for an unknown one. */
static MlirValue scalarUnary(DlcBuilder *b, MlirStringRef fn, MlirValue x) {
  MlirType t = mlirValueGetType(x);
#define FN_IS(s) mlirStringRefEqual(fn, mlirStringRefCreateFromCString(s))
  if (FN_IS("exp2"))
    return intrinsic(b, "llvm.nvvm.ex2.approx.f32", x);
  if (FN_IS(kExp2Ftz))
    return intrinsic(b, "llvm.nvvm.ex2.approx.ftz.f32", x);
  if (FN_IS("exp"))
    return scalarExp(b, x);
  if (FN_IS("log2"))
    return intrinsic(b, "llvm.nvvm.lg2.approx.f", x);
  if (FN_IS("log"))
    return fmul(b, intrinsic(b, "llvm.nvvm.lg2.approx.f", x),
                fconst(b, t, kLn2));
  if (FN_IS("sqrt"))
    return intrinsic(b, "llvm.nvvm.sqrt.rn.f", x);
  if (FN_IS("rsqrt"))
    return fdiv(b, fconst(b, t, 1.0), intrinsic(b, "llvm.nvvm.sqrt.rn.f", x));
  if (FN_IS("abs"))
    return intrinsic(b, "llvm.fabs", x);
  if (FN_IS("sin"))
    return intrinsic(b, "llvm.nvvm.sin.approx.f", x);
  if (FN_IS("cos"))
    return intrinsic(b, "llvm.nvvm.cos.approx.f", x);
  if (FN_IS("tanh"))
    return scalarTanh(b, x);
  if (FN_IS("sigmoid"))
    return scalarSigmoid(b, x);
  if (FN_IS("silu"))
    return fmul(b, x, scalarSigmoid(b, x));
  if (FN_IS("gelu")) /* 0.5 x (1 + erf(x / sqrt 2)), as the interpreter */
    return fmul(
        b, fmul(b, fconst(b, t, 0.5), x),
        fadd(b, fconst(b, t, 1.0),
             scalarErf(b, fmul(b, x, fconst(b, t, 0.70710678118654752)))));
  if (FN_IS("gelu_tanh"))
    return scalarGeluTanh(b, x);
#undef FN_IS
  return (MlirValue){NULL};
}

/* `fn` on a scalar, or on each element of a vector of any shape. */
static MlirValue elementwiseUnary(DlcBuilder *b, MlirStringRef fn,
                                  MlirValue x) {
  MlirType type = mlirValueGetType(x);
  if (!mlirTypeIsAVector(type))
    return scalarUnary(b, fn, x);
  MlirType element = mlirShapedTypeGetElementType(type);
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t count = 1;
  for (intptr_t d = 0; d < rank; ++d)
    count *= mlirShapedTypeGetDimSize(type, d);
  enum { MaxElements = 64 };
  if (count > MaxElements || rank > 4)
    return (MlirValue){NULL};
  const char *posName[] = {"static_position"};
  MlirValue out[MaxElements];
  for (int64_t i = 0; i < count; ++i) {
    int64_t position[4], rest = i;
    for (intptr_t d = rank - 1; d >= 0; --d) {
      position[d] = rest % mlirShapedTypeGetDimSize(type, d);
      rest /= mlirShapedTypeGetDimSize(type, d);
    }
    MlirAttribute pos = mlirDenseI64ArrayGet(b->ctx, rank, position);
    MlirValue e =
        dlcBuildValue(b, "vector.extract", 1, &x, element, 1, posName, &pos);
    if (mlirValueIsNull(out[i] = scalarUnary(b, fn, e)))
      return out[i];
  }
  return dlcBuildValue(b, "vector.from_elements", count, out, type, 0, NULL,
                       NULL);
}

MlirValue dlcStepExp2Ftz(DlcBuilder *b, MlirValue x) {
  return elementwiseUnary(b, mlirStringRefCreateFromCString(kExp2Ftz), x);
}

/* rbssa.unary's functions; null for an unknown one. */
MlirValue dlcStepUnary(DlcBuilder *b, MlirStringRef fn, MlirValue x) {
  MlirType t = mlirValueGetType(x);
  if (mlirStringRefEqual(fn, mlirStringRefCreateFromCString("neg")))
    return dlcBuildValue(b, "arith.negf", 1, &x, t, 0, NULL, NULL);
  if (mlirStringRefEqual(fn, mlirStringRefCreateFromCString("recip")))
    return dlcArith(b, "arith.divf", dlcStepSplat(b, t, 1.0), x);
  if (mlirStringRefEqual(fn, mlirStringRefCreateFromCString("relu")))
    return dlcArith(b, "arith.maximumf", x, dlcStepSplat(b, t, 0.0));
  return elementwiseUnary(b, fn, x);
}

MlirValue dlcStepBinary(DlcBuilder *b, MlirStringRef fn, MlirValue x,
                        MlirValue y) {
  static const struct {
    const char *fn, *op;
  } ops[] = {{"add", "arith.addf"},     {"sub", "arith.subf"},
             {"mul", "arith.mulf"},     {"div", "arith.divf"},
             {"max", "arith.maximumf"}, {"min", "arith.minimumf"}};
  for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); ++i)
    if (mlirStringRefEqual(fn, mlirStringRefCreateFromCString(ops[i].fn)))
      return dlcArith(b, ops[i].op, x, y);
  if (mlirStringRefEqual(fn, mlirStringRefCreateFromCString("pow"))) {
    /* x^y = 2^(y log2 x), for x > 0 as a float pow is. */
    MlirValue l =
        elementwiseUnary(b, mlirStringRefCreateFromCString("log2"), x);
    return elementwiseUnary(b, mlirStringRefCreateFromCString("exp2"),
                            dlcArith(b, "arith.mulf", y, l));
  }
  return (MlirValue){NULL};
}

MlirValue dlcStepCompare(DlcBuilder *b, MlirStringRef fn, MlirValue x,
                         MlirValue y) {
  /* arith::CmpFPredicate: olt, ole, oeq, une, ogt, oge. */
  static const struct {
    const char *fn;
    int64_t predicate;
  } ops[] = {{"cmplt", 4},  {"cmple", 5}, {"cmpeq", 1},
             {"cmpne", 13}, {"cmpgt", 2}, {"cmpge", 3}};
  for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); ++i)
    if (mlirStringRefEqual(fn, mlirStringRefCreateFromCString(ops[i].fn))) {
      MlirAttribute predicate =
          mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), ops[i].predicate);
      MlirType i1 = dlcStepWithElement(mlirValueGetType(x),
                                       mlirIntegerTypeGet(b->ctx, 1));
      MlirValue operands[] = {x, y};
      const char *names[] = {"predicate"};
      return dlcBuildValue(b, "arith.cmpf", 2, operands, i1, 1, names,
                           &predicate);
    }
  return (MlirValue){NULL};
}

/* `x` rounded to `element` (f16, bf16) and widened back. */
MlirValue dlcStepRound(DlcBuilder *b, MlirValue x, MlirType element) {
  MlirType wide = mlirValueGetType(x);
  MlirType wideElement = dlcStepElementOf(wide);
  if (mlirTypeEqual(wideElement, element))
    return x;
  MlirType narrow = dlcStepWithElement(wide, element);
  MlirValue n = dlcBuildValue(b, "arith.truncf", 1, &x, narrow, 0, NULL, NULL);
  return dlcBuildValue(b, "arith.extf", 1, &n, wide, 0, NULL, NULL);
}

MlirValue dlcStepApply(DlcBuilder *b, KpStepKind kind, MlirStringRef fn,
                       const MlirValue *x, MlirType floatType, bool toI1) {
  MlirType i1 = dlcStepWithElement(floatType, mlirIntegerTypeGet(b->ctx, 1));
  switch (kind) {
  case KP_STEP_UNARY:
    return dlcStepUnary(b, fn, x[0]);
  case KP_STEP_BINARY:
    return dlcStepBinary(b, fn, x[0], x[1]);
  case KP_STEP_COMPARE:
    return dlcStepCompare(b, fn, x[0], x[1]);
  case KP_STEP_SELECT:
    return dlcBuildValue(b, "arith.select", 3, x, mlirValueGetType(x[1]), 0,
                         NULL, NULL);
  case KP_STEP_CAST:
    if (toI1)
      return dlcBuildValue(b, "arith.cmpf", 2,
                           (MlirValue[]){x[0], dlcStepSplat(b, floatType, 0.0)},
                           i1, 1, (const char *[]){"predicate"},
                           (MlirAttribute[]){mlirIntegerAttrGet(
                               mlirIntegerTypeGet(b->ctx, 64), 13)}); /* une */
    if (mlirTypeEqual(mlirValueGetType(x[0]), i1))
      return dlcBuildValue(b, "arith.uitofp", 1, x, floatType, 0, NULL, NULL);
    return x[0];
  default:
    return (MlirValue){NULL};
  }
}
