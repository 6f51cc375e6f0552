/* dlc-translate: turns a module compiled by the dlc-to-ptx pipeline into
 * files a host can load: the PTX text of each gpu.binary and one manifest
 * JSON per kernel (docs/conventions.md, DESIGN.md decision 7).
 *
 *   dlc-translate IN.mlir --emit-kernels=DIR   DIR/<module>.ptx,
 * DIR/<kernel>.json dlc-translate IN.mlir --emit-ptx [-o F]    the PTX only
 *   dlc-translate IN.mlir --emit-manifest [-o F]  the manifests (JSON array)
 *   dlc-translate IN.json --import-frontend [-o F]  Frontend IR (spec §2) to
 *       tiny (docs/frontend.md); --mlir-print-debuginfo keeps the JSON
 *       positions of the graph nodes as op locations */
#include "dlc/Frontend.h"
#include "dlc/IR.h"
#include "dlc/Json.h"
#include "dlc/dlc.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/RegisterEverything.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The chip the module was planned for (its dlc.target, docs/target.md);
 * prints an error and returns NULL when it names no known chip. */
static const char *targetChip(MlirOperation module) {
  const char *chip = dlcOperationGetTargetChip(module);
  if (!chip)
    fprintf(stderr, "dlc-translate: error: the module's dlc.target names no "
                    "known chip (docs/target.md lists them)\n");
  return chip;
}

/* --- JSON from builtin attributes ----------------------------------------- */

static void writeJson(FILE *out, MlirAttribute a, int indent);

static void newline(FILE *out, int indent) {
  fprintf(out, "\n%*s", indent, "");
}

static void writeJson(FILE *out, MlirAttribute a, int indent) {
  if (mlirAttributeIsAString(a)) {
    dlcJsonWriteStringRef(out, mlirStringAttrGetValue(a));
  } else if (mlirAttributeIsABool(a)) { /* before integers: a BoolAttr is i1 */
    fputs(mlirBoolAttrGetValue(a) ? "true" : "false", out);
  } else if (mlirAttributeIsAInteger(a)) {
    fprintf(out, "%lld", (long long)mlirIntegerAttrGetValueInt(a));
  } else if (mlirAttributeIsAFloat(a)) {
    fprintf(out, "%.17g", mlirFloatAttrGetValueDouble(a));
  } else if (mlirAttributeIsADenseI64Array(a)) {
    fputc('[', out);
    for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(a); ++i)
      fprintf(out, "%s%lld", i ? ", " : "",
              (long long)mlirDenseI64ArrayGetElement(a, i));
    fputc(']', out);
  } else if (mlirAttributeIsAArray(a)) {
    intptr_t n = mlirArrayAttrGetNumElements(a);
    bool nested =
        n && (mlirAttributeIsADictionary(mlirArrayAttrGetElement(a, 0)));
    fputc('[', out);
    for (intptr_t i = 0; i < n; ++i) {
      if (i)
        fputs(", ", out);
      if (nested)
        newline(out, indent + 2);
      writeJson(out, mlirArrayAttrGetElement(a, i), indent + 2);
    }
    if (nested)
      newline(out, indent);
    fputc(']', out);
  } else if (mlirAttributeIsADictionary(a)) {
    intptr_t n = mlirDictionaryAttrGetNumElements(a);
    fputc('{', out);
    for (intptr_t i = 0; i < n; ++i) {
      MlirNamedAttribute e = mlirDictionaryAttrGetElement(a, i);
      fputs(i ? ", " : "", out);
      if (indent == 0)
        newline(out, 2);
      dlcJsonWriteStringRef(out, mlirIdentifierStr(e.name));
      fputs(": ", out);
      writeJson(out, e.attribute, indent + 2);
    }
    if (indent == 0)
      newline(out, 0);
    fputc('}', out);
  } else {
    fputs("null", out);
  }
}

/* --- PTX from gpu.binary
 * ------------------------------------------------------ */

typedef struct {
  char *data;
  size_t size, capacity;
} Buffer;

static void appendToBuffer(MlirStringRef chunk, void *userData) {
  Buffer *b = userData;
  if (b->size + chunk.length + 1 > b->capacity) {
    size_t capacity = 2 * (b->size + chunk.length + 1);
    char *grown = realloc(b->data, capacity);
    if (!grown)
      return;
    b->data = grown;
    b->capacity = capacity;
  }
  memcpy(b->data + b->size, chunk.data, chunk.length);
  b->size += chunk.length;
  b->data[b->size] = '\0';
}

static int hexValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* The C API cannot read a #gpu.object, so the PTX is taken from the
 * printed attribute: `assembly = "..."` with MLIR's string escapes. */
static char *ptxOf(MlirOperation binary) {
  Buffer printed = {NULL, 0, 0};
  mlirAttributePrint(mlirOperationGetAttributeByName(
                         binary, mlirStringRefCreateFromCString("objects")),
                     appendToBuffer, &printed);
  const char *start =
      printed.data ? strstr(printed.data, "assembly = \"") : NULL;
  if (!start) {
    free(printed.data);
    return NULL;
  }
  start += strlen("assembly = \"");
  char *ptx = malloc(strlen(start) + 1);
  size_t n = 0;
  for (const char *p = start; *p && *p != '"'; ++p) {
    if (*p == '\\' && (p[1] == '\\' || p[1] == '"')) {
      ptx[n++] = p[1];
      ++p;
    } else if (*p == '\\' && hexValue(p[1]) >= 0 && hexValue(p[2]) >= 0) {
      ptx[n++] = (char)(hexValue(p[1]) * 16 + hexValue(p[2]));
      p += 2;
    } else {
      ptx[n++] = *p;
    }
  }
  ptx[n] = '\0';
  free(printed.data);
  return ptx;
}

/* --- driver
 * ---------------------------------------------------------------------- */

typedef enum {
  EMIT_NONE,
  EMIT_KERNELS,
  EMIT_PTX,
  EMIT_MANIFEST,
  IMPORT_FRONTEND
} Emit;

static FILE *openOutput(const char *path) {
  if (!path || strcmp(path, "-") == 0)
    return stdout;
  FILE *f = fopen(path, "w");
  if (!f)
    fprintf(stderr, "dlc-translate: error: cannot open '%s': %s\n", path,
            strerror(errno));
  return f;
}

static char *readFile(const char *path) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "dlc-translate: error: cannot open input file '%s': %s\n",
            path, strerror(errno));
    return NULL;
  }
  Buffer b = {NULL, 0, 0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
    appendToBuffer(mlirStringRefCreate(chunk, n), &b);
  if (f != stdin)
    fclose(f);
  if (!b.data)
    b.data = calloc(1, 1);
  return b.data;
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic d, void *userData) {
  (void)userData;
  char where[512];
  dlcLocationFormat(mlirDiagnosticGetLocation(d), where, sizeof(where));
  Buffer text = {NULL, 0, 0};
  mlirDiagnosticPrint(d, appendToBuffer, &text);
  fprintf(stderr, "%s: error: %s\n", where, text.data ? text.data : "");
  free(text.data);
  return mlirLogicalResultSuccess();
}

/* --- Frontend IR import
 * -------------------------------------------------------- */

static void printImportError(MlirStringRef line, void *userData) {
  (void)userData;
  fprintf(stderr, "%.*s\n", (int)line.length, line.data);
}

static void printToFile(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

static bool importFrontend(MlirContext ctx, const char *source,
                           const char *input, const char *output,
                           bool debugInfo) {
  MlirModule module = dlcImportFrontendJson(
      ctx, mlirStringRefCreateFromCString(source),
      mlirStringRefCreateFromCString(input ? input : "<stdin>"),
      printImportError, NULL);
  if (mlirModuleIsNull(module))
    return false;
  FILE *out = openOutput(output);
  if (out) {
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    if (debugInfo)
      mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
    mlirOperationPrintWithFlags(mlirModuleGetOperation(module), flags,
                                printToFile, out);
    mlirOpPrintingFlagsDestroy(flags);
    fputc('\n', out);
    if (out != stdout)
      fclose(out);
  }
  mlirModuleDestroy(module);
  return out != NULL;
}

/* --- program manifests
 * ----------------------------------------------------------- */

static MlirAttribute dictField(MlirAttribute dict, const char *key) {
  return mlirAttributeIsADictionary(dict)
             ? mlirDictionaryAttrGetElementByName(
                   dict, mlirStringRefCreateFromCString(key))
             : mlirAttributeGetNull();
}

static bool isArrayAttr(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsAArray(a);
}

/* File names come from the IR (kernel, binary and program names), so each
 * is checked before DIR/<name>.<ext> is written (D02): letters, digits,
 * '_', '.' and '-' only, not starting with '.', so it has no path
 * separator, is not ".." and is never empty. */
#define FILE_NAME_RULE "is not a name of letters, digits, '_', '.', '-'"

static bool isFileName(MlirAttribute a) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return false;
  MlirStringRef s = mlirStringAttrGetValue(a);
  bool ok = s.length > 0 && s.length < 200 && s.data[0] != '.';
  for (size_t i = 0; ok && i < s.length; ++i)
    ok = s.data[i] != '\0' &&
         strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                "0123456789_.-",
                s.data[i]) != NULL;
  return ok;
}

/* DIR/<name><ext>, malloc'ed (the caller frees it); NULL without memory. */
static char *outputPath(const char *dir, MlirStringRef name, const char *ext) {
  size_t size = strlen(dir) + 1 + name.length + strlen(ext) + 1;
  char *path = malloc(size);
  if (path)
    snprintf(path, size, "%s/%.*s%s", dir, (int)name.length, name.data, ext);
  return path;
}

/* The dlc.kernels entry of kernel `name`, or null. */
static MlirAttribute kernelEntry(MlirAttribute kernels, MlirAttribute name) {
  for (intptr_t i = 0; isArrayAttr(kernels) && !mlirAttributeIsNull(name) &&
                       i < mlirArrayAttrGetNumElements(kernels);
       ++i) {
    MlirAttribute entry = mlirArrayAttrGetElement(kernels, i);
    MlirAttribute kernel = dictField(entry, "kernel");
    if (!mlirAttributeIsNull(kernel) && mlirAttributeEqual(kernel, name))
      return entry;
  }
  return mlirAttributeGetNull();
}

/* What a dlc.programs entry must hold for writeProgram; prints why not. */
static bool checkProgram(MlirAttribute program, MlirAttribute kernels,
                         intptr_t index) {
  const char *why = NULL;
  MlirAttribute order = dictField(program, "kernels");
  if (!isFileName(dictField(program, "program")))
    why = "\"program\" " FILE_NAME_RULE;
  else if (!isArrayAttr(order) || !isArrayAttr(dictField(program, "symbols")) ||
           !isArrayAttr(dictField(program, "inputs")) ||
           !isArrayAttr(dictField(program, "outputs")) ||
           !isArrayAttr(dictField(program, "intermediates")))
    why = "needs arrays \"kernels\", \"symbols\", \"inputs\", "
          "\"outputs\" and \"intermediates\"";
  for (intptr_t i = 0; !why && i < mlirArrayAttrGetNumElements(order); ++i)
    if (mlirAttributeIsNull(
            kernelEntry(kernels, mlirArrayAttrGetElement(order, i))))
      why = "names a kernel that dlc.kernels does not hold";
  if (why)
    fprintf(stderr, "dlc-translate: error: dlc.programs[%ld]: %s\n",
            (long)index, why);
  return why == NULL;
}

static void writeField(FILE *f, const char *key, MlirAttribute value,
                       int indent) {
  fprintf(f, "%*s\"%s\": ", indent, "", key);
  writeJson(f, value, indent);
}

/* One program manifest (docs/conventions.md, "Program manifest"): the PTX
 * and target, the program's symbols and tensors, then every kernel's
 * manifest entry in launch order. */
static void writeProgram(FILE *f, MlirAttribute program, MlirAttribute kernels,
                         MlirStringRef binaryName, const char *chip) {
  fputs("{\n", f);
  writeField(f, "program", dictField(program, "program"), 2);
  fprintf(f, ",\n  \"ptx\": \"%.*s.ptx\", \"arch\": \"%s\"",
          (int)binaryName.length, binaryName.data, chip);
  const char *keys[] = {"symbols", "inputs", "outputs", "intermediates"};
  for (int k = 0; k < 4; ++k) {
    fputs(",\n", f);
    writeField(f, keys[k], dictField(program, keys[k]), 2);
  }
  fputs(",\n  \"kernels\": [", f);
  MlirAttribute order = dictField(program, "kernels");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(order); ++i) {
    MlirAttribute entry =
        kernelEntry(kernels, mlirArrayAttrGetElement(order, i));
    fputs(i ? ",\n    {" : "\n    {", f);
    for (intptr_t j = 0; j < mlirDictionaryAttrGetNumElements(entry); ++j) {
      MlirNamedAttribute e = mlirDictionaryAttrGetElement(entry, j);
      fputs(j ? ",\n      " : "\n      ", f);
      dlcJsonWriteStringRef(f, mlirIdentifierStr(e.name));
      fputs(": ", f);
      writeJson(f, e.attribute, 6);
    }
    fputs("\n    }", f);
  }
  fputs("\n  ]\n}\n", f);
}

/* DIR/<program>.json for each entry of the module's dlc.programs. */
static bool writePrograms(MlirOperation module, MlirAttribute kernels,
                          MlirStringRef binaryName, const char *dir) {
  MlirAttribute programs = mlirOperationGetAttributeByName(
      module, mlirStringRefCreateFromCString("dlc.programs"));
  if (mlirAttributeIsNull(programs))
    return true;
  if (!isArrayAttr(programs)) {
    fprintf(stderr, "dlc-translate: error: dlc.programs is not an array\n");
    return false;
  }
  const char *chip = targetChip(module);
  if (!chip)
    return false;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(programs); ++i) {
    MlirAttribute program = mlirArrayAttrGetElement(programs, i);
    if (!checkProgram(program, kernels, i))
      return false;
    MlirStringRef name = mlirStringAttrGetValue(dictField(program, "program"));
    char *path = outputPath(dir, name, ".json");
    FILE *f = path ? openOutput(path) : NULL;
    if (f) {
      writeProgram(f, program, kernels, binaryName, chip);
      fclose(f);
      printf("wrote %s\n", path);
    }
    free(path);
    if (!f)
      return false;
  }
  return true;
}

/* What dlc.kernels must hold for the per-kernel manifests: an array of
 * dictionaries, each naming its kernel with a file name; prints why not
 * (D03: the attribute comes from the input and may be anything). */
static bool checkKernels(MlirAttribute kernels) {
  if (!isArrayAttr(kernels)) {
    fprintf(stderr, "dlc-translate: error: dlc.kernels is not an array\n");
    return false;
  }
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(kernels); ++i) {
    MlirAttribute entry = mlirArrayAttrGetElement(kernels, i);
    const char *why = NULL;
    if (!mlirAttributeIsADictionary(entry))
      why = "is not a dictionary";
    else if (!isFileName(dictField(entry, "kernel")))
      why = "\"kernel\" " FILE_NAME_RULE;
    if (why) {
      fprintf(stderr, "dlc-translate: error: dlc.kernels[%ld]: %s\n", (long)i,
              why);
      return false;
    }
  }
  return true;
}

/* Creates the output folder of --emit-kernels unless it exists. */
static bool createOutputDir(const char *dir) {
  if (mkdir(dir, 0777) == 0 || errno == EEXIST)
    return true;
  fprintf(stderr, "dlc-translate: error: cannot create directory '%s': %s\n",
          dir, strerror(errno));
  return false;
}

/* DIR/<kernel>.json for each entry of dlc.kernels: the entry, preceded by
 * the PTX file it lives in (relative to the manifest) and the chip. */
static bool writeKernelManifests(MlirAttribute kernels,
                                 MlirStringRef binaryName, const char *chip,
                                 const char *dir) {
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(kernels); ++i) {
    MlirAttribute entry = mlirArrayAttrGetElement(kernels, i);
    char *path = outputPath(
        dir, mlirStringAttrGetValue(dictField(entry, "kernel")), ".json");
    FILE *f = path ? openOutput(path) : NULL;
    if (!f) {
      free(path);
      return false;
    }
    fprintf(f, "{\n  \"ptx\": \"%.*s.ptx\", \"arch\": \"%s\",",
            (int)binaryName.length, binaryName.data, chip);
    for (intptr_t j = 0; j < mlirDictionaryAttrGetNumElements(entry); ++j) {
      MlirNamedAttribute e = mlirDictionaryAttrGetElement(entry, j);
      fputs(j ? ",\n  " : "\n  ", f);
      dlcJsonWriteStringRef(f, mlirIdentifierStr(e.name));
      fputs(": ", f);
      writeJson(f, e.attribute, 2);
    }
    fputs("\n}\n", f);
    fclose(f);
    printf("wrote %s\n", path);
    free(path);
  }
  return true;
}

static bool writeKernels(MlirOperation module, Emit emit, const char *output) {
  MlirAttribute kernels = mlirOperationGetAttributeByName(
      module, mlirStringRefCreateFromCString("dlc.kernels"));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirOperation binary = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                           mlirStringRefCreateFromCString("gpu.binary")))
      binary = op;
  if (mlirAttributeIsNull(kernels) || mlirOperationIsNull(binary)) {
    fprintf(stderr, "dlc-translate: error: no compiled kernels in the input "
                    "(run dlc-opt with the dlc-to-ptx pipeline first)\n");
    return false;
  }
  MlirAttribute binaryName = mlirOperationGetAttributeByName(
      binary, mlirStringRefCreateFromCString("sym_name"));
  if (!isFileName(binaryName)) {
    fprintf(stderr,
            "dlc-translate: error: the gpu.binary's symbol name " FILE_NAME_RULE
            "\n");
    return false;
  }
  if (!checkKernels(kernels))
    return false;
  char *ptx = ptxOf(binary);
  if (!ptx) {
    fprintf(stderr, "dlc-translate: error: the gpu.binary holds no PTX "
                    "(use gpu-module-to-binary{format=isa})\n");
    return false;
  }
  bool ok;
  if (emit == EMIT_PTX || emit == EMIT_MANIFEST) {
    FILE *out = openOutput(output);
    ok = out != NULL;
    if (out && emit == EMIT_PTX)
      fputs(ptx, out);
    if (out && emit == EMIT_MANIFEST) {
      writeJson(out, kernels, 0);
      fputc('\n', out);
    }
    if (out && out != stdout)
      fclose(out);
    free(ptx);
    return ok;
  }
  MlirStringRef name = mlirStringAttrGetValue(binaryName);
  char *path =
      createOutputDir(output) ? outputPath(output, name, ".ptx") : NULL;
  FILE *f = path ? openOutput(path) : NULL;
  if (f) {
    fputs(ptx, f);
    fclose(f);
  }
  free(path);
  free(ptx);
  ok = f != NULL &&
       writeKernelManifests(kernels, name, targetChip(module), output);
  return ok && writePrograms(module, kernels, name, output);
}

int main(int argc, char **argv) {
  const char *input = NULL, *output = NULL;
  Emit emit = EMIT_NONE;
  bool debugInfo = false;
  for (int i = 1; i < argc; ++i) {
    if (strncmp(argv[i], "--emit-kernels=", 15) == 0) {
      emit = EMIT_KERNELS;
      output = argv[i] + 15;
      if (!output[0]) { /* "" would write into "/" (D04) */
        fprintf(stderr, "dlc-translate: error: --emit-kernels needs a "
                        "directory name (--emit-kernels=DIR)\n");
        return 1;
      }
    } else if (strcmp(argv[i], "--emit-ptx") == 0) {
      emit = EMIT_PTX;
    } else if (strcmp(argv[i], "--emit-manifest") == 0) {
      emit = EMIT_MANIFEST;
    } else if (strcmp(argv[i], "--import-frontend") == 0) {
      emit = IMPORT_FRONTEND;
    } else if (strcmp(argv[i], "--mlir-print-debuginfo") == 0) {
      debugInfo = true;
    } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
      output = argv[++i];
    } else if (strcmp(argv[i], "--help") == 0) {
      printf("USAGE: dlc-translate IN.mlir (--emit-kernels=DIR | --emit-ptx "
             "| --emit-manifest) [-o FILE]\n"
             "       dlc-translate IN.json --import-frontend "
             "[--mlir-print-debuginfo] [-o FILE]\n");
      return 0;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "dlc-translate: error: unknown option '%s'\n", argv[i]);
      return 1;
    } else {
      input = argv[i];
    }
  }
  if (emit == EMIT_NONE) {
    fprintf(stderr, "dlc-translate: error: choose --emit-kernels=DIR, "
                    "--emit-ptx or --emit-manifest (or --import-frontend "
                    "for Frontend IR JSON)\n");
    return 1;
  }
  char *source = readFile(input ? input : "-");
  if (!source)
    return 1;
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  bool ok = mlirLogicalResultIsSuccess(dlcRegisterAllDialects(ctx));
  if (emit == IMPORT_FRONTEND) {
    ok = ok && importFrontend(ctx, source, input, output, debugInfo);
    mlirContextDestroy(ctx);
    free(source);
    return ok ? 0 : 1;
  }
  MlirModule module = dlcModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(source),
      mlirStringRefCreateFromCString(input ? input : "<stdin>"));
  ok = ok && !mlirModuleIsNull(module) &&
       targetChip(mlirModuleGetOperation(module)) &&
       writeKernels(mlirModuleGetOperation(module), emit, output);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  free(source);
  return ok ? 0 : 1;
}
