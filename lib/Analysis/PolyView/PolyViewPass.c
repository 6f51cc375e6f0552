/* dlc-poly-view: Poly-View, the analysis-only view of an IndexBook (spec
 * §5; DESIGN.md decision 4).
 *
 * For every IndexBook function (func.func with indexbook.symbols) it turns
 * each value's domain into an isl_set and each access map into an
 * isl_multi_aff over parameters named after the symbols, simplifies the
 * domains (coalesce, gist against the context of positive sizes,
 * remove_redundancies), reports W2101 ExcessivePiecewise and E1203
 * MissingDivGuard, marks non-affine values as region boundaries, detects
 * ContractionPatterns (matmul, conv with its affine offsets) and writes the
 * results as polyview.* attributes; `report=PATH|-` writes the §5.2 JSON.
 * The IR is otherwise unchanged. docs/analysis.md. */
#include "PolyView.h"

#include "PassDef.h"

#include "dlc/Diagnostics.h"

#include <isl/options.h>

#include <stdlib.h>
#include <string.h>

static void runPolyView(MlirOperation root, MlirExternalPass pass,
                        const DlcPassOptions *options) {
  int count = 0;
  MlirOperation *funcs = pvCollectFunctions(root, &count);
  if (count < 0) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirOperation at = count ? funcs[0] : root;
  const char *report = dlcPassOptionsGet(options, "report");
  PvOptions pv = {(int)dlcPassOptionsGetInt(options, "max-pieces", -1)};
  bool ok = true;
  if (pv.maxPieces < 0) {
    dlcEmitDiagnostic(at, &dlcAnalysisOptionInvalid,
                      "write max-pieces=N with N >= 0",
                      "option 'max-pieces': \"%.40s\" is not a non-negative "
                      "integer",
                      dlcPassOptionsGet(options, "max-pieces"));
    ok = false;
  }
  PvReport out = {NULL, "", at, count, 0};
  if (ok)
    ok = pvReportBegin(&out, report, count, at);
  isl_ctx *ctx = ok ? isl_ctx_alloc() : NULL;
  if (ctx)
    isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
  for (int i = 0; ctx && i < count; ++i) {
    PvFunction fn;
    memset(&fn, 0, sizeof(fn));
    bool built = pvFunctionBuild(ctx, funcs[i], &pv, &fn);
    if (built)
      pvAttachAttributes(&fn);
    if (built && out.out)
      pvWriteJson(out.out, &fn, pvReportEntry(&out));
    ok &= built;
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
    {"report", "write the §5.2 Poly-View JSON to PATH (- = stdout)", ""},
    {"max-pieces",
     "W2101 ExcessivePiecewise when a simplified domain has more pieces", "4"},
};

const DlcPassDef dlcPolyViewPass = {
    {"dlc-poly-view",
     "Poly-View (§5): domains and maps as isl sets, simplification, "
     "ContractionPattern detection, E1203/W2101, polyview.* attributes",
     "", (int)(sizeof(kOptions) / sizeof(kOptions[0])), kOptions},
    runPolyView,
};
