/* The memory-bound skeleton's row and point modes (MemoryBound.h): a warp
 * (short rows) or a CTA per point of the outer iters (row) or of all of
 * them (point); its reduces cooperative, its row kept in registers between
 * passes where it fits (register mode), else walked by loops. */
#include "MemoryBound.h"

/* A row's outputs in register mode: chunk by chunk, every output of a
 * chunk from the same values. */
static void emitRowOutputChunks(Mb *m) {
  int last = m->p->numIters - 1;
  for (int k = 0; k < m->chunks; ++k) {
    m->loopValue[last] = m->chunkAt[k];
    m->loopFrame[last] = m->versionFrame;
    m->vecLoops |= 1u << last;
    for (int i = 0; i < m->p->numOutputs; ++i)
      mbEmitStore(m, &m->p->outputs[i], m->versionFrame, m->chunkValid[k]);
    m->vecLoops &= ~(1u << last);
    mbForgetLoops(m, 1u << last);
  }
}

/* A row's outputs: each a loop over the last iter shared by the CTA (by
 * chunks of the width). */
static void emitRowOutputs(Mb *m) {
  int last = m->p->numIters - 1;
  if (m->chunks > 0) {
    emitRowOutputChunks(m);
    return;
  }
  for (int i = 0; i < m->p->numOutputs; ++i) {
    DlcBuilder here = mbAt(m, m->versionFrame);
    MlirValue first = mbChunkStart(m, &here);
    MlirBlock body;
    MlirOperation loop =
        dlcBuildFor(&here, first, mbExtent(m, &here, &m->p->loops[last].size),
                    mbIndex(&here, m->threads * m->width), 0, NULL, &body);
    mbPushFrame(m, loop, body);
    m->loopValue[last] = mlirBlockGetArgument(body, 0);
    m->loopFrame[last] = m->numFrames - 1;
    if (m->width > 1)
      m->vecLoops |= 1u << last;
    mbEmitStore(m, &m->p->outputs[i], m->numFrames - 1, (MlirValue){NULL});
    m->vecLoops &= ~(1u << last);
    DlcBuilder tail = dlcBuilderAtEnd(body, m->loc);
    dlcBuild(&tail, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    mbPopFrame(m);
  }
}

/* Point mode: thread 0 stores the point's outputs (the reduces before it
 * are the CTA's). */
static void emitCtaPointOutputs(Mb *m) {
  DlcBuilder b = mbAt(m, m->versionFrame);
  MlirBlock then;
  MlirOperation guard =
      dlcBuildIf(&b, dlcCmpI(&b, "eq", m->rowTid, mbIndex(&b, 0)), &then);
  mbPushFrame(m, guard, then);
  for (int i = 0; i < m->p->numOutputs; ++i)
    mbEmitStore(m, &m->p->outputs[i], m->numFrames - 1, (MlirValue){NULL});
  DlcBuilder tail = dlcBuilderAtEnd(then, m->loc);
  dlcBuild(&tail, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  mbPopFrame(m);
}

/* The reads a row keeps in registers: the memrefs read more than once
 * along the vector loops (a row read by several passes). */
static int keptReads(const KpMemoryProblem *p, uint32_t vecLoops) {
  uint64_t once = 0, twice = 0; /* by kernel argument */
  for (int s = 0; s < p->numSteps; ++s) {
    const KpStep *step = &p->steps[s];
    int arg = step->kind == KP_STEP_LOAD ? p->indexed[step->input].arg : -1;
    if (arg < 0 || arg >= 64 || !(step->loops & vecLoops))
      continue;
    twice |= once & (1ull << arg);
    once |= 1ull << arg;
  }
  return __builtin_popcountll(twice);
}

/* The chunks a thread keeps of a row of `length` (at most `most`, for a
 * symbolic length) in register mode: all of the row where they fit the
 * register budget, else (a symbolic length) as many as fit, the kernel
 * branching on the length; 0: loops (a scalar kernel, vector loops of
 * other extents, or a static row too long). */
static int registerChunks(Mb *m, const KpExtent *length, int64_t most) {
  uint32_t vecLoops = mbVectorLoops(m->p, m->mode);
  if (m->width == 1 || !length || !vecLoops)
    return 0;
  for (int l = 0; l < m->p->numLoops; ++l)
    if ((vecLoops & (1u << l)) && !kpExtentEqual(&m->p->loops[l].size, length))
      return 0;
  int kept = keptReads(m->p, vecLoops);
  int64_t fit = ChunkFloats / (m->width * (kept > 1 ? kept : 1));
  if (fit > MaxChunks)
    fit = MaxChunks;
  if (length->numSymbols == 0)
    most = length->constant;
  int64_t sweep = m->threads * m->width;
  int64_t need = most / sweep + (most % sweep != 0);
  if (need <= fit)
    return need > 0 ? (int)need : 0;
  return length->numSymbols == 0 ? 0 : (int)fit;
}

/* The points of one variant (a warp or a CTA per point): the point's guard
 * and loops, then its versions. */
static void emitPointsOf(Mb *m, uint32_t outer, MlirValue point,
                         void (*emit)(Mb *)) {
  DlcBuilder in = mbAt(m, m->numFrames - 1);
  MlirBlock inside;
  MlirOperation guard = dlcBuildIf(
      &in, dlcCmpI(&in, "ult", point, mbExtentProduct(m, &in, outer)), &inside);
  mbPushFrame(m, guard, inside);
  DlcBuilder head = dlcBuilderAtEnd(inside, m->loc);
  mbBindLoops(m, &head, outer, point, m->numFrames - 1);
  mbEmitVersions(m, mbVectorLoops(m->p, m->mode), emit);
  DlcBuilder end = dlcBuilderAtEnd(inside, m->loc);
  dlcBuild(&end, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  mbPopFrame(m);
}

/* One variant's points in register mode where their length fits (a branch
 * on a symbolic length), else by loops. */
static void emitVariant(Mb *m, uint32_t outer, MlirValue point,
                        void (*emit)(Mb *), int64_t most) {
  m->chunks = registerChunks(m, m->rowLength, most);
  int64_t covered = m->chunks * m->threads * m->width;
  if (m->chunks == 0 || m->rowLength->numSymbols == 0 || covered >= most) {
    emitPointsOf(m, outer, point, emit);
    m->chunks = 0;
    return;
  }
  DlcBuilder b = mbAt(m, m->numFrames - 1);
  MlirValue fits =
      dlcCmpI(&b, "ule", mbExtent(m, &b, m->rowLength), mbIndex(&b, covered));
  MlirBlock then, otherwise;
  MlirOperation branch = dlcBuildIfElse(&b, fits, 0, NULL, &then, &otherwise);
  int chunks = m->chunks;
  for (int version = 0; version < 2; ++version) {
    MlirBlock block = version == 0 ? then : otherwise;
    mbPushFrame(m, branch, block);
    m->chunks = version == 0 ? chunks : 0;
    emitPointsOf(m, outer, point, emit);
    DlcBuilder tail = dlcBuilderAtEnd(block, m->loc);
    dlcBuild(&tail, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    mbPopFrame(m);
  }
  m->chunks = 0;
}

/* Row and point modes: block x is the point of the outer iters (row), or
 * of all of them (point) — or, where the length a CTA shares is at most
 * DLC_MEMORY_SHORT_LENGTH, each warp is one of DLC_MEMORY_ROWS_PER_CTA
 * consecutive points, reduced by butterflies alone (no shared memory, no
 * barrier). Both codes are in the kernel when the length is symbolic. */
void mbEmitRows(Mb *m) {
  DlcBuilder b = mbAt(m, 0);
  bool row = m->mode == DLC_MEMORY_ROW;
  uint32_t outer = row ? mbAllIters(m->p) >> 1 : mbAllIters(m->p);
  void (*emit)(Mb *) = row ? emitRowOutputs : emitCtaPointOutputs;
  int shared = dlcMemoryBoundSharedLoop(m->p, m->mode);
  const KpExtent *length = shared >= 0 ? &m->p->loops[shared].size : NULL;
  bool staticLength = length && length->numSymbols == 0;
  bool canShort =
      length && (!staticLength || length->constant <= DLC_MEMORY_SHORT_LENGTH);
  bool canLong = !staticLength || length->constant > DLC_MEMORY_SHORT_LENGTH;
  MlirValue bid = mbGpuId(m, &b, "gpu.block_id");
  int64_t most = m->threads;
  m->rowLength = length;
  MlirValue isShort = canShort && canLong
                          ? dlcCmpI(&b, "ule", mbExtent(m, &b, length),
                                    mbIndex(&b, DLC_MEMORY_SHORT_LENGTH))
                          : dlcConstInt(&b, m->i1, canShort);
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
                                       mbIndex(&in, DLC_MEMORY_ROWS_PER_CTA)),
                              m->warp)
                   : bid;
      emitVariant(m, outer, point, emit,
                  warpRows ? DLC_MEMORY_SHORT_LENGTH : INT64_MAX);
    }
    DlcBuilder tail = dlcBuilderAtEnd(block, m->loc);
    dlcBuild(&tail, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    mbPopFrame(m);
  }
  m->threads = most;
  m->warpRows = false;
}
