/* rbssa-verify: checks rbssa regions for what IRDL cannot express
 * (docs/dialects/rbssa.md; IRDL ops have no traits and cannot look into
 * attributes): a region function's name, iteration spaces and symbols, each
 * tensor argument's rbssa.* attributes, each read's map against the value
 * and memref ranks, each select's set against its value, each reduce's
 * axes, each transpose's and broadcast's dimensions, and each output being
 * yielded exactly once. Every violation is E1605 RegionMalformed at the
 * offending op; the pass changes nothing. docs/passes/rbssa-verify.md. */
#include "DialectNames.h"
#include "PassDef.h"

#include "dlc/Diagnostics.h"
#include "dlc/IR.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IntegerSet.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const kSuggestion =
    "regions come from convert-indexbook-to-rbssa; a hand-written region "
    "must follow docs/dialects/rbssa.md";

static bool isString(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a);
}

static bool isArray(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsAArray(a);
}

static bool stringIs(MlirAttribute a, const char *value) {
  return isString(a) &&
         mlirStringRefEqual(mlirStringAttrGetValue(a),
                            mlirStringRefCreateFromCString(value));
}

static bool bad(MlirOperation op, const char *why) {
  dlcEmitDiagnostic(op, &dlcRegionMalformed, kSuggestion, "%s", why);
  return false;
}

/* A size entry: a symbol of rbssa.symbols, or a non-negative integer
 * (equal to `staticSize` when that is not dynamic). */
static bool isSize(MlirAttribute size, MlirAttribute symbols,
                   int64_t staticSize) {
  if (!mlirAttributeIsNull(size) && mlirAttributeIsAInteger(size))
    return mlirIntegerAttrGetValueInt(size) >= 0 &&
           (mlirShapedTypeIsDynamicSize(staticSize) ||
            mlirIntegerAttrGetValueInt(size) == staticSize);
  if (!isString(size) || !mlirShapedTypeIsDynamicSize(staticSize))
    return false;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(symbols); ++i)
    if (mlirStringRefEqual(
            mlirStringAttrGetValue(mlirArrayAttrGetElement(symbols, i)),
            mlirStringAttrGetValue(size)))
      return true;
  return false;
}

/* rbssa.symbols, rbssa.iters, rbssa.reduce_iters. */
static bool checkSpaces(MlirOperation func, MlirAttribute symbols) {
  if (!isArray(symbols))
    return bad(func, "rbssa.symbols is not an array of symbol names");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(symbols); ++i)
    if (!isString(mlirArrayAttrGetElement(symbols, i)))
      return bad(func, "rbssa.symbols is not an array of symbol names");
  const char *lists[] = {"rbssa.iters", "rbssa.reduce_iters"};
  for (int l = 0; l < 2; ++l) {
    MlirAttribute list = dlcOperationAttrGet(func, lists[l]);
    bool ok = isArray(list);
    for (intptr_t i = 0; ok && i < mlirArrayAttrGetNumElements(list); ++i) {
      MlirAttribute axis = mlirArrayAttrGetElement(list, i);
      ok = isString(dlcDictionaryAttrGet(axis, "name")) &&
           isSize(dlcDictionaryAttrGet(axis, "size"), symbols,
                  mlirShapedTypeGetDynamicSize());
    }
    if (!ok)
      return bad(func, l ? "rbssa.reduce_iters is not an array of {name, "
                           "size = symbol of rbssa.symbols or integer}"
                         : "rbssa.iters is not an array of {name, size = "
                           "symbol of rbssa.symbols or integer}");
  }
  return true;
}

/* Each memref argument's rbssa.name, rbssa.role, rbssa.shape and
 * rbssa.layout. */
static bool checkArguments(MlirOperation func, MlirBlock body,
                           MlirAttribute symbols) {
  MlirAttribute argAttrs = dlcOperationAttrGet(func, "arg_attrs");
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i) {
    MlirType type = mlirValueGetType(mlirBlockGetArgument(body, i));
    if (!mlirTypeIsAMemRef(type))
      continue;
    MlirAttribute dict =
        isArray(argAttrs) && i < mlirArrayAttrGetNumElements(argAttrs)
            ? mlirArrayAttrGetElement(argAttrs, i)
            : mlirAttributeGetNull();
    MlirAttribute shape = dlcDictionaryAttrGet(dict, "rbssa.shape");
    MlirAttribute role = dlcDictionaryAttrGet(dict, "rbssa.role");
    MlirAttribute layout = dlcDictionaryAttrGet(dict, "rbssa.layout");
    bool ok = isString(dlcDictionaryAttrGet(dict, "rbssa.name")) &&
              (stringIs(role, "input") || stringIs(role, "output")) &&
              isArray(shape) &&
              mlirArrayAttrGetNumElements(shape) == mlirShapedTypeGetRank(type);
    for (intptr_t d = 0; ok && d < mlirArrayAttrGetNumElements(shape); ++d)
      ok = isSize(mlirArrayAttrGetElement(shape, d), symbols,
                  mlirShapedTypeGetDimSize(type, d));
    if (!ok) {
      char why[200];
      snprintf(why, sizeof(why),
               "argument #%d needs rbssa.name, rbssa.role (\"input\" or "
               "\"output\") and an rbssa.shape entry per dimension (a symbol "
               "of rbssa.symbols, or the static size)",
               (int)i);
      return bad(func, why);
    }
    MlirAttribute kind = dlcDictionaryAttrGet(layout, "kind");
    if (!mlirAttributeIsNull(layout) && !stringIs(kind, "row_major") &&
        !stringIs(kind, "col_major") && !stringIs(kind, "swizzled"))
      return bad(func, "rbssa.layout kind is not row_major, col_major or "
                       "swizzled");
  }
  return true;
}

static intptr_t rankOf(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAShaped(t) && mlirShapedTypeHasRank(t)
             ? mlirShapedTypeGetRank(t)
             : -1;
}

static bool isI64Array(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsADenseI64Array(a);
}

/* Whether dimension `i` of tensor type `a` is dimension `j` of `b`: the
 * same static size, or the same symbol of their encodings. */
static bool sameDim(MlirType a, intptr_t i, MlirType b, intptr_t j) {
  int64_t size = mlirShapedTypeGetDimSize(a, i);
  if (size != mlirShapedTypeGetDimSize(b, j))
    return false;
  if (!mlirShapedTypeIsDynamicSize(size))
    return true;
  MlirAttribute ea = mlirRankedTensorTypeGetEncoding(a),
                eb = mlirRankedTensorTypeGetEncoding(b);
  return isArray(ea) && isArray(eb) && i < mlirArrayAttrGetNumElements(ea) &&
         j < mlirArrayAttrGetNumElements(eb) &&
         mlirAttributeEqual(mlirArrayAttrGetElement(ea, i),
                            mlirArrayAttrGetElement(eb, j));
}

/* transpose: result dim i is operand dim permutation[i], each operand dim
 * once. broadcast_in_dim: operand dim i is result dim
 * broadcast_dimensions[i] (distinct), or a static 1 broadcast along it. */
static bool checkMove(MlirOperation op) {
  bool transpose = dlcOperationIsA(op, DLC_OP_RBSSA_TRANSPOSE);
  MlirAttribute dims = dlcOperationAttrGet(
      op, transpose ? "permutation" : "broadcast_dimensions");
  MlirType x = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
  intptr_t xRank = rankOf(mlirOperationGetOperand(op, 0));
  intptr_t rank = rankOf(mlirOperationGetResult(op, 0));
  bool ok = isI64Array(dims) && xRank >= 0 && rank >= 0 &&
            mlirDenseArrayGetNumElements(dims) == xRank &&
            (!transpose || rank == xRank);
  uint64_t seen = 0;
  for (intptr_t i = 0; ok && i < xRank; ++i) {
    int64_t d = mlirDenseI64ArrayGetElement(dims, i);
    ok = d >= 0 && d < rank && d < 64 && !(seen & (UINT64_C(1) << d));
    if (!ok)
      break;
    seen |= UINT64_C(1) << d;
    ok = transpose
             ? sameDim(x, d, result, i)
             : sameDim(x, i, result, d) || mlirShapedTypeGetDimSize(x, i) == 1;
  }
  if (ok)
    return true;
  return bad(op, transpose
                     ? "the transpose's permutation is not a permutation of "
                       "its operand's dimensions onto its result's (result "
                       "dim i is operand dim permutation[i], of equal size)"
                     : "the broadcast's broadcast_dimensions are not "
                       "distinct dimensions of its result, one per operand "
                       "dimension and of its size (or 1)");
}

/* One op of the body. `yielded` counts yields per argument. */
static bool checkOp(MlirOperation op, MlirBlock body, intptr_t numSymbols,
                    MlirAttribute argAttrs, int *yielded) {
  if (dlcOperationIsA(op, DLC_OP_RBSSA_READ)) {
    MlirAttribute map = dlcOperationAttrGet(op, "map");
    MlirAffineMap m = mlirAffineMapAttrGetValue(map);
    if (mlirAffineMapGetNumDims(m) != rankOf(mlirOperationGetResult(op, 0)) ||
        mlirAffineMapGetNumResults(m) != rankOf(mlirOperationGetOperand(op, 0)))
      return bad(op, "the read's map needs one dim per result dimension and "
                     "one result per memref dimension");
    if (mlirAffineMapGetNumSymbols(m) != 0 &&
        mlirAffineMapGetNumSymbols(m) != numSymbols)
      return bad(op, "the read's map has a symbol count other than "
                     "rbssa.symbols'");
  } else if (dlcOperationIsA(op, DLC_OP_RBSSA_TRANSPOSE) ||
             dlcOperationIsA(op, DLC_OP_RBSSA_BROADCAST_IN_DIM)) {
    return checkMove(op);
  } else if (dlcOperationIsA(op, DLC_OP_RBSSA_SELECT)) {
    MlirIntegerSet set =
        mlirIntegerSetAttrGetValue(dlcOperationAttrGet(op, "pred"));
    if (mlirIntegerSetGetNumDims(set) != rankOf(mlirOperationGetResult(op, 0)))
      return bad(op, "the select's pred needs one dim per dimension of its "
                     "value");
    if (mlirIntegerSetGetNumSymbols(set) > numSymbols)
      return bad(op, "the select's pred has more symbols than "
                     "rbssa.symbols");
  } else if (dlcOperationIsA(op, DLC_OP_RBSSA_REDUCE)) {
    MlirAttribute axes = dlcOperationAttrGet(op, "axes");
    if (!isI64Array(axes))
      return bad(op, "the reduce's axes are not an array<i64: ...>");
    intptr_t rank = rankOf(mlirOperationGetOperand(op, 0));
    intptr_t numAxes = mlirDenseArrayGetNumElements(axes);
    int64_t last = -1;
    for (intptr_t i = 0; i < numAxes; ++i) {
      int64_t a = mlirDenseI64ArrayGetElement(axes, i);
      if (a <= last || a >= rank)
        return bad(op, "the reduce's axes are not increasing dimensions of "
                       "its operand");
      last = a;
    }
    if (numAxes == 0)
      return bad(op, "the reduce has no axes (it would reduce nothing)");
    if (rankOf(mlirOperationGetResult(op, 0)) != rank - numAxes)
      return bad(op, "the reduce's result does not have its operand's "
                     "dimensions minus the reduced axes");
  } else if (dlcOperationIsA(op, DLC_OP_RBSSA_YIELD)) {
    MlirValue out = mlirOperationGetOperand(op, 1);
    int arg = mlirValueIsABlockArgument(out) &&
                      mlirBlockEqual(mlirBlockArgumentGetOwner(out), body)
                  ? (int)mlirBlockArgumentGetArgNumber(out)
                  : -1;
    MlirAttribute role =
        arg >= 0 && isArray(argAttrs)
            ? dlcDictionaryAttrGet(mlirArrayAttrGetElement(argAttrs, arg),
                                   "rbssa.role")
            : mlirAttributeGetNull();
    if (!stringIs(role, "output"))
      return bad(op, "the yield's destination is not an argument with "
                     "rbssa.role = \"output\"");
    if (++yielded[arg] > 1)
      return bad(op, "this output is yielded a second time");
  }
  return true;
}

static bool checkRegion(MlirOperation func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirAttribute symbols = dlcOperationAttrGet(func, "rbssa.symbols");
  if (!isString(dlcOperationAttrGet(func, "rbssa.region")))
    return bad(func, "rbssa.region is not a string (the region's name)");
  if (mlirBlockIsNull(body))
    return bad(func, "the region function has no body");
  if (!checkSpaces(func, symbols) || !checkArguments(func, body, symbols))
    return false;
  MlirAttribute argAttrs = dlcOperationAttrGet(func, "arg_attrs");
  intptr_t numArgs = mlirBlockGetNumArguments(body);
  int *yielded = calloc((size_t)numArgs + 1, sizeof(int));
  bool ok = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       ok && !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    ok = checkOp(op, body, mlirArrayAttrGetNumElements(symbols), argAttrs,
                 yielded);
  /* Fused attention's log-sum-exp (rbssa.attention lse) is written by the
   * model the flash kernel implements, not by a yield of the body. */
  MlirAttribute lse =
      dlcDictionaryAttrGet(dlcOperationAttrGet(func, "rbssa.attention"), "lse");
  for (intptr_t i = 0; ok && i < numArgs; ++i)
    if (stringIs(dlcDictionaryAttrGet(mlirArrayAttrGetElement(argAttrs, i),
                                      "rbssa.role"),
                 "output") &&
        yielded[i] == 0 &&
        (mlirAttributeIsNull(lse) ||
         !mlirAttributeEqual(
             lse, dlcDictionaryAttrGet(mlirArrayAttrGetElement(argAttrs, i),
                                       "rbssa.name")))) {
      char why[96];
      snprintf(why, sizeof(why), "output argument #%d is never yielded",
               (int)i);
      ok = bad(func, why);
    }
  free(yielded);
  return ok;
}

static void runVerifyRBSSA(MlirOperation module, MlirExternalPass pass,
                           const DlcPassOptions *options) {
  (void)options;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  bool ok = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (dlcOperationIsA(op, "func.func") &&
        !mlirAttributeIsNull(dlcOperationAttrGet(op, "rbssa.region")))
      ok &= checkRegion(op);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

const DlcPassDef dlcRBSSAVerifyPass = {
    {"rbssa-verify",
     "Check rbssa regions for what IRDL cannot: iteration spaces, argument "
     "attributes, read maps, reduce axes, one yield per output (E1605)",
     "builtin.module", 0, NULL},
    runVerifyRBSSA,
    NULL,
    NULL,
};
