/* A fused attention region evaluated from its model (docs/interp.md,
 * "Fused attention"; spec §6.11, §15.3).
 *
 * rbssa-fuse-attention leaves the output region's body as it was (P·V
 * reading P) and records that its meaning is now the online-softmax model
 * of the pair (rbssa.attention, fused = true); P is no buffer of the
 * program any more. So the interpreter does not play the body back: it
 * reads the very model the planner and the flash skeleton read
 * (kpAttentionRead over the scores region, which stays in the module for
 * that) and evaluates it under the interpreter's precision rules. A
 * misread model then shows against the tiny graph in `dlc-interp --diff`.
 *
 * A fused region's parameters are its arguments but P (every region of a
 * program carries the graph's inputs, so Q, K and any bias or mask are
 * among them): the flash kernel's. The model's tensors are found among
 * them by rbssa.name. */
#include "InterpInternal.h"

#include "AttentionProblem.h"

#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>

/*===----------------------------------------------------------------------===*
 * The pair
 *===----------------------------------------------------------------------===*/

MlirOperation dlcInterpFusedScores(MlirOperation func) {
  MlirAttribute fused =
      dlcDictionaryAttrGet(dlcInterpGetAttr(func, "rbssa.attention"), "fused");
  if (mlirAttributeIsNull(fused) || !mlirAttributeIsABool(fused) ||
      !mlirBoolAttrGetValue(fused))
    return (MlirOperation){NULL};
  return kpAttentionScores(func);
}

/* The argument of the output region that receives P. */
static bool bufferArgument(MlirOperation func, intptr_t *arg) {
  MlirAttribute name =
      dlcDictionaryAttrGet(dlcInterpGetAttr(func, "rbssa.attention"), "buffer");
  MlirAttribute all = dlcInterpGetAttr(func, "arg_attrs");
  if (mlirAttributeIsNull(name) || mlirAttributeIsNull(all) ||
      !mlirAttributeIsAArray(all))
    return false;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(all); ++i)
    if (mlirAttributeEqual(
            dlcDictionaryAttrGet(mlirArrayAttrGetElement(all, i), "rbssa.name"),
            name)) {
      *arg = i;
      return true;
    }
  return false;
}

bool dlcInterpAttentionParam(MlirOperation func, intptr_t index,
                             intptr_t *arg) {
  intptr_t buffer;
  if (!bufferArgument(func, &buffer)) {
    dlcInterpError(func, "the rbssa.attention buffer names no argument of "
                         "this region");
    return false;
  }
  *arg = index < buffer ? index : index + 1;
  return true;
}

/*===----------------------------------------------------------------------===*
 * The model's arithmetic
 *===----------------------------------------------------------------------===*/

/* The tensors of one evaluation, borrowed, and the bound sizes. */
typedef struct Attn {
  MlirOperation func;
  KpAttention model;
  DlcInterpPrecision precision;
  DlcInterpDtype acc; /* f32: what the flash kernel accumulates in */
  const DlcInterpSymbols *symbols;
  const DlcTensor *q, *k, *v, *bias, *mask;
  DlcTensor *o, *lse; /* lse: NULL when the model has no LSE output */
  int64_t batch[KP_ATTN_MAX_BATCH], lq, lk, d, dv;
} Attn;

static int64_t extentValue(const Attn *a, const KpExtent *e) {
  int64_t value = e->constant;
  for (int i = 0; i < e->numSymbols; ++i)
    value *= a->symbols->values[e->symbols[i]];
  return value;
}

/* The element offset of (z, m, n, k) in `t`: the model's strides. */
static int64_t offset(const Attn *a, const KpAttnTensor *t, const int64_t *z,
                      int64_t m, int64_t n, int64_t k) {
  int64_t at = m * extentValue(a, &t->t.stride[KP_M]) +
               n * extentValue(a, &t->t.stride[KP_N]) +
               k * extentValue(a, &t->t.stride[KP_K]);
  for (int b = 0; b < a->model.numBatch; ++b)
    at += z[b] * extentValue(a, &t->batch[b]);
  return at;
}

/* The model addresses a tensor's memref; the interpreter holds the logical
 * row-major tensor. They agree when the memref is row-major, which every
 * buffer the lowering makes is; any other layout is refused. */
static bool checkLayout(const Attn *a, MlirOperation owner,
                        const KpAttnTensor *t, const DlcTensor *x,
                        const char *what) {
  KpExtent strides[KP_MAX_RANK];
  int rank;
  int64_t rowMajor[DLC_MAX_RANK];
  const char *why = kpArgStrides(owner, t->t.arg, strides, &rank);
  bool ok = !why && rank == x->rank;
  dlcInterpStrides(x->rank, x->shape, rowMajor);
  for (int d = 0; ok && d < rank; ++d)
    ok = x->shape[d] == 1 || extentValue(a, &strides[d]) == rowMajor[d];
  if (!ok)
    dlcInterpError(a->func,
                   "fused attention reads %s through a layout "
                   "other than row-major, which the interpreter does not "
                   "evaluate",
                   what);
  return ok;
}

/* Reads `t` at (z, m, n, k), checked against the tensor's extent. */
static bool load(const Attn *a, const DlcTensor *x, const KpAttnTensor *t,
                 const int64_t *z, int64_t m, int64_t n, int64_t k,
                 double *value) {
  int64_t at = offset(a, t, z, m, n, k);
  if (at < 0 || at >= x->numElements) {
    dlcInterpError(a->func, "the attention model reads outside a tensor;"
                            " the model does not fit the shapes");
    return false;
  }
  *value = x->data[at];
  return true;
}

static double acc(const Attn *a, double x) {
  return dlcInterpRound(a->acc, a->precision, x);
}

static DlcInterpDtype dtypeOf(KpElement e) {
  return e == KP_F16    ? DlcInterpDtypeF16
         : e == KP_BF16 ? DlcInterpDtypeBF16
         : e == KP_I1   ? DlcInterpDtypeI1
                        : DlcInterpDtypeF32;
}

/* Row m's logits S (scaled, biased, masked to -inf), into `s`. */
static bool logits(const Attn *a, const int64_t *z, int64_t m, double *s) {
  const KpAttention *md = &a->model;
  for (int64_t n = 0; n < a->lk; ++n) {
    double sum = 0.0, x, y;
    for (int64_t k = 0; k < a->d; ++k) {
      if (!load(a, a->q, &md->q, z, m, 0, k, &x) ||
          !load(a, a->k, &md->k, z, 0, n, k, &y))
        return false;
      sum = acc(a, sum + acc(a, x * y)); /* exact products, as an MMA */
    }
    sum = acc(a, sum * md->qkScale);
    if (md->hasBias) {
      if (!load(a, a->bias, &md->bias, z, m, n, 0, &x))
        return false;
      sum = acc(a, sum + x);
    }
    bool keep = true;
    if (md->mask == KP_ATTN_MASK_CAUSAL)
      keep = m - n >= 0;
    else if (md->mask == KP_ATTN_MASK_TENSOR) {
      if (!load(a, a->mask, &md->maskTensor, z, m, n, 0, &x))
        return false;
      keep = (x != 0.0) == md->maskKeepsTrue;
    }
    s[n] = keep ? sum : -INFINITY;
  }
  return true;
}

/* LSE[z, m] = (exp2_scale · max + log2 sum) · ln 2, the graph's own
 * arithmetic: -inf for a row without keys (Lk = 0), NaN for one whose keys
 * are all masked (sum is NaN there). */
static bool storeLse(const Attn *a, const int64_t *z, int64_t m, double max,
                     double sum) {
  int64_t at = offset(a, &a->model.lse, z, m, 0, 0);
  if (at < 0 || at >= a->lse->numElements) {
    dlcInterpError(a->func, "the attention model writes outside LSE; the "
                            "model does not fit the shapes");
    return false;
  }
  double scaled = acc(a, a->model.expScale * max);
  a->lse->data[at] = dlcInterpRound(
      DlcInterpDtypeF32, a->precision,
      acc(a, acc(a, scaled + acc(a, log2(sum))) * 0.69314718055994531));
  return true;
}

/* Row m of O: the softmax of its logits, P rounded to its buffer's type
 * (as the deferred buffer and the flash kernel's registers hold it), times
 * V. A row whose keys are all masked has max = -inf and P = NaN, as the
 * graph's own arithmetic gives (exp2(-inf - -inf)). */
static bool row(const Attn *a, const int64_t *z, int64_t m, double *s) {
  const KpAttention *md = &a->model;
  if (!logits(a, z, m, s))
    return false;
  double max = -INFINITY, sum = 0.0;
  for (int64_t n = 0; n < a->lk; ++n)
    max = fmax(max, s[n]);
  for (int64_t n = 0; n < a->lk; ++n) {
    s[n] = acc(a, exp2(acc(a, md->expScale * acc(a, s[n] - max))));
    sum = acc(a, sum + s[n]);
  }
  if (a->lse && !storeLse(a, z, m, max, sum))
    return false;
  DlcInterpDtype p = dtypeOf(md->pElement), o = dtypeOf(md->o.t.element);
  for (int64_t n = 0; n < a->lk; ++n)
    s[n] = dlcInterpRound(p, a->precision, s[n] / sum);
  for (int64_t k = 0; k < a->dv; ++k) {
    double out = 0.0, x;
    for (int64_t n = 0; n < a->lk; ++n) {
      if (!load(a, a->v, &md->v, z, 0, n, k, &x))
        return false;
      out = acc(a, out + acc(a, s[n] * x));
    }
    int64_t at = offset(a, &md->o, z, m, 0, k);
    if (at < 0 || at >= a->o->numElements) {
      dlcInterpError(a->func, "the attention model writes outside O; the "
                              "model does not fit the shapes");
      return false;
    }
    a->o->data[at] = dlcInterpRound(o, a->precision, out);
  }
  return true;
}

static bool evaluateAll(Attn *a) {
  double *s = malloc(sizeof(double) * (size_t)(a->lk > 0 ? a->lk : 1));
  if (!s) {
    dlcInterpError(a->func, "out of memory");
    return false;
  }
  int64_t z[KP_ATTN_MAX_BATCH] = {0}, shape[KP_ATTN_MAX_BATCH + 1];
  int rank = a->model.numBatch;
  for (int b = 0; b < rank; ++b)
    shape[b] = a->batch[b];
  shape[rank] = a->lq;
  int64_t index[KP_ATTN_MAX_BATCH + 1] = {0};
  bool ok = true, empty = a->lq == 0;
  for (int b = 0; b < rank; ++b)
    empty = empty || shape[b] == 0;
  do {
    for (int b = 0; b < rank; ++b)
      z[b] = index[b];
    ok = empty || row(a, z, index[rank], s);
  } while (ok && !empty && dlcInterpNextIndex(rank + 1, shape, index));
  free(s);
  return ok;
}

/* The rbssa.name of argument `arg` of `func`. */
static MlirAttribute argName(MlirOperation func, intptr_t arg) {
  MlirAttribute all = dlcInterpGetAttr(func, "arg_attrs");
  return mlirAttributeIsNull(all) || !mlirAttributeIsAArray(all) || arg < 0 ||
                 arg >= mlirArrayAttrGetNumElements(all)
             ? mlirAttributeGetNull()
             : dlcDictionaryAttrGet(mlirArrayAttrGetElement(all, arg),
                                    "rbssa.name");
}

/* The input parameter named like argument `arg` of `owner`, or NULL. */
static const DlcTensor *findInput(const Attn *a, MlirOperation owner, int arg,
                                  intptr_t numInputs,
                                  DlcTensor *const *inputs) {
  MlirAttribute name = argName(owner, arg);
  for (intptr_t i = 0; i < numInputs && !mlirAttributeIsNull(name); ++i) {
    intptr_t own;
    if (dlcInterpAttentionParam(a->func, i, &own) &&
        mlirAttributeEqual(argName(a->func, own), name))
      return inputs[i];
  }
  return NULL;
}

/* Binds the model's tensors to `inputs` (the fused region's parameters,
 * already rounded) by name and checks their layouts and O's. */
static bool bindTensors(Attn *a, MlirOperation scores, intptr_t numInputs,
                        DlcTensor *const *inputs) {
  const KpAttention *md = &a->model;
  a->q = findInput(a, scores, md->q.t.arg, numInputs, inputs);
  a->k = findInput(a, scores, md->k.t.arg, numInputs, inputs);
  a->v = findInput(a, a->func, md->v.t.arg, numInputs, inputs);
  if (md->hasBias)
    a->bias = findInput(a, scores, md->bias.t.arg, numInputs, inputs);
  if (md->mask == KP_ATTN_MASK_TENSOR)
    a->mask = findInput(a, scores, md->maskTensor.t.arg, numInputs, inputs);
  if (!a->q || !a->k || !a->v || (md->hasBias && !a->bias) ||
      (md->mask == KP_ATTN_MASK_TENSOR && !a->mask)) {
    dlcInterpError(a->func, "a tensor of the attention model is no "
                            "parameter of the fused region");
    return false;
  }
  return checkLayout(a, scores, &md->q, a->q, "Q") &&
         checkLayout(a, scores, &md->k, a->k, "K") &&
         checkLayout(a, a->func, &md->v, a->v, "V") &&
         (!md->hasBias || checkLayout(a, scores, &md->bias, a->bias, "bias")) &&
         (md->mask != KP_ATTN_MASK_TENSOR ||
          checkLayout(a, scores, &md->maskTensor, a->mask, "the mask")) &&
         checkLayout(a, a->func, &md->o, a->o, "O") &&
         (!md->hasLse ||
          checkLayout(a, md->lseRegion, &md->lse, a->lse, "LSE"));
}

static bool evaluateModel(MlirOperation func, MlirOperation scores,
                          DlcInterpPrecision precision, intptr_t numInputs,
                          DlcTensor *const *inputs,
                          const DlcInterpSymbols *symbols, intptr_t numOutputs,
                          DlcTensor **outputs) {
  Attn a = {.func = func,
            .precision = precision,
            .acc = precision == DlcInterpPrecisionF64 ? DlcInterpDtypeF64
                                                      : DlcInterpDtypeF32,
            .symbols = symbols,
            .o = outputs[0],
            .lse = numOutputs > 1 ? outputs[1] : NULL};
  const char *why = kpAttentionReadFused(scores, func, &a.model);
  if (why) {
    dlcInterpError(func,
                   "rbssa.attention says this region is fused "
                   "attention, but the pair is not attention: %s",
                   why);
    return false;
  }
  if (numOutputs != 1 + a.model.hasLse) {
    dlcInterpError(func, "a fused attention region writes O%s",
                   a.model.hasLse ? " and LSE" : " only");
    return false;
  }
  for (int b = 0; b < a.model.numBatch; ++b)
    a.batch[b] = extentValue(&a, &a.model.batchSize[b]);
  a.lq = extentValue(&a, &a.model.size[KP_M]);
  a.lk = extentValue(&a, &a.model.size[KP_N]);
  a.d = extentValue(&a, &a.model.size[KP_K]);
  a.dv = extentValue(&a, &a.model.valueDim);
  return bindTensors(&a, scores, numInputs, inputs) && evaluateAll(&a);
}

/* Copies of the inputs rounded to their parameters' types (as a region's
 * arguments are; owned here and destroyed), and O (and LSE), given to the
 * caller through outputs (NULL on failure). */
bool dlcInterpEvaluateAttention(MlirOperation func, MlirOperation scores,
                                DlcInterpPrecision precision,
                                intptr_t numInputs, DlcTensor *const *inputs,
                                const DlcInterpSymbols *symbols,
                                intptr_t numOutputs, DlcTensor **outputs) {
  if (numOutputs < 1 || numOutputs > 2) {
    dlcInterpError(func, "a fused attention region writes O, and LSE when "
                         "it took a log-sum-exp output in");
    return false;
  }
  for (intptr_t i = 0; i < numOutputs; ++i)
    outputs[i] = NULL;
  DlcTensor **rounded = calloc((size_t)numInputs + 1, sizeof(DlcTensor *));
  bool ok = rounded != NULL;
  for (intptr_t i = 0; ok && i < numInputs; ++i) {
    int rank;
    int64_t shape[DLC_MAX_RANK];
    DlcInterpDtype dtype;
    ok = mlirLogicalResultIsSuccess(
        dlcInterpGetParam(func, i, symbols, &rank, shape, &dtype));
    if (ok && !(rounded[i] = dlcTensorCreateCopy(inputs[i]))) {
      dlcInterpError(func, "out of memory");
      ok = false;
    }
    for (int64_t j = 0; ok && j < rounded[i]->numElements; ++j)
      rounded[i]->data[j] =
          dlcInterpRound(dtype, precision, rounded[i]->data[j]);
  }
  for (intptr_t i = 0; ok && i < numOutputs; ++i) {
    int rank;
    int64_t shape[DLC_MAX_RANK];
    DlcInterpDtype dtype;
    ok = mlirLogicalResultIsSuccess(dlcInterpGetParam(
             func, numInputs + i, symbols, &rank, shape, &dtype)) &&
         (outputs[i] = dlcInterpCreateTensor(func, rank, shape)) != NULL;
  }
  ok = ok && evaluateModel(func, scores, precision, numInputs, rounded, symbols,
                           numOutputs, outputs);
  if (!ok && rounded == NULL)
    dlcInterpError(func, "out of memory");
  for (intptr_t i = 0; rounded && i < numInputs; ++i)
    dlcTensorDestroy(rounded[i]);
  free(rounded);
  for (intptr_t i = 0; !ok && i < numOutputs; ++i) {
    dlcTensorDestroy(outputs[i]);
    outputs[i] = NULL;
  }
  return ok;
}
