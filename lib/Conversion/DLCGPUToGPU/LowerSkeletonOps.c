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
 *   mma_sync          nvgpu.mma.sync
 *   epilogue          arith on the accumulator vector, truncf
 *   store_vec         scf.if pred { vector.store }
 *
 * Load tokens become nvgpu async tokens; compute and epilogue tokens only
 * order the skeleton and disappear. The SM90 ops (tma_load, mbarrier_*,
 * wgmma) are not lowered yet and are reported. */
#include "Builder.h"
#include "DLCGPUToGPU.h"

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

typedef struct Lowering {
  MlirOperation gpuModule;
  TokenMap tokens;
  bool smemDeclared;      /* @dlc_smem exists in gpuModule */
  MlirOperation smemFunc; /* the kernel whose buffers are being placed */
  int64_t smemOffset;     /* bytes of its dynamic shared memory used */
  bool failed;
} Lowering;

static bool nameIs(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                            mlirStringRefCreateFromCString(name));
}

static MlirAttribute attrOf(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op,
                                         mlirStringRefCreateFromCString(name));
}

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

/* A static, row-major shared-memory buffer at `offset` bytes into the
 * dynamic shared memory: its memref descriptor built over the address. */
static void lowerSmemAlloc(Lowering *l, MlirOperation op, DlcBuilder *b) {
  declareDynamicSmem(l);
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  /* Consecutive allocations of one kernel share the launch's memory. */
  MlirOperation func = mlirOperationGetParentOperation(op);
  if (!mlirOperationEqual(func, l->smemFunc)) {
    l->smemFunc = func;
    l->smemOffset = 0;
  }
  int64_t alignment = mlirIntegerAttrGetValueInt(attrOf(op, "alignment"));
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

  MlirType ptr3 = dlcType(b->ctx, "!llvm.ptr<3>");
  MlirAttribute symbol = mlirFlatSymbolRefAttrGet(
      b->ctx, mlirStringRefCreateFromCString("dlc_smem"));
  const char *addrName[] = {"global_name"};
  MlirValue base = dlcBuildValue(b, "llvm.mlir.addressof", 0, NULL, ptr3, 1,
                                 addrName, &symbol);
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
}

static void lowerCpAsync(Lowering *l, MlirOperation op, DlcBuilder *b) {
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue operands[16];
  for (intptr_t i = 0; i < n && i < 16; ++i)
    operands[i] = operand(op, i);
  MlirAttribute segments = attrOf(op, "operandSegmentSizes");
  bool bypass = mlirStringRefEqual(mlirStringAttrGetValue(attrOf(op, "cache")),
                                   mlirStringRefCreateFromCString("cg"));
  const char *names[] = {"operandSegmentSizes", "dstElements", "bypassL1"};
  MlirAttribute attrs[] = {
      segments,
      mlirIntegerAttrGet(mlirIndexTypeGet(b->ctx),
                         mlirIntegerAttrGetValueInt(attrOf(op, "elements"))),
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
  MlirAttribute groups =
      mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 32),
                         mlirIntegerAttrGetValueInt(attrOf(op, "pending")));
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
      mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 32),
                         mlirIntegerAttrGetValueInt(attrOf(op, "num"))),
      attrOf(op, "trans")};
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirValue lowered = dlcBuildValue(b, "nvgpu.ldmatrix", n, operands,
                                    mlirValueGetType(result), 2, names, attrs);
  mlirValueReplaceAllUsesOfWith(result, lowered);
}

static MlirValue splat(DlcBuilder *b, MlirType vectorType, double value) {
  MlirAttribute element = mlirFloatAttrDoubleGet(
      b->ctx, mlirShapedTypeGetElementType(vectorType), value);
  MlirAttribute dense = mlirDenseElementsAttrSplatGet(vectorType, element);
  const char *names[] = {"value"};
  return dlcBuildValue(b, "arith.constant", 0, NULL, vectorType, 1, names,
                       &dense);
}

static void lowerAccInit(MlirOperation op, DlcBuilder *b) {
  MlirValue acc = mlirOperationGetResult(op, 0);
  double value = mlirFloatAttrGetValueDouble(attrOf(op, "value"));
  mlirValueReplaceAllUsesOfWith(acc, splat(b, mlirValueGetType(acc), value));
}

static void lowerMma(MlirOperation op, DlcBuilder *b) {
  MlirValue operands[] = {operand(op, 0), operand(op, 1), operand(op, 2)};
  MlirAttribute shape = attrOf(op, "shape");
  MlirAttribute dims[3];
  for (int i = 0; i < 3; ++i)
    dims[i] = mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64),
                                 mlirDenseI64ArrayGetElement(shape, i));
  const char *names[] = {"mmaShape"};
  MlirAttribute mmaShape = mlirArrayAttrGet(b->ctx, 3, dims);
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirValue lowered =
      dlcBuildValue(b, "nvgpu.mma.sync", 3, operands, mlirValueGetType(result),
                    1, names, &mmaShape);
  mlirValueReplaceAllUsesOfWith(result, lowered);
}

/* The epilogue ops in order: "bias" adds the next extra operand (converted
 * to the accumulator type), "relu" is max(x, 0); then the cast to the
 * result's element type. */
static bool lowerEpilogue(MlirOperation op, DlcBuilder *b) {
  MlirValue v = operand(op, 0);
  MlirType accType = mlirValueGetType(v);
  MlirAttribute ops = attrOf(op, "ops");
  intptr_t extra = 2;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(ops); ++i) {
    MlirStringRef fn = mlirStringAttrGetValue(mlirArrayAttrGetElement(ops, i));
    if (mlirStringRefEqual(fn, mlirStringRefCreateFromCString("bias")) &&
        extra < mlirOperationGetNumOperands(op)) {
      MlirValue addend = operand(op, extra++);
      if (!mlirTypeEqual(mlirValueGetType(addend), accType))
        addend =
            dlcBuildValue(b, "arith.extf", 1, &addend, accType, 0, NULL, NULL);
      v = dlcArith(b, "arith.addf", v, addend);
    } else if (mlirStringRefEqual(fn, mlirStringRefCreateFromCString("relu"))) {
      v = dlcArith(b, "arith.maximumf", v, splat(b, accType, 0.0));
    } else {
      dlcEmitDiagnostic(
          op, &dlcUnsupportedOp, "use the epilogue ops bias and relu",
          "epilogue op '%.*s' has no lowering", (int)fn.length, fn.data);
      return false;
    }
  }
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType resultType = mlirValueGetType(result);
  if (!mlirTypeEqual(resultType, accType))
    v = dlcBuildValue(b, "arith.truncf", 1, &v, resultType, 0, NULL, NULL);
  mlirValueReplaceAllUsesOfWith(result, v);
  return true;
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
  if (nameIs(op, "dlcgpu.smem_alloc"))
    lowerSmemAlloc(l, op, &b);
  else if (nameIs(op, "dlcgpu.cp_async"))
    lowerCpAsync(l, op, &b);
  else if (nameIs(op, "dlcgpu.commit_group"))
    lowerCommit(l, op, &b);
  else if (nameIs(op, "dlcgpu.wait_group"))
    return lowerWait(l, op, &b);
  else if (nameIs(op, "dlcgpu.barrier"))
    dlcBuild(&b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL, NULL);
  else if (nameIs(op, "dlcgpu.ldmatrix"))
    lowerLdmatrix(op, &b);
  else if (nameIs(op, "dlcgpu.acc_init"))
    lowerAccInit(op, &b);
  else if (nameIs(op, "dlcgpu.mma_sync"))
    lowerMma(op, &b);
  else if (nameIs(op, "dlcgpu.epilogue"))
    return lowerEpilogue(op, &b);
  else if (nameIs(op, "dlcgpu.store_vec"))
    lowerStore(op, &b);
  else {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "this version lowers the SM80 skeleton only (cp.async, "
                      "ldmatrix, mma.sync)",
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

static bool isLoadToken(MlirType type) {
  MlirContext ctx = mlirTypeGetContext(type);
  return mlirTypeEqual(type, dlcType(ctx, "!dlcgpu.load_token"));
}

/* A load token carried by an scf.for (the newest cp.async group) only
 * orders the skeleton once its groups are committed without nvgpu tokens:
 * it becomes an i1 placeholder that canonicalize folds away. Tokens that
 * map to nvgpu tokens are not carried by the skeleton and are reported. */
static MlirWalkResult retypeCarriedTokens(MlirOperation op, void *userData) {
  Lowering *l = userData;
  if (!nameIs(op, "scf.for"))
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
  Lowering l = {gpuModule, {NULL, NULL, 0, 0}, false, {NULL}, 0, false};
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
