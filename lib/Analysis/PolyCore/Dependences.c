/* Poly-Core: dependences by isl flow analysis (spec §7.1 "依存").
 *
 * Statements are the SCoP ops other than leaves, in block order; statement
 * S over axes (i0, ..., ir) runs at schedule [pos(S), i0, ..., ir, 0 ...].
 * Accesses: S writes its value at its result dims; reads each operand
 * through its map on its domain; a reduce or contract also reads its
 * accumulator. Three runs of isl_union_access_info_compute_flow give
 *   true   (read after write):  sink = reads,  must source = writes
 *   anti   (write after read):  sink = writes, may source  = reads
 *   output (write after write): sink = writes, must source = writes
 * A statement's axis is *carried* when a dependence of the statement on
 * itself has a non-zero distance along it (the accumulation of a reduce /
 * contract over its reduce axes); the other non-reduce axes are parallel.
 * A true dependence between two statements *crosses* an axis class when it
 * does not keep the producer's axis of that class equal to the consumer's. */
#include "PolyCore.h"

#include <isl/flow.h>
#include <isl/local_space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

int pcAxisOfClass(const PvValue *v, int cls) {
  for (int a = 0; a < v->rank; ++a)
    if (v->axes[a].cls == cls)
      return a;
  return -1;
}

bool pcKeepsAxis(__isl_keep isl_map *deps, int a, int b) {
  isl_map *equal = isl_map_equate(isl_map_universe(isl_map_get_space(deps)),
                                  isl_dim_in, a, isl_dim_out, b);
  isl_bool kept = isl_map_is_subset(deps, equal);
  isl_map_free(equal);
  return kept == isl_bool_true;
}

static bool isStatement(const PvValue *v) {
  return v->scop && v->kind != PV_LEAF;
}

static int maxRank(const PvFunction *fn) {
  int rank = 0;
  for (int i = 0; i < fn->numValues; ++i)
    if (isStatement(&fn->values[i]) && fn->values[i].rank > rank)
      rank = fn->values[i].rank;
  return rank;
}

/* S[i] -> [pos, i0, ..., ir, 0, ...] with `width` output dims. */
static __isl_give isl_map *scheduleOf(const PvFunction *fn, const PvValue *v,
                                      int pos, int width) {
  isl_space *domain = pvValueSpace(fn, v);
  isl_space *range = isl_space_add_dims(
      isl_space_set_from_params(isl_space_params(isl_space_copy(domain))),
      isl_dim_set, (unsigned)width);
  isl_local_space *ls = isl_local_space_from_space(isl_space_copy(domain));
  isl_aff_list *list = isl_aff_list_alloc(fn->ctx, width);
  for (int d = 0; d < width; ++d) {
    isl_aff *aff =
        d == 0 ? isl_aff_val_on_domain(isl_local_space_copy(ls),
                                       isl_val_int_from_si(fn->ctx, pos))
        : d - 1 < v->rank
            ? isl_aff_var_on_domain(isl_local_space_copy(ls), isl_dim_set,
                                    (unsigned)(d - 1))
            : isl_aff_zero_on_domain(isl_local_space_copy(ls));
    list = isl_aff_list_add(list, aff);
  }
  isl_local_space_free(ls);
  isl_multi_aff *ma = isl_multi_aff_from_aff_list(
      isl_space_map_from_domain_and_range(domain, range), list);
  return isl_map_from_multi_aff(ma);
}

static __isl_give isl_union_map *addMap(__isl_take isl_union_map *umap,
                                        __isl_take isl_map *map) {
  return isl_union_map_add_map(umap, map);
}

static __isl_give isl_union_map *computeFlow(__isl_keep isl_union_map *sink,
                                             __isl_keep isl_union_map *must,
                                             __isl_keep isl_union_map *may,
                                             __isl_keep isl_union_map *sched) {
  isl_union_access_info *info =
      isl_union_access_info_from_sink(isl_union_map_copy(sink));
  if (must)
    info =
        isl_union_access_info_set_must_source(info, isl_union_map_copy(must));
  if (may)
    info = isl_union_access_info_set_may_source(info, isl_union_map_copy(may));
  info =
      isl_union_access_info_set_schedule_map(info, isl_union_map_copy(sched));
  isl_union_flow *flow = isl_union_access_info_compute_flow(info);
  isl_union_map *deps = isl_union_flow_get_may_dependence(flow);
  isl_union_flow_free(flow);
  return deps;
}

static int valueNamed(const PvFunction *fn, const char *name) {
  for (int i = 0; name && i < fn->numValues; ++i)
    if (strcmp(fn->values[i].name, name) == 0)
      return i;
  return -1;
}

typedef struct Collect {
  PcAnalysis *pc;
  int kind;
  bool failed;
} Collect;

static PcPair *pairOf(PcAnalysis *pc, int from, int to) {
  for (int i = 0; i < pc->numPairs; ++i)
    if (pc->pairs[i].from == from && pc->pairs[i].to == to)
      return &pc->pairs[i];
  if (pc->numPairs == pc->capPairs) {
    int capacity = pc->capPairs ? 2 * pc->capPairs : 16;
    PcPair *grown = realloc(pc->pairs, (size_t)capacity * sizeof(*grown));
    if (!grown)
      return NULL;
    pc->pairs = grown;
    pc->capPairs = capacity;
  }
  PcPair *pair = &pc->pairs[pc->numPairs++];
  memset(pair, 0, sizeof(*pair));
  pair->from = from;
  pair->to = to;
  return pair;
}

static isl_stat collectMap(__isl_take isl_map *map, void *user) {
  Collect *c = user;
  const PvFunction *fn = c->pc->fn;
  int from = valueNamed(fn, isl_map_get_tuple_name(map, isl_dim_in));
  int to = valueNamed(fn, isl_map_get_tuple_name(map, isl_dim_out));
  PcPair *pair = from >= 0 && to >= 0 ? pairOf(c->pc, from, to) : NULL;
  if (!pair) {
    isl_map_free(map);
    c->failed = true;
    return isl_stat_error;
  }
  isl_map **slot = &pair->deps[c->kind];
  *slot = *slot ? isl_map_union(*slot, map) : map;
  ++c->pc->numDeps[c->kind];
  return isl_stat_ok;
}

/* Pairs in program order of the producer, then of the consumer. */
static int comparePairs(const void *a, const void *b) {
  const PcPair *x = a, *y = b;
  if (x->from != y->from)
    return x->from < y->from ? -1 : 1;
  return x->to < y->to ? -1 : x->to > y->to;
}

/* Axes along which a dependence of a statement on itself advances. */
static void markCarried(PcAnalysis *pc, const PcPair *pair) {
  const PvValue *v = &pc->fn->values[pair->from];
  for (int kind = 0; kind < PC_NUM_KINDS; ++kind) {
    if (!pair->deps[kind])
      continue;
    isl_set *deltas = isl_map_deltas(isl_map_copy(pair->deps[kind]));
    for (int a = 0; deltas && a < v->rank; ++a) {
      isl_set *zero =
          isl_set_fix_si(isl_set_universe(isl_set_get_space(deltas)),
                         isl_dim_set, (unsigned)a, 0);
      if (isl_set_is_subset(deltas, zero) == isl_bool_false)
        pc->carried[pair->from][a] = true;
      isl_set_free(zero);
    }
    isl_set_free(deltas);
  }
}

/* The first contraction, else the op of the first returned value, else
 * the last statement. */
static int chooseAnchor(const PvFunction *fn) {
  for (int i = 0; i < fn->numValues; ++i)
    if (fn->values[i].scop && fn->values[i].pattern.found)
      return i;
  if (fn->numResults > 0 && fn->results[0] >= 0 &&
      isStatement(&fn->values[fn->results[0]]))
    return fn->results[0];
  for (int i = fn->numValues - 1; i >= 0; --i)
    if (isStatement(&fn->values[i]))
      return i;
  return -1;
}

bool pcComputeDependences(const PvFunction *fn, PcAnalysis *pc) {
  pc->fn = fn;
  pc->anchor = chooseAnchor(fn);
  pc->carried = calloc((size_t)fn->numValues + 1, sizeof(*pc->carried));
  pc->isStatement = calloc((size_t)fn->numValues + 1, sizeof(bool));
  pc->wholeClass = calloc((size_t)fn->numClasses + 1, sizeof(bool));
  if (!pc->carried || !pc->isStatement || !pc->wholeClass)
    return false;
  isl_space *params = isl_set_get_space(fn->context);
  isl_union_map *writes = isl_union_map_empty(isl_space_copy(params));
  isl_union_map *reads = isl_union_map_empty(isl_space_copy(params));
  isl_union_map *schedule = isl_union_map_empty(params);
  int width = 1 + maxRank(fn);
  for (int i = 0; i < fn->numValues; ++i) {
    const PvValue *v = &fn->values[i];
    if (!isStatement(v))
      continue;
    pc->isStatement[i] = true;
    bool reduces = v->kind == PV_REDUCE || v->kind == PV_CONTRACT;
    isl_set *instances = isl_set_copy(reduces ? v->domain : v->box);
    isl_map *write = isl_map_intersect_domain(
        isl_map_from_multi_aff(pvWriteAccess(fn, v)), isl_set_copy(instances));
    if (reduces)
      reads = addMap(reads, isl_map_copy(write));
    writes = addMap(writes, write);
    for (int k = 0; k < v->numOperands; ++k)
      reads = addMap(
          reads, isl_map_intersect_domain(
                     isl_map_from_multi_aff(isl_multi_aff_copy(v->access[k])),
                     isl_set_copy(v->domain)));
    schedule = addMap(schedule, isl_map_intersect_domain(
                                    scheduleOf(fn, v, i, width), instances));
  }
  isl_union_map *deps[PC_NUM_KINDS] = {
      computeFlow(reads, writes, NULL, schedule),
      computeFlow(writes, NULL, reads, schedule),
      computeFlow(writes, writes, NULL, schedule),
  };
  isl_union_map_free(writes);
  isl_union_map_free(reads);
  isl_union_map_free(schedule);
  bool ok = true;
  for (int kind = 0; kind < PC_NUM_KINDS; ++kind) {
    Collect c = {pc, kind, false};
    ok &=
        deps[kind] != NULL &&
        isl_union_map_foreach_map(deps[kind], collectMap, &c) == isl_stat_ok &&
        !c.failed;
    isl_union_map_free(deps[kind]);
  }
  if (!ok)
    return false;
  if (pc->numPairs > 1)
    qsort(pc->pairs, (size_t)pc->numPairs, sizeof(*pc->pairs), comparePairs);
  for (int i = 0; i < pc->numPairs; ++i)
    if (pc->pairs[i].from == pc->pairs[i].to)
      markCarried(pc, &pc->pairs[i]);

  /* Producer -> consumer edges, and the anchor-parallel classes their true
   * dependences cross. */
  pc->edges = calloc((size_t)pc->numPairs + 1, sizeof(PcEdge));
  if (!pc->edges)
    return false;
  const PvValue *anchor = pc->anchor >= 0 ? &fn->values[pc->anchor] : NULL;
  for (int i = 0; i < pc->numPairs; ++i) {
    const PcPair *pair = &pc->pairs[i];
    if (pair->from == pair->to || !pair->deps[PC_TRUE])
      continue;
    PcEdge *e = &pc->edges[pc->numEdges++];
    e->from = pair->from;
    e->to = pair->to;
    e->liveClass = -1;
    for (int a = 0; anchor && a < anchor->rank; ++a) {
      if (anchor->axes[a].kind == 'r' || pc->carried[pc->anchor][a])
        continue;
      int cls = anchor->axes[a].cls;
      int x = pcAxisOfClass(&fn->values[e->from], cls);
      int y = pcAxisOfClass(&fn->values[e->to], cls);
      if (x >= 0 && y >= 0 && !pcKeepsAxis(pair->deps[PC_TRUE], x, y))
        e->crossing[e->numCrossing++] = cls;
    }
  }
  return true;
}
