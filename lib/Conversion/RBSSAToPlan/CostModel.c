/* The cost model of §11 for the SM80 mma.sync skeleton (§9.1):
 *
 *   time_est = max(FLOPs_exec / (peak · occ · pipeline_eff),
 *                  max(DRAM_bytes / BW_dram, L2_bytes / BW_l2) / occ)
 *              + penalties
 *
 * over a fixed candidate space of 20 points (10 CTA/warp tilings × stages
 * {2, 3}), with the STOP rules of §11 (smem per CTA above 80% of the limit,
 * registers that leave one CTA per SM, a vector width that would shrink).
 * The chip's figures come from the target table (lib/Target/Target.c,
 * docs/target.md); every constant of the model and its source is in
 * docs/passes/convert-rbssa-to-plan.md; change both together. */
#include "KernelProblem.h"
#include "Plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- the candidate space ----------------------------------------------------
 */

/* CTA tile BM×BN×BK and warp tile WM×WN, each giving 4 or 8 warps of
 * m16n8k16 mma.sync. The first five are the classic CUTLASS SM80 shapes;
 * the BK = 64 pair halves the barriers per k and shows the smem STOP. */
static const struct {
  int bm, bn, bk, wm, wn;
} kSpace[] = {
    {128, 128, 32, 64, 64}, /* 4 warps */
    {128, 128, 32, 64, 32}, /* 8 warps */
    {128, 256, 32, 64, 64}, /* 8 warps */
    {256, 128, 32, 64, 64}, /* 8 warps */
    {128, 64, 32, 64, 32},  /* 4 warps */
    {128, 64, 32, 32, 32},  /* 8 warps */
    {64, 128, 32, 32, 64},  /* 4 warps */
    {64, 64, 32, 32, 32},   /* 4 warps */
    {128, 128, 64, 64, 64}, /* 4 warps */
    {256, 128, 64, 64, 64}, /* 8 warps */
};
static const int kStages[] = {2, 3};
_Static_assert(sizeof(kSpace) / sizeof(kSpace[0]) *
                       (sizeof(kStages) / sizeof(kStages[0])) <=
                   DLC_PLAN_MAX_CANDIDATES,
               "the candidate space outgrows DLC_PLAN_MAX_CANDIDATES");

enum {
  kMmaM = 16,
  kMmaN = 8,
  kMmaK = 16,
  kRegsOverhead = 32,      /* addresses, loop counters, predicates */
  kWarpsToHideLatency = 8, /* resident warps per SM for full issue rate */
  kVectorBytes = 16,       /* cp.async / ld.global.v4 */
};
/* convert-plan-to-dlcgpu places the stages in dynamic shared memory (up to
 * 163 KiB), but on an H100 (2026-11-22) no plan above 48 KiB beat the best
 * plan under it with this skeleton: 128x256x32 ran 311/334 TFLOP/s at
 * 4096^3/8192^3 with 2 stages (48 KiB) and 276/294 with 3 (72 KiB);
 * 128x128x64 ran 280/298. The search keeps to 48 KiB until the skeleton
 * gains what larger rings need (fragment prefetch across k-steps). */
static const int64_t kSkeletonSmemLimit = 48 * 1024;
static const double kSmemStop = 0.80;      /* §11 STOP: smem per CTA */
static const double kSelectPenalty = 0.02; /* per guard in the body */
/* The skeleton's one CTA-wide barrier per k-step stalls its warps for about
 * this many cycles. Calibrated on an H100 (2026-11-22): 128x256 CTAs of
 * eight 64x64 warps ran 8% faster than 128x128 CTAs of four, which this
 * overhead against the MMA cycles of one k-step reproduces. */
static const double kBarrierCycles = 85.0;
/* Eight resident warps keep the tensor pipe issuing whether they come from
 * one CTA or two, so one CTA per SM only stops a candidate with fewer. */
enum { kWarpsForOneCTA = 8 };

/* The nominal extent of a fused role: the product of its axes'. */
static double fusedNominal(const DlcPlanAxis *axes, const int *fused, int n) {
  double v = 1;
  for (int i = 0; i < n; ++i)
    v *= (double)axes[fused[i]].nominal;
  return v;
}

void dlcPlanProblemFromRegion(const DlcPlanRegion *r, DlcPlanProblem *p) {
  memset(p, 0, sizeof(*p));
  /* A role of several collapsed iters is their product. */
  p->batch =
      fusedNominal(r->iters, r->roleIters[KP_BATCH], r->numRoleIters[KP_BATCH]);
  p->m = fusedNominal(r->iters, r->roleIters[KP_M], r->numRoleIters[KP_M]);
  p->n = fusedNominal(r->iters, r->roleIters[KP_N], r->numRoleIters[KP_N]);
  p->k = (double)r->reduceIters[r->kIter].nominal;
  if (r->groupWidth > 0) { /* groups of groupWidth output channels */
    p->n = (double)r->groupWidth;
    p->batch = (double)r->iters[r->nIter].nominal / (double)r->groupWidth;
  }
  if (r->implicit) {
    p->m = fusedNominal(r->iters, r->fusedM, r->numFusedM);
    p->k = fusedNominal(r->reduceIters, r->fusedK, r->numFusedK);
  }
  p->bytesA = r->tensors[r->tensorA].elementBytes;
  p->bytesB = r->tensors[r->tensorB].elementBytes;
  double operands = 0;
  for (int i = 0; i < r->numTensors; ++i) {
    double bytes = r->tensors[i].nominalElements * r->tensors[i].elementBytes;
    p->dramBytes += bytes;
    if (i == r->tensorA || i == r->tensorB)
      operands += bytes;
  }
  p->otherL2Bytes = p->dramBytes - operands;
  p->numSelects = r->numSelects;
  p->haloBytes = r->analysis.present ? r->analysis.haloBytes : 0;
  p->minDepth = r->analysis.present ? r->analysis.minDepth : 0;
}

static int64_t ceilDiv(double a, int64_t b) {
  return (int64_t)ceil(a / (double)b);
}

static int64_t minI(int64_t a, int64_t b) { return a < b ? a : b; }

/* Times are kept in multiples of 1/16 us: binary fractions print exactly
 * in MLIR's float syntax (0.01 steps such as 587.54 do not). */
static double roundTime(double x) { return round(x * 16.0) / 16.0; }

double dlcPlanMemoryBoundUs(const DlcTarget *dev, const DlcPlanProblem *p) {
  double outputs = p->batch * p->m * p->n;
  double computeUs = 2 * outputs * p->k / (dev->fp32Tflops * 1e6);
  /* Each output reads its k activations through L1/L2; the weights of
   * one channel are shared by every output of it (cached). */
  double l2Us = outputs * p->k * p->bytesA / (dev->l2TBs * 1e6);
  double dramUs = p->dramBytes / (dev->dramTBs * 1e6);
  double us = computeUs > l2Us ? computeUs : l2Us;
  return roundTime(us > dramUs ? us : dramUs);
}

/* Fills everything but the status of candidate `c` (tile, warp tile and
 * stages set). Returns false with `c->reason` set when a STOP rule fires. */
static bool estimate(const DlcTarget *dev, const DlcPlanProblem *p,
                     DlcCandidate *c) {
  int64_t bm = c->tile[0], bn = c->tile[1], bk = c->tile[2];
  int64_t wm = c->warpTile[0], wn = c->warpTile[1];
  c->warps = (int)((bm / wm) * (bn / wn));
  int64_t threads = 32 * (int64_t)c->warps;

  /* Resources. */
  /* Poly-Core's halo (bytes one tile reads beyond its own span) is staged
   * with the tile, in every stage. */
  c->smemBytes =
      c->stages * (bm * bk * p->bytesA + bk * bn * p->bytesB + p->haloBytes);
  int acc = (int)(wm * wn / 32); /* f32 accumulators */
  int frags = 2 * (int)((wm / kMmaM) * 4 + (wn / kMmaN) * 2); /* 2 k-slices */
  int regs = acc + frags + kRegsOverhead;
  c->regsPerThread = (regs + 7) / 8 * 8;
  int64_t byRegs = dev->regsPerSM / ((int64_t)c->regsPerThread * threads);
  int64_t bySmem = dev->smemPerSM / (c->smemBytes + dev->smemReservedPerCTA);
  int64_t byThreads = dev->maxThreadsPerSM / threads;
  c->ctasPerSM =
      (int)minI(minI(byRegs, bySmem), minI(byThreads, dev->maxCTAsPerSM));

  /* Occupancy: wave quantisation × latency hiding by resident warps. */
  int64_t ctas = (int64_t)p->batch * ceilDiv(p->m, bm) * ceilDiv(p->n, bn);
  int64_t resident = minI(c->ctasPerSM > 0 ? c->ctasPerSM : 1,
                          ceilDiv((double)ctas, dev->sms));
  if (resident < 1)
    resident = 1;
  double waves = (double)ctas / (double)(dev->sms * resident);
  double occWave = waves / ceil(waves);
  double occLatency = (double)(resident * c->warps) / kWarpsToHideLatency;
  if (occLatency > 1)
    occLatency = 1;
  c->occupancy = occWave * occLatency;

  /* Pipeline efficiency: shared-memory traffic against MMA issue per k-step
   * of one CTA, and the prefetch distance (stages - 1 k-steps of all
   * resident CTAs) against the load latency. */
  double peak = dev->peakTflops * dev->mmaSyncFraction * 1e12;
  double flopsPerClock = peak / (dev->sms * dev->clockGHz * 1e9);
  double mmaCycles = 2.0 * (double)(bm * bn * bk) / flopsPerClock;
  double smemBytesPerStep =
      (double)(c->warps * (wm * p->bytesA + wn * p->bytesB) * bk) +
      (double)(bm * bk * p->bytesA + bk * bn * p->bytesB);
  double smemCycles = smemBytesPerStep / dev->smemBytesPerClock;
  double smemEff = smemCycles > mmaCycles ? mmaCycles / smemCycles : 1.0;
  double stepCycles = (double)resident * fmax(mmaCycles, smemCycles);
  double stageEff =
      (double)(c->stages - 1) * stepCycles / dev->loadLatencyCycles;
  if (stageEff > 1)
    stageEff = 1;
  double barrierEff = mmaCycles / (mmaCycles + kBarrierCycles);
  c->pipelineEfficiency = smemEff * stageEff * barrierEff;

  /* Time. */
  double kSteps = (double)ceilDiv(p->k, bk);
  double flopsExec =
      2.0 * (double)ctas * (double)(bm * bn) * kSteps * (double)bk;
  double compute = flopsExec / (peak * c->occupancy * c->pipelineEfficiency);
  double l2Bytes = (double)ctas * kSteps *
                       (double)(bm * bk * p->bytesA + bk * bn * p->bytesB) +
                   p->otherL2Bytes;
  double memory = fmax(p->dramBytes / (dev->dramTBs * 1e12),
                       l2Bytes / (dev->l2TBs * 1e12)) /
                  c->occupancy;
  double penalties = kSelectPenalty * p->numSelects * compute;
  c->computeUs = roundTime(compute * 1e6);
  c->memoryUs = roundTime(memory * 1e6);
  c->timeUs = roundTime((fmax(compute, memory) + penalties) * 1e6);

  /* STOP rules (§11), in this order. A ring shallower than Poly-Core's
   * minimal depth of 2 cannot overlap a copy with the MMA; a depth of 3 is
   * not enforced (2 stages measured faster, see the doc). */
  if (c->stages < (p->minDepth < 2 ? p->minDepth : 2)) {
    snprintf(c->reason, sizeof(c->reason),
             "rejected: %lld stages below Poly-Core's minimal ring depth %lld",
             (long long)c->stages, (long long)p->minDepth);
    return false;
  }
  char halo[40] = ""; /* haloBytes <= 2^30 (RegionInfo.c) */
  if (p->haloBytes > 0)
    snprintf(halo, sizeof(halo), " (incl. halo %dx%d B)", (int)c->stages,
             (int)p->haloBytes);
  double smemShare = (double)c->smemBytes / dev->smemPerCTA;
  if (smemShare > kSmemStop) {
    snprintf(c->reason, sizeof(c->reason),
             "rejected: smem %d KiB%s is %d%% of the %d KiB per-CTA limit "
             "(> 80%%)",
             (int)(c->smemBytes / 1024), halo, (int)(smemShare * 100),
             dev->smemPerCTA / 1024);
    return false;
  }
  if (c->smemBytes > kSkeletonSmemLimit) {
    snprintf(c->reason, sizeof(c->reason),
             "rejected: smem %d KiB%s exceeds the %d KiB the search keeps "
             "to (larger rings measured slower)",
             (int)(c->smemBytes / 1024), halo,
             (int)(kSkeletonSmemLimit / 1024));
    return false;
  }
  if (c->regsPerThread > dev->maxRegsPerThread) {
    snprintf(c->reason, sizeof(c->reason),
             "rejected: %d regs/thread exceed %d (spills)", c->regsPerThread,
             dev->maxRegsPerThread);
    return false;
  }
  if (byRegs <= 1 && c->warps < kWarpsForOneCTA) {
    snprintf(c->reason, sizeof(c->reason),
             "rejected: %d regs/thread x %lld threads leave %lld CTA/SM",
             c->regsPerThread, (long long)threads, (long long)byRegs);
    return false;
  }
  int64_t chunk = kVectorBytes / p->bytesA; /* elements per 16 bytes */
  if ((bm * bk) % (chunk * threads) != 0 ||
      (bk * bn) % (chunk * threads) != 0) {
    snprintf(c->reason, sizeof(c->reason),
             "rejected: vectorize width would shrink below %lld (a %lldx%lld "
             "or %lldx%lld tile is not whole 16-byte chunks per thread)",
             (long long)chunk, (long long)bm, (long long)bk, (long long)bk,
             (long long)bn);
    return false;
  }
  /* Poly-Core's depth 3 (a k loop of 3 or more steps) is recorded, not
   * enforced: on the H100 the 2-stage ring of this skeleton measured
   * fastest. */
  char depth[64] = "";
  if (p->minDepth > c->stages)
    snprintf(depth, sizeof(depth), "; below Poly-Core ring depth %lld",
             (long long)p->minDepth);
  snprintf(c->reason, sizeof(c->reason),
           "%s-bound, occ %.2f, pipeline eff %.2f, %d CTA/SM%s",
           compute >= memory ? "compute" : "memory", c->occupancy,
           c->pipelineEfficiency, c->ctasPerSM, depth);
  return true;
}

/* Orders two surviving candidates: time, then smem, then stages. */
static bool better(const DlcCandidate *a, const DlcCandidate *b) {
  if (a->timeUs != b->timeUs)
    return a->timeUs < b->timeUs;
  if (a->smemBytes != b->smemBytes)
    return a->smemBytes < b->smemBytes;
  return a->stages < b->stages;
}

int dlcPlanSearch(const DlcTarget *dev, const DlcPlanProblem *p,
                  DlcCandidate out[DLC_PLAN_MAX_CANDIDATES], int *chosen) {
  int n = 0;
  int best = -1, bestRejected = -1;
  for (size_t t = 0; t < sizeof(kSpace) / sizeof(kSpace[0]); ++t)
    for (size_t s = 0; s < sizeof(kStages) / sizeof(kStages[0]); ++s) {
      DlcCandidate *c = &out[n];
      memset(c, 0, sizeof(*c));
      c->tile[0] = kSpace[t].bm;
      c->tile[1] = kSpace[t].bn;
      c->tile[2] = kSpace[t].bk;
      c->warpTile[0] = kSpace[t].wm;
      c->warpTile[1] = kSpace[t].wn;
      c->stages = kStages[s];
      if (estimate(dev, p, c)) {
        c->status = DlcCandidateKept;
        if (best < 0 || better(c, &out[best]))
          best = n;
      } else {
        c->status = DlcCandidateRejected;
        if (bestRejected < 0 || better(c, &out[bestRejected]))
          bestRejected = n;
      }
      ++n;
    }
  /* Every point hit a STOP rule: take the fastest anyway, and say so. */
  if (best < 0) {
    best = bestRejected;
    char was[sizeof(out[best].reason)];
    memcpy(was, out[best].reason, sizeof(was));
    snprintf(
        out[best].reason, sizeof(out[best].reason),
        "chosen: every candidate hit a STOP rule; fastest of them (%.100s)",
        was + strlen("rejected: "));
  } else {
    bool tied = false;
    for (int i = 0; i < n; ++i)
      tied |= i != best && out[i].status == DlcCandidateKept &&
              out[i].timeUs == out[best].timeUs;
    char was[sizeof(out[best].reason)];
    memcpy(was, out[best].reason, sizeof(was));
    snprintf(out[best].reason, sizeof(out[best].reason),
             "chosen: lowest time_est%s; %.100s",
             tied ? " (tie broken by smem, then stages)" : "", was);
  }
  out[best].status = DlcCandidateChosen;
  for (int i = 0; i < n; ++i)
    if (out[i].status == DlcCandidateKept) {
      char was[sizeof(out[i].reason)];
      memcpy(was, out[i].reason, sizeof(was));
      snprintf(out[i].reason, sizeof(out[i].reason), "kept: %.140s", was);
    }
  *chosen = best;
  return n;
}

/* --- from a candidate to the §8.1 fields ------------------------------------
 */

static void addPair(DlcPlanPair *pairs, int *count, const char *key,
                    const char *value) {
  dlcPlanCopyName(pairs[*count].key, key);
  dlcPlanCopyName(pairs[*count].value, value);
  ++*count;
}

static void splitName(char dst[DLC_PLAN_NAME], const char *axis,
                      const char *suffix) {
  snprintf(dst, DLC_PLAN_NAME, "%.30s%s", axis, suffix);
}

/* A symbolic size, or a static one the tile does not divide, needs
 * predication at the tile edge. */
static bool needsTail(const DlcPlanAxis *axis, int64_t tile) {
  char *end = NULL;
  long long value = strtoll(axis->size, &end, 10);
  bool isStatic = end != axis->size && *end == '\0';
  return !isStatic || value % tile != 0;
}

/* The tail of role `role` (m or n) at `tile`: its iter when it needs
 * one; of several collapsed iters, all of them when their product is
 * symbolic or no multiple of the tile. */
static void roleTail(const DlcPlanRegion *r, KpRole role, int64_t tile,
                     DlcPlan *plan) {
  int n = r->numRoleIters[role];
  const int *iters = r->roleIters[role];
  bool tail = n == 1 && needsTail(&r->iters[iters[0]], tile);
  int64_t product = 1;
  for (int i = 0; n > 1 && i < n; ++i) {
    char *end = NULL;
    const char *size = r->iters[iters[i]].size;
    long long value = strtoll(size, &end, 10);
    tail = tail || end == size || *end != '\0' ||
           __builtin_mul_overflow(product, (int64_t)value, &product);
  }
  tail = tail || (n > 1 && product % tile != 0);
  for (int i = 0; tail && i < n; ++i)
    dlcPlanCopyName(plan->predicateTail[plan->numPredicateTail++],
                    r->iters[iters[i]].name);
}

/* Poly-Core's rule (docs/analysis.md, "Tiling and tail axes"): an axis
 * whose tile is > 1 and whose extent is symbolic or not a multiple of it. */
static bool polyCoreTail(const DlcPlanAxis *axis, int64_t tile) {
  return tile > 1 && needsTail(axis, tile);
}

/* predicate_tail from polycore.analysis: its tail_axes when it was made for
 * the candidate's tile, else recomputed with Poly-Core's rule. */
static void tailFromAnalysis(const DlcPlanRegion *r, const DlcCandidate *c,
                             DlcPlan *plan) {
  const DlcPlanAnalysis *a = &r->analysis;
  if (memcmp(a->tile, c->tile, sizeof(a->tile)) == 0) {
    for (int i = 0; i < a->numTailAxes; ++i)
      dlcPlanCopyName(plan->predicateTail[plan->numPredicateTail++],
                      a->tailAxes[i]);
    return;
  }
  for (int i = 0; i < r->numIters + r->numReduceIters; ++i) {
    bool reduce = i >= r->numIters;
    int index = reduce ? i - r->numIters : i;
    const DlcPlanAxis *axis =
        reduce ? &r->reduceIters[index] : &r->iters[index];
    int64_t tile = reduce && index == r->kIter    ? c->tile[2]
                   : !reduce && index == r->mIter ? c->tile[0]
                   : !reduce && index == r->nIter ? c->tile[1]
                                                  : 1;
    if (polyCoreTail(axis, tile) &&
        plan->numPredicateTail < DLC_PLAN_MAX_ENTRIES)
      dlcPlanCopyName(plan->predicateTail[plan->numPredicateTail++],
                      axis->name);
  }
}

static const DlcPlanAnalysisOperand *analysisOperand(const DlcPlanRegion *r,
                                                     const char *tensor) {
  for (int i = 0; i < r->analysis.numOperands; ++i)
    if (strcmp(r->analysis.operands[i].tensor, tensor) == 0)
      return &r->analysis.operands[i];
  return NULL;
}

/* The fields a GEMM skeleton implements the same way for every tile of
 * region `r` (Plan.h): bind, cache, vectorize.axis and local_edges. */
void dlcPlanSkeletonFields(const DlcPlanRegion *r, DlcPlan *plan) {
  plan->numBind = plan->numCache = plan->numLocalEdges = 0;
  char key[DLC_PLAN_NAME];
  const DlcPlanAxis *m = r->mIter >= 0 ? &r->iters[r->mIter] : NULL;
  const DlcPlanAxis *n = r->nIter >= 0 ? &r->iters[r->nIter] : NULL;
  const DlcPlanAxis *k = &r->reduceIters[r->kIter];
  if (m) {
    splitName(key, m->name, ".o");
    addPair(plan->bind, &plan->numBind, key, "block.y");
    splitName(key, m->name, ".i.o");
    addPair(plan->bind, &plan->numBind, key, "warp.y");
  }
  if (n) {
    splitName(key, n->name, ".o");
    addPair(plan->bind, &plan->numBind, key, "block.x");
    splitName(key, n->name, ".i.o");
    addPair(plan->bind, &plan->numBind, key, "warp.x");
  }
  if (r->batchIter >= 0 && r->groupWidth > 0) { /* the group of n */
    splitName(key, r->iters[r->batchIter].name, ".g");
    addPair(plan->bind, &plan->numBind, key, "block.z");
  } else {
    /* Grid z walks the batch: every iter it collapses, outermost first. */
    for (int i = 0; i < r->numRoleIters[KP_BATCH]; ++i)
      addPair(plan->bind, &plan->numBind,
              r->iters[r->roleIters[KP_BATCH][i]].name, "block.z");
  }

  const DlcPlanAnalysis *analysis = r->analysis.present ? &r->analysis : NULL;
  int operands[2] = {r->tensorA, r->tensorB};
  for (int i = 0; i < (analysis ? analysis->numOperands : 2); ++i) {
    /* With an analysis: one entry per operand it stages in a smem ring. */
    if (analysis && strcmp(analysis->operands[i].buffer, "smem_ring") != 0)
      continue;
    DlcPlanCache *cache = &plan->cache[plan->numCache++];
    dlcPlanCopyName(cache->tensor, analysis ? analysis->operands[i].tensor
                                            : r->tensors[operands[i]].name);
    dlcPlanCopyName(cache->where, "smem");
    splitName(cache->at, k->name, ".i");
    cache->pingpong = true;
  }

  /* Vector accesses run along the output's innermost axis. */
  splitName(plan->vectorizeAxis, r->iters[r->numIters - 1].name, ".i.i");

  if (analysis) {
    plan->numLocalEdges = analysis->numEdges;
    memcpy(plan->localEdges, analysis->edges, sizeof(plan->localEdges));
  } else if (r->numEpilogue > 0) {
    DlcPlanEdge *e = &plan->localEdges[plan->numLocalEdges++];
    dlcPlanCopyName(e->from, r->reduceName);
    dlcPlanCopyName(e->to, r->epilogue[r->numEpilogue - 1]);
    dlcPlanCopyName(e->buffer, "reg");
  }
}

void dlcPlanFromCandidate(const DlcPlanRegion *r, const char *arch,
                          const DlcCandidate *c, DlcPlan *plan) {
  memset(plan, 0, sizeof(*plan));
  memcpy(plan->tile, c->tile, sizeof(plan->tile));
  memcpy(plan->warpTile, c->warpTile, sizeof(plan->warpTile));
  plan->stages = c->stages;
  dlcPlanSkeletonFields(r, plan);

  const DlcPlanAnalysis *analysis = r->analysis.present ? &r->analysis : NULL;
  const DlcPlanAxis *n = r->nIter >= 0 ? &r->iters[r->nIter] : NULL;
  const DlcPlanAxis *k = &r->reduceIters[r->kIter];
  int64_t width = kVectorBytes / r->tensors[r->tensorA].elementBytes;
  plan->vectorizeWidth = width > 0 ? width : 1;

  if (r->implicit) {
    /* The gather zero-fills every window and tail: each fused axis. */
    for (int i = 0; i < r->numFusedM; ++i)
      dlcPlanCopyName(plan->predicateTail[plan->numPredicateTail++],
                      r->iters[r->fusedM[i]].name);
    if (n && needsTail(n, c->tile[1]))
      dlcPlanCopyName(plan->predicateTail[plan->numPredicateTail++], n->name);
    for (int i = 0; i < r->numFusedK; ++i)
      dlcPlanCopyName(plan->predicateTail[plan->numPredicateTail++],
                      r->reduceIters[r->fusedK[i]].name);
  } else if (analysis) {
    tailFromAnalysis(r, c, plan);
  } else {
    roleTail(r, KP_M, c->tile[0], plan);
    roleTail(r, KP_N, c->tile[1], plan);
    if (needsTail(k, c->tile[2]))
      dlcPlanCopyName(plan->predicateTail[plan->numPredicateTail++], k->name);
  }

  plan->numEpilogue = r->numEpilogue;
  memcpy(plan->epilogue, r->epilogue, sizeof(plan->epilogue));
  dlcPlanCopyName(plan->arch, arch);

  const char *names[2] = {r->tensors[r->tensorA].name,
                          r->tensors[r->tensorB].name};
  for (int i = 0; i < 2; ++i) {
    DlcPlanHint *h = &plan->layoutHints[plan->numLayoutHints++];
    snprintf(h->key, sizeof(h->key), "%.38s_swizzle", names[i]);
    h->isBool = true;
    /* Poly-Core's bank hint decides when it has one for the operand. */
    const DlcPlanAnalysisOperand *op =
        analysis ? analysisOperand(r, names[i]) : NULL;
    h->boolean = op ? op->swizzle : true;
  }
  DlcPlanHint *cStride = &plan->layoutHints[plan->numLayoutHints++];
  snprintf(cStride->key, sizeof(cStride->key), "%.38s_stride",
           r->tensors[r->tensorC].name);
  dlcPlanCopyName(cStride->text,
                  r->tensors[r->tensorC].colMajor ? "col" : "row");

  addPair(plan->algoChoice, &plan->numAlgoChoice,
          r->implicit ? "conv" : "matmul", "implicit_gemm");

  plan->asyncEnable = true;
  plan->asyncPrefetchDepth = c->stages - 1;
  plan->asyncEpilogueOverlap = false;
  /* The SM80 mma.sync skeleton synchronises cp.async with commit/wait
   * groups on every chip; mbarrier belongs to the TMA/wgmma skeleton. */
  dlcPlanCopyName(plan->barrierModel, "cp_async_group");
}
