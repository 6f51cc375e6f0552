/* The program manifest of a graph split into several kernels (DESIGN.md
 * decision 11; the format is in docs/conventions.md, "Program manifest").
 *
 * convert-indexbook-to-rbssa replaces a graph it splits into regions by a
 * bodiless func.func carrying rbssa.program = {regions, buffers}; each region
 * becomes the kernel of the same name. gpu-module-to-binary leaves nothing a
 * host could read, so next to each kernel's entry in `dlc.kernels` the module
 * gets `dlc.programs`, one entry per program: its kernels in launch order,
 * its symbols, its graph inputs and outputs, and its intermediate buffers
 * with their byte sizes as formulas over the symbols. dlc-translate writes
 * each entry out as <program>.json. */
#include "Builder.h"
#include "DLCGPUToGPU.h"

#include "dlc/Diagnostics.h"
#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool isArray(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsAArray(a);
}

static bool isString(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a);
}

const char *dlcManifestDtype(MlirType t) {
  if (mlirTypeIsAF16(t))
    return "f16";
  if (mlirTypeIsABF16(t))
    return "bf16";
  if (mlirTypeIsAF32(t))
    return "f32";
  if (mlirTypeIsAF64(t))
    return "f64";
  if (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 1)
    return "i1"; /* one byte per element, as the reference data has it */
  if (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 32)
    return "i32";
  if (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 64)
    return "i64";
  return NULL;
}

/* A shape is an array of symbol names and static sizes (rbssa.shape). */
static bool isShape(MlirAttribute shape) {
  if (!isArray(shape))
    return false;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(shape); ++i) {
    MlirAttribute d = mlirArrayAttrGetElement(shape, i);
    if (!isString(d) &&
        !(mlirAttributeIsAInteger(d) && mlirIntegerAttrGetValueInt(d) >= 0))
      return false;
  }
  return true;
}

/* "2*M*H": the element size times the static sizes, then the symbols in
 * shape order; just the number when every size is static. Null on int64
 * overflow. */
static MlirAttribute bytesFormula(MlirContext ctx, MlirAttribute shape,
                                  int64_t elementBytes) {
  int64_t constant = elementBytes;
  size_t length = 32;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(shape); ++i) {
    MlirAttribute d = mlirArrayAttrGetElement(shape, i);
    if (isString(d))
      length += mlirStringAttrGetValue(d).length + 1;
    else if (__builtin_mul_overflow(constant, mlirIntegerAttrGetValueInt(d),
                                    &constant))
      return mlirAttributeGetNull();
  }
  char *text = malloc(length); /* owned here */
  if (!text)
    return mlirAttributeGetNull();
  size_t n = (size_t)snprintf(text, length, "%" PRId64, constant);
  for (intptr_t i = 0; constant != 0 && i < mlirArrayAttrGetNumElements(shape);
       ++i) {
    MlirAttribute d = mlirArrayAttrGetElement(shape, i);
    if (!isString(d))
      continue;
    MlirStringRef name = mlirStringAttrGetValue(d);
    n += (size_t)snprintf(text + n, length - n, "*%.*s", (int)name.length,
                          name.data);
  }
  MlirAttribute formula = dlcStringAttr(ctx, text);
  free(text);
  return formula;
}

static int64_t elementBytes(MlirType t) {
  if (mlirTypeIsAF16(t) || mlirTypeIsABF16(t))
    return 2;
  if (mlirTypeIsAF32(t))
    return 4;
  if (mlirTypeIsAF64(t))
    return 8;
  /* An i1 takes a whole byte (dlcManifestDtype's "i1"). */
  return mlirTypeIsAInteger(t) ? (mlirIntegerTypeGetWidth(t) + 7) / 8 : 0;
}

/* A growing list of attributes (malloc'ed storage owned by the list). */
typedef struct {
  MlirAttribute *items;
  intptr_t size, capacity;
} AttrList;

static bool push(AttrList *l, MlirAttribute a) {
  if (l->size == l->capacity) {
    intptr_t capacity = l->capacity ? 2 * l->capacity : 8;
    MlirAttribute *grown = realloc(l->items, capacity * sizeof(MlirAttribute));
    if (!grown)
      return false;
    l->items = grown;
    l->capacity = capacity;
  }
  l->items[l->size++] = a;
  return true;
}

static MlirAttribute arrayOf(MlirContext ctx, const AttrList *l) {
  return mlirArrayAttrGet(ctx, l->size, l->items);
}

/* Appends the symbols of `names` (strings; integers are skipped) that
 * `symbols` does not hold yet. */
static bool addSymbols(AttrList *symbols, MlirAttribute names) {
  for (intptr_t i = 0; isArray(names) && i < mlirArrayAttrGetNumElements(names);
       ++i) {
    MlirAttribute s = mlirArrayAttrGetElement(names, i);
    bool known = !isString(s);
    for (intptr_t j = 0; !known && j < symbols->size; ++j)
      known = mlirAttributeEqual(symbols->items[j], s);
    if (!known && !push(symbols, s))
      return false;
  }
  return true;
}

MlirAttribute dlcFindKernelEntry(MlirAttribute kernels, MlirAttribute name) {
  for (intptr_t i = 0;
       isArray(kernels) && i < mlirArrayAttrGetNumElements(kernels); ++i) {
    MlirAttribute entry = mlirArrayAttrGetElement(kernels, i);
    if (mlirAttributeEqual(dlcDictionaryAttrGet(entry, "kernel"), name))
      return entry;
  }
  return mlirAttributeGetNull();
}

/* {name, dtype, shape} of argument `i` of the program declaration; null
 * after a diagnostic when its attributes are malformed. */
static MlirAttribute signatureTensor(MlirOperation decl, intptr_t i,
                                     bool *isOutput) {
  MlirContext ctx = mlirOperationGetContext(decl);
  MlirType fnType =
      mlirTypeAttrGetValue(dlcOperationAttrGet(decl, "function_type"));
  MlirType type = mlirFunctionTypeGetInput(fnType, i);
  MlirAttribute argAttrs = dlcOperationAttrGet(decl, "arg_attrs");
  MlirAttribute attrs =
      isArray(argAttrs) && i < mlirArrayAttrGetNumElements(argAttrs)
          ? mlirArrayAttrGetElement(argAttrs, i)
          : mlirAttributeGetNull();
  MlirAttribute name = dlcDictionaryAttrGet(attrs, "rbssa.name");
  MlirAttribute role = dlcDictionaryAttrGet(attrs, "rbssa.role");
  MlirAttribute shape = dlcDictionaryAttrGet(attrs, "rbssa.shape");
  const char *dtype = mlirTypeIsAShaped(type)
                          ? dlcManifestDtype(mlirShapedTypeGetElementType(type))
                          : NULL;
  if (!isString(name) || !isString(role) || !isShape(shape) || !dtype) {
    dlcEmitDiagnostic(
        decl, &dlcUnsupportedOp,
        "give every argument of the program a memref of f16, "
        "bf16, f32, f64, i1, i32 or i64 with rbssa.name, rbssa.role "
        "and rbssa.shape",
        "program argument %ld has no tensor name, role, shape "
        "or element type a manifest can state",
        (long)i);
    return mlirAttributeGetNull();
  }
  *isOutput = mlirStringRefEqual(mlirStringAttrGetValue(role),
                                 mlirStringRefCreateFromCString("output"));
  /* A flat buffer renamed to its factors' shape keeps its size. */
  MlirAttribute flat = dlcDictionaryAttrGet(attrs, "rbssa.flat");
  MlirNamedAttribute fields[] = {
      dlcNamedAttr(ctx, "name", name),
      dlcNamedAttr(ctx, "dtype", dlcStringAttr(ctx, dtype)),
      dlcNamedAttr(ctx, "shape", shape), dlcNamedAttr(ctx, "flat", flat)};
  return mlirDictionaryAttrGet(ctx, isString(flat) ? 4 : 3, fields);
}

/* One intermediate buffer of rbssa.program: its name, dtype, shape, byte
 * size formula, producer, consumers and materialization. */
static MlirAttribute intermediate(MlirOperation decl, MlirAttribute buffer,
                                  intptr_t index) {
  MlirContext ctx = mlirOperationGetContext(decl);
  MlirAttribute name = dlcDictionaryAttrGet(buffer, "name");
  MlirAttribute shape = dlcDictionaryAttrGet(buffer, "shape");
  MlirAttribute dtypeAttr = dlcDictionaryAttrGet(buffer, "dtype");
  MlirType type =
      !mlirAttributeIsNull(dtypeAttr) && mlirAttributeIsAType(dtypeAttr)
          ? mlirTypeAttrGetValue(dtypeAttr)
          : (MlirType){NULL};
  const char *dtype = mlirTypeIsNull(type) ? NULL : dlcManifestDtype(type);
  MlirAttribute producer = dlcDictionaryAttrGet(buffer, "producer");
  MlirAttribute consumers = dlcDictionaryAttrGet(buffer, "consumers");
  MlirAttribute materialize = dlcDictionaryAttrGet(buffer, "materialize");
  MlirAttribute bytes = dtype && isShape(shape)
                            ? bytesFormula(ctx, shape, elementBytes(type))
                            : mlirAttributeGetNull();
  if (!isString(name) || mlirAttributeIsNull(bytes) || !isString(producer) ||
      !isArray(consumers)) {
    dlcEmitDiagnostic(decl, &dlcUnsupportedOp,
                      "each buffer of rbssa.program is {name, shape, dtype, "
                      "producer, consumers, materialize} "
                      "(docs/passes/convert-indexbook-to-rbssa.md)",
                      "buffer %ld of rbssa.program is malformed or its size "
                      "overflows",
                      (long)index);
    return mlirAttributeGetNull();
  }
  MlirNamedAttribute fields[] = {
      dlcNamedAttr(ctx, "name", name),
      dlcNamedAttr(ctx, "dtype", dlcStringAttr(ctx, dtype)),
      dlcNamedAttr(ctx, "shape", shape),
      dlcNamedAttr(ctx, "bytes", bytes),
      dlcNamedAttr(ctx, "producer", producer),
      dlcNamedAttr(ctx, "consumers", consumers),
      dlcNamedAttr(ctx, "materialize",
                   isString(materialize) ? materialize
                                         : dlcStringAttr(ctx, "gmem"))};
  return mlirDictionaryAttrGet(ctx, 7, fields);
}

typedef struct {
  AttrList symbols, inputs, outputs, intermediates;
} ProgramLists;

static void freeLists(ProgramLists *l) {
  free(l->symbols.items);
  free(l->inputs.items);
  free(l->outputs.items);
  free(l->intermediates.items);
}

/* Checks that every region was compiled, and gathers the symbols: those of
 * the kernels in launch order first (their ABI order), then any other
 * symbol of a graph tensor or buffer. */
static bool readKernels(MlirOperation decl, MlirAttribute regions,
                        MlirAttribute kernels, AttrList *symbols) {
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(regions); ++i) {
    MlirAttribute region = mlirArrayAttrGetElement(regions, i);
    MlirAttribute entry = isString(region) ? dlcFindKernelEntry(kernels, region)
                                           : mlirAttributeGetNull();
    if (mlirAttributeIsNull(entry)) {
      MlirStringRef name = isString(region) ? mlirStringAttrGetValue(region)
                                            : mlirStringRefCreate("?", 1);
      dlcEmitDiagnostic(decl, &dlcUnsupportedOp,
                        "compile every region of the program to a kernel "
                        "(dlcgpu.kernel) before convert-dlcgpu-to-gpu",
                        "region '%.*s' of the program has no kernel",
                        (int)name.length, name.data);
      return false;
    }
    if (!addSymbols(symbols, dlcDictionaryAttrGet(entry, "symbols")))
      return false;
  }
  return true;
}

static bool readSignature(MlirOperation decl, ProgramLists *l) {
  MlirAttribute fnType = dlcOperationAttrGet(decl, "function_type");
  if (mlirAttributeIsNull(fnType) || !mlirAttributeIsAType(fnType) ||
      !mlirTypeIsAFunction(mlirTypeAttrGetValue(fnType)))
    return false;
  intptr_t n = mlirFunctionTypeGetNumInputs(mlirTypeAttrGetValue(fnType));
  for (intptr_t i = 0; i < n; ++i) {
    bool isOutput = false;
    MlirAttribute t = signatureTensor(decl, i, &isOutput);
    if (mlirAttributeIsNull(t) ||
        !push(isOutput ? &l->outputs : &l->inputs, t) ||
        !addSymbols(&l->symbols, dlcDictionaryAttrGet(t, "shape")))
      return false;
  }
  return true;
}

/* The dlc.programs entry of one program declaration; null after a
 * diagnostic. */
static MlirAttribute programEntry(MlirOperation decl, MlirAttribute kernels) {
  MlirContext ctx = mlirOperationGetContext(decl);
  MlirAttribute program = dlcOperationAttrGet(decl, "rbssa.program");
  MlirAttribute regions = dlcDictionaryAttrGet(program, "regions");
  MlirAttribute buffers = dlcDictionaryAttrGet(program, "buffers");
  if (!isArray(regions) || !isArray(buffers)) {
    dlcEmitDiagnostic(decl, &dlcUnsupportedOp,
                      "write rbssa.program = {regions = [...], buffers = "
                      "[...]} (docs/passes/convert-indexbook-to-rbssa.md)",
                      "rbssa.program has no regions or buffers array");
    return mlirAttributeGetNull();
  }
  ProgramLists l = {{NULL, 0, 0}, {NULL, 0, 0}, {NULL, 0, 0}, {NULL, 0, 0}};
  bool ok = readKernels(decl, regions, kernels, &l.symbols) &&
            readSignature(decl, &l);
  for (intptr_t i = 0; ok && i < mlirArrayAttrGetNumElements(buffers); ++i) {
    MlirAttribute b =
        intermediate(decl, mlirArrayAttrGetElement(buffers, i), i);
    ok = !mlirAttributeIsNull(b) && push(&l.intermediates, b) &&
         addSymbols(&l.symbols, dlcDictionaryAttrGet(b, "shape"));
  }
  /* The kernels come from one function and share its derived symbols:
   * the first kernel's formulas are the program's. */
  MlirAttribute derived = mlirAttributeGetNull();
  for (intptr_t i = 0; ok && mlirAttributeIsNull(derived) &&
                       i < mlirArrayAttrGetNumElements(regions);
       ++i)
    derived = dlcDictionaryAttrGet(
        dlcFindKernelEntry(kernels, mlirArrayAttrGetElement(regions, i)),
        "derived");
  MlirAttribute entry = mlirAttributeGetNull();
  if (ok) {
    MlirNamedAttribute fields[] = {
        dlcNamedAttr(ctx, "program", dlcOperationAttrGet(decl, "sym_name")),
        dlcNamedAttr(ctx, "kernels", regions),
        dlcNamedAttr(ctx, "symbols", arrayOf(ctx, &l.symbols)),
        dlcNamedAttr(ctx, "inputs", arrayOf(ctx, &l.inputs)),
        dlcNamedAttr(ctx, "outputs", arrayOf(ctx, &l.outputs)),
        dlcNamedAttr(ctx, "intermediates", arrayOf(ctx, &l.intermediates)),
        dlcNamedAttr(ctx, "derived", derived)};
    entry = mlirDictionaryAttrGet(ctx, mlirAttributeIsNull(derived) ? 6 : 7,
                                  fields);
  }
  freeLists(&l);
  return entry;
}

bool dlcRecordPrograms(MlirOperation module) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirAttribute kernels = dlcOperationAttrGet(module, "dlc.kernels");
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  AttrList programs = {NULL, 0, 0};
  bool ok = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       ok && !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (mlirAttributeIsNull(dlcOperationAttrGet(op, "rbssa.program")))
      continue;
    MlirAttribute entry = programEntry(op, kernels);
    ok = !mlirAttributeIsNull(entry) && push(&programs, entry);
  }
  if (ok && programs.size > 0)
    mlirOperationSetAttributeByName(
        module, mlirStringRefCreateFromCString("dlc.programs"),
        arrayOf(ctx, &programs));
  free(programs.items);
  return ok;
}
