/* Frontend IR import (spec §2.2, §10.1): reads the JSON document (graph
 * signature, tensor table, DAG of high-level ops) and builds one tiny
 * func.func: the signature inputs become its arguments, the outputs its
 * results, and each graph node is lowered by LowerOps.c. See
 * docs/frontend.md for the format and the tiny produced. */
#include "FrontendInternal.h"
#include "TinyChecks.h"

#include "dlc/Dialects.h"
#include "dlc/Frontend.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Func.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- tensors ---------------------------------------------------------------
 */

FeTensor *feFindTensor(FeImporter *im, const char *name) {
  size_t i = dlcStringMapFind(&im->tensorIndex, name);
  return i == DLC_STRING_MAP_NONE ? NULL : &im->tensors[i];
}

static FeTensor *addTensor(FeImporter *im, const char *name) {
  if (im->numTensors == im->capacityTensors) {
    size_t capacity = im->capacityTensors ? 2 * im->capacityTensors : 16;
    FeTensor *grown = realloc(im->tensors, capacity * sizeof(FeTensor));
    if (!grown)
      return NULL;
    im->tensors = grown;
    im->capacityTensors = capacity;
  }
  if (!dlcStringMapInsert(&im->tensorIndex, name, im->numTensors))
    return NULL;
  FeTensor *t = &im->tensors[im->numTensors++];
  memset(t, 0, sizeof(*t));
  t->name = name;
  return t;
}

/* --- dtypes and shapes ---------------------------------------------------- */

static bool parseDtype(FeImporter *im, const char *text, MlirType *out) {
  if (strcmp(text, "fp16") == 0 || strcmp(text, "f16") == 0)
    *out = mlirF16TypeGet(im->ctx);
  else if (strcmp(text, "bf16") == 0)
    *out = mlirBF16TypeGet(im->ctx);
  else if (strcmp(text, "fp32") == 0 || strcmp(text, "f32") == 0)
    *out = mlirF32TypeGet(im->ctx);
  else
    return false;
  return true;
}

/* tensors.<name>: {"dtype": ..., "shape": [...]}. */
static bool readDeclaration(FeImporter *im, const char *name,
                            const DlcJsonValue *decl) {
  char path[FE_PATH_SIZE];
  snprintf(path, sizeof(path), "tensors.%.60s", name);
  static const char *const keys[] = {"dtype", "shape", NULL};
  if (!name[0]) {
    feError(im, decl, "tensors", "a tensor name must not be empty");
    return false;
  }
  if (!feCheckTensorName(im, decl, path, name))
    return false;
  if (!feExpectKind(im, decl, path, DlcJsonValueObject) ||
      !feCheckKeys(im, decl, path, keys))
    return false;
  const DlcJsonValue *dtype =
      feMember(im, decl, path, "dtype", DlcJsonValueString, true);
  const DlcJsonValue *shape =
      feMember(im, decl, path, "shape", DlcJsonValueArray, true);
  if (!dtype || !shape)
    return false;
  FeTensor *t = addTensor(im, name);
  if (!t) {
    feError(im, decl, path, "out of memory");
    return false;
  }
  t->declared = true;
  t->decl = decl;
  if (!parseDtype(im, dtype->string, &t->declElement)) {
    feError(im, dtype, path,
            "unknown dtype \"%.60s\" (expected fp16, bf16 or fp32)",
            dtype->string);
    return false;
  }
  if (shape->count > DLC_MAX_RANK) {
    feError(im, shape, path, "rank %zu exceeds DLC's limit of %d", shape->count,
            DLC_MAX_RANK);
    return false;
  }
  t->declShape.rank = (int)shape->count;
  for (size_t i = 0; i < shape->count; ++i) {
    const DlcJsonValue *d = &shape->items[i];
    char dimPath[FE_PATH_SIZE + 32];
    snprintf(dimPath, sizeof(dimPath), "%s.shape[%zu]", path, i);
    DlcDim *dim = &t->declShape.dims[i];
    if (d->kind == DlcJsonValueNumber && d->isInteger && d->integer > 0 &&
        d->integer <= ((int64_t)1 << 40)) {
      dim->size = d->integer;
      dim->symbol = mlirStringRefCreate(NULL, 0);
    } else if (d->kind == DlcJsonValueString && feIsIdentifier(d->string)) {
      dim->size = -1;
      dim->symbol = feInternSymbol(im, d->string);
    } else if (d->kind == DlcJsonValueString && feIsProductText(d->string)) {
      /* A flat size: defined when the tensor is first used
       * (feResolveDeclared), once its factors are symbols. */
      dim->size = -1;
      dim->symbol = mlirStringRefCreate(NULL, 0);
      t->declProduct[i] = d->string;
    } else {
      feError(im, d, dimPath,
              "expected a positive integer (at most 2^40), a symbol name "
              "(a letter or '_', then letters, digits or '_') or a product "
              "of them (\"M*K\", a flat buffer's size)");
      return false;
    }
  }
  return true;
}

/* --- attributes of a node ------------------------------------------------- */

const DlcJsonValue *feAttrJson(const FeNode *node, const char *key) {
  return node->attrs ? dlcJsonValueGetMember(node->attrs, key) : NULL;
}

void feAttrPath(const FeNode *node, const char *key, char *buffer,
                size_t size) {
  snprintf(buffer, size, "%s.attrs.%s", node->path, key);
}

bool feAttrInt(FeImporter *im, const FeNode *node, const char *key,
               int64_t *out) {
  const DlcJsonValue *v = feAttrJson(node, key);
  if (!v)
    return true;
  if (v->kind != DlcJsonValueNumber || !v->isInteger) {
    char path[FE_PATH_SIZE + 64];
    feAttrPath(node, key, path, sizeof(path));
    feError(im, v, path, "expected an integer");
    return false;
  }
  *out = v->integer;
  return true;
}

bool feAttrBool(FeImporter *im, const FeNode *node, const char *key,
                bool *out) {
  const DlcJsonValue *v = feAttrJson(node, key);
  if (!v)
    return true;
  char path[FE_PATH_SIZE + 64];
  feAttrPath(node, key, path, sizeof(path));
  if (!feExpectKind(im, v, path, DlcJsonValueBool))
    return false;
  *out = v->boolean;
  return true;
}

bool feAttrNumber(FeImporter *im, const FeNode *node, const char *key,
                  double *out, bool *given) {
  const DlcJsonValue *v = feAttrJson(node, key);
  *given = v != NULL;
  if (!v)
    return true;
  char path[FE_PATH_SIZE + 64];
  feAttrPath(node, key, path, sizeof(path));
  if (!feExpectKind(im, v, path, DlcJsonValueNumber))
    return false;
  *out = v->number;
  return true;
}

bool feAttrInts(FeImporter *im, const FeNode *node, const char *key, int count,
                int alsoCount, int64_t *out, int *numGiven) {
  const DlcJsonValue *v = feAttrJson(node, key);
  *numGiven = 0;
  if (!v)
    return true;
  char path[FE_PATH_SIZE + 64];
  feAttrPath(node, key, path, sizeof(path));
  if (v->kind == DlcJsonValueNumber && v->isInteger) {
    for (int i = 0; i < count; ++i)
      out[i] = v->integer;
    *numGiven = 1;
    return true;
  }
  bool lengthOk = v->kind == DlcJsonValueArray &&
                  (v->count == (size_t)count ||
                   (alsoCount && v->count == (size_t)alsoCount));
  for (size_t i = 0; lengthOk && i < v->count; ++i) {
    const DlcJsonValue *e = &v->items[i];
    if (e->kind != DlcJsonValueNumber || !e->isInteger) {
      char sub[FE_PATH_SIZE + 96];
      snprintf(sub, sizeof(sub), "%s[%zu]", path, i);
      feError(im, e, sub, "expected an integer");
      return false;
    }
    out[i] = e->integer;
  }
  if (!lengthOk) {
    if (alsoCount)
      feError(im, v, path,
              "expected an integer or a list of %d or %d "
              "integers",
              count, alsoCount);
    else
      feError(im, v, path, "expected an integer or a list of %d integers",
              count);
    return false;
  }
  *numGiven = (int)v->count;
  return true;
}

bool feAttrDtype(FeImporter *im, const FeNode *node, const char *key,
                 MlirType *out) {
  const DlcJsonValue *v = feAttrJson(node, key);
  if (!v)
    return true;
  char path[FE_PATH_SIZE + 64];
  feAttrPath(node, key, path, sizeof(path));
  if (!feExpectKind(im, v, path, DlcJsonValueString))
    return false;
  if (!parseDtype(im, v->string, out)) {
    feError(im, v, path,
            "unknown dtype \"%.60s\" (expected fp16, bf16 or fp32)", v->string);
    return false;
  }
  return true;
}

bool feAttrAxes(FeImporter *im, const FeNode *node, const char *key, int rank,
                int64_t *axes, int *numAxes) {
  const DlcJsonValue *v = feAttrJson(node, key);
  char path[FE_PATH_SIZE + 64];
  feAttrPath(node, key, path, sizeof(path));
  if (!v)
    return true;
  const DlcJsonValue *items = v;
  size_t count = 1;
  if (v->kind == DlcJsonValueArray) {
    items = v->items;
    count = v->count;
  }
  if (count == 0 || count > (size_t)rank) {
    feError(im, v, path, "expected 1 to %d axes", rank);
    return false;
  }
  bool seen[DLC_MAX_RANK] = {false};
  for (size_t i = 0; i < count; ++i) {
    const DlcJsonValue *e = &items[i];
    if (e->kind != DlcJsonValueNumber || !e->isInteger || e->integer < -rank ||
        e->integer >= rank) {
      feError(im, e, path, "expected an axis in [%d, %d]", -rank, rank - 1);
      return false;
    }
    int64_t axis = e->integer < 0 ? e->integer + rank : e->integer;
    if (seen[axis]) {
      feError(im, e, path, "axis %lld is repeated", (long long)axis);
      return false;
    }
    seen[axis] = true;
  }
  *numAxes = 0;
  for (int a = 0; a < rank; ++a)
    if (seen[a])
      axes[(*numAxes)++] = a;
  return true;
}

/* --- the document --------------------------------------------------------- */

typedef struct Document {
  const DlcJsonValue *signature, *tensors, *graph, *name;
  const DlcJsonValue *inputs, *outputs;
} Document;

static bool readDocument(FeImporter *im, const DlcJsonValue *root,
                         Document *doc) {
  static const char *const rootKeys[] = {"signature", "tensors", "graph",
                                         "name", NULL};
  static const char *const signatureKeys[] = {"inputs", "outputs", NULL};
  if (!feExpectKind(im, root, "document", DlcJsonValueObject) ||
      !feCheckKeys(im, root, "document", rootKeys))
    return false;
  doc->name = feMember(im, root, "", "name", DlcJsonValueString, false);
  doc->signature =
      feMember(im, root, "", "signature", DlcJsonValueObject, true);
  if (im->failed)
    return false;
  doc->tensors = feMember(im, root, "", "tensors", DlcJsonValueObject, true);
  if (im->failed)
    return false;
  doc->graph = feMember(im, root, "", "graph", DlcJsonValueArray, true);
  if (im->failed)
    return false;
  if (doc->name && !feIsIdentifier(doc->name->string)) {
    feError(im, doc->name, "name",
            "the graph name must be an identifier (letters, digits, '_')");
    return false;
  }
  if (!feCheckKeys(im, doc->signature, "signature", signatureKeys))
    return false;
  doc->inputs = feMember(im, doc->signature, "signature", "inputs",
                         DlcJsonValueArray, true);
  if (im->failed)
    return false;
  doc->outputs = feMember(im, doc->signature, "signature", "outputs",
                          DlcJsonValueArray, true);
  if (im->failed)
    return false;
  if (doc->outputs->count == 0) {
    feError(im, doc->outputs, "signature.outputs",
            "the graph needs at least one output");
    return false;
  }
  for (size_t i = 0; i < doc->tensors->count; ++i)
    if (!readDeclaration(im, doc->tensors->keys[i], &doc->tensors->items[i]))
      return false;
  return true;
}

/* The `tensor` of signature.inputs[i] / outputs[i]. */
static const DlcJsonValue *signatureTensor(FeImporter *im,
                                           const DlcJsonValue *entry,
                                           const char *path, bool isInput) {
  static const char *const inputKeys[] = {"tensor", "role", "mutability",
                                          "storage", NULL};
  static const char *const outputKeys[] = {"tensor", NULL};
  if (!feExpectKind(im, entry, path, DlcJsonValueObject) ||
      !feCheckKeys(im, entry, path, isInput ? inputKeys : outputKeys))
    return NULL;
  const DlcJsonValue *tensor =
      feMember(im, entry, path, "tensor", DlcJsonValueString, true);
  if (!tensor || !isInput)
    return tensor;
  static const char *const roles[] = {"data", "param", NULL};
  static const char *const mutabilities[] = {"immutable", "mutable", NULL};
  const char *const *allowed[] = {roles, mutabilities};
  const char *fields[] = {"role", "mutability"};
  for (int f = 0; f < 2; ++f) {
    const DlcJsonValue *v =
        feMember(im, entry, path, fields[f], DlcJsonValueString, false);
    if (im->failed)
      return NULL;
    bool ok = !v;
    for (const char *const *a = allowed[f]; v && *a && !ok; ++a)
      ok = strcmp(*a, v->string) == 0;
    if (!ok) {
      char sub[FE_PATH_SIZE + 32];
      snprintf(sub, sizeof(sub), "%s.%s", path, fields[f]);
      feError(im, v, sub, "unknown %s \"%.60s\" (expected %s or %s)", fields[f],
              v->string, allowed[f][0], allowed[f][1]);
      return NULL;
    }
  }
  feMember(im, entry, path, "storage", DlcJsonValueString, false);
  return im->failed ? NULL : tensor;
}

bool feResolveDeclared(FeImporter *im, FeTensor *t) {
  for (int i = 0; i < t->declShape.rank; ++i) {
    if (!t->declProduct[i] || t->declShape.dims[i].symbol.length > 0)
      continue;
    char path[FE_PATH_SIZE + 64];
    snprintf(path, sizeof(path), "tensors.%.100s.shape[%d]", t->name, i);
    const DlcJsonValue *at = dlcJsonValueGetMember(t->decl, "shape");
    at = at && at->kind == DlcJsonValueArray && (size_t)i < at->count
             ? &at->items[i]
             : t->decl;
    if (!feAddProductFactors(im, t->declProduct[i], at, path) ||
        !feDimFromText(im, t->declProduct[i], at, path, &t->declShape.dims[i]))
      return false;
  }
  return true;
}

/* Creates, in `module`, the func.func whose arguments are the signature
 * inputs; returns it (its type is completed by finishFunction). */
static MlirOperation createFunction(FeImporter *im, const Document *doc,
                                    MlirModule module) {
  size_t n = doc->inputs->count;
  MlirType *types = calloc(n + 1, sizeof(MlirType));
  MlirAttribute *argAttrs = calloc(n + 1, sizeof(MlirAttribute));
  MlirOperation func = {NULL};
  if (!types || !argAttrs) {
    feError(im, doc->inputs, "signature.inputs", "out of memory");
    goto done;
  }
  for (size_t i = 0; i < n; ++i) {
    char path[FE_PATH_SIZE];
    snprintf(path, sizeof(path), "signature.inputs[%zu]", i);
    const DlcJsonValue *name =
        signatureTensor(im, &doc->inputs->items[i], path, true);
    if (!name)
      goto done;
    char sub[FE_PATH_SIZE + 16];
    snprintf(sub, sizeof(sub), "%s.tensor", path);
    FeTensor *t = feFindTensor(im, name->string);
    if (!t) {
      feError(im, name, sub, "tensor \"%.100s\" is not declared in \"tensors\"",
              name->string);
      goto done;
    }
    if (t->defined) {
      feError(im, name, sub, "tensor \"%.100s\" is already an input (%s)",
              name->string, t->definedBy);
      goto done;
    }
    if (!feResolveDeclared(im, t))
      goto done;
    t->defined = true;
    snprintf(t->definedBy, sizeof(t->definedBy), "%s", path);
    t->value.element = t->declElement;
    t->value.shape = t->declShape;
    types[i] = feTensorType(im, &t->declShape, t->declElement);
    argAttrs[i] = feNameDictionary(im, t->name);
    for (int d = 0; d < t->declShape.rank; ++d)
      if (t->declShape.dims[d].size < 0 &&
          !feAddSymbol(im, t->declShape.dims[d].symbol, name, sub))
        goto done;
  }
  im->numArgumentSymbols = im->symbols.count;

  const char *funcName = doc->name ? doc->name->string : "main";
  MlirAttribute attrs[] = {
      mlirStringAttrGet(im->ctx, mlirStringRefCreateFromCString(funcName)),
      mlirTypeAttrGet(
          mlirFunctionTypeGet(im->ctx, (intptr_t)n, types, 0, NULL)),
      mlirArrayAttrGet(im->ctx, (intptr_t)n, argAttrs),
  };
  const char *names[] = {"sym_name", "function_type", "arg_attrs"};
  DlcBuilder b = dlcBuilderAtEnd(mlirModuleGetBody(module),
                                 feJsonLocation(im, doc->signature));
  MlirBlock body;
  func = dlcBuildWithRegion(&b, "func.func", 0, NULL, 0, NULL, n ? 3 : 2, names,
                            attrs, (intptr_t)n, types, &body);
  im->b = dlcBuilderAtEnd(body, b.loc);
  for (size_t i = 0; i < n; ++i) {
    const DlcJsonValue *name =
        dlcJsonValueGetMember(&doc->inputs->items[i], "tensor");
    feFindTensor(im, name->string)->value.value =
        mlirBlockGetArgument(body, (intptr_t)i);
  }
done:
  free(types);
  free(argAttrs);
  return im->failed ? (MlirOperation){NULL} : func;
}

/* --- graph nodes ---------------------------------------------------------- */

/* A tensor's declared type, when declared, is applied to the value the graph
 * computes: the shapes must agree (E1304), the element type is cast. */
static bool defineOutput(FeImporter *im, const FeNode *node, size_t i,
                         FeValue value) {
  char path[FE_PATH_SIZE + 32];
  snprintf(path, sizeof(path), "%s.outputs[%zu]", node->path, i);
  FeTensor *t = feFindTensor(im, node->outputNames[i]);
  if (!t && !(t = addTensor(im, node->outputNames[i]))) {
    feError(im, node->outputJsons[i], path, "out of memory");
    return false;
  }
  if (t->declared) {
    if (!feResolveDeclared(im, t))
      return false;
    if (!dlcShapeEqual(&t->declShape, &value.shape)) {
      char declared[256], computed[256];
      dlcShapeFormat(&t->declShape, declared, sizeof(declared));
      dlcShapeFormat(&value.shape, computed, sizeof(computed));
      feCodedError(im, node->outputJsons[i], path, &dlcAxisAlignmentMismatch,
                   "fix the shape in \"tensors\" or the graph so they agree",
                   "tensor \"%.100s\" is declared %s but %s computes %s",
                   t->name, declared, node->op, computed);
      return false;
    }
    value = feCast(im, value, t->declElement);
  }
  t->defined = true;
  t->value = value;
  snprintf(t->definedBy, sizeof(t->definedBy), "%s", node->path);
  return true;
}

static bool readNodeInputs(FeImporter *im, FeNode *node, const FeOpDef *def) {
  char path[FE_PATH_SIZE + 16];
  snprintf(path, sizeof(path), "%s.inputs", node->path);
  const DlcJsonValue *inputs = node->inputsJson;
  if (inputs->count < (size_t)def->minInputs ||
      inputs->count > (size_t)def->maxInputs) {
    if (def->minInputs == def->maxInputs)
      feError(im, inputs, path, "%s takes %d input%s, found %zu", def->name,
              def->minInputs, def->minInputs == 1 ? "" : "s", inputs->count);
    else
      feError(im, inputs, path, "%s takes %d to %d inputs, found %zu",
              def->name, def->minInputs, def->maxInputs, inputs->count);
    return false;
  }
  node->numInputs = inputs->count;
  for (size_t i = 0; i < inputs->count; ++i) {
    const DlcJsonValue *in = &inputs->items[i];
    char sub[FE_PATH_SIZE + 48];
    snprintf(sub, sizeof(sub), "%s[%zu]", path, i);
    if (!feExpectKind(im, in, sub, DlcJsonValueString))
      return false;
    FeTensor *t = feFindTensor(im, in->string);
    if (!t || !t->defined) {
      feError(im, in, sub,
              "tensor \"%.100s\" is not defined (neither a signature input "
              "nor the output of an earlier node)",
              in->string);
      return false;
    }
    node->inputs[i] = t->value;
    node->inputNames[i] = t->name;
  }
  return true;
}

static bool readNodeOutputs(FeImporter *im, FeNode *node, const FeOpDef *def,
                            const DlcJsonValue *outputs) {
  char path[FE_PATH_SIZE + 32];
  snprintf(path, sizeof(path), "%s.outputs", node->path);
  if (outputs->count < 1 || outputs->count > (size_t)def->maxOutputs) {
    if (def->maxOutputs == 1)
      feError(im, outputs, path, "%s has exactly 1 output, found %zu", node->op,
              outputs->count);
    else
      feError(im, outputs, path, "%s has 1 to %d outputs, found %zu", node->op,
              def->maxOutputs, outputs->count);
    return false;
  }
  node->numOutputs = outputs->count;
  for (size_t i = 0; i < outputs->count; ++i) {
    const DlcJsonValue *out = &outputs->items[i];
    snprintf(path, sizeof(path), "%s.outputs[%zu]", node->path, i);
    if (!feExpectKind(im, out, path, DlcJsonValueString))
      return false;
    if (!out->string[0]) {
      feError(im, out, path, "a tensor name must not be empty");
      return false;
    }
    if (!feCheckTensorName(im, out, path, out->string))
      return false;
    FeTensor *t = feFindTensor(im, out->string);
    if (t && t->defined) {
      feError(im, out, path, "tensor \"%.100s\" is already defined by %s",
              out->string, t->definedBy);
      return false;
    }
    if (i == 1 && strcmp(out->string, node->outputNames[0]) == 0) {
      feError(im, out, path, "tensor \"%.100s\" is named twice", out->string);
      return false;
    }
    node->outputNames[i] = out->string;
    node->outputJsons[i] = out;
  }
  return true;
}

static bool importNode(FeImporter *im, const DlcJsonValue *json, size_t index) {
  static const char *const nodeKeys[] = {"op",    "name", "inputs", "outputs",
                                         "attrs", "fn",   NULL};
  FeNode node;
  memset(&node, 0, sizeof(node));
  node.json = json;
  snprintf(node.path, sizeof(node.path), "graph[%zu]", index);
  if (!feExpectKind(im, json, node.path, DlcJsonValueObject) ||
      !feCheckKeys(im, json, node.path, nodeKeys))
    return false;
  const DlcJsonValue *op =
      feMember(im, json, node.path, "op", DlcJsonValueString, true);
  if (!op)
    return false;
  const FeOpDef *def = feLookupOp(op->string);
  char path[FE_PATH_SIZE + 16];
  if (!def) {
    snprintf(path, sizeof(path), "%s.op", node.path);
    feError(im, op, path, "unknown op \"%.60s\" (expected one of %s)",
            op->string, feOpNames);
    return false;
  }
  node.op = def->name;
  const DlcJsonValue *name =
      feMember(im, json, node.path, "name", DlcJsonValueString, false);
  if (im->failed)
    return false;
  node.fnJson =
      feMember(im, json, node.path, "fn", DlcJsonValueString, def->takesFn);
  if (im->failed)
    return false;
  if (node.fnJson && !def->takesFn) {
    snprintf(path, sizeof(path), "%s.fn", node.path);
    feError(im, node.fnJson, path, "%s takes no \"fn\"", def->name);
    return false;
  }
  node.fn = node.fnJson ? node.fnJson->string : NULL;
  node.inputsJson =
      feMember(im, json, node.path, "inputs", DlcJsonValueArray, true);
  if (!node.inputsJson)
    return false;
  const DlcJsonValue *outputs =
      feMember(im, json, node.path, "outputs", DlcJsonValueArray, true);
  if (!outputs)
    return false;
  node.attrs =
      feMember(im, json, node.path, "attrs", DlcJsonValueObject, false);
  if (im->failed)
    return false;
  snprintf(path, sizeof(path), "%s.attrs", node.path);
  if (node.attrs && !feCheckKeys(im, node.attrs, path, def->attrs))
    return false;
  if (!readNodeInputs(im, &node, def) ||
      !readNodeOutputs(im, &node, def, outputs))
    return false;

  /* Ops carry the node's name and JSON position. */
  MlirLocation loc = feJsonLocation(im, json);
  if (name)
    loc = mlirLocationNameGet(
        im->ctx, mlirStringRefCreateFromCString(name->string), loc);
  im->b.loc = loc;
  FeValue out[FE_MAX_OUTPUTS];
  memset(out, 0, sizeof(out));
  if (!def->lower(im, &node, out) || im->failed)
    return false;
  for (size_t i = 0; i < node.numOutputs; ++i)
    if (!defineOutput(im, &node, i, out[i]))
      return false;
  return true;
}

/* --- results and verification --------------------------------------------- */

static bool finishFunction(FeImporter *im, const Document *doc,
                           MlirOperation func) {
  size_t n = doc->outputs->count;
  MlirValue *values = calloc(n, sizeof(MlirValue));
  MlirType *types = calloc(n, sizeof(MlirType));
  MlirAttribute *resAttrs = calloc(n, sizeof(MlirAttribute));
  bool ok = values && types && resAttrs;
  if (!ok)
    feError(im, doc->outputs, "signature.outputs", "out of memory");
  for (size_t i = 0; ok && i < n; ++i) {
    char path[FE_PATH_SIZE];
    snprintf(path, sizeof(path), "signature.outputs[%zu]", i);
    const DlcJsonValue *name =
        signatureTensor(im, &doc->outputs->items[i], path, false);
    ok = name != NULL;
    if (!ok)
      break;
    char sub[FE_PATH_SIZE + 16];
    snprintf(sub, sizeof(sub), "%s.tensor", path);
    FeTensor *t = feFindTensor(im, name->string);
    for (size_t j = 0; j < i && ok; ++j)
      ok = strcmp(
               dlcJsonValueGetMember(&doc->outputs->items[j], "tensor")->string,
               name->string) != 0;
    if (!ok) {
      feError(im, name, sub, "tensor \"%.100s\" is listed twice", name->string);
      break;
    }
    if (!t || !t->defined) {
      feError(im, name, sub, "tensor \"%.100s\" is not produced by the graph",
              name->string);
      ok = false;
      break;
    }
    values[i] = t->value.value;
    types[i] = mlirValueGetType(values[i]);
    resAttrs[i] = feNameDictionary(im, t->name);
  }
  if (ok)
    ok = feReturn(im, func, doc->outputs, (intptr_t)n, values, types, resAttrs);
  ok = ok && feFinishSymbols(im, func);
  free(values);
  free(types);
  free(resAttrs);
  return ok && feFinishMaps(im);
}

static MlirModule importDocument(FeImporter *im, const DlcJsonValue *root) {
  Document doc;
  memset(&doc, 0, sizeof(doc));
  if (!readDocument(im, root, &doc))
    return (MlirModule){NULL};
  MlirModule module = mlirModuleCreateEmpty(feJsonLocation(im, root));
  MlirOperation func = createFunction(im, &doc, module);
  bool ok = !mlirOperationIsNull(func);
  for (size_t i = 0; ok && i < doc.graph->count; ++i)
    ok = importNode(im, &doc.graph->items[i], i);
  return feFinishModule(im, module, ok && finishFunction(im, &doc, func));
}

MlirModule dlcImportFrontendJson(MlirContext ctx, MlirStringRef json,
                                 MlirStringRef sourceName,
                                 MlirStringCallback errorCallback,
                                 void *userData) {
  return feImport(ctx, json, sourceName, errorCallback, userData,
                  importDocument, NULL, NULL);
}
