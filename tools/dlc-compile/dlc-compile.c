/* dlc-compile: one command from a model to kernels (docs/dlc-compile.md).
 *
 *   dlc-compile MODEL.{json,mlir} -o DIR [--chip CHIP] [--plan-file F]
 *               [--device FIGURE=VALUE,...] [--versions SYM=VALUE,...]
 *               [--dump=LAYER,...]
 *
 * Imports Frontend IR or tinygrad JSON (or parses tiny MLIR), runs the
 * dlc-to-ptx pipeline layer by layer (dlcGetLayerPipeline), optionally writing
 * each layer's IR to DIR/<model>.<layer>.mlir, writes the PTX and manifests as
 * `dlc-translate --emit-kernels` does (dlcWriteKernels), and prints one
 * summary row per kernel. */
#include "Summary.h"

#include "dlc/dlc.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOOL "dlc-compile"

typedef struct Options {
  const char *input, *outputDir, *chip, *planFile, *device, *versions;
  bool dump[DLC_NUM_LAYERS];
} Options;

static void printUsage(FILE *out) {
  fprintf(out, "USAGE: " TOOL " MODEL.{json,mlir} -o DIR [--chip CHIP] "
               "[--plan-file FILE] [--device FIGURE=VALUE,...] "
               "[--versions SYM=VALUE,...] [--dump=LAYER,...]\n"
               "  LAYER: tiny, indexbook, rbssa, plan, dlcgpu, ptx (or all)\n");
}

/* Marks the layers of a --dump list; prints why and returns false when it
 * names an unknown one. */
static bool parseDump(const char *list, Options *o) {
  if (!*list) {
    fprintf(stderr, TOOL ": error: --dump= needs a layer list, e.g. "
                         "--dump=tiny,plan (layers: tiny, indexbook, rbssa, "
                         "plan, dlcgpu, ptx, all)\n");
    return false;
  }
  for (const char *p = list; *p;) {
    size_t n = strcspn(p, ",");
    bool known = false;
    for (int l = 0; l < DLC_NUM_LAYERS; ++l)
      if ((n == strlen(dlcGetLayerName(l)) &&
           strncmp(p, dlcGetLayerName(l), n) == 0) ||
          (n == 3 && strncmp(p, "all", 3) == 0))
        known = o->dump[l] = true;
    if (!known) {
      fprintf(stderr,
              TOOL ": error: --dump: unknown layer '%.*s' (layers: tiny, "
                   "indexbook, rbssa, plan, dlcgpu, ptx, all)\n",
              (int)n, p);
      return false;
    }
    p += n + (p[n] == ',');
  }
  return true;
}

/* The slot of option `a` in `o` ("-o", "--chip", ... or "--chip=V", whose
 * V goes into *inlineValue), or NULL for another argument. */
static const char **optionSlot(Options *o, const char *a,
                               const char **inlineValue) {
  static const char *const names[] = {"-o", "--chip", "--plan-file", "--device",
                                      "--versions"};
  const char **slots[] = {&o->outputDir, &o->chip, &o->planFile, &o->device,
                          &o->versions};
  *inlineValue = NULL;
  for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); ++k) {
    size_t n = strlen(names[k]);
    if (strncmp(a, names[k], n) == 0 &&
        (a[n] == '\0' || (a[n] == '=' && a[1] == '-'))) { /* no "-o=" */
      *inlineValue = a[n] == '=' ? a + n + 1 : NULL;
      return slots[k];
    }
  }
  return NULL;
}

/* Options into `o`; returns 0 to go on, 1 on a bad command line, 2 after
 * --help. A value that reads as an option ("--device -o out") is a
 * missing value, not a device list (a path starting with '-' is written
 * ./-name), and an option given twice is a mistake: the last one used to
 * win without a word. */
static int parseOptions(int argc, char **argv, Options *o) {
  const char **given[8] = {NULL}; /* the slots set so far */
  int numGiven = 0;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *inlineValue;
    const char **value = optionSlot(o, a, &inlineValue);
    const char *next = i + 1 < argc ? argv[i + 1] : NULL;
    if (value && !inlineValue && (!next || (next[0] == '-' && next[1]))) {
      fprintf(stderr, TOOL ": error: %s needs a value%s%s%s\n", a,
              next ? " (found the option '" : "", next ? next : "",
              next ? "')" : "");
      return 1;
    }
    for (int g = 0; value && g < numGiven; ++g)
      if (given[g] == value) {
        fprintf(stderr, TOOL ": error: %.*s is given twice\n",
                (int)strcspn(a, "="), a);
        return 1;
      }
    if (value) {
      given[numGiven++] = value;
      *value = inlineValue ? inlineValue : argv[++i];
    } else if (strncmp(a, "--dump=", 7) == 0 || strcmp(a, "--dump") == 0) {
      if (!parseDump(a[6] ? a + 7 : "", o))
        return 1;
    } else if (strcmp(a, "--help") == 0) {
      printUsage(stdout);
      return 2;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, TOOL ": error: unknown option '%s'\n", a);
      printUsage(stderr);
      return 1;
    } else if (o->input) {
      fprintf(stderr, TOOL ": error: one model at a time ('%s' and '%s')\n",
              o->input, a);
      return 1;
    } else {
      o->input = a;
    }
  }
  const char *missing = !o->input       ? "a model file"
                        : !o->outputDir ? "an output directory (-o DIR)"
                                        : NULL;
  if (missing || !o->outputDir[0]) { /* "" would write into "/" */
    fprintf(stderr, TOOL ": error: needs %s\n",
            missing ? missing : "a non-empty output directory name");
    printUsage(stderr);
    return 1;
  }
  if (!dlcTargetIsKnownChip(o->chip)) { /* else a pipeline's name shows */
    char chips[128], message[512];
    dlcTargetListChips(chips, sizeof(chips));
    dlcDiagnosticFormat(message, sizeof(message), &dlcPlanOptionInvalid,
                        "compile for a chip of the target table "
                        "(docs/target.md)",
                        "--chip: \"%.40s\" is not a known chip (known: %s)",
                        o->chip, chips);
    fprintf(stderr, TOOL ": error: %s\n", message);
    return 1;
  }
  /* Both are passed on as quoted option values, which end at a '"'
   * (dlcGetLayerPipeline refuses them). */
  const char *quoted = o->planFile && strchr(o->planFile, '"') ? "--plan-file"
                       : o->device && strchr(o->device, '"')   ? "--device"
                                                               : NULL;
  if (quoted) {
    char message[512];
    dlcDiagnosticFormat(message, sizeof(message), &dlcPlanOptionInvalid,
                        "rename the file or write the value without '\"'",
                        "%s: \"%.60s\" holds a '\"', which a pass option "
                        "value cannot hold",
                        quoted, quoted[2] == 'p' ? o->planFile : o->device);
    fprintf(stderr, TOOL ": error: %s\n", message);
    return 1;
  }
  return 0;
}

/* --- import ------------------------------------------------------------ */

static bool endsWith(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The model as a tiny module: a JSON graph imported (Frontend IR or a
 * tinygrad UOp graph, by its content), MLIR parsed. */
static DLC_GIVE MlirModule loadModel(MlirContext ctx, const char *path) {
  char *source = dlcToolReadFile(path, TOOL);
  if (!source)
    return (MlirModule){NULL};
  MlirStringRef text = mlirStringRefCreateFromCString(source);
  MlirStringRef name = mlirStringRefCreateFromCString(path);
  MlirModule module =
      endsWith(path, ".json")
          ? dlcImportGraphJson(ctx, text, name, dlcToolPrintErrorLine, NULL)
          : dlcModuleCreateParse(ctx, text, name);
  free(source);
  return module;
}

/* Whether the model holds a function to compile; else an error (the
 * kernel writer's "run dlc-opt first" would be the wrong advice here). */
static bool hasFunctions(MlirModule module, const char *path) {
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirIdentifier name = mlirOperationGetName(op);
    if (mlirStringRefEqual(mlirIdentifierStr(name),
                           mlirStringRefCreateFromCString("func.func")))
      return true;
  }
  fprintf(stderr,
          TOOL ": error: '%s' holds no function to compile (a tiny "
               "model is a module of func.func; docs/dlc-compile.md)\n",
          path);
  return false;
}

/* --- layers ------------------------------------------------------------ */

/* The model's name for dump files: the input's base name up to its first
 * dot ("examples/softmax.tiny.mlir" → "softmax"). Malloc'ed. */
static char *modelName(const char *path) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t n = strcspn(base, ".");
  char *name = malloc(n ? n + 1 : 6);
  if (name)
    snprintf(name, n ? n + 1 : 6, "%.*s", (int)n, n ? base : "model");
  return name;
}

/* DIR/<model>.<layer>.mlir: the module as it leaves `layer`. */
static bool dumpLayer(MlirOperation module, const Options *o, const char *model,
                      int layer) {
  size_t size = strlen(o->outputDir) + strlen(model) + 32;
  char *path = malloc(size);
  if (!path)
    return false;
  snprintf(path, size, "%s/%s.%s.mlir", o->outputDir, model,
           dlcGetLayerName(layer));
  FILE *f = dlcToolOpenOutput(path, TOOL);
  if (f) {
    mlirOperationPrint(module, dlcToolWriteToFile, f);
    fputc('\n', f);
    fclose(f);
    printf("wrote %s\n", path);
  }
  free(path);
  return f != NULL;
}

/* One pass manager per layer, all parsed before any runs, so that a bad
 * chip, plan file or versions list is reported before anything runs or is
 * written. The tiny layer starts with tiny-symbol-versions when --versions
 * asks for launch-time versions (as dlc-to-ptx{versions=} does), so that
 * tiny-verify checks the copies too. */
static bool buildLayerPipelines(MlirContext ctx, const Options *o,
                                MlirPassManager pms[DLC_NUM_LAYERS]) {
  bool ok = true;
  for (int l = 0; l < DLC_NUM_LAYERS; ++l) {
    pms[l] = mlirPassManagerCreateOnOperation(
        ctx, mlirStringRefCreateFromCString("builtin.module"));
    char *layer = dlcGetLayerPipeline(l, o->chip, o->planFile, o->device,
                                      DLC_DEFAULT_OPT_LEVEL);
    char *versions = l == 0 ? dlcGetVersionsPipeline(o->versions) : NULL;
    char *elements = layer;
    if (layer && versions) {
      size_t size = strlen(versions) + strlen(layer) + 3;
      elements = malloc(size);
      if (elements)
        snprintf(elements, size, "%s, %s", versions, layer);
      free(layer);
    }
    free(versions);
    char errorText[4096];
    DlcStringSink error = dlcStringSinkCreate(errorText, sizeof(errorText));
    if (ok &&
        (!elements || mlirLogicalResultIsFailure(dlcOpPassManagerAddPipeline(
                          mlirPassManagerGetAsOpPassManager(pms[l]),
                          mlirStringRefCreateFromCString(elements),
                          dlcStringSinkAppend, &error)))) {
      fprintf(stderr, TOOL ": error: %s\n",
              elements ? errorText : "out of memory");
      ok = false;
    }
    free(elements);
  }
  return ok;
}

/* Runs every layer on `module`, dumping those --dump asks for into the
 * output directory (created once the pipelines parse); `plans` receives
 * the plans read at the plan layer. */
static bool lower(MlirContext ctx, MlirModule module, const Options *o,
                  MlirAttribute *plans) {
  MlirPassManager pms[DLC_NUM_LAYERS];
  bool ok = buildLayerPipelines(ctx, o, pms) &&
            dlcToolCreateDirectory(o->outputDir, TOOL);
  char *model = ok ? modelName(o->input) : NULL;
  MlirOperation op = mlirModuleGetOperation(module);
  for (int l = 0; ok && l < DLC_NUM_LAYERS; ++l) {
    ok =
        model && mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pms[l], op));
    if (ok && strcmp(dlcGetLayerName(l), "plan") == 0)
      *plans = summaryCollectPlans(ctx, op);
    if (ok && o->dump[l] && strcmp(dlcGetLayerName(l), "ptx") != 0)
      ok = dumpLayer(op, o, model, l);
  }
  for (int l = 0; l < DLC_NUM_LAYERS; ++l)
    mlirPassManagerDestroy(pms[l]);
  free(model);
  return ok;
}

int main(int argc, char **argv) {
  Options o = {NULL, NULL, DLC_TARGET_DEFAULT_CHIP, "", "", "", {false}};
  int status = parseOptions(argc, argv, &o);
  if (status)
    return status == 2 ? 0 : 1;
  MlirContext ctx = dlcContextCreate();
  if (mlirContextIsNull(ctx))
    return 1;
  mlirContextAttachDiagnosticHandler(ctx, dlcToolPrintDiagnostic, NULL, NULL);
  /* Its outputs are named after the model: in the input's own directory
   * the program manifest (or a dump) could take the input's name. */
  dlcToolProtectInput(o.input);
  MlirModule module = loadModel(ctx, o.input);
  bool ok = !mlirModuleIsNull(module) && hasFunctions(module, o.input);
  MlirAttribute plans = mlirAttributeGetNull();
  ok = ok && lower(ctx, module, &o, &plans) &&
       dlcWriteKernels(mlirModuleGetOperation(module), DLC_KERNELS_DIR,
                       o.outputDir, TOOL);
  if (ok)
    summaryPrint(mlirModuleGetOperation(module), plans);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return ok ? 0 : 1;
}
