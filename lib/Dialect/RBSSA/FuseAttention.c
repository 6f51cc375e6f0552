/* rbssa-fuse-attention: recognises attention (spec §15.3) in a program's
 * regions and records its online-softmax form.
 *
 * convert-indexbook-to-rbssa splits attention in two regions: the scores
 * region yields P = softmax(mask(scale · Q Kᵀ + bias)) into a deferred
 * buffer, the output region contracts P with V. For every deferred buffer
 * with one consumer, the pair is read with the attention family of the
 * kernel-problem model (kpAttentionRead); when it is attention, the output
 * region gets `rbssa.attention`, the model as the plan reads it:
 *
 *   {scores = "<region>", buffer = "<P>", softmax = "online",
 *    mask = "none" | "causal" | "tensor", bias = "<name>"?,
 *    mask_tensor = "<name>"?, mask_keeps = bool? (true keeps the score),
 *    qk_scale = f64, exp2_scale = f64, q/k/v/o = "<tensor names>",
 *    lse = "<LSE>"?, lse_region = "<region>"?,
 *    fused = bool, not_fused = "<why>"?}
 *
 * When the online-softmax form computes it (kpAttentionOnlineProblem) the
 * pair is fused: the program lists the output region only and no longer
 * the buffer P (the flash kernel never stores it), and the scores region
 * is marked rbssa.fused_into = "<output region>" (kept for reading the
 * model; the planner and the skeletons skip it).
 *
 * A fused pair's log-sum-exp, computed by a third region over the same
 * scores (kpAttentionLseRead: the Frontend's "lse": true), is taken in:
 * that region is marked fused into the output region too and leaves the
 * program, and the output region gets its LSE argument (an output written
 * by the model, which the flash epilogue implements) and `lse`.
 *
 * A fused pair whose scores read Q, K, a bias or a mask from an earlier
 * region's buffer (a transformer's projections) hands those buffers to
 * the output region, which takes them in as inputs (takeScoresBuffers).
 *
 * A pair that is not attention is left alone (no diagnostic: it is an
 * ordinary program); attention that is not fused gets W1405 with the
 * reason. docs/passes/rbssa-fuse-attention.md. */
#include "AttentionProblem.h"
#include "Builder.h"
#include "PassDef.h"

#include "dlc/Diagnostics.h"
#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static bool isString(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a);
}

/* The rbssa.name of argument `arg` of a region. */
static MlirAttribute argName(MlirOperation func, int arg) {
  MlirAttribute all = dlcOperationAttrGet(func, "arg_attrs");
  if (arg < 0 || mlirAttributeIsNull(all) || !mlirAttributeIsAArray(all) ||
      arg >= mlirArrayAttrGetNumElements(all))
    return mlirAttributeGetNull();
  return dlcDictionaryAttrGet(mlirArrayAttrGetElement(all, arg), "rbssa.name");
}

static const char *const kMaskNames[] = {"none", "causal", "tensor"};

enum { MaxFields = 17 };

/* The model as the rbssa.attention dictionary. */
static MlirAttribute modelAttr(MlirContext ctx, const KpAttention *a,
                               MlirAttribute scoresName,
                               MlirAttribute bufferName, const char *notFused) {
  MlirType f64 = mlirF64TypeGet(ctx);
  const char *keys[MaxFields];
  MlirAttribute values[MaxFields];
  int n = 0;
#define PUT(key, value) (keys[n] = (key), values[n++] = (value))
  PUT("scores", scoresName);
  PUT("buffer", bufferName);
  PUT("softmax", dlcStringAttr(ctx, "online"));
  PUT("mask", dlcStringAttr(ctx, kMaskNames[a->mask]));
  if (a->hasBias)
    PUT("bias", argName(a->scores, a->bias.t.arg));
  if (a->mask == KP_ATTN_MASK_TENSOR) {
    PUT("mask_tensor", argName(a->scores, a->maskTensor.t.arg));
    PUT("mask_keeps", mlirBoolAttrGet(ctx, a->maskKeepsTrue));
  }
  PUT("qk_scale", mlirFloatAttrDoubleGet(ctx, f64, a->qkScale));
  PUT("exp2_scale", mlirFloatAttrDoubleGet(ctx, f64, a->expScale));
  PUT("q", argName(a->scores, a->q.t.arg));
  PUT("k", argName(a->scores, a->k.t.arg));
  PUT("v", argName(a->output, a->v.t.arg));
  PUT("o", argName(a->output, a->o.t.arg));
  if (a->hasLse) {
    PUT("lse", argName(a->lseRegion, a->lse.t.arg));
    PUT("lse_region", dlcOperationAttrGet(a->lseRegion, "rbssa.region"));
  }
  PUT("fused", mlirBoolAttrGet(ctx, !notFused));
  if (notFused)
    PUT("not_fused", dlcStringAttr(ctx, notFused));
#undef PUT
  MlirNamedAttribute fields[MaxFields];
  for (int i = 0; i < n; ++i)
    fields[i] = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(keys[i])),
        values[i]);
  return mlirDictionaryAttrGet(ctx, n, fields);
}

/* A copy of array `list` without the entries `drop` says. */
static MlirAttribute without(MlirContext ctx, MlirAttribute list,
                             const bool *drop) {
  intptr_t n = mlirArrayAttrGetNumElements(list), kept = 0;
  MlirAttribute *items = malloc(sizeof(MlirAttribute) * (size_t)(n + 1));
  if (!items)
    return list;
  for (intptr_t i = 0; i < n; ++i)
    if (!drop[i])
      items[kept++] = mlirArrayAttrGetElement(list, i);
  MlirAttribute out = mlirArrayAttrGet(ctx, kept, items);
  free(items);
  return out;
}

/* rbssa.program with `buffers` (the program's, updated: takeScoresBuffers)
 * less the fused ones, and the fused scores regions dropped. */
static void rewriteProgram(MlirOperation program, MlirAttribute buffers,
                           const bool *dropBuffer, const bool *dropRegion) {
  MlirContext ctx = mlirOperationGetContext(program);
  MlirAttribute old = dlcOperationAttrGet(program, "rbssa.program");
  intptr_t n = mlirDictionaryAttrGetNumElements(old);
  MlirNamedAttribute *fields =
      malloc(sizeof(MlirNamedAttribute) * (size_t)(n + 1));
  if (!fields)
    return;
  for (intptr_t i = 0; i < n; ++i) {
    fields[i] = mlirDictionaryAttrGetElement(old, i);
    MlirStringRef key = mlirIdentifierStr(fields[i].name);
    if (mlirStringRefEqual(key, mlirStringRefCreateFromCString("buffers")))
      fields[i].attribute = without(ctx, buffers, dropBuffer);
    else if (mlirStringRefEqual(key, mlirStringRefCreateFromCString("regions")))
      fields[i].attribute = without(ctx, fields[i].attribute, dropRegion);
  }
  mlirOperationSetAttributeByName(
      program, mlirStringRefCreateFromCString("rbssa.program"),
      mlirDictionaryAttrGet(ctx, n, fields));
  free(fields);
}

/* The log-sum-exp region of fused attention `a` among the program's
 * regions (kpAttentionLseRead), writing a program output; its index in
 * `regions` or -1. */
static intptr_t findLseRegion(MlirBlock body, MlirAttribute regions,
                              const bool *dropRegion, KpAttention *a) {
  for (intptr_t r = 0; r < mlirArrayAttrGetNumElements(regions); ++r) {
    MlirOperation func =
        kpFindRegion(body, mlirArrayAttrGetElement(regions, r));
    if (dropRegion[r] || mlirOperationIsNull(func) ||
        mlirOperationEqual(func, a->output) || kpAttentionLseRead(func, a))
      continue;
    if (mlirAttributeIsNull(
            kpArgAttr(func, a->lse.t.arg, "rbssa.intermediate")) &&
        !mlirAttributeIsNull(argName(func, a->lse.t.arg)))
      return r;
    a->hasLse = false;
  }
  return -1;
}

/* Inserts argument `at` of region `from` into region `to` at position
 * `pos` (its type and attributes), so that the fused kernel has it as a
 * parameter. False (nothing changed) when the arguments carry no
 * attributes to extend, or out of memory. */
static bool insertArgument(MlirOperation to, intptr_t pos, MlirOperation from,
                           int at) {
  MlirContext ctx = mlirOperationGetContext(to);
  MlirBlock fromBlock =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(from, 0));
  MlirBlock toBlock = mlirRegionGetFirstBlock(mlirOperationGetRegion(to, 0));
  intptr_t n = mlirBlockGetNumArguments(toBlock) + 1;
  MlirType *types = malloc(sizeof(MlirType) * (size_t)n);
  MlirAttribute *attrs = malloc(sizeof(MlirAttribute) * (size_t)n);
  MlirAttribute old = dlcOperationAttrGet(to, "arg_attrs");
  MlirAttribute fromAttrs = dlcOperationAttrGet(from, "arg_attrs");
  bool ok =
      types && attrs && pos >= 0 && pos < n && !mlirAttributeIsNull(old) &&
      mlirAttributeIsAArray(old) && mlirArrayAttrGetNumElements(old) == n - 1 &&
      !mlirAttributeIsNull(fromAttrs) && mlirAttributeIsAArray(fromAttrs) &&
      at >= 0 && at < mlirArrayAttrGetNumElements(fromAttrs);
  if (ok) {
    mlirBlockInsertArgument(
        toBlock, pos, mlirValueGetType(mlirBlockGetArgument(fromBlock, at)),
        mlirOperationGetLocation(to));
    for (intptr_t i = 0; i < n; ++i) {
      types[i] = mlirValueGetType(mlirBlockGetArgument(toBlock, i));
      attrs[i] = i == pos  ? mlirArrayAttrGetElement(fromAttrs, at)
                 : i < pos ? mlirArrayAttrGetElement(old, i)
                           : mlirArrayAttrGetElement(old, i - 1);
    }
    mlirOperationSetAttributeByName(
        to, mlirStringRefCreateFromCString("function_type"),
        mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n, types, 0, NULL)));
    mlirOperationSetAttributeByName(to,
                                    mlirStringRefCreateFromCString("arg_attrs"),
                                    mlirArrayAttrGet(ctx, n, attrs));
  }
  free(types);
  free(attrs);
  return ok;
}

/* The fused region `output` takes the log-sum-exp output in: the LSE
 * region's output argument appended. */
static bool appendLseArgument(MlirOperation output, const KpAttention *a) {
  MlirBlock to = mlirRegionGetFirstBlock(mlirOperationGetRegion(output, 0));
  return insertArgument(output, mlirBlockGetNumArguments(to), a->lseRegion,
                        a->lse.t.arg);
}

/* The index of `output`'s argument named `name`, or -1. */
static int argumentNamed(MlirOperation output, MlirAttribute name) {
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(output, 0));
  for (int i = 0; i < mlirBlockGetNumArguments(block); ++i)
    if (mlirAttributeEqual(argName(output, i), name))
      return i;
  return -1;
}

/* The first argument of `output` it writes (role "output"): where an input
 * is inserted, inputs before outputs (the kernel ABI). */
static intptr_t firstOutputArgument(MlirOperation output) {
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(output, 0));
  intptr_t n = mlirBlockGetNumArguments(block);
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute role = kpArgAttr(output, (int)i, "rbssa.role");
    if (isString(role) &&
        mlirStringRefEqual(mlirStringAttrGetValue(role),
                           mlirStringRefCreateFromCString("output")))
      return i;
  }
  return n;
}

/* Buffer entry `buffer` of the program read now by `output` in place of
 * the fused scores region: stored in global memory ("deferred" named a
 * pointwise hand-over to the scores region, which is gone). */
static MlirAttribute readByOutput(MlirContext ctx, MlirAttribute buffer,
                                  MlirAttribute scoresName,
                                  MlirAttribute outputName) {
  intptr_t n = mlirDictionaryAttrGetNumElements(buffer);
  MlirNamedAttribute *fields =
      malloc(sizeof(MlirNamedAttribute) * (size_t)(n + 1));
  if (!fields)
    return buffer;
  for (intptr_t i = 0; i < n; ++i) {
    fields[i] = mlirDictionaryAttrGetElement(buffer, i);
    MlirStringRef key = mlirIdentifierStr(fields[i].name);
    if (mlirStringRefEqual(key, mlirStringRefCreateFromCString("materialize")))
      fields[i].attribute = dlcStringAttr(ctx, "gmem");
    if (!mlirStringRefEqual(key, mlirStringRefCreateFromCString("consumers")) ||
        !mlirAttributeIsAArray(fields[i].attribute))
      continue;
    /* The consumers, the scores region replaced by the output region
     * (once: the output region may read the buffer already). */
    MlirAttribute list = fields[i].attribute;
    intptr_t m = mlirArrayAttrGetNumElements(list), kept = 0;
    MlirAttribute *items = malloc(sizeof(MlirAttribute) * (size_t)(m + 1));
    if (!items)
      continue;
    bool hasOutput = false;
    for (intptr_t j = 0; j < m; ++j) {
      MlirAttribute c = mlirArrayAttrGetElement(list, j);
      if (mlirAttributeEqual(c, scoresName) ||
          mlirAttributeEqual(c, outputName)) {
        if (hasOutput)
          continue;
        hasOutput = true;
        c = outputName;
      }
      items[kept++] = c;
    }
    fields[i].attribute = mlirArrayAttrGet(ctx, kept, items);
    free(items);
  }
  MlirAttribute out = mlirDictionaryAttrGet(ctx, n, fields);
  free(fields);
  return out;
}

/* The fused region `output` takes in the tensors of the model that the
 * scores region reads from intermediate buffers (a Q, K, bias or mask
 * computed by an earlier region: a transformer's projections), as
 * inputs; those buffers' entries in `buffers` name it as their consumer.
 * Returns how many arguments were inserted, -1 when one cannot be. */
static int takeScoresBuffers(MlirOperation output, const KpAttention *a,
                             MlirAttribute scoresName, MlirAttribute outputName,
                             MlirAttribute *buffers) {
  MlirContext ctx = mlirOperationGetContext(output);
  int args[] = {a->q.t.arg, a->k.t.arg, a->hasBias ? a->bias.t.arg : -1,
                a->mask == KP_ATTN_MASK_TENSOR ? a->maskTensor.t.arg : -1};
  int inserted = 0;
  for (size_t i = 0; i < sizeof(args) / sizeof(args[0]); ++i) {
    if (args[i] < 0 || mlirAttributeIsNull(
                           kpArgAttr(a->scores, args[i], "rbssa.intermediate")))
      continue;
    MlirAttribute name = argName(a->scores, args[i]);
    if (argumentNamed(output, name) < 0) {
      if (!insertArgument(output, firstOutputArgument(output), a->scores,
                          args[i]))
        return -1;
      ++inserted;
    }
    intptr_t n = mlirArrayAttrGetNumElements(*buffers);
    MlirAttribute *items = malloc(sizeof(MlirAttribute) * (size_t)(n + 1));
    if (!items)
      return -1;
    for (intptr_t b = 0; b < n; ++b) {
      items[b] = mlirArrayAttrGetElement(*buffers, b);
      if (mlirAttributeEqual(dlcDictionaryAttrGet(items[b], "name"), name))
        items[b] = readByOutput(ctx, items[b], scoresName, outputName);
    }
    *buffers = mlirArrayAttrGet(ctx, n, items);
    free(items);
  }
  return inserted;
}

/* Each deferred buffer of one program with one consumer: the pair read as
 * attention, the consumer annotated, the pair fused where it can be. */
static void fuseProgram(MlirBlock body, MlirOperation program) {
  MlirContext ctx = mlirOperationGetContext(program);
  MlirAttribute info = dlcOperationAttrGet(program, "rbssa.program");
  MlirAttribute buffers = dlcDictionaryAttrGet(info, "buffers");
  MlirAttribute regions = dlcDictionaryAttrGet(info, "regions");
  if (mlirAttributeIsNull(buffers) || !mlirAttributeIsAArray(buffers) ||
      mlirAttributeIsNull(regions) || !mlirAttributeIsAArray(regions))
    return;
  intptr_t numBuffers = mlirArrayAttrGetNumElements(buffers);
  intptr_t numRegions = mlirArrayAttrGetNumElements(regions);
  bool *dropBuffer = calloc((size_t)numBuffers + 1, sizeof(bool));
  bool *dropRegion = calloc((size_t)numRegions + 1, sizeof(bool));
  bool fusedAny = false;
  for (intptr_t i = 0; dropBuffer && dropRegion && i < numBuffers; ++i) {
    MlirAttribute buffer = mlirArrayAttrGetElement(buffers, i);
    MlirAttribute materialize = dlcDictionaryAttrGet(buffer, "materialize");
    MlirAttribute consumers = dlcDictionaryAttrGet(buffer, "consumers");
    MlirAttribute producer = dlcDictionaryAttrGet(buffer, "producer");
    if (!isString(materialize) ||
        !mlirStringRefEqual(mlirStringAttrGetValue(materialize),
                            mlirStringRefCreateFromCString("deferred")) ||
        !isString(producer) || mlirAttributeIsNull(consumers) ||
        !mlirAttributeIsAArray(consumers) ||
        mlirArrayAttrGetNumElements(consumers) != 1)
      continue;
    MlirAttribute outputName = mlirArrayAttrGetElement(consumers, 0);
    MlirOperation scores = kpFindRegion(body, producer);
    MlirOperation output = kpFindRegion(body, outputName);
    KpAttention a;
    if (mlirOperationIsNull(scores) || mlirOperationIsNull(output) ||
        kpAttentionRead(scores, output, &a))
      continue;
    /* Every tensor of the model is named (a hand-written region may not
     * be): the model names them. */
    bool named =
        !mlirAttributeIsNull(argName(a.scores, a.q.t.arg)) &&
        !mlirAttributeIsNull(argName(a.scores, a.k.t.arg)) &&
        !mlirAttributeIsNull(argName(output, a.v.t.arg)) &&
        !mlirAttributeIsNull(argName(output, a.o.t.arg)) &&
        (!a.hasBias || !mlirAttributeIsNull(argName(a.scores, a.bias.t.arg))) &&
        (a.mask != KP_ATTN_MASK_TENSOR ||
         !mlirAttributeIsNull(argName(a.scores, a.maskTensor.t.arg))) &&
        isString(dlcDictionaryAttrGet(buffer, "name"));
    if (!named)
      continue;
    const char *notFused = kpAttentionOnlineProblem(&a);
    /* Q or K computed by an earlier region: the fused kernel reads its
     * buffer, the scores region (which read it) being gone. The output
     * region's arguments shift: the model is read again. */
    int taken = notFused ? 0
                         : takeScoresBuffers(output, &a, producer, outputName,
                                             &buffers);
    if (taken < 0 || (taken > 0 && kpAttentionRead(scores, output, &a)))
      notFused = "its scores read an intermediate buffer that the fused "
                 "region cannot take as an argument";
    intptr_t lse = notFused ? -1 : findLseRegion(body, regions, dropRegion, &a);
    if (lse >= 0 && !appendLseArgument(output, &a)) {
      a.hasLse = false; /* left as its own region */
      lse = -1;
    }
    if (lse >= 0) {
      mlirOperationSetAttributeByName(
          a.lseRegion, mlirStringRefCreateFromCString("rbssa.fused_into"),
          outputName);
      dropRegion[lse] = true;
    }
    mlirOperationSetAttributeByName(
        output, mlirStringRefCreateFromCString("rbssa.attention"),
        modelAttr(ctx, &a, producer, dlcDictionaryAttrGet(buffer, "name"),
                  notFused));
    if (notFused) {
      /* Recognised but not fused: the user who wrote attention learns why
       * it becomes two kernels with P in global memory, and what that
       * costs: the scores region holds Q·Kᵀ inside its row max and sum,
       * which the memory-bound skeleton recomputes for every CTA of outputs
       * (run lm-1: at D = 32, 180 to 19 000 times SDPA's time). */
      dlcEmitDiagnostic(output, &dlcAttentionNotFused,
                        "see docs/passes/rbssa-fuse-attention.md for the "
                        "forms the flash kernel takes",
                        "attention is recognised but not fused into one flash "
                        "kernel: %s; it compiles as two kernels (scores, "
                        "then P·V) with P in global memory, and the scores "
                        "kernel recomputes Q·Kᵀ on CUDA cores for the row "
                        "max and sum (work growing as M·N²·D, orders of "
                        "magnitude slower than the flash kernel)",
                        notFused);
      continue;
    }
    mlirOperationSetAttributeByName(
        scores, mlirStringRefCreateFromCString("rbssa.fused_into"), outputName);
    dropBuffer[i] = true;
    for (intptr_t r = 0; r < numRegions; ++r)
      if (mlirAttributeEqual(mlirArrayAttrGetElement(regions, r), producer))
        dropRegion[r] = true;
    fusedAny = true;
  }
  if (fusedAny)
    rewriteProgram(program, buffers, dropBuffer, dropRegion);
  free(dropBuffer);
  free(dropRegion);
}

static void runFuseAttention(MlirOperation module, MlirExternalPass pass,
                             const DlcPassOptions *options) {
  (void)pass;
  (void)options;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (dlcOperationIsA(op, "func.func") &&
        !mlirAttributeIsNull(dlcOperationAttrGet(op, "rbssa.program")))
      fuseProgram(body, op);
}

const DlcPassDef dlcRBSSAFuseAttentionPass = {
    {"rbssa-fuse-attention",
     "Recognise attention (QKᵀ, scale, mask, row softmax, P·V) across a "
     "program's two regions and record its online-softmax model "
     "(rbssa.attention) on the output region",
     "builtin.module", 0, NULL},
    runFuseAttention,
    NULL,
    NULL,
};
