/* The driver dlc-poly-view and dlc-poly-core share (PolyView.h): the
 * IndexBook functions of the root, the report file, one isl context. */
#include "PolyView.h"

#include "FunctionList.h"

#include <isl/options.h>

#include <stdlib.h>

/* The IndexBook functions at or below `root`, in order (owned array, NULL
 * when there are none or on allocation failure: *count < 0). */
static MlirOperation *collectFunctions(MlirOperation root, int *count) {
  DlcFunctionList c = {0};
  dlcFunctionListCollect(&c, root, pvIsIndexBookFunction);
  if (c.outOfMemory) {
    dlcFunctionListClear(&c);
    *count = -1;
    return NULL;
  }
  *count = c.count;
  return c.funcs;
}

void pvRunPass(MlirOperation root, MlirExternalPass pass,
               const char *reportPath, PvCheckFn check, PvAnalyzeFn analyze,
               void *userData) {
  int count = 0;
  MlirOperation *funcs = collectFunctions(root, &count); /* owned */
  if (count < 0) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirOperation at = count ? funcs[0] : root;
  bool ok = check(at, userData);
  PvReport out = {NULL, "", at, count, 0};
  if (ok)
    ok = pvReportBegin(&out, reportPath, count, at);
  isl_ctx *ctx = ok ? isl_ctx_alloc() : NULL; /* owned */
  if (ctx)
    isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
  for (int i = 0; ctx && i < count; ++i)
    ok &= analyze(ctx, funcs[i], &out, userData);
  ok &= pvReportEnd(&out);
  if (ctx)
    isl_ctx_free(ctx);
  free(funcs);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}
