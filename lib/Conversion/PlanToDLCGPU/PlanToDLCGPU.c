/* convert-plan-to-dlcgpu: injects the schedule plan into the GPU skeleton
 * (spec §9, §10 step 7; DESIGN.md decision 10).
 *
 * For each rbssa region that carries a plan.schedule, the kernel-problem
 * model (lib/Analysis/KernelProblem) says what the region computes, the
 * plan says how, and the module's target (lib/Target) says on what. The
 * plan is a contract: every field is either honoured by the skeleton or
 * reported as E1501 naming the field, never ignored. The region becomes a
 * func.func marked dlcgpu.kernel whose arguments are the region's tensors
 * as flat memrefs (each addressed through the problem's strides) followed
 * by one index per symbol; its body is the SM80 skeleton (Sm80Gemm.c). The
 * launch geometry and ABI facts the manifest needs are attributes on the
 * kernel (dlcgpu.grid, dlcgpu.block, dlcgpu.smem_bytes, dlcgpu.symbols,
 * dlcgpu.flops, dlcgpu.min_blocks_per_sm). */
#include "Builder.h"
#include "DialectNames.h"
#include "PassDef.h"
#include "PlanSchedule.h"
#include "Skeleton.h"

#include "dlc/Diagnostics.h"
#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Affine.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/NVVM.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirOperation findSchedule(MlirOperation func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (dlcPlanIsSchedule(op))
      return op;
  return (MlirOperation){NULL};
}

static bool reject(MlirOperation op, const char *why) {
  dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                    "choose tile = [BM, BN, BK] with BK in {16, 32, 64}, warp "
                    "tiles that divide the CTA tile in multiples of 16, and "
                    "shared memory within the target's limit over all stages",
                    "%s", why);
  return false;
}

bool dlcCannotHonour(MlirOperation schedule, const char *skeleton,
                     const char *field, const char *honoured) {
  dlcEmitDiagnostic(schedule, &dlcUnsupportedOp,
                    "change the field in the plan (or the plan-file) to what "
                    "the skeleton implements",
                    "the %s skeleton cannot honour plan field '%s'; it "
                    "implements %s",
                    skeleton, field, honoured);
  return false;
}

int64_t dlcGemmThreads(const DlcGemmTiling *t) {
  return 32 * (t->tileM / t->warpM) * (t->tileN / t->warpN);
}

/* The plan's barrier model names the skeleton: cp.async groups the SM80
 * one, TMA transaction barriers the SM90 one. */
static bool isSm90Plan(const DlcPlan *plan) {
  return strcmp(plan->barrierModel, "mbarrier") == 0;
}

/* Reads the plan with the plan dialect's reader and checks it as
 * plan-verify does (fields, fragment shape, the target's threads and
 * shared memory). */
static bool readPlan(MlirOperation schedule, const DlcTarget *target,
                     int elementBytes, DlcPlan *plan, DlcGemmTiling *t) {
  char error[256];
  if (!dlcPlanScheduleRead(schedule, plan, error, sizeof(error)) ||
      !dlcPlanCheck(plan, target, elementBytes, error, sizeof(error)))
    return reject(schedule, error);
  t->tileM = plan->tile[0], t->tileN = plan->tile[1], t->tileK = plan->tile[2];
  t->warpM = plan->warpTile[0], t->warpN = plan->warpTile[1];
  t->stages = plan->stages;
  t->maxSplits = dlcPlanSplitK(plan);
  t->streamK = dlcPlanStreamK(plan);
  t->cluster = dlcPlanCluster(plan);
  t->sms = target->sms;
  t->stagedEpilogue = plan->asyncEpilogueOverlap;
  t->stagedBoxes = dlcPlanStagedBoxes(plan, elementBytes, target->smemPerCTA);
  t->directStore = dlcPlanOutput(plan) == 1;
  return true;
}

/* What the SM80 skeleton adds: BK of 16, 32 or 64 (a power-of-two number
 * of 16-byte chunks per row, which the XOR swizzle keeps inside the row:
 * with BK = 48 it would move chunks into the next row), 64-wide CTA tiles,
 * and 16-byte copies that split evenly, at most 8 a thread. */
static bool checkSm80Tiling(MlirOperation schedule, const DlcGemmTiling *t) {
  if (t->tileK != 16 && t->tileK != 32 && t->tileK != 64)
    return reject(schedule, "the SM80 skeleton takes BK = 16, 32 or 64");
  if (t->warpM > 128 || t->warpN > 128 || t->stages < 2)
    return reject(schedule, "the tile and warp tile do not fit the "
                            "m16n8k16 fragment layout");
  int64_t threads = dlcGemmThreads(t);
  int64_t chunksA = t->tileM * t->tileK / 8, chunksB = t->tileK * t->tileN / 8;
  if (chunksA % threads || chunksB % threads || chunksA / threads > 8 ||
      chunksB / threads > 8 || (t->warpM / 16) * (t->warpN / 8) > 64 ||
      t->tileN % 64 || t->tileM % 64)
    return reject(schedule, "the tile does not split evenly into 16-byte "
                            "copies and fragments over the CTA's threads");
  return true;
}

/* What the SM90 skeleton takes: wgmma on the target, two consumer
 * warpgroups of 64 rows (tile [128, BN, 64], warp_tile [64, BN]) with BN a
 * multiple of 64 up to wgmma's 256, at least two stages, and operands a
 * TMA tensor map can describe. */
static bool checkSm90(MlirOperation schedule, const DlcTarget *target,
                      const DlcGemmTiling *t, const KpProblem *p) {
  if (!target->hasWgmma) {
    dlcEmitDiagnostic(schedule, &dlcUnsupportedOp,
                      "compile for chip=sm_90a, or plan barrier_model = "
                      "\"cp_async_group\" (the SM80 skeleton)",
                      "barrier_model = \"mbarrier\" selects the SM90 "
                      "skeleton, which needs wgmma; %s does not have it",
                      target->chip);
    return false;
  }
  /* warp_tile is one consumer warpgroup's tile: [BM / 2, BN] shares each
   * tile between the two (cooperative: [128, BN] with 64 rows each, or
   * [256, BN] with 128), [64, BN] of a 192-row tile between three,
   * [128, BN] of a 128-row tile gives each whole tiles (ping-pong),
   * [64, BN] of a 64-row tile is its one consumer's. 128 x BN
   * accumulators fit the registers up to BN = 128, as do three
   * consumers' 64 x BN at their 160 registers a thread. */
  bool cooperative = t->warpM * 2 == t->tileM, pingPong = t->warpM == 128;
  bool single = t->tileM == 64 && t->warpM == 64;
  bool three = t->tileM == 192 && t->warpM == 64;
  bool fits = t->warpM == 64 && !three ? t->tileN <= 256 : t->tileN <= 128;
  if ((t->tileM != 64 && t->tileM != 128 && t->tileM != 192 &&
       t->tileM != 256) ||
      t->tileK != 64 || t->tileN % 64 || !fits ||
      !(cooperative || pingPong || single || three) || t->warpM > t->tileM ||
      t->warpN != t->tileN || t->stages < 2)
    return reject(schedule,
                  "the SM90 skeleton takes tile = [128, BN, 64] with BN a "
                  "multiple of 64 and warp_tile = [64, BN] (cooperative, BN "
                  "up to 256) or [128, BN] (ping-pong, BN up to 128), "
                  "tile = [192, BN, 64] with warp_tile = [64, BN] (three "
                  "consumers, BN up to 128), tile = [256, BN, 64] with "
                  "warp_tile = [128, BN] (cooperative, BN up to 128), or "
                  "tile = [64, BN, 64] with warp_tile = [64, BN] (one "
                  "consumer, BN up to 256), and at least 2 stages");
  /* Packed groups (algo_choice group_pack): a tile is their output
   * channels, each group's weights a block of the B stage. */
  if (p->groupPack > 1 && !kpExtentIs(&p->size[KP_N], t->tileN))
    return dlcCannotHonour(
        schedule, "SM90", "tile",
        "tile = [128, P·Cog, 64] with algo_choice group_pack "
        "= P (the P groups' output channels)");
  /* A convolution's A comes through an im2col map, B by tiles. */
  const char *whyIm2col = p->implicit ? dlcSm90Im2col(p, NULL) : NULL;
  if (whyIm2col) {
    dlcEmitDiagnostic(schedule, &dlcUnsupportedOp,
                      "plan barrier_model = \"cp_async_group\" (the SM80 "
                      "skeleton gathers any window)",
                      "the SM90 skeleton reads a convolution's activation "
                      "through a TMA im2col map, which cannot describe "
                      "this one: %s",
                      whyIm2col);
    return false;
  }
  DlcIm2col im;
  if (p->implicit && !dlcSm90Im2col(p, &im) && im.transposed) {
    dlcEmitDiagnostic(schedule, &dlcUnsupportedOp,
                      "plan the region with convert-rbssa-to-plan, which "
                      "inserts the layout transform to NHWC / KRSC, or plan "
                      "barrier_model = \"cp_async_group\" (the SM80 skeleton "
                      "gathers NCHW activations in place)",
                      "the SM90 skeleton reads a convolution's activation "
                      "as NHWC and its weights as KRSC, and this region "
                      "reads NCHW / KCRS ones");
    return false;
  }
  const char *whyA = p->implicit ? NULL : dlcSm90StagingProblem(&p->a, KP_M);
  const char *whyB = dlcSm90StagingProblem(&p->b, KP_N);
  if (whyA || whyB) {
    dlcEmitDiagnostic(schedule, &dlcUnsupportedOp,
                      "plan barrier_model = \"cp_async_group\" (the SM80 "
                      "skeleton takes any strides)",
                      "the SM90 skeleton cannot stage operand %s through a "
                      "TMA tensor map: %s",
                      whyA ? "A" : "B", whyA ? whyA : whyB);
    return false;
  }
  return true;
}

/* Whether each CTA of a cluster can multicast an equal part of the shared
 * operand (B when BN >= BM, else A), at least 128 rows of the tile: a
 * K-major stage splits by rows (whole 8-row swizzle atoms), an MN-major
 * one by its 64-column boxes (Sm90Gemm.c loadOperand), so 192 rows of an
 * MN-major operand, three boxes, do not split between two CTAs. */
static bool clusterSplits(const DlcPlan *plan, const KpProblem *p,
                          int64_t cluster) {
  bool sharesB = plan->tile[1] >= plan->tile[0];
  int64_t rows = sharesB ? plan->tile[1] : plan->tile[0];
  if (rows < 128)
    return false;
  return dlcSm90KMajor(sharesB ? &p->b : &p->a) ? rows % (8 * cluster) == 0
                                                : rows / 64 % cluster == 0;
}

/* The plan's other fields: each is honoured as written or reported (the
 * arch and the target's limits are dlcPlanCheck's). */
static bool checkContract(MlirOperation schedule, const DlcPlan *plan,
                          const KpProblem *p) {
  bool sm90 = isSm90Plan(plan);
  const char *skeleton = sm90 ? "SM90" : "SM80";
  if (!sm90 && strcmp(plan->barrierModel, "cp_async_group") != 0)
    return dlcCannotHonour(schedule, skeleton, "barrier_model",
                           "\"cp_async_group\" (SM80) or \"mbarrier\" (SM90)");
  if (!plan->asyncEnable || plan->asyncPrefetchDepth != plan->stages - 1)
    return dlcCannotHonour(schedule, skeleton, "async",
                           "enable = true with prefetch_depth = stages - 1");
  /* Clusters: the SM90 GEMM's, pairing tiles whose shared operand's half
   * (at least 64 rows, so 128) each CTA multicasts (clusterSplits). A
   * convolution's cluster shares the weights only (A's im2col box stays
   * whole), K-major rows of which each of 4 CTAs can load a quarter (32
   * of 128), and not packed groups' (their B is one box per group,
   * Sm90Gemm.c). */
  int64_t cluster = dlcPlanCluster(plan);
  if (cluster > 1) {
    bool sharesB = plan->tile[1] >= plan->tile[0];
    bool convOk = !p->implicit || (sharesB && p->groupPack <= 1);
    if (!sm90 || !convOk || (cluster > 2 && !p->implicit) ||
        !clusterSplits(plan, p, cluster))
      return dlcCannotHonour(
          schedule, skeleton, "algo_choice cluster",
          "cluster = \"2\" on the SM90 skeleton of a GEMM "
          "whose shared operand, B when BN >= BM, else A, is "
          "at least 128 rows, halved into whole 64-row boxes "
          "where it is staged MN-major (128 or 256, not 192), "
          "or \"2\" or \"4\" on a "
          "convolution (groups not packed) whose weight "
          "tile, BN >= BM, is at least 128 rows; else 1");
  }
  /* The staged epilogue: the SM90 kernel's, for a C that TMA can store. */
  if (plan->asyncEpilogueOverlap) {
    if (!sm90)
      return dlcCannotHonour(schedule, skeleton, "async.epilogue_overlap",
                             "false (a staged epilogue is the SM90 skeleton's: "
                             "barrier_model \"mbarrier\")");
    const char *why = dlcSm90StagedEpilogueProblem(p);
    if (why) {
      dlcEmitDiagnostic(schedule, &dlcUnsupportedOp,
                        "plan async.epilogue_overlap = false (the epilogue "
                        "stores from registers)",
                        "the SM90 skeleton cannot stage this problem's "
                        "output tiles for a TMA store: %s",
                        why);
      return false;
    }
  }
  if (plan->vectorizeWidth != 8)
    return dlcCannotHonour(schedule, skeleton, "vectorize",
                           "width = 8 (16-byte copies)");
  /* Split-K: the SM90 cooperative kernel over unbatched problems, on
   * tiles of at most 128 rows (the workspace holds one 128 x BN partial a
   * CTA, Sm90SplitK.c; a taller tile only has fewer tiles to split). */
  if (dlcPlanSplitK(plan) > 1) {
    if (!sm90)
      return dlcCannotHonour(schedule, skeleton, "algo_choice split_k", "1");
    if (plan->warpTile[0] != 64 || plan->tile[0] > 128 || p->has[KP_BATCH])
      return dlcCannotHonour(schedule, skeleton, "algo_choice split_k",
                             "split_k > 1 with the cooperative schedule "
                             "(warp_tile [64, BN]) of a 64- or 128-row tile "
                             "on problems without a batch axis, else 1");
  }
  /* Stream-K: the SM90 cooperative GEMM's, whose CTAs hand partial
   * tiles to their neighbour (Sm90SplitK.c). Not beside split-K (a
   * tile's k range is split once), clusters (the pair walks tiles in
   * lockstep, a segment is one CTA's), ping-pong (a consumer owns whole
   * tiles), a batch (the ranges cover one problem's tiles) or a
   * convolution (packed weights keep stages by tile; on the s2 C256
   * conv's 128 x 256 tile it gained nothing, bench/RESULTS.md sk256-1). */
  if (dlcPlanStreamK(plan) > 0) {
    if (!sm90 || plan->warpTile[0] != 64 || plan->tile[0] > 128 ||
        p->has[KP_BATCH] || p->implicit || dlcPlanSplitK(plan) > 1 ||
        dlcPlanCluster(plan) > 1)
      return dlcCannotHonour(
          schedule, skeleton, "algo_choice stream_k",
          "stream_k only on the SM90 cooperative schedule (warp_tile "
          "[64, BN]) of a 64- or 128-row tile of a GEMM without a batch "
          "axis, split_k or a cluster; else leave it out");
  }
  /* The epilogue list names the problem's steps, in order. */
  const char *names[KP_MAX_STEPS];
  int n = kpEpilogueNames(p, names, KP_MAX_STEPS);
  bool same = plan->numEpilogue == n;
  for (int i = 0; same && i < n; ++i)
    same = strcmp(plan->epilogue[i], names[i]) == 0;
  if (!same)
    return dlcCannotHonour(
        schedule, skeleton, "epilogue",
        "the region's own epilogue (as the planner lists it)");
  /* A and B are staged in swizzled shared memory. */
  for (int i = 0; i < plan->numLayoutHints; ++i)
    if (plan->layoutHints[i].isBool && !plan->layoutHints[i].boolean)
      return dlcCannotHonour(schedule, skeleton, "layout_hints",
                             "swizzled shared memory for both operands");
  return true;
}

static MlirAttribute str(MlirContext ctx, const char *s) {
  return mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(s));
}

/* The region's tensors as flat memrefs (all of them, or the `numPicked`
 * arguments `picked` names), then one index per symbol, then one i64 per
 * tensor map (its device address) described by `maps`, then, when
 * `workspaceBytes` > 0, the workspace (memref<?xi32>, marked
 * dlcgpu.workspace with its size in bytes). */
static int kernelSignature(MlirOperation region, int numPicked,
                           const int *picked, int numMaps,
                           const MlirAttribute *maps, int64_t workspaceBytes,
                           MlirType **types, MlirAttribute **argAttrs,
                           int *numTensors) {
  MlirContext ctx = mlirOperationGetContext(region);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(region, 0));
  MlirAttribute symbols = dlcOperationAttrGet(region, "rbssa.symbols");
  MlirAttribute regionArgAttrs = dlcOperationAttrGet(region, "arg_attrs");
  int numArgs = picked ? numPicked : (int)mlirBlockGetNumArguments(body);
  int numSymbols = (int)mlirArrayAttrGetNumElements(symbols);
  int total = numArgs + numSymbols + numMaps + (workspaceBytes > 0);
  *types = malloc((size_t)total * sizeof(MlirType));
  *argAttrs = malloc((size_t)total * sizeof(MlirAttribute));
  int64_t dynamic = mlirShapedTypeGetDynamicSize();
  for (int i = 0; i < numArgs; ++i) {
    int arg = picked ? picked[i] : i;
    MlirType t = mlirValueGetType(mlirBlockGetArgument(body, arg));
    (*types)[i] =
        mlirMemRefTypeGet(mlirShapedTypeGetElementType(t), 1, &dynamic,
                          mlirAttributeGetNull(), mlirAttributeGetNull());
    (*argAttrs)[i] = mlirArrayAttrGetElement(regionArgAttrs, arg);
  }
  for (int i = 0; i < numSymbols; ++i) {
    (*types)[numArgs + i] = mlirIndexTypeGet(ctx);
    MlirNamedAttribute name = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("dlcgpu.symbol")),
        mlirArrayAttrGetElement(symbols, i));
    (*argAttrs)[numArgs + i] = mlirDictionaryAttrGet(ctx, 1, &name);
  }
  for (int i = 0; i < numMaps; ++i) {
    int at = numArgs + numSymbols + i;
    (*types)[at] = mlirIntegerTypeGet(ctx, 64);
    MlirNamedAttribute map = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx,
                          mlirStringRefCreateFromCString("dlcgpu.tensormap")),
        maps[i]);
    (*argAttrs)[at] = mlirDictionaryAttrGet(ctx, 1, &map);
  }
  if (workspaceBytes > 0) {
    MlirType i32 = mlirIntegerTypeGet(ctx, 32),
             i64 = mlirIntegerTypeGet(ctx, 64);
    MlirAttribute words = mlirIntegerAttrGet(i64, workspaceBytes / 4);
    MlirNamedAttribute fields[] = {
        mlirNamedAttributeGet(
            mlirIdentifierGet(
                ctx, mlirStringRefCreateFromCString("dlcgpu.workspace")),
            mlirIntegerAttrGet(i64, workspaceBytes)),
        mlirNamedAttributeGet(
            mlirIdentifierGet(ctx,
                              mlirStringRefCreateFromCString("rbssa.shape")),
            mlirArrayAttrGet(ctx, 1, &words))};
    (*types)[total - 1] = mlirMemRefTypeGet(
        i32, 1, &dynamic, mlirAttributeGetNull(), mlirAttributeGetNull());
    (*argAttrs)[total - 1] = mlirDictionaryAttrGet(ctx, 2, fields);
  }
  *numTensors = numArgs;
  return total;
}

/* "ceildiv(M, 128)" for a role's extent over a tile (or "1"). */
static void tilesText(const KpProblem *p, KpRole role, int64_t tile, char *out,
                      size_t size) {
  char extent[96];
  kpExtentText(p->func, &p->size[role], extent, sizeof(extent));
  if (p->size[role].numSymbols == 0)
    snprintf(out, size, "%lld",
             (long long)((p->size[role].constant + tile - 1) / tile));
  else
    snprintf(out, size, "ceildiv(%s, %lld)", extent, (long long)tile);
}

/* The kernel function next to `region`: its signature (kernelSignature)
 * and the launch attributes the manifest reads. */
/* What the kernel's manifest says of its plan (docs/conventions.md): the
 * plan's summary line, and the cost model's estimate when the planner left
 * one on the schedule (dlcgpu.plan, dlcgpu.estimate). */
static void recordPlan(MlirOperation kernel, MlirOperation region,
                       const DlcPlan *plan) {
  MlirContext ctx = mlirOperationGetContext(kernel);
  char summary[256];
  dlcPlanSummary(plan, summary, sizeof(summary));
  mlirOperationSetAttributeByName(
      kernel, mlirStringRefCreateFromCString("dlcgpu.plan"), str(ctx, summary));
  MlirOperation schedule = findSchedule(region);
  const char *keys[] = {"time_est_us", "occupancy_est", "time_est_at"};
  const char *names[] = {"us", "occupancy", "at"};
  MlirNamedAttribute fields[3];
  for (int i = 0; i < 3; ++i) {
    fields[i].name =
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(names[i]));
    fields[i].attribute = mlirOperationIsNull(schedule)
                              ? mlirAttributeGetNull()
                              : dlcOperationAttrGet(schedule, keys[i]);
    if (mlirAttributeIsNull(fields[i].attribute))
      return;
  }
  mlirOperationSetAttributeByName(
      kernel, mlirStringRefCreateFromCString("dlcgpu.estimate"),
      mlirDictionaryAttrGet(ctx, 3, fields));
}

/* Marks `kernel` for a cooperative launch (dlcgpu.cooperative): its CTAs
 * wait for each other, so the driver must refuse the launch rather than
 * run it with a CTA not resident (its grid is at most one CTA per SM). */
static void markCooperative(MlirOperation kernel) {
  mlirOperationSetAttributeByName(
      kernel, mlirStringRefCreateFromCString("dlcgpu.cooperative"),
      mlirBoolAttrGet(mlirOperationGetContext(kernel), 1));
}

static MlirOperation
buildKernelFunc(MlirOperation region, int numPicked, const int *picked,
                int numMaps, const MlirAttribute *maps, int64_t workspaceBytes,
                const char *gridX, const char *gridY, int64_t threads,
                int64_t smem, const char *flops, int64_t minBlocks,
                const DlcPlan *plan, int *numTensors) {
  MlirContext ctx = mlirOperationGetContext(region);
  MlirType *types;
  MlirAttribute *argAttrs;
  int total = kernelSignature(region, numPicked, picked, numMaps, maps,
                              workspaceBytes, &types, &argAttrs, numTensors);
  MlirAttribute grid[] = {str(ctx, gridX), str(ctx, gridY), str(ctx, "1")};
  int64_t block[] = {threads, 1, 1};
  const char *names[] = {"sym_name",          "function_type",
                         "arg_attrs",         "dlcgpu.kernel",
                         "dlcgpu.grid",       "dlcgpu.block",
                         "dlcgpu.smem_bytes", "dlcgpu.symbols",
                         "dlcgpu.flops",      "dlcgpu.min_blocks_per_sm"};
  MlirAttribute attrs[] = {
      dlcOperationAttrGet(region, "rbssa.region"),
      mlirTypeAttrGet(mlirFunctionTypeGet(ctx, total, types, 0, NULL)),
      mlirArrayAttrGet(ctx, total, argAttrs),
      mlirUnitAttrGet(ctx),
      mlirArrayAttrGet(ctx, 3, grid),
      mlirDenseI64ArrayGet(ctx, 3, block),
      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), smem),
      dlcOperationAttrGet(region, "rbssa.symbols"),
      str(ctx, flops),
      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), minBlocks)};
  DlcBuilder b = dlcBuilderBefore(region);
  MlirBlock kernelBody;
  MlirOperation kernel =
      dlcBuildWithRegion(&b, "func.func", 0, NULL, 0, NULL, 10, names, attrs,
                         total, types, &kernelBody);
  free(types);
  free(argAttrs);
  /* Derived symbols keep their definitions down to the manifest. */
  if (!mlirAttributeIsNull(dlcOperationAttrGet(region, "dlc.derived")))
    mlirOperationSetAttributeByName(
        kernel, mlirStringRefCreateFromCString("dlc.derived"),
        dlcOperationAttrGet(region, "dlc.derived"));
  recordPlan(kernel, region, plan);
  return kernel;
}

/* Builds the GEMM kernel function next to `region` and returns it. */
static MlirOperation buildKernel(MlirOperation region, const KpProblem *p,
                                 const DlcPlan *plan, const DlcGemmTiling *t,
                                 const DlcTarget *target, int *numTensors) {
  bool sm90 = isSm90Plan(plan);
  MlirAttribute maps[3];
  int numMaps = 0;
  /* A cluster's CTAs each load half of the shared operand's rows. */
  bool paired = sm90 && t->cluster > 1;
  bool sharesB = paired && dlcSm90ClusterSharesB(t);
  if (sm90) {
    DlcIm2col im;
    bool conv = p->implicit && !dlcSm90Im2col(p, &im);
    int64_t rowsA = paired && !sharesB ? t->tileM / t->cluster : t->tileM;
    int64_t rowsB = sharesB ? t->tileN / t->cluster : t->tileN;
    maps[0] = conv ? dlcSm90Im2colMap(region, p, &im, t->tileM)
                   : dlcSm90TensorMap(region, p, &p->a, KP_M, rowsA);
    maps[1] = conv ? dlcSm90ConvWeightMap(region, p, &im, rowsB)
                   : dlcSm90TensorMap(region, p, &p->b, KP_N, rowsB);
    numMaps = 2;
    if (t->stagedEpilogue)
      maps[numMaps++] = dlcSm90OutputMap(region, p, t);
  }

  /* One block per CTA tile of C in x (the kernel rasterises it), the batch
   * in y; the SM90 kernel's persistent grids below. */
  char rows[128], cols[128], gridX[640], gridY[96], flops[480];
  tilesText(p, KP_M, t->tileM, rows, sizeof(rows));
  tilesText(p, KP_N, t->tileN, cols, sizeof(cols));
  snprintf(gridX, sizeof(gridX), "%s*%s", rows, cols);
  /* The SM90 skeleton is persistent: at most one CTA per SM walks the
   * tiles; with split-K one CTA per (tile, split) (Skeleton.h). */
  int64_t workspaceBytes = 0;
  /* A batched GEMM's CTAs walk every batch's tiles (dlcSm90WalksBatch):
   * grid y 1, so the batch is no longer bounded by grid y's 65535. */
  bool walksBatch = sm90 && dlcSm90WalksBatch(p, t);
  if (walksBatch)
    kpExtentText(p->func, &p->size[KP_BATCH], gridY, sizeof(gridY));
  if (sm90) {
    char tiles[300];
    if (walksBatch)
      snprintf(tiles, sizeof(tiles), "%.180s*%.90s", gridX, gridY);
    else
      snprintf(tiles, sizeof(tiles), "%.270s", gridX);
    if (t->maxSplits > 1) {
      snprintf(gridX, sizeof(gridX), "min(%s*%lld, %d)", tiles,
               (long long)t->maxSplits, target->sms);
      workspaceBytes = dlcSm90WorkspaceBytes(t->tileN, target->sms);
    } else if (t->streamK > 0) { /* persistent; a slot per CTA */
      snprintf(gridX, sizeof(gridX), "min(%s, %d)", tiles, target->sms);
      workspaceBytes = dlcSm90WorkspaceBytes(t->tileN, target->sms);
    } else if (paired) { /* whole clusters, one per tile pair */
      /* No more clusters than fit at once: a persistent CTA past them
       * would wait for a whole cluster's work (run clc-1). */
      int fit = t->cluster == 4 && target->clustersOf4 > 0
                    ? target->clustersOf4
                    : target->sms / (int)t->cluster;
      snprintf(gridX, sizeof(gridX),
               "%lld*min(ceildiv(%.120s, %lld)*%.120s, %d)",
               (long long)t->cluster, sharesB ? rows : cols,
               (long long)t->cluster, sharesB ? cols : rows, fit);
    } else if (dlcSm90EvenRounds(p, t)) {
      /* Even rounds: as many CTAs as the rounds need, ceil(T / ceil(T /
       * SMs)), so the idle SMs of a partial last round idle throughout
       * instead (512 tiles: 128 CTAs of 4, not 132 of 3.88; T <= SMs: T).
       * +1 to +2 % at 4096^3 and 8192^3 on the H100, neutral at 16384 x
       * 1024 x 4096 (bench/RESULTS.md run gr-1); convolutions keep one
       * CTA per SM (not measured). */
      snprintf(gridX, sizeof(gridX), "ceildiv(%s, ceildiv(%s, %d))", tiles,
               tiles, target->sms);
    } else {
      snprintf(gridX, sizeof(gridX), "min(%s, %d)", tiles, target->sms);
    }
  }
  if (walksBatch)
    snprintf(gridY, sizeof(gridY), "1");
  else
    kpExtentText(p->func, &p->size[KP_BATCH], gridY, sizeof(gridY));
  /* 2 * batch * M * N * K over the roles present. */
  size_t used = (size_t)snprintf(flops, sizeof(flops), "2");
  for (int role = 0; role < KP_NUM_ROLES && used < sizeof(flops); ++role) {
    char extent[96];
    if (!p->has[role])
      continue;
    kpExtentText(p->func, &p->size[role], extent, sizeof(extent));
    used += (size_t)snprintf(flops + used, sizeof(flops) - used, "*%s", extent);
  }
  int64_t threads = sm90 ? dlcSm90Threads(t) : dlcGemmThreads(t);
  /* SM90: 1 KiB more, so the rings can start on the 1 KiB boundary the
   * 128-byte swizzle needs wherever the dynamic shared memory begins. */
  int64_t smem = dlcPlanStageBytes(plan, kpElementBytes(p->a.element),
                                   target->smemPerCTA) +
                 (sm90 ? 1024 : 0);

  /* Two CTAs per SM when their registers fit (accumulators plus about 80
   * for fragments and addresses per thread): the second CTA's MMAs hide
   * the first one's barrier and copy waits. */
  int64_t regs = t->warpM * t->warpN / 32 + 80;
  int64_t minBlocks =
      !sm90 && 2 * regs * threads <= target->regsPerSM &&
              2 * (smem + target->smemReservedPerCTA) <= target->smemPerSM
          ? 2
          : 1;
  MlirOperation kernel =
      buildKernelFunc(region, 0, NULL, numMaps, maps, workspaceBytes, gridX,
                      gridY, threads, smem, flops, minBlocks, plan, numTensors);
  /* Split-K's CTAs wait for each other (Sm90SplitK.c). */
  if (sm90 && (t->maxSplits > 1 || t->streamK > 0))
    markCooperative(kernel);
  if (paired)
    mlirOperationSetAttributeByName(
        kernel, mlirStringRefCreateFromCString("dlcgpu.cluster"),
        mlirDenseI64ArrayGet(mlirOperationGetContext(region), 3,
                             (int64_t[]){t->cluster, 1, 1}));
  return kernel;
}

/* What the SM80 skeleton multiplies: two f16 or two bf16 operands. */
static bool checkOperands(MlirOperation region, const KpProblem *p) {
  if ((p->a.element != KP_F16 && p->a.element != KP_BF16) ||
      p->a.element != p->b.element) {
    dlcEmitDiagnostic(region, &dlcUnsupportedOp,
                      "cast both factors to f16 or both to bf16",
                      "the SM80 skeleton multiplies two f16 or two bf16 "
                      "operands (here %s and %s)",
                      kpElementName(p->a.element), kpElementName(p->b.element));
    return false;
  }
  return true;
}

/* The memory-bound plan's fields: the mode, the threads, nothing staged
 * (stages 2, async off, no cache, epilogue or layout hints: the skeleton
 * reads and writes global memory directly). */
static bool checkMemoryContract(MlirOperation region, MlirOperation schedule,
                                const DlcPlan *plan, DlcMemoryMode mode) {
  bool row = mode != DLC_MEMORY_FLAT; /* CTA-wide reduces need barriers */
  const char *skeleton = "memory-bound";
  if (strcmp(plan->barrierModel, row ? "bar_sync" : "none") != 0)
    return dlcCannotHonour(schedule, skeleton, "barrier_model",
                           "\"bar_sync\" in row and point modes, \"none\" in "
                           "flat mode");
  if (plan->stages != 2 || plan->asyncEnable || plan->asyncPrefetchDepth ||
      plan->asyncEpilogueOverlap)
    return dlcCannotHonour(
        schedule, skeleton, "stages/async",
        "stages = 2 with async disabled (nothing is staged)");
  if (plan->numCache || plan->numEpilogue || plan->numLayoutHints ||
      plan->numLocalEdges || plan->numPredicateTail)
    return dlcCannotHonour(schedule, skeleton,
                           "cache/epilogue/layout_hints/local_edges/"
                           "predicate_tail",
                           "none of them (every access is predicated)");
  /* The skeleton maps points to threads itself and vectorizes along the
   * last iter. */
  DlcPlan *want = calloc(1, sizeof(DlcPlan));
  if (!want)
    return false;
  MlirStringRef axis = kpMemoryVectorAxis(region);
  snprintf(want->vectorizeAxis, sizeof(want->vectorizeAxis), "%.*s",
           (int)axis.length, axis.data);
  bool ok =
      dlcCheckPlanFields(schedule, skeleton, plan, want,
                         DLC_PLAN_FIELD_BIND | DLC_PLAN_FIELD_VECTORIZE_AXIS);
  free(want);
  return ok;
}

/* The grid of a row or point kernel of `threads` over `points` (text): a
 * CTA per point, or R = dlcMemoryWarpRows(threads) of them (a warp each)
 * when the length L its CTA shares is at most DLC_MEMORY_SHORT_LENGTH (or,
 * for a GEMV, a multiple of dlcMemoryLongWarpRows's modulus); for a
 * symbolic L the formula picks at launch ((2R - 1) - (R - 1)*min(2,
 * ceildiv(L + 1, 1025)) is R for L <= 1024, else 1: the manifest's
 * expressions have no comparison; a GEMV's R - (R - 1)*(min(2, ceildiv(L +
 * 1, 1025)) - 1)*min(1, mod(L, 8)) is 1 only for a long L that is not a
 * multiple of 8). */
static void memoryGridText(const KpMemoryProblem *p, DlcMemoryMode mode,
                           int width, int64_t threads, const char *points,
                           char *out, size_t size) {
  KpExtent sharedLength;
  const KpExtent *length =
      dlcMemoryBoundSharedLength(p, mode, &sharedLength) ? &sharedLength : NULL;
  const int64_t shortL = DLC_MEMORY_SHORT_LENGTH;
  const int64_t rows = dlcMemoryWarpRows(threads);
  int64_t modulus = dlcMemoryLongWarpRows(p, mode, width);
  bool warps = length && length->numSymbols == 0 &&
               (length->constant <= shortL ||
                (modulus && length->constant % modulus == 0));
  char extent[96];
  if (length && length->numSymbols)
    kpExtentText(p->func, length, extent, sizeof(extent));
  if (!length || (length->numSymbols == 0 && !warps))
    snprintf(out, size, "%s", points);
  else if (length->numSymbols == 0)
    snprintf(out, size, "ceildiv(%s, %lld)", points, (long long)rows);
  else if (modulus)
    snprintf(out, size,
             "ceildiv(%s, %lld - %lld*(min(2, ceildiv(%s + 1, %lld)) - "
             "1)*min(1, mod(%s, %lld)))",
             points, (long long)rows, (long long)(rows - 1), extent,
             (long long)(shortL + 1), extent, (long long)modulus);
  else
    snprintf(out, size,
             "ceildiv(%s, %lld - %lld*min(2, ceildiv(%s + 1, %lld)))", points,
             (long long)(2 * rows - 1), (long long)(rows - 1), extent,
             (long long)(shortL + 1));
}

/* Step `s` with any casts and guards before it looked through. */
static const KpStep *pastCastsAndGuards(const KpMemoryProblem *p, int s) {
  /* A guard (a convolution's zero padding, of a factor or of the
   * product) keeps the term's points: past it too. */
  while (p->steps[s].kind == KP_STEP_CAST || p->steps[s].kind == KP_STEP_GUARD)
    s = p->steps[s].args[0];
  return &p->steps[s];
}

/* Whether step `s` is a contraction's term: a binary mul of two loads of
 * different arguments (not RMSNorm's x·x). If so, `*mul` is the multiply
 * and `args` the two arguments, the smaller first. */
static bool contractionTerm(const KpMemoryProblem *p, int s, const KpStep **mul,
                            int args[2]) {
  *mul = pastCastsAndGuards(p, s);
  if ((*mul)->kind != KP_STEP_BINARY || strcmp((*mul)->fn, "mul") != 0)
    return false;
  const KpStep *x = pastCastsAndGuards(p, (*mul)->args[0]);
  const KpStep *y = pastCastsAndGuards(p, (*mul)->args[1]);
  if (x->kind != KP_STEP_LOAD || y->kind != KP_STEP_LOAD)
    return false;
  int a = p->indexed[x->input].arg, b = p->indexed[y->input].arg;
  args[0] = a < b ? a : b;
  args[1] = a < b ? b : a;
  return a != b;
}

/* Term `mul`'s points: its loops' extents multiplied ("1" when every
 * loop has size 1). */
static void termText(const KpMemoryProblem *p, const KpStep *mul, char *out,
                     size_t size) {
  size_t used = 0;
  out[0] = '\0';
  for (int l = 0; l < p->numLoops && used < size; ++l) {
    char extent[96];
    if (!(mul->loops & (1u << l)) || kpExtentIs(&p->loops[l].size, 1))
      continue;
    kpExtentText(p->func, &p->loops[l].size, extent, sizeof(extent));
    used += (size_t)snprintf(out + used, size - used, "%s%s", used ? "*" : "",
                             extent);
  }
  if (used == 0)
    snprintf(out, size, "1");
}

/* A contraction's flops on the memory-bound skeleton (a GEMV, a depthwise
 * convolution, an unfused attention's scores): 2 * the points of each
 * distinct sum-of-products (the extents of the loops its multiply depends
 * on, loops of size 1 left out), counted once however often the region
 * evaluates it: the unfused attention's scores region evaluates Q·Kᵀ for
 * its row max, its row sum and its output, and the product of all its
 * loops had counted 2·B·H·M·N·D·N·D·N·D (run lm-1). "0" for a region
 * without a contraction (its elementwise work is not counted). */
static void memoryFlopsText(const KpMemoryProblem *p, char *out, size_t size) {
  enum { TermText = 160 };
  char terms[KP_MAX_STEPS][TermText];
  int args[KP_MAX_STEPS][2];
  int numTerms = 0;
  /* contractionTerm is the test (kpRegionHasContraction's, past the
   * guards too: a conv's zero padding around a factor or the product). */
  for (int s = 0; s < p->numSteps; ++s) {
    const KpStep *r = &p->steps[s], *mul;
    if (r->kind != KP_STEP_REDUCE || strcmp(r->fn, "sum") != 0 ||
        !contractionTerm(p, r->args[0], &mul, args[numTerms]))
      continue;
    termText(p, mul, terms[numTerms], TermText);
    bool seen = false;
    for (int t = 0; t < numTerms && !seen; ++t)
      seen = args[t][0] == args[numTerms][0] &&
             args[t][1] == args[numTerms][1] &&
             strcmp(terms[t], terms[numTerms]) == 0;
    numTerms += !seen;
  }
  if (numTerms == 0) {
    snprintf(out, size, "0");
    return;
  }
  /* "2*M*K"; several terms "2*(A + B)" */
  size_t used = (size_t)snprintf(out, size, numTerms > 1 ? "2*(" : "2*");
  for (int t = 0; t < numTerms && used < size; ++t)
    used += (size_t)snprintf(out + used, size - used, "%s%s", t ? " + " : "",
                             terms[t]);
  if (numTerms > 1 && used < size)
    snprintf(out + used, size - used, ")");
}

/* A depthwise convolution's kernel (`mode`: DepthwiseConv.c's register
 * kernel or DepthwiseTile.c's tile kernel), read from the implicit-GEMM
 * model: grid x over the pixel tiles (the tile kernel's: rows x columns of
 * them a CTA), y over the channel groups; the CTA's weights in shared
 * memory. */
static bool convertDepthwiseRegion(MlirOperation region, MlirOperation schedule,
                                   const DlcPlan *plan, DlcMemoryMode mode) {
  KpProblem *p = malloc(sizeof(KpProblem));
  DlcDepthwise d;
  bool tile = mode == DLC_MEMORY_DEPTHWISE_TILE;
  bool ok = p && kpProblemRead(region, p) &&
            checkMemoryContract(region, schedule, plan, mode);
  const char *why = !ok    ? NULL
                    : tile ? dlcDepthwiseTileProblem(p, &d)
                           : dlcDepthwiseProblem(p, &d);
  if (why) {
    dlcEmitDiagnostic(schedule, &dlcUnsupportedOp,
                      "plan algo_choice = {memory = \"flat\"} (a thread per "
                      "output) or a tensor-core plan",
                      "the depthwise %s cannot compute this convolution: "
                      "%s",
                      tile ? "tile kernel" : "kernel", why);
    ok = false;
  }
  if (ok && plan->vectorizeWidth != d.width) {
    char honoured[96];
    snprintf(honoured, sizeof(honoured),
             "vectorize width %d here (16 bytes of channels where C allows)",
             d.width);
    ok = dlcCannotHonour(schedule, tile ? "depthwise tile" : "depthwise",
                         "vectorize", honoured);
  }
  if (ok) {
    const KpFused *f = &p->fused[KP_M];
    char size[96], outer[400] = "1", gridX[600], gridY[32], flops[600];
    for (int i = 0; i + 1 < f->num; ++i) {
      kpExtentText(region, &f->size[i], size, sizeof(size));
      size_t used = strlen(outer);
      snprintf(outer + used, sizeof(outer) - used, "*%s", size);
    }
    kpExtentText(region, &f->size[f->num - 1], size, sizeof(size));
    if (tile) { /* the outer axes, then the row and column tiles */
      char rows[96], images[400] = "1";
      kpExtentText(region, &f->size[f->num - 2], rows, sizeof(rows));
      for (int i = 0; i + 2 < f->num; ++i) {
        char axis[96];
        kpExtentText(region, &f->size[i], axis, sizeof(axis));
        size_t used = strlen(images);
        snprintf(images + used, sizeof(images) - used, "*%s", axis);
      }
      snprintf(gridX, sizeof(gridX), "%s*ceildiv(%s, %lld)*ceildiv(%s, %lld)",
               images, rows, (long long)d.rows, size,
               (long long)(d.colTiles * d.pixels));
    } else {
      snprintf(gridX, sizeof(gridX), "ceildiv(%s*ceildiv(%s, %d), %lld)", outer,
               size, d.pixels, (long long)d.tilesPerCta);
    }
    snprintf(gridY, sizeof(gridY), "%lld", (long long)d.groups);
    snprintf(flops, sizeof(flops), "2*%lld*%s*%s*%lld", (long long)d.channels,
             outer, size, (long long)d.taps);
    /* The occupancy request is the kernel's (DlcDepthwise.minBlocks). */
    int numTensors = 0;
    MlirOperation kernel = buildKernelFunc(
        region, 0, NULL, 0, NULL, 0, gridX, gridY, d.threads,
        dlcDepthwiseSmemBytes(&d), flops, d.minBlocks, plan, &numTensors);
    if (tile)
      dlcEmitDepthwiseTile(kernel, p, &d, numTensors);
    else
      dlcEmitDepthwise(kernel, p, &d, numTensors);
    mlirOperationDestroy(region);
  }
  free(p);
  return ok;
}

static bool convertMemoryRegion(MlirOperation region, MlirOperation schedule,
                                const DlcPlan *plan, const DlcTarget *target) {
  DlcMemoryMode mode = DLC_MEMORY_FLAT;
  DlcMemoryReduce reduce = DLC_REDUCE_PASSES;
  for (int i = 0; i < plan->numAlgoChoice; ++i) {
    if (strcmp(plan->algoChoice[i].key, "memory") == 0)
      dlcMemoryModeFromName(plan->algoChoice[i].value, &mode);
    if (strcmp(plan->algoChoice[i].key, "reduce") == 0)
      dlcMemoryReduceFromName(plan->algoChoice[i].value, &reduce);
  }
  if (mode == DLC_MEMORY_DEPTHWISE || mode == DLC_MEMORY_DEPTHWISE_TILE)
    return convertDepthwiseRegion(region, schedule, plan, mode);
  KpMemoryProblem *p = malloc(sizeof(KpMemoryProblem));
  bool ok = p && kpMemoryProblemRead(region, p) &&
            checkMemoryContract(region, schedule, plan, mode);
  if (ok && mode == DLC_MEMORY_COLUMN && !dlcMemoryModeFits(p, mode)) {
    dlcEmitDiagnostic(schedule, &dlcUnsupportedOp,
                      "plan algo_choice = {memory = \"flat\"}",
                      "memory = \"column\" needs a reduce and output iters "
                      "to tile by columns, and this region has %s",
                      p->numIters == 0 ? "no output iters" : "no reduce");
    ok = false;
  }
  if (ok && mode == DLC_MEMORY_TRANSPOSE && !dlcMemoryModeFits(p, mode)) {
    dlcEmitDiagnostic(schedule, &dlcUnsupportedOp,
                      "plan algo_choice = {memory = \"flat\"}",
                      "memory = \"transpose\" needs a region of iters only "
                      "(no reduce, no guarded read), row-major outputs and a "
                      "read across the last iter along another iter, and "
                      "this region has not");
    ok = false;
  }
  if (ok && !dlcMemoryModeFits(p, mode)) {
    dlcEmitDiagnostic(schedule, &dlcUnsupportedOp,
                      "plan algo_choice = {memory = \"flat\"}",
                      "memory = \"%s\" needs every reduce to be uniform "
                      "along the iters a CTA shares (row: the last one), and "
                      "this region's are not",
                      dlcMemoryModeName(mode));
    ok = false;
  }
  /* A reduce pair the plan asks for in one pass, which the region must
   * hold (the planner checks a plan-file's the same way). */
  if (ok && !dlcMemoryReduceFits(p, mode, reduce, plan->tile[1])) {
    char honoured[160];
    snprintf(honoured, sizeof(honoured),
             "\"%s\" only in row mode, on a region whose pair of reduces "
             "has that form, with at most %d warps a CTA; else \"passes\"",
             dlcMemoryReduceName(reduce), dlcMemoryReduceMaxWarps(reduce));
    ok = dlcCannotHonour(schedule, "memory-bound", "algo_choice reduce",
                         honoured);
  }
  int width = (int)plan->vectorizeWidth;
  if (ok && width > dlcMemoryBoundVectorWidth(p, mode)) {
    dlcEmitDiagnostic(schedule, &dlcUnsupportedOp,
                      "plan vectorize width = 1, or the width the planner "
                      "chooses",
                      "the memory-bound skeleton cannot access this region "
                      "by vectors of %d elements (at most %d: reads along "
                      "the vector loops must be contiguous and outputs "
                      "row-major)",
                      width, dlcMemoryBoundVectorWidth(p, mode));
    ok = false;
  }
  if (ok && mode == DLC_MEMORY_TRANSPOSE &&
      plan->tile[1] % DLC_MEMORY_TRANSPOSE_TILE != 0)
    ok = dlcCannotHonour(schedule, "memory-bound", "tile",
                         "[1, T, 1] with T a multiple of 64 in transpose "
                         "mode (a tile row is 64 threads)");
  char outer[200], last[96], grid[600], gridY[600] = "1", flops[480];
  if (ok &&
      (!kpMemoryPointsText(p, mode != DLC_MEMORY_POINT, outer, sizeof(outer)) ||
       (mode == DLC_MEMORY_TRANSPOSE &&
        !dlcMemoryTransposeGridText(p, grid, sizeof(grid))))) {
    dlcEmitDiagnostic(region, &dlcUnsupportedOp,
                      "use at most 4 symbols in the output's sizes",
                      "the number of output points has too many symbols");
    ok = false;
  }
  if (ok) {
    int64_t threads = plan->tile[1];
    KpExtent one = kpExtentConstant(1);
    kpExtentText(p->func, p->numIters ? &p->loops[p->numIters - 1].size : &one,
                 last, sizeof(last));
    int64_t workspace = 0;
    /* (A transpose kernel's grid is written by the check above.) */
    if (mode == DLC_MEMORY_COLUMN) {
      snprintf(grid, sizeof(grid), "%s*ceildiv(%s, %d)", outer, last,
               DLC_MEMORY_COLUMN_LANES * width);
      dlcMemoryColumnGridY(p, grid, target->sms, gridY, sizeof(gridY));
      workspace = dlcMemoryColumnWorkspaceBytes(p, width, target->sms);
    } else if (mode == DLC_MEMORY_FLAT) {
      snprintf(grid, sizeof(grid), "ceildiv(%s*ceildiv(%s, %d), %lld)", outer,
               last, width, (long long)threads);
    } else if (mode != DLC_MEMORY_TRANSPOSE) {
      memoryGridText(p, mode, width, threads, outer, grid, sizeof(grid));
      KpExtent length;
      char lengthText[200];
      workspace =
          mode == DLC_MEMORY_ROW
              ? dlcMemoryRowWorkspaceBytes(p, mode, threads, target->sms)
              : dlcMemoryPointWorkspaceBytes(p, mode, target->sms);
      if (workspace > 0 && dlcMemoryBoundSharedLength(p, mode, &length)) {
        kpExtentText(p->func, &length, lengthText, sizeof(lengthText));
        dlcMemorySplitGridY(mode, outer, lengthText, target->sms, gridY,
                            sizeof(gridY));
      } else {
        workspace = 0;
      }
    }
    int numTensors = 0;
    int64_t smem = 4 * dlcMemoryBoundScratchFloats(p, mode, threads, width);
    /* Flat kernels ask for a full SM of threads (ptxas fits the registers
     * to it): more loads in flight (x·sigmoid(x)+y 2.93 → 3.07 TB/s on the
     * H100, run mem-k); one whose threads each run a reduce loop for half
     * (64 registers at T = 256: at 32 a chained conv's first region
     * spilled 628 bytes and ran 2.9x slower, unbounded 245 registers 1.7x,
     * bench/RESULTS.md run fl-1); row and point kernels do not (LayerNorm
     * spilled at 32 registers and lost 20%), but a CTA's register rows ask
     * for the CTAs their loads need (Skeleton.h). */
    bool flatReduces = mode == DLC_MEMORY_FLAT && p->numLoops > p->numIters;
    int64_t resident =
        mode == DLC_MEMORY_TRANSPOSE ? target->maxThreadsPerSM / threads / 2
        : mode != DLC_MEMORY_FLAT
            ? dlcMemoryRegisterRowCtas(p, mode, threads, width)
            : target->maxThreadsPerSM / threads / (flatReduces ? 2 : 1);
    /* A split row's CTAs wait for each other: launched so that all are
     * resident (below). Its kernel has no launch-bound directive at all:
     * with `.minnctapersm` 2, or 1, ptxas took 56 registers and every
     * row kernel of many rows ran 8-10 % slower; without it 40-48, as
     * fast as before, and 2 CTAs an SM fit (bench/RESULTS.md run sr-1). */
    bool rowSplits = mode == DLC_MEMORY_ROW && workspace > 0;
    memoryFlopsText(p, flops, sizeof(flops));
    MlirOperation kernel = buildKernelFunc(
        region, 0, NULL, 0, NULL, workspace, grid, gridY, threads, smem, flops,
        resident > 1 ? resident : 1, plan, &numTensors);
    if (rowSplits) { /* no launch bound; cooperative where grid y splits */
      mlirOperationRemoveAttributeByName(
          kernel, mlirStringRefCreateFromCString("dlcgpu.min_blocks_per_sm"));
      mlirOperationSetAttributeByName(
          kernel, mlirStringRefCreateFromCString("dlcgpu.cooperative"),
          mlirStringAttrGet(mlirOperationGetContext(kernel),
                            mlirStringRefCreateFromCString("split")));
    }
    dlcEmitMemoryBound(kernel, p, mode, reduce, threads, width, numTensors,
                       workspace > 0 ? target->sms : 0);
    mlirOperationDestroy(region);
  }
  free(p);
  return ok;
}

/* The function of `module`'s body whose rbssa.region is `name`. */
static MlirOperation regionNamed(MlirOperation near, MlirAttribute name) {
  MlirOperation module = mlirOperationGetParentOperation(near);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (!mlirAttributeIsNull(name) &&
        mlirAttributeEqual(dlcOperationAttrGet(op, "rbssa.region"), name))
      return op;
  return (MlirOperation){NULL};
}

/* The argument of `region` whose rbssa.name is `name`, or -1. */
static int argNamed(MlirOperation region, MlirAttribute name) {
  MlirAttribute all = dlcOperationAttrGet(region, "arg_attrs");
  for (intptr_t i = 0;
       !mlirAttributeIsNull(all) && !mlirAttributeIsNull(name) &&
       i < mlirArrayAttrGetNumElements(all);
       ++i) {
    MlirAttribute a = mlirArrayAttrGetElement(all, i);
    MlirAttribute n = dlcDictionaryAttrGet(a, "rbssa.name");
    if (!mlirAttributeIsNull(n) && mlirAttributeEqual(n, name))
      return (int)i;
  }
  return -1;
}

static MlirAttribute modelField(MlirOperation region, const char *key) {
  return dlcDictionaryAttrGet(dlcOperationAttrGet(region, "rbssa.attention"),
                              key);
}

/* Whether the plan has the flash epilogue store the log-sum-exp. */
static bool planLse(const DlcPlan *plan) {
  for (int i = 0; i < plan->numAlgoChoice; ++i)
    if (strcmp(plan->algoChoice[i].key, "lse") == 0 &&
        strcmp(plan->algoChoice[i].value, "epilogue") == 0)
      return true;
  return false;
}

/* The SM90 kernel's grid algo_choice grid names: "tiles" a CTA per work
 * tile (also when absent), "persistent" at most one per SM looping over
 * them, "dynamic" at most one per SM taking them from a counter,
 * "balanced" (causal only: without a mask every tile costs the same)
 * persistent's pairs, then the last rounds' tiles one by one, "stream"
 * (no causal mask: the tiles' costs are the key tiles) persistent's
 * rounds, then the last two's key tiles shared out evenly
 * (Sm90FlashSchedule.c). */
static bool sm90AttentionGrid(MlirOperation schedule, const DlcPlan *plan,
                              const KpAttention *a, DlcAttnGrid *out) {
  const char *grid = dlcPlanAlgoChoice(plan, "grid");
  if (!grid || strcmp(grid, "tiles") == 0)
    *out = DLC_ATTN_GRID_TILES;
  else if (strcmp(grid, "persistent") == 0)
    *out = DLC_ATTN_GRID_PERSISTENT;
  else if (strcmp(grid, "dynamic") == 0)
    *out = DLC_ATTN_GRID_DYNAMIC;
  else if (strcmp(grid, "balanced") == 0 && a->mask == KP_ATTN_MASK_CAUSAL)
    *out = DLC_ATTN_GRID_BALANCED;
  else if (strcmp(grid, "stream") == 0 && a->mask != KP_ATTN_MASK_CAUSAL)
    *out = DLC_ATTN_GRID_STREAM;
  else
    return dlcCannotHonour(schedule, "SM90 flash-attention", "algo_choice grid",
                           "\"tiles\" (a CTA per query tile and batch row), "
                           "\"persistent\" (a CTA per SM looping over them), "
                           "\"dynamic\" (a CTA per SM taking them from a "
                           "counter, heaviest first), with a causal mask "
                           "\"balanced\" (persistent's pairs, the last rounds "
                           "one tile at a time) or without one \"stream\" "
                           "(persistent's rounds, the last two shared out by "
                           "key tiles)");
  return true;
}

/* What the SM90 flash skeleton takes: wgmma on the target, tile = [128,
 * BN, D] with BN 64 or 128 (at D = 256 only 64 fits), warp_tile = [64, BN] (a
 * consumer warpgroup's rows), at least two stages within the target's shared
 * memory (beside `grid`'s Q buffers), and a problem dlcSm90AttentionProblem
 * accepts. */
static bool checkSm90Attention(MlirOperation schedule, const DlcPlan *plan,
                               const DlcTarget *target, const KpAttention *a,
                               DlcAttnGrid grid) {
  if (!target->hasWgmma || !target->hasTma) {
    dlcEmitDiagnostic(schedule, &dlcUnsupportedOp,
                      "compile for chip=sm_90a, or plan barrier_model = "
                      "\"cp_async_group\" (the SM80 flash kernel)",
                      "barrier_model = \"mbarrier\" selects the SM90 flash "
                      "skeleton, which needs TMA and wgmma; %s does not have "
                      "them",
                      target->chip);
    return false;
  }
  const char *why = dlcSm90AttentionProblem(a);
  if (why) {
    dlcEmitDiagnostic(schedule, &dlcUnsupportedOp,
                      "plan barrier_model = \"cp_async_group\" (the SM80 "
                      "flash kernel)",
                      "the SM90 flash skeleton cannot compute this attention: "
                      "%s",
                      why);
    return false;
  }
  /* The tile width: D padded to 64, 128 or 256 (kpAttentionTileDim). */
  int64_t d = kpAttentionTileDim(a->size[KP_K].constant);
  DlcAttnTiling t = {plan->tile[0], plan->tile[1],     d,
                     plan->stages,  DLC_ATTN_PINGPONG, grid};
  /* 192 query rows (three consumers at 160 registers) only where O's
   * accumulator is D = 64's. */
  bool rows = plan->tile[0] == 128 || (plan->tile[0] == 192 && d == 64);
  if (!rows || (plan->tile[1] != 64 && plan->tile[1] != 128) ||
      plan->tile[2] != d || plan->warpTile[0] != 64 ||
      plan->warpTile[1] != plan->tile[1] || plan->stages < 2 ||
      dlcSm90AttentionSmemBytes(&t, kpElementBytes(a->q.t.element)) >
          target->smemPerCTA)
    return dlcCannotHonour(schedule, "SM90 flash-attention", "tile",
                           "tile = [BM, BN, Dt] (Dt: D padded to 64, 128 or "
                           "256) with BM 128 (or 192 at Dt = 64), "
                           "BN 64 or 128, warp_tile = [64, BN], at least 2 "
                           "stages that fit the shared memory");
  return true;
}

/* The SM90 consumers' schedule algo_choice attention names (with the
 * tile's BM: dlcAttnScheduleRows): "online_softmax" their wgmmas in
 * ping-pong turns (the default), "online_softmax.overlap" without the
 * turns (each consumer only overlapping its softmax with its own P V),
 * "online_softmax.m192" three consumers in turns. */
static bool sm90AttentionSchedule(MlirOperation schedule, const DlcPlan *plan,
                                  DlcAttnSchedule *out) {
  const char *algo = dlcPlanAlgoChoice(plan, "attention");
  int64_t rows = dlcAttnScheduleRows(algo);
  if (rows == 0 || rows != plan->tile[0])
    return dlcCannotHonour(
        schedule, "SM90 flash-attention", "algo_choice attention",
        "\"online_softmax\" (two consumers in ping-pong "
        "turns) or \"online_softmax.overlap\" (without "
        "the turns) with tile BM 128, \"online_softmax.m192\" "
        "(three consumers in turns) with BM 192");
  *out = strcmp(algo, "online_softmax.overlap") == 0 ? DLC_ATTN_OVERLAP
                                                     : DLC_ATTN_PINGPONG;
  return true;
}

/* The flash kernels' fixed fields: nothing bound, cached, predicated or
 * handed over by the plan (the skeleton's own Q tile, K/V ring and tails),
 * no epilogue steps or layout hints, 16-byte vectors along d, and the
 * ring `stages` deep (prefetch stages - 1), O stored after the last key
 * tile. */
static bool checkAttentionContract(MlirOperation schedule,
                                   const DlcPlan *plan) {
  const char *skeleton = "flash-attention";
  DlcPlan *want = calloc(1, sizeof(DlcPlan));
  if (!want)
    return false;
  snprintf(want->vectorizeAxis, sizeof(want->vectorizeAxis), "d");
  bool ok = dlcCheckPlanFields(
      schedule, skeleton, plan, want,
      DLC_PLAN_FIELD_BIND | DLC_PLAN_FIELD_CACHE |
          DLC_PLAN_FIELD_VECTORIZE_AXIS | DLC_PLAN_FIELD_LOCAL_EDGES |
          DLC_PLAN_FIELD_PREDICATE_TAIL | DLC_PLAN_FIELD_EPILOGUE |
          DLC_PLAN_FIELD_LAYOUT_HINTS);
  free(want);
  if (ok && plan->vectorizeWidth != 8)
    ok = dlcCannotHonour(schedule, skeleton, "vectorize",
                         "width = 8 (16-byte copies)");
  if (ok &&
      (!plan->asyncEnable || plan->asyncPrefetchDepth != plan->stages - 1 ||
       plan->asyncEpilogueOverlap))
    ok = dlcCannotHonour(schedule, skeleton, "async",
                         "enable = true, prefetch_depth = stages - 1, "
                         "epilogue_overlap = false");
  return ok;
}

/* An attention output region fused by rbssa-fuse-attention: the flash
 * skeleton over Q, K, V and O (FlashAttention.c). */
static bool convertAttentionRegion(MlirOperation region, MlirOperation schedule,
                                   const DlcPlan *plan,
                                   const DlcTarget *target) {
  MlirOperation scores = regionNamed(region, modelField(region, "scores"));
  KpAttention a;
  const char *why = mlirOperationIsNull(scores)
                        ? "its scores region is not in the module"
                        : kpAttentionReadFused(scores, region, &a);
  if (!why)
    why = kpAttentionOnlineProblem(&a);
  if (why) {
    dlcEmitDiagnostic(region, &dlcUnsupportedOp,
                      "run rbssa-fuse-attention on the unmodified program",
                      "the attention region cannot be compiled: %s", why);
    return false;
  }
  char error[256];
  if (!dlcPlanCheck(plan, target, kpElementBytes(a.q.t.element), error,
                    sizeof(error)))
    return reject(schedule, error);
  if (!checkAttentionContract(schedule, plan))
    return false;
  /* D, and the kernels' tile width dt (D padded: kpAttentionTileDim). */
  int64_t d = a.size[KP_K].constant, dt = kpAttentionTileDim(d);
  bool sm90 = isSm90Plan(plan);
  DlcAttnGrid grid = DLC_ATTN_GRID_TILES;
  if (sm90 && (!sm90AttentionGrid(schedule, plan, &a, &grid) ||
               !checkSm90Attention(schedule, plan, target, &a, grid)))
    return false;
  /* The consumers' schedules and the grids are the SM90 kernel's; the
   * SM80 one would ignore them under a plan summary naming them. */
  if (!sm90 &&
      (strcmp(dlcPlanAlgoChoice(plan, "attention"), "online_softmax") != 0 ||
       dlcPlanAlgoChoice(plan, "grid")))
    return dlcCannotHonour(schedule, "SM80 flash-attention", "algo_choice",
                           "attention = \"online_softmax\" without a grid (the "
                           "other schedules and the grids are the SM90 "
                           "kernel's, barrier_model = \"mbarrier\")");
  if (!sm90 && !dlcFlashAttentionTakes(schedule, &dlcUnsupportedOp,
                                       "plan barrier_model = \"mbarrier\" "
                                       "(the SM90 flash skeleton) on "
                                       "chip=sm_90a",
                                       &a))
    return false;
  if (!sm90 &&
      (plan->tile[0] != 64 || plan->tile[1] != 64 || plan->tile[2] != dt ||
       plan->warpTile[0] != 16 || plan->warpTile[1] != 64 ||
       plan->stages != 2 || strcmp(plan->barrierModel, "cp_async_group") != 0))
    return dlcCannotHonour(schedule, "flash-attention", "tile",
                           "tile = [64, 64, Dt] (Dt: D padded to 64 or 128), "
                           "warp_tile = [16, 64], stages = "
                           "2, barrier_model = \"cp_async_group\" (SM80) or "
                           "\"mbarrier\" (SM90)");
  /* The log-sum-exp output is the epilogue's exactly when the plan says
   * so (algo_choice lse = "epilogue"). */
  if (planLse(plan) != a.hasLse)
    return dlcCannotHonour(schedule, "flash-attention", "algo_choice lse",
                           a.hasLse ? "\"epilogue\" (the region writes LSE)"
                                    : "absent (the region writes no LSE)");
  /* The model's tensors; the kernel takes them in argument order (the
   * graph's: inputs, then O and LSE). */
  enum { NumKeys = 7 };
  const char *keys[NumKeys] = {"q",    "k",           "v",  "o",
                               "bias", "mask_tensor", "lse"};
  bool wanted[NumKeys] = {true,    true,      true,
                          true,    a.hasBias, a.mask == KP_ATTN_MASK_TENSOR,
                          a.hasLse};
  int arg[NumKeys], picked[NumKeys], numPicked = 0;
  for (int i = 0; i < NumKeys; ++i) {
    arg[i] = wanted[i] ? argNamed(region, modelField(region, keys[i])) : -1;
    if (wanted[i] && arg[i] < 0) {
      dlcEmitDiagnostic(region, &dlcUnsupportedOp,
                        "give the attention output region every tensor of "
                        "the program as an argument",
                        "the attention region has no argument for %s", keys[i]);
      return false;
    }
  }
  for (int at = 0; at < (int)mlirArrayAttrGetNumElements(
                            dlcOperationAttrGet(region, "arg_attrs"));
       ++at)
    for (int i = 0; i < NumKeys; ++i)
      if (arg[i] == at) {
        picked[numPicked++] = at;
        break;
      }
  int position[NumKeys];
  for (int i = 0; i < NumKeys; ++i) {
    position[i] = -1;
    for (int j = 0; j < numPicked; ++j)
      if (arg[i] >= 0 && picked[j] == arg[i])
        position[i] = j;
  }
  char lq[96], lk[96], gridX[400], gridY[200] = "", batches[200] = "",
                                   flops[400];
  kpExtentText(region, &a.size[KP_M], lq, sizeof(lq));
  kpExtentText(region, &a.size[KP_N], lk, sizeof(lk));
  DlcAttnTiling tiling = {sm90 ? plan->tile[0] : 64, sm90 ? plan->tile[1] : 64,
                          dt, sm90 ? plan->stages : 2, DLC_ATTN_PINGPONG};
  tiling.grid = grid;
  if (sm90 && !sm90AttentionSchedule(schedule, plan, &tiling.schedule))
    return false;
  for (int b = 0; b < a.numBatch; ++b) {
    char extent[96];
    kpExtentText(region, &a.batchSize[b], extent, sizeof(extent));
    size_t used = strlen(batches);
    snprintf(batches + used, sizeof(batches) - used, "%s%s", b ? "*" : "",
             extent);
  }
  if (!batches[0])
    snprintf(batches, sizeof(batches), "1");
  dlcFlashGridText(&a, tiling.grid, lq, tiling.tileM, batches, target->sms,
                   gridX, sizeof(gridX), gridY, sizeof(gridY));
  /* 2 * Lq * Lk * D for each of the two products. */
  snprintf(flops, sizeof(flops), "4*%s*%s*%s*%lld", batches, lq, lk,
           (long long)d);
  int numTensors = 0;
  int bytes = kpElementBytes(a.q.t.element);
  MlirAttribute maps[3];
  if (sm90) {
    MlirAttribute names[3];
    for (int i = 0; i < 3; ++i)
      names[i] = modelField(region, keys[i]);
    dlcSm90AttentionMaps(region, &a, &tiling, names, maps);
  }
  MlirOperation kernel = buildKernelFunc(
      region, numPicked, picked, sm90 ? 3 : 0, maps,
      sm90 ? dlcFlashWorkspaceBytes(&tiling, target->sms) : 0, gridX, gridY,
      sm90 ? dlcSm90AttentionThreads(&tiling) : 128,
      sm90 ? dlcSm90AttentionSmemBytes(&tiling, bytes)
           : dlcPlanStageBytes(plan, bytes, target->smemPerCTA),
      flops, 1, plan, &numTensors);
  /* The stream grid's CTAs wait for each other's partials
   * (Sm90FlashStream.c). */
  if (tiling.grid == DLC_ATTN_GRID_STREAM)
    markCooperative(kernel);
  DlcAttnArgs args = {position[0], position[1], position[2], position[3],
                      position[4], position[5], position[6]};
  if (sm90)
    dlcEmitSm90FlashAttention(
        kernel, &a, &tiling, &args, numTensors,
        numTensors + (int)mlirArrayAttrGetNumElements(
                         dlcOperationAttrGet(region, "rbssa.symbols")));
  else
    dlcEmitFlashAttention(kernel, &a, &tiling, &args, numTensors);
  mlirOperationDestroy(region);
  return true;
}

/* algo_choice group_pack = P > 1: the SM90 skeleton computes P groups of
 * a grouped convolution per tile, so `p` is rewritten to blocks of P
 * groups (dlcSm90PackGroups) where P is what the problem allows
 * (dlcSm90GroupPack). */
static bool packGroups(MlirOperation schedule, const DlcPlan *plan,
                       KpProblem *p) {
  int64_t pack = dlcPlanGroupPack(plan);
  if (pack == 1)
    return true;
  DlcIm2col im;
  int64_t can = isSm90Plan(plan) && p->implicit && !dlcSm90Im2col(p, &im)
                    ? dlcSm90GroupPack(p, &im)
                    : 1;
  if (pack != can) {
    char hint[160];
    snprintf(hint, sizeof(hint),
             "%lld (the SM90 skeleton packs 64 / Cg groups of Cog, a "
             "multiple of 8, output channels)",
             (long long)can);
    return dlcCannotHonour(schedule, isSm90Plan(plan) ? "SM90" : "SM80",
                           "algo_choice group_pack", hint);
  }
  dlcSm90PackGroups(p, pack);
  return true;
}

static bool convertRegion(MlirOperation region, const DlcTarget *target) {
  MlirOperation schedule = findSchedule(region);
  if (mlirOperationIsNull(schedule))
    return true; /* no plan yet: nothing to inject */
  {
    DlcPlan *plan = malloc(sizeof(DlcPlan));
    char error[256];
    bool read =
        plan && dlcPlanScheduleRead(schedule, plan, error, sizeof(error));
    if (read && dlcPlanIsAttention(plan)) {
      bool ok = convertAttentionRegion(region, schedule, plan, target);
      free(plan);
      return ok;
    }
    if (read && dlcPlanIsMemoryBound(plan)) {
      bool ok = dlcPlanCheck(plan, target, 2, error, sizeof(error))
                    ? convertMemoryRegion(region, schedule, plan, target)
                    : reject(schedule, error);
      free(plan);
      return ok;
    }
    free(plan);
  }
  DlcGemmTiling tiling;
  KpProblem *problem = malloc(sizeof(KpProblem));
  DlcPlan *plan = malloc(sizeof(DlcPlan));
  bool ok = kpProblemRead(region, problem) && checkOperands(region, problem) &&
            readPlan(schedule, target, kpElementBytes(problem->a.element), plan,
                     &tiling) &&
            packGroups(schedule, plan, problem) &&
            (isSm90Plan(plan) ? checkSm90(schedule, target, &tiling, problem)
                              : checkSm80Tiling(schedule, &tiling)) &&
            checkContract(schedule, plan, problem) &&
            dlcCheckGemmSkeletonFields(region, schedule, plan,
                                       isSm90Plan(plan) ? "SM90" : "SM80");
  if (ok) {
    int numTensors = 0;
    MlirOperation kernel =
        buildKernel(region, problem, plan, &tiling, target, &numTensors);
    if (isSm90Plan(plan))
      dlcEmitSm90Gemm(kernel, problem, &tiling, numTensors,
                      numTensors +
                          (int)mlirArrayAttrGetNumElements(
                              dlcOperationAttrGet(region, "rbssa.symbols")));
    else
      dlcEmitSm80Gemm(kernel, problem, &tiling, numTensors);
    mlirOperationDestroy(region);
  }
  free(plan);
  free(problem);
  return ok;
}

static void runPlanToDLCGPU(MlirOperation module, MlirExternalPass pass,
                            const DlcPassOptions *options) {
  (void)options;
  /* The chip's row with the SM count the planner recorded (device=sms=):
   * the kernels' grids are sized for that product. */
  DlcTarget figures;
  if (!dlcTargetFiguresOfOperation(module, &figures)) {
    dlcEmitDiagnostic(module, &dlcUnsupportedOp,
                      "run convert-rbssa-to-plan with a known chip= (and "
                      "device=sms=N for another SM count)",
                      "the module's " DLC_TARGET_ATTR " names no known chip "
                      "or its " DLC_TARGET_SMS_ATTR " is not a positive "
                      "integer");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  const DlcTarget *target = &figures;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirOperation op = mlirBlockGetFirstOperation(body);
  bool ok = true;
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (dlcOperationIsA(op, "func.func") &&
        !mlirAttributeIsNull(dlcOperationAttrGet(op, "rbssa.region")) &&
        mlirAttributeIsNull(dlcOperationAttrGet(op, "rbssa.fused_into")))
      ok &= convertRegion(op, target);
    op = next;
  }
  /* Scores regions fused into an attention kernel: read, now done. */
  for (op = mlirBlockGetFirstOperation(body); ok && !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (dlcOperationIsA(op, "func.func") &&
        !mlirAttributeIsNull(dlcOperationAttrGet(op, "rbssa.fused_into")))
      mlirOperationDestroy(op);
    op = next;
  }
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const DlcDialectHandleGetter dependentDialects[] = {
    mlirGetDialectHandle__affine__, /* addresses in the memory-bound skeleton */
    mlirGetDialectHandle__arith__,
    mlirGetDialectHandle__func__,
    mlirGetDialectHandle__gpu__,
    mlirGetDialectHandle__memref__,
    mlirGetDialectHandle__nvvm__, /* setmaxregister in the SM90 skeleton */
    mlirGetDialectHandle__scf__,
    mlirGetDialectHandle__vector__,
    NULL};

const DlcPassDef dlcPlanToDLCGPUPass = {
    {"convert-plan-to-dlcgpu",
     "Inject each region's schedule plan into its GPU skeleton: GEMM-like "
     "on SM80 (cp.async, mma.sync) or SM90 (TMA, wgmma), memory-bound, "
     "flash attention; epilogue on the accumulators",
     "builtin.module", 0, NULL},
    runPlanToDLCGPU,
    dependentDialects,
};
