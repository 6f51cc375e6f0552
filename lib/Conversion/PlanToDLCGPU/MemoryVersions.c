/* The memory-bound skeleton's versions (MemoryBound.h): a vector kernel's
 * point checks at run time which code it runs — whole aligned chunks (or,
 * in point mode, whole chunks after a peeled head), or masked ones. */
#include "MemoryBound.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

/* Whether `e` is linear in its dims (no mod or division). */
static bool linearExpr(MlirAffineExpr e) {
  if (mlirAffineExprIsAMod(e) || mlirAffineExprIsAFloorDiv(e) ||
      mlirAffineExprIsACeilDiv(e))
    return false;
  if (mlirAffineExprIsAAdd(e) || mlirAffineExprIsAMul(e))
    return linearExpr(mlirAffineBinaryOpExprGetLHS(e)) &&
           linearExpr(mlirAffineBinaryOpExprGetRHS(e));
  return true;
}

/* i1: read `x`'s offset is a multiple of the width at every value of the
 * loops it runs along that no frame binds (column mode: the rows a reduce
 * walks): at 0 and at 1 of each, when its map is linear; else false. */
static MlirValue alignedAlongFree(Mb *m, DlcBuilder *b, const KpIndexed *x,
                                  uint32_t vecLoops, MlirValue ok) {
  MlirValue zero = mbIndex(b, 0), width = mbIndex(b, m->width);
  uint32_t free = 0;
  for (int d = 0; d < x->rank; ++d)
    if (m->loopFrame[x->loops[d]] < 0 && !(vecLoops & (1u << x->loops[d])))
      free |= 1u << x->loops[d];
  if (!free)
    return ok;
  MlirAffineMap map = mlirAffineMapAttrGetValue(x->map);
  for (intptr_t i = 0; i < mlirAffineMapGetNumResults(map); ++i)
    if (!linearExpr(mlirAffineMapGetResult(map, i)))
      return dlcConstInt(b, m->i1, 0);
  for (int l = 0; l < m->p->numLoops; ++l)
    if (free & (1u << l))
      m->loopValue[l] = zero;
  for (int l = 0; l < m->p->numLoops; ++l) {
    if (!(free & (1u << l)))
      continue;
    m->loopValue[l] = mbIndex(b, 1);
    MlirValue offset = mbReadOffset(m, b, x);
    ok = dlcArith(
        b, "arith.andi", ok,
        dlcCmpI(b, "eq", dlcArith(b, "arith.remui", offset, width), zero));
    m->loopValue[l] = zero;
  }
  return ok;
}

/* i1: every vector access of this point is whole and aligned: the vector
 * loops' extents and the accesses' offsets at their chunk 0 are multiples
 * of the width (checked where the other loops are bound); with `nonEmpty`,
 * the extents at least one chunk (register rows clamp to the last). */
static MlirValue alignedCheck(Mb *m, DlcBuilder *b, uint32_t vecLoops,
                              bool nonEmpty) {
  MlirValue ok = dlcConstInt(b, m->i1, 1);
  MlirValue zero = mbIndex(b, 0), width = mbIndex(b, m->width);
  MlirValue saved[KP_MAX_LOOPS];
  memcpy(saved, m->loopValue, sizeof(saved));
  for (int l = 0; l < m->p->numLoops; ++l) {
    if (!(vecLoops & (1u << l)))
      continue;
    MlirValue extent = mbExtent(m, b, &m->p->loops[l].size);
    ok = dlcArith(
        b, "arith.andi", ok,
        dlcCmpI(b, "eq", dlcArith(b, "arith.remui", extent, width), zero));
    if (nonEmpty)
      ok = dlcArith(b, "arith.andi", ok, dlcCmpI(b, "uge", extent, width));
    m->loopValue[l] = zero;
  }
  for (int s = 0; s < m->p->numSteps; ++s) {
    const KpStep *step = &m->p->steps[s];
    if (step->kind != KP_STEP_LOAD || !(step->loops & vecLoops))
      continue;
    ok = alignedAlongFree(m, b, &m->p->indexed[step->input], vecLoops, ok);
    MlirValue offset = mbReadOffset(m, b, &m->p->indexed[step->input]);
    ok = dlcArith(
        b, "arith.andi", ok,
        dlcCmpI(b, "eq", dlcArith(b, "arith.remui", offset, width), zero));
  }
  for (int i = 0; i < m->p->numOutputs; ++i) {
    if (m->p->numIters == 0 || !(vecLoops & (1u << (m->p->numIters - 1))))
      break; /* outputs are stored by elements */
    MlirValue offset = mbOutputOffset(m, b, &m->p->outputs[i]);
    ok = dlcArith(
        b, "arith.andi", ok,
        dlcCmpI(b, "eq", dlcArith(b, "arith.remui", offset, width), zero));
  }
  memcpy(m->loopValue, saved, sizeof(saved));
  if (!mlirValueIsNull(m->wholeTile))
    ok = dlcArith(b, "arith.andi", ok, m->wholeTile);
  return ok;
}

/* i1: every vector read's offset at chunk 0 has the same remainder modulo
 * the width, *phase (reads only: point mode stores by elements). */
static MlirValue phaseCheck(Mb *m, DlcBuilder *b, uint32_t vecLoops,
                            MlirValue *phase) {
  MlirValue ok = dlcConstInt(b, m->i1, 1);
  MlirValue zero = mbIndex(b, 0), width = mbIndex(b, m->width);
  *phase = zero;
  bool first = true;
  MlirValue saved[KP_MAX_LOOPS];
  memcpy(saved, m->loopValue, sizeof(saved));
  for (int l = 0; l < m->p->numLoops; ++l)
    if (vecLoops & (1u << l))
      m->loopValue[l] = zero;
  for (int s = 0; s < m->p->numSteps; ++s) {
    const KpStep *step = &m->p->steps[s];
    if (step->kind != KP_STEP_LOAD || !(step->loops & vecLoops))
      continue;
    MlirValue rem =
        dlcArith(b, "arith.remui",
                 mbReadOffset(m, b, &m->p->indexed[step->input]), width);
    if (first)
      *phase = rem;
    else
      ok = dlcArith(b, "arith.andi", ok, dlcCmpI(b, "eq", rem, *phase));
    first = false;
  }
  memcpy(m->loopValue, saved, sizeof(saved));
  return ok;
}

/* A code path's scratch slots and a split row's rounds and workspace
 * slots count from 0 (see mbEmitVersions). */
static void startPath(Mb *m) {
  m->numReduces = 0;
  m->splitRounds = 0;
  m->splitSlots = 0;
}

/* Runs `emit` once (scalar), or twice under scf.if: whole aligned vectors
 * (row and flat modes; point mode: the peeled version, whose reads share
 * one misalignment — a row of 4097 halves), else masked ones. */
void mbEmitVersions(Mb *m, uint32_t vecLoops, void (*emit)(Mb *)) {
  /* Each call is one code path of the kernel (a warp's or a CTA's point,
   * split or whole: branches that exclude each other), and each version
   * one of its two: they all share the scratch slots. Counting on across
   * the calls put a scalar point kernel's third path (a CTA's whole
   * point, after a warp's and a split's) past the scratch (run cs-1's
   * memcheck). */
  startPath(m);
  if (m->width == 1) {
    m->versionFrame = m->numFrames - 1;
    emit(m);
    return;
  }
  int outer = m->numFrames - 1;
  DlcBuilder b = mbAt(m, outer);
  /* The ends of a peeled reduce are one element a thread. */
  bool peel = m->mode == DLC_MEMORY_POINT && m->threads >= 2 * m->width;
  MlirValue phase = {NULL};
  /* A split row's share is read by loops (its length is the split's). */
  bool splitRow = m->mode == DLC_MEMORY_ROW && m->sms > 0;
  int registers = peel || splitRow ? 0 : mbRegisterChunksFor(m);
  MlirValue first = peel ? phaseCheck(m, &b, vecLoops, &phase)
                         : alignedCheck(m, &b, vecLoops, registers > 0);
  MlirBlock then, otherwise;
  MlirOperation branch = dlcBuildIfElse(&b, first, 0, NULL, &then, &otherwise);
  for (int version = 0; version < 2; ++version) {
    MlirBlock block = version == 0 ? then : otherwise;
    mbPushFrame(m, branch, block);
    m->aligned = version == 0 && !peel;
    m->peeled = version == 0 && peel;
    m->phase = phase;
    m->regChunks = version == 0 ? registers : 0;
    m->numRegRows = 0;
    m->numRegLoads = 0;
    m->versionFrame = m->numFrames - 1;
    startPath(m);
    emit(m);
    DlcBuilder tail = dlcBuilderAtEnd(block, m->loc);
    dlcBuild(&tail, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
    mbPopFrame(m);
  }
  m->peeled = false;
  m->regChunks = 0;
}
