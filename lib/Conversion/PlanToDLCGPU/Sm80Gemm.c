/* The SM80 GEMM skeleton (spec §9.1, §9.2), emitted as dlcgpu ops over the
 * kernel-problem model:
 *
 *   prologue: copy tiles 0..S-2 into shared-memory stages, commit each
 *   for kt in 0..ceildiv(K, BK):            (the newest group's token carried)
 *     wait until tile kt has landed (S-2 groups may pend); barrier
 *     copy tile kt+S-1 into stage (kt-1) % S; commit          (TokLoad)
 *     ldmatrix A/B fragments of stage kt % S; mma.sync m16n8k16 (TokCompute)
 *   epilogue steps on the accumulators in registers (TokEpilogue); guarded
 *   stores
 *
 * Every tensor is a flat memref addressed through the problem's strides,
 * so row- and column-major operands, transposed reads, a batch axis (grid
 * y) and broadcast operands (stride 0) are one code path. Each operand's
 * shared-memory tile is [outer][inner] with `inner` its unit-stride axis:
 * A is [m][k] or [k][m], B is [k][n] or [n][k]; ldmatrix transposes the
 * tiles whose outer axis is k. Every tail is predicated: elements past M,
 * N, K are zero-filled by cp.async's source size, and stores are guarded,
 * so no size needs to be a multiple of anything. A 16-byte cp.async needs
 * a unit inner stride and outer and batch strides that are multiples of 8
 * elements; otherwise a uniform branch loads the same chunks element by
 * element into registers at the top of the iteration and stores them to
 * shared memory after the MMAs, so the loads still overlap the math.
 * Shared memory is XOR-swizzled in 16-byte chunks so ldmatrix reads are
 * free of bank conflicts. */
#include "DialectNames.h"
#include "GemmGen.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

enum { MaxFrags = 8, MaxAcc = 64 };

/* --- shared memory layout
 * ----------------------------------------------------- */

/* --- global -> shared copies
 * ---------------------------------------------------- */

/* One 16-byte chunk a thread copies: its smem place, and its global place
 * split into the part fixed for the CTA and the k part moving with the
 * tile. */
typedef struct Chunk {
  MlirValue smemRow, smemCol;   /* in the tile */
  MlirValue fixedOffset;        /* base + fixed coordinate * its stride */
  MlirValue movingLocal;        /* k within the tile */
  MlirValue fixedOk;            /* outer fixed: the fixed coordinate in range */
  MlirValue fixedCount;         /* inner fixed: elements in range, 0..8 */
  MlirValue mPart[KP_MAX_RANK]; /* gather: each window dim's m part */
} Chunk;

typedef struct Operand {
  Access *x;
  MlirValue smem;
  KpRole outer, inner, fixed; /* tile [outer][inner]; fixed: m or n */
  int64_t outerTile, innerTile;
  bool unitInner; /* the inner stride is the constant 1 */
  int numChunks;
  Chunk chunks[MaxFrags];
  /* An implicit GEMM's A: gathered through the problem's window. */
  bool gather;
  MlirValue wStride[KP_MAX_RANK], wExtent[KP_MAX_RANK];
  bool checked[KP_MAX_RANK]; /* dims whose index may leave [0, extent) */
  int vecDim; /* the dim the innermost k axis indexes alone, or -1 */
} Operand;

/* --- the implicit GEMM's gather of A
 * ----------------------------------------------------------------------- */

/* The window's values, and which dims need bounds checks: a dim only a
 * plain m axis indexes stays in range (m < M), any other may leave it (the
 * padding, zero-filled). The 16-byte path needs the innermost k axis to
 * index one dim alone, as itself, with unit stride (NHWC's ci). */
static void planGather(Gen *g, Operand *op) {
  const KpProblem *p = g->p;
  const KpWindow *w = &p->window;
  int innerK = p->fused[KP_K].num - 1;
  op->innerTile = g->t->tileK;
  op->inner = KP_K, op->outer = KP_M;
  op->vecDim = -1;
  for (int d = 0; d < w->rank; ++d) {
    const KpWindowDim *wd = &w->dim[d];
    op->wStride[d] = gemmExtent(g, &wd->stride);
    op->wExtent[d] = gemmExtent(g, &wd->extent);
    int plainM = 0; /* m axes in the dim; other: anything but 1·m */
    bool other = wd->offset != 0;
    for (int i = 0; i < p->fused[KP_M].num; ++i) {
      plainM += wd->mCoef[i] != 0;
      other |= wd->mCoef[i] != 0 && wd->mCoef[i] != 1;
    }
    for (int j = 0; j < p->fused[KP_K].num; ++j)
      other |= wd->kCoef[j] != 0;
    op->checked[d] = other || plainM > 1;
    if (wd->kCoef[innerK] == 0)
      continue;
    bool alone = wd->kCoef[innerK] == 1 && wd->offset == 0 && plainM == 0 &&
                 kpExtentIs(&wd->stride, 1);
    for (int j = 0; j < innerK; ++j)
      alone &= wd->kCoef[j] == 0;
    op->vecDim = alone && op->vecDim == -1 ? d : -2;
  }
  if (op->vecDim < 0)
    op->vecDim = -1;
}

/* Per chunk: the m row's part of every window dim and the row's offset. */
static void planGatherChunk(Gen *g, Operand *op, Chunk *c, MlirValue m) {
  const KpWindow *w = &g->p->window;
  MlirValue axes[KP_MAX_FUSED];
  gemmSplit(g, KP_M, m, axes);
  c->fixedOk = lt(g, m, g->size[KP_M]);
  c->fixedOffset = op->x->base;
  for (int d = 0; d < w->rank; ++d) {
    MlirValue part = cst(g, w->dim[d].offset);
    for (int i = 0; i < g->p->fused[KP_M].num; ++i)
      if (w->dim[d].mCoef[i])
        part = add(g, part, mul(g, axes[i], w->dim[d].mCoef[i]));
    c->mPart[d] = part;
    c->fixedOffset = add(g, c->fixedOffset, mulv(g, part, op->wStride[d]));
  }
}

/* The element at reduction index `k` of chunk `c`: its offset and whether
 * it lies in the window (else it is zero). */
static MlirValue gatherAt(Gen *g, const Operand *op, const Chunk *c,
                          MlirValue k, MlirValue *ok) {
  const KpWindow *w = &g->p->window;
  MlirValue axes[KP_MAX_FUSED];
  gemmSplit(g, KP_K, k, axes);
  *ok = andi(g, c->fixedOk, lt(g, k, g->size[KP_K]));
  MlirValue offset = c->fixedOffset;
  for (int d = 0; d < w->rank; ++d) {
    MlirValue part = cst(g, 0);
    for (int j = 0; j < g->p->fused[KP_K].num; ++j)
      if (w->dim[d].kCoef[j])
        part = add(g, part, mul(g, axes[j], w->dim[d].kCoef[j]));
    offset = add(g, offset, mulv(g, part, op->wStride[d]));
    if (!op->checked[d])
      continue;
    MlirValue index = add(g, c->mPart[d], part);
    *ok = andi(g, *ok, dlcCmpI(&g->b, "sle", cst(g, 0), index));
    *ok = andi(g, *ok, lt(g, index, op->wExtent[d]));
  }
  return offset;
}

/* Whether A's chunks may be gathered by 16-byte cp.async: the innermost k
 * axis runs alone along a unit-stride dim in whole chunks (C a multiple
 * of 8) and every other dim's stride keeps 16-byte alignment. */
static MlirValue gatherAligned(Gen *g, const Operand *op) {
  if (op->vecDim < 0)
    return dlcConstInt(&g->b, g->i1, 0);
  const KpFused *k = &g->p->fused[KP_K];
  MlirValue ok = isMultiple(g, g->fusedSize[KP_K][k->num - 1], 8);
  for (int d = 0; d < g->p->window.rank; ++d)
    if (d != op->vecDim)
      ok = andi(g, ok, isMultiple(g, op->wStride[d], 8));
  return ok;
}

/* The tile layout of A (fixed role m) or B (fixed role n): the inner axis
 * is whichever of k and the fixed role has unit stride (k first for A, n
 * first for B, as a row-major A[m,k], B[k,n] has them). */
static void planOperand(Gen *g, Operand *op, Access *x, KpRole fixed) {
  const KpTensor *t = x->tensor;
  bool kUnit = kpExtentIs(&t->stride[KP_K], 1);
  bool fixedUnit = kpExtentIs(&t->stride[fixed], 1);
  bool innerK = fixed == KP_M ? kUnit || !fixedUnit : kUnit && !fixedUnit;
  op->x = x;
  op->fixed = fixed;
  op->inner = innerK ? KP_K : fixed;
  op->outer = innerK ? fixed : KP_K;
  op->unitInner = innerK ? kUnit : fixedUnit;
  int64_t fixedTile = fixed == KP_M ? g->t->tileM : g->t->tileN;
  op->outerTile = innerK ? fixedTile : g->t->tileK;
  op->innerTile = innerK ? g->t->tileK : fixedTile;
  op->smem = gemmSmemAlloc(g, g->t->stages, op->outerTile, op->innerTile);
  op->gather = g->p->implicit && fixed == KP_M;
  if (op->gather)
    planGather(g, op);
}

static void planChunks(Gen *g, Operand *op) {
  int64_t perRow = op->innerTile / 8;
  MlirValue origin = op->fixed == KP_M ? g->m0 : g->n0;
  op->numChunks = (int)(op->outerTile * perRow / g->threads);
  for (int i = 0; i < op->numChunks; ++i) {
    Chunk *c = &op->chunks[i];
    MlirValue id = add(g, g->tid, cst(g, (int64_t)i * g->threads));
    MlirValue row = divc(g, id, perRow), chunk = remc(g, id, perRow);
    c->smemRow = row;
    c->smemCol = mul(g, gemmSwizzle(g, row, chunk, perRow), 8);
    MlirValue fixedCoord;
    if (op->gather) {
      c->movingLocal = mul(g, chunk, 8);
      planGatherChunk(g, op, c, add(g, origin, row));
      continue;
    }
    if (op->inner == KP_K) { /* rows are the fixed axis */
      fixedCoord = add(g, origin, row);
      c->movingLocal = mul(g, chunk, 8);
      c->fixedOk = lt(g, fixedCoord, g->size[op->fixed]);
    } else { /* chunks run along the fixed axis */
      fixedCoord = add(g, origin, mul(g, chunk, 8));
      c->movingLocal = row;
      c->fixedCount = clamp(g, sub(g, g->size[op->fixed], fixedCoord), 0, 8);
    }
    c->fixedOffset =
        add(g, op->x->base, mulv(g, fixedCoord, op->x->stride[op->fixed]));
  }
}

typedef struct CopyArgs {
  Operand *op;
  Chunk *chunk;
  MlirValue stage, offset, count; /* count: elements in range, 0..8 */
} CopyArgs;

/* The copy of chunk `i` of the tile at k0 of one operand: its global
 * offset and how many of its 8 elements are in range (0 past M, N or K). */
static CopyArgs chunkCopy(Gen *g, Operand *op, int i, MlirValue k0,
                          MlirValue stage) {
  Chunk *c = &op->chunks[i];
  MlirValue k = add(g, k0, c->movingLocal);
  CopyArgs a = {op, c, stage, {NULL}, {NULL}};
  if (op->gather) { /* whole chunks: all 8 in the window or none */
    MlirValue ok;
    a.offset = gatherAt(g, op, c, k, &ok);
    a.count = sel(g, ok, cst(g, 8), cst(g, 0));
    return a;
  }
  a.offset = add(g, c->fixedOffset, mulv(g, k, op->x->stride[KP_K]));
  if (op->inner == KP_K)
    a.count =
        sel(g, c->fixedOk, clamp(g, sub(g, g->size[KP_K], k), 0, 8), cst(g, 0));
  else
    a.count = sel(g, lt(g, k, g->size[KP_K]), c->fixedCount, cst(g, 0));
  return a;
}

static void emitAsyncCopy(Gen *g, const CopyArgs *a) {
  gemmCpAsync(g, a->op->smem, a->stage, a->chunk->smemRow, a->chunk->smemCol,
              a->op->x->global, a->offset, a->count);
}

/* Element path: the same chunk loaded element by element (zero past the
 * end, any inner stride) into registers; stored to shared memory later
 * (storeStaged), so the loads of the next tile overlap the MMAs. */
static MlirValue loadChunkElements(Gen *g, const CopyArgs *a, MlirValue k) {
  MlirValue elems[8];
  MlirValue zeroF = dlcConstFloat(&g->b, g->in, 0.0), zero = cst(g, 0);
  MlirValue step = a->op->x->stride[a->op->inner];
  for (int e = 0; e < 8; ++e) {
    MlirValue ok, at;
    if (a->op->gather) /* each element its own window point */
      at = gatherAt(g, a->op, a->chunk, add(g, k, cst(g, e)), &ok);
    else
      ok = lt(g, cst(g, e), a->count), at = add(g, a->offset, mul(g, step, e));
    MlirValue operands[] = {a->op->x->global, sel(g, ok, at, zero)};
    MlirValue v =
        dlcBuildValue(&g->b, "memref.load", 2, operands, g->in, 0, NULL, NULL);
    elems[e] = sel(g, ok, v, zeroF);
  }
  return dlcBuildValue(&g->b, "vector.from_elements", 8, elems,
                       gemmVectorType(g, "8", g->in), 0, NULL, NULL);
}

/* What a thread staged in registers for one tile (the element path). */
typedef struct Staged {
  Operand *op;
  MlirValue stage;
  MlirValue values[MaxFrags]; /* one vector<8xT> per chunk */
} Staged;

/* 16-byte path: the tile at kt of one operand into `stage` by cp.async. */
static void asyncTileCopy(Gen *g, Operand *op, MlirValue kt, MlirValue stage) {
  MlirValue k0 = mul(g, kt, g->t->tileK);
  for (int i = 0; i < op->numChunks; ++i) {
    CopyArgs a = chunkCopy(g, op, i, k0, stage);
    emitAsyncCopy(g, &a);
  }
}

/* Element path: the tile at kt of one operand into registers (`staged`),
 * stored to `stage` later by storeStaged. */
static void loadTile(Gen *g, Operand *op, MlirValue kt, MlirValue stage,
                     Staged *staged) {
  MlirValue k0 = mul(g, kt, g->t->tileK);
  staged->op = op;
  staged->stage = stage;
  for (int i = 0; i < op->numChunks; ++i) {
    CopyArgs a = {op, &op->chunks[i], stage, {NULL}, {NULL}};
    if (!op->gather)
      a = chunkCopy(g, op, i, k0, stage);
    staged->values[i] =
        loadChunkElements(g, &a, add(g, k0, op->chunks[i].movingLocal));
  }
}

static void storeStaged(Gen *g, const Staged *s) {
  for (int i = 0; i < s->op->numChunks; ++i) {
    MlirValue operands[] = {s->values[i], s->op->smem, s->stage,
                            s->op->chunks[i].smemRow, s->op->chunks[i].smemCol};
    dlcBuild(&g->b, "vector.store", 5, operands, 0, NULL, 0, NULL, NULL);
  }
}

/* Whether one operand's rows may be copied by 16-byte cp.async: unit
 * inner stride, rows and batches starting at 16-byte boundaries, and rows
 * of whole chunks (a 1-D operand's last chunk would otherwise end past its
 * allocation: cp.async reads whole 16 bytes, as compute-sanitizer shows). */
static MlirValue operandAligned(Gen *g, const Operand *op) {
  if (op->gather)
    return gatherAligned(g, op);
  if (!op->unitInner)
    return dlcConstInt(&g->b, g->i1, 0);
  MlirValue rows = andi(g, isMultiple(g, op->x->stride[op->outer], 8),
                        isMultiple(g, op->x->stride[KP_BATCH], 8));
  return andi(g, rows, isMultiple(g, g->size[op->inner], 8));
}

/* --- fragments and the MMAs
 * ---------------------------------------------------------------- */

typedef struct Fragments {
  int numI, numJ;                  /* mma tiles per warp: M/16, N/8 */
  MlirValue aRow[MaxFrags][4];     /* per i, kk: smem row of this lane */
  MlirValue aCol[MaxFrags][4];     /* per i, kk: smem column */
  MlirValue bRow[MaxFrags / 2][4]; /* per j pair, kk */
  MlirValue bCol[MaxFrags / 2][4];
} Fragments;

/* The smem row and column whose address this lane gives ldmatrix.x4 for
 * the 16×16 block at (`mn`, 16·kk) of an operand (tile-local): A's four
 * 8×8 matrices are (m0, k0), (m8, k0), (m0, k8), (m8, k8), B's pairs are
 * (n0, k0), (n0, k8), (n8, k0), (n8, k8). When the tile's outer axis is k
 * the matrices are read transposed. */
static void fragmentAddress(Gen *g, const Operand *op, MlirValue mn, int64_t kk,
                            MlirValue *row, MlirValue *col) {
  MlirValue l8 = remc(g, g->lane, 8), l16 = remc(g, g->lane, 16);
  MlirValue hi = divc(g, g->lane, 16), mid = remc(g, divc(g, g->lane, 8), 2);
  MlirValue k, x;
  bool isA = op->fixed == KP_M;
  if (op->outer == KP_K) { /* [k][mn], ldmatrix.trans */
    k = isA ? add(g, cst(g, 16 * kk), add(g, l8, mul(g, hi, 8)))
            : add(g, cst(g, 16 * kk), l16);
    x = add(g, mn, mul(g, isA ? mid : hi, 8));
    *row = k;
    *col = x;
  } else { /* [mn][k] */
    x = isA ? add(g, mn, l16) : add(g, mn, add(g, mul(g, hi, 8), l8));
    k = add(g, cst(g, 16 * kk), mul(g, isA ? hi : mid, 8));
    *row = x;
    *col = k;
  }
  *col = mul(g, gemmSwizzle(g, *row, divc(g, *col, 8), op->innerTile / 8), 8);
}

static void planFragments(Gen *g, Fragments *f, const Operand *a,
                          const Operand *b, MlirValue warpM, MlirValue warpN) {
  const DlcGemmTiling *t = g->t;
  f->numI = (int)(t->warpM / 16);
  f->numJ = (int)(t->warpN / 8);
  for (int64_t kk = 0; kk < t->tileK / 16; ++kk) {
    for (int i = 0; i < f->numI; ++i)
      fragmentAddress(g, a, add(g, mul(g, warpM, t->warpM), cst(g, 16 * i)), kk,
                      &f->aRow[i][kk], &f->aCol[i][kk]);
    for (int jp = 0; jp < f->numJ / 2; ++jp)
      fragmentAddress(g, b, add(g, mul(g, warpN, t->warpN), cst(g, 16 * jp)),
                      kk, &f->bRow[jp][kk], &f->bCol[jp][kk]);
  }
}

static MlirValue ldmatrix(Gen *g, const Operand *op, MlirValue stage,
                          MlirValue row, MlirValue col) {
  return gemmLdmatrix(g, op->smem, stage, row, col, op->outer == KP_K);
}

/* ldmatrix + mma.sync over one shared-memory stage; updates `acc`. */
static void emitStageCompute(Gen *g, const Fragments *f, const Operand *a,
                             const Operand *b, MlirValue stage,
                             MlirValue *acc) {
  for (int64_t kk = 0; kk < g->t->tileK / 16; ++kk) {
    MlirValue fa[MaxFrags], fb[MaxFrags];
    for (int i = 0; i < f->numI; ++i)
      fa[i] = ldmatrix(g, a, stage, f->aRow[i][kk], f->aCol[i][kk]);
    for (int jp = 0; jp < f->numJ / 2; ++jp) {
      MlirValue pair = ldmatrix(g, b, stage, f->bRow[jp][kk], f->bCol[jp][kk]);
      fb[2 * jp] = gemmHalfOf(g, pair, 0);
      fb[2 * jp + 1] = gemmHalfOf(g, pair, 2);
    }
    for (int i = 0; i < f->numI; ++i)
      for (int j = 0; j < f->numJ; ++j) {
        acc[i * f->numJ + j] =
            gemmMmaSync(g, fa[i], fb[j], acc[i * f->numJ + j]);
      }
  }
}

static void emitEpilogue(Gen *g, const Fragments *f, MlirValue warpM,
                         MlirValue warpN, const MlirValue *acc,
                         MlirValue computeToken) {
  MlirValue group = divc(g, g->lane, 4), quad = mul(g, remc(g, g->lane, 4), 2);
  MlirValue rowBase = add(g, add(g, g->m0, mul(g, warpM, g->t->warpM)), group);
  MlirValue colBase = add(g, add(g, g->n0, mul(g, warpN, g->t->warpN)), quad);
  MlirValue pairs = gemmPairStores(g);
  MlirAttribute steps = gemmStepsAttr(g);
  for (int i = 0; i < f->numI; ++i)
    for (int j = 0; j < f->numJ; ++j)
      gemmEpilogueFragment(g, acc[i * f->numJ + j], computeToken,
                           add(g, rowBase, cst(g, 16 * i)),
                           add(g, colBase, cst(g, 8 * j)), steps, pairs);
}

/* --- the kernel
 * ------------------------------------------------------------------------- */

/* What both k loops start from. */
typedef struct LoopSetup {
  Operand *a, *b;
  const Fragments *f;
  MlirValue accInit, kTiles, zero, one;
} LoopSetup;

/* 16-byte path: the cp.async ring. The newest group's token is carried;
 * one barrier per tile: after it, tile kt is visible to every thread and
 * every thread is done with stage (kt-1) % S, which the copies of tile
 * kt+S-1 then refill. Ends the block with scf.yield of the accumulators. */
static void emitAsyncLoop(Gen *g, const LoopSetup *s) {
  int64_t stages = g->t->stages;
  int numAcc = s->f->numI * s->f->numJ;
  MlirValue group = {NULL};
  for (int64_t st = 0; st + 1 < stages; ++st) {
    asyncTileCopy(g, s->a, cst(g, st), cst(g, st));
    asyncTileCopy(g, s->b, cst(g, st), cst(g, st));
    group = gemmCommitGroup(g);
  }
  MlirValue carried[MaxAcc + 1];
  for (int i = 0; i < numAcc; ++i)
    carried[i] = s->accInit;
  carried[numAcc] = group;
  MlirBlock body;
  MlirOperation loop = dlcBuildFor(&g->b, s->zero, s->kTiles, s->one,
                                   numAcc + 1, carried, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue kt = mlirBlockGetArgument(body, 0);
  for (int i = 0; i <= numAcc; ++i)
    carried[i] = mlirBlockGetArgument(body, i + 1);
  const char *pendingName[] = {"pending"};
  MlirAttribute pending = gemmI64(g, stages - 2);
  dlcBuild(&g->b, DLC_OP_DLCGPU_WAIT_GROUP, 1, &carried[numAcc], 0, NULL, 1,
           pendingName, &pending);
  gemmBarrier(g);
  MlirValue next = add(g, kt, cst(g, stages - 1));
  MlirValue nextStage = remc(g, next, stages);
  asyncTileCopy(g, s->a, next, nextStage);
  asyncTileCopy(g, s->b, next, nextStage);
  carried[numAcc] = gemmCommitGroup(g);
  emitStageCompute(g, s->f, s->a, s->b, remc(g, kt, stages), carried);
  dlcBuild(&g->b, "scf.yield", numAcc + 1, carried, 0, NULL, 0, NULL, NULL);
  g->b = outer;

  /* Drain the copies issued past the last tile. */
  MlirValue last = mlirOperationGetResult(loop, numAcc);
  MlirAttribute none = gemmI64(g, 0);
  dlcBuild(&g->b, DLC_OP_DLCGPU_WAIT_GROUP, 1, &last, 0, NULL, 1, pendingName,
           &none);
  MlirValue acc[MaxAcc];
  for (int i = 0; i < numAcc; ++i)
    acc[i] = mlirOperationGetResult(loop, i);
  dlcBuild(&g->b, "scf.yield", numAcc, acc, 0, NULL, 0, NULL, NULL);
}

/* Element path: loads of tile kt+S-1 into registers at the top of
 * iteration kt, stores into stage (kt-1) % S after its MMAs (everyone left
 * that stage before the barrier); the next barrier publishes them. Ends the
 * block with scf.yield of the accumulators. */
static void emitElementLoop(Gen *g, const LoopSetup *s) {
  int64_t stages = g->t->stages;
  int numAcc = s->f->numI * s->f->numJ;
  Staged stagedA, stagedB;
  for (int64_t st = 0; st + 1 < stages; ++st) {
    loadTile(g, s->a, cst(g, st), cst(g, st), &stagedA);
    loadTile(g, s->b, cst(g, st), cst(g, st), &stagedB);
    storeStaged(g, &stagedA);
    storeStaged(g, &stagedB);
  }
  MlirValue acc[MaxAcc];
  for (int i = 0; i < numAcc; ++i)
    acc[i] = s->accInit;
  MlirBlock body;
  MlirOperation loop =
      dlcBuildFor(&g->b, s->zero, s->kTiles, s->one, numAcc, acc, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue kt = mlirBlockGetArgument(body, 0);
  for (int i = 0; i < numAcc; ++i)
    acc[i] = mlirBlockGetArgument(body, i + 1);
  gemmBarrier(g);
  MlirValue next = add(g, kt, cst(g, stages - 1));
  MlirValue nextStage = remc(g, next, stages);
  loadTile(g, s->a, next, nextStage, &stagedA);
  loadTile(g, s->b, next, nextStage, &stagedB);
  emitStageCompute(g, s->f, s->a, s->b, remc(g, kt, stages), acc);
  storeStaged(g, &stagedA);
  storeStaged(g, &stagedB);
  dlcBuild(&g->b, "scf.yield", numAcc, acc, 0, NULL, 0, NULL, NULL);
  g->b = outer;
  for (int i = 0; i < numAcc; ++i)
    acc[i] = mlirOperationGetResult(loop, i);
  dlcBuild(&g->b, "scf.yield", numAcc, acc, 0, NULL, 0, NULL, NULL);
}

void dlcEmitSm80Gemm(MlirOperation kernel, const KpProblem *p,
                     const DlcGemmTiling *t, int numTensors) {
  Gen gen;
  Gen *g = &gen;
  gemmGenInit(g, kernel, p, t, numTensors);
  g->warpsN = t->tileN / t->warpN;
  g->threads = dlcGemmThreads(t);

  Operand a, b;
  planOperand(g, &a, &g->ta, KP_M);
  planOperand(g, &b, &g->tb, KP_N);
  g->tid = gemmGpuId(g, "gpu.thread_id", "x");
  g->lane = remc(g, g->tid, 32);
  MlirValue warp = divc(g, g->tid, 32);
  MlirValue warpM = divc(g, warp, g->warpsN), warpN = remc(g, warp, g->warpsN);
  MlirValue tileRow, tileCol;
  gemmRasterize(g, &tileRow, &tileCol);
  g->m0 = mul(g, tileRow, t->tileM);
  g->n0 = mul(g, tileCol, t->tileN);
  g->aligned = andi(g, operandAligned(g, &a), operandAligned(g, &b));
  planChunks(g, &a);
  planChunks(g, &b);
  Fragments f;
  planFragments(g, &f, &a, &b, warpM, warpN);

  int numAcc = f.numI * f.numJ;
  MlirType types[] = {gemmVectorType(g, "2x2", g->f32),
                      dlcType(g->b.ctx, "!dlcgpu.compute_token")};
  const char *valueName[] = {"value"};
  MlirAttribute zeroF = mlirFloatAttrDoubleGet(g->b.ctx, g->f32, 0.0);
  MlirOperation init = dlcBuild(&g->b, DLC_OP_DLCGPU_ACC_INIT, 0, NULL, 2,
                                types, 1, valueName, &zeroF);
  MlirValue kTiles =
      divc(g, add(g, g->size[KP_K], cst(g, t->tileK - 1)), t->tileK);

  /* The copy form is uniform for a launch, so it is chosen once, outside
   * the k loop: each branch runs a loop specialised to its copies. */
  MlirType accTypes[MaxAcc];
  for (int i = 0; i < numAcc; ++i)
    accTypes[i] = types[0];
  MlirValue zero = cst(g, 0), one = cst(g, 1);
  MlirBlock asyncBlock, elementBlock;
  MlirOperation choice = dlcBuildIfElse(&g->b, g->aligned, numAcc, accTypes,
                                        &asyncBlock, &elementBlock);
  DlcBuilder outer = g->b;
  LoopSetup setup = {&a,     &b,   &f, mlirOperationGetResult(init, 0),
                     kTiles, zero, one};
  g->b = dlcBuilderAtEnd(asyncBlock, outer.loc);
  emitAsyncLoop(g, &setup);
  g->b = dlcBuilderAtEnd(elementBlock, outer.loc);
  emitElementLoop(g, &setup);
  g->b = outer;
  MlirValue acc[MaxAcc];
  for (int i = 0; i < numAcc; ++i)
    acc[i] = mlirOperationGetResult(choice, i);
  emitEpilogue(g, &f, warpM, warpN, acc, mlirOperationGetResult(init, 1));
  dlcBuild(&g->b, "func.return", 0, NULL, 0, NULL, 0, NULL, NULL);
}
