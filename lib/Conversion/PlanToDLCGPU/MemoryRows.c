/* The memory-bound skeleton's row and point modes (MemoryBound.h): a warp
 * (short rows) or a CTA per point of the outer iters (row) or of all of
 * them (point); its reduces cooperative loops over the row. */
#include "MemoryBound.h"

/* Chunk k > 0 of an unrolled trip: its value computed unconditionally
 * (reads clamped in bounds), its store only where the chunk is inside. */
static void emitGuardedStore(Mb *m, const KpOutput *o, int frame,
                             MlirValue inside) {
  mbEmitStep(m, o->step);
  DlcBuilder b = mbAt(m, frame);
  mbEmitStoresIf(m, &b, inside, o, 1);
}

/* Register rows: a row's outputs by the chunks its reduces read, straight
 * line (their reads reuse the reduces' vectors): every chunk's value, then
 * the stores of those inside the row (no store between two reads). */
static void emitRegisterOutputs(Mb *m) {
  int last = m->p->numIters - 1;
  const KpExtent *row = &m->p->loops[last].size;
  for (int i = 0; i < m->p->numOutputs; ++i) {
    const KpOutput *o = &m->p->outputs[i];
    MlirValue value[MbRegisterChunks];
    for (int pass = 0; pass < 2; ++pass)
      for (int k = 0; k < m->regChunks; ++k) {
        MlirValue inside;
        MlirValue index = mbRegisterChunk(m, row, k, &inside);
        mbForgetAlong(m, 1u << last);
        m->loopValue[last] = index;
        m->loopFrame[last] = m->versionFrame;
        m->vecLoops |= 1u << last;
        if (pass == 0) {
          value[k] = mbEmitStep(m, o->step);
        } else { /* the store finds chunk k's value computed */
          m->stepValue[o->step] = value[k];
          m->stepFrame[o->step] = m->versionFrame;
          DlcBuilder b = mbAt(m, m->versionFrame);
          mbEmitStoresIf(m, &b, inside, o, 1);
        }
        m->vecLoops &= ~(1u << last);
      }
    mbForgetAlong(m, 1u << last);
    m->loopFrame[last] = -1;
  }
}

/* A row's outputs: each a loop over the last iter shared by the CTA (by
 * chunks of the width, mbUnroll of them a trip) — of a split row, over
 * this CTA's share of it. */
static void emitRowOutputs(Mb *m) {
  int last = m->p->numIters - 1;
  int unroll = mbUnroll(m);
  if (m->regChunks > 0) {
    emitRegisterOutputs(m);
    return;
  }
  for (int i = 0; i < m->p->numOutputs; ++i) {
    DlcBuilder here = mbAt(m, m->versionFrame);
    MlirValue lo = mbIndex(&here, 0);
    MlirValue hi = mbExtent(m, &here, &m->p->loops[last].size);
    if (m->sms > 0)
      mbSplitRange(m, &here, (MlirValue){NULL}, hi, &lo, &hi);
    MlirValue first = dlcArith(
        &here, "arith.addi", lo,
        dlcArith(&here, "arith.muli", m->rowTid, mbIndex(&here, m->width)));
    MlirValue count = hi;
    MlirValue lastChunk =
        dlcArith(&here, "arith.subi", count, mbIndex(&here, m->width));
    int64_t stride = m->threads * m->width;
    MlirBlock body;
    MlirOperation loop = dlcBuildFor(
        &here, first, count, mbIndex(&here, stride * unroll), 0, NULL, &body);
    mbPushFrame(m, loop, body);
    int inner = m->numFrames - 1;
    for (int k = 0; k < unroll; ++k) {
      DlcBuilder head = dlcBuilderAtEnd(body, m->loc);
      MlirValue inside;
      m->loopValue[last] =
          mbUnrolledChunk(m, &head, mlirBlockGetArgument(body, 0), k * stride,
                          count, lastChunk, &inside);
      m->loopFrame[last] = inner;
      mbForgetFrame(m, inner);
      if (m->width > 1)
        m->vecLoops |= 1u << last;
      if (mlirValueIsNull(inside))
        mbEmitStore(m, &m->p->outputs[i], inner);
      else
        emitGuardedStore(m, &m->p->outputs[i], inner, inside);
      m->vecLoops &= ~(1u << last);
    }
    DlcBuilder tail = dlcBuilderAtEnd(body, m->loc);
    dlcBuild(&tail, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    mbPopFrame(m);
  }
}

/* Point mode: thread 0 stores the point's outputs (the reduces before it
 * are the CTA's) — of a split point, the last CTA's. */
static void emitCtaPointOutputs(Mb *m) {
  m->splitLast = (MlirValue){NULL}; /* this version's reduce sets it */
  for (int i = 0; m->sms > 0 && i < m->p->numOutputs; ++i)
    mbEmitStep(m, m->p->outputs[i].step); /* the split's reduce first */
  DlcBuilder b = mbAt(m, m->versionFrame);
  MlirValue store = dlcCmpI(&b, "eq", m->rowTid, mbIndex(&b, 0));
  if (!mlirValueIsNull(m->splitLast))
    store = dlcArith(&b, "arith.andi", store, m->splitLast);
  mbEmitStoresIf(m, &b, store, m->p->outputs, m->p->numOutputs);
  m->splitLast = (MlirValue){NULL};
}

/* The code of point `point` (of the iters `outer`) at `b`: where it is
 * inside their product, its loops bound and its versions. */
static void emitPoint(Mb *m, DlcBuilder *b, MlirValue point, uint32_t outer,
                      void (*emit)(Mb *)) {
  MlirBlock inside;
  MlirOperation guard = dlcBuildIf(
      b, dlcCmpI(b, "ult", point, mbExtentProduct(m, b, outer)), &inside);
  mbPushFrame(m, guard, inside);
  DlcBuilder head = dlcBuilderAtEnd(inside, m->loc);
  mbBindLoops(m, &head, outer, point, m->numFrames - 1);
  mbEmitVersions(m, mbVectorLoops(m->p, m->mode), emit);
  DlcBuilder end = dlcBuilderAtEnd(inside, m->loc);
  dlcBuild(&end, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  mbPopFrame(m);
}

/* Row and point modes: block x is the point of the outer iters (row), or
 * of all of them (point) — or, where the length a CTA shares is at most
 * DLC_MEMORY_SHORT_LENGTH, each warp is one of the CTA's consecutive
 * points (dlcMemoryWarpRows: as many as it has warps), reduced by
 * butterflies alone (no shared memory, no barrier). Both codes are in the
 * kernel when the length is symbolic. */
void mbEmitRows(Mb *m) {
  DlcBuilder b = mbAt(m, 0);
  bool row = m->mode == DLC_MEMORY_ROW;
  uint32_t outer = row ? mbAllIters(m->p) >> 1 : mbAllIters(m->p);
  void (*emit)(Mb *) = row ? emitRowOutputs : emitCtaPointOutputs;
  KpExtent sharedLength;
  const KpExtent *length =
      dlcMemoryBoundSharedLength(m->p, m->mode, &sharedLength) ? &sharedLength
                                                               : NULL;
  bool staticLength = length && length->numSymbols == 0;
  /* A GEMV's warps also take long rows of a multiple of the modulus (the
   * grid's formula reads the same rule, memoryGridText). */
  int64_t modulus = dlcMemoryLongWarpRows(m->p, m->mode, m->width);
  bool staticShort =
      staticLength && (length->constant <= DLC_MEMORY_SHORT_LENGTH ||
                       (modulus && length->constant % modulus == 0));
  bool canShort = length && (!staticLength || staticShort);
  bool canLong = !staticLength || !staticShort;
  MlirValue bid = mbGpuId(m, &b, "gpu.block_id");
  int64_t most = m->threads;
  MlirValue isShort = dlcConstInt(&b, m->i1, canShort);
  if (canShort && canLong) {
    MlirValue extent = mbExtent(m, &b, length);
    isShort = dlcCmpI(&b, "ule", extent, mbIndex(&b, DLC_MEMORY_SHORT_LENGTH));
    if (modulus)
      isShort = dlcArith(
          &b, "arith.ori", isShort,
          dlcCmpI(&b, "eq",
                  dlcArith(&b, "arith.remui", extent, mbIndex(&b, modulus)),
                  mbIndex(&b, 0)));
  }
  MlirBlock then, otherwise;
  MlirOperation branch =
      dlcBuildIfElse(&b, isShort, 0, NULL, &then, &otherwise);
  for (int variant = 0; variant < 2; ++variant) {
    MlirBlock block = variant == 0 ? then : otherwise;
    mbPushFrame(m, branch, block);
    DlcBuilder in = dlcBuilderAtEnd(block, m->loc);
    bool warpRows = variant == 0;
    if ((warpRows && canShort) || (!warpRows && canLong)) {
      m->warpRows = warpRows;
      m->threads = warpRows ? 32 : most;
      m->rowTid = warpRows ? m->lane : m->tid;
      MlirValue point =
          warpRows ? dlcArith(&in, "arith.addi",
                              dlcArith(&in, "arith.muli", bid,
                                       mbIndex(&in, dlcMemoryWarpRows(most))),
                              m->warp)
                   : bid;
      /* A CTA's point that may split: the split's code only where grid
       * y has several CTAs, so that a kernel of many points runs the
       * plain code (its split's ranges cost 6-10 % on 65536 rows of 4097,
       * run vs-2). */
      int sms = m->sms;
      if (!warpRows && sms > 0) {
        MlirValue splits = mbGridY(m, &in, "gpu.grid_dim");
        MlirBlock several, one;
        MlirOperation branch =
            dlcBuildIfElse(&in, dlcCmpI(&in, "ugt", splits, mbIndex(&in, 1)), 0,
                           NULL, &several, &one);
        for (int part = 0; part < 2; ++part) {
          MlirBlock b = part == 0 ? several : one;
          mbPushFrame(m, branch, b);
          m->sms = part == 0 ? sms : 0;
          DlcBuilder at = dlcBuilderAtEnd(b, m->loc);
          emitPoint(m, &at, point, outer, emit);
          DlcBuilder tail = dlcBuilderAtEnd(b, m->loc);
          if (row && part == 0)
            mbRowSplitExit(m, &tail);
          dlcBuild(&tail, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
          mbPopFrame(m);
        }
        m->sms = sms;
      } else {
        emitPoint(m, &in, point, outer, emit);
      }
    }
    DlcBuilder tail = dlcBuilderAtEnd(block, m->loc);
    dlcBuild(&tail, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    mbPopFrame(m);
  }
  m->threads = most;
  m->warpRows = false;
}
