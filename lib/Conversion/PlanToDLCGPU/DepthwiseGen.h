/* What the two depthwise convolution kernels share (internal to
 * convert-plan-to-dlcgpu): the window's geometry read from the
 * implicit-GEMM model, and the generator's state and steps — the thread's
 * channels and pixels, the weights' copy into shared memory, the
 * epilogue and stores of a thread's pixels. DepthwiseConv.c holds them and
 * the register kernel (a thread's window read from global memory);
 * DepthwiseTile.c the tile kernel (a CTA's input tile and its halo staged
 * in shared memory once). */
#ifndef DLC_LIB_CONVERSION_PLANTODLCGPU_DEPTHWISEGEN_H
#define DLC_LIB_CONVERSION_PLANTODLCGPU_DEPTHWISEGEN_H

#include "Builder.h"
#include "Skeleton.h"

enum {
  DwMaxPixels = 8, /* a thread's pixels along wo */
  DwMaxTaps = 64,
  /* A CTA's thread bound in the register kernel, and the channel chunks a
   * CTA of either kernel spans at most. */
  DwThreads = 64,
  DwMaxSpan = DwThreads / 8
};

/* --- the window's geometry (no IR built) --------------------------------
 */
int64_t dwStaticOr(const KpExtent *e, int64_t otherwise);
bool dwMultipleOf(const KpExtent *e, int64_t width);
/* Whether a window dim is indexed by a pixel or a tap (not the channel's
 * dim, which the group offset moves). */
bool dwDimMoves(const KpWindowDim *d);
/* The window offsets of (pixel j, tap t: t in the taps' row-major order
 * over the fused k axes) from the thread's first pixel's window, in every
 * dim. */
void dwWindowDelta(const KpProblem *p, int j, int64_t t, int64_t *delta);

/* The widest vector of channels, at most `widest`, that every access of
 * the window and the output keeps aligned. */
int64_t dwVectorWidth(const KpProblem *p, int64_t channels, int64_t widest);
/* How many distinct window vectors `pixels` pixels of `taps` taps read. */
int64_t dwDistinctReads(const KpProblem *p, int64_t taps, int pixels);

/* --- the generator ------------------------------------------------------
 */

/* A window read met before: its offsets from the thread's first pixel in
 * every window dim, and the loaded vector (the register kernel: the
 * activations' type, zero outside, widened at each use so that ptxas
 * holds it packed; the tile kernel: widened once). */
typedef struct DwRead {
  int64_t delta[KP_MAX_RANK];
  MlirValue value;
} DwRead;

typedef struct Dw {
  DlcBuilder b;
  const KpProblem *p;
  const DlcDepthwise *d;
  MlirContext ctx;
  MlirBlock entry;
  int numTensors;
  MlirType idx, f32, i1, vf32;
  MlirValue c0;                /* the thread's first channel */
  MlirValue m[KP_MAX_FUSED];   /* the first pixel's m axes */
  MlirValue base[KP_MAX_RANK]; /* its window index in each dim */
  MlirValue extent[KP_MAX_RANK];
  int numReads;
  DwRead reads[DwMaxPixels * DwMaxTaps];
} Dw;

/* The weights' copy in flight: each trip's value (f32), its shared-memory
 * slot and whether it is stored (the last trip's tail is not). */
typedef struct DwWeights {
  MlirValue smem;
  bool split; /* stored as [tap][half][chunk][4] */
  int64_t trips;
  MlirValue values[DwMaxTaps], slots[DwMaxTaps], valid[DwMaxTaps];
} DwWeights;

/* A generator at the end of `kernel`'s entry block (every handle
 * borrowed); gives it: the caller frees it with free(). */
Dw *dwCreate(MlirOperation kernel, const KpProblem *p, const DlcDepthwise *d,
             int numTensors);
MlirValue dwIndex(Dw *w, int64_t v);
MlirValue dwOp(Dw *w, const char *name, MlirValue a, MlirValue b);
MlirValue dwExtent(Dw *w, const KpExtent *e);
MlirValue dwGpuId(Dw *w, const char *op, const char *dim);
/* Continues `w` inside a new scf.if on `cond` (no else), returning the
 * builder it left; dwEndThen closes the if and restores that builder. */
DlcBuilder dwThen(Dw *w, MlirValue cond);
void dwEndThen(Dw *w, DlcBuilder outer);
/* The thread's channel chunk: chunk `chunkInCta` of CTA `cta` of the
 * channel grid (d->span chunks a CTA). */
MlirValue dwChunk(Dw *w, MlirValue cta, MlirValue chunkInCta);
/* The first output's m axes (w->m) from the flat tile index `flat`, the
 * innermost axis fastest: the `tiled` innermost axes in count[t] tiles of
 * step[t] outputs (t = 0 the innermost), the outer axes one output at a
 * time by their sizes, the outermost taking the quotient. The register
 * kernel's thread tiles wo (pixels a tile); the tile kernel's CTA tiles
 * wo and ho. */
void dwSplitPixels(Dw *w, MlirValue flat, int tiled, const MlirValue *count,
                   const int64_t *step);
/* The first output's window index in each dim (w->base, from w->m) and
 * the image's extents (w->extent). */
void dwWindowOrigin(Dw *w);
MlirType dwVector(Dw *w, MlirType element);
MlirAttribute dwAlignment(Dw *w, KpElement e, bool vector);
/* A vector of the thread's channels of `x` at `offset` (f32 when `widen`):
 * one vector load where `vector`, else one load per channel. */
MlirValue dwLoadChannels(Dw *w, const KpTensor *x, MlirValue offset,
                         bool vector, bool widen);
/* Folds the activations' window dim `dim` at index `at` into a read:
 * `*inside` &&= 0 <= at < the dim's extent, `*off` += at * its stride. */
void dwAddDim(Dw *w, int dim, MlirValue at, MlirValue *inside, MlirValue *off);
/* `v` (the activations' vector) where `inside`, else zero: selected on the
 * packed bits (one select a pair of 16-bit channels). */
MlirValue dwZeroOutside(Dw *w, MlirValue inside, MlirValue v);
/* A shared-memory buffer of `count` elements of `element` (16-byte
 * aligned). */
MlirValue dwSmemAlloc(Dw *w, MlirType element, int64_t count);
/* Issues the loads of the CTA's channels' weights (CTA `cta` of the
 * channel grid) into `*ws`; dwStoreWeights stores them into shared memory
 * in f32, as [tap][channel] (`split` 8-channel vectors: [tap][half][chunk]
 * [4]). The caller's barrier follows. */
void dwLoadWeights(Dw *w, MlirValue tid, MlirValue cta, bool split,
                   DwWeights *ws);
void dwStoreWeights(Dw *w, const DwWeights *ws);
/* The thread's weights of tap firstTap + t (f32, from the copy in shared
 * memory; firstTap a run-time index where the caller loops over taps). */
MlirValue dwWeightAt(Dw *w, const DwWeights *ws, MlirValue chunkInCta,
                     MlirValue firstTap, int64_t t);
/* Each of the thread's pixels inside the image (along the last m axis:
 * w->m[last] + j < its size): the epilogue on its sums acc[j], then its
 * store. */
void dwStorePixels(Dw *w, const MlirValue *acc);

#endif
