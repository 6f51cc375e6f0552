/* What the two halves of dlc-interp share: the command-line options, the
 * random input generator (dlc-interp.c) and the differential driver
 * (Diff.c). Nothing here is DLC API. */
#ifndef DLC_TOOLS_DLC_INTERP_INTERPTOOL_H
#define DLC_TOOLS_DLC_INTERP_INTERPTOOL_H

#include "dlc/Interp.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

enum { MaxParams = 64, MaxInputValues = 16, NameSize = 64 };

typedef struct SizeArg {
  char name[NameSize];
  int64_t value;
} SizeArg;

/* --input ARG=VALUES: explicit values for one argument (tests). */
typedef struct InputValues {
  const char *arg;    /* argument index or name */
  const char *values; /* "iota" or comma-separated numbers */
} InputValues;

typedef struct Options {
  const char *program;
  const char *funcName;
  const char *refDir;
  uint64_t seed;
  DlcInterpPrecision precision;
  bool print, printInputs;
  int64_t printLimit;
  int numSizes;
  SizeArg sizes[DLC_INTERP_MAX_SYMBOLS];
  int numInputValues;
  InputValues inputValues[MaxInputValues];
  /* How tiny reductions form their bodies; --diff defaults to
   * DlcInterpProductsInAccumulator, the form the lowering gives them. */
  DlcInterpProducts products;
  bool productsGiven;
  /* --diff */
  bool diff;
  int64_t trials, maxSize;
} Options;

/* splitmix64: a small, well-mixed, deterministic generator. */
uint64_t interpToolNextRandom(uint64_t *state);

/* Fills `tensor` with values drawn from `state` (floats uniform in
 * [-1, 1), integers in [-8, 8], i1 0/1), rounded to `dtype`; an all-zero
 * result gets a 1 in its first element. */
void interpToolFillRandom(DlcTensor *tensor, DlcInterpDtype dtype,
                          uint64_t *state);

/* dlc-interp --diff on the tiny function `func` (docs/interp.md): returns
 * the exit status (0 all trials pass, 1 a mismatch or an error, 2 the
 * lowering rejects the program). */
int interpToolRunDiff(const Options *options, MlirContext ctx,
                      MlirOperation func);

#endif /* DLC_TOOLS_DLC_INTERP_INTERPTOOL_H */
