/* The memory-bound skeleton's one-pass reduce pairs (MemoryBound.h): two
 * cooperative row reduces, the second reading the first, computed by one
 * loop over the row instead of two (the plan's algo_choice reduce):
 *
 *   welford  R1 = sum(a), R2 = sum((a - c)^2), c uniform along the row and
 *            reading R1 (LayerNorm's mean and variance): each thread keeps
 *            the count, mean and M2 of its elements, a chunk's statistics
 *            merged into them by the parallel rule of Chan et al.; the
 *            threads' merged by the same rule (butterflies, then the
 *            warps' in warp order); then R1 = n mean and R2 = M2 + n (mean
 *            - c)^2, which is sum((a - c)^2) for any c.
 *   online   M = max(a), S = sum(F(a - M)), F(t) = exp2(k t) or exp(k t)
 *            with k a positive constant (softmax): each thread keeps a
 *            running max m and a sum l rescaled by F(m - m') when its max
 *            grows to m' (once a chunk); threads' (m, l) merged alike.
 *
 * a is matched in both reduces' bodies up to their reduced loops (the
 * problem has a step per point: MemoryProblem.h), and every step of the
 * pattern is f32, so no rounding of the reference's is skipped. The
 * reference interpreter computes the two passes; the results differ by f32
 * rounding only (docs/interp.md). */
#include "MemoryBound.h"
#include "PlanSchedule.h"
#include "StepMath.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <float.h>
#include <string.h>

/* --- the patterns ----------------------------------------------------------
 */

static uint32_t mapLoops(uint32_t loops, int from, int to) {
  return loops & (1u << from) ? (loops & ~(1u << from)) | (1u << to) : loops;
}

/* Read a of loop `la` and read b of loop `lb` read the same element when
 * the loops have the same value. */
static bool sameIndexed(const KpMemoryProblem *p, int ia, int ib, int la,
                        int lb) {
  const KpIndexed *a = &p->indexed[ia], *b = &p->indexed[ib];
  if (a->arg != b->arg || a->rank != b->rank || a->element != b->element ||
      a->memrefRank != b->memrefRank ||
      mlirAttributeIsNull(a->map) != mlirAttributeIsNull(b->map) ||
      mlirAttributeIsNull(a->set) != mlirAttributeIsNull(b->set))
    return false;
  if ((!mlirAttributeIsNull(a->map) && !mlirAttributeEqual(a->map, b->map)) ||
      (!mlirAttributeIsNull(a->set) && !mlirAttributeEqual(a->set, b->set)))
    return false;
  for (int d = 0; d < a->rank; ++d)
    if ((a->loops[d] == la ? lb : a->loops[d]) != b->loops[d])
      return false;
  for (int i = 0; i < a->memrefRank; ++i)
    if (!kpExtentEqual(&a->strides[i], &b->strides[i]))
      return false;
  return true;
}

/* Step a, a function of loop `la`, is step b with `la` renamed `lb`. */
static bool sameStep(const KpMemoryProblem *p, int a, int b, int la, int lb,
                     int depth) {
  if (a < 0 || b < 0)
    return a == b;
  if (a == b) /* one step: then it depends on neither loop */
    return !(p->steps[a].loops & ((1u << la) | (1u << lb)));
  const KpStep *x = &p->steps[a], *y = &p->steps[b];
  if (depth > KP_MAX_STEPS || x->kind != y->kind || x->type != y->type ||
      x->kind == KP_STEP_REDUCE || strcmp(x->fn, y->fn) != 0 ||
      memcmp(&x->value, &y->value, sizeof(x->value)) != 0 ||
      mapLoops(x->loops, la, lb) != y->loops)
    return false;
  if ((x->kind == KP_STEP_LOAD || x->kind == KP_STEP_GUARD) &&
      !sameIndexed(p, x->input, y->input, la, lb))
    return false;
  for (int i = 0; i < 3; ++i)
    if (!sameStep(p, x->args[i], y->args[i], la, lb, depth + 1))
      return false;
  return true;
}

/* Whether step a reads step b. */
static bool reads(const KpMemoryProblem *p, int a, int b, int depth) {
  if (a == b)
    return true;
  if (a < 0 || depth > KP_MAX_STEPS)
    return false;
  for (int i = 0; i < 3; ++i)
    if (reads(p, p->steps[a].args[i], b, depth + 1))
      return true;
  return false;
}

/* A reduce `fn` of f32 over one loop, from its identity. */
static bool oneLoopReduce(const KpMemoryProblem *p, int s, const char *fn) {
  const KpStep *r = &p->steps[s];
  return r->kind == KP_STEP_REDUCE && strcmp(r->fn, fn) == 0 &&
         __builtin_popcount(r->reduced) == 1 && r->value == mbIdentityOf(fn);
}

static bool isBinary(const KpMemoryProblem *p, int s, const char *fn) {
  return s >= 0 && p->steps[s].kind == KP_STEP_BINARY &&
         p->steps[s].type == KP_F32 && strcmp(p->steps[s].fn, fn) == 0;
}

/* The first reduce of a pair whose second is `second` and whose body,
 * up to the loops, is `body` (a step of `second`'s loop). */
static int firstOf(const KpMemoryProblem *p, int second, int body,
                   const char *fn) {
  const KpStep *r2 = &p->steps[second];
  int l2 = __builtin_ctz(r2->reduced);
  for (int s = 0; s < p->numSteps; ++s) {
    const KpStep *r1 = &p->steps[s];
    if (s == second || !oneLoopReduce(p, s, fn) || r1->loops != r2->loops)
      continue;
    int l1 = __builtin_ctz(r1->reduced);
    if (l1 != l2 && kpExtentEqual(&p->loops[l1].size, &p->loops[l2].size) &&
        sameStep(p, r1->args[0], body, l1, l2, 0))
      return s;
  }
  return -1;
}

static bool matchWelford(const KpMemoryProblem *p, int s, MbFused *f) {
  if (!oneLoopReduce(p, s, "sum") || p->steps[s].type != KP_F32)
    return false;
  int square = p->steps[s].args[0];
  if (!isBinary(p, square, "mul") ||
      p->steps[square].args[0] != p->steps[square].args[1])
    return false;
  int d = p->steps[square].args[0];
  if (!isBinary(p, d, "sub"))
    return false;
  int c = p->steps[d].args[1];
  if (p->steps[c].loops & p->steps[s].reduced)
    return false;
  int first = firstOf(p, s, p->steps[d].args[0], "sum");
  if (first < 0 || p->steps[first].type != KP_F32 || !reads(p, c, first, 0))
    return false;
  *f = (MbFused){DLC_REDUCE_WELFORD, first, s, c, -1, NULL};
  return true;
}

static bool matchOnline(const KpMemoryProblem *p, int s, MbFused *f) {
  if (!oneLoopReduce(p, s, "sum") || p->steps[s].type != KP_F32)
    return false;
  const KpStep *e = &p->steps[p->steps[s].args[0]];
  if (e->kind != KP_STEP_UNARY || e->type != KP_F32 ||
      (strcmp(e->fn, "exp2") != 0 && strcmp(e->fn, "exp") != 0))
    return false;
  int t = e->args[0], k = -1;
  if (isBinary(p, t, "mul")) { /* (a - M) k or k (a - M), k > 0 */
    const KpStep *mul = &p->steps[t];
    bool lhs = isBinary(p, mul->args[0], "sub");
    k = mul->args[lhs ? 1 : 0];
    t = mul->args[lhs ? 0 : 1];
    if (p->steps[k].kind != KP_STEP_CONST || !(p->steps[k].value > 0.0))
      return false;
  }
  if (!isBinary(p, t, "sub"))
    return false;
  int max = p->steps[t].args[1];
  int first = firstOf(p, s, p->steps[t].args[0], "max");
  if (first < 0 || first != max)
    return false;
  *f = (MbFused){DLC_REDUCE_ONLINE, first, s, -1, k, e->fn};
  return true;
}

bool mbFusedPairOf(const KpMemoryProblem *p, int s, MbFused *f) {
  for (int r = 0; r < p->numSteps; ++r)
    if ((matchWelford(p, r, f) || matchOnline(p, r, f)) &&
        (f->first == s || f->second == s))
      return true;
  return false;
}

/* The bytes of a static row the pair `f` reads: its first reduce's length
 * times the widest element read along it; -1 for a symbolic row. */
static int64_t staticRowBytes(const KpMemoryProblem *p, const MbFused *f) {
  int loop = __builtin_ctz(p->steps[f->first].reduced);
  if (p->loops[loop].size.numSymbols > 0)
    return -1;
  int bytes = 1;
  for (int i = 0; i < p->numIndexed; ++i)
    for (int d = 0; d < p->indexed[i].rank; ++d)
      if (p->indexed[i].loops[d] == loop &&
          kpElementBytes(p->indexed[i].element) > bytes)
        bytes = kpElementBytes(p->indexed[i].element);
  return p->loops[loop].size.constant * bytes;
}

DlcMemoryReduce dlcMemoryReduceChoose(const KpMemoryProblem *p,
                                      DlcMemoryMode mode) {
  MbFused f;
  for (int r = 0; mode == DLC_MEMORY_ROW && r < p->numSteps; ++r)
    if (matchWelford(p, r, &f) || matchOnline(p, r, &f))
      return staticRowBytes(p, &f) > DLC_MEMORY_FUSED_MIN_ROW_BYTES
                 ? f.kind
                 : DLC_REDUCE_PASSES;
  return DLC_REDUCE_PASSES;
}

/* A pair's state lives in two reduces' slots of 32 floats each: n floats
 * a warp must fit in 64. */
enum { PairSlots = 64 };

static int pairState(DlcMemoryReduce kind) {
  return kind == DLC_REDUCE_WELFORD ? 3 : 2; /* (n, mean, M2) or (m, l) */
}

int dlcMemoryReduceMaxWarps(DlcMemoryReduce reduce) {
  return PairSlots / pairState(reduce);
}

bool dlcMemoryReduceFits(const KpMemoryProblem *p, DlcMemoryMode mode,
                         DlcMemoryReduce reduce, int64_t threads) {
  if (reduce == DLC_REDUCE_PASSES)
    return true;
  MbFused f;
  for (int r = 0; mode == DLC_MEMORY_ROW && r < p->numSteps; ++r)
    if ((matchWelford(p, r, &f) || matchOnline(p, r, &f)) && f.kind == reduce)
      return pairState(reduce) * (threads / 32) <= PairSlots;
  return false;
}

const char *dlcMemoryReduceName(DlcMemoryReduce reduce) {
  return dlcPlanMemoryReduces[reduce];
}

bool dlcMemoryReduceFromName(const char *name, DlcMemoryReduce *reduce) {
  for (int i = 0; dlcPlanMemoryReduces[i]; ++i)
    if (strcmp(name, dlcPlanMemoryReduces[i]) == 0) {
      *reduce = (DlcMemoryReduce)i;
      return true;
    }
  return false;
}

/* --- the loop --------------------------------------------------------------
 */

/* A thread's state: welford (n, mean, M2), online (m, l). */
enum { MaxState = 3 };

static MlirValue lanesReduce(Mb *m, DlcBuilder *b, MlirValue v,
                             const char *kind) {
  if (!mlirTypeIsAVector(mlirValueGetType(v)))
    return v;
  const char *names[] = {"kind"};
  MlirAttribute attr = dlcAttr(m->ctx, kind);
  return dlcBuildValue(b, "vector.reduction", 1, &v, m->f32, 1, names, &attr);
}

static MlirValue fconst(DlcBuilder *b, MlirValue like, double v) {
  return dlcStepSplat(b, mlirValueGetType(like), v);
}

static MlirValue add(DlcBuilder *b, MlirValue x, MlirValue y) {
  return dlcArith(b, "arith.addf", x, y);
}
static MlirValue sub(DlcBuilder *b, MlirValue x, MlirValue y) {
  return dlcArith(b, "arith.subf", x, y);
}
static MlirValue mul(DlcBuilder *b, MlirValue x, MlirValue y) {
  return dlcArith(b, "arith.mulf", x, y);
}

/* Chan et al.: (na, ma, Ma) and (nb, mb, Mb) merged into `a`: n = na +
 * nb, delta = mb - ma, mean = ma + delta nb / n, M2 = Ma + Mb + delta^2 na
 * nb / n (n = 0: nothing changes). */
static void welfordMerge(Mb *m, DlcBuilder *b, MlirValue *a,
                         const MlirValue *o) {
  MlirValue n = add(b, a[0], o[0]);
  MlirValue one = dlcConstFloat(b, m->f32, 1.0);
  MlirValue share =
      dlcArith(b, "arith.divf", o[0], dlcArith(b, "arith.maximumf", n, one));
  MlirValue delta = sub(b, o[1], a[1]);
  MlirValue part = mul(b, delta, share);
  a[2] = add(b, add(b, a[2], o[2]), mul(b, mul(b, part, delta), a[0]));
  a[1] = add(b, a[1], part);
  a[0] = n;
}

/* F(t) of the online pair: exp2 or exp of t k. */
static MlirValue onlineF(Mb *m, DlcBuilder *b, const MbFused *f, MlirValue k,
                         MlirValue t) {
  if (f->scale >= 0)
    t = mul(b, t,
            mlirTypeIsAVector(mlirValueGetType(t))
                ? dlcBuildValue(b, "vector.broadcast", 1, &k,
                                mlirValueGetType(t), 0, NULL, NULL)
                : k);
  return dlcStepUnary(b, mlirStringRefCreateFromCString(f->fn), t);
}

/* (m, l) and (mo, lo) merged into `a`: m' = max, l = l F(m - m') + lo F(mo
 * - m'), with m' = -inf taken as -FLT_MAX (no -inf - -inf). */
static void onlineMerge(Mb *m, DlcBuilder *b, const MbFused *f, MlirValue k,
                        MlirValue *a, const MlirValue *o) {
  MlirValue top = dlcArith(b, "arith.maxnumf", a[0], o[0]);
  MlirValue safe =
      dlcArith(b, "arith.maxnumf", top, dlcConstFloat(b, m->f32, -FLT_MAX));
  a[1] = add(b, mul(b, a[1], onlineF(m, b, f, k, sub(b, a[0], safe))),
             mul(b, o[1], onlineF(m, b, f, k, sub(b, o[0], safe))));
  a[0] = top;
}

/* One chunk `x` (a vector of the width, or a scalar) merged into the
 * state; `lanes` (vector i1 or null) its lanes in the row, `inside` (i1
 * or null) the chunk in the row, `count` (f32) its elements in the row. */
static void mergeChunk(Mb *m, DlcBuilder *b, const MbFused *f, MlirValue k,
                       MlirValue *state, MlirValue x, MlirValue lanes,
                       MlirValue inside, MlirValue count) {
  bool vec = mlirTypeIsAVector(mlirValueGetType(x));
  if (f->kind == DLC_REDUCE_WELFORD) {
    MlirValue zero = fconst(b, x, 0.0);
    MlirValue xs = mlirValueIsNull(lanes) ? x : dlcSelect(b, lanes, x, zero);
    MlirValue sum = lanesReduce(m, b, xs, "#vector.kind<add>");
    MlirValue mean = dlcArith(
        b, "arith.divf", sum,
        dlcArith(b, "arith.maximumf", count, dlcConstFloat(b, m->f32, 1.0)));
    MlirValue c[MaxState] = {count, mean, dlcConstFloat(b, m->f32, 0.0)};
    if (vec) {
      MlirValue d = sub(b, x,
                        dlcBuildValue(b, "vector.broadcast", 1, &mean,
                                      mlirValueGetType(x), 0, NULL, NULL));
      if (!mlirValueIsNull(lanes))
        d = dlcSelect(b, lanes, d, zero);
      c[2] = lanesReduce(m, b, mul(b, d, d), "#vector.kind<add>");
    }
    if (!mlirValueIsNull(inside)) /* a clamped chunk past the row: none */
      c[2] = dlcSelect(b, inside, c[2], dlcConstFloat(b, m->f32, 0.0));
    welfordMerge(m, b, state, c);
    return;
  }
  MlirValue low = fconst(b, x, -__builtin_inf());
  MlirValue xs = mlirValueIsNull(lanes) ? x : dlcSelect(b, lanes, x, low);
  if (!mlirValueIsNull(inside))
    xs = dlcSelect(b, inside, xs, low);
  MlirValue top = dlcArith(b, "arith.maxnumf", state[0],
                           lanesReduce(m, b, xs, "#vector.kind<maxnumf>"));
  MlirValue safe =
      dlcArith(b, "arith.maxnumf", top, dlcConstFloat(b, m->f32, -FLT_MAX));
  MlirValue shifted =
      sub(b, xs,
          vec ? dlcBuildValue(b, "vector.broadcast", 1, &safe,
                              mlirValueGetType(xs), 0, NULL, NULL)
              : safe);
  MlirValue terms =
      lanesReduce(m, b, onlineF(m, b, f, k, shifted), "#vector.kind<add>");
  state[1] = add(
      b, mul(b, state[1], onlineF(m, b, f, k, sub(b, state[0], safe))), terms);
  state[0] = top;
}

/* The state of the CTA's threads (or the row's warp) merged: butterflies,
 * then one slot a warp and component in shared memory, merged in warp
 * order by every thread. */
static void ctaMerge(Mb *m, DlcBuilder *b, const MbFused *f, MlirValue k,
                     MlirValue *state, int n) {
  const char *shuffleNames[] = {"mode"};
  MlirAttribute xorMode = dlcAttr(m->ctx, "#gpu<shuffle_mode xor>");
  MlirValue width = dlcConstInt(b, m->i32, 32);
  for (int offset = 16; offset >= 1; offset /= 2) {
    MlirValue other[MaxState];
    for (int i = 0; i < n; ++i) {
      MlirValue operands[] = {state[i], dlcConstInt(b, m->i32, offset), width};
      MlirType types[] = {m->f32, m->i1};
      other[i] =
          mlirOperationGetResult(dlcBuild(b, "gpu.shuffle", 3, operands, 2,
                                          types, 1, shuffleNames, &xorMode),
                                 0);
    }
    if (f->kind == DLC_REDUCE_WELFORD)
      welfordMerge(m, b, state, other);
    else
      onlineMerge(m, b, f, k, state, other);
  }
  if (m->warpRows)
    return;
  /* The pair owns two reduces' slots: PairSlots, n a warp (mbFusedFits). */
  int64_t warps = m->threads / 32;
  MlirValue base = mbIndex(b, 32 * m->numReduces);
  m->numReduces += 2;
  MlirBlock then;
  dlcBuildIf(b, dlcCmpI(b, "eq", m->lane, mbIndex(b, 0)), &then);
  DlcBuilder inner = dlcBuilderAtEnd(then, m->loc);
  for (int i = 0; i < n; ++i) {
    MlirValue slot = dlcArith(
        &inner, "arith.addi", base,
        dlcArith(&inner, "arith.addi", m->warp, mbIndex(&inner, i * warps)));
    MlirValue operands[] = {state[i], m->scratch, slot};
    dlcBuild(&inner, "memref.store", 3, operands, 0, NULL, 0, NULL, NULL);
  }
  dlcBuild(&inner, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  dlcBuild(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL, NULL);
  for (int64_t w = 0; w < warps; ++w) {
    MlirValue slot[MaxState];
    for (int i = 0; i < n; ++i) {
      MlirValue operands[] = {m->scratch, dlcArith(b, "arith.addi", base,
                                                   mbIndex(b, w + i * warps))};
      slot[i] =
          dlcBuildValue(b, "memref.load", 2, operands, m->f32, 0, NULL, NULL);
    }
    if (w == 0) {
      memcpy(state, slot, sizeof(MlirValue) * (size_t)n);
    } else if (f->kind == DLC_REDUCE_WELFORD) {
      welfordMerge(m, b, state, slot);
    } else {
      onlineMerge(m, b, f, k, state, slot);
    }
  }
}

/* A split row's pair: the CTAs' states exchanged in one round, merged by
 * every thread in split order (thread t: splits t, t + T, ...), then the
 * CTA's merge — the same state in every CTA of the row. */
static void splitMerge(Mb *m, DlcBuilder *b, const MbFused *f, MlirValue k,
                       MlirValue *state, const MlirValue *init, int n) {
  int slot = mbRowSplitPublish(m, b, state, n);
  MlirValue splits = mbGridY(m, b, "gpu.grid_dim");
  MlirBlock body;
  MlirOperation loop =
      dlcBuildFor(b, m->rowTid, splits, mbIndex(b, m->threads), n, init, &body);
  DlcBuilder l = dlcBuilderAtEnd(body, m->loc);
  MlirValue acc[MaxState], other[MaxState];
  for (int i = 0; i < n; ++i) {
    acc[i] = mlirBlockGetArgument(body, 1 + i);
    other[i] = mbRowSplitLoad(m, &l, slot + i, mlirBlockGetArgument(body, 0));
  }
  if (f->kind == DLC_REDUCE_WELFORD)
    welfordMerge(m, &l, acc, other);
  else
    onlineMerge(m, &l, f, k, acc, other);
  dlcBuild(&l, "scf.yield", n, acc, 0, NULL, 0, NULL, NULL);
  for (int i = 0; i < n; ++i)
    state[i] = mlirOperationGetResult(loop, i);
  ctaMerge(m, b, f, k, state, n);
}

bool mbFusedFits(const Mb *m, const MbFused *f, int frame) {
  return m->reduce == f->kind && m->mode == DLC_MEMORY_ROW &&
         frame == m->versionFrame && m->regChunks == 0 && !m->peeled &&
         m->stepFrame[f->first] < 0 && m->stepFrame[f->second] < 0 &&
         pairState(f->kind) * (m->threads / 32) <= PairSlots;
}

MlirValue mbEmitFused(Mb *m, const MbFused *f, int s, int frame, int floor) {
  const KpMemoryProblem *p = m->p;
  const KpStep *r1 = &p->steps[f->first];
  uint32_t reduced = r1->reduced;
  int loop = __builtin_ctz(reduced);
  bool welford = f->kind == DLC_REDUCE_WELFORD;
  int n = pairState(f->kind);
  int width = m->width;
  /* A CTA's whole chunks: DLC_MEMORY_UNROLL_FUSED a trip (Skeleton.h). */
  int unroll = m->warpRows || (m->width > 1 && !m->aligned)
                   ? mbUnroll(m)
                   : DLC_MEMORY_UNROLL_FUSED;
  DlcBuilder b = mbAt(m, frame);
  MlirValue k =
      f->scale >= 0 ? mbEmitStepFrom(m, f->scale, floor) : (MlirValue){NULL};
  MlirValue count = mbExtentProduct(m, &b, reduced);
  MlirValue init[MaxState];
  init[0] = dlcConstFloat(&b, m->f32, welford ? 0.0 : -__builtin_inf());
  for (int i = 1; i < n; ++i)
    init[i] = dlcConstFloat(&b, m->f32, 0.0);
  /* A split row's CTA: its share [lo, hi) of the row (chunks never
   * straddle hi but at the row's end, so `count` still bounds a chunk). */
  bool split = m->sms > 0;
  MlirValue lo = mbIndex(&b, 0), hi = count;
  if (split)
    mbSplitRange(m, &b, (MlirValue){NULL}, count, &lo, &hi);
  MlirValue first =
      dlcArith(&b, "arith.addi", lo,
               dlcArith(&b, "arith.muli", m->rowTid, mbIndex(&b, width)));
  MlirValue lastChunk = unroll > 1
                            ? dlcArith(&b, "arith.subi", hi, mbIndex(&b, width))
                            : (MlirValue){NULL};
  int64_t stride = m->threads * width;
  MlirBlock body;
  MlirOperation forOp =
      dlcBuildFor(&b, first, hi, mbIndex(&b, stride * unroll), n, init, &body);
  mbPushFrame(m, forOp, body);
  int inner = m->numFrames - 1;
  uint32_t saved = m->vecLoops;
  MlirValue state[MaxState];
  for (int i = 0; i < n; ++i)
    state[i] = mlirBlockGetArgument(body, 1 + i);
  for (int c = 0; c < unroll; ++c) {
    DlcBuilder head = dlcBuilderAtEnd(body, m->loc);
    MlirValue inside;
    MlirValue index = mbUnrolledChunk(m, &head, mlirBlockGetArgument(body, 0),
                                      c * stride, hi, lastChunk, &inside);
    mbForgetFrame(m, inner);
    mbBindLoops(m, &head, reduced, index, inner);
    if (width > 1)
      m->vecLoops |= reduced;
    MlirValue x = mbEmitStepFrom(m, r1->args[0], floor);
    DlcBuilder t = dlcBuilderAtEnd(body, m->loc);
    if (width > 1)
      x = mbWiden(m, &t, x);
    MlirValue lanes =
        width > 1 && !m->aligned ? mbChunkMask(m, &t, loop) : (MlirValue){NULL};
    /* The elements of the chunk in the row: the width in the aligned
     * version (a constant: the chunk's mean is a multiply), else
     * min(count - index, width); 0 for a chunk past the row. */
    MlirValue elements = dlcConstFloat(&t, m->f32, (double)width);
    if (!m->aligned) {
      MlirValue left =
          dlcArith(&t, "arith.minsi", dlcArith(&t, "arith.subi", count, index),
                   mbIndex(&t, width));
      elements = dlcBuildValue(&t, "arith.uitofp", 1,
                               (MlirValue[]){dlcIndexCast(&t, left, m->i32)},
                               m->f32, 0, NULL, NULL);
    }
    if (!mlirValueIsNull(inside))
      elements =
          dlcSelect(&t, inside, elements, dlcConstFloat(&t, m->f32, 0.0));
    mergeChunk(m, &t, f, k, state, x, lanes, inside, elements);
  }
  DlcBuilder tail = dlcBuilderAtEnd(body, m->loc);
  dlcBuild(&tail, "scf.yield", n, state, 0, NULL, 0, NULL, NULL);
  m->vecLoops = saved;
  mbPopFrame(m);
  for (int l = 0; l < p->numLoops; ++l)
    if (reduced & (1u << l))
      m->loopFrame[l] = -1;
  for (int i = 0; i < n; ++i)
    state[i] = mlirOperationGetResult(forOp, i);
  DlcBuilder after = mbAt(m, frame);
  ctaMerge(m, &after, f, k, state, n);
  if (split)
    splitMerge(m, &after, f, k, state, init, n);
  MlirValue firstValue, secondValue;
  if (welford) {
    firstValue = mul(&after, state[0], state[1]);
    m->stepValue[f->first] = firstValue;
    m->stepFrame[f->first] = frame;
    MlirValue c = mbEmitStepFrom(m, f->shift, floor);
    DlcBuilder late = mbAt(m, frame);
    MlirValue d = sub(&late, state[1], c);
    secondValue = add(&late, state[2], mul(&late, mul(&late, d, d), state[0]));
  } else {
    firstValue = state[0];
    secondValue = state[1];
  }
  m->stepValue[f->first] = firstValue;
  m->stepFrame[f->first] = frame;
  m->stepValue[f->second] = secondValue;
  m->stepFrame[f->second] = frame;
  return s == f->first ? firstValue : secondValue;
}
