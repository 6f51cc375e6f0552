/* C API test: dlcContextCreate gives a context that compiles tiny to PTX
 * with no other registration, and can be called again. */
// RUN: cp %dlc_src_root/examples/gemm_bias_relu.tiny.mlir %t.mlir
// RUN: dlc-capi-context %t.mlir 2>&1 | FileCheck %s

#include "dlc/dlc.h"

#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>

static void printToStderr(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stderr);
}

static char *readFile(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  char *text = calloc(1, 1 << 20);
  if (text)
    fread(text, 1, (1 << 20) - 1, file);
  fclose(file);
  return text;
}

// CHECK-LABEL: testCompile
// CHECK: context: ok
// CHECK: gpu.binary @dlc_kernels
// CHECK-SAME: .visible .entry gemm_bias_relu(
// CHECK: run: ok
static void testCompile(const char *path) {
  fprintf(stderr, "testCompile\n");
  char *source = readFile(path);
  MlirContext ctx = dlcContextCreate();
  fprintf(stderr, "context: %s\n", mlirContextIsNull(ctx) ? "null" : "ok");
  MlirModule module =
      dlcModuleCreateParse(ctx, mlirStringRefCreateFromCString(source),
                           mlirStringRefCreateFromCString(path));
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  bool ok = mlirLogicalResultIsSuccess(dlcParsePassPipeline(
                mlirPassManagerGetAsOpPassManager(pm),
                mlirStringRefCreateFromCString("builtin.module(dlc-to-ptx)"),
                printToStderr, NULL)) &&
            mlirLogicalResultIsSuccess(
                mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  mlirOperationPrint(mlirModuleGetOperation(module), printToStderr, NULL);
  fprintf(stderr, "\nrun: %s\n", ok ? "ok" : "failed");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  free(source);
}

// CHECK-LABEL: testTwice
// CHECK: second context: ok
static void testTwice(void) {
  fprintf(stderr, "testTwice\n");
  MlirContext ctx = dlcContextCreate();
  fprintf(stderr, "second context: %s\n",
          mlirContextIsNull(ctx) ? "null" : "ok");
  mlirContextDestroy(ctx);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  testCompile(argv[1]);
  testTwice();
  return 0;
}
