/* The SM90 flash-attention skeleton (spec §15.3; the FlashAttention-3
 * structure), emitted as dlcgpu ops over the attention family of the
 * kernel-problem model. Warp-specialized, warpgroups of 128 threads, a CTA
 * per BM query rows (128, or 192 at D = 64) of one (batch, head):
 *
 *   warpgroup 0, the producer (setmaxnreg 40; 32 beside three consumers,
 *     24 at D = 256):
 *     TMA-loads the Q tile once (on qFull; persistent at D = 64 into the
 *     visit's one of two buffers: qSlots), then for each key tile j: wait
 *     until stage j % S is empty; announce its bytes on full[s]; TMA-load
 *     K_j and V_j into it
 *   warpgroups 1 .. BM / 64, the consumers (setmaxnreg 232; 160 for three,
 *     240 at D = 256: the register file's 64 Ki split as FlashAttention-3
 *     splits it), 64 query rows each:
 *     wait for Q; if the CTA has key tiles (O, row max m, row sum l):
 *       tile 0: wait for full[0]; S_0 = Q K_0ᵀ by wgmma m64nBNk16 (both
 *         from shared memory; K is [Lk, D] with D unit stride: a K-major
 *         B); its softmax step: tails and the causal diagonal as the SM80
 *         kernel (FlashGen.c), the online softmax on the accumulator
 *         fragments (row max and sum over the quad, the factor qk_scale ·
 *         exp2_scale folded into exp2's FFMA); P rounded to the operand
 *         type stays in registers (the S accumulator layout is the A
 *         fragment layout of a register-A wgmma)
 *       tiles j = 1..: wait for full[j % S]; issue S_j = Q K_jᵀ, then
 *         O += P_{j-1} V_{j-1} by register-A wgmma m64nDk16 (V MN-major:
 *         a transposed B); wait for S_j alone (wait_group 1) and run its
 *         softmax step while the PV wgmmas run; wait for them; release
 *         stage (j - 1) % S on empty[]; rescale O (the FlashAttention-3
 *         intra-warpgroup overlap, which ptxas keeps only at D = 256:
 *         pvWaitAfterSoftmax; at D >= 128 the rescale is emitted in the
 *         next turn, between the S and PV issues, where ptxas does not
 *         keep it: rescaleInTurn)
 *       the last tile's O += P V; release its stage
 *       ping-pong (the default schedule): each issue of wgmmas above is a
 *         turn, bar.sync on the consumer's own named barrier (1 + c)
 *         before it and bar.arrive on the next one's (c + 1 mod BM / 64)
 *         after it, so one consumer's softmax runs under the others' MMAs
 *         (the FlashAttention-3 inter-warpgroup schedule), one cycle of
 *         turns over all of the CTA's visits (openTurns)
 *     O / l stored through the GEMM epilogue (guarded); on the stream
 *     grid a visit may be a piece of a work tile's key tiles: the piece
 *     that ends a split tile gives its O, m and l to the CTA before
 *     instead, the one that starts it takes and merges them first
 *     (Sm90FlashStream.c)
 *   on the static persistent grids the producer writes each visit's
 *   record to shared memory before its qFull arrival and the consumers
 *   read it (Sm90FlashSchedule.c: no schedule values live in their loop)
 *
 * At D = 256 (BN 64, two stages: Q 64 KiB and K, V 32 KiB each a stage)
 * K and V of a stage have their own full and empty barriers (splitRing,
 * FlashAttention-3's separate K and V pipelines): the producer waits for
 * K's and V's releases apart, a consumer waits for K_j before S_j and for
 * V_{j-1} before its P V (both before its turn), releases K_j once S_j is
 * complete and V_{j-1} after its P V. With one pair a stage freed only
 * after P_{j-1} V_{j-1}, and tile j + 1's load into it had to land before
 * S_{j+1}, right after; split, K_{j+1} and V_{j+1} start about an
 * iteration before they are read (+14 to +23 %, run d256-3).
 *
 * Shared memory: Q [qSlots][D/64][BM][64], K [S][D/64][BN][64] (K-major, one
 * box per 64 columns of D), V [S][BN/64][D/64][64 keys][64] (MN-major, one box
 * per 64 x 64 block); all 128-byte swizzled, the TMA
 * buffers with unit dimensions in front so that a box of up to three batch
 * coordinates indexes them. TMA zero-fills rows past Lq and keys past Lk;
 * keys past Lk are masked to -inf, rows past Lq never stored. With a causal
 * mask the CTA stops at its diagonal tile. Grid: x = ceildiv(Lq, BM),
 * y = the batch axes flattened. */
#include "DialectNames.h"
#include "FlashGen.h"
#include "Sm90FlashSchedule.h"
#include "Sm90FlashStream.h"
#include "Sm90Gen.h"
#include "StepMath.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

enum { Rows = 64, Box = 64, TmaRank = 5 };

/* The batch coordinates of tensor `t` in its map (outermost first): the
 * batch axes it does not broadcast along. */
static int batchCoords(const Fa *f, const KpAttnTensor *t, MlirValue *out) {
  int n = 0;
  for (int b = 0; b < f->a->numBatch; ++b)
    if (!kpExtentIs(&t->batch[b], 0))
      out[n++] = f->batchIndex[b];
  return n;
}

/* One TMA box [rows][64] of tensor `t` at (batch, row, col) into
 * dst[index...] (TmaRank indices), completing on bars[bar]. */
static void tmaLoad(Fa *f, const KpAttnTensor *t, MlirValue map, MlirValue bars,
                    MlirValue bar, MlirValue dst, const MlirValue *index,
                    MlirValue row, MlirValue col, int64_t rows) {
  Gen *g = &f->g;
  MlirValue operands[4 + TmaRank + KP_ATTN_MAX_BATCH + 2] = {map, bars, bar,
                                                             dst};
  int n = 4;
  for (int i = 0; i < TmaRank; ++i)
    operands[n++] = index[i];
  int numCoords = batchCoords(f, t, operands + n);
  n += numCoords;
  operands[n++] = row;
  operands[n++] = col;
  numCoords += 2;
  int32_t sizes[] = {1, 1, 1, 1, TmaRank, numCoords};
  const char *names[] = {"box", "operandSegmentSizes"};
  MlirAttribute attrs[] = {
      mlirDenseI64ArrayGet(g->b.ctx, 2, (int64_t[]){rows, Box}),
      mlirDenseI32ArrayGet(g->b.ctx, 6, sizes)};
  MlirType token = sm90Token(g, "!dlcgpu.load_token");
  dlcBuild(&g->b, DLC_OP_DLCGPU_TMA_LOAD, n, operands, 1, &token, 2, names,
           attrs);
}

typedef struct Ring {
  MlirValue qMap, kMap, vMap;
  MlirValue qFull, full, empty;
  /* splitRing: V's own full and empty barriers (full and empty are then
   * K's); null otherwise (K and V share full and empty). Every test of
   * the split asks splitRing, none the null barriers. */
  MlirValue fullV, emptyV;
  MlirValue qEmpty; /* persistent: Q read, the next visit's may load */
  MlirValue tiles;  /* key tiles of the work tile visited */
  MlirValue m0;     /* its first query row */
  MlirValue visit;  /* the visit's number */
  MlirValue qSlot;  /* its Q buffer (visit mod qSlots) */
  MlirValue kvBase; /* K/V ring uses before the visit */
  /* The stream grid's piece (FlashVisit's; null elsewhere): its first key
   * tile, and whether it gives or takes a partial. */
  MlirValue kFirst, gives, takes;
  FlashStream stream;            /* workspace, ctas, slot (stream grid) */
  const FlashSchedule *schedule; /* borrowed: forEachVisit's, */
  const FlashVisit *visitOf;     /* for the producer's flashScheduleTell */
} Ring;

static void yield(Gen *g) {
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
}

/* Q buffers: two on the static persistent grids at D = 64, so that the
 * next visit's Q loads while this visit still reads its own (the qEmpty
 * wait then passes at once: Q of visit v waits for visit v - 2's
 * release); one elsewhere (at D = 128 a second would cost the third K/V
 * stage; the dynamic grid's tile slot is read once a visit). */
static int64_t qSlots(const DlcAttnTiling *t) {
  return flashGridIsStatic(t->grid) && t->headDim == 64 ? 2 : 1;
}

/* Whether K and V of a stage have their own full and empty barriers (K
 * released after its S, V after its P V): at D = 256, where the ring has
 * only two stages (Q 64 KiB + 2 x 64 KiB) and released together the next
 * tile's load had about a softmax step to land (run d256-3). D = 64 and
 * 128 keep one pair (three and four stages; not measured split). */
static bool splitRing(const DlcAttnTiling *t) { return t->headDim == 256; }

int64_t dlcSm90AttentionConsumers(const DlcAttnTiling *t) {
  return t->tileM / Rows;
}

/* setmaxnreg of the producer and of each consumer: with three consumers
 * 32 + 3 x 160 registers a thread fill the 64 Ki (FlashAttention-3's
 * split); with two, 40 + 2 x 232, or at D = 256 24 + 2 x 240 (its
 * hdim-256 split: O alone is 128 registers a thread there). */
static int64_t producerRegisters(const DlcAttnTiling *t) {
  int64_t consumers = dlcSm90AttentionConsumers(t);
  return consumers == 2 && t->headDim == 256 ? 24
                                             : sm90ProducerRegisters(consumers);
}
static int64_t consumerRegisters(const DlcAttnTiling *t) {
  int64_t consumers = dlcSm90AttentionConsumers(t);
  return consumers == 2 && t->headDim == 256 ? 240
                                             : sm90ConsumerRegisters(consumers);
}

/* The body of one visit runs inside forEachVisit's loop. */
typedef void (*VisitBody)(Fa *f, const Ring *r, MlirValue consumer);

/* Runs `body` for each work tile of the CTA's schedule (one in the tiles
 * grid) in the schedule's loop (the producer's when `consumer` is null)
 * carrying the K/V ring position (kvBase += the visit's key tiles): the
 * barrier phases continue from tile to tile. */
static void forEachVisit(Fa *f, const FlashSchedule *s, Ring *r, VisitBody body,
                         MlirValue consumer) {
  Gen *g = &f->g;
  FlashVisit v;
  flashScheduleBegin(f, s, mlirValueIsNull(consumer), &v);
  r->schedule = s, r->visitOf = &v;
  r->visit = v.visit;
  r->qSlot = qSlots(f->t) > 1 ? remc(g, v.visit, qSlots(f->t)) : cst(g, 0);
  r->kvBase = v.carried;
  flashBindBatch(f, v.batch);
  r->m0 = mul(g, v.qTile, f->t->tileM);
  r->tiles = mlirValueIsNull(v.keyTiles)
                 ? flashKeyTiles(f, add(g, r->m0, cst(g, f->t->tileM)))
                 : v.keyTiles;
  r->kFirst = v.kFirst, r->gives = v.gives, r->takes = v.takes;
  r->stream.slot = v.slot;
  body(f, r, consumer);
  flashScheduleEnd(f, s, &v, add(g, r->kvBase, r->tiles));
}

/* Key tile number of the visit's j-th: j, or on the stream grid j past
 * the piece's first. */
static MlirValue keyTileOf(Fa *f, const Ring *r, MlirValue j) {
  return mlirValueIsNull(r->kFirst) ? j : add(&f->g, r->kFirst, j);
}

/* The 64-column boxes of Q, K and V the producer loads: those holding a
 * column below the head dimension D (ceildiv(D, 64)). With D padded to the
 * tile width Dt (kpAttentionTileDim) the last loaded box is zero-filled by
 * TMA from column D on (the maps' extent is D), and a box wholly past D
 * (D = 136 to 192 at Dt = 256) is neither loaded nor read by S = Q Kᵀ:
 * V's stays unwritten, and the O columns it feeds (from 192 on) are never
 * stored. */
static int64_t loadedBoxes(const Fa *f) {
  return (f->a->size[KP_K].constant + Box - 1) / Box;
}

static void producerVisit(Fa *f, const Ring *r, MlirValue unused) {
  (void)unused;
  Gen *g = &f->g;
  const DlcAttnTiling *t = f->t;
  int64_t bytes = kpElementBytes(f->a->q.t.element);
  /* expect-tx counts whole boxes: TMA's zero fill past D is written too. */
  int64_t dChunks = loadedBoxes(f), kBlocks = t->tileN / Box;
  MlirValue zero = cst(g, 0);
  /* The Q buffer is free once every consumer's last S of the visit before
   * is complete (the first visit passes at once). */
  if (!mlirValueIsNull(r->qEmpty))
    sm90MbarrierWait(g, r->qEmpty, r->qSlot,
                     sm90ParityOf(g, r->visit, qSlots(t), true));
  flashScheduleTell(f, r->schedule, r->visitOf, r->qSlot);
  sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_ARRIVE_EXPECT_TX, r->qFull, r->qSlot,
                 "bytes", t->tileM * dChunks * Box * bytes);
  for (int64_t dc = 0; dc < dChunks; ++dc) {
    MlirValue at[] = {zero, r->qSlot, cst(g, dc), zero, zero};
    tmaLoad(f, &f->a->q, r->qMap, r->qFull, r->qSlot, f->qSmem, at, r->m0,
            cst(g, dc * Box), t->tileM);
  }
  MlirBlock body;
  dlcBuildFor(&g->b, zero, r->tiles, cst(g, 1), 0, NULL, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue j = mlirBlockGetArgument(body, 0);
  MlirValue use = add(g, r->kvBase, j);
  MlirValue stage = remc(g, use, t->stages);
  /* Use u of a stage waits for the release of use u - S (the first use
   * passes at once). */
  bool split = splitRing(t);
  MlirValue fullV = split ? r->fullV : r->full;
  sm90MbarrierWait(g, r->empty, stage, sm90ParityOf(g, use, t->stages, true));
  sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_ARRIVE_EXPECT_TX, r->full, stage,
                 "bytes", (split ? 1 : 2) * t->tileN * dChunks * Box * bytes);
  MlirValue n0 = mul(g, keyTileOf(f, r, j), t->tileN);
  for (int64_t dc = 0; dc < dChunks; ++dc) {
    MlirValue at[] = {zero, stage, cst(g, dc), zero, zero};
    tmaLoad(f, &f->a->k, r->kMap, r->full, stage, f->kSmem, at, n0,
            cst(g, dc * Box), t->tileN);
  }
  if (split) { /* V_j's space: V_{j-S} read by its P V */
    sm90MbarrierWait(g, r->emptyV, stage,
                     sm90ParityOf(g, use, t->stages, true));
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_ARRIVE_EXPECT_TX, fullV, stage,
                   "bytes", t->tileN * dChunks * Box * bytes);
  }
  for (int64_t kb = 0; kb < kBlocks; ++kb)
    for (int64_t dc = 0; dc < dChunks; ++dc) {
      MlirValue at[] = {stage, cst(g, kb), cst(g, dc), zero, zero};
      tmaLoad(f, &f->a->v, r->vMap, fullV, stage, f->vSmem, at,
              add(g, n0, cst(g, kb * Box)), cst(g, dc * Box), Box);
    }
  yield(g);
  g->b = outer;
}

/* The 2x2 fragments of a wgmma accumulator vector<n/8 x 2 x 2>. */
static void fragments(Fa *f, MlirValue acc, int count, MlirValue *out) {
  MlirType fragType = gemmVectorType(&f->g, "2x2", f->g.f32);
  const char *names[] = {"static_position"};
  for (int64_t j = 0; j < count; ++j) {
    MlirAttribute pos = mlirDenseI64ArrayGet(f->g.b.ctx, 1, &j);
    out[j] = dlcBuildValue(&f->g.b, "vector.extract", 1, &acc, fragType, 1,
                           names, &pos);
  }
}

/* The k extent of S's wgmma over box `dc`: the box's columns below D
 * rounded up to the k16 step (D = 32: 32, two steps of four; D = 80: the
 * second box's 16), the zero-filled steps past them skipped. */
static int64_t scoreDepth(const Fa *f, int64_t dc) {
  int64_t left = f->a->size[KP_K].constant - dc * Box;
  return left >= Box ? Box : (left + 15) / 16 * 16;
}

/* Issues S = Q K_jᵀ of this consumer's 64 rows (of Q buffer `qSlot`)
 * from stage `stage` over the loaded boxes of D: out[0] the accumulators
 * (read only after out[1] is waited). */
static void issueScores(Fa *f, MlirValue consumer, MlirValue qSlot,
                        MlirValue stage, MlirValue out[2]) {
  Gen *g = &f->g;
  MlirValue zero = cst(g, 0);
  sm90AccInit(g, f->t->tileN, out);
  for (int64_t dc = 0; dc < loadedBoxes(f); ++dc) {
    Sm90Operand a = {
        .smem = f->qSmem,
        .index = {zero, qSlot, cst(g, dc), mul(g, consumer, Rows), zero},
        .rank = TmaRank};
    Sm90Operand b = {.smem = f->kSmem,
                     .index = {zero, stage, cst(g, dc), zero, zero},
                     .rank = TmaRank};
    sm90Wgmma(g, &a, &b, f->t->tileN, scoreDepth(f, dc), out[0], out);
  }
}

/* P (in s) as the A operands of the PV wgmmas: per 64-key block P's four
 * k16 fragments (FlashGen.c; the S accumulator layout is the A layout),
 * vector<4x4x2> of the operand type. */
static void pBlocks(Fa *f, const MlirValue *s, MlirValue *out) {
  Gen *g = &f->g;
  MlirType blockType = mlirVectorTypeGet(3, (int64_t[]){Box / 16, 4, 2}, g->in);
  const char *names[] = {"static_position"};
  for (int64_t kb = 0; kb < f->t->tileN / Box; ++kb) {
    MlirValue a = dlcStepSplat(&g->b, blockType, 0.0);
    for (int64_t kk = 0; kk < Box / 16; ++kk) {
      MlirValue operands[] = {flashPFragment(f, s, (int)(kb * (Box / 16) + kk)),
                              a};
      MlirAttribute at = mlirDenseI64ArrayGet(g->b.ctx, 1, &kk);
      a = dlcBuildValue(&g->b, "vector.insert", 2, operands, blockType, 1,
                        names, &at);
    }
    out[kb] = a;
  }
}

/* Issues O += P V from stage `stage`, P from registers (no shared-memory
 * round trip): one register-A wgmma per 64-key block. out as
 * issueScores's. */
static void issuePV(Fa *f, MlirValue stage, const MlirValue *p, MlirValue o,
                    MlirValue out[2]) {
  Gen *g = &f->g;
  MlirValue zero = cst(g, 0);
  out[0] = o;
  for (int64_t kb = 0; kb < f->t->tileN / Box; ++kb) {
    Sm90Operand b = {.smem = f->vSmem,
                     .index = {stage, cst(g, kb), zero, zero, zero},
                     .rank = TmaRank,
                     .trans = true};
    sm90WgmmaRs(g, p[kb], &b, f->d, Box, out[0], out);
  }
}

/* Fragments of S whose bias elements (16 guarded loads) flashAddTensors
 * loads in one branch, for a kernel with a bias tensor and no mask
 * tensor; other kernels load a tile's elements in one block (numS).
 * One block let ptxas issue all of a tile's loads at once, beside S, P
 * and O, and spill (D = 64: 8–1304 bytes, D = 128: 64–328). Run d2-2 (B4
 * H16 S4096 D128): a bias [M, N] f32 grouped +3.0 / +2.8 % (spilled 124
 * bytes → 16), but a key mask [N] alone grouped −5.2 / −6.0 % (64 → 0;
 * not analysed: the groups' loads no longer overlapping one another's
 * latency is the likely cause), so mask kernels, and bias with mask (not
 * measured), keep the one block. */
enum { AddGroup = 4 };

static int addGroup(const Fa *f, int numS) {
  bool biasOnly =
      !mlirValueIsNull(f->bias.global) && mlirValueIsNull(f->mask.global);
  return biasOnly ? AddGroup : numS;
}

/* The softmax step of key tile j on its complete scores `acc`: masks, new
 * row max and sum in c, P in s, the rescale factor in c->alpha (O is left
 * alone: it may still be accumulating). */
static void softmaxTile(Fa *f, MlirValue j, MlirValue acc, MlirValue *s,
                        FlashCarried *c) {
  int numS = (int)(f->t->tileN / 8);
  MlirValue n0 = mul(&f->g, j, f->t->tileN);
  fragments(f, acc, numS, s);
  double scale = flashScoreScale(f, s, numS);
  flashAddTensors(f, n0, s, numS, addGroup(f, numS));
  flashMaybeMask(f, n0, s, numS);
  flashOnlineSoftmax(f, s, numS, scale, c, 0);
}

enum { MaxBlocks = 4 }; /* 64-key blocks of a key tile */

/* Whether O's rescale for step j - 1 is emitted in the next turn, between
 * the S_j and P_{j-1} V_{j-1} issues (while S_j computes), rather than
 * after the PV wait: +0.6 / +1.0 % (D128), +0.5 % (causal) in run fa7-2;
 * at D = 64 -2.7 % causal, so D = 64 keeps the rescale after the wait.
 * What runs is not quite that: LLVM hoists the D/8 x 4 multiplies above
 * the turn's bar.sync and ptxas puts them after the previous PV wait, at
 * the end of the softmax block (run rt-1's SASS); kept there by a value
 * read after the S issue, in the turn, they cost 1 % (they delay the PV
 * issue and the hand-over; run rt-1). */
static bool rescaleInTurn(const Fa *f) { return f->d >= 128; }

/* Whether the PV wait is kept after the softmax step of S_j, so that the
 * step runs while P_{j-1} V_{j-1} computes (FlashAttention-3's
 * intra-warpgroup overlap). ptxas moves a wgmma wait to the top of its
 * basic block, and its allocator takes the in-flight wgmma's A registers
 * (P_{j-1}, dead to it after the issue) for the step's temporaries, each
 * of which needs the wait first: so the PTX order alone left the wait
 * before the step (run fa11-1, reading 3; runs nb-3, nb-5: the SASS). Two
 * branches that are never taken fix both: one ends the step's block
 * (endSoftmaxBlock), one reads P_{j-1} after the wait (keepP). At D = 256
 * (BN 64: a short step, a long P V) it gains +6 to +11 % without a mask
 * and +2 to +9 % causal (runs nb-7, ov-1: B4 H16 S4096, B2 H16 S8192;
 * D 160 and 192, padded to 256, +4 to +7 %, run ov-4); at
 * D = 128 it ties (ten readings of B4 H16 S4096 in runs nb-6 .. ov-2:
 * 0.96 to 1.02, mean 1.00; causal the same), at D = 64 it loses (-2.4 %,
 * causal -9 %): there the other consumers' wgmmas already cover the step
 * (ping-pong). */
static bool pvWaitAfterSoftmax(const Fa *f) { return f->d == 256; }

/* Stores `v` into Q's first row at column `col`: the body of the two
 * branches below, which are never taken (the stores are there so that the
 * branches are not folded away, and keepP's so that they read P_{j-1}). */
static void neverRunStore(Fa *f, MlirValue v, int64_t col) {
  Gen *g = &f->g;
  MlirValue zero = cst(g, 0);
  MlirValue operands[] = {v, f->qSmem, zero, zero, zero, zero, cst(g, col)};
  dlcBuild(&g->b, "memref.store", 7, operands, 0, NULL, 0, NULL, NULL);
}

/* A branch after the softmax step, on min(l0, l1) < 0, which never holds
 * (l sums exp2s: >= 0, or NaN, for which < is false): its condition needs
 * the whole step and its block boundary keeps the PV wait after it. */
static void endSoftmaxBlock(Fa *f, const FlashCarried *c) {
  Gen *g = &f->g;
  MlirValue low = dlcArith(&g->b, "arith.minnumf", c->l[0], c->l[1]);
  MlirValue never = dlcStepCompare(
      &g->b, mlirStringRefCreateFromCString("cmplt"), low, flashConst(f, 0.0));
  DlcBuilder outer;
  gemmBeginIf(g, never, &outer);
  neverRunStore(f, dlcStepSplat(&g->b, g->in, 0.0), 0);
  gemmEndIf(g, outer);
}

/* P_{j-1}'s fragments `p` read after the PV wait, by stores in a branch on
 * Lk < 0, which never holds: so that its registers stay live, and
 * untouched, until the wait. Each element goes to its own column: LLVM
 * drops a store that a later one to the same address overwrites. */
static void keepP(Fa *f, const MlirValue *p) {
  Gen *g = &f->g;
  DlcBuilder outer;
  gemmBeginIf(g, dlcCmpI(&g->b, "slt", f->lk, cst(g, 0)), &outer);
  const char *names[] = {"static_position"};
  int64_t col = 0;
  for (int64_t kb = 0; kb < f->t->tileN / Box; ++kb)
    for (int64_t kk = 0; kk < Box / 16; ++kk)
      for (int64_t r = 0; r < 4; ++r)
        for (int64_t x = 0; x < 2; ++x) {
          MlirAttribute at =
              mlirDenseI64ArrayGet(g->b.ctx, 3, (int64_t[]){kk, r, x});
          MlirValue e = dlcBuildValue(&g->b, "vector.extract", 1, &p[kb], g->in,
                                      1, names, &at);
          neverRunStore(f, e, col++ % Box);
        }
  gemmEndIf(g, outer);
}

/* Whether a consumer's rows can end a key tile before the CTA's do (a
 * causal mask, more query rows than keys a tile): then it stops at its
 * own diagonal tile. Only on the tiles grid: inside the persistent visit
 * loop the stop's second loop (passTurns) spilled 48 bytes at 160
 * registers: three consumers at D = 64 ran 231 TFLOP/s with it, 258
 * without (run fa6-1); a consumer computes one masked tile at most. */
static bool passesTiles(const Fa *f) {
  return f->a->mask == KP_ATTN_MASK_CAUSAL && f->t->tileM > f->t->tileN &&
         f->t->grid == DLC_ATTN_GRID_TILES;
}

/* The ping-pong turns form one cycle over all of the CTA's visits: the
 * last consumer's last hand-over of a visit is consumer 0's first turn of
 * the next. The cycle opens with a hand-over from the last consumer
 * (openTurns) and closes with consumer 0 taking the hand-over of the
 * CTA's last turn (closeTurns), so named barrier 1 ends balanced.
 *
 * A cycle per visit (a first hand-over and a closing sync each visit)
 * hangs where a CTA visits several work tiles with two Q buffers: the
 * last consumer, done with its visit early (no rows below Lq: nothing to
 * load or store), handed over the next visit's first turn before
 * consumer 0 closed this one, so barrier 1 met 256 arrivals and no sync,
 * and consumer 0's closing sync waited forever (run pd-3's a045, runs
 * bx-5, hg-1, hg-4). Within the cycle each arrival on a consumer's
 * barrier needs that consumer's previous sync on it, so no two can
 * meet. */
static void openTurns(Fa *f, MlirValue consumer) {
  Gen *g = &f->g;
  DlcBuilder outer;
  gemmBeginIf(g,
              dlcCmpI(&g->b, "eq", consumer,
                      cst(g, dlcSm90AttentionConsumers(f->t) - 1)),
              &outer);
  sm90NamedBarrierArrive(g, cst(g, 1), 256);
  gemmEndIf(g, outer);
}

static void closeTurns(Fa *f, MlirValue consumer) {
  Gen *g = &f->g;
  DlcBuilder outer;
  gemmBeginIf(g, dlcCmpI(&g->b, "eq", consumer, cst(g, 0)), &outer);
  sm90NamedBarrier(g, cst(g, 1), 256);
  gemmEndIf(g, outer);
}

/* Persistent grid: this consumer's S of the visit are complete, Q may be
 * overwritten (qEmpty). */
static void qRead(Fa *f, const Ring *r) {
  if (!mlirValueIsNull(r->qEmpty))
    sm90MbarrierOp(&f->g, DLC_OP_DLCGPU_MBARRIER_ARRIVE, r->qEmpty, r->qSlot,
                   NULL, 0);
}

/* splitRing: waits until V of use `use` (in `stage`) has landed; K's
 * full wait covers both otherwise. */
static void waitV(Fa *f, const Ring *r, MlirValue use, MlirValue stage) {
  if (splitRing(f->t))
    sm90MbarrierWait(&f->g, r->fullV, stage,
                     sm90ParityOf(&f->g, use, f->t->stages, false));
}

/* splitRing: K in `stage` read (its S complete), its space free for the
 * producer; otherwise K goes with V (releaseV). */
static void releaseK(Fa *f, const Ring *r, MlirValue stage) {
  if (splitRing(f->t))
    sm90MbarrierOp(&f->g, DLC_OP_DLCGPU_MBARRIER_ARRIVE, r->empty, stage, NULL,
                   0);
}

/* V in `stage` read (its P V complete), and K with it unless splitRing. */
static void releaseV(Fa *f, const Ring *r, MlirValue stage) {
  MlirValue empty = splitRing(f->t) ? r->emptyV : r->empty;
  sm90MbarrierOp(&f->g, DLC_OP_DLCGPU_MBARRIER_ARRIVE, empty, stage, NULL, 0);
}

/* The visit's key tiles from `from` on, which this consumer's rows do not
 * see: each released as its use (after the full wait, so that the
 * arrival counts toward this use's phase of empty[]), and with turns
 * (`mine` not null) a turn taken and handed on without wgmmas, so that
 * every consumer takes as many turns as the visit has tiles. */
static void passTurns(Fa *f, const Ring *r, MlirValue from, MlirValue mine,
                      MlirValue other) {
  Gen *g = &f->g;
  const DlcAttnTiling *t = f->t;
  MlirBlock body;
  dlcBuildFor(&g->b, from, r->tiles, cst(g, 1), 0, NULL, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue use = add(g, r->kvBase, mlirBlockGetArgument(body, 0));
  MlirValue stage = remc(g, use, t->stages);
  sm90MbarrierWait(g, r->full, stage, sm90ParityOf(g, use, t->stages, false));
  waitV(f, r, use, stage);
  if (!mlirValueIsNull(mine)) {
    sm90NamedBarrier(g, mine, 256);
    sm90NamedBarrierArrive(g, other, 256);
  }
  releaseK(f, r, stage);
  releaseV(f, r, stage);
  yield(g);
  g->b = outer;
}

/* The consumer's key loop, software-pipelined within the warpgroup (the
 * FlashAttention-3 intra-warpgroup overlap): tile 0's scores and softmax
 * first; then per tile j >= 1 S_j = Q K_jᵀ and O += P_{j-1} V_{j-1} are
 * issued together, S_j waited alone (wait_group 1) and its softmax runs
 * while the PV wgmmas still run; then stage j - 1 is released and O
 * (complete) rescaled, or with rescaleInTurn rescaled after the next S
 * issue; finally O += P_last V_last. With DLC_ATTN_PINGPONG the
 * issues are the consumers' turns, in a cycle. Yields O, m, l.
 * Emitted inside a branch taken when the visit has key tiles. With a
 * causal mask and more rows than keys a tile, the consumer stops at its
 * own diagonal (`tiles` of the visit's r->tiles; the keys past it are
 * masked for all its rows) and passes the rest (passTurns). */
static void pipelinedLoop(Fa *f, const Ring *r, MlirValue consumer,
                          MlirValue tiles, const MlirValue init[5]) {
  Gen *g = &f->g;
  const DlcAttnTiling *t = f->t;
  int blocks = (int)(t->tileN / Box);
  bool pingPong = t->schedule == DLC_ATTN_PINGPONG;
  MlirValue zero = cst(g, 0), one = cst(g, 1);
  FlashCarried c;
  c.m[0] = init[1], c.m[1] = init[2], c.l[0] = init[3], c.l[1] = init[4];
  MlirValue acc[2], s[FLASH_MAX_S];
  /* Ping-pong turns: consumer c issues its wgmmas after bar.sync on
   * barrier 1 + c, then hands the turn over by bar.arrive on the next
   * one's, 1 + (c + 1) mod n (256 threads each: the waiting warpgroup and
   * the arriving one), in one cycle over the CTA's visits (openTurns). */
  int64_t n = dlcSm90AttentionConsumers(t);
  MlirValue mine = add(g, consumer, one),
            other = add(g, remc(g, add(g, consumer, one), n), one);
  MlirValue first = remc(g, r->kvBase, t->stages);
  sm90MbarrierWait(g, r->full, first,
                   sm90ParityOf(g, r->kvBase, t->stages, false));
  if (pingPong)
    sm90NamedBarrier(g, mine, 256);
  issueScores(f, consumer, r->qSlot, first, acc);
  if (pingPong)
    sm90NamedBarrierArrive(g, other, 256);
  sm90WgmmaWait(g, acc[1], 0);
  releaseK(f, r, first);
  softmaxTile(f, keyTileOf(f, r, zero), acc[0], s, &c);

  /* Carried: O, m, l, with rescaleInTurn the last step's factor alpha (O
   * not yet rescaled for it), then P. */
  bool inTurn = rescaleInTurn(f);
  int numCarried = inTurn ? 7 : 5;
  MlirValue carried[7 + MaxBlocks] = {init[0], c.m[0],     c.m[1],    c.l[0],
                                      c.l[1],  c.alpha[0], c.alpha[1]};
  pBlocks(f, s, carried + numCarried);
  MlirBlock body;
  MlirOperation loop =
      dlcBuildFor(&g->b, one, tiles, one, numCarried + blocks, carried, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue j = mlirBlockGetArgument(body, 0), p[MaxBlocks];
  c.o[0] = mlirBlockGetArgument(body, 1);
  for (int h = 0; h < 2; ++h) {
    c.m[h] = mlirBlockGetArgument(body, 2 + h);
    c.l[h] = mlirBlockGetArgument(body, 4 + h);
    if (inTurn)
      c.alpha[h] = mlirBlockGetArgument(body, 6 + h);
  }
  for (int kb = 0; kb < blocks; ++kb)
    p[kb] = mlirBlockGetArgument(body, 1 + numCarried + kb);
  MlirValue use = add(g, r->kvBase, j);
  MlirValue stage = remc(g, use, t->stages);
  MlirValue prevUse = sub(g, use, one);
  MlirValue prev = remc(g, prevUse, t->stages);
  sm90MbarrierWait(g, r->full, stage, sm90ParityOf(g, use, t->stages, false));
  waitV(f, r, prevUse, prev);
  MlirValue pv[2];
  if (pingPong)
    sm90NamedBarrier(g, mine, 256);
  issueScores(f, consumer, r->qSlot, stage, acc);
  if (inTurn) /* O is complete: PV_{j-2} was waited */
    flashRescale(f, &c, 1);
  issuePV(f, prev, p, c.o[0], pv);
  if (pingPong)
    sm90NamedBarrierArrive(g, other, 256);
  sm90WgmmaWait(g, acc[1], 1);
  releaseK(f, r, stage);
  softmaxTile(f, keyTileOf(f, r, j), acc[0], s, &c);
  bool overlap = pvWaitAfterSoftmax(f);
  if (overlap)
    endSoftmaxBlock(f, &c);
  sm90WgmmaWait(g, pv[1], 0);
  if (overlap)
    keepP(f, p);
  /* K_{j-1} and V_{j-1} read: stage j - 1 is free for the producer. */
  releaseV(f, r, prev);
  c.o[0] = pv[0];
  if (!inTurn)
    flashRescale(f, &c, 1);
  MlirValue yielded[7 + MaxBlocks] = {c.o[0], c.m[0],     c.m[1],    c.l[0],
                                      c.l[1], c.alpha[0], c.alpha[1]};
  pBlocks(f, s, yielded + numCarried);
  dlcBuild(&g->b, "scf.yield", numCarried + blocks, yielded, 0, NULL, 0, NULL,
           NULL);
  g->b = outer;

  for (int kb = 0; kb < blocks; ++kb)
    p[kb] = mlirOperationGetResult(loop, numCarried + kb);
  c.o[0] = mlirOperationGetResult(loop, 0);
  for (int h = 0; h < 2 && inTurn; ++h)
    c.alpha[h] = mlirOperationGetResult(loop, 5 + h);
  MlirValue lastUse = sub(g, add(g, r->kvBase, tiles), one);
  MlirValue last = remc(g, lastUse, t->stages);
  waitV(f, r, lastUse, last);
  bool skips = passesTiles(f);
  /* Every S of the visit is complete: Q may be overwritten. */
  if (!skips)
    qRead(f, r);
  if (inTurn)
    flashRescale(f, &c, 1);
  issuePV(f, last, p, c.o[0], pv);
  sm90WgmmaWait(g, pv[1], 0);
  releaseV(f, r, last);
  /* The passed tiles after the last one's release: the producer may wait
   * for it before it loads them. */
  if (skips) {
    passTurns(f, r, tiles, pingPong ? mine : (MlirValue){0}, other);
    qRead(f, r);
  }
  MlirValue out[5] = {pv[0]};
  for (int i = 1; i < 5; ++i)
    out[i] = mlirOperationGetResult(loop, i);
  dlcBuild(&g->b, "scf.yield", 5, out, 0, NULL, 0, NULL, NULL);
}

/* O / l of the visit's rows stored (flashEpilogue) from its accumulator
 * `o`, m and l; `done` O's complete token. */
static void storeVisit(Fa *f, MlirValue o, const MlirValue m[2],
                       const MlirValue l[2], MlirValue done) {
  int numO = (int)(f->d / 8);
  MlirValue out[FLASH_MAX_O];
  fragments(f, o, numO, out);
  flashEpilogue(f, out, numO, m, l, done);
}

/* Where `takes`: *o, m, l merged with the partial the next CTA gives
 * (flashStreamTake), in a branch. */
static void takeRest(Fa *f, const FlashStream *st, MlirValue takes,
                     MlirValue *o, MlirValue m[2], MlirValue l[2]) {
  Gen *g = &f->g;
  MlirValue state[5] = {*o, m[0], m[1], l[0], l[1]};
  MlirType types[5];
  for (int i = 0; i < 5; ++i)
    types[i] = mlirValueGetType(state[i]);
  MlirBlock take, keep;
  DlcBuilder outer = g->b;
  MlirOperation branch = dlcBuildIfElse(&g->b, takes, 5, types, &take, &keep);
  g->b = dlcBuilderAtEnd(take, outer.loc);
  MlirValue merged[5] = {*o, m[0], m[1], l[0], l[1]};
  flashStreamTake(f, st, &merged[0], merged + 1, merged + 3);
  dlcBuild(&g->b, "scf.yield", 5, merged, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(keep, outer.loc);
  dlcBuild(&g->b, "scf.yield", 5, state, 0, NULL, 0, NULL, NULL);
  g->b = outer;
  *o = mlirOperationGetResult(branch, 0);
  for (int h = 0; h < 2; ++h) {
    m[h] = mlirOperationGetResult(branch, 1 + h);
    l[h] = mlirOperationGetResult(branch, 3 + h);
  }
}

static void consumerVisit(Fa *f, const Ring *r, MlirValue consumer) {
  Gen *g = &f->g;
  f->m0 = add(g, r->m0, mul(g, consumer, Rows));
  MlirValue zero = cst(g, 0);
  sm90MbarrierWait(g, r->qFull, r->qSlot,
                   sm90ParityOf(g, r->visit, qSlots(f->t), false));

  MlirValue acc[2];
  sm90AccInit(g, f->d, acc);
  MlirValue init[5] = {acc[0], flashConst(f, -__builtin_inf()),
                       flashConst(f, -__builtin_inf()), flashConst(f, 0.0),
                       flashConst(f, 0.0)};
  /* A CTA without key tiles (Lk = 0) stores O = 0. */
  MlirType types[5];
  for (int i = 0; i < 5; ++i)
    types[i] = mlirValueGetType(init[i]);
  MlirBlock any, none;
  MlirOperation branch = dlcBuildIfElse(
      &g->b, dlcCmpI(&g->b, "sgt", r->tiles, zero), 5, types, &any, &none);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(any, outer.loc);
  /* The consumer's own key tiles (passesTiles). */
  MlirValue tiles =
      passesTiles(f) ? flashKeyTiles(f, add(g, f->m0, cst(g, Rows))) : r->tiles;
  pipelinedLoop(f, r, consumer, tiles, init);
  g->b = dlcBuilderAtEnd(none, outer.loc);
  qRead(f, r);
  dlcBuild(&g->b, "scf.yield", 5, init, 0, NULL, 0, NULL, NULL);
  g->b = outer;

  MlirValue o = mlirOperationGetResult(branch, 0), m[2], l[2];
  for (int h = 0; h < 2; ++h) {
    m[h] = mlirOperationGetResult(branch, 1 + h);
    l[h] = mlirOperationGetResult(branch, 3 + h);
  }
  if (mlirValueIsNull(r->kFirst)) {
    storeVisit(f, o, m, l, acc[1]);
    return;
  }
  /* The stream grid: a piece that ends a tile gives its partial to the
   * CTA before; one that starts a split tile takes the rest first. */
  FlashStream st = r->stream;
  st.consumer = consumer;
  st.thread = remc(g, g->tid, 128);
  MlirBlock gives, stores;
  outer = g->b;
  dlcBuildIfElse(&g->b, r->gives, 0, NULL, &gives, &stores);
  g->b = dlcBuilderAtEnd(gives, outer.loc);
  flashStreamGive(f, &st, o, m, l);
  yield(g);
  g->b = dlcBuilderAtEnd(stores, outer.loc);
  takeRest(f, &st, r->takes, &o, m, l);
  storeVisit(f, o, m, l, acc[1]);
  yield(g);
  g->b = outer;
}

static void emitConsumer(Fa *f, const FlashSchedule *s, Ring *r,
                         MlirValue warpgroup) {
  Gen *g = &f->g;
  sm90SetMaxRegisters(g, consumerRegisters(f->t), true);
  f->warp = remc(g, f->warp, 4);
  MlirValue consumer = sub(g, warpgroup, cst(g, 1));
  bool pingPong = f->t->schedule == DLC_ATTN_PINGPONG;
  if (pingPong)
    openTurns(f, consumer);
  forEachVisit(f, s, r, consumerVisit, consumer);
  if (pingPong)
    closeTurns(f, consumer);
}

void dlcEmitSm90FlashAttention(MlirOperation kernel, const KpAttention *a,
                               const DlcAttnTiling *t, const DlcAttnArgs *args,
                               int numTensors, int mapArg) {
  Fa fa;
  memset(&fa, 0, sizeof(fa));
  Fa *f = &fa;
  Gen *g = &f->g;
  int64_t threads = dlcSm90AttentionThreads(t);
  flashInit(f, kernel, a, t, args, numTensors, threads);
  Ring r;
  r.qMap = mlirBlockGetArgument(g->entry, mapArg);
  r.kMap = mlirBlockGetArgument(g->entry, mapArg + 1);
  r.vMap = mlirBlockGetArgument(g->entry, mapArg + 2);
  int64_t dChunks = f->d / Box, kBlocks = t->tileN / Box;
  int64_t slots = qSlots(t);
  f->qSmem = sm90SwizzledAlloc(g, TmaRank,
                               (int64_t[]){1, slots, dChunks, t->tileM, Box});
  f->kSmem = sm90SwizzledAlloc(
      g, TmaRank, (int64_t[]){1, t->stages, dChunks, t->tileN, Box});
  f->vSmem = sm90SwizzledAlloc(
      g, TmaRank, (int64_t[]){t->stages, kBlocks, dChunks, Box, Box});
  r.qFull = sm90Barriers(g, slots);
  r.full = sm90Barriers(g, t->stages);
  r.empty = sm90Barriers(g, t->stages);
  bool split = splitRing(t);
  r.fullV = split ? sm90Barriers(g, t->stages) : (MlirValue){NULL};
  r.emptyV = split ? sm90Barriers(g, t->stages) : (MlirValue){NULL};
  FlashSchedule schedule;
  memset(&schedule, 0, sizeof(schedule));
  schedule.qSlots = slots;
  flashScheduleInit(f, &schedule);
  r.qEmpty = schedule.persistent ? sm90Barriers(g, slots) : (MlirValue){NULL};
  r.stream =
      (FlashStream){.workspace = schedule.workspace, .ctas = schedule.ctas};
  schedule.qFull = r.qFull;
  schedule.qEmpty = r.qEmpty;

  /* qFull and full[s]: the producer's expect-tx plus the bytes; empty[s]:
   * every consumer thread. */
  for (int64_t q = 0; q < slots; ++q) {
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_INIT, r.qFull, cst(g, q), "count",
                   1);
    if (schedule.persistent)
      sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_INIT, r.qEmpty, cst(g, q),
                     "count", threads - 128);
  }
  for (int64_t s = 0; s < t->stages; ++s) {
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_INIT, r.full, cst(g, s), "count",
                   1);
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_INIT, r.empty, cst(g, s), "count",
                   threads - 128);
    if (split) {
      sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_INIT, r.fullV, cst(g, s),
                     "count", 1);
      sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_INIT, r.emptyV, cst(g, s),
                     "count", threads - 128);
    }
  }
  dlcBuild(&g->b, DLC_OP_DLCGPU_BARRIER, 0, NULL, 0, NULL, 0, NULL, NULL);

  MlirValue warpgroup = divc(g, g->tid, 128);
  MlirBlock producer, consumers;
  dlcBuildIfElse(&g->b, dlcCmpI(&g->b, "eq", warpgroup, cst(g, 0)), 0, NULL,
                 &producer, &consumers);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(producer, outer.loc);
  sm90SetMaxRegisters(g, producerRegisters(t), false);
  DlcBuilder warp = sm90BeginProducerWarp(g);
  forEachVisit(f, &schedule, &r, producerVisit, (MlirValue){NULL});
  sm90EndProducerWarp(g, warp);
  yield(g);
  g->b = dlcBuilderAtEnd(consumers, outer.loc);
  emitConsumer(f, &schedule, &r, warpgroup);
  yield(g);
  g->b = outer;
  dlcBuild(&g->b, "func.return", 0, NULL, 0, NULL, 0, NULL, NULL);
}

const char *dlcSm90AttentionProblem(const KpAttention *a) {
  if (a->size[KP_K].numSymbols ||
      kpAttentionTileDim(a->size[KP_K].constant) == 0)
    return "the head dimension is not a constant multiple of 8 up to 256";
  const KpAttnTensor *tensors[] = {&a->q, &a->k, &a->v};
  KpRole rows[] = {KP_M, KP_N, KP_N};
  for (int i = 0; i < 3; ++i) {
    int bytes = kpElementBytes(tensors[i]->t.element);
    if (dlcSm90Misaligned(&tensors[i]->t.stride[rows[i]], bytes))
      return "a row stride of Q, K or V is not a multiple of 16 bytes";
    for (int b = 0; b < a->numBatch; ++b)
      if (dlcSm90Misaligned(&tensors[i]->batch[b], bytes))
        return "a batch stride of Q, K or V is not a multiple of 16 bytes";
  }
  return NULL;
}

void dlcSm90AttentionMaps(MlirOperation region, const KpAttention *a,
                          const DlcAttnTiling *t, const MlirAttribute names[3],
                          MlirAttribute maps[3]) {
  const KpAttnTensor *tensors[] = {&a->q, &a->k, &a->v};
  KpRole rows[] = {KP_M, KP_N, KP_N};
  int64_t boxRows[] = {t->tileM, t->tileN, Box};
  for (int i = 0; i < 3; ++i) {
    const KpAttnTensor *x = tensors[i];
    KpExtent dims[TmaRank], strides[TmaRank - 1];
    dims[0] = i == 2 ? a->valueDim : a->size[KP_K];
    dims[1] = a->size[rows[i]];
    strides[0] = x->t.stride[rows[i]];
    int rank = 2;
    for (int b = a->numBatch - 1; b >= 0; --b)
      if (!kpExtentIs(&x->batch[b], 0)) {
        dims[rank] = a->batchSize[b];
        strides[rank - 1] = x->batch[b];
        ++rank;
      }
    int64_t box[TmaRank] = {Box, boxRows[i], 1, 1, 1};
    maps[i] = dlcSm90MapAttr(region, names[i], x->t.element, rank, dims,
                             strides, box);
  }
}

int64_t dlcAttnScheduleRows(const char *algo) {
  if (strcmp(algo, "online_softmax") == 0 ||
      strcmp(algo, "online_softmax.overlap") == 0)
    return 2 * Rows;
  return strcmp(algo, "online_softmax.m192") == 0 ? 3 * Rows : 0;
}

/* BN 64 at D = 256: a consumer's O is then 128 f32 registers a thread,
 * and S (BN / 2), P (BN / 4) and the next tile's P beside it must fit the
 * rest of its 240 (at BN 128: 128 + 64 + 32 + 32, over the file; nor
 * would Q's 64 KiB and two stages of 128 KiB fit the shared memory); the
 * V ring's [BN/64] boxes make 64 the step below 128. */
int64_t dlcSm90AttentionKeyTile(int64_t headDim) {
  return headDim == 256 ? 64 : 128;
}

int64_t dlcSm90AttentionThreads(const DlcAttnTiling *t) {
  return 128 * (1 + dlcSm90AttentionConsumers(t));
}

int64_t dlcSm90AttentionSmemBytes(const DlcAttnTiling *t, int bytes) {
  int64_t q = qSlots(t) * t->tileM * t->headDim,
          kv = 2 * t->stages * t->tileN * t->headDim;
  /* The dynamic grid's three tile slots, the stream grid's two visit
   * records (Sm90FlashSchedule.c). */
  int64_t slots = t->grid == DLC_ATTN_GRID_DYNAMIC ? 16
                  : flashGridIsStatic(t->grid)     ? 64
                                                   : 0;
  return (q + kv) * bytes + slots + 1024;
}
