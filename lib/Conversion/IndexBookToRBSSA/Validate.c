/* Readers and checks of convert-indexbook-to-rbssa: attribute access,
 * region axes (sizes, names), and the checks of IndexBook attributes that
 * IRDL cannot express (docs/dialects/indexbook.md, "What the IRDL verifier
 * checks"), done before any map or set is composed so that bad input gets a
 * diagnostic instead of an out-of-range read. */
#include "DialectNames.h"
#include "Region.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

/* --- small readers -------------------------------------------------------- */

MlirAttribute rbAttr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op,
                                         mlirStringRefCreateFromCString(name));
}

bool rbStringAttrIs(MlirOperation op, const char *attr, const char *value) {
  MlirAttribute a = rbAttr(op, attr);
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) &&
         dlcStringRefIs(mlirStringAttrGetValue(a), value);
}

MlirValue rbPastCasts(MlirValue v) {
  for (int hops = 0; hops < 8 && mlirValueIsAOpResult(v); ++hops) {
    MlirOperation op = mlirOpResultGetOwner(v);
    if (!dlcIndexbookIsUnary(op) || !rbStringAttrIs(op, "fn", "cast"))
      break;
    v = mlirOperationGetOperand(op, 0);
  }
  return v;
}

bool rbIsConstant(MlirValue v) {
  v = rbPastCasts(v);
  return mlirValueIsAOpResult(v) &&
         dlcIndexbookIsConst(mlirOpResultGetOwner(v));
}

MlirType rbElementType(MlirValue value) {
  return mlirShapedTypeGetElementType(mlirValueGetType(value));
}

MlirAttribute rbZero(MlirType elem) {
  if (mlirTypeIsAFloat(elem))
    return mlirFloatAttrDoubleGet(mlirTypeGetContext(elem), elem, 0.0);
  if (mlirTypeIsAInteger(elem) || mlirTypeIsAIndex(elem))
    return mlirIntegerAttrGet(elem, 0);
  return mlirAttributeGetNull();
}

MlirAttribute rbStr(RbRegion *r, const char *text) {
  return mlirStringAttrGet(r->ctx, mlirStringRefCreateFromCString(text));
}

MlirAttribute rbSymbolAttr(RbRegion *r, int k) {
  return mlirStringAttrGet(r->ctx, r->symbols.names[k]);
}

/* Formats the name list of the function's symbols, e.g. "[M, K, N]". */
static void formatSymbols(RbRegion *r, char *buffer, size_t size) {
  size_t used = (size_t)snprintf(buffer, size, "[");
  for (int k = 0; k < r->symbols.count && used < size; ++k) {
    MlirStringRef s = r->symbols.names[k];
    used += (size_t)snprintf(buffer + used, size - used, "%s%.*s",
                             k ? ", " : "", (int)s.length, s.data);
  }
  if (used < size)
    snprintf(buffer + used, size - used, "]");
}

bool rbAxisSize(RbRegion *r, MlirOperation op, MlirAttribute size, int *symbol,
                int64_t *extent) {
  *symbol = -1;
  *extent = -1;
  if (!mlirAttributeIsNull(size) && mlirAttributeIsAString(size)) {
    MlirStringRef name = mlirStringAttrGetValue(size);
    *symbol = dlcSymbolTableFind(&r->symbols, name);
    if (*symbol >= 0)
      return true;
    char list[256];
    formatSymbols(r, list, sizeof(list));
    dlcEmitDiagnostic(op, &dlcAxisAlignmentMismatch,
                      "list every size symbol in the function's "
                      "indexbook.symbols",
                      "axis size '%.*s' is not one of the function's symbols "
                      "%s",
                      (int)name.length, name.data, list);
    return false;
  }
  if (!mlirAttributeIsNull(size) && mlirAttributeIsAInteger(size) &&
      mlirIntegerAttrGetValueInt(size) > 0) {
    *extent = mlirIntegerAttrGetValueInt(size);
    return true;
  }
  dlcEmitDiagnostic(op, &dlcAxisAlignmentMismatch,
                    "write each axis as {name, size, kind} with a symbol or a "
                    "positive size",
                    "an axis has no valid size");
  return false;
}

/* Whether region axis `name` is taken. */
static bool axisNameTaken(RbRegion *r, const char *name) {
  for (int j = 0; j < r->numAxes; ++j)
    if (strcmp(r->axes[j].name, name) == 0)
      return true;
  return false;
}

/* Names an axis after its symbol (M -> m) for people and the planner; a
 * static axis is i<j> (iters) or r<j> (reduce iters). */
static void nameAxis(RbRegion *r, RbAxis *axis, int index) {
  char base[sizeof(axis->name)];
  if (axis->symbol >= 0) {
    MlirStringRef s = r->symbols.names[axis->symbol];
    size_t n = s.length < sizeof(base) - 4 ? s.length : sizeof(base) - 4;
    for (size_t i = 0; i < n; ++i) {
      char c = s.data[i];
      base[i] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
    }
    base[n] = '\0';
  } else {
    snprintf(base, sizeof(base), "%c%d", axis->reduce ? 'r' : 'i', index);
  }
  snprintf(axis->name, sizeof(axis->name), "%s", base);
  for (int k = 1; axisNameTaken(r, axis->name) && k < 100; ++k)
    snprintf(axis->name, sizeof(axis->name), "%.16s%d", base, k);
}

int rbAddAxis(RbRegion *r, MlirOperation op, MlirAttribute size, bool reduce) {
  if (r->numAxes == RB_MAX_AXES) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "split the computation into smaller regions",
                      "the region needs more than %d axes", RB_MAX_AXES);
    return -1;
  }
  RbAxis axis;
  memset(&axis, 0, sizeof(axis));
  axis.reduce = reduce;
  if (!rbAxisSize(r, op, size, &axis.symbol, &axis.extent))
    return -1;
  axis.size =
      axis.symbol >= 0
          ? rbSymbolAttr(r, axis.symbol)
          : mlirIntegerAttrGet(mlirIntegerTypeGet(r->ctx, 64), axis.extent);
  int index = r->numAxes;
  int ordinal = 0;
  for (int j = 0; j < r->numAxes; ++j)
    ordinal += r->axes[j].reduce == reduce;
  nameAxis(r, &axis, ordinal);
  r->axes[r->numAxes++] = axis;
  return index;
}

/* --- validation ----------------------------------------------------------- */

static bool misaligned(MlirOperation op, const char *why) {
  dlcEmitDiagnostic(op, &dlcAxisAlignmentMismatch,
                    "re-run convert-tiny-to-indexbook: every map and set has "
                    "one dim per entry of `axes` and the function's symbols",
                    "%s", why);
  return false;
}

static bool unsupported(MlirOperation op, const char *suggestion,
                        const char *why) {
  dlcEmitDiagnostic(op, &dlcUnsupportedOp, suggestion, "%s", why);
  return false;
}

static intptr_t rankOf(MlirValue value) {
  MlirType type = mlirValueGetType(value);
  return mlirTypeIsARankedTensor(type) ? mlirShapedTypeGetRank(type) : -1;
}

/* Checks what IRDL cannot (docs/dialects/indexbook.md, "What the IRDL
 * verifier checks"), so that composing never reads past a map or set. */
bool rbValidateOp(RbRegion *r, MlirOperation op, int numReduced) {
  /* flags.non_scop is a region boundary, not an error: the driver
   * materialises what such an op reads (IndexBookToRBSSA.c). */
  MlirAttribute axes = rbAttr(op, "axes");
  if (mlirAttributeIsNull(axes) || !mlirAttributeIsAArray(axes))
    return misaligned(op, "`axes` is not an array");
  intptr_t numAxes = mlirArrayAttrGetNumElements(axes);
  if (numAxes > RB_MAX_RANK)
    return unsupported(op, "split the computation", "too many axes");
  for (intptr_t i = 0; i < numAxes; ++i) {
    MlirAttribute axis = mlirArrayAttrGetElement(axes, i);
    int symbol;
    int64_t extent;
    if (!mlirAttributeIsADictionary(axis) ||
        !rbAxisSize(r, op,
                    mlirDictionaryAttrGetElementByName(
                        axis, mlirStringRefCreateFromCString("size")),
                    &symbol, &extent))
      return mlirAttributeIsADictionary(axis)
                 ? false
                 : misaligned(op, "an entry of `axes` is not a dictionary");
  }
  MlirValue result = mlirOperationGetResult(op, 0);
  if (rankOf(result) != numAxes - numReduced)
    return misaligned(op, "the result rank is not the number of kept axes");
  MlirAttribute domain = rbAttr(op, "domain");
  if (mlirAttributeIsNull(domain) || !mlirAttributeIsAArray(domain))
    return misaligned(op, "`domain` is not an array");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(domain); ++i) {
    MlirAttribute set = mlirArrayAttrGetElement(domain, i);
    if (!mlirAttributeIsAIntegerSet(set) ||
        mlirIntegerSetGetNumDims(mlirIntegerSetAttrGetValue(set)) != numAxes ||
        mlirIntegerSetGetNumSymbols(mlirIntegerSetAttrGetValue(set)) !=
            r->symbols.count)
      return misaligned(op, "a domain piece is not a set over the op's axes "
                            "and the function's symbols");
  }
  intptr_t numOperands = mlirOperationGetNumOperands(op);
  if (dlcIndexbookIsLeaf(op))
    return true;
  MlirAttribute maps = rbAttr(op, "maps");
  if (numOperands == 0)
    return true;
  if (mlirAttributeIsNull(maps) || !mlirAttributeIsAArray(maps) ||
      mlirArrayAttrGetNumElements(maps) != numOperands)
    return misaligned(op, "`maps` does not hold one map per operand");
  for (intptr_t i = 0; i < numOperands; ++i) {
    MlirAttribute m = mlirArrayAttrGetElement(maps, i);
    if (!mlirAttributeIsAAffineMap(m))
      return misaligned(op, "an entry of `maps` is not an affine map");
    MlirAffineMap map = mlirAffineMapAttrGetValue(m);
    if (mlirAffineMapGetNumDims(map) != numAxes ||
        mlirAffineMapGetNumSymbols(map) != r->symbols.count ||
        mlirAffineMapGetNumResults(map) !=
            rankOf(mlirOperationGetOperand(op, i)))
      return misaligned(op, "a map does not run from the op's axes (and the "
                            "function's symbols) to its operand's dims");
  }
  return true;
}

MlirAffineMap rbMapOf(MlirOperation op, intptr_t i) {
  return mlirAffineMapAttrGetValue(
      mlirArrayAttrGetElement(rbAttr(op, "maps"), i));
}
