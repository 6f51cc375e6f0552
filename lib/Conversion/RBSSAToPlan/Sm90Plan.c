/* The planner's SM90 rules (docs/passes/convert-rbssa-to-plan.md, "arch
 * and barrier_model", "split_k"): the skeleton and its tile on a chip with
 * wgmma, split-K for problems with fewer tiles than SMs, and the
 * alternatives print-candidates shows. */
#include "../PlanToDLCGPU/Skeleton.h"
#include "Plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a column of a 128 x 128 tile costs against one of 128 x 256 (half
 * the B reuse, a deeper ring of smaller stages): measured on the H100 at
 * 4095 x 4097 x 4093, where 128 x 128 runs 8 full rounds and 128 x 256 5
 * (the last with one useful column of 256), 128 x 256 was faster both times
 * (bench/RESULTS.md runs 22 and gemv-1: 298.6 against 281.6 and 316.9
 * against 305.4 TFLOP/s), so per column of a round 128 costs about 1.3. */
static const double kNarrowColumnCost = 1.3;

/* What each split's CTA adds beyond its stream and reads (its launch, ring
 * fill and arrival, the slowest of more CTAs): on the H200 64 x 64 x
 * 65536 took 31.5 us in 64 splits and 37.5 in 128, about 0.1 us a split
 * (bench/RESULTS.md run small-2). With the reduction spread over the CTAs
 * 64 splits measured 1.1 us faster than 32 there (H100, run sk3-1); this
 * charge and the DRAM share below keep 32, measured within 6 %. */
static const double kSplitUs = 0.1;

/* The bytes a CTA streams per us when DRAM has bandwidth to spare: one CTA
 * alone moved a 16 KiB k tile every 0.166 us (~100 GB/s, bench/RESULTS.md
 * run sk-1); more CTAs share DRAM. */
static const double kCtaStreamBytesUs = 1.0e5;

/* What a 256 x 128 tile (two consumers of 128 rows, two m64n128 wgmmas
 * each per k step) costs against a 128 x 256 one of the same MMAs:
 * measured on the H200 at 4096³, 220.8 against 209.8 us (bench/RESULTS.md
 * run odd-1). It wins where its rounds are fewer: 4095 x 4097 x 4093 is 528
 * tiles, 4 rounds of 132, against 544 (5 rounds) at 128 x 256: 288.5
 * against 340.4 us there. */
static const double kTallTileCost = 1.05;

/* The operand bytes a plan's tiles read through L2: every tile reads its
 * rows of A and its columns of B over all of k; in clusters of 2 the pair
 * reads the shared operand (B when bn >= bm, else A) once, each CTA half
 * of it multicast to both. Shown by print-candidates, not charged: at
 * 4096³, 8192³ and 16384 x 1024 x 4096 clusters of 2 read a third less
 * and ran within 3 % of the unpaired kernel on the H100 (bench/RESULTS.md
 * run cl-5), so the wave rule's MMA time stays the estimate. */
static double l2OperandBytes(const DlcPlanProblem *problem, int64_t bm,
                             int64_t bn, int64_t cluster) {
  double rows = (double)bm * problem->bytesA,
         cols = (double)bn * problem->bytesB;
  if (cluster > 1 && bn >= bm)
    cols /= (double)cluster;
  else if (cluster > 1)
    rows /= (double)cluster;
  double tiles = ceil(problem->m / (double)bm) *
                 (problem->batch > 0 ? problem->batch : 1) *
                 ceil(problem->n / (double)bn);
  return tiles * fmax(1, ceil(problem->k / 64)) * 64 * (rows + cols);
}

/* What a 192 x 128 tile (three consumer warpgroups of 64 rows, 4 stages
 * beside the staged C tile) costs against the 128 x 128 columns of the
 * same rows: where the wave rule ties them (rounds in the ratio 2 : 3),
 * convolutions on the H100 ran 0.90x (3x3 s2 N64 C128 112² → 128: 129.5
 * against 117.4 us) and 0.97x (s2 N32 C256 56² → 256) the 128-row
 * ping-pong tile; where it made one round against two, 1.09x (ResNet-50's
 * 3x3 C128 28² at N = 32: 19.7 against 21.5 us; bench/RESULTS.md run
 * t3-1). */
static const double kThreeTileCost = 1.1;

/* The cost of a round of tiles bm x bn in 128 x 256 tiles' MMA time. */
static double tileCost(int64_t bm, int64_t bn) {
  double area = (double)(bm * bn) / (128.0 * 256.0);
  double shape = bm == 256 ? kTallTileCost : bn == 128 ? kNarrowColumnCost : 1;
  return area * shape * (bm == 192 ? kThreeTileCost : 1);
}

static double columnCost(int64_t bn) {
  return bn == 128 ? kNarrowColumnCost : 1.0;
}

/* A batch's tiles count with every batch's: the kernel's persistent CTAs
 * walk the (batch, tile) units of all batches (dlcSm90WalksBatch), so its
 * rounds are ceil(batch · T / SMs) (bench/RESULTS.md run bw-1). */
static double tileCount(const DlcPlanProblem *problem, int64_t bm, int64_t bn) {
  return ceil(problem->m / (double)bm) *
         (problem->batch > 0 ? problem->batch : 1) *
         ceil(problem->n / (double)bn);
}

/* The wave rule's cost of tile bm x bn: waves of tiles over the SMs times
 * a tile's cost (tileCost, in 256-column units: 128 x 128 costs 128 x
 * 1.3). */
static double waveCost(const DlcTarget *target, const DlcPlanProblem *problem,
                       int64_t bm, int64_t bn) {
  return ceil(tileCount(problem, bm, bn) / target->sms) * 256.0 *
         tileCost(bm, bn);
}

/* Whether one of `p`'s m, n and k extents is a symbol. */
static bool sizesSymbolic(const KpProblem *p) {
  return p->size[KP_M].numSymbols || p->size[KP_N].numSymbols ||
         p->size[KP_K].numSymbols;
}

/* A small problem: one image, and fewer 128 x 128 tiles than SMs. Its
 * tiles are one partial round, so the estimate below (split-K, narrow
 * tiles) chooses; larger ones keep the wave rule. */
static bool isSmall(const DlcTarget *target, const DlcPlanProblem *problem) {
  return problem->batch <= 1 &&
         ceil(problem->m / 128) * ceil(problem->n / 128) < target->sms;
}

/* The estimate of the SM90 kernel with tile 128 x bn and a split bound
 * `bound` (1: whole tiles), for print-candidates and the small-problem
 * choice. */
typedef struct Sm90Estimate {
  double tiles, full, tail, kTiles, kPer;
  int64_t splits;
  double timeUs;
} Sm90Estimate;

/* Large problems: waves of whole tiles at the tensor pipe's peak per SM
 * (operands from L2), never below the DRAM time. Small problems (isSmall):
 * each CTA streams its k range from DRAM, a k step costing the tensor
 * pipe's time for the whole 128 x bn box or its bytes inside the problem
 * at the CTA's stream rate (kCtaStreamBytesUs, or its share of DRAM when
 * the CTAs running would exceed it: the SM's share, ~25 GB/s, charged to
 * every step before over-rated more splits; 64 x 64 x 65536 ran faster in
 * 32 than 64, bench/RESULTS.md run sk2-1), whichever is longer; with S
 * splits each CTA takes ceil(k / S) steps, then writes its fp32 partial,
 * waits for the others and reads its 1/S slice of all S partials (one
 * partial's bytes, Sm90SplitK.c) at the SM's share of L2, and each split
 * costs kSplitUs. */
static Sm90Estimate estimateTile(const DlcTarget *target,
                                 const DlcPlanProblem *problem, int64_t bm,
                                 int64_t bn, int64_t bound) {
  Sm90Estimate e;
  e.kTiles = fmax(1, ceil(problem->k / 64));
  e.tiles = tileCount(problem, bm, bn);
  e.full = floor(e.tiles / target->sms);
  e.tail = e.tiles - e.full * target->sms;
  e.splits = dlcSm90Splits((int64_t)e.tiles, (int64_t)e.kTiles,
                           bound > 1 ? bound : 1, target->sms);
  e.kPer = ceil(e.kTiles / (double)e.splits);
  double dramUs = problem->dramBytes / (target->dramTBs * 1e6);
  double mmaUs = (double)(bm * bn) * 64 * 2 /
                 (target->peakTflops * 1e6 / target->sms) *
                 (bm == 256 ? kTallTileCost : columnCost(bn));
  if (!isSmall(target, problem)) {
    e.timeUs = fmax(ceil(e.tiles / target->sms) * e.kTiles * mmaUs, dramUs);
    return e;
  }
  double rows = fmin(problem->m, (double)bm),
         cols = fmin(problem->n, (double)bn);
  /* Bytes per us a CTA streams: its own limit, or its share of DRAM among
   * the CTAs running (units past the SMs wait a round). */
  double ctas = fmin(e.tiles * (double)e.splits, (double)target->sms);
  double ctaDram = fmin(kCtaStreamBytesUs, target->dramTBs * 1e6 / ctas);
  double smL2 = target->l2TBs * 1e6 / target->sms;
  double stepUs = fmax(
      mmaUs, 64 * (rows * problem->bytesA + cols * problem->bytesB) / ctaDram);
  double partial = rows * cols * 4;
  double reduceUs = e.splits > 1 ? 2 * partial / smL2 + e.splits * kSplitUs : 0;
  e.timeUs = fmax(e.kPer * stepUs + reduceUs, dramUs);
  return e;
}

/* The split bound of tile bm x bn's best estimate (1: whole tiles are
 * best, or the problem is not small). */
static int64_t bestBound(const DlcTarget *target, const DlcPlanProblem *problem,
                         int64_t bm, int64_t bn) {
  if (!isSmall(target, problem))
    return 1;
  int64_t best = 1;
  double bestUs = estimateTile(target, problem, bm, bn, 1).timeUs;
  for (int64_t bound = 2; bound <= DLC_SM90_MAX_SPLITS; bound *= 2) {
    Sm90Estimate e = estimateTile(target, problem, bm, bn, bound);
    if (e.splits > 1 && e.timeUs < bestUs)
      best = bound, bestUs = e.timeUs;
  }
  return best;
}

/* Tile bm x bn (bm = 128: 64 rows a consumer, 256: 128; 64: one
 * consumer, Sm90Gemm.c), and as many stages as fit, at most 6, or 8 for
 * a small problem, whose CTAs stream one k range with nothing else to
 * hide the latency behind (64 x 64 x 65536 in 32 splits: 40.3 µs with 8
 * stages against 44.6 with 6, bench/RESULTS.md run small-1). With the
 * staged epilogue (`staged`, async.epilogue_overlap) the ring comes
 * first: its stages fit beside at least 2 staged boxes of C a consumer
 * (dlcPlanStagedBoxes), so 128 x 256 and 256 x 128 keep 4 stages (3
 * beside the whole tile): on the H100 the 3-stage ring kept the tensor
 * pipe 86 % busy where cuBLAS's 4-stage one did 90 % (bench/RESULTS.md
 * run gm-1). */
static void fitStages(const DlcTarget *target, bool small, DlcPlan *plan) {
  for (plan->stages = small ? 8 : 6; plan->stages > 2; --plan->stages)
    if (dlcPlanStageBytes(plan, 2, target->smemPerCTA) <=
        target->smemPerCTA - DLC_PLAN_SMEM_RESERVE)
      break;
  plan->asyncPrefetchDepth = plan->stages - 1;
}

void dlcPlanSm90SetTile(const DlcTarget *target, int64_t bm, int64_t bn,
                        bool staged, bool small, DlcPlan *plan) {
  plan->tile[0] = bm, plan->tile[1] = bn, plan->tile[2] = 64;
  plan->warpTile[0] = bm == 64 || bm == 192 ? 64 : bm / 2;
  plan->warpTile[1] = bn;
  plan->asyncEpilogueOverlap = staged;
  dlcPlanCopyName(plan->barrierModel, "mbarrier");
  fitStages(target, small, plan);
}

/* A convolution's staged 128-row tile in ping-pong (warp_tile = tile:
 * each consumer warpgroup owns whole tiles, one's epilogue overlapping
 * the other's MMAs), its stages refitted (6, two staged boxes a
 * consumer): on the H100 1.00-1.05x the cooperative tile at 3x3 s2 C256
 * (+ SiLU), C128 112^2, ResNet-50's 3x3 C64 / C128 / C256 and 1x1 C256
 * (bench/RESULTS.md runs pp-4, pp-5). A GEMM keeps cooperative 128 x 256
 * (ping-pong's 128 x 128 ran 0.89-0.94x of it, run pp-8). */
static void convPingPong(const DlcTarget *target, DlcPlan *plan) {
  if (plan->tile[0] != 128 || !plan->asyncEpilogueOverlap)
    return;
  plan->warpTile[0] = 128;
  fitStages(target, false, plan);
}

static void setTile(const DlcTarget *target, int64_t bn, bool staged,
                    bool small, DlcPlan *plan) {
  dlcPlanSm90SetTile(target, 128, bn, staged, small, plan);
}

/* A convolution of static sizes whose tiles fill at most an eighth of the
 * SMs, with at least 16 k tiles, is split along k in up to kConvSplits
 * (the kernel takes fewer where a split would get under
 * DLC_SM90_MIN_SPLIT_KTILES k tiles, so at least 4 here: 2 splits lost
 * everywhere, 0.67-0.85x whole tiles), on the cooperative schedule
 * split-K needs. Measured on the H100 (bench/RESULTS.md run sk-c1): 3x3 s2 C256
 * 56² at N = 1 (14 tiles, 36 k tiles) 13.0-13.5 us in 8 splits against
 * 16.8-17.0 whole, ResNet-50's C256 14² at N = 4 (14 tiles) 12.7-13.1
 * against 16.9-17.7, its C128 28² at N = 1 (7 tiles, 18 k tiles: 4
 * splits) 11.9-12.2 against 12.5-12.7; at 25 and 50 tiles (2 to 4
 * splits) splitting lost 4-9 %. A symbolic size's tile count is not known
 * here (its launch-time version, tiny-symbol-versions, is static). */
enum { kConvSplits = 8 };

static bool convSplitApplies(const DlcTarget *target,
                             const DlcPlanProblem *problem, int64_t bn) {
  return tileCount(problem, 128, bn) * kConvSplits <= target->sms &&
         ceil(problem->k / 64) >= 4 * DLC_SM90_MIN_SPLIT_KTILES;
}

/* A convolution of static sizes whose 128-row tiles fill at most half of
 * the SMs, and that is not split (convSplitApplies), takes 64-row tiles
 * (one consumer warpgroup), twice as many on the SMs. Measured on the
 * H100 (bench/RESULTS.md run sbc-3): ResNet-50's C128 28² at N = 4 (25 ->
 * 49 tiles) 10.9 / 10.6 us against 13.1 / 12.4, 3x3 s2 C256 56² at N = 4
 * (50 -> 98 tiles) 15.6 / 15.7 against 18.3 / 18.4, cuDNN's speed
 * (1.00-1.03x); 128 x 64 ping-pong tiles ran within 7 % of them. */
static bool convShortTileApplies(const DlcTarget *target,
                                 const DlcPlanProblem *problem, int64_t bn) {
  return 2 * tileCount(problem, 128, bn) <= target->sms &&
         !convSplitApplies(target, problem, bn);
}

/* Short K: at most two k tiles a tile (K <= 128). A tile's MMAs are then
 * short (128 x 256 x 128: 1.1 us of an H100 SM) beside its C tile, which
 * is most of the bytes the kernel moves, so the per-tile work around the
 * MMAs (the ring's refill, the staged epilogue) decides, not the B reuse
 * the wave rule weighs. Measured on the H100 (bench/RESULTS.md runs tk-1,
 * tk-2: tiles 128 x 128 / 128 x 256 / 256 x 128, 3-6 stages, the staged
 * epilogue on and off): 128 x 128 with a 4-stage ring (two tiles of
 * look-ahead) ran 1.02-1.22x the wave rule's 128 x 256 (4 stages) on
 * every 2-D GEMM + bias + ReLU at K 64 and 128 in ping-pong, 1.06-1.20x
 * on the 4-D bmm (the batch walk) at K 96 and 128 cooperative, but 0.95-
 * 1.00x at K 64 (one k tile: every plan moved C at the same rate), so a
 * batch takes it at two k tiles only. Deeper rings were slower (6 stages:
 * 0.85x of 4 at bmm4 8x16x1024x1024x128); at three k tiles (K 192)
 * 128 x 256 or 256 x 128 won again; without the staged epilogue every
 * tile ran at 0.4-0.5x. Ping-pong (one consumer's epilogue beside the
 * other's MMAs) led on every 2-D GEMM but one (131072 x 1024 x 128:
 * 0.97x cooperative), cooperative on the batched ones (ping-pong 0.94-
 * 1.02x of it): the split is by batch. The batched ones had no bias;
 * without one (the bmm kernels on one batch, run tk-3) the two schedules
 * ran within 3.4 % of each other, and 128 x 256 ran 0.93-1.04x of the better:
 * the bias epilogue is what made 128 x 256 slow on the 2-D GEMMs. Losses
 * kept: bmm4 8x16x512x512x128 0.96-0.99x, a 2-D GEMM without a bias at
 * 4096 x 4096 x 128 0.96x (tk-3). */
enum { kShortKTiles = 2, kShortKStages = 4 };

/* Whether the short-K tile applies: a GEMM (not a convolution: not
 * measured) with the staged epilogue and more 128 x 128 tiles than SMs
 * (not isSmall), K at most kShortKTiles k tiles, and above one for a
 * batch. */
static bool shortKApplies(const DlcTarget *target,
                          const DlcPlanProblem *problem, bool implicit,
                          bool staged) {
  double kTiles = fmax(1, ceil(problem->k / 64));
  return !implicit && staged && !isSmall(target, problem) &&
         kTiles <= kShortKTiles && (problem->batch <= 1 || kTiles > 1);
}

/* The short-K tile: 128 x 128, a ring of at most kShortKStages stages,
 * ping-pong (warp tile 128 x 128) for one image, cooperative for a
 * batch. */
static void shortKTile(const DlcTarget *target, const DlcPlanProblem *problem,
                       DlcPlan *plan) {
  dlcPlanSm90SetTile(target, 128, 128, true, false, plan);
  if (plan->stages > kShortKStages)
    plan->stages = kShortKStages;
  plan->asyncPrefetchDepth = plan->stages - 1;
  if (problem->batch <= 1)
    plan->warpTile[0] = 128;
}

/* The heights a small problem's tile may take: 64 (one consumer: no
 * rows of zeros loaded and multiplied) when M fits it, and 128. */
static int tileHeights(const DlcPlanProblem *problem, int64_t out[2]) {
  int n = 0;
  if (problem->m <= 64)
    out[n++] = 64;
  out[n++] = 128;
  return n;
}

/* On a chip with wgmma (sm_90a), the SM90 skeleton takes every problem
 * whose operands are f16/bf16 and TMA can stage (Skeleton.h): tile
 * [128, BN, 64] and as many stages as shared memory holds (at most 6).
 * BN = 256 or 128 by the wave rule (128 x 128 with 4 stages at short K:
 * shortKApplies); a small problem (isSmall) takes BN =
 * 256, 128 or 64 and BM = 64 (M <= 64) or 128, whichever the estimate
 * with its best split-K is fastest at (ties to the smaller tile;
 * dlcPlanSm90SplitK adds the split). The SM80 search's
 * candidates stay the alternative a plan-file can force. An implicit GEMM
 * (a convolution) takes it when TMA's im2col mode can read its activation
 * (dlcSm90Im2col: NHWC, C % 8 == 0, ...); any other stays on the SM80
 * skeleton, whose copies gather. */
void dlcPlanSm90(MlirOperation func, const DlcTarget *target,
                 const DlcPlanProblem *problem, DlcPlan *plan) {
  if (!target->hasWgmma)
    return;
  KpProblem *p = malloc(sizeof(KpProblem));
  bool ok = p && kpProblemRead(func, p) &&
            (p->a.element == KP_F16 || p->a.element == KP_BF16) &&
            p->a.element == p->b.element &&
            !(p->implicit && p->has[KP_BATCH]) && /* Sm90Groups.c's */
            (p->implicit ? !dlcSm90Im2col(p, NULL)
                         : !dlcSm90StagingProblem(&p->a, KP_M)) &&
            !dlcSm90StagingProblem(&p->b, KP_N);
  bool implicit = ok && p->implicit;
  /* Whole tiles' epilogue through shared memory and TMA stores, where C
   * allows it, for GEMMs of several rounds of tiles (a small one's CTAs
   * have one tile, no next tile's MMAs to overlap) and for every
   * convolution: with 7 to 50 tiles on 132 SMs (3x3 convs at N = 1 and
   * 4) the TMA stores of its boxes still ran 1.13-1.24x the stores from
   * registers on the H100, ping-pong and cooperative alike
   * (bench/RESULTS.md run sbc-1). */
  bool staged = ok && (implicit || !isSmall(target, problem)) &&
                !dlcSm90StagedEpilogueProblem(p);
  bool staticSizes = ok && !sizesSymbolic(p);
  free(p);
  if (!ok)
    return;
  int64_t bestN = implicit ? 128 : 256;
  if (!implicit && isSmall(target, problem)) {
    double best = -1; /* ties go to the smaller tile: less wasted MMA */
    int64_t heights[2], bestM = 128;
    int numHeights = tileHeights(problem, heights);
    for (int h = 0; h < numHeights; ++h)
      for (int64_t bn = 64; bn <= 256; bn *= 2) {
        int64_t bm = heights[h];
        double us = estimateTile(target, problem, bm, bn,
                                 bestBound(target, problem, bm, bn))
                        .timeUs;
        if (best < 0 || us < best)
          best = us, bestM = bm, bestN = bn;
      }
    dlcPlanSm90SetTile(target, bestM, bestN, false, true, plan);
    return;
  }
  if (shortKApplies(target, problem, implicit, staged)) {
    shortKTile(target, problem, plan);
    return;
  }
  /* A convolution's M per image is small (Ho·Wo) and its batch a symbol
   * the nominal sizes overstate: 256-wide tiles left SMs idle (3x3 s2
   * N32 C256 56² → 256 on the H100: 399 TFLOP/s at BN = 256, 470 at 128,
   * bench/RESULTS.md run 24), so it takes 128, or 64 for at most
   * 64 output channels (ResNet's first stages), which would waste half of
   * a 128-wide tile. */
  int64_t widest = bestN;
  int64_t narrowest = implicit && problem->n <= 64 ? 64 : 128;
  double best = -1;
  for (int64_t bn = widest; bn >= narrowest; bn /= 2) {
    double cost = waveCost(target, problem, 128, bn);
    if (best < 0 || cost < best)
      best = cost, bestN = bn;
  }
  /* A GEMM whose 128 x 256 tiles leave a last round nearly empty may fill
   * its rounds with 256 x 128 ones (4095 x 4097: 4 rounds instead of 5).
   * Not a convolution: at 3x3 s2 N64 C128 112² → 128, where they make 6
   * rounds against 12, they ran 0.82x the 128 x 128 tile on the H100 (3
   * stages beside the C tile; bench/RESULTS.md run cv-1). */
  if (!implicit && waveCost(target, problem, 256, 128) < best) {
    dlcPlanSm90SetTile(target, 256, 128, staged, false, plan);
    return;
  }
  /* NCHW: the SM90 kernel only after the layout transform, when both
   * together beat the SM80 element gather (ConvLayout.c). */
  DlcConvLayoutCost layout;
  if (implicit &&
      dlcPlanConvLayout(func, target, problem, plan->tile[1], &layout) &&
      layout.transformUs +
              estimateTile(target, problem, 128, bestN, 1).timeUs >=
          layout.gatherUs)
    return;
  /* A convolution of static sizes whose 192 x 128 tiles make fewer
   * rounds (kThreeTileCost): three consumers share each tile. A symbolic
   * size's rounds are not known here, and where the rule ties the two
   * the 128-row ping-pong tile ran faster. */
  if (implicit && staged && staticSizes && bestN == 128 &&
      waveCost(target, problem, 192, 128) < best) {
    dlcPlanSm90SetTile(target, 192, 128, staged, false, plan);
    return;
  }
  setTile(target, bestN, staged, false, plan);
  if (implicit && staticSizes && convSplitApplies(target, problem, bestN))
    return; /* cooperative: dlcPlanSm90SplitK splits it */
  if (implicit && staticSizes && convShortTileApplies(target, problem, bestN)) {
    dlcPlanSm90SetTile(target, 64, bestN, staged, false, plan);
    return;
  }
  if (implicit)
    convPingPong(target, plan);
}

/* The short-K rule's part of a candidate's reason (shortKApplies). */
static void shortKReason(DlcPlanSm90Candidate *c) {
  size_t n = strlen(c->reason);
  bool pingPong = c->plan.warpTile[0] == c->plan.tile[0];
  snprintf(c->reason + n, sizeof(c->reason) - n,
           "; short K (<= 2 k tiles): %s, %lld stages (%s 128x256, runs "
           "tk-1/2)",
           pingPong ? "ping-pong" : "cooperative", (long long)c->plan.stages,
           pingPong ? "1.02-1.22x" : "1.06-1.20x");
}

/* What the split rules and the candidates ask of `func`'s problem, read
 * once (all false when the model cannot read it): whether it is a
 * convolution (an implicit GEMM), has a batch axis (split-K is for
 * unbatched problems), and has a symbolic size. */
typedef struct ProblemFacts {
  bool read, implicit, batch, symbolic;
} ProblemFacts;

static ProblemFacts problemFacts(MlirOperation func) {
  ProblemFacts f = {false, false, false, false};
  KpProblem *p = malloc(sizeof(KpProblem));
  if (p && kpProblemRead(func, p))
    f = (ProblemFacts){true, p->implicit, p->has[KP_BATCH], sizesSymbolic(p)};
  free(p);
  return f;
}

/* Whether the GEMM estimate's split-K applies (a GEMM the model reads,
 * not a batch). */
static bool splittable(const ProblemFacts *f) {
  return f->read && !f->batch && !f->implicit;
}

/* Split-K (Skeleton.h) for an SM90 cooperative plan of a small problem
 * (isSmall) whose estimate is faster split, unless the plan-file states
 * split_k: static sizes get the launch rule's count, symbolic ones the
 * bound (the kernel counts at launch, from the sizes it gets). A
 * convolution's: convSplitApplies. */
void dlcPlanSm90SplitK(MlirOperation func, const DlcTarget *target,
                       const DlcPlanProblem *problem, DlcPlan *plan) {
  for (int i = 0; i < plan->numAlgoChoice; ++i)
    if (strcmp(plan->algoChoice[i].key, "split_k") == 0)
      return; /* stated by the plan-file */
  if (dlcPlanCluster(plan) > 1 || dlcPlanStreamK(plan) > 0)
    return; /* a cluster's tile pairs are not split, nor stream-K's */
  if (!target->hasWgmma || strcmp(plan->barrierModel, "mbarrier") != 0 ||
      plan->warpTile[0] != 64 || plan->numAlgoChoice >= DLC_PLAN_MAX_ENTRIES)
    return;
  ProblemFacts f = problemFacts(func);
  if (f.implicit) { /* an unbatched one of static sizes: convSplitApplies */
    if (plan->tile[0] == 128 && !f.batch && !f.symbolic &&
        convSplitApplies(target, problem, plan->tile[1])) {
      DlcPlanPair *pair = &plan->algoChoice[plan->numAlgoChoice++];
      dlcPlanCopyName(pair->key, "split_k");
      snprintf(pair->value, sizeof(pair->value), "%d", kConvSplits);
    }
    return;
  }
  int64_t bound = bestBound(target, problem, plan->tile[0], plan->tile[1]);
  if (bound <= 1 || !splittable(&f))
    return;
  int64_t splits = f.symbolic ? bound
                              : estimateTile(target, problem, plan->tile[0],
                                             plan->tile[1], bound)
                                    .splits;
  DlcPlanPair *pair = &plan->algoChoice[plan->numAlgoChoice++];
  dlcPlanCopyName(pair->key, "split_k");
  snprintf(pair->value, sizeof(pair->value), "%lld", (long long)splits);
}

double dlcPlanSm90Us(const DlcTarget *target, const DlcPlanProblem *problem,
                     const DlcPlan *plan) {
  int64_t bound = dlcPlanSplitK(plan);
  return estimateTile(target, problem, plan->tile[0], plan->tile[1],
                      bound > 1 ? bound : 1)
      .timeUs;
}

/* An NCHW convolution's SM90 candidate: its time includes the layout
 * transform; the reason adds both sides of the comparison. */
static void layoutReason(DlcPlanSm90Candidate *c,
                         const DlcConvLayoutCost *layout) {
  c->timeUs += layout->transformUs;
  size_t n = strlen(c->reason);
  snprintf(c->reason + n, sizeof(c->reason) - n,
           "; after an NHWC/KRSC transform of %.3g MB (%.2f us), against "
           "the SM80 element gather's %.2f us",
           layout->bytes / 1e6, layout->transformUs, layout->gatherUs);
}

/* The first candidate among out[0 .. count - 1] with the chosen plan's
 * tile (the tile's own, before any clustered one), or -1. */
static int chosenTile(const DlcPlan *chosen, const DlcPlanSm90Candidate *out,
                      int count) {
  for (int i = 0; i < count; ++i)
    if (out[i].plan.tile[0] == chosen->tile[0] &&
        out[i].plan.tile[1] == chosen->tile[1])
      return i;
  return -1;
}

/* A large GEMM's chosen tile in clusters of 2 (Sm90Gemm.c), after the
 * candidates out[0 .. count - 1] (`none`: no such candidate): its L2
 * operand reads against the unpaired tile's, its estimate the same.
 * Returns how many it added (0 or 1). */
static int clusterCandidate(const DlcPlanProblem *problem,
                            const DlcPlan *chosen, bool none,
                            DlcPlanSm90Candidate *out, int count) {
  int64_t bm = chosen->tile[0], bn = chosen->tile[1];
  int same = chosenTile(chosen, out, count);
  if (none || same < 0 || count >= DLC_PLAN_SM90_CANDIDATES ||
      (bn >= bm ? bn : bm) < 128 || dlcPlanSplitK(chosen) > 1 ||
      out[same].plan.numAlgoChoice >= DLC_PLAN_MAX_ENTRIES)
    return 0;
  DlcPlanSm90Candidate *c = &out[count];
  *c = out[same];
  DlcPlanPair *pair = &c->plan.algoChoice[c->plan.numAlgoChoice++];
  dlcPlanCopyName(pair->key, "cluster");
  dlcPlanCopyName(pair->value, "2");
  snprintf(c->reason, sizeof(c->reason),
           "%s: SM90 %lldx%lld in clusters of 2: L2 operand reads %.3g GB "
           "against %.3g GB unpaired (half of %s multicast by each CTA), "
           "the same estimate (measured within 3 %% on the H100)",
           dlcPlanCluster(chosen) > 1 ? "chosen" : "kept", (long long)bm,
           (long long)bn, l2OperandBytes(problem, bm, bn, 2) / 1e9,
           l2OperandBytes(problem, bm, bn, 1) / 1e9, bn >= bm ? "B" : "A");
  return 1;
}

/* A large GEMM's chosen tile with stream-K (Sm90Gemm.c; stream_k "R",
 * the chosen plan's or 1), after the candidates out[0 .. count - 1]
 * (`none`: no such candidate): the tiles it shares out, each CTA's k
 * range, the rounds of MMAs balanced against the wave rule's, and the
 * estimate of the tile as it stands: never chosen by the planner (slower
 * on the H100: the ranges' staggered k positions read 2.9 times the DRAM
 * bytes at 4096^3, bench/RESULTS.md run stk-2). Returns how many it added
 * (0 or 1). */
static int streamKCandidate(const DlcTarget *target,
                            const DlcPlanProblem *problem,
                            const DlcPlan *chosen, bool none,
                            DlcPlanSm90Candidate *out, int count) {
  int64_t bm = chosen->tile[0], bn = chosen->tile[1];
  int same = chosenTile(chosen, out, count);
  if (none || same < 0 || count >= DLC_PLAN_SM90_CANDIDATES ||
      chosen->warpTile[0] != 64 || dlcPlanSplitK(chosen) > 1 ||
      dlcPlanCluster(chosen) > 1 ||
      out[same].plan.numAlgoChoice >= DLC_PLAN_MAX_ENTRIES)
    return 0;
  int64_t rounds = dlcPlanStreamK(chosen) > 0 ? dlcPlanStreamK(chosen) : 1;
  Sm90Estimate e = estimateTile(target, problem, bm, bn, 1);
  double shared =
      e.tail > 0 ? fmin(e.full, (double)rounds) * target->sms + e.tail : 0;
  DlcPlanSm90Candidate *c = &out[count];
  *c = out[same];
  DlcPlanPair *pair = &c->plan.algoChoice[c->plan.numAlgoChoice++];
  dlcPlanCopyName(pair->key, "stream_k");
  snprintf(pair->value, sizeof(pair->value), "%lld", (long long)rounds);
  snprintf(c->reason, sizeof(c->reason),
           "%s: SM90 %lldx%lld with stream-K (stream_k %lld): %.0f tiles "
           "shared out, k ranges of %.1f k tiles a CTA, %.2f rounds of "
           "MMAs against %.0f; the same estimate (measured 0.80-0.99x the "
           "whole tiles on the H100: staggered k positions read 2.9x the "
           "DRAM bytes)",
           dlcPlanStreamK(chosen) > 0 ? "chosen" : "kept", (long long)bm,
           (long long)bn, (long long)rounds, shared,
           shared * e.kTiles / target->sms, e.tiles / target->sms,
           ceil(e.tiles / target->sms));
  return 1;
}

int dlcPlanSm90Candidates(MlirOperation func, const DlcTarget *target,
                          const DlcPlanProblem *problem, const DlcPlan *chosen,
                          DlcPlanSm90Candidate out[DLC_PLAN_SM90_CANDIDATES]) {
  /* An NCHW convolution lists the SM90 tiles, each after the layout
   * transform, whichever skeleton is chosen. */
  DlcConvLayoutCost layout;
  bool sm90 = strcmp(chosen->barrierModel, "mbarrier") == 0;
  bool transposed = dlcPlanConvLayout(func, target, problem,
                                      sm90 ? 0 : chosen->tile[1], &layout);
  if (!sm90 && !transposed)
    return 0;
  ProblemFacts facts = problemFacts(func);
  bool small = isSmall(target, problem), implicit = facts.implicit;
  bool split = splittable(&facts), symbolic = split && facts.symbolic;
  /* Small: 128 x 256, 128 x 128, 128 x 64 (and the same 64 rows high when
   * M <= 64); large: 128 x 256, 128 x 128 and, for a GEMM, 256 x 128, for
   * a convolution with the staged epilogue 192 x 128. */
  int64_t tiles[DLC_PLAN_SM90_CANDIDATES][2], heights[2];
  int count = 0;
  int numHeights = small ? tileHeights(problem, heights) : 1;
  for (int h = numHeights - 1; h >= 0; --h)
    for (int64_t bn = 256; bn >= 64 && (small || bn >= 128); bn /= 2)
      tiles[count][0] = small ? heights[h] : 128, tiles[count++][1] = bn;
  if (!small && !implicit)
    tiles[count][0] = 256, tiles[count++][1] = 128;
  if (!small && implicit && chosen->asyncEpilogueOverlap)
    tiles[count][0] = 192, tiles[count++][1] = 128;
  /* A convolution's 64-row tile (convShortTileApplies) when chosen. */
  bool shortConv = sm90 && implicit && chosen->tile[0] == 64;
  for (int i = 0; shortConv && i < count; ++i)
    shortConv = !(tiles[i][0] == 64 && tiles[i][1] == chosen->tile[1]);
  if (shortConv)
    tiles[count][0] = 64, tiles[count++][1] = chosen->tile[1];
  for (int i = 0; i < count; ++i) {
    int64_t bm = tiles[i][0], bn = tiles[i][1];
    DlcPlanSm90Candidate *c = &out[i];
    c->plan = *chosen;
    dlcPlanSm90SetTile(target, bm, bn, chosen->asyncEpilogueOverlap,
                       small && !implicit, &c->plan);
    if (implicit)
      convPingPong(target, &c->plan);
    bool shortTile =
        bm == 128 && bn == 128 &&
        shortKApplies(target, problem, implicit, chosen->asyncEpilogueOverlap);
    if (shortTile)
      shortKTile(target, problem, &c->plan);
    c->plan.numAlgoChoice = 0;
    for (int a = 0; a < chosen->numAlgoChoice; ++a)
      if (strcmp(chosen->algoChoice[a].key, "split_k") != 0 &&
          strcmp(chosen->algoChoice[a].key, "cluster") != 0 &&
          strcmp(chosen->algoChoice[a].key, "stream_k") != 0)
        c->plan.algoChoice[c->plan.numAlgoChoice++] = chosen->algoChoice[a];
    bool isChosen = sm90 && bm == chosen->tile[0] && bn == chosen->tile[1] &&
                    dlcPlanCluster(chosen) <= 1 && dlcPlanStreamK(chosen) <= 0;
    if (!isChosen) { /* its own C store, as the planner would choose it */
      dlcPlanDropAlgoChoice(&c->plan, "output");
      dlcPlanSm90Output(func, target, problem, &c->plan);
    }
    /* The chosen plan's split as it stands (a plan-file's too); the
     * others' as the planner would add it. */
    int64_t bound = isChosen             ? dlcPlanSplitK(chosen)
                    : split && bm <= 128 ? bestBound(target, problem, bm, bn)
                                         : 1;
    Sm90Estimate e =
        estimateTile(target, problem, bm, bn, bound > 1 ? bound : 1);
    if (e.splits > 1 && c->plan.numAlgoChoice < DLC_PLAN_MAX_ENTRIES) {
      DlcPlanPair *pair = &c->plan.algoChoice[c->plan.numAlgoChoice++];
      dlcPlanCopyName(pair->key, "split_k");
      snprintf(pair->value, sizeof(pair->value), "%lld",
               (long long)(symbolic ? bound : e.splits));
    }
    c->timeUs = e.timeUs;
    int n = small ? snprintf(c->reason, sizeof(c->reason),
                             "%s: SM90 %lldx%lld (estimate): %.0f tiles on "
                             "%d SMs, %.0f k tiles",
                             isChosen ? "chosen" : "kept", (long long)bm,
                             (long long)bn, e.tiles, target->sms, e.kTiles)
                  : snprintf(c->reason, sizeof(c->reason),
                             "%s: SM90 %lldx%lld (wave rule cost %.0f): %.0f "
                             "tiles on %d SMs, %.0f full rounds and %.0f "
                             "tiles in the last",
                             isChosen ? "chosen" : "kept", (long long)bm,
                             (long long)bn, waveCost(target, problem, bm, bn),
                             e.tiles, target->sms, e.full, e.tail);
    if (e.splits > 1 && n > 0 && (size_t)n < sizeof(c->reason))
      snprintf(c->reason + n, sizeof(c->reason) - (size_t)n,
               ", split along k in %lld splits of %.0f k tiles",
               (long long)e.splits, e.kPer);
    if (shortTile)
      shortKReason(c);
    if (shortConv && bm == 64) {
      size_t len = strlen(c->reason);
      snprintf(c->reason + len, sizeof(c->reason) - len,
               "; 64-row tiles: 128-row ones fill at most half of the SMs "
               "(run sbc-3)");
    }
    double copyUs, directUs;
    n = (int)strlen(c->reason);
    if (dlcPlanSm90OutputUs(func, target, problem, &c->plan, &copyUs,
                            &directUs) &&
        (size_t)n < sizeof(c->reason))
      snprintf(c->reason + n, sizeof(c->reason) - (size_t)n,
               "; C's rows, if not 16-byte aligned, stored by the kernel "
               "(+%.2f us) or copied back (%.2f us): output %s",
               directUs, copyUs,
               dlcPlanAlgoChoice(&c->plan, "output")
                   ? dlcPlanAlgoChoice(&c->plan, "output")
                   : "copy");
    if (transposed)
      layoutReason(c, &layout);
  }
  bool large = !small && sm90 && !implicit;
  count += clusterCandidate(problem, chosen,
                            !large || dlcPlanStreamK(chosen) > 0, out, count);
  return count + streamKCandidate(target, problem, chosen, !large, out, count);
}
