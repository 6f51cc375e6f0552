/* The memory-bound skeleton (spec §9; MemoryProblem.h): a region without a
 * contraction, evaluated step by step at the points of its loops.
 *
 *   row mode   one CTA per point of the outer iters (all but the last);
 *              each reduce is a loop over its reduced axes shared by the
 *              CTA's threads (thread t takes elements t, t + T, ...), then
 *              a butterfly of warp shuffles and one shared-memory slot per
 *              warp; the outputs are a loop over the last iter shared the
 *              same way. LayerNorm, softmax, row sums.
 *   flat mode  one thread per output point; reduces are serial loops.
 *              Elementwise and movement chains, column reductions.
 *
 * Steps are emitted where their loops are bound: a step that depends on
 * the outer iters only (a row's mean) is computed once, before the loops
 * that use it; a step under a domain select is computed inside the
 * select's scf.if, so a padded read never touches memory out of bounds.
 * Every float step computes in f32 and rounds to its type (StepMath.h), as
 * the GEMM epilogue and the reference interpreter do. This file is the
 * evaluator; the modes' kernels and the versions are beside it
 * (MemoryBound.h). */
#include "MemoryBound.h"
#include "DialectNames.h"
#include "StepMath.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IntegerSet.h"

#include <stdlib.h>
#include <string.h>

/* --- builders ------------------------------------------------------------ */

DlcBuilder mbAt(Mb *m, int frame) {
  if (frame + 1 < m->numFrames)
    return dlcBuilderBefore(m->frames[frame + 1].op);
  if (!mlirOperationIsNull(m->frames[frame].anchor))
    return dlcBuilderBefore(m->frames[frame].anchor);
  return dlcBuilderAtEnd(m->frames[frame].block, m->loc);
}

MlirValue mbIndex(DlcBuilder *b, int64_t v) { return dlcConstIndex(b, v); }

MlirValue mbGpuId(Mb *m, DlcBuilder *b, const char *op) {
  const char *names[] = {"dimension"};
  MlirAttribute dim = dlcAttr(m->ctx, "#gpu<dim x>");
  return dlcBuildValue(b, op, 0, NULL, m->idx, 1, names, &dim);
}

static MlirValue symbolValue(Mb *m, int symbol) {
  return mlirBlockGetArgument(m->entry, m->numTensors + symbol);
}

MlirValue mbExtent(Mb *m, DlcBuilder *b, const KpExtent *e) {
  MlirValue v = mbIndex(b, e->constant);
  for (int i = 0; i < e->numSymbols; ++i)
    v = dlcArith(b, "arith.muli", v, symbolValue(m, e->symbols[i]));
  return v;
}

void mbPushFrame(Mb *m, MlirOperation op, MlirBlock block) {
  m->frames[m->numFrames].op = op;
  m->frames[m->numFrames].block = block;
  m->frames[m->numFrames].anchor = (MlirOperation){NULL};
  m->numFrames++;
}

/* Closes the innermost frame: its steps and loops are out of scope. */
void mbPopFrame(Mb *m) {
  int f = --m->numFrames;
  for (int s = 0; s < m->p->numSteps; ++s)
    if (m->stepFrame[s] >= f)
      m->stepFrame[s] = -1;
  for (int l = 0; l < m->p->numLoops; ++l)
    if (m->loopFrame[l] >= f)
      m->loopFrame[l] = -1;
}

/* The frames inside `frame`, set aside while a loop or guard is emitted
 * into `frame` (a reduce a row's outputs need, met inside their loop): the
 * new op goes before them, and what they compute is out of its scope. */
typedef struct Hidden {
  int frame, count;
  Frame frames[MaxFrames];
  MlirOperation anchor;
  int stepFrame[KP_MAX_STEPS];
  MlirValue stepValue[KP_MAX_STEPS];
  int loopFrame[KP_MAX_LOOPS];
  MlirValue loopValue[KP_MAX_LOOPS];
} Hidden;

static void hide(Mb *m, int frame, Hidden *h) {
  h->frame = frame;
  h->count = m->numFrames - frame - 1;
  memcpy(h->frames, &m->frames[frame + 1], (size_t)h->count * sizeof(Frame));
  memcpy(h->stepFrame, m->stepFrame, sizeof(h->stepFrame));
  memcpy(h->stepValue, m->stepValue, sizeof(h->stepValue));
  memcpy(h->loopFrame, m->loopFrame, sizeof(h->loopFrame));
  memcpy(h->loopValue, m->loopValue, sizeof(h->loopValue));
  h->anchor = m->frames[frame].anchor;
  if (h->count > 0)
    m->frames[frame].anchor = h->frames[0].op;
  m->numFrames = frame + 1;
  for (int s = 0; s < KP_MAX_STEPS; ++s)
    if (m->stepFrame[s] > frame)
      m->stepFrame[s] = -1;
  for (int l = 0; l < KP_MAX_LOOPS; ++l)
    if (m->loopFrame[l] > frame)
      m->loopFrame[l] = -1;
}

/* Brings the hidden frames back; steps computed meanwhile in `frame` or
 * outside it stay valid. */
static void unhide(Mb *m, const Hidden *h) {
  memcpy(&m->frames[h->frame + 1], h->frames, (size_t)h->count * sizeof(Frame));
  m->numFrames = h->frame + 1 + h->count;
  m->frames[h->frame].anchor = h->anchor;
  for (int s = 0; s < KP_MAX_STEPS; ++s)
    if (h->stepFrame[s] > h->frame) {
      m->stepFrame[s] = h->stepFrame[s];
      m->stepValue[s] = h->stepValue[s];
    }
  for (int l = 0; l < KP_MAX_LOOPS; ++l)
    if (h->loopFrame[l] > h->frame) {
      m->loopFrame[l] = h->loopFrame[l];
      m->loopValue[l] = h->loopValue[l];
    }
}

/* Binds `loops` (a set, innermost last) to the decomposition of the flat
 * index `flat` in frame `frame`. */
void mbBindLoops(Mb *m, DlcBuilder *b, uint32_t loops, MlirValue flat,
                 int frame) {
  for (int l = m->p->numLoops - 1; l >= 0; --l) {
    if (!(loops & (1u << l)))
      continue;
    MlirValue size = mbExtent(m, b, &m->p->loops[l].size);
    bool last = (loops & ((1u << l) - 1)) == 0;
    m->loopValue[l] = last ? flat : dlcArith(b, "arith.remui", flat, size);
    m->loopFrame[l] = frame;
    if (!last)
      flat = dlcArith(b, "arith.divui", flat, size);
  }
}

MlirValue mbExtentProduct(Mb *m, DlcBuilder *b, uint32_t loops) {
  MlirValue v = mbIndex(b, 1);
  for (int l = 0; l < m->p->numLoops; ++l)
    if (loops & (1u << l))
      v = dlcArith(b, "arith.muli", v, mbExtent(m, b, &m->p->loops[l].size));
  return v;
}

/* How many chunks a cooperative loop takes a trip: several where every
 * chunk is whole (the aligned or peeled version, or scalar accesses), so
 * that a thread's reads are in flight together (Skeleton.h's
 * DLC_MEMORY_UNROLL_*). */
int mbUnroll(const Mb *m) {
  if (m->width > 1 && !m->aligned && !m->peeled)
    return 1;
  if (m->warpRows)
    return DLC_MEMORY_UNROLL_SHORT;
  return m->mode == DLC_MEMORY_POINT ? DLC_MEMORY_UNROLL_POINT
                                     : DLC_MEMORY_UNROLL_ROW;
}

/* Chunk `k` of an unrolled trip at `index` (k = offset / the loop's
 * stride): index + offset, clamped to the last whole chunk `lastChunk`
 * when past `count` so that its reads stay in bounds; *inside is then the
 * i1 "the chunk is in the loop" (null for chunk 0, always inside). */
MlirValue mbUnrolledChunk(Mb *m, DlcBuilder *b, MlirValue index, int64_t offset,
                          MlirValue count, MlirValue lastChunk,
                          MlirValue *inside) {
  *inside = (MlirValue){NULL};
  if (offset == 0)
    return index;
  MlirValue chunk = dlcArith(b, "arith.addi", index, mbIndex(b, offset));
  *inside = dlcCmpI(b, "ult", chunk, count);
  return dlcArith(b, "arith.minui", chunk, lastChunk);
}

/* Forgets the steps computed in frame `frame` or inside it (the next
 * unrolled chunk computes them again at its own index). */
void mbForgetFrame(Mb *m, int frame) {
  for (int s = 0; s < m->p->numSteps; ++s)
    if (m->stepFrame[s] >= frame)
      m->stepFrame[s] = -1;
}

void mbForgetAlong(Mb *m, uint32_t loops) {
  for (int s = 0; s < m->p->numSteps; ++s)
    if (m->stepFrame[s] >= 0 && (m->p->steps[s].loops & loops))
      m->stepFrame[s] = -1;
}

/* Register rows need row mode's aligned version and every reduce over one
 * loop as long as the row (chunk k of a reduce is then chunk k of the
 * row), and a static row (of whole vectors): a symbolic one's kernel also has
 * the other rows' code, whose occupancy the kept row's registers would set (80
 * against 48 for LayerNorm: rows of 4096 lost 18-20% on the H100,
 * bench/RESULTS.md run mem-2). */
int dlcMemoryRegisterChunks(const KpMemoryProblem *p, DlcMemoryMode mode,
                            int64_t rowThreads, int width) {
  if (mode != DLC_MEMORY_ROW || width < 2)
    return 0;
  const KpExtent *row = &p->loops[p->numIters - 1].size;
  /* A row of no whole number of vectors never runs the aligned version. */
  if (row->numSymbols > 0 || row->constant % width != 0)
    return 0;
  int64_t sweep = rowThreads * (int64_t)width;
  int64_t chunks = (row->constant + sweep - 1) / sweep;
  if (chunks > DLC_MEMORY_REGISTER_ROW_CHUNKS)
    return 0;
  for (int s = 0; s < p->numSteps; ++s) {
    const KpStep *step = &p->steps[s];
    if (step->kind == KP_STEP_REDUCE &&
        (__builtin_popcount(step->reduced) != 1 ||
         !kpExtentEqual(&p->loops[__builtin_ctz(step->reduced)].size, row)))
      return 0;
  }
  return (int)chunks;
}

/* m->threads is the row's: 32 in a warp's row. */
int mbRegisterChunksFor(const Mb *m) {
  return dlcMemoryRegisterChunks(m->p, m->mode, m->threads, m->width);
}

int dlcMemoryRegisterRowCtas(const KpMemoryProblem *p, DlcMemoryMode mode,
                             int64_t threads, int width) {
  const KpExtent *row =
      p->numIters > 0 ? &p->loops[p->numIters - 1].size : NULL;
  if (!row || row->numSymbols > 0 || row->constant <= DLC_MEMORY_SHORT_LENGTH)
    return 1; /* a warp's row, or none */
  int chunks = dlcMemoryRegisterChunks(p, mode, threads, width);
  return chunks == 0 ? 1 : chunks <= 4 ? 4 : 2;
}

MlirValue mbRegisterChunk(Mb *m, const KpExtent *extent, int k,
                          MlirValue *inside) {
  MbRegisterRow *row = NULL;
  for (int i = 0; i < m->numRegRows && !row; ++i)
    if (kpExtentEqual(m->regRows[i].extent, extent))
      row = &m->regRows[i];
  if (!row) {
    row = &m->regRows[m->numRegRows++];
    memset(row, 0, sizeof(*row));
    row->extent = extent;
  }
  if (mlirValueIsNull(row->index[k])) {
    DlcBuilder b = mbAt(m, m->versionFrame);
    MlirValue count = mbExtent(m, &b, extent);
    MlirValue first =
        dlcArith(&b, "arith.addi",
                 dlcArith(&b, "arith.muli", m->rowTid, mbIndex(&b, m->width)),
                 mbIndex(&b, (int64_t)k * m->threads * m->width));
    row->inside[k] = dlcCmpI(&b, "ult", first, count);
    /* The aligned version's rows are at least one chunk long. */
    row->index[k] =
        dlcArith(&b, "arith.minui", first,
                 dlcArith(&b, "arith.subi", count, mbIndex(&b, m->width)));
  }
  *inside = row->inside[k];
  return row->index[k];
}

/* The innermost frame binding one of `loops` (0 when none does). */
static int frameOf(Mb *m, uint32_t loops) {
  int f = 0;
  for (int l = 0; l < m->p->numLoops; ++l)
    if ((loops & (1u << l)) && m->loopFrame[l] > f)
      f = m->loopFrame[l];
  return f;
}

/* --- addressing ---------------------------------------------------------- */

/* The coordinates of an indexed value's dims, then the symbols: the
 * operands of an affine.apply over its map or set. */
static int affineOperands(Mb *m, DlcBuilder *b, const KpIndexed *x,
                          MlirValue *out) {
  int n = 0;
  for (int d = 0; d < x->rank; ++d) {
    /* A dim the map or set does not use (a broadcast) may run along a
     * loop of another block: its value is not read, pass 0. */
    bool used = false;
    if (!mlirAttributeIsNull(x->map)) {
      MlirAffineMap map = mlirAffineMapAttrGetValue(x->map);
      for (intptr_t i = 0; i < mlirAffineMapGetNumResults(map); ++i)
        used |=
            mlirAffineExprIsFunctionOfDim(mlirAffineMapGetResult(map, i), d);
    } else {
      MlirIntegerSet set = mlirIntegerSetAttrGetValue(x->set);
      for (intptr_t i = 0; i < mlirIntegerSetGetNumConstraints(set); ++i)
        used |= mlirAffineExprIsFunctionOfDim(
            mlirIntegerSetGetConstraint(set, i), d);
    }
    out[n++] = used ? m->loopValue[x->loops[d]] : mbIndex(b, 0);
  }
  intptr_t numSymbols = mlirBlockGetNumArguments(m->entry) -
                        (intptr_t)m->numTensors -
                        !mlirValueIsNull(m->workspace);
  for (intptr_t s = 0; s < numSymbols; ++s)
    out[n++] = symbolValue(m, (int)s);
  return n;
}

/* affine.apply of `expr` over (dims; symbols). */
static MlirValue apply(Mb *m, DlcBuilder *b, MlirAffineExpr expr, int numDims,
                       int numSymbols, const MlirValue *operands) {
  MlirAffineMap map = mlirAffineMapGet(m->ctx, numDims, numSymbols, 1, &expr);
  const char *names[] = {"map"};
  MlirAttribute attr = mlirAffineMapAttrGet(map);
  return dlcBuildValue(b, "affine.apply", numDims + numSymbols, operands,
                       m->idx, 1, names, &attr);
}

/* The flat element offset of memref indices `index` under `strides`. */
static MlirValue offsetOf(Mb *m, DlcBuilder *b, const MlirValue *index,
                          const KpExtent *strides, int rank) {
  MlirValue offset = mbIndex(b, 0);
  for (int i = 0; i < rank; ++i)
    if (!kpExtentIs(&strides[i], 0))
      offset = dlcArith(
          b, "arith.addi", offset,
          dlcArith(b, "arith.muli", index[i], mbExtent(m, b, &strides[i])));
  return offset;
}

static MlirType vectorOf(Mb *m, MlirType element) {
  int64_t shape[] = {m->width};
  return mlirVectorTypeGet(1, shape, element);
}

/* --- bools in memory ----------------------------------------------------- */

/* A bool tensor is one byte an element, 0 or 1 (torch.bool's layout,
 * DLC_RUNTIME_DTYPE_I1). LLVM packs a vector<Nxi1> in memory into bits, so
 * the kernel takes every bool tensor as a byte memref (memref<?xi8>, its
 * argument marked dlcgpu.element = i1 for the manifest) and every access
 * to it, scalar or vector, goes through i8: the one path of the skeleton's
 * bool loads and stores. */
static MlirType storageType(Mb *m, KpElement e) {
  return e == KP_I1 ? m->i8 : kpElementType(m->ctx, e);
}

/* `dict` (an argument's attributes) with `name` = `value` added. */
static MlirAttribute withEntry(MlirContext ctx, MlirAttribute dict,
                               const char *name, MlirAttribute value) {
  intptr_t n = mlirDictionaryAttrGetNumElements(dict);
  MlirNamedAttribute *entries = malloc((size_t)(n + 1) * sizeof(*entries));
  if (!entries)
    abort(); /* out of memory: MLIR itself cannot go on either */
  for (intptr_t i = 0; i < n; ++i)
    entries[i] = mlirDictionaryAttrGetElement(dict, i);
  entries[n] = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), value);
  MlirAttribute result = mlirDictionaryAttrGet(ctx, n + 1, entries);
  free(entries);
  return result;
}

/* Retypes the kernel's bool tensors (memref<?xi1>) to byte memrefs. */
static void boolsAsBytes(Mb *m, MlirOperation kernel) {
  MlirAttribute all = dlcOperationAttrGet(kernel, "arg_attrs");
  intptr_t numArgs = mlirBlockGetNumArguments(m->entry);
  MlirType *types = malloc((size_t)numArgs * sizeof(MlirType) + 1);
  MlirAttribute *attrs = malloc((size_t)numArgs * sizeof(MlirAttribute) + 1);
  if (!types || !attrs)
    abort(); /* out of memory, as above */
  bool changed = false;
  for (intptr_t i = 0; i < numArgs; ++i) {
    MlirValue arg = mlirBlockGetArgument(m->entry, i);
    types[i] = mlirValueGetType(arg);
    attrs[i] = mlirArrayAttrGetElement(all, i);
    if (i >= m->numTensors ||
        !mlirTypeEqual(mlirShapedTypeGetElementType(types[i]), m->i1))
      continue;
    int64_t dynamic = mlirShapedTypeGetDynamicSize();
    types[i] = mlirMemRefTypeGet(m->i8, 1, &dynamic, mlirAttributeGetNull(),
                                 mlirAttributeGetNull());
    mlirBlockArgumentSetType(arg, types[i]);
    attrs[i] =
        withEntry(m->ctx, attrs[i], "dlcgpu.element", mlirTypeAttrGet(m->i1));
    changed = true;
  }
  if (changed) {
    mlirOperationSetAttributeByName(
        kernel, mlirStringRefCreateFromCString("function_type"),
        mlirTypeAttrGet(mlirFunctionTypeGet(m->ctx, numArgs, types, 0, NULL)));
    mlirOperationSetAttributeByName(kernel,
                                    mlirStringRefCreateFromCString("arg_attrs"),
                                    mlirArrayAttrGet(m->ctx, numArgs, attrs));
  }
  free(types);
  free(attrs);
}

/* A loaded value (scalar or vector) as the steps compute it: floats in
 * f32, bytes as i1. */
static MlirValue fromStorage(Mb *m, DlcBuilder *b, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  MlirType e = dlcStepElementOf(t);
  if (mlirTypeEqual(e, m->f32))
    return v;
  if (mlirTypeEqual(e, m->i8))
    return dlcBuildValue(b, "arith.trunci", 1, &v, dlcStepWithElement(t, m->i1),
                         0, NULL, NULL);
  return dlcBuildValue(b, "arith.extf", 1, &v, dlcStepWithElement(t, m->f32), 0,
                       NULL, NULL);
}

/* A step's value (f32 or i1, scalar or vector) as `element` stores it:
 * rounded to a float type, or a bool (x != 0 of a float, as a cast to i1)
 * widened to its byte. */
static MlirValue toStorage(Mb *m, DlcBuilder *b, MlirValue v,
                           KpElement element) {
  MlirType t = mlirValueGetType(v);
  bool isBool = mlirTypeEqual(dlcStepElementOf(t), m->i1);
  if (element == KP_I1) {
    if (!isBool)
      v = dlcStepApply(b, KP_STEP_CAST, mlirStringRefCreateFromCString("cast"),
                       &v, t, true);
    return dlcBuildValue(b, "arith.extui", 1, &v, dlcStepWithElement(t, m->i8),
                         0, NULL, NULL);
  }
  MlirType f32 = dlcStepWithElement(t, m->f32);
  if (isBool)
    v = dlcBuildValue(b, "arith.uitofp", 1, &v, f32, 0, NULL, NULL);
  if (element == KP_F32)
    return v;
  return dlcBuildValue(b, "arith.truncf", 1, &v,
                       dlcStepWithElement(t, kpElementType(m->ctx, element)), 0,
                       NULL, NULL);
}

/* `v` as a vector of the width (a scalar is broadcast). */
MlirValue mbWiden(Mb *m, DlcBuilder *b, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  if (mlirTypeIsAVector(t))
    return v;
  return dlcBuildValue(b, "vector.broadcast", 1, &v, vectorOf(m, t), 0, NULL,
                       NULL);
}

/* `v` widened when `like` is a vector. */
static MlirValue widenLike(Mb *m, DlcBuilder *b, MlirValue v, MlirValue like) {
  return mlirTypeIsAVector(mlirValueGetType(like)) ? mbWiden(m, b, v) : v;
}

/* The lanes of the chunk bound to `loop` inside its extent: lane < extent
 * - first, in i32 (vector.create_mask's index vectors do not lower to
 * NVVM); of a chunk along flattened loops, inside their product. */
MlirValue mbChunkMask(Mb *m, DlcBuilder *b, int loop) {
  uint32_t loops = m->flatLoops & (1u << loop) ? m->flatLoops : 1u << loop;
  MlirValue count = {NULL}, first = {NULL};
  for (int l = 0; l < m->p->numLoops; ++l) { /* outermost first */
    if (!(loops & (1u << l)))
      continue;
    MlirValue size = mbExtent(m, b, &m->p->loops[l].size);
    bool outermost = mlirValueIsNull(count);
    count = outermost ? size : dlcArith(b, "arith.muli", count, size);
    first = outermost ? m->loopValue[l]
                      : dlcArith(b, "arith.addi",
                                 dlcArith(b, "arith.muli", first, size),
                                 m->loopValue[l]);
  }
  MlirValue left = dlcArith(b, "arith.subi", count, first);
  left = dlcArith(b, "arith.minsi", left, mbIndex(b, m->width));
  MlirValue left32 = dlcIndexCast(b, left, m->i32);
  MlirType lanesType = vectorOf(m, m->i32);
  MlirAttribute laneValues[16];
  for (int i = 0; i < m->width; ++i)
    laneValues[i] = mlirIntegerAttrGet(m->i32, i);
  MlirAttribute dense =
      mlirDenseElementsAttrGet(lanesType, m->width, laneValues);
  const char *names[] = {"value"};
  MlirValue lanes =
      dlcBuildValue(b, "arith.constant", 0, NULL, lanesType, 1, names, &dense);
  return dlcBuildValue(b, "arith.cmpi", 2,
                       (MlirValue[]){lanes, mbWiden(m, b, left32)},
                       vectorOf(m, m->i1), 1, (const char *[]){"predicate"},
                       (MlirAttribute[]){mlirIntegerAttrGet(
                           mlirIntegerTypeGet(m->ctx, 64), 2)}); /* slt */
}

/* The vector loop among `loops` (-1: none). */
static int vectorLoop(Mb *m, uint32_t loops) {
  uint32_t v = loops & m->vecLoops;
  return v ? __builtin_ctz(v) : -1;
}

static MlirAttribute alignmentAttr(Mb *m, KpElement element, bool whole) {
  int64_t bytes = kpElementBytes(element) * (whole ? m->width : 1);
  return mlirIntegerAttrGet(mlirIntegerTypeGet(m->ctx, 64), bytes);
}

/* The flat offset of an indexed read at the loops' current values. */
MlirValue mbReadOffset(Mb *m, DlcBuilder *b, const KpIndexed *x) {
  MlirValue operands[2 * KP_MAX_RANK + 32];
  int n = affineOperands(m, b, x, operands);
  MlirAffineMap map = mlirAffineMapAttrGetValue(x->map);
  MlirValue index[KP_MAX_RANK];
  for (int i = 0; i < x->memrefRank; ++i)
    index[i] = apply(m, b, mlirAffineMapGetResult(map, i), x->rank, n - x->rank,
                     operands);
  return offsetOf(m, b, index, x->strides, x->memrefRank);
}

/* A read: one element, or the chunk of the vector loop it is contiguous
 * along (dlcMemoryBoundVectorWidth checked that), whole and aligned or
 * masked. */
/* Register rows: the entry of the read of `x` at the loops' current
 * values (a new one when `make`), or NULL. */
static MbRegisterLoad *registerLoad(Mb *m, const KpIndexed *x, bool make) {
  int input = (int)(x - m->p->indexed);
  for (int i = 0; i < m->numRegLoads; ++i) {
    MbRegisterLoad *e = &m->regLoads[i];
    const KpIndexed *y = &m->p->indexed[e->input];
    bool same = y->arg == x->arg && y->rank == x->rank &&
                y->element == x->element && mlirAttributeEqual(y->map, x->map);
    for (int d = 0; same && d < x->rank; ++d)
      same = mlirValueEqual(e->at[d], m->loopValue[x->loops[d]]);
    if (same)
      return e;
  }
  if (!make || m->numRegLoads == MbMaxRegisterLoads)
    return NULL;
  MbRegisterLoad *e = &m->regLoads[m->numRegLoads++];
  e->input = input;
  for (int d = 0; d < x->rank; ++d)
    e->at[d] = m->loopValue[x->loops[d]];
  e->raw = (MlirValue){NULL};
  return e;
}

static MlirValue emitLoad(Mb *m, DlcBuilder *b, const KpIndexed *x,
                          uint32_t loops, int frame) {
  /* Register rows: a read of the version frame met again (the row's next
   * pass) reuses the vector it loaded. */
  MbRegisterLoad *kept = NULL;
  if (m->regChunks > 0 && frame == m->versionFrame &&
      vectorLoop(m, loops) >= 0) {
    kept = registerLoad(m, x, true);
    if (kept && !mlirValueIsNull(kept->raw))
      return fromStorage(m, b, kept->raw);
  }
  MlirValue staged = mbStagedRead(m, b, x);
  if (!mlirValueIsNull(staged))
    return staged;
  int loop = vectorLoop(m, loops);
  if (loop < 0)
    return mbLoadElement(m, b, x);
  MlirValue offset = mbReadOffset(m, b, x);
  MlirValue memref = mlirBlockGetArgument(m->entry, x->arg);
  MlirType element = storageType(m, x->element);
  const char *names[] = {"alignment"};
  MlirAttribute alignment = alignmentAttr(m, x->element, m->aligned);
  MlirType type = vectorOf(m, element);
  MlirValue v;
  if (m->aligned) {
    MlirValue operands[] = {memref, offset};
    v = dlcBuildValue(b, "vector.load", 2, operands, type, 1, names,
                      &alignment);
  } else {
    MlirValue operands[] = {memref, offset, mbChunkMask(m, b, loop),
                            dlcStepSplat(b, type, 0.0)};
    v = dlcBuildValue(b, "vector.maskedload", 4, operands, type, 1, names,
                      &alignment);
  }
  if (kept)
    kept->raw = v;
  return fromStorage(m, b, v);
}

MlirValue mbLoadChunk(Mb *m, DlcBuilder *b, const KpIndexed *x) {
  MlirValue operands[] = {mlirBlockGetArgument(m->entry, x->arg),
                          mbReadOffset(m, b, x)};
  const char *names[] = {"alignment"};
  MlirAttribute alignment = alignmentAttr(m, x->element, true);
  return fromStorage(m, b,
                     dlcBuildValue(b, "vector.load", 2, operands,
                                   vectorOf(m, storageType(m, x->element)), 1,
                                   names, &alignment));
}

MlirValue mbLoadElement(Mb *m, DlcBuilder *b, const KpIndexed *x) {
  MlirValue operands[] = {mlirBlockGetArgument(m->entry, x->arg),
                          mbReadOffset(m, b, x)};
  return fromStorage(m, b,
                     dlcBuildValue(b, "memref.load", 2, operands,
                                   storageType(m, x->element), 0, NULL, NULL));
}

/* i1: every constraint of an indexed set holds (== 0 or >= 0). */
static MlirValue emitDomain(Mb *m, DlcBuilder *b, const KpIndexed *x) {
  MlirValue operands[2 * KP_MAX_RANK + 32];
  int n = affineOperands(m, b, x, operands);
  MlirIntegerSet set = mlirIntegerSetAttrGetValue(x->set);
  MlirValue holds = dlcConstInt(b, m->i1, 1);
  for (intptr_t i = 0; i < mlirIntegerSetGetNumConstraints(set); ++i) {
    MlirValue v = apply(m, b, mlirIntegerSetGetConstraint(set, i), x->rank,
                        n - x->rank, operands);
    MlirValue ok =
        dlcCmpI(b, mlirIntegerSetIsConstraintEq(set, i) ? "eq" : "sge", v,
                mbIndex(b, 0));
    holds = dlcArith(b, "arith.andi", holds, ok);
  }
  return holds;
}

/* --- steps --------------------------------------------------------------- */

static MlirValue emitStep(Mb *m, int s, int floor);

MlirValue mbRoundStep(Mb *m, DlcBuilder *b, const KpStep *step, MlirValue v) {
  /* Loads are exact, and so are a max or min of rounded values. */
  bool exact = step->kind == KP_STEP_LOAD ||
               (step->kind == KP_STEP_REDUCE && strcmp(step->fn, "sum") != 0);
  if (step->type == KP_F32 || step->type == KP_I1 || exact)
    return v;
  return dlcStepRound(b, v, kpElementType(m->ctx, step->type));
}

MlirValue mbCombine(Mb *m, DlcBuilder *b, const char *fn, MlirValue x,
                    MlirValue y) {
  (void)m;
  const char *op = strcmp(fn, "sum") == 0   ? "arith.addf"
                   : strcmp(fn, "max") == 0 ? "arith.maxnumf"
                                            : "arith.minnumf";
  return dlcArith(b, op, x, y);
}

/* The identity of a reduction (each thread starts from it; the reduce's
 * init is combined once, with the CTA's result). */
double mbIdentityOf(const char *fn) {
  return strcmp(fn, "sum") == 0   ? 0.0
         : strcmp(fn, "max") == 0 ? -__builtin_inf()
                                  : __builtin_inf();
}

/* The partial results of a CTA's threads combined: a butterfly of warp
 * shuffles, one shared-memory slot per warp, then every thread combines
 * the warps' slots (so every thread has the result). */
MlirValue mbCtaCombine(Mb *m, DlcBuilder *b, const KpStep *step, MlirValue v) {
  const char *shuffleNames[] = {"mode"};
  MlirAttribute xorMode = dlcAttr(m->ctx, "#gpu<shuffle_mode xor>");
  MlirValue width = dlcConstInt(b, m->i32, 32);
  for (int offset = 16; offset >= 1; offset /= 2) {
    MlirValue operands[] = {v, dlcConstInt(b, m->i32, offset), width};
    MlirType types[] = {m->f32, m->i1};
    MlirOperation shuffle = dlcBuild(b, "gpu.shuffle", 3, operands, 2, types, 1,
                                     shuffleNames, &xorMode);
    v = mbRoundStep(
        m, b, step,
        mbCombine(m, b, step->fn, v, mlirOperationGetResult(shuffle, 0)));
  }
  int64_t warps = m->threads / 32;
  if (m->warpRows)
    return v; /* the butterfly left every lane the row's result */
  MlirValue base = mbIndex(b, 32 * m->numReduces++);
  MlirBlock then;
  dlcBuildIf(b, dlcCmpI(b, "eq", m->lane, mbIndex(b, 0)), &then);
  DlcBuilder inner = dlcBuilderAtEnd(then, m->loc);
  MlirValue storeOperands[] = {v, m->scratch,
                               dlcArith(&inner, "arith.addi", base, m->warp)};
  dlcBuild(&inner, "memref.store", 3, storeOperands, 0, NULL, 0, NULL, NULL);
  dlcBuild(&inner, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  dlcBuild(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL, NULL);
  MlirValue r = {NULL};
  for (int64_t w = 0; w < warps; ++w) {
    MlirValue loadOperands[] = {m->scratch,
                                dlcArith(b, "arith.addi", base, mbIndex(b, w))};
    MlirValue slot =
        dlcBuildValue(b, "memref.load", 2, loadOperands, m->f32, 0, NULL, NULL);
    r = w == 0 ? slot
               : mbRoundStep(m, b, step, mbCombine(m, b, step->fn, r, slot));
  }
  return r;
}

/* Column mode's CTA-level tree: each thread's partial (a vector of its
 * columns, or a scalar) combined across the rows of its warp by
 * butterflies over the lane bits above DLC_MEMORY_COLUMN_LANES, then
 * across the warps through shared memory in warp order, so that every
 * thread has its columns' results (the same order on every run). */
static MlirValue columnCombine(Mb *m, DlcBuilder *b, const KpStep *step,
                               MlirValue v) {
  bool vec = mlirTypeIsAVector(mlirValueGetType(v));
  int n = vec ? m->width : 1;
  const char *posName[] = {"static_position"};
  MlirValue e[16];
  for (int j = 0; j < n; ++j) {
    MlirAttribute pos = mlirDenseI64ArrayGet(m->ctx, 1, (int64_t[]){j});
    e[j] = vec ? dlcBuildValue(b, "vector.extract", 1, &v, m->f32, 1, posName,
                               &pos)
               : v;
  }
  const char *shuffleNames[] = {"mode"};
  MlirAttribute xorMode = dlcAttr(m->ctx, "#gpu<shuffle_mode xor>");
  MlirValue width = dlcConstInt(b, m->i32, 32);
  for (int offset = 16; offset >= DLC_MEMORY_COLUMN_LANES; offset /= 2)
    for (int j = 0; j < n; ++j) {
      MlirValue operands[] = {e[j], dlcConstInt(b, m->i32, offset), width};
      MlirType types[] = {m->f32, m->i1};
      MlirOperation shuffle = dlcBuild(b, "gpu.shuffle", 3, operands, 2, types,
                                       1, shuffleNames, &xorMode);
      e[j] = mbRoundStep(
          m, b, step,
          mbCombine(m, b, step->fn, e[j], mlirOperationGetResult(shuffle, 0)));
    }
  /* Slots: [reduce][warp][chunk of the tile][element]. */
  int64_t tile = (int64_t)DLC_MEMORY_COLUMN_LANES * m->width;
  int64_t warps = m->threads / 32;
  MlirValue base =
      dlcArith(b, "arith.addi", mbIndex(b, warps * tile * m->numReduces++),
               dlcArith(b, "arith.muli", m->colLane, mbIndex(b, m->width)));
  MlirBlock then;
  dlcBuildIf(b, dlcCmpI(b, "ult", m->lane, mbIndex(b, DLC_MEMORY_COLUMN_LANES)),
             &then);
  DlcBuilder inner = dlcBuilderAtEnd(then, m->loc);
  MlirValue mine =
      dlcArith(&inner, "arith.addi", base,
               dlcArith(&inner, "arith.muli", m->warp, mbIndex(&inner, tile)));
  for (int j = 0; j < n; ++j) {
    MlirValue operands[] = {
        e[j], m->scratch,
        dlcArith(&inner, "arith.addi", mine, mbIndex(&inner, j))};
    dlcBuild(&inner, "memref.store", 3, operands, 0, NULL, 0, NULL, NULL);
  }
  dlcBuild(&inner, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  dlcBuild(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL, NULL);
  for (int j = 0; j < n; ++j)
    for (int64_t w = 0; w < warps; ++w) {
      MlirValue operands[] = {m->scratch, dlcArith(b, "arith.addi", base,
                                                   mbIndex(b, w * tile + j))};
      MlirValue slot =
          dlcBuildValue(b, "memref.load", 2, operands, m->f32, 0, NULL, NULL);
      e[j] = w == 0 ? slot
                    : mbRoundStep(m, b, step,
                                  mbCombine(m, b, step->fn, e[j], slot));
    }
  if (!vec)
    return e[0];
  return dlcBuildValue(b, "vector.from_elements", n, e, vectorOf(m, m->f32), 0,
                       NULL, NULL);
}

/* Whether step `a` reads step `b` (through its arguments). */
static bool readsStep(const KpMemoryProblem *p, int a, int b, int depth) {
  if (a == b)
    return true;
  if (a < 0 || depth > KP_MAX_STEPS)
    return a >= 0; /* too deep to tell: assume it does */
  for (int i = 0; i < 3; ++i)
    if (p->steps[a].args[i] >= 0 &&
        readsStep(p, p->steps[a].args[i], b, depth + 1))
      return true;
  return false;
}

/* The reduces a cooperative reduce `s` can share its loop with: not yet
 * computed, over one loop of the same extent, emittable where `s` is, and
 * independent of it and of each other (row sum and max of one row). */
static int fusableReduces(Mb *m, int s, int *group) {
  const KpMemoryProblem *p = m->p;
  int n = 0;
  group[n++] = s;
  const KpStep *first = &p->steps[s];
  if (__builtin_popcount(first->reduced) != 1)
    return n;
  const KpExtent *extent = &p->loops[__builtin_ctz(first->reduced)].size;
  for (int r = 0; r < p->numSteps && n < KP_MAX_OUTPUTS; ++r) {
    const KpStep *step = &p->steps[r];
    if (r == s || step->kind != KP_STEP_REDUCE || m->stepFrame[r] >= 0 ||
        __builtin_popcount(step->reduced) != 1 ||
        !kpExtentEqual(&p->loops[__builtin_ctz(step->reduced)].size, extent) ||
        frameOf(m, step->loops) > m->versionFrame)
      continue;
    bool independent = true;
    for (int i = 0; i < n && independent; ++i)
      independent =
          !readsStep(p, r, group[i], 0) && !readsStep(p, group[i], r, 0);
    for (int l = 0; l < p->numLoops && independent; ++l)
      if (step->loops & (1u << l))
        independent = m->loopFrame[l] >= 0;
    if (independent)
      group[n++] = r;
  }
  return n;
}

/* The peeled version's ends: the elements of [0, count) outside the whole
 * chunks [lo, hi), one a thread (thread t < the number of them takes
 * element t of the head, or of the tail after it), read by elements and
 * combined into the thread's `partials` — of a split reduce, by split 0. */
static void emitPeeledEnds(Mb *m, const int *group, int n, int frame, int floor,
                           MlirValue count, MlirValue lo, MlirValue hi,
                           bool split, MlirValue *partials) {
  DlcBuilder b = mbAt(m, frame);
  MlirValue body = dlcArith(&b, "arith.subi", hi, lo);
  MlirValue ends = dlcArith(&b, "arith.subi", count, body);
  if (split) /* split 0 reads them */
    ends = dlcSelect(
        &b, dlcCmpI(&b, "eq", mbGridY(m, &b, "gpu.block_id"), mbIndex(&b, 0)),
        ends, mbIndex(&b, 0));
  MlirType types[KP_MAX_OUTPUTS];
  for (int g = 0; g < n; ++g)
    types[g] = m->f32;
  MlirBlock then, otherwise;
  MlirOperation guard = dlcBuildIfElse(&b, dlcCmpI(&b, "ult", m->rowTid, ends),
                                       n, types, &then, &otherwise);
  DlcBuilder e = dlcBuilderAtEnd(otherwise, m->loc);
  dlcBuild(&e, "scf.yield", n, partials, 0, NULL, 0, NULL, NULL);
  mbPushFrame(m, guard, then);
  int inner = m->numFrames - 1;
  DlcBuilder t = dlcBuilderAtEnd(then, m->loc);
  MlirValue index = dlcSelect(&t, dlcCmpI(&t, "ult", m->rowTid, lo), m->rowTid,
                              dlcArith(&t, "arith.addi", m->rowTid, body));
  uint32_t saved = m->vecLoops;
  for (int g = 0; g < n; ++g) {
    const KpStep *r = &m->p->steps[group[g]];
    mbBindLoops(m, &t, r->reduced, index, inner);
    m->vecLoops &= ~r->reduced;
  }
  MlirValue acc[KP_MAX_OUTPUTS];
  for (int g = 0; g < n; ++g) {
    const KpStep *r = &m->p->steps[group[g]];
    MlirValue x = emitStep(m, r->args[0], floor);
    DlcBuilder tail = dlcBuilderAtEnd(then, m->loc);
    acc[g] =
        mbRoundStep(m, &tail, r, mbCombine(m, &tail, r->fn, partials[g], x));
  }
  DlcBuilder tail = dlcBuilderAtEnd(then, m->loc);
  dlcBuild(&tail, "scf.yield", n, acc, 0, NULL, 0, NULL, NULL);
  m->vecLoops = saved;
  mbPopFrame(m);
  for (int g = 0; g < n; ++g)
    partials[g] = mlirOperationGetResult(guard, g);
}

/* Register rows: a cooperative reduce group's lane partials (vectors of
 * the width) over the chunks of its row, straight-line in the version
 * frame, in the order of the rolled loop; chunks past the row neutral. */
static void registerSums(Mb *m, const int *group, int n, int floor,
                         const MlirValue *init, MlirValue *sums) {
  const KpStep *first = &m->p->steps[group[0]];
  const KpExtent *extent = &m->p->loops[__builtin_ctz(first->reduced)].size;
  uint32_t saved = m->vecLoops, reduced = 0;
  for (int g = 0; g < n; ++g) {
    sums[g] = init[g];
    reduced |= m->p->steps[group[g]].reduced;
  }
  for (int k = 0; k < m->regChunks; ++k) {
    MlirValue inside;
    MlirValue index = mbRegisterChunk(m, extent, k, &inside);
    mbForgetAlong(m, reduced);
    for (int l = 0; l < m->p->numLoops; ++l)
      if (reduced & (1u << l)) {
        m->loopValue[l] = index;
        m->loopFrame[l] = m->versionFrame;
      }
    m->vecLoops |= reduced;
    for (int g = 0; g < n; ++g) {
      const KpStep *r = &m->p->steps[group[g]];
      MlirValue x = emitStep(m, r->args[0], floor);
      DlcBuilder b = mbAt(m, m->versionFrame);
      x = dlcSelect(&b, inside, mbWiden(m, &b, x), init[g]);
      sums[g] = mbRoundStep(m, &b, r, mbCombine(m, &b, r->fn, sums[g], x));
    }
  }
  mbForgetAlong(m, reduced);
  for (int l = 0; l < m->p->numLoops; ++l)
    if (reduced & (1u << l))
      m->loopFrame[l] = -1;
  m->vecLoops = saved;
}

/* A reduce: a loop over its reduced loops (flattened), shared by the CTA
 * (or the row's warp) when it is cooperative — by chunks of the width over
 * its one loop in a vector kernel, together with the independent reduces
 * over a loop of the same extent (one pass for a row's sum and max) — else
 * serial in the thread. The group's other results are recorded as computed
 * at `frame`. */
static MlirValue emitReduce(Mb *m, int s, int frame, int floor) {
  bool cooperative = m->mode != DLC_MEMORY_FLAT && frame == m->versionFrame;
  /* Column mode shares the loop by rows: chunks of 1 along it, the
   * accumulators vectors along the last iter. */
  bool column = cooperative && m->mode == DLC_MEMORY_COLUMN;
  const KpStep *step = &m->p->steps[s];
  int64_t width = cooperative && !column ? m->width : 1;
  bool vectorAcc =
      column ? m->width > 1 && (step->loops & m->vecLoops) != 0 : width > 1;
  int unroll = column        ? DLC_MEMORY_UNROLL_COLUMN
               : cooperative ? mbUnroll(m)
                             : 1;
  int group[KP_MAX_OUTPUTS];
  int n =
      cooperative && !column ? fusableReduces(m, s, group) : (group[0] = s, 1);
  DlcBuilder b = mbAt(m, frame);
  MlirValue count = mbExtentProduct(m, &b, step->reduced);
  MlirValue init[KP_MAX_OUTPUTS];
  for (int g = 0; g < n; ++g) {
    /* Cooperative partials start from the identity, the init joins once. */
    const KpStep *r = &m->p->steps[group[g]];
    double start = cooperative ? mbIdentityOf(r->fn) : r->value;
    init[g] = vectorAcc ? dlcStepSplat(&b, vectorOf(m, m->f32), start)
                        : dlcConstFloat(&b, m->f32, start);
  }
  /* The peeled version runs the whole aligned chunks [bodyLo, bodyHi) by
   * vectors, the elements before and after them (fewer than 2 * width) one
   * a thread after the loop. */
  bool peeled = cooperative && m->peeled;
  MlirValue bodyLo = {NULL}, bodyHi = count;
  if (peeled) {
    MlirValue w = mbIndex(&b, width);
    bodyLo = dlcArith(
        &b, "arith.minui",
        dlcArith(&b, "arith.remui", dlcArith(&b, "arith.subi", w, m->phase), w),
        count);
    bodyHi = dlcArith(
        &b, "arith.addi", bodyLo,
        dlcArith(&b, "arith.muli",
                 dlcArith(&b, "arith.divui",
                          dlcArith(&b, "arith.subi", count, bodyLo), w),
                 w));
  }
  MlirValue lo = peeled ? bodyLo : mbIndex(&b, 0), hi = bodyHi;
  /* Split over grid y: column mode, and a point kernel's CTA (not a warp's
   * point: a split point is longer than a warp takes) — its share of the
   * aligned body in the peeled version. */
  bool split =
      m->sms > 0 &&
      (column || (cooperative && !m->warpRows &&
                  (m->mode == DLC_MEMORY_POINT || m->mode == DLC_MEMORY_ROW)));
  if (split)
    mbSplitRange(m, &b, bodyLo, bodyHi, &lo, &hi);
  MlirValue sums[KP_MAX_OUTPUTS];
  if (cooperative && !column && m->regChunks > 0) {
    registerSums(m, group, n, floor, init, sums);
  } else {
    MlirValue first = cooperative
                          ? dlcArith(&b, "arith.addi", lo,
                                     dlcArith(&b, "arith.muli", m->rowTid,
                                              mbIndex(&b, width)))
                          : lo;
    MlirBlock body;
    MlirValue lastChunk =
        unroll > 1 ? dlcArith(&b, "arith.subi", hi, mbIndex(&b, width))
                   : (MlirValue){NULL};
    int64_t stride = column        ? m->threads / DLC_MEMORY_COLUMN_LANES
                     : cooperative ? m->threads * width
                                   : 1;
    MlirOperation loop = dlcBuildFor(
        &b, first, hi, mbIndex(&b, stride * unroll), n, init, &body);
    bool wasAligned = m->aligned;
    m->aligned |= peeled;
    mbPushFrame(m, loop, body);
    int inner = m->numFrames - 1;
    uint32_t saved = m->vecLoops;
    MlirValue acc[KP_MAX_OUTPUTS];
    for (int g = 0; g < n; ++g)
      acc[g] = mlirBlockGetArgument(body, 1 + g);
    /* `unroll` chunks a trip, in the loop's order (the sums' order is the
     * rolled loop's): all their reads are in flight together. */
    for (int k = 0; k < unroll; ++k) {
      DlcBuilder head = dlcBuilderAtEnd(body, m->loc);
      MlirValue inside = {NULL};
      MlirValue index = mbUnrolledChunk(m, &head, mlirBlockGetArgument(body, 0),
                                        k * stride, hi, lastChunk, &inside);
      mbForgetFrame(m, inner);
      for (int g = 0; g < n; ++g) {
        const KpStep *r = &m->p->steps[group[g]];
        mbBindLoops(m, &head, r->reduced, index, inner);
        if (width > 1)
          m->vecLoops |= r->reduced;
      }
      for (int g = 0; g < n; ++g) {
        const KpStep *r = &m->p->steps[group[g]];
        MlirValue x = emitStep(m, r->args[0], floor);
        DlcBuilder tail = dlcBuilderAtEnd(body, m->loc);
        if (vectorAcc)
          x = mbWiden(m, &tail, x);
        if (width > 1 && !m->aligned) /* lanes past the end: neutral */
          x = dlcSelect(&tail, mbChunkMask(m, &tail, __builtin_ctz(r->reduced)),
                        x, init[g]);
        if (!mlirValueIsNull(inside)) /* a chunk past the end: neutral */
          x = dlcSelect(&tail, inside, x, init[g]);
        acc[g] =
            mbRoundStep(m, &tail, r, mbCombine(m, &tail, r->fn, acc[g], x));
      }
    }
    DlcBuilder tail = dlcBuilderAtEnd(body, m->loc);
    dlcBuild(&tail, "scf.yield", n, acc, 0, NULL, 0, NULL, NULL);
    m->vecLoops = saved;
    m->aligned = wasAligned;
    mbPopFrame(m);
    for (int g = 0; g < n; ++g)
      sums[g] = mlirOperationGetResult(loop, g);
  }
  MlirValue partials[KP_MAX_OUTPUTS];
  for (int g = 0; g < n; ++g) {
    const KpStep *r = &m->p->steps[group[g]];
    partials[g] = sums[g];
    DlcBuilder after = mbAt(m, frame);
    if (width > 1) {
      const char *names[] = {"kind"};
      MlirAttribute kind = dlcAttr(
          m->ctx, strcmp(r->fn, "sum") == 0   ? "#vector.kind<add>"
                  : strcmp(r->fn, "max") == 0 ? "#vector.kind<maxnumf>"
                                              : "#vector.kind<minnumf>");
      partials[g] =
          mbRoundStep(m, &after, r,
                      dlcBuildValue(&after, "vector.reduction", 1, &partials[g],
                                    m->f32, 1, names, &kind));
    }
  }
  if (peeled)
    emitPeeledEnds(m, group, n, frame, floor, count, bodyLo, bodyHi, split,
                   partials);
  MlirValue result = {NULL};
  for (int g = 0; g < n; ++g) {
    const KpStep *r = &m->p->steps[group[g]];
    MlirValue partial = partials[g];
    DlcBuilder after = mbAt(m, frame);
    MlirValue v = partial;
    if (cooperative) {
      v = column ? columnCombine(m, &after, r, partial)
                 : mbCtaCombine(m, &after, r, partial);
      if (split) /* a split row's CTAs all need the row's result */
        v = m->mode == DLC_MEMORY_ROW ? mbRowSplitCombine(m, &after, r, v)
                                      : mbSplitCombine(m, &after, r, v);
      if (r->value != mbIdentityOf(r->fn)) /* as a vector in column mode */
        v = mbRoundStep(
            m, &after, r,
            mbCombine(m, &after, r->fn,
                      widenLike(m, &after,
                                dlcConstFloat(&after, m->f32, r->value), v),
                      v));
    }
    if (g == 0) {
      result = v;
    } else { /* as emitStep records a step */
      m->stepValue[group[g]] = mbRoundStep(m, &after, r, v);
      m->stepFrame[group[g]] = frame;
    }
  }
  return result;
}

/* A domain select: scf.if (domain) { the value } else { the constant },
 * the value's steps computed inside. */
static MlirValue emitGuard(Mb *m, int s, int frame) {
  const KpStep *step = &m->p->steps[s];
  DlcBuilder b = mbAt(m, frame);
  MlirValue holds = emitDomain(m, &b, &m->p->indexed[step->input]);
  MlirType type = step->type == KP_I1 ? m->i1 : m->f32;
  MlirBlock then, otherwise;
  MlirOperation guard = dlcBuildIfElse(&b, holds, 1, &type, &then, &otherwise);
  DlcBuilder e = dlcBuilderAtEnd(otherwise, m->loc);
  MlirValue c = step->type == KP_I1 ? dlcConstInt(&e, m->i1, step->value != 0.0)
                                    : dlcConstFloat(&e, m->f32, step->value);
  dlcBuild(&e, "scf.yield", 1, &c, 0, NULL, 0, NULL, NULL);
  mbPushFrame(m, guard, then);
  MlirValue v = emitStep(m, step->args[0], m->numFrames - 1);
  DlcBuilder t = dlcBuilderAtEnd(then, m->loc);
  dlcBuild(&t, "scf.yield", 1, &v, 0, NULL, 0, NULL, NULL);
  mbPopFrame(m);
  return mlirOperationGetResult(guard, 0);
}

static MlirValue emitPlain(Mb *m, DlcBuilder *b, const KpStep *step,
                           const MlirValue *args) {
  MlirStringRef fn = mlirStringRefCreateFromCString(step->fn);
  bool vector = vectorLoop(m, step->loops) >= 0;
  MlirValue x[3] = {args[0], args[1], args[2]};
  for (int i = 0; vector && i < 3; ++i)
    if (!mlirValueIsNull(x[i]))
      x[i] = mbWiden(m, b, x[i]);
  if (step->kind == KP_STEP_CONST)
    return step->type == KP_I1 ? dlcConstInt(b, m->i1, step->value != 0.0)
                               : dlcConstFloat(b, m->f32, step->value);
  return dlcStepApply(b, step->kind, fn, x,
                      vector ? vectorOf(m, m->f32) : m->f32,
                      step->type == KP_I1);
}

/* The value of step `s`, emitted in the innermost open frame its loops are
 * bound in (at least `floor`), once per frame. */
static MlirValue emitStep(Mb *m, int s, int floor) {
  if (m->stepFrame[s] >= 0)
    return m->stepValue[s];
  const KpStep *step = &m->p->steps[s];
  int frame = frameOf(m, step->loops);
  if (frame < floor)
    frame = floor;
  MlirValue v;
  if (step->kind == KP_STEP_REDUCE || step->kind == KP_STEP_GUARD) {
    Hidden *h = malloc(sizeof(Hidden));
    hide(m, frame, h);
    MbFused pair;
    if (step->kind == KP_STEP_REDUCE && mbFusedPairOf(m->p, s, &pair) &&
        mbFusedFits(m, &pair, frame))
      v = mbEmitFused(m, &pair, s, frame, floor);
    else
      v = step->kind == KP_STEP_REDUCE ? emitReduce(m, s, frame, floor)
                                       : emitGuard(m, s, frame);
    DlcBuilder b = mbAt(m, frame);
    v = mbRoundStep(m, &b, step, v);
    m->stepValue[s] = v;
    m->stepFrame[s] = frame;
    unhide(m, h);
    free(h);
    return v;
  } else if (step->kind == KP_STEP_LOAD) {
    DlcBuilder b = mbAt(m, frame);
    v = emitLoad(m, &b, &m->p->indexed[step->input], step->loops, frame);
  } else {
    MlirValue x[3] = {{NULL}, {NULL}, {NULL}};
    for (int i = 0; i < 3; ++i)
      if (step->args[i] >= 0)
        x[i] = emitStep(m, step->args[i], floor);
    DlcBuilder b = mbAt(m, frame);
    v = emitPlain(m, &b, step, x);
  }
  DlcBuilder b = mbAt(m, frame);
  v = mbRoundStep(m, &b, step, v);
  m->stepValue[s] = v;
  m->stepFrame[s] = frame;
  return v;
}

MlirValue mbEmitStep(Mb *m, int s) { return emitStep(m, s, m->versionFrame); }

MlirValue mbEmitStepFrom(Mb *m, int s, int floor) {
  return emitStep(m, s, floor);
}

/* --- outputs ------------------------------------------------------------- */

/* The flat offset of an output at the iters' current values. */
MlirValue mbOutputOffset(Mb *m, DlcBuilder *b, const KpOutput *o) {
  MlirValue index[KP_MAX_RANK];
  for (int i = 0; i < m->p->numIters; ++i)
    index[i] = m->loopValue[i];
  return offsetOf(m, b, index, o->strides, m->p->numIters);
}

void mbEmitStoresIf(Mb *m, DlcBuilder *b, MlirValue cond,
                    const KpOutput *outputs, int count) {
  MlirBlock then;
  MlirOperation guard = dlcBuildIf(b, cond, &then);
  mbPushFrame(m, guard, then);
  for (int i = 0; i < count; ++i)
    mbEmitStore(m, &outputs[i], m->numFrames - 1);
  DlcBuilder tail = dlcBuilderAtEnd(then, m->loc);
  dlcBuild(&tail, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  mbPopFrame(m);
}

void mbEmitStore(Mb *m, const KpOutput *o, int frame) {
  MlirValue v = emitStep(m, o->step, m->versionFrame);
  DlcBuilder b = mbAt(m, frame);
  int last = m->p->numIters - 1; /* -1: a scalar output */
  bool vector = last >= 0 && (m->vecLoops & (1u << last));
  if (vector)
    v = mbWiden(m, &b, v);
  v = toStorage(m, &b, v, o->element);
  MlirValue memref = mlirBlockGetArgument(m->entry, o->arg);
  MlirValue offset = mbOutputOffset(m, &b, o);
  if (!vector) {
    MlirValue operands[] = {v, memref, offset};
    dlcBuild(&b, "memref.store", 3, operands, 0, NULL, 0, NULL, NULL);
    return;
  }
  const char *names[] = {"alignment"};
  MlirAttribute alignment = alignmentAttr(m, o->element, m->aligned);
  if (m->aligned) {
    MlirValue operands[] = {v, memref, offset};
    dlcBuild(&b, "vector.store", 3, operands, 0, NULL, 1, names, &alignment);
  } else {
    MlirValue operands[] = {memref, offset, mbChunkMask(m, &b, last), v};
    dlcBuild(&b, "vector.maskedstore", 4, operands, 0, NULL, 1, names,
             &alignment);
  }
}

void dlcEmitMemoryBound(MlirOperation kernel, const KpMemoryProblem *p,
                        DlcMemoryMode mode, DlcMemoryReduce reduce,
                        int64_t threads, int width, int numTensors, int sms) {

  Mb m;
  memset(&m, 0, sizeof(m));
  m.p = p;
  m.ctx = mlirOperationGetContext(kernel);
  m.loc = mlirOperationGetLocation(kernel);
  m.idx = mlirIndexTypeGet(m.ctx);
  m.f32 = mlirF32TypeGet(m.ctx);
  m.i1 = mlirIntegerTypeGet(m.ctx, 1);
  m.i8 = mlirIntegerTypeGet(m.ctx, 8);
  m.i32 = mlirIntegerTypeGet(m.ctx, 32);
  m.entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  m.numTensors = numTensors;
  m.mode = mode;
  m.reduce = reduce;
  m.sms = mode == DLC_MEMORY_COLUMN || mode == DLC_MEMORY_POINT ||
                  mode == DLC_MEMORY_ROW
              ? sms
              : 0;
  if (m.sms > 0)
    m.workspace =
        mlirBlockGetArgument(m.entry, mlirBlockGetNumArguments(m.entry) - 1);
  m.threads = threads;
  m.width = width;
  m.flatLoops = width > 1 ? mbFlatVectorLoops(p, mode) : 0;
  boolsAsBytes(&m, kernel);
  for (int i = 0; i < KP_MAX_LOOPS; ++i)
    m.loopFrame[i] = -1;
  for (int i = 0; i < KP_MAX_STEPS; ++i)
    m.stepFrame[i] = -1;
  mbPushFrame(&m, (MlirOperation){NULL}, m.entry);
  DlcBuilder b = mbAt(&m, 0);
  m.tid = mbGpuId(&m, &b, "gpu.thread_id");
  m.rowTid = m.tid;
  m.lane = dlcArith(&b, "arith.remui", m.tid, mbIndex(&b, 32));
  m.warp = dlcArith(&b, "arith.divui", m.tid, mbIndex(&b, 32));
  int scratch = dlcMemoryBoundScratchFloats(p, mode, threads, width);
  if (scratch > 0) {
    int64_t shape[] = {scratch};
    MlirType type =
        mlirMemRefTypeGet(m.f32, 1, shape, mlirAttributeGetNull(),
                          mlirIntegerAttrGet(mlirIntegerTypeGet(m.ctx, 64), 3));
    const char *names[] = {"alignment", "swizzle"};
    MlirAttribute attrs[] = {
        mlirIntegerAttrGet(mlirIntegerTypeGet(m.ctx, 64), 16),
        mlirStringAttrGet(m.ctx, mlirStringRefCreateFromCString("none"))};
    m.scratch = dlcBuildValue(&b, DLC_OP_DLCGPU_SMEM_ALLOC, 0, NULL, type, 2,
                              names, attrs);
  }
  if (mode == DLC_MEMORY_COLUMN)
    mbEmitColumns(&m);
  else if (mode == DLC_MEMORY_TRANSPOSE)
    mbEmitTranspose(&m);
  else if (mode != DLC_MEMORY_FLAT)
    mbEmitRows(&m);
  else
    mbEmitFlat(&m);
  DlcBuilder end = dlcBuilderAtEnd(m.entry, m.loc);
  dlcBuild(&end, "func.return", 0, NULL, 0, NULL, 0, NULL, NULL);
}
