/* dlc-opt: mlir-opt for DLC. Reads textual IR (a file or stdin), verifies
 * it, runs a pass pipeline mixing DLC and upstream passes, and prints the
 * result. Run `dlc-opt --help` for the options. */
#include "DiagnosticVerifier.h"
#include "DiagnosticsJson.h"
#include "dlc/IR.h"
#include "dlc/dlc.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Options {
  const char *input;
  const char *output;
  char *pipeline;         /* --pass-pipeline (or built from per-pass flags) */
  bool pipelineGiven;     /* --pass-pipeline itself was used */
  const char **passFlags; /* the --<pass>[=<options>] flags, without "--",
                             in order (borrowed from argv) */
  int numPassFlags;
  bool splitInputFile;
  bool verifyDiagnostics;
  bool printBefore, printAfter;
  bool printGeneric, printDebugInfo;
  bool allowUnregistered;
  const char *diagnosticsJsonPath; /* --dlc-diagnostics-json */
  DiagnosticsJson *diagnosticsJson;
} Options;

/* Per-chunk state shared with the diagnostic handler. */
typedef struct Session {
  const char *fileName;
  int lineOffset; /* lines of the file before the chunk being processed */
  DiagnosticVerifier *verifier; /* only under --verify-diagnostics */
  DiagnosticsJson *json;        /* only under --dlc-diagnostics-json */
  bool hadError;
} Session;

static const char usage[] =
    "OVERVIEW: DLC modular optimizer driver (mlir-opt for DLC)\n\n"
    "USAGE: dlc-opt [options] [input file | -]\n\n"
    "OPTIONS:\n"
    "  -o <file>                    Write output to <file> (default: stdout)\n"
    "  --pass-pipeline=<pipeline>   e.g. 'builtin.module(tiny-verify, "
    "func.func(cse))'\n"
    "  --<pass>[=<options>]         Add one pass (DLC or upstream), in order\n"
    "  --split-input-file           Process chunks separated by '// -----'\n"
    "  --verify-diagnostics         Check diagnostics against expected-* "
    "comments\n"
    "  --mlir-print-ir-before-all   Print the IR before each pass (stderr)\n"
    "  --mlir-print-ir-after-all    Print the IR after each pass (stderr)\n"
    "  --mlir-print-op-generic      Print every op in generic form\n"
    "  --mlir-print-debuginfo       Print locations\n"
    "  --allow-unregistered-dialect Accept ops of unknown dialects\n"
    "  --dlc-diagnostics-json=<file> Also write every diagnostic as JSON "
    "(spec §14)\n"
    "  --list-passes                List the DLC passes and their options\n"
    "  --help                       Show this help\n\n"
    "Every upstream MLIR pass is available by its mlir-opt name.\n";

/* --- diagnostics -----------------------------------------------------------
 */

/* Formats `loc` as "file:line:col" into `where` and returns its line (0
 * when it has none). A chunk of --split-input-file is parsed on its own, so
 * the lines of a location in the input file are shifted by the lines before
 * the chunk: diagnostics keep the line numbers of the whole file. */
static int formatLocation(const Session *session, MlirLocation loc, char *where,
                          size_t size) {
  dlcLocationFormat(loc, where, size);
  char *colColon = strrchr(where, ':');
  if (!colColon)
    return 0;
  *colColon = '\0';
  char *lineColon = strrchr(where, ':');
  *colColon = ':';
  if (!lineColon)
    return 0;
  int line = atoi(lineColon + 1);
  size_t nameLength = (size_t)(lineColon - where);
  if (session->lineOffset && nameLength == strlen(session->fileName) &&
      strncmp(where, session->fileName, nameLength) == 0) {
    char column[32];
    snprintf(column, sizeof(column), "%s", colColon);
    line += session->lineOffset;
    snprintf(lineColon, size - nameLength, ":%d%s", line, column);
  }
  return line;
}

static void report(Session *session, MlirDiagnosticSeverity severity,
                   MlirLocation loc, const char *message) {
  if (severity == MlirDiagnosticError)
    session->hadError = true;
  char where[512];
  int line = formatLocation(session, loc, where, sizeof(where));
  diagnosticsJsonRecord(session->json, severity, loc, where, message);
  if (session->verifier) {
    /* mlir-opt turns these notes off under --verify-diagnostics. */
    if (severity == MlirDiagnosticNote &&
        strncmp(message, "see current operation:", 22) == 0)
      return;
    diagnosticVerifierRecord(session->verifier, severity, line, message);
    return;
  }
  fprintf(stderr, "%s: %s: %s\n", where, dlcDiagnosticSeverityName(severity),
          message);
}

static void reportDiagnostic(Session *session, MlirDiagnostic diagnostic) {
  char text[4096];
  DlcStringSink message = dlcStringSinkCreate(text, sizeof(text));
  mlirDiagnosticPrint(diagnostic, dlcStringSinkAppend, &message);
  report(session, mlirDiagnosticGetSeverity(diagnostic),
         mlirDiagnosticGetLocation(diagnostic), text);
  intptr_t notes = mlirDiagnosticGetNumNotes(diagnostic);
  for (intptr_t i = 0; i < notes; ++i)
    reportDiagnostic(session, mlirDiagnosticGetNote(diagnostic, i));
}

static MlirLogicalResult handleDiagnostic(MlirDiagnostic diagnostic,
                                          void *userData) {
  reportDiagnostic(userData, diagnostic);
  return mlirLogicalResultSuccess();
}

/* --- input ------------------------------------------------------------------
 */

/* Returns the next chunk boundary at or after `p`, which starts a line (or
 * is the newline ending one): a line that reads "// -----" (more dashes and
 * trailing blanks allowed). Scans line by line, never past the boundary:
 * the whole file is scanned once over all chunks (D22). */
static char *findSplit(char *p) {
  while (*p) {
    if (strncmp(p, "// -----", 8) == 0) {
      char *end = p + 8;
      while (*end == '-')
        ++end;
      while (*end == ' ' || *end == '\t' || *end == '\r')
        ++end;
      if (*end == '\n' || *end == '\0')
        return p;
    }
    while (*p && *p != '\n')
      ++p;
    if (*p)
      ++p;
  }
  return NULL;
}

/* --- processing --------------------------------------------------------------
 */

/* Parses `pipeline` into `pm` (on builtin.module); false with its error
 * in `error`. */
static bool parsePipeline(MlirPassManager pm, const char *pipeline, char *error,
                          size_t size) {
  DlcStringSink sink = dlcStringSinkCreate(error, size);
  return mlirLogicalResultIsSuccess(dlcParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(pipeline), dlcStringSinkAppend, &sink));
}

static MlirPassManager modulePassManager(MlirContext ctx) {
  return mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
}

static bool runPipeline(MlirContext ctx, MlirOperation module,
                        const Options *options) {
  if (!options->pipeline)
    return true;
  MlirPassManager pm = modulePassManager(ctx);
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  char errorText[4096];
  bool ok = parsePipeline(pm, options->pipeline, errorText, sizeof(errorText));
  if (!ok)
    fprintf(stderr, "dlc-opt: error: invalid pass pipeline: %s\n", errorText);
  if (ok && (options->printBefore || options->printAfter))
    mlirPassManagerEnableIRPrinting(pm, options->printBefore,
                                    options->printAfter, true, false, false,
                                    flags, mlirStringRefCreate(NULL, 0));
  if (ok)
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, module));
  mlirPassManagerDestroy(pm);
  mlirOpPrintingFlagsDestroy(flags);
  return ok;
}

/* Parses, verifies, transforms and prints one chunk, whose first line is
 * line `lineOffset` + 1 of the file (for diagnostics, formatLocation). */
static bool processChunk(MlirContext ctx, const Options *options,
                         Session *session, const char *chunk, int lineOffset,
                         FILE *out) {
  session->lineOffset = lineOffset;
  if (options->verifyDiagnostics) {
    session->verifier =
        diagnosticVerifierCreate(session->fileName, chunk, lineOffset);
    if (!session->verifier)
      return false;
  }
  session->hadError = false;

  MlirModule parsed =
      dlcModuleCreateParse(ctx, mlirStringRefCreateFromCString(chunk),
                           mlirStringRefCreateFromCString(session->fileName));
  bool ok = !mlirModuleIsNull(parsed);
  MlirOperation module =
      ok ? mlirModuleGetOperation(parsed) : (MlirOperation){NULL};
  diagnosticsJsonSetModule(session->json, module);
  if (ok && !mlirOperationVerify(module))
    ok = false;
  if (ok)
    ok = runPipeline(ctx, module, options);
  if (ok && !session->hadError) {
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    if (options->printGeneric)
      mlirOpPrintingFlagsPrintGenericOpForm(flags);
    if (options->printDebugInfo)
      mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
    mlirOperationPrintWithFlags(module, flags, dlcToolWriteToFile, out);
    fputc('\n', out);
    mlirOpPrintingFlagsDestroy(flags);
  }
  diagnosticsJsonSetModule(session->json, (MlirOperation){NULL});
  if (!mlirModuleIsNull(parsed))
    mlirModuleDestroy(parsed);

  if (options->verifyDiagnostics) {
    /* Failures are expected here; what counts is the match. */
    ok = diagnosticVerifierCheck(session->verifier, stderr);
    diagnosticVerifierDestroy(session->verifier);
    session->verifier = NULL;
  } else if (session->hadError) {
    ok = false;
  }
  return ok;
}

static bool processFile(MlirContext ctx, const Options *options, char *source,
                        FILE *out) {
  Session session = {options->input, 0, NULL, options->diagnosticsJson, false};
  /* DLC warnings come through the handler too (dlc/Diagnostics.h). */
  mlirContextAttachDiagnosticHandler(ctx, handleDiagnostic, &session, NULL);

  bool ok = true;
  if (!options->splitInputFile)
    return processChunk(ctx, options, &session, source, 0, out);

  int line = 0;
  char *chunk = source;
  for (bool first = true;; first = false) {
    char *split = findSplit(chunk);
    if (split)
      *split = '\0';
    if (!first)
      fputs("// -----\n", out);
    ok &= processChunk(ctx, options, &session, chunk, line, out);
    for (char *p = chunk; *p; ++p)
      line += *p == '\n';
    if (!split)
      break;
    chunk = split + 8;
    while (*chunk && *chunk != '\n')
      ++chunk;
  }
  return ok;
}

/* --- options -----------------------------------------------------------------
 */

static void listPasses(void) {
  printf("DLC passes:\n");
  for (int i = 0; i < dlcGetNumPasses(); ++i) {
    DlcPassInfo info = dlcGetPassInfo(i);
    printf("  %-28s %s\n", info.argument, info.description);
    for (int j = 0; j < info.numOptions; ++j)
      printf("      %s=<value>  %s (default: %s)\n", info.options[j].name,
             info.options[j].description, info.options[j].defaultValue);
  }
  printf("\nUpstream MLIR passes are available by their mlir-opt names "
         "(e.g. canonicalize, cse, convert-gpu-to-nvvm).\n");
}

/* The pipeline element of a --<pass>[=<options>] flag, "pass{options}"
 * (given to the caller), or NULL when out of memory. */
static char *passElement(const char *flag) {
  const char *eq = strchr(flag, '=');
  size_t nameLength = eq ? (size_t)(eq - flag) : strlen(flag);
  char *element = malloc(strlen(flag) + 3);
  if (!element)
    return NULL;
  if (eq)
    sprintf(element, "%.*s{%s}", (int)nameLength, flag, eq + 1);
  else
    strcpy(element, flag);
  return element;
}

/* Whether `pipeline` parses (a scratch pass manager: nothing runs). */
static bool pipelineParses(MlirContext ctx, const char *pipeline, char *error,
                           size_t size) {
  MlirPassManager pm = modulePassManager(ctx);
  bool ok = parsePipeline(pm, pipeline, error, size);
  mlirPassManagerDestroy(pm);
  return ok;
}

/* options->pipeline from the per-pass flags, in order, each nested where
 * its pass runs, as mlir-opt's implicit nesting does: on the module, else
 * — a pass restricted to an op, which the module's pipeline refuses, e.g.
 * affine-loop-tile — on each func.func, gpu.module or llvm.func. A pass of
 * an interface (FunctionOpInterface) stays on the module, as in mlir-opt.
 * A flag no nesting accepts is an error (the module's message: an unknown
 * pass, a bad option). */
static bool buildFlagPipeline(MlirContext ctx, Options *options) {
  static const char *const nests[] = {"", "func.func", "gpu.module",
                                      "llvm.func"};
  enum { NumNests = sizeof(nests) / sizeof(nests[0]) };
  size_t size = strlen("builtin.module()") + 1;
  for (int i = 0; i < options->numPassFlags; ++i)
    size += strlen(options->passFlags[i]) + strlen("llvm.func(){}, ") + 2;
  options->pipeline = malloc(size);
  char *probe = malloc(size);
  bool ok = options->pipeline && probe;
  if (ok)
    strcpy(options->pipeline, "builtin.module(");
  for (int i = 0; ok && i < options->numPassFlags; ++i) {
    char *element = passElement(options->passFlags[i]);
    char shown[4096] = "", error[4096];
    /* probe is prefix + the nested element + ")": the element's text is
     * its length - sizeof(prefix) characters after the prefix. */
    static const char prefix[] = "builtin.module(";
    int length = 0;
    bool found = false;
    for (int n = 0; element && !found && n < NumNests; ++n) {
      length = *nests[n] ? snprintf(probe, size, "%s%s(%s))", prefix, nests[n],
                                    element)
                         : snprintf(probe, size, "%s%s)", prefix, element);
      found = pipelineParses(ctx, probe, error, sizeof(error));
      /* The message to show: the first that is not about the nesting. */
      if (!found && (n == 0 || strstr(shown, "restricted to")))
        snprintf(shown, sizeof(shown), "%s", error);
    }
    if (!element)
      fprintf(stderr, "dlc-opt: error: out of memory\n");
    else if (!found)
      fprintf(stderr, "dlc-opt: error: invalid pass pipeline: %s\n", shown);
    else
      sprintf(options->pipeline + strlen(options->pipeline), "%s%.*s",
              i > 0 ? ", " : "", length - (int)sizeof(prefix),
              probe + sizeof(prefix) - 1);
    ok = element && found;
    free(element);
  }
  if (ok)
    strcat(options->pipeline, ")");
  free(probe);
  return ok;
}

/* Returns 0 to go on, 1 to exit successfully, 2 on a usage error. */
static int parseArguments(int argc, char **argv, Options *options) {
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (strcmp(arg, "-o") == 0) {
      if (++i == argc) {
        fprintf(stderr, "dlc-opt: error: -o needs a file name\n");
        return 2;
      }
      options->output = argv[i];
    } else if (strncmp(arg, "-o", 2) == 0 && arg[2] != '-') {
      options->output = arg + 2;
    } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      fputs(usage, stdout);
      return 1;
    } else if (strcmp(arg, "--list-passes") == 0) {
      listPasses();
      return 1;
    } else if (strncmp(arg, "--pass-pipeline=", 16) == 0) {
      free(options->pipeline);
      options->pipeline = strdup(arg + 16);
      options->pipelineGiven = true;
    } else if (strcmp(arg, "--split-input-file") == 0) {
      options->splitInputFile = true;
    } else if (strcmp(arg, "--verify-diagnostics") == 0) {
      options->verifyDiagnostics = true;
    } else if (strcmp(arg, "--mlir-print-ir-after-all") == 0) {
      options->printAfter = true;
    } else if (strcmp(arg, "--mlir-print-ir-before-all") == 0) {
      options->printBefore = true;
    } else if (strcmp(arg, "--mlir-print-op-generic") == 0) {
      options->printGeneric = true;
    } else if (strcmp(arg, "--allow-unregistered-dialect") == 0) {
      options->allowUnregistered = true;
    } else if (strcmp(arg, "--mlir-print-debuginfo") == 0) {
      options->printDebugInfo = true;
    } else if (strncmp(arg, "--dlc-diagnostics-json=", 23) == 0 && arg[23]) {
      options->diagnosticsJsonPath = arg + 23;
    } else if (strncmp(arg, "--", 2) == 0 && arg[2]) {
      options->passFlags[options->numPassFlags++] = arg + 2;
    } else if (arg[0] == '-' && arg[1]) {
      fprintf(stderr, "dlc-opt: error: unknown option '%s' (see --help)\n",
              arg);
      return 2;
    } else if (options->input && strcmp(options->input, "-") != 0) {
      fprintf(stderr, "dlc-opt: error: more than one input file ('%s', '%s')\n",
              options->input, arg);
      return 2;
    } else {
      options->input = arg;
    }
  }
  if (options->pipelineGiven && options->numPassFlags > 0) {
    fprintf(stderr, "dlc-opt: error: use either --pass-pipeline or per-pass "
                    "flags, not both\n");
    return 2;
  }
  if (!options->input)
    options->input = "-";
  return 0;
}

static MlirContext createContext(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllLLVMTranslations(ctx);
  return ctx;
}

static void freeOptions(Options *options) {
  free(options->pipeline);
  free(options->passFlags);
}

int main(int argc, char **argv) {
  Options options = {0};
  options.passFlags = calloc((size_t)argc, sizeof(*options.passFlags));
  if (!options.passFlags) {
    fprintf(stderr, "dlc-opt: error: out of memory\n");
    return 1;
  }
  int parsed = parseArguments(argc, argv, &options);
  if (parsed != 0) {
    freeOptions(&options);
    return parsed == 1 ? 0 : 1;
  }
  char *source = dlcToolReadFile(options.input, "dlc-opt");
  if (!source) {
    freeOptions(&options);
    return 1;
  }
  FILE *out = stdout;
  if (options.output && strcmp(options.output, "-") != 0 &&
      !(out = fopen(options.output, "w"))) {
    fprintf(stderr, "dlc-opt: error: cannot open output file '%s': %s\n",
            options.output, strerror(errno));
    free(source);
    freeOptions(&options);
    return 1;
  }

  if (options.diagnosticsJsonPath &&
      !(options.diagnosticsJson =
            diagnosticsJsonCreate(options.diagnosticsJsonPath))) {
    free(source);
    freeOptions(&options);
    return 1;
  }
  mlirRegisterAllPasses();
  MlirContext ctx = createContext();
  mlirContextSetAllowUnregisteredDialects(ctx, options.allowUnregistered);
  bool ok = mlirLogicalResultIsSuccess(dlcRegisterAllDialects(ctx));
  if (!ok)
    fprintf(stderr, "dlc-opt: error: the DLC dialect definitions failed to "
                    "load\n");
  if (ok && options.numPassFlags > 0)
    ok = buildFlagPipeline(ctx, &options);
  if (ok)
    ok = processFile(ctx, &options, source, out);

  mlirContextDestroy(ctx);
  if (options.diagnosticsJson) {
    ok = diagnosticsJsonWrite(options.diagnosticsJson, stderr) && ok;
    diagnosticsJsonDestroy(options.diagnosticsJson);
  }
  if (out != stdout)
    fclose(out);
  free(source);
  freeOptions(&options);
  return ok ? 0 : 1;
}
