/* The files a host loads, from a module compiled by the dlc-to-ptx
 * pipeline: the PTX text of its gpu.binary and one manifest JSON per kernel
 * and per program (docs/conventions.md, DESIGN.md decision 7). The one copy
 * behind `dlc-translate --emit-kernels/--emit-ptx/--emit-manifest` and
 * `dlc-compile`. */
#include "dlc/Kernels.h"
#include "TextBuffer.h"

#include "dlc/IR.h"
#include "dlc/Json.h"
#include "dlc/Target.h"
#include "dlc/Tool.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The chip the module was planned for (its dlc.target, docs/target.md);
 * prints an error and returns NULL when it names no known chip. */
static const char *targetChip(const char *tool, MlirOperation module) {
  const char *chip = dlcOperationGetTargetChip(module);
  if (!chip)
    fprintf(stderr,
            "%s: error: the module's dlc.target names no "
            "known chip (docs/target.md lists them)\n",
            tool);
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

/* The entries of dictionary `dict` as JSON members, one a line at
 * `indent` (the caller writes the braces around them). */
static void writeMembers(FILE *out, MlirAttribute dict, int indent) {
  for (intptr_t j = 0; j < mlirDictionaryAttrGetNumElements(dict); ++j) {
    MlirNamedAttribute e = mlirDictionaryAttrGetElement(dict, j);
    if (j)
      fputc(',', out);
    newline(out, indent);
    dlcJsonWriteStringRef(out, mlirIdentifierStr(e.name));
    fputs(": ", out);
    writeJson(out, e.attribute, indent);
  }
}

/* --- PTX from gpu.binary
 * ------------------------------------------------------ */

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
  DlcTextBuffer printed = {NULL, 0, 0};
  mlirAttributePrint(mlirOperationGetAttributeByName(
                         binary, mlirStringRefCreateFromCString("objects")),
                     dlcTextBufferAppend, &printed);
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

/* --- program manifests
 * ----------------------------------------------------------- */

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
  /* `-o out/` names the same folder as `-o out`: no "out//x.json". */
  const char *slash = dir[0] && dir[strlen(dir) - 1] == '/' ? "" : "/";
  if (path)
    snprintf(path, size, "%s%s%.*s%s", dir, slash, (int)name.length, name.data,
             ext);
  return path;
}

/* The dlc.kernels entry of kernel `name`, or null. */
static MlirAttribute kernelEntry(MlirAttribute kernels, MlirAttribute name) {
  for (intptr_t i = 0; isArrayAttr(kernels) && !mlirAttributeIsNull(name) &&
                       i < mlirArrayAttrGetNumElements(kernels);
       ++i) {
    MlirAttribute entry = mlirArrayAttrGetElement(kernels, i);
    MlirAttribute kernel = dlcDictionaryAttrGet(entry, "kernel");
    if (!mlirAttributeIsNull(kernel) && mlirAttributeEqual(kernel, name))
      return entry;
  }
  return mlirAttributeGetNull();
}

/* What a dlc.programs entry must hold for writeProgram; prints why not. */
static bool checkProgram(const char *tool, MlirAttribute program,
                         MlirAttribute kernels, intptr_t index) {
  const char *why = NULL;
  MlirAttribute order = dlcDictionaryAttrGet(program, "kernels");
  if (!isFileName(dlcDictionaryAttrGet(program, "program")))
    why = "\"program\" " FILE_NAME_RULE;
  else if (!isArrayAttr(order) ||
           !isArrayAttr(dlcDictionaryAttrGet(program, "symbols")) ||
           !isArrayAttr(dlcDictionaryAttrGet(program, "inputs")) ||
           !isArrayAttr(dlcDictionaryAttrGet(program, "outputs")) ||
           !isArrayAttr(dlcDictionaryAttrGet(program, "intermediates")))
    why = "needs arrays \"kernels\", \"symbols\", \"inputs\", "
          "\"outputs\" and \"intermediates\"";
  for (intptr_t i = 0; !why && i < mlirArrayAttrGetNumElements(order); ++i)
    if (mlirAttributeIsNull(
            kernelEntry(kernels, mlirArrayAttrGetElement(order, i))))
      why = "names a kernel that dlc.kernels does not hold";
  if (why)
    fprintf(stderr, "%s: error: dlc.programs[%ld]: %s\n", tool, (long)index,
            why);
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
  writeField(f, "program", dlcDictionaryAttrGet(program, "program"), 2);
  fprintf(f, ",\n  \"ptx\": \"%.*s.ptx\", \"arch\": \"%s\"",
          (int)binaryName.length, binaryName.data, chip);
  /* "derived" only when the program has derived symbols. */
  const char *keys[] = {"symbols", "derived", "inputs", "outputs",
                        "intermediates"};
  for (int k = 0; k < 5; ++k) {
    if (mlirAttributeIsNull(dlcDictionaryAttrGet(program, keys[k])))
      continue;
    fputs(",\n", f);
    writeField(f, keys[k], dlcDictionaryAttrGet(program, keys[k]), 2);
  }
  fputs(",\n  \"kernels\": [", f);
  MlirAttribute order = dlcDictionaryAttrGet(program, "kernels");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(order); ++i) {
    MlirAttribute entry =
        kernelEntry(kernels, mlirArrayAttrGetElement(order, i));
    fputs(i ? ",\n    {" : "\n    {", f);
    writeMembers(f, entry, 6);
    fputs("\n    }", f);
  }
  fputs("\n  ]\n}\n", f);
}

/* DIR/<program>.json for each entry of the module's dlc.programs. */
static bool writePrograms(const char *tool, MlirOperation module,
                          MlirAttribute kernels, MlirStringRef binaryName,
                          const char *dir) {
  MlirAttribute programs = mlirOperationGetAttributeByName(
      module, mlirStringRefCreateFromCString("dlc.programs"));
  if (mlirAttributeIsNull(programs))
    return true;
  if (!isArrayAttr(programs)) {
    fprintf(stderr, "%s: error: dlc.programs is not an array\n", tool);
    return false;
  }
  const char *chip = targetChip(tool, module);
  if (!chip)
    return false;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(programs); ++i) {
    MlirAttribute program = mlirArrayAttrGetElement(programs, i);
    if (!checkProgram(tool, program, kernels, i))
      return false;
    MlirStringRef name =
        mlirStringAttrGetValue(dlcDictionaryAttrGet(program, "program"));
    char *path = outputPath(dir, name, ".json");
    FILE *f = path ? dlcToolOpenOutput(path, tool) : NULL;
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
static bool checkKernels(const char *tool, MlirAttribute kernels) {
  if (!isArrayAttr(kernels)) {
    fprintf(stderr, "%s: error: dlc.kernels is not an array\n", tool);
    return false;
  }
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(kernels); ++i) {
    MlirAttribute entry = mlirArrayAttrGetElement(kernels, i);
    const char *why = NULL;
    if (!mlirAttributeIsADictionary(entry))
      why = "is not a dictionary";
    else if (!isFileName(dlcDictionaryAttrGet(entry, "kernel")))
      why = "\"kernel\" " FILE_NAME_RULE;
    if (why) {
      fprintf(stderr, "%s: error: dlc.kernels[%ld]: %s\n", tool, (long)i, why);
      return false;
    }
  }
  return true;
}

/* DIR/<kernel>.json for each entry of dlc.kernels: the entry, preceded by
 * the PTX file it lives in (relative to the manifest) and the chip. */
static bool writeKernelManifests(const char *tool, MlirAttribute kernels,
                                 MlirStringRef binaryName, const char *chip,
                                 const char *dir) {
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(kernels); ++i) {
    MlirAttribute entry = mlirArrayAttrGetElement(kernels, i);
    char *path = outputPath(
        dir, mlirStringAttrGetValue(dlcDictionaryAttrGet(entry, "kernel")),
        ".json");
    FILE *f = path ? dlcToolOpenOutput(path, tool) : NULL;
    if (!f) {
      free(path);
      return false;
    }
    fprintf(f, "{\n  \"ptx\": \"%.*s.ptx\", \"arch\": \"%s\",",
            (int)binaryName.length, binaryName.data, chip);
    writeMembers(f, entry, 2);
    fputs("\n}\n", f);
    fclose(f);
    printf("wrote %s\n", path);
    free(path);
  }
  return true;
}

bool dlcWriteKernels(MlirOperation module, DlcKernelsOutput what,
                     const char *output, const char *tool) {
  if (!targetChip(tool, module))
    return false;
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
    fprintf(stderr,
            "%s: error: no compiled kernels in the input "
            "(run dlc-opt with the dlc-to-ptx pipeline first)\n",
            tool);
    return false;
  }
  MlirAttribute binaryName = mlirOperationGetAttributeByName(
      binary, mlirStringRefCreateFromCString("sym_name"));
  if (!isFileName(binaryName)) {
    fprintf(stderr,
            "%s: error: the gpu.binary's symbol name " FILE_NAME_RULE "\n",
            tool);
    return false;
  }
  if (!checkKernels(tool, kernels))
    return false;
  char *ptx = ptxOf(binary);
  if (!ptx) {
    fprintf(stderr,
            "%s: error: the gpu.binary holds no PTX "
            "(use gpu-module-to-binary{format=isa})\n",
            tool);
    return false;
  }
  bool ok;
  if (what == DLC_KERNELS_PTX || what == DLC_KERNELS_MANIFEST) {
    FILE *out = dlcToolOpenOutput(output, tool);
    ok = out != NULL;
    if (out && what == DLC_KERNELS_PTX)
      fputs(ptx, out);
    if (out && what == DLC_KERNELS_MANIFEST) {
      writeJson(out, kernels, 0);
      fputc('\n', out);
    }
    if (out && out != stdout)
      fclose(out);
    free(ptx);
    return ok;
  }
  MlirStringRef name = mlirStringAttrGetValue(binaryName);
  char *path = dlcToolCreateDirectory(output, tool)
                   ? outputPath(output, name, ".ptx")
                   : NULL;
  FILE *f = path ? dlcToolOpenOutput(path, tool) : NULL;
  if (f) {
    fputs(ptx, f);
    fclose(f);
  }
  free(path);
  free(ptx);
  ok = f != NULL && writeKernelManifests(tool, kernels, name,
                                         targetChip(tool, module), output);
  return ok && writePrograms(tool, module, kernels, name, output);
}
