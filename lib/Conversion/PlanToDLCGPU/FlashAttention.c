/* The SM80 flash-attention skeleton (spec §15.3, streaming softmax; the
 * FlashAttention-2 structure), emitted as dlcgpu ops over the attention
 * family of the kernel-problem model (AttentionProblem.h):
 *
 *   CTA = BM query rows of one (batch, head), 16 rows per warp
 *   prologue: cp.async Q tile, K/V tile 0; wait; Q fragments to registers
 *   for j in 0..tiles:          (O, row max m, row sum l, newest group carried)
 *     cp.async K/V tile j+1 into stage (j+1) % 2; commit
 *     S = Q K_jᵀ (mma.sync m16n8k16, f32 in registers), times
 *       qk_scale · exp2_scale (the scale folded into exp2's argument)
 *     plus the bias tile (times exp2_scale), -inf where the mask tensor
 *       drops the key: both read per S tile by guarded element loads into
 *       the accumulator layout
 *     mask to -inf only on tiles that need it (the key tail; with a causal
 *       mask, tiles crossing the diagonal)
 *     m' = max(m, rowmax S); p = exp2(S - m'); l = l·2^(m-m') + rowsum p;
 *       O = O·2^(m-m')        (row values shared by a quad of lanes)
 *     O += P V_j: P rounded to the operand type in registers is the A
 *       fragment of the second mma (the S accumulator layout is m16n8k16's
 *       A layout), V read by ldmatrix.trans
 *     wait for tile j+1; barrier (stage j % 2 free again)
 *   O / l stored through the GEMM epilogue (guarded, pairs where aligned)
 *
 * With a causal mask the loop stops at the CTA's diagonal tile (keys past
 * its last row are never read). A row whose keys the mask tensor drops
 * all (its max stays -inf) gets NaN, as the reference's exp2(-inf - -inf)
 * gives (docs/interp.md, "Fused attention"); with Lk = 0 the row is 0. Every
 * tail is predicated: rows past Lq and keys past Lk are zero-filled by
 * cp.async, keys past Lk masked, rows past Lq not stored. Grid: x = query
 * tiles, y = the batch axes flattened. */
#include "DialectNames.h"
#include "GemmGen.h"
#include "StepMath.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

enum { MaxS = 8, MaxO = 16, MaxQ = 8 }; /* fragments: BN/8, D/8, D/16 */

typedef struct Fa {
  Gen g; /* builders and types; g.p is the store's problem (O) */
  const KpAttention *a;
  const DlcAttnTiling *t;
  MlirType i32;
  int64_t d, cpr; /* head dim, 16-byte chunks per row */
  MlirValue lq, lk, m0, warp, lane, quad, group;
  MlirValue qSmem, kSmem, vSmem;
  MlirValue qGlobal, kGlobal, vGlobal;
  MlirValue qBase, kBase, vBase, qRow, kRow, vRow;
  Access bias, mask; /* global null when the model has none */
} Fa;

static MlirValue fconst(Fa *f, double v) {
  return dlcConstFloat(&f->g.b, f->g.f32, v);
}

static MlirValue extract(Fa *f, MlirValue v, MlirType type, int64_t i,
                         int64_t j, int rank) {
  const char *names[] = {"static_position"};
  MlirAttribute pos = mlirDenseI64ArrayGet(f->g.b.ctx, rank, (int64_t[]){i, j});
  return dlcBuildValue(&f->g.b, "vector.extract", 1, &v, type, 1, names, &pos);
}

/* vector<2x2xf32> {r0, r0; r1, r1}: a per-row value over a fragment. */
static MlirValue rowSplat(Fa *f, MlirValue r0, MlirValue r1) {
  MlirValue e[] = {r0, r0, r1, r1};
  return dlcBuildValue(&f->g.b, "vector.from_elements", 4, e,
                       gemmVectorType(&f->g, "2x2", f->g.f32), 0, NULL, NULL);
}

/* The other lanes of a quad (the four lanes sharing a row) combined. */
static MlirValue quadReduce(Fa *f, MlirValue v, const char *op) {
  const char *names[] = {"mode"};
  MlirAttribute mode = dlcAttr(f->g.b.ctx, "#gpu<shuffle_mode xor>");
  for (int offset = 1; offset <= 2; offset *= 2) {
    MlirValue operands[] = {v, dlcConstInt(&f->g.b, f->i32, offset),
                            dlcConstInt(&f->g.b, f->i32, 32)};
    MlirType types[] = {f->g.f32, f->g.i1};
    MlirOperation s = dlcBuild(&f->g.b, "gpu.shuffle", 3, operands, 2, types, 1,
                               names, &mode);
    v = dlcArith(&f->g.b, op, v, mlirOperationGetResult(s, 0));
  }
  return v;
}

/* --- global -> shared ------------------------------------------------------
 */

/* cp.async of `rows` rows of D elements from row0 on (zero past `limit`)
 * into smem[stage]; rows are 16-byte chunks, swizzled. */
static void copyTile(Fa *f, MlirValue smem, MlirValue stage, MlirValue global,
                     MlirValue base, MlirValue rowStride, MlirValue row0,
                     int64_t rows, MlirValue limit) {
  Gen *g = &f->g;
  int64_t perThread = rows * f->cpr / g->threads;
  for (int64_t i = 0; i < perThread; ++i) {
    MlirValue id = add(g, g->tid, cst(g, i * g->threads));
    MlirValue r = divc(g, id, f->cpr), c = remc(g, id, f->cpr);
    MlirValue at = add(g, row0, r);
    MlirValue count = sel(g, lt(g, at, limit), cst(g, 8), cst(g, 0));
    MlirValue offset =
        add(g, add(g, base, mulv(g, at, rowStride)), mul(g, c, 8));
    gemmCpAsync(g, smem, stage, r, mul(g, gemmSwizzle(g, r, c, f->cpr), 8),
                global, offset, count);
  }
}

static void copyKV(Fa *f, MlirValue tile, MlirValue stage) {
  MlirValue n0 = mul(&f->g, tile, f->t->tileN);
  copyTile(f, f->kSmem, stage, f->kGlobal, f->kBase, f->kRow, n0, f->t->tileN,
           f->lk);
  copyTile(f, f->vSmem, stage, f->vGlobal, f->vBase, f->vRow, n0, f->t->tileN,
           f->lk);
}

/* --- one K/V tile ----------------------------------------------------------
 */

/* The smem (row, swizzled column) of this lane's ldmatrix.x4 address for
 * the 16x16 block at (row0, col0) of a [rows][D] tile: non-transposed B
 * blocks (K: rows n, columns d) take matrices (n0,k0), (n0,k8), (n8,k0),
 * (n8,k8); A blocks (Q) and transposed B blocks (V: rows n = k, columns dv)
 * take (r0,c0), (r8,c0), (r0,c8), (r8,c8). */
static void blockAddress(Fa *f, MlirValue row0, int64_t col0, bool bNonTrans,
                         MlirValue *row, MlirValue *col) {
  Gen *g = &f->g;
  MlirValue l8 = remc(g, f->lane, 8), l16 = remc(g, f->lane, 16);
  MlirValue hi = divc(g, f->lane, 16), mid = remc(g, divc(g, f->lane, 8), 2);
  MlirValue r, c;
  if (bNonTrans) {
    r = add(g, row0, add(g, mul(g, hi, 8), l8));
    c = add(g, cst(g, col0), mul(g, mid, 8));
  } else {
    r = add(g, row0, l16);
    c = add(g, cst(g, col0), mul(g, hi, 8));
  }
  *row = r;
  *col = mul(g, gemmSwizzle(g, r, divc(g, c, 8), f->cpr), 8);
}

/* Keys past Lk, and with a causal mask keys past the row, to -inf. */
static void maskScores(Fa *f, MlirValue n0, MlirValue *s, int numS) {
  Gen *g = &f->g;
  MlirValue ninf = fconst(f, -__builtin_inf());
  MlirValue rowBase = add(g, add(g, f->m0, mul(g, f->warp, 16)), f->group);
  MlirValue colBase = add(g, n0, mul(g, f->quad, 2));
  for (int j = 0; j < numS; ++j) {
    MlirValue e[4];
    for (int h = 0; h < 2; ++h)
      for (int x = 0; x < 2; ++x) {
        MlirValue key = add(g, colBase, cst(g, 8 * j + x));
        MlirValue bad = dlcCmpI(&g->b, "sge", key, f->lk);
        if (f->a->mask == KP_ATTN_MASK_CAUSAL)
          bad = dlcArith(
              &g->b, "arith.ori", bad,
              dlcCmpI(&g->b, "sgt", key, add(g, rowBase, cst(g, 8 * h))));
        MlirValue v = extract(f, s[j], g->f32, h, x, 2);
        e[2 * h + x] = sel(g, bad, ninf, v);
      }
    s[j] = dlcBuildValue(&g->b, "vector.from_elements", 4, e,
                         gemmVectorType(g, "2x2", g->f32), 0, NULL, NULL);
  }
}

typedef struct Carried {
  MlirValue o[MaxO], m[2], l[2], token;
} Carried;

/* S = Q K_jᵀ for the tile in `stage`, scaled into exp2's domain. */
static void scores(Fa *f, MlirValue stage, const MlirValue *qf, MlirValue *s,
                   int numS) {
  Gen *g = &f->g;
  MlirValue zero = dlcStepSplat(&g->b, gemmVectorType(g, "2x2", g->f32), 0.0);
  for (int j = 0; j < numS; ++j)
    s[j] = zero;
  for (int64_t kk = 0; kk < f->d / 16; ++kk)
    for (int jp = 0; jp < numS / 2; ++jp) {
      MlirValue row, col;
      blockAddress(f, cst(g, 16 * jp), 16 * kk, true, &row, &col);
      MlirValue pair = gemmLdmatrix(g, f->kSmem, stage, row, col, false);
      s[2 * jp] = gemmMmaSync(g, qf[kk], gemmHalfOf(g, pair, 0), s[2 * jp]);
      s[2 * jp + 1] =
          gemmMmaSync(g, qf[kk], gemmHalfOf(g, pair, 2), s[2 * jp + 1]);
    }
  MlirValue scale = dlcStepSplat(&g->b, gemmVectorType(g, "2x2", g->f32),
                                 f->a->qkScale * f->a->expScale);
  for (int j = 0; j < numS; ++j)
    s[j] = dlcArith(&g->b, "arith.mulf", s[j], scale);
}

/* S plus the bias tile (in exp2's domain: times exp2_scale), and -inf
 * where the mask tensor drops the key, for keys n0.. of this lane's rows.
 * Loads past Lq or Lk read 0; those keys are masked and those rows never
 * stored. */
static void addTensors(Fa *f, MlirValue n0, MlirValue *s, int numS) {
  Gen *g = &f->g;
  MlirType fragType = gemmVectorType(g, "2x2", g->f32);
  MlirValue rowBase = add(g, add(g, f->m0, mul(g, f->warp, 16)), f->group);
  MlirValue colBase = add(g, n0, mul(g, f->quad, 2));
  MlirValue saved = g->size[KP_N];
  g->size[KP_N] = f->lk; /* the tensors' columns are keys */
  MlirValue scale = dlcStepSplat(&g->b, fragType, f->a->expScale);
  MlirValue ninf = dlcStepSplat(&g->b, fragType, -__builtin_inf());
  MlirValue keepIf = dlcStepSplat(&g->b, fragType, f->a->maskKeepsTrue);
  for (int j = 0; j < numS; ++j) {
    MlirValue col = add(g, colBase, cst(g, 8 * j));
    if (!mlirValueIsNull(f->bias.global))
      s[j] = dlcArith(&g->b, "arith.addf", s[j],
                      dlcArith(&g->b, "arith.mulf",
                               gemmInputFragment(g, &f->bias, rowBase, col),
                               scale));
    if (!mlirValueIsNull(f->mask.global)) {
      MlirValue m = gemmInputFragment(g, &f->mask, rowBase, col);
      MlirValue keep = dlcStepCompare(
          &g->b, mlirStringRefCreateFromCString("cmpeq"), m, keepIf);
      MlirValue operands[] = {keep, s[j], ninf};
      s[j] = dlcBuildValue(&g->b, "arith.select", 3, operands, fragType, 0,
                           NULL, NULL);
    }
  }
  g->size[KP_N] = saved;
}

/* Applies maskScores inside a uniform branch taken only by tiles that
 * need it. */
static void maybeMask(Fa *f, MlirValue n0, MlirValue *s, int numS) {
  Gen *g = &f->g;
  MlirValue need =
      dlcCmpI(&g->b, "sgt", add(g, n0, cst(g, f->t->tileN)), f->lk);
  if (f->a->mask == KP_ATTN_MASK_CAUSAL)
    need = dlcArith(
        &g->b, "arith.ori", need,
        dlcCmpI(&g->b, "sgt", add(g, n0, cst(g, f->t->tileN - 1)), f->m0));
  MlirType types[MaxS];
  for (int j = 0; j < numS; ++j)
    types[j] = gemmVectorType(g, "2x2", g->f32);
  MlirBlock thenBlock, elseBlock;
  MlirOperation ifOp =
      dlcBuildIfElse(&g->b, need, numS, types, &thenBlock, &elseBlock);
  DlcBuilder outer = g->b;
  MlirValue masked[MaxS];
  memcpy(masked, s, sizeof(MlirValue) * (size_t)numS);
  g->b = dlcBuilderAtEnd(thenBlock, outer.loc);
  maskScores(f, n0, masked, numS);
  dlcBuild(&g->b, "scf.yield", numS, masked, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(elseBlock, outer.loc);
  dlcBuild(&g->b, "scf.yield", numS, s, 0, NULL, 0, NULL, NULL);
  g->b = outer;
  for (int j = 0; j < numS; ++j)
    s[j] = mlirOperationGetResult(ifOp, j);
}

/* The online softmax step: new row max, P = exp2(S - m'), rescaled l and
 * O. Leaves P in s. */
static void onlineSoftmax(Fa *f, MlirValue *s, int numS, Carried *c, int numO) {
  Gen *g = &f->g;
  MlirValue ninf = fconst(f, -__builtin_inf()), zero = fconst(f, 0.0);
  MlirValue use[2], alpha[2];
  for (int h = 0; h < 2; ++h) {
    MlirValue mx = ninf;
    for (int j = 0; j < numS; ++j)
      for (int x = 0; x < 2; ++x)
        mx = dlcArith(&g->b, "arith.maximumf", mx,
                      extract(f, s[j], g->f32, h, x, 2));
    mx = quadReduce(f, mx, "arith.maximumf");
    MlirValue mNew = dlcArith(&g->b, "arith.maximumf", c->m[h], mx);
    /* A row with every key masked so far keeps m = -inf; exp2 then
     * subtracts 0 (giving 0) instead of -inf (NaN). */
    MlirValue none = dlcStepCompare(
        &g->b, mlirStringRefCreateFromCString("cmpeq"), mNew, ninf);
    use[h] = sel(g, none, zero, mNew);
    alpha[h] = dlcStepUnary(&g->b, mlirStringRefCreateFromCString("exp2"),
                            dlcArith(&g->b, "arith.subf", c->m[h], use[h]));
    c->m[h] = mNew;
  }
  MlirValue useV = rowSplat(f, use[0], use[1]);
  MlirValue sum[2] = {zero, zero};
  for (int j = 0; j < numS; ++j) {
    s[j] = dlcStepUnary(&g->b, mlirStringRefCreateFromCString("exp2"),
                        dlcArith(&g->b, "arith.subf", s[j], useV));
    for (int h = 0; h < 2; ++h)
      for (int x = 0; x < 2; ++x)
        sum[h] = dlcArith(&g->b, "arith.addf", sum[h],
                          extract(f, s[j], g->f32, h, x, 2));
  }
  for (int h = 0; h < 2; ++h)
    c->l[h] =
        dlcArith(&g->b, "arith.addf",
                 dlcArith(&g->b, "arith.mulf", c->l[h], alpha[h]), sum[h]);
  MlirValue alphaV = rowSplat(f, alpha[0], alpha[1]);
  for (int i = 0; i < numO; ++i)
    c->o[i] = dlcArith(&g->b, "arith.mulf", c->o[i], alphaV);
}

/* P's A fragment for keys 16·kk..16·kk+15: the two S fragments' rows
 * rounded to the operand type. */
static MlirValue pFragment(Fa *f, const MlirValue *p, int kk) {
  Gen *g = &f->g;
  MlirType fragType = gemmVectorType(g, "4x2", g->in);
  MlirType rowIn = gemmVectorType(g, "2", g->in);
  MlirType rowF = gemmVectorType(g, "2", g->f32);
  MlirValue frag = dlcStepSplat(&g->b, fragType, 0.0);
  const char *names[] = {"static_position"};
  for (int r = 0; r < 4; ++r) {
    MlirValue row = extract(f, p[2 * kk + r / 2], rowF, r % 2, 0, 1);
    row = dlcBuildValue(&g->b, "arith.truncf", 1, &row, rowIn, 0, NULL, NULL);
    MlirAttribute to = mlirDenseI64ArrayGet(g->b.ctx, 1, (int64_t[]){r});
    MlirValue operands[] = {row, frag};
    frag = dlcBuildValue(&g->b, "vector.insert", 2, operands, fragType, 1,
                         names, &to);
  }
  return frag;
}

/* O += P V_j for the tile in `stage`. */
static void accumulatePV(Fa *f, MlirValue stage, const MlirValue *p, int numS,
                         MlirValue *o, int numO) {
  Gen *g = &f->g;
  for (int kk = 0; kk < numS / 2; ++kk) {
    MlirValue a = pFragment(f, p, kk);
    for (int jp = 0; jp < numO / 2; ++jp) {
      MlirValue row, col;
      blockAddress(f, cst(g, 16 * kk), 16 * jp, false, &row, &col);
      MlirValue pair = gemmLdmatrix(g, f->vSmem, stage, row, col, true);
      o[2 * jp] = gemmMmaSync(g, a, gemmHalfOf(g, pair, 0), o[2 * jp]);
      o[2 * jp + 1] = gemmMmaSync(g, a, gemmHalfOf(g, pair, 2), o[2 * jp + 1]);
    }
  }
}

/* --- the kernel ------------------------------------------------------------
 */

static MlirValue batchBase(Fa *f, const KpAttnTensor *t, MlirValue *index) {
  Gen *g = &f->g;
  MlirValue base = cst(g, 0);
  for (int b = 0; b < f->a->numBatch; ++b)
    base = add(g, base, mulv(g, index[b], gemmExtent(g, &t->batch[b])));
  return base;
}

void dlcEmitFlashAttention(MlirOperation kernel, const KpAttention *a,
                           const DlcAttnTiling *t, const DlcAttnArgs *args,
                           int numTensors) {
  Fa fa;
  memset(&fa, 0, sizeof(fa));
  Fa *f = &fa;
  Gen *g = &f->g;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  g->b = dlcBuilderAtEnd(entry, mlirOperationGetLocation(kernel));
  g->idx = mlirIndexTypeGet(g->b.ctx);
  g->i1 = mlirIntegerTypeGet(g->b.ctx, 1);
  g->f32 = mlirF32TypeGet(g->b.ctx);
  g->in = kpElementType(g->b.ctx, a->q.t.element);
  g->entry = entry;
  g->numTensors = numTensors;
  g->threads = 32 * (t->tileM / 16);
  f->i32 = mlirIntegerTypeGet(g->b.ctx, 32);
  f->a = a;
  f->t = t;
  f->d = t->headDim;
  f->cpr = f->d / 8;
  int numS = (int)(t->tileN / 8), numO = (int)(f->d / 8);

  /* The store's problem: O[m, dv] = acc, through the GEMM epilogue. */
  KpProblem out;
  memset(&out, 0, sizeof(out));
  out.c = a->o.t;
  out.c.stride[KP_N] = a->o.t.stride[KP_K];
  out.c.stride[KP_K] = kpExtentConstant(0);
  out.numSteps = 1;
  out.steps[0] =
      (KpStep){.kind = KP_STEP_ACC, .type = KP_F32, .args = {-1, -1, -1}};
  g->p = &out;

  f->lq = gemmExtent(g, &a->size[KP_M]);
  f->lk = gemmExtent(g, &a->size[KP_N]);
  g->size[KP_M] = f->lq;
  g->size[KP_N] = gemmExtent(g, &a->valueDim);
  g->tid = gemmGpuId(g, "gpu.thread_id", "x");
  f->lane = remc(g, g->tid, 32);
  f->warp = divc(g, g->tid, 32);
  f->group = divc(g, f->lane, 4);
  f->quad = remc(g, f->lane, 4);
  f->m0 = mul(g, gemmGpuId(g, "gpu.block_id", "x"), t->tileM);
  MlirValue flat = gemmGpuId(g, "gpu.block_id", "y"), index[KP_ATTN_MAX_BATCH];
  for (int b = a->numBatch - 1; b >= 0; --b) {
    MlirValue size = gemmExtent(g, &a->batchSize[b]);
    index[b] = b == 0 ? flat : dlcArith(&g->b, "arith.remui", flat, size);
    flat = dlcArith(&g->b, "arith.divui", flat, size);
  }
  f->qGlobal = mlirBlockGetArgument(entry, args->q);
  f->kGlobal = mlirBlockGetArgument(entry, args->k);
  f->vGlobal = mlirBlockGetArgument(entry, args->v);
  f->qBase = batchBase(f, &a->q, index);
  f->kBase = batchBase(f, &a->k, index);
  f->vBase = batchBase(f, &a->v, index);
  f->qRow = gemmExtent(g, &a->q.t.stride[KP_M]);
  f->kRow = gemmExtent(g, &a->k.t.stride[KP_N]);
  f->vRow = gemmExtent(g, &a->v.t.stride[KP_N]);
  const KpAttnTensor *extra[] = {a->hasBias ? &a->bias : NULL,
                                 a->mask == KP_ATTN_MASK_TENSOR ? &a->maskTensor
                                                                : NULL};
  int extraArg[] = {args->bias, args->mask};
  Access *access[] = {&f->bias, &f->mask};
  for (int i = 0; i < 2; ++i) {
    if (!extra[i])
      continue;
    *access[i] = (Access){.global = mlirBlockGetArgument(entry, extraArg[i]),
                          .base = batchBase(f, extra[i], index),
                          .tensor = &extra[i]->t};
    access[i]->stride[KP_M] = gemmExtent(g, &extra[i]->t.stride[KP_M]);
    access[i]->stride[KP_N] = gemmExtent(g, &extra[i]->t.stride[KP_N]);
  }
  g->tc = (Access){.global = mlirBlockGetArgument(entry, args->o),
                   .base = batchBase(f, &a->o, index),
                   .tensor = &out.c};
  g->tc.stride[KP_M] = gemmExtent(g, &out.c.stride[KP_M]);
  g->tc.stride[KP_N] = gemmExtent(g, &out.c.stride[KP_N]);
  g->tc.stride[KP_BATCH] = g->tc.base; /* pair stores need an even base */

  f->qSmem = gemmSmemAlloc(g, 1, t->tileM, f->d);
  f->kSmem = gemmSmemAlloc(g, t->stages, t->tileN, f->d);
  f->vSmem = gemmSmemAlloc(g, t->stages, t->tileN, f->d);

  /* Prologue: Q and the first K/V tile; Q's fragments stay in registers. */
  MlirValue zero = cst(g, 0), one = cst(g, 1);
  copyTile(f, f->qSmem, zero, f->qGlobal, f->qBase, f->qRow, f->m0, t->tileM,
           f->lq);
  copyKV(f, zero, zero);
  MlirValue group = gemmCommitGroup(g);
  const char *pendingName[] = {"pending"};
  MlirAttribute none = gemmI64(g, 0);
  dlcBuild(&g->b, DLC_OP_DLCGPU_WAIT_GROUP, 1, &group, 0, NULL, 1, pendingName,
           &none);
  gemmBarrier(g);
  MlirValue qf[MaxQ];
  for (int64_t kk = 0; kk < f->d / 16; ++kk) {
    MlirValue row, col;
    blockAddress(f, mul(g, f->warp, 16), 16 * kk, false, &row, &col);
    qf[kk] = gemmLdmatrix(g, f->qSmem, zero, row, col, false);
  }

  /* Key tiles: all of them, or up to the diagonal of the CTA's last row. */
  MlirValue tiles = divc(g, add(g, f->lk, cst(g, t->tileN - 1)), t->tileN);
  if (a->mask == KP_ATTN_MASK_CAUSAL) {
    MlirValue last =
        dlcArith(&g->b, "arith.minsi", add(g, f->m0, cst(g, t->tileM)), f->lq);
    tiles = dlcArith(&g->b, "arith.minsi", tiles,
                     divc(g, add(g, last, cst(g, t->tileN - 1)), t->tileN));
  }
  MlirType fragType = gemmVectorType(g, "2x2", g->f32);
  const char *valueName[] = {"value"};
  MlirAttribute zeroF = mlirFloatAttrDoubleGet(g->b.ctx, g->f32, 0.0);
  MlirType initTypes[] = {fragType, dlcType(g->b.ctx, "!dlcgpu.compute_token")};
  MlirOperation init = dlcBuild(&g->b, DLC_OP_DLCGPU_ACC_INIT, 0, NULL, 2,
                                initTypes, 1, valueName, &zeroF);
  MlirValue carried[MaxO + 5];
  int numCarried = numO + 5;
  for (int i = 0; i < numO; ++i)
    carried[i] = mlirOperationGetResult(init, 0);
  carried[numO] = carried[numO + 1] = fconst(f, -__builtin_inf());
  carried[numO + 2] = carried[numO + 3] = fconst(f, 0.0);
  carried[numO + 4] = group;
  MlirBlock body;
  MlirOperation loop =
      dlcBuildFor(&g->b, zero, tiles, one, numCarried, carried, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue j = mlirBlockGetArgument(body, 0);
  Carried c;
  for (int i = 0; i < numO; ++i)
    c.o[i] = mlirBlockGetArgument(body, i + 1);
  for (int h = 0; h < 2; ++h) {
    c.m[h] = mlirBlockGetArgument(body, numO + 1 + h);
    c.l[h] = mlirBlockGetArgument(body, numO + 3 + h);
  }
  MlirValue next = add(g, j, one);
  copyKV(f, next, remc(g, next, t->stages));
  c.token = gemmCommitGroup(g);
  MlirValue stage = remc(g, j, t->stages), n0 = mul(g, j, t->tileN);
  MlirValue s[MaxS];
  scores(f, stage, qf, s, numS);
  addTensors(f, n0, s, numS);
  maybeMask(f, n0, s, numS);
  onlineSoftmax(f, s, numS, &c, numO);
  accumulatePV(f, stage, s, numS, c.o, numO);
  dlcBuild(&g->b, DLC_OP_DLCGPU_WAIT_GROUP, 1, &c.token, 0, NULL, 1,
           pendingName, &none);
  gemmBarrier(g);
  MlirValue yielded[MaxO + 5];
  memcpy(yielded, c.o, sizeof(MlirValue) * (size_t)numO);
  yielded[numO] = c.m[0], yielded[numO + 1] = c.m[1];
  yielded[numO + 2] = c.l[0], yielded[numO + 3] = c.l[1];
  yielded[numO + 4] = c.token;
  dlcBuild(&g->b, "scf.yield", numCarried, yielded, 0, NULL, 0, NULL, NULL);
  g->b = outer;

  /* Epilogue: the quad's partial row sums, O / l, guarded stores. */
  MlirValue inv[2];
  for (int h = 0; h < 2; ++h) {
    MlirValue l =
        quadReduce(f, mlirOperationGetResult(loop, numO + 2 + h), "arith.addf");
    MlirValue positive = dlcStepCompare(
        &g->b, mlirStringRefCreateFromCString("cmpgt"), l, fconst(f, 0.0));
    /* l = 0: no key (0), or every key dropped by the mask tensor (NaN,
     * as the reference gives). */
    MlirValue empty = fconst(f, 0.0);
    if (a->mask == KP_ATTN_MASK_TENSOR) {
      MlirValue dropped =
          andi(g,
               dlcStepCompare(&g->b, mlirStringRefCreateFromCString("cmpeq"),
                              mlirOperationGetResult(loop, numO + h),
                              fconst(f, -__builtin_inf())),
               dlcCmpI(&g->b, "sgt", f->lk, cst(g, 0)));
      empty = sel(g, dropped, fconst(f, __builtin_nan("")), empty);
    }
    inv[h] = sel(g, positive, dlcArith(&g->b, "arith.divf", fconst(f, 1.0), l),
                 empty);
  }
  MlirValue invV = rowSplat(f, inv[0], inv[1]);
  MlirValue rowBase = add(g, add(g, f->m0, mul(g, f->warp, 16)), f->group);
  MlirValue colBase = mul(g, f->quad, 2);
  MlirValue pairs = gemmPairStores(g);
  MlirAttribute steps = gemmStepsAttr(g);
  for (int i = 0; i < numO; ++i) {
    MlirValue o =
        dlcArith(&g->b, "arith.mulf", mlirOperationGetResult(loop, i), invV);
    gemmEpilogueFragment(g, o, mlirOperationGetResult(init, 1), rowBase,
                         add(g, colBase, cst(g, 8 * i)), steps, pairs);
  }
  dlcBuild(&g->b, "func.return", 0, NULL, 0, NULL, 0, NULL, NULL);
}
