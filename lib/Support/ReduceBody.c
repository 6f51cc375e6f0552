/* The accumulator rule's walk over a reduce's body (ReduceBody.h). */
#include "ReduceBody.h"
#include "DialectNames.h"

#include "dlc/IR.h"

static bool hasOneUse(MlirValue value) {
  MlirOpOperand use = mlirValueGetFirstUse(value);
  return !mlirOpOperandIsNull(use) &&
         mlirOpOperandIsNull(mlirOpOperandGetNextUse(use));
}

static bool named(MlirOperation op, const char *name) {
  return dlcStringRefIs(mlirIdentifierStr(mlirOperationGetName(op)), name);
}

bool dlcReduceBodyWiden(MlirOperation reduce, DlcReduceBodyNarrow narrow,
                        DlcReduceBodyVisit visit, void *userData) {
  if (mlirOperationGetNumOperands(reduce) != 1)
    return true; /* malformed: reported where the reduce is read */
  MlirValue value = mlirOperationGetOperand(reduce, 0);
  while (mlirValueIsAOpResult(value) && hasOneUse(value)) {
    MlirOperation producer = mlirOpResultGetOwner(value);
    /* Widening casts and transposes between the product and the reduce
     * (tinygrad's cast-widened product) do not round it. */
    if (named(producer, DLC_OP_RBSSA_CAST) ||
        named(producer, DLC_OP_RBSSA_TRANSPOSE)) {
      value = mlirOperationGetOperand(producer, 0);
      continue;
    }
    if (!narrow(value, userData))
      return true;
    bool isSelect = named(producer, DLC_OP_RBSSA_SELECT);
    if (!isSelect && !named(producer, DLC_OP_RBSSA_BINARY) &&
        !named(producer, DLC_OP_RBSSA_UNARY))
      return true;
    if (!visit(producer, userData))
      return false;
    if (!isSelect || mlirOperationGetNumOperands(producer) != 1)
      return true;
    value = mlirOperationGetOperand(producer, 0);
  }
  return true;
}
