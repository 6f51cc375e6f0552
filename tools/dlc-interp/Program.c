/* A tiny function lowered to rbssa in-process, and the evaluation of its
 * regions in order: what `--diff` compares with the function (Diff.c) and
 * what `--write-ref` takes a program's intermediate buffers from
 * (dlc-interp.c). The function is copied alone into a new module and
 * lowered by the pipeline below, as dlc-to-ptx lowers it; the result is one
 * rbssa region, or a program (a bodiless func.func with `rbssa.program`,
 * docs/passes/convert-indexbook-to-rbssa.md) naming its regions in launch
 * order, whose buffers are found by `rbssa.name`. See docs/interp.md. */
#include "InterpTool.h"

#include "dlc/IR.h"
#include "dlc/Passes.h"
#include "dlc/Shape.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Pass.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char interpToolPipeline[] =
    "builtin.module(func.func(tiny-unflatten-products), "
    "convert-tiny-to-indexbook, convert-indexbook-to-rbssa, "
    "func.func(rbssa-fold-activations), rbssa-fuse-attention)";

/*===----------------------------------------------------------------------===*
 * Attributes
 *===----------------------------------------------------------------------===*/

MlirAttribute interpToolArgAttr(MlirOperation func, intptr_t i,
                                const char *key) {
  MlirAttribute attrs = dlcOperationAttrGet(func, "arg_attrs");
  if (mlirAttributeIsNull(attrs) || !mlirAttributeIsAArray(attrs) ||
      i >= mlirArrayAttrGetNumElements(attrs))
    return mlirAttributeGetNull();
  MlirAttribute dict = mlirArrayAttrGetElement(attrs, i);
  return mlirAttributeIsADictionary(dict)
             ? mlirDictionaryAttrGetElementByName(
                   dict, mlirStringRefCreateFromCString(key))
             : mlirAttributeGetNull();
}

bool interpToolIsInputArg(MlirOperation func, intptr_t i) {
  MlirAttribute role = interpToolArgAttr(func, i, "rbssa.role");
  return !mlirAttributeIsNull(role) && mlirAttributeIsAString(role) &&
         mlirStringRefEqual(mlirStringAttrGetValue(role),
                            mlirStringRefCreateFromCString("input"));
}

intptr_t interpToolNumArgs(MlirOperation func) {
  return mlirFunctionTypeGetNumInputs(
      mlirTypeAttrGetValue(dlcOperationAttrGet(func, "function_type")));
}

/*===----------------------------------------------------------------------===*
 * The lowering
 *===----------------------------------------------------------------------===*/

/* The one rbssa region of the module, or, when the lowering made several,
 * the program and its regions in order. False when neither. */
static bool findRegions(InterpProgram *p) {
  MlirBlock body = mlirModuleGetBody(p->module);
  MlirOperation found = {NULL};
  int regions = 0;
  p->program = (MlirOperation){NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!mlirAttributeIsNull(dlcOperationAttrGet(op, "rbssa.program")))
      p->program = op;
    /* A scores region fused into its output region is no region of the
     * program any more (docs/passes/rbssa-fuse-attention.md). */
    if (dlcInterpIsRegion(op) &&
        mlirAttributeIsNull(dlcOperationAttrGet(op, "rbssa.fused_into")) &&
        regions++ == 0)
      found = op;
  }
  if (mlirOperationIsNull(p->program)) {
    if (regions != 1 || !(p->regions = malloc(sizeof(*p->regions))))
      return false;
    p->numRegions = 1;
    p->regions[0] = found;
    return true;
  }
  MlirAttribute program = dlcOperationAttrGet(p->program, "rbssa.program");
  MlirAttribute list = dlcDictionaryAttrGet(program, "regions");
  if (mlirAttributeIsNull(list) || !mlirAttributeIsAArray(list) ||
      mlirArrayAttrGetNumElements(list) != regions || regions == 0 ||
      !(p->regions = calloc((size_t)regions, sizeof(*p->regions))))
    return false;
  for (int i = 0; i < regions; ++i) {
    MlirAttribute name = mlirArrayAttrGetElement(list, i);
    if (!mlirAttributeIsAString(name))
      return false;
    MlirOperation func = {NULL};
    for (MlirOperation op = mlirBlockGetFirstOperation(body);
         !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
      if (dlcInterpIsRegion(op) &&
          mlirAttributeEqual(dlcOperationAttrGet(op, "sym_name"), name))
        func = op;
    if (mlirOperationIsNull(func))
      return false;
    p->regions[i] = func;
  }
  p->numRegions = regions;
  return true;
}

InterpLowering interpToolLower(MlirContext ctx, MlirOperation tiny,
                               InterpProgram *p, char *error,
                               size_t errorSize) {
  memset(p, 0, sizeof(*p));
  p->module = mlirModuleCreateEmpty(mlirOperationGetLocation(tiny));
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(p->module),
                                mlirOperationClone(tiny));
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  /* Verified below, so that invalid output is told apart from a refusal. */
  mlirPassManagerEnableVerifier(pm, false);
  DlcStringSink sink = dlcStringSinkCreate(error, errorSize);
  bool parsed = mlirLogicalResultIsSuccess(
      dlcParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                           mlirStringRefCreateFromCString(interpToolPipeline),
                           dlcStringSinkAppend, &sink));
  bool ran = parsed && mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(
                           pm, mlirModuleGetOperation(p->module)));
  mlirPassManagerDestroy(pm);
  if (!parsed)
    return InterpLoweringBadPipeline;
  if (!ran)
    return InterpLoweringRejected;
  if (!mlirOperationVerify(mlirModuleGetOperation(p->module)))
    return InterpLoweringInvalid;
  return findRegions(p) ? InterpLowered : InterpLoweringNoRegions;
}

void interpToolProgramDestroy(InterpProgram *p) {
  if (!mlirModuleIsNull(p->module))
    mlirModuleDestroy(p->module);
  free(p->regions);
  memset(p, 0, sizeof(*p));
}

/*===----------------------------------------------------------------------===*
 * Sizes
 *===----------------------------------------------------------------------===*/

/* The element count of `value` under `symbols` (a symbol without a size
 * counts as 1), or 0 when it is not a named tensor. */
static double countElements(MlirValue value, const DlcInterpSymbols *symbols) {
  DlcShape shape;
  char why[128];
  MlirType type = mlirValueGetType(value);
  if (!mlirTypeIsARankedTensor(type) ||
      !dlcShapeFromType(type, &shape, why, sizeof(why)))
    return 0.0;
  double count = 1.0;
  for (int d = 0; d < shape.rank; ++d) {
    int index = dlcInterpSymbolsFind(symbols, shape.dims[d].symbol);
    count *= shape.dims[d].size >= 0 ? (double)shape.dims[d].size
             : index >= 0 && symbols->values[index] > 0
                 ? (double)symbols->values[index]
                 : 1.0;
  }
  return count;
}

double interpToolLargestValue(MlirOperation func,
                              const DlcInterpSymbols *symbols) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  double largest = 0.0;
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
    largest =
        fmax(largest, countElements(mlirBlockGetArgument(body, i), symbols));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
      largest =
          fmax(largest, countElements(mlirOperationGetResult(op, i), symbols));
  return largest;
}

void interpToolCopySizes(const DlcInterpSymbols *from, DlcInterpSymbols *to) {
  for (int i = 0; i < to->count; ++i) {
    int j = dlcInterpSymbolsFind(from, to->names[i]);
    to->values[i] = j >= 0 ? from->values[j] : -1;
  }
}

/*===----------------------------------------------------------------------===*
 * Evaluation
 *===----------------------------------------------------------------------===*/

void interpToolReshapeLike(DlcTensor *t, int rank, const int64_t *shape) {
  int64_t count = 1;
  for (int k = 0; k < rank; ++k)
    count *= shape[k];
  /* dlcTensorCreate leaves room for DLC_MAX_RANK sizes at least. */
  if (!t || count != t->numElements || (rank > DLC_MAX_RANK && rank > t->rank))
    return;
  t->rank = rank;
  memcpy(t->shape, shape, (size_t)rank * sizeof(*shape));
}

/* Input `i` of region `func` in the shape of its parameter. */
static bool reshapeInput(MlirOperation func, intptr_t i, DlcTensor *t,
                         const DlcInterpSymbols *symbols) {
  int rank;
  int64_t shape[DLC_MAX_RANK];
  DlcInterpDtype dtype;
  if (mlirLogicalResultIsFailure(
          dlcInterpGetParam(func, i, symbols, &rank, shape, &dtype)))
    return false;
  interpToolReshapeLike(t, rank, shape);
  return true;
}

bool interpToolReshapeInputs(MlirOperation program, MlirOperation region,
                             intptr_t n, DlcTensor **inputs,
                             const DlcInterpSymbols *symbols) {
  bool ok = true;
  for (intptr_t i = 0; ok && mlirOperationIsNull(program) && i < n; ++i)
    ok = reshapeInput(region, i, inputs[i], symbols);
  return ok;
}

/* The last buffer named `name`, or -1. */
static int findBuffer(const InterpBuffers *b, MlirAttribute name) {
  int j = b->count - 1;
  while (j >= 0 && !mlirAttributeEqual(b->items[j].name, name))
    --j;
  return j;
}

/* Appends a buffer; false when the table, sized for the program's
 * inputs and outputs (interpToolEvaluateProgram), is full. */
static bool addBuffer(InterpBuffers *b, MlirAttribute name, DlcTensor *tensor,
                      bool owned) {
  if (b->count == b->capacity)
    return false;
  b->items[b->count++] = (InterpBuffer){name, tensor, owned};
  return true;
}

/* Room for the program's buffers: its inputs and every region's outputs;
 * false when out of memory or a region's signature is malformed. */
static bool sizeBuffers(const InterpProgram *p, intptr_t numInputs,
                        InterpBuffers *b) {
  intptr_t count = numInputs;
  for (int k = 0; k < p->numRegions; ++k) {
    intptr_t sigIn = 0, sigOut = 0;
    if (mlirLogicalResultIsFailure(
            dlcInterpGetSignature(p->regions[k], &sigIn, &sigOut)) ||
        __builtin_add_overflow(count, sigOut, &count))
      return false;
  }
  if (count >= INT_MAX ||
      !(b->items = calloc((size_t)count + 1, sizeof(*b->items))))
    return false;
  b->capacity = (int)count;
  return true;
}

/* Evaluates region `func` on copies of the buffers its inputs name, each
 * in the region's shape of its parameter, appending its outputs; `in`,
 * `out` and `outNames` have room for its parameters (`in` all NULL). */
static bool evaluateRegion(MlirOperation func,
                           const DlcInterpOptions *evaluation,
                           const DlcInterpSymbols *symbols, intptr_t sigIn,
                           intptr_t sigOut, DlcTensor **in, DlcTensor **out,
                           MlirAttribute *outNames, InterpBuffers *b) {
  intptr_t numIn = 0, numOut = 0;
  bool ok = true;
  /* By parameter, not argument: a fused attention region's parameters
   * are its arguments but P (docs/interp.md, "Fused attention"). */
  for (intptr_t i = 0; ok && i < sigIn + sigOut; ++i) {
    intptr_t arg;
    ok = mlirLogicalResultIsSuccess(dlcInterpGetRegionArgument(func, i, &arg));
    MlirAttribute name = ok ? interpToolArgAttr(func, arg, "rbssa.name")
                            : mlirAttributeGetNull();
    if (ok && i >= sigIn) {
      outNames[numOut++] = name;
      continue;
    }
    int j = ok ? findBuffer(b, name) : -1;
    /* Owned: a copy to reshape (the buffer may be read in another shape
     * by another region). */
    ok = j >= 0 && (in[numIn] = dlcTensorCreateCopy(b->items[j].tensor));
    ok = ok && reshapeInput(func, i, in[numIn++], symbols);
  }
  DlcInterpSymbols local = *symbols;
  ok = ok && mlirLogicalResultIsSuccess(dlcInterpEvaluateWithOptions(
                 func, evaluation, numIn, in, &local, numOut, out));
  for (intptr_t i = 0; i < numIn; ++i)
    dlcTensorDestroy(in[i]);
  for (intptr_t i = 0; i < numOut; ++i) {
    ok = ok && addBuffer(b, outNames[i], out[i], true);
    if (!ok)
      dlcTensorDestroy(out[i]);
  }
  return ok;
}

MlirLogicalResult interpToolEvaluateProgram(const InterpProgram *p,
                                            const DlcInterpOptions *evaluation,
                                            intptr_t numInputs,
                                            DlcTensor *const *inputs,
                                            const DlcInterpSymbols *symbols,
                                            InterpBuffers *b) {
  memset(b, 0, sizeof(*b));
  bool ok = sizeBuffers(p, numInputs, b);
  for (intptr_t i = 0; ok && i < numInputs; ++i)
    ok = addBuffer(b, interpToolArgAttr(p->program, i, "rbssa.name"), inputs[i],
                   false);
  for (int k = 0; ok && k < p->numRegions; ++k) {
    MlirOperation func = p->regions[k];
    intptr_t sigIn = 0, sigOut = 0;
    ok = mlirLogicalResultIsSuccess(
        dlcInterpGetSignature(func, &sigIn, &sigOut));
    /* Owned: room for the region's parameters. */
    size_t room = ok ? (size_t)(sigIn + sigOut) + 1 : 0;
    DlcTensor **in = ok ? calloc(room, sizeof(*in)) : NULL;
    DlcTensor **out = ok ? calloc(room, sizeof(*out)) : NULL;
    MlirAttribute *outNames = ok ? calloc(room, sizeof(*outNames)) : NULL;
    ok = in && out && outNames &&
         evaluateRegion(func, evaluation, symbols, sigIn, sigOut, in, out,
                        outNames, b);
    free(in);
    free(out);
    free(outNames);
  }
  if (!ok)
    interpToolBuffersClear(b);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

DlcTensor *interpToolBuffersTake(InterpBuffers *b, MlirAttribute name) {
  int j = findBuffer(b, name);
  if (j < 0 || !b->items[j].owned)
    return NULL;
  b->items[j].owned = false;
  return b->items[j].tensor;
}

void interpToolBuffersClear(InterpBuffers *b) {
  for (int j = 0; j < b->count; ++j)
    if (b->items[j].owned)
      dlcTensorDestroy(b->items[j].tensor);
  free(b->items);
  memset(b, 0, sizeof(*b));
}
