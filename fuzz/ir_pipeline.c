/* Fuzz target: MLIR text parsed as dlc-opt parses it (dlcModuleCreateParse,
 * with its upstream-defect guards), verified, and lowered from tiny to
 * dlcgpu by the pipeline below. */
#include "FuzzSupport.h"

#include "dlc/IR.h"

#include <stdlib.h>

static const char pipeline[] =
    "builtin.module(func.func(tiny-verify), func.func(tiny-unflatten-products),"
    " func.func(tiny-expand-broadcasts),"
    " convert-tiny-to-indexbook, convert-indexbook-to-rbssa, rbssa-verify,"
    " convert-rbssa-to-plan{chip=sm_90}, plan-verify, convert-plan-to-dlcgpu,"
    " dlcgpu-verify)";

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  dlcFuzzGetContext();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = dlcFuzzCopyInput(data, size);
  MlirModule module =
      dlcModuleCreateParse(dlcFuzzGetContext(), mlirStringRefCreate(text, size),
                           mlirStringRefCreateFromCString("fuzz.mlir"));
  if (!mlirModuleIsNull(module)) {
    MlirOperation op = mlirModuleGetOperation(module);
    if (mlirOperationVerify(op))
      dlcFuzzRunPipeline(op, pipeline);
    mlirModuleDestroy(module);
  }
  free(text);
  return 0;
}
