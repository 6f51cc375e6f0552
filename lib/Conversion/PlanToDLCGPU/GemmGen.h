/* The state and small builders the GEMM skeleton generators share
 * (internal to convert-plan-to-dlcgpu). A generator fills one kernel
 * function: its arguments are the region's tensors as flat memref<?xT>,
 * then one index per symbol (Skeleton.h). */
#ifndef DLC_LIB_CONVERSION_PLANTODLCGPU_GEMMGEN_H
#define DLC_LIB_CONVERSION_PLANTODLCGPU_GEMMGEN_H

#include "Builder.h"
#include "Skeleton.h"

/* Tile-rows per rasterisation group (see rasterize). */
enum { DLC_RASTER_GROUP = 8 };

/* A tensor as the kernel addresses it: base + sum(index[role] *
 * stride[role]); base is the CTA's batch offset. */
typedef struct Access {
  MlirValue global, base;
  MlirValue stride[KP_NUM_ROLES];
  MlirValue mStride[KP_MAX_FUSED]; /* tensor->mSplit: per fused m axis */
  const KpTensor *tensor;
} Access;

typedef struct Gen {
  DlcBuilder b;
  const KpProblem *p;
  const DlcGemmTiling *t;
  MlirType idx, i1, f32, in; /* `in`: the operands' element type */
  MlirValue size[KP_NUM_ROLES];
  MlirValue fusedSize[KP_NUM_ROLES][KP_MAX_FUSED]; /* implicit GEMM */
  MlirBlock entry; /* the kernel's arguments: tensors, then symbols */
  int numTensors;
  Access ta, tb, tc, inputs[KP_MAX_INPUTS]; /* A, B, C, epilogue inputs */
  MlirValue tid, lane, m0, n0, batch;
  MlirValue aligned; /* i1: 16-byte cp.async is legal for both operands */
  int64_t threads, warpsN;
} Gen;

/* --- small builders --------------------------------------------------------
 */

static inline MlirValue cst(Gen *g, int64_t v) {
  return dlcConstIndex(&g->b, v);
}
static inline MlirValue add(Gen *g, MlirValue a, MlirValue c) {
  return dlcArith(&g->b, "arith.addi", a, c);
}
static inline MlirValue sub(Gen *g, MlirValue a, MlirValue c) {
  return dlcArith(&g->b, "arith.subi", a, c);
}
static inline MlirValue mulv(Gen *g, MlirValue a, MlirValue c) {
  return dlcArith(&g->b, "arith.muli", a, c);
}
static inline MlirValue divv(Gen *g, MlirValue a, MlirValue c) {
  return dlcArith(&g->b, "arith.divui", a, c);
}
static inline MlirValue remv(Gen *g, MlirValue a, MlirValue c) {
  return dlcArith(&g->b, "arith.remui", a, c);
}
static inline MlirValue minv(Gen *g, MlirValue a, MlirValue c) {
  return dlcArith(&g->b, "arith.minui", a, c);
}
static inline MlirValue mul(Gen *g, MlirValue a, int64_t c) {
  return mulv(g, a, cst(g, c));
}
static inline MlirValue divc(Gen *g, MlirValue a, int64_t c) {
  return dlcArith(&g->b, "arith.divui", a, cst(g, c));
}
static inline MlirValue remc(Gen *g, MlirValue a, int64_t c) {
  return dlcArith(&g->b, "arith.remui", a, cst(g, c));
}
static inline MlirValue lt(Gen *g, MlirValue a, MlirValue c) {
  return dlcCmpI(&g->b, "slt", a, c);
}
static inline MlirValue andi(Gen *g, MlirValue a, MlirValue c) {
  return dlcArith(&g->b, "arith.andi", a, c);
}
static inline MlirValue sel(Gen *g, MlirValue c, MlirValue a, MlirValue e) {
  return dlcSelect(&g->b, c, a, e);
}
static inline MlirValue clamp(Gen *g, MlirValue v, int64_t lo, int64_t hi) {
  MlirValue low = dlcArith(&g->b, "arith.maxsi", v, cst(g, lo));
  return dlcArith(&g->b, "arith.minsi", low, cst(g, hi));
}
static inline MlirValue isMultiple(Gen *g, MlirValue v, int64_t of) {
  return dlcCmpI(&g->b, "eq", remc(g, v, of), cst(g, 0));
}

/* Starts generating into `kernel`'s body: the builder at its end, the
 * problem, the tiling, the common types, and the addressing of its
 * `numTensors` tensors (gemmSetUpAddressing). */
void gemmGenInit(Gen *g, MlirOperation kernel, const KpProblem *p,
                 const DlcGemmTiling *t, int numTensors);
/* gpu.thread_id / gpu.block_id ... along `dim` ("x", "y", "z"). */
MlirValue gemmGpuId(Gen *g, const char *op, const char *dim);
MlirAttribute gemmI64(Gen *g, int64_t v);
/* vector<`shape` x element>, shape "4" or "2x2". */
MlirType gemmVectorType(Gen *g, const char *shape, MlirType element);
/* Runs `emit` inside `scf.if cond` (no results). */
void gemmEmitIf(Gen *g, MlirValue cond, void (*emit)(Gen *, void *),
                void *userData);
/* Opens `scf.if cond` (no results): what is built next goes inside it,
 * until gemmEndIf(g, *outer) closes it. */
void gemmBeginIf(Gen *g, MlirValue cond, DlcBuilder *outer);
void gemmEndIf(Gen *g, DlcBuilder outer);
/* An extent of the problem (constant times symbols) as an index value. */
MlirValue gemmExtent(Gen *g, const KpExtent *e);
/* An implicit GEMM's index of fused role `role` split into its axes'
 * indices (outermost first). */
void gemmSplit(Gen *g, KpRole role, MlirValue index,
               MlirValue out[KP_MAX_FUSED]);
/* The flat offset of (row role `r1` = i1, column role `r2` = i2); an m
 * index of a tensor with mSplit is split into its axes. */
MlirValue gemmOffsetOf(Gen *g, const Access *x, KpRole r1, MlirValue i1,
                       KpRole r2, MlirValue i2);
/* Sizes, strides and batch offsets (batch = block id y) from the kernel's
 * arguments. */
void gemmSetUpAddressing(Gen *g, MlirBlock entry, int numTensors);
/* Makes `batch` (index) the batch g->batch and every tensor's base
 * address: a persistent CTA whose tiles span batches (Sm90Gemm.c) sets it
 * per tile. */
void gemmSetBatch(Gen *g, MlirValue batch);
/* The CTA's tile (row, column) from block id x, grouped for L2 reuse. */
void gemmRasterize(Gen *g, MlirValue *tileRow, MlirValue *tileCol);
/* The same for tile number `pid` (a persistent CTA's loop index), in
 * groups of `group` (index) tile-rows. */
void gemmRasterizeTile(Gen *g, MlirValue pid, MlirValue group,
                       MlirValue *tileRow, MlirValue *tileCol);
/* The same over a grid of `rows` x `cols` units (index values): a
 * cluster's tile pairs. */
void gemmRasterizeGrid(Gen *g, MlirValue pid, MlirValue group, MlirValue rows,
                       MlirValue cols, MlirValue *tileRow, MlirValue *tileCol);
/* The problem's steps as the dlcgpu.epilogue `steps` attribute. */
MlirAttribute gemmStepsAttr(Gen *g);
/* i1: column pairs of C may be stored as one vector. */
MlirValue gemmPairStores(Gen *g);
/* One m16n8 accumulator fragment (vector<2x2xf32>) at rows (row, row + 8)
 * and columns (col, col + 1). */
typedef struct GemmFragment {
  MlirValue acc, row, col;
} GemmFragment;
/* The epilogue of one fragment in its three parts, for a generator that
 * computes the values once and chooses how to store them afterwards:
 * - the input fragments at (row, col), one per epilogue input (out has
 *   g->p->numInputs entries): unguarded when `inside` (the caller knows
 *   the fragment lies in M × N; an input constant along m, a bias, is then
 *   read once for both rows), else guarded, the elements outside M × N
 *   unspecified (the stores skip them);
 * - the dlcgpu.epilogue of `frag` on them once `token` completes: C's
 *   values (vector<2x2xT>), and in *storeToken what their stores wait on;
 * - the stores of those values: unguarded column pairs when `inside`, else
 *   guarded, as pairs where `pairs` (gemmPairStores) holds and one element
 *   at a time otherwise. */
void gemmEpilogueInputs(Gen *g, MlirValue row, MlirValue col, bool inside,
                        MlirValue *out);
MlirValue gemmEpilogueApply(Gen *g, MlirValue frag, MlirValue token,
                            const MlirValue *inputs, MlirAttribute steps,
                            MlirValue *storeToken);
void gemmStoreFragment(Gen *g, MlirValue out, MlirValue token, MlirValue row,
                       MlirValue col, bool inside, MlirValue pairs);
/* All three, guarded: the epilogue of one fragment anywhere in a tile. */
void gemmEpilogueFragment(Gen *g, MlirValue frag, MlirValue token,
                          MlirValue row, MlirValue col, MlirAttribute steps,
                          MlirValue pairs);
/* The 2×2 f32 fragment of tensor `x` at rows (row, row + 8) and columns
 * (col, col + 1) (its M and N strides), 0 outside g->size[M] × size[N];
 * an i1 tensor reads as 0/1. Epilogue inputs, attention's bias and mask. */
MlirValue gemmInputFragment(Gen *g, const Access *x, MlirValue row,
                            MlirValue col);

/* --- SM80 pieces shared by the GEMM and attention skeletons --------------
 */

/* The physical 16-byte chunk of logical chunk `chunk` in row `row` of a
 * tile with `chunksPerRow` chunks per row: XOR with bits of the row so the
 * 8 rows one ldmatrix reads fall into 8 different bank groups. */
MlirValue gemmSwizzle(Gen *g, MlirValue row, MlirValue chunk,
                      int64_t chunksPerRow);
/* Shared memory [stages][rows][cols] of g->in, swizzled in 16-byte chunks
 * (named after the row width the XOR pattern spans). */
MlirValue gemmSmemAlloc(Gen *g, int64_t stages, int64_t rows, int64_t cols);
/* One 16-byte cp.async of `count` (0..8) elements from global[offset] into
 * smem[stage][row][col]; the rest of the 16 bytes is zero-filled. */
void gemmCpAsync(Gen *g, MlirValue smem, MlirValue stage, MlirValue row,
                 MlirValue col, MlirValue global, MlirValue offset,
                 MlirValue count);
MlirValue gemmCommitGroup(Gen *g); /* the group's load token */
void gemmBarrier(Gen *g);
/* ldmatrix.x4 (.trans when `trans`) at smem[stage][row][col]. */
MlirValue gemmLdmatrix(Gen *g, MlirValue smem, MlirValue stage, MlirValue row,
                       MlirValue col, bool trans);
/* Rows `first` and `first + 1` of an ldmatrix.x4 result: the B operand
 * of one m16n8k16 mma. */
MlirValue gemmHalfOf(Gen *g, MlirValue v, int64_t first);
/* acc + a * b by one mma.sync m16n8k16 (f32 accumulators). */
MlirValue gemmMmaSync(Gen *g, MlirValue a, MlirValue b, MlirValue acc);

#endif
