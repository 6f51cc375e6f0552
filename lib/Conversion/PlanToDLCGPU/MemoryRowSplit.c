/* Row mode's split rows (Skeleton.h, dlcMemoryRowSplits): the rounds in
 * which the S CTAs of a row (grid y) hand each other their reduces'
 * partials through the workspace, and their exit. The kernel is launched
 * cooperatively where S > 1, so every CTA a round waits for is resident. */
#include "MemoryBound.h"

/* The row's counter words: 2 * row (arrivals) and 2 * row + 1 (exits). */
static MlirValue counterWord(DlcBuilder *b, MlirValue row, int which) {
  return dlcArith(b, "arith.addi",
                  dlcArith(b, "arith.muli", row, mbIndex(b, 2)),
                  mbIndex(b, which));
}

/* The word of slot `slot` of split `split` of the row: after the 2 * SMs
 * counter words, DLC_MEMORY_ROW_MAX_SPLITS words a (row, slot), the reduces
 * + 1 slots of a row (a Welford pair's state takes three for two reduces). */
static MlirValue slotWord(Mb *m, DlcBuilder *b, MlirValue row, int slot,
                          MlirValue split) {
  int slots = dlcMemoryReduceCount(m->p) + 1;
  MlirValue unit = dlcArith(b, "arith.addi",
                            dlcArith(b, "arith.muli", row, mbIndex(b, slots)),
                            mbIndex(b, slot));
  MlirValue at = dlcArith(
      b, "arith.addi",
      dlcArith(b, "arith.muli", unit, mbIndex(b, DLC_MEMORY_ROW_MAX_SPLITS)),
      split);
  return dlcArith(b, "arith.addi", at, mbIndex(b, 2 * (int64_t)m->sms));
}

/* Round r: thread 0 stores the CTA's values to the row's next slots,
 * releases them, counts the CTA on the row's arrivals and spins until all
 * S CTAs of the row have arrived r + 1 times (the counter only grows
 * within a launch), then acquires; a barrier, and every thread's acquire.
 * Returns the first slot. */
int mbRowSplitPublish(Mb *m, DlcBuilder *b, const MlirValue *values, int n) {
  int round = m->splitRounds++;
  int slot = m->splitSlots;
  m->splitSlots += n;
  MlirValue splits = mbGridY(m, b, "gpu.grid_dim");
  MlirValue split = mbGridY(m, b, "gpu.block_id");
  MlirValue row = mbGpuId(m, b, "gpu.block_id");
  MlirBlock first;
  dlcBuildIf(b, dlcCmpI(b, "eq", m->tid, mbIndex(b, 0)), &first);
  DlcBuilder t = dlcBuilderAtEnd(first, m->loc);
  for (int i = 0; i < n; ++i)
    mbStorePartial(m, &t, values[i], slotWord(m, &t, row, slot + i, split));
  dlcBuildFenceGpu(&t); /* release the values before they are counted */
  MlirValue arrivals = counterWord(&t, row, 0);
  dlcBuildAtomicAddI32(&t, m->workspace, arrivals, 1);
  dlcBuildPollAtLeast(
      &t, m->workspace, arrivals,
      dlcArith(&t, "arith.muli", splits, mbIndex(&t, round + 1)));
  dlcBuild(&t, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  dlcBuild(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL, NULL);
  dlcBuildFenceGpu(b); /* acquire every split's values */
  return slot;
}

MlirValue mbRowSplitLoad(Mb *m, DlcBuilder *b, int slot, MlirValue split) {
  MlirValue like = dlcConstFloat(b, m->f32, 0.0);
  return mbLoadPartial(
      m, b, like, slotWord(m, b, mbGpuId(m, b, "gpu.block_id"), slot, split));
}

/* A reduce's round: every thread combines the partials t, t + T, ... in
 * split order and the CTA's tree combines those (the same order in every
 * CTA and every run: bit-identical results). */
MlirValue mbRowSplitCombine(Mb *m, DlcBuilder *b, const KpStep *step,
                            MlirValue partial) {
  int slot = mbRowSplitPublish(m, b, &partial, 1);
  MlirValue splits = mbGridY(m, b, "gpu.grid_dim");
  MlirValue init = dlcConstFloat(b, m->f32, mbIdentityOf(step->fn));
  MlirBlock body;
  MlirOperation loop = dlcBuildFor(b, m->rowTid, splits, mbIndex(b, m->threads),
                                   1, &init, &body);
  DlcBuilder l = dlcBuilderAtEnd(body, m->loc);
  MlirValue x = mbRowSplitLoad(m, &l, slot, mlirBlockGetArgument(body, 0));
  MlirValue acc =
      mbRoundStep(m, &l, step,
                  mbCombine(m, &l, step->fn, mlirBlockGetArgument(body, 1), x));
  dlcBuild(&l, "scf.yield", 1, &acc, 0, NULL, 0, NULL, NULL);
  return mbCtaCombine(m, b, step, mlirOperationGetResult(loop, 0));
}

/* After its last round thread 0 counts the CTA on the row's exits; the
 * last to leave (every other CTA past its last spin) resets both counters
 * to zero for the next launch. */
void mbRowSplitExit(Mb *m, DlcBuilder *b) {
  MlirValue splits = mbGridY(m, b, "gpu.grid_dim");
  MlirValue row = mbGpuId(m, b, "gpu.block_id");
  MlirBlock first;
  dlcBuildIf(b, dlcCmpI(b, "eq", m->tid, mbIndex(b, 0)), &first);
  DlcBuilder t = dlcBuilderAtEnd(first, m->loc);
  MlirValue exits = counterWord(&t, row, 1);
  MlirValue old = dlcIndexCast(
      &t, dlcBuildAtomicAddI32(&t, m->workspace, exits, 1), m->idx);
  MlirBlock reset;
  dlcBuildIf(&t,
             dlcCmpI(&t, "eq", old,
                     dlcArith(&t, "arith.subi", splits, mbIndex(&t, 1))),
             &reset);
  DlcBuilder r = dlcBuilderAtEnd(reset, m->loc);
  for (int which = 0; which < 2; ++which) {
    MlirValue zero[] = {dlcConstInt(&r, m->i32, 0), m->workspace,
                        counterWord(&r, row, which)};
    dlcBuild(&r, "memref.store", 3, zero, 0, NULL, 0, NULL, NULL);
  }
  dlcBuild(&r, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  dlcBuild(&t, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
}
