/* dlcRegisterAllDialects: parses each embedded IRDL definition and loads it
 * as a dynamic dialect (DESIGN.md decision 1). */
#include "EmbeddedDialects.h"
#include "dlc/Dialects.h"
#include "dlc/IR.h"

#include "mlir-c/Dialect/IRDL.h"

#include <stdio.h>

int dlcGetNumDialects(void) { return dlcNumEmbeddedDialects; }

static bool isDialectIndex(int index) {
  return index >= 0 && index < dlcNumEmbeddedDialects;
}

MlirStringRef dlcGetDialectName(int index) {
  return isDialectIndex(index)
             ? mlirStringRefCreateFromCString(dlcEmbeddedDialects[index].name)
             : mlirStringRefCreate(NULL, 0);
}

MlirStringRef dlcGetDialectSource(int index) {
  return isDialectIndex(index)
             ? mlirStringRefCreateFromCString(dlcEmbeddedDialects[index].source)
             : mlirStringRefCreate(NULL, 0);
}

static bool isDialectLoaded(MlirContext ctx, const char *name) {
  MlirDialect dialect =
      mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString(name));
  return !mlirDialectIsNull(dialect);
}

/* Loads one IRDL definition; the parsed module is only needed while the
 * dynamic dialect is built from it, so it is destroyed right after. */
static MlirLogicalResult loadOne(MlirContext ctx,
                                 const DlcEmbeddedDialect *dialect) {
  char bufferName[64];
  snprintf(bufferName, sizeof(bufferName), "dialects/%s.irdl.mlir",
           dialect->name);
  MlirModule module =
      dlcModuleCreateParse(ctx, mlirStringRefCreateFromCString(dialect->source),
                           mlirStringRefCreateFromCString(bufferName));
  if (mlirModuleIsNull(module))
    return mlirLogicalResultFailure();
  MlirLogicalResult loaded = mlirLoadIRDLDialects(module);
  mlirModuleDestroy(module);
  return loaded;
}

MlirLogicalResult dlcRegisterAllDialects(MlirContext ctx) {
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__irdl__(), ctx);
  for (int i = 0; i < dlcNumEmbeddedDialects; ++i) {
    if (isDialectLoaded(ctx, dlcEmbeddedDialects[i].name))
      continue;
    if (mlirLogicalResultIsFailure(loadOne(ctx, &dlcEmbeddedDialects[i])))
      return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}
