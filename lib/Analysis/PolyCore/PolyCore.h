/* Poly-Core (spec §7), internal: dependence-based analyses of an IndexBook
 * function read by Poly-View (lib/Analysis/PolyView/PolyView.h).
 *
 * Every SCoP op but a leaf is a statement: instances = its box (its
 * iteration domain for reduce/contract), one write of its result, one read
 * per operand on its domain, plus the accumulator read of a reduction; a
 * leaf is the array of its graph input. Statements run in block order, each
 * over its axes in order (the schedule). isl's flow analysis
 * (isl_union_access_info_compute_flow) gives the true, anti and output
 * dependences; from them and the access maps Poly-Core derives parallel
 * and reduction axes, affine closure, tail axes for a tile, halos,
 * compute-at legality, minimal buffers, barrier and bank-conflict hints.
 *
 * Files: Dependences.c (flow analysis, carried axes, crossing edges),
 * Analyses.c (tiling, tails, halo, compute-at, buffers, hints), Report.c
 * (attributes and the §7.1 JSON), PolyCorePass.c (dlc-poly-core).
 * docs/analysis.md. */
#ifndef DLC_LIB_ANALYSIS_POLYCORE_POLYCORE_H
#define DLC_LIB_ANALYSIS_POLYCORE_POLYCORE_H

#include "../PolyView/PolyView.h"

/* Buffer classes, from the cheapest (§7.1 "最小バッファ"). */
typedef enum PcBuffer { PC_REG, PC_SMEM, PC_SMEM_RING, PC_GMEM } PcBuffer;

/* Dependence kinds. */
enum { PC_TRUE, PC_ANTI, PC_OUTPUT, PC_NUM_KINDS };

/* The dependences from one statement to another (or itself), per kind
 * (isl maps, owned; NULL when none). */
typedef struct PcPair {
  int from, to; /* value indices */
  isl_map *deps[PC_NUM_KINDS];
} PcPair;

/* A producer -> consumer edge between two statements (a true dependence). */
typedef struct PcEdge {
  int from, to;
  int numCrossing; /* anchor-parallel classes the dependence crosses */
  int crossing[PV_MAX_RANK];
  int liveClass; /* >= 0: the value must live across a barrier on it */
  PcBuffer buffer;
} PcEdge;

/* How the anchor's axes are tiled for tile=BM,BN,BK. */
typedef struct PcTiling {
  char group[PV_MAX_RANK]; /* 'M', 'N', 'K', 'B' batch, 'W' window */
  int64_t tile[PV_MAX_RANK];
  bool tail[PV_MAX_RANK];
} PcTiling;

/* One base-tensor read of a statement, composed through views. */
typedef struct PcRead {
  int base;              /* the base value (leaf, or computed) */
  isl_multi_aff *access; /* iteration space -> base (owned) */
  isl_set *guard;        /* where the read is in bounds (owned) */
} PcRead;

typedef struct PcHint { /* a barrier hint */
  char kind[16];        /* "pipeline" or "reduction" */
  int at, other;        /* value indices (other: -1 when none) */
  int cls;              /* reduction: the axis class, else -1 */
  int depth;            /* pipeline: the ring depth */
} PcHint;

/* A contraction operand staged in shared memory, with its bank check: the
 * 8 rows of 16 bytes an ldmatrix phase reads, `rowBytes` apart. */
typedef struct PcOperand {
  int at;   /* the contraction (value index) */
  int base; /* the staged tensor */
  int depth;
  int rank;
  int64_t tile[PV_MAX_RANK]; /* the tile's extent per base dim */
  int64_t rowBytes;
  int ways;       /* rows sharing one 16-byte bank group */
  int waysPadded; /* the same with 16 bytes of padding per row */
} PcOperand;

typedef struct PcAnalysis {
  const PvFunction *fn; /* borrowed */
  int64_t tileOption[3];
  int anchor; /* value index; -1 when the function has no statement */
  PcTiling tiling;
  int numDeps[PC_NUM_KINDS];
  int numPairs, capPairs;
  PcPair *pairs;
  bool (*carried)[PV_MAX_RANK]; /* per value: axes carrying a self dep */
  bool *isStatement;
  int numEdges;
  PcEdge *edges;
  /* compute-at */
  bool computeAtOk;
  bool *wholeClass;     /* per axis class: must stay whole in a CTA */
  int numBoundaryReads; /* SCoP statements reading a region boundary */
  bool affineClosed;
  int64_t haloLo[PV_MAX_RANK], haloHi[PV_MAX_RANK]; /* anchor axes */
  int64_t haloBytes;
  bool overflow; /* an offset or size beyond what the analyses compute */
  /* buffers */
  int depth; /* the anchor's operand ring depth (2 or 3) */
  PcBuffer minBuffer;
  int numHints;
  PcHint *hints; /* owned: room for one per statement and per crossing */
  int numOperands;
  PcOperand *operands; /* owned: room for two per statement */
} PcAnalysis;

/* --- Dependences.c -------------------------------------------------------- */

/* Runs the flow analysis of `fn` into `pc` (zeroed by the caller); false
 * when isl failed. */
bool pcComputeDependences(const PvFunction *fn, PcAnalysis *pc);

/* Whether the dependence map `deps` keeps iteration axis `a` of its source
 * equal to axis `b` of its sink. */
bool pcKeepsAxis(__isl_keep isl_map *deps, int a, int b);

/* The first axis of value `v` in class `cls`, or -1. */
int pcAxisOfClass(const PvValue *v, int cls);

/* --- Analyses.c ----------------------------------------------------------- */

/* Tiling, tails, halo, compute-at, buffers and hints (after the
 * dependences). */
void pcAnalyze(PcAnalysis *pc);

/* Operand `k` of value `v` composed through views down to its base. */
void pcComposeRead(const PvFunction *fn, const PvValue *v, int k, PcRead *read);
void pcReadClear(PcRead *read);

const char *pcBufferName(PcBuffer buffer);

/* Frees what `pc` owns. */
void pcAnalysisClear(PcAnalysis *pc);

/* --- Report.c ------------------------------------------------------------- */

/* polycore.* attributes on the statements and the function. */
void pcAttachAttributes(const PcAnalysis *pc);

/* The §7.1 JSON object of one function at `indent`. */
void pcWriteJson(FILE *out, const PcAnalysis *pc, int indent);

#endif
