/* Element types and rounding: what a value of each tiny element type can
 * hold. f16 and bf16 are converted here in plain C, round to nearest even,
 * so the reference does not depend on a compiler's _Float16 support. */
#include "InterpInternal.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

DlcInterpDtype dlcInterpDtypeFromType(MlirType type) {
  if (mlirTypeIsAF16(type))
    return DlcInterpDtypeF16;
  if (mlirTypeIsABF16(type))
    return DlcInterpDtypeBF16;
  if (mlirTypeIsAF32(type))
    return DlcInterpDtypeF32;
  if (mlirTypeIsAF64(type))
    return DlcInterpDtypeF64;
  if (!mlirTypeIsAInteger(type))
    return DlcInterpDtypeInvalid;
  switch (mlirIntegerTypeGetWidth(type)) {
  case 1:
    return DlcInterpDtypeI1;
  case 8:
    return DlcInterpDtypeI8;
  case 16:
    return DlcInterpDtypeI16;
  case 32:
    return DlcInterpDtypeI32;
  case 64:
    return DlcInterpDtypeI64;
  default:
    return DlcInterpDtypeInvalid;
  }
}

DlcInterpDtype dlcInterpTensorDtype(MlirOperation op, MlirType type) {
  DlcInterpDtype dtype =
      mlirTypeIsARankedTensor(type)
          ? dlcInterpDtypeFromType(mlirShapedTypeGetElementType(type))
          : DlcInterpDtypeInvalid;
  if (dtype == DlcInterpDtypeInvalid)
    dlcInterpError(op, "unsupported type (expected a ranked tensor of f16, "
                       "bf16, f32, f64, i1, i8, i16, i32 or i64)");
  return dtype;
}

const char *dlcInterpDtypeGetName(DlcInterpDtype dtype) {
  switch (dtype) {
  case DlcInterpDtypeF16:
    return "f16";
  case DlcInterpDtypeBF16:
    return "bf16";
  case DlcInterpDtypeF32:
    return "f32";
  case DlcInterpDtypeF64:
    return "f64";
  case DlcInterpDtypeI1:
    return "i1";
  case DlcInterpDtypeI8:
    return "i8";
  case DlcInterpDtypeI16:
    return "i16";
  case DlcInterpDtypeI32:
    return "i32";
  case DlcInterpDtypeI64:
    return "i64";
  case DlcInterpDtypeInvalid:
    break;
  }
  return "invalid";
}

size_t dlcInterpDtypeGetSize(DlcInterpDtype dtype) {
  switch (dtype) {
  case DlcInterpDtypeI1:
  case DlcInterpDtypeI8:
    return 1;
  case DlcInterpDtypeF16:
  case DlcInterpDtypeBF16:
  case DlcInterpDtypeI16:
    return 2;
  case DlcInterpDtypeF32:
  case DlcInterpDtypeI32:
    return 4;
  case DlcInterpDtypeF64:
  case DlcInterpDtypeI64:
    return 8;
  case DlcInterpDtypeInvalid:
    break;
  }
  return 0;
}

bool dlcInterpDtypeIsFloat(DlcInterpDtype dtype) {
  return dtype == DlcInterpDtypeF16 || dtype == DlcInterpDtypeBF16 ||
         dtype == DlcInterpDtypeF32 || dtype == DlcInterpDtypeF64;
}

/* 1 for f16/bf16, 2 for f32, 3 for f64, 0 for integers. */
static int floatWidth(DlcInterpDtype dtype) {
  switch (dtype) {
  case DlcInterpDtypeF16:
  case DlcInterpDtypeBF16:
    return 1;
  case DlcInterpDtypeF32:
    return 2;
  case DlcInterpDtypeF64:
    return 3;
  default:
    return 0;
  }
}

DlcInterpDtype dlcInterpWidenToAccumulator(DlcInterpDtype typed,
                                           DlcInterpDtype acc) {
  int width = floatWidth(typed);
  return width > 0 && floatWidth(acc) > width ? acc : typed;
}

/*===----------------------------------------------------------------------===*
 * Small binary floats (f16: 5 exponent bits, 10 mantissa; bf16: 8 and 7)
 *===----------------------------------------------------------------------===*/

/* Rounds `value` to a binary float with `expBits` exponent and `mantBits`
 * mantissa bits and returns its bit pattern. Works on the bits of the
 * double: the significand is shifted right so that one unit is one unit in
 * the last place of the target, then rounded to nearest even. */
static uint32_t smallFloatFromDouble(double value, int expBits, int mantBits) {
  uint64_t bits;
  memcpy(&bits, &value, sizeof(bits));
  uint32_t sign = (uint32_t)(bits >> 63) << (expBits + mantBits);
  int rawExp = (int)((bits >> 52) & 0x7ff);
  uint64_t mantissa = bits & ((UINT64_C(1) << 52) - 1);
  uint32_t expMask = (UINT32_C(1) << expBits) - 1;
  uint32_t infinity = sign | (expMask << mantBits);
  if (rawExp == 0x7ff) /* NaN stays a quiet NaN, infinity stays infinite */
    return mantissa ? infinity | (UINT32_C(1) << (mantBits - 1)) : infinity;
  if (rawExp == 0) /* zero or a double subnormal: far below any target */
    return sign;

  int bias = (1 << (expBits - 1)) - 1;
  int exponent = rawExp - 1023, minExp = 1 - bias;
  uint64_t significand = mantissa | (UINT64_C(1) << 52);
  int shift = 52 - mantBits + (exponent < minExp ? minExp - exponent : 0);
  if (shift > 63)
    return sign; /* below half the smallest subnormal */
  uint64_t kept = significand >> shift;
  uint64_t rest = significand & ((UINT64_C(1) << shift) - 1);
  uint64_t half = UINT64_C(1) << (shift - 1);
  if (rest > half || (rest == half && (kept & 1)))
    ++kept;

  if (exponent < minExp) /* subnormal; a carry into 1 << mantBits gives the
                            smallest normal, which encodes the same way */
    return sign | (uint32_t)kept;
  if (kept >> (mantBits + 1)) { /* the mantissa overflowed: next binade */
    kept >>= 1;
    ++exponent;
  }
  if (exponent > bias)
    return infinity;
  return sign | ((uint32_t)(exponent + bias) << mantBits) |
         (uint32_t)(kept & ((UINT64_C(1) << mantBits) - 1));
}

static double smallFloatToDouble(uint32_t bits, int expBits, int mantBits) {
  int bias = (1 << (expBits - 1)) - 1;
  uint32_t expMask = (UINT32_C(1) << expBits) - 1;
  uint32_t rawExp = (bits >> mantBits) & expMask;
  uint32_t mantissa = bits & ((UINT32_C(1) << mantBits) - 1);
  double sign = (bits >> (expBits + mantBits)) & 1 ? -1.0 : 1.0;
  if (rawExp == expMask)
    return mantissa ? NAN : sign * INFINITY;
  if (rawExp == 0)
    return sign * ldexp((double)mantissa, 1 - bias - mantBits);
  return sign * ldexp((double)(mantissa | (UINT32_C(1) << mantBits)),
                      (int)rawExp - bias - mantBits);
}

uint16_t dlcInterpF16FromDouble(double value) {
  return (uint16_t)smallFloatFromDouble(value, 5, 10);
}

double dlcInterpF16ToDouble(uint16_t bits) {
  return smallFloatToDouble(bits, 5, 10);
}

uint16_t dlcInterpBF16FromDouble(double value) {
  return (uint16_t)smallFloatFromDouble(value, 8, 7);
}

double dlcInterpBF16ToDouble(uint16_t bits) {
  return smallFloatToDouble(bits, 8, 7);
}

/*===----------------------------------------------------------------------===*
 * Rounding
 *===----------------------------------------------------------------------===*/

/* Truncates toward zero and saturates to int64 (NaN gives 0): the
 * double-to-integer conversion of C is undefined out of range. */
static int64_t toInt64(double value) {
  if (isnan(value))
    return 0;
  if (value >= 9223372036854775808.0)
    return INT64_MAX;
  if (value <= -9223372036854775808.0)
    return INT64_MIN;
  return (int64_t)value;
}

/* Two's-complement wrap of `value` to `bits` bits (1 <= bits < 64). */
static int64_t wrapToWidth(int64_t value, int bits) {
  uint64_t mask = (UINT64_C(1) << bits) - 1;
  uint64_t low = (uint64_t)value & mask;
  uint64_t signBit = UINT64_C(1) << (bits - 1);
  return low & signBit ? -(int64_t)(mask - low) - 1 : (int64_t)low;
}

double dlcInterpRound(DlcInterpDtype dtype, DlcInterpPrecision precision,
                      double value) {
  switch (dtype) {
  case DlcInterpDtypeF16:
    return dlcInterpF16ToDouble(dlcInterpF16FromDouble(value));
  case DlcInterpDtypeBF16:
    return dlcInterpBF16ToDouble(dlcInterpBF16FromDouble(value));
  case DlcInterpDtypeF32:
  case DlcInterpDtypeF64:
    return precision == DlcInterpPrecisionF32 ? (double)(float)value : value;
  case DlcInterpDtypeI1:
    return value != 0.0 ? 1.0 : 0.0;
  case DlcInterpDtypeI8:
    return (double)wrapToWidth(toInt64(value), 8);
  case DlcInterpDtypeI16:
    return (double)wrapToWidth(toInt64(value), 16);
  case DlcInterpDtypeI32:
    return (double)wrapToWidth(toInt64(value), 32);
  case DlcInterpDtypeI64:
    return (double)toInt64(value);
  case DlcInterpDtypeInvalid:
    break;
  }
  return value;
}

double dlcInterpRoundToStorage(DlcInterpDtype dtype, double value) {
  DlcInterpPrecision precision = dtype == DlcInterpDtypeF32
                                     ? DlcInterpPrecisionF32
                                     : DlcInterpPrecisionF64;
  return dlcInterpRound(dtype, precision, value);
}
