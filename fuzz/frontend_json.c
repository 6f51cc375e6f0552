/* Fuzz target: the graph importers through dlcImportGraphJson (what
 * dlc-compile runs): Frontend IR (`dlc-translate --import-frontend`), or a
 * tinygrad UOp graph when the document has "uops" (`--import-tinygrad`);
 * an imported module is verified and checked by tiny-verify, as the next
 * step of the flow would. */
#include "FuzzSupport.h"

#include "dlc/Frontend.h"

#include <stdlib.h>

static void dropError(MlirStringRef line, void *userData) {}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  dlcFuzzGetContext();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = dlcFuzzCopyInput(data, size);
  MlirModule module = dlcImportGraphJson(
      dlcFuzzGetContext(), mlirStringRefCreate(text, size),
      mlirStringRefCreateFromCString("fuzz.json"), dropError, NULL);
  if (!mlirModuleIsNull(module)) {
    MlirOperation op = mlirModuleGetOperation(module);
    if (mlirOperationVerify(op))
      dlcFuzzRunPipeline(op, "builtin.module(func.func(tiny-verify))");
    mlirModuleDestroy(module);
  }
  free(text);
  return 0;
}
