/* dlc-translate: turns a module compiled by the dlc-to-ptx pipeline into
 * files a host can load: the PTX text of each gpu.binary and one manifest
 * JSON per kernel (docs/conventions.md, DESIGN.md decision 7); or imports a
 * JSON graph as tiny IR (docs/frontend.md). One mode a call:
 *
 *   --emit-kernels=DIR   IN.mlir to DIR/<module>.ptx and DIR/<kernel>.json
 *   --emit-ptx           IN.mlir to its PTX only (-o F)
 *   --emit-manifest      IN.mlir to its manifests, a JSON array (-o F)
 *   --import-frontend    Frontend IR (spec §2) to tiny (-o F);
 *                        --mlir-print-debuginfo keeps the JSON positions
 *   --import-tinygrad    a tinygrad UOp graph to tiny (-o F) */
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

/* The mode flags; --emit-kernels takes its directory after the '='. */
typedef struct Mode {
  const char *flag;
  Emit emit;
} Mode;

static const Mode kModes[] = {
    {"--emit-kernels=", EMIT_KERNELS},
    {"--emit-ptx", EMIT_PTX},
    {"--emit-manifest", EMIT_MANIFEST},
    {"--import-frontend", IMPORT_FRONTEND},
    {"--import-tinygrad", IMPORT_TINYGRAD},
};

/* The mode `arg` names, or NULL. */
static const Mode *findMode(const char *arg) {
  for (size_t k = 0; k < sizeof(kModes) / sizeof(kModes[0]); ++k) {
    const Mode *m = &kModes[k];
    size_t n = strlen(m->flag);
    if (m->emit == EMIT_KERNELS ? strncmp(arg, m->flag, n) == 0
                                : strcmp(arg, m->flag) == 0)
      return m;
  }
  return NULL;
}

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
    const Mode *mode = findMode(argv[i]);
    if (mode) {
      if (modeFlag) { /* the last one used to win silently */
        fprintf(stderr,
                "dlc-translate: error: '%s' and '%s' are two modes; give "
                "one\n",
                modeFlag, argv[i]);
        return 1;
      }
      modeFlag = argv[i];
      emit = mode->emit;
      output = emit == EMIT_KERNELS ? argv[i] + strlen(mode->flag) : output;
      if (emit == EMIT_KERNELS && !output[0]) { /* "" writes into "/" (D04) */
        fprintf(stderr, "dlc-translate: error: --emit-kernels needs a "
                        "directory name (--emit-kernels=DIR)\n");
        return 1;
      }
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
