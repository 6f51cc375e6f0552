/* Op building helpers over MlirOperationState. */
#include "Builder.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

DlcBuilder dlcBuilderAtEnd(MlirBlock block, MlirLocation loc) {
  DlcBuilder b = {mlirLocationGetContext(loc), loc, block, {NULL}};
  return b;
}

DlcBuilder dlcBuilderBefore(MlirOperation op) {
  MlirLocation loc = mlirOperationGetLocation(op);
  DlcBuilder b = {mlirLocationGetContext(loc), loc, mlirOperationGetBlock(op),
                  op};
  return b;
}

static void insert(DlcBuilder *b, MlirOperation op) {
  if (!mlirOperationIsNull(b->before))
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, op);
  else
    mlirBlockAppendOwnedOperation(b->block, op);
}

static MlirOperationState
makeState(DlcBuilder *b, const char *name, intptr_t numOperands,
          const MlirValue *operands, intptr_t numResults,
          const MlirType *resultTypes, intptr_t numAttributes,
          const char *const *attributeNames, const MlirAttribute *attributes) {
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), b->loc);
  mlirOperationStateAddOperands(&state, numOperands, operands);
  mlirOperationStateAddResults(&state, numResults, resultTypes);
  for (intptr_t i = 0; i < numAttributes; ++i) {
    MlirNamedAttribute named = mlirNamedAttributeGet(
        mlirIdentifierGet(b->ctx,
                          mlirStringRefCreateFromCString(attributeNames[i])),
        attributes[i]);
    mlirOperationStateAddAttributes(&state, 1, &named);
  }
  return state;
}

MlirOperation dlcBuild(DlcBuilder *b, const char *name, intptr_t numOperands,
                       const MlirValue *operands, intptr_t numResults,
                       const MlirType *resultTypes, intptr_t numAttributes,
                       const char *const *attributeNames,
                       const MlirAttribute *attributes) {
  MlirOperationState state =
      makeState(b, name, numOperands, operands, numResults, resultTypes,
                numAttributes, attributeNames, attributes);
  MlirOperation op = mlirOperationCreate(&state);
  insert(b, op);
  return op;
}

MlirValue dlcBuildValue(DlcBuilder *b, const char *name, intptr_t numOperands,
                        const MlirValue *operands, MlirType resultType,
                        intptr_t numAttributes,
                        const char *const *attributeNames,
                        const MlirAttribute *attributes) {
  MlirOperation op = dlcBuild(b, name, numOperands, operands, 1, &resultType,
                              numAttributes, attributeNames, attributes);
  return mlirOperationGetResult(op, 0);
}

MlirAttribute dlcStringAttr(MlirContext ctx, const char *s) {
  return mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(s));
}

MlirAttribute dlcI64Attr(MlirContext ctx, int64_t value) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), value);
}

MlirNamedAttribute dlcNamedAttr(MlirContext ctx, const char *name,
                                MlirAttribute value) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), value);
}

MlirAttribute dlcAttr(MlirContext ctx, const char *text) {
  return mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(text));
}

MlirType dlcType(MlirContext ctx, const char *text) {
  return mlirTypeParseGet(ctx, mlirStringRefCreateFromCString(text));
}

static MlirValue constant(DlcBuilder *b, MlirType type, MlirAttribute value) {
  const char *names[] = {"value"};
  return dlcBuildValue(b, "arith.constant", 0, NULL, type, 1, names, &value);
}

MlirValue dlcConstIndex(DlcBuilder *b, int64_t value) {
  MlirType index = mlirIndexTypeGet(b->ctx);
  return constant(b, index, mlirIntegerAttrGet(index, value));
}

MlirValue dlcConstInt(DlcBuilder *b, MlirType type, int64_t value) {
  return constant(b, type, mlirIntegerAttrGet(type, value));
}

MlirValue dlcConstFloat(DlcBuilder *b, MlirType type, double value) {
  return constant(b, type, mlirFloatAttrDoubleGet(b->ctx, type, value));
}

MlirValue dlcArith(DlcBuilder *b, const char *name, MlirValue lhs,
                   MlirValue rhs) {
  MlirValue operands[] = {lhs, rhs};
  return dlcBuildValue(b, name, 2, operands, mlirValueGetType(lhs), 0, NULL,
                       NULL);
}

MlirValue dlcCmpI(DlcBuilder *b, const char *predicate, MlirValue lhs,
                  MlirValue rhs) {
  /* arith::CmpIPredicate values, in enum order. */
  static const char *const predicates[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                           "sge", "ult", "ule", "ugt", "uge"};
  int64_t code = 0;
  for (int64_t i = 0; i < 10; ++i)
    if (strcmp(predicates[i], predicate) == 0)
      code = i;
  MlirAttribute attr = mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), code);
  const char *names[] = {"predicate"};
  MlirValue operands[] = {lhs, rhs};
  return dlcBuildValue(b, "arith.cmpi", 2, operands,
                       mlirIntegerTypeGet(b->ctx, 1), 1, names, &attr);
}

MlirValue dlcSelect(DlcBuilder *b, MlirValue cond, MlirValue a, MlirValue c) {
  MlirValue operands[] = {cond, a, c};
  return dlcBuildValue(b, "arith.select", 3, operands, mlirValueGetType(a), 0,
                       NULL, NULL);
}

MlirValue dlcBitSet(DlcBuilder *b, MlirValue value, int64_t mask) {
  MlirType type = mlirValueGetType(value);
  MlirValue masked =
      dlcArith(b, "arith.andi", value, dlcConstInt(b, type, mask));
  return dlcCmpI(b, "ne", masked, dlcConstInt(b, type, 0));
}

MlirValue dlcIndexCast(DlcBuilder *b, MlirValue value, MlirType to) {
  return dlcBuildValue(b, "arith.index_cast", 1, &value, to, 0, NULL, NULL);
}

void dlcBuildFenceGpu(DlcBuilder *b) {
  const char *names[] = {"scope"};
  MlirAttribute scope = dlcAttr(b->ctx, "#nvvm.mem_scope<gpu>");
  dlcBuild(b, "nvvm.memory.barrier", 0, NULL, 0, NULL, 1, names, &scope);
}

MlirValue dlcBuildAtomicAddI32(DlcBuilder *b, MlirValue memref, MlirValue index,
                               int64_t value) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue operands[] = {dlcConstInt(b, i32, value), memref, index};
  const char *names[] = {"kind"};
  /* arith::AtomicRMWKind::addi */
  MlirAttribute kind = mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 1);
  return dlcBuildValue(b, "memref.atomic_rmw", 3, operands, i32, 1, names,
                       &kind);
}

void dlcBuildPollAtLeast(DlcBuilder *b, MlirValue memref, MlirValue index,
                         MlirValue count) {
  MlirBlock before, after;
  dlcBuildWhile(b, 0, NULL, &before, &after);
  DlcBuilder in = dlcBuilderAtEnd(before, b->loc);
  MlirValue now = dlcIndexCast(&in, dlcBuildAtomicAddI32(&in, memref, index, 0),
                               mlirIndexTypeGet(b->ctx));
  MlirValue waiting = dlcCmpI(&in, "slt", now, count);
  dlcBuild(&in, "scf.condition", 1, &waiting, 0, NULL, 0, NULL, NULL);
  DlcBuilder next = dlcBuilderAtEnd(after, b->loc);
  dlcBuild(&next, "scf.yield", 0, NULL, 0, NULL, 0, NULL, NULL);
}

void dlcBuildFenceAcqRelGpu(DlcBuilder *b) {
  const char *names[] = {"ordering", "syncscope"};
  MlirAttribute attrs[] = {
      /* LLVM::AtomicOrdering::acq_rel */
      mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 6),
      mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString("device"))};
  dlcBuild(b, "llvm.fence", 0, NULL, 0, NULL, 2, names, attrs);
}

MlirOperation
dlcBuildWithRegion(DlcBuilder *b, const char *name, intptr_t numOperands,
                   const MlirValue *operands, intptr_t numResults,
                   const MlirType *resultTypes, intptr_t numAttributes,
                   const char *const *attributeNames,
                   const MlirAttribute *attributes, intptr_t numBlockArgs,
                   const MlirType *blockArgTypes, MlirBlock *body) {
  MlirOperationState state =
      makeState(b, name, numOperands, operands, numResults, resultTypes,
                numAttributes, attributeNames, attributes);
  MlirLocation *locs = calloc((size_t)numBlockArgs + 1, sizeof(MlirLocation));
  for (intptr_t i = 0; i < numBlockArgs; ++i)
    locs[i] = b->loc;
  MlirRegion region = mlirRegionCreate();
  *body = mlirBlockCreate(numBlockArgs, blockArgTypes, locs);
  free(locs);
  mlirRegionAppendOwnedBlock(region, *body);
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirOperation op = mlirOperationCreate(&state);
  insert(b, op);
  return op;
}

MlirOperation dlcBuildFor(DlcBuilder *b, MlirValue lb, MlirValue ub,
                          MlirValue step, intptr_t numInits,
                          const MlirValue *inits, MlirBlock *body) {
  enum { MaxInits = 64 };
  MlirValue operands[MaxInits + 3] = {lb, ub, step};
  MlirType types[MaxInits + 1] = {mlirValueGetType(lb)};
  if (numInits > MaxInits)
    numInits = MaxInits;
  for (intptr_t i = 0; i < numInits; ++i) {
    operands[3 + i] = inits[i];
    types[1 + i] = mlirValueGetType(inits[i]);
  }
  return dlcBuildWithRegion(b, "scf.for", 3 + numInits, operands, numInits,
                            types + 1, 0, NULL, NULL, 1 + numInits, types,
                            body);
}

MlirOperation dlcBuildWhile(DlcBuilder *b, intptr_t numInits,
                            const MlirValue *inits, MlirBlock *before,
                            MlirBlock *after) {
  enum { MaxInits = 16 };
  MlirType types[MaxInits];
  MlirLocation locs[MaxInits];
  if (numInits > MaxInits)
    numInits = MaxInits;
  for (intptr_t i = 0; i < numInits; ++i) {
    types[i] = mlirValueGetType(inits[i]);
    locs[i] = b->loc;
  }
  MlirOperationState state = makeState(b, "scf.while", numInits, inits,
                                       numInits, types, 0, NULL, NULL);
  MlirRegion regions[2] = {mlirRegionCreate(), mlirRegionCreate()};
  *before = mlirBlockCreate(numInits, types, locs);
  *after = mlirBlockCreate(numInits, types, locs);
  mlirRegionAppendOwnedBlock(regions[0], *before);
  mlirRegionAppendOwnedBlock(regions[1], *after);
  mlirOperationStateAddOwnedRegions(&state, 2, regions);
  MlirOperation op = mlirOperationCreate(&state);
  insert(b, op);
  return op;
}

static MlirOperation buildIf(DlcBuilder *b, MlirValue cond, intptr_t numResults,
                             const MlirType *types, MlirBlock *thenBlock,
                             MlirBlock *elseBlock) {
  MlirOperationState state =
      makeState(b, "scf.if", 1, &cond, numResults, types, 0, NULL, NULL);
  MlirRegion regions[2] = {mlirRegionCreate(), mlirRegionCreate()};
  *thenBlock = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(regions[0], *thenBlock);
  if (elseBlock) {
    *elseBlock = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(regions[1], *elseBlock);
  }
  mlirOperationStateAddOwnedRegions(&state, 2, regions);
  MlirOperation op = mlirOperationCreate(&state);
  insert(b, op);
  return op;
}

MlirOperation dlcBuildIf(DlcBuilder *b, MlirValue cond, MlirBlock *thenBlock) {
  return buildIf(b, cond, 0, NULL, thenBlock, NULL);
}

MlirOperation dlcBuildIfElse(DlcBuilder *b, MlirValue cond, intptr_t numResults,
                             const MlirType *types, MlirBlock *thenBlock,
                             MlirBlock *elseBlock) {
  return buildIf(b, cond, numResults, types, thenBlock, elseBlock);
}
