/* dlcgpu → upstream for the SM90 skeleton ops (spec §9.1, §9.2):
 *
 *   smem_alloc of i64   nvgpu.mbarrier.create (a group of barriers)
 *   mbarrier_init       nvgpu.mbarrier.init, by thread 0 of the CTA
 *   mbarrier_arrive_expect_tx
 *                       nvgpu.mbarrier.arrive.expect_tx, by thread 0 of
 *                       the warpgroup
 *   mbarrier_arrive     nvgpu.mbarrier.arrive, by every thread
 *   mbarrier_wait       nvgpu.mbarrier.try_wait.parity
 *   tma_load            nvgpu.tma.async.load into a subview of the ring, by
 *                       thread 0 of the warpgroup; the i64 tensor-map
 *                       address becomes the nvgpu descriptor through an
 *                       unrealized cast that the LLVM lowering folds
 *                       (DESIGN.md: descriptor-typed kernel parameters are
 *                       not legalized upstream)
 *   tma_load_multicast  the same with nvgpu's multicast_mask
 *                       (.multicast::cluster)
 *   cluster_rank        nvvm.read.ptx.sreg.cluster.ctarank
 *   cluster_sync        nvvm.fence.mbarrier.init, nvvm.cluster.arrive,
 *                       nvvm.cluster.wait
 *   mbarrier_arrive_cluster
 *                       nvvm.mapa of the barrier's shared address to the
 *                       CTA's, nvvm.mbarrier.arrive on it (release.cta),
 *                       by lane 0 of each warp
 *   wgmma               nvvm.wgmma.fence, k/16 x nvvm.wgmma.mma_async on
 *                       shared-memory matrix descriptors, commit_group
 *   wgmma_rs            nvvm.wgmma.fence, k/16 x wgmma.mma_async with A in
 *                       registers as llvm.inline_asm (the NVVM op has no
 *                       register-A form), commit_group
 *   wgmma_wait          nvvm.wgmma.wait.group.sync.aligned
 *
 * nvgpu.warpgroup.mma would hide the descriptors but keeps the accumulator
 * in an opaque type the epilogue cannot read element by element; the NVVM
 * op takes the registers as a struct, which is the same vector. */
#include "DialectNames.h"
#include "LowerSkeleton.h"
#include "dlc/IR.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>

/* try_wait's suspend-time hint, in nanoseconds (as upstream's tests). */
enum { WaitHintNs = 10000000 };

static MlirValue operand(MlirOperation op, intptr_t i) {
  return mlirOperationGetOperand(op, i);
}

static MlirValue index(DlcBuilder *b, int64_t v) { return dlcConstIndex(b, v); }

static MlirValue threadId(DlcBuilder *b) {
  MlirAttribute x = dlcAttr(b->ctx, "#gpu<dim x>");
  const char *names[] = {"dimension"};
  return dlcBuildValue(b, "gpu.thread_id", 0, NULL, mlirIndexTypeGet(b->ctx), 1,
                       names, &x);
}

MlirValue dlcElectedThread(DlcBuilder *b, int64_t every) {
  MlirValue tid = threadId(b);
  if (every)
    tid = dlcArith(b, "arith.remui", tid, index(b, every));
  return dlcCmpI(b, "eq", tid, index(b, 0));
}

static MlirType groupType(MlirContext ctx, int64_t count) {
  char text[160];
  snprintf(text, sizeof(text),
           "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>"
           ", num_barriers = %lld>",
           (long long)count);
  return dlcType(ctx, text);
}

bool dlcLowerBarriers(DlcLowering *l, MlirOperation op, DlcBuilder *b) {
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirValue group = dlcBuildValue(
      b, "nvgpu.mbarrier.create", 0, NULL,
      groupType(b->ctx, mlirShapedTypeGetDimSize(type, 0)), 0, NULL, NULL);
  dlcLoweringMap(l, mlirOperationGetResult(op, 0), group);
  return true;
}

/* The barrier group a dlcgpu mbarrier op names; null after a diagnostic
 * when its memref does not come from a barrier smem_alloc. */
static MlirValue groupOf(DlcLowering *l, MlirOperation op, intptr_t at) {
  MlirValue group = dlcLoweringLookup(l, operand(op, at));
  if (mlirValueIsNull(group))
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "allocate barriers with dlcgpu.smem_alloc of i64",
                      "the barriers are not a dlcgpu.smem_alloc of i64");
  return group;
}

/* `name`(group, [value,] index[, elected thread]) with `result`. */
static bool buildOnGroup(DlcLowering *l, MlirOperation op, DlcBuilder *b,
                         const char *name, MlirValue value, int64_t every,
                         bool predicated, MlirType result) {
  MlirValue group = groupOf(l, op, 0);
  if (mlirValueIsNull(group))
    return false;
  MlirValue operands[4] = {group};
  int n = 1;
  if (!mlirValueIsNull(value))
    operands[n++] = value;
  operands[n++] = operand(op, 1);
  if (predicated)
    operands[n++] = dlcElectedThread(b, every);
  dlcBuild(b, name, n, operands, mlirTypeIsNull(result) ? 0 : 1, &result, 0,
           NULL, NULL);
  return true;
}

bool dlcLowerMbarrierInit(DlcLowering *l, MlirOperation op, DlcBuilder *b) {
  int64_t count = mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "count"));
  return buildOnGroup(l, op, b, "nvgpu.mbarrier.init", index(b, count), 0, true,
                      (MlirType){NULL});
}

bool dlcLowerMbarrierExpectTx(DlcLowering *l, MlirOperation op, DlcBuilder *b) {
  int64_t bytes = mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "bytes"));
  return buildOnGroup(l, op, b, "nvgpu.mbarrier.arrive.expect_tx",
                      index(b, bytes), 128, true, (MlirType){NULL});
}

bool dlcLowerMbarrierArrive(DlcLowering *l, MlirOperation op, DlcBuilder *b) {
  return buildOnGroup(l, op, b, "nvgpu.mbarrier.arrive", (MlirValue){NULL}, 0,
                      false, dlcType(b->ctx, "!nvgpu.mbarrier.token"));
}

bool dlcLowerMbarrierWait(DlcLowering *l, MlirOperation op, DlcBuilder *b) {
  MlirValue group = groupOf(l, op, 0);
  if (mlirValueIsNull(group))
    return false;
  MlirValue operands[] = {group, operand(op, 2), index(b, WaitHintNs),
                          operand(op, 1)};
  dlcBuild(b, "nvgpu.mbarrier.try_wait.parity", 4, operands, 0, NULL, 0, NULL,
           NULL);
  return true;
}

/* "memref<1x128x64xf16, 3>" for a box of `rank` dims (outermost first). */
static void boxMemref(char *out, size_t size, int rank, const int64_t *box,
                      MlirType element) {
  size_t used = (size_t)snprintf(out, size, "memref<");
  for (int d = 0; d < rank; ++d)
    used +=
        (size_t)snprintf(out + used, size - used, "%lldx", (long long)box[d]);
  snprintf(out + used, size - used, "%s, 3>",
           mlirTypeIsABF16(element) ? "bf16" : "f16");
}

/* Adds the helper kernel `name`, parsed from `text` (a gpu.module holding
 * only it), to the gpu.module once; `define` (when not NULL) builds the
 * body of each function the text only declares (the parts written in C,
 * shared with other lowerings). */
static void declareHelper(DlcLowering *l, const char *name, const char *text,
                          void (*define)(MlirOperation func)) {
  MlirOperation gpuModule = dlcLoweringGetGpuModule(l);
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(gpuModule, 0));
  MlirStringRef nameRef = mlirStringRefCreateFromCString(name);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute symbol = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("sym_name"));
    if (!mlirAttributeIsNull(symbol) && mlirAttributeIsAString(symbol) &&
        mlirStringRefEqual(mlirStringAttrGetValue(symbol), nameRef))
      return;
  }
  /* A gpu.func parses only inside a gpu.module: parse one around it and
   * move its functions (the kernel and its device functions) over. */
  MlirOperation holder = mlirOperationCreateParse(
      mlirOperationGetContext(gpuModule), mlirStringRefCreateFromCString(text),
      mlirStringRefCreateFromCString(name));
  if (mlirOperationIsNull(holder))
    return; /* cannot happen: the text is fixed and verified by lit */
  MlirBlock held = mlirRegionGetFirstBlock(mlirOperationGetRegion(holder, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(held);
       !mlirOperationIsNull(op); op = mlirBlockGetFirstOperation(held)) {
    mlirOperationRemoveFromParent(op);
    mlirBlockAppendOwnedOperation(body, op);
    if (define && mlirOperationGetNumRegions(op) == 1 &&
        mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
      define(op);
  }
  mlirOperationDestroy(holder);
}

void dlcTmaBoxFromAttr(MlirAttribute boxAttr, int numCoords,
                       int64_t box[TmaMaxCoords]) {
  for (int d = 0; d < TmaMaxCoords; ++d)
    box[d] = 1;
  box[numCoords - 2] = mlirDenseI64ArrayGetElement(boxAttr, 0);
  box[numCoords - 1] = mlirDenseI64ArrayGetElement(boxAttr, 1);
}

MlirValue dlcTmaDescriptor(DlcBuilder *b, MlirValue address, int rank,
                           const int64_t *box, MlirType element) {
  char boxType[96], mapType[256];
  boxMemref(boxType, sizeof(boxType), rank, box, element);
  snprintf(mapType, sizeof(mapType),
           "!nvgpu.tensormap.descriptor<tensor = %s, swizzle = "
           "swizzle_128b, l2promo = none, oob = zero, interleave = none>",
           boxType);
  MlirValue pointer =
      dlcBuildValue(b, "llvm.inttoptr", 1, &address,
                    dlcType(b->ctx, "!llvm.ptr"), 0, NULL, NULL);
  return dlcBuildValue(b, "builtin.unrealized_conversion_cast", 1, &pointer,
                       dlcType(b->ctx, mapType), 0, NULL, NULL);
}

MlirValue dlcTmaBoxView(DlcBuilder *b, MlirValue buffer,
                        const MlirValue *indices, int boxRank,
                        const int64_t *box) {
  MlirType type = mlirValueGetType(buffer);
  int rank = (int)mlirShapedTypeGetRank(type);
  int64_t strides[TmaMaxDstRank], sizes[TmaMaxDstRank], offsets[TmaMaxDstRank],
      elements = 1;
  for (int d = rank - 1; d >= 0; --d) {
    strides[d] = elements;
    elements *= mlirShapedTypeGetDimSize(type, d);
  }
  for (int d = 0; d < rank; ++d) {
    int fromEnd = rank - d;
    sizes[d] = fromEnd <= boxRank ? box[boxRank - fromEnd] : 1;
    offsets[d] = mlirShapedTypeGetDynamicStrideOrOffset();
  }
  char layout[160];
  size_t used = (size_t)snprintf(layout, sizeof(layout), "strided<[");
  for (int d = rank - boxRank; d < rank; ++d)
    used +=
        (size_t)snprintf(layout + used, sizeof(layout) - used, "%s%lld",
                         d > rank - boxRank ? ", " : "", (long long)strides[d]);
  snprintf(layout + used, sizeof(layout) - used, "], offset: ?>");
  MlirType viewType = mlirMemRefTypeGet(mlirShapedTypeGetElementType(type),
                                        boxRank, box, dlcAttr(b->ctx, layout),
                                        mlirMemRefTypeGetMemorySpace(type));
  MlirValue viewOperands[1 + TmaMaxDstRank] = {buffer};
  for (int d = 0; d < rank; ++d)
    viewOperands[1 + d] = indices[d];
  int64_t ones[TmaMaxDstRank] = {1, 1, 1, 1, 1, 1, 1, 1};
  const char *viewNames[] = {"operandSegmentSizes", "static_offsets",
                             "static_sizes", "static_strides"};
  MlirAttribute viewAttrs[] = {
      mlirDenseI32ArrayGet(b->ctx, 4, (int32_t[]){1, rank, 0, 0}),
      mlirDenseI64ArrayGet(b->ctx, rank, offsets),
      mlirDenseI64ArrayGet(b->ctx, rank, sizes),
      mlirDenseI64ArrayGet(b->ctx, rank, ones)};
  return dlcBuildValue(b, "memref.subview", 1 + rank, viewOperands, viewType, 4,
                       viewNames, viewAttrs);
}

/* tma_load(desc, bars, bar_index, dst, dst_indices..., coords...), and
 * tma_load_multicast with the mask after bar_index. */
bool dlcLowerTmaLoad(DlcLowering *l, MlirOperation op, DlcBuilder *b) {
  declareHelper(l, dlcRepackKernelName, dlcRepackKernelText, dlcRepackDefine);
  int multicast = dlcDlcgpuIsTmaLoadMulticast(op) ? 1 : 0;
  MlirAttribute segments = dlcOperationAttrGet(op, "operandSegmentSizes");
  int numDst = mlirDenseI32ArrayGetElement(segments, 4 + multicast);
  int numCoords = mlirDenseI32ArrayGetElement(segments, 5 + multicast);
  MlirAttribute boxAttr = dlcOperationAttrGet(op, "box");
  MlirValue group = groupOf(l, op, 1);
  int dstAt = 3 + multicast;
  MlirValue dst = operand(op, dstAt);
  MlirType dstType = mlirValueGetType(dst);
  int rank = (int)mlirShapedTypeGetRank(dstType);
  if (mlirValueIsNull(group) || numDst != rank || numCoords < 2 ||
      numCoords > rank || numCoords > TmaMaxCoords || rank > TmaMaxDstRank ||
      mlirDenseArrayGetNumElements(boxAttr) != 2) {
    if (!mlirValueIsNull(group))
      dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                        "index every dimension of the destination (at most "
                        "8), give at most 5 coordinates and a 2-D box",
                        "tma_load's indices, coordinates and box do not fit "
                        "its destination");
    return false;
  }
  int64_t box[TmaMaxCoords];
  dlcTmaBoxFromAttr(boxAttr, numCoords, box);
  MlirType element = mlirShapedTypeGetElementType(dstType);
  MlirValue map = dlcTmaDescriptor(b, operand(op, 0), numCoords, box, element);
  MlirValue indices[TmaMaxDstRank];
  for (int d = 0; d < rank; ++d)
    indices[d] = operand(op, dstAt + 1 + d);
  MlirValue view = dlcTmaBoxView(b, dst, indices, numCoords, box);

  /* nvgpu counts coordinates innermost first. */
  MlirValue operands[3 + TmaMaxCoords + 3] = {view, group, map};
  int n = 3;
  for (int i = numCoords - 1; i >= 0; --i)
    operands[n++] = operand(op, dstAt + 1 + numDst + i);
  operands[n++] = operand(op, 2);
  if (multicast)
    operands[n++] = operand(op, 3);
  operands[n++] = dlcElectedThread(b, 128);
  const char *names[] = {"operandSegmentSizes"};
  MlirAttribute loadSegments = mlirDenseI32ArrayGet(
      b->ctx, 7, (int32_t[]){1, 1, 1, numCoords, 1, multicast, 1});
  dlcBuild(b, "nvgpu.tma.async.load", n, operands, 0, NULL, 1, names,
           &loadSegments);
  return true;
}

/* --- wgmma ----------------------------------------------------------------
 * A shared-memory matrix descriptor (PTX ISA, "Matrix Descriptor Format"):
 * bits 0-13 the start address >> 4, 16-29 the leading-dimension byte
 * offset >> 4, 32-45 the stride-dimension byte offset >> 4, 62-63 the
 * swizzle mode (1: 128-byte). With the 128-byte swizzle a K-major operand
 * is [rows][64] (rows of 128 bytes; 8-row groups 1024 bytes apart, the
 * leading offset unused) and steps 32 bytes per k16; an MN-major one is
 * [chunks][k][64] (chunks of 64 columns 8 KiB apart; 8-k groups 1024 bytes
 * apart) and steps 16 rows of 128 bytes per k16. */

static MlirValue i64Const(DlcBuilder *b, int64_t v) {
  return dlcConstInt(b, mlirIntegerTypeGet(b->ctx, 64), v);
}

/* The shared-memory byte address of memref[indices] as i64. */
static MlirValue smemAddress(DlcBuilder *b, MlirValue memref,
                             const MlirValue *indices) {
  MlirType type = mlirValueGetType(memref);
  int rank = (int)mlirShapedTypeGetRank(type);
  MlirValue linear = index(b, 0);
  for (int d = 0; d < rank; ++d) {
    linear = dlcArith(b, "arith.muli", linear,
                      index(b, mlirShapedTypeGetDimSize(type, d)));
    linear = dlcArith(b, "arith.addi", linear, indices[d]);
  }
  MlirType element = mlirShapedTypeGetElementType(type);
  int64_t bytes = mlirTypeIsAF32(element) ? 4 : 2;
  MlirValue base =
      dlcBuildValue(b, "memref.extract_aligned_pointer_as_index", 1, &memref,
                    mlirIndexTypeGet(b->ctx), 0, NULL, NULL);
  MlirValue at = dlcArith(b, "arith.addi", base,
                          dlcArith(b, "arith.muli", linear, index(b, bytes)));
  return dlcIndexCast(b, at, mlirIntegerTypeGet(b->ctx, 64));
}

/* smemAddress of `memref` indexed by op's operands first.. (one per
 * dimension). */
static MlirValue operandAddress(DlcBuilder *b, MlirOperation op, intptr_t first,
                                MlirValue memref) {
  MlirValue indices[8];
  int rank = (int)mlirShapedTypeGetRank(mlirValueGetType(memref));
  for (int d = 0; d < rank && d < 8; ++d)
    indices[d] = operand(op, first + d);
  return smemAddress(b, memref, indices);
}

static MlirValue descriptor(DlcBuilder *b, MlirValue address, int64_t lead,
                            int64_t stride) {
  MlirValue start = dlcArith(
      b, "arith.shrui",
      dlcArith(b, "arith.andi", address, i64Const(b, 0x3FFFF)), i64Const(b, 4));
  int64_t fixed = ((lead >> 4) << 16) | ((stride >> 4) << 32) | (1LL << 62);
  return dlcArith(b, "arith.ori", start, i64Const(b, fixed));
}

static MlirType accStruct(MlirContext ctx, int64_t count) {
  char text[1200];
  size_t used = (size_t)snprintf(text, sizeof(text), "!llvm.struct<(");
  for (int64_t i = 0; i < count && used < sizeof(text); ++i)
    used += (size_t)snprintf(text + used, sizeof(text) - used, "%sf32",
                             i ? ", " : "");
  snprintf(text + used, sizeof(text) - used, ")>");
  return dlcType(ctx, text);
}

/* The m64nN accumulator vector<N/8 x 2 x 2> as the struct of its `count`
 * f32 registers (wgmma's operand order), and back. */
static MlirValue accToStruct(DlcBuilder *b, MlirValue acc, int64_t count) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirType structType = accStruct(b->ctx, count);
  const char *posName[] = {"position"};
  MlirValue regs =
      dlcBuildValue(b, "llvm.mlir.poison", 0, NULL, structType, 0, NULL, NULL);
  for (int64_t i = 0; i < count; ++i) {
    int64_t at[] = {i / 4, i / 2 % 2, i % 2};
    MlirAttribute pos = mlirDenseI64ArrayGet(b->ctx, 3, at);
    const char *names[] = {"static_position"};
    MlirValue v =
        dlcBuildValue(b, "vector.extract", 1, &acc, f32, 1, names, &pos);
    MlirValue operands[] = {regs, v};
    MlirAttribute slot = mlirDenseI64ArrayGet(b->ctx, 1, &i);
    regs = dlcBuildValue(b, "llvm.insertvalue", 2, operands, structType, 1,
                         posName, &slot);
  }
  return regs;
}

static MlirValue structToAcc(DlcBuilder *b, MlirValue regs, int64_t count,
                             MlirType accType) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  const char *posName[] = {"position"};
  MlirValue values[512];
  for (int64_t i = 0; i < count && i < 512; ++i) {
    MlirAttribute slot = mlirDenseI64ArrayGet(b->ctx, 1, &i);
    values[i] =
        dlcBuildValue(b, "llvm.extractvalue", 1, &regs, f32, 1, posName, &slot);
  }
  return dlcBuildValue(b, "vector.from_elements", count, values, accType, 0,
                       NULL, NULL);
}

/* Whether accumulator `acc` is all zeros: acc_init's splat of 0 (already
 * lowered, or not yet). */
static bool zeroAccumulator(MlirValue acc) {
  if (!mlirValueIsAOpResult(acc))
    return false;
  MlirOperation def = mlirOpResultGetOwner(acc);
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(def));
  MlirAttribute value = dlcOperationAttrGet(def, "value");
  if (mlirAttributeIsNull(value))
    return false;
  if (mlirStringRefEqual(name,
                         mlirStringRefCreateFromCString("arith.constant")))
    return mlirAttributeIsADenseElements(value) &&
           mlirDenseElementsAttrIsSplat(value) &&
           mlirFloatAttrGetValueDouble(
               mlirDenseElementsAttrGetSplatValue(value)) == 0.0;
  return mlirStringRefEqual(
             name, mlirStringRefCreateFromCString("dlcgpu.acc_init")) &&
         mlirAttributeIsAFloat(value) &&
         mlirFloatAttrGetValueDouble(value) == 0.0;
}

/* wgmma(a, a_indices..., b, b_indices..., acc). An accumulator of zeros
 * (a fresh S = Q Kᵀ of the flash kernels) is not moved into the
 * registers: the first k-step writes them with scale-d 0 (D = A·B), as
 * CUTLASS's ScaleOut::Zero: N/2 fewer moves a thread in the PTX (ptxas
 * had dropped them from the SASS already: run fa7-2). */
bool dlcLowerWgmma(MlirOperation op, DlcBuilder *b) {
  MlirAttribute segments = dlcOperationAttrGet(op, "operandSegmentSizes");
  int numA = mlirDenseI32ArrayGetElement(segments, 1);
  int numB = mlirDenseI32ArrayGetElement(segments, 3);
  MlirValue a = operand(op, 0), bm = operand(op, 1 + numA);
  MlirValue acc = operand(op, 2 + numA + numB);
  MlirAttribute shape = dlcOperationAttrGet(op, "shape");
  int64_t n = mlirDenseI64ArrayGetElement(shape, 1);
  int64_t k = mlirDenseI64ArrayGetElement(shape, 2);
  bool transA = mlirBoolAttrGetValue(dlcOperationAttrGet(op, "trans_a"));
  bool transB = mlirBoolAttrGetValue(dlcOperationAttrGet(op, "trans_b"));
  MlirType accType = mlirValueGetType(acc);
  int64_t count = n / 2; /* f32 registers of m64nN per thread */
  if (mlirDenseI64ArrayGetElement(shape, 0) != 64 || k % 16 ||
      mlirShapedTypeGetRank(accType) != 3 ||
      mlirShapedTypeGetDimSize(accType, 0) * 4 != count ||
      numA != (int)mlirShapedTypeGetRank(mlirValueGetType(a)) ||
      numB != (int)mlirShapedTypeGetRank(mlirValueGetType(bm))) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "use shape [64, N, k*16] with N/8 x 2 x 2 accumulators "
                      "and index every dimension of a and b",
                      "wgmma's shape, accumulators or indices do not fit");
    return false;
  }
  MlirValue addressA = operandAddress(b, op, 1, a);
  MlirValue addressB = operandAddress(b, op, 2 + numA, bm);

  MlirType structType = accStruct(b->ctx, count);
  bool zero = zeroAccumulator(acc);
  MlirValue regs = zero ? dlcBuildValue(b, "llvm.mlir.poison", 0, NULL,
                                        structType, 0, NULL, NULL)
                        : accToStruct(b, acc, count);

  MlirType element = mlirShapedTypeGetElementType(mlirValueGetType(a));
  const char *typeName = mlirTypeIsABF16(element) ? "bf16" : "f16";
  char text[96];
  snprintf(text, sizeof(text), "#nvvm.shape<m = 64, n = %lld, k = 16>",
           (long long)n);
  char inType[48];
  snprintf(inType, sizeof(inType), "#nvvm.wgmma_type<%s>", typeName);
  const char *names[] = {"shape",  "typeA",  "typeB",   "typeD",  "scaleD",
                         "scaleA", "scaleB", "layoutA", "layoutB"};
  MlirAttribute attrs[] = {dlcAttr(b->ctx, text),
                           dlcAttr(b->ctx, inType),
                           dlcAttr(b->ctx, inType),
                           dlcAttr(b->ctx, "#nvvm.wgmma_type<f32>"),
                           dlcAttr(b->ctx, "#nvvm.wgmma_scale_out<one>"),
                           dlcAttr(b->ctx, "#nvvm.wgmma_scale_in<one>"),
                           dlcAttr(b->ctx, "#nvvm.wgmma_scale_in<one>"),
                           dlcAttr(b->ctx, transA ? "#nvvm.mma_layout<col>"
                                                  : "#nvvm.mma_layout<row>"),
                           dlcAttr(b->ctx, transB ? "#nvvm.mma_layout<row>"
                                                  : "#nvvm.mma_layout<col>")};
  dlcBuild(b, "nvvm.wgmma.fence.aligned", 0, NULL, 0, NULL, 0, NULL, NULL);
  int64_t chunkBytes = 64 * 64 * 2;
  for (int64_t kk = 0; kk < k / 16; ++kk) {
    int64_t stepA = transA ? 16 * 128 : 32, stepB = transB ? 16 * 128 : 32;
    MlirValue descA = descriptor(
        b, dlcArith(b, "arith.addi", addressA, i64Const(b, kk * stepA)),
        transA ? chunkBytes : 16, 1024);
    MlirValue descB = descriptor(
        b, dlcArith(b, "arith.addi", addressB, i64Const(b, kk * stepB)),
        transB ? chunkBytes : 16, 1024);
    MlirValue operands[] = {regs, descA, descB};
    attrs[4] = dlcAttr(b->ctx, zero && kk == 0 ? "#nvvm.wgmma_scale_out<zero>"
                                               : "#nvvm.wgmma_scale_out<one>");
    regs = dlcBuildValue(b, "nvvm.wgmma.mma_async", 3, operands, structType, 9,
                         names, attrs);
  }
  dlcBuild(b, "nvvm.wgmma.commit.group.sync.aligned", 0, NULL, 0, NULL, 0, NULL,
           NULL);

  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0),
                                structToAcc(b, regs, count, accType));
  return true;
}

/* One register-A wgmma.mma_async m64nNk16 as inline PTX (the NVVM op
 * takes A only as a descriptor): `count` f32 accumulators read and
 * written, A's four b32 registers, B's descriptor; scale-d 1. */
static MlirValue wgmmaRsStep(DlcBuilder *b, MlirValue regs, int64_t count,
                             const MlirValue aRegs[4], MlirValue descB,
                             int64_t n, const char *typeName, bool transB) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirType structType = accStruct(b->ctx, count);
  const char *posName[] = {"position"};
  MlirValue operands[128 + 5];
  for (int64_t i = 0; i < count; ++i) {
    MlirAttribute slot = mlirDenseI64ArrayGet(b->ctx, 1, &i);
    operands[i] =
        dlcBuildValue(b, "llvm.extractvalue", 1, &regs, f32, 1, posName, &slot);
  }
  for (int r = 0; r < 4; ++r)
    operands[count + r] = aRegs[r];
  operands[count + 4] = descB;
  /* $0.. the accumulators (outputs, tied to inputs count..2count-1),
   * then A's registers and B's descriptor. */
  char text[2048], constraints[1024];
  size_t used =
      (size_t)snprintf(text, sizeof(text),
                       "wgmma.mma_async.sync.aligned.m64n%lldk16.f32.%s.%s {",
                       (long long)n, typeName, typeName);
  size_t cused = 0;
  for (int64_t i = 0; i < count; ++i) {
    used += (size_t)snprintf(text + used, sizeof(text) - used, "%s$%lld",
                             i ? ", " : "", (long long)i);
    cused += (size_t)snprintf(constraints + cused, sizeof(constraints) - cused,
                              "%s=f", i ? "," : "");
  }
  for (int64_t i = 0; i < count; ++i)
    cused += (size_t)snprintf(constraints + cused, sizeof(constraints) - cused,
                              ",%lld", (long long)i);
  snprintf(constraints + cused, sizeof(constraints) - cused, ",r,r,r,r,l");
  long long a0 = (long long)(2 * count);
  snprintf(text + used, sizeof(text) - used,
           "}, {$%lld, $%lld, $%lld, $%lld}, $%lld, 1, 1, 1, %d;", a0, a0 + 1,
           a0 + 2, a0 + 3, a0 + 4, transB ? 1 : 0);
  const char *names[] = {"asm_string", "constraints", "has_side_effects"};
  MlirAttribute attrs[] = {
      mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString(text)),
      mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString(constraints)),
      mlirUnitAttrGet(b->ctx)};
  return dlcBuildValue(b, "llvm.inline_asm", (intptr_t)count + 5, operands,
                       structType, 3, names, attrs);
}

/* wgmma_rs(a, b, b_indices..., acc): A's fragments vector<k/16 x 4 x 2>
 * of f16/bf16, each pair one b32 register. */
bool dlcLowerWgmmaRs(MlirOperation op, DlcBuilder *b) {
  intptr_t numOperands = mlirOperationGetNumOperands(op);
  int numB = (int)numOperands - 3;
  MlirValue a = operand(op, 0), bm = operand(op, 1);
  MlirValue acc = operand(op, numOperands - 1);
  MlirAttribute shape = dlcOperationAttrGet(op, "shape");
  int64_t n = mlirDenseI64ArrayGetElement(shape, 1);
  int64_t k = mlirDenseI64ArrayGetElement(shape, 2);
  bool transB = mlirBoolAttrGetValue(dlcOperationAttrGet(op, "trans_b"));
  MlirType accType = mlirValueGetType(acc), aType = mlirValueGetType(a);
  MlirType element = mlirShapedTypeGetElementType(aType);
  int64_t count = n / 2;
  if (mlirDenseI64ArrayGetElement(shape, 0) != 64 || k <= 0 || k % 16 ||
      n % 8 || n > 256 || mlirShapedTypeGetRank(accType) != 3 ||
      mlirShapedTypeGetDimSize(accType, 0) * 4 != count ||
      mlirShapedTypeGetRank(aType) != 3 ||
      mlirShapedTypeGetDimSize(aType, 0) != k / 16 ||
      mlirShapedTypeGetDimSize(aType, 1) != 4 ||
      mlirShapedTypeGetDimSize(aType, 2) != 2 ||
      !(mlirTypeIsAF16(element) || mlirTypeIsABF16(element)) ||
      numB != (int)mlirShapedTypeGetRank(mlirValueGetType(bm))) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "use shape [64, N, k*16] (N <= 256) with N/8 x 2 x 2 "
                      "accumulators, A as k/16 x 4 x 2 f16 or bf16, and "
                      "index every dimension of b",
                      "wgmma_rs's shape, A fragments, accumulators or "
                      "indices do not fit");
    return false;
  }
  MlirValue addressB = operandAddress(b, op, 2, bm);
  const char *typeName = mlirTypeIsABF16(element) ? "bf16" : "f16";
  MlirType pairType = mlirVectorTypeGet(1, (int64_t[]){2}, element);
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  const char *names[] = {"static_position"};
  MlirValue regs = accToStruct(b, acc, count);
  dlcBuild(b, "nvvm.wgmma.fence.aligned", 0, NULL, 0, NULL, 0, NULL, NULL);
  for (int64_t kk = 0; kk < k / 16; ++kk) {
    MlirValue aRegs[4];
    for (int64_t r = 0; r < 4; ++r) {
      MlirAttribute pos = mlirDenseI64ArrayGet(b->ctx, 2, (int64_t[]){kk, r});
      MlirValue pair =
          dlcBuildValue(b, "vector.extract", 1, &a, pairType, 1, names, &pos);
      aRegs[r] = dlcBuildValue(b, "llvm.bitcast", 1, &pair, i32, 0, NULL, NULL);
    }
    int64_t step = transB ? 16 * 128 : 32;
    MlirValue descB = descriptor(
        b, dlcArith(b, "arith.addi", addressB, i64Const(b, kk * step)),
        transB ? 64 * 64 * 2 : 16, 1024);
    regs = wgmmaRsStep(b, regs, count, aRegs, descB, n, typeName, transB);
  }
  dlcBuild(b, "nvvm.wgmma.commit.group.sync.aligned", 0, NULL, 0, NULL, 0, NULL,
           NULL);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0),
                                structToAcc(b, regs, count, accType));
  return true;
}

bool dlcLowerWgmmaWait(MlirOperation op, DlcBuilder *b) {
  const char *names[] = {"group"};
  MlirAttribute pending = dlcOperationAttrGet(op, "pending");
  dlcBuild(b, "nvvm.wgmma.wait.group.sync.aligned", 0, NULL, 0, NULL, 1, names,
           &pending);
  return true;
}

/* tma_load_im2col(desc, bars, bar_index, dst, dst_indices..., coords...,
 * offsets...): nvgpu has no im2col load, so the NVVM op directly, on
 * pointers: the map's generic address, the box's shared address (as the
 * wgmma descriptors take it) and the barrier's (nvgpu.mbarrier.get). */
bool dlcLowerTmaLoadIm2col(DlcLowering *l, MlirOperation op, DlcBuilder *b) {
  MlirAttribute segments = dlcOperationAttrGet(op, "operandSegmentSizes");
  int numDst = mlirDenseI32ArrayGetElement(segments, 4);
  int numCoords = mlirDenseI32ArrayGetElement(segments, 5);
  int numOffsets = mlirDenseI32ArrayGetElement(segments, 6);
  MlirValue group = groupOf(l, op, 1);
  MlirValue dst = operand(op, 3);
  int rank = (int)mlirShapedTypeGetRank(mlirValueGetType(dst));
  if (mlirValueIsNull(group) || numDst != rank || numCoords < 3 ||
      numCoords > 5 || numOffsets != numCoords - 2) {
    if (!mlirValueIsNull(group))
      dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                        "index every dimension of the destination and give "
                        "3 to 5 coordinates with 2 fewer offsets",
                        "tma_load_im2col's indices, coordinates and offsets "
                        "do not fit its destination and map");
    return false;
  }
  MlirType i16 = mlirIntegerTypeGet(b->ctx, 16);
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType shared = dlcType(b->ctx, "!llvm.ptr<3>");
  MlirValue indices[8];
  for (int d = 0; d < rank; ++d)
    indices[d] = operand(op, 4 + d);
  MlirValue box = smemAddress(b, dst, indices);
  MlirValue address = operand(op, 0);
  MlirValue operands[16];
  int n = 0;
  operands[n++] =
      dlcBuildValue(b, "llvm.inttoptr", 1, &box, shared, 0, NULL, NULL);
  operands[n++] = dlcBuildValue(b, "llvm.inttoptr", 1, &address,
                                dlcType(b->ctx, "!llvm.ptr"), 0, NULL, NULL);
  /* NVVM counts coordinates and offsets innermost first. */
  for (int i = numCoords - 1; i >= 0; --i)
    operands[n++] = dlcIndexCast(b, operand(op, 4 + numDst + i), i32);
  MlirValue barOperands[] = {group, operand(op, 2)};
  MlirValue bar = dlcBuildValue(b, "nvgpu.mbarrier.get", 2, barOperands, i32, 0,
                                NULL, NULL);
  operands[n++] =
      dlcBuildValue(b, "llvm.inttoptr", 1, &bar, shared, 0, NULL, NULL);
  for (int i = numOffsets - 1; i >= 0; --i)
    operands[n++] =
        dlcIndexCast(b, operand(op, 4 + numDst + numCoords + i), i16);
  operands[n++] = dlcElectedThread(b, 128);
  const char *names[] = {"operandSegmentSizes", "mode"};
  MlirAttribute attrs[] = {
      mlirDenseI32ArrayGet(
          b->ctx, 8, (int32_t[]){1, 1, numCoords, 1, numOffsets, 0, 0, 1}),
      dlcAttr(b->ctx, "#nvvm.tma_load_mode<im2col>")};
  dlcBuild(b, "nvvm.cp.async.bulk.tensor.shared.cluster.global", n, operands, 0,
           NULL, 2, names, attrs);
  return true;
}

/* --- thread-block clusters ------------------------------------------------
 * Forms proven by lit down to PTX (docs/dialects/dlcgpu.md, "Clusters"). */

void dlcLowerClusterRank(MlirOperation op, DlcBuilder *b) {
  MlirValue rank =
      dlcBuildValue(b, "nvvm.read.ptx.sreg.cluster.ctarank", 0, NULL,
                    mlirIntegerTypeGet(b->ctx, 32), 0, NULL, NULL);
  mlirValueReplaceAllUsesOfWith(
      mlirOperationGetResult(op, 0),
      dlcIndexCast(b, rank, mlirIndexTypeGet(b->ctx)));
}

/* The release of the arrive orders this thread's barrier inits (through
 * the fence) and memory before the other CTAs' use after their wait. */
void dlcLowerClusterSync(DlcBuilder *b) {
  dlcBuild(b, "nvvm.fence.mbarrier.init", 0, NULL, 0, NULL, 0, NULL, NULL);
  dlcBuild(b, "nvvm.cluster.arrive", 0, NULL, 0, NULL, 0, NULL, NULL);
  dlcBuild(b, "nvvm.cluster.wait", 0, NULL, 0, NULL, 0, NULL, NULL);
}

bool dlcLowerMbarrierArriveCluster(DlcLowering *l, MlirOperation op,
                                   DlcBuilder *b) {
  MlirValue group = groupOf(l, op, 0);
  if (mlirValueIsNull(group))
    return false;
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirBlock then;
  dlcBuildIf(b, dlcElectedThread(b, 32), &then);
  DlcBuilder in = dlcBuilderAtEnd(then, b->loc);
  MlirValue barOperands[] = {group, operand(op, 1)};
  MlirValue bar = dlcBuildValue(&in, "nvgpu.mbarrier.get", 2, barOperands, i32,
                                0, NULL, NULL);
  MlirValue local =
      dlcBuildValue(&in, "llvm.inttoptr", 1, &bar,
                    dlcType(b->ctx, "!llvm.ptr<3>"), 0, NULL, NULL);
  MlirValue mapaOperands[] = {local, dlcIndexCast(&in, operand(op, 2), i32)};
  MlirValue remote =
      dlcBuildValue(&in, "nvvm.mapa", 2, mapaOperands,
                    dlcType(b->ctx, "!llvm.ptr<7>"), 0, NULL, NULL);
  /* The default .release.cta, as CUTLASS's ClusterBarrier::arrive: with
   * scope = cluster (.release.cluster) the clustered GEMM ran at half
   * speed, as if each release waited for the warp's wgmma group in
   * flight (bench/RESULTS.md, runs cl-1 to cl-4). */
  dlcBuild(&in, "nvvm.mbarrier.arrive", 1, &remote, 0, NULL, 0, NULL, NULL);
  dlcBuild(&in, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  return true;
}
