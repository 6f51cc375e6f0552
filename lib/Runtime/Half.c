/*===- Half.c - IEEE binary16 conversions ------------------------------===*/

#include "dlc/Runtime.h"

#include <string.h>

static uint32_t bitsOf(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

static float floatOf(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

float dlcRuntimeHalfToFloat(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1F;
  uint32_t man = h & 0x3FF;
  if (exp == 0x1F) /* Inf or NaN */
    return floatOf(sign | 0x7F800000u | (man << 13));
  if (exp == 0) {
    if (man == 0)
      return floatOf(sign);
    /* subnormal: man * 2^-24 */
    float v = (float)man * (1.0f / 16777216.0f);
    return sign ? -v : v;
  }
  return floatOf(sign | ((exp + 112) << 23) | (man << 13));
}

uint16_t dlcRuntimeFloatToHalf(float f) {
  uint32_t u = bitsOf(f);
  uint16_t sign = (uint16_t)((u >> 16) & 0x8000);
  uint32_t absu = u & 0x7FFFFFFFu;
  if (absu >= 0x7F800000u) /* Inf or NaN (keep NaN quiet) */
    return (uint16_t)(sign | 0x7C00 | (absu > 0x7F800000u ? 0x200 : 0));
  if (absu >= 0x477FF000u) /* rounds to >= 65520: overflow to Inf */
    return (uint16_t)(sign | 0x7C00);
  if (absu < 0x38800000u) { /* below 2^-14: subnormal or zero */
    /* value * 2^24 rounded to nearest even gives the subnormal mantissa */
    float a = floatOf(absu) * 16777216.0f;
    uint32_t m = (uint32_t)a;
    float rest = a - (float)m;
    if (rest > 0.5f || (rest == 0.5f && (m & 1)))
      m++;
    return (uint16_t)(sign | m); /* m == 0x400 becomes the smallest normal */
  }
  uint32_t exp = (absu >> 23) - 112;
  uint32_t man = absu & 0x7FFFFF;
  uint32_t h = (exp << 10) | (man >> 13);
  uint32_t rest = man & 0x1FFF;
  if (rest > 0x1000 || (rest == 0x1000 && (h & 1)))
    h++; /* may carry into the exponent, which is right */
  return (uint16_t)(sign | h);
}
