/* convert-indexbook-to-rbssa: Region generation (spec §6.7; 000 §3).
 *
 * Replaces each IndexBook function (a func.func with indexbook.symbols) by
 * one RB-SSA region, one kernel (§6.1): a func.func of the same name whose
 * arguments are memrefs for the graph inputs then outputs, carrying
 * rbssa.region/iters/reduce_iters/symbols, with one rbssa.yield per output
 * and an empty func.return. The values are built by demand from the
 * returned values (Emit.c, Reduce.c); a final indexbook cast to the output
 * type becomes the yield's `cast` (§6.7 step 8). The source function is
 * left untouched when the conversion fails. Docs:
 * docs/passes/convert-indexbook-to-rbssa.md. */
#include "PassDef.h"
#include "Region.h"

#include "dlc/Diagnostics.h"
#include "dlc/Shape.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirAttribute namedDict(RbRegion *r, int n, const char *const *names,
                               const MlirAttribute *values) {
  MlirNamedAttribute entries[8];
  for (int i = 0; i < n; ++i)
    entries[i] = mlirNamedAttributeGet(
        mlirIdentifierGet(r->ctx, mlirStringRefCreateFromCString(names[i])),
        values[i]);
  return mlirDictionaryAttrGet(r->ctx, n, entries);
}

/* --- the signature -------------------------------------------------------- */

/* One tensor of the graph signature (an argument or a result). */
typedef struct Port {
  MlirType type; /* the IndexBook tensor type */
  DlcShape shape;
  RbSize sizes[RB_MAX_RANK];
  MlirAttribute name; /* StringAttr */
} Port;

/* A dim of a signature tensor as an rbssa.shape entry. */
static MlirAttribute dimAttr(RbRegion *r, const Port *port, int i) {
  if (port->sizes[i].symbol >= 0)
    return r->symbols[port->sizes[i].symbol];
  return mlirIntegerAttrGet(mlirIntegerTypeGet(r->ctx, 64),
                            port->sizes[i].extent);
}

/* `dlc.name` from an arg_attrs/res_attrs entry, else `fallback<index>`. */
static MlirAttribute portName(RbRegion *r, MlirAttribute attrs, int index,
                              const char *fallback) {
  if (!mlirAttributeIsNull(attrs) && mlirAttributeIsAArray(attrs) &&
      index < mlirArrayAttrGetNumElements(attrs)) {
    MlirAttribute dict = mlirArrayAttrGetElement(attrs, index);
    MlirAttribute name =
        mlirAttributeIsADictionary(dict)
            ? mlirDictionaryAttrGetElementByName(
                  dict, mlirStringRefCreateFromCString("dlc.name"))
            : mlirAttributeGetNull();
    if (!mlirAttributeIsNull(name) && mlirAttributeIsAString(name))
      return name;
  }
  char text[32];
  snprintf(text, sizeof(text), "%s%d", fallback, index);
  return rbStr(r, text);
}

/* Reads a signature tensor type: symbolic shape, sizes as symbols. */
static bool readPort(RbRegion *r, MlirType type, Port *port) {
  char why[256];
  port->type = type;
  if (!mlirTypeIsARankedTensor(type) ||
      !dlcShapeFromType(type, &port->shape, why, sizeof(why))) {
    if (!mlirTypeIsARankedTensor(type))
      snprintf(why, sizeof(why), "a signature entry is not a ranked tensor");
    dlcEmitDiagnostic(r->source, &dlcMalformedShape,
                      "name every '?' dimension in the tensor encoding, e.g. "
                      "tensor<?x64xf16, [\"M\", 64]>",
                      "%s", why);
    return false;
  }
  for (int i = 0; i < port->shape.rank; ++i) {
    DlcDim dim = port->shape.dims[i];
    MlirAttribute size =
        dim.size >= 0
            ? mlirIntegerAttrGet(mlirIntegerTypeGet(r->ctx, 64), dim.size)
            : mlirStringAttrGet(r->ctx, dim.symbol);
    if (dim.size == 0) {
      dlcEmitDiagnostic(r->source, &dlcMalformedShape,
                        "give every dimension a positive size",
                        "a signature tensor has a zero-sized dimension");
      return false;
    }
    if (!rbAxisSize(r, r->source, size, &port->sizes[i].symbol,
                    &port->sizes[i].extent))
      return false;
  }
  return true;
}

static bool readSymbols(RbRegion *r) {
  MlirAttribute symbols = rbAttr(r->source, "indexbook.symbols");
  bool ok = mlirAttributeIsAArray(symbols) &&
            mlirArrayAttrGetNumElements(symbols) <= RB_MAX_SYMBOLS;
  for (intptr_t k = 0; ok && k < mlirArrayAttrGetNumElements(symbols); ++k) {
    r->symbols[k] = mlirArrayAttrGetElement(symbols, k);
    ok = mlirAttributeIsAString(r->symbols[k]);
    r->numSymbols = (int)k + 1;
  }
  if (!ok)
    dlcEmitDiagnostic(r->source, &dlcAxisAlignmentMismatch,
                      "write indexbook.symbols = [\"M\", ...] (at most 16)",
                      "indexbook.symbols is not a list of symbol names");
  return ok;
}

/* yield's `cast` takes these element types only (rbssa.irdl.mlir). */
static bool yieldableElement(MlirType elem) {
  return mlirTypeIsAF16(elem) || mlirTypeIsABF16(elem) ||
         mlirTypeIsAF32(elem) || mlirTypeIsAF64(elem) ||
         (mlirTypeIsAInteger(elem) && (mlirIntegerTypeGetWidth(elem) == 32 ||
                                       mlirIntegerTypeGetWidth(elem) == 64));
}

/* Reads inputs and outputs; every output must share the first one's shape
 * (one region iterates one output space, §6.7 step 1). */
static bool readSignature(RbRegion *r, MlirOperation ret, Port *ports,
                          int *numOutputs) {
  MlirType fnType = mlirTypeAttrGetValue(rbAttr(r->source, "function_type"));
  intptr_t numIn = mlirFunctionTypeGetNumInputs(fnType);
  intptr_t numOut = mlirFunctionTypeGetNumResults(fnType);
  if (numIn + numOut > RB_MAX_ARGS || numOut == 0) {
    dlcEmitDiagnostic(r->source, &dlcUnsupportedOp,
                      "return at least one tensor, and at most 32 tensors in "
                      "all",
                      "the function has %ld inputs and %ld outputs",
                      (long)numIn, (long)numOut);
    return false;
  }
  MlirAttribute argAttrs = rbAttr(r->source, "arg_attrs");
  MlirAttribute resAttrs = rbAttr(r->source, "res_attrs");
  for (intptr_t i = 0; i < numIn + numOut; ++i) {
    bool in = i < numIn;
    Port *port = &ports[i];
    if (!readPort(r,
                  in ? mlirFunctionTypeGetInput(fnType, i)
                     : mlirFunctionTypeGetResult(fnType, i - numIn),
                  port))
      return false;
    port->name = in ? portName(r, argAttrs, (int)i, "arg")
                    : portName(r, resAttrs, (int)(i - numIn), "result");
    if (in) {
      memcpy(r->argSizes[i], port->sizes, sizeof(port->sizes));
      continue;
    }
    char a[128], b[128];
    dlcShapeFormat(&ports[numIn].shape, a, sizeof(a));
    dlcShapeFormat(&port->shape, b, sizeof(b));
    if (!dlcShapeEqual(&ports[numIn].shape, &port->shape)) {
      dlcEmitDiagnostic(ret, &dlcUnsupportedOp,
                        "split the graph into one region per output shape",
                        "outputs of shapes %s and %s cannot share one region "
                        "(one iteration space)",
                        a, b);
      return false;
    }
    if (!yieldableElement(mlirShapedTypeGetElementType(port->type))) {
      dlcEmitDiagnostic(ret, &dlcUnsupportedOp,
                        "cast the output to f16, bf16, f32, f64, i32 or i64",
                        "output %ld has an element type rbssa.yield cannot "
                        "store",
                        (long)(i - numIn));
      return false;
    }
  }
  r->numInputs = (int)numIn;
  *numOutputs = (int)numOut;
  return true;
}

/* The argument attributes of docs/dialects/rbssa.md, "Inputs and outputs". */
static MlirAttribute portAttrs(RbRegion *r, const Port *port, bool input) {
  MlirAttribute dims[RB_MAX_RANK];
  for (int i = 0; i < port->shape.rank; ++i)
    dims[i] = dimAttr(r, port, i);
  const char *kindName[] = {"kind"};
  MlirAttribute rowMajor = rbStr(r, "row_major");
  const char *names[] = {"rbssa.name",      "rbssa.role",    "rbssa.shape",
                         "rbssa.alignment", "rbssa.noalias", "rbssa.layout"};
  MlirAttribute values[] = {
      port->name,
      rbStr(r, input ? "input" : "output"),
      mlirArrayAttrGet(r->ctx, port->shape.rank, dims),
      mlirIntegerAttrGet(mlirIntegerTypeGet(r->ctx, 64), 128),
      mlirUnitAttrGet(r->ctx),
      namedDict(r, 1, kindName, &rowMajor)};
  return namedDict(r, 6, names, values);
}

static MlirType memrefOf(const Port *port) {
  int64_t shape[RB_MAX_RANK];
  for (int i = 0; i < port->shape.rank; ++i)
    shape[i] = port->shape.dims[i].size >= 0 ? port->shape.dims[i].size
                                             : mlirShapedTypeGetDynamicSize();
  return mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(port->type),
                                     port->shape.rank, shape,
                                     mlirAttributeGetNull());
}

/* Creates the region function, empty, right before the source. */
static MlirOperation createRegion(RbRegion *r, const Port *ports, int n) {
  MlirType types[RB_MAX_ARGS];
  MlirAttribute attrs[RB_MAX_ARGS];
  for (int i = 0; i < n; ++i) {
    types[i] = memrefOf(&ports[i]);
    attrs[i] = portAttrs(r, &ports[i], i < r->numInputs);
  }
  DlcBuilder before = dlcBuilderBefore(r->source);
  const char *names[] = {"sym_name", "function_type", "arg_attrs"};
  MlirAttribute values[] = {
      rbAttr(r->source, "sym_name"),
      mlirTypeAttrGet(mlirFunctionTypeGet(r->ctx, n, types, 0, NULL)),
      mlirArrayAttrGet(r->ctx, n, attrs)};
  MlirBlock body;
  MlirOperation func =
      dlcBuildWithRegion(&before, "func.func", 0, NULL, 0, NULL, 3, names,
                         values, n, types, &body);
  r->b = dlcBuilderAtEnd(body, mlirOperationGetLocation(r->source));
  for (int i = 0; i < n; ++i)
    r->args[i] = mlirBlockGetArgument(body, i);
  return func;
}

/* --- outputs -------------------------------------------------------------- */

/* The output axes from the first output's dims (rbssa.iters). */
static bool addIters(RbRegion *r, const Port *output) {
  for (int i = 0; i < output->shape.rank; ++i)
    if (rbAddAxis(r, r->source, dimAttr(r, output, i), false) < 0)
      return false;
  r->numIters = output->shape.rank;
  return true;
}

/* A final indexbook cast feeding the output is the yield's `cast` (§6.7
 * step 8): emit its operand instead. Only a cast defined everywhere. */
static void peelCast(RbRegion *r, MlirValue *value, RbContext *ctx,
                     MlirOperation *user) {
  if (!mlirValueIsAOpResult(*value))
    return;
  MlirOperation cast = mlirOpResultGetOwner(*value);
  if (!rbNameIs(cast, "indexbook.unary") ||
      !rbStringAttrIs(cast, "fn", "cast") || !rbValidateOp(r, cast, 0))
    return;
  RbGuard guard;
  guard.count = 0;
  if (!rbDomainGuard(r, cast, rbAttr(cast, "domain"), ctx, &guard) ||
      guard.count > 0)
    return;
  RbContext inner;
  rbCompose(r, rbMapOf(cast, 0), ctx, &inner);
  *ctx = inner;
  *value = mlirOperationGetOperand(cast, 0);
  *user = cast;
}

static bool emitOutput(RbRegion *r, MlirOperation ret, int index) {
  RbContext ctx;
  ctx.rank = r->numIters;
  RbSpace iters;
  iters.rank = r->numIters;
  for (int i = 0; i < r->numIters; ++i) {
    ctx.exprs[i] = mlirAffineDimExprGet(r->ctx, i);
    iters.axes[i] = i;
  }
  MlirValue value = mlirOperationGetOperand(ret, index);
  MlirOperation user = ret;
  peelCast(r, &value, &ctx, &user);
  RbValue v;
  if (!rbEmit(r, value, user, &ctx, NULL, false, &v))
    return false;
  r->b.loc = mlirOperationGetLocation(ret);
  if (!rbBroadcast(r, v, &iters, &v)) {
    dlcEmitDiagnostic(ret, &dlcUnsupportedOp, "split the graph",
                      "output %d depends on axes outside the output's", index);
    return false;
  }
  MlirValue output = r->args[r->numInputs + index];
  const char *names[] = {"cast", "materialize"};
  MlirAttribute attrs[] = {
      mlirTypeAttrGet(mlirShapedTypeGetElementType(mlirValueGetType(output))),
      rbStr(r, "gmem")};
  MlirValue operands[] = {v.value, output};
  dlcBuild(&r->b, "rbssa.yield", 2, operands, 0, NULL, 2, names, attrs);
  return true;
}

/* rbssa.iters or rbssa.reduce_iters: [{name, size}, ...]. */
static MlirAttribute axisList(RbRegion *r, bool reduce) {
  MlirAttribute entries[RB_MAX_AXES];
  int n = 0;
  for (int j = 0; j < r->numAxes; ++j) {
    if (r->axes[j].reduce != reduce)
      continue;
    const char *names[] = {"name", "size"};
    MlirAttribute values[] = {rbStr(r, r->axes[j].name), r->axes[j].size};
    entries[n++] = namedDict(r, 2, names, values);
  }
  return mlirArrayAttrGet(r->ctx, n, entries);
}

static void setAttr(MlirOperation op, const char *name, MlirAttribute value) {
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString(name),
                                  value);
}

static void finishRegion(RbRegion *r, MlirOperation func) {
  setAttr(func, "rbssa.region",
          mlirStringAttrGet(
              r->ctx, mlirStringAttrGetValue(rbAttr(r->source, "sym_name"))));
  setAttr(func, "rbssa.iters", axisList(r, false));
  setAttr(func, "rbssa.reduce_iters", axisList(r, true));
  setAttr(func, "rbssa.symbols", rbAttr(r->source, "indexbook.symbols"));
  r->b.loc = mlirOperationGetLocation(r->source);
  dlcBuild(&r->b, "func.return", 0, NULL, 0, NULL, 0, NULL, NULL);
}

/* --- the pass ------------------------------------------------------------- */

/* The entry block's func.return, after checking the body is one block. */
static MlirOperation findReturn(RbRegion *r) {
  MlirRegion body = mlirOperationGetRegion(r->source, 0);
  r->sourceBlock = mlirRegionGetFirstBlock(body);
  MlirOperation none = {NULL};
  if (mlirBlockIsNull(r->sourceBlock) ||
      !mlirBlockIsNull(mlirBlockGetNextInRegion(r->sourceBlock))) {
    dlcEmitDiagnostic(r->source, &dlcUnsupportedOp,
                      "write the IndexBook function as one block",
                      "the function body is not a single block");
    return none;
  }
  MlirOperation ret = mlirBlockGetTerminator(r->sourceBlock);
  if (mlirOperationIsNull(ret) || !rbNameIs(ret, "func.return")) {
    dlcEmitDiagnostic(r->source, &dlcUnsupportedOp,
                      "end the function with func.return",
                      "the function does not end with func.return");
    return none;
  }
  return ret;
}

/* Builds the region of one IndexBook function; on success replaces it. */
static bool convertFunction(MlirOperation source) {
  RbRegion r;
  memset(&r, 0, sizeof(r));
  r.ctx = mlirOperationGetContext(source);
  r.source = source;
  Port ports[RB_MAX_ARGS];
  int numOutputs = 0;
  MlirOperation ret;
  if (!readSymbols(&r) || mlirOperationIsNull(ret = findReturn(&r)) ||
      !readSignature(&r, ret, ports, &numOutputs) ||
      !addIters(&r, &ports[r.numInputs]))
    return false;
  MlirOperation func = createRegion(&r, ports, r.numInputs + numOutputs);
  bool ok = true;
  for (int i = 0; ok && i < numOutputs; ++i)
    ok = emitOutput(&r, ret, i);
  free(r.memo);
  if (!ok) {
    mlirOperationDestroy(func);
    return false;
  }
  finishRegion(&r, func);
  mlirOperationDestroy(source);
  return true;
}

static void runConvert(MlirOperation module, MlirExternalPass pass,
                       const DlcPassOptions *options) {
  (void)options;
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  /* Collect first: converting inserts and erases functions. */
  int n = 0, cap = 0;
  MlirOperation *funcs = NULL;
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!rbNameIs(op, "func.func") ||
        mlirAttributeIsNull(rbAttr(op, "indexbook.symbols")))
      continue;
    if (n == cap) {
      cap = cap ? 2 * cap : 8;
      MlirOperation *grown = realloc(funcs, (size_t)cap * sizeof(*funcs));
      if (!grown) {
        free(funcs);
        mlirExternalPassSignalFailure(pass);
        return;
      }
      funcs = grown;
    }
    funcs[n++] = op;
  }
  bool failed = false;
  for (int i = 0; i < n; ++i)
    failed |= !convertFunction(funcs[i]);
  free(funcs);
  if (failed)
    mlirExternalPassSignalFailure(pass);
}

const DlcPassDef dlcConvertIndexBookToRBSSAPass = {
    {"convert-indexbook-to-rbssa",
     "Region generation (spec §6.7): each IndexBook function becomes one "
     "RB-SSA region (one kernel) in SRNF, with composed read maps, explicit "
     "broadcasts, guards and yields",
     "builtin.module", 0, NULL},
    runConvert,
};
