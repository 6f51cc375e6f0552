/* The SM90 GEMM skeleton (spec §9.1, §9.2; issue "Back end, part 2"),
 * emitted as dlcgpu ops over the kernel-problem model. Warp-specialized,
 * three warpgroups of 128 threads:
 *
 *   warpgroup 0, the producer (registers lowered to 40 by setmaxnreg; its
 *   warp 0 runs the loop, the other three leave, sm90BeginProducerWarp):
 *     for kt: wait until stage kt % S is empty (its previous use released);
 *             announce the stage's bytes on full[s]; TMA-load A's and B's
 *             boxes of tile kt into stage s (one elected thread issues)
 *   warpgroups 1 and 2, the consumers (registers raised to 232), each owning
 *   64 rows of the CTA's BM = 128 (a 64-row tile: warpgroup 1 alone, for
 *   M <= 64, where a second would multiply TMA's zero rows):
 *     for kt: wait for full[s]; wgmma m64nBNk16 x 4 over stage s into the
 *             fp32 accumulators; wait until one wgmma group is in flight;
 *             release stage (kt-1) % S on empty[]
 *     epilogue steps on the accumulators in registers; guarded stores
 *
 * Shared memory holds S stages of A and B, 128-byte swizzled as TMA writes
 * them and wgmma reads them. An operand whose k axis has unit stride is
 * staged K-major, [rows][64 k] (one box); one whose m or n axis has unit
 * stride is staged MN-major, [rows / 64][64 k][64] (one box per 64
 * columns), and wgmma reads it transposed. TMA zero-fills every element
 * past M, N and K, so no size needs to be a multiple of a tile; the tensor
 * maps need 16-byte aligned row and batch strides, which the runtime checks
 * when it encodes them (docs/runtime.md).
 *
 * Clusters of 2 (tiling cluster; issue 9): the two CTAs of a cluster walk
 * the tiles in pairs that share an operand (B for BN >= BM: two tiles of
 * one tile-column), in lockstep. Each loads its own other operand and half
 * of the shared one, multicast into both CTAs' stage at the same offset:
 * a full barrier still expects the whole stage's bytes, and a stage is
 * empty when the consumers of both CTAs have released it (one arrival per
 * consumer warp on each CTA's empty barrier). A pair's second tile past
 * the last tile-row (or column) still loads and multicasts its half, and
 * stores nothing (its rows or columns are past M or N). The barriers'
 * init is made visible to the cluster before any load, and neither CTA
 * leaves while the other may still signal its barriers (cluster_sync).
 *
 * A convolution (an implicit GEMM, dlcSm90Im2col) reads A through TMA's
 * im2col mode instead: per stage one [BM pixels][64 channels] box, the
 * K-major layout above, from the tile's first output pixel shifted by the
 * k tile's filter tap; the k loop runs over (kh, kw, 64-channel block).
 * Clustered (2 or 4 CTAs), a cluster's tiles are 2 or 4 pixel tiles of
 * one weight tile (BN >= BM): each CTA loads its own im2col box and its
 * share of the weights' rows, multicast, so a cluster reads each weight
 * tile once. */
#include "DialectNames.h"
#include "Sm90Gen.h"
#include "Sm90SplitK.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

enum { ConsumerRows = 64, BoxK = 64, BoxMN = 64 };

bool dlcSm90KMajor(const KpTensor *t) {
  return kpExtentIs(&t->stride[KP_K], 1);
}

bool dlcSm90MapHasBatch(const KpTensor *t) {
  return !kpExtentIs(&t->stride[KP_BATCH], 0);
}

bool dlcSm90Misaligned(const KpExtent *stride, int elementBytes) {
  return stride->numSymbols == 0 && (stride->constant * elementBytes) % 16;
}

const char *dlcSm90StagingProblem(const KpTensor *t, KpRole fixed) {
  KpRole outer = dlcSm90KMajor(t) ? fixed : KP_K;
  if (!dlcSm90KMajor(t) && !kpExtentIs(&t->stride[fixed], 1))
    return "neither its k axis nor its m/n axis has unit stride";
  int bytes = kpElementBytes(t->element);
  if (dlcSm90Misaligned(&t->stride[outer], bytes) ||
      dlcSm90Misaligned(&t->stride[KP_BATCH], bytes))
    return "its row or batch stride is not a multiple of 16 bytes";
  return NULL;
}

static MlirAttribute text(MlirContext ctx, const char *s) {
  return mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(s));
}

/* `extent` times `scale` as a formula. */
static MlirAttribute formula(MlirOperation region, const KpExtent *extent,
                             int64_t scale) {
  KpExtent scaled = *extent;
  scaled.constant *= scale;
  char out[128];
  kpExtentText(region, &scaled, out, sizeof(out));
  return text(mlirOperationGetContext(region), out);
}

/* The `dlcgpu.tensormap` dictionary of the tensor named `name` (a
 * string attribute) of `element`s: `rank` dims and box entries, rank - 1
 * strides; `optional` (C's map of the staged epilogue): the runtime
 * encodes it only when it can without a repack. */
static MlirAttribute mapDictionary(MlirContext ctx, MlirAttribute name,
                                   KpElement element, int rank,
                                   const MlirAttribute *dims,
                                   const MlirAttribute *strides,
                                   const int64_t *box, bool optional) {
  const char *keys[] = {"tensor", "dtype",   "dims",    "strides",
                        "box",    "swizzle", "optional"};
  MlirAttribute values[] = {name,
                            text(ctx, kpElementName(element)),
                            mlirArrayAttrGet(ctx, rank, dims),
                            mlirArrayAttrGet(ctx, rank - 1, strides),
                            mlirDenseI64ArrayGet(ctx, rank, box),
                            text(ctx, "128b"),
                            mlirBoolAttrGet(ctx, true)};
  int count = optional ? 7 : 6;
  MlirNamedAttribute fields[7];
  for (int i = 0; i < count; ++i)
    fields[i] = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(keys[i])),
        values[i]);
  return mlirDictionaryAttrGet(ctx, count, fields);
}

/* The rbssa.name of the region's argument `arg`. */
static MlirAttribute tensorName(MlirOperation region, int arg) {
  MlirAttribute args = mlirOperationGetAttributeByName(
      region, mlirStringRefCreateFromCString("arg_attrs"));
  return mlirDictionaryAttrGetElementByName(
      mlirArrayAttrGetElement(args, arg),
      mlirStringRefCreateFromCString("rbssa.name"));
}

MlirAttribute dlcSm90TensorMap(MlirOperation region, const KpProblem *p,
                               const KpTensor *t, KpRole fixed, int64_t rows) {
  MlirContext ctx = mlirOperationGetContext(region);
  bool kMajor = dlcSm90KMajor(t);
  KpRole inner = kMajor ? KP_K : fixed, outer = kMajor ? fixed : KP_K;
  int bytes = kpElementBytes(t->element);
  MlirAttribute dims[3] = {formula(region, &p->size[inner], 1),
                           formula(region, &p->size[outer], 1)};
  MlirAttribute strides[2] = {formula(region, &t->stride[outer], bytes)};
  /* A dot form's missing m or n is one row of any stride: TMA wants a
   * positive multiple of 16 bytes, so give it the row's own size. */
  if (kpExtentIs(&p->size[outer], 1)) {
    char extent[96], rowBytes[160];
    kpExtentText(region, &p->size[inner], extent, sizeof(extent));
    snprintf(rowBytes, sizeof(rowBytes), "16*ceildiv(%d*%s, 16)", bytes,
             extent);
    strides[0] = text(ctx, rowBytes);
  }
  int rank = 2;
  if (dlcSm90MapHasBatch(t)) {
    dims[2] = formula(region, &p->size[KP_BATCH], 1);
    strides[1] = formula(region, &t->stride[KP_BATCH], bytes);
    rank = 3;
  }
  int64_t box[3] = {kMajor ? BoxK : BoxMN, kMajor ? rows : BoxK, 1};
  return mapDictionary(ctx, tensorName(region, t->arg), t->element, rank, dims,
                       strides, box, false);
}

const char *dlcSm90StagedEpilogueProblem(const KpProblem *p) {
  const KpTensor *c = &p->c;
  if (c->element != KP_F16 && c->element != KP_BF16)
    return "C is not f16 or bf16 (the staged tile holds 2-byte elements)";
  if (!p->has[KP_M] || !p->has[KP_N])
    return "a dot form has no m or n axis to tile C by";
  if (c->mSplit || !kpExtentIs(&c->stride[KP_N], 1))
    return "C's columns are not contiguous in rows of one stride";
  if (kpExtentIs(&c->stride[KP_M], 0))
    return "C has one row (M = 1): a tensor map needs a row stride";
  if (dlcSm90Misaligned(&c->stride[KP_M], 2) ||
      dlcSm90Misaligned(&c->stride[KP_BATCH], 2))
    return "C's row or batch stride is not a multiple of 16 bytes";
  return NULL;
}

/* Whether tiles past M (of whole width) may take the staged epilogue too:
 * no epilogue input varies along m, so rows past M read the elements of
 * rows inside it (a bias along n), and TMA stores no row past M. */
static bool stagesRowsPastM(const KpProblem *p) {
  for (int i = 0; i < p->numInputs; ++i)
    if (!kpExtentIs(&p->inputs[i].stride[KP_M], 0) || p->inputs[i].mSplit)
      return false;
  return true;
}

/* The rows (role KP_M) or columns (KP_N) of C that whole tiles of `tile`
 * cover: floordiv(size, tile)*tile. */
static MlirAttribute wholeTiles(MlirOperation region, const KpProblem *p,
                                KpRole role, int64_t tile) {
  char size[128], out[200];
  kpExtentText(region, &p->size[role], size, sizeof(size));
  snprintf(out, sizeof(out), "floordiv(%s, %lld)*%lld", size, (long long)tile,
           (long long)tile);
  return text(mlirOperationGetContext(region), out);
}

MlirAttribute dlcSm90OutputMap(MlirOperation region, const KpProblem *p,
                               const DlcGemmTiling *t) {
  MlirContext ctx = mlirOperationGetContext(region);
  const KpTensor *c = &p->c;
  int bytes = kpElementBytes(c->element);
  MlirAttribute dims[3] = {formula(region, &p->size[KP_N], 1),
                           formula(region, &p->size[KP_M], 1)};
  MlirAttribute strides[2] = {formula(region, &c->stride[KP_M], bytes)};
  int rank = 2;
  if (dlcSm90MapHasBatch(c)) {
    dims[2] = formula(region, &p->size[KP_BATCH], 1);
    strides[1] = formula(region, &c->stride[KP_BATCH], bytes);
    rank = 3;
  }
  int64_t box[3] = {BoxMN, ConsumerRows, 1};
  MlirAttribute map = mapDictionary(ctx, tensorName(region, c->arg), c->element,
                                    rank, dims, strides, box, true);
  if (rank != 2 || t->directStore)
    return map;
  /* Rows TMA cannot store (N = 4097): the staged tiles go to a padded
   * workspace the host copies into C after the kernel, [rows, cols] of
   * it (docs/runtime.md, "Repack"): the whole tiles, and those past M
   * where stagesRowsPastM; the others store into C. */
  MlirNamedAttribute fields[16];
  intptr_t n = mlirDictionaryAttrGetNumElements(map);
  for (intptr_t i = 0; i < n && i < 15; ++i)
    fields[i] = mlirDictionaryAttrGetElement(map, i);
  MlirAttribute region2[] = {stagesRowsPastM(p)
                                 ? formula(region, &p->size[KP_M], 1)
                                 : wholeTiles(region, p, KP_M, t->tileM),
                             wholeTiles(region, p, KP_N, t->tileN)};
  fields[n < 15 ? n : 15] = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("repack_out")),
      mlirArrayAttrGet(ctx, 2, region2));
  return mlirDictionaryAttrGet(ctx, (n < 15 ? n : 15) + 1, fields);
}

MlirAttribute dlcSm90MapAttr(MlirOperation region, MlirAttribute name,
                             KpElement element, int rank, const KpExtent *dims,
                             const KpExtent *strides, const int64_t *box) {
  int bytes = kpElementBytes(element);
  MlirAttribute dimAttrs[5], strideAttrs[4];
  for (int d = 0; d < rank && d < 5; ++d)
    dimAttrs[d] = formula(region, &dims[d], 1);
  for (int d = 0; d + 1 < rank && d < 4; ++d)
    strideAttrs[d] = formula(region, &strides[d], bytes);
  return mapDictionary(mlirOperationGetContext(region), name, element, rank,
                       dimAttrs, strideAttrs, box, false);
}

/* Whether window dim `d` reads exactly coefficient `m` of fused m axis
 * `mAt` and `k` of fused k axis `kAt` (each alone; -1: none). */
static bool windowReads(const KpWindowDim *d, int numM, int numK, int mAt,
                        int64_t *m, int kAt, int64_t *k) {
  for (int i = 0; i < numM; ++i)
    if ((i == mAt) != (d->mCoef[i] != 0))
      return false;
  for (int j = 0; j < numK; ++j)
    if ((j == kAt) != (d->kCoef[j] != 0))
      return false;
  if (mAt >= 0)
    *m = d->mCoef[mAt];
  if (kAt >= 0)
    *k = d->kCoef[kAt];
  return true;
}

static bool staticExtent(const KpExtent *e, int64_t *value) {
  *value = e->constant;
  return e->numSymbols == 0;
}

const char *dlcSm90Im2col(const KpProblem *p, DlcIm2col *out) {
  DlcIm2col im = {0};
  const KpWindow *w = &p->window;
  const KpFused *m = &p->fused[KP_M], *k = &p->fused[KP_K];
  static const char notWindow[] =
      "A is not an NHWC activation read at (n, s·ho + d·kh − p, s·wo + d·kw "
      "− p, ci), nor a contiguous NCHW one";
  if (!p->implicit || w->rank != 4 || m->num != 3 || k->num != 3)
    return notWindow;
  int64_t unit = 0, one = 0;
  /* NHWC: dims n, h, w, c and k = (kh, kw, ci). NCHW: dims n, c, h, w and
   * k = (ci, kh, kw); the host transposes it (and its KCRS weights) into
   * NHWC (KRSC) workspaces the maps read (docs/runtime.md). m = (n, ho,
   * wo) in both. */
  im.transposed = windowReads(&w->dim[1], 3, 3, -1, NULL, 0, &unit);
  int hDim = im.transposed ? 2 : 1, cDim = im.transposed ? 1 : 3;
  int khAt = im.transposed ? 1 : 0, ciAt = im.transposed ? 0 : 2;
  im.channelAt = ciAt;
  if (!windowReads(&w->dim[0], 3, 3, 0, &one, -1, NULL) || one != 1 ||
      w->dim[0].offset != 0 ||
      !windowReads(&w->dim[hDim], 3, 3, 1, &im.stride[0], khAt,
                   &im.dilation[0]) ||
      !windowReads(&w->dim[hDim + 1], 3, 3, 2, &im.stride[1], khAt + 1,
                   &im.dilation[1]) ||
      !windowReads(&w->dim[cDim], 3, 3, -1, NULL, ciAt, &unit) || unit != 1 ||
      w->dim[cDim].offset != 0 || !kpExtentIs(&w->dim[3].stride, 1))
    return notWindow;
  if (!staticExtent(&w->dim[hDim].extent, &im.extent[0]) ||
      !staticExtent(&w->dim[hDim + 1].extent, &im.extent[1]) ||
      !staticExtent(&m->size[1], &im.out[0]) ||
      !staticExtent(&m->size[2], &im.out[1]) ||
      !staticExtent(&k->size[khAt], &im.taps[0]) ||
      !staticExtent(&k->size[khAt + 1], &im.taps[1]))
    return "H, W, the output's H and W or the kernel size is symbolic "
           "(the map's pixel box is static)";
  /* B's k tiles start at (kh·KW + kw)·C + 64·j, 16-byte aligned only for
   * C a multiple of 8; convs whose symbolic C was not faulted on the H100
   * (illegal instruction; bench/RESULTS.md, run 24), so C must be
   * known. */
  int64_t reduced = 0;
  if (!staticExtent(&w->dim[cDim].extent, &im.channels) ||
      !staticExtent(&k->size[ciAt], &reduced))
    return "C is symbolic (it must be known to be a multiple of 8)";
  /* A grouped conv: the batch role is the group, whose Cg = `reduced`
   * channels start at Cg·b (A's batch stride); the map reads a group's
   * channels of a pixel (dlcSm90Im2colMap), zeros past them. */
  im.groups = im.pack = 1;
  if (p->has[KP_BATCH]) {
    /* Packed (dlcSm90PackGroups): a batch index is `pack` groups. */
    int64_t pack = p->groupPack > 1 ? p->groupPack : 1;
    if (im.transposed || !staticExtent(&p->size[KP_BATCH], &im.groups) ||
        !kpExtentIs(&p->a.stride[KP_BATCH], reduced * pack) ||
        reduced * pack * im.groups != im.channels)
      return "the batch role is not the group of an NHWC grouped "
             "convolution (channel Cg·b + ci of a static C)";
    im.channels = reduced * pack;
    im.pack = pack;
  }
  /* The map reads every channel of a pixel; B's rows hold `ci` of them. */
  if (reduced * im.pack != im.channels)
    return "the convolution reduces fewer channels than A has";
  /* The transform reads whole contiguous images and filters. */
  int64_t plane = im.extent[0] * im.extent[1];
  int64_t filter = im.channels * im.taps[0] * im.taps[1];
  if (im.transposed &&
      (p->has[KP_BATCH] || !kpExtentIs(&w->dim[2].stride, im.extent[1]) ||
       !kpExtentIs(&w->dim[1].stride, plane) ||
       !kpExtentIs(&w->dim[0].stride, plane * im.channels) ||
       !kpExtentIs(&p->b.stride[KP_K], 1) ||
       !kpExtentIs(&p->b.stride[KP_N], filter)))
    return "the NCHW activation or its KCRS weights are not contiguous, "
           "which the layout transform needs";
  int bytes = kpElementBytes(p->a.element);
  for (int d = 0; !im.transposed && d < 3; ++d)
    if (dlcSm90Misaligned(&w->dim[d].stride, bytes))
      return "a pixel, row or image stride of A is not a multiple of 16 "
             "bytes (C a multiple of 8)";
  if (im.channels % (16 / bytes))
    return "C is not a multiple of 8 (an im2col pixel is 16-byte aligned)";
  /* A 5-D map (grouped) holds its corners and offsets in 5 bits. */
  int64_t corner = im.groups > 1 ? 16 : 128;
  for (int d = 0; d < 2; ++d) {
    im.pad[d] = -w->dim[hDim + d].offset;
    /* W order for the corners: index 0 is w. */
    int e = 1 - d;
    im.lower[e] = -im.pad[d];
    im.upper[e] =
        im.stride[d] * (im.out[d] - 1) - im.pad[d] - (im.extent[d] - 1);
    if (im.stride[d] < 1 || im.stride[d] > 8 || im.dilation[d] < 1 ||
        im.dilation[d] * (im.taps[d] - 1) > 65535)
      return "a conv stride is not 1 to 8 (TMA's traversal strides) or a "
             "dilation is not positive";
    if (im.lower[e] < -corner || im.lower[e] >= corner ||
        im.upper[e] < -corner || im.upper[e] >= corner)
      return "the padding or kernel size puts the im2col box corners out "
             "of a 4-D map's [-128, 127] (a grouped conv's 5-D map: "
             "[-16, 15])";
    if (im.groups > 1 && im.dilation[d] * (im.taps[d] - 1) >= corner)
      return "a grouped conv's filter tap offset passes 15 (a 5-D im2col "
             "map's offsets)";
  }
  if (out)
    *out = im;
  return NULL;
}

int64_t dlcSm90GroupPack(const KpProblem *p, const DlcIm2col *im) {
  int64_t cg = im->channels, cog = 0;
  if (im->groups <= 1 || im->pack > 1 || cg <= 0 || cg >= BoxK || BoxK % cg ||
      !staticExtent(&p->size[KP_N], &cog) || cog % 8)
    return 1;
  int64_t pack = BoxK / cg, cols = pack * cog;
  return im->groups % pack == 0 && cols % BoxMN == 0 && cols <= 256 ? pack : 1;
}

void dlcSm90PackGroups(KpProblem *p, int64_t pack) {
  p->size[KP_BATCH].constant /= pack;
  p->size[KP_N].constant *= pack;
  p->a.stride[KP_BATCH].constant *= pack;
  p->b.stride[KP_BATCH].constant *= pack;
  p->c.stride[KP_BATCH].constant *= pack;
  for (int i = 0; i < p->numInputs; ++i)
    p->inputs[i].stride[KP_BATCH].constant *= pack;
  p->groupWidth *= pack;
  p->groupPack = pack;
}

/* `map` with "transpose": [batch, rows, cols] (formulas): the host
 * transposes the tensor, [batch][rows][cols], into a [batch][cols][rows]
 * workspace the map reads (docs/conventions.md, "Tensor maps"). */
static MlirAttribute withTranspose(MlirContext ctx, MlirAttribute map,
                                   MlirAttribute batch, int64_t rows,
                                   int64_t cols) {
  intptr_t n = mlirDictionaryAttrGetNumElements(map);
  MlirNamedAttribute fields[16];
  for (intptr_t i = 0; i < n && i < 15; ++i)
    fields[i] = mlirDictionaryAttrGetElement(map, i);
  char text3[2][32];
  snprintf(text3[0], sizeof(text3[0]), "%lld", (long long)rows);
  snprintf(text3[1], sizeof(text3[1]), "%lld", (long long)cols);
  MlirAttribute shape[] = {batch, text(ctx, text3[0]), text(ctx, text3[1])};
  fields[n < 15 ? n : 15] = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("transpose")),
      mlirArrayAttrGet(ctx, 3, shape));
  return mlirDictionaryAttrGet(ctx, (n < 15 ? n : 15) + 1, fields);
}

MlirAttribute dlcSm90Im2colMap(MlirOperation region, const KpProblem *p,
                               const DlcIm2col *im, int64_t rows) {
  MlirContext ctx = mlirOperationGetContext(region);
  const KpWindow *w = &p->window;
  int bytes = kpElementBytes(p->a.element);
  /* Innermost first: C, W, H, N; an NCHW activation's through its NHWC
   * workspace (contiguous). */
  MlirAttribute dims[4], strides[3];
  for (int d = 0; d < 4; ++d)
    dims[d] = formula(region, &w->dim[3 - d].extent, 1);
  for (int d = 0; d < 3; ++d)
    strides[d] = formula(region, &w->dim[2 - d].stride, bytes);
  if (im->transposed) {
    KpExtent c = {.constant = im->channels};
    KpExtent pixel = {.constant = im->channels * bytes};
    dims[0] = formula(region, &c, 1);
    dims[1] = formula(region, &w->dim[3].extent, 1);
    dims[2] = formula(region, &w->dim[2].extent, 1);
    strides[0] = formula(region, &pixel, 1);
    strides[1] = formula(region, &pixel, im->extent[1]);
    strides[2] = formula(region, &pixel, im->extent[1] * im->extent[0]);
  }
  int64_t box[2] = {BoxK, rows};
  int64_t elementStrides[5] = {1, im->stride[1], im->stride[0], 1, 1};
  int64_t lower[3] = {im->lower[0], im->lower[1], 0};
  int64_t upper[3] = {im->upper[0], im->upper[1], 0};
  /* Grouped: [Cg, W, H, N, g], the group outermost (the map's "N", at Cg
   * elements a group) and the images a third spatial dim of the whole
   * range, so a column of pixels runs through (n, ho, wo) of one group. */
  int rank = im->groups > 1 ? 5 : 4;
  MlirAttribute groupDims[5], groupStrides[4];
  if (rank == 5) {
    KpExtent cg = {.constant = im->channels};
    KpExtent g = {.constant = im->groups};
    for (int d = 0; d < 4; ++d)
      groupDims[d] = dims[d];
    for (int d = 0; d < 3; ++d)
      groupStrides[d] = strides[d];
    groupDims[0] = formula(region, &cg, 1);
    groupDims[4] = formula(region, &g, 1);
    groupStrides[3] = formula(region, &cg, bytes);
  }
  MlirAttribute name = tensorName(region, p->a.arg);
  const char *keys[] = {"tensor",          "dtype",  "mode",  "dims",
                        "strides",         "box",    "lower", "upper",
                        "element_strides", "swizzle"};
  MlirAttribute values[] = {name,
                            text(ctx, kpElementName(p->a.element)),
                            text(ctx, "im2col"),
                            rank == 5 ? mlirArrayAttrGet(ctx, 5, groupDims)
                                      : mlirArrayAttrGet(ctx, 4, dims),
                            rank == 5 ? mlirArrayAttrGet(ctx, 4, groupStrides)
                                      : mlirArrayAttrGet(ctx, 3, strides),
                            mlirDenseI64ArrayGet(ctx, 2, box),
                            mlirDenseI64ArrayGet(ctx, rank - 2, lower),
                            mlirDenseI64ArrayGet(ctx, rank - 2, upper),
                            mlirDenseI64ArrayGet(ctx, rank, elementStrides),
                            text(ctx, "128b")};
  MlirNamedAttribute fields[10];
  for (int i = 0; i < 10; ++i)
    fields[i] = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(keys[i])),
        values[i]);
  MlirAttribute map = mlirDictionaryAttrGet(ctx, 10, fields);
  /* NCHW [N][C][H·W] → NHWC [N][H·W][C]. */
  return im->transposed
             ? withTranspose(ctx, map, formula(region, &w->dim[0].extent, 1),
                             im->channels, im->extent[0] * im->extent[1])
             : map;
}

MlirAttribute dlcSm90ConvWeightMap(MlirOperation region, const KpProblem *p,
                                   const DlcIm2col *im, int64_t rows) {
  if (im->pack > 1) {
    /* Packed groups: [Cg, g·Cog, taps] (innermost first), box [64, Cog,
     * 1]: group j of a tile loads its Cog rows of one tap at channel
     * −j·Cg, so its Cg channels land in columns j·Cg.. of the stage and
     * the rest of each row reads zeros (out of the map): the tile's B is
     * block-diagonal. */
    int64_t cg = im->channels / im->pack, cog = rows / im->pack;
    int64_t taps = im->taps[0] * im->taps[1];
    KpExtent dims[3] = {{.constant = cg},
                        {.constant = cog * im->pack * im->groups},
                        {.constant = taps}};
    KpExtent strides[2] = {{.constant = taps * cg}, {.constant = cg}};
    int64_t box[3] = {BoxK, cog, 1};
    return dlcSm90MapAttr(region, tensorName(region, p->b.arg), p->b.element, 3,
                          dims, strides, box);
  }
  MlirAttribute map = dlcSm90TensorMap(region, p, &p->b, KP_N, rows);
  /* KCRS [Co][C][R·S] → KRSC [Co][R·S][C]: the k tiles the producer loads,
   * (tap, 64 channels), become rows of the map as for KRSC weights. */
  return im->transposed ? withTranspose(mlirOperationGetContext(region), map,
                                        formula(region, &p->size[KP_N], 1),
                                        im->channels, im->taps[0] * im->taps[1])
                        : map;
}

/* One operand as the SM90 skeleton stages it. */
typedef struct Staging {
  Access *x;
  KpRole fixed;   /* KP_M for A, KP_N for B */
  bool kMajor;    /* k has unit stride: [rows][64 k]; else [chunks][k][64] */
  int64_t rows;   /* BM or BN */
  MlirValue smem; /* the ring */
  MlirValue map;  /* the tensor map's address (i64 kernel argument) */
  bool batched;   /* the map has a batch dimension */
  /* A convolution's A through the im2col map (NULL: a tiled map); the
   * tile's first pixel (n, h, w), set per tile by the producer. */
  const DlcIm2col *im2col;
  MlirValue pixel[3];
} Staging;

static void planStaging(Gen *g, Staging *s, Access *x, KpRole fixed,
                        int64_t rows, MlirValue map, const DlcIm2col *im2col) {
  s->x = x;
  s->fixed = fixed;
  s->im2col = im2col;
  /* An im2col box is [pixels][channels]: K-major, one per stage. */
  s->kMajor = s->im2col || dlcSm90KMajor(x->tensor);
  s->rows = rows;
  s->map = map;
  s->batched = !s->im2col && dlcSm90MapHasBatch(x->tensor);
  int64_t kMajorShape[] = {g->t->stages, rows, BoxK};
  int64_t mnMajorShape[] = {g->t->stages, rows / BoxMN, BoxK, BoxMN};
  s->smem = s->kMajor ? sm90SwizzledAlloc(g, 3, kMajorShape)
                      : sm90SwizzledAlloc(g, 4, mnMajorShape);
}

/* The TMA loads of the k tile at `k0` of one operand into stage `stage`,
 * completing on full[stage]. Coordinates are outermost first, in
 * elements. With a cluster of `parts` CTAs (`part` the CTA's rank;
 * null: the whole operand) loads rows part·rows/parts.., multicast to
 * every CTA of the cluster. */
static void loadOperand(Gen *g, const Staging *s, MlirValue full,
                        MlirValue stage, MlirValue k0, MlirValue origin,
                        MlirValue part, int64_t clusterSize) {
  int parts = mlirValueIsNull(part) ? 1 : (int)clusterSize;
  int64_t rows = s->rows / parts; /* a K-major box's */
  int chunks = s->kMajor ? 1 : (int)(s->rows / BoxMN / parts);
  MlirValue first = parts == 1  ? cst(g, 0)
                    : s->kMajor ? mul(g, part, rows)
                                : mul(g, part, chunks);
  for (int c = 0; c < chunks; ++c) {
    MlirValue all[12];
    int n = 0;
    all[n++] = s->map;
    all[n++] = full;
    all[n++] = stage;
    if (parts > 1) /* every CTA of the cluster */
      all[n++] = dlcConstInt(&g->b, mlirIntegerTypeGet(g->b.ctx, 16),
                             (1 << parts) - 1);
    all[n++] = s->smem;
    int numDst = 0, numCoords = 0;
    MlirValue chunk = add(g, first, cst(g, c));
    all[n++] = stage, ++numDst;
    if (!s->kMajor)
      all[n++] = chunk, ++numDst;
    all[n++] = s->kMajor ? first : cst(g, 0), ++numDst;
    all[n++] = cst(g, 0), ++numDst;
    if (s->batched)
      all[n + numCoords++] = g->batch;
    if (s->kMajor) {
      all[n + numCoords++] = add(g, origin, first);
      all[n + numCoords++] = k0;
    } else {
      all[n + numCoords++] = k0;
      all[n + numCoords++] = add(g, origin, mul(g, chunk, BoxMN));
    }
    int64_t box[] = {s->kMajor ? rows : BoxK, s->kMajor ? BoxK : BoxMN};
    int32_t sizes[] = {1, 1, 1, 1, 1, numDst, numCoords};
    const char *names[] = {"box", "operandSegmentSizes"};
    MlirAttribute attrs[] = {
        mlirDenseI64ArrayGet(g->b.ctx, 2, box),
        parts > 1 ? mlirDenseI32ArrayGet(g->b.ctx, 7, sizes)
                  : mlirDenseI32ArrayGet(g->b.ctx, 6, sizes + 1)};
    MlirType t = sm90Token(g, "!dlcgpu.load_token");
    dlcBuild(&g->b,
             parts > 1 ? DLC_OP_DLCGPU_TMA_LOAD_MULTICAST
                       : DLC_OP_DLCGPU_TMA_LOAD,
             n + numCoords, all, 1, &t, 2, names, attrs);
  }
}

/* A's im2col load of filter tap (kh, kw), channels c0.. into stage
 * `stage`: the column of BM pixels from the tile's first (s->pixel), each
 * shifted by the tap (zeros where that leaves the image: the padding). */
static void loadIm2col(Gen *g, const Staging *s, MlirValue full,
                       MlirValue stage, MlirValue kh, MlirValue kw,
                       MlirValue c0) {
  const DlcIm2col *im = s->im2col;
  /* Grouped (5-D map): the group (the kernel's batch) outermost, and the
   * images' offset 0. */
  bool grouped = im->groups > 1;
  MlirValue operands[16];
  int n = 0;
  operands[n++] = s->map;
  operands[n++] = full;
  operands[n++] = stage;
  operands[n++] = s->smem;
  operands[n++] = stage;
  operands[n++] = cst(g, 0);
  operands[n++] = cst(g, 0);
  if (grouped)
    operands[n++] = g->batch;
  operands[n++] = s->pixel[0];
  operands[n++] = s->pixel[1];
  operands[n++] = s->pixel[2];
  operands[n++] = c0;
  if (grouped)
    operands[n++] = cst(g, 0);
  operands[n++] = mul(g, kh, im->dilation[0]);
  operands[n++] = mul(g, kw, im->dilation[1]);
  int32_t sizes[] = {1, 1, 1, 1, 3, grouped ? 5 : 4, grouped ? 3 : 2};
  const char *names[] = {"box", "operandSegmentSizes"};
  MlirAttribute attrs[] = {
      mlirDenseI64ArrayGet(g->b.ctx, 2, (int64_t[]){s->rows, BoxK}),
      mlirDenseI32ArrayGet(g->b.ctx, 7, sizes)};
  MlirType t = sm90Token(g, "!dlcgpu.load_token");
  dlcBuild(&g->b, DLC_OP_DLCGPU_TMA_LOAD_IM2COL, n, operands, 1, &t, 2, names,
           attrs);
}

/* Packed groups' weights kept in the ring: with no split-K and stages a
 * multiple of the taps (the packed k loop), a CTA's ring use u = tile ·
 * taps + tap puts the same tap of the same block of groups (its grid row)
 * in stage u mod stages every time, so B is loaded on a stage's first use
 * only (bench/RESULTS.md run gp-1: 8 narrow boxes a step were most of a
 * step's time). */
static bool packedWeightsKept(const Gen *g, const DlcIm2col *im) {
  return im && im->pack > 1 && g->t->maxSplits <= 1 && g->t->cluster <= 1 &&
         g->t->stages % (im->taps[0] * im->taps[1]) == 0;
}

/* The full barrier's expected bytes at use `use` of stage `stage`: A's
 * box and B's, or A's alone once the stage keeps its weights. */
static void expectStage(Gen *g, MlirValue full, MlirValue stage, MlirValue use,
                        bool kept) {
  int64_t bytes = kpElementBytes(g->p->a.element) * BoxK;
  int64_t a = g->t->tileM * bytes, both = a + g->t->tileN * bytes;
  const char *op = DLC_OP_DLCGPU_MBARRIER_ARRIVE_EXPECT_TX;
  if (!kept) {
    sm90MbarrierOp(g, op, full, stage, "bytes", both);
    return;
  }
  DlcBuilder outer = g->b;
  MlirBlock then, other;
  dlcBuildIfElse(&g->b, lt(g, use, cst(g, g->t->stages)), 0, NULL, &then,
                 &other);
  DlcBuilder after = g->b;
  g->b = dlcBuilderAtEnd(then, outer.loc);
  sm90MbarrierOp(g, op, full, stage, "bytes", both);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(other, outer.loc);
  sm90MbarrierOp(g, op, full, stage, "bytes", a);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = after;
}

/* Packed groups' B (dlcSm90ConvWeightMap): tap `tap` of each of the
 * tile's groups, Cog rows at row j·Cog of stage `stage`, from channel
 * −j·Cg of group b·pack + j (b the kernel's batch, a block of groups);
 * with `use` (packedWeightsKept) only on the stage's first use. */
static void loadPackedWeights(Gen *g, const Staging *s, const DlcIm2col *im,
                              MlirValue full, MlirValue stage, MlirValue tap,
                              MlirValue use) {
  int64_t cg = im->channels / im->pack, cog = s->rows / im->pack;
  DlcBuilder outer = g->b;
  if (!mlirValueIsNull(use)) {
    MlirBlock then;
    dlcBuildIf(&g->b, lt(g, use, cst(g, g->t->stages)), &then);
    g->b = dlcBuilderAtEnd(then, outer.loc);
  }
  MlirValue first = mul(g, g->batch, im->pack);
  for (int64_t j = 0; j < im->pack; ++j) {
    MlirValue operands[] = {
        s->map,         full,  stage,
        s->smem,        stage, cst(g, j * cog),
        cst(g, 0),      tap,   mul(g, add(g, first, cst(g, j)), cog),
        cst(g, -j * cg)};
    int32_t sizes[] = {1, 1, 1, 1, 3, 3};
    const char *names[] = {"box", "operandSegmentSizes"};
    MlirAttribute attrs[] = {
        mlirDenseI64ArrayGet(g->b.ctx, 2, (int64_t[]){cog, BoxK}),
        mlirDenseI32ArrayGet(g->b.ctx, 6, sizes)};
    MlirType t = sm90Token(g, "!dlcgpu.load_token");
    dlcBuild(&g->b, DLC_OP_DLCGPU_TMA_LOAD, 10, operands, 1, &t, 2, names,
             attrs);
  }
  if (!mlirValueIsNull(use)) {
    dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    g->b = outer;
  }
}

typedef struct Pipeline {
  Staging a, b;
  MlirValue full, empty, kTiles;
  /* Split-K (tiling maxSplits > 1): the tiles after the first `whole`
   * are shared by `splits` CTAs each, over kPer k tiles (the last over what
   * remains); else splits = 1 and kPer = kTiles. `workspace`
   * (memref<?xi32>) holds the partials. */
  MlirValue splits, kPer, whole, workspace;
  /* Stream-K (tiling streamK > 0; Skeleton.h, "Stream-K"): the last streamK
   * full rounds and the partial one as k ranges; `workspace` holds the partials
   * and flags. */
  int64_t streamK;
  /* Ping-pong: each consumer owns whole tiles (warp_tile = tile), taking
   * every other tile of the CTA, so one's epilogue overlaps the other's
   * MMAs; cooperative: both share each tile, 64 rows each; a 64-row tile
   * (dlcSm90Consumers) has one consumer, the second warpgroup exits; a
   * 192-row one three, 64 rows each. */
  bool pingPong;
  int64_t consumers;
  int slabs; /* 64-row wgmmas per stage and consumer: warp_tile rows / 64 */
  /* Ping-pong: order[c] completes a phase when consumer c has issued a
   * tile's MMAs; the other consumer waits for it before its own next tile,
   * so the mainloops alternate and neither waits on a stage's full barrier
   * more than one phase ahead (where its parity would be ambiguous). */
  MlirValue order;
  /* The staged epilogue (tiling stagedEpilogue; else null): per consumer
   * `slots` boxes [64 rows][64 columns] of C, 128-byte swizzled as C's map
   * reads them; C's map; i1, the map was encoded (C's base and strides
   * are 16-byte multiples, the runtime's test). A consumer writes
   * `boxes` a tile (BN / 64 per slab), box q into slot q mod slots; with
   * fewer slots than boxes (eachBox) it stores each box as soon as it is
   * written, else all of them at the end. */
  MlirValue staging, outMap, mapUsable;
  int64_t slots, boxes;
  bool eachBox;
  /* The tiling's cluster (1, 2 or a convolution's 4) and the CTA's rank
   * in it. */
  int64_t cluster;
  MlirValue rank;
} Pipeline;

/* Tile-rows per rasterisation group: DLC_RASTER_GROUP, taller for tiles
 * wider than high, so that the tiles a wave of CTAs works on span about as
 * many bytes of A as of B. 4096³ at 128 x 256: a tile-row of A is 1 MiB,
 * a tile-column of B 2 MiB; 132 CTAs span 16 x 8 tiles (33 MiB of the
 * H100's 50 MiB L2) with groups of 16, 8 x 16 (41 MiB) with 8 (measured
 * 644 against 628-633 TFLOP/s, bench/RESULTS.md). */
static int64_t rasterGroup(const DlcGemmTiling *t) {
  int64_t wide = DLC_RASTER_GROUP * t->tileN / t->tileM;
  return wide > DLC_RASTER_GROUP ? wide : DLC_RASTER_GROUP;
}

/* The group (index) for `cols` tile-columns: rasterGroup's, unless a
 * group holds fewer tiles than a wave of CTAs (one per SM). Then a wave
 * spans several groups and splits one with the next wave, whose CTAs read
 * that group's rows of A from DRAM again (16384 x 1024 x 4096 at 128 x
 * 256: 4 columns, groups of 64 tiles, 4 to 12 of each wave's 33 tile-rows
 * split); a GEMM's group is then a whole wave, ceil(CTAs / cols) rows, so
 * each wave reads whole rows of A (bench/RESULTS.md run gm-3). A
 * convolution keeps rasterGroup's (not measured). */
static MlirValue rasterGroupOf(Gen *g, MlirValue cols, int64_t pairRows) {
  /* Pairs of tile-rows (a cluster sharing B): half as many units. */
  int64_t fixed = (rasterGroup(g->t) + pairRows - 1) / pairRows;
  if (g->p->implicit)
    return cst(g, fixed);
  /* A wave is the grid's CTAs (even rounds: fewer than the SMs). */
  MlirValue sms =
      dlcSm90EvenRounds(g->p, g->t)
          ? gemmGpuId(g, "gpu.grid_dim", "x")
          : cst(g, g->t->sms / (g->t->cluster > 1 ? g->t->cluster : 1));
  MlirValue few = dlcCmpI(&g->b, "ult", mul(g, cols, fixed), sms);
  MlirValue some = dlcArith(&g->b, "arith.maxui", cols, cst(g, 1));
  MlirValue wave = dlcArith(&g->b, "arith.divui",
                            add(g, sms, sub(g, some, cst(g, 1))), some);
  return sel(g, few, wave, cst(g, fixed));
}

/* One unit of a CTA's work: a tile, or with split-K one split of it. */
typedef struct Unit {
  MlirValue index;  /* the CTA's i-th unit */
  MlirValue base;   /* the ring's use count at the unit's first k step */
  MlirValue tile;   /* the tile's number before rasterisation */
  MlirValue kStart; /* first k tile, and how many */
  MlirValue kCount;
  /* Split-K: i1, the unit is a split (past the whole tiles); then the
   * split's number and its tile's, counted from the first split tile. */
  MlirValue isSplit, splitId, splitTile;
  /* Stream-K: i1, the segment is a tile's rest (k > 0: its partial goes
   * to the owner), or its head (k from 0, not to the end: the owner adds
   * the partner's rest). Null without stream-K. */
  MlirValue partial, fixup;
} Unit;

/* A CTA's stream-K work (Skeleton.h, "Stream-K"): `rounds` rounds of whole
 * tiles (the first dpTiles tiles, block + i * grid), then the k range [start,
 * end) of the k tiles of the tiles after them, numbered tile-major from
 * tile dpTiles, which meets `count` of those tiles from `first` on. */
typedef struct StreamKRange {
  MlirValue rounds, dpTiles, start, end, first, count;
} StreamKRange;

static StreamKRange streamKRange(Gen *g, const Pipeline *p, MlirValue tiles,
                                 MlirValue block, MlirValue grid) {
  StreamKRange r;
  MlirValue kTiles = p->kTiles;
  MlirValue full = divv(g, tiles, grid);
  MlirValue rem = remv(g, tiles, grid);
  /* No partial round (grid = tiles below a round): whole tiles only. */
  MlirValue shared =
      add(g, mulv(g, minv(g, full, cst(g, p->streamK)), grid), rem);
  shared = sel(g, dlcCmpI(&g->b, "eq", rem, cst(g, 0)), cst(g, 0), shared);
  r.dpTiles = sub(g, tiles, shared);
  r.rounds = divv(g, r.dpTiles, grid);
  MlirValue iters = mulv(g, shared, kTiles);
  r.start = divv(g, mulv(g, block, iters), grid);
  r.end = divv(g, mulv(g, add(g, block, cst(g, 1)), iters), grid);
  /* K = 0: no k tiles, empty ranges (and no division by zero). */
  MlirValue per = dlcArith(&g->b, "arith.maxui", kTiles, cst(g, 1));
  r.first = divv(g, r.start, per);
  r.count = sub(g, dlcArith(&g->b, "arith.ceildivui", r.end, per), r.first);
  return r;
}

/* Unit i of the CTA's stream-K work: whole tile block + i * grid for i <
 * rounds, else its segment of tile dpTiles + first + i - rounds. The
 * ring's use count runs on through the range: rounds * kTiles + the k
 * tiles of the range before the segment. */
static Unit streamKUnit(Gen *g, const Pipeline *p, const StreamKRange *r,
                        MlirValue i, MlirValue block, MlirValue grid) {
  Unit u;
  MlirValue kTiles = p->kTiles;
  MlirValue inRange = dlcCmpI(&g->b, "uge", i, r->rounds);
  MlirValue j = add(g, r->first, sub(g, i, r->rounds)); /* wraps: dropped */
  MlirValue head = mulv(g, j, kTiles);
  MlirValue from = dlcArith(&g->b, "arith.maxui", r->start, head);
  MlirValue to = minv(g, r->end, add(g, head, kTiles));
  u.index = i;
  u.tile =
      sel(g, inRange, add(g, r->dpTiles, j), add(g, block, mulv(g, i, grid)));
  u.kStart = sel(g, inRange, sub(g, from, head), cst(g, 0));
  u.kCount = sel(g, inRange, sub(g, to, from), kTiles);
  u.base = sel(g, inRange,
               add(g, mulv(g, r->rounds, kTiles), sub(g, from, r->start)),
               mulv(g, i, kTiles));
  u.isSplit = u.splitId = u.splitTile = (MlirValue){NULL};
  MlirValue zero = cst(g, 0);
  u.partial = dlcCmpI(&g->b, "ne", u.kStart, zero);
  u.fixup = andi(g, dlcCmpI(&g->b, "eq", u.kStart, zero),
                 dlcCmpI(&g->b, "ult", u.kCount, kTiles));
  return u;
}

/* Sets the origin of unit `u`'s tile (rasterised; clustered, the CTA's
 * tile of the pair) in g->m0, g->n0 and runs `body` on it. */
static void placeTile(Gen *g, const Pipeline *p, const Unit *u, MlirValue group,
                      MlirValue rows, MlirValue cols,
                      void (*body)(Gen *, const Pipeline *, const Unit *,
                                   void *),
                      void *userData) {
  int64_t c = p->cluster;
  bool shareB = c > 1 && dlcSm90ClusterSharesB(g->t);
  /* Walking every batch's tiles: the unit's batch moves every base for
   * the body (the entry's, block y = 0, again after it). */
  Gen entry = *g;
  MlirValue tile = u->tile;
  if (dlcSm90WalksBatch(g->p, g->t)) {
    MlirValue perBatch = mulv(g, rows, cols);
    gemmSetBatch(g, divv(g, tile, perBatch));
    tile = remv(g, tile, perBatch);
  }
  MlirValue tileRow, tileCol;
  gemmRasterizeGrid(g, tile, group, rows, cols, &tileRow, &tileCol);
  if (c > 1 && shareB)
    tileRow = add(g, mul(g, tileRow, c), p->rank);
  else if (c > 1)
    tileCol = add(g, mul(g, tileCol, c), p->rank);
  g->m0 = mul(g, tileRow, g->t->tileM);
  g->n0 = mul(g, tileCol, g->t->tileN);
  body(g, p, u, userData);
  g->batch = entry.batch;
  g->ta = entry.ta, g->tb = entry.tb, g->tc = entry.tc;
  memcpy(g->inputs, entry.inputs, sizeof(g->inputs));
}

/* Runs `body(g, p, unit, userData)` for the CTA's units u = block + i *
 * grid with i = first, first + every, ... (`first` null: 0): the whole
 * tiles, then with split-K the splits of the last round's tiles
 * (Skeleton.h). The producer makes every unit's ring uses in order; a
 * CTA's split is its last unit, after i whole tiles, so base = i * kTiles
 * holds for every unit; the tile's origin is set in g->m0, g->n0. */
static void
forEachTile(Gen *g, const Pipeline *p, MlirValue first, int64_t every,
            void (*body)(Gen *, const Pipeline *, const Unit *, void *),
            void *userData) {
  MlirValue rows =
      divc(g, add(g, g->size[KP_M], cst(g, g->t->tileM - 1)), g->t->tileM);
  MlirValue cols =
      divc(g, add(g, g->size[KP_N], cst(g, g->t->tileN - 1)), g->t->tileN);
  /* Clustered: the units are tile pairs (two tile-rows of a column when
   * they share B, two tile-columns of a row when they share A), walked by
   * the cluster (both CTAs have the same block / 2); the CTA's rank picks
   * its tile of the pair. */
  int64_t c = p->cluster;
  bool shareB = c > 1 && dlcSm90ClusterSharesB(g->t);
  if (c > 1) {
    if (shareB)
      rows = divc(g, add(g, rows, cst(g, c - 1)), c);
    else
      cols = divc(g, add(g, cols, cst(g, c - 1)), c);
  }
  MlirValue group = rasterGroupOf(g, cols, shareB ? c : 1);
  MlirValue block = gemmGpuId(g, "gpu.block_id", "x");
  MlirValue grid = gemmGpuId(g, "gpu.grid_dim", "x");
  if (c > 1) {
    block = divc(g, block, c);
    grid = divc(g, grid, c);
  }
  MlirValue start =
      mlirValueIsNull(first) ? block : add(g, block, mulv(g, first, grid));
  MlirBlock loop;
  MlirValue units = mulv(g, rows, cols);
  if (dlcSm90WalksBatch(g->p, g->t))
    units = mulv(g, units, g->size[KP_BATCH]);
  if (p->streamK > 0) {
    StreamKRange r = streamKRange(g, p, units, block, grid);
    dlcBuildFor(&g->b, cst(g, 0), add(g, r.rounds, r.count), cst(g, 1), 0, NULL,
                &loop);
    DlcBuilder outer = g->b;
    g->b = dlcBuilderAtEnd(loop, outer.loc);
    Unit u = streamKUnit(g, p, &r, mlirBlockGetArgument(loop, 0), block, grid);
    placeTile(g, p, &u, group, rows, cols, body, userData);
    dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    g->b = outer;
    return;
  }
  if (g->t->maxSplits > 1) /* whole + (tiles - whole) * splits */
    units = add(g, p->whole, mulv(g, sub(g, units, p->whole), p->splits));
  dlcBuildFor(&g->b, start, units, mul(g, grid, every), 0, NULL, &loop);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(loop, outer.loc);
  Unit u;
  MlirValue id = mlirBlockGetArgument(loop, 0);
  u.index = dlcArith(&g->b, "arith.divui", sub(g, id, block), grid);
  u.tile = id;
  u.kStart = cst(g, 0);
  u.kCount = p->kTiles;
  u.base = mulv(g, u.index, p->kTiles);
  u.isSplit = u.splitId = u.splitTile = (MlirValue){NULL};
  u.partial = u.fixup = (MlirValue){NULL};
  if (g->t->maxSplits > 1) {
    /* Past the whole tiles: split `splitId` of tile whole + splitTile.
     * (Before them the subtraction wraps; the selects drop its results.) */
    u.isSplit = dlcCmpI(&g->b, "uge", id, p->whole);
    u.splitId = sub(g, id, p->whole);
    u.splitTile = dlcArith(&g->b, "arith.divui", u.splitId, p->splits);
    MlirValue split = dlcArith(&g->b, "arith.remui", u.splitId, p->splits);
    u.tile = sel(g, u.isSplit, add(g, p->whole, u.splitTile), id);
    u.kStart = sel(g, u.isSplit, mulv(g, split, p->kPer), cst(g, 0));
    u.kCount = sel(
        g, u.isSplit,
        dlcArith(&g->b, "arith.minui", p->kPer, sub(g, p->kTiles, u.kStart)),
        p->kTiles);
  }
  placeTile(g, p, &u, group, rows, cols, body, userData);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

static void produceTile(Gen *g, const Pipeline *p, const Unit *u,
                        void *userData) {
  Staging *a = userData;
  const DlcIm2col *im = a->im2col;
  if (im) { /* the tile's first pixel: (n, s·ho − p, s·wo − p) */
    MlirValue axes[KP_MAX_FUSED];
    gemmSplit(g, KP_M, g->m0, axes);
    a->pixel[0] = axes[0];
    for (int d = 0; d < 2; ++d)
      a->pixel[1 + d] =
          sub(g, mul(g, axes[1 + d], im->stride[d]), cst(g, im->pad[d]));
  }
  MlirValue base = u->base;
  MlirBlock body;
  dlcBuildFor(&g->b, cst(g, 0), u->kCount, cst(g, 1), 0, NULL, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue kt = mlirBlockGetArgument(body, 0);
  MlirValue use = add(g, base, kt);
  MlirValue stage = remc(g, use, g->t->stages);
  /* Use u of a stage waits for the release of use u - 1: parity of u + 1
   * (the first use passes at once, a fresh barrier's "previous" phase). */
  sm90MbarrierWait(g, p->empty, stage,
                   sm90ParityOf(g, use, g->t->stages, true));
  bool kept = packedWeightsKept(g, im);
  expectStage(g, p->full, stage, use, kept);
  MlirValue k = add(g, u->kStart, kt);
  if (im) {
    /* k tile k is channels cb·64.. of tap (kh, kw): B's columns
     * (kh·KW + kw)·C + cb·64.. (those past C meet A's zero channels). */
    MlirValue channels = g->fusedSize[KP_K][im->channelAt];
    MlirValue blocks = divc(g, add(g, channels, cst(g, BoxK - 1)), BoxK);
    MlirValue tap = dlcArith(&g->b, "arith.divui", k, blocks);
    MlirValue c0 = mul(g, dlcArith(&g->b, "arith.remui", k, blocks), BoxK);
    loadIm2col(g, a, p->full, stage, divc(g, tap, im->taps[1]),
               remc(g, tap, im->taps[1]), c0);
    /* Clustered (the pair shares B, checkContract): each CTA's half of
     * the weights multicast; packed groups are not clustered. */
    if (im->pack > 1) /* one channel block: k is the tap */
      loadPackedWeights(g, &p->b, im, p->full, stage, tap,
                        kept ? use : (MlirValue){NULL});
    else
      loadOperand(g, &p->b, p->full, stage, add(g, mulv(g, tap, channels), c0),
                  g->n0, p->cluster > 1 ? p->rank : (MlirValue){NULL},
                  p->cluster);
  } else {
    /* Clustered: the shared operand's half multicast to both CTAs. */
    bool shareB = p->cluster > 1 && dlcSm90ClusterSharesB(g->t);
    bool shareA = p->cluster > 1 && !shareB;
    loadOperand(g, &p->a, p->full, stage, mul(g, k, BoxK), g->m0,
                shareA ? p->rank : (MlirValue){NULL}, p->cluster);
    loadOperand(g, &p->b, p->full, stage, mul(g, k, BoxK), g->n0,
                shareB ? p->rank : (MlirValue){NULL}, p->cluster);
  }
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

static void emitProducer(Gen *g, Pipeline *p) {
  sm90SetMaxRegisters(g, sm90ProducerRegisters(p->consumers), false);
  DlcBuilder outer = sm90BeginProducerWarp(g);
  forEachTile(g, p, (MlirValue){NULL}, 1, produceTile, &p->a);
  sm90EndProducerWarp(g, outer);
}

/* A consumer's release of stage `stage`: each thread on its CTA's empty
 * barrier, or clustered one arrival per warp on both CTAs' (the peer's
 * producer multicasts into this CTA's stage too). */
static void releaseStage(Gen *g, const Pipeline *p, MlirValue stage) {
  if (p->cluster <= 1) {
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_ARRIVE, p->empty, stage, NULL, 0);
    return;
  }
  for (int64_t cta = 0; cta < p->cluster; ++cta) {
    MlirValue operands[] = {p->empty, stage, cst(g, cta)};
    dlcBuild(&g->b, DLC_OP_DLCGPU_MBARRIER_ARRIVE_CLUSTER, 3, operands, 0, NULL,
             0, NULL, NULL);
  }
}

/* One wgmma of the 64 rows of A at slab `slab` (index) and all of B of
 * stage `stage` into `acc`; its results in out[0] (acc) and out[1]. */
static void wgmmaSlab(Gen *g, const Pipeline *p, MlirValue stage,
                      MlirValue slab, MlirValue acc, MlirValue out[2]) {
  Sm90Operand a = {.smem = p->a.smem, .trans = !p->a.kMajor};
  a.index[a.rank++] = stage;
  if (p->a.kMajor) {
    a.index[a.rank++] = mul(g, slab, ConsumerRows);
    a.index[a.rank++] = cst(g, 0);
  } else {
    a.index[a.rank++] = slab;
    a.index[a.rank++] = cst(g, 0);
    a.index[a.rank++] = cst(g, 0);
  }
  Sm90Operand b = {.smem = p->b.smem, .trans = !p->b.kMajor};
  b.index[b.rank++] = stage;
  int bRank = p->b.kMajor ? 2 : 3;
  for (int i = 0; i < bRank; ++i)
    b.index[b.rank++] = cst(g, 0);
  sm90Wgmma(g, &a, &b, g->t->tileN, BoxK, acc, out);
}

enum { MaxSlabs = 2 };

/* The ring stage before `stage`, wrapping. */
static MlirValue stageBefore(Gen *g, MlirValue stage) {
  return sel(g, dlcCmpI(&g->b, "eq", stage, cst(g, 0)),
             cst(g, g->t->stages - 1), sub(g, stage, cst(g, 1)));
}

/* The consumer's k loop over one tile: acc[s] (vector<BN/8 x 2 x 2>) are
 * the rows of slab `firstSlab` + s, complete when it returns. Ping-pong
 * (`consumer` not null): once the last k step's wgmmas are issued, the
 * consumer gives the other its turn (order[consumer]), before waiting for
 * them, so the other's first wgmmas queue behind them and the tensor pipe
 * does not drain at each tile (CUTLASS's pingpong kernel arrives on its
 * order barrier at the same point). */
static void emitConsumerLoop(Gen *g, const Pipeline *p, MlirValue firstSlab,
                             MlirValue base, MlirValue kCount,
                             MlirValue consumer, MlirValue acc[MaxSlabs],
                             MlirValue *doneToken) {
  int slabs = p->slabs;
  /* The ring position (stage, full-barrier parity) is carried through the
   * k loop, a step and a wrap a k tile, instead of two 64-bit divisions by
   * the stage count a k step. In ping-pong one warpgroup issues every
   * wgmma of the tile, so its scalar work is on the tensor pipe's critical
   * path (ncu: the divisions were 42 % of the k loop's samples, the tensor
   * pipe 65 % busy; carried, s2 C256 +12 %, bench/RESULTS.md run pp-3);
   * cooperative: neutral to +2.9 % (GEMM f16 4096^3, run rg-1). */
  MlirValue init[2];
  sm90AccInit(g, g->t->tileN, init);
  MlirValue carried[MaxSlabs + 3];
  for (int s = 0; s < slabs; ++s)
    carried[s] = init[0];
  carried[slabs] = init[1];
  carried[slabs + 1] = remc(g, base, g->t->stages);
  carried[slabs + 2] = sm90ParityOf(g, base, g->t->stages, false);
  int count = slabs + 3;
  MlirBlock body;
  MlirOperation loop =
      dlcBuildFor(&g->b, cst(g, 0), kCount, cst(g, 1), count, carried, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue kt = mlirBlockGetArgument(body, 0);
  MlirValue stage = mlirBlockGetArgument(body, slabs + 2);
  MlirValue parity = mlirBlockGetArgument(body, slabs + 3);
  sm90MbarrierWait(g, p->full, stage, parity);
  MlirValue next[MaxSlabs + 3];
  for (int s = 0; s < slabs; ++s) {
    MlirValue out[2];
    wgmmaSlab(g, p, stage, add(g, firstSlab, cst(g, s)),
              mlirBlockGetArgument(body, 1 + s), out);
    next[s] = out[0];
    next[slabs] = out[1];
  }
  /* This stage's groups in flight, the previous stage's done: every
   * consumer thread of it releases that stage. */
  sm90WgmmaWait(g, next[slabs], slabs);
  MlirBlock release;
  dlcBuildIf(&g->b, lt(g, cst(g, 0), kt), &release);
  DlcBuilder inLoop = g->b;
  g->b = dlcBuilderAtEnd(release, outer.loc);
  releaseStage(g, p, stageBefore(g, stage));
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = inLoop;
  /* the next stage, or past the last stage 0, parity flipped */
  MlirValue step = add(g, stage, cst(g, 1));
  MlirValue wrap = dlcCmpI(&g->b, "eq", step, cst(g, g->t->stages));
  next[slabs + 1] = sel(g, wrap, cst(g, 0), step);
  next[slabs + 2] = dlcArith(&g->b, "arith.xori", parity, wrap);
  dlcBuild(&g->b, "scf.yield", count, next, 0, NULL, 0, NULL, NULL);
  g->b = outer;
  if (!mlirValueIsNull(consumer))
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_ARRIVE, p->order, consumer, NULL,
                   0);
  /* Every group done: the tile's last stage is free for the producer,
   * which may already be loading the next tile. */
  *doneToken = sm90WgmmaWait(g, mlirOperationGetResult(loop, slabs), 0);
  /* The loop's last stage: the one before where its carried position
   * ended (no division). */
  releaseStage(g, p, stageBefore(g, mlirOperationGetResult(loop, slabs + 1)));
  for (int s = 0; s < slabs; ++s)
    acc[s] = mlirOperationGetResult(loop, s);
}

/* Ping-pong: before tile i > 0, wait until the other consumer has issued
 * the MMAs of tile i - 1 (its ((i - 1) / 2)-th, parity of that). Every
 * ring use before this tile's has then passed its full barrier, so this
 * tile's waits on it are at most one phase ahead; and none of its stages
 * can come round to one the other consumer still reads before that one's
 * release (the producer waits for it). */
static void waitTurn(Gen *g, const Pipeline *p, MlirValue index,
                     MlirValue consumer) {
  MlirBlock then;
  dlcBuildIf(&g->b, lt(g, cst(g, 0), index), &then);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(then, outer.loc);
  MlirValue other = sub(g, cst(g, 1), consumer);
  MlirValue turn = divc(g, sub(g, index, cst(g, 1)), 2);
  sm90MbarrierWait(g, p->order, other,
                   dlcCmpI(&g->b, "eq", remc(g, turn, 2), cst(g, 1)));
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

/* A consumer thread's accumulators after a tile's k loop, and what the
 * epilogue needs of them. */
typedef struct Fragments {
  MlirValue inSlab, col, firstSlab; /* row in its slab, first column */
  MlirValue consumer;               /* 0 or 1 */
  const MlirValue *acc;             /* one per slab */
  MlirValue done, pairs;
  MlirAttribute steps;
} Fragments;

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

/* Until at most `pending` of the thread's bulk groups have not yet read
 * their source (the staging slot); their writes are never waited for: the
 * grid's end completes them. */
static void tmaStoreReadWait(Gen *g, int64_t pending) {
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
  tmaStoreReadWait(g, p->slots - 2);
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
  tmaStoreReadWait(g, 0);
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
static void finishTile(Gen *g, const Pipeline *p, const Fragments *f) {
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
    MlirValue tiles = stagesRowsPastM(g->p) ? wholeN : andi(g, wholeM, wholeN);
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

/* Stream-K: after a segment's k loop, a tile's rest stores its partial
 * for the owner; a head adds the partner's (CTA block + 1's) before the
 * epilogue; a whole tile goes straight to it (Skeleton.h, "Stream-K"). The
 * epilogue is emitted once, on the accumulators either way. */
static void finishSegment(Gen *g, const Pipeline *p, const Unit *u,
                          Fragments *f, MlirValue acc[MaxSlabs]) {
  MlirValue block = gemmGpuId(g, "gpu.block_id", "x");
  Sm90SplitK k = {
      .workspace = p->workspace,
      .acc = acc[0],
      .thread = sub(g, g->tid, cst(g, 128)),
      .row =
          add(g, add(g, g->m0, mul(g, f->firstSlab, ConsumerRows)), f->inSlab)};
  MlirBlock head, other;
  MlirType accType = mlirValueGetType(acc[0]);
  MlirOperation fixed =
      dlcBuildIfElse(&g->b, u->fixup, 1, &accType, &head, &other);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(head, outer.loc);
  k.unit = add(g, block, cst(g, 1));
  MlirValue sum = sm90StreamKFixup(g, &k);
  dlcBuild(&g->b, "scf.yield", 1, &sum, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(other, outer.loc);
  dlcBuild(&g->b, "scf.yield", 1, &acc[0], 0, NULL, 0, NULL, NULL);
  g->b = outer;
  MlirValue whole[MaxSlabs] = {mlirOperationGetResult(fixed, 0)};
  f->acc = whole;
  MlirBlock rest, tile;
  dlcBuildIfElse(&g->b, u->partial, 0, NULL, &rest, &tile);
  g->b = dlcBuilderAtEnd(rest, outer.loc);
  /* The same accumulators (a rest is no head): acc[0] kept live beside
   * them would take 128 more registers (ptxas spilled 400 bytes). */
  k.unit = block;
  k.acc = whole[0];
  sm90StreamKStore(g, &k);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(tile, outer.loc);
  finishTile(g, p, f);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

static void consumeTile(Gen *g, const Pipeline *p, const Unit *u,
                        void *userData) {
  MlirValue consumer = *(MlirValue *)userData;
  MlirValue firstSlab = p->pingPong ? cst(g, 0) : mul(g, consumer, p->slabs);
  MlirValue done, acc[MaxSlabs];
  if (p->pingPong)
    waitTurn(g, p, u->index, consumer);
  emitConsumerLoop(g, p, firstSlab, u->base, u->kCount,
                   p->pingPong ? consumer : (MlirValue){NULL}, acc, &done);
  /* Thread t of the warpgroup holds rows warp*16 + lane/4 (+ 8) of each
   * 64-row slab and columns 8j + 2(lane % 4) (+ 1) of n8 block j, as
   * mma.sync does. */
  MlirValue local = remc(g, g->tid, 128), lane = remc(g, g->tid, 32);
  Fragments f = {.inSlab =
                     add(g, mul(g, divc(g, local, 32), 16), divc(g, lane, 4)),
                 .col = add(g, g->n0, mul(g, remc(g, lane, 4), 2)),
                 .firstSlab = firstSlab,
                 .consumer = consumer,
                 .acc = acc,
                 .done = done,
                 .pairs = gemmPairStores(g),
                 .steps = gemmStepsAttr(g)};
  if (p->streamK > 0) {
    finishSegment(g, p, u, &f, acc);
    return;
  }
  if (g->t->maxSplits <= 1) {
    finishTile(g, p, &f);
    return;
  }
  /* Split-K, decided at launch: a unit past the whole tiles is a split
   * when there is more than one. */
  MlirBlock split, whole;
  dlcBuildIfElse(&g->b, andi(g, u->isSplit, lt(g, cst(g, 1), p->splits)), 0,
                 NULL, &split, &whole);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(split, outer.loc);
  Sm90SplitK k = {
      .workspace = p->workspace,
      .acc = acc[0],
      .done = done,
      .unit = u->splitId,
      .tile = u->splitTile,
      .splits = p->splits,
      .thread = sub(g, g->tid, cst(g, 128)),
      .row = add(g, add(g, g->m0, mul(g, firstSlab, ConsumerRows)), f.inSlab),
      .steps = f.steps,
      .pairs = f.pairs};
  sm90SplitKFinish(g, &k);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(whole, outer.loc);
  finishTile(g, p, &f);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

static void emitConsumer(Gen *g, const Pipeline *p, MlirValue warpgroup) {
  MlirValue consumer = sub(g, warpgroup, cst(g, 1));
  /* A 64-row tile: the second warpgroup has no rows and exits at once
   * (uniform per warpgroup, so before setmaxnreg; 40 + 232 + its 168
   * registers a thread fit the SM's 64 K). */
  MlirBlock active;
  DlcBuilder outer = g->b;
  if (p->consumers < 2) {
    dlcBuildIf(&g->b, lt(g, consumer, cst(g, p->consumers)), &active);
    g->b = dlcBuilderAtEnd(active, outer.loc);
  }
  sm90SetMaxRegisters(g, sm90ConsumerRegisters(p->consumers), true);
  if (p->pingPong) /* every other tile, all its rows */
    forEachTile(g, p, consumer, 2, consumeTile, &consumer);
  else /* every tile, 64 of its rows */
    forEachTile(g, p, (MlirValue){NULL}, 1, consumeTile, &consumer);
  /* The staging buffer must outlive its last store's reads (only those, as
   * CUTLASS's store tail: a CTA leaves without a round trip to memory). */
  if (!mlirValueIsNull(p->staging))
    tmaStoreReadWait(g, 0);
  if (p->consumers < 2) {
    dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    g->b = outer;
  }
}

int64_t dlcSm90Consumers(const DlcGemmTiling *t) {
  return dlcPlanSm90Consumers(t->tileM, t->warpM);
}

int64_t dlcSm90Threads(const DlcGemmTiling *t) {
  int64_t consumers = dlcSm90Consumers(t);
  return 128 * (1 + (consumers > 2 ? consumers : 2));
}

bool dlcSm90EvenRounds(const KpProblem *p, const DlcGemmTiling *t) {
  return !p->implicit && t->maxSplits <= 1 && t->streamK == 0 &&
         t->cluster <= 1;
}

bool dlcSm90WalksBatch(const KpProblem *p, const DlcGemmTiling *t) {
  return p->has[KP_BATCH] && dlcSm90EvenRounds(p, t);
}

bool dlcSm90ClusterSharesB(const DlcGemmTiling *t) {
  return t->tileN >= t->tileM;
}

/* i1: C's map was encoded: over C when its base and byte strides are
 * multiples of 16, else over the workspace the host copies into C (the
 * map's repack_out); the host passes 0 for a map it left unencoded
 * (docs/runtime.md, "Optional maps"). */
static MlirValue outputMapUsable(Gen *g, MlirValue map) {
  return dlcCmpI(&g->b, "ne", map,
                 dlcConstInt(&g->b, mlirValueGetType(map), 0));
}

void dlcEmitSm90Gemm(MlirOperation kernel, const KpProblem *p,
                     const DlcGemmTiling *t, int numTensors, int mapArg) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  Gen gen;
  Gen *g = &gen;
  gemmGenInit(g, kernel, p, t, numTensors);
  g->threads = dlcSm90Threads(t);

  /* A convolution reads A through an im2col map (checkSm90 has refused
   * those it cannot). */
  DlcIm2col im;
  bool conv = p->implicit && !dlcSm90Im2col(p, &im);
  Pipeline pipe;
  planStaging(g, &pipe.a, &g->ta, KP_M, t->tileM,
              mlirBlockGetArgument(entry, mapArg), conv ? &im : NULL);
  planStaging(g, &pipe.b, &g->tb, KP_N, t->tileN,
              mlirBlockGetArgument(entry, mapArg + 1), NULL);
  pipe.cluster = t->cluster > 1 ? t->cluster : 1;
  pipe.rank = (MlirValue){NULL};
  if (pipe.cluster > 1)
    pipe.rank = dlcBuildValue(&g->b, DLC_OP_DLCGPU_CLUSTER_RANK, 0, NULL,
                              g->idx, 0, NULL, NULL);
  pipe.full = sm90Barriers(g, t->stages);
  pipe.empty = sm90Barriers(g, t->stages);
  pipe.consumers = dlcSm90Consumers(t);
  pipe.pingPong = t->warpM == t->tileM && pipe.consumers == 2;
  pipe.slabs = (int)(t->warpM / ConsumerRows);
  pipe.order = (MlirValue){NULL};
  if (pipe.pingPong)
    pipe.order = sm90Barriers(g, 2);
  pipe.staging = pipe.outMap = pipe.mapUsable = (MlirValue){NULL};
  int nextArg = mapArg + 2;
  pipe.boxes = pipe.slabs * (t->tileN / BoxMN);
  pipe.slots = t->stagedBoxes > 0 ? t->stagedBoxes : pipe.boxes;
  pipe.eachBox = pipe.slots < pipe.boxes;
  if (t->stagedEpilogue) { /* C's map follows A's and B's */
    int64_t shape[] = {pipe.consumers, pipe.slots, ConsumerRows, BoxMN};
    pipe.staging = sm90SmemAlloc(
        g, sm90SmemType(g, 4, shape, kpElementType(g->b.ctx, p->c.element)),
        1024, "128b");
    pipe.outMap = mlirBlockGetArgument(entry, nextArg++);
    pipe.mapUsable = outputMapUsable(g, pipe.outMap);
  }
  /* im2col: KH·KW taps of ceil(C / 64) channel blocks each. */
  if (pipe.a.im2col)
    pipe.kTiles =
        mul(g,
            divc(g, add(g, g->fusedSize[KP_K][im.channelAt], cst(g, BoxK - 1)),
                 BoxK),
            im.taps[0] * im.taps[1]);
  else
    pipe.kTiles = divc(g, add(g, g->size[KP_K], cst(g, BoxK - 1)), BoxK);
  pipe.splits = cst(g, 1);
  pipe.kPer = pipe.kTiles;
  pipe.whole = (MlirValue){NULL};
  pipe.workspace = (MlirValue){NULL};
  pipe.streamK = t->streamK;
  if (t->streamK > 0) /* the workspace follows the maps */
    pipe.workspace = mlirBlockGetArgument(entry, nextArg);
  if (t->maxSplits > 1) { /* the workspace follows the maps */
    MlirValue rows =
        divc(g, add(g, g->size[KP_M], cst(g, t->tileM - 1)), t->tileM);
    MlirValue cols =
        divc(g, add(g, g->size[KP_N], cst(g, t->tileN - 1)), t->tileN);
    sm90SplitsValue(g, mulv(g, rows, cols), pipe.kTiles, &pipe.splits,
                    &pipe.kPer, &pipe.whole);
    pipe.workspace = mlirBlockGetArgument(entry, nextArg);
  }

  g->tid = gemmGpuId(g, "gpu.thread_id", "x");

  /* full[s]: one arrival (the producer's expect-tx) plus the bytes;
   * empty[s]: every thread of the consumers that read the stage (one
   * consumer's with ping-pong or a 64-row tile); clustered, every warp of
   * those consumers in each CTA of the cluster (releaseStage). */
  int64_t readers = pipe.pingPong ? 128 : 128 * pipe.consumers;
  for (int64_t s = 0; s < t->stages; ++s) {
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_INIT, pipe.full, cst(g, s),
                   "count", 1);
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_INIT, pipe.empty, cst(g, s),
                   "count",
                   pipe.cluster > 1 ? readers / 32 * pipe.cluster : readers);
  }
  for (int64_t consumer = 0; pipe.pingPong && consumer < 2; ++consumer)
    sm90MbarrierOp(g, DLC_OP_DLCGPU_MBARRIER_INIT, pipe.order, cst(g, consumer),
                   "count", 128);
  /* Clustered: the inits visible to the other CTA before its loads and
   * releases (cluster_sync also orders this CTA's threads). */
  dlcBuild(&g->b,
           pipe.cluster > 1 ? DLC_OP_DLCGPU_CLUSTER_SYNC
                            : DLC_OP_DLCGPU_BARRIER,
           0, NULL, 0, NULL, 0, NULL, NULL);

  MlirValue warpgroup = divc(g, g->tid, 128);
  MlirBlock producer, consumers;
  dlcBuildIfElse(&g->b, dlcCmpI(&g->b, "eq", warpgroup, cst(g, 0)), 0, NULL,
                 &producer, &consumers);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(producer, outer.loc);
  emitProducer(g, &pipe);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = dlcBuilderAtEnd(consumers, outer.loc);
  emitConsumer(g, &pipe, warpgroup);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
  /* No CTA leaves while its peer may still arrive on its barriers. */
  if (pipe.cluster > 1)
    dlcBuild(&g->b, DLC_OP_DLCGPU_CLUSTER_SYNC, 0, NULL, 0, NULL, 0, NULL,
             NULL);
  dlcBuild(&g->b, "func.return", 0, NULL, 0, NULL, 0, NULL, NULL);
}
