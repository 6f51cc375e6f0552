/* What the SM90 skeleton's tensor maps can describe, and their
 * `dlcgpu.tensormap` attributes (Skeleton.h): A's and B's tiled maps, a
 * convolution's im2col map of its activation and the map of its weights
 * (packed groups: block-diagonal), C's map for the staged epilogue's TMA
 * stores. The sizes and strides are formulas over the kernel's symbols, which
 * the runtime evaluates when it encodes each map (docs/runtime.md). */
#include "Skeleton.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <string.h>

enum {
  ConsumerRows = DLC_SM90_CONSUMER_ROWS,
  BoxK = DLC_SM90_BOX_K,
  BoxMN = DLC_SM90_BOX_MN
};
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

bool dlcSm90StagesRowsPastM(const KpProblem *p) {
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
   * where dlcSm90StagesRowsPastM; the others store into C. */
  MlirNamedAttribute fields[16];
  intptr_t n = mlirDictionaryAttrGetNumElements(map);
  for (intptr_t i = 0; i < n && i < 15; ++i)
    fields[i] = mlirDictionaryAttrGetElement(map, i);
  MlirAttribute region2[] = {dlcSm90StagesRowsPastM(p)
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
   * k = (ci, kh, kw), which the skeleton reads only after
   * convert-rbssa-to-plan's layout transform has made it NHWC (and its
   * KCRS weights KRSC; ConvLayoutSplit.c). m = (n, ho, wo) in both. */
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
  /* The transform permutes whole contiguous images and filters into the
   * NHWC / KRSC layouts the skeleton reads. */
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

MlirAttribute dlcSm90Im2colMap(MlirOperation region, const KpProblem *p,
                               const DlcIm2col *im, int64_t rows) {
  MlirContext ctx = mlirOperationGetContext(region);
  const KpWindow *w = &p->window;
  int bytes = kpElementBytes(p->a.element);
  /* Innermost first: C, W, H, N. */
  MlirAttribute dims[4], strides[3];
  for (int d = 0; d < 4; ++d)
    dims[d] = formula(region, &w->dim[3 - d].extent, 1);
  for (int d = 0; d < 3; ++d)
    strides[d] = formula(region, &w->dim[2 - d].stride, bytes);
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
  return mlirDictionaryAttrGet(ctx, 10, fields);
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
  return dlcSm90TensorMap(region, p, &p->b, KP_N, rows);
}
