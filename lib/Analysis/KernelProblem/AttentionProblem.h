/* The attention family of the kernel-problem model (DESIGN.md decision 10,
 * spec §15.3; docs/kernel-problem.md, "The attention family"): what a pair
 * of rbssa regions computes when the first yields the row softmax of a
 * contraction as a deferred buffer P and the second contracts P with V.
 *
 *   S[z, m, n]  = qkScale * sum_d Q[z, m, d] * K[z, n, d]  (+ bias[z, m, n])
 *   S           = mask ? S : -inf                  (causal or a bool tensor)
 *   P[z, m, n]  = exp2(expScale * (S - max_n S)) / sum_n (same)
 *   O[z, m, dv] = sum_n P[z, m, n] * V[z, n, dv]
 *
 * z is up to three batch axes (batch, heads, and for grouped-query attention
 * the query heads of a K/V head: an axis Q reads and K does not, other
 * than the query row, is a batch axis K and V are broadcast along). Each
 * tensor is a KpTensor whose
 * roles read: m the query row, n the key row, k the column (d for Q and K,
 * dv for V and O); its batch strides are kept per batch axis beside it.
 * This is the model an online-softmax (flash) kernel needs: the running
 * max and sum replace the two row reductions and P is never stored.
 *
 * Internal to the library (module prefix `kp`). A KpAttention holds
 * borrowed MLIR handles only; it owns nothing and needs no destroy. */
#ifndef DLC_LIB_ANALYSIS_KERNELPROBLEM_ATTENTIONPROBLEM_H
#define DLC_LIB_ANALYSIS_KERNELPROBLEM_ATTENTIONPROBLEM_H

#include "KernelProblem.h"

enum { KP_ATTN_MAX_BATCH = 3 };

typedef enum KpAttnMask {
  KP_ATTN_MASK_NONE,
  KP_ATTN_MASK_CAUSAL, /* key n is kept for query m when m - n >= 0 */
  KP_ATTN_MASK_TENSOR, /* a bool tensor read over (z, m, n): `mask` */
} KpAttnMask;

/* A tensor of the attention problem: m/n/k strides in `t`
 * (t.stride[KP_BATCH] is 0), one stride per batch axis in `batch`. */
typedef struct KpAttnTensor {
  KpTensor t;
  KpExtent batch[KP_ATTN_MAX_BATCH];
} KpAttnTensor;

typedef struct KpAttention {
  MlirOperation scores, output; /* the two regions, borrowed */
  int buffer;                   /* P's argument index in `output` */
  int numBatch;
  KpExtent batchSize[KP_ATTN_MAX_BATCH];
  KpExtent size[KP_NUM_ROLES]; /* m: Lq, n: Lk, k: d; batch unused */
  KpExtent valueDim;           /* dv */
  KpAttnTensor q, k, v, o;
  KpElement pElement; /* P's element type in the deferred buffer */
  double qkScale;     /* the constant S is multiplied by (1 when none) */
  double expScale;    /* P = exp2(expScale * (S - max)) (log2 e for exp) */
  bool hasBias;
  KpAttnTensor bias; /* added to S (in `scores`'s arguments) */
  KpAttnMask mask;
  bool maskKeepsTrue; /* KP_ATTN_MASK_TENSOR: true keeps the score */
  KpAttnTensor maskTensor;
  /* The log-sum-exp output, LSE[z, m] = (expScale · max S + log2 Σ
   * exp2(expScale · (S − max))) · ln 2 (= ln Σ exp(S · expScale · ln 2)),
   * written by a third region (`lseRegion`, borrowed) over the same
   * scores; `lse` is its f32 output there (m and batch strides). */
  bool hasLse;
  MlirOperation lseRegion;
  KpAttnTensor lse;
} KpAttention;

/* Reads the attention problem of `scores` (the region yielding P deferred)
 * and `output` (the region contracting P with V). Returns NULL, or why the
 * pair is not attention: being no attention is no error, so nothing is
 * emitted; the caller decides. Symbols index the regions' rbssa.symbols,
 * which must be the same list. */
const char *kpAttentionRead(MlirOperation scores, MlirOperation output,
                            KpAttention *attention);
/* kpAttentionRead, and when `output`'s rbssa.attention names an
 * `lse_region` (rbssa-fuse-attention took a log-sum-exp output in), that
 * region too (kpAttentionLseRead): the model the planner, the skeletons and
 * the interpreter read. */
const char *kpAttentionReadFused(MlirOperation scores, MlirOperation output,
                                 KpAttention *attention);

/* Reads `region` as the log-sum-exp of the scores of `attention` (read
 * by kpAttentionRead): it yields (c · max_n L + log2 Σ_n exp2(c · (L −
 * max_n L))) · ln 2 (the form the Frontend lowers "lse": true to) or,
 * the same value, ln Σ_n exp(k · (L − max_n L)) + k · max_n L (ln as
 * log2 · ln 2, exp as exp2 of c · (L − max_n L), k = c · ln 2 left out
 * when 1) into an f32 argument, with c the
 * softmax's exp2_scale and L logits that read as the same Q, K, scale,
 * bias and mask. Fills attention's hasLse,
 * lseRegion and lse on success; returns NULL, or why not (no error). */
const char *kpAttentionLseRead(MlirOperation region, KpAttention *attention);

/* The region function (a func.func carrying rbssa.region = `name`) in
 * `body`, a module's block; null when there is none. */
MlirOperation kpFindRegion(MlirBlock body, MlirAttribute name);

/* The scores region that the attention output region `output` names in
 * its rbssa.attention (`scores`), in the module that holds `output`; null
 * when it names none or the module has no such region. The one lookup of
 * rbssa-fuse-attention, the planner and the interpreter. */
MlirOperation kpAttentionScores(MlirOperation output);

/* The flash kernels' tile width Dt for head dimension `d`: the first of
 * 64, 128 and 256 not below it, where `d` is a multiple of 8 (16-byte rows
 * of f16 and bf16) from 8 to 256; 0 otherwise. The kernels compute with
 * Dt columns: those from d on are zeros in Q, K and V (zero-filled loads)
 * and are not stored in O. */
int64_t kpAttentionTileDim(int64_t d);

/* Why the online-softmax (flash) form cannot compute `attention` yet, or
 * NULL when it can: no mask, a causal one or an i1 mask tensor, a float
 * bias tensor or none (any strides: read per S tile), a constant head
 * dimension shared by V with a tile width (kpAttentionTileDim), f16 or
 * bf16 operands, unit-stride columns and rows and batches starting at
 * 16-byte boundaries for Q, K and V. */
const char *kpAttentionOnlineProblem(const KpAttention *attention);

#endif
