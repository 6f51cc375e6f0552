/* The state and the online-softmax pieces the flash-attention skeletons
 * share (FlashAttention.c on SM80, Sm90FlashAttention.c on SM90; internal
 * to convert-plan-to-dlcgpu). Both hold S and O in the m16n8 accumulator
 * layout (mma.sync's, which wgmma's m64 layout repeats per warp): a lane
 * owns rows `group` and `group` + 8 of its warp's 16 and columns
 * 2·quad, 2·quad + 1 of each 8-wide fragment (vector<2x2xf32>). */
#ifndef DLC_LIB_CONVERSION_PLANTODLCGPU_FLASHGEN_H
#define DLC_LIB_CONVERSION_PLANTODLCGPU_FLASHGEN_H

#include "GemmGen.h"

/* Fragments: BN/8 of S, D/8 of O (D up to 256 on SM90), D/16 of Q (SM80,
 * D up to 128). */
enum { FLASH_MAX_S = 16, FLASH_MAX_O = 32, FLASH_MAX_Q = 8 };

typedef struct Fa {
  Gen g; /* builders and types; g.p is the store's problem (O) */
  const KpAttention *a;
  const DlcAttnTiling *t;
  KpProblem out; /* O[m, dv] = acc, stored through the GEMM epilogue */
  MlirType i32;
  int64_t d, cpr; /* head dim, 16-byte chunks per row */
  MlirValue lq, lk;
  /* m0: the first query row of the rows these warps own (the CTA's on
   * SM80, the consumer warpgroup's on SM90); warp: the warp among them. */
  MlirValue m0, warp, lane, quad, group;
  MlirValue batchIndex[KP_ATTN_MAX_BATCH]; /* block id y split */
  MlirValue qSmem, kSmem, vSmem;
  MlirValue qGlobal, kGlobal, vGlobal;
  MlirValue qBase, kBase, vBase, qRow, kRow, vRow;
  Access bias, mask, lse; /* global null when the model has none */
} Fa;

/* The running row state of the online softmax and O. */
typedef struct FlashCarried {
  MlirValue o[FLASH_MAX_O], m[2], l[2], token;
  MlirValue alpha[2]; /* 2^(m - m') of the last step, per row */
} FlashCarried;

/* Starts a flash kernel in `kernel` (f zeroed): types, sizes, thread ids
 * (lane, quad, group; warp = tid / 32), the batch index from block id y,
 * the base offsets and row strides of Q, K, V, the bias and mask
 * accesses, and O's store through the GEMM epilogue. */
void flashInit(Fa *f, MlirOperation kernel, const KpAttention *a,
               const DlcAttnTiling *t, const DlcAttnArgs *args, int numTensors,
               int64_t threads);

/* The batch index of batch row `flat` (the batch axes flattened, the
 * last fastest) and every tensor's base offset from it: flashInit's from
 * block id y, a persistent CTA's again for each work tile it visits. */
void flashBindBatch(Fa *f, MlirValue flat);

MlirValue flashConst(Fa *f, double v);
/* Element (i, j) (rank 2) or row i (rank 1) of v. */
MlirValue flashExtract(Fa *f, MlirValue v, MlirType type, int64_t i, int64_t j,
                       int rank);

/* Key tiles of BN a CTA whose rows end before `rowEnd` visits: all, or
 * with a causal mask up to the diagonal. */
MlirValue flashKeyTiles(Fa *f, MlirValue rowEnd);

/* S plus the bias tile, -inf where the mask tensor drops the key, for
 * keys n0.. (numS fragments), `group` fragments' loads at a time in
 * their own uniform branch (numS or more: one block, no branch). */
void flashAddTensors(Fa *f, MlirValue n0, MlirValue *s, int numS, int group);
/* Keys past Lk and (causal) past the row to -inf, inside a uniform
 * branch taken only by the tiles that need it. */
void flashMaybeMask(Fa *f, MlirValue n0, MlirValue *s, int numS);
/* The factor that takes S = Q Kᵀ into exp2's domain (qk_scale ·
 * exp2_scale), left for flashOnlineSoftmax to fold into its FFMAs and
 * returned; or, where a bias must be added to scaled scores or the factor
 * is not positive, applied to s here and 1 returned. */
double flashScoreScale(Fa *f, MlirValue *s, int numS);
/* The row max m that exp2's arguments subtract: m, or 0 where m = -inf
 * (a row with every key masked so far), so that exp2(x - 0) gives 0
 * instead of exp2(-inf + inf) NaN. */
MlirValue flashSafeMax(Fa *f, MlirValue m);
/* The online softmax step on S times `scale` (> 0; flashScoreScale's):
 * new row max, P = exp2(scale · S - m') left in s (subnormal P flushed to
 * 0), rescaled l and O (numO fragments, or one whole wgmma accumulator
 * vector<D/8 x 2 x 2>; c->alpha holds the factor). */
void flashOnlineSoftmax(Fa *f, MlirValue *s, int numS, double scale,
                        FlashCarried *c, int numO);
/* O (numO fragments or one wgmma accumulator) times the last step's
 * c->alpha: flashOnlineSoftmax's own rescale, for a caller that passed it
 * numO = 0 because O was still being written by an asynchronous MMA. */
void flashRescale(Fa *f, FlashCarried *c, int numO);
/* P's A fragment (vector<4x2> of the operand type) for keys
 * 16·kk..16·kk+15: the rows of S fragments 2·kk and 2·kk + 1 rounded, in
 * mma.sync m16n8k16's A layout, which register-A wgmma repeats per warp. */
MlirValue flashPFragment(Fa *f, const MlirValue *p, int kk);
/* O / l stored (guarded) from the final row state, and with a log-sum-exp
 * output LSE = (m + log2 l) · ln 2 (one f32 a row); `done` is O's complete
 * compute token. */
void flashEpilogue(Fa *f, const MlirValue *o, int numO, const MlirValue m[2],
                   const MlirValue l[2], MlirValue done);

#endif
