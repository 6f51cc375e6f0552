/* DLC diagnostics (§14): one helper that formats code, why and suggestion
 * and attaches them to an op's location. */
#include "dlc/Diagnostics.h"
#include "dlc/IR.h"

#include "mlir-c/Diagnostics.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const DlcDiagnosticCode dlcBroadcastMismatch = {"E1001", "BroadcastMismatch"};
const DlcDiagnosticCode dlcMalformedShape = {"E1005", "MalformedShape"};
const DlcDiagnosticCode dlcGraphMalformed = {"E1006", "GraphMalformed"};
const DlcDiagnosticCode dlcDerivedSymbolInvalid = {"E1007",
                                                   "DerivedSymbolInvalid"};
const DlcDiagnosticCode dlcElementTypeMismatch = {"E1008",
                                                  "ElementTypeMismatch"};
const DlcDiagnosticCode dlcPassOptionInvalid = {"E1009", "PassOptionInvalid"};
const DlcDiagnosticCode dlcNameInvalid = {"E1010", "NameInvalid"};
const DlcDiagnosticCode dlcMissingDivGuard = {"E1203", "MissingDivGuard"};
const DlcDiagnosticCode dlcAxisAlignmentMismatch = {"E1304",
                                                    "AxisAlignmentMismatch"};
const DlcDiagnosticCode dlcAccDtypeMissing = {"E1401", "AccDtypeMissing"};
const DlcDiagnosticCode dlcUnguardedAccess = {"E1402", "UnguardedAccess"};
const DlcDiagnosticCode dlcNonAssociativeTransform = {
    "E1403", "NonAssociativeTransform"};
const DlcDiagnosticCode dlcNeutralInvalid = {"E1404", "NeutralInvalid"};
const DlcDiagnosticCode dlcAttentionNotFused = {"W1405", "AttentionNotFused"};
const DlcDiagnosticCode dlcUnsupportedOp = {"E1501", "UnsupportedOp"};
const DlcDiagnosticCode dlcPlanFileInvalid = {"E1601", "PlanFileInvalid"};
const DlcDiagnosticCode dlcRegionNotPlannable = {"E1602", "RegionNotPlannable"};
const DlcDiagnosticCode dlcPlanOptionInvalid = {"E1603", "PlanOptionInvalid"};
const DlcDiagnosticCode dlcPlanContractViolation = {"E1604",
                                                    "PlanContractViolation"};
const DlcDiagnosticCode dlcRegionMalformed = {"E1605", "RegionMalformed"};
const DlcDiagnosticCode dlcSkeletonMalformed = {"E1606", "SkeletonMalformed"};
const DlcDiagnosticCode dlcAnalysisOptionInvalid = {"E1701",
                                                    "AnalysisOptionInvalid"};
const DlcDiagnosticCode dlcExcessivePiecewise = {"W2101", "ExcessivePiecewise"};
const DlcDiagnosticCode dlcGemmDeclined = {"W1602", "GemmDeclined"};

/* lib/Support/EmitWarning.cpp: mlir::emitWarning, which the MLIR C API
 * lacks. `loc` borrowed. */
void dlcEmitWarningAt(MlirLocation loc, const char *message);

static DlcWarningSink warningSink;
static void *warningSinkUserData;

void dlcSetWarningSink(DlcWarningSink sink, void *userData) {
  warningSink = sink;
  warningSinkUserData = userData;
}

/* Finds a file position inside fused and call-site locations. */
static bool findFileLocation(MlirLocation loc, MlirLocation *out) {
  if (mlirLocationIsAFileLineColRange(loc)) {
    *out = loc;
    return true;
  }
  if (mlirLocationIsACallSite(loc))
    return findFileLocation(mlirLocationCallSiteGetCallee(loc), out);
  if (mlirLocationIsAFused(loc)) {
    intptr_t n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation parts[16];
    if (n > 16)
      n = 16;
    mlirLocationFusedGetLocations(loc, parts);
    for (intptr_t i = 0; i < n; ++i)
      if (findFileLocation(parts[i], out))
        return true;
  }
  if (mlirLocationIsAName(loc))
    return findFileLocation(mlirLocationNameGetChildLoc(loc), out);
  return false;
}

void dlcLocationFormat(MlirLocation loc, char *buffer, size_t size) {
  MlirLocation fileLoc;
  if (size == 0)
    return;
  buffer[0] = '\0';
  if (findFileLocation(loc, &fileLoc)) {
    MlirIdentifier file = mlirLocationFileLineColRangeGetFilename(fileLoc);
    MlirStringRef name = mlirIdentifierStr(file);
    snprintf(buffer, size, "%.*s:%d:%d", (int)name.length, name.data,
             mlirLocationFileLineColRangeGetStartLine(fileLoc),
             mlirLocationFileLineColRangeGetStartColumn(fileLoc));
    return;
  }
  DlcStringSink sink = dlcStringSinkCreate(buffer, size);
  mlirLocationPrint(loc, dlcStringSinkAppend, &sink);
}

static void formatDiagnostic(char *buffer, size_t size,
                             const DlcDiagnosticCode *code,
                             const char *suggestion, const char *whyFormat,
                             va_list args) {
  char why[1024];
  vsnprintf(why, sizeof(why), whyFormat, args);
  snprintf(buffer, size, "%s %s: %s; suggestion: %s", code->code, code->kind,
           why, suggestion);
}

void dlcDiagnosticFormat(char *buffer, size_t size,
                         const DlcDiagnosticCode *code, const char *suggestion,
                         const char *whyFormat, ...) {
  va_list args;
  va_start(args, whyFormat);
  formatDiagnostic(buffer, size, code, suggestion, whyFormat, args);
  va_end(args);
}

static void emitAt(MlirLocation loc, const DlcDiagnosticCode *code,
                   const char *suggestion, const char *whyFormat,
                   va_list args) {
  char message[1536];
  formatDiagnostic(message, sizeof(message), code, suggestion, whyFormat, args);
  if (code->code[0] != 'W')
    mlirEmitError(loc, message);
  else if (warningSink)
    warningSink(loc, message, warningSinkUserData);
  else
    dlcEmitWarningAt(loc, message);
}

void dlcEmitDiagnostic(MlirOperation op, const DlcDiagnosticCode *code,
                       const char *suggestion, const char *whyFormat, ...) {
  va_list args;
  va_start(args, whyFormat);
  emitAt(mlirOperationGetLocation(op), code, suggestion, whyFormat, args);
  va_end(args);
}

void dlcEmitDiagnosticAt(MlirLocation loc, const DlcDiagnosticCode *code,
                         const char *suggestion, const char *whyFormat, ...) {
  va_list args;
  va_start(args, whyFormat);
  emitAt(loc, code, suggestion, whyFormat, args);
  va_end(args);
}

const char *dlcDiagnosticSeverityName(MlirDiagnosticSeverity severity) {
  switch (severity) {
  case MlirDiagnosticWarning:
    return "warning";
  case MlirDiagnosticNote:
    return "note";
  case MlirDiagnosticRemark:
    return "remark";
  case MlirDiagnosticError:
    break;
  }
  return "error";
}

MlirLogicalResult dlcDiagnosticDrop(MlirDiagnostic diagnostic, void *userData) {
  (void)diagnostic;
  (void)userData;
  return mlirLogicalResultSuccess(); /* handled: not printed */
}

MlirLogicalResult dlcDiagnosticKeepFirst(MlirDiagnostic diagnostic,
                                         void *userData) {
  DlcFirstDiagnostic *first = userData;
  /* A warning is no reason to decline (a probe's notes ride on errors). */
  if (!first->seen &&
      mlirDiagnosticGetSeverity(diagnostic) == MlirDiagnosticError) {
    first->seen = true;
    first->loc = mlirDiagnosticGetLocation(diagnostic);
    DlcStringSink sink =
        dlcStringSinkCreate(first->message, sizeof(first->message));
    mlirDiagnosticPrint(diagnostic, dlcStringSinkAppend, &sink);
  }
  return mlirLogicalResultSuccess(); /* handled: not printed */
}
