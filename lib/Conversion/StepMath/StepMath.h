/* The kernel-problem step functions as arith ops and NVVM intrinsics
 * (StepMath.c), on f32 scalars or f32 vectors of any shape. Internal to the
 * library (module prefix `dlcStep`). Each returns a value built with `b`,
 * or null for a function it does not know. */
#ifndef DLC_LIB_CONVERSION_STEPMATH_STEPMATH_H
#define DLC_LIB_CONVERSION_STEPMATH_STEPMATH_H

#include "Builder.h"
#include "KernelProblem.h"

/* The element type of `type` (a scalar: itself; a vector: its element). */
MlirType dlcStepElementOf(MlirType type);

/* `type` (a scalar or a vector) with element type `element`. */
MlirType dlcStepWithElement(MlirType type, MlirType element);

/* The constant `value` of `type` (a float or integer type, or a vector of
 * one: a splat). */
MlirValue dlcStepSplat(DlcBuilder *b, MlirType type, double value);

/* rbssa.unary's functions (neg, abs, exp, exp2, log, log2, sqrt, rsqrt,
 * recip, sin, cos, tanh, sigmoid, relu, silu, gelu, gelu_tanh). */
MlirValue dlcStepUnary(DlcBuilder *b, MlirStringRef fn, MlirValue x);

/* 2^x with subnormal arguments and results flushed to zero (one
 * ex2.approx.ftz, where exp2 also scales subnormals in and out): for the
 * online softmax, whose terms under 2^-126 vanish in its sums anyway. */
MlirValue dlcStepExp2Ftz(DlcBuilder *b, MlirValue x);

/* rbssa.binary's functions (add, sub, mul, div, max, min, pow). */
MlirValue dlcStepBinary(DlcBuilder *b, MlirStringRef fn, MlirValue x,
                        MlirValue y);

/* rbssa.compare's functions (cmplt, cmple, cmpeq, cmpne, cmpgt, cmpge): an
 * i1 of the operands' shape. */
MlirValue dlcStepCompare(DlcBuilder *b, MlirStringRef fn, MlirValue x,
                         MlirValue y);

/* A step that acts on its operands `x` alone (KernelProblem.h: unary,
 * binary, compare, select, cast), on `floatType` (f32 or an f32 vector)
 * values or their i1 twins: the one lowering that the GEMM epilogue
 * (LowerSkeletonOps) and the memory-bound skeleton share. A cast gives
 * x != 0 when `toI1`, widens an i1 to `floatType`, else is `x`. Null for
 * another kind or an unknown function. */
MlirValue dlcStepApply(DlcBuilder *b, KpStepKind kind, MlirStringRef fn,
                       const MlirValue *x, MlirType floatType, bool toI1);

/* `x` rounded to `element` (f16, bf16) and widened back to f32. */
MlirValue dlcStepRound(DlcBuilder *b, MlirValue x, MlirType element);

#endif
