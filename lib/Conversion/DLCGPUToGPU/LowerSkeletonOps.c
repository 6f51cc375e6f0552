/* dlcgpu → upstream: each skeleton op becomes the upstream op(s) that mean
 * the same on SM80 (spec §9.1, §9.2):
 *
 *   smem_alloc        a view at a fixed offset of the launch's dynamic
 *                     shared memory (@dlc_smem)
 *   cp_async          nvgpu.device_async_copy (zero-fill by source size)
 *   commit_group      nvgpu.device_async_create_group, or
 *                     nvvm.cp.async.commit.group when its copies sit in
 *                     branches (their tokens do not reach the commit)
 *   wait_group        nvgpu.device_async_wait {numGroups = pending}, or
 *                     nvvm.cp.async.wait.group for such a group
 *   barrier           gpu.barrier
 *   ldmatrix          nvgpu.ldmatrix
 *   acc_init          arith.constant splat
 *   mma_sync          nvgpu.mma.sync (f16); nvvm.mma.sync on packed i32
 *                     operands for bf16, which nvgpu does not take
 *   epilogue          its steps as arith/math on the accumulator vector,
 *                     truncf to the output type
 *   store_vec         scf.if pred { vector.store }
 *
 * Load tokens become nvgpu async tokens; compute and epilogue tokens only
 * order the skeleton and disappear. The SM90 ops (barriers, tma_load,
 * mbarrier_*, wgmma) are LowerSm90Ops.c's. */
#include "Builder.h"
#include "DLCGPUChecks.h"
#include "DLCGPUToGPU.h"
#include "DialectNames.h"
#include "KernelProblem.h"
#include "LowerSkeleton.h"
#include "StepMath.h"
#include "dlc/IR.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct TokenMap {
  MlirValue *from, *to;
  int count, capacity;
} TokenMap;

struct Lowering {
  MlirOperation gpuModule;
  TokenMap tokens;
  bool smemDeclared;      /* @dlc_smem exists in gpuModule */
  MlirOperation smemFunc; /* the kernel whose buffers are being placed */
  int64_t smemOffset;     /* bytes of its dynamic shared memory used */
  bool smemRounded;       /* its buffers start on a 1 KiB boundary */
  bool failed;
};
typedef struct Lowering Lowering;

static void mapToken(Lowering *l, MlirValue from, MlirValue to) {
  TokenMap *m = &l->tokens;
  if (m->count == m->capacity) {
    m->capacity = m->capacity ? 2 * m->capacity : 64;
    m->from = realloc(m->from, (size_t)m->capacity * sizeof(MlirValue));
    m->to = realloc(m->to, (size_t)m->capacity * sizeof(MlirValue));
  }
  m->from[m->count] = from;
  m->to[m->count++] = to;
}

static MlirValue lookupToken(Lowering *l, MlirValue from) {
  for (int i = l->tokens.count - 1; i >= 0; --i)
    if (mlirValueEqual(l->tokens.from[i], from))
      return l->tokens.to[i];
  return (MlirValue){NULL};
}

void dlcLoweringMap(DlcLowering *l, MlirValue from, MlirValue to) {
  mapToken(l, from, to);
}

MlirValue dlcLoweringLookup(DlcLowering *l, MlirValue from) {
  return lookupToken(l, from);
}

MlirOperation dlcLoweringGetGpuModule(DlcLowering *l) { return l->gpuModule; }

static MlirType asyncToken(MlirContext ctx) {
  return dlcType(ctx, "!nvgpu.device.async.token");
}

static MlirValue operand(MlirOperation op, intptr_t i) {
  return mlirOperationGetOperand(op, i);
}

/* The launch's dynamic shared memory: one external, zero-sized array per
 * gpu.module, so NVPTX prints `.extern .shared .align 16 .b8 dlc_smem[]`
 * (gpu.dynamic_shared_memory would become a 1-byte static array). */
static void declareDynamicSmem(Lowering *l) {
  if (l->smemDeclared)
    return;
  MlirContext ctx = mlirOperationGetContext(l->gpuModule);
  MlirOperation global = mlirOperationCreateParse(
      ctx,
      mlirStringRefCreateFromCString(
          "llvm.mlir.global external @dlc_smem() {addr_space = 3 : i32, "
          "alignment = 16 : i64} : !llvm.array<0 x i8>"),
      mlirStringRefCreateFromCString("dlc-dynamic-smem"));
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(l->gpuModule, 0));
  mlirBlockInsertOwnedOperation(body, 0, global);
  l->smemDeclared = true;
}

/* Whether the buffers placed so far, `end` bytes (plus the rounding of a
 * 1 KiB-aligned start: up to 1008 bytes past the 16 guaranteed), fit the
 * dynamic shared memory the kernel launches with (dlcgpu.smem_bytes of the
 * enclosing kernel); E1606 at `op` otherwise — past it the buffers would
 * overlap whatever follows or fault. */
static bool smemFits(MlirOperation op, int64_t end, bool rounded) {
  /* The kernel's dlcgpu.smem_bytes, or once outlined its dlc.kernels
   * entry's dynamic_smem_bytes (found by the gpu.func's name). */
  MlirAttribute smem = mlirAttributeGetNull(), name = mlirAttributeGetNull();
  for (MlirOperation at = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(at) && mlirAttributeIsNull(smem);
       at = mlirOperationGetParentOperation(at)) {
    smem = dlcOperationAttrGet(at, "dlcgpu.smem_bytes");
    if (mlirAttributeIsNull(name))
      name = dlcOperationAttrGet(at, "sym_name");
    MlirAttribute kernels = dlcOperationAttrGet(at, "dlc.kernels");
    if (mlirAttributeIsNull(smem) && !mlirAttributeIsNull(kernels) &&
        !mlirAttributeIsNull(name))
      smem = dlcDictionaryAttrGet(dlcFindKernelEntry(kernels, name),
                                  "dynamic_smem_bytes");
  }
  if (mlirAttributeIsNull(smem) || !mlirAttributeIsAInteger(smem))
    return true; /* OutlineKernels reports a missing or malformed one */
  int64_t have = mlirIntegerAttrGetValueInt(smem);
  int64_t need = end + (rounded ? 1024 - 16 : 0);
  if (need <= have)
    return true;
  dlcEmitDiagnostic(op, &dlcSkeletonMalformed,
                    "raise dlcgpu.smem_bytes to what the buffers need, or "
                    "allocate less",
                    "the kernel's shared buffers need %lld bytes of dynamic "
                    "shared memory up to here%s, but it launches with "
                    "dlcgpu.smem_bytes = %lld",
                    (long long)need,
                    rounded ? " (1 KiB-aligned from a 16-byte start)" : "",
                    (long long)have);
  return false;
}

/* A static, row-major shared-memory buffer at `offset` bytes into the
 * dynamic shared memory: its memref descriptor built over the address.
 * False after a diagnostic. */
static bool lowerSmemAlloc(Lowering *l, MlirOperation op, DlcBuilder *b) {
  /* The offset is rounded up to the alignment: a power of two of at most
   * 1 KiB, the most the placement below guarantees (dlcgpu-verify checks
   * the same; 0 would divide by zero, a negative one overlap buffers). */
  int64_t alignment =
      mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "alignment"));
  if (!dlcDlcgpuSmemAlignmentValid(alignment)) {
    dlcEmitDiagnostic(op, &dlcSkeletonMalformed,
                      "give smem_alloc an alignment of 8, 16, 128 or 1024 "
                      "bytes (docs/dialects/dlcgpu.md)",
                      "smem_alloc's alignment %lld is not a power of two from "
                      "1 to 1024 bytes",
                      (long long)alignment);
    return false;
  }
  MlirType resultType = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (mlirTypeIsAInteger(mlirShapedTypeGetElementType(resultType)))
    return dlcLowerBarriers(l, op, b); /* mbarriers: own static storage */
  declareDynamicSmem(l);
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  /* Consecutive allocations of one kernel share the launch's memory. */
  MlirOperation func = mlirOperationGetParentOperation(op);
  if (!mlirOperationEqual(func, l->smemFunc)) {
    l->smemFunc = func;
    l->smemOffset = 0;
    l->smemRounded = false;
  }
  /* A kernel whose first buffer asks for 1 KiB (the 128-byte swizzle's
   * period, which TMA and wgmma need) places all of them from the dynamic
   * shared memory's start rounded up at run time: only 16 bytes of its
   * alignment are guaranteed. The skeleton reserves the 1 KiB. */
  if (l->smemOffset == 0 && alignment >= 1024)
    l->smemRounded = true;
  int64_t offset = (l->smemOffset + alignment - 1) / alignment * alignment;
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t elements = 1, strides[8];
  for (intptr_t d = rank - 1; d >= 0; --d) {
    strides[d] = elements;
    elements *= mlirShapedTypeGetDimSize(type, d);
  }
  MlirType element = mlirShapedTypeGetElementType(type);
  int64_t bytes = elements * (mlirTypeIsAF32(element) ? 4 : 2);
  l->smemOffset = offset + bytes;
  if (!smemFits(op, l->smemOffset, l->smemRounded))
    return false;

  MlirType ptr3 = dlcType(b->ctx, "!llvm.ptr<3>");
  MlirAttribute symbol = mlirFlatSymbolRefAttrGet(
      b->ctx, mlirStringRefCreateFromCString("dlc_smem"));
  const char *addrName[] = {"global_name"};
  MlirValue base = dlcBuildValue(b, "llvm.mlir.addressof", 0, NULL, ptr3, 1,
                                 addrName, &symbol);
  if (l->smemRounded) {
    MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
    MlirValue at =
        dlcBuildValue(b, "llvm.ptrtoint", 1, &base, i64, 0, NULL, NULL);
    at = dlcArith(b, "llvm.add", at, dlcLlvmI64(b, 1023));
    at = dlcArith(b, "llvm.and", at, dlcLlvmI64(b, ~(int64_t)1023));
    base = dlcBuildValue(b, "llvm.inttoptr", 1, &at, ptr3, 0, NULL, NULL);
  }
  const char *gepNames[] = {"elem_type", "rawConstantIndices"};
  MlirAttribute gepAttrs[] = {
      mlirTypeAttrGet(mlirIntegerTypeGet(b->ctx, 8)),
      mlirDenseI32ArrayGet(b->ctx, 1, (int32_t[]){(int32_t)offset})};
  MlirValue address = dlcBuildValue(b, "llvm.getelementptr", 1, &base, ptr3, 2,
                                    gepNames, gepAttrs);
  MlirValue sizes[8], strideValues[8];
  for (intptr_t d = 0; d < rank; ++d) {
    sizes[d] = dlcLlvmI64(b, mlirShapedTypeGetDimSize(type, d));
    strideValues[d] = dlcLlvmI64(b, strides[d]);
  }
  MlirValue memref =
      dlcBuildMemrefOverPointer(b, type, address, 3, sizes, strideValues);
  mlirValueReplaceAllUsesOfWith(result, memref);
  return true;
}

static void lowerCpAsync(Lowering *l, MlirOperation op, DlcBuilder *b) {
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue operands[16];
  for (intptr_t i = 0; i < n && i < 16; ++i)
    operands[i] = operand(op, i);
  MlirAttribute segments = dlcOperationAttrGet(op, "operandSegmentSizes");
  bool bypass = mlirStringRefEqual(
      mlirStringAttrGetValue(dlcOperationAttrGet(op, "cache")),
      mlirStringRefCreateFromCString("cg"));
  const char *names[] = {"operandSegmentSizes", "dstElements", "bypassL1"};
  MlirAttribute attrs[] = {
      segments,
      mlirIntegerAttrGet(
          mlirIndexTypeGet(b->ctx),
          mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "elements"))),
      mlirUnitAttrGet(b->ctx)};
  MlirType token = asyncToken(b->ctx);
  MlirOperation copy = dlcBuild(b, "nvgpu.device_async_copy", n, operands, 1,
                                &token, bypass ? 3 : 2, names, attrs);
  mapToken(l, mlirOperationGetResult(op, 0), mlirOperationGetResult(copy, 0));
}

static void lowerCommit(Lowering *l, MlirOperation op, DlcBuilder *b) {
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue tokens[32];
  int count = 0;
  for (intptr_t i = 0; i < n && count < 32; ++i) {
    MlirValue t = lookupToken(l, operand(op, i));
    if (!mlirValueIsNull(t))
      tokens[count++] = t;
  }
  if (count == 0) {
    /* The group still commits every copy issued before it (PTX
     * semantics); an nvgpu token would have nothing to carry. */
    dlcBuild(b, "nvvm.cp.async.commit.group", 0, NULL, 0, NULL, 0, NULL, NULL);
    return;
  }
  MlirValue group = dlcBuildValue(b, "nvgpu.device_async_create_group", count,
                                  tokens, asyncToken(b->ctx), 0, NULL, NULL);
  mapToken(l, mlirOperationGetResult(op, 0), group);
}

static bool lowerWait(Lowering *l, MlirOperation op, DlcBuilder *b) {
  MlirValue token = lookupToken(l, operand(op, 0));
  MlirAttribute groups = mlirIntegerAttrGet(
      mlirIntegerTypeGet(b->ctx, 32),
      mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "pending")));
  if (mlirValueIsNull(token)) { /* a group committed without tokens */
    const char *names[] = {"n"};
    dlcBuild(b, "nvvm.cp.async.wait.group", 0, NULL, 0, NULL, 1, names,
             &groups);
    return true;
  }
  const char *names[] = {"numGroups"};
  dlcBuild(b, "nvgpu.device_async_wait", 1, &token, 0, NULL, 1, names, &groups);
  return true;
}

static void lowerLdmatrix(MlirOperation op, DlcBuilder *b) {
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue operands[8];
  for (intptr_t i = 0; i < n && i < 8; ++i)
    operands[i] = operand(op, i);
  const char *names[] = {"numTiles", "transpose"};
  MlirAttribute attrs[] = {
      mlirIntegerAttrGet(
          mlirIntegerTypeGet(b->ctx, 32),
          mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "num"))),
      dlcOperationAttrGet(op, "trans")};
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirValue lowered = dlcBuildValue(b, "nvgpu.ldmatrix", n, operands,
                                    mlirValueGetType(result), 2, names, attrs);
  mlirValueReplaceAllUsesOfWith(result, lowered);
}

static void lowerAccInit(MlirOperation op, DlcBuilder *b) {
  MlirValue acc = mlirOperationGetResult(op, 0);
  double value = mlirFloatAttrGetValueDouble(dlcOperationAttrGet(op, "value"));
  mlirValueReplaceAllUsesOfWith(acc,
                                dlcStepSplat(b, mlirValueGetType(acc), value));
}

/* Element `i` (or [i, j]) of a vector value. */
static MlirValue extractAt(DlcBuilder *b, MlirValue v, int rank, int64_t i,
                           int64_t j, MlirType type) {
  int64_t position[] = {i, j};
  MlirAttribute pos = mlirDenseI64ArrayGet(b->ctx, rank, position);
  const char *names[] = {"static_position"};
  return dlcBuildValue(b, "vector.extract", 1, &v, type, 1, names, &pos);
}

/* bf16 m16n8k16: nvvm.mma.sync on the fragments' registers (each pair of
 * bf16 is one 32-bit register), then back to the 2x2 f32 accumulator. */
static MlirValue lowerMmaBf16(DlcBuilder *b, MlirValue a, MlirValue bv,
                              MlirValue c) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirType pair = mlirVectorTypeGet(
      1, (int64_t[]){2}, mlirShapedTypeGetElementType(mlirValueGetType(a)));
  MlirValue operands[10];
  for (int i = 0; i < 4; ++i) {
    MlirValue v = extractAt(b, a, 1, i, 0, pair);
    operands[i] = dlcBuildValue(b, "llvm.bitcast", 1, &v, i32, 0, NULL, NULL);
  }
  for (int i = 0; i < 2; ++i) {
    MlirValue v = extractAt(b, bv, 1, i, 0, pair);
    operands[4 + i] =
        dlcBuildValue(b, "llvm.bitcast", 1, &v, i32, 0, NULL, NULL);
  }
  for (int i = 0; i < 4; ++i)
    operands[6 + i] = extractAt(b, c, 2, i / 2, i % 2, f32);
  MlirType result = dlcType(b->ctx, "!llvm.struct<(f32, f32, f32, f32)>");
  const char *names[] = {"operandSegmentSizes",
                         "layoutA",
                         "layoutB",
                         "shape",
                         "multiplicandAPtxType",
                         "multiplicandBPtxType"};
  MlirAttribute attrs[] = {
      mlirDenseI32ArrayGet(b->ctx, 3, (int32_t[]){4, 2, 4}),
      dlcAttr(b->ctx, "#nvvm.mma_layout<row>"),
      dlcAttr(b->ctx, "#nvvm.mma_layout<col>"),
      dlcAttr(b->ctx, "#nvvm.shape<m = 16, n = 8, k = 16>"),
      dlcAttr(b->ctx, "#nvvm.mma_type<bf16>"),
      dlcAttr(b->ctx, "#nvvm.mma_type<bf16>")};
  MlirValue d =
      dlcBuildValue(b, "nvvm.mma.sync", 10, operands, result, 6, names, attrs);
  MlirValue elements[4];
  for (int i = 0; i < 4; ++i) {
    MlirAttribute pos = mlirDenseI64ArrayGet(b->ctx, 1, (int64_t[]){i});
    const char *posName[] = {"position"};
    elements[i] =
        dlcBuildValue(b, "llvm.extractvalue", 1, &d, f32, 1, posName, &pos);
  }
  return dlcBuildValue(b, "vector.from_elements", 4, elements,
                       mlirValueGetType(c), 0, NULL, NULL);
}

static void lowerMma(MlirOperation op, DlcBuilder *b) {
  MlirValue operands[] = {operand(op, 0), operand(op, 1), operand(op, 2)};
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType element =
      mlirShapedTypeGetElementType(mlirValueGetType(operands[0]));
  if (mlirTypeIsABF16(element)) {
    mlirValueReplaceAllUsesOfWith(
        result, lowerMmaBf16(b, operands[0], operands[1], operands[2]));
    return;
  }
  MlirAttribute shape = dlcOperationAttrGet(op, "shape");
  MlirAttribute dims[3];
  for (int i = 0; i < 3; ++i)
    dims[i] = mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64),
                                 mlirDenseI64ArrayGetElement(shape, i));
  const char *names[] = {"mmaShape"};
  MlirAttribute mmaShape = mlirArrayAttrGet(b->ctx, 3, dims);
  MlirValue lowered =
      dlcBuildValue(b, "nvgpu.mma.sync", 3, operands, mlirValueGetType(result),
                    1, names, &mmaShape);
  mlirValueReplaceAllUsesOfWith(result, lowered);
}

/* --- the epilogue program ---------------------------------------------------
 * dlcgpu.epilogue carries the kernel problem's steps (KernelProblem.h):
 * each becomes arith/math ops on the 2x2 f32 fragment; a step typed f16 or
 * bf16 is rounded to its type (truncf + extf) as the reference does. */

/* One step of the program; null after a diagnostic. */
static MlirValue lowerStep(MlirOperation op, DlcBuilder *b, MlirAttribute step,
                           const MlirValue *values, MlirType accType) {
  KpStepKind kind;
  MlirStringRef fn = mlirStringAttrGetValue(dlcDictionaryAttrGet(step, "fn"));
  MlirAttribute args = dlcDictionaryAttrGet(step, "args");
  MlirValue x[3] = {{NULL}, {NULL}, {NULL}};
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(args) && i < 3; ++i)
    x[i] = values[mlirDenseI64ArrayGetElement(args, i)];
  MlirValue v = {NULL};
  kpStepKindFromName(mlirStringAttrGetValue(dlcDictionaryAttrGet(step, "kind")),
                     &kind);
  switch (kind) {
  case KP_STEP_ACC:
    v = operand(op, 0);
    break;
  case KP_STEP_LOAD:
    v = operand(op, 2 + mlirIntegerAttrGetValueInt(
                            dlcDictionaryAttrGet(step, "input")));
    if (!mlirTypeEqual(mlirValueGetType(v), accType)) /* a narrow fragment */
      v = dlcBuildValue(b, "arith.extf", 1, &v, accType, 0, NULL, NULL);
    break;
  case KP_STEP_CONST:
    v = dlcStepSplat(
        b, accType,
        mlirFloatAttrGetValueDouble(dlcDictionaryAttrGet(step, "value")));
    break;
  case KP_STEP_COMPARE: /* an i1: not rounded */
    return dlcStepApply(b, kind, fn, x, accType, false);
  case KP_STEP_UNARY:
  case KP_STEP_BINARY:
  case KP_STEP_SELECT:
  case KP_STEP_CAST:
    v = dlcStepApply(b, kind, fn, x, accType, false);
    break;
  case KP_STEP_GUARD:
  case KP_STEP_REDUCE:
    break; /* not epilogue steps: kpStepKindFromName never gives them */
  }
  if (mlirValueIsNull(v)) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "use the functions of rbssa.unary, rbssa.binary and "
                      "rbssa.compare",
                      "epilogue function '%.*s' has no lowering",
                      (int)fn.length, fn.data);
    return v;
  }
  MlirType type = mlirTypeAttrGetValue(dlcDictionaryAttrGet(step, "type"));
  return mlirTypeIsAF32(type) ? v : dlcStepRound(b, v, type);
}

/* dlcgpu.epilogue(acc, token, inputs...) {steps, result}: the program on
 * the accumulator fragment, then the cast to the result's element type.
 * The program is checked first (as dlcgpu-verify does): the steps index
 * earlier steps, extra operands and the result step by number. */
static bool lowerEpilogue(MlirOperation op, DlcBuilder *b) {
  if (!dlcDlcgpuCheckEpilogue(op))
    return false;
  MlirType accType = mlirValueGetType(operand(op, 0));
  MlirAttribute steps = dlcOperationAttrGet(op, "steps");
  intptr_t n = mlirArrayAttrGetNumElements(steps);
  MlirValue *values = malloc((size_t)n * sizeof(MlirValue));
  bool ok = true;
  for (intptr_t i = 0; ok && i < n; ++i) {
    values[i] =
        lowerStep(op, b, mlirArrayAttrGetElement(steps, i), values, accType);
    ok = !mlirValueIsNull(values[i]);
  }
  if (ok) {
    MlirValue v =
        values[mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "result"))];
    MlirValue result = mlirOperationGetResult(op, 0);
    MlirType resultType = mlirValueGetType(result);
    if (!mlirTypeEqual(resultType, accType))
      v = dlcBuildValue(b, "arith.truncf", 1, &v, resultType, 0, NULL, NULL);
    mlirValueReplaceAllUsesOfWith(result, v);
  }
  free(values);
  return ok;
}

/* store_vec(value, dst, indices..., pred, token) */
static void lowerStore(MlirOperation op, DlcBuilder *b) {
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirBlock then;
  dlcBuildIf(b, operand(op, n - 2), &then);
  DlcBuilder inner = dlcBuilderAtEnd(then, b->loc);
  MlirValue operands[8];
  for (intptr_t i = 0; i < n - 2 && i < 8; ++i)
    operands[i] = operand(op, i);
  /* The skeleton stores whole vectors at multiples of their width, so the
   * access is aligned to its size: say so, or LLVM splits it. */
  MlirType vectorType = mlirValueGetType(operands[0]);
  MlirType element = mlirShapedTypeGetElementType(vectorType);
  int64_t bytes = mlirTypeIsAF32(element) ? 4 : 2; /* f32, else f16/bf16 */
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(vectorType); ++d)
    bytes *= mlirShapedTypeGetDimSize(vectorType, d);
  const char *names[] = {"alignment"};
  MlirAttribute alignment =
      mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), bytes);
  dlcBuild(&inner, "vector.store", n - 2, operands, 0, NULL, 1, names,
           &alignment);
  dlcBuild(&inner, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
}

static bool lowerOne(Lowering *l, MlirOperation op) {
  DlcBuilder b = dlcBuilderBefore(op);
  if (dlcDlcgpuIsSmemAlloc(op))
    return lowerSmemAlloc(l, op, &b);
  else if (dlcDlcgpuIsCpAsync(op))
    lowerCpAsync(l, op, &b);
  else if (dlcDlcgpuIsCommitGroup(op))
    lowerCommit(l, op, &b);
  else if (dlcDlcgpuIsWaitGroup(op))
    return lowerWait(l, op, &b);
  else if (dlcDlcgpuIsBarrier(op))
    dlcBuild(&b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL, NULL);
  else if (dlcDlcgpuIsLdmatrix(op))
    lowerLdmatrix(op, &b);
  else if (dlcDlcgpuIsAccInit(op))
    lowerAccInit(op, &b);
  else if (dlcDlcgpuIsMmaSync(op))
    lowerMma(op, &b);
  else if (dlcDlcgpuIsEpilogue(op))
    return lowerEpilogue(op, &b);
  else if (dlcDlcgpuIsStoreVec(op))
    lowerStore(op, &b);
  else if (dlcDlcgpuIsMbarrierInit(op))
    return dlcLowerMbarrierInit(l, op, &b);
  else if (dlcDlcgpuIsMbarrierArriveExpectTx(op))
    return dlcLowerMbarrierExpectTx(l, op, &b);
  else if (dlcDlcgpuIsMbarrierArrive(op))
    return dlcLowerMbarrierArrive(l, op, &b);
  else if (dlcDlcgpuIsMbarrierWait(op))
    return dlcLowerMbarrierWait(l, op, &b);
  else if (dlcDlcgpuIsTmaLoad(op))
    return dlcLowerTmaLoad(l, op, &b);
  else if (dlcDlcgpuIsTmaLoadMulticast(op))
    return dlcLowerTmaLoad(l, op, &b);
  else if (dlcDlcgpuIsClusterRank(op))
    dlcLowerClusterRank(op, &b);
  else if (dlcDlcgpuIsClusterSync(op))
    dlcLowerClusterSync(&b);
  else if (dlcDlcgpuIsMbarrierArriveCluster(op))
    return dlcLowerMbarrierArriveCluster(l, op, &b);
  else if (dlcDlcgpuIsTmaLoadIm2col(op))
    return dlcLowerTmaLoadIm2col(l, op, &b);
  else if (dlcDlcgpuIsWgmma(op))
    return dlcLowerWgmma(op, &b);
  else if (dlcDlcgpuIsWgmmaRs(op))
    return dlcLowerWgmmaRs(op, &b);
  else if (dlcDlcgpuIsWgmmaWait(op))
    return dlcLowerWgmmaWait(op, &b);
  else if (dlcDlcgpuIsTmaStore(op))
    return dlcLowerTmaStore(op, &b);
  else if (dlcDlcgpuIsShiftedStore(op))
    return dlcLowerShiftedStore(op, &b);
  else if (dlcDlcgpuIsTmaStoreWait(op))
    dlcLowerTmaStoreWait(op, &b);
  else if (dlcDlcgpuIsFenceAsyncShared(op))
    dlcLowerFenceAsyncShared(&b);
  else if (dlcDlcgpuIsNamedBarrier(op))
    dlcLowerNamedBarrier(op, &b);
  else {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "use the ops of the SM80 and SM90 GEMM skeletons "
                      "(docs/dialects/dlcgpu.md)",
                      "'%.*s' has no lowering to upstream dialects yet",
                      (int)name.length, name.data);
    return false;
  }
  return true;
}

typedef struct OpList {
  MlirOperation *ops;
  int count, capacity;
} OpList;

static MlirWalkResult collect(MlirOperation op, void *userData) {
  OpList *list = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length < 7 || memcmp(name.data, "dlcgpu.", 7) != 0)
    return MlirWalkResultAdvance;
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 256;
    list->ops = realloc(list->ops, (size_t)list->capacity * sizeof(*list->ops));
  }
  list->ops[list->count++] = op;
  return MlirWalkResultAdvance;
}

/* Load tokens (a cp.async group) and compute tokens (the wgmma groups of
 * the accumulators a loop carries) may be loop-carried. */
static bool isLoadToken(MlirType type) {
  MlirContext ctx = mlirTypeGetContext(type);
  return mlirTypeEqual(type, dlcType(ctx, "!dlcgpu.load_token")) ||
         mlirTypeEqual(type, dlcType(ctx, "!dlcgpu.compute_token"));
}

/* A load token carried by an scf.for (the newest cp.async group) only
 * orders the skeleton once its groups are committed without nvgpu tokens:
 * it becomes an i1 placeholder that canonicalize folds away. Tokens that
 * map to nvgpu tokens are not carried by the skeleton and are reported. */
static MlirWalkResult retypeCarriedTokens(MlirOperation op, void *userData) {
  Lowering *l = userData;
  if (!dlcOperationIsA(op, "scf.for"))
    return MlirWalkResultAdvance;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirOperation yield = mlirBlockGetTerminator(body);
  intptr_t numIters = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < numIters; ++i) {
    MlirValue arg = mlirBlockGetArgument(body, i + 1);
    if (!isLoadToken(mlirValueGetType(arg)))
      continue;
    MlirContext ctx = mlirOperationGetContext(op);
    if (!mlirValueIsNull(lookupToken(l, operand(op, 3 + i))) ||
        !mlirValueIsNull(lookupToken(l, operand(yield, i)))) {
      dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                        "commit the loop's copies from branches (the SM80 "
                        "skeleton's form)",
                        "a loop carries an nvgpu async token");
      l->failed = true;
      return MlirWalkResultInterrupt;
    }
    MlirType i1 = mlirIntegerTypeGet(ctx, 1);
    DlcBuilder before = dlcBuilderBefore(op);
    mlirOperationSetOperand(op, 3 + i, dlcConstInt(&before, i1, 0));
    DlcBuilder inBody = dlcBuilderBefore(yield);
    mlirOperationSetOperand(yield, i, dlcConstInt(&inBody, i1, 0));
    mlirValueSetType(arg, i1);
    mlirValueSetType(mlirOperationGetResult(op, i), i1);
  }
  return MlirWalkResultAdvance;
}

bool dlcLowerSkeletonOps(MlirOperation gpuModule) {
  OpList list = {NULL, 0, 0};
  mlirOperationWalk(gpuModule, collect, &list, MlirWalkPreOrder);
  Lowering l = {gpuModule, {NULL, NULL, 0, 0}, false, {NULL}, 0, false, false};
  bool ok = true;
  for (int i = 0; i < list.count && ok; ++i)
    ok = lowerOne(&l, list.ops[i]);
  if (ok) {
    mlirOperationWalk(gpuModule, retypeCarriedTokens, &l, MlirWalkPreOrder);
    ok = !l.failed;
  }
  /* Users first: every old op's results are dead once all are lowered. */
  if (ok)
    for (int i = list.count - 1; i >= 0; --i)
      mlirOperationDestroy(list.ops[i]);
  free(list.ops);
  free(l.tokens.from);
  free(l.tokens.to);
  return ok;
}
