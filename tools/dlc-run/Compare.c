/*===- Compare.c - dlc-run's comparison rule ------------------------------===*\
|* One rule for every check dlc-run prints (docs/runtime.md, dlc-run step    *|
|* 4): the chained program's outputs, and each kernel's alone.              *|
\*===----------------------------------------------------------------------===*/

#include "Check.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

double dlcRunAtol = 1e-3, dlcRunRtol = 1e-3;

double dlcRunValueAt(const void *data, DlcRuntimeDtype t, int64_t i) {
  switch (t) {
  case DLC_RUNTIME_DTYPE_F16:
    return dlcRuntimeHalfToFloat(((const uint16_t *)data)[i]);
  case DLC_RUNTIME_DTYPE_BF16: {
    uint32_t b = (uint32_t)((const uint16_t *)data)[i] << 16;
    float f;
    memcpy(&f, &b, 4);
    return f;
  }
  case DLC_RUNTIME_DTYPE_F32:
    return ((const float *)data)[i];
  case DLC_RUNTIME_DTYPE_F64:
    return ((const double *)data)[i];
  case DLC_RUNTIME_DTYPE_I32:
    return ((const int32_t *)data)[i];
  case DLC_RUNTIME_DTYPE_I64:
    return (double)((const int64_t *)data)[i];
  case DLC_RUNTIME_DTYPE_I1:
    return ((const uint8_t *)data)[i] != 0;
  default:
    return NAN;
  }
}

/* Spacing of the type's numbers at |r| (one unit in the last place). */
static double ulpOf(double r, DlcRuntimeDtype t) {
  int mant = t == DLC_RUNTIME_DTYPE_F16    ? 10
             : t == DLC_RUNTIME_DTYPE_BF16 ? 7
             : t == DLC_RUNTIME_DTYPE_F32  ? 23
                                           : 52;
  int emin = t == DLC_RUNTIME_DTYPE_F16   ? -14
             : t == DLC_RUNTIME_DTYPE_F64 ? -1022
                                          : -126;
  if (t == DLC_RUNTIME_DTYPE_I32 || t == DLC_RUNTIME_DTYPE_I64 ||
      t == DLC_RUNTIME_DTYPE_I1)
    return 0.0;
  int e = emin + 1;
  if (r != 0.0 && isfinite(r))
    frexp(r, &e); /* |r| = f * 2^e, f in [0.5, 1) */
  e = e - 1 < emin ? emin : e - 1;
  return ldexp(1.0, e - mant);
}

int dlcRunCompare(const char *prefix, const char *name, const void *got,
                  DlcRuntimeDtype gt, const void *ref, DlcRuntimeDtype rt,
                  int64_t n, int64_t cols, const char *against,
                  int nonFiniteMatch) {
  double maxAbs = 0, maxRel = 0;
  int64_t bad = 0;
  /* Bools are exact, and the kernel's byte must be 0 or 1 (torch.bool's
   * layout): no tolerance turns a flipped comparison into a pass. */
  int exact = gt == DLC_RUNTIME_DTYPE_I1;
  for (int64_t i = 0; i < n; i++) {
    double g = exact ? ((const uint8_t *)got)[i] : dlcRunValueAt(got, gt, i);
    double r = dlcRunValueAt(ref, rt, i);
    double diff = fabs(g - r);
    int ok = exact ? g == r
                   : (nonFiniteMatch && (g == r || (isnan(g) && isnan(r)))) ||
                         diff <= dlcRunAtol + dlcRunRtol * fabs(r) +
                                     ulpOf(r, gt); /* false for NaN */
    if (!isnan(diff)) {
      maxAbs = diff > maxAbs ? diff : maxAbs;
      double rel = diff / fmax(fabs(r), dlcRunAtol);
      maxRel = rel > maxRel ? rel : maxRel;
    }
    if (!ok && bad++ < 5)
      printf("  mismatch %s[%" PRId64 "] (row %" PRId64 ", col %" PRId64
             "): got %.6g, want %.6g\n",
             name, i, i / cols, i % cols, g, r);
  }
  printf("%scheck %s against %s: %" PRId64
         " elements, max_abs_err %.3g, max_rel_err %.3g, "
         "%" PRId64 " mismatches: %s\n",
         prefix, name, against, n, maxAbs, maxRel, bad, bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}

int64_t dlcRunLastDim(const DlcRuntimeManifest *m, int i, const int64_t *syms) {
  const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
  int64_t v = 1;
  char err[256];
  if (p->rank < 1 || dlcRuntimeManifestGetParamDim(m, i, p->rank - 1, syms, &v,
                                                   err, sizeof err) != 0)
    return 1;
  return v > 0 ? v : 1;
}
