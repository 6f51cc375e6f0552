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

/* rbssa.program with the fused buffers and scores regions dropped. */
static void rewriteProgram(MlirOperation program, const bool *dropBuffer,
                           const bool *dropRegion) {
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
      fields[i].attribute = without(ctx, fields[i].attribute, dropBuffer);
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

/* The fused region `output` takes the log-sum-exp output in: the LSE
 * region's output argument appended (type, attributes), so the flash
 * kernel has it as a parameter. False (nothing changed) when its
 * arguments carry no attributes to extend, or out of memory. */
static bool appendLseArgument(MlirOperation output, const KpAttention *a) {
  MlirContext ctx = mlirOperationGetContext(output);
  MlirBlock from =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(a->lseRegion, 0));
  MlirBlock to = mlirRegionGetFirstBlock(mlirOperationGetRegion(output, 0));
  intptr_t n = mlirBlockGetNumArguments(to) + 1;
  MlirType *types = malloc(sizeof(MlirType) * (size_t)n);
  MlirAttribute *attrs = malloc(sizeof(MlirAttribute) * (size_t)n);
  MlirAttribute old = dlcOperationAttrGet(output, "arg_attrs");
  bool ok = types && attrs && !mlirAttributeIsNull(old) &&
            mlirAttributeIsAArray(old) &&
            mlirArrayAttrGetNumElements(old) == n - 1;
  if (ok) {
    mlirBlockAddArgument(
        to, mlirValueGetType(mlirBlockGetArgument(from, a->lse.t.arg)),
        mlirOperationGetLocation(output));
    for (intptr_t i = 0; i < n; ++i) {
      types[i] = mlirValueGetType(mlirBlockGetArgument(to, i));
      attrs[i] = i + 1 < n ? mlirArrayAttrGetElement(old, i)
                           : mlirArrayAttrGetElement(
                                 dlcOperationAttrGet(a->lseRegion, "arg_attrs"),
                                 a->lse.t.arg);
    }
    mlirOperationSetAttributeByName(
        output, mlirStringRefCreateFromCString("function_type"),
        mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n, types, 0, NULL)));
    mlirOperationSetAttributeByName(output,
                                    mlirStringRefCreateFromCString("arg_attrs"),
                                    mlirArrayAttrGet(ctx, n, attrs));
  }
  free(types);
  free(attrs);
  return ok;
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
    rewriteProgram(program, dropBuffer, dropRegion);
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
