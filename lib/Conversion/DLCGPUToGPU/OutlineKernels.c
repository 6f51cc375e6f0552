/* Outlining dlcgpu kernels into a gpu.module with the bare-pointer ABI.
 *
 * convert-gpu-to-nvvm cannot pass dynamic memrefs as bare pointers, so the
 * kernel takes !llvm.ptr and i64 parameters and rebuilds each row-major
 * memref descriptor (global address space, sizes from the symbols) inside
 * the kernel, behind an unrealized_conversion_cast that the LLVM lowering
 * folds away. */
#include "Builder.h"
#include "DLCGPUToGPU.h"
#include "SymbolTable.h"
#include "dlc/IR.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the kernel can receive: CUDA passes at most 4 KiB of kernel
 * parameters, 8 bytes each here; a rebuilt memref has at most MaxRank
 * dimensions; a tensor-map entry at most MaxMapFields fields. */
enum { MaxParams = 4096 / 8, MaxRank = 8, MaxMapFields = 14 };

/* Argument attribute `name` of argument `arg`; null when absent. */
static MlirAttribute argAttr(MlirOperation func, int arg, const char *name) {
  MlirAttribute argAttrs = dlcOperationAttrGet(func, "arg_attrs");
  if (mlirAttributeIsNull(argAttrs) || !mlirAttributeIsAArray(argAttrs) ||
      arg >= mlirArrayAttrGetNumElements(argAttrs))
    return mlirAttributeGetNull();
  MlirAttribute dict = mlirArrayAttrGetElement(argAttrs, arg);
  if (!mlirAttributeIsADictionary(dict))
    return mlirAttributeGetNull();
  return mlirDictionaryAttrGetElementByName(
      dict, mlirStringRefCreateFromCString(name));
}

/* Index of the symbol naming dimension `dim` of argument `arg`, from the
 * rbssa.shape argument attribute; -1 if it has none. */
static int dimSymbol(MlirOperation func, int arg, int dim) {
  MlirAttribute symbols = dlcOperationAttrGet(func, "dlcgpu.symbols");
  MlirAttribute shape = argAttr(func, arg, "rbssa.shape");
  if (mlirAttributeIsNull(shape) || mlirAttributeIsNull(symbols) ||
      dim >= mlirArrayAttrGetNumElements(shape))
    return -1;
  MlirAttribute name = mlirArrayAttrGetElement(shape, dim);
  if (!mlirAttributeIsAString(name))
    return -1;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(symbols); ++i)
    if (mlirStringRefEqual(
            mlirStringAttrGetValue(mlirArrayAttrGetElement(symbols, i)),
            mlirStringAttrGetValue(name)))
      return (int)i;
  return -1;
}

/* The size of dimension `d` of argument `arg` (static, or its symbol's
 * value); null after a diagnostic when it is neither. */
static MlirValue dimSize(DlcBuilder *b, MlirOperation func, int arg, int d,
                         int64_t staticSize, const MlirValue *symbolValues) {
  if (!mlirShapedTypeIsDynamicSize(staticSize))
    return dlcLlvmI64(b, staticSize);
  int symbol = dimSymbol(func, arg, d);
  if (symbol >= 0)
    return symbolValues[symbol];
  dlcEmitDiagnostic(func, &dlcUnsupportedOp,
                    "name every dynamic dimension with rbssa.shape",
                    "argument %d dimension %d has no symbolic size", arg, d);
  return (MlirValue){NULL};
}

/* Rebuilds a memref of `type` over `ptr`: row-major over its sizes, or,
 * for a flat memref<?xT> (the skeletons address through strides), one
 * dimension holding every element of the argument's rbssa.shape. Returns
 * null after a diagnostic when a dimension is neither static nor a known
 * symbol. */
static MlirValue buildMemref(DlcBuilder *b, MlirOperation func, int arg,
                             MlirType type, MlirValue ptr,
                             const MlirValue *symbolValues) {
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirValue sizes[8], strides[8];
  MlirAttribute shape = argAttr(func, arg, "rbssa.shape");
  intptr_t logicalRank =
      mlirAttributeIsNull(shape) ? rank : mlirArrayAttrGetNumElements(shape);
  if (rank == 1 && mlirShapedTypeIsDynamicDim(type, 0) &&
      !mlirAttributeIsNull(shape) && logicalRank <= 8) { /* flat */
    sizes[0] = dlcLlvmI64(b, 1);
    for (intptr_t d = 0; d < logicalRank; ++d) {
      MlirAttribute entry = mlirArrayAttrGetElement(shape, d);
      MlirValue size = dimSize(b, func, arg, (int)d,
                               mlirAttributeIsAInteger(entry)
                                   ? mlirIntegerAttrGetValueInt(entry)
                                   : mlirShapedTypeGetDynamicSize(),
                               symbolValues);
      if (mlirValueIsNull(size))
        return size;
      sizes[0] = dlcArith(b, "llvm.mul", sizes[0], size);
    }
  } else {
    for (intptr_t d = 0; d < rank; ++d) {
      sizes[d] = dimSize(b, func, arg, (int)d,
                         mlirShapedTypeGetDimSize(type, d), symbolValues);
      if (mlirValueIsNull(sizes[d]))
        return sizes[d];
    }
  }
  strides[rank - 1] = dlcLlvmI64(b, 1);
  for (intptr_t d = rank - 2; d >= 0; --d)
    strides[d] = dlcArith(b, "llvm.mul", strides[d + 1], sizes[d + 1]);

  MlirValue global =
      dlcBuildValue(b, "llvm.addrspacecast", 1, &ptr,
                    dlcType(b->ctx, "!llvm.ptr<1>"), 0, NULL, NULL);
  /* The same shape in the global address space. */
  int64_t memShape[8];
  for (intptr_t d = 0; d < rank; ++d)
    memShape[d] = mlirShapedTypeGetDimSize(type, d);
  MlirType memref = mlirMemRefTypeGet(
      mlirShapedTypeGetElementType(type), rank, memShape,
      mlirAttributeGetNull(), dlcAttr(b->ctx, "#gpu.address_space<global>"));
  return dlcBuildMemrefOverPointer(b, memref, global, 1, sizes, strides);
}

/* Whether tensor-map argument `arg` is passed by value: a 128-byte
 * __grid_constant__ parameter (manifest kind "tensormap_value"). An
 * optional map stays a device address, since the kernel tests it for 0
 * (left unencoded: it stores from registers instead). */
static bool mapByValue(MlirOperation func, int arg) {
  MlirAttribute optional =
      dlcDictionaryAttrGet(argAttr(func, arg, "dlcgpu.tensormap"), "optional");
  return mlirAttributeIsNull(optional) || !mlirAttributeIsABool(optional) ||
         !mlirBoolAttrGetValue(optional);
}

/* The manifest entry of one kernel (docs/conventions.md), kept on the
 * top-level module as `dlc.kernels` because gpu-module-to-binary replaces
 * the gpu.func: name, grid, block, dynamic shared memory, flops, symbols
 * and the parameters in ABI order. A parameter bound to an intermediate
 * buffer of a program (rbssa.intermediate) says so, so that a host
 * allocates it rather than asking the caller for it. */
static MlirAttribute manifestEntry(MlirOperation func, int numMemrefs,
                                   int numSymbols, int numMaps,
                                   int numWorkspaces, MlirAttribute derived) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirAttribute symbols = dlcOperationAttrGet(func, "dlcgpu.symbols");
  MlirAttribute *params =
      malloc((size_t)(numMemrefs + numSymbols + numMaps + numWorkspaces) *
                 sizeof(*params) +
             1);
  if (!params)
    abort(); /* out of memory: MLIR itself cannot go on either */
  int n = 0;
  for (int i = 0; i < numMemrefs; ++i) {
    /* A tensor stored in another element type (bools as bytes) names its
     * own with dlcgpu.element. */
    MlirAttribute element = argAttr(func, i, "dlcgpu.element");
    const char *dtype = dlcManifestDtype(
        !mlirAttributeIsNull(element) && mlirAttributeIsAType(element)
            ? mlirTypeAttrGetValue(element)
            : mlirShapedTypeGetElementType(
                  mlirValueGetType(mlirBlockGetArgument(body, i))));
    char fallback[32];
    snprintf(fallback, sizeof(fallback), "arg%d", i);
    MlirAttribute name = argAttr(func, i, "rbssa.name");
    MlirAttribute shape = argAttr(func, i, "rbssa.shape");
    MlirAttribute role = argAttr(func, i, "rbssa.role");
    bool intermediate =
        !mlirAttributeIsNull(argAttr(func, i, "rbssa.intermediate"));
    /* A flat buffer renamed to its factors' shape (tiny-unflatten-
     * products): the size the caller allocates, "M * K". */
    MlirAttribute flat = argAttr(func, i, "rbssa.flat");
    MlirNamedAttribute fields[] = {
        dlcNamedAttr(ctx, "name",
                     mlirAttributeIsNull(name) ? dlcStringAttr(ctx, fallback)
                                               : name),
        dlcNamedAttr(ctx, "kind", dlcStringAttr(ctx, "ptr")),
        dlcNamedAttr(ctx, "dtype", dlcStringAttr(ctx, dtype ? dtype : "f64")),
        dlcNamedAttr(ctx, "shape",
                     mlirAttributeIsNull(shape) ? mlirArrayAttrGet(ctx, 0, NULL)
                                                : shape),
        dlcNamedAttr(ctx, "role",
                     mlirAttributeIsNull(role) ? dlcStringAttr(ctx, "input")
                                               : role),
        dlcNamedAttr(ctx, intermediate ? "intermediate" : "flat",
                     intermediate ? mlirBoolAttrGet(ctx, 1) : flat)};
    params[n++] = mlirDictionaryAttrGet(
        ctx, intermediate || !mlirAttributeIsNull(flat) ? 6 : 5, fields);
  }
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(symbols); ++i) {
    MlirNamedAttribute fields[] = {
        dlcNamedAttr(ctx, "name", mlirArrayAttrGetElement(symbols, i)),
        dlcNamedAttr(ctx, "kind", dlcStringAttr(ctx, "i64"))};
    params[n++] = mlirDictionaryAttrGet(ctx, 2, fields);
  }
  /* A TMA tensor map (SM90): the host encodes it over the named tensor's
   * buffer and passes its device address (docs/conventions.md). */
  for (int i = 0; i < numMaps; ++i) {
    MlirAttribute map =
        argAttr(func, numMemrefs + numSymbols + i, "dlcgpu.tensormap");
    intptr_t numFields = mlirDictionaryAttrGetNumElements(map);
    MlirNamedAttribute fields[2 + MaxMapFields];
    MlirStringRef tensor =
        mlirStringAttrGetValue(mlirDictionaryAttrGetElementByName(
            map, mlirStringRefCreateFromCString("tensor")));
    /* "<tensor>.map", whole however long the tensor's name (owned). */
    char *name = malloc(tensor.length + sizeof(".map"));
    if (!name)
      abort(); /* out of memory, as above */
    memcpy(name, tensor.data, tensor.length);
    memcpy(name + tensor.length, ".map", sizeof(".map"));
    fields[0] = dlcNamedAttr(ctx, "name", dlcStringAttr(ctx, name));
    free(name);
    fields[1] = dlcNamedAttr(
        ctx, "kind",
        dlcStringAttr(ctx, mapByValue(func, numMemrefs + numSymbols + i)
                               ? "tensormap_value"
                               : "tensormap"));
    for (intptr_t f = 0; f < numFields; ++f)
      fields[2 + f] = mlirDictionaryAttrGetElement(map, f);
    params[n++] = mlirDictionaryAttrGet(ctx, 2 + numFields, fields);
  }
  /* A workspace (SM90 split-K): the host allocates its bytes, zeroed
   * once, and keeps it for the kernel's launches. */
  for (int i = 0; i < numWorkspaces; ++i) {
    int arg = numMemrefs + numSymbols + numMaps + i;
    MlirNamedAttribute fields[] = {
        dlcNamedAttr(ctx, "name", dlcStringAttr(ctx, "workspace")),
        dlcNamedAttr(ctx, "kind", dlcStringAttr(ctx, "workspace")),
        dlcNamedAttr(ctx, "bytes", argAttr(func, arg, "dlcgpu.workspace"))};
    params[n++] = mlirDictionaryAttrGet(ctx, 3, fields);
  }
  MlirNamedAttribute entry[] = {
      dlcNamedAttr(ctx, "kernel", dlcOperationAttrGet(func, "sym_name")),
      dlcNamedAttr(ctx, "symbols", symbols),
      dlcNamedAttr(ctx, "params", mlirArrayAttrGet(ctx, n, params)),
      dlcNamedAttr(ctx, "grid", dlcOperationAttrGet(func, "dlcgpu.grid")),
      dlcNamedAttr(ctx, "block", dlcOperationAttrGet(func, "dlcgpu.block")),
      /* The skeleton's buffers live in the launch's dynamic shared memory. */
      dlcNamedAttr(ctx, "dynamic_smem_bytes",
                   dlcOperationAttrGet(func, "dlcgpu.smem_bytes")),
      dlcNamedAttr(ctx, "flops", dlcOperationAttrGet(func, "dlcgpu.flops")),
      /* CTAs that wait for each other (SM90 split-K; "split": a split
       * row's, where grid y > 1): launched so that all are resident, or
       * not at all. */
      dlcNamedAttr(ctx, "cooperative",
                   dlcOperationAttrGet(func, "dlcgpu.cooperative")),
      /* CTAs launched together as a thread-block cluster (x, y, z). */
      dlcNamedAttr(ctx, "cluster", dlcOperationAttrGet(func, "dlcgpu.cluster")),
      /* The plan and the cost model's estimate, for the §13 log (dlc-run
       * --log); the estimate only when the planner made one. */
      dlcNamedAttr(ctx, "plan", dlcOperationAttrGet(func, "dlcgpu.plan")),
      dlcNamedAttr(ctx, "estimate",
                   dlcOperationAttrGet(func, "dlcgpu.estimate")),
      /* Derived symbols: the host computes them from their formulas. */
      dlcNamedAttr(ctx, "derived", derived),
      /* The module's repack kernel (added with every TMA load) takes any
       * grid; the runtime launches a block per this many items. */
      dlcNamedAttr(ctx, "repack_items",
                   numMaps > 0 ? dlcI64Attr(ctx, dlcRepackKernelItems)
                               : mlirAttributeGetNull())};
  free(params);
  intptr_t count = 0;
  for (size_t i = 0; i < sizeof(entry) / sizeof(entry[0]); ++i)
    if (!mlirAttributeIsNull(entry[i].attribute))
      entry[count++] = entry[i];
  return mlirDictionaryAttrGet(ctx, count, entry);
}

static bool malformed(MlirOperation func, const char *why);

/* The manifest's "derived": each derived symbol of `func` (dlc.derived)
 * with its formula over the free symbols of dlcgpu.symbols ("H + 2"); null
 * when there are none. False after a diagnostic when a definition is bad or
 * names a symbol the kernel does not take. */
static bool derivedFormulas(MlirOperation func, MlirAttribute *out) {
  *out = mlirAttributeGetNull();
  if (mlirAttributeIsNull(dlcOperationAttrGet(func, "dlc.derived")))
    return true;
  MlirContext ctx = mlirOperationGetContext(func);
  MlirAttribute symbols = dlcOperationAttrGet(func, "dlcgpu.symbols");
  intptr_t count = mlirArrayAttrGetNumElements(symbols);
  MlirStringRef *names = malloc((size_t)count * sizeof(*names) + 1);
  if (!names)
    abort(); /* out of memory: MLIR itself cannot go on either */
  for (intptr_t i = 0; i < count; ++i)
    names[i] = mlirStringAttrGetValue(mlirArrayAttrGetElement(symbols, i));
  DlcSymbolTable table = {0};
  bool ok = mlirLogicalResultIsSuccess(
      dlcSymbolTableFromNames(&table, func, names, (int)count));
  free(names);
  int numFree = dlcSymbolTableNumFree(&table);
  MlirNamedAttribute *fields =
      malloc((size_t)(table.count - numFree) * sizeof(*fields) + 1);
  if (!fields)
    abort();
  int n = 0;
  for (int i = numFree; ok && i < table.count; ++i) {
    char formula[512];
    ok = dlcSymbolTableFormatDefinition(&table, i, formula, sizeof(formula));
    if (!ok)
      malformed(func, "a derived symbol's formula exceeds 511 characters");
    else
      fields[n++] = mlirNamedAttributeGet(
          mlirIdentifierGet(ctx, table.names[i]),
          mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(formula)));
  }
  if (ok)
    *out = mlirDictionaryAttrGet(ctx, n, fields);
  free(fields);
  dlcSymbolTableClear(&table);
  return ok;
}

/* Appends `entry` to the module's `dlc.kernels`, however many kernels
 * there are. */
static void recordManifest(MlirOperation module, MlirAttribute entry) {
  MlirStringRef name = mlirStringRefCreateFromCString("dlc.kernels");
  MlirAttribute old = mlirOperationGetAttributeByName(module, name);
  intptr_t n = mlirAttributeIsNull(old) ? 0 : mlirArrayAttrGetNumElements(old);
  MlirAttribute *entries = malloc((size_t)(n + 1) * sizeof(MlirAttribute));
  if (!entries)
    abort(); /* out of memory: MLIR itself cannot go on either */
  for (intptr_t i = 0; i < n; ++i)
    entries[i] = mlirArrayAttrGetElement(old, i);
  entries[n] = entry;
  mlirOperationSetAttributeByName(
      module, name,
      mlirArrayAttrGet(mlirOperationGetContext(module), n + 1, entries));
  free(entries);
}

static bool malformed(MlirOperation func, const char *why) {
  dlcEmitDiagnostic(func, &dlcSkeletonMalformed,
                    "kernels come from convert-plan-to-dlcgpu; a hand-written "
                    "one carries the attributes docs/dialects/dlcgpu.md lists",
                    "%s", why);
  return false;
}

static bool isStringArray(MlirAttribute a) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a))
    return false;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(a); ++i)
    if (!mlirAttributeIsAString(mlirArrayAttrGetElement(a, i)))
      return false;
  return true;
}

static bool isInteger(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a);
}

/* The launch facts the manifest and the gpu.func take from the kernel:
 * every one present and of its kind, before anything reads them. */
/* dlcgpu.cluster: three CTA counts from 1 to 8, at most 8 in all. */
static bool validCluster(MlirAttribute a) {
  if (!mlirAttributeIsADenseI64Array(a) || mlirDenseArrayGetNumElements(a) != 3)
    return false;
  int64_t ctas = 1;
  for (intptr_t i = 0; i < 3; ++i) {
    int64_t n = mlirDenseI64ArrayGetElement(a, i);
    if (n < 1 || n > 8)
      return false;
    ctas *= n;
  }
  return ctas <= 8;
}

static bool checkLaunchAttrs(MlirOperation func, int numSymbols) {
  MlirAttribute symbols = dlcOperationAttrGet(func, "dlcgpu.symbols");
  if (!isStringArray(symbols) ||
      mlirArrayAttrGetNumElements(symbols) != numSymbols)
    return malformed(func, "dlcgpu.symbols must be an array of strings, one "
                           "per index argument");
  MlirAttribute grid = dlcOperationAttrGet(func, "dlcgpu.grid");
  if (!isStringArray(grid) || mlirArrayAttrGetNumElements(grid) != 3)
    return malformed(func, "dlcgpu.grid must be an array of 3 strings "
                           "(expressions over the symbols)");
  MlirAttribute block = dlcOperationAttrGet(func, "dlcgpu.block");
  bool blockOk = !mlirAttributeIsNull(block) &&
                 mlirAttributeIsADenseI64Array(block) &&
                 mlirDenseArrayGetNumElements(block) == 3;
  for (int i = 0; blockOk && i < 3; ++i) {
    int64_t size = mlirDenseI64ArrayGetElement(block, i);
    blockOk = size >= 1 && size <= 1024;
  }
  if (!blockOk)
    return malformed(func, "dlcgpu.block must be array<i64: x, y, z> with "
                           "each size in [1, 1024]");
  MlirAttribute smem = dlcOperationAttrGet(func, "dlcgpu.smem_bytes");
  if (!isInteger(smem) || mlirIntegerAttrGetValueInt(smem) < 0)
    return malformed(func, "dlcgpu.smem_bytes must be a non-negative integer");
  MlirAttribute flops = dlcOperationAttrGet(func, "dlcgpu.flops");
  if (mlirAttributeIsNull(flops) || !mlirAttributeIsAString(flops))
    return malformed(func, "dlcgpu.flops must be a string (an expression "
                           "over the symbols)");
  MlirAttribute minBlocks =
      dlcOperationAttrGet(func, "dlcgpu.min_blocks_per_sm");
  if (!mlirAttributeIsNull(minBlocks) &&
      (!isInteger(minBlocks) || mlirIntegerAttrGetValueInt(minBlocks) < 1 ||
       mlirIntegerAttrGetValueInt(minBlocks) > INT32_MAX))
    return malformed(func, "dlcgpu.min_blocks_per_sm must be a positive "
                           "32-bit integer");
  MlirAttribute cooperative = dlcOperationAttrGet(func, "dlcgpu.cooperative");
  if (!mlirAttributeIsNull(cooperative) && !mlirAttributeIsABool(cooperative) &&
      !(mlirAttributeIsAString(cooperative) &&
        mlirStringRefEqual(mlirStringAttrGetValue(cooperative),
                           mlirStringRefCreateFromCString("split"))))
    return malformed(func, "dlcgpu.cooperative must be a bool or \"split\" "
                           "(cooperative where grid y is more than 1)");
  MlirAttribute cluster = dlcOperationAttrGet(func, "dlcgpu.cluster");
  if (!mlirAttributeIsNull(cluster) && !validCluster(cluster))
    return malformed(func, "dlcgpu.cluster must be array<i64: x, y, z>, each "
                           "from 1 to 8 and at most 8 CTAs in all (the "
                           "portable cluster size)");
  return true;
}

/* A tensor-map argument names its tensor in a dictionary of few fields. */
static bool checkTensorMap(MlirOperation func, int arg) {
  MlirAttribute map = argAttr(func, arg, "dlcgpu.tensormap");
  MlirAttribute tensor = dlcDictionaryAttrGet(map, "tensor");
  if (mlirAttributeIsNull(tensor) || !mlirAttributeIsAString(tensor) ||
      mlirDictionaryAttrGetNumElements(map) > MaxMapFields)
    return malformed(func, "dlcgpu.tensormap must be a dictionary naming its "
                           "'tensor', with at most 14 fields");
  return true;
}

/* A tensor argument: at most MaxRank dimensions; its rbssa.shape (sizes
 * and symbol names), rbssa.name and rbssa.role, when present, of their
 * kinds. */
static bool checkTensorAttrs(MlirOperation func, int arg, MlirType type) {
  if (mlirShapedTypeGetRank(type) > MaxRank)
    return malformed(func, "a tensor argument has more than 8 dimensions");
  MlirAttribute shape = argAttr(func, arg, "rbssa.shape");
  bool ok = mlirAttributeIsNull(shape) || mlirAttributeIsAArray(shape);
  intptr_t rank = ok && !mlirAttributeIsNull(shape)
                      ? mlirArrayAttrGetNumElements(shape)
                      : 0;
  for (intptr_t d = 0; ok && d < rank; ++d) {
    MlirAttribute size = mlirArrayAttrGetElement(shape, d);
    ok = mlirAttributeIsAString(size) || mlirAttributeIsAInteger(size);
  }
  const char *strings[] = {"rbssa.name", "rbssa.role"};
  for (int i = 0; ok && i < 2; ++i) {
    MlirAttribute a = argAttr(func, arg, strings[i]);
    ok = mlirAttributeIsNull(a) || mlirAttributeIsAString(a);
  }
  return ok || malformed(func, "a tensor argument's rbssa.shape must be an "
                               "array of sizes and symbol names, its "
                               "rbssa.name and rbssa.role strings");
}

/* Counts the arguments by kind: tensors (memrefs of at most MaxRank
 * dimensions), then symbols (index), then tensor-map addresses (i64 with
 * dlcgpu.tensormap), then at most one workspace (memref<?xi32> with
 * dlcgpu.workspace, its positive size in bytes), at most MaxParams in
 * all. */
static bool classifyArgs(MlirOperation func, int *numMemrefs, int *numSymbols,
                         int *numMaps, int *numWorkspaces) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  int numArgs = (int)mlirBlockGetNumArguments(body);
  if (numArgs > MaxParams) {
    dlcEmitDiagnostic(func, &dlcUnsupportedOp,
                      "split the graph into smaller kernels, or pass fewer "
                      "tensors and sizes",
                      "the kernel has %d parameters; CUDA passes at most %d "
                      "bytes of them, %d 8-byte parameters",
                      numArgs, 4096, (int)MaxParams);
    return false;
  }
  /* kinds[0..3]: memrefs, symbols, maps, workspaces; each argument's kind
   * may not come before the previous one's. */
  int counts[4] = {0, 0, 0, 0}, last = 0;
  for (int i = 0; i < numArgs; ++i) {
    MlirType t = mlirValueGetType(mlirBlockGetArgument(body, i));
    bool isMap = !mlirAttributeIsNull(argAttr(func, i, "dlcgpu.tensormap"));
    MlirAttribute bytes = argAttr(func, i, "dlcgpu.workspace");
    if (!mlirAttributeIsNull(bytes)) {
      if (!mlirTypeIsAMemRef(t) || !isInteger(bytes) ||
          mlirIntegerAttrGetValueInt(bytes) < 1 || counts[3] > 0 || isMap)
        return malformed(func, "a kernel has at most one dlcgpu.workspace "
                               "argument: a memref whose attribute is its "
                               "positive size in bytes");
      counts[3]++;
      last = 3;
      continue;
    }
    int kind =
        mlirTypeIsAMemRef(t) && !isMap  ? 0
        : mlirTypeIsAIndex(t) && !isMap ? 1
        : isMap && mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 64
            ? 2
            : -1;
    if (kind < last) {
      dlcEmitDiagnostic(func, &dlcUnsupportedOp,
                        "give a kernel tensors (memrefs), then symbols "
                        "(index), then tensor-map addresses (i64 with "
                        "dlcgpu.tensormap), then its workspace",
                        kind < 0 ? "a kernel argument is none of these"
                                 : "a kernel argument is out of this order");
      return false;
    }
    if (kind == 0 && !checkTensorAttrs(func, i, t))
      return false;
    if (kind == 2 && !checkTensorMap(func, i))
      return false;
    counts[kind]++;
    last = kind;
  }
  *numMemrefs = counts[0], *numSymbols = counts[1], *numMaps = counts[2];
  *numWorkspaces = counts[3];
  return true;
}

static bool outlineOne(MlirOperation func, MlirOperation gpuModule) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirBlock oldBody = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  int numArgs = (int)mlirBlockGetNumArguments(oldBody);
  int numMemrefs, numSymbols, numMaps, numWorkspaces;
  MlirAttribute derived;
  if (!classifyArgs(func, &numMemrefs, &numSymbols, &numMaps, &numWorkspaces) ||
      !checkLaunchAttrs(func, numSymbols) || !derivedFormulas(func, &derived))
    return false;
  /* Owned here: the gpu.func's parameter types and the values replacing
   * the old arguments (numArgs each, the first numSymbols of symbolI64). */
  MlirType *params = malloc((size_t)numArgs * sizeof(MlirType) + 1);
  MlirValue *values = malloc(2 * (size_t)numArgs * sizeof(MlirValue) + 1);
  if (!params || !values)
    abort(); /* out of memory: MLIR itself cannot go on either */
  MlirValue *symbolI64 = values, *replacement = values + numArgs;
  MlirType ptr = dlcType(ctx, "!llvm.ptr"), i64 = mlirIntegerTypeGet(ctx, 64);
  /* The by-value maps' argument numbers, for dlc-tensormap-params. */
  int64_t *byValue = malloc((size_t)numMaps * sizeof(int64_t) + 1);
  if (!byValue)
    abort(); /* out of memory, as above */
  int numByValue = 0;
  for (int i = 0; i < numArgs; ++i) {
    bool isMap = i >= numMemrefs + numSymbols && i < numArgs - numWorkspaces;
    bool mapValue = isMap && mapByValue(func, i);
    if (mapValue)
      byValue[numByValue++] = i;
    bool isMemref =
        mlirTypeIsAMemRef(mlirValueGetType(mlirBlockGetArgument(oldBody, i)));
    params[i] = isMemref || mapValue ? ptr : i64;
  }
  recordManifest(mlirOperationGetParentOperation(func),
                 manifestEntry(func, numMemrefs, numSymbols, numMaps,
                               numWorkspaces, derived));

  MlirAttribute block = dlcOperationAttrGet(func, "dlcgpu.block");
  int32_t blockSize[3];
  for (int i = 0; i < 3; ++i)
    blockSize[i] = (int32_t)mlirDenseI64ArrayGetElement(block, i);

  /* Keep the launch facts for the manifest on the gpu.func. */
  /* The block size bounds ptxas's register allocation (nvvm.maxntid); the
   * skeleton's residency goal, when it has one, becomes nvvm.minctasm. */
  const char *names[] = {"function_type", "known_block_size", "sym_name",
                         "gpu.kernel",    "nvvm.maxntid",     "nvvm.minctasm"};
  MlirAttribute minBlocks =
      dlcOperationAttrGet(func, "dlcgpu.min_blocks_per_sm");
  MlirAttribute attrs[] = {
      mlirTypeAttrGet(mlirFunctionTypeGet(ctx, numArgs, params, 0, NULL)),
      mlirDenseI32ArrayGet(ctx, 3, blockSize),
      dlcOperationAttrGet(func, "sym_name"),
      mlirUnitAttrGet(ctx),
      mlirDenseI32ArrayGet(ctx, 3, blockSize),
      mlirAttributeIsNull(minBlocks)
          ? minBlocks
          : mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 32),
                               mlirIntegerAttrGetValueInt(minBlocks))};
  int numAttrs = mlirAttributeIsNull(minBlocks) ? 5 : 6;
  MlirBlock gpuBody =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(gpuModule, 0));
  DlcBuilder b = dlcBuilderAtEnd(gpuBody, mlirOperationGetLocation(func));
  MlirBlock entry;
  MlirOperation kernel =
      dlcBuildWithRegion(&b, "gpu.func", 0, NULL, 0, NULL, numAttrs, names,
                         attrs, numArgs, params, &entry);
  if (numByValue > 0)
    mlirOperationSetAttributeByName(
        kernel, mlirStringRefCreateFromCString(dlcByValueMapsAttr),
        mlirDenseI64ArrayGet(ctx, numByValue, byValue));

  b = dlcBuilderAtEnd(entry, b.loc);
  for (int i = 0; i < numSymbols; ++i) {
    symbolI64[i] = mlirBlockGetArgument(entry, numMemrefs + i);
    replacement[numMemrefs + i] =
        dlcIndexCast(&b, symbolI64[i], mlirIndexTypeGet(ctx));
  }
  int firstWorkspace = numArgs - numWorkspaces;
  /* The body takes each map as its i64 address: a by-value map's is the
   * parameter's (generic) address. */
  for (int i = numMemrefs + numSymbols; i < firstWorkspace; ++i)
    replacement[i] = mlirBlockGetArgument(entry, i);
  for (int j = 0; j < numByValue; ++j)
    replacement[byValue[j]] = dlcBuildValue(
        &b, "llvm.ptrtoint", 1, &replacement[byValue[j]], i64, 0, NULL, NULL);
  free(byValue);
  for (int i = 0; i < numArgs; ++i) {
    /* Tensors and the workspace are memrefs over their pointer. */
    if (i >= numMemrefs && i < firstWorkspace)
      continue;
    replacement[i] = buildMemref(
        &b, func, i, mlirValueGetType(mlirBlockGetArgument(oldBody, i)),
        mlirBlockGetArgument(entry, i), symbolI64);
    if (mlirValueIsNull(replacement[i])) {
      free(params);
      free(values);
      return false;
    }
  }
  for (int i = 0; i < numArgs; ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(oldBody, i),
                                  replacement[i]);

  /* Move the body over; func.return becomes gpu.return. */
  MlirOperation ret =
      dlcBuild(&b, "gpu.return", 0, NULL, 0, NULL, 0, NULL, NULL);
  MlirOperation op = mlirBlockGetFirstOperation(oldBody);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    if (!mlirStringRefEqual(name,
                            mlirStringRefCreateFromCString("func.return")))
      mlirOperationMoveBefore(op, ret);
    op = next;
  }
  mlirOperationDestroy(func);
  free(params);
  free(values);
  return true;
}

bool dlcOutlineKernels(MlirOperation module, MlirOperation gpuModule) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  bool ok = true;
  MlirOperation op = mlirBlockGetFirstOperation(body);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (!mlirAttributeIsNull(dlcOperationAttrGet(op, "dlcgpu.kernel")))
      ok &= outlineOne(op, gpuModule);
    op = next;
  }
  return ok;
}
