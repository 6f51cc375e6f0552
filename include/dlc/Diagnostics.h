/* DLC diagnostics: the spec's codes (§14) reported as MLIR diagnostics.
 *
 * Every DLC diagnostic reads
 *   "<code> <Kind>: <why>; suggestion: <suggestion>"
 * and is attached to the offending op's location. Errors and warnings
 * (W1405, W1602, W2101) both go through the context's diagnostic engine,
 * so every host sees them as MLIR diagnostics of their severity: its own
 * handlers (mlirContextAttachDiagnosticHandler), mlir-opt's
 * --verify-diagnostics, MLIR's default printing to stderr when no handler
 * takes them. (The MLIR C API has mlirEmitError only; warnings go through
 * a one-line C++ wrapper, lib/Support/EmitWarning.cpp.) */
#ifndef DLC_DIAGNOSTICS_H
#define DLC_DIAGNOSTICS_H

#include "dlc/Support.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A spec diagnostic: code and kind, e.g. {"E1001", "BroadcastMismatch"}. */
typedef struct DlcDiagnosticCode {
  const char *code;
  const char *kind;
} DlcDiagnosticCode;

extern const DlcDiagnosticCode dlcBroadcastMismatch;       /* E1001 */
extern const DlcDiagnosticCode dlcMissingDivGuard;         /* E1203 */
extern const DlcDiagnosticCode dlcAxisAlignmentMismatch;   /* E1304 */
extern const DlcDiagnosticCode dlcAccDtypeMissing;         /* E1401 */
extern const DlcDiagnosticCode dlcUnguardedAccess;         /* E1402 */
extern const DlcDiagnosticCode dlcNonAssociativeTransform; /* E1403 */
extern const DlcDiagnosticCode dlcNeutralInvalid;          /* E1404 */
extern const DlcDiagnosticCode dlcMalformedShape;          /* E1005 */
extern const DlcDiagnosticCode dlcGraphMalformed;          /* E1006 */
extern const DlcDiagnosticCode dlcDerivedSymbolInvalid;    /* E1007 */
extern const DlcDiagnosticCode dlcElementTypeMismatch;     /* E1008 */
extern const DlcDiagnosticCode dlcPassOptionInvalid;       /* E1009 */
extern const DlcDiagnosticCode dlcNameInvalid;             /* E1010 */
extern const DlcDiagnosticCode dlcAttentionNotFused;       /* W1405 */
extern const DlcDiagnosticCode dlcUnsupportedOp;           /* E1501 */
extern const DlcDiagnosticCode dlcPlanFileInvalid;         /* E1601 */
extern const DlcDiagnosticCode dlcRegionNotPlannable;      /* E1602 */
extern const DlcDiagnosticCode dlcPlanOptionInvalid;       /* E1603 */
extern const DlcDiagnosticCode dlcPlanContractViolation;   /* E1604 */
extern const DlcDiagnosticCode dlcRegionMalformed;         /* E1605 */
extern const DlcDiagnosticCode dlcSkeletonMalformed;       /* E1606 */
extern const DlcDiagnosticCode dlcAnalysisOptionInvalid;   /* E1701 */
extern const DlcDiagnosticCode dlcExcessivePiecewise;      /* W2101 */
extern const DlcDiagnosticCode dlcGemmDeclined;            /* W1602 */

/* Receives DLC warnings: location (borrowed) and the full message. */
typedef void (*DlcWarningSink)(MlirLocation loc, const char *message,
                               void *userData);

/* Sets a process-wide warning sink that takes DLC warnings instead of the
 * context's diagnostic engine; NULL (the default) restores the engine. No
 * host needs one: a handler attached to the context sees the warnings. */
void dlcSetWarningSink(DlcWarningSink sink, void *userData);

/* Formats and emits a DLC error or warning (by the code's first letter) at
 * `op`'s location. `why` is a printf format. */
void dlcEmitDiagnostic(DLC_KEEP MlirOperation op, const DlcDiagnosticCode *code,
                       const char *suggestion, const char *whyFormat, ...)
    __attribute__((format(printf, 4, 5)));

/* dlcEmitDiagnostic at `loc` (borrowed), for what has a location but is no
 * op: a function argument (mlirValueGetLocation). */
void dlcEmitDiagnosticAt(MlirLocation loc, const DlcDiagnosticCode *code,
                         const char *suggestion, const char *whyFormat, ...)
    __attribute__((format(printf, 4, 5)));

/* Writes the message dlcEmitDiagnostic would emit ("<code> <Kind>: <why>;
 * suggestion: <suggestion>") into `buffer` of `size` bytes, for errors
 * that have no op to attach to (a pass pipeline being parsed). */
void dlcDiagnosticFormat(char *buffer, size_t size,
                         const DlcDiagnosticCode *code, const char *suggestion,
                         const char *whyFormat, ...)
    __attribute__((format(printf, 5, 6)));

/* "error", "warning", "note" or "remark" (static storage). */
const char *dlcDiagnosticSeverityName(MlirDiagnosticSeverity severity);

/* A diagnostic handler (mlirContextAttachDiagnosticHandler) that consumes
 * every diagnostic: to probe whether a pass or reader accepts IR quietly. */
MlirLogicalResult dlcDiagnosticDrop(MlirDiagnostic diagnostic, void *userData);

/* The first error a quiet probe saw: its message (cut to fit) and
 * location (uniqued in the context: valid while the context lives). */
typedef struct DlcFirstDiagnostic {
  bool seen;
  MlirLocation loc;
  char message[1024];
} DlcFirstDiagnostic;

/* A diagnostic handler like dlcDiagnosticDrop that also keeps the first
 * error in `userData` (a DlcFirstDiagnostic, borrowed), so that a probe
 * that declined can still say why (a warning is dropped, not kept). */
MlirLogicalResult dlcDiagnosticKeepFirst(MlirDiagnostic diagnostic,
                                         void *userData);

/* Prints `loc` as "file:line:col" (or MLIR's own form when it has no file
 * position) into `buffer` of `size` bytes. */
void dlcLocationFormat(MlirLocation loc, char *buffer, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* DLC_DIAGNOSTICS_H */
