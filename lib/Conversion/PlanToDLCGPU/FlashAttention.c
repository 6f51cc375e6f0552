/* The SM80 flash-attention skeleton (spec §15.3, streaming softmax; the
 * FlashAttention-2 structure), emitted as dlcgpu ops over the attention
 * family of the kernel-problem model (AttentionProblem.h):
 *
 *   CTA = BM query rows of one (batch, head), 16 rows per warp
 *   prologue: cp.async Q tile, K/V tile 0; wait; Q fragments to registers
 *   for j in 0..tiles:          (O, row max m, row sum l, newest group carried)
 *     cp.async K/V tile j+1 into stage (j+1) % 2; commit
 *     S = Q K_jᵀ (mma.sync m16n8k16, f32 in registers); its factor
 *       c = qk_scale · exp2_scale is folded into exp2's FFMA (with a bias
 *       tensor S is multiplied by c here, c = 1 below)
 *     plus the bias tile (times exp2_scale), -inf where the mask tensor
 *       drops the key: both read per S tile by guarded element loads into
 *       the accumulator layout
 *     mask to -inf only on tiles that need it (the key tail; with a causal
 *       mask, tiles crossing the diagonal)
 *     m' = max(m, c·rowmax S); p = exp2(c·S - m') (one FFMA and one
 *       ex2.approx.ftz); l = l·2^(m-m') + rowsum p;
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
#include "FlashGen.h"
#include "StepMath.h"
#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

/* --- global -> shared ------------------------------------------------------
 */

/* cp.async of `rows` rows of the tile's Dt elements from row0 on (zero
 * past `limit`, and in the columns from the head dimension D on: D padded
 * to the tile width, kpAttentionTileDim) into smem[stage]; rows are
 * 16-byte chunks, swizzled (D is a multiple of 8: a chunk is all in or all
 * out). */
static void copyTile(Fa *f, MlirValue smem, MlirValue stage, MlirValue global,
                     MlirValue base, MlirValue rowStride, MlirValue row0,
                     int64_t rows, MlirValue limit) {
  Gen *g = &f->g;
  int64_t perThread = rows * f->cpr / g->threads;
  for (int64_t i = 0; i < perThread; ++i) {
    MlirValue id = add(g, g->tid, cst(g, i * g->threads));
    MlirValue r = divc(g, id, f->cpr), c = remc(g, id, f->cpr);
    MlirValue at = add(g, row0, r);
    MlirValue inside = lt(g, at, limit);
    if (f->cpr * 8 != f->a->size[KP_K].constant)
      inside = andi(g, inside, lt(g, c, cst(g, f->a->size[KP_K].constant / 8)));
    MlirValue count = sel(g, inside, cst(g, 8), cst(g, 0));
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

/* S = Q K_jᵀ for the tile in `stage`. */
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
}

/* O += P V_j for the tile in `stage`. */
static void accumulatePV(Fa *f, MlirValue stage, const MlirValue *p, int numS,
                         MlirValue *o, int numO) {
  Gen *g = &f->g;
  for (int kk = 0; kk < numS / 2; ++kk) {
    MlirValue a = flashPFragment(f, p, kk);
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

/* Tile width 256 (D = 136 to 256) is refused, not spilled: O's accumulators are
 * 128 f32 registers a thread there and Q's resident fragments 64 more; ptxas
 * spilled 272 bytes at 255 registers, and still 8 to 36 with Q read again
 * from shared memory for each S and BN 32 (bench/RESULTS.md run d256-1). */
bool dlcFlashAttentionTakes(MlirOperation at, const DlcDiagnosticCode *code,
                            const char *suggestion, const KpAttention *a) {
  if (kpAttentionTileDim(a->size[KP_K].constant) != 256)
    return true;
  dlcEmitDiagnostic(at, code, suggestion,
                    "the SM80 flash kernel cannot compute this attention: at "
                    "head dimension %lld (tile width 256) O's accumulators "
                    "(128 f32 registers a thread) beside Q's fragments and S "
                    "spill past 255 registers",
                    (long long)a->size[KP_K].constant);
  return false;
}

void dlcEmitFlashAttention(MlirOperation kernel, const KpAttention *a,
                           const DlcAttnTiling *t, const DlcAttnArgs *args,
                           int numTensors) {
  Fa fa;
  memset(&fa, 0, sizeof(fa));
  Fa *f = &fa;
  Gen *g = &f->g;
  flashInit(f, kernel, a, t, args, numTensors, 32 * (t->tileM / 16));
  int numS = (int)(t->tileN / 8), numO = (int)(f->d / 8);
  f->m0 = mul(g, gemmGpuId(g, "gpu.block_id", "x"), t->tileM);

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
  MlirValue qf[FLASH_MAX_Q];
  for (int64_t kk = 0; kk < f->d / 16; ++kk) {
    MlirValue row, col;
    blockAddress(f, mul(g, f->warp, 16), 16 * kk, false, &row, &col);
    qf[kk] = gemmLdmatrix(g, f->qSmem, zero, row, col, false);
  }

  /* Key tiles: all of them, or up to the diagonal of the CTA's last row. */
  MlirValue tiles = flashKeyTiles(f, add(g, f->m0, cst(g, t->tileM)));
  MlirType fragType = gemmVectorType(g, "2x2", g->f32);
  const char *valueName[] = {"value"};
  MlirAttribute zeroF = mlirFloatAttrDoubleGet(g->b.ctx, g->f32, 0.0);
  MlirType initTypes[] = {fragType, dlcType(g->b.ctx, "!dlcgpu.compute_token")};
  MlirOperation init = dlcBuild(&g->b, DLC_OP_DLCGPU_ACC_INIT, 0, NULL, 2,
                                initTypes, 1, valueName, &zeroF);
  MlirValue carried[FLASH_MAX_O + 5];
  int numCarried = numO + 5;
  for (int i = 0; i < numO; ++i)
    carried[i] = mlirOperationGetResult(init, 0);
  carried[numO] = carried[numO + 1] = flashConst(f, -__builtin_inf());
  carried[numO + 2] = carried[numO + 3] = flashConst(f, 0.0);
  carried[numO + 4] = group;
  MlirBlock body;
  MlirOperation loop =
      dlcBuildFor(&g->b, zero, tiles, one, numCarried, carried, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue j = mlirBlockGetArgument(body, 0);
  FlashCarried c;
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
  MlirValue s[FLASH_MAX_S];
  scores(f, stage, qf, s, numS);
  double scale = flashScoreScale(f, s, numS);
  flashAddTensors(f, n0, s, numS, numS);
  flashMaybeMask(f, n0, s, numS);
  flashOnlineSoftmax(f, s, numS, scale, &c, numO);
  accumulatePV(f, stage, s, numS, c.o, numO);
  dlcBuild(&g->b, DLC_OP_DLCGPU_WAIT_GROUP, 1, &c.token, 0, NULL, 1,
           pendingName, &none);
  gemmBarrier(g);
  MlirValue yielded[FLASH_MAX_O + 5];
  memcpy(yielded, c.o, sizeof(MlirValue) * (size_t)numO);
  yielded[numO] = c.m[0], yielded[numO + 1] = c.m[1];
  yielded[numO + 2] = c.l[0], yielded[numO + 3] = c.l[1];
  yielded[numO + 4] = c.token;
  dlcBuild(&g->b, "scf.yield", numCarried, yielded, 0, NULL, 0, NULL, NULL);
  g->b = outer;

  MlirValue o[FLASH_MAX_O], m[2], l[2];
  for (int i = 0; i < numO; ++i)
    o[i] = mlirOperationGetResult(loop, i);
  for (int h = 0; h < 2; ++h) {
    m[h] = mlirOperationGetResult(loop, numO + h);
    l[h] = mlirOperationGetResult(loop, numO + 2 + h);
  }
  flashEpilogue(f, o, numO, m, l, mlirOperationGetResult(init, 1));
  dlcBuild(&g->b, "func.return", 0, NULL, 0, NULL, 0, NULL, NULL);
}
