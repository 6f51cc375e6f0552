/* The SM80 GEMM skeleton (spec §9.1, §9.2), emitted as dlcgpu ops:
 *
 *   prologue: cp.async tiles 0..S-2 into shared-memory stages, commit each
 *   for kt in 0..ceildiv(K, BK):            (the newest group's token carried)
 *     wait until tile kt has landed (S-2 groups may pend); barrier
 *     cp.async tile kt+S-1 into stage (kt-1) % S; commit     (TokLoad)
 *     ldmatrix A/B fragments of stage kt % S; mma.sync m16n8k16 (TokCompute)
 *   epilogue on the accumulators in registers (TokEpilogue); guarded stores
 *
 * Every tail is predicated: rows and columns past M, N, K are zero-filled
 * by cp.async's source size, and stores are guarded, so no size needs to
 * be a multiple of anything. A 16-byte cp.async needs 16-byte aligned rows
 * (K and N multiples of 8); otherwise a uniform branch loads the same
 * chunks element by element into registers at the top of the iteration and
 * stores them to shared memory after the MMAs, so the loads still overlap
 * the math. Shared memory is XOR-swizzled in 16-byte
 * chunks so ldmatrix reads are free of bank conflicts. */
#include "Builder.h"
#include "GemmProblem.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>

enum { MaxFrags = 8, MaxAcc = 64 };

/* Tile-rows per rasterisation group (see rasterize). */
enum { DLC_RASTER_GROUP = 8 };

typedef struct Gen {
  DlcBuilder b;
  const DlcGemmProblem *p;
  const DlcGemmTiling *t;
  MlirType idx, i1, f16, f32;
  MlirValue A, B, bias, C; /* global memrefs */
  MlirValue M, N, K;       /* sizes (constant 1 for an absent axis) */
  MlirValue smA, smB;      /* shared memory, [stage][row][col] */
  MlirValue tid, lane, m0, n0;
  MlirValue aligned;   /* i1: 16-byte cp.async is legal */
  MlirValue unaligned; /* its negation */
  int64_t threads, warpsN;
} Gen;

/* --- small builders --------------------------------------------------------
 */

static MlirValue cst(Gen *g, int64_t v) { return dlcConstIndex(&g->b, v); }
static MlirValue add(Gen *g, MlirValue a, MlirValue c) {
  return dlcArith(&g->b, "arith.addi", a, c);
}
static MlirValue sub(Gen *g, MlirValue a, MlirValue c) {
  return dlcArith(&g->b, "arith.subi", a, c);
}
static MlirValue mul(Gen *g, MlirValue a, int64_t c) {
  return dlcArith(&g->b, "arith.muli", a, cst(g, c));
}
static MlirValue divc(Gen *g, MlirValue a, int64_t c) {
  return dlcArith(&g->b, "arith.divui", a, cst(g, c));
}
static MlirValue remc(Gen *g, MlirValue a, int64_t c) {
  return dlcArith(&g->b, "arith.remui", a, cst(g, c));
}
static MlirValue lt(Gen *g, MlirValue a, MlirValue c) {
  return dlcCmpI(&g->b, "slt", a, c);
}
static MlirValue andi(Gen *g, MlirValue a, MlirValue c) {
  return dlcArith(&g->b, "arith.andi", a, c);
}
static MlirValue sel(Gen *g, MlirValue c, MlirValue a, MlirValue e) {
  return dlcSelect(&g->b, c, a, e);
}
static MlirValue clamp(Gen *g, MlirValue v, int64_t lo, int64_t hi) {
  MlirValue low = dlcArith(&g->b, "arith.maxsi", v, cst(g, lo));
  return dlcArith(&g->b, "arith.minsi", low, cst(g, hi));
}

static MlirValue gpuId(Gen *g, const char *op, const char *dim) {
  char text[32];
  snprintf(text, sizeof(text), "#gpu<dim %s>", dim);
  MlirAttribute attr = dlcAttr(g->b.ctx, text);
  const char *names[] = {"dimension"};
  return dlcBuildValue(&g->b, op, 0, NULL, g->idx, 1, names, &attr);
}

static MlirAttribute i64Attr(Gen *g, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(g->b.ctx, 64), v);
}

static MlirAttribute segments(Gen *g, int n, const int32_t *sizes) {
  return mlirDenseI32ArrayGet(g->b.ctx, n, sizes);
}

/* Runs `emit` inside `scf.if cond` (no results). */
static void emitIf(Gen *g, MlirValue cond, void (*emit)(Gen *, void *),
                   void *userData) {
  MlirBlock body;
  DlcBuilder saved = g->b;
  dlcBuildIf(&g->b, cond, &body);
  g->b = dlcBuilderAtEnd(body, g->b.loc);
  emit(g, userData);
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = saved;
}

/* --- shared memory layout
 * ----------------------------------------------------- */

/* The physical 16-byte chunk of logical chunk `chunk` in row `row` of a
 * tile with `chunksPerRow` chunks per row: XOR with bits of the row so the
 * 8 rows one ldmatrix reads fall into 8 different bank groups. */
static MlirValue swizzle(Gen *g, MlirValue row, MlirValue chunk,
                         int64_t chunksPerRow) {
  MlirValue bits;
  if (chunksPerRow >= 8)
    bits = remc(g, row, 8);
  else if (chunksPerRow > 1)
    bits = remc(g, divc(g, row, 8 / chunksPerRow), chunksPerRow);
  else
    return chunk;
  return dlcArith(&g->b, "arith.xori", chunk, bits);
}

/* Shared memory for one operand: [stage][row][col], swizzled in 16-byte
 * chunks (named after the row width the XOR pattern spans). */
static MlirValue smemAlloc(Gen *g, int64_t rows, int64_t cols) {
  int64_t chunksPerRow = cols / 8;
  const char *swizzleName = chunksPerRow >= 8   ? "128b"
                            : chunksPerRow == 4 ? "64b"
                            : chunksPerRow == 2 ? "32b"
                                                : "none";
  char text[128];
  snprintf(text, sizeof(text), "memref<%lldx%lldx%lldxf16, 3>",
           (long long)g->t->stages, (long long)rows, (long long)cols);
  const char *names[] = {"alignment", "swizzle"};
  MlirAttribute attrs[] = {
      i64Attr(g, 128),
      mlirStringAttrGet(g->b.ctx, mlirStringRefCreateFromCString(swizzleName))};
  return dlcBuildValue(&g->b, "dlcgpu.smem_alloc", 0, NULL,
                       dlcType(g->b.ctx, text), 2, names, attrs);
}

/* --- global -> shared copies
 * ---------------------------------------------------- */

/* One 16-byte chunk a thread copies: its smem place (fixed) and its global
 * row/column (the k part moves with the tile). */
typedef struct Chunk {
  MlirValue smemRow, smemCol;   /* in the tile */
  MlirValue fixedRow, fixedCol; /* global coordinates not moving with k */
  MlirValue fixedOk;            /* i1: the fixed coordinate is in range */
} Chunk;

typedef struct Operand {
  MlirValue global, smem;
  bool isA;  /* A: chunks run along k within a row; B: along n */
  bool oneD; /* the global tensor is 1-D (a dot form) */
  int numChunks;
  Chunk chunks[MaxFrags];
} Operand;

/* Global indices of element (row, col) of A or B (1-D forms drop one). */
static int globalIndices(const Operand *op, MlirValue row, MlirValue col,
                         MlirValue out[2]) {
  if (!op->oneD) {
    out[0] = row;
    out[1] = col;
    return 2;
  }
  out[0] = op->isA ? col : row; /* A = x[k] (row is m = 0); B = v[k] */
  return 1;
}

static void planChunks(Gen *g, Operand *op) {
  int64_t rows = op->isA ? g->t->tileM : g->t->tileK;
  int64_t cols = op->isA ? g->t->tileK : g->t->tileN;
  int64_t perRow = cols / 8;
  op->numChunks = (int)(rows * perRow / g->threads);
  for (int i = 0; i < op->numChunks; ++i) {
    Chunk *c = &op->chunks[i];
    MlirValue id = add(g, g->tid, cst(g, (int64_t)i * g->threads));
    MlirValue row = divc(g, id, perRow), chunk = remc(g, id, perRow);
    c->smemRow = row;
    c->smemCol = mul(g, swizzle(g, row, chunk, perRow), 8);
    if (op->isA) { /* fixed: the global row m0 + row */
      c->fixedRow = add(g, g->m0, row);
      c->fixedCol = mul(g, chunk, 8);
      c->fixedOk = lt(g, c->fixedRow, g->M);
    } else { /* fixed: the global column n0 + 8 * chunk */
      c->fixedRow = row;
      c->fixedCol = add(g, g->n0, mul(g, chunk, 8));
      c->fixedOk = lt(g, c->fixedCol, g->N);
    }
  }
}

typedef struct CopyArgs {
  Operand *op;
  Chunk *chunk;
  MlirValue stage, gRow, gCol, count; /* count: elements in range, 0..8 */
} CopyArgs;

static void emitAsyncCopy(Gen *g, void *userData) {
  CopyArgs *a = userData;
  MlirValue ok = lt(g, cst(g, 0), a->count);
  MlirValue zero = cst(g, 0);
  MlirValue idx[2];
  int n = globalIndices(a->op, sel(g, ok, a->gRow, zero),
                        sel(g, ok, a->gCol, zero), idx);
  /* dst, dst indices, src, src indices, source element count */
  MlirValue operands[8] = {a->op->smem,       a->stage,      a->chunk->smemRow,
                           a->chunk->smemCol, a->op->global, idx[0]};
  if (n == 2)
    operands[6] = idx[1];
  operands[5 + n] = a->count;
  int32_t sizes[] = {1, 3, 1, n, 1};
  const char *names[] = {"elements", "cache", "operandSegmentSizes"};
  MlirAttribute attrs[] = {
      i64Attr(g, 8),
      mlirStringAttrGet(g->b.ctx, mlirStringRefCreateFromCString("cg")),
      segments(g, 5, sizes)};
  MlirType token = dlcType(g->b.ctx, "!dlcgpu.load_token");
  dlcBuild(&g->b, "dlcgpu.cp_async", 6 + n, operands, 1, &token, 3, names,
           attrs);
}

/* Unaligned rows: the same chunk loaded element by element (zero past the
 * end) into registers; stored to shared memory later (storeStaged), so the
 * loads of the next tile overlap the MMAs of this one. */
static MlirValue loadChunkElements(Gen *g, const CopyArgs *a) {
  MlirValue elems[8];
  MlirValue zeroF = dlcConstFloat(&g->b, g->f16, 0.0), zero = cst(g, 0);
  for (int e = 0; e < 8; ++e) {
    MlirValue ok = lt(g, cst(g, e), a->count);
    MlirValue col = add(g, a->gCol, cst(g, e));
    MlirValue idx[2];
    int n = globalIndices(a->op, sel(g, ok, a->gRow, zero),
                          sel(g, ok, col, zero), idx);
    MlirValue operands[3] = {a->op->global, idx[0], n == 2 ? idx[1] : zero};
    MlirValue v = dlcBuildValue(&g->b, "memref.load", 1 + n, operands, g->f16,
                                0, NULL, NULL);
    elems[e] = sel(g, ok, v, zeroF);
  }
  return dlcBuildValue(&g->b, "vector.from_elements", 8, elems,
                       dlcType(g->b.ctx, "vector<8xf16>"), 0, NULL, NULL);
}

/* What a thread staged in registers for one tile (the unaligned path). */
typedef struct Staged {
  Operand *op;
  MlirValue stage;
  MlirValue values[MaxFrags]; /* one vector<8xf16> per chunk */
} Staged;

/* Issues the copies of tile `kt` of one operand into `stage`: cp.async
 * when rows are 16-byte aligned, else element loads into `staged`. */
/* The copy of chunk `i` of tile `kt` of one operand: its global start and
 * how many of its 8 elements are in range (0 past M, N or K). */
static CopyArgs chunkCopy(Gen *g, Operand *op, int i, MlirValue k0,
                          MlirValue stage) {
  Chunk *c = &op->chunks[i];
  CopyArgs a = {op, c, stage, c->fixedRow, c->fixedCol, {NULL}};
  MlirValue inRange;
  if (op->isA) { /* along k: columns k0 + col .. +8 of row m */
    a.gCol = add(g, k0, c->fixedCol);
    a.count = clamp(g, sub(g, g->K, a.gCol), 0, 8);
    inRange = c->fixedOk;
  } else { /* along n: row k0 + row, columns n .. n+8 */
    a.gRow = add(g, k0, c->fixedRow);
    a.count = clamp(g, sub(g, g->N, c->fixedCol), 0, 8);
    inRange = lt(g, a.gRow, g->K);
  }
  a.count = sel(g, inRange, a.count, cst(g, 0));
  return a;
}

/* Aligned rows: tile `kt` of one operand into `stage` by 16-byte cp.async. */
static void asyncTileCopy(Gen *g, Operand *op, MlirValue kt, MlirValue stage) {
  MlirValue k0 = mul(g, kt, g->t->tileK);
  for (int i = 0; i < op->numChunks; ++i) {
    CopyArgs a = chunkCopy(g, op, i, k0, stage);
    emitAsyncCopy(g, &a);
  }
}

/* Unaligned rows: tile `kt` of one operand loaded element by element into
 * registers (`staged`), stored to `stage` later by storeStaged. */
static void loadTile(Gen *g, Operand *op, MlirValue kt, MlirValue stage,
                     Staged *staged) {
  MlirValue k0 = mul(g, kt, g->t->tileK);
  staged->op = op;
  staged->stage = stage;
  for (int i = 0; i < op->numChunks; ++i) {
    CopyArgs a = chunkCopy(g, op, i, k0, stage);
    staged->values[i] = loadChunkElements(g, &a);
  }
}

static void storeStaged(Gen *g, const Staged *s) {
  for (int i = 0; i < s->op->numChunks; ++i) {
    MlirValue operands[] = {s->values[i], s->op->smem, s->stage,
                            s->op->chunks[i].smemRow, s->op->chunks[i].smemCol};
    dlcBuild(&g->b, "vector.store", 5, operands, 0, NULL, 0, NULL, NULL);
  }
}

static MlirValue commitGroup(Gen *g) {
  MlirType token = dlcType(g->b.ctx, "!dlcgpu.load_token");
  return mlirOperationGetResult(
      dlcBuild(&g->b, "dlcgpu.commit_group", 0, NULL, 1, &token, 0, NULL, NULL),
      0);
}

static void barrier(Gen *g) {
  dlcBuild(&g->b, "dlcgpu.barrier", 0, NULL, 0, NULL, 0, NULL, NULL);
}

/* --- the main loop
 * ---------------------------------------------------------------- */

typedef struct Fragments {
  int numI, numJ;              /* mma tiles per warp: M/16, N/8 */
  MlirValue aRow[MaxFrags];    /* per i: smem row of this lane */
  MlirValue aCol[MaxFrags][4]; /* per i, kk: smem column */
  MlirValue bRow[4];           /* per kk: smem k-row of this lane */
  MlirValue bCol[MaxFrags][4]; /* per j pair, kk: smem column */
} Fragments;

static void planFragments(Gen *g, Fragments *f, MlirValue warpM,
                          MlirValue warpN) {
  const DlcGemmTiling *t = g->t;
  int64_t kSteps = t->tileK / 16;
  f->numI = (int)(t->warpM / 16);
  f->numJ = (int)(t->warpN / 8);
  MlirValue lane16 = remc(g, g->lane, 16), half = divc(g, g->lane, 16);
  for (int i = 0; i < f->numI; ++i) {
    MlirValue row =
        add(g, add(g, mul(g, warpM, t->warpM), cst(g, 16 * i)), lane16);
    f->aRow[i] = row;
    for (int64_t kk = 0; kk < kSteps; ++kk) {
      MlirValue chunk = add(g, cst(g, 2 * kk), half);
      f->aCol[i][kk] = mul(g, swizzle(g, row, chunk, t->tileK / 8), 8);
    }
  }
  for (int64_t kk = 0; kk < kSteps; ++kk)
    f->bRow[kk] = add(g, cst(g, 16 * kk), lane16);
  for (int jp = 0; jp < f->numJ / 2; ++jp)
    for (int64_t kk = 0; kk < kSteps; ++kk) {
      MlirValue col0 = add(g, mul(g, warpN, t->warpN), cst(g, 16 * jp));
      MlirValue chunk = add(g, divc(g, col0, 8), half);
      f->bCol[jp][kk] = mul(g, swizzle(g, f->bRow[kk], chunk, t->tileN / 8), 8);
    }
}

static MlirValue ldmatrix(Gen *g, MlirValue smem, MlirValue stage,
                          MlirValue row, MlirValue col, bool trans) {
  MlirValue operands[] = {smem, stage, row, col};
  const char *names[] = {"num", "trans"};
  MlirAttribute attrs[] = {i64Attr(g, 4), mlirBoolAttrGet(g->b.ctx, trans)};
  return dlcBuildValue(&g->b, "dlcgpu.ldmatrix", 4, operands,
                       dlcType(g->b.ctx, "vector<4x2xf16>"), 2, names, attrs);
}

/* Rows `first` and `first + 1` of an ldmatrix.x4 result: the B operand
 * of one m16n8k16 mma (built with extract/insert, which lower to LLVM
 * aggregates directly). */
static MlirValue halfOf(Gen *g, MlirValue v, int64_t first) {
  MlirType pairType = dlcType(g->b.ctx, "vector<2x2xf16>");
  MlirType rowType = dlcType(g->b.ctx, "vector<2xf16>");
  MlirAttribute zero = mlirDenseElementsAttrSplatGet(
      pairType, mlirFloatAttrDoubleGet(g->b.ctx, g->f16, 0.0));
  const char *valueName[] = {"value"}, *posName[] = {"static_position"};
  MlirValue pair = dlcBuildValue(&g->b, "arith.constant", 0, NULL, pairType, 1,
                                 valueName, &zero);
  for (int64_t r = 0; r < 2; ++r) {
    MlirAttribute from =
        mlirDenseI64ArrayGet(g->b.ctx, 1, (int64_t[]){first + r});
    MlirAttribute to = mlirDenseI64ArrayGet(g->b.ctx, 1, (int64_t[]){r});
    MlirValue row = dlcBuildValue(&g->b, "vector.extract", 1, &v, rowType, 1,
                                  posName, &from);
    MlirValue operands[] = {row, pair};
    pair = dlcBuildValue(&g->b, "vector.insert", 2, operands, pairType, 1,
                         posName, &to);
  }
  return pair;
}

/* ldmatrix + mma.sync over one shared-memory stage; updates `acc`. */
static void emitStageCompute(Gen *g, const Fragments *f, MlirValue stage,
                             MlirValue *acc) {
  MlirType accType = dlcType(g->b.ctx, "vector<2x2xf32>");
  MlirType types[] = {accType, dlcType(g->b.ctx, "!dlcgpu.compute_token")};
  const char *names[] = {"shape"};
  MlirAttribute shape = dlcAttr(g->b.ctx, "array<i64: 16, 8, 16>");
  for (int64_t kk = 0; kk < g->t->tileK / 16; ++kk) {
    MlirValue a[MaxFrags], b[2 * MaxFrags];
    for (int i = 0; i < f->numI; ++i)
      a[i] = ldmatrix(g, g->smA, stage, f->aRow[i], f->aCol[i][kk], false);
    for (int jp = 0; jp < f->numJ / 2; ++jp) {
      MlirValue pair =
          ldmatrix(g, g->smB, stage, f->bRow[kk], f->bCol[jp][kk], true);
      b[2 * jp] = halfOf(g, pair, 0);
      b[2 * jp + 1] = halfOf(g, pair, 2);
    }
    for (int i = 0; i < f->numI; ++i)
      for (int j = 0; j < f->numJ; ++j) {
        MlirValue operands[] = {a[i], b[j], acc[i * f->numJ + j]};
        acc[i * f->numJ + j] = mlirOperationGetResult(
            dlcBuild(&g->b, "dlcgpu.mma_sync", 3, operands, 2, types, 1, names,
                     &shape),
            0);
      }
  }
}

/* --- epilogue and stores
 * ------------------------------------------------------------ */

static void storeElements(Gen *g, MlirValue vec, MlirValue row, MlirValue col,
                          MlirValue token, bool pair) {
  MlirValue rowOk = lt(g, row, g->M);
  int count = pair ? 1 : 2;
  for (int e = 0; e < count; ++e) {
    MlirValue c = add(g, col, cst(g, e));
    MlirValue v = vec;
    if (!pair) { /* element e as a vector<1xf16> */
      char position[32];
      snprintf(position, sizeof(position), "array<i64: %d>", e);
      const char *names[] = {"static_position"};
      MlirAttribute pos = dlcAttr(g->b.ctx, position);
      MlirValue scalar = dlcBuildValue(&g->b, "vector.extract", 1, &vec, g->f16,
                                       1, names, &pos);
      v = dlcBuildValue(&g->b, "vector.from_elements", 1, &scalar,
                        dlcType(g->b.ctx, "vector<1xf16>"), 0, NULL, NULL);
    }
    MlirValue pred = andi(g, rowOk, lt(g, c, g->N));
    MlirValue zero = cst(g, 0);
    MlirValue r = sel(g, pred, row, zero), cc = sel(g, pred, c, zero);
    MlirValue operands[5] = {v, g->C};
    int n = 2;
    if (g->p->hasM && g->p->hasN) {
      operands[n++] = r;
      operands[n++] = cc;
    } else {
      operands[n++] = g->p->hasM ? r : cc;
    }
    operands[n++] = pred;
    MlirValue all[6];
    for (int i = 0; i < n; ++i)
      all[i] = operands[i];
    all[n] = token;
    dlcBuild(&g->b, "dlcgpu.store_vec", n + 1, all, 0, NULL, 0, NULL, NULL);
  }
}

typedef struct TileStore {
  MlirValue out, row, col, token;
  bool pairs; /* f16 pairs (N even) or single halves */
} TileStore;

/* Stores the two rows (lane/4 and lane/4 + 8) of one m16n8 fragment. */
static void storeTile(Gen *g, void *userData) {
  TileStore *s = userData;
  for (int h = 0; h < 2; ++h) {
    const char *names[] = {"static_position"};
    MlirAttribute position =
        dlcAttr(g->b.ctx, h ? "array<i64: 1>" : "array<i64: 0>");
    MlirValue row =
        dlcBuildValue(&g->b, "vector.extract", 1, &s->out,
                      dlcType(g->b.ctx, "vector<2xf16>"), 1, names, &position);
    storeElements(g, row, add(g, s->row, cst(g, 8 * h)), s->col, s->token,
                  s->pairs);
  }
}

/* bias[col], bias[col + 1] as a 2x2 f32 fragment (0 past N). */
static MlirValue biasFragment(Gen *g, MlirValue col) {
  MlirValue vals[2];
  MlirValue zero = cst(g, 0);
  for (int e = 0; e < 2; ++e) {
    MlirValue c = add(g, col, cst(g, e));
    MlirValue ok = lt(g, c, g->N);
    MlirValue operands[] = {g->bias, sel(g, ok, c, zero)};
    MlirValue v =
        dlcBuildValue(&g->b, "memref.load", 2, operands, g->f16, 0, NULL, NULL);
    v = dlcBuildValue(&g->b, "arith.extf", 1, &v, g->f32, 0, NULL, NULL);
    vals[e] = sel(g, ok, v, dlcConstFloat(&g->b, g->f32, 0.0));
  }
  MlirValue four[] = {vals[0], vals[1], vals[0], vals[1]};
  return dlcBuildValue(&g->b, "vector.from_elements", 4, four,
                       dlcType(g->b.ctx, "vector<2x2xf32>"), 0, NULL, NULL);
}

static void emitEpilogue(Gen *g, const Fragments *f, MlirValue warpM,
                         MlirValue warpN, const MlirValue *acc,
                         MlirValue computeToken) {
  MlirValue group = divc(g, g->lane, 4), quad = mul(g, remc(g, g->lane, 4), 2);
  MlirValue rowBase = add(g, add(g, g->m0, mul(g, warpM, g->t->warpM)), group);
  MlirValue colBase = add(g, add(g, g->n0, mul(g, warpN, g->t->warpN)), quad);
  MlirValue nEven = dlcCmpI(&g->b, "eq", remc(g, g->N, 2), cst(g, 0));
  MlirValue nOdd =
      dlcArith(&g->b, "arith.xori", nEven, dlcConstInt(&g->b, g->i1, 1));

  MlirAttribute ops[DLC_MAX_EPILOGUE];
  for (int e = 0; e < g->p->numEpilogue; ++e)
    ops[e] = mlirStringAttrGet(
        g->b.ctx,
        mlirStringRefCreateFromCString(
            g->p->epilogue[e] == DLC_EPILOGUE_BIAS ? "bias" : "relu"));
  MlirAttribute opsAttr = mlirArrayAttrGet(g->b.ctx, g->p->numEpilogue, ops);

  for (int i = 0; i < f->numI; ++i)
    for (int j = 0; j < f->numJ; ++j) {
      MlirValue row = add(g, rowBase, cst(g, 16 * i));
      MlirValue col = add(g, colBase, cst(g, 8 * j));
      MlirValue operands[2 + DLC_MAX_EPILOGUE] = {acc[i * f->numJ + j],
                                                  computeToken};
      int n = 2;
      for (int e = 0; e < g->p->numEpilogue; ++e)
        if (g->p->epilogue[e] == DLC_EPILOGUE_BIAS)
          operands[n++] = biasFragment(g, col);
      MlirType types[] = {dlcType(g->b.ctx, "vector<2x2xf16>"),
                          dlcType(g->b.ctx, "!dlcgpu.epilogue_token")};
      const char *names[] = {"ops", "overlap"};
      MlirAttribute attrs[] = {opsAttr, mlirBoolAttrGet(g->b.ctx, false)};
      MlirOperation epi = dlcBuild(&g->b, "dlcgpu.epilogue", n, operands, 2,
                                   types, 2, names, attrs);
      TileStore pairs = {mlirOperationGetResult(epi, 0), row, col,
                         mlirOperationGetResult(epi, 1), true};
      TileStore singles = pairs;
      singles.pairs = false;
      emitIf(g, nEven, storeTile, &pairs);
      emitIf(g, nOdd, storeTile, &singles);
    }
}

/* The CTA's tile from the 1-D block id: tiles go in groups of
 * DLC_RASTER_GROUP tile-rows, column by column inside a group, so CTAs
 * running together share B's columns and A's rows in L2. */
static void rasterize(Gen *g, MlirValue *tileRow, MlirValue *tileCol) {
  MlirValue pid = gpuId(g, "gpu.block_id", "x");
  MlirValue one = cst(g, 1);
  MlirValue rows = divc(g, add(g, g->M, cst(g, g->t->tileM - 1)), g->t->tileM);
  MlirValue cols = divc(g, add(g, g->N, cst(g, g->t->tileN - 1)), g->t->tileN);
  MlirValue group = cst(g, DLC_RASTER_GROUP);
  MlirValue perGroup = dlcArith(&g->b, "arith.muli", group, cols);
  MlirValue first =
      dlcArith(&g->b, "arith.muli",
               dlcArith(&g->b, "arith.divui", pid, perGroup), group);
  MlirValue size = dlcArith(&g->b, "arith.minsi", sub(g, rows, first), group);
  size = dlcArith(&g->b, "arith.maxsi", size, one);
  MlirValue inGroup = dlcArith(&g->b, "arith.remui", pid, perGroup);
  *tileRow = add(g, first, dlcArith(&g->b, "arith.remui", inGroup, size));
  *tileCol = dlcArith(&g->b, "arith.divui", inGroup, size);
}

/* --- the kernel
 * ------------------------------------------------------------------------- */

/* What both k loops start from. */
typedef struct LoopSetup {
  Operand *a, *b;
  const Fragments *f;
  MlirValue accInit, kTiles, zero, one;
} LoopSetup;

/* Aligned rows: the cp.async ring. The newest group's token is carried;
 * one barrier per tile: after it, tile kt is visible to every thread and
 * every thread is done with stage (kt-1) % S, which the copies of tile
 * kt+S-1 then refill. Ends the block with scf.yield of the accumulators. */
static void emitAsyncLoop(Gen *g, const LoopSetup *s) {
  int64_t stages = g->t->stages;
  int numAcc = s->f->numI * s->f->numJ;
  MlirValue group = {NULL};
  for (int64_t st = 0; st + 1 < stages; ++st) {
    asyncTileCopy(g, s->a, cst(g, st), cst(g, st));
    asyncTileCopy(g, s->b, cst(g, st), cst(g, st));
    group = commitGroup(g);
  }
  MlirValue carried[MaxAcc + 1];
  for (int i = 0; i < numAcc; ++i)
    carried[i] = s->accInit;
  carried[numAcc] = group;
  MlirBlock body;
  MlirOperation loop = dlcBuildFor(&g->b, s->zero, s->kTiles, s->one,
                                   numAcc + 1, carried, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue kt = mlirBlockGetArgument(body, 0);
  for (int i = 0; i <= numAcc; ++i)
    carried[i] = mlirBlockGetArgument(body, i + 1);
  const char *pendingName[] = {"pending"};
  MlirAttribute pending = i64Attr(g, stages - 2);
  dlcBuild(&g->b, "dlcgpu.wait_group", 1, &carried[numAcc], 0, NULL, 1,
           pendingName, &pending);
  barrier(g);
  MlirValue next = add(g, kt, cst(g, stages - 1));
  MlirValue nextStage = remc(g, next, stages);
  asyncTileCopy(g, s->a, next, nextStage);
  asyncTileCopy(g, s->b, next, nextStage);
  carried[numAcc] = commitGroup(g);
  emitStageCompute(g, s->f, remc(g, kt, stages), carried);
  dlcBuild(&g->b, "scf.yield", numAcc + 1, carried, 0, NULL, 0, NULL, NULL);
  g->b = outer;

  /* Drain the copies issued past the last tile. */
  MlirValue last = mlirOperationGetResult(loop, numAcc);
  MlirAttribute none = i64Attr(g, 0);
  dlcBuild(&g->b, "dlcgpu.wait_group", 1, &last, 0, NULL, 1, pendingName,
           &none);
  MlirValue acc[MaxAcc];
  for (int i = 0; i < numAcc; ++i)
    acc[i] = mlirOperationGetResult(loop, i);
  dlcBuild(&g->b, "scf.yield", numAcc, acc, 0, NULL, 0, NULL, NULL);
}

/* Unaligned rows: element loads of tile kt+S-1 into registers at the top of
 * iteration kt, stores into stage (kt-1) % S after its MMAs (everyone left
 * that stage before the barrier); the next barrier publishes them. Ends the
 * block with scf.yield of the accumulators. */
static void emitElementLoop(Gen *g, const LoopSetup *s) {
  int64_t stages = g->t->stages;
  int numAcc = s->f->numI * s->f->numJ;
  Staged stagedA, stagedB;
  for (int64_t st = 0; st + 1 < stages; ++st) {
    loadTile(g, s->a, cst(g, st), cst(g, st), &stagedA);
    loadTile(g, s->b, cst(g, st), cst(g, st), &stagedB);
    storeStaged(g, &stagedA);
    storeStaged(g, &stagedB);
  }
  MlirValue acc[MaxAcc];
  for (int i = 0; i < numAcc; ++i)
    acc[i] = s->accInit;
  MlirBlock body;
  MlirOperation loop =
      dlcBuildFor(&g->b, s->zero, s->kTiles, s->one, numAcc, acc, &body);
  DlcBuilder outer = g->b;
  g->b = dlcBuilderAtEnd(body, outer.loc);
  MlirValue kt = mlirBlockGetArgument(body, 0);
  for (int i = 0; i < numAcc; ++i)
    acc[i] = mlirBlockGetArgument(body, i + 1);
  barrier(g);
  MlirValue next = add(g, kt, cst(g, stages - 1));
  MlirValue nextStage = remc(g, next, stages);
  loadTile(g, s->a, next, nextStage, &stagedA);
  loadTile(g, s->b, next, nextStage, &stagedB);
  emitStageCompute(g, s->f, remc(g, kt, stages), acc);
  storeStaged(g, &stagedA);
  storeStaged(g, &stagedB);
  dlcBuild(&g->b, "scf.yield", numAcc, acc, 0, NULL, 0, NULL, NULL);
  g->b = outer;
  for (int i = 0; i < numAcc; ++i)
    acc[i] = mlirOperationGetResult(loop, i);
  dlcBuild(&g->b, "scf.yield", numAcc, acc, 0, NULL, 0, NULL, NULL);
}

void dlcEmitSm80Gemm(MlirOperation kernel, const DlcGemmProblem *p,
                     const DlcGemmTiling *t, int numMemrefs) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  Gen gen = {0};
  Gen *g = &gen;
  g->b = dlcBuilderAtEnd(entry, mlirOperationGetLocation(kernel));
  g->p = p;
  g->t = t;
  g->idx = mlirIndexTypeGet(g->b.ctx);
  g->i1 = mlirIntegerTypeGet(g->b.ctx, 1);
  g->f16 = mlirF16TypeGet(g->b.ctx);
  g->f32 = mlirF32TypeGet(g->b.ctx);
  g->warpsN = t->tileN / t->warpN;
  g->threads = 32 * (t->tileM / t->warpM) * g->warpsN;

  g->A = mlirBlockGetArgument(entry, p->argA);
  g->B = mlirBlockGetArgument(entry, p->argB);
  g->C = mlirBlockGetArgument(entry, p->argC);
  if (p->argBias >= 0)
    g->bias = mlirBlockGetArgument(entry, p->argBias);
  MlirValue one = cst(g, 1);
  g->M = p->hasM ? mlirBlockGetArgument(entry, numMemrefs + p->symM) : one;
  g->N = p->hasN ? mlirBlockGetArgument(entry, numMemrefs + p->symN) : one;
  g->K = mlirBlockGetArgument(entry, numMemrefs + p->symK);

  g->smA = smemAlloc(g, t->tileM, t->tileK);
  g->smB = smemAlloc(g, t->tileK, t->tileN);
  g->tid = gpuId(g, "gpu.thread_id", "x");
  g->lane = remc(g, g->tid, 32);
  MlirValue warp = divc(g, g->tid, 32);
  MlirValue warpM = divc(g, warp, g->warpsN), warpN = remc(g, warp, g->warpsN);
  MlirValue tileRow, tileCol;
  rasterize(g, &tileRow, &tileCol);
  g->m0 = mul(g, tileRow, t->tileM);
  g->n0 = mul(g, tileCol, t->tileN);
  MlirValue zero = cst(g, 0);
  g->aligned = andi(g, dlcCmpI(&g->b, "eq", remc(g, g->K, 8), zero),
                    dlcCmpI(&g->b, "eq", remc(g, g->N, 8), zero));
  if (!p->hasN || !p->hasM) /* a 1-D operand has no aligned rows */
    g->aligned = dlcConstInt(&g->b, g->i1, 0);

  Operand a = {.global = g->A, .smem = g->smA, .isA = true, .oneD = !p->hasM};
  Operand b = {.global = g->B, .smem = g->smB, .isA = false, .oneD = !p->hasN};
  planChunks(g, &a);
  planChunks(g, &b);
  Fragments f;
  planFragments(g, &f, warpM, warpN);

  int numAcc = f.numI * f.numJ;
  MlirType types[] = {dlcType(g->b.ctx, "vector<2x2xf32>"),
                      dlcType(g->b.ctx, "!dlcgpu.compute_token")};
  const char *valueName[] = {"value"};
  MlirAttribute zeroF = mlirFloatAttrDoubleGet(g->b.ctx, g->f32, 0.0);
  MlirOperation init = dlcBuild(&g->b, "dlcgpu.acc_init", 0, NULL, 2, types, 1,
                                valueName, &zeroF);
  MlirValue kTiles = divc(g, add(g, g->K, cst(g, t->tileK - 1)), t->tileK);

  /* The copy form is uniform for a launch, so it is chosen once, outside
   * the k loop: each branch runs a loop specialised to its copies. */
  MlirType accTypes[MaxAcc];
  for (int i = 0; i < numAcc; ++i)
    accTypes[i] = types[0];
  MlirBlock asyncBlock, elementBlock;
  MlirOperation choice = dlcBuildIfElse(&g->b, g->aligned, numAcc, accTypes,
                                        &asyncBlock, &elementBlock);
  DlcBuilder outer = g->b;
  LoopSetup setup = {&a,     &b,   &f, mlirOperationGetResult(init, 0),
                     kTiles, zero, one};
  g->b = dlcBuilderAtEnd(asyncBlock, outer.loc);
  emitAsyncLoop(g, &setup);
  g->b = dlcBuilderAtEnd(elementBlock, outer.loc);
  emitElementLoop(g, &setup);
  g->b = outer;
  MlirValue acc[MaxAcc];
  for (int i = 0; i < numAcc; ++i)
    acc[i] = mlirOperationGetResult(choice, i);
  emitEpilogue(g, &f, warpM, warpN, acc, mlirOperationGetResult(init, 1));
  dlcBuild(&g->b, "func.return", 0, NULL, 0, NULL, 0, NULL, NULL);
}
