/* An out-of-tree DLC host, built against an installed prefix only (by
 * CMake through find_package(DLC), or by pkg-config dlc): parses a tiny
 * file, runs a pass pipeline mixing DLC and upstream passes, and prints the
 * result on stdout. Usage: host FILE PIPELINE. */
#include "dlc/dlc.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static void printTo(MlirStringRef text, void *stream) {
  fwrite(text.data, 1, text.length, stream);
}

/* The whole of `path` as a NUL-ended string the caller frees; NULL if it
 * cannot be read. */
static char *readFile(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  rewind(file);
  char *text = size >= 0 ? malloc((size_t)size + 1) : NULL;
  if (text && fread(text, 1, (size_t)size, file) != (size_t)size) {
    free(text);
    text = NULL;
  }
  if (text)
    text[size] = '\0';
  fclose(file);
  return text;
}

/* Parses `source`, runs `pipeline` on it and prints it; false on error. */
static bool run(MlirContext ctx, const char *source, const char *name,
                const char *pipeline) {
  MlirModule module =
      dlcModuleCreateParse(ctx, mlirStringRefCreateFromCString(source),
                           mlirStringRefCreateFromCString(name));
  if (mlirModuleIsNull(module))
    return false;
  /* A pipeline written `builtin.module(...)` needs a pass manager anchored
   * on builtin.module, not mlirPassManagerCreate's "any". */
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  bool ok = mlirLogicalResultIsSuccess(dlcParsePassPipeline(
                mlirPassManagerGetAsOpPassManager(pm),
                mlirStringRefCreateFromCString(pipeline), printTo, stderr)) &&
            mlirLogicalResultIsSuccess(
                mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  if (ok)
    mlirOperationPrint(mlirModuleGetOperation(module), printTo, stdout);
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  return ok;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: host FILE PIPELINE\n");
    return 2;
  }
  char *source = readFile(argv[1]);
  if (!source) {
    fprintf(stderr, "host: cannot read %s\n", argv[1]);
    return 1;
  }
  mlirRegisterAllPasses();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllLLVMTranslations(ctx); /* gpu-module-to-binary needs them */
  bool ok = mlirLogicalResultIsSuccess(dlcRegisterAllDialects(ctx)) &&
            run(ctx, source, argv[1], argv[2]);
  mlirContextDestroy(ctx);
  free(source);
  return ok ? 0 : 1;
}
