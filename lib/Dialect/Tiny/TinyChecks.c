/* The semantic checks of `tiny` that IRDL cannot express (spec §3.3,
 * §3.4, §14), shared by tiny-verify and the tiny lowerings.
 *
 *  - every tensor's encoding names its dynamic dimensions (E1005);
 *  - elementwise operands broadcast right-aligned, and the result has the
 *    broadcast shape (E1001 BroadcastMismatch);
 *  - unary ops keep their operand's shape;
 *  - element types: arithmetic operands and result share one (not i1, the
 *    predicate type), comparisons
 *    and `valid` give i1, `where` takes an i1 condition, the transcendental
 *    unaries take floats (E1008 ElementTypeMismatch): IRDL cannot relate
 *    the element types of two values, and without this check a mixed op
 *    compiled to whatever each lowering assumed;
 *  - a sum over fp16/bf16 accumulates in fp32 or wider (AccDtypeMissing);
 *  - the movement ops' attributes fit their shapes (MovementChecks.c);
 *  - a function's derived symbols (`dlc.derived`) are affine, acyclic and
 *    over known symbols (E1007, SymbolTable.c);
 *  - its arguments' and results' `dlc.name`s are DLC names (E1010,
 *    dlcIsName: they become plan entries, kernel parameters, file names).
 * Negative strides are FLIP and never an error (§3.4). */
#include "TinyChecks.h"
#include "DialectNames.h"
#include "SymbolExpr.h"
#include "SymbolTable.h"

#include "dlc/Diagnostics.h"
#include "dlc/IR.h"
#include "dlc/Shape.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

static const char *const unaryOps[] = {
    DLC_OP_TINY_NEG,   DLC_OP_TINY_EXP2, DLC_OP_TINY_LOG2, DLC_OP_TINY_SQRT,
    DLC_OP_TINY_RECIP, DLC_OP_TINY_SIN,  DLC_OP_TINY_CAST, NULL};
const char *const dlcTinyBroadcastingOps[] = {
    DLC_OP_TINY_ADD,   DLC_OP_TINY_SUB,   DLC_OP_TINY_MUL,   DLC_OP_TINY_FDIV,
    DLC_OP_TINY_MAX,   DLC_OP_TINY_POW,   DLC_OP_TINY_IDIV,  DLC_OP_TINY_MOD,
    DLC_OP_TINY_CMPLT, DLC_OP_TINY_CMPNE, DLC_OP_TINY_WHERE, NULL};

bool dlcTinyIsBroadcasting(MlirOperation op) {
  return dlcStringRefIsOneOf(mlirIdentifierStr(mlirOperationGetName(op)),
                             dlcTinyBroadcastingOps);
}

bool dlcTinyReadShape(MlirOperation op, MlirType type, DlcShape *shape) {
  char why[256];
  if (dlcShapeFromType(type, shape, why, sizeof(why)))
    return true;
  dlcEmitDiagnostic(op, &dlcMalformedShape,
                    "name every '?' dimension in the tensor encoding, e.g. "
                    "tensor<?x64xf16, [\"M\", 64]>, and keep the static "
                    "sizes' product within 2^60",
                    "%s", why);
  return false;
}

static bool checkBroadcast(MlirOperation op) {
  DlcShape result, operand;
  if (!dlcTinyReadShape(op, mlirValueGetType(mlirOperationGetResult(op, 0)),
                        &result))
    return false;
  intptr_t n = mlirOperationGetNumOperands(op);
  DlcShape joined = {0, {{0, {NULL, 0}}}};
  char lhsText[256], rhsText[256];
  for (intptr_t i = 0; i < n; ++i) {
    if (!dlcTinyReadShape(op, mlirValueGetType(mlirOperationGetOperand(op, i)),
                          &operand))
      return false;
    DlcShape next;
    int badAxis = 0;
    if (!dlcShapeBroadcast(&joined, &operand, &next, &badAxis)) {
      dlcShapeFormat(&joined, lhsText, sizeof(lhsText));
      dlcShapeFormat(&operand, rhsText, sizeof(rhsText));
      dlcEmitDiagnostic(
          op, &dlcBroadcastMismatch,
          "expand one side (tiny.expand) so the dimensions agree, or "
          "revisit the order of operations",
          "operand shapes %s and %s differ at axis %d (right-aligned) and "
          "neither size is 1",
          lhsText, rhsText, badAxis);
      return false;
    }
    joined = next;
  }
  if (!dlcShapeEqual(&joined, &result)) {
    dlcShapeFormat(&joined, lhsText, sizeof(lhsText));
    dlcShapeFormat(&result, rhsText, sizeof(rhsText));
    dlcEmitDiagnostic(op, &dlcBroadcastMismatch,
                      "give the result the broadcast shape of the operands",
                      "result shape %s is not the broadcast shape %s", rhsText,
                      lhsText);
    return false;
  }
  return true;
}

static bool checkUnary(MlirOperation op) {
  DlcShape in, out;
  if (!dlcTinyReadShape(op, mlirValueGetType(mlirOperationGetOperand(op, 0)),
                        &in) ||
      !dlcTinyReadShape(op, mlirValueGetType(mlirOperationGetResult(op, 0)),
                        &out))
    return false;
  if (dlcShapeEqual(&in, &out))
    return true;
  char inText[256], outText[256];
  dlcShapeFormat(&in, inText, sizeof(inText));
  dlcShapeFormat(&out, outText, sizeof(outText));
  dlcEmitDiagnostic(op, &dlcBroadcastMismatch,
                    "elementwise unary ops keep the operand's shape; use a "
                    "movement op to change it",
                    "operand shape %s but result shape %s", inText, outText);
  return false;
}

static const char *const arithmeticOps[] = {
    DLC_OP_TINY_ADD,  DLC_OP_TINY_SUB, DLC_OP_TINY_MUL,
    DLC_OP_TINY_FDIV, DLC_OP_TINY_MAX, DLC_OP_TINY_POW,
    DLC_OP_TINY_IDIV, DLC_OP_TINY_MOD, NULL};
static const char *const floatUnaryOps[] = {DLC_OP_TINY_EXP2, DLC_OP_TINY_LOG2,
                                            DLC_OP_TINY_SQRT, DLC_OP_TINY_RECIP,
                                            DLC_OP_TINY_SIN,  NULL};

static MlirType elementOf(MlirValue value) {
  return mlirShapedTypeGetElementType(mlirValueGetType(value));
}

static bool isI1(MlirType type) {
  return mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) == 1;
}

static bool isFloat(MlirType type) {
  return mlirTypeIsAF16(type) || mlirTypeIsABF16(type) ||
         mlirTypeIsAF32(type) || mlirTypeIsAF64(type);
}

/* `type` printed into `buffer` (truncated to its size). */
static const char *typeText(MlirType type, char *buffer, size_t size) {
  DlcStringSink sink = dlcStringSinkCreate(buffer, size);
  mlirTypePrint(type, dlcStringSinkAppend, &sink);
  return buffer;
}

/* E1008: `what` has element type `found` where `needed` is required. */
static bool typeMismatch(MlirOperation op, const char *what, MlirType found,
                         const char *needed, const char *suggestion) {
  char text[64];
  dlcEmitDiagnostic(op, &dlcElementTypeMismatch, suggestion,
                    "%s is %s but must be %s", what,
                    typeText(found, text, sizeof(text)), needed);
  return false;
}

/* Operands `first` and `first + 1` (and the result when `withResult`) have
 * one element type: tiny has no implicit promotion. */
static bool checkSameElement(MlirOperation op, int first, bool withResult) {
  MlirType want = elementOf(mlirOperationGetOperand(op, first));
  MlirType other = elementOf(mlirOperationGetOperand(op, first + 1));
  MlirType result = elementOf(mlirOperationGetResult(op, 0));
  char needed[96], text[64], what[48];
  snprintf(needed, sizeof(needed), "%s, operand %d's",
           typeText(want, text, sizeof(text)), first);
  snprintf(what, sizeof(what), "operand %d's element type", first + 1);
  if (!mlirTypeEqual(other, want))
    return typeMismatch(op, what, other, needed,
                        "tiny.cast one operand so both have one element type");
  if (withResult && !mlirTypeEqual(result, want))
    return typeMismatch(op, "the result's element type", result, needed,
                        "compute in the operands' type and tiny.cast the "
                        "result");
  return true;
}

/* i1 is tiny's predicate type (docs/dialects/tiny.md): arithmetic on it
 * (add ... mod, neg) has no meaning the spec gives (tinygrad's bool ADD is
 * an OR, its MUL an AND) and no lowering (arith.addf on vector<8xi1>
 * failed in convert-dlcgpu-to-gpu, after tiny-verify had taken it). */
static bool checkNotPredicate(MlirOperation op) {
  MlirType type = elementOf(mlirOperationGetOperand(op, 0));
  return !isI1(type) ||
         typeMismatch(op, "the operands' element type", type,
                      "a number type (f16, bf16, f32, f64 or an integer "
                      "wider than i1)",
                      "i1 is a predicate: tiny.cast it to a number type "
                      "to compute with it, or combine masks with "
                      "tiny.where and tiny.cmpne");
}

static bool checkElementTypes(MlirOperation op, MlirStringRef name) {
  if (dlcStringRefIsOneOf(name, arithmeticOps))
    return checkSameElement(op, 0, true) && checkNotPredicate(op);
  if (dlcStringRefIs(name, DLC_OP_TINY_NEG))
    return checkNotPredicate(op);
  bool compare = dlcStringRefIs(name, DLC_OP_TINY_CMPLT) ||
                 dlcStringRefIs(name, DLC_OP_TINY_CMPNE);
  if (compare && !checkSameElement(op, 0, false))
    return false;
  if (compare || dlcStringRefIs(name, DLC_OP_TINY_VALID)) {
    MlirType result = elementOf(mlirOperationGetResult(op, 0));
    return isI1(result) ||
           typeMismatch(op, "the result's element type", result, "i1",
                        "comparisons and valid give an i1 mask; tiny.cast "
                        "it to use it as numbers");
  }
  if (dlcStringRefIs(name, DLC_OP_TINY_WHERE)) {
    MlirType cond = elementOf(mlirOperationGetOperand(op, 0));
    if (!isI1(cond))
      return typeMismatch(op, "the condition's element type", cond, "i1",
                          "compare first (tiny.cmplt/cmpne) to get an i1 "
                          "mask");
    return checkSameElement(op, 1, true);
  }
  if (dlcStringRefIsOneOf(name, floatUnaryOps)) {
    MlirType type = elementOf(mlirOperationGetOperand(op, 0));
    return isFloat(type) ||
           typeMismatch(op, "the operand's element type", type,
                        "f16, bf16, f32 or f64",
                        "tiny.cast the operand to a float type first");
  }
  return true;
}

static bool isHalf(MlirType type) {
  return mlirTypeIsAF16(type) || mlirTypeIsABF16(type);
}

/* A sum over half-precision inputs must name a wider accumulator. */
static bool checkAccumulator(MlirOperation op, MlirStringRef name) {
  MlirAttribute kind =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("op"));
  bool isSum = dlcStringRefIs(name, DLC_OP_TINY_CONTRACT) ||
               (!mlirAttributeIsNull(kind) && mlirAttributeIsAString(kind) &&
                dlcStringRefIs(mlirStringAttrGetValue(kind), "sum"));
  MlirAttribute acc = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("acc_dtype"));
  if (!isSum || mlirAttributeIsNull(acc) || !mlirAttributeIsAType(acc))
    return true;
  MlirType input = mlirShapedTypeGetElementType(
      mlirValueGetType(mlirOperationGetOperand(op, 0)));
  MlirType accType = mlirTypeAttrGetValue(acc);
  if (!isHalf(input) || !isHalf(accType))
    return true;
  dlcEmitDiagnostic(op, &dlcAccDtypeMissing,
                    "set acc_dtype = f32 so the sum accumulates in fp32",
                    "a sum over half-precision values accumulates in half "
                    "precision");
  return false;
}

/* A dimension as an expression of the table's free symbols; null for a
 * symbol the table does not hold. */
static MlirAffineExpr dimExpr(MlirContext ctx, const DlcSymbolTable *table,
                              DlcDim dim) {
  if (dim.size >= 0)
    return mlirAffineConstantExprGet(ctx, dim.size);
  int at = dlcSymbolTableFind(table, dim.symbol);
  if (at < 0)
    return (MlirAffineExpr){NULL};
  return dlcSymbolTableIsDerived(table, at) ? table->definitions[at]
                                            : mlirAffineSymbolExprGet(ctx, at);
}

/* A pad whose result names a derived dimension: the definition must be the
 * operand's extent plus both paddings (a free name is an unrelated size the
 * caller passes, as before derived symbols). */
static bool checkPadExtents(MlirOperation pad, const DlcSymbolTable *table) {
  DlcShape in, out;
  MlirAttribute padding = mlirOperationGetAttributeByName(
      pad, mlirStringRefCreateFromCString("padding"));
  if (!dlcTinyReadShape(pad, mlirValueGetType(mlirOperationGetOperand(pad, 0)),
                        &in) ||
      !dlcTinyReadShape(pad, mlirValueGetType(mlirOperationGetResult(pad, 0)),
                        &out) ||
      mlirAttributeIsNull(padding) || !mlirAttributeIsADenseI64Array(padding) ||
      in.rank != out.rank ||
      mlirDenseArrayGetNumElements(padding) != 2 * (intptr_t)in.rank)
    return true; /* the lowerings report malformed pads */
  MlirContext ctx = mlirOperationGetContext(pad);
  for (int k = 0; k < in.rank; ++k) {
    int at = out.dims[k].size < 0
                 ? dlcSymbolTableFind(table, out.dims[k].symbol)
                 : -1;
    MlirAffineExpr from = dimExpr(ctx, table, in.dims[k]);
    if (!dlcSymbolTableIsDerived(table, at) || mlirAffineExprIsNull(from))
      continue;
    int64_t grow;
    if (__builtin_add_overflow(mlirDenseI64ArrayGetElement(padding, 2 * k),
                               mlirDenseI64ArrayGetElement(padding, 2 * k + 1),
                               &grow))
      continue; /* the pad's own check reports the amounts */
    MlirAffineExpr want =
        mlirAffineAddExprGet(from, mlirAffineConstantExprGet(ctx, grow));
    if (mlirAffineExprEqual(want, table->definitions[at]))
      continue;
    char wantText[128], gotText[128];
    dlcSymbolExprFormat(want, table->names, wantText, sizeof(wantText));
    dlcSymbolExprFormat(table->definitions[at], table->names, gotText,
                        sizeof(gotText));
    dlcEmitDiagnostic(pad, &dlcMalformedShape,
                      "define the padded dimension as the operand's extent "
                      "plus both paddings in dlc.derived",
                      "padded dimension %d is %.*s = %s, but the pad gives %s",
                      k, (int)out.dims[k].symbol.length,
                      out.dims[k].symbol.data, gotText, wantText);
    return false;
  }
  return true;
}

/* A function with derived symbols: its symbol table must build, and each
 * pad into a derived dimension must agree with its definition. */
static bool checkDerived(MlirOperation func) {
  if (mlirAttributeIsNull(mlirOperationGetAttributeByName(
          func, mlirStringRefCreateFromCString("dlc.derived"))))
    return true;
  DlcSymbolTable table = {0};
  bool ok = mlirLogicalResultIsSuccess(dlcSymbolTableCollect(&table, func));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (MlirOperation op = mlirBlockIsNull(body)
                              ? (MlirOperation){NULL}
                              : mlirBlockGetFirstOperation(body);
       ok && !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (dlcOperationIsA(op, DLC_OP_TINY_PAD))
      ok = checkPadExtents(op, &table);
  dlcSymbolTableClear(&table);
  return ok;
}

/* The `dlc.name` of entry `i` of `func`'s arg_attrs or res_attrs (`key`)
 * is a DLC name (dlcIsName). A name the rule refuses was accepted here and
 * failed only in plan-verify, as a contract violation of the schedule. */
static bool checkPortName(MlirOperation func, const char *key, intptr_t i,
                          MlirLocation loc) {
  MlirAttribute list = dlcOperationAttrGet(func, key);
  if (mlirAttributeIsNull(list) || !mlirAttributeIsAArray(list) ||
      i >= mlirArrayAttrGetNumElements(list))
    return true;
  MlirAttribute name =
      dlcDictionaryAttrGet(mlirArrayAttrGetElement(list, i), "dlc.name");
  if (mlirAttributeIsNull(name))
    return true;
  bool isArg = key[0] == 'a';
  if (mlirAttributeIsAString(name) && dlcIsName(mlirStringAttrGetValue(name)))
    return true;
  MlirStringRef text = mlirAttributeIsAString(name)
                           ? mlirStringAttrGetValue(name)
                           : mlirStringRefCreateFromCString("(not a string)");
  dlcEmitDiagnosticAt(
      loc, &dlcNameInvalid,
      "rename the tensor: its name names a kernel parameter, a plan entry "
      "and a reference-data file",
      "the dlc.name of %s %ld, \"%.*s\"%s, is not a tensor name%s "
      "(" DLC_NAME_RULE ")",
      isArg ? "argument" : "result", (long)i,
      (int)(text.length > 60 ? 60 : text.length), text.data,
      text.length > 60 ? "..." : "",
      text.length > DLC_NAME_MAX ? ": it is too long" : "");
  return false;
}

/* Every argument's and result's dlc.name; an argument's is reported at the
 * argument, a result's at the function. */
static bool checkNames(MlirOperation func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  intptr_t args = mlirBlockIsNull(body) ? 0 : mlirBlockGetNumArguments(body);
  bool ok = true;
  for (intptr_t i = 0; ok && i < args; ++i)
    ok = checkPortName(func, "arg_attrs", i,
                       mlirValueGetLocation(mlirBlockGetArgument(body, i)));
  MlirAttribute results = dlcOperationAttrGet(func, "res_attrs");
  intptr_t n = !mlirAttributeIsNull(results) && mlirAttributeIsAArray(results)
                   ? mlirArrayAttrGetNumElements(results)
                   : 0;
  for (intptr_t i = 0; ok && i < n; ++i)
    ok = checkPortName(func, "res_attrs", i, mlirOperationGetLocation(func));
  return ok;
}

bool dlcTinyCheckOp(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (dlcStringRefIs(name, "func.func"))
    return checkNames(op) && checkDerived(op);
  if (name.length < 5 || memcmp(name.data, "tiny.", 5) != 0)
    return true;
  if (!checkElementTypes(op, name))
    return false;
  if (dlcStringRefIsOneOf(name, dlcTinyBroadcastingOps))
    return checkBroadcast(op);
  if (dlcStringRefIsOneOf(name, unaryOps))
    return checkUnary(op);
  if (dlcStringRefIs(name, DLC_OP_TINY_REDUCE) ||
      dlcStringRefIs(name, DLC_OP_TINY_CONTRACT))
    return checkAccumulator(op, name);
  return dlcTinyCheckMovement(op);
}
