/* Fuzz target: the plan JSON reader, through the option that reads it
 * (convert-rbssa-to-plan{plan-file=...}) on the rbssa form of
 * examples/gemm_bias_relu.tiny.mlir, lowered once per process. Each input
 * is written to one temporary file and planned on a fresh clone. */
#include "FuzzSupport.h"
#include "Json.h" /* lib/Json: dlcFileRead */

#include "dlc/IR.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static MlirModule rbssaModule; /* owned by the process */
static char planPath[] = "/tmp/dlc-fuzz-plan-XXXXXX";
static char pipeline[256];

static void removePlanFile(void) { unlink(planPath); }

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  const char *seed = DLC_SOURCE_DIR "/examples/gemm_bias_relu.tiny.mlir";
  char error[256];
  char *source = dlcFileRead(seed, NULL, error, sizeof(error));
  if (!source) {
    fprintf(stderr, "fuzz: %s\n", error);
    exit(1);
  }
  rbssaModule = dlcModuleCreateParse(dlcFuzzGetContext(),
                                     mlirStringRefCreateFromCString(source),
                                     mlirStringRefCreateFromCString(seed));
  free(source);
  if (mlirModuleIsNull(rbssaModule) ||
      !dlcFuzzRunPipeline(mlirModuleGetOperation(rbssaModule),
                          "builtin.module(func.func(tiny-verify),"
                          " func.func(tiny-expand-broadcasts),"
                          " convert-tiny-to-indexbook,"
                          " convert-indexbook-to-rbssa)")) {
    fprintf(stderr, "fuzz: cannot lower %s to rbssa\n", seed);
    exit(1);
  }
  int fd = mkstemp(planPath);
  if (fd < 0) {
    perror("fuzz: mkstemp");
    exit(1);
  }
  close(fd);
  atexit(removePlanFile);
  snprintf(pipeline, sizeof(pipeline),
           "builtin.module(convert-rbssa-to-plan{chip=sm_90 plan-file=%s},"
           " plan-verify)",
           planPath);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *f = fopen(planPath, "wb");
  if (!f)
    abort();
  if (fwrite(data, 1, size, f) != size)
    abort();
  fclose(f);
  MlirOperation clone = mlirOperationClone(mlirModuleGetOperation(rbssaModule));
  dlcFuzzRunPipeline(clone, pipeline);
  mlirOperationDestroy(clone);
  return 0;
}
