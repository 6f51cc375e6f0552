/* Collecting a module's functions; see FunctionList.h. */
#include "FunctionList.h"
#include "Array.h"

#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

typedef struct Walk {
  DlcFunctionList *list;
  bool (*take)(MlirOperation func);
} Walk;

static MlirWalkResult visit(MlirOperation op, void *userData) {
  Walk *w = userData;
  if (!dlcOperationIsA(op, "func.func"))
    return MlirWalkResultAdvance;
  if (!w->take(op))
    return MlirWalkResultSkip;
  DlcFunctionList *list = w->list;
  MlirOperation *grown = dlcArrayGrow(list->funcs, &list->capacity,
                                      list->count + 1, sizeof(*grown));
  if (!grown) {
    list->outOfMemory = true;
    return MlirWalkResultInterrupt;
  }
  list->funcs = grown;
  list->funcs[list->count++] = op;
  return MlirWalkResultSkip;
}

void dlcFunctionListCollect(DlcFunctionList *list, MlirOperation root,
                            bool (*take)(MlirOperation func)) {
  Walk w = {list, take};
  mlirOperationWalk(root, visit, &w, MlirWalkPreOrder);
}

void dlcFunctionListClear(DlcFunctionList *list) {
  free(list->funcs);
  *list = (DlcFunctionList){0};
}

MlirOperation *dlcBlockOpsCollect(MlirBlock block,
                                  bool (*take)(MlirOperation op),
                                  intptr_t *count) {
  intptr_t n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    n += !take || take(op);
  MlirOperation *ops = malloc((size_t)n * sizeof(*ops) + 1);
  if (!ops)
    abort(); /* out of memory: MLIR itself cannot go on either */
  n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (!take || take(op))
      ops[n++] = op;
  *count = n;
  return ops;
}

void dlcFunctionTypeUpdate(MlirOperation func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation ret = mlirBlockGetTerminator(body);
  intptr_t ni = mlirBlockGetNumArguments(body);
  intptr_t nr = mlirOperationIsNull(ret) ? 0 : mlirOperationGetNumOperands(ret);
  MlirType *types = malloc((size_t)(ni + nr) * sizeof(*types) + 1);
  if (!types)
    abort(); /* out of memory: MLIR itself cannot go on either */
  for (intptr_t i = 0; i < ni; ++i)
    types[i] = mlirValueGetType(mlirBlockGetArgument(body, i));
  for (intptr_t i = 0; i < nr; ++i)
    types[ni + i] = mlirValueGetType(mlirOperationGetOperand(ret, i));
  mlirOperationSetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type"),
      mlirTypeAttrGet(mlirFunctionTypeGet(mlirOperationGetContext(func), ni,
                                          types, nr, types + ni)));
  free(types);
}
