/* dlcContextCreate: the registration every DLC host repeats, once. */
#include "dlc/Context.h"
#include "dlc/Dialects.h"

#include "mlir-c/RegisterEverything.h"

MlirContext dlcContextCreate(void) {
  mlirRegisterAllPasses();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllLLVMTranslations(ctx);
  if (mlirLogicalResultIsFailure(dlcRegisterAllDialects(ctx))) {
    mlirContextDestroy(ctx);
    return (MlirContext){NULL};
  }
  return ctx;
}
