// dlcEmitWarningAt: a warning through the context's diagnostic engine.
//
// The MLIR C API emits errors (mlirEmitError) but no warnings, so DLC
// warnings (W1405, W1602, W2101) reached only hosts that set a warning sink
// (dlc-opt did; mlir-opt's --verify-diagnostics and Python's collected
// diagnostics never saw them). This file is the missing C API wrapper, as
// thin as upstream's mlirEmitError (mlir/lib/CAPI/IR/Diagnostics.cpp): it
// holds no logic and calls libMLIR.so's mlir::emitWarning, so the process
// keeps one MLIR (docs/mlir-opt-plugin.md). With the plugin it is one of
// the project's two C++ files, both shims over MLIR entry points that only
// C++ has (docs/conventions.md, "C++").
#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"

extern "C" void dlcEmitWarningAt(MlirLocation loc, const char *message) {
  mlir::emitWarning(unwrap(loc), message);
}
