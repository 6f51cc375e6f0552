/* dlc-interp --diff: differential testing of the lowering to RB-SSA (spec
 * §6.11 "CPU playback", §13). The tiny function is copied alone into a new
 * module and lowered in-process with convert-tiny-to-indexbook,
 * convert-indexbook-to-rbssa and rbssa-fold-activations (as dlc-to-ptx
 * does). Then, for each trial, random sizes are drawn
 * for the symbols (odd sizes and 1 included), random inputs are made, and
 * the tiny function and the rbssa region are both evaluated on them by the
 * CPU reference interpreter; the outputs must agree within rtol = atol =
 * 1e-3. One line per trial, a summary, and the exit status: 0 all trials
 * pass, 1 a mismatch (or an evaluation error), 2 the lowering rejects the
 * program. See docs/interp.md, "Differential testing". */
#include "InterpTool.h"

#include "dlc/IR.h"
#include "dlc/Passes.h"
#include "dlc/Shape.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Pass.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char pipeline[] =
    "builtin.module(convert-tiny-to-indexbook, convert-indexbook-to-rbssa, "
    "func.func(rbssa-fold-activations))";
static const double tolerance = 1e-3; /* rtol = atol (§13) */

/* Every value of both functions (the tiny function's intermediate
 * tensors, the region's iteration spaces) is kept to at most this many
 * elements, so a trial runs in well under a second. */
static const double sizeBudget = 262144.0;

typedef struct Diff {
  const Options *options;
  MlirOperation tiny, region;
  /* Several regions (docs/passes/convert-indexbook-to-rbssa.md): the
   * program declaration and its regions in order; region = regions[0]. */
  MlirOperation program;
  int numRegions;
  MlirOperation regions[MaxParams];
  DlcInterpSymbols tinySymbols, regionSymbols; /* names only */
  int64_t fixed[DLC_INTERP_MAX_SYMBOLS];       /* SYM=SIZE, or -1 */
  intptr_t numInputs, numOutputs;
} Diff;

/*===----------------------------------------------------------------------===*
 * The lowering
 *===----------------------------------------------------------------------===*/

static MlirStringRef symbolName(MlirOperation func) {
  MlirAttribute name = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_name"));
  return !mlirAttributeIsNull(name) && mlirAttributeIsAString(name)
             ? mlirStringAttrGetValue(name)
             : mlirStringRefCreateFromCString("?");
}

static MlirAttribute funcAttr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op,
                                         mlirStringRefCreateFromCString(name));
}

/* The one rbssa region of `module`, or, when the lowering made several,
 * the program (a bodiless func.func with rbssa.program) and its regions in
 * order. False when neither. */
static bool findRegions(MlirModule module, Diff *d) {
  MlirOperation found = {NULL};
  int regions = 0;
  d->program = (MlirOperation){NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!mlirAttributeIsNull(funcAttr(op, "rbssa.program")))
      d->program = op;
    if (dlcInterpIsRegion(op) && regions++ == 0)
      found = op;
  }
  if (mlirOperationIsNull(d->program)) {
    d->region = found;
    d->numRegions = 1;
    d->regions[0] = found;
    return regions == 1;
  }
  MlirAttribute program = funcAttr(d->program, "rbssa.program");
  MlirAttribute list =
      mlirAttributeIsADictionary(program)
          ? mlirDictionaryAttrGetElementByName(
                program, mlirStringRefCreateFromCString("regions"))
          : mlirAttributeGetNull();
  if (mlirAttributeIsNull(list) || !mlirAttributeIsAArray(list) ||
      mlirArrayAttrGetNumElements(list) != regions || regions > MaxParams)
    return false;
  for (int i = 0; i < regions; ++i) {
    MlirAttribute name = mlirArrayAttrGetElement(list, i);
    if (!mlirAttributeIsAString(name))
      return false;
    MlirOperation func = {NULL};
    for (MlirOperation op =
             mlirBlockGetFirstOperation(mlirModuleGetBody(module));
         !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
      if (dlcInterpIsRegion(op) &&
          mlirAttributeEqual(funcAttr(op, "sym_name"), name))
        func = op;
    if (mlirOperationIsNull(func))
      return false;
    d->regions[i] = func;
  }
  d->numRegions = regions;
  d->region = d->regions[0];
  return true;
}

/* Argument attribute `key` of argument `i` of `func`, or null. */
static MlirAttribute argAttr(MlirOperation func, intptr_t i, const char *key) {
  MlirAttribute attrs = funcAttr(func, "arg_attrs");
  if (mlirAttributeIsNull(attrs) || !mlirAttributeIsAArray(attrs) ||
      i >= mlirArrayAttrGetNumElements(attrs))
    return mlirAttributeGetNull();
  MlirAttribute dict = mlirArrayAttrGetElement(attrs, i);
  return mlirAttributeIsADictionary(dict)
             ? mlirDictionaryAttrGetElementByName(
                   dict, mlirStringRefCreateFromCString(key))
             : mlirAttributeGetNull();
}

static bool isInputArg(MlirOperation func, intptr_t i) {
  MlirAttribute role = argAttr(func, i, "rbssa.role");
  return !mlirAttributeIsNull(role) && mlirAttributeIsAString(role) &&
         mlirStringRefEqual(mlirStringAttrGetValue(role),
                            mlirStringRefCreateFromCString("input"));
}

static intptr_t numArgs(MlirOperation func) {
  return mlirFunctionTypeGetNumInputs(
      mlirTypeAttrGetValue(funcAttr(func, "function_type")));
}

/* Evaluates the program's regions in order: buffers are found by
 * rbssa.name (graph inputs and outputs, intermediates t<i>). */
static MlirLogicalResult evaluateProgram(const Diff *d,
                                         const DlcInterpOptions *evaluation,
                                         DlcTensor *const *inputs,
                                         const DlcInterpSymbols *symbols,
                                         DlcTensor **outputs) {
  enum { MaxBuffers = 4 * MaxParams };
  MlirAttribute names[MaxBuffers];
  DlcTensor *tensors[MaxBuffers] = {NULL};
  bool owned[MaxBuffers] = {false};
  int count = 0;
  for (intptr_t i = 0; i < d->numInputs; ++i) {
    names[count] = argAttr(d->program, i, "rbssa.name");
    tensors[count++] = inputs[i];
  }
  bool ok = true;
  for (int k = 0; ok && k < d->numRegions; ++k) {
    MlirOperation func = d->regions[k];
    DlcTensor *in[MaxParams], *out[MaxParams] = {NULL};
    MlirAttribute outNames[MaxParams];
    intptr_t numIn = 0, numOut = 0, n = numArgs(func);
    for (intptr_t i = 0; ok && i < n && i < MaxParams; ++i) {
      MlirAttribute name = argAttr(func, i, "rbssa.name");
      if (!isInputArg(func, i)) {
        outNames[numOut++] = name;
        continue;
      }
      int j = count - 1;
      while (j >= 0 && !mlirAttributeEqual(names[j], name))
        --j;
      ok = j >= 0;
      if (ok)
        in[numIn++] = tensors[j];
    }
    DlcInterpSymbols local = *symbols;
    ok = ok && count + numOut <= MaxBuffers &&
         mlirLogicalResultIsSuccess(dlcInterpEvaluateWithOptions(
             func, evaluation, numIn, in, &local, numOut, out));
    for (intptr_t i = 0; i < numOut; ++i) {
      if (!ok || count == MaxBuffers) {
        dlcTensorDestroy(out[i]);
        continue;
      }
      names[count] = outNames[i];
      owned[count] = true;
      tensors[count++] = out[i];
    }
  }
  for (intptr_t k = 0; ok && k < d->numOutputs; ++k) {
    MlirAttribute name = argAttr(d->program, d->numInputs + k, "rbssa.name");
    int j = count - 1;
    while (j >= 0 && !mlirAttributeEqual(names[j], name))
      --j;
    ok = j >= 0 && owned[j];
    if (ok) {
      outputs[k] = tensors[j];
      owned[j] = false;
    }
  }
  for (int j = 0; j < count; ++j)
    if (owned[j])
      dlcTensorDestroy(tensors[j]);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* Lowers a copy of `d->tiny` into `*module` (created here; the caller
 * destroys it) and finds the region. Returns an exit status: 0, 1 (a bug:
 * bad pipeline, invalid IR) or 2 (the lowering rejects the program). */
static int lower(MlirContext ctx, Diff *d, MlirModule *module) {
  MlirStringRef name = symbolName(d->tiny);
  *module = mlirModuleCreateEmpty(mlirOperationGetLocation(d->tiny));
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(*module),
                                mlirOperationClone(d->tiny));
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  /* Verified below, so that invalid output is told apart from a refusal. */
  mlirPassManagerEnableVerifier(pm, false);
  char errorText[1024];
  DlcStringSink error = dlcStringSinkCreate(errorText, sizeof(errorText));
  bool parsed = mlirLogicalResultIsSuccess(dlcParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(pipeline), dlcStringSinkAppend, &error));
  bool ran = parsed && mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(
                           pm, mlirModuleGetOperation(*module)));
  mlirPassManagerDestroy(pm);
  if (!parsed) {
    fprintf(stderr, "dlc-interp: error: invalid pass pipeline: %s\n",
            errorText);
    return 1;
  }
  if (!ran) {
    printf("diff @%.*s: REJECTED by the lowering (%s); see the diagnostics "
           "on stderr\n",
           (int)name.length, name.data, pipeline);
    return 2;
  }
  if (!mlirOperationVerify(mlirModuleGetOperation(*module))) {
    printf("diff @%.*s: FAIL: the lowered module does not verify\n",
           (int)name.length, name.data);
    return 1;
  }
  if (!findRegions(*module, d)) {
    printf("diff @%.*s: FAIL: the lowering did not produce exactly one "
           "rbssa region, or a program (rbssa.program) naming its regions\n",
           (int)name.length, name.data);
    return 1;
  }
  return 0;
}

/* The two functions must take and give the same parameters. */
static bool compareSignatures(Diff *d) {
  intptr_t regionInputs = 0, regionOutputs = 0;
  if (mlirLogicalResultIsFailure(
          dlcInterpGetSignature(d->tiny, &d->numInputs, &d->numOutputs)) ||
      (mlirOperationIsNull(d->program) &&
       mlirLogicalResultIsFailure(
           dlcInterpGetSignature(d->region, &regionInputs, &regionOutputs))) ||
      mlirLogicalResultIsFailure(
          dlcInterpSymbolsInit(d->tiny, &d->tinySymbols)) ||
      mlirLogicalResultIsFailure(
          dlcInterpSymbolsInit(d->region, &d->regionSymbols)))
    return false;
  if (!mlirOperationIsNull(d->program)) {
    regionInputs = 0;
    regionOutputs = numArgs(d->program);
    while (regionInputs < regionOutputs && isInputArg(d->program, regionInputs))
      ++regionInputs;
    regionOutputs -= regionInputs;
  }
  if (regionInputs != d->numInputs || regionOutputs != d->numOutputs) {
    printf("diff: FAIL: the tiny function has %ld inputs and %ld outputs but "
           "the region %ld and %ld\n",
           (long)d->numInputs, (long)d->numOutputs, (long)regionInputs,
           (long)regionOutputs);
    return false;
  }
  if (d->numInputs + d->numOutputs > MaxParams) {
    fprintf(stderr, "dlc-interp: error: more than %d parameters\n", MaxParams);
    return false;
  }
  return true;
}

/*===----------------------------------------------------------------------===*
 * Sizes
 *===----------------------------------------------------------------------===*/

/* Reads SYM=SIZE from the command line into d->fixed. */
static bool fixSizes(Diff *d) {
  for (int i = 0; i < DLC_INTERP_MAX_SYMBOLS; ++i)
    d->fixed[i] = -1;
  for (int i = 0; i < d->options->numSizes; ++i) {
    const SizeArg *size = &d->options->sizes[i];
    int index = dlcInterpSymbolsFind(
        &d->tinySymbols, mlirStringRefCreateFromCString(size->name));
    if (index < 0) {
      fprintf(stderr,
              "dlc-interp: error: '%s' is not a symbol of the "
              "function\n",
              size->name);
      return false;
    }
    d->fixed[index] = size->value;
  }
  return true;
}

static int64_t uniform(uint64_t *state, int64_t lo, int64_t hi) {
  return lo + (int64_t)(interpToolNextRandom(state) % (uint64_t)(hi - lo + 1));
}

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

/* The largest tensor of `func` (arguments and op results) under
 * `symbols`: what the interpreter materialises. */
static double largestValue(MlirOperation func,
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

/* Gives the region's symbols the tiny symbols' sizes, by name; a region
 * symbol the tiny function does not have stays unbound. */
static void copySizes(const DlcInterpSymbols *from, DlcInterpSymbols *to) {
  for (int i = 0; i < to->count; ++i) {
    int j = dlcInterpSymbolsFind(from, to->names[i]);
    to->values[i] = j >= 0 ? from->values[j] : -1;
  }
}

/* Draws the sizes of trial `trial` into `tiny` and `region`: the first
 * trial has odd sizes only (3 and up where --max-size allows), the second
 * sets one symbol to 1, the others take any size in [1, max] (1 with
 * probability 1/8). Then the largest sizes are halved until every value of
 * both functions fits the budget. Sizes given on the command line stay. */
static void drawSizes(const Diff *d, int64_t trial, uint64_t *state,
                      DlcInterpSymbols *tiny, DlcInterpSymbols *region) {
  int count = tiny->count;
  int64_t max = d->options->maxSize, *sizes = tiny->values;
  for (int i = 0; i < count; ++i) {
    if (trial == 0)
      sizes[i] = max >= 3 ? 3 + 2 * uniform(state, 0, (max - 3) / 2) : 1;
    else if (trial >= 2 && interpToolNextRandom(state) % 8 == 0)
      sizes[i] = 1;
    else
      sizes[i] = uniform(state, 1, max);
  }
  int unfixed = 0;
  for (int i = 0; i < count; ++i)
    unfixed += d->fixed[i] < 0;
  if (trial == 1 && unfixed > 0) {
    int64_t pick = uniform(state, 0, unfixed - 1);
    for (int i = 0; i < count; ++i)
      if (d->fixed[i] < 0 && pick-- == 0)
        sizes[i] = 1;
  }
  for (int i = 0; i < count; ++i)
    if (d->fixed[i] >= 0)
      sizes[i] = d->fixed[i];
  for (;;) {
    copySizes(tiny, region);
    int largest = -1;
    for (int i = 0; i < count; ++i)
      if (d->fixed[i] < 0 && sizes[i] > 1 &&
          (largest < 0 || sizes[i] > sizes[largest]))
        largest = i;
    double values = largestValue(d->tiny, tiny);
    for (int k = 0; k < d->numRegions; ++k)
      values = fmax(values, largestValue(d->regions[k], region));
    if (largest < 0 || values <= sizeBudget)
      return;
    sizes[largest] /= 2;
    if (trial == 0)
      sizes[largest] |= 1;
  }
}

/*===----------------------------------------------------------------------===*
 * One trial
 *===----------------------------------------------------------------------===*/

/* How two sets of outputs differ. */
typedef struct Comparison {
  double maxAbs, maxRel;
  int64_t mismatches, elements;
  /* The first mismatch: output, element index, values. */
  intptr_t output;
  int64_t index[DLC_MAX_RANK];
  int rank;
  double expected, actual;
  bool shapesDiffer;
} Comparison;

static void compareOutput(intptr_t k, const DlcTensor *expected,
                          const DlcTensor *actual, Comparison *c) {
  if (expected->rank != actual->rank ||
      memcmp(expected->shape, actual->shape,
             (size_t)expected->rank * sizeof(int64_t)) != 0) {
    c->shapesDiffer = true;
    c->output = k;
    return;
  }
  int64_t index[DLC_MAX_RANK] = {0};
  for (int64_t i = 0; i < expected->numElements; ++i) {
    double want = expected->data[i], got = actual->data[i];
    double diff = fabs(got - want);
    bool same = want == got || (isnan(want) && isnan(got));
    if (!same && isfinite(diff)) {
      c->maxAbs = fmax(c->maxAbs, diff);
      if (want != 0.0)
        c->maxRel = fmax(c->maxRel, diff / fabs(want));
    }
    if (!same && !(diff <= tolerance + tolerance * fabs(want)) &&
        c->mismatches++ == 0) {
      c->output = k;
      c->rank = expected->rank;
      memcpy(c->index, index, sizeof(index));
      c->expected = want;
      c->actual = got;
    }
    ++c->elements;
    for (int dim = expected->rank - 1; dim >= 0; --dim) {
      if (++index[dim] < expected->shape[dim])
        break;
      index[dim] = 0;
    }
  }
}

static void printIndex(int rank, const int64_t *index) {
  printf("[");
  for (int i = 0; i < rank; ++i)
    printf("%s%lld", i ? ", " : "", (long long)index[i]);
  printf("]");
}

/* Prints the verdict that ends a trial's line; true on PASS. */
static bool report(const Comparison *c) {
  if (c->shapesDiffer) {
    printf(": FAIL (output %ld has different shapes in tiny and rbssa)\n",
           (long)c->output);
    return false;
  }
  printf(": max abs err %.3g, max rel err %.3g", c->maxAbs, c->maxRel);
  if (c->mismatches == 0) {
    printf(": PASS\n");
    return true;
  }
  printf(": FAIL (%lld of %lld elements differ; first: output %ld at ",
         (long long)c->mismatches, (long long)c->elements, (long)c->output);
  printIndex(c->rank, c->index);
  printf(", tiny %.9g, rbssa %.9g)\n", c->expected, c->actual);
  return false;
}

/* Runs trial `trial`; true when it passes. */
static bool runTrial(const Diff *d, int64_t trial, uint64_t *state) {
  DlcInterpSymbols tinySymbols = d->tinySymbols;
  DlcInterpSymbols regionSymbols = d->regionSymbols;
  drawSizes(d, trial, state, &tinySymbols, &regionSymbols);
  /* The line is printed once both evaluations are done, so that their
   * diagnostics (on stderr) come before it rather than inside it. */
  char sizes[DLC_INTERP_MAX_SYMBOLS * (NameSize + 24)];
  size_t used = 0;
  for (int i = 0; i < tinySymbols.count; ++i)
    used += (size_t)snprintf(sizes + used, sizeof(sizes) - used, " %.*s=%lld",
                             (int)tinySymbols.names[i].length,
                             tinySymbols.names[i].data,
                             (long long)tinySymbols.values[i]);
  if (tinySymbols.count == 0)
    snprintf(sizes, sizeof(sizes), " (static shapes)");

  DlcTensor *inputs[MaxParams] = {NULL}, *expected[MaxParams] = {NULL},
            *actual[MaxParams] = {NULL};
  bool ok = true;
  for (intptr_t i = 0; ok && i < d->numInputs; ++i) {
    int rank;
    int64_t shape[DLC_MAX_RANK];
    DlcInterpDtype dtype;
    ok = mlirLogicalResultIsSuccess(dlcInterpGetParam(d->tiny, i, &tinySymbols,
                                                      &rank, shape, &dtype)) &&
         (inputs[i] = dlcTensorCreate(rank, shape)) != NULL;
    if (ok)
      interpToolFillRandom(inputs[i], dtype, state);
  }
  bool pass = false;
  DlcInterpOptions evaluation = {d->options->precision, d->options->products};
  if (!ok || mlirLogicalResultIsFailure(dlcInterpEvaluateWithOptions(
                 d->tiny, &evaluation, d->numInputs, inputs, &tinySymbols,
                 d->numOutputs, expected))) {
    printf("trial %lld:%s: ERROR (the tiny function does not evaluate; see "
           "the diagnostics on stderr)\n",
           (long long)trial, sizes);
  } else if (mlirLogicalResultIsFailure(
                 mlirOperationIsNull(d->program)
                     ? dlcInterpEvaluateWithOptions(
                           d->region, &evaluation, d->numInputs, inputs,
                           &regionSymbols, d->numOutputs, actual)
                     : evaluateProgram(d, &evaluation, inputs, &regionSymbols,
                                       actual))) {
    printf("trial %lld:%s: FAIL (the rbssa region does not evaluate; see the "
           "diagnostics on stderr)\n",
           (long long)trial, sizes);
  } else {
    printf("trial %lld:%s", (long long)trial, sizes);
    Comparison c = {0};
    for (intptr_t k = 0; k < d->numOutputs && !c.shapesDiffer; ++k)
      compareOutput(k, expected[k], actual[k], &c);
    pass = report(&c);
  }
  fflush(stdout);
  for (int i = 0; i < MaxParams; ++i) {
    dlcTensorDestroy(inputs[i]);
    dlcTensorDestroy(expected[i]);
    dlcTensorDestroy(actual[i]);
  }
  return pass;
}

/*===----------------------------------------------------------------------===*
 * Driver
 *===----------------------------------------------------------------------===*/

int interpToolRunDiff(const Options *options, MlirContext ctx,
                      MlirOperation func) {
  if (dlcInterpIsRegion(func)) {
    fprintf(stderr, "dlc-interp: error: --diff takes a tiny program, not an "
                    "rbssa region\n");
    return 1;
  }
  Diff d = {.options = options, .tiny = func};
  MlirModule module;
  int status = lower(ctx, &d, &module);
  if (status == 0 && (!compareSignatures(&d) || !fixSizes(&d)))
    status = 1;
  if (status == 0) {
    uint64_t state = options->seed;
    int64_t passed = 0;
    for (int64_t t = 0; t < options->trials; ++t)
      passed += runTrial(&d, t, &state);
    MlirStringRef name = symbolName(func);
    printf("diff @%.*s: %lld of %lld trials pass (tiny vs rbssa, rtol = "
           "atol = %g, %s, %s products)\n",
           (int)name.length, name.data, (long long)passed,
           (long long)options->trials, tolerance,
           options->precision == DlcInterpPrecisionF64 ? "f64" : "f32",
           options->products == DlcInterpProductsTyped ? "typed"
                                                       : "accumulator");
    status = passed == options->trials ? 0 : 1;
  }
  mlirModuleDestroy(module);
  return status;
}
