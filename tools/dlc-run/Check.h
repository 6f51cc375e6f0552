/*===- Check.h - what dlc-run's files share (not DLC API) ---------*- C -*-===*\
|* The comparison rule (Compare.c), the per-kernel check of a program      *|
|* (KernelCheck.c) and the measurement log (Log.c).  See docs/runtime.md.   *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_TOOLS_DLC_RUN_CHECK_H
#define DLC_TOOLS_DLC_RUN_CHECK_H

#include "dlc/Runtime.h"

/* The rule's absolute and relative tolerances: 1e-3 each unless dlc-run's
 * --atol / --rtol set them (a problem whose reference rounds differently
 * by construction, as attention's bf16 P, states its own). */
extern double dlcRunAtol, dlcRunRtol;

/* Element i of data (type t) as a double; NaN for an unknown type. */
double dlcRunValueAt(const void *data, DlcRuntimeDtype t, int64_t i);

/* Compares got (the kernel's output, type gt) with ref (type rt), n
 * elements of rows of `cols`, and prints the first mismatches and
 * "<prefix>check NAME against AGAINST: ... PASS|FAIL".  Rule:
 * |got - ref| <= atol + rtol * |ref| + ulp_gt(ref); an i1 output's byte
 * equals the reference's bool (0 or 1) exactly. A NaN or an infinity
 * passes only where `nonFiniteMatch` is set (the reference is the
 * interpreter's: a function outside its domain) and the reference has the
 * same; against another GPU run both may be unwritten (NaN poison), so
 * NaN never passes there. Returns 1 on a mismatch, else 0. */
int dlcRunCompare(const char *prefix, const char *name, const void *got,
                  DlcRuntimeDtype gt, const void *ref, DlcRuntimeDtype rt,
                  int64_t n, int64_t cols, const char *against,
                  int nonFiniteMatch);

/* Columns of pointer parameter i of m (its last dimension), to print a
 * mismatch's row and column; 1 when unknown. */
int64_t dlcRunLastDim(const DlcRuntimeManifest *m, int i, const int64_t *syms);

/* Whether the reference data holds the program's intermediates: 1 all of
 * them (each with its buffer's dtype and element count for these symbols),
 * 0 none (or the program has none).  -1 when it holds some but not all,
 * or one that disagrees with its buffer: the message is printed. */
int dlcRunHasIntermediates(const DlcRuntimeProgram *p,
                           const DlcRuntimeRefData *rd, const int64_t *syms,
                           const char *refDir);

/* What the per-kernel check runs on; all borrowed. */
typedef struct {
  DlcRuntime *rt;
  const DlcRuntimeProgram *p;
  DlcRuntimeExecutable *exe;
  const DlcRuntimeRefData *rd; /* holds the intermediates */
  const char *refDir;          /* for the printed lines */
  const int64_t *syms;         /* program symbol order */
} KernelCheck;

/* Launches each kernel of the program alone, every input it reads (graph
 * input or intermediate) taken from the reference data and every output it
 * writes going to a fresh buffer poisoned with 0xFF, and compares those
 * outputs with the reference data: one line per kernel output.  Returns 0
 * all pass, 1 a mismatch, -1 an error (message printed). */
int dlcRunCheckKernels(const KernelCheck *c);

/* The symbol values of kernel k of the program (its own symbol order)
 * from the program's (progSyms). */
void dlcRunKernelSymbols(const DlcRuntimeProgram *p, int k,
                         const int64_t *progSyms, int64_t *out);

/* What the measurement log of a timed run needs (Log.c); all borrowed. */
typedef struct {
  const char *path;
  DlcRuntime *rt;
  const DlcRuntimeProgram *p;
  DlcRuntimeExecutable *exe;
  const DlcRuntimeDevicePtr *tensors; /* the signature's pointers */
  const int64_t *syms;                /* program symbol order */
  const char *device;
  int warmup, iters;
  double programMs; /* the whole program's median */
} LogRun;

/* Appends one spec §13 row per kernel to the CSV file r->path (with the
 * header when the file is new): kernel, device, sizes, FLOPs, compulsory
 * bytes, the cost model's occupancy and estimate with its sizes, the
 * measured median in microseconds, TFLOP/s, GB/s and the plan line.  A
 * program's kernels are timed one by one first.  0, or -1 (printed). */
int dlcRunAppendLog(const LogRun *r);

#endif /* DLC_TOOLS_DLC_RUN_CHECK_H */
