#include "FuzzSupport.h"

#include "dlc/dlc.h"

#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <stdlib.h>

static MlirLogicalResult dropDiagnostic(MlirDiagnostic diagnostic,
                                        void *userData) {
  return mlirLogicalResultSuccess();
}

static void dropText(MlirStringRef text, void *userData) {}

MlirContext dlcFuzzGetContext(void) {
  static MlirContext ctx;
  if (!mlirContextIsNull(ctx))
    return ctx;
  mlirRegisterAllPasses();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllLLVMTranslations(ctx);
  if (!mlirLogicalResultIsSuccess(dlcRegisterAllDialects(ctx))) {
    fprintf(stderr, "fuzz: the DLC dialect definitions failed to load\n");
    exit(1);
  }
  /* Drops DLC warnings too (dlc/Diagnostics.h). */
  mlirContextAttachDiagnosticHandler(ctx, dropDiagnostic, NULL, NULL);
  return ctx;
}

bool dlcFuzzRunPipeline(MlirOperation module, const char *pipeline) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  bool ok = mlirLogicalResultIsSuccess(dlcParsePassPipeline(
                mlirPassManagerGetAsOpPassManager(pm),
                mlirStringRefCreateFromCString(pipeline), dropText, NULL)) &&
            mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, module));
  mlirPassManagerDestroy(pm);
  return ok;
}
