/* dlc-tensormap-params: the tensor maps a kernel takes by value become
 * 128-byte __grid_constant__ parameters (docs/conventions.md, "Tensor
 * maps"), as CUTLASS and cuDNN pass them: the driver copies the encoded
 * map into the launch's parameter buffer, so no map waits in global
 * memory (behind a flushed L2, DRAM) for a CTA's first TMA copy.
 *
 * convert-dlcgpu-to-gpu gives such a map an !llvm.ptr parameter, whose
 * (generic) address the body uses, and lists it in the gpu.func's
 * dlcgpu.by_value_maps. The NVVM dialect takes nvvm.grid_constant on an
 * llvm.func's arguments only and the gpu.func lowering drops argument
 * attributes, so this runs after convert-gpu-to-nvvm (dlc-gpu-to-ptx
 * spells gpu-lower-to-nvvm-pipeline out to put it there) and sets each
 * listed argument's {llvm.byval = !llvm.array<128 x i8>, llvm.align = 64,
 * nvvm.grid_constant}: PTX `.param .align 64 .b8 p[128]`, its address taken
 * with cvta.param. */
#include "DLCGPUToGPU.h"
#include "PassDef.h"

#include "dlc/Diagnostics.h"
#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/NVVM.h"

#include <stdbool.h>
#include <stdlib.h>

const char dlcByValueMapsAttr[] = "dlcgpu.by_value_maps";

enum { MapAlign = 64 };

/* `func`'s arg_attrs with the by-value maps' attributes set; the others
 * keep theirs. */
static void setMapParams(MlirOperation func, MlirAttribute maps) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  intptr_t numArgs = mlirBlockGetNumArguments(body);
  MlirStringRef argAttrsName = mlirStringRefCreateFromCString("arg_attrs");
  MlirAttribute old = mlirOperationGetAttributeByName(func, argAttrsName);
  MlirNamedAttribute fields[] = {
      dlcNamedAttr(ctx, "llvm.byval",
                   mlirTypeAttrGet(dlcType(ctx, "!llvm.array<128 x i8>"))),
      dlcNamedAttr(ctx, "llvm.align",
                   mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), MapAlign)),
      dlcNamedAttr(ctx, "nvvm.grid_constant", mlirUnitAttrGet(ctx))};
  MlirAttribute mapAttrs = mlirDictionaryAttrGet(ctx, 3, fields);
  /* Owned here: one dictionary per argument. */
  MlirAttribute *dicts = malloc((size_t)numArgs * sizeof(MlirAttribute) + 1);
  if (!dicts)
    abort(); /* out of memory: MLIR itself cannot go on either */
  for (intptr_t i = 0; i < numArgs; ++i)
    dicts[i] = !mlirAttributeIsNull(old) && mlirAttributeIsAArray(old) &&
                       i < mlirArrayAttrGetNumElements(old)
                   ? mlirArrayAttrGetElement(old, i)
                   : mlirDictionaryAttrGet(ctx, 0, NULL);
  for (intptr_t j = 0; j < mlirDenseArrayGetNumElements(maps); ++j)
    dicts[mlirDenseI64ArrayGetElement(maps, j)] = mapAttrs; /* mapsFit */
  mlirOperationSetAttributeByName(func, argAttrsName,
                                  mlirArrayAttrGet(ctx, numArgs, dicts));
  free(dicts);
  mlirOperationRemoveAttributeByName(
      func, mlirStringRefCreateFromCString(dlcByValueMapsAttr));
}

/* `func` must be a kernel with a body (its arguments are the body's), and
 * each listed argument must exist and be the !llvm.ptr the outlining gave
 * it (hand-written IR may list anything). */
static bool mapsFit(MlirOperation func, MlirAttribute maps) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(body)) {
    dlcEmitDiagnostic(func, &dlcUnsupportedOp,
                      "list by-value maps on kernels only (as "
                      "convert-dlcgpu-to-gpu does), not on declarations",
                      "dlcgpu.by_value_maps is on a function without a body");
    return false;
  }
  intptr_t numArgs = mlirBlockGetNumArguments(body);
  for (intptr_t j = 0; j < mlirDenseArrayGetNumElements(maps); ++j) {
    int64_t arg = mlirDenseI64ArrayGetElement(maps, j);
    if (arg >= 0 && arg < numArgs &&
        mlirTypeIsALLVMPointerType(
            mlirValueGetType(mlirBlockGetArgument(body, arg))))
      continue;
    dlcEmitDiagnostic(func, &dlcUnsupportedOp,
                      "list only !llvm.ptr arguments of the function (as "
                      "convert-dlcgpu-to-gpu does)",
                      "dlcgpu.by_value_maps names argument %lld, which is "
                      "not an !llvm.ptr argument of this function",
                      (long long)arg);
    return false;
  }
  return true;
}

static MlirWalkResult visit(MlirOperation op, void *userData) {
  bool *ok = userData;
  MlirAttribute maps = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString(dlcByValueMapsAttr));
  if (mlirAttributeIsNull(maps) ||
      !mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                          mlirStringRefCreateFromCString("llvm.func")))
    return MlirWalkResultAdvance;
  if (!mlirAttributeIsADenseI64Array(maps)) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "give the argument numbers as array<i64: ...>",
                      "dlcgpu.by_value_maps is not an array of i64");
    *ok = false;
  } else if (!mapsFit(op, maps)) {
    *ok = false;
  } else {
    setMapParams(op, maps);
  }
  return MlirWalkResultAdvance;
}

static void runTensorMapParams(MlirOperation module, MlirExternalPass pass,
                               const DlcPassOptions *options) {
  (void)options;
  bool ok = true;
  mlirOperationWalk(module, visit, &ok, MlirWalkPreOrder);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const DlcDialectHandleGetter dependentDialects[] = {
    mlirGetDialectHandle__llvm__, mlirGetDialectHandle__nvvm__, NULL};

const DlcPassDef dlcTensorMapParamsPass = {
    {"dlc-tensormap-params",
     "Make the tensor maps a kernel takes by value (dlcgpu.by_value_maps) "
     "128-byte __grid_constant__ parameters of its llvm.func",
     "builtin.module", 0, NULL},
    runTensorMapParams,
    dependentDialects,
};
