/* dlc-interp: runs the CPU reference interpreter on a tiny program or an
 * rbssa region, or checks the lowering of a tiny program differentially.
 *
 *   dlc-interp PROGRAM.mlir M=17,N=33,K=65 [--seed S] [--precision f32|f64]
 *              [--write-ref DIR] [--print] [--func NAME]
 *   dlc-interp PROGRAM.tiny.mlir --diff [--trials N] [--seed S]
 *              [--max-size N] [SYM=SIZE,...]
 *
 * It parses the program, takes the sizes of its symbols from the command
 * line, fills every argument with deterministic random values (uniform in
 * [-1, 1], rounded to the argument's element type), evaluates the function
 * and prints the outputs or writes the reference-data folder that dlc-run
 * reads on the GPU machine (docs/conventions.md, "Reference data"), with
 * the intermediate buffers of the program a tiny function lowers to when
 * it lowers to several regions (Program.c). With --diff it lowers the
 * program to rbssa in-process and compares the two evaluations on random
 * sizes and inputs (Diff.c). See docs/interp.md. */
#include "InterpTool.h"

#include "dlc/IR.h"
#include "dlc/Interp.h"
#include "dlc/Tool.h"
#include "dlc/dlc.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One parameter of the kernel ABI (an input or an output), or for
 * --write-ref an intermediate buffer of the program the function lowers
 * to. */
typedef struct Param {
  char *name; /* owned: as long as the input's */
  DlcInterpDtype dtype;
  bool isOutput;
  bool isIntermediate;
  bool columnMajor;  /* a region memref laid out column-major */
  DlcTensor *tensor; /* owned */
} Param;

static const char usage[] =
    "OVERVIEW: DLC CPU reference interpreter for tiny programs and rbssa "
    "regions\n\n"
    "USAGE: dlc-interp PROGRAM.mlir [SYM=SIZE,...] [options]\n"
    "       dlc-interp PROGRAM.tiny.mlir --diff [--trials N] [--seed S] "
    "[--max-size N]\n\n"
    "  SYM=SIZE,...             Sizes of the symbols, e.g. M=17,N=33,K=65\n"
    "OPTIONS:\n"
    "  --func NAME              Function to run (default: the only one)\n"
    "  --seed S                 Seed of the random inputs (default: 1)\n"
    "  --precision f32|f64      Arithmetic precision (default: f32)\n"
    "  --products typed|accumulator\n"
    "                           Round a product that only feeds a reduction\n"
    "                           to its own type, or form it in the\n"
    "                           reduction's accumulator type as contractions\n"
    "                           do (default: typed; accumulator with --diff\n"
    "                           and --write-ref)\n"
    "  --write-ref DIR          Write the reference-data folder DIR (with\n"
    "                           the intermediate buffers of a program the\n"
    "                           function lowers to)\n"
    "  --print                  Print the outputs\n"
    "  --print-inputs           Print the inputs too\n"
    "  --print-limit N          Print tensors of at most N elements "
    "(default: 256)\n"
    "  --input ARG=V,V,...      Use these values for argument ARG (index or\n"
    "                           name) instead of random ones; 'iota' gives\n"
    "                           0, 1, 2, ...\n"
    "  --diff                   Lower the tiny program to rbssa\n"
    "                           (convert-tiny-to-indexbook,\n"
    "                           convert-indexbook-to-rbssa) and compare both\n"
    "                           evaluations on random sizes and inputs\n"
    "                           (rtol = atol = 1e-3); SYM=SIZE fixes a size\n"
    "  --trials N               Number of --diff trials (default: 10)\n"
    "  --max-size N             Largest random symbol size (default: 33)\n"
    "  --help                   Show this help\n";

static void fail(const char *format, const char *detail) {
  fputs("dlc-interp: error: ", stderr);
  fprintf(stderr, format, detail);
  fputc('\n', stderr);
}

/*===----------------------------------------------------------------------===*
 * Command line
 *===----------------------------------------------------------------------===*/

static bool parseInt(const char *text, int64_t *value) {
  char *end;
  errno = 0;
  long long parsed = strtoll(text, &end, 10);
  if (errno || end == text || *end)
    return false;
  *value = parsed;
  return true;
}

/* Parses "M=17,N=33" into options->sizes. */
static bool parseSizes(Options *options, const char *text) {
  char *copy = strdup(text);
  bool ok = copy != NULL;
  for (char *item = ok ? strtok(copy, ",") : NULL; ok && item;
       item = strtok(NULL, ",")) {
    char *eq = strchr(item, '=');
    int64_t value = 0;
    ok = eq && eq != item && parseInt(eq + 1, &value) && value >= 0;
    if (!ok) {
      fail("bad size '%s' (expected SYMBOL=SIZE with SIZE >= 0)", item);
      break;
    }
    SizeArg *grown = realloc(options->sizes,
                             (size_t)(options->numSizes + 1) * sizeof(*grown));
    if (!grown) {
      fail("out of memory reading '%s'", item);
      ok = false;
      break;
    }
    options->sizes = grown;
    char *name = strndup(item, (size_t)(eq - item));
    if (!name) {
      fail("out of memory reading '%s'", item);
      ok = false;
      break;
    }
    SizeArg *size = &options->sizes[options->numSizes++];
    size->name = name;
    size->value = value;
    for (int i = 0; i + 1 < options->numSizes; ++i)
      if (strcmp(options->sizes[i].name, size->name) == 0) {
        fail("symbol '%s' is given twice", size->name);
        ok = false;
      }
  }
  free(copy);
  return ok;
}

/* The value of option `argv[*i]`, from "--opt=value" or the next word. */
static const char *optionValue(int argc, char **argv, int *i,
                               const char *option) {
  size_t n = strlen(option);
  if (argv[*i][n] == '=')
    return argv[*i] + n + 1;
  if (*i + 1 < argc)
    return argv[++*i];
  fail("%s needs a value", option);
  return NULL;
}

static bool isOption(const char *arg, const char *option) {
  size_t n = strlen(option);
  return strncmp(arg, option, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

static bool parseOption(Options *options, int argc, char **argv, int *i) {
  const char *arg = argv[*i], *value;
  int64_t number;
  if (strcmp(arg, "--print") == 0) {
    options->print = true;
  } else if (strcmp(arg, "--diff") == 0) {
    options->diff = true;
  } else if (isOption(arg, "--trials") || isOption(arg, "--max-size")) {
    bool isTrials = isOption(arg, "--trials");
    value = optionValue(argc, argv, i, isTrials ? "--trials" : "--max-size");
    if (!value)
      return false;
    if (!parseInt(value, &number) || number < 1 || number > 100000) {
      fail("bad number '%s' (expected 1 to 100000)", value);
      return false;
    }
    *(isTrials ? &options->trials : &options->maxSize) = number;
    options->diffOption = isTrials ? "--trials" : "--max-size";
  } else if (strcmp(arg, "--print-inputs") == 0) {
    options->print = options->printInputs = true;
  } else if (isOption(arg, "--func")) {
    return (options->funcName = optionValue(argc, argv, i, "--func"));
  } else if (isOption(arg, "--write-ref")) {
    return (options->refDir = optionValue(argc, argv, i, "--write-ref"));
  } else if (isOption(arg, "--seed") || isOption(arg, "--print-limit")) {
    bool isSeed = isOption(arg, "--seed");
    value = optionValue(argc, argv, i, isSeed ? "--seed" : "--print-limit");
    if (!value)
      return false;
    if (!parseInt(value, &number) || number < 0) {
      fail("bad number '%s'", value);
      return false;
    }
    if (isSeed)
      options->seed = (uint64_t)number;
    else
      options->printLimit = number;
  } else if (isOption(arg, "--precision")) {
    value = optionValue(argc, argv, i, "--precision");
    if (value && strcmp(value, "f32") == 0)
      options->precision = DlcInterpPrecisionF32;
    else if (value && strcmp(value, "f64") == 0)
      options->precision = DlcInterpPrecisionF64;
    else {
      fail("--precision must be f32 or f64, not '%s'", value ? value : "");
      return false;
    }
  } else if (isOption(arg, "--products")) {
    value = optionValue(argc, argv, i, "--products");
    if (value && strcmp(value, "typed") == 0)
      options->products = DlcInterpProductsTyped;
    else if (value && strcmp(value, "accumulator") == 0)
      options->products = DlcInterpProductsInAccumulator;
    else {
      fail("--products must be typed or accumulator, not '%s'",
           value ? value : "");
      return false;
    }
    options->productsGiven = true;
  } else if (isOption(arg, "--input")) {
    value = optionValue(argc, argv, i, "--input");
    if (!value || !strchr(value, '=')) {
      fail("bad --input '%s' (expected ARG=V,V,...)", value ? value : "");
      return false;
    }
    options->inputValues[options->numInputValues++] =
        (InputValues){value, strchr(value, '=') + 1};
  } else {
    fail("unknown option '%s' (see --help)", arg);
    return false;
  }
  return true;
}

/* Returns 0 to go on, 1 to exit successfully (--help), 2 on an error. */
static int parseArguments(int argc, char **argv, Options *options) {
  /* Room for one --input per argument: as many as the command line has. */
  options->inputValues = calloc((size_t)argc, sizeof(*options->inputValues));
  if (!options->inputValues) {
    fail("out of memory%s", "");
    return 2;
  }
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      fputs(usage, stdout);
      return 1;
    }
    if (arg[0] == '-' && arg[1]) {
      if (!parseOption(options, argc, argv, &i))
        return 2;
    } else if (strchr(arg, '=')) {
      if (!parseSizes(options, arg))
        return 2;
    } else if (options->program) {
      fail("more than one program given ('%s')", arg);
      return 2;
    } else {
      options->program = arg;
    }
  }
  if (!options->program) {
    fail("no program given%s (see --help)", "");
    return 2;
  }
  if (!options->diff && options->diffOption) {
    /* Taken silently before: a user expecting trials got one evaluation. */
    fail("%s sets up --diff's trials; add --diff", options->diffOption);
    return 2;
  }
  if (options->diff &&
      (options->refDir || options->print || options->numInputValues > 0)) {
    fail("--diff makes its own inputs and prints its own report; it takes no "
         "--write-ref, --print or --input%s",
         "");
    return 2;
  }
  return 0;
}

/*===----------------------------------------------------------------------===*
 * Diagnostics and input
 *===----------------------------------------------------------------------===*/

static void printDiagnostic(MlirDiagnostic diagnostic) {
  MlirDiagnosticSeverity severity = mlirDiagnosticGetSeverity(diagnostic);
  char text[4096];
  DlcStringSink message = dlcStringSinkCreate(text, sizeof(text));
  char where[512];
  mlirDiagnosticPrint(diagnostic, dlcStringSinkAppend, &message);
  dlcLocationFormat(mlirDiagnosticGetLocation(diagnostic), where,
                    sizeof(where));
  fprintf(stderr, "%s: %s: %s\n", where, dlcDiagnosticSeverityName(severity),
          text);
  for (intptr_t i = 0; i < mlirDiagnosticGetNumNotes(diagnostic); ++i)
    printDiagnostic(mlirDiagnosticGetNote(diagnostic, i));
}

static MlirLogicalResult handleDiagnostic(MlirDiagnostic diagnostic,
                                          void *userData) {
  printDiagnostic(diagnostic);
  return mlirLogicalResultSuccess();
}

/* The single func.func of the module, or the one named `name`. */
static MlirOperation findFunction(MlirModule module, const char *name) {
  MlirOperation found = {NULL};
  int count = 0;
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef opName = mlirIdentifierStr(mlirOperationGetName(op));
    if (opName.length != 9 || memcmp(opName.data, "func.func", 9) != 0)
      continue;
    MlirAttribute symbol = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("sym_name"));
    if (name && !(mlirAttributeIsAString(symbol) &&
                  mlirStringRefEqual(mlirStringAttrGetValue(symbol),
                                     mlirStringRefCreateFromCString(name))))
      continue;
    found = op;
    ++count;
  }
  if (count == 0 && name)
    fail("no function named '%s'", name);
  else if (count == 0)
    fail("the program has no func.func%s", "");
  else if (count > 1)
    fail("the program has several functions; choose one with --func%s", "");
  return count == 1 ? found : (MlirOperation){NULL};
}

/*===----------------------------------------------------------------------===*
 * Symbols and parameters
 *===----------------------------------------------------------------------===*/

/* Puts the command-line sizes into `symbols`; every free symbol needs one,
 * and the derived ones follow (one given must agree). */
static bool applySizes(const Options *options, MlirOperation func,
                       DlcInterpSymbols *symbols) {
  bool ok = true;
  for (int i = 0; i < options->numSizes; ++i) {
    const SizeArg *size = &options->sizes[i];
    int index = dlcInterpSymbolsFind(
        symbols, mlirStringRefCreateFromCString(size->name));
    if (index < 0) {
      fail("'%s' is not a symbol of the function", size->name);
      ok = false;
    } else {
      symbols->values[index] = size->value;
    }
  }
  ok = ok &&
       mlirLogicalResultIsSuccess(dlcInterpSymbolsDerive(func, symbols, true));
  for (int i = 0; ok && i < symbols->count; ++i)
    if (symbols->values[i] < 0) {
      fprintf(stderr,
              "dlc-interp: error: no size for symbol '%.*s' (give "
              "%.*s=SIZE)\n",
              (int)symbols->names[i].length, symbols->names[i].data,
              (int)symbols->names[i].length, symbols->names[i].data);
      ok = false;
    }
  return ok;
}

/* Start of line `line` (1-based) of `source`, or NULL. */
static const char *lineStart(const char *source, int line) {
  for (int i = 1; source && i < line; ++i) {
    source = strchr(source, '\n');
    source = source ? source + 1 : NULL;
  }
  return source;
}

/* The '(' that opens the signature of @`symbol`, searched from `from`. */
static const char *signatureStart(const char *from, MlirStringRef symbol) {
  for (const char *at = strchr(from, '@'); at; at = strchr(at + 1, '@')) {
    if (strncmp(at + 1, symbol.data, symbol.length) != 0)
      continue;
    const char *p = at + 1 + symbol.length;
    while (*p == ' ' || *p == '\t')
      ++p;
    if (*p == '(')
      return p;
  }
  return NULL;
}

/* The SSA names of the arguments as written in the source (`%X` gives
 * "X"), so the reference files read X.bin rather than arg0.bin. MLIR keeps
 * no SSA names, so they are read back from the signature's text: every
 * `%name` at parenthesis depth 1, outside string literals. Returns false
 * (names unknown) when the signature cannot be found or does not name
 * exactly `count` arguments. */
static bool sourceArgumentNames(const char *source, MlirOperation func,
                                int count, MlirStringRef *names) {
  MlirLocation loc = mlirOperationGetLocation(func);
  MlirAttribute symbol = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_name"));
  if (!mlirLocationIsAFileLineColRange(loc) || mlirAttributeIsNull(symbol) ||
      !mlirAttributeIsAString(symbol))
    return false;
  const char *p =
      lineStart(source, mlirLocationFileLineColRangeGetStartLine(loc));
  p = p ? signatureStart(p, mlirStringAttrGetValue(symbol)) : NULL;
  int found = 0, depth = 0;
  for (; p && *p; ++p) {
    if (*p == '"') { /* skip a string literal */
      while (*++p && *p != '"')
        p += *p == '\\' && p[1];
      if (!*p)
        return false;
    } else if (*p == '(') {
      ++depth;
    } else if (*p == ')' && --depth == 0) {
      break;
    } else if (*p == '%' && depth == 1) {
      size_t n = strspn(p + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRST"
                               "UVWXYZ0123456789_$.-");
      if (found == count || n == 0)
        return false;
      names[found++] = (MlirStringRef){p + 1, n};
    }
  }
  return p && *p == ')' && found == count;
}

/* A copy of `text` (give), as long as it is; NULL when memory runs out. */
static char *copyName(MlirStringRef text) {
  char *name = malloc(text.length + 1);
  if (name) {
    memcpy(name, text.data, text.length);
    name[text.length] = '\0';
  }
  return name;
}

/* A parameter's name (give; NULL when memory runs out): its `dlc.name`
 * argument/result attribute (a region's `rbssa.name`), else its name in
 * the source (`fromSource`, borrowed; data NULL when unknown), else
 * "arg<i>" / "result<i>", whole however long. For a region every
 * parameter is an argument: `i` counts all of them. */
static char *paramName(MlirOperation func, bool isOutput, intptr_t i,
                       MlirStringRef fromSource) {
  /* A fused attention region's parameters are its arguments but P. */
  intptr_t arg;
  if (dlcInterpIsRegion(func) &&
      mlirLogicalResultIsSuccess(dlcInterpGetRegionArgument(func, i, &arg)) &&
      arg != i) {
    i = arg;
    fromSource = (MlirStringRef){NULL, 0};
  }
  MlirAttribute all = mlirOperationGetAttributeByName(
      func,
      mlirStringRefCreateFromCString(isOutput ? "res_attrs" : "arg_attrs"));
  MlirAttribute dict = !mlirAttributeIsNull(all) &&
                               mlirAttributeIsAArray(all) &&
                               i < mlirArrayAttrGetNumElements(all)
                           ? mlirArrayAttrGetElement(all, i)
                           : mlirAttributeGetNull();
  MlirAttribute given =
      !mlirAttributeIsNull(dict) && mlirAttributeIsADictionary(dict)
          ? mlirDictionaryAttrGetElementByName(
                dict, mlirStringRefCreateFromCString(
                          dlcInterpIsRegion(func) ? "rbssa.name" : "dlc.name"))
          : mlirAttributeGetNull();
  if (!mlirAttributeIsNull(given) && mlirAttributeIsAString(given))
    return copyName(mlirStringAttrGetValue(given));
  if (fromSource.data)
    return copyName(fromSource);
  char numbered[32];
  snprintf(numbered, sizeof(numbered), "%s%ld", isOutput ? "result" : "arg",
           (long)i);
  return copyName(mlirStringRefCreateFromCString(numbered));
}

/* Names become file names: keep them to a safe alphabet, and unique. */
static bool checkNames(const Param *params, int count) {
  for (int i = 0; i < count; ++i) {
    const char *name = params[i].name;
    bool ok = name[0] && name[0] != '.' &&
              strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWX"
                           "YZ0123456789_.-") == strlen(name);
    for (int j = 0; ok && j < i; ++j)
      ok = strcmp(params[j].name, name) != 0;
    if (!ok) {
      fail("parameter name '%s' is not a unique, plain file name", name);
      return false;
    }
  }
  return true;
}

/*===----------------------------------------------------------------------===*
 * Inputs
 *===----------------------------------------------------------------------===*/

uint64_t interpToolNextRandom(uint64_t *state) {
  uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* Uniform in [-1, 1) for floats; integers in [-8, 8]; i1 in {0, 1}. */
static double randomValue(uint64_t *state, DlcInterpDtype dtype) {
  uint64_t bits = interpToolNextRandom(state);
  if (dtype == DlcInterpDtypeI1)
    return (double)(bits & 1);
  if (!dlcInterpDtypeIsFloat(dtype))
    return (double)(int64_t)(bits % 17) - 8.0;
  return 2.0 * ((double)(bits >> 11) * 0x1.0p-53) - 1.0;
}

void interpToolFillRandom(DlcTensor *t, DlcInterpDtype dtype, uint64_t *state) {
  bool allZero = true;
  for (int64_t i = 0; i < t->numElements; ++i) {
    t->data[i] = dlcInterpRoundToStorage(dtype, randomValue(state, dtype));
    allZero &= t->data[i] == 0.0;
  }
  /* An all-zero input would hide most kernel bugs. */
  if (allZero && t->numElements > 0)
    t->data[0] = 1.0;
}

static bool fillGiven(Param *param, const char *values) {
  DlcTensor *t = param->tensor;
  if (strcmp(values, "iota") == 0) {
    for (int64_t i = 0; i < t->numElements; ++i)
      t->data[i] = dlcInterpRoundToStorage(param->dtype, (double)i);
    return true;
  }
  int64_t count = 0;
  const char *p = values;
  while (*p) {
    char *end;
    double value = strtod(p, &end);
    if (end == p || (*end && *end != ',') || count == t->numElements) {
      fprintf(stderr,
              "dlc-interp: error: --input %s: expected %lld comma-separated "
              "numbers\n",
              param->name, (long long)t->numElements);
      return false;
    }
    t->data[count++] = dlcInterpRoundToStorage(param->dtype, value);
    p = *end ? end + 1 : end;
  }
  if (count != t->numElements) {
    fprintf(stderr,
            "dlc-interp: error: --input %s: %lld values given but it has "
            "%lld elements\n",
            param->name, (long long)count, (long long)t->numElements);
    return false;
  }
  return true;
}

/* Whether --input value `v` names argument `index` (by number or name). */
static bool namesArgument(const InputValues *v, int index, const char *name) {
  size_t n = (size_t)(v->values - 1 - v->arg);
  char key[16]; /* an int in decimal */
  snprintf(key, sizeof(key), "%d", index);
  return (strlen(key) == n && strncmp(v->arg, key, n) == 0) ||
         (strlen(name) == n && strncmp(v->arg, name, n) == 0);
}

/* The --input entry for argument `index`, or NULL. */
static const InputValues *givenValues(const Options *options, int index,
                                      const char *name) {
  for (int i = 0; i < options->numInputValues; ++i)
    if (namesArgument(&options->inputValues[i], index, name))
      return &options->inputValues[i];
  return NULL;
}

/* Creates one input per argument, sized by the bound symbols. */
static bool makeInputs(const Options *options, MlirOperation func,
                       const DlcInterpSymbols *symbols, Param *params,
                       int numInputs) {
  MlirType type = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type")));
  uint64_t state = options->seed;
  for (int i = 0; i < numInputs; ++i) {
    Param *param = &params[i];
    int rank;
    int64_t shape[DLC_MAX_RANK];
    if (dlcInterpDtypeFromType(mlirShapedTypeGetElementType(
            mlirFunctionTypeGetInput(type, i))) == DlcInterpDtypeInvalid) {
      fail("argument '%s' has an element type the interpreter does not "
           "support",
           param->name);
      return false;
    }
    if (mlirLogicalResultIsFailure(
            dlcInterpGetParam(func, i, symbols, &rank, shape, &param->dtype)))
      return false;
    param->tensor = dlcTensorCreate(rank, shape);
    if (!param->tensor) {
      fail("cannot allocate the input '%s'", param->name);
      return false;
    }
    const InputValues *given = givenValues(options, i, param->name);
    if (!given)
      interpToolFillRandom(param->tensor, param->dtype, &state);
    else if (!fillGiven(param, given->values))
      return false;
  }
  for (int i = 0; i < options->numInputValues; ++i) {
    const InputValues *v = &options->inputValues[i];
    bool names = false, used = false;
    for (int j = 0; j < numInputs; ++j) {
      names |= namesArgument(v, j, params[j].name);
      used |= givenValues(options, j, params[j].name) == v;
    }
    if (!names) {
      fail("--input '%s' names no argument", v->arg);
      return false;
    }
    if (!used) { /* an earlier --input gave the same argument */
      fail("--input '%s' gives an argument an earlier --input gave", v->arg);
      return false;
    }
  }
  return true;
}

/*===----------------------------------------------------------------------===*
 * Output: printing and reference data
 *===----------------------------------------------------------------------===*/

/* The shortest decimal that reads back to `value` once rounded as the
 * interpreter rounded it, so f16 results print as "0.1001" and not as
 * their exact binary expansion. */
static void formatValue(double value, DlcInterpDtype dtype,
                        DlcInterpPrecision precision, char *buffer,
                        size_t size) {
  if (!dlcInterpDtypeIsFloat(dtype)) {
    snprintf(buffer, size, "%lld", (long long)value);
    return;
  }
  if (!isfinite(value)) {
    snprintf(buffer, size, "%s",
             isnan(value) ? "nan"
             : value > 0  ? "inf"
                          : "-inf");
    return;
  }
  /* Whole numbers print whole: 65504 rather than 6.55e+04. */
  if (value == trunc(value) && fabs(value) < 1e15) {
    snprintf(buffer, size, "%.0f", value);
    return;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    snprintf(buffer, size, "%.*g", digits, value);
    if (dlcInterpRound(dtype, precision, strtod(buffer, NULL)) == value)
      return;
  }
}

/* Prints "NAME: DTYPE[shape]" and then one line per innermost row:
 * "NAME[i, j] = v v v" ("NAME = v v v" for rank <= 1). */
static void printParam(const Param *param, const Options *options) {
  const DlcTensor *t = param->tensor;
  printf("%s: %s[", param->name, dlcInterpDtypeGetName(param->dtype));
  for (int d = 0; d < t->rank; ++d)
    printf("%s%lld", d ? ", " : "", (long long)t->shape[d]);
  printf("]\n");
  if (t->numElements > options->printLimit) {
    printf("  (%lld elements; raise --print-limit to see them)\n",
           (long long)t->numElements);
    return;
  }
  int64_t row = t->rank ? t->shape[t->rank - 1] : 1;
  int64_t index[DLC_MAX_RANK] = {0};
  for (int64_t start = 0; row > 0 && start < t->numElements; start += row) {
    printf("%s", param->name);
    for (int d = 0; d + 1 < t->rank; ++d)
      printf("%s%lld", d ? ", " : "[", (long long)index[d]);
    printf("%s =", t->rank > 1 ? "]" : "");
    for (int64_t i = 0; i < row; ++i) {
      char text[64];
      formatValue(t->data[start + i], param->dtype, options->precision, text,
                  sizeof(text));
      printf(" %s", text);
    }
    printf("\n");
    /* Advance the outer index by one row. */
    for (int d = t->rank - 2; d >= 0; --d) {
      if (++index[d] < t->shape[d])
        break;
      index[d] = 0;
    }
  }
}

/* Little-endian bytes of one element in `dtype`. */
static size_t encodeElement(double value, DlcInterpDtype dtype,
                            unsigned char *out) {
  uint64_t bits = 0;
  size_t size = dlcInterpDtypeGetSize(dtype);
  switch (dtype) {
  case DlcInterpDtypeF16:
    bits = dlcInterpF16FromDouble(value);
    break;
  case DlcInterpDtypeBF16:
    bits = dlcInterpBF16FromDouble(value);
    break;
  case DlcInterpDtypeF32: {
    float f = (float)value;
    uint32_t b32;
    memcpy(&b32, &f, sizeof(b32));
    bits = b32;
    break;
  }
  case DlcInterpDtypeF64:
    memcpy(&bits, &value, sizeof(bits));
    break;
  default: /* integers: already whole and in range */
    bits = (uint64_t)(int64_t)value;
    break;
  }
  for (size_t i = 0; i < size; ++i)
    out[i] = (unsigned char)(bits >> (8 * i));
  return size;
}

static bool writeRawFile(const char *dir, const Param *param) {
  char path[4096];
  int length = snprintf(path, sizeof(path), "%s/%s.bin", dir, param->name);
  if (length < 0 || (size_t)length >= sizeof(path)) {
    fprintf(stderr, "dlc-interp: error: path '%s/%s.bin' is too long\n", dir,
            param->name);
    return false;
  }
  FILE *file = fopen(path, "wb");
  if (!file) {
    fprintf(stderr, "dlc-interp: error: cannot write '%s': %s\n", path,
            strerror(errno));
    return false;
  }
  /* The file is the buffer a kernel sees: a column-major memref's
   * elements in memory order (the first index fastest). */
  const DlcTensor *t = param->tensor;
  int64_t rows = t->rank == 2 ? t->shape[0] : 1;
  int64_t cols = t->rank == 2 ? t->shape[1] : t->numElements;
  bool ok = true;
  for (int64_t i = 0; ok && i < t->numElements; ++i) {
    int64_t at = param->columnMajor ? (i % rows) * cols + i / rows : i;
    unsigned char bytes[8];
    size_t n = encodeElement(t->data[at], param->dtype, bytes);
    ok = fwrite(bytes, 1, n, file) == n;
  }
  ok &= fclose(file) == 0;
  if (!ok)
    fprintf(stderr, "dlc-interp: error: cannot write '%s'\n", path);
  return ok;
}

/* The free symbols only: a derived one follows from them (dlc-run derives
 * it), and a product of symbols (MK = M * K) is no kernel's symbol. */
static void writeMeta(FILE *file, const Options *options, MlirOperation func,
                      const DlcInterpSymbols *symbols, const Param *params,
                      int count) {
  fprintf(file, "{\"symbols\": {");
  for (int i = 0, n = 0; i < symbols->count; ++i)
    if (!dlcInterpSymbolIsDerived(func, symbols, i))
      fprintf(file, "%s\"%.*s\": %lld", n++ ? ", " : "",
              (int)symbols->names[i].length, symbols->names[i].data,
              (long long)symbols->values[i]);
  fprintf(file, "}, \"seed\": %llu, \"params\": [",
          (unsigned long long)options->seed);
  for (int i = 0; i < count; ++i) {
    const Param *p = &params[i];
    fprintf(file, "%s\n  {\"name\": \"%s\", \"dtype\": \"%s\", \"shape\": [",
            i ? "," : "", p->name, dlcInterpDtypeGetName(p->dtype));
    for (int d = 0; d < p->tensor->rank; ++d)
      fprintf(file, "%s%lld", d ? ", " : "", (long long)p->tensor->shape[d]);
    fprintf(file, "], \"role\": \"%s\", \"file\": \"%s.bin\"}",
            p->isIntermediate ? "intermediate"
            : p->isOutput     ? "output"
                              : "input",
            p->name);
  }
  fprintf(file, "\n]}\n");
}

static bool writeReference(const Options *options, MlirOperation func,
                           const DlcInterpSymbols *symbols, const Param *params,
                           int count) {
  const char *dir = options->refDir;
  if (!dlcToolCreateDirectory(dir, "dlc-interp"))
    return false;
  for (int i = 0; i < count; ++i)
    if (!writeRawFile(dir, &params[i]))
      return false;
  char path[4096];
  snprintf(path, sizeof(path), "%s/meta.json", dir);
  FILE *file = fopen(path, "w");
  if (!file) {
    fprintf(stderr, "dlc-interp: error: cannot write '%s': %s\n", path,
            strerror(errno));
    return false;
  }
  writeMeta(file, options, func, symbols, params, count);
  return fclose(file) == 0;
}

/*===----------------------------------------------------------------------===*
 * Intermediate buffers of a program (--write-ref)
 *===----------------------------------------------------------------------===*/

/* The regions materialise every value over its axes (a GEMM's reduce body
 * holds M*N*K elements), unlike the tiny evaluation of a contraction, which
 * builds only its output: past this many elements in one value the
 * intermediates are left out rather than exhaust the memory. */
static const double intermediateBudget = 67108864.0; /* 2^26 */

static void noteNoIntermediates(MlirOperation func, const char *why) {
  MlirAttribute name = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_name"));
  MlirStringRef text = mlirAttributeIsAString(name)
                           ? mlirStringAttrGetValue(name)
                           : mlirStringRefCreateFromCString("?");
  fprintf(stderr,
          "dlc-interp: note: @%.*s lowers to several regions, but their "
          "intermediate buffers are not written: %s; dlc-run can then check "
          "the program end to end only\n",
          (int)text.length, text.data, why);
}

/* Appends to `*params` (after its `count` graph tensors; the array grows,
 * and stays the caller's) each intermediate buffer of `program`, in
 * rbssa.program order, from `buffers`. Returns how many, or -1 (none kept)
 * when one is missing, its name is taken or memory runs out. */
static int takeIntermediates(const InterpProgram *program,
                             InterpBuffers *buffers, Param **params,
                             int count) {
  MlirAttribute decl = mlirOperationGetAttributeByName(
      program->program, mlirStringRefCreateFromCString("rbssa.program"));
  MlirAttribute list = mlirDictionaryAttrGetElementByName(
      decl, mlirStringRefCreateFromCString("buffers"));
  if (mlirAttributeIsNull(list) || !mlirAttributeIsAArray(list))
    return -1;
  intptr_t n = mlirArrayAttrGetNumElements(list);
  Param *grown =
      n < INT_MAX - count
          ? realloc(*params, (size_t)(count + n + 1) * sizeof(*grown))
          : NULL;
  if (!grown)
    return -1;
  *params = grown;
  memset(&grown[count], 0, (size_t)(n + 1) * sizeof(*grown));
  int added = 0;
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute entry = mlirArrayAttrGetElement(list, i);
    MlirAttribute name = dlcDictionaryAttrGet(entry, "name");
    MlirAttribute dtype = dlcDictionaryAttrGet(entry, "dtype");
    bool ok = !mlirAttributeIsNull(name) && mlirAttributeIsAString(name) &&
              !mlirAttributeIsNull(dtype) && mlirAttributeIsAType(dtype);
    Param *param = &grown[count + added];
    if (ok) {
      param->name = copyName(mlirStringAttrGetValue(name));
      param->dtype = dlcInterpDtypeFromType(mlirTypeAttrGetValue(dtype));
      param->isIntermediate = true;
      ok = param->name && param->dtype != DlcInterpDtypeInvalid &&
           (param->tensor = interpToolBuffersTake(buffers, name)) != NULL;
    }
    /* The file is named after it: a graph tensor may not have its name. */
    for (int j = 0; ok && j < count + added; ++j)
      ok = strcmp(grown[j].name, param->name) != 0;
    if (!ok) {
      for (int j = count; j <= count + added; ++j) {
        dlcTensorDestroy(grown[j].tensor);
        free(grown[j].name);
        memset(&grown[j], 0, sizeof(Param));
      }
      return -1;
    }
    ++added;
  }
  return added;
}

/* For --write-ref: when the tiny function `func` lowers to several regions
 * (a program of several kernels), evaluates them in order on the same
 * inputs, and appends the intermediate buffers between them to `params`
 * (role "intermediate", named by rbssa.name as the program manifest names
 * them), so that dlc-run can check each kernel alone. The graph outputs
 * stay the tiny evaluation's. Returns how many were appended: none for one
 * region, or when the lowering rejects the function (quietly: it compiles
 * to no kernel either), or with a note on stderr when the regions cannot
 * be evaluated. */
static int addIntermediates(const Options *options, MlirOperation func,
                            const DlcInterpSymbols *symbols, Param **params,
                            int numInputs, int count) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirDiagnosticHandlerID quiet =
      mlirContextAttachDiagnosticHandler(ctx, dlcDiagnosticDrop, NULL, NULL);
  InterpProgram program;
  char error[1024];
  InterpLowering lowered =
      interpToolLower(ctx, func, &program, error, sizeof(error));
  mlirContextDetachDiagnosticHandler(ctx, quiet);
  int added = 0;
  DlcInterpSymbols regionSymbols = {0}; /* owned */
  if (lowered != InterpLowered || mlirOperationIsNull(program.program)) {
    /* one region, or no kernels: nothing between kernels */
  } else if (mlirLogicalResultIsFailure(
                 dlcInterpSymbolsInit(program.regions[0], &regionSymbols))) {
    noteNoIntermediates(func, "the regions' symbols are malformed");
  } else {
    interpToolCopySizes(symbols, &regionSymbols);
    double largest = 0.0;
    for (int k = 0; k < program.numRegions; ++k)
      largest = fmax(
          largest, interpToolLargestValue(program.regions[k], &regionSymbols));
    /* Owned: the graph inputs, borrowed from params. */
    DlcTensor **inputs = calloc((size_t)numInputs + 1, sizeof(*inputs));
    for (int i = 0; inputs && i < numInputs; ++i)
      inputs[i] = (*params)[i].tensor;
    DlcInterpOptions evaluation = {options->precision, options->products};
    InterpBuffers buffers;
    char why[256];
    if (!inputs) {
      noteNoIntermediates(func, "out of memory");
    } else if (largest > intermediateBudget) {
      snprintf(why, sizeof(why),
               "evaluating the regions would materialise a value of %.3g "
               "elements (more than %.3g)",
               largest, intermediateBudget);
      noteNoIntermediates(func, why);
    } else if (mlirLogicalResultIsFailure(interpToolEvaluateProgram(
                   &program, &evaluation, numInputs, inputs, &regionSymbols,
                   &buffers))) {
      noteNoIntermediates(func, "the regions do not evaluate (see the "
                                "diagnostics above)");
    } else {
      added = takeIntermediates(&program, &buffers, params, count);
      if (added < 0)
        noteNoIntermediates(func, "a buffer of the program has no value, or "
                                  "the name of a graph tensor");
      added = added < 0 ? 0 : added;
      interpToolBuffersClear(&buffers);
    }
    free(inputs);
  }
  interpToolProgramDestroy(&program);
  dlcInterpSymbolsClear(&regionSymbols);
  return added;
}

/*===----------------------------------------------------------------------===*
 * Driver
 *===----------------------------------------------------------------------===*/

/* Whether region argument `i` is a 2-D memref laid out column-major (a
 * strided layout whose first stride is 1). */
static bool isColumnMajor(MlirOperation func, int i) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(body) || i >= mlirBlockGetNumArguments(body))
    return false;
  MlirType type = mlirValueGetType(mlirBlockGetArgument(body, i));
  if (!mlirTypeIsAMemRef(type) || mlirShapedTypeGetRank(type) != 2)
    return false;
  MlirAttribute layout = mlirMemRefTypeGetLayout(type);
  return mlirAttributeIsAStridedLayout(layout) &&
         mlirStridedLayoutAttrGetStride(layout, 0) == 1;
}

/* Names the parameters (`params` and `sourceNames` have room for them
 * all; the names are the params' to free, up to `*written`, `outputs` for the
 * outputs and then the inputs), makes the inputs, evaluates, and reports, under
 * `symbols` (borrowed, sized); `*params` may grow by the intermediates, and
 * `*written` says how many hold tensors to destroy.
 */
static bool runParams(const Options *options, const char *source,
                      MlirOperation func, DlcInterpSymbols *symbols,
                      intptr_t numInputs, intptr_t numOutputs, Param **params,
                      MlirStringRef *sourceNames, DlcTensor **outputs,
                      int *written) {
  bool isRegion = dlcInterpIsRegion(func);
  int count = (int)(numInputs + numOutputs);
  Param *p = *params;
  bool named = !isRegion &&
               sourceArgumentNames(source, func, (int)numInputs, sourceNames);
  *written = count;
  for (int i = 0; i < count; ++i) {
    p[i].isOutput = i >= numInputs;
    p[i].columnMajor = isRegion && isColumnMajor(func, i);
    p[i].name = paramName(func, p[i].isOutput && !isRegion,
                          p[i].isOutput && !isRegion ? i - numInputs : i,
                          named && !p[i].isOutput ? sourceNames[i]
                                                  : (MlirStringRef){NULL, 0});
    if (!p[i].name) {
      fail("out of memory naming the parameters%s", "");
      return false;
    }
  }
  bool ok = checkNames(p, count) &&
            makeInputs(options, func, symbols, p, (int)numInputs);
  /* The evaluation's inputs follow its outputs in the caller's table. */
  DlcTensor **inputs = outputs + numOutputs;
  for (int i = 0; ok && i < numInputs; ++i)
    inputs[i] = p[i].tensor;
  DlcInterpOptions evaluation = {options->precision, options->products};
  ok = ok &&
       mlirLogicalResultIsSuccess(dlcInterpEvaluateWithOptions(
           func, &evaluation, numInputs, inputs, symbols, numOutputs, outputs));
  for (int i = 0; ok && i < numOutputs; ++i)
    p[numInputs + i].tensor = outputs[i];
  for (int i = 0; ok && i < numOutputs; ++i) {
    int rank;
    int64_t shape[DLC_MAX_RANK];
    ok = mlirLogicalResultIsSuccess(dlcInterpGetParam(
        func, numInputs + i, symbols, &rank, shape, &p[numInputs + i].dtype));
  }
  for (int i = 0; ok && options->print && i < count; ++i)
    if (p[i].isOutput || options->printInputs)
      printParam(&p[i], options);
  if (ok && options->refDir && !isRegion)
    *written +=
        addIntermediates(options, func, symbols, params, (int)numInputs, count);
  return ok && (!options->refDir ||
                writeReference(options, func, symbols, *params, *written));
}

/* runParams with the tables sized for `func`'s parameters (as many as it
 * has). */
static bool runWithSymbols(const Options *options, const char *source,
                           MlirOperation func, DlcInterpSymbols *symbols) {
  intptr_t numInputs, numOutputs;
  if (mlirLogicalResultIsFailure(
          dlcInterpGetSignature(func, &numInputs, &numOutputs)))
    return false;
  if (numInputs + numOutputs >= INT_MAX) {
    fail("too many parameters%s", "");
    return false;
  }
  size_t room = (size_t)(numInputs + numOutputs) + 1;
  /* Owned: the parameters, their names in the source (borrowed from
   * `source`), and the evaluation's
   * outputs followed by its inputs. */
  Param *params = calloc(room, sizeof(*params));
  MlirStringRef *sourceNames = calloc(room, sizeof(*sourceNames));
  DlcTensor **tensors = calloc(room, sizeof(*tensors));
  int written = 0;
  bool ok = params && sourceNames && tensors;
  if (!ok)
    fail("out of memory%s", "");
  ok = ok && runParams(options, source, func, symbols, numInputs, numOutputs,
                       &params, sourceNames, tensors, &written);
  for (int i = 0; params && i < written; ++i) {
    dlcTensorDestroy(params[i].tensor);
    free(params[i].name);
  }
  free(params);
  free(sourceNames);
  free(tensors);
  return ok;
}

/* Runs `func` at the command line's sizes. */
static bool runFunction(const Options *options, const char *source,
                        MlirOperation func) {
  DlcInterpSymbols symbols; /* owned */
  bool ok = mlirLogicalResultIsSuccess(dlcInterpSymbolsInit(func, &symbols)) &&
            applySizes(options, func, &symbols) &&
            runWithSymbols(options, source, func, &symbols);
  dlcInterpSymbolsClear(&symbols);
  return ok;
}

static MlirContext createContext(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  return ctx;
}

/* Frees what parseArguments allocated in `options`. */
static void freeOptions(Options *options) {
  for (int i = 0; i < options->numSizes; ++i)
    free(options->sizes[i].name);
  free(options->sizes);
  free(options->inputValues);
}

int main(int argc, char **argv) {
  Options options = {.seed = 1, .printLimit = 256, .trials = 10, .maxSize = 33};
  int parsed = parseArguments(argc, argv, &options);
  char *source =
      parsed == 0 ? dlcToolReadFile(options.program, "dlc-interp") : NULL;
  if (!source) {
    freeOptions(&options);
    return parsed == 1 ? 0 : 1;
  }

  /* --diff compares with the lowering and --write-ref writes the data a
   * compiled kernel is checked against (dlc-run --ref-data): both take the
   * kernels' numerics, products formed in the accumulator, unless told
   * otherwise. Rounded per product, a correct tensor-core kernel failed its
   * check (a bf16 conv: 314 of 2592 elements). */
  if ((options.diff || options.refDir) && !options.productsGiven)
    options.products = DlcInterpProductsInAccumulator;
  /* --write-ref lowers a tiny function for its intermediates. */
  if (options.diff || options.refDir)
    mlirRegisterAllPasses();
  MlirContext ctx = createContext();
  mlirContextAttachDiagnosticHandler(ctx, handleDiagnostic, NULL, NULL);
  bool ok = mlirLogicalResultIsSuccess(dlcRegisterAllDialects(ctx));
  MlirModule module = {NULL};
  if (ok)
    module =
        dlcModuleCreateParse(ctx, mlirStringRefCreateFromCString(source),
                             mlirStringRefCreateFromCString(options.program));
  ok = ok && !mlirModuleIsNull(module) &&
       mlirOperationVerify(mlirModuleGetOperation(module));
  MlirOperation func =
      ok ? findFunction(module, options.funcName) : (MlirOperation){NULL};
  int status = 1;
  if (ok && !mlirOperationIsNull(func))
    status = options.diff ? interpToolRunDiff(&options, ctx, func)
             : runFunction(&options, source, func) ? 0
                                                   : 1;

  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  free(source);
  freeOptions(&options);
  return status;
}
