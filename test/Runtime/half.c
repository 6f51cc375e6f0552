/* C API test of the runtime's binary16 conversions (dlcRuntimeHalfToFloat,
 * dlcRuntimeFloatToHalf): every half round-trips, and rounding to nearest
 * even, overflow, subnormals, signed zero, infinities and NaN are right.
 * Output goes to stderr for FileCheck. */
// RUN: dlc-runtime-test half 2>&1 | FileCheck %s

#include "RuntimeTests.h"

#include "dlc/Runtime.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

static void toHalf(const char *label, float f) {
  fprintf(stderr, "%s: 0x%04x\n", label, dlcRuntimeFloatToHalf(f));
}

void dlcRuntimeTestHalf(void) {
  // Every non-NaN half converts to float and back unchanged; NaNs stay NaN.
  // CHECK-LABEL: round trip: 0 mismatches
  int mismatches = 0;
  for (unsigned h = 0; h < 65536; h++) {
    float f = dlcRuntimeHalfToFloat((uint16_t)h);
    uint16_t back = dlcRuntimeFloatToHalf(f);
    bool nan = (h & 0x7c00) == 0x7c00 && (h & 0x3ff);
    if (nan ? !isnan(f) || (back & 0x7c00) != 0x7c00 || !(back & 0x3ff)
            : back != h)
      mismatches++;
  }
  fprintf(stderr, "round trip: %d mismatches\n", mismatches);

  // CHECK-LABEL: values: 1 -2 65504 6.10352e-05 5.96046e-08 -0 inf
  fprintf(stderr, "values: %g %g %g %g %g %g %g\n",
          dlcRuntimeHalfToFloat(0x3c00), dlcRuntimeHalfToFloat(0xc000),
          dlcRuntimeHalfToFloat(0x7bff), dlcRuntimeHalfToFloat(0x0400),
          dlcRuntimeHalfToFloat(0x0001), dlcRuntimeHalfToFloat(0x8000),
          dlcRuntimeHalfToFloat(0x7c00));

  // Ties go to the even neighbour: 1 + 2^-11 is halfway between 1 and the
  // next half (1 + 2^-10), 1 + 3 * 2^-11 halfway between that and 1 + 2^-9.
  // CHECK-LABEL: tie-down: 0x3c00
  toHalf("tie-down", 1.0f + 0x1p-11f);
  // CHECK-LABEL: tie-up: 0x3c02
  toHalf("tie-up", 1.0f + 0x3p-11f);
  // CHECK-LABEL: above-tie: 0x3c01
  toHalf("above-tie", 1.0f + 0x1p-11f + 0x1p-20f);
  // 65520 is halfway between 65504 and 65536: it rounds to infinity.
  // CHECK-LABEL: largest: 0x7bff
  toHalf("largest", 65519.0f);
  // CHECK-LABEL: overflow: 0x7c00
  toHalf("overflow", 65520.0f);
  // CHECK-LABEL: -inf: 0xfc00
  toHalf("-inf", -INFINITY);
  // Subnormals: the smallest, and half of it rounding to (even) zero.
  // CHECK-LABEL: smallest: 0x0001
  toHalf("smallest", 0x1p-24f);
  // CHECK-LABEL: half-smallest: 0x0000
  toHalf("half-smallest", 0x1p-25f);
  // CHECK-LABEL: above-half-smallest: 0x0001
  toHalf("above-half-smallest", 0x1.8p-25f);
  // CHECK-LABEL: subnormal-to-normal: 0x0400
  toHalf("subnormal-to-normal", 0x1.ffcp-15f);
  // CHECK-LABEL: -0: 0x8000
  toHalf("-0", -0.0f);
  // CHECK-LABEL: nan: nan
  fprintf(stderr, "nan: %s\n",
          (dlcRuntimeFloatToHalf(NAN) & 0x7c00) == 0x7c00 &&
                  (dlcRuntimeFloatToHalf(NAN) & 0x3ff)
              ? "nan"
              : "not nan");
}
