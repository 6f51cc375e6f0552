/* C API test: a host program uses DLC without dlc-opt — registers the
 * dialects, parses tiny IR, runs a pipeline mixing DLC and upstream passes,
 * and reads a DLC diagnostic. Output goes to stderr for FileCheck. */
// RUN: dlc-capi-test 2>&1 | FileCheck %s

#include "dlc/IR.h"
#include "dlc/dlc.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <stdlib.h>

static void printToStderr(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stderr);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  fprintf(stderr, "diagnostic: ");
  mlirDiagnosticPrint(diagnostic, printToStderr, NULL);
  fprintf(stderr, "\n");
  return mlirLogicalResultSuccess();
}

static MlirContext createContext(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  return ctx;
}

// CHECK-LABEL: testRegisterDialects
// CHECK: dialects: 5 tiny indexbook rbssa plan dlcgpu
// CHECK: registered twice: ok
static void testRegisterDialects(void) {
  fprintf(stderr, "testRegisterDialects\n");
  MlirContext ctx = createContext();
  bool ok = mlirLogicalResultIsSuccess(dlcRegisterAllDialects(ctx));
  fprintf(stderr, "dialects: %d", dlcGetNumDialects());
  for (int i = 0; i < dlcGetNumDialects(); ++i) {
    MlirStringRef name = dlcGetDialectName(i);
    fprintf(stderr, " %.*s", (int)name.length, name.data);
  }
  ok = ok && mlirLogicalResultIsSuccess(dlcRegisterAllDialects(ctx));
  fprintf(stderr, "\nregistered twice: %s\n", ok ? "ok" : "failed");
  mlirContextDestroy(ctx);
}

static const char program[] =
    "func.func @f(%a: tensor<?x4xf32, [\"M\", 4]>, %b: tensor<4xf32>)\n"
    "    -> tensor<?x4xf32, [\"M\", 4]> {\n"
    "  %0 = \"tiny.add\"(%a, %b) : (tensor<?x4xf32, [\"M\", 4]>, "
    "tensor<4xf32>) -> tensor<?x4xf32, [\"M\", 4]>\n"
    "  return %0 : tensor<?x4xf32, [\"M\", 4]>\n"
    "}\n";

static void collectError(MlirStringRef message, void *userData) {
  (void)userData;
  fprintf(stderr, "pipeline error: %.*s\n", (int)message.length, message.data);
}

// CHECK-LABEL: testPipeline
// CHECK: parsed: ok
// CHECK: pipeline: builtin.module(tiny-verify,func.func(canonicalize
// CHECK: run: ok
// CHECK: "tiny.add"
// CHECK: pipeline error: 'not-a-dlc-pass' is not a DLC pass
static void testPipeline(void) {
  fprintf(stderr, "testPipeline\n");
  mlirRegisterAllPasses();
  MlirContext ctx = createContext();
  dlcRegisterAllDialects(ctx);
  MlirModule module =
      dlcModuleCreateParse(ctx, mlirStringRefCreateFromCString(program),
                           mlirStringRefCreateFromCString("program.mlir"));
  fprintf(stderr, "parsed: %s\n", mlirModuleIsNull(module) ? "failed" : "ok");

  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  MlirLogicalResult parsed = dlcParsePassPipeline(
      opm,
      mlirStringRefCreateFromCString(
          "builtin.module(tiny-verify, func.func(canonicalize))"),
      collectError, NULL);
  fprintf(stderr, "pipeline: ");
  mlirPrintPassPipeline(opm, printToStderr, NULL);
  fprintf(stderr, "\n");
  MlirLogicalResult ran =
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  fprintf(stderr, "run: %s\n",
          mlirLogicalResultIsSuccess(parsed) && mlirLogicalResultIsSuccess(ran)
              ? "ok"
              : "failed");
  mlirOperationPrint(mlirModuleGetOperation(module), printToStderr, NULL);
  fprintf(stderr, "\n");

  MlirPass bad =
      dlcCreatePass(mlirStringRefCreateFromCString("not-a-dlc-pass"),
                    mlirStringRefCreate(NULL, 0), collectError, NULL);
  if (bad.ptr)
    fprintf(stderr, "unexpected pass\n");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testDiagnostic
// CHECK: diagnostic: E1001 BroadcastMismatch: operand shapes [M, 4] and [3]
// CHECK: run: failed
static void testDiagnostic(void) {
  fprintf(stderr, "testDiagnostic\n");
  MlirContext ctx = createContext();
  dlcRegisterAllDialects(ctx);
  MlirModule module = dlcModuleCreateParse(
      ctx,
      mlirStringRefCreateFromCString(
          "func.func @g(%a: tensor<?x4xf32, [\"M\", 4]>, %b: tensor<3xf32>) {\n"
          "  %0 = \"tiny.add\"(%a, %b) : (tensor<?x4xf32, [\"M\", 4]>, "
          "tensor<3xf32>) -> tensor<?x4xf32, [\"M\", 4]>\n"
          "  return\n}\n"),
      mlirStringRefCreateFromCString("g.mlir"));
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  mlirPassManagerAddOwnedPass(
      pm, dlcCreatePass(mlirStringRefCreateFromCString("tiny-verify"),
                        mlirStringRefCreate(NULL, 0), collectError, NULL));
  MlirLogicalResult ran =
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  fprintf(stderr, "run: %s\n",
          mlirLogicalResultIsSuccess(ran) ? "ok" : "failed");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}

/* The target queries a host makes before and after compiling: a chip
 * named on its command line, the chip a module records. */
static void testTarget(void) {
  fprintf(stderr, "testTarget\n");
  // CHECK-LABEL: testTarget
  // CHECK-NEXT: known: sm_90a 1 sm90 1 sm_75 0 (null) 0
  fprintf(stderr, "known: sm_90a %d sm90 %d sm_75 %d (null) %d\n",
          dlcTargetIsKnownChip("sm_90a"), dlcTargetIsKnownChip("sm90"),
          dlcTargetIsKnownChip("sm_75"), dlcTargetIsKnownChip(NULL));
  char chips[128];
  dlcTargetListChips(chips, sizeof(chips));
  // CHECK-NEXT: chips: sm_80, sm_86, sm_89, sm_90, sm_90a
  fprintf(stderr, "chips: %s\n", chips);
  MlirContext ctx = createContext();
  const char *const modules[] = {
      "module attributes {dlc.target = \"sm_80\"} {}", "module {}",
      "module attributes {dlc.target = \"sm_75\"} {}"};
  // CHECK-NEXT: recorded: sm_80
  // CHECK-NEXT: recorded: sm_90
  // CHECK-NEXT: recorded: unknown
  for (int i = 0; i < 3; ++i) {
    MlirModule module =
        dlcModuleCreateParse(ctx, mlirStringRefCreateFromCString(modules[i]),
                             mlirStringRefCreateFromCString("target.mlir"));
    const char *chip =
        dlcOperationGetTargetChip(mlirModuleGetOperation(module));
    fprintf(stderr, "recorded: %s\n", chip ? chip : "unknown");
    mlirModuleDestroy(module);
  }
  mlirContextDestroy(ctx);
}

/* The table queries take any index: one out of range gives a null entry,
 * as dlcGetLayerName does (they read past their tables, or crashed). */
static void testOutOfRange(void) {
  fprintf(stderr, "testOutOfRange\n");
  // CHECK-LABEL: testOutOfRange
  // CHECK-NEXT: pass -1: (null) 0
  // CHECK-NEXT: pass n: (null) 0
  // CHECK-NEXT: pass 0: tiny-verify
  int passes[] = {-1, dlcGetNumPasses()};
  const char *names[] = {"-1", "n"};
  for (int i = 0; i < 2; ++i) {
    DlcPassInfo info = dlcGetPassInfo(passes[i]);
    fprintf(stderr, "pass %s: %s %d\n", names[i],
            info.argument ? info.argument : "(null)", info.numOptions);
  }
  fprintf(stderr, "pass 0: %s\n", dlcGetPassInfo(0).argument);
  // CHECK-NEXT: dialect -1: null null
  // CHECK-NEXT: dialect 5: null null
  // CHECK-NEXT: dialect 99: null null
  // CHECK-NEXT: dialect 4: dlcgpu
  int dialects[] = {-1, dlcGetNumDialects(), 99};
  for (int i = 0; i < 3; ++i) {
    MlirStringRef name = dlcGetDialectName(dialects[i]);
    MlirStringRef source = dlcGetDialectSource(dialects[i]);
    fprintf(stderr, "dialect %d: %s %s\n", dialects[i],
            name.data || name.length ? "name" : "null",
            source.data || source.length ? "source" : "null");
  }
  MlirStringRef last = dlcGetDialectName(dlcGetNumDialects() - 1);
  fprintf(stderr, "dialect 4: %.*s\n", (int)last.length, last.data);
}

static void printLayer(const char *what, char *pipeline) {
  fprintf(stderr, "%s: %s\n", what, pipeline ? pipeline : "(null)");
  free(pipeline);
}

/* dlcGetLayerPipeline splices its arguments into pipeline text: NULL means
 * the default, and what its option could not take (a chip outside the
 * table, a level other than 0..3, a value holding the quote that ends it)
 * gives NULL rather than other options. */
static void testLayerPipeline(void) {
  fprintf(stderr, "testLayerPipeline\n");
  // CHECK-LABEL: testLayerPipeline
  // CHECK-NEXT: plan, NULL files: convert-rbssa-to-plan{chip=sm_80},
  // plan-verify
  printLayer("plan, NULL files",
             dlcGetLayerPipeline(3, "sm_80", NULL, NULL, "3"));
  // CHECK-NEXT: ptx, NULL level: dlc-gpu-to-ptx{chip=sm_80 opt-level=3}
  printLayer("ptx, NULL level", dlcGetLayerPipeline(5, "sm_80", "", "", NULL));
  // CHECK-NEXT: ptx, NULL chip: dlc-gpu-to-ptx{chip=sm_90 opt-level=2}
  printLayer("ptx, NULL chip", dlcGetLayerPipeline(5, NULL, NULL, NULL, "2"));
  // CHECK-NEXT: plan, family: convert-rbssa-to-plan{chip=sm_90 plan-file="a b"
  // device="sms=114"}, plan-verify
  printLayer("plan, family",
             dlcGetLayerPipeline(3, "sm90", "a b", "sms=114", "3"));
  // CHECK-NEXT: chip with an option: (null)
  printLayer("chip with an option",
             dlcGetLayerPipeline(3, "sm_80 plan-file=/x", "", "", "3"));
  // CHECK-NEXT: unknown chip: (null)
  printLayer("unknown chip", dlcGetLayerPipeline(0, "sm_75", "", "", "3"));
  // CHECK-NEXT: level with an option: (null)
  printLayer("level with an option",
             dlcGetLayerPipeline(5, "sm_80", "", "", "3 chip=sm_90a"));
  // CHECK-NEXT: quoted plan file: (null)
  printLayer("quoted plan file",
             dlcGetLayerPipeline(3, "sm_80", "a\" chip=\"sm_90a", "", "3"));
  // CHECK-NEXT: quoted device: (null)
  printLayer("quoted device",
             dlcGetLayerPipeline(3, "sm_80", "", "sms=1\"}", "3"));
  // CHECK-NEXT: layer 6: (null)
  printLayer("layer 6", dlcGetLayerPipeline(6, "sm_80", "", "", "3"));
}

int main(void) {
  testRegisterDialects();
  testPipeline();
  testDiagnostic();
  testTarget();
  testOutOfRange();
  testLayerPipeline();
  return 0;
}
