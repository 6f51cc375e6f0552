/* The memory-bound skeleton's versions (MemoryBound.h): a vector kernel's
 * point checks at run time which code it runs — whole aligned chunks,
 * chunks shifted onto 16-byte boundaries (peeled), or masked ones — and,
 * in register mode, where its chunks of the row start. */
#include "MemoryBound.h"

#include <string.h>

typedef enum Version { Aligned, Peeled, Masked } Version;

/* The flat offsets of the vector accesses at chunk 0 of the vector loops
 * (reads, then outputs stored by chunks), in `out`; their number. */
static int chunkOffsets(Mb *m, DlcBuilder *b, uint32_t vecLoops,
                        MlirValue *out) {
  int n = 0;
  MlirValue saved[KP_MAX_LOOPS];
  memcpy(saved, m->loopValue, sizeof(saved));
  for (int l = 0; l < m->p->numLoops; ++l)
    if (vecLoops & (1u << l))
      m->loopValue[l] = mbIndex(b, 0);
  for (int s = 0; s < m->p->numSteps; ++s) {
    const KpStep *step = &m->p->steps[s];
    if (step->kind == KP_STEP_LOAD && (step->loops & vecLoops))
      out[n++] = mbReadOffset(m, b, &m->p->indexed[step->input]);
  }
  int last = m->p->numIters - 1;
  for (int i = 0;
       last >= 0 && (vecLoops & (1u << last)) && i < m->p->numOutputs; ++i)
    out[n++] = mbOutputOffset(m, b, &m->p->outputs[i]);
  memcpy(m->loopValue, saved, sizeof(saved));
  return n;
}

/* i1: every vector access of this point is whole and aligned: the vector
 * loops' extents and the accesses' offsets at their chunk 0 are multiples
 * of the width (checked where the other loops are bound). */
static MlirValue alignedCheck(Mb *m, DlcBuilder *b, uint32_t vecLoops) {
  MlirValue ok = dlcConstInt(b, m->i1, 1);
  MlirValue zero = mbIndex(b, 0), width = mbIndex(b, m->width);
  for (int l = 0; l < m->p->numLoops; ++l)
    if (vecLoops & (1u << l))
      ok = dlcArith(
          b, "arith.andi", ok,
          dlcCmpI(b, "eq",
                  dlcArith(b, "arith.remui",
                           mbExtent(m, b, &m->p->loops[l].size), width),
                  zero));
  MlirValue offsets[KP_MAX_STEPS + KP_MAX_OUTPUTS];
  int n = chunkOffsets(m, b, vecLoops, offsets);
  for (int i = 0; i < n; ++i)
    ok = dlcArith(
        b, "arith.andi", ok,
        dlcCmpI(b, "eq", dlcArith(b, "arith.remui", offsets[i], width), zero));
  return ok;
}

/* i1: the vector accesses of this point are equally misaligned (a row of
 * 4097 halves): their offsets at chunk 0 agree mod the width, so chunks
 * starting `shift` (that residue) before the row are 16-byte aligned for
 * all; in register mode the shifted chunks must still cover the row. */
static MlirValue peelCheck(Mb *m, DlcBuilder *b, uint32_t vecLoops,
                           MlirValue *shift) {
  MlirValue offsets[KP_MAX_STEPS + KP_MAX_OUTPUTS];
  int n = chunkOffsets(m, b, vecLoops, offsets);
  MlirValue width = mbIndex(b, m->width);
  *shift =
      n > 0 ? dlcArith(b, "arith.remui", offsets[0], width) : mbIndex(b, 0);
  MlirValue ok = dlcConstInt(b, m->i1, 1);
  for (int i = 1; i < n; ++i)
    ok =
        dlcArith(b, "arith.andi", ok,
                 dlcCmpI(b, "eq", dlcArith(b, "arith.remui", offsets[i], width),
                         *shift));
  if (m->chunks > 0) {
    MlirValue end =
        dlcArith(b, "arith.addi", mbExtent(m, b, m->rowLength), *shift);
    int64_t covered = m->chunks * m->threads * m->width;
    ok = dlcArith(b, "arith.andi", ok,
                  dlcCmpI(b, "ule", end, mbIndex(b, covered)));
  }
  return ok;
}

/* Register mode: thread t's chunk k of the row starts at t W + k T W, in
 * every pass. The aligned version clamps a chunk past the row to the row's
 * last whole one (an in-bounds read whose lanes reduces ignore and whose
 * stores are skipped: chunkValid); the masked version masks it whole. A
 * static row of whole sweeps has no chunk past it. */
static void bindChunks(Mb *m) {
  DlcBuilder b = mbAt(m, m->versionFrame);
  MlirValue first = mbChunkStart(m, &b);
  MlirValue length = mbExtent(m, &b, m->rowLength);
  int64_t sweep = m->threads * m->width;
  bool whole = m->rowLength->numSymbols == 0 &&
               m->rowLength->constant == m->chunks * sweep;
  for (int k = 0; k < m->chunks; ++k) {
    MlirValue start =
        k == 0 ? first
               : dlcArith(&b, "arith.addi", first, mbIndex(&b, k * sweep));
    m->chunkValid[k] = (MlirValue){NULL};
    if (m->aligned && !whole) {
      m->chunkValid[k] = dlcCmpI(&b, "ult", start, length);
      start =
          dlcArith(&b, "arith.minui", start,
                   dlcArith(&b, "arith.subi", length, mbIndex(&b, m->width)));
    }
    m->chunkAt[k] = start;
  }
}

/* One version of a point's code in `block` (a branch of `branch`). */
static void emitVersion(Mb *m, MlirOperation branch, MlirBlock block,
                        Version version, void (*emit)(Mb *)) {
  mbPushFrame(m, branch, block);
  m->aligned = version == Aligned;
  m->peeled = version == Peeled;
  m->versionFrame = m->numFrames - 1;
  m->numReduces = 0; /* the versions share the scratch slots */
  if (m->chunks > 0)
    bindChunks(m);
  emit(m);
  DlcBuilder tail = dlcBuilderAtEnd(block, m->loc);
  dlcBuild(&tail, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  mbPopFrame(m);
  m->peeled = false;
}

/* Runs `emit` once (scalar), or under scf.if: whole aligned vectors; else
 * (row and point kernels) peeled ones where the accesses are equally
 * misaligned; else masked ones. */
void mbEmitVersions(Mb *m, uint32_t vecLoops, void (*emit)(Mb *)) {
  if (m->width == 1) {
    m->versionFrame = m->numFrames - 1;
    emit(m);
    return;
  }
  int outer = m->numFrames - 1;
  DlcBuilder b = mbAt(m, outer);
  MlirValue aligned = alignedCheck(m, &b, vecLoops);
  if (m->chunks > 0) /* a chunk past the row reads the row's last one */
    aligned = dlcArith(&b, "arith.andi", aligned,
                       dlcCmpI(&b, "uge", mbExtent(m, &b, m->rowLength),
                               mbIndex(&b, m->width)));
  MlirBlock then, otherwise;
  MlirOperation branch =
      dlcBuildIfElse(&b, aligned, 0, NULL, &then, &otherwise);
  emitVersion(m, branch, then, Aligned, emit);
  if (m->mode == DLC_MEMORY_FLAT) {
    emitVersion(m, branch, otherwise, Masked, emit);
    return;
  }
  DlcBuilder e = dlcBuilderAtEnd(otherwise, m->loc);
  MlirValue peel = peelCheck(m, &e, vecLoops, &m->shift);
  MlirBlock peeled, masked;
  MlirOperation inner = dlcBuildIfElse(&e, peel, 0, NULL, &peeled, &masked);
  DlcBuilder end = dlcBuilderAtEnd(otherwise, m->loc);
  dlcBuild(&end, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  mbPushFrame(m, branch, otherwise);
  emitVersion(m, inner, peeled, Peeled, emit);
  emitVersion(m, inner, masked, Masked, emit);
  mbPopFrame(m);
}
