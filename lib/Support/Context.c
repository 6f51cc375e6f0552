/* dlcContextCreate: the registration every DLC host repeats, once. */
#include "dlc/Context.h"
#include "dlc/Dialects.h"

#include "mlir-c/RegisterEverything.h"

#include <pthread.h>

/* The process-wide part: MLIR's pass registry is a global map without a
 * lock, so registering the upstream passes again from two threads at once
 * corrupts it (contexts made from several Python threads crashed in
 * StringMapImpl::RehashTable). It is done once, before any context. */
static pthread_once_t registerPassesOnce = PTHREAD_ONCE_INIT;

static void registerPasses(void) { mlirRegisterAllPasses(); }

MlirContext dlcContextCreate(void) {
  pthread_once(&registerPassesOnce, registerPasses);
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
