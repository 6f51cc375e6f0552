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
 *    qk_scale = f64, exp2_scale = f64, q/k/v/o = "<tensor names>"}
 *
 * A pair that is not attention is left alone (no diagnostic: it is an
 * ordinary program). docs/passes/rbssa-fuse-attention.md. */
#include "AttentionProblem.h"
#include "PassDef.h"

#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

static MlirAttribute str(MlirContext ctx, const char *s) {
  return mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(s));
}

static MlirAttribute field(MlirAttribute dict, const char *name) {
  return mlirAttributeIsNull(dict) || !mlirAttributeIsADictionary(dict)
             ? mlirAttributeGetNull()
             : mlirDictionaryAttrGetElementByName(
                   dict, mlirStringRefCreateFromCString(name));
}

static bool isString(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a);
}

/* The region function named `name` in `module`'s body (null if none). */
static MlirOperation findRegion(MlirBlock body, MlirAttribute name) {
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (dlcOperationIsA(op, "func.func") &&
        mlirAttributeEqual(kpAttr(op, "rbssa.region"), name))
      return op;
  return (MlirOperation){NULL};
}

/* The rbssa.name of argument `arg` of a region. */
static MlirAttribute argName(MlirOperation func, int arg) {
  MlirAttribute all = kpAttr(func, "arg_attrs");
  if (arg < 0 || mlirAttributeIsNull(all) || !mlirAttributeIsAArray(all) ||
      arg >= mlirArrayAttrGetNumElements(all))
    return mlirAttributeGetNull();
  return field(mlirArrayAttrGetElement(all, arg), "rbssa.name");
}

static const char *const kMaskNames[] = {"none", "causal", "tensor"};

/* The model as the rbssa.attention dictionary. */
static MlirAttribute modelAttr(MlirContext ctx, const KpAttention *a,
                               MlirAttribute scoresName,
                               MlirAttribute bufferName) {
  MlirType f64 = mlirF64TypeGet(ctx);
  const char *keys[11];
  MlirAttribute values[11];
  int n = 0;
#define PUT(key, value) (keys[n] = (key), values[n++] = (value))
  PUT("scores", scoresName);
  PUT("buffer", bufferName);
  PUT("softmax", str(ctx, "online"));
  PUT("mask", str(ctx, kMaskNames[a->mask]));
  if (a->hasBias)
    PUT("bias", argName(a->scores, a->bias.t.arg));
  PUT("qk_scale", mlirFloatAttrDoubleGet(ctx, f64, a->qkScale));
  PUT("exp2_scale", mlirFloatAttrDoubleGet(ctx, f64, a->expScale));
  PUT("q", argName(a->scores, a->q.t.arg));
  PUT("k", argName(a->scores, a->k.t.arg));
  PUT("v", argName(a->output, a->v.t.arg));
  PUT("o", argName(a->output, a->o.t.arg));
#undef PUT
  MlirNamedAttribute fields[11];
  for (int i = 0; i < n; ++i)
    fields[i] = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(keys[i])),
        values[i]);
  return mlirDictionaryAttrGet(ctx, n, fields);
}

/* Each deferred buffer of one program with one consumer: the pair read as
 * attention, the consumer annotated. */
static void fuseProgram(MlirBlock body, MlirOperation program) {
  MlirContext ctx = mlirOperationGetContext(program);
  MlirAttribute buffers = field(kpAttr(program, "rbssa.program"), "buffers");
  if (mlirAttributeIsNull(buffers) || !mlirAttributeIsAArray(buffers))
    return;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(buffers); ++i) {
    MlirAttribute buffer = mlirArrayAttrGetElement(buffers, i);
    MlirAttribute materialize = field(buffer, "materialize");
    MlirAttribute consumers = field(buffer, "consumers");
    MlirAttribute producer = field(buffer, "producer");
    if (!isString(materialize) ||
        !mlirStringRefEqual(mlirStringAttrGetValue(materialize),
                            mlirStringRefCreateFromCString("deferred")) ||
        !isString(producer) || mlirAttributeIsNull(consumers) ||
        !mlirAttributeIsAArray(consumers) ||
        mlirArrayAttrGetNumElements(consumers) != 1)
      continue;
    MlirOperation scores = findRegion(body, producer);
    MlirOperation output =
        findRegion(body, mlirArrayAttrGetElement(consumers, 0));
    KpAttention a;
    if (mlirOperationIsNull(scores) || mlirOperationIsNull(output) ||
        kpAttentionRead(scores, output, &a))
      continue;
    mlirOperationSetAttributeByName(
        output, mlirStringRefCreateFromCString("rbssa.attention"),
        modelAttr(ctx, &a, producer, field(buffer, "name")));
  }
}

static void runFuseAttention(MlirOperation module, MlirExternalPass pass,
                             const DlcPassOptions *options) {
  (void)pass;
  (void)options;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (dlcOperationIsA(op, "func.func") &&
        !mlirAttributeIsNull(kpAttr(op, "rbssa.program")))
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
