/* --verify-diagnostics for dlc-opt: the MLIR C API has no verifier, so
 * dlc-opt collects every diagnostic and matches it against the
 * `expected-error @+N {{text}}` comments of the input (as mlir-opt does). */
#ifndef DLC_TOOLS_DLCOPT_DIAGNOSTICVERIFIER_H
#define DLC_TOOLS_DLCOPT_DIAGNOSTICVERIFIER_H

#include "mlir-c/Diagnostics.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct DiagnosticVerifier DiagnosticVerifier;

/* Reads the expectations in `source` (borrowed), whose first line is line
 * `lineOffset` + 1 of the file (a chunk of --split-input-file). Returns
 * NULL on a malformed expectation, or one whose @+N/@-N points outside
 * `source`, after printing why. */
DiagnosticVerifier *diagnosticVerifierCreate(const char *fileName,
                                             const char *source,
                                             int lineOffset);
void diagnosticVerifierDestroy(DiagnosticVerifier *verifier);

/* Records one emitted diagnostic. */
void diagnosticVerifierRecord(DiagnosticVerifier *verifier,
                              MlirDiagnosticSeverity severity, int line,
                              const char *message);

/* Matches what was recorded against what was expected; prints each
 * mismatch to `err` and returns false if there is any. */
bool diagnosticVerifierCheck(DiagnosticVerifier *verifier, FILE *err);

#endif
