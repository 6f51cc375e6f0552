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

#include <string.h>

/* max-pieces, read by checkOptions. */
typedef struct ViewRun {
  const DlcPassOptions *options;
  PvOptions pv;
} ViewRun;

static bool checkOptions(MlirOperation at, void *userData) {
  ViewRun *run = userData;
  run->pv.maxPieces = (int)dlcPassOptionsGetInt(run->options, "max-pieces", -1);
  if (run->pv.maxPieces >= 0)
    return true;
  dlcEmitDiagnostic(at, &dlcAnalysisOptionInvalid,
                    "write max-pieces=N with N >= 0",
                    "option 'max-pieces': \"%.40s\" is not a non-negative "
                    "integer",
                    dlcPassOptionsGet(run->options, "max-pieces"));
  return false;
}

static bool analyze(isl_ctx *ctx, MlirOperation func, PvReport *report,
                    void *userData) {
  const ViewRun *run = userData;
  PvFunction fn;
  memset(&fn, 0, sizeof(fn));
  bool built = pvFunctionBuild(ctx, func, &run->pv, &fn);
  if (built)
    pvAttachAttributes(&fn);
  if (built && report->out)
    pvWriteJson(report->out, &fn, pvReportEntry(report));
  pvFunctionClear(&fn);
  return built;
}

static void runPolyView(MlirOperation root, MlirExternalPass pass,
                        const DlcPassOptions *options) {
  ViewRun run = {options, {0}};
  pvRunPass(root, pass, dlcPassOptionsGet(options, "report"), checkOptions,
            analyze, &run);
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
