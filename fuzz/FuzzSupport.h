/* What the MLIR-side harnesses share (docs/fuzzing.md): one context per
 * process with every DLC dialect and pass, diagnostics swallowed, and a
 * pipeline run on a module. Each input's work is independent: it creates
 * and destroys its own module and pass manager. */
#ifndef DLC_FUZZ_FUZZSUPPORT_H
#define DLC_FUZZ_FUZZSUPPORT_H

#include "FuzzInput.h"

#include "dlc/Support.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The process's context, created on the first call (from
 * LLVMFuzzerInitialize); it lives until exit, as MLIR's own static state
 * does. Every diagnostic and DLC warning raised through it is dropped:
 * only crashes, sanitizer reports, leaks and hangs count. */
DLC_KEEP MlirContext dlcFuzzGetContext(void);

/* Parses `pipeline` (a full `builtin.module(...)` pipeline) and runs it on
 * `module` (borrowed); false on any failure. */
bool dlcFuzzRunPipeline(DLC_KEEP MlirOperation module, const char *pipeline);

#endif
