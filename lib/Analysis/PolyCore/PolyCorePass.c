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

#include <isl/options.h>

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

static void runPolyCore(MlirOperation root, MlirExternalPass pass,
                        const DlcPassOptions *options) {
  int count = 0;
  MlirOperation *funcs = pvCollectFunctions(root, &count);
  if (count < 0) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirOperation at = count ? funcs[0] : root;
  const char *report = dlcPassOptionsGet(options, "report");
  int64_t tile[3];
  bool ok = parseTile(dlcPassOptionsGet(options, "tile"), tile);
  if (!ok)
    dlcEmitDiagnostic(at, &dlcAnalysisOptionInvalid,
                      "write tile=BM,BN,BK with sizes from 1 to 4096, e.g. "
                      "tile=128,128,32",
                      "option 'tile': \"%.40s\" is not BM,BN,BK",
                      dlcPassOptionsGet(options, "tile"));
  PvReport out = {NULL, "", at, count, 0};
  if (ok)
    ok = pvReportBegin(&out, report, count, at);
  isl_ctx *ctx = ok ? isl_ctx_alloc() : NULL;
  if (ctx)
    isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
  /* W2101 is Poly-View's to report; Poly-Core only reads the view. */
  PvOptions pv = {INT_MAX};
  for (int i = 0; ctx && i < count; ++i) {
    PvFunction fn;
    PcAnalysis pc;
    memset(&fn, 0, sizeof(fn));
    memset(&pc, 0, sizeof(pc));
    memcpy(pc.tileOption, tile, sizeof(tile));
    bool done = pvFunctionBuild(ctx, funcs[i], &pv, &fn);
    if (done && !pcComputeDependences(&fn, &pc)) {
      dlcEmitDiagnostic(funcs[i], &dlcUnsupportedOp,
                        "report the function: isl failed on it",
                        "the dependence analysis of @%s failed", fn.name);
      done = false;
    }
    if (done) {
      pcAnalyze(&pc);
      if (pc.overflow) {
        dlcEmitDiagnostic(funcs[i], &dlcUnsupportedOp,
                          "keep tensor sizes and pad or shift offsets "
                          "below 2^61",
                          "the halo and buffer analysis of @%s needs "
                          "offsets or sizes beyond 2^61, which do not fit "
                          "64-bit arithmetic",
                          fn.name);
        done = false;
      }
    }
    if (done) {
      pcAttachAttributes(&pc);
      if (out.out)
        pcWriteJson(out.out, &pc, pvReportEntry(&out));
    }
    ok &= done;
    pcAnalysisClear(&pc);
    pvFunctionClear(&fn);
  }
  ok &= pvReportEnd(&out);
  if (ctx)
    isl_ctx_free(ctx);
  free(funcs);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
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
