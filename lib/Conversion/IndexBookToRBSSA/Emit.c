/* Values of convert-indexbook-to-rbssa: one IndexBook value at one context
 * becomes rbssa ops (spec §6.7 steps 2, 3, 5, 6).
 *
 * Emission is by demand and memoized on (value, context, mode), so a value
 * read twice at the same points is computed once and shared (SSA, step 6).
 * Leaves become rbssa.read with the composed map; a masked view becomes a
 * rbssa.select of its domain; binary and ternary operands are brought to
 * one type with explicit rbssa.broadcast_in_dim and rbssa.cast (§6.4 rule
 * 1). Permutations stay in the read maps: values are always kept in region
 * axis order, so no rbssa.transpose is needed (docs/passes). */
#include "DialectNames.h"
#include "Region.h"

#include "dlc/Diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool unsupported(MlirOperation op, const char *suggestion,
                        const char *why) {
  dlcEmitDiagnostic(op, &dlcUnsupportedOp, suggestion, "%s", why);
  return false;
}

/* --- types and memo ------------------------------------------------------- */

MlirType rbTensorType(RbRegion *r, const RbSpace *space, MlirType elem) {
  int64_t shape[RB_MAX_AXES];
  MlirAttribute names[RB_MAX_AXES];
  bool dynamic = false;
  for (int p = 0; p < space->rank; ++p) {
    const RbAxis *axis = &r->axes[space->axes[p]];
    shape[p] =
        axis->symbol >= 0 ? mlirShapedTypeGetDynamicSize() : axis->extent;
    names[p] = axis->size;
    dynamic |= axis->symbol >= 0;
  }
  /* docs/conventions.md: the encoding names the dims; a fully static
   * tensor may omit it. */
  MlirAttribute encoding = dynamic
                               ? mlirArrayAttrGet(r->ctx, space->rank, names)
                               : mlirAttributeGetNull();
  return mlirRankedTensorTypeGet(space->rank, shape, elem, encoding);
}

RbMemo *rbMemoAdd(RbRegion *r) {
  if (r->numMemo == r->capMemo) {
    int cap = r->capMemo ? 2 * r->capMemo : 32;
    RbMemo *grown = realloc(r->memo, (size_t)cap * sizeof(RbMemo));
    if (!grown)
      return NULL;
    r->memo = grown;
    r->capMemo = cap;
  }
  RbMemo *m = &r->memo[r->numMemo++];
  memset(m, 0, sizeof(*m));
  return m;
}

bool rbContextEqual(const RbContext *a, const RbContext *b) {
  if (a->rank != b->rank)
    return false;
  for (int i = 0; i < a->rank; ++i)
    if (!mlirAffineExprEqual(a->exprs[i], b->exprs[i]))
      return false;
  return true;
}

/* The entry for `source` at `ctx` in exactly this mode. */
static RbMemo *findExact(RbRegion *r, MlirValue source, const RbContext *ctx,
                         const RbSpace *target) {
  for (int i = 0; i < r->numMemo; ++i) {
    RbMemo *m = &r->memo[i];
    if (m->kind == RB_MEMO_VALUE && mlirValueEqual(m->source, source) &&
        m->hasTarget == (target != NULL) && rbContextEqual(&m->ctx, ctx) &&
        (!target || rbSpaceEqual(&m->target, target)))
      return m;
  }
  return NULL;
}

/* Any entry for `source` at `ctx` whose value lies within `within`: a
 * computed value emitted in another mode is shared rather than recomputed
 * (e.g. a row of scores used by both a max and an elementwise op). */
static RbMemo *findShared(RbRegion *r, MlirValue source, const RbContext *ctx,
                          const RbSpace *within) {
  for (int i = 0; i < r->numMemo; ++i) {
    RbMemo *m = &r->memo[i];
    if (m->kind == RB_MEMO_VALUE && mlirValueEqual(m->source, source) &&
        rbContextEqual(&m->ctx, ctx) &&
        rbSpaceIncludes(within, &m->result.space))
      return m;
  }
  return NULL;
}

static RbMemo *findDerived(RbRegion *r, RbMemoKind kind, MlirValue value,
                           const RbSpace *target, MlirType elem) {
  for (int i = 0; i < r->numMemo; ++i) {
    RbMemo *m = &r->memo[i];
    if (m->kind == kind && mlirValueEqual(m->source, value) &&
        (kind != RB_MEMO_BROADCAST || rbSpaceEqual(&m->target, target)) &&
        (kind != RB_MEMO_CAST || mlirTypeEqual(m->elem, elem)))
      return m;
  }
  return NULL;
}

static void rememberDerived(RbRegion *r, RbMemoKind kind, MlirValue value,
                            const RbSpace *target, MlirType elem,
                            RbValue result) {
  RbMemo *m = rbMemoAdd(r);
  if (!m)
    return; /* only sharing is lost */
  m->kind = kind;
  m->source = value;
  if (target)
    m->target = *target;
  m->elem = elem;
  m->result = result;
}

/* --- helper ops ----------------------------------------------------------- */

static RbValue build1(RbRegion *r, const char *name, MlirValue operand,
                      MlirType type, const RbSpace *space, int numAttrs,
                      const char *const *names, const MlirAttribute *attrs) {
  RbValue v;
  v.value =
      dlcBuildValue(&r->b, name, 1, &operand, type, numAttrs, names, attrs);
  v.space = *space;
  return v;
}

bool rbBroadcast(RbRegion *r, RbValue in, const RbSpace *to, RbValue *out) {
  if (rbSpaceEqual(&in.space, to)) {
    *out = in;
    return true;
  }
  if (!rbSpaceIncludes(to, &in.space))
    return false; /* a broadcast only adds axes */
  RbMemo *hit =
      findDerived(r, RB_MEMO_BROADCAST, in.value, to, (MlirType){NULL});
  if (hit) {
    *out = hit->result;
    return true;
  }
  MlirType type = rbTensorType(r, to, rbElementType(in.value));
  MlirOperation def = mlirValueIsAOpResult(in.value)
                          ? mlirOpResultGetOwner(in.value)
                          : (MlirOperation){NULL};
  if (!mlirOperationIsNull(def) && dlcRbssaIsConst(def)) {
    /* A splat is rebuilt over the wider axes: nothing to broadcast. */
    const char *names[] = {"value"};
    MlirAttribute value = rbAttr(def, "value");
    out->value = dlcBuildValue(&r->b, DLC_OP_RBSSA_CONST, 0, NULL, type, 1,
                               names, &value);
    out->space = *to;
  } else {
    int64_t dims[RB_MAX_AXES];
    for (int i = 0; i < in.space.rank; ++i)
      for (int p = 0; p < to->rank; ++p)
        if (to->axes[p] == in.space.axes[i])
          dims[i] = p;
    const char *names[] = {"broadcast_dimensions"};
    MlirAttribute attr = mlirDenseI64ArrayGet(r->ctx, in.space.rank, dims);
    *out = build1(r, DLC_OP_RBSSA_BROADCAST_IN_DIM, in.value, type, to, 1,
                  names, &attr);
  }
  rememberDerived(r, RB_MEMO_BROADCAST, in.value, to, (MlirType){NULL}, *out);
  return true;
}

RbValue rbCastTo(RbRegion *r, RbValue in, MlirType elem) {
  if (mlirTypeEqual(rbElementType(in.value), elem))
    return in;
  RbMemo *hit = findDerived(r, RB_MEMO_CAST, in.value, NULL, elem);
  if (hit)
    return hit->result;
  RbValue out =
      build1(r, DLC_OP_RBSSA_CAST, in.value, rbTensorType(r, &in.space, elem),
             &in.space, 0, NULL, NULL);
  rememberDerived(r, RB_MEMO_CAST, in.value, NULL, elem, out);
  return out;
}

bool rbApplyGuard(RbRegion *r, const RbGuard *guard, RbValue *v,
                  MlirAttribute elseValue) {
  if (guard->count == 0)
    return true;
  RbSpace used, space;
  rbUsedAxes(r, guard->exprs, guard->count, &used);
  if (!rbSpaceUnion(&v->space, &used, &space) || !rbBroadcast(r, *v, &space, v))
    return false;
  const char *names[] = {"pred", "else"};
  MlirAttribute attrs[] = {mlirIntegerSetAttrGet(rbGuardSet(r, guard, &space)),
                           elseValue};
  *v = build1(r, DLC_OP_RBSSA_SELECT, v->value, mlirValueGetType(v->value),
              &space, 2, names, attrs);
  return true;
}

bool rbDomainGuard(RbRegion *r, MlirOperation op, MlirAttribute domain,
                   const RbContext *ctx, RbGuard *guard) {
  intptr_t pieces = mlirArrayAttrGetNumElements(domain);
  if (pieces == 0) {
    /* The empty set: nothing is defined, every point takes `else`. */
    if (guard->count == RB_MAX_GUARD)
      return false;
    guard->exprs[guard->count] = mlirAffineConstantExprGet(r->ctx, -1);
    guard->eqs[guard->count++] = false;
    return true;
  }
  for (intptr_t i = 0; i < pieces; ++i) {
    MlirIntegerSet piece =
        mlirIntegerSetAttrGetValue(mlirArrayAttrGetElement(domain, i));
    if (rbSetImplied(r, piece, ctx))
      return true; /* this piece covers the box: no guard */
  }
  if (pieces > 1) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp,
                      "coalesce the pieces into one integer set (Poly-View) "
                      "or split the value",
                      "the domain is a union of %ld pieces; rbssa.select "
                      "takes one integer set",
                      (long)pieces);
    return false;
  }
  MlirIntegerSet piece =
      mlirIntegerSetAttrGetValue(mlirArrayAttrGetElement(domain, 0));
  if (!rbGuardAddSet(r, piece, ctx, guard)) {
    dlcEmitDiagnostic(op, &dlcUnsupportedOp, "simplify the domain",
                      "the guard needs more than %d constraints", RB_MAX_GUARD);
    return false;
  }
  return true;
}

/* --- leaves --------------------------------------------------------------- */

/* UnguardedAccess (E1402): an unguarded read must stay inside its memref
 * on the whole iteration box. */
static bool checkInBounds(RbRegion *r, int arg, MlirOperation user,
                          const RbContext *ctx) {
  for (int i = 0; i < ctx->rank; ++i) {
    RbSize size = r->argSizes[arg][i];
    if (rbProveInBounds(r, ctx->exprs[i], size))
      continue;
    char expr[128], extent[64];
    rbFormatExpr(ctx->exprs[i], expr, sizeof(expr));
    if (size.symbol >= 0) {
      MlirStringRef s = r->symbols.names[size.symbol];
      snprintf(extent, sizeof(extent), "%.*s", (int)s.length, s.data);
    } else {
      snprintf(extent, sizeof(extent), "%lld", (long long)size.extent);
    }
    dlcEmitDiagnostic(
        user, &dlcUnguardedAccess,
        "mask the access with an indexbook.view whose domain keeps the "
        "in-bounds points (tiny.pad or a masked tiny.view), or fix the map",
        "graph input %d is read at index %s of dim %d (size %s), which may "
        "leave [0, %s) on the iteration space, and no domain guards it",
        arg, expr, i, extent, extent);
    return false;
  }
  return true;
}

static bool emitRead(RbRegion *r, int arg, const RbContext *ctx,
                     const RbSpace *space, RbValue *out) {
  const char *names[] = {"map"};
  MlirAttribute map = mlirAffineMapAttrGet(rbLocalMap(r, ctx, space));
  MlirValue memref = r->args[arg];
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(memref));
  *out = build1(r, DLC_OP_RBSSA_READ, memref, rbTensorType(r, space, elem),
                space, 1, names, &map);
  return true;
}

int rbCutIndex(RbRegion *r, MlirValue value) {
  if (!mlirValueIsNull(r->self) && mlirValueEqual(value, r->self))
    return -1;
  for (int i = 0; i < r->numCuts; ++i)
    if (mlirValueEqual(r->cuts[i], value))
      return i;
  return -1;
}

/* Whether every expression of ctx is a plain region axis: the read takes
 * one element per iteration point (a `deferred` buffer can be handed over
 * in registers or shared memory, §6.7 step 8). */
static bool pointwise(const RbContext *ctx) {
  for (int i = 0; i < ctx->rank; ++i)
    if (!mlirAffineExprIsADim(ctx->exprs[i]))
      return false;
  return true;
}

/* Whether a composed access is semi-affine (a non-SCoP map, d0 * s2). */
static bool semiAffine(const RbContext *ctx) {
  for (int i = 0; i < ctx->rank; ++i)
    if (!mlirAffineExprIsPureAffine(ctx->exprs[i]))
      return true;
  return false;
}

/* The function argument a leaf (or an intermediate buffer) reads, or -1. */
static int leafArgument(RbRegion *r, MlirValue value) {
  int cut = rbCutIndex(r, value);
  if (cut >= 0)
    return r->cutArg[cut];
  if (mlirValueIsAOpResult(value)) {
    MlirOperation def = mlirOpResultGetOwner(value);
    if (!dlcIndexbookIsLeaf(def))
      return -1;
    value = mlirOperationGetOperand(def, 0);
  }
  if (!mlirValueIsABlockArgument(value) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(value), r->sourceBlock))
    return -1;
  return (int)mlirBlockArgumentGetArgNumber(value);
}

static bool emitConst(RbRegion *r, MlirOperation op, const RbSpace *target,
                      RbValue *out) {
  RbSpace space = {0, {0}};
  if (target)
    space = *target;
  MlirAttribute value = rbAttr(op, "value");
  const char *names[] = {"value"};
  MlirType type =
      rbTensorType(r, &space, rbElementType(mlirOperationGetResult(op, 0)));
  out->value =
      dlcBuildValue(&r->b, DLC_OP_RBSSA_CONST, 0, NULL, type, 1, names, &value);
  out->space = space;
  return true;
}

/* --- elementwise ---------------------------------------------------------- */

/* Emits operand i of `op` (whose iteration space is its result's) at ctx. */
static bool emitOperand(RbRegion *r, MlirOperation op, intptr_t i,
                        const RbContext *ctx, const RbSpace *target,
                        bool guarded, RbValue *out) {
  RbContext inner;
  rbCompose(r, rbMapOf(op, i), ctx, &inner);
  return rbEmit(r, mlirOperationGetOperand(op, i), op, &inner, target, guarded,
                out);
}

static bool isConstValue(MlirValue value) {
  return mlirValueIsAOpResult(value) &&
         dlcIndexbookIsConst(mlirOpResultGetOwner(value));
}

/* Emits the n operands of `op`: constants last, directly over the union of
 * the other operands' axes, so a splat is never built and then widened. */
static bool emitOperands(RbRegion *r, MlirOperation op, int n,
                         const RbContext *ctx, const RbSpace *target,
                         bool guarded, RbValue *v) {
  RbSpace space = {0, {0}};
  for (int i = 0; i < n; ++i) {
    if (isConstValue(mlirOperationGetOperand(op, i)))
      continue;
    if (!emitOperand(r, op, i, ctx, target, guarded, &v[i]) ||
        !rbSpaceUnion(&space, &v[i].space, &space))
      return false;
  }
  for (int i = 0; i < n; ++i)
    if (isConstValue(mlirOperationGetOperand(op, i)) &&
        !emitOperand(r, op, i, ctx, target ? target : &space, guarded, &v[i]))
      return false;
  return true;
}

/* Brings values to one space (the union of theirs) by broadcasting. */
static bool unify(RbRegion *r, RbValue *values, int n) {
  RbSpace space = values[0].space;
  for (int i = 1; i < n; ++i)
    if (!rbSpaceUnion(&space, &values[i].space, &space))
      return false;
  for (int i = 0; i < n; ++i)
    if (!rbBroadcast(r, values[i], &space, &values[i]))
      return false;
  return true;
}

static MlirType resultElement(MlirOperation op) {
  return rbElementType(mlirOperationGetResult(op, 0));
}

/* unary {fn = "valid"}: true where the operand's domain holds at the
 * operand's map, i.e. a select of a constant true over the guard's axes. */
static bool emitValid(RbRegion *r, MlirOperation op, const RbContext *ctx,
                      const RbSpace *target, RbValue *out) {
  RbGuard guard;
  guard.count = 0;
  MlirValue x = mlirOperationGetOperand(op, 0);
  if (mlirValueIsAOpResult(x)) {
    MlirOperation def = mlirOpResultGetOwner(x);
    MlirAttribute domain = rbAttr(def, "domain");
    if (mlirAttributeIsNull(domain) || rbIsReduction(def) ||
        !rbValidateOp(r, def, 0))
      return unsupported(def, "compute `valid` of an indexbook.view",
                         "`valid` of a value without a domain");
    RbContext inner;
    rbCompose(r, rbMapOf(op, 0), ctx, &inner);
    if (!rbDomainGuard(r, def, domain, &inner, &guard))
      return false;
  } /* else a graph input: valid everywhere */
  RbSpace space = {0, {0}};
  if (target)
    space = *target;
  else
    rbUsedAxes(r, guard.exprs, guard.count, &space);
  MlirType i1 = mlirIntegerTypeGet(r->ctx, 1);
  const char *names[] = {"value"};
  MlirAttribute yes = mlirIntegerAttrGet(i1, 1);
  r->b.loc = mlirOperationGetLocation(op);
  out->value = dlcBuildValue(&r->b, DLC_OP_RBSSA_CONST, 0, NULL,
                             rbTensorType(r, &space, i1), 1, names, &yes);
  out->space = space;
  return rbApplyGuard(r, &guard, out, mlirIntegerAttrGet(i1, 0));
}

static const char *const unaryFns[] = {"neg",   "exp2", "log2", "sqrt",
                                       "recip", "sin",  NULL};

static bool emitUnary(RbRegion *r, MlirOperation op, const RbContext *ctx,
                      const RbSpace *target, bool guarded, RbValue *out) {
  if (rbStringAttrIs(op, "fn", "valid"))
    return emitValid(r, op, ctx, target, out);
  RbValue x;
  if (!emitOperand(r, op, 0, ctx, target, guarded, &x))
    return false;
  r->b.loc = mlirOperationGetLocation(op);
  if (rbStringAttrIs(op, "fn", "cast")) {
    *out = rbCastTo(r, x, resultElement(op));
    return true;
  }
  for (int i = 0; unaryFns[i]; ++i)
    if (rbStringAttrIs(op, "fn", unaryFns[i])) {
      x = rbCastTo(r, x, resultElement(op));
      const char *names[] = {"fn"};
      MlirAttribute fn = rbStr(r, unaryFns[i]);
      *out = build1(r, DLC_OP_RBSSA_UNARY, x.value, mlirValueGetType(x.value),
                    &x.space, 1, names, &fn);
      return true;
    }
  return unsupported(op, "express the op with supported elementwise ops",
                     "this unary fn has no rbssa counterpart");
}

/* Whether `value` is an indexbook.const equal to zero. */
static bool isZeroConst(MlirValue value) {
  if (!mlirValueIsAOpResult(value))
    return false;
  MlirOperation def = mlirOpResultGetOwner(value);
  if (!dlcIndexbookIsConst(def))
    return false;
  MlirAttribute v = rbAttr(def, "value");
  if (mlirAttributeIsAFloat(v))
    return mlirFloatAttrGetValueDouble(v) == 0.0;
  return mlirAttributeIsAInteger(v) && mlirIntegerAttrGetValueInt(v) == 0;
}

/* max(x, 0) or max(0, x) is ReLU: a named activation the epilogue can
 * match directly (docs/dialects/rbssa.md, rbssa.unary). */
static bool emitRelu(RbRegion *r, MlirOperation op, int xIndex,
                     const RbContext *ctx, const RbSpace *target, bool guarded,
                     RbValue *out) {
  RbValue x;
  if (!emitOperand(r, op, xIndex, ctx, target, guarded, &x))
    return false;
  r->b.loc = mlirOperationGetLocation(op);
  x = rbCastTo(r, x, resultElement(op));
  const char *names[] = {"fn"};
  MlirAttribute fn = rbStr(r, "relu");
  *out = build1(r, DLC_OP_RBSSA_UNARY, x.value, mlirValueGetType(x.value),
                &x.space, 1, names, &fn);
  return true;
}

/* indexbook binary fn -> rbssa op and fn. */
static bool binaryFn(MlirOperation op, const char **opName, const char **fn) {
  static const char *const table[][3] = {
      {"add", DLC_OP_RBSSA_BINARY, "add"},
      {"sub", DLC_OP_RBSSA_BINARY, "sub"},
      {"mul", DLC_OP_RBSSA_BINARY, "mul"},
      {"fdiv", DLC_OP_RBSSA_BINARY, "div"},
      {"max", DLC_OP_RBSSA_BINARY, "max"},
      {"pow", DLC_OP_RBSSA_BINARY, "pow"},
      {"idiv", DLC_OP_RBSSA_BINARY, "div"},
      {"cmplt", DLC_OP_RBSSA_COMPARE, "cmplt"},
      {"cmpne", DLC_OP_RBSSA_COMPARE, "cmpne"}};
  for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); ++i)
    if (rbStringAttrIs(op, "fn", table[i][0])) {
      *opName = table[i][1];
      *fn = table[i][2];
      /* rbssa `div` divides integers like idiv; idiv of floats is not. */
      return !rbStringAttrIs(op, "fn", "idiv") ||
             mlirTypeIsAInteger(resultElement(op));
    }
  return false;
}

static bool emitBinary(RbRegion *r, MlirOperation op, const RbContext *ctx,
                       const RbSpace *target, bool guarded, RbValue *out) {
  if (rbStringAttrIs(op, "fn", "max")) {
    if (isZeroConst(mlirOperationGetOperand(op, 1)))
      return emitRelu(r, op, 0, ctx, target, guarded, out);
    if (isZeroConst(mlirOperationGetOperand(op, 0)))
      return emitRelu(r, op, 1, ctx, target, guarded, out);
  }
  const char *opName, *fn;
  if (!binaryFn(op, &opName, &fn))
    return unsupported(op,
                       "rewrite it (mod: a - b * idiv(a, b)) or end the "
                       "region before it",
                       "this binary fn (mod, or idiv of floats) has no rbssa "
                       "counterpart");
  RbValue v[2];
  if (!emitOperands(r, op, 2, ctx, target, guarded, v))
    return false;
  r->b.loc = mlirOperationGetLocation(op);
  if (!unify(r, v, 2))
    return unsupported(op, "split the computation", "too many axes");
  bool compare = strcmp(opName, DLC_OP_RBSSA_COMPARE) == 0;
  /* §6.4 rule 1: operands of one type; arithmetic promotes to the result
   * element type, a comparison to its left operand's. */
  MlirType elem = compare ? rbElementType(v[0].value) : resultElement(op);
  v[0] = rbCastTo(r, v[0], elem);
  v[1] = rbCastTo(r, v[1], elem);
  MlirType type = rbTensorType(r, &v[0].space, resultElement(op));
  const char *names[] = {"fn"};
  MlirAttribute fnAttr = rbStr(r, fn);
  MlirValue operands[] = {v[0].value, v[1].value};
  out->value =
      dlcBuildValue(&r->b, opName, 2, operands, type, 1, names, &fnAttr);
  out->space = v[0].space;
  return true;
}

static bool emitTernary(RbRegion *r, MlirOperation op, const RbContext *ctx,
                        const RbSpace *target, bool guarded, RbValue *out) {
  if (!rbStringAttrIs(op, "fn", "where"))
    return unsupported(op, "use where", "unknown ternary fn");
  RbValue v[3];
  if (!emitOperands(r, op, 3, ctx, target, guarded, v))
    return false;
  r->b.loc = mlirOperationGetLocation(op);
  if (!unify(r, v, 3))
    return unsupported(op, "split the computation", "too many axes");
  MlirType cond = rbElementType(v[0].value);
  if (!mlirTypeIsAInteger(cond) || mlirIntegerTypeGetWidth(cond) != 1)
    return unsupported(op, "compare first (cmplt/cmpne) to get an i1 mask",
                       "the condition of where is not i1");
  v[1] = rbCastTo(r, v[1], resultElement(op));
  v[2] = rbCastTo(r, v[2], resultElement(op));
  /* A constant condition picks its operand: a causal mask over a single
   * key (Lk = 1) holds everywhere, and a select of a constant would hide
   * the unmasked scores from rbssa-fuse-attention. */
  MlirOperation condOp = mlirValueIsAOpResult(v[0].value)
                             ? mlirOpResultGetOwner(v[0].value)
                             : (MlirOperation){NULL};
  if (!mlirOperationIsNull(condOp) && dlcRbssaIsConst(condOp)) {
    MlirAttribute value = rbAttr(condOp, "value");
    if (mlirAttributeIsABool(value)) {
      *out = mlirBoolAttrGetValue(value) ? v[1] : v[2];
      return true;
    }
  }
  MlirValue operands[] = {v[0].value, v[1].value, v[2].value};
  out->value = dlcBuildValue(&r->b, DLC_OP_RBSSA_SELECT_VALUE, 3, operands,
                             mlirValueGetType(v[1].value), 0, NULL, NULL);
  out->space = v[0].space;
  return true;
}

/* --- dispatch ------------------------------------------------------------- */

/* An elementwise op, const, view or leaf at ctx, then its own domain:
 * points outside hold 0 (docs/dialects/indexbook.md, `domain`). */
static bool emitElementwise(RbRegion *r, MlirOperation op, const RbContext *ctx,
                            const RbSpace *target, bool guarded, RbValue *out) {
  RbGuard guard;
  guard.count = 0;
  if (!rbDomainGuard(r, op, rbAttr(op, "domain"), ctx, &guard))
    return false;
  /* Under a guard only the points inside are evaluated. */
  guarded |= guard.count > 0;
  bool ok;
  if (dlcIndexbookIsConst(op))
    ok = emitConst(r, op, target, out);
  else if (dlcIndexbookIsView(op))
    ok = emitOperand(r, op, 0, ctx, target, guarded, out);
  else if (dlcIndexbookIsUnary(op))
    ok = emitUnary(r, op, ctx, target, guarded, out);
  else if (dlcIndexbookIsBinary(op))
    ok = emitBinary(r, op, ctx, target, guarded, out);
  else
    ok = emitTernary(r, op, ctx, target, guarded, out);
  if (!ok)
    return false;
  r->b.loc = mlirOperationGetLocation(op);
  MlirAttribute zero = rbZero(rbElementType(out->value));
  if (guard.count > 0 && mlirAttributeIsNull(zero))
    return unsupported(op, "use a float or integer element type",
                       "no zero for this element type");
  return rbApplyGuard(r, &guard, out, zero) ||
         unsupported(op, "split the computation", "too many axes");
}

static bool emitOp(RbRegion *r, MlirOperation op, const RbContext *ctx,
                   const RbSpace *target, bool guarded, RbValue *out) {
  static const char *const known[] = {
      DLC_OP_INDEXBOOK_CONST,  DLC_OP_INDEXBOOK_VIEW,    DLC_OP_INDEXBOOK_UNARY,
      DLC_OP_INDEXBOOK_BINARY, DLC_OP_INDEXBOOK_TERNARY, NULL};
  if (rbIsReduction(op))
    return rbEmitReduction(r, op, ctx, out);
  for (int i = 0; known[i]; ++i)
    if (dlcOperationIsA(op, known[i]))
      return rbValidateOp(r, op, 0) &&
             emitElementwise(r, op, ctx, target, guarded, out);
  char why[160];
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  snprintf(why, sizeof(why),
           "'%.*s' is not an IndexBook op that convert-indexbook-to-rbssa "
           "handles",
           (int)name.length, name.data);
  return unsupported(op,
                     "lower the graph to indexbook first "
                     "(convert-tiny-to-indexbook)",
                     why);
}

static bool emitLeaf(RbRegion *r, MlirValue source, MlirOperation user,
                     const RbContext *ctx, const RbSpace *target, bool guarded,
                     RbValue *out) {
  int arg = leafArgument(r, source);
  MlirOperation def = mlirValueIsAOpResult(source)
                          ? mlirOpResultGetOwner(source)
                          : (MlirOperation){NULL};
  int cut = rbCutIndex(r, source);
  if (arg < 0)
    return unsupported(mlirOperationIsNull(def) ? user : def,
                       "read graph inputs through indexbook.leaf",
                       "a leaf must read an argument of the function");
  if (cut < 0 && !mlirOperationIsNull(def) && !rbValidateOp(r, def, 0))
    return false;
  if (cut >= 0 && !pointwise(ctx))
    r->cutGather[cut] = true;
  /* A semi-affine (non-SCoP) access is outside what the bounds can prove: its
   * bounds rest on relations between symbols (L = M * K of a reshape) that the
   * graph asserts (docs/passes, "Several regions"). */
  if (!guarded && !semiAffine(ctx) && !checkInBounds(r, arg, user, ctx))
    return false;
  /* A read is fixed by its map and its space, whatever the mode. */
  RbSpace space;
  if (target)
    space = *target;
  else
    rbUsedAxes(r, ctx->exprs, ctx->rank, &space);
  for (int i = 0; i < r->numMemo; ++i) {
    RbMemo *m = &r->memo[i];
    if (m->kind == RB_MEMO_VALUE && mlirValueEqual(m->source, source) &&
        rbContextEqual(&m->ctx, ctx) &&
        rbSpaceEqual(&m->result.space, &space)) {
      *out = m->result;
      return true;
    }
  }
  r->b.loc = mlirOperationGetLocation(mlirOperationIsNull(def) ? user : def);
  if (!emitRead(r, arg, ctx, &space, out))
    return false;
  RbMemo *m = rbMemoAdd(r);
  if (m) {
    m->source = source;
    m->ctx = *ctx;
    m->hasTarget = target != NULL;
    if (target)
      m->target = *target;
    m->result = *out;
  }
  return true;
}

static bool emitValue(RbRegion *r, MlirValue source, MlirOperation user,
                      const RbContext *ctx, const RbSpace *target, bool guarded,
                      RbValue *out) {
  MlirOperation op = mlirValueIsAOpResult(source) ? mlirOpResultGetOwner(source)
                                                  : (MlirOperation){NULL};
  if (mlirOperationIsNull(op) || dlcIndexbookIsLeaf(op) ||
      rbCutIndex(r, source) >= 0)
    return emitLeaf(r, source, user, ctx, target, guarded, out);
  /* Inside a reduction body, a value computed from another reduction and
   * broadcast along the body's axes (tinygrad's mul + reduce chain of two
   * GEMMs) comes from an earlier region, as a contraction's operand does
   * (Reduce.c): the driver splits here. */
  if (target && rbNeedsBoundary(r, source, ctx, target)) {
    r->request = source; /* no diagnostic */
    return false;
  }
  /* A reduction's result depends only on the axes its context uses: it is
   * emitted once, minimal, and broadcast where a body needs it. */
  const RbSpace *key = rbIsReduction(op) ? NULL : target;
  RbSpace within;
  if (target)
    within = *target;
  else
    rbUsedAxes(r, ctx->exprs, ctx->rank, &within);
  RbMemo *hit = findExact(r, source, ctx, key);
  if (!hit && !dlcIndexbookIsConst(op))
    hit = findShared(r, source, ctx, &within);
  RbValue v;
  if (hit) {
    v = hit->result;
  } else {
    if (!emitOp(r, op, ctx, key, guarded, &v))
      return false;
    RbMemo *m = rbMemoAdd(r);
    if (m) {
      m->source = source;
      m->ctx = *ctx;
      m->hasTarget = key != NULL;
      if (key)
        m->target = *key;
      m->result = v;
    }
  }
  if (target && !rbBroadcast(r, v, target, &v))
    return unsupported(op, "split the computation",
                       "the value does not fit the reduction body");
  *out = v;
  return true;
}

bool rbEmit(RbRegion *r, MlirValue source, MlirOperation user,
            const RbContext *ctx, const RbSpace *target, bool guarded,
            RbValue *out) {
  if (r->depth == RB_MAX_DEPTH)
    return unsupported(user, "split the graph into several regions",
                       "the graph is deeper than the conversion's limit of "
                       "1000 nested values");
  ++r->depth;
  bool ok = emitValue(r, source, user, ctx, target, guarded, out);
  --r->depth;
  return ok;
}
