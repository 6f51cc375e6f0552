/* What convert-plan-to-dlcgpu hands a skeleton generator (internal): the
 * kernel-problem model, the plan's tiling, and the kernel function whose
 * body the generator fills. */
#ifndef DLC_LIB_CONVERSION_PLANTODLCGPU_SKELETON_H
#define DLC_LIB_CONVERSION_PLANTODLCGPU_SKELETON_H

#include "AttentionProblem.h"
#include "KernelProblem.h"
#include "MemoryProblem.h"
#include "Target.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/* The plan's choices a GEMM skeleton reads (plan.schedule). */
typedef struct DlcGemmTiling {
  int64_t tileM, tileN, tileK; /* CTA tile */
  int64_t warpM, warpN;        /* warp tile */
  int64_t stages;
} DlcGemmTiling;

/* Fills the body of `kernel` with the SM80 skeleton (§9.1). The kernel's
 * arguments are the region's tensors as flat memref<?xT> (in region
 * argument order, `numTensors` of them) then one index per symbol of
 * rbssa.symbols. Grid: x = CTA tiles of C, y = the batch. */
void dlcEmitSm80Gemm(MlirOperation kernel, const KpProblem *problem,
                     const DlcGemmTiling *tiling, int numTensors);

/* The SM90 skeleton (§9.1, Sm90Gemm.c): warp-specialized, one producer
 * warpgroup issuing TMA and two consumer warpgroups issuing wgmma, with
 * mbarrier full/empty pairs per stage. Its tiling: tileM = 128 (64 rows per
 * consumer), tileK = 64, tileN a multiple of 64 up to 256. The kernel's
 * arguments are those of the SM80 skeleton followed by two i64 tensor-map
 * addresses (A's at `mapArg`, then B's), described by the
 * `dlcgpu.tensormap` argument attribute (dlcSm90TensorMap). */
enum { DLC_SM90_THREADS = 384 };
void dlcEmitSm90Gemm(MlirOperation kernel, const KpProblem *problem,
                     const DlcGemmTiling *tiling, int numTensors, int mapArg);

/* Whether an operand's k axis has unit stride (staged K-major), and
 * whether its tensor map has a batch dimension (a batched, not broadcast,
 * operand). */
bool dlcSm90KMajor(const KpTensor *tensor);
bool dlcSm90MapHasBatch(const KpTensor *tensor);

/* Why the SM90 skeleton cannot stage operand `tensor` (A when `fixed` is
 * KP_M, else B) through a TMA tensor map, or NULL when it can: one of its
 * k and m/n axes must have unit stride, and static row and batch strides
 * must be multiples of 16 bytes (symbolic ones are checked by the runtime
 * when it encodes the map). */
const char *dlcSm90StagingProblem(const KpTensor *tensor, KpRole fixed);

/* The `dlcgpu.tensormap` argument attribute of the tensor map of operand
 * `tensor` staged in tiles of `rows` (docs/conventions.md, "Tensor maps"):
 * {tensor, dtype, dims, strides, box, swizzle}, dims and box innermost
 * first, dims and byte strides as formulas over the symbols. */
MlirAttribute dlcSm90TensorMap(MlirOperation region, const KpProblem *problem,
                               const KpTensor *tensor, KpRole fixed,
                               int64_t rows);

/* The memory-bound skeleton (MemoryBound.c) computes a region in one of
 * three modes (the plan's algo_choice memory = "row" | "point" | "flat"):
 *   row    a CTA per point of the iters but the last; reduces cooperative
 *          over the CTA's threads; each output a loop over the last iter
 *          shared by them (LayerNorm, softmax: reduce results are uniform
 *          along the last iter);
 *   point  a CTA per output point; reduces cooperative (row sums);
 *   flat   a thread per output point, or per chunk of `width` points along
 *          the last iter; reduces serial (elementwise, column reductions).
 * With `width` > 1 the vector loops (row: the last iter and each reduced
 * loop; point: each reduced loop; flat: the last iter) are accessed by
 * vectors of that many elements, whole and aligned where a point allows
 * it, masked elsewhere; `width` must not exceed dlcMemoryBoundVectorWidth.
 * Grid x: the outer points (row), the points (point), or ceildiv(outer
 * points * ceildiv(last extent, width), threads) (flat). Kernel arguments
 * as the GEMM skeletons' (tensors, then symbols). */
/* Row and point kernels whose shared length (the row, or the reduction)
 * is at most DLC_MEMORY_SHORT_LENGTH give each warp one point,
 * DLC_MEMORY_ROWS_PER_CTA of them a CTA (measured on the H100: a 768-wide
 * LayerNorm loses half its bandwidth to a CTA's barriers, 4096-wide rows
 * need 256 threads). */
enum { DLC_MEMORY_SHORT_LENGTH = 1024, DLC_MEMORY_ROWS_PER_CTA = 8 };

typedef enum DlcMemoryMode {
  DLC_MEMORY_FLAT,
  DLC_MEMORY_ROW,
  DLC_MEMORY_POINT
} DlcMemoryMode;

const char *dlcMemoryModeName(DlcMemoryMode mode);
bool dlcMemoryModeFromName(const char *name, DlcMemoryMode *mode);
/* Whether `mode` can compute `problem` (flat always can). */
bool dlcMemoryModeFits(const KpMemoryProblem *problem, DlcMemoryMode mode);
/* The planner's choice: row where it fits, else point where every read
 * along a reduced loop is contiguous in it, else flat. */
DlcMemoryMode dlcMemoryModeChoose(const KpMemoryProblem *problem);

void dlcEmitMemoryBound(MlirOperation kernel, const KpMemoryProblem *problem,
                        DlcMemoryMode mode, int64_t threads, int width,
                        int numTensors);
/* The widest access the skeleton can make for `problem` in `mode`: 16
 * bytes of its narrowest element when every read along the vector loops is
 * contiguous (unit stride), every output along them row-major, there are
 * no domain guards and every cooperative reduce has one reduced loop (flat:
 * there are no reduces); else 1. */
int dlcMemoryBoundVectorWidth(const KpMemoryProblem *problem,
                              DlcMemoryMode mode);
/* The loop a row or point kernel's CTA shares (row: the last iter; point:
 * the first reduce's loop), -1 when none. */
int dlcMemoryBoundSharedLoop(const KpMemoryProblem *problem,
                             DlcMemoryMode mode);
/* The f32 shared-memory slots it needs: 32 per cooperative reduce. */
int dlcMemoryBoundScratchFloats(const KpMemoryProblem *problem,
                                DlcMemoryMode mode);

/* The flash-attention skeleton (FlashAttention.c, SM80 mma.sync +
 * cp.async): BM query rows per CTA (16 per warp), BN keys per K/V tile,
 * D = 64 or 128, `stages` K/V buffers. The kernel's tensors are Q, K, V,
 * the bias and the mask (when the model has them) and O at the given
 * argument positions, then one index per symbol; grid
 * x = ceildiv(Lq, BM), y = the product of the batch sizes. */
typedef struct DlcAttnTiling {
  int64_t tileM, tileN, headDim, stages;
} DlcAttnTiling;
typedef struct DlcAttnArgs {
  int q, k, v, o;
  int bias, mask; /* -1 when the model has none */
} DlcAttnArgs;
void dlcEmitFlashAttention(MlirOperation kernel, const KpAttention *attention,
                           const DlcAttnTiling *tiling, const DlcAttnArgs *args,
                           int numTensors);

/* Threads of a CTA for `tiling`: 32 per warp tile. */
int64_t dlcGemmThreads(const DlcGemmTiling *tiling);

#endif
