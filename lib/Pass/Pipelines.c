/* Named pipelines (spec §10): each stands for a list of DLC and upstream
 * passes and is used like a pass inside --pass-pipeline. */
#include "PassDef.h"

#include <stdio.h>
#include <string.h>

static const DlcPassOptionInfo gpuToPtxOptions[] = {
    {"chip", "GPU to compile for (an sm_XX name)", "sm_90"},
    {"opt-level", "LLVM optimisation level", "3"},
};

/* dlcgpu → PTX: DLC's last pass, then upstream all the way. */
static void expandGpuToPtx(const DlcPassOptions *o, char *out, size_t size) {
  snprintf(out, size,
           "convert-dlcgpu-to-gpu, canonicalize, cse, "
           "gpu-lower-to-nvvm-pipeline{cubin-chip=%s cubin-features=+ptx80 "
           "opt-level=%s cubin-format=isa}",
           dlcPassOptionsGet(o, "chip"), dlcPassOptionsGet(o, "opt-level"));
}

const DlcPassDef dlcGpuToPtxPipeline = {
    {"dlc-gpu-to-ptx",
     "Pipeline: dlcgpu kernels to PTX (convert-dlcgpu-to-gpu, then "
     "upstream gpu-lower-to-nvvm-pipeline with gpu-module-to-binary)",
     "builtin.module", 2, gpuToPtxOptions},
    NULL,
    NULL,
    expandGpuToPtx,
};

static const DlcPassOptionInfo toPtxOptions[] = {
    {"chip", "GPU to compile for (an sm_XX name)", "sm_90"},
    {"opt-level", "LLVM optimisation level", "3"},
    {"plan-file", "a §8.1 plan JSON overriding the plan search", ""},
};

/* tiny → PTX: every DLC layer in order (spec §10). */
static void expandToPtx(const DlcPassOptions *o, char *out, size_t size) {
  const char *chip = dlcPassOptionsGet(o, "chip");
  const char *planFile = dlcPassOptionsGet(o, "plan-file");
  char planOptions[1024] = "";
  /* The plan records the chip family: sm_8x is sm80, sm_9x is sm90. */
  snprintf(planOptions, sizeof(planOptions), "arch=%s%s%s",
           strncmp(chip, "sm_8", 4) == 0 ? "sm80" : "sm90",
           planFile[0] ? " plan-file=" : "", planFile);
  snprintf(out, size,
           "func.func(tiny-verify), func.func(tiny-expand-broadcasts), "
           "convert-tiny-to-indexbook, "
           "convert-indexbook-to-rbssa, convert-rbssa-to-plan{%s}, "
           "convert-plan-to-dlcgpu, dlc-gpu-to-ptx{chip=%s opt-level=%s}",
           planOptions, chip, dlcPassOptionsGet(o, "opt-level"));
}

const DlcPassDef dlcToPtxPipeline = {
    {"dlc-to-ptx",
     "Pipeline: tiny to PTX through indexbook, rbssa, plan and dlcgpu",
     "builtin.module", 3, toPtxOptions},
    NULL,
    NULL,
    expandToPtx,
};
