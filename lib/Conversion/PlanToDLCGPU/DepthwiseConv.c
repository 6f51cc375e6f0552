/* The depthwise convolution kernel (plan algo_choice = {memory =
 * "depthwise"}; docs/passes/convert-plan-to-dlcgpu.md, "Depthwise
 * convolutions"): an implicit GEMM whose batch role is the channel and
 * whose n is 1, so each output is a KH·KW dot product on the CUDA cores.
 *
 * A thread computes `pixels` consecutive outputs along the innermost m
 * axis (wo) times a vector of W channels (16-byte accesses along C, which
 * NHWC keeps contiguous). Its window reads are deduplicated at compile
 * time: two (pixel, tap) pairs whose window offsets are equal in every dim
 * (the stride and dilation the IR states are constants of the model) share
 * one load, so a 3×3 stride-1 window over 4 pixels reads 18 vectors, not
 * 36; every thread issues them all first, held packed in the activations'
 * type. The CTA's channels' weights are then copied once into shared
 * memory as [tap][channel] in f32 (KRSC weights have the channel as their
 * outer stride) while those loads fly, from where each tap is read without
 * a conversion. Products and sums in f32 in tap order (the reference's
 * order); the epilogue steps (bias, SiLU, ReLU, a residual) run on each
 * pixel's vector before its store. The kernel is bound by the instructions
 * it issues and their latency rather than DRAM (ncu, run dw2-1): so the
 * padding's zero is selected on packed pairs and each value is widened
 * once. */
#include "DepthwiseGen.h"
#include "DialectNames.h"
#include "StepMath.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A thread's pixels (a CTA spans at most DwMaxSpan channel chunks, so
 * that it has at least 8 pixel tiles to share its weights). */
enum {
  DwPixels = 4,
  /* A thread whose pixels read more distinct window vectors takes at most
   * 4 channels: at 8 a 7x7 window's 70 vectors and the sums spilled
   * (1144 bytes; 4: 255 registers, none; 120.4 -> 95.7 us at C256 28² on
   * the H200, run dw2-3) while 5x5's 40 fit (254 registers) and ran 3 %
   * faster than at 4 (42.9 vs 44.1 us). */
  DwWideReads = 40
};

int64_t dwStaticOr(const KpExtent *e, int64_t otherwise) {
  return e->numSymbols == 0 ? e->constant : otherwise;
}

static bool dwIsFloat16(KpElement e) { return e == KP_F16 || e == KP_BF16; }

/* Whether every stride a vector of `width` channels is offset by keeps it
 * aligned (the constant factor a multiple of the width). */
bool dwMultipleOf(const KpExtent *e, int64_t width) {
  return e->constant % width == 0;
}

/* Whether a window dim is indexed by a pixel or a tap (not the channel's
 * dim, which the group offset moves). */
bool dwDimMoves(const KpWindowDim *d) {
  bool moves = d->offset != 0;
  for (int i = 0; i < KP_MAX_FUSED; ++i)
    moves |= d->mCoef[i] != 0 || d->kCoef[i] != 0;
  return moves;
}

/* Whether tensor `x`'s m offsets are multiples of `width`. */
static bool dwMAligned(const KpProblem *p, const KpTensor *x, int64_t width) {
  if (!x->mSplit)
    return dwMultipleOf(&x->stride[KP_M], width);
  for (int i = 0; i < p->fused[KP_M].num; ++i)
    if (!dwMultipleOf(&x->mStride[i], width))
      return false;
  return true;
}

/* Tap t's index along each fused k axis (outermost first). */
static void dwTapIndex(const KpFused *k, int64_t t, int64_t *tap) {
  for (int i = k->num - 1; i >= 0; --i) {
    tap[i] = t % k->size[i].constant;
    t /= k->size[i].constant;
  }
}

/* The window offsets of (pixel j, tap t) from the thread's first pixel's
 * window, in every dim. */
void dwWindowDelta(const KpProblem *p, int j, int64_t t, int64_t *delta) {
  const KpWindow *win = &p->window;
  int last = p->fused[KP_M].num - 1;
  int64_t tap[KP_MAX_FUSED];
  dwTapIndex(&p->fused[KP_K], t, tap);
  for (int dim = 0; dim < win->rank; ++dim) {
    delta[dim] = win->dim[dim].mCoef[last] * j;
    for (int i = 0; i < p->fused[KP_K].num; ++i)
      delta[dim] += win->dim[dim].kCoef[i] * tap[i];
  }
}

/* How many distinct window vectors `pixels` pixels of `taps` taps read. */
int64_t dwDistinctReads(const KpProblem *p, int64_t taps, int pixels) {
  int64_t(*seen)[KP_MAX_RANK] =
      malloc(sizeof(int64_t[KP_MAX_RANK]) * DwMaxPixels * DwMaxTaps);
  int64_t n = 0, rank = p->window.rank;
  if (!seen)
    return (int64_t)pixels * taps; /* an upper bound */
  for (int64_t t = 0; t < taps; ++t) {
    for (int j = 0; j < pixels; ++j) {
      int64_t delta[KP_MAX_RANK];
      dwWindowDelta(p, j, t, delta);
      bool met = false;
      for (int64_t r = 0; r < n && !met; ++r)
        met = !memcmp(seen[r], delta, sizeof(int64_t) * rank);
      if (!met)
        memcpy(seen[n++], delta, sizeof(int64_t) * rank);
    }
  }
  free(seen);
  return n;
}

int64_t dwVectorWidth(const KpProblem *p, int64_t channels, int64_t widest) {
  int64_t width = widest;
  while (width > 1) {
    bool ok = channels % width == 0 && dwMAligned(p, &p->c, width);
    for (int d = 0; ok && d < p->window.rank; ++d)
      ok = !dwDimMoves(&p->window.dim[d]) ||
           dwMultipleOf(&p->window.dim[d].stride, width);
    if (ok)
      break;
    width /= 2;
  }
  return width;
}

const char *dlcDepthwiseProblem(const KpProblem *p, DlcDepthwise *out) {
  if (!p->implicit || !p->has[KP_BATCH])
    return "it is not a grouped convolution (no group role)";
  if (!kpExtentIs(&p->size[KP_N], 1))
    return "its groups have more than one output channel";
  int64_t channels = dwStaticOr(&p->size[KP_BATCH], -1);
  if (channels < 1)
    return "its channel count is symbolic";
  if (!dwIsFloat16(p->a.element) || p->a.element != p->b.element)
    return "its activations and weights are not both f16 or both bf16";
  if (!kpExtentIs(&p->a.stride[KP_BATCH], 1) ||
      !kpExtentIs(&p->c.stride[KP_BATCH], 1) || p->a.mSplit)
    return "its channels are not contiguous in the activations and the "
           "output (NHWC)";
  int64_t taps = 1;
  for (int i = 0; i < p->fused[KP_K].num; ++i) {
    int64_t s = dwStaticOr(&p->fused[KP_K].size[i], -1);
    if (s < 1)
      return "its kernel size is symbolic";
    taps *= s;
    if (taps > DwMaxTaps)
      return "its window has more than 64 taps";
  }
  if (p->fused[KP_M].num < 1)
    return "it has no output pixel axis";
  for (int i = 0; i < p->numInputs; ++i)
    if (p->inputs[i].element == KP_I1)
      return "an epilogue input is an i1 mask";
  int64_t reads = dwDistinctReads(p, taps, DwPixels);
  int64_t width = dwVectorWidth(p, channels, reads > DwWideReads ? 4 : 8);
  if (out) {
    memset(out, 0, sizeof(*out));
    out->width = (int)width;
    out->channels = channels;
    out->chunks = channels / width;
    out->groups = (out->chunks + DwMaxSpan - 1) / DwMaxSpan;
    out->span = (out->chunks + out->groups - 1) / out->groups;
    out->tilesPerCta = DwThreads / out->span;
    out->threads = out->span * out->tilesPerCta;
    out->taps = taps;
    out->pixels = DwPixels;
    out->reads = reads;
    /* No occupancy request: ptxas keeps the window's vectors and the sums
     * in registers (asking for 2 or 3 CTAs an SM made it spill: 3x3 C256
     * 613 -> 1338 GB/s, 5x5 111 -> 453 GB/s on the H200, runs dw-1/dw-2);
     * the CTA size sets the occupancy instead. */
    out->minBlocks = 1;
  }
  return NULL;
}

int64_t dlcDepthwiseSmemBytes(const DlcDepthwise *d) {
  return d->haloBytes + d->taps * d->span * d->width * 4; /* f32 weights */
}

/* --- the generator -------------------------------------------------------
 */

MlirValue dwIndex(Dw *w, int64_t v) { return dlcConstIndex(&w->b, v); }
MlirValue dwOp(Dw *w, const char *name, MlirValue a, MlirValue b) {
  return dlcArith(&w->b, name, a, b);
}

MlirValue dwExtent(Dw *w, const KpExtent *e) {
  MlirValue v = dwIndex(w, e->constant);
  for (int i = 0; i < e->numSymbols; ++i)
    v = dwOp(w, "arith.muli", v,
             mlirBlockGetArgument(w->entry, w->numTensors + e->symbols[i]));
  return v;
}

DlcBuilder dwThen(Dw *w, MlirValue cond) {
  DlcBuilder outer = w->b;
  MlirBlock then;
  dlcBuildIf(&w->b, cond, &then);
  w->b = dlcBuilderAtEnd(then, outer.loc);
  return outer;
}

void dwEndThen(Dw *w, DlcBuilder outer) {
  dlcBuild(&w->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  w->b = outer;
}

MlirValue dwChunk(Dw *w, MlirValue cta, MlirValue chunkInCta) {
  return dwOp(w, "arith.addi",
              dwOp(w, "arith.muli", cta, dwIndex(w, w->d->span)), chunkInCta);
}

void dwSplitPixels(Dw *w, MlirValue flat, int tiled, const MlirValue *count,
                   const int64_t *step) {
  const KpFused *f = &w->p->fused[KP_M];
  int last = f->num - 1;
  MlirValue rest = flat;
  for (int t = 0; t < tiled; ++t) {
    w->m[last - t] =
        dwOp(w, "arith.muli", dwOp(w, "arith.remui", rest, count[t]),
             dwIndex(w, step[t]));
    rest = dwOp(w, "arith.divui", rest, count[t]);
  }
  for (int i = last - tiled; i >= 0; --i) {
    MlirValue size = dwExtent(w, &f->size[i]);
    w->m[i] = i == 0 ? rest : dwOp(w, "arith.remui", rest, size);
    if (i > 0)
      rest = dwOp(w, "arith.divui", rest, size);
  }
}

void dwWindowOrigin(Dw *w) {
  const KpWindow *win = &w->p->window;
  for (int dim = 0; dim < win->rank; ++dim) {
    const KpWindowDim *wd = &win->dim[dim];
    MlirValue v = dwIndex(w, wd->offset);
    for (int i = 0; i < w->p->fused[KP_M].num; ++i)
      if (wd->mCoef[i] != 0)
        v = dwOp(w, "arith.addi", v,
                 dwOp(w, "arith.muli", w->m[i], dwIndex(w, wd->mCoef[i])));
    w->base[dim] = v;
    w->extent[dim] = dwExtent(w, &wd->extent);
  }
}

void dwAddDim(Dw *w, int dim, MlirValue at, MlirValue *inside, MlirValue *off) {
  MlirValue in = dwOp(w, "arith.andi", dlcCmpI(&w->b, "sge", at, dwIndex(w, 0)),
                      dlcCmpI(&w->b, "slt", at, w->extent[dim]));
  *inside = dwOp(w, "arith.andi", *inside, in);
  *off = dwOp(
      w, "arith.addi", *off,
      dwOp(w, "arith.muli", at, dwExtent(w, &w->p->window.dim[dim].stride)));
}

MlirValue dwGpuId(Dw *w, const char *op, const char *dim) {
  char text[32];
  snprintf(text, sizeof(text), "#gpu<dim %s>", dim);
  const char *names[] = {"dimension"};
  MlirAttribute a = dlcAttr(w->ctx, text);
  return dlcBuildValue(&w->b, op, 0, NULL, w->idx, 1, names, &a);
}

MlirType dwVector(Dw *w, MlirType element) {
  int64_t shape[] = {w->d->width};
  return mlirVectorTypeGet(1, shape, element);
}

MlirAttribute dwAlignment(Dw *w, KpElement e, bool vector) {
  int64_t bytes = kpElementBytes(e) * (vector ? w->d->width : 1);
  return mlirIntegerAttrGet(mlirIntegerTypeGet(w->ctx, 64), bytes);
}

/* Tensor `x`'s offset at the m axes `m` (one index each) and the thread's
 * channels. */
static MlirValue dwOffsetAt(Dw *w, const KpTensor *x, const MlirValue *m) {
  const KpFused *f = &w->p->fused[KP_M];
  MlirValue off =
      dwOp(w, "arith.muli", w->c0, dwExtent(w, &x->stride[KP_BATCH]));
  if (x->mSplit) {
    for (int i = 0; i < f->num; ++i)
      off = dwOp(w, "arith.addi", off,
                 dwOp(w, "arith.muli", m[i], dwExtent(w, &x->mStride[i])));
    return off;
  }
  MlirValue flat = m[0];
  for (int i = 1; i < f->num; ++i)
    flat = dwOp(w, "arith.addi",
                dwOp(w, "arith.muli", flat, dwExtent(w, &f->size[i])), m[i]);
  return dwOp(w, "arith.addi", off,
              dwOp(w, "arith.muli", flat, dwExtent(w, &x->stride[KP_M])));
}

/* A vector of the thread's channels of `x` (f32): one vector load where the
 * channels are contiguous and aligned, else one load per channel. */
MlirValue dwLoadChannels(Dw *w, const KpTensor *x, MlirValue offset,
                         bool vector, bool widen) {
  MlirValue memref = mlirBlockGetArgument(w->entry, x->arg);
  MlirType element = kpElementType(w->ctx, x->element);
  const char *names[] = {"alignment"};
  MlirAttribute align = dwAlignment(w, x->element, vector);
  MlirValue v;
  if (vector) {
    MlirValue operands[] = {memref, offset};
    v = dlcBuildValue(&w->b, "vector.load", 2, operands, dwVector(w, element),
                      1, names, &align);
  } else {
    v = dlcStepSplat(&w->b, dwVector(w, element), 0.0);
    MlirValue stride = dwExtent(w, &x->stride[KP_BATCH]);
    for (int l = 0; l < w->d->width; ++l) {
      MlirValue at = dwOp(w, "arith.addi", offset,
                          dwOp(w, "arith.muli", dwIndex(w, l), stride));
      MlirValue operands[] = {memref, at};
      MlirValue e = dlcBuildValue(&w->b, "memref.load", 2, operands, element, 0,
                                  NULL, NULL);
      MlirValue ins[] = {e, v};
      const char *pos[] = {"static_position"};
      MlirAttribute where = mlirDenseI64ArrayGet(w->ctx, 1, (int64_t[]){l});
      v = dlcBuildValue(&w->b, "vector.insert", 2, ins, dwVector(w, element), 1,
                        pos, &where);
    }
  }
  if (x->element == KP_F32 || !widen)
    return v;
  return dlcBuildValue(&w->b, "arith.extf", 1, &v, w->vf32, 0, NULL, NULL);
}

MlirValue dwZeroOutside(Dw *w, MlirValue inside, MlirValue v) {
  /* LLVM would otherwise select each widened channel. */
  MlirType held = mlirValueGetType(v);
  int64_t width = w->d->width, pairs[] = {width % 2 ? width : width / 2};
  MlirType bitsElement = mlirIntegerTypeGet(w->ctx, width % 2 ? 16 : 32);
  MlirType bits = mlirVectorTypeGet(1, pairs, bitsElement);
  MlirValue zero = dlcConstInt(&w->b, bitsElement, 0);
  v = dlcBuildValue(&w->b, "vector.bitcast", 1, &v, bits, 0, NULL, NULL);
  v = dlcSelect(
      &w->b, inside, v,
      dlcBuildValue(&w->b, "vector.broadcast", 1, &zero, bits, 0, NULL, NULL));
  return dlcBuildValue(&w->b, "vector.bitcast", 1, &v, held, 0, NULL, NULL);
}

/* The activations' vector at window offsets `delta` from the first pixel,
 * zero outside the image (the padding): loaded once per distinct offset,
 * from a clamped address so that every load is in bounds and none is
 * under a branch. */
static MlirValue windowRead(Dw *w, const int64_t *delta) {
  const KpWindow *win = &w->p->window;
  for (int r = 0; r < w->numReads; ++r)
    if (!memcmp(w->reads[r].delta, delta, sizeof(int64_t) * win->rank))
      return w->reads[r].value;
  MlirValue inside = dlcConstInt(&w->b, w->i1, 1);
  MlirValue off = w->c0;
  for (int dim = 0; dim < win->rank; ++dim) {
    if (!dwDimMoves(&win->dim[dim]))
      continue; /* the channel's dim: the group offset c0 */
    dwAddDim(w, dim,
             dwOp(w, "arith.addi", w->base[dim], dwIndex(w, delta[dim])),
             &inside, &off);
  }
  off = dlcSelect(&w->b, inside, off, w->c0);
  MlirValue v =
      dwZeroOutside(w, inside, dwLoadChannels(w, &w->p->a, off, true, false));
  DwRead *r = &w->reads[w->numReads++];
  memcpy(r->delta, delta, sizeof(int64_t) * win->rank);
  r->value = v;
  return v;
}

MlirValue dwSmemAlloc(Dw *w, MlirType element, int64_t count) {
  int64_t shape[] = {count};
  MlirType type =
      mlirMemRefTypeGet(element, 1, shape, mlirAttributeGetNull(),
                        mlirIntegerAttrGet(mlirIntegerTypeGet(w->ctx, 64), 3));
  const char *names[] = {"alignment", "swizzle"};
  MlirAttribute attrs[] = {
      mlirIntegerAttrGet(mlirIntegerTypeGet(w->ctx, 64), 16),
      mlirStringAttrGet(w->ctx, mlirStringRefCreateFromCString("none"))};
  return dlcBuildValue(&w->b, DLC_OP_DLCGPU_SMEM_ALLOC, 0, NULL, type, 2, names,
                       attrs);
}

/* The weights are stored in f32 (widened once per CTA rather than by
 * every thread at each use). The copy is unrolled, its loads all issued
 * before its stores: a loop kept one global load in flight a thread, a
 * chain of L2 latencies before the barrier. Split (the tile kernel's), a
 * tap's 8-channel vectors are stored in halves, [tap][half][chunk][4]:
 * each of a thread's two 16-byte reads then sits next to its neighbour's
 * (as [tap][chunk][8], 32 bytes apart, two threads of a quarter-warp met
 * in a bank: ncu, run dw4-2). The register kernel keeps [tap][chunk][8]:
 * split, ptxas gave its 5x5 kernel 255 registers and a spill. */
static MlirValue weightSlot(Dw *w, const DwWeights *ws, MlirValue tap,
                            MlirValue local) {
  const DlcDepthwise *d = w->d;
  int64_t spanW = d->span * d->width;
  MlirValue slot = dwOp(w, "arith.muli", tap, dwIndex(w, spanW));
  if (!ws->split)
    return dwOp(w, "arith.addi", slot, local);
  MlirValue chunk = dwOp(w, "arith.divui", local, dwIndex(w, d->width));
  MlirValue lane = dwOp(w, "arith.remui", local, dwIndex(w, d->width));
  MlirValue half = dwOp(w, "arith.divui", lane, dwIndex(w, 4));
  slot = dwOp(w, "arith.addi", slot,
              dwOp(w, "arith.muli", half, dwIndex(w, d->span * 4)));
  slot =
      dwOp(w, "arith.addi", slot, dwOp(w, "arith.muli", chunk, dwIndex(w, 4)));
  return dwOp(w, "arith.addi", slot,
              dwOp(w, "arith.remui", lane, dwIndex(w, 4)));
}

void dwLoadWeights(Dw *w, MlirValue tid, MlirValue cta, bool split,
                   DwWeights *ws) {
  const DlcDepthwise *d = w->d;
  ws->split = split && d->width == 8;
  int64_t spanW = d->span * d->width, count = d->taps * spanW;
  ws->trips = (count + d->threads - 1) / d->threads;
  MlirType element = kpElementType(w->ctx, w->p->b.element);
  ws->smem = dwSmemAlloc(w, w->f32, count);
  MlirValue first = dwOp(w, "arith.muli", cta, dwIndex(w, spanW));
  /* trips <= taps * width / tilesPerCta <= DwMaxTaps (tilesPerCta >= 8). */
  for (int64_t r = 0; r < ws->trips; ++r) {
    /* Consecutive threads read consecutive taps of a channel (KRSC); a
     * copy past the end (the last trip) reads element 0 and stores
     * nothing. */
    MlirValue i = dwOp(w, "arith.addi", tid, dwIndex(w, r * d->threads));
    ws->valid[r] = dlcCmpI(&w->b, "ult", i, dwIndex(w, count));
    i = dlcSelect(&w->b, ws->valid[r], i, dwIndex(w, 0));
    MlirValue local = dwOp(w, "arith.divui", i, dwIndex(w, d->taps));
    MlirValue tap = dwOp(w, "arith.remui", i, dwIndex(w, d->taps));
    MlirValue channel = dwOp(w, "arith.addi", first, local);
    MlirValue inside = dlcCmpI(&w->b, "slt", channel, dwIndex(w, d->channels));
    MlirValue at = dwOp(
        w, "arith.addi",
        dwOp(w, "arith.muli", dlcSelect(&w->b, inside, channel, dwIndex(w, 0)),
             dwExtent(w, &w->p->b.stride[KP_BATCH])),
        dwOp(w, "arith.muli", tap, dwExtent(w, &w->p->b.stride[KP_K])));
    MlirValue loadOps[] = {mlirBlockGetArgument(w->entry, w->p->b.arg), at};
    MlirValue v =
        dlcBuildValue(&w->b, "memref.load", 2, loadOps, element, 0, NULL, NULL);
    v = dlcSelect(&w->b, inside, v, dlcConstFloat(&w->b, element, 0.0));
    ws->values[r] =
        dlcBuildValue(&w->b, "arith.extf", 1, &v, w->f32, 0, NULL, NULL);
    ws->slots[r] = weightSlot(w, ws, tap, local);
  }
}

void dwStoreWeights(Dw *w, const DwWeights *ws) {
  for (int64_t r = 0; r < ws->trips; ++r) {
    DlcBuilder outer = w->b;
    bool tail = (r + 1) * w->d->threads > w->d->taps * w->d->span * w->d->width;
    if (tail)
      outer = dwThen(w, ws->valid[r]);
    MlirValue storeOps[] = {ws->values[r], ws->smem, ws->slots[r]};
    dlcBuild(&w->b, "memref.store", 3, storeOps, 0, NULL, 0, NULL, NULL);
    if (tail)
      dwEndThen(w, outer);
  }
}

MlirValue dwWeightAt(Dw *w, const DwWeights *ws, MlirValue chunkInCta,
                     MlirValue firstTap, int64_t t) {
  const DlcDepthwise *d = w->d;
  int64_t half = ws->split ? 4 : d->width;
  MlirValue at =
      dwOp(w, "arith.addi",
           dwOp(w, "arith.muli", dwOp(w, "arith.addi", firstTap, dwIndex(w, t)),
                dwIndex(w, d->span * d->width)),
           dwOp(w, "arith.muli", chunkInCta, dwIndex(w, half)));
  int64_t shape[] = {half};
  MlirType type = mlirVectorTypeGet(1, shape, w->f32);
  const char *names[] = {"alignment"};
  MlirAttribute align =
      mlirIntegerAttrGet(mlirIntegerTypeGet(w->ctx, 64), half * 4);
  MlirValue operands[] = {ws->smem, at};
  MlirValue low =
      dlcBuildValue(&w->b, "vector.load", 2, operands, type, 1, names, &align);
  if (half == d->width)
    return low;
  operands[1] = dwOp(w, "arith.addi", at, dwIndex(w, d->span * 4));
  MlirValue high =
      dlcBuildValue(&w->b, "vector.load", 2, operands, type, 1, names, &align);
  MlirValue halves[] = {low, high};
  const char *mask[] = {"mask"};
  MlirAttribute order =
      mlirDenseI64ArrayGet(w->ctx, 8, (int64_t[]){0, 1, 2, 3, 4, 5, 6, 7});
  return dlcBuildValue(&w->b, "vector.shuffle", 2, halves, w->vf32, 1, mask,
                       &order);
}

/* The epilogue steps of one pixel (m axes `m`) on its sums `acc`, and the
 * store of the result. */
static void emitPixel(Dw *w, MlirValue acc, const MlirValue *m) {
  const KpProblem *p = w->p;
  MlirValue values[KP_MAX_STEPS];
  for (int s = 0; s < p->numSteps; ++s) {
    const KpStep *step = &p->steps[s];
    MlirValue x[3] = {{NULL}, {NULL}, {NULL}};
    for (int i = 0; i < 3; ++i)
      if (step->args[i] >= 0 && step->kind != KP_STEP_LOAD &&
          step->kind != KP_STEP_CONST && step->kind != KP_STEP_ACC)
        x[i] = values[step->args[i]];
    MlirValue v;
    if (step->kind == KP_STEP_ACC) {
      v = acc;
    } else if (step->kind == KP_STEP_LOAD) {
      const KpTensor *in = &p->inputs[step->input];
      bool vector = kpExtentIs(&in->stride[KP_BATCH], 1) &&
                    dwMAligned(p, in, w->d->width);
      v = dwLoadChannels(w, in, dwOffsetAt(w, in, m), vector, true);
    } else if (step->kind == KP_STEP_CONST) {
      if (step->type == KP_I1) {
        MlirValue bit = dlcConstInt(&w->b, w->i1, step->value != 0.0);
        v = dlcBuildValue(&w->b, "vector.broadcast", 1, &bit,
                          dwVector(w, w->i1), 0, NULL, NULL);
      } else {
        v = dlcStepSplat(&w->b, w->vf32, step->value);
      }
    } else {
      v = dlcStepApply(&w->b, step->kind,
                       mlirStringRefCreateFromCString(step->fn), x, w->vf32,
                       step->type == KP_I1);
    }
    if (step->type != KP_F32 && step->type != KP_I1)
      v = dlcStepRound(&w->b, v, kpElementType(w->ctx, step->type));
    values[s] = v;
  }
  MlirValue v = values[p->result];
  MlirType element = kpElementType(w->ctx, p->c.element);
  if (mlirTypeEqual(mlirValueGetType(v), dwVector(w, w->i1)))
    v = dlcBuildValue(&w->b, "arith.uitofp", 1, &v, w->vf32, 0, NULL, NULL);
  if (p->c.element != KP_F32)
    v = dlcBuildValue(&w->b, "arith.truncf", 1, &v, dwVector(w, element), 0,
                      NULL, NULL);
  MlirValue operands[] = {v, mlirBlockGetArgument(w->entry, p->c.arg),
                          dwOffsetAt(w, &p->c, m)};
  const char *names[] = {"alignment"};
  MlirAttribute align = dwAlignment(w, p->c.element, true);
  dlcBuild(&w->b, "vector.store", 3, operands, 0, NULL, 1, names, &align);
}

/* The first pixel's window index in each dim, then every distinct window
 * read of the thread's pixels, issued together (before the weights'
 * barrier, so that their latencies overlap). */
static void loadWindow(Dw *w) {
  const KpProblem *p = w->p;
  dwWindowOrigin(w);
  for (int64_t t = 0; t < w->d->taps; ++t) {
    for (int j = 0; j < w->d->pixels; ++j) {
      int64_t delta[KP_MAX_RANK];
      dwWindowDelta(p, j, t, delta);
      windowRead(w, delta);
    }
  }
}

/* The thread's pixels: sums over the taps (the window read by loadWindow),
 * then each pixel inside the image through the epilogue. */
void dwStorePixels(Dw *w, const MlirValue *acc) {
  const KpFused *f = &w->p->fused[KP_M];
  int last = f->num - 1;
  MlirValue outW = dwExtent(w, &f->size[last]);
  MlirValue first = w->m[last];
  for (int j = 0; j < w->d->pixels; ++j) {
    MlirValue m[KP_MAX_FUSED];
    memcpy(m, w->m, sizeof(m));
    m[last] = dwOp(w, "arith.addi", first, dwIndex(w, j));
    DlcBuilder outer = dwThen(w, dlcCmpI(&w->b, "slt", m[last], outW));
    emitPixel(w, acc[j], m);
    dwEndThen(w, outer);
  }
}

/* The thread's pixels: sums over the taps (the window read by loadWindow),
 * then each pixel inside the image through the epilogue. */
static void emitPixels(Dw *w, const DwWeights *ws, MlirValue chunkInCta) {
  const KpProblem *p = w->p;
  const DlcDepthwise *d = w->d;
  MlirValue acc[DwPixels];
  for (int j = 0; j < d->pixels; ++j)
    acc[j] = dlcStepSplat(&w->b, w->vf32, 0.0);
  for (int64_t t = 0; t < d->taps; ++t) {
    MlirValue weight = dwWeightAt(w, ws, chunkInCta, dwIndex(w, 0), t);
    for (int j = 0; j < d->pixels; ++j) {
      int64_t delta[KP_MAX_RANK];
      dwWindowDelta(p, j, t, delta);
      MlirValue x = windowRead(w, delta);
      x = dlcBuildValue(&w->b, "arith.extf", 1, &x, w->vf32, 0, NULL, NULL);
      /* One FMA: a product of two f16 (or bf16) is exact in f32, so this
       * is the reference's product-then-sum. */
      MlirValue fma[] = {x, weight, acc[j]};
      acc[j] =
          dlcBuildValue(&w->b, "vector.fma", 3, fma, w->vf32, 0, NULL, NULL);
    }
  }
  dwStorePixels(w, acc);
}

Dw *dwCreate(MlirOperation kernel, const KpProblem *p, const DlcDepthwise *d,
             int numTensors) {
  Dw *w = calloc(1, sizeof(Dw));
  if (!w)
    abort(); /* out of memory: MLIR itself cannot go on either */
  w->p = p;
  w->d = d;
  w->ctx = mlirOperationGetContext(kernel);
  w->entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  w->b = dlcBuilderAtEnd(w->entry, mlirOperationGetLocation(kernel));
  w->numTensors = numTensors;
  w->idx = mlirIndexTypeGet(w->ctx);
  w->f32 = mlirF32TypeGet(w->ctx);
  w->i1 = mlirIntegerTypeGet(w->ctx, 1);
  w->vf32 = dwVector(w, w->f32);
  return w;
}

void dlcEmitDepthwise(MlirOperation kernel, const KpProblem *p,
                      const DlcDepthwise *d, int numTensors) {
  Dw *w = dwCreate(kernel, p, d, numTensors);
  MlirValue tid = dwGpuId(w, "gpu.thread_id", "x");
  MlirValue ctaX = dwGpuId(w, "gpu.block_id", "x");
  MlirValue ctaY = dwGpuId(w, "gpu.block_id", "y");
  MlirValue chunkInCta = dwOp(w, "arith.remui", tid, dwIndex(w, d->span));
  MlirValue chunk = dwChunk(w, ctaY, chunkInCta);
  MlirValue tile = dwOp(w, "arith.addi",
                        dwOp(w, "arith.muli", ctaX, dwIndex(w, d->tilesPerCta)),
                        dwOp(w, "arith.divui", tid, dwIndex(w, d->span)));
  const KpFused *f = &p->fused[KP_M];
  int last = f->num - 1;
  MlirValue rowTiles = dwOp(w, "arith.ceildivui", dwExtent(w, &f->size[last]),
                            dwIndex(w, d->pixels));
  MlirValue tiles = rowTiles;
  for (int i = 0; i < last; ++i)
    tiles = dwOp(w, "arith.muli", tiles, dwExtent(w, &f->size[i]));
  MlirValue active =
      dwOp(w, "arith.andi", dlcCmpI(&w->b, "ult", chunk, dwIndex(w, d->chunks)),
           dlcCmpI(&w->b, "ult", tile, tiles));
  /* An idle thread (past the channels or the tiles) reads the first tile's
   * window, in bounds, and stores nothing: every thread loads before the
   * weights' barrier. */
  chunk = dlcSelect(&w->b, active, chunk, dwIndex(w, 0));
  tile = dlcSelect(&w->b, active, tile, dwIndex(w, 0));
  w->c0 = dwOp(w, "arith.muli", chunk, dwIndex(w, d->width));
  dwSplitPixels(w, tile, 1, &rowTiles, (int64_t[]){d->pixels});
  loadWindow(w);
  DwWeights ws;
  dwLoadWeights(w, tid, ctaY, false, &ws);
  dwStoreWeights(w, &ws);
  dlcBuild(&w->b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL, NULL);
  DlcBuilder outer = dwThen(w, active);
  emitPixels(w, &ws, chunkInCta);
  dwEndThen(w, outer);
  dlcBuild(&w->b, "func.return", 0, NULL, 0, NULL, 0, NULL, NULL);
  free(w);
}
