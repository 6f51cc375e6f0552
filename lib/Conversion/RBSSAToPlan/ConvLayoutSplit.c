/* The layout transform of an NCHW convolution, made regions of the program
 * (docs/passes/convert-rbssa-to-plan.md, "NCHW convolutions"). Once the
 * planner has put such a convolution on the SM90 skeleton (ConvLayout.c
 * weighs the transform against the SM80 gather), two regions are inserted
 * before it:
 *
 *   <region>_nhwc   T_x[n][h][w][c] = X[n][c][h][w]
 *   <region>_krsc   T_w[k][r][s][c] = W[k][c][r][s]
 *
 * (dlc.layout_of names the tensor they read) whose outputs are
 * intermediate buffers (rbssa.intermediate), and every
 * read of X and W in the convolution becomes a read of T_x and T_w, its
 * map's results permuted the same way. The convolution is then an NHWC /
 * KRSC one, which the SM90 implicit GEMM reads through TMA. A later
 * convolution of the program reading the same tensor reads the same
 * intermediate (a residual block's two convolutions of X). The transform
 * regions are planned as any memory-bound region (transpose mode where
 * their extents allow), checked by dlc-interp and run by the program's
 * host like any other kernel. */
#include "../PlanToDLCGPU/Skeleton.h"
#include "Builder.h"
#include "DialectNames.h"
#include "FunctionList.h"
#include "Plan.h"
#include "TextBuffer.h"
#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

/* NCHW → NHWC and KCRS → KRSC: dim j of the result is dim kToLast[j]. */
static const int kToLast[4] = {0, 2, 3, 1};

static MlirAttribute argAttrs(MlirOperation func, int arg) {
  MlirAttribute all = dlcOperationAttrGet(func, "arg_attrs");
  return mlirArrayAttrGetElement(all, arg);
}

/* Whether a function of the module `module` or one of their arguments is
 * named `name` (a symbol, or an rbssa.name). */
static bool nameTaken(MlirOperation module, const char *name) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirAttribute wanted = dlcStringAttr(mlirOperationGetContext(module), name);
  for (MlirOperation f = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f)) {
    if (mlirAttributeEqual(dlcOperationAttrGet(f, "sym_name"), wanted))
      return true;
    MlirAttribute all = dlcOperationAttrGet(f, "arg_attrs");
    if (mlirAttributeIsNull(all) || !mlirAttributeIsAArray(all))
      continue;
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(all); ++i)
      if (mlirAttributeEqual(dlcDictionaryAttrGet(
                                 mlirArrayAttrGetElement(all, i), "rbssa.name"),
                             wanted))
        return true;
  }
  return false;
}

/* `base` + "_" + `suffix`, numbered on where the module has it already. */
static void freshName(MlirOperation module, const char *base,
                      const char *suffix, char name[DLC_PLAN_NAME]) {
  snprintf(name, DLC_PLAN_NAME, "%.40s_%s", base, suffix);
  for (int n = 2; nameTaken(module, name) && n < 1000; ++n)
    snprintf(name, DLC_PLAN_NAME, "%.40s_%s%d", base, suffix, n);
}

/* `array` (4 entries, NCHW order) in NHWC order. */
static MlirAttribute permutedArray(MlirContext ctx, MlirAttribute array) {
  MlirAttribute entries[4];
  for (int j = 0; j < 4; ++j)
    entries[j] = mlirArrayAttrGetElement(array, kToLast[j]);
  return mlirArrayAttrGet(ctx, 4, entries);
}

static MlirType permutedMemRef(MlirType memref) {
  int64_t shape[4];
  for (int j = 0; j < 4; ++j)
    shape[j] = mlirShapedTypeGetDimSize(memref, kToLast[j]);
  return mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(memref), 4,
                                     shape, mlirAttributeGetNull());
}

/* `dict` with field `field` set. */
static MlirAttribute dictionaryWith(MlirContext ctx, MlirAttribute dict,
                                    MlirNamedAttribute field) {
  intptr_t n = mlirDictionaryAttrGetNumElements(dict);
  MlirNamedAttribute *fields = malloc((size_t)(n + 1) * sizeof(*fields));
  if (!fields)
    abort(); /* out of memory: MLIR itself cannot go on either */
  intptr_t kept = 0;
  for (intptr_t i = 0; i < n; ++i) {
    MlirNamedAttribute f = mlirDictionaryAttrGetElement(dict, i);
    if (!mlirIdentifierEqual(f.name, field.name))
      fields[kept++] = f;
  }
  fields[kept++] = field;
  MlirAttribute out = mlirDictionaryAttrGet(ctx, kept, fields);
  free(fields);
  return out;
}

/* The argument attributes of the transform's output `name`: row-major
 * (the transform writes it contiguous), `shape`, an intermediate of role
 * `role`. */
static MlirAttribute intermediateAttrs(MlirContext ctx, const char *name,
                                       MlirAttribute shape, const char *role) {
  MlirNamedAttribute fields[] = {
      dlcNamedAttr(ctx, "rbssa.alignment", dlcI64Attr(ctx, 128)),
      dlcNamedAttr(ctx, "rbssa.intermediate", mlirUnitAttrGet(ctx)),
      dlcNamedAttr(ctx, "rbssa.layout", dlcAttr(ctx, "{kind = \"row_major\"}")),
      dlcNamedAttr(ctx, "rbssa.name", dlcStringAttr(ctx, name)),
      dlcNamedAttr(ctx, "rbssa.noalias", mlirUnitAttrGet(ctx)),
      dlcNamedAttr(ctx, "rbssa.role", dlcStringAttr(ctx, role)),
      dlcNamedAttr(ctx, "rbssa.shape", shape),
  };
  return mlirDictionaryAttrGet(ctx, 7, fields);
}

static void printAttr(DlcTextBuffer *t, MlirAttribute a) {
  mlirAttributePrint(a, dlcTextBufferAppend, t);
}

static void printType(DlcTextBuffer *t, MlirType type) {
  mlirTypePrint(type, dlcTextBufferAppend, t);
}

static void append(DlcTextBuffer *t, const char *text) {
  dlcTextBufferAppend(mlirStringRefCreateFromCString(text), t);
}

static void setLocation(MlirOperation op, MlirLocation loc) {
  mlirOperationSetLocation(op, loc);
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b);
           !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
        setLocation(o, loc);
}

/* The transform region `name` writing `to` (`toType`, attributes
 * `toAttrs`) = region argument `arg` of `conv` in NHWC order; null when it
 * does not parse (a defect of this file). */
static MlirOperation transformRegion(MlirOperation conv, int arg,
                                     const char *name, MlirType toType,
                                     MlirAttribute toAttrs) {
  MlirContext ctx = mlirOperationGetContext(conv);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(conv, 0));
  MlirType fromType = mlirValueGetType(mlirBlockGetArgument(body, arg));
  MlirAttribute shape = dlcDictionaryAttrGet(toAttrs, "rbssa.shape");
  MlirAttribute symbols = dlcOperationAttrGet(conv, "rbssa.symbols");
  MlirAttribute derived = dlcOperationAttrGet(conv, "dlc.derived");
  bool dynamic = false;
  for (int j = 0; j < 4; ++j)
    dynamic |= mlirShapedTypeIsDynamicDim(toType, j);
  /* The read's value: the output's shape, named where a dim is symbolic. */
  int64_t dims[4];
  for (int j = 0; j < 4; ++j)
    dims[j] = mlirShapedTypeGetDimSize(toType, j);
  MlirType value =
      mlirRankedTensorTypeGet(4, dims, mlirShapedTypeGetElementType(toType),
                              dynamic ? shape : mlirAttributeGetNull());

  DlcTextBuffer t = {0};
  append(&t, "func.func @");
  append(&t, name);
  append(&t, "(%from: ");
  printType(&t, fromType);
  append(&t, " ");
  printAttr(&t, argAttrs(conv, arg));
  append(&t, ", %to: ");
  printType(&t, toType);
  append(&t, " ");
  printAttr(&t, toAttrs);
  append(&t, ") attributes {rbssa.iters = [");
  static const char *const iterNames[4] = {"i0", "i1", "i2", "i3"};
  for (int j = 0; j < 4; ++j) {
    append(&t, j ? ", {name = \"" : "{name = \"");
    append(&t, iterNames[j]);
    append(&t, "\", size = ");
    printAttr(&t, mlirArrayAttrGetElement(shape, j));
    append(&t, "}");
  }
  append(&t, "], rbssa.reduce_iters = [], rbssa.region = \"");
  append(&t, name);
  append(&t, "\", rbssa.symbols = ");
  printAttr(&t, symbols);
  append(&t, ", dlc.layout_of = ");
  printAttr(&t, dlcDictionaryAttrGet(argAttrs(conv, arg), "rbssa.name"));
  if (!mlirAttributeIsNull(derived)) {
    append(&t, ", dlc.derived = ");
    printAttr(&t, derived);
  }
  /* T[d0][d1][d2][d3] = X[d0][d3][d1][d2]. */
  append(&t, "} {\n  %v = \"rbssa.read\"(%from) {map = affine_map<(d0, d1, "
             "d2, d3)[");
  intptr_t numSymbols = mlirArrayAttrGetNumElements(symbols);
  for (intptr_t s = 0; s < numSymbols; ++s) {
    char sym[24];
    snprintf(sym, sizeof(sym), "%ss%ld", s ? ", " : "", (long)s);
    append(&t, sym);
  }
  append(&t, "] -> (d0, d3, d1, d2)>} : (");
  printType(&t, fromType);
  append(&t, ") -> ");
  printType(&t, value);
  append(&t, "\n  \"rbssa.yield\"(%v, %to) {cast = ");
  printType(&t, mlirShapedTypeGetElementType(toType));
  append(&t, ", materialize = \"gmem\"} : (");
  printType(&t, value);
  append(&t, ", ");
  printType(&t, toType);
  append(&t, ") -> ()\n  return\n}\n");
  MlirOperation func = t.data
                           ? mlirOperationCreateParse(
                                 ctx, mlirStringRefCreate(t.data, t.size),
                                 mlirStringRefCreateFromCString("conv-layout"))
                           : (MlirOperation){NULL};
  free(t.data);
  if (!mlirOperationIsNull(func))
    setLocation(func, mlirOperationGetLocation(conv));
  return func;
}

/* Whether every use of argument `arg` of `conv` is an rbssa.read. */
static bool onlyRead(MlirOperation conv, int arg) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(conv, 0));
  MlirValue value = mlirBlockGetArgument(body, arg);
  for (MlirOpOperand use = mlirValueGetFirstUse(value);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
    if (!dlcRbssaIsRead(mlirOpOperandGetOwner(use)))
      return false;
  return true;
}

/* Every read of argument `arg` of `conv` (onlyRead) reads it in NHWC
 * order: the argument becomes `type` with attributes `attrs`, each read's
 * map has its results permuted. */
static void readPermuted(MlirOperation conv, int arg, MlirType type,
                         MlirAttribute attrs) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(conv, 0));
  MlirValue value = mlirBlockGetArgument(body, arg);
  for (MlirOpOperand use = mlirValueGetFirstUse(value);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation read = mlirOpOperandGetOwner(use);
    MlirAffineMap map =
        mlirAffineMapAttrGetValue(dlcOperationAttrGet(read, "map"));
    MlirAffineExpr results[4];
    for (int j = 0; j < 4; ++j)
      results[j] = mlirAffineMapGetResult(map, kToLast[j]);
    MlirAffineMap permuted = mlirAffineMapGet(
        mlirAffineMapGetContext(map), mlirAffineMapGetNumDims(map),
        mlirAffineMapGetNumSymbols(map), 4, results);
    mlirOperationSetAttributeByName(read, mlirStringRefCreateFromCString("map"),
                                    mlirAffineMapAttrGet(permuted));
  }
  mlirValueSetType(value, type);
  MlirAttribute all = dlcOperationAttrGet(conv, "arg_attrs");
  intptr_t n = mlirArrayAttrGetNumElements(all);
  MlirAttribute *each = malloc((size_t)n * sizeof(*each));
  if (!each)
    abort(); /* out of memory: MLIR itself cannot go on either */
  for (intptr_t i = 0; i < n; ++i)
    each[i] = i == arg ? attrs : mlirArrayAttrGetElement(all, i);
  mlirOperationSetAttributeByName(
      conv, mlirStringRefCreateFromCString("arg_attrs"),
      mlirArrayAttrGet(mlirOperationGetContext(conv), n, each));
  free(each);
  dlcFunctionTypeUpdate(conv);
}

/* The program declaration (a bodiless func.func with rbssa.program) whose
 * regions list `region`, and its place there (*at); null when none. */
static MlirOperation programOf(MlirOperation module, MlirAttribute region,
                               intptr_t *at) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f)) {
    MlirAttribute regions = dlcDictionaryAttrGet(
        dlcOperationAttrGet(f, "rbssa.program"), "regions");
    if (mlirAttributeIsNull(regions) || !mlirAttributeIsAArray(regions))
      continue;
    for (*at = 0; *at < mlirArrayAttrGetNumElements(regions); ++*at)
      if (mlirAttributeEqual(mlirArrayAttrGetElement(regions, *at), region))
        return f;
  }
  return (MlirOperation){NULL};
}

/* A transform region of `conv`'s program that reads tensor `tensor`
 * already (an earlier convolution's), or null. */
static MlirOperation earlierTransform(MlirOperation conv,
                                      MlirAttribute tensor) {
  MlirOperation module = mlirOperationGetParentOperation(conv);
  intptr_t at = 0;
  MlirOperation program =
      programOf(module, dlcOperationAttrGet(conv, "rbssa.region"), &at);
  if (mlirOperationIsNull(program))
    return program;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f)) {
    intptr_t where = 0;
    if (mlirAttributeEqual(dlcOperationAttrGet(f, "dlc.layout_of"), tensor) &&
        mlirOperationEqual(
            programOf(module, dlcOperationAttrGet(f, "rbssa.region"), &where),
            program))
      return f;
  }
  return (MlirOperation){NULL};
}

bool dlcPlanConvLayoutSplit(MlirOperation conv, DlcConvLayoutSplit *out) {
  int *args = out->args;
  if (!dlcPlanConvTransposed(conv, args) || !onlyRead(conv, args[0]) ||
      !onlyRead(conv, args[1]))
    return false;
  MlirContext ctx = mlirOperationGetContext(conv);
  MlirOperation module = mlirOperationGetParentOperation(conv);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(conv, 0));
  char region[DLC_PLAN_NAME];
  dlcPlanRegionName(conv, region);
  static const char *const suffix[DLC_PLAN_CONV_LAYOUT] = {"nhwc", "krsc"};
  MlirType types[DLC_PLAN_CONV_LAYOUT];
  MlirAttribute reads[DLC_PLAN_CONV_LAYOUT];
  for (int i = 0; i < DLC_PLAN_CONV_LAYOUT; ++i) {
    MlirAttribute from = argAttrs(conv, args[i]);
    MlirOperation earlier =
        earlierTransform(conv, dlcDictionaryAttrGet(from, "rbssa.name"));
    out->reused[i] = !mlirOperationIsNull(earlier);
    if (out->reused[i]) {
      MlirAttribute to = argAttrs(earlier, 1);
      MlirNamedAttribute role =
          dlcNamedAttr(ctx, "rbssa.role", dlcStringAttr(ctx, "input"));
      out->transforms[i] = earlier;
      types[i] = mlirValueGetType(mlirBlockGetArgument(
          mlirRegionGetFirstBlock(mlirOperationGetRegion(earlier, 0)), 1));
      reads[i] = dictionaryWith(ctx, to, role);
      continue;
    }
    MlirStringRef tensor =
        mlirStringAttrGetValue(dlcDictionaryAttrGet(from, "rbssa.name"));
    char base[DLC_PLAN_NAME], name[DLC_PLAN_NAME], regionName[DLC_PLAN_NAME];
    snprintf(base, sizeof(base), "%.*s", (int)tensor.length, tensor.data);
    freshName(module, base, suffix[i], name);
    freshName(module, region, suffix[i], regionName);
    types[i] =
        permutedMemRef(mlirValueGetType(mlirBlockGetArgument(body, args[i])));
    MlirAttribute shape =
        permutedArray(ctx, dlcDictionaryAttrGet(from, "rbssa.shape"));
    reads[i] = intermediateAttrs(ctx, name, shape, "input");
    out->transforms[i] =
        transformRegion(conv, args[i], regionName, types[i],
                        intermediateAttrs(ctx, name, shape, "output"));
    if (mlirOperationIsNull(out->transforms[i])) {
      for (int j = 0; j < i; ++j)
        if (!out->reused[j])
          mlirOperationDestroy(out->transforms[j]);
      return false; /* the text did not parse: a defect of this file */
    }
  }
  /* In program order: the transforms, then the convolution. */
  for (int i = 0; i < DLC_PLAN_CONV_LAYOUT; ++i) {
    readPermuted(conv, args[i], types[i], reads[i]);
    if (!out->reused[i])
      mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(conv), conv,
                                          out->transforms[i]);
  }
  return true;
}

/* rbssa.program's entry for the output of `transform` (its argument 1),
 * read by `consumer`. */
static MlirAttribute bufferEntry(MlirOperation transform,
                                 MlirAttribute consumer) {
  MlirContext ctx = mlirOperationGetContext(transform);
  MlirAttribute attrs = argAttrs(transform, 1);
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(transform, 0));
  MlirType type = mlirValueGetType(mlirBlockGetArgument(body, 1));
  MlirNamedAttribute fields[] = {
      dlcNamedAttr(ctx, "consumers", mlirArrayAttrGet(ctx, 1, &consumer)),
      dlcNamedAttr(ctx, "dtype",
                   mlirTypeAttrGet(mlirShapedTypeGetElementType(type))),
      dlcNamedAttr(ctx, "materialize", dlcStringAttr(ctx, "gmem")),
      dlcNamedAttr(ctx, "name", dlcDictionaryAttrGet(attrs, "rbssa.name")),
      dlcNamedAttr(ctx, "producer", dlcOperationAttrGet(transform, "sym_name")),
      dlcNamedAttr(ctx, "shape", dlcDictionaryAttrGet(attrs, "rbssa.shape")),
  };
  return mlirDictionaryAttrGet(ctx, 6, fields);
}

/* `list` with `item` inserted at `at`. */
static MlirAttribute inserted(MlirContext ctx, MlirAttribute list, intptr_t at,
                              MlirAttribute item) {
  intptr_t n = mlirArrayAttrGetNumElements(list);
  MlirAttribute *all = malloc((size_t)(n + 1) * sizeof(*all));
  if (!all)
    abort(); /* out of memory: MLIR itself cannot go on either */
  for (intptr_t i = 0, j = 0; i <= n; ++i)
    all[i] = i == at ? item : mlirArrayAttrGetElement(list, j++);
  MlirAttribute out = mlirArrayAttrGet(ctx, n + 1, all);
  free(all);
  return out;
}

/* `buffers` with `consumer` added to the consumers of the buffer
 * `transform` produces. */
static MlirAttribute withConsumer(MlirContext ctx, MlirAttribute buffers,
                                  MlirOperation transform,
                                  MlirAttribute consumer) {
  MlirAttribute producer = dlcOperationAttrGet(transform, "sym_name");
  intptr_t n = mlirArrayAttrGetNumElements(buffers);
  MlirAttribute *all = malloc((size_t)n * sizeof(*all) + 1);
  if (!all)
    abort(); /* out of memory: MLIR itself cannot go on either */
  for (intptr_t i = 0; i < n; ++i) {
    all[i] = mlirArrayAttrGetElement(buffers, i);
    if (!mlirAttributeEqual(dlcDictionaryAttrGet(all[i], "producer"), producer))
      continue;
    MlirAttribute consumers = dlcDictionaryAttrGet(all[i], "consumers");
    all[i] = dictionaryWith(
        ctx, all[i],
        dlcNamedAttr(ctx, "consumers",
                     inserted(ctx, consumers,
                              mlirArrayAttrGetNumElements(consumers),
                              consumer)));
  }
  MlirAttribute out = mlirArrayAttrGet(ctx, n, all);
  free(all);
  return out;
}

static void setAttr(MlirOperation op, const char *name, MlirAttribute value) {
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString(name),
                                  value);
}

/* A program declaration `name` for region `conv`, a whole graph before
 * the split: the graph's signature (the transforms' inputs in place of the
 * intermediates `conv` now reads). */
static MlirOperation newProgram(MlirOperation conv,
                                const DlcConvLayoutSplit *split,
                                MlirAttribute name) {
  MlirContext ctx = mlirOperationGetContext(conv);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(conv, 0));
  intptr_t n = mlirBlockGetNumArguments(body);
  MlirType *types = malloc((size_t)n * sizeof(*types) + 1);
  MlirAttribute *attrs = malloc((size_t)n * sizeof(*attrs) + 1);
  if (!types || !attrs)
    abort(); /* out of memory: MLIR itself cannot go on either */
  for (intptr_t i = 0; i < n; ++i) {
    MlirOperation from = conv;
    int arg = (int)i;
    for (int t = 0; t < DLC_PLAN_CONV_LAYOUT; ++t)
      if (split->args[t] == i)
        from = split->transforms[t], arg = 0;
    MlirBlock fromBody =
        mlirRegionGetFirstBlock(mlirOperationGetRegion(from, 0));
    types[i] = mlirValueGetType(mlirBlockGetArgument(fromBody, arg));
    attrs[i] = argAttrs(from, arg);
  }
  MlirNamedAttribute fields[] = {
      dlcNamedAttr(ctx, "sym_name", name),
      dlcNamedAttr(ctx, "sym_visibility", dlcStringAttr(ctx, "private")),
      dlcNamedAttr(
          ctx, "function_type",
          mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n, types, 0, NULL))),
      dlcNamedAttr(ctx, "arg_attrs", mlirArrayAttrGet(ctx, n, attrs)),
  };
  free(types);
  free(attrs);
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"),
                            mlirOperationGetLocation(conv));
  mlirOperationStateAddAttributes(&state, 4, fields);
  MlirRegion region = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirOperation decl = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(conv),
                                      split->transforms[0], decl);
  return decl;
}

void dlcPlanConvLayoutProgram(MlirOperation conv,
                              const DlcConvLayoutSplit *split) {
  MlirContext ctx = mlirOperationGetContext(conv);
  MlirOperation module = mlirOperationGetParentOperation(conv);
  intptr_t at = 0;
  MlirOperation program =
      programOf(module, dlcOperationAttrGet(conv, "rbssa.region"), &at);
  if (mlirOperationIsNull(program)) {
    /* A whole graph: the program takes its name, the region `<graph>_r0`. */
    MlirAttribute graph = dlcOperationAttrGet(conv, "sym_name");
    program = newProgram(conv, split, graph);
    MlirStringRef base = mlirStringAttrGetValue(graph);
    char *renamed = dlcFormat("%.*s_r0", (int)base.length, base.data);
    if (!renamed)
      abort(); /* out of memory: MLIR itself cannot go on either */
    MlirAttribute region = dlcStringAttr(ctx, renamed);
    free(renamed);
    setAttr(conv, "sym_name", region);
    setAttr(conv, "rbssa.region", region);
    MlirAttribute none = mlirArrayAttrGet(ctx, 0, NULL);
    MlirNamedAttribute fields[] = {
        dlcNamedAttr(ctx, "buffers", none),
        dlcNamedAttr(ctx, "regions", mlirArrayAttrGet(ctx, 1, &region)),
    };
    setAttr(program, "rbssa.program", mlirDictionaryAttrGet(ctx, 2, fields));
    at = 0;
  }
  MlirAttribute info = dlcOperationAttrGet(program, "rbssa.program");
  MlirAttribute region = dlcOperationAttrGet(conv, "rbssa.region");
  MlirAttribute buffers = dlcDictionaryAttrGet(info, "buffers");
  MlirAttribute regions = dlcDictionaryAttrGet(info, "regions");
  for (int t = 0; t < DLC_PLAN_CONV_LAYOUT; ++t) {
    MlirOperation transform = split->transforms[t];
    if (split->reused[t]) {
      buffers = withConsumer(ctx, buffers, transform, region);
      continue;
    }
    MlirAttribute name = dlcOperationAttrGet(transform, "sym_name");
    MlirAttribute buffer = bufferEntry(transform, region);
    buffers =
        inserted(ctx, buffers, mlirArrayAttrGetNumElements(buffers), buffer);
    regions = inserted(ctx, regions, at++, name);
  }
  MlirNamedAttribute fields[] = {
      dlcNamedAttr(ctx, "buffers", buffers),
      dlcNamedAttr(ctx, "regions", regions),
  };
  setAttr(program, "rbssa.program", mlirDictionaryAttrGet(ctx, 2, fields));
}
