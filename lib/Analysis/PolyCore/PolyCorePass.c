/* dlc-poly-core: Poly-Core, the polyhedral analysis service of spec §7.
 *
 * For every IndexBook function it reads the Poly-View of the function
 * (lib/Analysis/PolyView), computes true / anti / output dependences with
 * isl flow analysis, and derives the parallel and reduction axes, affine
 * closure, the tail axes of `tile=BM,BN,BK`, halos (per axis and bytes),
 * compute-at legality, minimal buffers, barrier and bank-conflict hints.
 * Results: polycore.parallel_axes / polycore.reduce_axes on each statement,
 * polycore.analysis on the function, and with `report=PATH|-` the §7.1
 * JSON. The IR is otherwise unchanged. docs/analysis.md. */
#include "PolyCore.h"

#include "PassDef.h"

#include "dlc/Diagnostics.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* "BM,BN,BK": three integers in [1, 4096]. */
static bool parseTile(const char *text, int64_t tile[3]) {
  const char *p = text;
  for (int i = 0; i < 3; ++i) {
    char *end = NULL;
    errno = 0;
    long long v = strtoll(p, &end, 10);
    if (end == p || errno || v < 1 || v > 4096)
      return false;
    tile[i] = v;
    p = end;
    if (i < 2) {
      if (*p != ',')
        return false;
      ++p;
    }
  }
  return *p == '\0';
}

/* The tile option, read by checkOptions. */
typedef struct CoreRun {
  const DlcPassOptions *options;
  int64_t tile[3];
} CoreRun;

static bool checkOptions(MlirOperation at, void *userData) {
  CoreRun *run = userData;
  if (parseTile(dlcPassOptionsGet(run->options, "tile"), run->tile))
    return true;
  dlcEmitDiagnostic(at, &dlcAnalysisOptionInvalid,
                    "write tile=BM,BN,BK with sizes from 1 to 4096, e.g. "
                    "tile=128,128,32",
                    "option 'tile': \"%.40s\" is not BM,BN,BK",
                    dlcPassOptionsGet(run->options, "tile"));
  return false;
}

/* The analyses of one function's view, attached and reported; false after
 * a diagnostic. */
static bool analyzeView(PvFunction *fn, MlirOperation func, PcAnalysis *pc,
                        PvReport *report) {
  if (!pcComputeDependences(fn, pc)) {
    dlcEmitDiagnostic(func, &dlcUnsupportedOp,
                      "report the function: isl failed on it",
                      "the dependence analysis of @%s failed", fn->name);
    return false;
  }
  pcAnalyze(pc);
  if (pc->overflow) {
    dlcEmitDiagnostic(func, &dlcUnsupportedOp,
                      "keep tensor sizes and pad or shift offsets "
                      "below 2^61",
                      "the halo and buffer analysis of @%s needs "
                      "offsets or sizes beyond 2^61, which do not fit "
                      "64-bit arithmetic",
                      fn->name);
    return false;
  }
  pcAttachAttributes(pc);
  if (report->out)
    pcWriteJson(report->out, pc, pvReportEntry(report));
  return true;
}

static bool analyze(isl_ctx *ctx, MlirOperation func, PvReport *report,
                    void *userData) {
  const CoreRun *run = userData;
  /* W2101 is Poly-View's to report; Poly-Core only reads the view. */
  PvOptions pv = {INT_MAX};
  PvFunction fn;
  PcAnalysis pc;
  memset(&fn, 0, sizeof(fn));
  memset(&pc, 0, sizeof(pc));
  memcpy(pc.tileOption, run->tile, sizeof(run->tile));
  bool done = pvFunctionBuild(ctx, func, &pv, &fn) &&
              analyzeView(&fn, func, &pc, report);
  pcAnalysisClear(&pc);
  pvFunctionClear(&fn);
  return done;
}

static void runPolyCore(MlirOperation root, MlirExternalPass pass,
                        const DlcPassOptions *options) {
  CoreRun run = {options, {0, 0, 0}};
  pvRunPass(root, pass, dlcPassOptionsGet(options, "report"), checkOptions,
            analyze, &run);
}

static const DlcPassOptionInfo kOptions[] = {
    {"report", "write the §7.1 Poly-Core JSON to PATH (- = stdout)", ""},
    {"tile", "CTA tile BM,BN,BK for tail axes, halo bytes and operand tiles",
     "128,128,32"},
};

const DlcPassDef dlcPolyCorePass = {
    {"dlc-poly-core",
     "Poly-Core (§7): isl dependences, parallel/reduce/tail axes, halo, "
     "compute-at, minimal buffers, barrier and bank hints",
     "", (int)(sizeof(kOptions) / sizeof(kOptions[0])), kOptions},
    runPolyCore,
};
