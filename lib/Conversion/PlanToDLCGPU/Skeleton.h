/* What convert-plan-to-dlcgpu hands a skeleton generator (internal): the
 * kernel-problem model, the plan's tiling, and the kernel function whose
 * body the generator fills. */
#ifndef DLC_LIB_CONVERSION_PLANTODLCGPU_SKELETON_H
#define DLC_LIB_CONVERSION_PLANTODLCGPU_SKELETON_H

#include "AttentionProblem.h"
#include "KernelProblem.h"
#include "MemoryProblem.h"
#include "PlanSchedule.h"
#include "Target.h"
#include "dlc/Diagnostics.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/* The plan's choices a GEMM skeleton reads (plan.schedule). */
typedef struct DlcGemmTiling {
  int64_t tileM, tileN, tileK; /* CTA tile */
  int64_t warpM, warpN;        /* warp tile */
  int64_t stages;
  /* SM90 split-K: at most this many CTAs share a tile's k range (1: none;
   * the launch rule dlcSm90Splits picks the count), on a target of `sms`
   * SMs. */
  int64_t maxSplits;
  int sms;
  /* SM90 stream-K (plan algo_choice stream_k; 0: whole tiles only): the
   * last `streamK` full rounds of tiles and the partial one are shared
   * out as equal k ranges (Skeleton.h, "Stream-K"). */
  int64_t streamK;
  /* SM90 cooperative: whole tiles' epilogue staged in shared memory and
   * stored by TMA (plan async.epilogue_overlap; Sm90GemmEpilogue.c), through
   * stagedBoxes 64 x 64 boxes of shared memory a consumer
   * (dlcPlanStagedBoxes). */
  bool stagedEpilogue;
  int64_t stagedBoxes;
  /* Whole tiles of a C whose rows TMA cannot store (N = 4097 halves):
   * stored by the consumers themselves (shifted_store; plan algo_choice
   * output = "direct") instead of by TMA into a workspace the host copies
   * into C ("copy"). */
  bool directStore;
  /* SM90: CTAs of a thread-block cluster (1 or 2, plan algo_choice
   * cluster) walking tile pairs that share an operand, each loading half
   * of it multicast to both (Sm90Gemm.c). */
  int64_t cluster;
} DlcGemmTiling;

/* Whether a cluster's tile pair shares B (two tiles of one tile-column:
 * BN >= BM, the larger operand) rather than A (two of one tile-row). */
bool dlcSm90ClusterSharesB(const DlcGemmTiling *t);

/* Whether the SM90 kernel's persistent grid takes even rounds (a GEMM
 * without split-K, stream-K or clusters): ceil(T / ceil(T / SMs)) CTAs for
 * T tiles, each walking ceil(T / grid) or one fewer (PlanToDLCGPU.c). The
 * others take min(T, SMs) (split-K, stream-K: one CTA per SM; clusters:
 * what fits). */
bool dlcSm90EvenRounds(const KpProblem *p, const DlcGemmTiling *t);

/* Whether the SM90 kernel's persistent CTAs walk the tiles of every batch
 * (a batched GEMM taking even rounds): the units are the batch · T tiles,
 * batch-major (a unit's batch is unit / T, its tile unit % T, rasterised
 * within the batch), grid x the even rounds of batch · T, grid y 1. Else
 * grid y is the batch, each batch's CTAs walking its own T tiles: a
 * convolution's groups (their maps and packing index by block y), and
 * split-K, stream-K and clusters, which refuse or keep a batch as before. */
bool dlcSm90WalksBatch(const KpProblem *p, const DlcGemmTiling *t);

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
 * `dlcgpu.tensormap` argument attribute (dlcSm90TensorMap), with the
 * staged epilogue C's (dlcSm90OutputMap), and with split-K (tiling
 * maxSplits > 1) the workspace, a memref<?xi32> of dlcSm90WorkspaceBytes
 * marked `dlcgpu.workspace`. */
/* Consumer warpgroups doing MMAs (dlcPlanSm90Consumers): one for tileM =
 * 64 (warp_tile [64, BN]; the kernel keeps 384 threads, the third
 * warpgroup exits at once), three for tileM = 192, else two. */
int64_t dlcSm90Consumers(const DlcGemmTiling *t);
/* The CTA's threads: the producer warpgroup and at least two consumer
 * warpgroups' (384, or 512 with three consumers). */
int64_t dlcSm90Threads(const DlcGemmTiling *t);
void dlcEmitSm90Gemm(MlirOperation kernel, const KpProblem *problem,
                     const DlcGemmTiling *tiling, int numTensors, int mapArg);

/* SM90 split-K (Sm90SplitK.c). When there are fewer output tiles than
 * SMs, each tile is shared by S CTAs along k (a larger problem's last
 * round is not split: that measured slower, bench/RESULTS.md run 22): each
 * stores its fp32 partial accumulators to a workspace and counts itself on
 * the tile's atomic counter; all S wait until the count is full (the
 * kernel is launched cooperatively: all its CTAs are resident) and each
 * then adds its 1/S of the tile over the S partials in a fixed order — the
 * same sum whichever CTA arrives last — and runs the epilogue on it. The
 * count is chosen at launch from the sizes, by one rule written twice
 * (here for static sizes and the planner, and as IR in the kernel), with
 * tail = tiles when tiles < sms, else 0 (S = 1):
 *   S0   = min(maxSplits, max(1, sms / tail), max(1, kTiles / MinKTiles))
 *   kPer = max(1, ceildiv(kTiles, S0))     k tiles of one split
 *   S    = max(1, ceildiv(kTiles, kPer))   no split is empty
 * so tail * S <= sms whenever S > 1. Units are the whole tiles (all of
 * them when tail = 0, else none), then tail * S splits; the grid,
 * min(tiles * maxSplits, sms), is sms or at least tail * S, so a CTA walks
 * whole tiles and then takes at most one split, its last unit, and the S
 * splits of a tile run on S different CTAs at once; CTAs without a unit
 * return at once. The workspace is an i32 counter per tile and one
 * partial tile per CTA. */
enum {
  DLC_SM90_MAX_SPLITS = 128,    /* what the planner allows a symbolic kernel */
  DLC_SM90_MIN_SPLIT_KTILES = 4 /* 64-wide k tiles a split gets at least */
};
int64_t dlcSm90Splits(int64_t tiles, int64_t kTiles, int64_t maxSplits,
                      int sms);
/* Stream-K (tiling streamK = R > 0; Sm90Gemm.c, Sm90SplitK.c): with T
 * tiles on a grid of P CTAs (at most one per SM, at launch), full = T / P
 * and rem = T mod P, the last min(full, R) full rounds and the partial
 * one, shared = min(full, R) * P + rem tiles (none when rem = 0), are
 * shared out: their shared * kTiles k tiles, numbered tile-major, form P
 * contiguous ranges, CTA b's [b * I / P, (b + 1) * I / P), each at least
 * kTiles long, so a tile meets at most two ranges. The rounds before run
 * whole (tile b + i * P). A tile's head (k from 0) ends its owner's range,
 * its rest (k > 0 to the end) starts the next CTA's: the rest stores its
 * fp32 partial in the CTA's workspace slot (split-K's layout and size)
 * and raises the CTA's flag without waiting; the owner, after its head,
 * waits for flag block + 1, clears it for the next launch, adds the
 * partial and runs the tile's epilogue. No wait forms a chain; the launch
 * is cooperative. Measured slower than whole tiles on the H100 (the
 * ranges' staggered k positions: bench/RESULTS.md runs stk-1..4), so only
 * a plan-file sets it. */
/* Bytes of the split-K workspace of a kernel with tile width `tileN`. */
int64_t dlcSm90WorkspaceBytes(int64_t tileN, int sms);

/* The SM90 skeleton's TMA boxes: 64 k elements (a 128-byte swizzle row
 * of 2-byte elements) by 64 rows or columns (one box per 64 columns of an
 * MN-major operand, per 64 x 64 block of a staged C); a consumer
 * warpgroup's wgmma is 64 rows high. */
enum { DLC_SM90_BOX_K = 64, DLC_SM90_BOX_MN = 64, DLC_SM90_CONSUMER_ROWS = 64 };

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

/* Whether static stride `stride` (in elements of `elementBytes`) is not
 * a multiple of 16 bytes, as TMA needs (a symbolic one is checked by the
 * runtime). */
bool dlcSm90Misaligned(const KpExtent *stride, int elementBytes);

/* A `dlcgpu.tensormap` attribute (docs/conventions.md, "Tensor maps") of
 * the tensor named `name`: `rank` (2 to 5) dims and box entries innermost
 * first, rank - 1 strides in elements (written in bytes). */
MlirAttribute dlcSm90MapAttr(MlirOperation region, MlirAttribute name,
                             KpElement element, int rank, const KpExtent *dims,
                             const KpExtent *strides, const int64_t *box);

/* The `dlcgpu.tensormap` argument attribute of the tensor map of operand
 * `tensor` staged in tiles of `rows` (docs/conventions.md, "Tensor maps"):
 * {tensor, dtype, dims, strides, box, swizzle}, dims and box innermost
 * first, dims and byte strides as formulas over the symbols. */
MlirAttribute dlcSm90TensorMap(MlirOperation region, const KpProblem *problem,
                               const KpTensor *tensor, KpRole fixed,
                               int64_t rows);

/* Why the SM90 cooperative skeleton cannot stage C's whole tiles in
 * shared memory and store them by TMA (the staged epilogue, plan
 * async.epilogue_overlap = true), or NULL when it can: C f16 or bf16 with
 * unit column stride, one row stride (no split m), static row and batch
 * strides multiples of 16 bytes. A convolution's NHWC output is such a C
 * ([N·Ho·Wo][Co], rows of Co); its NCHW one is not. */
const char *dlcSm90StagedEpilogueProblem(const KpProblem *problem);

/* The `dlcgpu.tensormap` attribute of C's map for the staged epilogue:
 * dims [N, M(, batch)], box [64 columns, 64 rows(, 1)], and "optional":
 * the runtime encodes it over C when C's base and strides are multiples
 * of 16 bytes; else, for a map without batch, over a padded workspace
 * whose whole tiles of tileM x tileN it copies into C after the kernel
 * ("repack_out": [rows, cols] of them; not with `directStore`, whose
 * kernel stores such rows itself); else not at all, passing 0, and
 * the kernel then stores directly (docs/conventions.md, "Tensor maps"). */
MlirAttribute dlcSm90OutputMap(MlirOperation region, const KpProblem *problem,
                               const DlcGemmTiling *t);

/* Whether tiles past M (of whole width) may take the staged epilogue too:
 * no epilogue input varies along m, so rows past M read the elements of
 * rows inside it (a bias along n), and TMA stores no row past M. */
bool dlcSm90StagesRowsPastM(const KpProblem *problem);

/* A convolution's A read through TMA's im2col mode (Sm90Maps.c): an NHWC
 * activation [N][H][W][C] windowed as h = s_h·ho + d_h·kh − p_h (w
 * alike), m fused as (n, ho, wo) and k as (kh, kw, ci). Index 0 is h, 1 is
 * w. lower/upper are the pixel box corners cuTensorMapEncodeIm2col takes
 * (W order: w first): the traversal visits ho·s − p for ho in [0, Ho). */
typedef struct DlcIm2col {
  int64_t stride[2], dilation[2], pad[2], taps[2], extent[2], out[2];
  int64_t channels; /* C (grouped: Cg; packed: the block's pack·Cg) */
  int64_t lower[2], upper[2];
  /* A grouped conv's g (1: not grouped): the batch role is the group, its
   * channels Cg·b + ci; the map gains the group as its outermost dim
   * (dlcSm90Im2colMap). */
  int64_t groups;
  /* Groups packed into each CTA tile (1: one; KpProblem.groupPack): the
   * map's "group" is then a block of `pack` groups, `channels` theirs. */
  int64_t pack;
  /* An NCHW activation (k fused as (ci, kh, kw)) with KCRS weights: the
   * maps read them only after convert-rbssa-to-plan has made the region
   * read NHWC / KRSC intermediates (ConvLayoutSplit.c). */
  bool transposed;
  int channelAt; /* ci's place among the fused k axes */
} DlcIm2col;

/* Why the SM90 skeleton cannot read implicit GEMM `problem`'s A through
 * an im2col tensor map, or NULL when it can (filling `out` when not
 * NULL): the window above with static H, W, Ho, Wo, KH, KW and C, C a
 * multiple of 8 (16-byte pixels and 16-byte aligned k tiles of B), conv
 * strides 1 to 8 (TMA's traversal strides) and box corners within a 4-D
 * map's [-128, 127]; a batch role only as an NHWC grouped conv's group
 * (static g, channel Cg·b + ci: then Cg a multiple of 8 and corners and
 * tap offsets within a 5-D map's [-16, 15]). */
const char *dlcSm90Im2col(const KpProblem *problem, DlcIm2col *out);

/* The groups of grouped convolution `problem` (read as `im`) that can
 * share a CTA tile of the SM90 skeleton, or 1: 64 / Cg of them for Cg <
 * 64 dividing 64 and g, when the tile's output channels, that many times
 * Cog, are a multiple of 64 up to 256 with Cog a multiple of 8 (each
 * group's weights a 1024-byte-aligned block of the B stage). */
int64_t dlcSm90GroupPack(const KpProblem *problem, const DlcIm2col *im);

/* Rewrites grouped convolution `problem` so that its batch role is a
 * block of `pack` groups (dlcSm90GroupPack): g / pack batch indices, n =
 * pack·Cog, batch strides times `pack`; B, block-diagonal per tile, is
 * loaded group by group (dlcSm90ConvWeightMap). */
void dlcSm90PackGroups(KpProblem *problem, int64_t pack);

/* The `dlcgpu.tensormap` attribute of A's im2col map (mode "im2col";
 * docs/conventions.md, "Tensor maps"): dims [C, W, H, N] (grouped: [Cg,
 * W, H, N, g], the images a third spatial dim), byte strides,
 * box [channels = 64, pixels = `rows`], lower, upper, element_strides. */
MlirAttribute dlcSm90Im2colMap(MlirOperation region, const KpProblem *problem,
                               const DlcIm2col *im, int64_t rows);

/* B's (the weights') tiled map of a convolution. */
MlirAttribute dlcSm90ConvWeightMap(MlirOperation region,
                                   const KpProblem *problem,
                                   const DlcIm2col *im, int64_t rows);

/* The memory-bound skeleton (MemoryBound.c) computes a region in one of
 * four modes (the plan's algo_choice memory = "row" | "point" | "column" |
 * "flat"):
 *   row    a CTA per point of the iters but the last; reduces cooperative
 *          over the CTA's threads; each output a loop over the last iter
 *          shared by them (LayerNorm, softmax: reduce results are uniform
 *          along the last iter);
 *   point  a CTA per output point; reduces cooperative (row sums);
 *   column a CTA per DLC_MEMORY_COLUMN_LANES * `width` points of the last
 *          iter (a column tile) and point of the others: each warp's lanes
 *          are DLC_MEMORY_COLUMN_LANES chunks of the tile (coalesced along
 *          the last iter) times 32 / DLC_MEMORY_COLUMN_LANES rows, the
 *          CTA's threads share each reduce's loop by rows, and a CTA-level
 *          tree (shuffles across the rows of a warp, then the warps'
 *          partials through shared memory, in warp order) gives every
 *          thread its columns' results; the tile's first row of threads
 *          stores (column reductions: sum over M of [M, N]);
 *   flat   a thread per output point, or per chunk of `width` points along
 *          the last iter; reduces serial (elementwise chains).
 * With `width` > 1 the vector loops (row: the last iter and each reduced
 * loop; point: each reduced loop; flat: the last iter) are accessed by
 * vectors of that many elements, whole and aligned where a point allows
 * it, masked elsewhere; `width` must not exceed dlcMemoryBoundVectorWidth.
 * Grid x: the outer points (row), the points (point), outer points *
 * ceildiv(last extent, DLC_MEMORY_COLUMN_LANES * width) (column), or
 * ceildiv(outer points * ceildiv(last extent, width), threads) (flat). Kernel
 * arguments as the GEMM skeletons' (tensors, then symbols). */
/* Row and point kernels whose shared length (the row, or the reduction)
 * is at most DLC_MEMORY_SHORT_LENGTH give each warp one point, as many a
 * CTA as it has warps: 8 with the planner's 256 threads, the plan's tile
 * otherwise (measured on the H100: a 768-wide LayerNorm loses half its
 * bandwidth to a CTA's barriers, 4096-wide rows need 256 threads). */
enum { DLC_MEMORY_SHORT_LENGTH = 1024 };
/* The points a CTA of `threads` takes in warp rows (the kernel's warps and
 * the grid formula's divisor). */
static inline int64_t dlcMemoryWarpRows(int64_t threads) {
  return threads / 32;
}
/* Chunks a cooperative loop takes a trip where they are whole: a short
 * row's warp reads its whole row (1024 halves) at once, a point's CTA two
 * sweeps (a 4096-wide row sum at once); a long row's CTA one (measured on
 * the H100, run mem-k: two made rows of 8192 3-4% slower, 4096 even). */
enum {
  DLC_MEMORY_UNROLL_SHORT = 4,
  DLC_MEMORY_UNROLL_POINT = 2,
  DLC_MEMORY_UNROLL_ROW = 1,
  DLC_MEMORY_UNROLL_COLUMN = 4,
  /* A long row's one-pass pair (MemoryFused.c): 4 chunks a trip. The
   * online softmax over rows of 32768 ran at 3.00 TB/s against 2.78 with 1
   * (2.79 with 2), Welford at 2.65 with 1, 2 or 4 (H200, bench/RESULTS.md
   * run norm-1, call 4). */
  DLC_MEMORY_UNROLL_FUSED = 4
};
/* Column mode: lanes of a warp along the column tile (8 chunks of 16
 * bytes: a 128-byte line per row). */
enum { DLC_MEMORY_COLUMN_LANES = 8 };
/* A column reduction whose static last iter is at most this wide runs in
 * point mode (a CTA per output, split over grid y): a column sum of 64M
 * halves as [M, N] took, column against point mode, 3.95 / 0.103 ms at N
 * = 4, 1.06 / 0.143 at 16, 0.55 / 0.29 at 32, 0.39 / 0.45 at 48, 0.15 /
 * 0.62 at 64 (H100, bench/RESULTS.md runs cn-1, cn-2). */
enum { DLC_MEMORY_NARROW_COLUMNS = 32 };
/* The planner's CTA size: a flat kernel's, a row or point kernel's bound,
 * a column kernel's unless the GEMV rule gives it more (RBSSAToPlan). */
enum { DLC_MEMORY_THREADS = 256 };

typedef enum DlcMemoryMode {
  DLC_MEMORY_FLAT,
  DLC_MEMORY_ROW,
  DLC_MEMORY_POINT,
  DLC_MEMORY_COLUMN,
  DLC_MEMORY_DEPTHWISE,      /* a depthwise convolution (DepthwiseConv.c) */
  DLC_MEMORY_DEPTHWISE_TILE, /* one through an input tile (DepthwiseTile.c) */
  DLC_MEMORY_TRANSPOSE /* a CTA per tile, reads staged (MemoryTranspose.c) */
} DlcMemoryMode;

const char *dlcMemoryModeName(DlcMemoryMode mode);
bool dlcMemoryModeFromName(const char *name, DlcMemoryMode *mode);
/* Whether `mode` can compute `problem` (flat always can). */
bool dlcMemoryModeFits(const KpMemoryProblem *problem, DlcMemoryMode mode);
/* The planner's choice: row where it fits, else point where every read
 * along a reduced loop is contiguous in it, else column where a reduce
 * reads across the last iter, else flat. */
DlcMemoryMode dlcMemoryModeChoose(const KpMemoryProblem *problem);

/* Transpose mode: a region without reduces whose reads run across the last
 * iter but along another iter `axis` (a 2-D transpose, NCHW to NHWC) gets
 * a CTA per TILE x TILE tile of (axis, last iter): its threads read the
 * staged reads along the axis into shared memory (f32, rows padded by one
 * word: no bank conflicts either way), then compute and store along the
 * last iter, every access coalesced. At most MAX_STAGED reads are staged
 * (the others are read in place); the planner picks the mode where both
 * extents are symbolic or at least MIN_EXTENT. */
enum {
  DLC_MEMORY_TRANSPOSE_TILE = 64,
  DLC_MEMORY_TRANSPOSE_MAX_STAGED = 4,
  DLC_MEMORY_TRANSPOSE_MIN_EXTENT = 16
};
/* The iter a transpose kernel tiles beside the last (-1: the mode does not
 * fit), and its staged reads (indices into problem->indexed, at most
 * MAX_STAGED): reads of floats along both, contiguous along the axis and
 * not along the last iter. */
int dlcMemoryTransposeAxis(const KpMemoryProblem *problem);
int dlcMemoryTransposeStaged(const KpMemoryProblem *problem, int axis,
                             int staged[DLC_MEMORY_TRANSPOSE_MAX_STAGED]);
/* The iter merged into the axis (-1: none): the one before it, where both
 * extents are static and the axis' is not a multiple of the tile (NCHW →
 * NHWC of 28 x 28 images tiles H·W = 784 instead of W = 28, 98 % of its
 * tiles' points inside instead of 44 %). The tiled length along the axis:
 * the merged extents' product, or the axis' extent. */
int dlcMemoryTransposeMerged(const KpMemoryProblem *problem, int axis);
KpExtent dlcMemoryTransposeLength(const KpMemoryProblem *problem, int axis);
/* The elements a transpose kernel stores a thread access: 8 (16 bytes of
 * halves) where every read is staged and every chunk of 8 of the outputs
 * along the last iter is whole and aligned by static sizes and strides
 * (NHWC outputs of a static C, a multiple of 8); else 1. Its staged reads
 * load such chunks too where those along the tiled axis are whole,
 * contiguous and aligned (ReadChunks: H·W a multiple of 8 as well). */
int dlcMemoryTransposeWidth(const KpMemoryProblem *problem);
bool dlcMemoryTransposeReadChunks(const KpMemoryProblem *problem);
/* The kernel's grid: the other iters' points times the tiles, as text over
 * the symbols; false when the product has too many symbols. */
bool dlcMemoryTransposeGridText(const KpMemoryProblem *problem, char *out,
                                size_t size);

/* Register rows (MemoryBound.c): a static row read by at most this many
 * chunks a thread of its warp (rows of at most DLC_MEMORY_SHORT_LENGTH) or
 * CTA (256 threads x 8 halves x 8: rows of up to 16384 halves) is read
 * once into registers, all of a thread's chunks in flight, and every pass
 * reduces or stores from them. The number of chunks (0: the row is read
 * by loops) of a `mode` kernel of `problem` whose row has `rowThreads`
 * threads and vectors of `width`. */
enum { DLC_MEMORY_REGISTER_ROW_CHUNKS = 8 };
int dlcMemoryRegisterChunks(const KpMemoryProblem *problem, DlcMemoryMode mode,
                            int64_t rowThreads, int width);
/* The CTAs an SM should hold of a row kernel (its launch bound, so ptxas
 * fits the registers): a CTA's register rows of at most 4 chunks 4 (64
 * registers a thread), of 5-8 chunks 2 (128), else 1 (no bound). Measured
 * on the H200 (bench/RESULTS.md run norm2-1): LayerNorm 16384 x 8192 kept
 * 75 registers, 3 CTAs an SM, 3.83 TB/s; bound to 4 CTAs, 64 registers and
 * no spill, 3.97 (copy 4.13); 16384 x 16384 took 156 registers (1 CTA,
 * 2.56 TB/s), bound to 2 CTAs 128 and 3.99. */
int dlcMemoryRegisterRowCtas(const KpMemoryProblem *problem, DlcMemoryMode mode,
                             int64_t threads, int width);

/* How a row kernel computes a pair of reduces whose second reads the
 * first (algo_choice reduce, MemoryFused.c): two loops over the row
 * (passes), or one — Welford's mean and M2 for a sum and a sum of squared
 * deviations from a row value (LayerNorm), a running max and rescaled sum
 * for a max and a sum of exp2/exp of the distance to it (softmax). */
typedef enum DlcMemoryReduce {
  DLC_REDUCE_PASSES,
  DLC_REDUCE_WELFORD,
  DLC_REDUCE_ONLINE
} DlcMemoryReduce;
const char *dlcMemoryReduceName(DlcMemoryReduce reduce);
bool dlcMemoryReduceFromName(const char *name, DlcMemoryReduce *reduce);
/* The planner's choice for a `mode` kernel of `problem`: the one-pass form
 * of its first pair for static rows (the pair's length times the widest
 * element read along it) of more than DLC_MEMORY_FUSED_MIN_ROW_BYTES, else
 * the passes (also when it has no pair). Measured on the H200
 * (bench/RESULTS.md run norm-1, 16384 rows of f16): the passes' re-reads
 * come from L1/L2 up to rows of 16384 (32 KiB), where the pair's longer
 * loop-carried chain and its merges (divisions) make it 3-16% slower;
 * at 32768 (64 KiB) they go to DRAM and the pair is faster (LayerNorm 2.65
 * against 2.51 TB/s, softmax 2.78 against 2.35). Symbolic rows keep the
 * passes: the pair's code in both branches of a symbolic kernel took it
 * from 48 to 70 registers (LayerNorm) and was slower at every width,
 * 32768 included (2.47 against 2.65). */
enum { DLC_MEMORY_FUSED_MIN_ROW_BYTES = 32768 };
DlcMemoryReduce dlcMemoryReduceChoose(const KpMemoryProblem *problem,
                                      DlcMemoryMode mode);
/* Whether a `mode` kernel of `threads` can compute `problem` with
 * `reduce` (a plan-file's choice): the passes always; a one-pass form in
 * row mode when the region has that pair and its state fits the kernel's
 * reduce slots (3 or 2 floats a warp, at most 64). */
/* The most warps a CTA may have for a one-pass pair `reduce` (its state in
 * the reduce slots: 21 for Welford, 32 online), for the refusals' text. */
int dlcMemoryReduceMaxWarps(DlcMemoryReduce reduce);
bool dlcMemoryReduceFits(const KpMemoryProblem *problem, DlcMemoryMode mode,
                         DlcMemoryReduce reduce, int64_t threads);

/* Column mode splits its reduced loop over grid y = S CTAs (split s takes
 * its s-th share of the rows) where the CTAs of the tiles (grid x) are
 * fewer than the SMs: S = min(DLC_MEMORY_COLUMN_MAX_SPLITS, max(1,
 * floordiv(2 * SMs, grid x + 1)), ceildiv(rows + 1,
 * DLC_MEMORY_COLUMN_SPLIT_ROWS)), so S > 1 only when grid x < SMs and the
 * S * grid x CTAs stay within 2 * SMs (a column sum of 16384 x 768: 12
 * tiles, 17 splits; rows are the reduced loops' flattened product: a
 * per-channel sum of NHWC splits N * H * W). Deterministic: each
 * split's CTA stores its partial of the tile to the workspace, counts its
 * arrival on the tile's counter, and the last to arrive adds the S partials in
 * split order, then computes and stores the outputs (the counter reset for the
 * next launch). Regions of one reduce and no contraction (a GEMV's column
 * kernel ran 2x slower split; dlcMemoryColumnSplits).
 * Workspace (i32 words, zero when first allocated): [0, 2 * SMs) the tiles'
 * counters, then the partial of (tile u, split s) at ((u * S + s) * slot),
 * slot = the tile's columns rounded up to 32 (a tile's partials own their
 * 128-byte lines): S tiles' CTAs stay within 2 SMs where S > 1, so 2 SMs
 * slots hold them. At most 128 splits of at least 1024 rows: against 32 of
 * 128, a per-channel sum of NHWC 32 x 112² x 64 took 0.072 against 0.220
 * ms, a column sum of 1048576 x 64 0.069 against 0.154, of 65536 x 64
 * 0.0141 against 0.0134 (H100, bench/RESULTS.md run cs-4). */
enum {
  DLC_MEMORY_COLUMN_MAX_SPLITS = 128,
  DLC_MEMORY_COLUMN_SPLIT_ROWS = 1024
};
bool dlcMemoryColumnSplits(const KpMemoryProblem *problem);
/* The workspace bytes of a column kernel of `width` on `sms` SMs (0: no
 * split), and its grid y (text; `units` is grid x, `sms` the target's). */
int64_t dlcMemoryColumnWorkspaceBytes(const KpMemoryProblem *problem, int width,
                                      int sms);
void dlcMemoryColumnGridY(const KpMemoryProblem *problem, const char *units,
                          int sms, char *out, size_t size);

/* Point mode splits its one reduce the same way where the points (grid x)
 * are few — a full sum, the sum of a 1-D tensor, a sum over the last two
 * axes of a few rows: S = min(DLC_MEMORY_POINT_MAX_SPLITS, max(1,
 * floordiv(DLC_MEMORY_POINT_SPLIT_CTAS * SMs, points + 1)), ceildiv(L + 1,
 * DLC_MEMORY_POINT_SPLIT_LENGTH)), L the point's flattened length (so S =
 * 1 for the warp-a-point lengths of at most 1024). Its CTAs are small (256
 * threads), so up to four an SM keep enough reads in flight. Split s takes
 * its s-th share of the flattened loop in whole sweeps of the CTA (a
 * vector kernel's peeled version: of the aligned body, whose ends split 0
 * reads); the last CTA to arrive loads the S partials, thread t those of
 * t, t + T, ..., and combines them by the CTA's tree (a fixed order:
 * bit-identical across runs), then stores. The kernel branches on grid y:
 * where it is 1 (many points) it runs the plain code of a CTA a point.
 * Workspace: the column split's
 * counters (points that split are fewer than 2 * SMs), then a word a
 * split, MAX_SPLITS of them a point. Regions of one sum, max or min, no
 * contraction. */
enum {
  DLC_MEMORY_POINT_MAX_SPLITS = 256,
  DLC_MEMORY_POINT_SPLIT_CTAS = 4,
  DLC_MEMORY_POINT_SPLIT_LENGTH = 8192
};
bool dlcMemoryPointSplits(const KpMemoryProblem *problem, DlcMemoryMode mode);
int64_t dlcMemoryPointWorkspaceBytes(const KpMemoryProblem *problem,
                                     DlcMemoryMode mode, int sms);
/* Row mode splits a few long rows too (softmax over a vocabulary, the
 * LayerNorm of a few long rows): S = min(DLC_MEMORY_ROW_MAX_SPLITS,
 * max(1, floordiv(DLC_MEMORY_ROW_SPLIT_CTAS * SMs, rows + 1)), ceildiv(L
 * + 1, DLC_MEMORY_POINT_SPLIT_LENGTH)) CTAs a row (grid y), L the row's
 * length. Unlike a point, every split needs each reduce's whole result
 * for its share of the outputs: split s reduces its share of the row,
 * stores the CTA's partial, counts it on the row's counter and waits
 * until all S have (one round a reduce); then every CTA combines the S
 * partials in the same order (bit-identical results in every CTA and run)
 * and computes its share of the outputs. The CTAs wait for each other, so
 * a kernel whose grid y is more than 1 is launched cooperatively
 * (`dlcgpu.cooperative = "split"`, the manifest's `"cooperative":
 * "split"`); rows · S < DLC_MEMORY_ROW_SPLIT_CTAS · SMs, two CTAs of 256
 * an SM (up to 128 registers a thread: the kernels take 40-48; a launch
 * bound, even of 1, made ptxas take 56 and the rows of every kernel
 * slower, run sr-1, so the kernel has none — over 128 the cooperative
 * launch is refused with its reason, never a hang). The split rows read
 * by loops (no register rows); a one-pass pair (static rows over 32 KiB)
 * takes one round for its state, merged across the splits as across
 * warps. Workspace: two counters a row (arrivals, exits: the last CTA to
 * leave resets both) in the first 2 · SMs words, then a word a split, slot
 * and row, a slot a reduce and one more (a Welford state's third value).
 * Regions of at most
 * DLC_MEMORY_ROW_SPLIT_REDUCES sums, maxima or minima, no contraction. */
enum {
  DLC_MEMORY_ROW_MAX_SPLITS = 128,
  DLC_MEMORY_ROW_SPLIT_CTAS = 2,
  DLC_MEMORY_ROW_SPLIT_REDUCES = 4
};
bool dlcMemoryRowSplits(const KpMemoryProblem *problem, DlcMemoryMode mode);
int64_t dlcMemoryRowWorkspaceBytes(const KpMemoryProblem *problem,
                                   DlcMemoryMode mode, int64_t threads,
                                   int sms);
/* Grid y (text) of a point or row kernel that splits: `points` is grid x,
 * `length` the flattened length. */
void dlcMemorySplitGridY(DlcMemoryMode mode, const char *points,
                         const char *length, int sms, char *out, size_t size);
/* The region's reduce steps. */
int dlcMemoryReduceCount(const KpMemoryProblem *problem);

/* `reduce`: the one-pass pairs to compute as such (row mode). `sms`: the
 * target's SMs (a column kernel that splits, whose workspace is
 * the kernel's last argument). */
void dlcEmitMemoryBound(MlirOperation kernel, const KpMemoryProblem *problem,
                        DlcMemoryMode mode, DlcMemoryReduce reduce,
                        int64_t threads, int width, int numTensors, int sms);
/* The widest access the skeleton can make for `problem` in `mode`: 16
 * bytes of its narrowest element when every read along the vector loops is
 * contiguous (unit stride), every output along them row-major, there are
 * no domain guards and every cooperative reduce has one reduced loop (flat:
 * there are no reduces); else 1. */
int dlcMemoryBoundVectorWidth(const KpMemoryProblem *problem,
                              DlcMemoryMode mode);
/* The length a row or point kernel's CTA shares (row: the last iter's
 * size; point: the product of the first reduce's loops, which it runs
 * flattened); false when none. */
bool dlcMemoryBoundSharedLength(const KpMemoryProblem *problem,
                                DlcMemoryMode mode, KpExtent *length);
/* A GEMV's point kernel (a contraction, vectors of `width` > 1) gives each
 * warp an output also when its reduction is longer than
 * DLC_MEMORY_SHORT_LENGTH, where the length is a multiple of `width`: no
 * CTA barrier, and 4 chunks a lane a trip in flight (measured on the H200,
 * bench/RESULTS.md run gemv2-4: 4096 x 1 x 4096 1.18-1.22x -> 1.30x cuBLAS
 * addmm+ReLU, 8192 x 1 x 8192 1.11-1.13x -> 1.22x; a row of 4093, whose
 * rows are not aligned, lost 12%, so it keeps the CTA). Returns the
 * modulus the length must be a multiple of (`width`), or 0 when the rule
 * does not apply. The grid (PlanToDLCGPU.c) and the kernel (MemoryRows.c)
 * both read it: they must agree on the outputs a CTA takes. */
int dlcMemoryLongWarpRows(const KpMemoryProblem *problem, DlcMemoryMode mode,
                          int width);
/* The f32 shared-memory slots it needs with `threads` and `width`: 32 per
 * cooperative reduce (row, point), a warp's column tile per warp and
 * reduce (column), and one more for a split column kernel's "last to
 * arrive" flag. */
int dlcMemoryBoundScratchFloats(const KpMemoryProblem *problem,
                                DlcMemoryMode mode, int64_t threads, int width);

/* The flash-attention skeleton (FlashAttention.c, SM80 mma.sync +
 * cp.async): BM query rows per CTA (16 per warp), BN keys per K/V tile,
 * D = 64 or 128 (dlcFlashAttentionTakes), `stages` K/V buffers. The kernel's
 * tensors are Q, K, V, the bias and the mask (when the model has them) and O at
 * the given argument positions, then one index per symbol; grid x = ceildiv(Lq,
 * BM), y = the product of the batch sizes. */
/* The SM90 consumers' key loop (Sm90FlashAttention.c). */
typedef enum DlcAttnSchedule {
  DLC_ATTN_OVERLAP,  /* S_j issued with P_{j-1} V_{j-1}, S_j's softmax
                      * while P V runs (the intra-warpgroup overlap) */
  DLC_ATTN_PINGPONG, /* OVERLAP, the consumers issuing their wgmmas in
                      * turns (named barriers, in a cycle): one's softmax
                      * under the others' MMAs */
} DlcAttnSchedule;
/* The SM90 kernel's grid (Sm90FlashSchedule.c). */
typedef enum DlcAttnGrid {
  DLC_ATTN_GRID_TILES,      /* a CTA per (query tile, batch row) */
  DLC_ATTN_GRID_PERSISTENT, /* at most a CTA per SM looping over them;
                             * causal: longest and shortest paired */
  DLC_ATTN_GRID_DYNAMIC,    /* at most a CTA per SM, each taking the next
                             * work tile from a counter in the workspace,
                             * heaviest first within sections of batch
                             * rows whose K/V fit in L2 */
  DLC_ATTN_GRID_BALANCED,   /* causal only: PERSISTENT's pairs for all
                             * but the last two rounds, then the last
                             * batch rows' tiles one by one, heaviest
                             * first, in a snake over the CTAs */
  DLC_ATTN_GRID_STREAM,     /* no causal mask: PERSISTENT's rounds but the
                             * last two, then the rest shared out over the
                             * CTAs by key tiles, a tile split between two
                             * CTAs at most (partials in the workspace;
                             * a cooperative launch) */
} DlcAttnGrid;
/* The planner's choice (algo_choice grid), measured in bench/RESULTS.md
 * (run fac-1; "dynamic" was slower at every size, runs fa8-1, fa8-2);
 * with a causal mask "balanced" (run ft-1: +0.8 to +2.2 % at D64 and +1.2
 * to +1.9 % at D128 causal against the persistent pairs, 8 of 8 paired
 * readings). */
#define DLC_ATTN_DEFAULT_GRID "persistent"
#define DLC_ATTN_DEFAULT_CAUSAL_GRID "balanced"
/* Without a causal mask at tile width 128 "stream" (run st-3, two
 * passes: B4 H16 S4096 D128 +0.9 / +1.1 % over "persistent"); at D = 64
 * (three consumers, B8 H16 S2048) it ties, -0.2 / 0.0 %, and at D = 256
 * it was +2.0 / +2.1 % until the softmax overlapped the warpgroup's own
 * P V there (pvWaitAfterSoftmax), after which "persistent" is ahead (runs
 * ov-5, ov-6: B4 H16 S4096 +0.4 to +3.1 % in six readings, B2 H16 S8192
 * +1 to +2 % on average): those two keep "persistent" (no workspace, no
 * cooperative launch). */
#define DLC_ATTN_D128_GRID "stream"
/* At D = 256 the causal default is "persistent": "balanced"'s tail
 * arithmetic made the consumers spill 36 to 40 bytes at 240 registers
 * beside O's 128 (ptxas -v; bench/RESULTS.md runs d256-1, d256-3; timed
 * within the spread of "persistent" in run d256-2), "persistent" none. */
#define DLC_ATTN_D256_CAUSAL_GRID "persistent"
typedef struct DlcAttnTiling {
  /* headDim: the tile width Dt (kpAttentionTileDim), not the problem's D */
  int64_t tileM, tileN, headDim, stages;
  DlcAttnSchedule schedule; /* SM90 only */
  DlcAttnGrid grid;         /* SM90 only */
} DlcAttnTiling;
typedef struct DlcAttnArgs {
  int q, k, v, o;
  int bias, mask, lse; /* -1 when the model has none */
} DlcAttnArgs;
void dlcEmitFlashAttention(MlirOperation kernel, const KpAttention *attention,
                           const DlcAttnTiling *tiling, const DlcAttnArgs *args,
                           int numTensors);
/* Whether the SM80 flash kernel computes `a` (already an online problem:
 * kpAttentionOnlineProblem): tile widths 64 and 128, D up to 128 (the SM90
 * skeleton also 256); if not, reports why at `at` with `code` and `suggestion`
 * (the planner's E1602, convert-plan-to-dlcgpu's E1501). */
bool dlcFlashAttentionTakes(MlirOperation at, const DlcDiagnosticCode *code,
                            const char *suggestion, const KpAttention *a);

/* The SM90 flash-attention skeleton (Sm90FlashAttention.c, the
 * FlashAttention-3 structure): a producer warpgroup TMA-loading Q once and
 * K/V tiles through an mbarrier ring, tileM / 64 consumer warpgroups of 64
 * query rows each (tileM = 128: two; 192: three, head dim 64 only)
 * computing S and O by wgmma with the online softmax between, their wgmma
 * issues in ping-pong turns or not (tiling->schedule; three consumers take
 * turns only). Tiling: tileN (BN) 64 or 128, headDim the tile width Dt
 * (64, 128 or 256: the problem's D padded, kpAttentionTileDim),
 * stages >= 2. Arguments as dlcEmitFlashAttention's, then after the
 * symbols three i64 tensor-map addresses (Q, K, V, at `mapArg`) described
 * by dlcSm90AttentionMaps. */
void dlcEmitSm90FlashAttention(MlirOperation kernel, const KpAttention *a,
                               const DlcAttnTiling *tiling,
                               const DlcAttnArgs *args, int numTensors,
                               int mapArg);
/* Why the SM90 skeleton cannot compute `a` (already an online problem:
 * kpAttentionOnlineProblem), or NULL: a constant D that is a multiple of 8
 * up to 256 (computed at the tile width Dt) and row and batch
 * strides of Q, K and V that are multiples of 16 bytes where static (a
 * bias and a mask tensor are read as on SM80). */
const char *dlcSm90AttentionProblem(const KpAttention *a);
/* The tensor maps of Q, K and V (`names`: their tensors' names) in
 * `maps`: dims [d, rows, the batch axes each is not broadcast along,
 * innermost first], boxes [64, tileM] for Q, [64, tileN] for K and
 * [64, 64] for V. */
void dlcSm90AttentionMaps(MlirOperation region, const KpAttention *a,
                          const DlcAttnTiling *tiling,
                          const MlirAttribute names[3], MlirAttribute maps[3]);
/* The query rows (tileM) of the SM90 consumers' schedule that plan
 * algo_choice attention `algo` names: 128 for "online_softmax" (two
 * consumers in turns) and "online_softmax.overlap" (two, no turns), 192
 * for "online_softmax.m192" (three in turns); 0 for any other name. */
int64_t dlcAttnScheduleRows(const char *algo);
/* The planner's BN (tileN) for the SM90 skeleton at head dimension
 * `headDim`: 128, or 64 at D = 256 (the most a consumer's registers take
 * beside O's 64 x 256 accumulator). */
int64_t dlcSm90AttentionKeyTile(int64_t headDim);
/* Threads of the SM90 skeleton's CTA: the producer warpgroup and one
 * consumer warpgroup per 64 query rows. */
int64_t dlcSm90AttentionThreads(const DlcAttnTiling *tiling);
/* The SM90 skeleton's consumer warpgroups: one per 64 query rows. */
int64_t dlcSm90AttentionConsumers(const DlcAttnTiling *tiling);
/* The SM90 kernel's launch grid for `grid` as manifest expressions x, y:
 * `lq` the query length's text, `batches` the product of the batch
 * sizes', `sms` the target's SM count. */
void dlcFlashGridText(const KpAttention *a, DlcAttnGrid grid, const char *lq,
                      int64_t tileM, const char *batches, int sms, char *x,
                      size_t xSize, char *y, size_t ySize);
/* Bytes of the SM90 kernel's workspace for tiling->grid on `sms` SMs
 * (the dynamic grid's tile counter, the stream grid's flags and
 * partials; 0: none). */
int64_t dlcFlashWorkspaceBytes(const DlcAttnTiling *tiling, int sms);
/* Shared-memory bytes the SM90 skeleton uses for `tiling` (and the 1 KiB
 * the runtime rounds the start up by). */
int64_t dlcSm90AttentionSmemBytes(const DlcAttnTiling *tiling, int bytes);

/* The depthwise convolution kernel (DepthwiseConv.c; plan algo_choice =
 * {memory = "depthwise"}): a thread computes `pixels` outputs
 * along the innermost pixel axis times `width` channels; a CTA (at most
 * 64 threads) spans `span` channel chunks (grid y: `groups` of them) and
 * `tilesPerCta` pixel tiles (grid x: ceildiv(outer pixels * ceildiv(Wo,
 * pixels), tilesPerCta)); its channels' weights sit in shared memory. */
typedef struct DlcDepthwise {
  int width; /* channels a thread: 8, 4, 2 or 1 */
  int pixels;
  int64_t channels, chunks, span, groups, tilesPerCta, threads, taps;
  int64_t reads;     /* distinct window vectors a thread loads */
  int64_t minBlocks; /* CTAs an SM the kernel asks ptxas to fit */
  /* The tile kernel (DepthwiseTile.c): a CTA's pixel tiles are `rows`
   * output rows of `colTiles` tiles each; its input tile (inRows x inCols
   * pixels of window dims hDim, wDim, with the halo; haloBytes of shared
   * memory) is staged once. 0 / false in the register kernel. */
  bool tile;
  int hDim, wDim;
  int64_t rows, colTiles, inRows, inCols, haloBytes;
} DlcDepthwise;
/* Why the kernel cannot compute implicit GEMM `problem`, or NULL when it
 * can (filling `out` when not NULL): a batch role (the channel) with n = 1,
 * a static channel count, f16/bf16 factors, channels contiguous in the
 * activations and the output (NHWC), a static window of at most 64 taps,
 * no i1 epilogue input. */
const char *dlcDepthwiseProblem(const KpProblem *problem, DlcDepthwise *out);
int64_t dlcDepthwiseSmemBytes(const DlcDepthwise *d);
/* Fills `kernel`'s body (arguments as the SM80 skeleton's). */
void dlcEmitDepthwise(MlirOperation kernel, const KpProblem *problem,
                      const DlcDepthwise *d, int numTensors);
/* The tile kernel (DepthwiseTile.c; plan algo_choice = {memory =
 * "depthwise_tile"}): the register kernel's thread (`pixels` outputs along
 * wo times `width` channels), its window read from the CTA's input tile
 * in shared memory (zero-padded when staged) instead of global memory.
 * Why it cannot compute `problem` (dlcDepthwiseProblem's reasons, and a
 * window whose rows and columns are not two dims moved by the last two
 * pixel axes, or an image too small for 8 pixel tiles a CTA), or NULL,
 * filling `out` when not NULL (grid x: ceildiv(outer pixels, 1) *
 * ceildiv(Ho, rows) * ceildiv(Wo, colTiles * pixels)). */
const char *dlcDepthwiseTileProblem(const KpProblem *problem,
                                    DlcDepthwise *out);
void dlcEmitDepthwiseTile(MlirOperation kernel, const KpProblem *problem,
                          const DlcDepthwise *d, int numTensors);

/* Threads of a CTA for `tiling`: 32 per warp tile. */
int64_t dlcGemmThreads(const DlcGemmTiling *tiling);

/* --- the plan as a contract (PlanToDLCGPU.c) --------------------------- */

/* Reports (E1501, at `schedule`) that the `skeleton` skeleton cannot
 * honour plan field `field` and what it implements instead (`honoured`,
 * a suggestion in plan.schedule's spelling). Returns false. */
bool dlcCannotHonour(MlirOperation schedule, const char *skeleton,
                     const char *field, const char *honoured);

/* Plan fields a skeleton implements one way (SkeletonFields.c). */
enum {
  DLC_PLAN_FIELD_BIND = 1u << 0,
  DLC_PLAN_FIELD_CACHE = 1u << 1,
  DLC_PLAN_FIELD_VECTORIZE_AXIS = 1u << 2,
  DLC_PLAN_FIELD_LOCAL_EDGES = 1u << 3,
  DLC_PLAN_FIELD_PREDICATE_TAIL = 1u << 4,
  DLC_PLAN_FIELD_EPILOGUE = 1u << 5,
  DLC_PLAN_FIELD_LAYOUT_HINTS = 1u << 6,
};

/* Whether each of `fields` (DLC_PLAN_FIELD_* bits) of `plan` is that of
 * `want` (the form the skeleton implements), entries compared as sets
 * (the epilogue's steps in order); reports the first that is not
 * (dlcCannotHonour). */
bool dlcCheckPlanFields(MlirOperation schedule, const char *skeleton,
                        const DlcPlan *plan, const DlcPlan *want,
                        unsigned fields);

/* Whether `plan`'s bind, cache, vectorize.axis and local_edges are the
 * forms the GEMM skeletons implement for region `region` (a func.func
 * with rbssa.region; SkeletonFields.c); reports the first that is not. */
bool dlcCheckGemmSkeletonFields(MlirOperation region, MlirOperation schedule,
                                const DlcPlan *plan, const char *skeleton);

#endif
