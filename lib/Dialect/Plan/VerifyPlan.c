/* plan-verify: checks every plan.schedule against the plan contract (spec
 * §8.1; DESIGN.md decision 10: the plan is the contract between the
 * planner and the skeletons). IRDL checks each field's attribute kind; this
 * pass checks what IRDL cannot: the entries of arrays and dictionaries,
 * positive and consistent tile, warp-tile and stage values, and the
 * module target's limits (threads, shared memory, family, TMA for
 * mbarrier). Every violation is E1604 PlanContractViolation at the
 * schedule; the pass changes nothing. docs/passes/plan-verify.md. */
#include "DialectNames.h"
#include "PassDef.h"
#include "PlanSchedule.h"
#include "Target.h"
#include "dlc/IR.h"

#include "dlc/Diagnostics.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

enum { kDefaultElementBytes = 2 }; /* f16/bf16, what mma.sync multiplies */

static int typeBytes(MlirType type) {
  if (mlirTypeIsAShaped(type))
    type = mlirShapedTypeGetElementType(type);
  unsigned bits = mlirTypeIsAFloat(type)     ? mlirFloatTypeGetWidth(type)
                  : mlirTypeIsAInteger(type) ? mlirIntegerTypeGetWidth(type)
                                             : 0;
  return bits >= 8 && bits <= 64 ? (int)(bits / 8) : kDefaultElementBytes;
}

/* The element size of the operand the first cache entry stages: the
 * argument of the enclosing region function with that rbssa.name. f16
 * when the schedule stands alone. */
static int operandBytes(MlirOperation schedule, const DlcPlan *plan) {
  MlirOperation func = schedule;
  while (!mlirOperationIsNull(func) && !dlcOperationIsA(func, "func.func"))
    func = mlirOperationGetParentOperation(func);
  if (mlirOperationIsNull(func) || plan->numCache == 0)
    return kDefaultElementBytes;
  MlirAttribute argAttrs = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("arg_attrs"));
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirAttributeIsNull(argAttrs) || !mlirAttributeIsAArray(argAttrs) ||
      mlirBlockIsNull(entry))
    return kDefaultElementBytes;
  intptr_t n = mlirArrayAttrGetNumElements(argAttrs);
  for (intptr_t i = 0; i < n && i < mlirBlockGetNumArguments(entry); ++i) {
    MlirAttribute dict = mlirArrayAttrGetElement(argAttrs, i);
    MlirAttribute name = dlcDictionaryAttrGet(dict, "rbssa.name");
    if (!mlirAttributeIsNull(name) && mlirAttributeIsAString(name) &&
        mlirStringRefEqual(
            mlirStringAttrGetValue(name),
            mlirStringRefCreateFromCString(plan->cache[0].tensor)))
      return typeBytes(mlirValueGetType(mlirBlockGetArgument(entry, i)));
  }
  return kDefaultElementBytes;
}

static void verifySchedule(MlirOperation op, bool *failed) {
  char error[512];
  const DlcTarget *target = dlcTargetOfOperation(op);
  if (!target) {
    char chips[128];
    dlcTargetListChips(chips, sizeof(chips));
    dlcEmitDiagnostic(
        op, &dlcPlanContractViolation,
        "record a known chip with convert-rbssa-to-plan{chip=...}",
        "the module's " DLC_TARGET_ATTR " is not a known chip (known: %s)",
        chips);
    *failed = true;
    return;
  }
  DlcTarget figures;
  if (!dlcTargetFiguresOfOperation(op, &figures)) {
    dlcEmitDiagnostic(op, &dlcPlanContractViolation,
                      "record it with convert-rbssa-to-plan{device=sms=N}",
                      "the module's " DLC_TARGET_SMS_ATTR
                      " is not a positive integer SM count");
    *failed = true;
    return;
  }
  DlcPlan plan;
  if (!dlcPlanScheduleRead(op, &plan, error, sizeof(error)) ||
      !dlcPlanCheck(&plan, &figures, operandBytes(op, &plan), error,
                    sizeof(error))) {
    dlcEmitDiagnostic(op, &dlcPlanContractViolation,
                      "fix the schedule or re-plan with "
                      "convert-rbssa-to-plan; docs/passes/plan-verify.md "
                      "lists every check",
                      "%s", error);
    *failed = true;
  }
}

static MlirWalkResult verifyOp(MlirOperation op, void *userData) {
  if (dlcPlanIsSchedule(op))
    verifySchedule(op, userData);
  return MlirWalkResultAdvance;
}

static void runVerifyPlan(MlirOperation op, MlirExternalPass pass,
                          const DlcPassOptions *options) {
  (void)options;
  bool failed = false;
  mlirOperationWalk(op, verifyOp, &failed, MlirWalkPreOrder);
  if (failed)
    mlirExternalPassSignalFailure(pass);
}

const DlcPassDef dlcPlanVerifyPass = {
    {"plan-verify",
     "Check every plan.schedule against the plan contract and the module "
     "target (E1604): entries, tile/warp-tile/stage values, threads, shared "
     "memory, arch, barrier model",
     "builtin.module", 0, NULL},
    runVerifyPlan,
};
