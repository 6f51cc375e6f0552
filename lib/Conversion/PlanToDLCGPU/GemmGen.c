/* Pieces both GEMM skeleton generators (Sm80Gemm.c, Sm90Gemm.c) emit the
 * same way: addressing through the kernel-problem model's strides, the
 * tile rasterisation, and the epilogue on m16n8-shaped accumulator
 * fragments with guarded stores. */
#include "GemmGen.h"
#include "DialectNames.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

MlirValue gemmGpuId(Gen *g, const char *op, const char *dim) {
  char text[32];
  snprintf(text, sizeof(text), "#gpu<dim %s>", dim);
  MlirAttribute attr = dlcAttr(g->b.ctx, text);
  const char *names[] = {"dimension"};
  return dlcBuildValue(&g->b, op, 0, NULL, g->idx, 1, names, &attr);
}

MlirAttribute gemmI64(Gen *g, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(g->b.ctx, 64), v);
}

MlirType gemmVectorType(Gen *g, const char *shape, MlirType element) {
  int64_t dims[2];
  int rank =
      sscanf(shape, "%lldx%lld", (long long *)&dims[0], (long long *)&dims[1]);
  return mlirVectorTypeGet(rank, dims, element);
}

/* Runs `emit` inside `scf.if cond` (no results). */
void gemmBeginIf(Gen *g, MlirValue cond, DlcBuilder *outer) {
  MlirBlock then;
  *outer = g->b;
  dlcBuildIf(&g->b, cond, &then);
  g->b = dlcBuilderAtEnd(then, outer->loc);
}

void gemmEndIf(Gen *g, DlcBuilder outer) {
  dlcBuild(&g->b, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
  g->b = outer;
}

void gemmEmitIf(Gen *g, MlirValue cond, void (*emit)(Gen *, void *),
                void *userData) {
  DlcBuilder outer;
  gemmBeginIf(g, cond, &outer);
  emit(g, userData);
  gemmEndIf(g, outer);
}

/* An extent of the problem (constant times symbols) as an index value. */
MlirValue gemmExtent(Gen *g, const KpExtent *e) {
  MlirValue v = cst(g, e->constant);
  for (int i = 0; i < e->numSymbols; ++i)
    v = mulv(g, v,
             mlirBlockGetArgument(g->entry, g->numTensors + e->symbols[i]));
  return v;
}

/* `x`'s base: g->batch's offset along its batch stride. */
static void rebase(Gen *g, Access *x) {
  x->base = mulv(g, g->batch, x->stride[KP_BATCH]);
}

Access gemmAccess(Gen *g, MlirBlock entry, const KpTensor *t) {
  Access x = {.global = mlirBlockGetArgument(entry, t->arg), .tensor = t};
  for (int r = 0; r < KP_NUM_ROLES; ++r)
    x.stride[r] = gemmExtent(g, &t->stride[r]);
  for (int i = 0; t->mSplit && i < g->p->fused[KP_M].num; ++i)
    x.mStride[i] = gemmExtent(g, &t->mStride[i]);
  rebase(g, &x);
  return x;
}

void gemmSetBatch(Gen *g, MlirValue batch) {
  g->batch = batch;
  rebase(g, &g->ta);
  rebase(g, &g->tb);
  rebase(g, &g->tc);
  for (int i = 0; i < g->p->numInputs; ++i)
    rebase(g, &g->inputs[i]);
}

void gemmSplit(Gen *g, KpRole role, MlirValue index,
               MlirValue out[KP_MAX_FUSED]) {
  int n = g->p->fused[role].num;
  for (int i = n - 1; i > 0; --i) {
    out[i] = dlcArith(&g->b, "arith.remui", index, g->fusedSize[role][i]);
    index = dlcArith(&g->b, "arith.divui", index, g->fusedSize[role][i]);
  }
  if (n > 0)
    out[0] = index;
}

MlirValue gemmOffsetOf(Gen *g, const Access *x, KpRole r1, MlirValue i1,
                       KpRole r2, MlirValue i2) {
  MlirValue first;
  if (r1 == KP_M && x->tensor->mSplit) {
    MlirValue axes[KP_MAX_FUSED];
    gemmSplit(g, KP_M, i1, axes);
    first = cst(g, 0);
    for (int i = 0; i < g->p->fused[KP_M].num; ++i)
      first = add(g, first, mulv(g, axes[i], x->mStride[i]));
  } else {
    first = mulv(g, i1, x->stride[r1]);
  }
  return add(g, add(g, x->base, first), mulv(g, i2, x->stride[r2]));
}

/* --- epilogue and stores
 * ------------------------------------------------------------ */

/* The 2×2 f32 fragment of epilogue input `x` at rows (row, row + 8) and
 * columns (col, col + 1). An i1 tensor (an attention mask) reads as 0 or
 * 1. `inside`: the caller knows the fragment lies in M × N (a whole tile),
 * so the loads need no bounds. Else elements outside M × N read as 0 when
 * `zeroOutside`, and are left unspecified otherwise (an epilogue whose
 * stores skip them: no select, and a row-independent input still shares
 * its loads). An input constant along m (a bias) is read once for both
 * rows unless outside elements must be 0. */
static MlirValue inputFragment(Gen *g, const Access *x, MlirValue row,
                               MlirValue col, bool inside, bool zeroOutside) {
  MlirValue vals[4];
  MlirType element = kpElementType(g->b.ctx, x->tensor->element);
  MlirValue zero = cst(g, 0), zeroF = dlcConstFloat(&g->b, g->f32, 0.0);
  bool zeros = !inside && zeroOutside;
  bool sameRows =
      !zeros && kpExtentIs(&x->tensor->stride[KP_M], 0) && !x->tensor->mSplit;
  for (int h = 0; h < 2; ++h)
    for (int e = 0; e < 2; ++e) {
      if (h == 1 && sameRows) {
        vals[2 + e] = vals[e];
        continue;
      }
      MlirValue r = add(g, row, cst(g, 8 * h)), c = add(g, col, cst(g, e));
      MlirValue at = gemmOffsetOf(g, x, KP_M, r, KP_N, c);
      MlirValue ok = (MlirValue){NULL};
      if (!inside) {
        /* Row-independent: the row cannot take the address out. */
        ok = lt(g, c, g->size[KP_N]);
        if (!sameRows)
          ok = andi(g, lt(g, r, g->size[KP_M]), ok);
        at = sel(g, ok, at, zero);
      }
      MlirValue operands[] = {x->global, at};
      MlirValue v = dlcBuildValue(&g->b, "memref.load", 2, operands, element, 0,
                                  NULL, NULL);
      if (!mlirTypeEqual(element, g->f32))
        v = dlcBuildValue(
            &g->b, x->tensor->element == KP_I1 ? "arith.uitofp" : "arith.extf",
            1, &v, g->f32, 0, NULL, NULL);
      vals[2 * h + e] = zeros ? sel(g, ok, v, zeroF) : v;
    }
  return dlcBuildValue(&g->b, "vector.from_elements", 4, vals,
                       gemmVectorType(g, "2x2", g->f32), 0, NULL, NULL);
}

MlirValue gemmInputFragment(Gen *g, const Access *x, MlirValue row,
                            MlirValue col) {
  return inputFragment(g, x, row, col, false, true);
}

/* The problem's steps as the dlcgpu.epilogue `steps` attribute. */
MlirAttribute gemmStepsAttr(Gen *g) {
  const KpProblem *p = g->p;
  MlirContext ctx = g->b.ctx;
  MlirAttribute steps[KP_MAX_STEPS];
  for (int i = 0; i < p->numSteps; ++i) {
    const KpStep *s = &p->steps[i];
    int numArgs = s->args[0] < 0   ? 0
                  : s->args[1] < 0 ? 1
                  : s->args[2] < 0 ? 2
                                   : 3;
    int64_t args[3] = {s->args[0], s->args[1], s->args[2]};
    const char *keys[] = {"kind", "type", "fn", "args", "input", "value"};
    MlirAttribute values[] = {
        mlirStringAttrGet(
            ctx, mlirStringRefCreateFromCString(kpStepKindName(s->kind))),
        mlirTypeAttrGet(kpElementType(ctx, s->type)),
        mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(s->fn)),
        mlirDenseI64ArrayGet(ctx, numArgs, args),
        gemmI64(g, s->input),
        mlirFloatAttrDoubleGet(ctx, g->f32, s->value)};
    MlirNamedAttribute fields[6];
    for (int f = 0; f < 6; ++f)
      fields[f] = mlirNamedAttributeGet(
          mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(keys[f])),
          values[f]);
    steps[i] = mlirDictionaryAttrGet(ctx, 6, fields);
  }
  return mlirArrayAttrGet(ctx, p->numSteps, steps);
}

typedef struct TileStore {
  MlirValue out, row, col, token;
  bool pairs;  /* both columns in one vector store, or one at a time */
  bool inside; /* known to lie in M × N: no guards */
} TileStore;

/* Stores the two rows (lane/4 and lane/4 + 8) of one m16n8 fragment. */
static void gemmStoreTile(Gen *g, void *userData) {
  TileStore *s = userData;
  MlirType out = kpElementType(g->b.ctx, g->p->c.element);
  const char *posName[] = {"static_position"};
  for (int h = 0; h < 2; ++h) {
    MlirValue row = add(g, s->row, cst(g, 8 * h));
    MlirAttribute position = mlirDenseI64ArrayGet(g->b.ctx, 1, (int64_t[]){h});
    MlirValue pair =
        dlcBuildValue(&g->b, "vector.extract", 1, &s->out,
                      gemmVectorType(g, "2", out), 1, posName, &position);
    for (int e = 0; e < (s->pairs ? 1 : 2); ++e) {
      MlirValue col = add(g, s->col, cst(g, e)), v = pair;
      if (!s->pairs) { /* element e as a vector<1xT> */
        MlirAttribute pos = mlirDenseI64ArrayGet(g->b.ctx, 1, (int64_t[]){e});
        MlirValue scalar = dlcBuildValue(&g->b, "vector.extract", 1, &pair, out,
                                         1, posName, &pos);
        v = dlcBuildValue(&g->b, "vector.from_elements", 1, &scalar,
                          gemmVectorType(g, "1", out), 0, NULL, NULL);
      }
      MlirValue at = gemmOffsetOf(g, &g->tc, KP_M, row, KP_N, col);
      MlirValue pred = dlcConstInt(&g->b, g->i1, 1);
      if (!s->inside) {
        pred = andi(g, lt(g, row, g->size[KP_M]), lt(g, col, g->size[KP_N]));
        at = sel(g, pred, at, cst(g, 0));
      }
      MlirValue operands[] = {v, g->tc.global, at, pred, s->token};
      dlcBuild(&g->b, DLC_OP_DLCGPU_STORE_VEC, 5, operands, 0, NULL, 0, NULL,
               NULL);
    }
  }
}

/* Pairs of columns are one aligned vector store when C's columns are
 * contiguous and every row starts at an even element. */
MlirValue gemmPairStores(Gen *g) {
  if (!kpExtentIs(&g->p->c.stride[KP_N], 1))
    return dlcConstInt(&g->b, g->i1, 0);
  MlirValue even = andi(g, isMultiple(g, g->tc.stride[KP_M], 2),
                        isMultiple(g, g->tc.stride[KP_BATCH], 2));
  for (int i = 0; g->p->c.mSplit && i < g->p->fused[KP_M].num; ++i)
    even = andi(g, even, isMultiple(g, g->tc.mStride[i], 2));
  return andi(g, even, isMultiple(g, g->size[KP_N], 2));
}

/* The CTA's tile from the 1-D block id: tiles go in groups of
 * DLC_RASTER_GROUP tile-rows, column by column inside a group, so CTAs
 * running together share B's columns and A's rows in L2. */
void gemmRasterize(Gen *g, MlirValue *tileRow, MlirValue *tileCol) {
  gemmRasterizeTile(g, gemmGpuId(g, "gpu.block_id", "x"),
                    cst(g, DLC_RASTER_GROUP), tileRow, tileCol);
}

void gemmRasterizeTile(Gen *g, MlirValue pid, MlirValue group,
                       MlirValue *tileRow, MlirValue *tileCol) {
  MlirValue rows =
      divc(g, add(g, g->size[KP_M], cst(g, g->t->tileM - 1)), g->t->tileM);
  MlirValue cols =
      divc(g, add(g, g->size[KP_N], cst(g, g->t->tileN - 1)), g->t->tileN);
  gemmRasterizeGrid(g, pid, group, rows, cols, tileRow, tileCol);
}

void gemmRasterizeGrid(Gen *g, MlirValue pid, MlirValue group, MlirValue rows,
                       MlirValue cols, MlirValue *tileRow, MlirValue *tileCol) {
  MlirValue one = cst(g, 1);
  MlirValue perGroup = mulv(g, group, cols);
  MlirValue first =
      mulv(g, dlcArith(&g->b, "arith.divui", pid, perGroup), group);
  MlirValue size = dlcArith(&g->b, "arith.minsi", sub(g, rows, first), group);
  size = dlcArith(&g->b, "arith.maxsi", size, one);
  MlirValue inGroup = dlcArith(&g->b, "arith.remui", pid, perGroup);
  *tileRow = add(g, first, dlcArith(&g->b, "arith.remui", inGroup, size));
  *tileCol = dlcArith(&g->b, "arith.divui", inGroup, size);
}

void gemmGenInit(Gen *g, MlirOperation kernel, const KpProblem *p,
                 const DlcGemmTiling *t, int numTensors) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  memset(g, 0, sizeof(*g));
  g->b = dlcBuilderAtEnd(entry, mlirOperationGetLocation(kernel));
  g->p = p;
  g->t = t;
  g->idx = mlirIndexTypeGet(g->b.ctx);
  g->i1 = mlirIntegerTypeGet(g->b.ctx, 1);
  g->f32 = mlirF32TypeGet(g->b.ctx);
  g->in = kpElementType(g->b.ctx, p->a.element);
  gemmSetUpAddressing(g, entry, numTensors);
}

/* Sizes, strides and batch offsets from the kernel's symbol arguments. */
void gemmSetUpAddressing(Gen *g, MlirBlock entry, int numTensors) {
  const KpProblem *p = g->p;
  g->entry = entry;
  g->numTensors = numTensors;
  for (int r = 0; r < KP_NUM_ROLES; ++r) {
    g->size[r] = gemmExtent(g, &p->size[r]);
    for (int i = 0; p->implicit && i < p->fused[r].num; ++i)
      g->fusedSize[r][i] = gemmExtent(g, &p->fused[r].size[i]);
  }
  g->batch = gemmGpuId(g, "gpu.block_id", "y");
  g->ta = gemmAccess(g, entry, &p->a);
  g->tb = gemmAccess(g, entry, &p->b);
  g->tc = gemmAccess(g, entry, &p->c);
  for (int i = 0; i < p->numInputs; ++i)
    g->inputs[i] = gemmAccess(g, entry, &p->inputs[i]);
}

void gemmEpilogueInputs(Gen *g, MlirValue row, MlirValue col, bool inside,
                        MlirValue *out) {
  for (int in = 0; in < g->p->numInputs; ++in)
    out[in] = inputFragment(g, &g->inputs[in], row, col, inside, false);
}

MlirValue gemmEpilogueApply(Gen *g, MlirValue frag, MlirValue token,
                            const MlirValue *inputs, MlirAttribute steps,
                            MlirValue *storeToken) {
  MlirType types[] = {
      gemmVectorType(g, "2x2", kpElementType(g->b.ctx, g->p->c.element)),
      dlcType(g->b.ctx, "!dlcgpu.epilogue_token")};
  MlirValue operands[2 + KP_MAX_INPUTS] = {frag, token};
  for (int in = 0; in < g->p->numInputs; ++in)
    operands[2 + in] = inputs[in];
  const char *names[] = {"steps", "result", "overlap"};
  MlirAttribute attrs[] = {steps, gemmI64(g, g->p->result),
                           mlirBoolAttrGet(g->b.ctx, false)};
  MlirOperation epi =
      dlcBuild(&g->b, DLC_OP_DLCGPU_EPILOGUE, 2 + g->p->numInputs, operands, 2,
               types, 3, names, attrs);
  *storeToken = mlirOperationGetResult(epi, 1);
  return mlirOperationGetResult(epi, 0);
}

void gemmStoreFragment(Gen *g, MlirValue out, MlirValue token, MlirValue row,
                       MlirValue col, bool inside, MlirValue pairs) {
  TileStore store = {out, row, col, token, true, inside};
  if (inside) {
    gemmStoreTile(g, &store);
    return;
  }
  gemmEmitIf(g, pairs, gemmStoreTile, &store);
  store.pairs = false;
  MlirValue singles =
      dlcArith(&g->b, "arith.xori", pairs, dlcConstInt(&g->b, g->i1, 1));
  gemmEmitIf(g, singles, gemmStoreTile, &store);
}

/* Runs the problem's epilogue on one m16n8-shaped fragment (`frag`,
 * vector<2x2xf32>: rows row and row + 8, columns col and col + 1, the
 * layout of mma.sync's and wgmma's accumulators) once `token` completes,
 * and stores it with guarded stores: as column pairs where `pairs`
 * (gemmPairStores) holds, else one element at a time. */
void gemmEpilogueFragment(Gen *g, MlirValue frag, MlirValue token,
                          MlirValue row, MlirValue col, MlirAttribute steps,
                          MlirValue pairs) {
  MlirValue inputs[KP_MAX_INPUTS], storeToken;
  gemmEpilogueInputs(g, row, col, false, inputs);
  MlirValue out = gemmEpilogueApply(g, frag, token, inputs, steps, &storeToken);
  gemmStoreFragment(g, out, storeToken, row, col, false, pairs);
}

/* --- SM80 pieces
 * ------------------------------------------------------------- */

MlirValue gemmSwizzle(Gen *g, MlirValue row, MlirValue chunk,
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

MlirValue gemmSmemAlloc(Gen *g, int64_t stages, int64_t rows, int64_t cols) {
  int64_t chunksPerRow = cols / 8;
  const char *swizzleName = chunksPerRow >= 8   ? "128b"
                            : chunksPerRow == 4 ? "64b"
                            : chunksPerRow == 2 ? "32b"
                                                : "none";
  int64_t shape[] = {stages, rows, cols};
  MlirType type =
      mlirMemRefTypeGet(g->in, 3, shape, mlirAttributeGetNull(), gemmI64(g, 3));
  const char *names[] = {"alignment", "swizzle"};
  MlirAttribute attrs[] = {
      gemmI64(g, 128),
      mlirStringAttrGet(g->b.ctx, mlirStringRefCreateFromCString(swizzleName))};
  return dlcBuildValue(&g->b, DLC_OP_DLCGPU_SMEM_ALLOC, 0, NULL, type, 2, names,
                       attrs);
}

void gemmCpAsync(Gen *g, MlirValue smem, MlirValue stage, MlirValue row,
                 MlirValue col, MlirValue global, MlirValue offset,
                 MlirValue count) {
  MlirValue ok = lt(g, cst(g, 0), count);
  MlirValue operands[] = {
      smem, stage, row, col, global, sel(g, ok, offset, cst(g, 0)), count};
  int32_t sizes[] = {1, 3, 1, 1, 1};
  const char *names[] = {"elements", "cache", "operandSegmentSizes"};
  MlirAttribute attrs[] = {
      gemmI64(g, 8),
      mlirStringAttrGet(g->b.ctx, mlirStringRefCreateFromCString("cg")),
      mlirDenseI32ArrayGet(g->b.ctx, 5, sizes)};
  MlirType token = dlcType(g->b.ctx, "!dlcgpu.load_token");
  dlcBuild(&g->b, DLC_OP_DLCGPU_CP_ASYNC, 7, operands, 1, &token, 3, names,
           attrs);
}

MlirValue gemmCommitGroup(Gen *g) {
  MlirType token = dlcType(g->b.ctx, "!dlcgpu.load_token");
  return mlirOperationGetResult(dlcBuild(&g->b, DLC_OP_DLCGPU_COMMIT_GROUP, 0,
                                         NULL, 1, &token, 0, NULL, NULL),
                                0);
}

void gemmBarrier(Gen *g) {
  dlcBuild(&g->b, DLC_OP_DLCGPU_BARRIER, 0, NULL, 0, NULL, 0, NULL, NULL);
}

MlirValue gemmLdmatrix(Gen *g, MlirValue smem, MlirValue stage, MlirValue row,
                       MlirValue col, bool trans) {
  MlirValue operands[] = {smem, stage, row, col};
  const char *names[] = {"num", "trans"};
  MlirAttribute attrs[] = {gemmI64(g, 4), mlirBoolAttrGet(g->b.ctx, trans)};
  return dlcBuildValue(&g->b, DLC_OP_DLCGPU_LDMATRIX, 4, operands,
                       gemmVectorType(g, "4x2", g->in), 2, names, attrs);
}

/* Built with extract/insert, which lower to LLVM aggregates directly. */
MlirValue gemmHalfOf(Gen *g, MlirValue v, int64_t first) {
  MlirType pairType = gemmVectorType(g, "2x2", g->in);
  MlirType rowType = gemmVectorType(g, "2", g->in);
  MlirAttribute zero = mlirDenseElementsAttrSplatGet(
      pairType, mlirFloatAttrDoubleGet(g->b.ctx, g->in, 0.0));
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

MlirValue gemmMmaSync(Gen *g, MlirValue a, MlirValue b, MlirValue acc) {
  MlirType types[] = {gemmVectorType(g, "2x2", g->f32),
                      dlcType(g->b.ctx, "!dlcgpu.compute_token")};
  const char *names[] = {"shape"};
  MlirAttribute shape = dlcAttr(g->b.ctx, "array<i64: 16, 8, 16>");
  MlirValue operands[] = {a, b, acc};
  return mlirOperationGetResult(dlcBuild(&g->b, DLC_OP_DLCGPU_MMA_SYNC, 3,
                                         operands, 2, types, 1, names, &shape),
                                0);
}
