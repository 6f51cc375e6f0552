/* tiny-verify: runs the tiny semantic checks (TinyChecks.c) on every op;
 * changes nothing and fails if any check fails. */
#include "PassDef.h"
#include "TinyChecks.h"

typedef struct {
  bool failed;
} VerifyState;

static MlirWalkResult verifyOp(MlirOperation op, void *userData) {
  VerifyState *state = userData;
  if (!dlcTinyCheckOp(op))
    state->failed = true;
  return MlirWalkResultAdvance;
}

static void runVerifyTiny(MlirOperation op, MlirExternalPass pass,
                          const DlcPassOptions *options) {
  (void)options;
  VerifyState state = {false};
  mlirOperationWalk(op, verifyOp, &state, MlirWalkPreOrder);
  if (state.failed)
    mlirExternalPassSignalFailure(pass);
}

const DlcPassDef dlcTinyVerifyPass = {
    {"tiny-verify",
     "Check tiny semantics IRDL cannot: symbolic shapes, right-aligned "
     "broadcasting (E1001), element types (E1008), accumulator dtypes",
     "", 0, NULL},
    runVerifyTiny,
};
