/* dlc-translate: turns a module compiled by the dlc-to-ptx pipeline into
 * files a host can load: the PTX text of each gpu.binary and one manifest
 * JSON per kernel (docs/conventions.md, DESIGN.md decision 7).
 *
 *   dlc-translate IN.mlir --emit-kernels=DIR   DIR/<module>.ptx,
 * DIR/<kernel>.json dlc-translate IN.mlir --emit-ptx [-o F]    the PTX only
 *   dlc-translate IN.mlir --emit-manifest [-o F]  the manifests (JSON array)
 *   dlc-translate IN.json --import-frontend [-o F]  Frontend IR (spec §2) to
 *       tiny (docs/frontend.md); --mlir-print-debuginfo keeps the JSON
 *       positions of the graph nodes as op locations
 *   dlc-translate IN.json --import-tinygrad [-o F]  a tinygrad UOp graph to
 *       tiny (docs/frontend.md, "tinygrad UOp graphs") */
#include "dlc/Frontend.h"
#include "dlc/IR.h"
#include "dlc/Kernels.h"
#include "dlc/Tool.h"
#include "dlc/dlc.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/RegisterEverything.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* --- driver
 * ---------------------------------------------------------------------- */

typedef enum {
  EMIT_NONE,
  EMIT_KERNELS,
  EMIT_PTX,
  EMIT_MANIFEST,
  IMPORT_FRONTEND,
  IMPORT_TINYGRAD
} Emit;

/* The library's output for an --emit mode. */
static DlcKernelsOutput kernelsOutput(Emit emit) {
  return emit == EMIT_PTX        ? DLC_KERNELS_PTX
         : emit == EMIT_MANIFEST ? DLC_KERNELS_MANIFEST
                                 : DLC_KERNELS_DIR;
}

/* --- Frontend IR import
 * -------------------------------------------------------- */

typedef MlirModule (*ImportFn)(MlirContext, MlirStringRef, MlirStringRef,
                               MlirStringCallback, void *);

/* Imports a graph with `import` (the Frontend or the tinygrad importer)
 * and prints the tiny module. */
static bool importGraph(ImportFn import, MlirContext ctx, const char *source,
                        const char *input, const char *output, bool debugInfo) {
  MlirModule module =
      import(ctx, mlirStringRefCreateFromCString(source),
             mlirStringRefCreateFromCString(input ? input : "<stdin>"),
             dlcToolPrintErrorLine, NULL);
  if (mlirModuleIsNull(module))
    return false;
  FILE *out = dlcToolOpenOutput(output, "dlc-translate");
  if (out) {
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    if (debugInfo)
      mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
    mlirOperationPrintWithFlags(mlirModuleGetOperation(module), flags,
                                dlcToolWriteToFile, out);
    mlirOpPrintingFlagsDestroy(flags);
    fputc('\n', out);
    if (out != stdout)
      fclose(out);
  }
  mlirModuleDestroy(module);
  return out != NULL;
}

int main(int argc, char **argv) {
  const char *input = NULL, *output = NULL;
  Emit emit = EMIT_NONE;
  bool debugInfo = false;
  const char *modeFlag = NULL;
  for (int i = 1; i < argc; ++i) {
    bool isMode = strncmp(argv[i], "--emit-kernels=", 15) == 0 ||
                  strcmp(argv[i], "--emit-ptx") == 0 ||
                  strcmp(argv[i], "--emit-manifest") == 0 ||
                  strcmp(argv[i], "--import-frontend") == 0 ||
                  strcmp(argv[i], "--import-tinygrad") == 0;
    if (isMode && modeFlag) { /* the last one used to win silently */
      fprintf(stderr,
              "dlc-translate: error: '%s' and '%s' are two modes; give one\n",
              modeFlag, argv[i]);
      return 1;
    }
    if (isMode)
      modeFlag = argv[i];
    if (strncmp(argv[i], "--emit-kernels=", 15) == 0) {
      emit = EMIT_KERNELS;
      output = argv[i] + 15;
      if (!output[0]) { /* "" would write into "/" (D04) */
        fprintf(stderr, "dlc-translate: error: --emit-kernels needs a "
                        "directory name (--emit-kernels=DIR)\n");
        return 1;
      }
    } else if (strcmp(argv[i], "--emit-ptx") == 0) {
      emit = EMIT_PTX;
    } else if (strcmp(argv[i], "--emit-manifest") == 0) {
      emit = EMIT_MANIFEST;
    } else if (strcmp(argv[i], "--import-frontend") == 0) {
      emit = IMPORT_FRONTEND;
    } else if (strcmp(argv[i], "--import-tinygrad") == 0) {
      emit = IMPORT_TINYGRAD;
    } else if (strcmp(argv[i], "--mlir-print-debuginfo") == 0) {
      debugInfo = true;
    } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
      output = argv[++i];
    } else if (strcmp(argv[i], "--help") == 0) {
      printf("USAGE: dlc-translate IN.mlir (--emit-kernels=DIR | --emit-ptx "
             "| --emit-manifest) [-o FILE]\n"
             "       dlc-translate IN.json (--import-frontend | "
             "--import-tinygrad) [--mlir-print-debuginfo] [-o FILE]\n");
      return 0;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "dlc-translate: error: unknown option '%s'\n", argv[i]);
      return 1;
    } else if (input) {
      fprintf(stderr,
              "dlc-translate: error: one input at a time ('%s', then "
              "'%s')\n",
              input, argv[i]);
      return 1;
    } else {
      input = argv[i];
    }
  }
  if (emit == EMIT_NONE) {
    fprintf(stderr, "dlc-translate: error: choose --emit-kernels=DIR, "
                    "--emit-ptx or --emit-manifest (or --import-frontend "
                    "for Frontend IR JSON, --import-tinygrad for a tinygrad "
                    "UOp graph)\n");
    return 1;
  }
  char *source = dlcToolReadFile(input ? input : "-", "dlc-translate");
  if (!source)
    return 1;
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(ctx, dlcToolPrintDiagnostic, NULL, NULL);
  bool ok = mlirLogicalResultIsSuccess(dlcRegisterAllDialects(ctx));
  if (emit == IMPORT_FRONTEND || emit == IMPORT_TINYGRAD) {
    ok = ok && importGraph(emit == IMPORT_FRONTEND ? dlcImportFrontendJson
                                                   : dlcImportTinygradJson,
                           ctx, source, input, output, debugInfo);
    mlirContextDestroy(ctx);
    free(source);
    return ok ? 0 : 1;
  }
  MlirModule module = dlcModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(source),
      mlirStringRefCreateFromCString(input ? input : "<stdin>"));
  ok = ok && !mlirModuleIsNull(module) &&
       dlcWriteKernels(mlirModuleGetOperation(module), kernelsOutput(emit),
                       output, "dlc-translate");
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  free(source);
  return ok ? 0 : 1;
}
