/* convert-dlcgpu-to-gpu: the last DLC step (spec §9, DESIGN.md decision 6).
 * Kernels move into `gpu.module @dlc_kernels` as gpu.func with the
 * bare-pointer ABI (OutlineKernels.c) and their skeleton ops become
 * upstream nvgpu/gpu/arith/vector/memref/scf ops (LowerSkeletonOps.c).
 * A graph split into several kernels keeps its launch order and
 * intermediate buffers on the module (ProgramManifest.c).
 * From there, upstream passes (gpu-lower-to-nvvm-pipeline) produce PTX. */
#include "DLCGPUToGPU.h"
#include "Builder.h"
#include "PassDef.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/NVGPU.h"
#include "mlir-c/Dialect/NVVM.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include "dlc/Diagnostics.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static MlirOperation getOrCreateGpuModule(MlirOperation module) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                           mlirStringRefCreateFromCString("gpu.module")))
      return op;
  mlirOperationSetAttributeByName(
      module, mlirStringRefCreateFromCString("gpu.container_module"),
      mlirUnitAttrGet(ctx));
  DlcBuilder b = dlcBuilderAtEnd(body, mlirOperationGetLocation(module));
  const char *names[] = {"sym_name"};
  MlirAttribute name =
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("dlc_kernels"));
  MlirBlock inner;
  return dlcBuildWithRegion(&b, "gpu.module", 0, NULL, 0, NULL, 1, names, &name,
                            0, NULL, &inner);
}

static bool hasKernels(MlirOperation module) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(
            op, mlirStringRefCreateFromCString("dlcgpu.kernel"))))
      return true;
  return false;
}

/* Whether `name` can be a PTX symbol: LLVM's NVPTX back end aborts the
 * process on any other (D01). Letters, digits and '_', not starting with a
 * digit (the C identifiers; the kernel name is also a manifest file name). */
static bool isPtxIdentifier(MlirStringRef name) {
  if (name.length == 0 || isdigit((unsigned char)name.data[0]))
    return false;
  for (size_t i = 0; i < name.length; ++i)
    if (!isalnum((unsigned char)name.data[i]) && name.data[i] != '_')
      return false;
  return true;
}

/* Whether `name` begins with "dlc_": DLC reserves the prefix for the
 * symbols it adds (gpu.module @dlc_kernels, @dlc_smem, the runtime's helper
 * kernel dlc_repack_b16 and its device functions),
 * so that no kernel or program of the user's can stand for one of them. */
static bool isReservedName(MlirStringRef name) {
  return name.length >= 4 && memcmp(name.data, "dlc_", 4) == 0;
}

/* Reports every kernel whose name PTX cannot spell, and every kernel or
 * program whose name is reserved; false if there is one. */
static bool checkKernelNames(MlirOperation module) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  bool ok = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute name = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("sym_name"));
    bool kernel = !mlirAttributeIsNull(mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("dlcgpu.kernel")));
    bool program = !mlirAttributeIsNull(mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("rbssa.program")));
    MlirStringRef text = mlirAttributeIsAString(name)
                             ? mlirStringAttrGetValue(name)
                             : mlirStringRefCreateFromCString("");
    if ((kernel || program) && isReservedName(text)) {
      dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                        "rename the function so that its name does not "
                        "begin with 'dlc_'",
                        "%s name '%.*s' begins with 'dlc_', which DLC "
                        "reserves for the symbols it adds (its runtime "
                        "helper kernels such as dlc_repack_b16)",
                        kernel ? "kernel" : "program", (int)text.length,
                        text.data);
      ok = false;
      continue;
    }
    if (!kernel || isPtxIdentifier(text))
      continue;
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "rename the function with letters, digits and '_', "
                      "not starting with a digit",
                      "kernel name '%.*s' is not a PTX identifier",
                      (int)text.length, text.data);
    ok = false;
  }
  return ok;
}

/* The DLC layers above dlcgpu (spec §10): an op's dialect prefix, the
 * layer's name, and the pass that lowers it. */
static const struct {
  const char *prefix, *layer, *next;
} kEarlierLayers[] = {
    {"tiny.", "tiny", "convert-tiny-to-indexbook"},
    {"indexbook.", "indexbook", "convert-indexbook-to-rbssa"},
    {"rbssa.", "rbssa", "convert-rbssa-to-plan"},
    {"plan.", "plan", "convert-plan-to-dlcgpu"},
};

/* Reports the first op of an earlier DLC layer (`*userData`, a bool, set
 * false): this pass lowers dlcgpu kernels, and upstream passes after it
 * would carry such ops into llvm.funcs that never become PTX. */
static MlirWalkResult findEarlierLayer(MlirOperation op, void *userData) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  for (size_t i = 0; i < sizeof(kEarlierLayers) / sizeof(kEarlierLayers[0]);
       ++i) {
    size_t n = strlen(kEarlierLayers[i].prefix);
    if (name.length <= n || memcmp(name.data, kEarlierLayers[i].prefix, n))
      continue;
    char suggestion[160];
    snprintf(suggestion, sizeof(suggestion),
             "run dlc-to-ptx, or the layers before: %s and the passes after "
             "it (docs/dlc-opt.md)",
             kEarlierLayers[i].next);
    dlcEmitDiagnostic(op, &dlcUnsupportedOp, suggestion,
                      "'%.*s' is an op of the %s layer, which "
                      "convert-dlcgpu-to-gpu does not lower (it takes dlcgpu "
                      "kernels)",
                      (int)name.length, name.data, kEarlierLayers[i].layer);
    *(bool *)userData = false;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

static void runDLCGPUToGPU(MlirOperation module, MlirExternalPass pass,
                           const DlcPassOptions *options) {
  (void)options;
  bool ok = true;
  mlirOperationWalk(module, findEarlierLayer, &ok, MlirWalkPreOrder);
  if (!ok) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  if (!hasKernels(module))
    return;
  if (!checkKernelNames(module)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirOperation gpuModule = getOrCreateGpuModule(module);
  if (!dlcOutlineKernels(module, gpuModule) || !dlcRecordPrograms(module) ||
      !dlcRecordVersions(module) || !dlcLowerSkeletonOps(gpuModule))
    mlirExternalPassSignalFailure(pass);
}

static const DlcDialectHandleGetter dependentDialects[] = {
    mlirGetDialectHandle__arith__,
    mlirGetDialectHandle__gpu__,
    mlirGetDialectHandle__llvm__,
    mlirGetDialectHandle__memref__,
    mlirGetDialectHandle__nvgpu__,
    mlirGetDialectHandle__nvvm__,
    mlirGetDialectHandle__scf__,
    mlirGetDialectHandle__vector__,
    NULL};

const DlcPassDef dlcDLCGPUToGPUPass = {
    {"convert-dlcgpu-to-gpu",
     "Outline dlcgpu kernels into a gpu.module (bare-pointer ABI) and lower "
     "the skeleton ops to nvgpu, gpu, arith, vector, memref and scf",
     "builtin.module", 0, NULL},
    runDLCGPUToGPU,
    dependentDialects,
};
