/* Collecting a module's functions; see FunctionList.h. */
#include "FunctionList.h"
#include "Array.h"

#include "dlc/IR.h"

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
