/* convert-rbssa-to-plan, internal: the region facts the planner reads, the
 * §11 cost model and the plan's JSON form (the plan as a C struct is
 * lib/Dialect/Plan/PlanSchedule.h, the chip's figures lib/Target/Target.h).
 *
 *   RegionInfo.c  reads an rbssa region: axes, tensors, the contraction,
 *                 the epilogue chain (E1602 when it is not the GEMM family)
 *   CostModel.c   candidate space, §11 estimate, STOP rules
 *   PlanJson.c    §8.1 JSON: writing a plan, applying a plan-file
 *   Sm90Plan.c    the SM90 skeleton's tile and split-K on a wgmma chip
 *   GemvPlan.c    GEMV-like contractions on the memory-bound skeleton
 *   DepthwisePlan.c depthwise convolutions on their own kernel
 *   ConvLayout.c  an NCHW conv: the layout transform against the SM80 gather
 *   ConvLayoutSplit.c  the transform made regions of the program
 *   RBSSAToPlan.c the pass: options, the search, plan.* ops
 * See docs/passes/convert-rbssa-to-plan.md. */
#ifndef DLC_LIB_CONVERSION_RBSSATOPLAN_PLAN_H
#define DLC_LIB_CONVERSION_RBSSATOPLAN_PLAN_H

#include "Json.h"
#include "PlanSchedule.h"
#include "Target.h"

#include "dlc/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum {
  DLC_PLAN_MAX_AXES = 8,
  DLC_PLAN_MAX_TENSORS = 16,
};

/* This pass reports dlcPlanFileInvalid (E1601), dlcRegionNotPlannable
 * (E1602) and dlcPlanOptionInvalid (E1603) from dlc/Diagnostics.h. */

/* --- the region --------------------------------------------------------- */

/* Nominal sizes for the cost model: symbol = value pairs (`sizes=`). */
typedef struct DlcPlanSizes {
  int count;
  char symbol[DLC_PLAN_MAX_AXES * 2][DLC_PLAN_NAME];
  int64_t value[DLC_PLAN_MAX_AXES * 2];
} DlcPlanSizes;

enum { DLC_PLAN_DEFAULT_SIZE = 4096 };

typedef struct DlcPlanAxis {
  char name[DLC_PLAN_NAME]; /* "m" */
  char size[DLC_PLAN_NAME]; /* "M" or a decimal size */
  int64_t nominal;          /* the size used by the cost model */
} DlcPlanAxis;

typedef struct DlcPlanTensor {
  char name[DLC_PLAN_NAME]; /* rbssa.name */
  bool isOutput;
  bool colMajor;    /* rbssa.layout kind = "col_major" */
  int elementBytes; /* 2 for f16/bf16, 4 for f32 ... */
  double nominalElements;
} DlcPlanTensor;

/* One operand of Poly-Core's analysis (`operands` entry). */
typedef struct DlcPlanAnalysisOperand {
  char tensor[DLC_PLAN_NAME];
  char buffer[DLC_PLAN_NAME]; /* "smem_ring" */
  int64_t depth;
  bool swizzle; /* bank_hint = "xor_swizzle" */
} DlcPlanAnalysisOperand;

/* The function's `polycore.analysis` (docs/analysis.md), as far as the
 * planner reads it; `present` is false without the attribute. Edge names
 * are already translated to the plan's value names (sum_k, the epilogue
 * names, tensors); values off the accumulator's chain keep Poly-Core's. */
typedef struct DlcPlanAnalysis {
  bool present;
  int64_t tile[3]; /* the tile the analysis was made for */
  int numTailAxes;
  char tailAxes[DLC_PLAN_MAX_AXES][DLC_PLAN_NAME];
  int64_t haloBytes; /* compute_at.halo.bytes, per stage */
  int64_t minDepth;  /* min_buffer.depth; 0 when absent */
  int numOperands;
  DlcPlanAnalysisOperand operands[DLC_PLAN_MAX_ENTRIES];
  int numEdges;
  DlcPlanEdge edges[DLC_PLAN_MAX_ENTRIES];
} DlcPlanAnalysis;

/* What the planner knows about one rbssa region (GEMM family:
 * C[b?, m, n] = epilogue(sum_k A · B)). */
typedef struct DlcPlanRegion {
  MlirOperation func;
  char name[DLC_PLAN_NAME]; /* rbssa.region */
  int numIters, numReduceIters;
  DlcPlanAxis iters[DLC_PLAN_MAX_AXES];
  DlcPlanAxis reduceIters[DLC_PLAN_MAX_AXES];
  int numTensors;
  DlcPlanTensor tensors[DLC_PLAN_MAX_TENSORS];
  /* Roles, as indices into iters / reduceIters / tensors; -1 when absent
   * (the dot forms have no m or no n; most GEMMs have no batch axis). */
  int mIter, nIter, batchIter, kIter;
  /* The iters the batch, m and n roles stand for (KpRole order), outermost
   * first: several where the model collapses them into one GEMM dimension
   * (KpProblem.collapsed, the multi-head bmm's (b, h)), the role's iter
   * alone otherwise; batchIter, mIter and nIter are the innermost. */
  int numRoleIters[3];
  int roleIters[3][DLC_PLAN_MAX_AXES];
  int tensorA, tensorB, tensorC;
  /* An implicit GEMM (a convolution): m and k fuse these iters and reduce
   * iters, outermost first; mIter and kIter are the innermost of them. */
  bool implicit;
  int numFusedM, numFusedK;
  /* A grouped convolution: output channels per group (the batch role is
   * the group, n the channel in it, both on the iter nIter), else 0. */
  int64_t groupWidth;
  int fusedM[DLC_PLAN_MAX_AXES], fusedK[DLC_PLAN_MAX_AXES];
  int numSelects; /* rbssa.select guards inside the contraction (pads) */
  int numEpilogue;
  char epilogue[DLC_PLAN_MAX_EPILOGUE][DLC_PLAN_NAME]; /* "bias", "relu" */
  char reduceName[DLC_PLAN_NAME];                      /* "sum_k" */
  DlcPlanAnalysis analysis; /* polycore.analysis, when the function has it */
} DlcPlanRegion;

/* Whether every name of region `func` (its rbssa.region, indices, symbols
 * and tensor names) fits the planner's tables (under DLC_PLAN_NAME
 * characters); emits E1602 naming the first that does not. Checked before
 * the GEMM skeletons are probed, whose quiet failure would otherwise send
 * the contraction to the memory-bound skeleton without a word. */
bool dlcPlanRegionNamesFit(MlirOperation func);

/* Reads `func` (a func.func with rbssa.region). On failure emits E1602 at
 * the offending op and returns false. */
bool dlcPlanRegionRead(MlirOperation func, const DlcPlanSizes *sizes,
                       DlcPlanRegion *region);

/* Whether `name` is an axis of the region, or a split of one ("m.i.o"). */
bool dlcPlanRegionHasAxis(const DlcPlanRegion *region, const char *name);

/* --- the plan (§8.1, PlanSchedule.h) ------------------------------------ */

/* Copies `text` into a name buffer; false when it does not fit. */
bool dlcPlanCopyName(char dst[DLC_PLAN_NAME], const char *text);

/* --- the cost model (§11) ------------------------------------------------ */

/* The problem as the cost model sees it (nominal sizes). */
typedef struct DlcPlanProblem {
  double batch, m, n, k;
  int bytesA, bytesB;  /* element sizes of the two operands */
  double dramBytes;    /* every argument read or written once */
  double otherL2Bytes; /* epilogue inputs and the output */
  int numSelects;
  int64_t haloBytes; /* per stage, from polycore.analysis (0 without) */
  int64_t minDepth;  /* Poly-Core's minimal ring depth (0 without) */
} DlcPlanProblem;

typedef enum DlcCandidateStatus {
  DlcCandidateRejected,
  DlcCandidateKept,
  DlcCandidateChosen,
} DlcCandidateStatus;

typedef struct DlcCandidate {
  int64_t tile[3];
  int64_t warpTile[2];
  int64_t stages;
  int warps;
  int64_t smemBytes;
  int regsPerThread;
  int ctasPerSM;
  double occupancy, pipelineEfficiency;
  double computeUs, memoryUs, timeUs;
  DlcCandidateStatus status;
  char reason[160];
} DlcCandidate;

enum { DLC_PLAN_MAX_CANDIDATES = 32 };

/* Builds the cost model's view of a region. */
void dlcPlanProblemFromRegion(const DlcPlanRegion *region,
                              DlcPlanProblem *problem);

/* Enumerates and estimates the candidate space, applies the STOP rules and
 * marks the fastest surviving point chosen. Returns the number of
 * candidates written into `out`; `*chosen` is the chosen index. */
/* The estimate of the contraction on the memory-bound skeleton's flat
 * mode (a thread per output, the k loop serial on the CUDA cores): the
 * slowest of its FMAs, its activation reads through L2 and its DRAM
 * traffic, in microseconds. */
double dlcPlanMemoryBoundUs(const DlcTarget *target,
                            const DlcPlanProblem *problem);

int dlcPlanSearch(const DlcTarget *target, const DlcPlanProblem *problem,
                  DlcCandidate out[DLC_PLAN_MAX_CANDIDATES], int *chosen);

/* The fields every GEMM skeleton implements one way for `region`,
 * whatever the tile: bind (m/n tiles on blocks and warps, the batch or
 * group on block.z), cache (A and B staged in shared memory per k tile),
 * vectorize.axis and local_edges (the epilogue in registers). Overwrites
 * those four fields of `plan` only. convert-plan-to-dlcgpu compares a
 * plan's fields with these. */
void dlcPlanSkeletonFields(const DlcPlanRegion *region, DlcPlan *plan);

/* Fills every §8.1 field for `region` from one candidate. */
void dlcPlanFromCandidate(const DlcPlanRegion *region, const char *arch,
                          const DlcCandidate *candidate, DlcPlan *plan);

/* --- JSON (§8.1) ---------------------------------------------------------- */

/* Writes `plan` as a §8.1 JSON object with a leading "region" member,
 * indented by `indent` spaces. */
void dlcPlanWriteJson(FILE *out, const char *regionName, const DlcPlan *plan,
                      int indent);

/* Applies a plan-file object (`entry`, borrowed) to `plan`: every field it
 * gives replaces the chosen one after validation; an overridden `stages`
 * also resets async.prefetch_depth to stages - 1 unless `async` is given.
 * On error writes a message naming the field and its JSON position into
 * `error` and returns false. */
bool dlcPlanApplyJson(const DlcJsonValue *entry, const DlcPlanRegion *region,
                      DlcPlan *plan, char *error, size_t errorSize);

/* Checks the fields against each other, the mma.sync skeleton and
 * `target` (dlcPlanCheck with the element size of the region's operand A). */
bool dlcPlanValidate(const DlcPlan *plan, const DlcPlanRegion *region,
                     const DlcTarget *target, char *error, size_t errorSize);

/* --- the SM90 skeleton (Sm90Plan.c) ------------------------------------- */

/* On a chip with wgmma: the SM90 skeleton's tile, stages and barrier
 * model for a problem it takes (plan unchanged otherwise). */
void dlcPlanSm90(MlirOperation func, const DlcTarget *target,
                 const DlcPlanProblem *problem, DlcPlan *plan);
/* The SM90 tile bm x bn (bm 128 or 256, 64 rows a consumer warpgroup),
 * as many stages as fit beside the staged C tile when `staged` (at most
 * 6, or 8 for a `small` problem), barrier_model "mbarrier". */
void dlcPlanSm90SetTile(const DlcTarget *target, int64_t bm, int64_t bn,
                        bool staged, bool small, DlcPlan *plan);
/* A grouped convolution the SM90 skeleton takes (Sm90Groups.c): its tile
 * (one group, or algo_choice group_pack groups) where the estimate beats
 * the SM80 plan's `sm80Us`, else `plan` unchanged; false for any other
 * problem (dlcPlanSm90 plans those). */
bool dlcPlanSm90Grouped(MlirOperation func, const DlcTarget *target,
                        const DlcPlanProblem *problem, double sm80Us,
                        DlcPlan *plan);
/* algo_choice split_k for an SM90 cooperative plan without one, when the
 * problem has fewer tiles than SMs and the estimate says it is faster. */
void dlcPlanSm90SplitK(MlirOperation func, const DlcTarget *target,
                       const DlcPlanProblem *problem, DlcPlan *plan);

/* How an SM90 staged epilogue stores whole tiles of a C whose rows TMA
 * cannot store (Sm90Output.c): the estimates of the copy back ("copy")
 * and of the consumers' own stores ("direct") at the planner's sizes, as
 * if C's rows were misaligned at launch; false when the plan stages no C
 * or C's rows are known to be 16-byte multiples. */
bool dlcPlanSm90OutputUs(MlirOperation func, const DlcTarget *target,
                         const DlcPlanProblem *problem, const DlcPlan *plan,
                         double *copyUs, double *directUs);
/* algo_choice output, the cheaper of the two, unless the plan states
 * one (a plan-file's) or dlcPlanSm90OutputUs does not apply. */
void dlcPlanSm90Output(MlirOperation func, const DlcTarget *target,
                       const DlcPlanProblem *problem, DlcPlan *plan);

/* A convolution of NCHW activations and KCRS weights (ConvLayout.c):
 * the layout transform into NHWC / KRSC intermediates for the SM90
 * skeleton (`bytes` moved, `transformUs`) against the SM80 skeleton's
 * element gather (`gathered` elements at tile width `sm80TileN`,
 * `gatherUs`). False for any other problem. */
typedef struct DlcConvLayoutCost {
  double bytes, transformUs, gathered, gatherUs;
} DlcConvLayoutCost;
bool dlcPlanConvLayout(MlirOperation func, const DlcTarget *target,
                       const DlcPlanProblem *problem, int64_t sm80TileN,
                       DlcConvLayoutCost *out);

/* The transform's two tensors: the activation, then the weights. */
enum { DLC_PLAN_CONV_LAYOUT = 2 };

/* Whether region `func` is such a convolution; `args`: its activation's
 * and weights' argument indices. */
bool dlcPlanConvTransposed(MlirOperation func, int args[DLC_PLAN_CONV_LAYOUT]);

/* For such a convolution `conv` (planned on the SM90 skeleton): inserts
 * the transform regions before it, writing NHWC and KRSC intermediates,
 * and makes `conv` read those (ConvLayoutSplit.c); fills `out` (the
 * regions borrowed: the module owns them). False, nothing changed, when
 * `conv` is not such a convolution or its activation or weights have a
 * use other than a read (convert-plan-to-dlcgpu then refuses the SM90
 * plan, E1501). */
typedef struct DlcConvLayoutSplit {
  MlirOperation transforms[DLC_PLAN_CONV_LAYOUT];
  int args[DLC_PLAN_CONV_LAYOUT]; /* the arguments of `conv` they replace */
  /* An earlier convolution's transform of the same tensor, in the same
   * program, which `conv` now reads too (not inserted again). */
  bool reused[DLC_PLAN_CONV_LAYOUT];
} DlcConvLayoutSplit;
bool dlcPlanConvLayoutSplit(MlirOperation conv, DlcConvLayoutSplit *out);

/* Puts the transforms of `split` into `conv`'s program: before `conv` in
 * its rbssa.program, with their intermediates; a region that was a whole
 * graph becomes `<graph>_r0` of a new program `<graph>` (as
 * convert-indexbook-to-rbssa names a graph's regions). After planning:
 * plan-file entries name the region as it was planned. */
void dlcPlanConvLayoutProgram(MlirOperation conv,
                              const DlcConvLayoutSplit *split);

/* The region's rbssa.region (a string attribute, checked by the caller). */
void dlcPlanRegionName(MlirOperation func, char name[DLC_PLAN_NAME]);

/* An SM90 alternative print-candidates shows: its plan, a wave estimate
 * and why it was chosen or kept. */
typedef struct DlcPlanSm90Candidate {
  DlcPlan plan;
  double timeUs;
  char reason[320];
} DlcPlanSm90Candidate;
/* For an SM90 `chosen` plan, tiles 128 x 256 and 128 x 128, then 128 x 64
 * for a problem with fewer tiles than SMs (each with its split-K; with M
 * <= 64 also the three 64 rows high) or 256 x 128 for a larger GEMM; none
 * for another plan; returns how many. */
enum { DLC_PLAN_SM90_CANDIDATES = 6 };
int dlcPlanSm90Candidates(MlirOperation func, const DlcTarget *target,
                          const DlcPlanProblem *problem, const DlcPlan *chosen,
                          DlcPlanSm90Candidate out[DLC_PLAN_SM90_CANDIDATES]);
/* A grouped convolution's SM90 alternatives (one group a tile, packed
 * groups where they fit) against the SM80 plan's `sm80Us`; -1 for any
 * other problem (dlcPlanSm90Candidates lists those). */
int dlcPlanSm90GroupedCandidates(
    MlirOperation func, const DlcTarget *target, const DlcPlanProblem *problem,
    double sm80Us, const DlcPlan *chosen,
    DlcPlanSm90Candidate out[DLC_PLAN_SM90_CANDIDATES]);
/* The estimate of an SM90 `plan` (its tile width and split_k), in us. */
double dlcPlanSm90Us(const DlcTarget *target, const DlcPlanProblem *problem,
                     const DlcPlan *plan);

/* --- GEMV shapes (GemvPlan.c) --------------------------------------------- */

/* The memory-bound plan of a GEMV-like contraction: its mode, CTA size,
 * vector width and estimate. */
typedef struct DlcPlanGemv {
  int mode; /* DlcMemoryMode */
  int width;
  int64_t threads;
  double timeUs;
  char reason[200];
} DlcPlanGemv;
/* Whether `func`'s contraction is GEMV-like (one image, M = 1 or N = 1 at
 * the nominal sizes) and the memory-bound skeleton reads its weight by
 * 16-byte vectors, in column mode (M = 1) or point/row mode (N = 1); then
 * `*out` holds that plan's figures. Probes the memory model: run it with
 * diagnostics dropped. */
bool dlcPlanGemv(MlirOperation func, const DlcTarget *target,
                 const DlcPlanProblem *problem, DlcPlanGemv *out);

/* --- depthwise convolutions (DepthwisePlan.c) ----------------------------- */

/* Whether the depthwise kernel of `mode` (DLC_MEMORY_DEPTHWISE: the
 * register kernel, dlcDepthwiseProblem; DLC_MEMORY_DEPTHWISE_TILE: the
 * tile kernel, dlcDepthwiseTileProblem) computes `func`; then `*out` holds
 * its plan's figures and estimate, else out->reason says why not. Probes
 * the kernel-problem model: run it with diagnostics dropped. */
bool dlcPlanDepthwise(MlirOperation func, const DlcTarget *target,
                      const DlcPlanProblem *problem, int mode,
                      DlcPlanGemv *out);

#endif
