/* The memory-bound skeleton's flat mode (MemoryBound.h): a thread per
 * output point, or per chunk of the width along the last iter; reduces are
 * serial loops in the thread (elementwise chains, column reductions). */
#include "MemoryBound.h"

static void emitPointOutputs(Mb *m) {
  int last = m->p->numIters - 1;
  if (m->width > 1)
    m->vecLoops |= 1u << last;
  for (int i = 0; i < m->p->numOutputs; ++i)
    mbEmitStore(m, &m->p->outputs[i], m->versionFrame);
  m->vecLoops &= ~(1u << last);
}

/* Flat mode: thread (block x, thread x) is one output point, or one chunk
 * of the width along the last iter. */
void mbEmitFlat(Mb *m) {
  DlcBuilder b = mbAt(m, 0);
  int last = m->p->numIters - 1;
  MlirValue index =
      dlcArith(&b, "arith.addi",
               dlcArith(&b, "arith.muli", mbGpuId(m, &b, "gpu.block_id"),
                        mbIndex(&b, m->threads)),
               m->tid);
  MlirValue lastExtent = mbExtent(m, &b, &m->p->loops[last].size);
  MlirValue chunks =
      dlcArith(&b, "arith.ceildivui", lastExtent, mbIndex(&b, m->width));
  MlirValue total = dlcArith(
      &b, "arith.muli", mbExtentProduct(m, &b, mbAllIters(m->p) >> 1), chunks);
  MlirBlock then;
  MlirOperation guard = dlcBuildIf(&b, dlcCmpI(&b, "ult", index, total), &then);
  mbPushFrame(m, guard, then);
  int frame = m->numFrames - 1;
  DlcBuilder head = dlcBuilderAtEnd(then, m->loc);
  mbBindLoops(m, &head, mbAllIters(m->p) >> 1,
              dlcArith(&head, "arith.divui", index, chunks), frame);
  m->loopValue[last] = dlcArith(&head, "arith.muli",
                                dlcArith(&head, "arith.remui", index, chunks),
                                mbIndex(&head, m->width));
  m->loopFrame[last] = frame;
  mbEmitVersions(m, 1u << last, emitPointOutputs);
  DlcBuilder tail = dlcBuilderAtEnd(then, m->loc);
  dlcBuild(&tail, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  mbPopFrame(m);
}
