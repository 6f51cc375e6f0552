/* Poly-View: reading an IndexBook function into isl (spec §5.2).
 *
 * Every indexbook op becomes a PvValue: its axes, its domain (the union of
 * its IntegerSetAttr pieces) as an isl_set and its maps as isl_multi_aff,
 * with parameters named after indexbook.symbols. Domains are simplified:
 * coalesce, gist against the context (every size >= 1), remove
 * redundancies, coalesce (§4.3 rule 7). An op flagged non_scop, or whose
 * maps or domain leave the quasi-affine fragment, is a region boundary
 * (§4.3 rule 5, §5.1). Checks: E1203 MissingDivGuard, W2101
 * ExcessivePiecewise (docs/analysis.md says exactly what they test), and
 * the well-formedness the IRDL verifier cannot express (E1005, E1304,
 * E1501). Axis classes give every axis a function-wide name. */
#include "DialectNames.h"
#include "PolyView.h"
#include "TextBuffer.h"
#include "dlc/IR.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IntegerSet.h"

#include <isl/constraint.h>
#include <isl/id.h>
#include <isl/local_space.h>
#include <isl/val.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* --- small helpers -------------------------------------------------------- */

/* Copies an identifier-like name: characters outside [A-Za-z0-9_] become
 * '_', a leading digit gets a 'v' in front (isl tuple names). */
static void copyIdentifier(char dst[PV_NAME], MlirStringRef src) {
  size_t n = 0;
  if (src.length && isdigit((unsigned char)src.data[0]))
    dst[n++] = 'v';
  for (size_t i = 0; i < src.length && n + 1 < PV_NAME; ++i) {
    unsigned char c = (unsigned char)src.data[i];
    dst[n++] = (char)(isalnum(c) || c == '_' ? c : '_');
  }
  dst[n] = '\0';
}

bool pvIsIndexBookFunction(MlirOperation op) {
  return dlcOperationIsA(op, "func.func") &&
         !mlirAttributeIsNull(dlcOperationAttrGet(op, "indexbook.symbols"));
}

void pvSizeText(const PvFunction *fn, int symbol, int64_t extent, char *out,
                size_t size) {
  if (symbol >= 0)
    snprintf(out, size, "%.*s", (int)fn->symbols.names[symbol].length,
             fn->symbols.names[symbol].data);
  else
    snprintf(out, size, "%lld", (long long)extent);
}

static __isl_give isl_space *withParams(const PvFunction *fn,
                                        __isl_take isl_space *space) {
  for (int p = 0; p < fn->symbols.count; ++p) {
    MlirStringRef s = fn->symbols.names[p];
    char *name = dlcFormat("%.*s", (int)s.length, s.data); /* owned */
    space =
        isl_space_set_dim_id(space, isl_dim_param, (unsigned)p,
                             name ? isl_id_alloc(fn->ctx, name, NULL) : NULL);
    free(name);
  }
  return space;
}

__isl_give isl_space *pvValueSpace(const PvFunction *fn, const PvValue *v) {
  isl_space *space =
      withParams(fn, isl_space_set_alloc(fn->ctx, (unsigned)fn->symbols.count,
                                         (unsigned)v->rank));
  space = isl_space_set_tuple_name(space, isl_dim_set, v->name);
  for (int i = 0; i < v->rank; ++i)
    if (v->axisName[i][0])
      space = isl_space_set_dim_name(space, isl_dim_set, (unsigned)i,
                                     v->axisName[i]);
  return space;
}

__isl_give isl_space *pvArraySpace(const PvFunction *fn, const PvValue *v) {
  isl_space *space =
      withParams(fn, isl_space_set_alloc(fn->ctx, (unsigned)fn->symbols.count,
                                         (unsigned)v->resultRank));
  /* Array dims stay unnamed so that accesses print as v[m, k], not
   * v[m' = m, ...]. */
  return isl_space_set_tuple_name(space, isl_dim_set, v->name);
}

__isl_give isl_multi_aff *pvWriteAccess(const PvFunction *fn,
                                        const PvValue *v) {
  isl_space *domain = pvValueSpace(fn, v);
  isl_local_space *ls = isl_local_space_from_space(isl_space_copy(domain));
  isl_aff_list *list = isl_aff_list_alloc(fn->ctx, v->resultRank);
  for (int j = 0; j < v->resultRank; ++j)
    list = isl_aff_list_add(
        list, isl_aff_var_on_domain(isl_local_space_copy(ls), isl_dim_set,
                                    (unsigned)v->resultAxis[j]));
  isl_local_space_free(ls);
  return isl_multi_aff_from_aff_list(
      isl_space_map_from_domain_and_range(domain, pvArraySpace(fn, v)), list);
}

bool pvIsMovementOnly(const PvFunction *fn, int value) {
  while (value >= 0 && fn->values[value].kind == PV_VIEW &&
         fn->values[value].scop)
    value = fn->values[value].operand[0];
  return value >= 0 && fn->values[value].kind == PV_LEAF;
}

/* --- reading ----------------------------------------------------------------
 */

static bool readSymbols(PvFunction *fn) {
  return mlirLogicalResultIsSuccess(
      dlcSymbolTableRead(&fn->symbols, fn->func, "indexbook.symbols"));
}

static __isl_give isl_set *contextSet(const PvFunction *fn) {
  isl_set *set = isl_set_universe(withParams(
      fn, isl_space_params_alloc(fn->ctx, (unsigned)fn->symbols.count)));
  for (int p = 0; p < fn->symbols.count; ++p)
    set = isl_set_lower_bound_si(set, isl_dim_param, (unsigned)p, 1);
  return set;
}

static int symbolIndex(const PvFunction *fn, MlirStringRef name) {
  return dlcSymbolTableFind(&fn->symbols, name);
}

static bool readAxes(PvFunction *fn, PvValue *v) {
  MlirAttribute axes = dlcOperationAttrGet(v->op, "axes");
  if (!mlirAttributeIsAArray(axes) ||
      mlirArrayAttrGetNumElements(axes) > PV_MAX_RANK) {
    dlcEmitDiagnostic(v->op, &dlcMalformedShape,
                      "write axes = [{name = \"i0\", size = \"M\" | 64, kind "
                      "= \"iter\"}, ...] (at most 12)",
                      "'axes' is not a list of at most %d axes", PV_MAX_RANK);
    return false;
  }
  v->rank = (int)mlirArrayAttrGetNumElements(axes);
  for (int i = 0; i < v->rank; ++i) {
    MlirAttribute axis = mlirArrayAttrGetElement(axes, i);
    MlirAttribute size = dlcDictionaryAttrGet(axis, "size");
    MlirAttribute kind = dlcDictionaryAttrGet(axis, "kind");
    PvAxis *a = &v->axes[i];
    a->symbol = -1;
    a->extent = -1;
    if (!mlirAttributeIsNull(size) && mlirAttributeIsAString(size)) {
      a->symbol = symbolIndex(fn, mlirStringAttrGetValue(size));
      if (a->symbol < 0) {
        MlirStringRef s = mlirStringAttrGetValue(size);
        dlcEmitDiagnostic(v->op, &dlcAxisAlignmentMismatch,
                          "size every axis by a symbol of indexbook.symbols "
                          "or a static extent",
                          "axis i%d has size \"%.*s\", which is not in "
                          "indexbook.symbols",
                          i, (int)s.length, s.data);
        return false;
      }
    } else if (!mlirAttributeIsNull(size) && mlirAttributeIsAInteger(size) &&
               mlirIntegerAttrGetValueInt(size) >= 1) {
      a->extent = mlirIntegerAttrGetValueInt(size);
    } else {
      dlcEmitDiagnostic(v->op, &dlcMalformedShape,
                        "give every axis a size: a symbol or a positive "
                        "integer",
                        "axis i%d has no valid 'size'", i);
      return false;
    }
    MlirStringRef k = !mlirAttributeIsNull(kind) && mlirAttributeIsAString(kind)
                          ? mlirStringAttrGetValue(kind)
                          : mlirStringRefCreateFromCString("");
    a->kind = dlcStringRefIs(k, "iter")        ? 'i'
              : dlcStringRefIs(k, "reduce")    ? 'r'
              : dlcStringRefIs(k, "broadcast") ? 'b'
                                               : 0;
    if (!a->kind) {
      dlcEmitDiagnostic(v->op, &dlcMalformedShape,
                        "write kind = \"iter\", \"reduce\" or \"broadcast\"",
                        "axis i%d has no valid 'kind'", i);
      return false;
    }
  }
  return true;
}

static int elementBytes(MlirType type) {
  MlirType elem = mlirShapedTypeGetElementType(type);
  if (mlirTypeIsAInteger(elem))
    return (int)((mlirIntegerTypeGetWidth(elem) + 7) / 8);
  if (mlirTypeIsAFloat(elem))
    return (int)((mlirFloatTypeGetWidth(elem) + 7) / 8);
  if (mlirTypeIsAIndex(elem))
    return 8;
  return 4;
}

/* Result dims: the non-reduce axes in order (reduce, contract) or all. */
static bool readResult(PvValue *v) {
  v->resultRank = 0;
  bool reduces = v->kind == PV_REDUCE || v->kind == PV_CONTRACT;
  for (int i = 0; i < v->rank; ++i) {
    if (reduces && v->axes[i].kind == 'r')
      continue;
    if (!reduces && v->axes[i].kind == 'r') {
      dlcEmitDiagnostic(v->op, &dlcMalformedShape,
                        "only indexbook.reduce and indexbook.contract have "
                        "axes of kind \"reduce\"",
                        "axis i%d has kind \"reduce\"", i);
      return false;
    }
    v->resultAxis[v->resultRank++] = i;
  }
  if (reduces) {
    MlirAttribute listed = dlcOperationAttrGet(v->op, "reduce_axes");
    bool agree = mlirAttributeIsADenseI64Array(listed);
    int count = 0;
    for (intptr_t k = 0; agree && k < mlirDenseArrayGetNumElements(listed);
         ++k) {
      int64_t axis = mlirDenseI64ArrayGetElement(listed, k);
      agree = axis >= 0 && axis < v->rank && v->axes[axis].kind == 'r';
      ++count;
    }
    if (!agree || count != v->rank - v->resultRank) {
      dlcEmitDiagnostic(v->op, &dlcMalformedShape,
                        "list exactly the axes of kind \"reduce\" in "
                        "reduce_axes",
                        "reduce_axes does not agree with the axes of kind "
                        "\"reduce\"");
      return false;
    }
  }
  MlirType type = mlirValueGetType(mlirOperationGetResult(v->op, 0));
  if (!mlirTypeIsARankedTensor(type) ||
      mlirShapedTypeGetRank(type) != v->resultRank) {
    dlcEmitDiagnostic(v->op, &dlcMalformedShape,
                      "make the result's rank the number of non-reduce axes",
                      "the result is not a tensor of rank %d", v->resultRank);
    return false;
  }
  v->elementBytes = elementBytes(type);
  return true;
}

static int findValue(const PvFunction *fn, MlirOperation op) {
  for (int i = fn->numValues - 1; i >= 0; --i)
    if (mlirOperationEqual(fn->values[i].op, op))
      return i;
  return -1;
}

static bool readOperands(PvFunction *fn, PvValue *v) {
  intptr_t n = mlirOperationGetNumOperands(v->op);
  if (n > PV_MAX_OPERANDS) {
    dlcEmitDiagnostic(v->op, &dlcUnsupportedOp,
                      "indexbook ops take at most 3 operands",
                      "the op has %ld operands", (long)n);
    return false;
  }
  v->numOperands = (int)n;
  v->argument = -1;
  for (int k = 0; k < v->numOperands; ++k) {
    MlirValue x = mlirOperationGetOperand(v->op, k);
    v->operand[k] = -1;
    if (v->kind == PV_LEAF) {
      if (mlirValueIsABlockArgument(x)) {
        v->argument = (int)mlirBlockArgumentGetArgNumber(x);
        continue;
      }
    } else if (mlirValueIsAOpResult(x)) {
      v->operand[k] = findValue(fn, mlirOpResultGetOwner(x));
      if (v->operand[k] >= 0)
        continue;
    }
    dlcEmitDiagnostic(v->op, &dlcUnsupportedOp,
                      "read graph inputs through indexbook.leaf and every "
                      "other value from an indexbook op before it",
                      "operand %d is not %s", k,
                      v->kind == PV_LEAF ? "a function argument"
                                         : "the result of an earlier "
                                           "indexbook op");
    return false;
  }
  return true;
}

static bool readMaps(PvFunction *fn, PvValue *v) {
  if (v->kind == PV_LEAF || v->kind == PV_CONST)
    return true;
  MlirAttribute maps = dlcOperationAttrGet(v->op, "maps");
  if (!mlirAttributeIsAArray(maps) ||
      mlirArrayAttrGetNumElements(maps) != v->numOperands) {
    dlcEmitDiagnostic(v->op, &dlcMalformedShape,
                      "give one affine map per operand in 'maps'",
                      "'maps' does not hold %d maps", v->numOperands);
    return false;
  }
  for (int k = 0; k < v->numOperands; ++k) {
    MlirAttribute m = mlirArrayAttrGetElement(maps, k);
    if (!mlirAttributeIsAAffineMap(m)) {
      dlcEmitDiagnostic(v->op, &dlcMalformedShape,
                        "give one affine map per operand in 'maps'",
                        "maps[%d] is not an affine map", k);
      return false;
    }
    MlirAffineMap map = mlirAffineMapAttrGetValue(m);
    const PvValue *p = &fn->values[v->operand[k]];
    if (mlirAffineMapGetNumSymbols(map) != fn->symbols.count) {
      dlcEmitDiagnostic(v->op, &dlcAxisAlignmentMismatch,
                        "give every map the function's symbols, in "
                        "indexbook.symbols order",
                        "maps[%d] has %ld symbols, the function %d", k,
                        (long)mlirAffineMapGetNumSymbols(map),
                        fn->symbols.count);
      return false;
    }
    if (mlirAffineMapGetNumDims(map) != v->rank ||
        mlirAffineMapGetNumResults(map) != p->resultRank) {
      dlcEmitDiagnostic(
          v->op, &dlcMalformedShape, "map the op's axes to the operand's dims",
          "maps[%d] is (%ld dims) -> (%ld results), expected "
          "(%d) -> (%d)",
          k, (long)mlirAffineMapGetNumDims(map),
          (long)mlirAffineMapGetNumResults(map), v->rank, p->resultRank);
      return false;
    }
    v->maps[k] = map;
  }
  return true;
}

static bool checkDomain(PvFunction *fn, PvValue *v) {
  MlirAttribute domain = dlcOperationAttrGet(v->op, "domain");
  bool ok = mlirAttributeIsAArray(domain);
  for (intptr_t i = 0; ok && i < mlirArrayAttrGetNumElements(domain); ++i) {
    MlirAttribute piece = mlirArrayAttrGetElement(domain, i);
    if (!mlirAttributeIsAIntegerSet(piece)) {
      ok = false;
      break;
    }
    MlirIntegerSet set = mlirIntegerSetAttrGetValue(piece);
    if (mlirIntegerSetGetNumSymbols(set) != fn->symbols.count) {
      dlcEmitDiagnostic(v->op, &dlcAxisAlignmentMismatch,
                        "give every domain piece the function's symbols",
                        "domain piece %ld has %ld symbols, the function %d",
                        (long)i, (long)mlirIntegerSetGetNumSymbols(set),
                        fn->symbols.count);
      return false;
    }
    if (mlirIntegerSetGetNumDims(set) != v->rank) {
      dlcEmitDiagnostic(v->op, &dlcMalformedShape,
                        "give every domain piece one dim per axis",
                        "domain piece %ld has %ld dims, the op %d axes",
                        (long)i, (long)mlirIntegerSetGetNumDims(set), v->rank);
      return false;
    }
  }
  if (!ok)
    dlcEmitDiagnostic(v->op, &dlcMalformedShape,
                      "write domain = [affine_set<...>, ...]",
                      "'domain' is not a list of integer sets");
  return ok;
}

static PvKind kindOf(MlirOperation op, bool *known) {
  static const struct {
    const char *name;
    PvKind kind;
  } kinds[] = {
      {DLC_OP_INDEXBOOK_LEAF, PV_LEAF},
      {DLC_OP_INDEXBOOK_CONST, PV_CONST},
      {DLC_OP_INDEXBOOK_VIEW, PV_VIEW},
      {DLC_OP_INDEXBOOK_UNARY, PV_UNARY},
      {DLC_OP_INDEXBOOK_BINARY, PV_BINARY},
      {DLC_OP_INDEXBOOK_TERNARY, PV_TERNARY},
      {DLC_OP_INDEXBOOK_REDUCE, PV_REDUCE},
      {DLC_OP_INDEXBOOK_CONTRACT, PV_CONTRACT},
  };
  for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); ++i)
    if (dlcOperationIsA(op, kinds[i].name)) {
      *known = true;
      return kinds[i].kind;
    }
  *known = false;
  return PV_LEAF;
}

/* dlc.name of entry `index` of an arg_attrs / res_attrs array, if any. */
static bool portName(MlirAttribute attrs, int index, char out[PV_NAME]) {
  if (mlirAttributeIsNull(attrs) || !mlirAttributeIsAArray(attrs) ||
      index < 0 || index >= mlirArrayAttrGetNumElements(attrs))
    return false;
  MlirAttribute dict = mlirArrayAttrGetElement(attrs, index);
  if (!mlirAttributeIsADictionary(dict))
    return false;
  MlirAttribute name = mlirDictionaryAttrGetElementByName(
      dict, mlirStringRefCreateFromCString("dlc.name"));
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
    return false;
  copyIdentifier(out, mlirStringAttrGetValue(name));
  return out[0] != '\0';
}

static bool nameTaken(const PvFunction *fn, const char *name, int except) {
  for (int i = 0; i < fn->numValues; ++i)
    if (i != except && strcmp(fn->values[i].name, name) == 0)
      return true;
  return false;
}

/* Leaves take their argument's dlc.name, returned values their result's;
 * everything else (and clashes) v<k>, k the op's position in the body. */
static void nameValues(PvFunction *fn, const int *position) {
  MlirAttribute argAttrs = dlcOperationAttrGet(fn->func, "arg_attrs");
  MlirAttribute resAttrs = dlcOperationAttrGet(fn->func, "res_attrs");
  for (int i = 0; i < fn->numValues; ++i)
    snprintf(fn->values[i].name, PV_NAME, "v%d", position[i]);
  for (int i = 0; i < fn->numValues; ++i) {
    PvValue *v = &fn->values[i];
    char name[PV_NAME] = "";
    if (v->kind == PV_LEAF) {
      if (!portName(argAttrs, v->argument, name))
        snprintf(name, PV_NAME, "arg%d", v->argument);
    } else {
      for (int r = 0; r < fn->numResults; ++r)
        if (fn->results[r] == i && portName(resAttrs, r, name))
          break;
    }
    if (name[0] && !nameTaken(fn, name, i))
      snprintf(v->name, PV_NAME, "%s", name);
  }
}

static bool readFunction(PvFunction *fn) {
  MlirAttribute symName = dlcOperationAttrGet(fn->func, "sym_name");
  if (!mlirAttributeIsNull(symName) && mlirAttributeIsAString(symName)) {
    MlirStringRef s = mlirStringAttrGetValue(symName);
    snprintf(fn->name, sizeof(fn->name), "%.*s", (int)s.length, s.data);
  }
  if (!readSymbols(fn))
    return false;
  fn->context = contextSet(fn);
  MlirRegion body = mlirOperationGetRegion(fn->func, 0);
  MlirBlock block = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(block))
    return true;
  int capacity = 0, numOps = 0;
  int *position = NULL;
  bool ok = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       ok && !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    int here = numOps++;
    if (dlcOperationIsA(op, "func.return")) {
      intptr_t n = mlirOperationGetNumOperands(op);
      for (intptr_t r = 0; r < n; ++r) {
        MlirValue x = mlirOperationGetOperand(op, r);
        if (fn->numResults < (int)(sizeof(fn->results) / sizeof(int)))
          fn->results[fn->numResults++] =
              mlirValueIsAOpResult(x) ? findValue(fn, mlirOpResultGetOwner(x))
                                      : -1;
      }
      continue;
    }
    bool known;
    PvKind kind = kindOf(op, &known);
    if (!known) {
      dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                        "run Poly-View on IndexBook functions "
                        "(convert-tiny-to-indexbook produces them)",
                        "'%.*s' is not an indexbook op",
                        (int)mlirIdentifierStr(mlirOperationGetName(op)).length,
                        mlirIdentifierStr(mlirOperationGetName(op)).data);
      ok = false;
      break;
    }
    if (fn->numValues == capacity) {
      int grown = capacity ? 2 * capacity : 16;
      PvValue *values = realloc(fn->values, (size_t)grown * sizeof(*values));
      int *positions = realloc(position, (size_t)grown * sizeof(int));
      if (values)
        fn->values = values;
      if (positions)
        position = positions;
      if (!values || !positions) {
        ok = false;
        break;
      }
      capacity = grown;
    }
    PvValue *v = &fn->values[fn->numValues];
    memset(v, 0, sizeof(*v));
    v->op = op;
    v->kind = kind;
    v->scop = true;
    v->pattern.mul = -1;
    v->pattern.base[0] = v->pattern.base[1] = -1;
    position[fn->numValues] = here;
    MlirAttribute fnAttr = dlcOperationAttrGet(op, "fn");
    if (mlirAttributeIsNull(fnAttr))
      fnAttr = dlcOperationAttrGet(op, "op");
    if (mlirAttributeIsNull(fnAttr))
      fnAttr = dlcOperationAttrGet(op, "pattern");
    if (!mlirAttributeIsNull(fnAttr) && mlirAttributeIsAString(fnAttr)) {
      MlirStringRef s = mlirStringAttrGetValue(fnAttr);
      snprintf(v->fn, sizeof(v->fn), "%.*s", (int)s.length, s.data);
    }
    ++fn->numValues;
    ok = readAxes(fn, v) && readResult(v) && readOperands(fn, v) &&
         readMaps(fn, v) && checkDomain(fn, v);
    MlirAttribute nonScop =
        dlcDictionaryAttrGet(dlcOperationAttrGet(op, "flags"), "non_scop");
    if (!mlirAttributeIsNull(nonScop) && mlirAttributeIsABool(nonScop) &&
        mlirBoolAttrGetValue(nonScop)) {
      v->scop = false;
      snprintf(v->boundary, PV_WHY,
               "flags = {non_scop = true}: the maps or the domain leave the "
               "affine + floordiv fragment");
    }
  }
  if (ok) {
    for (int i = 0; i < fn->numValues; ++i)
      for (int k = 0; k < fn->values[i].numOperands; ++k)
        if (fn->values[i].operand[k] >= 0)
          ++fn->values[fn->values[i].operand[k]].numUsers;
    for (int r = 0; r < fn->numResults; ++r)
      if (fn->results[r] >= 0)
        ++fn->values[fn->results[r]].numUsers;
    nameValues(fn, position);
  }
  free(position);
  return ok;
}

/* --- conversion to isl -------------------------------------------------------
 */

/* 0 <= ik < size_k within the context. */
static __isl_give isl_set *boxSet(const PvFunction *fn, const PvValue *v) {
  isl_space *space = pvValueSpace(fn, v);
  isl_local_space *ls = isl_local_space_from_space(isl_space_copy(space));
  isl_set *box = isl_set_universe(space);
  for (int i = 0; i < v->rank; ++i) {
    box = isl_set_lower_bound_si(box, isl_dim_set, (unsigned)i, 0);
    if (v->axes[i].symbol < 0) {
      box = isl_set_upper_bound_si(box, isl_dim_set, (unsigned)i,
                                   v->axes[i].extent - 1);
      continue;
    }
    /* size - 1 - ik >= 0 */
    isl_constraint *c =
        isl_constraint_alloc_inequality(isl_local_space_copy(ls));
    c = isl_constraint_set_coefficient_si(c, isl_dim_set, i, -1);
    c = isl_constraint_set_coefficient_si(c, isl_dim_param, v->axes[i].symbol,
                                          1);
    c = isl_constraint_set_constant_si(c, -1);
    box = isl_set_add_constraint(box, c);
  }
  isl_local_space_free(ls);
  return isl_set_intersect_params(box, isl_set_copy(fn->context));
}

static void markBoundary(PvValue *v, const char *what, AffineIslError error) {
  v->scop = false;
  snprintf(v->boundary, PV_WHY, "%s: %s", what, affineIslErrorText(error));
}

static void convertValue(PvFunction *fn, PvValue *v) {
  if (!v->scop)
    return;
  v->box = boxSet(fn, v);
  AffineIslError error = AFFINE_ISL_OK;
  isl_set *domain = pvSetFromPieces(dlcOperationAttrGet(v->op, "domain"),
                                    pvValueSpace(fn, v), &error);
  if (!domain) {
    markBoundary(v, "the domain", error);
    return;
  }
  domain = isl_set_coalesce(
      isl_set_intersect_params(domain, isl_set_copy(fn->context)));
  v->domain = domain;
  /* The printed form: coalesce / gist / remove_redundancies (§5.2). */
  isl_set *simple =
      isl_set_gist_params(isl_set_copy(domain), isl_set_copy(fn->context));
  simple = isl_set_coalesce(isl_set_remove_redundancies(simple));
  v->simple = simple;
  isl_size pieces = simple ? isl_set_n_basic_set(simple) : -1;
  v->pieces = pieces < 0 ? 0 : (int)pieces;
  for (int k = 0; k < v->numOperands && v->kind != PV_LEAF; ++k) {
    const PvValue *p = &fn->values[v->operand[k]];
    v->access[k] = pvMultiAffFromMap(v->maps[k], pvValueSpace(fn, v),
                                     pvArraySpace(fn, p), &error);
    if (!v->access[k]) {
      char what[64];
      snprintf(what, sizeof(what), "maps[%d]", k);
      markBoundary(v, what, error);
      return;
    }
  }
  if (!v->box || !v->domain || !v->simple) {
    v->scop = false;
    snprintf(v->boundary, PV_WHY, "isl failed on the domain");
  }
}

/* [0, size - 1] of operand dim `dim` of `p`, as a 1-d set of `space`. */
static __isl_give isl_set *dimRange(const PvValue *p, int dim,
                                    __isl_take isl_space *space) {
  const PvAxis *a = &p->axes[p->resultAxis[dim]];
  isl_set *range =
      isl_set_lower_bound_si(isl_set_universe(space), isl_dim_set, 0, 0);
  if (a->symbol < 0)
    return isl_set_upper_bound_si(range, isl_dim_set, 0, a->extent - 1);
  isl_constraint *c = isl_constraint_alloc_inequality(
      isl_local_space_from_space(isl_set_get_space(range)));
  c = isl_constraint_set_coefficient_si(c, isl_dim_set, 0, -1);
  c = isl_constraint_set_coefficient_si(c, isl_dim_param, a->symbol, 1);
  c = isl_constraint_set_constant_si(c, -1);
  return isl_set_add_constraint(range, c);
}

/* E1203 MissingDivGuard (docs/analysis.md): in an op not flagged non_scop,
 * a `mod` in a map result that (a) has no div form (its divisor is not a
 * positive constant), or (b) survives gisting against the domain and lets
 * the index leave the operand's dim on the domain. */
static bool checkModGuards(PvFunction *fn, PvValue *v, bool flagged) {
  if (flagged || v->kind == PV_LEAF || v->kind == PV_CONST)
    return true;
  bool ok = true;
  isl_local_space *ls = isl_local_space_from_space(pvValueSpace(fn, v));
  for (int k = 0; k < v->numOperands; ++k) {
    const PvValue *p = &fn->values[v->operand[k]];
    for (intptr_t j = 0; j < mlirAffineMapGetNumResults(v->maps[k]); ++j) {
      MlirAffineExpr e = mlirAffineMapGetResult(v->maps[k], j);
      if (!pvExprHasMod(e))
        continue;
      char text[160];
      pvExprText(e, text, sizeof(text));
      AffineIslError error = AFFINE_ISL_OK;
      isl_aff *aff = affineIslFromExpr(e, ls, &error);
      if (!aff) {
        if (error == AFFINE_ISL_SYMBOLIC_MOD) {
          dlcEmitDiagnostic(
              v->op, &dlcMissingDivGuard,
              "linearise and re-decompose the reshape/view into floordiv by "
              "constants and guards, or mark the op flags = {non_scop = "
              "true} (a Region boundary)",
              "maps[%d] result %ld keeps `%s`: a mod by a non-constant has "
              "no div form and no guard in the domain",
              k, (long)j, text);
          ok = false;
        }
        continue;
      }
      if (!v->domain) {
        isl_aff_free(aff);
        continue;
      }
      isl_aff *gisted =
          isl_aff_gist(isl_aff_copy(aff), isl_set_copy(v->domain));
      isl_size divs = gisted ? isl_aff_dim(gisted, isl_dim_div) : 0;
      isl_aff_free(gisted);
      if (divs <= 0) {
        isl_aff_free(aff);
        continue;
      }
      isl_set *image =
          isl_set_apply(isl_set_copy(v->domain), isl_map_from_aff(aff));
      isl_set *range = dimRange(p, (int)j, isl_set_get_space(image));
      isl_bool guarded = isl_set_is_subset(image, range);
      isl_set_free(image);
      isl_set_free(range);
      if (guarded == isl_bool_false) {
        char range[PV_NAME + 8];
        const PvAxis *a = &p->axes[p->resultAxis[j]];
        if (a->symbol >= 0)
          snprintf(range, sizeof(range), "%.*s - 1",
                   (int)fn->symbols.names[a->symbol].length,
                   fn->symbols.names[a->symbol].data);
        else
          snprintf(range, sizeof(range), "%lld", (long long)a->extent - 1);
        dlcEmitDiagnostic(
            v->op, &dlcMissingDivGuard,
            "linearise and re-decompose the reshape/view into div and guards "
            "(the index must stay below the operand's extent on the domain)",
            "maps[%d] result %ld keeps `%s`, which the domain does not "
            "guard: on the domain it leaves [0, %s], the extent of dim %ld "
            "of %s",
            k, (long)j, text, range, (long)j, p->name);
        ok = false;
      }
    }
  }
  isl_local_space_free(ls);
  return ok;
}

/* --- axis classes and names ----------------------------------------------- */

static int findRoot(int *parent, int x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

static bool sameSize(const PvAxis *a, const PvAxis *b) {
  return a->symbol == b->symbol && (a->symbol >= 0 || a->extent == b->extent);
}

/* A consumer axis read plainly (`d_a`) as a producer's dim joins that dim's
 * axis when their sizes agree. */
static bool buildClasses(PvFunction *fn, int **firstAxisOut) {
  int total = 0;
  int *offset = malloc(((size_t)fn->numValues + 1) * sizeof(int));
  if (!offset)
    return false;
  for (int i = 0; i < fn->numValues; ++i) {
    offset[i] = total;
    total += fn->values[i].rank;
  }
  offset[fn->numValues] = total;
  int *parent = malloc(((size_t)total + 1) * sizeof(int));
  int *classOf = malloc(((size_t)total + 1) * sizeof(int));
  fn->classes = calloc((size_t)total + 1, sizeof(PvClass));
  int *firstAxis = calloc((size_t)total + 1, sizeof(int));
  if (!parent || !classOf || !fn->classes || !firstAxis) {
    free(offset);
    free(parent);
    free(classOf);
    free(firstAxis);
    return false;
  }
  for (int x = 0; x < total; ++x)
    parent[x] = x;
  for (int i = 0; i < fn->numValues; ++i) {
    PvValue *v = &fn->values[i];
    if (!v->scop || v->kind == PV_LEAF || v->kind == PV_CONST)
      continue;
    for (int k = 0; k < v->numOperands; ++k) {
      const PvValue *p = &fn->values[v->operand[k]];
      for (int j = 0; j < p->resultRank; ++j) {
        MlirAffineExpr e = mlirAffineMapGetResult(v->maps[k], j);
        if (!mlirAffineExprIsADim(e))
          continue;
        int a = (int)mlirAffineDimExprGetPosition(e);
        int b = p->resultAxis[j];
        if (!sameSize(&v->axes[a], &p->axes[b]))
          continue;
        int ra = findRoot(parent, offset[i] + a);
        int rb = findRoot(parent, offset[v->operand[k]] + b);
        if (ra != rb)
          parent[ra > rb ? ra : rb] = ra < rb ? ra : rb;
      }
    }
  }
  for (int x = 0; x < total; ++x)
    classOf[x] = -1;
  fn->numClasses = 0;
  for (int i = 0; i < fn->numValues; ++i)
    for (int a = 0; a < fn->values[i].rank; ++a) {
      int root = findRoot(parent, offset[i] + a);
      if (classOf[root] < 0) {
        PvClass *c = &fn->classes[fn->numClasses];
        c->symbol = fn->values[i].axes[a].symbol;
        c->extent = fn->values[i].axes[a].extent;
        firstAxis[fn->numClasses] = a;
        classOf[root] = fn->numClasses++;
      }
      fn->values[i].axes[a].cls = classOf[root];
    }
  free(offset);
  free(parent);
  free(classOf);
  *firstAxisOut = firstAxis;
  return true;
}

static bool classNameTaken(const PvFunction *fn, int upTo, const char *name) {
  for (int c = 0; c < upTo; ++c)
    if (strcmp(fn->classes[c].name, name) == 0)
      return true;
  return false;
}

/* matmul role names of a contraction's axes: m (lhs only), n (rhs only),
 * b (both), k (a reduce axis). */
static const char *matmulRole(const PvValue *v, int axis) {
  const PvPattern *pt = &v->pattern;
  if (v->axes[axis].kind == 'r')
    return "k";
  bool l = pt->readBy[0][axis], r = pt->readBy[1][axis];
  return l && r ? "b" : l ? "m" : r ? "n" : NULL;
}

/* Names, by priority: a conv role (co, ci, ho, wo, kh, kw, n), the
 * lower-cased symbol, a matmul role (m, n, k, b), i<k> (the axis in the
 * first op that has it); clashes get _2, _3, ... */
static void nameClasses(PvFunction *fn, const int *firstAxis) {
  const char **conv = calloc((size_t)fn->numClasses + 1, sizeof(char *));
  const char **mm = calloc((size_t)fn->numClasses + 1, sizeof(char *));
  if (!conv || !mm) {
    free(conv);
    free(mm);
    for (int c = 0; c < fn->numClasses; ++c)
      snprintf(fn->classes[c].name, PV_NAME, "c%d", c);
    return;
  }
  for (int i = 0; i < fn->numValues; ++i) {
    const PvValue *v = &fn->values[i];
    if (!v->pattern.found)
      continue;
    const char *roles[PV_MAX_RANK];
    if (v->pattern.conv)
      pvConvRoleNames(v, roles);
    for (int a = 0; a < v->rank; ++a) {
      int c = v->axes[a].cls;
      if (v->pattern.conv && roles[a] && !conv[c])
        conv[c] = roles[a];
      if (!v->pattern.conv && !mm[c])
        mm[c] = matmulRole(v, a);
    }
  }
  for (int c = 0; c < fn->numClasses; ++c) {
    PvClass *cl = &fn->classes[c];
    char base[PV_NAME];
    if (conv[c])
      snprintf(base, sizeof(base), "%s", conv[c]);
    else if (cl->symbol >= 0) {
      snprintf(base, sizeof(base), "%.*s",
               (int)fn->symbols.names[cl->symbol].length,
               fn->symbols.names[cl->symbol].data);
      for (char *s = base; *s; ++s)
        *s = (char)tolower((unsigned char)*s);
    } else if (mm[c])
      snprintf(base, sizeof(base), "%s", mm[c]);
    else
      snprintf(base, sizeof(base), "i%d", firstAxis[c]);
    snprintf(cl->name, PV_NAME, "%s", base);
    for (int n = 2; classNameTaken(fn, c, cl->name); ++n)
      snprintf(cl->name, PV_NAME, "%.27s_%d", base, n);
  }
  free(conv);
  free(mm);
  for (int i = 0; i < fn->numValues; ++i) {
    PvValue *v = &fn->values[i];
    for (int a = 0; a < v->rank; ++a) {
      snprintf(v->axisName[a], PV_NAME, "%s", fn->classes[v->axes[a].cls].name);
      for (int b = 0; b < a; ++b)
        if (strcmp(v->axisName[a], v->axisName[b]) == 0) {
          snprintf(v->axisName[a], PV_NAME, "%.27s_%d",
                   fn->classes[v->axes[a].cls].name, a);
          break;
        }
    }
  }
}

static __isl_give isl_set *nameSetDims(__isl_take isl_set *set,
                                       const PvValue *v) {
  for (int a = 0; set && a < v->rank; ++a)
    set = isl_set_set_dim_name(set, isl_dim_set, (unsigned)a, v->axisName[a]);
  return set;
}

static __isl_give isl_multi_aff *nameMapDims(__isl_take isl_multi_aff *ma,
                                             const PvValue *v) {
  for (int a = 0; ma && a < v->rank; ++a)
    ma =
        isl_multi_aff_set_dim_name(ma, isl_dim_in, (unsigned)a, v->axisName[a]);
  return ma;
}

static void applyNames(PvFunction *fn) {
  for (int i = 0; i < fn->numValues; ++i) {
    PvValue *v = &fn->values[i];
    v->box = nameSetDims(v->box, v);
    v->domain = nameSetDims(v->domain, v);
    v->simple = nameSetDims(v->simple, v);
    for (int k = 0; k < v->numOperands; ++k)
      v->access[k] = nameMapDims(v->access[k], v);
    for (int k = 0; k < 2; ++k)
      v->pattern.access[k] = nameMapDims(v->pattern.access[k], v);
  }
}

/* --- the entry points ------------------------------------------------------
 */

bool pvFunctionBuild(isl_ctx *ctx, MlirOperation func, const PvOptions *options,
                     PvFunction *fn) {
  fn->ctx = ctx;
  fn->func = func;
  if (!readFunction(fn))
    return false;
  bool ok = true;
  for (int i = 0; i < fn->numValues; ++i) {
    PvValue *v = &fn->values[i];
    bool flagged = !v->scop;
    convertValue(fn, v);
    ok &= checkModGuards(fn, v, flagged);
    if (v->scop && v->pieces > options->maxPieces)
      dlcEmitDiagnostic(
          v->op, &dlcExcessivePiecewise,
          "simplify the pad/slice chain (gist/coalesce/remove_redundancies "
          "are applied already), or raise max-pieces",
          "the domain of %s has %d pieces after coalesce, gist and "
          "remove_redundancies (max-pieces = %d)",
          v->name, v->pieces, options->maxPieces);
  }
  int *firstAxis = NULL;
  if (!buildClasses(fn, &firstAxis))
    return false;
  for (int i = 0; i < fn->numValues; ++i)
    pvDetectPattern(fn, i);
  nameClasses(fn, firstAxis);
  free(firstAxis);
  applyNames(fn);
  return ok;
}

void pvFunctionClear(PvFunction *fn) {
  for (int i = 0; i < fn->numValues; ++i) {
    PvValue *v = &fn->values[i];
    isl_set_free(v->box);
    isl_set_free(v->domain);
    isl_set_free(v->simple);
    for (int k = 0; k < PV_MAX_OPERANDS; ++k)
      isl_multi_aff_free(v->access[k]);
    for (int k = 0; k < 2; ++k)
      isl_multi_aff_free(v->pattern.access[k]);
  }
  free(fn->values);
  free(fn->classes);
  isl_set_free(fn->context);
  dlcSymbolTableClear(&fn->symbols);
  memset(fn, 0, sizeof(*fn));
}
