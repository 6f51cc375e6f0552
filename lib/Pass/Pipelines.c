/* Named pipelines (spec §10): each stands for a list of DLC and upstream
 * passes and is used like a pass inside --pass-pipeline. */
#include "PassDef.h"
#include "Target.h"
#include "TextBuffer.h"

#include "dlc/Diagnostics.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The target named by option `chip`; NULL with an E1603 message in `out`
 * when the chip is unknown, so that no bad chip reaches LLVM (an empty one
 * crashes the NVVM target, a pre-Ampere one aborts instruction selection). */
static const DlcTarget *chipOption(const DlcPassOptions *o,
                                   const char *pipeline, char *out,
                                   size_t size) {
  const char *chip = dlcPassOptionsGet(o, "chip");
  const DlcTarget *target = dlcTargetLookup(chip);
  if (!target) {
    char chips[128];
    dlcTargetListChips(chips, sizeof(chips));
    dlcDiagnosticFormat(out, size, &dlcPlanOptionInvalid,
                        "compile for a chip of the target table "
                        "(docs/target.md)",
                        "pipeline '%s': option 'chip': \"%.40s\" is not a "
                        "known chip (known: %s)",
                        pipeline, chip, chips);
  }
  return target;
}

/* Whether `value` can be written as a quoted option value: the option
 * parser ends a quoted value at the next '"' and knows no escapes, so a
 * value holding one would end early and its rest read as more options. */
static bool isQuotable(const char *value) { return !strchr(value, '"'); }

static bool isOptLevel(const char *level) {
  return level[0] >= '0' && level[0] <= '3' && level[1] == '\0';
}

/* Option `opt-level` is one of LLVM's levels 0..3; false with an E1603
 * message in `out` otherwise (NVVM's serializer would fail only after the
 * whole lowering, printing the entire gpu.module with its error). */
static bool optLevelOption(const DlcPassOptions *o, const char *pipeline,
                           char *out, size_t size) {
  const char *level = dlcPassOptionsGet(o, "opt-level");
  if (isOptLevel(level))
    return true;
  dlcDiagnosticFormat(out, size, &dlcPlanOptionInvalid,
                      "give an LLVM optimisation level from 0 to 3",
                      "pipeline '%s': option 'opt-level': \"%.40s\" is not "
                      "0, 1, 2 or 3",
                      pipeline, level);
  return false;
}

static const DlcPassOptionInfo gpuToPtxOptions[] = {
    {"chip", "GPU to compile for, a chip of the target table (docs/target.md)",
     DLC_TARGET_DEFAULT_CHIP},
    {"opt-level", "LLVM optimisation level", DLC_DEFAULT_OPT_LEVEL},
};

/* dlcgpu → PTX: DLC's last pass, then upstream all the way: MLIR 22's
 * gpu-lower-to-nvvm-pipeline{cubin-format=isa} spelt out (its common,
 * gpu.module and host parts; the same PTX, byte for byte) with
 * dlc-tensormap-params once the kernels are llvm.funcs. */
static char *expandGpuToPtx(const DlcPassOptions *o, char *error,
                            size_t errorSize) {
  const DlcTarget *target = chipOption(o, "dlc-gpu-to-ptx", error, errorSize);
  if (!target || !optLevelOption(o, "dlc-gpu-to-ptx", error, errorSize))
    return NULL;
  return dlcFormat(
      "convert-dlcgpu-to-gpu, canonicalize, cse, "
      "convert-nvgpu-to-nvvm, gpu-kernel-outlining, convert-vector-to-scf, "
      "convert-scf-to-cf, convert-nvvm-to-llvm, convert-func-to-llvm, "
      "expand-strided-metadata, nvvm-attach-target{triple=nvptx64-nvidia-cuda "
      "chip=%s features=%s O=%s}, lower-affine, convert-arith-to-llvm, "
      "convert-index-to-llvm{index-bitwidth=64}, canonicalize, cse, "
      "gpu.module(strip-debuginfo, convert-gpu-to-nvvm{index-bitwidth=64}, "
      "llvm-optimize-for-nvvm-target, canonicalize, cse, "
      "reconcile-unrealized-casts), dlc-tensormap-params, gpu-to-llvm, "
      "gpu-module-to-binary{format=isa}, convert-math-to-llvm, canonicalize, "
      "cse, reconcile-unrealized-casts",
      target->chip, target->features, dlcPassOptionsGet(o, "opt-level"));
}

const DlcPassDef dlcGpuToPtxPipeline = {
    {"dlc-gpu-to-ptx",
     "Pipeline: dlcgpu kernels to PTX (convert-dlcgpu-to-gpu, then "
     "upstream gpu-lower-to-nvvm-pipeline's passes with "
     "dlc-tensormap-params, and gpu-module-to-binary)",
     "builtin.module", 2, gpuToPtxOptions},
    NULL,
    NULL,
    expandGpuToPtx,
};

static const DlcPassOptionInfo toPtxOptions[] = {
    {"chip", "GPU to compile for, a chip of the target table (docs/target.md)",
     DLC_TARGET_DEFAULT_CHIP},
    {"opt-level", "LLVM optimisation level", DLC_DEFAULT_OPT_LEVEL},
    {"plan-file", "a §8.1 plan JSON overriding the plan search", ""},
    {"device",
     "figures of another product of the chip, FIGURE=VALUE,... "
     "(convert-rbssa-to-plan's device=, e.g. sms=114)",
     ""},
    {"versions",
     "launch-time versions SYM=VALUE,... (tiny-symbol-versions), e.g. N=1", ""},
};

/* The layers of dlc-to-ptx (spec §10) and the passes that produce each
 * from the one before. The planner records the chip on the module;
 * plan-verify checks the plan against it before the skeleton reads it. */
static const char *const layerNames[DLC_NUM_LAYERS] = {
    "tiny", "indexbook", "rbssa", "plan", "dlcgpu", "ptx"};

const char *dlcGetLayerName(int layer) {
  return layer >= 0 && layer < DLC_NUM_LAYERS ? layerNames[layer] : NULL;
}

char *dlcGetLayerPipeline(int layer, const char *chip, const char *planFile,
                          const char *device, const char *optLevel) {
  const DlcTarget *target =
      dlcTargetLookup(chip ? chip : DLC_TARGET_DEFAULT_CHIP);
  planFile = planFile ? planFile : "";
  device = device ? device : "";
  optLevel = optLevel ? optLevel : DLC_DEFAULT_OPT_LEVEL;
  /* An unchecked chip was spliced as is: "sm_80 plan-file=/x" added an
   * option to the planner's. */
  if (!target || !isOptLevel(optLevel) || !isQuotable(planFile) ||
      !isQuotable(device))
    return NULL;
  switch (layer) {
  case 0:
    return dlcFormat(
        "func.func(tiny-verify), func.func(tiny-unflatten-products), "
        "func.func(tiny-expand-broadcasts)");
  case 1:
    return dlcFormat("convert-tiny-to-indexbook");
  case 2:
    return dlcFormat("convert-indexbook-to-rbssa, "
                     "func.func(rbssa-fold-activations), "
                     "rbssa-fuse-attention, rbssa-verify");
  case 3:
    /* Values quoted: a path with a space or a bracket is still one value
     * (it reached the planner cut at the space), and so is a device list
     * holding another option's text, which parseDevice then refuses. */
    return dlcFormat("convert-rbssa-to-plan{chip=%s%s%s%s%s%s%s}, plan-verify",
                     target->chip, planFile[0] ? " plan-file=\"" : "", planFile,
                     planFile[0] ? "\"" : "", device[0] ? " device=\"" : "",
                     device, device[0] ? "\"" : "");
  case 4:
    return dlcFormat("convert-plan-to-dlcgpu, dlcgpu-verify");
  case 5:
    return dlcFormat("dlc-gpu-to-ptx{chip=%s opt-level=%s}", target->chip,
                     optLevel);
  default:
    return NULL;
  }
}

char *dlcGetVersionsPipeline(const char *versions) {
  return versions && versions[0]
             ? dlcFormat("tiny-symbol-versions{versions=\"%s\"}", versions)
             : NULL;
}

/* tiny → PTX: every layer's passes in order. */
static char *expandToPtx(const DlcPassOptions *o, char *error,
                         size_t errorSize) {
  const DlcTarget *target = chipOption(o, "dlc-to-ptx", error, errorSize);
  if (!target || !optLevelOption(o, "dlc-to-ptx", error, errorSize))
    return NULL;
  /* Versions first: tiny-verify then checks each copy too. */
  char *pipeline = dlcGetVersionsPipeline(dlcPassOptionsGet(o, "versions"));
  for (int layer = 0; layer < DLC_NUM_LAYERS; ++layer) {
    char *elements = dlcGetLayerPipeline(
        layer, target->chip, dlcPassOptionsGet(o, "plan-file"),
        dlcPassOptionsGet(o, "device"), dlcPassOptionsGet(o, "opt-level"));
    char *joined = elements ? dlcFormat("%s%s%s", pipeline ? pipeline : "",
                                        pipeline ? ", " : "", elements)
                            : NULL;
    free(elements);
    free(pipeline);
    pipeline = joined;
    if (!pipeline)
      return NULL;
  }
  return pipeline;
}

const DlcPassDef dlcToPtxPipeline = {
    {"dlc-to-ptx",
     "Pipeline: tiny to PTX through indexbook, rbssa, plan and dlcgpu",
     "builtin.module", 5, toPtxOptions},
    NULL,
    NULL,
    expandToPtx,
};
