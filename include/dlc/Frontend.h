/* The Frontend IR importer (spec §2, §10.1): a graph of high-level ops
 * (GEMM, Elementwise, Conv2D, Attention, Reduce, LayerNorm) with its graph
 * signature, written as JSON, becomes one `tiny` func.func.
 *
 * The JSON format, the tiny each op produces and the errors are described in
 * docs/frontend.md; `dlc-translate --import-frontend IN.json` is the tool. */
#ifndef DLC_FRONTEND_H
#define DLC_FRONTEND_H

#include "dlc/Support.h"
#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Imports the Frontend IR document `json` into a new module holding one
 * func.func of tiny ops. `sourceName` names the document in locations (each
 * op's location is the JSON position of its graph node) and in error
 * messages. The DLC dialects and `func` are loaded into `ctx` as needed.
 *
 * On error returns a null module and calls `errorCallback` (may be NULL)
 * once per error with one complete line, without a trailing newline:
 *   "<sourceName>:<line>:<col>: error: <JSON path>: <what>"
 * e.g. `g.json:14:41: error: graph[1].inputs[0]: tensor "C9" is not
 * defined`. MLIR diagnostics raised while importing are reported the same
 * way instead of reaching the context's handlers. Never aborts on bad
 * input. */
DLC_GIVE MlirModule dlcImportFrontendJson(DLC_KEEP MlirContext ctx,
                                          MlirStringRef json,
                                          MlirStringRef sourceName,
                                          MlirStringCallback errorCallback,
                                          void *userData);

/* Imports a tinygrad UOp graph (docs/frontend.md, "tinygrad UOp graphs"):
 * {"name": ..., "uops": [{"op", "dtype", "src", "arg", "weak"}, ...]},
 * topologically ordered and ending in a SINK, into a new module holding one
 * func.func of tiny ops: its BUFFER/PARAM UOps are the arguments, in order,
 * the SINK's sources the results. Errors as dlcImportFrontendJson's, each
 * with its spec code ("<source>:<line>:<col>: error: uops[3]: E1006
 * GraphMalformed: ...; suggestion: ..."). Never aborts on bad input. */
DLC_GIVE MlirModule dlcImportTinygradJson(DLC_KEEP MlirContext ctx,
                                          MlirStringRef json,
                                          MlirStringRef sourceName,
                                          MlirStringCallback errorCallback,
                                          void *userData);

/* Either importer, by the document: an object with "uops" is a tinygrad
 * UOp graph (dlcImportTinygradJson), anything else Frontend IR
 * (dlcImportFrontendJson, which reports what is wrong with it). */
DLC_GIVE MlirModule dlcImportGraphJson(DLC_KEEP MlirContext ctx,
                                       MlirStringRef json,
                                       MlirStringRef sourceName,
                                       MlirStringCallback errorCallback,
                                       void *userData);

#ifdef __cplusplus
}
#endif

#endif /* DLC_FRONTEND_H */
