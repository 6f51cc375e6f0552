/* The stream grid's hand-over of a split work tile (Sm90FlashStream.h).
 *
 * Workspace (i32 words, zero when first allocated):
 *   [0, flagWords)        flag of (slot, consumer): slot * C + consumer
 *                         (C consumers), padded to a multiple of 4 words
 *                         (G CTAs: G * C; the bytes are those of sms)
 *   [flagWords, ...)      partial of (slot, consumer): chunk k of
 *                         consumer thread t (0..127) at 16-byte word
 *                         (((slot * C + consumer) * (Dt/8 + 1) + k) * 128
 *                         + t) * 4 (coalesced): chunk k < Dt/8 holds
 *                         the thread's O fragment k (its two rows), chunk
 *                         Dt/8 its rows' m and l.
 * The giving consumer stores its partial, meets its own named barrier
 * (5 + consumer, 128 threads: the turns use 1 .. 3, the producer 4),
 * and its thread 0 releases the stores (fence.acq_rel.gpu) and counts the
 * flag up. The taking consumer's thread 0 polls the flag, acquires, and
 * clears it for the next launch; the named barrier holds its other
 * threads until then. Both are the same thread of the same consumer of
 * the same work tile, so the partial's fragments are in the taker's own
 * register layout. The launch is cooperative (every CTA resident) and a
 * CTA gives before it takes (its first piece against its last), so the
 * wait cannot deadlock; in practice the partial is stored long before. */
#include "Sm90FlashStream.h"
#include "Sm90Gen.h"
#include "Sm90Workspace.h"
#include "StepMath.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

enum { ConsumerThreads = 128, FirstBarrier = 5 };

static int64_t chunks(const DlcAttnTiling *t) { return t->headDim / 8 + 1; }

static int64_t flagWords(const DlcAttnTiling *t, int sms) {
  return ((int64_t)sms * dlcSm90AttentionConsumers(t) + 3) / 4 * 4;
}

int64_t dlcFlashStreamWorkspaceBytes(const DlcAttnTiling *t, int sms) {
  return 4 * (flagWords(t, sms) + (int64_t)sms * dlcSm90AttentionConsumers(t) *
                                      chunks(t) * ConsumerThreads * 4);
}

/* The index of (slot, this consumer): its flag word, its partial. */
static MlirValue flagOf(Fa *f, const FlashStream *st, MlirValue slot) {
  Gen *g = &f->g;
  return add(g, mul(g, slot, dlcSm90AttentionConsumers(f->t)), st->consumer);
}

/* Word of chunk `k` of `slot`'s partial for this thread. */
static MlirValue chunkAt(Fa *f, const FlashStream *st, MlirValue slot,
                         int64_t k) {
  Gen *g = &f->g;
  MlirValue at = add(g, mul(g, flagOf(f, st, slot), chunks(f->t)), cst(g, k));
  MlirValue word = mul(g, add(g, mul(g, at, ConsumerThreads), st->thread), 4);
  /* The flags of the launch's G CTAs (G <= sms: within the bytes). */
  int64_t consumers = dlcSm90AttentionConsumers(f->t);
  MlirValue flags =
      mul(g, divc(g, add(g, mul(g, st->ctas, consumers), cst(g, 3)), 4), 4);
  return add(g, word, flags);
}

static MlirValue barrierOf(Fa *f, const FlashStream *st) {
  return add(&f->g, cst(&f->g, FirstBarrier), st->consumer);
}

static MlirValue isThread0(Fa *f, const FlashStream *st) {
  return dlcCmpI(&f->g.b, "eq", st->thread, cst(&f->g, 0));
}

/* Row h (vector<2xf32>) of fragment k of accumulator `o`. */
static MlirValue rowOf(Fa *f, MlirValue o, int64_t k, int64_t h) {
  const char *names[] = {"static_position"};
  MlirAttribute pos = mlirDenseI64ArrayGet(f->g.b.ctx, 2, (int64_t[]){k, h});
  return dlcBuildValue(&f->g.b, "vector.extract", 1, &o,
                       gemmVectorType(&f->g, "2", f->g.f32), 1, names, &pos);
}

static MlirValue pair(Fa *f, MlirValue a, MlirValue b) {
  MlirValue e[] = {a, b};
  return dlcBuildValue(&f->g.b, "vector.from_elements", 2, e,
                       gemmVectorType(&f->g, "2", f->g.f32), 0, NULL, NULL);
}

void flashStreamGive(Fa *f, const FlashStream *st, MlirValue o,
                     const MlirValue m[2], const MlirValue l[2]) {
  Gen *g = &f->g;
  int64_t numO = f->t->headDim / 8;
  for (int64_t k = 0; k < numO; ++k)
    sm90StoreWords4(g, st->workspace, chunkAt(f, st, st->slot, k),
                    sm90PackRows(g, rowOf(f, o, k, 0), rowOf(f, o, k, 1)));
  sm90StoreWords4(g, st->workspace, chunkAt(f, st, st->slot, numO),
                  sm90PackRows(g, pair(f, m[0], m[1]), pair(f, l[0], l[1])));
  sm90NamedBarrier(g, barrierOf(f, st), ConsumerThreads);
  DlcBuilder outer;
  gemmBeginIf(g, isThread0(f, st), &outer);
  dlcBuildFenceAcqRelGpu(&g->b); /* release the consumer's stores */
  dlcBuildAtomicAddI32(&g->b, st->workspace, flagOf(f, st, st->slot), 1);
  gemmEndIf(g, outer);
}

/* Element e of vector<2xf32> v. */
static MlirValue elementOf(Fa *f, MlirValue v, int64_t e) {
  const char *names[] = {"static_position"};
  MlirAttribute pos = mlirDenseI64ArrayGet(f->g.b.ctx, 1, &e);
  return dlcBuildValue(&f->g.b, "vector.extract", 1, &v, f->g.f32, 1, names,
                       &pos);
}

void flashStreamTake(Fa *f, const FlashStream *st, MlirValue *o, MlirValue m[2],
                     MlirValue l[2]) {
  Gen *g = &f->g;
  int64_t numO = f->t->headDim / 8;
  MlirValue slot = st->slot;
  DlcBuilder outer;
  gemmBeginIf(g, isThread0(f, st), &outer);
  dlcBuildPollAtLeast(&g->b, st->workspace, flagOf(f, st, slot), cst(g, 1));
  dlcBuildFenceAcqRelGpu(&g->b); /* acquire the giver's stores */
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32);
  MlirValue clear[] = {dlcConstInt(&g->b, i32, 0), st->workspace,
                       flagOf(f, st, slot)};
  dlcBuild(&g->b, "memref.store", 3, clear, 0, NULL, 0, NULL, NULL);
  gemmEndIf(g, outer);
  sm90NamedBarrier(g, barrierOf(f, st), ConsumerThreads);

  /* Both key ranges' rows rescaled to the larger max (exp2's domain, as
   * flashOnlineSoftmax keeps m); a row without keys in either keeps m =
   * -inf and its factor subtracts 0 (giving 0), not -inf (NaN). */
  MlirValue ml[2];
  sm90UnpackRows(
      g, sm90LoadWords4(g, st->workspace, chunkAt(f, st, slot, numO)), ml);
  MlirValue mine[2], theirs[2];
  for (int h = 0; h < 2; ++h) {
    MlirValue mt = elementOf(f, ml[0], h), lt_ = elementOf(f, ml[1], h);
    MlirValue mNew = dlcArith(&g->b, "arith.maximumf", m[h], mt);
    MlirValue use = flashSafeMax(f, mNew);
    MlirValue a =
        dlcStepExp2Ftz(&g->b, dlcArith(&g->b, "arith.subf", m[h], use));
    MlirValue b = dlcStepExp2Ftz(&g->b, dlcArith(&g->b, "arith.subf", mt, use));
    l[h] = dlcArith(&g->b, "arith.addf", dlcArith(&g->b, "arith.mulf", l[h], a),
                    dlcArith(&g->b, "arith.mulf", lt_, b));
    m[h] = mNew;
    mine[h] = pair(f, a, a);
    theirs[h] = pair(f, b, b);
  }
  const char *names[] = {"static_position"};
  for (int64_t k = 0; k < numO; ++k) {
    MlirValue rows[2];
    sm90UnpackRows(g, sm90LoadWords4(g, st->workspace, chunkAt(f, st, slot, k)),
                   rows);
    for (int64_t h = 0; h < 2; ++h) {
      MlirValue sum =
          dlcArith(&g->b, "arith.addf",
                   dlcArith(&g->b, "arith.mulf", rowOf(f, *o, k, h), mine[h]),
                   dlcArith(&g->b, "arith.mulf", rows[h], theirs[h]));
      MlirAttribute pos = mlirDenseI64ArrayGet(g->b.ctx, 2, (int64_t[]){k, h});
      MlirValue into[] = {sum, *o};
      *o = dlcBuildValue(&g->b, "vector.insert", 2, into, mlirValueGetType(*o),
                         1, names, &pos);
    }
  }
}
