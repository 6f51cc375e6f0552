/* convert-plan-to-dlcgpu: injects the schedule plan into the fixed GPU
 * skeleton (spec §9, §10 step 7). Each rbssa region that carries a
 * plan.schedule becomes one kernel: a func.func marked dlcgpu.kernel whose
 * arguments are the region's memrefs followed by one index per symbol, and
 * whose body is the SM80 skeleton (Sm80Gemm.c) in dlcgpu ops. The launch
 * geometry and the ABI facts the manifest needs are recorded as
 * attributes on the kernel (dlcgpu.grid, dlcgpu.block, dlcgpu.smem_bytes,
 * dlcgpu.symbols, dlcgpu.flops). */
#include "Builder.h"
#include "GemmProblem.h"
#include "PassDef.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdio.h>
#include <string.h>

/* Dynamic shared memory one CTA may opt into on SM80 (163 KiB) and SM90
 * (227 KiB); the skeleton keeps to the smaller so one kernel serves both. */
enum { MaxArgs = 16, SmemLimit = 163 * 1024, SmemPerSM = 228 * 1024 };

static MlirAttribute attrOf(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op,
                                         mlirStringRefCreateFromCString(name));
}

static bool isOp(MlirOperation op, const char *name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == strlen(name) && memcmp(n.data, name, n.length) == 0;
}

static MlirOperation findSchedule(MlirOperation func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (isOp(op, "plan.schedule"))
      return op;
  return (MlirOperation){NULL};
}

static bool readI64s(MlirAttribute a, int n, int64_t *out) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a) ||
      mlirDenseArrayGetNumElements(a) != n)
    return false;
  for (int i = 0; i < n; ++i)
    out[i] = mlirDenseI64ArrayGetElement(a, i);
  return true;
}

static bool reject(MlirOperation op, const char *why) {
  dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                    "choose tile = [BM, BN, BK] with BK in {16, 32, 64}, warp "
                    "tiles that divide the CTA tile in multiples of 16, and at "
                    "most 163 KiB of shared memory over all stages",
                    "%s", why);
  return false;
}

/* Reads and checks the plan fields the SM80 skeleton uses. */
static bool readTiling(MlirOperation schedule, DlcGemmTiling *t) {
  int64_t tile[3], warp[2];
  if (!readI64s(attrOf(schedule, "tile"), 3, tile) ||
      !readI64s(attrOf(schedule, "warp_tile"), 2, warp))
    return reject(schedule, "tile must hold 3 and warp_tile 2 integers");
  MlirAttribute stages = attrOf(schedule, "stages");
  t->tileM = tile[0], t->tileN = tile[1], t->tileK = tile[2];
  t->warpM = warp[0], t->warpN = warp[1];
  t->stages = mlirIntegerAttrGetValueInt(stages);
  if (t->tileK % 16 || t->tileK > 64 || t->warpM % 16 || t->warpN % 16 ||
      t->warpM <= 0 || t->warpN <= 0 || t->tileM % t->warpM ||
      t->tileN % t->warpN || t->warpM > 128 || t->warpN > 128)
    return reject(schedule, "the tile and warp tile do not fit the "
                            "m16n8k16 fragment layout");
  int64_t threads = 32 * (t->tileM / t->warpM) * (t->tileN / t->warpN);
  int64_t chunksA = t->tileM * t->tileK / 8, chunksB = t->tileK * t->tileN / 8;
  if (threads > 1024 || chunksA % threads || chunksB % threads ||
      chunksA / threads > 8 || chunksB / threads > 8 ||
      (t->warpM / 16) * (t->warpN / 8) > 64 || t->tileN % 64)
    return reject(schedule, "the tile does not split evenly into 16-byte "
                            "copies and fragments over the CTA's threads");
  if (t->stages * (chunksA + chunksB) * 16 > SmemLimit)
    return reject(schedule, "the stages need more than 163 KiB of shared "
                            "memory");
  return true;
}

static MlirAttribute str(MlirContext ctx, const char *s) {
  return mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(s));
}

/* The symbol name of symbol `index` (or "1" for an absent axis). */
static void symbolName(MlirOperation func, int index, char *out, size_t size) {
  MlirAttribute symbols = attrOf(func, "rbssa.symbols");
  if (index < 0) {
    snprintf(out, size, "1");
    return;
  }
  MlirStringRef s =
      mlirStringAttrGetValue(mlirArrayAttrGetElement(symbols, index));
  snprintf(out, size, "%.*s", (int)s.length, s.data);
}

/* Builds the kernel function next to `region` and returns it. */
static MlirOperation buildKernel(MlirOperation region, const DlcGemmProblem *p,
                                 const DlcGemmTiling *t, int *numMemrefs) {
  MlirContext ctx = mlirOperationGetContext(region);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(region, 0));
  MlirAttribute symbols = attrOf(region, "rbssa.symbols");
  int numArgs = (int)mlirBlockGetNumArguments(body);
  int numSymbols = (int)mlirArrayAttrGetNumElements(symbols);
  MlirType types[MaxArgs];
  MlirAttribute argAttrs[MaxArgs];
  MlirAttribute regionArgAttrs = attrOf(region, "arg_attrs");
  for (int i = 0; i < numArgs; ++i) {
    types[i] = mlirValueGetType(mlirBlockGetArgument(body, i));
    argAttrs[i] = mlirArrayAttrGetElement(regionArgAttrs, i);
  }
  for (int i = 0; i < numSymbols; ++i) {
    types[numArgs + i] = mlirIndexTypeGet(ctx);
    MlirNamedAttribute name = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("dlcgpu.symbol")),
        mlirArrayAttrGetElement(symbols, i));
    argAttrs[numArgs + i] = mlirDictionaryAttrGet(ctx, 1, &name);
  }
  int total = numArgs + numSymbols;
  *numMemrefs = numArgs;

  char gridX[128], nName[32], mName[32], kName[32], flops[128];
  symbolName(region, p->symN, nName, sizeof(nName));
  symbolName(region, p->symM, mName, sizeof(mName));
  symbolName(region, p->symK, kName, sizeof(kName));
  /* One block per CTA tile, in a 1-D grid (the kernel rasterises it); an
   * absent axis (a dot form) contributes one tile. */
  char rowsText[48] = "1", colsText[48] = "1";
  if (p->hasM)
    snprintf(rowsText, sizeof(rowsText), "ceildiv(%s, %lld)", mName,
             (long long)t->tileM);
  if (p->hasN)
    snprintf(colsText, sizeof(colsText), "ceildiv(%s, %lld)", nName,
             (long long)t->tileN);
  snprintf(gridX, sizeof(gridX), "%s*%s", rowsText, colsText);
  if (p->hasM && p->hasN)
    snprintf(flops, sizeof(flops), "2*%s*%s*%s", mName, nName, kName);
  else
    snprintf(flops, sizeof(flops), "2*%s*%s", p->hasM ? mName : nName, kName);
  MlirAttribute grid[] = {str(ctx, gridX), str(ctx, "1"), str(ctx, "1")};
  int64_t threads = 32 * (t->tileM / t->warpM) * (t->tileN / t->warpN);
  int64_t block[] = {threads, 1, 1};
  int64_t smem = t->stages * (t->tileM * t->tileK + t->tileK * t->tileN) * 2;

  /* Two CTAs per SM when their registers fit (accumulators plus about 80
   * for fragments and addresses per thread): the second CTA's MMAs hide
   * the first one's barrier and copy waits. */
  int64_t regs = t->warpM * t->warpN / 32 + 80;
  int64_t minBlocks =
      2 * regs * threads <= 65536 && 2 * (smem + 1024) <= SmemPerSM ? 2 : 1;

  MlirAttribute name = attrOf(region, "rbssa.region");
  const char *names[] = {"sym_name",          "function_type",
                         "arg_attrs",         "dlcgpu.kernel",
                         "dlcgpu.grid",       "dlcgpu.block",
                         "dlcgpu.smem_bytes", "dlcgpu.symbols",
                         "dlcgpu.flops",      "dlcgpu.min_blocks_per_sm"};
  MlirAttribute attrs[] = {
      name,
      mlirTypeAttrGet(mlirFunctionTypeGet(ctx, total, types, 0, NULL)),
      mlirArrayAttrGet(ctx, total, argAttrs),
      mlirUnitAttrGet(ctx),
      mlirArrayAttrGet(ctx, 3, grid),
      mlirDenseI64ArrayGet(ctx, 3, block),
      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), smem),
      symbols,
      str(ctx, flops),
      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), minBlocks)};
  DlcBuilder b = dlcBuilderBefore(region);
  MlirBlock kernelBody;
  MlirOperation kernel =
      dlcBuildWithRegion(&b, "func.func", 0, NULL, 0, NULL, 10, names, attrs,
                         total, types, &kernelBody);
  return kernel;
}

static bool convertRegion(MlirOperation region) {
  MlirOperation schedule = findSchedule(region);
  if (mlirOperationIsNull(schedule))
    return true; /* no plan yet: nothing to inject */
  DlcGemmTiling tiling;
  DlcGemmProblem problem;
  if (!readTiling(schedule, &tiling) || !dlcMatchGemm(region, &problem))
    return false;
  int numMemrefs = 0;
  MlirOperation kernel = buildKernel(region, &problem, &tiling, &numMemrefs);
  dlcEmitSm80Gemm(kernel, &problem, &tiling, numMemrefs);
  mlirOperationDestroy(region);
  return true;
}

static void runPlanToDLCGPU(MlirOperation module, MlirExternalPass pass,
                            const DlcPassOptions *options) {
  (void)options;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirOperation op = mlirBlockGetFirstOperation(body);
  bool ok = true;
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (isOp(op, "func.func") &&
        !mlirAttributeIsNull(attrOf(op, "rbssa.region")))
      ok &= convertRegion(op);
    op = next;
  }
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const DlcDialectHandleGetter dependentDialects[] = {
    mlirGetDialectHandle__arith__,
    mlirGetDialectHandle__func__,
    mlirGetDialectHandle__gpu__,
    mlirGetDialectHandle__memref__,
    mlirGetDialectHandle__scf__,
    mlirGetDialectHandle__vector__,
    NULL};

const DlcPassDef dlcPlanToDLCGPUPass = {
    {"convert-plan-to-dlcgpu",
     "Inject each region's schedule plan into the SM80 GPU skeleton "
     "(cp.async, ldmatrix, mma.sync, epilogue on accumulators)",
     "builtin.module", 0, NULL},
    runPlanToDLCGPU,
    dependentDialects,
};
