/* dlc-interp --diff: differential testing of the lowering to RB-SSA (spec
 * §6.11 "CPU playback", §13). The tiny function is copied alone into a new
 * module and lowered in-process with convert-tiny-to-indexbook,
 * convert-indexbook-to-rbssa and rbssa-fold-activations (as dlc-to-ptx
 * does; Program.c). Then, for each trial, random sizes are drawn
 * for the symbols (odd sizes and 1 included; every derived symbol at least
 * 1), random inputs are made, and
 * the tiny function and the rbssa region are both evaluated on them by the
 * CPU reference interpreter; the outputs must agree within rtol = atol =
 * 1e-3. One line per trial, a summary, and the exit status: 0 all trials
 * pass, 1 a mismatch (or an evaluation error), 2 the lowering rejects the
 * program. See docs/interp.md, "Differential testing". */
#include "InterpTool.h"

#include "dlc/Diagnostics.h"
#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double tolerance = 1e-3; /* rtol = atol (§13) */

/* Every value of both functions (the tiny function's intermediate
 * tensors, the region's iteration spaces) is kept to at most this many
 * elements, so a trial runs in well under a second. */
static const double sizeBudget = 262144.0;

typedef struct Diff {
  const Options *options;
  MlirOperation tiny, region; /* region: the first (or only) one */
  /* The lowering: one region, or a program of several
   * (docs/passes/convert-indexbook-to-rbssa.md). */
  InterpProgram lowered;
  DlcInterpSymbols tinySymbols, regionSymbols; /* names only; owned */
  int64_t *fixed; /* per tiny symbol: SYM=SIZE, or -1; owned */
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

/* Evaluates the program's regions in order and takes its graph outputs
 * from their buffers. */
static MlirLogicalResult evaluateProgram(const Diff *d,
                                         const DlcInterpOptions *evaluation,
                                         DlcTensor *const *inputs,
                                         const DlcInterpSymbols *symbols,
                                         DlcTensor **outputs) {
  InterpBuffers buffers;
  if (mlirLogicalResultIsFailure(interpToolEvaluateProgram(
          &d->lowered, evaluation, d->numInputs, inputs, symbols, &buffers)))
    return mlirLogicalResultFailure();
  bool ok = true;
  for (intptr_t k = 0; ok && k < d->numOutputs; ++k)
    ok = (outputs[k] = interpToolBuffersTake(
              &buffers, interpToolArgAttr(d->lowered.program, d->numInputs + k,
                                          "rbssa.name"))) != NULL;
  interpToolBuffersClear(&buffers);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* Lowers a copy of `d->tiny` (Program.c) and finds the region. Returns an
 * exit status: 0, 1 (a bug: bad pipeline, invalid IR) or 2 (the lowering
 * rejects the program). */
static int lower(MlirContext ctx, Diff *d) {
  MlirStringRef name = symbolName(d->tiny);
  char errorText[1024];
  switch (interpToolLower(ctx, d->tiny, &d->lowered, errorText,
                          sizeof(errorText))) {
  case InterpLowered:
    d->region = d->lowered.regions[0];
    return 0;
  case InterpLoweringBadPipeline:
    fprintf(stderr, "dlc-interp: error: invalid pass pipeline: %s\n",
            errorText);
    return 1;
  case InterpLoweringRejected:
    printf("diff @%.*s: REJECTED by the lowering (%s); see the diagnostics "
           "on stderr\n",
           (int)name.length, name.data, interpToolPipeline);
    return 2;
  case InterpLoweringInvalid:
    printf("diff @%.*s: FAIL: the lowered module does not verify\n",
           (int)name.length, name.data);
    return 1;
  case InterpLoweringNoRegions:
    break;
  }
  printf("diff @%.*s: FAIL: the lowering did not produce exactly one "
         "rbssa region, or a program (rbssa.program) naming its regions\n",
         (int)name.length, name.data);
  return 1;
}

/* The two functions must take and give the same parameters. */
static bool compareSignatures(Diff *d) {
  intptr_t regionInputs = 0, regionOutputs = 0;
  if (mlirLogicalResultIsFailure(
          dlcInterpGetSignature(d->tiny, &d->numInputs, &d->numOutputs)) ||
      (mlirOperationIsNull(d->lowered.program) &&
       mlirLogicalResultIsFailure(
           dlcInterpGetSignature(d->region, &regionInputs, &regionOutputs))) ||
      mlirLogicalResultIsFailure(
          dlcInterpSymbolsInit(d->tiny, &d->tinySymbols)) ||
      mlirLogicalResultIsFailure(
          dlcInterpSymbolsInit(d->region, &d->regionSymbols)))
    return false;
  MlirOperation program = d->lowered.program;
  if (!mlirOperationIsNull(program)) {
    regionInputs = 0;
    regionOutputs = interpToolNumArgs(program);
    while (regionInputs < regionOutputs &&
           interpToolIsInputArg(program, regionInputs))
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
  return true;
}

/*===----------------------------------------------------------------------===*
 * Sizes
 *===----------------------------------------------------------------------===*/

/* Reads SYM=SIZE from the command line into d->fixed. */
static bool fixSizes(Diff *d) {
  int count = d->tinySymbols.count;
  d->fixed = malloc((size_t)(count > 0 ? count : 1) * sizeof(*d->fixed));
  if (!d->fixed) {
    fprintf(stderr, "dlc-interp: error: out of memory\n");
    return false;
  }
  for (int i = 0; i < count; ++i)
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

/* Whether symbol `i` of the tiny function is free and not fixed on the
 * command line: a size the trial may choose. */
static bool isDrawn(const Diff *d, const DlcInterpSymbols *tiny, int i) {
  return d->fixed[i] < 0 && !dlcInterpSymbolIsDerived(d->tiny, tiny, i);
}

/* Derives the derived symbols of `tiny` from its free sizes (quietly) and
 * tells whether every one is at least 1, the sizes a trial may use: a
 * window larger than its input (Ho = H - 6 at H = 1) gives no output to
 * compare, and a negative size does not evaluate at all. A derived symbol
 * that cannot be computed is left at -1 (never at an earlier trial's
 * value, which the trial line would print). */
static bool derivedPositive(const Diff *d, DlcInterpSymbols *tiny) {
  for (int i = 0; i < tiny->count; ++i)
    if (dlcInterpSymbolIsDerived(d->tiny, tiny, i))
      tiny->values[i] = -1;
  MlirContext ctx = mlirOperationGetContext(d->tiny);
  MlirDiagnosticHandlerID quiet =
      mlirContextAttachDiagnosticHandler(ctx, dlcDiagnosticDrop, NULL, NULL);
  bool ok =
      mlirLogicalResultIsSuccess(dlcInterpSymbolsDerive(d->tiny, tiny, false));
  mlirContextDetachDiagnosticHandler(ctx, quiet);
  for (int i = 0; ok && i < tiny->count; ++i)
    ok = !dlcInterpSymbolIsDerived(d->tiny, tiny, i) || tiny->values[i] >= 1;
  return ok;
}

/* Grows the drawn sizes until every derived symbol is at least 1: each
 * drawn size becomes 2s + 1 (odd stays odd for trial 0) until the sizes
 * are valid, then each goes back down, by bisection, to the smallest
 * valid size at or above its draw, so that a symbol no derived one needs
 * keeps its draw. False when no growth gives valid sizes (a size fixed on
 * the command line, or a definition that does not grow with its free
 * symbols): the evaluation then reports why. */
static bool repairSizes(const Diff *d, DlcInterpSymbols *tiny, int64_t trial) {
  if (derivedPositive(d, tiny))
    return true;
  int count = tiny->count;
  int64_t *drawn = malloc((size_t)(count > 0 ? count : 1) * sizeof(*drawn));
  if (!drawn)
    return false;
  memcpy(drawn, tiny->values, (size_t)count * sizeof(*drawn));
  bool ok = false;
  for (int round = 0; !ok && round < 24; ++round) {
    for (int i = 0; i < count; ++i)
      if (isDrawn(d, tiny, i))
        tiny->values[i] = 2 * tiny->values[i] + 1;
    ok = derivedPositive(d, tiny);
  }
  for (int i = 0; ok && i < count; ++i) {
    if (!isDrawn(d, tiny, i))
      continue;
    int64_t lo = drawn[i], hi = tiny->values[i]; /* hi is valid */
    while (lo < hi) {
      int64_t mid = lo + (hi - lo) / 2;
      if (trial == 0)
        mid |= 1;
      if (mid >= hi)
        break;
      tiny->values[i] = mid;
      if (derivedPositive(d, tiny))
        hi = mid;
      else
        lo = mid + 1;
    }
    tiny->values[i] = hi;
  }
  if (!ok) /* keep the draw: the evaluation reports the derived symbol */
    memcpy(tiny->values, drawn, (size_t)count * sizeof(*drawn));
  ok = derivedPositive(d, tiny); /* the derived values of the final sizes */
  free(drawn);
  return ok;
}

/* For trial 1: the drawn symbol to set to 1, picked at random among those
 * that can be 1 with every derived symbol at least 1 (the others at the
 * largest size); -1 when none can. */
static int pickOne(const Diff *d, DlcInterpSymbols *tiny, uint64_t *state) {
  int count = tiny->count, candidates = 0;
  for (int i = 0; i < count; ++i)
    candidates += isDrawn(d, tiny, i);
  if (candidates == 0)
    return -1;
  int64_t *saved = malloc((size_t)count * sizeof(*saved));
  if (!saved)
    return -1;
  memcpy(saved, tiny->values, (size_t)count * sizeof(*saved));
  int64_t start = uniform(state, 0, candidates - 1);
  int picked = -1;
  for (int k = 0; picked < 0 && k < candidates; ++k) {
    int64_t nth = (start + k) % candidates;
    int at = -1;
    for (int i = 0; i < count && at < 0; ++i)
      if (isDrawn(d, tiny, i) && nth-- == 0)
        at = i;
    for (int i = 0; i < count; ++i)
      if (isDrawn(d, tiny, i))
        tiny->values[i] = i == at ? 1 : d->options->maxSize;
    if (derivedPositive(d, tiny))
      picked = at;
  }
  memcpy(tiny->values, saved, (size_t)count * sizeof(*saved));
  free(saved);
  return picked;
}

/* Draws the sizes of trial `trial` into `tiny` and `region`: the first
 * trial has odd sizes only (3 and up where --max-size allows), the second
 * sets one symbol to 1 (one that can be), the others take any size in
 * [1, max] (1 with probability 1/8). Sizes that leave a derived symbol
 * below 1 are grown until none does (repairSizes), and the largest sizes
 * are then halved, while every derived symbol stays at least 1, until
 * every value of both functions fits the budget. Sizes given on the
 * command line stay. The derived symbols hold the values the sizes give.
 * False when no sizes have every derived symbol at least 1. */
static bool drawSizes(const Diff *d, int64_t trial, uint64_t *state,
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
  for (int i = 0; i < count; ++i)
    if (d->fixed[i] >= 0)
      sizes[i] = d->fixed[i];
  int one = trial == 1 ? pickOne(d, tiny, state) : -1;
  if (one >= 0)
    sizes[one] = 1;
  bool valid = repairSizes(d, tiny, trial);
  /* Halving stops at a size below which a derived symbol would fall under
   * 1 (`stuck`). */
  bool *stuck = calloc((size_t)(count > 0 ? count : 1), sizeof(*stuck));
  for (;;) {
    interpToolCopySizes(tiny, region);
    int largest = -1;
    for (int i = 0; stuck && i < count; ++i)
      if (isDrawn(d, tiny, i) && !stuck[i] && sizes[i] > 1 &&
          (largest < 0 || sizes[i] > sizes[largest]))
        largest = i;
    double values = interpToolLargestValue(d->tiny, tiny);
    for (int k = 0; k < d->lowered.numRegions; ++k)
      values =
          fmax(values, interpToolLargestValue(d->lowered.regions[k], region));
    if (largest < 0 || values <= sizeBudget)
      break;
    int64_t before = sizes[largest];
    sizes[largest] /= 2;
    if (trial == 0)
      sizes[largest] |= 1;
    if (valid && !derivedPositive(d, tiny)) {
      sizes[largest] = before;
      stuck[largest] = true;
      derivedPositive(d, tiny);
    } else if (!valid) {
      derivedPositive(d, tiny);
    }
  }
  free(stuck);
  return valid;
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

/* " M=3 N=5", or " (static shapes)": a new string, given to the caller
 * (free it); NULL without memory. */
static char *formatSizes(const DlcInterpSymbols *symbols) {
  size_t size = sizeof(" (static shapes)");
  for (int i = 0; i < symbols->count; ++i)
    size += symbols->names[i].length + 24;
  char *text = malloc(size);
  if (!text)
    return NULL;
  size_t used = 0;
  for (int i = 0; i < symbols->count; ++i)
    used += symbols->values[i] < 0 /* a derived size that has no value */
                ? (size_t)snprintf(text + used, size - used, " %.*s=?",
                                   (int)symbols->names[i].length,
                                   symbols->names[i].data)
                : (size_t)snprintf(text + used, size - used, " %.*s=%lld",
                                   (int)symbols->names[i].length,
                                   symbols->names[i].data,
                                   (long long)symbols->values[i]);
  if (symbols->count == 0)
    snprintf(text, size, " (static shapes)");
  return text;
}

/* Runs trial `trial`; true when it passes. */
static bool runTrial(const Diff *d, int64_t trial, uint64_t *state) {
  /* Copies of the names with sizes of this trial's own (owned). */
  DlcInterpSymbols tinySymbols, regionSymbols;
  if (mlirLogicalResultIsFailure(
          dlcInterpSymbolsCopy(&d->tinySymbols, &tinySymbols)) ||
      mlirLogicalResultIsFailure(
          dlcInterpSymbolsCopy(&d->regionSymbols, &regionSymbols))) {
    dlcInterpSymbolsClear(&tinySymbols);
    printf("trial %lld: ERROR (out of memory)\n", (long long)trial);
    return false;
  }
  /* When no sizes keep every derived symbol at least 1 (a size fixed on
   * the command line), the evaluation says why (E1007). */
  (void)drawSizes(d, trial, state, &tinySymbols, &regionSymbols);
  /* The line is printed once both evaluations are done, so that their
   * diagnostics (on stderr) come before it rather than inside it. */
  char *sizes = formatSizes(&tinySymbols);
  if (!sizes) {
    dlcInterpSymbolsClear(&tinySymbols);
    dlcInterpSymbolsClear(&regionSymbols);
    printf("trial %lld: ERROR (out of memory)\n", (long long)trial);
    return false;
  }

  /* Owned: the inputs, the tiny outputs, then the region outputs. */
  intptr_t numTensors = d->numInputs + 2 * d->numOutputs;
  DlcTensor **inputs = calloc((size_t)numTensors + 1, sizeof(*inputs));
  DlcTensor **expected = inputs ? inputs + d->numInputs : NULL;
  DlcTensor **actual = inputs ? expected + d->numOutputs : NULL;
  bool ok = inputs != NULL;
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
  if (!inputs) {
    printf("trial %lld:%s: ERROR (out of memory)\n", (long long)trial, sizes);
  } else if (!ok || mlirLogicalResultIsFailure(dlcInterpEvaluateWithOptions(
                        d->tiny, &evaluation, d->numInputs, inputs,
                        &tinySymbols, d->numOutputs, expected))) {
    printf("trial %lld:%s: ERROR (the tiny function does not evaluate; see "
           "the diagnostics on stderr)\n",
           (long long)trial, sizes);
  } else if (!interpToolReshapeInputs(d->lowered.program, d->region,
                                      d->numInputs, inputs, &regionSymbols) ||
             mlirLogicalResultIsFailure(
                 mlirOperationIsNull(d->lowered.program)
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
    for (intptr_t k = 0; k < d->numOutputs && !c.shapesDiffer; ++k) {
      interpToolReshapeLike(actual[k], expected[k]->rank, expected[k]->shape);
      compareOutput(k, expected[k], actual[k], &c);
    }
    pass = report(&c);
  }
  fflush(stdout);
  for (intptr_t i = 0; inputs && i < numTensors; ++i)
    dlcTensorDestroy(inputs[i]);
  free(inputs);
  free(sizes);
  dlcInterpSymbolsClear(&tinySymbols);
  dlcInterpSymbolsClear(&regionSymbols);
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
  int status = lower(ctx, &d);
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
  interpToolProgramDestroy(&d.lowered);
  dlcInterpSymbolsClear(&d.tinySymbols);
  dlcInterpSymbolsClear(&d.regionSymbols);
  free(d.fixed);
  return status;
}
