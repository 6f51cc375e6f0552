/* Poly-Core: the analyses of spec §4.6 and §7.1 on top of the dependences.
 *
 *   tiling     tile=BM,BN,BK over the anchor's axes: M = output axes only
 *              the lhs reads, N = only the rhs, batch = both (tile 1),
 *              K = reduce axes, window axes (a conv's kh, kw) whole; a
 *              group fills its innermost axis first
 *   tail axes  tiled axes whose tile does not divide a static extent, or
 *              whose extent is symbolic
 *   halo       per anchor axis, the radius of the read offsets around the
 *              (strided) output position; bytes: elements one tile reads
 *              beyond its own span, summed over the operands
 *   compute-at fusing every statement into the anchor's tile nest is legal
 *              when no true dependence crosses an anchor-parallel class and
 *              no statement reads a region boundary; crossed classes must
 *              stay whole inside a CTA
 *   buffers    per edge reg / smem / gmem, contraction operands smem_ring
 *              with depth 2 or 3
 *   hints      pipeline and reduction barriers, bank conflicts of the
 *              staged operand tiles
 * docs/analysis.md gives the exact rules. */
#include "PolyCore.h"

#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

const char *pcBufferName(PcBuffer buffer) {
  switch (buffer) {
  case PC_REG:
    return "reg";
  case PC_SMEM:
    return "smem";
  case PC_SMEM_RING:
    return "smem_ring";
  case PC_GMEM:
    return "gmem";
  }
  return "?";
}

void pcReadClear(PcRead *read) {
  read->access = isl_multi_aff_free(read->access);
  read->guard = isl_set_free(read->guard);
}

void pcComposeRead(const PvFunction *fn, const PvValue *v, int k,
                   PcRead *read) {
  int base = v->operand[k];
  isl_multi_aff *access = isl_multi_aff_copy(v->access[k]);
  isl_set *guard = isl_set_copy(v->domain);
  while (fn->values[base].kind == PV_VIEW && fn->values[base].scop) {
    const PvValue *view = &fn->values[base];
    guard = isl_set_intersect(
        guard, isl_set_preimage_multi_aff(isl_set_copy(view->domain),
                                          isl_multi_aff_copy(access)));
    access = isl_multi_aff_pullback_multi_aff(
        isl_multi_aff_copy(view->access[0]), access);
    base = view->operand[0];
  }
  read->base = base;
  read->access = access;
  read->guard = guard;
}

/* --- tiling ------------------------------------------------------------------
 */

/* Groups of a statement's axes (see the header comment). */
static void groupAxes(const PvValue *v, PcTiling *t) {
  const PvPattern *pt = &v->pattern;
  int last = -1, secondLast = -1, rank = pvValueRank(v);
  for (int a = 0; a < rank; ++a)
    if (v->axes[a].kind != 'r') {
      secondLast = last;
      last = a;
    }
  for (int a = 0; a < rank; ++a) {
    if (v->axes[a].kind == 'r')
      t->group[a] = pt->found && pt->isWindowAxis[a] ? 'W' : 'K';
    else if (pt->found) {
      bool l = pt->readBy[0][a], r = pt->readBy[1][a];
      t->group[a] = l && !r ? 'M' : r && !l ? 'N' : 'B';
    } else
      t->group[a] = a == last ? 'N' : a == secondLast ? 'M' : 'B';
  }
}

static void tileStatement(const PvValue *v, const int64_t option[3],
                          PcTiling *t) {
  static const char groups[3] = {'M', 'N', 'K'};
  memset(t, 0, sizeof(*t));
  groupAxes(v, t);
  int rank = pvValueRank(v);
  for (int a = 0; a < rank; ++a)
    t->tile[a] =
        t->group[a] == 'W' && v->axes[a].symbol < 0 ? v->axes[a].extent : 1;
  for (int g = 0; g < 3; ++g) {
    int64_t remaining = option[g];
    for (int a = rank - 1; a >= 0; --a) {
      if (t->group[a] != groups[g])
        continue;
      int64_t extent = v->axes[a].extent;
      if (v->axes[a].symbol < 0 && extent < remaining) {
        t->tile[a] = extent;
        remaining /= extent;
      } else {
        t->tile[a] = remaining;
        remaining = 1;
      }
      if (remaining < 1)
        remaining = 1;
      t->tail[a] = t->tile[a] > 1 &&
                   (v->axes[a].symbol >= 0 || extent % t->tile[a] != 0);
    }
  }
}

/* --- halo ----------------------------------------------------------------- */

/* The read and own intervals of one base dim for one tile (origin 0). */
typedef struct Span {
  int64_t readLo, readHi, ownLo, ownHi;
} Span;

/* Offsets and extents up to 2^61 can be subtracted and multiplied by a
 * tile below without wrapping; beyond it the halo is not computed but
 * reported (pcAnalyze's `overflow`). */
static const int64_t kMaxOffset = INT64_C(1) << 61;

static bool inRange(int64_t v) { return v >= -kMaxOffset && v <= kMaxOffset; }

/* a * b + c without wrapping, within kMaxOffset. */
static bool mulAdd(int64_t a, int64_t b, int64_t c, int64_t *out) {
  int64_t p;
  return !__builtin_mul_overflow(a, b, &p) &&
         !__builtin_add_overflow(p, c, out) && inRange(*out);
}

/* Classifies base dim `aff` of a read of statement `v` tiled by `t`;
 * updates the halo of the output axis it offsets. False when the dim is
 * not plain, shifted, constant or a window, or (setting *overflow) when
 * its offsets are beyond kMaxOffset. */
static bool dimSpan(const PvValue *v, const PcTiling *t,
                    __isl_keep isl_aff *aff, Span *span, int64_t *lo,
                    int64_t *hi, bool *overflow) {
  int axes[2], n;
  int64_t coef[2], c;
  if (!pvAffAxisTerms(aff, v->rank, axes, coef, &n, &c))
    return false;
  if (!inRange(c)) {
    *overflow = true;
    return false;
  }
  if (n == 0) {
    *span = (Span){c, c, c, c};
    return true;
  }
  if (n == 1 && coef[0] == 1) {
    int a = axes[0];
    *span = (Span){c, t->tile[a] - 1 + c, 0, t->tile[a] - 1};
    if (v->axes[a].kind != 'r') {
      if (-c > lo[a])
        lo[a] = -c;
      if (c > hi[a])
        hi[a] = c;
    }
    return true;
  }
  if (n != 2)
    return false;
  int o = v->axes[axes[0]].kind == 'r' ? 1 : 0, r = 1 - o;
  if (v->axes[axes[o]].kind == 'r' || v->axes[axes[r]].kind != 'r' ||
      coef[o] < 1 || coef[r] < 1 || v->axes[axes[r]].symbol >= 0)
    return false;
  int64_t s = coef[o], w = coef[r], extent = v->axes[axes[r]].extent;
  int64_t to = t->tile[axes[o]], tr = t->tile[axes[r]];
  /* offsets around s*o: c .. w*(extent-1) + c */
  int64_t minOff = c, maxOff, readHi, ownHi;
  if (!mulAdd(w, extent - 1, c, &maxOff) || !mulAdd(w, tr - 1, c, &readHi) ||
      !mulAdd(s, to - 1, readHi, &readHi) || !mulAdd(s, to, -1, &ownHi)) {
    *overflow = true;
    return false;
  }
  if (-minOff > lo[axes[o]])
    lo[axes[o]] = -minOff;
  if (maxOff > hi[axes[o]])
    hi[axes[o]] = maxOff;
  *span = (Span){c, readHi, 0, ownHi};
  return true;
}

static void analyzeHalo(PcAnalysis *pc) {
  const PvFunction *fn = pc->fn;
  const PvValue *v = &fn->values[pc->anchor];
  for (int k = 0; k < v->numOperands; ++k) {
    PcRead read;
    pcComposeRead(fn, v, k, &read);
    isl_size n = read.access ? isl_multi_aff_dim(read.access, isl_dim_out) : 0;
    int64_t readProduct = 1, ownProduct = 1;
    bool ok = read.access != NULL;
    for (isl_size j = 0; ok && j < n; ++j) {
      isl_aff *aff = isl_multi_aff_get_at(read.access, (int)j);
      Span span;
      ok = dimSpan(v, &pc->tiling, aff, &span, pc->haloLo, pc->haloHi,
                   &pc->overflow);
      isl_aff_free(aff);
      if (!ok)
        break;
      /* Spans within kMaxOffset: their lengths do not wrap. */
      int64_t lo = span.readLo < span.ownLo ? span.readLo : span.ownLo;
      int64_t hi = span.readHi > span.ownHi ? span.readHi : span.ownHi;
      if (__builtin_mul_overflow(readProduct, hi - lo + 1, &readProduct) ||
          __builtin_mul_overflow(ownProduct, span.ownHi - span.ownLo + 1,
                                 &ownProduct))
        pc->overflow = true, ok = false;
    }
    int64_t bytes;
    if (ok &&
        (__builtin_mul_overflow(readProduct - ownProduct,
                                fn->values[read.base].elementBytes, &bytes) ||
         __builtin_add_overflow(pc->haloBytes, bytes, &pc->haloBytes)))
      pc->overflow = true;
    pcReadClear(&read);
  }
}

/* --- compute-at and buffers ----------------------------------------------- */

/* reach[i * n + j]: j depends on i through true dependences (i == j too). */
static bool *reachability(const PcAnalysis *pc) {
  int n = pc->fn->numValues;
  bool *reach = calloc((size_t)n * (size_t)n + 1, sizeof(bool));
  if (!reach)
    return NULL;
  for (int i = 0; i < n; ++i)
    reach[i * n + i] = true;
  for (int e = 0; e < pc->numEdges; ++e)
    reach[pc->edges[e].from * n + pc->edges[e].to] = true;
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < n; ++i)
      if (reach[i * n + k])
        for (int j = 0; j < n; ++j)
          reach[i * n + j] |= reach[k * n + j];
  return reach;
}

static bool indexedBy(const PvValue *v, int cls) {
  int a = pcAxisOfClass(v, cls);
  return a >= 0 && v->axes[a].kind != 'r';
}

static void analyzeEdges(PcAnalysis *pc) {
  const PvFunction *fn = pc->fn;
  int n = fn->numValues;
  bool *reach = reachability(pc);
  for (int e = 0; e < pc->numEdges; ++e) {
    PcEdge *edge = &pc->edges[e];
    edge->buffer = edge->numCrossing ? PC_SMEM : PC_REG;
    for (int c = 0; c < edge->numCrossing; ++c)
      pc->wholeClass[edge->crossing[c]] = true;
  }
  /* A value made before a barrier on class c and read after it lives for
   * the whole extent of c. */
  for (int x = 0; reach && x < pc->numEdges; ++x) {
    const PcEdge *barrier = &pc->edges[x];
    for (int c = 0; c < barrier->numCrossing; ++c) {
      int cls = barrier->crossing[c];
      for (int e = 0; e < pc->numEdges; ++e) {
        PcEdge *edge = &pc->edges[e];
        if (e == x || edge->numCrossing ||
            !indexedBy(&fn->values[edge->from], cls) ||
            !reach[edge->from * n + barrier->from] ||
            !reach[barrier->to * n + edge->to])
          continue;
        PcBuffer need = fn->classes[cls].symbol >= 0 ? PC_GMEM : PC_SMEM;
        edge->liveClass = cls;
        if (need > edge->buffer)
          edge->buffer = need;
      }
    }
  }
  free(reach);
  pc->minBuffer = PC_REG;
  for (int e = 0; e < pc->numEdges; ++e)
    if (pc->edges[e].buffer > pc->minBuffer)
      pc->minBuffer = pc->edges[e].buffer;
}

/* Another statement that accumulates along one of the anchor's parallel
 * classes (a second contraction reducing over the anchor's n) cannot have
 * that class split across CTAs either: it stays whole. */
static bool markCarriedClasses(PcAnalysis *pc) {
  const PvFunction *fn = pc->fn;
  const PvValue *anchor = &fn->values[pc->anchor];
  bool any = false;
  for (int i = 0; i < fn->numValues; ++i) {
    if (!pc->isStatement[i] || i == pc->anchor)
      continue;
    const PvValue *v = &fn->values[i];
    for (int a = 0; a < v->rank; ++a) {
      int b = pcAxisOfClass(anchor, v->axes[a].cls);
      if (!pc->carried[i][a] || b < 0 || anchor->axes[b].kind == 'r' ||
          pc->carried[pc->anchor][b])
        continue;
      pc->wholeClass[v->axes[a].cls] = true;
      any = true;
    }
  }
  return any;
}

/* Ring depth of a contraction: 3 when its k loop has at least 3 steps
 * (or a symbolic count), else 2. */
static int ringDepth(const PvValue *v, const PcTiling *t) {
  int64_t steps = 1;
  for (int a = 0; a < v->rank; ++a) {
    if (t->group[a] != 'K')
      continue;
    if (v->axes[a].symbol >= 0 || steps >= 3)
      return 3;
    int64_t extent = v->axes[a].extent, tile = t->tile[a];
    steps *= extent / tile + (extent % tile != 0); /* steps < 3: no wrap */
  }
  return steps >= 3 ? 3 : 2;
}

/* Rows j = 0..7 at j * stride bytes: the most that fall into one of the 8
 * 16-byte bank groups of a 128-byte line. */
static int bankWays(int64_t stride) {
  int count[8] = {0};
  int ways = 0;
  for (int j = 0; j < 8; ++j) {
    int g = (int)(((j * stride) % 128) / 16);
    if (++count[g] > ways)
      ways = count[g];
  }
  return ways;
}

static void stageOperands(PcAnalysis *pc, int at) {
  const PvFunction *fn = pc->fn;
  const PvValue *v = &fn->values[at];
  PcTiling t;
  tileStatement(v, pc->tileOption, &t);
  int depth = ringDepth(v, &t);
  if (at == pc->anchor)
    pc->depth = depth;
  bool staged = false;
  for (int k = 0; k < 2; ++k) {
    int base = v->pattern.base[k];
    const PvValue *b = &fn->values[base];
    if (b->kind != PV_LEAF && b->scop)
      continue; /* a computed operand arrives through an edge */
    PcOperand *op = &pc->operands[pc->numOperands++];
    op->at = at;
    op->base = base;
    op->depth = depth;
    isl_size n = isl_multi_aff_dim(v->pattern.access[k], isl_dim_out);
    op->rank = n < 0 ? 0 : (int)n;
    for (int j = 0; j < op->rank; ++j) {
      isl_aff *aff = isl_multi_aff_get_at(v->pattern.access[k], j);
      int64_t lo[PV_MAX_RANK] = {0}, hi[PV_MAX_RANK] = {0};
      Span span = {0, 0, 0, 0};
      bool ok = dimSpan(v, &t, aff, &span, lo, hi, &pc->overflow);
      isl_aff_free(aff);
      int64_t extent = ok ? span.readHi - span.readLo + 1 : 1;
      const PvAxis *x = &b->axes[b->resultAxis[j]];
      if (x->symbol < 0 && extent > x->extent)
        extent = x->extent;
      op->tile[j] = extent;
    }
    op->rowBytes = op->rank ? op->tile[op->rank - 1] * b->elementBytes : 0;
    op->ways = op->rowBytes >= 16 ? bankWays(op->rowBytes) : 1;
    op->waysPadded = op->rowBytes >= 16 ? bankWays(op->rowBytes + 16) : 1;
    staged = true;
  }
  if (staged) {
    PcHint *h = &pc->hints[pc->numHints++];
    snprintf(h->kind, sizeof(h->kind), "pipeline");
    h->at = at;
    h->other = -1;
    h->cls = -1;
    h->depth = depth;
  }
}

void pcAnalyze(PcAnalysis *pc) {
  const PvFunction *fn = pc->fn;
  pc->depth = 2;
  if (pc->anchor < 0)
    return;
  tileStatement(&fn->values[pc->anchor], pc->tileOption, &pc->tiling);
  analyzeHalo(pc);
  analyzeEdges(pc);

  pc->affineClosed = true;
  for (int i = 0; i < fn->numValues; ++i) {
    const PvValue *v = &fn->values[i];
    if (!v->scop)
      pc->affineClosed = false;
    if (!pc->isStatement[i])
      continue;
    for (int k = 0; k < v->numOperands; ++k)
      if (!fn->values[v->operand[k]].scop)
        ++pc->numBoundaryReads;
  }
  bool crossing = false;
  for (int e = 0; e < pc->numEdges; ++e)
    crossing |= pc->edges[e].numCrossing > 0;
  crossing |= markCarriedClasses(pc);
  pc->computeAtOk = !crossing && pc->numBoundaryReads == 0;

  /* Every hint and staged operand has room: at most two operands and one
   * pipeline hint per statement, one reduction hint per crossing. */
  int crossings = 0;
  for (int e = 0; e < pc->numEdges; ++e)
    crossings += pc->edges[e].numCrossing;
  pc->operands = calloc((size_t)(2 * fn->numValues + 1), sizeof(PcOperand));
  pc->hints = calloc((size_t)(fn->numValues + crossings + 1), sizeof(PcHint));
  if (!pc->operands || !pc->hints)
    return; /* out of memory: no hints (pcAnalysisClear frees either) */
  for (int i = 0; i < fn->numValues; ++i)
    if (pc->isStatement[i] && fn->values[i].pattern.found)
      stageOperands(pc, i);
  /* One reduction barrier per crossed (producer, consumer, class). */
  for (int e = 0; e < pc->numEdges; ++e)
    for (int c = 0; c < pc->edges[e].numCrossing; ++c) {
      PcHint *h = &pc->hints[pc->numHints++];
      snprintf(h->kind, sizeof(h->kind), "reduction");
      h->at = pc->edges[e].from;
      h->other = pc->edges[e].to;
      h->cls = pc->edges[e].crossing[c];
      h->depth = 0;
    }
}

void pcAnalysisClear(PcAnalysis *pc) {
  for (int i = 0; i < pc->numPairs; ++i)
    for (int k = 0; k < PC_NUM_KINDS; ++k)
      isl_map_free(pc->pairs[i].deps[k]);
  free(pc->pairs);
  free(pc->carried);
  free(pc->isStatement);
  free(pc->wholeClass);
  free(pc->edges);
  free(pc->hints);
  free(pc->operands);
  memset(pc, 0, sizeof(*pc));
}
