/* convert-tiny-to-indexbook: rewrites each tiny func.func into its IndexBook
 * (spec §4.4; the algorithm of 000 §1).
 *
 * A leaf per function argument; movement ops vanish into the affine maps of
 * their consumers (Movement.c), except masked chains (pad, out-of-bounds
 * views), which become one indexbook.view; elementwise ops become
 * indexbook.unary/binary/ternary with right-aligned broadcast maps; reduce
 * becomes indexbook.reduce; tiny.contract, and a mul whose only user is
 * reduce(sum), become indexbook.contract (Compute.c). The function keeps its
 * signature, returns the converted values and gets `indexbook.symbols`.
 *
 * Every tiny op is first checked with the shared tiny checks (E1001, E1005,
 * E1401); an op without a lowering is E1501 UnsupportedOp. On any error the
 * function is left exactly as it was. Docs:
 * docs/passes/convert-tiny-to-indexbook.md. */
#include "DialectNames.h"
#include "Lowering.h"

#include "Builder.h"
#include "FunctionList.h"
#include "PassDef.h"
#include "TinyChecks.h"
#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <stdlib.h>
#include <string.h>

/* --- small helpers -------------------------------------------------------- */

MlirAttribute t2iGetAttr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op,
                                         mlirStringRefCreateFromCString(name));
}

MlirStringRef t2iOpName(MlirOperation op) {
  return mlirIdentifierStr(mlirOperationGetName(op));
}

/* --- value records -------------------------------------------------------- */

/* Functions are small DAGs; a linear scan from the most recent record is
 * cheap, since operands are mostly defined just before their users. */
T2iValue *t2iLookup(T2iLowering *lowering, MlirValue value) {
  for (int i = lowering->numValues - 1; i >= 0; --i)
    if (mlirValueEqual(lowering->values[i]->tiny, value))
      return lowering->values[i];
  return NULL;
}

T2iValue *t2iDefine(T2iLowering *lowering, MlirValue value) {
  if (lowering->numValues == lowering->capValues) {
    int capacity = lowering->capValues ? 2 * lowering->capValues : 32;
    T2iValue **grown =
        realloc(lowering->values, (size_t)capacity * sizeof(*grown));
    if (!grown)
      return NULL;
    lowering->values = grown;
    lowering->capValues = capacity;
  }
  T2iValue *record = calloc(1, sizeof(*record));
  if (!record)
    return NULL;
  record->tiny = value;
  lowering->values[lowering->numValues++] = record;
  return record;
}

static void freeLowering(T2iLowering *lowering) {
  for (int i = 0; i < lowering->numValues; ++i) {
    t2iGuardsFree(&lowering->values[i]->guards);
    free(lowering->values[i]);
  }
  free(lowering->values);
  free(lowering->created);
  dlcSymbolTableClear(&lowering->symbols);
}

bool t2iShapeOf(MlirOperation op, MlirValue value, DlcShape *shape) {
  MlirType type = mlirValueGetType(value);
  if (!mlirTypeIsARankedTensor(type)) {
    dlcEmitDiagnostic(op, &dlcMalformedShape,
                      "tiny values are ranked tensors (docs/dialects/tiny.md)",
                      "a value is not a ranked tensor");
    return false;
  }
  return dlcTinyReadShape(op, type, shape);
}

/* Every symbol was collected (or checked) before the walk, so the space
 * always initialises. */
void t2iSpaceOfShape(T2iLowering *lowering, const DlcShape *shape,
                     T2iSpace *space) {
  t2iSpaceInit(space, lowering->ctx, &lowering->symbols, shape->rank,
               shape->dims);
}

/* --- symbols (docs/conventions.md "Symbol order") ------------------------ */

/* The symbols as an ArrayAttr of names; null when out of memory. */
static MlirAttribute symbolsAttr(const T2iLowering *lowering) {
  int n = lowering->symbols.count;
  MlirAttribute *names = malloc((size_t)(n ? n : 1) * sizeof(*names));
  if (!names)
    return (MlirAttribute){NULL};
  for (int i = 0; i < n; ++i)
    names[i] = mlirStringAttrGet(lowering->ctx, lowering->symbols.names[i]);
  MlirAttribute list = mlirArrayAttrGet(lowering->ctx, n, names);
  free(names);
  return list;
}

/* --- leaves and return ---------------------------------------------------- */

/* One indexbook.leaf per argument, in order, at the top of the body
 * (§4.4 Leaf: fresh axes i0.., box domain). */
static bool lowerArguments(T2iLowering *lowering, MlirBlock body,
                           MlirOperation first) {
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i) {
    MlirValue arg = mlirBlockGetArgument(body, i);
    DlcShape shape;
    if (!t2iShapeOf(lowering->func, arg, &shape))
      return false;
    T2iSpace space;
    t2iSpaceOfShape(lowering, &shape, &space);
    /* A leaf reads its argument directly: no maps (inputs = []). */
    T2iOpSpec spec = {.name = DLC_OP_INDEXBOOK_LEAF,
                      .space = &space,
                      .rule = T2I_AXES_ITER,
                      .numOperands = 1,
                      .operands = &arg,
                      .resultType = mlirValueGetType(arg)};
    MlirValue leaf = t2iEmit(lowering, first, &spec);
    T2iValue *record = mlirValueIsNull(leaf) ? NULL : t2iDefine(lowering, arg);
    if (!record)
      return t2iOutOfMemory(lowering->func);
    record->base = leaf;
    record->map = t2iIdentityMap(&space);
    record->fromLeaf = true;
  }
  return true;
}

/* A graph output that is a computed value is returned as is; a movement
 * chain (or a masked one) becomes an indexbook.view. The operands are set
 * by the caller once every function-level step has succeeded. */
static bool lowerReturn(T2iLowering *lowering, MlirOperation ret,
                        MlirValue *outputs) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(ret); ++i) {
    MlirValue value = mlirOperationGetOperand(ret, i);
    T2iValue *record = t2iLookup(lowering, value);
    if (!record || !mlirOperationIsNull(record->mul))
      return t2iMissingOperand(ret);
    bool direct =
        record->guards.count == 0 && mlirAffineMapIsIdentity(record->map) &&
        mlirTypeEqual(mlirValueGetType(record->base), mlirValueGetType(value));
    outputs[i] =
        direct ? record->base : t2iMaterialize(lowering, ret, value, record);
    if (mlirValueIsNull(outputs[i]))
      return t2iOutOfMemory(ret);
  }
  return true;
}

/* --- ops ------------------------------------------------------------------ */

static const char *const unaryOps[] = {"neg",   "exp2", "log2", "sqrt",
                                       "recip", "sin",  "cast", NULL};
static const char *const binaryOps[] = {"add",  "sub", "fdiv",  "max",   "pow",
                                        "idiv", "mod", "cmplt", "cmpne", NULL};

static bool unsupported(MlirOperation op) {
  MlirStringRef name = t2iOpName(op);
  dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                    "express it with tiny ops (docs/dialects/tiny.md) before "
                    "convert-tiny-to-indexbook",
                    "'%.*s' has no lowering to indexbook", (int)name.length,
                    name.data);
  return false;
}

static bool lowerOp(T2iLowering *lowering, MlirOperation op) {
  MlirStringRef name = t2iOpName(op);
  if (name.length <= 5 || memcmp(name.data, "tiny.", 5) != 0)
    return unsupported(op);
  if (!dlcTinyCheckOp(op))
    return false;
  if (dlcTinyIsMovement(name))
    return t2iLowerMovement(lowering, op);
  /* `fn` is the tiny op's name without the dialect prefix. */
  MlirStringRef fn = mlirStringRefCreate(name.data + 5, name.length - 5);
  if (dlcStringRefIsOneOf(fn, unaryOps))
    return t2iLowerElementwise(lowering, op, DLC_OP_INDEXBOOK_UNARY, fn);
  if (dlcStringRefIsOneOf(fn, binaryOps))
    return t2iLowerElementwise(lowering, op, DLC_OP_INDEXBOOK_BINARY, fn);
  if (dlcStringRefIs(fn, "where"))
    return t2iLowerElementwise(lowering, op, DLC_OP_INDEXBOOK_TERNARY, fn);
  if (dlcStringRefIs(fn, "mul"))
    return t2iLowerMul(lowering, op);
  if (dlcStringRefIs(fn, "const"))
    return t2iLowerConst(lowering, op);
  if (dlcStringRefIs(fn, "valid"))
    return t2iLowerValid(lowering, op);
  if (dlcStringRefIs(fn, "reduce"))
    return t2iLowerReduce(lowering, op);
  if (dlcStringRefIs(fn, "contract"))
    return t2iLowerContract(lowering, op);
  return unsupported(op);
}

/* --- functions ------------------------------------------------------------ */

/* The body's ops as they are before lowering (new ops go in between). */
static MlirOperation *bodyOps(MlirBlock body, int *count) {
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    ++n;
  MlirOperation *ops = calloc((size_t)n + 1, sizeof(*ops));
  if (!ops)
    return NULL;
  n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    ops[n++] = op;
  *count = n;
  return ops;
}

/* isl cannot hold a product of symbols as a parameter: a size such as
 * MK = M * K left after tiny-unflatten-products (any use of a flat buffer
 * other than reshaping an argument or a result to its factors) is E1501 at
 * the first op that takes or makes it. */
static bool refuseProducts(T2iLowering *lowering, MlirOperation *ops,
                           int count) {
  const DlcSymbolTable *table = &lowering->symbols;
  for (int i = 0; i < count; ++i) {
    int at = -1;
    for (intptr_t k = 0; at < 0 && k < mlirOperationGetNumOperands(ops[i]); ++k)
      at = dlcSymbolTableFindProductIn(
          table, mlirValueGetType(mlirOperationGetOperand(ops[i], k)));
    for (intptr_t k = 0; at < 0 && k < mlirOperationGetNumResults(ops[i]); ++k)
      at = dlcSymbolTableFindProductIn(
          table, mlirValueGetType(mlirOperationGetResult(ops[i], k)));
    if (at < 0)
      continue;
    MlirStringRef name = table->names[at];
    char formula[256] = "";
    dlcSymbolTableFormatDefinition(table, at, formula, sizeof(formula));
    dlcEmitDiagnostic(
        ops[i], &dlcUnsupportedOp,
        "reshape the flat argument to a shape of its factors (e.g. [M, K]) "
        "as its only use, or return a reshape of such a shape, so that "
        "tiny-unflatten-products renames it; or give the dimension a free "
        "symbol of its own",
        "dimension %.*s = %s is a product of symbols, which isl cannot hold "
        "as a parameter: only a flat argument or result reshaped to its "
        "factors is supported",
        (int)(name.length > 40 ? 40 : name.length), name.data, formula);
    return false;
  }
  for (int i = 0; i < table->count; ++i)
    if (dlcSymbolTableIsProduct(table, i)) {
      dlcEmitDiagnostic(
          lowering->func, &dlcUnsupportedOp,
          "reshape each flat argument to a shape of its factors as its "
          "only use and run tiny-unflatten-products first (dlc-to-ptx "
          "does), or drop the definition",
          "derived symbol %.*s is a product of symbols, which "
          "isl cannot hold as a parameter",
          (int)(table->names[i].length > 40 ? 40 : table->names[i].length),
          table->names[i].data);
      return false;
    }
  return true;
}

/* Lowers every op; the last op is the terminator (func.return), whose new
 * operands go to `outputs`. */
static bool lowerBody(T2iLowering *lowering, MlirBlock body, MlirOperation *ops,
                      int count, MlirValue *outputs) {
  if (mlirLogicalResultIsFailure(
          dlcSymbolTableCollect(&lowering->symbols, lowering->func)) ||
      !refuseProducts(lowering, ops, count) ||
      !lowerArguments(lowering, body, ops[0]))
    return false;
  for (int i = 0; i < count; ++i) {
    bool isReturn = dlcStringRefIs(t2iOpName(ops[i]), "func.return");
    if (isReturn ? !lowerReturn(lowering, ops[i], outputs)
                 : !lowerOp(lowering, ops[i]))
      return false;
  }
  return true;
}

/* Commits a successful lowering: new return operands, tiny ops erased
 * (users first), symbols recorded. */
static void commit(T2iLowering *lowering, MlirOperation *ops, int count,
                   const MlirValue *outputs, MlirAttribute symbols) {
  MlirOperation ret = ops[count - 1];
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(ret); ++i)
    mlirOperationSetOperand(ret, i, outputs[i]);
  for (int i = count - 2; i >= 0; --i)
    mlirOperationDestroy(ops[i]);
  mlirOperationSetAttributeByName(
      lowering->func, mlirStringRefCreateFromCString("indexbook.symbols"),
      symbols);
}

/* Undoes a failed lowering: the new ops go, users first. */
static void rollback(T2iLowering *lowering) {
  for (int i = lowering->numCreated - 1; i >= 0; --i)
    mlirOperationDestroy(lowering->created[i]);
  lowering->numCreated = 0;
}

static bool lowerFunc(MlirOperation func, T2iContractMode mode) {
  MlirRegion region = mlirOperationGetRegion(func, 0);
  MlirBlock body = mlirRegionGetFirstBlock(region);
  if (mlirBlockIsNull(body))
    return true; /* a declaration */
  if (!mlirBlockIsNull(mlirBlockGetNextInRegion(body))) {
    dlcEmitDiagnostic(func, &dlcUnsupportedOp,
                      "tiny functions are one block of dataflow",
                      "the function has more than one block");
    return false;
  }
  int count = 0;
  MlirOperation *ops = bodyOps(body, &count);
  MlirOperation last = count ? ops[count - 1] : (MlirOperation){NULL};
  if (!ops || mlirOperationIsNull(last) ||
      !dlcStringRefIs(t2iOpName(last), "func.return")) {
    free(ops);
    dlcEmitDiagnostic(func, &dlcUnsupportedOp,
                      "end the function with func.return",
                      "the function body does not end with func.return");
    return false;
  }
  T2iLowering lowering = {
      .ctx = mlirOperationGetContext(func), .func = func, .mode = mode};
  MlirValue *outputs =
      calloc((size_t)mlirOperationGetNumOperands(last) + 1, sizeof(*outputs));
  bool ok = outputs && lowerBody(&lowering, body, ops, count, outputs);
  MlirAttribute symbols = ok ? symbolsAttr(&lowering) : (MlirAttribute){NULL};
  if (ok && mlirAttributeIsNull(symbols)) {
    t2iOutOfMemory(func);
    ok = false;
  }
  if (ok)
    commit(&lowering, ops, count, outputs, symbols);
  else
    rollback(&lowering);
  if (!outputs)
    t2iOutOfMemory(func);
  free(outputs);
  free(ops);
  freeLowering(&lowering);
  return ok;
}

/* --- the pass ------------------------------------------------------------- */

/* A tiny function: one without indexbook.symbols yet. */
static bool isTinyFunction(MlirOperation func) {
  return mlirAttributeIsNull(t2iGetAttr(func, "indexbook.symbols"));
}

static bool parseMode(const char *text, T2iContractMode *mode) {
  static const struct {
    const char *name;
    T2iContractMode mode;
  } modes[] = {{"leaves", T2I_CONTRACT_LEAVES},
               {"any", T2I_CONTRACT_ANY},
               {"none", T2I_CONTRACT_NONE}};
  for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); ++i)
    if (strcmp(text, modes[i].name) == 0) {
      *mode = modes[i].mode;
      return true;
    }
  return false;
}

static void runTinyToIndexBook(MlirOperation op, MlirExternalPass pass,
                               const DlcPassOptions *options) {
  T2iContractMode mode;
  if (!parseMode(dlcPassOptionsGet(options, "contractions"), &mode)) {
    dlcEmitDiagnostic(op, &dlcPassOptionInvalid,
                      "write contractions=leaves (the default), any or none",
                      "convert-tiny-to-indexbook: option 'contractions': "
                      "\"%.40s\" is not leaves, any or none",
                      dlcPassOptionsGet(options, "contractions"));
    mlirExternalPassSignalFailure(pass);
    return;
  }
  DlcFunctionList list = {0};
  dlcFunctionListCollect(&list, op, isTinyFunction);
  bool ok = !list.outOfMemory || t2iOutOfMemory(op);
  /* Every function is tried, so that each reports its own errors. */
  for (int i = 0; i < list.count; ++i)
    ok = lowerFunc(list.funcs[i], mode) && ok;
  dlcFunctionListClear(&list);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const DlcPassOptionInfo tinyToIndexBookOptions[] = {
    {"contractions",
     "which mul -> reduce(sum) pairs become indexbook.contract: leaves "
     "(factors are movement chains of graph inputs), any, none",
     "leaves"},
};

const DlcPassDef dlcTinyToIndexBookPass = {
    {"convert-tiny-to-indexbook",
     "Lower tiny functions to indexbook: leaves, affine access maps, "
     "domains, reductions and contractions (spec §4.4)",
     "", 1, tinyToIndexBookOptions},
    runTinyToIndexBook,
};
