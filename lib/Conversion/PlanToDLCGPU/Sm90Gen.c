/* SM90 emission shared by the GEMM (Sm90Gemm.c) and attention
 * (Sm90FlashAttention.c) skeletons: see Sm90Gen.h. */
#include "Sm90Gen.h"

#include "DialectNames.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>

MlirType sm90SmemType(Gen *g, int rank, const int64_t *shape,
                      MlirType element) {
  return mlirMemRefTypeGet(element, rank, shape, mlirAttributeGetNull(),
                           gemmI64(g, 3));
}

MlirValue sm90SmemAlloc(Gen *g, MlirType type, int64_t alignment,
                        const char *swizzle) {
  const char *names[] = {"alignment", "swizzle"};
  MlirAttribute attrs[] = {
      gemmI64(g, alignment),
      mlirStringAttrGet(g->b.ctx, mlirStringRefCreateFromCString(swizzle))};
  return dlcBuildValue(&g->b, DLC_OP_DLCGPU_SMEM_ALLOC, 0, NULL, type, 2, names,
                       attrs);
}

MlirValue sm90SwizzledAlloc(Gen *g, int rank, const int64_t *shape) {
  /* 1024 bytes: the 128-byte swizzle repeats every 8 rows of 128 bytes,
   * and wgmma descriptors assume tiles start on that period. */
  return sm90SmemAlloc(g, sm90SmemType(g, rank, shape, g->in), 1024, "128b");
}

MlirValue sm90Barriers(Gen *g, int64_t count) {
  return sm90SmemAlloc(
      g, sm90SmemType(g, 1, &count, mlirIntegerTypeGet(g->b.ctx, 64)), 8,
      "none");
}

void sm90MbarrierOp(Gen *g, const char *name, MlirValue bars, MlirValue index,
                    const char *attr, int64_t value) {
  MlirValue operands[] = {bars, index};
  MlirAttribute v = gemmI64(g, value);
  dlcBuild(&g->b, name, 2, operands, 0, NULL, attr ? 1 : 0, &attr, &v);
}

void sm90MbarrierWait(Gen *g, MlirValue bars, MlirValue index,
                      MlirValue parity) {
  MlirValue operands[] = {bars, index, parity};
  dlcBuild(&g->b, DLC_OP_DLCGPU_MBARRIER_WAIT, 3, operands, 0, NULL, 0, NULL,
           NULL);
}

MlirValue sm90ParityOf(Gen *g, MlirValue use, int64_t stages, bool flip) {
  MlirValue round = divc(g, use, stages);
  MlirValue bit = remc(g, flip ? add(g, round, cst(g, 1)) : round, 2);
  return dlcCmpI(&g->b, "eq", bit, cst(g, 1));
}

void sm90SetMaxRegisters(Gen *g, int count, bool increase) {
  char text[64];
  snprintf(text, sizeof(text), "#nvvm<action %s>",
           increase ? "increase" : "decrease");
  const char *names[] = {"regCount", "action"};
  MlirAttribute attrs[] = {
      mlirIntegerAttrGet(mlirIntegerTypeGet(g->b.ctx, 32), count),
      dlcAttr(g->b.ctx, text)};
  dlcBuild(&g->b, "nvvm.setmaxregister", 0, NULL, 0, NULL, 2, names, attrs);
}

int sm90ProducerRegisters(int64_t consumers) { return consumers > 2 ? 32 : 40; }
int sm90ConsumerRegisters(int64_t consumers) {
  return consumers > 2 ? 160 : 232;
}

DlcBuilder sm90BeginProducerWarp(Gen *g) {
  DlcBuilder outer = g->b;
  MlirBlock then;
  dlcBuildIf(&g->b,
             dlcCmpI(&g->b, "ult", g->tid, cst(g, SM90_PRODUCER_THREADS)),
             &then);
  g->b = dlcBuilderAtEnd(then, outer.loc);
  return outer;
}

void sm90EndProducerWarp(Gen *g, DlcBuilder outer) {
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

MlirType sm90Token(Gen *g, const char *name) { return dlcType(g->b.ctx, name); }

void sm90NamedBarrier(Gen *g, MlirValue id, int64_t threads) {
  const char *names[] = {"threads"};
  MlirAttribute count = gemmI64(g, threads);
  dlcBuild(&g->b, DLC_OP_DLCGPU_NAMED_BARRIER, 1, &id, 0, NULL, 1, names,
           &count);
}

void sm90NamedBarrierArrive(Gen *g, MlirValue id, int64_t threads) {
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32);
  MlirValue operands[] = {
      dlcBuildValue(&g->b, "arith.index_cast", 1, &id, i32, 0, NULL, NULL),
      dlcConstInt(&g->b, i32, threads)};
  dlcBuild(&g->b, "nvvm.barrier.arrive", 2, operands, 0, NULL, 0, NULL, NULL);
}

MlirValue sm90WgmmaWait(Gen *g, MlirValue tok, int64_t pending) {
  const char *names[] = {"pending"};
  MlirAttribute v = gemmI64(g, pending);
  dlcBuild(&g->b, DLC_OP_DLCGPU_WGMMA_WAIT, 1, &tok, 0, NULL, 1, names, &v);
  return tok;
}

static MlirType accType(Gen *g, int64_t n) {
  return mlirVectorTypeGet(3, (int64_t[]){n / 8, 2, 2}, g->f32);
}

void sm90Wgmma(Gen *g, const Sm90Operand *a, const Sm90Operand *b, int64_t n,
               int64_t k, MlirValue acc, MlirValue out[2]) {
  MlirValue operands[16];
  int count = 0;
  operands[count++] = a->smem;
  for (int i = 0; i < a->rank; ++i)
    operands[count++] = a->index[i];
  operands[count++] = b->smem;
  for (int i = 0; i < b->rank; ++i)
    operands[count++] = b->index[i];
  operands[count++] = acc;
  int32_t sizes[] = {1, a->rank, 1, b->rank, 1};
  const char *names[] = {"shape", "trans_a", "trans_b", "operandSegmentSizes"};
  MlirAttribute attrs[] = {
      mlirDenseI64ArrayGet(g->b.ctx, 3, (int64_t[]){64, n, k}),
      mlirBoolAttrGet(g->b.ctx, a->trans), mlirBoolAttrGet(g->b.ctx, b->trans),
      mlirDenseI32ArrayGet(g->b.ctx, 5, sizes)};
  MlirType types[] = {accType(g, n), sm90Token(g, "!dlcgpu.compute_token")};
  MlirOperation mma = dlcBuild(&g->b, DLC_OP_DLCGPU_WGMMA, count, operands, 2,
                               types, 4, names, attrs);
  out[0] = mlirOperationGetResult(mma, 0);
  out[1] = mlirOperationGetResult(mma, 1);
}

void sm90WgmmaRs(Gen *g, MlirValue a, const Sm90Operand *b, int64_t n,
                 int64_t k, MlirValue acc, MlirValue out[2]) {
  MlirValue operands[10];
  int count = 0;
  operands[count++] = a;
  operands[count++] = b->smem;
  for (int i = 0; i < b->rank; ++i)
    operands[count++] = b->index[i];
  operands[count++] = acc;
  const char *names[] = {"shape", "trans_b"};
  MlirAttribute attrs[] = {
      mlirDenseI64ArrayGet(g->b.ctx, 3, (int64_t[]){64, n, k}),
      mlirBoolAttrGet(g->b.ctx, b->trans)};
  MlirType types[] = {accType(g, n), sm90Token(g, "!dlcgpu.compute_token")};
  MlirOperation mma = dlcBuild(&g->b, DLC_OP_DLCGPU_WGMMA_RS, count, operands,
                               2, types, 2, names, attrs);
  out[0] = mlirOperationGetResult(mma, 0);
  out[1] = mlirOperationGetResult(mma, 1);
}

void sm90AccInit(Gen *g, int64_t n, MlirValue out[2]) {
  MlirType types[] = {accType(g, n), sm90Token(g, "!dlcgpu.compute_token")};
  const char *valueName[] = {"value"};
  MlirAttribute zero = mlirFloatAttrDoubleGet(g->b.ctx, g->f32, 0.0);
  MlirOperation init = dlcBuild(&g->b, DLC_OP_DLCGPU_ACC_INIT, 0, NULL, 2,
                                types, 1, valueName, &zero);
  out[0] = mlirOperationGetResult(init, 0);
  out[1] = mlirOperationGetResult(init, 1);
}
