/* dlcgpu → upstream for the SM90 staged epilogue's ops (a tile written to
 * shared memory, then stored by TMA while the consumers go on):
 *
 *   tma_store           nvgpu.tma.async.store of a subview of the staging
 *                       buffer, by thread 0 of the warpgroup, then
 *                       nvvm.cp.async.bulk.commit.group (an empty group in
 *                       every other thread)
 *   tma_store_wait      nvvm.cp.async.bulk.wait_group [read]
 *   fence_async_shared  nvvm.fence.proxy async.shared::cta
 *   named_barrier       nvvm.barrier id, number_of_threads */
#include "LowerSkeleton.h"
#include "dlc/IR.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* tma_store(desc, src, src_indices..., coords...). */
bool dlcLowerTmaStore(MlirOperation op, DlcBuilder *b) {
  MlirAttribute segments = dlcOperationAttrGet(op, "operandSegmentSizes");
  int numSrc = mlirDenseI32ArrayGetElement(segments, 2);
  int numCoords = mlirDenseI32ArrayGetElement(segments, 3);
  MlirAttribute boxAttr = dlcOperationAttrGet(op, "box");
  MlirValue src = mlirOperationGetOperand(op, 1);
  int rank = (int)mlirShapedTypeGetRank(mlirValueGetType(src));
  if (numSrc != rank || numCoords < 2 || numCoords > rank ||
      numCoords > TmaMaxCoords || rank > TmaMaxDstRank ||
      mlirDenseArrayGetNumElements(boxAttr) != 2) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "index every dimension of the source (at most 8), give "
                      "2 to 5 coordinates and a 2-D box",
                      "tma_store's indices, coordinates and box do not fit "
                      "its source");
    return false;
  }
  int64_t box[TmaMaxCoords];
  dlcTmaBoxFromAttr(boxAttr, numCoords, box);
  MlirValue map =
      dlcTmaDescriptor(b, mlirOperationGetOperand(op, 0), numCoords, box,
                       mlirShapedTypeGetElementType(mlirValueGetType(src)));
  MlirValue indices[TmaMaxDstRank];
  for (int d = 0; d < rank; ++d)
    indices[d] = mlirOperationGetOperand(op, 2 + d);
  MlirValue view = dlcTmaBoxView(b, src, indices, numCoords, box);
  /* nvgpu counts coordinates innermost first. */
  MlirValue operands[2 + TmaMaxCoords + 1] = {view, map};
  int n = 2;
  for (int i = numCoords - 1; i >= 0; --i)
    operands[n++] = mlirOperationGetOperand(op, 2 + numSrc + i);
  operands[n++] = dlcElectedThread(b, 128);
  const char *names[] = {"operandSegmentSizes"};
  MlirAttribute storeSegments =
      mlirDenseI32ArrayGet(b->ctx, 4, (int32_t[]){1, 1, numCoords, 1});
  dlcBuild(b, "nvgpu.tma.async.store", n, operands, 0, NULL, 1, names,
           &storeSegments);
  dlcBuild(b, "nvvm.cp.async.bulk.commit.group", 0, NULL, 0, NULL, 0, NULL,
           NULL);
  return true;
}

void dlcLowerTmaStoreWait(MlirOperation op, DlcBuilder *b) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  const char *names[] = {"group", "read"};
  MlirAttribute attrs[] = {
      mlirIntegerAttrGet(
          i32, mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "pending"))),
      mlirUnitAttrGet(b->ctx)};
  bool read = mlirBoolAttrGetValue(dlcOperationAttrGet(op, "read"));
  dlcBuild(b, "nvvm.cp.async.bulk.wait_group", 0, NULL, 0, NULL, read ? 2 : 1,
           names, attrs);
}

void dlcLowerFenceAsyncShared(DlcBuilder *b) {
  const char *names[] = {"kind", "space"};
  MlirAttribute attrs[] = {dlcAttr(b->ctx, "#nvvm.proxy_kind<async.shared>"),
                           dlcAttr(b->ctx, "#nvvm.shared_space<cta>")};
  dlcBuild(b, "nvvm.fence.proxy", 0, NULL, 0, NULL, 2, names, attrs);
}

void dlcLowerNamedBarrier(MlirOperation op, DlcBuilder *b) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue id = mlirOperationGetOperand(op, 0);
  MlirValue operands[] = {
      dlcBuildValue(b, "arith.index_cast", 1, &id, i32, 0, NULL, NULL),
      dlcConstInt(
          b, i32,
          mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "threads")))};
  const char *names[] = {"operandSegmentSizes"};
  MlirAttribute segments =
      mlirDenseI32ArrayGet(b->ctx, 3, (int32_t[]){1, 1, 0});
  dlcBuild(b, "nvvm.barrier", 2, operands, 0, NULL, 1, names, &segments);
}
