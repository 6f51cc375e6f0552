/* The §8.1 plan as a C struct, and the one place that reads, writes and
 * checks a plan.schedule op (DESIGN.md decision 10: the plan is the
 * contract between the planner and the skeletons).
 *
 *   dlcPlanScheduleAttributes  DlcPlan -> the 14 attributes (the planner)
 *   dlcPlanScheduleRead        plan.schedule -> DlcPlan, checking attribute
 *                              kinds, keys and closed value sets
 *   dlcPlanCheck               the fields against each other, the mma.sync
 *                              skeleton and the target's limits
 *
 * Users: convert-rbssa-to-plan (its plan-file overrides), plan-verify, and
 * any skeleton that reads a plan. docs/dialects/plan.md describes the
 * fields; docs/passes/plan-verify.md the checks.
 *
 * Internal to the library (module prefix `dlcPlan`). Nothing here owns
 * memory: a DlcPlan is a value. */
#ifndef DLC_LIB_DIALECT_PLAN_PLANSCHEDULE_H
#define DLC_LIB_DIALECT_PLAN_PLANSCHEDULE_H

#include "Target.h"
#include "dlc/IR.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Names (axes, tensors, hardware indices) are DLC names (dlc/IR.h,
 * dlcIsName); a field holds the longest with its NUL. */
enum {
  DLC_PLAN_NAME = DLC_NAME_MAX + 1,
  DLC_PLAN_MAX_ENTRIES = 8,
  DLC_PLAN_MAX_EPILOGUE =
      64, /* as many as the kernel-problem model (KP_MAX_STEPS) */
  DLC_PLAN_NUM_FIELDS = 14,     /* the §8.1 fields of plan.schedule */
  DLC_PLAN_MAX_TILE = 4096,     /* bound of every tile and warp-tile extent */
  DLC_PLAN_MAX_SPLITS = 128,    /* bound of algo_choice split_k */
  DLC_PLAN_MAX_GROUP_PACK = 64, /* bound of algo_choice group_pack */
  DLC_PLAN_MAX_CLUSTER = 4,     /* bound of algo_choice cluster */
  DLC_PLAN_MAX_STREAM_K = 4,    /* bound of algo_choice stream_k */
};

typedef struct DlcPlanPair {
  char key[DLC_PLAN_NAME];
  char value[DLC_PLAN_NAME];
} DlcPlanPair;

typedef struct DlcPlanHint { /* one layout_hints entry: bool or string */
  char key[DLC_PLAN_NAME];
  bool isBool;
  bool boolean;
  char text[DLC_PLAN_NAME];
} DlcPlanHint;

typedef struct DlcPlanCache {
  char tensor[DLC_PLAN_NAME];
  char where[DLC_PLAN_NAME];
  char at[DLC_PLAN_NAME];
  bool pingpong;
} DlcPlanCache;

/* One local_edges entry of the plan. */
typedef struct DlcPlanEdge {
  char from[DLC_PLAN_NAME];
  char to[DLC_PLAN_NAME];
  char buffer[DLC_PLAN_NAME];
  int64_t depth; /* smem_ring only; 0 = absent */
} DlcPlanEdge;

typedef struct DlcPlan {
  int64_t tile[3]; /* BM, BN, BK */
  int64_t stages;
  int numBind;
  DlcPlanPair bind[DLC_PLAN_MAX_ENTRIES];
  int64_t warpTile[2];
  int numCache;
  DlcPlanCache cache[DLC_PLAN_MAX_ENTRIES];
  char vectorizeAxis[DLC_PLAN_NAME];
  int64_t vectorizeWidth;
  int numPredicateTail;
  char predicateTail[DLC_PLAN_MAX_ENTRIES][DLC_PLAN_NAME];
  int numEpilogue;
  char epilogue[DLC_PLAN_MAX_EPILOGUE][DLC_PLAN_NAME];
  char arch[DLC_PLAN_NAME];
  int numLayoutHints;
  DlcPlanHint layoutHints[DLC_PLAN_MAX_ENTRIES];
  int numAlgoChoice;
  DlcPlanPair algoChoice[DLC_PLAN_MAX_ENTRIES];
  int numLocalEdges;
  DlcPlanEdge localEdges[DLC_PLAN_MAX_ENTRIES];
  bool asyncEnable;
  int64_t asyncPrefetchDepth;
  bool asyncEpilogueOverlap;
  char barrierModel[DLC_PLAN_NAME];
} DlcPlan;

/* The closed value sets of §8.1 (NULL-terminated). */
extern const char *const dlcPlanBindValues[];    /* block.x ... lane */
extern const char *const dlcPlanCacheWhere[];    /* smem */
extern const char *const dlcPlanEdgeBuffers[];   /* reg, smem, gmem, ... */
extern const char *const dlcPlanBarrierModels[]; /* cp_async_group, ... */
extern const char *const dlcPlanSwizzles[];      /* 32b, 64b, 128b */
extern const char *const dlcPlanStrides[];       /* row, col */
/* algo_choice keys: the pattern families (matmul, conv, attention, memory:
 * the first DLC_PLAN_PATTERN_FAMILIES), then the choices beside one
 * (split_k, lse, reduce, grid, group_pack, cluster, output, stream_k). */
extern const char *const dlcPlanAlgoFamilies[];
enum { DLC_PLAN_PATTERN_FAMILIES = 4 };
/* algo_choice memory = ...: the memory-bound skeleton's modes, in
 * DlcMemoryMode order (lib/Conversion/PlanToDLCGPU/Skeleton.h). */
/* flat, row, point, column, depthwise, depthwise_tile, transpose (in
 * DlcMemoryMode's order) */
extern const char *const dlcPlanMemoryModes[];
/* algo_choice reduce = ...: how a row kernel computes a pair of reduces,
 * in DlcMemoryReduce order (absent: passes). */
extern const char *const dlcPlanMemoryReduces[]; /* passes, welford, online */

/* Whether `name` is one of the NULL-terminated `set`. */
bool dlcPlanIsOneOf(const char *name, const char *const *set);

/* The algo_choice value of `family` (borrowed from the plan), or NULL
 * when the plan names none. */
const char *dlcPlanAlgoChoice(const DlcPlan *plan, const char *family);
/* Names in a plan are DLC names (dlcIsName: DLC_NAME_RULE), e.g. "m.i.o",
 * "block.x", a tensor's name. */
bool dlcPlanIsName(const char *name);

/* Writes the 14 fields of `plan` as named attributes (borrowed by the
 * caller's op state; MLIR owns them). */
void dlcPlanScheduleAttributes(MlirContext ctx, const DlcPlan *plan,
                               MlirNamedAttribute out[DLC_PLAN_NUM_FIELDS]);

/* One line naming the plan's choices, for manifests and logs (the §13
 * measurement row's "plan"): "matmul:implicit_gemm sm90 tile 128x256x64
 * stages 4 warp 64x256 vec 8 barrier mbarrier" (algo_choice's first entry,
 * then the fields). */
void dlcPlanSummary(const DlcPlan *plan, char *buffer, size_t size);

/* Reads the 14 fields of a plan.schedule (or plan.candidate) `op` into
 * `plan`: each must be present with its attribute kind, dictionaries must
 * have their keys, names must be names and closed fields one of their
 * values. On error writes a message naming the field into `error` and
 * returns false. */
bool dlcPlanScheduleRead(MlirOperation op, DlcPlan *plan, char *error,
                         size_t errorSize);

/* Checks `plan` against itself (tile and warp-tile extents in
 * [1, DLC_PLAN_MAX_TILE], warp tile of 16x16 blocks dividing the tile, BK a
 * multiple of 16, prefetch_depth below stages, vector width), and against
 * `target`: threads within maxThreadsPerCTA, the stages' shared memory
 * (`elementBytes` per operand element) within smemPerCTA, `arch` the
 * target's family, mbarrier only with TMA. On error writes a message naming
 * the fields into `error` and returns false. */
bool dlcPlanCheck(const DlcPlan *plan, const DlcTarget *target,
                  int elementBytes, char *error, size_t errorSize);

/* Whether the plan is for the memory-bound skeleton (algo_choice names
 * `memory`: "row" or "flat"). */
bool dlcPlanIsMemoryBound(const DlcPlan *plan);

/* algo_choice split_k = "S": at most S CTAs share one output tile's k
 * range (the SM90 skeleton picks the count at launch); 1 when absent, -1
 * when the value is not a whole number in [1, DLC_PLAN_MAX_SPLITS]. */
int64_t dlcPlanSplitK(const DlcPlan *plan);

/* algo_choice stream_k = "R": the SM90 GEMM's last R full rounds of
 * tiles over the CTAs, with the partial round after them, are shared out
 * as k ranges of equal length (stream-K, Sm90SplitK.c); 0 when absent
 * (whole tiles only), -1 when not a whole number in [1,
 * DLC_PLAN_MAX_STREAM_K]. */
int64_t dlcPlanStreamK(const DlcPlan *plan);

/* algo_choice cluster = "C": the SM90 GEMM's CTAs run in thread-block
 * clusters of C, C tiles sharing an operand loaded by TMA multicast; 1
 * when absent, -1 when not a whole number in [1, DLC_PLAN_MAX_CLUSTER]
 * (dlcPlanCheck also wants a power of two). */
int64_t dlcPlanCluster(const DlcPlan *plan);

/* algo_choice group_pack = "P": a grouped convolution's CTA tile on the
 * SM90 skeleton computes P groups at once (block-diagonal weights); 1
 * when absent, -1 when not a whole number in [1,
 * DLC_PLAN_MAX_GROUP_PACK]. */
int64_t dlcPlanGroupPack(const DlcPlan *plan);

/* algo_choice output = "copy" or "direct" (dlcPlanOutputs): how an SM90
 * staged epilogue stores whole tiles of a C whose rows TMA cannot store
 * (a row stride or base not a multiple of 16 bytes): by TMA into a padded
 * workspace the host copies into C after the kernel, or by the kernel's
 * consumers into C's rows. 1 for "direct", 0 for "copy" or absent, -1 for
 * another value. */
extern const char *const dlcPlanOutputs[]; /* copy, direct */
int dlcPlanOutput(const DlcPlan *plan);

/* Removes algo_choice `family` from `plan`, if there. */
void dlcPlanDropAlgoChoice(DlcPlan *plan, const char *family);

/* Whether the plan is for the flash-attention skeleton (algo_choice names
 * `attention`: "online_softmax"). */
bool dlcPlanIsAttention(const DlcPlan *plan);

/* Shared memory of the plan's operand stages (0 for a memory-bound plan):
 * stages * (BM*BK + BK*BN) * elementBytes; for attention the Q tile plus
 * K and V per stage, (BM*BK + stages*2*BN*BK) * elementBytes; an SM90
 * plan with async.epilogue_overlap adds each consumer's staged boxes of C
 * (dlcPlanStagedBoxes), 64 * 64 * elementBytes each. The extents must be
 * checked. */
int64_t dlcPlanStageBytes(const DlcPlan *plan, int elementBytes,
                          int64_t smemPerCTA);

/* Bytes of a CTA's shared memory an SM90 plan leaves to its mbarriers and
 * to aligning its rings (the planner's margin). */
enum { DLC_PLAN_SMEM_RESERVE = 2048 };

/* The deepest ring a plan names: §8.1's double and triple buffering, the
 * SM90 skeleton's TMA rings deeper, to a 3x3 conv's 9 taps (a ring of 9
 * keeps packed groups' weights: convert-plan-to-dlcgpu.md). */
enum { DLC_PLAN_MAX_STAGES = 9 };

/* The consumer warpgroups of an SM90 GEMM or convolution tile BM x BN
 * whose consumers own warp tiles of WM rows: one for BM = 64, two in
 * ping-pong (WM = BM, each owning whole tiles), else BM / WM sharing each
 * tile (two for 128 x BN and 256 x BN, three for 192 x BN). The planner's
 * smem budget and the skeleton (Sm90Gemm.c) count the same. */
int64_t dlcPlanSm90Consumers(int64_t tileM, int64_t warpM);

/* The 64 x 64 boxes of C each consumer warpgroup of an SM90 plan with
 * async.epilogue_overlap stages at a time (0 for any other plan): all it
 * writes per tile (BN/64 per 64-row slab it holds) where they fit beside
 * the ring in smemPerCTA less DLC_PLAN_SMEM_RESERVE, else the largest
 * divisor of that count, at least 2, that fits: the epilogue then stores
 * each box as soon as it is written and reuses its slot once the copy
 * engine has read it (Sm90GemmEpilogue.c), so 128 x 256 keeps 4 stages beside 2
 * boxes instead of 3 beside 4. */
int64_t dlcPlanStagedBoxes(const DlcPlan *plan, int elementBytes,
                           int64_t smemPerCTA);

#endif
