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
#include "DialectNames.h"
#include "FunctionList.h"
#include "PassDef.h"
#include "Region.h"
#include "SymbolTable.h"

#include "dlc/Diagnostics.h"
#include "dlc/IR.h"
#include "dlc/Shape.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>
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
  MlirAttribute flat; /* dlc.flat: a renamed flat buffer's size, or null */
  bool input;         /* rbssa.role of the region argument */
  bool intermediate;  /* an intermediate buffer (rbssa.intermediate) */
} Port;

/* A dim of a signature tensor as an rbssa.shape entry. */
static MlirAttribute dimAttr(RbRegion *r, const Port *port, int i) {
  if (port->sizes[i].symbol >= 0)
    return rbSymbolAttr(r, port->sizes[i].symbol);
  return mlirIntegerAttrGet(mlirIntegerTypeGet(r->ctx, 64),
                            port->sizes[i].extent);
}

/* String attribute `key` of an arg_attrs/res_attrs entry, or null. */
static MlirAttribute portString(MlirAttribute attrs, int index,
                                const char *key) {
  MlirAttribute value =
      !mlirAttributeIsNull(attrs) && mlirAttributeIsAArray(attrs) &&
              index < mlirArrayAttrGetNumElements(attrs)
          ? dlcDictionaryAttrGet(mlirArrayAttrGetElement(attrs, index), key)
          : mlirAttributeGetNull();
  return !mlirAttributeIsNull(value) && mlirAttributeIsAString(value)
             ? value
             : mlirAttributeGetNull();
}

/* `dlc.name` from an arg_attrs/res_attrs entry, else `fallback<index>`. */
static MlirAttribute portName(RbRegion *r, MlirAttribute attrs, int index,
                              const char *fallback) {
  MlirAttribute name = portString(attrs, index, "dlc.name");
  if (!mlirAttributeIsNull(name))
    return name;
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

/* The derived symbols' definitions, by position in indexbook.symbols (the
 * free ones first there, as the shared table orders them), into the
 * region's table (read free, all definitions null). */
static bool readDefinitions(RbRegion *r) {
  DlcSymbolTable table = {0};
  bool ok = mlirLogicalResultIsSuccess(dlcSymbolTableFromNames(
      &table, r->source, r->symbols.names, r->symbols.count));
  /* The table's positions are the maps' symbols only in the same order
   * (free first, as the lowering writes them); otherwise no facts. */
  bool same = ok && table.count == r->symbols.count;
  for (int k = 0; same && k < r->symbols.count; ++k)
    same = mlirStringRefEqual(r->symbols.names[k], table.names[k]);
  for (int k = 0; same && k < r->symbols.count; ++k)
    r->symbols.definitions[k] = table.definitions[k];
  dlcSymbolTableClear(&table);
  return ok;
}

static bool readSymbols(RbRegion *r) {
  return mlirLogicalResultIsSuccess(
             dlcSymbolTableRead(&r->symbols, r->source, "indexbook.symbols")) &&
         readDefinitions(r);
}

/* yield's `cast` takes these element types only (rbssa.irdl.mlir); an i1
 * is stored as one byte, 0 or 1 (torch.bool's layout). */
static bool yieldableElement(MlirType elem) {
  return mlirTypeIsAF16(elem) || mlirTypeIsABF16(elem) ||
         mlirTypeIsAF32(elem) || mlirTypeIsAF64(elem) ||
         (mlirTypeIsAInteger(elem) && (mlirIntegerTypeGetWidth(elem) == 1 ||
                                       mlirIntegerTypeGetWidth(elem) == 32 ||
                                       mlirIntegerTypeGetWidth(elem) == 64));
}

/* Reads inputs and outputs (outputs of different shapes go to different
 * regions, convertFunction). */
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
    /* tiny-unflatten-products: the size the caller allocated. */
    port->flat = in ? portString(argAttrs, (int)i, "dlc.flat")
                    : portString(resAttrs, (int)(i - numIn), "dlc.flat");
    port->input = in;
    port->intermediate = false;
    if (in) {
      memcpy(r->argSizes[i], port->sizes, sizeof(port->sizes));
      continue;
    }
    if (!yieldableElement(mlirShapedTypeGetElementType(port->type))) {
      dlcEmitDiagnostic(
          ret, &dlcUnsupportedOp,
          "cast the output to f16, bf16, f32, f64, i32, i64 or i1",
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

/* The argument attributes of docs/dialects/rbssa.md, "Inputs and outputs";
 * an intermediate buffer adds rbssa.intermediate. */
static MlirAttribute portAttrs(RbRegion *r, const Port *port) {
  MlirAttribute dims[RB_MAX_RANK];
  for (int i = 0; i < port->shape.rank; ++i)
    dims[i] = dimAttr(r, port, i);
  const char *kindName[] = {"kind"};
  MlirAttribute rowMajor = rbStr(r, "row_major");
  const char *names[] = {"rbssa.name",        "rbssa.role",    "rbssa.shape",
                         "rbssa.alignment",   "rbssa.noalias", "rbssa.layout",
                         "rbssa.intermediate"};
  MlirAttribute values[] = {
      port->name,
      rbStr(r, port->input ? "input" : "output"),
      mlirArrayAttrGet(r->ctx, port->shape.rank, dims),
      mlirIntegerAttrGet(mlirIntegerTypeGet(r->ctx, 64), 128),
      mlirUnitAttrGet(r->ctx),
      namedDict(r, 1, kindName, &rowMajor),
      mlirUnitAttrGet(r->ctx)};
  /* A renamed flat buffer keeps its size formula (rbssa.flat) for the
   * manifest; an intermediate has none. */
  if (!mlirAttributeIsNull(port->flat)) {
    names[6] = "rbssa.flat";
    values[6] = port->flat;
  }
  return namedDict(
      r, port->intermediate || !mlirAttributeIsNull(port->flat) ? 7 : 6, names,
      values);
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
    attrs[i] = portAttrs(r, &ports[i]);
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
  if (!dlcIndexbookIsUnary(cast) || !rbStringAttrIs(cast, "fn", "cast") ||
      !rbValidateOp(r, cast, 0))
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

/* Emits `value` over the iters and yields it to args[arg]; `at` locates
 * diagnostics (the return, or the materialised value's op). */
static MlirOperation emitYield(RbRegion *r, MlirOperation at, MlirValue value,
                               int arg) {
  MlirOperation none = {NULL};
  RbContext ctx;
  ctx.rank = r->numIters;
  RbSpace iters;
  iters.rank = r->numIters;
  for (int i = 0; i < r->numIters; ++i) {
    ctx.exprs[i] = mlirAffineDimExprGet(r->ctx, i);
    iters.axes[i] = i;
  }
  MlirOperation user = at;
  if (rbCutIndex(r, value) < 0) /* a materialised output is copied as is */
    peelCast(r, &value, &ctx, &user);
  RbValue v;
  if (!rbEmit(r, value, user, &ctx, NULL, false, &v))
    return none;
  r->b.loc = mlirOperationGetLocation(at);
  if (!rbBroadcast(r, v, &iters, &v)) {
    dlcEmitDiagnostic(at, &dlcUnsupportedOp, "split the graph",
                      "the value yielded to argument %d depends on axes "
                      "outside the region's iters",
                      arg);
    return none;
  }
  MlirValue output = r->args[arg];
  const char *names[] = {"cast", "materialize"};
  MlirAttribute attrs[] = {
      mlirTypeAttrGet(mlirShapedTypeGetElementType(mlirValueGetType(output))),
      rbStr(r, "gmem")};
  MlirValue operands[] = {v.value, output};
  return dlcBuild(&r->b, DLC_OP_RBSSA_YIELD, 2, operands, 0, NULL, 2, names,
                  attrs);
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
  setAttr(func, "rbssa.region", rbAttr(func, "sym_name"));
  setAttr(func, "rbssa.iters", axisList(r, false));
  setAttr(func, "rbssa.reduce_iters", axisList(r, true));
  setAttr(func, "rbssa.symbols", rbAttr(r->source, "indexbook.symbols"));
  /* Derived symbols keep their definitions down to the manifest. */
  MlirAttribute derived = rbAttr(r->source, "dlc.derived");
  if (!mlirAttributeIsNull(derived))
    setAttr(func, "dlc.derived", derived);
  /* Poly-Core's facts about the function travel with its region for
   * convert-rbssa-to-plan (spec §10 step 6). */
  MlirAttribute analysis = rbAttr(r->source, "polycore.analysis");
  if (!mlirAttributeIsNull(analysis))
    setAttr(func, "polycore.analysis", analysis);
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
  if (mlirOperationIsNull(ret) || !dlcOperationIsA(ret, "func.return")) {
    dlcEmitDiagnostic(r->source, &dlcUnsupportedOp,
                      "end the function with func.return",
                      "the function does not end with func.return");
    return none;
  }
  return ret;
}

/* --- several regions ------------------------------------------------------ */

bool rbCanMaterialize(RbRegion *r, MlirValue value) {
  MlirType type = mlirValueGetType(value);
  DlcShape shape;
  char why[64];
  if (!mlirTypeIsARankedTensor(type) ||
      !dlcShapeFromType(type, &shape, why, sizeof(why)) ||
      shape.rank > RB_MAX_RANK ||
      !yieldableElement(mlirShapedTypeGetElementType(type)))
    return false;
  for (int i = 0; i < shape.rank; ++i) {
    if (shape.dims[i].size > 0)
      continue;
    if (shape.dims[i].size == 0)
      return false;
    if (dlcSymbolTableFind(&r->symbols, shape.dims[i].symbol) < 0)
      return false;
  }
  return true;
}

enum { MAX_REGIONS = RB_MAX_CUTS + RB_MAX_ARGS };

/* One function's regions (docs/passes, "Several regions"): one per cut
 * (intermediate buffer), in block order, then one per output shape. */
typedef struct Program {
  RbRegion base; /* symbols, source, block (no body) */
  MlirOperation ret;
  int numInputs, numOutputs;
  Port ports[RB_MAX_ARGS];
  int numCuts;
  MlirValue cuts[RB_MAX_CUTS];
  Port cutPorts[RB_MAX_CUTS];
  int numRegions;
  MlirOperation funcs[MAX_REGIONS];
  MlirOperation cutYield[RB_MAX_CUTS];
  int cutProducer[RB_MAX_CUTS];
  uint64_t cutConsumers[RB_MAX_CUTS]; /* bit i: region i reads it */
  bool cutGather[RB_MAX_CUTS];
  /* The graph output a cut is (the function returns the cut's value), or
   * -1: its region writes that output, which later regions read, instead
   * of an intermediate buffer and a copy. */
  int cutOutput[RB_MAX_CUTS];
} Program;

static int cutOf(const Program *p, MlirValue value) {
  for (int i = 0; i < p->numCuts; ++i)
    if (mlirValueEqual(p->cuts[i], value))
      return i;
  return -1;
}

/* The position of `value`'s op in the function body (block order). */
static int positionOf(const Program *p, MlirValue value) {
  MlirOperation def = mlirOpResultGetOwner(value);
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(p->base.sourceBlock);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op), ++n)
    if (mlirOperationEqual(op, def))
      return n;
  return n;
}

/* Adds `value` to the cuts, kept in block order (a topological order). */
static bool addCut(Program *p, MlirOperation at, MlirValue value) {
  if (cutOf(p, value) >= 0)
    return true;
  if (!rbCanMaterialize(&p->base, value)) {
    dlcEmitDiagnostic(
        at, &dlcUnsupportedOp,
        "cast the value to f16, bf16, f32, f64, i32, i64 or i1 and "
        "name its dims with the function's symbols",
        "a region boundary falls here, but the value cannot be "
        "materialised in an intermediate buffer (its element "
        "type or shape)");
    return false;
  }
  _Static_assert(RB_MAX_CUTS >= RB_MAX_ARGS, "addCut's bound is the args'");
  if (p->numInputs + p->numOutputs + p->numCuts >= RB_MAX_ARGS) {
    dlcEmitDiagnostic(at, &dlcUnsupportedOp,
                      "split the function into several (each gets its own "
                      "buffers), or remove region boundaries",
                      "a region boundary falls here, but the function already "
                      "has %d inputs, %d outputs and %d intermediate buffers; "
                      "at most %d tensors in all are supported",
                      p->numInputs, p->numOutputs, p->numCuts, RB_MAX_ARGS);
    return false;
  }
  int at2 = p->numCuts;
  int pos = positionOf(p, value);
  while (at2 > 0 && positionOf(p, p->cuts[at2 - 1]) > pos) {
    p->cuts[at2] = p->cuts[at2 - 1];
    --at2;
  }
  p->cuts[at2] = value;
  ++p->numCuts;
  return true;
}

/* A non-SCoP value ends a region (§5.1): every computed value it reads is
 * materialised, and the value reads it back through its own (semi-affine)
 * map in the next region. Leaves and constants are read in place. */
static bool addNonScopCuts(Program *p) {
  for (MlirOperation op = mlirBlockGetFirstOperation(p->base.sourceBlock);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute nonScop =
        dlcDictionaryAttrGet(rbAttr(op, "flags"), "non_scop");
    if (mlirAttributeIsNull(nonScop) || !mlirAttributeIsABool(nonScop) ||
        !mlirBoolAttrGetValue(nonScop))
      continue;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
      MlirValue x = mlirOperationGetOperand(op, i);
      if (!mlirValueIsAOpResult(x))
        continue;
      MlirOperation def = mlirOpResultGetOwner(x);
      if (dlcIndexbookIsLeaf(def) || dlcIndexbookIsConst(def))
        continue;
      if (!addCut(p, op, x))
        return false;
    }
  }
  return true;
}

/* Marks in `reads` the cuts that emitting `value` reads (a walk that stops
 * at cuts and leaves). */
static void cutsRead(const Program *p, MlirValue value, bool *reads) {
  enum { CAP = 4096 };
  MlirOperation *stack = malloc(2 * CAP * sizeof(MlirOperation));
  if (!stack)
    return;
  MlirOperation *seen = stack + CAP;
  int top = 0, numSeen = 0;
  if (mlirValueIsAOpResult(value))
    stack[top++] = mlirOpResultGetOwner(value);
  while (top > 0) {
    MlirOperation op = stack[--top];
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
      MlirValue x = mlirOperationGetOperand(op, i);
      if (!mlirValueIsAOpResult(x))
        continue;
      int cut = cutOf(p, x);
      if (cut >= 0) {
        reads[cut] = true;
        continue;
      }
      MlirOperation def = mlirOpResultGetOwner(x);
      bool old = false;
      for (int k = 0; k < numSeen && !old; ++k)
        old = mlirOperationEqual(seen[k], def);
      if (old || numSeen == CAP || top == CAP)
        continue;
      seen[numSeen++] = def;
      stack[top++] = def;
    }
  }
  free(stack);
}

/* Builds region `index` yielding `roots` (graph outputs, or cut `self`);
 * false with p->base.request set when a new boundary is found. */
static bool buildRegion(Program *p, int self, int numRoots, const int *outputs,
                        MlirValue *request) {
  RbRegion r;
  memset(&r, 0, sizeof(r));
  r.ctx = p->base.ctx;
  r.source = p->base.source;
  r.sourceBlock = p->base.sourceBlock;
  r.symbols = p->base.symbols; /* borrowed: not cleared here */
  r.numCuts = p->numCuts;
  memcpy(r.cuts, p->cuts, sizeof(r.cuts));
  if (self >= 0)
    r.self = p->cuts[self];
  /* Arguments: graph inputs, intermediates read, then what it yields. */
  Port ports[RB_MAX_ARGS];
  int n = 0;
  for (int i = 0; i < p->numInputs; ++i)
    ports[n++] = p->ports[i];
  bool reads[RB_MAX_CUTS] = {false};
  if (self >= 0)
    cutsRead(p, p->cuts[self], reads);
  for (int k = 0; k < numRoots; ++k) {
    MlirValue v = mlirOperationGetOperand(p->ret, outputs[k]);
    int cut = cutOf(p, v);
    if (cut >= 0)
      reads[cut] = true; /* an output that is a buffer: a copy */
    else
      cutsRead(p, v, reads);
  }
  for (int c = 0; c < p->numCuts; ++c) {
    r.cutArg[c] = -1;
    if (!reads[c] || c == self)
      continue;
    r.cutArg[c] = n;
    ports[n] = p->cutPorts[c];
    ports[n++].input = true;
  }
  r.numInputs = n;
  int firstOut = n;
  if (self >= 0) {
    ports[n] = p->cutPorts[self];
    ports[n++].input = false;
  } else {
    for (int k = 0; k < numRoots; ++k)
      ports[n++] = p->ports[p->numInputs + outputs[k]];
  }
  for (int i = 0; i < r.numInputs; ++i)
    memcpy(r.argSizes[i], ports[i].sizes, sizeof(ports[i].sizes));
  /* Rule 6: a contraction beside another reduction or yield first. */
  MlirValue yields[RB_MAX_ARGS];
  int numYields = 0;
  if (self >= 0)
    yields[numYields++] = p->cuts[self];
  for (int k = 0; self < 0 && k < numRoots; ++k)
    yields[numYields++] = mlirOperationGetOperand(p->ret, outputs[k]);
  *request = rbYieldsContractionCut(&r, yields, numYields);
  if (mlirValueIsNull(*request)) /* rule 8: too large for one kernel */
    *request = rbSizeCut(&r, yields, numYields);
  if (!mlirValueIsNull(*request))
    return false;
  if (!addIters(&r, &ports[firstOut]))
    return false;
  MlirOperation func = createRegion(&r, ports, n);
  bool ok = true;
  if (self >= 0) {
    MlirValue v = p->cuts[self];
    MlirOperation yield = emitYield(&r, mlirOpResultGetOwner(v), v, firstOut);
    ok = !mlirOperationIsNull(yield);
    p->cutYield[self] = yield;
  }
  for (int k = 0; ok && self < 0 && k < numRoots; ++k)
    ok = !mlirOperationIsNull(emitYield(
        &r, p->ret, mlirOperationGetOperand(p->ret, outputs[k]), firstOut + k));
  free(r.memo);
  *request = r.request;
  if (!ok) {
    mlirOperationDestroy(func);
    return false;
  }
  finishRegion(&r, func);
  int index = p->numRegions++;
  p->funcs[index] = func;
  if (self >= 0)
    p->cutProducer[self] = index;
  for (int c = 0; c < p->numCuts; ++c)
    if (r.cutArg[c] >= 0) {
      p->cutConsumers[c] |= (uint64_t)1 << index;
      p->cutGather[c] |= r.cutGather[c];
    }
  return true;
}

static void destroyRegions(Program *p) {
  for (int i = 0; i < p->numRegions; ++i)
    mlirOperationDestroy(p->funcs[i]);
  p->numRegions = 0;
  memset(p->cutConsumers, 0, sizeof(p->cutConsumers));
  memset(p->cutGather, 0, sizeof(p->cutGather));
}

/* Builds every region once; false with *request set to restart. */
static bool buildAll(Program *p, MlirValue *request) {
  *request = (MlirValue){NULL};
  bool done[RB_MAX_ARGS] = {false};
  for (int c = 0; c < p->numCuts; ++c) {
    Port *port = &p->cutPorts[c];
    p->cutOutput[c] = -1;
    for (int k = 0; k < p->numOutputs && p->cutOutput[c] < 0; ++k)
      if (!done[k] &&
          mlirValueEqual(mlirOperationGetOperand(p->ret, k), p->cuts[c]))
        p->cutOutput[c] = k;
    if (p->cutOutput[c] >= 0) {
      done[p->cutOutput[c]] = true;
      *port = p->ports[p->numInputs + p->cutOutput[c]];
      continue;
    }
    if (!readPort(&p->base, mlirValueGetType(p->cuts[c]), port))
      return false;
    /* t<c>, or t<c>_<k> when a graph tensor has that name. */
    char name[32];
    snprintf(name, sizeof(name), "t%d", c);
    for (int k = 1, taken = 1; taken && k < 1000; ++k) {
      taken = 0;
      for (int i = 0; i < p->numInputs + p->numOutputs; ++i)
        taken |= mlirStringRefEqual(mlirStringAttrGetValue(p->ports[i].name),
                                    mlirStringRefCreateFromCString(name));
      if (taken)
        snprintf(name, sizeof(name), "t%d_%d", c, k);
    }
    port->name = rbStr(&p->base, name);
    port->flat = mlirAttributeGetNull();
    port->intermediate = true;
  }
  /* Outputs of one shape share a region; each other shape gets its own
   * (but for the cuts' outputs, written by their cuts' regions). */
  for (int c = 0; c < p->numCuts; ++c)
    if (!buildRegion(p, c, 0, NULL, request))
      return false;
  for (int i = 0; i < p->numOutputs; ++i) {
    if (done[i])
      continue;
    int group[RB_MAX_ARGS], n = 0;
    for (int j = i; j < p->numOutputs; ++j)
      if (!done[j] && dlcShapeEqual(&p->ports[p->numInputs + i].shape,
                                    &p->ports[p->numInputs + j].shape)) {
        done[j] = true;
        group[n++] = j;
      }
    if (!buildRegion(p, -1, n, group, request))
      return false;
  }
  return true;
}

/* Names the regions `<f>_r<i>`, sets each buffer's materialize, and adds
 * the program: a bodiless func.func @<f> with the graph's memref signature
 * and rbssa.program = {regions, buffers}. */
static void finishProgram(Program *p) {
  RbRegion *r = &p->base;
  MlirStringRef base = mlirStringAttrGetValue(rbAttr(r->source, "sym_name"));
  MlirAttribute names[MAX_REGIONS];
  /* "<f>_r<i>", whole however long <f> (owned): a cut name would give
   * every region the same symbol. */
  size_t size = base.length + 16;
  char *text = malloc(size);
  if (!text)
    abort(); /* out of memory: MLIR itself cannot go on either */
  for (int i = 0; i < p->numRegions; ++i) {
    snprintf(text, size, "%.*s_r%d", (int)base.length, base.data, i);
    names[i] = rbStr(r, text);
    setAttr(p->funcs[i], "sym_name", names[i]);
    setAttr(p->funcs[i], "rbssa.region", names[i]);
  }
  free(text);
  MlirAttribute buffers[RB_MAX_CUTS];
  int numBuffers = 0;
  for (int c = 0; c < p->numCuts; ++c) {
    if (p->cutOutput[c] >= 0) { /* a graph output: no buffer, no hand-off */
      setAttr(p->cutYield[c], "materialize", rbStr(r, "gmem"));
      continue;
    }
    MlirAttribute consumers[MAX_REGIONS];
    int n = 0;
    for (int i = 0; i < p->numRegions; ++i)
      if (p->cutConsumers[c] & ((uint64_t)1 << i))
        consumers[n++] = names[i];
    /* §6.7 step 8: handed to the next region when that region alone reads
     * it, one element per iteration point; else a GMEM round trip. */
    bool deferred =
        n == 1 && !p->cutGather[c] &&
        p->cutConsumers[c] == ((uint64_t)1 << (p->cutProducer[c] + 1));
    MlirAttribute materialize = rbStr(r, deferred ? "deferred" : "gmem");
    setAttr(p->cutYield[c], "materialize", materialize);
    const Port *port = &p->cutPorts[c];
    MlirAttribute dims[RB_MAX_RANK];
    for (int i = 0; i < port->shape.rank; ++i)
      dims[i] = dimAttr(r, port, i);
    const char *keys[] = {"name",     "shape",     "dtype",
                          "producer", "consumers", "materialize"};
    MlirAttribute values[] = {
        port->name,
        mlirArrayAttrGet(r->ctx, port->shape.rank, dims),
        mlirTypeAttrGet(mlirShapedTypeGetElementType(port->type)),
        names[p->cutProducer[c]],
        mlirArrayAttrGet(r->ctx, n, consumers),
        materialize};
    buffers[numBuffers++] = namedDict(r, 6, keys, values);
  }
  const char *keys[] = {"regions", "buffers"};
  MlirAttribute values[] = {mlirArrayAttrGet(r->ctx, p->numRegions, names),
                            mlirArrayAttrGet(r->ctx, numBuffers, buffers)};
  MlirAttribute program = namedDict(r, 2, keys, values);
  int n = p->numInputs + p->numOutputs;
  MlirType types[RB_MAX_ARGS];
  MlirAttribute attrs[RB_MAX_ARGS];
  for (int i = 0; i < n; ++i) {
    types[i] = memrefOf(&p->ports[i]);
    attrs[i] = portAttrs(r, &p->ports[i]);
  }
  const char *fnNames[] = {"sym_name", "sym_visibility", "function_type",
                           "arg_attrs", "rbssa.program"};
  MlirAttribute fnValues[] = {
      rbAttr(r->source, "sym_name"), rbStr(r, "private"),
      mlirTypeAttrGet(mlirFunctionTypeGet(r->ctx, n, types, 0, NULL)),
      mlirArrayAttrGet(r->ctx, n, attrs), program};
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"),
                            mlirOperationGetLocation(r->source));
  MlirNamedAttribute named[5];
  for (int i = 0; i < 5; ++i)
    named[i] = mlirNamedAttributeGet(
        mlirIdentifierGet(r->ctx, mlirStringRefCreateFromCString(fnNames[i])),
        fnValues[i]);
  mlirOperationStateAddAttributes(&state, 5, named);
  MlirRegion body = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&state, 1, &body);
  MlirOperation decl = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(r->source),
                                      r->source, decl);
}

/* Builds the regions of one IndexBook function; on success replaces it. */
static bool convertFunction(MlirOperation source) {
  Program *p = calloc(1, sizeof(Program));
  if (!p)
    return false;
  RbRegion *r = &p->base;
  r->ctx = mlirOperationGetContext(source);
  r->source = source;
  bool ok = readSymbols(r) && !mlirOperationIsNull(p->ret = findReturn(r)) &&
            readSignature(r, p->ret, p->ports, &p->numOutputs);
  p->numInputs = r->numInputs;
  ok = ok && addNonScopCuts(p);
  /* Each boundary found while building restarts the build with one more
   * intermediate buffer; there are at most RB_MAX_CUTS. */
  for (int attempt = 0; ok; ++attempt) {
    MlirValue request;
    if (buildAll(p, &request))
      break;
    destroyRegions(p);
    ok = !mlirValueIsNull(request) && attempt <= RB_MAX_CUTS &&
         addCut(p, mlirOpResultGetOwner(request), request);
  }
  if (ok && (p->numRegions > 1 || p->numCuts > 0))
    finishProgram(p);
  if (ok)
    mlirOperationDestroy(source);
  dlcSymbolTableClear(&r->symbols);
  free(p);
  return ok;
}

static bool isIndexBookFunction(MlirOperation func) {
  return !mlirAttributeIsNull(rbAttr(func, "indexbook.symbols"));
}

static void runConvert(MlirOperation module, MlirExternalPass pass,
                       const DlcPassOptions *options) {
  (void)options;
  /* Collect first: converting inserts and erases functions. */
  DlcFunctionList funcs = {0};
  dlcFunctionListCollect(&funcs, module, isIndexBookFunction);
  bool failed = funcs.outOfMemory;
  for (int i = 0; !funcs.outOfMemory && i < funcs.count; ++i)
    failed |= !convertFunction(funcs.funcs[i]);
  dlcFunctionListClear(&funcs);
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
