/* The SM90 GEMM skeleton's epilogue (Sm90Gemm.c runs it after each
 * tile's k loop): the problem's epilogue steps on a consumer thread's
 * accumulators in batches of fragments (their input loads in flight
 * together), stored from registers where the tile is partial or C's map
 * was not encoded, else staged in shared memory by 64 x 64 boxes and
 * stored by TMA (or, into rows TMA cannot store, by shifted stores), box
 * by box or all at once at the tile's end. */
#include "DialectNames.h"
#include "Sm90GemmInternal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

/* Fragment j of slab s's accumulators (static positions). */
static MlirValue accOf(Gen *g, const Fragments *f, int s, int64_t j) {
  const char *posName[] = {"static_position"};
  MlirAttribute pos = mlirDenseI64ArrayGet(g->b.ctx, 1, &j);
  return dlcBuildValue(&g->b, "vector.extract", 1, &f->acc[s],
                       gemmVectorType(g, "2x2", g->f32), 1, posName, &pos);
}

/* Accumulator fragment `acc` placed at fragment j of slab s of the tile
 * (index values). */
static GemmFragment fragmentAt(Gen *g, const Fragments *f, MlirValue acc,
                               MlirValue s, MlirValue j) {
  MlirValue slab = add(g, f->firstSlab, s);
  return (GemmFragment){
      acc, add(g, add(g, g->m0, mul(g, slab, ConsumerRows)), f->inSlab),
      add(g, f->col, mul(g, j, 8))};
}

void sm90GemmStoreReadWait(Gen *g, int64_t pending) {
  const char *names[] = {"pending", "read"};
  MlirAttribute attrs[] = {gemmI64(g, pending),
                           mlirBoolAttrGet(g->b.ctx, true)};
  dlcBuild(&g->b, DLC_OP_DLCGPU_TMA_STORE_WAIT, 0, NULL, 0, NULL, 2, names,
           attrs);
}

/* One batch of a tile's epilogue: fragments j0 .. j0 + count - 1 of slab
 * `s`, their values in C's element type and the tokens their stores wait
 * on. Their loads are in flight together, before their stores (the stores
 * may alias the inputs, so LLVM would not hoist the loads itself). */
enum { Batch = 8 };
typedef struct TileBatch {
  const Pipeline *p;
  const Fragments *f;
  MlirValue s, j0; /* index values */
  int count;
  GemmFragment frag[Batch];
  MlirValue value[Batch], token[Batch];
} TileBatch;

/* The batch's input fragments (count x numInputs vector<2x2xf32>), read
 * without bounds where the tile is `inside` (null: known to be), guarded
 * elsewhere. */
static void batchInputs(Gen *g, const TileBatch *t, MlirValue inside,
                        MlirValue in[Batch][KP_MAX_INPUTS]) {
  int n = g->p->numInputs;
  if (n == 0)
    return;
  if (mlirValueIsNull(inside)) {
    for (int i = 0; i < t->count; ++i)
      gemmEpilogueInputs(g, t->frag[i].row, t->frag[i].col, true, in[i]);
    return;
  }
  MlirType types[Batch * KP_MAX_INPUTS];
  for (int i = 0; i < t->count * n; ++i)
    types[i] = gemmVectorType(g, "2x2", g->f32);
  MlirBlock blocks[2];
  MlirOperation choice = dlcBuildIfElse(&g->b, inside, t->count * n, types,
                                        &blocks[0], &blocks[1]);
  DlcBuilder outer = g->b;
  for (int branch = 0; branch < 2; ++branch) {
    g->b = dlcBuilderAtEnd(blocks[branch], outer.loc);
    MlirValue yield[Batch * KP_MAX_INPUTS];
    for (int i = 0; i < t->count; ++i)
      gemmEpilogueInputs(g, t->frag[i].row, t->frag[i].col, branch == 0,
                         &yield[i * n]);
    dlcBuild(&g->b, "scf.yield", t->count * n, yield, 0, NULL, 0, NULL, NULL);
  }
  g->b = outer;
  for (int i = 0; i < t->count; ++i)
    for (int k = 0; k < n; ++k)
      in[i][k] = mlirOperationGetResult(choice, i * n + k);
}

/* The box's rows of C stored by the consumer's threads (shifted_store),
 * rows from m0 up to M: C's map was not encoded, its rows start where TMA
 * cannot (N = 4097), and the plan stores them in the kernel (directStore)
 * instead of through a workspace copied back. */
static void shiftedStoreBox(Gen *g, const Pipeline *p, const Fragments *f,
                            MlirValue m0, MlirValue n0, MlirValue slot) {
  MlirValue left =
      dlcArith(&g->b, "arith.maxsi", sub(g, g->size[KP_M], m0), cst(g, 0));
  MlirValue operands[] = {
      p->staging,
      f->consumer,
      slot,
      g->tc.global,
      gemmOffsetOf(g, &g->tc, KP_M, m0, KP_N, n0),
      g->tc.stride[KP_M],
      dlcArith(&g->b, "arith.minsi", left, cst(g, ConsumerRows))};
  const char *names[] = {"box"};
  MlirAttribute box =
      mlirDenseI64ArrayGet(g->b.ctx, 2, (int64_t[]){ConsumerRows, BoxMN});
  dlcBuild(&g->b, DLC_OP_DLCGPU_SHIFTED_STORE, 7, operands, 0, NULL, 1, names,
           &box);
}

/* Consumer `consumer`'s TMA store of box `box` (64 columns) of slab `s`
 * of the tile from staging slot `slot`, or with `shifted` its threads'
 * stores (shiftedStoreBox). */
static void storeBox(Gen *g, const Pipeline *p, const Fragments *f, MlirValue s,
                     MlirValue box, MlirValue slot, bool shifted) {
  MlirValue m0 = add(g, g->m0, mul(g, add(g, f->firstSlab, s), ConsumerRows));
  MlirValue n0 = add(g, g->n0, mul(g, box, BoxMN));
  if (shifted) {
    shiftedStoreBox(g, p, f, m0, n0, slot);
    return;
  }
  /* map, source, 4 source indices, then up to 3 coordinates (batch, m,
   * n). */
  MlirValue operands[9] = {p->outMap, p->staging, f->consumer,
                           slot,      cst(g, 0),  cst(g, 0)};
  int n = 6, numCoords = 0;
  if (dlcSm90MapHasBatch(&g->p->c))
    operands[n++] = g->batch, ++numCoords;
  operands[n++] = m0, ++numCoords;
  operands[n++] = n0, ++numCoords;
  int32_t sizes[] = {1, 1, 4, numCoords};
  const char *names[] = {"box", "operandSegmentSizes"};
  MlirAttribute attrs[] = {
      mlirDenseI64ArrayGet(g->b.ctx, 2, (int64_t[]){ConsumerRows, BoxMN}),
      mlirDenseI32ArrayGet(g->b.ctx, 4, sizes)};
  dlcBuild(&g->b, DLC_OP_DLCGPU_TMA_STORE, n, operands, 0, NULL, 2, names,
           attrs);
}

/* Boxes box[i] of slabs s[i] from slots slot[i] (i < count): by TMA, and
 * with directStore, where C's map was not encoded, by the consumer's
 * threads instead (one branch for them all). */
static void storeBoxes(Gen *g, const Pipeline *p, const Fragments *f, int count,
                       const MlirValue *s, const MlirValue *box,
                       const MlirValue *slot) {
  DlcBuilder outer = g->b;
  MlirBlock blocks[2] = {{NULL}, {NULL}};
  if (g->t->directStore)
    dlcBuildIfElse(&g->b, p->mapUsable, 0, NULL, &blocks[0], &blocks[1]);
  for (int shifted = 0; shifted < (g->t->directStore ? 2 : 1); ++shifted) {
    if (g->t->directStore)
      g->b = dlcBuilderAtEnd(blocks[shifted], outer.loc);
    for (int i = 0; i < count; ++i)
      storeBox(g, p, f, s[i], box[i], slot[i], shifted);
    if (g->t->directStore)
      dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  }
  g->b = outer;
}

/* Before the barrier after box q (box q not yet issued, boxes q - 1 ..
 * q + 2 - slots the newest pending): the copy engine has read box q + 1 -
 * slots, whose slot box q + 1 takes. After the tile's last box the next
 * tile's stageBegin waits instead, a mainloop later. */
static void waitSlot(Gen *g, void *userData) {
  const Pipeline *p = userData;
  sm90GemmStoreReadWait(g, p->slots - 2);
}

/* A batch is one box of C (8 fragments of 8 columns): the box's number
 * in the consumer's tile, `q`, and the staging slot it takes. */
static void batchBox(Gen *g, const TileBatch *t, MlirValue *box, MlirValue *q,
                     MlirValue *slot) {
  *box = divc(g, t->j0, 8);
  *q = add(g, mul(g, t->s, g->t->tileN / BoxMN), *box);
  *slot = t->p->eachBox ? remc(g, *q, t->p->slots) : *q;
}

/* The batch's values into the consumer's staging slot (see stageBegin).
 * Stores of 4 bytes, 8 rows x 4 column pairs a warp: the swizzle puts the
 * 8 rows' chunks in 8 bank groups, no conflict. */
static void stageWrite(Gen *g, const TileBatch *t) {
  const Pipeline *p = t->p;
  MlirType out = kpElementType(g->b.ctx, g->p->c.element);
  MlirValue pairCol = mul(g, remc(g, g->tid, 4), 2);
  MlirValue box, q, slot;
  batchBox(g, t, &box, &q, &slot);
  const char *posName[] = {"static_position"};
  const char *alignName[] = {"alignment"};
  MlirAttribute align = gemmI64(g, 4);
  for (int i = 0; i < t->count; ++i) {
    MlirValue j = add(g, t->j0, cst(g, i));
    for (int64_t h = 0; h < 2; ++h) {
      MlirAttribute pos = mlirDenseI64ArrayGet(g->b.ctx, 1, &h);
      MlirValue pair =
          dlcBuildValue(&g->b, "vector.extract", 1, &t->value[i],
                        gemmVectorType(g, "2", out), 1, posName, &pos);
      MlirValue row = add(g, t->f->inSlab, cst(g, 8 * h));
      MlirValue chunk =
          dlcArith(&g->b, "arith.xori", remc(g, j, 8), remc(g, row, 8));
      MlirValue operands[] = {
          pair, p->staging, t->f->consumer,
          slot, row,        add(g, mul(g, chunk, 8), pairCol)};
      dlcBuild(&g->b, "vector.store", 6, operands, 0, NULL, 1, alignName,
               &align);
    }
  }
}

/* With eachBox, the store of the batch's box once every thread has
 * written it. */
static void stageIssue(Gen *g, const TileBatch *t) {
  const Pipeline *p = t->p;
  if (!p->eachBox)
    return;
  MlirValue box, q, slot;
  batchBox(g, t, &box, &q, &slot);
  /* Every thread's writes before the copy engine reads them. */
  dlcBuild(&g->b, DLC_OP_DLCGPU_FENCE_ASYNC_SHARED, 0, NULL, 0, NULL, 0, NULL,
           NULL);
  MlirValue next = add(g, q, cst(g, 1));
  gemmEmitIf(g,
             andi(g, lt(g, next, cst(g, p->boxes)),
                  dlcCmpI(&g->b, "sge", next, cst(g, p->slots))),
             waitSlot, (void *)p);
  sm90NamedBarrier(g, add(g, t->f->consumer, cst(g, 1)), 128);
  storeBoxes(g, p, t->f, 1, &t->s, &box, &slot);
}

static void stageBatch(Gen *g, void *userData) {
  stageWrite(g, userData);
  stageIssue(g, userData);
}

/* The batch's values stored from registers: `inside`, unguarded pairs. */
static void storeBatch(Gen *g, const TileBatch *t, bool inside) {
  for (int i = 0; i < t->count; ++i)
    gemmStoreFragment(g, t->value[i], t->token[i], t->frag[i].row,
                      t->frag[i].col, inside, t->f->pairs);
}

/* Stores of a batch: staged (when the tile is), else from registers,
 * unguarded inside M × N and guarded on an edge tile. A null `inside`: the
 * fast path, the tile known to be whole and staged (`staged` not null) or
 * stored from registers (null). */
static void storeChoice(Gen *g, const TileBatch *t, MlirValue staged,
                        MlirValue inside) {
  if (mlirValueIsNull(inside)) {
    if (mlirValueIsNull(staged))
      storeBatch(g, t, true);
    else
      stageBatch(g, (void *)t);
    return;
  }
  DlcBuilder outer = g->b;
  MlirBlock then, other;
  if (!mlirValueIsNull(staged)) {
    dlcBuildIfElse(&g->b, staged, 0, NULL, &then, &other);
    g->b = dlcBuilderAtEnd(then, outer.loc);
    stageBatch(g, (void *)t);
    dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    g->b = dlcBuilderAtEnd(other, outer.loc);
  }
  DlcBuilder direct = g->b;
  dlcBuildIfElse(&g->b, inside, 0, NULL, &then, &other);
  g->b = dlcBuilderAtEnd(then, outer.loc);
  storeBatch(g, t, true);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(other, outer.loc);
  storeBatch(g, t, false);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = direct;
  if (!mlirValueIsNull(staged))
    dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

/* The staged epilogue of a whole tile: each consumer writes its rows of C
 * (64 cooperative, 128 ping-pong: a buffer per 64-row slab) to its
 * staging buffers (stageBatch), and its thread 0 stores them by TMA, one
 * 64 × 64 box at a time, while the consumers go on to the next tile's
 * MMAs. Before: the previous tile's stores have read the buffers (issued
 * a whole mainloop ago: no wait in practice). */
static void stageBegin(Gen *g, void *userData) {
  const Fragments *f = userData;
  sm90GemmStoreReadWait(g, 0);
  sm90NamedBarrier(g, add(g, f->consumer, cst(g, 1)), 128);
}

/* A tile's pipeline and fragments, for code emitted through gemmEmitIf. */
typedef struct TileCode {
  const Pipeline *p;
  const Fragments *f;
} TileCode;

static void stageEnd(Gen *g, void *userData) {
  const TileCode *e = userData;
  const Pipeline *p = e->p;
  const Fragments *f = e->f;
  /* Every thread's writes before the copy engine reads them. */
  dlcBuild(&g->b, DLC_OP_DLCGPU_FENCE_ASYNC_SHARED, 0, NULL, 0, NULL, 0, NULL,
           NULL);
  sm90NamedBarrier(g, add(g, f->consumer, cst(g, 1)), 128);
  int64_t perSlab = g->t->tileN / BoxMN;
  MlirValue slab[MaxSlabs * 4], box[MaxSlabs * 4], slot[MaxSlabs * 4];
  int count = 0;
  for (int s = 0; s < p->slabs; ++s)
    for (int64_t b = 0; b < perSlab && count < MaxSlabs * 4; ++b, ++count) {
      slab[count] = cst(g, s), box[count] = cst(g, b);
      slot[count] = cst(g, s * perSlab + b);
    }
  storeBoxes(g, p, f, count, slab, box, slot);
}

/* The step list on the batch's fragments and inputs `in`. */
static void applyBatch(Gen *g, TileBatch *t,
                       MlirValue in[Batch][KP_MAX_INPUTS]) {
  for (int i = 0; i < t->count; ++i)
    t->value[i] = gemmEpilogueApply(g, t->frag[i].acc, t->f->done, in[i],
                                    t->f->steps, &t->token[i]);
}

/* One batch: its inputs, the step list on its fragments, its stores. */
static void emitBatch(Gen *g, TileBatch *t, MlirValue inside,
                      MlirValue staged) {
  MlirValue in[Batch][KP_MAX_INPUTS];
  batchInputs(g, t, inside, in);
  applyBatch(g, t, in);
  storeChoice(g, t, staged, inside);
}

/* A step the PTX back end expands into many instructions (a division's
 * correctly rounded slow path, a transcendental's polynomial): ptxas's
 * time grows with the square of their number in one kernel. */
static bool costlyStep(const KpStep *s) {
  static const char *const cheap[] = {"add",  "sub",     "mul",  "max",
                                      "min",  "neg",     "relu", "abs",
                                      "silu", "sigmoid", NULL};
  if (s->kind != KP_STEP_UNARY && s->kind != KP_STEP_BINARY)
    return false;
  for (int i = 0; cheap[i]; ++i)
    if (strcmp(s->fn, cheap[i]) == 0)
      return false;
  return true;
}

static bool costlySteps(const KpProblem *p) {
  for (int i = 0; i < p->numSteps; ++i)
    if (costlyStep(&p->steps[i]))
      return true;
  return false;
}

/* The batches in a loop the back ends do not unroll: batch `it` of
 * `count` (slab it / perSlab) takes its fragments by selects on `it` from
 * the accumulators, which stay in registers. */
static void emitBatchLoop(Gen *g, const Pipeline *p, const Fragments *f,
                          MlirValue inside, MlirValue staged) {
  int64_t perSlab = g->t->tileN / 8 / Batch;
  int64_t count = p->slabs * perSlab;
  MlirBlock body;
  MlirOperation loop =
      dlcBuildFor(&g->b, cst(g, 0), cst(g, count), cst(g, 1), 0, NULL, &body);
  mlirOperationSetDiscardableAttributeByName(
      loop, mlirStringRefCreateFromCString("loop_annotation"),
      dlcAttr(g->b.ctx, "#llvm.loop_annotation<unroll = <disable = true>>"));
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue it = mlirBlockGetArgument(body, 0);
  TileBatch t = {.p = p,
                 .f = f,
                 .s = divc(g, it, perSlab),
                 .j0 = mul(g, remc(g, it, perSlab), Batch),
                 .count = Batch};
  for (int i = 0; i < Batch; ++i) {
    MlirValue acc = accOf(g, f, 0, i);
    for (int64_t c = 1; c < count; ++c)
      acc =
          sel(g, dlcCmpI(&g->b, "eq", it, cst(g, c)),
              accOf(g, f, (int)(c / perSlab), (c % perSlab) * Batch + i), acc);
    t.frag[i] = fragmentAt(g, f, acc, t.s, add(g, t.j0, cst(g, i)));
  }
  emitBatch(g, &t, inside, staged);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

/* The staged fast path with a store per box (eachBox): batch b + 1's
 * inputs are read before box b's barrier, which ptxas does not move loads
 * across, so their latency overlaps the barrier and the slot's wait. */
static void emitStagedBoxes(Gen *g, TileBatch *t, int count) {
  MlirValue in[2][Batch][KP_MAX_INPUTS];
  batchInputs(g, &t[0], (MlirValue){NULL}, in[0]);
  for (int b = 0; b < count; ++b) {
    applyBatch(g, &t[b], in[b % 2]);
    stageWrite(g, &t[b]);
    if (b + 1 < count)
      batchInputs(g, &t[b + 1], (MlirValue){NULL}, in[(b + 1) % 2]);
    stageIssue(g, &t[b]);
  }
}

/* The batches unrolled, `inside` and `staged` as storeChoice takes them. */
static void emitBatches(Gen *g, const Pipeline *p, const Fragments *f,
                        MlirValue inside, MlirValue staged) {
  enum { MaxBatches = MaxSlabs * 256 / 8 / Batch };
  TileBatch t[MaxBatches];
  memset(t, 0, sizeof(t));
  int count = 0;
  for (int s = 0; s < p->slabs; ++s)
    for (int64_t j0 = 0; j0 < g->t->tileN / 8; j0 += Batch) {
      TileBatch *b = &t[count++];
      *b = (TileBatch){.p = p, .f = f, .s = cst(g, s), .j0 = cst(g, j0)};
      for (int64_t j = j0; j < j0 + Batch && j < g->t->tileN / 8; ++j)
        b->frag[b->count++] =
            fragmentAt(g, f, accOf(g, f, s, j), cst(g, s), cst(g, j));
    }
  if (p->eachBox && mlirValueIsNull(inside) && !mlirValueIsNull(staged)) {
    emitStagedBoxes(g, t, count);
    return;
  }
  for (int b = 0; b < count; ++b)
    emitBatch(g, &t[b], inside, staged);
}

/* The epilogue on the accumulators of a tile. The fast path (a staged
 * tile where the kernel stages, else a whole tile) is unrolled and
 * straight: per batch
 * of 8 fragments the inputs are read without bounds checks, the step list
 * runs, and the values are stored. Every other tile (an edge tile, or one
 * whose C map was not encoded) takes the general path: the same
 * batches in an scf.for that the back ends do not unroll, each batch's
 * fragments selected from the accumulators, its inputs read guarded or
 * not, and only then a branch on how to store them. A costly step list
 * takes the general path for every tile. So the step list is in the PTX
 * at most twice, the general copy a quarter of a tile (BN = 256): three
 * unrolled copies made a bf16 bias + SiLU + GELU kernel 9,122 PTX lines
 * and 83 s of ptxas (bench/RESULTS.md run 28). The unguarded fast path
 * matters for speed (the guarded epilogue was ~110 PTX instructions a
 * fragment with the tensor pipe idle, the unguarded one ~17: 4096³ +5%,
 * runs gemmbig-1 to 3). */
void sm90GemmFinishTile(Gen *g, const Pipeline *p, const Fragments *f) {
  MlirValue wholeN =
      dlcCmpI(&g->b, "sle", add(g, g->n0, cst(g, g->t->tileN)), g->size[KP_N]);
  MlirValue wholeM =
      dlcCmpI(&g->b, "sle", add(g, g->m0, cst(g, g->t->tileM)), g->size[KP_M]);
  MlirValue inside = andi(g, f->pairs, andi(g, wholeM, wholeN));
  MlirValue staged = (MlirValue){NULL};
  if (!mlirValueIsNull(p->staging)) {
    /* Staged: whole tiles, and those past M where no input varies along m
     * (TMA stores no row past M, and the inputs' unguarded reads depend on
     * the column only; 4095 x 4097 x 4093: 32 more of 528), when C's map
     * was encoded: over C, or over the workspace the host copies into C
     * (rows of odd length, N = 4097, run odd-4). */
    MlirValue tiles =
        dlcSm90StagesRowsPastM(g->p) ? wholeN : andi(g, wholeM, wholeN);
    /* directStore: without C's map too, the consumers storing the boxes
     * (storeBox). */
    staged = g->t->directStore ? tiles : andi(g, tiles, p->mapUsable);
    gemmEmitIf(g, staged, stageBegin, (void *)f);
  }
  if (g->t->tileN % (8 * Batch) != 0) {
    /* No loop form (not a planned tile width): unrolled, one copy. */
    emitBatches(g, p, f, inside, staged);
  } else if (costlySteps(g->p)) {
    emitBatchLoop(g, p, f, inside, staged);
  } else {
    MlirValue fast = mlirValueIsNull(staged) ? inside : staged;
    MlirBlock then, other;
    dlcBuildIfElse(&g->b, fast, 0, NULL, &then, &other);
    DlcBuilder outer = g->b;
    g->b = dlcBuilderAtEnd(then, outer.loc);
    /* The fast path: known whole, staged where the kernel stages. */
    emitBatches(g, p, f, (MlirValue){NULL}, p->staging);
    dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    /* Not staged here (staged implies fast). */
    g->b = dlcBuilderAtEnd(other, outer.loc);
    emitBatchLoop(g, p, f, inside, (MlirValue){NULL});
    dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    g->b = outer;
  }
  if (!mlirValueIsNull(staged) && !p->eachBox) {
    TileCode c = {p, f};
    gemmEmitIf(g, staged, stageEnd, &c);
  }
}
