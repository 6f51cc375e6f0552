/* --dlc-diagnostics-json=FILE for dlc-opt: every diagnostic, besides being
 * printed, is collected and written as the spec's §14 JSON:
 *   {"diagnostics": [{"code", "kind", "severity", "at", "at_op", "why",
 *                     "suggestion", "location"}, ...]}
 * DLC messages ("<code> <Kind>: <why>; suggestion: <suggestion>") are split
 * into their fields; other MLIR diagnostics have a null code and kind and
 * their whole message as `why`. See docs/dlc-opt.md. */
#ifndef DLC_TOOLS_DLCOPT_DIAGNOSTICSJSON_H
#define DLC_TOOLS_DLCOPT_DIAGNOSTICSJSON_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct DiagnosticsJson DiagnosticsJson;

/* A collector that will write to `path` (borrowed; NULL when out of
 * memory). */
DiagnosticsJson *diagnosticsJsonCreate(const char *path);
void diagnosticsJsonDestroy(DiagnosticsJson *json);

/* The module being processed (null when none): the op a diagnostic is
 * attached to is found in it by location. `json` may be NULL. */
void diagnosticsJsonSetModule(DiagnosticsJson *json, MlirOperation module);

/* Records one diagnostic at `loc`, printed as `where` ("file:line:col",
 * lines of the whole file); `json` may be NULL. MLIR's "see current
 * operation" notes are not recorded, but name the op of the error they
 * follow when its location did not. */
void diagnosticsJsonRecord(DiagnosticsJson *json,
                           MlirDiagnosticSeverity severity, MlirLocation loc,
                           const char *where, const char *message);

/* Writes the file; on failure prints why to `err` and returns false. */
bool diagnosticsJsonWrite(DiagnosticsJson *json, FILE *err);

#endif
