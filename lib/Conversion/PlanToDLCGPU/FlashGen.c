/* The online-softmax pieces and the set-up and epilogue the SM80 and SM90
 * flash-attention skeletons share (FlashGen.h). */
#include "FlashGen.h"

#include "DialectNames.h"
#include "StepMath.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

MlirValue flashConst(Fa *f, double v) {
  return dlcConstFloat(&f->g.b, f->g.f32, v);
}

MlirValue flashExtract(Fa *f, MlirValue v, MlirType type, int64_t i, int64_t j,
                       int rank) {
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

/* Keys past Lk, and with a causal mask keys past the row, to -inf. Each
 * row's first dropped key is found once, relative to this lane's first
 * column, so that an element costs one compare with a constant and one
 * select. */
static void maskScores(Fa *f, MlirValue n0, MlirValue *s, int numS) {
  Gen *g = &f->g;
  MlirValue ninf = flashConst(f, -__builtin_inf());
  MlirValue rowBase = add(g, add(g, f->m0, mul(g, f->warp, 16)), f->group);
  MlirValue colBase = add(g, n0, mul(g, f->quad, 2));
  MlirValue limit[2];
  for (int h = 0; h < 2; ++h) {
    MlirValue end = f->lk;
    if (f->a->mask == KP_ATTN_MASK_CAUSAL)
      end = dlcArith(&g->b, "arith.minsi", end,
                     add(g, rowBase, cst(g, 8 * h + 1)));
    limit[h] = dlcArith(&g->b, "arith.subi", end, colBase);
  }
  for (int j = 0; j < numS; ++j) {
    MlirValue e[4];
    for (int h = 0; h < 2; ++h)
      for (int x = 0; x < 2; ++x) {
        MlirValue bad = dlcCmpI(&g->b, "sge", cst(g, 8 * j + x), limit[h]);
        MlirValue v = flashExtract(f, s[j], g->f32, h, x, 2);
        e[2 * h + x] = sel(g, bad, ninf, v);
      }
    s[j] = dlcBuildValue(&g->b, "vector.from_elements", 4, e,
                         gemmVectorType(g, "2x2", g->f32), 0, NULL, NULL);
  }
}

/* S plus the bias tile (in exp2's domain: times exp2_scale), and -inf
 * where the mask tensor drops the key, for fragments [from, to) of keys
 * n0.. of this lane's rows. Loads past Lq or Lk read 0; those keys are
 * masked and those rows never stored. */
static void addTensors(Fa *f, MlirValue n0, MlirValue *s, int from, int to) {
  Gen *g = &f->g;
  MlirType fragType = gemmVectorType(g, "2x2", g->f32);
  MlirValue rowBase = add(g, add(g, f->m0, mul(g, f->warp, 16)), f->group);
  MlirValue colBase = add(g, n0, mul(g, f->quad, 2));
  MlirValue saved = g->size[KP_N];
  g->size[KP_N] = f->lk; /* the tensors' columns are keys */
  MlirValue scale = dlcStepSplat(&g->b, fragType, f->a->expScale);
  MlirValue ninf = dlcStepSplat(&g->b, fragType, -__builtin_inf());
  MlirValue keepIf = dlcStepSplat(&g->b, fragType, f->a->maskKeepsTrue);
  for (int j = from; j < to; ++j) {
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

/* addTensors `group` fragments at a time, each group inside a uniform
 * branch taken when its first key is a key (n0 + 8·from < Lk; the keys
 * of a group past Lk are masked to -inf after). The branch is what
 * matters: ptxas issues a block's loads together, ahead of their uses, so
 * with one block a tile's 32 or 64 loaded elements of each tensor were
 * live at once beside S, P and O and spilled (D = 64: 8–1304 bytes,
 * D = 128: 64–328); it does not move a group's loads above the branch. */
void flashAddTensors(Fa *f, MlirValue n0, MlirValue *s, int numS, int group) {
  Gen *g = &f->g;
  if (group >= numS) {
    addTensors(f, n0, s, 0, numS);
    return;
  }
  if (mlirValueIsNull(f->bias.global) && mlirValueIsNull(f->mask.global))
    return;
  MlirType types[FLASH_MAX_S];
  for (int from = 0; from < numS; from += group) {
    int to = from + group < numS ? from + group : numS;
    for (int j = from; j < to; ++j)
      types[j - from] = gemmVectorType(g, "2x2", g->f32);
    MlirValue first = from ? add(g, n0, cst(g, 8 * from)) : n0;
    MlirValue any = dlcCmpI(&g->b, "slt", first, f->lk);
    MlirBlock thenBlock, elseBlock;
    MlirOperation ifOp =
        dlcBuildIfElse(&g->b, any, to - from, types, &thenBlock, &elseBlock);
    DlcBuilder outer = g->b;
    MlirValue added[FLASH_MAX_S];
    memcpy(added, s, sizeof(MlirValue) * (size_t)numS);
    g->b = dlcBuilderAtEnd(thenBlock, outer.loc);
    addTensors(f, n0, added, from, to);
    dlcBuild(&g->b, "scf.yield", to - from, added + from, 0, NULL, 0, NULL,
             NULL);
    g->b = dlcBuilderAtEnd(elseBlock, outer.loc);
    dlcBuild(&g->b, "scf.yield", to - from, s + from, 0, NULL, 0, NULL, NULL);
    g->b = outer;
    for (int j = from; j < to; ++j)
      s[j] = mlirOperationGetResult(ifOp, j - from);
  }
}

/* Applies maskScores inside a uniform branch taken only by tiles that
 * need it. */
void flashMaybeMask(Fa *f, MlirValue n0, MlirValue *s, int numS) {
  Gen *g = &f->g;
  MlirValue need =
      dlcCmpI(&g->b, "sgt", add(g, n0, cst(g, f->t->tileN)), f->lk);
  if (f->a->mask == KP_ATTN_MASK_CAUSAL)
    need = dlcArith(
        &g->b, "arith.ori", need,
        dlcCmpI(&g->b, "sgt", add(g, n0, cst(g, f->t->tileN - 1)), f->m0));
  MlirType types[FLASH_MAX_S];
  for (int j = 0; j < numS; ++j)
    types[j] = gemmVectorType(g, "2x2", g->f32);
  MlirBlock thenBlock, elseBlock;
  MlirOperation ifOp =
      dlcBuildIfElse(&g->b, need, numS, types, &thenBlock, &elseBlock);
  DlcBuilder outer = g->b;
  MlirValue masked[FLASH_MAX_S];
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

double flashScoreScale(Fa *f, MlirValue *s, int numS) {
  double scale = f->a->qkScale * f->a->expScale;
  if (!f->a->hasBias && scale > 0)
    return scale;
  Gen *g = &f->g;
  MlirValue splat =
      dlcStepSplat(&g->b, gemmVectorType(g, "2x2", g->f32), scale);
  for (int j = 0; j < numS; ++j)
    s[j] = dlcArith(&g->b, "arith.mulf", s[j], splat);
  return 1.0;
}

/* exp2(scale * s - use) of each element of fragment s (use per row): one
 * FFMA and one MUFU.EX2 an element. */
static MlirValue exp2Fragment(Fa *f, MlirValue s, MlirValue scale,
                              const MlirValue negUse[2]) {
  Gen *g = &f->g;
  MlirValue e[4];
  for (int h = 0; h < 2; ++h)
    for (int x = 0; x < 2; ++x) {
      MlirValue operands[] = {flashExtract(f, s, g->f32, h, x, 2), scale,
                              negUse[h]};
      e[2 * h + x] =
          dlcStepExp2Ftz(&g->b, dlcBuildValue(&g->b, "llvm.intr.fma", 3,
                                              operands, g->f32, 0, NULL, NULL));
    }
  return dlcBuildValue(&g->b, "vector.from_elements", 4, e,
                       gemmVectorType(g, "2x2", g->f32), 0, NULL, NULL);
}

MlirValue flashSafeMax(Fa *f, MlirValue m) {
  MlirValue none =
      dlcStepCompare(&f->g.b, mlirStringRefCreateFromCString("cmpeq"), m,
                     flashConst(f, -__builtin_inf()));
  return sel(&f->g, none, flashConst(f, 0.0), m);
}

/* The online softmax step: new row max, P = exp2(scale · S - m'),
 * rescaled l and O. Leaves P in s. */
void flashOnlineSoftmax(Fa *f, MlirValue *s, int numS, double scale,
                        FlashCarried *c, int numO) {
  Gen *g = &f->g;
  MlirValue ninf = flashConst(f, -__builtin_inf()), zero = flashConst(f, 0.0);
  MlirValue use[2], alpha[2], negUse[2];
  for (int h = 0; h < 2; ++h) {
    MlirValue mx = ninf;
    for (int j = 0; j < numS; ++j)
      for (int x = 0; x < 2; ++x)
        mx = dlcArith(&g->b, "arith.maximumf", mx,
                      flashExtract(f, s[j], g->f32, h, x, 2));
    /* scale > 0: the scaled maximum is the maximum scaled. */
    mx = dlcArith(&g->b, "arith.mulf", quadReduce(f, mx, "arith.maximumf"),
                  flashConst(f, scale));
    MlirValue mNew = dlcArith(&g->b, "arith.maximumf", c->m[h], mx);
    use[h] = flashSafeMax(f, mNew);
    negUse[h] =
        dlcBuildValue(&g->b, "arith.negf", 1, &use[h], g->f32, 0, NULL, NULL);
    alpha[h] =
        dlcStepExp2Ftz(&g->b, dlcArith(&g->b, "arith.subf", c->m[h], use[h]));
    c->m[h] = mNew;
  }
  MlirValue scaleV = flashConst(f, scale);
  MlirValue sum[2] = {zero, zero};
  for (int j = 0; j < numS; ++j) {
    s[j] = exp2Fragment(f, s[j], scaleV, negUse);
    for (int h = 0; h < 2; ++h)
      for (int x = 0; x < 2; ++x)
        sum[h] = dlcArith(&g->b, "arith.addf", sum[h],
                          flashExtract(f, s[j], g->f32, h, x, 2));
  }
  for (int h = 0; h < 2; ++h)
    c->l[h] =
        dlcArith(&g->b, "arith.addf",
                 dlcArith(&g->b, "arith.mulf", c->l[h], alpha[h]), sum[h]);
  c->alpha[0] = alpha[0], c->alpha[1] = alpha[1];
  flashRescale(f, c, numO);
}

void flashRescale(Fa *f, FlashCarried *c, int numO) {
  Gen *g = &f->g;
  const MlirValue *alpha = c->alpha;
  MlirValue alphaV = rowSplat(f, alpha[0], alpha[1]);
  for (int i = 0; i < numO; ++i) {
    /* A whole wgmma accumulator (SM90) is rescaled as one vector: the
     * row values repeated over its n/8 fragments (from_elements lowers to
     * LLVM, an n-D broadcast does not). */
    MlirType type = mlirValueGetType(c->o[i]);
    MlirValue scale = alphaV;
    if (mlirShapedTypeGetRank(type) == 3) {
      MlirValue e[4 * FLASH_MAX_O];
      int64_t count = 4 * mlirShapedTypeGetDimSize(type, 0);
      for (int64_t k = 0; k < count && k < 4 * FLASH_MAX_O; ++k)
        e[k] = alpha[k % 4 / 2];
      scale = dlcBuildValue(&g->b, "vector.from_elements", (intptr_t)count, e,
                            type, 0, NULL, NULL);
    }
    c->o[i] = dlcArith(&g->b, "arith.mulf", c->o[i], scale);
  }
}

MlirValue flashPFragment(Fa *f, const MlirValue *p, int kk) {
  Gen *g = &f->g;
  MlirType fragType = gemmVectorType(g, "4x2", g->in);
  MlirType rowIn = gemmVectorType(g, "2", g->in);
  MlirType rowF = gemmVectorType(g, "2", g->f32);
  MlirValue frag = dlcStepSplat(&g->b, fragType, 0.0);
  const char *names[] = {"static_position"};
  for (int r = 0; r < 4; ++r) {
    MlirValue row = flashExtract(f, p[2 * kk + r / 2], rowF, r % 2, 0, 1);
    row = dlcBuildValue(&g->b, "arith.truncf", 1, &row, rowIn, 0, NULL, NULL);
    MlirAttribute to = mlirDenseI64ArrayGet(g->b.ctx, 1, (int64_t[]){r});
    MlirValue operands[] = {row, frag};
    frag = dlcBuildValue(&g->b, "vector.insert", 2, operands, fragType, 1,
                         names, &to);
  }
  return frag;
}

static MlirValue batchBase(Fa *f, const KpAttnTensor *t, MlirValue *index) {
  Gen *g = &f->g;
  MlirValue base = cst(g, 0);
  for (int b = 0; b < f->a->numBatch; ++b)
    base = add(g, base, mulv(g, index[b], gemmExtent(g, &t->batch[b])));
  return base;
}

MlirValue flashKeyTiles(Fa *f, MlirValue rowEnd) {
  Gen *g = &f->g;
  int64_t bn = f->t->tileN;
  MlirValue tiles = divc(g, add(g, f->lk, cst(g, bn - 1)), bn);
  if (f->a->mask != KP_ATTN_MASK_CAUSAL)
    return tiles;
  MlirValue last = dlcArith(&g->b, "arith.minsi", rowEnd, f->lq);
  return dlcArith(&g->b, "arith.minsi", tiles,
                  divc(g, add(g, last, cst(g, bn - 1)), bn));
}

void flashInit(Fa *f, MlirOperation kernel, const KpAttention *a,
               const DlcAttnTiling *t, const DlcAttnArgs *args, int numTensors,
               int64_t threads) {
  Gen *g = &f->g;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  g->b = dlcBuilderAtEnd(entry, mlirOperationGetLocation(kernel));
  g->idx = mlirIndexTypeGet(g->b.ctx);
  g->i1 = mlirIntegerTypeGet(g->b.ctx, 1);
  g->f32 = mlirF32TypeGet(g->b.ctx);
  g->in = kpElementType(g->b.ctx, a->q.t.element);
  g->entry = entry;
  g->numTensors = numTensors;
  g->threads = threads;
  f->i32 = mlirIntegerTypeGet(g->b.ctx, 32);
  f->a = a;
  f->t = t;
  f->d = t->headDim;
  f->cpr = f->d / 8;

  /* The store's problem: O[m, dv] = acc, through the GEMM epilogue. */
  KpProblem *out = &f->out;
  memset(out, 0, sizeof(*out));
  out->c = a->o.t;
  out->c.stride[KP_N] = a->o.t.stride[KP_K];
  out->c.stride[KP_K] = kpExtentConstant(0);
  out->numSteps = 1;
  out->steps[0] =
      (KpStep){.kind = KP_STEP_ACC, .type = KP_F32, .args = {-1, -1, -1}};
  g->p = out;

  f->lq = gemmExtent(g, &a->size[KP_M]);
  f->lk = gemmExtent(g, &a->size[KP_N]);
  g->size[KP_M] = f->lq;
  g->size[KP_N] = gemmExtent(g, &a->valueDim);
  g->tid = gemmGpuId(g, "gpu.thread_id", "x");
  f->lane = remc(g, g->tid, 32);
  f->warp = divc(g, g->tid, 32);
  f->group = divc(g, f->lane, 4);
  f->quad = remc(g, f->lane, 4);
  f->qGlobal = mlirBlockGetArgument(entry, args->q);
  f->kGlobal = mlirBlockGetArgument(entry, args->k);
  f->vGlobal = mlirBlockGetArgument(entry, args->v);
  f->qRow = gemmExtent(g, &a->q.t.stride[KP_M]);
  f->kRow = gemmExtent(g, &a->k.t.stride[KP_N]);
  f->vRow = gemmExtent(g, &a->v.t.stride[KP_N]);
  const KpAttnTensor *extra[] = {a->hasBias ? &a->bias : NULL,
                                 a->mask == KP_ATTN_MASK_TENSOR ? &a->maskTensor
                                                                : NULL,
                                 a->hasLse ? &a->lse : NULL};
  int extraArg[] = {args->bias, args->mask, args->lse};
  Access *access[] = {&f->bias, &f->mask, &f->lse};
  for (int i = 0; i < 3; ++i) {
    if (!extra[i])
      continue;
    *access[i] = (Access){.global = mlirBlockGetArgument(entry, extraArg[i]),
                          .tensor = &extra[i]->t};
    access[i]->stride[KP_M] = gemmExtent(g, &extra[i]->t.stride[KP_M]);
    access[i]->stride[KP_N] = gemmExtent(g, &extra[i]->t.stride[KP_N]);
  }
  g->tc = (Access){.global = mlirBlockGetArgument(entry, args->o),
                   .tensor = &out->c};
  g->tc.stride[KP_M] = gemmExtent(g, &out->c.stride[KP_M]);
  g->tc.stride[KP_N] = gemmExtent(g, &out->c.stride[KP_N]);
  flashBindBatch(f, gemmGpuId(g, "gpu.block_id", "y"));
}

void flashBindBatch(Fa *f, MlirValue flat) {
  Gen *g = &f->g;
  const KpAttention *a = f->a;
  MlirValue *index = f->batchIndex;
  for (int b = a->numBatch - 1; b >= 0; --b) {
    MlirValue size = gemmExtent(g, &a->batchSize[b]);
    index[b] = b == 0 ? flat : dlcArith(&g->b, "arith.remui", flat, size);
    flat = dlcArith(&g->b, "arith.divui", flat, size);
  }
  f->qBase = batchBase(f, &a->q, index);
  f->kBase = batchBase(f, &a->k, index);
  f->vBase = batchBase(f, &a->v, index);
  const KpAttnTensor *extra[] = {a->hasBias ? &a->bias : NULL,
                                 a->mask == KP_ATTN_MASK_TENSOR ? &a->maskTensor
                                                                : NULL,
                                 a->hasLse ? &a->lse : NULL};
  Access *access[] = {&f->bias, &f->mask, &f->lse};
  for (int i = 0; i < 3; ++i)
    if (extra[i])
      access[i]->base = batchBase(f, extra[i], index);
  g->tc.base = batchBase(f, &a->o, index);
  g->tc.stride[KP_BATCH] = g->tc.base; /* pair stores need an even base */
}

/* Stores LSE[row] = value from the quad's first lane (the quad shares the
 * row's m and l), for a row < Lq. */
static void storeLseRow(Fa *f, MlirValue row, MlirValue value) {
  Gen *g = &f->g;
  MlirValue inside =
      andi(g, lt(g, row, f->lq), dlcCmpI(&g->b, "eq", f->quad, cst(g, 0)));
  MlirBlock body;
  DlcBuilder saved = g->b;
  dlcBuildIf(&g->b, inside, &body);
  g->b = dlcBuilderAtEnd(body, saved.loc);
  MlirValue at = add(g, f->lse.base, mulv(g, row, f->lse.stride[KP_M]));
  MlirValue operands[] = {value, f->lse.global, at};
  dlcBuild(&g->b, "memref.store", 3, operands, 0, NULL, 0, NULL, NULL);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = saved;
}

/* The row's LSE: m is its max in exp2's domain (exp2_scale · max S), sum
 * the sum of exp2(exp2_scale · S − m), so ln Σ exp(...) = (m + log2 sum) ·
 * ln 2; -inf for a row without keys, NaN where the mask tensor dropped
 * every key (`dropped`, null without one), as the reference gives. */
static MlirValue lseOfRow(Fa *f, MlirValue m, MlirValue sum, MlirValue positive,
                          MlirValue dropped) {
  Gen *g = &f->g;
  MlirValue log2 =
      dlcStepUnary(&g->b, mlirStringRefCreateFromCString("log2"), sum);
  MlirValue lse =
      dlcArith(&g->b, "arith.mulf", dlcArith(&g->b, "arith.addf", m, log2),
               flashConst(f, 0.69314718055994531));
  MlirValue empty = flashConst(f, -__builtin_inf());
  if (!mlirValueIsNull(dropped))
    empty = sel(g, dropped, flashConst(f, __builtin_nan("")), empty);
  return sel(g, positive, lse, empty);
}

void flashEpilogue(Fa *f, const MlirValue *o, int numO, const MlirValue m[2],
                   const MlirValue l[2], MlirValue done) {
  Gen *g = &f->g;
  const KpAttention *a = f->a;
  /* The quad's partial row sums, O / l, guarded stores. */
  MlirValue inv[2], lse[2];
  for (int h = 0; h < 2; ++h) {
    MlirValue sum = quadReduce(f, l[h], "arith.addf");
    MlirValue positive =
        dlcStepCompare(&g->b, mlirStringRefCreateFromCString("cmpgt"), sum,
                       flashConst(f, 0.0));
    /* l = 0: no key (O = 0, LSE = -inf), or every key dropped by the mask
     * tensor (NaN for both, as the reference's max = -inf gives). */
    MlirValue empty = flashConst(f, 0.0), dropped = {NULL};
    if (a->mask == KP_ATTN_MASK_TENSOR) {
      dropped =
          andi(g,
               dlcStepCompare(&g->b, mlirStringRefCreateFromCString("cmpeq"),
                              m[h], flashConst(f, -__builtin_inf())),
               dlcCmpI(&g->b, "sgt", f->lk, cst(g, 0)));
      empty = sel(g, dropped, flashConst(f, __builtin_nan("")), empty);
    }
    inv[h] = sel(g, positive,
                 dlcArith(&g->b, "arith.divf", flashConst(f, 1.0), sum), empty);
    if (a->hasLse)
      lse[h] = lseOfRow(f, m[h], sum, positive, dropped);
  }
  MlirValue invV = rowSplat(f, inv[0], inv[1]);
  MlirValue rowBase = add(g, add(g, f->m0, mul(g, f->warp, 16)), f->group);
  for (int h = 0; h < 2 && a->hasLse; ++h)
    storeLseRow(f, add(g, rowBase, cst(g, 8 * h)), lse[h]);
  MlirValue colBase = mul(g, f->quad, 2);
  MlirValue pairs = gemmPairStores(g);
  MlirAttribute steps = gemmStepsAttr(g);
  /* Fragment i holds columns 8i .. 8i + 7: with D padded to the tile width
   * (kpAttentionTileDim) those from D on are not O's and not stored. */
  int64_t live = a->valueDim.constant / 8;
  for (int i = 0; i < numO && i < live; ++i) {
    MlirValue scaled = dlcArith(&g->b, "arith.mulf", o[i], invV);
    gemmEpilogueFragment(g, scaled, done, rowBase,
                         add(g, colBase, cst(g, 8 * i)), steps, pairs);
  }
}
