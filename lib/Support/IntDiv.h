/* Integer division rounding toward minus or plus infinity, as affine
 * floordiv / ceildiv / mod define it (C's `/` truncates toward zero).
 * Shared by the tiny checks, the interpreter and symbol evaluation;
 * `b` must not be 0 (callers check their divisors). */
#ifndef DLC_LIB_SUPPORT_INTDIV_H
#define DLC_LIB_SUPPORT_INTDIV_H

#include <stdint.h>

static inline int64_t dlcFloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

static inline int64_t dlcCeilDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) == (b < 0)) ? q + 1 : q;
}

#endif /* DLC_LIB_SUPPORT_INTDIV_H */
