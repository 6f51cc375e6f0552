/* The functions a module pass works on, collected before it changes the
 * module (converting inserts and erases functions): one walk for every
 * pass instead of one per pass. Internal. */
#ifndef DLC_LIB_SUPPORT_FUNCTIONLIST_H
#define DLC_LIB_SUPPORT_FUNCTIONLIST_H

#include "mlir-c/IR.h"

#include <stdbool.h>

typedef struct DlcFunctionList {
  MlirOperation *funcs; /* owned array of borrowed ops */
  int count, capacity;
  bool outOfMemory; /* then `funcs` holds those found before */
} DlcFunctionList;

/* Appends the func.func ops under `root` (itself included) that `take`
 * accepts, in walk order; a function's body is not looked into. */
void dlcFunctionListCollect(DlcFunctionList *list, MlirOperation root,
                            bool (*take)(MlirOperation func));

/* The ops of `block` that `take` accepts (NULL: every op), in order, as a
 * new array given to the caller (free it; never NULL: aborts without
 * memory), their count in *count: a list to change the block by. */
MlirOperation *dlcBlockOpsCollect(MlirBlock block,
                                  bool (*take)(MlirOperation op),
                                  intptr_t *count);

/* Sets `func`'s function_type from its entry block's argument types and
 * the types its return gives back (after a pass changed some of them). */
void dlcFunctionTypeUpdate(MlirOperation func);

/* Frees the array; the list is empty afterwards. */
void dlcFunctionListClear(DlcFunctionList *list);

#endif /* DLC_LIB_SUPPORT_FUNCTIONLIST_H */
